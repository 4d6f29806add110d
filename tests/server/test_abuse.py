"""Bad input and abuse (issue 13, item 7): each gets a clear error and changes nothing.

Every test aims one kind of bad input at a "victim" table (two human seats of Looney
Lights, each with its own connection) and then checks that nothing changed — the version
(over REST and in the database file) is what it was, and a legal action still gets
acknowledged — and that another table on the same server keeps playing. The server runs
with the default rate limit (20 messages a second, bursts of 40).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tests.server.kit import Api, Client, server_thread, sqlite_url, ws_url

import yuletide
from yuletide.core.errors import NotationError
from yuletide.server import connection, protocol

GAME = "looney-lights"
ACTIONS = [str(a) for a in yuletide.game_class(GAME).action_space(2)]


@dataclass
class Server:
    base: str
    path: Path
    api: Api


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("abuse") / "yuletide.db"
    with server_thread(sqlite_url(path)) as base:  # the default rate limit
        api = Api(base)
        try:
            yield Server(base, path, api)
        finally:
            api.close()


def stored_actions(path: Path, table: str) -> list[tuple[int, str]]:
    conn = sqlite3.connect(path, timeout=30)
    try:
        rows = conn.execute(
            "SELECT seat, notation FROM actions WHERE table_id = ? ORDER BY n", (table,)
        ).fetchall()
    finally:
        conn.close()
    return [(int(s), str(n)) for s, n in rows]


def engine_state(path: Path, table: str) -> yuletide.State:
    """The table's game rebuilt from the database file (seed and actions): what the
    server's engine holds, to compare its refusals with the engine's own reasons."""
    conn = sqlite3.connect(path, timeout=30)
    try:
        game, players, seed, options = conn.execute(
            "SELECT game, players, seed, options FROM tables WHERE id = ?", (table,)
        ).fetchone()
    finally:
        conn.close()
    state = yuletide.new_game(game, players=players, seed=seed, **json.loads(options))
    for seat, notation in stored_actions(path, table):
        state.apply(seat, notation)
    return state


async def closed(client: Client) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the server closes the connection, and its close code."""
    frames = []
    # OSError: the server may close while the client is still writing (a broken pipe)
    with contextlib.suppress(websockets.ConnectionClosed, OSError):
        while True:
            frames.append(await client.recv())
    return frames, client.ws.close_code


async def until_turn(client: Client) -> dict[str, Any]:
    """The client's newest frame once its seat may act."""
    while not (
        client.last is not None
        and client.last["seat"] in client.last["to_act"]
        and client.last["status"] == "playing"
    ):
        await client.recv()
    return client.last


async def step(client: Client, ref: Any = "step") -> int:
    """One legal action by ``client`` once its seat may act: the version it committed."""
    frame = await until_turn(client)
    await client.act(frame["legal"][0], ref=ref)
    while True:
        reply = await client.recv_type("ack", "error")
        if reply.get("ref") == ref:
            break
    assert reply["type"] == "ack", reply
    version: int = reply["version"]
    while client.version is None or client.version < version:  # the update that follows
        await client.recv()
    return version


@dataclass
class Victim:
    """A two-human table and a connection for each seat."""

    server: Server
    table: str
    tokens: list[str]
    clients: list[Client]

    @classmethod
    async def make(cls, server: Server) -> Victim:
        api = server.api
        t = api.create_table(game=GAME, players=2, sit=0, options={"turn_limit": 200})
        tokens = [t["you"]["token"], api.join(t["table"], 1)["token"]]
        clients = [Client(server.base, t["table"], tok) for tok in tokens]
        for c in clients:
            await c.connect()
            sync = await c.recv_type("sync")
            assert sync["status"] == "playing"
        return cls(server, t["table"], tokens, clients)

    @property
    def version(self) -> int:
        return int(self.server.api.info(self.table)["version"])

    def mover(self) -> Client:
        last = self.clients[0].last
        assert last is not None
        return self.clients[last["to_act"][0]]

    def waiter(self) -> Client:
        return self.clients[1 - self.clients.index(self.mover())]

    async def unchanged(self, version: int) -> None:
        """Nothing changed since ``version``, and a legal action still works."""
        assert self.version == version
        assert len(stored_actions(self.server.path, self.table)) == version
        for c in self.clients:
            if c.ws is None:
                await c.connect(version)
            else:  # nothing was broadcast: ask for what was missed, which is nothing
                await c.send({"type": "sync", "version": version})
            frame = await c.recv_type("update", "sync")
            assert frame["version"] == version
            assert frame["events"] == [] or frame["type"] == "sync"
        assert await step(self.mover()) == version + 1
        assert len(stored_actions(self.server.path, self.table)) == version + 1
        for c in self.clients:  # both have seen the new version
            while c.version != version + 1:
                await c.recv()

    async def close(self) -> None:
        for c in self.clients:
            await c.close()


@dataclass
class Other:
    """Another table on the server (a person and a bot) that must keep playing."""

    client: Client

    @classmethod
    async def make(cls, server: Server) -> Other:
        t = server.api.create_table(
            game=GAME,
            players=2,
            seats=[{"kind": "human"}, {"kind": "bot"}],
            sit=0,
            bot_delay=0,
            options={"turn_limit": 400},
        )
        client = Client(server.base, t["table"], t["you"]["token"])
        await client.connect()
        await client.recv_type("sync")
        return cls(client)

    async def keeps_playing(self, steps: int = 2) -> None:
        for i in range(steps):
            if self.client.over():
                return
            before = self.client.version
            after = await step(self.client, ref=f"other-{i}")
            assert before is not None and after > before

    async def close(self) -> None:
        await self.client.close()


@pytest.fixture
async def tables(server: Server) -> Any:
    victim = await Victim.make(server)
    other = await Other.make(server)
    yield victim, other
    await victim.close()
    await other.close()


Tables = tuple[Victim, Other]


async def refused(client: Client, code: str, *says: str) -> dict[str, Any]:
    frame = await client.recv_type("error")
    assert frame["code"] == code, frame
    for text in says:
        assert text in frame["message"], (text, frame)
    return frame


# ------------------------------------------------------------ bad messages


@pytest.mark.parametrize(
    "text",
    ['{"type": "act", "action": ', "not json at all", "", "\x00", "[" * 5000 + "]" * 5000],
    ids=["truncated", "words", "empty", "nul", "deeply-nested"],
)
async def test_malformed_json(tables: Tables, text: str) -> None:
    victim, other = tables
    v = victim.version
    await victim.mover().send(text)
    await refused(victim.mover(), "bad_json", "JSON")
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize("text", ["[1, 2]", '"act"', "5", "null", "true"])
async def test_json_that_is_not_an_object(tables: Tables, text: str) -> None:
    victim, other = tables
    v = victim.version
    await victim.mover().send(text)
    await refused(victim.mover(), "bad_json", "JSON object", "'type'")
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    "message", [{"type": "cheat"}, {"type": 5}, {}, {"kind": "act"}, {"type": "ACT"}]
)
async def test_unknown_message_type(tables: Tables, message: dict[str, Any]) -> None:
    victim, other = tables
    v = victim.version
    await victim.mover().send(message)
    await refused(victim.mover(), "unknown_type", "types: act, hello, hint, ping, sync")
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"seat": 1}, "'seat'"),
        ({"table": "elsewhere"}, "'table'"),
        ({"token": "x" * 30}, "'token'"),
        ({"time": 0.0}, "'time'"),
    ],
)
async def test_unknown_field(tables: Tables, extra: dict[str, Any], says: str) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    assert mover.last is not None
    action = mover.last["legal"][0]
    await mover.send({"type": "act", "action": action, "version": v, "ref": 1, **extra})
    await refused(mover, "bad_field", says, "its fields: action, ref, type, version")
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"action": 5, "version": 0}, "'action'"),
        ({"action": None, "version": 0}, "'action'"),
        ({"action": "play red"}, "'version'"),
        ({"action": "play red", "version": -1}, "'version'"),
        ({"action": "play red", "version": "0"}, "'version'"),
        ({"action": "play red", "version": 1.0}, "'version'"),
        ({"action": "play red", "version": True}, "'version'"),
        ({"action": "play red", "version": 0, "ref": "r" * 65}, "'ref'"),
        ({"action": "play red", "version": 0, "ref": [1]}, "'ref'"),
    ],
)
async def test_fields_of_the_wrong_kind(tables: Tables, fields: dict[str, Any], says: str) -> None:
    victim, other = tables
    v = victim.version
    await victim.mover().send({"type": "act", **fields})
    await refused(victim.mover(), "bad_field", says)
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_oversized_message(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    limit = protocol.MAX_MESSAGE_BYTES
    big = {"type": "act", "action": "play red", "version": v, "ref": "x" * 60}
    padding = " " * (limit + 1 - len(json.dumps(big)))
    text = json.dumps(big)[:-1] + padding + "}"
    assert len(text.encode()) == limit + 1
    await mover.send(text)
    await refused(mover, "too_large", str(limit))
    await mover.ws.send(text.encode())  # the same as a binary frame
    await refused(mover, "too_large", str(limit))
    multibyte = json.dumps({"type": "ping", "ref": "x"}) + " " * (limit // 2)
    await mover.send(multibyte.replace(" ", "\u00a0"))  # fewer characters than bytes
    await refused(mover, "too_large")
    # A frame beyond what the websocket server reads at all (1 MiB) ends the connection:
    # with 1009 (too big) once the client reads the close frame, or, when the server
    # closed while the client was still writing, a broken pipe (1006: no close frame).
    with contextlib.suppress(websockets.ConnectionClosed, OSError):
        await mover.send(" " * (2 << 20))
    _, code = await closed(mover)
    assert code in (1009, 1006)
    mover.ws = None
    assert httpx.get(server.base + "/api/health").status_code == 200
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    "data", [b"\xff\xfe\x00garbage", b"{oops", b"\x80" * 100], ids=["bom", "json", "cont"]
)
async def test_binary_frames(tables: Tables, data: bytes) -> None:
    victim, other = tables
    v = victim.version
    await victim.mover().ws.send(data)
    await refused(victim.mover(), "bad_json")
    await victim.unchanged(v)
    await other.keeps_playing()


# --------------------------------------------------------- bad actions


async def test_stale_version(tables: Tables) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    assert mover.last is not None
    await mover.act(mover.last["legal"][0], version=v + 5, ref="future")
    frame = await refused(mover, "stale", f"version {v + 5}", f"at version {v}")
    assert frame["ref"] == "future"
    await victim.unchanged(v)
    # and one that was current once: the other seat acts on the version before its turn
    mover = victim.mover()
    assert mover.last is not None
    await mover.act(mover.last["legal"][0], version=v, ref="past")
    await refused(mover, "stale", f"version {v}", f"at version {v + 1}")
    await victim.unchanged(v + 1)
    await other.keeps_playing()


async def test_illegal_action_gets_the_engines_reason(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    assert mover.last is not None
    seat = mover.last["seat"]
    text = next(a for a in ACTIONS if a not in mover.last["legal"])
    state = engine_state(server.path, victim.table)
    reason = str(state.why_illegal(seat, state.parse_action(text)))
    await mover.act(text, ref="bad")
    frame = await refused(mover, "illegal")
    assert frame["message"] == reason
    assert frame["ref"] == "bad"
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_action_when_it_is_not_your_turn(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    waiter = victim.waiter()
    assert waiter.last is not None
    seat = waiter.last["seat"]
    assert seat not in waiter.last["to_act"]
    assert waiter.last["legal"] == []
    state = engine_state(server.path, victim.table)
    for text in ACTIONS[:3]:
        await waiter.act(text)
        frame = await refused(waiter, "illegal", f"seat {seat} may not act now")
        assert frame["message"] == str(state.why_illegal(seat, state.parse_action(text)))
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    "text", ["fly to the moon", "play", "PLAY RED!", "play " + "red " * 60, "\u2603", " "]
)
async def test_garbage_notation(tables: Tables, text: str) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    await mover.act(text)
    frame = await refused(mover, "illegal")
    with pytest.raises(NotationError) as err:
        yuletide.game_class(GAME).parse_action(text)
    assert frame["message"] == str(err.value)
    await victim.unchanged(v)
    await other.keeps_playing()


# ---------------------------------------------------------- hello and tokens


async def connect(client: Client) -> Client:
    """Connect and say hello; a server that hangs up at once (before reading the hello)
    is no error here: the test reads why from the frames."""
    with contextlib.suppress(websockets.ConnectionClosed):
        await client.connect()
    return client


async def raw_client(server: Server, table: str, **headers: str) -> Client:
    """A connection that has not said hello yet."""
    client = Client(server.base, table, None, **headers)
    client.ws = await websockets.connect(
        ws_url(server.base, table), additional_headers=headers or None
    )
    return client


@pytest.mark.parametrize(
    "first",
    [
        {"type": "act", "action": "play red", "version": 0},
        {"type": "ping"},
        {"type": "sync", "version": 0},
    ],
    ids=["act", "ping", "sync"],
)
async def test_hello_not_first(tables: Tables, server: Server, first: dict[str, Any]) -> None:
    victim, other = tables
    v = victim.version
    client = await raw_client(server, victim.table)
    await client.send(first)
    frames, code = await closed(client)
    assert [f["code"] for f in frames] == ["no_hello"]
    assert "hello" in frames[0]["message"]
    assert code == 1008
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_hello_twice_and_garbage_first(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    await mover.send({"type": "hello", "token": victim.tokens[1], "version": None})
    await refused(mover, "bad_order", "hello only once")
    client = await raw_client(server, victim.table)
    await client.send("{{{")
    frames, code = await closed(client)
    assert frames[0]["code"] == "bad_json" and "hello" in frames[0]["message"]
    assert code == 1008
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_no_hello_in_time(
    tables: Tables, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim, other = tables
    v = victim.version
    monkeypatch.setattr(connection, "HELLO_SECONDS", 0.3)
    client = await raw_client(server, victim.table)
    frames, code = await closed(client)
    assert [f["code"] for f in frames] == ["no_hello"]
    assert code == 1008
    await victim.unchanged(v)
    await other.keeps_playing()


@pytest.mark.parametrize(
    ("token", "code", "says"),
    [
        ("x" * 32, "bad_token", "unknown seat token"),
        ("short", "bad_token", "invite link"),
        ("x" * 500, "bad_token", "invite link"),
        (12345, "bad_field", "'token'"),
        (["a"], "bad_field", "'token'"),
    ],
)
async def test_bad_token(tables: Tables, server: Server, token: Any, code: str, says: str) -> None:
    victim, other = tables
    v = victim.version
    client = await raw_client(server, victim.table)
    await client.send({"type": "hello", "token": token, "version": None})
    frames, close_code = await closed(client)
    assert [f["code"] for f in frames] == [code]
    assert says in frames[0]["message"]
    assert close_code == 1008
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_token_of_another_table(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    # the victim's own seat token, at the other table
    client = Client(server.base, other.client.table, victim.tokens[0])
    await client.connect()
    frames, code = await closed(client)
    assert [f["code"] for f in frames] == ["bad_token"]
    assert "belongs to another table" in frames[0]["message"]
    assert code == 1008
    # the other table's token, at the victim's table
    client = Client(server.base, victim.table, other.client.token)
    await client.connect()
    frames, code = await closed(client)
    assert "belongs to another table" in frames[0]["message"]
    # and at a table that does not exist
    client = Client(server.base, "no-such-table", victim.tokens[0])
    await client.connect()
    frames, _ = await closed(client)
    assert "belongs to another table" in frames[0]["message"]
    client = Client(server.base, "no-such-table", None)
    await client.connect()
    frames, code = await closed(client)
    assert [f["code"] for f in frames] == ["no_table"]
    assert code == 1008
    await victim.unchanged(v)
    await other.keeps_playing()


# ------------------------------------------------------------------ floods


async def test_flood_is_rate_limited_then_disconnected(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    mover = victim.mover()
    assert mover.last is not None
    stale = {"type": "act", "action": mover.last["legal"][0], "version": v + 1000}

    async def flood() -> tuple[list[dict[str, Any]], int | None]:
        # 400 at once: 40 pass (the burst), the rest are dropped; dropped messages leak
        # away at 20 a second, so 200 of them within seconds end the connection.
        with contextlib.suppress(websockets.ConnectionClosed):
            for i in range(400):
                await mover.send({"type": "ping", "ref": i} if i % 2 else stale)
        return await closed(mover)

    (frames, code), _ = await asyncio.gather(flood(), other.keeps_playing(5))
    mover.ws = None
    limited = [f for f in frames if f.get("code") == "rate_limited"]
    assert limited
    assert "20 messages a second" in limited[0]["message"]
    assert "disconnected" in limited[-1]["message"]
    answered = [f for f in frames if f["type"] == "pong" or f.get("code") == "stale"]
    # Up to a burst (40) was answered — fewer when this connection spent tokens just
    # before, as it may on a loaded machine — and most of the flood was dropped.
    assert 1 <= len(answered) < 200
    assert code == 1008
    assert httpx.get(server.base + "/api/health").status_code == 200
    await victim.unchanged(v)
    await other.keeps_playing()


# ----------------------------------------------------------------- origins


async def test_disallowed_origin(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    evil = Client(server.base, victim.table, victim.tokens[0], Origin="http://evil.example")
    await connect(evil)
    frames, code = await closed(evil)
    assert [f["code"] for f in frames] == ["bad_origin"]
    assert "http://evil.example" in frames[0]["message"]
    assert code == 1008
    own = Client(server.base, victim.table, None, Origin=server.base)
    async with own:
        sync = await own.recv_type("sync")
        assert sync["version"] == v
    await victim.unchanged(v)
    await other.keeps_playing()


async def test_allowed_origins_setting(tmp_path: Path) -> None:
    with server_thread(
        sqlite_url(tmp_path / "o.db"), allowed_origins=("http://ok.example",)
    ) as base:
        table = httpx.post(base + "/api/tables", json={"game": GAME, "players": 2}).json()
        tid = table["table"]
        for origin, allowed in [
            ("http://ok.example", True),
            (base, True),
            ("http://evil.example", False),
            ("https://ok.example", False),
            ("http://ok.example.evil.example", False),
            ("null", False),
        ]:
            client = await connect(Client(base, tid, None, Origin=origin))
            if allowed:
                assert (await client.recv_type("sync"))["seat"] is None
                await client.close()
            else:
                frames, code = await closed(client)
                assert [f["code"] for f in frames] == ["bad_origin"], origin
                assert "http://ok.example" in frames[0]["message"]
                assert code == 1008


# --------------------------------------------------------------- creation


async def test_table_creation_with_bad_options(tables: Tables, server: Server) -> None:
    victim, other = tables
    v = victim.version
    http = server.api.http
    before = len(http.get("/api/tables").json())
    r = http.post("/api/tables", json={"game": GAME, "options": {"turn_limit": -3}})
    assert r.status_code == 400
    assert r.json() == {
        "error": "bad_options",
        "message": "option 'turn_limit' must be a whole number from 1 to 2500, got -3",
    }
    r = http.post("/api/tables", json={"game": GAME, "options": {"lights": "on"}})
    assert r.status_code == 400
    assert "its options are: turn_limit" in r.json()["message"]
    # a body far larger than any table request is refused before it is read
    huge = {"game": GAME, "name": "x" * (1 << 20)}
    r = http.post("/api/tables", json=huge)
    assert r.status_code == 413
    assert r.json()["error"] == "too_large"
    r = http.post(f"/api/tables/{victim.table}/seats/0", json={"name": "x" * (1 << 20)})
    assert r.status_code == 413
    assert len(http.get("/api/tables").json()) == before
    await victim.unchanged(v)
    await other.keeps_playing()
