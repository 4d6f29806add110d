"""Issue 12's findings that the core answers for every game: a determinization holds no
seed, record or real log; every per-seat function refuses a bad seat or log position;
action objects that are not the game's own are refused by name; ``load`` refuses what is
not a save. Each test is named after the finding it keeps fixed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import yuletide
from yuletide.core import Action, CorruptSave, IllegalAction, NotationError, Rng
from yuletide.core.errors import InvalidArgument, InvalidSeat, YuletideError

GAMES = yuletide.games()


def _game(game_id: str, players: int | None = None, seed: int = 1) -> yuletide.State:
    cls = yuletide.game_class(game_id)
    return yuletide.new_game(game_id, players=players or cls.max_players, seed=seed)


# ------------------------------------------------------------ section 1: determinize


def test_the_true_seed_and_record_do_not_survive_determinize() -> None:
    """Finding: ``d = state.determinize(0, Rng(5))`` kept ``d.seed`` and ``d.record()``,
    so ``new_game(..., seed=d.seed)`` re-created the real deal."""
    state = yuletide.new_game("looney-lights", players=3, seed=5)
    state.apply(0, state.legal_actions(0)[0])
    d = state.determinize(0, Rng(5))
    assert d.seed == 0
    assert d.record().seed == 0
    assert d.record().actions == ()
    assert d.history == []
    assert json.loads(d.to_json())["record"]["seed"] == 0
    assert str(state.seed) not in json.dumps(json.loads(d.to_json())["record"])


@pytest.mark.parametrize("game_id", GAMES)
def test_no_determinization_carries_the_seed_or_the_actions(game_id: str) -> None:
    state = _game(game_id, seed=987654321)
    for _ in range(5):
        if state.outcome.over:
            break
        seat = min(state.to_act)
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in range(state.players):
        d = state.determinize(seat, Rng(seat))
        assert (d.seed, d.history, d.determinized) == (0, [], True)
        assert "987654321" not in d.to_json()


def test_other_seats_private_logs_do_not_survive_determinize() -> None:
    """Finding: looney-lights, 2 players, seed 0, after ``0: play plug, 1: draw, 1: draw,
    1: draw, 1: play bubble purple``, ``determinize(0, Rng(1)).events(1)`` listed seat 1's
    true drawn cards every time. A determinized world keeps the log as seat 0 and the
    table saw it: seat 1's draws show no card."""
    state = yuletide.new_game("looney-lights", players=2, seed=0)
    for seat, text in [(0, "play plug"), (1, "draw"), (1, "draw"), (1, "draw")]:
        state.apply(seat, text)
    state.apply(1, "play bubble purple")
    true_draws = [e["card"] for e in state.events(1) if e["type"] == "draw" and e["seat"] == 1]
    assert len(true_draws) == 3
    for k in range(20):
        d = state.determinize(0, Rng(k))
        draws = [e for e in d.events(1) if e["type"] == "draw" and e["seat"] == 1]
        assert len(draws) == 3 and all("card" not in e for e in draws)
        assert d.events(0) == state.events(0)
        assert d.events(None) == state.events(None)
        assert not any(str(c) in json.dumps(d.log) for c in ("'card'",))


def test_the_frozen_log_is_shared_with_no_later_entry() -> None:
    """Play goes on in a determinized world: new entries render as usual, the frozen
    ones as the observer saw them."""
    state = yuletide.new_game("looney-lights", players=2, seed=0)
    d = state.determinize(0, Rng(3))
    n = len(d.log)
    seat = min(d.to_act)
    d.apply(seat, d.legal_actions(seat)[0])
    assert len(d.events(seat)) > n
    assert d.events(0, 0)[:n] == state.events(0)


# ------------------------------------------------------------ section 4: hostile input


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [-1, "0", 1.5, True, False, None, 99, [0]])
def test_every_per_seat_function_refuses_a_seat_that_does_not_exist(
    game_id: str, seat: object
) -> None:
    """Findings: ``legal_actions(-1)`` returned seat n-1's actions (its hidden hand, in
    lights-on and reindeers-nose), ``legal_actions(4)`` raised IndexError, ``view("0")``
    and ``view(1.5)`` TypeError, ``view(True)`` seat 1's private view."""
    state = _game(game_id)
    before = state.to_json()
    action = state.legal_actions(min(state.to_act))[0]
    calls = [
        lambda: state.legal_actions(seat),  # type: ignore[arg-type]
        lambda: state.determinize(seat, Rng(1)),  # type: ignore[arg-type]
        lambda: state.apply(seat, action),  # type: ignore[arg-type]
        lambda: state.why_illegal(seat, action),  # type: ignore[arg-type]
        lambda: state.action_seen_by(seat, action, 0),  # type: ignore[arg-type]
    ]
    if seat is not None:
        calls += [
            lambda: state.view(seat),  # type: ignore[arg-type]
            lambda: state.events(seat),  # type: ignore[arg-type]
            lambda: state.action_seen_by(0, action, seat),  # type: ignore[arg-type]
        ]
    for call in calls:
        with pytest.raises(
            InvalidSeat, match=f"there is no seat .*: seats are 0 to {state.players - 1}"
        ):
            call()
    assert state.to_json() == before


def test_lights_on_legal_actions_of_seat_minus_one_no_longer_spell_out_a_hand() -> None:
    state = yuletide.new_game("lights-on", players=4, seed=1)
    state.apply(0, "signal tree")
    state.apply(1, "signal star")
    with pytest.raises(InvalidSeat, match="no seat -1"):
        state.legal_actions(-1)
    with pytest.raises(InvalidSeat, match="no seat 4"):
        state.legal_actions(4)


def test_determinize_refuses_a_spectator_a_missing_seat_and_a_non_rng() -> None:
    """Findings: ``determinize(None)``; ``determinize(2)`` on a 2-player christmas-lights."""
    state = yuletide.new_game("christmas-lights", players=2, seed=3)
    with pytest.raises(InvalidSeat, match="no seat None"):
        state.determinize(None, Rng(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidSeat, match="no seat 2: seats are 0 to 1"):
        state.determinize(2, Rng(1))
    with pytest.raises(InvalidArgument, match="needs an Rng"):
        state.determinize(0, 5)  # type: ignore[arg-type]


@pytest.mark.parametrize("start", ["a", -5, 10**6, None, 1.0, True])
def test_events_refuses_a_log_position_that_does_not_exist(start: object) -> None:
    """Findings: ``events(0, "a")``, ``events(0, -5)``."""
    state = yuletide.new_game("looney-lights", players=2, seed=0)
    with pytest.raises(InvalidArgument, match="start must be a whole number from 0 to"):
        state.events(0, start)  # type: ignore[arg-type]


def test_a_bare_action_has_a_repr_that_does_not_recurse() -> None:
    """Finding: ``yuletide.Action()`` had a repr that recursed forever."""
    assert repr(Action()) == "<Action>"
    assert str(Action()) == "Action"


@pytest.mark.parametrize("game_id", GAMES)
def test_another_games_action_is_refused_by_name(game_id: str) -> None:
    """Findings: another game's action raised an empty AssertionError (reindeers-nose,
    lights-on, twinkling-lights, deck-the-yard) or an AttributeError (blink, solo-lights,
    looney-lights)."""
    state = _game(game_id)
    seat = min(state.to_act)
    before = state.to_json()
    title = yuletide.game_class(game_id).title
    for other in GAMES:
        if other == game_id:
            continue
        cls = yuletide.game_class(other)
        for foreign in cls.action_space(cls.max_players)[:3]:
            with pytest.raises(NotationError, match=f"is not an action of {title}"):
                state.apply(seat, foreign)
            with pytest.raises(NotationError, match=f"is not an action of {title}"):
                state.why_illegal(seat, foreign)
    for junk in (Action(), 42, None, object()):
        with pytest.raises(NotationError, match="is not an action of"):
            state.apply(seat, junk)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_foreign_actions_are_refused_under_python_dash_o() -> None:
    """Asserts vanish under ``python -O``: the guards are not asserts."""
    code = (
        "import yuletide\n"
        "s = yuletide.new_game('reindeers-nose', players=4, seed=1)\n"
        "a = yuletide.new_game('looney-lights').legal_actions(0)[0]\n"
        "try:\n    s.apply(min(s.to_act), a)\n"
        "except yuletide.NotationError as e:\n    print('refused', e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("refused")


def test_why_illegal_on_a_finished_game_says_the_game_is_over() -> None:
    """Found by the fuzz test: christmas-lights' why_illegal on a finished game raised
    KeyError. The core answers game-over and turn order before the game's own reasons."""
    from yuletide.core.conformance import random_game

    state = random_game("christmas-lights", 2, 11, checked=False)
    assert state.outcome.over
    action = state.action_space(2)[0]
    err = state.why_illegal(0, action)
    assert isinstance(err, IllegalAction) and "the game is over" in str(err)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1000 + "]" * 1000, "nested too deeply"),
        (None, "a save is JSON text"),
        (5, "a save is JSON text"),
        ({}, "a save is JSON text"),
        ("", "invalid JSON"),
        ("[]", "no 'format'"),
        (b"\xff\xfe", "invalid JSON"),
    ],
)
def test_load_refuses_what_is_not_a_save(text: object, message: str) -> None:
    """Findings: ``"[" * 1000 + "]" * 1000`` raised RecursionError; ``load(None)``,
    ``load(5)``, ``load({})`` raised TypeError."""
    with pytest.raises(CorruptSave, match=message):
        yuletide.load(text)  # type: ignore[arg-type]


def test_a_bad_action_inside_a_record_is_a_corrupt_save() -> None:
    state = yuletide.new_game("looney-lights", players=2, seed=0)
    data = json.loads(state.to_json())
    data["record"]["actions"] = [[0, "dance"]]
    with pytest.raises(CorruptSave, match=r"action 0 .* cannot be replayed"):
        yuletide.load(json.dumps(data))
    data["record"]["actions"] = [[7, "draw"]]
    with pytest.raises(CorruptSave, match="no seat 7"):
        yuletide.load(json.dumps(data))


def test_every_engine_error_is_a_yuletide_error() -> None:
    for cls in (IllegalAction, NotationError, InvalidArgument, InvalidSeat, CorruptSave):
        assert issubclass(cls, YuletideError)
    assert issubclass(InvalidSeat, IllegalAction)


def test_why_illegal_of_a_legal_action_is_refused_not_a_crash() -> None:
    """Found by the fuzz test: jolly-christmas ``why_illegal(0, Claim(0))`` at the start,
    where claiming order card 1 is legal, raised ValueError inside the game."""
    state = yuletide.new_game("jolly-christmas", players=2, seed=11)
    legal = state.legal_actions(0)[0]
    with pytest.raises(InvalidArgument, match="is legal for seat 0 now"):
        state.why_illegal(0, legal)
