"""``yuletide serve`` and ``yuletide migrate``: run the server, migrate a database."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import sys
from pathlib import Path
from typing import Any

import platformdirs
import uvicorn

from . import limits, ops, store
from .app import ServerConfig, create_app
from .botpool import START_METHODS, PoolSettings, default_processes
from .limits import LimitsConfig
from .seats import SeatRules

#: Largest websocket frame uvicorn reads at all; the protocol's own limit (16 KiB) is
#: checked with a clear error below it.
WS_MAX_BYTES = 1024 * 1024


def default_db_url() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    folder = Path(platformdirs.user_data_dir("yuletide"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'yuletide.db'}"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000; 0 picks a free one)")
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL, e.g. postgresql+psycopg://user@host/db"
        " (default: SQLite in the user's data directory, migrated automatically)",
    )
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="Redis URL (redis://host:6379/0): scale out over several server processes",
    )
    p.add_argument(
        "--migrate",
        action="store_true",
        help="migrate the --db database to the newest schema before serving",
    )
    p.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also accept browser websockets from this origin (repeatable; '*' for any)",
    )
    p.add_argument(
        "--ws-compression",
        action="store_true",
        help="offer permessage-deflate on websockets (off: frames are small JSON, and"
        " compressing each one cost the server more CPU than anything else it does)",
    )
    p.add_argument("--bot-workers", type=int, default=4, help="threads that run bots (4)")
    add_bot_pool_arguments(p)
    p.add_argument(
        "--rate-limit",
        default="20:40",
        metavar="RATE:BURST",
        help="messages a second each websocket may send, and its burst (20:40)",
    )
    add_limit_arguments(p)
    add_seat_arguments(p)
    p.add_argument(
        "--log-level",
        default="warning",
        help="how much the server and uvicorn log: critical, error, warning, info (a line per"
        " request, websocket and game), debug (and per action), trace (warning)",
    )
    add_ops_arguments(p)


# ------------------------------------------------------------- limits (limits.py)
#: ``yuletide serve``'s limits: what one client address, and one process, may ask for.
LIMIT_DEFAULTS = {
    "create_rate": "10:30",
    "join_rate": "30:60",
    "rematch_rate": "10:30",
    "waiting_per_client": 5,
    "waiting_expiry": "24h",
    "max_bot_tables": 32,
    "max_search_seats": 64,
    "max_body": 64 * 1024,
}


def add_limit_arguments(p: argparse.ArgumentParser) -> None:
    """The limits' options (docs/operations.md, limits.py). Per-address limits go by the
    client's address: behind a reverse proxy, pass its X-Forwarded-For (uvicorn trusts
    it from 127.0.0.1)."""
    d = LIMIT_DEFAULTS
    p.add_argument(
        "--create-rate",
        default=d["create_rate"],
        metavar="PER_MINUTE:BURST",
        help=f"tables each client address may create a minute, and its burst"
        f" ({d['create_rate']}; off for no limit); over it: 429 with Retry-After",
    )
    p.add_argument(
        "--join-rate",
        default=d["join_rate"],
        metavar="PER_MINUTE:BURST",
        help=f"seats each client address may take a minute, and its burst ({d['join_rate']};"
        " off for no limit)",
    )
    p.add_argument(
        "--rematch-rate",
        default=d["rematch_rate"],
        metavar="PER_MINUTE:BURST",
        help=f"rematches each client address may ask for a minute, and its burst"
        f" ({d['rematch_rate']}; off for no limit)",
    )
    p.add_argument(
        "--waiting-per-client",
        default=d["waiting_per_client"],
        type=int,
        metavar="N",
        help=f"tables waiting for players one client address may have at once, so a flood"
        f" fills at most N rows of the lobby ({d['waiting_per_client']}; 0 for no limit)",
    )
    p.add_argument(
        "--waiting-expiry",
        default=d["waiting_expiry"],
        metavar="DURATION",
        help=f"a table still waiting for players this long after it was created ends"
        f" unfinished and leaves the lobby (seconds, or 30m, 24h, 2d; {d['waiting_expiry']};"
        " off for never)",
    )
    p.add_argument(
        "--max-bot-tables",
        default=d["max_bot_tables"],
        type=int,
        metavar="N",
        help=f"live tables with no human seat this process runs at most; more: 503"
        f" ({d['max_bot_tables']}; 0 for no limit)",
    )
    p.add_argument(
        "--max-search-seats",
        default=d["max_search_seats"],
        type=int,
        metavar="N",
        help=f"seats of searching bots (the hard level) at this process's live tables at"
        f" most; more: 503 ({d['max_search_seats']}; 0 for no limit)",
    )
    p.add_argument(
        "--max-body",
        default=d["max_body"],
        type=int,
        metavar="BYTES",
        help=f"largest request body, with a Content-Length or chunked; more: 413 ({d['max_body']})",
    )


def limits_config(args: argparse.Namespace) -> LimitsConfig:
    """The limits the options ask for; ValueError says what is wrong with one."""
    for flag, value in (
        ("--waiting-per-client", args.waiting_per_client),
        ("--max-bot-tables", args.max_bot_tables),
        ("--max-search-seats", args.max_search_seats),
    ):
        if value < 0:
            raise ValueError(f"{flag} must be a whole number >= 0 (0: no limit), got {value}")
    if args.max_body < 1024:
        raise ValueError(f"--max-body must be at least 1024 bytes, got {args.max_body}")
    expiry = args.waiting_expiry.strip().lower()
    return LimitsConfig(
        create_rate=limits.parse_rate(args.create_rate, "--create-rate"),
        join_rate=limits.parse_rate(args.join_rate, "--join-rate"),
        rematch_rate=limits.parse_rate(args.rematch_rate, "--rematch-rate"),
        waiting_per_client=args.waiting_per_client or None,
        waiting_expiry=None
        if expiry in ("off", "never")
        else limits.parse_seconds(expiry, "--waiting-expiry"),
        max_bot_tables=args.max_bot_tables or None,
        max_search_seats=args.max_search_seats or None,
    )


# ------------------------------------------------------------- end of limits


# ------------------------------------------------- seats and stops (seats.py)
SEAT_DEFAULTS = {"seat_grace": 60.0, "rematch_hold": 120.0, "shutdown_timeout": 5.0}


def add_seat_arguments(p: argparse.ArgumentParser) -> None:
    """What happens to seats nobody plays (seats.py), and how long a stop may take."""
    d = SEAT_DEFAULTS
    p.add_argument(
        "--seat-grace",
        type=float,
        default=d["seat_grace"],
        metavar="SECONDS",
        help=f"a player disconnected this long from a running game has their seat played"
        f" by a bot (or the game ends, if the table says on_leave 'abandon'); they can"
        f" take it back with their token ({d['seat_grace']:g})",
    )
    p.add_argument(
        "--rematch-hold",
        type=float,
        default=d["rematch_hold"],
        metavar="SECONDS",
        help=f"a rematch seat is kept this long for the player who sat there, unless they"
        f" take it or decline first ({d['rematch_hold']:g})",
    )
    p.add_argument(
        "--shutdown-timeout",
        type=float,
        default=d["shutdown_timeout"],
        metavar="SECONDS",
        help=f"on SIGTERM/SIGINT, how long open requests and connections get to finish"
        f" before they are cut; actions in flight are committed either way"
        f" ({d['shutdown_timeout']:g})",
    )


def seat_rules(args: argparse.Namespace) -> SeatRules:
    """The seat rules the options ask for; ValueError says what is wrong."""
    for flag, value, most in (
        ("--seat-grace", args.seat_grace, 3600.0),
        ("--rematch-hold", args.rematch_hold, 86400.0),
        ("--shutdown-timeout", args.shutdown_timeout, 600.0),
    ):
        if not 0 <= value <= most:
            raise ValueError(f"{flag} is seconds from 0 to {most:g}, got {value:g}")
    return SeatRules(grace=args.seat_grace, rematch_hold=args.rematch_hold)


# ----------------------------------------------------------- end of seats


# ------------------------------------------------------- bot pool (botpool.py)


def add_bot_pool_arguments(p: argparse.ArgumentParser) -> None:
    """The bot pool's options: the worker processes searching bots run in (never the
    event loop's process) and their fair scheduler across tables."""
    d = PoolSettings()
    p.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        metavar="N",
        help=f"worker processes that run searching bots (the cores but one, at least 1:"
        f" {default_processes()} here)",
    )
    p.add_argument(
        "--bot-table-searches",
        type=int,
        default=d.table_searches,
        metavar="N",
        help=f"decisions of one table that may run at once, so a table cannot take every"
        f" worker ({d.table_searches})",
    )
    p.add_argument(
        "--bot-searches",
        type=int,
        default=None,
        metavar="N",
        help="searches that may run at once in this process (one per worker process);"
        " fewer keeps workers free for quick bots with --bot-pool all",
    )
    p.add_argument(
        "--bot-budget",
        type=float,
        default=d.budget,
        metavar="SECONDS",
        help=f"worker time one bot decision may take; a bot over it is cut and the seat plays"
        f" a legal action instead ({d.budget:g})",
    )
    p.add_argument(
        "--bot-kill-after",
        type=float,
        default=d.kill_after,
        metavar="SECONDS",
        help=f"seconds past the budget after which a worker that has not answered is killed"
        f" and replaced ({d.kill_after:g})",
    )
    p.add_argument(
        "--bot-pool",
        choices=("search", "all"),
        default="all" if d.every_bot else "search",
        help="which bots run in the worker processes: the searching ones (quick bots run"
        " in --bot-workers threads, where they never wait behind a search) or all"
        f" ({'all' if d.every_bot else 'search'})",
    )
    p.add_argument(
        "--bot-start-method",
        choices=START_METHODS,
        default=None,
        help="how worker processes start (forkserver where the platform has it, else spawn)",
    )


def bot_pool_settings(args: argparse.Namespace) -> PoolSettings:
    """The bot pool the options ask for; ValueError says what is wrong with one."""
    return PoolSettings(
        processes=args.bot_processes,
        table_searches=args.bot_table_searches,
        searches=args.bot_searches,
        budget=args.bot_budget,
        kill_after=args.bot_kill_after,
        every_bot=args.bot_pool == "all",
        start_method=args.bot_start_method,
    )


# ------------------------------------------------------- end of bot pool


def parse_rate(text: str) -> tuple[float, float]:
    rate, _, burst = text.partition(":")
    try:
        pair = (float(rate), float(burst or rate))
    except ValueError:
        raise ValueError(f"--rate-limit is RATE:BURST, e.g. 20:40, got {text!r}") from None
    if not (pair[0] > 0 and pair[1] >= 1):
        raise ValueError(f"--rate-limit needs RATE > 0 and BURST >= 1, got {text!r}")
    return pair


#: uvicorn's log levels, as logging levels (trace is below debug).
LOG_LEVELS = {"critical": 50, "error": 40, "warning": 30, "info": 20, "debug": 10, "trace": 5}


def check_serve(args: argparse.Namespace) -> None:
    if args.log_level not in LOG_LEVELS:
        raise ValueError(
            f"--log-level must be one of {', '.join(LOG_LEVELS)}, got {args.log_level!r}"
        )
    parse_rate(args.rate_limit)
    limits_config(args)
    seat_rules(args)
    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535, got {args.port}")
    if args.bot_workers < 1:
        raise ValueError(f"--bot-workers must be at least 1, got {args.bot_workers}")
    bot_pool_settings(args)
    if args.db is not None and not args.db.startswith(("sqlite", "postgresql")):
        raise ValueError(f"--db must be a sqlite:/// or postgresql+psycopg:// URL, got {args.db!r}")
    if args.redis is not None and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"--redis must be a redis:// URL, got {args.redis!r}")
    check_ops(args)


class _Server(uvicorn.Server):
    """Prints where it listens once the socket is bound (port 0 included)."""

    db_label = ""
    log_format = "text"

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        if self.started:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            if self.log_format == "json":  # every line of a JSON-logging server is JSON
                url = f"http://{host}:{port}/"
                print(
                    ops.json_line(
                        f"listening on {url}", event="listening", url=url, db=self.db_label
                    ),
                    flush=True,
                )
                return
            print(
                f"Yuletide server on http://{host}:{port}/ — open it in a browser for the"
                f" lobby (API docs at /docs); database {self.db_label}",
                flush=True,
            )


def _log_to_stderr(level: str, log_format: str = "text") -> dict[str, Any] | None:
    """The server's own messages (a table that cannot be loaded, a lost lease; requests
    and websockets at info, actions at debug) on stderr, at ``--log-level`` but never
    quieter than warnings: timestamped text, or one JSON object a line (ops.py). The
    result is uvicorn's ``log_config``."""
    return ops.configure_logging(log_format, LOG_LEVELS[level])


# ------------------------------------------------------------------- ops (ops.py)


def add_ops_arguments(p: argparse.ArgumentParser) -> None:
    """Logs and the reverse proxy (docs/operations.md)."""
    p.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="text: timestamped lines; json: one JSON object a line, with the table id, never"
        " a token or a hidden card (text)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="comma-separated addresses or networks of reverse proxies whose X-Forwarded-For"
        " and X-Forwarded-Proto are believed (the client's address: per-client limits and"
        " logs); '*' for any, '' for none (default: $FORWARDED_ALLOW_IPS, else"
        " 127.0.0.1,::1)",
    )


def check_ops(args: argparse.Namespace) -> None:
    ips = args.forwarded_allow_ips
    if ips is None or ips.strip() in ("", "*"):
        return
    for item in ips.split(","):
        try:
            if "/" in item:
                ipaddress.ip_network(item.strip(), strict=False)
            else:
                ipaddress.ip_address(item.strip())
        except ValueError:
            raise ValueError(
                f"--forwarded-allow-ips takes addresses and networks (10.0.0.1,10.1.0.0/16),"
                f" '*' or '', got {item.strip()!r}"
            ) from None


def _fatal(args: argparse.Namespace, message: str) -> None:
    """Why the server cannot start, on stderr: a JSON line with --log-format json."""
    text = f"yuletide serve: error: {message}"
    if args.log_format == "json":
        text = ops.json_line(text, level=40, event="fatal")  # 40: logging.ERROR
    print(text, file=sys.stderr, flush=True)


# ------------------------------------------------------------------- end of ops


def _tune_gc() -> None:
    """Fewer, cheaper garbage collections: the modules and tables loaded so far are moved
    out of the collector's sight (``gc.freeze``), and the youngest generation is
    collected every 20,000 allocations instead of 700 — a server builds a few dicts per
    frame, and with hundreds of live tables the default thresholds made full collections
    frequent enough to show in the latency tail."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def cmd_serve(args: argparse.Namespace) -> int:
    log_config = _log_to_stderr(args.log_level, args.log_format)
    embedded = args.db is None
    url = default_db_url() if embedded else args.db
    try:
        if embedded or args.migrate:
            store.migrate(url)
        engine = store.make_engine(url)
        try:
            store.check_migrated(engine, url)
        finally:
            engine.dispose()
    except store.Unmigrated as err:
        _fatal(args, str(err))
        return 2
    except Exception as err:
        _fatal(args, f"cannot open the database: {err}")
        return 2
    config = ServerConfig(
        db_url=url,
        redis_url=args.redis,
        allowed_origins=tuple(args.origin),
        bot_workers=args.bot_workers,
        bot_pool=bot_pool_settings(args),
        rate=parse_rate(args.rate_limit)[0],
        burst=parse_rate(args.rate_limit)[1],
        max_body=args.max_body,
        limits=limits_config(args),
        seats=seat_rules(args),
    )
    server = _Server(
        uvicorn.Config(
            create_app(config),
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            ws_max_size=WS_MAX_BYTES,
            ws_per_message_deflate=args.ws_compression,
            access_log=False,
            # at SIGTERM/SIGINT open requests and websockets get this long, then are
            # cut; the lifespan then drains the tables' queued commits (Hub.close)
            timeout_graceful_shutdown=args.shutdown_timeout,
            log_config=log_config,
            forwarded_allow_ips=args.forwarded_allow_ips,
        )
    )
    server.db_label = store.make_engine(url).url.render_as_string(hide_password=True)
    server.log_format = args.log_format
    _tune_gc()
    server.run()
    return 0 if server.started else 1


def cmd_migrate(args: argparse.Namespace) -> int:
    url = args.db or default_db_url()
    store.migrate(url)
    print(f"migrated {url} to the newest schema")
    return 0
