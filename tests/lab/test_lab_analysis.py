"""Summaries: the intervals a tournament and a comparison print cover the truth on a
synthetic game whose win rates are known (seeded), and the summaries of real runs say
what the games did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from yuletide.core.rng import Rng, derive_seed
from yuletide.lab import analysis
from yuletide.lab.plan import Plan, compare_plan, parse_variant, report_plan, tournament_plan
from yuletide.lab.runner import Outcomes, run_plan
from yuletide.lab.store import Store


def _covers(est: dict[str, Any], truth: float) -> bool:
    return est["lo"] is not None and est["lo"] <= truth <= est["hi"]


def _synthetic(plan: Plan, strong: str, chance: float) -> Outcomes:
    """A two-seat game in which bot ``strong`` wins with probability ``chance`` plus a
    deal's luck (+-0.15, the same for every game on that deal), in either seat."""
    results = []
    for task in plan.tasks:
        luck = 0.15 if Rng(derive_seed(task.seed, 7)).random() < 0.5 else -0.15
        rng = Rng(derive_seed(task.seed, 100 + task.rotation))
        strong_seat = task.seating.index(strong)
        winner = strong_seat if rng.random() < chance + luck else 1 - strong_seat
        results.append(
            {
                "status": "finished",
                "winners": [winner],
                "scores": [1.0 if s == winner else 0.0 for s in range(2)],
                "ranks": [1 if s == winner else 2 for s in range(2)],
                "tiebreak": None,
                "decisions": 10,
                "table_seconds": 10.0,
                "forced": 0,
                "facts": {},
            }
        )
    return Outcomes(plan, tuple(results), len(results), 0)


def test_tournament_intervals_cover_known_win_rates() -> None:
    runs = 150
    hits = {"strong": 0, "weak": 0, "difference": 0, "seat 0": 0}
    for k in range(runs):
        plan = tournament_plan("looney-lights", 2, ["random", "medium"], 40, seed=k)
        summary = analysis.tournament_summary(_synthetic(plan, "medium", 0.7), ratings=False)
        bots = {b["bot"]: b for b in summary["bots"]}
        hits["strong"] += _covers(bots["medium"]["win_rate"], 0.7)
        hits["weak"] += _covers(bots["random"]["win_rate"], 0.3)
        hits["difference"] += _covers(summary["pairs"][0]["win_rate_difference"], -0.4)
        hits["seat 0"] += _covers(summary["seats"]["seats"][0]["win_rate"], 0.5)
    for name, n in hits.items():
        assert 0.91 <= n / runs <= 0.99, (name, n / runs)


def test_tournament_summary_ranks_and_rates_the_bots(store_path: Path) -> None:
    plan = tournament_plan("looney-lights", 2, ["random", "medium"], 15, seed=1)
    with Store(store_path) as store:
        summary = analysis.tournament_summary(run_plan(plan, store))
    assert summary["games"] == 30 and summary["lineups"] == [["random", "medium"]]
    bots = {b["bot"]: b for b in summary["bots"]}
    assert bots["medium"]["win_rate"]["value"] > bots["random"]["win_rate"]["value"]
    assert bots["medium"]["win_rate"]["value"] + bots["random"]["win_rate"]["value"] == 1.0
    assert [r["bot"] for r in summary["ratings"]] == ["medium", "random"]
    assert all(r["games"] == 30 for r in summary["ratings"])
    pair = summary["pairs"][0]
    assert pair["a"] == "random" and pair["win_rate_difference"]["value"] < 0
    assert pair["a_ahead_of_b"]["value"] == bots["random"]["win_rate"]["value"]
    assert isinstance(pair["significant"], bool)


def test_a_solo_tournament_compares_bots_on_the_same_deals(store_path: Path) -> None:
    plan = tournament_plan("deck-the-yard", 1, ["random", "medium"], 12)
    with Store(store_path) as store:
        summary = analysis.tournament_summary(run_plan(plan, store))
    assert summary["ratings"] == []  # nobody to be ranked against
    pair = summary["pairs"][0]
    assert pair["a_ahead_of_b"] is None and pair["score_difference"]["value"] < 0
    assert pair["win_rate_difference"]["n"] == 12


def test_compare_finds_a_rule_that_matters_and_not_one_that_does_not(store_path: Path) -> None:
    plan = compare_plan(
        "deck-the-yard",
        1,
        [parse_variant("difficulty=normal"), parse_variant("difficulty=heroic")],
        ["medium"],
        40,
    )
    with Store(store_path) as store:
        summary = analysis.compare_summary(run_plan(plan, store))
    assert summary["baseline"] == "difficulty=normal"
    diffs = {d["metric"]: d for d in summary["differences"]}
    wins = diffs["seat 0 wins"]
    assert wins["value"] < 0 and wins["significant"]  # ten cards to claim is harder
    assert diffs["length"]["unchanged"] and diffs["length"]["p_holm"] is None
    assert summary["comparisons"] == sum(1 for d in diffs.values() if not d["unchanged"])
    normal = summary["variants"][0]["metrics"]
    assert 0 <= normal["seat 0 wins"]["lo"] <= normal["seat 0 wins"]["value"]


def test_group_summary_of_a_report(store_path: Path) -> None:
    plan = report_plan("twinkling-lights", [2], ["random"], 8)
    with Store(store_path) as store:
        [group] = analysis.summarise_groups(run_plan(plan, store))
    assert group["games"] == group["deals"] == 8
    assert set(group["details"]["ends"]) <= {"tiles ran out", "three patterns", "turn limit"}
    shares = sum(e["value"] for e in group["details"]["ends"].values())
    assert shares == pytest.approx(1.0)
    q = group["length"]["quantiles"]
    assert q["0"] <= q["0.5"] <= q["1"]
    assert len(group["seats"]["seats"]) == 2
    assert group["unfinished"]["value"] == 0.0


def test_tiebreaks_are_grouped_by_kind() -> None:
    assert analysis.normalise_tiebreak("seat 3 has 12 cards") == "seat N has N cards"
