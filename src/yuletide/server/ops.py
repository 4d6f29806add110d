"""What a host needs: health checks, Prometheus metrics and structured logs.

Routes (:func:`install` adds them to the app; docs/operations.md is the host's guide):

- ``GET /healthz``  liveness: 200 ``{"ok": true}`` whenever the process answers at all.
- ``GET /readyz``   readiness: 200 once the database answers and its Alembic revision is
  this server's head (and Redis answers, when the server scales out over it); otherwise
  503 in the usual error format, ``{"error": "not_ready", "message": WHY}``.
- ``GET /metrics``  Prometheus text format (the official ``prometheus-client``), from a
  registry of this app's own, so several apps in one process never share a counter.

Metrics (``yuletide_`` names; a counter's samples end in ``_total``):

=========================================  ===========================================
``yuletide_live_tables{status}``           tables this process runs, by status
``yuletide_table_watchers``                connections watching those tables
``yuletide_websocket_connections``         open websockets to this process
``yuletide_websocket_connections_opened``  websockets accepted (counter)
``yuletide_actions``                       actions committed (counter; ``rate()`` is
                                           actions a second)
``yuletide_action_commit_seconds``         an action's commit, from the table handing
                                           it to the database writer to its commit
                                           (histogram)
``yuletide_db_commits``                    database transactions the writer committed
                                           (counter; a commit holds a batch of writes)
``yuletide_errors{channel,code}``          errors answered, by channel (``http``,
                                           ``ws``) and error code (counter)
``yuletide_http_requests{method,status}``  HTTP requests answered (counter)
``yuletide_broken_tables``                 stored tables that do not load here
``yuletide_bot_queue_length``              bot decisions waiting for a worker
``yuletide_bot_running``                   bot decisions being made now
``yuletide_bot_wait_seconds``              seconds decisions waited for a worker
                                           (counter; divided by the next one's rate:
                                           the mean wait)
``yuletide_bot_decisions``                 bot decisions made (counter)
``yuletide_bot_cut``                       decisions cut at their time budget (counter)
``yuletide_bot_killed``                    decisions killed with their worker (counter)
``yuletide_bot_errors``                    decisions that failed (counter)
``yuletide_bot_stale``                     decisions made for a position gone by (counter)
``yuletide_bot_processes``                 bot worker processes
``yuletide_build_info{version}``           this server's version
=========================================  ===========================================

plus the client library's ``process_*`` (CPU, memory, open files), ``python_gc_*`` and
``python_info``. The bot metrics come from the bot pool's ``stats()`` (``Hub.bot_pool``)
and are left out while the hub has no pool that reports them.

Logs: :class:`JsonFormatter` writes one JSON object a line (``yuletide serve
--log-format json``): ``time``, ``level``, ``logger``, ``message``, ``table`` where the
line is about one, and the event's own fields (``event``: ``http``, ``ws_open``,
``ws_error``, ``ws_close``, ``table_created``, ``action``, ``game_over``...). What is
logged never holds a token or a seat's secret: requests are logged by path (tokens
travel in headers, websocket messages and URL fragments, never in a path), websocket
traffic by error code only, actions by seat and version (never their notation, which
may name a hidden card); and every line is scrubbed of anything shaped like a bearer
token or an invite link's ``token=`` as a second line of defence.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    Info,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from .. import __version__
from . import store
from .hub import Hub

http_log = logging.getLogger("yuletide.server.http")
ws_log = logging.getLogger("yuletide.server.ws")
table_log = logging.getLogger("yuletide.server.table")
ops_log = logging.getLogger("yuletide.server.ops")

#: Seconds /readyz waits for the database (or Redis) before it answers 503.
READY_TIMEOUT = 5.0
#: A readiness result younger than this is reused (so /readyz cannot hammer the database).
READY_REUSE = 1.0
#: Buckets of the commit-latency histogram, in seconds.
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: HTTP methods counted by name (any other is counted as "other": labels stay few).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Paths logged at debug only (probes, scrapes and static files would drown the rest).
QUIET = ("/healthz", "/readyz", "/metrics", "/api/health", "/static/", "/favicon")
#: A table id in a request path.
_TABLE_PATH = re.compile(r"^/(?:api/tables|ws/tables|play|replay)/([A-Za-z0-9_-]{1,32})(?:/|$)")
#: A table id in a log message that names a path (uvicorn's own lines).
_TABLE_IN_TEXT = re.compile(r"/(?:api/tables|ws/tables|play|replay)/([A-Za-z0-9_-]{1,32})\b")
#: Error codes are the server's own snake_case words; anything else is not a label.
_CODE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: The request paths whose answers name the table they made (create, rematch).
_CREATES = re.compile(r"^/api/tables(?:/[A-Za-z0-9_-]{1,32}/rematch)?$")
#: Anything shaped like a secret: a bearer token, ``token=…`` (invite links), a JSON
#: ``"token": "…"``. Replaced by ``[redacted]`` in every JSON line.
_SECRET = re.compile(
    r"(?i)(bearer\s+|\btoken\b[\"']?\s*[:=]\s*[\"']?)([^\s\"'&,;)}\]]{4,})",
)
#: The most of a request path a log line keeps.
MAX_PATH = 200


def redact(text: str) -> str:
    """``text`` with anything shaped like a token replaced by ``[redacted]``."""
    return _SECRET.sub(r"\1[redacted]", text)


# ------------------------------------------------------------------------- logs

#: The attributes every LogRecord has; anything else on a record is an event field.
#: (uvicorn's ``color_message`` is its message with terminal colours: left out.)
_STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "color_message"}
#: printf-style placeholders, to find which argument fills "table %s".
_PLACEHOLDER = re.compile(
    r"%(?:\([^)]*\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]"
)


def _table_of(record: logging.LogRecord, message: str) -> str | None:
    """The table a record is about: its ``table`` field, the argument that fills
    ``table %s`` in its message, or a table path named in its text."""
    table = record.__dict__.get("table")
    if table is not None:
        return str(table)
    msg, args = record.msg, record.args
    if isinstance(msg, str) and isinstance(args, tuple):
        at = msg.find("table %s")
        if at >= 0:
            before = [m for m in _PLACEHOLDER.findall(msg[:at]) if m != "%%"]
            if len(before) < len(args):
                return str(args[len(before)])
    found = _TABLE_IN_TEXT.search(message)
    return found.group(1) if found else None


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, ``table`` (when the line is about one), the record's extra fields,
    and ``exc`` (a traceback, as one string). Non-ASCII is escaped, so a line is one
    line of ASCII whatever a client sent; anything shaped like a token is redacted."""

    def format(self, record: logging.LogRecord) -> str:
        message = redact(record.getMessage())
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": message,
        }
        table = _table_of(record, message)
        if table is not None:
            line["table"] = table
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key not in line:
                line[key] = redact(value) if isinstance(value, str) else value
        if record.exc_info:
            line["exc"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exc"] = redact(record.exc_text)
        if record.stack_info:
            line["stack"] = redact(self.formatStack(record.stack_info))
        return json.dumps(line, ensure_ascii=True, default=str)


def json_line(
    message: str, level: int = logging.INFO, name: str = "yuletide.server", **fields: Any
) -> str:
    """One JSON log line made by hand (``yuletide serve``'s banner in JSON mode)."""
    record = logging.makeLogRecord(
        {"name": name, "levelno": level, "levelname": logging.getLevelName(level), "msg": message}
    )
    record.__dict__.update(fields)
    return JsonFormatter().format(record)


class NoWireDumps(logging.Filter):
    """Drops the websockets library's frame and header dumps (``< TEXT '{...}'``,
    ``> TEXT ...``), which uvicorn routes to its ``uvicorn.error`` logger at debug:
    those hold hello messages (seat tokens) and every frame a seat gets (its hand)."""

    def filter(self, record: logging.LogRecord) -> bool:
        msg = record.msg
        return not (isinstance(msg, str) and msg.startswith(("< ", "> ")))


#: The plain-text format of the server's own lines (``--log-format text``).
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(log_format: str, level: int) -> dict[str, Any] | None:
    """Set up the process's logging for ``yuletide serve``: the server's own loggers
    (``yuletide.server.*``) at ``level`` but never quieter than warnings; uvicorn's at
    the level uvicorn is given. Returns what to pass as uvicorn's ``log_config``.

    ``text``: as before — timestamped lines on stderr for the server, uvicorn's own
    format for uvicorn (its default configuration; None is never returned for it).
    ``json``: every line on stderr through :class:`JsonFormatter` — the server's,
    uvicorn's, warnings' and any library's warnings (the root logger's handler), and an
    exception no code caught (sys and threading excepthooks). In both, the websockets
    library's frame dumps at debug are dropped (:class:`NoWireDumps`)."""
    server = logging.getLogger("yuletide.server")
    server.setLevel(min(logging.WARNING, level))
    wire = logging.getLogger("uvicorn.error")  # where uvicorn's websockets log
    if not any(isinstance(f, NoWireDumps) for f in wire.filters):
        wire.addFilter(NoWireDumps())
    if log_format == "text":
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
        server.addHandler(handler)
        import uvicorn.config  # noqa: PLC0415  (the server extra is installed here)

        config: dict[str, Any] = uvicorn.config.LOGGING_CONFIG
        return config
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_uncaught
    # uvicorn's loggers lose their own handlers and propagate to the root's.
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "loggers": {
            name: {"handlers": [], "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
        },
    }


def _log_uncaught(kind: type[BaseException], err: BaseException, tb: TracebackType | None) -> None:
    logging.getLogger("yuletide.server").critical(
        "uncaught %s", kind.__name__, exc_info=(kind, err, tb)
    )


def _log_thread_uncaught(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    logging.getLogger("yuletide.server").error(
        "uncaught %s in thread %s",
        args.exc_type.__name__,
        name,
        exc_info=(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback),
    )


# ---------------------------------------------------------------------- metrics


def bot_stats(hub: Hub) -> dict[str, float] | None:
    """The bot pool's ``stats()`` (queued, running, waited_seconds_total,
    decisions_total), or None while the hub has no pool that reports them."""
    for name in ("bot_pool", "botpool", "pool"):
        pool = getattr(hub, name, None)
        stats = getattr(pool, "stats", None)
        if callable(stats):
            try:
                found = stats()
            except Exception:
                ops_log.exception("the bot pool's stats() failed")
                return None
            return dict(found) if isinstance(found, dict) else None
    return None


#: The bot pool's ``stats()`` keys, as metrics: name, whether a counter, help.
BOT_METRICS: dict[str, tuple[str, bool, str]] = {
    "queued": ("yuletide_bot_queue_length", False, "Bot decisions waiting for a worker"),
    "running": ("yuletide_bot_running", False, "Bot decisions being made now"),
    "waited_seconds_total": (
        "yuletide_bot_wait_seconds",
        True,
        "Seconds bot decisions waited for a worker (over yuletide_bot_decisions_total:"
        " the mean wait)",
    ),
    "decisions_total": ("yuletide_bot_decisions", True, "Bot decisions made"),
    "cut_total": ("yuletide_bot_cut", True, "Bot decisions cut at their time budget"),
    "killed_total": ("yuletide_bot_killed", True, "Bot decisions killed with their worker"),
    "errors_total": ("yuletide_bot_errors", True, "Bot decisions that failed"),
    "stale_total": ("yuletide_bot_stale", True, "Bot decisions made for a position gone by"),
    "processes": ("yuletide_bot_processes", False, "Bot worker processes"),
}


class _HubCollector(Collector):
    """What is read from the hub when Prometheus scrapes (on the event loop's thread:
    /metrics is answered there, so the hub's dicts do not change while read)."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops

    def describe(self) -> Iterable[Metric]:
        return []

    def collect(self) -> Iterable[Metric]:
        hub = self.ops.hub
        if hub is None:
            return
        live = GaugeMetricFamily(
            "yuletide_live_tables", "Tables this process runs, by status", labels=["status"]
        )
        by_status = {"waiting": 0, "playing": 0, "finished": 0, "unfinished": 0}
        watchers = 0
        for actor in list(hub.actors.values()):
            by_status[actor.status] = by_status.get(actor.status, 0) + 1
            watchers += len(actor.subscribers)
        for status, count in sorted(by_status.items()):
            live.add_metric([status], count)
        yield live
        yield GaugeMetricFamily(
            "yuletide_table_watchers", "Connections watching this process's tables", watchers
        )
        yield GaugeMetricFamily(
            "yuletide_broken_tables", "Stored tables that do not load here", len(hub.broken)
        )
        yield CounterMetricFamily(
            "yuletide_db_commits",
            "Database transactions the writer committed (each holds a batch of writes)",
            getattr(hub.db, "commits", 0),
        )
        stats = bot_stats(hub)
        if stats is None:
            return
        for key, (name, counter, text) in BOT_METRICS.items():
            value = stats.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                family = CounterMetricFamily if counter else GaugeMetricFamily
                yield family(name, text, float(value))


class Ops:
    """One app's metrics registry, its readiness probe and the hub it reports on."""

    def __init__(self) -> None:
        self.hub: Hub | None = None
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.actions = Counter(
            "yuletide_actions", "Actions committed (rate() is actions a second)", registry=r
        )
        self.commit_seconds = Histogram(
            "yuletide_action_commit_seconds",
            "Seconds from a table handing an action to the database writer to its commit",
            buckets=COMMIT_BUCKETS,
            registry=r,
        )
        self.errors = Counter(
            "yuletide_errors",
            "Errors answered, by channel (http, ws) and error code",
            ["channel", "code"],
            registry=r,
        )
        self.requests = Counter(
            "yuletide_http_requests", "HTTP requests answered", ["method", "status"], registry=r
        )
        self.connections = Gauge(
            "yuletide_websocket_connections", "Open websocket connections", registry=r
        )
        self.opened = Counter(
            "yuletide_websocket_connections_opened", "Websocket connections accepted", registry=r
        )
        Info("yuletide_build", "This server's version", registry=r).info({"version": __version__})
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        GCCollector(registry=r)
        r.register(_HubCollector(self))
        self._probe: Future[str | None] | None = None
        self._probed_at = 0.0
        self._heads: dict[str, str | None] = {}
        self._was_ready: bool | None = None

    # ----------------------------------------------------------- hooks

    def on_action(self, actor: Any, seat: int, seconds: float) -> None:
        """The table actor's hook (``Store.on_action``), called on the event loop once an
        action is committed and applied: count it, time its commit, log it. Never raises
        (the action is committed already)."""
        try:
            self.actions.inc()
            self.commit_seconds.observe(seconds)
            if table_log.isEnabledFor(logging.DEBUG):
                table_log.debug(
                    "table %s: action %d by seat %d committed in %.1f ms",
                    actor.id,
                    actor.version,
                    seat,
                    seconds * 1000,
                    extra={
                        "event": "action",
                        "table": actor.id,
                        "version": actor.version,
                        "seat": seat,
                        "commit_ms": round(seconds * 1000, 3),
                    },
                )
            if table_log.isEnabledFor(logging.INFO) and actor.state.outcome.over:
                table_log.info(
                    "table %s: game over after %d actions (%s)",
                    actor.id,
                    actor.version,
                    actor.state.outcome.status,
                    extra={
                        "event": "game_over",
                        "table": actor.id,
                        "version": actor.version,
                        "outcome": actor.state.outcome.status,
                    },
                )
        except Exception:
            ops_log.exception("metrics hook failed")

    def error(self, channel: str, code: str) -> None:
        self.errors.labels(channel, code).inc()

    # ------------------------------------------------------- readiness

    async def readiness(self, hub: Hub | None) -> str | None:
        """None when this process is ready to serve, else why not (for /readyz)."""
        if hub is None:
            return "the server is starting or stopping"
        for flag in ("closing", "draining", "stopping"):
            if getattr(hub, flag, False) is True:
                return "the server is shutting down"
        probe = self._probe
        if probe is None or (probe.done() and time.monotonic() - self._probed_at > READY_REUSE):
            # One probe at a time, in a thread of its own (a database that hangs holds
            # that thread only, never the event loop or the threads the tables use).
            probe = self._probe = Future()
            self._probed_at = time.monotonic()
            threading.Thread(
                target=self._run_probe, args=(probe, hub.db), name="yuletide-readyz", daemon=True
            ).start()
        try:
            # shielded: a request that gives up must not cancel the probe others share
            why = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(probe)), READY_TIMEOUT)
        except TimeoutError:
            why = f"the database did not answer within {READY_TIMEOUT:g} s"
        if why is None:
            why = await self._redis_down(hub)
        ready = why is None
        if ready != self._was_ready:
            self._was_ready = ready
            if ready:
                ops_log.info("ready", extra={"event": "ready"})
            else:
                ops_log.warning("not ready: %s", why, extra={"event": "not_ready"})
        return why

    def _run_probe(self, result: Future[str | None], db: store.Store) -> None:
        if not result.set_running_or_notify_cancel():
            return
        try:
            outcome = self.probe(db.engine, db.url)
        except BaseException as err:  # pragma: no cover - probe() catches what it expects
            outcome = f"the readiness check failed: {type(err).__name__}"
        result.set_result(outcome)

    def probe(self, engine: Any, url: str) -> str | None:
        """None when the database at ``url`` answers and is at Alembic's head revision,
        else why not (the public answer names the kind of failure only; the log has
        the whole error)."""
        if url not in self._heads:
            cfg = store._alembic_config(url)
            self._heads[url] = ScriptDirectory.from_config(cfg).get_current_head()
        head = self._heads[url]
        try:
            with engine.connect() as conn:
                current = MigrationContext.configure(conn).get_current_revision()
        except Exception as err:
            ops_log.warning("readiness: the database does not answer: %s", err)
            return f"the database does not answer ({type(err).__name__})"
        if current != head:
            return (
                f"the database is at schema revision {current or 'none'}, this server needs"
                f" {head}: run `yuletide migrate`"
            )
        return None

    @staticmethod
    async def _redis_down(hub: Hub) -> str | None:
        redis = getattr(hub.remote, "redis", None)
        ping = getattr(redis, "ping", None)
        if ping is None:
            return None
        try:
            await asyncio.wait_for(ping(), READY_TIMEOUT)
        except Exception as err:
            return f"Redis does not answer ({type(err).__name__})"
        return None


# ------------------------------------------------------------------- middleware


class OpsMiddleware:
    """Counts and logs every request and websocket: status, error code, table id,
    duration, open connections. Pure ASGI (no buffering: an answer's body is read
    only when it is an error, or the small JSON naming a table just created)."""

    def __init__(self, app: Any, ops: Ops) -> None:
        self.app = app
        self.ops = ops

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Any, receive: Any, send: Any) -> None:
        began = time.perf_counter()
        path: str = scope.get("path", "")
        method: str = scope.get("method", "GET")
        creates = method == "POST" and _CREATES.match(path) is not None
        status = 500
        body: list[bytes] = []
        keep = 0

        async def sending(message: Any) -> None:
            nonlocal status, keep
            if message["type"] == "http.response.start":
                status = int(message["status"])
                keep = 16 * 1024 if status >= 400 or (creates and status < 300) else 0
            elif message["type"] == "http.response.body" and keep > 0:
                chunk = message.get("body", b"")
                if sum(map(len, body)) + len(chunk) <= keep:
                    body.append(chunk)
                else:
                    keep = 0
                    body.clear()
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except BaseException:
            status = 500
            raise
        finally:
            self._http_done(scope, path, method, status=status, body=b"".join(body), began=began)

    def _http_done(
        self, scope: Any, path: str, method: str, *, status: int, body: bytes, began: float
    ) -> None:
        ops = self.ops
        ops.requests.labels(method if method in METHODS else "other", str(status)).inc()
        fields: dict[str, Any] = {}
        decoded = _json_object(body) if body else None
        if status >= 400:
            code = decoded.get("error") if decoded is not None else None
            code = code if isinstance(code, str) and _CODE.match(code) else f"http_{status}"
            ops.error("http", code)
            fields["error"] = code
        found = _TABLE_PATH.match(path)
        table = found.group(1) if found else None
        if decoded is not None and status < 300:
            made = decoded.get("table")
            if isinstance(made, str) and _TABLE_PATH.match("/play/" + made):
                if table is not None and path.endswith("/rematch"):
                    fields["rematch_of"] = table
                table = made
                fields["event"] = "table_created"
                if isinstance(decoded.get("game"), str):
                    fields["game"] = decoded["game"][:64]
        level = logging.DEBUG if path.startswith(QUIET) and status < 500 else logging.INFO
        if status >= 500:
            level = logging.WARNING
        if not http_log.isEnabledFor(level):
            return
        ms = (time.perf_counter() - began) * 1000
        fields.setdefault("event", "http")
        if table is not None:
            fields["table"] = table
        shown = path if len(path) <= MAX_PATH else path[:MAX_PATH] + "..."
        http_log.log(
            level,
            "%s %s %d %.1f ms%s",
            method[:16],
            shown,
            status,
            ms,
            f" {fields['error']}"
            if "error" in fields
            else f" (table {table})"
            if fields["event"] == "table_created"
            else "",
            extra={
                **fields,
                "method": method[:16],
                "path": shown,
                "status": status,
                "ms": round(ms, 3),
                "client": _client(scope),
            },
        )

    async def _websocket(self, scope: Any, receive: Any, send: Any) -> None:
        ops = self.ops
        path: str = scope.get("path", "")
        found = _TABLE_PATH.match(path)
        table = found.group(1) if found else None
        began = time.perf_counter()
        accepted = False
        frames = 0
        close_code: int | None = None

        async def sending(message: Any) -> None:
            nonlocal accepted, frames, close_code
            kind = message["type"]
            if kind == "websocket.send":
                frames += 1
                text = message.get("text")
                if text is not None and text.startswith('{"type":"error"'):
                    self._ws_error(table, text)
            elif kind == "websocket.accept":
                accepted = True
                ops.connections.inc()
                ops.opened.inc()
                if ws_log.isEnabledFor(logging.INFO):
                    ws_log.info(
                        "websocket open %s",
                        path[:MAX_PATH],
                        extra={"event": "ws_open", "table": table, "client": _client(scope)},
                    )
            elif kind == "websocket.close":
                close_code = int(message.get("code", 1000))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if accepted:
                ops.connections.dec()
                if ws_log.isEnabledFor(logging.INFO):
                    seconds = time.perf_counter() - began
                    ws_log.info(
                        "websocket closed %s after %.1f s, %d frames",
                        path[:MAX_PATH],
                        seconds,
                        frames,
                        extra={
                            "event": "ws_close",
                            "table": table,
                            "seconds": round(seconds, 3),
                            "frames": frames,
                            "close_code": close_code,
                            "client": _client(scope),
                        },
                    )

    def _ws_error(self, table: str | None, text: str) -> None:
        frame = _json_object(text.encode())
        code = frame.get("code") if frame is not None else None
        code = code if isinstance(code, str) and _CODE.match(code) else "unknown"
        self.ops.error("ws", code)
        if ws_log.isEnabledFor(logging.INFO):
            ws_log.info(
                "websocket error %s",
                code,
                extra={"event": "ws_error", "table": table, "error": code},
            )


def _json_object(data: bytes) -> dict[str, Any] | None:
    with contextlib.suppress(ValueError, UnicodeDecodeError):
        value = json.loads(data)
        if isinstance(value, dict):
            return value
    return None


def _client(scope: Any) -> str | None:
    """The client's address as uvicorn gives it (the proxy's X-Forwarded-For when the
    connection comes from a trusted proxy: ``--forwarded-allow-ips``)."""
    client = scope.get("client")
    return str(client[0]) if client else None


# ------------------------------------------------------------------- the routes


def install(app: FastAPI, error: Callable[[int, str, str], JSONResponse]) -> Ops:
    """Add /healthz, /readyz and /metrics and the counting middleware to ``app`` (call
    it last in create_app, so the middleware sees every other one's answers too);
    ``error`` makes the usual error JSON. :func:`attach` connects the hub once the
    lifespan has made it."""
    ops = Ops()
    app.state.ops = ops

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "version": __version__}

    @app.get("/readyz", include_in_schema=False, response_model=None)
    async def readyz(request: Request) -> dict[str, Any] | JSONResponse:
        hub: Hub | None = getattr(request.app.state, "hub", None)
        why = await ops.readiness(hub)
        if why is not None:
            return error(503, "not_ready", why)
        return {"ok": True, "version": __version__}

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> Response:
        return Response(generate_latest(ops.registry), media_type=CONTENT_TYPE_LATEST)

    app.add_middleware(OpsMiddleware, ops=ops)
    return ops


def attach(app: FastAPI, hub: Hub) -> None:
    """Report on ``hub`` (call it in the lifespan before the hub starts its tables):
    its tables and bots on /metrics, every committed action through the store's hook."""
    ops: Ops | None = getattr(app.state, "ops", None)
    if ops is None:
        return
    ops.hub = hub
    hub.db.on_action = ops.on_action
