"""Christmas Lights: the box and the actions — the cards as numbers, every action as an
interned value, and the notation.

Notation: ``card i``, ``seat s``, ``commit p end``, ``advance``, ``fix k``, ``done``,
``swap``, ``sale``, ``draw n``, ``end``, ``withdraw``, ``accept``, ``decline``, ``all``,
``ask same``, ``kind k``, ``>=``, ``=``, ``number k``, ``none``, ``mark m``, ``move w``
(cards, slots and patterns count from 1; seats from 0). Every action is one of the
interned values below (``parse`` and ``action_space`` hand out only those), so the rules
may compare words by identity (``action is DONE``). No decision has more than about 70
legal actions even with a 40-card hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from yuletide.core.errors import NotationError
from yuletide.core.state import Action
from yuletide.games.christmas_lights.content import BULB_KINDS, CONTENT

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG = range(9)
N_KINDS = 9
KIND_NAME = BULB_KINDS
KIND_ID = {name: i for i, name in enumerate(BULB_KINDS)}
#: The kind of each physical Bulb card of a fresh box, by card id (0..60).
BOX_KINDS: tuple[int, ...] = tuple(
    k for k, name in enumerate(BULB_KINDS) for _ in range(CONTENT.bulb_deck[name])
)
N_CARDS = len(BOX_KINDS)
HAND_SIZE = 5
SLOTS = 5
PLUG_SLOT = SLOTS
PLAYS_PER_TURN = 2
PATTERN_IDS: tuple[str, ...] = tuple(p.id for p in CONTENT.patterns)
LIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(KIND_ID[c] for c in p.lights) for p in CONTENT.patterns
)
#: LINES[pattern * 2 + end]: the colour each slot of a string needs, slot 1 first, reading
#: the Pattern card from its left end (end 0) or from its right end (end 1) — ruling M1.
LINES: tuple[tuple[int, ...], ...] = tuple(
    lights if end == 0 else lights[::-1] for lights in LIGHTS for end in (0, 1)
)
#: LINES_WITH[slot * N_KINDS + colour]: the readings (bit ``pattern * 2 + end``) whose
#: slot needs that colour; ALL_LINES: every reading.
LINES_WITH: tuple[int, ...] = tuple(
    sum(1 << i for i, line in enumerate(LINES) if line[k] == x)
    for k in range(SLOTS)
    for x in range(N_KINDS)
)
ALL_LINES = (1 << len(LINES)) - 1
END_NAME = ("left", "right")
EVENT_NAME: tuple[str, ...] = CONTENT.events
LIGHT_SWITCH = EVENT_NAME.index("light-switch")
POWER_SURGE = EVENT_NAME.index("power-surge")
POWER_OUTAGE = EVENT_NAME.index("power-outage")
CHRISTMAS_EVE = EVENT_NAME.index("christmas-eve")
LUMP_OF_COAL = EVENT_NAME.index("lump-of-coal")
BOXING_DAY = EVENT_NAME.index("boxing-day")
EVENT_TITLE = {
    LIGHT_SWITCH: "Light Switch",
    POWER_SURGE: "Power Surge",
    POWER_OUTAGE: "Power Outage",
    CHRISTMAS_EVE: "Christmas Eve",
    LUMP_OF_COAL: "Lump of Coal",
    BOXING_DAY: "Boxing Day",
}
CHARACTER_NAME: tuple[str, ...] = CONTENT.characters
SANTA = CHARACTER_NAME.index("santa")
MARK_NAME = ("none", "sideways", "upside-down", "raised")
N_MARKS = len(MARK_NAME)
MOVE_NAME = ("first", "last", "left", "right")
FIRST, LAST, LEFT, RIGHT = range(4)


@dataclass(frozen=True, slots=True)
class Card(Action):
    """A card of a hand by position (1-based in the notation): the card to play, swap,
    take, lay for sale, look at or discard, a question's position, a free action's card."""

    pos: int

    def __str__(self) -> str:
        return f"card {self.pos + 1}"


@dataclass(frozen=True, slots=True)
class Seat(Action):
    """Another seat: the one to swap with, or the buyer to offer the card to."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Secretly commit to one of your two Pattern cards and an end (ruling M1)."""

    pattern: int
    end: int

    def __str__(self) -> str:
        return f"commit {self.pattern + 1} {END_NAME[self.end]}"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Where a played card goes (ruling M2): ``advance`` (the next empty slot, or the plug
    slot) or ``fix k`` (slot k, which holds a Broken Bulb)."""

    slot: int

    def __str__(self) -> str:
        return "advance" if self.slot < 0 else f"fix {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A one-word decision: done, none, all, accept, decline, withdraw, ask same, >=, =."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw cards: ``draw n`` in REFILL, ``draw 1`` for Light Switch."""

    n: int

    def __str__(self) -> str:
        return f"draw {self.n}"


@dataclass(frozen=True, slots=True)
class Kind(Action):
    """A card kind for a count question (``kind red`` … ``kind plug``)."""

    kind: int

    def __str__(self) -> str:
        return f"kind {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class Number(Action):
    """The number k of a count question."""

    n: int

    def __str__(self) -> str:
        return f"number {self.n}"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """Free action, first step: the mark to put on one of your cards (then ``card i``)."""

    mark: int

    def __str__(self) -> str:
        return f"mark {MARK_NAME[self.mark]}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Free action, first step: where to move one of your cards (then ``card i``)."""

    where: int

    def __str__(self) -> str:
        return f"move {MOVE_NAME[self.where]}"


CARDS = tuple(Card(i) for i in range(N_CARDS))
SEAT_ACTS = tuple(Seat(t) for t in range(6))
COMMITS = tuple(Commit(i, e) for i in (0, 1) for e in (0, 1))
ADVANCE = Target(-1)
FIXES = tuple(Target(k) for k in range(SLOTS))
DONE = Word("done")
NONE = Word("none")
ALL = Word("all")
ACCEPT = Word("accept")
DECLINE = Word("decline")
WITHDRAW = Word("withdraw")
ASK_SAME = Word("ask same")
AT_LEAST = Word(">=")
EXACTLY = Word("=")
GO_SWAP = Word("swap")
GO_SALE = Word("sale")
END = Word("end")
DRAWS = tuple(Draw(n) for n in range(1, HAND_SIZE + 1))
KIND_ACTS = tuple(Kind(k) for k in range(N_KINDS))
NUMBERS = tuple(Number(k) for k in range(N_CARDS + 1))
MARKS = tuple(Mark(m) for m in range(N_MARKS))
MOVES = tuple(Move(w) for w in range(len(MOVE_NAME)))
WORDS = (
    DONE,
    NONE,
    ALL,
    ACCEPT,
    DECLINE,
    WITHDRAW,
    ASK_SAME,
    AT_LEAST,
    EXACTLY,
    GO_SWAP,
    GO_SALE,
    END,
)
ALL_ACTIONS: tuple[Action, ...] = (
    *CARDS,
    *SEAT_ACTS,
    *COMMITS,
    ADVANCE,
    *FIXES,
    *WORDS,
    *DRAWS,
    *KIND_ACTS,
    *NUMBERS,
    *MARKS,
    *MOVES,
)
NOTATION: dict[str, Action] = {str(a): a for a in ALL_ACTIONS}
FORMS = (
    "card <i> | seat <s> | commit <1|2> <left|right> | advance | fix <k> | done | swap |"
    " sale | end | none |"
    " draw <n> | withdraw | accept | decline | all | ask same | kind <kind> | >= | = |"
    " number <k> | mark <none|sideways|upside-down|raised> | move <first|last|left|right>"
)


def parse(text: str) -> Action:
    """The interned action written as ``text`` (case and spacing free), or NotationError
    listing the forms."""
    action = NOTATION.get(" ".join(text.lower().split()))
    if action is None:
        raise NotationError(
            f"{text!r} is not a Christmas Lights action; the forms are: {FORMS}"
            f" (kinds: {', '.join(KIND_NAME)}; cards, slots and patterns count from 1)"
        )
    return action


def action_space(players: int) -> list[Action]:
    """Every action that can ever be legal with ``players`` seats."""
    return [a for a in ALL_ACTIONS if not (isinstance(a, Seat) and a.seat >= players)]
