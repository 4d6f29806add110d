"""The Jolly Christmas heuristic (yuletide.bots.jolly_christmas): it rebuilds the trees
from its view exactly as the game has them, places and claims for points, chooses the
tree-topper that scores, and beats random."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.bots import jolly_christmas as jolly
from yuletide.bots.jolly_christmas import HeuristicBot, evaluate, rollout
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.jolly_christmas import jolly_christmas as jc
from yuletide.sim import play_match

GAME = "jolly-christmas"
SANTA_L, SANTA_R, BALL_L, BALL_R, BELL_DL = 0, 1, 12, 13, 34  # JC-D01, D02, D13, D14, D35
NO_SANTA, NO_BELL, LETTERS_ABAB = 5, 7, 0  # JC-T06 (4 points), JC-T08 (3), JC-T01


def game(trees: list[list[int]], phase: int = jc.CLAIM) -> Any:
    """Two players, seat 0 to act, the base rows of the trees as given."""
    state = yuletide.new_game(GAME, players=2, seed=6)
    for seat, base in enumerate(trees):
        state.trees[seat] = [*base, *([-1] * (14 - len(base)))]
    state.phase = phase
    state.round = 2
    return state


def placing(card: int, tree: list[int]) -> Any:
    state = game([tree, [BELL_DL]], jc.PLACE)
    state.row = [card, -1, -1]
    state.claims = [0, 1]
    state.pending = 1  # only seat 0 still to place
    return state


def decide(state: Any) -> str:
    return str(HeuristicBot(1).act(SeatWindow(state, 0)))


def test_places_a_card_where_its_half_light_completes_a_light() -> None:
    # A ball whose half-light is on its left goes right of a Santa lit on its right...
    assert decide(placing(BALL_L, [SANTA_R])) == "place 1.2"
    # ...and one lit on its right goes left of a Santa lit on its left.
    assert decide(placing(BALL_R, [SANTA_L])) == "place 1.0"


def test_claims_the_decoration_that_raises_its_tree_most() -> None:
    state = game([[SANTA_L], [SANTA_R]])
    state.row = [BELL_DL, 40, BALL_R]  # a bell in the base never scores
    state.claims = [-1, -1]
    state.order = [0, 1]
    state.step = 0
    assert decide(state) == "claim 3"


def test_chooses_the_topper_it_meets_else_the_one_a_later_player_meets() -> None:
    state = game([[SANTA_L], [SANTA_R]], jc.TOPPER)
    state.table_toppers = [LETTERS_ABAB, NO_SANTA, NO_BELL]
    state.topper_order = [0, 1]
    state.step = 0
    assert decide(state) == "topper 8"  # no bell in its tree: 3 points; no Santa fails
    state.trees[0][1] = BELL_DL
    state.trees[1][0] = BALL_L  # seat 1 has neither a Santa nor a bell now
    state.table_toppers = [LETTERS_ABAB, NO_BELL, NO_SANTA]
    assert decide(state) == "topper 6"  # keeps 4 points from seat 1


def test_the_trees_it_rebuilds_are_the_games_trees() -> None:
    """Random games: before every placement the bot's spots are the legal placements;
    after it, the tree it predicted is the tree the view shows; at the end its score of
    every tree (topper aside) is the game's."""
    for seed in range(4):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        rng = Rng(seed)
        while not state.outcome.over:
            seats = sorted(state.to_act)
            seat = seats[rng.below(len(seats))]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            view = state.view(seat)
            if isinstance(action, jc.Place):
                seen = jolly.Seen(view)
                tree = seen.trees[seat]
                assert sorted(jolly.spots(tree)) == sorted((a.row, a.index) for a in legal)
                claim = next(o for o in view["order_cards"] if o["claimed_by"] == seat)
                card = jolly.card_of(claim["card"])
                assert card is not None
                predicted = jolly.placed(tree, card, action.row, action.index)
                state.apply(seat, action)
                assert jolly.Seen(state.view(seat)).trees[seat] == predicted
            else:
                state.apply(seat, action)
        view = state.view(0)
        seen = jolly.Seen(view)
        faces = [jolly.faces(t) for t in seen.trees]
        rates = jolly._tree.santa_rates([jolly._tree.santas(f) for f in faces])
        for s, f in enumerate(faces):
            mine = sum(jolly._tree.score(f, rates[s], None, False))
            assert mine == view["scores"][s]["total"] - view["scores"][s]["topper"]


def test_same_decision_on_a_determinized_twin_evaluate_and_rollout() -> None:
    rng = Rng(3)
    state = yuletide.new_game(GAME, players=3, seed=8)
    while not state.outcome.over:
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        mine = HeuristicBot(2).act(SeatWindow(state, seat))
        twin = HeuristicBot(2).act(SeatWindow(state.determinize(seat, rng), seat))
        assert mine == twin and mine in state.legal_actions(seat)
        assert 0.0 <= evaluate(state, seat) <= 1.0
        assert rollout(state, seat, rng) in state.legal_actions(seat)
        state.apply(seat, mine)
    winners = state.outcome.winners
    assert evaluate(state, winners[0]) == 1.0 / len(winners)


@pytest.mark.parametrize(("players", "games"), [(2, 24), (4, 12)])
def test_beats_random(players: int, games: int) -> None:
    """Seat rotated game by game; measured over 100 games it won 97 at 2 players and
    99 at 4."""
    wins = 0
    for i in range(games):
        seed = derive_seed(41, players, i)
        me = i % players
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s))
            for s in range(players)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= games - 2
