"""A Jolly Christmas bot that scores what it can reach (issue 15).

Everything in Jolly Christmas is on the table, so the bot rebuilds every tree from its
view and scores it with the game's own scoring rules (``_tree.score``, Santas ranked
across all trees). A tree is worth its points now plus what its open ends promise
(:func:`potential`): a half-light facing an empty spot, a lone reindeer with room beside
it, two Christmas balls of different colours waiting for the third (0 points now, 12 with
it), a gingerbread man waiting for company, and the best tree-topper on the table whose
condition the tree meets. Every decision is one move of look-ahead on that worth.

The search (``hard``) uses :func:`rollout` and :func:`evaluate`, the same worth read
straight from a world's fields (the trees as card ids, the order cards, the toppers on
the table; never the stack, the one hidden thing) instead of from a view, with a tree
scored in one pass over its card ids (:func:`fast_worth`, the same float as
:func:`worths`) and the rollouts' best places remembered (:data:`MEMO_TABLES`): they
decide exactly as the view-based versions did, much faster (measured: docs/bots.md,
"Speed").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.jolly_christmas.content import (
    ALL,
    BALL,
    BALL_COLOURS,
    BALLS,
    BELL,
    CONTENT,
    CROSS,
    GINGERBREAD,
    LETTERS,
    LIGHT_COLOURS,
    LIGHTS,
    ORNAMENTS,
    REINDEER,
    ROW_WIDTHS,
    SANTA,
    SIDES,
    SNOWFLAKE,
)
from yuletide.games.jolly_christmas.jolly_christmas import rules as jc
from yuletide.games.jolly_christmas.jolly_christmas import tree as _tree

GAME = jc.JollyChristmas.game_id
SLOTS = _tree.SLOTS
BASE = ROW_WIDTHS[0]
ROW_START = _tree.ROW_START
NEIGHBOUR = _tree.NEIGHBOUR
SUPPORTS = _tree.SUPPORTS
#: A card as scoring needs it: (ornament, ball colour or -1, half-light side, light colour).
Card = tuple[int, int, int, int]
Tree = list[Card | None]

#: What an open end is worth, as a share of what it would score if it came true.
LIGHT_HOPE = 0.35
REINDEER_HOPE = 0.3
BALL_HOPE = 0.3
GINGER_HOPE = 0.3
TOPPER_HOPE = 0.4
#: What keeping a card from the next player is worth, as a share of its worth to them.
DENIAL = 0.3
#: What going one place earlier in the next round's order is worth, in points.
ORDER_WORTH = 0.15


def card_of(view: dict[str, Any] | None) -> Card | None:
    """A card of the view as scoring needs it."""
    if view is None:
        return None
    ball = view["ball"]
    return (
        ORNAMENTS.index(view["ornament"]),
        BALL_COLOURS.index(ball) if ball is not None else -1,
        SIDES.index(view["light"]),
        LIGHT_COLOURS.index(view["light_colour"]),
    )


def tree_of(rows: Sequence[Sequence[dict[str, Any] | None]]) -> Tree:
    """A tree of the view (rows, base first) as 14 slots."""
    return [card_of(c) for row in rows for c in row]


def faces(tree: Tree) -> _tree.Faces:
    empty = (-1, -1, -1, -1)
    cards = [c if c is not None else empty for c in tree]
    return _tree.Faces(
        [c[0] for c in cards], [c[1] for c in cards], [c[2] for c in cards], [c[3] for c in cards]
    )


def width(tree: Tree) -> int:
    k = 0
    while k < BASE and tree[k] is not None:
        k += 1
    return k


def spots(tree: Tree) -> list[tuple[int, int]]:
    """Where the next card may go, as ``(row, index)`` (the game's ``placements``)."""
    k = width(tree)
    if k == 0:
        return [(1, 1)]
    out = [(1, 0), (1, k + 1)] if k < BASE else []
    for s in range(BASE, SLOTS):
        a, b = SUPPORTS[s]
        if tree[s] is None and tree[a] is not None and tree[b] is not None:
            out.append(_tree.POSITION[s])
    return out


def placed(tree: Tree, card: Card, row: int, index: int) -> Tree:
    """The tree with ``card`` at ``(row, index)`` (``(1, 0)``: the left end of the base,
    the whole tree renumbered one to the right)."""
    out = list(tree)
    if row == 1 and index == 0:
        for dst, src in _tree.SHIFT_RIGHT:
            out[dst] = out[src]
        out[ROW_START[1]] = out[ROW_START[2]] = out[ROW_START[3]] = None
        out[0] = card
    else:
        out[ROW_START[row - 1] + index - 1] = card
    return out


def potential(tree: Tree, table_toppers: Sequence[int], matching: bool) -> float:
    """What the tree's open ends promise (module docstring), in points."""
    f = faces(tree)
    orn = f.ornament
    full_base = width(tree) == BASE
    hope = 0.0
    for a in range(SLOTS):
        card = tree[a]
        if card is None:
            continue
        b = NEIGHBOUR[a][card[2]]
        if b >= 0 and tree[b] is None:
            hope += LIGHT_HOPE
        elif b < 0 and not full_base and card[2] in (0, 1) and a < BASE:
            hope += LIGHT_HOPE  # the base can still grow that way
    for group in _tree.reindeer_groups(f):
        room = any(b >= 0 and tree[b] is None for a in group for b in NEIGHBOUR[a])
        if room or not full_base:
            n = len(group)
            hope += REINDEER_HOPE * (
                _tree.reindeer_group_points(n + 1) - _tree.reindeer_group_points(n)
            )
    colours = [0] * len(BALL_COLOURS)
    for o, c in zip(orn, f.ball, strict=True):
        if o == 1:
            colours[c] += 1
    for size in _tree.ball_sets(colours):
        if size == 2:
            hope += BALL_HOPE * 12
        elif size == 1:
            hope += BALL_HOPE * 2
    g = orn.count(GINGERBREAD)
    if g:
        hope += GINGER_HOPE * (_tree.gingerbread_points(g + 1) - _tree.gingerbread_points(g))
    best = 0
    for t in table_toppers:
        topper = CONTENT.toppers[t]
        if topper.points > best and _tree.topper_met(topper, f, matching):
            best = topper.points
    return hope + TOPPER_HOPE * best


def worths(trees: Sequence[Tree], toppers: Sequence[int], matching: bool) -> list[float]:
    """Every tree's points now (Santas ranked across the trees) plus its potential."""
    all_faces = [faces(t) for t in trees]
    rates = _tree.santa_rates([_tree.santas(f) for f in all_faces])
    return [
        sum(_tree.score(f, rates[s], None, matching)) + potential(trees[s], toppers, matching)
        for s, f in enumerate(all_faces)
    ]


def best_spot(
    trees: Sequence[Tree], seat: int, card: Card, toppers: Sequence[int], matching: bool
) -> tuple[float, tuple[int, int]]:
    """The worth of ``seat``'s tree with ``card`` at its best spot, and that spot."""
    best: tuple[float, tuple[int, int]] | None = None
    for spot in spots(trees[seat]):
        trial = list(trees)
        trial[seat] = placed(trees[seat], card, *spot)
        worth = worths(trial, toppers, matching)[seat]
        if best is None or worth > best[0] + 1e-9:
            best = (worth, spot)
    assert best is not None
    return best


class Seen:
    """What one decision needs, read from the seat's view."""

    __slots__ = ("matching", "seat", "toppers", "trees", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat = view["seat"]
        self.trees = [tree_of(rows) for rows in view["trees"]]
        self.toppers = [t["number"] - 1 for t in view["toppers_on_table"]]
        self.matching = bool(view["options"].get("matching_lights", False))

    def gain(self, seat: int, card: Card) -> float:
        now = worths(self.trees, self.toppers, self.matching)[seat]
        return best_spot(self.trees, seat, card, self.toppers, self.matching)[0] - now


def choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The bot's move from its view and legal actions."""
    seen = Seen(view)
    seat = seen.seat
    phase = view["phase"]
    if phase == "place":
        claimed = next(o for o in view["order_cards"] if o["claimed_by"] == seat)
        card = card_of(claimed["card"])
        assert card is not None
        _, spot = best_spot(seen.trees, seat, card, seen.toppers, seen.matching)
        by_spot = {(a.row, a.index): a for a in legal if isinstance(a, jc.Place)}
        return by_spot.get(spot, legal[0])
    if phase == "claim":
        return _claim(seen, legal)
    return _topper(seen, legal)


def _claim(seen: Seen, legal: Sequence[Action]) -> Action:
    view = seen.view
    seat = seen.seat
    order = view["round_order"]
    later = order[order.index(seat) + 1 :] if seat in order else []
    n = len(view["order_cards"])
    cards = {o["number"] - 1: card_of(o["card"]) for o in view["order_cards"]}

    def worth(a: jc.Claim) -> tuple[float, int]:
        card = cards[a.slot]
        assert card is not None
        value = seen.gain(seat, card)
        if later:
            value += DENIAL * max(seen.gain(s, card) for s in later)
        value += ORDER_WORTH * (n - 1 - a.slot)
        return (value, -a.slot)

    return max((a for a in legal if isinstance(a, jc.Claim)), key=worth)


def _topper(seen: Seen, legal: Sequence[Action]) -> Action:
    """The topper scoring most for this tree; if none scores, the one that would score
    most for a player still to choose."""
    view = seen.view
    order = view["topper_order"]
    seat = seen.seat
    later = order[order.index(seat) + 1 :] if seat in order else []

    def points(s: int, t: int) -> int:
        topper = CONTENT.toppers[t]
        return topper.points if _tree.topper_met(topper, faces(seen.trees[s]), seen.matching) else 0

    toppers = [a for a in legal if isinstance(a, jc.ChooseTopper)]
    return max(
        toppers,
        key=lambda a: (
            points(seat, a.topper),
            max((points(s, a.topper) for s in later), default=0),
            -a.topper,
        ),
    )


class HeuristicBot:
    """Scores what it can reach:

    * placing, it puts the card where its tree is worth most: its points now (the
      game's scoring, Santas ranked across all trees) plus what its open ends promise
      (half-lights facing empty spots, reindeer with room, a ball set waiting for its
      third colour, gingerbread men, a tree-topper on the table it meets);
    * claiming, it takes the order card whose decoration raises its tree's worth most,
      plus a share of what it would be worth to the players claiming after it this
      round (taking it keeps it from them) and a little for an early place next round;
    * choosing a tree-topper, it takes the one that scores most for its tree, or, if
      none does, the one that would score most for a player still to choose.

    It decides from its window only (its view and legal actions; Jolly Christmas hides
    only the order of the stack); on another game it plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return choose(window.view(), legal)


# ------------------------------------------------------------------ the search's side
#
# ``rollout`` and ``evaluate`` run thousands of times a move, on the search's sampled
# worlds: they read the state's fields (the trees as card ids, the order cards, the
# toppers on the table) instead of building a view, score a tree in one pass over its
# card ids (:func:`fast_worth`) and remember what they worked out (:data:`_MEMO`,
# :data:`_LAST_TABLE`). Everything they read is on the table; the stack's order (the one
# hidden thing) is never read.

_ORN = jc.ORN
_BALL_OF = jc.BALL_OF
_SIDE_OF = jc.SIDE_OF
_LIGHT_OF = jc.LIGHT_OF
_OPPOSITE = _tree.OPPOSITE
_UPPER_SUPPORTS = tuple((s, *SUPPORTS[s]) for s in range(BASE, SLOTS))
_BELL_BIT = 1 << BELL
_BALL_BIT = 1 << BALL
_BALL_TIMES_12 = BALL_HOPE * 12
_BALL_TIMES_2 = BALL_HOPE * 2


def _ball_table() -> dict[tuple[int, ...], tuple[int, tuple[int, ...]]]:
    """Per count of balls of each colour (at most a tree's worth): the balls' points and
    the sizes of the greedy sets (ruling J1), in the order :func:`_tree.ball_sets` forms
    them."""
    table: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
    for r in range(SLOTS + 1):
        for b in range(SLOTS + 1 - r):
            for g in range(SLOTS + 1 - r - b):
                key = (r, b, g)
                table[key] = (_tree.ball_points(key), tuple(_tree.ball_sets(key)))
    return table


_BALLS = _ball_table()
_REINDEER_POINTS = tuple(_tree.reindeer_group_points(n) for n in range(SLOTS + 1))
#: The reindeer hope of a group by its size (what one more reindeer would add).
_REINDEER_STEP = tuple(
    REINDEER_HOPE * (_tree.reindeer_group_points(n + 1) - _tree.reindeer_group_points(n))
    for n in range(SLOTS + 1)
)
_GINGER = tuple(_tree.gingerbread_points(g) for g in range(SLOTS + 1))
_GINGER_STEP = tuple(
    GINGER_HOPE * (_tree.gingerbread_points(g + 1) - _tree.gingerbread_points(g))
    for g in range(SLOTS + 1)
)


#: A topper as :func:`fast_worth` checks it: kind, points, a number (balls of one
#: colour needed, the crossed ornament's bit, all six types' bits) and cells (letters:
#: ``(slot, letter)``; lights: ``(slot, slot, side, facing side)``).
TopperCheck = tuple[int, int, int, tuple[tuple[int, ...], ...]]


def _topper_check(t: int) -> TopperCheck:
    top = CONTENT.toppers[t]
    if top.kind == LETTERS:
        start = ROW_START[top.row - 1]
        cells = tuple((start + k, ord(ch)) for k, ch in enumerate(top.pattern))
        return (LETTERS, top.points, 0, cells)
    if top.kind == BALLS:
        return (BALLS, top.points, top.same_colour, ())
    if top.kind == CROSS:
        return (CROSS, top.points, 1 << top.ornament, ())
    if top.kind == LIGHTS:
        pairs = []
        for pa, pb in top.pairs:
            a, b = _tree.slot_of(*pa), _tree.slot_of(*pb)
            d = _tree.direction(a, b)
            pairs.append((a, b, d, _OPPOSITE[d]))
        return (LIGHTS, top.points, 0, tuple(pairs))
    return (ALL, top.points, (1 << len(ORNAMENTS)) - 1, ())


_TOPPER_CHECKS = tuple(_topper_check(t) for t in range(len(CONTENT.toppers)))


def _met(
    kind: int,
    cells: tuple[tuple[int, ...], ...],
    tree: Sequence[int],
    orn: list[int],
    matching: bool,
) -> bool:
    """:func:`_tree.topper_met` for a letters or a lights topper, on card ids (with the
    tree's ornaments at hand)."""
    if kind == LETTERS:
        meaning: dict[int, int] = {}
        for s, letter in cells:
            o = orn[s]
            if o < 0 or meaning.setdefault(letter, o) != o:
                return False
        return len(set(meaning.values())) == len(meaning)
    for a, b, d, e in cells:
        ca, cb = tree[a], tree[b]
        if (
            ca < 0
            or cb < 0
            or _SIDE_OF[ca] != d
            or _SIDE_OF[cb] != e
            or (matching and _LIGHT_OF[ca] != _LIGHT_OF[cb])
        ):
            return False
    return True


#: Per slot, its neighbours on the tree (the slots that exist).
_NEAR = tuple(tuple(b for b in NEIGHBOUR[a] if b >= 0) for a in range(SLOTS))


def fast_worth(
    tree: Sequence[int], santa_counts: Sequence[int], toppers: Sequence[int], matching: bool
) -> float:
    """A tree of card ids (-1 empty) worth as :func:`worths` has it: its points now plus
    its potential, its Santas ranked among ``santa_counts`` (the other trees' Santas; the
    tree's own old count may be among them, it never outranks itself). The same sums in
    the same order, so the same float."""
    orn_of, side_of = _ORN, _SIDE_OF
    orn = [orn_of[c] for c in tree]
    full_base = min(tree[:BASE]) >= 0
    hope = 0.0
    lights = snow = santas = ginger = 0
    colours = [0, 0, 0]
    mask = 0
    reindeer = False
    for a, c in enumerate(tree):
        if c < 0:
            continue
        o = orn[a]
        mask |= 1 << o
        d = side_of[c]
        b = NEIGHBOUR[a][d]
        if b >= 0:
            cb = tree[b]
            if cb < 0:
                hope += LIGHT_HOPE
            elif (
                b > a
                and side_of[cb] == _OPPOSITE[d]
                and (not matching or _LIGHT_OF[c] == _LIGHT_OF[cb])
            ):
                lights += 1
        elif not full_base and d <= 1 and a < BASE:
            hope += LIGHT_HOPE  # the base can still grow that way
        if o == BALL:
            colours[_BALL_OF[c]] += 1
        elif o == SANTA:
            santas += 1
        elif o == REINDEER:
            reindeer = True
        elif o == GINGERBREAD:
            ginger += 1
        elif o == SNOWFLAKE:
            for n in _NEAR[a]:
                if orn[n] == SNOWFLAKE:
                    break
            else:
                snow += 3
    points = lights + snow
    if mask & _BELL_BIT:
        for s, u, v in _UPPER_SUPPORTS:
            if orn[s] == BELL:
                ou, ov = orn[u], orn[v]
                if ou >= 0 and ov >= 0 and ou != ov and BELL not in (ou, ov):
                    points += 3
    if reindeer:
        seen = [False] * SLOTS
        for start in range(SLOTS):
            if orn[start] != REINDEER or seen[start]:
                continue
            seen[start] = True
            size = 1
            room = False
            todo = [start]
            while todo:
                for b in _NEAR[todo.pop()]:
                    ob = orn[b]
                    if ob < 0:
                        room = True
                    elif ob == REINDEER and not seen[b]:
                        seen[b] = True
                        size += 1
                        todo.append(b)
            points += _REINDEER_POINTS[size]
            if room or not full_base:
                hope += _REINDEER_STEP[size]
    if mask & _BALL_BIT:
        ball_points, sets = _BALLS[colours[0], colours[1], colours[2]]
        points += ball_points
        for size in sets:
            if size == 2:
                hope += _BALL_TIMES_12
            elif size == 1:
                hope += _BALL_TIMES_2
    if ginger:
        points += _GINGER[ginger]
        hope += _GINGER_STEP[ginger]
    if santas:
        place = 1
        for other in santa_counts:
            if other > santas:
                place += 1
        if place < 5:
            points += santas * (5 - place)
    best = 0
    for t in toppers:
        kind, p, need, cells = _TOPPER_CHECKS[t]
        if p <= best:
            continue
        if kind == CROSS:
            met = not mask & need
        elif kind == ALL:
            met = mask & need == need
        elif kind == BALLS:
            met = max(colours) >= need
        else:
            met = _met(kind, cells, tree, orn, matching)
        if met:
            best = p
    return points + (hope + TOPPER_HOPE * best)


def _santa_counts(trees: Iterable[Sequence[int]]) -> list[int]:
    return [sum(1 for c in tree if _ORN[c] == SANTA) for tree in trees]


#: The last table :func:`evaluate` scored (trees, toppers on the table, the option) and
#: its trees' sharpened worths: the search asks for every seat of one position in turn.
_LAST_TABLE: list[tuple[Any, list[float]]] = [((), [])]


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: its share of the trees' worth (points plus
    potential), sharpened (worth squared); 1 or 0 once over. Read from the table (the
    state's trees and toppers), as :class:`Seen` would read it from the view."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    world = cast(jc.JollyChristmas, state)
    trees = world.trees
    matching = world.matching
    key = (tuple(map(tuple, trees)), tuple(world.table_toppers), matching)
    last_key, values = _LAST_TABLE[0]
    if last_key != key:
        counts = _santa_counts(trees)
        toppers = sorted(world.table_toppers)
        values = [max(0.0, fast_worth(t, counts, toppers, matching)) ** 2 for t in trees]
        _LAST_TABLE[0] = (key, values)
    total = sum(values)
    return values[seat] / total if total else 1.0 / len(values)


def _with(tree: list[int], card: int, action: jc.Place) -> list[int]:
    """The tree with ``card`` placed by ``action`` (the game's own renumbering)."""
    out = tree.copy()
    if action.index == 0:
        for dst, src in _tree.SHIFT_RIGHT:
            out[dst] = out[src]
        out[ROW_START[1]] = out[ROW_START[2]] = out[ROW_START[3]] = -1
        out[0] = card
    else:
        out[ROW_START[action.row - 1] + action.index - 1] = card
    return out


def _best_place(
    tree: list[int], card: int, others: list[int], toppers: list[int], matching: bool
) -> tuple[float, jc.Place]:
    """The best worth of ``card`` in ``tree`` and where: ties go to the later position
    (the larger ``(row, index)``), as the view-based rollout had it."""
    best: tuple[float, jc.Place] | None = None
    for action in jc.placements(tree):
        place = cast(jc.Place, action)
        worth = fast_worth(_with(tree, card, place), others, toppers, matching)
        if (
            best is None
            or worth > best[0]
            or (worth == best[0] and (place.row, place.index) > (best[1].row, best[1].index))
        ):
            best = (worth, place)
    assert best is not None
    return best


#: The rollouts' memo of :func:`_best_place`: per table (a tree, the other trees' Santas,
#: the toppers on the table, the option) the best place of each card tried there. The
#: search meets the same trees again and again (about half the calls of one move's
#: search repeat an earlier one); a pure function's results, so it changes no decision.
#: Emptied when it holds :data:`MEMO_TABLES` tables (a few megabytes).
_MEMO: dict[tuple[Any, ...], dict[int, tuple[float, jc.Place]]] = {}
MEMO_TABLES = 4096


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A quicker policy for the search's rollouts: the heuristic's choices on the
    bot's own tree alone (no denial of the others, Santas ranked as they stand), read
    from the table: the order cards, the trees and the toppers."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    world = cast(jc.JollyChristmas, state)
    phase = world.phase
    if phase == jc.TOPPER:
        return _fast_topper(world, seat, legal)
    trees = world.trees
    tree = trees[seat]
    others = sorted(_santa_counts(t for s, t in enumerate(trees) if s != seat))
    toppers = sorted(world.table_toppers)
    matching = world.matching
    key = (tuple(tree), tuple(others), tuple(toppers), matching)
    memo = _MEMO.get(key)
    if memo is None:
        if len(_MEMO) >= MEMO_TABLES:
            _MEMO.clear()
        memo = _MEMO[key] = {}
    row = world.row
    if phase == jc.PLACE:
        card = row[world.claims[seat]]
        found = memo.get(card)
        if found is None:
            found = memo[card] = _best_place(tree, card, others, toppers, matching)
        return found[1]
    choice = legal[0]
    best = -1.0
    for action in legal:
        card = row[cast(jc.Claim, action).slot]
        found = memo.get(card)
        if found is None:
            found = memo[card] = _best_place(tree, card, others, toppers, matching)
        if choice is action or found[0] > best:
            choice, best = action, found[0]
    return choice


def _fast_topper(world: jc.JollyChristmas, seat: int, legal: Sequence[Action]) -> Action:
    """:func:`_topper` read from the table."""
    order = world.topper_order
    later = order[order.index(seat) + 1 :] if seat in order else []
    matching = world.matching
    trees = world.trees

    def points(s: int, t: int) -> int:
        topper = CONTENT.toppers[t]
        return topper.points if _tree.topper_met(topper, jc.faces(trees[s]), matching) else 0

    toppers = [a for a in legal if isinstance(a, jc.ChooseTopper)]
    return max(
        toppers,
        key=lambda a: (
            points(seat, a.topper),
            max((points(s, a.topper) for s in later), default=0),
            -a.topper,
        ),
    )


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
