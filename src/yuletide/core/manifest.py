"""A game's manifest: what its room declares, for every layer to read.

A game lives in one package, its *room* (``yuletide/games/<family>/<game>/``): the rules
(``rules.py``), the declared schema of its view (``view.py``), the table model
(``table.py``), the terminal text (``text.py``) and the bot (``bot.py``); its
``__init__.py`` builds one :class:`GameSpec` and registers it. The layers (table, bots,
rl, server, sim, lab, the clients) know no game by name: they ask the registry for a
game's spec and read it, so adding a game touches nothing outside its room.

The rules class is imported with the manifest (it is the game); the other parts are
imported when first asked for, so ``import yuletide`` stays light and the core needs no
layer. Each part's shape is a Protocol here, so the type checker holds every room to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from .schema import Record
    from .state import State


class TablePart(Protocol):
    """``table.py``: one seat's view as the generic table model, and the log in words."""

    def table(self, view: Mapping[str, Any], legal: list[str], seat: int | None) -> Any: ...

    def describe(self, event: Mapping[str, Any], seat: int | None) -> Any: ...


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
    Why each game has its settings is in docs/bots.md, measured in bench/."""

    depth: int | None = None
    flat: bool = False


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

    @property
    def id(self) -> str:
        return self.rules.game_id

    @property
    def title(self) -> str:
        return self.rules.title

    def part(self, name: str) -> ModuleType:
        """The room's module ``name`` (``table``, ``text``, ``bot``, ``view``)."""
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

    def facts(self) -> dict[str, bool]:
        """The declared facts, by name (the lobby and ``yuletide list`` show them)."""
        return {
            "real_time": self.real_time,
            "simultaneous": self.simultaneous,
            "solo": self.solo,
            "hidden_information": self.hidden_information,
        }
