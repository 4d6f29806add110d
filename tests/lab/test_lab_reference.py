"""The strong reference player (``hard``'s search at a fixed budget, no time cap): the
same game on every run, named ``reference`` in the lab's --bots, and a report section
comparing its balance figures with the bots'."""

from __future__ import annotations

from pathlib import Path

from tests.lab.kit import LabMain

from yuletide.lab import reference
from yuletide.lab.play import play_game


def test_the_reference_is_reproducible_and_is_hard_at_a_budget() -> None:
    seats = [reference.SPEC, "medium"]
    a = play_game("looney-lights", 2, {}, seats, 11)
    b = play_game("looney-lights", 2, {}, seats, 11)
    assert a == b  # no time cap: the machine's load cannot change its play
    assert reference.resolve(["reference", "medium"]) == [reference.SPEC, "medium"]


def test_a_report_compares_the_reference_with_the_bots(lab_main: LabMain, tmp_path: Path) -> None:
    code, out, err = lab_main(
        [
            "lab", "report", "looney-lights", "--players", "2", "--games", "4",
            "--reference", "3", "--quiet", "--store", str(tmp_path / "lab.sqlite3"),
            "--out", str(tmp_path),
        ]
    )  # fmt: skip
    assert code == 0, err
    text = (tmp_path / "looney-lights-report.html").read_text(encoding="utf-8")
    assert '<section id="reference"><h2>Strong reference player</h2>' in text
    assert "reference [95% CI]" in text and "median length (decisions)" in text
    code, out, err = lab_main(
        [
            "lab", "tournament", "looney-lights", "--players", "2", "--bots",
            "reference,medium", "--games", "2", "--quiet",
            "--store", str(tmp_path / "lab.sqlite3"), "--out", str(tmp_path),
        ]
    )  # fmt: skip
    assert code == 0, err
    assert "\n  reference " in out and "reference - medium:" in out  # its short name
