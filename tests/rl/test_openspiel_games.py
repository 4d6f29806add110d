"""The OpenSpiel registration: OpenSpiel's own random_sim_test for every game at its
smallest and largest player count, resampling by determinize, and OpenSpiel's own
Python ISMCTSBot playing every game through the registration."""

from __future__ import annotations

import numpy as np
import pytest

import yuletide
from yuletide.rl.encodings import encoding

pyspiel = pytest.importorskip("pyspiel")
yo = pytest.importorskip("yuletide.rl.openspiel")

from .helpers import GAMES, game_counts  # noqa: E402

#: A shorter turn limit for the long games (random play runs hundreds of actions and
#: random_sim_test checks every player's observations at every one of them): the
#: games then also end by the limit, which the test covers too.
SHORT = {
    "christmas-lights": 12,
    "jingle-bell-run": 40,
    "untangle": 40,
    "wheres-that-bulb": 60,
    "reindeers-nose": 150,
    "looney-lights": 60,
    "twinkling-lights": 8,
}


def _load(game_id: str, players: int, **params: object) -> object:
    if game_id in SHORT:
        params.setdefault("turn_limit", SHORT[game_id])
    return pyspiel.load_game(yo.short_name(game_id), {"players": players, **params})


def test_every_game_is_registered_with_its_options_as_parameters() -> None:
    names = {t.short_name for t in pyspiel.registered_games()}
    for game_id in GAMES:
        name = yo.short_name(game_id)
        assert name == "yuletide_" + game_id.replace("-", "_") and name in names
        cls = yuletide.game_class(game_id)
        game = pyspiel.load_game(name)
        params = game.get_parameters()
        assert params["players"] == cls.default_players
        assert params["deals"] == yo.DEFAULT_DEALS
        for option in cls.options_spec:
            assert params[option.name] == option.default
        enc = encoding(game_id, cls.default_players)
        assert game.num_distinct_actions() == enc.num_actions
        assert game.observation_tensor_shape() == [enc.size]
    game = pyspiel.load_game("yuletide_solo_lights", {"strings": 7, "in_sequence": True})
    state = game.new_initial_state()
    state.apply_action(3)
    assert state._world.state.options["strings"] == 7


@pytest.mark.parametrize(("game_id", "players"), game_counts())
def test_openspiel_random_sim_test(game_id: str, players: int) -> None:
    """With ``serialize=True``: every state along the way is pickled and restored."""
    pyspiel.random_sim_test(_load(game_id, players), num_sims=2, serialize=True, verbose=False)


def test_the_deal_is_the_chance_outcome_and_returns_are_wins() -> None:
    game = pyspiel.load_game("yuletide_looney_lights", {"players": 3, "deals": 50})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 50
    state.apply_action(17)
    assert state._world.state.seed == 17
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    winners = state._world.state.outcome.winners
    assert state.returns() == [1.0 if s in winners else 0.0 for s in range(3)]


def test_observations_are_the_players_window() -> None:
    game = pyspiel.load_game("yuletide_check_the_box", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    view = state._world.state.view(1)
    enc = encoding("check-the-box", 3)
    assert np.array_equal(np.array(state.observation_tensor(1), np.float32), enc.encode(view))
    assert '"hand":' in state.observation_string(1)
    assert state.information_state_string(1).startswith("p1 asked[0] ")
    assert state.information_state_string(1) != state.information_state_string(2)


def test_resample_from_infostate_is_determinize() -> None:
    """A resampled state looks the same to the player (information state, observation,
    legal actions) and re-deals what it cannot see."""
    game = pyspiel.load_game("yuletide_looney_lights", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(8)
    rng = np.random.default_rng(1)
    for _ in range(10):
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    others = set()
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample._world.state.determinized and sample is not state
        others.add(sample.observation_string((player + 1) % 3))
    assert len(others) > 1, "the other hands are re-dealt"
    assert not state._world.state.determinized


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_bot_plays_every_game(game_id: str) -> None:
    """OpenSpiel's own Python ISMCTSBot, given the registration's resampler, chooses a
    legal action at every decision of the first moves of a game."""
    players = yuletide.game_class(game_id).min_players
    game = _load(game_id, players)
    bot = yo.ismcts_bot(game, 6, seed=1)
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(4):
        if state.is_terminal():
            break
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)


def test_evaluate_bots_runs_openspiel_ismcts_on_our_games() -> None:
    """OpenSpiel's evaluate_bots calls restart_at and inform_action on every bot."""
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("yuletide_check_the_box", {"players": 2})
    bots = [yo.ismcts_bot(game, 10, seed=1), pyspiel.make_uniform_random_bot(1, 3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == 2 and all(r in (0.0, 1.0) for r in returns)


def test_openspiel_ismcts_bot_plays_a_whole_game() -> None:
    game = pyspiel.load_game("yuletide_festival_of_lights", {"players": 3})
    bots = [yo.ismcts_bot(game, 8, seed=s) for s in range(3)]
    state = game.new_initial_state()
    state.apply_action(4)
    while not state.is_terminal():
        state.apply_action(int(bots[state.current_player()].step(state)))
    assert sum(state.returns()) >= 1.0


def test_openspiel_rl_environment_plays_with_observation_tensors() -> None:
    """OpenSpiel's rl_environment (what its DQN, NFSP and policy-gradient agents use)
    runs on the registration: no information-state tensor, so it uses the observation."""
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("yuletide_looney_lights", {"players": 2})
    env = rl_environment.Environment(game)
    step = env.reset()
    rng = np.random.default_rng(0)
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert sorted(step.rewards) == [0.0, 1.0]
    assert len(step.observations["info_state"][0]) == encoding("looney-lights", 2).size
