"""Bots: players that act through a seat's window only (view, legal actions, log)."""

from collections.abc import Callable

from ..core.errors import InvalidOption
from .base import Bot, SeatWindow
from .ismcts import IsmctsBot
from .lights_on_team import LightsOnTeamBot
from .random_bot import RandomBot
from .solo_greedy import SoloGreedyBot

__all__ = [
    "BOTS",
    "BOT_GAMES",
    "Bot",
    "IsmctsBot",
    "LightsOnTeamBot",
    "RandomBot",
    "SeatWindow",
    "SoloGreedyBot",
    "bots_for",
    "check_bot",
    "make_bot",
]

#: Bot constructors by name; each takes a seed. Add a line here for a new bot.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "solo-greedy": SoloGreedyBot,
    "lights-on-team": LightsOnTeamBot,
    "ismcts": IsmctsBot,
}

#: The games a bot is made for, by name; a bot not listed plays every game. Such a bot
#: does not fail elsewhere (it plays a seeded random legal action), but a table or a
#: statistic under its name would then mean nothing, so ``simulate`` and terminal play
#: refuse it there (:func:`check_bot`). Each game's own player counts apply.
BOT_GAMES: dict[str, tuple[str, ...]] = {
    "solo-greedy": ("deck-the-yard", "solo-lights"),
    "lights-on-team": ("lights-on",),
}


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name, seeded; InvalidOption lists the names there are."""
    if name not in BOTS:
        raise InvalidOption(f"no bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed)


def bots_for(game_id: str) -> list[str]:
    """The names of the bots made for ``game_id``, sorted."""
    return sorted(n for n in BOTS if game_id in BOT_GAMES.get(n, (game_id,)))


def check_bot(name: str, game_id: str) -> None:
    """InvalidOption unless ``name`` is a bot made for ``game_id``; the message says which
    games it plays and which bots play ``game_id``."""
    if name not in BOTS:
        raise InvalidOption(f"no bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    made_for = BOT_GAMES.get(name)
    if made_for is not None and game_id not in made_for:
        raise InvalidOption(
            f"bot {name!r} plays only {' and '.join(made_for)}, not {game_id};"
            f" bots for {game_id}: {', '.join(bots_for(game_id))}"
        )
