"""Where the games are played: in this process, a process pool, or Ray.

Every backend runs :func:`yuletide.lab.play.play_chunk` on chunks of payloads and hands
each chunk's results to ``on_results`` as they arrive, in whatever order the chunks
finish. The results do not depend on the backend or the worker count: each game is fixed
by its own payload (its seed above all), and the lab analyses results in the plan's
order, never in arrival order.

* ``pool`` (default): with one worker, the games are played in this process; with more,
  in a ``multiprocessing`` pool of that many processes, started by *spawn* (a fresh
  interpreter: no inherited threads, locks or open files, on every platform). Each
  game's result is handed on as soon as it is finished (in the process; from a worker,
  through a queue), so progress moves game by game. Workers ignore SIGINT, so Ctrl-C
  reaches this process alone: the workers finish the game in play and stop, their
  results are kept, and a second Ctrl-C stops the waiting. At most the games in play are
  lost.
* ``ray``: Ray tasks, one per chunk, at most ``2 x CPUs`` in flight (the driver never
  holds more than that in memory). Without ``address`` a local Ray is started with
  ``workers`` CPUs (and ``RAY_AUTH_MODE=disabled`` unless set: a private, loopback-only
  instance) and shut down at the end; with ``address`` (``auto``, ``ray://host:10001``,
  ``host:6379``) the lab joins that cluster, whose nodes must have yuletide installed.
  If Ray is already initialised in this process, that instance is used and left running.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .play import Payload, Result, play_chunk

Chunk = Sequence[Payload]
OnResults = Callable[[list[Result]], None]
Work = Callable[[Chunk], list[Result]]

BACKENDS = ("pool", "ray")


def chunked(payloads: Sequence[Payload], size: int) -> list[list[Payload]]:
    return [list(payloads[i : i + size]) for i in range(0, len(payloads), size)]


def chunk_size(games: int, workers: int, cap: int = 16) -> int:
    """Games per task: enough tasks to balance the workers' load at the end (about eight
    per worker), at most ``cap`` (results come back game by game whatever the size)."""
    return max(1, min(cap, -(-games // max(1, workers * 8))))


def ignore_sigint() -> None:
    """A worker's initialiser: Ctrl-C is the parent's to handle (module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: A pool worker's stop flag and result queue (set by :func:`_start_worker`).
_STOP: Any = None
_OUT: Any = None


def _start_worker(stop: Any, out: Any) -> None:
    global _STOP, _OUT
    ignore_sigint()
    _STOP, _OUT = stop, out


def _streamed(work: Work, chunk: Chunk) -> int:
    """A pool task: play a chunk game by game, sending each result to the parent as it
    is finished (per-game progress; an interrupt loses only the games in play), and stop
    between games when the parent asks."""
    played = 0
    for payload in chunk:
        if _STOP.is_set():
            break
        _OUT.put(work([payload]))
        played += 1
    return played


def run_pool(
    chunks: Sequence[Chunk],
    on_results: OnResults,
    *,
    workers: int = 1,
    work: Work = play_chunk,
    inline: bool | None = None,
) -> None:
    """Play ``chunks`` here (one worker) or in a spawned pool (module docstring), handing
    on every game's result as it is finished. ``inline=False`` uses a pool even for one
    worker (the scaling measurement)."""
    if inline is None:
        inline = workers == 1
    if inline:
        for chunk in chunks:
            for payload in chunk:
                on_results(work([payload]))
        return
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    pool = context.Pool(
        min(workers, max(1, len(chunks))), initializer=_start_worker, initargs=(stop, out)
    )
    expected = sum(len(c) for c in chunks)
    received = 0
    try:
        tasks = pool.map_async(partial(_streamed, work), chunks, chunksize=1)
        while received < expected:
            try:
                results = out.get(timeout=0.2)
            except queue.Empty:
                if tasks.ready() and not tasks.successful():
                    tasks.get()  # a worker's error, raised here
                continue
            received += len(results)
            on_results(results)
    except BaseException:
        stop.set()  # the workers finish the game in play, then stop
        _drain(tasks if "tasks" in locals() else None, out, on_results)
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _drain(tasks: Any, out: Any, on_results: OnResults) -> None:
    """After an interrupt: keep the results of the games the workers finish (each stops
    after its game in play); a second Ctrl-C stops waiting."""
    try:
        while tasks is not None and not (tasks.ready() and out.empty()):
            try:
                results = out.get(timeout=0.2)
            except queue.Empty:
                continue
            try:
                on_results(results)
            except Exception:
                continue
    except BaseException:
        return


def ray_available() -> str | None:
    """None when Ray can be imported, else why not."""
    try:
        import ray  # noqa: F401, PLC0415 (the ray extra is optional)
    except ImportError as err:
        return f"Ray is not installed ({err}): pip install 'yuletide[ray]'"
    return None


def start_ray(workers: int, address: str | None) -> bool:
    """Initialise Ray unless it already is; whether this call started it."""
    import ray  # noqa: PLC0415 (the ray extra is optional)

    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    try:
        if address:
            ray.init(address=address, **kwargs)
        else:
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            ray.init(num_cpus=workers, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as err:  # no cluster there, bad address
        raise ValueError(f"--backend ray: Ray did not start ({err})") from err
    except Exception as err:  # Ray raises a bare Exception when its node times out
        if "timed out" not in str(err):
            raise
        ray.shutdown()
        raise ValueError(f"--backend ray: Ray did not start ({err})") from err
    return True


def run_ray(
    chunks: Sequence[Chunk],
    on_results: OnResults,
    *,
    workers: int = 1,
    address: str | None = None,
    work: Work = play_chunk,
) -> None:
    """Play ``chunks`` as Ray tasks (module docstring)."""
    why = ray_available()
    if why:
        raise ValueError(f"--backend ray: {why}")
    import ray  # noqa: PLC0415 (the ray extra is optional)

    started = start_ray(workers, address)
    try:
        remote = ray.remote(num_cpus=1, max_retries=2)(work)
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]  # ray: untyped
        cpus = int(resources.get("CPU", workers)) or 1
        window = max(2, 2 * cpus)
        todo = list(chunks)
        todo.reverse()  # pop() from the end keeps the plan's order of submission
        pending: list[Any] = []
        try:
            while todo or pending:
                while todo and len(pending) < window:
                    pending.append(remote.remote(todo.pop()))
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    on_results(ray.get(ref))
        except BaseException:
            _keep_finished(ray, pending, on_results)
            raise
    finally:
        if started:
            ray.shutdown()


def _keep_finished(ray: Any, pending: list[Any], on_results: OnResults) -> None:
    """On an interrupt: hand over the chunks already finished, then cancel the rest
    without ``force`` (a force-killed worker whose task was completing aborted Ray's
    core worker: "Tried to complete task that was not pending")."""
    if not pending:
        return
    done, rest = ray.wait(pending, num_returns=len(pending), timeout=0)
    try:
        for ref in done:
            on_results(ray.get(ref))
    except BaseException:
        pass
    for ref in rest:
        ray.cancel(ref, force=False)


def run(
    backend: str,
    chunks: Sequence[Chunk],
    on_results: OnResults,
    *,
    workers: int = 1,
    address: str | None = None,
    work: Work = play_chunk,
) -> None:
    """Run ``chunks`` on ``backend`` (``pool`` or ``ray``)."""
    if backend == "pool":
        if address:
            raise ValueError("--address is for --backend ray (a Ray cluster's address)")
        run_pool(chunks, on_results, workers=workers, work=work)
    elif backend == "ray":
        run_ray(chunks, on_results, workers=workers, address=address, work=work)
    else:
        raise ValueError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
