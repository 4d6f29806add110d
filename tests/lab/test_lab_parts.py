"""The lab knows no game by name: a game's own facts and report sections come from its
room's lab part (``lab.py``), reached through the manifest's ``lab`` alone, and a solo
game's report follows the difficulties its manifest declares."""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from yuletide.core.manifest import Difficulty
from yuletide.core.registry import game_class, games, register, spec
from yuletide.core.state import Outcome
from yuletide.lab import analysis, commands, report
from yuletide.lab.cli import add_lab_parser
from yuletide.lab.facts import facts
from yuletide.lab.plan import report_plan
from yuletide.lab.runner import run_plan
from yuletide.lab.store import Store

#: A game whose room has no lab part; the tests give it the probe's.
PLAIN = "looney-lights"
#: The probe room (tests/lab/probe_room): a lab part and nothing else.
PROBE = "tests.lab.probe_room"


@pytest.fixture
def probed() -> Iterator[str]:
    """:data:`PLAIN` with a manifest that declares the probe room's lab part (the rules
    are the same class, so the registry takes the swap; the original is put back)."""
    original = spec(PLAIN)
    register(dataclasses.replace(original, lab=True, package=PROBE))
    try:
        yield PLAIN
    finally:
        register(original)


def test_a_declared_lab_part_gives_the_facts_details_and_report_sections(
    probed: str, store_path: Path
) -> None:
    plan = report_plan(probed, [2], ["random"], 3)
    with Store(store_path) as store:
        outcomes = run_plan(plan, store, fresh=True)
    assert [r["facts"] for r in outcomes.results] == [{"probe": "finished"}] * 3
    [group] = analysis.summarise_groups(outcomes)
    assert group["details"]["probe_games"] == 3
    assert group["details"]["probe_status"]["finished"]["value"] == 1.0
    doc = report.build(plan, [group])
    assert "2 players: probe saw 3 games." in doc.findings
    assert "plot-probe" in {p.id for p in doc.plots}
    assert "<caption>Probe table</caption>" in doc.html
    assert '<figure id="plot-probe">' in doc.html
    assert "This game has no details beyond the sections above." not in doc.html


def test_without_a_declared_lab_part_there_are_no_facts_or_details(store_path: Path) -> None:
    assert not spec(PLAIN).lab and spec(PLAIN).lab_part is None
    outcome = Outcome(status="finished", winners=(0,), reason="probe")
    assert facts(PLAIN, outcome, {}) == {}
    plan = report_plan(PLAIN, [2], ["random"], 2)
    with Store(store_path) as store:
        [group] = analysis.summarise_groups(run_plan(plan, store))
    assert group["details"] == {}
    assert "This game has no details beyond the sections above." in report.build(plan, [group]).html


@pytest.mark.parametrize("game_id", games())
def test_a_room_has_a_lab_part_exactly_when_its_manifest_declares_one(game_id: str) -> None:
    found = spec(game_id)
    assert (importlib.util.find_spec(f"{found.package}.lab") is not None) == found.lab
    part = found.lab_part
    if found.lab:
        assert part is not None
        for name in ("facts", "summarise", "findings", "plots", "tables"):
            assert callable(getattr(part, name))


def _report_args(game_id: str, tmp_path: Path, **given: object) -> argparse.Namespace:
    args = argparse.Namespace(
        game=game_id, games=2, workers=1, chunk=None, backend="pool", address=None,
        out=str(tmp_path), store=None, players=None, option=None, bots=None, html=None, seed=0,
    )  # fmt: skip
    for name, value in given.items():
        setattr(args, name, value)
    commands.check_report(args)
    return args


@pytest.mark.parametrize("game_id", [g for g in games() if spec(g).solo])
def test_a_solo_report_plays_every_declared_difficulty_easiest_first(
    game_id: str, tmp_path: Path
) -> None:
    declared = spec(game_id).difficulties
    assert declared, "a solo game declares its difficulties"
    groups = _report_args(game_id, tmp_path).plan.groups
    assert [(g.label, dict(g.given)) for g in groups] == [
        (d.label, dict(d.options)) for d in declared
    ]
    # A difficulty chosen with --option is the one reported.
    name, value = next((k, v) for d in declared for k, v in d.options.items())
    [group] = _report_args(game_id, tmp_path, option=[(name, value)]).plan.groups
    assert dict(group.given) == {name: value}


def test_the_report_follows_the_manifest_s_difficulties(tmp_path: Path) -> None:
    game_id = next(g for g in games() if spec(g).solo)
    original = spec(game_id)
    first = original.difficulties[0]
    declared = (Difficulty("probe: standard"), Difficulty("probe: first", first.options))
    register(dataclasses.replace(original, difficulties=declared))
    try:
        groups = _report_args(game_id, tmp_path).plan.groups
    finally:
        register(original)
    assert [(g.label, dict(g.given)) for g in groups] == [
        ("probe: standard", {}),
        ("probe: first", dict(first.options)),
    ]


@pytest.mark.parametrize("game_id", games())
def test_declared_difficulties_are_options_the_game_takes(game_id: str) -> None:
    found = spec(game_id)
    sets = [d.options for d in found.difficulties] + list(found.difficulty_options)
    if not found.solo:
        assert not sets  # difficulties are a solo game's
    for options in sets:
        game_class(game_id).new(1, 0, **options)  # InvalidOption if not


def test_lab_scaling_is_told_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="yuletide")
    add_lab_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["lab", "scaling"])
    assert "--game" in capsys.readouterr().err
    assert parser.parse_args(["lab", "scaling", "--game", PLAIN]).game == PLAIN
