"""The post-game review (yuletide.bots.review) and ``yuletide review``: every judged
decision is one of the seat's steps with a choice, labels follow the documented
thresholds only beyond the search's noise, "shown" searches the true deal, a stored
review reads back exactly, and bad input gets a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import yuletide
from yuletide.bots import hard_search, make_bot
from yuletide.bots.base import SeatWindow
from yuletide.bots.evaluation import evaluate_position
from yuletide.bots.review import (
    THRESHOLDS,
    Review,
    ReviewError,
    _OpenWindow,
    decision_points,
    judge_steps,
    label_of,
    review_game,
)
from yuletide.cli import main
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import ReplayRecord, State
from yuletide.table.say import prompt_moves_at, say_decisions

GAME = "looney-lights"


def _finished(game: str = GAME, players: int = 3, seed: int = 7) -> State:
    state = yuletide.new_game(game, players=players, seed=seed)
    bots = [make_bot("medium", s, game) for s in range(players)]
    windows = [SeatWindow(state, s) for s in range(players)]
    while not state.outcome.over:
        seat = min(state.to_act)
        action = bots[seat].act(windows[seat])
        assert action is not None
        state.apply(seat, action)
    return state


@pytest.fixture(scope="module")
def record() -> ReplayRecord:
    return _finished().record()


@pytest.fixture(scope="module")
def review(record: ReplayRecord) -> Review:
    return review_game(record, 0, iterations=60, seed=3)


def test_every_step_with_a_choice_is_judged_once(record: ReplayRecord, review: Review) -> None:
    state = yuletide.new_game(GAME, players=record.players, seed=record.seed)
    choices = []
    for index, (seat, text) in enumerate(record.actions):
        if seat == 0 and len(state.legal_actions(0)) > 1:
            choices.append(index)
        state.apply(seat, text)
    assert [d.index for d in review.decisions] == choices
    assert all(d.played == record.actions[d.index][1] for d in review.decisions)
    for d in review.decisions:
        assert 0 <= d.chance <= 1 and d.loss >= 0
        assert d.alternatives[0][0] == d.best  # the best comes first
        if d.played_win is not None:
            assert d.loss == pytest.approx(max(0.0, d.chance - d.played_win))


def test_the_review_is_the_evaluation_from_the_seats_window(
    record: ReplayRecord, review: Review
) -> None:
    # the first judged decision: the same search from the seat's window, same seed
    first = review.decisions[0]
    state = yuletide.new_game(GAME, players=record.players, seed=record.seed)
    for seat, text in record.actions[: first.index]:
        state.apply(seat, text)
    seed = derive_seed(3, first.index)
    again = evaluate_position(SeatWindow(state, 0), iterations=60, seed=seed)
    assert str(again.best.action) == first.best
    assert again.best.win == first.chance


def test_labels_follow_the_thresholds_beyond_the_noise() -> None:
    # clear intervals: the thresholds decide
    clear = ((0.6, 0.62), (0.1, 0.12))
    for name, threshold in THRESHOLDS:
        assert label_of(threshold, *clear) == name
    assert label_of(0.04, *clear) is None
    # a loss within the search's noise: no label, however large it looks
    assert label_of(0.3, (0.2, 0.9), (0.0, 0.6)) is None
    # the same loss from surer figures is a blunder
    assert label_of(0.3, (0.5, 0.6), (0.2, 0.3)) == "blunder"


def test_worst_and_counts(review: Review) -> None:
    worst = review.worst(3)
    assert len(worst) <= 3
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert all(d.label for d in worst)
    assert sum(review.counts().values()) == sum(d.label is not None for d in review.decisions)


def test_shown_searches_the_true_deal(record: ReplayRecord) -> None:
    state = yuletide.new_game(GAME, players=record.players, seed=record.seed)
    for seat, text in record.actions[:10]:
        state.apply(seat, text)
    world = _OpenWindow(state, 0).determinize(Rng(1))
    assert world.to_json() == state.to_json()
    assert world is not state
    shown = review_game(record, 0, mode="shown", iterations=30, seed=3)
    assert shown.mode == "shown" and len(shown.decisions) > 0


def test_shown_is_never_re_dealt_by_a_belief(record: ReplayRecord) -> None:
    """Looney Lights' `hard` samples worlds from a belief; with every card shown each
    search world must still be the true state (the window's own determinize)."""
    state = yuletide.new_game(GAME, players=record.players, seed=record.seed)
    for seat, text in record.actions[:10]:
        state.apply(seat, text)
    asked: list[int] = []

    class Spy(_OpenWindow):
        __slots__ = ()

        def determinize(self, rng: Rng) -> State:
            asked.append(1)
            return super().determinize(rng)

    seat = min(state.to_act)
    evaluate_position(Spy(state, seat), iterations=20, seed=1)
    assert len(asked) >= 20
    # the search plans on the window itself, not on the belief's re-deal of it
    bot = hard_search(GAME, 1, 20, None)
    assert bot.belief is not None
    plan = bot._plan(Spy(state, seat), state.legal_actions(seat), waits=False, tally=True)
    assert isinstance(plan.window, Spy)


def test_a_review_made_in_pieces_is_the_review_made_whole(
    record: ReplayRecord, review: Review
) -> None:
    points = decision_points(record, 0)
    pieces = [
        judge_steps(record, 0, points[i : i + 4], iterations=60, seed=3)
        for i in range(0, len(points), 4)
    ]
    assert tuple(d for piece in pieces for d in piece) == review.decisions


def test_a_stored_review_reads_back(review: Review) -> None:
    text = json.dumps(review.to_json())
    assert Review.from_json(json.loads(text)) == review


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"seat": 5}, "seat must be a whole number from 0 to 2"),
        ({"mode": "peek"}, "mode must be one of knew, shown"),
        ({"iterations": 0}, "iterations must be a whole number >= 1"),
    ],
)
def test_bad_requests_say_what_is_allowed(
    record: ReplayRecord, change: dict[str, object], says: str
) -> None:
    kwargs: dict[str, object] = {"seat": 0, "mode": "knew", "iterations": 10} | change
    with pytest.raises(ReviewError, match=says):
        review_game(record, **kwargs)  # type: ignore[arg-type]


def test_an_unfinished_game_is_not_reviewed(record: ReplayRecord) -> None:
    half = ReplayRecord.from_dict(record.to_dict() | {"actions": record.to_dict()["actions"][:20]})
    with pytest.raises(ReviewError, match="the game is not over"):
        review_game(half, 0, iterations=10)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"format": "nope"}, "not a review"),
        ({"format": "yuletide-review", "format_version": 99}, "format version 99"),
        ({"format": "yuletide-review", "format_version": 1, "seat": 0}, "a damaged review"),
    ],
)
def test_a_damaged_review_is_refused(data: dict[str, object], says: str) -> None:
    with pytest.raises(ReviewError, match=says):
        Review.from_json(data)


def test_the_command_prints_the_review_and_writes_the_page(
    record: ReplayRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record.to_dict()))
    page, data = tmp_path / "review.html", tmp_path / "review.json"
    code = main(
        [
            "review",
            str(saved),
            "--seat",
            "1",
            "--iterations",
            "40",
            "--html",
            str(page),
            "--json",
            str(data),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("Looney Lights, 3 players — seat 1's review, with what you knew")
    assert "Your win chance over the game:" in out and "Every decision:" in out
    assert "Move " in out and "you played “Play" in out  # the prompt's words, not notation
    assert "<svg" in page.read_text() and "Every decision" in page.read_text()
    assert Review.from_json(json.loads(data.read_text())).seat == 0


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seat", "4"], "--seat 4: seats are counted from 1"),
        (["--seat", "1", "--iterations", "0"], "iterations must be a whole number >= 1"),
        (["--seat", "1", "--mode", "peek"], "invalid choice: 'peek'"),
    ],
)
def test_the_command_refuses_bad_arguments(
    record: ReplayRecord,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    says: str,
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record.to_dict()))
    assert main(["review", str(saved), *args]) == 2
    assert says in capsys.readouterr().err


def test_the_command_refuses_a_corrupt_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["review", str(bad), "--seat", "1"]) == 2
    assert "is not a replay record: invalid JSON" in capsys.readouterr().err


def test_a_better_move_made_in_steps_is_followed_to_the_whole_move() -> None:
    """Where the better move is the first step of a longer one (a Christmas Lights sale:
    "sale", then the card; a swap: "swap", your card, the player, their card), the
    decision carries the steps after it, searched from the same window, and is said as
    the whole move; where the best step is the one played, nothing is followed."""
    record = _finished("christmas-lights", players=3, seed=4).record()
    state = yuletide.new_game("christmas-lights", players=3, seed=record.seed)
    turns = []  # the seat's decisions at the start of a turn: a swap, a sale, a refill
    for index, (seat, text) in enumerate(record.actions):
        if seat == 0 and "swap" in [str(a) for a in state.legal_actions(0)]:
            turns.append(index)
        state.apply(seat, text)
    judged = judge_steps(record, 0, turns, iterations=40, moves_at=prompt_moves_at)
    assert all(not d.best_follow for d in judged if d.best == d.played)
    followed = [d for d in judged if d.best_follow]
    assert followed, "a better move made in steps at one of these decisions"
    words = say_decisions(record, 0, [(d.index, [d.best, *d.best_follow]) for d in judged])
    replayed = yuletide.new_game("christmas-lights", players=3, seed=record.seed)
    at = 0
    for d, said in zip(judged, words, strict=True):
        for seat, text in record.actions[at : d.index]:
            replayed.apply(seat, text)
        at = d.index
        if d.best_follow:
            assert [d.best, *d.best_follow] in prompt_moves_at(replayed, 0), "a whole move"
            assert "start with this step" not in said["best"], said["best"]
    # and a stored review keeps the steps
    again = type(judged[0]).from_json(json.loads(json.dumps(followed[0].to_json())))
    assert again == followed[0]
