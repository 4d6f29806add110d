"""One websocket connection: authentication, limits, and the outbound queue.

A connection first says ``hello`` (a seat token, or none to watch). Every later message
is parsed by ``protocol.parse_client``; a bad one gets an ``error`` frame and changes
nothing. Frames to the client go through a bounded queue drained by the connection's
own writer task, so a slow client never holds up its table: a client that falls
:data:`MAX_QUEUED` frames behind is disconnected and resyncs when it reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import protocol, store
from .hints import Hint
from .hub import Hub, TableError
from .table import Act, Subscriber

log = logging.getLogger("yuletide.server")

#: Frames a client may fall behind before it is disconnected.
MAX_QUEUED = 512
#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Close code for a policy violation (RFC 6455).
POLICY = 1008


#: Frames recently encoded, by identity: a table sends the same frame object to every
#: subscriber of one seat (all its spectators), so it is encoded once, not once each.
#: Entries hold the frame itself, so an id is never reused while it is cached.
_ENCODED: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()
_ENCODED_MAX = 256


def encode_shared(frame: dict[str, Any]) -> str:
    """``protocol.encode(frame)``, once per frame object however many clients get it."""
    key = id(frame)
    hit = _ENCODED.get(key)
    if hit is not None and hit[0] is frame:
        return hit[1]
    text = protocol.encode(frame)
    _ENCODED[key] = (frame, text)
    if len(_ENCODED) > _ENCODED_MAX:
        _ENCODED.popitem(last=False)
    return text


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts up to ``burst``."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class Connection:
    def __init__(
        self,
        ws: WebSocket,
        hub: Hub,
        table_id: str,
        *,
        rate: float = 20.0,
        burst: float = 40.0,
        max_strikes: int = 200,
    ) -> None:
        self.ws = ws
        self.hub = hub
        self.table_id = table_id
        self.out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(MAX_QUEUED)
        self.limit = RateLimit(rate, burst)
        # Dropped messages, leaking away at the allowed rate: a client that keeps sending
        # faster than it may is disconnected once they reach max_strikes, however fast it
        # floods (a count that reset on every allowed message would let a flood that
        # slips one message through now and then go on for ever).
        self.strikes = 0.0
        self.struck_at = time.monotonic()
        self.dropped = 0
        self.max_strikes = max_strikes
        self.sub: Subscriber | None = None
        self.closed = False
        self.token_hash: str | None = None
        #: The websocket close reason when the writer closes (at most 123 bytes).
        self.close_reason = "too far behind; reconnect to resync"

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame (never blocks the table); too far behind: disconnect. The
        table's word that this connection's seat was left closes it after the frame."""
        if self.closed:
            return
        try:
            self.out.put_nowait(frame)
        except asyncio.QueueFull:
            self.closed = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.out.get_nowait()
            self.out.put_nowait(None)
            return
        if frame.get("type") == "error" and frame.get("code") == "seat_left" and "ref" not in frame:
            self.closed = True
            self.close_reason = "seat_left"
            with contextlib.suppress(asyncio.QueueFull):
                self.out.put_nowait(None)

    async def _writer(self) -> None:
        try:
            while True:
                frame = await self.out.get()
                if frame is None:
                    await self.ws.close(POLICY, self.close_reason)
                    return
                text = encode_shared(frame)
                if protocol.bad_text(text):
                    # a lone surrogate would kill this writer in the UTF-8 encoder: JSON's
                    # own escapes carry it (parse_client refuses one from a client)
                    text = json.dumps(frame, separators=(",", ":"))
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            # The client left while frames were still queued: nothing more to send (and
            # no "Task exception was never retrieved" in the log).
            self.closed = True

    async def _receive(self) -> str | bytes | None:
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text: str | bytes | None = message.get("text")
        if text is None:
            text = message.get("bytes")
        return text

    async def serve(self) -> None:
        writer = asyncio.get_running_loop().create_task(self._writer())
        try:
            await self._serve()
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("connection to table %s failed", self.table_id)
        finally:
            self.closed = True
            if self.sub is not None:
                with contextlib.suppress(Exception):
                    await self.hub.unwatch(self.table_id, self.sub)
            if not writer.done():
                # let queued frames (an error before closing) go out, then stop
                with contextlib.suppress(asyncio.QueueFull):
                    self.out.put_nowait(None)
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(writer, 2.0)
                writer.cancel()

    async def _close(self, code: str, message: str) -> None:
        self.send(protocol.error_frame(code, message))
        self.close_reason = code
        with contextlib.suppress(asyncio.QueueFull):
            self.out.put_nowait(None)
        self.closed = True

    async def _serve(self) -> None:
        try:
            raw = await asyncio.wait_for(self._receive(), HELLO_SECONDS)
        except TimeoutError:
            await self._close("no_hello", 'say hello first: {"type": "hello", "token": ...}')
            return
        try:
            hello = protocol.parse_client(raw if raw is not None else "")
        except protocol.BadMessage as err:
            await self._close(err.code, f"{err}; the first message is hello")
            return
        if hello.type != "hello":
            await self._close(
                "no_hello",
                'the first message is {"type": "hello", "token": T or null, "version": V}',
            )
            return
        seat: int | None = None
        try:
            if hello.token is not None:
                seat = await self.hub.seat_of(self.table_id, hello.token)
                self.token_hash = store.hash_token(hello.token)
            self.sub = Subscriber(seat, self.send, token_hash=self.token_hash, table=hello.table)
            await self.hub.watch(self.table_id, self.sub, hello.version)
        except TableError as err:
            await self._close(err.code, str(err))
            return
        while not self.closed:
            raw = await self._receive()
            if self.closed:
                return
            if not self.limit.allow():
                now = time.monotonic()
                leaked = (now - self.struck_at) * self.limit.rate
                self.strikes = max(0.0, self.strikes - leaked) + 1
                self.struck_at = now
                self.dropped += 1
                if self.strikes >= self.max_strikes:
                    await self._close(
                        "rate_limited",
                        f"too many messages (at most {self.limit.rate:g} a second); disconnected",
                    )
                    return
                if self.dropped % 20 == 1:
                    self.send(
                        protocol.error_frame(
                            "rate_limited",
                            f"at most {self.limit.rate:g} messages a second"
                            f" (bursts of {self.limit.burst:g}); message dropped",
                        )
                    )
                continue
            try:
                msg = protocol.parse_client(raw if raw is not None else "")
            except protocol.BadMessage as err:
                self.send(protocol.error_frame(err.code, str(err)))
                continue
            await self._dispatch(msg, seat)

    async def _dispatch(self, msg: protocol.ClientMessage, seat: int | None) -> None:
        assert self.sub is not None
        if msg.type == "ping":
            self.send({"type": "pong", "ref": msg.ref})
        elif msg.type == "hello":
            self.send(protocol.error_frame("bad_order", "hello only once, as the first message"))
        elif msg.type == "sync":
            await self.hub.resend(self.table_id, self.sub, msg.version)
        elif msg.type == "hint":
            await self.hub.hint(
                self.table_id, Hint(seat, msg.version, msg.ref, self.send, self.token_hash)
            )
        elif msg.type == "act":
            if seat is None:
                self.send(
                    protocol.error_frame(
                        "spectator", "you are watching: only a seat's token may act", msg.ref
                    )
                )
                return
            assert msg.action is not None and msg.version is not None
            arrived = time.monotonic()
            await self.hub.act(
                self.table_id,
                Act(
                    seat,
                    msg.action,
                    msg.version,
                    msg.ref,
                    self.send,
                    arrived,
                    token_hash=self.token_hash,
                ),
            )


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...] | None) -> bool:
    """A browser's Origin must be this server itself or an allowed origin; clients that
    send none (programs, not browsers) are allowed."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if allowed is not None and ("*" in allowed or origin in allowed):
        return True
    host = ws.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")
