"""Looney Lights — a shedding game for 2 to 6 players (Christmas Lights bonus game).

Rules implemented (the Christmas Lights rulebook, "Looney Lights"), every sentence:

* Setup: all 61 Bulb cards shuffled; 7 cards each with 2 players, 5 with 3-4, 4 with
  5-6; one card revealed to start the discard pile. Seat 0 is the youngest player and
  starts; play goes clockwise (seat order).
* On your turn you must match the colour of the top bulb with a plain coloured bulb.
  If you have no matching plain bulb you may play instead:
  - a Bubble Bulb, which may always be played (also when you hold a match), naming a
    colour (``play bubble red``); play continues with that colour;
  - a Plug, on a plain coloured bulb or a Bubble Bulb: it takes that colour;
  - a Broken Bulb, on a plain coloured bulb or a Bubble Bulb, followed at once by any
    other plain bulb or Bubble Bulb from your hand (``play broken`` then ``play green``);
    no Plug or Broken Bulb goes directly on a Broken Bulb.
* If you can't play, you must draw one card at a time until you draw a card you can
  play, and then play that card (``draw`` is not allowed while you can play).
* The first player to discard all their cards wins.

Readings of what the rulebook leaves open (the Looney Lights rulings of docs/rulings.md, and
ours where it is silent — each tested by name):

* ``first-discard`` (a ruling): a Plug or Broken Bulb revealed as the first discard
  stays in the pile and the next card is revealed, until a plain colour or a Bubble
  Bulb shows; a Bubble start lets the first player name a colour (``name red``).
* ``deck-runs-out`` (a ruling): keep the top discard, shuffle the rest into a new
  deck; with nothing left to draw the player passes (``pass``).
* ``broken-needs-follow-up`` (a ruling): a Broken Bulb with no other plain bulb or
  Bubble Bulb in hand cannot be played.
* ``plug-on-plug`` (ours): the top card may be a Plug; a Plug or Broken Bulb may not go
  on it (the rule lists only plain and Bubble Bulbs), but its colour may be matched.
* ``drawn-card`` (ours): while drawing, only the drawn card itself counts as "a card you
  can play"; once drawn, playing it is the only legal action. The draw event tells the
  table whether the card drawn ends the drawing (``playable``).
* ``specials-need-no-match`` (ours): "If you do not have a matching plain colored bulb"
  governs Plugs and Broken Bulbs; a Bubble Bulb "may always be played".
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit``; the game then ends
  *unfinished*. Play cannot stall for good (whoever holds the colour in play or a Bubble
  Bulb can always play), so the limit is only a guard.

Knowledge: hands are hidden from the other seats (each sees their sizes); the discard
pile is public, and the view lists it whole so nobody relies on memory. A card drawn is
shown to the drawer only, but every ``draw`` event says whether the card can be played
(``playable``): at the table everyone sees the player stop drawing and play it, and the
view's ``step`` (``play-drawn`` or ``drawing``) shows it at once, so the event carries it
(a seat learns only through the events it is shown).

``determinize(seat)`` re-deals the cards hidden from the seat, the other hands and the
deck, from their multiset in sorted order, shuffled with the caller's rng, each hand
keeping its size; so the result depends on what the seat knows and the rng only (the
seat's own hand, the public pile and sizes), never on where the cards really were.
Another player to act keeps what the table knows of it: after its Broken Bulb it holds
no card of the colour in play and a follow-up card; in ``play-drawn`` the card it drew
is one it can play, re-drawn from its new hand. Rejection sampling deals that first;
should it keep failing, the hand is built directly (a known card, then cards it may
hold), which always succeeds. It does not use the weaker inferences a careful player
could draw from who could not play earlier. The determinized log shows other seats'
draws without their cards (core freezes it as the seat and the table saw it).

Phases (``current_phase``): ``play`` (a turn's first play, or naming the colour of a
Bubble start: nothing more is known of the player then), ``follow-up`` (after a Broken
Bulb), ``drawing`` (drawn cards could not be played), ``play-drawn`` (the card drawn
must be played) and ``over``.

Options: ``turn_limit`` (default 1000 turns).

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
from yuletide.games.christmas_lights.content import BULB_KINDS, CONTENT

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG = range(9)
N_KINDS = 9
COLOUR_IDS = range(6)
KIND_NAME = BULB_KINDS
KIND_ID = {name: i for i, name in enumerate(BULB_KINDS)}

#: Steps of a turn: play, then (after a Broken Bulb) its follow-up; or drawing, one card
#: at a time, until a drawn card can be played; or naming the colour of a Bubble start.
PLAY, FOLLOW_UP, DRAWING, DRAWN, NAME = range(5)
STEP_NAME = ("play", "follow-up", "drawing", "play-drawn", "name-colour")

RULE = "Looney Lights, How to Play"
#: Rejection-sampling attempts in ``_redeal`` before it builds the actor's hand directly.
_TRIES = 50
DEALT = {2: 7, 3: 5, 4: 5, 5: 4, 6: 4}


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a plain bulb, a Plug or a Broken Bulb from your hand."""

    kind: int

    def __str__(self) -> str:
        return f"play {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class PlayBubble(Action):
    """Play a Bubble Bulb and announce the colour play continues with."""

    colour: int

    def __str__(self) -> str:
        return f"play bubble {KIND_NAME[self.colour]}"


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name the colour when the first discard is a Bubble Bulb."""

    colour: int

    def __str__(self) -> str:
        return f"name {KIND_NAME[self.colour]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


_PLAY = tuple(Play(k) for k in range(N_KINDS))  # _PLAY[BUBBLE] is never legal
_PLAY_BUBBLE = tuple(PlayBubble(c) for c in COLOUR_IDS)
_NAME = tuple(Name(c) for c in COLOUR_IDS)
_DRAW = Draw()
_PASS = Pass()
_NOTATION: dict[str, Action] = {
    str(a): a
    for a in (
        *(p for p in _PLAY if p.kind != BUBBLE),
        *_PLAY_BUBBLE,
        *_NAME,
        _DRAW,
        _PASS,
    )
}
_FORMS = (
    "play <colour> | play bubble <colour> | play plug | play broken | draw | pass | name <colour>"
)


class LooneyLights(State):
    game_id: ClassVar[str] = "looney-lights"
    title: ClassVar[str] = "Looney Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            1000,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=2_500,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "sizes",
        "deck",
        "discard",
        "colour",
        "turn",
        "step",
        "drawn",
        "turns",
        "winner",
    )
    __slots__ = (*fields, "turn_limit")
    #: The steps of a turn where the table knows different things of the player to act
    #: (naming the colour of a Bubble start is a ``play`` phase: nothing more is known
    #: then), and the end of the game.
    phases: ClassVar[tuple[str, ...]] = ("play", "follow-up", "drawing", "play-drawn", "over")

    hands: list[list[int]]  # per seat, a count per kind
    sizes: list[int]  # per seat, cards in hand
    deck: list[int]  # kinds, top of deck last
    discard: list[int]  # kinds, top of pile last
    colour: int  # colour in play, -1 while a Bubble start awaits a name
    turn: int
    step: int
    drawn: int  # the kind just drawn, to be played (step DRAWN), else -1
    turns: int  # turns completed
    winner: int
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        deck = [k for k, name in enumerate(BULB_KINDS) for _ in range(CONTENT.bulb_deck[name])]
        self.rng.shuffle(deck)
        n = self.players
        self.hands = [[0] * N_KINDS for _ in range(n)]
        for _ in range(DEALT[n]):
            for seat in range(n):
                self.hands[seat][deck.pop()] += 1
        self.sizes = [DEALT[n]] * n
        self.discard = []
        self.log.append(("deal", DEALT[n]))
        # Ruling first-discard: reveal until a plain colour or a Bubble Bulb shows.
        while True:
            card = deck.pop()
            self.discard.append(card)
            self.log.append(("reveal", card))
            if card < BROKEN:
                break
        self.deck = deck
        self.turn = 0
        self.turns = 0
        self.winner = -1
        self.drawn = -1
        if card == BUBBLE:
            self.colour = -1
            self.step = NAME
        else:
            self.colour = card
            self.step = PLAY

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return "over"
        return "play" if self.step == NAME else STEP_NAME[self.step]

    @property
    def to_act(self) -> frozenset[int]:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return frozenset()
        return _SEAT_SETS[self.turn]

    def _plays(self, hand: list[int]) -> list[Action]:
        """The plays the rules allow from ``hand`` at the start of a play (not draws)."""
        c = self.colour
        acts: list[Action] = []
        if hand[c]:
            acts.append(_PLAY[c])
        if hand[BUBBLE]:
            acts.extend(_PLAY_BUBBLE)
        if not hand[c] and self.discard[-1] != PLUG:
            if hand[PLUG]:
                acts.append(_PLAY[PLUG])
            if hand[BROKEN] and (
                hand[BUBBLE] or hand[0] or hand[1] or hand[2] or hand[3] or hand[4] or hand[5]
            ):
                acts.append(_PLAY[BROKEN])
        return acts

    def _can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self.winner >= 0 or self.turns >= self.turn_limit:
            return []
        step = self.step
        hand = self.hands[seat]
        if step == PLAY:
            acts = self._plays(hand)
            if acts:
                return acts
            return [_DRAW] if self._can_draw() else [_PASS]
        if step == DRAWING:
            return [_DRAW] if self._can_draw() else [_PASS]
        if step == DRAWN:
            d = self.drawn
            if d == BUBBLE:
                return list(_PLAY_BUBBLE)
            return [_PLAY[d]]
        if step == FOLLOW_UP:
            follow: list[Action] = [_PLAY[k] for k in COLOUR_IDS if hand[k]]
            if hand[BUBBLE]:
                follow.extend(_PLAY_BUBBLE)
            return follow
        return list(_NAME)

    def _apply(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        if type(action) is Draw:
            card = self._draw()
            hand[card] += 1
            self.sizes[seat] += 1
            # Ruling drawn-card: only the drawn card itself can end the drawing. The
            # table sees whether it does (the player stops drawing): the event says so.
            playable = card == BUBBLE or _PLAY[card] in self._plays(hand)
            self.log.append(("draw", seat, card, int(playable)))
            if playable:
                self.step = DRAWN
                self.drawn = card
            else:
                self.step = DRAWING
        elif type(action) is Play:
            kind = action.kind
            hand[kind] -= 1
            self.sizes[seat] -= 1
            self.discard.append(kind)
            self.log.append(("play", seat, kind))
            if kind == BROKEN:
                self.step = FOLLOW_UP
                self.drawn = -1
                return
            if kind != PLUG:
                self.colour = kind
            self._end_turn(seat)
        elif type(action) is PlayBubble:
            hand[BUBBLE] -= 1
            self.sizes[seat] -= 1
            self.discard.append(BUBBLE)
            self.colour = action.colour
            self.log.append(("bubble", seat, action.colour))
            self._end_turn(seat)
        elif type(action) is Pass:
            self.log.append(("pass", seat))
            self._end_turn(seat)
        elif type(action) is Name:
            self.colour = action.colour
            self.step = PLAY
            self.log.append(("name", seat, action.colour))
        else:
            raise AssertionError(action)

    def _draw(self) -> int:
        deck = self.deck
        if not deck:
            # Ruling deck-runs-out: keep the top discard, shuffle the rest.
            top = self.discard.pop()
            deck.extend(self.discard)
            self.discard = [top]
            self.rng.shuffle(deck)
            self.log.append(("reshuffle", len(deck)))
        return deck.pop()

    def _end_turn(self, seat: int) -> None:
        self.step = PLAY
        self.drawn = -1
        if self.sizes[seat] == 0:
            self.winner = seat
            self.log.append(("win", seat))
            return
        self.turns += 1
        self.turn = (seat + 1) % self.players

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        hand = self.hands[seat]
        step = self.step
        if step == NAME:
            return IllegalAction(
                "the first discard is a Bubble Bulb: name the colour play starts with"
                " (name <colour>)",
                "ruling Looney Lights: first-discard",
            )
        if step == DRAWING:
            return IllegalAction(
                "you could not play the card you drew: draw again"
                if self._can_draw()
                else "you could not play the card you drew and nothing is left to draw: pass",
                RULE + ": draw until you draw a card you can play",
            )
        if step == DRAWN:
            return IllegalAction(
                "you drew a card you can play: play it ("
                + (
                    "play bubble <colour>"
                    if self.drawn == BUBBLE
                    else f"play {KIND_NAME[self.drawn]}"
                )
                + ")",
                RULE + ": draw until you draw a card you can play; play that card",
            )
        if step == FOLLOW_UP:
            wanted = (
                BUBBLE
                if isinstance(action, PlayBubble)
                else action.kind
                if isinstance(action, Play)
                else -1
            )
            lacking = 0 <= wanted < BROKEN and not hand[wanted]
            return IllegalAction(
                (f"you hold no {KIND_NAME[wanted]} card; " if lacking else "")
                + "on a Broken Bulb you must at once play another plain bulb or a Bubble Bulb"
                " from your hand; never a Plug or another Broken Bulb",
                "Looney Lights, Broken Bulb",
            )
        colour = KIND_NAME[self.colour]
        if isinstance(action, Name):
            return IllegalAction("there is no colour to name now", RULE)
        if isinstance(action, Draw | Pass):
            if self._plays(hand):
                return IllegalAction(
                    "you can play a card, so you may not draw or pass",
                    RULE + ": draw only if you can't play any cards",
                )
            return IllegalAction(
                "there are cards left to draw, so you must draw"
                if isinstance(action, Pass)
                else "there is nothing left to draw: pass",
                "ruling Looney Lights: deck-runs-out",
            )
        match action:
            case Play(kind=kind):
                pass
            case _:  # PlayBubble
                kind = BUBBLE
        if not hand[kind]:
            return IllegalAction(f"you hold no {KIND_NAME[kind]} card", RULE)
        if kind < BUBBLE:
            return IllegalAction(
                f"a {KIND_NAME[kind]} bulb does not match the colour in play ({colour})",
                RULE + ": match the colour of the top bulb",
            )
        if self.discard[-1] == PLUG:
            return IllegalAction(
                f"a {KIND_NAME[kind]} may be played only on a plain coloured bulb or a Bubble"
                " Bulb, and the top card is a Plug",
                "Looney Lights, Plug / Broken Bulb",
            )
        if hand[self.colour]:
            return IllegalAction(
                f"you hold a matching {colour} bulb, so you may not play a {KIND_NAME[kind]}",
                RULE + ": specials only if you do not have a matching plain bulb",
            )
        return IllegalAction(
            "a Broken Bulb needs another plain bulb or Bubble Bulb in your hand to play on it",
            "ruling Looney Lights: broken-needs-follow-up",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.winner >= 0:
            w = self.winner
            left = [-s for s in self.sizes]
            return Outcome(
                "finished",
                winners=(w,),
                scores=tuple(1.0 if s == w else 0.0 for s in range(self.players)),
                ranks=competition_ranks(left),
                reason=f"seat {w} discarded all of their cards",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and 0 <= seat < self.players
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "colour": KIND_NAME[self.colour] if self.colour >= 0 else None,
            "discard": [KIND_NAME[k] for k in self.discard],
            "deck": len(self.deck),
            "hand_sizes": list(self.sizes),
            "hand": _hand_names(self.hands[seat]) if mine else None,  # type: ignore[index]
            "drawn": (
                KIND_NAME[self.drawn] if mine and seat == self.turn and self.step == DRAWN else None
            ),
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            return {"type": "deal", "cards_each": entry[1]}
        if kind == "reveal":
            return {"type": "reveal", "card": KIND_NAME[entry[1]]}
        if kind == "play":
            return {"type": "play", "seat": entry[1], "card": KIND_NAME[entry[2]]}
        if kind == "bubble":
            return {
                "type": "play",
                "seat": entry[1],
                "card": "bubble",
                "colour": KIND_NAME[entry[2]],
            }
        if kind == "name":
            return {"type": "name", "seat": entry[1], "colour": KIND_NAME[entry[2]]}
        if kind == "draw":
            event: dict[str, Any] = {"type": "draw", "seat": entry[1]}
            if seat == entry[1]:
                event["card"] = KIND_NAME[entry[2]]
            event["playable"] = bool(entry[3])
            return event
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind == "pass":
            return {"type": "pass", "seat": entry[1]}
        return {"type": "win", "seat": entry[1]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = [h.copy() for h in self.hands]
        other.sizes = self.sizes.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.colour = self.colour
        other.turn = self.turn
        other.step = self.step
        other.drawn = self.drawn
        other.turns = self.turns
        other.winner = self.winner
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the deck and the other hands from their cards in sorted order (so the
        result depends on what ``seat`` knows and on ``rng`` only), each hand keeping
        its size. The player to act, if another seat, keeps what the table knows of it:
        after its Broken Bulb it holds no card of the colour in play and a follow-up
        card; in ``play-drawn`` the card it drew (re-drawn too) is one it can play.
        Rejection sampling first; if that keeps failing, a constructive deal that always
        succeeds (the true deal shows such a deal exists)."""
        hands = self.hands
        count = [0] * N_KINDS
        for k in self.deck:
            count[k] += 1
        others = [s for s in range(self.players) if s != seat]
        for s in others:
            hand = hands[s]
            for k in range(N_KINDS):
                count[k] += hand[k]
        pool = [k for k in range(N_KINDS) for _ in range(count[k])]
        actor = self.turn
        step = self.step
        if actor == seat or self.winner >= 0 or step not in (FOLLOW_UP, DRAWN):
            rng.shuffle(pool)
            self._deal_pool(others, pool)
            return
        # The actor is dealt first, from the front of the pool.
        order = [actor, *(s for s in others if s != actor)]
        size = self.sizes[actor]
        for _ in range(_TRIES):
            rng.shuffle(pool)
            hand = [0] * N_KINDS
            for k in pool[:size]:
                hand[k] += 1
            if step == FOLLOW_UP:
                if self._follow_up_known(hand):
                    self._deal_pool(order, pool)
                    return
                continue
            playable = self._playable_drawn(hand)
            if playable:
                self._deal_pool(order, pool)
                self.drawn = playable[rng.below(len(playable))]
                return
        rng.shuffle(pool)
        front = self._constructed(pool, size, rng)
        for k in front:
            pool.remove(k)
        self._deal_pool(order, front + pool)

    def _deal_pool(self, seats: list[int], pool: list[int]) -> None:
        """Deal ``pool`` from its front to ``seats`` in order (each its size); the rest
        is the deck."""
        i = 0
        for s in seats:
            n = self.sizes[s]
            hand = [0] * N_KINDS
            for k in pool[i : i + n]:
                hand[k] += 1
            self.hands[s] = hand
            i += n
        self.deck = pool[i:]

    def _follow_up_known(self, hand: list[int]) -> bool:
        """What the table knows of a hand after its Broken Bulb: no card of the colour
        in play (else the Broken Bulb was not allowed) and a plain or Bubble Bulb."""
        c = self.colour
        return not hand[c] and any(hand[k] for k in range(BROKEN) if k != c)

    def _playable_drawn(self, hand: list[int]) -> list[int]:
        """The cards of ``hand`` that, drawn last, end the drawing (one per copy)."""
        plays = self._plays(hand)
        return [
            k for k in range(N_KINDS) for _ in range(hand[k]) if k == BUBBLE or _PLAY[k] in plays
        ]

    def _constructed(self, pool: list[int], size: int, rng: Rng) -> list[int]:
        """A hand for the player to act that satisfies what the table knows (see
        ``_redeal``), built from the shuffled ``pool``: one of the ways to satisfy it,
        chosen at random among those the pool allows (the known card or cards), then
        the first cards of the pool it may also hold. Always succeeds when the true
        hand's cards are in the pool; sets ``drawn`` in ``play-drawn``."""
        c = self.colour
        every = list(range(N_KINDS))
        no_c = [k for k in every if k != c]
        follow = [k for k in range(BROKEN) if k != c]  # a plain bulb (not c) or a Bubble
        ways: list[tuple[list[int], list[int]]] = []
        if self.step == FOLLOW_UP:
            ways.extend(([f], no_c) for f in follow)
        else:
            ways.extend(([first], every) for first in (c, BUBBLE))
            if self.discard[-1] != PLUG:
                ways.append(([PLUG], no_c))
                ways.extend(([BROKEN, f], no_c) for f in follow)
        rng.shuffle(ways)
        for known, allowed in ways:
            if len(known) > size:
                continue
            rest = pool.copy()
            try:
                for k in known:
                    rest.remove(k)
            except ValueError:
                continue  # the pool holds no such card
            extra = [k for k in rest if k in allowed][: size - len(known)]
            if len(known) + len(extra) == size:
                if self.step == DRAWN:
                    self.drawn = known[0]
                return known + extra
        raise AssertionError("no hand allows what the table knows: the state is corrupt")

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.deck + self.discard]
        for hand in self.hands:
            cards.extend(_hand_names(hand))
        return cards

    def box(self) -> list[str]:
        return [name for name in BULB_KINDS for _ in range(CONTENT.bulb_deck[name])]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        key = " ".join(text.lower().split())
        action = _NOTATION.get(key)
        if action is None:
            colours = ", ".join(KIND_NAME[c] for c in COLOUR_IDS)
            raise NotationError(
                f"{text!r} is not a Looney Lights action; the forms are: {_FORMS}"
                f" (colours: {colours})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_NOTATION.values())


def _hand_names(hand: list[int]) -> list[str]:
    return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(hand[k])]
