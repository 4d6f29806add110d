"""What a stranger may ask of one server process, and the answers when it asks too much.

Per client address (``request.client.host``; behind a reverse proxy, uvicorn takes it
from ``X-Forwarded-For`` when the proxy is trusted, ``--forwarded-allow-ips``):

- **Rates** (token buckets, :class:`ClientRates`): tables created, seats taken and
  rematches asked for, each so many a minute with a burst. Too many: 429 with
  ``Retry-After`` and the usual error JSON saying which limit and when to try again.
- **Waiting tables**: an address may have at most ``waiting_per_client`` tables waiting
  for players at once (429 ``too_many_waiting``). So a flood of tables fills at most
  that many rows of the lobby: a stranger's tables are not everyone's front page.

Per process (:class:`Limits`): at most ``max_bot_tables`` live tables with no human seat,
and at most ``max_search_seats`` seats of searching bots (the ``hard`` level, ismcts) at
live tables; a table that would go over is refused with 503 ``busy`` and
``Retry-After``. Waiting tables expire after ``waiting_expiry`` seconds (24 h by
default, :func:`expire_waiting`): they end ``unfinished`` and leave the lobby (which
lists only waiting tables, so finished ones are never in it).

Every count here lives in this process's memory: with several processes (``--redis``)
each keeps its own, and a restart forgets them (the tables themselves are in the
database; expiry goes by their creation time, so it survives restarts).

Bodies (:class:`BodyGuard`): at most ``max_body`` bytes, counted as they arrive, so a
chunked body without a Content-Length is cut off as soon as it passes the limit (413);
a JSON body nested deeper than :data:`MAX_DEPTH` or holding text that is not Unicode (a
lone surrogate escape such as ``"\\ud800"``) gets 400 ``bad_json``. Every HTTP answer
carries the security headers (:class:`SecurityHeaders`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, update
from starlette.responses import JSONResponse

from ..bots import check_bot, make_bot
from . import protocol, store
from .hub import Hub, TableError

log = logging.getLogger("yuletide.server")

#: Deepest nesting of arrays and objects a REST body may have (a table request has 3).
MAX_DEPTH = 32
#: Client addresses whose buckets are kept (the least recently seen go first; a bucket
#: that is forgotten starts full again, which only ever errs towards the client).
MAX_CLIENTS = 65536
#: Longest error message sent (a message may quote a bad value).
MAX_MESSAGE = 1000
#: The live table statuses.
LIVE = ("waiting", "playing")
#: Seconds a new table may take to appear among the hub's actors (its creation is
#: confirmed after the creator's answer is sent) before it no longer counts as waiting.
STARTING_SECONDS = 30.0

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class RateLimited(TableError):
    """A request over one of the limits: ``retry_after`` whole seconds until it may
    succeed (sent as ``Retry-After``)."""

    def __init__(self, status: int, code: str, message: str, retry_after: int) -> None:
        super().__init__(status, code, message)
        self.retry_after = max(1, retry_after)


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The server's error JSON, ``{"error": CODE, "message": ...}``."""
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 3] + "..."
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


# ------------------------------------------------------------------------ rates


@dataclass(frozen=True, slots=True)
class Rate:
    """``per_minute`` requests a minute on average, ``burst`` at once."""

    per_minute: float
    burst: float

    def __str__(self) -> str:
        return f"{self.per_minute:g} a minute (bursts of {self.burst:g})"


def parse_rate(text: str, flag: str) -> Rate | None:
    """``PER_MINUTE:BURST`` (``10:30``; ``10`` means ``10:10``), or ``off`` (None)."""
    if text.strip().lower() in ("off", "none", "0"):
        return None
    per_minute, _, burst = text.partition(":")
    try:
        rate = Rate(float(per_minute), float(burst or per_minute))
    except ValueError:
        raise ValueError(f"{flag} is PER_MINUTE:BURST (e.g. 10:30) or off, got {text!r}") from None
    if not (math.isfinite(rate.per_minute) and rate.per_minute > 0 and 1 <= rate.burst < 1e9):
        raise ValueError(f"{flag} needs PER_MINUTE > 0 and BURST >= 1, or off; got {text!r}")
    return rate


def parse_seconds(text: str, flag: str) -> float:
    """A duration: seconds, or with a unit (``90s``, ``30m``, ``24h``, ``2d``)."""
    units = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
    body = text.strip().lower()
    scale = units.get(body[-1:])
    if scale is not None:
        body = body[:-1]
    try:
        seconds = float(body) * (scale or 1.0)
    except ValueError:
        raise ValueError(f"{flag} is a duration such as 86400, 30m or 24h, got {text!r}") from None
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"{flag} must be more than 0 seconds, got {text!r}")
    return seconds


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; each allowed request takes one."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.last = now

    def take(self, now: float) -> float:
        """0 if a token was taken; else the seconds until one will be there."""
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level >= 1:
            self.level -= 1
            return 0.0
        return (1 - self.level) / self.rate


class ClientRates:
    """One token bucket per client address for one kind of request."""

    def __init__(self, what: str, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.rate = rate
        self.clock = clock
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def check(self, client: str) -> None:
        """Count one request from ``client``; RateLimited (429) if it is one too many."""
        now = self.clock()
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = TokenBucket(self.rate.per_minute / 60, self.rate.burst, now)
            self.buckets[client] = bucket
            if len(self.buckets) > MAX_CLIENTS:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(client)
        wait = bucket.take(now)
        if wait > 0:
            after = math.ceil(wait)
            raise RateLimited(
                429,
                "rate_limited",
                f"too many {self.what}: each address may make {self.rate}; try again in {after} s",
                after,
            )


# ------------------------------------------------------------------- table caps


@functools.lru_cache(maxsize=512)
def bot_searches(name: str, game: str) -> bool:
    """Whether bot ``name`` searches at ``game`` (the ``hard`` level, ismcts); False for
    a name that is no bot of that game (the table's own checks refuse it). Checked first,
    so a request's ``module:Class`` name is never imported here."""
    try:
        check_bot(name, game)
        return bool(getattr(make_bot(name, 0, game), "searches", False))
    except Exception:
        return False


def _actor_search_seats(actor: Any) -> int:
    bots = getattr(actor, "bots", {})
    return sum(1 for b in bots.values() if getattr(b, "searches", False))


def _actor_bot_only(actor: Any) -> bool:
    rows = getattr(actor, "seat_rows", [])
    return bool(rows) and all(r.get("kind") == "bot" for r in rows)


@dataclass(frozen=True, slots=True)
class LimitsConfig:
    """The limits of one process; None turns a limit off. (``yuletide serve`` options;
    ServerConfig's defaults leave them off, ``serve``'s turn them on.)"""

    create_rate: Rate | None = None
    join_rate: Rate | None = None
    rematch_rate: Rate | None = None
    waiting_per_client: int | None = None
    max_bot_tables: int | None = None
    max_search_seats: int | None = None
    #: Seconds a table may wait for players before it ends (None: for ever).
    waiting_expiry: float | None = 24 * 3600.0


class Limits:
    """The per-address rates and the per-process caps of one server process."""

    def __init__(self, config: LimitsConfig) -> None:
        self.config = config
        self.rates = {
            kind: ClientRates(what, rate)
            for kind, what, rate in (
                ("create", "new tables", config.create_rate),
                ("join", "seats taken", config.join_rate),
                ("rematch", "rematches", config.rematch_rate),
            )
            if rate is not None
        }
        #: The waiting tables each address created here, and when (monotonic); pruned as
        #: they stop waiting.
        self.waiting: dict[str, dict[str, float]] = {}
        #: Table creations under way: (client, bot-only, searching seats).
        self._pending: list[tuple[str, bool, int]] = []

    def check_rate(self, kind: str, client: str) -> None:
        rates = self.rates.get(kind)
        if rates is not None:
            rates.check(client)

    def _waiting_of(self, hub: Hub, client: str) -> int:
        tables = self.waiting.get(client)
        if not tables:
            return 0
        now = time.monotonic()
        for table_id, made_at in list(tables.items()):
            actor = hub.actors.get(table_id)
            if actor is not None:
                if actor.status != "waiting":
                    del tables[table_id]
            elif now - made_at > STARTING_SECONDS:
                del tables[table_id]  # it stopped (expired, or moved to another process)
        if not tables:
            del self.waiting[client]
        return len(tables)

    def check_search_seat(self, hub: Hub, game: str, bot: str) -> None:
        """A seat handed to bot ``bot`` mid-game counts against ``max_search_seats`` as a
        new table's seats do (503 ``busy`` over it)."""
        cfg = self.config
        if cfg.max_search_seats is None or not bot_searches(bot, game):
            return
        live = [a for a in hub.actors.values() if a.status in LIVE]
        count = sum(_actor_search_seats(a) for a in live) + sum(p[2] for p in self._pending)
        if count + 1 > cfg.max_search_seats:
            raise RateLimited(
                503,
                "busy",
                f"this server's searching bots (the hard level) play {count} seats of at"
                f" most {cfg.max_search_seats}; choose an easier bot, or try again once a"
                " game has ended",
                60,
            )

    @contextlib.asynccontextmanager
    async def creating(
        self, hub: Hub, client: str, game: str, seat_specs: list[dict[str, Any]]
    ) -> AsyncIterator[Callable[[str, bool], None]]:
        """Check the caps for a new table by ``client`` and hold its place while it is
        made; the caller reports the table made (its id, and whether it waits)."""
        cfg = self.config
        if len(self.waiting) > MAX_CLIENTS:  # addresses that never came back
            for other in list(self.waiting):
                self._waiting_of(hub, other)
        bot_only = bool(seat_specs) and all(s.get("kind") == "bot" for s in seat_specs)
        searching = sum(
            1
            for s in seat_specs
            if s.get("kind") == "bot" and bot_searches(str(s.get("bot") or "random"), game)
        )
        if cfg.waiting_per_client is not None:
            mine = self._waiting_of(hub, client) + sum(1 for p in self._pending if p[0] == client)
            if mine >= cfg.waiting_per_client:
                raise RateLimited(
                    429,
                    "too_many_waiting",
                    f"you have {mine} tables waiting for players, the most one address may"
                    " have; start or leave one of them"
                    + (
                        ""
                        if cfg.waiting_expiry is None
                        else f", or wait until they expire ({_duration(cfg.waiting_expiry)}"
                        " after their creation)"
                    ),
                    60,
                )
        live = [a for a in hub.actors.values() if a.status in LIVE]
        if bot_only and cfg.max_bot_tables is not None:
            count = sum(1 for a in live if _actor_bot_only(a)) + sum(
                1 for p in self._pending if p[1]
            )
            if count >= cfg.max_bot_tables:
                raise RateLimited(
                    503,
                    "busy",
                    f"this server runs {cfg.max_bot_tables} tables of bots only, its most;"
                    " seat a human, or try again once one has ended",
                    60,
                )
        if searching and cfg.max_search_seats is not None:
            count = sum(_actor_search_seats(a) for a in live) + sum(p[2] for p in self._pending)
            if count + searching > cfg.max_search_seats:
                raise RateLimited(
                    503,
                    "busy",
                    f"this server's searching bots (the hard level) play {count} seats of"
                    f" at most {cfg.max_search_seats}, and this table asks for {searching}"
                    " more; choose an easier bot, or try again once a game has ended",
                    60,
                )
        place = (client, bot_only, searching)
        self._pending.append(place)

        def made(table_id: str, waiting: bool) -> None:
            if waiting:
                self.waiting.setdefault(client, {})[table_id] = time.monotonic()

        try:
            yield made
        finally:
            self._pending.remove(place)


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "never"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


# --------------------------------------------------------------------- expiry


def _expire_row(conn: Connection, *, table_id: str) -> bool:
    """End a table that is still waiting for players (``unfinished``, out of the lobby)."""
    t = store.tables
    result = conn.execute(
        update(t)
        .where(t.c.id == table_id, t.c.status == "waiting")
        .values(status="unfinished", finished_at=time.time(), owner=None, lease_until=None)
    )
    return result.rowcount == 1


async def expire_waiting(hub: Hub, max_age: float) -> list[str]:
    """End every table this process runs that has waited for players longer than
    ``max_age`` seconds; the ids ended. Its watchers are told (``expired``)."""
    cutoff = time.time() - max_age
    ended = []
    for table_id, actor in list(hub.actors.items()):
        if actor.status != "waiting" or float(actor.row.get("created_at", cutoff)) > cutoff:
            continue
        # Stopped first, so no join can start the game while the row is changed.
        await actor.stop()
        ended_here = False
        try:
            if actor.status == "waiting":
                ended_here = await asyncio.wrap_future(
                    hub.db.write(functools.partial(_expire_row, table_id=table_id))
                )
        finally:
            if not ended_here:
                actor.start()  # it went live meanwhile (or the write failed): it goes on
        if not ended_here:
            continue
        actor.status = "unfinished"
        if hub.actors.get(table_id) is actor:
            del hub.actors[table_id]
        hours = _duration(max_age)
        for sub in list(actor.subscribers):
            sub.send(
                protocol.error_frame(
                    "expired",
                    f"table {table_id} waited {hours} for players and has been closed;"
                    " create a new one",
                )
            )
        if hub.remote is not None:
            with contextlib.suppress(Exception):
                await hub.remote.disowned(table_id, [])
        log.info("table %s: waited %s for players; ended", table_id, hours)
        ended.append(table_id)
    return ended


async def expire_forever(hub: Hub, max_age: float) -> None:
    """:func:`expire_waiting` now and then (every quarter of ``max_age``, at most a
    minute apart), until cancelled."""
    every = min(60.0, max(0.05, max_age / 4))
    while True:
        try:
            await expire_waiting(hub, max_age)
        except Exception:
            log.exception("expiring waiting tables failed")
        await asyncio.sleep(every)


# ---------------------------------------------------------------------- bodies


def json_problem(body: bytes) -> str | None:
    """What is wrong with a JSON body beyond its syntax (nested too deeply, text that is
    not Unicode), or None. Syntax errors are left to the endpoint (422 ``bad_request``)."""
    try:
        data = json.loads(body)
    except RecursionError:
        return f"the body's JSON is nested too deeply: at most {MAX_DEPTH} levels"
    except ValueError:
        return None  # malformed: the endpoint's own error says where
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return f"the body's JSON is nested too deeply: at most {MAX_DEPTH} levels"
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and protocol.bad_text(key):
                    return "the body holds text that is not Unicode: " + protocol.SURROGATES
                stack.append((item, depth + 1))
        elif isinstance(value, str) and protocol.bad_text(value):
            return "the body holds text that is not Unicode: " + protocol.SURROGATES
    return None


class BodyGuard:
    """Every request body at most ``max_body`` bytes, counted as it arrives (with a
    Content-Length or chunked: 413 as soon as it passes the limit), and a JSON body
    checked for depth and Unicode (400 ``bad_json``) before the endpoint sees it."""

    def __init__(self, app: ASGIApp, max_body: int = 64 * 1024) -> None:
        self.app = app
        self.max_body = max_body

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, "too_large", f"request bodies are at most {self.max_body} bytes"
        )
        await response(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._too_large(scope, receive, send)
            return
        # The body is read whole before the endpoint runs: it is at most max_body bytes
        # (a request without a body has one empty message).
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before it finished its request
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            problem = json_problem(body)
            if problem is not None:
                await error_response(400, "bad_json", problem)(scope, receive, send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# -------------------------------------------------------------------- headers


class SecurityHeaders:
    """``headers`` on every HTTP answer (JSON, static files, errors) unless it has its
    own value for one."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                have = {k.lower() for k, _ in raw}
                raw.extend((k, v) for k, v in self.headers if k not in have)
                message["headers"] = raw
            await send(message)

        await self.app(scope, receive, with_headers)
