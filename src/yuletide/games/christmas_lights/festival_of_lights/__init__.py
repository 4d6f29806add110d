"""Festival of Lights: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import FestivalOfLights

SPEC = register(
    GameSpec(
        rules=FestivalOfLights,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Everyone chooses a card at once: draft the lights your Pattern card needs.",
        order=10,
        badges=("Christmas Lights deck",),
        simultaneous=True,
        hard=HardSettings(depth=12),
        encode=True,  # encode.py: the fast observation path (docs/rl.md)
    )
)

__all__ = ["SPEC", "FestivalOfLights"]
