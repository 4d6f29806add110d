"""The rooms' fast observation paths (their ``encode.observer``): equal to encoding the
view at every state the conformance suite's leak check probes, for every seat, and
unchanged in a world the seat cannot tell apart (so leak-free), for every game that has
one, at every player count."""

from __future__ import annotations

import numpy as np
import pytest

import yuletide
from yuletide.rl.encodings import encoding, fast_observer
from yuletide.rl.fast import check_observer

from .helpers import GAMES

FAST = [g for g in GAMES if fast_observer(encoding(g, yuletide.game_class(g).min_players))]
CASES = [
    (g, n)
    for g in FAST
    for n in range(yuletide.game_class(g).min_players, yuletide.game_class(g).max_players + 1)
]


def test_the_games_with_a_fast_path() -> None:
    assert {
        "looney-lights",
        "check-the-box",
        "wheres-that-bulb",
        "christmas-story",
        "festival-of-lights",
        "jolly-christmas",
        "twinkling-lights",
        "christmas-lights",
    } <= set(FAST)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_fast_observation_is_the_encoded_view_and_leak_free(game_id: str, players: int) -> None:
    made = sum(check_observer(game_id, players, seed) for seed in range(4))
    assert made > 0


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("christmas-story", {"deduction": False}),
        ("wheres-that-bulb", {"memory_aid": True}),
        ("jolly-christmas", {"matching_lights": True, "topper_tiebreak": "round-order"}),
        ("jolly-christmas", {"turn_limit": 30}),
        ("twinkling-lights", {"turn_limit": 8}),
        ("christmas-lights", {"free_actions": 0}),
        ("christmas-lights", {"turn_limit": 40}),
    ],
)
def test_fast_observation_with_options_that_change_the_view(game_id: str, options: dict) -> None:
    players = yuletide.game_class(game_id).min_players
    assert sum(check_observer(game_id, players, seed, **options) for seed in range(3)) > 0


def test_a_wrong_fast_path_is_caught() -> None:
    """The check finds a path that reads a hidden hand (another seat's)."""
    from yuletide.core.conformance import ConformanceError
    from yuletide.rl import encodings

    enc = encoding("looney-lights", 3)
    honest = fast_observer(enc)
    assert honest is not None

    def peeks(state, seat):
        out = honest(state, seat)
        out[-1] = np.float32(state.hands[(seat + 1) % 3][0] > 0)
        return out

    original = encodings.fast_observer
    encodings.fast_observer = lambda e: peeks if e is enc else original(e)
    try:
        with pytest.raises(ConformanceError, match="fast observation"):
            for seed in range(5):
                check_observer("looney-lights", 3, seed)
    finally:
        encodings.fast_observer = original
