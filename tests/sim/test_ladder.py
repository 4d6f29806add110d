"""The strength ladder script (yuletide.sim.ladder): seatings, deals, a small run, its
resume, and the refusals. It plays tiny budgets only: the real figures are a script's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yuletide.sim.ladder import Cell, main, player_counts


def test_seatings_alternate_and_rotate() -> None:
    two = Cell("looney-lights", 2, (), ("hard", "medium"), 200)
    assert two.seatings() == [("hard", "medium"), ("medium", "hard")]
    assert two.deals() == 100
    four = Cell("blink", 4, (), ("a", "b"), 200)
    assert four.seatings() == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    three = Cell("christmas-story", 3, (), ("a", "b"), 200)
    seatings = three.seatings()
    assert len(seatings) == 6  # ABA and BAB, each in 3 rotations: every seat, both bots
    for seat in range(3):
        assert {s[seat] for s in seatings} == {"a", "b"}
    assert three.deals() == 34  # 34 deals x 6 seatings >= 200 games


def test_player_counts_are_2_and_4_or_the_nearest_allowed() -> None:
    assert player_counts("looney-lights") == [2, 4]
    assert player_counts("christmas-story") == [3, 4]
    assert player_counts("lights-on") == [4]
    assert player_counts("solo-lights") == [1]


def test_a_small_run_resumes_and_prints_its_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    args = ["--game", "looney-lights", "--players", "2", "--games", "4", "--hard-iterations", "2"]
    assert main([*args, "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    cells = data["cells"]
    assert set(cells) == {
        "looney-lights/2p//hard-vs-medium",
        "looney-lights/2p//medium-vs-random",
    }
    for entry in cells.values():
        summary = entry["summary"]
        assert summary["games"] == 4 and summary["deals"] == 2
        for result in summary["results"].values():
            assert result["seats"] == 4
            lo, hi = result["ci95"]
            assert 0.0 <= lo <= result["win_rate"] <= hi <= 1.0
    runs = {key: entry["runs"] for key, entry in cells.items()}
    # resume: nothing left to play, the deals are kept as they were, the tables printed
    assert main([*args, "--out", str(out), "--resume", "--markdown"]) == 0
    again = json.loads(out.read_text())["cells"]
    assert {key: entry["runs"] for key, entry in again.items()} == runs
    printed = capsys.readouterr()
    assert "0 deals to play" in printed.err
    assert "| looney-lights | 2 | hard vs medium |" in printed.out
    # a larger count extends the cells: the deals played are kept, one more is played
    more = ["--game", "looney-lights", "--players", "2", "--games", "6", "--hard-iterations", "2"]
    assert main([*more, "--out", str(out), "--resume"]) == 0
    extended = json.loads(out.read_text())
    assert extended["settings"]["games"] == 4  # the counts it was started with
    for key, entry in extended["cells"].items():
        assert entry["runs"][:2] == runs[key]
        assert [r["deal"] for r in entry["runs"]] == [0, 1, 2]
        assert entry["summary"]["games"] == 6
    # other settings in the same file are refused, not mixed
    with pytest.raises(SystemExit, match=r"other settings \(seed=2026, hard_iterations=2"):
        main([*args[:-1], "3", "--out", str(out), "--resume"])


def test_solo_cells_by_level(tmp_path: Path) -> None:
    out = tmp_path / "solo.json"
    args = ["--game", "deck-the-yard", "--solo-games", "2", "--solo-level", "random"]
    assert main([*args, "--solo-level", "medium", "--out", str(out)]) == 0
    cells = json.loads(out.read_text())["cells"]
    assert sorted(cells) == [
        f'deck-the-yard/1p/difficulty="{d}"/{level}'
        for d in ("hard", "heroic", "normal")
        for level in ("medium", "random")
    ]
    assert all(entry["summary"]["games"] == 2 for entry in cells.values())


def test_refusals() -> None:
    with pytest.raises(SystemExit, match="no cell at 5 players"):
        main(["--game", "lights-on", "--players", "5", "--out", "unused.json"])
    with pytest.raises(SystemExit):
        main(["--games", "0"])
    with pytest.raises(SystemExit, match="no game 'nope'; games: blink"):
        main(["--game", "nope"])
