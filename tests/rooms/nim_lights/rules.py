"""Nim Lights — a tiny shedding game for 2 or 3 players (Yuletide's test-only game).

Not in any box: it lives with the tests (``tests/rooms/nim_lights``) as the worked
example of docs/adding-a-game.md, and proves that a game added as one room, with nothing
changed outside it, passes every check the shipped games pass.

Rules implemented, every sentence:

* Components (N0): 15 bulb cards, five each of red, green and blue.
* Setup (N0): the cards are shuffled; each player is dealt 3 cards face down (a player
  sees only their own hand); the top card of the rest is turned face up and starts the
  string: it is the lit bulb. The rest is the face-down pile. Seat 0 starts; play goes
  in seat order.
* On your turn you do one of three things:
  - **N1 Following**: play a bulb from your hand onto the string (``play red``). It
    must be the lit bulb's colour or the next colour round the cycle red → green →
    blue → red, and it becomes the lit bulb.
  - **N2 Drawing**: draw the top card of the pile into your hand (``draw``), if the
    pile is not empty.
  - **N3 Passing**: pass (``pass``). You may always pass.
* **N4 Going out**: the first player to empty their hand wins at once.
* **N5 The string goes dark**: when every player has passed in a row, the game ends;
  the fewest cards in hand wins, and tied players share the victory.

Knowledge: hands are hidden from the other seats and from spectators; the pile's order
is hidden from everyone. A draw is shown to the drawer only (the others see that a card
was drawn). The string, the hand sizes and the pile's size are public. Passing and
drawing are always allowed (drawing while the pile lasts), so neither says anything
about a hand: a seat knows its own hand and the public table, nothing more.
``determinize`` therefore re-deals every card the seat cannot see (the other hands and
the pile), sorted and then shuffled with the caller's rng, in the same sizes.

Phases (``current_phase``): ``play`` and ``over``.

Options: ``turn_limit`` (default 200 turns; a turn is one action) ends the game
unfinished (docs/rulings.md#every-game-safety-limits).

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

COLOURS: tuple[str, ...] = ("red", "green", "blue")
#: How many cards of each colour the box holds; the hand each player is dealt.
EACH, HAND = 5, 3
RULES = "Nim Lights"


def follows(lit: int, colour: int) -> bool:
    """N1: ``colour`` may follow the lit bulb (the same colour, or the next round the
    cycle red → green → blue → red)."""
    return colour == lit or colour == (lit + 1) % len(COLOURS)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a bulb of ``colour`` (an index into COLOURS) from your hand (N1)."""

    colour: int

    def __str__(self) -> str:
        return f"play {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the pile (N2)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass (N3)."""

    def __str__(self) -> str:
        return "pass"


PLAYS = tuple(Play(c) for c in range(len(COLOURS)))
DRAW, PASS = Draw(), Pass()
SPACE: tuple[Action, ...] = (*PLAYS, DRAW, PASS)
_NOTATION = {str(a): a for a in SPACE}


class NimLights(State):
    game_id: ClassVar[str] = "nim-lights"
    title: ClassVar[str] = "Nim Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    default_players: ClassVar[int] = 2
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option("turn_limit", 200, "turns after which the game ends unfinished", minimum=1),
    )
    fields: ClassVar[tuple[str, ...]] = ("hands", "pile", "string", "turn", "passes", "turns")
    __slots__ = (*fields, "turn_limit")
    phases: ClassVar[tuple[str, ...]] = ("play", "over")

    hands: list[list[int]]  # per seat, how many of each colour it holds
    pile: list[int]  # colours, the top card last
    string: list[int]  # colours played, the lit bulb last
    turn: int
    passes: int  # passes in a row
    turns: int
    turn_limit: int

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        cards = [c for c in range(len(COLOURS)) for _ in range(EACH)]
        self.rng.shuffle(cards)
        self.hands = []
        for _ in range(self.players):
            hand = [0] * len(COLOURS)
            for _ in range(HAND):
                hand[cards.pop()] += 1
            self.hands.append(hand)
        self.string = [cards.pop()]
        self.pile = cards
        self.turn = 0
        self.passes = 0
        self.turns = 0
        self.log.append(("deal", HAND))
        self.log.append(("light", self.string[0]))

    # ------------------------------------------------------------- the rules

    def _out(self) -> int:
        """The seat that went out (N4), or -1."""
        for s, hand in enumerate(self.hands):
            if not any(hand):
                return s
        return -1

    def _over(self) -> bool:
        return self._out() >= 0 or self.passes >= self.players or self.turns >= self.turn_limit

    @property
    def current_phase(self) -> str:
        return "over" if self._over() else "play"

    @property
    def to_act(self) -> frozenset[int]:
        return frozenset() if self._over() else _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self._over():
            return []
        lit, hand = self.string[-1], self.hands[seat]
        out: list[Action] = [PLAYS[c] for c in range(len(COLOURS)) if hand[c] and follows(lit, c)]
        if self.pile:
            out.append(DRAW)
        out.append(PASS)
        return out

    def _apply(self, seat: int, action: Action) -> None:
        self.turns += 1
        if type(action) is Play:
            self.hands[seat][action.colour] -= 1
            self.string.append(action.colour)
            self.passes = 0
            self.log.append(("play", seat, action.colour))
            if not any(self.hands[seat]):
                self.log.append(("out", seat))
                return
        elif type(action) is Draw:
            card = self.pile.pop()
            self.hands[seat][card] += 1
            self.passes = 0
            self.log.append(("draw", seat, card))
        else:
            self.passes += 1
            self.log.append(("pass", seat))
            if self.passes >= self.players:
                self.log.append(("dark",))
                return
        self.turn = (seat + 1) % self.players

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if isinstance(action, Play):
            name = COLOURS[action.colour]
            if not self.hands[seat][action.colour]:
                return IllegalAction(f"you hold no {name} bulb", f"{RULES}, N1 Following")
            lit = self.string[-1]
            then = COLOURS[(lit + 1) % len(COLOURS)]
            return IllegalAction(
                f"a {name} bulb cannot follow the lit {COLOURS[lit]} bulb: play"
                f" {COLOURS[lit]} or {then}",
                f"{RULES}, N1 Following",
            )
        if isinstance(action, Draw):
            return IllegalAction("the pile is empty: play a bulb or pass", f"{RULES}, N2 Drawing")
        return super().why_illegal(seat, action)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        out = self._out()
        left = [sum(h) for h in self.hands]
        if out >= 0 or self.passes >= self.players:
            fewest = min(left)
            winners = (out,) if out >= 0 else tuple(s for s, n in enumerate(left) if n == fewest)
            tied = out < 0 and len(winners) > 1
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(1.0 if s in winners else 0.0 for s in range(self.players)),
                ranks=competition_ranks([-n for n in left]),
                tiebreak="tied on fewest cards: shared victory" if tied else None,
                reason=(
                    f"seat {out} played their last card"
                    if out >= 0
                    else "every player passed in a row: the string went dark"
                ),
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        hand = None
        if seat is not None:
            hand = [COLOURS[c] for c in range(len(COLOURS)) for _ in range(self.hands[seat][c])]
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "lit": COLOURS[self.string[-1]],
            "string": [COLOURS[c] for c in self.string],
            "pile": len(self.pile),
            "hand_sizes": [sum(h) for h in self.hands],
            "hand": hand,
            "passes": self.passes,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            return {"type": "deal", "cards_each": entry[1]}
        if kind == "light":
            return {"type": "light", "card": COLOURS[entry[1]]}
        if kind == "play":
            return {"type": "play", "seat": entry[1], "card": COLOURS[entry[2]]}
        if kind == "draw":
            event: dict[str, Any] = {"type": "draw", "seat": entry[1]}
            if seat == entry[1]:
                event["card"] = COLOURS[entry[2]]
            return event
        if kind == "pass":
            return {"type": "pass", "seat": entry[1]}
        if kind == "out":
            return {"type": "out", "seat": entry[1]}
        return {"type": "dark"}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = [h.copy() for h in self.hands]
        other.pile = self.pile.copy()
        other.string = self.string.copy()
        other.turn = self.turn
        other.passes = self.passes
        other.turns = self.turns
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Every card ``seat`` cannot see (the other hands and the pile), sorted, then
        shuffled with ``rng`` and dealt back in the same sizes: the result depends on
        what ``seat`` knows (its hand, the string, every size) and on ``rng`` only."""
        others = [s for s in range(self.players) if s != seat]
        pool = sorted(
            [
                *self.pile,
                *(c for s in others for c in range(len(COLOURS)) for _ in range(self.hands[s][c])),
            ]
        )
        rng.shuffle(pool)
        for s in others:
            size = sum(self.hands[s])
            hand = [0] * len(COLOURS)
            for c in pool[:size]:
                hand[c] += 1
            self.hands[s] = hand
            pool = pool[size:]
        self.pile = pool

    def inventory(self) -> list[str]:
        cards = [COLOURS[c] for c in (*self.pile, *self.string)]
        for hand in self.hands:
            cards.extend(COLOURS[c] for c in range(len(COLOURS)) for _ in range(hand[c]))
        return cards

    def box(self) -> list[str]:
        return [name for name in COLOURS for _ in range(EACH)]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Nim Lights action; the forms are 'play <colour>'"
                f" ({', '.join(COLOURS)}), 'draw' and 'pass'"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(SPACE)
