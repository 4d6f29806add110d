"""A Jolly Christmas bot that scores what it can reach (issue 15).

Everything in Jolly Christmas is on the table, so the bot rebuilds every tree from its
view and scores it with the game's own scoring rules (``_tree.score``, Santas ranked
across all trees). A tree is worth its points now plus what its open ends promise
(:func:`potential`): a half-light facing an empty spot, a lone reindeer with room beside
it, two Christmas balls of different colours waiting for the third (0 points now, 12 with
it), a gingerbread man waiting for company, and the best tree-topper on the table whose
condition the tree meets. Every decision is one move of look-ahead on that worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng
from ..core.state import Action, State
from ..games.jolly_christmas import _tree
from ..games.jolly_christmas import jolly_christmas as jc
from ..games.jolly_christmas.content import (
    BALL_COLOURS,
    CONTENT,
    GINGERBREAD,
    LIGHT_COLOURS,
    ORNAMENTS,
    ROW_WIDTHS,
    SIDES,
)
from .base import SeatWindow

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


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: its share of the trees' worth (points plus
    potential), sharpened (worth squared), from its view; 1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    seen = Seen(state.view(seat))
    values = [max(0.0, w) ** 2 for w in worths(seen.trees, seen.toppers, seen.matching)]
    total = sum(values)
    return values[seat] / total if total else 1.0 / len(values)


def own_worth(seen: Seen, tree: Tree) -> float:
    """A tree's worth to its owner alone (Santas at the rate they earn now): quicker
    than :func:`worths`, for rollouts."""
    f = faces(tree)
    rates = _tree.santa_rates(
        [
            _tree.santas(f) if s == seen.seat else _tree.santas(faces(t))
            for s, t in enumerate(seen.trees)
        ]
    )
    return sum(_tree.score(f, rates[seen.seat], None, seen.matching)) + potential(
        tree, seen.toppers, seen.matching
    )


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A quicker policy for the search's rollouts: the heuristic's choices on the
    bot's own tree alone (no denial of the others, Santas ranked as they stand)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    seen = Seen(view)
    phase = view["phase"]
    if phase == "topper":
        return _topper(seen, legal)
    tree = seen.trees[seat]

    def best(card: Card) -> tuple[float, tuple[int, int]]:
        return max((own_worth(seen, placed(tree, card, *spot)), spot) for spot in spots(tree))

    if phase == "place":
        claimed = next(o for o in view["order_cards"] if o["claimed_by"] == seat)
        card = card_of(claimed["card"])
        assert card is not None
        spot = best(card)[1]
        return next(a for a in legal if isinstance(a, jc.Place) and (a.row, a.index) == spot)
    cards = {o["number"] - 1: card_of(o["card"]) for o in view["order_cards"]}

    def gain(a: jc.Claim) -> float:
        card = cards[a.slot]
        assert card is not None
        return best(card)[0]

    return max((a for a in legal if isinstance(a, jc.Claim)), key=gain)
