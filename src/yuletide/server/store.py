"""The database: tables, seats and every accepted action, through SQLAlchemy Core.

What is stored is what determines a game — (game, rules version, options, seed, seats,
actions) — so a restarted server replays every unfinished table exactly. Writes go
through one writer thread that commits in small batches (group commit): every accepted
action is committed before it is acknowledged or broadcast, and many tables share one
commit, so SQLite and PostgreSQL both keep up with hundreds of live tables.

SQLite is the embedded default (WAL journal, ``synchronous=NORMAL``: a committed action
survives ``kill -9`` of the server); PostgreSQL is chosen by URL. The schema belongs to
Alembic (``yuletide/server/migrations``); the server refuses an unmigrated database.
"""

from __future__ import annotations

import hashlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    make_url,
    select,
    update,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    # The seed never leaves the server while the game runs (protocol.py).
    Column("seed", BigInteger, nullable=False),
    # waiting (for human seats to be taken) / playing / finished / unfinished
    Column("status", String(16), nullable=False, index=True),
    Column("settings", JSON, nullable=False),
    Column("outcome", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    # Which server process owns the live table, until when (scale-out, hub.py).
    Column("owner", String(64), nullable=True),
    Column("lease_until", Float, nullable=True),
    # A hypothetical table (play_on.py): the finished game and move it plays on from,
    # how its hidden cards were set, and (re-dealt) the position the re-deal starts from.
    Column("play_on", JSON, nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human / bot
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=True),
    # sha256 of the seat's secret token; NULL while a human seat is open.
    Column("token_hash", String(64), nullable=True, unique=True),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    # 0-based position in the record: (table_id, n) is unique, so two processes can
    # never both commit action n of a table.
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("notation", String(512), nullable=False),
    Column("forced", Boolean, nullable=False, default=False),
    # Server monotonic arrival time, seconds since the table went live in this process.
    Column("arrived", Float, nullable=False),
)

#: Post-game reviews (server/reviews.py), stored once computed: one per seat and mode.
reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("mode", String(16), primary_key=True),
    Column("data", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
)

T = TypeVar("T")
log = logging.getLogger("yuletide.server")
MIGRATIONS = Path(__file__).with_name("migrations")


def hash_token(token: str) -> str:
    """What is stored of a seat token: its SHA-256 (tokens are 128+ random bits, so a
    plain hash is enough; no salt or slow hash is needed against guessing)."""
    return hashlib.sha256(token.encode()).hexdigest()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, NORMAL sync and a busy timeout."""
    if url.startswith("sqlite"):
        # Pooled: a fresh connection per commit would checkpoint the WAL (an fsync) each
        # time it closed, 15x the cost of the commit itself.
        engine = create_engine(url, pool_size=5, max_overflow=10, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    connect_args: dict[str, Any] = {}
    if "options" not in make_url(url).query:
        # A process frozen inside a commit must not hold its row locks for ever (another
        # process taking its tables over would wait on them, and with it every write of
        # that process): idle transactions end after 10 s, lock waits after 5 s.
        connect_args["options"] = (
            "-c idle_in_transaction_session_timeout=10000 -c lock_timeout=5000"
        )
    return create_engine(
        url, pool_size=8, max_overflow=8, pool_pre_ping=True, connect_args=connect_args
    )


class Unmigrated(RuntimeError):
    """The database is not at the schema this server needs; the message says how to
    migrate it."""


def _alembic_config(url: str) -> Any:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade head``)."""
    command.upgrade(_alembic_config(url), "head")


def check_migrated(engine: Engine, url: str) -> None:
    """Unmigrated unless the database is at Alembic's head revision."""
    head = ScriptDirectory.from_config(_alembic_config(url)).get_current_head()
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
    if current != head:
        state = "has no Yuletide schema" if current is None else f"is at revision {current}"
        raise Unmigrated(
            f"the database {engine.url.render_as_string(hide_password=True)} {state};"
            f" this server needs revision {head}. Migrate it with"
            f" `yuletide migrate --db {engine.url.render_as_string(hide_password=True)}`"
            " (or start `yuletide serve --migrate`)."
        )


@dataclass(slots=True)
class _Op:
    fn: Callable[[Connection], Any]
    future: Future[Any] = field(default_factory=Future)


class Store:
    """The database behind one server process. ``write`` runs a function in the writer
    thread's next batch and returns a Future of its result, resolved after the commit;
    ``read`` runs one on a fresh connection in the caller's thread."""

    BATCH = 256

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._ops: queue.SimpleQueue[_Op | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._writer, name="yuletide-db", daemon=True)
        self._thread.start()
        self.commits = 0
        #: Called on the event loop with (table actor, seat, seconds its commit took) for
        #: each action committed (ops.py: metrics and logs).
        self.on_action: Callable[[Any, int, float], None] = lambda _actor, _seat, _s: None

    def close(self) -> None:
        """Commit everything queued so far (the stop sentinel queues behind it), then
        stop the writer; a write after this fails at once instead of waiting for ever."""
        self._closed = True
        self._ops.put(None)
        self._thread.join(timeout=30)
        self.engine.dispose()

    def write(self, fn: Callable[[Connection], T]) -> Future[T]:
        op = _Op(fn)
        if self._closed:
            op.future.set_exception(RuntimeError("the database writer has stopped"))
            return op.future
        self._ops.put(op)
        return op.future

    def read(self, fn: Callable[[Connection], T]) -> T:
        with self.engine.connect() as conn:
            return fn(conn)

    def _writer(self) -> None:
        while True:
            first = self._ops.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < self.BATCH:
                try:
                    op = self._ops.get_nowait()
                except queue.Empty:
                    break
                if op is None:
                    stop = True
                    break
                batch.append(op)
            # A caller that gave up (its asyncio task was cancelled, e.g. at shutdown)
            # cancelled its future: that op is skipped. Every other future is marked
            # running here, so it can no longer be cancelled and the result below is
            # always settable (a cancelled future once raised InvalidStateError in
            # _run, which killed this thread, and every later write waited for ever).
            live = [op for op in batch if op.future.set_running_or_notify_cancel()]
            if live:
                try:
                    self._run(live)
                except Exception as err:  # never let the writer thread die
                    log.exception("database writer: a batch failed unexpectedly")
                    for op in live:
                        if not op.future.done():
                            op.future.set_exception(err)
            if stop:
                return

    def _run(self, batch: list[_Op]) -> None:
        try:
            results = []
            with self.engine.begin() as conn:
                for op in batch:
                    results.append(op.fn(conn))
            self.commits += 1
            for op, result in zip(batch, results, strict=True):
                op.future.set_result(result)
            return
        except Exception:
            if len(batch) == 1:
                pass
            else:
                for op in batch:
                    self._run([op])
                return
        # A single op failed: run it once more for its own exception.
        op = batch[0]
        try:
            with self.engine.begin() as conn:
                result = op.fn(conn)
            op.future.set_result(result)
        except Exception as err:
            op.future.set_exception(err)


# ------------------------------------------------------------------ operations
# Each takes a Connection (inside the writer's transaction, or a read connection).


def insert_table(
    conn: Connection,
    row: dict[str, Any],
    seat_rows: list[dict[str, Any]],
    action_rows: list[dict[str, Any]] | None = None,
) -> None:
    """A new table with its seats (and, played on from a game, its first actions)."""
    conn.execute(tables.insert().values(**row))
    conn.execute(seats.insert(), seat_rows)
    if action_rows:
        conn.execute(actions.insert(), action_rows)


def append_action(
    conn: Connection,
    *,
    table_id: str,
    n: int,
    seat: int,
    notation: str,
    forced: bool,
    arrived: float,
) -> None:
    conn.execute(
        _INSERT_ACTION,
        {
            "table_id": table_id,
            "n": n,
            "seat": seat,
            "notation": notation,
            "forced": forced,
            "arrived": arrived,
        },
    )


#: Built once: compiling an insert per action cost 7x its execution.
_INSERT_ACTION = actions.insert()


def set_status(
    conn: Connection, table_id: str, status: str, outcome: dict[str, Any] | None = None
) -> None:
    values: dict[str, Any] = {"status": status}
    if outcome is not None:
        values["outcome"] = outcome
    if status in ("finished", "unfinished"):
        values["finished_at"] = time.time()
        values["owner"] = None
        values["lease_until"] = None
    conn.execute(update(tables).where(tables.c.id == table_id).values(**values))


def claim_seat(conn: Connection, table_id: str, seat: int, token_hash: str, name: str) -> bool:
    """Give an open human seat to a token; False if it is taken or not human."""
    result = conn.execute(
        update(seats)
        .where(
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.kind == "human",
            seats.c.token_hash.is_(None),
        )
        .values(token_hash=token_hash, name=name)
    )
    return result.rowcount == 1


def release_seat(conn: Connection, table_id: str, seat: int, token_hash: str) -> bool:
    result = conn.execute(
        update(seats)
        .where(
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.token_hash == token_hash,
        )
        .values(token_hash=None, name=None)
    )
    return result.rowcount == 1


def seat_to_bot(conn: Connection, table_id: str, seat: int, token_hash: str, bot: str) -> bool:
    """A human seat handed to a bot by the token that holds it; the token still watches
    the seat (its view), but may not act for it any more."""
    result = conn.execute(
        update(seats)
        .where(
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.token_hash == token_hash,
            seats.c.kind == "human",
        )
        .values(kind="bot", bot=bot)
    )
    return result.rowcount == 1


def get_table(conn: Connection, table_id: str) -> dict[str, Any] | None:
    row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
    return None if row is None else dict(row)


def get_seats(conn: Connection, table_id: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    ).mappings()
    return [dict(r) for r in rows]


def get_actions(conn: Connection, table_id: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        select(actions).where(actions.c.table_id == table_id).order_by(actions.c.n)
    ).mappings()
    return [dict(r) for r in rows]


def action_count(conn: Connection, table_id: str) -> int:
    """How many actions a table has (its version), without reading them."""
    count = conn.execute(
        select(func.count()).select_from(actions).where(actions.c.table_id == table_id)
    ).scalar()
    return int(count or 0)


def seat_of_token(conn: Connection, token_hash: str) -> tuple[str, int] | None:
    row = conn.execute(
        select(seats.c.table_id, seats.c.seat).where(seats.c.token_hash == token_hash)
    ).first()
    return None if row is None else (row[0], row[1])


def list_tables(conn: Connection, status: str | None, limit: int) -> list[dict[str, Any]]:
    query = select(tables).order_by(tables.c.created_at.desc()).limit(limit)
    if status is not None:
        query = query.where(tables.c.status == status)
    return [dict(r) for r in conn.execute(query).mappings()]


def live_table_ids(conn: Connection) -> list[str]:
    rows = conn.execute(
        select(tables.c.id).where(tables.c.status.in_(("waiting", "playing")))
    ).all()
    return [r[0] for r in rows]


def take_lease(conn: Connection, table_id: str, owner: str, seconds: float) -> bool:
    """Own ``table_id`` for ``seconds`` if nobody else holds a live lease on it."""
    now = time.time()
    result = conn.execute(
        update(tables)
        .where(
            tables.c.id == table_id,
            tables.c.status.in_(("waiting", "playing")),
            (tables.c.owner.is_(None)) | (tables.c.owner == owner) | (tables.c.lease_until < now),
        )
        .values(owner=owner, lease_until=now + seconds)
    )
    return result.rowcount == 1


def renew_leases(conn: Connection, owner: str, seconds: float) -> list[str]:
    """Extend every lease ``owner`` holds; the ids it still holds."""
    now = time.time()
    conn.execute(update(tables).where(tables.c.owner == owner).values(lease_until=now + seconds))
    rows = conn.execute(select(tables.c.id).where(tables.c.owner == owner)).all()
    return [r[0] for r in rows]


def release_leases(conn: Connection, owner: str) -> None:
    conn.execute(update(tables).where(tables.c.owner == owner).values(owner=None, lease_until=None))


def delete_table(conn: Connection, table_id: str) -> None:
    """Remove a table, its seats and actions (a rematch table that lost the race)."""
    conn.execute(reviews.delete().where(reviews.c.table_id == table_id))
    conn.execute(actions.delete().where(actions.c.table_id == table_id))
    conn.execute(seats.delete().where(seats.c.table_id == table_id))
    conn.execute(tables.delete().where(tables.c.id == table_id))


def set_rematch(conn: Connection, table_id: str, rematch_id: str) -> bool:
    result = conn.execute(
        update(tables)
        .where(tables.c.id == table_id, tables.c.rematch.is_(None))
        .values(rematch=rematch_id)
    )
    return result.rowcount == 1
