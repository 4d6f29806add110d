"""The Deck the Yard heuristic (the deck_the_yard room's bot): today's greedy solo
policy under the name every game's heuristic has, with a rollout and an evaluation for
the search; it wins where random never does."""

from __future__ import annotations

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.deck_the_yard.bot import HeuristicBot, evaluate, rollout
from yuletide.games.christmas_lights.deck_the_yard.greedy import GreedyBot
from yuletide.sim import play_match

GAME = "deck-the-yard"


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


def test_evaluate_grows_with_the_claims_and_the_cards_left() -> None:
    state = yuletide.new_game(GAME, seed=3)
    fresh = evaluate(state, 0)
    assert 0.0 < fresh < 1.0
    state.claimed_patterns = [0, 1, 2]
    assert evaluate(state, 0) > fresh
    later = yuletide.new_game(GAME, seed=3)
    later.deck = later.deck[:10]  # most of the deck gone, nothing claimed
    assert evaluate(later, 0) < fresh


@pytest.mark.parametrize(("difficulty", "at_least"), [("normal", 0.45), ("hard", 0.18)])
def test_wins_where_random_never_does(difficulty: str, at_least: float) -> None:
    """Measured over 1000 games: 0.62 at Normal, 0.32 at Hard, 0.12 at Heroic; random
    won none at any difficulty."""
    games = 100
    mine = theirs = 0
    options = {"difficulty": difficulty}
    for i in range(games):
        seed = derive_seed(17, i)
        mine += 0 in play_match(GAME, [HeuristicBot(seed)], seed, options).outcome.winners
        theirs += 0 in play_match(GAME, [RandomBot(seed)], seed, options).outcome.winners
    assert mine / games >= at_least
    assert theirs <= 2
