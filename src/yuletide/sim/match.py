"""The match runner: any mix of bots at a table, one game, its replay record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot, SeatWindow
from ..core.registry import new_game
from ..core.rng import Rng, derive_seed
from ..core.state import Outcome, ReplayRecord, State


@dataclass(frozen=True, slots=True)
class MatchResult:
    record: ReplayRecord
    outcome: Outcome
    decisions: int
    state: State


def play_match(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    checked: bool = False,
) -> MatchResult:
    """Play one game, seat ``i`` played by ``bots[i]``. When several seats may act at
    once, the order they act in is drawn from the match's seeded RNG, so a match is
    reproducible from ``seed``. ``checked`` sends every action through ``apply``."""
    state = new_game(game_id, players=len(bots), seed=seed, **(options or {}))
    windows = [SeatWindow(state, s) for s in range(len(bots))]
    order = Rng(derive_seed(seed, 0x0DE4))
    decisions = 0
    while True:
        to_act = state.to_act
        if not to_act:
            break
        if len(to_act) == 1:
            (seat,) = to_act
        else:
            seats = sorted(to_act)
            seat = seats[order.below(len(seats))]
        action = bots[seat].act(windows[seat])
        if checked:
            state.apply(seat, action)
        else:
            state.apply_unchecked(seat, action)
        decisions += 1
    return MatchResult(state.record(), state.outcome, decisions, state)
