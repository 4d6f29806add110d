"""Hostile input, fuzzed (issue 12, section 4): random and near-miss notation, action
objects built by hand or taken from another game, bad seats and log positions in every
per-seat function, and mangled saves, over every game. Only documented errors
(``YuletideError``) may come out, and a refused input changes nothing.

``YULETIDE_FUZZ_EXAMPLES`` sets the examples per game and input kind (default 60, so
``make test`` stays quick); the closing note's figures were measured with 2,500 (four
kinds: 10,000 inputs per game).
"""

from __future__ import annotations

import dataclasses
import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yuletide
from yuletide.core import Rng, YuletideError
from yuletide.core.conformance import ForeignAction, random_game
from yuletide.core.state import Action, State

EXAMPLES = int(os.environ.get("YULETIDE_FUZZ_EXAMPLES", "60"))
GAMES = yuletide.games()
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same inputs every run: a failure is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)

_STATES: dict[str, list[State]] = {}


def _states(game_id: str) -> list[State]:
    """Some states along a random game at the smallest and largest player counts."""
    if game_id not in _STATES:
        cls = yuletide.game_class(game_id)
        found: list[State] = []
        for players in sorted({cls.min_players, cls.max_players}):
            final = random_game(game_id, players, 11, checked=False)
            state = yuletide.new_game(game_id, players=players, seed=11)
            marks = {0, 1, len(final.history) // 3, 2 * len(final.history) // 3}
            for i, (seat, action) in enumerate(final.history):
                if i in marks:
                    found.append(state.clone())
                state.apply_unchecked(seat, action)
            found.append(state)
        _STATES[game_id] = found
    return _STATES[game_id]


def _fingerprint(state: State) -> str:
    return state.to_json()


def _near_miss(draw: Any, state: State) -> str:
    """A notation of the game changed a little: a character added, dropped or swapped,
    a number changed, words repeated."""
    space = state.action_space(state.players)
    text = str(draw(st.sampled_from(space)))
    how = draw(st.integers(0, 4))
    i = draw(st.integers(0, max(0, len(text) - 1)))
    if how == 0:
        return text[:i] + text[i + 1 :]
    if how == 1:
        return text[:i] + draw(st.characters()) + text[i:]
    if how == 2:
        return text.replace(" ", "  ", 1).upper()
    if how == 3:
        return " ".join(
            w if not w.isdigit() else str(draw(st.integers(-99, 999))) for w in text.split()
        )
    return text + " " + text


def _hand_built(draw: Any, state: State) -> Any:
    """An action of this game rebuilt with some field values out of range or of the
    wrong type, or an object that is not one of this game's actions at all."""
    space = state.action_space(state.players)
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return draw(st.sampled_from([Action(), ForeignAction(), 42, None, "x", object(), [1]]))
    if choice == 1:
        other = draw(st.sampled_from([g for g in GAMES if g != state.game_id]))
        cls = yuletide.game_class(other)
        return draw(st.sampled_from(cls.action_space(cls.max_players)))
    action = draw(st.sampled_from(space))
    if not dataclasses.is_dataclass(action) or not dataclasses.fields(action):
        return action
    junk = st.one_of(st.integers(-1000, 1000), st.sampled_from([None, "1", 1.5, True, [0], (0,)]))
    changes = {f.name: draw(junk) for f in dataclasses.fields(action) if draw(st.booleans())}
    return dataclasses.replace(action, **changes)


BAD_SEATS = st.one_of(
    st.integers(-20, 20), st.sampled_from([True, False, None, "0", 1.5, 0.0, [0], -(2**70)])
)


def _call(state: State, fn: Any, *args: Any) -> None:
    """Call ``fn``: it may succeed, or raise a documented error that changed nothing."""
    before = _fingerprint(state)
    try:
        fn(*args)
    except YuletideError:
        assert _fingerprint(state) == before, f"{fn.__name__}{args!r} changed the state"


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_notation(game_id: str, data: Any) -> None:
    state = data.draw(st.sampled_from(_states(game_id))).clone()
    if data.draw(st.booleans()):
        text = data.draw(st.text(max_size=40))
    else:
        text = _near_miss(data.draw, state)
    _call(state, state.parse_action, text)
    for seat in sorted(state.to_act) or [0]:
        probe = state.clone()
        before = _fingerprint(probe)
        try:
            probe.apply(seat, text)
        except YuletideError:
            assert _fingerprint(probe) == before


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_action_objects(game_id: str, data: Any) -> None:
    state = data.draw(st.sampled_from(_states(game_id))).clone()
    action = _hand_built(data.draw, state)
    seat = data.draw(st.one_of(st.sampled_from(sorted(state.to_act) or [0]), BAD_SEATS))
    viewer = data.draw(st.one_of(st.none(), st.integers(0, state.players - 1), BAD_SEATS))
    _call(state, state.why_illegal, seat, action)
    _call(state, state.action_seen_by, seat, action, viewer)
    probe = state.clone()
    before = _fingerprint(probe)
    try:
        probe.apply(seat, action)
    except YuletideError:
        assert _fingerprint(probe) == before


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_seats_and_log_positions(game_id: str, data: Any) -> None:
    state = data.draw(st.sampled_from(_states(game_id)))
    seat = data.draw(BAD_SEATS)
    start = data.draw(st.one_of(st.integers(-5, len(state.log) + 5), BAD_SEATS))
    _call(state, state.legal_actions, seat)
    _call(state, state.view, seat)
    _call(state, state.events, seat, start)
    _call(state, state.determinize, seat, Rng(data.draw(st.integers(0, 2**64 - 1))))
    _call(state, state.determinize, 0, data.draw(st.sampled_from([None, 5, "rng"])))


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        out = [path] if path else []
        for key, item in value.items():
            out.extend(_leaves(item, (*path, key)))
        return out
    if isinstance(value, list):
        out = [path] if path else []
        for i, item in enumerate(value):
            out.extend(_leaves(item, (*path, i)))
        return out
    return [path]


def _mangle(draw: Any, text: str) -> str | bytes:
    how = draw(st.integers(0, 5))
    if how == 0:
        return text[: draw(st.integers(0, len(text)))]
    if how == 1:
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.characters()) + text[i + 1 :]
    if how == 2:
        return draw(st.sampled_from(["[" * 1000 + "]" * 1000, "{}", "null", "5", '"x"', ""]))
    data = json.loads(text)
    paths = _leaves(data)
    path = draw(st.sampled_from(paths))
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    junk = st.one_of(
        st.integers(-(2**65), 2**65),
        st.sampled_from([None, True, "", "x", [], {}, [[]], 1.5, -1, 10**6]),
    )
    if how == 3 or not isinstance(parent, dict | list):
        parent[path[-1]] = draw(junk)
    elif how == 4 and isinstance(parent, dict):
        del parent[path[-1]]
    elif isinstance(parent, list):
        parent.insert(path[-1], draw(junk))
    else:
        parent[path[-1]] = draw(junk)
    out = json.dumps(data)
    return out.encode() if draw(st.booleans()) else out


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_mangled_saves(game_id: str, data: Any) -> None:
    state = data.draw(st.sampled_from(_states(game_id)))
    text = state.to_json() if data.draw(st.booleans()) else json.dumps(state.record().to_dict())
    mangled = _mangle(data.draw, text)
    try:
        loaded = yuletide.load(mangled)
    except YuletideError:
        pass
    else:
        # It loaded, so its record replays to exactly its saved state: the same game, or
        # (an option edited in the record, say a higher turn limit) a consistent other
        # one. Either way it round-trips and plays on.
        again_text = loaded.to_json()
        assert yuletide.load(again_text).to_json() == again_text
        if loaded.record() == state.record():
            assert again_text == state.to_json()
        _plays_on(loaded)
    try:
        parsed = json.loads(mangled)
    except (ValueError, RecursionError):
        return  # not JSON at all: replay() takes parsed JSON
    try:
        again = yuletide.replay(parsed)
    except YuletideError:
        return
    _plays_on(again)


def _plays_on(state: State) -> None:
    """Every channel works and, if the game goes on, a legal action applies."""
    for seat in range(state.players):
        state.view(seat)
        state.legal_actions(seat)
        state.events(seat)
    state.view(None)
    if state.to_act and not state.outcome.over:
        seat = min(state.to_act)
        state.apply(seat, state.legal_actions(seat)[0])
