"""Running plans: the store (resume after an interruption, reuse by a bigger run, fresh
runs), the process pool (the same results whatever the worker count) and the raw
export."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from tests.lab.kit import StopAfter

from yuletide.lab import backends
from yuletide.lab.export import write_raw
from yuletide.lab.plan import report_plan, tournament_plan
from yuletide.lab.progress import Plain, Rich, eta_text
from yuletide.lab.runner import run_plan
from yuletide.lab.store import Store, default_path


def test_results_do_not_depend_on_the_worker_count(store_path: Path, tmp_path: Path) -> None:
    plan = tournament_plan("looney-lights", 2, ["random", "easy", "medium"], 4, seed=3)
    with Store(store_path) as store:
        one = run_plan(plan, store)
    with Store(tmp_path / "other.sqlite3") as store:
        two = run_plan(plan, store, workers=2, chunk=3)
    assert one.results == two.results
    assert one.played == two.played == len(plan.tasks)


def test_an_interrupted_run_resumes_where_it_stopped(store_path: Path, tmp_path: Path) -> None:
    plan = report_plan("wheres-that-bulb", [2, 3], ["random"], 10, seed=1)
    with Store(store_path) as store, pytest.raises(KeyboardInterrupt):
        run_plan(plan, store, progress=StopAfter(7), chunk=2)
    with Store(store_path) as store:
        stored = len(store.get([t.key for t in plan.tasks]))
        assert 7 <= stored < len(plan.tasks)  # what was played is kept
        again = run_plan(plan, store)
        assert again.reused == stored and again.played == len(plan.tasks) - stored
    with Store(tmp_path / "whole.sqlite3") as store:
        whole = run_plan(plan, store)
    assert again.results == whole.results


def test_ctrl_c_stops_a_pool_and_keeps_what_is_done(store_path: Path) -> None:
    plan = report_plan("looney-lights", [2], ["random"], 24, seed=2)
    with Store(store_path) as store, pytest.raises(KeyboardInterrupt):
        run_plan(plan, store, workers=2, chunk=2, progress=StopAfter(4))
    with Store(store_path) as store:
        assert 4 <= len(store.get([t.key for t in plan.tasks])) < 24


class Steps(StopAfter):
    """StopAfter that also keeps each step the progress display was given."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.steps: list[int] = []

    def advance(self, n: int) -> None:
        self.steps.append(n)
        super().advance(n)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_in_the_first_chunk_keeps_every_finished_game(
    store_path: Path, workers: int
) -> None:
    """Results come game by game, even inside a 12-game chunk: the progress moves one
    game at a time, and Ctrl-C in the first chunk keeps the games already finished
    (the workers finish the game in play, and those are kept too)."""
    plan = report_plan("looney-lights", [2], ["random"], 24, seed=3)
    steps = Steps(3)
    with Store(store_path) as store, pytest.raises(KeyboardInterrupt):
        run_plan(plan, store, workers=workers, chunk=12, progress=steps)
    assert set(steps.steps) == {1}
    with Store(store_path) as store:
        assert 3 <= len(store.get([t.key for t in plan.tasks])) < 24


def test_a_bigger_run_reuses_the_smaller_one_and_fresh_plays_again(store_path: Path) -> None:
    small = report_plan("blink", [2], ["random"], 5)
    big = report_plan("blink", [2], ["random"], 8)
    with Store(store_path) as store:
        first = run_plan(small, store)
        second = run_plan(big, store)
        assert second.reused == 5 and second.played == 3
        assert second.results[:5] == first.results
        fresh = run_plan(small, store, fresh=True)
        assert fresh.played == 5 and fresh.results == first.results
        runs = list(store.runs())
        assert {r["key"] for r in runs} == {small.key, big.key}
        assert store.count() == 8


def test_the_store_refuses_what_it_cannot_use(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is a directory"):
        Store(tmp_path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ValueError, match="not a lab store"):
        Store(junk)
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(ValueError, match="schema 99"):
        Store(newer)


def test_default_store_is_in_the_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "yuletide" / "lab.sqlite3"


def test_raw_export_has_every_game(tmp_path: Path, store_path: Path) -> None:
    plan = tournament_plan("jolly-christmas", 2, ["random", "medium"], 2)
    with Store(store_path) as store:
        outcomes = run_plan(plan, store)
    json_path, csv_path = write_raw(tmp_path, "x", plan, outcomes.results)
    data = json.loads(json_path.read_text())
    assert data["format"] == "yuletide-lab" and data["run"] == plan.key
    assert len(data["games"]) == len(plan.tasks) == 4
    game: dict[str, Any] = data["games"][0]
    assert {"deal", "seed", "seats", "winners", "scores", "decisions", "facts"} <= set(game)
    assert len(game["facts"]["toppers"]) == 2
    with csv_path.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4
    assert {rows[0]["bot_0"], rows[0]["bot_1"]} == {"random", "medium"}
    assert sum(int(r["win_0"]) + int(r["win_1"]) for r in rows) >= 4
    with pytest.raises(ValueError, match="cannot write"):
        write_raw(tmp_path / "missing", "x", plan, outcomes.results)


def test_backends_refuse_what_they_do_not_know() -> None:
    with pytest.raises(ValueError, match="no backend 'spark'"):
        backends.run("spark", [], lambda r: None)
    with pytest.raises(ValueError, match="--address is for --backend ray"):
        backends.run("pool", [], lambda r: None, address="auto")
    assert backends.chunk_size(1000, 2) == 16
    assert backends.chunk_size(10, 2) == 1


def test_plain_progress_shows_count_rate_and_eta(tmp_path: Path) -> None:
    with (tmp_path / "progress.txt").open("w+") as out:
        bar = Plain("looney-lights report", out)
        bar.start(10, 4)
        bar.advance(6)
        bar.close()
        out.seek(0)
        text = out.read()
    assert "4 of 10 games already stored" in text
    assert "10/10 games (100%)" in text and "ETA 0:00:00" in text
    assert eta_text(3725) == "1:02:05" and eta_text(float("nan")) == "-:--:--"


def test_rich_progress_shows_count_and_eta() -> None:
    import io

    from rich.console import Console

    out = io.StringIO()
    bar = Rich(
        "blink report", console=Console(file=out, force_terminal=True, color_system=None, width=120)
    )
    bar.start(10, 4)
    bar.advance(6)
    bar.close()
    text = out.getvalue()
    assert "4 of 10 games already stored" in text
    assert "10/10" in text and "ETA" in text and "games/s" in text


def test_the_side_by_side_scaling_run_alternates_and_says_where_time_went() -> None:
    from yuletide.lab.scaling import alternate

    side = alternate("blink", players=2, bots=["random"], games=12, chunk=3, rounds=2)
    assert [(r["round"], r["workers"]) for r in side["runs"]] == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert len(side["efficiency_per_round"]) == 2
    assert all(r["wall_s"] > 0 and r["parent_cpu_s"] >= 0 for r in side["runs"])
