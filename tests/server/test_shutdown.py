"""Clean stops (issue 33, point 5): SIGTERM/SIGINT under load end the process promptly,
and nothing acknowledged is lost.

``test_signals_under_load_exit_promptly_and_lose_nothing`` runs a real `yuletide serve`
on a SQLite file with: two all-``hard`` bot tables (six-seat Christmas Lights, four-seat
Twinkling Lights, ``bot_delay`` 0: searches all the time) and a table of two human
clients acting as fast as they are acknowledged beside two quick bots. Once the games
have moved on, the server gets a signal — SIGTERM, then SIGINT, then SIGTERM twice in a
row — three times in all, restarting on the same database each time (the tables resume
by replay). Each time: the process exits within :data:`EXIT_BOUND` (a bounded poll: the
bound checks "it exits", it is not a speed claim; the review once saw a stop take 8
minutes), the log has no ``InvalidStateError`` (the database writer thread died on a
future cancelled at shutdown, and every later commit waited for ever), and every action
a client was acknowledged is in the database, exactly as sent (check_seen). The measured
exit times are printed.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.kit import ServerProcess, create_table, read_table, sqlite_url
from tests.server.test_durability import Player, check_seen, wait_until

from yuletide.server import store

#: Seconds a signalled server may take to exit before the test fails (generous).
EXIT_BOUND = 20.0
WAIT = 60.0


async def version(base: str, table: str) -> int:
    async with httpx.AsyncClient(timeout=30) as http:
        r = await http.get(f"{base}/api/tables/{table}")
        assert r.status_code == 200, r.text
        return int(r.json()["version"])


def hard_table(base: str, game: str, players: int) -> str:
    table = create_table(
        base,
        game=game,
        players=players,
        seats=[{"kind": "bot", "bot": "hard"}] * players,
        bot_delay=0,
    )
    return str(table["table"])


async def human_table(base: str, seed: int) -> list[Player]:
    """Two human clients (connected) at a table with two quick bots."""
    made = create_table(
        base,
        game="twinkling-lights",
        players=4,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}],
        sit=0,
        bot_delay=0,
    )
    tid = made["table"]
    async with httpx.AsyncClient(timeout=30) as http:
        second = (await http.post(f"{base}/api/tables/{tid}/seats/2", json={})).json()
    players = [
        Player(base, tid, made["you"]["token"], seed=seed),
        Player(base, tid, second["token"], seed=seed + 1),
    ]
    for p in players:
        await p.connect()
    return players


async def test_signals_under_load_exit_promptly_and_lose_nothing(tmp_path: Path) -> None:
    db_url = sqlite_url(tmp_path / "yuletide.db")
    server = ServerProcess(db_url).start(tmp_path)
    times: list[tuple[str, float]] = []
    everyone: list[Player] = []
    searching: list[str] = []
    try:
        rounds = [("SIGTERM", [signal.SIGTERM]), ("SIGINT", [signal.SIGINT])]
        rounds.append(("SIGTERM twice", [signal.SIGTERM, signal.SIGTERM]))
        for n, (name, signals) in enumerate(rounds):
            base = server.url
            # the searching tables (resumed by replay after a restart; new ones for any
            # whose game ended)
            searching = [t for t in searching if read_table(db_url, t)[0]["status"] == "playing"]
            while len(searching) < 2:
                searching.append(
                    hard_table(base, "christmas-lights", 6)
                    if len(searching) == 0
                    else hard_table(base, "twinkling-lights", 4)
                )
            players = await human_table(base, seed=10 * n)
            everyone += players
            tasks = [asyncio.create_task(p.run()) for p in players]
            moved = {t: await version(base, t) for t in searching}

            async def busy_now(b: str = base, m: dict[str, int] = moved) -> bool:
                return all([await version(b, t) > v for t, v in m.items()])

            await wait_until(
                "the clients' actions to be acknowledged",
                lambda ps=players: all(len(p.acked) >= 5 or p.over() for p in ps),
            )
            deadline = time.monotonic() + WAIT
            while not await busy_now():  # the searching bots have moved on: mid-search
                assert time.monotonic() < deadline, "the hard bots' tables did not move"
                await asyncio.sleep(0.1)

            proc = server.proc
            assert proc is not None
            start = time.monotonic()
            for sig in signals:
                proc.send_signal(sig)
                await asyncio.sleep(0.05)
            while proc.poll() is None:  # bounded poll; the bound is "it exits"
                assert time.monotonic() - start < EXIT_BOUND, (
                    f"the server did not exit within {EXIT_BOUND} s of {name}:\n{server.log()}"
                )
                await asyncio.sleep(0.02)
            took = time.monotonic() - start
            times.append((name, took))
            print(f"{name}: exited in {took:.2f} s (code {proc.returncode})")
            await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
            log = server.log()
            assert "InvalidStateError" not in log, log

            # everything any client was acknowledged is stored, exactly as sent
            for p in everyone:
                row, _, actions = read_table(db_url, p.table)
                check_seen(p, row, actions)
            server = ServerProcess(db_url).start(tmp_path)
        assert sum(len(p.acked) for p in everyone) >= 15
    finally:
        server.stop()
    print("exit times:", ", ".join(f"{n} {t:.2f} s" for n, t in times))


def test_a_cancelled_write_does_not_kill_the_writer(tmp_path: Path) -> None:
    """The stuck shutdown's cause, exactly: a write whose caller gave up (its future
    cancelled, as asyncio.wrap_future does when the awaiting task is cancelled at
    shutdown) while it waited in the queue. Before, the writer thread died on
    ``InvalidStateError`` setting its result, and every later write waited for ever."""
    url = sqlite_url(tmp_path / "yuletide.db")
    store.migrate(url)
    db = store.Store(url)
    try:
        busy, release = threading.Event(), threading.Event()

        def slow(_conn: Any) -> str:
            busy.set()
            assert release.wait(WAIT)
            return "slow"

        first = db.write(slow)
        assert busy.wait(WAIT)  # the writer is inside the first batch
        given_up = db.write(lambda _conn: "never run")
        assert given_up.cancel()
        release.set()
        assert first.result(WAIT) == "slow"
        # the writer lives on: the next write is committed and answered
        after = db.write(store.live_table_ids)
        assert after.result(WAIT) == []
        assert db._thread.is_alive()
    finally:
        db.close()
    # after close a write fails at once instead of waiting for ever
    with pytest.raises(RuntimeError, match="stopped"):
        db.write(lambda _conn: None).result(WAIT)
