"""Bots: players that act through a seat's window only (view, legal actions, log).

Names a bot can be chosen by (``make_bot``, ``check_bot``; ``yuletide simulate --bots``,
``yuletide play --bots``, server seats):

* the bots of :data:`BOTS` (``random``, ``ismcts``, the special-purpose ones);
* the levels ``easy``, ``medium`` and ``hard``, resolved per game by the convention that
  game ``x-y`` has its heuristic in ``yuletide.bots.x_y`` as a class ``HeuristicBot``
  (constructor ``(seed)``), optionally with the module functions ``rollout(state, seat,
  rng) -> Action`` and ``evaluate(state, seat) -> float`` in [0, 1] for the search:

  - ``medium`` is that heuristic;
  - ``easy`` is the heuristic with a random legal action instead, one decision in
    :data:`EASY_RANDOM` (a real-time wait stays a wait);
  - ``hard`` is :class:`IsmctsBot` with the module's ``rollout`` and ``evaluate`` (and
    the game's tuning in :data:`HARD_SETTINGS`) at the default budget
    (:data:`~yuletide.bots.ismcts.DEFAULT_ITERATIONS` iterations, at most
    :data:`~yuletide.bots.ismcts.DEFAULT_SECONDS` seconds a move), the heuristic as its
    prior, or the module's ``HardPrior`` class where it has one (a heuristic with a
    lookahead the search's sampling cannot resolve at its budget: Where's That Bulb?,
    Looney Lights, Check the Box, Untangle, Twinkling Lights);

  a level made without a game (``make_bot("hard", 7)``: the server and the match runner
  do so) finds its game in the first window it is given;
* a user's bot, ``package.module:ClassName``: any class built from one seed (``cls(seed)``)
  with an ``act(window)`` method. :func:`load_bot` imports and registers it (the command
  line does so for ``--bots``); only registered names pass :func:`check_bot`, so a name
  sent to the server never makes it import a module.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from ..core.errors import InvalidOption
from ..core.rng import Rng, derive_seed
from ..core.state import Action
from .base import DEFAULT_REACTION, Bot, ReactionTime, SeatWindow
from .ismcts import DEFAULT_DEPTH, DEFAULT_SECONDS, IsmctsBot, per_seat
from .lights_on_team import LightsOnTeamBot
from .random_bot import RandomBot
from .solo_greedy import SoloGreedyBot

__all__ = [
    "BOTS",
    "BOT_GAMES",
    "EASY_RANDOM",
    "HARD_ITERATIONS",
    "HARD_SETTINGS",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "IsmctsBot",
    "LightsOnTeamBot",
    "MediumBot",
    "RandomBot",
    "SeatWindow",
    "SoloGreedyBot",
    "bots_for",
    "check_bot",
    "heuristic_module",
    "level_bot",
    "load_bot",
    "make_bot",
]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: The share of ``easy``'s decisions taken at random instead of by the heuristic.
EASY_RANDOM = 0.3
#: ``hard``'s budget: at most this many iterations a move, and at most
#: :data:`~yuletide.bots.ismcts.DEFAULT_SECONDS` seconds (whichever ends first).
HARD_ITERATIONS = 1000

#: Per-game search settings of ``hard``: keyword arguments of :class:`IsmctsBot`, such
#: as ``depth`` (how far a rollout goes before the game's ``evaluate`` scores it: the
#: long games, and those whose rollout policy is slow, cut rollouts short so that the
#: budget buys iterations; the others play rollouts to the end), ``prior`` (False: the
#: search alone decides) and ``paired`` (False: no paired worlds at the root). Every
#: game keeps the heuristic as its prior and pairs its worlds: without the prior, A
#: Christmas Story's search won 0.14 of its seats against ``medium``'s 0.52 (3 players,
#: 200 iterations, 42 games), with it 0.40 against 0.27.
#: ``flat`` (a tree of the root's edges only; the rollout policy plays every later
#: decision) is for the games whose turn is a chain of the seat's own decisions, where a
#: young tree completes a move at random. Christmas Lights at 4 players, 100 iterations:
#: with a tree below the root ``hard`` won 0.19 of its seats against ``medium``'s 0.31 on
#: 12 of the ladder's deals; flat (and ``evaluate`` without a bonus for known cards in
#: hand), 0.29 against 0.23. A Christmas Story on the ladder's deals: 0.39 against 0.28
#: (3 players) and 0.25 against 0.24 (4) with the tree, flat 0.46 against 0.21 and 0.33
#: against 0.17. Jingle Bell Run on all 50 deals of each ladder cell: with the tree 0.48
#: against 0.52 (2 players) and 0.21 against 0.29 (4), flat 0.56 against 0.44 and 0.27
#: against 0.23 (the tree's runs in bench/ladder-tried.json). Flat made no clear
#: difference in Looney Lights, Where's That Bulb?, Twinkling Lights, Check the Box,
#: Blink and Lights On, which keep the tree (docs/bots.md).
HARD_SETTINGS: dict[str, dict[str, Any]] = {
    "christmas-lights": {"depth": 40, "flat": True},
    "christmas-story": {"flat": True},
    "wheres-that-bulb": {"depth": 60},
    "jingle-bell-run": {"depth": 40, "flat": True},
    "lights-on": {"depth": 40},
    "reindeers-nose": {"depth": 60},
    "untangle": {"depth": 20},
    "festival-of-lights": {"depth": 12},
    "jolly-christmas": {"depth": 12},
    "twinkling-lights": {"depth": 8},
}


def heuristic_module(game_id: str) -> ModuleType | None:
    """The module of ``game_id``'s heuristic (``yuletide.bots.<id with underscores>``)
    when it exists and has a ``HeuristicBot``, else None. An error inside the module
    is not hidden: it is raised."""
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name == name:
            return None
        raise
    return module if hasattr(module, "HeuristicBot") else None


def _heuristic(game_id: str) -> ModuleType:
    module = heuristic_module(game_id)
    if module is None:
        raise InvalidOption(
            f"no heuristic bot for {game_id} (a module yuletide.bots."
            f"{game_id.replace('-', '_')} with a class HeuristicBot), so it has no levels;"
            f" bots for {game_id}: {', '.join(bots_for(game_id))}"
        )
    return module


def level_bot(level: str, game_id: str, seed: int, *, iterations: int | None = None) -> Bot:
    """The bot that plays ``level`` in ``game_id`` (InvalidOption if the game has no
    heuristic). ``iterations`` gives ``hard`` a fixed budget and no time cap (a
    reproducible bot, as the ladder uses), instead of the default budget."""
    if level not in LEVELS:
        raise InvalidOption(f"no level {level!r}; levels: {', '.join(LEVELS)}")
    module = _heuristic(game_id)
    if level == "medium":
        bot: Bot = module.HeuristicBot(seed)
        return bot
    if level == "easy":
        return _Sloppy(module.HeuristicBot(seed), seed)
    rollout = getattr(module, "rollout", None)
    evaluate = getattr(module, "evaluate", None)
    settings = dict(HARD_SETTINGS.get(game_id, {}))
    with_prior = settings.pop("prior", True)
    return IsmctsBot(
        seed,
        HARD_ITERATIONS if iterations is None else iterations,
        DEFAULT_SECONDS if iterations is None else None,
        rollout=rollout,
        evaluate=None if evaluate is None else per_seat(evaluate),
        depth=settings.pop("depth", DEFAULT_DEPTH),
        prior=getattr(module, "HardPrior", module.HeuristicBot)(derive_seed(seed, 0x9E1)).act
        if with_prior
        else None,
        opponents="rollout" if rollout is not None else "tree",
        prune=getattr(module, "prune", None),
        paired=settings.pop("paired", True),
        belief=getattr(module, "belief", None),
        **settings,
    )


class _Sloppy:
    """A heuristic that sometimes plays a random legal action instead (``easy``)."""

    def __init__(self, heuristic: Bot, seed: int) -> None:
        self.heuristic = heuristic
        self.rng = Rng(seed ^ 0x5EA5)
        self.name = "easy"

    @property
    def reaction(self) -> ReactionTime:
        own = getattr(self.heuristic, "reaction", None)
        return own if isinstance(own, ReactionTime) else DEFAULT_REACTION

    def act(self, window: SeatWindow) -> Action | None:
        # The heuristic sees every decision (so a bot that keeps memory of the log stays
        # in step); its choice is then replaced at random now and again.
        action = self.heuristic.act(window)
        if action is not None and self.rng.random() < EASY_RANDOM:
            legal = window.legal_actions()
            return legal[self.rng.below(len(legal))]
        return action


class _Level:
    """A level (``easy``, ``medium``, ``hard``): the game's bot for that level, made for
    the game given, or else for the game of the first window it is handed."""

    name = "level"
    searches = False

    def __init__(self, seed: int = 0, game_id: str | None = None) -> None:
        self.seed = seed
        self.game_id: str | None = None
        self.bot: Bot | None = None
        if game_id is not None:
            self._resolve(game_id)

    def _resolve(self, game_id: str) -> Bot:
        bot = self.bot
        if bot is None or self.game_id != game_id:
            bot = self.bot = level_bot(self.name, game_id, self.seed)
            self.game_id = game_id
        return bot

    @property
    def reaction(self) -> ReactionTime:
        own = getattr(self.bot, "reaction", None)
        return own if isinstance(own, ReactionTime) else DEFAULT_REACTION

    def act(self, window: SeatWindow) -> Action | None:
        return self._resolve(window.game_id).act(window)


class EasyBot(_Level):
    """``easy``: the game's heuristic, with some random moves."""

    name = "easy"


class MediumBot(_Level):
    """``medium``: the game's heuristic."""

    name = "medium"


class HardBot(_Level):
    """``hard``: ISMCTS with the game's heuristic rollouts and evaluation."""

    name = "hard"
    #: It searches for up to its time cap (a server runs it in its search worker pool).
    searches = True


#: Bot constructors by name; each takes a seed. Add a line here for a new bot.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "solo-greedy": SoloGreedyBot,
    "lights-on-team": LightsOnTeamBot,
    "ismcts": IsmctsBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

#: The games a bot is made for, by name; a bot not listed plays every game (a level:
#: every game with a heuristic). Such a bot does not fail elsewhere (it plays a seeded
#: random legal action), but a table or a statistic under its name would then mean
#: nothing, so ``simulate`` and terminal play refuse it there (:func:`check_bot`). Each
#: game's own player counts apply.
BOT_GAMES: dict[str, tuple[str, ...]] = {
    "solo-greedy": ("deck-the-yard", "solo-lights"),
    "lights-on-team": ("lights-on",),
}


def make_bot(name: str, seed: int, game_id: str | None = None) -> Bot:
    """A bot by name, seeded; InvalidOption lists the names there are. A level is made
    for ``game_id`` at once when it is given, else for the game it is first shown. A
    ``module:Class`` name is loaded here if it was not yet (:func:`load_bot`): reaching
    this, it passed :func:`check_bot` (a worker process of a simulation loads it anew)."""
    factory = BOTS.get(name)
    if factory is None and _is_user_spec(name):
        load_bot(name)
        factory = BOTS[name]
    if factory is None:
        raise InvalidOption(f"no bot {name!r}; {_names_there_are()}")
    if name in LEVELS:
        return BOTS[name](seed) if game_id is None else _LEVEL_CLASSES[name](seed, game_id)
    bot = factory(seed)
    if not isinstance(getattr(bot, "name", None), str):
        with contextlib.suppress(AttributeError):  # a slotted class: it stays nameless
            bot.name = name  # a user's bot without a name is known by its spec
    return bot


_LEVEL_CLASSES: dict[str, type[_Level]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def bots_for(game_id: str) -> list[str]:
    """The names of the bots made for ``game_id``, sorted (the levels where the game has
    a heuristic)."""
    has_levels = heuristic_module(game_id) is not None
    return sorted(
        n
        for n in BOTS
        if (has_levels or n not in LEVELS) and game_id in BOT_GAMES.get(n, (game_id,))
    )


def check_bot(name: str, game_id: str) -> None:
    """InvalidOption unless ``name`` is a bot made for ``game_id``; the message says which
    games it plays and which bots play ``game_id``."""
    if name not in BOTS:
        if _is_user_spec(name):
            raise InvalidOption(
                f"bot {name!r} is not loaded: a bot of your own (module:Class) is loaded"
                " from the command line (--bots) or by yuletide.bots.load_bot;"
                f" bots for {game_id}: {', '.join(bots_for(game_id))}"
            )
        raise InvalidOption(f"no bot {name!r}; {_names_there_are()}")
    if name in LEVELS:
        _heuristic(game_id)
        return
    made_for = BOT_GAMES.get(name)
    if made_for is not None and game_id not in made_for:
        raise InvalidOption(
            f"bot {name!r} plays only {' and '.join(made_for)}, not {game_id};"
            f" bots for {game_id}: {', '.join(bots_for(game_id))}"
        )


def _names_there_are() -> str:
    return (
        f"bots: {', '.join(sorted(BOTS))}, or a bot of your own as"
        " package.module:ClassName (a class built from one seed, with act(window))"
    )


def _is_user_spec(name: str) -> bool:
    return ":" in name


def load_bot(spec: str) -> str:
    """Import a user's bot ``package.module:ClassName`` and register it under that name
    (:data:`BOTS`; with a ``games`` attribute of game ids, :data:`BOT_GAMES` too); the
    name. The module is found on ``sys.path`` or in the current directory. InvalidOption
    says what is wrong: the form, a module that is missing or fails to import, a missing
    class, or one that is not a bot (no ``act`` method, or ``ClassName(seed)`` fails)."""
    if spec in BOTS:
        return spec
    module_name, colon, attr = spec.partition(":")
    form = "package.module:ClassName, e.g. mybots:GreedyBot"
    if not colon or not module_name.strip() or not attr.isidentifier():
        raise InvalidOption(f"a bot of your own is named {form}; got {spec!r}")
    module = _import_user_module(module_name.strip(), spec)
    if not hasattr(module, attr):
        defined = sorted(n for n, v in vars(module).items() if isinstance(v, type))
        raise InvalidOption(
            f"bot {spec!r}: module {module_name!r} has no {attr!r}"
            + (f"; its classes: {', '.join(defined)}" if defined else "; it defines no class")
        )
    factory = getattr(module, attr)
    if not callable(factory) or not callable(getattr(factory, "act", None)):
        raise InvalidOption(
            f"bot {spec!r} is not a bot: a bot is a class with an act(window) method that"
            " returns one of window.legal_actions()"
        )
    try:
        probe = factory(0)
    except Exception as err:  # the user's code: any failure is reported, not raised
        raise InvalidOption(
            f"bot {spec!r}: {attr}(seed) failed ({type(err).__name__}: {err}); a bot is"
            " built from one whole-number seed"
        ) from err
    if not callable(getattr(probe, "act", None)):
        raise InvalidOption(f"bot {spec!r} is not a bot: {attr}(seed) has no act method")
    BOTS[spec] = factory
    games = getattr(factory, "games", None)
    if isinstance(games, Sequence) and not isinstance(games, str) and games:
        BOT_GAMES[spec] = tuple(str(g) for g in games)
    return spec


def _import_user_module(module_name: str, spec: str) -> ModuleType:
    added = False
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)  # a bot file beside the user, as `python -m` would find it
        added = True
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name == module_name or module_name.startswith(f"{err.name}."):
            raise InvalidOption(
                f"bot {spec!r}: there is no module {module_name!r} (looked in the current"
                " directory and on PYTHONPATH)"
            ) from err
        raise InvalidOption(f"bot {spec!r}: importing {module_name!r} failed: {err}") from err
    except Exception as err:  # the user's module failed while importing
        raise InvalidOption(
            f"bot {spec!r}: importing {module_name!r} failed ({type(err).__name__}: {err})"
        ) from err
    finally:
        if added and not _imported_from(module_name, here):
            sys.path.remove(here)


def _imported_from(module_name: str, folder: str) -> bool:
    """Whether ``module_name`` came from ``folder`` (its path entry must then stay, so a
    worker process started by fork finds it too)."""
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None) or ""
    return bool(path) and os.path.abspath(path).startswith(os.path.abspath(folder) + os.sep)
