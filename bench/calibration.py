"""Are the evaluation's win chances right? Predictions against how games really ended
(issue 36, point 2).

    python bench/calibration.py [GAME ...]          # OUT: bench/calibration.json
    python bench/calibration.py looney-lights --positions 500 --games 100 --budget 400
    python bench/calibration.py --quick --out /tmp/c.json   # a tiny run (the smoke test)
    python bench/calibration.py --markdown           # the tables of docs/hints.md
    python bench/calibration.py --plot docs/images   # one reliability plot (SVG) per game

For each game, ``--games`` independent bot games are played (seeds from ``--seed``),
the player count cycling through the game's counts (2, 3 and 4, or those it allows) and
each seat drawn ``medium`` or ``easy``. In each game a few decisions are drawn (a
decision: a seat acts with more than one legal action), ``--positions`` in all: the
seats in turn, each as often (drawing among all the decisions would favour the seats
that decide more, and so tilt the sample to whoever wins or loses more slowly), each
decision uniformly among the seat's own; at each, the seat to move is evaluated from its window
(:func:`yuletide.bots.evaluation.evaluate_position`, ``--budget`` iterations, a seed
of its own), and the game is finished by the same bots. The game is played twice from
its seed: once to count its decisions, once to evaluate the ones drawn (the bots are
deterministic and the evaluation draws from its own generator, so both games are the
same game).

Each position gives a forecast (the win chance of the move the seat then played, or
the seat's chance, its best move's, where the played move was not searched) and an
outcome (1 if the seat was among the winners, else 0: the evaluation's count). Per game:

* the Brier score (mean squared error of the forecasts) of the played move's chance and
  of the best move's;
* the naive forecast's: at each player count the sample's own win rate there (about
  1/players where one seat wins; in Lights On, where a team of two wins, and Reindeer's
  Nose, where all but one seat win, no 1/players would do);
* the Brier skill score, 1 - Brier / naive Brier: above 0, better than the naive guess;
* a reliability table: forecasts in ten bins of 10%, each with its count, mean forecast
  and observed win rate;
* the evaluation's time (mean and median seconds) at the budget.

Each run adds its games to ``--out`` (replacing the same game's previous figures).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from yuletide.bots import Bot, level_bot
from yuletide.bots.base import ReactionTime, SeatWindow, reaction_of
from yuletide.bots.evaluation import PositionEvaluation, evaluate_position
from yuletide.core.registry import game_class, games
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import Action, Outcome
from yuletide.sim.match import play_match

#: The games in the order to run them: the quick ones first.
ORDER = (
    "looney-lights",
    "check-the-box",
    "blink",
    "wheres-that-bulb",
    "christmas-story",
    "festival-of-lights",
    "jolly-christmas",
    "twinkling-lights",
    "solo-lights",
    "deck-the-yard",
    "lights-on",
    "reindeers-nose",
    "untangle",
    "jingle-bell-run",
    "christmas-lights",
)
#: The bots at the table, drawn per seat.
LEVELS = ("medium", "easy")
BINS = 10
#: A position's stage: the third of the seat's decisions it falls in.
STAGES = ("early", "middle", "late")
#: The verdict's thresholds (:func:`verdict`).
GOOD_SKILL, GOOD_GAP, FAIR_GAP = 0.2, 0.05, 0.10
OUT = Path(__file__).with_name("calibration.json")


class _Sampler:
    """A bot that counts its decisions and, at the chosen ones, has its window evaluated
    before its move is played (the move itself is the bot's, unchanged)."""

    def __init__(self, bot: Bot, chosen: set[int], budget: int, seed: int) -> None:
        self.bot = bot
        self.name = bot.name
        self.chosen = chosen
        self.budget = budget
        self.seed = seed
        self.decisions = 0
        self.found: list[tuple[int, PositionEvaluation, Action, float]] = []

    @property
    def reaction(self) -> ReactionTime:
        return reaction_of(self.bot)

    def act(self, window: SeatWindow) -> Action | None:
        choices = len(window.legal_actions())
        action = self.bot.act(window)
        if action is None or choices < 2:
            return action
        index = self.decisions
        self.decisions += 1
        if index in self.chosen:
            started = time.perf_counter()
            evaluation = evaluate_position(
                window, iterations=self.budget, seed=derive_seed(self.seed, index)
            )
            self.found.append((index, evaluation, action, time.perf_counter() - started))
        return action


def player_counts(game_id: str) -> list[int]:
    cls = game_class(game_id)
    return [n for n in (1, 2, 3, 4) if cls.min_players <= n <= cls.max_players]


def _table(game_id: str, players: int, seed: int) -> list[str]:
    rng = Rng(derive_seed(seed, 0x1E5E1))
    return [LEVELS[rng.below(len(LEVELS))] for _ in range(players)]


def _bots(
    game_id: str, levels: Sequence[str], seed: int, chosen: Sequence[set[int]], budget: int
) -> list[_Sampler]:
    return [
        _Sampler(level_bot(level, game_id, derive_seed(seed, s)), chosen[s], budget, seed + s)
        for s, level in enumerate(levels)
    ]


def play_one(game_id: str, game: int, per_game: int, budget: int, seed: int) -> list[list[Any]]:
    """One game's positions: ``[players, seat level, decision share along the game,
    played move's chance, best move's chance, outcome, seconds, visits, every seat's
    level]`` each."""
    counts = player_counts(game_id)
    players = counts[game % len(counts)]
    game_seed = derive_seed(seed, game)
    levels = _table(game_id, players, game_seed)
    # First pass: every seat's decisions.
    none: list[set[int]] = [set() for _ in range(players)]
    counting = _bots(game_id, levels, game_seed, none, budget)
    play_match(game_id, counting, game_seed)
    chosen = _draw(
        [bot.decisions for bot in counting], per_game, Rng(derive_seed(game_seed, 0xCA1))
    )
    if not any(chosen):
        return []
    # Second pass: the same game, the drawn decisions evaluated.
    sampling = _bots(game_id, levels, game_seed, chosen, budget)
    result = play_match(game_id, sampling, game_seed)
    winners = won_by(result.outcome)
    rows: list[list[Any]] = []
    for seat, bot in enumerate(sampling):
        won = 1.0 if seat in winners else 0.0  # the evaluation's count
        for index, evaluation, action, seconds in bot.found:
            by_text = {str(v.action): v for v in evaluation.actions}
            played = by_text.get(str(action), evaluation.best)
            rows.append(
                [
                    players,
                    levels[seat],
                    round((index + 0.5) / max(1, bot.decisions), 3),
                    round(played.win, 4),
                    round(evaluation.chance(), 4),
                    won,
                    round(seconds, 4),
                    played.visits,
                    ",".join(levels),
                ]
            )
    return rows


def won_by(outcome: Outcome) -> tuple[int, ...]:
    """The winners of a game (none when the turn limit cut it off)."""
    return outcome.winners if outcome.status == "finished" else ()


def _draw(decisions: Sequence[int], wanted: int, rng: Rng) -> list[set[int]]:
    """Which decisions of each seat to evaluate: the seats in turn from a random one
    (every seat as often, however many decisions it had, so the sample's win rate is
    1/players and not tilted to the seats that got to decide more), each decision drawn
    uniformly among the seat's own not yet drawn."""
    left = []
    for count in decisions:
        order = list(range(count))
        for i in range(count - 1, 0, -1):  # Fisher-Yates, from the seeded generator
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        left.append(order)
    chosen: list[set[int]] = [set() for _ in decisions]
    seats = len(decisions)
    start = rng.below(seats)
    total = min(wanted, sum(decisions))
    turn = 0
    while sum(map(len, chosen)) < total:
        seat = (start + turn) % seats
        turn += 1
        if left[seat]:
            chosen[seat].add(left[seat].pop())
    return chosen


def brier(forecasts: Sequence[float], outcomes: Sequence[float]) -> float:
    return sum((f - o) ** 2 for f, o in zip(forecasts, outcomes, strict=True)) / len(forecasts)


def summarise(
    game_id: str, rows: Sequence[Sequence[Any]], settings: dict[str, Any]
) -> dict[str, Any]:
    """A game's figures from its positions (module docstring)."""
    played = [float(r[3]) for r in rows]
    best = [float(r[4]) for r in rows]
    outcome = [float(r[5]) for r in rows]
    base = sum(outcome) / len(outcome)
    # the naive forecast: the sample's win rate at the position's player count
    by_count: dict[int, list[float]] = {}
    for r, o in zip(rows, outcome, strict=True):
        by_count.setdefault(int(r[0]), []).append(o)
    rate = {n: sum(os) / len(os) for n, os in by_count.items()}
    naive = [rate[int(r[0])] for r in rows]
    naive_brier = brier(naive, outcome)
    played_brier = brier(played, outcome)
    best_brier = brier(best, outcome)
    bins: list[dict[str, Any]] = []
    for b in range(BINS):
        inside = [
            (p, o)
            for p, o in zip(played, outcome, strict=True)
            if min(BINS - 1, int(p * BINS)) == b
        ]
        if inside:
            bins.append(
                {
                    "from": b / BINS,
                    "to": (b + 1) / BINS,
                    "count": len(inside),
                    "forecast": round(sum(p for p, _ in inside) / len(inside), 4),
                    "observed": round(sum(o for _, o in inside) / len(inside), 4),
                }
            )
    seconds = [float(r[6]) for r in rows]
    gap = sum(b["count"] * abs(b["forecast"] - b["observed"]) for b in bins) / len(rows)
    skill = 1 - played_brier / naive_brier if naive_brier else None
    return {
        "game": game_id,
        "settings": settings,
        "positions": len(rows),
        "players": sorted({int(r[0]) for r in rows}),
        "naive": "the sample's win rate at each player count",
        "brier_played": round(played_brier, 4),
        "brier_best": round(best_brier, 4),
        "brier_naive": round(naive_brier, 4),
        "skill_played": round(1 - played_brier / naive_brier, 3) if naive_brier else None,
        "skill_best": round(1 - best_brier / naive_brier, 3) if naive_brier else None,
        "win_rate": round(base, 4),
        "mean_forecast": round(sum(played) / len(played), 4),
        "reliability": bins,
        "calibration_error": round(gap, 4),
        "by_seat_level": _groups(rows, lambda r: str(r[1])),
        "by_stage": _groups(rows, lambda r: STAGES[min(2, int(float(r[2]) * 3))]),
        "verdict": verdict(skill, gap),
        "seconds_mean": round(statistics.fmean(seconds), 4),
        "seconds_median": round(statistics.median(seconds), 4),
        "seconds_p90": round(sorted(seconds)[int(0.9 * (len(seconds) - 1))], 4),
        "rows": [list(r) for r in rows],
    }


def _groups(rows: Sequence[Sequence[Any]], key: Callable[[Sequence[Any]], str]) -> dict[str, Any]:
    """Positions grouped by ``key``: count, mean forecast, win rate, Brier."""
    out: dict[str, Any] = {}
    for name in sorted({key(r) for r in rows}):
        group = [r for r in rows if key(r) == name]
        f = [float(r[3]) for r in group]
        o = [float(r[5]) for r in group]
        out[name] = {
            "count": len(group),
            "forecast": round(statistics.fmean(f), 4),
            "observed": round(statistics.fmean(o), 4),
            "brier": round(brier(f, o), 4),
        }
    return out


def verdict(skill: float | None, gap: float) -> str:
    """How far the chances can be trusted: ``good`` (skill >= 0.2 and a mean gap between
    forecast and observed rate of at most 5 points), ``fair`` (skill > 0, gap <= 10
    points) or ``rough``: what a review shows (docs/hints.md)."""
    if skill is not None and skill >= GOOD_SKILL and gap <= GOOD_GAP:
        return "good"
    if skill is not None and skill > 0 and gap <= FAIR_GAP:
        return "fair"
    return "rough"


def run_game(game_id: str, args: argparse.Namespace) -> dict[str, Any]:
    per_game = max(1, math.ceil(args.positions / args.games))
    rows: list[list[Any]] = []
    started = time.perf_counter()
    game = 0
    while len(rows) < args.positions and game < args.games * 4:  # short games give fewer
        rows.extend(play_one(game_id, game, per_game, args.budget, args.seed))
        game += 1
    rows = rows[: args.positions]
    settings = {
        "positions": args.positions,
        "games": game,
        "budget": args.budget,
        "seed": args.seed,
        "levels": list(LEVELS),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    return summarise(game_id, rows, settings)


def dump(data: dict[str, Any]) -> str:
    """``data`` as indented JSON with each list of plain values (a position's row) on
    one line: a smaller file whose diffs read by position."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[[^\[\]{}]*\]", lambda m: re.sub(r"\s*\n\s*", "", m.group()), text) + "\n"


def _load(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    return {"games": {}}


def markdown(data: dict[str, Any]) -> str:
    """The summary table and each game's reliability table (docs/hints.md)."""
    stored = [data["games"][g] for g in (*ORDER, *sorted(data["games"])) if g in data["games"]]
    # Summarised afresh from the positions, so a table always shows every figure.
    found = [
        summarise(s["game"], s["rows"], s["settings"])
        for s in {s["game"]: s for s in stored}.values()
    ]
    lines = [
        "| Game | Positions (games) | Players | Budget | Brier (played) | Brier (best) |"
        " Naive Brier | Skill (played) | Skill (best) | Won | Mean forecast | Gap | Verdict |"
        " s per evaluation |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in found:
        st = s["settings"]
        lines.append(
            f"| {_title(s)} | {s['positions']} ({st['games']}) |"
            f" {', '.join(map(str, s['players']))} | {st['budget']} | {s['brier_played']:.3f} |"
            f" {s['brier_best']:.3f} | {s['brier_naive']:.3f} | {_signed(s['skill_played'])} |"
            f" {_signed(s['skill_best'])} | {s['win_rate']:.2f} | {s['mean_forecast']:.2f} |"
            f" {s['calibration_error']:.3f} | {s['verdict']} | {s['seconds_mean']:.2f} |"
        )
    lines += [
        "",
        "| Game | easy seats: forecast, won | medium seats: forecast, won |"
        " Brier early | Brier middle | Brier late |",
        "|---|---|---|---|---|---|",
    ]
    for s in found:
        level, stage = s["by_seat_level"], s["by_stage"]
        cells = [
            f"{level[k]['forecast']:.2f}, {level[k]['observed']:.2f}" if k in level else "-"
            for k in ("easy", "medium")
        ]
        briers = [f"{stage[k]['brier']:.3f}" if k in stage else "-" for k in STAGES]
        lines.append(f"| {_title(s)} | {' | '.join(cells)} | {' | '.join(briers)} |")
    lines += [
        "",
        "| Game | Budget | Mean s | Median s | 90th percentile s |",
        "|---|---|---|---|---|",
    ]
    for s in found:
        lines.append(
            f"| {_title(s)} | {s['settings']['budget']} | {s['seconds_mean']:.2f} |"
            f" {s['seconds_median']:.2f} | {s['seconds_p90']:.2f} |"
        )
    for s in found:
        lines += ["", f"**{_title(s)}**: forecast bin, count, mean forecast, observed win rate", ""]
        lines += ["| Bin | Count | Forecast | Observed |", "|---|---|---|---|"]
        for b in s["reliability"]:
            lines.append(
                f"| {b['from']:.0%}-{b['to']:.0%} | {b['count']} | {b['forecast']:.2f} |"
                f" {b['observed']:.2f} |"
            )
    return "\n".join(lines)


def svg(summary: dict[str, Any]) -> str:
    """A reliability plot: observed win rate against forecast per bin (a dot's area is
    its count), the diagonal of perfect calibration and the naive forecast's level."""
    size, pad = 320, 44
    inner = size - 2 * pad

    def x(v: float) -> float:
        return pad + v * inner

    def y(v: float) -> float:
        return size - pad - v * inner

    most = max((b["count"] for b in summary["reliability"]), default=1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}"'
        f' viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="11">',
        f'<rect width="{size}" height="{size}" fill="white"/>',
        f'<text x="{size / 2}" y="16" text-anchor="middle" font-size="13">'
        f"{escape(game_class(summary['game']).title)}: {summary['positions']} positions,"
        f" skill {_signed(summary['skill_played'])}</text>",
        f'<rect x="{pad}" y="{pad}" width="{inner}" height="{inner}" fill="none" stroke="#888"/>',
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb"'
        ' stroke-dasharray="4 3"/>',
    ]
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<text x="{x(t)}" y="{size - pad + 14}" text-anchor="middle">{t:.0%}</text>')
        parts.append(f'<text x="{pad - 4}" y="{y(t) + 4}" text-anchor="end">{t:.0%}</text>')
    parts.append(
        f'<text x="{size / 2}" y="{size - 8}" text-anchor="middle">predicted win chance</text>'
    )
    parts.append(
        f'<text x="12" y="{size / 2}" text-anchor="middle"'
        f' transform="rotate(-90 12 {size / 2})">observed win rate</text>'
    )
    points = []
    for b in summary["reliability"]:
        r = 2 + 10 * math.sqrt(b["count"] / most)
        cx, cy = x(b["forecast"]), y(b["observed"])
        points.append(f"{cx:.1f},{cy:.1f}")
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#c0392b" fill-opacity="0.55">'
            f"<title>{b['count']} positions: forecast {b['forecast']:.0%},"
            f" observed {b['observed']:.0%}</title></circle>"
        )
    if len(points) > 1:
        parts.append(
            f'<polyline points="{" ".join(points)}" fill="none" stroke="#c0392b"'
            ' stroke-width="1.5"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _title(summary: dict[str, Any]) -> str:
    """The game's name, as people know it."""
    return game_class(summary["game"]).title


def _signed(value: float | None) -> str:
    """A skill score with its sign; "n/a" where the naive forecast was exact."""
    return "n/a" if value is None else f"{value:+.2f}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "only", nargs="*", metavar="GAME", help="games to run (default: every game, quick first)"
    )
    parser.add_argument("--positions", type=int, default=500, help="positions per game")
    parser.add_argument("--games", type=int, default=100, help="bot games per game")
    parser.add_argument("--budget", type=int, default=400, help="iterations per evaluation")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--quick", action="store_true", help="a tiny run (12 positions, 3 games, 16 iterations)"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--markdown", action="store_true", help="print the tables of --out")
    parser.add_argument(
        "--again",
        action="store_true",
        help="first work every game's figures out again from the positions --out holds",
    )
    parser.add_argument(
        "--plot", type=Path, help="write one reliability SVG per game of --out here"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.quick:
        args.positions, args.games, args.budget = 12, 3, 16
    for name in ("positions", "games", "budget"):
        if getattr(args, name) < 1:
            print(f"--{name} must be a whole number >= 1", file=sys.stderr)
            return 2
    unknown = [g for g in args.only if g not in games()]
    if unknown:
        print(f"no game {', '.join(unknown)}; games: {', '.join(games())}", file=sys.stderr)
        return 2
    data = _load(args.out)
    if args.again:
        for game_id, summary in data["games"].items():
            data["games"][game_id] = summarise(game_id, summary["rows"], summary["settings"])
        args.out.write_text(dump(data))
    if args.markdown or args.plot or args.again:
        if args.markdown:
            print(markdown(data))
        if args.plot:
            args.plot.mkdir(parents=True, exist_ok=True)
            for game_id, summary in data["games"].items():
                (args.plot / f"calibration-{game_id}.svg").write_text(svg(summary))
        return 0
    chosen = args.only or [g for g in ORDER if g in games()]
    for game_id in chosen:
        summary = run_game(game_id, args)
        data["games"][game_id] = summary
        args.out.write_text(dump(data))
        print(
            f"{game_id}: {summary['positions']} positions in {summary['settings']['games']} games,"
            f" Brier {summary['brier_played']:.3f} (best {summary['brier_best']:.3f}) vs naive"
            f" {summary['brier_naive']:.3f}, skill {_signed(summary['skill_played'])},"
            f" {summary['seconds_mean']:.2f} s an evaluation,"
            f" {summary['settings']['wall_seconds']:.0f} s in all",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
