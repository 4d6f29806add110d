"""A Jingle Bell Run bot that plans a path to its corner (issue 15).

The race is paid in cards: every card a character enters costs five cards matching its
five lights (Bubble Bulbs wild), and a path from a corner to the opposite one enters
seven cards. So the bot plans in cards: for every shortest path from where it stands to
its finish line it deals its hand along the path, card by card (plain bulbs first,
Bubble Bulbs for what is still lacking), and counts what each card of the path still
lacks. The nearer cards weigh most (:data:`WEIGHTS`): the hand limit of seven means a
hand can never hold much more than the next card's price. The *plan cost* of a hand is
that weighted count on its best path; every decision lowers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.jingle_bell_run import box as jb
from yuletide.games.christmas_lights.jingle_bell_run.rules import JingleBellRun

GAME = JingleBellRun.game_id
N_KINDS = jb.N_KINDS
BUBBLE, BROKEN, PLUG = jb.BUBBLE, jb.BROKEN, jb.PLUG
KIND_ID = {name: k for k, name in enumerate(jb.KIND_NAME)}
PATTERN_INDEX = {pid: i for i, pid in enumerate(jb.PATTERN_IDS)}
#: How much what a card of the path still lacks weighs, by how far along the path it is.
WEIGHTS = (1.0, 0.45, 0.2, 0.1, 0.05, 0.03, 0.02)
#: What a Broken Bulb and a Plug are worth in hand (they never pay for a move, but one
#: steals cards and the other swaps grid cards), in the units of the plan cost.
KEEP_BROKEN, KEEP_PLUG = 0.2, 0.3
#: Steal with this many Broken Bulbs or more even when taking would serve as well.
STEAL_ANYWAY = 3


def cell_of(name: str) -> int:
    """``b3`` -> its cell index (a1 is 0, row by row)."""
    return (int(name[1:]) - 1) * jb.SIDE + "abcd".index(name[0])


@cache
def paths(here: int, start: int, finish: int) -> tuple[tuple[int, ...], ...]:
    """Every shortest path of cards still to enter, from ``here`` (or from beside
    ``start`` when ``here`` is -1: the first card entered is the start corner) to
    ``finish``."""
    if here == jb.OFF:
        return tuple((start, *p) for p in paths(start, start, finish))
    if here == finish:
        return ((),)
    r, c = divmod(here, jb.SIDE)
    fr, fc = divmod(finish, jb.SIDE)
    out: list[tuple[int, ...]] = []
    if r != fr:
        step = here + jb.SIDE * (1 if fr > r else -1)
        out.extend((step, *p) for p in paths(step, start, finish))
    if c != fc:
        step = here + (1 if fc > c else -1)
        out.extend((step, *p) for p in paths(step, start, finish))
    return tuple(out)


def path_cost(hand: Sequence[int], grid: Sequence[int], path: Sequence[int]) -> float:
    """What the cards of ``path`` still lack when ``hand`` (counts per kind) is dealt
    along it in order, Bubble Bulbs filling the first gaps, weighted by :data:`WEIGHTS`."""
    have = list(hand[:6])
    bubbles = hand[BUBBLE]
    cost = 0.0
    for i, cell in enumerate(path):
        lacking = 0
        for colour in jb.LIGHTS[grid[cell]]:
            if have[colour]:
                have[colour] -= 1
            else:
                lacking += 1
        used = min(bubbles, lacking)
        bubbles -= used
        cost += WEIGHTS[min(i, len(WEIGHTS) - 1)] * (lacking - used)
    return cost


def plan_cost(hand: Sequence[int], grid: Sequence[int], routes: Sequence[Sequence[int]]) -> float:
    """The plan cost: the best path's :func:`path_cost`."""
    return min((path_cost(hand, grid, p) for p in routes), default=0.0)


def next_lacking(hand: Sequence[int], grid: Sequence[int], cell: int) -> int:
    """How many cards the hand lacks to pay for ``cell`` now."""
    lacking = sum(1 for c in jb.LIGHTS[grid[cell]] if not hand[c])
    return max(0, lacking - hand[BUBBLE])


class Seen:
    """What one decision needs, read from the seat's view."""

    __slots__ = ("finish", "grid", "hand", "here", "occupied", "seat", "start", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat = seat = view["seat"]
        self.grid = [PATTERN_INDEX[p] for p in view["grid"]]
        self.hand = [0] * N_KINDS
        for name in view["hand"]:
            self.hand[KIND_ID[name]] += 1
        at = view["at"][seat]
        self.here = cell_of(at) if at else jb.OFF
        start = view["start"][seat]
        self.start = cell_of(start) if start else jb.OFF
        finish = view["finish"][seat]
        self.finish = cell_of(finish) if finish else jb.OFF
        self.occupied = {cell_of(a) for a in view["at"] if a}

    def routes(self, here: int | None = None) -> tuple[tuple[int, ...], ...]:
        return paths(self.here if here is None else here, self.start, self.finish)

    def cost(self, hand: Sequence[int] | None = None, grid: Sequence[int] | None = None) -> float:
        return plan_cost(
            self.hand if hand is None else hand, self.grid if grid is None else grid, self.routes()
        )

    def targets(self) -> list[int]:
        """The cards the character may enter next on a shortest path."""
        return sorted({p[0] for p in self.routes() if p})

    def unseen(self) -> list[int]:
        """Cards of each kind this seat has not seen (in the deck or other hands)."""
        view = self.view
        left = list(jb.COUNTS)
        for k in range(N_KINDS):
            left[k] -= self.hand[k]
        for name in view["market"]:
            left[KIND_ID[name]] -= 1
        for name, n in view["discard"].items():
            left[KIND_ID[name]] -= n
        for cards in (view["known"] or {}).values():
            for name in cards:
                left[KIND_ID[name]] -= 1
        return [max(0, n) for n in left]


def gain(seen: Seen, hand: Sequence[int], kind: int) -> float:
    """How much one more card of ``kind`` lowers the plan cost of ``hand``."""
    more = list(hand)
    more[kind] += 1
    return seen.cost(hand) - seen.cost(more)


def draw_gain(seen: Seen, hand: Sequence[int]) -> float:
    """The expected :func:`gain` of a blind draw, over the cards this seat has not seen."""
    left = seen.unseen()
    total = sum(left)
    if not total:
        return 0.0
    return sum(n * gain(seen, hand, k) for k, n in enumerate(left) if n) / total


def best_swap(seen: Seen, first: int | None = None) -> tuple[float, int, int]:
    """The Plug swap that lowers the plan cost most: (cost after, cell, other cell),
    one of the cells among the next two of a path; (cost now, -1, -1) if none lowers
    it. With ``first`` given (the Plug's first cell is chosen), only swaps of that cell."""
    grid = seen.grid
    free = [c for c in range(jb.CELLS) if c not in seen.occupied]
    near = {p[i] for p in seen.routes() for i in range(min(2, len(p)))}
    firsts = [first] if first is not None else [c for c in free if c in near]
    best = (seen.cost(), -1, -1)
    for a in firsts:
        for b in free:
            if b == a:
                continue
            swapped = list(grid)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            cost = seen.cost(grid=swapped)
            if cost < best[0] - 1e-9:
                best = (cost, a, b)
    return best


def take_outlook(seen: Seen) -> tuple[float, int]:
    """What a take could do: the plan cost after taking the two best Market cards (or
    the one Bubble Bulb), and how many cards the next card of the path would then lack."""
    hand = list(seen.hand)
    market = [KIND_ID[n] for n in seen.view["market"]]
    for _ in range(2):
        options = [k for k in market if k != BUBBLE]
        if not options:
            break
        k = max(options, key=lambda k: gain(seen, hand, k))
        hand[k] += 1
        market.remove(k)
    if BUBBLE in seen.view["market"]:
        alone = list(seen.hand)
        alone[BUBBLE] += 1
        if seen.cost(alone) < seen.cost(hand):
            hand = alone
    lacking = min((next_lacking(hand, seen.grid, t) for t in seen.targets()), default=5)
    return seen.cost(hand), lacking


def choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The bot's move from its view and legal actions."""
    step = view["step"]
    seen = Seen(view)
    if step == "start":

        def corner(a: jb.Start) -> tuple[float, int]:
            routes = paths(jb.OFF, a.cell, jb.OPPOSITE[a.cell])
            return (plan_cost(seen.hand, seen.grid, routes), a.cell)

        return min((a for a in legal if isinstance(a, jb.Start)), key=corner)
    if step == "action":
        return _action(seen, legal)
    if step == "take":
        return _take(seen, legal)
    if step == "discard":
        return _discard(seen, legal)
    if step == "steal":
        return _steal(seen, legal)
    if step == "plug-first":
        _, cell, _ = best_swap(seen)
        firsts = {a.cell: a for a in legal if isinstance(a, jb.SwapFirst)}
        return firsts.get(cell, legal[0])
    # plug-second
    _, _, other = best_swap(seen, cell_of(view["swapping"]))
    seconds = {a.cell: a for a in legal if isinstance(a, jb.SwapWith)}
    return seconds.get(other, legal[0])


def _action(seen: Seen, legal: Sequence[Action]) -> Action:
    moves = [a for a in legal if isinstance(a, jb.Move)]
    forward = set(seen.targets())
    moves = [a for a in moves if a.cell in forward]
    if moves:
        for a in moves:
            if a.cell == seen.finish:
                return a
        grid = seen.grid

        def after(a: jb.Move) -> tuple[float, int]:
            hand = list(seen.hand)
            paid = jb.pay_for(hand, 0, grid[a.cell])
            assert paid is not None
            for k in paid:
                hand[k] -= 1
            return (plan_cost(hand, grid, paths(a.cell, seen.start, seen.finish)), a.cell)

        return min(moves, key=after)
    kinds = {type(a) for a in legal}
    hand = seen.hand
    take_cost, lacking = take_outlook(seen) if jb.Take in kinds else (seen.cost(), 5)
    if jb.PlugAction in kinds and lacking > 0:
        _, one, other = best_swap(seen)
        if one >= 0:
            swapped = list(seen.grid)
            swapped[one], swapped[other] = swapped[other], swapped[one]
            rest = list(hand)
            rest[PLUG] -= 1
            now = min((next_lacking(rest, swapped, t) for t in seen.targets()), default=5)
            if now == 0:
                return next(x for x in legal if isinstance(x, jb.PlugAction))
    if jb.Steal in kinds:
        broken = hand[BROKEN]
        gained = seen.cost() - take_cost
        if broken >= STEAL_ANYWAY or (broken >= 2 and gained < 1.0) or jb.Take not in kinds:
            return next(x for x in legal if isinstance(x, jb.Steal))
    if jb.Take in kinds:
        return next(x for x in legal if isinstance(x, jb.Take))
    return legal[0]


def _take(seen: Seen, legal: Sequence[Action]) -> Action:
    hand = seen.hand
    cards = {a.kind: a for a in legal if isinstance(a, jb.TakeCard)}
    draw = next((a for a in legal if isinstance(a, jb.Draw)), None)
    blind = draw_gain(seen, hand) if draw is not None else -1.0
    plain = [k for k in cards if k != BUBBLE]
    best = max(plain, key=lambda k: (gain(seen, hand, k), -k), default=-1)
    best_gain = gain(seen, hand, best) if best >= 0 else -1.0
    if BUBBLE in cards:
        pair = best_gain
        if best >= 0:
            more = list(hand)
            more[best] += 1
            rest = [k for k in seen.view["market"] if KIND_ID[k] != BUBBLE]
            rest.remove(jb.KIND_NAME[best])
            second = max((gain(seen, more, KIND_ID[k]) for k in rest), default=-1.0)
            pair += max(second, draw_gain(seen, more) if draw is not None else -1.0)
        else:
            pair = 2 * blind
        if gain(seen, hand, BUBBLE) > pair:
            return cards[BUBBLE]
    if best >= 0 and best_gain >= blind:
        return cards[best]
    if draw is not None:
        return draw
    return legal[0]


def _discard(seen: Seen, legal: Sequence[Action]) -> Action:
    hand = seen.hand

    def worth(a: jb.Discard) -> tuple[float, int]:
        k = a.kind
        if k == BROKEN:
            return (KEEP_BROKEN, k)
        if k == PLUG:
            return (KEEP_PLUG, k)
        less = list(hand)
        less[k] -= 1
        return (seen.cost(less) - seen.cost(), k)

    return min((a for a in legal if isinstance(a, jb.Discard)), key=worth)


def _steal(seen: Seen, legal: Sequence[Action]) -> Action:
    view = seen.view
    sizes = view["hand_sizes"]

    def left(s: int) -> int:
        at = view["at"][s]
        finish = view["finish"][s]
        if not finish:
            return 2 * jb.SIDE
        return jb.distance(cell_of(at), cell_of(finish)) if at else 2 * jb.SIDE - 1

    steals = [a for a in legal if isinstance(a, jb.StealFrom)]
    return max(steals, key=lambda a: (a.count, sizes[a.seat], -left(a.seat), -a.seat))


class HeuristicBot:
    """Plans a path to its finish line and pays its way along it:

    * it starts at the corner whose paths its hand pays for best;
    * it moves whenever it can pay for a card one step nearer its finish line, onto the
      one that leaves the cheapest path on (and onto the finish line at once);
    * otherwise it takes the Market cards that lower its plan cost most (a blind draw
      when no Market card is worth what an unseen card is on average; the lone Bubble
      Bulb when it is worth more than two other cards);
    * it plays a Plug when swapping two free grid cards makes the next card payable at
      once and no take could;
    * it steals with its Broken Bulbs (from the fullest hand) when it holds three, or two
      and the Market has little for it;
    * over seven cards it discards what its plan misses least: Broken Bulbs first, then
      Plugs, then colours its path does not need.

    It decides from its window only (its view and legal actions); on another game it
    plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return choose(window.view(), legal)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: its share of the table's
    "nearness" (each seat's cards still to pay, five per grid card left to enter, less
    the cards it holds, turned into ``2 ** -(cards / 5)``); 1 or 0 once it is over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    view = state.view(seat)
    near = []
    for s in range(view["players"]):
        at, finish = view["at"][s], view["finish"][s]
        cells = 2 * jb.SIDE - 1 if not at else jb.distance(cell_of(at), cell_of(finish))
        if not finish:
            cells = 2 * jb.SIDE - 1
        owed = jb.PAY * cells - min(view["hand_sizes"][s], jb.PAY) * 0.6
        near.append(2.0 ** (-owed / jb.PAY))
    return float(near[seat] / sum(near))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast policy for the search's rollouts, from the view: move onto the first
    card it can pay for one step nearer its finish line; else take the Market cards
    that the cheapest card to enter next lacks (the lone Bubble Bulb when none shows,
    else a blind draw); discard Broken Bulbs, Plugs and then colours that card does not
    need; anything else at random."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    step = view["step"]
    if step == "start":
        return legal[rng.below(len(legal))]
    seen = Seen(view)
    hand = seen.hand
    targets = seen.targets()
    target = min(targets, key=lambda t: (next_lacking(hand, seen.grid, t), t)) if targets else -1
    lacking = {c for c in jb.LIGHTS[seen.grid[target]] if not hand[c]} if target >= 0 else set()
    if step == "action":
        moves = [a for a in legal if isinstance(a, jb.Move) and a.cell in targets]
        if moves:
            return moves[0]
        take = next((a for a in legal if isinstance(a, jb.Take)), None)
        if take is not None:
            return take
    elif step == "take":
        cards = {a.kind: a for a in legal if isinstance(a, jb.TakeCard)}
        for k in sorted(lacking):
            if k in cards:
                return cards[k]
        if BUBBLE in cards and lacking:
            return cards[BUBBLE]
        draw = next((a for a in legal if isinstance(a, jb.Draw)), None)
        if draw is not None:
            return draw
    elif step == "discard":
        need = set(jb.LIGHTS[seen.grid[target]]) if target >= 0 else set()
        by_kind = {a.kind: a for a in legal if isinstance(a, jb.Discard)}
        for k in (BROKEN, PLUG, *(c for c in range(6) if c not in need)):
            if k in by_kind:
                return by_kind[k]
    return legal[rng.below(len(legal))]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
