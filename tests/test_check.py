"""``State.check`` (issue point 5): the checked half of ``apply``, public. And every game
action's ``repr`` shows its notation."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.core import Action, IllegalAction, NotationError, Rng
from yuletide.core.conformance import random_game
from yuletide.core.errors import InvalidSeat
from yuletide.core.state import action_fields

GAMES = yuletide.games()


def _walk(state: yuletide.State, rng: Rng, steps: int) -> None:
    """Up to ``steps`` uniformly random legal actions, stopping before the game ends."""
    for _ in range(steps):
        to_act = sorted(state.to_act)
        if not to_act:
            return
        seat = to_act[rng.below(len(to_act))]
        legal = state.legal_actions(seat)
        probe = state.clone()
        action = legal[rng.below(len(legal))]
        probe.apply_unchecked(seat, action)
        if probe.outcome.over:
            return
        state.apply_unchecked(seat, action)


def _same_error(state: yuletide.State, seat: Any, action: Any) -> IllegalAction:
    """``check`` raises exactly what ``apply`` raises, and neither changes anything."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as checked:
        state.check(seat, action)
    assert state.to_json() == before
    with pytest.raises(IllegalAction) as applied:
        state.apply(seat, action)
    assert state.to_json() == before
    assert type(checked.value) is type(applied.value)
    assert str(checked.value) == str(applied.value)
    assert checked.value.rule == applied.value.rule
    return checked.value


@pytest.mark.parametrize("game_id", GAMES)
def test_check_returns_the_games_own_action_and_changes_nothing(game_id: str) -> None:
    cls = yuletide.game_class(game_id)
    state = yuletide.new_game(game_id, players=cls.max_players, seed=3)
    _walk(state, Rng(5), 12)
    seat = min(state.to_act)
    before = state.to_json()
    for action in state.legal_actions(seat):
        assert state.check(seat, action) is action
        parsed = state.check(seat, str(action))
        assert parsed == action and type(parsed) is type(action)
        # An equal object built anew comes back as the game's own.
        rebuilt = type(action).__new__(type(action))
        for name in getattr(action, "__dataclass_fields__", {}):
            object.__setattr__(rebuilt, name, getattr(action, name))
        assert state.check(seat, rebuilt) is state.check_action(action)
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_check_raises_what_apply_raises_and_changes_nothing(game_id: str) -> None:
    cls = yuletide.game_class(game_id)
    state = yuletide.new_game(game_id, players=cls.max_players, seed=4)
    rng = Rng(6)
    seat = min(state.to_act)
    legal = state.legal_actions(seat)[0]
    # A seat the game does not have.
    for bad_seat in (-1, state.players, True, "0", 1.5, None):
        assert isinstance(_same_error(state, bad_seat, legal), InvalidSeat)
    # Text that is no notation, and objects that are no action of this game.
    assert isinstance(_same_error(state, seat, "xyzzy plugh"), NotationError)
    for junk in (Action(), 42, None, object()):
        assert isinstance(_same_error(state, seat, junk), NotationError)
    for other in GAMES:
        if other != game_id:
            other_cls = yuletide.game_class(other)
            foreign = other_cls.action_space(other_cls.max_players)
            assert isinstance(_same_error(state, seat, foreign[0]), NotationError)
    # A seat that may not act now, and an action the rules do not allow now.
    found_waiting = found_illegal = False
    for _ in range(40):
        to_act = state.to_act
        waiting = [s for s in range(state.players) if s not in to_act]
        if waiting and to_act:
            err = _same_error(state, waiting[0], str(legal))
            assert type(err) is IllegalAction
            found_waiting = True
        for s in sorted(to_act):
            allowed = state.legal_actions(s)
            illegal = [a for a in cls.action_space(state.players) if a not in allowed]
            if illegal:
                for action in (illegal[0], str(illegal[-1])):
                    assert type(_same_error(state, s, action)) is IllegalAction
                found_illegal = True
        if found_illegal and (found_waiting or cls.max_players == 1):
            break
        _walk(state, rng, 1)
        if state.to_act:
            seat = min(state.to_act)
            legal = state.legal_actions(seat)[0]
    assert found_illegal


@pytest.mark.parametrize("game_id", GAMES)
def test_check_after_the_game_is_over(game_id: str) -> None:
    cls = yuletide.game_class(game_id)
    state = random_game(game_id, cls.min_players, 9, checked=False)
    assert state.outcome.over
    action = cls.action_space(state.players)[0]
    for seat in range(state.players):
        err = _same_error(state, seat, action)
        assert type(err) is IllegalAction
        assert "the game is over" in str(err)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_repr_shows_its_notation(game_id: str) -> None:
    """``repr`` is ``<Class 'notation'>`` for every action of every game at every player
    count (no dataclass field repr left), and never recurses."""
    cls = yuletide.game_class(game_id)
    for players in range(cls.min_players, cls.max_players + 1):
        for action in cls.action_space(players):
            assert repr(action) == f"<{type(action).__name__} {str(action)!r}>"
            assert action_fields(action).startswith(f"{type(action).__qualname__}(")


def test_a_bare_action_and_a_broken_notation_have_safe_reprs() -> None:
    assert repr(Action()) == "<Action>"
    assert str(Action()) == "Action"

    class Plain(Action):
        __slots__ = ()

    assert repr(Plain()) == "<Plain>"
    assert action_fields(Plain()) == "<Plain>"
    looney = yuletide.game_class("looney-lights")
    play = type(looney.action_space(3)[0])
    broken = play(99)  # type: ignore[call-arg]
    assert repr(broken) == f"<{play.__name__} kind=99>"
    assert action_fields(broken) == f"{play.__qualname__}(kind=99)"


def test_a_hand_built_action_is_described_by_its_fields_in_errors() -> None:
    """The error message names a bad object by its fields, as it always has (the notation
    of a value out of range can wrap around to name another card)."""
    state = yuletide.new_game("looney-lights", players=3, seed=1)
    play = type(state.action_space(3)[0])
    with pytest.raises(NotationError, match=r"^Play\(kind=-1\) is not an action of"):
        state.check(min(state.to_act), play(-1))  # type: ignore[call-arg]
