"""Twinkling Lights in the balance lab (``yuletide.lab``; the manifest declares ``lab``):
how each game ended, three Pattern cards scored or the stack of tiles run out (rulings
T8, T9), and the tiles left in the stack."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.lab.analysis import Game, clusters, deal_means, share_table
from yuletide.lab.report import Plot, num, pct, rate_bars, table
from yuletide.lab.stats import mean_interval

if TYPE_CHECKING:
    from yuletide.core.state import Outcome

#: The start of the reason of a game decided by the empty stack.
TILES_OUT = "the Light tiles ran out"
#: How a game can end (the ``end`` fact).
ENDS = ("three patterns", "tiles ran out", "turn limit")


def facts(outcome: Outcome, view: Mapping[str, Any]) -> dict[str, Any]:
    """Whether a player scored all three Pattern cards or the stack ran out (T8, T9)."""
    if outcome.status != "finished":
        return {"end": "turn limit"}
    if outcome.reason.startswith(TILES_OUT):
        return {"end": "tiles ran out", "stack_left": view.get("stack")}
    return {"end": "three patterns", "stack_left": view.get("stack")}


def summarise(games: Sequence[Game], players: int) -> dict[str, Any]:
    """Each end's share of the games, and the mean of the tiles left in the stack."""
    left = deal_means(clusters(games, lambda t, r: r["facts"].get("stack_left")))
    return {
        "ends": share_table(games, "end", ENDS),
        "stack_left": mean_interval(left).to_dict() if left else None,
    }


def findings(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    return [
        "The stack of tiles ran out (no one scored all three Pattern cards) in: "
        + ", ".join(
            f"{g['label']} {pct(g['details']['ends'].get('tiles ran out'))}" for g in groups
        )
        + "."
    ]


def plots(groups: Sequence[Mapping[str, Any]]) -> list[Plot]:
    ends = sorted({e for g in groups for e in g["details"]["ends"]})
    return [
        rate_bars(
            "plot-ends",
            "How Twinkling Lights ends",
            "how each game ended",
            [g["label"] for g in groups],
            {e: [g["details"]["ends"].get(e) for g in groups] for e in ends},
        )
    ]


def tables(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    rows = [
        [g["label"], end, pct(est)] for g in groups for end, est in g["details"]["ends"].items()
    ]
    out = [
        table(
            ["group", "how it ended", "share [95% CI]"],
            rows,
            "Ends: three Pattern cards scored, or the tiles ran out (T8, T9)",
        )
    ]
    rows = [
        [g["label"], num(g["details"]["stack_left"])] for g in groups if g["details"]["stack_left"]
    ]
    if rows:
        out.append(table(["group", "tiles left in the stack at the end"], rows))
    return out
