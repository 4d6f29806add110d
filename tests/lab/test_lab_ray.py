"""The Ray backend on a small local Ray (one ``ray.init`` for the module): the same
results as the process pool for the same seeds, interruption, the scaling measurement.
Skipped, loudly, only where Ray cannot be installed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.lab.kit import LabMain, StopAfter

from yuletide.lab.plan import compare_plan, parse_variant, tournament_plan
from yuletide.lab.runner import run_plan
from yuletide.lab.scaling import measure
from yuletide.lab.store import Store

pytestmark = pytest.mark.xdist_group("ray")

try:
    import ray
except ImportError as err:  # pragma: no cover - the dev extra installs Ray
    pytest.skip(
        f"RAY NOT AVAILABLE: the Ray backend is untested here ({err}); pip install 'yuletide[ray]'",
        allow_module_level=True,
    )


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # STACK.md section 6: no token file
    options = {"num_cpus": 2, "include_dashboard": False, "log_to_driver": False}
    try:
        ray.init(**options, logging_level="WARNING")
    except Exception as err:  # Ray waits 30 s for its raylet: too little on a loaded machine
        if "timed out during startup" not in str(err):
            raise
        ray.shutdown()
        ray.init(**options, logging_level="WARNING")
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_pool_s_results(tmp_path: Path) -> None:
    plan = tournament_plan("looney-lights", 3, ["random", "easy", "medium"], 3, seed=2)
    with Store(tmp_path / "pool.sqlite3") as store:
        pool = run_plan(plan, store)
    with Store(tmp_path / "ray.sqlite3") as store:
        remote = run_plan(plan, store, backend="ray", workers=2, chunk=2)
    assert remote.results == pool.results and remote.played == len(plan.tasks)
    assert ray.is_initialized()  # an instance the lab did not start is left running

    def advance(self, n: int) -> None:
        self.done += n
        if self.done >= self.n:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass


def test_an_interrupted_ray_run_resumes(tmp_path: Path) -> None:
    plan = compare_plan(
        "blink", 2, [parse_variant("turn_limit=1000"), parse_variant("match=true")], ["random"], 8
    )
    path = tmp_path / "lab.sqlite3"
    with Store(path) as store, pytest.raises(KeyboardInterrupt):
        run_plan(plan, store, backend="ray", chunk=1, progress=StopAfter(3))
    with Store(path) as store:
        again = run_plan(plan, store, backend="ray", chunk=1)
        assert again.reused >= 3 and again.reused + again.played == len(plan.tasks)
    with Store(tmp_path / "whole.sqlite3") as store:
        assert run_plan(plan, store).results == again.results


def test_the_command_line_runs_on_ray(lab_main: LabMain, tmp_path: Path) -> None:
    code, out, err = lab_main(
        [
            "lab", "tournament", "blink", "--players", "2", "--bots", "random,medium",
            "--games", "3", "--backend", "ray", "--workers", "2", "--quiet",
            "--store", str(tmp_path / "lab.sqlite3"), "--out", str(tmp_path),
        ]
    )  # fmt: skip
    assert code == 0, err
    assert "= 6 games (6 played now" in out


def test_the_scaling_measurement_checks_every_backend() -> None:
    result = measure(
        "blink",
        players=2,
        bots=["random"],
        games=12,
        chunk=3,
        workers=(1, 2),
        backends=("pool", "ray"),
        overhead_tasks=10,
    )
    rows = result["rows"]
    assert [(r["backend"], r["workers"]) for r in rows] == [
        ("inline", 1), ("pool", 1), ("pool", 2), ("ray", 1), ("ray", 2)
    ]  # fmt: skip
    assert all(r["identical"] for r in rows)
    assert all(r["games_per_s"] > 0 for r in rows)
    assert rows[1]["overhead_ms_per_task"] > 0 and rows[3]["overhead_ms_per_task"] > 0
    assert rows[2]["efficiency"] is not None
