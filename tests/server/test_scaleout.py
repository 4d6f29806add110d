"""Scale beyond one process (issue 13, item 9): two `yuletide serve --redis` processes on
one PostgreSQL database, a real Redis between them, and the clients of one table split
across both.

``test_a_table_split_across_two_processes`` plays tables made on process A (so A owns
them: the lease is A's), each with seat 0 on A, seat 1 joined and connected through B, a
spectator on B and a bot:

1. A whole game. Every frame the B clients got was built by A from their seat's own
   channels and forwarded unchanged (the wire-leak proof's ``check_wire``: rebuild,
   determinization, no secrets, contiguous versions); both clients see the same outcome;
   the record replays to it; every action sent through B was applied exactly once (each
   ``ack`` names the stored action that is the client's, no other action of the seat is
   stored, and the database holds exactly as many actions as the final version).
2. A resync asked through B (``sync`` from version 0) is answered by A with exactly the
   events missed; leaving seat 1 through B drops its watcher on B (``seat_left``, then
   the connection closes) and A's client and B's spectator see the seat open.
3. A is frozen (SIGSTOP) mid-game: alive, so its lease must run out before B takes the
   table over by replaying its record (the realistic case of an owner on another
   machine, or a paused one). Then A wakes up: it must not commit anything more (its
   lease is gone; ``moved``), and its own client, still connected to A, is handed over to
   forwarding and finishes the game through A -> Redis -> B.
4. A is killed (kill -9) mid-game: its client reconnects to B with its last version, B's
   clients keep their connections, and B takes the table over (at once here: on one
   machine a dead owner is provably dead, hub.owner_is_dead) and finishes it.

After 3 and 4, each client's events, pieced together across the failover, continue
exactly (no entry lost or repeated) and add up to what a replay of the stored record
shows its seat; the database holds one action per version.

``test_a_held_lease_cannot_be_taken``: on PostgreSQL, a second process (Hub) cannot take
a table whose lease is held, the holder can renew it, and when two processes race for an
expired lease exactly one gets it (and the other's renewal no longer lists it).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import signal
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import sqlalchemy as sa
import websockets
from tests.server.kit import Client, ServerProcess, create_table, join
from tests.server.test_wire_leaks import Recorded, check_wire

import yuletide
from yuletide.server import store
from yuletide.server.hub import Hub, TableError

GAME = "twinkling-lights"  # turn-based, three seats, about 130 actions with random play
#: Guard against hanging only (not a timed assertion).
TIMEOUT = 60.0
#: Version at which the owner is stopped / killed in the failover games.
KILL_AT = 25


@dataclass
class Player:
    """A recording client playing one seat with seeded-random legal actions; it tells
    each action by its ``ref`` and reconnects with ``reconnect`` if its server dies."""

    client: Client
    seat: int | None
    rng: random.Random
    sent: dict[str, str] = field(default_factory=dict)
    reconnects: int = 0

    async def play(self, reconnect: Callable[[Player], Awaitable[None]] | None = None) -> None:
        c = self.client
        acted_on = -1
        last_ref: str | None = None
        deadline = time.monotonic() + TIMEOUT
        while True:
            frame = c.last
            if (
                self.seat is not None
                and frame is not None
                and frame["status"] == "playing"
                and self.seat in frame["to_act"]
                and frame["legal"]
                and c.version != acted_on
            ):
                choice = self.rng.choice(frame["legal"])
                last_ref = f"s{self.seat}-{len(self.sent)}"
                self.sent[last_ref] = choice
                acted_on = c.version if c.version is not None else -1
                with contextlib.suppress(websockets.ConnectionClosed):  # recv notices
                    await c.act(choice, ref=last_ref)
            try:
                got = await c.recv(max(0.1, deadline - time.monotonic()))
            except websockets.ConnectionClosed:
                if reconnect is None:
                    raise
                self.reconnects += 1
                await reconnect(self)
                acted_on = -1  # what it sent to the dead server may be lost: act again
                continue
            if got["type"] == "error" and got.get("ref") == last_ref:
                acted_on = -1  # refused (stale, or no server had the table): look again
                if got["code"] != "stale":
                    await asyncio.sleep(0.2)  # the table is moving between processes
            if got["type"] == "record":
                return


def seat_frames(p: Player) -> list[dict[str, Any]]:
    return [f for f in p.client.frames if f["type"] in ("sync", "update")]


def events_seen(p: Player) -> list[dict[str, Any]]:
    """The event log as the client pieced it together from its frames, checking that
    each update continues exactly where the last frame ended (nothing lost, nothing
    repeated) and that versions only go forward."""
    log: list[dict[str, Any]] = []
    version = -1
    for f in seat_frames(p):
        if f["type"] == "sync":
            assert f["version"] >= version, f"sync went back from {version} to {f['version']}"
            log = list(f["events"])
        else:
            assert f["since"] == len(log), (
                f"update to version {f['version']} starts at log entry {f['since']},"
                f" but the client has {len(log)}"
            )
            # (an update to the version it has, with no events, is a resync that found
            # nothing missed: a watcher moved onto a new owner gets one)
            assert f["version"] >= version, f"update from {version} to {f['version']}"
            assert f["version"] > version or not f["events"]
            log.extend(f["events"])
        version = f["version"]
    return log


def check_exactly_once(p: Player, record: dict[str, Any], *, all_acked: bool) -> int:
    """Every ``ack`` the client got names a stored action that is its own (seat and
    notation), no version is acked twice; with ``all_acked``, the record holds no other
    action of its seat. The number of acks."""
    acks = [f for f in p.client.frames if f["type"] == "ack"]
    versions = [a["version"] for a in acks]
    assert len(set(versions)) == len(versions), f"a version acked twice: {versions}"
    for a in acks:
        assert record["actions"][a["version"] - 1] == [p.seat, p.sent[a["ref"]]], a
    mine = [i + 1 for i, (s, _) in enumerate(record["actions"]) if s == p.seat]
    if all_acked:
        assert sorted(versions) == mine, "an action of this seat was stored without an ack"
    else:  # across a kill -9, an action can be stored but its ack lost with the server
        assert set(versions) <= set(mine)
        assert len(mine) <= len(p.sent), "the seat has more stored actions than it sent"
    return len(acks)


def stored_actions(db_url: str, table: str) -> int:
    engine = store.make_engine(db_url)
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.count()).where(store.actions.c.table_id == table)
                ).scalar_one()
            )
    finally:
        engine.dispose()


def owner_of(db_url: str, table: str) -> str | None:
    engine = store.make_engine(db_url)
    try:
        with engine.connect() as conn:
            owner: str | None = conn.execute(
                sa.select(store.tables.c.owner).where(store.tables.c.id == table)
            ).scalar_one()
            return owner
    finally:
        engine.dispose()


def get_record(base: str, table: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table}/record", timeout=30)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def replayed(record: dict[str, Any]) -> Any:
    state = yuletide.new_game(
        record["game"], players=record["players"], seed=record["seed"], **record["options"]
    )
    for seat, notation in record["actions"]:
        state.apply(seat, notation)
    return state


async def open_table(
    a: ServerProcess, b: ServerProcess, seed: int
) -> tuple[str, dict[int, str], Player, Player, Player]:
    """A table made on A (A owns it): seat 0 on A, seat 1 joined and connected on B, a
    spectator on B (connected before seat 1 joins: it sees the table go live)."""
    made = create_table(
        a.url,
        game=GAME,
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        sit=0,
        bot_delay=0,
    )
    table = made["table"]
    tokens = {0: made["you"]["token"]}
    spectator = Player(Client(b.url, table, None), None, random.Random(seed))
    await spectator.client.connect()
    first = await spectator.client.recv_type("sync")
    assert first["status"] == "waiting"
    p0 = Player(Client(a.url, table, tokens[0]), 0, random.Random(seed + 1))
    await p0.client.connect()
    tokens[1] = join(b.url, table, 1, "on B")["token"]  # the seat change travels to A
    p1 = Player(Client(b.url, table, tokens[1]), 1, random.Random(seed + 2))
    await p1.client.connect()
    return table, tokens, p0, p1, spectator


async def quiet(client: Client, seconds: float = 0.5) -> None:
    """Receive until nothing arrives for ``seconds`` (the bots are done)."""
    while True:
        try:
            await client.recv(seconds)
        except TimeoutError:
            return


def tail(proc: ServerProcess) -> str:
    if proc.log_path is None or not proc.log_path.exists():
        return ""
    return f"--- {proc.log_path.name}:\n" + "\n".join(
        proc.log_path.read_text(errors="replace").splitlines()[-40:]
    )


def check_after_failover(
    db_url: str, base: str, table: str, players: list[Player], errors_allowed: set[str]
) -> dict[str, Any]:
    """A game that lost its owner mid-way and was finished by another process: every
    client ends at the final version, its events (pieced together across the failover)
    are exactly what a replay of the stored record shows its seat, and no action was
    stored twice or without being sent. The record."""
    record = get_record(base, table)
    n = len(record["actions"])
    assert n > KILL_AT
    assert stored_actions(db_url, table) == n
    state = replayed(record)
    assert state.outcome.over
    for p in players:
        assert p.client.version == n
        assert p.client.last is not None
        assert p.client.last["outcome"] == state.outcome.to_dict()
        assert p.client.last["view"] == state.view(p.seat)
        assert events_seen(p) == state.events(p.seat), f"seat {p.seat}"
        assert record == next(f for f in p.client.frames if f["type"] == "record")["record"]
    errors = [f for p in players for f in p.client.frames if f["type"] == "error"]
    assert all(e["code"] in errors_allowed for e in errors), errors
    print("errors:", sorted(e["code"] for e in errors))
    for p in players:
        if p.seat is not None:
            check_exactly_once(p, record, all_acked=False)
    return record


async def wait_for_owner(db_url: str, table: str, proc: ServerProcess) -> None:
    assert proc.proc is not None
    deadline = time.monotonic() + TIMEOUT
    while True:
        owner = await asyncio.to_thread(owner_of, db_url, table)
        if owner is not None and owner.split(":")[1] == str(proc.proc.pid):
            return
        assert time.monotonic() < deadline, f"the table is still owned by {owner}"
        await asyncio.sleep(0.2)


#: PostgreSQL session settings for scaled-out servers. A process that freezes inside a
#: commit (SIGSTOP below; a long GC or VM pause, a network partition) holds its row locks
#: until PostgreSQL ends its idle transaction; until then another process's takeover of
#: the table (and, without lock_timeout, everything its one writer thread commits) waits.
PG_OPTIONS = "?options=" + quote("-c idle_in_transaction_session_timeout=3000 -c lock_timeout=5000")


@contextlib.asynccontextmanager
async def two_servers(
    db_url: str, tmp_path: Path, extra: tuple[str, ...]
) -> AsyncIterator[tuple[ServerProcess, ServerProcess, list[Player]]]:
    """Processes A and B on one database, started together; on the way out the
    connections of the players in the yielded list are closed (and the servers' log
    tails printed if the test failed)."""
    a, b = ServerProcess(db_url, extra=extra), ServerProcess(db_url, extra=extra)
    players: list[Player] = []
    try:
        await asyncio.gather(
            asyncio.to_thread(a.start, tmp_path), asyncio.to_thread(b.start, tmp_path)
        )
        yield a, b, players
    except BaseException:
        print(tail(a), tail(b), sep="\n")
        raise
    finally:
        for p in players:
            await p.client.close()
        a.stop()
        b.stop()


async def test_a_table_split_across_two_processes(
    pg_fresh_url: str, redis_url: str, tmp_path: Path
) -> None:
    store.migrate(pg_fresh_url)  # once, before two processes start on the database
    db_url = pg_fresh_url + PG_OPTIONS.replace("?", "&" if "?" in pg_fresh_url else "?")
    async with two_servers(db_url, tmp_path, ("--redis", redis_url)) as (a, b, players):
        assert a.proc is not None and b.proc is not None

        # ------------------------------------------------ one table, two processes
        began = time.monotonic()
        table, tokens, p0, p1, spectator = await open_table(a, b, seed=1)
        players[:] = [p0, p1, spectator]
        owner = owner_of(pg_fresh_url, table)
        assert owner is not None and owner.split(":")[1] == str(a.proc.pid), owner
        await asyncio.wait_for(asyncio.gather(p0.play(), p1.play(), spectator.play()), TIMEOUT)
        record = get_record(b.url, table)
        assert get_record(a.url, table) == record
        n = len(record["actions"])
        assert stored_actions(pg_fresh_url, table) == n == p0.client.version
        assert p1.client.version == spectator.client.version == n
        outcome = p0.client.last["outcome"] if p0.client.last else None
        assert outcome is not None and outcome["status"] == "finished"
        assert p1.client.last is not None and p1.client.last["outcome"] == outcome
        assert spectator.client.last is not None and spectator.client.last["outcome"] == outcome
        assert replayed(record).outcome.to_dict() == outcome
        problems = check_wire(
            table,
            record,
            tokens,
            [
                Recorded(f"seat {p.seat} on {'A' if p is p0 else 'B'}", p.seat, p.client.raw)
                for p in players
            ],
        )
        assert not problems, "\n".join(problems)
        errors = [f for p in players for f in p.client.frames if f["type"] == "error"]
        assert all(e["code"] == "stale" for e in errors), errors
        assert check_exactly_once(p0, record, all_acked=True) > 0
        assert check_exactly_once(p1, record, all_acked=True) > 0  # sent through B
        for p in players:
            await p.client.close()
        print(f"split table: {n} actions in {time.monotonic() - began:.1f}s")

        # --------- a resync and a leave through B (the owner, A, builds the answers)
        table, tokens, p0, p1, spectator = await open_table(a, b, seed=4)
        players[:] = [p0, p1, spectator]
        first = await p1.client.recv_type("sync")
        start_events = len(first["events"]) if first["version"] == 0 else None
        await quiet(p1.client)
        have = p1.client.version
        await p1.client.send({"type": "sync", "version": 0})
        again = await p1.client.recv_type("sync", "update")
        assert again["type"] == "update" and again["version"] == have, again
        if start_events is not None:
            assert again["since"] == start_events
            assert events_seen(p1)[start_events:] == again["events"]
        r = httpx.delete(
            f"{b.url}/api/tables/{table}/seats/1",
            headers={"Authorization": f"Bearer {tokens[1]}"},
            timeout=30,
        )
        # mid-game the seat is not reopened: a bot takes it (tests/server/test_seats.py)
        assert r.status_code == 200 and r.json()["then"] == "bot", r.text
        for c in (p0.client, spectator.client):  # A's own client sees it, B's spectator too
            while True:
                seats = await c.recv_type("seats")
                if seats["seats"][1]["kind"] == "bot":
                    break
            assert [s["taken"] for s in seats["seats"]] == [True, True, True]
        for p in players:
            await p.client.close()

        # ------------- the owner stops (SIGSTOP) mid-game: B takes over when the lease
        # runs out; then A wakes up, finds its lease gone and forwards its client to B.
        began = time.monotonic()
        table, tokens, p0, p1, spectator = await open_table(a, b, seed=3)
        players[:] = [p0, p1, spectator]

        async def freeze_and_thaw() -> None:
            assert a.proc is not None
            c = spectator.client
            # when the bot is to act, so that A is likely frozen inside its commit
            while c.version is None or c.version < KILL_AT or 2 not in c.last["to_act"]:
                await c.recv(TIMEOUT)
            a.proc.send_signal(signal.SIGSTOP)  # alive (not provably dead), but silent
            try:
                print(f"stopped A at version {c.version}, {time.monotonic() - began:.1f}s")
                await wait_for_owner(pg_fresh_url, table, b)
                print(f"B took the table over, {time.monotonic() - began:.1f}s")
            finally:
                a.proc.send_signal(signal.SIGCONT)
            await spectator.play()

        await asyncio.wait_for(asyncio.gather(p0.play(), p1.play(), freeze_and_thaw()), TIMEOUT)
        print(f"stopped owner's table finished, {time.monotonic() - began:.1f}s")
        assert p0.reconnects == p1.reconnects == spectator.reconnects == 0
        check_after_failover(pg_fresh_url, b.url, table, players, {"stale", "unavailable", "moved"})
        for p in players:
            await p.client.close()

        # ---------------- kill -9 the owner mid-game: its client reconnects to B
        began = time.monotonic()
        table, tokens, p0, p1, spectator = await open_table(a, b, seed=2)
        players[:] = [p0, p1, spectator]
        killed = asyncio.Event()

        async def to_b(p: Player) -> None:
            await killed.wait()
            p.client.base = b.url
            p.client.ws = None
            await p.client.connect(p.client.version)  # "I have this version"

        async def watch_and_kill() -> None:
            c = spectator.client
            while c.version is None or c.version < KILL_AT:
                await c.recv(TIMEOUT)
            await asyncio.to_thread(a.kill9)
            killed.set()
            print(f"killed A at version {c.version}, {time.monotonic() - began:.1f}s")
            await spectator.play()

        await asyncio.wait_for(asyncio.gather(p0.play(to_b), p1.play(), watch_and_kill()), TIMEOUT)
        print(f"killed owner's table finished, {time.monotonic() - began:.1f}s")
        assert p0.reconnects == 1 and p1.reconnects == 0 and spectator.reconnects == 0
        check_after_failover(pg_fresh_url, b.url, table, players, {"stale", "unavailable"})


async def test_a_seat_played_through_another_process_is_present(
    pg_fresh_url: str, redis_url: str, tmp_path: Path
) -> None:
    """The owner counts a player connected through another process as at the table
    (``present`` over Redis): no "away" while they are connected there, however long;
    when they disconnect, the owner announces it and hands the seat to a bot after the
    grace, as it does for its own clients."""
    store.migrate(pg_fresh_url)
    grace = 1.0
    extra = ("--redis", redis_url, "--seat-grace", str(grace))
    async with two_servers(pg_fresh_url, tmp_path, extra) as (a, b, players):
        _, _, p0, p1, spectator = await open_table(a, b, seed=7)
        players[:] = [p0, p1, spectator]
        await p0.client.recv_type("sync", "update")
        # Three graces pass with seat 1 connected through B only: A must not call it away.
        until = time.monotonic() + 3 * grace
        while (left := until - time.monotonic()) > 0:
            with contextlib.suppress(TimeoutError):
                frame = await p0.client.recv(left)
                assert frame["type"] != "notice", frame
        await p1.client.close()  # now seat 1 is gone from every process
        events = []
        while len(events) < 2:
            frame = await p0.client.recv_type("notice")
            if frame["seat"] == 1:
                events.append(frame["event"])
        assert events == ["away", "bot"]


async def test_a_late_watcher_through_another_process_gets_every_update(
    pg_fresh_url: str, redis_url: str, tmp_path: Path
) -> None:
    """An owner whose broadcasts reached no process stops sending them to Redis; a
    spectator who then connects through another process turns them on again and follows
    the game to its end."""
    store.migrate(pg_fresh_url)
    async with two_servers(pg_fresh_url, tmp_path, ("--redis", redis_url)) as (a, b, players):
        made = create_table(
            a.url,
            game=GAME,
            players=3,
            seats=[{"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 2],
            sit=0,
            bot_delay=0,
        )
        table = made["table"]
        p0 = Player(Client(a.url, table, made["you"]["token"]), 0, random.Random(3))
        players[:] = [p0]
        await p0.client.connect()
        while p0.client.version is None or p0.client.version < 10:  # nobody forwards yet
            frame = await p0.client.recv()
            if frame["type"] in ("sync", "update") and 0 in frame["to_act"] and frame["legal"]:
                await p0.client.act(frame["legal"][0])
        spectator = Player(Client(b.url, table, None), None, random.Random(4))
        players.append(spectator)
        await spectator.client.connect()
        await asyncio.wait_for(asyncio.gather(p0.play(), spectator.play()), TIMEOUT)
        record = get_record(a.url, table)
        assert spectator.client.version == p0.client.version == len(record["actions"])
        assert events_seen(spectator) == replayed(record).events(None)


async def test_a_held_lease_cannot_be_taken(pg_fresh_url: str) -> None:
    store.migrate(pg_fresh_url)
    db_a, db_b = store.Store(pg_fresh_url), store.Store(pg_fresh_url)
    hub_a, hub_b = Hub(db_a, bot_workers=1), Hub(db_b, bot_workers=1)
    # Both hubs run in this one test process, so hub B would rightly see hub A's owner
    # name (this pid) as a dead process's and take its tables at once (hub.owner_is_dead).
    # Name A as a process of another machine instead: then only the lease can tell.
    hub_a.owner = f"elsewhere:4242:{'0' * 12}:{secrets.token_hex(4)}"
    try:
        created = await hub_a.create(
            GAME,
            players=3,
            options={},
            seat_specs=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2,
            settings={},
        )
        table = created.table_id
        assert table in hub_a.actors
        with pytest.raises(TableError) as refused:
            await hub_b.actor(table)
        assert refused.value.code == "elsewhere"
        assert table not in hub_b.actors

        def take(db: store.Store, owner: str) -> bool:
            return bool(db.write(lambda c: store.take_lease(c, table, owner, 10.0)).result(30))

        assert not take(db_b, hub_b.owner)
        assert take(db_a, hub_a.owner)  # the holder renews its own lease
        assert table in db_a.write(lambda c: store.renew_leases(c, hub_a.owner, 10.0)).result(30)

        def expire(c: Any) -> None:
            c.execute(
                sa.update(store.tables)
                .where(store.tables.c.id == table)
                .values(lease_until=time.time() - 1)
            )

        winners = []

        def race(db: store.Store, owner: str, go: threading.Barrier, out: dict[str, bool]) -> None:
            go.wait(10)
            out[owner] = take(db, owner)

        for _ in range(10):  # two processes race for a lease that ran out: one gets it
            db_a.write(expire).result(30)
            results: dict[str, bool] = {}
            go = threading.Barrier(2)
            threads = [
                threading.Thread(target=race, args=(db_a, hub_a.owner, go, results)),
                threading.Thread(target=race, args=(db_b, hub_b.owner, go, results)),
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert sorted(results.values()) == [False, True], results
            winner = next(o for o, won in results.items() if won)
            loser = hub_b.owner if winner == hub_a.owner else hub_a.owner
            assert owner_of(pg_fresh_url, table) == winner
            loser_db = db_b if loser == hub_b.owner else db_a
            assert table not in loser_db.write(
                lambda c, o=loser: store.renew_leases(c, o, 10.0)
            ).result(30)
            winners.append(winner)
        print(f"race winners: A {winners.count(hub_a.owner)}, B {winners.count(hub_b.owner)}")
    finally:
        await hub_a.close()
        await hub_b.close()
        db_a.close()
        db_b.close()
