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


@pytest.mark.parametrize(
    ("game", "players", "games"),
    [
        ("wheres-that-bulb", 2, 4),
        ("looney-lights", 4, 2),
        ("untangle", 2, 2),
        ("twinkling-lights", 4, 2),
    ],
)
def test_lookahead_shares_add_up(edges: ModuleType, game: str, players: int, games: int) -> None:
    result = edges.lookahead(game, players, games)
    assert result["games"] == games
    assert result["lookahead"] + result["medium"] == pytest.approx(2.0 / players)
    assert edges.main(["lookahead", game, str(players), "2"]) == 0


def test_lookahead_refuses_a_game_without_a_prior(edges: ModuleType) -> None:
    with pytest.raises(SystemExit, match="no lookahead prior"):
        edges.lookahead("blink", 2, 2)


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


def test_ctb_lookahead_shares_add_up(edges: ModuleType) -> None:
    """At 2 players the lookahead is the heuristic (the asked player is the only other
    one), so both chairs win alike; at 4 the shares still add up, alternate or alone."""
    two = edges.lookahead("check-the-box", 2, 4)
    assert two["games"] == 4 and two["lookahead"] == pytest.approx(two["medium"])
    four = edges.lookahead("check-the-box", 4, 2)
    assert four["lookahead"] + four["medium"] == pytest.approx(0.5)
    alone = edges.lookahead("check-the-box", 4, 4, alone=True)
    assert alone["games"] == 4 and alone["seating"] == "alone"
    assert alone["lookahead"] + 3 * alone["medium"] == pytest.approx(1.0)
    assert edges.main(["lookahead", "check-the-box", "4", "4", "alone"]) == 0


def test_ctb_ceiling_told_more_wins_more(edges: ModuleType) -> None:
    """Told every hand, the heuristic wins most of 10 games; both runs add up."""
    told = edges.ctb_ceiling(2, 10, everything=True)
    assert told["told_heuristic"] + told["medium"] == pytest.approx(1.0)
    assert told["told_heuristic"] > 0.5
    assert edges.main(["ctb-ceiling", "2", "2"]) == 0
