"""The table clock reacts like people (issue 31, point 5): the levels' reaction times in
``simulate`` and the match runner, and a new chance (someone pointed) restarting a seat's
reaction, so no bot answers a change faster than its reaction time."""

from __future__ import annotations

import pytest

import yuletide
from yuletide.bots import LEVELS, make_bot
from yuletide.bots.base import ReactionTime, level_reaction
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.reindeers_nose.bot import HeuristicBot
from yuletide.sim.match import ORDER_SALT, Scheduler, play_match
from yuletide.sim.stats import simulate

SLOW = ReactionTime(5.0, 1.0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_runner_draws_a_level_s_times_from_the_seeded_sampler(level: str) -> None:
    """The Scheduler's first timers are the level sampler's draws from the match's RNG,
    in seat order, each followed by its tie key: the server draws from the same sampler
    (tests/server/test_bot_pace.py)."""
    state = yuletide.new_game("reindeers-nose", players=4, seed=3)
    reaction = level_reaction(level)
    clock = Scheduler([reaction] * 4, Rng(11))
    clock.sync(state)
    rng = Rng(11)
    expected = []
    for seat in range(4):
        expected.append((reaction.sample(rng), rng.random(), seat))
    due = clock.next_due()
    assert due is not None
    first = min(expected)
    assert (due.time, due.seat) == (first[0], first[2])


def test_simulate_uses_the_levels_reaction_times() -> None:
    # (hard searches for real: its reaction is checked without playing, below)
    report = simulate("reindeers-nose", 1, 4, seed=1, bots=["easy", "medium", "random", "medium"])
    assert [s["reaction"] for s in report["seats"]] == [
        str(level_reaction("easy")),
        str(level_reaction("medium")),
        "1s±0.25 uniform",
        str(level_reaction("medium")),
    ]
    named = simulate("reindeers-nose", 1, 4, seed=1, bots=["medium"] * 4, reactions="hard")
    assert {s["reaction"] for s in named["seats"]} == {str(level_reaction("hard"))}


def _race_to_a_point(seed: int) -> tuple[yuletide.State, Scheduler, float, dict[int, float]]:
    """Reindeer's Nose on the table clock, every seat 4-6 s, until the first point: the
    state just after it, the clock synced, the time of the point, and the timers the
    other seats held just before it (those not holding a set of their own)."""
    state = yuletide.new_game("reindeers-nose", players=4, seed=seed)
    bots = [HeuristicBot(s) for s in range(4)]
    windows = [yuletide.bots.SeatWindow(state, s) for s in range(4)]
    clock = Scheduler([SLOW] * 4, Rng(derive_seed(seed, ORDER_SALT)))
    while True:
        clock.sync(state)
        due = clock.next_due()
        assert due is not None
        action = bots[due.seat].act(windows[due.seat])
        assert action is not None
        if str(action) == "point":
            before = {
                s: ready[0]
                for s, ready in enumerate(clock._ready)  # the clock's own timers
                if s != due.seat
                and ready is not None
                and [str(a) for a in state.legal_actions(s)] != ["point"]
            }
            state.apply(due.seat, action)
            clock.acted(due.seat, due.time)
            clock.sync(state)
            return state, clock, due.time, before
        state.apply(due.seat, action)
        clock.acted(due.seat, due.time)


def test_a_point_restarts_every_other_seat_s_reaction() -> None:
    """Before, a seat passing cards held a timer drawn before the point and pointed on
    it, faster than anyone could react. Now every other seat (but one holding a set of
    its own) points at least a reaction time (4 s at the least) after the point."""
    nearer = 0
    for seed in range(1, 7):
        state, clock, at, before = _race_to_a_point(seed)
        nearer += any(t < at + SLOW.mean - SLOW.spread for t in before.values())
        while not state.outcome.over and state.current_phase == "pointing":
            due = clock.next_due()
            assert due is not None
            if due.seat in before:
                assert due.time >= at + SLOW.mean - SLOW.spread
            state.apply(due.seat, "point")
            clock.acted(due.seat, due.time)
            clock.sync(state)
    assert nearer  # without the restart, some seat would have pointed sooner


def test_a_market_change_does_not_restart_a_seat_in_lights_on() -> None:
    """Options of the same kinds (another market card to take) are no new chance: no
    seat is starved by others acting faster than it reacts; every seat acts."""
    result = play_match("lights-on", [make_bot("medium", s) for s in range(4)], 4)
    assert result.outcome.over
    assert {seat for seat, _ in result.record.actions} == {0, 1, 2, 3}
    slow = [make_bot("medium", s) for s in range(4)]
    quick = ReactionTime(0.2, 0.05)
    raced = play_match("lights-on", slow, 4, reactions=[None, quick, quick, quick])
    assert any(seat == 0 for seat, _ in raced.record.actions[4:])


def test_a_person_like_seat_is_not_last_in_most_rounds_against_medium() -> None:
    """The bench's cell in small (bench/reaction_race.py has the figures): a seat
    reacting 0.8-1.2 s after each chance is not always last against ``medium``."""
    typical = ReactionTime(1.0, 0.2)
    lasts = rounds = 0
    for seed in range(4):
        bots = [HeuristicBot(seed), *(make_bot("medium", 10 * seed + s) for s in (1, 2, 3))]
        result = play_match("reindeers-nose", bots, seed, reactions=[typical, None, None, None])
        for event in result.state.events(None):
            if event["type"] == "round_end":
                rounds += 1
                lasts += event["last"] == 0
    assert rounds >= 10
    assert lasts < rounds / 2
