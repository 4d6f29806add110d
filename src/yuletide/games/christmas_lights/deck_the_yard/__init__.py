"""Deck the Yard: the room of one game — its rules (``rules``), view schema (``view``),
table model (``table``), terminal text (``text``) and bot (``bot``), and the manifest
below that every layer reads."""

from yuletide.core.manifest import Difficulty, GameSpec, NamedBot
from yuletide.core.registry import register

from .rules import DeckTheYard

SPEC = register(
    GameSpec(
        rules=DeckTheYard,
        package=__name__,
        box="Christmas Lights: A Card Game",
        pitch="Solo: claim Pattern and Character cards before the deck runs dry.",
        order=10,
        badges=("Christmas Lights deck",),
        solo=True,
        bots=(NamedBot("solo-greedy", "Greedy bot", "plays one move at a time by rules of thumb"),),
        difficulties=(
            Difficulty("normal", {"difficulty": "normal"}),
            Difficulty("hard", {"difficulty": "hard"}),
            Difficulty("heroic", {"difficulty": "heroic"}),
        ),
        difficulty_options=(
            {"difficulty": "normal"},
            {"difficulty": "hard"},
            {"difficulty": "heroic"},
        ),
    )
)

__all__ = ["SPEC", "DeckTheYard"]
