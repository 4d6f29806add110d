"""Bots: players that act through a seat's window only (view, legal actions, log)."""

from .base import Bot, SeatWindow
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "SeatWindow", "make_bot"]


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (``random``), seeded; ValueError lists the names there are."""
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"no bot {name!r}; bots: random")
