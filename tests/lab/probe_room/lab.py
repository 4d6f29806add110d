"""The probe's lab part: marks every fact, summary, sentence, plot and table it gives, so
a test can see the lab used it (:class:`yuletide.core.manifest.LabPart`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from yuletide.core.state import Outcome
from yuletide.lab.analysis import Game, share_table
from yuletide.lab.report import Plot, rate_bars, table


def facts(outcome: Outcome, view: Mapping[str, Any]) -> dict[str, Any]:
    return {"probe": outcome.status}


def summarise(games: Sequence[Game], players: int) -> dict[str, Any]:
    return {"probe_games": len(games), "probe_status": share_table(games, "probe")}


def findings(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    return [f"{g['label']}: probe saw {g['details']['probe_games']} games." for g in groups]


def plots(groups: Sequence[Mapping[str, Any]]) -> list[Plot]:
    states = sorted({s for g in groups for s in g["details"]["probe_status"]})
    return [
        rate_bars(
            "plot-probe",
            "Probe",
            "the probe's statuses",
            [g["label"] for g in groups],
            {s: [g["details"]["probe_status"].get(s) for g in groups] for s in states},
        )
    ]


def tables(groups: Sequence[Mapping[str, Any]]) -> list[str]:
    rows = [[g["label"], str(g["details"]["probe_games"])] for g in groups]
    return [table(["group", "probe games"], rows, "Probe table")]
