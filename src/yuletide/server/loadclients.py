"""The load benchmark's clients (``loadtest.py``): one process of asyncio websocket
clients playing the human seats of many tables and watching as spectators, recording
latencies, frames and errors for the report."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import resource
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection as Pipe
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

try:  # uvicorn[standard] brings uvloop; the clients use it too when it is there
    import uvloop
except ImportError:  # pragma: no cover
    uvloop = None  # type: ignore[assignment]

#: Seconds the server gets to start, and the clients to wind down, before being killed.
START_SECONDS = 60.0
GRACE_SECONDS = 60.0
#: Reconnects a client tries per table before it gives up on it.
RECONNECTS = 3


@dataclass(frozen=True, slots=True)
class Mix:
    """What every table of a run looks like, and how its clients behave."""

    game: str
    players: int
    clients_per_table: int
    bot: str
    bot_delay: tuple[float, float]
    think: tuple[float, float]
    compression: bool
    seed: int


def raise_nofile() -> int:
    """Raise this process's open-file soft limit to its hard limit; the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 1 << 20)
    if soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass(frozen=True, slots=True)
class WorkerSpec:
    index: int
    base: str
    slots: tuple[int, ...]
    tables: int
    ramp: float
    settle: float
    duration: float
    mix: Mix


@dataclass(slots=True)
class WorkerStats:
    """What one client process saw. Rates and latencies count the window only; errors
    and failures count the whole run."""

    ack_ms: list[float] = field(default_factory=list)
    update_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    frames: int = 0
    frame_bytes: int = 0
    actions: int = 0
    acts_sent: int = 0
    acks: int = 0
    games_finished: int = 0
    tables_created: int = 0
    rematches: int = 0
    gaps: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    open_min: int | None = None
    open_max: int = 0
    #: Tables whose human client got its first frame, and when the last one did
    #: (seconds after the start).
    tables_up: int = 0
    last_up_s: float = 0.0


class _Gone(Exception):
    """A client's connection failed (already counted)."""


@dataclass(slots=True)
class _Pending:
    ref: int
    sent: float
    version: int | None = None  # the version its ack named


@dataclass(slots=True)
class _Seat:
    """The human client's memory of its table, kept across reconnects."""

    seat: int
    token: str
    version: int | None = None
    acted_on: int = -1
    ref: int = 0
    pending: _Pending | None = None
    first_table: bool = False
    counted_up: bool = False


class LoadClients:
    """The tables of one client process: create, play, rematch, until the window ends."""

    def __init__(self, spec: WorkerSpec, t_go: float) -> None:
        self.spec = spec
        self.mix = spec.mix
        self.t_go = t_go
        self.w0 = t_go + spec.ramp + spec.settle
        self.w1 = self.w0 + spec.duration
        self.stats = WorkerStats()
        self.errors: Counter[str] = Counter()
        self.failures: Counter[str] = Counter()
        self.open = 0
        self.ws_base = spec.base.replace("http://", "ws://")
        self.http: httpx.AsyncClient | None = None

    def window(self, t: float) -> bool:
        return self.w0 <= t < self.w1

    async def run(self) -> WorkerStats:
        limits = httpx.Limits(max_connections=32, max_keepalive_connections=32)
        async with httpx.AsyncClient(base_url=self.spec.base, timeout=60, limits=limits) as http:
            self.http = http
            tasks = [asyncio.create_task(self.slot(i)) for i in self.spec.slots]
            lag = asyncio.create_task(self.watch_loop())
            await asyncio.sleep(max(0.0, self.w1 - time.monotonic()))
            for t in tasks:
                t.cancel()
            await asyncio.wait(tasks, timeout=GRACE_SECONDS / 2)
            lag.cancel()
        self.stats.errors = dict(self.errors)
        self.stats.failures = dict(self.failures)
        return self.stats

    async def watch_loop(self) -> None:
        """The event loop's lag, and how many clients are connected, in the window."""
        st = self.stats
        while True:
            t = time.monotonic()
            await asyncio.sleep(0.05)
            now = time.monotonic()
            if self.window(now):
                st.lag_ms.append((now - t - 0.05) * 1000)
                st.open_min = self.open if st.open_min is None else min(st.open_min, self.open)
                st.open_max = max(st.open_max, self.open)

    # ------------------------------------------------------------ REST

    async def post(self, path: str, kind: str, **kw: Any) -> dict[str, Any]:
        assert self.http is not None
        try:
            r = await self.http.post(path, **kw)
        except httpx.HTTPError as err:
            self.failures[f"{kind}:{type(err).__name__}"] += 1
            raise _Gone from err
        if r.status_code not in (200, 201):
            self.failures[f"{kind}:http_{r.status_code}"] += 1
            raise _Gone
        data: dict[str, Any] = r.json()
        return data

    # ------------------------------------------------------------ a table

    async def slot(self, i: int) -> None:
        start = self.t_go + self.spec.ramp * i / self.spec.tables
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        rng = random.Random(self.mix.seed * 1_000_003 + i)
        delay = round(rng.uniform(*self.mix.bot_delay), 3)
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": self.mix.bot}] * (
            self.mix.players - 1
        )
        body = {
            "game": self.mix.game,
            "players": self.mix.players,
            "seats": seats,
            "sit": 0,
            "bot_delay": delay,
            "name": f"load {i}",
        }
        try:
            created = await self.post("/api/tables", "create", json=body)
        except _Gone:
            return
        self.stats.tables_created += 1
        first_table = True
        while True:
            table = created["table"]
            me = _Seat(
                int(created["you"]["seat"]), created["you"]["token"], first_table=first_table
            )
            first_table = False
            if not await self.play(table, me, rng):
                return
            if self.window(time.monotonic()):
                self.stats.games_finished += 1
            try:
                created = await self.post(
                    f"/api/tables/{table}/rematch",
                    "rematch",
                    headers={"Authorization": f"Bearer {me.token}"},
                )
            except _Gone:
                return
            self.stats.rematches += 1

    async def play(self, table: str, me: _Seat, rng: random.Random) -> bool:
        """Play one game with the human client and K-1 spectators; True once it ended."""
        watchers = [
            asyncio.create_task(self.spectator(table))
            for _ in range(self.mix.clients_per_table - 1)
        ]
        try:
            for attempt in range(RECONNECTS + 1):
                if attempt:
                    await asyncio.sleep(0.5 * attempt)
                with contextlib.suppress(_Gone):
                    return await self.human(table, me, rng)
            return False
        finally:
            for w in watchers:
                w.cancel()
            await asyncio.gather(*watchers, return_exceptions=True)

    async def connect(self, table: str) -> ClientConnection:
        try:
            ws = await connect(
                f"{self.ws_base}/ws/tables/{table}",
                compression="deflate" if self.mix.compression else None,
                open_timeout=30,
                close_timeout=2,
                ping_interval=None,
                max_size=8 << 20,
            )
        except (OSError, TimeoutError, InvalidHandshake) as err:
            self.failures[f"connect:{type(err).__name__}"] += 1
            raise _Gone from err
        self.open += 1
        return ws

    async def close(self, ws: ClientConnection) -> None:
        self.open -= 1
        with contextlib.suppress(Exception):
            await ws.close()

    def closed(self, err: ConnectionClosed | None, ws: ClientConnection) -> None:
        code = ws.close_code if err is None else (err.rcvd.code if err.rcvd else "none")
        self.failures[f"closed:{code}"] += 1

    def frame(self, text: str | bytes) -> tuple[float, dict[str, Any]]:
        t = time.monotonic()
        if self.window(t):
            self.stats.frames += 1
            self.stats.frame_bytes += len(text)
        frame: dict[str, Any] = json.loads(text)
        if frame.get("type") == "error":
            self.errors[str(frame.get("code"))] += 1
        return t, frame

    async def spectator(self, table: str) -> None:
        for attempt in range(RECONNECTS + 1):
            if attempt:
                await asyncio.sleep(0.5 * attempt)
            try:
                ws = await self.connect(table)
            except _Gone:
                continue
            version: int | None = None
            try:
                await ws.send(json.dumps({"type": "hello", "token": None, "version": version}))
                async for text in ws:
                    _, f = self.frame(text)
                    if f["type"] == "update":
                        if version is not None and f["version"] != version + 1:
                            self.stats.gaps += 1
                        version = f["version"]
                    elif f["type"] == "sync":
                        version = f["version"]
                self.closed(None, ws)
            except ConnectionClosed as err:
                self.closed(err, ws)
            finally:
                await self.close(ws)

    async def human(self, table: str, me: _Seat, rng: random.Random) -> bool:
        ws = await self.connect(table)
        actor: asyncio.Task[None] | None = None
        st = self.stats
        fresh = True  # the first frame after (re)connecting may skip versions
        first = me.version is None and not me.counted_up
        # An action in flight when the last connection broke is forgotten: the frames
        # after the reconnect say whether it was accepted, and this seat acts afresh.
        me.pending = None
        me.acted_on = -1
        try:
            await ws.send(json.dumps({"type": "hello", "token": me.token, "version": me.version}))
            async for text in ws:
                t, f = self.frame(text)
                kind = f["type"]
                if kind in ("sync", "update"):
                    v = f["version"]
                    if first:
                        first = False
                        me.counted_up = True
                        if me.first_table:
                            st.tables_up += 1
                            st.last_up_s = max(st.last_up_s, t - self.t_go)
                    seen = 0 if me.version is None else me.version  # a new table: from 0
                    if v > seen and self.window(t):
                        st.actions += v - seen
                    if kind == "update" and not fresh and v != seen + 1:
                        st.gaps += 1
                    fresh = False
                    me.version = v
                    p = me.pending
                    if p is not None and p.version is not None and v >= p.version:
                        if self.window(p.sent):
                            st.update_ms.append((t - p.sent) * 1000)
                        me.pending = None
                    if (
                        f["status"] == "playing"
                        and me.seat in f["to_act"]
                        and f["legal"]
                        and v != me.acted_on
                        and me.pending is None
                        and (actor is None or actor.done())
                    ):
                        me.acted_on = v
                        choice = rng.choice(f["legal"])
                        pause = rng.uniform(*self.mix.think)
                        actor = asyncio.create_task(self.act(ws, me, v, choice, pause))
                elif kind == "ack":
                    p = me.pending
                    if p is not None and f.get("ref") == p.ref:
                        p.version = f["version"]
                        if self.window(p.sent):
                            st.ack_ms.append((t - p.sent) * 1000)
                            st.acks += 1
                elif kind == "error":
                    if me.pending is not None and f.get("ref") == me.pending.ref:
                        me.pending = None
                elif kind == "record":
                    return True
            self.closed(None, ws)
            raise _Gone
        except ConnectionClosed as err:
            self.closed(err, ws)
            raise _Gone from err
        finally:
            if actor is not None:
                actor.cancel()
            await self.close(ws)

    async def act(self, ws: ClientConnection, me: _Seat, v: int, action: str, pause: float) -> None:
        await asyncio.sleep(pause)
        me.ref += 1
        sent = time.monotonic()
        me.pending = _Pending(me.ref, sent)
        if self.window(sent):
            self.stats.acts_sent += 1
        with contextlib.suppress(ConnectionClosed):
            await ws.send(
                json.dumps({"type": "act", "action": action, "version": v, "ref": me.ref})
            )


def worker_main(spec: WorkerSpec, pipe: Pipe) -> None:
    """A client process: say ready, wait for the start time, run, send the figures."""
    raise_nofile()
    with contextlib.suppress(Exception):
        os.nice(0)
    try:
        pipe.send(("ready", os.getpid()))
        if not pipe.poll(START_SECONDS * 2):
            return
        t_go = pipe.recv()
        clients = LoadClients(spec, t_go)
        limit = spec.ramp + spec.settle + spec.duration + GRACE_SECONDS
        runner = uvloop.run if uvloop is not None else asyncio.run
        stats = runner(asyncio.wait_for(clients.run(), limit))
        pipe.send(("result", asdict(stats)))
    except BaseException:
        with contextlib.suppress(Exception):
            pipe.send(("error", traceback.format_exc()))
    finally:
        pipe.close()
