"""The bot pool (server/botpool.py): bots decide in worker processes, the same as in the
server's own process; tables share the workers fairly; a bot over its budget is cut, a
stuck worker is killed and replaced; the pool stops with the server.

The server tests run a real uvicorn (kit.server_thread). Every wait is for a state (a
table's version, a count in the pool's stats) with a bound, never for a time.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.kit import Api, Client, server_thread, sqlite_url

from yuletide.bots import BOTS, level_bot, load_bot, make_bot
from yuletide.bots.base import SeatWindow
from yuletide.core.registry import game_class
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.server.botpool import BotPool, PoolSettings, live_pools

HERE = "tests.server.test_botpool"


class FixedHard:
    """``hard`` with a fixed iteration budget and no time cap: the same decisions from
    the same seed and windows wherever it runs (the ladder's reproducible setting)."""

    name = "fixed-hard"
    searches = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.bot: Any = None

    def act(self, window: SeatWindow) -> Action | None:
        if self.bot is None:
            self.bot = level_bot("hard", window.game_id, self.seed, iterations=12)
        action: Action | None = self.bot.act(window)
        return action


class Burner:
    """A searching bot that spends 0.15 s of CPU, then plays a seeded random action."""

    name = "burner"
    searches = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action | None:
        end = time.perf_counter() + 0.15
        while time.perf_counter() < end:
            pass
        legal = window.legal_actions()
        return legal[self.rng.below(len(legal))] if legal else None


class Spinner:
    """A searching bot that never stops thinking (a runaway search)."""

    name = "spinner"
    searches = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, window: SeatWindow) -> Action | None:
        n = 0
        while True:
            n += 1


class Frozen:
    """A searching bot stuck where the budget's alarm cannot reach it (the alarm
    blocked, as in a long call into C code): only killing its process ends it."""

    name = "frozen"
    searches = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, window: SeatWindow) -> Action | None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(120)
        return None


FIXED_HARD = f"{HERE}:FixedHard"
BURNER = f"{HERE}:Burner"
SPINNER = f"{HERE}:Spinner"
FROZEN = f"{HERE}:Frozen"


@pytest.fixture(scope="module", autouse=True)
def _own_bots() -> Iterator[None]:
    """This module's bots are registered while its tests run, and only then: the other
    tests in this worker process see the shipped bots alone."""
    names = [load_bot(spec) for spec in (FIXED_HARD, BURNER, SPINNER, FROZEN)]
    yield
    for name in names:
        BOTS.pop(name, None)


# ------------------------------------------------------------------- helpers


class _Table:
    """What the pool reads of a live table, for a game played here by the test."""

    def __init__(self, table_id: str, game: str, players: int, seed: int) -> None:
        self.id = table_id
        self.row = {"game": game, "players": players, "seed": seed, "options": {}}
        self.state: State = game_class(game).new(players, seed)

    @property
    def version(self) -> int:
        return len(self.state.history)


async def _wait_for(check: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Wait (bounded) until ``check()`` holds, looking every 20 ms."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """``start(settings)``: a real server with that bot pool; yields (base, api, pool)."""
    stack: list[Any] = []

    def start(settings: PoolSettings) -> tuple[str, Api, BotPool]:
        context = server_thread(
            sqlite_url(tmp_path / "y.db"), rate=1000, burst=1000, bot_pool=settings
        )
        base = context.__enter__()
        stack.append(context)
        api = Api(base)
        stack.append(api)
        pools = live_pools()
        assert len(pools) == 1, pools
        return base, api, pools[0]

    yield start
    for item in reversed(stack):
        if isinstance(item, Api):
            item.close()
        else:
            item.__exit__(None, None, None)


def _bot_table(api: Api, game: str, bots: list[str], **options: Any) -> str:
    table = api.create_table(
        game=game,
        players=len(bots),
        seats=[{"kind": "bot", "bot": b} for b in bots],
        bot_delay=0,
        options=options,
    )
    table_id: str = table["table"]
    return table_id


# --------------------------------------------------------------------- tests


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("looney-lights", 4),
        ("wheres-that-bulb", 3),  # medium remembers every card it has seen flipped
        ("jolly-christmas", 4),
        ("christmas-lights", 4),
        ("reindeers-nose", 4),  # real time: several seats may act, a bot may wait
    ],
)
async def test_the_pool_decides_as_the_bot_would_in_process(game: str, players: int) -> None:
    """Each seat's bot (the search, medium, easy, random) decides through the pool and
    in this process from the same seed and the same windows: the same action every
    time, bots keeping their memory between decisions. Halfway the worker that holds
    the bots is killed: the pool answers ``killed`` once, a new worker takes over, and
    the bots go on exactly as before (their state travels with the decisions)."""
    names = [FIXED_HARD, "medium", "easy", "random"]
    pool = BotPool(PoolSettings(processes=2, every_bot=True))
    try:
        table = _Table(f"t-{game}", game, players, seed=41)
        local = {}
        for seat in range(players):
            name = names[seat % len(names)]
            local[seat] = make_bot(name, 1000 + seat)
            pool.seed_bot(table.id, seat, name, 1000 + seat)
        decisions = killed = 0
        for step in range(40):
            state = table.state
            if state.outcome.over:
                break
            if step == 20:
                for pid in pool.stats()["worker_pids"]:
                    os.kill(pid, signal.SIGKILL)
            acted = False
            for seat in sorted(state.to_act):
                name = names[seat % len(names)]
                expected = local[seat].act(SeatWindow(state.clone(), seat))
                got = await pool.decide(table, seat, name, searches=True)
                while got.status == "killed":
                    killed += 1
                    got = await pool.decide(table, seat, name, searches=True)
                assert got.status == "ok", got
                assert got.pid != os.getpid()
                assert got.action == (None if expected is None else str(expected)), (
                    f"{game} step {step} seat {seat} ({name})"
                )
                decisions += 1
                if expected is not None:
                    state.apply(seat, expected)
                    acted = True
                    break
            if not acted:  # every seat waits (a real-time lull): the first plays on
                seat = min(state.to_act)
                state.apply(seat, state.legal_actions(seat)[0])
        assert decisions >= 20
        assert killed <= 2
        assert pool.stats()["decisions_total"] >= decisions
    finally:
        await pool.close()


@pytest.mark.parametrize("processes", [1, 2])
async def test_a_searching_table_cannot_starve_another(
    served: Callable[..., tuple[str, Api, BotPool]], processes: int
) -> None:
    """Table A's four searching bots all want to think at once (a real-time game, no
    delay); table B's two take turns. With one decision per table at a time, A never
    runs more than one decision at once (so with two workers it never holds both), and
    every decision of B starts before A starts more than one other (round robin): A
    cannot starve B, with one worker or two."""
    base, api, pool = served(PoolSettings(processes=processes, table_searches=1))
    table_a = _bot_table(api, "reindeers-nose", [BURNER] * 4)
    table_b = _bot_table(api, "looney-lights", [BURNER, BURNER])

    def started(table: str) -> int:
        return sum(1 for t, _, _ in pool.dispatched if t == table)

    async with Client(base, table_b, None) as watcher:
        while watcher.version is None or watcher.version < 8:
            await watcher.recv(timeout=60)
    await _wait_for(lambda: started(table_a) >= 8, "table A's decisions")
    log = list(pool.dispatched)
    starts_a = [start for table, _, start in log if table == table_a]
    waits_b = [(queued, start) for table, queued, start in log if table == table_b]
    assert len(waits_b) >= 8
    for queued, start in waits_b:
        overtaken = sum(1 for s in starts_a if queued < s < start)
        assert overtaken <= 1, (queued, start, starts_a)
    assert pool.table_high_water == 1
    assert pool.stats()["killed_total"] == 0


async def test_a_search_over_budget_is_cut(
    served: Callable[..., tuple[str, Api, BotPool]],
) -> None:
    """A bot that never stops thinking is cut at its budget: its seat plays a legal
    action anyway and the game goes on; the worker lives on (nothing killed)."""
    base, api, pool = served(PoolSettings(processes=1, budget=0.3, kill_after=20))
    table = _bot_table(api, "looney-lights", [SPINNER, "random"])
    async with Client(base, table, None) as watcher:
        while watcher.version is None or watcher.version < 4:
            await watcher.recv(timeout=60)
    stats = pool.stats()
    assert stats["cut_total"] >= 2
    assert stats["killed_total"] == 0
    assert len(set(stats["worker_pids"])) == 1


async def test_a_stuck_worker_is_killed_and_replaced(
    served: Callable[..., tuple[str, Api, BotPool]],
) -> None:
    """A bot the alarm cannot reach: its worker is killed after budget + kill_after,
    a new worker takes its place, and the seat plays a legal action of the table's."""
    base, api, pool = served(PoolSettings(processes=1, budget=0.2, kill_after=0.5))
    table = _bot_table(api, "looney-lights", [FROZEN, "random"])
    async with Client(base, table, None) as watcher:
        while watcher.version is None or watcher.version < 3:
            await watcher.recv(timeout=60)
    await _wait_for(lambda: pool.stats()["killed_total"] >= 1, "a killed worker")
    first = pool.stats()["worker_pids"]
    await _wait_for(
        lambda: pool.stats()["worker_pids"] and pool.stats()["worker_pids"] != first,
        "a new worker",
    )


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] == "Z"
    except FileNotFoundError:
        return True


async def test_the_pool_stops_with_the_server(tmp_path: Path) -> None:
    """Mid-game (a search running), the server stops: the pool closes and its worker
    processes are gone."""
    with server_thread(
        sqlite_url(tmp_path / "y.db"), rate=1000, burst=1000, bot_pool=PoolSettings(processes=1)
    ) as base:
        (pool,) = live_pools()
        api = Api(base)
        try:
            table = _bot_table(api, "christmas-lights", ["hard"] * 3)
        finally:
            api.close()
        async with Client(base, table, None) as watcher:
            while watcher.version is None or watcher.version < 2:
                await watcher.recv(timeout=60)
        pids = pool.stats()["worker_pids"]
        assert pids and os.getpid() not in pids
    assert pool.closed
    await _wait_for(lambda: all(_gone(pid) for pid in pids), "the workers to exit", 20)
