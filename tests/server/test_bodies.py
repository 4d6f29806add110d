"""Every body bounded (issue 33, item 3), written from the review's attack.

The review sent a 200 MiB chunked body (no Content-Length, so the 64 KiB check never
saw it: the server grew from 109 to 522 MB), a deeply nested JSON body (answered with
FastAPI's ``{"detail": ...}``), lone surrogates on the websocket (a ``ref`` killed the
connection's writer: open but silent; a hello token logged a traceback and closed with
the wrong reason), and found ``/static`` and ``/api`` answers without ``nosniff`` or a
CSP. Each test repeats one of those against a real uvicorn on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tests.server.kit import Client, assert_error, server_thread, sqlite_url

GAME = "looney-lights"
#: The server's body limit here (``--max-body``; 64 KiB by default).
MAX_BODY = 16 * 1024


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path: Path = tmp_path_factory.mktemp("bodies") / "yuletide.db"
    with server_thread(sqlite_url(path), max_body=MAX_BODY) as url:
        yield url


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


# ------------------------------------------------------------------- size


def read_answer(sock: socket.socket, answer: bytes) -> tuple[bytes, bytes]:
    """The rest of an HTTP answer that starts with ``answer``: (head, body), read by its
    Content-Length (bounded: 64 reads; a reset after the answer ends the reading)."""
    sock.settimeout(20)
    for _ in range(64):
        head, found, body = answer.partition(b"\r\n\r\n")
        if found:
            lengths = [
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ]
            if lengths and len(body) >= lengths[0]:
                return head, body[: lengths[0]]
        try:
            more = sock.recv(65536)
        except OSError:
            break
        if not more:
            break
        answer += more
    head, _, body = answer.partition(b"\r\n\r\n")
    return head, body


def test_a_chunked_body_is_cut_off_at_the_limit(base: str) -> None:
    """A body without a Content-Length is counted as it arrives: the server answers
    413 long before the client has sent it all (it would have sent 32 MiB)."""
    chunk = b"x" * 16384
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent = 0
    with socket.create_connection(("127.0.0.1", port_of(base)), timeout=30) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        sock.setblocking(False)
        answer = b""
        pending = b""
        for _ in range(4096):  # at most 2048 frames: 32 MiB
            with contextlib.suppress(BlockingIOError):
                answer += sock.recv(65536)
            if answer:
                break
            if not pending:
                if sent >= 2048 * len(frame):
                    sock.setblocking(True)
                    sock.sendall(b"0\r\n\r\n")  # all sent: end the body
                    break
                pending = frame
            try:
                done = sock.send(pending)
            except BlockingIOError:
                time.sleep(0.001)  # the server is not reading: wait for its answer
                continue
            except OSError:
                break  # the server closed: its answer is waiting
            sent += done
            pending = pending[done:]
        head, body = read_answer(sock, answer)
    assert head.startswith(b"HTTP/1.1 413"), head
    refused = json.loads(body)
    assert refused["error"] == "too_large" and f"at most {MAX_BODY} bytes" in refused["message"]
    # what was sent beyond the limit sits in the kernel's socket buffers, unread
    assert sent < 16 * 1024 * 1024, f"the client sent {sent} bytes before the refusal"


def test_a_declared_large_body_is_refused_unread(base: str) -> None:
    r = httpx.post(base + "/api/tables", content=b"{" + b" " * MAX_BODY + b"}", timeout=30)
    assert_error(r, 413, "too_large", f"at most {MAX_BODY} bytes")


def test_a_small_chunked_body_is_served(base: str) -> None:
    """The limit counts bytes; a chunked request under it is served as usual."""

    def chunks() -> Iterator[bytes]:
        text = json.dumps({"game": GAME, "players": 2})
        yield text[:10].encode()
        yield text[10:].encode()

    r = httpx.post(
        base + "/api/tables",
        content=chunks(),
        headers={"content-type": "application/json"},
        timeout=30,
    )
    assert r.status_code == 201, r.text


# ----------------------------------------------------------------- shape


@pytest.mark.parametrize("depth", [40, 1500, 8000])
def test_deeply_nested_json_gets_our_error(base: str, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    raw = f'{{"game": "{GAME}", "options": {{"turn_limit": {nested}}}}}'
    r = httpx.post(base + "/api/tables", content=raw, headers={"content-type": "application/json"})
    assert_error(r, 400, "bad_json", "nested too deeply", "at most 32 levels")


@pytest.mark.parametrize(
    "raw",
    [
        '{"game": "looney-lights", "players": 2, "sit": 0, "name": "\\ud800"}',
        '{"game": "looney-lights", "options": {"\\udfff": 1}}',
        '{"game": "looney-lights\\udc00"}',
    ],
    ids=["name", "key", "game"],
)
def test_a_lone_surrogate_in_a_body_is_refused(base: str, raw: str) -> None:
    r = httpx.post(base + "/api/tables", content=raw, headers={"content-type": "application/json"})
    assert_error(r, 400, "bad_json", "not Unicode", "lone surrogate")


def test_unknown_routes_and_methods_get_our_error(base: str) -> None:
    assert_error(httpx.get(base + "/api/nothing-here"), 404, "not_found", "/api/nothing-here")
    assert_error(httpx.put(base + "/api/tables"), 405, "method_not_allowed", "PUT")


# ---------------------------------------------------------------- headers


@pytest.mark.parametrize(
    "path", ["/api/games", "/api/tables", "/api/tables/nope", "/static/favicon.svg", "/docs"]
)
def test_every_answer_carries_the_security_headers(base: str, path: str) -> None:
    r = httpx.get(base + path)
    assert r.status_code in (200, 404), r.text
    assert r.headers.get("x-content-type-options") == "nosniff", r.headers
    assert "frame-ancestors 'none'" in r.headers.get("content-security-policy", ""), r.headers


def test_a_refused_body_carries_the_security_headers(base: str) -> None:
    r = httpx.post(base + "/api/tables", content=b"x" * (MAX_BODY + 1))
    assert r.status_code == 413
    assert r.headers.get("x-content-type-options") == "nosniff", r.headers


# -------------------------------------------------------------- websocket


def create(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(base + "/api/tables", json={"game": GAME, **body}, timeout=30)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


async def test_a_lone_surrogate_in_a_ref_is_refused_and_the_connection_lives(
    base: str,
) -> None:
    made = create(base, players=2, sit=0)
    async with Client(base, made["table"], made["you"]["token"]) as client:
        await client.recv_type("sync")
        await client.send('{"type": "ping", "ref": "\\ud800"}')
        refused = await client.recv_type("error", timeout=10)
        assert refused["code"] == "bad_json" and "lone surrogate" in refused["message"]
        assert "ref" not in refused
        await client.send('{"type": "act", "action": "\\udfff", "version": 0, "ref": 7}')
        refused = await client.recv_type("error", timeout=10)
        assert refused["code"] == "bad_json", refused
        await client.send({"type": "ping", "ref": "still here"})
        pong = await client.recv_type("pong", timeout=10)
        assert pong["ref"] == "still here"


async def test_a_lone_surrogate_in_a_hello_token_closes_cleanly(
    base: str, caplog: pytest.LogCaptureFixture
) -> None:
    made = create(base, players=2, sit=0)
    url = base.replace("http://", "ws://") + f"/ws/tables/{made['table']}"
    with caplog.at_level(logging.ERROR, logger="yuletide.server"):
        async with websockets.connect(url) as ws:
            await ws.send('{"type": "hello", "token": "abcdefghijklmnopq\\ud800", "version": null}')
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert frame["type"] == "error" and frame["code"] == "bad_json", frame
            assert "lone surrogate" in frame["message"]
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 1008
            assert ws.close_reason == "bad_json"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
