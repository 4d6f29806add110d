"""Jolly Christmas: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``), bot (``bot``) and its part in the
balance lab (``lab``), and the manifest below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import JollyChristmas

SPEC = register(
    GameSpec(
        rules=JollyChristmas,
        package=__name__,
        box="Jolly Christmas",
        pitch="Draft decorations with your elf and build the best Christmas tree.",
        order=2,
        simultaneous=True,
        hard=HardSettings(depth=12),
        lab=True,
        encode=True,  # encode.py: the fast observation path (docs/rl.md)
    )
)

__all__ = ["SPEC", "JollyChristmas"]
