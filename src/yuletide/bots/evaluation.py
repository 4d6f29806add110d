"""How good each move is for the seat to move, judged from that seat's window only: the
evaluation behind hints and reviews.

:func:`evaluate_position` runs the search of the ``hard`` level for the game (its
rollout, evaluation, prior, prune and belief from the room's kit and manifest, made by
:func:`yuletide.bots.hard_search`) with the budget given, and reads its root: for each
action it searched, the share of the seat's wins over the playouts that began with it.

What a playout counts
  A finished game counts 1 if the seat is among its winners, else 0 (a win as a player
  means it: a team's win in Lights On is each partner's, and in Reindeer's Nose every
  seat but the one out has won), and its final score (``outcome.scores``, where the
  game scores); the search's
  own reward blends the two, so they are kept apart here, at the root only (ordinary
  moves do none of this bookkeeping). A game cut off by the turn limit counts 0. A
  rollout cut short, by the game's depth limit or the time cap, counts the value the
  search scores it with: the game's ``evaluate`` heuristic (one seat's chances in
  [0, 1]) where ``hard`` has one, else the draw value (1/players; 0.5 alone). So in the
  games whose rollouts are cut (those with a depth in the manifest's ``hard`` settings)
  a win chance is partly the heuristic's estimate, not only counted wins.

Which actions
  Those the search considers at its root: every legal action, except where the game's
  prune drops actions not worth searching (Christmas Lights' marks) or keeps one of
  several the seat cannot tell apart (Where's That Bulb?'s unseen cards); the prior's
  choice is always among them. Where a real-time seat could let the moment pass, the
  evaluation weighs its actions only (waiting is not offered at the root).

Confidence
  ``visits`` (the playouts through the action) and a 95% interval of its win chance
  (Wilson's score interval, which stays within [0, 1] and is honest at few playouts).
  The search spends more playouts on the promising actions, so the best action's figure
  is the surest; a playout's win is taken as one trial.

Nothing of the truth
  The search reads the window only (its determinizations, view, events and legal
  actions), so in every world the seat cannot tell apart the answer is the same, for a
  fixed seed and iteration count (``tests/bots/test_evaluation.py`` proves it in every
  game). With ``seconds`` the answer depends on the machine's speed as well.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.rng import Rng
from ..core.state import Action
from . import hard_search
from .base import SeatWindow

__all__ = ["ActionValue", "EvaluationError", "PositionEvaluation", "evaluate_position"]

#: The normal quantile of a 95% interval.
Z95 = 1.959964


class EvaluationError(ValueError):
    """A position or budget that cannot be evaluated; the message says why and what is
    allowed."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One action's worth for the seat (module docstring)."""

    #: One of ``window.legal_actions()``.
    action: Action
    #: Estimated chance in [0, 1] that the seat is among the winners.
    win: float
    #: The 95% interval of ``win``.
    low: float
    high: float
    #: Expected final score where the game scores (``outcome.scores``), else None.
    score: float | None
    #: Playouts through this action.
    visits: int


@dataclass(frozen=True, slots=True)
class PositionEvaluation:
    """The seat's actions at one position, best first (highest win chance, then score,
    then visits)."""

    game_id: str
    seat: int
    actions: tuple[ActionValue, ...]
    #: Playouts run in all.
    iterations: int

    @property
    def best(self) -> ActionValue:
        return self.actions[0]

    def chance(self) -> float:
        """The seat's win chance at this position: that of its best action."""
        return self.best.win

    def to_json(self) -> dict[str, Any]:
        """Plain JSON types; each action by its notation (``str(action)``)."""
        return {
            "game_id": self.game_id,
            "seat": self.seat,
            "iterations": self.iterations,
            "actions": [
                {
                    "action": str(v.action),
                    "win": v.win,
                    "low": v.low,
                    "high": v.high,
                    "score": v.score,
                    "visits": v.visits,
                }
                for v in self.actions
            ],
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], window_or_actions: SeatWindow | Sequence[Action]
    ) -> PositionEvaluation:
        """Back from :meth:`to_json`, the notations matched to the legal actions of the
        window (or the actions) given; EvaluationError names one that is not among them."""
        if isinstance(window_or_actions, SeatWindow):
            actions: Sequence[Action] = window_or_actions.legal_actions()
        else:
            actions = window_or_actions
        by_text = {str(a): a for a in actions}
        values: list[ActionValue] = []
        for row in data["actions"]:
            action = by_text.get(row["action"])
            if action is None:
                raise EvaluationError(
                    f"evaluated action {row['action']!r} is not among the actions given"
                    f" ({len(by_text)} of them)"
                )
            score = row["score"]
            values.append(
                ActionValue(
                    action,
                    float(row["win"]),
                    float(row["low"]),
                    float(row["high"]),
                    None if score is None else float(score),
                    int(row["visits"]),
                )
            )
        return cls(str(data["game_id"]), int(data["seat"]), tuple(values), int(data["iterations"]))


def evaluate_position(
    window: SeatWindow,
    *,
    iterations: int | None = 400,
    seconds: float | None = None,
    top: int | None = None,
    seed: int = 0,
) -> PositionEvaluation:
    """The seat's actions at its window's position with their win chances, best first
    (module docstring): ``hard``'s search with ``iterations`` playouts, at most
    ``seconds`` of search, or whichever ends first when both are given; ``top`` keeps
    the best few. Deterministic for a fixed ``seed`` and ``iterations`` (without
    ``seconds``). EvaluationError for a bad budget, a finished game, or a seat with no
    legal action."""
    _check_budget(iterations, seconds, top, seed)
    actions = window.legal_actions()
    if not actions:
        # The outcome is the same in every world the seat cannot tell apart.
        if window.determinize(Rng(seed)).outcome.over:
            raise EvaluationError(
                f"the {window.game_id} game is over: there is no move to evaluate"
            )
        raise EvaluationError(
            f"seat {window.seat} has no legal action now in {window.game_id}: evaluate a"
            " position where the seat is to move"
        )
    bot = hard_search(window.game_id, seed, iterations, seconds)
    tallies, done = bot.tally(window)
    order = {str(a): i for i, a in enumerate(actions)}
    values: list[ActionValue] = []
    for t in tallies:
        win = min(1.0, max(0.0, t.wins / t.visits))
        low, high = _wilson(win, t.visits)
        score = t.score / t.scored if t.scored else None
        values.append(ActionValue(t.action, win, low, high, score, t.visits))
    values.sort(
        key=lambda v: (
            -v.win,
            math.inf if v.score is None else -v.score,
            -v.visits,
            order[str(v.action)],
        )
    )
    if top is not None:
        values = values[:top]
    return PositionEvaluation(window.game_id, window.seat, tuple(values), done)


def _check_budget(iterations: object, seconds: object, top: object, seed: object) -> None:
    if iterations is None and seconds is None:
        raise EvaluationError(
            "an evaluation needs a budget: iterations (a whole number >= 1), seconds"
            " (a number > 0), or both"
        )
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise EvaluationError(
            f"iterations must be a whole number >= 1 (or None, with seconds), got {iterations!r}"
        )
    if seconds is not None and not (
        isinstance(seconds, int | float)
        and not isinstance(seconds, bool)
        and math.isfinite(seconds)
        and seconds > 0
    ):
        raise EvaluationError(
            f"seconds must be a number > 0 (or None, with iterations), got {seconds!r}"
        )
    if top is not None and (type(top) is not int or top < 1):
        raise EvaluationError(f"top must be a whole number >= 1 or None (all), got {top!r}")
    if type(seed) is not int:
        raise EvaluationError(f"seed must be a whole number, got {seed!r}")


def _wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``p`` over ``n`` trials."""
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # It contains p; the clamps stop rounding from putting p outside it at 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))
