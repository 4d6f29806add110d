"""Reindeer's Nose: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import ReindeersNose

SPEC = register(
    GameSpec(
        rules=ReindeersNose,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch=(
            "Real time: pass cards to your left until you hold four of a colour, then point "
            "to your nose."
        ),
        order=10,
        badges=("Christmas Lights deck",),
        real_time=True,
        hard=HardSettings(depth=60),
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "ReindeersNose"]
