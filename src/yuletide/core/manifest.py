"""A game's manifest: what its room declares, for every layer to read.

A game lives in one package, its *room* (``yuletide/games/<family>/<game>/``): the rules
(``rules.py``), the declared schema of its view (``view.py``), the table model
(``table.py``), the terminal text (``text.py``), the bot (``bot.py``) and the rules page
people read (``rules.md``, package data: ``yuletide.docs``); its ``__init__.py`` builds
one :class:`GameSpec` and registers it. The layers (table, bots, rl, server, sim, lab, the
clients) know no game by name: they ask the registry for a game's spec and read it, so
adding a game touches nothing outside its room.

The rules class is imported with the manifest (it is the game); the other parts are
imported when first asked for, so ``import yuletide`` stays light and the core needs no
layer. Each part's shape is a Protocol here, so the type checker holds every room to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from ..table.model import LogLine, Table
    from .events import Event
    from .schema import Record
    from .state import Outcome, State


class TablePart(Protocol):
    """``table.py``: one seat's view as the generic table model, and the log in words."""

    def table(self, view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table: ...

    def describe(self, event: Event, seat: int | None) -> LogLine: ...


class TextPart(Protocol):
    """``text.py``: a view as plain text for the terminal."""

    def render(self, view: Mapping[str, Any]) -> str: ...


class ViewPart(Protocol):
    """``view.py``: the declared schema of ``view(seat)`` (checked by the conformance
    suite on every view it visits; the RL encoding is compiled from it)."""

    VIEW: Record


class BotPart(Protocol):
    """``bot.py``: its ``KIT`` (a ``yuletide.bots.kit.BotKit``) names the game's heuristic
    (the ``medium`` level), what the ``hard`` level's search uses (rollout, evaluation,
    prior, prune, belief) and the classes of the special-purpose bots the manifest
    declares."""

    KIT: Any


class LabPart(Protocol):
    """``lab.py`` (a room whose manifest sets ``lab``): the game in the balance lab
    (``yuletide.lab``), besides the sections every game gets. ``facts`` reads one
    finished game from what the table may know at the end (the outcome and the
    spectator's view; JSON values); ``summarise`` turns the facts of a group's games
    (``(task, result)`` pairs, ``result["facts"]`` each) into the group's ``details``;
    ``findings``, ``plots`` and ``tables`` are the report's sentences, plots
    (``yuletide.lab.report.Plot``) and HTML tables about those details, given every
    group's summary."""

    def facts(self, outcome: Outcome, view: Mapping[str, Any]) -> dict[str, Any]: ...

    def summarise(self, games: Sequence[Any], players: int) -> dict[str, Any]: ...

    def findings(self, groups: Sequence[Mapping[str, Any]]) -> list[str]: ...

    def plots(self, groups: Sequence[Mapping[str, Any]]) -> list[Any]: ...

    def tables(self, groups: Sequence[Mapping[str, Any]]) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class NamedBot:
    """A special-purpose bot a room offers besides the levels (the Lights On team bot):
    its name (``--bots NAME``, server seats), a short label for people, and a line."""

    name: str
    label: str
    about: str = ""


@dataclass(frozen=True, slots=True)
class HardSettings:
    """The ``hard`` level's search settings for one game (``IsmctsBot`` keywords):
    ``depth`` cuts rollouts short (the game's ``evaluate`` then scores them; None: the
    search's default), ``flat`` searches the root's edges only (the rollout policy plays
    every later decision: for games whose turn is a chain of the seat's own decisions).
    ``rough`` says its win chances (hints, reviews) are only roughly right in this game,
    as ``bench/calibration.py`` measured (docs/hints.md): they are then said in tens and
    called rough. Why each game has its settings is in docs/bots.md, measured in bench/."""

    depth: int | None = None
    flat: bool = False
    rough: bool = False


#: A game option's value, as a manifest gives it.
OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class Difficulty:
    """One difficulty of a solo game: a label for people and the options that make it
    (``{}``: the game's defaults)."""

    label: str
    options: Mapping[str, OptionValue] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class OptionalRule:
    """An optional rule (a game option that changes play, not only its length or
    target) and how to see it being used: the events (spectator's, by ``type``) that show
    a seat using it, counted per seat by the balance lab; or ``count`` (events, players ->
    uses per seat) where the event type alone does not tell. ``what`` names one use in
    plain words ("free action"). ``bots_use`` False says the bots never use it and
    ``why`` why: a comparison of its values then shows nothing of it (the lab says so)."""

    option: str
    what: str
    events: tuple[str, ...] = ()
    count: Callable[[Sequence[Event], int], list[int]] | None = field(default=None, hash=False)
    bots_use: bool = True
    why: str = ""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game's manifest (module docstring). ``package`` is the room's module name
    (``__name__`` in its ``__init__.py``); the parts are found under it."""

    rules: type[State]
    package: str
    #: The box the game comes in, as the lobby groups games.
    box: str
    #: One line about the game for the lobby.
    pitch: str
    #: The lobby's order: boxes by their first game's order, games within a box by it.
    order: int
    #: Badges the lobby shows on the game's card ("The main game").
    badges: tuple[str, ...] = ()
    #: Seats act in a race (the table clock orders them; clients never act for you).
    real_time: bool = False
    #: Several seats choose at once, hidden until all have chosen.
    simultaneous: bool = False
    #: A game for one player.
    solo: bool = False
    #: Some seat cannot see part of the game (a hand, a deck order, a secret card).
    hidden_information: bool = True
    #: The ``hard`` level's search settings.
    hard: HardSettings = field(default_factory=HardSettings)
    #: Special-purpose bots besides the levels (their classes: ``bot.NAMED_BOTS``).
    bots: tuple[NamedBot, ...] = ()
    #: The bot a new seat gets by default in the lobby (a level or a named bot).
    default_bot: str = "medium"
    #: The version of the game's observation encoding (bump when its layout or action
    #: numbering changes; the golden playthroughs show both).
    encoding_version: int = 1
    #: A long game: the strength ladder (``yuletide.sim.ladder``) plays fewer games in
    #: each of its cells (``--long-games``).
    long: bool = False
    #: A solo game's difficulties, easiest first (the lab reports one per difficulty).
    difficulties: tuple[Difficulty, ...] = ()
    #: A solo game's ways to make it easier or harder (the rulebook's), each as the
    #: options changed from the defaults (``{}``: the defaults), one at a time; the
    #: strength ladder plays every level at each, in this order.
    difficulty_options: tuple[Mapping[str, OptionValue], ...] = field(default=(), hash=False)
    #: The room has a ``lab.py`` (:class:`LabPart`): the game's own facts and report
    #: sections in the balance lab (:attr:`lab_part`).
    lab: bool = False
    #: The room has an ``encode.py`` for the RL layer: a fast observation path
    #: (``observer``, proven equal to encoding the view) and/or a dense reward's
    #: ``progress`` read from a seat's view (docs/rl.md).
    encode: bool = False
    #: The optional rules and the events that show each being used (the balance lab
    #: counts them, and warns when a comparison varies a rule no game used).
    optional_rules: tuple[OptionalRule, ...] = ()

    @property
    def id(self) -> str:
        return self.rules.game_id

    @property
    def title(self) -> str:
        return self.rules.title

    def part(self, name: str) -> ModuleType:
        """The room's module ``name`` (``table``, ``text``, ``bot``, ``view``, ``lab``)."""
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def table(self) -> TablePart:
        return cast("TablePart", self.part("table"))

    @property
    def text(self) -> TextPart:
        return cast("TextPart", self.part("text"))

    @property
    def view(self) -> Record:
        return cast("ViewPart", self.part("view")).VIEW

    @property
    def bot(self) -> BotPart:
        return cast("BotPart", self.part("bot"))

    @property
    def lab_part(self) -> LabPart | None:
        """The room's ``lab.py`` if the manifest declares one (``lab``), else None."""
        return cast("LabPart", self.part("lab")) if self.lab else None

    def facts(self) -> dict[str, bool]:
        """The declared facts, by name (the lobby and ``yuletide list`` show them)."""
        return {
            "real_time": self.real_time,
            "simultaneous": self.simultaneous,
            "solo": self.solo,
            "hidden_information": self.hidden_information,
        }
