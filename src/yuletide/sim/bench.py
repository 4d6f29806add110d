"""``make bench``'s search rows: how fast ``hard`` searches in every game, and where its
time goes.

For each game (at 2 players, or the fewest the game allows) ``hard`` sits at seat 0
against ``medium`` bots and plays real games (stopped once enough is timed); its first
``--moves`` decisions with a choice are timed:

* at its own budget (at most 1000 iterations and 0.5 s a move): iterations a second and
  seconds a move (mean and worst);
* then the same positions again at a fixed 100 iterations with every call of the search
  timed by kind (the profile): ``determinize`` (sampling the world, less the ``clone``
  inside it), ``clone``, ``legal_actions``, ``apply_unchecked``, the ``rollout`` policy
  (the game's heuristic choosing for every seat, less the engine calls it makes),
  ``evaluate`` (scoring cut rollouts) and ``tree`` (the rest: selection, statistics,
  the prior's own decision). Shares are exclusive and add up to 1; timing each call
  costs a little, so the profile's absolute speed is lower than the first figure's.

No test asserts a time: the figures go in closing notes and docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..bots import Bot, IsmctsBot, SeatWindow, level_bot
from ..core.errors import InvalidOption
from ..core.registry import game_class, games
from ..core.state import Action
from .match import play_match

#: The exclusive buckets of the profile, in print order.
BUCKETS = (
    "determinize",
    "clone",
    "legal_actions",
    "apply_unchecked",
    "rollout",
    "evaluate",
    "tree",
)
#: The state methods timed (the rest of the buckets are the bot's own callables).
METHODS = ("determinize", "clone", "legal_actions", "apply_unchecked")
PROFILE_ITERATIONS = 100


class _Clock:
    """Exclusive time per bucket: a stack of the calls in progress; time between two
    events goes to the bucket on top (``tree`` when none is)."""

    def __init__(self) -> None:
        self.seconds = dict.fromkeys(BUCKETS, 0.0)
        self.stack: list[str] = []
        self.last = time.perf_counter()
        self.on = False

    def wrap(self, bucket: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return fn(*args, **kwargs)
            now = time.perf_counter()
            self.seconds[self.stack[-1] if self.stack else "tree"] += now - self.last
            self.last = now
            self.stack.append(bucket)
            try:
                return fn(*args, **kwargs)
            finally:
                now = time.perf_counter()
                self.seconds[bucket] += now - self.last
                self.last = now
                self.stack.pop()

        return timed

    def start(self) -> None:
        self.on, self.last = True, time.perf_counter()

    def stop(self) -> None:
        self.seconds[self.stack[-1] if self.stack else "tree"] += time.perf_counter() - self.last
        self.on = False


class _Enough(Exception):
    """The timed decisions are made: the game need not be played to its end."""


class _Timed:
    """``hard`` at seat 0: its first ``moves`` decisions with a choice are timed at its
    own budget and then profiled at a fixed budget (the profiled search's answer is
    dropped: the game goes on with the first one's)."""

    def __init__(self, game_id: str, seed: int, moves: int, clock: _Clock) -> None:
        hard = level_bot("hard", game_id, seed)
        profiled = level_bot("hard", game_id, seed, iterations=PROFILE_ITERATIONS)
        assert isinstance(hard, IsmctsBot) and isinstance(profiled, IsmctsBot)
        self.hard, self.profiled = hard, profiled
        profiled.rollout = clock.wrap("rollout", profiled.rollout)
        if profiled.evaluate is not None:
            profiled.evaluate = clock.wrap("evaluate", profiled.evaluate)
        self.clock = clock
        self.moves = moves
        self.times: list[float] = []
        self.iterations = 0
        self.profile_seconds = 0.0
        self.profile_iterations = 0
        self.name = "hard"
        self.reaction = self.hard.reaction

    def act(self, window: SeatWindow) -> Action | None:
        if len(self.times) >= self.moves:
            raise _Enough
        if len(window.legal_actions()) < 2:
            return self.hard.act(window)
        start = time.perf_counter()
        action = self.hard.act(window)
        self.times.append(time.perf_counter() - start)
        self.iterations += self.hard.last_iterations
        self.clock.start()
        start = time.perf_counter()
        self.profiled.act(window)
        self.profile_seconds += time.perf_counter() - start
        self.clock.stop()
        self.profile_iterations += self.profiled.last_iterations
        return action


def time_search(game_id: str, moves: int, seed: int = 2026) -> dict[str, Any]:
    """One game's row: ``hard``'s speed over its first ``moves`` timed decisions (over
    as many games as it takes) and the profile's shares."""
    cls = game_class(game_id)
    players = max(cls.min_players, min(2, cls.max_players))
    clock = _Clock()
    # The class's own methods, to put back as they were (an inherited one is wrapped on
    # the class for the run and then removed, so the class inherits it again).
    own = {name: cls.__dict__[name] for name in METHODS if name in cls.__dict__}
    for name in METHODS:
        setattr(cls, name, clock.wrap(name, getattr(cls, name)))
    try:
        timed = _Timed(game_id, seed, moves, clock)
        for deal in range(20):
            bots: list[Bot] = [timed]
            bots += [level_bot("medium", game_id, seed + s) for s in range(1, players)]
            try:
                play_match(game_id, bots, seed + 1000 * deal)
            except _Enough:
                break
    finally:
        for name in METHODS:
            if name in own:
                setattr(cls, name, own[name])
            else:
                delattr(cls, name)
    spent = sum(timed.times)
    profile_total = sum(clock.seconds.values()) or 1.0
    return {
        "game": game_id,
        "players": players,
        "moves": len(timed.times),
        "iterations_per_second": timed.iterations / spent if spent else 0.0,
        "seconds_per_move": spent / len(timed.times) if timed.times else 0.0,
        "worst_seconds_per_move": max(timed.times, default=0.0),
        "profile_iterations_per_second": timed.profile_iterations / timed.profile_seconds
        if timed.profile_seconds
        else 0.0,
        "shares": {name: clock.seconds[name] / profile_total for name in BUCKETS},
    }


def _print(row: dict[str, Any]) -> None:
    shares = "  ".join(f"{k[:5]} {v:4.0%}" for k, v in row["shares"].items())
    print(
        f"{row['game']:<20} {row['players']}p {row['iterations_per_second']:>7.0f} it/s"
        f"  {row['seconds_per_move']:.2f} s/move (worst {row['worst_seconds_per_move']:.2f})"
        f"  {shares}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m yuletide.sim.bench", description=__doc__)
    p.add_argument("out", nargs="?", help="write the rows to this JSON file")
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    p.add_argument("--moves", type=int, default=12, help="timed decisions per game (12)")
    args = p.parse_args(argv)
    if args.moves < 1:
        p.error(f"--moves must be a whole number >= 1, got {args.moves}")
    chosen = args.game or games()
    for game_id in chosen:
        try:
            game_class(game_id)  # an unknown game fails before anything is timed
        except InvalidOption as err:
            p.error(str(err))
    print(f"hard's search: {len(chosen)} games, {args.moves} decisions each", file=sys.stderr)
    rows = []
    for game_id in chosen:
        rows.append(time_search(game_id, args.moves))
        _print(rows[-1])
    if args.out:
        Path(args.out).write_text(json.dumps({"rows": rows}, indent=1))
        print(f"figures written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
