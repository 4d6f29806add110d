"""A hint's evaluation as plain JSON: what the server's bot workers and the terminal
send to the table model's wording (``yuletide.table.hints``), made from one seat's
window only by the same search as ``hard`` (``evaluation.evaluate_position``)."""

from __future__ import annotations

from typing import Any

from ..core.state import State
from .base import SeatWindow
from .evaluation import evaluate_position

#: A hint's budget: at most this many playouts, and at most HINT_SECONDS seconds.
HINT_ITERATIONS = 1000
HINT_SECONDS = 3.0
#: Evaluated actions a hint keeps (the best, and enough alternatives to word two).
HINT_TOP = 8


def hint_evaluation(
    state: State,
    seat: int,
    *,
    iterations: int | None = HINT_ITERATIONS,
    seconds: float | None = HINT_SECONDS,
    seed: int = 0,
) -> dict[str, Any]:
    """The strong bot's evaluation of ``seat``'s position as plain JSON (``iterations``
    and ``actions``, best first: each its notation, ``win``, ``low``, ``high``,
    ``score``, ``visits``), searched from that seat's window (a clone) only."""
    found = evaluate_position(
        SeatWindow(state.clone(), seat),
        iterations=iterations,
        seconds=seconds,
        top=HINT_TOP,
        seed=seed,
    )
    return {
        "iterations": found.iterations,
        "actions": [
            {
                "action": str(a.action),
                "win": a.win,
                "low": a.low,
                "high": a.high,
                "score": a.score,
                "visits": a.visits,
            }
            for a in found.actions
        ],
    }
