"""Christmas Lights — the main game for 2 to 6 players: you see every hand but your own.

The rules are docs/rules/christmas-lights.md, with rulings M1-M18, our readings and
"Every game: safety limits" (``turn_limit``) in docs/rulings.md. This module is the game
as a :class:`~yuletide.core.state.State`: the deal, who acts, the legal actions and what
each does, in rulebook order, the outcome, and copies. The rest of the room:

* ``box``: the cards as numbers, the actions and their notation;
* ``fields``: every saved field, declared once (its type is its copy-on-write policy);
* ``steps``: the turn machine, one record per step (what it offers, how it advances);
* ``knowledge``: what each seat knows, and ``determinize``'s worlds;
* ``window``: views and event logs per seat, and their caches;
* ``wording``: refusals (``why_illegal``), the log as each seat reads it, questions.

What the page leaves to the engine: the ``complete`` event names the Pattern card turned
face up (``pattern_card`` 1 or 2) as well as the pattern and the end; the others see a
commitment as "commit (secret)" and an undisclosed M15 choice as "decide (secret until
everyone has decided)".

Options: ``turn_limit`` (default 600 turns; the game then ends unfinished, but never cuts
the final round short); ``free_actions`` (marks and moves per turn, default 1; 0 turns
them off).

Version history: 1 — first release (the ``complete`` event's ``pattern_card``, the card
ids a determinization gives by place and the canonical determinize came later within
it, changing no save).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from yuletide.games.christmas_lights.main import box as _box
from yuletide.games.christmas_lights.main import knowledge, window, wording
from yuletide.games.christmas_lights.main.box import (
    BOX_KINDS,
    BROKEN,
    BUBBLE,
    CHARACTER_NAME,
    CHRISTMAS_EVE,
    EVENT_NAME,
    HAND_SIZE,
    KIND_NAME,
    LIGHT_SWITCH,
    LINES,
    LUMP_OF_COAL,
    N_CARDS,
    N_MARKS,
    PATTERN_IDS,
    PLAYS_PER_TURN,
    PLUG,
    PLUG_SLOT,
    POWER_OUTAGE,
    POWER_SURGE,
    SANTA,
    SEAT_ACTS,
    SLOTS,
    Card,
    Draw,
    Mark,
    Move,
    Seat,
)
from yuletide.games.christmas_lights.main.fields import (
    DECLINED,
    FIELDS,
    FINISHED,
    NOT_ASKED,
    ON_TABLE,
    ONGOING_RESULT,
    QH,
    QH_ALL,
    QH_MASK,
    QH_OP,
    QH_TYPE,
    UNDECIDED,
    UNFINISHED,
    UNSOLD,
    Fields,
    own_lists,
    share_fields,
)
from yuletide.games.christmas_lights.main.knowledge import (
    F_N,
    F_SELLER,
    FH,
    answer,
    fact_cards,
)
from yuletide.games.christmas_lights.main.steps import (
    BUYER,
    EVENT,
    NEXT,
    OVER,
    PHASES,
    PLAY,
    SALE_OFFER,
    STEPS,
    commits,
    free_cards,
    next_steps,
    targets,
)
from yuletide.games.christmas_lights.main.wording import question_text

_NOBODY: frozenset[int] = frozenset()


class ChristmasLights(Fields, State):
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
            maximum=5_000,
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
    fields: ClassVar[tuple[str, ...]] = FIELDS
    __slots__ = (*FIELDS, "turn_limit", "free_per_turn", "_shared", "_public", "_renders")

    turn_limit: int
    free_per_turn: int
    #: Lists may be shared with a clone: ``_before_change`` copies them before any change.
    _shared: bool
    #: The caches, immutable values of this state's own (see ``window``).
    _public: window.PublicParts | None
    _renders: window.Renders

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.players
        rng = self.rng
        self.turn_limit = int(self.options["turn_limit"])
        self.free_per_turn = int(self.options["free_actions"])
        self._shared = False
        self._public = None
        self._renders = window.NO_RENDERS
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

    def needed(self, seat: int, slot: int) -> int:
        """The colour slot ``slot`` (0-based) of the current string of ``seat`` needs."""
        c = self.commit[seat]
        return LINES[self.patterns[seat][c >> 1] * 2 + (c & 1)][slot]

    def _question_parts(self) -> tuple[list[int], int]:
        """The positions (0-based; every position for "all") and k of the built question."""
        q = self.q
        if q[QH_ALL]:
            return list(range(len(self.hands[self.turn]))), q[-1]
        return q[QH:-1], q[-1]

    def _question_string(self) -> str:
        q = self.q
        positions, k = self._question_parts()
        return question_text(
            q[QH_TYPE], positions, all_flag=q[QH_ALL], mask=q[QH_MASK], op=q[QH_OP], k=k
        )

    # ------------------------------------------------------------- the contract

    @property
    def current_phase(self) -> str:
        """The phase (one of ``phases``; see ``steps``): the final round and
        the game's end first, then a free action awaiting its card, then the step."""
        step = self.step
        if step == OVER:
            return "over"
        if self.final_round:
            return "final-round"
        if self.free_pending[self.turn] >= 0:
            return "free-action"
        if step == PLAY:
            return "commit" if commits(self, self.turn) else "play"
        return STEPS[step].phase

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
        step = STEPS[self.step]
        if step.by_turn:
            if seat != self.turn:
                return []
            if self.free_pending[seat] >= 0:
                return free_cards(self, seat)
        return step.offers(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        """A free action first (M12: begun, or finished with its card), else the step's."""
        if self.free_pending[seat] >= 0:
            match action:
                case Card(pos=pos):
                    self._free_finish(seat, pos)
                case _:
                    raise AssertionError(f"{action} does not finish a free action")
            return
        match action:
            case Mark(mark=mark):
                self.free_left[seat] -= 1
                self.free_pending[seat] = mark
            case Move(where=where):
                self.free_left[seat] -= 1
                self.free_pending[seat] = N_MARKS + where
            case _:
                STEPS[self.step].advance(self, seat, action)

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
            at = self.strings[seat].index(-1) if slot < 0 else slot
            need = self.needed(seat, at)
            if kind in (need, BUBBLE) or (kind == BROKEN and slot < 0):
                string = list(self.strings[seat])  # rows are replaced, never changed
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
        revealed = list(self.revealed[seat])
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
                revealed = list(self.revealed[seat])
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
        match action:
            case Card(pos=pos):
                value = self.hands[seat][pos]
            case Draw():
                value = 0
            case _:  # none
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
            facts = list(self.facts)
            for i, fact in enumerate(facts):
                if fact[F_SELLER] == seat and card in fact_cards(fact):
                    n = fact[F_N]
                    new = list(fact)
                    for j in range(FH + n, FH + 2 * n):
                        if new[j] == card:
                            new[j] = seen
                    facts[i] = new
            self.facts = facts

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

    # ----------------------------------------------------- REFILL, drawing, turns

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
                and (commits(self, seat) or targets(self, seat))
            ):
                return
            self.step = NEXT
        if self.step == NEXT and not next_steps(self, seat):
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

    # ------------------------------------------------- words and windows (elsewhere)

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
        return wording.why_illegal(self, seat, action)

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        return wording.action_seen_by(self, seat, action, viewer)

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        return wording.render_event(self, entry, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return window.view(self, seat)

    def events(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        return window.events(self, seat, start)

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        """An independent copy in O(fields): copy on write. The copy shares this state's
        lists until either state changes (``_before_change``), and starts from its
        caches, which are immutable values (``window``)."""
        other = self._clone_base()
        share_fields(self, other)
        other.turn_limit = self.turn_limit
        other.free_per_turn = self.free_per_turn
        other._public = self._public
        other._renders = self._renders
        other._shared = self._shared = True
        return other

    def _before_change(self) -> None:
        """Run before any change (``apply_unchecked``, ``_redeal``, ``touch``, a load):
        drop the view cache and stop sharing lists with clones, copying each list the
        rules change in place (which lists, and how deep, ``fields`` derives)."""
        self._public = None
        if not self._shared:
            return
        self._shared = False
        own_lists(self)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        self._before_change()
        State.apply_unchecked(self, seat, action)  # not super(): this is the hot path

    def touch(self) -> None:
        """Tell the state its fields were changed by hand (tests building a situation):
        drops the view cache and stops sharing lists with clones."""
        self._before_change()

    def _restore_snapshot(self, data: Mapping[str, Any]) -> None:
        self._before_change()
        super()._restore_snapshot(data)
        self._public = None

    def _redeal(self, seat: int, rng: Rng) -> None:
        self._before_change()
        self._renders = window.NO_RENDERS
        knowledge.redeal(self, seat, rng)

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
        return _box.parse(text)

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return _box.action_space(players)
