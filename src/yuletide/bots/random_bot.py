"""The uniformly random bot: the baseline every statistic is measured against."""

from __future__ import annotations

from ..core.rng import Rng
from ..core.state import Action
from .base import DEFAULT_REACTION, ReactionTime, SeatWindow


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded RNG. ``reaction``
    is how fast it acts in real-time games (the match runner draws the times)."""

    name = "random"

    def __init__(self, seed: int = 0, reaction: ReactionTime | None = None) -> None:
        self.rng = Rng(seed)
        self.reaction = DEFAULT_REACTION if reaction is None else reaction

    def act(self, window: SeatWindow) -> Action:
        actions = window.legal_actions()
        return actions[self.rng.below(len(actions))]
