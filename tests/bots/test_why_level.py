"""bench/why_level.py, the instrument behind docs/bots.md's "Why `hard` is level": each
measurement plays the ladder's deals and writes its cell. Tiny runs only."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from yuletide.bots import ladder

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "why_level.py"


@pytest.fixture
def why_level(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setattr(ladder, "_bot", ladder._bot)  # the script replaces it; put it back
    spec = importlib.util.spec_from_file_location("why_level", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_measurement_writes_its_cell(why_level: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "why.json"
    assert why_level.main(["oracle", "looney-lights", "2", "1", "--out", str(out)]) == 0
    assert why_level.main(["hands", "check-the-box", "2", "1", "--out", str(out)]) == 0
    assert why_level.main(["race", "blink", "2", "1", "--mean", "0.5", "--out", str(out)]) == 0
    assert why_level.main(["depart", "looney-lights", "2", "1", "--out", str(out)]) == 0
    cells = json.loads(out.read_text())["cells"]
    assert set(cells) == {
        "looney-lights/2p//oracle-vs-medium",
        "check-the-box/2p//oracle-vs-medium@hands",
        "blink/2p//fast-vs-medium@0.5",
        "looney-lights/2p//hard-vs-medium",
    }
    for entry in cells.values():
        assert entry["summary"]["games"] == 2  # one deal in both seatings
    depart = cells["looney-lights/2p//hard-vs-medium"]
    assert 0 <= depart["departures"] <= depart["decisions"] > 0


def test_the_hands_oracle_knows_the_hands_and_not_the_deck(why_level: ModuleType) -> None:
    import yuletide
    from yuletide.core.rng import Rng

    state = yuletide.new_game("looney-lights", players=3, seed=4)
    window = why_level._TrueHands(state, 0)
    orders = set()
    for i in range(6):
        world = window.determinize(Rng(i))
        assert world.hands == state.hands
        assert sorted(world.deck) == sorted(state.deck)
        orders.add(tuple(world.deck))
    assert len(orders) > 1  # the deck's order is still drawn afresh
