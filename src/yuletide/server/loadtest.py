"""Load benchmark of the game server (``make bench-server``; not a test).

It starts a real ``yuletide serve`` process on 127.0.0.1 (a free port; a fresh SQLite
file in a temporary folder, or ``--db postgresql+psycopg://…``, where a fresh database is
created next to the one named and dropped afterwards), then keeps N live tables busy from
one or more *separate* client processes (asyncio + websockets each), so the clients' CPU
is not counted against the server's — on a 2-core machine they still compete for it, so
both are reported.

Each table: a turn-based game (``--game``, required: which game is the benchmark's
choice, and ``make bench-server`` passes the one it measures) with ``--players`` seats,
one human seat played over a websocket by a client that picks a random legal
action after a human-like pause (``--think``), bots in the other seats acting after
``--bot-delay`` seconds (drawn per table from a range such as 0.5-1.0), and
``--clients-per-table`` - 1 spectators on the same table. A table whose game ends gets a
rematch (REST), and its clients follow to the new table, so N tables stay live. Tables
start spread over ``--ramp`` seconds; after ``--settle`` more seconds the figures cover
the next ``--duration`` seconds:

- actions/s the server accepted (the table versions the human clients saw advance;
  acks for their own actions), frames/s and MiB/s delivered to all clients;
- round-trip latency of the human clients' actions: send ``act`` → its ``ack``, and →
  the ``update`` frame of that version (p50/p95/p99);
- errors (error frames by code), connection failures (by kind), version gaps;
- server memory (VmRSS before the tables, peak VmHWM, (peak - base)/N per table: this
  includes the clients' connections and finished games kept for a minute) and the CPU of
  the server (also per accepted action), of the client processes and of the rest of the
  machine (percent of one core; a PostgreSQL server counts as the rest);
- the client event loops' lag (if it is high, the clients, not the server, are slow);
- how long the tables took to come up, and failure lines in the server's log.

``--sweep 50,100,200,500`` runs each N in turn (fresh server and database each) and
reports the largest N at which every table came up and act → update p99 stayed under
``--p99-ms`` (100) without connection failures. ``--json PATH`` writes every figure;
``--profile PATH`` runs the server under cProfile. ``--servers 2 --redis URL`` starts two
server processes on one database, scaled out over Redis (server/redis_bridge.py): client
process *w* talks to server *w mod 2*, so each server owns the tables its clients created;
memory and CPU are then summed over the servers.

Every run is bounded (``--tables`` <= 5000, ``--duration`` <= 600 s, ``--ramp`` <= 300 s,
at most 8 sweep steps, 20,000 clients) and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

import httpx

try:  # uvicorn[standard] brings uvloop; the clients use it too when it is there
    import uvloop
except ImportError:  # pragma: no cover
    uvloop = None  # type: ignore[assignment]

from .loadclients import (
    GRACE_SECONDS,
    START_SECONDS,
    Mix,
    WorkerSpec,
    raise_nofile,
    worker_main,
)

#: The only address a load run talks to.
HOST = "127.0.0.1"
MAX_TABLES = 5000
MAX_CLIENTS_PER_TABLE = 16
MAX_CLIENTS = 20_000
MAX_DURATION = 600.0
MAX_RAMP = 300.0
MAX_SWEEP = 8
MAX_PROCS = 8
MAX_SERVERS = 4


_T0 = time.monotonic()


def _say(text: str) -> None:
    """Progress on stderr (the figures go to stdout)."""
    print(f"loadtest [{time.monotonic() - _T0:6.1f} s] {text}", file=sys.stderr, flush=True)


class LoadError(Exception):
    """A load run that cannot start or went wrong; the message says why."""


# ---------------------------------------------------------------- options


def _range(text: str) -> tuple[float, float]:
    """'0.75' or '0.5-1.0': seconds, a fixed value or a uniform range."""
    lo, sep, hi = text.partition("-")
    try:
        pair = (float(lo), float(hi) if sep else float(lo))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SECONDS or LOW-HIGH, got {text!r}") from None
    if not 0 <= pair[0] <= pair[1] <= 10:
        raise argparse.ArgumentTypeError(f"seconds must be 0 <= LOW <= HIGH <= 10, got {text!r}")
    return pair


def _sweep(text: str) -> list[int]:
    try:
        steps = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--sweep is N,N,…, got {text!r}") from None
    if not steps:
        raise argparse.ArgumentTypeError("--sweep needs at least one table count")
    return steps


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m yuletide.server.loadtest",
        description="Load-test a real `yuletide serve` on 127.0.0.1 with N live tables.",
    )
    p.add_argument("--tables", type=int, default=50, help=f"live tables (50; <= {MAX_TABLES})")
    p.add_argument(
        "--clients-per-table",
        type=int,
        default=4,
        metavar="K",
        help="websocket clients per table: 1 human seat + K-1 spectators (4)",
    )
    p.add_argument(
        "--game", required=True, help="game id: a turn-based game (make bench-server passes one)"
    )
    p.add_argument("--players", type=int, default=4, help="seats per table: 1 human + bots (4)")
    p.add_argument("--bot", default="random", help="bot kind in the bot seats (random)")
    p.add_argument(
        "--bot-delay",
        type=_range,
        default=(0.5, 1.0),
        metavar="S|LO-HI",
        help="bot_delay of each table, drawn per table (0.5-1.0 s)",
    )
    p.add_argument(
        "--think",
        type=_range,
        default=(0.5, 1.0),
        metavar="S|LO-HI",
        help="the human client's pause before it acts, drawn per action (0.5-1.0 s)",
    )
    p.add_argument(
        "--duration",
        type=float,
        default=20.0,
        help=f"seconds measured after the ramp (20; <= {MAX_DURATION:g})",
    )
    p.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="seconds over which the tables start (default: N/50, at least 2, at most 30)",
    )
    p.add_argument(
        "--settle",
        type=float,
        default=3.0,
        help="seconds after the ramp before measuring starts (3)",
    )
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="postgresql+psycopg://…@127.0.0.1/DB: a fresh database is created beside DB"
        " for each run and dropped after (default: a fresh SQLite file)",
    )
    p.add_argument(
        "--db-reuse",
        action="store_true",
        help="use the --db database itself instead of a fresh one (its live tables are"
        " reloaded by the server and add to the load)",
    )
    p.add_argument("--host", default=HOST, help="must be 127.0.0.1 (anything else is refused)")
    p.add_argument(
        "--procs",
        type=int,
        default=None,
        help=f"client processes (default: one per 1000 clients, at most {MAX_PROCS})",
    )
    p.add_argument("--bot-workers", type=int, default=4, help="the server's bot threads (4)")
    p.add_argument(
        "--servers",
        type=int,
        default=1,
        help=f"server processes on the one database (1; <= {MAX_SERVERS}); more than one"
        " needs --redis",
    )
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="redis://127.0.0.1:PORT/DB the servers scale out over (with --servers 2+)",
    )
    p.add_argument(
        "--no-compression",
        action="store_true",
        help="clients do not offer permessage-deflate (browsers do; the default offers it)",
    )
    p.add_argument(
        "--ws-compression",
        action="store_true",
        help="start the server with --ws-compression (it then accepts the clients' offer)",
    )
    p.add_argument(
        "--sweep",
        type=_sweep,
        default=None,
        metavar="N,N,…",
        help="run each table count in turn (fresh server each) and report the largest N"
        " whose p99 stays under --p99-ms",
    )
    p.add_argument("--p99-ms", type=float, default=100.0, help="the sweep's p99 goal (100 ms)")
    p.add_argument("--json", default=None, metavar="PATH", help="also write the figures here")
    p.add_argument("--seed", type=int, default=None, help="seed of the clients' choices")
    p.add_argument(
        "--profile",
        default=None,
        metavar="PATH",
        help="run the server under cProfile (its event-loop thread) and write the stats"
        " to PATH (.N appended in a sweep); it slows the server down",
    )
    p.add_argument("--keep", action="store_true", help="keep the temporary folder (server log)")
    return p


def check_args(args: argparse.Namespace) -> None:
    """LoadError unless the run is bounded and local."""
    if args.host != HOST:
        raise LoadError(f"load runs target {HOST} only, not {args.host!r}")
    counts = args.sweep if args.sweep is not None else [args.tables]
    if len(counts) > MAX_SWEEP:
        raise LoadError(f"--sweep has at most {MAX_SWEEP} steps, got {len(counts)}")
    for n in counts:
        if not 1 <= n <= MAX_TABLES:
            raise LoadError(f"tables must be from 1 to {MAX_TABLES}, got {n}")
    if not 1 <= args.clients_per_table <= MAX_CLIENTS_PER_TABLE:
        raise LoadError(f"--clients-per-table must be from 1 to {MAX_CLIENTS_PER_TABLE}")
    if max(counts) * args.clients_per_table > MAX_CLIENTS:
        raise LoadError(f"at most {MAX_CLIENTS} clients in all")
    if not 0 < args.duration <= MAX_DURATION:
        raise LoadError(f"--duration must be more than 0 and at most {MAX_DURATION:g} s")
    if args.ramp is not None and not 0 <= args.ramp <= MAX_RAMP:
        raise LoadError(f"--ramp must be from 0 to {MAX_RAMP:g} s")
    if not 0 <= args.settle <= MAX_RAMP:
        raise LoadError(f"--settle must be from 0 to {MAX_RAMP:g} s")
    if args.procs is not None and not 1 <= args.procs <= MAX_PROCS:
        raise LoadError(f"--procs must be from 1 to {MAX_PROCS}")
    if not 2 <= args.players <= 8:
        raise LoadError("--players must be from 2 to 8 (one human seat, the rest bots)")
    if not 1 <= args.bot_workers <= 64:
        raise LoadError("--bot-workers must be from 1 to 64")
    if args.db is not None:
        check_db_url(args.db)
    if not 1 <= args.servers <= MAX_SERVERS:
        raise LoadError(f"--servers must be from 1 to {MAX_SERVERS}")
    if args.servers > 1 and args.redis is None:
        raise LoadError("--servers 2 or more needs --redis redis://127.0.0.1:PORT/DB")
    if args.redis is not None and not args.redis.startswith("redis://127.0.0.1"):
        raise LoadError(f"--redis must be a redis://127.0.0.1 URL, got {args.redis!r}")
    check_game(args.game, args.players, args.bot)


def check_game(game: str, players: int, bot: str) -> None:
    """LoadError unless ``players`` seats of ``game`` with ``bot`` bots make a table."""
    from ..bots import check_bot  # noqa: PLC0415 (the engine, only to check the mix)
    from ..core.errors import InvalidOption  # noqa: PLC0415
    from ..core.registry import game_class  # noqa: PLC0415

    try:
        game_class(game).new(players, 0)
        check_bot(bot, game)
    except InvalidOption as err:
        raise LoadError(str(err)) from None


def check_db_url(url: str) -> None:
    """Only a PostgreSQL on this machine (or SQLite) is a load run's database."""
    if url.startswith("sqlite"):
        return
    if not url.startswith("postgresql"):
        raise LoadError(f"--db must be a postgresql+psycopg:// (or sqlite:///) URL, got {url!r}")
    from sqlalchemy.engine import make_url  # noqa: PLC0415 (only for PostgreSQL runs)

    host = make_url(url).host
    if host not in (None, "", "127.0.0.1", "localhost", "::1"):
        raise LoadError(f"--db must be a PostgreSQL on this machine (127.0.0.1), not {host!r}")


def default_ramp(tables: int) -> float:
    return min(30.0, max(2.0, tables / 50))


def default_procs(clients: int) -> int:
    return max(1, min(MAX_PROCS, math.ceil(clients / 1000)))


# --------------------------------------------------------------- the machine


def rss_kib(pid: int, field_name: str = "VmRSS") -> int | None:
    """A memory figure of process ``pid`` from /proc/PID/status, in KiB."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1])
    return None


_TICK = os.sysconf("SC_CLK_TCK")


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of process ``pid`` (all its threads); 0s if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0, 0.0
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[11]) / _TICK, int(fields[12]) / _TICK


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (all its threads)."""
    return sum(cpu_split(pid))


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine, from /proc/stat."""
    line = Path("/proc/stat").read_text().splitlines()[0].split()
    ticks = [int(x) for x in line[1:9]]
    total = sum(ticks)
    idle = ticks[3] + ticks[4]
    return (total - idle) / _TICK, total / _TICK


# ----------------------------------------------------------------- the server


@contextlib.contextmanager
def fresh_database(db: str | None, reuse: bool, folder: Path) -> Iterator[tuple[str, str]]:
    """(URL, label) of the run's database: a new SQLite file, or a new PostgreSQL
    database beside ``db`` (dropped afterwards), or ``db`` itself with ``reuse``."""
    if db is None:
        path = folder / f"load-{secrets.token_hex(4)}.db"
        yield f"sqlite:///{path}", "SQLite (fresh file)"
        return
    if reuse or db.startswith("sqlite"):
        yield db, f"{db.split(':', 1)[0]} (reused: {db.rsplit('/', 1)[-1]})"
        return
    from sqlalchemy import create_engine, text  # noqa: PLC0415
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    base = make_url(db)
    name = f"{base.database or 'yuletide'}_load_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield (
                base.set(database=name).render_as_string(hide_password=False),
                f"PostgreSQL (fresh database {name})",
            )
        finally:
            with admin.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def free_port() -> int:
    import socket  # noqa: PLC0415

    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """A ``yuletide serve`` subprocess on 127.0.0.1."""

    def __init__(
        self,
        db_url: str,
        folder: Path,
        bot_workers: int,
        *,
        profile: str | None = None,
        compression: bool = False,
        redis: str | None = None,
    ) -> None:
        self.compression = compression
        self.redis = redis
        self.db_url = db_url
        self.profile = profile
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        self.log = folder / f"serve-{self.port}.log"
        self.bot_workers = bot_workers
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> None:
        exe = Path(sys.executable).with_name("yuletide")
        if self.profile is not None:  # the event-loop thread only (cProfile's reach)
            cmd = [sys.executable, "-m", "cProfile", "-o", self.profile, str(exe)]
        else:
            cmd = [str(exe)]
        cmd += [
            "serve", "--host", HOST, "--port", str(self.port), "--db", self.db_url, "--migrate",
            "--rate-limit", "1000:1000", "--bot-workers", str(self.bot_workers),
            # every client of the bench comes from 127.0.0.1: no per-address limits
            "--create-rate", "off", "--join-rate", "off", "--rematch-rate", "off",
            "--waiting-per-client", "0",
            *(["--ws-compression"] if self.compression else []),
            *(["--redis", self.redis] if self.redis else []),
        ]  # fmt: skip
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                cmd,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise LoadError(f"yuletide serve exited at start:\n{self.log_tail()}")
            try:
                if httpx.get(self.base + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise LoadError(f"yuletide serve did not start in {START_SECONDS:g} s:\n{self.log_tail()}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def live_tables(self) -> int | None:
        try:
            r = httpx.get(self.base + "/api/health", timeout=5)
            return int(r.json()["live_tables"])
        except (httpx.HTTPError, ValueError, KeyError):
            return None

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            # uvicorn re-raises SIGTERM after its shutdown, which would lose a profile;
            # SIGINT ends in KeyboardInterrupt, after which cProfile still writes.
            self.proc.send_signal(signal.SIGINT if self.profile else signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def log_problems(self) -> int:
        """Lines of the server log that report a failure (tracebacks, ERROR)."""
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return 0
        return sum(
            1
            for line in text.splitlines()
            if line.startswith("Traceback") or "ERROR" in line or "Exception" in line
        )


# ------------------------------------------------------------------- one run


def percentile(values: Sequence[float], q: float) -> float | None:
    """The nearest-rank ``q`` percentile of ``values`` (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def _pcts(values: Sequence[float]) -> dict[str, float | None]:
    return {
        "n": len(values),
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "p99": percentile(values, 99),
        "max": max(values) if values else None,
    }


def run_once(args: argparse.Namespace, tables: int, folder: Path) -> dict[str, Any]:
    """One run: a fresh server and database, ``tables`` live tables; its figures."""
    clients = tables * args.clients_per_table
    procs = args.procs or default_procs(clients)
    procs = min(max(procs, args.servers), tables)
    ramp = default_ramp(tables) if args.ramp is None else args.ramp
    mix = Mix(
        game=args.game,
        players=args.players,
        clients_per_table=args.clients_per_table,
        bot=args.bot,
        bot_delay=args.bot_delay,
        think=args.think,
        compression=not args.no_compression and args.ws_compression,
        seed=args.seed if args.seed is not None else secrets.randbits(31),
    )
    load_before = os.getloadavg()[0]
    with fresh_database(args.db, args.db_reuse, folder) as (db_url, db_label):
        profile = None
        if args.profile is not None:
            profile = str(Path(args.profile).resolve()) + (f".{tables}" if args.sweep else "")
        servers = [
            Server(
                db_url,
                folder,
                args.bot_workers,
                profile=profile,
                compression=args.ws_compression,
                redis=args.redis,
            )
            for _ in range(args.servers)
        ]
        workers: list[tuple[Any, Pipe]] = []
        finished = False
        try:
            # The client processes import while the server starts (its port is known).
            ctx = multiprocessing.get_context("spawn")
            for w in range(procs):
                spec = WorkerSpec(
                    w,
                    servers[w % len(servers)].base,
                    tuple(range(w, tables, procs)),
                    tables,
                    ramp,
                    args.settle,
                    args.duration,
                    mix,
                )
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(target=worker_main, args=(spec, theirs), daemon=True)
                proc.start()
                theirs.close()
                workers.append((proc, mine))
            for server in servers:
                server.start()
                _say(f"server {server.pid} up at {server.base}")
            _say(f"{procs} client process(es)")
            time.sleep(0.5)
            base_kib = sum(rss_kib(server.pid) or 0 for server in servers)
            pids = []
            for proc, pipe in workers:
                if not pipe.poll(START_SECONDS):
                    raise LoadError(f"client process {proc.pid} did not start")
                pids.append(pipe.recv()[1])
            t_go = time.monotonic() + 0.3
            _say(
                f"clients ready; ramp {ramp:g} s, settle {args.settle:g} s,"
                f" then {args.duration:g} s measured"
            )
            for _, pipe in workers:
                pipe.send(t_go)
            figures = _watch(servers, pids, t_go, ramp + args.settle, args.duration)
            results: list[dict[str, Any]] = []
            deadline = t_go + ramp + args.settle + args.duration + GRACE_SECONDS
            for proc, pipe in workers:
                if not pipe.poll(max(0.1, deadline - time.monotonic())):
                    raise LoadError(f"client process {proc.pid} did not report in time")
                what, payload = pipe.recv()
                if what != "result":
                    raise LoadError(f"client process {proc.pid} failed:\n{payload}")
                results.append(payload)
            alive = all(server.alive() for server in servers)
            finished = True
            _say("clients done; stopping the server")
        finally:
            for proc, pipe in workers:
                if not finished:
                    proc.kill()
                proc.join(timeout=10)
                if proc.is_alive():
                    proc.kill()
                    proc.join(timeout=5)
                pipe.close()
            for server in servers:
                server.stop()
        problems = sum(server.log_problems() for server in servers)
        tail = "\n".join(server.log_tail(15) for server in servers if server.log_problems())
    return _summary(
        tables=tables, clients=clients, procs=procs, ramp=ramp, args=args, mix=mix,
        db_label=db_label, base_kib=base_kib, figures=figures, results=results, alive=alive,
        log_problems=problems, log_tail=tail, load_before=load_before,
    )  # fmt: skip


def _watch(
    servers: list[Server], client_pids: list[int], t_go: float, ramp: float, duration: float
) -> dict[str, Any]:
    """Sample the servers while the clients run: memory, CPU in the window, live tables
    (summed over the servers)."""
    w0, w1 = t_go + ramp, t_go + ramp + duration
    peak_rss = 0
    live: list[int] = []
    marks: dict[str, Any] = {}
    next_health = 0.0

    def mark() -> dict[str, Any]:
        return {
            "t": time.monotonic(),
            "server": tuple(map(sum, zip(*(cpu_split(s.pid) for s in servers), strict=True))),
            "clients": sum(cpu_seconds(p) for p in client_pids),
            "machine": machine_busy(),
        }

    while True:
        now = time.monotonic()
        for server in servers:
            if not server.alive():
                raise LoadError(f"a server died during the run:\n{server.log_tail()}")
        peak_rss = max(peak_rss, sum(rss_kib(s.pid) or 0 for s in servers))
        if "start" not in marks and now >= w0:
            marks["start"] = mark()
        if now >= w1:
            marks["end"] = mark()
            break
        if now >= w0 and now >= next_health:
            counts = [s.live_tables() for s in servers]
            if None not in counts:
                live.append(sum(n or 0 for n in counts))
            next_health = now + 2.0
        time.sleep(min(0.25, max(0.01, w1 - now)))
    # one server: its high-water mark; several: the largest sum sampled (their peaks need
    # not coincide)
    hwm = rss_kib(servers[0].pid, "VmHWM") or 0 if len(servers) == 1 else 0
    end_rss = sum(rss_kib(s.pid) or 0 for s in servers)
    start, end = marks.get("start", marks["end"]), marks["end"]
    wall = max(1e-9, end["t"] - start["t"])
    busy = end["machine"][0] - start["machine"][0]
    server_user = end["server"][0] - start["server"][0]
    server_sys = end["server"][1] - start["server"][1]
    server_cpu = server_user + server_sys
    client_cpu = end["clients"] - start["clients"]
    return {
        "peak_kib": max(peak_rss, hwm),
        "end_kib": end_rss,
        "live_tables": live,
        "wall": wall,
        "server_cpu_pct": 100 * server_cpu / wall,
        "server_sys_pct": 100 * server_sys / wall,
        "server_cpu_s": server_cpu,
        "client_cpu_pct": 100 * client_cpu / wall,
        "machine_cpu_pct": 100 * busy / wall,
        "other_cpu_pct": 100 * max(0.0, busy - server_cpu - client_cpu) / wall,
    }


def _summary(
    *,
    tables: int,
    clients: int,
    procs: int,
    ramp: float,
    args: argparse.Namespace,
    mix: Mix,
    db_label: str,
    base_kib: int,
    figures: dict[str, Any],
    results: list[dict[str, Any]],
    alive: bool,
    log_problems: int,
    log_tail: str,
    load_before: float,
) -> dict[str, Any]:
    ack: list[float] = []
    upd: list[float] = []
    lag: list[float] = []
    errors: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    total: Counter[str] = Counter()
    open_min = open_max = 0
    last_up = 0.0
    for r in results:
        ack += r["ack_ms"]
        upd += r["update_ms"]
        lag += r["lag_ms"]
        errors.update(r["errors"])
        failures.update(r["failures"])
        for key in (
            "frames", "frame_bytes", "actions", "acts_sent", "acks", "games_finished",
            "tables_created", "rematches", "gaps", "tables_up",
        ):  # fmt: skip
            total[key] += r[key]
        last_up = max(last_up, r["last_up_s"])
        open_min += r["open_min"] or 0
        open_max += r["open_max"]
    wall = args.duration
    peak = figures["peak_kib"]
    live = figures["live_tables"]
    return {
        "tables": tables,
        "clients": clients,
        "client_procs": procs,
        "game": mix.game,
        "players": mix.players,
        "clients_per_table": mix.clients_per_table,
        "bot_delay": list(mix.bot_delay),
        "think": list(mix.think),
        "compression": mix.compression,
        "database": db_label,
        "servers": args.servers,
        "redis": args.redis is not None,
        "ramp_s": ramp,
        "settle_s": args.settle,
        "tables_up": total["tables_up"],
        "all_up_after_s": last_up,
        "duration_s": args.duration,
        "actions_per_s": total["actions"] / wall,
        "human_acts_per_s": total["acts_sent"] / wall,
        "acks_per_s": total["acks"] / wall,
        "frames_per_s": total["frames"] / wall,
        "mib_per_s": total["frame_bytes"] / wall / (1 << 20),
        "ack_ms": _pcts(ack),
        "update_ms": _pcts(upd),
        "client_lag_ms": _pcts(lag),
        "errors": dict(errors),
        "connection_failures": dict(failures),
        "version_gaps": total["gaps"],
        "tables_created": total["tables_created"],
        "rematches": total["rematches"],
        "games_finished": total["games_finished"],
        "connected_min": open_min,
        "connected_max": open_max,
        "live_tables_max": max(live) if live else None,
        "server_rss_base_mib": base_kib / 1024,
        "server_rss_peak_mib": peak / 1024,
        "server_rss_end_mib": figures["end_kib"] / 1024,
        "server_kib_per_table": (peak - base_kib) / tables,
        "server_cpu_pct": figures["server_cpu_pct"],
        "server_sys_pct": figures["server_sys_pct"],
        "server_cpu_ms_per_action": (
            1000 * figures["server_cpu_s"] / total["actions"] if total["actions"] else None
        ),
        "client_cpu_pct": figures["client_cpu_pct"],
        "machine_cpu_pct": figures["machine_cpu_pct"],
        "other_cpu_pct": figures["other_cpu_pct"],
        "loadavg_before": load_before,
        "server_survived": alive,
        "server_log_problems": log_problems,
        "server_log_tail": log_tail,
    }


# -------------------------------------------------------------------- report


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items())) or "none"


def report(runs: list[dict[str, Any]], goal_ms: float) -> str:
    """The human-readable table of a run or a sweep."""
    first = runs[0]
    n_servers = first.get("servers", 1)
    scale = f"; {n_servers} server processes over Redis" if n_servers > 1 else ""
    lines = [
        f"Yuletide server load — {first['game']}, {first['players']} seats (1 human client"
        f" + {first['players'] - 1} bots), {first['clients_per_table']} clients a table,"
        f" bot delay {first['bot_delay'][0]:g}-{first['bot_delay'][1]:g} s, human think"
        f" {first['think'][0]:g}-{first['think'][1]:g} s,"
        f" permessage-deflate {'offered' if first['compression'] else 'off'};"
        f" {first['database']}{scale};"
        f" {first['duration_s']:g} s measured after ramp and settle;"
        f" {os.cpu_count()} CPUs, load average before the first run"
        f" {first['loadavg_before']:.2f}",
        "",
        f"{'tables':>6} {'clients':>7} {'act/s':>7} {'frm/s':>7} {'MiB/s':>6}"
        f"  {'act→ack ms p50/p95/p99':>24}  {'act→update p50/p95/p99':>24} {'n':>6}"
        f"  {'err':>4} {'fail':>4}  {'RSS base/peak MiB':>17} {'KiB/tbl':>7}"
        f"  {'CPU srv/cli/oth %':>17} {'lag99':>6}",
    ]
    for r in runs:
        a, u = r["ack_ms"], r["update_ms"]
        lines.append(
            f"{r['tables']:>6} {r['clients']:>7} {r['actions_per_s']:>7.1f}"
            f" {r['frames_per_s']:>7.0f} {r['mib_per_s']:>6.2f}"
            f"  {_ms(a['p50']):>7}/{_ms(a['p95']):>7}/{_ms(a['p99']):>8}"
            f"  {_ms(u['p50']):>7}/{_ms(u['p95']):>7}/{_ms(u['p99']):>8} {u['n']:>6}"
            f"  {sum(r['errors'].values()):>4} {sum(r['connection_failures'].values()):>4}"
            f"  {r['server_rss_base_mib']:>7.1f}/{r['server_rss_peak_mib']:>9.1f}"
            f" {r['server_kib_per_table']:>7.0f}"
            f"  {r['server_cpu_pct']:>5.0f}/{r['client_cpu_pct']:>5.0f}/{r['other_cpu_pct']:>5.0f}"
            f" {_ms(r['client_lag_ms']['p99']):>6}"
        )
    lines.append("")
    for r in runs:
        lines.append(
            f"N={r['tables']}: {r['tables_up']} tables up {r['all_up_after_s']:.1f} s after"
            f" the start (ramp {r['ramp_s']:g} s + settle {r['settle_s']:g} s);"
            f" {r['client_procs']} client process(es); connected"
            f" {r['connected_min']}-{r['connected_max']} of {r['clients']}; live tables"
            f" (server) up to {r['live_tables_max']}; {r['tables_created']} tables created,"
            f" {r['rematches']} rematches, {r['games_finished']} games ended in the window;"
            f" human acts {r['human_acts_per_s']:.1f}/s; server CPU"
            f" {_ms(r['server_cpu_ms_per_action'])} ms per accepted action"
            f" ({r['server_sys_pct']:.0f}% of a core in the kernel);"
            f" version gaps {r['version_gaps']};"
            f" errors: {_counts(r['errors'])}; connection failures:"
            f" {_counts(r['connection_failures'])}; server log problems"
            f" {r['server_log_problems']}{'' if r['server_survived'] else '; SERVER DIED'}"
        )
        if r["server_log_tail"]:
            lines.append(
                "  server log (tail):\n    " + r["server_log_tail"].replace("\n", "\n    ")
            )
    if len(runs) > 1:
        ok = largest_ok(runs, goal_ms)
        lines.append(
            f"largest N with every table up, act→update p99 < {goal_ms:g} ms and no"
            " connection failures:"
            f" {ok if ok is not None else 'none'}"
        )
    lines.append(
        "act/s: actions the server accepted (all seats); frm/s: frames delivered to all"
        " clients; CPU in percent of one core (srv: server, cli: load clients, oth: the rest"
        " of the machine); lag99: the clients' event-loop lag p99 (ms)."
    )
    return "\n".join(lines)


def meets(run: dict[str, Any], goal_ms: float) -> bool:
    """A run meets the goal: every table came up, act → update p99 under ``goal_ms``, no
    connection failed and the server lived."""
    p99 = run["update_ms"]["p99"]
    return (
        p99 is not None
        and p99 < goal_ms
        and run.get("tables_up", run["tables"]) >= run["tables"]
        and not run["connection_failures"]
        and run["server_survived"]
    )


def largest_ok(runs: list[dict[str, Any]], goal_ms: float) -> int | None:
    good = [r["tables"] for r in runs if meets(r, goal_ms)]
    return max(good) if good else None


# ---------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        check_args(args)
    except LoadError as err:
        print(f"loadtest: error: {err}", file=sys.stderr)
        return 2
    nofile = raise_nofile()  # inherited by the server and the client processes
    counts = args.sweep if args.sweep is not None else [args.tables]
    need = max(counts) * args.clients_per_table + 256
    if need > nofile:
        print(
            f"loadtest: error: {need} open files needed, the limit is {nofile} (ulimit -n)",
            file=sys.stderr,
        )
        return 2
    folder = Path(tempfile.mkdtemp(prefix="yuletide-load-"))
    runs: list[dict[str, Any]] = []
    status = 0
    try:
        for i, n in enumerate(counts):
            if i:
                time.sleep(2.0)
            _say(f"{n} tables: starting a fresh server")
            try:
                runs.append(run_once(args, n, folder))
            except LoadError as err:
                print(f"loadtest: error at {n} tables: {err}", file=sys.stderr)
                status = 1
                break
    finally:
        if args.keep:
            print(f"loadtest: logs kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    if runs:
        print(report(runs, args.p99_ms), flush=True)
        if args.json is not None:
            out = {
                "runs": runs,
                "p99_goal_ms": args.p99_ms,
                "largest_ok": largest_ok(runs, args.p99_ms),
                "cpus": os.cpu_count(),
                "argv": list(argv) if argv is not None else sys.argv[1:],
            }
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
