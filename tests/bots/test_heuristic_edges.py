"""bench/heuristic_edges.py, the instrument behind docs/bots.md's figures on Where's That
Bulb?'s lookahead and Check the Box's weights. Tiny runs only."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "heuristic_edges.py"


@pytest.fixture
def edges() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heuristic_edges", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wtb_lookahead_shares_add_up(edges: ModuleType) -> None:
    result = edges.wtb_lookahead(2, 4)
    assert result["games"] == 4
    assert result["lookahead"] + result["medium"] == pytest.approx(1.0)


def test_wtb_decision_values_passes(edges: ModuleType) -> None:
    result = edges.wtb_decision(1, 3)
    assert result["decisions"]
    for row in result["decisions"]:
        assert -1.0 <= row["mean"] <= 1.0 and row["error"] >= 0.0


def test_ctb_weights_at_the_heuristic_own_are_the_heuristic(edges: ModuleType) -> None:
    """With the heuristic's own weights and no cost, the variant plays the heuristic's
    moves: every game is the same from both chairs, so the shares are equal."""
    result = edges.ctb_weights(2, 6, 2.0, 0.6, 0.0)
    assert result["variant"] == pytest.approx(result["medium"])
    assert edges.main(["ctb-weights", "2", "2", "3", "0.6", "1"]) == 0
