"""The evaluation behind hints and reviews (yuletide.bots.evaluation): each legal action's
win chance for the seat to move, from its window only. In every game, at positions
along random games, the answer is the same in a world the seat cannot tell apart (the
conformance suite's ``another_world``), for a fixed seed and iteration count; bad input
gets a clear error."""

from __future__ import annotations

import json

import pytest

from yuletide.bots import hard_search
from yuletide.bots.base import SeatWindow
from yuletide.bots.evaluation import (
    ActionValue,
    EvaluationError,
    PositionEvaluation,
    evaluate_position,
)
from yuletide.bots.ismcts import _TalliedEdge
from yuletide.core.conformance import another_world, random_game, random_step
from yuletide.core.registry import game_class, games, new_game
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import State

#: Small budgets: the leak test runs two searches per probe in every game.
ITERATIONS = 24
PROBES = 3


def _probes(game_id: str, seed: int = 11) -> list[tuple[State, int]]:
    """A few positions along random games (early, middle, late), each with a seat that
    has a choice, at the game's smallest and largest player counts."""
    cls = game_class(game_id)
    counts = sorted({cls.min_players, min(cls.max_players, max(cls.min_players, 3))})
    out: list[tuple[State, int]] = []
    for i in range(PROBES):
        players = counts[i % len(counts)]
        length = len(random_game(game_id, players, seed + i).history)
        state = new_game(game_id, players=players, seed=seed + i)
        rng = Rng(derive_seed(seed + i, 0xC0FFEE))  # random_game's own choices
        target = [length // 8, length // 2, (length * 7) // 8][i % 3]
        while len(state.history) < target or not _choosers(state):
            if state.outcome.over:
                break
            random_step(state, rng)
        choosers = _choosers(state)
        if choosers:
            out.append((state, choosers[i % len(choosers)]))
    assert out, f"no position with a choice found in {game_id}"
    return out


def _choosers(state: State) -> list[int]:
    return [s for s in sorted(state.to_act) if len(state.legal_actions(s)) > 1]


@pytest.mark.parametrize("game_id", games())
def test_same_answer_in_a_world_the_seat_cannot_tell_apart(game_id: str) -> None:
    rng = Rng(0x1EA4)
    redealt = 0
    for state, seat in _probes(game_id):
        mine = evaluate_position(SeatWindow(state, seat), iterations=ITERATIONS, seed=5)
        for _ in range(2):
            other = another_world(state, seat, rng)
            redealt += any(getattr(other, f) != getattr(state, f) for f in state.fields)
            theirs = evaluate_position(SeatWindow(other, seat), iterations=ITERATIONS, seed=5)
            assert theirs.to_json() == mine.to_json(), (
                f"{game_id} players={state.players} step={len(state.history)} seat={seat}:"
                " the evaluation differs in a world the seat cannot tell apart"
            )
        _check_shape(mine, state, seat)
    assert redealt, f"{game_id}: no probe's other world hid anything different"


def _check_shape(evaluation: PositionEvaluation, state: State, seat: int) -> None:
    legal = [str(a) for a in state.legal_actions(seat)]
    assert evaluation.game_id == state.game_id and evaluation.seat == seat
    assert evaluation.iterations == ITERATIONS
    assert evaluation.actions and sum(v.visits for v in evaluation.actions) == ITERATIONS
    texts = [str(v.action) for v in evaluation.actions]
    assert len(set(texts)) == len(texts) and set(texts) <= set(legal)
    for v in evaluation.actions:
        assert 0.0 <= v.low <= v.win <= v.high <= 1.0
    wins = [v.win for v in evaluation.actions]
    assert wins == sorted(wins, reverse=True)  # best first
    assert evaluation.chance() == evaluation.best.win == wins[0]
    json.dumps(evaluation.to_json())  # plain JSON types
    again = PositionEvaluation.from_json(evaluation.to_json(), SeatWindow(state, seat))
    assert again == evaluation


def test_the_test_catches_an_evaluation_that_reads_the_truth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search whose worlds are the true state (a leak) answers differently in another
    world: the leak test above would fail for it."""

    def truth(self: SeatWindow, rng: Rng) -> State:
        world = self._state.clone()
        world.rng = rng.fork()
        return world

    monkeypatch.setattr(SeatWindow, "determinize", truth)
    differed = False
    rng = Rng(3)
    for state, seat in _probes("check-the-box"):
        mine = evaluate_position(SeatWindow(state, seat), iterations=60, seed=5)
        other = another_world(state, seat, rng)
        theirs = evaluate_position(SeatWindow(other, seat), iterations=60, seed=5)
        differed |= theirs.to_json() != mine.to_json()
    assert differed


def test_deterministic_for_a_seed_and_varies_with_it() -> None:
    state, seat = _probes("check-the-box")[1]
    window = SeatWindow(state, seat)
    a = evaluate_position(window, iterations=80, seed=1)
    assert evaluate_position(window, iterations=80, seed=1) == a
    assert evaluate_position(window, iterations=80, seed=2) != a
    assert a.iterations == 80


def test_scores_where_the_game_scores_and_top_keeps_the_best() -> None:
    state, seat = _probes("check-the-box")[0]
    full = evaluate_position(SeatWindow(state, seat), iterations=80)
    assert all(v.score is not None for v in full.actions)  # Check the Box scores
    assert len(full.actions) > 1
    two = evaluate_position(SeatWindow(state, seat), iterations=80, top=1)
    assert two.actions == full.actions[:1]
    # Jolly Christmas names a winner and no scores.
    state, seat = _probes("jolly-christmas")[0]
    assert all(
        v.score is None for v in evaluate_position(SeatWindow(state, seat), iterations=40).actions
    )


def test_a_time_budget_alone_and_one_legal_action() -> None:
    state, seat = _probes("looney-lights")[0]
    timed = evaluate_position(SeatWindow(state, seat), iterations=None, seconds=0.05)
    assert timed.iterations >= 1
    # A seat with one legal action still gets its chance (a review charts every step).
    game = new_game("check-the-box", players=2, seed=4)
    rng = Rng(1)
    while not game.outcome.over:
        forced = [s for s in game.to_act if len(game.legal_actions(s)) == 1]
        if forced:
            one = evaluate_position(SeatWindow(game, forced[0]), iterations=10)
            assert [str(v.action) for v in one.actions] == [str(game.legal_actions(forced[0])[0])]
            assert one.best.visits == 10
            break
        random_step(game, rng)


def test_win_chance_counts_shares_not_the_blended_reward() -> None:
    """The search's reward blends in the score; the evaluation's win chance is the win
    share alone, so where every playout is lost it is 0 (not the score's part)."""
    edge = _TalliedEdge(None)
    game = random_game("check-the-box", 2, 3)
    loser = next(s for s in range(2) if s not in game.outcome.winners)
    edge.count(game, loser, [0.05, 0.05])
    edge.count(game, 1 - loser, [0.95, 0.95])
    assert edge.win_total == 1.0 / len(game.outcome.winners)
    scores = game.outcome.scores
    assert scores is not None and edge.scored == 2
    assert edge.score_total == scores[0] + scores[1]


def test_ordinary_search_keeps_plain_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only an evaluation keeps the extra tallies: an ordinary move makes none (its
    cost is unchanged), and a tally spends exactly its budget."""
    state, seat = _probes("check-the-box")[0]
    tallies, done = hard_search("check-the-box", 1, 30, None).tally(SeatWindow(state, seat))
    assert done == 30 and sum(t.visits for t in tallies) == 30

    def refuse(self: _TalliedEdge, action: object) -> None:
        raise AssertionError("an ordinary move made a tallied edge")

    monkeypatch.setattr(_TalliedEdge, "__init__", refuse)
    bot = hard_search("check-the-box", 1, 30, None)
    assert str(bot.act(SeatWindow(state, seat))) in {str(a) for a in state.legal_actions(seat)}
    assert bot.last_iterations == 30


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"iterations": 0}, "iterations must be a whole number >= 1"),
        ({"iterations": True}, "iterations must be a whole number >= 1"),
        ({"iterations": 2.5}, "iterations must be a whole number >= 1"),
        ({"iterations": None, "seconds": None}, "needs a budget"),
        ({"seconds": -1.0}, "seconds must be a number > 0"),
        ({"seconds": float("nan")}, "seconds must be a number > 0"),
        ({"top": 0}, "top must be a whole number >= 1"),
        ({"seed": "x"}, "seed must be a whole number"),
    ],
)
def test_a_bad_budget_says_what_is_allowed(budget: dict[str, object], message: str) -> None:
    state, seat = _probes("looney-lights")[0]
    with pytest.raises(EvaluationError, match=message):
        evaluate_position(SeatWindow(state, seat), **budget)  # type: ignore[arg-type]


def test_no_legal_action_and_a_finished_game_are_refused() -> None:
    state = new_game("check-the-box", players=3, seed=2)
    idle = next(s for s in range(3) if s not in state.to_act)
    with pytest.raises(EvaluationError, match=f"seat {idle} has no legal action now"):
        evaluate_position(SeatWindow(state, idle))
    done = random_game("check-the-box", 2, 2)
    with pytest.raises(EvaluationError, match="game is over"):
        evaluate_position(SeatWindow(done, 0))
    assert issubclass(EvaluationError, ValueError)


def test_from_json_names_an_action_not_legal() -> None:
    state, seat = _probes("check-the-box")[0]
    data = evaluate_position(SeatWindow(state, seat), iterations=20).to_json()
    data["actions"][0]["action"] = "no such move"
    with pytest.raises(EvaluationError, match="'no such move' is not among"):
        PositionEvaluation.from_json(data, state.legal_actions(seat))
    assert ActionValue.__slots__  # a frozen, slotted value
