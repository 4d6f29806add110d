"""The proof that the wire leaks nothing (issue 13, item 8).

For every registered game a table is played to the end on a real server (uvicorn in a
thread, SQLite file) by bots and recorded websocket clients: one human seat (two at
tables of three or more players) played by a client choosing seeded-random legal
actions, and a spectator, which once drops its connection and comes back with the last
version it saw (the catch-up ``update``) and once asks for a full ``sync``. Every frame
each client received is then checked against the finished game's public record
(``GET /api/tables/{id}/record``), replayed step by step:

(a) **Rebuild.** A ``sync``/``update`` frame at version v equals, as parsed JSON, the
    frame ``protocol.sync_frame`` / ``update_frame`` builds from the client's seat's own
    channels at ``state_v``, with ``since`` = the log length at the version the client
    held before (v - 1 for a broadcast update) and ``extra`` = the frame's own
    ``status`` (public table state, checked on its own: "waiting" only at version 0,
    "finished"/"unfinished" only at the last version).
    Seat 0's client is a browser (hello ``"table": true``): its frames also carry the
    table model and log lines, rebuilt the same way (``protocol.with_table``), so (b)
    proves the model leaks nothing either.
(b) **Determinized.** The same frame is built again from ``state_v.determinize(seat,
    Rng(k))`` and must be identical. A determinization has seed 0, no record and all
    that is hidden from the seat re-dealt, so anything in a frame that is not a function
    of the seat's own channels shows up as a difference. A spectator knows less than any
    seat, so its frame (the ``None`` channels) must come out identical from the
    determinization of *every* seat: that is what is checked for spectators (one seat
    would not do: a spectator shown seat 0's hand passes with seat 0's determinization).
(c) **Secrets.** No frame's raw text contains the seed (a 63-bit number, as a decimal
    string) or any seat token (another seat's, nor even the client's own: the protocol
    never needs to echo one), and no frame has a field named ``seed`` anywhere, except
    the ``record`` frames, which must come after the client saw the last version and
    equal the public record. The REST answers seen while the game ran (the create
    response, the table's public info, GET record: refused) hold no seed either.

Also each client's frames continue one another: the first is a ``sync``; versions never
go back; every ``update``'s events start at the log position of the version the client
held (so a dropped update shows as a gap, while a reconnecting client's catch-up may
jump); the last is the game's final version. That is how a client knows it missed
nothing.

(a) alone would also pass for a protocol that leaked by construction (the rebuild would
leak the same way); (b) is what catches that. ``test_the_proof_catches_a_leak`` plants
such leaks in ``protocol.window`` (in this process, where the server thread runs) and
shows :func:`check_wire` reports them; ``test_the_proof_catches_tampered_frames`` shows
the other checks report a gap, a token, the seed, a changed frame, a cut recording.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.kit import Client, Policy, create_table, join, server_thread, sqlite_url

import yuletide
from yuletide.core.conformance import first_difference
from yuletide.core.rng import Rng
from yuletide.core.state import State
from yuletide.server import protocol

#: Seconds any one game may take on the server before the test gives up (not a timed
#: assertion: only a guard against hanging).
GAME_TIMEOUT = 120.0


# ------------------------------------------------------------------ playing


@dataclass
class Recorded:
    """One recorded client: its seat (None: spectator) and the text of every frame."""

    name: str
    seat: int | None
    raw: list[str]


@dataclass
class Played:
    table: str
    players: int
    tokens: dict[int, str]
    clients: list[Recorded]
    record: dict[str, Any]
    #: REST answers while the game ran: the create response (it holds seat 0's own
    #: grant), the table's public info, and GET record (refused while it runs).
    rest: list[str] = field(default_factory=list)
    early_record: tuple[int, str] = (0, "")
    seconds: float = 0.0
    errors: list[dict[str, Any]] = field(default_factory=list)


def random_legal(seed: int) -> Policy:
    """A policy: a seeded-random legal action of the frame's seat."""
    rng = random.Random(seed)

    def policy(frame: dict[str, Any]) -> str | None:
        legal: list[str] = frame["legal"]
        return rng.choice(legal) if legal else None

    return policy


async def watch_to_end(client: Client, timeout: float) -> None:
    """Watch (recording every frame) until the ``record`` frame the server sends at the
    end; on the way, drop the connection once and come back with the last version seen
    (the server answers with one catch-up update), and ask once for a full sync."""
    while client.version is None or client.version < 2:
        if (await client.recv(timeout))["type"] == "record":
            return
    await client.close()
    await asyncio.sleep(0.05)  # let the table move on meanwhile (if it can)
    await client.connect(client.version)
    await client.send({"type": "sync", "version": None})
    await client.recv_type("record", timeout=timeout)


async def play_to_end(client: Client, seed: int, timeout: float) -> None:
    await client.play(random_legal(seed), timeout=timeout)
    await client.recv_type("record", timeout=timeout)


async def play_table(
    base: str, game: str, seed: int, players: int | None = None, **options: Any
) -> Played:
    """A table of ``game`` played to the end by bots, one human client (two at tables
    of three or more) choosing seeded-random legal actions, and a spectator client."""
    if players is None:
        players = yuletide.game_class(game).default_players
    humans = 1 if players <= 2 else 2
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "random"}] * (players - humans)
    started = time.monotonic()
    made = create_table(
        base, game=game, players=players, options=options, seats=seats, sit=0, bot_delay=0
    )
    table = made["table"]
    tokens = {0: made["you"]["token"]}
    # The spectator and seat 0 connect first: at a table that waits for seat 1 they see
    # the "waiting" sync and then the sync when the game goes live.
    spectator = Client(base, table, None)
    await spectator.connect()
    # Seat 0 is a browser (its frames carry the table model); the others are plain.
    clients = [(0, Client(base, table, tokens[0], model=True))]
    await clients[0][1].connect()
    for seat in range(1, humans):
        tokens[seat] = join(base, table, seat, f"human {seat}")["token"]
        clients.append((seat, Client(base, table, tokens[seat])))
        await clients[-1][1].connect()
    async with httpx.AsyncClient() as http:
        info = await http.get(f"{base}/api/tables/{table}", timeout=30)
        early = await http.get(f"{base}/api/tables/{table}/record", timeout=30)
    try:
        await asyncio.wait_for(
            asyncio.gather(
                watch_to_end(spectator, GAME_TIMEOUT),
                *(play_to_end(c, seed * 10 + s, GAME_TIMEOUT) for s, c in clients),
            ),
            GAME_TIMEOUT + 10,
        )
    finally:
        for _, c in clients:
            await c.close()
        await spectator.close()
    async with httpx.AsyncClient() as http:
        r = await http.get(f"{base}/api/tables/{table}/record", timeout=30)
    assert r.status_code == 200, r.text
    recorded = [Recorded("spectator", None, spectator.raw)] + [
        Recorded(f"seat {s}", s, c.raw) for s, c in clients
    ]
    errors = [f for _, c in clients for f in c.frames if f["type"] == "error"]
    return Played(
        table,
        players,
        tokens,
        recorded,
        r.json(),
        rest=[json.dumps(made), info.text],
        early_record=(early.status_code, early.text),
        seconds=time.monotonic() - started,
        errors=errors,
    )


# ---------------------------------------------------------------- checking


def _show(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "…"


def _at(value: Any, path: str) -> Any:
    """The part of a JSON value at a first_difference path (best effort, for messages)."""
    for key, index in re.findall(r"\.?([^.\[\]]+)|\[(\d+)\]", path.split(" (", 1)[0]):
        try:
            value = value[int(index)] if index else value[key]
        except (KeyError, IndexError, TypeError):
            return "<absent>"
    return value


def _diff(got: Any, want: Any) -> str:
    where = first_difference(got, want) or "(equal by path, unequal by value)"
    return f"differs at {where}: got {_show(_at(got, where))}, expected {_show(_at(want, where))}"


def _has_key(value: Any, name: str) -> bool:
    if isinstance(value, dict):
        return name in value or any(_has_key(v, name) for v in value.values())
    if isinstance(value, list):
        return any(_has_key(v, name) for v in value)
    return False


def _frame(
    table: str,
    version: int,
    state: State,
    seat: int | None,
    *,
    since: int | None,
    status: Any,
    model: bool = False,
) -> dict[str, Any]:
    """The frame the protocol builds (as the JSON a client parses); with ``model``, as a
    browser gets it (the table model and log lines made from that frame)."""
    extra = {"status": status}
    if since is None:
        frame = protocol.sync_frame(table, version, state, seat, extra)
    else:
        frame = protocol.update_frame(table, version, state, seat, since=since, extra=extra)
    if model:
        frame = protocol.with_table(frame, state.game_id)
    return json.loads(protocol.encode(frame))  # type: ignore[no-any-return]


def check_wire(
    table: str,
    record: dict[str, Any],
    tokens: dict[int, str],
    clients: list[Recorded],
    *,
    limit: int = 5,
) -> list[str]:
    """Every way the recorded frames break the leak proof (module docstring), as
    readable messages; [] when they prove the wire leaks nothing. At most ``limit``
    messages of each kind of fault."""
    problems: list[str] = []
    counts: dict[str, int] = {}

    def fail(kind: str, message: str) -> None:
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] <= limit:
            problems.append(message)

    seed = record["seed"]
    n = len(record["actions"])
    players = record["players"]
    secrets_ = {f"the seed {seed}": str(seed)} | {
        f"the token of seat {s}": t for s, t in tokens.items()
    }

    # (c) and the version sequence; collect the frames to rebuild, by version:
    # (client, frame index, frame, the version the client held before: None for a sync).
    wanted: dict[int, list[tuple[Recorded, int, dict[str, Any], int | None]]] = {}
    for client in clients:
        last: int | None = None
        for i, text in enumerate(client.raw):
            frame = json.loads(text)
            kind = frame.get("type")
            where = f"{client.name} frame {i} ({kind})"
            if kind == "record":  # the one frame that may hold the seed: after the end
                if last != n:
                    fail("early record", f"{where}: a record frame before the game ended")
                if frame.get("record") != record:
                    fail("record", f"{where}: the record frame is not the public record")
                continue
            for what, secret in secrets_.items():
                at = text.find(secret)
                if at >= 0:
                    fail(what, f"{where} contains {what}: …{text[max(0, at - 120) : at + 60]}…")
            if '"seed"' in text and _has_key(frame, "seed"):
                fail("seed field", f"{where} has a field named 'seed': {text[:300]}")
            if kind not in ("sync", "update"):
                continue
            v = frame.get("version")
            if type(v) is not int or not 0 <= v <= n:
                fail("version", f"{where}: version {v!r} is not one of 0..{n}")
                continue
            if kind == "update" and last is None:
                fail("gap", f"{where}: an update before any sync (a gap)")
                continue
            if last is not None and v < last:
                fail("gap", f"{where}: version {v} after version {last} (backwards)")
            status = frame.get("status")
            allowed = {"waiting", "playing"} if v == 0 else {"playing"}
            if v == n:
                allowed |= {"finished", "unfinished"}
            if status not in allowed:
                fail("status", f"{where}: status {status!r} at version {v} of {n}")
            wanted.setdefault(v, []).append((client, i, frame, last if kind == "update" else None))
            last = v
        if last != n:
            fail("end", f"{client.name}: the last version it saw is {last}; the game has {n}")

    # (a) and (b): replay the record and rebuild every frame at its version.
    if yuletide.game_class(record["game"]).rules_version != record["rules_version"]:
        return [*problems, f"the record is of rules version {record['rules_version']}"]
    state = yuletide.new_game(record["game"], players=players, seed=seed, **record["options"])
    log_at = [len(state.log)]  # the log's length at each version
    for v in range(n + 1):
        if v > 0:
            seat, notation = record["actions"][v - 1]
            state.apply(seat, notation)
            log_at.append(len(state.log))
        dets: dict[int, State] = {}  # determinizations of state_v, by seat
        for client, i, frame, held in wanted.get(v, []):
            where = f"{client.name} frame {i} ({frame['type']} at version {v})"
            # An update continues from the log position of the version the client held
            # (v - 1 for a broadcast; older for the catch-up after a reconnection).
            since = None if held is None else log_at[held]
            if since is not None and frame.get("since") != since:
                fail(
                    "gap",
                    f"{where}: its events start at log position {frame.get('since')!r}, but"
                    f" the client holds version {held}, log position {since} (a gap)",
                )
                continue
            modelled = "model" in frame
            rebuilt = _frame(
                table, v, state, client.seat, since=since, status=frame["status"], model=modelled
            )
            if rebuilt != frame:
                fail(
                    "rebuild",
                    f"{where}: not what the protocol builds from its channels: "
                    + _diff(frame, rebuilt),
                )
                continue
            # A seat's frame from its own determinization; a spectator's from every
            # seat's (it knows less than any seat).
            for s in range(players) if client.seat is None else (client.seat,):
                if s not in dets:
                    dets[s] = state.determinize(s, Rng(1 + 8 * v + s))
                other = _frame(
                    table,
                    v,
                    dets[s],
                    client.seat,
                    since=since,
                    status=frame["status"],
                    model=modelled,
                )
                if other != frame:
                    fail(
                        "determinized",
                        f"{where}: the frame built from seat {s}'s determinization differs,"
                        " so it carries something the client cannot know: " + _diff(frame, other),
                    )
                    break
    if not state.outcome.over:
        fail("unfinished", f"the record replays to a game not over ({state.outcome.status})")
    return problems


# ------------------------------------------------------------------- tests


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with server_thread(sqlite_url(tmp_path / "leaks.db"), rate=1000, burst=1000) as url:
        yield url


#: Player counts other than the game's default. Christmas Lights at its default 4 takes
#: about 1,000-1,800 actions, and each determinized frame re-renders its whole log (its
#: ``events`` cache starts empty in a new world), so checking it costs O(actions²) (about
#: 28 s of checking for 1,781 actions); at 3 seats (about 800-1,200 actions) it still
#: has two human clients and ends naturally.
PLAYERS: dict[str, int] = {"christmas-lights": 3}
#: Game options for this test; none: every game plays with its defaults to its real end.
OPTIONS: dict[str, dict[str, Any]] = {}


@pytest.mark.parametrize("game", yuletide.games())
async def test_every_frame_is_the_seats_own_window(base: str, game: str) -> None:
    seed = sum(map(ord, game))
    played = await play_table(base, game, seed, PLAYERS.get(game), **OPTIONS.get(game, {}))
    assert played.record["game"] == game
    assert played.record["actions"], "the game ended without an action"
    # An action overtaken by another seat's (a race in a real-time game) is refused as
    # stale, or judged on the position now and refused with the engine's reason.
    assert all(e.get("code") in ("stale", "illegal") for e in played.errors), played.errors
    # The REST side while the game ran: no seed, no other seat's token, no record.
    secret = str(played.record["seed"])
    for text in played.rest:
        assert secret not in text, text
        assert not any(t in text for s, t in played.tokens.items() if s != 0), text
    assert '"seed"' not in played.rest[1], played.rest[1]
    status, text = played.early_record
    assert status == 409 or (status == 200 and json.loads(text) == played.record), text
    assert secret not in text or status == 200, text
    checked = time.monotonic()
    problems = check_wire(played.table, played.record, played.tokens, played.clients)
    assert not problems, "\n".join(problems)
    frames = sum(len(c.raw) for c in played.clients)
    print(
        f"{game}: {len(played.record['actions'])} actions, {frames} frames,"
        f" {played.seconds:.1f}s to play, {time.monotonic() - checked:.1f}s to check"
    )


@pytest.mark.parametrize("leak", ["next seat's view", "seed", "true state of the spectator"])
async def test_the_proof_catches_a_leak(
    base: str, leak: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plant a leak in the protocol itself (in this process, where the server thread
    runs): check_wire must report it, even though the rebuild, made with the same leaky
    protocol, agrees with the frames — the determinization is what catches it."""
    clean = protocol.window

    def leaky(state: State, seat: int | None) -> dict[str, Any]:
        frame = clean(state, seat)
        if leak == "seed":
            frame["salt"] = state.seed
        elif leak == "next seat's view":
            frame["peek"] = state.view(((seat or 0) + 1) % state.players)
        elif seat is None:  # what seat 0 holds, shown to the spectator only
            frame["peek"] = state.view(0)
        return frame

    monkeypatch.setattr(protocol, "window", leaky)
    played = await play_table(base, "looney-lights", 7)
    problems = check_wire(played.table, played.record, played.tokens, played.clients)
    print(f"{leak}:", *problems[:3], sep="\n  ")
    assert problems, f"the planted leak ({leak}) went unnoticed"
    assert any("determinization differs" in p for p in problems), problems
    if leak == "seed":
        assert any("contains the seed" in p for p in problems), problems
    if leak == "true state of the spectator":
        # Seat 0's own world agrees (it knows its hand): every seat's world is needed.
        assert not any("seat 0's determinization" in p for p in problems), problems
    # With the honest protocol back, the rebuild itself disagrees with the frames.
    monkeypatch.setattr(protocol, "window", clean)
    problems = check_wire(played.table, played.record, played.tokens, played.clients)
    assert any("not what the protocol builds" in p for p in problems), problems


async def test_the_proof_catches_tampered_frames(base: str) -> None:
    """The other checks have teeth too: a missed update, a token or the seed in a frame,
    a field named seed, a changed frame, a recording cut short."""
    played = await play_table(base, "looney-lights", 11)
    args = (played.table, played.record, played.tokens)
    assert check_wire(*args, played.clients) == []
    spectator, seat0, seat1 = played.clients

    def tampered(client: Recorded, raw: list[str]) -> list[Recorded]:
        return [Recorded(c.name, c.seat, raw) if c is client else c for c in played.clients]

    # An update the next frame builds on: one right before the spectator's reconnect or
    # its full sync is legitimately superseded, so dropping it shows no gap.
    kinds = [json.loads(t)["type"] for t in spectator.raw]
    updates = [
        i for i, k in enumerate(kinds) if k == "update" and kinds[i + 1 : i + 2] == ["update"]
    ]
    mid = updates[len(updates) // 2]
    dropped = spectator.raw[:mid] + spectator.raw[mid + 1 :]
    assert any("(a gap)" in p for p in check_wire(*args, tampered(spectator, dropped)))

    token = json.dumps({"type": "error", "code": "x", "message": played.tokens[1]})
    problems = check_wire(*args, tampered(seat0, [*seat0.raw[:3], token, *seat0.raw[3:]]))
    assert any("contains the token of seat 1" in p for p in problems), problems

    seed = json.dumps({"type": "pong", "ref": played.record["seed"]})
    problems = check_wire(*args, tampered(seat1, [*seat1.raw[:3], seed, *seat1.raw[3:]]))
    assert any("contains the seed" in p for p in problems), problems

    named = json.dumps({"type": "pong", "ref": None, "seed": 1})
    problems = check_wire(*args, tampered(seat1, [*seat1.raw[:3], named, *seat1.raw[3:]]))
    assert any("a field named 'seed'" in p for p in problems), problems

    i = next(i for i, t in enumerate(seat0.raw) if json.loads(t)["type"] == "update")
    frame = json.loads(seat0.raw[i])
    frame["to_act"] = [*frame["to_act"], 99]
    raw = [*seat0.raw[:i], json.dumps(frame), *seat0.raw[i + 1 :]]
    problems = check_wire(*args, tampered(seat0, raw))
    assert any("not what the protocol builds" in p and "to_act" in p for p in problems), problems

    last_update = max(i for i, t in enumerate(seat1.raw) if json.loads(t)["type"] == "update")
    cut = [*seat1.raw[:last_update], *seat1.raw[last_update + 1 :]]
    problems = check_wire(*args, tampered(seat1, cut))
    assert any("the last version it saw" in p for p in problems), problems
    assert any("a record frame before the game ended" in p for p in problems), problems
