"""The Where's That Bulb? heuristic: a perfect memory, used greedily.

Every flip is public and in the log (``flip`` events name the cell and the card), so the
bot remembers every card it has seen flipped, as a careful player would; the view's grid
says which cells are still there (a matched pair leaves the grid).
"""

from __future__ import annotations

import math
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.errors import InvalidArgument
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.wheres_that_bulb import rules as wtb

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
        return FLIPS[self.cell(window.view()["grid"])]

    def cell(self, grid: list[Any]) -> int:
        """The cell to flip, given the view's grid (and the memory)."""
        return choose(grid, self.memory, self.rng)

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


class LookaheadBot(HeuristicBot):
    """``hard``'s prior: the heuristic, and one turn of exact lookahead at the second
    card.

    When the first card of a turn has no remembered partner, the heuristic flips a card
    nobody has seen: it may match (a pair and another turn), but if it shows a card
    whose partner is remembered, the next player takes that pair for free. This bot
    weighs the two from what every seat knows (which kinds are still unseen, and how
    many of each: the box less every card ever flipped) and, when showing a pair is
    likelier than making one, passes instead: it flips a remembered card that does not
    match, so nothing new is shown (:func:`shows_more_than_it_wins`).

    The search cannot find this alone at its budget: one such decision is worth a tiny
    part of a game (paired playouts to the end), far below what 100 to 300 iterations
    can resolve, yet it recurs a dozen times a game. Played every time, it wins clearly
    more often than the plain heuristic at 2 and at 4 players (heuristic against
    heuristic, ``bench/heuristic_edges.py lookahead wheres-that-bulb``). Measured:
    docs/bots.md, "`hard`'s lookahead priors" (the table and the paragraph after it).
    """

    name = "lookahead"

    def cell(self, grid: list[Any]) -> int:
        cell = super().cell(grid)
        up = next((c for c, g in enumerate(grid) if g is not None and g["face"] == "up"), -1)
        if up >= 0 and cell not in self.memory:
            down = [c for c, g in enumerate(grid) if g is not None and g["face"] == "down"]
            passes = [c for c in down if c in self.memory and self.memory[c] != BROKEN]
            if passes and shows_more_than_it_wins(KIND_ID[grid[up]["card"]], down, self.memory):
                return passes[0]
        return cell


#: ``hard``'s prior in this game (``yuletide.bots.level_bot``); ``medium`` is the heuristic.


def shows_more_than_it_wins(first: int, down: list[int], memory: dict[int, int]) -> bool:
    """With ``first`` face up and no partner of it remembered among the face-down cells
    ``down``: is a card nobody has seen likelier to show the next player a pair (its
    partner is remembered face down) than to match ``first``? Only public knowledge:
    the unseen kinds are the box less every card ever flipped (``memory``)."""
    unseen = [wtb.COUNTS[name] for name in wtb.KINDS]
    for kind in memory.values():
        unseen[kind] -= 1
    total = sum(unseen)
    if total <= 0:
        return False
    partner = PARTNER[first]
    remembered = {memory[c] for c in down if c in memory}
    shows = sum(
        n
        for kind, n in enumerate(unseen)
        if kind not in {BROKEN, partner} and PARTNER[kind] in remembered
    )
    return shows > unseen[partner]


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


def prune(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """One flip of each kind of flip the search could tell apart; the first given of
    each is kept (the search gives the prior's choice first).

    Every flip is public, so all the cards nobody has seen are alike to every seat (the
    deal put any of the unseen kinds under any of them with the same chance): one of
    them stands for all. A seen card stands for every seen card of its kind. As a second
    card, every seen card that does not match the first is alike too: nothing is
    matched, nothing new is shown, the turn ends (a pass). So the search weighs a few
    flips where the grid offers dozens: with 100 iterations it can tell "flip a card
    nobody has seen" (it may match, but it may also show the next player a pair) from
    "pass", where among 35 cells it gave none of them the visits a switch needs.
    """
    world = cast(wtb.WheresThatBulb, state)
    grid, seen, first = world.grid, world.seen, world.first
    partner = PARTNER[grid[first]] if first >= 0 else -2
    kept: list[Action] = []
    classes: set[int] = set()
    for action in actions:
        cell = cast(wtb.Flip, action).cell
        kind = grid[cell]
        if not seen[cell]:
            key = -1  # unseen
        elif first < 0:
            key = kind
        elif kind == partner and kind != BROKEN:
            key = -2  # the match
        else:
            key = -3  # a pass
        if key not in classes:
            classes.add(key)
            kept.append(action)
    return kept


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


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prior=LookaheadBot, prune=prune)
