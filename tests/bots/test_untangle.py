"""The Untangle heuristic (the untangle room's bot): it plans its whole turn — the swap,
then the card and its place — to complete a pattern when it can, uses a Broken Bulb to
cut a stray card out, discards what no pattern shows, and beats random."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import IsmctsBot, RandomBot, SeatWindow, level_bot
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.untangle import bot as bot_module
from yuletide.games.christmas_lights.untangle import rules as ut
from yuletide.games.christmas_lights.untangle.bot import (
    HeuristicBot,
    LookaheadBot,
    evaluate,
    rollout,
)
from yuletide.sim import play_match

GAME = "untangle"
P01, P14, P15, P02, P05, P08 = 0, 13, 14, 1, 4, 7  # P01, P14, P15 all lack purple


def kinds(cards: str) -> list[int]:
    return [ut.KIND_NAME.index(name) for name in cards.split()]


def turn_of(knot: str, hand: str, patterns: tuple[int, ...] = (P01, P02, P05)) -> Any:
    """Two players; seat 0 to swap, holding ``hand`` and ``patterns`` (seat 1: P08 and
    two more)."""
    state = yuletide.new_game(GAME, players=2, seed=9)
    state.knot = kinds(knot)
    state.hands = [0] * (2 * ut.N_KINDS)
    for k in kinds(hand):
        state.hands[k] += 1
    state.hands[ut.N_KINDS + ut.BROKEN] = 3
    state.owner = [ut.BOXED] * ut.N_PATTERNS
    for p in patterns:
        state.owner[p] = 0
    for p in (P08, 8, 9):
        state.owner[p] = 1
    state.done = [0] * ut.N_PATTERNS
    state.turn, state.step, state.locked = 0, ut.SWAP, -1
    return state


def play_turn(state: Any) -> list[str]:
    """Let the bot play seat 0's whole turn; its decisions."""
    bot = HeuristicBot(1)
    window = SeatWindow(state, 0)
    moves = []
    while state.turn == 0 and not state.outcome.over and state.turns == 0:
        action = bot.act(window)
        moves.append(str(action))
        state.apply(0, action)
    return moves


def test_plans_the_swap_and_the_card_that_complete_a_pattern_together() -> None:
    """red pink blue green purple ...: swapping blue and green and putting the yellow on
    the purple shows P01 (red pink green blue yellow)."""
    state = turn_of(
        "red pink blue green purple purple purple bubble red red", "yellow pink blue pink"
    )
    moves = play_turn(state)
    assert moves == ["swap 3 4", "play yellow", "on 5"]
    assert state.done[P01]


def test_cuts_a_stray_card_out_with_a_broken_bulb() -> None:
    state = turn_of(
        "red pink purple green blue yellow purple purple red red", "broken purple purple purple"
    )
    moves = play_turn(state)
    assert "play broken" in moves
    assert state.done[P01]


def test_discards_the_cards_no_pattern_of_its_shows_when_nothing_helps() -> None:
    state = turn_of(
        "red red red red red green green green green green",
        "purple purple purple",
        patterns=(P01, P14, P15),
    )
    state.step = ut.CHOOSE
    bot = HeuristicBot(1)
    assert str(bot.act(SeatWindow(state, 0))) == "discard"
    state.apply(0, "discard")
    assert str(bot.act(SeatWindow(state, 0))) == "cards 1 2 3"


def test_the_rollout_fills_a_gap_of_the_nearest_window() -> None:
    state = turn_of("red pink green blue purple purple purple bubble red red", "yellow pink")
    assert bot_module.nearest_gaps(state.knot, [P01]) == [(4, ut.KIND_NAME.index("yellow"))]
    state.apply(0, "swap 9 10")
    assert str(rollout(state, 0, Rng(1))) == "play yellow"
    state.apply(0, "play yellow")
    assert str(rollout(state, 0, Rng(1))) == "on 5"


@pytest.mark.parametrize("bot", [HeuristicBot, LookaheadBot])
def test_same_decision_on_a_determinized_twin_evaluate_and_rollout(bot: type[HeuristicBot]) -> None:
    """The heuristic and ``hard``'s prior (the lookahead) read only their window."""
    rng = Rng(2)
    for seed, players in ((0, 2), (0, 3), (1, 3), (1, 4)):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        for _ in range(60):
            if state.outcome.over:
                break
            seat = state.turn
            mine = bot(2).act(SeatWindow(state, seat))
            twin = bot(2).act(SeatWindow(state.determinize(seat, rng), seat))
            assert mine == twin and mine in state.legal_actions(seat)
            assert 0.0 <= evaluate(state, seat) <= 1.0
            assert rollout(state, seat, rng) in state.legal_actions(seat)
            state.apply(seat, mine)


@pytest.mark.parametrize(("players", "games"), [(2, 10), (4, 8)])
def test_beats_random(players: int, games: int) -> None:
    """Seat rotated game by game; measured over 40 games it won all 40 at 2 and at 4
    players."""
    wins = 0
    for i in range(games):
        seed = derive_seed(81, players, i)
        me = i % players
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s))
            for s in range(players)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= games - 1


def test_in_reach_sees_what_one_swap_and_one_card_complete() -> None:
    """P08 is blue green red purple pink. One swap shows it (no card needed); with its
    last card covered, a pink (or a Bubble Bulb) on top does; with a stray card in it,
    a Broken Bulb cutting the stray out does."""
    swap = kinds("blue red green purple pink yellow yellow yellow yellow yellow")
    assert bot_module.in_reach(swap, {P08}) == {P08: {bot_module.NO_CARD}}
    card = kinds("blue green red purple yellow yellow yellow yellow yellow yellow")
    assert ut.KIND_NAME.index("pink") in bot_module.in_reach(card, {P08})[P08]
    cut = kinds("blue green red yellow purple pink yellow yellow yellow yellow")
    assert ut.BROKEN in bot_module.in_reach(cut, {P08})[P08]
    assert bot_module.in_reach(swap, {P01}) == {}


def test_hard_searches_from_the_lookahead() -> None:
    """``hard``'s prior here is the lookahead (``HardPrior``); ``medium`` the heuristic."""
    hard = level_bot("hard", GAME, 3, iterations=30)
    assert isinstance(hard, IsmctsBot) and hard.prior is not None
    assert isinstance(getattr(hard.prior, "__self__", None), LookaheadBot)
    assert type(level_bot("medium", GAME, 3)) is HeuristicBot
    state = turn_of("red pink blue green purple purple purple bubble red red", "yellow pink")
    assert hard.act(SeatWindow(state, 0)) in state.legal_actions(0)


def test_lookahead_keeps_a_bubble_bulb_out_of_the_knot_it_leaves() -> None:
    """The heuristic's best turn puts its Bubble Bulb in the knot (closest to its own
    patterns), but a Bubble Bulb is wild for every pattern: that knot leaves 12 open
    patterns within one swap and one card of the next player (a completion with a
    chance of 0.88). The lookahead plays its red instead, a little further from its own
    patterns, and leaves 2 (0.28)."""
    knot, hand = (
        "yellow purple green red green yellow pink blue yellow blue",
        "blue red bubble blue",
    )
    plain = turn_of(knot, hand)
    assert play_turn(plain) == ["swap 4 5", "play bubble", "on 4"]
    state = turn_of(knot, hand)
    window = SeatWindow(state, 0)
    nxt = bot_module.NextPlayer(window.view(), bot_module.Seen(window.view()))
    bot = LookaheadBot(1)
    moves = []
    while state.turn == 0 and state.turns == 0:
        action = bot.act(window)
        moves.append(str(action))
        state.apply(0, action)
    assert moves == ["swap 9 10", "play red", "on 5"]
    gifts = [nxt.gift(plain.knot[:10]), nxt.gift(state.knot[:10])]
    assert gifts == [pytest.approx(0.877, abs=0.001), pytest.approx(0.278, abs=0.001)]


def test_lookahead_with_an_empty_hand_swaps_as_the_heuristic() -> None:
    state = turn_of("red pink blue green purple purple purple bubble red red", "")
    window = SeatWindow(state, 0)
    assert LookaheadBot(1).act(window) == HeuristicBot(1).act(window)
