"""Post-game reviews over a real uvicorn (issue 36, item 4): a seat of a finished game
asks for its review, it is computed in the background (its progress readable), stored
with the table and shown again at once; only the seat's token may ask, a game still
being played cannot be reviewed, and a bad mode is refused with what is allowed."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from tests.server.kit import (
    Server,
    assert_error,
    finished_two_player_table,
    sqlite_server,
    sqlite_url,
    two_player_table,
)

from yuletide.core.registry import spec
from yuletide.server import store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("reviews")) as s:
        yield s


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _until_done(http: httpx.AsyncClient, path: str, token: str) -> dict[str, Any]:
    """Poll the review until it is done (its progress never goes back); the review."""
    deadline = time.monotonic() + 300
    seen = -1
    while time.monotonic() < deadline:
        r = await http.get(path, headers=_auth(token))
        assert r.status_code == 200, r.text
        body = r.json()
        if body["status"] == "done":
            review: dict[str, Any] = body["review"]
            return review
        assert body["status"] == "computing", body
        assert 0 <= body["done"] <= body["total"] and body["done"] >= seen
        seen = body["done"]
        await asyncio.sleep(0.1)
    raise AssertionError(f"the review at {path} was not done in 300 s")


async def test_a_review_is_computed_stored_and_shown_again_at_once(server: Server) -> None:
    base, path, _api = server
    tid, token0, _token1 = await finished_two_player_table(server)
    where = f"/api/tables/{tid}/reviews/0"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(where, headers=_auth(token0))
        assert r.status_code == 202, r.text
        started = r.json()
        assert started["status"] in ("computing", "done")
        review = await _until_done(http, where, token0)
        assert review["mode"] == "knew" and review["mode_title"] == "With what you knew"
        assert review["seat"] == 0 and review["game"] == "looney-lights"
        assert review["decisions"], "a game of 30 turns has decisions with a choice"
        for d in review["decisions"]:
            assert d["move"] == d["index"] + 1
            assert 0 <= d["chance"] <= 1
            # in the prompt's words ("Play a Red ♥"), never the engine's notation
            assert d["played"] and d["best"] and " " in d["played"]
        assert all(i in {d["index"] for d in review["decisions"]} for i in review["worst"])
        assert set(review["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
        assert review["rough"] is spec("looney-lights").hard.rough  # from its manifest
        # stored with the table: the second look and a second request are the same review
        again = await http.get(where, headers=_auth(token0))
        assert again.json() == {"status": "done", "review": review}
        twice = await http.post(where, headers=_auth(token0))
        assert twice.json() == {"status": "done", "review": review}
        # "with every card shown" is a review of its own
        shown = await http.get(where, params={"mode": "shown"}, headers=_auth(token0))
        assert shown.json() == {"status": "none"}
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT seat, mode FROM reviews WHERE table_id = ?", (tid,)).fetchall()
    assert rows == [(0, "knew")]


async def test_only_the_seats_token_asks_and_bad_requests_say_why(server: Server) -> None:
    base, _path, api = server
    tid, token0, token1 = await finished_two_player_table(server)
    where = f"/api/tables/{tid}/reviews/0"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        assert_error(await http.post(where), 401, "no_token", "Authorization: Bearer")
        assert_error(await http.post(where, headers=_auth(token1)), 403, "not_your_seat", "seat 0")
        assert_error(await http.get(where, headers=_auth("nonsense")), 403, "not_your_seat")
        assert_error(
            await http.post(where, params={"mode": "peek"}, headers=_auth(token0)),
            400,
            "bad_mode",
            "knew, shown",
        )
        # a game still being played is not reviewed (its record is not public yet)
        running, first, _second = two_player_table(api)
        assert_error(
            await http.post(f"/api/tables/{running}/reviews/0", headers=_auth(first)),
            409,
            "running",
        )
        r = await http.get(f"/api/tables/{running}/reviews/0", headers=_auth(first))
        assert r.json() == {"status": "none"}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "yuletide.db")
    else:
        yield request.getfixturevalue("pg_fresh_url")


def test_the_migrations_make_the_schema_the_server_declares(db_url: str) -> None:
    """Migrated to head, the database holds exactly store.metadata (``reviews`` too),
    on SQLite and PostgreSQL."""
    store.migrate(db_url)
    engine = store.make_engine(db_url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), store.metadata)
    finally:
        engine.dispose()
    assert diff == []
