"""bench/why_level.py, the instrument behind docs/bots.md's "Why `hard` is level": each
measurement plays the ladder's deals and writes its cell. Tiny runs only."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from yuletide.sim import ladder

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


def test_the_hands_oracle_at_four_players(why_level: ModuleType) -> None:
    """A card one other seat truly holds may lie in another's hand in the game's own
    determinization (here every world swaps two hands): the oracle still restores both."""
    import yuletide
    from yuletide.core.rng import Rng

    state = yuletide.new_game("looney-lights", players=4, seed=4)
    state.discard[:0] = state.deck[2:]  # late in a game: the deck nearly drawn
    del state.deck[2:]
    assert state.hands[1] != state.hands[2]
    game_determinize = type(state).determinize

    def swapped(self: object, seat: int, rng: Rng) -> object:
        world = game_determinize(self, seat, rng)  # type: ignore[arg-type]
        world.hands[1], world.hands[2] = world.hands[2], world.hands[1]
        return world

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(state), "determinize", swapped)
        world = why_level._TrueHands(state, 0).determinize(Rng(1))
    assert world.hands[1:] == state.hands[1:]
    assert sorted(world.deck) == sorted(state.deck)


@pytest.mark.parametrize("game", ["christmas-lights", "jingle-bell-run"])
def test_the_deck_oracle_knows_every_card_dealt_and_not_the_deck(
    why_level: ModuleType, game: str
) -> None:
    import yuletide
    from yuletide.core.rng import Rng

    state = yuletide.new_game(game, players=4, seed=5)
    rng = Rng(3)
    for _ in range(40):  # a few turns in, so that cards have moved
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    seat = min(state.to_act)

    def dealt(world: object) -> tuple[list[list[int]], list[int]]:
        w: object = world
        if game == "christmas-lights":
            kinds = w.kinds  # type: ignore[attr-defined]
            hands = [sorted(kinds[c] for c in h) for h in w.hands]  # type: ignore[attr-defined]
            return hands, [kinds[c] for c in w.deck]  # type: ignore[attr-defined]
        return [list(w.hands)], list(w.deck)  # type: ignore[attr-defined]

    truth = dealt(state)
    orders = set()
    for i in range(6):
        world = why_level._TrueButDeck(state, seat).determinize(Rng(i))
        hands, deck = dealt(world)
        assert hands == truth[0]  # every hand as it is, the seat's own too
        assert sorted(deck) == sorted(truth[1])
        orders.add(tuple(deck))
        for _ in range(30):  # playing the world on leaves the truth alone
            s = min(world.to_act)
            legal = world.legal_actions(s)
            world.apply(s, legal[rng.below(len(legal))])
    assert len(orders) > 1
    assert dealt(state) == truth


def test_more_plays_the_next_deals_of_a_cell(why_level: ModuleType, tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert why_level.main(["oracle", "looney-lights", "2", "2", "--out", str(one)]) == 0
    assert why_level.main(["oracle", "looney-lights", "2", "1", "--out", str(two)]) == 0
    args = ["oracle", "looney-lights", "2", "1", "--out", str(two), "--more"]
    assert why_level.main(args) == 0
    key = "looney-lights/2p//oracle-vs-medium"
    whole, added = (json.loads(f.read_text())["cells"][key] for f in (one, two))
    assert [r["deal"] for r in added["runs"]] == [0, 1]
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in whole["runs"]]
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in added["runs"]] == strip
    assert added["summary"]["games"] == 4
    with pytest.raises(SystemExit):
        why_level.main(["depart", "looney-lights", "2", "1", "--out", str(two), "--more"])
    with pytest.raises(SystemExit):  # nothing to add to: a clear error, the file untouched
        why_level.main(["deck", "looney-lights", "2", "1", "--out", str(two), "--more"])
    assert set(json.loads(two.read_text())["cells"]) == {key}
