"""Blink — a shedding game along a string of blinking lights (2 to 5 players).

A Christmas Lights bonus game (the Christmas Lights rulebook, "Blink"). Rules implemented,
every sentence:

* Components: the 18 Pattern cards; all 61 Bulb cards (7 each of the six colours, 6
  Bubble Bulbs — wild, 5 Broken Bulbs, 8 Plugs); the 6 Character cards, used only by the
  match of several rounds (option ``match``).
* Setup (the dealer does it): 1. the Pattern cards are shuffled face down into the
  Pattern deck. 2. its top card is revealed beside it: the starting string. 3.-4. the
  Bulb cards are shuffled, 10 dealt to each player, the rest form the Bulb deck. 5. its
  top card is revealed to start the discard pile: the first blinking bulb; while the card
  revealed is not a colour on the Pattern card, more are revealed until one is. 6. the
  player to the dealer's left goes first, then clockwise. The dealer of the first round
  is the last seat, so seat 0 (the youngest) starts.
* The goal is to be the first to empty your hand. On your turn you play one card:
  - the next bulb in the string: a plain bulb of the colour directly left or right of
    the blinking colour on the Pattern card, the string wrapping around from end to end;
    never the blinking colour again (``play pink``);
  - a Bubble Bulb, naming any of the five colours of the Pattern card
    (``play bubble green``): the next player plays a colour left or right of it;
  - a Broken Bulb: the blinking light does not move; it is tucked under the bottom of
    the discard pile (``play broken``);
  - a Plug: the next Pattern card goes on top of the current string and becomes the new
    string; Bulb cards are revealed until one shows a colour of the new pattern: the new
    blinking bulb (``play plug``).
* If you cannot play anything you must draw (``draw``): a card you can play you may play
  at once, ending your turn (or keep it: ``keep``); otherwise you draw again, up to three
  cards in all, and then your turn ends.
* When the Bulb deck runs out, the last card played stays on the discard pile and the
  rest is shuffled into a new deck.
* Blink!: a player down to exactly one card must call "Blink!" (``blink``); if another
  player catches them first (``catch seat 2``), they draw a card.
* The game ends at once when a player plays their last card: they win. Option ``match``:
  several rounds; each round's winner takes a Character card and deals the next round;
  the first to hold two Character cards is the champion.

The Pattern card example is reproduced: on P01 (red, pink, green, blue, yellow), after
green you may play pink or blue; after yellow, blue or (wrapping around) red.

Rulings used (docs/rulings.md#christmas-lights--bonus-games, the two Blink entries):

* ``no-draw-when-you-can-play``: you may not draw while you can play a card.
* ``pattern-deck-runs-out``: the used Pattern cards, except the current string, are
  shuffled into a new Pattern deck.

Readings of ours where the rulebook is silent (each tested by name):

* ``specials-always-playable``: a Bubble Bulb, Broken Bulb or Plug may be played on any
  turn (the rulebook puts no condition on them), so drawing happens only when every card
  in hand is a plain bulb of a colour not next to the blinking one.
* ``reveals-stay-in-the-pile``: cards revealed while looking for a blinking bulb (at
  setup and after a Plug) stay in the discard pile under it; the Plug itself is
  discarded first.
* ``no-colour-left``: if neither the Bulb deck nor the discard pile holds a colour of the
  pattern, nothing is revealed and the next player may play any colour of the pattern.
* ``drawn-card-may-be-kept``: "you *may* immediately play it": a playable drawn card can
  also be kept, which ends the turn.
* ``nothing-to-draw``: when the deck is empty and the discard pile holds only the card in
  play, a player who cannot play passes (``pass``); a draw in the middle of drawing that
  finds nothing ends the turn; a caught player with nothing to draw draws nothing.
* ``refresh-keeps-top``: "the last card played" kept when the deck is refreshed is the
  top of the discard pile (a Broken Bulb tucked under the pile is never on top).
* ``blink-window``: the call is an action that may come at any time from when a play
  leaves a player with exactly one card until that player calls, is caught, or their hand
  changes (playing the last card wins; drawing ends the window). Meanwhile every seat may
  act: that player may call, every other player may catch them, and the player whose
  turn it is may also play on; whoever acts first decides (arrival order). A call or a
  catch is no turn. The game is marked ``real_time`` (``yuletide.core.simultaneous``):
  in simulation the bots' reaction times order these races, and at the terminal the bots
  act by the table clock while a person types.
* ``last-card-ends-at-once``: a Plug played as the last card wins at once: no new string.
* ``characters-in-box-order``: which Character card a round's winner takes changes
  nothing: the next one in the box's order.

Knowledge: hands, the deck and the Pattern deck are hidden; the strings, the discard pile,
hand sizes and calls are public (the view lists the whole discard pile). Whether a card
drawn on a turn is playable is public too (the table sees the player stop drawing to
decide, or draw on, or pass the turn): the draw event says so, never which card.

``determinize(seat, rng)`` re-deals what the seat cannot see, canonically (its result
depends only on what the seat knows and on ``rng``): the other hands and the Bulb deck
are pooled, sorted and dealt again (hand sizes kept) with ``rng``; a player deciding on a
drawn card is first given its drawn card, a playable one chosen from the pool; the
Pattern deck (its cards are known: every pattern not placed) is sorted and shuffled.
Every other seat's private events are withheld from its log, and later refreshes are
shuffled by ``rng``. It does not use the inferences that a player who drew held nothing
playable and that the cards drawn before the last were not playable, nor what the seat
knows of the deck after a refresh (the public discard pile): those cards are pooled with
the hands like the rest.

Phases (``current_phase``): ``play`` (a turn), ``drawn-card`` (the player on turn decides
on a playable card they just drew, hidden from the others), ``blink-race`` (a player is
down to one card and has not called: every seat may call or catch, in real time, while
the turn goes on) and ``game-over``.

Options: ``match`` (default false): play rounds until a player holds two Character cards;
``turn_limit`` (default 1500 turns, over all rounds; calls and catches are no turns; a
turn ends on at most one open call, so the actions are bounded too;
docs/rulings.md#every-game-safety-limits: the game then ends *unfinished*).

Version history: 1 — first release (within it, later: the view of a finished game shows
the last bulb played blinking; a turn's draw events say whether the card is playable;
the canonical determinize; older saves still load).
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
from yuletide.games.christmas_lights.content import BULB_KINDS, COLOURS, CONTENT

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG = range(9)
N_KINDS = 9
KIND_NAME = BULB_KINDS
COLOUR_IDS = range(6)
COUNTS = tuple(CONTENT.bulb_deck[name] for name in KIND_NAME)
PATTERN_IDS = tuple(p.id for p in CONTENT.patterns)
N_PATTERNS = len(PATTERN_IDS)
LIGHTS = tuple(tuple(COLOURS.index(c) for c in p.lights) for p in CONTENT.patterns)
CHARACTERS = CONTENT.characters
DEALT = 10
MAX_DRAWS = 3
TO_WIN_MATCH = 2
ANY = -1  # no blinking bulb could be found: any colour of the pattern may be played
MAX_PLAYERS = 5

#: The colours next to each colour of each pattern, wrapping around: NEXT[p][c].
NEXT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sorted({lights[(lights.index(c) - 1) % 5], lights[(lights.index(c) + 1) % 5]}))
        if c in lights
        else ()
        for c in COLOUR_IDS
    )
    for lights in LIGHTS
)

PLAY, DRAWN = range(2)
STEP_NAME = ("play", "drawn-card")
NONE, OPEN, CALLED = range(3)  # the Blink! call of a seat
CALL_NAME = (None, "open", "called")
RULE = "Blink, How to Play"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a plain bulb, a Broken Bulb or a Plug."""

    kind: int

    def __str__(self) -> str:
        return f"play {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class PlayBubble(Action):
    """Play a Bubble Bulb naming a colour of the Pattern card."""

    colour: int

    def __str__(self) -> str:
        return f"play bubble {KIND_NAME[self.colour]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the playable card just drawn; the turn ends."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Shout "Blink!" with one card left."""

    def __str__(self) -> str:
        return "blink"


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Catch ``seat`` holding one card before they called: they draw a card."""

    seat: int

    def __str__(self) -> str:
        return f"catch seat {self.seat}"


_PLAY = tuple(Play(k) for k in range(N_KINDS))  # _PLAY[BUBBLE] is never legal
_PLAY_BUBBLE = tuple(PlayBubble(c) for c in COLOUR_IDS)
_DRAW = Draw()
_KEEP = Keep()
_PASS = Pass()
_CALL = Call()
_CATCH = tuple(Catch(s) for s in range(MAX_PLAYERS))
_NOTATION: dict[str, Action] = {
    str(a): a
    for a in (
        *(p for p in _PLAY if p.kind != BUBBLE),
        *_PLAY_BUBBLE,
        _DRAW,
        _KEEP,
        _PASS,
        _CALL,
        *_CATCH,
    )
}
_FORMS = (
    "play <colour> | play bubble <colour> | play broken | play plug | draw | keep | pass"
    " | blink | catch seat <n>"
)


class Blink(State):
    """Blink's rules (see the module docstring). The Blink!/catch race is played in real
    time (``real_time``, see ``yuletide.core.simultaneous``): while a call is open every
    seat may act and the order of arrival decides."""

    game_id: ClassVar[str] = "blink"
    title: ClassVar[str] = "Blink"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "match",
            False,
            "play rounds until a player has won two Character cards",
        ),
        Option(
            "turn_limit",
            1500,
            "turns (over all rounds) after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=1_500,
        ),
    )
    #: ``play`` (a turn), ``drawn-card`` (the player on turn holds a playable card just
    #: drawn, hidden from the others: play it or keep it), ``blink-race`` (a player is
    #: down to one card without having called: every seat may call or catch, in real
    #: time; the turn may go on meanwhile) and ``game-over``.
    phases: ClassVar[tuple[str, ...]] = ("play", "drawn-card", "blink-race", "game-over")
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "deck",
        "discard",
        "patterns",
        "strings",
        "blink",
        "turn",
        "step",
        "drawn",
        "calls",
        "dealer",
        "rounds",
        "prizes",
        "turns",
        "winner",
    )
    __slots__ = (*fields, "match", "turn_limit")

    hands: list[int]  # count per (seat, kind): hands[seat * 9 + kind]
    deck: list[int]  # kinds, top last
    discard: list[int]  # kinds, bottom first, top (the blinking bulb) last
    patterns: list[int]  # the Pattern deck, top last
    strings: list[int]  # the strings placed this round; the current one last
    blink: int  # the blinking colour, or ANY
    turn: int
    step: int
    drawn: int  # the playable card just drawn (step DRAWN), else -1
    calls: list[int]  # per seat: NONE, OPEN (one card, not called yet) or CALLED
    dealer: int
    rounds: int  # rounds finished
    prizes: list[int]  # per Character card: the seat that won it, or -1
    turns: int
    winner: int
    match: bool
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.match = bool(self.options["match"])
        self.turn_limit = int(self.options["turn_limit"])
        n = self.players
        self.hands = [0] * (n * N_KINDS)
        self.deck = [k for k in range(N_KINDS) for _ in range(COUNTS[k])]
        self.discard = []
        self.patterns = list(range(N_PATTERNS))
        self.strings = []
        self.prizes = [-1] * len(CHARACTERS)
        self.rounds = 0
        self.turns = 0
        self.winner = -1
        self._deal(n - 1)

    def _deal(self, dealer: int) -> None:
        """Setup 1-6 for a round dealt by ``dealer``: every card is gathered first."""
        n = self.players
        rng = self.rng
        hands = self.hands
        bulbs = self.deck + self.discard
        for i, count in enumerate(hands):
            bulbs.extend([i % N_KINDS] * count)
            hands[i] = 0
        bulbs.sort()
        patterns = sorted(self.patterns + self.strings)
        rng.shuffle(patterns)
        self.strings = [patterns.pop()]
        self.patterns = patterns
        rng.shuffle(bulbs)
        for _ in range(DEALT):
            for seat in range(n):
                hands[seat * N_KINDS + bulbs.pop()] += 1
        self.deck = bulbs
        self.discard = []
        self.dealer = dealer
        self.calls = [NONE] * n
        self.drawn = -1
        self.step = PLAY
        self.turn = (dealer + 1) % n
        self.log.append(("deal", dealer, self.strings[0]))
        self._find_blink()

    # ------------------------------------------------------------- helpers

    def hand_size(self, seat: int) -> int:
        b = seat * N_KINDS
        return sum(self.hands[b : b + N_KINDS])

    def nexts(self) -> tuple[int, ...]:
        """The plain colours that may be played now."""
        if self.blink == ANY:
            return tuple(sorted(LIGHTS[self.strings[-1]]))
        return NEXT[self.strings[-1]][self.blink]

    def playable(self, kind: int) -> bool:
        return kind >= BUBBLE or kind in self.nexts()

    def _find_blink(self) -> None:
        """Reveal Bulb cards until one shows a colour of the current pattern."""
        lights = LIGHTS[self.strings[-1]]
        if not any(k in lights for k in self.deck) and not any(k in lights for k in self.discard):
            self.blink = ANY  # reading no-colour-left
            self.log.append(("no-blink",))
            return
        while True:
            card = self._next_card()
            if card < 0:  # cannot happen (a colour is left), but never loop
                self.blink = ANY
                self.log.append(("no-blink",))
                return
            self.discard.append(card)
            self.log.append(("reveal", card))
            if card in lights:
                self.blink = card
                return

    def _next_card(self) -> int:
        """The top card of the Bulb deck; when it is empty, the top of the discard pile
        stays and the rest is shuffled into a new deck. -1 if there is nothing to draw."""
        deck = self.deck
        if not deck:
            pile = self.discard
            if len(pile) <= 1:
                return -1
            top = pile.pop()
            deck.extend(pile)
            pile.clear()
            pile.append(top)
            self.rng.shuffle(deck)
            self.log.append(("refresh", len(deck)))
        return deck.pop()

    def _can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _gain(self, seat: int, card: int) -> None:
        self.hands[seat * N_KINDS + card] += 1
        self.calls[seat] = NONE  # a hand that grows is no longer down to one card

    # ------------------------------------------------------------- the rules

    @property
    def to_act(self) -> frozenset[int]:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return frozenset()
        if OPEN in self.calls:
            return _ALL_SEATS[self.players]
        return _SEAT_SETS[self.turn]

    def _plays(self, seat: int) -> list[Action]:
        hands = self.hands
        b = seat * N_KINDS
        acts: list[Action] = [_PLAY[c] for c in self.nexts() if hands[b + c]]
        if hands[b + BUBBLE]:
            acts.extend(_PLAY_BUBBLE[c] for c in sorted(LIGHTS[self.strings[-1]]))
        if hands[b + BROKEN]:
            acts.append(_PLAY[BROKEN])
        if hands[b + PLUG]:
            acts.append(_PLAY[PLUG])
        return acts

    def _drawn_plays(self) -> list[Action]:
        d = self.drawn
        if d == BUBBLE:
            return [_PLAY_BUBBLE[c] for c in sorted(LIGHTS[self.strings[-1]])]
        return [_PLAY[d]]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return []
        acts: list[Action] = []
        if seat == self.turn:
            if self.step == DRAWN:
                acts = self._drawn_plays()
                acts.append(_KEEP)
            else:
                acts = self._plays(seat)
                if not acts:
                    acts.append(_DRAW if self._can_draw() else _PASS)
        calls = self.calls
        if OPEN in calls:
            if calls[seat] == OPEN:
                acts.append(_CALL)
            acts.extend(_CATCH[t] for t in range(self.players) if t != seat and calls[t] == OPEN)
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is Play:
            self._play(seat, action.kind, -1)
        elif type(action) is Draw:
            self._draw_up(seat)
        elif type(action) is PlayBubble:
            self._play(seat, BUBBLE, action.colour)
        elif type(action) is Catch:
            caught = action.seat
            self.calls[caught] = NONE
            card = self._next_card()
            self.log.append(("catch", seat, caught))
            if card >= 0:
                self._gain(caught, card)
                self.log.append(("draw", caught, card))
        elif type(action) is Keep:
            self.log.append(("keep", seat))
            self._end_turn(seat)
        elif type(action) is Call:
            self.calls[seat] = CALLED
            self.log.append(("blink", seat))
        elif type(action) is Pass:
            self.log.append(("pass", seat))
            self._end_turn(seat)
        else:
            raise AssertionError(action)

    def _draw_up(self, seat: int) -> None:
        for _ in range(MAX_DRAWS):
            card = self._next_card()
            if card < 0:
                self.log.append(("no-draw", seat))
                break
            self._gain(seat, card)
            playable = self.playable(card)
            # The table sees the player stop drawing to decide (or go on, or end the
            # turn): whether the card drawn is playable is public, the card is not.
            self.log.append(("draw", seat, card, playable))
            if playable:
                self.step = DRAWN
                self.drawn = card
                return
        self._end_turn(seat)

    def _play(self, seat: int, kind: int, named: int) -> None:
        self.hands[seat * N_KINDS + kind] -= 1
        self.drawn = -1
        self.log.append(("play", seat, kind, named))
        if kind == BROKEN:
            self.discard.insert(0, kind)  # tucked under the pile; the light stays
        else:
            self.discard.append(kind)
        # The light moves first, even on the winning play: the view of a finished game
        # shows the bulb that was played last blinking (a Plug played last brings no
        # new string, reading last-card-ends-at-once).
        if kind == BUBBLE:
            self.blink = named
        elif kind < BUBBLE:
            self.blink = kind
        left = self.hand_size(seat)
        if left == 0:
            self._out(seat)
            return
        if kind == PLUG:
            if not self.patterns:  # ruling: shuffle the used patterns into a new deck
                self.patterns = self.strings[:-1]
                self.strings = self.strings[-1:]
                self.rng.shuffle(self.patterns)
                self.log.append(("new-pattern-deck", len(self.patterns)))
            self.strings.append(self.patterns.pop())
            self.log.append(("string", self.strings[-1]))
            self._find_blink()
        if left == 1:
            self.calls[seat] = OPEN
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.step = PLAY
        self.drawn = -1
        self.turns += 1
        self.turn = (seat + 1) % self.players

    def _out(self, seat: int) -> None:
        """``seat`` played its last card: it wins the round (and the game, unless a
        match goes on)."""
        self.turns += 1
        self.log.append(("out", seat))
        self.rounds += 1
        self.calls = [NONE] * self.players  # the round is over: no call is open
        if not self.match:
            self.winner = seat
            return
        prize = self.prizes.index(-1)
        self.prizes[prize] = seat
        self.log.append(("character", seat, prize))
        if self.prizes.count(seat) >= TO_WIN_MATCH:
            self.winner = seat
            return
        if self.turns < self.turn_limit:
            self._deal(seat)

    def check_action(self, action: Any) -> Action:
        """As ``State.check_action``; ``catch seat 4`` at a smaller table says that the
        seat is not at the table."""
        match action:
            case Catch(seat=caught) if action in _CATCH and caught >= self.players:
                raise NotationError(
                    f"there is no seat {caught} to catch: seats are 0 to {self.players - 1}",
                    "Blink, Blink!",
                )
        return super().check_action(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        hands = self.hands
        b = seat * N_KINDS
        if isinstance(action, Call):
            size = self.hand_size(seat)
            if self.calls[seat] == CALLED:
                return IllegalAction("you have already called Blink!", "Blink, Blink!")
            return IllegalAction(
                f"you hold {size} card{'s' if size != 1 else ''}: call Blink! when a play"
                " leaves you with exactly one",
                "Blink, Blink!: when you are down to exactly one card, shout Blink!",
            )
        if isinstance(action, Catch):
            t = action.seat
            if t == seat:
                return IllegalAction("you cannot catch yourself", "Blink, Blink!")
            return IllegalAction(
                f"seat {t} is not down to one card without having called Blink!",
                "Blink, Blink!: another player catches you with only one card before you shout",
            )
        if seat != self.turn:
            return IllegalAction(
                f"it is seat {self.turn}'s turn: out of turn you may only call Blink! or"
                " catch a player",
                RULE,
            )
        if self.step == DRAWN:
            if isinstance(action, Draw | Pass):
                return IllegalAction(
                    f"you drew a {KIND_NAME[self.drawn]} you can play: play it or keep it",
                    RULE + ": if you draw a card that you can play, you may immediately play it",
                )
            return IllegalAction(
                f"only the card you drew ({KIND_NAME[self.drawn]}) may be played now, or keep it",
                RULE + ": if you draw a card that you can play, you may immediately play it",
            )
        if isinstance(action, Keep):
            return IllegalAction("you have not drawn a card to keep", RULE)
        plays = self._plays(seat)
        if isinstance(action, Draw | Pass):
            if plays:
                return IllegalAction(
                    "you can play a card, so you may not draw",
                    "ruling Blink: no-draw-when-you-can-play",
                )
            if isinstance(action, Pass):
                return IllegalAction(
                    "there are cards to draw: draw", RULE + ": if you are unable to play"
                )
            return IllegalAction("there is nothing left to draw: pass", "reading nothing-to-draw")
        match action:
            case Play(kind=kind):
                pass
            case _:  # PlayBubble
                kind = BUBBLE
        if not hands[b + kind]:
            return IllegalAction(f"you hold no {KIND_NAME[kind]} card", RULE)
        pattern = PATTERN_IDS[self.strings[-1]]
        if isinstance(action, PlayBubble):
            return IllegalAction(
                f"{KIND_NAME[action.colour]} is not on the Pattern card {pattern}: name one"
                f" of {', '.join(KIND_NAME[c] for c in LIGHTS[self.strings[-1]])}",
                RULE + ": name any of the five colors on the current Pattern card",
            )
        nexts = ", ".join(KIND_NAME[c] for c in self.nexts())
        if kind == self.blink:
            return IllegalAction(
                f"{KIND_NAME[kind]} is blinking: you may not play the same colour again"
                f" (you may play {nexts})",
                RULE + ": you may not play the same color again",
            )
        return IllegalAction(
            f"{KIND_NAME[kind]} is not next to the blinking {KIND_NAME[self.blink]} on"
            f" {pattern} (you may play {nexts})",
            RULE + ": play the color directly to the left or right of that bulb",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        n = self.players
        if self.winner >= 0:
            w = self.winner
            if self.match:
                won = [self.prizes.count(s) for s in range(n)]
                return Outcome(
                    "finished",
                    winners=(w,),
                    scores=tuple(float(x) for x in won),
                    ranks=competition_ranks(won),
                    reason=f"seat {w} took two Character cards: the champion",
                )
            left = [-self.hand_size(s) for s in range(n)]
            return Outcome(
                "finished",
                winners=(w,),
                scores=tuple(1.0 if s == w else 0.0 for s in range(n)),
                ranks=competition_ranks(left),
                reason=f"seat {w} played their last card",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        me = seat if seat is not None and 0 <= seat < n else -1
        current = self.strings[-1]
        hand = None
        if me >= 0:
            b = me * N_KINDS
            hand = [KIND_NAME[k] for k in range(N_KINDS) for _ in range(self.hands[b + k])]
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "string": {
                "id": PATTERN_IDS[current],
                "lights": list(CONTENT.patterns[current].lights),
            },
            "strings": len(self.strings),
            "pattern_deck": len(self.patterns),
            "blinking": KIND_NAME[self.blink] if self.blink != ANY else "any",
            "may_play": [KIND_NAME[c] for c in self.nexts()],
            "discard": [KIND_NAME[k] for k in self.discard],
            "deck": len(self.deck),
            "hand": hand,
            "hand_sizes": [self.hand_size(s) for s in range(n)],
            "calls": [CALL_NAME[c] for c in self.calls],
            "drawn": KIND_NAME[self.drawn] if me == self.turn and self.drawn >= 0 else None,
            "dealer": self.dealer,
            "match": self.match,
            "rounds": self.rounds,
            "characters": [
                [CHARACTERS[i] for i, s in enumerate(self.prizes) if s == seat_]
                for seat_ in range(n)
            ],
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
            if len(entry) > 3:  # a draw of the turn (not a catch's): playable or not
                event["playable"] = bool(entry[3])
            return event
        if kind == "play":
            event = {"type": "play", "seat": entry[1], "card": KIND_NAME[entry[2]]}
            if entry[2] == BUBBLE:
                event["colour"] = KIND_NAME[entry[3]]
            return event
        if kind == "reveal":
            return {"type": "reveal", "card": KIND_NAME[entry[1]]}
        if kind == "string":
            return {"type": "string", "pattern": PATTERN_IDS[entry[1]]}
        if kind == "deal":
            return {"type": "deal", "dealer": entry[1], "string": PATTERN_IDS[entry[2]]}
        if kind == "catch":
            return {"type": "catch", "seat": entry[1], "caught": entry[2]}
        if kind == "character":
            return {"type": "character", "seat": entry[1], "character": CHARACTERS[entry[2]]}
        if kind in ("refresh", "new-pattern-deck"):
            return {"type": kind, "deck": entry[1]}
        if kind == "no-blink":
            return {"type": "no-blink"}
        return {"type": kind, "seat": entry[1]}  # blink, keep, pass, no-draw, out

    # ------------------------------------------------------ copies and worlds

    @property
    def current_phase(self) -> str:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return "game-over"
        if OPEN in self.calls:
            return "blink-race"
        return "drawn-card" if self.step == DRAWN else "play"

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = self.hands.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.patterns = self.patterns.copy()
        other.strings = self.strings.copy()
        other.blink = self.blink
        other.turn = self.turn
        other.step = self.step
        other.drawn = self.drawn
        other.calls = self.calls.copy()
        other.dealer = self.dealer
        other.rounds = self.rounds
        other.prizes = self.prizes.copy()
        other.turns = self.turns
        other.winner = self.winner
        other.match = self.match
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal, canonically, what ``seat`` cannot see: the other hands (sizes kept)
        and the Bulb deck from their pooled cards, sorted first, and the Pattern deck
        (whose cards are known: every pattern not placed) from sorted order. A player
        deciding on a drawn card holds a playable one: it is chosen first, from the
        playable cards of the pool, so the deal always succeeds."""
        n = self.players
        hands = self.hands
        counts = [0] * N_KINDS
        for k in self.deck:
            counts[k] += 1
        sizes = [0] * n
        for s in range(n):
            if s == seat:
                continue
            b = s * N_KINDS
            for k in range(N_KINDS):
                c = hands[b + k]
                counts[k] += c
                sizes[s] += c
                hands[b + k] = 0
        pool = [k for k in range(N_KINDS) for _ in range(counts[k])]  # sorted
        if self.step == DRAWN and self.turn != seat:
            actor = self.turn
            playable = [i for i, k in enumerate(pool) if self.playable(k)]
            card = pool.pop(playable[rng.below(len(playable))])
            self.drawn = card
            hands[actor * N_KINDS + card] += 1
            sizes[actor] -= 1
        rng.shuffle(pool)
        for s in range(n):
            if s != seat:
                b = s * N_KINDS
                for _ in range(sizes[s]):
                    hands[b + pool.pop()] += 1
        self.deck = pool
        self.patterns.sort()
        rng.shuffle(self.patterns)

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.deck + self.discard]
        for i, count in enumerate(self.hands):
            cards.extend([KIND_NAME[i % N_KINDS]] * count)
        cards.extend(PATTERN_IDS[p] for p in self.patterns + self.strings)
        if self.match:
            cards.extend(CHARACTERS)
        return cards

    def box(self) -> list[str]:
        bulbs = [KIND_NAME[k] for k in range(N_KINDS) for _ in range(COUNTS[k])]
        return bulbs + list(PATTERN_IDS) + (list(CHARACTERS) if self.match else [])

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
                f"{text!r} is not a Blink action; the forms are: {_FORMS} (colours:"
                f" {', '.join(COLOURS)})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [a for a in _NOTATION.values() if not isinstance(a, Catch) or a.seat < players]


_ALL_SEATS = tuple(frozenset(range(n)) for n in range(MAX_PLAYERS + 1))
