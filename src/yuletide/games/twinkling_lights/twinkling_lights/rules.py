"""Twinkling Lights — tile laying with strands of lights, for 2 to 4 players.

Rules implemented (the Twinkling Lights rulebook), every sentence; the tile model and the
box are the card data's (``content.json``: 35 Light tiles, 10 red-backed 3-Pattern and 4
green-backed 4-Pattern cards), the geometry is :mod:`.geometry`:

* Set Up 1: the Light tiles are mixed into a face-down stack (its order is hidden from
  everyone; views show its size).
* Set Up 2: the top two tiles are revealed and laid face up next to each other: on
  cells (0, 0) and (1, 0), both at rotation 0 (ruling T10). A Broken Wire tile
  revealed here goes back into the stack, which is shuffled, and another is revealed;
  a + tile revealed here stays as a normal tile (T5).
* Set Up 3-4: the red 3-Pattern cards are shuffled and two dealt to each player, then
  the green 4-Pattern cards shuffled and one dealt to each; each player's cards are
  hidden from the others. The rest go back into the box, unseen by anyone.
* The youngest player (seat 0) goes first; play proceeds clockwise (seat order).
* 1. Draw and Place: at the start of a turn the top tile of the stack is drawn (seen
  only by its drawer until placed) and placed next to another tile: ``column x`` and
  then ``row y`` pick an empty cell sharing an edge with a tile (x grows to the east, y
  to the north), then ``rotate 0|90|180|270`` one of the four orientations (quarter
  turns clockwise: N->E->S->W). "Any orientation": no edge has to match. The cell is
  chosen in two steps so that no decision has more than a few dozen choices and the set
  of actions that can ever be legal stays small (a tile may lie up to 33 cells from the
  start: one ``place x,y`` action per cell would be over 2,300 actions).
* + tiles may be placed on top of any tile (covering it, + and Broken Wire tiles
  included; only the top tile of a cell counts, T4) or next to one, in any orientation.
* Broken Wire tiles are placed next to a tile, in any orientation. A player who draws
  one may play it or give it (``give seat n``) to any player not already holding one;
  the giver then draws and places a new tile, and the same choice applies to another
  Broken Wire tile drawn then (T6). If every opponent already holds one, the drawer
  must play it. A player holding one must play it on their next turn instead of
  drawing (and still scores that turn, T7). Every strand that reaches it ends there.
* 2. Score Pattern Cards: after placing, at the end of the turn, the player may score
  any number of their Pattern cards (``score tl-3-10`` for each, then ``done``; scoring
  is optional, as the rulebook says "may"). A card scores when its colours appear in
  the same order on a single strand: consecutive lights (T2), in either direction
  (T1), wrapping round a loop; lights are never used up, so one run may score several
  cards, for any player, whoever laid the tiles (T3). Scored cards lie face up in front
  of their owner. No card can be scored before the drawn tile is placed.
* Winning: a player who has scored all three of their cards wins at once, at the end of
  their own turn (T9). When the stack runs out, the game ends at the end of the turn in
  which its last tile was drawn, after that player's scoring (T8); Broken Wire tiles
  still held are ignored. The most scored cards wins; a tie goes to whoever among the
  tied has scored a 4-Pattern card; a further tie is a draw (shared win).

Readings of our own where the rulebook and rulings are silent (each tested by name):

* ``adjacent-means-edge``: "next to" / "adjacent" is sharing an edge (not a corner).
* ``draw-is-automatic``: drawing is not a decision (the top tile is the only choice), so
  the tile is drawn as the turn starts.
* ``broken-wire-has-no-rotation``: the four rotations of a Broken Wire tile are the same
  tile, so placing one needs no rotation step (after ``column x``, ``row y`` places it,
  at rotation 0).
* ``choosing-a-cell-keeps-the-tile``: once a Broken Wire tile's column is chosen, it is
  being played: it can no longer be given away.
* ``give-needs-a-tile-to-draw``: a Broken Wire tile cannot be given away when the stack
  is empty, since the giver could not then "draw and place a new tile": it is played.
* ``received-tile-is-played``: a received Broken Wire tile cannot be passed on.
* ``scoring-step-always-offered``: the scoring step comes every turn, with ``done``, even
  when no card can score, so the table does not learn that from the turn ending early.
* ``loop-run-uses-each-bulb-once``: a run wrapping round a loop may not use a bulb twice.
* ``third-card-ends-the-game``: the score that completes a player's three cards ends the
  game then (T9), also on the turn the stack ran out (a win, not a count).

Knowledge: the board (every tile, what it covers, its rotation, wires and bulbs), the
strands, scored cards, how many unscored cards each player has (and their backs), who
holds a Broken Wire tile and the stack's size are public. A player's unscored Pattern
cards are seen only by them; the tile just drawn only by its drawer until it is placed
(the column and cell chosen for it are public). No player knows anything of another's
cards or tile beyond this, so there is no other knowledge to keep true.

``determinize(seat)`` re-deals, from what ``seat`` knows only (its result is the same
in every world ``seat`` cannot tell apart): the tiles it cannot see (the stack, and a
tile another seat has drawn and not placed) are sorted, shuffled with the caller's rng,
and the drawn tile is taken from them among those the table's knowledge allows: once
its cell is chosen it is not a Broken Wire tile (those are placed with no rotation
step), and a cell holding a tile means a + tile (a column tells nothing: each column
holding a tile has free cells at its ends). The other players' unscored cards are
re-dealt, per back, from the cards ``seat`` cannot see (theirs and the box's, by id),
each player keeping its number of red and green cards. The log is frozen as ``seat``
and the table saw it, so the other players' dealt cards and drawn tiles appear as the
table saw them (backs, a draw).

Phases (``current_phase``): ``column``, ``row``, ``rotate`` (placing the tile drawn),
``score`` (after placing), ``received-broken-wire`` (playing a received Broken Wire
tile instead of drawing), ``last-tile`` (the turn the stack ran out: the drawn tile is
the only one out of sight, so every seat can tell it) and ``game-over``.

Options: ``turn_limit`` (default 100 turns; docs/rulings.md#every-game-safety-limits). A game cannot
last longer than 36 turns (33 tiles to draw, and at most 3 turns playing a received
Broken Wire tile instead of drawing), so the limit is only a guard.

Outcome: ``reason`` says how the game ended: "seat N scored all three Pattern cards"
or "the Light tiles ran out: ..."; ``scores`` are the numbers of scored cards.

Version history: 1 — first release.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import SEAT_SETS as _SEAT_SETS
from yuletide.core.state import (
    Action,
    LogEntry,
    Outcome,
    State,
    competition_ranks,
    turn_limit_reached,
)
from yuletide.games.twinkling_lights.content import CONTENT, DEALT
from yuletide.games.twinkling_lights.geometry import (
    PORT_NAMES,
    Board,
    Cell,
    Tile,
)

COLOURS: tuple[str, ...] = CONTENT.colours
#: The letter each colour is drawn as (colour-blind players: never colour alone).
LETTERS: tuple[str, ...] = tuple(c[0].upper() for c in COLOURS)
TILES: tuple[Tile, ...] = CONTENT.tiles
N_TILES = len(TILES)
#: ORIENTED[tile][quarter turns]: every tile at every rotation, built once.
ORIENTED: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(t.at_rotation(r) for r in range(4)) for t in TILES
)
IS_BROKEN: tuple[bool, ...] = tuple(t.kind == "broken-wire" for t in TILES)
IS_PLUS: tuple[bool, ...] = tuple(t.kind == "plus" for t in TILES)
TILE_ID = {t.name.lower(): i for i, t in enumerate(TILES)}
PATTERNS = CONTENT.patterns
IS_GREEN: tuple[bool, ...] = tuple(p.back == "green" for p in PATTERNS)
N_CARDS = len(PATTERNS)
CARD_ID = {p.id.lower(): i for i, p in enumerate(PATTERNS)}
#: The starting cells (ruling T10: side by side, W-E).
START: tuple[Cell, Cell] = ((0, 0), (1, 0))
#: How far from the starting tiles a tile can ever lie: one step per tile placed.
REACH = N_TILES - 2

#: The steps of a turn: the tile in hand goes to a column, then a row (a cell), then a
#: rotation; then the player scores. Choosing a cell in two steps keeps the set of
#: actions that can ever be legal small (a cell can lie up to 33 steps from the start).
COLUMN, ROW, ROTATE, SCORE = range(4)
STEP_NAME = ("column", "row", "rotate", "score")

RULE_PLACE = "Twinkling Lights, How to Play 1: Draw and Place"
RULE_SCORE = "Twinkling Lights, How to Play 2: Score Pattern Cards"
RULE_TILES = "Twinkling Lights, Tile Placement"
RULE_PLUS = "Twinkling Lights, + Tiles"
RULE_BROKEN = "Twinkling Lights, Broken Wire Tiles"


# ---------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Column(Action):
    """Choose the column (x) of the cell for the tile in hand."""

    x: int

    def __str__(self) -> str:
        return f"column {self.x}"


@dataclass(frozen=True, slots=True)
class Row(Action):
    """Choose the row (y) of the cell, in the column chosen (a Broken Wire tile is then
    placed; any other tile waits for its rotation)."""

    y: int

    def __str__(self) -> str:
        return f"row {self.y}"


@dataclass(frozen=True, slots=True)
class Rotate(Action):
    """Place the tile on the chosen cell, turned this many quarter turns clockwise."""

    quarter_turns: int

    def __str__(self) -> str:
        return f"rotate {90 * self.quarter_turns}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give the Broken Wire tile just drawn to another player."""

    seat: int

    def __str__(self) -> str:
        return f"give seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Score(Action):
    """Score one of your Pattern cards (a strand shows its lights)."""

    card: int

    def __str__(self) -> str:
        return f"score {PATTERNS[self.card].id.lower()}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the turn (after scoring as many cards as you wish)."""

    def __str__(self) -> str:
        return "done"


#: Every column and row a tile can ever be placed in: within REACH steps of a starting
#: cell, (0, 0) or (1, 0).
_COLUMN: dict[int, Column] = {x: Column(x) for x in range(-REACH, REACH + 2)}
_ROW: dict[int, Row] = {y: Row(y) for y in range(-REACH, REACH + 1)}
_ROTATE = tuple(Rotate(q) for q in range(4))
_GIVE = tuple(Give(s) for s in range(4))
_SCORE = tuple(Score(c) for c in range(len(PATTERNS)))
_DONE = Done()
_NOTATION: dict[str, Action] = {
    str(a): a for a in (*_COLUMN.values(), *_ROW.values(), *_ROTATE, *_GIVE, *_SCORE, _DONE)
}
_FORMS = "column <x> | row <y> | rotate 0|90|180|270 | give seat <n> | score <card id> | done"


# ------------------------------------------------------------------------ state


class TwinklingLights(State):
    game_id: ClassVar[str] = "twinkling-lights"
    title: ClassVar[str] = "Twinkling Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            100,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=600,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "stack",
        "placed",
        "owner",
        "scored",
        "held",
        "drawn",
        "turn",
        "step",
        "target",
        "turns",
        "winner",
        "ended",
    )
    __slots__ = (
        *fields,
        "_board",
        "_board_for",
        "_board_len",
        "_outcome",
        "_shown",
        "turn_limit",
    )
    #: The steps of a turn, the turn a received Broken Wire tile is played, the last
    #: turn (the stack is empty) and the end (see the module's "Phases").
    phases: ClassVar[tuple[str, ...]] = (
        "column",
        "row",
        "rotate",
        "score",
        "received-broken-wire",
        "last-tile",
        "game-over",
    )

    stack: list[int]  # tile ids, top of the stack last
    placed: list[int]  # x, y, tile, quarter turns for every tile laid, in order
    owner: list[int]  # per Pattern card, the seat it was dealt to, or -1 (in the box)
    scored: list[int]  # per Pattern card, 0, or k when it was the k-th card scored
    held: list[int]  # per seat, a Broken Wire tile received and not yet played, or -1
    drawn: int  # the tile drawn this turn and not yet placed, or -1
    turn: int
    step: int
    target: list[int]  # the column, then the cell, chosen for the tile in hand: [x], [x, y]
    turns: int  # turns completed
    winner: int  # the seat that scored all three cards, or -1
    ended: bool  # the stack ran out (ruling T8)
    turn_limit: int
    _board: Board  # the board ``placed`` describes (derived, shared by clones)
    _board_for: list[int]
    _board_len: int
    _outcome: tuple[tuple[Any, ...], Outcome] | None  # a finished outcome, and its key
    _shown: tuple[Board, str] | None  # a board and its view + strands as JSON text

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        rng = self.rng
        stack = list(range(N_TILES))
        rng.shuffle(stack)
        # Set Up 2 and rulings T5, T10: reveal two tiles for (0, 0) and (1, 0).
        self.placed = []
        while len(self.placed) < 8:
            tile = stack.pop()
            self.log.append(("reveal", tile))
            if IS_BROKEN[tile]:
                stack.append(tile)
                rng.shuffle(stack)
                self.log.append(("back-in-stack", tile))
                continue
            x, y = START[len(self.placed) // 4]
            self.placed.extend((x, y, tile, 0))
        self.stack = stack
        # Set Up 3-4: two red cards each, then one green card each; the rest boxed.
        n = self.players
        self.owner = [-1] * N_CARDS
        self.scored = [0] * N_CARDS
        for back, each in DEALT.items():
            cards = [i for i, p in enumerate(PATTERNS) if p.back == back]
            rng.shuffle(cards)
            for _ in range(each):
                for seat in range(n):
                    self.owner[cards.pop()] = seat
        for seat in range(n):
            self.log.append(("deal", seat, *self.hand(seat)))
        self._outcome = None
        self._shown = None
        self.held = [-1] * n
        self.drawn = -1
        self.target = []
        self.turn = 0
        self.turns = 0
        self.winner = -1
        self.ended = False
        self._board_for = []
        self._board_len = -1
        self._start_turn()

    # ------------------------------------------------------------ the board

    def board(self) -> Board:
        """The board as ``placed`` describes it (built once, then kept up to date)."""
        placed = self.placed
        if self._board_for is not placed or self._board_len != len(placed):
            top = {
                (placed[i], placed[i + 1]): ORIENTED[placed[i + 2]][placed[i + 3]]
                for i in range(0, len(placed), 4)
            }
            self._board = Board(top)
            self._board_for = placed
            self._board_len = len(placed)
        return self._board

    def in_hand(self) -> int:
        """The tile the player to act must place: drawn, or a received Broken Wire."""
        return self.drawn if self.drawn >= 0 else self.held[self.turn]

    def top_tile(self, cell: Cell) -> int:
        """The id of the tile on top of ``cell``, or -1."""
        placed = self.placed
        for i in range(len(placed) - 4, -1, -4):
            if placed[i] == cell[0] and placed[i + 1] == cell[1]:
                return placed[i + 2]
        return -1

    def hand(self, seat: int) -> list[int]:
        """The Pattern cards ``seat`` holds and has not scored."""
        owner, scored = self.owner, self.scored
        return [c for c in range(N_CARDS) if owner[c] == seat and not scored[c]]

    def scored_by(self, seat: int) -> list[int]:
        """The Pattern cards ``seat`` has scored, in the order scored."""
        mine = [c for c in range(N_CARDS) if self.owner[c] == seat and self.scored[c]]
        return sorted(mine, key=self.scored.__getitem__)

    def can_score(self, card: int) -> bool:
        """Whether a single strand shows ``card``'s lights (rulings T1-T3)."""
        return self.board().shows(PATTERNS[card].lights)

    # ------------------------------------------------------------- the rules

    @property
    def _over(self) -> bool:
        return self.winner >= 0 or self.ended or self.turns >= self.turn_limit

    @property
    def to_act(self) -> frozenset[int]:
        if self._over:
            return frozenset()
        return _SEAT_SETS[self.turn]

    @property
    def current_phase(self) -> str:
        if self._over:
            return "game-over"
        if self.step != SCORE and self.drawn < 0:
            return "received-broken-wire"
        if not self.stack:
            return "last-tile"
        return STEP_NAME[self.step]

    def cells_for(self, tile: int) -> list[Cell]:
        """Where ``tile`` may go: an empty cell sharing an edge with a tile, or, for a +
        tile, also on top of any tile (ruling T4); sorted by x, then y."""
        board = self.board()
        if IS_PLUS[tile]:
            return sorted((*board.frontier(), *board.cells()))
        return list(board.frontier())

    def _can_give(self, seat: int) -> list[Action]:
        tile = self.drawn
        if tile < 0 or not IS_BROKEN[tile] or not self.stack:
            return []
        return [_GIVE[s] for s in range(self.players) if s != seat and self.held[s] < 0]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self._over:
            return []
        step = self.step
        if step == COLUMN:
            cells = self.cells_for(self.in_hand())
            acts: list[Action] = [_COLUMN[x] for x in sorted({x for x, _ in cells})]
            acts.extend(self._can_give(seat))
            return acts
        if step == ROW:
            x = self.target[0]
            return [_ROW[y] for cx, y in self.cells_for(self.in_hand()) if cx == x]
        if step == ROTATE:
            return list(_ROTATE)
        acts = [_SCORE[c] for c in self.hand(seat) if self.can_score(c)]
        acts.append(_DONE)
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is Column:
            self.target = [action.x]
            self.step = ROW
            self.log.append(("column", seat, action.x))
        elif type(action) is Row:
            tile = self.in_hand()
            x, y = self.target[0], action.y
            if IS_BROKEN[tile]:  # reading broken-wire-has-no-rotation
                self.target = []
                self._lay(seat, tile, x, y, 0)
            else:
                self.target = [x, y]
                self.step = ROTATE
                self.log.append(("cell", seat, x, y))
        elif type(action) is Done:
            self.log.append(("done", seat))
            self._end_turn(seat)
        elif type(action) is Rotate:
            x, y = self.target
            self.target = []
            self._lay(seat, self.in_hand(), x, y, action.quarter_turns)
        elif type(action) is Score:
            card = action.card
            self.scored[card] = 1 + max(self.scored)
            self.log.append(("score", seat, card))
            if not self.hand(seat):  # ruling T9
                self.winner = seat
                self.log.append(("win", seat))
        elif type(action) is Give:
            to = action.seat
            self.held[to] = self.drawn
            self.log.append(("give", seat, to, self.drawn))
            self._draw(seat)  # ruling T6: the same choice applies to the next one
        else:
            raise AssertionError(action)

    def _lay(self, seat: int, tile: int, x: int, y: int, quarter_turns: int) -> None:
        covered = self.top_tile((x, y))
        board = self.board()
        self.placed.extend((x, y, tile, quarter_turns))
        self._board = board.with_tile((x, y), ORIENTED[tile][quarter_turns])
        self._board_len = len(self.placed)
        if self.drawn == tile:
            self.drawn = -1
        else:
            self.held[seat] = -1
        self.step = SCORE
        self.log.append(("place", seat, tile, x, y, quarter_turns, covered))

    def _draw(self, seat: int) -> None:
        self.drawn = self.stack.pop()
        self.log.append(("draw", seat, self.drawn))

    def _start_turn(self) -> None:
        seat = self.turn
        self.step = COLUMN
        if self.held[seat] >= 0:  # play the received Broken Wire tile instead of drawing
            self.log.append(("must-play", seat, self.held[seat]))
        else:
            self._draw(seat)

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        if not self.stack:  # ruling T8
            self.ended = True
            self.log.append(("tiles-out",))
            return
        if self.turns >= self.turn_limit:
            return
        self.turn = (seat + 1) % self.players
        self._start_turn()

    # ------------------------------------------------------------ bad input

    def check_action(self, action: Any) -> Action:
        """As ``State.check_action``; ``give seat 3`` at a table with fewer seats (its
        notation parses at any player count) names the seats there are."""
        match action:
            case Give(seat=to) if type(to) is int and to >= self.players:
                raise NotationError(
                    f"there is no seat {to} to give a Broken Wire tile to: seats are 0"
                    f" to {self.players - 1}",
                    RULE_BROKEN,
                )
        return super().check_action(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        step = self.step
        tile = self.in_hand() if step != SCORE else -1
        if isinstance(action, Score):
            return self._why_not_score(seat, action.card)
        if isinstance(action, Done):
            return IllegalAction(
                "place your tile first: every turn you draw and place a tile before scoring",
                RULE_PLACE,
            )
        if step == SCORE:
            return IllegalAction(
                "you have placed your tile this turn: score Pattern cards (score <card id>)"
                " or end your turn (done)",
                RULE_SCORE,
            )
        if isinstance(action, Give):
            return self._why_not_give(seat, action.seat, tile)
        if step == ROTATE:
            x, y = self.target
            return IllegalAction(
                f"you chose cell {x},{y}: now choose the rotation (rotate 0|90|180|270)",
                RULE_TILES + ": any orientation",
            )
        if isinstance(action, Rotate):
            return IllegalAction(
                "choose the cell first (column <x>, then row <y>)", RULE_TILES + ": any orientation"
            )
        if step == ROW:
            if isinstance(action, Column):
                return IllegalAction(
                    f"you chose column {self.target[0]}: now choose the row (row <y>)", RULE_PLACE
                )
            if isinstance(action, Row):
                return self._why_not_place((self.target[0], action.y), tile)
        if isinstance(action, Row):
            return IllegalAction("choose the column first (column <x>)", RULE_PLACE)
        if not isinstance(action, Column):  # every action is one of the kinds above
            return super().why_illegal(seat, action)
        what = "a + tile" if IS_PLUS[tile] else "your tile"
        return IllegalAction(
            f"there is no cell in column {action.x} where {what} may go: a tile goes on an"
            " empty cell sharing an edge with a tile"
            + (", or on top of a tile" if IS_PLUS[tile] else ""),
            RULE_TILES + "; reading adjacent-means-edge",
        )

    def _why_not_place(self, cell: Cell, tile: int) -> IllegalAction:
        x, y = cell
        board = self.board()
        if cell in board:
            if IS_BROKEN[tile]:
                return IllegalAction(
                    f"cell {x},{y} holds a tile: a Broken Wire tile is placed next to a tile,"
                    " not on top of one",
                    RULE_BROKEN,
                )
            return IllegalAction(
                f"cell {x},{y} holds a tile: only a + tile may be placed on top of another tile",
                RULE_PLUS,
            )
        return IllegalAction(
            f"cell {x},{y} is not next to any tile: place it on an empty cell sharing an edge"
            " with a tile",
            RULE_TILES + "; reading adjacent-means-edge",
        )

    def _why_not_give(self, seat: int, to: int, tile: int) -> IllegalAction:
        if self.drawn < 0:
            return IllegalAction(
                "you must play the Broken Wire tile you were given (instead of drawing);"
                " it cannot be passed on",
                RULE_BROKEN + "; reading received-tile-is-played",
            )
        if not IS_BROKEN[tile]:
            return IllegalAction(
                "only a Broken Wire tile you have just drawn may be given away", RULE_BROKEN
            )
        if self.step != COLUMN:
            return IllegalAction(
                "you chose to play your Broken Wire tile yourself (you chose where it goes);"
                " it can be given away only instead of placing it",
                RULE_BROKEN,
            )
        if not 0 <= to < self.players:
            return IllegalAction(
                f"there is no seat {to}: seats are 0 to {self.players - 1}", RULE_BROKEN
            )
        if to == seat:
            return IllegalAction(
                "give the Broken Wire tile to another player, or place it yourself", RULE_BROKEN
            )
        if self.held[to] >= 0:
            return IllegalAction(
                f"seat {to} already holds a Broken Wire tile: give it to a player who isn't"
                " holding one, or place it yourself",
                RULE_BROKEN,
            )
        return IllegalAction(
            "the stack is empty, so after giving the tile away you could not draw and place"
            " a new one: place it yourself",
            RULE_BROKEN + "; reading give-needs-a-tile-to-draw",
        )

    def _why_not_score(self, seat: int, card: int) -> IllegalAction:
        name = PATTERNS[card].id
        if self.step != SCORE:
            return IllegalAction(
                "you cannot score a Pattern card until after placing the tile you drew this turn",
                RULE_SCORE + " (IMPORTANT)",
            )
        if self.owner[card] == seat and self.scored[card]:
            return IllegalAction(f"you have already scored {name}", RULE_SCORE)
        if self.owner[card] != seat:
            return IllegalAction(f"{name} is not one of your Pattern cards", RULE_SCORE)
        lights = "-".join(COLOURS[c] for c in PATTERNS[card].lights)
        return IllegalAction(
            f"no single strand shows {name} ({lights}): its colours must be consecutive"
            " lights of one strand, in this order or the reverse",
            RULE_SCORE + "; rulings T1, T2",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if not self._over:
            return _ONGOING
        key = (self.winner, self.ended, self.turns, *self.scored, *self.owner)
        if self._outcome is None or self._outcome[0] != key:
            self._outcome = (key, self._finished())
        return self._outcome[1]

    def _finished(self) -> Outcome:
        if self.winner >= 0:
            w = self.winner
            return Outcome(
                "finished",
                winners=(w,),
                scores=self._scores(),
                ranks=competition_ranks(self._keys()),
                reason=f"seat {w} scored all three Pattern cards",
            )
        if self.ended:
            return self._tiles_out()
        return turn_limit_reached(self.turn_limit)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(len(self.scored_by(s))) for s in range(self.players))

    def _keys(self) -> list[tuple[int, bool]]:
        """What decides the game when the tiles run out: scored cards, then whether a
        4-Pattern card is among them."""
        out = []
        for seat in range(self.players):
            cards = self.scored_by(seat)
            out.append((len(cards), any(IS_GREEN[c] for c in cards)))
        return out

    def _tiles_out(self) -> Outcome:
        keys = self._keys()
        most = max(k[0] for k in keys)
        tied = [s for s, k in enumerate(keys) if k[0] == most]
        cards = f"{most} Pattern card{'s' if most != 1 else ''}"
        tiebreak = None
        if len(tied) == 1:
            winners = tied
            reason = f"seat {tied[0]} scored the most ({cards})"
        else:
            with_four = [s for s in tied if keys[s][1]]
            names = _seats(tied)
            if len(with_four) == 1:
                winners = with_four
                tiebreak = "scored a 4-Pattern card"
                reason = (
                    f"{names} tied with {cards}; seat {with_four[0]} has scored a 4-Pattern card"
                )
            else:
                winners = with_four or tied
                tiebreak = "draw"
                four = (
                    "each scored a 4-Pattern card" if with_four else "none scored a 4-Pattern card"
                )
                reason = f"a draw between {_seats(winners)}: {cards} each and {four}"
        return Outcome(
            "finished",
            winners=tuple(winners),
            scores=self._scores(),
            ranks=competition_ranks(keys),
            tiebreak=tiebreak,
            reason="the Light tiles ran out: " + reason,
        )

    def _card(self, card: int) -> dict[str, Any]:
        p = PATTERNS[card]
        return {"id": p.id, "back": p.back, "lights": [COLOURS[c] for c in p.lights]}

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. The ``board`` and ``strands`` entries are built once
        per board (as JSON text) and decoded afresh for every view, so a caller may
        change its view without touching the game."""
        mine = seat is not None and 0 <= seat < self.players
        seats = range(self.players)
        board = self.board()
        if self._shown is None or self._shown[0] is not board:
            strands = [
                {
                    "lights": [COLOURS[c] for c in s.lights],
                    "loop": s.loop,
                    "cells": [list(step.cell) for step in s.steps],
                }
                for s in board.strands()
            ]
            self._shown = (board, json.dumps([_board_view(self.placed), strands]))
        cells, strands = json.loads(self._shown[1])
        hand_tile: dict[str, Any] | None = None
        if mine and seat == self.turn and not self._over and self.step != SCORE:
            tile = TILES[self.in_hand()]
            hand_tile = {
                "tile": tile.name,
                "kind": tile.kind,
                "layout": tile.layout,
                "wires": _wires_view(tile),
            }
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "target": list(self.target) or None,
            "stack": len(self.stack),
            "board": cells,
            "strands": strands,
            "hand_tile": hand_tile,
            "tile_in_hand": not self._over and self.step != SCORE,
            "broken_wire_held": [h >= 0 for h in self.held],
            "pattern_backs": [[PATTERNS[c].back for c in self.hand(s)] for s in seats],
            "scored": [[self._card(c) for c in self.scored_by(s)] for s in seats],
            "patterns": [self._card(c) for c in self.hand(seat)] if mine else None,  # type: ignore[arg-type]
            "can_score": (
                [PATTERNS[c].id for c in self.hand(seat) if self.can_score(c)]  # type: ignore[arg-type]
                if mine
                else None
            ),
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "reveal":
            return {"type": "reveal", "tile": TILES[entry[1]].name}
        if kind == "back-in-stack":
            return {"type": "back-in-stack", "tile": TILES[entry[1]].name, "shuffled": True}
        if kind == "deal":
            dealt = list(entry[2:])
            event: dict[str, Any] = {"type": "deal", "seat": entry[1]}
            if seat == entry[1]:
                event["cards"] = [PATTERNS[c].id for c in dealt]
            else:
                event["backs"] = [PATTERNS[c].back for c in dealt]
            return event
        if kind == "draw":
            event = {"type": "draw", "seat": entry[1]}
            if seat == entry[1]:
                event["tile"] = TILES[entry[2]].name
            return event
        if kind == "must-play":
            return {"type": "must-play-broken-wire", "seat": entry[1], "tile": TILES[entry[2]].name}
        if kind == "give":
            return {
                "type": "give-broken-wire",
                "seat": entry[1],
                "to": entry[2],
                "tile": TILES[entry[3]].name,
            }
        if kind == "column":
            return {"type": "choose-column", "seat": entry[1], "x": entry[2]}
        if kind == "cell":
            return {"type": "choose-cell", "seat": entry[1], "cell": [entry[2], entry[3]]}
        if kind == "place":
            _, who, tile, x, y, quarter_turns, covered = entry
            return {
                "type": "place",
                "seat": who,
                "tile": TILES[tile].name,
                "cell": [x, y],
                "rotation": 90 * quarter_turns,
                "covers": TILES[covered].name if covered >= 0 else None,
            }
        if kind == "score":
            return {"type": "score", "seat": entry[1], **self._card(entry[2])}
        if kind == "done":
            return {"type": "end-turn", "seat": entry[1]}
        if kind == "win":
            return {"type": "win", "seat": entry[1]}
        return {"type": "tiles-ran-out"}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.stack = self.stack.copy()
        other.placed = self.placed.copy()
        other.owner = self.owner.copy()
        other.scored = self.scored.copy()
        other.held = self.held.copy()
        other.drawn = self.drawn
        other.turn = self.turn
        other.step = self.step
        other.target = self.target.copy()
        other.turns = self.turns
        other.winner = self.winner
        other.ended = self.ended
        other.turn_limit = self.turn_limit
        other._outcome = self._outcome
        other._shown = self._shown
        other._board = self.board()  # a value: shared
        other._board_for = other.placed
        other._board_len = len(other.placed)
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see, from what it knows only: the stack (its
        contents are known, its order hidden from all) and another seat's drawn tile,
        taken from that pool sorted, then shuffled; the drawn tile is one the table's
        knowledge allows (see ``_could_be_drawn``). The other players' unscored cards are
        re-dealt from the cards ``seat`` cannot see (theirs and the box's), sorted, each
        player keeping its number of red and green cards (public: the backs)."""
        stack = self.stack
        hidden_draw = self.drawn >= 0 and self.turn != seat
        if hidden_draw:
            stack.append(self.drawn)
        stack.sort()
        rng.shuffle(stack)
        if hidden_draw:
            could_be = [i for i, t in enumerate(stack) if self._could_be_drawn(t)]
            self.drawn = stack.pop(could_be[rng.below(len(could_be))])
        owner, scored = self.owner, self.scored
        for green in (False, True):
            # The cards of this back that ``seat`` cannot see (by id), and the seats (or
            # the box, -1) holding them, as a sorted multiset: both known to ``seat``.
            unseen = [
                c
                for c in range(N_CARDS)
                if IS_GREEN[c] == green and not scored[c] and owner[c] != seat
            ]
            holders = sorted(owner[c] for c in unseen)
            rng.shuffle(holders)
            for c, holder in zip(unseen, holders, strict=True):
                owner[c] = holder

    def _could_be_drawn(self, tile: int) -> bool:
        """Whether the tile in another seat's hand could be ``tile``, as the table sees
        it. A column tells nothing (every column holding a tile has free cells at both
        ends); a cell chosen means not a Broken Wire tile (those need no rotation), and
        a cell holding a tile means a + tile."""
        if self.step != ROTATE or IS_PLUS[tile]:
            return True
        return not IS_BROKEN[tile] and (self.target[0], self.target[1]) not in self.board()

    def inventory(self) -> list[str]:
        tiles = self.stack + self.placed[2::4] + [t for t in self.held if t >= 0]
        if self.drawn >= 0:
            tiles.append(self.drawn)
        return [TILES[t].name for t in tiles] + [p.id for p in PATTERNS]

    def box(self) -> list[str]:
        return [t.name for t in TILES] + [p.id for p in PATTERNS]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(text)
        if action is None:
            action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Twinkling Lights action; the forms are: {_FORMS}"
                f" (x from {-REACH} to {REACH + 1}, y from {-REACH} to {REACH}; card ids such as"
                f" {PATTERNS[0].id.lower()})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [*_COLUMN.values(), *_ROW.values(), *_ROTATE, *_GIVE[:players], *_SCORE, _DONE]


def _seats(seats: Sequence[int]) -> str:
    names = [str(s) for s in seats]
    return "seats " + (", ".join(names[:-1]) + " and " + names[-1])


def _wires_view(tile: Tile) -> list[dict[str, Any]]:
    return [
        {
            "ports": [PORT_NAMES[w.start], PORT_NAMES[w.end]],
            "bulbs": [COLOURS[c] for c in w.bulbs],
        }
        for w in tile.wires
    ]


def _board_view(placed: Sequence[int]) -> list[dict[str, Any]]:
    """Every occupied cell: its top tile (rotation, wires in board directions, bulbs in
    order along each wire) and the tiles it covers, bottom first; sorted by cell."""
    stacks: dict[Cell, list[tuple[int, int]]] = {}
    for i in range(0, len(placed), 4):
        stacks.setdefault((placed[i], placed[i + 1]), []).append((placed[i + 2], placed[i + 3]))
    out = []
    for cell in sorted(stacks):
        *below, (tile, quarter_turns) = stacks[cell]
        oriented = ORIENTED[tile][quarter_turns]
        out.append(
            {
                "cell": list(cell),
                "tile": oriented.name,
                "kind": oriented.kind,
                "layout": oriented.layout,
                "rotation": 90 * quarter_turns,
                "wires": _wires_view(oriented),
                "covers": [TILES[t].name for t, _ in below],
            }
        )
    return out


# ------------------------------------------------------------------- rendering

_TILE_BY_NAME = {t.name: i for i, t in enumerate(TILES)}
