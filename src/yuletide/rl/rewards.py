"""The rewards an environment can give (``reward=`` of the Gymnasium, AEC and parallel
environments), and what ``info`` says at the end of a game.

* ``"win"`` (the default): 1 to each winner at the end, 0 to everyone else; 0 to all
  when the turn limit cuts the game off. Range [0, 1].
* ``"score"``: the seat's final score at the end (``outcome.scores``, in the game's own
  units: points, strings, pairs; docs/rl.md lists each game's range); 0 when cut off.
* ``"dense"``: ``"win"`` plus, at every step, the change of the seat's *progress*: a
  number in [0, 1] the game's room reads from the seat's own view (cards shed, strings
  completed, pairs found: its ``encode.progress``). Progress is a potential, so the
  shaping sums to (last progress - first progress) over an episode, in [-1, 1], and
  for undiscounted returns does not change which policies are best (Ng, Harada and
  Russell, 1999). Range of an episode's return: [-1, 2]. Only games whose room
  defines a progress offer it.

An illegal action number ends the episode with -1 whatever the kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.errors import InvalidOption
from ..core.registry import games, spec
from ..core.state import Outcome

__all__ = ["KINDS", "dense_games", "outcome_info", "progress_of", "terminal_reward"]

#: The reward kinds, the default first.
KINDS: tuple[str, ...] = ("win", "score", "dense")

Progress = Callable[[Mapping[str, Any]], float]


def progress_of(game_id: str) -> Progress | None:
    """The room's progress function (its ``encode.progress``), or None."""
    found = spec(game_id)
    if not getattr(found, "encode", False):
        return None
    progress: Progress | None = getattr(found.part("encode"), "progress", None)
    return progress


def dense_games() -> list[str]:
    """The games that offer the dense reward."""
    return [g for g in games() if progress_of(g) is not None]


def check_kind(kind: str, game_id: str) -> Progress | None:
    """InvalidOption unless ``kind`` is a reward kind ``game_id`` offers; the progress
    function for ``"dense"``."""
    if kind not in KINDS:
        raise InvalidOption(f"reward must be one of {', '.join(KINDS)}, got {kind!r}")
    if kind != "dense":
        return None
    progress = progress_of(game_id)
    if progress is None:
        raise InvalidOption(
            f"{game_id} has no dense reward; games with one: {', '.join(dense_games())}"
        )
    return progress


def terminal_reward(kind: str, outcome: Outcome, seat: int) -> float:
    """The reward at the end of a game for ``seat`` (the dense shaping comes on top)."""
    if outcome.status != "finished":
        return 0.0
    if kind == "score":
        scores = outcome.scores
        return 0.0 if scores is None else float(scores[seat])
    return 1.0 if seat in outcome.winners else 0.0


def outcome_info(outcome: Outcome, seat: int) -> dict[str, Any]:
    """What ``info`` carries at the end: the outcome (as JSON values), whether the seat
    won, its rank (1 is best; a solo game: 1 if won, else 2) and its score."""
    ranks = outcome.ranks
    won = outcome.status == "finished" and seat in outcome.winners
    if ranks is not None:
        rank: int | None = int(ranks[seat])
    elif outcome.status == "finished":
        rank = 1 if won else 2
    else:
        rank = None
    scores = outcome.scores
    return {
        "outcome": outcome.to_dict(),
        "won": won,
        "rank": rank,
        "score": None if scores is None else float(scores[seat]),
    }
