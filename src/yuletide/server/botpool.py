"""Bots in worker processes, scheduled fairly across tables.

A searching bot (``hard``, ``ismcts``: ``searches = True``) spends up to half a second of
pure Python per decision. Run in a thread of the server's process it holds the GIL
against the event loop, and a few such tables slowed every other table's round trip by
hundreds of milliseconds. So the server's event loop never runs search code: a
:class:`BotPool` of worker *processes* runs the decisions, and the event loop only
sends a small job and reads back a notation.

What crosses the process boundary
  Never the state object (it does not pickle) and never more than the bot's seat window
  gives it today: the job holds the table's header (game, players, seed, options: what
  ``rebuild`` starts a table from) and the actions since the version that worker
  process last saw for that table, which the worker replays (checked) onto its cached
  copy of the table, keyed by table id and version. The bot is then handed
  ``SeatWindow(state.clone(), seat)``, exactly what a bot got in a thread before.

Bots that keep state between decisions
  (a heuristic's memory of the log, every bot's seeded generator, the search's count
  of waits) keep it: each worker keeps its bot objects per (table, seat, bot name). After
  each decision the worker also pickles the bot and hands the bytes back (the server
  keeps them as opaque bytes), so the next decision may run on any free worker process
  with the bot exactly as it was; a bot that does not pickle stays with its worker
  process (its seat's decisions wait for that process).

Fair shares
  Decisions queue per table; a free worker process takes the next table in
  round-robin order, at most ``table_searches`` decisions of one table run at once and
  at most ``searches`` searches in this server process. So a table with six searching
  bots and no delay gets one turn in the rotation like any other table: it cannot
  starve another table's bots.

Budgets
  A decision gets ``budget`` seconds of its worker's time: at the budget an alarm in
  the worker cuts the bot short and the worker answers a legal action of the seat's
  window (a seeded draw) instead. A worker process that does not answer within
  ``kill_after`` seconds more (a bot stuck in C code, with the alarm blocked) is killed
  and replaced, and the table plays a legal action of its own instead.

:meth:`BotPool.stats` shows the queue (``queued``, ``running``,
``waited_seconds_total``, ``decisions_total`` and counts of cut, killed and failed
decisions).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import secrets
import signal
import sys
import time
import weakref
import zlib
from collections import Counter, OrderedDict, deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Literal, Protocol

from ..core.rng import Rng, derive_seed
from ..core.state import Action, State

log = logging.getLogger("yuletide.server")

#: Start methods a pool may use; a server never forks its own (threaded) process.
START_METHODS: tuple[str, ...] = ("forkserver", "spawn")

#: What became of one decision: ``ok`` (the bot's own answer), ``cut`` (over budget:
#: the worker answered a legal action of the window), ``error`` (the bot raised: the
#: same), ``killed`` (the worker process did not answer and was replaced: no action),
#: ``stale`` (the table moved on before the decision started: not run), ``closed``
#: (the pool is shut down: not run).
Status = Literal["ok", "cut", "error", "killed", "stale", "closed"]

#: Tables whose replayed state one worker process keeps (least recently used dropped).
WORKER_TABLES = 512
#: Bots one worker process keeps (least recently used dropped; a dropped bot that does
#: not pickle starts afresh from its seed).
WORKER_BOTS = 4096
#: Seconds a new worker process may take to start (it imports the games) before it is
#: replaced; it takes no decision before it has answered a first ping.
STARTUP_ALLOWANCE = 30.0
#: Starts a worker slot tries before it is given up for good (logged).
STARTUP_TRIES = 5
#: How much nicer than the server a worker process runs (os.nice): where the cores are
#: busy, the event loop, whose every millisecond a person waits for, goes first.
WORKER_NICE = 5


def default_processes() -> int:
    """Worker processes by default: one per core but the event loop's, at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True, slots=True)
class PoolSettings:
    """How the bot pool runs (``yuletide serve --bot-*`` options)."""

    #: Worker processes (None: :func:`default_processes`).
    processes: int | None = None
    #: At most this many decisions of one table run at once.
    table_searches: int = 1
    #: At most this many searches run at once in this server process (None: one per
    #: worker process). Below ``processes`` it keeps workers free for quick bots.
    searches: int | None = None
    #: Seconds of worker time one decision may take before it is cut.
    budget: float = 2.0
    #: Seconds past the budget after which a worker that has not answered is killed.
    kill_after: float = 5.0
    #: Every bot runs in the pool (True), or only the searching ones (False: quick bots
    #: run in the server's bot threads, where a quick bot never queues behind another
    #: table's half-second search; a heuristic holds the GIL for a fraction of a
    #: millisecond at the median, up to about 20 ms in the longest games; bench/flood.py
    #: --bot medium measures both).
    every_bot: bool = False
    #: How worker processes start: forkserver (where the platform has it) or spawn.
    start_method: str | None = None

    def __post_init__(self) -> None:
        if self.processes is not None and self.processes < 1:
            raise ValueError(f"--bot-processes must be at least 1, got {self.processes}")
        if self.table_searches < 1:
            raise ValueError(f"--bot-table-searches must be at least 1, got {self.table_searches}")
        if self.searches is not None and self.searches < 1:
            raise ValueError(f"--bot-searches must be at least 1, got {self.searches}")
        if not self.budget > 0:
            raise ValueError(f"--bot-budget must be > 0 seconds, got {self.budget}")
        if not self.kill_after > 0:
            raise ValueError(f"--bot-kill-after must be > 0 seconds, got {self.kill_after}")
        if self.start_method is not None and self.start_method not in START_METHODS:
            raise ValueError(
                f"start method must be one of {', '.join(START_METHODS)}, got {self.start_method!r}"
            )

    @property
    def workers(self) -> int:
        return default_processes() if self.processes is None else self.processes

    @property
    def search_cap(self) -> int:
        return self.workers if self.searches is None else min(self.searches, self.workers)


class PoolTable(Protocol):
    """What the pool reads of a live table (a :class:`~.table.TableActor`)."""

    @property
    def id(self) -> str: ...

    @property
    def row(self) -> dict[str, Any]: ...

    @property
    def version(self) -> int: ...

    @property
    def state(self) -> State: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's decision from the pool: the action's notation (None: no action, e.g. a
    real-time wait) and what became of it (:data:`Status`)."""

    action: str | None
    status: Status
    #: The worker process that ran it (0: none did).
    pid: int = 0
    #: A hint's answer: the evaluation as plain JSON (``bots.hints.hint_evaluation``).
    evaluation: dict[str, Any] | None = None


# ------------------------------------------------------------- the worker side

#: game, players, seed, options, and a hypothetical's origin (play_on.py; None: a new deal)
Header = tuple[str, int, int, dict[str, Any], dict[str, Any] | None]


@dataclass(frozen=True, slots=True)
class Job:
    """One decision, as sent to a worker process (small: no state object)."""

    table: str
    seat: int
    bot: str
    seed: int
    version: int
    #: The version the ``actions`` start at; with a ``header``, 0 (replay from scratch).
    base: int
    header: Header | None
    actions: tuple[tuple[int, str], ...]
    #: The bot as the last worker left it (pickled), or None: the worker has it (``gen``)
    #: or, with ``gen`` 0, makes it from ``seed``.
    blob: bytes | None
    gen: int
    budget: float
    #: Tables the server no longer runs: the worker drops them first.
    forget: tuple[str, ...] = ()
    #: Which bot object of the seat's this is (a seat handed to a new bot starts afresh).
    ident: int = 0
    #: A hint instead of a bot's decision: (iterations, seconds) of the evaluation.
    hint: tuple[int | None, float | None] | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """A worker's answer to a :class:`Job`."""

    status: Literal["ok", "cut", "error", "miss"]
    action: str | None
    pid: int
    #: The bot after the decision, pickled (None: it does not pickle), and its generation.
    blob: bytes | None = None
    gen: int = 0
    message: str = ""
    #: A hint's evaluation (plain JSON), when the job was a hint.
    evaluation: dict[str, Any] | None = None


class _Overrun(BaseException):
    """The decision's budget ran out (raised by the alarm; a BaseException, so a bot's
    own ``except Exception`` does not swallow it)."""


_TABLES: OrderedDict[str, tuple[int, State]] = OrderedDict()
_BOTS: OrderedDict[tuple[str, int, str, int], tuple[int, Any]] = OrderedDict()


class _Alarm:
    """Whether the budget alarm may cut the running bot (not once it has answered)."""

    armed = False


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    if _Alarm.armed:
        raise _Overrun


def init_worker(sys_path: list[str]) -> None:
    """A worker process's start: the server's import path (a user's bot module loads),
    Ctrl-C left to the server (it stops the pool), the budget alarm, the games loaded."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, _alarm)
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    for entry in reversed(sys_path):
        if entry not in sys.path:
            sys.path.insert(0, entry)
    from ..core.registry import games, spec  # noqa: PLC0415 (the worker's warm-up)

    for game_id in games():
        spec(game_id)


def _state_for(job: Job) -> State | None:
    """The table at ``job.version`` from the cache plus the job's actions, or None when
    the cache cannot reach it (the server resends the whole record)."""
    from .play_on import start_state  # noqa: PLC0415

    cached = _TABLES.get(job.table)
    if job.header is not None:
        state: State = start_state(*job.header)
        have = 0
    elif cached is not None and job.base <= cached[0] <= job.version:
        have, state = cached
    else:
        return None
    for seat, notation in job.actions[have - job.base :]:
        state.apply(seat, notation)
    _TABLES[job.table] = (job.version, state)
    _TABLES.move_to_end(job.table)
    while len(_TABLES) > WORKER_TABLES:
        _TABLES.popitem(last=False)
    return state


def _bot_for(job: Job) -> Any:
    from ..bots import make_bot  # noqa: PLC0415

    key = (job.table, job.seat, job.bot, job.ident)
    if job.blob is not None:
        return pickle.loads(job.blob)  # bytes a worker of this pool pickled
    held = _BOTS.get(key)
    if held is not None and held[0] == job.gen:
        return held[1]
    if job.gen == 0:
        return make_bot(job.bot, job.seed)
    return None


def _hint(job: Job, state: State, pid: int) -> Answer:
    """A hint job: the evaluation of the seat's position, under the same alarm."""
    assert job.hint is not None
    iterations, seconds = job.hint
    try:
        _Alarm.armed = True
        signal.setitimer(signal.ITIMER_REAL, job.budget)
        from ..bots.hints import hint_evaluation  # noqa: PLC0415 (the worker's work)
        from ..table.say import prompt_moves_at  # noqa: PLC0415

        found = hint_evaluation(
            state,
            job.seat,
            iterations=iterations,
            seconds=seconds,
            seed=derive_seed(job.seed, job.version),
            moves=prompt_moves_at(state, job.seat),
        )
        _Alarm.armed = False
    except _Overrun:
        return Answer("cut", None, pid, message=f"the hint took over {job.budget:g} s")
    except Exception as err:  # reported to the asker; the table goes on
        return Answer("error", None, pid, message=f"{type(err).__name__}: {err}")
    finally:
        _Alarm.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
    return Answer("ok", None, pid, evaluation=found)


def decide(job: Job) -> Answer:
    """Run one decision (or a hint) in this worker process (the pool's job function)."""
    pid = os.getpid()
    for table in job.forget:
        _TABLES.pop(table, None)
        for key in [k for k in _BOTS if k[0] == table]:
            del _BOTS[key]
    state = _state_for(job)
    if state is None:
        return Answer("miss", None, pid, message="table")
    if job.hint is not None:
        return _hint(job, state, pid)
    bot = _bot_for(job)
    if bot is None:
        return Answer("miss", None, pid, message="bot")
    from ..bots.base import SeatWindow  # noqa: PLC0415

    window = SeatWindow(state.clone(), job.seat)
    status: Literal["ok", "cut", "error"] = "ok"
    message = ""
    action: Action | None = None
    try:
        _Alarm.armed = True
        signal.setitimer(signal.ITIMER_REAL, job.budget)
        action = bot.act(window)
        _Alarm.armed = False
    except _Overrun:
        status = "cut"
    except Exception as err:  # a bot's failure: reported, and the seat still acts
        status, message = "error", f"{type(err).__name__}: {err}"
    finally:
        _Alarm.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
    if status != "ok":
        legal = state.legal_actions(job.seat)
        rng = Rng(derive_seed(job.seed, job.version))
        action = legal[rng.below(len(legal))] if legal else None
    gen = job.gen + 1
    key = (job.table, job.seat, job.bot, job.ident)
    _BOTS[key] = (gen, bot)
    _BOTS.move_to_end(key)
    while len(_BOTS) > WORKER_BOTS:
        _BOTS.popitem(last=False)
    try:
        blob: bytes | None = pickle.dumps(bot, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a bot holding what does not pickle stays in this process
        blob = None
    text = None if action is None else str(action)
    return Answer(status, text, pid, blob, gen, message)


def _ping() -> int:
    return os.getpid()


# ------------------------------------------------------------- the server side


@dataclass(slots=True)
class _Request:
    table: PoolTable
    table_id: str
    seat: int
    bot: str
    ident: int
    searches: bool
    version: int
    queued_at: float
    future: asyncio.Future[Decision]
    #: A hint's (iterations, seconds) instead of a bot's decision.
    hint: tuple[int | None, float | None] | None = None


@dataclass(slots=True)
class _HeldBot:
    seed: int
    gen: int = 0
    blob: bytes | None = None
    #: The worker that holds generation ``gen`` (slot index and epoch), if any.
    slot: tuple[int, int] | None = None


@dataclass(slots=True)
class _Slot:
    """One worker process (a one-process executor, so it can be killed alone)."""

    index: int
    executor: ProcessPoolExecutor
    epoch: int = 0
    busy: bool = False
    #: It answered its first ping: it takes decisions.
    ready: bool = False
    warming: bool = False
    #: It would not start (STARTUP_TRIES times): it takes nothing.
    dead: bool = False
    pid: int = 0
    jobs: int = 0
    #: Tables this worker holds, and at which version (least recently used first).
    known: OrderedDict[str, int] = field(default_factory=OrderedDict)
    forget: set[str] = field(default_factory=set)


_LIVE: weakref.WeakSet[BotPool] = weakref.WeakSet()


def live_pools() -> list[BotPool]:
    """The bot pools of this process that are not closed (for tests and metrics)."""
    return [p for p in _LIVE if not p.closed]


class BotPool:
    """Worker processes that run bot decisions, shared fairly by the tables (module
    docstring). Used from one event loop."""

    def __init__(self, settings: PoolSettings | None = None) -> None:
        self.settings = settings or PoolSettings()
        self.closed = False
        method = self.settings.start_method
        if method is None:
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
        self.start_method = method
        self._context = multiprocessing.get_context(method)
        if method == "forkserver":
            # Workers fork from a server that has the games imported already (this takes
            # effect where the forkserver has not started yet in this process).
            self._context.set_forkserver_preload([__name__])
        self._slots = [self._new_slot(i) for i in range(self.settings.workers)]
        self._queues: dict[str, deque[_Request]] = {}
        self._order: deque[str] = deque()
        self._running_by_table: Counter[str] = Counter()
        self._running_searches = 0
        self._bots: dict[tuple[str, int, str, int], _HeldBot] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Tables whose actor is watched for its end: table id -> id() of that actor.
        self._watched: dict[str, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        # Counters (stats()).
        self.decisions_total = 0
        self.waited_seconds_total = 0.0
        self.cut_total = 0
        self.killed_total = 0
        self.errors_total = 0
        self.stale_total = 0
        #: The most decisions of one table that ever ran at once.
        self.table_high_water = 0
        #: The last dispatches: (table id, queued at, started at), newest last.
        self.dispatched: deque[tuple[str, float, float]] = deque(maxlen=4096)
        _LIVE.add(self)

    # ------------------------------------------------------------ public

    def takes(self, bot: object) -> bool:
        """Whether ``bot`` runs in this pool (searching bots, or every bot)."""
        return self.settings.every_bot or bool(getattr(bot, "searches", False))

    def seed_bot(self, table_id: str, seat: int, bot: str, seed: int, ident: int = 0) -> None:
        """Make the pool's bot for (table, seat, name) from ``seed`` (otherwise the pool
        draws a seed with :mod:`secrets` at the seat's first decision)."""
        self._bots[(table_id, seat, bot, ident)] = _HeldBot(seed)

    async def decide(
        self, table: PoolTable, seat: int, bot: str, *, searches: bool, ident: int = 0
    ) -> Decision:
        """``bot``'s decision for ``seat`` at the table's current version, run in a
        worker process when its turn in the fair queue comes."""
        return await self._queued(table, seat, bot, ident, searches)

    async def _queued(  # noqa: PLR0917 (a request's fields)
        self,
        table: PoolTable,
        seat: int,
        bot: str,
        ident: int,
        searches: bool,
        hint: tuple[int | None, float | None] | None = None,
    ) -> Decision:
        """Queue a request at the table's current version in its table's turn of the
        fair queue; its decision."""
        if self.closed:
            return Decision(None, "closed")
        loop = self._loop = asyncio.get_running_loop()
        self._watch(table)
        request = _Request(
            table,
            table.id,
            seat,
            bot,
            ident,
            searches,
            table.version,
            time.monotonic(),
            loop.create_future(),
            hint,
        )
        queue = self._queues.get(request.table_id)
        if queue is None:
            queue = self._queues[request.table_id] = deque()
            self._order.append(request.table_id)
        queue.append(request)
        self._dispatch()
        try:
            return await asyncio.shield(request.future)
        except asyncio.CancelledError:
            self._drop(request)
            raise

    async def hint(
        self, table: PoolTable, seat: int, *, iterations: int | None, seconds: float | None
    ) -> Decision:
        """The strong bot's evaluation of ``seat``'s position at the table's current
        version (``Decision.evaluation``), run in a worker process when the table's turn
        in the fair queue comes, like a searching bot's decision: a hint never delays
        another table more than a bot's search does. ``stale`` when the table moved on
        before it started; ``cut`` (no evaluation) when it ran over ``seconds`` + 1."""
        return await self._queued(table, seat, "", 0, True, (iterations, seconds))

    async def _hint_on(self, request: _Request, slot: _Slot) -> Decision:
        """Run a hint request on ``slot`` (a table's copy there is reused or rebuilt)."""
        answer: Answer | None = None
        for attempt in range(2):
            job = self._job(request, slot, None, full=attempt > 0)
            answer = await self._submit(slot, job)
            if answer is None:
                self.killed_total += 1
                return Decision(None, "killed")
            if answer.status != "miss":
                break
            slot.known.pop(request.table_id, None)
        assert answer is not None
        if answer.status == "miss":
            self.errors_total += 1
            return Decision(None, "killed", answer.pid)
        _remember(slot, request, answer.pid)
        if answer.status != "ok":
            log.warning(
                "bot pool: hint for table %s seat %s: %s",
                request.table_id,
                request.seat,
                answer.message or answer.status,
            )
        return Decision(None, answer.status, answer.pid, answer.evaluation)

    def forget(self, table_id: str, actor: int | None = None) -> None:
        """The table is no longer run here: its bots and its copies in the workers go.
        With ``actor`` (an actor's id()), only if that actor is still the table's."""
        if actor is not None and self._watched.get(table_id) != actor:
            return  # a newer actor runs the table now (it was loaded again)
        self._watched.pop(table_id, None)
        for key in [k for k in self._bots if k[0] == table_id]:
            del self._bots[key]
        for slot in self._slots:
            if slot.known.pop(table_id, None) is not None:
                slot.forget.add(table_id)

    def stats(self) -> dict[str, Any]:
        """The queue and its history: ``queued`` and ``running`` decisions now, seconds
        decisions waited for a worker (summed), decisions made (any status), and the
        decisions cut at their budget, killed with their worker, and failed."""
        return {
            "queued": sum(len(q) for q in self._queues.values()),
            "running": sum(1 for s in self._slots if s.busy),
            "waited_seconds_total": self.waited_seconds_total,
            "decisions_total": self.decisions_total,
            "cut_total": self.cut_total,
            "killed_total": self.killed_total,
            "errors_total": self.errors_total,
            "stale_total": self.stale_total,
            "processes": len(self._slots),
            "worker_pids": [s.pid for s in self._slots if s.pid],
        }

    def worker_processes(self) -> list[Any]:
        """The live worker process objects (multiprocessing.Process) of the pool."""
        found: list[Any] = []
        for slot in self._slots:
            found.extend(_processes(slot.executor))
        return found

    async def close(self, grace: float = 0.5) -> None:
        """Stop: queued decisions end as ``closed``; worker processes get ``grace``
        seconds to finish their decision and exit, then are killed."""
        if self.closed:
            return
        self.closed = True
        for queue in self._queues.values():
            for request in queue:
                if not request.future.done():
                    request.future.set_result(Decision(None, "closed"))
        self._queues.clear()
        self._order.clear()
        processes = self.worker_processes()
        for slot in self._slots:
            slot.executor.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + grace
        for process in processes:
            left = deadline - time.monotonic()
            if left > 0:
                await asyncio.to_thread(process.join, left)
        for process in processes:
            if process.is_alive():
                log.warning(
                    "bot pool: worker %s did not stop in %.1f s; killed", process.pid, grace
                )
                process.kill()
                await asyncio.to_thread(process.join, 5.0)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task

    # ---------------------------------------------------------- scheduling

    def _new_slot(self, index: int, epoch: int = 0) -> _Slot:
        executor = ProcessPoolExecutor(
            max_workers=1,
            mp_context=self._context,
            initializer=init_worker,
            initargs=(list(sys.path),),
        )
        return _Slot(index, executor, epoch)

    def _watch(self, table: PoolTable) -> None:
        """Forget a table's workers' copies and bots once its actor is gone."""
        table_id = table.id
        if self._watched.get(table_id) == id(table):
            return
        self._watched[table_id] = id(table)
        with contextlib.suppress(TypeError):  # an object without weak references: kept
            weakref.finalize(table, _forget_later, weakref.ref(self), table_id, id(table))

    def _drop(self, request: _Request) -> None:
        queue = self._queues.get(request.table_id)
        if queue is not None and request in queue:
            queue.remove(request)
            if not queue:
                del self._queues[request.table_id]
                self._order.remove(request.table_id)

    def _dispatch(self) -> None:
        """Start queued decisions on free workers: tables in round-robin order, within
        the per-table and per-process caps."""
        if self.closed:
            return
        self._warm_all()
        if all(slot.dead for slot in self._slots):
            self._fail_queued()
            return
        settings = self.settings
        while self._order:
            free = [s for s in self._slots if s.ready and not s.busy]
            if not free:
                return
            chosen: tuple[_Request, _Slot] | None = None
            for _ in range(len(self._order)):
                table_id = self._order[0]
                self._order.rotate(-1)
                if self._running_by_table[table_id] >= settings.table_searches:
                    continue
                request = self._queues[table_id][0]
                if request.searches and self._running_searches >= settings.search_cap:
                    continue
                slot = self._slot_for(request, free)
                if slot is None:
                    continue
                chosen = request, slot
                break
            if chosen is None:
                return
            request, slot = chosen
            queue = self._queues[request.table_id]
            queue.popleft()
            if not queue:
                del self._queues[request.table_id]
                self._order.remove(request.table_id)
            self._start(request, slot)

    def _slot_for(self, request: _Request, free: list[_Slot]) -> _Slot | None:
        held = self._bots.get((request.table_id, request.seat, request.bot, request.ident))
        if held is not None and held.slot is not None:
            index, epoch = held.slot
            holder = self._slots[index]
            if holder.epoch == epoch and not holder.dead:
                if holder.ready and not holder.busy:
                    return holder
                if held.blob is None:
                    return None  # a bot that does not pickle waits for its worker
        for slot in free:
            if request.table_id in slot.known:
                return slot
        return free[0]

    def _start(self, request: _Request, slot: _Slot) -> None:
        now = time.monotonic()
        self.waited_seconds_total += now - request.queued_at
        self.dispatched.append((request.table_id, request.queued_at, now))
        slot.busy = True
        self._running_by_table[request.table_id] += 1
        self.table_high_water = max(self.table_high_water, self._running_by_table[request.table_id])
        if request.searches:
            self._running_searches += 1
        task = asyncio.get_running_loop().create_task(self._run(request, slot))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, request: _Request, slot: _Slot) -> None:
        decision = Decision(None, "closed")
        try:
            decision = await self._decide_on(request, slot)
        except asyncio.CancelledError:
            raise
        except Exception:
            if not self.closed:  # (at a stop the workers are killed under their jobs)
                log.exception("bot pool: table %s seat %s failed", request.table_id, request.seat)
            decision = Decision(None, "closed" if self.closed else "killed")
        finally:
            self._running_by_table[request.table_id] -= 1
            if self._running_by_table[request.table_id] <= 0:
                del self._running_by_table[request.table_id]
            if request.searches:
                self._running_searches -= 1
            slot.busy = False
            if decision.status != "closed":
                self.decisions_total += 1
            if not request.future.done():
                request.future.set_result(decision)
            self._dispatch()

    async def _decide_on(self, request: _Request, slot: _Slot) -> Decision:
        table = request.table
        if table.version != request.version:
            self.stale_total += 1
            return Decision(None, "stale")
        if request.hint is not None:
            return await self._hint_on(request, slot)
        key = (request.table_id, request.seat, request.bot, request.ident)
        held = self._bots.get(key)
        if held is None:
            held = self._bots[key] = _HeldBot(secrets.randbits(32))
        answer: Answer | None = None
        for attempt in range(2):
            job = self._job(request, slot, held, full=attempt > 0)
            answer = await self._submit(slot, job)
            if answer is None:  # the worker was killed and replaced
                self.killed_total += 1
                held.slot = None
                if held.blob is None:
                    held.gen = 0  # it lived in that worker only: it starts afresh
                return Decision(None, "killed")
            if answer.status != "miss":
                break
            slot.known.pop(request.table_id, None)
            if answer.message == "bot":
                held.slot = None  # resend it pickled, or make it afresh
                if held.blob is None:
                    log.warning(
                        "bot pool: bot %s of table %s seat %s was dropped by its worker;"
                        " it starts afresh",
                        request.bot,
                        request.table_id,
                        request.seat,
                    )
                    held.gen = 0
        assert answer is not None
        if answer.status == "miss":
            self.errors_total += 1
            return Decision(None, "killed", answer.pid)
        _remember(slot, request, answer.pid)
        held.gen, held.blob, held.slot = answer.gen, answer.blob, (slot.index, slot.epoch)
        if answer.status == "cut":
            self.cut_total += 1
            log.warning(
                "bot pool: table %s seat %s (%s) ran over its %.2f s budget: cut",
                request.table_id,
                request.seat,
                request.bot,
                self.settings.budget,
            )
        elif answer.status == "error":
            self.errors_total += 1
            log.error(
                "bot pool: table %s seat %s (%s) failed: %s",
                request.table_id,
                request.seat,
                request.bot,
                answer.message,
            )
        return Decision(answer.action, answer.status, answer.pid)

    def _job(self, request: _Request, slot: _Slot, held: _HeldBot | None, *, full: bool) -> Job:
        table = request.table
        version = request.version
        known = None if full else slot.known.get(request.table_id)
        header: Header | None = None
        if known is None or known > version:
            row = table.row
            header = (
                row["game"],
                row["players"],
                row["seed"],
                row["options"],
                row.get("play_on"),
            )
            base = 0
        else:
            base = known
        history = table.state.history[base:version]
        forget = tuple(slot.forget)
        slot.forget.clear()
        if held is None:  # a hint: no bot; seeded by the table's id (never its secret seed)
            iterations, seconds = request.hint or (None, None)
            return Job(
                table=request.table_id,
                seat=request.seat,
                bot="",
                seed=zlib.crc32(request.table_id.encode()),
                version=version,
                base=base,
                header=header,
                actions=tuple((s, str(a)) for s, a in history),
                blob=None,
                gen=0,
                budget=(seconds or self.settings.budget) + 1.0,
                forget=forget,
                hint=(iterations, seconds),
            )
        here = held.slot == (slot.index, slot.epoch)
        return Job(
            table=request.table_id,
            seat=request.seat,
            bot=request.bot,
            seed=held.seed,
            version=version,
            base=base,
            header=header,
            actions=tuple((s, str(a)) for s, a in history),
            blob=None if here or held.gen == 0 else held.blob,
            gen=held.gen if (here or held.blob is not None) else 0,
            budget=self.settings.budget,
            forget=forget,
            ident=request.ident,
        )

    async def _submit(self, slot: _Slot, job: Job) -> Answer | None:
        """The worker's answer, or None when it did not answer in time (or died): then
        its process is killed and the slot gets a new one."""
        allowance = max(self.settings.budget, job.budget) + self.settings.kill_after
        slot.jobs += 1
        epoch = slot.epoch
        try:
            future: Future[Answer] = slot.executor.submit(decide, job)
            answer = await asyncio.wait_for(asyncio.wrap_future(future), allowance)
        except TimeoutError:
            log.error(
                "bot pool: worker %s gave no answer for table %s seat %s in %.1f s; killed",
                slot.pid or "?",
                job.table,
                job.seat,
                allowance,
            )
            self._replace(slot, epoch)
            return None
        except asyncio.CancelledError:
            raise
        except Exception as err:  # BrokenProcessPool: the worker died
            if self.closed:
                raise
            log.error("bot pool: worker %s failed (%s); replaced", slot.pid or "?", err)
            self._replace(slot, epoch)
            return None
        return answer

    def _replace(self, slot: _Slot, epoch: int) -> None:
        if slot.epoch != epoch or self.closed:
            return
        old = slot.executor
        for process in _processes(old):
            with contextlib.suppress(Exception):
                process.kill()
        old.shutdown(wait=False, cancel_futures=True)
        fresh = self._new_slot(slot.index, epoch + 1)
        slot.executor, slot.epoch = fresh.executor, fresh.epoch
        slot.known.clear()
        slot.forget.clear()
        slot.pid, slot.jobs = 0, 0
        slot.ready = slot.warming = False

    def _warm_all(self) -> None:
        """Start every worker that is not started yet (each pings back once started)."""
        for slot in self._slots:
            if not (slot.ready or slot.warming or slot.dead):
                slot.warming = True
                task = asyncio.get_running_loop().create_task(self._warm(slot))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _warm(self, slot: _Slot) -> None:
        for attempt in range(STARTUP_TRIES):
            epoch = slot.epoch
            try:
                future: Future[int] = slot.executor.submit(_ping)
                slot.pid = await asyncio.wait_for(asyncio.wrap_future(future), STARTUP_ALLOWANCE)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # it would not start: a new process, after a pause
                if self.closed:
                    return
                log.error("bot pool: worker %d did not start (%r); retrying", slot.index, err)
                self._replace(slot, epoch)
                slot.warming = True
                await asyncio.sleep(min(10.0, 0.5 * 2**attempt))
                continue
            slot.ready, slot.warming = True, False
            self._dispatch()
            return
        log.error("bot pool: worker %d did not start %d times; given up", slot.index, STARTUP_TRIES)
        slot.dead, slot.warming = True, False
        self._dispatch()

    def _fail_queued(self) -> None:
        """No worker can run anything: every queued decision ends as ``killed`` (its
        table plays a legal action of its own)."""
        for queue in self._queues.values():
            for request in queue:
                if not request.future.done():
                    request.future.set_result(Decision(None, "killed"))
        self._queues.clear()
        self._order.clear()


def _processes(executor: ProcessPoolExecutor) -> list[Any]:
    found: dict[int, Any] = getattr(executor, "_processes", None) or {}
    return list(found.values())


def _remember(slot: _Slot, request: _Request, pid: int) -> None:
    """A worker answered for the request's table: it holds the table at the request's
    version now (its least recently used tables dropped past WORKER_TABLES)."""
    slot.pid = pid
    slot.known[request.table_id] = request.version
    slot.known.move_to_end(request.table_id)
    while len(slot.known) > WORKER_TABLES:
        slot.known.popitem(last=False)


def _forget_later(pool_ref: weakref.ref[BotPool], table_id: str, actor: int) -> None:
    """A table's actor was collected (in whichever thread the collector ran): its pool
    forgets it on the pool's own event loop."""
    pool = pool_ref()
    loop = None if pool is None else pool._loop
    if pool is None or pool.closed or loop is None or loop.is_closed():
        return
    with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
        loop.call_soon_threadsafe(pool.forget, table_id, actor)
