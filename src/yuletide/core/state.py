"""The contract every game implements: a mutable state with per-seat windows onto it.

A game is a subclass of :class:`State`. The base class owns what every game shares (seats,
seed, options, the seeded RNG, the action history, the raw event log), the checked
``apply`` path, serialisation and replay; the game supplies the rules through a handful
of methods (see :class:`State`). Python-chess and OpenSpiel shaped this: mutation for
speed, a hand-written ``clone()``, and a checked path beside an unchecked fast path.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Literal, Self

from .errors import (
    CorruptSave,
    IllegalAction,
    InvalidArgument,
    InvalidOption,
    InvalidSeat,
    NotationError,
)
from .events import Event
from .options import Option, OptionValue, resolve_options
from .rng import Rng

SAVE_FORMAT = "yuletide-save"
SAVE_FORMAT_VERSION = 1

#: One raw log entry: a flat tuple of JSON-safe values, its first item the event kind.
#: The game renders it per seat (``_render_event``), so secrets stay in the engine.
LogEntry = tuple[Any, ...]

Status = Literal["ongoing", "finished", "unfinished"]

#: The kind of a log entry frozen by ``determinize``: ``(SEEN, observer, mine, public)``,
#: the entry as the observing seat saw it (JSON text, or None where that equals the public
#: text) and as the table saw it. A determinized world's history is what its observer
#: knows of the real one, never the real entries (docs/architecture.md, "Determinize").
SEEN = "@seen"


class Action:
    """Base of every game's actions: small immutable values whose ``str`` is their notation.

    Games define them as ``@dataclass(frozen=True, slots=True)`` subclasses with a
    ``__str__``; ``State.parse_action(str(a)) == a`` always holds (the conformance suite
    checks it for every action met). ``repr`` shows the notation, ``<Play 'play red'>``
    (see ``__repr__``); :func:`action_fields` gives the field values.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game action's ``repr`` is this class's (its notation): ``@dataclass``
        writes a ``__repr__`` of the fields unless the class already has one, so each
        subclass gets ours first. A class that defines its own keeps it."""
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Action.__repr__  # type: ignore[method-assign]

    def __str__(self) -> str:
        # A bare Action (or a game action without a notation) names its class only:
        # ``str`` and ``repr`` must never call each other (that recursed forever).
        return type(self).__name__

    def __repr__(self) -> str:
        """``<Play 'play red'>``: the class and the notation (quoted as ``repr`` quotes
        text, so no notation can pass for the brackets). One-way: ``repr`` calls ``str``
        only when the class has a notation of its own, and ``Action.__str__`` never calls
        ``repr``, so a bare Action is ``<Action>``. An action built by hand whose notation
        fails (a value out of range) shows its fields instead: ``<Play kind=99>``."""
        cls = type(self)
        if cls.__str__ is Action.__str__:
            return f"<{cls.__name__}>"
        try:
            text = str(self)
        except Exception:
            values = _field_values(self)
            return f"<{cls.__name__} {values}>" if values else f"<{cls.__name__}>"
        return f"<{cls.__name__} {text!r}>"


def action_fields(action: Action) -> str:
    """``action`` as its class and field values, ``Play(kind=3)`` (what a dataclass's own
    repr says): error messages about an object built by hand use it, since the notation
    of one with a value out of range can wrap around to name another card."""
    if not is_dataclass(action):
        return f"<{type(action).__name__}>"
    inner = ", ".join(f"{f.name}={getattr(action, f.name)!r}" for f in fields(action) if f.repr)
    return f"{type(action).__qualname__}({inner})"


def _field_values(action: Action) -> str:
    """``kind=99 seat=2``: the fields of a dataclass action, or "" (never raises)."""
    try:
        if is_dataclass(action):
            return " ".join(f"{f.name}={getattr(action, f.name)!r}" for f in fields(action))
    except Exception:  # an object built without its fields set
        pass
    return ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game stands: still going, finished (with winners), or cut off unfinished.

    ``unfinished`` means the game's turn limit ended it (docs/rulings.md#every-game-safety-limits):
    no winners. ``ranks`` use competition ranking (1 is best; ties share a place).
    """

    status: Status
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] | None = None
    ranks: tuple[int, ...] | None = None
    tiebreak: str | None = None
    reason: str = ""
    #: Game-specific results as JSON values (a score breakdown, how the game ended).
    details: Mapping[str, Any] | None = field(default=None, hash=False)

    @property
    def over(self) -> bool:
        return self.status != "ongoing"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "ranks": None if self.ranks is None else list(self.ranks),
            "tiebreak": self.tiebreak,
            "reason": self.reason,
            "details": None if self.details is None else dict(self.details),
        }


ONGOING = Outcome("ongoing")

#: ``to_act`` of a turn-based game: one frozenset per seat, made once (any game of up to
#: eight seats indexes it by the seat whose turn it is).
SEAT_SETS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))


def turn_limit_reached(limit: int, counting: str = "") -> Outcome:
    """The outcome of a game cut off by its ``turn_limit`` option
    (docs/rulings.md#every-game-safety-limits): unfinished, no winners. ``counting`` names
    what the limit counts when it is not turns ("actions", "asks")."""
    what = f"{limit} {counting}" if counting else str(limit)
    return Outcome("unfinished", reason=f"turn limit of {what} reached")


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Ranks for sort keys where larger is better; equal keys share a place (1, 2, 2, 4)."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


@dataclass(frozen=True, slots=True)
class ReplayRecord:
    """Everything that determines a game: replaying it gives the same state exactly."""

    game: str
    rules_version: int
    players: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    actions: tuple[tuple[int, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, text] for seat, text in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Any) -> ReplayRecord:
        """Parse a record, or CorruptSave saying which field is wrong."""
        if not isinstance(data, Mapping):
            raise CorruptSave("a replay record must be a JSON object")
        want: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "rules_version": int,
            "players": int,
            "seed": int,
            "options": dict,
            "actions": list,
        }
        for key, kind in want.items():
            if key not in data:
                raise CorruptSave(f"replay record has no {key!r} field")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise CorruptSave(f"replay record field {key!r} has the wrong type")
        actions: list[tuple[int, str]] = []
        for i, item in enumerate(data["actions"]):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or type(item[0]) is not int
                or not isinstance(item[1], str)
            ):
                raise CorruptSave(f"action {i} must be [seat, notation], got {item!r}")
            actions.append((item[0], item[1]))
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            players=data["players"],
            seed=data["seed"],
            options=dict(data["options"]),
            actions=tuple(actions),
        )


class State(ABC):
    """A game in progress. Subclasses implement the rules; this class is the contract.

    A game supplies: ``_setup`` (the deal), ``to_act``, ``legal_actions``, ``_apply``
    (unchecked: the action came from ``legal_actions``), ``view``, ``_render_event``,
    ``outcome``, ``clone``, ``_redeal`` (for ``determinize``), ``inventory`` / ``box``
    (card conservation), ``parse_action`` and ``action_space``; optionally
    ``why_illegal`` for better error messages. Game data lives in the attributes named
    by ``fields`` and holds only JSON values (ints, strings, bools, None, lists of them).
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    fields: ClassVar[tuple[str, ...]] = ()

    #: The phases of the game (its steps where different secrets are in flight); the
    #: conformance suite's leak check must visit each one. ``current_phase`` names the
    #: one the game is in.
    phases: ClassVar[tuple[str, ...]] = ("play",)

    __slots__ = (
        "_seen_cache",
        "determinized",
        "history",
        "log",
        "options",
        "players",
        "rng",
        "seed",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng
    history: list[tuple[int, Action]]
    log: list[LogEntry]
    #: True for a state made by ``determinize``: its record no longer replays to it.
    determinized: bool
    _seen_cache: dict[int, tuple[list[LogEntry], list[LogEntry]]] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's per-seat functions check their seats and actions first, so a
        bad seat (``-1``, ``True``, ``"0"``) or a foreign action object is a documented
        error by construction, in every game, present and future."""
        super().__init_subclass__(**kwargs)
        for name, wrap in _GUARDS.items():
            fn = cls.__dict__.get(name)
            if fn is not None and not getattr(fn, "_guarded", False):
                setattr(cls, name, wrap(fn))
        parse = cls.__dict__.get("parse_action")
        if isinstance(parse, classmethod) and not getattr(parse.__func__, "_guarded", False):
            cls.parse_action = classmethod(_guard_parse(parse.__func__))  # type: ignore[method-assign,assignment]

    # ----------------------------------------------------------------- creation

    def __init__(self, players: int, seed: int, options: dict[str, OptionValue]) -> None:
        """Set up a new game. Use :func:`yuletide.new_game`, which validates first."""
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []
        self.log = []
        self.determinized = False
        self._seen_cache = None
        self._setup()

    @classmethod
    def new(cls, players: int | None = None, seed: int = 0, **options: Any) -> Self:
        """A new game, with the player count and options validated."""
        if players is None:
            players = cls.default_players
        if type(players) is not int or not cls.min_players <= players <= cls.max_players:
            span = (
                str(cls.min_players)
                if cls.min_players == cls.max_players
                else f"{cls.min_players} to {cls.max_players}"
            )
            raise InvalidOption(f"{cls.game_id} is for {span} players, got {players!r}")
        if type(seed) is not int:
            raise InvalidOption(f"seed must be a whole number, got {seed!r}")
        return cls(players, seed, resolve_options(cls.game_id, cls.options_spec, options))

    @abstractmethod
    def _setup(self) -> None:
        """Deal the game, drawing every random choice from ``self.rng``."""

    # ------------------------------------------------------------ the contract

    @property
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """The seats that may act now (several for simultaneous choices and races)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now ([] if it may not act). Never depends on
        anything the seat cannot see."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Perform a legal action (unchecked) and append its log entries."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe dict of everything ``seat`` may know; None is a spectator."""

    @abstractmethod
    def _render_event(self, entry: LogEntry, seat: int | None) -> Event:
        """One raw log entry as ``seat`` saw it (:mod:`.events`: ``type`` first, then
        ``seat`` where it is one seat's doing)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome:
        """Finished or not, winners, scores, ranks, the deciding tie-break."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap (flat lists of ints), never ``deepcopy``.
        Start from ``self._clone_base()`` and copy the game's own fields."""

    def _clone_base(self) -> Self:
        """A new object of this class holding copies of the shared fields only."""
        other = object.__new__(type(self))
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = Rng(self.rng.state)
        other.history = self.history.copy()
        other.log = self.log.copy()  # entries are immutable tuples
        other.determinized = self.determinized
        other._seen_cache = None
        return other

    @abstractmethod
    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal, in place, everything hidden from ``seat``, consistently with what it
        knows (used by ``determinize``).

        The result must depend only on what ``seat`` knows and on ``rng``: put every
        hidden pool in a canonical order (sorted) before shuffling it, re-sample other
        seats' knowledge and pending choices from the re-dealt world instead of keeping
        them, and leave no hidden field as it was. The conformance suite proves it:
        determinizing the state and any determinization of it with the same rng must
        give byte-equal saves."""

    @property
    def current_phase(self) -> str:
        """The phase the game is in now, one of ``phases`` (see there)."""
        return self.phases[0]

    @abstractmethod
    def inventory(self) -> list[str]:
        """Every card (or tile) of the game, wherever it is now, one name each."""

    @abstractmethod
    def box(self) -> list[str]:
        """Every card (or tile) the game was set up with: ``inventory`` must always
        be a permutation of it."""

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """The action written as ``text``, or NotationError listing the forms."""

    @classmethod
    @abstractmethod
    def action_space(cls, players: int) -> list[Action]:
        """Every action that can ever be legal at this player count."""

    # --------------------------------------------------------- checked path

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        """The reason ``action`` is illegal for ``seat`` now. Games override this to
        cite their rules; it must not name anything the seat cannot see."""
        legal = ", ".join(str(a) for a in self.legal_actions(seat))
        return IllegalAction(f"{action} is not legal now; legal now: {legal}")

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """How ``viewer`` sees ``seat`` announce ``action`` now (before it is applied).
        The notation by default; a game whose actions can be secret (a face-down choice)
        overrides this, and replays and clients show only this text."""
        return str(action)

    def check_seat(self, seat: Any, *, spectator: bool = False) -> int:
        """``seat`` if it is a seat of this game, else InvalidSeat (an IllegalAction).
        With ``spectator``, None (a spectator) is allowed too."""
        if type(seat) is not int or not 0 <= seat < self.players:
            if spectator and seat is None:
                return None  # type: ignore[return-value]
            raise self._bad_seat(seat, spectator=spectator)
        result: int = seat
        return result

    def _bad_seat(self, seat: Any, *, spectator: bool = False) -> InvalidSeat:
        extra = " (or None for a spectator)" if spectator else ""
        return InvalidSeat(
            f"there is no seat {_describe(seat)}: seats are 0 to {self.players - 1}{extra}"
        )

    def check_action(self, action: Any) -> Action:
        """The game's own action object equal to ``action``, or NotationError: an object
        built by hand with values out of range, or another game's action, never reaches
        the rules."""
        if isinstance(action, Action):
            space = _space(type(self), self.players)
            try:
                own = space.get(action)
            except TypeError:  # an unhashable field: certainly not one of ours
                own = None
            if own is not None:
                return own
        cls = type(self)
        elsewhere = [
            n
            for n in range(cls.min_players, cls.max_players + 1)
            if n != self.players and _in_space(action, cls, n)
        ]
        if elsewhere:
            counts = ", ".join(str(n) for n in elsewhere)
            raise NotationError(
                f"{str(action)!r} is not possible with {self.players} players (it is an"
                f" action of {self.title} with {counts} players)"
            )
        sample = ", ".join(repr(str(a)) for a in list(_space(cls, self.players))[:4])
        raise NotationError(
            f"{_describe(action)} is not an action of {self.title}: an action is one of"
            f" action_space({self.players}) or its notation (for example {sample})"
        )

    def check(self, seat: int, action: Action | str) -> Action:
        """The game's own action object for ``action`` (parsed first if it is notation)
        when ``seat`` may take it now; otherwise the error ``apply`` would raise, and
        nothing changes: InvalidSeat for a seat the game does not have, NotationError for
        text or an object that is no action of this game, IllegalAction (citing the rule)
        when the game is over, ``seat`` is not to act, or the rules forbid the action
        now. ``apply`` is ``check`` and then the fast path; a server judges a command
        with it before committing the action."""
        seat = self.check_seat(seat)
        action = self.parse_action(action) if isinstance(action, str) else self.check_action(action)
        early = self._not_now(seat)
        if early is not None:
            raise early
        if action not in self.legal_actions(seat):
            raise self.why_illegal(seat, action)
        return action

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Perform an action if it is legal, and return the new events as ``seat`` sees
        them. Otherwise raise IllegalAction (or NotationError) and change nothing
        (``check`` says which)."""
        action = self.check(seat, action)
        start = len(self.log)
        self.apply_unchecked(seat, action)
        return [self._render_event(e, seat) for e in self.log[start:]]

    def _not_now(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not act at all now (the game is over, or it is not among the
        seats to act), or None."""
        if self.outcome.over:
            return IllegalAction(
                f"the game is over ({self.outcome.status}): no seat may act",
                f"{self.title}: game end",
            )
        to_act = self.to_act
        if seat not in to_act:
            waiting = ", ".join(str(s) for s in sorted(to_act))
            return IllegalAction(
                f"seat {seat} may not act now; waiting for seat {waiting}",
                f"{self.title}: turn order",
            )
        return None

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """The fast path for bots and simulation: ``action`` must come from
        ``legal_actions(seat)``. The conformance suite proves it agrees with ``apply``."""
        self.history.append((seat, action))
        self._apply(seat, action)

    # ------------------------------------------------------- derived windows

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        """The event log from entry ``start`` on, each entry as ``seat`` saw it."""
        if not self.determinized:
            render = self._render_event
            return [render(e, seat) for e in self.log[start:]]
        return [self._render(e, seat) for e in self.log[start:]]

    def _render(self, entry: LogEntry, seat: int | None) -> Event:
        """One log entry as ``seat`` saw it, frozen entries included."""
        if entry[0] == SEEN:
            mine = entry[2]
            text = mine if mine is not None and seat == entry[1] else entry[3]
            return json.loads(text)  # type: ignore[no-any-return]
        return self._render_event(entry, seat)

    def _freeze(self, entry: LogEntry, seat: int) -> LogEntry:
        """``entry`` as ``seat`` and the table saw it, as a frozen entry."""
        if entry[0] == SEEN:
            public: str = entry[3]
            mine = entry[2] if entry[1] == seat else None
        else:
            table = self._render_event(entry, None)
            own = self._render_event(entry, seat)
            public = _ENCODE(table)
            mine = None if own == table else _ENCODE(own)
        return (SEEN, seat, None if mine == public else mine, public)

    def seen_log(self, seat: int) -> list[LogEntry]:
        """The log as frozen entries for ``seat`` (what a determinization carries).
        Cached per seat: the log only ever grows, so each entry is frozen once."""
        cache: dict[int, tuple[list[LogEntry], list[LogEntry]]] | None = self._seen_cache
        if cache is None:
            cache = self._seen_cache = {}
        log = self.log
        hit = cache.get(seat)
        if hit is None or hit[0] is not log or len(hit[1]) > len(log):
            hit = (log, list[LogEntry]())
            cache[seat] = hit
        frozen = hit[1]
        freeze = self._freeze
        frozen.extend(freeze(e, seat) for e in log[len(frozen) :])
        return frozen.copy()

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one, and that carries nothing of the
        truth ``seat`` could not know: everything hidden from it re-dealt in a canonical
        way (``_redeal``), the future randomness drawn from ``rng``, no seed (0) and no
        action record, and the log frozen as ``seat`` and the table saw it (other seats'
        private events are withheld, not copied). For search and leak checks.

        Its result is a function of ``seat``'s information and ``rng`` only: the
        conformance suite checks that this state and any determinization of it give
        byte-equal saves when determinized with equal rngs."""
        seat = self.check_seat(seat)
        if not isinstance(rng, Rng):
            raise InvalidArgument(
                f"determinize needs an Rng (yuletide.Rng(seed)), got {_describe(rng)}"
            )
        det = self.clone()
        det.determinized = True
        det.seed = 0
        det.history = []
        det.log = self.seen_log(seat)
        det.rng = rng.fork()
        det._redeal(seat, rng)
        return det

    # ------------------------------------------------------ records and saves

    def record(self) -> ReplayRecord:
        """(game id, rules version, options, seed, actions): replaying it gives this state."""
        return ReplayRecord(
            game=self.game_id,
            rules_version=self.rules_version,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            actions=tuple((s, str(a)) for s, a in self.history),
        )

    def snapshot(self) -> dict[str, Any]:
        """Every bit of the state as JSON values (what ``to_json`` saves)."""
        data = {name: getattr(self, name) for name in self.fields}
        data["rng"] = self.rng.state
        data["log"] = self.log
        return json.loads(json.dumps(data))  # type: ignore[no-any-return]

    def to_json(self) -> str:
        """The whole state; :func:`yuletide.load` gives it back exactly."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "format_version": SAVE_FORMAT_VERSION,
                "record": self.record().to_dict(),
                "determinized": self.determinized,
                "state": self.snapshot(),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    def _restore_snapshot(self, data: Mapping[str, Any]) -> None:
        """Overwrite this state's fields with a snapshot whose shape matches."""
        for name in (*self.fields, "rng", "log"):
            if name not in data:
                raise CorruptSave(f"saved state has no {name!r} field")
        for name in self.fields:
            value = data[name]
            _check_shape(name, getattr(self, name), value)
            setattr(self, name, value)
        if type(data["rng"]) is not int or not 0 <= data["rng"] < 1 << 64:
            raise CorruptSave("saved state field 'rng' must be a 64-bit whole number")
        if not isinstance(data["log"], list) or not all(isinstance(e, list) for e in data["log"]):
            raise CorruptSave("saved state field 'log' must be a list of lists")
        self.rng = Rng(data["rng"])
        self.log = [tuple(e) for e in data["log"]]
        self._seen_cache = None
        if sorted(self.inventory()) != sorted(self.box()):
            raise CorruptSave("saved state does not hold every card exactly once")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game_id} players={self.players} seed={self.seed}"
            f" actions={len(self.history)} {self.outcome.status}>"
        )


def _check_shape(name: str, fresh: Any, value: Any) -> None:
    """A loaded field must have the kind of value a fresh game holds there."""
    if isinstance(fresh, bool) or isinstance(value, bool):
        ok = isinstance(fresh, bool) == isinstance(value, bool) or fresh is None or value is None
    elif isinstance(fresh, int | str) or fresh is None:
        ok = value is None or isinstance(value, int | str)
    else:
        ok = isinstance(value, type(fresh))
    if not ok:
        raise CorruptSave(
            f"saved state field {name!r} should be {type(fresh).__name__},"
            f" got {type(value).__name__}"
        )


def replay_actions(state: State, actions: Iterable[tuple[int, str]]) -> State:
    """Apply notated actions through the checked path; CorruptSave names the bad one."""
    for i, (seat, text) in enumerate(actions):
        try:
            state.apply(seat, text)
        except IllegalAction as err:
            raise CorruptSave(
                f"action {i} ({text!r} by seat {seat}) cannot be replayed: {err}"
            ) from err
    return state


#: One encoder made once (``json.dumps`` with options builds a new one per call). Keys
#: stay in the order rendered: a frozen entry must read back exactly as the true one,
#: key order included (a client sees it, e.g. in the order a log line lists piles).
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode

_SPACES: dict[tuple[type[State], int], dict[Action, Action]] = {}


def _space(cls: type[State], players: int) -> dict[Action, Action]:
    """The action space of ``cls`` at ``players`` seats, each action mapped to itself."""
    key = (cls, players)
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = {a: a for a in cls.action_space(players)}
    return space


def _in_space(action: Any, cls: type[State], players: int) -> bool:
    try:
        return action in _space(cls, players)
    except TypeError:
        return False


def _describe(value: Any) -> str:
    """A short, safe description of a bad value for an error message: its repr, or for
    an action its fields (never an out-of-range action's notation, which can name
    another card by wrapping)."""
    try:
        if isinstance(value, Action) and type(value).__repr__ is Action.__repr__:
            text = action_fields(value)
        else:
            text = repr(value)
    except Exception:  # a hostile object's repr; describe it by its type alone
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 120 else text[:117] + "..."


def _guard_legal_actions(fn: Any) -> Any:
    def legal_actions(self: State, seat: int) -> list[Action]:
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise self._bad_seat(seat)
        result: list[Action] = fn(self, seat)
        return result

    return _mark(legal_actions, fn)


def _guard_view(fn: Any) -> Any:
    def view(self: State, seat: int | None) -> dict[str, Any]:
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            raise self._bad_seat(seat, spectator=True)
        result: dict[str, Any] = fn(self, seat)
        return result

    return _mark(view, fn)


def _guard_events(fn: Any) -> Any:
    def events(self: State, seat: int | None, start: int = 0) -> list[Event]:
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            raise self._bad_seat(seat, spectator=True)
        if start.__class__ is not int or not 0 <= start <= len(self.log):
            raise InvalidArgument(
                f"start must be a whole number from 0 to {len(self.log)} (the log's"
                f" length), got {_describe(start)}"
            )
        result: list[Event] = fn(self, seat, start)
        return result

    return _mark(events, fn)


def _guard_why_illegal(fn: Any) -> Any:
    def why_illegal(self: State, seat: int, action: Action) -> IllegalAction:
        seat = self.check_seat(seat)
        action = self.check_action(action)
        early = self._not_now(seat)
        if early is not None:
            return early
        if action in self.legal_actions(seat):
            raise InvalidArgument(
                f"{action} is legal for seat {seat} now: why_illegal explains only actions"
                " that are not"
            )
        result: IllegalAction = fn(self, seat, action)
        return result

    return _mark(why_illegal, fn)


def _guard_action_seen_by(fn: Any) -> Any:
    def action_seen_by(self: State, seat: int, action: Action, viewer: int | None) -> str:
        seat = self.check_seat(seat)
        viewer = self.check_seat(viewer, spectator=True)
        result: str = fn(self, seat, self.check_action(action), viewer)
        return result

    return _mark(action_seen_by, fn)


def _guard_parse(fn: Any) -> Any:
    def parse_action(cls: type[State], text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(
                f"an action's notation is text, got {_describe(text)}; see"
                " action_space() for this game's actions"
            )
        if len(text) > 200:
            raise NotationError(
                f"{text[:40]!r}... ({len(text)} characters) is not an action: notations are short"
            )
        result: Action = fn(cls, text)
        return result

    return _mark(parse_action, fn)


def _mark(wrapper: Any, fn: Any) -> Any:
    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
    wrapper.__wrapped__ = fn
    wrapper._guarded = True
    return wrapper


_GUARDS = {
    "legal_actions": _guard_legal_actions,
    "view": _guard_view,
    "events": _guard_events,
    "why_illegal": _guard_why_illegal,
    "action_seen_by": _guard_action_seen_by,
}

# The base class's own concrete defaults are guarded too (a game that keeps them).
for _name in ("events", "why_illegal", "action_seen_by"):
    setattr(State, _name, _GUARDS[_name](State.__dict__[_name]))
