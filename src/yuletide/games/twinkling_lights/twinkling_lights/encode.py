"""Twinkling Lights for the RL layer (``yuletide.rl``): the fast observation path.

``observer`` writes the observation straight from the state for one seat, without
building the view: the board, the tile in the seat's hand (only on its own turn), its
own Pattern cards and which of them a strand shows, every seat's card backs, scored
cards and Broken Wire tiles held. Why it is fast: a board is a value (a placement makes
a new one), so its encoded block, most of the vector, is worked out once per board and
copied after that; every tile (at every rotation) and card is a row of a table that the
view schema's own writers filled. Tests (tests/rl) prove it equal to encoding the view
at every state the conformance suite probes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from yuletide.core.schema import Field
from yuletide.rl.fast import bag_steps, offsets, write_common

from ..geometry import Board
from .rules import (
    COLOURS,
    ORIENTED,
    PATTERNS,
    SCORE,
    STEP_NAME,
    TILES,
    TwinklingLights,
    _wires_view,
)
from .view import TL_PATTERN, TL_TILES, VIEW

Vector = npt.NDArray[np.float32]

_BOARD: Any = VIEW.parts["board"]
_HAND: Any = VIEW.parts["hand_tile"].inner  # type: ignore[attr-defined]
_STEPS: tuple[str, ...] = VIEW.parts["step"].vocab  # type: ignore[attr-defined]
_BACKS: tuple[str, ...] = VIEW.parts["pattern_backs"].item.vocab  # type: ignore[attr-defined]
#: A board's blocks remembered (by the board itself: a board never changes), at most this many.
_MOST = 256


def _row(field: Field, players: int, value: Any) -> Vector:
    """What ``field``'s writer gives ``value``, as a dense row of the field's size."""
    buf: dict[int, float] = {}
    field.writer(players)(value, buf, 0, 0)
    out = np.zeros(field.size(players), dtype=np.float32)
    for k, x in buf.items():
        out[k] = x
    return out


def _pattern(card: int) -> dict[str, Any]:
    p = PATTERNS[card]
    return {"id": p.id, "back": p.back, "lights": [COLOURS[c] for c in p.lights]}


def observer(enc: Any) -> Callable[[TwinklingLights, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    n, size = enc.players, enc.size
    at = offsets(enc)
    item = _BOARD.item
    item_w = 1 + item.size(n)  # presence, then the cell's record
    cells = _BOARD.length
    board_at, board_w = at["board[0..35]"], _BOARD.size(n)
    covers_rel = at["board[i].covers"] - at["board[i]"]
    top_rel = at["board[i].tile"] - at["board[i]"]
    top_w = covers_rel - top_rel
    # Every tile at every rotation, as the slots of a board cell from its tile to its
    # wires (the cell's coordinates and the tiles it covers are written apart).
    tops = np.zeros((len(TILES), 4, top_w), dtype=np.float32)
    for t in range(len(TILES)):
        for q in range(4):
            o = ORIENTED[t][q]
            row = _row(
                item,
                n,
                {
                    "cell": None,
                    "tile": o.name,
                    "kind": o.kind,
                    "layout": o.layout,
                    "rotation": 90 * q,
                    "wires": _wires_view(o),
                    "covers": None,
                },
            )
            tops[t, q] = row[top_rel - 1 : covers_rel - 1]
    flat_tops = tops.reshape(len(TILES) * 4, top_w)
    cover_slot = [TL_TILES.index(t.name) for t in TILES]
    hands = [
        _row(
            _HAND,
            n,
            {"tile": t.name, "kind": t.kind, "layout": t.layout, "wires": _wires_view(t)},
        )
        for t in TILES
    ]
    hand_at, hand_w = at["hand_tile"], _HAND.size(n)
    card_w = TL_PATTERN.size(n)
    cards = [_row(TL_PATTERN, n, _pattern(c)) for c in range(len(PATTERNS))]
    can_slot = [at["can_score"] + VIEW.parts["can_score"].index[p.id] for p in PATTERNS]  # type: ignore[attr-defined]
    back_slot = [_BACKS.index(p.back) for p in PATTERNS]
    in_bag = bag_steps(3)
    turn, step_at, in_hand, target = at["turn"], at["step"], at["tile_in_hand"], at["target"]
    stack, patterns, backs = at["stack"], at["patterns[0..2]"], at["pattern_backs[seat]"]
    scored_at, held_at, turns = at["scored[seat]"], at["broken_wire_held[seat]"], at["turns"]
    scored_w = (1 + card_w) * 6
    step_slot = [step_at + _STEPS.index(name) for name in STEP_NAME]
    n_backs = len(_BACKS)
    n_cards = len(PATTERNS)
    boards: dict[int, tuple[Board, Vector]] = {}

    def board_block(state: TwinklingLights, board: Board) -> Vector:
        """A vector holding the board's part alone (the view's ``board``: every occupied
        cell, sorted, its top tile and the tiles it covers), zeros elsewhere."""
        got = boards.get(id(board))
        if got is not None and got[0] is board:
            return got[1]
        placed = state.placed
        stacks: dict[tuple[int, int], list[int]] = {}
        for i in range(0, len(placed), 4):
            stacks.setdefault((placed[i], placed[i + 1]), []).append(i)
        whole = np.zeros(size, dtype=np.float32)
        out = whole[board_at : board_at + board_w]
        order = sorted(stacks)[:cells]
        k = len(order)
        grid = out.reshape(cells, item_w)[:k]
        grid[:, 0] = 1.0
        # A coordinate's (c + 9) / 18, 0 at or below -9, 1 at or past 9 (the schema's Num).
        xy = (np.array(order, dtype=np.float64) + 9) / 18
        grid[:, 1:3] = np.clip(xy, 0.0, 1.0)
        top = [stacks[cell][-1] for cell in order]
        grid[:, top_rel:covers_rel] = flat_tops[[placed[i + 2] * 4 + placed[i + 3] for i in top]]
        for j, cell in enumerate(order):
            below = stacks[cell]
            for i in below[:-1]:
                grid[j, covers_rel + cover_slot[placed[i + 2]]] = 1.0
        if len(boards) >= _MOST:
            boards.clear()
        boards[id(board)] = (board, whole)
        return whole

    def observe(state: TwinklingLights, seat: int) -> Any:
        board = state.board()
        out = board_block(state, board).copy()
        v: dict[int, float] = {}
        over = state._over
        v[turn + (state.turn - seat) % n] = 1.0
        v[step_slot[state.step]] = 1.0
        placing = not over and state.step != SCORE
        if placing:
            v[in_hand] = 1.0
            if seat == state.turn:
                v[hand_at] = 1.0
                out[hand_at + 1 : hand_at + 1 + hand_w] = hands[state.in_hand()]
        if state.target:
            v[target] = 1.0
            for i, c in enumerate(state.target[:2]):
                b = target + 1 + 2 * i
                v[b] = 1.0
                x = (c + 9) / 18
                if x > 0.0:
                    v[b + 1] = x if x < 1.0 else 1.0
        x = len(state.stack) / 35
        if x > 0.0:
            v[stack] = x if x < 1.0 else 1.0
        owner, scored = state.owner, state.scored
        held_cards: list[list[int]] = [[] for _ in range(n)]
        done: list[list[int]] = [[] for _ in range(n)]
        for c in range(n_cards):
            s = owner[c]
            if s >= 0:
                (done if scored[c] else held_cards)[s].append(c)
        for s in range(n):
            rel = (s - seat) % n
            hand = held_cards[s]
            tally = [0] * n_backs
            for c in hand:
                tally[back_slot[c]] += 1
            for k in range(n_backs):
                if tally[k]:
                    v[backs + rel * n_backs + k] = in_bag[tally[k]]
            b = scored_at + rel * scored_w
            for i, c in enumerate(sorted(done[s], key=scored.__getitem__)[:6]):
                v[b + i * (1 + card_w)] = 1.0
                out[b + i * (1 + card_w) + 1 : b + (i + 1) * (1 + card_w)] = cards[c]
            if state.held[s] >= 0:
                v[held_at + rel] = 1.0
            if s == seat:
                for i, c in enumerate(hand[:3]):
                    v[patterns + i * (1 + card_w)] = 1.0
                    out[patterns + i * (1 + card_w) + 1 : patterns + (i + 1) * (1 + card_w)] = (
                        cards[c]
                    )
                for c in hand:
                    if board.shows(PATTERNS[c].lights):
                        v[can_slot[c]] = 1.0
        x = state.turns / 100
        if x > 0.0:
            v[turns] = x if x < 1.0 else 1.0
        write_common(v, at, state, seat, n)
        m = len(v)
        out[np.fromiter(v.keys(), np.intp, m)] = np.fromiter(v.values(), np.float32, m)
        return out

    return observe
