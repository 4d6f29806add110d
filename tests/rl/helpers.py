"""Shared by the RL tests: random play through the seat windows, and the player counts."""

from __future__ import annotations

from collections.abc import Iterator

import yuletide
from yuletide.core.rng import Rng
from yuletide.core.state import State

GAMES = yuletide.games()


def counts(game_id: str) -> list[int]:
    """The smallest and the largest player count of a game."""
    cls = yuletide.game_class(game_id)
    return sorted({cls.min_players, cls.max_players})


def game_counts() -> list[tuple[str, int]]:
    """Every game at its smallest and largest player count."""
    return [(g, n) for g in GAMES for n in counts(g)]


def random_play(game_id: str, players: int, seed: int, limit: int = 400) -> Iterator[State]:
    """The states of one random game (each before its action), at most ``limit``."""
    state = yuletide.new_game(game_id, players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(limit):
        yield state
        if state.outcome.over:
            return
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        actions = state.legal_actions(seat)
        state.apply_unchecked(seat, actions[rng.below(len(actions))])
