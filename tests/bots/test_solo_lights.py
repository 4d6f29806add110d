"""The Solo Lights heuristic (the solo_lights room's bot): today's greedy solo policy
under the name every game's heuristic has, with a rollout and an evaluation for the
search; it wins far more often than random."""

from __future__ import annotations

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.solo_lights.bot import HeuristicBot, evaluate, rollout
from yuletide.games.christmas_lights.solo_lights.greedy import GreedyBot
from yuletide.sim import play_match

GAME = "solo-lights"


def test_it_is_the_greedy_solo_policy() -> None:
    """Move for move the same as GreedyBot (whose rules of thumb are tested in
    tests/test_solo_greedy.py), and its rollout makes the same choices."""
    assert issubclass(HeuristicBot, GreedyBot)
    for seed in range(5):
        state = yuletide.new_game(GAME, seed=seed)
        window = SeatWindow(state, 0)
        mine, greedy = HeuristicBot(seed), GreedyBot(seed)
        while not state.outcome.over:
            action = mine.act(window)
            assert action == greedy.act(window)
            if len(state.legal_actions(0)) > 1:
                assert rollout(state, 0, Rng(seed)) == action
            state.apply(0, action)


def test_evaluate_weighs_time_left_against_work_left() -> None:
    state = yuletide.new_game(GAME, seed=3)
    state.apply(0, state.legal_actions(0)[0])
    fresh = evaluate(state, 0)
    assert 0.0 < fresh < 1.0
    state.done = state.pattern_deck[:4]  # four strings done: one to go
    closer = evaluate(state, 0)
    assert closer > fresh
    state.flipped = state.stack[1:]  # every character above Santa flipped: no time
    state.stack = state.stack[:1]
    assert evaluate(state, 0) < closer


@pytest.mark.parametrize(("options", "at_least"), [({}, 0.55), ({"characters": 4}, 0.25)])
def test_wins_far_more_often_than_random(options: dict[str, int], at_least: float) -> None:
    """Measured over 1000 games: 0.74 (random 0.13) at the default difficulty, 0.43
    (random 0.03) with four Character cards."""
    games = 100
    mine = theirs = 0
    for i in range(games):
        seed = derive_seed(13, i)
        mine += 0 in play_match(GAME, [HeuristicBot(seed)], seed, options).outcome.winners
        theirs += 0 in play_match(GAME, [RandomBot(seed)], seed, options).outcome.winners
    assert mine / games >= at_least
    assert mine >= theirs + 0.2 * games
