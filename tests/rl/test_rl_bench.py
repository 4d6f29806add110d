"""The RL side-by-side benchmark runs end to end on a tiny budget (no time is asserted)."""

from __future__ import annotations

import pytest

from yuletide.rl import bench

#: The games make bench passes (the benchmark's choice, not the games').
ISMCTS_GAMES = ("check-the-box", "looney-lights")


def test_wilson_interval() -> None:
    low, high = bench.wilson(20, 40)
    assert low < 0.5 < high and round(low, 3) == 0.352 and round(high, 3) == 0.648
    assert bench.wilson(0, 0) == (0.0, 1.0)
    assert bench.wilson(10, 10)[1] == 1.0


def test_bench_runs_and_returns_figures() -> None:
    pytest.importorskip("pyspiel")
    lines: list[str] = []
    figures = bench.run(
        seconds=0.05,
        iterations=3,
        positions=1,
        matches=1,
        match_iterations=3,
        games_=["looney-lights"],
        targets={"looney-lights": 1.0},
        batch_seconds=0.05,
        ismcts_games=ISMCTS_GAMES,
        head_to_head_game="check-the-box",
        out=lines.append,
    )
    ours = figures["envs"]["yuletide"]["looney-lights"]
    assert ours["steps"] > 0 and ours["steps_per_second"] > 0
    theirs = figures["envs"]["theirs"]
    if "rlcard_uno" in theirs:
        assert set(ours["targets"]) == {"1.5x poker", "1x uno"}
        assert theirs["rlcard_uno"]["steps_per_second"] > 0
    for size in ("8", "64"):
        assert figures["batches"]["looney-lights"][size]["steps_per_second"] > 0
    assert any("SyncVectorEnv" in line for line in lines)
    assert [r["game"] for r in figures["ismcts"]] == list(ISMCTS_GAMES)
    for r in figures["ismcts"]:
        assert r["ours_iterations_per_second"] > 0 and r["openspiel_iterations_per_second"] > 0
    h = figures["head_to_head"]
    assert h["games"] == 1 and h["ours_won"] + h["openspiel_won"] + h["shared_or_unfinished"] == 1
    assert any("looney-lights" in line for line in lines)
    assert any(line.startswith("Head to head") for line in lines)


def test_the_games_of_the_ismcts_parts_are_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = bench.build_parser().parse_args(
        ["out.json", "--ismcts-games", "check-the-box,looney-lights", "--head-to-head", "blink"]
    )
    assert args.json == "out.json" and args.head_to_head == "blink"
    assert args.ismcts_games == ("check-the-box", "looney-lights")
    with_targets = bench.build_parser().parse_args(["--targets", "looney-lights=1,blink=0.5"])
    assert with_targets.targets == {"looney-lights": 1.0, "blink": 0.5}
    none = bench.build_parser().parse_args([])
    assert none.json is None and none.ismcts_games == () and none.head_to_head is None
    with pytest.raises(SystemExit):
        bench.main(["--head-to-head", "no-such-game"])
    assert "no game 'no-such-game'" in capsys.readouterr().err


def test_without_games_the_ismcts_parts_are_skipped() -> None:
    lines: list[str] = []
    figures = bench.run(seconds=0.01, games_=["looney-lights"], batch_seconds=0, out=lines.append)
    assert "ismcts" not in figures and "head_to_head" not in figures
    assert any("no game given for the ISMCTS comparison" in line for line in lines)
