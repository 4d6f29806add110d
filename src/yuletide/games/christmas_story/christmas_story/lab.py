"""A Christmas Story in the balance lab (``yuletide.lab``; the manifest declares ``lab``):
how each game ended, ``presents``, ``last-standing`` or ``bully``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.lab.analysis import Game, share_table
from yuletide.lab.report import Plot, pct, rate_bars, table

if TYPE_CHECKING:
    from yuletide.core.state import Outcome

#: How a game can end (its outcome's ``details["ending"]``).
ENDINGS = ("presents", "last-standing", "bully")


def facts(outcome: Outcome, view: Mapping[str, Any]) -> dict[str, Any]:
    """How the game ended: ``presents``, ``last-standing`` or ``bully``."""
    ending = (outcome.details or {}).get("ending")
    return {"ending": ending} if ending else {}


def summarise(games: Sequence[Game], players: int) -> dict[str, Any]:
    """Each ending's share of the games."""
    return {"endings": share_table(games, "ending", ENDINGS)}


def findings(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    return [
        f"{g['label']} endings: "
        + ", ".join(f"{name} {pct(est)}" for name, est in g["details"]["endings"].items())
        + "."
        for g in groups
    ]


def plots(groups: Sequence[Mapping[str, Any]]) -> list[Plot]:
    ends = sorted({e for g in groups for e in g["details"]["endings"]})
    return [
        rate_bars(
            "plot-endings",
            "How A Christmas Story ends",
            "each ending's share of the games",
            [g["label"] for g in groups],
            {e: [g["details"]["endings"].get(e) for g in groups] for e in ends},
        )
    ]


def tables(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    rows = [
        [g["label"], end, pct(est)] for g in groups for end, est in g["details"]["endings"].items()
    ]
    return [table(["group", "ending", "share [95% CI]"], rows, "Endings")]
