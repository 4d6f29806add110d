"""bench/hand_reading.py, the instrument behind docs/bots.md's reading of Christmas
Lights at 4 players: what the other seats' choices say of a seat's own hand. The
reading must see the seat's hand as it was at each choice, fit the heuristic it models,
and give worlds the seat cannot tell from its own. Tiny runs only."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import yuletide
from yuletide.bots import level_bot
from yuletide.bots.base import SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.main.bot import HeuristicBot

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "hand_reading.py"


@pytest.fixture(scope="module")
def reading() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hand_reading", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def _play(reading: ModuleType, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """A game between heuristics: seat 0's hand (kinds) before each event of its log,
    and at each of its decisions the choices read, the true state's figures with them."""
    state: Any = yuletide.new_game("christmas-lights", players=players, seed=seed)
    bots = [HeuristicBot(derive_seed(seed, s)) for s in range(players)]
    windows = [SeatWindow(state, s) for s in range(players)]
    before: list[list[int]] = []
    read: list[Any] = []
    for _ in range(4000):
        if state.outcome.over:
            break
        seat = next(s for s in range(players) if state.legal_actions(s))
        hand = [state.kinds[c] for c in state.hands[0]]
        if seat == 0:
            made = reading.choices(windows[0].events(), 0, len(hand))
            read.append((made, hand, [reading.unlikely(state, 0, c) for c in made]))
        state.apply(seat, bots[seat].act(windows[seat]))
        while len(before) < len(windows[0].events()):
            before.append(hand)
    assert state.outcome.over
    return before, read


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (3, 5), (2, 3)])
def test_each_choice_sees_the_hand_as_it_was_and_fits_the_heuristic(
    reading: ModuleType, players: int, seed: int
) -> None:
    """Each choice carries the seat's hand when it was made (the cards it still holds
    read from its hand now, the others as they were), and the true state, read as the
    heuristic (which made every choice here), seldom misfits one."""
    before, read = _play(reading, players, seed)
    count = misfit = 0
    kinds: set[str] = set()
    for made, hand, unlikely in read:
        for choice, miss in zip(made, unlikely, strict=True):
            then = [k if k >= 0 else hand[-1 - k] for k in choice.then]
            assert then == before[choice.at], choice
            count += 1
            misfit += miss
            kinds.add(choice.kind)
    assert count >= 20
    assert "swap" in kinds
    assert misfit <= 0.08 * count, f"the truth misfits {misfit} of {count} choices"


def test_the_belief_gives_worlds_the_seat_cannot_tell_from_its_own(reading: ModuleType) -> None:
    """Every world the belief draws shows the seat what the true state shows it, the
    same generator gives the same world, and `hard` with it plays a legal move."""
    state: Any = yuletide.new_game("christmas-lights", players=4, seed=7)
    bots = [HeuristicBot(s) for s in range(4)]
    windows = [SeatWindow(state, s) for s in range(4)]
    decisions = 0
    for _ in range(4000):
        seat = next(s for s in range(4) if state.legal_actions(s))
        window = windows[seat]
        if seat == 0 and len(state.legal_actions(0)) > 1 and state.log and decisions < 3:
            made = reading.choices(window.events(), 0, len(state.hands[0]))
            if made:
                sample = reading.belief(window)
                worlds = [sample(Rng(i)) for i in range(6)]
                for world in worlds:
                    assert world.view(0) == state.view(0)
                again = reading.belief(window)(Rng(3))
                assert again.hands == worlds[3].hands and again.kinds == worlds[3].kinds
                hard: Any = level_bot("hard", "christmas-lights", 1, iterations=12)
                hard.belief = reading.belief
                assert str(hard.act(window)) in {str(a) for a in state.legal_actions(0)}
                decisions += 1
        if decisions == 3:
            break
        state.apply(seat, bots[seat].act(window))
    assert decisions == 3


def test_measure_writes_its_cell(reading: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "reading.json"
    assert reading.main(["measure", "2", "1", "--worlds", "8", "--out", str(out)]) == 0
    summary = json.loads(out.read_text())["cells"]["christmas-lights/2p"]["summary"]
    assert summary["deals"] == 1 and summary["unknown cards"] > 0
    for chance in (*summary["P(true kind)"].values(), *summary["P(true commitment)"].values()):
        assert 0.0 <= chance <= 1.0
    with pytest.raises(SystemExit):
        reading.main(["measure", "5", "1", "--out", str(out)])
