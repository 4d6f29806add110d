"""The load benchmark (yuletide.server.loadtest, `make bench-server`) runs end to end.

A smoke run only: two tables for three seconds against a real `yuletide serve`
subprocess and a client process. It checks that the run works and prints its figures,
never how fast anything was (the benchmark is measured by hand, not asserted).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from yuletide.server import loadtest

#: The game the load runs play (the benchmark's choice: make bench-server passes it).
GAME = "looney-lights"


def test_a_tiny_load_run_prints_its_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "load.json"
    argv = ["--game", GAME, "--tables", "2", "--duration", "3", "--ramp", "0", "--settle",
            "0.5", "--bot-delay", "0.05", "--think", "0.05", "--json", str(out)]  # fmt: skip
    assert loadtest.main(argv) == 0
    printed = capsys.readouterr().out
    for heading in ("act/s", "act→ack ms p50/p95/p99", "act→update", "RSS base/peak", "KiB/tbl"):
        assert heading in printed
    run = json.loads(out.read_text())["runs"][0]
    assert run["tables"] == 2 and run["clients"] == 8
    assert run["tables_created"] == 2 and run["tables_up"] == 2
    # Bots act every 50 ms, so three seconds see actions, acks and their latencies.
    assert run["actions_per_s"] > 0 and run["frames_per_s"] > 0
    assert run["ack_ms"]["n"] > 0 and run["ack_ms"]["p99"] is not None
    assert run["update_ms"]["n"] > 0
    assert run["connection_failures"] == {} and run["version_gaps"] == 0
    assert run["errors"] == {}
    assert run["server_survived"] and run["server_log_problems"] == 0
    assert run["server_rss_peak_mib"] >= run["server_rss_base_mib"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["--host", "10.1.2.3"],
        ["--host", "localhost"],
        ["--tables", "5001"],
        ["--tables", "0"],
        ["--duration", "601"],
        ["--ramp", "301"],
        ["--clients-per-table", "17"],
        ["--sweep", "1,2,3,4,5,6,7,8,9"],
        ["--db", "postgresql+psycopg://u@db.example.org/x"],
        ["--game", "no-such-game"],
        ["--players", "7"],
        ["--bot", "no-such-bot"],
        ["--servers", "2"],
        ["--servers", "5", "--redis", "redis://127.0.0.1:6379/0"],
        ["--servers", "0"],
        ["--servers", "2", "--redis", "redis://cache.example.org:6379/0"],
    ],
)
def test_unbounded_or_non_local_runs_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert loadtest.main(["--game", GAME, *argv]) == 2  # a later --game wins
    assert "loadtest: error:" in capsys.readouterr().err


def test_two_servers_scale_out_over_redis(
    tmp_path: Path, pg_url: str, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--servers 2: two `yuletide serve` processes on one PostgreSQL, over Redis."""
    out = tmp_path / "load.json"
    argv = ["--game", GAME, "--tables", "4", "--duration", "3", "--ramp", "0", "--settle",
            "0.5", "--bot-delay", "0.05", "--think", "0.05", "--db", pg_url, "--servers", "2",
            "--redis", redis_url, "--json", str(out)]  # fmt: skip
    assert loadtest.main(argv) == 0
    assert "2 server processes over Redis" in capsys.readouterr().out
    run = json.loads(out.read_text())["runs"][0]
    assert run["servers"] == 2 and run["client_procs"] == 2
    assert run["tables_up"] == 4 and run["live_tables_max"] >= 4  # rematches add tables
    assert run["update_ms"]["n"] > 0 and run["errors"] == {}
    assert run["connection_failures"] == {} and run["version_gaps"] == 0
    assert run["server_survived"] and run["server_log_problems"] == 0


def test_the_game_is_an_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        loadtest.main(["--tables", "2"])
    assert exit_.value.code == 2
    assert "--game" in capsys.readouterr().err


def test_percentiles_are_nearest_rank() -> None:
    values = [float(x) for x in range(1, 101)]
    assert loadtest.percentile(values, 50) == 50.0
    assert loadtest.percentile(values, 99) == 99.0
    assert loadtest.percentile([7.0], 99) == 7.0
    assert loadtest.percentile([], 50) is None


def test_a_sweep_reports_the_largest_table_count_under_the_goal() -> None:
    def run(n: int, p99: float, failures: dict[str, int] | None = None) -> dict[str, Any]:
        return {
            "tables": n,
            "update_ms": {"p99": p99},
            "connection_failures": failures or {},
            "server_survived": True,
        }

    runs = [run(50, 20.0), run(100, 60.0), run(200, 99.0, {"connect:OSError": 1}), run(500, 150.0)]
    assert loadtest.largest_ok(runs, 100.0) == 100
    assert loadtest.largest_ok(runs[3:], 100.0) is None
    # A run in which not every table came up does not count either.
    assert loadtest.largest_ok([run(50, 20.0), {**run(100, 30.0), "tables_up": 99}], 100.0) == 50
