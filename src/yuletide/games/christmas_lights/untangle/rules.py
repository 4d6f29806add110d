"""Untangle — race to find your secret patterns in a shared knot of bulbs (2 to 6 players).

A Christmas Lights bonus game (the Christmas Lights rulebook, "Untangle"). Rules implemented,
every sentence:

* Components: the 18 Pattern cards; 7 each of the six colours, 6 Bubble Bulbs (wild:
  they match any colour) and 5 Broken Bulbs — 53 Bulb cards. No Plugs.
* Setup: 1. the Pattern cards are shuffled and three dealt face down to each player; the
  rest go back to the box (unseen by anyone). 2. the plain and Bubble Bulbs, *without*
  the Broken Bulbs, are shuffled into the Bulb deck. 3. the knot: 10 cards revealed from
  it in a row, face up. 4. the Broken Bulbs are shuffled into the deck and each player is
  dealt three Bulb cards face down. 5. seat 0 (the youngest) starts; play goes clockwise.
* A turn has five steps:
  1. Draw a card (done for you as the turn starts).
  2. Untangle: swap two adjacent bulbs in the knot (``swap 3 4``). The next player cannot
     swap those two cards back (``locked`` in the view).
  3. One action (split in two decisions: the card, then where it goes):
     ``play red`` then ``on 5`` — play it on top of knot card 5, which is discarded;
     ``play broken`` then ``on 5`` — a Broken Bulb removes knot card 5: both are
     discarded and the knot closes the gap;
     ``play red`` then ``left end`` / ``right end`` — add it at an end of the knot;
     ``discard`` then ``cards 1 3`` — discard one or more cards (the places in your hand
     as the view lists it, by kind; of equal cards, name the first ones), then draw until
     you hold three.
  4. Check: every five neighbouring knot cards that show one of your Pattern cards, read
     in either direction, Bubble Bulbs wild, complete it: the Pattern card is revealed and
     the five cards discarded; the gap closes and the check runs again on what remains,
     so several patterns can be completed in one turn.
  5. Refill: cards are revealed from the deck until the knot holds 10 again; a Broken Bulb
     revealed this way is discarded and replaced. An empty deck is refilled by shuffling
     the discard pile.
* The first player to complete all three of their Pattern cards wins, at once.

Rulings used (docs/rulings.md#christmas-lights--bonus-games, the four Untangle entries):

* ``either-direction``: a pattern may match the knot reversed.
* ``close-the-gap``: after a match is removed the gap closes and new cards are added at
  the right end until the knot is 10 again.
* ``broken-only-removes``: a Broken Bulb in hand cannot be played "on top to replace";
  it has only its own remove action.
* ``bubble-wild-in-knot``: Bubble Bulbs in the knot are wild when checking matches.

Readings of ours where the rulebook is silent (each tested by name):

* ``refill-to-ten``: step 5 refills the knot *up to* 10 cards; it also replaces a card a
  Broken Bulb removed, and a knot made longer than 10 by playing to an end stays long.
* ``lock-follows-the-cards``: "cannot swap them back" is about the two cards: the lock
  follows them as the knot shifts and ends when either leaves the knot; it binds only the
  next player's untangle step.
* ``broken-never-in-knot``: a Broken Bulb never enters the knot: it cannot be played to an
  end either (only removes or is discarded).
* ``matches-are-taken``: a match is never declined (it only helps you win); with one way
  to complete it happens by itself, with several you choose which pattern
  (``complete P05``) and, if it matches in several places, which cards (``on 3``: the
  five cards starting on knot card 3).
* ``check-only-in-step-4``: only the player whose turn it is checks, and only in step 4;
  a match made by the refill waits for whoever finds it in their own step 4.
* ``discard-pile-public``: discarded cards are face up, so the discard pile is public;
  the draw that follows a discard reshuffles it if the deck runs out, possibly giving
  back the cards just discarded.
* ``nothing-left``: with the deck and discard pile both empty a draw is skipped; the
  refill also stops when only Broken Bulbs are left to reveal (it would loop forever). A
  player with no card in hand skips step 3. (Both need nearly every card in the knot.)

Knowledge: hands and unfinished Pattern cards are hidden from the other seats; the knot,
the discard pile and completed patterns are public. The view lists a seat's own hand and
patterns, the discard pile (counted by kind: its order never matters) and every completed
pattern. ``cards 1 3`` names places in a hidden hand, so the others are shown it
(``action_seen_by``) as the number of cards discarded only; the ``discard`` events then
show the cards, face up.

``determinize(seat, rng)`` re-deals what the seat cannot see, canonically (its result
depends only on what the seat knows and on ``rng``): the other hands and the deck are
pooled, sorted and dealt again (hand sizes kept) with ``rng``; the Pattern cards that are
neither the seat's own nor completed are sorted and dealt again to the other players
(each keeps how many it has left), the rest going back to the box. The player on turn
keeps what the table knows of its patterns now: choosing which pattern to complete, it is
dealt at least two that show in the knot; choosing which cards of a pattern that was the
only one of its patterns showing, none of its others shows; of one it chose among
several, at least one other does (the two ``which-cards`` steps are told apart in the
state for this). Every other seat's private events are withheld from its log, and later
reshuffles are shuffled by ``rng``. It does not use the inference that a player who did
not complete a pattern showing in the knot at an earlier check does not hold it, nor what
the seat knows of the deck after a reshuffle (the public discard pile): those cards are
pooled with the hands like the rest.

Phases (``current_phase``): one per step of a turn — ``untangle``, ``action``, ``place``,
``discard``, ``complete`` (choosing which of several matching patterns to complete) and
``which-cards`` (choosing the five cards of a pattern matching in several places) — and
``game-over``. The last two steps are rare in random play (two patterns of one player
showing at once, or one showing twice).

Decisions are split so each is small: the swap, then the card, then where it goes (or
``discard`` then which cards); a step with one way to go on (a single match) is not a
decision.

Options: ``turn_limit`` (default 1500 turns; docs/rulings.md#every-game-safety-limits: the
game then ends *unfinished*).

Version history: 1 — first release (within it, later: ``cards 1 3`` is shown to the
others as the number of cards discarded; the canonical determinize; older saves still load).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
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
from yuletide.games.christmas_lights.content import BULB_KINDS, COLOURS, CONTENT

BUBBLE, BROKEN = 6, 7
#: Untangle's Bulb kinds: the six colours, Bubble and Broken (no Plugs), indexed as in
#: the family's BULB_KINDS.
N_KINDS = 8
KIND_NAME = BULB_KINDS[:N_KINDS]
COUNTS = tuple(CONTENT.bulb_deck[name] for name in KIND_NAME)
PATTERN_IDS = tuple(p.id for p in CONTENT.patterns)
N_PATTERNS = len(PATTERN_IDS)
LIGHTS = tuple(tuple(COLOURS.index(c) for c in p.lights) for p in CONTENT.patterns)
KNOT = 10
HAND = 3
#: A hand holds three cards between turns, four after the draw of step 1.
MAX_HAND = HAND + 1
PATTERNS_EACH = 3
RUN = 5
#: No knot can ever hold more cards than the box has plain and Bubble Bulbs (a Broken
#: Bulb never stays in it).
MAX_KNOT = sum(COUNTS) - COUNTS[BROKEN]
BOXED = -1  # owner of a Pattern card returned to the box

#: The steps of a turn. WINDOW and CHOSEN are both "which cards" (a pattern that matches
#: in several places): WINDOW when it was the only one of the player's patterns showing
#: in the knot, CHOSEN when the player chose it among several (so at least one other
#: still shows). The table can tell the two apart, and determinize keeps the difference.
SWAP, CHOOSE, PLACE, DISCARDING, COMPLETE, WINDOW, CHOSEN = range(7)
#: The step as the view names it; it is also the phase (``current_phase``).
STEP_NAME = ("untangle", "action", "place", "discard", "complete", "which-cards", "which-cards")
LEFT, RIGHT = 0, 1
RULE = "Untangle, How to Play"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Step 2: swap knot cards ``index`` and ``index + 1`` (0-based; notation 1-based)."""

    index: int

    def __str__(self) -> str:
        return f"swap {self.index + 1} {self.index + 2}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Step 3: play a card from your hand; where it goes is the next decision."""

    kind: int

    def __str__(self) -> str:
        return f"play {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class On(Action):
    """Step 3: put the card played on top of knot card ``index`` (0-based). Step 4, when a
    pattern matches in several places: the five cards starting on that knot card."""

    index: int

    def __str__(self) -> str:
        return f"on {self.index + 1}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """Step 3: put the card played at the left or right end of the knot."""

    side: int

    def __str__(self) -> str:
        return "left end" if self.side == LEFT else "right end"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Step 3: the discard action; which cards is the next decision."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Cards(Action):
    """Step 3: discard the cards at these places of your hand (bit i = place i + 1, the
    hand listed by kind as in the view), then draw until you hold three cards."""

    mask: int

    def __str__(self) -> str:
        places = " ".join(str(i + 1) for i in range(MAX_HAND) if self.mask >> i & 1)
        return f"cards {places}"


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Step 4: complete this one of your patterns first (when several match)."""

    pattern: int

    def __str__(self) -> str:
        return f"complete {PATTERN_IDS[self.pattern]}"


_SWAP = tuple(Swap(i) for i in range(MAX_KNOT - 1))
_PLAY = tuple(Play(k) for k in range(N_KINDS))
_ON = tuple(On(i) for i in range(MAX_KNOT))
_END = (End(LEFT), End(RIGHT))
_DISCARD = Discard()
_CARDS = tuple(Cards(m) for m in range(1 << MAX_HAND))  # _CARDS[0] is never legal
_COMPLETE = tuple(Complete(p) for p in range(N_PATTERNS))
_ALL: tuple[Action, ...] = (
    *_SWAP,
    *_PLAY,
    *_ON,
    *_END,
    _DISCARD,
    *_CARDS[1:],
    *_COMPLETE,
)
_NOTATION: dict[str, Action] = {str(a): a for a in _ALL}
_NOTATION.update({str(a).lower(): a for a in _ALL})
_FORMS = (
    "swap <n> <n+1> | play <card> | on <n> | left end | right end | discard"
    " | cards <places in hand> | complete <pattern id>"
)


def _fits(window: tuple[int, ...], pattern: int) -> bool:
    """Whether five knot cards read as ``pattern`` in either direction, Bubbles wild."""
    for lights in (LIGHTS[pattern], LIGHTS[pattern][::-1]):
        for c, want in zip(window, lights, strict=True):
            if c not in (want, BUBBLE):
                break
        else:
            return True
    return False


#: Five plain cards (no Bubble) -> the patterns they show, in either direction.
_SHOWS: dict[tuple[int, ...], tuple[int, ...]] = {}
for _p, _lights in enumerate(LIGHTS):
    for _key in {_lights, _lights[::-1]}:
        _SHOWS[_key] = (*_SHOWS.get(_key, ()), _p)


def found(knot: list[int], patterns: list[int]) -> list[tuple[int, list[int]]]:
    """Which of ``patterns`` show in ``knot``, each with the starts of its matches."""
    hits: dict[int, list[int]] = {p: [] for p in patterns}
    for s in range(len(knot) - RUN + 1):
        window = tuple(knot[s : s + RUN])
        if BUBBLE in window:
            for p in patterns:
                if _fits(window, p):
                    hits[p].append(s)
        else:
            for p in _SHOWS.get(window, ()):
                if p in hits:
                    hits[p].append(s)
    return [(p, starts) for p, starts in hits.items() if starts]


def matches(knot: list[int], pattern: int) -> list[int]:
    """Where ``pattern`` shows in ``knot``: the start of every five neighbouring cards
    that read as its lights in either direction, Bubble Bulbs wild (0-based)."""
    fwd = LIGHTS[pattern]
    starts = []
    for s in range(len(knot) - RUN + 1):
        for lights in (fwd, fwd[::-1]):
            for i in range(RUN):
                c = knot[s + i]
                if c != lights[i] and c != BUBBLE:
                    break
            else:
                starts.append(s)
                break
    return starts


def hand_cards(hand: list[int], seat: int) -> list[int]:
    """A seat's hand as a list of kinds, in kind order (the places ``discard`` names)."""
    base = seat * N_KINDS
    return [k for k in range(N_KINDS) for _ in range(hand[base + k])]


def discard_masks(cards: list[int]) -> list[int]:
    """One mask per different set of cards that can be discarded from ``cards`` (sorted):
    of equal cards, the first ones are the ones named."""
    key = tuple(cards)
    masks = _MASKS.get(key)
    if masks is None:
        masks = []
        for mask in range(1, 1 << len(cards)):
            for i in range(1, len(cards)):
                if mask >> i & 1 and not mask >> (i - 1) & 1 and cards[i] == cards[i - 1]:
                    break
            else:
                masks.append(mask)
        _MASKS[key] = masks
    return masks


_MASKS: dict[tuple[int, ...], list[int]] = {}


class Untangle(State):
    game_id: ClassVar[str] = "untangle"
    title: ClassVar[str] = "Untangle"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            1500,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=5_000,
        ),
    )
    #: One per step of a turn (``untangle``, ``action``, ``place``, ``discard``,
    #: ``complete``: choosing which of several matching patterns to complete,
    #: ``which-cards``: choosing where a pattern matching in several places is taken),
    #: then ``game-over``.
    phases: ClassVar[tuple[str, ...]] = (*dict.fromkeys(STEP_NAME), "game-over")
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "deck",
        "discard",
        "knot",
        "owner",
        "done",
        "turn",
        "step",
        "locked",
        "placing",
        "pending",
        "turns",
        "winner",
    )
    __slots__ = (*fields, "turn_limit")

    hands: list[int]  # count per (seat, kind): hands[seat * 8 + kind]
    deck: list[int]  # kinds, top of deck last
    discard: list[int]  # kinds, top last (public)
    knot: list[int]  # kinds, left to right
    owner: list[int]  # per Pattern card: the seat dealt it, or BOXED
    done: list[int]  # per Pattern card: 0, or its place in the order of completions (1..)
    turn: int
    step: int
    locked: int  # knot index i: cards i, i+1 may not be swapped by the next player; -1
    placing: int  # the kind played in step 3, waiting for its place; -1
    pending: int  # the pattern being completed, waiting for which cards; -1
    turns: int
    winner: int
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        n = self.players
        rng = self.rng
        # Setup 1: three Pattern cards each, the rest back to the box.
        patterns = list(range(N_PATTERNS))
        rng.shuffle(patterns)
        self.owner = [BOXED] * N_PATTERNS
        for i, p in enumerate(patterns[: n * PATTERNS_EACH]):
            self.owner[p] = i // PATTERNS_EACH
        self.done = [0] * N_PATTERNS
        # Setup 2-3: the knot comes from a deck without the Broken Bulbs.
        deck = [k for k in range(BROKEN) for _ in range(COUNTS[k])]
        rng.shuffle(deck)
        self.knot = []
        for _ in range(KNOT):
            card = deck.pop()
            self.knot.append(card)
            self.log.append(("reveal", card))
        # Setup 4: the Broken Bulbs go in, then three cards each.
        deck.extend([BROKEN] * COUNTS[BROKEN])
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.hands = [0] * (n * N_KINDS)
        for seat in range(n):
            for _ in range(HAND):
                self._draw(seat)
        self.locked = -1
        self.placing = -1
        self.pending = -1
        self.turns = 0
        self.winner = -1
        # Setup 5: the youngest player (seat 0) starts.
        self._begin_turn(0)

    # ------------------------------------------------------------- the rules

    def secret(self, seat: int) -> list[int]:
        """The Pattern cards ``seat`` has not completed yet (hidden from the others)."""
        owner = self.owner
        done = self.done
        return [p for p in range(N_PATTERNS) if owner[p] == seat and not done[p]]

    def completed(self, seat: int) -> list[int]:
        """The Pattern cards ``seat`` has completed, in the order it completed them."""
        mine = [p for p in range(N_PATTERNS) if self.owner[p] == seat and self.done[p]]
        return sorted(mine, key=self.done.__getitem__)

    def hand_size(self, seat: int) -> int:
        b = seat * N_KINDS
        return sum(self.hands[b : b + N_KINDS])

    @property
    def to_act(self) -> frozenset[int]:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return frozenset()
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self.winner >= 0 or self.turns >= self.turn_limit:
            return []
        step = self.step
        if step == SWAP:
            locked = self.locked
            return [_SWAP[i] for i in range(len(self.knot) - 1) if i != locked]
        if step == CHOOSE:
            hands = self.hands
            b = seat * N_KINDS
            acts: list[Action] = [_PLAY[k] for k in range(N_KINDS) if hands[b + k]]
            acts.append(_DISCARD)
            return acts
        if step == DISCARDING:
            return [_CARDS[m] for m in discard_masks(hand_cards(self.hands, seat))]
        if step == PLACE:
            on: list[Action] = list(_ON[: len(self.knot)])
            if self.placing != BROKEN:
                on.extend(_END)
            return on
        if step == COMPLETE:
            return [_COMPLETE[p] for p, _ in found(self.knot, self.secret(seat))]
        return [_ON[s] for s in matches(self.knot, self.pending)]

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is Swap:
            i = action.index
            knot = self.knot
            knot[i], knot[i + 1] = knot[i + 1], knot[i]
            self.locked = i
            self.log.append(("swap", seat, i))
            if self.hand_size(seat):
                self.step = CHOOSE
            else:  # Reading nothing-left: no card in hand, no action.
                self.log.append(("no-action", seat))
                self._check(seat)
        elif type(action) is Play:
            k = action.kind
            self.hands[seat * N_KINDS + k] -= 1
            self.placing = k
            self.step = PLACE
        elif type(action) is On and self.step >= WINDOW:
            i = action.index
            p = self.pending
            self.pending = -1
            self._complete(seat, p, i)
        elif type(action) is On:
            i = action.index
            self._place_on(seat, i)
            self._check(seat)
        elif type(action) is Discard:
            self.step = DISCARDING
        elif type(action) is Cards:
            mask = action.mask
            cards = hand_cards(self.hands, seat)
            b = seat * N_KINDS
            for i, k in enumerate(cards):
                if mask >> i & 1:
                    self.hands[b + k] -= 1
                    self.discard.append(k)
                    self.log.append(("discard", seat, k))
            while self.hand_size(seat) < HAND and self._draw(seat):
                pass
            self._check(seat)
        elif type(action) is End:
            side = action.side
            card = self.placing
            self.placing = -1
            if side == LEFT:
                self.knot.insert(0, card)
                if self.locked >= 0:
                    self.locked += 1
            else:
                self.knot.append(card)
            self.log.append(("end", seat, card, side))
            self._check(seat)
        elif type(action) is Complete:
            p = action.pattern
            self._reveal(p)
            starts = matches(self.knot, p)
            if len(starts) == 1:
                self._complete(seat, p, starts[0])
            else:
                self.pending = p
                self.step = CHOSEN

    def _place_on(self, seat: int, i: int) -> None:
        card = self.placing
        self.placing = -1
        knot = self.knot
        old = knot[i]
        locked = self.locked
        touches = locked >= 0 and locked <= i <= locked + 1
        if card == BROKEN:
            # A Broken Bulb removes the card: both are discarded and the gap closes.
            del knot[i]
            self.discard.extend((old, BROKEN))
            self.log.append(("remove", seat, i, old))
            if touches:
                self.locked = -1
            elif locked > i:
                self.locked = locked - 1
        else:
            knot[i] = card
            self.discard.append(old)
            self.log.append(("replace", seat, i, old, card))
            if touches:
                self.locked = -1

    def _reveal(self, pattern: int) -> None:
        self.done[pattern] = 1 + sum(1 for d in self.done if d)

    def _check(self, seat: int) -> None:
        """Step 4: complete what matches (by itself when there is one way), then step 5."""
        knot = self.knot
        hits = found(knot, self.secret(seat))
        if not hits:
            self._end_turn(seat)
            return
        if len(hits) > 1:
            self.step = COMPLETE
            return
        ((p, starts),) = hits
        self._reveal(p)
        if len(starts) == 1:
            self._complete(seat, p, starts[0])
        else:
            self.pending = p
            self.step = WINDOW

    def _complete(self, seat: int, pattern: int, start: int) -> None:
        knot = self.knot
        cards = knot[start : start + RUN]
        del knot[start : start + RUN]
        self.discard.extend(cards)
        locked = self.locked
        if locked >= 0:
            if locked + 1 >= start and locked < start + RUN:
                self.locked = -1
            elif locked >= start + RUN:
                self.locked = locked - RUN
        self.log.append(("complete", seat, pattern, start))
        if not self.secret(seat):
            self.winner = seat
            self.log.append(("win", seat))
            return
        self._check(seat)

    def _end_turn(self, seat: int) -> None:
        # Step 5: refill the knot to 10 at the right end, discarding Broken Bulbs.
        knot = self.knot
        while len(knot) < KNOT:
            card = self._next_card(for_knot=True)
            if card < 0:
                break
            if card == BROKEN:
                self.discard.append(card)
                self.log.append(("reveal", card))
            else:
                knot.append(card)
                self.log.append(("reveal", card))
        self.turns += 1
        if self.turns >= self.turn_limit:
            return
        self._begin_turn((seat + 1) % self.players)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.step = SWAP
        self._draw(seat)  # step 1

    def _next_card(self, *, for_knot: bool) -> int:
        """The top card of the deck (reshuffling the discard pile into it when it is
        empty), or -1 when there is nothing to take (reading nothing-left)."""
        deck = self.deck
        if not deck:
            pile = self.discard
            if not pile or (for_knot and all(c == BROKEN for c in pile)):
                return -1
            deck.extend(pile)
            pile.clear()
            self.rng.shuffle(deck)
            self.log.append(("reshuffle", len(deck)))
        return deck.pop()

    def _draw(self, seat: int) -> bool:
        card = self._next_card(for_knot=False)
        if card < 0:
            self.log.append(("no-draw", seat))
            return False
        self.hands[seat * N_KINDS + card] += 1
        self.log.append(("draw", seat, card))
        return True

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """``cards 1 3`` names places in a hidden hand (which places tells something
        about the cards kept): the others see how many cards go; the ``discard`` events
        then show them, face up."""
        if isinstance(action, Cards) and viewer != seat:
            count = action.mask.bit_count()
            return f"discard {count} card{'s' if count != 1 else ''}"
        return str(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        step = self.step
        size = len(self.knot)
        if step == SWAP:
            if isinstance(action, Swap):
                i = action.index
                if i == self.locked:
                    return IllegalAction(
                        f"knot cards {i + 1} and {i + 2} were just swapped by the previous"
                        " player: you cannot swap them back",
                        RULE + " 2: the next player cannot swap them back",
                    )
                return IllegalAction(
                    f"the knot has {size} cards: swap two neighbours, from 'swap 1 2' to"
                    f" 'swap {size - 1} {size}'",
                    RULE + " 2: swap two adjacent bulbs",
                )
            return IllegalAction(
                "first untangle: swap two adjacent bulbs in the knot (swap <n> <n+1>)",
                RULE + " 2",
            )
        if step == CHOOSE:
            if isinstance(action, Play) and not self.hands[seat * N_KINDS + action.kind]:
                return IllegalAction(f"you hold no {KIND_NAME[action.kind]} card", RULE + " 3")
            return IllegalAction(
                "take one action: play <card> from your hand (then say where it goes), or"
                " discard (then say which cards)",
                RULE + " 3: take one of the following actions",
            )
        if step == DISCARDING:
            if isinstance(action, Cards):
                cards = hand_cards(self.hands, seat)
                held = len(cards)
                if action.mask >> held:
                    return IllegalAction(
                        f"you hold {held} card{'s' if held != 1 else ''}: name places 1 to"
                        f" {held} of your hand",
                        RULE + " 3: discard one or more cards in your hand",
                    )
                same = ", ".join(str(a) for a in self.legal_actions(seat))
                return IllegalAction(
                    "those places hold the same cards as another choice: of equal cards,"
                    f" name the first ones ({same})",
                    RULE + " 3: discard one or more cards in your hand",
                )
            return IllegalAction(
                "say which cards of your hand to discard: cards <places>, e.g. cards 1 3",
                RULE + " 3: discard one or more cards in your hand",
            )
        if step == PLACE:
            if isinstance(action, End) and self.placing == BROKEN:
                return IllegalAction(
                    "a Broken Bulb only removes a knot card (on <n>): it never goes into the knot",
                    "ruling Untangle: broken-only-removes",
                )
            if isinstance(action, On):
                return IllegalAction(f"the knot has {size} cards: on 1 to on {size}", RULE + " 3")
            ends = "" if self.placing == BROKEN else ", left end or right end"
            return IllegalAction(
                f"say where the {KIND_NAME[self.placing]} you played goes: on <n>{ends}",
                RULE + " 3",
            )
        legal = ", ".join(str(a) for a in self.legal_actions(seat))
        if step == COMPLETE:
            return IllegalAction(
                f"several of your patterns match the knot: choose which to complete first"
                f" ({legal})",
                RULE + " 4: check if any sequence matches one of your Pattern cards",
            )
        return IllegalAction(
            f"{PATTERN_IDS[self.pending]} matches in several places: choose which five cards"
            f" ({legal})",
            RULE + " 4: discard the matching sequence of five cards",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.winner >= 0:
            w = self.winner
            counts = [len(self.completed(s)) for s in range(self.players)]
            return Outcome(
                "finished",
                winners=(w,),
                scores=tuple(1.0 if s == w else 0.0 for s in range(self.players)),
                ranks=competition_ranks(counts),
                reason=f"seat {w} completed all three of their Pattern cards",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and 0 <= seat < self.players
        locked = self.locked
        n = self.players
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "knot": [KIND_NAME[k] for k in self.knot],
            "locked": [locked + 1, locked + 2] if locked >= 0 else None,
            "placing": KIND_NAME[self.placing] if self.placing >= 0 else None,
            "completing": PATTERN_IDS[self.pending] if self.pending >= 0 else None,
            "hand": (
                [KIND_NAME[k] for k in hand_cards(self.hands, seat)]  # type: ignore[arg-type]
                if mine
                else None
            ),
            "hand_sizes": [self.hand_size(s) for s in range(n)],
            "patterns": [_pattern(p) for p in self.secret(seat)] if mine else None,  # type: ignore[arg-type]
            "patterns_left": [len(self.secret(s)) for s in range(n)],
            "completed": [[PATTERN_IDS[p] for p in self.completed(s)] for s in range(n)],
            "deck": len(self.deck),
            "discard": _counts(self.discard),
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "draw":
            event: dict[str, Any] = {"type": "draw", "seat": entry[1]}
            if seat == entry[1]:
                event["card"] = KIND_NAME[entry[2]]
            return event
        if kind == "reveal":
            if entry[1] == BROKEN:
                return {"type": "reveal", "card": "broken", "discarded": True}
            return {"type": "reveal", "card": KIND_NAME[entry[1]]}
        if kind == "swap":
            return {"type": "swap", "seat": entry[1], "cards": [entry[2] + 1, entry[2] + 2]}
        if kind == "replace":
            return {
                "type": "replace",
                "seat": entry[1],
                "at": entry[2] + 1,
                "discarded": KIND_NAME[entry[3]],
                "card": KIND_NAME[entry[4]],
            }
        if kind == "remove":
            return {
                "type": "remove",
                "seat": entry[1],
                "at": entry[2] + 1,
                "discarded": KIND_NAME[entry[3]],
            }
        if kind == "end":
            return {
                "type": "end",
                "seat": entry[1],
                "card": KIND_NAME[entry[2]],
                "side": "left" if entry[3] == LEFT else "right",
            }
        if kind == "discard":
            return {"type": "discard", "seat": entry[1], "card": KIND_NAME[entry[2]]}
        if kind == "complete":
            return {
                "type": "complete",
                "seat": entry[1],
                "pattern": PATTERN_IDS[entry[2]],
                "from": entry[3] + 1,
            }
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind in ("no-draw", "no-action"):
            return {"type": kind, "seat": entry[1]}
        return {"type": "win", "seat": entry[1]}

    # ------------------------------------------------------ copies and worlds

    @property
    def current_phase(self) -> str:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return "game-over"
        return STEP_NAME[self.step]

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = self.hands.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.knot = self.knot.copy()
        other.owner = self.owner.copy()
        other.done = self.done.copy()
        other.turn = self.turn
        other.step = self.step
        other.locked = self.locked
        other.placing = self.placing
        other.pending = self.pending
        other.turns = self.turns
        other.winner = self.winner
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal, canonically, what ``seat`` cannot see: the other hands (sizes kept)
        and the deck from their pooled cards, sorted first; the other players'
        unfinished Pattern cards (counts kept) with those in the box, from sorted order.
        The player on turn keeps what the table knows of its patterns now: choosing
        which to complete, at least two of them show in the knot; choosing which cards
        of a pattern that was the only one showing, none of the others shows; of one it
        chose among several, at least one other shows."""
        n = self.players
        hands = self.hands
        counts = [0] * N_KINDS
        for k in self.deck:
            counts[k] += 1
        sizes = [0] * n
        for s in range(n):
            if s != seat:
                b = s * N_KINDS
                for k in range(N_KINDS):
                    c = hands[b + k]
                    counts[k] += c
                    sizes[s] += c
                    hands[b + k] = 0
        pool = [k for k in range(N_KINDS) for _ in range(counts[k])]  # sorted
        rng.shuffle(pool)
        for s in range(n):
            if s != seat:
                b = s * N_KINDS
                for _ in range(sizes[s]):
                    hands[b + pool.pop()] += 1
        self.deck = pool
        # Patterns: every one not ``seat``'s and not completed is free (sorted).
        owner, done = self.owner, self.done
        need = [0] * n
        free: list[int] = []
        for p in range(N_PATTERNS):
            o = owner[p]
            if o != seat and not done[p]:
                free.append(p)
                if o >= 0:
                    need[o] += 1  # public: the view counts the patterns left
                owner[p] = BOXED
        actor, step = self.turn, self.step
        if actor != seat and step in (COMPLETE, WINDOW, CHOSEN) and need[actor]:
            span = {COMPLETE: (2, 3), WINDOW: (0, 0), CHOSEN: (1, 3)}[step]
            for p in _choose_patterns(free, self.knot, need[actor], span, rng):
                owner[p] = actor
            free = [p for p in free if owner[p] == BOXED]
            need[actor] = 0
        rng.shuffle(free)
        for s in range(n):
            for _ in range(need[s]):
                owner[free.pop()] = s

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.deck + self.discard + self.knot]
        if self.placing >= 0:
            cards.append(KIND_NAME[self.placing])
        for s in range(self.players):
            cards.extend(KIND_NAME[k] for k in hand_cards(self.hands, s))
        cards.extend(PATTERN_IDS)  # every Pattern card is always somewhere: owner/done
        return cards

    def box(self) -> list[str]:
        bulbs = [KIND_NAME[k] for k in range(N_KINDS) for _ in range(COUNTS[k])]
        return bulbs + list(PATTERN_IDS)

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
                f"{text!r} is not an Untangle action; the forms are: {_FORMS} (cards:"
                f" {', '.join(KIND_NAME)}; knot cards are numbered from 1 at the left, the"
                f" places in your hand 1 to {MAX_HAND} in the order the view lists it)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_ALL)


def _choose_patterns(
    free: list[int], knot: list[int], k: int, showing_span: tuple[int, int], rng: Rng
) -> list[int]:
    """``k`` of the ``free`` patterns (sorted), uniformly among the sets of which
    ``showing_span`` (least, most) show in the knot: a sampler that always succeeds when
    such a set exists (the true one does)."""
    least, most = showing_span
    showing = [p for p, _ in found(knot, free)]
    hidden = [p for p in free if p not in showing]
    weights = [
        (j, comb(len(showing), j) * comb(len(hidden), k - j))
        for j in range(least, min(most, k) + 1)
    ]
    pick = rng.below(sum(w for _, w in weights))
    chosen = least
    for j, w in weights:
        if pick < w:
            chosen = j
            break
        pick -= w
    shown, unseen = showing.copy(), hidden.copy()
    rng.shuffle(shown)
    rng.shuffle(unseen)
    return shown[:chosen] + unseen[: k - chosen]


def _pattern(p: int) -> dict[str, Any]:
    return {"id": PATTERN_IDS[p], "lights": [COLOURS[c] for c in LIGHTS[p]]}


def _counts(cards: list[int]) -> dict[str, int]:
    """How many cards of each kind (a pile whose order does not matter), in kind order."""
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return {KIND_NAME[k]: n for k, n in enumerate(counts) if n}
