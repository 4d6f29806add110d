"""Can a person win Reindeer's Nose? A scripted seat reacting like a typical adult against
each level, on the match runner's table clock (issue 31, point 5).

    python bench/reaction_race.py                 # OUT: bench/reaction-race.json
    python bench/reaction_race.py --rounds 80 --hard-iterations 1000 --paces 1,1.5

The scripted seat plays the ``medium`` heuristic's strategy (keep the colour you hold
most of, point as soon as you may) and acts uniformly 0.8-1.2 s after each of its
chances appears: a typical adult at a browser table. The three other seats are one
level (``easy``, ``medium`` or ``hard``) with the level's own reaction times
(``yuletide.bots.base.LEVEL_REACTIONS``). Games are played until at least ``--rounds``
rounds have ended for each level, the scripted seat moving round the table from game to
game. Each round's last player to point takes a Pattern card; the figure is the share of
rounds the scripted seat was *not* last, with its 95% Wilson interval, and how long
each kind of seat took to point after the first point of a round (the median over the
seats that pointed: the last never does). With ``--paces`` each level is also played at
a table's slower bot pace (its reaction times that many times as long: the server's
``bot_pace`` option, ``slower`` being 1.5).

Time is the simulated table clock (``yuletide.sim.match``), not wall time: the figures
are exact for their seeds and take seconds to make (``hard`` thinks for real, at a fixed
budget of ``--hard-iterations`` so the run is reproducible).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from yuletide.bots import LEVELS, Bot, level_bot
from yuletide.bots.base import LEVEL_REACTIONS, ReactionTime, reaction_of
from yuletide.core.rng import derive_seed
from yuletide.games.christmas_lights.reindeers_nose.bot import HeuristicBot
from yuletide.sim.match import MatchResult, play_match
from yuletide.sim.stats import wilson_interval

GAME = "reindeers-nose"
#: The scripted seat: a typical adult, 0.8-1.2 s after its chance appears.
TYPICAL = ReactionTime(1.0, 0.2, "uniform")
OUT = Path(__file__).with_name("reaction-race.json")


def rounds_of(result: MatchResult, players: int) -> list[dict[str, Any]]:
    """Each round of a finished match: who held the set, who was last, and how long
    after the round's first point each other seat pointed (table seconds)."""
    record = result.record
    out: list[dict[str, Any]] = []
    first_at: float | None = None
    delays: dict[int, float] = {}
    holder = -1
    for (seat, notation), at in zip(record.actions, result.times, strict=True):
        if notation != "point":
            continue
        if first_at is None:
            first_at, holder = at, seat
            continue
        delays[seat] = round(at - first_at, 6)
        if len(delays) == players - 2:
            last = next(s for s in range(players) if s != holder and s not in delays)
            out.append({"set_holder": holder, "last": last, "delays": delays})
            first_at, delays = None, {}
    return out


def play_level(
    level: str,
    min_rounds: int,
    players: int,
    seed: int,
    *,
    hard_iterations: int,
    pace: float = 1.0,
) -> dict[str, Any]:
    """Games against ``level`` (its times ``pace`` times as long) until ``min_rounds``
    rounds have ended; the cell's figures."""
    rounds: list[dict[str, Any]] = []
    games = eliminated = 0
    scripted_delays: list[float] = []
    bot_delays: list[float] = []
    began = time.perf_counter()
    while len(rounds) < min_rounds:
        game_seed = derive_seed(seed, games)
        me = games % players
        bots: list[Bot] = []
        for s in range(players):
            bot_seed = derive_seed(game_seed, 1 + s)
            if s == me:
                bots.append(HeuristicBot(bot_seed, TYPICAL))
            elif level == "hard":
                bots.append(level_bot("hard", GAME, bot_seed, iterations=hard_iterations))
            else:
                bots.append(level_bot(level, GAME, bot_seed))
        reactions: list[ReactionTime | None] = [
            TYPICAL if s == me else reaction_of(bot).scaled(pace) for s, bot in enumerate(bots)
        ]
        result = play_match(GAME, bots, game_seed, {}, reactions=reactions)
        games += 1
        eliminated += result.outcome.over and me not in result.outcome.winners
        for r in rounds_of(result, players):
            rounds.append({**r, "me": me})
            for s, d in r["delays"].items():
                (scripted_delays if s == me else bot_delays).append(d)
    n = len(rounds)
    not_last = sum(r["last"] != r["me"] for r in rounds)
    held = sum(r["set_holder"] == r["me"] for r in rounds)
    lo, hi = wilson_interval(not_last, n)
    return {
        "level": level,
        "pace": pace,
        "level_reaction": str(LEVEL_REACTIONS[level].scaled(pace)),
        "games": games,
        "rounds": n,
        "not_last": not_last,
        "not_last_share": round(not_last / n, 4),
        "not_last_95": [round(lo, 4), round(hi, 4)],
        "scripted_held_the_set": held,
        "scripted_eliminated_games": int(eliminated),
        "median_point_delay_scripted": round(statistics.median(scripted_delays), 3),
        "median_point_delay_bots": round(statistics.median(bot_delays), 3),
        "wall_seconds": round(time.perf_counter() - began, 1),
    }


def _say(cell: dict[str, Any]) -> None:
    lo, hi = cell["not_last_95"]
    print(
        f"{cell['level']:>6} at pace {cell['pace']:g}: scripted seat not last in"
        f" {cell['not_last']}/{cell['rounds']} rounds ({cell['not_last_share']:.0%}, 95%"
        f" {lo:.0%}-{hi:.0%}); median point delay {cell['median_point_delay_scripted']:.2f} s"
        f" vs bots {cell['median_point_delay_bots']:.2f} s; {cell['wall_seconds']} s wall",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="rounds per level (at least)")
    parser.add_argument("--players", type=int, default=4, choices=(4, 5, 6))
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument(
        "--hard-iterations", type=int, default=200, help="hard's fixed search budget a move"
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated")
    parser.add_argument(
        "--paces", default="1", help="bot paces to play each level at, comma-separated"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    cells = []
    for level in args.levels.split(","):
        for pace in (float(p) for p in args.paces.split(",")):
            cell = play_level(
                level,
                args.rounds,
                args.players,
                args.seed,
                hard_iterations=args.hard_iterations,
                pace=pace,
            )
            cells.append(cell)
            _say(cell)
    report = {
        "game": GAME,
        "players": args.players,
        "seed": args.seed,
        "scripted_reaction": str(TYPICAL),
        "scripted_strategy": "medium's heuristic (reindeers_nose.bot.HeuristicBot)",
        "hard_iterations": args.hard_iterations,
        "clock": "simulated table clock (yuletide.sim.match), not wall time",
        "cells": cells,
    }
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
