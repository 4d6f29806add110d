"""The Where's That Bulb? heuristic: a perfect memory, used greedily.

Every flip is public and in the log (``flip`` events name the cell and the card), so the
bot remembers every card it has seen flipped, as a careful player would; the view's grid
says which cells are still there (a matched pair leaves the grid).
"""

from __future__ import annotations

import math
from typing import Any, cast

from ..core.errors import InvalidArgument
from ..core.rng import Rng
from ..core.state import Action, State
from ..games.christmas_lights import wheres_that_bulb as wtb
from .base import SeatWindow

KIND_ID = wtb.KIND_ID
PARTNER = wtb.PARTNER
BROKEN = wtb.BROKEN
CELLS = wtb.CELLS
#: The flip of each cell, the game's own interned actions.
FLIPS: tuple[Action, ...] = tuple(wtb.WheresThatBulb.action_space(2))
CELL_OF = {wtb.cell_name(c): c for c in range(CELLS)}


class HeuristicBot:
    """Remembers every card it saw flipped (from the log) and then:

    * first card of a turn: flips one of a remembered pair when it knows one (a match, so
      another turn), else a card nobody has seen;
    * second card: the remembered partner of the first when there is one, else a card
      nobody has seen (it may match);
    * never flips a remembered Broken Bulb (it would end the turn) nor, when it has a
      choice, a remembered card that cannot match.

    Unseen cards are chosen at random (seeded).
    """

    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.memory: dict[int, int] = {}  # cell -> kind last seen there
        self.read = 0  # events read so far

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._follow(window)
        view = window.view()
        return FLIPS[choose(view["grid"], self.memory, self.rng)]

    def _follow(self, window: SeatWindow) -> None:
        """Read the new events into memory (from the start if the log is not the one
        read before: another game, or a window onto another world)."""
        try:
            new = window.events(self.read)
        except InvalidArgument:
            self.memory.clear()
            self.read = 0
            new = window.events(0)
        self.read += len(new)
        for event in new:
            if event["type"] == "flip":
                self.memory[CELL_OF[event["cell"]]] = KIND_ID[event["card"]]


def choose(grid: list[Any], memory: dict[int, int], rng: Rng) -> int:
    """The cell to flip, given the view's grid and the remembered kinds."""
    up = -1
    down: list[int] = []
    for c, cell in enumerate(grid):
        if cell is None:
            continue
        if cell["face"] == "up":
            up = c
        else:
            down.append(c)
    known = {c: memory[c] for c in down if c in memory}
    unseen = [c for c in down if c not in known]
    if up >= 0:
        kind = KIND_ID[grid[up]["card"]]
        partner = PARTNER[kind]
        for c in down:
            if known.get(c) == partner:
                return c
        if unseen:
            return unseen[rng.below(len(unseen))]
        return _harmless(known, down)
    pair = known_pair(known)
    if pair is not None:
        return pair[0]
    if unseen:
        return unseen[rng.below(len(unseen))]
    return _harmless(known, down)


def known_pair(known: dict[int, int]) -> tuple[int, int] | None:
    """Two remembered cells that match (the lowest such pair), or None."""
    by_kind: dict[int, int] = {}
    for c in sorted(known):
        kind = known[c]
        if kind == BROKEN:
            continue
        mate = by_kind.get(PARTNER[kind])
        if mate is not None:
            return (mate, c)
        by_kind.setdefault(kind, c)
    return None


def _harmless(known: dict[int, int], down: list[int]) -> int:
    """With nothing unseen and no match: a remembered card that is not a Broken Bulb."""
    for c in down:
        if known.get(c, -1) != BROKEN:
            return c
    return down[0]


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic on a sampled world, fast: the world's ``seen`` flags are the public
    record of what was flipped, so every seat plays from a perfect memory."""
    world = cast(wtb.WheresThatBulb, state)
    grid, seen, first = world.grid, world.seen, world.first
    removed = wtb.REMOVED
    known: dict[int, int] = {}
    unseen: list[int] = []
    for c in range(CELLS):
        kind = grid[c]
        if kind == removed or c == first:
            continue
        if seen[c]:
            known[c] = kind
        else:
            unseen.append(c)
    if first >= 0:
        partner = PARTNER[grid[first]]
        for c, kind in known.items():
            if kind == partner:
                return FLIPS[c]
    else:
        pair = known_pair(known)
        if pair is not None:
            return FLIPS[pair[0]]
    if unseen:
        return FLIPS[unseen[rng.below(len(unseen))]]
    return FLIPS[_harmless(known, sorted(known))]


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chances in [0, 1]: its lead in pairs over the best other seat, weighed
    against the pairs still in the grid (a lead of a few pairs is safe only near the
    end)."""
    world = cast(wtb.WheresThatBulb, state)
    outcome = world.outcome
    if outcome.over:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    pairs = [len(w) // 2 for w in world.won]
    mine = pairs[seat]
    best_other = max(p for s, p in enumerate(pairs) if s != seat)
    left = world.left // 2
    return 0.5 + 0.5 * math.tanh((mine - best_other) / (1.0 + math.sqrt(left)))
