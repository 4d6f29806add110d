"""The strength ladder: how the levels fare against each other, measured.

``python -m yuletide.sim.ladder`` plays, for every multiplayer game at two player
counts (2 and 4, or the nearest counts the game allows), each pairing of levels
(``hard`` vs ``medium``, ``medium`` vs ``random``, and with ``--pairings all`` also
``hard`` vs ``random``), and, for the solo games, every level at every difficulty
option; it reports win rates with 95% (Wilson) intervals as JSON, and as a Markdown
table with ``--markdown``.

Paired seeds and every seat rotation
  Bots A and B sit alternately (A B A B ...; with an odd count also B A B ...), and each
  deal (a game seed) is played once in every distinct rotation of those lineups, so
  both bots play every seat of every deal: luck of the deal and of the seat cancels.
  The deals are the same for every pairing of a game and player count.

Win rates
  A bot's win rate is the share of its seats that ended among the winners (a shared win
  counts for each winner), with the Wilson interval over its seats; ``beats`` says the
  first bot's interval lies wholly above the second's. ``share`` is the mean win share
  (1 / winners) per seat. Unfinished games (a turn limit) are wins for nobody.

Speed
  In a real-time game every seat reacts as ``medium`` does (a typical adult,
  ``yuletide.bots.base.LEVEL_REACTIONS``): the ladder measures play, and a ``hard``
  reacting like a quick adult would win the races by speed alone (bench/reaction_race.py
  measures that against a person instead).

Budget
  ``hard`` plays at a fixed budget of ``--hard-iterations`` iterations a move (default
  100) with no time cap, so every game is reproducible from its seed whatever the
  machine's load; the level's own budget (up to 1000 iterations, at most 0.5 s a move)
  is stronger. Long games (their manifest's ``long``) play ``--long-games`` games per
  pairing (default 100), the others ``--games`` (default 200).

Resuming
  Results are written to ``--out`` after every deal. Run again with ``--resume`` and the
  deals already played (for the same settings) are kept, and only the rest is played.
  ``--game``, ``--players`` and ``--solo-level`` choose the cells to play now (the
  settings, and so the file, stay the same: a later run fills in the rest). A larger
  ``--games`` (or ``--long-games``) with ``--resume`` extends the cells chosen: deal
  *i* of a cell is the same deal whatever the count. Only :data:`DEAL_SETTINGS` (what
  decides a deal's games) must match; the file keeps the counts it was started with,
  and each cell's summary says how many games it holds.
  ``--estimate`` plays one deal of every cell and prints how long the full run would
  take, writing nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import LEVELS, Bot, level_bot, make_bot
from ..bots.base import level_reaction
from ..core.errors import InvalidOption
from ..core.registry import game_class, games, spec
from ..core.rng import derive_seed
from .match import play_match
from .stats import wilson_interval

#: Every seat's reaction time on the ladder (module docstring, Speed).
SAME_SPEED = level_reaction("medium")

FORMAT = "yuletide-ladder"
VERSION = 1
PAIRINGS = {
    "required": (("hard", "medium"), ("medium", "random")),
    "all": (("hard", "medium"), ("medium", "random"), ("hard", "random")),
}
SOLO_LEVELS = ("random", "easy", "medium", "hard")
#: The settings that decide a deal's games; a resumed file must have the same.
DEAL_SETTINGS = ("seed", "hard_iterations", "pairings")


@dataclass(frozen=True, slots=True)
class Cell:
    """One line of the ladder: a game, a player count, options and the bots compared
    (one bot for a solo game)."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    games: int

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={json.dumps(v)}" for k, v in self.options)
        return f"{self.game}/{self.players}p/{opts}/{'-vs-'.join(self.bots)}"

    def seatings(self) -> list[tuple[str, ...]]:
        """Every distinct rotation of the alternating lineups (module docstring)."""
        if len(self.bots) == 1:
            return [self.bots]
        a, b = self.bots
        n = self.players
        lineups = [tuple(a if i % 2 == 0 else b for i in range(n))]
        if n % 2:
            lineups.append(tuple(b if i % 2 == 0 else a for i in range(n)))
        out: list[tuple[str, ...]] = []
        for lineup in lineups:
            for r in range(n):
                seating = lineup[r:] + lineup[:r]
                if seating not in out:
                    out.append(seating)
        return out

    def deals(self) -> int:
        """Deals to play: enough for ``games`` games over every seating."""
        return math.ceil(self.games / len(self.seatings()))


def player_counts(game_id: str) -> list[int]:
    """2 and 4 players, or the nearest counts the game allows."""
    cls = game_class(game_id)
    lo, hi = cls.min_players, cls.max_players
    return sorted({min(max(2, lo), hi), min(max(4, lo), hi)})


def cells(
    chosen: Sequence[str],
    pairings: Sequence[tuple[str, str]],
    games: int,
    long_games: int,
    solo_games: int,
) -> list[Cell]:
    out: list[Cell] = []
    for game_id in chosen:
        cls = game_class(game_id)
        if cls.max_players == 1:
            # The solo game's difficulty options (its manifest's), one at a time.
            for options in spec(game_id).difficulty_options or ({},):
                for level in SOLO_LEVELS:
                    out.append(
                        Cell(game_id, 1, tuple(sorted(options.items())), (level,), solo_games)
                    )
            continue
        count = long_games if spec(game_id).long else games
        for players in player_counts(game_id):
            for pair in pairings:
                out.append(Cell(game_id, players, (), pair, count))
    return out


def _bot(name: str, game_id: str, seed: int, hard_iterations: int) -> Bot:
    if name in LEVELS:
        return level_bot(name, game_id, seed, iterations=hard_iterations)
    return make_bot(name, seed)


def play_deal(job: tuple[Cell, int, int, int]) -> dict[str, Any]:
    """One deal of a cell in every seating: per bot, its seats, wins and win share."""
    cell, index, base_seed, hard_iterations = job
    seed = derive_seed(base_seed, _stable(cell.game), cell.players, index)
    tally: dict[str, dict[str, float]] = {
        name: {"seats": 0, "wins": 0, "share": 0.0} for name in cell.bots
    }
    unfinished = 0
    played = 0
    start = time.perf_counter()
    for seating in cell.seatings():
        bots = [
            _bot(name, cell.game, derive_seed(seed, 1 + s), hard_iterations)
            for s, name in enumerate(seating)
        ]
        outcome = play_match(
            cell.game, bots, seed, dict(cell.options), reactions=[SAME_SPEED] * len(bots)
        ).outcome
        played += 1
        unfinished += outcome.status == "unfinished"
        winners = outcome.winners
        for s, name in enumerate(seating):
            row = tally[name]
            row["seats"] += 1
            if s in winners:
                row["wins"] += 1
                row["share"] += 1.0 / len(winners)
    return {
        "deal": index,
        "games": played,
        "unfinished": unfinished,
        "seconds": time.perf_counter() - start,
        "bots": tally,
    }


def _stable(text: str) -> int:
    """A number for a name that does not change between runs (``hash`` does)."""
    value = 0
    for ch in text:
        value = (value * 131 + ord(ch)) % (1 << 61)
    return value


def summary(cell: Cell, runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with Wilson intervals per bot, from a cell's deals."""
    bots: dict[str, Any] = {}
    for name in cell.bots:
        seats = sum(int(r["bots"][name]["seats"]) for r in runs)
        wins = sum(int(r["bots"][name]["wins"]) for r in runs)
        share = sum(float(r["bots"][name]["share"]) for r in runs)
        lo, hi = wilson_interval(wins, seats)
        bots[name] = {
            "seats": seats,
            "wins": wins,
            "win_rate": wins / seats if seats else 0.0,
            "ci95": [lo, hi],
            "share": share / seats if seats else 0.0,
        }
    games_played = sum(int(r["games"]) for r in runs)
    out: dict[str, Any] = {
        "game": cell.game,
        "players": cell.players,
        "options": dict(cell.options),
        "bots": list(cell.bots),
        "games": games_played,
        "deals": len(runs),
        "seatings": len(cell.seatings()),
        "unfinished_rate": sum(int(r["unfinished"]) for r in runs) / games_played
        if games_played
        else 0.0,
        "seconds_per_game": sum(float(r["seconds"]) for r in runs) / games_played
        if games_played
        else 0.0,
        "results": bots,
    }
    if len(cell.bots) == 2:
        a, b = cell.bots
        out["beats"] = bots[a]["ci95"][0] > bots[b]["ci95"][1]
    return out


def _load(path: Path, settings: dict[str, Any]) -> dict[str, Any]:
    if path.exists():
        data = json.loads(path.read_text())
        held = data.get("settings") or {}
        if data.get("format") == FORMAT and all(held.get(k) == settings[k] for k in DEAL_SETTINGS):
            return data  # type: ignore[no-any-return]
        theirs = ", ".join(f"{k}={held.get(k)!r}" for k in DEAL_SETTINGS)
        raise SystemExit(
            f"{path} holds a ladder with other settings ({theirs}); give another --out"
            " or drop --resume"
        )
    return {"format": FORMAT, "version": VERSION, "settings": settings, "cells": {}}


def _save(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    os.replace(tmp, path)


def _jobs(
    todo: Sequence[Cell], data: dict[str, Any], seed: int, iterations: int
) -> Iterator[tuple[Cell, int, int, int]]:
    for cell in todo:
        done = {r["deal"] for r in data["cells"].get(cell.key, {}).get("runs", [])}
        for index in range(cell.deals()):
            if index not in done:
                yield (cell, index, seed, iterations)


def run(args: argparse.Namespace) -> int:
    chosen = args.game or games()
    for game_id in chosen:
        try:
            game_class(game_id)  # an unknown game fails before anything is played
        except InvalidOption as err:
            raise SystemExit(str(err)) from None
    todo = cells(chosen, PAIRINGS[args.pairings], args.games, args.long_games, args.solo_games)
    if args.solo_level:
        todo = [cell for cell in todo if cell.players > 1 or cell.bots[0] in args.solo_level]
    if args.players:
        todo = [cell for cell in todo if cell.players in args.players]
        if not todo:
            raise SystemExit(
                f"no cell at {', '.join(map(str, args.players))} players in these games;"
                f" they are played at {', '.join(f'{g}: {player_counts(g)}' for g in chosen)}"
            )
    if args.estimate:
        return _estimate(todo, args)
    settings = {
        "seed": args.seed,
        "hard_iterations": args.hard_iterations,
        "games": args.games,
        "long_games": args.long_games,
        "solo_games": args.solo_games,
        "pairings": args.pairings,
    }
    path = Path(args.out)
    data: dict[str, Any] = (
        _load(path, settings)
        if args.resume
        else {"format": FORMAT, "version": VERSION, "settings": settings, "cells": {}}
    )
    by_key = {cell.key: cell for cell in todo}
    jobs = list(_jobs(todo, data, args.seed, args.hard_iterations))
    print(f"{len(todo)} cells, {len(jobs)} deals to play", file=sys.stderr)
    results = (
        ProcessPoolExecutor(args.workers).map(play_deal, jobs)
        if args.workers > 1
        else map(play_deal, jobs)
    )
    for job, result in zip(jobs, results, strict=True):
        cell = job[0]
        entry = data["cells"].setdefault(cell.key, {"runs": []})
        entry["runs"].append(result)
        entry["summary"] = summary(cell, entry["runs"])
        _save(path, data)
        if len(entry["runs"]) == cell.deals():
            print(_line(entry["summary"]), file=sys.stderr)
    for key, entry in data["cells"].items():
        if key in by_key:
            entry["summary"] = summary(by_key[key], entry["runs"])
    _save(path, data)
    if args.markdown:
        print(markdown([data["cells"][c.key]["summary"] for c in todo if c.key in data["cells"]]))
    return 0


def _estimate(todo: Sequence[Cell], args: argparse.Namespace) -> int:
    total = 0.0
    per_game: dict[str, float] = {}
    for cell in todo:
        result = play_deal((cell, 0, args.seed, args.hard_iterations))
        seconds = result["seconds"] / result["games"] * cell.deals() * len(cell.seatings())
        per_game[cell.game] = per_game.get(cell.game, 0.0) + seconds
        total += seconds
        print(f"{cell.key}: {result['seconds'] / result['games']:.2f} s a game", file=sys.stderr)
    for game_id, seconds in per_game.items():
        print(f"{game_id:<20} {seconds / 3600:7.2f} h")
    workers = max(1, args.workers)
    print(
        f"{'total':<20} {total / 3600:7.2f} h on one core ({total / 3600 / workers:.2f} h"
        f" with {workers} workers)"
    )
    return 0


def _line(s: dict[str, Any]) -> str:
    parts = []
    for name, r in s["results"].items():
        lo, hi = r["ci95"]
        parts.append(f"{name} {r['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]")
    opts = "".join(f" {k}={v}" for k, v in s["options"].items())
    verdict = "" if "beats" not in s else ("  beats" if s["beats"] else "  (overlap)")
    return f"{s['game']} {s['players']}p{opts}: {' vs '.join(parts)}{verdict}"


def markdown(summaries: Sequence[dict[str, Any]]) -> str:
    """The ladder as Markdown tables: pairings, then the solo games."""
    lines = [
        "| Game | Players | A vs B | A win rate [95%] | B win rate [95%] | A beats B | Games |",
        "|---|---|---|---|---|---|---|",
    ]
    solo = [
        "| Game | Options | Level | Win rate [95%] | Games |",
        "|---|---|---|---|---|",
    ]
    for s in summaries:
        rates = []
        for name in s["bots"]:
            r = s["results"][name]
            lo, hi = r["ci95"]
            rates.append(f"{r['win_rate']:.2f} [{lo:.2f}, {hi:.2f}]")
        if len(s["bots"]) == 1:
            opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in s["options"].items()) or "defaults"
            solo.append(f"| {s['game']} | {opts} | {s['bots'][0]} | {rates[0]} | {s['games']} |")
        else:
            a, b = s["bots"]
            lines.append(
                f"| {s['game']} | {s['players']} | {a} vs {b} | {rates[0]} | {rates[1]} |"
                f" {'yes' if s['beats'] else 'no'} | {s['games']} |"
            )
    tables = [t for t in (lines, solo) if len(t) > 2]
    return "\n\n".join("\n".join(t) for t in tables)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m yuletide.sim.ladder",
        description="The strength ladder of the bot levels (see the module docstring).",
    )
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    p.add_argument(
        "--players", type=int, action="append", help="only these player counts (repeatable)"
    )
    p.add_argument(
        "--solo-level",
        action="append",
        choices=SOLO_LEVELS,
        help="solo games: only these levels (repeatable)",
    )
    p.add_argument("--games", type=int, default=200, help="games per pairing (200)")
    p.add_argument("--long-games", type=int, default=100, help="games per pairing, long games")
    p.add_argument("--solo-games", type=int, default=200, help="games per solo level and option")
    p.add_argument("--hard-iterations", type=int, default=100, help="hard's iterations a move")
    p.add_argument("--pairings", choices=sorted(PAIRINGS), default="required")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=1, help="processes")
    p.add_argument("--out", default="ladder.json", help="results file (JSON)")
    p.add_argument("--resume", action="store_true", help="keep the deals already in --out")
    p.add_argument("--estimate", action="store_true", help="time one deal per cell, extrapolate")
    p.add_argument("--markdown", action="store_true", help="print the tables at the end")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    for flag in ("games", "long_games", "solo_games", "hard_iterations", "workers"):
        if getattr(args, flag) < 1:
            build_parser().error(f"--{flag.replace('_', '-')} must be at least 1")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
