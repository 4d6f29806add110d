"""Blink: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec
from yuletide.core.registry import register

from .rules import Blink

SPEC = register(
    GameSpec(
        rules=Blink,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch=("Shed your hand along a string of blinking lights, and don't forget to call Blink!"),
        order=10,
        badges=("Christmas Lights deck",),
        real_time=True,
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "Blink"]
