"""Sweeps and tuning: one option over a range, or several searched for a target.

* ``lab sweep GAME --option NAME=LO..HI[:STEP]`` plays every value on the same deals (a
  comparison whose first value is the baseline) and gives every metric at every value
  with its interval, and the paired difference from the first value.
* ``lab tune GAME --option NAME=LO..HI[:STEP] [...] --target METRIC=VALUE`` searches the
  settings (every combination of the ranges) by *successive halving* (Jamieson and
  Talwalkar 2016; the bandit of Karnin et al. 2013): every setting plays a few deals,
  the half whose estimate is furthest from the target is dropped, the rest play twice as
  many deals (the same deals again plus new ones: the store reuses the games already
  played), until one is left or the budget runs out. The target is a metric of
  ``lab compare`` (``seat 0 wins``, ``length``, ``minutes``, ...) and a number, or
  ``fair`` for a seat's win rate (the mean of the seats' rates). The answer is the best
  setting with its estimate's interval on the last round's deals, the rounds and the
  games the search used.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import compare_summary
from .plan import Plan, Variant, compare_plan
from .runner import Outcomes

_RANGE = re.compile(
    r"^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*(?::\s*(\d+(?:\.\d+)?))?\s*$"
)
#: The most values one range may give (a typo like 1..10000 is refused, not played).
MAX_VALUES = 50


def parse_range(name: str, text: Any) -> list[Any] | None:
    """``LO..HI[:STEP]`` as the values it names (whole numbers when all three are);
    None when ``text`` is not a range. ValueError says what is wrong with a bad one."""
    if not isinstance(text, str):
        return None
    m = _RANGE.match(text)
    if not m:
        if ".." in text:
            raise ValueError(f"--option {name}={text}: a range is LO..HI or LO..HI:STEP, e.g. 5..7")
        return None
    lo_t, hi_t, step_t = m.group(1), m.group(2), m.group(3) or "1"
    whole = all("." not in t for t in (lo_t, hi_t, step_t))
    lo, hi, step = float(lo_t), float(hi_t), float(step_t)
    if step <= 0:
        raise ValueError(f"--option {name}={text}: the step must be more than 0")
    if hi < lo:
        raise ValueError(f"--option {name}={text}: the range runs from low to high")
    count = math.floor((hi - lo) / step + 1e-9) + 1
    if count > MAX_VALUES:
        raise ValueError(f"--option {name}={text}: {count} values; at most {MAX_VALUES}")
    values = [lo + i * step for i in range(count)]
    return [round(v) for v in values] if whole else [round(v, 10) for v in values]


def split_options(options: Mapping[str, Any]) -> tuple[dict[str, list[Any]], dict[str, Any]]:
    """The ranged options (name -> values) and the fixed ones."""
    ranged: dict[str, list[Any]] = {}
    fixed: dict[str, Any] = {}
    for name, value in options.items():
        values = parse_range(name, value)
        if values is None:
            fixed[name] = value
        else:
            ranged[name] = values
    return ranged, fixed


def settings(ranged: Mapping[str, Sequence[Any]]) -> list[Variant]:
    """Every combination of the ranged values, as comparison arms."""
    names = list(ranged)
    out = []
    for combo in itertools.product(*(ranged[n] for n in names)):
        options = dict(zip(names, combo, strict=True))
        out.append(Variant(" ".join(f"{n}={v}" for n, v in options.items()), options))
    return out


def sweep_plan(
    game_id: str,
    players: int,
    ranged: Mapping[str, Sequence[Any]],
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Plan:
    """One arm per value (per combination), all on the same deals."""
    if len(ranged) != 1:
        raise ValueError("lab sweep varies one option: give one --option NAME=LO..HI[:STEP]")
    arms = settings(ranged)
    if len(arms) < 2:
        raise ValueError("a sweep needs at least two values")
    return compare_plan(game_id, players, arms, bots, games, seed=seed, options=options)


def sweep_summary(outcomes: Outcomes, name: str, values: Sequence[Any]) -> dict[str, Any]:
    """The comparison's summary with the swept option and its values (in arm order)."""
    summary = compare_summary(outcomes)
    summary["kind"] = "sweep"
    summary["option"] = name
    summary["values"] = list(values)
    return summary


# ----------------------------------------------------------------- tuning


@dataclass(frozen=True, slots=True)
class Target:
    """What ``lab tune`` looks for: a metric and its wanted value (None: fair)."""

    metric: str
    value: float | None

    @classmethod
    def parse(cls, text: str) -> Target:
        metric, equals, raw = text.rpartition("=")
        metric = metric.strip()
        if not equals or not metric:
            raise ValueError(
                f"--target {text!r}: give METRIC=VALUE, e.g. 'seat 0 wins=fair' or 'minutes=30'"
            )
        if raw.strip().lower() == "fair":
            if not re.fullmatch(r"seat \d+ wins", metric):
                raise ValueError(f"--target {text!r}: 'fair' is for a seat's win rate")
            return cls(metric, None)
        try:
            return cls(metric, float(raw))
        except ValueError:
            raise ValueError(f"--target {text!r}: the value is a number or 'fair'") from None

    def wanted(self, metrics: Mapping[str, Mapping[str, Any]]) -> float:
        """The target value for one arm (the fair share from its seats' win rates)."""
        if self.value is not None:
            return self.value
        rates = [float(e["value"]) for k, e in metrics.items() if re.fullmatch(r"seat \d+ wins", k)]
        return sum(rates) / len(rates)

    def miss(self, metrics: Mapping[str, Mapping[str, Any]]) -> float:
        """How far an arm's estimate is from the target (inf: the metric is missing)."""
        est = metrics.get(self.metric)
        if est is None:
            return math.inf
        return abs(float(est["value"]) - self.wanted(metrics))


def tune(
    run: Callable[[Plan], Outcomes],
    game_id: str,
    players: int,
    ranged: Mapping[str, Sequence[Any]],
    *,
    bots: Sequence[str],
    target: Target,
    first: int = 20,
    budget: int = 2000,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Successive halving (module docstring): ``first`` deals a setting in the first
    round; the budget counts the games the search adds (a round that doubles the deals
    replays none of the earlier deals: the store has them). When two settings are left,
    what remains of the budget goes to them, for the best one's interval."""
    alive = settings(ranged)
    if len(alive) < 2:
        raise ValueError("lab tune needs at least two settings to choose from")
    deals, played, analysed = first, 0, 0
    rounds: list[dict[str, Any]] = []

    def play(arms: list[Variant], n: int) -> list[tuple[Variant, dict[str, Any]]]:
        nonlocal played, analysed
        plan = compare_plan(game_id, players, arms, bots, n, seed=seed, options=options)
        outcomes = run(plan)
        played += outcomes.played
        analysed += len(plan.tasks)
        summary = compare_summary(outcomes)
        ranked = sorted(
            zip(arms, summary["variants"], strict=True),
            key=lambda pair: target.miss(pair[1]["metrics"]),
        )
        rounds.append(
            {
                "deals": n,
                "settings": [
                    {
                        "label": v.label,
                        "estimate": s["metrics"].get(target.metric),
                        "miss": target.miss(s["metrics"]),
                    }
                    for v, s in ranked
                ],
            }
        )
        return ranked

    ranked = play(alive, deals)
    there = ranked[0][1]["metrics"]
    if target.metric not in there:
        raise ValueError(
            f"--target {target.metric!r}: no such metric in this game; metrics: {', '.join(there)}"
        )
    while len(ranked) > 2:
        keep = [v for v, _ in ranked[: max(2, len(ranked) // 2)]]
        if played + len(keep) * deals > budget:  # doubling adds `deals` new deals each
            break
        deals *= 2
        ranked = play(keep, deals)
    if len(ranked) == 2:
        more = (budget - played) // 2  # new deals the last two can still afford
        if more >= deals:
            deals += more
            ranked = play([v for v, _ in ranked], deals)
    best, best_summary = ranked[0]
    return {
        "kind": "tune",
        "game": game_id,
        "players": players,
        "target": {"metric": target.metric, "value": target.value},
        "best": best.label,
        "best_options": dict(best.options),
        "estimate": best_summary["metrics"].get(target.metric),
        "wanted": target.wanted(best_summary["metrics"]),
        "runner_up": ranked[1][0].label if len(ranked) > 1 else None,
        "deals": deals,
        "rounds": rounds,
        "played": played,
        "games": analysed,
        "budget": budget,
        "settings": len(settings(ranged)),
    }
