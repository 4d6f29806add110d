"""``yuletide serve`` and ``yuletide migrate``: run the server, migrate a database."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from pathlib import Path
from typing import Any

import platformdirs
import uvicorn

from . import store
from .app import ServerConfig, create_app

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
    p.add_argument(
        "--rate-limit",
        default="20:40",
        metavar="RATE:BURST",
        help="messages a second each websocket may send, and its burst (20:40)",
    )
    p.add_argument("--log-level", default="warning", help="uvicorn log level (warning)")


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
    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535, got {args.port}")
    if args.bot_workers < 1:
        raise ValueError(f"--bot-workers must be at least 1, got {args.bot_workers}")
    if args.db is not None and not args.db.startswith(("sqlite", "postgresql")):
        raise ValueError(f"--db must be a sqlite:/// or postgresql+psycopg:// URL, got {args.db!r}")
    if args.redis is not None and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"--redis must be a redis:// URL, got {args.redis!r}")


class _Server(uvicorn.Server):
    """Prints where it listens once the socket is bound (port 0 included)."""

    db_label = ""

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        if self.started:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            print(
                f"Yuletide server on http://{host}:{port}/ — open it in a browser for the"
                f" lobby (API docs at /docs); database {self.db_label}",
                flush=True,
            )


def _log_to_stderr(level: str) -> None:
    """The server's own messages (a table that cannot be loaded, a lost lease) with
    timestamps, at ``--log-level`` but never quieter than warnings."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("yuletide.server")
    logger.addHandler(handler)
    logger.setLevel(min(logging.WARNING, LOG_LEVELS[level]))


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
    _log_to_stderr(args.log_level)
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
        print(f"yuletide serve: error: {err}", file=sys.stderr)
        return 2
    except Exception as err:
        print(f"yuletide serve: error: cannot open the database: {err}", file=sys.stderr)
        return 2
    config = ServerConfig(
        db_url=url,
        redis_url=args.redis,
        allowed_origins=tuple(args.origin),
        bot_workers=args.bot_workers,
        rate=parse_rate(args.rate_limit)[0],
        burst=parse_rate(args.rate_limit)[1],
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
        )
    )
    server.db_label = store.make_engine(url).url.render_as_string(hide_password=True)
    _tune_gc()
    server.run()
    return 0 if server.started else 1


def cmd_migrate(args: argparse.Namespace) -> int:
    url = args.db or default_db_url()
    store.migrate(url)
    print(f"migrated {url} to the newest schema")
    return 0
