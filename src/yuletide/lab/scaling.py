"""``yuletide lab scaling``: how fast the backends play, and what a task costs.

For each backend and worker count it plays the same games (``games`` deals of one
game, ``chunk`` games per task) and reports games/s in the steady state: the pool's
processes, or Ray's workers, are started and warmed (each plays a game first, so the
bots' modules are imported) before the clock starts, so start-up (about 1 s for a
spawned pool, about 6 s for ``ray.init``) is reported apart. Scaling efficiency is
games/s with N workers over N times games/s with one. The overhead per task is the time
per empty task (:func:`~yuletide.lab.play.noop_chunk`: one payload in, one empty result
out) over ``overhead_tasks`` tasks in flight at once, with one worker: what the backend
adds to every task. It also checks that every backend gave the very same results. A
Ray already initialised in the process is used as it is, whatever the worker count.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Sequence
from typing import Any

from .backends import chunked, ignore_sigint, start_ray
from .plan import check_bots, deal_seed, game_key
from .play import Payload, Result, noop_chunk, play_chunk


def _payloads(game_id: str, players: int, bots: Sequence[str], games: int) -> list[Payload]:
    seating = tuple(bots[s % len(bots)] for s in range(players))
    out: list[Payload] = []
    for i in range(games):
        seed = deal_seed(0, i)
        out.append(
            (game_key(game_id, players, {}, seating, seed), game_id, players, {}, seating, seed)
        )
    return out


def _pool(
    workers: int, chunks: list[list[Payload]], tasks: int
) -> tuple[float, float, float, list[Result]]:
    """(start-up s, play s, overhead s per task, results) for a spawned pool."""
    t0 = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=ignore_sigint)
    try:
        # Every worker up, its imports done (the first game of a bot imports its module).
        pool.map(play_chunk, [chunks[0][:1]] * (workers * 4), chunksize=1)
        startup = time.perf_counter() - t0
        t1 = time.perf_counter()
        results: list[Result] = []
        for part in pool.imap_unordered(play_chunk, chunks):
            results.extend(part)
        play = time.perf_counter() - t1
        probe = [chunks[0][:1]] * tasks
        t2 = time.perf_counter()
        for _ in pool.imap_unordered(noop_chunk, probe):
            pass
        overhead = (time.perf_counter() - t2) / tasks
    finally:
        pool.terminate()
        pool.join()
    return startup, play, overhead, results


def _ray(
    workers: int, chunks: list[list[Payload]], tasks: int
) -> tuple[float, float, float, list[Result]]:
    import ray  # noqa: PLC0415 (the ray extra is optional)

    t0 = time.perf_counter()
    started = start_ray(workers, None)
    try:
        play_remote = ray.remote(num_cpus=1)(play_chunk)
        noop_remote = ray.remote(num_cpus=1)(noop_chunk)
        ray.get([play_remote.remote(chunks[0][:1]) for _ in range(workers * 4)])
        startup = time.perf_counter() - t0
        t1 = time.perf_counter()
        results: list[Result] = []
        for part in ray.get([play_remote.remote(c) for c in chunks]):
            results.extend(part)
        play = time.perf_counter() - t1
        probe = chunks[0][:1]
        t2 = time.perf_counter()
        ray.get([noop_remote.remote(probe) for _ in range(tasks)])
        overhead = (time.perf_counter() - t2) / tasks
    finally:
        if started:
            ray.shutdown()
    return startup, play, overhead, results


def measure(
    game_id: str,
    *,
    players: int = 4,
    bots: Sequence[str] = ("random",),
    games: int = 400,
    chunk: int = 8,
    workers: Sequence[int] = (1, 2),
    backends: Sequence[str] = ("pool", "ray"),
    overhead_tasks: int = 400,
) -> dict[str, Any]:
    """The measurements (module docstring) as JSON."""
    check_bots(bots, game_id)
    payloads = _payloads(game_id, players, bots, games)
    chunks = chunked(payloads, chunk)
    t0 = time.perf_counter()
    inline = sorted(r for c in chunks for r in play_chunk(c))
    inline_s = time.perf_counter() - t0
    rows: list[dict[str, Any]] = [
        {
            "backend": "inline",
            "workers": 1,
            "startup_s": 0.0,
            "play_s": inline_s,
            "games_per_s": games / inline_s,
            "overhead_ms_per_task": 0.0,
            "identical": True,
        }
    ]
    for backend in backends:
        for w in workers:
            run = _pool if backend == "pool" else _ray
            startup, play, overhead, results = run(w, chunks, overhead_tasks if w == 1 else 1)
            rows.append(
                {
                    "backend": backend,
                    "workers": w,
                    "startup_s": startup,
                    "play_s": play,
                    "games_per_s": games / play,
                    "overhead_ms_per_task": overhead * 1000 if w == 1 else None,
                    "identical": sorted(results) == inline,
                }
            )
    for row in rows:
        one = next((r for r in rows if r["backend"] == row["backend"] and r["workers"] == 1), None)
        row["efficiency"] = (
            row["games_per_s"] / (row["workers"] * one["games_per_s"]) if one else None
        )
    return {**_header(game_id, players, bots, games, chunk), "rows": rows}


def _header(
    game_id: str, players: int, bots: Sequence[str], games: int, chunk: int
) -> dict[str, Any]:
    """What a scaling run measured, and the machine's cores and load as it ended."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "game": game_id,
        "players": players,
        "bots": list(bots),
        "games": games,
        "chunk": chunk,
        "cores": os.cpu_count(),
        "load_average": list(load) if load else None,
    }


def alternate(
    game_id: str,
    *,
    players: int = 4,
    bots: Sequence[str] = ("random",),
    games: int = 2000,
    chunk: int = 16,
    rounds: int = 3,
) -> dict[str, Any]:
    """The pool as the lab runs it (:func:`~yuletide.lab.backends.run_pool`, results game
    by game through the queue), one worker and two taken in turn ``rounds`` times, so a
    shared machine's load falls on both alike. Each run counts its pool's start, and
    says where the time went: the parent's CPU seconds (receiving results) and the tail
    (from the first worker falling idle for want of chunks to the end)."""
    import resource  # noqa: PLC0415 (POSIX; the measurement only)

    from .backends import run_pool  # noqa: PLC0415

    check_bots(bots, game_id)
    chunks = chunked(_payloads(game_id, players, bots, games), chunk)
    runs: list[dict[str, Any]] = []
    for r in range(rounds):
        for w in (1, 2):
            arrivals: list[float] = []
            cpu0 = resource.getrusage(resource.RUSAGE_SELF)
            t0 = time.perf_counter()

            def got(results: list[Result], stamp: list[float] = arrivals) -> None:
                stamp.append(time.perf_counter())

            run_pool(chunks, got, workers=w, inline=False)
            wall = time.perf_counter() - t0
            cpu1 = resource.getrusage(resource.RUSAGE_SELF)
            first = arrivals[0] - t0 if arrivals else 0.0
            last_chunk = games - len(chunks[-1])  # results before the last chunk's games
            tail = arrivals[-1] - arrivals[min(len(arrivals) - 1, last_chunk)] if arrivals else 0.0
            runs.append(
                {
                    "round": r,
                    "workers": w,
                    "wall_s": wall,
                    "games_per_s": games / wall,
                    "first_result_s": first,
                    "tail_s": tail,
                    "parent_cpu_s": (cpu1.ru_utime + cpu1.ru_stime)
                    - (cpu0.ru_utime + cpu0.ru_stime),
                }
            )
    one = [x["wall_s"] for x in runs if x["workers"] == 1]
    two = [x["wall_s"] for x in runs if x["workers"] == 2]
    pairs = [a / (2 * b) for a, b in zip(one, two, strict=True)]
    return {
        **_header(game_id, players, bots, games, chunk),
        "runs": runs,
        "efficiency_per_round": pairs,
        "efficiency_best": max(pairs),
        "efficiency_median": sorted(pairs)[len(pairs) // 2],
    }
