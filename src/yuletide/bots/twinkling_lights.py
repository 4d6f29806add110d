"""A Twinkling Lights bot that scores what it can reach (issue 15).

A Pattern card scores when one strand shows its three or four colours in a row. The bot
rebuilds the board from its view (the game's own geometry: tiles, rotations, strands)
and tries its tile on every cell and in every rotation; each trial board is worth, for
each of its unscored cards, a lot if a strand shows it now, and otherwise something for
the longest start of it that a strand shows at an open end facing an empty cell (a tile
laid there may carry the strand on: :func:`reach`). It scores every card it can, and it
gives a Broken Wire tile away whenever it may, to the player nearest to winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng
from ..core.state import Action, State
from ..games.twinkling_lights import twinkling_lights as tl
from ..games.twinkling_lights.geometry import Board, Cell, Strand, neighbour
from .base import SeatWindow

GAME = tl.TwinklingLights.game_id
TILE_ID = {t.name: i for i, t in enumerate(tl.TILES)}
COLOUR_ID = {c: i for i, c in enumerate(tl.COLOURS)}
#: A card a strand shows now (it can be scored at the end of the turn).
SHOWN = 10.0
#: What a card is worth by how many of its lights are still to come at an open end.
TO_COME = {1: 3.0, 2: 1.0, 3: 0.3, 4: 0.1}


def board_of(view: dict[str, Any]) -> Board:
    """The board of the view: the top tile of every cell at its rotation."""
    return Board(
        {
            (c["cell"][0], c["cell"][1]): tl.ORIENTED[TILE_ID[c["tile"]]][c["rotation"] // 90]
            for c in view["board"]
        }
    )


def _open(board: Board, cell: Cell, port: int) -> bool:
    """Whether a strand ending at ``port`` of ``cell`` may still be carried on: the
    cell it faces is empty."""
    return neighbour(cell, port) not in board


def reach(board: Board, strands: Sequence[Strand], lights: Sequence[int]) -> int:
    """How many lights of the card ``lights`` are still to come: at every open end of a
    strand that faces an empty cell (a tile laid there carries the strand on), the
    strand may end with the first lights of the card (read either way round); the fewest
    still missing after such a start, or all of them when no strand ends with one."""
    k = len(lights)
    best = k
    runs = (tuple(lights), tuple(lights[::-1]))
    for strand in strands:
        if strand.loop:
            continue
        steps = strand.steps
        ends = []
        if _open(board, steps[-1].cell, steps[-1].exit):
            ends.append(strand.lights)
        if _open(board, steps[0].cell, steps[0].entry):
            ends.append(strand.lights[::-1])
        for seq in ends:
            for run in runs:
                for j in range(min(k - 1, len(seq)), 0, -1):
                    if k - j >= best:
                        break
                    if tuple(seq[-j:]) == run[:j]:
                        best = k - j
                        break
    return best


def worth(board: Board, cards: Sequence[Sequence[int]]) -> float:
    """What a board is worth to a hand of unscored cards (module docstring)."""
    strands = board.strands()
    total = 0.0
    for lights in cards:
        if board.shows(lights):
            total += SHOWN
        else:
            total += TO_COME.get(reach(board, strands, lights), 0.0)
    return total


class Seen:
    """What one decision needs, read from the seat's view."""

    __slots__ = ("board", "cards", "tile", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board = board_of(view)
        self.board.strands()  # found once: every trial board then walks only what changes
        self.cards = [[COLOUR_ID[c] for c in p["lights"]] for p in view["patterns"]]
        hand = view["hand_tile"]
        self.tile = TILE_ID[hand["tile"]] if hand else -1

    def cells(self) -> list[Cell]:
        """Where the tile in hand may go (the game's ``cells_for``)."""
        board = self.board
        if tl.IS_PLUS[self.tile]:
            return sorted((*board.frontier(), *board.cells()))
        return list(board.frontier())

    def placements(self, cells: Sequence[Cell]) -> list[tuple[float, Cell, int]]:
        """Every (worth, cell, quarter turns) of the tile in hand on ``cells``."""
        rotations = (0,) if tl.IS_BROKEN[self.tile] else (0, 1, 2, 3)
        out = []
        for cell in cells:
            for q in rotations:
                board = self.board.with_tile(cell, tl.ORIENTED[self.tile][q])
                out.append((worth(board, self.cards), cell, q))
        return out

    def best(self, cells: Sequence[Cell]) -> tuple[float, Cell, int]:
        """The best placement among ``cells``: the highest worth, ties to the lowest cell
        and rotation (a fixed order, so the three steps of a placement agree)."""
        return max(self.placements(cells), key=lambda p: (p[0], -p[1][0], -p[1][1], -p[2]))


def plan_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a placement plan depends on: the turn, the tile in hand, the board (the
    turn and the stack size pin it down) and the cards to score."""
    hand = view["hand_tile"]
    return (
        view["turns"],
        view["stack"],
        hand["tile"] if hand else None,
        len(view["board"]),
        tuple(p["id"] for p in view["patterns"]),
    )


def choose(
    view: dict[str, Any],
    legal: Sequence[Action],
    plans: dict[tuple[Any, ...], tuple[float, Cell, int]] | None = None,
) -> Action:
    """The bot's move from its view and legal actions. ``plans`` keeps the placement
    chosen at the column step for the row and rotation steps of the same turn (the
    same search would find it again)."""
    step = view["step"]
    if step == "score":
        scores = [a for a in legal if isinstance(a, tl.Score)]
        return scores[0] if scores else legal[-1]
    gives = [a for a in legal if isinstance(a, tl.Give)]
    if gives:
        scored = [len(s) for s in view["scored"]]
        seat, n = view["seat"], view["players"]
        return max(gives, key=lambda a: (scored[a.seat], -((a.seat - seat) % n)))
    key = plan_key(view)
    plan = plans.get(key) if plans is not None else None
    if plan is None:
        seen = Seen(view)
        target = view["target"] or []
        cells = [c for c in seen.cells() if list(c[: len(target)]) == target]
        plan = seen.best(cells)
        if plans is not None:
            plans.clear()
            plans[key] = plan
    _, cell, q = plan
    if step == "column":
        by_x = {a.x: a for a in legal if isinstance(a, tl.Column)}
        return by_x.get(cell[0], legal[0])
    if step == "row":
        by_y = {a.y: a for a in legal if isinstance(a, tl.Row)}
        return by_y.get(cell[1], legal[0])
    return next((a for a in legal if isinstance(a, tl.Rotate) and a.quarter_turns == q), legal[0])


class HeuristicBot:
    """Scores what it can reach:

    * it lays its tile on the cell and in the rotation that make the board worth most
      to its unscored cards: a card a strand shows now is worth most, then a card whose
      start a strand shows at an open end facing an empty cell (the fewer lights still
      to come, the more); between equal boards it takes the first cell in a fixed order;
    * at the end of its turn it scores every card a strand shows (lights are never used
      up, so nothing is lost by scoring at once);
    * it gives a Broken Wire tile away whenever it may, to the player with the most
      cards scored (ties: the one whose turn comes first), and then lays the tile it
      draws instead.

    It decides from its window only (its view and legal actions); on another game it
    plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.plans: dict[tuple[Any, ...], tuple[float, Cell, int]] = {}

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return choose(window.view(), legal, self.plans)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: each seat's cards scored
    (three win), its own also counted by how near the board is to its others; a seat's
    share of ``3 ** scored``; the exact outcome once over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    view = state.view(seat)
    board = board_of(view)
    mine = [[COLOUR_ID[c] for c in p["lights"]] for p in view["patterns"]]
    near = [3.0 ** len(s) for s in view["scored"]]
    near[seat] *= 1.0 + worth(board, mine) / (SHOWN * 3)
    return near[seat] / sum(near)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast policy for the search's rollouts: a random cell, the best rotation there
    (four trial boards, not a few hundred), every card it can score, and a Broken Wire
    tile given to the leader."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    step = view["step"]
    if step in ("score", "rotate") or any(isinstance(a, tl.Give) for a in legal):
        return choose(view, legal)
    return legal[rng.below(len(legal))]
