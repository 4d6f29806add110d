"""The Gymnasium environments of the solo games: Gymnasium's own check_env for every
difficulty option, and the episode rules."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import yuletide
from yuletide.core.errors import InvalidOption
from yuletide.rl.encodings import encoding
from yuletide.rl.gymnasium import SOLO_GAMES, SoloEnv

#: Every difficulty option of the solo games, one value away from the default at a time.
VARIANTS = [
    ("solo-lights", {}),
    ("solo-lights", {"strings": 6}),
    ("solo-lights", {"strings": 7}),
    ("solo-lights", {"characters": 4}),
    ("solo-lights", {"characters": 6}),
    ("solo-lights", {"in_sequence": True}),
    ("solo-lights", {"power_surge": False}),
    ("deck-the-yard", {}),
    ("deck-the-yard", {"difficulty": "hard"}),
    ("deck-the-yard", {"difficulty": "heroic"}),
]


def test_variants_cover_every_option_of_the_solo_games() -> None:
    for game_id in SOLO_GAMES:
        names = {o.name for o in yuletide.game_class(game_id).options_spec} - {"turn_limit"}
        assert names == {k for g, o in VARIANTS if g == game_id for k in o}


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_gymnasium_check_env(game_id: str, options: dict[str, object]) -> None:
    check_env(gymnasium.make(f"yuletide/{game_id}-v1", **options).unwrapped)
    check_env(gymnasium.make(f"yuletide/{game_id}-v1", render_mode="ansi", **options).unwrapped)


def _episode(env: SoloEnv, seed: int) -> tuple[float, bool, bool, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            return reward, terminated, truncated, info


def test_episodes_end_with_the_win_as_reward() -> None:
    env = SoloEnv("solo-lights", characters=6, power_surge=False)
    results = [_episode(env, seed) for seed in range(30)]
    for reward, terminated, truncated, _info in results:
        assert terminated and not truncated and reward in (0.0, 1.0)
    assert env.game is not None
    assert (reward == 1.0) == (env.game.outcome.winners == (0,))


def test_observation_and_info_are_the_players_window() -> None:
    env = SoloEnv("deck-the-yard")
    obs, info = env.reset(seed=3)
    game = env.game
    assert game is not None
    enc = encoding("deck-the-yard", 1)
    assert info["view"] == game.view(0)
    assert np.array_equal(obs, enc.encode(game.view(0)))
    assert info["legal"] == [str(enc.actions[k]) for k in np.flatnonzero(info["action_mask"])]


def test_seeded_reset_reproduces() -> None:
    a, b = SoloEnv("deck-the-yard"), SoloEnv("deck-the-yard")
    assert _episode(a, 8)[0] == _episode(b, 8)[0]
    assert a.game is not None and b.game is not None
    assert a.game.record() == b.game.record()


def test_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = SoloEnv("solo-lights")
    _obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(InvalidOption, match="call reset"):
        env.step(0)


def test_turn_limit_truncates() -> None:
    env = SoloEnv("deck-the-yard", turn_limit=2)
    reward, terminated, truncated, _ = _episode(env, 4)
    assert truncated and not terminated and reward == 0.0


def test_bad_requests_say_what_is_allowed() -> None:
    with pytest.raises(InvalidOption, match="for the solo games"):
        SoloEnv("looney-lights")
    with pytest.raises(InvalidOption, match="option 'strings' must be"):
        SoloEnv("solo-lights", strings=9)
    with pytest.raises(InvalidOption, match="render_mode"):
        SoloEnv("solo-lights", render_mode="human")
