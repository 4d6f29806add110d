"""Game-quality measures (docs/lab.md, "Game quality"): turns and rounds, decisions with a
real choice and the branching factor, minutes at a human table, lead changes and how
early the eventual winner led, summarised with intervals and compared like any metric."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

import yuletide
from yuletide.bots import make_bot
from yuletide.lab import analysis, quality
from yuletide.lab.plan import report_plan
from yuletide.lab.runner import run_plan
from yuletide.lab.store import Store
from yuletide.sim.match import play_match


def test_the_measures_are_what_the_record_says() -> None:
    bots = [make_bot("medium", 10 + s, "looney-lights") for s in range(3)]
    match = play_match("looney-lights", bots, 5)
    q = quality.measure(match.record, match.outcome.winners)
    state = yuletide.new_game("looney-lights", players=3, seed=5)
    counts, seats = [], []
    for seat, text in match.record.actions:
        counts.append(len(state.legal_actions(seat)))
        seats.append(seat)
        state.apply(seat, text)
    turns = 1 + sum(1 for a, b in pairwise(seats) if a != b)
    real = [n for n in counts if n > 1]
    assert q["turns"] == turns and q["rounds"] == pytest.approx(turns / 3)
    assert q["choices"] == len(real) and q["branching"] == pytest.approx(sum(real) / len(real))
    forced = len(counts) - len(real)
    assert q["minutes"] == pytest.approx((10 * len(real) + 2 * forced) / 60)
    assert q["lead_changes"] >= 0


def test_lead_changes_and_when_the_winner_took_the_lead_for_good() -> None:
    leads = [(10, 0), (20, None), (30, 1), (40, 0), (50, 2), (60, 2)]
    assert quality._changes(leads) == 3  # 0 -> 1 -> 0 -> 2 (a tie is no leader)
    assert quality._winner_led_from(leads, 100, [2]) == pytest.approx(0.4)
    assert quality._winner_led_from(leads, 100, [0]) == pytest.approx(0.6)
    assert quality._winner_led_from([(10, 1), (20, 1)], 100, [1]) == 0.0
    assert quality._winner_led_from(leads, 100, [0, 2]) is None  # no single winner


def test_a_report_summarises_quality_with_intervals(store_path: Path) -> None:
    plan = report_plan("blink", [2], ["random"], 8)
    with Store(store_path) as store:
        (group,) = analysis.summarise_groups(run_plan(plan, store))
    q = group["quality"]
    for name in ("turns", "rounds", "minutes", "choices", "branching", "lead_changes"):
        est = q[name]
        assert est["lo"] is not None and est["lo"] <= est["value"] <= est["hi"], name
    assert q["minutes_quantiles"]["0.1"] <= q["minutes_quantiles"]["0.5"]
    adv = q["first_player_advantage"]
    seats = group["seats"]
    assert adv["value"] == pytest.approx(seats["seats"][0]["win_rate"]["value"] - seats["fair"])
    assert analysis.game_metrics(plan_result(store_path, plan), 2)["minutes"] > 0


def plan_result(store_path: Path, plan: object) -> dict[str, object]:
    with Store(store_path) as store:
        return dict(run_plan(plan, store).results[0])  # type: ignore[arg-type]
