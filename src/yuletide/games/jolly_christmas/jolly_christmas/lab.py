"""Jolly Christmas in the balance lab (``yuletide.lab``; the manifest declares ``lab``):
the tree-topper each seat chose and how the choosers of each kind fared, and each
scoring category's share of the points."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.lab.analysis import Game, GameValue, clusters
from yuletide.lab.report import Plot, pct, rate_bars, table
from yuletide.lab.stats import proportion

if TYPE_CHECKING:
    from yuletide.core.state import Outcome
    from yuletide.lab.plan import Task


def facts(outcome: Outcome, view: Mapping[str, Any]) -> dict[str, Any]:
    """The tree-topper each seat chose (id and kind) and each seat's points by category."""
    toppers = view.get("toppers") or []
    breakdown = (outcome.details or {}).get("breakdown") or []
    return {
        "toppers": [t["id"] if t else None for t in toppers],
        "topper_kinds": [t["kind"] if t else None for t in toppers],
        "breakdown": [dict(b) for b in breakdown],
    }


def summarise(games: Sequence[Game], players: int) -> dict[str, Any]:
    """Per tree-topper kind: how often chosen and its choosers' win rate; each scoring
    category's share of all points and of the winners' points; the fair win rate."""
    picks: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for _, r in games:
        picks.update(t for t in r["facts"].get("toppers", []) if t)
        kinds.update(k for k in r["facts"].get("topper_kinds", []) if k)
    total_picks = sum(kinds.values()) or 1
    by_kind = {}
    for kind in sorted(kinds):
        wins = proportion(clusters(games, _chose(kind)))
        by_kind[kind] = {
            "picks": kinds[kind],
            "share": kinds[kind] / total_picks,
            "win_rate": wins.to_dict(),
        }
    points: Counter[str] = Counter()
    winner_points: Counter[str] = Counter()
    for _, r in games:
        for s, parts in enumerate(r["facts"].get("breakdown", [])):
            points.update(parts)
            if s in r["winners"]:
                winner_points.update(parts)
    total = sum(points.values()) or 1
    winners_total = sum(winner_points.values()) or 1
    return {
        "topper_kinds": by_kind,
        "toppers": dict(picks.most_common()),
        "category_share": {c: points[c] / total for c in points},
        "winner_category_share": {c: winner_points[c] / winners_total for c in points},
        # A seat's expected win rate with no advantage anywhere (shared wins included).
        "fair_win_rate": sum(len(r["winners"]) for _, r in games) / (players * len(games))
        if games
        else 0.0,
    }


def _chose(kind: str) -> GameValue:
    """The win rate in one game of the seats that chose a ``kind`` tree-topper."""

    def value(task: Task, r: dict[str, Any]) -> float | None:
        kinds = r["facts"].get("topper_kinds", [])
        won = [1.0 if s in r["winners"] else 0.0 for s, k in enumerate(kinds) if k == kind]
        return sum(won) / len(won) if won else None

    return value


def findings(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    out: list[str] = []
    for g in groups:
        d = g["details"]
        kinds = d["topper_kinds"]
        if not kinds:
            continue
        # The kind whose interval lies highest (its lower end), so that one lucky pick of
        # a rare kind does not top the list.
        best = max(kinds.items(), key=lambda kv: kv[1]["win_rate"]["lo"] or 0.0)
        top = max(d["category_share"].items(), key=lambda kv: kv[1])
        fair = d["fair_win_rate"]
        lead = (
            "stands out (its own interval, uncorrected for the kinds compared)"
            if (best[1]["win_rate"]["lo"] or 0.0) > fair
            else "leads, but its interval includes the fair share"
        )
        out.append(
            f"{g['label']}: among tree-toppers, '{best[0]}' {lead}: its"
            f" {best[1]['picks']} choosers won {pct(best[1]['win_rate'])} of their games"
            f" (fair share {100 * fair:.0f}%); {top[0]} give the largest share of points"
            f" ({100 * top[1]:.0f}%)."
        )
    return out


def plots(groups: Sequence[Mapping[str, Any]]) -> list[Plot]:
    kinds = sorted({k for g in groups for k in g["details"]["topper_kinds"]})
    cats = list(groups[0]["details"]["category_share"]) if groups else []
    return [
        rate_bars(
            "plot-toppers",
            "Win rate of players by the tree-topper they chose",
            "the win rate of the players who chose each kind of tree-topper",
            kinds,
            {
                g["label"]: [g["details"]["topper_kinds"].get(k, {}).get("win_rate") for k in kinds]
                for g in groups
            },
            ylabel="win rate (%)",
        ),
        rate_bars(
            "plot-categories",
            "Share of points by scoring category (all players)",
            "each category's share of all points scored",
            cats,
            {
                g["label"]: [
                    {"value": g["details"]["category_share"].get(c, 0.0), "lo": None} for c in cats
                ]
                for g in groups
            },
            ylabel="share of all points (%)",
        ),
    ]


def tables(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    toppers = [
        [
            g["label"],
            kind,
            str(v["picks"]),
            f"{100 * v['share']:.1f}%",
            pct(v["win_rate"]),
            f"{100 * g['details']['fair_win_rate']:.1f}%",
        ]
        for g in groups
        for kind, v in g["details"]["topper_kinds"].items()
    ]
    categories = [
        [
            g["label"],
            cat,
            f"{100 * share:.1f}%",
            f"{100 * g['details']['winner_category_share'].get(cat, 0.0):.1f}%",
        ]
        for g in groups
        for cat, share in g["details"]["category_share"].items()
    ]
    return [
        table(
            [
                "group",
                "tree-topper kind",
                "chosen",
                "share of choices",
                "chooser's win rate [95% CI]",
                "fair share",
            ],
            toppers,
            "Tree-toppers (each kind's own 95% interval, not corrected for comparing"
            " the kinds with one another)",
        ),
        table(
            ["group", "category", "share of all points", "share of winners' points"],
            categories,
            "Points by category",
        ),
    ]
