"""Shared fixtures: the PostgreSQL and Redis that the test run starts for itself.

- `pg_url` (session): SQLAlchemy URL of a throw-away cluster's database `yuletide_test`,
  `postgresql+psycopg://postgres@127.0.0.1:PORT/yuletide_test`. Shared by the whole session.
- `pg_fresh_url` (function): URL of a brand-new empty database on that cluster, dropped after the
  test (open connections are ended), so a test never sees another's schema.
- `redis_url` (session): `redis://127.0.0.1:PORT/0` of a private redis-server. Shared: give
  your keys and channels a unique prefix.

Each server starts on the first test that asks for it (a run of engine tests starts nothing) and
stops at the end of the session. `YULETIDE_TEST_PG_URL` / `YULETIDE_TEST_REDIS_URL` point the
fixtures at servers you run yourself. A server that cannot be started skips the tests needing it,
and the end of the run says so loudly. Tests using these fixtures get the `postgres` / `redis`
mark, so `-m "not postgres"` deselects them.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

_HERE = str(Path(__file__).parent)
if _HERE not in sys.path:  # `import services` whatever pytest's import mode
    sys.path.insert(0, _HERE)

import services  # noqa: E402

_SKIP_TAG = "SERVICE NOT AVAILABLE"
_MARKS = {"pg_url": "postgres", "pg_fresh_url": "postgres", "redis_url": "redis"}
_failures: dict[str, str] = {}  # service name -> why it could not start


def _raise_interrupt(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _sigterm_tears_down() -> None:
    """Make SIGTERM (`timeout`, CI cancelling a job) stop the servers we started.

    By default SIGTERM ends Python at once: no fixture teardown, no atexit, so the servers and
    their directories would be left behind. As a KeyboardInterrupt, pytest tears down and stops.
    """
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _raise_interrupt)


def _start(name: str, start: Callable[[], services.Service]) -> Iterator[str]:
    if name in _failures:
        pytest.skip(f"{_SKIP_TAG}: {name}: {_failures[name]}")
    _sigterm_tears_down()
    try:
        service = start()
    except services.ServiceUnavailable as exc:
        _failures[name] = str(exc)
        pytest.skip(f"{_SKIP_TAG}: {name}: {exc}")
    try:
        yield service.url
    finally:
        service.stop()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    yield from _start("postgres", services.start_postgres)


@pytest.fixture
def pg_fresh_url(pg_url: str, request: pytest.FixtureRequest) -> Iterator[str]:
    name = services.pg_database_name(request.node.name)
    url = services.fresh_pg_database(pg_url, name)
    try:
        yield url
    finally:
        services.drop_pg_database(pg_url, name)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    yield from _start("redis", services.start_redis)


#: The server tests run one after another in one xdist worker (`--dist loadgroup`): they
#: start servers and time-limited games, which want a core, not a share of one.
_SERIAL = ("server", "test_services.py")


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups to schedule
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = getattr(item, "fixturenames", ())
        for mark in sorted({_MARKS[f] for f in names if f in _MARKS}):
            item.add_marker(getattr(pytest.mark, mark))
        if any(part in _SERIAL for part in Path(str(item.path)).parts):
            item.add_marker(pytest.mark.xdist_group("services"))


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = [_skip_reason(r) for r in terminalreporter.stats.get("skipped", [])]
    # Under xdist the services were started (or not) in a worker: its skip reports, which
    # reach this process, say which service failed and why.
    failures = dict(_failures)
    for reason in skipped:
        at = reason.find(f"{_SKIP_TAG}: ")
        if at >= 0:
            name, _, why = reason[at + len(_SKIP_TAG) + 2 :].partition(": ")
            failures.setdefault(name, why)
    if not failures:
        return
    terminalreporter.write_sep("!", "SERVICES NOT AVAILABLE", red=True, bold=True)
    for name, why in sorted(failures.items()):
        count = sum(f"{_SKIP_TAG}: {name}:" in reason for reason in skipped)
        first, *rest = why.splitlines() or [""]
        terminalreporter.write_line(
            f"SERVICES NOT AVAILABLE: {name} — {first}; {count} tests skipped because of it",
            red=True,
            bold=True,
        )
        for line in rest:
            terminalreporter.write_line(f"    {line}", red=True)
    terminalreporter.write_sep("!", red=True, bold=True)
