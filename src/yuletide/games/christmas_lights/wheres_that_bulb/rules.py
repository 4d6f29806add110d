"""Where's That Bulb? — a memory game for 2 to 6 players (Christmas Lights bonus game).

Rules implemented (the Christmas Lights rulebook, "Where's That Bulb?"), every sentence:

* Components: 6 each of the six colours, 6 Bubble Bulbs (not wild: two Bubble Bulbs
  are a pair), 4 Broken Bulbs, 8 Plugs and the 6 Character cards — 60 cards.
* Setup: all cards shuffled and laid face down in a grid (10 x 6 — ruling
  Where's That Bulb?: count-mismatch: the printed 11 x 6 cannot hold 60 cards).
  Seat 0 is the youngest and starts; play goes clockwise (seat order).
* On your turn you flip two cards, one at a time (``flip c4``: column a-j, row 1-6):
  - a Broken Bulb is flipped face down again at once and your turn ends, even if it was
    your first card;
  - a matching pair (same colour, both Bubble Bulbs, both Plugs, or Character partners:
    Santa + Mrs. Claus, the two elves, Reindeer + Snowman) leaves the grid, is placed in
    front of you, and you take another turn;
  - no match: both cards are flipped face down again and your turn ends.
* Game end: once every card is matched, leaving only the four Broken Bulbs, the most
  pairs wins; a tie goes to the most Character card pairs; if still tied, the tied
  players share victory.

Knowledge: every flip is public. The view shows the cards flipped in the last turn
(``last_turn``), as the table saw them before they went face down; older faces are not
in the view unless option ``memory_aid`` is on (it is a memory game), but every flip is
in every seat's event log. ``determinize`` re-deals only the cards nobody has seen,
keeping seen cards where they are, which is exactly what every player knows: the unseen
kinds (the box less the matched pairs and the seen cards, all public) are sorted, then
shuffled with the caller's rng onto the unseen cells, so the result depends on the
public game and the rng only, never on where the unseen cards really lie. Nothing else
is hidden: no seat knows more than another.

Phases (``current_phase``): ``first-flip`` (no card face up), ``second-flip`` (the first
card of the turn is face up) and ``over`` (the game has ended).

Options: ``memory_aid`` (default false) shows the last seen face of every face-down card;
``turn_limit`` (default 20000 turns) ends the game unfinished
(docs/rulings.md#every-game-safety-limits).

Version history: 1 — first release.
"""

from __future__ import annotations

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
from yuletide.games.christmas_lights.content import COLOURS, CONTENT

COLUMNS = 10
ROWS = 6
CELLS = COLUMNS * ROWS
COLUMN_LETTERS = "abcdefghij"

#: Kinds: the six colours, then Bubble, Broken, Plug, then the six characters.
KINDS: tuple[str, ...] = (*COLOURS, "bubble", "broken", "plug", *CONTENT.characters)
KIND_ID = {name: i for i, name in enumerate(KINDS)}
BROKEN = KIND_ID["broken"]
FIRST_CHARACTER = KIND_ID[CONTENT.characters[0]]
COUNTS = {**dict.fromkeys(COLOURS, 6), "bubble": 6, "broken": 4, "plug": 8}
COUNTS.update(dict.fromkeys(CONTENT.characters, 1))
#: The kind each kind pairs with.
PARTNER = tuple(
    KIND_ID[CONTENT.partner(k)] if i >= FIRST_CHARACTER else i for i, k in enumerate(KINDS)
)
CODES = ("Re", "Gr", "Ye", "Bl", "Pu", "Pk", "Bb", "xx", "Pl", "SA", "MC", "EM", "EF", "RD", "SM")

RULE = "Where's That Bulb?, How to Play"
REMOVED = -1


def cell_name(cell: int) -> str:
    """``c4`` for column c, row 4."""
    return f"{COLUMN_LETTERS[cell % COLUMNS]}{cell // COLUMNS + 1}"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Flip the face-down card at ``cell`` (row-major index of the 10 x 6 grid)."""

    cell: int

    def __str__(self) -> str:
        return f"flip {cell_name(self.cell)}"


_FLIP = tuple(Flip(c) for c in range(CELLS))
_NOTATION = {str(a): a for a in _FLIP}


class WheresThatBulb(State):
    game_id: ClassVar[str] = "wheres-that-bulb"
    title: ClassVar[str] = "Where's That Bulb?"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option("memory_aid", False, "show the last seen face of every face-down card"),
        Option(
            "turn_limit",
            20000,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=20_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "grid",
        "seen",
        "first",
        "last",
        "turn",
        "won",
        "turns",
        "left",
    )
    __slots__ = (*fields, "memory_aid", "turn_limit")
    phases: ClassVar[tuple[str, ...]] = ("first-flip", "second-flip", "over")

    grid: list[int]  # kind per cell, REMOVED once matched
    seen: list[int]  # 1 where the card has been flipped at least once (public)
    first: int  # the cell flipped first this turn, face up; -1 if none
    last: list[int]  # the cells flipped in the last finished turn, for display
    turn: int
    won: list[list[int]]  # per seat, the kinds of the cards they matched, pair by pair
    turns: int
    left: int  # cards other than Broken Bulbs still in the grid
    memory_aid: bool
    turn_limit: int

    def _setup(self) -> None:
        self.memory_aid = bool(self.options["memory_aid"])
        self.turn_limit = int(self.options["turn_limit"])
        cards = [KIND_ID[name] for name in KINDS for _ in range(COUNTS[name])]
        self.rng.shuffle(cards)
        self.grid = cards
        self.seen = [0] * CELLS
        self.first = -1
        self.last = []
        self.turn = 0
        self.won = [[] for _ in range(self.players)]
        self.turns = 0
        self.left = CELLS - COUNTS["broken"]
        self.log.append(("deal", COLUMNS, ROWS))

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.left == 0 or self.turns >= self.turn_limit:
            return "over"
        return "second-flip" if self.first >= 0 else "first-flip"

    @property
    def to_act(self) -> frozenset[int]:
        if self.left == 0 or self.turns >= self.turn_limit:
            return frozenset()
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self.left == 0 or self.turns >= self.turn_limit:
            return []
        grid = self.grid
        first = self.first
        return [_FLIP[c] for c in range(CELLS) if grid[c] != REMOVED and c != first]

    def _apply(self, seat: int, action: Action) -> None:
        assert type(action) is Flip
        cell = action.cell
        kind = self.grid[cell]
        self.seen[cell] = 1
        self.log.append(("flip", seat, cell, kind))
        if self.first < 0:
            if kind == BROKEN:
                self._end_turn(seat, [cell])
            else:
                self.first = cell
            return
        first = self.first
        other = self.grid[first]
        self.first = -1
        if kind != BROKEN and PARTNER[kind] == other:
            self.grid[first] = REMOVED
            self.grid[cell] = REMOVED
            self.won[seat].extend((other, kind))
            self.left -= 2
            self.last = [first, cell]
            self.log.append(("match", seat, first, cell))
            if self.left == 0:
                self.log.append(("end",))
            return  # another turn for the same seat
        self._end_turn(seat, [first, cell])

    def _end_turn(self, seat: int, cells: list[int]) -> None:
        self.last = cells
        self.turns += 1
        self.turn = (seat + 1) % self.players
        self.log.append(("down", seat))

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if isinstance(action, Flip):
            if self.grid[action.cell] == REMOVED:
                return IllegalAction(
                    f"the card at {cell_name(action.cell)} was matched and left the grid", RULE
                )
            return IllegalAction(
                f"the card at {cell_name(action.cell)} is already face up: flip another card",
                RULE + ": choose two cards to flip over",
            )
        return super().why_illegal(seat, action)

    # -------------------------------------------------------------- windows

    def pairs(self, seat: int) -> int:
        return len(self.won[seat]) // 2

    def character_pairs(self, seat: int) -> int:
        return sum(1 for k in self.won[seat][::2] if k >= FIRST_CHARACTER)

    @property
    def outcome(self) -> Outcome:
        if self.left == 0:
            keys = [(self.pairs(s), self.character_pairs(s)) for s in range(self.players)]
            best = max(keys)
            winners = tuple(s for s, k in enumerate(keys) if k == best)
            most = max(k[0] for k in keys)
            tied_on_pairs = sum(1 for k in keys if k[0] == most) > 1
            tiebreak = None
            if tied_on_pairs:
                tiebreak = (
                    "most Character card pairs"
                    if len(winners) == 1
                    else "tied on pairs and Character card pairs: shared victory"
                )
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(float(k[0]) for k in keys),
                ranks=competition_ranks(keys),
                tiebreak=tiebreak,
                reason="every card but the Broken Bulbs is matched",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        grid: list[dict[str, str] | None] = []
        for c, kind in enumerate(self.grid):
            if kind == REMOVED:
                grid.append(None)
            elif c == self.first:
                grid.append({"face": "up", "card": KINDS[kind]})
            elif self.memory_aid and self.seen[c]:
                grid.append({"face": "down", "seen": KINDS[kind]})
            else:
                grid.append({"face": "down"})
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": "second-flip" if self.first >= 0 else "first-flip",
            "columns": COLUMNS,
            "rows": ROWS,
            "grid": grid,
            "last_turn": [
                {"cell": cell_name(c), "card": KINDS[self._last_kind(c)]} for c in self.last
            ],
            "pairs": [[_pair_name(w[i], w[i + 1]) for i in range(0, len(w), 2)] for w in self.won],
            "memory_aid": self.memory_aid,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _last_kind(self, cell: int) -> int:
        """The kind of a card flipped last turn: still in the grid, or, if it left it,
        one of the pair just matched (``last`` is then that match, and the seat that made
        it is still the seat to act, the pair the last two cards in front of it)."""
        kind = self.grid[cell]
        if kind != REMOVED:
            return kind
        won = self.won[self.turn]
        return won[-2] if cell == self.last[0] else won[-1]

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "flip":
            return {
                "type": "flip",
                "seat": entry[1],
                "cell": cell_name(entry[2]),
                "card": KINDS[entry[3]],
            }
        if kind == "match":
            return {
                "type": "match",
                "seat": entry[1],
                "cells": [cell_name(entry[2]), cell_name(entry[3])],
            }
        if kind == "down":
            return {"type": "turn-ends", "seat": entry[1]}
        if kind == "deal":
            return {"type": "deal", "columns": entry[1], "rows": entry[2]}
        return {"type": "end"}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.grid = self.grid.copy()
        other.seen = self.seen.copy()
        other.first = self.first
        other.last = self.last.copy()
        other.turn = self.turn
        other.won = [w.copy() for w in self.won]
        other.turns = self.turns
        other.left = self.left
        other.memory_aid = self.memory_aid
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """The cards nobody has seen, in sorted order, shuffled with ``rng`` onto the
        cells nobody has seen. Which cells are unseen, and which kinds they hold between
        them (the box less the matched pairs and the seen cards), are public, so the
        result depends on what every seat knows and on ``rng`` only."""
        grid = self.grid
        seen = self.seen
        hidden = [c for c in range(CELLS) if grid[c] != REMOVED and not seen[c]]
        kinds = sorted(grid[c] for c in hidden)
        rng.shuffle(kinds)
        for c, k in zip(hidden, kinds, strict=True):
            grid[c] = k

    def inventory(self) -> list[str]:
        cards = [KINDS[k] for k in self.grid if k != REMOVED]
        for w in self.won:
            cards.extend(KINDS[k] for k in w)
        return cards

    def box(self) -> list[str]:
        return [name for name in KINDS for _ in range(COUNTS[name])]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Where's That Bulb? action; the form is 'flip <cell>' with"
                f" a column a-j and a row 1-{ROWS}, e.g. 'flip c4'"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_FLIP)


def _pair_name(a: int, b: int) -> str:
    return KINDS[a] if a == b else f"{KINDS[a]}+{KINDS[b]}"
