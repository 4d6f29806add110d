"""Check the Box: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import GameSpec
from yuletide.core.registry import register

from .rules import CheckTheBox

SPEC = register(
    GameSpec(
        rules=CheckTheBox,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Ask the others for the bulbs you need and lay sets of three.",
        order=10,
        badges=("Christmas Lights deck",),
        encode=True,  # encode.py: the dense reward (docs/rl.md)
    )
)

__all__ = ["SPEC", "CheckTheBox"]
