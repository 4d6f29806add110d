"""Jingle Bell Run: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings, OptionalRule
from yuletide.core.registry import register

from .rules import JingleBellRun
from .usage import retreats

SPEC = register(
    GameSpec(
        rules=JingleBellRun,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Race your character across a 4 x 4 grid of Pattern cards to the far corner.",
        order=10,
        badges=("Christmas Lights deck",),
        hard=HardSettings(depth=40, flat=True),
        long=True,
        optional_rules=(
            OptionalRule(
                "retreat",
                "move away from the finish line",
                count=retreats,
                bots_use=False,
                why="the bots only ever move towards their finish line",
            ),
        ),
    )
)

__all__ = ["SPEC", "JingleBellRun"]
