"""Christmas Lights — the main game for 2 to 6 players: you see every hand but your own.

Rules implemented (rules/christmas-lights.md, "Components" to "Game End / Winning"):

* Components: 61 Bulb cards (7 of each of six colours, 6 Bubble, 5 Broken, 8 Plugs),
  18 Pattern cards, 6 Event cards, 6 Character cards (content.json). Presents and
  player aids are not used.
* Setup: 1. the Event cards are shuffled into a face-down Event deck; 2. two secret
  Pattern cards each (you see yours), the rest back in the box; 3. the Bulb deck, five
  cards each, held facing the others; 4. Santa plus other Characters (reading
  ``characters-chosen``: drawn at random), one each; Santa's holder starts, play goes
  clockwise (seat order). The NOTE on seeing your own cards cannot arise (M18).
* Basic Rules: you see every hand but yours; you secretly choose one of your patterns
  and an end (M1) and build your string in order from that end; a completed string is
  revealed and replaced by its Pattern card; used Broken and Bubble Bulbs are kept
  aside for the tie-break (M4); a Plug must come before the second string, none after
  it (M5); marks and hand order are free (M12).
* On Your Turn, in order, each skippable, none repeated or taken out of order: PLAY 0-2
  cards (M2); SWAP 0-1 (M11); SALE of 1-2 cards (M9, M10); REFILL up to five (M8),
  shuffling the discard pile into a new deck when the deck runs out (M17).
* Broken Bulbs fill an advance, never a fix; several may stand in a string; all must be
  fixed with the right colour (or a Bubble Bulb) before it completes (M2, M3, M6); never
  in place of a Plug (M5). Bubble Bulbs are wild for either target and draw an Event
  (M2), but not in place of a Plug (M5).
* Event Cards: drawn when a Bubble Bulb goes into the string, done at once, then out of
  the game (M7: none left, no Event). Light Switch, Christmas Eve and Boxing Day: every
  player decides at once (M15). Power Outage and Power Surge end the turn (M14). Lump
  of Coal reveals the current pattern until it is complete (M13 between strings).
* Game End: once a player completes two patterns the round is played out to the player
  before Santa's holder (M16); winners are those with two patterns, ties broken by
  fewest Broken Bulbs used, then fewest Bubble Bulbs, then shared.

Rulings used: M1-M18 (RULINGS.md), and "Every game: safety limits" (``turn_limit``).

Readings of our own where the rules and rulings are silent (tests name them):

* ``string-order``: a string's slots are filled in order from slot 1, which takes the
  pattern's left or right light (M1's end); the others see the cards, not the pattern.
* ``commit-step``: the commitment (M1) is an action of the PLAY step, ``commit <1|2>
  <left|right>``, open only before the first card of a string (not while a Plug is due);
  others see only "commit (secret)". After the Plug only the other pattern remains.
* ``card-first``: PLAY picks the hand position first (``card i``), then the target
  (``advance`` / ``fix k``) only when more than one exists; the card is then revealed.
* ``plug-slot``: while a Plug is due the only target is the plug slot; a card there
  that is not a Plug is discarded (M5) and draws no Event.
* ``completion-before-event``: a Bubble Bulb that completes a string completes it first,
  then its Event is drawn (so Lump of Coal can find the seat between strings, M13).
* ``completion-shows-the-card``: the ``complete`` event names the Pattern card turned
  face up (``pattern_card`` 1 or 2) as well as the pattern and the end.
* ``lump-reveals-card-not-end``: Lump of Coal shows the Pattern card, not the end;
  completion shows both ("reveal the Pattern card to show that it matches").
* ``discard-face-up``: discarded cards (misses, unsold cards, Boxing Day, Power Surge,
  completed strings) are face up; the view lists the pile as counts per kind. A colour
  discarded at a slot is public evidence that the slot needs another colour (``misses``).
* ``reshuffle-when-needed``: the discard pile becomes the deck when a draw finds the
  deck empty; with both empty, draws stop (M17).
* ``next-step``: after PLAY (``done``, or two plays) the seat picks the next step still
  open: ``swap``, ``sale``, ``draw n`` (REFILL, the last step: n from 1 to five minus the
  hand, no more than the cards left) or ``end``; a step with nothing to do is not offered
  (``auto-skip``), and the turn ends by itself when nothing is left to do.
* ``refill-unseen``: cards drawn at REFILL, by Power Surge and as Boxing Day
  replacements go into the hand unseen by the drawer; the others see them.
* ``received-card-position``: a swapped card takes the place of the card it replaced;
  bought and drawn cards go to the end of the hand; a Boxing Day replacement takes the
  discarded card's place.
* ``everyone-order``: M15 choices are hidden until every asked seat has decided (the
  others see "decide (secret ...)"), then carried out in turn order from the active
  seat (which matters for draws). ``everyone-who``: a seat with no possible choice (no
  card to look at or discard; nothing left to draw) is not asked.
* ``sale-steps``: laid cards are offered in the order laid; an offer is built in steps
  (buyer ``seat s``; positions ``all`` or ``card i`` in increasing order then ``done``,
  or ``ask same`` then two ``card i``; kinds ``kind k`` in the listed order then
  ``done``; ``>=`` or ``=``; ``number k``); each offer carries its own question; the
  seller may ``withdraw`` a card (discarded unsold), and a card everyone declined is
  discarded at once. Choosing the last position or kind moves on by itself.
* ``free-actions`` (M12): marks (``mark none|sideways|upside-down|raised``) and moves
  (``move first|last|left|right``, one place or to an end) are made in two steps (then
  ``card i``), on your own turn at the start of a step (not inside a choice built in
  steps), at most ``free_actions`` per turn (default 1), so random play never loops on
  them. A mark is public and stays on its card while it stays in the hand.
* ``final-round-beyond-limit``: the turn limit never cuts the final round short.
* ``ranks``: scores are patterns completed; ranks order by patterns, then fewer Broken
  Bulbs, then fewer Bubble Bulbs used.

Knowledge. Cards are tracked by id (0..60), so knowledge follows a physical card: a
seat knows a card of its own hand it received in a swap, bought, looked at (Christmas
Eve) or drew with Light Switch; the view lists, per position, the card if known, its
mark and which answered questions are about it. Answers (M10) are stored with the card
ids they were about; a card that leaves the hand (always face up) keeps the kind it was
seen as. Hidden from a seat: its own cards it does not know, the other seats' secret
Pattern cards and commitments, the decks' order, other seats' undisclosed M15 choices.
Everything else is on the table (every other hand face up, who knows which of their
cards, marks, strings, misses, discards, sales and questions), so another seat's
answers about its own hand are true of any world a seat cannot tell from this one.

Determinize. ``determinize(seat)`` gives a world that is a function of what ``seat``
knows and the caller's rng only (the conformance suite proves it byte for byte):

* every Bulb card gets a new id by where it lies (the deck from the bottom, the discard
  pile, each seat's hand, string, plug and cards set aside, the sale table), so no id
  tells where a card was dealt (a fresh box numbers the cards by kind);
* the kinds of the seat's unknown cards and of the deck are dealt again from their
  multiset (sorted first) so that every answer the seat got about its own hand still
  holds, which also keeps true what each buyer learned: exact rejection sampling, then
  an exhaustive randomised search over the cards the answers are about
  (``_classic_knowledge.deal_bulbs``); the true deal is one solution, so the search
  always succeeds and nothing falls back to the truth;
* the other seats' secret Pattern cards and the box are dealt again from their sorted
  pool, each commitment (card, end, and which secret card it is) re-chosen so that the
  seat's public string fits it: the colours placed in it and the colours missed at a
  slot (``assign_patterns``, exhaustive too); a commitment to a card Lump of Coal
  revealed gets its end re-chosen the same way;
* the Event deck is shuffled from its sorted cards;
* other seats' M15 choices not yet shown are drawn again among their options;
* the log is the one the seat and the table saw (the core freezes it), and the world's
  future chance (reshuffles) comes from the caller's rng.

Phases (``current_phase``): ``commit`` (PLAY before a string's first card: the secret
commitment, M1), ``play``, ``play-target`` (a card chosen, its target not yet),
``free-action`` (a mark or move awaiting its card), ``swap`` (M11, in its three steps),
``sale`` (laying and offering, M9), ``sale-question`` (the question being built, M10),
``sale-answer`` (the buyer accepts or declines, and with it gets the answer),
``event`` (an everyone-event, choices hidden until all have decided, M15),
``next-step`` (the next step of the turn, REFILL's ``draw n`` among them: a draw is
done at once, so no drawn card waits in a phase of its own), ``final-round`` (any step
once a seat has completed two patterns, M16) and ``over``.

Notation: ``card i``, ``seat s``, ``commit p end``, ``advance``, ``fix k``, ``done``,
``swap``, ``sale``, ``draw n``, ``end``, ``withdraw``, ``accept``, ``decline``, ``all``,
``ask same``, ``kind k``, ``>=``, ``=``, ``number k``, ``none``, ``mark m``, ``move w``
(cards, slots and patterns count from 1; seats from 0). No decision has more than
about 70 legal actions even with a 40-card hand.

Options: ``turn_limit`` (default 600 turns; the game then ends unfinished);
``free_actions`` (marks and moves per turn, default 1; 0 turns them off).

Speed: ``clone`` is copy-on-write (shares lists until either state changes), views
share the parts every viewer sees, and ``events`` caches renderings per entry; all
three matter for search and for the conformance suite's many clones and views.

Version history: 1 — first release (the ``complete`` event's ``pattern_card``, the card
ids a determinization gives by place and the canonical determinize came later within
it, changing no save).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from operator import is_
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import SEAT_SETS as _SEAT_SETS
from yuletide.core.state import (
    SEEN,
    Action,
    LogEntry,
    Outcome,
    State,
    competition_ranks,
    turn_limit_reached,
)
from yuletide.games.christmas_lights.content import BULB_KINDS, CONTENT
from yuletide.games.christmas_lights.main.knowledge import (
    COUNT,
    EQ,
    F_ANSWER,
    F_BUYER,
    F_N,
    F_SELLER,
    FH,
    GE,
    SAME,
    answer,
    assign_patterns,
    deal_bulbs,
    fact_cards,
)

# ------------------------------------------------------------------------- the box

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

# ------------------------------------------------------------------------- steps

(
    PLAY,
    PLAY_TARGET,
    SWAP,
    SWAP_SEAT,
    SWAP_CARD,
    SALE,
    SALE_OFFER,
    Q_POSITIONS,
    Q_KINDS,
    Q_RELATION,
    Q_NUMBER,
    Q_PAIR_FIRST,
    Q_PAIR_SECOND,
    BUYER,
    EVENT,
    NEXT,
    OVER,
) = range(17)
STEP_NAME = (
    "play",
    "play-target",
    "swap",
    "swap-seat",
    "swap-card",
    "sale",
    "sale-offer",
    "question-positions",
    "question-kinds",
    "question-relation",
    "question-number",
    "question-pair-first",
    "question-pair-second",
    "buyer",
    "event",
    "next-step",
    "over",
)
#: The turn's four steps (the rulebook's names) that each internal step belongs to.
STEP_OF = (
    "PLAY",
    "PLAY",
    "SWAP",
    "SWAP",
    "SWAP",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "SALE",
    "PLAY",
    "NEXT STEP",
    "-",
)
#: The phase of each step (``current_phase``; PLAY is "commit" or "play", and the final
#: round, the game's end and a pending free action come first).
PHASE_OF = (
    "play",
    "play-target",
    "swap",
    "swap",
    "swap",
    "sale",
    "sale",
    "sale-question",
    "sale-question",
    "sale-question",
    "sale-question",
    "sale-question",
    "sale-question",
    "sale-answer",
    "event",
    "next-step",
    "over",
)
PHASES = (
    "commit",
    "play",
    "play-target",
    "free-action",
    "swap",
    "sale",
    "sale-question",
    "sale-answer",
    "event",
    "next-step",
    "final-round",
    "over",
)
#: Steps where a seat to act may also make a free action (mark, move): the start of a
#: decision, never the middle of one built in steps (reading ``free-actions``).
FREE_STEPS = frozenset({PLAY, NEXT, SWAP, SALE, SALE_OFFER})
QUESTION_STEPS = frozenset(
    {Q_POSITIONS, Q_KINDS, Q_RELATION, Q_NUMBER, Q_PAIR_FIRST, Q_PAIR_SECOND}
)

# A seat's choice in an everyone-event (M15).
NOT_ASKED, UNDECIDED, DECLINED = -3, -2, -1
# How the game stands.
ONGOING_RESULT, FINISHED, UNFINISHED = range(3)
# A question being built: header fields of ``q``, then the chosen positions (0-based),
# then (once complete) the number k.
QH_TYPE, QH_ALL, QH_OP, QH_MASK, QH_LAST_KIND = range(5)
QH = 5
# The question types and relations, and the layout of an answered question (a "fact"),
# are in _classic_knowledge (COUNT, SAME, GE, EQ, F_*, FH).
# Sale fates of a laid card.
ON_TABLE, UNSOLD = -1, -2

RULE_TURN = "Christmas Lights, On Your Turn"
RULE_PLAY = "Christmas Lights, On Your Turn 1 (PLAY); RULINGS M2"
RULE_COMMIT = "Christmas Lights, Basic Rules; RULINGS M1"
RULE_SWAP = "Christmas Lights, On Your Turn 2 (SWAP); RULINGS M11"
RULE_SALE = "Christmas Lights, On Your Turn 3 (SALE); RULINGS M9"
RULE_QUESTION = "Christmas Lights, On Your Turn 3 (SALE); RULINGS M10"
RULE_REFILL = "Christmas Lights, On Your Turn 4 (REFILL); RULINGS M8, M17"
RULE_EVENT = "Christmas Lights, Event Cards; RULINGS M15"
RULE_FREE = "RULINGS M12; reading free-actions"

# ------------------------------------------------------------------------- actions


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
_ALL_ACTIONS: tuple[Action, ...] = (
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
_NOTATION: dict[str, Action] = {str(a): a for a in _ALL_ACTIONS}
_FORMS = (
    "card <i> | seat <s> | commit <1|2> <left|right> | advance | fix <k> | done | swap |"
    " sale | end | none |"
    " draw <n> | withdraw | accept | decline | all | ask same | kind <kind> | >= | = |"
    " number <k> | mark <none|sideways|upside-down|raised> | move <first|last|left|right>"
)

_NOBODY: frozenset[int] = frozenset()

#: Parsed texts of frozen log entries (``ChristmasLights._seen_event``), shared by every
#: determinized world; emptied when it reaches ``_SEEN_MEMO_SIZE`` texts.
_SEEN_MEMO: dict[str, dict[str, Any]] = {}
_SEEN_MEMO_SIZE = 20_000


def question_text(
    qtype: int,
    positions: Sequence[int],
    *,
    all_flag: int = 0,
    mask: int = 0,
    op: int = GE,
    k: int = 0,
) -> str:
    """A question in the M10 language with 1-based positions: ``count({1,3},{red,plug}) >= 1``,
    ``count(all,{plug}) = 0``, ``same(2,4)``."""
    if qtype == SAME:
        return f"same({positions[0] + 1},{positions[1] + 1})"
    where = "all" if all_flag else "{" + ",".join(str(p + 1) for p in positions) + "}"
    kinds = "{" + ",".join(KIND_NAME[x] for x in range(N_KINDS) if mask >> x & 1) + "}"
    return f"count({where},{kinds}) {'>=' if op == GE else '='} {k}"


class ChristmasLights(State):
    game_id: ClassVar[str] = "christmas-lights"
    title: ClassVar[str] = "Christmas Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            600,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
        ),
        Option(
            "free_actions",
            1,
            "marks and hand moves a seat may make in each of its turns (M12); 0: none",
            minimum=0,
            maximum=20,
        ),
    )
    phases: ClassVar[tuple[str, ...]] = PHASES
    fields: ClassVar[tuple[str, ...]] = (
        "kinds",
        "deck",
        "discard",
        "hands",
        "marks",
        "known",
        "strings",
        "plugs",
        "aside",
        "patterns",
        "completed",
        "revealed",
        "commit",
        "misses",
        "pattern_box",
        "event_deck",
        "events_used",
        "characters",
        "character_box",
        "santa",
        "turn",
        "turns",
        "step",
        "plays",
        "stage",
        "final_round",
        "result",
        "free_left",
        "free_pending",
        "play_card",
        "swap_card",
        "swap_seat",
        "sale_cards",
        "sale_fate",
        "sale_index",
        "sale_open",
        "offered",
        "buyer",
        "q",
        "facts",
        "fact_text",
        "fact_refs",
        "event",
        "choices",
    )
    __slots__ = (*fields, "turn_limit", "free_per_turn", "_shared", "_memo", "_event_cache")

    # Inner lists marked (cow) are shared between clones: code replaces them, never
    # changes them in place (copy on write), so ``clone`` copies only the outer list.
    kinds: list[int]  # kind of each card id (determinize re-deals the hidden ones)
    deck: list[int]  # card ids, top last
    discard: list[int]  # card ids, top last (face up)
    hands: list[list[int]]  # per seat, card ids in hand order (position 1 first)
    marks: list[int]  # per card id, its public mark while in a hand (0: none)
    known: list[int]  # per card id, 1 if the seat holding it knows what it is
    strings: list[list[int]]  # (cow) per seat, the current string: 5 card ids or -1
    plugs: list[int]  # per seat, the Plug placed after the first string, or -1
    aside: list[list[int]]  # (cow) per seat, used Broken and Bubble Bulbs (M4)
    patterns: list[list[int]]  # (cow) per seat, its two Pattern cards
    completed: list[list[int]]  # (cow) per seat, completed as pattern slot * 2 + end
    revealed: list[list[int]]  # (cow) per seat and pattern slot: 1 if face up to all
    commit: list[int]  # per seat, pattern slot * 2 + end, or -1 (M1)
    misses: list[list[int]]  # (cow) per seat, slot * 16 + colour discarded at that slot
    pattern_box: list[int]  # Pattern cards back in the box
    event_deck: list[int]  # top last
    events_used: list[int]  # out of the game, in the order used
    characters: list[int]  # per seat
    character_box: list[int]
    santa: int  # the seat holding Santa: the starting player
    turn: int  # the active seat
    turns: int  # turns completed
    step: int
    plays: int  # cards played this turn
    stage: int  # the last of the four steps taken or skipped this turn (PLAY=0 ... REFILL=3)
    final_round: bool  # someone has completed two patterns (M16)
    result: int
    free_left: list[int]  # per seat, free actions left this turn
    free_pending: list[int]  # per seat, a free action awaiting its card, or -1
    play_card: int  # card id chosen to play, awaiting its target, or -1
    swap_card: int  # own card id chosen to swap, or -1
    swap_seat: int  # seat chosen to swap with, or -1
    sale_cards: list[int]  # card ids laid face up this SALE
    sale_fate: list[int]  # per laid card: ON_TABLE, UNSOLD, else the buyer
    sale_index: int  # the laid card being offered
    sale_open: bool  # a second card may still be laid
    offered: list[int]  # seats already offered the current card
    buyer: int  # seat the current offer is made to, or -1
    q: list[int]  # the question being built (QH header, positions[, k]), or []
    facts: list[list[int]]  # (cow) answered questions, in order
    fact_text: list[str]  # (cow) each answered question in the M10 notation
    fact_refs: list[int]  # per card id, how many facts still refer to it
    event: int  # the everyone-event being decided, or -1
    choices: list[int]  # per seat, its choice in that event
    turn_limit: int
    free_per_turn: int
    _shared: bool  # lists may be shared with a clone: copy them before changing any
    _memo: tuple[Any, ...] | None  # the public parts of views of this very state
    _event_cache: dict[int | None, tuple[list[LogEntry], list[dict[str, Any]], list[bool]]]

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.players
        rng = self.rng
        self.turn_limit = int(self.options["turn_limit"])
        self.free_per_turn = int(self.options["free_actions"])
        self._shared = False
        self._memo = None
        self._event_cache = {}
        # Setup 1: shuffle the Event cards into the Event deck.
        events = list(range(len(EVENT_NAME)))
        rng.shuffle(events)
        self.event_deck = events
        self.events_used = []
        # Setup 2: two secret Pattern cards each; the others go back in the box.
        pats = list(range(len(PATTERN_IDS)))
        rng.shuffle(pats)
        self.patterns = [[pats.pop(), pats.pop()] for _ in range(n)]
        self.pattern_box = sorted(pats)
        # Setup 3: the Bulb deck; five cards each, held facing the other players.
        self.kinds = list(BOX_KINDS)
        deck = list(range(N_CARDS))
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for s in range(n):
                hands[s].append(deck.pop())
        self.hands = hands
        self.deck = deck
        self.discard = []
        # Setup 4: Santa and other Character cards, one each; Santa's holder starts.
        others = [c for c in range(len(CHARACTER_NAME)) if c != SANTA]
        rng.shuffle(others)
        chosen = [SANTA, *others[: n - 1]]
        rng.shuffle(chosen)
        self.characters = chosen
        self.character_box = sorted(others[n - 1 :])
        self.santa = chosen.index(SANTA)
        self.marks = [0] * N_CARDS
        self.known = [0] * N_CARDS
        self.strings = [[-1] * SLOTS for _ in range(n)]
        self.plugs = [-1] * n
        self.aside = [[] for _ in range(n)]
        self.completed = [[] for _ in range(n)]
        self.revealed = [[0, 0] for _ in range(n)]
        self.commit = [-1] * n
        self.misses = [[] for _ in range(n)]
        self.turns = 0
        self.final_round = False
        self.result = ONGOING_RESULT
        self.plays = 0
        self.stage = 0
        self.play_card = -1
        self.swap_card = -1
        self.swap_seat = -1
        self.sale_cards = []
        self.sale_fate = []
        self.sale_index = 0
        self.sale_open = False
        self.offered = []
        self.buyer = -1
        self.q = []
        self.facts = []
        self.fact_text = []
        self.fact_refs = [0] * N_CARDS
        self.event = -1
        self.choices = [NOT_ASKED] * n
        self.free_left = [0] * n
        self.free_pending = [-1] * n
        self.log.append(("setup", self.santa, *chosen))
        for s in range(n):
            self.log.append(("patterns", s, *self.patterns[s]))
        self._start_turn(self.santa)

    # ------------------------------------------------------------- queries

    def _plug_due(self, seat: int) -> bool:
        return len(self.completed[seat]) == 1 and self.plugs[seat] < 0

    def _targets(self, seat: int) -> list[Action]:
        """Where a card of ``seat`` could go now (M2): advance and/or fix k; [] if nowhere."""
        done = self.completed[seat]
        if len(done) >= 2:
            return []
        if len(done) == 1 and self.plugs[seat] < 0:
            return [ADVANCE]  # the plug slot (M5)
        if self.commit[seat] < 0:
            return []
        string = self.strings[seat]
        kinds = self.kinds
        out: list[Action] = [ADVANCE] if string[SLOTS - 1] < 0 else []
        for k in range(SLOTS):
            c = string[k]
            if c >= 0 and kinds[c] == BROKEN:
                out.append(FIXES[k])
        return out

    def _commits(self, seat: int) -> list[Action]:
        """The commitments open to ``seat`` (M1): before the first card of a string."""
        done = self.completed[seat]
        if self.commit[seat] >= 0 or len(done) >= 2:
            return []
        if len(done) == 1:
            if self.plugs[seat] < 0:
                return []
            i = 1 - (done[0] >> 1)
            return [COMMITS[i * 2], COMMITS[i * 2 + 1]]
        return list(COMMITS)

    def needed(self, seat: int, slot: int) -> int:
        """The colour slot ``slot`` (0-based) of the current string of ``seat`` needs."""
        c = self.commit[seat]
        return LINES[self.patterns[seat][c >> 1] * 2 + (c & 1)][slot]

    def _free(self, seat: int) -> list[Action]:
        """The free actions (M12) open to a seat to act, budget allowing."""
        if self.free_left[seat] <= 0:
            return []
        hand = self.hands[seat]
        if not hand:
            return []
        marks = self.marks
        out: list[Action] = []
        for m in range(N_MARKS):
            for c in hand:
                if marks[c] != m:
                    out.append(MARKS[m])
                    break
        if len(hand) > 1:
            out.extend(MOVES)
        return out

    def _free_cards(self, seat: int) -> list[Action]:
        """The cards the free action ``seat`` has begun can apply to."""
        code = self.free_pending[seat]
        hand = self.hands[seat]
        if code < N_MARKS:
            marks = self.marks
            return [CARDS[i] for i, c in enumerate(hand) if marks[c] != code]
        if code - N_MARKS in (FIRST, LEFT):
            return list(CARDS[1 : len(hand)])
        return list(CARDS[: len(hand) - 1])

    def _event_options(self, seat: int) -> list[Action]:
        if self.event == LIGHT_SWITCH:
            return [DRAWS[0], NONE]
        return [*CARDS[: len(self.hands[seat])], NONE]

    def _draw_options(self, seat: int) -> list[Action]:
        """REFILL: draw n for n from 1 up to five minus the hand, and no more than the
        cards left to draw (M8: a hand above five draws nothing, discards nothing)."""
        most = min(HAND_SIZE - len(self.hands[seat]), len(self.deck) + len(self.discard))
        return list(DRAWS[:most]) if most > 0 else []

    def _next_steps(self, seat: int) -> list[Action]:
        """The steps still open this turn, in order (each may be skipped, none repeated
        or taken out of order): SWAP, SALE, REFILL, where there is something to do."""
        hands = self.hands
        hand = hands[seat]
        stage = self.stage
        out: list[Action] = []
        if stage < 1 and hand and any(hands[t] for t in range(self.players) if t != seat):
            out.append(GO_SWAP)
        if stage < 2 and hand:
            out.append(GO_SALE)
        if stage < 3:
            out.extend(self._draw_options(seat))  # REFILL: draw n
        return out

    def _sale_buyers(self) -> list[Action]:
        seller = self.turn
        offered = self.offered
        return [SEAT_ACTS[t] for t in range(self.players) if t != seller and t not in offered]

    def _question_parts(self) -> tuple[list[int], int]:
        """The positions (0-based; every position for "all") and k of the built question."""
        q = self.q
        if q[QH_ALL]:
            return list(range(len(self.hands[self.turn]))), q[-1]
        return q[QH:-1], q[-1]

    # ------------------------------------------------------------- the contract

    @property
    def current_phase(self) -> str:
        """The phase (one of ``phases``; see the module docstring): the final round and
        the game's end first, then a free action awaiting its card, then the step."""
        step = self.step
        if step == OVER:
            return "over"
        if self.final_round:
            return "final-round"
        if self.free_pending[self.turn] >= 0:
            return "free-action"
        if step == PLAY:
            return "commit" if self._commits(self.turn) else "play"
        return PHASE_OF[step]

    @property
    def to_act(self) -> frozenset[int]:
        step = self.step
        if step == OVER:
            return _NOBODY
        if step == EVENT:
            return frozenset(t for t, c in enumerate(self.choices) if c == UNDECIDED)
        if step == BUYER:
            return _SEAT_SETS[self.buyer]
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        step = self.step
        if step == EVENT:
            return self._event_options(seat) if self.choices[seat] == UNDECIDED else []
        if step == BUYER:
            return [ACCEPT, DECLINE] if seat == self.buyer else []
        if seat != self.turn or step == OVER:
            return []
        if self.free_pending[seat] >= 0:
            return self._free_cards(seat)
        h = len(self.hands[seat])
        if step == PLAY:
            acts = self._commits(seat) or list(CARDS[:h])
            acts.append(DONE)
            acts.extend(self._free(seat))
            return acts
        if step == PLAY_TARGET:
            return self._targets(seat)
        if step == NEXT:
            return [*self._next_steps(seat), END, *self._free(seat)]
        if step in (SWAP, SALE):
            return [*CARDS[:h], *self._free(seat)]
        if step == SWAP_SEAT:
            hands = self.hands
            return [SEAT_ACTS[t] for t in range(self.players) if t != seat and hands[t]]
        if step == SWAP_CARD:
            return list(CARDS[: len(self.hands[self.swap_seat])])
        if step == SALE_OFFER:
            acts = list(CARDS[:h]) if self.sale_open else []
            acts.extend(self._sale_buyers())
            acts.append(WITHDRAW)
            acts.extend(self._free(seat))
            return acts
        q = self.q
        if step == Q_POSITIONS:
            if len(q) == QH:
                return [ALL, *CARDS[:h], ASK_SAME] if h >= 2 else [ALL, *CARDS[:h]]
            return [*CARDS[q[-1] + 1 : h], DONE]
        if step == Q_KINDS:
            last = q[QH_LAST_KIND]
            return [*KIND_ACTS[last + 1 :], DONE] if last >= 0 else list(KIND_ACTS)
        if step == Q_RELATION:
            return [AT_LEAST, EXACTLY]
        if step == Q_NUMBER:
            return list(NUMBERS[: (h if q[QH_ALL] else len(q) - QH) + 1])
        if step == Q_PAIR_FIRST:
            return list(CARDS[: h - 1])
        # Q_PAIR_SECOND
        return list(CARDS[q[-1] + 1 : h])

    # ----------------------------------------------------------------- apply

    def _apply(self, seat: int, action: Action) -> None:
        if self.free_pending[seat] >= 0:
            assert isinstance(action, Card)
            self._free_finish(seat, action.pos)
            return
        if isinstance(action, Mark):
            self.free_left[seat] -= 1
            self.free_pending[seat] = action.mark
            return
        if isinstance(action, Move):
            self.free_left[seat] -= 1
            self.free_pending[seat] = N_MARKS + action.where
            return
        step = self.step
        if step == PLAY:
            if isinstance(action, Card):
                targets = self._targets(seat)
                card = self.hands[seat][action.pos]
                if len(targets) == 1:
                    only = targets[0]
                    assert isinstance(only, Target)
                    self._play(seat, card, -2 if self._plug_due(seat) else only.slot)
                else:
                    self.play_card = card
                    self.step = PLAY_TARGET
            elif isinstance(action, Commit):
                self.commit[seat] = action.pattern * 2 + action.end
                self.log.append(("commit", seat, action.pattern, action.end))
            else:  # done: the PLAY step is over
                self.step = NEXT
                self._settle()
        elif step == PLAY_TARGET:
            assert isinstance(action, Target)
            card = self.play_card
            self.play_card = -1
            self._play(seat, card, action.slot)
        elif step == NEXT:
            if action is GO_SWAP:
                self.stage = 1
                self.step = SWAP
            elif action is GO_SALE:
                self.stage = 2
                self.step = SALE
            elif isinstance(action, Draw):  # REFILL, the last step
                self.stage = 3
                self._draw_into(seat, action.n, "refill")
                self._end_turn()
            else:  # end
                self._end_turn()
        elif step == SWAP:
            assert isinstance(action, Card)
            self.swap_card = self.hands[seat][action.pos]
            self.step = SWAP_SEAT
        elif step == SWAP_SEAT:
            assert isinstance(action, Seat)
            self.swap_seat = action.seat
            self.step = SWAP_CARD
        elif step == SWAP_CARD:
            assert isinstance(action, Card)
            self._swap(seat, action.pos)
        elif step == SALE:
            assert isinstance(action, Card)
            self._lay(seat, action.pos)
        elif step == SALE_OFFER:
            if isinstance(action, Card):
                self._lay(seat, action.pos)
            elif isinstance(action, Seat):
                self.sale_open = False
                self.buyer = action.seat
                self.q = [COUNT, 0, GE, 0, -1]
                self.step = Q_POSITIONS
            else:  # withdraw: the card is not offered any more, so it is discarded
                self.sale_open = False
                self._unsold()
        elif step == BUYER:
            if action is ACCEPT:
                self._accept()
            else:
                self._decline()
        elif step == EVENT:
            self._decide(seat, action)
        else:
            self._question(seat, action)

    # ------------------------------------------------------------- PLAY (M2)

    def _play(self, seat: int, card: int, slot: int) -> None:
        """Reveal ``card`` from the hand of ``seat`` and resolve it against its target
        (``slot`` -1: advance; 0..4: fix that slot; -2: the plug slot)."""
        hand = self.hands[seat]
        pos = hand.index(card)
        del hand[pos]
        self._leave(seat, card)
        kind = self.kinds[card]
        placed = False
        if slot == -2:
            at = PLUG_SLOT
            if kind == PLUG:  # M5: only a Plug fills the plug slot
                self.plugs[seat] = card
                placed = True
        else:
            string = self.strings[seat]
            at = string.index(-1) if slot < 0 else slot
            need = self.needed(seat, at)
            if kind in (need, BUBBLE) or (kind == BROKEN and slot < 0):
                string = string.copy()
                if slot >= 0:  # M3, M4: the fixed Broken Bulb is set aside
                    self.aside[seat] = [*self.aside[seat], string[slot]]
                string[at] = card
                self.strings[seat] = string
                placed = True
            elif kind < BUBBLE and at * 16 + kind not in self.misses[seat]:
                # public evidence: this colour is not what that slot needs
                self.misses[seat] = [*self.misses[seat], at * 16 + kind]
        if not placed:
            self.discard.append(card)
        self.plays += 1
        self.log.append(("play", seat, pos, slot, at, kind, placed))
        if placed and at < PLUG_SLOT:
            self._check_complete(seat)
        if placed and kind == BUBBLE:
            self._draw_event(seat)
        else:
            self._after_play()

    def _after_play(self) -> None:
        self.step = PLAY if self.plays < PLAYS_PER_TURN else NEXT
        self._settle()

    def _check_complete(self, seat: int) -> None:
        """A string is complete when its 5 slots hold matching colours or Bubble Bulbs (M6):
        reveal the Pattern card, discard the bulbs, set the Bubble Bulbs aside (M4)."""
        string = self.strings[seat]
        kinds = self.kinds
        for c in string:
            if c < 0 or kinds[c] == BROKEN:
                return
        commit = self.commit[seat]
        idx = commit >> 1
        bubbles = [c for c in string if kinds[c] == BUBBLE]
        self.discard.extend(c for c in string if kinds[c] != BUBBLE)
        if bubbles:
            self.aside[seat] = [*self.aside[seat], *bubbles]
        self.strings[seat] = [-1] * SLOTS
        self.completed[seat] = [*self.completed[seat], commit]
        revealed = self.revealed[seat].copy()
        revealed[idx] = 1
        self.revealed[seat] = revealed
        self.commit[seat] = -1
        self.misses[seat] = []
        self.log.append(("complete", seat, self.patterns[seat][idx], commit & 1))
        if len(self.completed[seat]) == 2 and not self.final_round:
            self.final_round = True  # M16: the round is played out
            self.log.append(("final-round", seat))

    # ---------------------------------------------------------------- events

    def _draw_event(self, seat: int) -> None:
        """A Bubble Bulb went into the string: draw an Event card and do as it says;
        it then leaves the game."""
        if not self.event_deck:  # M7: still a wildcard, but no Event
            self.log.append(("no-event", seat))
            self._after_play()
            return
        ev = self.event_deck.pop()
        self.events_used.append(ev)
        self.log.append(("event", seat, ev))
        if ev == POWER_OUTAGE:  # M14: the turn ends now; no refill
            self._end_turn()
        elif ev == POWER_SURGE:  # M14: discard the hand, refill to five, end the turn
            hand = self.hands[seat]
            gone = [self.kinds[c] for c in hand]
            for c in hand:
                self._leave(seat, c)
            self.discard.extend(hand)
            self.hands[seat] = []
            self.log.append(("surge-discard", seat, *gone))
            self._draw_into(seat, HAND_SIZE, "surge")
            self._end_turn()
        elif ev == LUMP_OF_COAL:
            commit = self.commit[seat]
            done = self.completed[seat]
            idx = -1
            if commit >= 0:
                idx = commit >> 1
            elif len(done) == 1:  # M13: between strings, the pattern not yet completed
                idx = 1 - (done[0] >> 1)
            if idx >= 0 and not self.revealed[seat][idx]:
                revealed = self.revealed[seat].copy()
                revealed[idx] = 1
                self.revealed[seat] = revealed
                self.log.append(("lump", seat, idx, self.patterns[seat][idx]))
            self._after_play()
        else:  # Light Switch, Christmas Eve, Boxing Day: everyone decides at once (M15)
            can_draw = bool(self.deck or self.discard)
            choices = [
                UNDECIDED if (can_draw if ev == LIGHT_SWITCH else bool(hand)) else NOT_ASKED
                for hand in self.hands
            ]
            if UNDECIDED in choices:
                self.choices = choices
                self.event = ev
                self.step = EVENT
            else:
                self._after_play()

    def _decide(self, seat: int, action: Action) -> None:
        if isinstance(action, Card):
            value = self.hands[seat][action.pos]
        elif isinstance(action, Draw):
            value = 0
        else:
            value = DECLINED
        self.choices[seat] = value
        self.log.append(("decided", seat))
        if UNDECIDED in self.choices:
            return
        # Everyone has decided: carry the choices out in turn order from the active seat.
        ev = self.event
        n = self.players
        kinds = self.kinds
        for i in range(n):
            t = (self.turn + i) % n
            value = self.choices[t]
            if value < 0:
                continue
            hand = self.hands[t]
            if ev == LIGHT_SWITCH:  # draw a card, look at it, put it in the hand
                card = self._draw_one()
                if card >= 0:
                    hand.append(card)
                    self.known[card] = 1
                self.log.append(("light-switch", t, kinds[card] if card >= 0 else -1))
            elif ev == CHRISTMAS_EVE:  # look at the front of one card
                self.known[value] = 1
                self.log.append(("christmas-eve", t, hand.index(value), kinds[value]))
            else:  # Boxing Day: discard a card, draw a replacement without looking at it
                pos = hand.index(value)
                self._leave(t, value)
                self.discard.append(value)
                card = self._draw_one()
                if card >= 0:
                    hand[pos] = card
                else:  # M17
                    del hand[pos]
                self.log.append(
                    ("boxing-day", t, pos, kinds[value], kinds[card] if card >= 0 else -1)
                )
        self.choices = [NOT_ASKED] * n
        self.event = -1
        self._after_play()

    # ------------------------------------------------------------- SWAP (M11)

    def _swap(self, seat: int, pos: int) -> None:
        mine = self.swap_card
        other = self.swap_seat
        hand = self.hands[seat]
        theirs_hand = self.hands[other]
        my_pos = hand.index(mine)
        theirs = theirs_hand[pos]
        self._leave(seat, mine)
        self._leave(other, theirs)
        hand[my_pos] = theirs
        theirs_hand[pos] = mine
        self.known[theirs] = 1  # both saw both cards; each knows the card it received
        self.known[mine] = 1
        self.log.append(("swap", seat, my_pos, other, pos, self.kinds[mine], self.kinds[theirs]))
        self.swap_card = -1
        self.swap_seat = -1
        self.step = NEXT
        self._settle()

    # -------------------------------------------------------------- SALE (M9)

    def _lay(self, seat: int, pos: int) -> None:
        card = self.hands[seat].pop(pos)
        self._leave(seat, card)
        self.sale_cards.append(card)
        self.sale_fate.append(ON_TABLE)
        self.log.append(("lay", seat, pos, self.kinds[card]))
        if len(self.sale_cards) == 1:
            self.sale_index = 0
            self.offered = []
            self.sale_open = bool(self.hands[seat])
        else:
            self.sale_open = False
        self.step = SALE_OFFER

    def _question(self, seat: int, action: Action) -> None:
        q = self.q
        step = self.step
        if step == Q_POSITIONS:
            if action is ALL:
                q[QH_ALL] = 1
                self.step = Q_KINDS
            elif action is DONE:
                self.step = Q_KINDS
            elif action is ASK_SAME:
                q[QH_TYPE] = SAME
                self.step = Q_PAIR_FIRST
            else:
                assert isinstance(action, Card)
                q.append(action.pos)
                if action.pos == len(self.hands[seat]) - 1:  # no position left to add
                    self.step = Q_KINDS
        elif step == Q_KINDS:
            if action is DONE:
                self.step = Q_RELATION
            else:
                assert isinstance(action, Kind)
                q[QH_MASK] |= 1 << action.kind
                q[QH_LAST_KIND] = action.kind
                if action.kind == N_KINDS - 1:  # no kind left to add
                    self.step = Q_RELATION
        elif step == Q_RELATION:
            q[QH_OP] = GE if action is AT_LEAST else EQ
            self.step = Q_NUMBER
        elif step == Q_NUMBER:
            assert isinstance(action, Number)
            q.append(action.n)
            self._offer()
        elif step == Q_PAIR_FIRST:
            assert isinstance(action, Card)
            q.append(action.pos)
            self.step = Q_PAIR_SECOND
        else:  # Q_PAIR_SECOND
            assert isinstance(action, Card)
            q.append(action.pos)
            q.append(0)
            self._offer()

    def _offer(self) -> None:
        card = self.sale_cards[self.sale_index]
        text = self._question_string()
        self.log.append(("offer", self.turn, self.buyer, self.kinds[card], text))
        self.step = BUYER

    def _accept(self) -> None:
        """The buyer accepts: the engine answers truthfully (M10) for the buyer, who takes
        the card and knows it."""
        seller = self.turn
        buyer = self.buyer
        q = self.q
        positions, k = self._question_parts()
        hand = self.hands[seller]
        cards = [hand[p] for p in positions]
        kinds = self.kinds
        truth = answer(q[QH_TYPE], q[QH_MASK], q[QH_OP], k, [kinds[c] for c in cards])
        fact = [seller, buyer, q[QH_TYPE], q[QH_OP], k, q[QH_MASK], int(truth), q[QH_ALL]]
        fact.append(len(positions))
        fact.extend(positions)
        fact.extend(cards)
        self.facts = [*self.facts, fact]
        self.fact_text = [*self.fact_text, self._question_string()]
        refs = self.fact_refs
        for c in cards:
            refs[c] += 1
        card = self.sale_cards[self.sale_index]
        self.sale_fate[self.sale_index] = buyer
        self.hands[buyer].append(card)
        self.known[card] = 1  # the buyer saw it face up on the table
        self.log.append(("accept", buyer, seller, int(truth)))
        self.q = []
        self.buyer = -1
        self._next_sale_card()

    def _decline(self) -> None:
        buyer = self.buyer
        self.offered.append(buyer)
        self.log.append(("decline", buyer, self.turn))
        self.q = []
        self.buyer = -1
        self.step = SALE_OFFER
        if len(self.offered) == self.players - 1:  # nobody left to offer it to
            self._unsold()

    def _unsold(self) -> None:
        card = self.sale_cards[self.sale_index]
        self.sale_fate[self.sale_index] = UNSOLD
        self.discard.append(card)
        self.log.append(("unsold", self.turn, self.kinds[card]))
        self._next_sale_card()

    def _next_sale_card(self) -> None:
        self.sale_index += 1
        self.offered = []
        if self.sale_index < len(self.sale_cards):
            self.step = SALE_OFFER
            return
        self.sale_cards = []
        self.sale_fate = []
        self.sale_index = 0
        self.step = NEXT
        self._settle()

    # ------------------------------------------------------------- knowledge

    def _leave(self, seat: int, card: int) -> None:
        """``card`` leaves the hand of ``seat``, face up: its mark and the holder's
        knowledge go; answers the seat got about it now hold the kind it was seen as."""
        self.marks[card] = 0
        self.known[card] = 0
        if self.fact_refs[card]:
            self.fact_refs[card] = 0
            seen = -self.kinds[card] - 1
            facts = self.facts = self.facts.copy()
            for i, fact in enumerate(facts):
                if fact[F_SELLER] == seat and card in fact_cards(fact):
                    n = fact[F_N]
                    new = fact.copy()
                    for j in range(FH + n, FH + 2 * n):
                        if new[j] == card:
                            new[j] = seen
                    facts[i] = new

    def _free_finish(self, seat: int, pos: int) -> None:
        code = self.free_pending[seat]
        self.free_pending[seat] = -1
        hand = self.hands[seat]
        card = hand[pos]
        if code < N_MARKS:
            self.marks[card] = code
            self.log.append(("mark", seat, pos, code))
            return
        del hand[pos]
        to = (0, len(hand), pos - 1, pos + 1)[code - N_MARKS]
        hand.insert(to, card)
        self.log.append(("move", seat, pos, to))

    # ---------------------------------------------------------- drawing, turns

    def _draw_one(self) -> int:
        """The top card of the Bulb deck; when the deck has run out the discard pile is
        shuffled into a new deck; -1 when both are empty (M17)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return -1
            deck.extend(self.discard)
            self.discard = []
            self.rng.shuffle(deck)
            self.log.append(("reshuffle", len(deck)))
        return deck.pop()

    def _draw_into(self, seat: int, n: int, why: str) -> None:
        """Draw ``n`` cards unseen onto the end of the hand (what there is: M17)."""
        hand = self.hands[seat]
        got = []
        for _ in range(n):
            card = self._draw_one()
            if card < 0:
                break
            hand.append(card)
            got.append(self.kinds[card])
        self.log.append(("draw", seat, why, *got))

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.step = PLAY
        self.plays = 0
        self.stage = 0
        self.free_left = [self.free_per_turn] * self.players
        self.free_pending = [-1] * self.players
        self.log.append(("turn", seat, self.turns + 1))
        self._settle()

    def _settle(self) -> None:
        """Pass over what has nothing to do (reading auto-skip): a PLAY step with no card
        to play or nowhere to play it; when no later step is open, the turn ends."""
        seat = self.turn
        if self.step == PLAY:
            if (
                self.hands[seat]
                and self.plays < PLAYS_PER_TURN
                and (self._commits(seat) or self._targets(seat))
            ):
                return
            self.step = NEXT
        if self.step == NEXT and not self._next_steps(seat):
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        nxt = (self.turn + 1) % self.players
        if self.final_round and nxt == self.santa:  # M16: everyone has had as many turns
            self.step = OVER
            self.result = FINISHED
            self.log.append(("game-end",))
            return
        if not self.final_round and self.turns >= self.turn_limit:
            self.step = OVER
            self.result = UNFINISHED
            self.log.append(("turn-limit", self.turn_limit))
            return
        self._start_turn(nxt)

    # -------------------------------------------------------------- outcome

    def used(self, seat: int) -> tuple[int, int]:
        """(Broken Bulbs, Bubble Bulbs) that ``seat`` has used and set aside (M4)."""
        kinds = self.kinds
        broken = sum(1 for c in self.aside[seat] if kinds[c] == BROKEN)
        return broken, len(self.aside[seat]) - broken

    @property
    def outcome(self) -> Outcome:
        result = self.result
        if result == ONGOING_RESULT:
            return _ONGOING
        if result == UNFINISHED:
            return turn_limit_reached(self.turn_limit)
        keys = []
        for s in range(self.players):
            broken, bubble = self.used(s)
            keys.append((len(self.completed[s]), -broken, -bubble))
        full = [s for s, key in enumerate(keys) if key[0] == 2]
        best = max(keys[s] for s in full)
        winners = tuple(s for s in full if keys[s] == best)
        tiebreak = None
        if len(full) > 1:
            if len(winners) > 1:
                tiebreak = "same Broken and Bubble Bulbs used: shared victory"
            elif sum(1 for s in full if keys[s][1] == best[1]) == 1:
                tiebreak = "fewest Broken Bulbs used"
            else:
                tiebreak = "same Broken Bulbs used; fewest Bubble Bulbs used"
        names = " and ".join(f"seat {s}" for s in full)
        return Outcome(
            "finished",
            winners=winners,
            scores=tuple(float(key[0]) for key in keys),
            ranks=competition_ranks(keys),
            tiebreak=tiebreak,
            reason=f"{names} completed two patterns; the round was played out",
        )

    # ------------------------------------------------------------------ errors

    def check_action(self, action: Any) -> Action:
        """As :meth:`State.check_action`; ``seat s`` written for a seat this game does not
        have is refused saying which seats there are (not as a foreign action)."""
        if (
            action.__class__ is Seat
            and action.seat.__class__ is int
            and self.players <= action.seat < len(SEAT_ACTS)
        ):
            raise NotationError(
                f"there is no seat {action.seat}: seats are 0 to {self.players - 1}"
                f" in this {self.players}-player game"
            )
        return super().check_action(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` (a seat to act) now, and what is. Uses
        only what the seat can see: never a card of its own hand that it does not know."""
        problem, rule = self._problem(seat, action)
        legal = _compact(self.legal_actions(seat))
        where = "a free action" if self.free_pending[seat] >= 0 else STEP_NAME[self.step]
        text = f"{problem}; " if problem else f"{action} is not legal now; "
        return IllegalAction(f"{text}now ({where}): {legal}", rule)

    def _problem(self, seat: int, action: Action) -> tuple[str, str]:
        """The specific reason ``action`` is refused (or "" for the generic one), and the
        rule. Only public facts and the seat's own patterns are used."""
        step = self.step
        hand = self.hands[seat]
        h = len(hand)
        pending = self.free_pending[seat]
        if pending >= 0:
            return self._free_problem(seat, action)
        if isinstance(action, Mark | Move):
            if seat != self.turn:
                return "marks and moves are made on your own turn", RULE_FREE
            if step not in FREE_STEPS:
                return "a mark or move cannot interrupt a choice made in steps", RULE_FREE
            if self.free_left[seat] <= 0:
                if self.free_per_turn == 0:
                    return "marks and moves are off in this game (free_actions 0)", RULE_FREE
                return (
                    f"you have made your {self.free_per_turn} mark(s) or move(s) this turn",
                    RULE_FREE,
                )
            if not hand:
                return "you hold no cards to mark or move", RULE_FREE
            if isinstance(action, Move):
                return "with one card there is nothing to move", RULE_FREE
            return f"every card in your hand already has mark {MARK_NAME[action.mark]}", RULE_FREE
        if step == PLAY:
            return self._play_problem(seat, action)
        if step == PLAY_TARGET:
            if isinstance(action, Target):
                if action.slot < 0:
                    return "all five slots are filled: only fixes can help (M6)", RULE_PLAY
                return f"slot {action.slot + 1} holds no Broken Bulb to fix (M2, M3)", RULE_PLAY
            return "choose where the card goes: advance or fix <k>", RULE_PLAY
        if step == NEXT:
            return self._next_problem(seat, action)
        if isinstance(action, Card) and step in (SWAP, SALE, SWAP_CARD, SALE_OFFER, EVENT):
            size, whose = h, "your hand holds"
            if step == SWAP_CARD:
                size = len(self.hands[self.swap_seat])
                whose = f"seat {self.swap_seat} holds"
            if action.pos >= size:
                return f"there is no card {action.pos + 1}: {whose} {size}", RULE_TURN
        if step in (SWAP, SWAP_SEAT, SWAP_CARD):
            if step == SWAP_SEAT and isinstance(action, Seat):
                t = action.seat
                if t == seat:
                    return "you cannot swap with yourself", RULE_SWAP
                return f"seat {t} holds no cards to swap", RULE_SWAP
            what = ("your card", "the seat to swap with", "their card")[step - SWAP]
            return f"SWAP: choose {what}", RULE_SWAP
        if step == SALE:
            return "SALE: lay a card of your hand face up (card <i>)", RULE_SALE
        if step == SALE_OFFER:
            if isinstance(action, Card):
                return "no more cards can be laid for this sale", RULE_SALE
            if isinstance(action, Seat):
                t = action.seat
                if t == seat:
                    return "you cannot offer your card to yourself", RULE_SALE
                return f"seat {t} has been offered this card already (each at most once)", RULE_SALE
            return "offer the card to a seat (seat <s>) or withdraw it (it is discarded)", RULE_SALE
        if step in QUESTION_STEPS:
            return self._question_problem(seat, action)
        if step == BUYER:
            return f"seat {self.turn} offers you a card: accept or decline", RULE_SALE
        # EVENT
        title = EVENT_TITLE[self.event]
        if self.event == LIGHT_SWITCH and isinstance(action, Draw):
            return f"{title} lets each player draw one card (draw 1)", RULE_EVENT
        if self.event == LIGHT_SWITCH:
            return f"{title}: draw a card and look at it (draw 1) or not (none)", RULE_EVENT
        verb = "look at" if self.event == CHRISTMAS_EVE else "discard"
        return f"{title}: choose a card of yours to {verb} (card <i>) or none", RULE_EVENT

    def _free_problem(self, seat: int, action: Action) -> tuple[str, str]:
        pending = self.free_pending[seat]
        h = len(self.hands[seat])
        what = str(MARKS[pending] if pending < N_MARKS else MOVES[pending - N_MARKS])
        if not isinstance(action, Card):
            return f"choose the card for '{what}' first (card <i>)", RULE_FREE
        if action.pos >= h:
            return f"there is no card {action.pos + 1}: your hand holds {h}", RULE_FREE
        if pending < N_MARKS:
            return f"card {action.pos + 1} has mark {MARK_NAME[pending]} already", RULE_FREE
        edge = "first" if pending - N_MARKS in (FIRST, LEFT) else "last"
        return f"card {action.pos + 1} is the {edge} card already", RULE_FREE

    def _play_problem(self, seat: int, action: Action) -> tuple[str, str]:
        h = len(self.hands[seat])
        commits = self._commits(seat)
        if isinstance(action, Card):
            if commits:
                return (
                    "before the first card of a string, commit to one of your Pattern cards"
                    " and an end (commit <1|2> <left|right>)",
                    RULE_COMMIT,
                )
            return f"there is no card {action.pos + 1}: your hand holds {h}", RULE_PLAY
        if isinstance(action, Commit):
            c = self.commit[seat]
            if c >= 0:
                return (
                    f"you are committed to pattern {(c >> 1) + 1} from the {END_NAME[c & 1]}"
                    " until this string is complete",
                    RULE_COMMIT,
                )
            if self._plug_due(seat):
                return "a Plug comes before the second string (M5)", RULE_PLAY
            return f"pattern {action.pattern + 1} is complete already", RULE_COMMIT
        if isinstance(action, Word | Draw):
            return "end the PLAY step first (done); the other steps come after it", RULE_TURN
        return "PLAY: play a card (card <i>), or end the step (done)", RULE_PLAY

    def _next_problem(self, seat: int, action: Action) -> tuple[str, str]:
        hand = self.hands[seat]
        h = len(hand)
        stage = self.stage
        if action is GO_SWAP:
            if stage >= 1:
                return "the SWAP step is over for this turn: steps go in order, once", RULE_TURN
            if not hand:
                return "you hold no cards to swap", RULE_SWAP
            return "nobody else holds a card to swap with", RULE_SWAP
        if action is GO_SALE:
            if stage >= 2:
                return "the SALE step is over for this turn: steps go in order, once", RULE_TURN
            return "you hold no cards to sell", RULE_SALE
        if isinstance(action, Draw):
            room = HAND_SIZE - h
            left = len(self.deck) + len(self.discard)
            if room <= 0:
                return f"you hold {h} cards: REFILL only fills a hand up to five", RULE_REFILL
            if action.n > room:
                return f"you hold {h} cards: draw at most {room} to fill up to five", RULE_REFILL
            return f"only {left} card(s) are left to draw (deck and discard pile)", RULE_REFILL
        if action is DONE:
            return "the PLAY step is over; choose the next step or end the turn", RULE_TURN
        return "choose the next step (swap, sale, draw <n> to refill) or end the turn", RULE_TURN

    def _question_problem(self, seat: int, action: Action) -> tuple[str, str]:
        step = self.step
        q = self.q
        h = len(self.hands[seat])
        if step == Q_POSITIONS:
            if isinstance(action, Card) and len(q) > QH:
                return f"add positions in increasing order, after {q[-1] + 1}", RULE_QUESTION
            if action is ASK_SAME:
                if h < 2:
                    return "same(i, j) needs two cards in your hand", RULE_QUESTION
                return "same(i, j) is chosen before any position", RULE_QUESTION
            if action is ALL:
                return "'all' must be the first choice of positions", RULE_QUESTION
            if action is DONE:
                return "choose at least one position (or all)", RULE_QUESTION
            return "choose the positions the question is about", RULE_QUESTION
        if step == Q_KINDS:
            if isinstance(action, Kind):
                last = KIND_NAME[q[QH_LAST_KIND]]
                return f"add kinds in the order {', '.join(KIND_NAME)}, after {last}", RULE_QUESTION
            if action is DONE:
                return "choose at least one kind", RULE_QUESTION
            return "choose the kinds the question counts (kind <kind>)", RULE_QUESTION
        if step == Q_RELATION:
            return "choose the relation: >= (at least) or = (exactly)", RULE_QUESTION
        if step == Q_NUMBER:
            top = h if q[QH_ALL] else len(q) - QH
            return f"choose k: the question is about {top} card(s), so 0 to {top}", RULE_QUESTION
        if step == Q_PAIR_FIRST:
            if isinstance(action, Card):
                return "the first card of same(i, j) comes before the second", RULE_QUESTION
            return "choose the first card of same(i, j)", RULE_QUESTION
        if isinstance(action, Card):
            return f"the second card of same(i, j) comes after {q[-1] + 1}", RULE_QUESTION
        return "choose the second card of same(i, j)", RULE_QUESTION

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as fresh objects the caller may change (the parts
        every viewer sees alike are cached as shared objects inside; see _view)."""
        return json.loads(json.dumps(self._view(seat)))  # type: ignore[no-any-return]

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator, who sees public information only).

        ``hands[t]`` per seat: ``cards`` (the kind, or null for your own cards you do not
        know; all backs for a spectator), ``marks`` ([position, mark] for marked cards),
        ``known`` (positions whose card its holder knows) and, for your own hand,
        ``answers`` ([position, numbers of your ``answers`` about that card]). ``answers``
        lists the answered questions you asked or answered, as [seller, buyer, question,
        answer, kinds of the cards it was about that have left the seller's hand since].
        Parts every viewer sees alike are built once per state and shared between the
        views this returns; ``view`` hands out a fresh copy.
        """
        n = self.players
        me = seat if seat is not None and 0 <= seat < n else None
        memo = self._memo
        if memo is None:
            memo = self._memo = self._public_parts()
        common, seats, hands, backs = memo
        view = dict(common)
        view["seat"] = seat
        if me is None:
            view["hands"] = backs
            view["seats"] = seats
            view["answers"] = []
            view["free_actions_left"] = None
            view["free_action"] = None
        else:
            answers, about = self._answers(me)
            kinds = self.kinds
            known = self.known
            hand = self.hands[me]
            mine = dict(hands[me])
            mine["cards"] = [KIND_NAME[kinds[c]] if known[c] else None for c in hand]
            mine["answers"] = [[i + 1, about[c]] for i, c in enumerate(hand) if c in about]
            view_hands = list(hands)
            view_hands[me] = mine
            view_seats = list(seats)
            view_seats[me] = self._seat_view(me, me)
            view["hands"] = view_hands
            view["seats"] = view_seats
            view["answers"] = answers
            view["free_actions_left"] = self.free_left[me]
            code = self.free_pending[me]
            view["free_action"] = (
                None if code < 0 else str(MARKS[code] if code < N_MARKS else MOVES[code - N_MARKS])
            )
        if self.step == EVENT:
            view["event"] = self._event_view(me)
        return view

    def _public_parts(
        self,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        """What every viewer of this state sees alike: the common fields, each seat as the
        others see it, each hand as the other players see it, and each hand as backs."""
        n = self.players
        kinds = self.kinds
        marks = self.marks
        known = self.known
        seats = [self._seat_view(t, None) for t in range(n)]
        hands = []
        backs = []
        for t in range(n):
            hand = self.hands[t]
            shown_marks = [[i + 1, MARK_NAME[marks[c]]] for i, c in enumerate(hand) if marks[c]]
            shown_known = [i + 1 for i, c in enumerate(hand) if known[c]]
            hands.append(
                {
                    "cards": [KIND_NAME[kinds[c]] for c in hand],
                    "marks": shown_marks,
                    "known": shown_known,
                }
            )
            backs.append({"cards": [None] * len(hand), "marks": shown_marks, "known": shown_known})
        counts = [0] * N_KINDS
        for c in self.discard:
            counts[kinds[c]] += 1
        step = self.step
        common: dict[str, Any] = {
            "game": self.game_id,
            "seat": None,
            "players": n,
            "to_act": sorted(self.to_act),
            "turn": self.turn,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "step": STEP_NAME[step],
            "phase": STEP_OF[step],
            "plays": self.plays,
            "santa": self.santa,
            "final_round": self.final_round,
            "deck": len(self.deck),
            "discard": counts,
            "discard_top": KIND_NAME[kinds[self.discard[-1]]] if self.discard else None,
            "event_deck": len(self.event_deck),
            "events_used": [EVENT_NAME[e] for e in self.events_used],
            "hands": None,
            "seats": None,
            "answers": None,
            "free_actions_left": None,
            "free_action": None,
            "playing": None,
            "swap": None,
            "sale": self._sale_view() if self.sale_cards else None,
            "event": None,
            "outcome": self.outcome.to_dict(),
        }
        if step == PLAY_TARGET:
            common["playing"] = self.hands[self.turn].index(self.play_card) + 1
        elif step in (SWAP_SEAT, SWAP_CARD):
            common["swap"] = {
                "card": self.hands[self.turn].index(self.swap_card) + 1,
                "seat": self.swap_seat if step == SWAP_CARD else None,
            }
        return common, seats, hands, backs

    def _answers(self, me: int) -> tuple[list[list[Any]], dict[int, list[int]]]:
        """The answered questions ``me`` asked or answered, and, per card of its hand, the
        numbers of the answers about it."""
        answers: list[list[Any]] = []
        about: dict[int, list[int]] = {}
        for fact, text in zip(self.facts, self.fact_text, strict=True):
            seller = fact[F_SELLER]
            if seller != me and fact[F_BUYER] != me:
                continue
            cards = fact_cards(fact)
            left = [KIND_NAME[-c - 1] for c in cards if c < 0]
            answers.append([seller, fact[F_BUYER], text, bool(fact[F_ANSWER]), left])
            if seller == me:
                number = len(answers)
                for c in cards:
                    if c >= 0:
                        about.setdefault(c, []).append(number)
        return answers, about

    def _seat_view(self, t: int, me: int | None) -> dict[str, Any]:
        kinds = self.kinds
        pats: list[list[Any] | None] = []
        for i in (0, 1):
            p = self.patterns[t][i]
            shown = t == me or self.revealed[t][i]
            pats.append([PATTERN_IDS[p], [KIND_NAME[x] for x in LIGHTS[p]]] if shown else None)
        broken, bubble = self.used(t)
        seat_view: dict[str, Any] = {
            "character": CHARACTER_NAME[self.characters[t]],
            "string": [KIND_NAME[kinds[c]] if c >= 0 else None for c in self.strings[t]],
            "plug": "placed" if self.plugs[t] >= 0 else "due" if self._plug_due(t) else None,
            "patterns": pats,
            "completed": [
                [PATTERN_IDS[self.patterns[t][d >> 1]], END_NAME[d & 1]] for d in self.completed[t]
            ],
            "committed": self.commit[t] >= 0,
            "misses": [
                [KIND_NAME[x] for x in range(RED, BUBBLE) if k * 16 + x in self.misses[t]]
                for k in range(SLOTS)
            ],
            "used": [broken, bubble],
        }
        if t == me:
            c = self.commit[t]
            seat_view["commitment"] = (
                None
                if c < 0
                else {
                    "pattern": (c >> 1) + 1,
                    "end": END_NAME[c & 1],
                    "needs": [KIND_NAME[x] for x in LINES[self.patterns[t][c >> 1] * 2 + (c & 1)]],
                }
            )
            seat_view["targets"] = [str(a) for a in self._targets(t)]
        return seat_view

    def _event_view(self, me: int | None) -> dict[str, Any]:
        choices = self.choices
        n = self.players
        mine = None
        if me is not None and choices[me] >= DECLINED:
            c = choices[me]
            if c == DECLINED:
                mine = "none"
            elif self.event == LIGHT_SWITCH:
                mine = "draw 1"
            else:
                mine = f"card {self.hands[me].index(c) + 1}"
        return {
            "event": EVENT_NAME[self.event],
            "asked": [t for t in range(n) if choices[t] != NOT_ASKED],
            "decided": [t for t in range(n) if choices[t] >= DECLINED],
            "waiting": [t for t in range(n) if choices[t] == UNDECIDED],
            "my_choice": mine,
        }

    def _sale_view(self) -> dict[str, Any]:
        kinds = self.kinds
        laid = []
        for c, fate in zip(self.sale_cards, self.sale_fate, strict=True):
            status = (
                "for sale"
                if fate == ON_TABLE
                else "unsold, discarded"
                if fate == UNSOLD
                else f"sold to seat {fate}"
            )
            laid.append([KIND_NAME[kinds[c]], status])
        return {
            "seller": self.turn,
            "cards": laid,
            "current": self.sale_index + 1,
            "may_lay_another": self.sale_open,
            "offered": list(self.offered),
            "buyer": None if self.buyer < 0 else self.buyer,
            "question": self._question_view() if self.q else None,
        }

    def _question_view(self) -> dict[str, Any]:
        q = self.q
        complete = self.step == BUYER
        picked = q[QH:-1] if complete else q[QH:]
        if q[QH_TYPE] == SAME:
            return {
                "type": "same",
                "positions": [p + 1 for p in picked],
                "text": question_text(SAME, picked) if complete else None,
            }
        relation = None
        if self.step in (Q_NUMBER, BUYER):
            relation = ">=" if q[QH_OP] == GE else "="
        return {
            "type": "count",
            "positions": "all" if q[QH_ALL] else [p + 1 for p in picked],
            "kinds": [KIND_NAME[x] for x in range(N_KINDS) if q[QH_MASK] >> x & 1],
            "relation": relation,
            "text": self._question_string() if complete else None,
        }

    def _question_string(self) -> str:
        q = self.q
        positions, k = self._question_parts()
        return question_text(
            q[QH_TYPE], positions, all_flag=q[QH_ALL], mask=q[QH_MASK], op=q[QH_OP], k=k
        )

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """A commitment (M1) and a choice in an everyone-event (M15) are secret: the
        others see only that a choice was made."""
        if viewer == seat:
            return str(action)
        if isinstance(action, Commit):
            return "commit (secret)"
        if self.step == EVENT:
            return "decide (secret until everyone has decided)"
        return str(action)

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "play":
            _, s, pos, slot, at, card, placed = entry
            return {
                "type": "play",
                "seat": s,
                "card": pos + 1,
                "target": "advance" if slot < 0 else f"fix {slot + 1}",
                "slot": "plug" if at == PLUG_SLOT else at + 1,
                "revealed": KIND_NAME[card],
                "result": "placed" if placed else "discarded",
            }
        if kind == "turn":
            return {"type": "turn", "seat": entry[1], "turn": entry[2]}
        if kind == "lay":
            return {
                "type": "lay",
                "seat": entry[1],
                "card": entry[2] + 1,
                "kind": KIND_NAME[entry[3]],
            }
        if kind == "offer":
            return {
                "type": "offer",
                "seat": entry[1],
                "to": entry[2],
                "kind": KIND_NAME[entry[3]],
                "question": entry[4],
            }
        if kind == "accept":
            event: dict[str, Any] = {"type": "accept", "seat": entry[1], "from": entry[2]}
            if seat == entry[1] or seat == entry[2]:
                event["answer"] = "yes" if entry[3] else "no"
            return event
        if kind == "decline":
            return {"type": "decline", "seat": entry[1], "from": entry[2]}
        if kind == "unsold":
            return {"type": "unsold", "seat": entry[1], "kind": KIND_NAME[entry[2]]}
        if kind == "draw":
            event = {"type": "draw", "seat": entry[1], "why": entry[2], "count": len(entry) - 3}
            if seat is not None and seat != entry[1]:
                event["kinds"] = [KIND_NAME[k] for k in entry[3:]]
            return event
        if kind == "swap":
            _, a, pa, b, pb, ka, kb = entry
            return {
                "type": "swap",
                "seat": a,
                "card": pa + 1,
                "with": b,
                "their_card": pb + 1,
                "gave": KIND_NAME[ka],
                "got": KIND_NAME[kb],
            }
        if kind == "mark":
            return {
                "type": "mark",
                "seat": entry[1],
                "card": entry[2] + 1,
                "mark": MARK_NAME[entry[3]],
            }
        if kind == "move":
            return {"type": "move", "seat": entry[1], "card": entry[2] + 1, "to": entry[3] + 1}
        if kind == "commit":
            event = {"type": "commit", "seat": entry[1]}
            if seat == entry[1]:
                event["pattern"] = entry[2] + 1
                event["end"] = END_NAME[entry[3]]
            return event
        if kind == "complete":
            # Which of the seat's two Pattern cards it was (face up from now on, so it
            # never moves: determinize keeps revealed cards where they are).
            return {
                "type": "complete",
                "seat": entry[1],
                "pattern": PATTERN_IDS[entry[2]],
                "end": END_NAME[entry[3]],
                "pattern_card": self.patterns[entry[1]].index(entry[2]) + 1,
            }
        if kind == "event":
            return {"type": "event", "seat": entry[1], "event": EVENT_NAME[entry[2]]}
        if kind == "no-event":
            return {"type": "no-event", "seat": entry[1]}
        if kind == "decided":
            return {"type": "decided", "seat": entry[1]}
        if kind == "light-switch":
            drawn = KIND_NAME[entry[2]] if entry[2] >= 0 else None
            return {"type": "light-switch", "seat": entry[1], "drew": drawn}
        if kind == "christmas-eve":
            return {
                "type": "christmas-eve",
                "seat": entry[1],
                "card": entry[2] + 1,
                "kind": KIND_NAME[entry[3]],
            }
        if kind == "boxing-day":
            event = {
                "type": "boxing-day",
                "seat": entry[1],
                "card": entry[2] + 1,
                "discarded": KIND_NAME[entry[3]],
                "drew": entry[4] >= 0,
            }
            if seat is not None and seat != entry[1] and entry[4] >= 0:
                event["drawn"] = KIND_NAME[entry[4]]
            return event
        if kind == "surge-discard":
            return {
                "type": "power-surge",
                "seat": entry[1],
                "discarded": [KIND_NAME[k] for k in entry[2:]],
            }
        if kind == "lump":
            return {
                "type": "lump-of-coal",
                "seat": entry[1],
                "pattern_card": entry[2] + 1,
                "pattern": PATTERN_IDS[entry[3]],
            }
        if kind == "patterns":
            event = {"type": "patterns", "seat": entry[1]}
            if seat == entry[1]:
                event["patterns"] = [PATTERN_IDS[p] for p in entry[2:]]
            return event
        if kind == "setup":
            return {
                "type": "setup",
                "santa": entry[1],
                "characters": [CHARACTER_NAME[c] for c in entry[2:]],
            }
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind == "final-round":
            return {"type": "final-round", "seat": entry[1]}
        if kind == "turn-limit":
            return {"type": "turn-limit", "limit": entry[1]}
        return {"type": "game-end"}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        """An independent copy in O(fields): copy on write. The copy shares this state's
        lists until either state changes; ``_before_change`` (run by ``apply_unchecked``
        and ``_redeal``, the only ways a state changes) copies them first. Search and the
        leak checks clone far more often than they change the clone."""
        other = self._clone_base()
        other.kinds = self.kinds
        other.deck = self.deck
        other.discard = self.discard
        other.hands = self.hands
        other.marks = self.marks
        other.known = self.known
        other.strings = self.strings
        other.plugs = self.plugs
        other.aside = self.aside
        other.patterns = self.patterns
        other.completed = self.completed
        other.revealed = self.revealed
        other.commit = self.commit
        other.misses = self.misses
        other.pattern_box = self.pattern_box
        other.event_deck = self.event_deck
        other.events_used = self.events_used
        other.characters = self.characters
        other.character_box = self.character_box
        other.santa = self.santa
        other.turn = self.turn
        other.turns = self.turns
        other.step = self.step
        other.plays = self.plays
        other.stage = self.stage
        other.final_round = self.final_round
        other.result = self.result
        other.free_left = self.free_left
        other.free_pending = self.free_pending
        other.play_card = self.play_card
        other.swap_card = self.swap_card
        other.swap_seat = self.swap_seat
        other.sale_cards = self.sale_cards
        other.sale_fate = self.sale_fate
        other.sale_index = self.sale_index
        other.sale_open = self.sale_open
        other.offered = self.offered
        other.buyer = self.buyer
        other.q = self.q
        other.facts = self.facts
        other.fact_text = self.fact_text
        other.fact_refs = self.fact_refs
        other.event = self.event
        other.choices = self.choices
        other.turn_limit = self.turn_limit
        other.free_per_turn = self.free_per_turn
        other._memo = self._memo  # the same state, so the same public view parts
        other._event_cache = self._event_cache  # entries are checked by identity
        other._shared = self._shared = True
        return other

    def _before_change(self) -> None:
        """Run before any change: drop the view memo and stop sharing lists with clones.
        Lists marked (cow) in the field list are replaced, never changed in place, so
        only their outer list is copied."""
        self._memo = None
        if not self._shared:
            return
        self._shared = False
        self.deck = self.deck.copy()
        self.discard = self.discard.copy()
        self.hands = [h.copy() for h in self.hands]
        self.marks = self.marks.copy()
        self.known = self.known.copy()
        self.strings = self.strings.copy()
        self.plugs = self.plugs.copy()
        self.aside = self.aside.copy()
        self.patterns = self.patterns.copy()
        self.completed = self.completed.copy()
        self.revealed = self.revealed.copy()
        self.commit = self.commit.copy()
        self.misses = self.misses.copy()
        self.pattern_box = self.pattern_box.copy()
        self.event_deck = self.event_deck.copy()
        self.events_used = self.events_used.copy()
        self.free_left = self.free_left.copy()
        self.free_pending = self.free_pending.copy()
        self.sale_cards = self.sale_cards.copy()
        self.sale_fate = self.sale_fate.copy()
        self.offered = self.offered.copy()
        self.q = self.q.copy()
        self.fact_refs = self.fact_refs.copy()
        self.choices = self.choices.copy()

    def apply_unchecked(self, seat: int, action: Action) -> None:
        self._before_change()
        super().apply_unchecked(seat, action)

    def touch(self) -> None:
        """Tell the state its fields were changed by hand (tests building a situation):
        drops the view memo and stops sharing lists with clones."""
        self._before_change()

    def events(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """As :meth:`State.events` (whose guard checks ``seat`` and ``start`` first),
        with each entry's rendering cached per seat. The cache of a seat holds a run of
        log entries (the very objects), their renderings and whether a rendering holds
        a list; it serves a log as far as that log holds the same objects, and the rest
        of it is then rendered for this log (clones share the cache, so after a clone
        took another branch the first to ask again re-renders its own last entries).
        The caller gets fresh copies it may change."""
        log = self.log
        n = len(log)
        hit = self._event_cache.get(seat)
        if hit is None:
            hit = self._event_cache[seat] = ([], [], [])
        entries, rendered, nested = hit
        common = min(len(entries), n)
        if all(map(is_, entries[:common], log[:common])):
            same = common
        else:
            same = next(i for i in range(common) if entries[i] is not log[i])
        if same < len(entries) or same < n:
            del entries[same:], rendered[same:], nested[same:]
            # A determinized world's log holds frozen entries (as the seat and the table
            # saw them): ``_seen_event`` reads them, and renders any other entry.
            render = self._seen_event if self.determinized else self._render_event
            for entry in log[same:]:
                event = render(entry, seat)
                entries.append(entry)
                rendered.append(event)
                nested.append(any(v.__class__ is list for v in event.values()))
        return [
            {key: v.copy() if v.__class__ is list else v for key, v in event.items()}
            if deep
            else event.copy()
            for event, deep in zip(rendered[start:n], nested[start:n], strict=True)
        ]

    def _seen_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        """A log entry of a determinized world as ``seat`` saw it: a frozen entry
        (``(SEEN, observer, mine, public)``, the texts as the observer and the table saw
        it) read through a small shared memo of parsed texts (worlds of one game share
        most of them; the parsed events are never handed out, only copies), any other
        entry rendered by the game."""
        if entry[0] != SEEN:
            return self._render_event(entry, seat)
        mine = entry[2]
        text: str = mine if mine is not None and seat == entry[1] else entry[3]
        event = _SEEN_MEMO.get(text)
        if event is None:
            if len(_SEEN_MEMO) >= _SEEN_MEMO_SIZE:
                _SEEN_MEMO.clear()
            event = _SEEN_MEMO[text] = json.loads(text)
        return event

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal everything hidden from ``seat``, consistently with what it knows, as a
        function of what it knows and ``rng`` only (see the module docstring):

        * card ids: every Bulb card is given a new id by where it lies (``_relabel``),
          so no id tells where a card was dealt;
        * Bulb cards: the kinds of its own cards it does not know and of the deck, dealt
          from their multiset (sorted first) so that every answer it got about its own
          hand still holds (``deal_bulbs``: exact rejection sampling, then an exhaustive
          search; the true deal is one solution, so one is always found);
        * Pattern cards: the other seats' secret ones and those in the box (sorted
          first), so that each other seat's commitment (pattern and end, re-chosen too)
          fits its public string: the colours placed in it and those missed at a slot;
        * the order of the Event deck (sorted first);
        * the choices other seats have made but not yet shown in an everyone-event;
        * another seat's free action begun but awaiting its card (its first step is in
          no channel of ``seat``): none is pending, its budget is as before it began.
        """
        self._before_change()
        self._event_cache = {}
        self._relabel()
        self._redeal_bulbs(seat, rng)
        self._redeal_patterns(seat, rng)
        self._redeal_events(rng)
        self._redeal_choices(seat, rng)
        self._forget_free_pending(seat)

    def _forget_free_pending(self, seat: int) -> None:
        """Another seat's half-made mark or move shows in no channel of ``seat`` (nor
        does its free-action budget), so the world with it and the world without it are
        the same to ``seat``: the determinization holds the one without (canonical)."""
        pending = self.free_pending
        for t in range(self.players):
            if t != seat and pending[t] >= 0:
                pending[t] = -1
                self.free_left[t] += 1

    def _redeal_bulbs(self, seat: int, rng: Rng) -> None:
        """The kinds of the unknown cards of ``seat`` and of the deck, dealt again from
        their multiset under every answer ``seat`` got about its own hand."""
        known = self.known
        unknown = [c for c in self.hands[seat] if not known[c]]
        hidden = unknown + self.deck
        if not hidden:
            return
        kinds = self.kinds.copy()
        pool = [kinds[c] for c in hidden]
        facts = [
            f
            for f in self.facts
            if f[F_SELLER] == seat and any(c >= 0 and not known[c] for c in fact_cards(f))
        ]
        dealt = deal_bulbs(unknown, pool, facts, kinds, rng)
        for c, k in zip(hidden, dealt, strict=True):
            kinds[c] = k
        self.kinds = kinds

    def _redeal_events(self, rng: Rng) -> None:
        """The Event deck, shuffled from its sorted cards."""
        events = sorted(self.event_deck)
        rng.shuffle(events)
        self.event_deck = events

    def _redeal_choices(self, seat: int, rng: Rng) -> None:
        """The choices other seats have made in an everyone-event but not yet shown,
        drawn again among their options."""
        if self.step != EVENT:
            return
        choices = self.choices
        for t in range(self.players):
            if t != seat and choices[t] >= DECLINED:
                options = (
                    [DECLINED, 0] if self.event == LIGHT_SWITCH else [DECLINED, *self.hands[t]]
                )
                choices[t] = options[rng.below(len(options))]

    def _relabel(self) -> None:
        """Give every Bulb card a new id by where it lies now (the order of
        ``card_ids``: the deck from the bottom, the discard pile, then per seat its
        hand, string, plug and cards set aside, then cards on the sale table), and
        carry every field that names card ids over to the new ids."""
        old = self.card_ids()
        new = [0] * N_CARDS
        for i, c in enumerate(old):
            new[c] = i
        kinds, marks, known, refs = self.kinds, self.marks, self.known, self.fact_refs
        self.kinds = [kinds[c] for c in old]
        self.marks = [marks[c] for c in old]
        self.known = [known[c] for c in old]
        self.fact_refs = [refs[c] for c in old]
        self.deck = [new[c] for c in self.deck]
        self.discard = [new[c] for c in self.discard]
        self.hands = [[new[c] for c in hand] for hand in self.hands]
        self.strings = [[new[c] if c >= 0 else -1 for c in string] for string in self.strings]
        self.plugs = [new[c] if c >= 0 else -1 for c in self.plugs]
        self.aside = [[new[c] for c in cards] for cards in self.aside]
        self.sale_cards = [new[c] for c in self.sale_cards]
        if self.play_card >= 0:
            self.play_card = new[self.play_card]
        if self.swap_card >= 0:
            self.swap_card = new[self.swap_card]
        if self.step == EVENT and self.event != LIGHT_SWITCH:
            self.choices = [new[c] if c >= 0 else c for c in self.choices]
        facts = []
        for fact in self.facts:
            n = fact[F_N]
            moved = fact.copy()
            for j in range(FH + n, FH + 2 * n):
                if moved[j] >= 0:
                    moved[j] = new[moved[j]]
            facts.append(moved)
        self.facts = facts

    def _lines_fitting(self, t: int) -> int:
        """The readings (bit ``pattern * 2 + end``) the string of seat ``t`` fits: the
        colours placed in it are the colours its slots need, and no colour missed at a
        slot is the one that slot needs."""
        kinds = self.kinds
        fit = ALL_LINES
        for k, c in enumerate(self.strings[t]):
            if c >= 0 and kinds[c] < BUBBLE:
                fit &= LINES_WITH[k * N_KINDS + kinds[c]]
        for m in self.misses[t]:
            fit &= ~LINES_WITH[(m >> 4) * N_KINDS + (m & 15)]
        return fit

    def _redeal_patterns(self, seat: int, rng: Rng) -> None:
        """The other seats' secret Pattern cards and the box, dealt again from their
        sorted pool; each commitment to a secret card re-chosen (card, end, and which of
        the seat's secret slots holds it) to fit the seat's public string, and the end of
        a commitment to a revealed card (Lump of Coal) re-chosen likewise."""
        others = [t for t in range(self.players) if t != seat]
        revealed = self.revealed
        commit = self.commit
        patterns = [ps.copy() for ps in self.patterns]
        new_commit = commit.copy()
        slots = [(t, i) for t in others for i in (0, 1) if not revealed[t][i]]
        if slots:
            pool = sorted([patterns[t][i] for t, i in slots] + self.pattern_box)
            rng.shuffle(pool)
            needy = [t for t in others if commit[t] >= 0 and not revealed[t][commit[t] >> 1]]
            fitting = {t: self._lines_fitting(t) for t in needy}
            chosen = assign_patterns(needy, pool, fitting, rng)
            taken = [False] * len(pool)
            for t in needy:
                j, e = chosen[t]
                taken[j] = True
                hidden = [i for i in (0, 1) if not revealed[t][i]]
                i = hidden[rng.below(len(hidden))]
                patterns[t][i] = pool[j]
                new_commit[t] = i * 2 + e
            rest = iter([p for j, p in enumerate(pool) if not taken[j]])
            for t, i in slots:
                if t in chosen and new_commit[t] >> 1 == i:
                    continue
                patterns[t][i] = next(rest)
            self.pattern_box = sorted(rest)
        for t in others:  # committed to a revealed pattern (Lump of Coal): re-choose the end
            c = commit[t]
            if c >= 0 and revealed[t][c >> 1]:
                p = patterns[t][c >> 1]
                lines = self._lines_fitting(t)
                ends = [e for e in (0, 1) if lines >> (p * 2 + e) & 1]
                new_commit[t] = (c >> 1) * 2 + ends[rng.below(len(ends))]
        self.patterns = patterns
        self.commit = new_commit

    def card_ids(self) -> list[int]:
        """Every Bulb card id wherever it is now (each exactly once, tests check)."""
        ids = [*self.deck, *self.discard]
        for s in range(self.players):
            ids.extend(self.hands[s])
            ids.extend(c for c in self.strings[s] if c >= 0)
            if self.plugs[s] >= 0:
                ids.append(self.plugs[s])
            ids.extend(self.aside[s])
        ids.extend(c for c, f in zip(self.sale_cards, self.sale_fate, strict=True) if f == ON_TABLE)
        return ids

    def inventory(self) -> list[str]:
        kinds = self.kinds
        cards = [KIND_NAME[kinds[c]] for c in self.card_ids()]
        cards.extend(f"pattern {PATTERN_IDS[p]}" for ps in self.patterns for p in ps)
        cards.extend(f"pattern {PATTERN_IDS[p]}" for p in self.pattern_box)
        cards.extend(f"event {EVENT_NAME[e]}" for e in (*self.event_deck, *self.events_used))
        cards.extend(
            f"character {CHARACTER_NAME[c]}" for c in (*self.characters, *self.character_box)
        )
        return cards

    def box(self) -> list[str]:
        cards = [KIND_NAME[k] for k in BOX_KINDS]
        cards.extend(f"pattern {p}" for p in PATTERN_IDS)
        cards.extend(f"event {e}" for e in EVENT_NAME)
        cards.extend(f"character {c}" for c in CHARACTER_NAME)
        return cards

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Christmas Lights action; the forms are: {_FORMS}"
                f" (kinds: {', '.join(KIND_NAME)}; cards, slots and patterns count from 1)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [a for a in _ALL_ACTIONS if not (isinstance(a, Seat) and a.seat >= players)]


def _compact(actions: Sequence[Action]) -> str:
    """Legal actions in short: runs of ``card i`` and ``number k`` as ranges."""
    parts: list[str] = []
    run: list[int] = []
    run_kind: type | None = None

    def flush() -> None:
        if run:
            word = "card" if run_kind is Card else "number"
            shift = 1 if run_kind is Card else 0
            lo, hi = run[0] + shift, run[-1] + shift
            parts.append(f"{word} {lo}" if lo == hi else f"{word} {lo}-{hi}")
            run.clear()

    for a in actions:
        value = a.pos if isinstance(a, Card) else a.n if isinstance(a, Number) else None
        if value is not None and type(a) is run_kind and run and value == run[-1] + 1:
            run.append(value)
            continue
        flush()
        if value is not None:
            run_kind = type(a)
            run.append(value)
        else:
            parts.append(str(a))
    flush()
    return ", ".join(parts) if parts else "nothing"
