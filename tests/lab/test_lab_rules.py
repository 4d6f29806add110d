"""Optional rules: each room declares them with the events that show one being used; the
lab counts the uses per variant, per game and per seat, and says plainly when a
comparison varies a rule that no game used (a rule nobody uses looks like a rule with no
effect)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.lab.kit import LabMain

from yuletide.core.registry import games, spec
from yuletide.lab import analysis
from yuletide.lab.plan import compare_plan, parse_variant, report_plan
from yuletide.lab.play import play_game
from yuletide.lab.runner import run_plan
from yuletide.lab.store import Store


def test_every_declared_rule_is_one_of_the_game_s_options() -> None:
    for game_id in games():
        names = {o.name for o in spec(game_id).rules.options_spec}
        for rule in spec(game_id).optional_rules:
            assert rule.option in names, (game_id, rule.option)
            assert rule.events or rule.count, (game_id, rule.option)
            assert rule.bots_use or rule.why, (game_id, rule.option)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_retreats_are_counted_only_where_the_rule_allows_them(seed: int) -> None:
    """Without ``retreat`` every move brings a character closer (so the count is 0: the
    counter reads the events right); with it, random play steps back now and then."""
    off = play_game("jingle-bell-run", 2, {"retreat": False}, ["random", "random"], seed)
    on = play_game("jingle-bell-run", 2, {"retreat": True}, ["random", "random"], seed)
    assert off["rules_used"] == {"retreat": [0, 0]}
    assert sum(on["rules_used"]["retreat"]) > 0


def test_free_actions_and_power_surges_are_counted_per_seat() -> None:
    random = play_game("christmas-lights", 3, {}, ["random"] * 3, 4)
    assert all(n > 0 for n in random["rules_used"]["free_actions"])
    medium = play_game("christmas-lights", 3, {}, ["medium"] * 3, 4)
    assert medium["rules_used"] == {"free_actions": [0, 0, 0]}
    solo = [play_game("solo-lights", 1, {}, ["random"], s)["rules_used"] for s in range(12)]
    assert any(u["power_surge"][0] for u in solo)
    off = play_game("solo-lights", 1, {"power_surge": False}, ["random"], 3)
    assert off["rules_used"] == {"power_surge": [0]}


def test_a_comparison_of_a_rule_no_bot_used_says_so(lab_main: LabMain, tmp_path: Path) -> None:
    code, out, err = lab_main(
        [
            "lab", "compare", "christmas-lights", "--players", "2", "--games", "2",
            "--variant", "free_actions=0", "--variant", "free_actions=2", "--quiet",
            "--store", str(tmp_path / "lab.sqlite3"), "--out", str(tmp_path),
        ]
    )  # fmt: skip
    assert code == 0, err
    assert "free_actions=2: free_actions used in 0.0% [0.0, 65.8] of games" in out
    assert (
        "WARNING: free_actions: no bot used a free action (a mark or a move in the hand) in 4"
        " games — this comparison cannot show its effect (the bots do not use it:" in out
    )


def test_usage_is_summarised_per_variant_and_seat(store_path: Path) -> None:
    variants = [parse_variant("retreat=false"), parse_variant("retreat=true")]
    plan = compare_plan("jingle-bell-run", 2, variants, ["random"], 3)
    with Store(store_path) as store:
        summary = analysis.compare_summary(run_plan(plan, store))
    off, on = (v["rules_used"]["retreat"] for v in summary["variants"])
    assert off["total"] == 0 and on["total"] > 0
    assert on["games_used"]["value"] > 0 and len(on["per_seat"]) == 2
    assert sum(on["per_seat"]) * on["games"] == pytest.approx(on["total"])
    assert summary["warnings"] == []  # random play used it: nothing to warn about
    report = report_plan("jingle-bell-run", [2], ["random"], 2)
    with Store(store_path) as store:
        groups = analysis.summarise_groups(run_plan(report, store, progress=None))
    assert analysis.unused_rule_warnings("jingle-bell-run", groups, varied=False) == []


def test_a_report_warns_of_a_rule_that_is_on_and_never_used(store_path: Path) -> None:
    plan = report_plan("jingle-bell-run", [2], ["medium"], 2, options={"retreat": True})
    with Store(store_path) as store:
        groups = analysis.summarise_groups(run_plan(plan, store))
    (warning,) = analysis.unused_rule_warnings("jingle-bell-run", groups, varied=False)
    assert warning.startswith("retreat: no bot used a move away from the finish line in 2 games")
    assert "these figures show the game as if the rule were not there" in warning
