"""Reindeer's Nose — a real-time passing race for 4 to 6 players (Christmas Lights bonus game).

Rules implemented (the Christmas Lights rulebook, "Reindeer's Nose"), every sentence:

* Components: 4 Bulbs of a different colour per player (four colours with four players,
  …), and the 18 Pattern cards.
* Setup: the Bulb cards are shuffled and four dealt to each player; the Pattern cards are
  shuffled and placed face-up in a pile (its top card is public).
* How to play: everyone passes an unwanted card face-down to the player on their left
  (the next seat) and takes the card passed to them from the right; you must pass before
  picking up, and you never hold more than four cards. Continue until someone holds four
  matching bulbs.
* Once you have a set of four, point to your nose; all the other players must then point;
  the last to point receives a Pattern card.
* Then all the Bulb cards are shuffled and dealt again, and the next round begins.
* Game end: a player who receives their third Pattern card is eliminated and every other
  player wins.

Rulings used (docs/rulings.md):

* Digital form of table talk, Reindeer's Nose: passing and picking up are separate
  actions in real time (``pass red``, ``pick up``); you may pass only while holding four
  cards and pick up only while holding three. A player with four matching bulbs may
  point (``point``); once anyone has pointed, everyone may point; the last to point (by
  arrival order) gets a Pattern card; a table time limit marks anyone still not pointing
  as last (``forced_action``: the match runner and the terminal point for them when
  their time runs out, deadline order deciding who is last). Pointing first without a set
  is not allowed.
* Bonus games, Reindeer's Nose: the last player to point receives the Pattern card,
  whoever it is; the set-holder points first, so is never last.
* Every real-time game: the engine sees only the order of actions.

Readings of our own (each tested by name):

* ``colours-in-play``: with N players the colours are the first N of Red, Green,
  Yellow, Blue, Purple, Pink (the rulebook's own example picks Red, Green, Yellow).
* ``left-is-next-seat``: "the player to their left" is the next seat (seat + 1), the
  direction play goes round the table in every Christmas Lights game.
* ``cards-pile-up``: a passed card waits face-down in front of the receiver until they
  pick it up. Passing is never blocked by a slow neighbour: if you pass again before they
  pick up, the cards pile up there and are picked up in the order they were passed. (So
  whether a seat may act depends only on what the table sees — hand sizes and waiting
  cards — and never on whether its hidden hand holds a set.)
* ``set-must-point``: "Once you have a set of four, silently point": a player holding
  four matching bulbs has one legal action, ``point``.
* ``then-everyone-points``: "All the other players must then point": once anyone has
  pointed, pointing is the only legal action (passing stops).
* ``last-is-decided``: the round ends as soon as every player but one has pointed; that
  one is the last to point (their pointing could change nothing). The set-holder's set is
  then shown to everyone.
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` counts *actions*,
  as in every real-time game; the game then ends *unfinished*. Random play always ends (sets
  form by chance), but uniformly random passing needs thousands of actions per game at
  six players, which is why the limit is high.

Knowledge: your own hand; everyone's hand size, which seats have a card waiting in front
of them, who pointed in which order, everyone's Pattern cards and the top of the Pattern
pile. The view also lists what you remember: the card you passed while it still waits,
and the card your left neighbour picked up from you until they pass a card on (then it
may be gone). Passes are not logged (a six-player game has thousands; the view shows
their effect, the record keeps them, and another seat sees a pass as "pass a card",
``action_seen_by``). What you learn is logged: each deal shows you your four cards, and
each pick-up is an event in which the picker (and the passer, who knows the card) sees
the card and everyone else only that it was picked up.

``determinize(seat, rng)`` depends only on what ``seat`` knows and on ``rng``. Kept: its
own hand, the cards it passed that still wait, the card its left neighbour took from it
and, after the first point, a set of four in the set-holder's hand. Every other Bulb
card (the other hands, the cards waiting that it did not pass) forms one pool sorted by
colour: the set's colour is drawn among those the pool allows, then the pool is shuffled
and dealt back in the same sizes. What every other seat knows — the card its left
neighbour took from it, while it surely still holds it — is re-sampled as a card of that
neighbour's re-dealt hand (so it stays true); whether such a card is known is public
(every pass and pick-up is seen). The Pattern pile under its face-up top card is put in
order and shuffled. Phases (``current_phase``): ``passing`` (the race of passes and
pick-ups, cards in flight face-down), ``pointing`` (someone has pointed with a set
nobody else has seen) and ``over``.

Options: ``turn_limit`` (default 20000 actions).

Version history: 1 — first release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.simultaneous import secret_notation
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import Action, LogEntry, Outcome, State, turn_limit_reached
from yuletide.games.christmas_lights.content import COLOURS, CONTENT

RULE = "Reindeer's Nose, How to Play"
FORM = "ruling Reindeer's Nose: digital-form"
CARDS_EACH = 4
PATTERNS_TO_LOSE = 3
PATTERN_IDS = tuple(p.id for p in CONTENT.patterns)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass a card of this colour face-down to the player on your left."""

    colour: int

    def __str__(self) -> str:
        return f"pass {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Take the card waiting in front of you."""

    def __str__(self) -> str:
        return "pick up"


@dataclass(frozen=True, slots=True)
class Point(Action):
    """Point to your nose."""

    def __str__(self) -> str:
        return "point"


_PASS = tuple(Pass(c) for c in range(len(COLOURS)))
_PICK = PickUp()
_POINT = Point()
_NOTATION: dict[str, Action] = {str(a): a for a in (*_PASS, _PICK, _POINT)}
_FORMS = "pass <colour> | pick up | point"


class ReindeersNose(State):
    game_id: ClassVar[str] = "reindeers-nose"
    title: ClassVar[str] = "Reindeer's Nose"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    #: passing: the race of passes and pick-ups (cards in flight face-down); pointing:
    #: someone has pointed with a set nobody else has seen; over.
    phases: ClassVar[tuple[str, ...]] = ("passing", "pointing", "over")
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            20000,
            "actions after which the game ends unfinished (safety limit; a real-time"
            " game counts actions)",
            minimum=1,
            maximum=60_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "sizes",
        "waiting",
        "known",
        "pointed",
        "patterns",
        "pile",
        "round",
        "actions",
        "loser",
    )
    __slots__ = (*fields, "turn_limit")

    hands: list[list[int]]  # per seat, a count per colour in play
    sizes: list[int]  # per seat, cards in hand (3 or 4)
    waiting: list[list[int]]  # per seat, the colours waiting in front of it, oldest first
    known: list[int]  # per seat s: the colour seat s+1 took from s, still surely held; -1
    pointed: list[int]  # seats in the order they pointed this round
    patterns: list[list[int]]  # per seat, indexes into PATTERN_IDS of Pattern cards held
    pile: list[int]  # the face-up Pattern pile, top card last
    round: int
    actions: int
    loser: int  # the eliminated seat, -1 while the game goes on
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        pile = list(range(len(PATTERN_IDS)))
        self.rng.shuffle(pile)
        self.pile = pile
        self.patterns = [[] for _ in range(self.players)]
        self.round = 0
        self.actions = 0
        self.loser = -1
        self._deal()

    def _deal(self) -> None:
        """Shuffle all the Bulb cards and deal four to each player."""
        n = self.players
        deck = [c for c in range(n) for _ in range(CARDS_EACH)]
        self.rng.shuffle(deck)
        self.hands = [[0] * n for _ in range(n)]
        for seat in range(n):
            for card in deck[seat * CARDS_EACH : (seat + 1) * CARDS_EACH]:
                self.hands[seat][card] += 1
        self.sizes = [CARDS_EACH] * n
        self.waiting = [[] for _ in range(n)]
        self.known = [-1] * n
        self.pointed = []
        self.round += 1
        # Each seat is shown its own four cards (private to it).
        self.log.append(("deal", self.round, *(c for hand in self.hands for c in hand)))

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.loser >= 0:
            return "over"
        return "pointing" if self.pointed else "passing"

    @property
    def to_act(self) -> frozenset[int]:
        if self.loser >= 0 or self.actions >= self.turn_limit:
            return _NOBODY
        pointed = self.pointed
        if pointed:
            return frozenset([s for s in range(self.players) if s not in pointed])
        # Reading cards-pile-up: four cards (pass or point) or a card waiting (pick up).
        sizes, waiting = self.sizes, self.waiting
        return frozenset([s for s in range(self.players) if sizes[s] == CARDS_EACH or waiting[s]])

    def legal_actions(self, seat: int) -> list[Action]:
        if self.loser >= 0 or self.actions >= self.turn_limit:
            return []
        if self.pointed:
            return [] if seat in self.pointed else [_POINT]
        hand = self.hands[seat]
        if self.sizes[seat] == CARDS_EACH:
            if CARDS_EACH in hand:
                return [_POINT]  # reading set-must-point
            return [_PASS[c] for c in range(self.players) if hand[c]]
        return [_PICK] if self.waiting[seat] else []

    def _apply(self, seat: int, action: Action) -> None:
        self.actions += 1
        n = self.players
        if type(action) is Pass:
            colour = action.colour
            self.hands[seat][colour] -= 1
            self.sizes[seat] -= 1
            self.waiting[(seat + 1) % n].append(colour)
            self.known[(seat - 1) % n] = -1  # what the right neighbour knew may be gone
        elif type(action) is PickUp:
            colour = self.waiting[seat].pop(0)
            self.hands[seat][colour] += 1
            self.sizes[seat] += 1
            self.known[(seat - 1) % n] = colour
            # The picker sees the card (and the passer knows it): the others see a pick-up.
            self.log.append(("pick_up", seat, colour))
        else:  # Point
            self.pointed.append(seat)
            self.log.append(("point", seat, len(self.pointed)))
            if len(self.pointed) == n - 1:
                self._end_round()

    def _end_round(self) -> None:
        """Reading last-is-decided: everyone but one has pointed; that one is last."""
        n = self.players
        last = next(s for s in range(n) if s not in self.pointed)
        first = self.pointed[0]
        colour = self.hands[first].index(CARDS_EACH)
        self.log.append(("round_end", last, first, colour))
        card = self.pile.pop()
        self.patterns[last].append(card)
        # The pile's new top card is turned face-up for everyone to see.
        top = self.pile[-1] if self.pile else -1
        self.log.append(("pattern", last, card, len(self.patterns[last]), top))
        if len(self.patterns[last]) == PATTERNS_TO_LOSE:
            self.loser = last
            self.log.append(("eliminated", last))
            return
        self._deal()

    def forced_action(self, seat: int) -> Action | None:
        """Ruling Reindeer's Nose: digital-form ("a time limit on the server counts anyone
        who has still not pointed as last"): once
        anyone has pointed, the table points for a seat whose time runs out."""
        if self.pointed and seat not in self.pointed and not self.outcome.over:
            return _POINT
        return None

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        hand = self.hands[seat]
        if self.pointed:
            return IllegalAction(
                f"seat {self.pointed[0]} has pointed to their nose: all the other players"
                " must now point (point)",
                RULE + ": all the other players must then point",
            )
        if isinstance(action, Point):
            return IllegalAction(
                "you may point first only with four matching bulbs in your hand",
                FORM + ": pointing first without a set is not allowed",
            )
        if self.sizes[seat] == CARDS_EACH and CARDS_EACH in hand:
            return IllegalAction(
                "you hold four matching bulbs: point to your nose (point)",
                RULE + ": once you have a set of four, point to your nose",
            )
        if isinstance(action, PickUp):
            if self.sizes[seat] == CARDS_EACH:
                return IllegalAction(
                    "you may pick up only while holding three cards: pass a card first"
                    " (you cannot have more than four)",
                    FORM + ": pick up only while holding 3",
                )
            return IllegalAction(
                "no card is waiting in front of you yet", RULE + ": take the card passed to you"
            )
        assert isinstance(action, Pass)
        colour = action.colour  # one of the colours in play (core's action guard)
        if self.sizes[seat] < CARDS_EACH:
            return IllegalAction(
                "you may pass only while holding four cards: pick up the card passed to you first",
                FORM + ": pass only while holding 4",
            )
        return IllegalAction(f"you hold no {COLOURS[colour]} card", RULE)

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """A pass is face-down: other seats see "pass a card"."""
        match action:
            case Pass():
                return secret_notation(seat, action, viewer, "pass a card")
        return str(action)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.loser >= 0:
            lost = self.loser
            winners = tuple(s for s in range(self.players) if s != lost)
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(0.0 if s == lost else 1.0 for s in range(self.players)),
                ranks=tuple(self.players if s == lost else 1 for s in range(self.players)),
                reason=f"seat {lost} received a third Pattern card and is eliminated;"
                " everyone else wins",
            )
        if self.actions >= self.turn_limit:
            return turn_limit_reached(self.turn_limit, "actions")
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        hand = passed = known = None
        if seat is not None and 0 <= seat < n:
            hand = _names(self.hands[seat])
            passed = [COLOURS[c] for c in self.waiting[(seat + 1) % n]]
            if self.known[seat] >= 0:
                known = COLOURS[self.known[seat]]
        pile = self.pile
        outcome = self.outcome
        return {
            "game": "reindeers-nose",
            "seat": seat,
            "players": n,
            "round": self.round,
            "to_act": sorted(self.to_act),
            "colours": list(COLOURS[:n]),
            "hand": hand,
            "hand_sizes": self.sizes.copy(),
            "waiting": [len(w) for w in self.waiting],
            "passed": passed,
            "left_holds": known,
            "pointed": self.pointed.copy(),
            "patterns": [[PATTERN_IDS[p] for p in held] for held in self.patterns],
            "next_pattern": PATTERN_IDS[pile[-1]] if pile else None,
            "pattern_pile": len(pile),
            "actions": self.actions,
            "turn_limit": self.turn_limit,
            "outcome": dict(_ONGOING_VIEW) if outcome is _ONGOING else outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            event = {"type": "deal", "round": entry[1], "cards_each": CARDS_EACH}
            if seat is not None:
                at = 2 + seat * self.players
                event["your_hand"] = _names(list(entry[at : at + self.players]))
            return event
        if kind == "pick_up":
            picker = entry[1]
            if seat is not None and (seat == picker or seat == (picker - 1) % self.players):
                return {"type": "pick_up", "seat": picker, "card": COLOURS[entry[2]]}
            return {"type": "pick_up", "seat": picker}
        if kind == "point":
            return {"type": "point", "seat": entry[1], "order": entry[2]}
        if kind == "round_end":
            return {
                "type": "round_end",
                "last": entry[1],
                "set_holder": entry[2],
                "set": COLOURS[entry[3]],
            }
        if kind == "pattern":
            return {
                "type": "pattern_card",
                "seat": entry[1],
                "card": PATTERN_IDS[entry[2]],
                "held": entry[3],
                "next_pattern": PATTERN_IDS[entry[4]] if len(entry) > 4 and entry[4] >= 0 else None,
            }
        return {"type": "eliminated", "seat": entry[1]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = [h.copy() for h in self.hands]
        other.sizes = self.sizes.copy()
        other.waiting = [w.copy() for w in self.waiting]
        other.known = self.known.copy()
        other.pointed = self.pointed.copy()
        other.patterns = [p.copy() for p in self.patterns]
        other.pile = self.pile.copy()
        other.round = self.round
        other.actions = self.actions
        other.loser = self.loser
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal every Bulb card hidden from ``seat`` (the other hands and the cards
        waiting that ``seat`` did not pass) from one pool sorted by colour. Kept: its own
        hand, the cards it passed that still wait, the card its left neighbour took from
        it (``known[seat]``) and, once someone has pointed, a set of four in the
        set-holder's hand (its colour drawn among those the pool allows). Re-sampled:
        what every other seat knows its left neighbour took from it (a card of that
        neighbour's re-dealt hand: whether such a card is known is public, every pass and
        pick-up being seen), and the Pattern pile under its face-up top card."""
        n = self.players
        left = (seat + 1) % n
        held = self.known[seat]  # in the left neighbour's hand, for sure
        pool = [0] * n
        for s in range(n):
            if s != seat:
                for c in range(n):
                    pool[c] += self.hands[s][c]
            if s != left:
                for c in self.waiting[s]:
                    pool[c] += 1
        if held >= 0:
            pool[held] -= 1
        setter = self.pointed[0] if self.pointed and self.pointed[0] != seat else -1
        set_colour = -1
        if setter >= 0:
            if setter == left and held >= 0:
                options = [held] if pool[held] >= CARDS_EACH - 1 else []
            else:
                options = [c for c in range(n) if pool[c] >= CARDS_EACH]
            # The true set is always among the options, so the list is never empty.
            set_colour = options[rng.below(len(options))]
            pool[set_colour] -= CARDS_EACH - (1 if setter == left and held >= 0 else 0)
        cards = [c for c in range(n) for _ in range(pool[c])]  # canonical: by colour
        rng.shuffle(cards)
        for s in range(n):
            if s == seat:
                continue
            hand = [0] * n
            if s == setter:
                hand[set_colour] = CARDS_EACH
            else:
                size = self.sizes[s]
                if s == left and held >= 0:
                    hand[held] += 1
                    size -= 1
                for _ in range(size):
                    hand[cards.pop()] += 1
            self.hands[s] = hand
        for s in range(n):
            if s != left:
                self.waiting[s] = [cards.pop() for _ in self.waiting[s]]
        known = self.known
        for s in range(n):
            # known[seat] is seat's own memory, known[seat - 1] the card seat took.
            if known[s] >= 0 and s != seat and (s + 1) % n != seat:
                hand = self.hands[(s + 1) % n]
                pick = rng.below(sum(hand))  # four cards: it picked up and has not passed
                for c in range(n):
                    pick -= hand[c]
                    if pick < 0:
                        known[s] = c
                        break
        if len(self.pile) > 2:
            under = sorted(self.pile[:-1])
            rng.shuffle(under)
            self.pile[:-1] = under

    def inventory(self) -> list[str]:
        cards: list[str] = []
        for hand in self.hands:
            for c, count in enumerate(hand):
                if count:
                    cards += [COLOURS[c]] * count
        for w in self.waiting:
            cards += [COLOURS[c] for c in w]
        cards += [PATTERN_IDS[p] for p in self.pile]
        for held in self.patterns:
            cards += [PATTERN_IDS[p] for p in held]
        return cards

    def box(self) -> list[str]:
        return list(_BOX[self.players])

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Reindeer's Nose action; the forms are: {_FORMS}"
                f" (colours: {', '.join(COLOURS)})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [*_PASS[:players], _PICK, _POINT]


_ONGOING_VIEW = _ONGOING.to_dict()
_NOBODY: frozenset[int] = frozenset()
_BOX = {
    n: (*(COLOURS[c] for c in range(n) for _ in range(CARDS_EACH)), *PATTERN_IDS)
    for n in range(4, 7)
}


def _names(hand: list[int]) -> list[str]:
    names: list[str] = []
    for c, count in enumerate(hand):
        if count:
            names += _REPEAT[c][count]
    return names


_REPEAT = tuple(tuple([name] * k for k in range(CARDS_EACH + 1)) for name in COLOURS)
