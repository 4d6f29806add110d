"""Balance statistics over many games: win rates with 95% intervals, lengths, speed."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import make_bot
from ..core.registry import game_class
from ..core.rng import derive_seed
from .match import play_match

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sound near 0 and 1, unlike p ± 2se)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _play_range(
    args: tuple[str, int, int, Sequence[str], dict[str, Any], int, int],
) -> list[tuple[str, list[int], int]]:
    """Games ``lo..hi-1`` of a simulation: (status, winners, decisions) each."""
    game_id, players, seed, bot_names, options, lo, hi = args
    out: list[tuple[str, list[int], int]] = []
    for i in range(lo, hi):
        game_seed = derive_seed(seed, i)
        bots = [make_bot(bot_names[s], derive_seed(game_seed, 1 + s)) for s in range(players)]
        result = play_match(game_id, bots, game_seed, options)
        out.append((result.outcome.status, list(result.outcome.winners), result.decisions))
    return out


def simulate(
    game_id: str,
    games: int,
    players: int,
    seed: int = 0,
    *,
    bots: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` seeded ``derive_seed(seed, i)``, so results do not
    depend on ``workers``) and report per-seat win rates with 95% intervals, shared
    wins, mean and median length in decisions, the unfinished rate and the speed."""
    cls = game_class(game_id)
    cls.new(players, seed, **(options or {}))  # validate before spawning anything
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bot_names)}")
    chunk = max(1, min(250, games // max(1, workers * 4) or 1))
    jobs = [
        (game_id, players, seed, bot_names, options or {}, lo, min(games, lo + chunk))
        for lo in range(0, games, chunk)
    ]
    results: list[tuple[str, list[int], int]] = []
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(_play_range, jobs):
                results.extend(part)
                if progress:
                    progress(len(part))
    else:
        for job in jobs:
            part = _play_range(job)
            results.extend(part)
            if progress:
                progress(len(part))
    elapsed = time.perf_counter() - start
    lengths = [r[2] for r in results]
    finished = [r for r in results if r[0] == "finished"]
    seats = []
    for s in range(players):
        wins = sum(1 for r in results if s in r[1])
        lo, hi = wilson_interval(wins, games)
        seats.append(
            {
                "seat": s,
                "bot": bot_names[s],
                "wins": wins,
                "win_rate": wins / games if games else 0.0,
                "ci95": [lo, hi],
            }
        )
    return {
        "game": game_id,
        "games": games,
        "players": players,
        "seed": seed,
        "options": options or {},
        "seats": seats,
        "shared_wins": sum(1 for r in finished if len(r[1]) > 1),
        "no_winner": sum(1 for r in finished if not r[1]),
        "finished_rate": len(finished) / games if games else 0.0,
        "unfinished_rate": sum(1 for r in results if r[0] == "unfinished") / games
        if games
        else 0.0,
        "length_mean": statistics.fmean(lengths) if lengths else 0.0,
        "length_median": statistics.median(lengths) if lengths else 0.0,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "decisions_per_second": sum(lengths) / elapsed if elapsed > 0 else 0.0,
        "workers": workers,
    }
