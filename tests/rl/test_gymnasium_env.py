"""The Gymnasium environments: one learner's seat, bots in the others. Gymnasium's own
check_env for every game at its smallest and largest player count (and every difficulty
option of the solo games), opponents in every form, rewards and infos, pickling, and the
vector envs (Gymnasium's Sync/Async, SB3's make_vec_env) made by id."""

from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import yuletide
from yuletide.bots import SeatWindow, make_bot
from yuletide.core.errors import InvalidOption
from yuletide.rl.encodings import encoding
from yuletide.rl.gymnasium import ENV_IDS, SOLO_GAMES, YuletideEnv, env_id
from yuletide.rl.opponents import PolicyBot, Pool

from .helpers import GAMES, game_counts

#: Every difficulty option of the solo games, one value away from the default at a time.
VARIANTS = [
    ("solo-lights", {"strings": 6}),
    ("solo-lights", {"strings": 7}),
    ("solo-lights", {"characters": 4}),
    ("solo-lights", {"characters": 6}),
    ("solo-lights", {"in_sequence": True}),
    ("solo-lights", {"power_surge": False}),
    ("deck-the-yard", {"difficulty": "hard"}),
    ("deck-the-yard", {"difficulty": "heroic"}),
]


def test_every_game_is_registered_by_id() -> None:
    assert tuple(f"yuletide/{g}-v{yuletide.spec(g).encoding_version}" for g in GAMES) == ENV_IDS
    for name in ENV_IDS:
        assert name in gymnasium.registry


def test_variants_cover_every_option_of_the_solo_games() -> None:
    for game_id in SOLO_GAMES:
        names = {o.name for o in yuletide.game_class(game_id).options_spec} - {"turn_limit"}
        assert names == {k for g, o in VARIANTS if g == game_id for k in o}


@pytest.mark.parametrize(("game_id", "players"), game_counts())
def test_gymnasium_check_env_every_game(game_id: str, players: int) -> None:
    env = gymnasium.make(env_id(game_id), players=players, opponents="medium")
    check_env(env.unwrapped)
    env = gymnasium.make(env_id(game_id), players=players, render_mode="ansi")
    check_env(env.unwrapped)


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_gymnasium_check_env_solo_options(game_id: str, options: dict[str, object]) -> None:
    check_env(gymnasium.make(env_id(game_id), **options).unwrapped)


def _episode(env: YuletideEnv, seed: int) -> tuple[float, bool, bool, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks()) and len(legal)
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        total += reward
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            return total, terminated, truncated, info


def test_solo_episodes_end_with_the_win_as_reward() -> None:
    env = YuletideEnv("solo-lights", characters=6, power_surge=False)
    for seed in range(20):
        reward, terminated, truncated, info = _episode(env, seed)
        assert terminated and not truncated and reward in (0.0, 1.0)
        assert info["won"] == (reward == 1.0) and info["rank"] == (1 if info["won"] else 2)


def test_bots_play_the_other_seats_and_info_has_outcome_and_rank() -> None:
    env = YuletideEnv("looney-lights", players=3, seat=1, opponents="medium")
    for seed in range(5):
        reward, terminated, _truncated, info = _episode(env, seed)
        game = env.game
        assert game is not None and terminated
        outcome = game.outcome
        assert reward == float(1 in outcome.winners)
        assert info["rank"] == outcome.ranks[1] and info["outcome"] == outcome.to_dict()
        seats = {s for s, _ in game.history}
        assert seats == {0, 1, 2}, "the bots played their seats"
        assert [s for s, _ in game.history if s == 1], "the learner played its own"


def test_the_learner_is_asked_only_at_its_own_decisions() -> None:
    env = YuletideEnv("looney-lights", players=4, seat=2, views=True)
    _obs, info = env.reset(seed=3)
    for _ in range(30):
        game = env.game
        assert game is not None
        if game.outcome.over:
            break
        assert 2 in game.to_act
        assert info["view"] == game.view(2)
        assert np.array_equal(_obs, encoding("looney-lights", 4).encode(game.view(2)))
        legal = np.flatnonzero(info["action_mask"])
        _obs, _r, term, trunc, info = env.step(int(legal[0]))
        if term or trunc:
            break


def test_opponents_in_every_form() -> None:
    def first_legal(window: SeatWindow):
        return window.legal_actions()[0]

    forms = [
        "random",
        ["easy", "medium", "random"],
        make_bot("medium", 3, "looney-lights"),
        first_legal,
        PolicyBot(lambda obs, mask: int(np.flatnonzero(mask)[-1])),
        Pool(["random", "medium", ["easy", "easy", first_legal]], weights=[1, 2, 1]),
    ]
    for form in forms:
        env = YuletideEnv("looney-lights", players=4, opponents=form)
        _episode(env, 1)
    pool = Pool(["random"])
    env = YuletideEnv("looney-lights", players=4, opponents=pool)
    snapshot = PolicyBot(lambda obs, mask: int(np.flatnonzero(mask)[0]), name="snapshot-1")
    pool.add(snapshot)
    pool.latest = 1  # self-play against the newest snapshot only
    env.reset(seed=0)
    assert all(b is snapshot for b in env.bots.values())


def test_a_pool_is_drawn_per_episode_from_the_seed() -> None:
    pool = Pool(["random", "medium", "easy"])
    env = YuletideEnv("check-the-box", players=2, opponents=pool)
    drawn = []
    for seed in range(12):
        env.reset(seed=seed)
        drawn.append(type(env.bots[1]).__name__)
    assert len(set(drawn)) > 1
    again = []
    for seed in range(12):
        env.reset(seed=seed)
        again.append(type(env.bots[1]).__name__)
    assert drawn == again


def test_real_time_games_let_the_learner_wait() -> None:
    env = YuletideEnv("reindeers-nose", players=4)
    enc = env.encoding
    assert enc.wait is not None
    waited = False
    for seed in range(5):
        _obs, info = env.reset(seed=seed)
        for _ in range(200):
            mask = info["action_mask"]
            if mask[enc.wait]:
                waited = True
                action = enc.wait
            else:
                action = int(np.flatnonzero(mask)[0])
            _obs, _r, term, trunc, info = env.step(action)
            if term or trunc:
                break
    assert waited


def test_reward_kinds() -> None:
    env = YuletideEnv("check-the-box", players=3, reward="score")
    total, _t, _tr, info = _episode(env, 2)
    assert total == info["score"]
    dense = YuletideEnv("looney-lights", players=2, reward="dense")
    for seed in range(3):
        total, terminated, _tr, info = _episode(dense, seed)
        assert terminated and -1.0 <= total <= 2.0
    with pytest.raises(InvalidOption, match="reward must be one of win, score, dense"):
        YuletideEnv("looney-lights", reward="points")


def test_seeded_reset_reproduces() -> None:
    a = YuletideEnv("deck-the-yard")
    b = YuletideEnv("deck-the-yard")
    assert _episode(a, 8)[0] == _episode(b, 8)[0]
    c = YuletideEnv("looney-lights", opponents="easy")
    d = YuletideEnv("looney-lights", opponents="easy")
    _episode(c, 4)
    _episode(d, 4)
    assert c.game is not None and d.game is not None
    assert c.game.record() == d.game.record()


def test_env_pickles_mid_game() -> None:
    env = YuletideEnv("christmas-lights", players=2, opponents="random")
    _obs, info = env.reset(seed=1)
    for _ in range(5):
        _obs, *_rest, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game is not None and env.game is not None
    assert copy.game.record() == env.game.record()
    assert np.array_equal(copy.action_masks(), env.action_masks())
    action = int(np.flatnonzero(env.action_masks())[0])
    a, b = env.step(action), copy.step(action)
    assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]


def test_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = YuletideEnv("solo-lights")
    _obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(InvalidOption, match="call reset"):
        env.step(0)


def test_turn_limit_truncates() -> None:
    env = YuletideEnv("deck-the-yard", turn_limit=2)
    reward, terminated, truncated, _ = _episode(env, 4)
    assert truncated and not terminated and reward == 0.0


def test_render_modes() -> None:
    env = gymnasium.make(env_id("looney-lights"), render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    text = gymnasium.make(env_id("looney-lights"), render_mode="ansi")
    text.reset(seed=0)
    assert "Looney Lights" in text.render()


def test_bad_requests_say_what_is_allowed() -> None:
    with pytest.raises(InvalidOption, match="option 'strings' must be"):
        YuletideEnv("solo-lights", strings=9)
    with pytest.raises(InvalidOption, match="render_mode"):
        YuletideEnv("solo-lights", render_mode="human")
    with pytest.raises(InvalidOption, match="seat must be a whole number from 0 to 3"):
        YuletideEnv("looney-lights", players=4, seat=4)
    with pytest.raises(InvalidOption, match="no bot 'grandmaster'"):
        YuletideEnv("looney-lights", opponents="grandmaster")
    with pytest.raises(InvalidOption, match="one entry per other seat"):
        YuletideEnv("looney-lights", players=4, opponents=["random", "medium"])
    with pytest.raises(InvalidOption, match="an opponent is a bot's name"):
        YuletideEnv("looney-lights", opponents=[3, 4, 5])
    with pytest.raises(InvalidOption, match="has no dense reward"):
        YuletideEnv("christmas-story", reward="dense")


def test_vector_envs_by_id() -> None:
    name = env_id("check-the-box")
    sync = gymnasium.make_vec("yuletide/check-the-box-v1", num_envs=3, vectorization_mode="sync")
    obs, _info = sync.reset(seed=0)
    assert obs.shape == (3, encoding("check-the-box", 3).size)
    sync.close()
    from gymnasium.vector import AsyncVectorEnv

    envs = AsyncVectorEnv([lambda: gymnasium.make(name, players=2) for _ in range(2)])
    try:
        obs, info = envs.reset(seed=1)
        for _ in range(20):
            masks = info["action_mask"]
            actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
            obs, _r, _t, _tr, info = envs.step(actions)
        assert obs.shape[0] == 2
    finally:
        envs.close()


def test_sb3_make_vec_env_by_id() -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env("yuletide/solo-lights-v1", n_envs=8)
    obs = vec.reset()
    assert obs.shape == (8, encoding("solo-lights", 1).size)
    assert vec.get_attr("render_mode")[0] == "rgb_array"
    vec.close()
