"""A Christmas Story: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``), bot (``bot``) and its part in the
balance lab (``lab``), and the manifest below that every layer reads."""

from yuletide.core.manifest import GameSpec, HardSettings
from yuletide.core.registry import register

from .rules import ChristmasStory

SPEC = register(
    GameSpec(
        rules=ChristmasStory,
        package=__name__,
        box="A Christmas Story: A MAJOR Card Game",
        pitch="Peek, dare and deduce your way to the presents before the others do.",
        order=3,
        hard=HardSettings(flat=True),
        lab=True,
        encode=True,  # encode.py: the fast observation path (docs/rl.md)
    )
)

__all__ = ["SPEC", "ChristmasStory"]
