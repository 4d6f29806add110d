"""Untangle: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import Untangle

SPEC = register(
    GameSpec(
        rules=Untangle,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Swap bulbs in a shared knot to find your secret patterns first.",
        order=10,
        badges=("Christmas Lights deck",),
        hard=HardSettings(depth=20),
        long=True,
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "Untangle"]
