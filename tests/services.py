"""Throw-away PostgreSQL and Redis servers for the test run.

`start_postgres()` and `start_redis()` each start a private server on a free loopback port in a
fresh temporary directory and return a `Service` (its URL and an idempotent `stop`). Stopping
removes the directory; an atexit hook stops whatever the caller forgot. A service that cannot be
started raises `ServiceUnavailable` whose message says exactly why (which binary is missing, the
last lines of the server's log, ...).

If `YULETIDE_TEST_PG_URL` / `YULETIDE_TEST_REDIS_URL` is set, that server is used as is and
nothing is started or stopped.

As root, missing binaries are installed from Debian (`apt-get install postgresql` /
`redis-server`) and PostgreSQL, which refuses to run as root, runs as the `postgres` user through
`runuser`. As any other user, the binaries run as that user and nothing is installed.

Every command's output goes to a file, never to a pipe: no child can block on a full pipe, and no
pipe is left open to raise a ResourceWarning under `filterwarnings = error`.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

PG_URL_ENV = "YULETIDE_TEST_PG_URL"
REDIS_URL_ENV = "YULETIDE_TEST_REDIS_URL"
PG_DATABASE = "yuletide_test"
PG_USER = "postgres"

_START_ATTEMPTS = 3  # a free port can be taken between probing it and the server binding it
_LOG_TAIL_LINES = 15


class ServiceUnavailable(RuntimeError):
    """The service could not be started; the message is the reason, meant for humans."""


@dataclass
class Service:
    """A running server: `url` to connect to, `stop()` to stop it (safe to call twice)."""

    name: str
    url: str
    _stop: Callable[[], None] = field(repr=False)
    started_in: float = 0.0  # seconds; 0.0 for a server given by environment variable
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _stopped: bool = field(default=False, repr=False)

    def stop(self) -> None:
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
        atexit.unregister(self.stop)
        self._stop()


# --- small helpers ----------------------------------------------------------------------------


def _is_root() -> bool:
    return os.geteuid() == 0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (bind port 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _tail(path: Path, lines: int = _LOG_TAIL_LINES) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return f"(no log at {path})"
    kept = [line for line in text.splitlines() if line.strip()][-lines:]
    return "\n".join(kept) if kept else f"(empty log {path})"


def _run(cmd: Sequence[str], log: Path, timeout: float = 120.0) -> int:
    """Run `cmd` with stdout and stderr appended to `log`; return its exit status."""
    with log.open("ab") as out:
        out.write(f"$ {' '.join(cmd)}\n".encode())
        out.flush()
        try:
            done = subprocess.run(
                list(cmd),
                stdin=subprocess.DEVNULL,
                cwd=log.parent,
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            out.write(f"(timed out after {timeout:.0f} s)\n".encode())
            return -1
        except OSError as exc:
            out.write(f"(could not run: {exc})\n".encode())
            return -1
    return done.returncode


def _make_rundir(prefix: str) -> Path:
    # Unix socket paths are limited to about 107 bytes: fall back to /tmp if TMPDIR is long.
    base = tempfile.gettempdir()
    if len(base) > 60:
        base = "/tmp"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=base))


def _apt_install(package: str, log: Path) -> str | None:
    """As root, install a Debian package; None on success, else the reason."""
    if not _is_root():
        return f"not root, so not installing it (install the Debian package {package!r})"
    if shutil.which("apt-get") is None:
        return f"no apt-get on this machine to install {package!r}"
    os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")
    install = ["apt-get", "install", "-y", "-qq", package]
    if _run(install, log, timeout=600) == 0:
        return None
    if (
        _run(["apt-get", "update", "-qq"], log, timeout=600) == 0
        and _run(install, log, timeout=600) == 0
    ):
        return None
    return f"`apt-get install -y -qq {package}` failed (end of its output below)\n{_tail(log)}"


def _pid_alive(pid: int) -> bool:
    """True while `pid` runs (a zombie waiting for a parent to reap it counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: trust kill(0)
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def _kill_and_wait(pid: int, sig: int = signal.SIGTERM, timeout: float = 10.0) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)
    deadline = time.monotonic() + timeout
    while _pid_alive(pid):
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
            return
        time.sleep(0.02)


def _read_pid(path: Path) -> int | None:
    try:
        first = path.read_text().split()
    except OSError:
        return None
    return int(first[0]) if first and first[0].isdigit() else None


def _from_env(name: str, env: str) -> Service | None:
    url = os.environ.get(env, "").strip()
    if not url:
        return None
    return Service(name=name, url=url, _stop=lambda: None)


def _registered(service: Service) -> Service:
    atexit.register(service.stop)
    return service


# --- PostgreSQL -------------------------------------------------------------------------------


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))


def find_pg_bin() -> Path | None:
    """The directory holding initdb and pg_ctl: the highest /usr/lib/postgresql/*/bin, or PATH."""
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key)
    for bindir in reversed(candidates):
        if all((bindir / tool).is_file() for tool in ("initdb", "pg_ctl", "createdb")):
            return bindir
    initdb = shutil.which("initdb")
    if initdb is not None:
        bindir = Path(initdb).resolve().parent
        if (bindir / "pg_ctl").is_file():
            return bindir
    return None


def _pg_tool(bindir: Path, name: str) -> str:
    local = bindir / name
    if local.is_file():
        return str(local)
    return shutil.which(name) or name


def _start(name: str, env: str, prefix: str, start_in: Callable[[Path], Service]) -> Service:
    """The service the environment names, or a new one started in a fresh run folder
    (removed again if it does not start), registered to be stopped at exit."""
    given = _from_env(name, env)
    if given is not None:
        return given
    began = time.monotonic()
    rundir = _make_rundir(prefix)
    try:
        service = start_in(rundir)
    except BaseException:
        shutil.rmtree(rundir, ignore_errors=True)
        raise
    service.started_in = time.monotonic() - began
    return _registered(service)


def start_postgres() -> Service:
    """A throw-away cluster (trust auth, fsync off) holding an empty database `yuletide_test`.

    The URL is `postgresql+psycopg://postgres@127.0.0.1:PORT/yuletide_test`.
    """
    return _start("postgres", PG_URL_ENV, "yuletide-pg-", _start_postgres_in)


def _start_postgres_in(rundir: Path) -> Service:
    log = rundir / "setup.log"
    bindir = find_pg_bin()
    if bindir is None:
        why = _apt_install("postgresql", log)
        if why is not None:
            raise ServiceUnavailable(
                "PostgreSQL binaries not found (no initdb/pg_ctl in /usr/lib/postgresql/*/bin "
                f"nor on PATH); {why}"
            )
        bindir = find_pg_bin()
        if bindir is None:
            raise ServiceUnavailable(
                "installed the Debian package postgresql but still found no initdb/pg_ctl "
                "under /usr/lib/postgresql/*/bin"
            )

    prefix: list[str] = []
    if _is_root():
        if shutil.which("runuser") is None:
            raise ServiceUnavailable(
                f"running as root, and no `runuser` to run PostgreSQL as {PG_USER!r}"
            )
        try:
            shutil.chown(rundir, user=PG_USER, group=PG_USER)
        except (LookupError, OSError) as exc:
            raise ServiceUnavailable(
                f"running as root, and could not hand {rundir} to the {PG_USER!r} user "
                f"(PostgreSQL refuses to run as root): {exc}"
            ) from exc
        prefix = ["runuser", "-u", PG_USER, "--"]

    datadir = rundir / "data"
    pglog = rundir / "postgres.log"
    initdb = [_pg_tool(bindir, "initdb"), "-D", str(datadir), "-U", PG_USER]
    # --no-locale: the environment's locale may not exist on this machine; the tests don't care.
    initdb += ["--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"]
    if _run([*prefix, *initdb], log) != 0:
        raise ServiceUnavailable(f"initdb failed ({bindir}; end of its output below)\n{_tail(log)}")

    pg_ctl = _pg_tool(bindir, "pg_ctl")
    port = 0
    for _attempt in range(_START_ATTEMPTS):
        port = free_port()
        pglog.unlink(missing_ok=True)
        options = f"-p {port} -k {rundir} -c listen_addresses=127.0.0.1 -c fsync=off"
        start = [pg_ctl, "-D", str(datadir), "-l", str(pglog), "-w", "-t", "30", "-o", options]
        if _run([*prefix, *start, "start"], log) == 0:
            break
        if "already in use" not in _tail(pglog, 50):
            raise ServiceUnavailable(
                f"pg_ctl start failed on port {port} (end of the server log, then of pg_ctl's "
                f"output, below)\n{_tail(pglog)}\n{_tail(log, 5)}"
            )
    else:
        raise ServiceUnavailable(
            f"PostgreSQL found no free port in {_START_ATTEMPTS} tries (log below)\n{_tail(pglog)}"
        )

    def stop() -> None:
        stop_cmd = [pg_ctl, "-D", str(datadir), "-m", "fast", "-w", "-t", "30", "stop"]
        if _run([*prefix, *stop_cmd], log, timeout=60) != 0:
            pid = _read_pid(datadir / "postmaster.pid")
            if pid is not None:
                _kill_and_wait(pid, signal.SIGQUIT, timeout=5)
        shutil.rmtree(rundir, ignore_errors=True)

    createdb = [_pg_tool(bindir, "createdb"), "-h", "127.0.0.1", "-p", str(port)]
    createdb += ["-U", PG_USER, PG_DATABASE]
    if _run([*prefix, *createdb], log) != 0:
        reason = f"createdb failed (end of its output below)\n{_tail(log)}"
        stop()
        raise ServiceUnavailable(reason)
    url = f"postgresql+psycopg://{PG_USER}@127.0.0.1:{port}/{PG_DATABASE}"
    return Service(name="postgres", url=url, _stop=stop)


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _libpq_url(url: str) -> str:
    """`postgresql+psycopg://...` (SQLAlchemy) -> `postgresql://...` (libpq/psycopg)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(scheme=parts.scheme.split("+", 1)[0]))


def pg_database_name(hint: str = "t") -> str:
    """A fresh database name from a hint (e.g. a test's name): lowercase, unique, <= 63 bytes."""
    stem = re.sub(r"[^a-z0-9]+", "_", hint.lower()).strip("_")[:40] or "t"
    return f"yt_{stem}_{secrets.token_hex(4)}"


def fresh_pg_database(base_url: str, name: str) -> str:
    """Create an empty database `name` on base_url's cluster; return base_url pointing at it.

    Pick `name` with `pg_database_name(hint)`; drop it with `drop_pg_database(base_url, name)`.
    """
    import psycopg
    from psycopg import sql

    with psycopg.connect(_libpq_url(base_url), autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return _with_database(base_url, name)


def drop_pg_database(base_url: str, name: str) -> None:
    """Drop database `name` on base_url's cluster, ending any connection still open to it."""
    import psycopg
    from psycopg import sql

    if name == urlsplit(base_url).path.lstrip("/"):
        raise ValueError(f"refusing to drop the database the URL connects to: {name!r}")
    with psycopg.connect(_libpq_url(base_url), autocommit=True) as conn:
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        conn.execute(drop)


# --- Redis ------------------------------------------------------------------------------------


def _redis_ping(port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def start_redis() -> Service:
    """A private redis-server (no persistence) on a free port; the URL is `redis://...:P/0`."""
    return _start("redis", REDIS_URL_ENV, "yuletide-redis-", _start_redis_in)


def _start_redis_in(rundir: Path) -> Service:
    log = rundir / "setup.log"
    binary = shutil.which("redis-server")
    if binary is None:
        why = _apt_install("redis-server", log)
        if why is not None:
            raise ServiceUnavailable(f"redis-server not found on PATH; {why}")
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceUnavailable(
                "installed the Debian package redis-server but it is still not on PATH"
            )

    pidfile = rundir / "redis.pid"
    redislog = rundir / "redis.log"

    def stop() -> None:
        pid = _read_pid(pidfile)
        if pid is not None:
            _kill_and_wait(pid)
        shutil.rmtree(rundir, ignore_errors=True)

    for _attempt in range(_START_ATTEMPTS):
        port = free_port()
        redislog.unlink(missing_ok=True)
        cmd = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly"]
        cmd += ["no", "--dir", str(rundir), "--daemonize", "yes", "--pidfile", str(pidfile)]
        cmd += ["--logfile", str(redislog)]
        if _run(cmd, log, timeout=30) != 0:
            raise ServiceUnavailable(
                f"redis-server failed to start (end of its output below)\n{_tail(log)}"
            )
        deadline = time.monotonic() + 10
        exited = False
        while time.monotonic() < deadline:
            if _redis_ping(port):
                return Service(name="redis", url=f"redis://127.0.0.1:{port}/0", _stop=stop)
            pid = _read_pid(pidfile)
            # The daemon writes its pidfile only once listening; before that, a fatal error
            # shows in its log only ("... already in use", "... aborting").
            if pid is not None and not _pid_alive(pid):
                exited = True
                break
            if pid is None and re.search(r"already in use|aborting", _tail(redislog, 50)):
                exited = True
                break
            time.sleep(0.02)
        server_log = _tail(redislog)
        pid = _read_pid(pidfile)
        if pid is not None:
            _kill_and_wait(pid)
        pidfile.unlink(missing_ok=True)
        if "already in use" not in server_log:
            what = "exited" if exited else "did not answer PING within 10 s"
            raise ServiceUnavailable(
                f"redis-server on port {port} {what} (end of its log below)\n{server_log}"
            )
    raise ServiceUnavailable(f"redis-server found no free port in {_START_ATTEMPTS} tries")


def flush_redis(url: str) -> None:
    """FLUSHDB on the database the URL names."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()
