"""A Christmas Story — deduction, dares and peeking for 3 to 6 players.

Rules implemented (rules/christmas-story.md, A MAJOR Card Game), every sentence:

* Set Up: the Decoder Pin, the BB Gun, the two Bullies (Scut Farkus, Grover Dill) and 5 /
  7 / 9 / 11 Presents for 3 / 4 / 5 / 6 players are shuffled; two cards go face down to
  each player and the remaining three face down to the middle; nobody looks at any card
  (ruling S1: you never know your own cards unless you peek). The Leg Lamp starts in
  the middle; each player takes the 15 Peek tokens of one colour (seat order: red, blue,
  green, yellow, purple, orange). Seat 0 is the youngest and goes first; play goes
  clockwise (seat order), skipping players who are out.
* Peek tokens show who has peeked at a card; a token stays on its card as the card moves
  and leaves it only when the card is flipped face up, going back to its owner (S3).
  When every player still in the game has a token on one card, it is flipped face up
  (S4: checked whenever a token is placed and whenever a player is eliminated).
* A turn is ONE of:
  - SWAP (``swap 1 g``): one of your cards for a card in the middle. If the card you
    took is face down you peek at it and put your Peek token on it (S2: a card that
    already carries your token is peeked again, with no second token; S14: a face-up
    card may be swapped, with no peek).
  - DARE (``dare 2 d``): one of your cards and one of an opponent's; the dared player
    decides (``accept`` / ``refuse`` / ``refuse with lamp``). Accepted: the two cards
    are swapped and the darer peeks at the card they took if it is face down (S5: the
    dared player does not peek). Refused: no swap, the darer takes the Leg Lamp from
    wherever it is (S6), and the refuser chooses one of their face-down cards to turn face
    up for the rest of the game (``flip 1``; S8: no flip if both are face up already).
  - OPEN THE PRESENTS (``open``, then ``declare a b``): see Winning.
* Leg Lamp: its holder may use it for ONE of these, after which it goes back to the
  middle: TRIPLE-DOG-DARE (``triple-dog-dare 1 d``, a turn action: the holder picks both
  cards and the swap is forced, S9; the holder peeks at a face-down card taken);
  FREE PEEK (``free-peek 2``, a turn action: look at one of your cards and put a token
  on it); REFUSE A DARE (``refuse with lamp``: no card is turned face up, and the lamp
  passes to the darer, S7).
* Winning: the opener declares two cards anywhere on the table (S10); any of them still
  face down is flipped. Correct (the Decoder Pin and the BB Gun, either order): the
  opener's two cards are revealed; with no Bully among them the opener wins, with a Bully
  the game is over with no winner (S11). Incorrect: the opener is out, the declared cards
  stay face up where they are, the opener's two cards go face up to the middle (S13, so
  the middle can hold more than three cards), their Peek tokens go back to them and no
  longer count; the others play on. The last player left wins (S12).

Rulings used: S1 to S14 (docs/rulings.md#a-christmas-story), and
docs/rulings.md#every-game-safety-limits.

Readings of our own where the rulebook and rulings are silent (each tested by name):

* ``card-letters``: the cards are named by letters in deal order (seat 0 gets A and B,
  seat 1 C and D, ..., the middle the last three). A letter names the physical card and
  follows it wherever it moves, as the table can follow a face-down card; who holds
  which letter is public, what it is is not (identities are shuffled onto the letters).
  In actions your own two cards are named by their slot, 1 or 2 (the order the view
  lists them in), every other card by its letter: ``swap 1 g`` swaps your first card for
  G. So the actions on offer never depend on which letters you hold, and there are few
  of them (203 at most, with 6 players).
* ``open-is-announced``: opening is two steps, announcing (``open``) and declaring
  (``declare a b``), as the rulebook words it; an announcement cannot be taken back.
* ``free-peek-face-down``: Free Peek looks at a face-down card of yours (a face-up card
  has nothing to see and cannot carry a token); a card you have peeked before may be
  peeked again (as S2, no second token).
* ``refuser-chooses``: the refuser chooses the card to turn up even when only one of
  their cards is face down (a one-option decision, taken on their seat).
* ``lamp-of-the-eliminated``: a player who is out returns the Leg Lamp to the middle.
* ``turn-after-dare``: the turn (and a refused Dare's flip) belongs to the darer's turn;
  the next turn is the next player clockwise after the darer who is still in the game.
* ``ranks``: the winner ranks first, then players still in the game, then the players
  who are out, the later out ranking higher; a Bully loser ranks last.

Knowledge model: a seat knows the identity of a card it has peeked (a Swap or accepted
Dare that brought it the card face down, a Triple-Dog-Dare, a Free Peek) for the rest of
the game, wherever the card goes; face-up cards are public. Everything else — who holds
which card, every Peek token, the Leg Lamp's holder, every action — is public. The view
lists every card with its tokens and what the seat knows of it, plus ``peeked``: each
card the seat has peeked, its identity and where it is now. Nobody sees an unpeeked
face-down card, their own included. Option ``deduction`` (on by default) adds, for each
face-down card, the identities still possible given only that seat's knowledge (the
card counts of the game less the cards it has seen). No other inference is possible:
no rule's outcome depends on a hidden card except opening the presents, which ends the
game or turns the cards concerned face up, so the unseen cards are exchangeable.
Which cards each seat has peeked is public too (the peek events and the tokens name the
card); only what it saw is private. ``determinize(seat, rng)`` therefore keeps face-up
cards and the seat's peeked cards and re-deals every other identity: the pool the seat
has not seen (the game's counts less those cards) is sorted, a canonical order, and
shuffled with the caller's rng onto the unseen cards in letter order, so the result is
a function of the seat's knowledge and the rng only (nothing of the true deal shows
through, however often it is called). Other seats' knowledge is re-sampled with it: a
seat that peeked card C knows C's re-dealt identity, and its private peek events are
withheld (the determinized log shows them as the table saw them: seat and card, no
identity). Every place, token, the lamp, the Dare in progress and the step stay.

Phases (``current_phase``): ``turn`` (the active player chooses Swap, Dare or Open),
``lamp-turn`` (the same, holding the Leg Lamp: Triple-Dog-Dare and Free Peek on offer),
``declare`` (after ``open``), ``answer-dare`` (the dared player accepts or refuses),
``turn-card-up`` (the refuser chooses the card to turn face up) and ``over`` (also when
the turn limit ends the game). The view's ``step`` names the same steps without the lamp
distinction.

Hand-built action objects that are not actions of the game are refused with a
NotationError before the rules see them, saying what is wrong: a slot other than 0 and
1 (``Dare(3, 2)``), a card this player count does not deal (``Swap(0, 99)``,
``Declare(0, 99)``), a declaration of one card twice.

Events: every action is public (``swap``, ``dare``, ``accept``, ``refuse``, ``flip``,
``leg-lamp``, ``open``, ``declare``, ``out``, ``win`` ...); a ``peek`` event names the card
to everyone and its identity to the peeker only. ``render`` writes each card as its letter
and a two-letter code (``??`` unknown, ``^`` face up, ``*`` peeked by you) with the Peek
tokens as colour letters, so colour is never the only cue.

Outcome: ``ending`` (state attribute and view field) says how the game ended:
``presents`` (a correct opening, a winner), ``bully`` (a correct opening with a Bully,
no winner), ``last-standing`` (everybody else was eliminated, S12); ``reason`` says the
same in words. The turn limit ends the game *unfinished*.

Options: ``deduction`` (default true) and ``turn_limit`` (default 1000 turns).

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
    action_fields,
    competition_ranks,
    turn_limit_reached,
)
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


def _card_text(card: Any) -> str:
    """A card as notation writes it (lower case), or, for a hand-built action object
    naming no card of the box, the value itself (``str`` never raises)."""
    if type(card) is int and 0 <= card < MAX_CARDS:
        return LETTERS[card]
    return repr(card)


def _slot_text(slot: Any) -> str:
    """Slot 0 or 1 as notation writes it (1 or 2); anything else as it is."""
    return str(slot + 1) if type(slot) is int else repr(slot)


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """SWAP: your card in ``slot`` (0 or 1, written 1 or 2) for the middle card ``other``."""

    slot: int
    other: int

    def __str__(self) -> str:
        return f"swap {_slot_text(self.slot)} {_card_text(self.other)}"


@dataclass(frozen=True, slots=True)
class Dare(Action):
    """DARE the holder of card ``theirs`` to swap it for your card in ``slot``."""

    slot: int
    theirs: int

    def __str__(self) -> str:
        return f"dare {_slot_text(self.slot)} {_card_text(self.theirs)}"


@dataclass(frozen=True, slots=True)
class TripleDogDare(Action):
    """Leg Lamp, TRIPLE-DOG-DARE: force the swap of your card in ``slot`` and ``theirs``."""

    slot: int
    theirs: int

    def __str__(self) -> str:
        return f"triple-dog-dare {_slot_text(self.slot)} {_card_text(self.theirs)}"


@dataclass(frozen=True, slots=True)
class FreePeek(Action):
    """Leg Lamp, FREE PEEK: look at your face-down card in ``slot``."""

    slot: int

    def __str__(self) -> str:
        return f"free-peek {_slot_text(self.slot)}"


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
        return f"declare {_card_text(self.first)} {_card_text(self.second)}"


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
        return f"flip {_slot_text(self.slot)}"


_SLOTS = (0, 1)
_CARDS = range(MAX_CARDS)
_SWAP = tuple(tuple(Swap(i, c) for c in _CARDS) for i in _SLOTS)
_DARE = tuple(tuple(Dare(i, c) for c in _CARDS) for i in _SLOTS)
_TDD = tuple(tuple(TripleDogDare(i, c) for c in _CARDS) for i in _SLOTS)
_FREE_PEEK = tuple(FreePeek(i) for i in _SLOTS)
_TURN_UP = tuple(TurnUp(i) for i in _SLOTS)
_DECLARE = tuple(tuple(Declare(a, b) if a < b else None for b in _CARDS) for a in _CARDS)
_OPEN = Open()
_ACCEPT = Accept()
_REFUSE = Refuse(False)
_REFUSE_LAMP = Refuse(True)
_ANSWERS = (_ACCEPT, _REFUSE)
_ANSWERS_LAMP = (_ACCEPT, _REFUSE, _REFUSE_LAMP)


def _declares(cards: int) -> tuple[Declare, ...]:
    out = []
    for a in range(cards):
        for b in range(a + 1, cards):
            d = _DECLARE[a][b]
            assert d is not None
            out.append(d)
    return tuple(out)


#: Every declaration for a game of ``n`` cards: _DECLARES[n].
_DECLARES = tuple(_declares(n) for n in range(MAX_CARDS + 1))


def _space(cards: int) -> list[Action]:
    return [
        *(_SWAP[i][c] for i in _SLOTS for c in range(cards)),
        *(_DARE[i][c] for i in _SLOTS for c in range(cards)),
        *(_TDD[i][c] for i in _SLOTS for c in range(cards)),
        *_FREE_PEEK,
        _OPEN,
        *_DECLARES[cards],
        _ACCEPT,
        _REFUSE,
        _REFUSE_LAMP,
        *_TURN_UP,
    ]


_FULL_SPACE = _space(MAX_CARDS)
_NOTATION: dict[str, Action] = {str(a): a for a in _FULL_SPACE}
for _a in _DECLARES[MAX_CARDS]:  # either order names the same declaration
    _NOTATION[f"declare {LETTERS[_a.second]} {LETTERS[_a.first]}"] = _a
_FORMS = (
    "swap <1|2> <middle card> | dare <1|2> <their card> | triple-dog-dare <1|2> <their card>"
    " | free-peek <1|2> | open | declare <card> <card> | accept | refuse | refuse with lamp"
    " | flip <1|2>"
)


def _cards_named(action: Action) -> tuple[int, ...]:
    """The cards an action names by letter (your own cards are named by slot)."""
    if isinstance(action, Swap):
        return (action.other,)
    if isinstance(action, Dare | TripleDogDare):
        return (action.theirs,)
    if isinstance(action, Declare):
        return (action.first, action.second)
    return ()


# ------------------------------------------------------------------------------ game


class ChristmasStory(State):
    game_id: ClassVar[str] = "christmas-story"
    title: ClassVar[str] = "A Christmas Story"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = CONTENT.min_players
    max_players: ClassVar[int] = CONTENT.max_players
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "deduction",
            True,
            "show, for every face-down card, the identities still possible given what"
            " the seat has seen",
        ),
        Option(
            "turn_limit",
            1000,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
        ),
    )
    #: ``current_phase``: the active player's turn (``turn``; ``lamp-turn`` when they
    #: hold the Leg Lamp, so Triple-Dog-Dare and Free Peek are on offer), the
    #: declaration after ``open``, a Dare waiting for its answer, the refuser's card to
    #: turn face up, and the end (also when the turn limit ends the game).
    phases: ClassVar[tuple[str, ...]] = (
        "turn",
        "lamp-turn",
        "declare",
        "answer-dare",
        "turn-card-up",
        "over",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "ident",
        "table",
        "place",
        "face_up",
        "tokens",
        "known",
        "out",
        "lamp",
        "turn",
        "step",
        "dare",
        "turns",
        "ending",
        "winner",
    )
    __slots__ = (*fields, "counts", "deduction", "n_cards", "n_hand", "turn_limit")

    ident: list[int]  # per card (letter): its kind, fixed for the game; hidden
    #: The places cards lie in: 2 per seat in seat order (seat s: places 2s and 2s+1,
    #: EMPTY once the seat is out), then the middle's places in order.
    table: list[int]
    place: list[int]  # per card: the place it lies in
    face_up: list[int]  # per card: 1 once face up (for the rest of the game)
    tokens: list[int]  # per card: bit s set while seat s has a Peek token on it
    known: list[int]  # per card: bit s set once seat s has peeked at it (its memory)
    out: list[int]  # per seat: 0 while in the game, else k for the k-th player out
    lamp: int  # the seat holding the Leg Lamp, or MIDDLE
    turn: int  # the active player
    step: int
    dare: list[int]  # [darer's card, dared card] while a Dare is answered / paid for
    turns: int  # turns completed
    ending: int  # NOT_OVER or how the game ended
    winner: int  # the winning seat, or -1
    counts: tuple[int, ...]  # cards of each kind in this game
    deduction: bool
    n_cards: int
    n_hand: int  # places in hands: the middle starts there
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.deduction = bool(self.options["deduction"])
        self.turn_limit = int(self.options["turn_limit"])
        n = self.players
        self.counts = CONTENT.counts(n)
        deck = [k for k, count in enumerate(self.counts) for _ in range(count)]
        self.rng.shuffle(deck)
        cards = len(deck)
        self.n_cards = cards
        self.n_hand = CONTENT.dealt_each * n
        # Reading card-letters: card c is the c-th dealt (two to each seat in turn, then
        # the middle); the identities are the shuffled deck's.
        self.ident = deck
        self.table = list(range(cards))
        self.place = list(range(cards))
        self.face_up = [0] * cards
        self.tokens = [0] * cards
        self.known = [0] * cards
        self.out = [0] * n
        self.lamp = MIDDLE
        self.turn = 0
        self.step = TURN
        self.dare = []
        self.turns = 0
        self.ending = NOT_OVER
        self.winner = -1
        self.log.append(("deal", n, cards))

    # ---------------------------------------------------------------- places

    def holder(self, card: int) -> int:
        """The seat holding ``card``, or MIDDLE."""
        p = self.place[card]
        return p >> 1 if p < self.n_hand else MIDDLE

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, in slot order ([] once out)."""
        return [c for c in self.table[2 * seat : 2 * seat + 2] if c != EMPTY]

    @property
    def middle(self) -> list[int]:
        """The cards in the middle, in order."""
        return self.table[self.n_hand :]

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.ending or self.turns >= self.turn_limit:
            return "over"
        step = self.step
        if step == TURN:
            return "lamp-turn" if self.lamp == self.turn else "turn"
        return STEP_NAME[step]

    @property
    def to_act(self) -> frozenset[int]:
        """The active player, or the dared player while a Dare is answered or paid for."""
        if self.ending or self.turns >= self.turn_limit:
            return _NOBODY
        if self.step >= ANSWER:
            return _SEAT_SETS[self.place[self.dare[1]] >> 1]
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.ending or self.turns >= self.turn_limit:
            return []
        step = self.step
        if step == TURN:
            if seat != self.turn:
                return []
            table = self.table
            h = 2 * seat
            nh = self.n_hand
            middle = table[nh:]
            swap_1, swap_2 = _SWAP
            acts: list[Action] = [swap_1[c] for c in middle]
            acts.extend([swap_2[c] for c in middle])
            theirs = [c for c in table[:h] if c != EMPTY]
            theirs.extend([c for c in table[h + 2 : nh] if c != EMPTY])
            dare_1, dare_2 = _DARE
            acts.extend([dare_1[c] for c in theirs])
            acts.extend([dare_2[c] for c in theirs])
            acts.append(_OPEN)
            if self.lamp == seat:
                tdd_1, tdd_2 = _TDD
                acts.extend([tdd_1[c] for c in theirs])
                acts.extend([tdd_2[c] for c in theirs])
                acts.extend([_FREE_PEEK[i] for i in _SLOTS if not self.face_up[table[h + i]]])
            return acts
        if step == DECLARE:
            return list(_DECLARES[self.n_cards]) if seat == self.turn else []
        if seat != self.place[self.dare[1]] >> 1:
            return []
        if step == ANSWER:
            return list(_ANSWERS_LAMP if self.lamp == seat else _ANSWERS)
        h = 2 * seat
        return [_TURN_UP[i] for i in _SLOTS if not self.face_up[self.table[h + i]]]

    def _apply(self, seat: int, action: Action) -> None:
        log = self.log
        if type(action) is Swap:
            mine, other = self.table[2 * seat + action.slot], action.other
            log.append(("swap", seat, mine, other))
            self._exchange(mine, other)
            self._take(seat, other)
            self._end_turn()
        elif type(action) is Dare:
            mine, theirs = self.table[2 * seat + action.slot], action.theirs
            log.append(("dare", seat, mine, theirs, self.holder(theirs)))
            self.dare = [mine, theirs]
            self.step = ANSWER
        elif type(action) is Refuse:
            lamp = action.lamp
            log.append(("refuse", seat, int(lamp)))
            self._give_lamp(self.turn)  # S6, S7: the darer takes it from wherever it is
            if not lamp and any(not self.face_up[c] for c in self.hand(seat)):
                self.step = PENALTY  # S8: nothing to turn up if both are face up
                return
            self._end_turn()
        elif type(action) is Accept:
            mine, theirs = self.dare
            log.append(("accept", seat))
            self._exchange(mine, theirs)
            self._take(self.turn, theirs)  # S5: only the darer peeks
            self._end_turn()
        elif type(action) is TurnUp:
            self._flip(self.table[2 * seat + action.slot], "refused")
            self._end_turn()
        elif type(action) is Open:
            log.append(("open", seat))
            self.step = DECLARE
        elif type(action) is Declare:
            self._declare(seat, action.first, action.second)
        elif type(action) is TripleDogDare:
            mine, theirs = self.table[2 * seat + action.slot], action.theirs
            log.append(("triple-dog-dare", seat, mine, theirs, self.holder(theirs)))
            self._exchange(mine, theirs)
            self._take(seat, theirs)
            self._give_lamp(MIDDLE)
            self._end_turn()
        elif type(action) is FreePeek:
            card = self.table[2 * seat + action.slot]
            log.append(("free-peek", seat, card))
            self._peek(seat, card)
            self._give_lamp(MIDDLE)
            self._end_turn()
        else:
            raise AssertionError(action)

    # The mechanics the actions share.

    def _exchange(self, a: int, b: int) -> None:
        """Swap the places of cards ``a`` and ``b`` (face and tokens travel with them)."""
        place = self.place
        pa, pb = place[a], place[b]
        self.table[pa] = b
        self.table[pb] = a
        place[a] = pb
        place[b] = pa

    def _take(self, seat: int, card: int) -> None:
        """ "If the card you took in the swap is face-down, peek at the card" (S14)."""
        if not self.face_up[card]:
            self._peek(seat, card)

    def _peek(self, seat: int, card: int) -> None:
        """Look at ``card`` and put a Peek token on it (S2: at most one per seat)."""
        bit = 1 << seat
        self.known[card] |= bit
        placed = not self.tokens[card] & bit
        self.tokens[card] |= bit
        self.log.append(("peek", seat, card, int(placed)))
        if placed:  # S4: the auto-flip check runs when a token is placed
            mask = self._in_game_mask()
            if self.tokens[card] & mask == mask:
                self._flip(card, "all-peeked")

    def _flip(self, card: int, why: str) -> None:
        """Turn ``card`` face up for good; its Peek tokens go back to their owners (S3)."""
        self.face_up[card] = 1
        self.tokens[card] = 0
        self.log.append(("flip", card, why))

    def _give_lamp(self, holder: int) -> None:
        if self.lamp != holder:
            self.lamp = holder
            self.log.append(("lamp", holder))

    def _in_game_mask(self) -> int:
        mask = 0
        for s, gone in enumerate(self.out):
            if not gone:
                mask |= 1 << s
        return mask

    def _end_turn(self) -> None:
        self.step = TURN
        self.dare = []
        self.turns += 1
        n = self.players
        s = self.turn
        for _ in range(n):
            s = (s + 1) % n
            if not self.out[s]:
                break
        self.turn = s

    def _declare(self, seat: int, first: int, second: int) -> None:
        ident = self.ident
        self.log.append(("declare", seat, first, second))
        for card in (first, second):
            if not self.face_up[card]:
                self._flip(card, "declared")
        if (ident[first], ident[second]) in _PRIZES:  # S10: both, in either order
            self.log.append(("correct", seat))
            hand = self.hand(seat)
            for card in hand:
                if not self.face_up[card]:
                    self._flip(card, "revealed")
            if any(ident[card] in _BULLIES for card in hand):
                self.ending = BULLY_LOSS  # S11: the game is over with no winner
                self.log.append(("bully", seat))
            else:
                self.ending = PRESENTS_FOUND
                self.winner = seat
                self.log.append(("win", seat, "presents"))
            return
        self.log.append(("incorrect", seat))
        self._eliminate(seat)
        if not self.ending:
            self._end_turn()

    def _eliminate(self, seat: int) -> None:
        """S13: the player is out, their cards go face up to the middle, their tokens
        return and stop counting; S4: the auto-flip check runs; S12: one left wins."""
        self.out[seat] = 1 + sum(1 for gone in self.out if gone)
        table = self.table
        hand = self.hand(seat)
        table[2 * seat] = table[2 * seat + 1] = EMPTY
        self.log.append(("out", seat, hand[0], hand[1]))
        for card in hand:
            self.place[card] = len(table)
            table.append(card)
            if not self.face_up[card]:
                self._flip(card, "out")
        keep = ~(1 << seat)
        tokens = self.tokens
        for card in range(self.n_cards):
            tokens[card] &= keep
        if self.lamp == seat:  # reading lamp-of-the-eliminated
            self._give_lamp(MIDDLE)
        mask = self._in_game_mask()
        for card in range(self.n_cards):
            if not self.face_up[card] and tokens[card] & mask == mask:
                self._flip(card, "all-peeked")
        left = [s for s in range(self.players) if not self.out[s]]
        if len(left) == 1:
            self.ending = LAST_STANDING
            self.winner = left[0]
            self.log.append(("win", left[0], "last-standing"))

    # --------------------------------------------------------- checked path

    def check_action(self, action: Any) -> Action:
        """Core's guard (an action object must be one of ``action_space``), saying
        exactly what is wrong with one of this game's action objects built by hand: a
        slot other than your two cards, a card this player count does not deal, a
        declaration of one card twice."""
        try:
            return super().check_action(action)
        except NotationError as err:
            better = self._not_an_action(action)
            if better is None:
                raise
            raise better from err

    def _not_an_action(self, action: Any) -> NotationError | None:
        """Why a hand-built object of one of this game's action classes is not one of
        its actions (None when it is not one of them, or nothing more specific is
        known): depends on the player count alone."""
        if not isinstance(action, _OWN_ACTIONS):
            return None
        what = action_fields(action)
        slot = getattr(action, "slot", 0)
        if type(slot) is not int or slot not in _SLOTS:
            return NotationError(
                f"{what} names slot {slot!r}: your own cards are slots 0 and 1 (written 1"
                " and 2 in notation, as in 'swap 1 g'); other cards are named by letter",
                R_SETUP,
            )
        cards = self.n_cards
        named = _cards_named(action)
        for card in named:
            if type(card) is not int or not 0 <= card < cards:
                last = letter(cards - 1)
                if type(card) is int and 0 <= card < MAX_CARDS:  # a letter of the box
                    why = f"card {letter(card)} in a {self.players}-player game: the cards"
                    why += f" are A to {last}"
                else:
                    why = f"card {card!r} in a {self.players}-player game: the cards are A"
                    why += f" to {last}, 0 to {cards - 1} in an action object"
                return NotationError(f"there is no {why}", R_SETUP)
        if isinstance(action, Declare) and not named[0] < named[1]:
            return NotationError(
                f"{what} is not a declaration: declare two different cards, the lower"
                " first in an action object (Declare(first, second) with first < second)",
                R_WIN,
            )
        return None

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        step = self.step
        if step == DECLARE:
            return IllegalAction(
                "you announced that you are opening the presents: declare the two cards you"
                " think are the Decoder Pin and the BB Gun (declare <card> <card>)",
                R_WIN,
            )
        if step == ANSWER:
            mine, theirs = self.dare
            if isinstance(action, Refuse):  # only "refuse with lamp" can be illegal here
                return IllegalAction(
                    "you do not hold the Leg Lamp, so you cannot refuse without turning a"
                    " card face up: accept or refuse",
                    R_LAMP_REFUSE,
                )
            answers = "accept, refuse or refuse with lamp"
            if self.lamp != seat:
                answers = "accept or refuse"
            return IllegalAction(
                f"seat {self.turn} dares you to swap your {letter(theirs)} for their"
                f" {letter(mine)}: answer {answers}",
                R_DARE,
            )
        hand = self.hand(seat)
        if step == PENALTY:
            down = [f"flip {i + 1}" for i, c in enumerate(hand) if not self.face_up[c]]
            if isinstance(action, TurnUp):
                return IllegalAction(
                    f"your card {action.slot + 1} ({letter(hand[action.slot])}) is already face"
                    f" up: {' or '.join(down)}",
                    R_REFUSED,
                )
            return IllegalAction(
                "you refused the Dare: choose one of your face-down cards to turn face up"
                f" ({' or '.join(down)})",
                R_REFUSED,
            )
        # The active player's turn.
        if isinstance(action, Accept | Refuse):
            return IllegalAction("nobody has dared you: there is no Dare to answer", R_DARE)
        if isinstance(action, TurnUp):
            return IllegalAction(
                "you have not refused a Dare: there is no card to turn face up", R_REFUSED
            )
        if isinstance(action, Declare):
            return IllegalAction(
                "announce that you are opening the presents first (open), then declare",
                R_OPEN,
            )
        if isinstance(action, TripleDogDare | FreePeek) and self.lamp != seat:
            where = "it is in the middle" if self.lamp == MIDDLE else f"seat {self.lamp} holds it"
            return IllegalAction(
                f"you do not hold the Leg Lamp ({where})",
                R_TDD if isinstance(action, TripleDogDare) else R_FREE_PEEK,
            )
        if isinstance(action, FreePeek):
            return IllegalAction(
                f"your card {action.slot + 1} ({letter(hand[action.slot])}) is face up: Free"
                " Peek looks at one of your face-down cards",
                R_FREE_PEEK,
            )
        if isinstance(action, Swap):
            held = ", ".join(letter(c) for c in self.middle)
            return IllegalAction(
                f"card {letter(action.other)} is not in the middle (the middle holds {held})",
                R_SWAP,
            )
        if isinstance(action, Dare | TripleDogDare):
            rule = R_DARE if isinstance(action, Dare) else R_TDD
            if action.theirs in hand:
                return IllegalAction(
                    f"card {letter(action.theirs)} is your own: choose one of an opponent's cards",
                    rule,
                )
            return IllegalAction(
                f"card {letter(action.theirs)} is in the middle: choose one of an opponent's"
                " cards (SWAP takes a card from the middle)",
                rule,
            )
        return super().why_illegal(seat, action)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        ending = self.ending
        if ending == NOT_OVER:
            if self.turns >= self.turn_limit:
                return turn_limit_reached(self.turn_limit)
            return _ONGOING
        n = self.players
        keys = []
        for s in range(n):  # reading ranks
            if s == self.winner:
                keys.append(1000)
            elif ending == BULLY_LOSS and s == self.turn:
                keys.append(-1)
            elif self.out[s]:
                keys.append(self.out[s])
            else:
                keys.append(500)
        if ending == BULLY_LOSS:
            return Outcome(
                "finished",
                winners=(),
                scores=(0.0,) * n,
                ranks=competition_ranks(keys),
                reason=(
                    f"bully: seat {self.turn} found the Decoder Pin and the BB Gun but holds"
                    " a Bully, so the game ends with no winner"
                ),
                details={"ending": "bully"},
            )
        w = self.winner
        reason = (
            f"presents: seat {w} found the Decoder Pin and the BB Gun"
            if ending == PRESENTS_FOUND
            else f"last-standing: seat {w} is the last player left in the game"
        )
        return Outcome(
            "finished",
            winners=(w,),
            scores=tuple(1.0 if s == w else 0.0 for s in range(n)),
            ranks=competition_ranks(keys),
            reason=reason,
            details={"ending": reason.split(":", 1)[0]},
        )

    def possible(self, seat: int | None) -> tuple[list[int], list[int]]:
        """The deduction helper's data: (how many cards of each kind ``seat`` has not
        seen, the face-down cards it has not peeked). It uses only the game's card counts,
        face-up cards and the seat's own peeks (None: a spectator, face-up cards only)."""
        bit = 1 << seat if seat is not None and 0 <= seat < self.players else 0
        left = list(self.counts)
        unseen = []
        ident = self.ident
        known = self.known
        face_up = self.face_up
        for card in range(self.n_cards):
            if face_up[card] or known[card] & bit:
                left[ident[card]] -= 1
            else:
                unseen.append(card)
        return left, unseen

    def view(self, seat: int | None) -> dict[str, Any]:
        bit = 1 << seat if seat is not None and 0 <= seat < self.players else 0
        n = self.players
        ident = self.ident
        face_up = self.face_up
        known = self.known
        tokens = self.tokens
        deduce = self.deduction
        cards: list[dict[str, Any]] = []
        deduction: dict[str, Any] | None = None
        if deduce:
            left, unseen = self.possible(seat)
            still = [KIND_NAME[k] for k in range(N_KINDS) if left[k] > 0]
            candidates: list[list[str]] = [[] for _ in range(N_KINDS)]
        for c in range(self.n_cards):
            up = face_up[c]
            mine = known[c] & bit
            name = KIND_NAME[ident[c]] if up or mine else None
            entry: dict[str, Any] = {
                "card": LETTER_UP[c],
                "face_up": bool(up),
                "identity": name,
                "peeked": bool(mine),
                "tokens": list(_TOKEN_SEATS[tokens[c]]),
            }
            if deduce:
                if name is None:
                    entry["possible"] = still.copy()
                    for k in range(N_KINDS):
                        if left[k] > 0:
                            candidates[k].append(LETTER_UP[c])
                else:
                    entry["possible"] = [name]
                    candidates[ident[c]].append(LETTER_UP[c])
            cards.append(entry)
        if deduce:
            deduction = {
                "unseen_cards": len(unseen),
                "unaccounted": {KIND_NAME[k]: left[k] for k in range(N_KINDS)},
                "candidates": {KIND_NAME[k]: candidates[k] for k in range(N_KINDS)},
            }
        table = self.table
        nh = self.n_hand
        peeked = [
            {
                "card": LETTER_UP[c],
                "identity": KIND_NAME[ident[c]],
                "where": "middle" if self.place[c] >= nh else f"seat {self.place[c] >> 1}",
                "face_up": bool(face_up[c]),
            }
            for c in range(self.n_cards)
            if known[c] & bit
        ]
        on_table = [0] * n
        for mask in tokens:
            for s in _TOKEN_SEATS[mask]:
                on_table[s] += 1
        dare = None
        if self.step >= ANSWER:
            a, b = self.dare
            dare = {
                "darer": self.turn,
                "darer_card": LETTER_UP[a],
                "dared": self.holder(b),
                "dared_card": LETTER_UP[b],
            }
        order = sorted((self.out[s], s) for s in range(n) if self.out[s])
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "hands": [[cards[c] for c in table[2 * s : 2 * s + 2] if c != EMPTY] for s in range(n)],
            "middle": [cards[c] for c in table[nh:]],
            "peeked": peeked,
            "leg_lamp": None if self.lamp == MIDDLE else self.lamp,
            "token_colours": list(CONTENT.token_colours[:n]),
            "tokens_left": [CONTENT.tokens_per_colour - k for k in on_table],
            "in_game": [s for s in range(n) if not self.out[s]],
            "out": [s for _, s in order],
            "dare": dare,
            "deduction": deduction,
            "cards_in_game": {KIND_NAME[k]: self.counts[k] for k in range(N_KINDS)},
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "ending": ENDING_NAME[self.ending],
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            return {
                "type": "deal",
                "players": entry[1],
                "cards": entry[2],
                "each": CONTENT.dealt_each,
                "middle": CONTENT.middle,
            }
        if kind == "swap":
            return {
                "type": "swap",
                "seat": entry[1],
                "gave": letter(entry[2]),
                "took": letter(entry[3]),
            }
        if kind == "peek":
            event: dict[str, Any] = {
                "type": "peek",
                "seat": entry[1],
                "card": letter(entry[2]),
                "token_placed": bool(entry[3]),
            }
            if seat == entry[1]:  # only the peeker sees the card
                event["identity"] = KIND_NAME[self.ident[entry[2]]]
            return event
        if kind in ("dare", "triple-dog-dare"):
            return {
                "type": kind,
                "seat": entry[1],
                "card": letter(entry[2]),
                "opponent": entry[4],
                "their_card": letter(entry[3]),
            }
        if kind == "accept":
            return {"type": "accept", "seat": entry[1]}
        if kind == "refuse":
            return {"type": "refuse", "seat": entry[1], "with_lamp": bool(entry[2])}
        if kind == "lamp":
            return {"type": "leg-lamp", "holder": None if entry[1] == MIDDLE else entry[1]}
        if kind == "flip":  # face up: public
            return {
                "type": "flip",
                "card": letter(entry[1]),
                "identity": KIND_NAME[self.ident[entry[1]]],
                "why": entry[2],
            }
        if kind == "free-peek":
            return {"type": "free-peek", "seat": entry[1], "card": letter(entry[2])}
        if kind == "open":
            return {"type": "open", "seat": entry[1]}
        if kind == "declare":
            return {
                "type": "declare",
                "seat": entry[1],
                "cards": [letter(entry[2]), letter(entry[3])],
            }
        if kind in ("correct", "incorrect", "bully"):
            return {"type": kind, "seat": entry[1]}
        if kind == "out":
            return {
                "type": "out",
                "seat": entry[1],
                "to_middle": [letter(entry[2]), letter(entry[3])],
            }
        return {"type": "win", "seat": entry[1], "how": entry[2]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.ident = self.ident.copy()
        other.table = self.table.copy()
        other.place = self.place.copy()
        other.face_up = self.face_up.copy()
        other.tokens = self.tokens.copy()
        other.known = self.known.copy()
        other.out = self.out.copy()
        other.lamp = self.lamp
        other.turn = self.turn
        other.step = self.step
        other.dare = self.dare.copy()
        other.turns = self.turns
        other.ending = self.ending
        other.winner = self.winner
        other.counts = self.counts
        other.deduction = self.deduction
        other.n_cards = self.n_cards
        other.n_hand = self.n_hand
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the identities of every face-down card ``seat`` has not peeked: the
        pool of identities it has not seen (the game's counts less the face-up cards and
        its peeks) is put in a canonical order (sorted) and shuffled with ``rng`` onto
        those cards in letter order, so the result depends only on what ``seat`` knows
        and on ``rng``. Everything it knows stays (face-up cards, its peeks, every place,
        token, the lamp and the step). Other seats' knowledge is which cards they peeked
        (public: ``known``, the tokens, the peek events) and the identities of those
        cards, so re-dealing the identities re-samples what they saw, consistently: a
        seat that peeked card C knows C's new identity. Nothing else constrains the
        unseen cards (see the module's knowledge model)."""
        bit = 1 << seat
        ident = self.ident
        face_up = self.face_up
        known = self.known
        hidden = [c for c in range(self.n_cards) if not face_up[c] and not known[c] & bit]
        kinds = sorted([ident[c] for c in hidden])
        rng.shuffle(kinds)
        for c, k in zip(hidden, kinds, strict=True):
            ident[c] = k

    def inventory(self) -> list[str]:
        return [KIND_NAME[self.ident[c]] for c in self.table if c != EMPTY]

    def box(self) -> list[str]:
        return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(self.counts[k])]

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
                f"{text!r} is not an A Christmas Story action; the forms are: {_FORMS}"
                " (1 and 2 are your first and second card; other cards are letters a to"
                f" {LETTERS[-1]}; declare two different cards)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return _space(sum(CONTENT.counts(players)))


_OWN_ACTIONS = (Swap, Dare, TripleDogDare, FreePeek, Open, Declare, Accept, Refuse, TurnUp)
_NOBODY: frozenset[int] = frozenset()
_PRIZES = ((DECODER, BB_GUN), (BB_GUN, DECODER))
_BULLIES = (SCUT, GROVER)
#: The seats whose bits are set in a token mask, for every mask.
_TOKEN_SEATS = tuple(
    tuple(s for s in range(CONTENT.max_players) if mask >> s & 1)
    for mask in range(1 << CONTENT.max_players)
)
