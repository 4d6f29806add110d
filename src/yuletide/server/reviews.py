"""Post-game reviews at a server (``yuletide.bots.review``): asked for by a seat of a
finished game, computed in the background, stored with the table.

A review searches every decision of the seat, seconds of pure Python in all. It runs
in a worker process of its own (at a lower priority than the bots' and hints'
workers, so a review never delays a table's bots), a few decisions per job so the
reviews of several players take turns, and its progress can be read while it runs.
Once done it is stored in the ``reviews`` table with its words (each move as the
seat's prompt said it), so a second view is one read.

Who may ask: the seat's own token holder (the review of a seat's decisions is its
player's); at most :data:`MAX_RUNNING` reviews are computed at once in one process,
and a finished review is never computed twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Connection, select

from ..bots.review import (
    MODE_TITLES,
    MODES,
    THRESHOLDS,
    Decision,
    Review,
    ReviewError,
    check_request,
    decision_points,
    judge_steps,
    result_of,
)
from ..core.state import ReplayRecord
from ..table.hints import rough_game
from ..table.say import prompt_moves_at, say_decisions
from . import store
from .hub import TableError

log = logging.getLogger("yuletide.server")

#: Reviews computed at once by one server process (more: 429, try again soon).
MAX_RUNNING: Final = 4
#: Decisions judged per job (the reviews of several seats take turns between jobs).
CHUNK: Final = 4
#: Playouts of the search at each decision (more than ``yuletide review``'s default:
#: the server has the time, and surer figures label more decisions).
ITERATIONS: Final = 800
#: The review worker's niceness: below the bots' workers (botpool.WORKER_NICE, 5), so a
#: review yields to bots; not so low that a busy machine starves it (at 15 a review of
#: seconds took minutes beside two busy processes).
REVIEW_NICE: Final = 8


@dataclass(slots=True)
class _Running:
    total: int
    done: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def _init_worker() -> None:
    with contextlib.suppress(OSError):
        os.nice(REVIEW_NICE)


def _judge(
    record: dict[str, Any], seat: int, indices: list[int], mode: str, iterations: int
) -> list[dict[str, Any]]:
    """One job in the worker: the decisions at ``indices``, as JSON."""
    found = judge_steps(
        ReplayRecord.from_dict(record),
        seat,
        indices,
        mode=mode,
        iterations=iterations,
        moves_at=prompt_moves_at,
    )
    return [d.to_json() for d in found]


def _words(record: dict[str, Any], seat: int, points: list[tuple[int, list[str]]]) -> list[Any]:
    """The last job in the worker: each decision's moves in words."""
    return list(say_decisions(ReplayRecord.from_dict(record), seat, points))


def review_page(
    record: ReplayRecord,
    seat: int,
    mode: str,
    iterations: int,
    *,
    decisions: Sequence[Decision],
    words: Sequence[Any],
) -> dict[str, Any]:
    """What the browser shows of a finished review (stored as it is)."""
    judged = []
    for d, w in zip(decisions, words, strict=True):
        data = d.to_json()
        # the moves in words; their notation kept apart, to tell "the best was played"
        data["played_action"], data["best_action"] = data.pop("played"), data.pop("best")
        judged.append({**data, **w})
    review = Review(record, seat, mode, iterations, tuple(decisions), result_of(record, seat))
    return {
        "game": record.game,
        "players": record.players,
        "seat": seat,
        "mode": mode,
        "mode_title": MODE_TITLES[mode],
        "iterations": iterations,
        "result": review.result,
        "decisions": judged,
        "worst": [d.index for d in review.worst(3)],
        "thresholds": dict(THRESHOLDS),
        "rough": rough_game(record.game),
    }


class Reviews:
    """The reviews of one server process (module docstring)."""

    def __init__(self, db: store.Store, *, iterations: int = ITERATIONS) -> None:
        self.db = db
        self.iterations = iterations
        self.running: dict[tuple[str, int, str], _Running] = {}
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            self._executor = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_init_worker
            )
        return self._executor

    async def look(self, table_id: str, seat: int, mode: str) -> dict[str, Any]:
        """A review's state: ``done`` with the review, ``computing`` with its progress,
        ``failed`` with why, or ``none`` (never asked for here)."""
        _check_mode(mode)
        stored = await asyncio.to_thread(self.db.read, lambda c: _get(c, table_id, seat, mode))
        if stored is not None:
            return {"status": "done", "review": stored}
        run = self.running.get((table_id, seat, mode))
        if run is None:
            return {"status": "none"}
        if run.error is not None:
            return {"status": "failed", "error": run.error}
        return {"status": "computing", "done": run.done, "total": run.total}

    async def start(
        self, table_id: str, seat: int, mode: str, record: dict[str, Any]
    ) -> dict[str, Any]:
        """Start computing a review unless it is done or under way; its state."""
        found = await self.look(table_id, seat, mode)
        if found["status"] in ("done", "computing"):
            return found
        if sum(r.error is None for r in self.running.values()) >= MAX_RUNNING:
            raise TableError(
                429,
                "busy",
                f"{MAX_RUNNING} reviews are being computed here now: ask again in a minute",
            )
        if "start" in record:
            raise TableError(
                409,
                "not_reviewable",
                "a what-if game re-dealt from one seat's knowledge cannot be reviewed"
                " (its start is no deal of the game); a what-if with the cards as they"
                " were can",
            )
        try:
            replay = await asyncio.to_thread(check_request, record, seat, mode, self.iterations)
        except ReviewError as err:
            raise TableError(409, "not_reviewable", str(err)) from None
        points = await asyncio.to_thread(decision_points, replay, seat)
        run = _Running(total=len(points))
        key = (table_id, seat, mode)
        self.running[key] = run
        run.task = asyncio.create_task(self._compute(key, replay, points, run))
        return {"status": "computing", "done": 0, "total": run.total}

    async def _compute(
        self, key: tuple[str, int, str], record: ReplayRecord, points: list[int], run: _Running
    ) -> None:
        table_id, seat, mode = key
        loop = asyncio.get_running_loop()
        data = record.to_dict()
        decisions: list[Decision] = []
        started = time.monotonic()
        try:
            for at in range(0, len(points), CHUNK):
                chunk = points[at : at + CHUNK]
                found = await loop.run_in_executor(
                    self._pool(), _judge, data, seat, chunk, mode, self.iterations
                )
                decisions.extend(Decision.from_json(d) for d in found)
                run.done = len(decisions)
            words = await loop.run_in_executor(
                self._pool(),
                _words,
                data,
                seat,
                [(d.index, [d.best, *d.best_follow]) for d in decisions],
            )
            page = review_page(
                record, seat, mode, self.iterations, decisions=decisions, words=words
            )
            page["seconds"] = round(time.monotonic() - started, 2)
            await asyncio.wrap_future(self.db.write(lambda c: _put(c, table_id, seat, mode, page)))
            del self.running[key]
        except asyncio.CancelledError:
            self.running.pop(key, None)
            raise
        except Exception as err:  # a broken worker: say so, let it be asked again
            log.exception("review of table %s seat %s failed", table_id, seat)
            run.error = f"the review could not be computed ({type(err).__name__})"

    async def close(self) -> None:
        for run in list(self.running.values()):
            if run.task is not None:
                run.task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


async def own_seat(db: store.Store, table_id: str, seat: int, token: str) -> None:
    """TableError 403 unless ``token`` holds ``seat`` at ``table_id``."""
    held = await asyncio.to_thread(
        db.read, lambda c: store.seat_of_token(c, store.hash_token(token))
    )
    if held != (table_id, seat):
        raise TableError(
            403, "not_your_seat", f"this token does not hold seat {seat} at table {table_id!r:.40}"
        )


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise TableError(400, "bad_mode", f"mode is one of {', '.join(MODES)}, not {mode!r:.40}")


def _get(conn: Connection, table_id: str, seat: int, mode: str) -> dict[str, Any] | None:
    t = store.reviews
    row = conn.execute(
        select(t.c.data).where(t.c.table_id == table_id, t.c.seat == seat, t.c.mode == mode)
    ).first()
    return None if row is None else dict(row[0])


def _put(conn: Connection, table_id: str, seat: int, mode: str, data: dict[str, Any]) -> None:
    conn.execute(
        store.reviews.insert().values(
            table_id=table_id, seat=seat, mode=mode, data=data, created_at=time.time()
        )
    )
