"""Looney Lights for the RL layer (``yuletide.rl``): the fast observation path and the
dense reward's progress.

* ``observer``: the observation written straight from the state for one seat, without
  building the view: its own hand, the public counters, nothing else of the state
  (tests/rl prove it equal to encoding the view at every state the conformance suite
  probes).
* ``progress``: cards shed: the fewer cards in the seat's hand, the nearer it is to the
  win (the first to empty their hand wins). Read from the seat's own view only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from yuletide.rl.fast import bag_steps, offsets, write_common

from .rules import DRAWN, N_KINDS, STEP_NAME, LooneyLights
from .view import VIEW

#: The step names in the order of the view schema's one-hot.
STEP_TOKENS: tuple[str, ...] = VIEW.parts["step"].vocab  # type: ignore[attr-defined]

#: A hand this big or bigger counts as no progress (drawing can grow a hand past it).
CAP = 20


def progress(view: Mapping[str, Any]) -> float:
    """1 - (cards in hand) / 20, in [0, 1]: 1 with an empty hand."""
    return 1.0 - min(int(view["hand_sizes"][view["seat"]]), CAP) / CAP


def observer(enc: Any) -> Callable[[LooneyLights, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state's counters (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    players, size = enc.players, enc.size
    at = offsets(enc)
    turn, step, colour, deck = at["turn"], at["step"], at["colour"], at["deck"]
    discard, drawn, hand = at["discard"], at["drawn"], at["hand"]
    sizes, turns = at["hand_sizes[seat]"], at["turns"]
    # The view's step names in the state's step order, as slots of the layout's one-hot.
    step_slot = [step + STEP_TOKENS.index(name) for name in STEP_NAME]
    kinds = range(N_KINDS)
    in_bag = bag_steps(8, 61)

    def observe(state: LooneyLights, seat: int) -> Any:
        v = [0.0] * size
        v[turn + (state.turn - seat) % players] = 1.0
        v[step_slot[state.step]] = 1.0
        if state.colour >= 0:
            v[colour + state.colour] = 1.0
        n = len(state.deck)
        v[deck] = n / 61 if n < 61 else 1.0
        tally = [0] * N_KINDS
        for k in state.discard:
            tally[k] += 1
        for k in kinds:
            if tally[k]:
                v[discard + k] = in_bag[tally[k]]
        mine = state.hands[seat]
        for k in kinds:
            c = mine[k]
            if c:
                v[hand + k] = c / 8 if c < 8 else 1.0
        if seat == state.turn and state.step == DRAWN:
            v[drawn + state.drawn] = 1.0
        for s, c in enumerate(state.sizes):
            v[sizes + (s - seat) % players] = c / 40 if c < 40 else 1.0
        t = state.turns
        v[turns] = t / 1000 if t < 1000 else 1.0
        write_common(v, at, state, seat, players)
        return np.array(v, dtype=np.float32)

    return observe
