"""Helpers for the rooms' fast observation paths (their ``encode.observer``): where each
part of the view lands in the vector, and the parts every game shares (``to_act`` and
the outcome), written straight from the state. A fast path must give exactly
``encode(view(seat))``; :func:`check_observer` checks it at every state the
conformance suite's leak check probes, so a
path that read anything the view does not hold would show there as a difference."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.state import State

Vector = npt.NDArray[np.float32]

__all__ = ["Vector", "bag_steps", "check_observer", "offsets", "sparse", "write_common"]


def offsets(enc: Any) -> dict[str, int]:
    """The first slot of every part of ``enc``'s layout, by its path (``hand_sizes[seat]``
    for a per-seat part; ``outcome.status``)."""
    out: dict[str, int] = {}
    for row in enc.layout():
        out.setdefault(row.path, row.start)
    return out


def write_common(
    out: Vector | list[float] | dict[int, float],
    at: dict[str, int],
    state: State,
    seat: int,
    players: int,
) -> None:
    """``to_act`` (multi-hot, relative to ``seat``) and the outcome's status and winners."""
    outcome = state.outcome
    if outcome.status == "ongoing":
        base = at["to_act"]
        for s in state.to_act:
            out[base + (s - seat) % players] = 1.0
        out[at["outcome.status"]] = 1.0
        return
    # A finished game: to_act is what the state says (empty for every game so far).
    base = at["to_act"]
    for s in state.to_act:
        out[base + (s - seat) % players] = 1.0
    out[at["outcome.status"] + (1 if outcome.status == "finished" else 2)] = 1.0
    base = at["outcome.winners"]
    for s in outcome.winners:
        out[base + (s - seat) % players] = 1.0


def check_observer(game_id: str, players: int, seed: int, *, every: int = 7, **options: Any) -> int:
    """The fast path's proof along a random game, at the states the conformance suite's
    leak check probes (every ``every``-th state, the last, the first of each phase), for
    every seat: it equals ``encode(view(seat))`` exactly, and it is the same in a world
    the seat cannot tell apart (``conformance.another_world``: everything hidden from it
    re-dealt), so it reads nothing the seat may not know. ``options`` are the game's.
    Returns the checks made (0 when
    the room has no fast path); ConformanceError names the first difference."""
    from ..core.conformance import ConformanceError, another_world, random_game  # noqa: PLC0415
    from ..core.rng import Rng, derive_seed  # noqa: PLC0415
    from .encodings import encoding, fast_observer  # noqa: PLC0415

    enc = encoding(game_id, players)
    fast = fast_observer(enc)
    if fast is None:
        return 0
    rng = Rng(derive_seed(seed, 0xFA57))
    phases: set[str] = set()
    made = 0

    def fail(state: State, seat: int, what: str, a: Vector, b: Vector) -> ConformanceError:
        slots = np.flatnonzero(a != b)[:5].tolist()
        rows = {r.path for r in enc.layout() for k in slots if r.start <= k < r.stop}
        return ConformanceError(
            f"{game_id} players={players} seed={seed} step={len(state.history)} seat={seat}:"
            f" the fast observation {what} at slots {slots} ({', '.join(sorted(rows))})"
        )

    def probe(state: State) -> None:
        nonlocal made
        phase = state.current_phase
        if len(state.history) % every and not state.outcome.over and phase in phases:
            return
        phases.add(phase)
        for seat in range(players):
            mine = fast(state, seat)
            slow = enc.encode(state.view(seat))
            if not np.array_equal(mine, slow):
                raise fail(state, seat, "differs from encode(view)", mine, slow)
            if not state.outcome.over:
                other = another_world(state, seat, rng)
                theirs = fast(other, seat)
                if not np.array_equal(mine, theirs):
                    raise fail(
                        state, seat, "changes in a world the seat cannot tell apart", mine, theirs
                    )
            made += 1

    random_game(game_id, players, seed, options, on_step=probe)
    return made


def sparse(values: dict[int, float], size: int) -> Vector:
    """The vector of ``size`` slots holding ``values`` (slot -> value), zeros elsewhere:
    cheaper than a dense list for the large, mostly empty observations."""
    out = np.zeros(size, dtype=np.float32)
    if values:
        out[list(values)] = list(values.values())
    return out


def bag_steps(cap: int, most: int = 64) -> list[float]:
    """What a bag's slot holds for a count of 0, 1, 2, ... cards: the schema's writer adds
    ``1 / cap`` once per card and stops at 1, so the table repeats those additions (the
    same floats, not ``count / cap``, which can differ in the last bit)."""
    out = [0.0]
    x, step = 0.0, 1.0 / cap
    for _ in range(most):
        x = x + step
        x = x if x < 1.0 else 1.0
        out.append(x)
    return out
