"""The ``yuletide`` command line: list, simulate, bench (play and replay: test_terminal)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from yuletide.cli import main


def test_list_names_games_players_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "looney-lights" in out and "2-6 players" in out
    assert "--option turn_limit=1000" in out
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["id"] for d in data} >= {"looney-lights", "wheres-that-bulb"}


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "looney-lights", "--games", "30", "--players", "4", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 30 and len(report["seats"]) == 4
    assert {"win_rate", "ci95"} <= set(report["seats"][0])
    for key in ("length_mean", "length_median", "unfinished_rate", "games_per_second"):
        assert key in report


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "wheres-that-bulb", "--games", "5", "--players", "2", "--seed", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "seat 0 (random): win rate" in out and "95% CI" in out
    assert "unfinished rate" in out and "games/s" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "nope", "--players", "2"], "no game 'nope'"),
        (["simulate", "looney-lights", "--players", "9"], "2 to 6 players"),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "turn_limit=-1"],
            "option 'turn_limit' must be a whole number >= 1",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "colour=red"],
            "has no option 'colour'",
        ),
    ],
)
def test_bad_input_exits_2_with_the_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_bench_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    args = ["bench", "--seconds", "0.05", "--game", "looney-lights", "--json", str(out)]
    assert main(args) == 0
    data = json.loads(out.read_text())
    assert [r["players"] for r in data["rows"]] == [2, 3, 4, 5, 6]
    assert all(r["decisions_per_second"] > 0 for r in data["rows"])
    assert "decisions/s" in capsys.readouterr().out


def test_simulate_command_in_a_real_process() -> None:
    """The acceptance command of the Foundation issue, run as a user would."""
    for game in ("looney-lights", "wheres-that-bulb"):
        argv = ["simulate", game, "--games", "20", "--players", "4", "--json"]
        proc = subprocess.run(
            [sys.executable, "-m", "yuletide.cli", *argv],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(proc.stdout)["finished_rate"] > 0


def test_play_accepts_reaction_and_time_limit_for_real_time_games(tmp_path: Path) -> None:
    """`yuletide play` passes --reaction / --time-limit on to real-time terminal play."""
    save = tmp_path / "rn.json"
    argv = ["play", "reindeers-nose", "--players", "4", "--seed", "3", "--save", str(save)]
    argv += ["--reaction", "2:0.5", "--time-limit", "30"]
    proc = subprocess.run(
        [sys.executable, "-m", "yuletide.cli", *argv],
        input="q\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert save.exists()
    bad = subprocess.run(
        [sys.executable, "-m", "yuletide.cli", "play", "reindeers-nose", "--reaction", "fast"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "a reaction time is MEAN[:SPREAD[:DIST]]" in bad.stderr
