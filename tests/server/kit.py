"""What the server tests share: a real uvicorn server (in a thread, or a `yuletide serve`
subprocess), REST calls, and a recording websocket client."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from yuletide.server import ServerConfig, create_app, store

YULETIDE = Path(sys.executable).with_name("yuletide")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@contextmanager
def server_thread(db_url: str, **config: Any) -> Iterator[str]:
    """A real uvicorn serving the app on a free port, in a thread; yields its base URL.
    The database is migrated first."""
    store.migrate(db_url)
    app = create_app(ServerConfig(db_url=db_url, **config))
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            ws_max_size=1 << 20,
            ws_per_message_deflate=False,  # as `yuletide serve` by default
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def create_table(base: str, **body: Any) -> dict[str, Any]:
    """POST /api/tables; raises with the server's message on an error status."""
    r = httpx.post(base + "/api/tables", json=body, timeout=30)
    if r.status_code != 201:
        raise AssertionError(f"create table failed: {r.status_code} {r.text}")
    data: dict[str, Any] = r.json()
    return data


def join(base: str, table: str, seat: int, name: str | None = None) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables/{table}/seats/{seat}", json={"name": name}, timeout=30)
    if r.status_code != 200:
        raise AssertionError(f"join failed: {r.status_code} {r.text}")
    data: dict[str, Any] = r.json()
    return data


def ws_url(base: str, table: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/tables/{table}"


Policy = Callable[[dict[str, Any]], str | None]


def first_legal(frame: dict[str, Any]) -> str | None:
    return frame["legal"][0] if frame["legal"] else None


class Client:
    """A recording websocket client for one seat (token) or a spectator (None)."""

    def __init__(
        self, base: str, table: str, token: str | None, *, model: bool = False, **headers: str
    ) -> None:
        self.base = base
        self.model = model  # ask for the table model in every frame (hello "table")
        self.table = table
        self.token = token
        self.headers = headers
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.version: int | None = None
        self.last: dict[str, Any] | None = None  # the last sync/update
        self.ws: Any = None

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self, version: int | None = None) -> None:
        self.ws = await websockets.connect(
            ws_url(self.base, self.table),
            additional_headers=self.headers or None,
            max_size=8 << 20,
        )
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "version": version}
        if self.model:
            hello["table"] = True
        await self.send(hello)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        if frame["type"] in ("sync", "update"):
            self.version = frame["version"]
            self.last = frame
        return frame

    async def recv_type(self, *types: str, timeout: float = 20.0) -> dict[str, Any]:
        """The next frame of one of ``types`` (others are recorded and skipped)."""
        while True:
            frame = await self.recv(timeout)
            if frame["type"] in types:
                return frame

    async def act(self, action: str, version: int | None = None, ref: Any = None) -> None:
        await self.send(
            {
                "type": "act",
                "action": action,
                "version": self.version if version is None else version,
                "ref": ref,
            }
        )

    def over(self) -> bool:
        return self.last is not None and self.last["outcome"]["status"] != "ongoing"

    async def play(self, policy: Policy = first_legal, timeout: float = 60.0) -> dict[str, Any]:
        """Play this seat with ``policy`` until the game ends; the last frame. Acts
        once per new version where this seat may act (acting on the version seen)."""
        deadline = time.monotonic() + timeout
        acted_on = -1
        while not self.over():
            if (
                self.last is not None
                and self.last.get("seat") is not None
                and self.last["seat"] in self.last["to_act"]
                and self.version != acted_on
                and self.last["status"] == "playing"
            ):
                choice = policy(self.last)
                if choice is not None:
                    acted_on = self.version if self.version is not None else -1
                    await self.act(choice)
            await self.recv(max(0.1, deadline - time.monotonic()))
        assert self.last is not None
        return self.last


# ------------------------------------------------ appended by the durability tests


@dataclass
class ServeCommand:
    """`yuletide serve ARGS...` as a subprocess with exactly the given arguments and
    extra environment variables; ``start``
    waits until it answers /api/health (``port`` is passed as --port)."""

    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, log_dir: Path) -> ServeCommand:
        self.log_path = log_dir / f"serve-{self.port}-{time.monotonic_ns()}.log"
        with self.log_path.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(YULETIDE), "serve", "--port", str(self.port), *self.args],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env},
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"yuletide serve exited: {self.log_path.read_text()}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"yuletide serve did not start: {self.log_path.read_text()}")

    def log(self) -> str:
        return "" if self.log_path is None else self.log_path.read_text(errors="replace")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


#: `yuletide serve` options that lift the per-address limits (limits.py): every test
#: client comes from 127.0.0.1, and a test module makes more tables than one person.
LIFTED = (
    *("--create-rate", "off", "--join-rate", "off", "--rematch-rate", "off"),
    *("--waiting-per-client", "0"),
)


class ServerProcess(ServeCommand):
    """`yuletide serve` on ``db_url`` (migrated first), with a rate limit fast test
    clients stay under, plus ``extra`` arguments (for kill -9 and multi-process tests)."""

    def __init__(self, db_url: str, extra: tuple[str, ...] = ()) -> None:
        super().__init__(
            ("--db", db_url, "--migrate", "--rate-limit", "2000:2000", *LIFTED, *extra)
        )
        self.db_url = db_url
        self.extra = extra


def run_yuletide(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60.0
) -> subprocess.CompletedProcess[str]:
    """Run `yuletide ARGS...` to its end; its exit code and output (stdout, stderr)."""
    return subprocess.run(
        [str(YULETIDE), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        check=False,
    )


def read_table(
    db_url: str, table_id: str
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Straight from the database (SQLAlchemy, no server): a table's row, its seat rows
    and its stored action rows in order."""
    engine = store.make_engine(db_url)
    try:
        with engine.connect() as conn:
            row = store.get_table(conn, table_id)
            assert row is not None, f"no table {table_id} in {db_url}"
            return row, store.get_seats(conn, table_id), store.get_actions(conn, table_id)
    finally:
        engine.dispose()


class Api:
    """The REST calls of :func:`create_table` and :func:`join` over one kept-alive httpx
    client (making a new httpx client costs about 0.1 s, which adds up over many calls)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)

    def close(self) -> None:
        self.http.close()

    def create_table(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        if r.status_code != 201:
            raise AssertionError(f"create table failed: {r.status_code} {r.text}")
        data: dict[str, Any] = r.json()
        return data

    def join(self, table: str, seat: int, name: str | None = None) -> dict[str, Any]:
        r = self.http.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
        if r.status_code != 200:
            raise AssertionError(f"join failed: {r.status_code} {r.text}")
        data: dict[str, Any] = r.json()
        return data

    def info(self, table: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table}")
        if r.status_code != 200:
            raise AssertionError(f"table info failed: {r.status_code} {r.text}")
        data: dict[str, Any] = r.json()
        return data


#: A module's server: (base URL, path of its SQLite database file, REST over one client).
Server = tuple[str, Path, Api]


@contextmanager
def sqlite_server(folder: Path) -> Iterator[Server]:
    """A real server on a SQLite file in ``folder``, fast enough for test clients."""
    path = folder / "yuletide.db"
    with server_thread(sqlite_url(path), rate=1000, burst=1000) as base:
        api = Api(base)
        try:
            yield base, path, api
        finally:
            api.close()


def two_player_table(api: Api) -> tuple[str, str, str]:
    """A short two-human Looney Lights game (30 turns at most), both seats taken: (table
    id, seat 0's and seat 1's token)."""
    table = api.create_table(
        game="looney-lights",
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
        sit=0,
        options={"turn_limit": 30},
    )
    tid, token0 = table["table"], table["you"]["token"]
    return tid, token0, api.join(tid, 1)["token"]


async def finished_two_player_table(server: Server) -> tuple[str, str, str]:
    """A short two-human Looney Lights game played to its end: (table id, seat 0's
    and seat 1's token)."""
    base, _path, api = server
    tid, token0, token1 = two_player_table(api)
    async with Client(base, tid, token0) as a, Client(base, tid, token1) as b:
        await asyncio.gather(a.play(), b.play())
    return tid, token0, token1


def assert_error(r: httpx.Response, status: int, code: str, *says: str) -> str:
    """An answer in our error format: ``status``, ``{"error": code, "message": ...}`` with
    each of ``says`` in the message; the message."""
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "message"}, body
    assert body["error"] == code, body
    for text in says:
        assert text in body["message"], (text, body["message"])
    message: str = body["message"]
    return message
