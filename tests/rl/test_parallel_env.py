"""The PettingZoo ParallelEnv: PettingZoo's own parallel_api_test for every game at its
smallest and largest player count, and who acts together in a step."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

from yuletide.core.errors import InvalidOption
from yuletide.rl.encodings import encoding
from yuletide.rl.parallel import parallel_env

from .helpers import game_counts

with warnings.catch_warnings():
    # pettingzoo.test imports its connect_four_v3, which warns about its own old API.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import parallel_api_test


@pytest.mark.parametrize(("game_id", "players"), game_counts())
def test_pettingzoo_parallel_api_test(game_id: str, players: int) -> None:
    parallel_api_test(parallel_env(game_id, players=players), num_cycles=300)


def _random_step(env, obs, rng):
    actions = {}
    for agent in env.agents:
        legal = np.flatnonzero(obs[agent]["action_mask"])
        actions[agent] = int(legal[rng.integers(len(legal))]) if len(legal) else 0
    return env.step(actions)


def test_turn_based_games_expose_the_seat_whose_turn_it_is() -> None:
    env = parallel_env("looney-lights", players=3)
    obs, infos = env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(20):
        state = env.state
        acting = [a for a in env.agents if infos[a]["acting"]]
        assert acting == [f"seat_{s}" for s in sorted(state.to_act)] and len(acting) == 1
        for agent in env.agents:
            assert obs[agent]["action_mask"].any() == (agent in acting)
        obs, _r, term, _tr, infos = _random_step(env, obs, rng)
        if any(term.values()):
            break


def test_simultaneous_choices_act_in_one_step() -> None:
    env = parallel_env("festival-of-lights", players=3)
    obs, infos = env.reset(seed=4)
    assert all(infos[a]["acting"] for a in env.agents)
    moves = len(env.state.history)
    _random_step(env, obs, np.random.default_rng(1))
    assert len(env.state.history) == moves + 3


def test_real_time_races_apply_in_a_random_order_and_may_wait() -> None:
    env = parallel_env("reindeers-nose", players=4)
    enc = encoding("reindeers-nose", 4)
    obs, _infos = env.reset(seed=9)
    assert all(obs[a]["action_mask"][enc.wait] for a in env.agents)
    moves = len(env.state.history)
    env.step(dict.fromkeys(env.agents, enc.wait))
    assert len(env.state.history) == moves, "everyone waited: nothing happened"
    # Blink: a card played on a string can leave another seat's card unplayable.
    blink = parallel_env("blink", players=4)
    obs, _infos = blink.reset(seed=9)
    rng = np.random.default_rng(2)
    late = 0
    while blink.agents:
        obs, _r, _t, _tr, infos = _random_step(blink, obs, rng)
        late += sum(bool(i.get("too_late")) for i in infos.values())
    assert late > 0, "some actions lose the race"


def test_end_of_game_rewards_and_infos() -> None:
    env = parallel_env("check-the-box", players=3, reward="score")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        obs, rewards, _t, _tr, infos = _random_step(env, obs, rng)
        for a, r in rewards.items():
            totals[a] += r
    outcome = env.state.outcome
    for s, a in enumerate(env.possible_agents):
        assert totals[a] == outcome.scores[s] == infos[a]["score"]
        assert infos[a]["rank"] == outcome.ranks[s]


def test_illegal_actions_and_pickling() -> None:
    env = parallel_env("looney-lights", players=2)
    obs, _ = env.reset(seed=2)
    acting = next(a for a in env.agents if obs[a]["action_mask"].any())
    bad = int(np.flatnonzero(obs[acting]["action_mask"] == 0)[0])
    copy = pickle.loads(pickle.dumps(env))
    _o, rewards, term, _tr, infos = env.step(dict.fromkeys(env.agents, bad))
    assert rewards[acting] == -1.0 and all(term.values()) and infos[acting]["illegal_move"]
    assert copy.state.record() == env.state.record()
    strict = parallel_env("looney-lights", players=2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(InvalidOption, match="is not legal for seat_0 now; legal now"):
        strict.step(dict.fromkeys(strict.agents, bad))
    with pytest.raises(InvalidOption, match="seat_0 may act now"):
        strict.step({})
