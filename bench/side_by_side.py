"""Before/after speed of a change, side by side in one run.

    python bench/side_by_side.py BEFORE_SRC [AFTER_SRC] [--rounds N] [--seconds S] [--json F]

BEFORE_SRC and AFTER_SRC are ``src`` folders of two checkouts (e.g. a ``git worktree`` of
the commit before the change; AFTER_SRC defaults to this checkout's). Each round times
every game once in a fresh interpreter of each tree, in alternating order (before first
on even rounds, after first on odd ones), so the machine's drift and noise fall on both
alike; the figure per game is the median over rounds of after/before. Three measures
per game at its default player count, the ones every consumer pays:

* ``playout``: decisions a second of uniformly random whole games through the unchecked
  fast path (``make bench``'s measure);
* ``view``: every seat's ``view`` plus ``events`` at each step of those games;
* ``encode``: the RL encoding of every seat's view at each step (numpy needed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MEASURES = ("playout", "view", "encode")

# Runs in the tree under test: prints one JSON object of rates.
_PROBE = r"""
import json, sys, time
from yuletide.core.registry import game_class
from yuletide.core.rng import Rng, derive_seed
from yuletide.bench import time_game

game, seconds = sys.argv[1], float(sys.argv[2])
cls = game_class(game)
players = cls.default_players
out = {"players": players, "playout": time_game(game, players, seconds)["decisions_per_second"]}


def trajectory(n_games):
    rng = Rng(99)
    for g in range(n_games):
        state = cls.new(players, derive_seed(3, g))
        while state.to_act:
            to_act = sorted(state.to_act)
            seat = to_act[rng.below(len(to_act))]
            actions = state.legal_actions(seat)
            state.apply_unchecked(seat, actions[rng.below(len(actions))])
            yield state


def rate(work):
    done, start = 0, time.perf_counter()
    for state in trajectory(10**6):
        done += work(state)
        if time.perf_counter() - start >= seconds:
            break
    return done / (time.perf_counter() - start)


def views(state):
    for seat in range(players):
        state.view(seat)
        state.events(seat)
    return players


out["view"] = rate(views)
try:
    from yuletide.rl.encodings import encoding
except ImportError:
    pass
else:
    enc = encoding(game, players)

    def encodes(state):
        for seat in range(players):
            enc.encode(state.view(seat))
        return players

    out["encode"] = rate(encodes)
print(json.dumps(out))
"""


def probe(src: Path, game: str, seconds: float) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, game, str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path, nargs="?", default=HERE.parent / "src")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--games", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.after))
    from yuletide.core.registry import games  # noqa: PLC0415 (from the tree named above)

    ids = args.games.split(",") if args.games else [g for g in games() if not g.startswith("nim")]
    ratios: dict[str, dict[str, list[float]]] = {g: {m: [] for m in MEASURES} for g in ids}
    raw: dict[str, list[dict[str, Any]]] = {g: [] for g in ids}
    for r in range(args.rounds):
        for game in ids:
            order = ("before", "after") if r % 2 == 0 else ("after", "before")
            got = {side: probe(getattr(args, side), game, args.seconds) for side in order}
            raw[game].append(got)
            for m in MEASURES:
                if m in got["before"] and m in got["after"]:
                    ratios[game][m].append(got["after"][m] / got["before"][m])
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{'game':<22}" + "".join(f"{m + ' after/before':>24}" for m in MEASURES))
    summary: dict[str, dict[str, float]] = {}
    for game in ids:
        cells, summary[game] = [], {}
        for m in MEASURES:
            values = ratios[game][m]
            if values:
                summary[game][m] = statistics.median(values)
                cells.append(f"{summary[game][m]:>10.3f} ({min(values):.2f}-{max(values):.2f})")
            else:
                cells.append(f"{'-':>24}")
        print(f"{game:<22}" + "".join(f"{c:>24}" for c in cells))
    for m in MEASURES:
        values = [s[m] for s in summary.values() if m in s]
        if values:
            print(f"geometric mean of {m}: {statistics.geometric_mean(values):.3f}")
    if args.json:
        args.json.write_text(json.dumps({"median_ratio": summary, "raw": raw}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
