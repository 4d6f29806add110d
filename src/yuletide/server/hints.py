"""Hints at the table: the strong bot's advice to the one seat that asked.

A table created with hints on (``Settings.hints``; on by default where every other seat
is a bot) answers a seat's ``hint`` message with the evaluation of that seat's position
(``yuletide.bots.evaluation``), searched from the seat's own window in the bot pool's
worker processes, like a searching bot's move: never in the event loop's process, and
in the table's turn of the fair queue, so a hint never delays another table more than a
bot's search does. The answer is a ``hint`` frame to the asking connection only: it is
built from the seat's own secrets, so it is never broadcast, never published, never sent
to a spectator or another seat.

Refused with an ``error`` frame (the message says what is allowed), changing nothing:
hints off, a spectator, a seat a bot plays, not the seat's turn, the game not running,
a position already gone, a hint already being worked out for the seat (one at a time),
or more than :data:`HINT_BURST` asks in a row faster than one each
:data:`HINT_EVERY` seconds. A hint finished after the position moved on is dropped: the
asker gets ``hint_stale``, never advice for the wrong position — unless only other seats
acted meanwhile and the seat's own choices are unchanged (a simultaneous choice, a
race): then the hint comes for the new version, marked as made just before those moves.
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import table as table_model
from ..bots.hints import HINT_ITERATIONS, HINT_SECONDS, hint_evaluation
from ..core.rng import derive_seed
from ..table.hints import hint_words
from ..table.say import prompt_moves_at
from . import protocol

if TYPE_CHECKING:
    from .table import TableActor

log = logging.getLogger("yuletide.server")

__all__ = ["HINT_ITERATIONS", "HINT_SECONDS", "Hint", "HintDesk"]

#: Asks one seat may make in a row, and the seconds after which one more is allowed.
HINT_BURST = 4
HINT_EVERY = 1.0


@dataclass(slots=True)
class Hint:
    """A seat asks for a hint at ``version`` (None: the table's current version)."""

    seat: int | None
    version: int | None
    ref: Any
    reply: Callable[[dict[str, Any]], None]
    #: sha256 of the asker's seat token: refused unless it still holds ``seat``.
    token_hash: str | None = None


@dataclass(slots=True)
class _Bucket:
    level: float
    last: float

    def allow(self, now: float) -> bool:
        self.level = min(float(HINT_BURST), self.level + (now - self.last) / HINT_EVERY)
        self.last = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class HintDesk:
    """A table's hints: at most one being worked out per seat, and the asks' pace."""

    def __init__(self) -> None:
        self.running: dict[int, asyncio.Task[None]] = {}
        self.buckets: dict[int, _Bucket] = {}

    def cancel(self) -> None:
        for task in self.running.values():
            task.cancel()
        self.running.clear()

    def ask(self, actor: TableActor, cmd: Hint) -> None:
        """Check ``cmd`` against the table now, and start the hint (or refuse it)."""

        def refuse(code: str, message: str) -> None:
            cmd.reply(protocol.error_frame(code, message, cmd.ref))

        seat = cmd.seat
        state = actor.state
        if not actor.settings.hints:
            refuse(
                "hints_off",
                "hints are off at this table (a table's hints are set when it is created:"
                " on by default where every other seat is a bot)",
            )
            return
        if seat is None:
            refuse("spectator", "you are watching: hints are for a seat's player, on their turn")
            return
        if cmd.token_hash is not None and not actor.holds(seat, cmd.token_hash):
            refuse("seat_left", f"seat {seat} was left: this token no longer holds it")
            return
        if seat in actor.bots:
            refuse("bot_seat", f"a bot plays seat {seat} now: it needs no hint")
            return
        if actor.status != "playing" or state.outcome.over or actor.abandoned is not None:
            refuse("not_playing", "a hint is for a game being played")
            return
        if seat not in state.to_act or not state.legal_actions(seat):
            refuse("not_your_turn", "a hint is for your turn: ask when you may act")
            return
        version = actor.version
        if cmd.version is not None and cmd.version != version:
            refuse(
                "hint_stale",
                f"the table moved on (now at move {version}, you asked about {cmd.version}):"
                " ask again",
            )
            return
        now = time.monotonic()
        bucket = self.buckets.setdefault(seat, _Bucket(float(HINT_BURST), now))
        if not bucket.allow(now):  # (every ask counts, refused or not)
            refuse(
                "hint_flood",
                f"too many hints asked: at most {HINT_BURST} in a row, then one every"
                f" {HINT_EVERY:g} s",
            )
            return
        task = self.running.get(seat)
        if task is not None and not task.done():
            refuse("hint_busy", "a hint for you is being worked out: one at a time")
            return
        self.running[seat] = asyncio.get_running_loop().create_task(
            self._answer(actor, cmd, seat, version), name=f"hint-{actor.id}-{seat}"
        )

    async def _answer(self, actor: TableActor, cmd: Hint, seat: int, version: int) -> None:
        began = time.monotonic()
        asked = [str(a) for a in actor.state.legal_actions(seat)]
        status = "ok"
        evaluation: dict[str, Any] | None = None
        try:
            if actor.bot_pool is not None:
                decision = await actor.bot_pool.hint(
                    actor, seat, iterations=HINT_ITERATIONS, seconds=HINT_SECONDS
                )
                status, evaluation = decision.status, decision.evaluation
            else:  # a table run without worker processes (tests): a search thread
                snapshot = actor.state.clone()
                seed = derive_seed(zlib.crc32(actor.id.encode()), version)
                moves = prompt_moves_at(snapshot, seat)
                evaluation = await asyncio.get_running_loop().run_in_executor(
                    actor.search_executor,
                    lambda: hint_evaluation(
                        snapshot,
                        seat,
                        iterations=HINT_ITERATIONS,
                        seconds=HINT_SECONDS,
                        seed=seed,
                        moves=moves,
                    ),
                )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: hint for seat %s failed", actor.id, seat)
            status = "error"
        took = time.monotonic() - began
        state = actor.state
        legal = [str(a) for a in state.legal_actions(seat)] if seat in state.to_act else []
        moved = actor.version != version
        others = all(s != seat for s, _ in state.history[version:])
        if moved and others and status == "ok" and evaluation is not None and legal == asked:
            # Others acted meanwhile (a simultaneous choice, a bot's move in a race) and
            # this seat's choices are still the same: the hint is kept, marked as made
            # before those moves (the asker is told), never passed off as made for now.
            pass
        elif moved or status == "stale":
            cmd.reply(
                protocol.error_frame(
                    "hint_stale",
                    "the table moved on before the hint was ready: ask again",
                    cmd.ref,
                )
            )
            return
        if evaluation is None or status == "closed":
            cmd.reply(
                protocol.error_frame(
                    "hint_failed", "no hint could be worked out this time; try again", cmd.ref
                )
            )
            return
        model = table_model.build(state.game_id, state.view(seat), legal, seat)
        words = hint_words(evaluation, model)
        if moved:
            words["text"] += " (Worked out just before the latest move by others.)"
        cmd.reply(
            {
                "type": "hint",
                "table": actor.id,
                "seat": seat,
                "version": actor.version,
                "asked": version,
                "ref": cmd.ref,
                "seconds": round(took, 2),
                "hint": words,
            }
        )
        log.info("table %s: hint for seat %s in %.2f s", actor.id, seat, took)
