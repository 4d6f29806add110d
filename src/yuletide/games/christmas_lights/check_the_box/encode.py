"""Check the Box for the RL layer (``yuletide.rl``): the fast observation path and the
dense reward's progress.

* ``observer``: the observation written straight from the state for one seat, without
  building the view: its own hand, the sets on the table, what the table knows of each
  hand (``known``), the public counters (tests/rl prove it equal to
  encoding the view at every state the conformance suite probes).
* ``progress``: the cards the seat has boxed in its sets (its score: the most wins).
  Read from the seat's own view only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from yuletide.rl.fast import bag_steps, offsets, write_common

from .rules import KIND_NAME, N_KINDS, PRESENT_STEP, CheckTheBox

#: Boxed cards counted at most.
CAP = 15


def progress(view: Mapping[str, Any]) -> float:
    """(cards boxed) / 15, in [0, 1]."""
    return min(int(view["set_counts"][view["seat"]]), CAP) / CAP


def observer(enc: Any) -> Callable[[CheckTheBox, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    players, size = enc.players, enc.size
    at = offsets(enc)
    turn, step, deciding, draws = at["turn"], at["step"], at["deciding"], at["draws_left"]
    hand, sizes, box = at["hand"], at["hand_sizes[seat]"], at["box"]
    sets, counts, known, turns = (
        at["sets[seat]"],
        at["set_counts[seat]"],
        at["known[seat]"],
        at["turns"],
    )
    in_hand, in_set = bag_steps(6), bag_steps(3)
    kind_of = {name: k for k, name in enumerate(KIND_NAME)}
    kinds = range(N_KINDS)
    known_width = N_KINDS * 3

    def observe(state: CheckTheBox, seat: int) -> Any:
        v = [0.0] * size
        v[turn + (state.turn - seat) % players] = 1.0
        v[step + state.step] = 1.0
        if state.step == PRESENT_STEP:
            v[deciding + (state.decider - seat) % players] = 1.0
            d = state.queue[1]
            if d > 0:
                v[draws] = d / 4 if d < 4 else 1.0
        mine = state.hands[seat]
        for k in kinds:
            if mine[k]:
                v[hand + k] = in_hand[mine[k]]
        for s, c in enumerate(state.sizes):
            if c:
                v[sizes + (s - seat) % players] = c / 30 if c < 30 else 1.0
        n = len(state.pile)
        if n:
            v[box] = n / 60 if n < 60 else 1.0
        for s, cards in enumerate(state.sets):
            rel = (s - seat) % players
            if cards:
                tally = [0] * N_KINDS
                for k in cards:
                    tally[k] += 1
                base = sets + rel * N_KINDS
                for k in kinds:
                    if tally[k]:
                        v[base + k] = in_set[tally[k]]
                c = len(cards)
                v[counts + rel] = c / 20 if c < 20 else 1.0
            base = known + rel * known_width
            for name, (lo, hi) in state.known(s).items():
                slot = base + kind_of[name] * 3
                v[slot] = 1.0
                if lo > 0:
                    v[slot + 1] = lo / 3 if lo < 3 else 1.0
                if hi > 0:
                    v[slot + 2] = hi / 3 if hi < 3 else 1.0
        t = state.turns
        if t:
            v[turns] = t / 200 if t < 200 else 1.0
        write_common(v, at, state, seat, players)
        return np.array(v, dtype=np.float32)

    return observe
