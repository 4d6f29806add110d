"""Where's That Bulb?: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import WheresThatBulb

SPEC = register(
    GameSpec(
        rules=WheresThatBulb,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="A memory game: flip two cards and find the matching bulbs.",
        order=10,
        badges=("Christmas Lights deck",),
        hard=HardSettings(depth=60),
        long=True,
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "WheresThatBulb"]
