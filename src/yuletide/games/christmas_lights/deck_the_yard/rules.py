"""Deck the Yard — claim Pattern and Character cards before the deck runs dry (solo game).

One player against the game: the outcome is a win (``winners == (0,)``) when enough
cards are claimed at the end, else a loss (``winners == ()``).

Rules implemented (the Christmas Lights rulebook, "Deck the Yard"), every sentence:

* Components: the 18 Pattern cards; 7 each of the six colours; 6 Bubble Bulbs
  (wildcards); 5 Broken Bulbs; 8 Plugs; the 6 Character cards; the Power Surge Event
  card (a face-up reminder only); 3 Presents.
* Setup: the Pattern cards shuffled into the Pattern deck and two revealed as your
  starting patterns; the plain bulbs, Bubble Bulbs and Plugs shuffled and a hand of
  five dealt; only then are the Broken Bulbs, Character cards and Presents shuffled into
  the rest to form the Bulb deck. Power Surge lies face up as a reminder.
* A turn is one of: play a plain bulb that matches the next bulb of your current
  Pattern card, working left to right (``play red``, or on an empty string ``start
  p05``: the first bulb of P05); play a Bubble Bulb as whatever colour the pattern needs
  next (``play bubble`` / ``start p05 bubble``; it stays in place until the string is
  complete); or discard a card (``discard red``), with no other effect.
* A string holding every bulb of its pattern is complete: its bulbs are discarded, the
  Pattern card goes to your Claim pile, and a new Pattern card is revealed (ruling
  Deck the Yard: patterns-face-up: always two); you may choose which
  pattern to start next.
* Then you draw until you hold five cards again. Special cards act as they are drawn:
  - Bubble Bulb or Plug: into your hand (like a plain bulb);
  - Character card: you may discard a Plug from your hand to put it in your Claim pile
    (``use plug``); otherwise (``keep plug``, or no Plug) it is discarded and you draw on;
  - Broken Bulb: every card of your string is discarded, unless you discard a Plug
    instead (``use plug``); then the Broken Bulb is discarded and you draw on; with an
    empty string nothing happens;
  - Present: a Power Surge — the card's rule (as in the main game: "Discard your hand,
    then refill your hand to five cards and end your turn"; the turn is ending anyway)
    — unless you discard a Plug to prevent it (``use plug``). While drawing back after
    a Power Surge, Character cards, Broken Bulbs and Presents are set aside and
    shuffled back into the Bulb deck once you hold five cards.
  Discarding a Plug to prevent or claim is always optional (``keep plug``). Discarded
  cards never go back into the deck. A new turn begins when every special card is
  resolved and you hold five cards.
* End: once your hand cannot be refilled to five at the end of a turn, you play out
  the cards left in your hand (turns go on without drawing) and then the game ends. You
  win with enough claimed cards, Pattern and Character cards in any mix: 8 (Normal),
  9 (Hard), 10 or more (Heroic) — option ``difficulty``.

Readings of our own where the rulebook is silent (each tested by name):

* ``pattern-chosen-by-first-card``: you choose the pattern to complete with the first
  card of a string (``start p05``); the choice holds until the string is complete or a
  Broken Bulb discards it, after which you choose again.
* ``broken-discards-bubbles``: a Broken Bulb discards every card of the string, Bubble
  Bulbs included ("remains in place" means it keeps its colour until the string is
  complete).
* ``specials-discarded``: a resolved Present and an unclaimed Character card are
  discarded (never drawn again), like the Broken Bulb.
* ``surge-short``: if the deck runs out while drawing back after a Power Surge, the
  set-aside cards are shuffled back into it but the hand stays short: the refill has
  failed, and the play-out begins.
* ``play-out``: during the play-out each turn is still a play or a discard, without
  drawing; the game ends when the hand is empty. Special cards are no longer drawn.
* ``pattern-deck-empty``: with the Pattern deck empty no new pattern is revealed, and
  you work with what is face up.
* ``claims-counted-at-the-end``: the result is decided when the game ends (the score is
  the number of claimed cards), not the moment the target is reached.
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` counts turns;
  the game cannot last longer than the deck, so the limit is only a guard.

Knowledge: you see your hand, the face-up patterns, your string and Claim pile, the
discard pile and the set-aside cards; the view also lists what the Bulb deck holds
(``deck_contents``: a memory aid — every card not in sight). The order of the Bulb deck
and of the Pattern deck is hidden (set-aside cards go back into the deck shuffled, so
no card's place in it is ever known). ``determinize`` re-deals both from what the
player knows: each deck's contents, sorted, shuffled with the caller's rng (so the
result holds nothing of the true order); later shuffles draw from the caller's rng too.

Phases (``current_phase``): ``play`` (a turn: play, start or discard),
``plug-decision`` (a special card drawn waits for ``use plug`` / ``keep plug``),
``last-hand`` (the play-out) and ``game-over``. (Drawing back after a Power Surge is
never a decision point: it ends before the next one.)

Options: ``difficulty`` (normal 8, hard 9, heroic 10 cards to claim; default normal),
``turn_limit`` (default 1000 turns).

Version history: 1 — first release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import Action, LogEntry, Outcome, State, turn_limit_reached
from yuletide.games.christmas_lights.content import BULB_KINDS, CONTENT, GLYPHS

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG, PRESENT = range(10)
COLOUR_IDS = range(6)
CHARACTERS = CONTENT.characters
FIRST_CHARACTER = 10
SURGE = FIRST_CHARACTER + len(CHARACTERS)
N_CARDS = SURGE + 1
CARD_NAME: tuple[str, ...] = (*BULB_KINDS, "present", *CHARACTERS, "power-surge")
CARD_ID = {name: i for i, name in enumerate(CARD_NAME)}
COUNTS: tuple[int, ...] = (7, 7, 7, 7, 7, 7, 6, 5, 8, 3, *([1] * len(CHARACTERS)), 1)
HAND = 5
N_HAND_KINDS = PLUG + 1  # a hand holds colours, Bubble Bulbs and Plugs (never Broken)
_HAND_KINDS = (*COLOUR_IDS, BUBBLE, PLUG)
GLYPH = {**GLYPHS, "present": "@"}

PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CARD_ID[c] for c in p.lights) for p in CONTENT.patterns
)
PATTERN_NAME: tuple[str, ...] = tuple(p.id for p in CONTENT.patterns)
N_PATTERNS = len(PATTERNS)
TARGETS = {"normal": 8, "hard": 9, "heroic": 10}
RULE = "Deck the Yard, How to Play"
SPECIAL = "Deck the Yard, Special Cards"


def is_character(card: int) -> bool:
    return FIRST_CHARACTER <= card < SURGE


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a plain bulb (or, with ``kind`` BUBBLE, a Bubble Bulb) onto the string."""

    kind: int

    def __str__(self) -> str:
        return f"play {CARD_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Start a string on face-up Pattern card ``pattern`` with its first bulb (or a
    Bubble Bulb as its first bulb)."""

    pattern: int
    bubble: bool

    def __str__(self) -> str:
        return f"start {PATTERN_NAME[self.pattern].lower()}" + (" bubble" if self.bubble else "")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: int

    def __str__(self) -> str:
        return f"discard {CARD_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class UsePlug(Action):
    """Discard a Plug to claim the Character card drawn, or to prevent a Broken Bulb or
    a Present's Power Surge."""

    def __str__(self) -> str:
        return "use plug"


@dataclass(frozen=True, slots=True)
class KeepPlug(Action):
    """Keep your Plugs: the special card acts (or the Character card is discarded)."""

    def __str__(self) -> str:
        return "keep plug"


_PLAY = tuple(Play(k) for k in range(N_HAND_KINDS))  # colours and BUBBLE are used
_START = tuple(Start(p, False) for p in range(N_PATTERNS))
_START_BUBBLE = tuple(Start(p, True) for p in range(N_PATTERNS))
_DISCARD = tuple(Discard(k) for k in range(N_HAND_KINDS))
_USE = UsePlug()
_KEEP = KeepPlug()
_DECISION: list[Action] = [_USE, _KEEP]
_ACTIONS: tuple[Action, ...] = (
    *(_PLAY[k] for k in (*COLOUR_IDS, BUBBLE)),
    *_START,
    *_START_BUBBLE,
    *(_DISCARD[k] for k in _HAND_KINDS),
    _USE,
    _KEEP,
)
_NOTATION: dict[str, Action] = {str(a): a for a in _ACTIONS}
_FORMS = (
    "play <colour> | play bubble | start <pattern> | start <pattern> bubble |"
    " discard <colour|bubble|plug> | use plug | keep plug"
)


def pattern_dict(p: int) -> dict[str, Any]:
    return {"id": PATTERN_NAME[p], "lights": [CARD_NAME[c] for c in PATTERNS[p]]}


class DeckTheYard(State):
    game_id: ClassVar[str] = "deck-the-yard"
    title: ClassVar[str] = "Deck the Yard"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_players: ClassVar[int] = 1
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "difficulty",
            "normal",
            "cards to claim to win: normal 8, hard 9, heroic 10",
            choices=("normal", "hard", "heroic"),
        ),
        Option(
            "turn_limit",
            1000,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=1_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hand",
        "deck",
        "discard",
        "aside",
        "surging",
        "faceup",
        "pattern_deck",
        "string",
        "current",
        "claimed_patterns",
        "claimed_characters",
        "pending",
        "playout",
        "ended",
        "turns",
    )
    __slots__ = (*fields, "target", "turn_limit")
    #: The steps of the game (see the module's "Phases"), then its end.
    phases: ClassVar[tuple[str, ...]] = ("play", "plug-decision", "last-hand", "game-over")

    hand: list[int]  # a count per hand kind (colours, Bubble, Broken (always 0), Plug)
    deck: list[int]  # the Bulb deck, top last
    discard: list[int]
    aside: list[int]  # special cards set aside while drawing back after a Power Surge
    surging: bool  # drawing back after a Power Surge
    faceup: list[int]  # face-up Pattern cards (two while the Pattern deck lasts)
    pattern_deck: list[int]  # top last
    string: list[int]  # the cards of the string, left to right
    current: int  # the Pattern card the string follows, -1 when the string is empty
    claimed_patterns: list[int]
    claimed_characters: list[int]
    pending: int  # the special card waiting for the Plug decision, else -1
    playout: bool  # the hand could not be refilled: playing out the last cards
    ended: bool
    turns: int
    target: int
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.target = TARGETS[str(self.options["difficulty"])]
        self.turn_limit = int(self.options["turn_limit"])
        rng = self.rng
        patterns = list(range(N_PATTERNS))
        rng.shuffle(patterns)
        self.faceup = [patterns.pop(), patterns.pop()]
        self.pattern_deck = patterns
        bulbs = [k for k in _HAND_KINDS for _ in range(COUNTS[k])]
        rng.shuffle(bulbs)
        self.hand = [0] * N_HAND_KINDS
        for _ in range(HAND):
            self.hand[bulbs.pop()] += 1
        specials = [BROKEN] * COUNTS[BROKEN] + [PRESENT] * COUNTS[PRESENT]
        specials += range(FIRST_CHARACTER, SURGE)
        bulbs.extend(specials)
        rng.shuffle(bulbs)
        self.deck = bulbs
        self.discard = []
        self.aside = []
        self.surging = False
        self.string = []
        self.current = -1
        self.claimed_patterns = []
        self.claimed_characters = []
        self.pending = -1
        self.playout = False
        self.ended = False
        self.turns = 0
        self.log.append(("reveal", self.faceup[0], self.faceup[1]))

    # ------------------------------------------------------------- the rules

    @property
    def _over(self) -> bool:
        return self.ended or (self.turns >= self.turn_limit and self.pending < 0)

    @property
    def to_act(self) -> frozenset[int]:
        return _NOBODY if self._over else _SEAT0

    @property
    def current_phase(self) -> str:
        if self._over:
            return "game-over"
        if self.pending >= 0:
            return "plug-decision"
        return "last-hand" if self.playout else "play"

    def claims(self) -> int:
        return len(self.claimed_patterns) + len(self.claimed_characters)

    def needed(self) -> int:
        """The colour the current string needs next, or -1 when it is empty."""
        if self.current < 0:
            return -1
        return PATTERNS[self.current][len(self.string)]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != 0 or self._over:
            return []
        if self.pending >= 0:
            return list(_DECISION)
        hand = self.hand
        acts: list[Action] = []
        if self.current >= 0:
            need = PATTERNS[self.current][len(self.string)]
            if hand[need]:
                acts.append(_PLAY[need])
            if hand[BUBBLE]:
                acts.append(_PLAY[BUBBLE])
        else:
            for p in self.faceup:
                if hand[PATTERNS[p][0]]:
                    acts.append(_START[p])
            if hand[BUBBLE]:
                acts.extend(_START_BUBBLE[p] for p in self.faceup)
        acts.extend(_DISCARD[k] for k in _HAND_KINDS if hand[k])
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        hand = self.hand
        if type(action) is Discard:
            k = action.kind
            hand[k] -= 1
            self.discard.append(k)
            self.log.append(("discard", k))
        elif type(action) is Play:
            card = action.kind
            self._add_to_string(card)
        elif type(action) is Start:
            p = action.pattern
            bubble = action.bubble
            self.current = p
            card = BUBBLE if bubble else PATTERNS[p][0]
            self.log.append(("start", p))
            self._add_to_string(card)
        elif type(action) is KeepPlug:
            self._decide(False)
            return
        elif type(action) is UsePlug:
            self._decide(True)
            return
        else:
            raise AssertionError(action)
        self.turns += 1
        if self.playout:
            if not sum(hand):
                self._end()
            return
        self._refill()

    def _add_to_string(self, card: int) -> None:
        self.hand[card] -= 1
        self.string.append(card)
        self.log.append(("play", card, self.needed_at(len(self.string) - 1)))
        if len(self.string) == 5:
            self._complete()

    def needed_at(self, i: int) -> int:
        return PATTERNS[self.current][i]

    def _complete(self) -> None:
        p = self.current
        self.discard.extend(self.string)
        self.string = []
        self.current = -1
        self.faceup.remove(p)
        self.claimed_patterns.append(p)
        self.log.append(("claim-pattern", p))
        if self.pattern_deck:
            new = self.pattern_deck.pop()
            self.faceup.append(new)
            self.log.append(("reveal-one", new))

    def _break_string(self) -> None:
        self.discard.extend(self.string)
        self.string = []
        self.current = -1
        self.log.append(("string-lost",))

    def _surge(self) -> None:
        hand = self.hand
        for k in _HAND_KINDS:
            self.discard.extend([k] * hand[k])
            hand[k] = 0
        self.surging = True
        self.log.append(("surge",))

    def _end(self) -> None:
        self.ended = True
        self.log.append(("end", self.claims()))

    def _refill(self) -> None:
        """Draw until the hand holds five, resolving special cards as they are drawn;
        pause for a Plug decision; begin the play-out when the deck runs dry."""
        hand = self.hand
        deck = self.deck
        while sum(hand) < HAND:
            if not deck:
                if self.surging:  # reading surge-short
                    self._shuffle_back()
                self.playout = True
                self.log.append(("last-hand", sum(hand)))
                if not sum(hand):
                    self._end()
                return
            card = deck.pop()
            self.log.append(("draw", card))
            if card < PRESENT and card != BROKEN:
                hand[card] += 1
                continue
            if self.surging:
                self.aside.append(card)
                self.log.append(("aside", card))
                continue
            if card == BROKEN and not self.string:
                self.discard.append(BROKEN)
                self.log.append(("harmless",))
                continue
            if hand[PLUG]:
                self.pending = card
                return
            self._resolve(card, use_plug=False)
        if self.surging:
            self._shuffle_back()

    def _shuffle_back(self) -> None:
        self.deck.extend(self.aside)
        self.log.append(("shuffle-back", len(self.aside)))
        self.aside = []
        self.surging = False
        self.rng.shuffle(self.deck)

    def _resolve(self, card: int, use_plug: bool) -> None:
        if use_plug:
            self.hand[PLUG] -= 1
            self.discard.append(PLUG)
            self.log.append(("use-plug", card))
            if is_character(card):
                self.claimed_characters.append(card)
                self.log.append(("claim-character", card))
            else:
                self.discard.append(card)
            return
        if is_character(card):
            self.discard.append(card)
            self.log.append(("lose-character", card))
        elif card == BROKEN:
            self._break_string()
            self.discard.append(BROKEN)
        else:
            self.discard.append(PRESENT)
            self._surge()

    def _decide(self, use_plug: bool) -> None:
        card = self.pending
        self.pending = -1
        self._resolve(card, use_plug)
        self._refill()

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if self.pending >= 0:
            card = self.pending
            if is_character(card):
                what = f"claim {CARD_NAME[card]} (use plug) or let it go (keep plug)"
            elif card == BROKEN:
                what = "save your string (use plug) or lose it (keep plug)"
            else:
                what = "prevent the Power Surge (use plug) or let it happen (keep plug)"
            return IllegalAction(f"you drew {_card_words(card)}: discard a Plug to {what}", SPECIAL)
        if isinstance(action, UsePlug | KeepPlug):
            return IllegalAction("no special card is waiting for a Plug decision", SPECIAL)
        hand = self.hand
        if isinstance(action, Discard):
            return IllegalAction(f"you hold no {_card_words(action.kind, False)} to discard", RULE)
        if isinstance(action, Start):
            if self.current >= 0:
                return IllegalAction(
                    f"your string already follows {PATTERN_NAME[self.current]}: add to it"
                    " (play <colour> / play bubble) until it is complete",
                    RULE,
                )
            name = PATTERN_NAME[action.pattern]
            if action.pattern not in self.faceup:
                shown = ", ".join(PATTERN_NAME[p] for p in self.faceup)
                return IllegalAction(
                    f"{name} is not one of your face-up Pattern cards ({shown})", RULE
                )
            if action.bubble:
                return IllegalAction("you hold no Bubble Bulb", RULE)
            first = CARD_NAME[PATTERNS[action.pattern][0]]
            return IllegalAction(
                f"{name} starts with {first} (left to right) and you hold no {first} bulb",
                RULE,
            )
        if not isinstance(action, Play):  # every action is one of the kinds above
            return super().why_illegal(seat, action)
        if self.current < 0:
            return IllegalAction(
                "your string is empty: start it on a face-up Pattern card"
                " (start <pattern> / start <pattern> bubble)",
                RULE,
            )
        name = CARD_NAME[action.kind]
        if not hand[action.kind]:
            return IllegalAction(f"you hold no {_card_words(action.kind, False)}", RULE)
        need = CARD_NAME[self.needed()]
        return IllegalAction(
            f"the next bulb of {PATTERN_NAME[self.current]} (left to right) is {need}, not {name}",
            RULE,
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.ended:
            got = self.claims()
            won = got >= self.target
            return Outcome(
                "finished",
                winners=(0,) if won else (),
                scores=(float(got),),
                ranks=(1,) if won else None,
                reason=f"claimed {got} cards; {self.target} needed to win",
            )
        if self._over:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def deck_contents(self) -> dict[str, int]:
        counts = [0] * N_CARDS
        for k in self.deck:
            counts[k] += 1
        return {CARD_NAME[k]: counts[k] for k in range(N_CARDS) if counts[k]}

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat == 0
        need = self.needed()
        return {
            "game": self.game_id,
            "seat": seat,
            "players": 1,
            "to_act": sorted(self.to_act),
            "step": "plug-decision" if self.pending >= 0 else "play",
            "pending": CARD_NAME[self.pending] if self.pending >= 0 else None,
            "hand": _names(self.hand) if mine else None,
            "hand_size": sum(self.hand),
            "patterns": [pattern_dict(p) for p in self.faceup],
            "current": pattern_dict(self.current) if self.current >= 0 else None,
            "string": [CARD_NAME[c] for c in self.string],
            "next": CARD_NAME[need] if need >= 0 else None,
            "claimed_patterns": [PATTERN_NAME[p] for p in self.claimed_patterns],
            "claimed_characters": [CARD_NAME[c] for c in self.claimed_characters],
            "claims": self.claims(),
            "target": self.target,
            "deck": len(self.deck),
            "deck_contents": self.deck_contents() if mine else None,
            "discard": [CARD_NAME[c] for c in self.discard],
            "aside": [CARD_NAME[c] for c in self.aside],
            "surging": self.surging,
            "last_hand": self.playout,
            "patterns_left": len(self.pattern_deck),
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "reveal":
            return {"type": "reveal", "patterns": [PATTERN_NAME[entry[1]], PATTERN_NAME[entry[2]]]}
        if kind == "reveal-one":
            return {"type": "reveal", "patterns": [PATTERN_NAME[entry[1]]]}
        if kind == "start":
            return {"type": "start string", "pattern": PATTERN_NAME[entry[1]]}
        if kind == "play":
            return {"type": "play", "card": CARD_NAME[entry[1]], "as": CARD_NAME[entry[2]]}
        if kind == "discard":
            return {"type": "discard", "card": CARD_NAME[entry[1]]}
        if kind == "claim-pattern":
            return {"type": "claim", "pattern": PATTERN_NAME[entry[1]]}
        if kind == "claim-character":
            return {"type": "claim", "character": CARD_NAME[entry[1]]}
        if kind == "draw":
            card = entry[1]
            hidden = seat != 0 and card < PRESENT and card != BROKEN
            return {"type": "draw"} if hidden else {"type": "draw", "card": CARD_NAME[card]}
        if kind == "aside":
            return {"type": "set aside", "card": CARD_NAME[entry[1]]}
        if kind == "harmless":
            return {"type": "broken bulb", "effect": "string empty: nothing happens"}
        if kind == "use-plug":
            return {"type": "use plug", "against": CARD_NAME[entry[1]]}
        if kind == "lose-character":
            return {"type": "discard", "card": CARD_NAME[entry[1]]}
        if kind == "string-lost":
            return {"type": "string lost"}
        if kind == "surge":
            return {"type": "power surge"}
        if kind == "shuffle-back":
            return {"type": "shuffle back", "cards": entry[1]}
        if kind == "last-hand":
            return {"type": "last hand", "cards": entry[1]}
        return {"type": "end", "claims": entry[1]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hand = self.hand.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.aside = self.aside.copy()
        other.surging = self.surging
        other.faceup = self.faceup.copy()
        other.pattern_deck = self.pattern_deck.copy()
        other.string = self.string.copy()
        other.current = self.current
        other.claimed_patterns = self.claimed_patterns.copy()
        other.claimed_characters = self.claimed_characters.copy()
        other.pending = self.pending
        other.playout = self.playout
        other.ended = self.ended
        other.turns = self.turns
        other.target = self.target
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the Bulb deck and the Pattern deck from what the player knows only:
        their contents are known (everything not in sight), their order never, so each
        is sorted, then shuffled."""
        deck = self.deck
        deck.sort()
        rng.shuffle(deck)
        patterns = self.pattern_deck
        patterns.sort()
        rng.shuffle(patterns)

    def inventory(self) -> list[str]:
        cards = _names(self.hand)
        for pile in (self.deck, self.discard, self.aside, self.string, self.claimed_characters):
            cards.extend(CARD_NAME[k] for k in pile)
        if self.pending >= 0:
            cards.append(CARD_NAME[self.pending])
        cards.append(CARD_NAME[SURGE])  # the face-up reminder
        patterns = [*self.faceup, *self.pattern_deck, *self.claimed_patterns]
        cards.extend(PATTERN_NAME[p] for p in patterns)
        return cards

    def box(self) -> list[str]:
        cards = [CARD_NAME[k] for k in range(N_CARDS) for _ in range(COUNTS[k])]
        cards.extend(PATTERN_NAME)
        return cards

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Deck the Yard action; the forms are: {_FORMS}"
                f" (colours: {', '.join(CARD_NAME[c] for c in COLOUR_IDS)};"
                f" patterns: p01 to p{N_PATTERNS:02d})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_ACTIONS)


_SEAT0 = frozenset((0,))
_NOBODY: frozenset[int] = frozenset()


def _card_words(card: int, article: bool = True) -> str:
    """A card kind in words ("a Broken Bulb", "a red bulb"; without the article for
    "you hold no red bulb")."""
    if is_character(card):
        words = "Character card"
    else:
        words = _WORDS.get(card) or f"{CARD_NAME[card]} bulb"
    return f"a {words}" if article else words


_WORDS = {BUBBLE: "Bubble Bulb", BROKEN: "Broken Bulb", PLUG: "Plug", PRESENT: "Present"}


def _names(hand: list[int]) -> list[str]:
    return [CARD_NAME[k] for k in range(N_HAND_KINDS) for _ in range(hand[k])]
