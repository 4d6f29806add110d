"""Scale-out: several server processes, one PostgreSQL database, Redis pub/sub between.

Each live table is run by exactly one process, its *owner* (the lease in the database,
hub.py). A client may be connected to any process: the process it is connected to checks
its token (a database lookup) and *forwards* what it sends to the owner; the owner's
table actor builds every frame, as always, from one seat's own channels, and the frames
travel back over Redis. A forwarding process never holds a game state; it only hands
each of its clients the frame the owner built for that client's seat.

Channels and messages (JSON text; ``P`` is a process id, ``Hub.owner``):

``yt:cmd:{table}``  commands for the table's owner, which alone subscribes to it::

    {"op": "act", "reply": P, "rid": 7, "seat": 1, "action": "play 3", "version": 12,
     "ref": "r5", "token_hash": H}
    {"op": "watch", "reply": P, "rid": 8, "seat": 1, "since": 12}    seat null: spectator
    {"op": "resend", "reply": P, "rid": 9, "seat": 1, "since": 10}
    {"op": "seats", "reply": P, "rid": 10}          someone joined or left: reload seats
    {"op": "present", "reply": P, "holds": [[1, H]], "ttl": 15}    no answer

    ``present`` says which seats P's connections hold (seat and token hash), sent when
    that changes and every :data:`PRESENCE_SECONDS`; the owner counts them as at the
    table for ``ttl`` seconds, so a player connected through another process is not
    "away" (table.py, ``Present``) and one whose process died is, once it runs out.

    The owner stamps an action with *its own* monotonic clock as the message arrives
    (the clocks of two processes are not comparable), so arrival order at the owner is
    what a real-time game sees: a client on another process pays one more Redis hop.
    The owner trusts the seat in a command: tokens were checked where the client is
    connected, and the channels are server-internal (Redis must not be reachable by
    clients). ``H`` is the sha256 of the sender's token (what the database stores, never
    the token), so the owner refuses an action of a seat that has been left since.

``yt:reply:{P}``    answers to one process's requests, matched by ``rid``::

    {"rid": 8, "frames": [{"type": "seats", ...}, {"type": "sync", ...}]}

    ``act`` is answered by its ``ack`` or ``error`` frame; ``watch`` by the frames a
    new watcher gets (seats, sync or update, and the record once the game is over),
    without subscribing the watcher at the owner; ``resend`` by one sync/update frame;
    ``seats`` by no frames, once the table has taken the change in (so a join made
    through any process answers after the game went live, as a local one does).

``yt:out:{table}``  every broadcast of the table's actor (``TableActor.publish``)::

    {"v": 13, "frames": {"0": {...}, "1": {...}, "-": {...}}}    per seat, "-" spectators
    {"v": 13, "frames": {"*": {...}}}                            seats / record, for all
    {"v": 13, "frames": {"*": {"type": "seats", ...}}, "holders": {"0": H, "1": null}}

    ``holders`` (with a seats frame only) says which token hash holds each human seat:
    a forwarding process drops a watcher whose seat was left (``seat_left``), as the
    actor does with its own.

Ordering. The owner sends every reply and broadcast through one ordered outbox (one
pipeline at a time on one connection), and a forwarding process reads all its channels
on one subscription connection, so it sees them in the order the actor made them: an
``ack`` before the ``update`` it caused, a watch's first frames before any broadcast
made after them. A forwarding process subscribes to ``yt:out:{table}`` (and waits for
Redis to confirm) *before* it sends a watch, and drops the table's broadcasts for that
watcher until the watch's answer arrives; after that it delivers an update only if its
version is the watcher's version + 1 (older ones are duplicates; a newer one means
something was lost, and the watcher is resynced with a new ``watch`` from its version).

Failover. ``PUBLISH`` says how many processes received a command. None (the owner
died: its Redis connection closed), or no answer within :data:`REPLY_SECONDS`, and the
forwarding process tries to take the table over itself (``Hub.actor`` takes the lease
once it has run out, and replays the stored record), retrying every
:data:`RETRY_SECONDS`; an action that finds no owner for :data:`GIVE_UP_SECONDS` is
refused. Retrying cannot apply an action twice: it carries the version it was made at,
and the database accepts one action per version. (Every process also takes over, with
each lease renewal, the live tables whose lease ran out: ``Hub.adopt``; so a table whose
clients are all idle, or only bots, still moves on.) The process that takes a table moves the
watchers it forwarded onto its new local actor (each gets what it missed); the process
that loses a lease it held hands its watchers over to forwarding.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from . import protocol
from .hub import LEASE_SECONDS, Hub, TableError
from .table import (
    ALL,
    Act,
    Present,
    ReplayMismatch,
    Resend,
    Subscriber,
    TableActor,
    Watch,
    seat_key,
)

log = logging.getLogger("yuletide.server")

#: Seconds to wait for the owner's answer before presuming it gone.
REPLY_SECONDS = 3.0
#: Seconds between attempts to reach, or take over, a table whose owner is gone.
RETRY_SECONDS = 0.5
#: Seconds an action (or resend, seats change) keeps trying to find an owner.
GIVE_UP_SECONDS = 2 * LEASE_SECONDS + 10
#: Seconds to wait for Redis to confirm a subscription.
SUBSCRIBE_SECONDS = 5.0
#: Seconds between sweeps of idle subscriptions.
SWEEP_SECONDS = LEASE_SECONDS / 2
#: Seconds a broadcast channel nobody here watches any more stays subscribed.
LINGER_SECONDS = 30.0
#: Seconds between a forwarding process's ``present`` heartbeats; the owner counts what
#: one says for three of them.
PRESENCE_SECONDS = 5.0
PRESENCE_TTL = 3 * PRESENCE_SECONDS
#: Largest number of messages sent in one pipeline.
BATCH = 256

LIVE = ("waiting", "playing")


def cmd_channel(table_id: str) -> str:
    return f"yt:cmd:{table_id}"


def out_channel(table_id: str) -> str:
    return f"yt:out:{table_id}"


def reply_channel(process: str) -> str:
    return f"yt:reply:{process}"


@dataclass(eq=False, slots=True)
class _Reply:
    """An answer being built at the owner: frames a command's reply callable sent in
    one go (a watch sends two or three), published as one message."""

    rid: int
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: bool = False


@dataclass(eq=False, slots=True)
class _Forwarded:
    """A local connection watching a table another process owns."""

    table_id: str
    sub: Subscriber
    #: What to ask the owner for while not live: the version the watcher has (or None).
    since: int | None
    #: True once the owner's answer to the last watch arrived: broadcasts flow.
    live: bool = False
    request: _Request | None = None


@dataclass(eq=False, slots=True)
class _Request:
    """A command sent to a table's owner and, unless ``op`` is seats, its answer."""

    op: str
    table_id: str
    body: dict[str, Any]
    #: What to do with the answer's frames.
    deliver: Callable[[list[dict[str, Any]]], None]
    #: What to do when no owner can be found (an error frame, say).
    fail: Callable[[str, str], None]
    fwd: _Forwarded | None = None
    sub: Subscriber | None = None
    cmd: Act | None = None
    rids: list[int] = field(default_factory=list)
    finished: bool = False
    poke: asyncio.Event = field(default_factory=asyncio.Event)
    over: asyncio.Event = field(default_factory=asyncio.Event)


class RedisBridge:
    """The Redis side of one server process (hub.Remote)."""

    def __init__(self, redis: aioredis.Redis, hub: Hub) -> None:
        self.redis = redis
        self.hub = hub
        self.process = hub.owner
        self.pubsub = redis.pubsub()
        self._rids = itertools.count(1)
        self._waiting: dict[int, _Request] = {}
        #: Watchers of tables owned elsewhere: table -> id(subscriber) -> entry.
        self._fwd: dict[str, dict[int, _Forwarded]] = {}
        #: Tables whose commands this process receives (it owns them).
        self._owned: set[str] = set()
        self._subscribed: set[str] = set()
        self._confirm: dict[str, deque[asyncio.Future[None]]] = {}
        self._idle_out: dict[str, float] = {}
        #: What this process last told each table's owner its connections hold.
        self._told: dict[str, frozenset[tuple[int, str]]] = {}
        self._tried: dict[str, float] = {}
        #: (channel, message, and for a broadcast the table and its remote epoch then)
        self._outbox: deque[tuple[str, dict[str, Any] | _Reply, tuple[str, int] | None]] = deque()
        self._outbox_ready = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._resync_all_pending = False
        self._closed = False
        self._last_error = 0.0

    @classmethod
    async def connect(cls, url: str, hub: Hub) -> RedisBridge:
        """Connect to Redis at ``url`` and start listening for this process."""
        # Timeouts: a Redis that hangs fails a command (it is retried) instead of
        # holding a table up; the subscription's reads block without one.
        redis = aioredis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=5.0, socket_timeout=10.0
        )
        try:
            await redis.ping()
        except RedisError as err:
            await redis.aclose()
            raise RuntimeError(f"cannot reach Redis at {url}: {err}") from err
        bridge = cls(redis, hub)
        try:
            await bridge._start()
        except BaseException:
            await bridge.close()
            raise
        return bridge

    async def _start(self) -> None:
        channel = reply_channel(self.process)
        self._subscribed.add(channel)
        await self.pubsub.subscribe(channel)
        deadline = time.monotonic() + SUBSCRIBE_SECONDS
        while True:  # the reader is not running yet: read the confirmation here
            msg = await self.pubsub.get_message(timeout=SUBSCRIBE_SECONDS)
            if msg is not None and msg["type"] == "subscribe":
                break
            if time.monotonic() > deadline:
                raise RuntimeError("Redis did not confirm the subscription")
        loop = asyncio.get_running_loop()
        self._loops = [
            loop.create_task(self._reader(), name="redis-reader"),
            loop.create_task(self._publisher(), name="redis-publisher"),
            loop.create_task(self._sweeper(), name="redis-sweeper"),
            loop.create_task(self._heartbeat(), name="redis-presence"),
        ]

    async def close(self) -> None:
        self._closed = True
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        for task in [*self._loops, *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            # typed from redis 8.2 on, untyped before: Any serves both
            pubsub: Any = self.pubsub
            await pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _warn(self, message: str, *args: Any) -> None:
        """Log a Redis failure, at most once a second (an outage fails everything)."""
        now = time.monotonic()
        if now - self._last_error > 1.0:
            self._last_error = now
            log.warning(message, *args)

    # ------------------------------------------------------------ channels

    async def _subscribe(self, channel: str) -> None:
        """Subscribe to ``channel`` and wait until Redis confirms it (from then on
        every message published to it reaches this process)."""
        if channel in self._subscribed:
            pending = self._confirm.get(channel)
            if not pending:
                return
            fut = pending[-1]
        else:
            self._subscribed.add(channel)
            fut = asyncio.get_running_loop().create_future()
            self._confirm.setdefault(channel, deque()).append(fut)
            try:
                await self.pubsub.subscribe(channel)
            except RedisError as err:
                self._warn("redis: cannot subscribe to %s: %s", channel, err)
                self._subscribed.discard(channel)  # the next caller tries again
                pending = self._confirm.get(channel)
                if pending is not None and fut in pending:
                    pending.remove(fut)
                    if not pending:
                        del self._confirm[channel]
                return
        try:
            await asyncio.wait_for(asyncio.shield(fut), SUBSCRIBE_SECONDS)
        except TimeoutError:
            self._warn("redis: no confirmation of the subscription to %s", channel)

    async def _unsubscribe(self, channel: str) -> None:
        if channel not in self._subscribed:
            return
        self._subscribed.discard(channel)
        try:
            await self.pubsub.unsubscribe(channel)
        except RedisError as err:
            self._warn("redis: cannot unsubscribe from %s: %s", channel, err)

    async def _reader(self) -> None:
        while True:
            try:
                msg = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self._warn("redis: reading messages failed (%s); retrying", err)
                await asyncio.sleep(0.5)
                continue
            if msg is None:
                continue
            try:
                self._dispatch(msg)
            except Exception:
                log.exception("redis: bad message on %s", msg.get("channel"))

    def _dispatch(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        channel: str = msg["channel"]
        if kind == "subscribe":
            pending = self._confirm.get(channel)
            if pending:
                fut = pending.popleft()
                if not pending:
                    del self._confirm[channel]
                if not fut.done():
                    fut.set_result(None)
            else:  # redis-py subscribed again after a reconnect: messages may be lost
                self._after_reconnect()
            return
        if kind != "message":
            return
        data = json.loads(msg["data"])
        prefix, _, rest = channel.partition(":")[2].partition(":")
        if prefix == "reply":
            self._on_reply(data)
        elif prefix == "out":
            self._on_broadcast(rest, data)
        elif prefix == "cmd":
            self._on_command(rest, data)

    def _after_reconnect(self) -> None:
        if self._resync_all_pending:
            return
        self._resync_all_pending = True

        def resync() -> None:
            self._resync_all_pending = False
            for entries in self._fwd.values():
                for fwd in entries.values():
                    if fwd.live:
                        self._gap(fwd)

        asyncio.get_running_loop().call_later(0.1, resync)

    # -------------------------------------------------------- the outbox

    def _post(
        self,
        channel: str,
        payload: dict[str, Any] | _Reply,
        broadcast: tuple[str, int] | None = None,
    ) -> None:
        if self._closed:
            return
        self._outbox.append((channel, payload, broadcast))
        self._outbox_ready.set()

    async def _publisher(self) -> None:
        """Send the outbox in order, one pipeline at a time. A table's broadcast that no
        process received stops its broadcasts (``TableActor.remote_watch``) until another
        process sends it a command, unless one came since that broadcast was made."""
        while True:
            await self._outbox_ready.wait()
            self._outbox_ready.clear()
            while self._outbox:
                batch: list[tuple[str, str]] = []
                sent: list[tuple[str, int] | None] = []
                while self._outbox and len(batch) < BATCH:
                    channel, payload, broadcast = self._outbox.popleft()
                    if isinstance(payload, _Reply):
                        payload.sent = True
                        payload = {"rid": payload.rid, "frames": payload.frames}
                    batch.append((channel, protocol.encode(payload)))
                    sent.append(broadcast)
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, text in batch:
                            pipe.publish(channel, text)
                        receivers = await pipe.execute()
                except asyncio.CancelledError:
                    raise
                except Exception as err:
                    self._warn("redis: %d messages lost: %s", len(batch), err)
                    continue
                for broadcast, count in zip(sent, receivers, strict=True):
                    if broadcast is not None and count == 0:
                        actor = self.hub.actors.get(broadcast[0])
                        if actor is not None and actor.remote_epoch == broadcast[1]:
                            actor.remote_watch = False

    def _replier(self, process: str, rid: int) -> Callable[[dict[str, Any]], None]:
        """A reply callable that sends frames to a forwarding process's request."""
        current: _Reply | None = None
        channel = reply_channel(process)

        def reply(frame: dict[str, Any]) -> None:
            nonlocal current
            if current is None or current.sent:
                current = _Reply(rid)
                self._post(channel, current)
            current.frames.append(frame)

        return reply

    # ------------------------------------------------------ the owner side

    def publish(self, table_id: str, version: int, frames: dict[str, dict[str, Any]]) -> None:
        """A broadcast of a table this process runs, for the processes forwarding it."""
        message: dict[str, Any] = {"v": version, "frames": frames}
        every = frames.get(ALL)
        actor = self.hub.actors.get(table_id)
        if every is not None and every.get("type") == "seats" and actor is not None:
            # Which token (hash) holds each seat now, so that forwarding processes drop
            # the watchers whose seat was left, as the actor drops its own.
            message["holders"] = {
                str(r["seat"]): r["token_hash"] for r in actor.seat_rows if r["kind"] == "human"
            }
        epoch = -1 if actor is None else actor.remote_epoch
        self._post(out_channel(table_id), message, (table_id, epoch))

    async def owned(self, table_id: str) -> None:
        actor = self.hub.actors.get(table_id)
        if actor is None or actor.status not in LIVE:
            return  # an ended game needs no owner: every process serves it alone
        self._owned.add(table_id)
        await self._subscribe(cmd_channel(table_id))
        # The watchers this process forwarded now watch the local actor; each gets
        # what it missed from the version it has.
        for fwd in self._fwd.pop(table_id, {}).values():
            self._finish(fwd.request)
            fwd.request = None
            actor.submit(Watch(fwd.sub, fwd.sub.version if fwd.live else fwd.since))
        self._tell(table_id)  # they are watched here now, not from another process
        for req in list(self._waiting.values()):
            if req.table_id == table_id:
                req.poke.set()  # don't wait for an answer from the old owner

    async def disowned(self, table_id: str, subs: list[Subscriber]) -> None:
        self._owned.discard(table_id)
        await self._unsubscribe(cmd_channel(table_id))
        for sub in subs:
            await self.watch(table_id, sub, sub.version if sub.version >= 0 else None)

    def _on_command(self, table_id: str, msg: dict[str, Any]) -> None:
        actor = self.hub.actors.get(table_id)
        if actor is None or table_id not in self._owned or actor.lease_lost:
            return  # not ours (any more): the sender finds the owner again
        if msg.get("reply") != self.process:
            # another process forwards this table: broadcast to it again
            actor.remote_watch = True
            actor.remote_epoch += 1
        op = msg["op"]
        if op == "present":
            ttl = min(float(msg["ttl"]), 4 * PRESENCE_TTL)
            holds = frozenset((int(seat), str(h)) for seat, h in msg["holds"])
            actor.submit(Present(str(msg["reply"]), holds, time.monotonic() + ttl))
            return
        if op == "seats":
            self._spawn(self._reload_seats(table_id, str(msg["reply"]), int(msg["rid"])))
            return
        reply = self._replier(str(msg["reply"]), int(msg["rid"]))
        seat = _seat(msg.get("seat"))
        if op == "act":
            if seat is None:
                raise ValueError("an act needs a seat")
            token_hash = msg.get("token_hash")
            actor.submit(
                Act(
                    seat,
                    str(msg["action"]),
                    int(msg["version"]),
                    msg.get("ref"),
                    reply,
                    time.monotonic(),
                    token_hash=None if token_hash is None else str(token_hash),
                )
            )
        elif op == "watch":
            actor.submit(
                Watch(Subscriber(seat, reply, table=True), _since(msg.get("since")), keep=False)
            )
        elif op == "resend":
            actor.submit(Resend(Subscriber(seat, reply, table=True), _since(msg.get("since"))))
        else:
            raise ValueError(f"unknown op {op!r}")

    async def _reload_seats(self, table_id: str, process: str, rid: int) -> None:
        """Someone joined or left through another process: answer once the table has
        taken the change in (as a local join does)."""
        await self.hub.reload_seats(table_id)
        self._post(reply_channel(process), {"rid": rid, "frames": []})

    # ------------------------------------------------- the forwarding side

    def _on_reply(self, msg: dict[str, Any]) -> None:
        req = self._waiting.get(int(msg["rid"]))
        if req is None or req.finished:
            return  # a late answer to a request that was answered, or moved
        self._finish(req)
        req.deliver(msg["frames"])

    def _on_broadcast(self, table_id: str, msg: dict[str, Any]) -> None:
        entries = self._fwd.get(table_id)
        if not entries:
            return
        version: int = msg["v"]
        frames: dict[str, dict[str, Any]] = msg["frames"]
        every = frames.get(ALL)
        holders: dict[str, str | None] | None = msg.get("holders")
        for fwd in list(entries.values()):
            if not fwd.live:
                continue  # its watch's answer, still coming, is newer than this
            sub = fwd.sub
            if (
                holders is not None
                and sub.seat is not None
                and sub.token_hash is not None
                and holders.get(str(sub.seat)) != sub.token_hash
            ):
                entries.pop(id(sub), None)
                self._tell(table_id)
                sub.send(
                    protocol.error_frame(
                        "seat_left", f"seat {sub.seat} was left: this token no longer holds it"
                    )
                )
                continue
            if every is not None:
                if version > sub.version:
                    self._gap(fwd)  # it missed the update this frame came after
                else:
                    sub.send(every)
                continue
            frame = frames.get(seat_key(sub.seat))
            if frame is None:
                continue
            if frame["type"] == "sync":
                if version >= sub.version:
                    sub.send(frame)
                    sub.version = version
            elif version == sub.version + 1:
                sub.send(frame)
                sub.version = version
            elif version > sub.version + 1:
                self._gap(fwd)

    def _gap(self, fwd: _Forwarded) -> None:
        """The watcher missed something: stop its broadcasts, ask for what it missed."""
        fwd.live = False
        fwd.since = fwd.sub.version if fwd.sub.version >= 0 else None
        self._spawn(self._send_watch(fwd))

    def _registered(self, fwd: _Forwarded | None) -> bool:
        return fwd is not None and self._fwd.get(fwd.table_id, {}).get(id(fwd.sub)) is fwd

    async def watch(self, table_id: str, sub: Subscriber, since: int | None) -> None:
        fwd = _Forwarded(table_id, sub, since)
        self._fwd.setdefault(table_id, {})[id(sub)] = fwd
        self._idle_out.pop(table_id, None)
        self._tell(table_id)
        await self._subscribe(out_channel(table_id))
        if self._registered(fwd):
            await self._send_watch(fwd)

    async def _send_watch(self, fwd: _Forwarded) -> None:
        self._finish(fwd.request)

        def deliver(frames: list[dict[str, Any]]) -> None:
            if not self._registered(fwd) or fwd.request is not req:
                return
            fwd.request = None
            for frame in frames:
                if frame.get("type") in ("sync", "update"):
                    fwd.sub.version = frame["version"]
                fwd.sub.send(frame)
            fwd.live = True

        def fail(code: str, message: str) -> None:
            if self._registered(fwd):
                fwd.sub.send(protocol.error_frame(code, message))

        req = _Request(
            "watch",
            fwd.table_id,
            {"seat": fwd.sub.seat, "since": fwd.since},
            deliver,
            fail,
            fwd=fwd,
        )
        fwd.request = req
        await self._request(req)

    async def unwatch(self, table_id: str, sub: Subscriber) -> None:
        entries = self._fwd.get(table_id)
        fwd = entries.pop(id(sub), None) if entries else None
        if fwd is not None:
            self._finish(fwd.request)
        if entries is not None and not entries:
            del self._fwd[table_id]
            self._idle_out[table_id] = time.monotonic()
        self._tell(table_id)

    async def resend(self, table_id: str, sub: Subscriber, since: int | None) -> None:
        fwd = self._fwd.get(table_id, {}).get(id(sub))

        def deliver(frames: list[dict[str, Any]]) -> None:
            if fwd is not None and not self._registered(fwd):
                return  # it moved to a local actor, which sent it what it missed
            for frame in frames:
                if frame.get("type") in ("sync", "update"):
                    sub.version = max(sub.version, frame["version"])
                sub.send(frame)

        def fail(code: str, message: str) -> None:
            sub.send(protocol.error_frame(code, message))

        req = _Request(
            "resend", table_id, {"seat": sub.seat, "since": since}, deliver, fail, fwd, sub
        )
        await self._request(req)

    async def act(self, table_id: str, cmd: Act) -> None:
        reply = cmd.reply

        def deliver(frames: list[dict[str, Any]]) -> None:
            if reply is not None:
                for frame in frames:
                    reply(frame)

        def fail(code: str, message: str) -> None:
            if reply is not None:
                reply(protocol.error_frame(code, message, cmd.ref))

        body = {
            "seat": cmd.seat,
            "action": cmd.notation,
            "version": cmd.version,
            "ref": cmd.ref,
            "token_hash": cmd.token_hash,
        }
        await self._request(_Request("act", table_id, body, deliver, fail, cmd=cmd))

    async def seats_changed(self, table_id: str) -> None:
        def fail(code: str, message: str) -> None:
            log.warning(
                "table %s: could not tell its owner about a seat change: %s", table_id, message
            )

        req = _Request("seats", table_id, {}, lambda _frames: None, fail)
        await self._request(req)
        # Answer once the owner has taken the change in, as a local join does (if the
        # owner is gone, the follow-up goes on in the background).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(req.over.wait(), REPLY_SECONDS + 10.0)

    # ---------------------------------------------------- requests, failover

    async def _request(self, req: _Request) -> None:
        """Send ``req`` (in the caller's order), then follow it up in the background."""
        receivers = await self._send(req)
        self._spawn(self._follow(req, receivers))

    async def _send(self, req: _Request) -> int:
        rid = next(self._rids)
        req.rids.append(rid)
        self._waiting[rid] = req
        payload = {"op": req.op, "reply": self.process, "rid": rid, **req.body}
        try:
            return int(
                await self.redis.publish(cmd_channel(req.table_id), protocol.encode(payload))
            )
        except RedisError as err:
            self._warn("redis: cannot send a command for table %s: %s", req.table_id, err)
            return 0

    def _finish(self, req: _Request | None) -> None:
        if req is None or req.finished:
            return
        req.finished = True
        req.poke.set()
        req.over.set()
        for rid in req.rids:
            self._waiting.pop(rid, None)

    async def _follow(self, req: _Request, receivers: int) -> None:
        """Wait for the answer; if none comes (no owner, or a dead one), take the table
        over when its lease runs out and run the command here."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + GIVE_UP_SECONDS
        try:
            while not req.finished:
                if receivers > 0:
                    req.poke.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(req.poke.wait(), REPLY_SECONDS)
                    if req.finished:
                        return
                if req.fwd is not None and req.op == "watch" and not self._registered(req.fwd):
                    return  # the watcher left, or moved to a local actor
                if await self._take_over(req):
                    return
                if req.op != "watch" and loop.time() > give_up:
                    self._finish(req)
                    req.fail(
                        "unavailable",
                        f"table {req.table_id} has no running server process; try again",
                    )
                    return
                await asyncio.sleep(RETRY_SECONDS * random.uniform(0.8, 1.2))
                if req.finished:
                    return
                receivers = await self._send(req)
        finally:
            self._finish(req)

    async def _take_over(self, req: _Request) -> bool:
        """Run ``req`` on a local actor if this process has (or can now take) the table;
        False if another process holds its lease."""
        actor = self.hub.actors.get(req.table_id)
        if actor is None:
            now = time.monotonic()
            if now - self._tried.get(req.table_id, -1e9) < RETRY_SECONDS * 0.8:
                return False  # another request for the table just tried
            self._tried[req.table_id] = now
            try:
                actor = await self.hub.actor(req.table_id)
            except TableError as err:
                if err.code == "elsewhere":
                    return False
                self._finish(req)
                req.fail(err.code, str(err))
                return True
            except ReplayMismatch as err:
                log.error("%s", err)
                self._finish(req)
                req.fail("server", "the table cannot be loaded")
                return True
            except Exception as err:  # the database is unreachable, or a lock timed out
                self._warn("table %s: taking it over failed (%s); retrying", req.table_id, err)
                return False
        if req.finished:
            return True  # owned() moved it already
        self._finish(req)
        self._run_locally(req, actor)
        return True

    def _run_locally(self, req: _Request, actor: TableActor) -> None:
        body = req.body
        if req.op == "act":
            cmd = req.cmd
            assert cmd is not None
            cmd.arrived = time.monotonic()
            actor.submit(cmd)
        elif req.op == "watch":
            fwd = req.fwd
            if fwd is not None and self._registered(fwd):
                self._fwd[fwd.table_id].pop(id(fwd.sub), None)
                actor.submit(Watch(fwd.sub, fwd.sub.version if fwd.live else fwd.since))
        elif req.op == "resend" and req.sub is not None:
            actor.submit(Resend(req.sub, body["since"]))
        elif req.op == "seats":
            self._spawn(self.hub.reload_seats(req.table_id))

    # ------------------------------------------------------------ presence

    def _holds(self, table_id: str) -> frozenset[tuple[int, str]]:
        return frozenset(
            (fwd.sub.seat, fwd.sub.token_hash)
            for fwd in self._fwd.get(table_id, {}).values()
            if fwd.sub.seat is not None and fwd.sub.token_hash is not None
        )

    def _tell(self, table_id: str, *, again: bool = False) -> None:
        """Tell the table's owner which seats this process's connections hold, if that
        changed (or ``again``: the heartbeat)."""
        holds = self._holds(table_id)
        told = self._told.get(table_id)
        if told == holds and not again:
            return
        if holds:
            self._told[table_id] = holds
        else:
            self._told.pop(table_id, None)
            if told is None:
                return  # nothing was said: nothing to take back
        self._post(
            cmd_channel(table_id),
            {
                "op": "present",
                "reply": self.process,
                "holds": sorted([seat, h] for seat, h in holds),
                "ttl": PRESENCE_TTL,
            },
        )

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            for table_id in list(self._told):
                self._tell(table_id, again=True)

    # ---------------------------------------------------------------- sweeps

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS * random.uniform(0.6, 1.0))
            try:
                await self._sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis bridge: sweep failed")

    async def _sweep(self) -> None:
        """Drop the subscriptions nobody here needs any more. (Tables whose owner is
        gone are taken over by ``Hub.adopt``, which runs with every lease renewal.)"""
        mono = time.monotonic()
        for table_id, since in list(self._idle_out.items()):
            if table_id in self._fwd:
                del self._idle_out[table_id]
            elif mono - since > LINGER_SECONDS:
                del self._idle_out[table_id]
                await self._unsubscribe(out_channel(table_id))
        for table_id, tried in list(self._tried.items()):
            if mono - tried > 60:
                del self._tried[table_id]


def _seat(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise ValueError(f"bad seat {value!r}")
    return value


def _since(value: Any) -> int | None:
    return None if value is None else int(value)
