"""Playing a lab game: the one function every backend runs (so every backend gives the
same results for the same seeds).

A worker is handed a chunk of payloads, each ``(key, game, players, options, seating,
seed)`` — a few hundred bytes: no state, no bot object travels — and returns one result
record per game, keyed by the game's content key. The record holds only public results
(the outcome and the spectator's view at the end), as JSON values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots import make_bot
from ..core.events import Event
from ..core.registry import spec
from ..core.rng import derive_seed
from ..sim.match import play_match
from .facts import facts
from .quality import measure

#: What a worker is given for one game (see :meth:`yuletide.lab.plan.Plan.payload`).
Payload = tuple[str, str, int, dict[str, Any], tuple[str, ...], int]
#: What it returns for it: the key and the result record.
Result = tuple[str, dict[str, Any]]


def play_game(
    game_id: str, players: int, options: dict[str, Any], seating: Sequence[str], seed: int
) -> dict[str, Any]:
    """Play one game (the bot at seat ``s`` seeded ``derive_seed(seed, 1 + s)``, as in
    ``yuletide simulate``) and return its result record."""
    bots = [make_bot(name, derive_seed(seed, 1 + s), game_id) for s, name in enumerate(seating)]
    match = play_match(game_id, bots, seed, options)
    outcome = match.outcome
    return {
        "status": outcome.status,
        "winners": list(outcome.winners),
        "scores": None if outcome.scores is None else list(outcome.scores),
        "ranks": None if outcome.ranks is None else list(outcome.ranks),
        "tiebreak": outcome.tiebreak,
        "decisions": match.decisions,
        "table_seconds": round(match.seconds, 6),
        "forced": len(match.forced),
        "facts": facts(game_id, outcome, match.state.view(None)),
        "rules_used": rules_used(game_id, match.state.events(None), len(seating)),
        "quality": measure(match.record, outcome.winners),
    }


def rules_used(game_id: str, events: Sequence[Event], players: int) -> dict[str, list[int]]:
    """How often each seat used each of the game's optional rules (the manifest's
    ``optional_rules``), from the spectator's events: option -> uses per seat (a use by
    no seat in particular counts for seat 0, as in a solo game)."""
    used: dict[str, list[int]] = {}
    for rule in spec(game_id).optional_rules:
        if rule.count is not None:
            used[rule.option] = rule.count(events, players)
            continue
        seats = [0] * players
        for event in events:
            if event.get("type") in rule.events:
                seat = event.get("seat", 0)
                seats[seat if isinstance(seat, int) and 0 <= seat < players else 0] += 1
        used[rule.option] = seats
    return used


def play_chunk(chunk: Sequence[Payload]) -> list[Result]:
    """Play every game of a chunk, in order."""
    return [
        (key, play_game(game, n, opts, seats, seed)) for key, game, n, opts, seats, seed in chunk
    ]


def noop_chunk(chunk: Sequence[Payload]) -> list[Result]:
    """A chunk that plays nothing (the scaling measurement's per-task overhead)."""
    return [(payload[0], {}) for payload in chunk]
