"""The uniformly random bot: the baseline every statistic is measured against."""

from __future__ import annotations

from ..core.rng import Rng
from ..core.state import Action
from .base import SeatWindow


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        actions = window.legal_actions()
        return actions[self.rng.below(len(actions))]
