"""Solo Lights: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import Difficulty, GameSpec, NamedBot, OptionalRule
from yuletide.core.registry import register

from .rules import SoloLights

SPEC = register(
    GameSpec(
        rules=SoloLights,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Solo: fix five strings of lights before Santa arrives.",
        order=10,
        badges=("Christmas Lights deck",),
        solo=True,
        bots=(NamedBot("solo-greedy", "Greedy bot", "plays one move at a time by rules of thumb"),),
        difficulties=(
            Difficulty(
                "easier: 6 characters, no Power Surge", {"characters": 6, "power_surge": False}
            ),
            Difficulty("standard"),
            Difficulty("harder: 4 characters", {"characters": 4}),
            Difficulty("harder: in sequence", {"in_sequence": True}),
            Difficulty("harder: 6 strings", {"strings": 6}),
        ),
        difficulty_options=(
            {},
            {"strings": 6},
            {"characters": 4},
            {"characters": 6},
            {"in_sequence": True},
            {"power_surge": False},
        ),
        optional_rules=(OptionalRule("power_surge", "Power Surge drawn", events=("power surge",)),),
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "SoloLights"]
