"""A hint's evaluation as plain JSON: what the server's bot workers and the terminal
send to the table model's wording (``yuletide.table.hints``), made from one seat's
window only by the same search as ``hard`` (``evaluation.evaluate_position``).

A move the seat's prompt makes in several steps (a swap: your card, the player, their
card) is searched one step at a time: the root's best is only its first step. So the
hint follows it through (:func:`follow_through`): the step is taken on a copy, the
seat's next step is evaluated from the seat's window there, and so on until the steps
make one whole move of the prompt. The steps of such a move are the seat's own choices
and reveal nothing (the prompt composes them from the seat's view alone), so each
window along the way is one the seat could hold; tests/bots/test_hints.py proves the
answer the same in every world the seat cannot tell apart."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..core.rng import derive_seed
from ..core.state import State
from .base import SeatWindow
from .evaluation import evaluate_position

#: A hint's budget: at most this many playouts, and at most HINT_SECONDS seconds.
HINT_ITERATIONS = 1000
HINT_SECONDS = 3.0
#: Evaluated actions a hint keeps (the best, and enough alternatives to word two).
HINT_TOP = 8
#: Share of a hint's seconds the first step may take when the best move may need
#: following through (the rest is for the following steps).
FIRST_SHARE = 0.6
#: The best actions a hint follows through (the recommended move and two alternatives).
FOLLOWED = 3
#: Steps a move may take at most (a swap takes four).
MOST_STEPS = 8


def hint_evaluation(
    state: State,
    seat: int,
    *,
    iterations: int | None = HINT_ITERATIONS,
    seconds: float | None = HINT_SECONDS,
    seed: int = 0,
    moves: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """The strong bot's evaluation of ``seat``'s position as plain JSON
    (``PositionEvaluation.to_json``: ``game_id``, ``seat``, ``iterations`` and
    ``actions``, best first: each its notation, ``win``, ``low``, ``high``, ``score``,
    ``visits``), searched from that seat's window (a clone) only.

    ``moves`` are the whole moves of the seat's prompt (each its engine steps, as its
    buttons send them). Where one of the :data:`FOLLOWED` best actions is the first step
    of longer ones, ``follow`` maps it to the steps after it, each evaluated the same way
    (:func:`follow_through`; the best with half the playouts, the others a quarter)."""
    started = time.perf_counter()
    longer = [list(m) for m in moves if len(m) > 1]
    first_seconds = seconds * FIRST_SHARE if seconds is not None and longer else seconds
    found = evaluate_position(
        SeatWindow(state.clone(), seat),
        iterations=iterations,
        seconds=first_seconds,
        top=HINT_TOP,
        seed=seed,
    )
    # its game named, so the words say a rough game's chances in tens
    out = found.to_json()
    starts = {m[0] for m in longer}
    chosen = [str(a.action) for a in found.actions[:FOLLOWED] if str(a.action) in starts]
    follows: dict[str, list[dict[str, Any]]] = {}
    for i, first in enumerate(chosen):
        left = None if seconds is None else seconds - (time.perf_counter() - started)
        share = 2 if i == 0 else 4
        follow = follow_through(
            state,
            seat,
            first,
            moves,
            iterations=None if iterations is None else max(1, iterations // share),
            seconds=None if left is None else left / (len(chosen) - i),
            seed=derive_seed(seed, i),
        )
        if follow:
            follows[first] = follow
    if follows:
        out["follow"] = follows
    return out


def follow_through(
    state: State,
    seat: int,
    first: str,
    moves: Sequence[Sequence[str]],
    *,
    iterations: int | None,
    seconds: float | None,
    seed: int = 0,
    window: type[SeatWindow] = SeatWindow,
) -> list[dict[str, Any]]:
    """The steps after ``first`` that complete the best whole move among ``moves`` (the
    prompt's moves, each its steps) starting with it: at each step the seat's window
    after the steps so far is evaluated (``iterations`` playouts each; ``seconds`` for
    them all, shared by the steps that may still come) and its best next step among
    the moves' is taken. Each entry as in :func:`hint_evaluation`'s ``actions``, with
    the ``iterations`` its step ran; empty when no longer move starts with ``first`` or
    the time is up. Stops at the first whole move the steps make. ``window`` makes each
    step's window (a review's "every card shown" passes its own)."""
    steps = [first]
    ahead = [list(m) for m in moves if len(m) > 1 and m[0] == first]
    if not ahead or any(list(m) == steps for m in moves):
        return []
    deadline = None if seconds is None else time.perf_counter() + seconds
    after = state.clone()
    after.apply(seat, first)
    out: list[dict[str, Any]] = []
    while len(steps) < MOST_STEPS:
        nexts = {m[len(steps)] for m in ahead if m[: len(steps)] == steps and len(m) > len(steps)}
        if not nexts or seat not in after.to_act or after.outcome.over:
            return []
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0.01:
            return []
        # the time left shared by the steps that may still come
        most = max(len(m) for m in ahead if m[: len(steps)] == steps) - len(steps)
        found = evaluate_position(
            window(after.clone(), seat),
            iterations=iterations,
            seconds=None if left is None else left / most,
            seed=derive_seed(seed, len(steps)),
        )
        best = next((e for e in found.to_json()["actions"] if e["action"] in nexts), None)
        if best is None:
            return []
        out.append({**best, "iterations": found.iterations})
        steps.append(best["action"])
        if any(list(m) == steps for m in moves):
            return out
        after.apply(seat, best["action"])
    return []
