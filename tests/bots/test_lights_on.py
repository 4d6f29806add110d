"""The Lights On heuristic (the lights_on room's bot): today's team bot plus what the
public swaps prove — sure Lights OFF and Lights ON calls, and collecting what others do
not hold — beating random teams and today's team bot."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.lights_on import rules as lo
from yuletide.games.christmas_lights.lights_on.bot import (
    RECENT,
    HeuristicBot,
    better_swap,
    certain_call,
    evaluate,
    rollout,
)
from yuletide.games.christmas_lights.lights_on.team_bot import LightsOnTeamBot
from yuletide.sim import play_match

GAME = "lights-on"


def counts(cards: str) -> list[int]:
    out = [0] * lo.N_KINDS
    for name in cards.split():
        out[lo.KIND_ID[name]] += 1
    return out


def round_in_play(hands: list[str], market: str, known: list[str] | None = None) -> lo.LightsOnGame:
    """A round in play (signals tree for team 0, star for team 1) with these hands,
    Market and cards known from the swaps."""
    state = cast(lo.LightsOnGame, yuletide.new_game(GAME, players=4, seed=5))
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


# ------------------------------------------------ the search policy on the world's fields


def view_rollout(state: State, seat: int, rng: Rng) -> Action:
    """The view-based rollout policy the field-based one replaced (kept here to prove
    that they decide alike)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    if view["phase"] == "signal":
        return legal[rng.below(len(legal))]
    call = certain_call(view, legal)
    if call is not None:
        return call
    signal = view["signal"]
    hand = Counter(view["hand"])
    if hand and max(hand.values()) == lo.HAND:
        emote = lo.Emote(lo.EMOTES.index(signal))
        if emote in legal:
            return emote
    else:
        mate = lo.teammate(seat)
        for event in reversed(state.events(seat, max(0, len(state.log) - RECENT))):
            if event["type"] == "go":
                break
            if (
                event["type"] == "emote"
                and event["seat"] == mate
                and event["emote"].endswith(" " + signal)
            ):
                return lo.LightsOn()
        swap = better_swap(view, legal)
        if swap is not None:
            return swap
    if lo.NewLights() in legal:
        return lo.NewLights()
    swaps = [a for a in legal if isinstance(a, lo.Swap)]
    return swaps[rng.below(len(swaps))] if swaps else legal[0]


def view_evaluate(state: State, seat: int) -> float:
    """The view-based ``evaluate`` the field-based one replaced."""
    outcome = state.outcome
    if outcome.over:
        return 1.0 if seat in outcome.winners else 0.0
    view = state.view(seat)
    mine, theirs = seat % 2, 1 - seat % 2
    plugs: list[int] = view["plugs"]
    broken: list[int] = view["broken_bulbs"]
    margin = (plugs[mine] - broken[mine]) - (plugs[theirs] - broken[theirs])
    return min(1.0, max(0.0, 0.5 + margin / 12.0))


def positions(seed: int, count: int) -> list[tuple[State, int]]:
    """``count`` positions (a world and a seat to act) from games played by the heuristic
    with some random moves: half the true state, half a world determinized for a random
    seat (its history frozen, as the search's worlds are)."""
    rng = Rng(seed)
    out: list[tuple[State, int]] = []
    game = 0
    while len(out) < count:
        game += 1
        state = yuletide.new_game(GAME, players=4, seed=derive_seed(seed, game))
        bots = [HeuristicBot(derive_seed(seed, 10 * game + s)) for s in range(4)]
        for _ in range(600):
            if state.outcome.over or len(out) >= count:
                break
            seats = sorted(state.to_act)
            if rng.random() < 0.15:
                world = (
                    state.determinize(rng.below(4), rng) if rng.random() < 0.5 else state.clone()
                )
                out.append((world, seats[rng.below(len(seats))]))
            seat = seats[rng.below(len(seats))]
            legal = state.legal_actions(seat)
            action = bots[seat].act(SeatWindow(state, seat)) if rng.random() < 0.8 else None
            state.apply_unchecked(seat, legal[rng.below(len(legal))] if action is None else action)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_fast_rollout_and_evaluate_decide_as_the_view_based_ones(seed: int) -> None:
    """Exact agreement (the action and the randomness drawn) over 150 positions a seed,
    true and determinized worlds; Lights On is played by four only. The next tests meet
    the rarer branches."""
    kinds: Counter[str] = Counter()
    for world, seat in positions(seed, 150):
        fast_rng, view_rng = Rng(seed), Rng(seed)
        fast = rollout(world, seat, fast_rng)
        assert fast == view_rollout(world, seat, view_rng), (world.view(seat), seat)
        assert fast_rng.state == view_rng.state
        assert fast in world.legal_actions(seat)
        assert evaluate(world, seat) == view_evaluate(world, seat)
        kinds[type(fast).__name__] += 1
    assert set(kinds) >= {"ChooseSignal", "Swap", "NewLights"}, kinds


def test_all_branches_are_met_across_the_seeds() -> None:
    """Over more seeds, the rarer branches (sending the signal, Lights ON on the
    teammate's signal, also read from a frozen history) are met, and still agree; a
    certain Lights OFF is rare in play (the heuristic calls it at once): the next test
    builds one."""
    met: Counter[str] = Counter()
    for seed in range(5, 9):
        for world, seat in positions(seed, 150):
            fast = rollout(world, seat, Rng(seed))
            assert fast == view_rollout(world, seat, Rng(seed))
            met[type(fast).__name__] += 1
            if isinstance(fast, lo.LightsOn) and world.determinized:
                met["frozen lights on"] += 1
    assert set(met) >= {"Emote", "LightsOn", "frozen lights on"}, met


def signalled_round() -> lo.LightsOnGame:
    """A round in play (team 0's signal tree, team 1's star) in which seat 2 has just
    sent tree, then seat 3 tree as a bluff."""
    state = cast(lo.LightsOnGame, yuletide.new_game(GAME, players=4, seed=3))
    state.apply(0, "signal tree")
    state.apply(1, "signal star")
    state.apply(2, "emote tree")
    state.apply(3, "emote tree")
    return state


def seat_0_decides(world: lo.LightsOnGame) -> Action:
    """Seat 0's rollout choice (its hand set to no four of a kind), checked against the
    view-based policy."""
    world.hands[0] = counts("red red yellow blue")
    fast = rollout(world, 0, Rng(1))
    assert fast == view_rollout(world, 0, Rng(1))
    return fast


def test_the_rollout_reads_the_teammates_signal_in_a_frozen_history() -> None:
    """In a world determinized for team 0 (the history frozen as that seat saw it), seat
    0 says Lights ON on its teammate's signal; not on the opponent's same emote. (For
    team 1 team 0's signal is re-drawn: the policies still agree.)"""
    state = signalled_round()
    for observer in (0, 2):
        assert seat_0_decides(state.determinize(observer, Rng(observer))) == lo.LightsOn()
    for observer in (1, 3):
        seat_0_decides(state.determinize(observer, Rng(observer)))
    bluff = state.clone()
    bluff.log = [e for e in bluff.log if e != ("emote", 2, lo.EMOTES.index("tree"))]
    assert seat_0_decides(bluff.determinize(0, Rng(1))) != lo.LightsOn()
    assert seat_0_decides(bluff) != lo.LightsOn()


def test_a_certain_lights_off_and_lights_on_from_the_known_cards() -> None:
    """The swaps show seat 1 holding four greens: Lights OFF on it; shown of the
    teammate, Lights ON; both as the view-based policy decides."""
    for known, call in (
        (["", "green green green green", "", ""], lo.LightsOff(1)),
        (["", "", "pink pink pink pink", ""], lo.LightsOn()),
    ):
        state = round_in_play(HANDS, "red yellow purple bubble", known=known)
        assert rollout(state, 0, Rng(1)) == view_rollout(state, 0, Rng(1)) == call


def test_the_rollout_reads_only_the_latest_events_of_the_round() -> None:
    """The signal is forgotten once :data:`RECENT` events have followed it, or once a
    new round has started ("go"), in the true world and in a determinized one."""
    state = signalled_round()
    for i in range(RECENT - 2):  # the signal, the bluff and these: RECENT events
        seat = 1 + 2 * (i % 2)
        swap = next(a for a in state.legal_actions(seat) if isinstance(a, lo.Swap))
        state.apply(seat, swap)
    assert max(max(k) for k in state.known) < lo.HAND  # no certain call
    assert seat_0_decides(state.clone()) == lo.LightsOn()
    assert seat_0_decides(state.determinize(0, Rng(0))) == lo.LightsOn()
    state.apply(1, next(a for a in state.legal_actions(1) if isinstance(a, lo.Swap)))
    assert seat_0_decides(state.clone()) != lo.LightsOn()
    assert seat_0_decides(state.determinize(0, Rng(0))) != lo.LightsOn()

    state = signalled_round()
    state.apply(1, "lights off 2")  # the round ends; a new one is dealt
    state.apply(0, "signal tree")
    state.apply(1, "signal star")
    assert len(state.log) - [e[0] for e in state.log].index("emote") < RECENT
    assert seat_0_decides(state.clone()) != lo.LightsOn()
    assert seat_0_decides(state.determinize(0, Rng(0))) != lo.LightsOn()
