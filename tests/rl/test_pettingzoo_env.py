"""The PettingZoo AEC environments: PettingZoo's own api_test and seed_test for every
game at its smallest and largest player count, and the rules of our AEC form."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import yuletide
from yuletide.core.errors import InvalidOption
from yuletide.core.rng import Rng
from yuletide.rl.encodings import encoding
from yuletide.rl.pettingzoo import env, raw_env
from yuletide.rl.turns import Turns

from .helpers import game_counts

with warnings.catch_warnings():
    # pettingzoo.test imports its connect_four_v3 when pygame is installed, which warns
    # that its own old creation API is deprecated: not ours to fix.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

# The two warnings api_test gives every env with Dict observations and masks
# (PettingZoo's own classic games included; STACK.md §8). Any other warning fails.
EXPECTED = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.parametrize(("game_id", "players"), game_counts())
@pytest.mark.filterwarnings(EXPECTED[0])
@pytest.mark.filterwarnings(EXPECTED[1])
def test_pettingzoo_api_and_seed_tests(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=60, verbose_progress=False)
    seed_test(lambda: env(game_id, players=players), num_cycles=30)


def _play(e, rng: np.random.Generator, limit: int = 10_000) -> list[str]:
    """Random legal play to the end; the agents asked, in order."""
    asked = []
    for agent in e.agent_iter(limit):
        obs, _r, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        asked.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        if e.views:
            assert [e.unwrapped.encoding.notation(int(k)) for k in legal] == info["legal"]
        e.step(int(legal[rng.integers(len(legal))]))
    return asked


def test_window_only_view_and_masks() -> None:
    """The agent asked gets its own view in infos and its legal actions as its mask;
    the others get a zero mask; observations are the encoded views."""
    e = env("looney-lights", players=3, views=True)
    e.reset(seed=3)
    agent = e.agent_selection
    seat = e.agent_seat[agent]
    state = e.state
    obs, _, _, _, info = e.last()
    assert info["view"] == state.view(seat)
    enc = encoding("looney-lights", 3)
    assert np.array_equal(obs["observation"], enc.encode(state.view(seat)))
    assert np.array_equal(obs["action_mask"], enc.mask(state.legal_actions(seat)))
    other = next(a for a in e.agents if a != agent)
    other_obs = e.observe(other)
    assert not other_obs["action_mask"].any()
    assert np.array_equal(other_obs["observation"], enc.encode(state.view(e.agent_seat[other])))


def test_rewards_go_to_the_winners_at_the_end() -> None:
    e = env("looney-lights", players=3)
    e.reset(seed=11)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    outcome = e.state.outcome
    assert outcome.status == "finished"
    assert totals == {a: float(e.agent_seat[a] in outcome.winners) for a in totals}
    assert not e.agents
    for a, info in e.infos.items():
        seat = e.agent_seat[a]
        assert info["rank"] == outcome.ranks[seat] and info["won"] == (seat in outcome.winners)
        assert info["outcome"]["status"] == "finished"


def test_turn_limit_truncates_with_no_reward() -> None:
    e = env("looney-lights", players=2, turn_limit=3)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    seen_trunc = False
    for _agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0
            seen_trunc = True
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    assert seen_trunc and e.state.outcome.status == "unfinished"


def test_reset_seed_reproduces_and_unseeded_resets_go_on() -> None:
    a, b = env("blink", players=3), env("blink", players=3)
    a.reset(seed=5)
    b.reset(seed=5)
    assert _play(a, np.random.default_rng(2)) == _play(b, np.random.default_rng(2))
    assert a.state.record() == b.state.record()
    first = a.state.seed
    a.reset()
    assert a.state.seed != first


def test_illegal_action_terminates_or_raises() -> None:
    e = env("looney-lights", players=2)
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0 and e.infos[agent] == {"illegal_move": True}
    strict = env("looney-lights", players=2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(InvalidOption, match="is not legal for seat_0 now; legal now: play"):
        strict.step(bad)
    with pytest.raises(InvalidOption, match=r"action number 0\.\.21"):
        strict.step(99)
    with pytest.raises(InvalidOption, match="call reset"):
        env("looney-lights").step(0)
    with pytest.raises(InvalidOption, match="illegal must be"):
        env("looney-lights", illegal="ignore")
    with pytest.raises(InvalidOption, match="no option 'colour'"):
        env("looney-lights", colour="red")
    with pytest.raises(InvalidOption, match="2 to 6 players"):
        raw_env("looney-lights", players=7)


def test_render_is_the_spectators_text() -> None:
    e = env("check-the-box", players=2, render_mode="ansi")
    e.reset(seed=1)
    cls = yuletide.game_class("check-the-box")
    assert e.render() == yuletide.spec(cls.game_id).text.render(e.state.view(None))
    with pytest.raises(InvalidOption, match="render_mode"):
        env("check-the-box", render_mode="human")
    frame = env("check-the-box", players=2, render_mode="rgb_array")
    frame.reset(seed=1)
    image = frame.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3


def test_aec_env_pickles_mid_game() -> None:
    """Christmas Lights' state holds caches pickle refuses: the env saves it as its record."""
    import pickle

    e = env("christmas-lights", players=3)
    e.reset(seed=2)
    _play(e, np.random.default_rng(0), limit=40)
    copy = pickle.loads(pickle.dumps(e))
    assert copy.state.record() == e.state.record()
    agent = e.agent_selection
    assert np.array_equal(copy.observe(agent)["observation"], e.observe(agent)["observation"])


def test_simultaneous_choices_are_asked_in_seat_order() -> None:
    """Festival of Lights: every seat chooses a card at once; the AEC asks seat 0, then
    1, then 2, and nobody may wait (not a real-time game)."""
    e = env("festival-of-lights", players=3)
    e.reset(seed=4)
    assert len(e.state.to_act) == 3
    asked = []
    rng = np.random.default_rng(0)
    while len(asked) < 3:
        obs, *_ = e.last()
        asked.append(e.agent_selection)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    assert asked == ["seat_0", "seat_1", "seat_2"]


def test_real_time_seats_may_wait_except_the_last_one_asked() -> None:
    """Reindeer's Nose: every seat may pass at once. The seats are asked in a random
    order each moment; a seat may wait for the next one, and the last seat not yet
    waiting must act, so a moment always ends with an action."""
    e = env("reindeers-nose", players=4)
    e.reset(seed=9)
    enc = e.encoding
    assert enc.wait is not None
    state = e.state
    moment = len(state.history)
    assert len(state.to_act) == 4
    asked = []
    for _ in range(3):
        mask = e.observe(e.agent_selection)["action_mask"]
        assert mask[enc.wait] == 1
        asked.append(e.agent_selection)
        e.step(enc.wait)
        assert len(state.history) == moment
    last = e.agent_selection
    assert last not in asked and sorted([*asked, last]) == sorted(e.possible_agents)
    mask = e.observe(last)["action_mask"]
    assert mask[enc.wait] == 0 and mask.any()
    e.step(int(np.flatnonzero(mask)[0]))
    assert len(state.history) == moment + 1


def test_turns_order_is_drawn_per_moment_and_copies_are_independent() -> None:
    state = yuletide.new_game("reindeers-nose", players=5, seed=1)
    orders = set()
    for k in range(20):
        turns = Turns(state, Rng(k))
        orders.add(tuple(turns.queue))
        assert sorted(turns.queue) == sorted(state.to_act)
    assert len(orders) > 1, "every seat gets to be asked first"
    turns = Turns(state, Rng(3))
    copy = turns.copy()
    turns.waited()
    assert copy.queue != turns.queue and copy.asked != turns.asked
    with pytest.raises(ValueError, match="may not wait"):
        Turns(yuletide.new_game("looney-lights", players=2, seed=1), Rng(0)).waited()
