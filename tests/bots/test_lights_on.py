"""The Lights On heuristic (yuletide.bots.lights_on): today's team bot plus what the
public swaps prove — sure Lights OFF and Lights ON calls, and collecting what others do
not hold — beating random teams and today's team bot."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import LightsOnTeamBot, RandomBot, SeatWindow
from yuletide.bots.lights_on import HeuristicBot, better_swap, evaluate, rollout
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights import lights_on as lo
from yuletide.sim import play_match

GAME = "lights-on"


def counts(cards: str) -> list[int]:
    out = [0] * lo.N_KINDS
    for name in cards.split():
        out[lo.KIND_ID[name]] += 1
    return out


def round_in_play(hands: list[str], market: str, known: list[str] | None = None) -> Any:
    """A round in play (signals tree for team 0, star for team 1) with these hands,
    Market and cards known from the swaps."""
    state = yuletide.new_game(GAME, players=4, seed=5)
    state.hands = [counts(h) for h in hands]
    state.market = counts(market)
    state.known = [counts(k) for k in (known or ["", "", "", ""])]
    state.signals = [lo.EMOTES.index("tree"), lo.EMOTES.index("star")]
    state.phase = lo.PLAY
    return state


HANDS = [
    "red red red blue",
    "green green green green",
    "pink pink yellow bubble",
    "blue blue purple purple",
]


def decide(state: Any, seat: int = 0) -> str:
    return str(HeuristicBot(1).act(SeatWindow(state, seat)))


def test_it_is_todays_team_bot_bettered() -> None:
    assert issubclass(HeuristicBot, LightsOnTeamBot)
    assert HeuristicBot(1).name == "heuristic"


def test_lights_off_on_an_opponent_the_swaps_show_holding_four_identical_bulbs() -> None:
    state = round_in_play(
        HANDS, "red yellow purple bubble", known=["", "green green green green", "", ""]
    )
    assert decide(state) == "lights off 1"


def test_lights_on_when_the_swaps_show_the_teammate_holding_four_identical() -> None:
    hands = [
        "red red yellow blue",
        "green green blue purple",
        "pink pink pink pink",
        "blue purple bubble bubble",
    ]
    state = round_in_play(
        hands, "red yellow purple bubble", known=["", "", "pink pink pink pink", ""]
    )
    assert decide(state) == "lights on"  # no signal was sent: the swaps prove it


def test_without_proof_it_never_calls_lights_off() -> None:
    state = round_in_play(
        HANDS, "red yellow purple bubble", known=["", "green green green", "", ""]
    )
    for seed in range(10):
        action = HeuristicBot(seed).act(SeatWindow(state, 0))
        assert not isinstance(action, lo.LightsOff)


def test_collects_the_kind_with_most_copies_free_and_gives_what_the_others_do_not_collect() -> None:
    """Two reds and two blues, a red and a blue in the Market: three blues are known in
    other hands (only two left anywhere else), so it collects red; it gives a blue."""
    hands = [
        "red red blue blue",
        "blue blue green pink",
        "yellow yellow purple pink",
        "blue purple bubble bubble",
    ]
    state = round_in_play(hands, "red blue purple bubble", known=["", "blue blue", "", "blue"])
    view = state.view(0)
    assert str(better_swap(view, state.legal_actions(0))) == "swap blue for red"


def test_same_decision_on_a_determinized_twin_evaluate_and_rollout() -> None:
    rng = Rng(8)
    state = yuletide.new_game(GAME, players=4, seed=4)
    for _ in range(200):
        if state.outcome.over:
            break
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        mine = HeuristicBot(2).act(SeatWindow(state, seat))
        twin = HeuristicBot(2).act(SeatWindow(state.determinize(seat, rng), seat))
        assert mine == twin
        assert mine is None or mine in state.legal_actions(seat)
        assert 0.0 <= evaluate(state, seat) <= 1.0
        assert rollout(state, seat, rng) in state.legal_actions(seat)
        if mine is not None:
            state.apply(seat, mine)
        else:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def team_wins(make: Any, against: Any, games: int, seed: int) -> int:
    """Games won by the team of ``make`` bots (seats 0 and 2 in even games, 1 and 3 in
    odd ones) against the team of ``against`` bots."""
    wins = 0
    for i in range(games):
        game_seed = derive_seed(seed, i)
        side = i % 2
        bots = [(make if s % 2 == side else against)(derive_seed(game_seed, s)) for s in range(4)]
        outcome = play_match(GAME, bots, game_seed).outcome
        wins += side in {w % 2 for w in outcome.winners}
    return wins


@pytest.mark.parametrize(
    ("against", "games", "at_least"), [(RandomBot, 20, 20), (LightsOnTeamBot, 200, 115)]
)
def test_beats_random_teams_and_todays_team_bot(against: Any, games: int, at_least: int) -> None:
    """Measured over 100 games: 100 won against random teams; over 400 (three seeds) 67%
    against the team bot."""
    assert team_wins(HeuristicBot, against, games, seed=71) >= at_least
