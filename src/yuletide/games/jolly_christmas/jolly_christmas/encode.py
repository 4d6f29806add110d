"""Jolly Christmas for the RL layer (``yuletide.rl``): the fast observation path.

``observer`` writes the observation straight from the state for one seat, without
building the view: the order cards and elves, every tree, the toppers, the discard pile
and the scores so far, all public (only the stack's order is hidden, and the view shows
just its size). Why it is fast: each card's and topper's slots are worked out once, by
the view schema's own writers, into a table, so the trees and the discard pile are one
numpy scatter each; and a tree's score is remembered by the tree (a step changes one
tree, the view's ``breakdowns`` scores them all). Tests (tests/rl) prove it equal to
encoding the view at every state the conformance suite probes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from yuletide.core.schema import Writer
from yuletide.games.jolly_christmas.content import CONTENT, ROW_WIDTHS
from yuletide.rl.fast import offsets, write_common

from . import tree as _tree
from .rules import (
    _CARD_VIEWS,
    _TOPPER_VIEWS,
    PHASE_NAME,
    TOPPERS,
    JollyChristmas,
    base_width,
    faces,
)
from .tree import CATEGORIES, SLOTS
from .view import JC_CARD, JC_TOPPER, VIEW

Index = npt.NDArray[np.intp]

#: The score parts in the order of the view schema's record (``total`` last).
_SCORE_RECORD: Any = VIEW.parts["scores"].item  # type: ignore[attr-defined]
_SCORE_PARTS: tuple[str, ...] = tuple(_SCORE_RECORD.parts)
_PHASES: tuple[str, ...] = VIEW.parts["phase"].vocab  # type: ignore[attr-defined]
_TIEBREAKS: tuple[str, ...] = VIEW.parts["options"].parts["topper_tiebreak"].vocab  # type: ignore[attr-defined]

#: Remembered per tree: its points but the Santas', and its Santas, by (cards, topper,
#: matching lights). Emptied when it grows past this many entries.
_MOST = 50_000
_POINTS: dict[tuple[Any, ...], tuple[list[int], int]] = {}
#: Where a breakdown holds the Santas' points.
_SANTAS = CATEGORIES.index("santas")


def breakdowns(state: JollyChristmas) -> list[list[int]]:
    """``state.scores or state.breakdowns()`` (what the view shows; shared lists, for
    reading only), each tree scored once
    for as long as it and its topper stay the same (its Santas are scored apart: their
    points per Santa depend on the other trees)."""
    if state.scores:
        return state.scores
    matching = state.matching
    found = []
    for tree, t in zip(state.trees, state.toppers, strict=True):
        key = (*tree, t, matching)
        f = _POINTS.get(key)
        if f is None:
            if len(_POINTS) > _MOST:
                _POINTS.clear()
            face = faces(tree)
            f = _POINTS[key] = (
                _tree.score(face, 0, TOPPERS[t] if t >= 0 else None, matching),
                _tree.santas(face),
            )
        found.append(f)
    rates = _tree.santa_rates([f[1] for f in found])
    out = []
    for (parts, santas), rate in zip(found, rates, strict=True):
        if santas and rate:
            mine = parts.copy()
            mine[_SANTAS] = santas * rate
            out.append(mine)
        else:
            out.append(parts)
    return out


def _slots(write: Writer, value: Any, width: int) -> npt.NDArray[np.float32]:
    """What ``write`` gives ``value`` at offset 0, as ``width`` slots."""
    buf: dict[int, float] = {}
    write(value, buf, 0, 0)
    out = np.zeros(width, dtype=np.float32)
    for k, x in buf.items():
        out[k] = x
    return out


def observer(enc: Any) -> Callable[[JollyChristmas, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    n, size = enc.players, enc.size
    at = offsets(enc)
    card_w, topper_w = JC_CARD.size(n), JC_TOPPER.size(n)
    # Row -1 (an empty spot) is all zeros.
    cards = np.stack(
        [_slots(JC_CARD.writer(n), v, card_w) for v in _CARD_VIEWS] + [np.zeros(card_w, np.float32)]
    )
    topper_rows = np.stack([_slots(JC_TOPPER.writer(n), v, topper_w) for v in _TOPPER_VIEWS])
    phase_slot = [at["phase"] + _PHASES.index(name) for name in PHASE_NAME]
    round_, deck, discard = at["round"], at["deck"], at["discard[0..23]"]
    cards_at, elves_at = at["order_cards[0..5]"], at["elves[seat]"]
    round_order, next_order = at["round_order[seat]"], at["next_order[0..4]"]
    trees, widths, lights = at["trees[seat]"], at["base_width[seat]"], at["lights[seat]"]
    toppers, on_table = at["toppers[seat]"], at["toppers_on_table[0..5]"]
    in_box, topper_order = at["toppers_in_box"], at["topper_order[0..4]"]
    scores, final, turns = at["scores[seat]"], at["final_scores"], at["turns"]
    order_w = 1 + 1 + (1 + card_w) + 2 * n  # presence, number, card, claimed_by, elf
    seat_w = 1 + n  # an item of a list of seats
    cell_w = 1 + 1 + card_w  # a spot of a row: presence, the card's presence, the card
    row_w = 1 + 5 * cell_w
    tree_w = 4 * row_w
    span = np.arange(card_w)
    # Tree spot s of the seat ``rel`` places after the observer: its slots.
    cell = np.array(
        [
            [
                trees + rel * tree_w + r * row_w + 1 + i * cell_w
                for r, w in enumerate(ROW_WIDTHS)
                for i in range(w)
            ]
            for rel in range(n)
        ],
        dtype=np.intp,
    )  # (n, SLOTS): the presence slot of each spot
    tree_card: Index = cell[:, :, None] + 2 + span  # (n, SLOTS, card_w)
    tree_has: Index = cell + 1
    disc_w = 1 + card_w
    disc_at: Index = discard + np.arange(24)[:, None] * disc_w + 1 + span  # (24, card_w)
    disc_has: Index = discard + np.arange(24) * disc_w
    rotate = [np.array([(me + r) % n for r in range(n)], dtype=np.intp) for me in range(n)]
    score_rel = [_SCORE_PARTS.index(c) for c in CATEGORIES]
    total_rel = _SCORE_PARTS.index("total")
    score_hi = [_SCORE_RECORD.parts[p].hi for p in _SCORE_PARTS]
    lights_hi = VIEW.parts["lights"].item.hi  # type: ignore[attr-defined]
    lights_rel = CATEGORIES.index("lights")
    n_scores = len(_SCORE_PARTS)
    # The parts that never change in a game: the elves left in the box, the presence of
    # every row and spot of every tree (the view always lists them all).
    fixed = np.zeros(size, dtype=np.float32)
    x = (CONTENT.elves - n) / 3
    if x > 0.0:
        fixed[at["elves_in_box"]] = x if x < 1.0 else 1.0
    for rel in range(n):
        for r in range(len(ROW_WIDTHS)):
            fixed[trees + rel * tree_w + r * row_w] = 1.0
    fixed[cell.ravel()] = 1.0
    assert cell.shape[1] == SLOTS

    def observe(state: JollyChristmas, seat: int) -> Any:
        out = fixed.copy()
        me = seat
        rows = np.array(state.trees, dtype=np.intp)[rotate[me]]
        out[tree_card] = cards[rows]
        out[tree_has] = rows >= 0
        d = state.discard[:24]
        k = len(d)
        if k:
            out[disc_at[:k]] = cards[d]
            out[disc_has[:k]] = 1.0
        v: dict[int, float] = {}
        if state.matching:
            v[at["options.matching_lights"]] = 1.0
        v[at["options.topper_tiebreak"] + _TIEBREAKS.index(state.tiebreak)] = 1.0
        v[phase_slot[state.phase]] = 1.0
        x = (state.round - 1) / 13
        if x > 0.0:
            v[round_] = x if x < 1.0 else 1.0
        x = len(state.deck) / 90
        if x > 0.0:
            v[deck] = x if x < 1.0 else 1.0
        claims, elves = state.claims, state.elves
        for k, c in enumerate(state.row):
            b = cards_at + k * order_w
            v[b] = 1.0
            if k:
                v[b + 1] = k / 5 if k < 5 else 1.0
            if c >= 0:
                v[b + 2] = 1.0
                out[b + 3 : b + 3 + card_w] = cards[c]
            if k in claims:
                v[b + 3 + card_w + (claims.index(k) - me) % n] = 1.0
            if k in elves:
                v[b + 3 + card_w + n + (elves.index(k) - me) % n] = 1.0
        for s, o in enumerate(state.order):
            if o:
                x = o / 5
                v[round_order + (s - me) % n] = x if x < 1.0 else 1.0
        claimed = sorted((s for s in range(n) if claims[s] >= 0), key=claims.__getitem__)
        for i, s in enumerate(claimed[:5]):
            b = next_order + i * seat_w
            v[b] = 1.0
            v[b + 1 + (s - me) % n] = 1.0
        parts = breakdowns(state)
        for s in range(n):
            rel = (s - me) % n
            b = elves_at + rel * 4
            c, e = claims[s], elves[s]
            if c >= 0:
                v[b] = 1.0
                if c:
                    v[b + 1] = c / 5 if c < 5 else 1.0
            if e >= 0:
                v[b + 2] = 1.0
                if e:
                    v[b + 3] = e / 5 if e < 5 else 1.0
            w = base_width(state.trees[s])
            if w:
                v[widths + rel] = w / 5 if w < 5 else 1.0
            t = state.toppers[s]
            if t >= 0:
                b = toppers + rel * (1 + topper_w)
                v[b] = 1.0
                out[b + 1 : b + 1 + topper_w] = topper_rows[t]
            p = parts[s]
            b = scores + rel * n_scores
            for c, points in enumerate(p):
                if points:
                    j = score_rel[c]
                    x = points / score_hi[j]
                    if x > 0.0:
                        v[b + j] = x if x < 1.0 else 1.0
            x = sum(p) / score_hi[total_rel]
            if x > 0.0:
                v[b + total_rel] = x if x < 1.0 else 1.0
            x = p[lights_rel] / lights_hi
            if x > 0.0:
                v[lights + rel] = x if x < 1.0 else 1.0
        for i, t in enumerate(sorted(state.table_toppers)[:6]):
            b = on_table + i * (1 + topper_w)
            v[b] = 1.0
            out[b + 1 : b + 1 + topper_w] = topper_rows[t]
        x = len(state.box_toppers) / 14
        if x > 0.0:
            v[in_box] = x if x < 1.0 else 1.0
        for i, s in enumerate(state.topper_order[:5]):
            b = topper_order + i * seat_w
            v[b] = 1.0
            v[b + 1 + (s - me) % n] = 1.0
        if state.scores:
            v[final] = 1.0
        x = state.turns / 200
        if x > 0.0:
            v[turns] = x if x < 1.0 else 1.0
        write_common(v, at, state, seat, n)
        m = len(v)
        out[np.fromiter(v.keys(), np.intp, m)] = np.fromiter(v.values(), np.float32, m)
        return out

    return observe
