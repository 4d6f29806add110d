"""Christmas Lights: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
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
        hard=HardSettings(depth=40, flat=True),
        long=True,
    )
)

__all__ = ["SPEC", "ChristmasLights"]
