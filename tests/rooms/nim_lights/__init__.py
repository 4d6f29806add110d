"""Nim Lights: the room of the test-only game — its rules (``rules``), view schema
(``view``), table model (``table``), terminal text (``text``) and bot (``bot``), and the
manifest below that every layer reads. Importing this package registers the game (the
tests' fixture imports it, and unregisters the game after its module)."""

from yuletide.core.manifest import GameSpec
from yuletide.core.registry import register

from .rules import NimLights

SPEC = register(
    GameSpec(
        rules=NimLights,
        package=__name__,
        box="Yuletide test rooms",
        pitch="A tiny shedding game: follow the lit bulb's colour and be first to empty your hand.",
        order=1000,
    )
)

__all__ = ["SPEC", "NimLights"]
