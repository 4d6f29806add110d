"""The Where's That Bulb? heuristic (yuletide.bots.wheres_that_bulb): it remembers every
card it saw flipped and uses that memory; it decides from its window only; it beats
random."""

from __future__ import annotations

from typing import Any

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.bots.wheres_that_bulb import HeuristicBot, choose, evaluate, known_pair, rollout
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights import wheres_that_bulb as wtb
from yuletide.sim import play_match

GAME = "wheres-that-bulb"
K = wtb.KIND_ID


def cell(name: str) -> int:
    return [wtb.cell_name(c) for c in range(wtb.CELLS)].index(name)


def game_with(layout: dict[str, str], players: int = 2) -> Any:
    """A game whose grid has the given kinds at the given cells (the rest as dealt)."""
    state = yuletide.new_game(GAME, players=players, seed=4)
    for name, kind in layout.items():
        state.grid[cell(name)] = K[kind]
    return state


def act(state: Any, bot: HeuristicBot) -> str:
    return str(bot.act(SeatWindow(state, state.turn)))


def test_flips_a_remembered_pair_and_goes_again() -> None:
    """Seat 1 flipped a red at a1 and seat 0 another red at j6 on earlier turns: seat 0
    remembers both, flips them in turn (a match) and keeps the turn."""
    state = game_with({"a1": "red", "b1": "blue", "j6": "red", "c3": "green", "d4": "pink"})
    bot = HeuristicBot(1)
    state.apply(0, "flip j6")
    state.apply(0, "flip c3")  # no match: the turn passes
    state.apply(1, "flip a1")
    state.apply(1, "flip b1")
    assert act(state, bot) in ("flip a1", "flip j6")
    first = act(state, bot)
    state.apply(0, first)
    second = act(state, bot)
    assert {first, second} == {"flip a1", "flip j6"}
    state.apply(0, second)
    assert state.turn == 0 and len(state.won[0]) == 2


def test_second_card_is_the_remembered_partner_characters_included() -> None:
    """Mrs. Claus was seen at e2; a Santa turned up first: the second flip is e2."""
    state = game_with({"e2": "mrs-claus", "f2": "blue", "a6": "santa"})
    bot = HeuristicBot(1)
    state.apply(0, "flip e2")
    state.apply(0, "flip f2")
    state.apply(1, "flip a6")  # seat 1 turns up Santa first, then...
    state.turn = 0  # (hand-built: as if seat 0 had turned Santa up itself)
    assert act(state, bot) == "flip e2"


def test_never_flips_a_remembered_broken_bulb_while_anything_else_is_left() -> None:
    grid: list[Any] = [{"face": "down"} for _ in range(wtb.CELLS)]
    memory = dict.fromkeys(range(40), K["broken"])
    rng = Rng(3)
    for _ in range(50):
        assert choose(grid, memory, rng) >= 40
    memory[40] = K["red"]
    memory[41] = K["red"]
    assert choose(grid, memory, rng) == 40  # a known pair beats an unseen card
    assert known_pair({3: K["broken"], 5: K["broken"]}) is None  # Broken Bulbs never pair


def test_memory_survives_a_window_onto_another_log() -> None:
    """A bot shown a shorter log than it has read (another game) starts its memory again
    rather than fail or remember the wrong cards."""
    bot = HeuristicBot(1)
    long_game = game_with({"a1": "red", "b1": "blue"})
    long_game.apply(0, "flip a1")
    long_game.apply(0, "flip b1")
    long_game.apply(1, "flip c1")
    long_game.apply(1, "flip d1")
    act(long_game, bot)
    fresh = game_with({})
    assert act(fresh, bot).startswith("flip")
    assert bot.memory == {}


def test_same_decision_on_a_determinized_twin_and_always_legal() -> None:
    rng = Rng(5)
    for seed in range(3):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        bots: dict[int, tuple[HeuristicBot, HeuristicBot]] = {}
        for _ in range(120):
            if state.outcome.over:
                break
            seat = state.turn
            real, twin_bot = bots.setdefault(seat, (HeuristicBot(seat), HeuristicBot(seat)))
            mine = real.act(SeatWindow(state, seat))
            twin = twin_bot.act(SeatWindow(state.determinize(seat, rng), seat))
            assert mine == twin and mine in state.legal_actions(seat)
            state.apply(seat, mine)


def test_rollout_and_evaluate() -> None:
    state = game_with({"a1": "red", "b1": "blue", "j6": "red"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    state.apply(1, "flip j6")
    state.apply(1, "flip c1")
    world = state.determinize(0, Rng(1))
    assert str(rollout(world, 0, Rng(2))) in ("flip a1", "flip j6")
    state.won[0] = [K["red"]] * 8
    assert evaluate(state, 0) > 0.5 > evaluate(state, 1)


def test_beats_random() -> None:
    """Every game of 10 (seat rotated): a perfect memory against random flips (measured
    10 of 10 at 2 players)."""
    wins = 0
    games = 10
    for i in range(games):
        seed = derive_seed(31, i)
        me = i % 2
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s)) for s in range(2)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= 9
