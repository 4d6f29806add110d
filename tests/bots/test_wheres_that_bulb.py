"""The Where's That Bulb? heuristic (the wheres_that_bulb room's bot): it remembers every
card it saw flipped and uses that memory; it decides from its window only; it beats
random."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import IsmctsBot, RandomBot, SeatWindow, level_bot
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.wheres_that_bulb import rules as wtb
from yuletide.games.christmas_lights.wheres_that_bulb.bot import (
    HeuristicBot,
    LookaheadBot,
    choose,
    evaluate,
    known_pair,
    prune,
    rollout,
    shows_more_than_it_wins,
)
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


@pytest.mark.parametrize("kind", [HeuristicBot, LookaheadBot])
def test_same_decision_on_a_determinized_twin_and_always_legal(kind: type[HeuristicBot]) -> None:
    rng = Rng(5)
    for seed in range(3):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        bots: dict[int, tuple[HeuristicBot, HeuristicBot]] = {}
        for _ in range(120):
            if state.outcome.over:
                break
            seat = state.turn
            real, twin_bot = bots.setdefault(seat, (kind(seat), kind(seat)))
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


def seen(layout: dict[str, str], players: int = 2) -> Any:
    """A game where every card of ``layout`` has been flipped (in non-matching turns of
    two, seats taking turns), so every seat remembers it; seat 0 then to move."""
    state = game_with(layout, players)
    names = list(layout)
    assert len(names) % 2 == 0
    for a, b in zip(names[::2], names[1::2], strict=True):
        state.apply(state.turn, f"flip {a}")
        state.apply(state.turn, f"flip {b}")
    while state.turn != 0:
        state.apply(state.turn, "flip j6")
        state.apply(state.turn, "flip j5")
    return state


def test_prune_keeps_one_flip_of_each_kind_the_first_given() -> None:
    """Unseen cards are all alike; a seen card stands for its kind; as the second card,
    every seen card that does not match is a pass. The first given of each is kept."""
    state = seen({"a1": "red", "b1": "blue", "c1": "red", "d1": "green"})
    legal = state.legal_actions(0)
    kept = [str(a) for a in prune(state, 0, legal)]
    # one unseen (e1, the first in grid order), a1 for the reds, b1 blue, d1 green
    assert kept == ["flip a1", "flip b1", "flip d1", "flip e1"]
    given = [a for a in legal if str(a) == "flip h4"] + [a for a in legal if str(a) != "flip h4"]
    assert str(prune(state, 0, given)[0]) == "flip h4"
    state.grid[cell("e1")] = K["blue"]
    state.apply(0, "flip e1")  # a blue, face up: b1 matches, the rest do not
    kept = [str(a) for a in prune(state, 0, state.legal_actions(0))]
    assert kept == ["flip a1", "flip b1", "flip f1"]  # a pass, the match, an unseen card


def test_lookahead_passes_where_a_new_card_would_show_the_next_player_a_pair() -> None:
    """Four colours are remembered face down (a1-d1); a pink turns up first with no
    pink remembered. An unseen card matches it with 5 chances in the unseen cards, but
    shows a remembered colour's partner with 20 (5 of each): the lookahead passes (a
    remembered card), the heuristic flips a card nobody has seen."""
    layout = {"a1": "red", "b1": "blue", "c1": "green", "d1": "yellow"}
    state = seen(layout)
    state.grid[cell("e1")] = K["pink"]
    state.apply(0, "flip e1")
    assert act(state, LookaheadBot(1)) in {f"flip {c}" for c in layout}
    assert act(state, HeuristicBot(1)) not in {f"flip {c}" for c in layout}
    memory = {cell(c): K[k] for c, k in layout.items()} | {cell("e1"): K["pink"]}
    down = [c for c in range(wtb.CELLS) if c != cell("e1")]
    assert shows_more_than_it_wins(K["pink"], down, memory)
    # Santa remembered alone: an unseen card shows Mrs. Claus with 1 chance, matches
    # the pink with 5; the lookahead flips a new card as the heuristic does
    memory = {cell("a1"): K["santa"], cell("e1"): K["pink"]}
    assert not shows_more_than_it_wins(K["pink"], down, memory)


def test_hard_searches_from_the_lookahead() -> None:
    """``hard``'s prior here is the lookahead (``HardPrior``); ``medium`` the heuristic."""
    hard = level_bot("hard", GAME, 3, iterations=30)
    assert isinstance(hard, IsmctsBot) and hard.prior is not None
    assert isinstance(getattr(hard.prior, "__self__", None), LookaheadBot)
    assert type(level_bot("medium", GAME, 3)) is HeuristicBot
    state = seen({"a1": "red", "b1": "blue", "c1": "green", "d1": "yellow"})
    state.grid[cell("e1")] = K["pink"]
    state.apply(0, "flip e1")
    action = hard.act(SeatWindow(state, 0))
    assert action in state.legal_actions(0)
