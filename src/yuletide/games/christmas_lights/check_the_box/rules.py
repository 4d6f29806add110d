"""Check the Box — a set-collecting asking game for 2 to 4 players (Christmas Lights bonus game).

Rules implemented (the Christmas Lights rulebook, "Check the Box"), every sentence:

* Components: 6 each of the six colours, 3 Bubble Bulbs (not wild), 6 Broken Bulbs,
  6 Plugs and 3 Presents — 54 cards (ruling Check the Box: count-mismatch: the
  box holds 5 Broken Bulbs, the component list prints 6; we use 6, so every kind comes
  in a multiple of three and every card can end in a set).
* Setup: all cards shuffled, five dealt to each player; the rest is the face-down pile
  "in the box". Anyone dealt a set of three identical cards places it face up at once.
  Seat 0 is the youngest and starts; play goes clockwise (seat order).
* Objective: the most sets of three identical cards.
* On your turn you choose any other player and ask them for one kind of card you hold
  yourself (``ask 2 red``; any of the ten kinds — ruling Check the Box: ask-any-kind:
  yes, and three of them are a set).
* The asked player gives you all of their cards of that kind. If you now have a set of
  three identical cards you place it in front of you and take another turn.
* If they have none, they say "Check the Box": you draw one card from the pile and your
  turn ends.
* Whenever a hand is empty, that player draws five cards from the pile (as many as there
  are, when fewer are left).
* Presents: when you draw a Present from the pile you may also draw two more cards
  (``draw two`` or ``decline``), and all three go in your hand. The bonus applies only to
  a Present drawn from the pile (the same ruling), not to one received from a
  player.
* The game ends when every card is in a set on the table (18 sets). The most sets wins;
  a tie goes to the tied player with the fewest sets of Plugs; if still tied, the tied
  players share the victory.

Readings of our own where the rulebook is silent (each tested by name):

* ``sets-laid-at-once``: three identical cards in a hand are placed on the table at
  once, however they arrived (dealt, given or drawn); so no hand ever holds three of a
  kind. Only a set completed from an asked player's cards gives another turn.
* ``draw-completes-set``: a card drawn on "Check the Box" that completes a set is laid
  down, but the turn still ends ("draw a card ... and end your turn").
* ``cards-but-no-set``: when the asked player hands over cards but you do not complete
  a set, your turn ends (another turn is only for a completed set) and you draw nothing.
* ``deal-is-not-a-draw``: Presents in the opening deal give no bonus.
* ``present-is-shown``: a Present drawn from the pile is shown to the table (the bonus
  needs it), so everyone knows how many Presents each player has drawn.
* ``present-bonus-short-pile``: with one card left the bonus draws that card; with an
  empty pile no bonus is offered. A Present that completes a set is laid down and still
  offers the bonus.
* ``empty-hand-order``: when one ask empties two hands, the giver draws first (their
  hand emptied first), then the asker; a draw that ends with an empty hand (every card
  drawn went into sets) is followed by another draw of five.
* ``empty-box``: "Check the Box" with an empty pile draws nothing and ends the turn; a
  player whose hand is empty when the pile is empty is skipped. (The game cannot stall:
  while cards are left, at least two players hold some.)
* ``any-player``: you may ask any other player, even one with no cards (who says "Check
  the Box"); never yourself.
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` counts asks;
  when it is reached (between turns) the game ends *unfinished*.

Knowledge: hands are hidden; hand sizes, the pile size, every ask, how many cards were
handed over, every set and every Present drawn are public. From these the table knows,
for each player and kind, an interval [at least, at most] of cards held — a player who
asked for red and has not lost it since holds at least one red; one who gave away or
lacked red holds none until they draw. The view shows these intervals for every seat
(``known``: a memory aid, so nobody relies on memory).

``determinize(seat, rng)`` re-deals the other hands and the pile, canonically (its result
depends only on what the seat knows and on ``rng``): their cards are pooled by kind; each
hand gets what it is known to hold, then the other cards, sorted and shuffled with
``rng``, go round the hands (in a shuffled order) wherever a kind is below its bound; a
hand left short completes by augmenting exchanges (a max-flow step), which always
succeeds, since the true hands fit. So every hand keeps its size and every interval the
table knows, and the pile takes the rest in a new order. Every other seat's private
events are withheld from its log. It does not use finer, joint inferences.

Phases (``current_phase``): ``ask`` (a turn), ``present-bonus`` (a player who drew a
Present decides on the bonus; the next cards of the pile are in flight) and
``game-over``.

Options: ``turn_limit`` (default 2000 asks).

Version history: 1 — first release (within it, later: the canonical determinize; older
saves still load).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import CorruptSave, IllegalAction, NotationError
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
from yuletide.games.christmas_lights.content import BULB_KINDS, GLYPHS

RED, GREEN, YELLOW, BLUE, PURPLE, PINK, BUBBLE, BROKEN, PLUG, PRESENT = range(10)
N_KINDS = 10
KIND_NAME: tuple[str, ...] = (*BULB_KINDS, "present")
KIND_ID = {name: i for i, name in enumerate(KIND_NAME)}
#: The deck of the component list: 6 of each colour, 3 Bubble, 6 Broken, 6 Plug, 3 Present.
COUNTS: tuple[int, ...] = (6, 6, 6, 6, 6, 6, 3, 6, 6, 3)
DECK_SIZE = sum(COUNTS)  # 54
TOTAL_SETS = DECK_SIZE // 3  # 18
HAND = 5
GLYPH = {**GLYPHS, "present": "@"}

ASK, PRESENT_STEP = range(2)
STEP_NAME = ("ask", "present-bonus")
RULE = "Check the Box, How to Play"
MAX_SEATS = 4


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Ask seat ``target`` for every card of ``kind`` they hold."""

    target: int
    kind: int

    def __str__(self) -> str:
        return f"ask {self.target} {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class DrawTwo(Action):
    """Take the Present bonus: draw two more cards."""

    def __str__(self) -> str:
        return "draw two"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Keep just the Present: no bonus cards."""

    def __str__(self) -> str:
        return "decline"


_ASK = tuple(tuple(Ask(t, k) for k in range(N_KINDS)) for t in range(MAX_SEATS))
_DRAW_TWO = DrawTwo()
_DECLINE = Decline()
_PRESENT_CHOICES: list[Action] = [_DRAW_TWO, _DECLINE]
_NOTATION: dict[str, Action] = {
    str(a): a for a in (*(a for row in _ASK for a in row), _DRAW_TWO, _DECLINE)
}
_FORMS = "ask <seat> <kind> | draw two | decline"


class CheckTheBox(State):
    game_id: ClassVar[str] = "check-the-box"
    title: ClassVar[str] = "Check the Box"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            2000,
            "asks after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=2_000,
        ),
    )
    #: ``ask`` (a turn), ``present-bonus`` (a player who drew a Present decides on the
    #: bonus draw; the pile's next cards are in flight) and ``game-over``.
    phases: ClassVar[tuple[str, ...]] = ("ask", "present-bonus", "game-over")
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "sizes",
        "pile",
        "sets",
        "lo",
        "hi",
        "turn",
        "step",
        "decider",
        "queue",
        "again",
        "turns",
    )
    __slots__ = (*fields, "turn_limit")

    hands: list[list[int]]  # per seat, a count per kind (never 3 or more)
    sizes: list[int]  # per seat, cards in hand
    pile: list[int]  # the face-down pile in the box, top last
    sets: list[list[int]]  # per seat, the kind of each set laid, in order
    lo: list[int]  # seat * N_KINDS + kind: publicly known least count held
    hi: list[int]  # seat * N_KINDS + kind: publicly known greatest count held
    turn: int
    step: int
    decider: int  # the seat deciding a Present bonus, else -1
    queue: list[int]  # pending draws, flat pairs [seat, cards left to draw, ...]
    again: bool  # the turn's ask completed a set: the same seat goes again
    turns: int  # asks made
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        pile = [k for k in range(N_KINDS) for _ in range(COUNTS[k])]
        self.rng.shuffle(pile)
        n = self.players
        self.hands = [[0] * N_KINDS for _ in range(n)]
        for _ in range(HAND):
            for seat in range(n):
                self.hands[seat][pile.pop()] += 1
        self.sizes = [HAND] * n
        self.pile = pile
        self.sets = [[] for _ in range(n)]
        self.lo = [0] * (n * N_KINDS)
        self.hi = [2] * (n * N_KINDS)
        self.log.append(("deal", HAND))
        for seat in range(n):
            hand = self.hands[seat]
            for k in range(N_KINDS):
                while hand[k] >= 3:
                    self._lay(seat, k)
        self.turn = 0
        self.step = ASK
        self.decider = -1
        self.queue = []
        self.again = False
        self.turns = 0

    # ------------------------------------------------------------- the rules

    @property
    def _over(self) -> bool:
        return self._laid() == TOTAL_SETS or (self.turns >= self.turn_limit and self.step == ASK)

    def _laid(self) -> int:
        return sum(len(s) for s in self.sets)

    @property
    def to_act(self) -> frozenset[int]:
        if self._over:
            return frozenset()
        if self.step == PRESENT_STEP:
            return _SEAT_SETS[self.decider]
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self._over:
            return []
        if self.step == PRESENT_STEP:
            return list(_PRESENT_CHOICES) if seat == self.decider else []
        if seat != self.turn:
            return []
        hand = self.hands[seat]
        kinds = [k for k in range(N_KINDS) if hand[k]]
        return [_ASK[t][k] for t in range(self.players) if t != seat for k in kinds]

    def _lay(self, seat: int, kind: int) -> None:
        """Place three ``kind`` cards from ``seat``'s hand face up (sets-laid-at-once)."""
        self.hands[seat][kind] -= 3
        self.sizes[seat] -= 3
        self.sets[seat].append(kind)
        self.log.append(("set", seat, kind))

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is Ask:
            self._ask(seat, action.target, action.kind)
        elif type(action) is DrawTwo:
            self.log.append(("bonus", seat, True))
            self.queue[1] += 2
            self._run()
        elif type(action) is Decline:
            self.log.append(("bonus", seat, False))
            self._run()
        else:
            raise AssertionError(action)

    def _ask(self, seat: int, target: int, kind: int) -> None:
        self.turns += 1
        self.log.append(("ask", seat, target, kind))
        lo, hi = self.lo, self.hi
        mine = seat * N_KINDS + kind
        theirs = target * N_KINDS + kind
        lo[mine] = max(lo[mine], 1)  # asking shows you hold one
        given = self.hands[target][kind]
        lo[theirs] = hi[theirs] = 0  # they hold none now, either way
        if given == 0:
            self.log.append(("check", target, seat))
            self.again = False
            self.queue = [seat, 1]
        else:
            self.hands[target][kind] = 0
            self.sizes[target] -= given
            self.hands[seat][kind] += given
            self.sizes[seat] += given
            self.log.append(("give", target, seat, kind, given))
            lo[mine] += given
            hi[mine] += given
            if self.hands[seat][kind] >= 3:
                self._lay(seat, kind)
                lo[mine] = max(lo[mine] - 3, 0)
                hi[mine] -= 3
                self.again = True
            else:
                hi[mine] = min(hi[mine], 2)
                self.again = False
            # Reading empty-hand-order: the giver's hand emptied first.
            self.queue = [target, 0, seat, 0]
        self._run()

    def _draw_one(self, seat: int) -> int:
        """Draw the top card of the pile into ``seat``'s hand, laying a set it completes,
        and update what the table knows of that hand."""
        card = self.pile.pop()
        hand = self.hands[seat]
        hand[card] += 1
        self.sizes[seat] += 1
        self.log.append(("draw", seat, card))
        base = seat * N_KINDS
        lo, hi = self.lo, self.hi
        if hand[card] == 3:
            self._lay(seat, card)
            lo[base + card] = hi[base + card] = 0  # they held two, now none
        elif card == PRESENT:
            lo[base + PRESENT] += 1  # reading present-is-shown
            hi[base + PRESENT] = min(hi[base + PRESENT] + 1, 2)
        else:
            for k in range(PRESENT):  # an unseen card, not a Present
                if hi[base + k] < 2:
                    hi[base + k] += 1
        return card

    def _run(self) -> None:
        """Carry out the pending draws, pausing for a Present bonus decision; then end
        the turn (or give another one)."""
        q = self.queue
        pile = self.pile
        while q:
            seat = q[0]
            if q[1] > 0 and pile:
                q[1] -= 1
                card = self._draw_one(seat)
                if card == PRESENT and pile:
                    self.step = PRESENT_STEP
                    self.decider = seat
                    return
                continue
            del q[0:2]
            if self.sizes[seat] == 0 and pile:
                # "If you have no cards in your hand at any time, draw five cards."
                self.log.append(("empty", seat))
                q[0:0] = [seat, HAND]
        self.step = ASK
        self.decider = -1
        self._next_turn()

    def _next_turn(self) -> None:
        if self._laid() == TOTAL_SETS:
            self.log.append(("end",))
            return
        turn = self.turn
        if self.again and self.sizes[turn]:
            self.log.append(("again", turn))
        else:
            n = self.players
            for i in range(1, n + 1):
                nxt = (turn + i) % n
                if self.sizes[nxt]:
                    break
                self.log.append(("skip", nxt))  # reading empty-box
            self.turn = nxt
        self.again = False

    def check_action(self, action: Any) -> Action:
        """As ``State.check_action``; ``ask 3 red`` at a smaller table says that the seat
        is not at the table."""
        match action:
            case Ask(target=target) if action in _NOTATION.values() and target >= self.players:
                raise NotationError(
                    f"there is no seat {target}: seats are 0 to {self.players - 1}", RULE
                )
        return super().check_action(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if self.step == PRESENT_STEP:
            return IllegalAction(
                "you drew a Present: draw two more cards (draw two) or keep just the"
                " Present (decline)",
                "Check the Box, Presents",
            )
        if not isinstance(action, Ask):
            return IllegalAction(
                "there is no Present bonus to decide now: ask a player for a card",
                "Check the Box, Presents",
            )
        if action.target == seat:
            return IllegalAction("you cannot ask yourself: choose another player", RULE)
        return IllegalAction(
            f"you may only ask for a card you have in your own hand, and you hold no"
            f" {KIND_NAME[action.kind]}",
            RULE,
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self._laid() == TOTAL_SETS:
            made = [len(s) for s in self.sets]
            plugs = [s.count(PLUG) for s in self.sets]
            keys = [(made[s], -plugs[s]) for s in range(self.players)]
            ranks = competition_ranks(keys)
            winners = tuple(s for s in range(self.players) if ranks[s] == 1)
            best = max(made)
            tied = [s for s in range(self.players) if made[s] == best]
            tiebreak = None
            if len(tied) > 1:
                tiebreak = "fewest sets of Plugs"
                if len(winners) > 1:
                    tiebreak += "; still tied: shared victory"
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(float(m) for m in made),
                ranks=ranks,
                tiebreak=tiebreak,
                reason="every card is in a set of three",
            )
        if self.turns >= self.turn_limit and self.step == ASK:
            return turn_limit_reached(self.turn_limit, "asks")
        return _ONGOING

    def known(self, seat: int) -> dict[str, list[int]]:
        """What the table knows of ``seat``'s hand: kind -> [at least, at most] (at most
        also bounded by the hand size less what is known of the other kinds), for the
        kinds where that says more than the hand size does."""
        base = seat * N_KINDS
        size = self.sizes[seat]
        least = self.lo[base : base + N_KINDS]
        room = size - sum(least)  # cards of the hand not accounted for
        out: dict[str, list[int]] = {}
        for k in range(N_KINDS):
            lo = least[k]
            hi = min(self.hi[base + k], lo + room)
            if lo > 0 or hi < min(2, size):
                out[KIND_NAME[k]] = [lo, hi]
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and 0 <= seat < self.players
        deciding = self.step == PRESENT_STEP
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "deciding": self.decider if deciding else None,
            "draws_left": self.queue[1] if deciding else 0,
            "hand": _names(self.hands[seat]) if mine else None,  # type: ignore[index]
            "hand_sizes": list(self.sizes),
            "box": len(self.pile),
            "sets": [[KIND_NAME[k] for k in s] for s in self.sets],
            "set_counts": [len(s) for s in self.sets],
            "known": [self.known(s) for s in range(self.players)],
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            return {"type": "deal", "cards_each": entry[1]}
        if kind == "set":
            return {"type": "set", "seat": entry[1], "kind": KIND_NAME[entry[2]]}
        if kind == "ask":
            return {
                "type": "ask",
                "seat": entry[1],
                "target": entry[2],
                "kind": KIND_NAME[entry[3]],
            }
        if kind == "check":
            return {"type": "check the box", "seat": entry[1], "asker": entry[2]}
        if kind == "give":
            return {
                "type": "give",
                "seat": entry[1],
                "to": entry[2],
                "kind": KIND_NAME[entry[3]],
                "count": entry[4],
            }
        if kind == "draw":
            event: dict[str, Any] = {"type": "draw", "seat": entry[1]}
            if seat == entry[1] or entry[2] == PRESENT:
                event["card"] = KIND_NAME[entry[2]]
            return event
        if kind == "bonus":
            return {"type": "present bonus", "seat": entry[1], "taken": entry[2]}
        if kind == "empty":
            return {"type": "empty hand", "seat": entry[1]}
        if kind == "again":
            return {"type": "another turn", "seat": entry[1]}
        if kind == "skip":
            return {"type": "skip", "seat": entry[1]}
        return {"type": "end"}

    # ------------------------------------------------------ copies and worlds

    @property
    def current_phase(self) -> str:
        if self._over:
            return "game-over"
        return STEP_NAME[self.step]

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = [h.copy() for h in self.hands]
        other.sizes = self.sizes.copy()
        other.pile = self.pile.copy()
        other.sets = [s.copy() for s in self.sets]
        other.lo = self.lo.copy()
        other.hi = self.hi.copy()
        other.turn = self.turn
        other.step = self.step
        other.decider = self.decider
        other.queue = self.queue.copy()
        other.again = self.again
        other.turns = self.turns
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal, canonically, the pile and the other hands from their pooled cards
        (counted by kind): each hand keeps its size and, kind by kind, what the table
        knows of it ([at least, at most]); the pile takes the rest in a new order.

        Each hand first gets what it is known to hold; the other cards, sorted and then
        shuffled, go round the hands (in a shuffled order) wherever a kind is still
        below its bound; a hand left short then takes cards by augmenting paths (it
        takes a kind another hand holds above its least, which takes a kind still in
        the pile in exchange, and so on), which always completes the deal, since the
        true hands are one that fits."""
        others = [s for s in range(self.players) if s != seat]
        pool = [0] * N_KINDS
        for k in self.pile:
            pool[k] += 1
        for s in others:
            hand = self.hands[s]
            for k in range(N_KINDS):
                pool[k] += hand[k]
        lo, hi, sizes = self.lo, self.hi, self.sizes
        left = pool  # cards not dealt yet (they end in the pile)
        hands: dict[int, list[int]] = {}
        for s in others:  # first what each hand is known to hold
            base = s * N_KINDS
            hand = lo[base : base + N_KINDS]
            for k in range(N_KINDS):
                left[k] -= hand[k]
            hands[s] = hand
        cards = [k for k in range(N_KINDS) for _ in range(left[k])]
        rng.shuffle(cards)
        order = others.copy()
        rng.shuffle(order)
        for s in order:
            base = s * N_KINDS
            hand = hands[s]
            need = sizes[s] - sum(hand)
            rest = []
            for k in cards:
                if need and hand[k] < hi[base + k]:
                    hand[k] += 1
                    left[k] -= 1
                    need -= 1
                else:
                    rest.append(k)
            cards = rest
        short = False
        for s in order:
            while sum(hands[s]) < sizes[s]:
                self._augment(s, hands, left)
                short = True
        pile = cards  # the undealt cards, in shuffled order
        if short:  # the exchanges took some of them: deal the pile again
            pile = [k for k in range(N_KINDS) for _ in range(left[k])]
            rng.shuffle(pile)
        for s in others:
            self.hands[s] = hands[s]
        self.pile = pile

    def _augment(self, short: int, hands: dict[int, list[int]], left: list[int]) -> None:
        """Give hand ``short`` one more card without breaking any bound, by a shortest
        augmenting chain (breadth first; seats and kinds in order): each hand in it
        gives a kind it holds above its least to the one before, and takes another;
        the last takes a card still undealt."""
        lo, hi = self.lo, self.hi
        parent: dict[int, tuple[int, int]] = {short: (-1, -1)}  # seat -> (given to, kind)
        frontier = [short]
        while frontier:
            nxt: list[int] = []
            for x in frontier:
                base = x * N_KINDS
                for k in range(N_KINDS):
                    if hands[x][k] >= hi[base + k]:
                        continue
                    if left[k] > 0:  # found: x takes an undealt k, then pass it on back
                        left[k] -= 1
                        hands[x][k] += 1
                        giver = x
                        to, kind = parent[giver]
                        while to >= 0:
                            hands[giver][kind] -= 1
                            hands[to][kind] += 1
                            giver = to
                            to, kind = parent[giver]
                        return
                    for t, hand in hands.items():
                        if t not in parent and hand[k] > lo[t * N_KINDS + k]:
                            parent[t] = (x, k)
                            nxt.append(t)
            frontier = nxt
        # Unreachable for a state the rules made (its true hands fit); a save edited by
        # hand can hold knowledge no deal fits.
        raise CorruptSave(
            f"no deal fits what the table knows of seat {short}'s hand: this state's"
            " known intervals contradict its cards"
        )

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.pile]
        for hand in self.hands:
            cards.extend(_names(hand))
        for sets in self.sets:
            cards.extend(KIND_NAME[k] for k in sets for _ in range(3))
        return cards

    def box(self) -> list[str]:
        return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(COUNTS[k])]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Check the Box action; the forms are: {_FORMS}"
                f" (seats 0 to {MAX_SEATS - 1}; kinds: {', '.join(KIND_NAME)})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        asks = [_ASK[t][k] for t in range(players) for k in range(N_KINDS)]
        return [*asks, _DRAW_TWO, _DECLINE]


def _names(hand: list[int]) -> list[str]:
    return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(hand[k])]
