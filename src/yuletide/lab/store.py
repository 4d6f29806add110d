"""Where lab results live: one SQLite file (stdlib ``sqlite3``), written as games finish.

Two tables: ``games`` holds one result record per game, keyed by the game's content key
(``yuletide.lab.plan``), so a run that is interrupted resumes where it stopped and a
bigger run reuses the games of a smaller one; ``runs`` lists the runs (kind, game, spec,
how many games they have) for ``yuletide lab runs``. Each batch of results is committed
at once, so Ctrl-C loses at most the games still being played.

The default file is ``lab.sqlite3`` in the user's data directory (``platformdirs``'
``user_data_dir("yuletide")``, which honours ``XDG_DATA_HOME``; the XDG default when
platformdirs is not installed).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from .plan import Plan

#: The schema version, kept in SQLite's ``user_version``.
SCHEMA = 1

_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY,
    result TEXT NOT NULL,
    stored REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    games INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
"""


def default_path() -> Path:
    """``lab.sqlite3`` in the user's data directory (module docstring)."""
    try:
        import platformdirs  # noqa: PLC0415 (optional: the server extra brings it)

        folder = Path(platformdirs.user_data_dir("yuletide"))
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = Path(base) / "yuletide"
    return folder / "lab.sqlite3"


class Store:
    """The results file. Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        if self.path.is_dir():
            raise ValueError(f"--store {self.path} is a directory; give a file name")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=30.0)
        except (OSError, sqlite3.Error) as err:
            raise ValueError(f"cannot open the lab store {self.path}: {err}") from err
        try:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA):
                raise ValueError(
                    f"the lab store {self.path} has schema {version}; this yuletide reads"
                    f" schema {SCHEMA}: give another --store"
                )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.executescript(_SCHEMA_SQL)
            self.db.execute(f"PRAGMA user_version={SCHEMA}")
            self.db.commit()
        except sqlite3.DatabaseError as err:
            self.db.close()
            raise ValueError(f"{self.path} is not a lab store (SQLite): {err}") from err

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ games

    def get(self, keys: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The stored results among ``keys``."""
        out: dict[str, dict[str, Any]] = {}
        for start in range(0, len(keys), 500):
            part = list(keys[start : start + 500])
            marks = ",".join("?" * len(part))
            rows = self.db.execute(f"SELECT key, result FROM games WHERE key IN ({marks})", part)
            out.update((k, json.loads(r)) for k, r in rows)
        return out

    def put(self, results: Iterable[tuple[str, dict[str, Any]]]) -> int:
        """Store results (replacing any under the same key) and commit; how many."""
        now = time.time()
        rows = [(k, json.dumps(r, separators=(",", ":")), now) for k, r in results]
        self.db.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?)", rows)
        self.db.commit()
        return len(rows)

    def forget(self, keys: Sequence[str]) -> None:
        """Drop the results under ``keys`` (``--fresh`` plays them again)."""
        for start in range(0, len(keys), 500):
            part = list(keys[start : start + 500])
            self.db.execute(f"DELETE FROM games WHERE key IN ({','.join('?' * len(part))})", part)
        self.db.commit()

    # ------------------------------------------------------------------- runs

    def record_run(self, plan: Plan) -> None:
        now = time.time()
        self.db.execute(
            "INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET"
            " updated = excluded.updated",
            (
                plan.key,
                plan.kind,
                plan.game,
                json.dumps(plan.spec, sort_keys=True),
                len(plan.tasks),
                now,
                now,
            ),
        )
        self.db.commit()

    def runs(self) -> Iterator[dict[str, Any]]:
        """Every run recorded, newest first, with its spec."""
        rows = self.db.execute(
            "SELECT key, kind, game, spec, games, created, updated FROM runs ORDER BY updated DESC"
        )
        for key, kind, game, spec, games, created, updated in rows.fetchall():
            yield {
                "key": key,
                "kind": kind,
                "game": game,
                "spec": json.loads(spec),
                "games": games,
                "created": created,
                "updated": updated,
            }

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
