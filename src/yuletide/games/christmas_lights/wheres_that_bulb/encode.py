"""Where's That Bulb? for the RL layer (``yuletide.rl``): the fast observation path and
the dense reward's progress.

* ``observer``: the observation written straight from the state for one seat, without
  building the view: the grid as the table sees it (the card turned up, the cards seen
  before when the memory aid is on), last turn's two cards, the pairs won (tests/rl
  prove it equal to encoding the view at every state the conformance suite probes).
* ``progress``: the pairs the seat has found (the most pairs wins). Read from the seat's
  own view only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from yuletide.rl.fast import bag_steps, offsets, sparse, write_common

from .rules import KINDS, REMOVED, WheresThatBulb, _pair_name, cell_name
from .view import WTB_CELLS, WTB_FACES, WTB_PAIRS

#: Pairs counted at most.
CAP = 20


def progress(view: Mapping[str, Any]) -> float:
    """(pairs found) / 20, in [0, 1]."""
    return min(len(view["pairs"][view["seat"]]), CAP) / CAP


def observer(enc: Any) -> Callable[[WheresThatBulb, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    players, size = enc.players, enc.size
    at = offsets(enc)
    turn, step, grid, last = at["turn"], at["step"], at["grid[0..59]"], at["last_turn[0..1]"]
    pairs, aid, turns = at["pairs[seat]"], at["memory_aid"], at["turns"]
    face = [WTB_FACES.index(name) for name in KINDS]  # a kind's slot in the one-hot
    cell_slot = [WTB_CELLS.index(cell_name(c)) for c in range(len(WTB_CELLS))]
    pair_slot = {name: i for i, name in enumerate(WTB_PAIRS)}
    in_bag = bag_steps(6)
    width, last_width, n_pairs = 33, 76, len(WTB_PAIRS)

    def observe(state: WheresThatBulb, seat: int) -> Any:
        v: dict[int, float] = {}
        v[turn + (state.turn - seat) % players] = 1.0
        first = state.first
        v[step + (1 if first >= 0 else 0)] = 1.0
        aided = state.memory_aid
        seen = state.seen
        for c, kind in enumerate(state.grid):
            if kind == REMOVED:
                continue
            base = grid + c * width
            v[base] = 1.0
            if c == first:
                v[base + 2] = 1.0  # face up
                v[base + 3 + face[kind]] = 1.0
            else:
                v[base + 1] = 1.0  # face down
                if aided and seen[c]:
                    v[base + 18 + face[kind]] = 1.0
        for i, c in enumerate(state.last[:2]):
            base = last + i * last_width
            v[base] = 1.0
            v[base + 1 + cell_slot[c]] = 1.0
            v[base + 61 + face[state._last_kind(c)]] = 1.0
        for s, won in enumerate(state.won):
            if won:
                tally = [0] * n_pairs
                for i in range(0, len(won), 2):
                    tally[pair_slot[_pair_name(won[i], won[i + 1])]] += 1
                base = pairs + ((s - seat) % players) * n_pairs
                for k, c in enumerate(tally):
                    if c:
                        v[base + k] = in_bag[c]
        if aided:
            v[aid] = 1.0
        t = state.turns
        if t:
            v[turns] = t / 2000 if t < 2000 else 1.0
        write_common(v, at, state, seat, players)
        return sparse(v, size)

    return observe
