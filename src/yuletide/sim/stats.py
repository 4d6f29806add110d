"""Balance statistics over many games: win rates with 95% intervals, lengths, speed.

Bot speed is configurable per seat (``reactions``: a :class:`ReactionTime` per seat, or
one for all), so real-time races can be studied: the match runner interleaves actions
by each bot's reaction time (``yuletide.sim.match``). ``time_limit`` enables the table's
time limit in timed games (Reindeer's Nose pointing).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import check_bot, make_bot
from ..bots.base import ReactionTime, reaction_of
from ..core.errors import InvalidOption
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
    # At 0 or n wins the bound is exactly 0 or 1; say so rather than print float dust.
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


#: One worker's share: game id, players, seed, bot names, options, first and last game,
#: reaction time per seat (None: the bot's own), time limit.
_Job = tuple[
    str,
    int,
    int,
    Sequence[str],
    dict[str, Any],
    int,
    int,
    Sequence[ReactionTime | None],
    float | None,
]


def simulation_seed(seed: int, game: int) -> int:
    """Game ``game``'s seed in ``simulate(seed=seed)``: independent streams per seed, so
    ``--seed 0`` and ``--seed 1`` play different deals (what multi-seed error bars need)."""
    return derive_seed(seed, game)


def _play_range(args: _Job) -> list[tuple[str, list[int], int, float, int]]:
    """Games ``lo..hi-1`` of a simulation: (status, winners, decisions, table seconds,
    forced actions) each."""
    game_id, players, seed, bot_names, options, lo, hi, reactions, time_limit = args
    out: list[tuple[str, list[int], int, float, int]] = []
    for i in range(lo, hi):
        game_seed = simulation_seed(seed, i)
        bots = [make_bot(bot_names[s], derive_seed(game_seed, 1 + s)) for s in range(players)]
        result = play_match(
            game_id, bots, game_seed, options, reactions=reactions, time_limit=time_limit
        )
        out.append(
            (
                result.outcome.status,
                list(result.outcome.winners),
                result.decisions,
                result.seconds,
                len(result.forced),
            )
        )
    return out


def _reactions(
    given: Sequence[ReactionTime | str] | ReactionTime | str | None, players: int
) -> list[ReactionTime | None]:
    """One reaction time (or None: the bot's own) per seat, from one for all or one each."""
    if given is None:
        return [None] * players
    items = [given] if isinstance(given, ReactionTime | str) else list(given)
    parsed = [r if isinstance(r, ReactionTime) else ReactionTime.parse(r) for r in items]
    if len(parsed) == 1:
        parsed *= players
    if len(parsed) != players:
        raise InvalidOption(
            f"{players} players need 1 or {players} reaction times, got {len(parsed)}"
        )
    return list(parsed)


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


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
    reactions: Sequence[ReactionTime | str] | ReactionTime | str | None = None,
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` seeded ``derive_seed(seed, i)``, so results do not
    depend on ``workers``) and report per-seat win rates with 95% intervals, shared
    wins, mean and median length in decisions, the unfinished rate and the speed.

    ``reactions``: how fast each seat's bot acts (one :class:`ReactionTime` or its text
    ``MEAN[:SPREAD[:DIST]]`` or a level's name, for every seat, or one per seat; default:
    the bots' own, a level's being a person's: ``yuletide.bots.base.LEVEL_REACTIONS``).
    ``time_limit``: seconds of table time after which a timed game forces an action.

    Bad arguments raise InvalidOption (a ValueError) before anything is
    played: ``games`` and ``workers`` must be whole numbers >= 1, and every bot must be
    one made for the game (:func:`~yuletide.bots.check_bot`)."""
    if not _whole(games) or games < 1:
        raise InvalidOption(f"games must be a whole number >= 1, got {games!r}")
    if not _whole(workers) or workers < 1:
        raise InvalidOption(f"workers must be a whole number >= 1, got {workers!r}")
    cls = game_class(game_id)
    cls.new(players, seed, **(options or {}))  # validate before spawning anything
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) != players:
        raise InvalidOption(f"{players} players need {players} bots, got {len(bot_names)}")
    for name in dict.fromkeys(bot_names):
        check_bot(name, game_id)
    speeds = _reactions(reactions, players)
    if time_limit is not None and not time_limit > 0:
        raise InvalidOption(f"a time limit must be a number of seconds > 0, got {time_limit!r}")
    chunk = max(1, min(250, games // max(1, workers * 4) or 1))
    jobs: list[_Job] = [
        (
            game_id,
            players,
            seed,
            bot_names,
            options or {},
            lo,
            min(games, lo + chunk),
            speeds,
            time_limit,
        )
        for lo in range(0, games, chunk)
    ]
    results: list[tuple[str, list[int], int, float, int]] = []
    start = time.perf_counter()
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
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
        speed = speeds[s] or reaction_of(make_bot(bot_names[s], 0))
        seats.append(
            {
                "seat": s,
                "bot": bot_names[s],
                "reaction": str(speed),
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
        "table_seconds_mean": statistics.fmean(r[3] for r in results) if results else 0.0,
        "forced_actions": sum(r[4] for r in results),
        "time_limit": time_limit,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "decisions_per_second": sum(lengths) / elapsed if elapsed > 0 else 0.0,
        "workers": workers,
    }
