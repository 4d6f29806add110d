"""Twinkling Lights: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``), bot (``bot``) and its part in the
balance lab (``lab``), and the manifest below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import TwinklingLights

SPEC = register(
    GameSpec(
        rules=TwinklingLights,
        package=__name__,
        box="Twinkling Lights",
        pitch="Lay tiles to join strands of lights and match the pattern cards.",
        order=1,
        hard=HardSettings(depth=8),
        lab=True,
        encode=True,  # encode.py: the fast observation path (docs/rl.md)
    )
)

__all__ = ["SPEC", "TwinklingLights"]
