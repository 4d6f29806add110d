"""The tables one server process runs, and how a table finds its one owner.

Each live table is owned by exactly one process at a time: a lease in the database
(``tables.owner`` / ``lease_until``), taken when the process first needs the table and
renewed while it runs it. A process that dies stops renewing; another takes the table
over after the lease runs out, replaying its stored record: every process adopts, at
start and at every renewal, each live table without a running owner (``Hub.adopt``).
A lease whose owner is provably dead — a process of this same machine and PID namespace
that no longer runs, e.g. this server before a kill -9 — is taken over at once
(``owner_is_dead``), so a restarted server resumes its tables immediately. Every
commit of an action locks the table's row and checks that the lease is still this
process's (``TableActor._commit_and_apply``), and the primary key on (table, action
number) means two processes can never both commit action n: a process that was paused
past its lease cannot fork a game; it refuses the action (``moved``) and stops.

Without Redis a process serves only the tables it owns. With Redis (``redis_bridge.py``)
a client may connect to any process: commands travel to the owner and frames back over
pub/sub.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Connection, select, update

from ..bots import BOTS, bots_for, check_bot
from ..core.errors import InvalidOption
from ..core.registry import game_class
from ..core.simultaneous import is_real_time
from . import play_on as play_on_mod
from . import protocol, store
from . import seats as seats_mod
from .botpool import BotPool, PoolSettings
from .hints import Hint
from .seats import SeatRules
from .table import (
    PACE_OPTION,
    Act,
    ReplayMismatch,
    Resend,
    SeatAway,
    SeatsChanged,
    Settings,
    Subscriber,
    TableActor,
    Unwatch,
    Watch,
    default_bot,
    public_seats,
)

log = logging.getLogger("yuletide.server")

#: Seconds a lease lasts; renewed every third of it.
LEASE_SECONDS = 10.0
#: Seconds each step of a stop (actors, bridge, leases) may take before it is cut off.
STOP_SECONDS = 3.0
#: Bytes of randomness in a seat token (24 bytes = 192 bits; the issue asks >= 128).
TOKEN_BYTES = 24
#: Largest number of seats' names etc.
MAX_NAME = 40
#: Limits on table settings.
MAX_TIME_LIMIT = 600.0
MAX_BOT_DELAY = 10.0
MAX_GRACE = 3600.0


class TableError(Exception):
    """A request about tables the server refuses; ``status`` is its HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status = status
        self.code = code
        super().__init__(message)


class Remote(Protocol):
    """The scale-out bridge (Redis): how commands reach another process's table."""

    def publish(self, table_id: str, version: int, frames: dict[str, dict[str, Any]]) -> None: ...

    async def watch(self, table_id: str, sub: Subscriber, since: int | None) -> None: ...

    async def unwatch(self, table_id: str, sub: Subscriber) -> None: ...

    async def act(self, table_id: str, cmd: Act) -> None: ...

    async def resend(self, table_id: str, sub: Subscriber, since: int | None) -> None: ...

    async def seats_changed(self, table_id: str) -> None: ...

    async def owned(self, table_id: str) -> None:
        """This process now runs ``table_id`` (its actor is in ``Hub.actors``)."""
        ...

    async def disowned(self, table_id: str, subs: list[Subscriber]) -> None:
        """This process stopped running ``table_id``; ``subs`` were still watching it."""
        ...

    async def close(self) -> None: ...


@dataclass(slots=True)
class Created:
    table_id: str
    seat: int | None
    token: str | None
    #: A creation awaiting confirmation (seats.py): the status it will have once the
    #: creator's answer is sent (``Hub.confirm``); None when it needs none.
    pending: str | None = None


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)  # 72 bits: ids are public, only unguessable-ish


def _machine_tag() -> str:
    """This kernel boot and PID namespace, hashed (Linux); "" where it cannot be told.
    Processes with the same tag see the same process ids, so one of them can tell for
    sure that another has died (:func:`owner_is_dead`)."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
        pid_ns = os.readlink("/proc/self/ns/pid")
    except OSError:
        return ""
    return hashlib.sha256(f"{boot} {pid_ns}".encode()).hexdigest()[:12]


MACHINE = _machine_tag()


def owner_name() -> str:
    """A new process's lease owner name: ``host:pid:machine:random`` (at most 54 chars)."""
    host = socket.gethostname()[:24].replace(":", "-")
    return f"{host}:{os.getpid()}:{MACHINE or '-'}:{secrets.token_hex(4)}"


def owner_is_dead(owner: str) -> bool:
    """True only if lease owner ``owner`` (another process's :func:`owner_name`) is a
    process of this machine and PID namespace that no longer runs: a server that was
    killed and restarted here takes its tables back at once. False whenever that cannot
    be known for sure (another machine, a pid now used by another process): that lease
    then runs out as usual (LEASE_SECONDS) before another process takes the table."""
    parts = owner.split(":")
    if len(parts) != 4 or not MACHINE or parts[2] != MACHINE or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    if pid <= 1:
        return False
    if pid == os.getpid():
        return True  # an earlier process had our pid (the caller checks it is not us)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it exists (another user's process)
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]  # a zombie serves nothing


def _lease_rows(conn: Connection) -> list[tuple[str, str | None, float | None]]:
    """(id, owner, lease_until) of every live table."""
    t = store.tables
    rows = conn.execute(
        select(t.c.id, t.c.owner, t.c.lease_until).where(t.c.status.in_(("waiting", "playing")))
    ).all()
    return [(r[0], r[1], r[2]) for r in rows]


class Hub:
    """Every live table this process owns, the database, and the bot workers."""

    def __init__(
        self, db: store.Store, *, bot_workers: int = 4, bot_pool: PoolSettings | None = None
    ) -> None:
        self.db = db
        self.owner = owner_name()
        self.actors: dict[str, TableActor] = {}
        # Quick bots (random, greedy) and searching bots (ismcts) have pools of their
        # own, so a table whose bot searches never delays another table's quick bot.
        self.executor = ThreadPoolExecutor(bot_workers, thread_name_prefix="yuletide-bot")
        self.search_executor = ThreadPoolExecutor(bot_workers, thread_name_prefix="yuletide-search")
        # Searching bots (every bot, if so configured) run in worker processes instead:
        # the event loop's process never runs a search (botpool.py).
        self.bot_pool = BotPool(bot_pool)
        self.remote: Remote | None = None
        self._lease_task: asyncio.Task[None] | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        #: Tables whose stored record does not load here, and why (logged once).
        self.broken: dict[str, str] = {}
        self.started = time.time()
        #: Tables this process created whose creator's answer is not sent yet (seats.py).
        self._creating: dict[str, asyncio.Event] = {}
        self.seat_rules = SeatRules()

    # --------------------------------------------------------------- running

    async def start(self) -> None:
        """Take over every live table no running process holds, and keep the leases
        alive (taking over, from then on, the tables of processes that die)."""
        await self.adopt()
        self._lease_task = asyncio.get_running_loop().create_task(self._renew_leases())

    async def adopt(self) -> None:
        """Start every live table that has no running owner: no owner, a lease that ran
        out, or an owner process that is provably gone (:func:`owner_is_dead`, e.g. this
        server before a kill -9). A table that does not load is logged and skipped."""
        await self._drop_unconfirmed()
        rows = await asyncio.to_thread(self.db.read, _lease_rows)
        now = time.time()
        for table_id, owner, until in rows:
            if table_id in self.actors or table_id in self.broken:
                continue
            if (
                owner is not None
                and owner != self.owner
                and until is not None
                and until >= now
                and not owner_is_dead(owner)
            ):
                continue  # another running process holds it
            # TableError: another process was quicker, or the table is broken (logged)
            with contextlib.suppress(TableError):
                await self.actor(table_id)

    async def _drop_unconfirmed(self) -> None:
        """Delete the creations nobody confirmed: their creator never got the answer
        (the process creating them died, or it failed before answering)."""
        rows = await asyncio.to_thread(self.db.read, seats_mod.unconfirmed)
        if not rows:
            return
        old = time.time() - seats_mod.CREATING_SECONDS
        gone = [
            table_id
            for table_id, owner, created in rows
            if created < old  # (even ours: its answer never finished sending)
            or (
                table_id not in self._creating
                and (owner is None or owner == self.owner or owner_is_dead(owner))
            )
        ]
        for table_id in gone:
            event = self._creating.pop(table_id, None)
            if event is not None:
                event.set()
        if gone:
            log.warning("dropping %d table(s) whose creator never got an answer", len(gone))
            await asyncio.wrap_future(self.db.write(lambda c: seats_mod.drop_unconfirmed(c, gone)))

    async def confirm(self, table_id: str, status: str) -> None:
        """The creator's answer (with its token) was sent: the table goes ``status``
        and starts. Run after the response (a background task of the endpoint)."""
        event = self._creating.get(table_id)
        try:
            done = await asyncio.wrap_future(
                self.db.write(lambda c: seats_mod.confirm_table(c, table_id, status))
            )
        finally:
            self._creating.pop(table_id, None)
            if event is not None:
                event.set()
        if done:
            with contextlib.suppress(TableError):
                await self.actor(table_id)

    async def drop_creation(self, table_id: str) -> None:
        """A creation whose answer failed: nobody has its token, so it goes."""
        event = self._creating.pop(table_id, None)
        if event is not None:
            event.set()
        await asyncio.wrap_future(
            self.db.write(lambda c: seats_mod.drop_unconfirmed(c, [table_id]))
        )

    async def _unconfirmed(self, table_id: str) -> None:
        """Wait (bounded) while this process is confirming ``table_id``'s creation."""
        event = self._creating.get(table_id)
        if event is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), 10.0)

    async def _created(self, table_id: str, row: dict[str, Any] | None) -> dict[str, Any] | None:
        """``row`` once its creation is confirmed, or None if it is not within a few
        seconds: a creator may have their answer (and ask for the table, here or at
        another process) a moment before the confirmation is committed."""
        deadline = time.monotonic() + seats_mod.CONFIRM_WAIT
        while row is not None and row["status"] == "creating":
            if table_id in self._creating:
                await self._unconfirmed(table_id)
            elif time.monotonic() > deadline:
                return None
            else:
                await asyncio.sleep(0.05)
            row = await asyncio.to_thread(self.db.read, lambda c: store.get_table(c, table_id))
        return row

    async def close(self) -> None:
        if self._lease_task is not None:
            self._lease_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lease_task
        # Every actor finishes the commands queued before its Stop (so actions in
        # flight are committed and acknowledged), all at once and within a bound: a
        # stop never waits on a bot's search or a stuck client.
        actors = list(self.actors.values())
        self.actors.clear()
        stops = [asyncio.ensure_future(actor.stop()) for actor in actors]
        if stops:
            _, late = await asyncio.wait(stops, timeout=STOP_SECONDS)
            for task in late:
                task.cancel()
            for actor in actors:
                actor.kill()
        for creating in self._creating.values():
            creating.set()
        self._creating.clear()  # (left "creating": the next process to start drops them)
        if self.remote is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.remote.close(), STOP_SECONDS)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.wrap_future(self.db.write(lambda c: store.release_leases(c, self.owner))),
                STOP_SECONDS,
            )
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.search_executor.shutdown(wait=False, cancel_futures=True)
        await self.bot_pool.close()

    async def _renew_leases(self) -> None:
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            # Only the actors that ran before the renewal: one started since (by adopt()
            # below, or a takeover on a client's request) holds a lease that ``held``
            # cannot show yet, and must not be stopped as "lost".
            before = dict(self.actors)
            try:
                held = set(
                    await asyncio.wrap_future(
                        self.db.write(lambda c: store.renew_leases(c, self.owner, LEASE_SECONDS))
                    )
                )
            except Exception:
                log.exception("lease renewal failed")
                continue
            try:
                await self.adopt()
            except Exception:
                log.exception("taking over orphaned tables failed")
            for table_id, actor in before.items():
                if self.actors.get(table_id) is not actor:
                    continue
                if actor.status in ("finished", "unfinished"):
                    if time.monotonic() - actor.idle_since() > 60 and not actor.subscribers:
                        await actor.stop()
                        self.actors.pop(table_id, None)
                        if self.remote is not None:
                            await self.remote.disowned(table_id, [])
                elif table_id not in held:
                    log.warning("table %s: lease lost; another process owns it now", table_id)
                    watching = list(actor.subscribers)
                    await actor.stop()
                    self.actors.pop(table_id, None)
                    if self.remote is not None:
                        await self.remote.disowned(table_id, watching)

    async def actor(self, table_id: str) -> TableActor:
        """The live actor of ``table_id`` in this process, starting it (and taking its
        lease) if needed. TableError if there is no such table, or another process
        owns it."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        await self._unconfirmed(table_id)
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            actor = self.actors.get(table_id)
            if actor is not None:
                return actor
            if table_id in self.broken:
                raise TableError(500, "broken_table", self.broken[table_id])
            row = await asyncio.to_thread(self.db.read, lambda c: store.get_table(c, table_id))
            row = await self._created(table_id, row)
            if row is None:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            live = row["status"] in ("waiting", "playing")
            if live:
                took = await asyncio.wrap_future(
                    self.db.write(lambda c: self._take_lease(c, table_id))
                )
                if not took:
                    raise TableError(
                        409, "elsewhere", f"table {table_id} is run by another server process"
                    )
            seat_rows, action_rows = await asyncio.to_thread(
                self.db.read,
                lambda c: (store.get_seats(c, table_id), store.get_actions(c, table_id)),
            )
            publish = self.remote.publish if self.remote is not None else None
            try:
                actor = await asyncio.to_thread(
                    lambda: TableActor(
                        row,
                        seat_rows,
                        action_rows,
                        self.db,
                        self.executor,
                        search_executor=self.search_executor,
                        bot_pool=self.bot_pool,
                        publish=publish,
                        owner=self.owner,
                    )
                )
            except Exception as err:
                raise await self._broken(table_id, live, err) from err
            self.actors[table_id] = actor
            actor.start()
            if self.remote is not None:
                await self.remote.owned(table_id)
            return actor

    async def _broken(self, table_id: str, leased: bool, err: Exception) -> TableError:
        """A table whose stored record does not load: log it once, give its lease back,
        and refuse it from now on (the server keeps serving every other table)."""
        if isinstance(err, ReplayMismatch):
            message = f"table {table_id} cannot be loaded: {err}"
            log.error("%s", message)
        else:
            message = f"table {table_id} cannot be loaded: {type(err).__name__}: {err}"
            log.error("%s", message, exc_info=err)
        self.broken[table_id] = message
        if leased:
            t = store.tables
            with contextlib.suppress(Exception):
                await asyncio.wrap_future(
                    self.db.write(
                        lambda c: c.execute(
                            update(t)
                            .where(t.c.id == table_id, t.c.owner == self.owner)
                            .values(owner=None, lease_until=None)
                        )
                    )
                )
        return TableError(500, "broken_table", message)

    def _take_lease(self, conn: Connection, table_id: str) -> bool:
        """Own a live table: free, its lease ran out, or its owner is provably dead."""
        if store.take_lease(conn, table_id, self.owner, LEASE_SECONDS):
            return True
        t = store.tables
        owner = conn.execute(select(t.c.owner).where(t.c.id == table_id)).scalar()
        if not isinstance(owner, str) or owner == self.owner or not owner_is_dead(owner):
            return False
        result = conn.execute(
            update(t)
            .where(
                t.c.id == table_id,
                t.c.owner == owner,
                t.c.status.in_(("waiting", "playing")),
            )
            .values(owner=self.owner, lease_until=time.time() + LEASE_SECONDS)
        )
        if result.rowcount != 1:
            return False
        log.warning("table %s: its server process %s is gone; taking it over", table_id, owner)
        return True

    # --------------------------------------------------------- routing

    async def local_or_none(self, table_id: str) -> TableActor | None:
        """This process's actor for the table, or None when another process owns it
        and a remote bridge can reach it."""
        try:
            return await self.actor(table_id)
        except TableError as err:
            if err.code == "elsewhere" and self.remote is not None:
                return None
            raise

    async def watch(self, table_id: str, sub: Subscriber, since: int | None) -> None:
        actor = await self.local_or_none(table_id)
        if actor is None:
            assert self.remote is not None
            await self.remote.watch(table_id, sub, since)
        else:
            actor.submit(Watch(sub, since))

    async def unwatch(self, table_id: str, sub: Subscriber) -> None:
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.submit(Unwatch(sub))
        elif self.remote is not None:
            await self.remote.unwatch(table_id, sub)

    async def resend(self, table_id: str, sub: Subscriber, since: int | None) -> None:
        actor = await self.local_or_none(table_id)
        if actor is None:
            assert self.remote is not None
            await self.remote.resend(table_id, sub, since)
        else:
            actor.submit(Resend(sub, since))

    async def hint(self, table_id: str, cmd: Hint) -> None:
        """A seat's ask for a hint, to its table's actor (hints.py). A table another
        process runs (scale-out) answers no hints through this one."""
        actor = await self.local_or_none(table_id)
        if actor is None:
            cmd.reply(
                protocol.error_frame(
                    "hint_elsewhere",
                    "another server process runs this table: hints are answered only"
                    " through the process that runs it; reconnect and ask again",
                    cmd.ref,
                )
            )
        else:
            actor.submit(cmd)

    async def act(self, table_id: str, cmd: Act) -> None:
        actor = await self.local_or_none(table_id)
        if actor is None:
            assert self.remote is not None
            await self.remote.act(table_id, cmd)
        else:
            actor.submit(cmd)

    async def seats_changed(self, table_id: str) -> None:
        """Tell the table's owner its seats changed (someone joined or left)."""
        actor = await self.local_or_none(table_id)
        if actor is None:
            assert self.remote is not None
            await self.remote.seats_changed(table_id)
        else:
            await self.reload_seats(table_id)

    async def reload_seats(self, table_id: str) -> None:
        actor = self.actors.get(table_id)
        if actor is None:
            return
        rows = await asyncio.to_thread(self.db.read, lambda c: store.get_seats(c, table_id))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        actor.submit(SeatsChanged(rows, done))
        # Answer once the table has taken the change in (a join that fills the table
        # answers when the game is live); a stopped table never answers.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(done), 10.0)

    # -------------------------------------------------------------- tables

    def validate(
        self,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        settings: dict[str, Any],
    ) -> tuple[Any, int, dict[str, Any], list[dict[str, Any]], Settings]:
        """Check a table request with the game's own option specs; TableError says what
        is wrong and what is allowed. The table option ``bot_pace`` (table.PACE_OPTION)
        comes with the game's options (the lobby lists it there) or, on a rematch, with
        the settings; it is a setting, never passed to the rules."""
        options = dict(options)
        pace = options.pop(PACE_OPTION.name, None)
        if pace is None:
            pace = settings.get(PACE_OPTION.name)
        try:
            pace = PACE_OPTION.validate("normal" if pace is None else pace)
        except InvalidOption as err:
            raise TableError(400, "bad_options", str(err)) from None
        try:
            cls = game_class(game)
            state = cls.new(players, 0, **options)
        except InvalidOption as err:
            raise TableError(400, "bad_options", str(err)) from None
        players = state.players
        if not seat_specs:
            seat_specs = [{"kind": "human"}] * players
        if len(seat_specs) != players:
            raise TableError(
                400,
                "bad_seats",
                f"a {players}-player table needs {players} seats, got {len(seat_specs)};"
                ' each is {"kind": "human"} or {"kind": "bot", "bot": NAME}',
            )
        rows = []
        for i, spec in enumerate(seat_specs):
            kind = spec.get("kind")
            if kind == "human" and spec.get("bot") is not None:
                raise TableError(
                    400,
                    "bad_seats",
                    f"seat {i}: a human seat has no bot; a bot seat is"
                    f' {{"kind": "bot", "bot": NAME}}'
                    f" (bots for {game}: {', '.join(bots_for(game))})",
                )
            if kind == "human":
                rows.append({"seat": i, "kind": "human", "bot": None, "name": None})
            elif kind == "bot":
                name = spec.get("bot") or "random"
                try:
                    check_bot(name, game)
                except InvalidOption as err:
                    raise TableError(400, "bad_seats", f"seat {i}: {err}") from None
                rows.append({"seat": i, "kind": "bot", "bot": name, "name": f"{name} bot"})
            else:
                raise TableError(
                    400,
                    "bad_seats",
                    f"seat {i}: kind must be 'human' or 'bot', got {kind!r};"
                    f" bots: {', '.join(sorted(BOTS))}",
                )
        time_limit = settings.get("time_limit")
        bot_delay = settings.get("bot_delay")
        if time_limit is None:
            time_limit = 20.0
        if not isinstance(time_limit, int | float) or not 0.5 <= time_limit <= MAX_TIME_LIMIT:
            raise TableError(
                400, "bad_settings", f"time_limit is seconds from 0.5 to {MAX_TIME_LIMIT:g}"
            )
        if bot_delay is not None and (
            not isinstance(bot_delay, int | float) or not 0 <= bot_delay <= MAX_BOT_DELAY
        ):
            raise TableError(
                400, "bad_settings", f"bot_delay is seconds from 0 to {MAX_BOT_DELAY:g}, or null"
            )
        on_leave = settings.get("on_leave") or "bot"
        if on_leave not in seats_mod.ON_LEAVE:
            raise TableError(
                400,
                "bad_settings",
                "on_leave is 'bot' (a bot takes the seat of a player who leaves mid-game)"
                " or 'abandon' (the game ends)",
            )
        leave_bot = settings.get("leave_bot")
        if leave_bot is None:
            # the table's own level: its first bot seat's, else the game's default
            leave_bot = next((str(r["bot"]) for r in rows if r["kind"] == "bot"), None)
        if leave_bot is not None:
            if not isinstance(leave_bot, str):
                raise TableError(400, "bad_settings", "leave_bot is a bot's name")
            try:
                check_bot(leave_bot, cls.game_id)
            except InvalidOption as err:
                raise TableError(400, "bad_settings", f"leave_bot: {err}") from None
        grace = settings.get("grace")
        if grace is None:
            grace = self.seat_rules.grace
        if not isinstance(grace, int | float) or not 0 <= grace <= MAX_GRACE:
            raise TableError(400, "bad_settings", f"grace is seconds from 0 to {MAX_GRACE:g}")
        hints = settings.get("hints")
        if hints is None:  # on where every other seat is a bot (hints.py)
            hints = sum(1 for r in rows if r["kind"] == "human") <= 1
        if not isinstance(hints, bool):
            raise TableError(
                400,
                "bad_settings",
                f"hints is true (a player may ask the strong bot for a hint on their turn),"
                f" false, or null (on where every other seat is a bot), got {hints!r:.40}",
            )
        return (
            cls,
            players,
            dict(state.options),
            rows,
            Settings(
                float(time_limit),
                None if bot_delay is None else float(bot_delay),
                on_leave,
                leave_bot,
                float(grace),
                str(pace),
                hints,
            ),
        )

    async def create(
        self,
        game: str,
        *,
        players: int | None,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        settings: dict[str, Any],
        sit: int | None = None,
        name: str | None = None,
        rematch_of: str | None = None,
        seed: int | None = None,
        play_on: dict[str, Any] | None = None,
        action_rows: list[dict[str, Any]] | None = None,
    ) -> Created:
        """A new table; with ``sit``, the creator takes that human seat (and its token).
        A hypothetical (play_on.py) brings its seed, origin and first actions."""
        cls, players, resolved, seat_rows, table_settings = self.validate(
            game, players, options, seat_specs, settings
        )
        token = None
        if sit is not None:
            if not (type(sit) is int and 0 <= sit < players) or seat_rows[sit]["kind"] != "human":
                humans = [r["seat"] for r in seat_rows if r["kind"] == "human"]
                raise TableError(400, "bad_seat", f"you can sit at a human seat: {humans}")
            token = new_token()
            seat_rows[sit]["token_hash"] = store.hash_token(token)
            seat_rows[sit]["name"] = clean_name(name, sit)
        table_id = new_table_id()
        for r in seat_rows:
            r.setdefault("token_hash", None)
            r["table_id"] = table_id
        # a table whose seats are all taken already (bots, the creator) starts at once
        status = (
            "playing"
            if all(r["kind"] == "bot" or r["token_hash"] is not None for r in seat_rows)
            else "waiting"
        )
        row = {
            "id": table_id,
            "game": cls.game_id,
            "rules_version": cls.rules_version,
            "players": players,
            "options": resolved,
            "seed": secrets.randbits(63) if seed is None else seed,
            "play_on": play_on,
            # with the creator's token: "creating" until its answer is sent (seats.py)
            "status": "creating" if token is not None else status,
            "settings": table_settings.to_dict(),
            "outcome": None,
            "created_at": time.time(),
            "rematch_of": rematch_of,
            "owner": self.owner,
            "lease_until": time.time() + LEASE_SECONDS,
        }
        if token is not None:
            self._creating[table_id] = asyncio.Event()
        first = [{**a, "table_id": table_id} for a in action_rows or ()]
        try:
            await asyncio.wrap_future(
                self.db.write(lambda c: store.insert_table(c, row, seat_rows, first))
            )
        except BaseException:
            self._creating.pop(table_id, None)
            raise
        if token is not None:
            return Created(table_id, sit, token, pending=status)
        await self.actor(table_id)
        return Created(table_id, sit, token)

    async def join(
        self, table_id: str, seat: int, name: str | None, *, holder: str | None = None
    ) -> str:
        """Take an open human seat: its secret token. A rematch seat reserved for its
        player is taken only by ``holder``, the token hash that held it before."""
        await self._unconfirmed(table_id)
        row, seat_rows = await self._table_and_seats(table_id)
        if row["status"] == "creating":
            if await self._created(table_id, row) is None:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            row, seat_rows = await self._table_and_seats(table_id)
        open_seats = [
            r["seat"] for r in seat_rows if r["kind"] == "human" and r["token_hash"] is None
        ]
        open_text = f"open seats: {', '.join(map(str, open_seats)) or 'none'}"
        if not 0 <= seat < len(seat_rows):
            raise TableError(
                400,
                "bad_seat",
                f"table {table_id} has seats 0 to {len(seat_rows) - 1}, not {seat}; {open_text}",
            )
        if row["status"] not in ("waiting", "playing"):
            raise TableError(409, "game_over", f"the game at table {table_id} has ended")
        if seat not in open_seats:
            what = "a bot seat" if seat_rows[seat]["kind"] == "bot" else "taken"
            raise TableError(409, "seat_taken", f"seat {seat} is {what}; {open_text}")
        if row["status"] == "playing":
            # (a running game has no open seat: a left one goes to a bot, seats.py)
            raise TableError(409, "playing", f"the game at table {table_id} is under way")
        reserved = (await self._reservations(row)).get(seat)
        if reserved is not None and reserved[0] != holder:
            raise TableError(
                409,
                "reserved",
                f"seat {seat} is kept for its player from the last game until they take it"
                f" or decline, at most {max(0.0, reserved[1] - time.time()):.0f} s more",
            )
        token = new_token()
        took = await asyncio.wrap_future(
            self.db.write(
                lambda c: store.claim_seat(
                    c, table_id, seat, store.hash_token(token), clean_name(name, seat)
                )
            )
        )
        if not took:
            raise TableError(409, "seat_taken", f"seat {seat} was just taken")
        await self.seats_changed(table_id)
        return token

    async def leave(self, table_id: str, seat: int, token: str) -> str:
        """Leave a seat: "left" (a waiting table's seat opens again), or, mid-game, what
        took the seat: "bot" or "abandoned" (the table's ``on_leave``; seats.py)."""
        await self.seat_of(table_id, token, want=seat)
        actor = self.actors.get(table_id)
        if actor is not None:
            status = actor.status
        else:
            status = (await self._table_and_seats(table_id))[0]["status"]
        if status == "playing":
            return await self._left_mid_game(table_id, seat, store.hash_token(token))
        left = await asyncio.wrap_future(
            self.db.write(lambda c: store.release_seat(c, table_id, seat, store.hash_token(token)))
        )
        if not left:
            raise TableError(403, "bad_token", "that token does not hold this seat")
        await self.seats_changed(table_id)
        return "left"

    async def _left_mid_game(self, table_id: str, seat: int, token_hash: str) -> str:
        actor = await self.local_or_none(table_id)
        if actor is not None:
            done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            actor.submit(SeatAway(seat, token_hash, now=True, done=done))
            what = await asyncio.wait_for(asyncio.shield(done), 30.0)
            if not what:
                raise TableError(409, "bot_seat", f"a bot plays seat {seat} already")
            return what
        # Another process runs the table (scale-out): its bot takes the seat.
        row, _ = await self._table_and_seats(table_id)
        settings = Settings.from_dict(row["settings"])
        bot = settings.leave_bot or default_bot(row["game"])
        handed = await asyncio.wrap_future(
            self.db.write(lambda c: seats_mod.hand_over(c, table_id, seat, token_hash, bot))
        )
        if not handed:
            raise TableError(409, "bot_seat", f"a bot plays seat {seat} already")
        await self.seats_changed(table_id)
        return "bot"

    async def reclaim(self, table_id: str, seat: int, token: str) -> None:
        """The player whose seat a bot took (they left, were away too long, or handed
        it over) takes it back with their token."""
        await self.seat_of(table_id, token, want=seat)
        row, seat_rows = await self._table_and_seats(table_id)
        if row["status"] != "playing":
            raise TableError(409, "not_playing", "a seat is taken back while its game runs")
        if seat_rows[seat]["kind"] != "bot":
            raise TableError(409, "not_bot", f"seat {seat} is played by its player already")
        token_hash = store.hash_token(token)
        back = await asyncio.wrap_future(
            self.db.write(lambda c: seats_mod.reclaim(c, table_id, seat, token_hash))
        )
        if not back:
            raise TableError(409, "not_bot", f"seat {seat} was just taken back")
        await self.seats_changed(table_id)
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.announce(seats_mod.notice(table_id, "reclaimed", seat))

    async def decline_rematch(self, table_id: str, token: str) -> None:
        """The token's seat at a finished table will not play the rematch: its reserved
        seat there (now, or once someone asks for one) is open to anyone."""
        seat = await self.seat_of(table_id, token)
        row, _ = await self._table_and_seats(table_id)
        if row["status"] not in ("finished", "unfinished"):
            raise TableError(409, "not_over", "a rematch starts once this game has ended")
        await asyncio.wrap_future(self.db.write(lambda c: seats_mod.decline(c, table_id, seat)))

    async def _reservations(self, row: dict[str, Any]) -> dict[int, tuple[str, float]]:
        """The seats of a rematch table still kept for their players (seats.py)."""
        old_id = row["rematch_of"]
        if old_id is None or row["status"] != "waiting":
            return {}
        if time.time() >= row["created_at"] + self.seat_rules.rematch_hold:
            return {}
        old, old_seats = await asyncio.to_thread(
            self.db.read, lambda c: (store.get_table(c, old_id), store.get_seats(c, old_id))
        )
        return seats_mod.reservations(
            old, old_seats, row["created_at"], self.seat_rules.rematch_hold
        )

    async def hand_to_bot(self, table_id: str, seat: int, token: str, bot: str) -> None:
        """A player leaves a running game to a bot, which plays the seat from now on; the
        player's token still watches the seat (so their page follows the game to its end)."""
        await self.seat_of(table_id, token, want=seat)
        row, seat_rows = await self._table_and_seats(table_id)
        if seat_rows[seat]["kind"] == "bot":
            raise TableError(409, "bot_seat", f"a bot plays seat {seat} already")
        if row["status"] != "playing":
            raise TableError(
                409, "not_playing", "a seat is handed to a bot while its game is being played"
            )
        try:
            check_bot(bot, row["game"])
        except InvalidOption as err:
            raise TableError(400, "bad_bot", str(err)) from None
        handed = await asyncio.wrap_future(
            self.db.write(
                lambda c: store.seat_to_bot(c, table_id, seat, store.hash_token(token), bot)
            )
        )
        if not handed:
            raise TableError(409, "bot_seat", f"seat {seat} was just handed to a bot")
        await self.seats_changed(table_id)

    async def seat_of(self, table_id: str, token: Any, want: int | None = None) -> int:
        """The seat a token holds at ``table_id``; TableError says what is wrong."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            raise TableError(403, "bad_token", "a seat token is the text from your invite link")
        found = await asyncio.to_thread(
            self.db.read, lambda c: store.seat_of_token(c, store.hash_token(token))
        )
        if found is None:
            raise TableError(
                403, "bad_token", "unknown seat token (the seat was left or never taken)"
            )
        if found[0] != table_id:
            raise TableError(403, "bad_token", "this token belongs to another table")
        if want is not None and found[1] != want:
            raise TableError(403, "bad_token", f"this token holds seat {found[1]}, not seat {want}")
        return found[1]

    async def rematch(self, table_id: str, token: str) -> Created:
        """The next game at this table (same game, options, seats and kinds): the
        caller takes the same seat in it. Everyone who calls gets the same new table."""
        seat = await self.seat_of(table_id, token)
        # One rematch per table from this process: callers wait for the first one's table.
        # (Processes sharing a database still agree through set_rematch below.)
        async with self._locks.setdefault("rematch:" + table_id, asyncio.Lock()):
            return await self._rematch(table_id, seat)

    async def _rematch(self, table_id: str, seat: int) -> Created:
        row, seat_rows = await self._table_and_seats(table_id)
        if row["status"] not in ("finished", "unfinished"):
            raise TableError(409, "not_over", "a rematch starts once this game has ended")
        new_id = row["rematch"]
        if new_id is None:
            # A seat its player handed to a bot (kind bot, token kept) is theirs again.
            specs = [
                {"kind": "human", "bot": None}
                if r["token_hash"] is not None
                else {"kind": r["kind"], "bot": r["bot"]}
                for r in seat_rows
            ]
            created = await self.create(
                row["game"],
                players=row["players"],
                options=row["options"],
                seat_specs=specs,
                settings=row["settings"],
                rematch_of=table_id,
            )
            linked = await asyncio.wrap_future(
                self.db.write(lambda c: store.set_rematch(c, table_id, created.table_id))
            )
            if linked:
                new_id = created.table_id
            else:  # another process's rematch won the race: ours goes, unseen
                await self._discard(created.table_id)
                fresh = await asyncio.to_thread(
                    self.db.read, lambda c: store.get_table(c, table_id)
                )
                assert fresh is not None
                new_id = fresh["rematch"]
        name = next(r["name"] for r in seat_rows if r["seat"] == seat)
        holder = next(r["token_hash"] for r in seat_rows if r["seat"] == seat)
        new_token_ = await self.join(new_id, seat, name, holder=holder)
        return Created(new_id, seat, new_token_)

    async def _discard(self, table_id: str) -> None:
        """Stop and delete a table nobody has seen (a rematch that lost the race)."""
        actor = self.actors.pop(table_id, None)
        if actor is not None:
            await actor.stop()
        await asyncio.wrap_future(self.db.write(lambda c: store.delete_table(c, table_id)))

    async def _table_and_seats(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        row, seat_rows = await asyncio.to_thread(
            self.db.read, lambda c: (store.get_table(c, table_id), store.get_seats(c, table_id))
        )
        if row is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        return row, seat_rows

    async def public_info(self, table_id: str, *, creating: bool = False) -> dict[str, Any]:
        """What anyone may know of a table: no seed, no record while it runs. A table
        still being created is shown only to its creation (``creating``)."""
        row, seat_rows = await self._table_and_seats(table_id)
        if row["status"] == "creating" and not creating:
            if await self._created(table_id, row) is None:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            row, seat_rows = await self._table_and_seats(table_id)
        actor = self.actors.get(table_id)
        version = actor.version if actor is not None else None
        if actor is not None:
            row["status"] = actor.status
        if version is None:
            version = await asyncio.to_thread(
                self.db.read, lambda c: store.action_count(c, table_id)
            )
        reserved = await self._reservations(row)
        return {
            "table": row["id"],
            "game": row["game"],
            "rules_version": row["rules_version"],
            "players": row["players"],
            "options": row["options"],
            "status": row["status"],
            "settings": row["settings"],
            "real_time": is_real_time(game_class(row["game"])),
            "version": version,
            "outcome": row["outcome"],
            "rematch": row["rematch"],
            "rematch_of": row["rematch_of"],
            "play_on": play_on_mod.public(row["play_on"]),
            "seats": [
                {**s, "reserved_until": reserved[s["seat"]][1]}
                if s["seat"] in reserved and not s["taken"]
                else s
                for s in public_seats(seat_rows)
            ],
        }

    async def record(self, table_id: str) -> dict[str, Any]:
        row = await asyncio.to_thread(self.db.read, lambda c: store.get_table(c, table_id))
        if row is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        if row["status"] not in ("finished", "unfinished"):
            raise TableError(
                409, "running", "the record (seed and actions) is public once the game has ended"
            )
        action_rows = await asyncio.to_thread(
            self.db.read, lambda c: store.get_actions(c, table_id)
        )
        return play_on_mod.table_record(row, [(a["seat"], a["notation"]) for a in action_rows])

    async def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(
            self.db.read, lambda c: store.list_tables(c, "waiting", limit)
        )
        return [
            {
                "table": r["id"],
                "game": r["game"],
                "players": r["players"],
                "options": r["options"],
                "created_at": r["created_at"],
                "play_on": play_on_mod.public(r["play_on"]),
            }
            for r in rows
        ]


def clean_name(name: Any, seat: int) -> str:
    """A player's display name: printable, at most MAX_NAME characters."""
    if not isinstance(name, str) or not name.strip():
        return f"Player {seat + 1}"
    text = "".join(ch for ch in name.strip() if ch.isprintable())
    return text[:MAX_NAME] or f"Player {seat + 1}"
