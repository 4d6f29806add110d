"""A Christmas Story: the box and the actions — the cards as numbers, the steps of a turn,
every action as an interned value, and the notation.

Cards are named by letters in deal order (seat 0 gets A and B, seat 1 C and D, ..., the
middle the last three; the reading card-letters in docs/rules/christmas-story.md). Your
own two cards are named by slot, 1 or 2; every other card by its letter: ``swap 1 g``.
Notation: ``swap <1|2> <middle card>``, ``dare <1|2> <their card>``, ``triple-dog-dare <1|2>
<their card>``, ``free-peek <1|2>``, ``open``, ``declare <card> <card>`` (either order),
``accept``, ``refuse``, ``refuse with lamp``, ``flip <1|2>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yuletide.core.state import Action
from yuletide.games.christmas_story.content import CONTENT, KIND_IDS

DECODER, BB_GUN, SCUT, GROVER, PRESENT = range(5)
N_KINDS = 5
KIND_NAME = KIND_IDS
KIND_TITLE = tuple(k.name for k in CONTENT.kinds)
KIND_CODE = tuple(k.code for k in CONTENT.kinds)
MAX_CARDS = (
    CONTENT.box_total() - CONTENT.kinds[-1].count + max(CONTENT.presents_by_players.values())
)
LETTERS = "abcdefghijklmnopqrstuvwxyz"[:MAX_CARDS]
MIDDLE = -1

#: The steps of a turn: the active player's choice, the declaration after ``open``, the
#: dared player's answer, the refuser's face-up card.
TURN, DECLARE, ANSWER, PENALTY = range(4)
STEP_NAME = ("turn", "declare", "answer-dare", "turn-card-up")

#: How a game ended (``ending``): still going, a correct opening, a Bully loss, the last
#: player standing.
NOT_OVER, PRESENTS_FOUND, BULLY_LOSS, LAST_STANDING = range(4)
ENDING_NAME = (None, "presents", "bully", "last-standing")

R_SETUP = "A Christmas Story, Set Up"
R_SWAP = "A Christmas Story, How to Play: SWAP"
R_DARE = "A Christmas Story, How to Play: DARE"
R_REFUSED = "A Christmas Story, How to Play: DARE, if they DO NOT take the Dare"
R_OPEN = "A Christmas Story, How to Play: OPEN THE PRESENT"
R_WIN = "A Christmas Story, Winning the Game"
R_LAMP = "A Christmas Story, Leg Lamp Marker"
R_TDD = R_LAMP + ": TRIPLE-DOG-DARE"
R_FREE_PEEK = R_LAMP + ": FREE PEEK"
R_LAMP_REFUSE = R_LAMP + ": REFUSE A DARE"


LETTER_UP = tuple(c.upper() for c in LETTERS)
EMPTY = -1  # a place of a player who is out


def letter(card: int) -> str:
    """The name of a card in views and messages: its letter, upper case ("A")."""
    return LETTER_UP[card]


def card_text(card: Any) -> str:
    """A card as notation writes it (lower case), or, for a hand-built action object
    naming no card of the box, the value itself (``str`` never raises)."""
    if type(card) is int and 0 <= card < MAX_CARDS:
        return LETTERS[card]
    return repr(card)


def slot_text(slot: Any) -> str:
    """Slot 0 or 1 as notation writes it (1 or 2); anything else as it is."""
    return str(slot + 1) if type(slot) is int else repr(slot)


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """SWAP: your card in ``slot`` (0 or 1, written 1 or 2) for the middle card ``other``."""

    slot: int
    other: int

    def __str__(self) -> str:
        return f"swap {slot_text(self.slot)} {card_text(self.other)}"


@dataclass(frozen=True, slots=True)
class Dare(Action):
    """DARE the holder of card ``theirs`` to swap it for your card in ``slot``."""

    slot: int
    theirs: int

    def __str__(self) -> str:
        return f"dare {slot_text(self.slot)} {card_text(self.theirs)}"


@dataclass(frozen=True, slots=True)
class TripleDogDare(Action):
    """Leg Lamp, TRIPLE-DOG-DARE: force the swap of your card in ``slot`` and ``theirs``."""

    slot: int
    theirs: int

    def __str__(self) -> str:
        return f"triple-dog-dare {slot_text(self.slot)} {card_text(self.theirs)}"


@dataclass(frozen=True, slots=True)
class FreePeek(Action):
    """Leg Lamp, FREE PEEK: look at your face-down card in ``slot``."""

    slot: int

    def __str__(self) -> str:
        return f"free-peek {slot_text(self.slot)}"


@dataclass(frozen=True, slots=True)
class Open(Action):
    """OPEN THE PRESENT: announce that you are opening the presents."""

    def __str__(self) -> str:
        return "open"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare the two cards (``first`` < ``second``) you think are the Decoder Pin and
    the BB Gun."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"declare {card_text(self.first)} {card_text(self.second)}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Take the Dare."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """Do not take the Dare; ``lamp``: use the Leg Lamp so no card is turned face up."""

    lamp: bool

    def __str__(self) -> str:
        return "refuse with lamp" if self.lamp else "refuse"


@dataclass(frozen=True, slots=True)
class TurnUp(Action):
    """After refusing a Dare, turn your face-down card in ``slot`` face up."""

    slot: int

    def __str__(self) -> str:
        return f"flip {slot_text(self.slot)}"


SLOTS = (0, 1)
CARDS = range(MAX_CARDS)
SWAPS = tuple(tuple(Swap(i, c) for c in CARDS) for i in SLOTS)
DARES = tuple(tuple(Dare(i, c) for c in CARDS) for i in SLOTS)
TRIPLE_DOG_DARES = tuple(tuple(TripleDogDare(i, c) for c in CARDS) for i in SLOTS)
FREE_PEEKS = tuple(FreePeek(i) for i in SLOTS)
TURN_UPS = tuple(TurnUp(i) for i in SLOTS)
DECLARE_PAIR = tuple(tuple(Declare(a, b) if a < b else None for b in CARDS) for a in CARDS)
OPEN = Open()
ACCEPT = Accept()
REFUSE = Refuse(False)
REFUSE_LAMP = Refuse(True)
ANSWERS = (ACCEPT, REFUSE)
ANSWERS_LAMP = (ACCEPT, REFUSE, REFUSE_LAMP)


def _declares(cards: int) -> tuple[Declare, ...]:
    out = []
    for a in range(cards):
        for b in range(a + 1, cards):
            d = DECLARE_PAIR[a][b]
            assert d is not None
            out.append(d)
    return tuple(out)


#: Every declaration for a game of ``n`` cards: DECLARATIONS[n].
DECLARATIONS = tuple(_declares(n) for n in range(MAX_CARDS + 1))


def space(cards: int) -> list[Action]:
    return [
        *(SWAPS[i][c] for i in SLOTS for c in range(cards)),
        *(DARES[i][c] for i in SLOTS for c in range(cards)),
        *(TRIPLE_DOG_DARES[i][c] for i in SLOTS for c in range(cards)),
        *FREE_PEEKS,
        OPEN,
        *DECLARATIONS[cards],
        ACCEPT,
        REFUSE,
        REFUSE_LAMP,
        *TURN_UPS,
    ]


FULL_SPACE = space(MAX_CARDS)
NOTATION: dict[str, Action] = {str(a): a for a in FULL_SPACE}
for _a in DECLARATIONS[MAX_CARDS]:  # either order names the same declaration
    NOTATION[f"declare {LETTERS[_a.second]} {LETTERS[_a.first]}"] = _a
FORMS = (
    "swap <1|2> <middle card> | dare <1|2> <their card> | triple-dog-dare <1|2> <their card>"
    " | free-peek <1|2> | open | declare <card> <card> | accept | refuse | refuse with lamp"
    " | flip <1|2>"
)


def cards_named(action: Action) -> tuple[int, ...]:
    """The cards an action names by letter (your own cards are named by slot)."""
    if isinstance(action, Swap):
        return (action.other,)
    if isinstance(action, Dare | TripleDogDare):
        return (action.theirs,)
    if isinstance(action, Declare):
        return (action.first, action.second)
    return ()
