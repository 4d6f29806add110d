"""Tables and seats over REST (issue 13, item 2) on a real uvicorn and a SQLite file.

Creating a table is validated with the game's own option specs and refused with a clear
``{"error", "message"}`` that says what is allowed, and a refused request creates
nothing. Seat tokens are long random secrets stored only as their SHA-256 (checked in the
database file itself), the invite link carries the token in its #fragment, and the seed
never leaves the server while a game runs; once it has ended the record is public and
replays to the outcome the clients saw.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tests.server.kit import Client, Server, finished_two_player_table, sqlite_server

import yuletide

GAME = "looney-lights"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: (base URL, path of its SQLite database file, REST)."""
    with sqlite_server(tmp_path_factory.mktemp("rest")) as served:
        yield served


def query(path: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows read straight from the server's database file (not through the server)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def table_count(path: Path) -> int:
    return int(query(path, "SELECT count(*) FROM tables")[0][0])


def seed_of(path: Path, table: str) -> int:
    return int(query(path, "SELECT seed FROM tables WHERE id = ?", table)[0][0])


def open_ids(http: httpx.Client) -> set[str]:
    r = http.get("/api/tables")
    assert r.status_code == 200
    return {t["table"] for t in r.json()}


def assert_error(r: httpx.Response, status: int, code: str, *says: str) -> str:
    """A clear JSON error: the status, ``{"error": code, "message": ...}``, and a message
    that says each of ``says``."""
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "message"}, body
    assert body["error"] == code, body
    message: str = body["message"]
    for text in says:
        assert text in message, (text, message)
    return message


def humans(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human"} for _ in range(n)]


# ------------------------------------------------------------------ discovery


def test_games_list_and_openapi_document(server: Server) -> None:
    _, _, api = server
    http = api.http
    r = http.get("/api/games")
    assert r.status_code == 200
    games = {g["id"]: g for g in r.json()}
    assert set(yuletide.games()) <= set(games)
    assert "random" in games[GAME]["bots"]
    assert "solo-greedy" not in games[GAME]["bots"]
    assert "solo-greedy" in games["solo-lights"]["bots"]
    assert games["reindeers-nose"]["real_time"] is True
    assert games[GAME]["real_time"] is False
    assert [o["name"] for o in games[GAME]["options"]] == ["turn_limit"]

    doc = http.get("/openapi.json")
    assert doc.status_code == 200
    paths = doc.json()["paths"]
    for path, method in [
        ("/api/games", "get"),
        ("/api/tables", "post"),
        ("/api/tables", "get"),
        ("/api/tables/{table_id}", "get"),
        ("/api/tables/{table_id}/seats/{seat}", "post"),
        ("/api/tables/{table_id}/seats/{seat}", "delete"),
        ("/api/tables/{table_id}/rematch", "post"),
        ("/api/tables/{table_id}/record", "get"),
    ]:
        assert method in paths[path], (path, method)
    docs = http.get("/docs")
    assert docs.status_code == 200
    # the page documents every path, and fetches nothing (no CDN, no script)
    for path, _method in paths.items():
        assert path in docs.text
    assert "<script" not in docs.text
    assert "http://" not in docs.text and "https://" not in docs.text
    assert http.get("/redoc").status_code == 404


# ------------------------------------------------------------- bad creation

HUMAN_BOT_BOT = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]

BAD_TABLES: list[tuple[str, dict[str, Any], int, str, tuple[str, ...]]] = [
    ("unknown game", {"game": "snowball-fight"}, 400, "bad_options", ("games:", GAME)),
    ("no game", {"players": 3}, 422, "bad_request", ("game",)),
    ("too many players", {"game": GAME, "players": 9}, 400, "bad_options", ("2 to 6",)),
    ("too few players", {"game": GAME, "players": 1}, 400, "bad_options", ("2 to 6",)),
    ("players as text", {"game": GAME, "players": "3"}, 422, "bad_request", ("players",)),
    ("players as bool", {"game": GAME, "players": True}, 422, "bad_request", ("players",)),
    (
        "unknown option",
        {"game": GAME, "options": {"snow": True}},
        400,
        "bad_options",
        ("'snow'", "its options are: turn_limit"),
    ),
    (
        "option out of range",
        {"game": GAME, "options": {"turn_limit": 0}},
        400,
        "bad_options",
        ("turn_limit", "a whole number from 1 to 2500"),
    ),
    (
        "option of the wrong type",
        {"game": GAME, "options": {"turn_limit": "many"}},
        400,
        "bad_options",
        ("turn_limit", "a whole number from 1 to 2500"),
    ),
    (
        "option that is a list",
        {"game": GAME, "options": {"turn_limit": [5]}},
        400,
        "bad_options",
        ("turn_limit", "a whole number from 1 to 2500"),
    ),
    (
        "bool option given a number",
        {"game": "jingle-bell-run", "options": {"retreat": 1}},
        400,
        "bad_options",
        ("retreat", "true or false"),
    ),
    (
        "choice option off the list",
        {"game": "deck-the-yard", "options": {"difficulty": "easy"}},
        400,
        "bad_options",
        ("difficulty", "'normal'", "'hard'", "'heroic'"),
    ),
    ("options not an object", {"game": GAME, "options": [1]}, 422, "bad_request", ("options",)),
    (
        "no such bot",
        {"game": GAME, "players": 3, "seats": [{"kind": "bot", "bot": "santa"}, *humans(2)]},
        400,
        "bad_seats",
        ("seat 0", "'santa'", "random"),
    ),
    (
        "a bot not made for the game",
        {"game": GAME, "players": 3, "seats": [*humans(2), {"kind": "bot", "bot": "solo-greedy"}]},
        400,
        "bad_seats",
        ("seat 2", "solo-greedy", "deck-the-yard", f"bots for {GAME}: ", "random"),
    ),
    (
        "a seat without a kind",
        {"game": GAME, "players": 2, "seats": [{"bot": "random"}, {"kind": "human"}]},
        422,
        "bad_request",
        ("kind",),
    ),
    (
        "the team bot at another game",
        {
            "game": GAME,
            "players": 2,
            "seats": [{"kind": "bot", "bot": "lights-on-team"}, {"kind": "human"}],
        },
        400,
        "bad_seats",
        ("lights-on-team", "lights-on", f"bots for {GAME}"),
    ),
    (
        "a seat that is neither",
        {"game": GAME, "players": 2, "seats": [{"kind": "elf"}, {"kind": "human"}]},
        400,
        "bad_seats",
        ("seat 0", "'human' or 'bot'"),
    ),
    (
        "a human seat naming a bot",
        {"game": GAME, "players": 2, "seats": [{"kind": "human", "bot": "random"}, *humans(1)]},
        400,
        "bad_seats",
        ("seat 0", "human"),
    ),
    (
        "too few seats",
        {"game": GAME, "players": 3, "seats": humans(2)},
        400,
        "bad_seats",
        ("3 seats, got 2",),
    ),
    (
        "too many seats",
        {"game": GAME, "players": 2, "seats": humans(3)},
        400,
        "bad_seats",
        ("2 seats, got 3",),
    ),
    (
        "seat count for the default player count",
        {"game": "lights-on", "seats": humans(3)},
        400,
        "bad_seats",
        ("4 seats, got 3",),
    ),
    (
        "an unknown field in a seat",
        {"game": GAME, "players": 2, "seats": [{"kind": "human", "hat": "red"}, *humans(1)]},
        422,
        "bad_request",
        ("hat",),
    ),
    ("time limit too short", {"game": GAME, "time_limit": 0.1}, 400, "bad_settings", ("0.5",)),
    ("time limit too long", {"game": GAME, "time_limit": 10**6}, 400, "bad_settings", ("600",)),
    ("time limit negative", {"game": GAME, "time_limit": -5}, 400, "bad_settings", ("0.5",)),
    (
        "time limit as text",
        {"game": GAME, "time_limit": "soon"},
        422,
        "bad_request",
        ("time_limit",),
    ),
    ("time limit as bool", {"game": GAME, "time_limit": True}, 422, "bad_request", ("time_limit",)),
    ("bot delay negative", {"game": GAME, "bot_delay": -1}, 400, "bad_settings", ("0 to 10",)),
    ("bot delay too long", {"game": GAME, "bot_delay": 99}, 400, "bad_settings", ("0 to 10",)),
    ("bot delay as text", {"game": GAME, "bot_delay": "slow"}, 422, "bad_request", ("bot_delay",)),
    ("an unknown field", {"game": GAME, "colour": "red"}, 422, "bad_request", ("colour",)),
    ("sitting out of range", {"game": GAME, "players": 2, "sit": 2}, 400, "bad_seat", ("[0, 1]",)),
    (
        "sitting at a bot seat",
        {"game": GAME, "players": 3, "seats": HUMAN_BOT_BOT, "sit": 1},
        400,
        "bad_seat",
        ("[0]",),
    ),
    ("a name too long", {"game": GAME, "name": "x" * 500}, 422, "bad_request", ("name",)),
]


@pytest.mark.parametrize(
    ("body", "status", "code", "says"),
    [pytest.param(b, s, c, says, id=name) for name, b, s, c, says in BAD_TABLES],
)
def test_a_bad_table_request_is_refused_and_creates_nothing(
    server: Server,
    body: dict[str, Any],
    status: int,
    code: str,
    says: tuple[str, ...],
) -> None:
    _, path, api = server
    http = api.http
    before, listed = table_count(path), open_ids(http)
    r = http.post("/api/tables", json=body)
    assert_error(r, status, code, *says)
    assert table_count(path) == before
    assert open_ids(http) == listed


@pytest.mark.parametrize(
    "raw",
    [b'{"game": "looney-lights"', b"[]", b'"looney-lights"', b"", b'{"game": NaN}'],
    ids=["truncated", "array", "string", "empty", "nan"],
)
def test_a_body_that_is_not_a_table_request_is_refused(server: Server, raw: bytes) -> None:
    _, path, api = server
    http = api.http
    before = table_count(path)
    r = http.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    message = assert_error(r, 422, "bad_request")
    assert message and len(message) < 500
    assert table_count(path) == before


def test_a_nan_setting_is_refused(server: Server) -> None:
    _, path, api = server
    http = api.http
    before = table_count(path)
    for field in ("time_limit", "bot_delay"):
        raw = f'{{"game": "{GAME}", "{field}": NaN}}'.encode()
        r = http.post("/api/tables", content=raw, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500, r.text
        assert set(r.json()) == {"error", "message"}
    assert table_count(path) == before


# ------------------------------------------------------------- open tables


def test_open_tables_lists_waiting_tables_only(server: Server) -> None:
    _, _, api = server
    http = api.http
    waiting = api.create_table(game=GAME, players=2, sit=0)
    assert waiting["status"] == "waiting"
    listed = {t["table"]: t for t in http.get("/api/tables").json()}
    assert waiting["table"] in listed
    assert listed[waiting["table"]]["game"] == GAME
    assert listed[waiting["table"]]["players"] == 2
    assert "seed" not in json.dumps(listed[waiting["table"]])

    api.join(waiting["table"], 1)
    assert api.info(waiting["table"])["status"] == "playing"
    assert waiting["table"] not in open_ids(http)

    bots = api.create_table(
        game=GAME, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}], bot_delay=0
    )
    assert bots["table"] not in open_ids(http)
    seated = api.create_table(game=GAME, players=3, seats=HUMAN_BOT_BOT, sit=0)
    assert seated["status"] == "playing"
    assert seated["table"] not in open_ids(http)


# ------------------------------------------------------------------- seats


def test_join_gives_long_distinct_tokens_stored_only_hashed(server: Server) -> None:
    base, path, api = server
    http = api.http
    table = api.create_table(game=GAME, players=3, seats=humans(3))
    tid = table["table"]
    assert "you" not in table
    grants = [api.join(tid, 0, "Ada"), api.join(tid, 2, "Bob")]
    tokens = [g["token"] for g in grants]
    for seat, grant in zip((0, 2), grants, strict=True):
        token = grant["token"]
        assert grant["seat"] == seat
        # secrets.token_urlsafe of >= 16 bytes: >= 22 URL-safe characters
        assert len(token) >= 22
        assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
        link, _, fragment = grant["invite"].partition("#")
        assert token in fragment
        assert token not in link
        assert tid in link
        assert link.startswith(base)
    assert tokens[0] != tokens[1]

    rows = dict(query(path, "SELECT seat, token_hash FROM seats WHERE table_id = ?", tid))
    assert rows[0] == hashlib.sha256(tokens[0].encode()).hexdigest()
    assert rows[2] == hashlib.sha256(tokens[1].encode()).hexdigest()
    assert rows[1] is None
    # The token itself is nowhere in the database files (main file, WAL, shared memory).
    for file in path.parent.glob(path.name + "*"):
        data = file.read_bytes()
        for token in tokens:
            assert token.encode() not in data, file

    public = http.get(f"/api/tables/{tid}").text
    for token in tokens:
        assert token not in public
        assert hashlib.sha256(token.encode()).hexdigest() not in public
    seats = api.info(tid)["seats"]
    assert [s["taken"] for s in seats] == [True, False, True]
    assert seats[0]["name"] == "Ada"


def test_joining_a_seat_that_is_not_open_is_refused(server: Server) -> None:
    _, path, api = server
    http = api.http
    table = api.create_table(game=GAME, players=3, seats=HUMAN_BOT_BOT, sit=0)
    tid = table["table"]
    before = query(path, "SELECT seat, token_hash, name FROM seats WHERE table_id = ?", tid)

    def attempt(seat: Any) -> httpx.Response:
        return http.post(f"/api/tables/{tid}/seats/{seat}", json={})

    assert_error(attempt(0), 409, "seat_taken", "seat 0")
    assert_error(attempt(1), 409, "seat_taken", "seat 1", "bot")
    for seat in (3, 99, -1):
        r = attempt(seat)
        assert 400 <= r.status_code < 500
        assert set(r.json()) == {"error", "message"}
        assert "0 to 2" in r.json()["message"], r.text
    r = attempt("one")
    assert_error(r, 422, "bad_request", "seat")
    r = http.post("/api/tables/nosuchtable/seats/0", json={})
    assert_error(r, 404, "no_table", "nosuchtable")
    assert query(path, "SELECT seat, token_hash, name FROM seats WHERE table_id = ?", tid) == before


async def test_leave_needs_the_seats_token_and_reopens_the_seat(server: Server) -> None:
    base, path, api = server
    http = api.http
    # (three seats, so the table is still waiting: a seat left mid-game is not reopened
    # but handed to a bot, tests/server/test_seats.py)
    table = api.create_table(game=GAME, players=3, sit=0)
    tid, token0 = table["table"], table["you"]["token"]
    token1 = api.join(tid, 1)["token"]
    url = f"/api/tables/{tid}/seats/1"

    assert_error(http.delete(url), 401, "no_token", "Bearer")
    assert_error(http.delete(url, headers={"Authorization": token1}), 401, "no_token")
    wrong = {"Authorization": "Bearer " + "A" * 32}
    assert_error(http.delete(url, headers=wrong), 403, "bad_token")
    other_seat = {"Authorization": f"Bearer {token0}"}
    assert_error(http.delete(url, headers=other_seat), 403, "bad_token", "seat 0")
    assert api.info(tid)["seats"][1]["taken"] is True

    async with Client(base, tid, token1) as old:
        sync = await old.recv_type("sync")
        assert sync["seat"] == 1
        r = http.delete(url, headers={"Authorization": f"Bearer {token1}"})
        assert r.status_code == 200, r.text
        assert api.info(tid)["seats"][1] == {
            "seat": 1,
            "kind": "human",
            "bot": None,
            "name": None,
            "taken": False,
        }
        assert query(path, "SELECT token_hash FROM seats WHERE table_id = ? AND seat = 1", tid) == [
            (None,)
        ]
        # The connection that held the seat is told and closed; it can no longer act.
        frame = await old.recv_type("error")
        assert frame["code"] == "seat_left"
        with pytest.raises(websockets.ConnectionClosed):
            for _ in range(50):
                await old.recv()

    # the old token no longer opens the seat
    async with Client(base, tid, token1) as again:
        frame = await again.recv()
        assert frame["type"] == "error"
        assert frame["code"] == "bad_token"
    # and cannot leave twice
    r = http.delete(url, headers={"Authorization": f"Bearer {token1}"})
    assert_error(r, 403, "bad_token")

    # someone else may take the seat now, and their token works
    token_new = api.join(tid, 1)["token"]
    async with Client(base, tid, token_new) as fresh:
        sync = await fresh.recv_type("sync")
        assert sync["seat"] == 1
        assert sync["legal"] or sync["to_act"] != [1]


async def test_spectators_see_the_public_channel_and_may_not_act(server: Server) -> None:
    base, _, api = server
    table = api.create_table(
        game=GAME,
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot"}],
        sit=0,
        bot_delay=0,
        options={"turn_limit": 30},
    )
    tid = table["table"]
    async with Client(base, tid, None) as watcher:
        seats = await watcher.recv_type("seats")
        assert [s["kind"] for s in seats["seats"]] == ["human", "bot"]
        sync = await watcher.recv_type("sync")
        assert sync["seat"] is None
        assert sync["legal"] == []
        version = sync["version"]
        await watcher.act("play plug", version=version, ref="w1")
        refused = await watcher.recv_type("error")
        assert refused["code"] == "spectator"
        assert refused["ref"] == "w1"
        assert api.info(tid)["version"] == version

        async with Client(base, tid, table["you"]["token"]) as me:
            await me.play()
        while True:
            frame = await watcher.recv_type("update", "record")
            if frame["type"] == "record":
                break
            assert frame["seat"] is None
            assert frame["legal"] == []
        assert watcher.last is not None
        assert watcher.last["outcome"]["status"] != "ongoing"


async def test_the_game_starts_once_every_human_seat_is_taken(server: Server) -> None:
    base, path, api = server
    table = api.create_table(
        game=GAME,
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}],
        sit=0,
        bot_delay=0,
    )
    tid = table["table"]
    async with Client(base, tid, table["you"]["token"]) as me:
        sync = await me.recv_type("sync")
        assert sync["status"] == "waiting"
        await me.act(sync["legal"][0] if sync["legal"] else "play plug", ref=1)
        refused = await me.recv_type("error")
        assert refused["code"] == "not_started"
        assert "2" in refused["message"]
        assert query(path, "SELECT count(*) FROM actions WHERE table_id = ?", tid) == [(0,)]
        assert api.info(tid)["status"] == "waiting"

        api.join(tid, 2)
        seats = await me.recv_type("seats")
        assert all(s["taken"] for s in seats["seats"])
        live = await me.recv_type("sync")
        assert live["status"] == "playing"
        assert api.info(tid)["status"] == "playing"


# ------------------------------------------------- the seed, the record, rematch


async def _poll_public(base: str, tid: str, seen: list[str], stop: asyncio.Event) -> None:
    """While the game runs: the public table and the (refused) record, again and again."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while not stop.is_set():
            rec = await http.get(f"/api/tables/{tid}/record")
            r = await http.get(f"/api/tables/{tid}")
            seen.append(r.text)  # the public table: never the seed, running or not
            if r.json()["status"] == "playing":  # (so it was still running for the record)
                assert rec.status_code == 409, rec.text
                assert rec.json()["error"] == "running"
            if rec.status_code != 200:
                seen.append(rec.text)
            await asyncio.sleep(0.01)


async def test_the_seed_is_secret_until_the_end_then_record_and_rematch(
    server: Server,
) -> None:
    base, path, api = server
    http = api.http
    table = api.create_table(
        game=GAME,
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}],
        sit=0,
        bot_delay=0,
        time_limit=30,
        options={"turn_limit": 30},
    )
    tid, token0 = table["table"], table["you"]["token"]
    token2 = api.join(tid, 2)["token"]
    seed = str(seed_of(path, tid))

    early = http.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token0}"})
    assert_error(early, 409, "not_over")
    assert_error(http.get(f"/api/tables/{tid}/record"), 409, "running", "seed")

    seen: list[str] = []
    stop = asyncio.Event()
    poller = asyncio.get_running_loop().create_task(_poll_public(base, tid, seen, stop))
    async with Client(base, tid, token0) as a, Client(base, tid, token2) as b:
        last_a, last_b = await asyncio.gather(a.play(), b.play())
        stop.set()
        await poller
        records = [await a.recv_type("record"), await b.recv_type("record")]
    assert last_a["outcome"] == last_b["outcome"]
    assert last_a["outcome"]["status"] != "ongoing"
    assert last_a["version"] == last_b["version"]

    # no frame before the record, and no public answer while it ran, held the seed
    for client in (a, b):
        for text in client.raw:
            if json.loads(text)["type"] != "record":
                assert seed not in text
    assert any('"status":"playing"' in t for t in seen)
    for text in seen:
        assert seed not in text

    r = http.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200, r.text
    record = r.json()
    assert record["seed"] == int(seed)
    assert record["game"] == GAME
    assert len(record["actions"]) == last_a["version"]
    for frame in records:
        assert frame["record"]["seed"] == record["seed"]
        assert frame["record"]["actions"] == record["actions"]
    replayed = yuletide.replay(record)
    assert replayed.outcome.to_dict() == last_a["outcome"]
    assert replayed.view(0) == last_a["view"]
    assert replayed.view(2) == last_b["view"]

    # rematch: the same game, options, settings and seat kinds; each caller keeps its seat
    done = api.info(tid)
    r0 = http.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token0}"})
    assert r0.status_code == 200, r0.text
    again = r0.json()
    new = again["table"]
    assert new != tid
    assert again["you"]["seat"] == 0
    assert again["you"]["token"] not in (token0, token2)
    assert new in again["you"]["invite"]
    for key in ("game", "players", "options", "settings"):
        assert again[key] == done[key], key
    assert [(s["kind"], s["bot"]) for s in again["seats"]] == [
        ("human", None),
        ("bot", "random"),
        ("human", None),
    ]
    assert again["status"] == "waiting"
    assert again["rematch_of"] == tid
    assert api.info(tid)["rematch"] == new
    assert seed_of(path, new) != int(seed)

    r2 = http.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token2}"})
    assert r2.status_code == 200, r2.text
    assert r2.json()["table"] == new
    assert r2.json()["you"]["seat"] == 2
    assert api.info(new)["status"] == "playing"

    # a second rematch by the same seat, or with a token that is not this table's
    again0 = http.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token0}"})
    assert_error(again0, 409, "seat_taken")
    foreign = http.post(
        f"/api/tables/{tid}/rematch",
        headers={"Authorization": f"Bearer {again['you']['token']}"},
    )
    assert_error(foreign, 403, "bad_token", "another table")
    assert_error(http.post(f"/api/tables/{tid}/rematch"), 401, "no_token")
    async with Client(base, new, again["you"]["token"]) as c:
        sync = await c.recv_type("sync")
        assert sync["seat"] == 0
        assert sync["status"] == "playing"


async def test_simultaneous_rematch_calls_share_one_new_table(server: Server) -> None:
    base, path, api = server
    tid, token0, token1 = await finished_two_player_table(server)
    before = table_count(path)
    async with httpx.AsyncClient(base_url=base, timeout=30) as ahttp:
        r0, r1 = await asyncio.gather(
            ahttp.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token0}"}),
            ahttp.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token1}"}),
        )
    assert r0.status_code == r1.status_code == 200, (r0.text, r1.text)
    assert r0.json()["table"] == r1.json()["table"]
    assert {r0.json()["you"]["seat"], r1.json()["you"]["seat"]} == {0, 1}
    # exactly one new table, and no orphan left waiting in the open list
    assert table_count(path) == before + 1
    assert r0.json()["table"] not in open_ids(api.http)
    assert api.info(r0.json()["table"])["status"] == "playing"


async def test_a_rematch_that_loses_the_race_leaves_no_table(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes may each create a rematch table; the one whose link loses (another
    process linked its own first) deletes its table and joins the winner's."""
    from yuletide.server import store

    base, path, api = server
    tid, token0, _ = await finished_two_player_table(server)
    # the other process's rematch table, linked just before ours
    winner = api.create_table(
        game=GAME,
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
        options={"turn_limit": 30},
    )["table"]
    real = store.set_rematch

    def lose(conn: Any, table_id: str, rematch_id: str) -> bool:
        real(conn, table_id, winner)
        return real(conn, table_id, rematch_id)

    monkeypatch.setattr(store, "set_rematch", lose)
    before = table_count(path)
    r = httpx.post(
        f"{base}/api/tables/{tid}/rematch",
        headers={"Authorization": f"Bearer {token0}"},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    assert r.json()["table"] == winner and r.json()["you"]["seat"] == 0
    assert table_count(path) == before  # ours was created, then deleted
    assert api.info(tid)["rematch"] == winner
    assert winner in open_ids(api.http)  # seat 1 still open for the other player
