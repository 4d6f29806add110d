"""Limits with clear answers (issue 33, item 2), written from the review's attack.

The review had one client create 385 tables in 15 s, bury every real table under its
own in the lobby (which shows the newest 100), leave tables waiting for ever, and ask
for a game with ``turn_limit`` 10**18. Each test here repeats one of those against a real
uvicorn with small limits (limits.LimitsConfig; ``yuletide serve`` has larger
defaults) and checks the answer: 429 or 503 with ``Retry-After`` and the usual error
JSON saying which limit was hit and when to try again, and nothing made beyond it.

Clients are told apart by address. Every request goes to 127.0.0.1; a test plays
several clients by sending ``X-Forwarded-For`` (uvicorn trusts it from 127.0.0.1, as it
would from a reverse proxy on the same machine), each test with addresses of its own.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.kit import Client, assert_error, server_thread, sqlite_url

import yuletide
from yuletide.core.registry import game_class, games
from yuletide.server.limits import LimitsConfig, Rate

GAME = "looney-lights"
#: The module server's limits: small, so a test reaches each in a few requests.
LIMITS = LimitsConfig(
    create_rate=Rate(per_minute=6, burst=5),
    join_rate=Rate(per_minute=6, burst=3),
    rematch_rate=Rate(per_minute=6, burst=3),
    waiting_per_client=3,
    max_bot_tables=2,
    max_search_seats=4,
    waiting_expiry=None,
)
#: Most requests a flood sends (every loop here is bounded).
FLOOD = 120


class Http:
    """REST over one kept-alive client, as the client at ``address``."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)

    def close(self) -> None:
        self.http.close()

    def post(self, path: str, address: str, **kwargs: Any) -> httpx.Response:
        headers = {"X-Forwarded-For": address, **kwargs.pop("headers", {})}
        return self.http.post(path, headers=headers, **kwargs)

    def create(self, address: str, **body: Any) -> httpx.Response:
        return self.post("/api/tables", address, json={"game": GAME, **body})

    def lobby(self) -> list[dict[str, Any]]:
        r = self.http.get("/api/tables")
        assert r.status_code == 200, r.text
        tables: list[dict[str, Any]] = r.json()
        return tables

    def info(self, table: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table}")
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Http, Path]]:
    path = tmp_path_factory.mktemp("limits") / "yuletide.db"
    with server_thread(sqlite_url(path), limits=LIMITS) as base:
        http = Http(base)
        try:
            yield http, path
        finally:
            http.close()


@pytest.fixture
def api(served: tuple[Http, Path]) -> Http:
    return served[0]


def table_count(path: Path) -> int:
    conn = sqlite3.connect(path, timeout=30)
    try:
        return int(conn.execute("SELECT count(*) FROM tables").fetchone()[0])
    finally:
        conn.close()


def assert_limited(r: httpx.Response, status: int, code: str, *says: str) -> int:
    """A refusal over a limit: the status, our error JSON saying each of ``says``, and
    a whole number of seconds in ``Retry-After``; that number."""
    assert_error(r, status, code, *says)
    retry = r.headers.get("retry-after", "")
    assert retry.isdigit() and int(retry) >= 1, r.headers
    return int(retry)


#: A table that starts at once (the creator sits, a bot plays the other seat) and so
#: never waits for players.
PLAYING = {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "sit": 0}
#: A table waiting for a second player.
WAITING = {"players": 2, "sit": 0}


# ------------------------------------------------------------------- rates


def test_a_flood_of_new_tables_is_refused_with_429(served: tuple[Http, Path]) -> None:
    """The review's 385 tables in 15 s: after its burst, a client's creations are
    refused with Retry-After, nothing more is made, and another client is unaffected."""
    api, path = served
    before = table_count(path)
    answers = [api.create("198.51.100.1", **PLAYING) for _ in range(FLOOD)]
    made = [r for r in answers if r.status_code == 201]
    assert LIMITS.create_rate is not None
    assert len(made) == LIMITS.create_rate.burst
    refused = answers[len(made) :]
    assert all(r.status_code == 429 for r in refused)
    after = assert_limited(
        refused[0], 429, "rate_limited", "new tables", "6 a minute", "bursts of 5", "try again in"
    )
    assert after <= 60 / 6 + 1
    assert table_count(path) == before + len(made)
    assert api.create("198.51.100.2", **PLAYING).status_code == 201


def test_joins_are_rate_limited_even_when_they_fail(api: Http) -> None:
    """Guessing at seats (or tables) costs a join each: after the burst, 429."""
    codes = [
        api.post("/api/tables/no-such-table/seats/1", "198.51.100.11").status_code
        for _ in range(FLOOD)
    ]
    assert codes[:3] == [404] * 3
    assert set(codes[3:]) == {429}
    r = api.post("/api/tables/no-such-table/seats/1", "198.51.100.11")
    assert_limited(r, 429, "rate_limited", "seats taken", "a minute")
    # a real join from another address is still served
    table = api.create("198.51.100.12", **WAITING).json()["table"]
    assert api.post(f"/api/tables/{table}/seats/1", "198.51.100.13").status_code == 200


def test_rematches_are_rate_limited(api: Http) -> None:
    codes = [
        api.post(
            "/api/tables/no-such-table/rematch",
            "198.51.100.21",
            headers={"Authorization": "Bearer " + "x" * 32},
        ).status_code
        for _ in range(FLOOD)
    ]
    assert codes[:3] == [403] * 3
    assert set(codes[3:]) == {429}
    r = api.post("/api/tables/no-such-table/rematch", "198.51.100.21")
    assert_limited(r, 429, "rate_limited", "rematches")


# -------------------------------------------------------------- the lobby


def test_a_flood_cannot_hide_the_lobby(api: Http) -> None:
    """A stranger's waiting tables fill at most ``waiting_per_client`` rows of the
    lobby: a real table made before the flood is still listed after it."""
    real = api.create("198.51.100.31", **WAITING).json()["table"]
    flooder = "198.51.100.32"
    answers = [api.create(flooder, **WAITING) for _ in range(FLOOD)]
    made = {r.json()["table"] for r in answers if r.status_code == 201}
    assert len(made) == LIMITS.waiting_per_client
    first_refusal = next(r for r in answers if r.status_code != 201)
    assert_limited(first_refusal, 429, "too_many_waiting", "3 tables waiting", "start or leave one")
    listed = {t["table"] for t in api.lobby()}
    assert real in listed
    assert len(listed & made) <= 3


# --------------------------------------------------------------- per process


def test_tables_of_bots_only_are_capped(api: Http) -> None:
    """Bot-only tables cost the server and nobody watches them: at most
    ``max_bot_tables`` live at once (503 busy), whoever asks."""
    bots = {
        "players": 2,
        "seats": [{"kind": "bot", "bot": "random"}] * 2,
        "bot_delay": 10,  # they stay live for the length of the test
    }
    answers = [api.create(f"198.51.100.{41 + i}", **bots) for i in range(4)]
    assert [r.status_code for r in answers[:2]] == [201, 201], [r.text for r in answers]
    for r in answers[2:]:
        assert_limited(r, 503, "busy", "2 tables of bots only", "seat a human")
    # a table with a human seat is still made
    assert api.create("198.51.100.45", **PLAYING).status_code == 201


def test_seats_of_searching_bots_are_capped(api: Http) -> None:
    """Searching bots (hard) take a core each while they think: at most
    ``max_search_seats`` of their seats at this process's live tables."""

    def hard(n: int) -> dict[str, Any]:
        # waiting for its human, so no bot thinks during the test
        return {
            "players": n + 1,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "hard"}] * n,
        }

    assert api.create("198.51.100.51", **hard(3)).status_code == 201
    r = api.create("198.51.100.52", **hard(2))
    assert_limited(r, 503, "busy", "searching bots", "at most 4", "asks for 2", "easier bot")
    assert api.create("198.51.100.53", **hard(1)).status_code == 201
    assert api.create("198.51.100.54", **hard(1)).status_code == 503
    easy = {"players": 3, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 2}
    assert api.create("198.51.100.55", **easy).status_code == 201
    # a seat handed to a searching bot mid-game counts too
    playing = {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}]}
    made = api.create("198.51.100.56", **playing, sit=0).json()
    table, token = made["table"], made["you"]["token"]
    to_bot = f"/api/tables/{table}/seats/0/bot"
    auth = {"Authorization": f"Bearer {token}"}
    r = api.post(to_bot, "198.51.100.56", json={"bot": "hard"}, headers=auth)
    assert_limited(r, 503, "busy", "searching bots", "at most 4", "easier bot")
    r = api.post(to_bot, "198.51.100.56", json={"bot": "medium"}, headers=auth)
    assert r.status_code == 200, r.text


# ------------------------------------------------------------------ expiry


async def test_waiting_tables_expire_and_leave_the_lobby(tmp_path: Path) -> None:
    """A table nobody joins ends (unfinished) after ``waiting_expiry``, leaves the
    lobby and tells its watchers; a table that started plays on, and a finished table
    is never in the lobby."""
    limits = LimitsConfig(waiting_expiry=1.0)
    with server_thread(sqlite_url(tmp_path / "yuletide.db"), limits=limits) as base:
        api = Http(base)
        try:
            waiting = api.create("198.51.100.61", **WAITING).json()
            table = waiting["table"]
            playing = api.create("198.51.100.61", **PLAYING).json()["table"]
            assert table in {t["table"] for t in api.lobby()}
            async with Client(base, table, None) as watcher:
                assert (await watcher.recv_type("sync"))["status"] == "waiting"
                expired = await watcher.recv_type("error", timeout=30)
            assert expired["code"] == "expired", expired
            assert "waited" in expired["message"]
            deadline = time.monotonic() + 30
            while api.info(table)["status"] != "unfinished":
                assert time.monotonic() < deadline, "the waiting table never expired"
                await asyncio.sleep(0.05)
            assert table not in {t["table"] for t in api.lobby()}
            r = api.post(f"/api/tables/{table}/seats/1", "198.51.100.62")
            assert r.status_code == 409 and r.json()["error"] == "game_over", r.text
            assert api.info(playing)["status"] == "playing"
        finally:
            api.close()


# ----------------------------------------------------------------- options


def test_turn_limit_of_ten_to_the_eighteen_is_refused(api: Http) -> None:
    r = api.create("198.51.100.71", **PLAYING, options={"turn_limit": 10**18})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["error"] == "bad_options"
    assert "'turn_limit' must be a whole number from 1 to " in body["message"], body


@pytest.mark.parametrize("game", games())
def test_every_whole_number_option_is_bounded(game: str) -> None:
    """Every numeric option of every game has a largest value, which the game accepts,
    and one more is refused with the option's own words."""
    for option in game_class(game).options_spec:
        if isinstance(option.default, bool) or not isinstance(option.default, int):
            continue
        if option.choices is not None:
            continue
        assert option.maximum is not None, f"{game}: option {option.name} has no maximum"
        assert option.default <= option.maximum
        yuletide.new_game(game, None, 0, **{option.name: option.maximum})
        with pytest.raises(yuletide.InvalidOption, match=f"from .* to {option.maximum}"):
            yuletide.new_game(game, None, 0, **{option.name: option.maximum + 1})
