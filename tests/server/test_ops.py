"""What a host needs (issue 33, point 6), against a real server on 127.0.0.1: /healthz,
/readyz (ready, and not ready when the schema is not at head or the database is gone),
/metrics (the exposition parses, and its counters move with a game), and JSON logs of
a real game in which no line holds a token or a card a seat holds.

Every wait is for a state, in a loop with a deadline; nothing asserts a time."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from tests.server.kit import (
    Api,
    Client,
    ServerProcess,
    run_yuletide,
    server_thread,
    sqlite_server,
    sqlite_url,
    two_player_table,
)

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(base: str) -> Samples:
    """Every sample of /metrics (parsed by the client library's own parser)."""
    r = httpx.get(base + "/metrics", timeout=30)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    samples: Samples = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def wait_for(what: str, check: Callable[[], bool], seconds: float = 30.0) -> None:
    """Poll ``check`` until it holds; fail (saying ``what``) if it never does."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.05)


def wait_for_status(http: httpx.Client, path: str, status: int) -> httpx.Response:
    """GET ``path`` until it answers ``status`` (bounded); that answer."""
    answers: list[httpx.Response] = []
    wait_for(
        f"{path} answers {status}",
        lambda: answers.append(http.get(path)) or answers[-1].status_code == status,
    )
    return answers[-1]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path, Api]]:
    with sqlite_server(tmp_path) as s:
        yield s


# ------------------------------------------------------------------ health


def test_healthz_and_readyz_answer_on_a_healthy_server(
    server: tuple[str, Path, Api],
) -> None:
    _base, _path, api = server
    r = api.http.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True
    r = api.http.get("/readyz")
    assert r.status_code == 200, r.text
    assert r.json()["ok"] is True
    # the older health endpoint still answers as before
    r = api.http.get("/api/health")
    assert r.status_code == 200 and r.json()["ok"] is True and "live_tables" in r.json()


def test_readyz_is_503_while_the_schema_is_not_at_head(server: tuple[str, Path, Api]) -> None:
    _base, path, api = server
    assert api.http.get("/readyz").status_code == 200
    with sqlite3.connect(path) as db:
        (head,) = db.execute("SELECT version_num FROM alembic_version").fetchone()
        db.execute("UPDATE alembic_version SET version_num = 'not_this_one'")
    answer = wait_for_status(api.http, "/readyz", 503)
    body = answer.json()
    assert body["error"] == "not_ready"  # our error format: error and message, nothing else
    assert set(body) == {"error", "message"}
    assert "not_this_one" in body["message"] and head in body["message"]
    assert "yuletide migrate" in body["message"]
    # liveness does not depend on the database
    assert api.http.get("/healthz").status_code == 200
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = ?", (head,))
    wait_for_status(api.http, "/readyz", 200)


def test_readyz_is_503_while_postgresql_refuses_connections(pg_fresh_url: str) -> None:
    from sqlalchemy import create_engine, text

    name = pg_fresh_url.rsplit("/", 1)[1]
    admin = create_engine(
        pg_fresh_url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT"
    )
    try:
        with server_thread(pg_fresh_url) as base, httpx.Client(base_url=base, timeout=30) as http:
            assert http.get("/readyz").status_code == 200
            with admin.connect() as conn:
                conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": name},
                )
            try:
                answer = wait_for_status(http, "/readyz", 503)
                body = answer.json()
                assert body["error"] == "not_ready"
                assert "does not answer" in body["message"], body
                assert http.get("/healthz").status_code == 200
            finally:
                with admin.connect() as conn:
                    conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
            wait_for_status(http, "/readyz", 200)
    finally:
        admin.dispose()


def test_readyz_is_503_while_redis_is_down(pg_fresh_url: str) -> None:
    """A scaled-out process needs its Redis too: a private redis-server, stopped."""
    import os

    from tests import services

    if os.environ.get(services.REDIS_URL_ENV):
        pytest.skip("a Redis given by environment variable is not ours to stop")
    try:
        redis = services.start_redis()
    except services.ServiceUnavailable as err:
        pytest.skip(str(err))
    try:
        with (
            server_thread(pg_fresh_url, redis_url=redis.url) as base,
            httpx.Client(base_url=base, timeout=30) as http,
        ):
            assert http.get("/readyz").status_code == 200
            redis.stop()
            answer = wait_for_status(http, "/readyz", 503)
            assert answer.json()["error"] == "not_ready"
            assert "Redis does not answer" in answer.json()["message"]
            assert http.get("/healthz").status_code == 200
    finally:
        redis.stop()


# ----------------------------------------------------------------- metrics


async def _two_human_game(base: str, api: Api) -> tuple[str, str, str, list[Client]]:
    """A two-human Looney Lights game played to its end by two recording clients and
    watched by a spectator: (table id, seat 0's token, seat 1's token, the clients)."""
    tid, token0, token1 = two_player_table(api)
    a, b, watcher = Client(base, tid, token0), Client(base, tid, token1), Client(base, tid, None)
    async with a, b, watcher:
        await asyncio.gather(a.play(), b.play())
        await a.recv_type("record")
        # the spectator reads everything too (an unread client cannot see the server's
        # close frame behind its queue, and its close would wait out websockets' timeout)
        await watcher.recv_type("record")
    return tid, token0, token1, [a, b, watcher]


async def test_metrics_parse_and_move_with_a_game(server: tuple[str, Path, Api]) -> None:
    base, _path, api = server
    before = scrape(base)
    assert value(before, "yuletide_build_info", version=__import__("yuletide").__version__) == 1
    assert ("process_resident_memory_bytes", ()) in before

    tid, token0, token1 = two_player_table(api)
    # an error of each channel: a REST call with a token that holds nothing, and a
    # websocket hello with one
    r = api.http.delete(
        f"/api/tables/{tid}/seats/1",
        headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"},
    )
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    async with Client(base, tid, secrets.token_urlsafe(24)) as stranger:
        assert (await stranger.recv_type("error"))["code"] == "bad_token"

    async with Client(base, tid, token0) as a, Client(base, tid, token1) as b:
        during = scrape(base)
        assert value(during, "yuletide_websocket_connections") >= 2
        assert value(during, "yuletide_live_tables", status="playing") >= 1
        await asyncio.gather(a.play(), b.play())
        record = (await a.recv_type("record"))["record"]
    actions = len(record["actions"])
    assert actions > 0

    wait_for(
        "every websocket is counted closed",
        lambda: value(scrape(base), "yuletide_websocket_connections") == 0,
    )
    after = scrape(base)
    moved = {
        (name, *labels.values()): value(after, name, **labels) - value(before, name, **labels)
        for name, labels in [
            ("yuletide_actions_total", {}),
            ("yuletide_action_commit_seconds_count", {}),
            ("yuletide_websocket_connections_opened_total", {}),
            ("yuletide_errors_total", {"channel": "http", "code": "bad_token"}),
            ("yuletide_errors_total", {"channel": "ws", "code": "bad_token"}),
            ("yuletide_http_requests_total", {"method": "POST", "status": "201"}),
            ("yuletide_http_requests_total", {"method": "DELETE", "status": "403"}),
        ]
    }
    assert moved == {
        ("yuletide_actions_total",): actions,
        ("yuletide_action_commit_seconds_count",): actions,
        ("yuletide_websocket_connections_opened_total",): 3,
        ("yuletide_errors_total", "http", "bad_token"): 1,
        ("yuletide_errors_total", "ws", "bad_token"): 1,
        ("yuletide_http_requests_total", "POST", "201"): 1,
        ("yuletide_http_requests_total", "DELETE", "403"): 1,
    }
    assert value(after, "yuletide_action_commit_seconds_sum") > value(
        before, "yuletide_action_commit_seconds_sum"
    )
    assert value(after, "yuletide_db_commits_total") >= actions
    ended = sum(value(after, "yuletide_live_tables", status=s) for s in ("finished", "unfinished"))
    assert ended >= 1  # the table stays live here a while after its end


def test_bot_pool_metrics_count_a_searching_bots_decisions(
    server: tuple[str, Path, Api],
) -> None:
    """The bot pool's queue (server/botpool.py, ``stats()``) is on /metrics, and its
    decision counter moves once a searching bot has decided (it moves first here)."""
    base, _path, api = server
    before = scrape(base)
    for name in ("yuletide_bot_queue_length", "yuletide_bot_running"):
        assert (name, ()) in before, f"{name} is missing: has the hub no bot pool?"
    api.create_table(
        game="looney-lights",
        players=2,
        seats=[{"kind": "bot", "bot": "hard"}, {"kind": "human"}],
        sit=1,
        bot_delay=0,
    )
    wait_for(
        "a searching bot's decision is counted",
        lambda: (
            value(scrape(base), "yuletide_bot_decisions_total")
            > value(before, "yuletide_bot_decisions_total")
        ),
        seconds=120,
    )
    assert ("yuletide_bot_wait_seconds_total", ()) in scrape(base)


def test_bad_forwarded_allow_ips_is_refused() -> None:
    done = run_yuletide("serve", "--forwarded-allow-ips", "10.0.0.1,proxy.example")
    assert done.returncode == 2
    assert "--forwarded-allow-ips" in done.stderr and "proxy.example" in done.stderr


# -------------------------------------------------------------------- logs

CLIENT_BEHIND_PROXY = "203.0.113.9"  # TEST-NET-3: what a trusted proxy says the client is


def test_a_server_that_cannot_start_says_why_in_json(tmp_path: Path) -> None:
    empty = sqlite_url(tmp_path / "empty.db")  # no schema, and no --migrate
    done = run_yuletide("serve", "--db", empty, "--port", "0", "--log-format", "json")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    line = json.loads(lines[0])
    assert line["level"] == "error" and line["event"] == "fatal"
    assert "yuletide migrate" in line["message"]


def _secrets_of(clients: list[Client]) -> tuple[set[str], set[str]]:
    """Every card any seat held (its hand, in any frame) and every action a seat could
    take (legal notations: they name hidden cards)."""
    cards: set[str] = set()
    notations: set[str] = set()
    for client in clients:
        for frame in client.frames:
            if frame.get("type") in ("sync", "update"):
                hand = frame["view"].get("hand") or []
                cards.update(str(c) for c in hand)
                notations.update(frame.get("legal") or [])
    return cards, notations


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


async def _logged_game(
    tmp_path: Path, *log_args: str
) -> tuple[str, str, set[str], list[Client], set[str], set[str]]:
    """A real game and its bad tokens against `yuletide serve` at ``--log-level debug``
    (and ``log_args``): (its whole output, the table id, every token used, the seat and
    spectator clients, every card a seat held, every notation a seat could play)."""
    db = sqlite_url(tmp_path / "y.db")
    server = ServerProcess(db, ("--log-level", "debug", *log_args)).start(tmp_path)
    fake = secrets.token_urlsafe(24)
    try:
        base = server.url
        api = Api(base)
        try:
            # a client behind a trusted proxy (uvicorn trusts 127.0.0.1 by default)
            r = api.http.get("/api/tables", headers={"X-Forwarded-For": CLIENT_BEHIND_PROXY})
            assert r.status_code == 200
            tid, token0, token1, clients = await _two_human_game(base, api)
            # bad tokens: REST (unknown, and another seat's) and a websocket hello
            for token, seat in ((fake, 1), (token0, 1)):
                r = api.http.delete(
                    f"/api/tables/{tid}/seats/{seat}", headers={"Authorization": f"Bearer {token}"}
                )
                assert r.status_code == 403 and r.json()["error"] == "bad_token"
            async with Client(base, tid, fake) as stranger:
                assert (await stranger.recv_type("error"))["code"] == "bad_token"
            # an invite link's fragment never reaches the server; a query string would
            # (and is not logged)
            assert api.http.get(f"/play/{tid}?token={token1}").status_code == 200
        finally:
            api.close()
    finally:
        server.stop()
    text = server.log()
    cards, notations = _secrets_of(clients)
    assert cards and notations
    tokens = {token0, token1, fake}
    for token in tokens:  # not even in part (a log line may cut a long message short)
        for part in (token, token[:12], token[6:18], token[-12:]):
            assert part not in text, "a token was logged"
    return text, tid, tokens, clients, cards, notations


async def test_text_logs_at_debug_hold_no_token_and_no_card(tmp_path: Path) -> None:
    """The default format too: the websockets library's frame dumps (hello with its
    token, every frame with its hand) are dropped at debug."""
    text, tid, _tokens, _clients, cards, notations = await _logged_game(tmp_path)
    assert f"websocket open /ws/tables/{tid}" in text  # the server's lines are there
    for n in notations:
        assert n not in text, f"an action's notation was logged: {n!r}"
    card_word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(cards))) + r")\b")
    assert not card_word.search(text), card_word.search(text)
    assert '"hand"' not in text and "TEXT" not in text


async def test_json_logs_of_a_real_game_carry_table_ids_and_no_secret(tmp_path: Path) -> None:
    text, tid, _tokens, clients, cards, notations = await _logged_game(
        tmp_path, "--log-format", "json"
    )
    lines = [line for line in text.splitlines() if line.strip()]
    records = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            raise AssertionError(f"not a JSON line: {line!r}") from None
        assert isinstance(record, dict), line
        assert {"time", "level", "logger", "message"} <= set(record), record
        records.append(record)

    # no token (checked in _logged_game) and no seat's secret, anywhere
    card_word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(cards))) + r")\b")
    for record in records:
        for s in _strings(record):
            assert not any(n in s for n in notations), f"an action's notation was logged: {s!r}"
            assert not card_word.search(s), f"a card was logged: {s!r} in {record}"
    assert '"hand"' not in text and '"legal"' not in text and '"view"' not in text

    def about(**fields: Any) -> list[dict[str, Any]]:
        return [r for r in records if all(r.get(k) == v for k, v in fields.items())]

    # every line about the table names it
    assert about(event="listening")
    assert about(event="table_created", table=tid, game="looney-lights")
    for record in records:
        if f"/tables/{tid}" in record.get("path", "") + record["message"]:
            assert record.get("table") == tid, record
    actions = about(event="action", table=tid)
    record_actions = next(f for f in clients[0].frames if f["type"] == "record")["record"]
    assert len(actions) == len(record_actions["actions"])
    assert [a["version"] for a in actions] == list(range(1, len(actions) + 1))
    assert about(event="game_over", table=tid)
    assert len(about(event="ws_open", table=tid)) == 4  # two seats, a spectator, a stranger
    assert len(about(event="ws_close", table=tid)) == 4
    assert about(event="ws_error", table=tid, error="bad_token")
    assert len(about(event="http", table=tid, error="bad_token", status=403)) == 2
    joins = about(event="http", table=tid, method="POST", status=200)
    assert joins and all(j["path"] == f"/api/tables/{tid}/seats/1" for j in joins)
    # the query string is not logged (the path is)
    assert about(event="http", table=tid, path=f"/play/{tid}")
    # the client's address: the trusted proxy's X-Forwarded-For
    assert about(event="http", path="/api/tables", client=CLIENT_BEHIND_PROXY)


def test_the_json_formatter_finds_the_table_and_redacts_token_shapes() -> None:
    """The second line of defence: whatever a message says, a token-shaped value is
    redacted; a line names its table from ``table %s`` or a table path."""
    import logging

    from yuletide.server.ops import JsonFormatter

    token = secrets.token_urlsafe(24)

    def line(msg: str, *args: Any, **extra: Any) -> dict[str, Any]:
        record = logging.LogRecord("yuletide.server", logging.WARNING, __file__, 1, msg, args, None)
        record.__dict__.update(extra)
        text = JsonFormatter().format(record)
        assert "\n" not in text and token not in text
        parsed: dict[str, Any] = json.loads(text)
        return parsed

    assert line("table %s: lease lost", "abc123")["table"] == "abc123"
    assert line("%d ms for table %s", 5, "t_2")["table"] == "t_2"
    assert line('"GET /api/tables/Zz-9/record" 200')["table"] == "Zz-9"
    assert line("no table here").get("table") is None
    for leaky in (
        f"Authorization: Bearer {token}",
        f"invite http://x/play/t#seat=0&token={token}",
        f'{{"type": "hello", "token": "{token}"}}',
    ):
        assert "[redacted]" in line(leaky)["message"]
    assert "[redacted]" in line("hello", detail=f"token={token}")["detail"]
    # one line of ASCII whatever a client sent (a lone surrogate, a newline)
    assert line("name \udc80 and\nmore")["message"] == "name \udc80 and\nmore"
