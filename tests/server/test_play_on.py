"""Play on from here (issue 36, item 5), over a real uvicorn: a new table at any move of
a finished game, its hidden cards as they were or re-dealt from one seat's knowledge.

The new table's state is the one the server rebuilds from what it stored (``rebuild``,
exactly what its actor runs and what a restarted server loads); "as they were" must equal
the original replayed to that move — the whole state, not only a view — and "re-dealt"
must show the seat exactly what it saw there while some card it could not see differs.
A game still being played is never a starting point, and a bad request creates nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy
from alembic import command

from yuletide.core.conformance import another_world
from yuletide.core.registry import games, new_game, replay
from yuletide.core.rng import Rng
from yuletide.server import store
from yuletide.server.botpool import PoolSettings
from yuletide.server.play_on import redeal, replay_record
from yuletide.server.table import rebuild

from .kit import Api, Client, assert_error, read_table, server_thread, sqlite_url

Served = tuple[str, Path, Api]


#: Every bot decides in the server's one worker process: a re-dealt start is rebuilt
#: there too (botpool's header), not only in the table's actor.
POOL = PoolSettings(processes=1, every_bot=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("play-on") / "yuletide.db"
    with server_thread(sqlite_url(path), rate=1000, burst=1000) as base:
        api = Api(base)
        try:
            yield base, path, api
        finally:
            api.close()


async def finished_game(base: str, api: Api) -> str:
    """A short two-player Looney Lights game between Ann and Bob, played to its end."""
    table = api.create_table(
        game="looney-lights",
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
        sit=0,
        name="Ann",
        bot_delay=0,
        options={"turn_limit": 30},
    )
    tid = table["table"]
    bob = api.join(tid, 1, "Bob")["token"]
    async with Client(base, tid, table["you"]["token"]) as a, Client(base, tid, bob) as b:
        await asyncio.gather(a.play(), b.play())
    return tid


@pytest.fixture(scope="module")
def original(served: Served) -> tuple[str, dict[str, Any]]:
    """The finished game every test plays on from, and its record."""
    base, _, api = served
    tid = asyncio.run(finished_game(base, api))
    record = api.http.get(f"/api/tables/{tid}/record").json()
    return tid, record


def play_on(api: Api, tid: str, **body: Any) -> httpx.Response:
    return api.http.post(f"/api/tables/{tid}/play-on", json=body)


def stored_state(path: Path, tid: str) -> Any:
    """The new table's game as the server rebuilds it from the database."""
    row, _seats, actions = read_table(sqlite_url(path), tid)
    return rebuild(row, actions)[0]


def count_tables(path: Path) -> int:
    with sqlite3.connect(path) as db:
        (n,) = db.execute("SELECT count(*) FROM tables").fetchone()
    db.close()
    return int(n)


async def first_frame(base: str, tid: str, token: str) -> dict[str, Any]:
    async with Client(base, tid, token, model=True) as c:
        return await c.recv_type("sync")


def test_as_dealt_is_the_original_at_that_move(
    served: Served, original: tuple[str, dict[str, Any]]
) -> None:
    base, path, api = served
    tid, record = original
    at = len(record["actions"]) // 2
    r = play_on(api, tid, at=at, seat=1, hidden="as-dealt", others="friends", name="Bob")
    assert r.status_code == 201, r.text
    new = r.json()
    truth = replay({**record, "actions": record["actions"][:at]})
    state = stored_state(path, new["table"])
    assert state.to_json() == truth.to_json()  # the whole state: seed, record, RNG, log
    frame = asyncio.run(first_frame(base, new["table"], new["you"]["token"]))
    assert frame["version"] == at
    assert frame["view"] == truth.view(1)
    assert frame["legal"] == [str(a) for a in truth.legal_actions(1)]
    line = "Played on from Ann and Bob's Looney Lights game at move"
    assert frame["log"][0]["text"] == f"{line} {at}, hidden cards as they were"
    # marked as a hypothetical where people see it: the table's info and the lobby
    info = api.info(new["table"])
    assert info["status"] == "waiting"
    assert info["play_on"] == {
        "from": tid,
        "label": "Ann and Bob's Looney Lights game",
        "at": at,
        "hidden": "as-dealt",
        "seat": 1,
        "line": frame["log"][0]["text"],
    }
    assert "seed" not in info
    lobby = api.http.get("/api/tables").json()
    assert [t["play_on"] for t in lobby if t["table"] == new["table"]] == [info["play_on"]]


def test_re_dealt_shows_the_seat_what_it_saw(
    served: Served, original: tuple[str, dict[str, Any]]
) -> None:
    base, path, api = served
    tid, record = original
    at = len(record["actions"]) // 2
    truth = replay({**record, "actions": record["actions"][:at]})
    differed = False
    for _ in range(4):  # a re-deal may by chance give back the same cards
        r = play_on(api, tid, at=at, seat=0, hidden="re-dealt", others="friends")
        assert r.status_code == 201, r.text
        new = r.json()
        frame = asyncio.run(first_frame(base, new["table"], new["you"]["token"]))
        assert frame["view"] == truth.view(0)
        assert frame["legal"] == [str(a) for a in truth.legal_actions(0)]
        assert frame["log"][0]["text"].endswith("hidden cards re-dealt from Ann's knowledge")
        state = stored_state(path, new["table"])
        assert state.view(0) == truth.view(0)
        # the start is the truth as seat 0 saw it: rebuilt from the stored start
        assert api.info(new["table"])["play_on"]["hidden"] == "re-dealt"
        if state.view(1) != truth.view(1):
            differed = True
            break
    assert differed, "four re-deals all gave seat 1 the cards it truly held"


def test_played_on_against_bots_finishes_survives_a_restart_and_replays(
    tmp_path: Path,
) -> None:
    """A re-dealt hypothetical against a bot, two moves in, then the server stops and a
    new one starts on the same database: the seat sees the same table, plays it to its
    end, and its record replays (from its stored start) to the same outcome."""
    db = sqlite_url(tmp_path / "y.db")

    async def before() -> tuple[str, str, dict[str, Any]]:
        with server_thread(db, rate=1000, burst=1000, bot_pool=POOL) as base:
            api = Api(base)
            try:
                tid = await finished_game(base, api)
                r = play_on(api, tid, at=4, seat=0, hidden="re-dealt", bot="easy")
                assert r.status_code == 201, r.text
                new = r.json()
                assert new["status"] == "playing"
                assert [s["kind"] for s in new["seats"]] == ["human", "bot"]
                token = new["you"]["token"]
                async with Client(base, new["table"], token) as me:
                    while me.version is None or me.version < 2 or 0 not in me.last["to_act"]:
                        if me.last is not None and 0 in me.last["to_act"]:
                            await me.act(me.last["legal"][0])
                        await me.recv()
                    seen = me.last
            finally:
                api.close()
        return new["table"], token, seen

    async def after(tid: str, token: str, seen: dict[str, Any]) -> dict[str, Any]:
        with server_thread(db, rate=1000, burst=1000, bot_pool=POOL) as base:
            api = Api(base)
            try:
                async with Client(base, tid, token) as me:
                    again = await me.recv_type("sync")
                    assert again["version"] == seen["version"]
                    assert again["view"] == seen["view"]
                    await me.play()
                record: dict[str, Any] = api.http.get(f"/api/tables/{tid}/record").json()
                step = api.http.get(f"/api/tables/{tid}/replay?step=0&seat=0")
                assert step.status_code == 200, step.text
                assert step.json()["table"]["seat"] == 0
            finally:
                api.close()
        return record

    tid, token, seen = asyncio.run(before())
    record = asyncio.run(after(tid, token, seen))
    assert record["start"]["seat"] == 0
    assert len(record["start"]["record"]["actions"]) == 4
    row, _seats, actions = read_table(db, tid)
    # ended: won, or cut by the original's turn limit of 30 (its options carry over)
    assert row["status"] in ("finished", "unfinished")
    assert replay_record(record).to_json() == rebuild(row, actions)[0].to_json()


def test_a_game_in_progress_is_never_played_on(served: Served) -> None:
    """Its position would show hidden cards: 409, and nothing is created."""
    _, path, api = served
    table = api.create_table(
        game="looney-lights", players=2, seats=[{"kind": "human"}, {"kind": "human"}], sit=0
    )
    before = count_tables(path)
    for status in ("waiting", "playing"):
        if status == "playing":
            api.join(table["table"], 1)
        assert api.info(table["table"])["status"] == status
        for hidden in ("as-dealt", "re-dealt"):
            r = play_on(api, table["table"], at=0, seat=1, hidden=hidden)
            assert_error(r, 409, "running", "still being played", "once it has ended")
            assert "seed" not in r.text and "actions" not in r.text
    assert count_tables(path) == before


def test_bad_requests_say_what_is_allowed_and_create_nothing(
    served: Served, original: tuple[str, dict[str, Any]]
) -> None:
    _, path, api = served
    tid, record = original
    last = len(record["actions"]) - 1
    before = count_tables(path)
    assert_error(play_on(api, "nosuchtable", at=0), 404, "no_table", "nosuchtable")
    for at in (-1, last + 1, 10**6):
        assert_error(play_on(api, tid, at=at), 400, "bad_move", f"0 (the deal) to {last}")
    assert_error(play_on(api, tid, at=0, seat=2), 400, "bad_seat", "0 to 1")
    assert_error(play_on(api, tid, at=0, hidden="peek"), 400, "bad_option", "'re-dealt'")
    assert_error(play_on(api, tid, at=0, others="ghosts"), 400, "bad_option", "'friends'")
    assert_error(play_on(api, tid, at=0, bot="genius"), 400, "bad_bot", "easy")
    assert_error(play_on(api, tid, at="3"), 422, "bad_request", "at")
    assert_error(play_on(api, tid, at=0, peek=True), 422, "bad_request", "peek")
    assert count_tables(path) == before


@pytest.mark.parametrize("game", games())
def test_a_re_dealt_start_is_built_from_the_seat_window_only(game: str) -> None:
    """Two worlds the seat cannot tell apart give the same re-dealt start (every field,
    for the same seed): nothing of the truth beyond the seat's window reaches it."""
    state = new_game(game, seed=11)
    rng = Rng(5)
    for _ in range(12):
        if state.outcome.over or not state.to_act:
            break
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        if not legal:
            break
        state.apply(seat, legal[rng.below(len(legal))])
    for seat in range(state.players):
        other = another_world(state, seat, Rng(3))
        assert redeal(state, seat, 99).to_json() == redeal(other, seat, 99).to_json()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "yuletide.db")
    else:
        yield request.getfixturevalue("pg_fresh_url")


def test_the_migration_keeps_every_table_and_goes_back(db_url: str) -> None:
    """0002 adds ``play_on`` (NULL: an ordinary table) to a database holding tables;
    downgrading drops it again; both on SQLite and PostgreSQL."""
    cfg = store._alembic_config(db_url)
    command.upgrade(cfg, "0001")
    engine = store.make_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                sqlalchemy.text(
                    "INSERT INTO tables (id, game, rules_version, players, options, seed,"
                    " status, settings, created_at) VALUES ('old', 'looney-lights', 1, 2,"
                    " '{}', 7, 'finished', '{}', 0)"
                )
            )
        command.upgrade(cfg, "head")
        with engine.connect() as conn:
            row = store.get_table(conn, "old")
        assert row is not None and row["play_on"] is None and row["seed"] == 7
        command.downgrade(cfg, "0001")
        with engine.connect() as conn:
            cols = sqlalchemy.inspect(conn).get_columns("tables")
        assert "play_on" not in {c["name"] for c in cols}
        command.upgrade(cfg, "head")
    finally:
        engine.dispose()
