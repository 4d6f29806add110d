"""Running a plan: play the games the store does not have yet, store them as they come,
and hand back every result in the plan's order.

Ctrl-C stops the backend and leaves every finished game stored; running the same
command again plays only what is missing (the progress line says how many were found).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import backends
from .plan import Plan
from .play import Payload, Result
from .progress import Progress, Silent
from .store import Store


@dataclass(frozen=True, slots=True)
class Outcomes:
    """A plan's results, one per task in the plan's order; how many games were played
    in this run and how many were found in the store."""

    plan: Plan
    results: tuple[dict[str, Any], ...]
    played: int
    reused: int


def run_plan(
    plan: Plan,
    store: Store,
    *,
    backend: str = "pool",
    workers: int = 1,
    address: str | None = None,
    progress: Progress | None = None,
    fresh: bool = False,
    chunk: int | None = None,
) -> Outcomes:
    """Play what is missing of ``plan`` (module docstring); ``fresh`` plays every game
    again, replacing what was stored."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"--workers must be a whole number >= 1, got {workers!r}")
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise ValueError(f"--chunk must be a whole number >= 1, got {chunk!r}")
    progress = progress or Silent()
    store.record_run(plan)
    payloads: dict[str, Payload] = {}
    for task in plan.tasks:  # one game per key: identical games are played once
        payloads.setdefault(task.key, plan.payload(task))
    keys = list(payloads)
    if fresh:
        store.forget(keys)
    have = store.get(keys)
    missing = [payloads[k] for k in keys if k not in have]
    size = chunk or backends.chunk_size(len(missing), workers)
    chunks = backends.chunked(missing, size)
    played = 0

    def on_results(results: list[Result]) -> None:
        nonlocal played
        store.put(results)
        have.update(results)
        played += len(results)
        progress.advance(len(results))

    progress.start(len(keys), len(keys) - len(missing))
    try:
        if chunks:
            backends.run(backend, chunks, on_results, workers=workers, address=address)
    finally:
        progress.close()
    results = tuple(have[t.key] for t in plan.tasks)
    return Outcomes(plan, results, played, len(keys) - len(missing))
