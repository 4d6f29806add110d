"""Lights On: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings, NamedBot
from yuletide.core.registry import register

from .rules import LightsOnGame

SPEC = register(
    GameSpec(
        rules=LightsOnGame,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch=(
            "Real time, two teams of two: collect four alike and signal your partner in secret."
        ),
        order=10,
        badges=("Christmas Lights deck",),
        real_time=True,
        simultaneous=True,
        hard=HardSettings(depth=40),
        bots=(
            NamedBot(
                "lights-on-team", "Team bot", "signals its partner and answers its partner's signal"
            ),
        ),
    )
)

__all__ = ["SPEC", "LightsOnGame"]
