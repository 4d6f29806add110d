"""Play on from here: a new table at any position of a finished game (issue 36).

A finished game's record is public (seed included), so any position of it may become
the start of a new, real table — a hypothetical, marked as one in the lobby, its header
and its log's first line. Its hidden cards are either

``as-dealt``  as they truly were: the new table has the original's game, options and
              seed, and the original's first N actions are stored as its own first N.
              It replays like any table, and its record is an ordinary record.
``re-dealt``  re-dealt from what one seat knew at move N (a fair "what if"): the
              position is the original at move N determinized for that seat
              (``State.determinize``) with an rng seeded by the new table's own seed.
              Nothing of the truth the seat could not see survives a determinization
              (the conformance suite proves it for every game), so this start is built
              from the seat's window only. What is stored is what rebuilds it exactly:
              the original's record to move N and the seat (``play_on.start``); the
              new table's seed stays secret while it runs, as every table's does.

A game still being played is never a starting point: its position would show hidden
cards (409). The new table is otherwise an ordinary table: bots move, it is stored
action by action, survives a restart and can be replayed once over.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots import bots_for, check_bot
from ..core.errors import CorruptSave, InvalidOption
from ..core.registry import game_class, replay
from ..core.rng import Rng
from ..core.state import ReplayRecord, State, replay_actions
from . import store

if TYPE_CHECKING:
    from .hub import Created, Hub

#: How the new table's hidden cards are set, with what each means.
HIDDEN = {
    "as-dealt": "hidden cards as they were",
    "re-dealt": "hidden cards re-dealt from {who}'s knowledge",
}
#: Who takes the seats other than yours.
OTHERS = {"bots": "bots of one level", "friends": "open seats for friends (invite link)"}


@dataclass(frozen=True, slots=True)
class Ask:
    """A play-on request, as the REST body gives it (checked by :func:`play_on`)."""

    at: int
    seat: int | None = None
    hidden: str = "as-dealt"
    others: str = "bots"
    bot: str | None = None
    name: str | None = None


def start_state(
    game: str, players: int, seed: int, options: dict[str, Any], play_on: dict[str, Any] | None
) -> State:
    """A table's game before its first stored action: a new deal from ``seed``, or, for
    a re-dealt hypothetical, the original at move N determinized for the chosen seat with
    ``Rng(seed)``. CorruptSave if the stored start does not replay."""
    start = None if play_on is None else play_on.get("start")
    if start is None:
        return game_class(game).new(players, seed, **options)
    before = replay(start["record"])
    if before.game_id != game or before.players != players:
        raise CorruptSave(f"the stored start is a {before.game_id} game, not {game}")
    return redeal(before, start["seat"], seed)


def redeal(position: State, seat: int, seed: int) -> State:
    """``position`` with every card ``seat`` could not see re-dealt, consistently with
    what it saw; a function of the seat's window and ``seed`` only."""
    return position.determinize(seat, Rng(seed))


def table_record(row: dict[str, Any], actions: list[tuple[int, str]]) -> dict[str, Any]:
    """A finished table's public record: (game, options, seed, actions), and for a
    re-dealt hypothetical its ``start`` (the original's record to move N and the seat),
    which :func:`replay_record` needs to replay it."""
    record = ReplayRecord(
        game=row["game"],
        rules_version=row["rules_version"],
        players=row["players"],
        seed=row["seed"],
        options=dict(row["options"]),
        actions=tuple(actions),
    ).to_dict()
    start = (row.get("play_on") or {}).get("start")
    if start is not None:
        record["start"] = start
    return record


def replay_record(record: dict[str, Any]) -> State:
    """The state a table's record leads to (a re-dealt hypothetical's from its start);
    CorruptSave if it does not replay."""
    start = record.get("start")
    if start is None:
        return replay(record)
    parsed = ReplayRecord.from_dict(record)
    if not isinstance(start, dict) or not {"record", "seat"} <= set(start):
        raise CorruptSave("a record's 'start' has the original's 'record' and a 'seat'")
    state = start_state(
        parsed.game, parsed.players, parsed.seed, dict(parsed.options), {"start": start}
    )
    return replay_actions(state, parsed.actions)


def public(play_on: dict[str, Any] | None) -> dict[str, Any] | None:
    """What anyone may know of a hypothetical's origin (the lobby, the table's header)."""
    if play_on is None:
        return None
    return {k: play_on[k] for k in ("from", "label", "at", "hidden", "seat", "line")}


def _person(seat_row: dict[str, Any]) -> str:
    name = str(seat_row["name"] or f"Player {seat_row['seat'] + 1}")
    return name[:1].upper() + name[1:]


def label_of(title: str, seat_rows: list[dict[str, Any]]) -> str:
    """The original table in words: "Ann's Looney Lights game", "a Looney Lights game
    of bots"."""
    people = [_person(r) for r in seat_rows if r["kind"] == "human" or r["token_hash"]]
    if not people:
        return f"a {title} game of bots"
    who = people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]
    return f"{who}'s {title} game"


async def play_on(hub: Hub, table_id: str, ask: Ask) -> Created:
    """A new table at move ``ask.at`` of the finished game at ``table_id`` (see the
    module's docstring); TableError says what is wrong and what is allowed, and then
    nothing is created."""
    from .hub import TableError  # noqa: PLC0415 (hub imports this module's users)

    row, seat_rows = await asyncio.to_thread(
        hub.db.read, lambda c: (store.get_table(c, table_id), store.get_seats(c, table_id))
    )
    if row is None:
        raise TableError(404, "no_table", f"there is no table {table_id!r}")
    if row["status"] not in ("finished", "unfinished"):
        raise TableError(
            409,
            "running",
            f"the game at table {table_id} is still being played: a game is played on from"
            " once it has ended (until then its hidden cards are secret)",
        )
    record = await hub.record(table_id)
    moves = len(record["actions"])
    try:
        end = replay_record(record)
    except CorruptSave as err:
        raise TableError(500, "broken_table", f"the record does not replay: {err}") from None
    last = moves - 1 if end.outcome.over else moves
    if type(ask.at) is not int or not 0 <= ask.at <= last:
        raise TableError(
            400,
            "bad_move",
            f"at is the move to play on from: 0 (the deal) to {last} (the last move before"
            f" the game ended), not {ask.at!r:.40}",
        )
    players = row["players"]
    seat = ask.seat
    if seat is None:
        seat = next((r["seat"] for r in seat_rows if r["kind"] == "human"), 0)
    if type(seat) is not int or not 0 <= seat < players:
        raise TableError(
            400, "bad_seat", f"seat is your seat in the new game: 0 to {players - 1}, not {seat!r}"
        )
    if ask.hidden not in HIDDEN:
        raise TableError(
            400,
            "bad_option",
            f"hidden is 'as-dealt' (the hidden cards as they truly were) or 're-dealt' (every"
            f" card your seat could not see re-dealt from what it knew), not {ask.hidden!r:.40}",
        )
    if ask.others not in OTHERS:
        raise TableError(
            400,
            "bad_option",
            "others is 'bots' (bots take the other seats) or 'friends' (the other seats wait"
            f" for friends with the invite link), not {ask.others!r:.40}",
        )
    game = row["game"]
    bot = ask.bot
    if bot is None:
        bot = next((str(r["bot"]) for r in seat_rows if r["kind"] == "bot" and r["bot"]), None)
        bot = bot or row["settings"].get("leave_bot") or hub_default_bot(game)
    try:
        check_bot(bot, game)
    except InvalidOption as err:
        raise TableError(
            400, "bad_bot", f"bot: {err} (bots for this game: {', '.join(bots_for(game))})"
        ) from None
    title = game_class(game).title
    label = label_of(title, seat_rows)
    how = HIDDEN[ask.hidden].format(who=_person(seat_rows[seat]))
    origin: dict[str, Any] = {
        "from": table_id,
        "label": label,
        "at": ask.at,
        "hidden": ask.hidden,
        "seat": seat,
        "line": f"Played on from {label} at move {ask.at}, {how}",
        "start": None,
    }
    prefix = record["actions"][: ask.at]
    action_rows: list[dict[str, Any]] = []
    if ask.hidden == "as-dealt":
        seed = row["seed"]
        stored = await asyncio.to_thread(hub.db.read, lambda c: store.get_actions(c, table_id))
        action_rows = [
            {k: a[k] for k in ("n", "seat", "notation", "forced", "arrived")}
            for a in stored[: ask.at]
        ]
    else:
        seed = secrets.randbits(63)
        origin["start"] = {"record": {**record, "actions": prefix}, "seat": seat}
    seat_specs = [
        {"kind": "human"} if s == seat or ask.others == "friends" else {"kind": "bot", "bot": bot}
        for s in range(players)
    ]
    settings = {**row["settings"], "leave_bot": bot}
    return await hub.create(
        game,
        players=players,
        options=row["options"],
        seat_specs=seat_specs,
        settings=settings,
        sit=seat,
        name=ask.name,
        seed=seed,
        play_on=origin,
        action_rows=action_rows,
    )


def hub_default_bot(game: str) -> str:
    from .table import default_bot  # noqa: PLC0415

    return default_bot(game)
