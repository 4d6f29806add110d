"""The conformance suite: the contract's promises, checked for any registered game.

Every game gets these checks from its first commit (``tests/test_conformance.py`` runs
them over the registry at every legal player count and many seeds), as OpenSpiel runs
its random-simulation and API tests over every game:

* :func:`check_random_play` — random play ends, never raises, conserves every card at
  every step, every seat in ``to_act`` has a legal action and no other seat has one,
  every legal action is in ``action_space`` and its notation parses back to it, every
  view is JSON-safe, fits the game's declared schema (its room's ``view.py``) and
  renders as text, and the unchecked fast path reaches exactly
  the state the checked path does.
* :func:`check_no_leak` — the leak proof, at states along random games (every few
  steps, the last, and the first state of every phase the game names), for every seat s
  (:func:`leak_check_at`): T is a world s cannot tell from the real state S
  (:func:`another_world`: a determinization whose seed, RNG, record and log the suite
  then sets itself); T is indistinguishable from S on every channel of s and of the
  spectator (:func:`check_indistinguishable`: view, its text, log, ordered legal
  actions, ``to_act``, outcome, the error of every illegal action, of garbage text and of
  foreign action objects, ``action_seen_by``); S and T give byte-equal determinizations
  (:func:`check_canonical`: nothing s cannot see influences one); and after any action
  legal in both, equal events for s mean equal observations (:func:`check_learns_only_by_events`).
  :func:`seeds_reaching` finds seeds for phases random play rarely reaches.
* :func:`check_round_trips` — JSON save/load exactly (mid-game, then play continues
  identically), a determinized state's save, and the replay record.
* :func:`trajectory_digest` / :func:`check_determinism` — the same seed and actions give
  the same trajectory, also in a second process with another PYTHONHASHSEED.

Failures raise :class:`ConformanceError` with the game, seed and step.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from .errors import CorruptSave, YuletideError
from .registry import game_class, games, load, new_game, replay, spec_of
from .rng import Rng, derive_seed
from .schema import EncodingError, Record
from .state import SEEN, Action, State, _space


class ConformanceError(AssertionError):
    """A game broke a promise of the contract."""


def _fail(state: State, what: str) -> ConformanceError:
    return ConformanceError(
        f"{state.game_id} players={state.players} seed={state.seed}"
        f" step={len(state.history)}: {what}"
    )


def random_step(state: State, rng: Rng, *, checked: bool = True) -> None:
    """One random legal action by a random seat among those that may act."""
    seats = sorted(state.to_act)
    seat = seats[rng.below(len(seats))]
    actions = state.legal_actions(seat)
    action = actions[rng.below(len(actions))]
    if checked:
        state.apply(seat, action)
    else:
        state.apply_unchecked(seat, action)


def random_game(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    checked: bool = True,
    on_step: Callable[[State], None] | None = None,
    max_steps: int = 1_000_000,
) -> State:
    """A whole game of uniformly random play from ``seed`` (choices from a sub-stream)."""
    state = new_game(game_id, players=players, seed=seed, **(options or {}))
    rng = Rng(derive_seed(seed, 0xC0FFEE))
    if on_step is not None:
        on_step(state)
    for _ in range(max_steps):
        if state.outcome.over:
            return state
        random_step(state, rng, checked=checked)
        if on_step is not None:
            on_step(state)
    raise _fail(state, f"did not end within {max_steps} steps")


def _check_view(state: State, seat: int | None, schema: Record) -> None:
    """``view(seat)`` is JSON and fits the game's declared schema (its room's view.py)."""
    view = state.view(seat)
    json.dumps(view)
    try:
        schema.check(view, state.players, "")
    except EncodingError as err:
        raise _fail(
            state, f"view({seat}) does not fit its declared schema (view.py): {err}"
        ) from err


def _check_step(state: State) -> None:
    space = _space(type(state), state.players)
    schema = spec_of(state).view
    box = sorted(state.box())
    if sorted(state.inventory()) != box:
        raise _fail(state, "a card is missing or duplicated (inventory is not the box)")
    over = state.outcome.over
    to_act = state.to_act
    if over and to_act:
        raise _fail(state, "the game is over but seats may still act")
    if not over and not to_act:
        raise _fail(state, "the game is not over but no seat may act")
    for seat in range(state.players):
        actions = state.legal_actions(seat)
        if seat in to_act and not actions:
            raise _fail(state, f"seat {seat} may act but has no legal action")
        if seat not in to_act and actions:
            raise _fail(state, f"seat {seat} may not act but has legal actions")
        if len(set(actions)) != len(actions):
            raise _fail(state, f"seat {seat} has duplicate legal actions")
        for action in actions:
            if action not in space:
                raise _fail(state, f"legal action {action!r} is missing from action_space()")
            text = str(action)
            if state.parse_action(text) != action:
                raise _fail(state, f"notation {text!r} does not parse back to {action!r}")
        _check_view(state, seat, schema)
    _check_view(state, None, schema)
    if state.current_phase not in state.phases:
        raise _fail(
            state, f"phase {state.current_phase!r} is not one of {type(state).__name__}.phases"
        )
    if len(state.history) % 10 == 0 or over:  # rendering is slow; a sample suffices
        for viewer in (*range(state.players), None):
            if not isinstance(spec_of(state).text.render(state.view(viewer)), str):
                raise _fail(state, f"render(view({viewer})) is not text")


def check_random_play(game_id: str, players: int, seed: int, **options: Any) -> State:
    """Random play through the checked path with every per-step invariant, then the
    same actions through the unchecked path must reach the same state."""
    state = random_game(game_id, players, seed, options, on_step=_check_step)
    fast = new_game(game_id, players=players, seed=seed, **options)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    if fast.to_json() != state.to_json():
        raise _fail(state, "the unchecked path and the checked path disagree")
    if not state.outcome.over:
        raise _fail(state, "random play stopped before the game was over")
    return state


#: Garbage notation every game must refuse with a documented error that is the same in
#: every world a seat cannot tell apart.
GARBAGE_TEXT = ("", "   ", "xyzzy", "play", "play 99", "-1", "\x00", "swap 1 1 1 1", "π")


class ForeignAction(Action):
    """An action object of no game: every game must refuse it by name."""

    __slots__ = ()

    def __str__(self) -> str:
        return "foreign action"


#: How many of the newest log entries the indistinguishability check compares.
RECENT_EVENTS = 40

_FOREIGN: dict[str, list[Action]] = {}
#: Keys in the order rendered, as the state freezes them (the order is observable).
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
#: The key-order check's own encoder (not the oracle's: a test swaps that one out).
_ORDERED = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _foreign_actions(state: State) -> list[Action]:
    """A bare Action, an action of no game, and one action of every other game."""
    found = _FOREIGN.get(state.game_id)
    if found is None:
        found = [Action(), ForeignAction()]
        for game_id in games():
            if game_id != state.game_id:
                cls = game_class(game_id)
                found.append(cls.action_space(cls.default_players)[0])
        _FOREIGN[state.game_id] = found
    return found


def _error_of(state: State, seat: int, action: Action | str) -> str:
    """The error ``apply`` raises for an illegal action: a documented one, raised
    before anything changed (the caller checks the state is unchanged afterwards)."""
    try:
        state.apply(seat, action)
    except YuletideError as err:
        return f"{type(err).__name__}: {err}"
    raise _fail(state, f"{action!r} by seat {seat} was applied though it is not legal")


def observation(state: State, seat: int | None, since: int = 0) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) can observe of ``state`` through its
    channels: view, its text rendering, log (from entry ``since``), ``to_act``, outcome
    and, for a seat, its legal actions as notation, in order."""
    view = state.view(seat)
    seen: dict[str, Any] = {
        "view": view,
        "text": spec_of(state).text.render(view),
        "events": state.events(seat, since),
        "to_act": sorted(state.to_act),
        "outcome": state.outcome.to_dict(),
    }
    if seat is not None:
        seen["legal_actions"] = [str(a) for a in state.legal_actions(seat)]
    return json.loads(json.dumps(seen))  # type: ignore[no-any-return]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, as a path (``view.hands[2]``), or None."""
    if type(a) is not type(b):
        return path or "(top)"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}" if path else str(key)
            found = first_difference(a[key], b[key], f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None if len(a) == len(b) else f"{path} (length {len(a)} vs {len(b)})"
    return None if a == b else (path or "(top)")


def first_order_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two equal JSON values first list an object's keys in another order, or
    None. The order is on the wire (a client reads the keys in it), so it can leak."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return path or "(top)"
        for key in a:
            found = first_order_difference(a[key], b[key], f"{path}.{key}" if path else key)
            if found is not None:
                return found
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_order_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def _order_difference(a: Any, b: Any) -> str | None:
    """``first_order_difference`` of two equal values, after a check at C speed."""
    return None if _ORDERED(a) == _ORDERED(b) else first_order_difference(a, b)


def _same(state: State, what: str, a: Any, b: Any) -> None:
    if a == b:  # the common case, at C speed; first_difference only to name the place
        where = _order_difference(a, b)
        if where is not None:
            raise _fail(state, f"{what}: the keys come in another order at {where}")
        return
    where = first_difference(a, b)
    if where is not None:
        raise _fail(state, f"{what}: differs at {where}")


def _common_actions(s: State, t: State, actor: int) -> list[tuple[Action, Action]]:
    """The actions of ``actor`` legal in both worlds, paired by notation."""
    theirs = {str(a): a for a in t.legal_actions(actor)}
    return [(a, theirs[str(a)]) for a in s.legal_actions(actor) if str(a) in theirs]


def _sample(items: list[Any], n: int, rng: Rng) -> list[Any]:
    if len(items) <= n:
        return items
    picked = sorted({rng.below(len(items)) for _ in range(n)})
    return [items[i] for i in picked]


def _fingerprint(state: State) -> tuple[Any, ...]:
    return (
        tuple(json.dumps(getattr(state, name)) for name in state.fields),
        state.rng.state,
        len(state.log),
        len(state.history),
    )


def another_world(state: State, seat: int, rng: Rng) -> State:
    """A world ``seat`` cannot tell from ``state``, as unlike it as the suite can make
    one: a determinization whose engine-level fields — seed, action record, RNG and log —
    are then set here, independently of ``determinize``, to other values the seat cannot
    observe (another seed and RNG, no record, the log frozen as the seat and the table
    saw it). So a determinize that copies any of them from the truth gives this world and
    the real one different determinizations, and ``check_canonical`` catches it."""
    other = state.determinize(seat, Rng(rng.next64()))
    if other.seed != 0 or other.history:
        raise _fail(state, "a determinization keeps the real game's seed or action record")
    other.seed = rng.next64() >> 1
    other.rng = Rng(rng.next64())
    other.history = []
    other.log = _oracle_log(state, seat)
    other._seen_cache = None
    return other


_ORACLE: dict[tuple[int, int], tuple[State, list[Any], list[tuple[Any, ...]]]] = {}


def _oracle_log(state: State, seat: int) -> list[tuple[Any, ...]]:
    """``state``'s log frozen by ``_oracle_freeze``, cached per state and seat while the
    log only grows (random play mutates one state object)."""
    key = (id(state), seat)
    hit = _ORACLE.get(key)
    if (
        hit is None
        or hit[0] is not state
        or hit[1] is not state.log
        or len(hit[2]) > len(state.log)
    ):
        if len(_ORACLE) > 64:
            _ORACLE.clear()
        hit = (state, state.log, [])
        _ORACLE[key] = hit
    frozen = hit[2]
    frozen.extend(_oracle_freeze(state, e, seat) for e in state.log[len(frozen) :])
    return frozen.copy()


def _oracle_freeze(state: State, entry: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    """An entry as ``seat`` and the table saw it, frozen by the suite's own hand."""
    if entry[0] == SEEN:
        mine, public = (entry[2] if entry[1] == seat else None), entry[3]
    else:
        public = _ENCODE(state._render_event(entry, None))
        mine = _ENCODE(state._render_event(entry, seat))
    return (SEEN, seat, None if mine == public else mine, public)


def check_indistinguishable(state: State, other: State, seat: int | None, rng: Rng) -> None:
    """``other`` must look exactly like ``state`` to ``seat`` on every channel: the
    observation, and for a seat the error of every illegal action in the action space,
    of garbage text and of foreign action objects, and how it is shown every action
    another seat may take (``action_seen_by``)."""
    who = "the spectator" if seat is None else f"seat {seat}"
    # The other world's log before the newest entries is the real one frozen as this
    # viewer saw it, so only the newest entries can differ: compare those.
    since = max(0, len(state.log) - RECENT_EVENTS)
    _same(
        state,
        f"what {who} observes leaks",
        observation(state, seat, since),
        observation(other, seat, since),
    )
    for actor in sorted(state.to_act):
        for mine, theirs in _sample(_common_actions(state, other, actor), 8, rng):
            a = state.action_seen_by(actor, mine, seat)
            b = other.action_seen_by(actor, theirs, seat)
            if a != b:
                raise _fail(state, f"action_seen_by({actor}, {mine}, {seat}) leaks: {a!r}")
    if seat is None:
        return
    before = (_fingerprint(state), _fingerprint(other))
    legal = {str(a) for a in state.legal_actions(seat)}
    probes: list[Action | str] = [*GARBAGE_TEXT, *_foreign_actions(state)]
    probes.extend(a for a in state.action_space(state.players) if str(a) not in legal)
    for probe in probes:
        mine_err = _error_of(state, seat, probe)
        theirs_err = _error_of(other, seat, probe)
        if mine_err != theirs_err:
            raise _fail(state, f"the error for {probe!r} by seat {seat} leaks: {mine_err!r}")
    if (_fingerprint(state), _fingerprint(other)) != before:
        raise _fail(state, f"an illegal action by seat {seat} changed the state")


def _world(state: State) -> tuple[Any, ...]:
    """Everything ``to_json`` writes, as Python objects (cheap to compare)."""
    return (
        state.seed,
        state.determinized,
        [(s, str(a)) for s, a in state.history],
        [getattr(state, name) for name in state.fields],
        state.rng.state,
        state.log,
    )


def check_canonical(state: State, seat: int, other: State, k: int) -> None:
    """Section 1 of the leak proof: ``other`` is a world ``seat`` cannot tell from
    ``state``; determinized for ``seat`` with equal rngs, both must give the same full
    state, byte for byte (seed, record, RNG, every seat's log and knowledge included):
    nothing ``seat`` cannot see may influence a determinization."""
    det_a = state.determinize(seat, Rng(k))
    det_b = other.determinize(seat, Rng(k))
    if _world(det_a) == _world(det_b):
        return  # equal objects save to equal bytes (to_json is a function of these)
    a, b = det_a.to_json(), det_b.to_json()
    if a != b:
        where = first_difference(json.loads(a), json.loads(b))
        raise _fail(
            state,
            f"determinize({seat}) depends on what seat {seat} cannot see: two worlds it"
            f" cannot tell apart give different determinizations, first at {where}",
        )


def check_learns_only_by_events(
    state: State, other: State, seat: int | None, rng: Rng, per_actor: int = 3
) -> int:
    """Section 2 of the leak proof: for worlds ``state`` and ``other`` that ``seat``
    cannot tell apart, after any action legal in both, if the events ``seat`` receives
    are the same then everything it observes is the same: every change in what a seat
    can observe is explained by an event it was shown. Returns the actions tried."""
    tried = 0
    for actor in sorted(state.to_act):
        for mine, theirs in _sample(_common_actions(state, other, actor), per_actor, rng):
            s, t = state.clone(), other.clone()
            ns, nt = len(s.log), len(t.log)
            s.apply_unchecked(actor, mine)
            t.apply_unchecked(actor, theirs)
            tried += 1
            if s.events(seat, ns) != t.events(seat, nt):
                continue  # the seat was shown a difference: it may learn from it
            who = "the spectator" if seat is None else f"seat {seat}"
            seen_s, seen_t = observation(s, seat, len(s.log)), observation(t, seat, len(t.log))
            where = (
                _order_difference(seen_s, seen_t)
                if seen_s == seen_t
                else first_difference(seen_s, seen_t)
            )
            if where is not None:
                raise _fail(
                    state,
                    f"after seat {actor} plays {mine}, {who} observes a change no event"
                    f" showed it (equal events, different {where})",
                )
    return tried


class LeakReport:
    """What a leak-check run covered: states probed, determinizations that re-dealt
    something, actions tried for section 2, and the phases visited."""

    def __init__(self) -> None:
        self.probes = 0
        self.made = 0
        self.redealt = 0
        self.tried = 0
        self.phases: set[str] = set()

    def add(self, other: LeakReport) -> None:
        self.probes += other.probes
        self.made += other.made
        self.redealt += other.redealt
        self.tried += other.tried
        self.phases |= other.phases


def leak_check_at(state: State, seat: int, rng: Rng, report: LeakReport | None = None) -> bool:
    """The whole leak proof for ``seat`` at ``state``: a determinization is
    indistinguishable on every channel (for the seat and the spectator), determinize is
    canonical (section 1), and the seat learns only through its events (section 2).
    Returns whether the determinization re-dealt something."""
    report = report if report is not None else LeakReport()
    other = another_world(state, seat, rng)
    report.made += 1
    if sorted(other.inventory()) != sorted(state.box()):
        raise _fail(state, "a determinization lost or duplicated a card")
    check_indistinguishable(state, other, seat, rng)
    check_indistinguishable(state, other, None, rng)
    check_canonical(state, seat, other, rng.next64())
    report.tried += check_learns_only_by_events(state, other, seat, rng)
    report.tried += check_learns_only_by_events(state, other, None, rng, per_actor=1)
    changed = any(getattr(other, name) != getattr(state, name) for name in state.fields)
    report.redealt += changed
    return changed


def check_no_leak(
    game_id: str, players: int, seed: int, *, every: int = 7, **options: Any
) -> LeakReport:
    """The leak proof at every ``every``-th state of a random game, the last, and the
    first state of each phase, for every seat and the spectator. Returns what it
    covered (see :class:`LeakReport`)."""
    rng = Rng(derive_seed(seed, 0x1EA4))
    report = LeakReport()

    def probe(state: State) -> None:
        phase = state.current_phase
        if len(state.history) % every and not state.outcome.over and phase in report.phases:
            return  # every ``every``-th state, the last, and each phase when first met
        report.probes += 1
        report.phases.add(phase)
        for seat in range(state.players):
            leak_check_at(state, seat, rng, report)

    random_game(game_id, players, seed, options, on_step=probe)
    return report


def _phase_into(seen: set[str]) -> Callable[[State], None]:
    return lambda state: seen.add(state.current_phase)


def seeds_reaching(
    game_id: str, players: int, phases: set[str], seeds: range, **options: Any
) -> dict[str, int]:
    """For each of ``phases``, the first seed in ``seeds`` whose random game (played fast,
    unchecked) reaches it: how the leak check finds the rare phases of a game."""
    found: dict[str, int] = {}
    for seed in seeds:
        if len(found) == len(phases):
            break
        seen: set[str] = set()
        random_game(game_id, players, seed, options, checked=False, on_step=_phase_into(seen))
        for phase in seen & phases:
            found.setdefault(phase, seed)
    return found


def check_round_trips(game_id: str, players: int, seed: int, **options: Any) -> None:
    """Save/load exactly at several points (play then continues identically), a
    determinized state's save, and replay of the record."""
    final = random_game(game_id, players, seed, options)
    actions = final.history
    state = new_game(game_id, players=players, seed=seed, **options)
    checkpoints = {0, len(actions) // 3, len(actions) // 2, len(actions)}
    for i, (seat, action) in enumerate([*actions, (None, None)]):
        if i in checkpoints:
            text = state.to_json()
            loaded = load(text)
            if loaded.to_json() != text:
                raise _fail(state, "load(to_json()) is not an exact round trip")
            for s, a in actions[i:]:
                loaded.apply_unchecked(s, a)
            if loaded.to_json() != final.to_json():
                raise _fail(state, "play after a load diverged from play without it")
            for viewer in range(state.players):
                det = state.determinize(viewer, Rng(derive_seed(seed, i, viewer)))
                try:
                    load(det.to_json())
                except CorruptSave:
                    pass
                else:
                    raise _fail(state, "a determinized state's save was loaded as a game")
        if seat is not None and action is not None:
            state.apply(seat, action)
    record = final.record()
    again = replay(json.loads(json.dumps(record.to_dict())))
    if again.to_json() != final.to_json():
        raise _fail(final, "replaying the record does not give the same final state")


def trajectory_digest(game_id: str, players: int, seed: int, **options: Any) -> str:
    """A hash of a random game's every step: actions, views and the final save."""
    h = hashlib.sha256()

    def step(state: State) -> None:
        h.update(json.dumps([[s, str(a)] for s, a in state.history[-1:]]).encode())
        if len(state.history) % 4 == 0:  # views are costly; every 4th state suffices
            h.update(json.dumps([state.view(s) for s in range(state.players)]).encode())

    final = random_game(game_id, players, seed, options, on_step=step)
    h.update(final.to_json().encode())
    return h.hexdigest()


def check_determinism(game_id: str, players: int, seed: int, **options: Any) -> str:
    """The same trajectory twice here and once in a fresh process with a different
    PYTHONHASHSEED. Returns the digest."""
    first = trajectory_digest(game_id, players, seed, **options)
    if trajectory_digest(game_id, players, seed, **options) != first:
        raise ConformanceError(f"{game_id} seed={seed}: two runs in one process differ")
    # The child imports the game's room first (importing a room registers its game), on
    # this process's module path: a game registered at run time (a test's own room) is
    # checked like a built-in one.
    code = (
        "import importlib, json, sys\n"
        "a = json.loads(sys.argv[1])\n"
        "sys.path[:0] = [p for p in a[5] if p not in sys.path]\n"
        "importlib.import_module(a[4])\n"
        "from yuletide.core.conformance import trajectory_digest\n"
        "print(trajectory_digest(a[0], a[1], a[2], **a[3]))\n"
    )
    package = spec_of(game_class(game_id)).package
    env = {**os.environ, "PYTHONHASHSEED": str(1 + seed % 4_000_000_000)}
    argv = json.dumps([game_id, players, seed, options, package, sys.path])
    out = subprocess.run(
        [sys.executable, "-c", code, argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.strip()
    if out != first:
        raise ConformanceError(
            f"{game_id} seed={seed}: a second process (PYTHONHASHSEED={env['PYTHONHASHSEED']})"
            " gives another trajectory"
        )
    return first
