"""A post-game review of one seat's decisions: at each of them, the seat's win chance
and what each move was worth, by the same search as the ``hard`` bot
(:func:`yuletide.bots.evaluation.evaluate_position`).

Two modes, as a player learns from them:

``knew``
  "With what you knew": every position is searched from the seat's window at that
  moment (its determinizations re-deal everything it could not see), so a decision is
  judged only on what the seat could know. The fair judgment.
``shown``
  "With every card shown": after the game nothing is secret, so every position is
  searched in the true deal (each search world is the real state: the others' hands
  and the deck's order as they were). It shows what the deal held, not what the seat
  should have known.

A decision is a step where the seat had more than one legal action (forced steps are
not judged). Its *loss* is the best move's win chance less the played move's; a loss
is labelled by :data:`THRESHOLDS` only when it stands clear of the search's own noise
(the difference is over 1.96 of its standard errors, taken from the two chances' 95%
intervals), so a review does not call a coin flip of the search a blunder.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from yuletide.bots.base import SeatWindow
from yuletide.bots.evaluation import PositionEvaluation, evaluate_position
from yuletide.bots.hints import follow_through
from yuletide.core.errors import CorruptSave
from yuletide.core.registry import game_class
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import ReplayRecord, State, replay_actions

#: The two modes (module docstring), and their titles as people read them.
MODES: Final = ("knew", "shown")
MODE_TITLES: Final = {"knew": "With what you knew", "shown": "With every card shown"}
#: Labels by the win chance a decision lost against the best move (0.20 = 20 points),
#: worst first; a smaller loss is not labelled.
THRESHOLDS: Final = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
#: The default budget of one position's search (iterations; reproducible).
DEFAULT_ITERATIONS: Final = 400
#: The normal quantile of a 95% interval.
Z95: Final = 1.959964
#: The review format, stored with a table and written by ``--json``.
FORMAT: Final = "yuletide-review"
FORMAT_VERSION: Final = 1

#: The whole moves of a seat's prompt at a position, each as its steps (the table
#: layer's ``table.say.prompt_moves_at``; the bots layer does not read table models).
MovesAt = Callable[[State, int], Sequence[Sequence[str]]]


class ReviewError(ValueError):
    """A review that cannot be made: says what was wrong and what is allowed."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged step of the seat: the position before ``index`` (its place in the
    record) and what each move there was worth."""

    index: int
    played: str
    best: str
    #: The seat's win chance before the move (the best move's).
    chance: float
    #: The played move's win chance; None when the search did not look at it.
    played_win: float | None
    #: ``chance - played_win`` (0 when the best move was played).
    loss: float
    #: "blunder", "mistake", "inaccuracy" or None (:data:`THRESHOLDS`).
    label: str | None
    #: The best few moves: (notation, win chance, low, high), best first.
    alternatives: tuple[tuple[str, float, float, float], ...]
    #: Where ``best`` is the first step of a move made in steps (a swap) and not the
    #: step played, the steps after it that make the best whole move
    #: (``bots.hints.follow_through``), so the better move is said whole.
    best_follow: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "played": self.played,
            "best": self.best,
            "chance": self.chance,
            "played_win": self.played_win,
            "loss": self.loss,
            "label": self.label,
            "alternatives": [list(a) for a in self.alternatives],
            "best_follow": list(self.best_follow),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(
            index=int(data["index"]),
            played=str(data["played"]),
            best=str(data["best"]),
            chance=float(data["chance"]),
            played_win=None if data["played_win"] is None else float(data["played_win"]),
            loss=float(data["loss"]),
            label=None if data["label"] is None else str(data["label"]),
            alternatives=tuple(
                (str(t), float(w), float(lo), float(hi)) for t, w, lo, hi in data["alternatives"]
            ),
            best_follow=tuple(str(t) for t in data.get("best_follow", ())),
        )


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions over one game, in one mode."""

    record: ReplayRecord
    seat: int
    mode: str
    iterations: int
    decisions: tuple[Decision, ...]
    #: The seat's share of the win at the end (1/winners, or 0).
    result: float

    def worst(self, n: int = 3) -> list[Decision]:
        """The ``n`` most costly labelled decisions, the costliest first."""
        labelled = [d for d in self.decisions if d.label is not None]
        return sorted(labelled, key=lambda d: (-d.loss, d.index))[:n]

    def counts(self) -> dict[str, int]:
        """How many decisions got each label."""
        return {
            name: sum(d.label == name for d in self.decisions) for name, _ in reversed(THRESHOLDS)
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "record": self.record.to_dict(),
            "seat": self.seat,
            "mode": self.mode,
            "iterations": self.iterations,
            "result": self.result,
            "decisions": [d.to_json() for d in self.decisions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """A stored review, or ReviewError saying what is wrong with it."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ReviewError(f"not a review: no 'format': {FORMAT!r} field")
        if data.get("format_version") != FORMAT_VERSION:
            raise ReviewError(
                f"review format version {data.get('format_version')!r}; this Yuletide"
                f" reads version {FORMAT_VERSION}"
            )
        try:
            return cls(
                record=ReplayRecord.from_dict(data["record"]),
                seat=int(data["seat"]),
                mode=str(data["mode"]),
                iterations=int(data["iterations"]),
                decisions=tuple(Decision.from_json(d) for d in data["decisions"]),
                result=float(data["result"]),
            )
        except (KeyError, TypeError, ValueError, CorruptSave) as err:
            raise ReviewError(f"a damaged review: {err}") from err


class _OpenWindow(SeatWindow):
    """A seat's window after the game: every search world is the true state (no belief
    re-deals it either: ``sampled`` is False)."""

    __slots__ = ()
    sampled = False

    def determinize(self, rng: Rng) -> State:
        return self._state.clone()


def label_of(loss: float, best: tuple[float, float], played: tuple[float, float]) -> str | None:
    """The label of a decision that lost ``loss`` of win chance, given the best and the
    played move's 95% intervals: None unless the loss is clear of the noise (module
    docstring)."""
    error = math.hypot(best[1] - best[0], played[1] - played[0]) / (2 * Z95)
    if loss <= Z95 * error:
        return None
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def judge(evaluation: PositionEvaluation, index: int, played: str, top: int = 3) -> Decision:
    """One decision from the evaluation of its position and the move played there."""
    best = evaluation.best
    by_text = {str(v.action): v for v in evaluation.actions}
    mine = by_text.get(played)
    if mine is None:
        played_win, loss, label = None, 0.0, None
    else:
        played_win = mine.win
        loss = max(0.0, best.win - mine.win)
        label = label_of(loss, (best.low, best.high), (mine.low, mine.high))
    return Decision(
        index=index,
        played=played,
        best=str(best.action),
        chance=best.win,
        played_win=played_win,
        loss=loss,
        label=label,
        alternatives=tuple((str(v.action), v.win, v.low, v.high) for v in evaluation.actions[:top]),
    )


def review_game(
    record: ReplayRecord | Mapping[str, Any],
    seat: int,
    *,
    mode: str = "knew",
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    moves_at: MovesAt | None = None,
) -> Review:
    """Review ``seat``'s decisions in a finished game's record (module docstring).
    ``progress(done, total)`` is called after each judged decision; ``moves_at`` as
    :func:`judge_steps` takes it."""
    record = check_request(record, seat, mode, iterations)
    steps = decision_points(record, seat)
    decisions: list[Decision] = []
    for done, index in enumerate(steps, 1):
        decisions.extend(
            judge_steps(
                record,
                seat,
                [index],
                mode=mode,
                iterations=iterations,
                seed=seed,
                moves_at=moves_at,
            )
        )
        if progress is not None:
            progress(done, len(steps))
    return Review(record, seat, mode, iterations, tuple(decisions), result_of(record, seat))


def check_request(
    record: ReplayRecord | Mapping[str, Any], seat: object, mode: object, iterations: object
) -> ReplayRecord:
    """The record of a review that can be made, or ReviewError saying what is wrong: a
    bad seat, mode or budget, or a game that is not over."""
    if not isinstance(record, ReplayRecord):
        record = ReplayRecord.from_dict(record)
    if mode not in MODES:
        raise ReviewError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if type(seat) is not int or not 0 <= seat < record.players:
        raise ReviewError(
            f"seat must be a whole number from 0 to {record.players - 1}, got {seat!r}"
        )
    if type(iterations) is not int or iterations < 1:
        raise ReviewError(f"iterations must be a whole number >= 1, got {iterations!r}")
    if not _replayed(record, len(record.actions)).outcome.over:
        raise ReviewError("the game is not over: only a finished game can be reviewed")
    return record


def decision_points(record: ReplayRecord, seat: int) -> list[int]:
    """The places in the record where ``seat`` acted with more than one legal action."""
    state = _replayed(record, 0)
    found: list[int] = []
    for index, (who, text) in enumerate(record.actions):
        if who == seat and len(state.legal_actions(seat)) > 1:
            found.append(index)
        state.apply(who, text)
    return found


def judge_steps(
    record: ReplayRecord,
    seat: int,
    indices: Sequence[int],
    *,
    mode: str = "knew",
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    moves_at: MovesAt | None = None,
) -> list[Decision]:
    """The decisions at ``indices`` (increasing places in the record where ``seat``
    acted), each searched with a seed of its own (so a review made in pieces, as a
    server does, is the same as one made whole). ``moves_at(state, seat)``: the whole
    moves of the seat's prompt there, each its steps (the table layer's); with it, a
    better move than the one played, when it is the first step of a longer one, is
    followed through to a whole move (``best_follow``)."""
    window = _OpenWindow if mode == "shown" else SeatWindow
    state = _replayed(record, 0)
    at = 0
    out: list[Decision] = []
    for index in indices:
        state = replay_actions(state, record.actions[at:index])
        at = index
        evaluation = evaluate_position(
            window(state, seat), iterations=iterations, seed=derive_seed(seed, index)
        )
        decision = judge(evaluation, index, record.actions[index][1])
        if decision.best != decision.played and moves_at is not None:
            follow = follow_through(
                state,
                seat,
                decision.best,
                moves_at(state, seat),
                iterations=max(1, iterations // 2),
                seconds=None,
                seed=derive_seed(seed, index),
                window=window,
            )
            decision = replace(decision, best_follow=tuple(f["action"] for f in follow))
        out.append(decision)
    return out


def result_of(record: ReplayRecord, seat: int) -> float:
    """The seat's share of the win at the end of a finished game's record."""
    winners = _replayed(record, len(record.actions)).outcome.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def _replayed(record: ReplayRecord, upto: int) -> State:
    state = game_class(record.game).new(record.players, record.seed, **record.options)
    return replay_actions(state, record.actions[:upto])
