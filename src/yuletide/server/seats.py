"""Every seat accounted for: who may take a seat, and what happens to one nobody plays.

- **Atomic creation.** A table whose creator takes a seat is stored, with every seat and
  the creator's token, in one transaction, as ``creating``: no process runs it, the lobby
  does not list it, nobody can join or watch it. The endpoint turns it ``waiting`` or
  ``playing`` (:meth:`Hub.confirm`) only once the answer carrying the token has been
  handed to the server's socket. A process killed in between leaves a ``creating`` row,
  which every process deletes (:func:`drop_unconfirmed`) once its owner is gone or it is
  older than :data:`CREATING_SECONDS`: the creator gets the token, or no table exists.
- **Rematch seats are reserved.** A rematch table's human seat ``s`` is kept for the
  token that held seat ``s`` at the finished table (``rematch_of``) until that player
  takes it (``POST /api/tables/{old}/rematch``), declines (``DELETE`` of the same), or
  ``SeatRules.rematch_hold`` seconds after the rematch table was made. Declines are
  stored in the finished table's settings (``declined``), so a decline made before anyone
  asked for the rematch holds as well.
- **A seat left mid-game** is never open: leaving a running game (``DELETE`` of the
  seat) or staying disconnected for ``Settings.grace`` seconds hands the seat to a bot of
  the table's level (``Settings.leave_bot``), announced to the table with a ``notice``
  frame, or ends the game as abandoned if the table says so (``on_leave: "abandon"``).
  The player's token keeps the seat's view and takes the seat back from the bot
  (``POST /api/tables/{id}/seats/{seat}/reclaim``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select, update

from . import store

#: Seconds after which a creation nobody confirmed is deleted by any process (a
#: confirmation normally follows within milliseconds).
CREATING_SECONDS = 30.0
#: Seconds a request for a table still ``creating`` waits for its confirmation (its
#: creator may ask a moment before the confirmation is committed) before it is 404.
CONFIRM_WAIT = 3.0
#: What happens to a seat its player left mid-game.
ON_LEAVE = ("bot", "abandon")


@dataclass(frozen=True, slots=True)
class SeatRules:
    """The server's seat rules (``yuletide serve`` options)."""

    #: Seconds a disconnected player's seat waits before a bot takes it (--seat-grace).
    grace: float = 60.0
    #: Seconds a rematch seat stays reserved for its player (--rematch-hold).
    rematch_hold: float = 120.0


def notice(table_id: str, event: str, seat: int, **more: Any) -> dict[str, Any]:
    """A frame telling the table what happened to a seat (``away``, ``back``, ``bot``,
    ``abandoned``, ``reclaimed``)."""
    return {"type": "notice", "table": table_id, "event": event, "seat": seat, **more}


# ------------------------------------------------------------------ database


def confirm_table(conn: Connection, table_id: str, status: str) -> bool:
    """A ``creating`` table goes ``status`` (its creator's answer was sent)."""
    t = store.tables
    result = conn.execute(
        update(t).where(t.c.id == table_id, t.c.status == "creating").values(status=status)
    )
    return result.rowcount == 1


def unconfirmed(conn: Connection) -> list[tuple[str, str | None, float]]:
    """(id, owner, created_at) of every table still ``creating``."""
    t = store.tables
    rows = conn.execute(
        select(t.c.id, t.c.owner, t.c.created_at).where(t.c.status == "creating")
    ).all()
    return [(r[0], r[1], r[2]) for r in rows]


def drop_unconfirmed(conn: Connection, table_ids: list[str]) -> None:
    """Delete creations nobody confirmed (still ``creating``: a late confirm loses)."""
    t = store.tables
    for table_id in table_ids:
        if conn.execute(select(t.c.id).where(t.c.id == table_id, t.c.status == "creating")).first():
            store.delete_table(conn, table_id)


def hand_over(conn: Connection, table_id: str, seat: int, token_hash: str | None, bot: str) -> bool:
    """A human seat (held by ``token_hash``, or open when None) handed to ``bot``; the
    token keeps watching the seat and may take it back (:func:`reclaim`)."""
    s = store.seats
    held = s.c.token_hash.is_(None) if token_hash is None else s.c.token_hash == token_hash
    result = conn.execute(
        update(s)
        .where(s.c.table_id == table_id, s.c.seat == seat, s.c.kind == "human", held)
        .values(kind="bot", bot=bot)
    )
    return result.rowcount == 1


def reclaim(conn: Connection, table_id: str, seat: int, token_hash: str) -> bool:
    """A bot gives seat ``seat`` back to the token that held it."""
    s = store.seats
    result = conn.execute(
        update(s)
        .where(
            s.c.table_id == table_id,
            s.c.seat == seat,
            s.c.kind == "bot",
            s.c.token_hash == token_hash,
        )
        .values(kind="human", bot=None)
    )
    return result.rowcount == 1


def decline(conn: Connection, table_id: str, seat: int) -> None:
    """Seat ``seat`` of a finished table will not play its rematch."""
    t = store.tables
    row = conn.execute(select(t.c.settings).where(t.c.id == table_id).with_for_update()).first()
    if row is None:
        return
    settings = dict(row[0] or {})
    declined = sorted({*settings.get("declined", []), seat})
    conn.execute(
        update(t).where(t.c.id == table_id).values(settings={**settings, "declined": declined})
    )


def reservations(
    old: dict[str, Any] | None, old_seats: list[dict[str, Any]], created_at: float, hold: float
) -> dict[int, tuple[str, float]]:
    """The seats of a rematch table still reserved: seat -> (token hash of the player who
    sat there at the finished table ``old``, until when, wall clock)."""
    if old is None:
        return {}
    until = created_at + hold
    if time.time() >= until:
        return {}
    declined = set((old.get("settings") or {}).get("declined", []))
    return {
        r["seat"]: (r["token_hash"], until)
        for r in old_seats
        if r["token_hash"] is not None and r["seat"] not in declined
    }
