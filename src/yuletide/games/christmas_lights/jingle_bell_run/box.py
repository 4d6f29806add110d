"""Jingle Bell Run: the box and the actions — the cards as numbers, the 4 x 4 grid and its
geometry, the steps of a turn, every action, and how a hand pays for a move.

Cells are named by column a-d and row 1-4, a1 top left; a character still beside its
corner is ``OFF`` the grid. Notation: ``start <corner>``, ``take``, ``take <card>``,
``draw``, ``steal``, ``steal <n> from seat <s>``, ``plug``, ``swap <cell>``, ``with
<cell>``, ``move <cell>``, ``discard <card>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from yuletide.core.state import Action
from yuletide.games.christmas_lights.content import BULB_KINDS, COLOURS, CONTENT

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG = range(9)
N_KINDS = 9
KIND_NAME = BULB_KINDS
COUNTS = tuple(CONTENT.bulb_deck[name] for name in KIND_NAME)
PATTERN_IDS = tuple(p.id for p in CONTENT.patterns)
N_PATTERNS = len(PATTERN_IDS)
LIGHTS = tuple(tuple(COLOURS.index(c) for c in p.lights) for p in CONTENT.patterns)
SIDE = 4
CELLS = SIDE * SIDE
COLUMN_LETTERS = "abcd"
CORNERS = (0, SIDE - 1, CELLS - SIDE, CELLS - 1)  # a1, d1, a4, d4
OPPOSITE = {0: CELLS - 1, SIDE - 1: CELLS - SIDE, CELLS - SIDE: SIDE - 1, CELLS - 1: 0}
DEALT = 5
MARKET = 5
HAND_LIMIT = 7
RESET_BUBBLES = 3
PAY = 5
OFF = -1  # a character still waiting beside its corner
MAX_STEAL = max(COUNTS[BROKEN], 1)
MAX_PLAYERS = 6

CORNER, ACTION, TAKE, STEAL, PLUG_FIRST, PLUG_SECOND, DISCARD = range(7)
STEP_NAME = ("start", "action", "take", "steal", "plug-first", "plug-second", "discard")
RULE = "Jingle Bell Run, How to Play"


def cell_name(cell: int) -> str:
    """``b3`` for column b, row 3 (a1 is the top left card)."""
    return f"{COLUMN_LETTERS[cell % SIDE]}{cell // SIDE + 1}"


#: Every cell's name, and None for a character not on the grid (OFF, -1, is the last).
CELL_NAME: tuple[str | None, ...] = (*(cell_name(c) for c in range(CELLS)), None)


def distance(a: int, b: int) -> int:
    """Straight-line steps between two grid cards (no diagonals)."""
    return abs(a // SIDE - b // SIDE) + abs(a % SIDE - b % SIDE)


def neighbours(cell: int) -> list[int]:
    """The cards orthogonally adjacent to ``cell``."""
    r, c = divmod(cell, SIDE)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIDE and 0 <= cc < SIDE:
            out.append(rr * SIDE + cc)
    return sorted(out)


NEIGHBOURS = tuple(neighbours(c) for c in range(CELLS))


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Setup 5: place your character beside this corner."""

    cell: int

    def __str__(self) -> str:
        return f"start {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """The take action: cards from the Market and/or the deck follow."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Take a card of this kind from the Market."""

    kind: int

    def __str__(self) -> str:
        return f"take {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the Bulb deck (blind)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """The steal action: how many Broken Bulbs, and from whom, follow."""

    def __str__(self) -> str:
        return "steal"


@dataclass(frozen=True, slots=True)
class StealFrom(Action):
    """Discard ``count`` Broken Bulbs; take as many cards at random from ``seat``."""

    count: int
    seat: int

    def __str__(self) -> str:
        return f"steal {self.count} from seat {self.seat}"


@dataclass(frozen=True, slots=True)
class PlugAction(Action):
    """The Plug action: play a Plug; the two cards to swap follow."""

    def __str__(self) -> str:
        return "plug"


@dataclass(frozen=True, slots=True)
class SwapFirst(Action):
    """The first of the two unoccupied grid cards a Plug swaps."""

    cell: int

    def __str__(self) -> str:
        return f"swap {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """The second of the two unoccupied grid cards a Plug swaps."""

    cell: int

    def __str__(self) -> str:
        return f"with {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move your character onto this grid card, paying five matching cards."""

    cell: int

    def __str__(self) -> str:
        return f"move {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card of this kind (the hand limit of seven)."""

    kind: int

    def __str__(self) -> str:
        return f"discard {KIND_NAME[self.kind]}"


def pay_for(hand: list[int], base: int, pattern: int) -> list[int] | None:
    """The five cards (kinds) that pay for ``pattern`` from the hand at ``hand[base:]``:
    the plain bulb of each colour held, a Bubble Bulb for each colour lacking (reading
    pay-plain-first); None when the hand cannot pay."""
    lights = LIGHTS[pattern]
    lacking = sum(1 for c in lights if not hand[base + c])
    if lacking > hand[base + BUBBLE]:
        return None
    return [c if hand[base + c] else BUBBLE for c in lights]
