"""Bots: players that act through a seat's window only (view, legal actions, log).

Names a bot can be chosen by (``make_bot``, ``check_bot``; ``yuletide simulate --bots``,
``yuletide play --bots``, server seats):

* the bots of :data:`BOTS` (``random``, ``ismcts``) and the levels, which play every game;
* the levels ``easy``, ``medium`` and ``hard``, built from the game's bot kit (its room's
  ``bot.KIT``, a :class:`~yuletide.bots.kit.BotKit`):

  - ``medium`` is the kit's heuristic;
  - ``easy`` is the heuristic with a random legal action instead, one decision in
    :data:`EASY_RANDOM` (a real-time wait stays a wait);
  - ``hard`` is :class:`IsmctsBot` with the kit's rollout, evaluation, prune and belief
    and the manifest's ``hard`` settings, at the default budget
    (:data:`HARD_ITERATIONS` iterations, at most
    :data:`~yuletide.bots.ismcts.DEFAULT_SECONDS` seconds a move), with the kit's
    ``prior`` (a lookahead, where the game has one) or else the heuristic as its prior;

  a level made without a game (``make_bot("hard", 7)``: the server and the match runner
  do so) finds its game in the first window it is given;
* a game's special-purpose bots, declared by name in its manifest (a greedy solo
  policy, a team player): made like a level, for the game of the first window;
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

from ..core.errors import InvalidOption
from ..core.manifest import GameSpec
from ..core.registry import games, spec
from ..core.rng import Rng, derive_seed
from ..core.state import Action
from .base import Bot, ReactionTime, SeatWindow, level_reaction, reaction_of
from .ismcts import DEFAULT_DEPTH, DEFAULT_SECONDS, IsmctsBot, per_seat
from .kit import BotKit
from .random_bot import RandomBot

__all__ = [
    "BOTS",
    "EASY_RANDOM",
    "HARD_ITERATIONS",
    "LEVELS",
    "Bot",
    "BotKit",
    "EasyBot",
    "HardBot",
    "IsmctsBot",
    "MediumBot",
    "RandomBot",
    "SeatWindow",
    "bot_games",
    "bots_for",
    "check_bot",
    "hard_search",
    "kit",
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


def kit(game_id: str) -> BotKit:
    """The bot kit of ``game_id`` (its room's ``bot.KIT``); InvalidOption for no game."""
    found: BotKit = spec(game_id).bot.KIT
    return found


def level_bot(level: str, game_id: str, seed: int, *, iterations: int | None = None) -> Bot:
    """The bot that plays ``level`` in ``game_id``. ``iterations`` gives ``hard`` a fixed
    budget and no time cap (a reproducible bot, as the ladder uses), instead of the
    default budget."""
    if level not in LEVELS:
        raise InvalidOption(f"no level {level!r}; levels: {', '.join(LEVELS)}")
    found = spec(game_id)
    tools: BotKit = found.bot.KIT
    if level == "medium":
        return tools.heuristic(seed)
    if level == "easy":
        return _Sloppy(tools.heuristic(seed), seed)
    if iterations is None:
        return hard_search(game_id, seed, HARD_ITERATIONS, DEFAULT_SECONDS)
    return hard_search(game_id, seed, iterations, None)


def hard_search(
    game_id: str, seed: int, iterations: int | None, seconds: float | None
) -> IsmctsBot:
    """``hard``'s search for ``game_id`` (the kit's rollout, evaluation, prior, prune and
    belief, the manifest's ``hard`` settings) with the budget given: ``iterations``,
    ``seconds`` or both (whichever ends first). ``level_bot`` and the evaluation
    (``yuletide.bots.evaluation``) both make it here, so they search alike."""
    found = spec(game_id)
    tools: BotKit = found.bot.KIT
    hard = found.hard
    prior = tools.prior if tools.prior is not None else tools.heuristic
    return IsmctsBot(
        seed,
        iterations,
        seconds,
        rollout=tools.rollout,
        evaluate=None if tools.evaluate is None else per_seat(tools.evaluate),
        depth=DEFAULT_DEPTH if hard.depth is None else hard.depth,
        prior=prior(derive_seed(seed, 0x9E1)).act,
        reaction=level_reaction("hard"),
        opponents="rollout" if tools.rollout is not None else "tree",
        prune=tools.prune,
        paired=True,
        belief=tools.belief,
        flat=hard.flat,
    )


class _Sloppy:
    """A heuristic that sometimes plays a random legal action instead (``easy``)."""

    def __init__(self, heuristic: Bot, seed: int) -> None:
        self.heuristic = heuristic
        self.rng = Rng(seed ^ 0x5EA5)
        self.name = "easy"

    @property
    def reaction(self) -> ReactionTime:
        return level_reaction("easy")

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
            bot = self.bot = self._make(game_id)
            self.game_id = game_id
        return bot

    def _make(self, game_id: str) -> Bot:
        return level_bot(self.name, game_id, self.seed)

    @property
    def reaction(self) -> ReactionTime:
        """The level's, in every game (bots.base.LEVEL_REACTIONS): people's speeds."""
        return level_reaction(self.name)

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


class _Named(_Level):
    """A game's special-purpose bot, by the name its manifest declares: made for the game
    given, or else for the game of the first window it is handed."""

    def __init__(self, name: str, seed: int = 0, game_id: str | None = None) -> None:
        self.name = name
        super().__init__(seed, game_id)

    @property
    def reaction(self) -> ReactionTime:
        return reaction_of(self.bot)

    def _make(self, game_id: str) -> Bot:
        factory = kit(game_id).named.get(self.name)
        if factory is None:
            raise InvalidOption(
                f"bot {self.name!r} does not play {game_id};"
                f" bots for {game_id}: {', '.join(bots_for(game_id))}"
            )
        return factory(self.seed)


#: Bot constructors by name that play every game; each takes a seed. A game's own bots
#: are declared in its manifest (:func:`bot_games`); a user's are added by :func:`load_bot`.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "ismcts": IsmctsBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

#: The games a user's bot says it is made for (its class's ``games``), by name.
_USER_GAMES: dict[str, tuple[str, ...]] = {}


def bot_games() -> dict[str, tuple[str, ...]]:
    """The games each bot made for some games only plays, by name: the special-purpose
    bots the manifests declare, and users' bots with a ``games`` attribute. A bot not
    listed plays every game. Elsewhere a table or a statistic under its name would mean
    nothing, so ``simulate`` and terminal play refuse it there (:func:`check_bot`)."""
    made: dict[str, list[str]] = {}
    for game_id in games():
        for named in spec(game_id).bots:
            made.setdefault(named.name, []).append(game_id)
    out = {name: tuple(ids) for name, ids in made.items()}
    out.update(_USER_GAMES)
    return out


def _specs_bot(name: str) -> GameSpec | None:
    for game_id in games():
        found = spec(game_id)
        if any(b.name == name for b in found.bots):
            return found
    return None


def make_bot(name: str, seed: int, game_id: str | None = None) -> Bot:
    """A bot by name, seeded; InvalidOption lists the names there are. A level is made
    for ``game_id`` at once when it is given, else for the game it is first shown. A
    ``module:Class`` name is loaded here if it was not yet (:func:`load_bot`): reaching
    this, it passed :func:`check_bot` (a worker process of a simulation loads it anew)."""
    factory = BOTS.get(name)
    if factory is None and _is_user_spec(name):
        load_bot(name)
        factory = BOTS[name]
    if factory is None and _specs_bot(name) is not None:
        return _Named(name, seed, game_id)
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
    """The names of the bots made for ``game_id``, sorted."""
    made = bot_games()
    spec(game_id)  # InvalidOption for no game
    return sorted(n for n in (*BOTS, *made) if game_id in made.get(n, (game_id,)))


def check_bot(name: str, game_id: str) -> None:
    """InvalidOption unless ``name`` is a bot made for ``game_id``; the message says which
    games it plays and which bots play ``game_id``."""
    made = bot_games()
    if name not in BOTS and name not in made:
        if _is_user_spec(name):
            raise InvalidOption(
                f"bot {name!r} is not loaded: a bot of your own (module:Class) is loaded"
                " from the command line (--bots) or by yuletide.bots.load_bot;"
                f" bots for {game_id}: {', '.join(bots_for(game_id))}"
            )
        raise InvalidOption(f"no bot {name!r}; {_names_there_are()}")
    if name in LEVELS:
        spec(game_id)  # InvalidOption for no game
        return
    made_for = made.get(name)
    if made_for is not None and game_id not in made_for:
        raise InvalidOption(
            f"bot {name!r} plays only {' and '.join(made_for)}, not {game_id};"
            f" bots for {game_id}: {', '.join(bots_for(game_id))}"
        )


def _names_there_are() -> str:
    return (
        f"bots: {', '.join(sorted({*BOTS, *bot_games()}))}, or a bot of your own as"
        " package.module:ClassName (a class built from one seed, with act(window))"
    )


def _is_user_spec(name: str) -> bool:
    return ":" in name


def load_bot(spec: str) -> str:
    """Import a user's bot ``package.module:ClassName`` and register it under that name
    (:data:`BOTS`; with a ``games`` attribute of game ids, :func:`bot_games` too); the
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
        _USER_GAMES[spec] = tuple(str(g) for g in games)
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
