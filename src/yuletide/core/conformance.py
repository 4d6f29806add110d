"""The conformance suite: the contract's promises, checked for any registered game.

Every game gets these checks from its first commit (``tests/test_conformance.py`` runs
them over the registry at every legal player count and many seeds), as OpenSpiel runs
its random-simulation and API tests over every game:

* :func:`check_random_play` — random play ends, never raises, conserves every card at
  every step, every seat in ``to_act`` has a legal action and no other seat has one,
  every legal action is in ``action_space`` and its notation parses back to it, every
  view is JSON-safe and renders as text, and the unchecked fast path reaches exactly
  the state the checked path does.
* :func:`check_no_leak` — for every seat, at states along random games, ``view``,
  ``legal_actions``, the seat's event log, ``to_act`` and the error message of every
  illegal action are identical on the state and on ``determinize(seat)``; and
  determinize really re-deals (counted, so the caller can assert it is not vacuous).
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

from .errors import IllegalAction
from .registry import load, new_game, replay
from .rng import Rng, derive_seed
from .state import Action, State


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


def _check_step(state: State) -> None:
    space = _action_space(type(state), state.players)
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
        json.dumps(state.view(seat))
    json.dumps(state.view(None))
    if len(state.history) % 10 == 0 or over:  # rendering is slow; a sample suffices
        for viewer in (*range(state.players), None):
            if not isinstance(state.render(state.view(viewer)), str):
                raise _fail(state, f"render(view({viewer})) is not text")


_SPACES: dict[tuple[type[State], int], frozenset[Action]] = {}


def _action_space(cls: type[State], players: int) -> frozenset[Action]:
    key = (cls, players)
    if key not in _SPACES:
        _SPACES[key] = frozenset(cls.action_space(players))
    return _SPACES[key]


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


def _illegal_message(state: State, seat: int, text: str) -> str:
    """The error an illegal action raises. ``apply`` must raise before changing
    anything; the caller checks that the state is unchanged afterwards."""
    try:
        state.apply(seat, text)
    except IllegalAction as err:
        return f"{type(err).__name__}: {err}"
    raise _fail(state, f"{text!r} by seat {seat} was applied though it is not legal")


def leak_check_at(state: State, seat: int, rng: Rng) -> bool:
    """Compare what ``seat`` can observe on ``state`` and on a determinization of it.
    Returns whether the determinization changed anything (hidden cards re-dealt)."""
    det = state.determinize(seat, rng)
    if det.view(seat) != state.view(seat):
        raise _fail(state, f"view({seat}) differs on a determinization: it leaks")
    if [str(a) for a in det.legal_actions(seat)] != [str(a) for a in state.legal_actions(seat)]:
        raise _fail(state, f"legal_actions({seat}) differ on a determinization: they leak")
    if det.events(seat) != state.events(seat):
        raise _fail(state, f"the event log of seat {seat} differs on a determinization")
    if det.to_act != state.to_act or det.outcome != state.outcome:
        raise _fail(state, "to_act or outcome differ on a determinization")
    if sorted(det.inventory()) != sorted(state.box()):
        raise _fail(state, "a determinization lost or duplicated a card")
    legal = {str(a) for a in state.legal_actions(seat)}
    saved = state.clone()
    for action in state.action_space(state.players):
        text = str(action)
        if text in legal:
            continue
        mine = _illegal_message(state, seat, text)
        theirs = _illegal_message(det, seat, text)
        if mine != theirs:
            raise _fail(state, f"the error for {text!r} by seat {seat} leaks: {mine!r}")
    if (
        any(getattr(state, name) != getattr(saved, name) for name in state.fields)
        or state.rng.state != saved.rng.state
        or len(state.log) != len(saved.log)
        or len(state.history) != len(saved.history)
    ):
        raise _fail(state, f"an illegal action by seat {seat} changed the state")
    return any(getattr(det, name) != getattr(state, name) for name in state.fields)


def check_no_leak(
    game_id: str, players: int, seed: int, *, every: int = 7, **options: Any
) -> tuple[int, int]:
    """The leak check at every ``every``-th state of a random game, for every seat and
    the spectator's view. Returns (determinizations made, how many re-dealt something)."""
    rng = Rng(derive_seed(seed, 0x1EA4))
    counts = [0, 0]

    def probe(state: State) -> None:
        if len(state.history) % every:
            return
        for seat in range(state.players):
            counts[0] += 1
            counts[1] += leak_check_at(state, seat, rng)

    random_game(game_id, players, seed, options, on_step=probe)
    return counts[0], counts[1]


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
                text = det.to_json()
                if load(text).to_json() != text:
                    raise _fail(state, "a determinized state does not round-trip")
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
    code = (
        "import json, sys\n"
        "from yuletide.core.conformance import trajectory_digest\n"
        "a = json.loads(sys.argv[1])\n"
        "print(trajectory_digest(a[0], a[1], a[2], **a[3]))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": str(1 + seed % 4_000_000_000)}
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps([game_id, players, seed, options])],
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
