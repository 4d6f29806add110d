"""Game-quality measures of one finished game (docs/lab.md, "Game quality", defines
each and gives its source), read by replaying its record:

* ``turns``: runs of consecutive decisions by one seat; ``rounds``: turns / players;
* ``choices``: decisions with more than one legal action; ``branching``: the mean
  number of legal actions at those decisions (Browne 2008, Ludii's branching factor);
* ``minutes``: the game's length at a human table, from the documented times per
  decision (:data:`SECONDS_PER_CHOICE`, :data:`SECONDS_PER_FORCED`);
* ``lead_changes`` and ``winner_led_from`` (Browne's drama and decisiveness, Ludii's
  lead change and decisiveness threshold): after each turn, the leader is the seat whose
  own estimate of its chances is highest. Each estimate is the game's evaluation (the
  room's ``KIT.evaluate``, what ``hard``'s search scores positions with) of a state the
  seat cannot tell from the true one (``determinize``), so it is built from that seat's
  own channel only. ``winner_led_from`` is the share of the game played before the
  eventual single winner took the lead for good (0: led from its first turn; None: no
  single winner, or no evaluation).

The replay costs about what playing with ``random`` costs; the evaluation runs at most
:data:`MAX_LOOKS` times a game (evenly spread over the turns).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ..core.registry import new_game, spec
from ..core.rng import Rng, derive_seed
from ..core.state import ReplayRecord, State

#: Assumed seconds a person takes over a decision with a real choice, and over one with
#: a single legal action (docs/lab.md: the assumption, and how to change it).
SECONDS_PER_CHOICE = 10.0
SECONDS_PER_FORCED = 2.0
#: The most standings measured in one game.
MAX_LOOKS = 60
#: The salt of the determinizations' random stream.
LOOK_SALT = 0x1EAD


def measure(record: ReplayRecord, winners: tuple[int, ...] | list[int]) -> dict[str, Any]:
    """The measures of one game (module docstring), as JSON values."""
    state = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    players = record.players
    legal_counts: list[int] = []
    ends: list[int] = []  # the decision index at which each turn ended
    last = -1
    for i, (seat, text) in enumerate(record.actions):
        if seat != last and i:
            ends.append(i)
        last = seat
        legal = state.legal_actions(seat)
        legal_counts.append(len(legal))
        state.apply_unchecked(seat, type(state).parse_action(text))
    decisions = len(record.actions)
    if decisions:
        ends.append(decisions)
    choices = [n for n in legal_counts if n > 1]
    seconds = SECONDS_PER_CHOICE * len(choices) + SECONDS_PER_FORCED * (decisions - len(choices))
    leads = _leaders(record, ends) if players > 1 else []
    return {
        "turns": len(ends),
        "rounds": len(ends) / players,
        "choices": len(choices),
        "branching": sum(choices) / len(choices) if choices else 1.0,
        "minutes": seconds / 60.0,
        "lead_changes": _changes(leads),
        "winner_led_from": _winner_led_from(leads, decisions, winners),
    }


def _leaders(record: ReplayRecord, ends: list[int]) -> list[tuple[int, int | None]]:
    """(decision index, leader) at up to MAX_LOOKS turn ends; leader None on a tie."""
    try:
        evaluate = getattr(spec(record.game).bot.KIT, "evaluate", None)
    except ImportError:  # a room without a bot part has no evaluation to read
        evaluate = None
    if evaluate is None or not ends:
        return []
    step = max(1, -(-len(ends) // MAX_LOOKS))
    looks = sorted(set(ends[step - 1 :: step]) | {ends[-1]})
    state = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    rng = Rng(derive_seed(record.seed, LOOK_SALT))
    out: list[tuple[int, int | None]] = []
    done = 0
    for at in looks:
        for seat, text in record.actions[done:at]:
            state.apply_unchecked(seat, type(state).parse_action(text))
        done = at
        if state.outcome.over:
            break
        out.append((at, _leader(state, evaluate, rng)))
    return out


def _leader(state: State, evaluate: Any, rng: Rng) -> int | None:
    """The seat whose own estimate is highest (None on a tie)."""
    own = [float(evaluate(state.determinize(s, rng), s)) for s in range(state.players)]
    best = max(own)
    top = [s for s, v in enumerate(own) if v == best]
    return top[0] if len(top) == 1 else None


def _changes(leads: list[tuple[int, int | None]]) -> int:
    seen = [who for _, who in leads if who is not None]
    return sum(1 for a, b in pairwise(seen) if a != b)


def _winner_led_from(
    leads: list[tuple[int, int | None]],
    decisions: int,
    winners: tuple[int, ...] | list[int],
) -> float | None:
    if len(winners) != 1 or not leads or not decisions:
        return None
    winner = winners[0]
    start = 0  # the decision after which the winner led for good
    for at, who in leads:
        if who != winner:
            start = at
    return min(1.0, start / decisions)
