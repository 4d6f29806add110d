"""bench/calibration.py, the measurement behind docs/hints.md's calibration figures: a
tiny run end to end (the script as a user runs it), its tables and plots, and the
premise of its two passes (evaluating a position does not change the game)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from yuletide.core.rng import Rng, derive_seed
from yuletide.sim.match import play_match

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "calibration.py"


@pytest.fixture(scope="module")
def calibration() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibration", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_quick_run_writes_figures_tables_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "calibration.json"
    run = [sys.executable, str(SCRIPT), "--out", str(out)]
    done = subprocess.run(
        [*run, "--quick", "check-the-box", "solo-lights"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "check-the-box: 12 positions" in done.stdout
    data = json.loads(out.read_text())["games"]
    assert set(data) == {"check-the-box", "solo-lights"}
    box = data["check-the-box"]
    assert box["positions"] == 12 == len(box["rows"])
    assert (
        box["players"] == [2, 3, 4] and box["naive"] == "the sample's win rate at each player count"
    )
    assert sum(b["count"] for b in box["reliability"]) == 12
    assert all(0 <= r[3] <= 1 and r[5] in (0, 0.5, 1, 1 / 3, 0.25) for r in box["rows"])
    assert data["solo-lights"]["naive"].startswith("the sample's win rate")
    table = subprocess.run([*run, "--markdown"], capture_output=True, text=True, check=True)
    assert "| Check the Box | 12 (3) | 2, 3, 4 | 16 |" in table.stdout
    assert "**Solo Lights**: forecast bin" in table.stdout
    plots = tmp_path / "plots"
    subprocess.run([*run, "--plot", str(plots)], check=True)
    assert (plots / "calibration-check-the-box.svg").read_text().startswith("<svg")


def test_bad_options_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    for args, message in [
        (["no-such-game"], "no game no-such-game; games: "),
        (["--positions", "0", "blink"], "--positions must be a whole number >= 1"),
    ]:
        done = subprocess.run(
            [sys.executable, str(SCRIPT), "--out", str(out), *args],
            check=False,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2 and message in done.stderr
    assert not out.exists()


def test_evaluating_positions_leaves_the_game_unchanged(calibration: ModuleType) -> None:
    """The second pass (evaluations at the drawn decisions) plays the first pass's game."""
    seed = derive_seed(2026, 1)
    levels = calibration._table("looney-lights", 3, seed)
    plain = calibration._bots("looney-lights", levels, seed, [set(), set(), set()], 8)
    first = play_match("looney-lights", plain, seed)
    every = [set(range(bot.decisions)) for bot in plain]
    sampling = calibration._bots("looney-lights", levels, seed, every, 8)
    second = play_match("looney-lights", sampling, seed)
    assert second.record == first.record
    assert [len(b.found) for b in sampling] == [b.decisions for b in plain]


def test_every_seat_is_drawn_as_often(calibration: ModuleType) -> None:
    """The sample's win rate is 1/players: the seats are drawn in turn, however many
    decisions each had (drawing among all decisions favours the seat deciding more)."""
    chosen = calibration._draw([40, 3, 12], 9, Rng(5))
    assert [len(c) for c in chosen] == [3, 3, 3]
    assert chosen[1] == {0, 1, 2} and all(i < 40 for i in chosen[0])
    short = calibration._draw([1, 0, 2], 9, Rng(5))
    assert [len(c) for c in short] == [1, 0, 2]


def test_the_rough_games_are_those_the_calibration_found_rough() -> None:
    """A game's manifest says its chances are rough (hints and reviews then say them in
    tens and call them rough) exactly where bench/calibration.json's verdict is rough."""
    from yuletide.core.registry import games, spec

    measured = json.loads((SCRIPT.parent / "calibration.json").read_text())["games"]
    assert set(measured) == set(games()), "every game's calibration is measured"
    for game, summary in measured.items():
        assert spec(game).hard.rough == (summary["verdict"] == "rough"), game
