"""Christmas Lights: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings, OptionalRule
from yuletide.core.registry import register

from .rules import ChristmasLights

SPEC = register(
    GameSpec(
        rules=ChristmasLights,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch=(
            "You see every hand but your own: swap, buy and ask your way to finished strings "
            "of lights."
        ),
        order=0,
        badges=("The main game",),
        simultaneous=True,
        hard=HardSettings(depth=40, flat=True, rough=True),
        long=True,
        encode=True,  # encode.py: the fast observation path (docs/rl.md)
        optional_rules=(
            OptionalRule(
                "free_actions",
                "free action (a mark or a move in the hand)",
                events=("mark", "move"),
                bots_use=False,
                why=(
                    "the bots remember what they know of their cards without marks, and"
                    " a mark only tells the others"
                ),
            ),
        ),
    )
)

__all__ = ["SPEC", "ChristmasLights"]
