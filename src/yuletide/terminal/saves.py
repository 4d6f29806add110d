"""Where games are saved, and the command that deals a game again.

Saves (replay records: game, seed, options and every action so far, which is all a game
is) go to the user's data folder by default (``platformdirs``: ``~/.local/share/
yuletide/games`` on Linux, honouring ``XDG_DATA_HOME``) and never replace a file
silently: a default name that is taken gets ``-2``, ``-3``, …; a name given with
``--save`` that exists is refused before the game starts (resuming a game updates its
own file, and says so).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def data_dir() -> Path:
    """The user's data folder for Yuletide (created when first written to)."""
    try:
        from platformdirs import user_data_dir  # noqa: PLC0415 (optional: the cli extra)
    except ImportError:  # the cli extra is not installed: the XDG default by hand
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "yuletide"
    return Path(user_data_dir("yuletide", appauthor=False))


def games_dir() -> Path:
    return data_dir() / "games"


def fresh_path(game_id: str, seed: int, folder: Path | None = None) -> Path:
    """A file name for a new save that no file has yet."""
    folder = games_dir() if folder is None else folder
    target = folder / f"{game_id}-{seed}.replay.json"
    n = 2
    while target.exists():
        target = folder / f"{game_id}-{seed}-{n}.replay.json"
        n += 1
    return target


def again_command(
    game_id: str,
    *,
    players: int,
    seed: int,
    seat: int = 0,
    bots: str | None = None,
    options: Mapping[str, Any] | None = None,
    reaction: str | None = None,
    time_limit: float | None = None,
) -> str:
    """``yuletide play …`` with every option given, so the same game can be dealt again
    (``seat`` is the engine's, from 0; the command line counts from 1)."""
    words = ["yuletide play", game_id, f"--players {players}", f"--seed {seed}"]
    if seat:
        words.append(f"--seat {seat + 1}")
    if bots:
        words.append(f"--bots {bots}")
    for name, value in (options or {}).items():
        words.append(f"--option {name}={value if isinstance(value, str) else json.dumps(value)}")
    if reaction:
        words.append(f"--reaction {reaction}")
    if time_limit is not None:
        words.append(f"--time-limit {time_limit:g}")
    return " ".join(words)
