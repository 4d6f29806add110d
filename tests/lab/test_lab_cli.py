"""``yuletide lab``: the subcommands end to end, bad arguments (exit 2 before anything is
played), Ctrl-C (exit 130, and the next run resumes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.lab.kit import LabMain

from yuletide.lab import cli as lab_cli
from yuletide.lab import runner


def test_tournament_prints_rates_pairs_ratings_and_writes_raw_results(
    lab_main: LabMain, store_path: Path, tmp_path: Path
) -> None:
    args = ["lab", "tournament", "looney-lights", "--players", "2", "--bots", "random,medium"]
    args += ["--games", "6", "--store", str(store_path), "--out", str(tmp_path), "--quiet"]
    code, out, err = lab_main(args)
    assert code == 0, err
    assert "6 deals x 1 line-up x up to 2 rotations = 12 games (12 played now" in out
    assert "win rate [95% CI]" in out and "random - medium:" in out
    assert "seat advantage (each bot in each seat)" in out
    raw = sorted(p.name for p in tmp_path.glob("looney-lights-tournament-*"))
    assert len(raw) == 2 and raw[0].endswith(".csv") and raw[1].endswith(".json")
    code, out, _ = lab_main([*args, "--json"])
    summary = json.loads(out)
    assert summary["kind"] == "tournament" and summary["games"] == 12
    assert [r["bot"] for r in summary["ratings"]] and summary["raw"]["csv"].endswith(".csv")
    code, out, _ = lab_main(["lab", "runs", "--store", str(store_path)])
    assert code == 0 and "12 games stored, 1 run\n" in out and "tournament" in out


def test_compare_prints_paired_differences(
    lab_main: LabMain, store_path: Path, tmp_path: Path
) -> None:
    code, out, err = lab_main(
        [
            "lab", "compare", "deck-the-yard", "--variant", "difficulty=normal",
            "--variant", "difficulty=heroic", "--games", "8", "--store", str(store_path),
            "--out", str(tmp_path), "--quiet",
        ]
    )  # fmt: skip
    assert code == 0, err
    assert "2 variants x 8 deals, 1 player, bots medium" in out
    assert "differences from 'difficulty=normal', paired by deal" in out
    assert "difficulty=heroic: seat 0 wins" in out
    assert "the same on every deal: length" in out


def test_report_writes_the_html(lab_main: LabMain, store_path: Path, tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    code, out, err = lab_main(
        [
            "lab", "report", "blink", "--players", "2", "--bots", "random", "--games", "5",
            "--store", str(store_path), "--out", str(tmp_path), "--html", str(html), "--quiet",
        ]
    )  # fmt: skip
    assert code == 0, err
    assert f"report: {html}" in out and html.read_text().startswith("<!DOCTYPE html>")
    assert "  - 2 players: " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tournament", "looney-lights", "--bots", "random", "--games", "3"], "two different bots"),
        (["tournament", "looney-lights", "--bots", "random,easy", "--games", "0"],
         "--games must be at least 1"),
        (["tournament", "looney-lights", "--bots", "random,genius"], "no bot 'genius'"),
        (["compare", "looney-lights", "--variant", "broken=3"], "has no option 'broken'"),
        (["compare", "looney-lights", "--variant", "hard"], "a variant is name=value pairs"),
        (["compare", "looney-lights", "--variant", "turn_limit=5", "--workers", "0"],
         "--workers must be at least 1"),
        (["compare", "looney-lights", "--variant", "turn_limit=5", "--address", "auto"],
         "--address is for --backend ray"),
        (["report", "looney-lights", "--players", "9"], "for 2 to 6 players"),
        (["report", "looney-lights", "--out", "/no/such/dir"], "there is no directory"),
        (["report", "no-such-game"], "no game 'no-such-game'"),
    ],
)  # fmt: skip
def test_bad_arguments_exit_2_before_playing(
    lab_main: LabMain, store_path: Path, argv: list[str], message: str
) -> None:
    code, out, err = lab_main(["lab", *argv, "--store", str(store_path)])
    assert code == 2 and out == ""
    assert err.startswith("usage: yuletide lab ") and message in err
    assert not store_path.exists()  # nothing was played, nothing was stored


def test_bad_player_counts_are_a_usage_error(lab_main: LabMain) -> None:
    code, _, err = lab_main(["lab", "report", "blink", "--players", "two"])
    assert code == 2 and "player counts are whole numbers" in err


def test_ctrl_c_exits_130_and_the_next_run_resumes(
    lab_main: LabMain, store_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.backends.run
    calls = {"n": 0}

    def interrupted(backend, chunks, on_results, **kw):  # type: ignore[no-untyped-def]
        def stop_after_two(results):  # type: ignore[no-untyped-def]
            on_results(results)
            calls["n"] += 1
            if calls["n"] == 2:
                raise KeyboardInterrupt

        return real(backend, chunks, stop_after_two, **kw)

    monkeypatch.setattr(runner.backends, "run", interrupted)
    args = ["lab", "report", "looney-lights", "--players", "2", "--bots", "random"]
    args += ["--games", "10", "--chunk", "2", "--store", str(store_path), "--out", str(tmp_path)]
    code, out, err = lab_main([*args, "--quiet"])
    assert code == 130
    # Results come game by game: the two games handed on before Ctrl-C are stored.
    assert "interrupted: 2 of 10 games are stored" in err and "run the same command again" in err
    monkeypatch.setattr(runner.backends, "run", real)
    code, out, err = lab_main(args)  # with the plain progress line this time
    assert code == 0
    assert "(8 played now, 2 from the store)" in out
    assert "2 of 10 games already stored; playing the rest" in err
    assert "10/10 games (100%)" in err


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")

    monkeypatch.setattr(lab_cli.importlib, "import_module", missing)
    with pytest.raises(ValueError, match=r"the lab needs the \[lab\] extra"):
        lab_cli._commands()
