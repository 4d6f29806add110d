"""The lab's strong reference player: ``hard`` at a fixed budget.

``hard`` searches up to 1,000 iterations and 0.5 s a move, so one game of a long game
costs minutes and its play depends on the machine's speed. The reference plays the same
search (ISMCTS with the game's heuristic as its prior, rollouts and evaluation, the
room's ``hard`` settings) at :data:`ITERATIONS` iterations a move and no time cap:
reproducible, and every game takes seconds (docs/lab.md gives the figures and its
strength against ``medium``). In the lab's ``--bots`` it is ``reference``.
"""

from __future__ import annotations

from ..bots import level_bot
from ..bots.base import Bot, ReactionTime, SeatWindow, level_reaction
from ..core.state import Action

#: Iterations a move.
ITERATIONS = 30
#: Its name as a ``module:Class`` bot (what the lab's ``reference`` stands for).
SPEC = "yuletide.lab.reference:ReferenceBot"


class ReferenceBot:
    """``hard`` at :data:`ITERATIONS` iterations a move (module docstring), made for the
    game of the first window it is handed."""

    name = "reference"
    searches = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.game_id: str | None = None
        self.bot: Bot | None = None

    @property
    def reaction(self) -> ReactionTime:
        return level_reaction("hard")

    def act(self, window: SeatWindow) -> Action | None:
        if self.bot is None or self.game_id != window.game_id:
            self.bot = level_bot("hard", window.game_id, self.seed, iterations=ITERATIONS)
            self.game_id = window.game_id
        return self.bot.act(window)


def resolve(names: list[str]) -> list[str]:
    """The lab's bot names with ``reference`` spelled as the bot it is."""
    return [SPEC if n == "reference" else n for n in names]
