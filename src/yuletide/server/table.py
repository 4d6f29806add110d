"""One live table: the actor that owns its game (lila's round actor).

Every command for a table — an action from a seat or a bot, a forced action when a time
limit runs out, a subscription, a seat change — goes through the table's one queue and
is handled by one asyncio task, in arrival order. Arrival order is what the rules of the
real-time games see: each command is stamped with the server's monotonic clock as it
arrives, and a client's own claims about time are never read.

An action is checked (notation, version, legality), **committed to the database**, then
applied, and only then is anything broadcast: each subscriber gets a frame built from
its own seat's channels (protocol.py). Bots think off the event loop, on a clone of the
state seen through a :class:`~yuletide.bots.SeatWindow`: quick bots in a worker thread,
searching bots in a worker process (botpool.py), never in the event loop's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, select

from ..bots import make_bot
from ..bots.base import Bot, ReactionTime, SeatWindow, new_chance, reaction_of
from ..core.errors import IllegalAction, YuletideError
from ..core.options import Option
from ..core.registry import game_class, spec
from ..core.rng import Rng
from ..core.simultaneous import forced_action, is_real_time
from ..core.state import Action, State
from . import protocol, store
from . import seats as seats_mod
from .botpool import BotPool
from .hints import Hint, HintDesk
from .play_on import start_state, table_record

log = logging.getLogger("yuletide.server")

_MOVED = "this table moved to another server process a moment ago: look again and act again"

#: The publish key of a frame for every subscriber of a table.
ALL = "*"


def seat_key(seat: int | None) -> str:
    """A seat as a publish key: its number, or "-" for spectators."""
    return "-" if seat is None else str(seat)


#: The table's lease holder, its row locked for the commit's transaction (built once).
_LEASE_HOLDER = (
    select(store.tables.c.owner).where(store.tables.c.id == bindparam("id")).with_for_update()
)


def default_bot(game_id: str) -> str:
    """The bot a game's tables use unless they say otherwise."""
    return spec(game_id).default_bot


class ReplayMismatch(RuntimeError):
    """A stored table does not replay to a consistent game (corrupt or foreign data)."""


class LeaseLost(RuntimeError):
    """Another server process took the table over (this one was paused past its lease):
    this actor may commit nothing more; its hub stops it at the next lease renewal."""


@dataclass(slots=True)
class Subscriber:
    """A connection watching the table as ``seat`` (None: a spectator)."""

    seat: int | None
    send: Callable[[dict[str, Any]], None]
    version: int = -1
    #: sha256 of the token the connection said hello with: once the seat is left (or
    #: taken by a new token) the subscriber is told (``seat_left``) and dropped.
    token_hash: str | None = None
    #: The connection asked for the table model with every sync/update (hello "table").
    table: bool = False


@dataclass(slots=True)
class Act:
    seat: int
    notation: str
    version: int
    ref: Any
    reply: Callable[[dict[str, Any]], None] | None
    #: Server monotonic time (``time.monotonic()``) at which the command arrived.
    arrived: float
    bot: bool = False
    forced: bool = False
    #: sha256 of the sender's seat token: refused unless it still holds ``seat``.
    token_hash: str | None = None


@dataclass(slots=True)
class Watch:
    sub: Subscriber
    since: int | None  # the version the client last saw, or None for a full sync
    #: False: send the watch's first frames (seats, sync/update, record) only, without
    #: subscribing (a watcher on another process gets later frames through ``publish``).
    keep: bool = True


@dataclass(slots=True)
class Resend:
    sub: Subscriber
    since: int | None


@dataclass(slots=True)
class Unwatch:
    sub: Subscriber


@dataclass(slots=True)
class SeatsChanged:
    seat_rows: list[dict[str, Any]]
    #: Set once the table has taken the change in (so a join's answer is up to date).
    done: asyncio.Future[None] | None = None


@dataclass(slots=True)
class Stop:
    done: asyncio.Future[None] = field(default_factory=asyncio.Future)


@dataclass(slots=True)
class SeatAway:
    """Seat ``seat``'s player (``token_hash``; None: nobody holds it) is gone from a
    running game: its grace ran out, or it left (``now``). The table hands the seat to
    its bot, or ends the game as abandoned (seats.py)."""

    seat: int
    token_hash: str | None
    now: bool = False
    #: Set to what happened ("bot", "abandoned", or "" for nothing) once handled.
    done: asyncio.Future[str] | None = None


@dataclass(slots=True)
class Present:
    """Scale-out: the seats another process's connections hold at this table, as
    (seat, token hash) pairs, until ``until`` (monotonic) unless that process says it
    again (redis_bridge.py sends it on every change and as a heartbeat). ``process``
    "": only forget what has run out."""

    process: str
    holds: frozenset[tuple[int, str]]
    until: float


Command = Act | Watch | Resend | Unwatch | SeatsChanged | SeatAway | Present | Stop | Hint


#: A table's bot pace (the table option ``bot_pace``): how many times as long its bots
#: take to act as their level does (real-time games: every reaction time; turn-based
#: games: the wait before each move).
PACES: dict[str, float] = {"normal": 1.0, "slower": 1.5, "much slower": 2.0}
#: ``bot_pace`` as the lobby lists it among a real-time game's options (it is a table
#: setting, never a rule: the replay record does not hold it).
PACE_OPTION = Option(
    "bot_pace",
    "normal",
    "how quickly the bots act: 'normal' (as their level: a medium bot reacts like a"
    " typical adult), 'slower' (one and a half times as long) or 'much slower' (twice"
    " as long)",
    choices=tuple(PACES),
)


@dataclass(slots=True)
class Settings:
    """A table's own settings (chosen at creation; stored with the table)."""

    #: Seconds before a timed game forces a seat's due action (Reindeer's Nose).
    time_limit: float = 20.0
    #: Seconds a bot waits before it acts in a turn-based game (so people can follow);
    #: in a real-time game its reaction time. None: 0.6 s / the bot's own reaction.
    bot_delay: float | None = None
    #: A seat whose player left mid-game (or stayed away ``grace`` seconds) goes to a
    #: ``leave_bot`` ("bot"), or the game ends as abandoned ("abandon"); seats.py.
    on_leave: str = "bot"
    #: The bot that takes a left seat (None: the game's default bot).
    leave_bot: str | None = None
    grace: float = 60.0
    #: One of :data:`PACES`: the bots' times are that many times as long.
    bot_pace: str = "normal"
    #: A seat to act may ask the strong bot for a hint (hints.py); every seat is told.
    hints: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        return cls(
            float(data.get("time_limit", 20.0)),
            data.get("bot_delay"),
            str(data.get("on_leave", "bot")),
            data.get("leave_bot"),
            float(data.get("grace", 60.0)),
            str(data.get("bot_pace", "normal")),
            bool(data.get("hints", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "time_limit": self.time_limit,
            "bot_delay": self.bot_delay,
            "on_leave": self.on_leave,
            "leave_bot": self.leave_bot,
            "grace": self.grace,
            "bot_pace": self.bot_pace,
            "hints": self.hints,
        }


def rebuild(
    row: dict[str, Any], action_rows: list[dict[str, Any]]
) -> tuple[State, list[int], list[frozenset[int]]]:
    """The table's game from its stored record, replayed through the checked path, with
    the log's length and ``to_act`` at every version; ReplayMismatch if it does not
    replay (a corrupt or foreign record)."""
    cls = game_class(row["game"])
    if cls.rules_version != row["rules_version"]:
        raise ReplayMismatch(
            f"table {row['id']} was played with {row['game']} rules version"
            f" {row['rules_version']}; this server plays version {cls.rules_version}"
        )
    try:
        state = start_state(
            row["game"], row["players"], row["seed"], row["options"], row.get("play_on")
        )
    except YuletideError as err:
        raise ReplayMismatch(f"table {row['id']} cannot start its game: {err}") from err
    log_at = [len(state.log)]
    to_act_at = [state.to_act]
    for i, a in enumerate(action_rows):
        if a["n"] != i:
            raise ReplayMismatch(f"table {row['id']}: action {i} is missing from the database")
        try:
            state.apply(a["seat"], a["notation"])
        except YuletideError as err:
            raise ReplayMismatch(
                f"table {row['id']}: stored action {i} ({a['notation']!r:.60} by seat"
                f" {a['seat']}) does not replay: {err}"
            ) from err
        log_at.append(len(state.log))
        to_act_at.append(state.to_act)
    return state, log_at, to_act_at


def public_seats(seat_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who sits where: kinds, bot names, player names, whether taken (never tokens)."""
    return [
        {
            "seat": r["seat"],
            "kind": r["kind"],
            "bot": r["bot"],
            "name": r["name"],
            "taken": r["kind"] == "bot" or r["token_hash"] is not None,
        }
        for r in seat_rows
    ]


@dataclass(slots=True)
class _Look:
    """What a bot waiting out its reaction time saw when it started (its legal actions),
    and the signal that a new chance has appeared since (real-time games)."""

    seen: frozenset[Action]
    fresh: asyncio.Event = field(default_factory=asyncio.Event)


class TableActor:
    """Owns one live table in this process."""

    def __init__(
        self,
        row: dict[str, Any],
        seat_rows: list[dict[str, Any]],
        action_rows: list[dict[str, Any]],
        db: store.Store,
        executor: Executor,
        *,
        search_executor: Executor | None = None,
        bot_pool: BotPool | None = None,
        publish: Callable[[str, int, dict[str, dict[str, Any]]], None] | None = None,
        owner: str | None = None,
    ) -> None:
        self.id: str = row["id"]
        self.row = row
        #: The lease owner name of this process (Hub.owner): an action is committed only
        #: while the table's lease is still this owner's. None: no check (tests).
        self.owner = owner
        self.lease_lost = False
        self.db = db
        self.executor = executor
        self.search_executor = search_executor or executor
        #: Worker processes for searching bots (every bot, if so configured): the
        #: event loop's process never runs a search (botpool.py).
        self.bot_pool = bot_pool
        self.publish = publish
        self.settings = Settings.from_dict(row["settings"])
        #: A hypothetical's origin in words, its log's first line (play_on.py).
        self.first_line: str | None = (row.get("play_on") or {}).get("line")
        # log_at[v], to_act_at[v]: the log's length and who could act at version v.
        self.state, self.log_at, self.to_act_at = rebuild(row, action_rows)
        self.version = len(self.state.history)
        self.status: str = row["status"]
        self.real_time = is_real_time(self.state)
        self.started = time.monotonic() - (action_rows[-1]["arrived"] if action_rows else 0.0)
        self.subscribers: list[Subscriber] = []
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.bots: dict[int, Bot] = {}
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.due_since: dict[int, float] = {}
        #: Real-time games: what each bot waiting out its reaction time saw (_react).
        self.looks: dict[int, _Look] = {}
        self.rng = Rng(secrets.randbits(63))
        self.seat_rows: list[dict[str, Any]] = []
        self.task: asyncio.Task[None] | None = None
        self.last_change = time.monotonic()
        #: Human seats of a running game nobody is connected to: their grace timers.
        self.away: dict[int, asyncio.TimerHandle] = {}
        #: Human seats whose player has been connected at some point: only their going
        #: away is announced (a player still on the way to the table is not "away").
        self.came: set[int] = set()
        #: Scale-out: seats held by connections on other processes (process -> Present).
        self.remote: dict[str, Present] = {}
        #: Scale-out: broadcasts go to Redis while another process may forward the
        #: table; off once one reached no process, on with another process's next
        #: command (which bumps ``remote_epoch``: redis_bridge.py).
        self.remote_watch = True
        self.remote_epoch = 0
        #: The outcome of a game ended as abandoned (its state's own is still ongoing).
        self.abandoned: dict[str, Any] | None = None
        #: Hints being worked out for seats, and the pace of their asks (hints.py).
        self.hints = HintDesk()
        if self.status == "unfinished" and not self.state.outcome.over:
            self.abandoned = row["outcome"]
        self._set_seats(seat_rows)

    def _set_seats(self, seat_rows: list[dict[str, Any]]) -> None:
        self.seat_rows = seat_rows
        for r in seat_rows:
            if r["kind"] == "bot" and r["seat"] not in self.bots:
                self.bots[r["seat"]] = make_bot(r["bot"], secrets.randbits(32), self.state.game_id)
            elif r["kind"] == "human" and r["seat"] in self.bots:
                # taken back from its bot by the player's token (seats.reclaim)
                del self.bots[r["seat"]]
                task = self.bot_tasks.pop(r["seat"], None)
                if task is not None:
                    task.cancel()

    # ------------------------------------------------------------ public info

    def seats_public(self) -> list[dict[str, Any]]:
        return public_seats(self.seat_rows)

    def idle_since(self) -> float:
        """Monotonic time of the table's last accepted action (or its start here)."""
        return self.last_change

    @property
    def all_seated(self) -> bool:
        return all(s["taken"] for s in self.seats_public())

    # ------------------------------------------------------------------ loop

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table-{self.id}")

    async def run(self) -> None:
        if self.status == "waiting" and self.all_seated:
            await self._go_live()
        if self.status == "playing" and self.state.outcome.over:
            await self._finish()  # the server stopped between the last action and its end
        self._after_change()
        while True:
            timeout = self._next_deadline()
            try:
                if timeout is None:
                    cmd = await self.queue.get()
                else:
                    cmd = await asyncio.wait_for(self.queue.get(), max(0.0, timeout))
            except TimeoutError:
                await self._force_due()
                continue
            try:
                if isinstance(cmd, Stop):
                    self._cancel_bots()
                    cmd.done.set_result(None)
                    return
                await self._handle(cmd)
                self._after_change()
            except Exception:
                log.exception("table %s: command %r failed", self.id, type(cmd).__name__)
                if isinstance(cmd, Act) and cmd.reply is not None:
                    cmd.reply(
                        protocol.error_frame("server", "the server failed; try again", cmd.ref)
                    )

    async def stop(self) -> None:
        """Handle every command queued so far, then stop (a command already queued — an
        action in flight — is committed and acknowledged first)."""
        if self.task is None or self.task.done():
            return
        stop = Stop()
        self.queue.put_nowait(stop)
        # the actor's task may end without handling Stop (it failed or was cancelled)
        await asyncio.wait({stop.done, self.task}, return_when=asyncio.FIRST_COMPLETED)

    def kill(self) -> None:
        """Cancel the actor's task, its bots and timers at once (the end of a stop)."""
        self._cancel_bots()
        for handle in self.away.values():
            handle.cancel()
        self.away.clear()
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def submit(self, cmd: Command) -> None:
        self.queue.put_nowait(cmd)

    async def _handle(self, cmd: Command) -> None:
        if isinstance(cmd, Act):
            await self._act(cmd)
        elif isinstance(cmd, Watch):
            self._watch(cmd)
        elif isinstance(cmd, Unwatch):
            with contextlib.suppress(ValueError):
                self.subscribers.remove(cmd.sub)
        elif isinstance(cmd, SeatsChanged):
            try:
                self._set_seats(cmd.seat_rows)
                self._drop_left()
                self._broadcast_extra(
                    {"type": "seats", "table": self.id, "seats": self.seats_public()}
                )
                if self.status == "waiting" and self.all_seated:
                    await self._go_live()
                    self._broadcast_sync()
                elif self.status == "playing":
                    self._after_change()  # a seat handed to a bot may be due to act
            finally:
                if cmd.done is not None and not cmd.done.done():
                    cmd.done.set_result(None)
        elif isinstance(cmd, Hint):
            self.hints.ask(self, cmd)
        elif isinstance(cmd, Resend):
            cmd.sub.send(self.frame_for(cmd.sub.seat, cmd.since, cmd.sub.table))
        elif isinstance(cmd, Present):
            now = time.monotonic()
            if cmd.process:
                self.remote[cmd.process] = cmd
                asyncio.get_running_loop().call_later(
                    max(0.0, cmd.until - now) + 0.05, self.submit, Present("", frozenset(), 0.0)
                )
            for process, held in list(self.remote.items()):
                if held.until <= now:
                    del self.remote[process]
        elif isinstance(cmd, SeatAway):
            what = ""
            try:
                what = await self._seat_away(cmd)
            finally:
                if cmd.done is not None and not cmd.done.done():
                    cmd.done.set_result(what)

    def holds(self, seat: int, token_hash: str) -> bool:
        """Whether the token (its hash) still holds ``seat``."""
        return self._holds(seat, token_hash)

    def _holds(self, seat: int, token_hash: str) -> bool:
        return any(r["seat"] == seat and r["token_hash"] == token_hash for r in self.seat_rows)

    def _drop_left(self) -> None:
        """Subscribers whose token no longer holds their seat stop getting its frames."""
        for sub in list(self.subscribers):
            if (
                sub.seat is not None
                and sub.token_hash is not None
                and not self._holds(sub.seat, sub.token_hash)
            ):
                self.subscribers.remove(sub)
                sub.send(
                    protocol.error_frame(
                        "seat_left", f"seat {sub.seat} was left: this token no longer holds it"
                    )
                )

    async def _go_live(self) -> None:
        await asyncio.wrap_future(self.db.write(lambda c: store.set_status(c, self.id, "playing")))
        self.status = "playing"

    # --------------------------------------------------------------- actions

    def _refuse(self, cmd: Act, code: str, message: str) -> None:
        if cmd.reply is not None:
            cmd.reply(protocol.error_frame(code, message, cmd.ref))

    async def _act(self, cmd: Act) -> None:
        state = self.state
        if self.lease_lost:
            self._refuse(cmd, "moved", _MOVED)
            return
        if cmd.token_hash is not None and not self._holds(cmd.seat, cmd.token_hash):
            self._refuse(
                cmd, "seat_left", f"seat {cmd.seat} was left: this token no longer holds it"
            )
            return
        if not cmd.bot and cmd.seat in self.bots:
            self._refuse(
                cmd,
                "bot_seat",
                f"a bot plays seat {cmd.seat} now; this token may still watch it",
            )
            return
        if self.status == "waiting":
            open_seats = [s["seat"] for s in self.seats_public() if not s["taken"]]
            self._refuse(
                cmd,
                "not_started",
                f"the game starts when every seat is taken;"
                f" open seats: {', '.join(map(str, open_seats))}",
            )
            return
        if self.status != "playing" or state.outcome.over:
            self._refuse(cmd, "game_over", "the game is over: no seat may act")
            return
        if cmd.version != self.version:
            if cmd.bot:
                return  # the bot thought about an older position; it will be asked again
            why = self._stale(cmd.seat, cmd.version)
            if why is not None:
                self._refuse(cmd, "stale", why)
                return
        try:
            action = state.check(cmd.seat, cmd.notation)
        except IllegalAction as err:
            self._refuse(cmd, "illegal", str(err))
            return
        try:
            await self._commit_and_apply(cmd.seat, action, cmd.forced, cmd.arrived)
        except LeaseLost:
            log.warning("table %s: lease lost; committing nothing more here", self.id)
            self.lease_lost = True
            self._cancel_bots()
            self._refuse(cmd, "moved", _MOVED)
            return
        over = self.state.outcome.over
        if over:
            await self._end()  # so the last update already says "finished"
        if cmd.reply is not None:
            cmd.reply({"type": "ack", "ref": cmd.ref, "version": self.version})
        self._broadcast_update()
        if over:
            self._broadcast_record()

    def _stale(self, seat: int, version: int) -> str | None:
        """Why an action on an older ``version`` is refused, or None when it may still
        be judged on the position now. A seat acts on what it saw: the action is stale
        if the seat could not act at ``version``, or has acted since (a repeated or
        crossed message), or ``version`` is not one the table has been at. When only
        other seats acted meanwhile — a simultaneous choice or a real-time race — it is
        judged now, and refused with the engine's reason if no longer legal."""
        now = self.version
        if not 0 <= version < now:
            return f"there is no version {version}: the table is at version {now}"
        if seat in self.to_act_at[version] and all(
            s != seat for s, _ in self.state.history[version:]
        ):
            return None
        return (
            f"you acted on version {version}, but the table is at version {now}:"
            " look at the new position and act again"
        )

    async def _commit_and_apply(
        self, seat: int, action: Action, forced: bool, arrived: float
    ) -> None:
        n = self.version
        notation = str(action)
        arrived = round(arrived - self.started, 6)
        table_id, owner = self.id, self.owner

        def commit(c: Any) -> None:
            if owner is not None:
                # Lock the table's row and check the lease in the commit's transaction:
                # a takeover (take_lease updates that row) either waits for this commit
                # and then replays it, or came first and this commit is refused. So a
                # process paused past its lease cannot add an action the new owner
                # does not know of.
                holder = c.execute(_LEASE_HOLDER, {"id": table_id}).scalar()
                if holder != owner:
                    raise LeaseLost(f"table {table_id} is now run by {holder}")
            store.append_action(
                c,
                table_id=table_id,
                n=n,
                seat=seat,
                notation=notation,
                forced=forced,
                arrived=arrived,
            )

        began = time.perf_counter()
        await asyncio.wrap_future(self.db.write(commit))
        took = time.perf_counter() - began
        self.state.apply_unchecked(seat, action)
        self.version += 1
        self.last_change = time.monotonic()
        self.log_at.append(len(self.state.log))
        self.to_act_at.append(self.state.to_act)
        self.db.on_action(self, seat, took)  # metrics and logs (ops.py)

    async def _finish(self) -> None:
        await self._end()
        self._broadcast_record()

    async def _end(self) -> None:
        """Store the outcome of a game that has just ended; its bots and clocks stop."""
        outcome = self.state.outcome
        status = "finished" if outcome.status == "finished" else "unfinished"
        await asyncio.wrap_future(
            self.db.write(lambda c: store.set_status(c, self.id, status, outcome.to_dict()))
        )
        self.status = status
        self._cancel_bots()
        self.due_since.clear()

    def _broadcast_record(self) -> None:
        """The record (seed and actions) to everyone: public now the game has ended."""
        self._broadcast_extra({"type": "record", "table": self.id, "record": self.record()})

    def record(self) -> dict[str, Any]:
        """The public replay record — only once the game has ended."""
        if self.status not in ("finished", "unfinished"):
            raise PermissionError("the record of a running game is secret (it holds the seed)")
        return table_record(self.row, [(s, str(a)) for s, a in self.state.history])

    # ------------------------------------------------------------- broadcast

    def frame_for(self, seat: int | None, since: int | None, table: bool = False) -> dict[str, Any]:
        """Seat ``seat``'s frame: a sync, or an update from version ``since``; with
        ``table``, also its table model and log lines (protocol.with_table)."""
        extra: dict[str, Any] = {"status": self.status}
        if self.abandoned is not None:
            extra.update(outcome=self.abandoned, legal=[], to_act=[])
        if since is None or not 0 <= since <= self.version:
            frame = protocol.sync_frame(self.id, self.version, self.state, seat, extra)
        else:
            frame = protocol.update_frame(
                self.id, self.version, self.state, seat, since=self.log_at[since], extra=extra
            )
        return protocol.with_table(frame, self.state.game_id, self.first_line) if table else frame

    def _watch(self, cmd: Watch) -> None:
        sub = cmd.sub
        sub.send({"type": "seats", "table": self.id, "seats": self.seats_public()})
        sub.send(self.frame_for(sub.seat, cmd.since, sub.table))
        if self.status in ("finished", "unfinished"):
            sub.send({"type": "record", "table": self.id, "record": self.record()})
        sub.version = self.version
        if cmd.keep:
            self.subscribers.append(sub)

    def _broadcast_update(self) -> None:
        self._broadcast(self.version - 1)

    def _broadcast_sync(self) -> None:
        self._broadcast(None)

    def _broadcast(self, since: int | None) -> None:
        """Each subscriber's frame (an update from version ``since``, or a sync), built
        once per seat; with scale-out, every seat's and the spectators' are published
        (while another process may forward the table)."""
        remote = self.publish is not None and self.remote_watch
        seats: set[int | None] = {s.seat for s in self.subscribers}
        if remote:
            seats |= {None, *range(self.state.players)}
        frames = {seat: self.frame_for(seat, since) for seat in seats}
        # Table-model frames (browser clients) are the plain frame plus its model; with
        # scale-out every published frame carries it (a remote browser may watch).
        modelled: dict[int | None, dict[str, Any]] = {}
        game = self.state.game_id
        for seat in seats:
            if remote or any(s.table and s.seat == seat for s in self.subscribers):
                modelled[seat] = protocol.with_table(frames[seat], game, self.first_line)
        for sub in self.subscribers:
            sub.send(modelled[sub.seat] if sub.table else frames[sub.seat])
            sub.version = self.version
        if remote and self.publish is not None:
            self.publish(self.id, self.version, {seat_key(s): f for s, f in modelled.items()})

    def announce(self, frame: dict[str, Any]) -> None:
        """Send ``frame`` to everyone at the table (a ``notice``, seats.py)."""
        self._broadcast_extra(frame)

    def _broadcast_extra(self, frame: dict[str, Any]) -> None:
        for sub in self.subscribers:
            sub.send(frame)
        if self.publish is not None and self.remote_watch:
            self.publish(self.id, self.version, {ALL: frame})

    # ------------------------------------------------------- bots and timers

    def _after_change(self) -> None:
        """Start bots that may act, and time limits that now run."""
        self._check_presence()
        if self.status != "playing" or self.state.outcome.over or self.lease_lost:
            return
        to_act = self.state.to_act
        for seat in to_act:
            if seat in self.bots:
                task = self.bot_tasks.get(seat)
                if task is None or task.done():
                    self.bot_tasks[seat] = asyncio.get_running_loop().create_task(
                        self._bot_turn(seat)
                    )
        for seat, look in self.looks.items():
            if not look.fresh.is_set() and (
                seat not in to_act or new_chance(look.seen, self.state.legal_actions(seat))
            ):
                look.fresh.set()
        now = time.monotonic()
        for seat in range(self.state.players):
            if forced_action(self.state, seat) is None:
                self.due_since.pop(seat, None)
            else:
                self.due_since.setdefault(seat, now)

    def _next_deadline(self) -> float | None:
        if not self.due_since:
            return None
        return min(self.due_since.values()) + self.settings.time_limit - time.monotonic()

    async def _force_due(self) -> None:
        seat = min(self.due_since, key=lambda s: (self.due_since[s], s))
        action = forced_action(self.state, seat)
        self.due_since.pop(seat, None)
        if action is None or self.status != "playing":
            self._after_change()
            return
        cmd = Act(seat, str(action), self.version, None, None, time.monotonic(), forced=True)
        await self._act(cmd)

    def _reaction(self, bot: Bot) -> float:
        """Seconds before ``bot`` acts: in a real-time game a draw from its reaction time
        (its level's, ``bots.base.LEVEL_REACTIONS``, as in ``simulate``; or the table's
        ``bot_delay``), else the table's wait; times the table's bot pace."""
        delay = self.settings.bot_delay
        pace = PACES.get(self.settings.bot_pace, 1.0)
        if self.real_time:
            if delay is not None:
                if delay <= 0:
                    return 0.0
                return ReactionTime(delay, delay / 4).scaled(pace).sample(self.rng)
            return reaction_of(bot).scaled(pace).sample(self.rng)
        return (0.6 if delay is None else delay) * pace

    async def _react(self, seat: int, bot: Bot, delay: float) -> None:
        """Wait out ``delay``; a new chance for the seat meanwhile (someone pointed:
        ``bots.base.new_chance``) starts its reaction afresh from that moment, as the
        match runner's Scheduler does: a bot never answers a change faster than its
        reaction time."""
        while True:
            look = self.looks[seat] = _Look(frozenset(self.state.legal_actions(seat)))
            try:
                await asyncio.wait_for(look.fresh.wait(), delay)
            except TimeoutError:
                return
            finally:
                if self.looks.get(seat) is look:
                    del self.looks[seat]
            delay = self._reaction(bot)

    async def _bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        loop = asyncio.get_running_loop()
        while True:
            delay = self._reaction(bot)
            if self.real_time:
                await self._react(seat, bot, delay)
            elif delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            if self.status != "playing" or seat not in self.state.to_act:
                return
            version = self.version
            action: Action | str | None
            if self.bot_pool is not None and self.bot_pool.takes(bot):
                name = next((r["bot"] for r in self.seat_rows if r["seat"] == seat), None)
                decision = await self.bot_pool.decide(
                    self,
                    seat,
                    name or bot.name,
                    searches=bool(getattr(bot, "searches", False)),
                    ident=id(bot),
                )
                if decision.status == "stale":
                    continue  # the table moved on before the bot's turn came: think again
                if decision.status == "closed":
                    return
                action = decision.action
                if decision.status == "killed":  # its worker was stuck: any legal action
                    if self.version != version or seat not in self.state.to_act:
                        continue
                    legal = self.state.legal_actions(seat)
                    action = legal[self.rng.below(len(legal))] if legal else None
            else:
                window = SeatWindow(self.state.clone(), seat)
                pool = self.search_executor if getattr(bot, "searches", False) else self.executor
                action = await loop.run_in_executor(pool, bot.act, window)
            if action is not None:
                self.submit(Act(seat, str(action), version, None, None, time.monotonic(), bot=True))
                return
            if not self.real_time:
                log.error(
                    "table %s: bot %s returned no action in a turn-based game", self.id, bot.name
                )
                return

    # ------------------------------------------------------------ seats left

    def _check_presence(self) -> None:
        """Start the grace timer of every human seat of a running game whose token
        has no connection watching it (announced), and stop it when one comes back. A
        human seat nobody holds is handed over at once. With scale-out, connections on
        other processes count too (``Present``)."""
        if self.status != "playing" or self.state.outcome.over or self.lease_lost:
            for handle in self.away.values():
                handle.cancel()
            self.away.clear()
            return
        loop = asyncio.get_running_loop()
        for r in self.seat_rows:
            seat, token_hash = r["seat"], r["token_hash"]
            present = r["kind"] != "human" or (
                token_hash is not None and self._connected(seat, token_hash)
            )
            if present:
                timer = self.away.pop(seat, None)
                if timer is not None:
                    timer.cancel()
                    if seat in self.came:
                        self._broadcast_extra(seats_mod.notice(self.id, "back", seat))
                self.came.add(seat)
                continue
            if seat in self.away:
                continue
            grace = 0.0 if token_hash is None else self.settings.grace
            self.away[seat] = loop.call_later(grace, self.submit, SeatAway(seat, token_hash))
            if seat in self.came:
                self._broadcast_extra(
                    seats_mod.notice(
                        self.id, "away", seat, grace=grace, then=self.settings.on_leave
                    )
                )

    def _connected(self, seat: int, token_hash: str) -> bool:
        """A connection with this token watches this seat, here or on another process."""
        if any(s.seat == seat and s.token_hash == token_hash for s in self.subscribers):
            return True
        now = time.monotonic()
        return any((seat, token_hash) in p.holds for p in self.remote.values() if p.until > now)

    async def _seat_away(self, cmd: SeatAway) -> str:
        """Hand a seat nobody plays to the table's bot, or end the game as abandoned."""
        seat = cmd.seat
        self.away.pop(seat, None)
        row = next((r for r in self.seat_rows if r["seat"] == seat), None)
        if (
            row is None
            or row["kind"] != "human"
            or row["token_hash"] != cmd.token_hash
            or self.status != "playing"
            or self.state.outcome.over
            or self.lease_lost
        ):
            return ""
        if not cmd.now and cmd.token_hash is not None and self._connected(seat, cmd.token_hash):
            return ""  # back in time
        if self.settings.on_leave == "abandon":
            await self._abandon(seat, row["name"])
            return "abandoned"
        bot = self.settings.leave_bot or default_bot(self.state.game_id)
        table_id = self.id
        handed = await asyncio.wrap_future(
            self.db.write(lambda c: seats_mod.hand_over(c, table_id, seat, cmd.token_hash, bot))
        )
        if not handed:
            return ""
        self._set_seats(
            [{**r, "kind": "bot", "bot": bot} if r["seat"] == seat else r for r in self.seat_rows]
        )
        self._broadcast_extra(
            seats_mod.notice(self.id, "bot", seat, bot=bot, left=cmd.now, name=row["name"])
        )
        self._broadcast_extra({"type": "seats", "table": self.id, "seats": self.seats_public()})
        return "bot"

    async def _abandon(self, seat: int, name: str | None) -> None:
        """End the game now, unfinished, because seat ``seat`` left (the table's
        ``on_leave`` is "abandon"); everyone gets the outcome and the record."""
        who = name or f"Player {seat + 1}"
        outcome = {
            **self.state.outcome.to_dict(),
            "status": "unfinished",
            "reason": f"abandoned: {who} (seat {seat}) left the game",
            "details": {"abandoned_by": seat},
        }
        await asyncio.wrap_future(
            self.db.write(lambda c: store.set_status(c, self.id, "unfinished", outcome))
        )
        self.status = "unfinished"
        self.abandoned = outcome
        self._cancel_bots()
        self.due_since.clear()
        self._broadcast_extra(seats_mod.notice(self.id, "abandoned", seat, name=who))
        self._broadcast(self.version)
        self._broadcast_record()

    def _cancel_bots(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_tasks.clear()
        self.hints.cancel()
