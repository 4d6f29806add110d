"""The review's flood (issue 33): six all-``hard`` six-seat Christmas Lights tables with
``bot_delay`` 0 next to a human's table. The searches must run in the bot pool's worker
processes, never in the server's own process, where they held the GIL against the
event loop.

Nothing here asserts a time (the project's rule): the round trips are measured and
printed, and ``bench/flood.py`` measures them properly (baseline and flood, p50/p95,
against any tree). The assertions are structural: no search ran in the server's
process, the flood's decisions were made by the workers, and every flood table and the
human's table moved on.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.kit import Api, Client, first_legal, server_thread, sqlite_url

from yuletide.bots.base import SeatWindow
from yuletide.bots.ismcts import IsmctsBot
from yuletide.core.state import Action
from yuletide.server.botpool import PoolSettings, live_pools

FLOOD_TABLES = 6


async def _round_trips(base: str, api: Api, count: int) -> list[float]:
    """A human's action round trips (act sent to ack read), in seconds, at a Looney
    Lights table against a random bot; a new table when one ends."""
    trips: list[float] = []
    for _table in range(count):  # bounded: each table gives at least one round trip
        table = api.create_table(
            game="looney-lights",
            players=2,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            sit=0,
            bot_delay=0,
        )
        async with Client(base, table["table"], table["you"]["token"]) as me:
            while len(trips) < count and not me.over():
                frame = me.last
                if frame is None or 0 not in frame["to_act"] or frame["status"] != "playing":
                    await me.recv()
                    continue
                choice = first_legal(frame)
                assert choice is not None
                sent = time.perf_counter()
                await me.act(choice, ref=len(trips))
                answer = await me.recv_type("ack", "error")
                assert answer["type"] == "ack", answer
                trips.append(time.perf_counter() - sent)
                while (
                    me.last is not None
                    and me.version is not None
                    and me.version < answer["version"]
                ):
                    await me.recv()
        if len(trips) >= count:
            break
    return trips


def _summary(trips: list[float]) -> dict[str, Any]:
    ms = sorted(t * 1000 for t in trips)
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
    }


async def test_the_flood_runs_no_search_in_the_servers_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched_here: list[int] = []
    search = IsmctsBot.act

    def spy(self: IsmctsBot, window: SeatWindow) -> Action | None:
        searched_here.append(window.seat)  # a search in the server's own process
        return search(self, window)

    monkeypatch.setattr(IsmctsBot, "act", spy)
    with server_thread(
        sqlite_url(tmp_path / "y.db"), rate=1000, burst=1000, bot_pool=PoolSettings()
    ) as base:
        (pool,) = live_pools()
        api = Api(base)
        try:
            baseline = await _round_trips(base, api, 30)
            flood = [
                api.create_table(
                    game="christmas-lights",
                    players=6,
                    seats=[{"kind": "bot", "bot": "hard"}] * 6,
                    bot_delay=0,
                )["table"]
                for _ in range(FLOOD_TABLES)
            ]
            deadline = time.monotonic() + 120
            while pool.stats()["decisions_total"] < 2 * FLOOD_TABLES:
                assert time.monotonic() < deadline, f"the flood did not start: {pool.stats()}"
                await asyncio.sleep(0.05)
            flooded = await _round_trips(base, api, 30)
            stats = pool.stats()
            moved = [api.info(t)["version"] for t in flood]
        finally:
            api.close()
    print(f"\nround trips: baseline {_summary(baseline)}, flood {_summary(flooded)}; {stats}")
    assert searched_here == [], "a search ran in the server's own process"
    assert stats["decisions_total"] >= 2 * FLOOD_TABLES
    assert stats["worker_pids"] and os.getpid() not in stats["worker_pids"]
    assert stats["killed_total"] == 0
    assert sum(moved) >= 2 * FLOOD_TABLES
    assert len(flooded) == 30
