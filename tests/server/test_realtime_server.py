"""Real time on the server (issue 13, item 5): Lights On, Blink and Reindeer's Nose.

The server stamps each arriving action with its own monotonic clock and the engine sees
arrival order only: of two people racing for the same thing, the first to arrive gets it
and the other is refused (stale, since the table moved on, or illegal once they act on
the new position, with the engine's reason). A client's own claims about time are not
part of the protocol at all. A table time limit fires on the server clock: a Reindeer's
Nose seat that never points is pointed for by the server (the game's ``forced_action``),
stored as that seat's action with ``forced`` set, and the game goes on.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.kit import Client, Server, sqlite_server

import yuletide


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("realtime")) as served:
        yield served


def stored(path: Path, table: str) -> list[dict[str, Any]]:
    """The table's actions as the database file holds them."""
    conn = sqlite3.connect(path, timeout=30)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT n, seat, notation, forced, arrived FROM actions WHERE table_id = ? ORDER BY n",
            (table,),
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def engine_state(path: Path, table: str) -> yuletide.State:
    """The table's game rebuilt from the database file (what the server's engine holds)."""
    conn = sqlite3.connect(path, timeout=30)
    try:
        game, players, seed, options = conn.execute(
            "SELECT game, players, seed, options FROM tables WHERE id = ?", (table,)
        ).fetchone()
    finally:
        conn.close()
    state = yuletide.new_game(game, players=players, seed=seed, **json.loads(options))
    for a in stored(path, table):
        state.apply(a["seat"], a["notation"])
    return state


async def seated(server: Server, game: str, players: int, **body: Any) -> list[Client]:
    """A table of ``players`` people, each connected: their clients, in seat order."""
    base, _, api = server
    t = api.create_table(game=game, players=players, sit=0, **body)
    tokens = [t["you"]["token"]] + [api.join(t["table"], s)["token"] for s in range(1, players)]
    clients = [Client(base, t["table"], tok) for tok in tokens]
    for c in clients:
        await c.connect()
        assert (await c.recv_type("sync"))["status"] == "playing"
    return clients


async def settle(clients: list[Client], version: int) -> None:
    """Every client has seen ``version``."""
    for c in clients:
        while c.version is None or c.version < version:
            await c.recv()
        assert c.version == version


async def reply(client: Client, ref: Any) -> dict[str, Any]:
    """The ack or error answering the client's action ``ref``."""
    while True:
        frame = await client.recv_type("ack", "error")
        if frame.get("ref") == ref:
            return frame


async def race(
    path: Path, a: Client, action_a: str, b: Client, action_b: str, *, version: int
) -> Client:
    """Two seats act on the same version at the same moment: exactly one is accepted
    (whichever arrived first); the other is refused, as stale or, judged on the position
    the winner made, as illegal with the engine's own reason. The winner."""
    await asyncio.gather(
        a.act(action_a, version=version, ref="race-a"),
        b.act(action_b, version=version, ref="race-b"),
    )
    ra, rb = await reply(a, "race-a"), await reply(b, "race-b")
    assert sorted([ra["type"], rb["type"]]) == ["ack", "error"], (ra, rb)
    won, lost = (ra, rb) if ra["type"] == "ack" else (rb, ra)
    winner, loser = (a, b) if ra["type"] == "ack" else (b, a)
    assert won["version"] == version + 1
    assert_refused_after(path, loser, action_b if loser is b else action_a, lost)
    return winner


def assert_refused_after(path: Path, loser: Client, action: str, frame: dict[str, Any]) -> None:
    """``frame`` refuses ``loser``'s ``action`` because another seat got there first."""
    assert frame["code"] in ("stale", "illegal"), frame
    if frame["code"] == "illegal":
        state = engine_state(path, loser.table)
        assert loser.last is not None
        seat = loser.last["seat"]
        assert frame["message"] == str(state.why_illegal(seat, state.parse_action(action)))


def assert_server_clock(path: Path, table: str) -> list[dict[str, Any]]:
    rows = stored(path, table)
    assert [r["n"] for r in rows] == list(range(len(rows)))
    times = [r["arrived"] for r in rows]
    assert times == sorted(times)
    assert all(t >= 0 for t in times)
    return rows


# ---------------------------------------------------------------- Lights On


async def test_lights_on_races_go_to_the_first_to_arrive(server: Server) -> None:
    _, path, _ = server
    clients = await seated(server, "lights-on", 4)
    c0, c1, c2, c3 = clients
    table = c0.table

    # Team 0 (seats 0 and 2) picks its signal: "the first pick counts". Seat 0 is first.
    await c0.act("signal tree", version=0, ref="s0")
    assert (await reply(c0, "s0"))["type"] == "ack"
    await c2.act("signal star", version=0, ref="s2")
    assert_refused_after(path, c2, "signal star", await reply(c2, "s2"))
    await settle(clients, 1)
    state = engine_state(path, table)
    await c2.act("signal star", ref="s2-again")  # on the new position: no longer legal
    refused = await reply(c2, "s2-again")
    assert refused["code"] == "illegal"
    assert refused["message"] == str(state.why_illegal(2, state.parse_action("signal star")))
    assert c2.last is not None and c2.last["view"]["signal"] == "tree"

    # Team 1 (seats 1 and 3) picks at the same moment: whoever arrives first decides.
    winner = await race(path, c1, "signal bell", c3, "signal gift", version=1)
    await settle(clients, 2)
    choice = "bell" if winner is c1 else "gift"
    for c in (c1, c3):
        assert c.last is not None and c.last["view"]["signal"] == choice
    rows = assert_server_clock(path, table)
    assert winner.last is not None
    assert [(r["seat"], r["notation"]) for r in rows] == [
        (0, "signal tree"),
        (winner.last["seat"], f"signal {choice}"),
    ]
    assert c0.last is not None and c0.last["view"]["phase"] == "play"

    # A client's own claims about time are not part of the protocol: refused, no change.
    for claim in ({"time": 0.0}, {"arrived": -5.0}, {"timestamp": 1}, {"sent_at": "now"}):
        assert c0.last is not None
        message = {"type": "act", "action": c0.last["legal"][0], "version": 2, "ref": "t"}
        await c0.send({**message, **claim})
        frame = await c0.recv_type("error")
        assert frame["code"] == "bad_field"
        assert repr(next(iter(claim))) in frame["message"]
    assert len(stored(path, table)) == 2

    # The Market: two seats want its only card of a kind. The first to arrive gets it;
    # the other, acting on the new position, is told the card is gone.
    version = 2
    while True:
        assert c0.last is not None
        market = Counter(c0.last["view"]["market"])
        singles = sorted(k for k, n in market.items() if n == 1)
        if singles:
            break
        # (rare) no single card in the Market: take one of a pair, which leaves one
        fewest = min(market, key=lambda k: market[k])
        swap = next(a for a in c0.last["legal"] if a.endswith(f" for {fewest}"))
        await c0.act(swap, ref="prep")
        assert (await reply(c0, "prep"))["type"] == "ack"
        version += 1
        await settle(clients, version)
    kind = singles[0]

    def swap_for(c: Client, take: str) -> str | None:
        assert c.last is not None
        return next((a for a in c.last["legal"] if a.endswith(f" for {take}")), None)

    takers = [c for c in clients if swap_for(c, kind) is not None]
    assert len(takers) >= 2
    first, second = takers[0], takers[1]
    first_swap, second_swap = swap_for(first, kind), swap_for(second, kind)
    assert first_swap is not None and second_swap is not None
    await first.act(first_swap, version=version, ref="m1")
    assert (await reply(first, "m1"))["type"] == "ack"
    await second.act(second_swap, version=version, ref="m2")
    assert_refused_after(path, second, second_swap, await reply(second, "m2"))
    await settle(clients, version + 1)
    assert second.last is not None
    assert second_swap not in second.last["legal"]
    state = engine_state(path, table)
    seat = second.last["seat"]
    await second.act(second_swap, ref="m2-again")
    gone = await reply(second, "m2-again")
    assert gone["code"] == "illegal"
    assert gone["message"] == str(state.why_illegal(seat, state.parse_action(second_swap)))
    assert f"the {kind} card is gone" in gone["message"]
    rows = assert_server_clock(path, table)
    assert first.last is not None
    assert rows[-1]["seat"] == first.last["seat"]
    assert rows[-1]["notation"] == first_swap
    for c in clients:
        await c.close()


# -------------------------------------------------------------------- Blink


async def test_blink_call_and_catch_race_goes_to_the_first_to_arrive(server: Server) -> None:
    _, path, _ = server
    clients = await seated(server, "blink", 2)
    version = 0
    # Play on (first legal card) until a play leaves someone with one card.
    for _ in range(400):
        frames = [c.last for c in clients]
        assert all(f is not None for f in frames)
        if any("blink" in f["legal"] for f in frames if f is not None):
            break
        assert frames[0] is not None and frames[0]["outcome"]["status"] == "ongoing"
        mover = clients[frames[0]["to_act"][0]]
        assert mover.last is not None
        await mover.act(mover.last["legal"][0], ref=f"p{version}")
        assert (await reply(mover, f"p{version}"))["type"] == "ack"
        version += 1
        await settle(clients, version)
    else:
        pytest.fail("no Blink! window in 400 actions")
    one = next(c for c in clients if c.last is not None and "blink" in c.last["legal"])
    other = clients[1 - clients.index(one)]
    assert one.last is not None and other.last is not None
    caught = f"catch seat {one.last['seat']}"
    assert caught in other.last["legal"]
    assert set(one.last["to_act"]) == {0, 1}

    winner = await race(path, one, "blink", other, caught, version=version)
    await settle(clients, version + 1)
    rows = assert_server_clock(path, one.table)
    last = rows[-1]
    assert winner.last is not None
    assert last["seat"] == winner.last["seat"]
    assert last["notation"] == ("blink" if winner is one else caught)
    # neither may now call or catch: the window is closed whoever won
    for c in clients:
        assert c.last is not None
        assert "blink" not in c.last["legal"]
        assert caught not in c.last["legal"]
    for c in clients:
        await c.close()


# ---------------------------------------------------------- Reindeer's Nose


def nose_player(seat: int) -> Callable[[dict[str, Any]], str | None]:
    """Four people at Reindeer's Nose. Seat 3 collects red (the others pass red on when
    they hold it, and seat 3 keeps it), so rounds are short; seats 2 and 3 point as soon
    as someone has; seats 0 and 1 **never** point once someone has: the server's time
    limit must point for them. (Anyone with four of a kind must point first: it is the
    only legal action then. So seats 0 and 1 never keep three of a colour after passing,
    and so never hold four: a seat with four, acting on a frame from before another's
    point, would point on its own, unforced.)"""

    def policy(frame: dict[str, Any]) -> str | None:
        view, legal = frame["view"], frame["legal"]
        if not legal:
            return None
        if view["pointed"]:
            return "point" if seat in (2, 3) else None
        if legal == ["point"]:
            return "point"
        passes = [a for a in legal if a.startswith("pass ")]
        if not passes:
            return legal[0]  # pick up
        if seat == 3:
            return next((a for a in passes if a != "pass red"), passes[0])
        if seat in (0, 1):
            hand = view["hand"]
            most = max(set(hand), key=hand.count)
            if hand.count(most) >= 3 and f"pass {most}" in passes:
                return f"pass {most}"
        return "pass red" if "pass red" in passes else passes[0]

    return policy


async def test_reindeers_nose_time_limit_points_for_a_seat_on_the_server_clock(
    server: Server,
) -> None:
    _, path, _ = server
    limit = 0.5
    clients = await seated(
        server, "reindeers-nose", 4, time_limit=limit, options={"turn_limit": 3000}
    )
    table = clients[0].table
    lasts = await asyncio.gather(
        *(c.play(nose_player(seat), timeout=120) for seat, c in enumerate(clients))
    )
    record = (await clients[0].recv_type("record"))["record"]
    for c in clients:
        await c.close()
    outcome = lasts[0]["outcome"]
    assert all(last["outcome"] == outcome for last in lasts)
    assert outcome["status"] == "finished"

    rows = assert_server_clock(path, table)
    forced = [r for r in rows if r["forced"]]
    assert forced, "the time limit never fired"
    # Walk the rounds: the first point of a round is the set-holder's own; any later
    # point by seat 0 or 1 is the server's (they never point), made no sooner than the
    # limit after the round's first point made it due.
    first: dict[str, Any] | None = None
    points = 0
    for r in rows:
        if r["notation"] != "point":
            assert not r["forced"]
            continue
        if points == 0:
            first = r
            assert not r["forced"]
        elif r["seat"] in (0, 1):
            assert r["forced"], r
        if r["forced"]:
            assert first is not None
            assert r["arrived"] >= first["arrived"] + limit - 1e-3
        points = (points + 1) % 3  # four players: the third point ends the round
    assert rows[-1]["n"] > forced[0]["n"]  # the game went on after the first forced point

    assert len(record["actions"]) == len(rows) == lasts[0]["version"]
    for r in forced:
        assert record["actions"][r["n"]] == [r["seat"], "point"]
    assert yuletide.replay(record).outcome.to_dict() == outcome
    assert server[2].http.get(f"/api/tables/{table}/record").json() == record
