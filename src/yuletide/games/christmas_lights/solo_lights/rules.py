"""Solo Lights — fix five strings of lights before Santa arrives (Christmas Lights solo game).

One player against the game: the outcome is a win (``winners == (0,)``) or a loss
(``winners == ()``).

Rules implemented (the Christmas Lights rulebook, "Solo Lights"), every sentence:

* Components: the 18 Pattern cards; 7 each of the six colours; 3 Bubble Bulbs
  (wildcards); 5 Broken Bulbs; 5 Plugs; 5 Character cards including Santa; the Power
  Surge Event card; 3 Presents.
* Setup, in two stages: the Plugs and the plain bulbs are shuffled into the Bulb deck
  and five cards drawn as the starting hand; only then are the Bubble Bulbs, Broken
  Bulbs, Presents and Power Surge shuffled into the deck. The Character cards are
  stacked face down with Santa at the bottom. The Pattern cards are shuffled into the
  Pattern deck; two are revealed, you pick one as your starting pattern (``pick p05``)
  and the other is discarded.
* Goal: complete the string of your current Pattern card; win by completing five
  Pattern cards before Santa arrives.
* Step 1: play a card from your hand into the current string (``play red``), then draw
  back up to the hand limit of five; repeat while you can play.
* Step 2: when you cannot play, discard a card (``discard red``) and draw a replacement;
  repeat until you can play, then back to step 1.
* Completing a string: its Pattern card is turned face down and a new Pattern card is
  drawn into your options; you must play a Plug (``play plug``) before you begin the
  next string, and you may then pick any of your available Pattern cards for it.
* If the Bulb deck runs out, the discard pile is shuffled to make a new deck.
* Special cards: a drawn Present also draws an extra Pattern card into your options; a
  drawn Broken Bulb flips the top Character card of the stack and is discarded; Power
  Surge, when drawn, makes you discard your hand and draw back to five, and then leaves
  the game (back to the box); Bubble Bulbs go in your hand and may be played as a bulb
  of any colour (``bubble red``), in place of a Plug (``bubble plug``), or discarded to
  turn the top flipped Character card face down again for more time (``bubble time``).
* End: complete five strings (connected by four Plugs) before Santa is revealed and you
  win; when a Broken Bulb reveals Santa, you lose.
* The rulebook's difficulty variants are options (below).

Rulings used (docs/rulings.md, the Solo Lights entries):

* ``any-order``: bulbs may go into the string in any order (a bulb of a colour the
  pattern shows, into that colour's empty place); in-sequence play is the harder
  variant (option ``in_sequence``).
* ``specials-take-no-slot``: a drawn Present, Broken Bulb or Power Surge is resolved as
  it is drawn and a replacement is drawn; none of them takes a place in the hand.
* ``surge-when-drawn``: "revealed as the top of the Bulb deck" means when it is drawn.

Readings of our own where the rulebook is silent (each tested by name):

* ``must-play``: while a plain bulb (or, between strings, a Plug) can be played, you
  must play one: discarding to dig is step 2, "if you cannot play any cards".
* ``bubble-is-optional``: a Bubble Bulb "may be used": it can be played whenever it
  fits, but holding one does not oblige you to play it, nor forbid digging.
* ``bubble-time-any-time``: ``bubble time`` may be used at any point of play while a
  flipped Character card is on the stack; the card turned back face down is on top
  of the stack and you remember which it is.
* ``completed-string-discarded``: the bulbs of a completed string (Bubble Bulbs
  included) go to the discard pile, as the main game says ("Discard the bulbs used in
  the string and replace them with the Pattern card"); the face-down Pattern card
  stands for the string, and the Plugs (or Bubble Bulbs) connecting the strings stay
  on the table ("five strings connected by four Plugs").
* ``in-sequence-left-to-right``: the in-sequence variant fills a string from its
  leftmost bulb to its rightmost.
* ``one-option-starts-at-once``: after the Plug, when only one Pattern card is
  available, the new string starts on it without a decision.
* ``used-specials-discarded``: a resolved Present or Broken Bulb goes to the discard
  pile (and may come back when it is reshuffled); a Bubble Bulb used for time is
  discarded too.
* ``reshuffle-when-needed``: the discard pile becomes the new deck when a card must be
  drawn and the deck is empty.
* ``pattern-deck-empty``: with the Pattern deck empty, nothing is drawn (you still have
  options: with at most 6 strings done and one Pattern card discarded, at least 11 of
  the 18 are in your options or the deck).
* ``nothing-to-draw``: if the hand is empty and neither the deck nor the discard pile
  has a card, no play is possible and the game is lost (it cannot happen with the
  printed components: the table never holds more than the six connectors and a string).
* ``characters-in-the-stack``: the Character cards used are Santa and, above him, the
  others in a random order (which ones, with fewer than six, is drawn at setup; the
  player knows which and not their order: the setup event and the view name the ones
  left in the box, ``in_the_box``).
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` counts plays and
  discards; at the limit the game ends *unfinished*.

Knowledge: the player sees their hand, the strings, the options, the discard pile,
the flipped characters and the counts of every pile; the view also lists what the
Bulb deck still holds (``deck_contents``: a memory aid — everything not in sight). The
order of the Bulb deck, of the Pattern deck and of the face-down characters above
Santa is hidden (no card is ever seen and put back into the deck: a reshuffle shuffles
the whole discard pile). ``determinize`` re-deals exactly these from what the player
knows: each pile's contents, sorted, shuffled with the caller's rng (so the result
holds nothing of the true order), keeping Santa at the bottom and the characters the
player turned back face down (known) on top; the future (reshuffles) is drawn from the
caller's rng too.

Phases (``current_phase``): ``pick-start`` (the two Pattern cards revealed at setup),
``play`` (steps 1 and 2), ``plug`` (a string is complete: a Plug or a Bubble Bulb must
come next), ``pick-next`` (choosing the next pattern among several) and ``game-over``.

Options (the rulebook's "Ways to Increase / Decrease Difficulty"):
``strings`` (default 5; 6 or 7 to win is harder), ``characters`` (4 harder, 5 default,
6 easier — Santa always included), ``in_sequence`` (default false; true is harder),
``power_surge`` (default true; false removes Power Surge from the deck, easier),
``turn_limit`` (default 2000).

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

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG, PRESENT, SURGE = range(11)
N_CARDS = 11
COLOUR_IDS = range(6)
CARD_NAME: tuple[str, ...] = (*BULB_KINDS, "present", "power-surge")
CARD_ID = {name: i for i, name in enumerate(CARD_NAME)}
#: Bulb-deck cards of the component list (Power Surge is added only if the option is on).
COUNTS: tuple[int, ...] = (7, 7, 7, 7, 7, 7, 3, 5, 5, 3, 1)
HAND = 5
GLYPH = {**GLYPHS, "present": "@", "power-surge": "!"}

PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CARD_ID[c] for c in p.lights) for p in CONTENT.patterns
)
PATTERN_NAME: tuple[str, ...] = tuple(p.id for p in CONTENT.patterns)
N_PATTERNS = len(PATTERNS)
CHARACTERS = CONTENT.characters
SANTA = CHARACTERS.index("santa")
OTHERS = tuple(i for i in range(len(CHARACTERS)) if i != SANTA)

PICK, CHOOSE, PLAY = range(3)
STEP_NAME = ("pick-start", "pick-next", "play")
ONGOING, WON, LOST_SANTA, LOST_STUCK = -1, 1, 0, 2
RULE = "Solo Lights, How to Play"
SPECIAL = "Solo Lights, Special Cards"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Pick the Pattern card for the string you start now."""

    pattern: int

    def __str__(self) -> str:
        return f"pick {PATTERN_NAME[self.pattern].lower()}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a plain bulb into its place in the string, or a Plug between strings."""

    kind: int

    def __str__(self) -> str:
        return f"play {CARD_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class BubbleAs(Action):
    """Play a Bubble Bulb as a bulb of ``colour``."""

    colour: int

    def __str__(self) -> str:
        return f"bubble {CARD_NAME[self.colour]}"


@dataclass(frozen=True, slots=True)
class BubblePlug(Action):
    """Play a Bubble Bulb in place of a Plug."""

    def __str__(self) -> str:
        return "bubble plug"


@dataclass(frozen=True, slots=True)
class BubbleTime(Action):
    """Discard a Bubble Bulb to turn the top flipped Character card face down again."""

    def __str__(self) -> str:
        return "bubble time"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Step 2: discard a card and draw a replacement."""

    kind: int

    def __str__(self) -> str:
        return f"discard {CARD_NAME[self.kind]}"


_PICK = tuple(Pick(p) for p in range(N_PATTERNS))
_PLAY = tuple(Play(k) for k in range(PLUG + 1))  # colours and PLUG are used
_BUBBLE_AS = tuple(BubbleAs(c) for c in COLOUR_IDS)
_BUBBLE_PLUG = BubblePlug()
_BUBBLE_TIME = BubbleTime()
_DISCARD = tuple(Discard(k) for k in range(PLUG + 1))  # never BROKEN
_HAND_KINDS = (*COLOUR_IDS, BUBBLE, PLUG)
_ACTIONS: tuple[Action, ...] = (
    *_PICK,
    *(_PLAY[k] for k in (*COLOUR_IDS, PLUG)),
    *_BUBBLE_AS,
    _BUBBLE_PLUG,
    _BUBBLE_TIME,
    *(_DISCARD[k] for k in _HAND_KINDS),
)
_NOTATION: dict[str, Action] = {str(a): a for a in _ACTIONS}
_FORMS = (
    "pick <pattern> | play <colour> | play plug | bubble <colour> | bubble plug |"
    " bubble time | discard <colour|bubble|plug>"
)


def pattern_dict(p: int) -> dict[str, Any]:
    return {"id": PATTERN_NAME[p], "lights": [CARD_NAME[c] for c in PATTERNS[p]]}


class SoloLights(State):
    game_id: ClassVar[str] = "solo-lights"
    title: ClassVar[str] = "Solo Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_players: ClassVar[int] = 1
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "strings",
            5,
            "strings to complete to win (more is harder)",
            minimum=5,
            maximum=7,
        ),
        Option(
            "characters",
            5,
            "Character cards in the stack, Santa at the bottom (4 harder, 6 easier)",
            choices=(4, 5, 6),
        ),
        Option("in_sequence", False, "bulbs must go into a string left to right (harder)"),
        Option("power_surge", True, "Power Surge is shuffled into the deck (false: easier)"),
        Option(
            "turn_limit",
            2000,
            "plays and discards after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=2_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hand",
        "deck",
        "discard",
        "returned",
        "table",
        "slots",
        "current",
        "need_plug",
        "offers",
        "pattern_deck",
        "pattern_discard",
        "done",
        "stack",
        "flipped",
        "known_top",
        "unused",
        "step",
        "result",
        "turns",
    )
    __slots__ = (*fields, "in_sequence", "target", "turn_limit", "with_surge")
    #: The steps of the game (see the module's "Phases"), then its end.
    phases: ClassVar[tuple[str, ...]] = ("pick-start", "play", "plug", "pick-next", "game-over")

    hand: list[int]  # a count per card kind
    deck: list[int]  # the Bulb deck, top last
    discard: list[int]  # the discard pile, top last
    returned: list[int]  # cards back in the box (Power Surge once it has gone off)
    table: list[int]  # the Plugs (or Bubble Bulbs) connecting the strings
    slots: list[int]  # the current string: per pattern position the card there, or -1
    current: int  # the current Pattern card, -1 between strings
    need_plug: bool  # a string is complete: a Plug must come before the next
    offers: list[int]  # the Pattern cards available (two at setup, then options)
    pattern_deck: list[int]  # top last
    pattern_discard: list[int]
    done: list[int]  # completed Pattern cards, face down
    stack: list[int]  # face-down Character cards, Santa first (the bottom), top last
    flipped: list[int]  # flipped Character cards, in flip order
    known_top: int  # how many cards on top of the stack were turned back (known)
    unused: list[int]  # Character cards left in the box
    step: int
    result: int
    turns: int
    in_sequence: bool
    target: int
    turn_limit: int
    with_surge: bool

    # ------------------------------------------------------------------ setup

    def _read_options(self) -> None:
        self.in_sequence = bool(self.options["in_sequence"])
        self.target = int(self.options["strings"])
        self.turn_limit = int(self.options["turn_limit"])
        self.with_surge = bool(self.options["power_surge"])

    def _setup(self) -> None:
        self._read_options()
        rng = self.rng
        # Setup 1-2: Plugs and plain bulbs shuffled; a starting hand of five.
        deck = [k for k in (*COLOUR_IDS, PLUG) for _ in range(COUNTS[k])]
        rng.shuffle(deck)
        self.hand = [0] * N_CARDS
        for _ in range(HAND):
            self.hand[deck.pop()] += 1
        # Setup 3: the special cards shuffled into the rest.
        specials = [BUBBLE] * COUNTS[BUBBLE] + [BROKEN] * COUNTS[BROKEN]
        specials += [PRESENT] * COUNTS[PRESENT]
        if self.with_surge:
            specials.append(SURGE)
        deck.extend(specials)
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.returned = []
        self.table = []
        # Setup 4: the Character stack, Santa at the bottom.
        others = list(OTHERS)
        rng.shuffle(others)
        used = int(self.options["characters"]) - 1
        self.stack = [SANTA, *others[:used]]
        self.unused = sorted(others[used:])
        self.flipped = []
        self.known_top = 0
        # Setup 5-6: the Pattern deck; reveal two, pick one, discard the other.
        patterns = list(range(N_PATTERNS))
        rng.shuffle(patterns)
        self.offers = [patterns.pop(), patterns.pop()]
        self.pattern_deck = patterns
        self.pattern_discard = []
        self.done = []
        self.slots = [-1] * 5
        self.current = -1
        self.need_plug = False
        self.step = PICK
        self.result = ONGOING
        self.turns = 0
        self.log.append(("setup", len(self.stack), *self.unused))
        self.log.append(("reveal", self.offers[0], self.offers[1]))

    # ------------------------------------------------------------- the rules

    @property
    def _over(self) -> bool:
        return self.result != ONGOING or self.turns >= self.turn_limit

    @property
    def to_act(self) -> frozenset[int]:
        return _NOBODY if self._over else _SEAT0

    @property
    def current_phase(self) -> str:
        if self._over:
            return "game-over"
        if self.step == PLAY and self.need_plug:
            return "plug"
        return STEP_NAME[self.step]

    def open_colours(self) -> list[int]:
        """The colours the current string can take now (left to right when in sequence)."""
        if self.current < 0 or self.need_plug:
            return []
        pattern = PATTERNS[self.current]
        slots = self.slots
        if self.in_sequence:
            for i in range(5):
                if slots[i] < 0:
                    return [pattern[i]]
            return []
        return [pattern[i] for i in range(5) if slots[i] < 0]

    def _plays(self) -> list[Action]:
        """The plain bulbs or Plug that can be played now (reading must-play)."""
        hand = self.hand
        if self.need_plug:
            return [_PLAY[PLUG]] if hand[PLUG] else []
        return [_PLAY[c] for c in self.open_colours() if hand[c]]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != 0 or self._over:
            return []
        if self.step != PLAY:
            return [_PICK[p] for p in self.offers]
        hand = self.hand
        plays = self._plays()
        acts = plays.copy()
        if hand[BUBBLE]:
            if self.need_plug:
                acts.append(_BUBBLE_PLUG)
            else:
                acts.extend(_BUBBLE_AS[c] for c in self.open_colours())
            if self.flipped:
                acts.append(_BUBBLE_TIME)
        if not plays:
            acts.extend(_DISCARD[k] for k in _HAND_KINDS if hand[k])
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is Pick:
            self._pick(action.pattern)
            return
        self.turns += 1
        hand = self.hand
        if type(action) is Discard:
            k = action.kind
            hand[k] -= 1
            self.discard.append(k)
            self.log.append(("discard", k))
        elif type(action) is Play:
            k = action.kind
            hand[k] -= 1
            self.log.append(("play", k))
            if k == PLUG:
                self._connect(PLUG)
                return
            self._place(k, k)
        elif type(action) is BubbleAs:
            c = action.colour
            hand[BUBBLE] -= 1
            self.log.append(("bubble", c))
            self._place(c, BUBBLE)
        elif type(action) is BubblePlug:
            hand[BUBBLE] -= 1
            self.log.append(("bubble-plug",))
            self._connect(BUBBLE)
            return
        else:  # BubbleTime: every action is one of these kinds (State.check_action)
            hand[BUBBLE] -= 1
            self.discard.append(BUBBLE)
            back = self.flipped.pop()
            self.stack.append(back)
            self.known_top += 1
            self.log.append(("time", back))
        if self.result == ONGOING:
            self._refill()

    def _pick(self, pattern: int) -> None:
        if self.step == PICK:
            other = self.offers[0] if self.offers[1] == pattern else self.offers[1]
            self.pattern_discard.append(other)
            self.offers = []
        else:
            self.offers.remove(pattern)
        self._begin(pattern)

    def _begin(self, pattern: int) -> None:
        self.current = pattern
        self.slots = [-1] * 5
        self.step = PLAY
        self.log.append(("start", pattern))

    def _place(self, colour: int, card: int) -> None:
        """Put ``card`` (a bulb of ``colour`` or a Bubble Bulb) in ``colour``'s place."""
        pattern = PATTERNS[self.current]
        self.slots[pattern.index(colour)] = card
        if min(self.slots) >= 0:
            self._complete()

    def _complete(self) -> None:
        # Reading completed-string-discarded.
        self.discard.extend(self.slots)
        self.done.append(self.current)
        self.log.append(("complete", self.current))
        self.current = -1
        self.slots = [-1] * 5
        if len(self.done) >= self.target:
            self.result = WON
            self.log.append(("win", len(self.done)))
            return
        self._draw_pattern()
        self.need_plug = True

    def _connect(self, card: int) -> None:
        """A Plug (or a Bubble Bulb in its place) joins the next string."""
        self.table.append(card)
        self.need_plug = False
        self._refill()
        if self.result != ONGOING:
            return
        # Reading pattern-deck-empty: there is always at least one option here.
        if len(self.offers) == 1:
            self._begin(self.offers.pop())  # reading one-option-starts-at-once
        else:
            self.step = CHOOSE

    def _draw_pattern(self) -> None:
        if self.pattern_deck:
            p = self.pattern_deck.pop()
            self.offers.append(p)
            self.log.append(("pattern", p))
        else:
            self.log.append(("no-pattern",))

    def _refill(self) -> None:
        """Draw back up to five, resolving special cards as they are drawn."""
        hand = self.hand
        size = sum(hand)
        deck = self.deck
        while size < HAND:
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard = []
                self.rng.shuffle(deck)
                self.log.append(("reshuffle", len(deck)))
            card = deck.pop()
            self.log.append(("draw", card))
            if card == BROKEN:
                self.discard.append(BROKEN)
                who = self.stack.pop()
                if self.known_top:
                    self.known_top -= 1
                self.flipped.append(who)
                self.log.append(("flip", who))
                if who == SANTA:
                    self.result = LOST_SANTA
                    self.log.append(("santa",))
                    return
            elif card == PRESENT:
                self.discard.append(PRESENT)
                self._draw_pattern()
            elif card == SURGE:
                self.returned.append(SURGE)
                for k in _HAND_KINDS:
                    self.discard.extend([k] * hand[k])
                    hand[k] = 0
                size = 0
                self.log.append(("surge",))
            else:
                hand[card] += 1
                size += 1
        if size == 0:
            self.result = LOST_STUCK
            self.log.append(("stuck",))

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if self.step != PLAY:
            offers = ", ".join(PATTERN_NAME[p] for p in self.offers)
            if isinstance(action, Pick):
                return IllegalAction(
                    f"{PATTERN_NAME[action.pattern]} is not one of the Pattern cards you"
                    f" can pick ({offers})",
                    "Solo Lights, Setup 6" if self.step == PICK else RULE,
                )
            which = "starting" if self.step == PICK else "next"
            return IllegalAction(
                f"first pick the Pattern card for your {which} string: pick one of {offers}",
                "Solo Lights, Setup 6" if self.step == PICK else RULE,
            )
        if isinstance(action, Pick):
            return IllegalAction("a Pattern card is picked only when you start a string", RULE)
        hand = self.hand
        if isinstance(action, BubbleAs | BubblePlug | BubbleTime) and not hand[BUBBLE]:
            return IllegalAction("you hold no Bubble Bulb", SPECIAL)
        if isinstance(action, BubbleTime):
            return IllegalAction(
                "no Character card has been flipped: there is no time to buy back", SPECIAL
            )
        if isinstance(action, Play | Discard) and not hand[action.kind]:
            return IllegalAction(
                f"you hold no {_WORDS.get(action.kind, CARD_NAME[action.kind] + ' bulb')}", RULE
            )
        if isinstance(action, Discard):
            return IllegalAction(
                "you can play a card into your string, so you must play it: discard a card"
                " only when you cannot play any",
                RULE + ", Step 2",
            )
        if isinstance(action, BubblePlug) or (isinstance(action, Play) and action.kind == PLUG):
            return IllegalAction(
                "a Plug is played only after completing a string, to connect the next one",
                RULE,
            )
        if self.need_plug:
            return IllegalAction(
                "you completed a string: you must play a Plug (or a Bubble Bulb in its place)"
                " before you can begin a new string",
                RULE,
            )
        match action:
            case BubbleAs(colour=colour) | Play(kind=colour):
                pass
            case _:  # a Discard or a kind without a colour has its reason above
                raise AssertionError(action)
        pattern = PATTERNS[self.current]
        name = CARD_NAME[colour]
        if colour not in pattern:
            return IllegalAction(
                f"{name} is not on your current pattern ({PATTERN_NAME[self.current]}:"
                f" {', '.join(CARD_NAME[c] for c in pattern)})",
                RULE,
            )
        if self.slots[pattern.index(colour)] >= 0:
            return IllegalAction(f"the {name} place of your string is already filled", RULE)
        nxt = CARD_NAME[self.open_colours()[0]]
        return IllegalAction(
            f"bulbs go into the string in sequence: the next one is {nxt}",
            "Solo Lights, Ways to Increase Difficulty (in sequence)",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        result = self.result
        made = float(len(self.done))
        if result == WON:
            return Outcome(
                "finished",
                winners=(0,),
                scores=(made,),
                ranks=(1,),
                reason=f"{len(self.done)} strings complete before Santa arrived",
            )
        if result == LOST_SANTA:
            return Outcome(
                "finished",
                winners=(),
                scores=(made,),
                reason=f"Santa arrived with {len(self.done)} of {self.target} strings complete",
            )
        if result == LOST_STUCK:
            return Outcome(
                "finished",
                winners=(),
                scores=(made,),
                reason="no card left to play or draw",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def deck_contents(self) -> dict[str, int]:
        counts = [0] * N_CARDS
        for k in self.deck:
            counts[k] += 1
        return {CARD_NAME[k]: counts[k] for k in range(N_CARDS) if counts[k]}

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat == 0
        open_ = self.open_colours()
        top = self.stack[len(self.stack) - self.known_top :] if self.known_top else []
        return {
            "game": self.game_id,
            "seat": seat,
            "players": 1,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "hand": _names(self.hand) if mine else None,
            "hand_size": sum(self.hand),
            "current": pattern_dict(self.current) if self.current >= 0 else None,
            "string": [CARD_NAME[c] if c >= 0 else None for c in self.slots],
            "open": [CARD_NAME[c] for c in open_],
            "need_plug": self.need_plug,
            "options": [pattern_dict(p) for p in self.offers],
            "completed": [PATTERN_NAME[p] for p in self.done],
            "strings_to_win": self.target,
            "in_sequence": self.in_sequence,
            "deck": len(self.deck),
            "deck_contents": self.deck_contents() if mine else None,
            "discard": [CARD_NAME[k] for k in self.discard],
            "connectors": [CARD_NAME[k] for k in self.table],
            "patterns_left": len(self.pattern_deck),
            "characters": {
                "face_down": len(self.stack),
                "known_on_top": [CHARACTERS[c] for c in top],
                "flipped": [CHARACTERS[c] for c in self.flipped],
                "santa_at_bottom": True,
                "in_the_box": [CHARACTERS[c] for c in self.unused],
            },
            "power_surge": "in the deck"
            if self.with_surge and not self.returned
            else ("gone off" if self.returned else "not used"),
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "setup":
            box = [CHARACTERS[c] for c in entry[2:]]
            return {"type": "setup", "characters": entry[1], "in_the_box": box}
        if kind == "reveal":
            return {"type": "reveal", "patterns": [PATTERN_NAME[entry[1]], PATTERN_NAME[entry[2]]]}
        if kind == "start":
            return {"type": "start string", "pattern": PATTERN_NAME[entry[1]]}
        if kind == "play":
            return {"type": "play", "card": CARD_NAME[entry[1]]}
        if kind == "bubble":
            return {"type": "play", "card": "bubble", "as": CARD_NAME[entry[1]]}
        if kind == "bubble-plug":
            return {"type": "play", "card": "bubble", "as": "plug"}
        if kind == "time":
            return {"type": "bubble time", "character": CHARACTERS[entry[1]]}
        if kind == "discard":
            return {"type": "discard", "card": CARD_NAME[entry[1]]}
        if kind == "complete":
            return {"type": "string complete", "pattern": PATTERN_NAME[entry[1]]}
        if kind == "pattern":
            return {"type": "new pattern", "pattern": PATTERN_NAME[entry[1]]}
        if kind == "no-pattern":
            return {"type": "new pattern", "pattern": None}
        if kind == "draw":
            card = entry[1]
            shown = seat == 0 or card in (BROKEN, PRESENT, SURGE)
            return {"type": "draw", "card": CARD_NAME[card]} if shown else {"type": "draw"}
        if kind == "flip":
            return {"type": "flip", "character": CHARACTERS[entry[1]]}
        if kind == "surge":
            return {"type": "power surge"}
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind == "win":
            return {"type": "win", "strings": entry[1]}
        if kind == "santa":
            return {"type": "santa arrives"}
        return {"type": "stuck"}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hand = self.hand.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.returned = self.returned.copy()
        other.table = self.table.copy()
        other.slots = self.slots.copy()
        other.current = self.current
        other.need_plug = self.need_plug
        other.offers = self.offers.copy()
        other.pattern_deck = self.pattern_deck.copy()
        other.pattern_discard = self.pattern_discard.copy()
        other.done = self.done.copy()
        other.stack = self.stack.copy()
        other.flipped = self.flipped.copy()
        other.known_top = self.known_top
        other.unused = self.unused.copy()
        other.step = self.step
        other.result = self.result
        other.turns = self.turns
        other.in_sequence = self.in_sequence
        other.target = self.target
        other.turn_limit = self.turn_limit
        other.with_surge = self.with_surge
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal what the player cannot see, from what they know only: the Bulb deck,
        the Pattern deck and the unknown face-down characters (Santa stays at the
        bottom; characters turned back face down stay on top, known) are each sorted
        (their contents are known, never their order), then shuffled."""
        deck = self.deck
        deck.sort()
        rng.shuffle(deck)
        patterns = self.pattern_deck
        patterns.sort()
        rng.shuffle(patterns)
        end = len(self.stack) - self.known_top
        if end > 2:
            middle = sorted(self.stack[1:end])
            rng.shuffle(middle)
            self.stack[1:end] = middle

    def inventory(self) -> list[str]:
        cards = _names(self.hand)
        for pile in (self.deck, self.discard, self.returned, self.table):
            cards.extend(CARD_NAME[k] for k in pile)
        cards.extend(CARD_NAME[k] for k in self.slots if k >= 0)
        patterns = [*self.offers, *self.pattern_deck, *self.pattern_discard, *self.done]
        if self.current >= 0:
            patterns.append(self.current)
        cards.extend(PATTERN_NAME[p] for p in patterns)
        cards.extend(CHARACTERS[c] for c in (*self.stack, *self.flipped, *self.unused))
        return cards

    def box(self) -> list[str]:
        cards = [CARD_NAME[k] for k in range(SURGE) for _ in range(COUNTS[k])]
        if self.with_surge:
            cards.append(CARD_NAME[SURGE])
        cards.extend(PATTERN_NAME)
        cards.extend(CHARACTERS)
        return cards

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Solo Lights action; the forms are: {_FORMS}"
                f" (colours: {', '.join(CARD_NAME[c] for c in COLOUR_IDS)};"
                f" patterns: p01 to p{N_PATTERNS:02d})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_ACTIONS)


_SEAT0 = frozenset((0,))
_NOBODY: frozenset[int] = frozenset()


#: Card kinds in words where "<colour> bulb" does not fit ("you hold no Plug").
_WORDS = {BUBBLE: "Bubble Bulb", PLUG: "Plug"}


def _names(hand: list[int]) -> list[str]:
    return [CARD_NAME[k] for k in range(N_CARDS) for _ in range(hand[k])]
