"""The worked training example (examples/train_maskable_ppo.py) on a tiny budget: it
starts, trains a few hundred steps, evaluates against the levels, saves the policy and
loads it back, so the example docs/rl.md quotes never rots."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def _example():
    pytest.importorskip("sb3_contrib")
    found = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("game", "extra"), [("christmas-story", ["--players", "3"]), ("solo-lights", [])]
)
def test_the_example_trains_evaluates_saves_and_reloads(
    game: str, extra: list[str], tmp_path: Path
) -> None:
    example = _example()
    out = tmp_path / "model.zip"
    argv = [
        "--game", game, *extra, "--steps", "256", "--n-envs", "2", "--n-steps", "64",
        "--batch-size", "64", "--eval-every", "128", "--eval-games", "3",
        "--eval-against", "random,medium", "--out", str(out),
    ]  # fmt: skip
    assert example.main(argv) == 0
    assert out.exists()
    result = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert [row["steps"] for row in result["curve"]] == [0, 128, 256]
    keys = ["solo"] if game == "solo-lights" else ["random", "medium"]
    for key in keys:
        last = result["curve"][-1][key]
        assert 0.0 <= last["win_rate"] <= 1.0 and last["games"] == 3
        assert result["reloaded"][key]["games"] == 3
    assert result["cpu_seconds"] > 0


def test_the_example_grows_a_pool_of_snapshots_for_self_play(tmp_path: Path) -> None:
    example = _example()
    out = tmp_path / "model.zip"
    argv = [
        "--game", "check-the-box", "--players", "2", "--steps", "256", "--n-envs", "2",
        "--n-steps", "64", "--batch-size", "64", "--eval-every", "256", "--eval-games", "2",
        "--eval-against", "random", "--self-play", "128", "--out", str(out),
    ]  # fmt: skip
    assert example.main(argv) == 0
    result = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert result["snapshots"] == 2
    assert len(list(tmp_path.glob("model-snapshot-*.zip"))) == 2
