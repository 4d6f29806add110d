"""Bots: players that act through a seat's window only (view, legal actions, log)."""

from collections.abc import Callable

from .base import Bot, SeatWindow
from .lights_on_team import LightsOnTeamBot
from .random_bot import RandomBot
from .solo_greedy import SoloGreedyBot

__all__ = ["BOTS", "Bot", "LightsOnTeamBot", "RandomBot", "SeatWindow", "SoloGreedyBot", "make_bot"]

#: Bot constructors by name; each takes a seed. Add a line here for a new bot.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "solo-greedy": SoloGreedyBot,
    "lights-on-team": LightsOnTeamBot,
}


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name, seeded; ValueError lists the names there are."""
    if name not in BOTS:
        raise ValueError(f"no bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed)
