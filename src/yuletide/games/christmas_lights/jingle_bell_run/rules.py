"""Jingle Bell Run — race your character across a 4 x 4 grid of Pattern cards (2 to 6
players): the rules.

A Christmas Lights bonus game. The rules as implemented, the options, the rulings
(take-two, moving) and every reading of our own (advance, pay-plain-first, ...) are in
docs/rules/jingle-bell-run.md (this room's rules.md); the tests cite them by name. The
box, the grid, the actions and the notation are in box.py.

Knowledge: hands are hidden; the grid, Market, characters and discard pile (counted by
kind: its order never matters) are public. Each seat's view lists the cards it *knows*
are in each other hand (``known``), worked out from what it saw only, never from the
hand itself; they are counts the hand holds at least, in two layers:

* what the whole table knows (``public``): cards taken from the Market, and a Broken
  Bulb held by a player who chose to steal. A card that leaves a hand face up strikes
  off one of its kind if the table knew of one; a steal strikes off as many of every
  kind as cards were taken (the thief counts so too);
* what a robbed player knows (``private``): the cards taken from it are in the thief's
  hand, until the thief loses a card the table did not know of, is robbed itself, or is
  first seen to hold a Broken Bulb. How many such cards each seat knows of is public;
  only which they are is private to the two players.

``determinize(seat)`` keeps what ``seat`` knows and re-deals the rest, as a function of
what it knows and the caller's rng only: each other hand keeps the table's known cards
and ``seat``'s own private ones; the rest of those hands and the deck are dealt from
their cards in sorted order, shuffled. What a third seat privately knew of a re-dealt
hand is re-drawn from that hand's new cards, so every seat's knowledge stays true.

Phases (``current_phase``): the steps of a turn, ``start`` (placing characters),
``action``, ``take``, ``steal``, ``plug-first``, ``plug-second`` and ``discard`` (the hand
limit), and ``over``. Decisions are split so each is small: the action first, then its
cards or cells one at a time; the hand limit discards one card per decision; a Plug is
discarded as soon as ``plug`` is chosen.

Version history: 1 — first release.
"""

from __future__ import annotations

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
from yuletide.games.christmas_lights.content import COLOURS, CONTENT

from .box import (
    ACTION,
    BROKEN,
    BUBBLE,
    CELL_NAME,
    CELLS,
    CORNER,
    CORNERS,
    COUNTS,
    DEALT,
    DISCARD,
    HAND_LIMIT,
    KIND_NAME,
    LIGHTS,
    MARKET,
    MAX_PLAYERS,
    MAX_STEAL,
    N_KINDS,
    N_PATTERNS,
    NEIGHBOURS,
    OFF,
    OPPOSITE,
    PATTERN_IDS,
    PLUG,
    PLUG_FIRST,
    PLUG_SECOND,
    RESET_BUBBLES,
    RULE,
    SIDE,
    STEAL,
    STEP_NAME,
    TAKE,
    Discard,
    Draw,
    Move,
    PlugAction,
    Start,
    Steal,
    StealFrom,
    SwapFirst,
    SwapWith,
    Take,
    TakeCard,
    cell_name,
    distance,
    pay_for,
)

_START = {c: Start(c) for c in CORNERS}
_TAKE = Take()
_TAKE_CARD = tuple(TakeCard(k) for k in range(N_KINDS))
_DRAW = Draw()
_STEAL = Steal()
_STEAL_FROM = {(k, s): StealFrom(k, s) for k in range(1, MAX_STEAL + 1) for s in range(MAX_PLAYERS)}
_PLUG = PlugAction()
_SWAP_FIRST = tuple(SwapFirst(c) for c in range(CELLS))
_SWAP_WITH = tuple(SwapWith(c) for c in range(CELLS))
_MOVE = tuple(Move(c) for c in range(CELLS))
_DISCARD = tuple(Discard(k) for k in range(N_KINDS))
_NOTATION: dict[str, Action] = {
    str(a): a
    for a in (
        *_START.values(),
        _TAKE,
        *_TAKE_CARD,
        _DRAW,
        _STEAL,
        *_STEAL_FROM.values(),
        _PLUG,
        *_SWAP_FIRST,
        *_SWAP_WITH,
        *_MOVE,
        *_DISCARD,
    )
}
_FORMS = (
    "start <corner> | take | take <card> | draw | steal | steal <n> from seat <s> | plug"
    " | swap <cell> | with <cell> | move <cell> | discard <card>"
)


class JingleBellRun(State):
    game_id: ClassVar[str] = "jingle-bell-run"
    title: ClassVar[str] = "Jingle Bell Run"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "retreat",
            False,
            "characters may also move to adjacent cards that are not nearer their finish",
        ),
        Option(
            "turn_limit",
            1500,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=6_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "public",
        "private",
        "deck",
        "discard",
        "market",
        "grid",
        "boxed",
        "start",
        "where",
        "turn",
        "step",
        "taken",
        "first",
        "turns",
        "winner",
    )
    __slots__ = (*fields, "retreat", "turn_limit")
    #: The steps of a turn (``STEP_NAME``: placing characters, choosing the action, a
    #: take, a steal, a Plug's two cards, the hand limit) and the end of the game.
    phases: ClassVar[tuple[str, ...]] = (*STEP_NAME, "over")

    hands: list[int]  # count per (seat, kind): hands[seat * 9 + kind]
    #: public[owner * 9 + kind]: how many cards of that kind the whole table knows
    #: ``owner`` holds (at least): taken from the Market, a Broken Bulb of a thief.
    public: list[int]
    #: private[(viewer * players + owner) * 9 + kind]: the cards ``owner`` stole from
    #: ``viewer`` that ``viewer`` knows are still in its hand, beyond ``public`` (each
    #: physical card counted once: public + every viewer's private <= the hand).
    private: list[int]
    deck: list[int]  # kinds, top last
    discard: list[int]  # kinds, top last (public)
    market: list[int]  # kinds, in slot order
    grid: list[int]  # pattern per cell, row by row from a1
    boxed: list[int]  # the two Pattern cards left in the box
    start: list[int]  # per seat: the corner chosen, OFF before setup 5
    where: list[int]  # per seat: the card the character stands on, OFF before entering
    turn: int
    step: int
    taken: int  # cards taken so far in a take action
    first: int  # the first card chosen for a Plug swap, or -1
    turns: int
    winner: int
    retreat: bool
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.retreat = bool(self.options["retreat"])
        self.turn_limit = int(self.options["turn_limit"])
        n = self.players
        rng = self.rng
        # Setup 1: a 4 x 4 grid of Pattern cards, the other cards back in the box.
        patterns = list(range(N_PATTERNS))
        rng.shuffle(patterns)
        self.grid = patterns[:CELLS]
        self.boxed = sorted(patterns[CELLS:])
        self.log.append(("grid", *self.grid))
        # Setup 2-3: every Bulb card in the deck, five each.
        deck = [k for k in range(N_KINDS) for _ in range(COUNTS[k])]
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.hands = [0] * (n * N_KINDS)
        self.public = [0] * (n * N_KINDS)
        self.private = [0] * (n * n * N_KINDS)
        for seat in range(n):
            for _ in range(DEALT):
                self._draw(seat)
        # Setup 4: the Market.
        self.market = []
        self._refill_market()
        # Setup 5-6: characters beside corners, seat 0 first; then seat 0 starts.
        self.start = [OFF] * n
        self.where = [OFF] * n
        self.turn = 0
        self.step = CORNER
        self.taken = 0
        self.first = -1
        self.turns = 0
        self.winner = -1

    # ------------------------------------------------------------- helpers

    def hand_size(self, seat: int) -> int:
        b = seat * N_KINDS
        return sum(self.hands[b : b + N_KINDS])

    def finish(self, seat: int) -> int:
        """The seat's finish line: the corner card opposite its start."""
        return OPPOSITE[self.start[seat]]

    def targets(self, seat: int) -> list[int]:
        """The cards the seat's character may move to (paying aside)."""
        here = self.where[seat]
        if here == OFF:
            return [self.start[seat]]
        if self.retreat:
            return NEIGHBOURS[here]
        goal = self.finish(seat)
        near = distance(here, goal)
        return [c for c in NEIGHBOURS[here] if distance(c, goal) < near]

    def occupied(self, cell: int) -> bool:
        return cell in self.where

    def _next_card(self) -> int:
        """The top card of the deck, reshuffling the discard pile into it if it is empty;
        -1 if both are empty."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return -1
            deck.extend(self.discard)
            self.discard.clear()
            self.rng.shuffle(deck)
            self.log.append(("reshuffle", len(deck)))
        return deck.pop()

    def _draw(self, seat: int) -> int:
        card = self._next_card()
        if card >= 0:
            self.hands[seat * N_KINDS + card] += 1
            self.log.append(("draw", seat, card))
        return card

    def _refill_market(self) -> None:
        market = self.market
        while True:
            while len(market) < MARKET:
                card = self._next_card()
                if card < 0:
                    break
                market.append(card)
                self.log.append(("market", card))
            if market.count(BUBBLE) < RESET_BUBBLES:
                return
            others = sum(1 for k in self.deck + self.discard + market if k != BUBBLE)
            if others < RESET_BUBBLES:  # reading three-or-more-bubbles: it never could
                return
            self.discard.extend(market)
            market.clear()
            self.log.append(("market-reset",))

    def _lose(self, seat: int, kind: int) -> None:
        """A card leaves ``seat``'s hand face up. What the others knew of the hand is
        updated from what they saw only (never from the hand): a card the table knew of
        is struck off; a card it did not know of may have been one a robbed player knew
        of, so those forget what they knew (see ``_forget``)."""
        i = seat * N_KINDS + kind
        self.hands[i] -= 1
        if self.public[i]:
            self.public[i] -= 1
        else:
            self._forget(seat)

    def _forget(self, owner: int) -> None:
        """Every seat forgets the cards it privately knew ``owner`` to hold (a card left
        that hand that may have been one of them; nobody but the owner can tell)."""
        n = self.players
        private = self.private
        zero = [0] * N_KINDS
        for v in range(n):
            b = (v * n + owner) * N_KINDS
            private[b : b + N_KINDS] = zero

    def _gain_public(self, seat: int, kind: int) -> None:
        i = seat * N_KINDS + kind
        self.hands[i] += 1
        self.public[i] += 1

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return "over"
        return STEP_NAME[self.step]

    @property
    def to_act(self) -> frozenset[int]:
        if self.winner >= 0 or self.turns >= self.turn_limit:
            return frozenset()
        return _SEAT_SETS[self.turn]

    def _can_take(self) -> bool:
        return bool(self.market) or bool(self.deck) or bool(self.discard)

    def _robbable(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and self.hand_size(s)]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self.winner >= 0 or self.turns >= self.turn_limit:
            return []
        step = self.step
        hands = self.hands
        b = seat * N_KINDS
        if step == ACTION:
            acts: list[Action] = []
            if self._can_take():
                acts.append(_TAKE)
            if hands[b + BROKEN] and self._robbable(seat):
                acts.append(_STEAL)
            if hands[b + PLUG]:
                acts.append(_PLUG)
            grid = self.grid
            acts.extend(
                _MOVE[c] for c in self.targets(seat) if pay_for(hands, b, grid[c]) is not None
            )
            return acts
        if step == TAKE:
            bubble_ok = self.taken == 0
            acts = [
                _TAKE_CARD[k]
                for k in range(N_KINDS)
                if k in self.market and (bubble_ok or k != BUBBLE)
            ]
            if self.deck or self.discard:
                acts.append(_DRAW)
            return acts
        if step == DISCARD:
            return [_DISCARD[k] for k in range(N_KINDS) if hands[b + k]]
        if step == STEAL:
            broken = hands[b + BROKEN]
            return [
                _STEAL_FROM[k, s]
                for s in self._robbable(seat)
                for k in range(1, min(broken, self.hand_size(s)) + 1)
            ]
        if step == PLUG_FIRST:
            return [_SWAP_FIRST[c] for c in range(CELLS) if not self.occupied(c)]
        if step == PLUG_SECOND:
            first = self.first
            return [_SWAP_WITH[c] for c in range(CELLS) if c != first and not self.occupied(c)]
        # CORNER
        limit = 1 if self.players <= len(CORNERS) else 2
        return [_START[c] for c in CORNERS if self.start.count(c) < limit]

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is TakeCard:
            k = action.kind
            self.market.remove(k)
            self._gain_public(seat, k)
            self.taken += 1
            self.log.append(("take", seat, k))
            self._refill_market()
            if k == BUBBLE or self.taken == 2:
                self._end_action(seat)
            elif not self.legal_actions(seat):
                self._end_action(seat)  # reading take-what-there-is
        elif type(action) is Discard:
            k = action.kind
            self._lose(seat, k)
            self.discard.append(k)
            self.log.append(("discard", seat, k))
            if self.hand_size(seat) <= HAND_LIMIT:
                self._end_turn(seat)
        elif type(action) is Take:
            self.step = TAKE
            self.taken = 0
        elif type(action) is Draw:
            self._draw(seat)
            self.taken += 1
            if self.taken == 2 or not self.legal_actions(seat):
                self._end_action(seat)
        elif type(action) is PlugAction:
            self._lose(seat, PLUG)
            self.discard.append(PLUG)
            self.step = PLUG_FIRST
            self.log.append(("plug", seat))
        elif type(action) is SwapFirst:
            self.first = action.cell
            self.step = PLUG_SECOND
        elif type(action) is SwapWith:
            c = action.cell
            a = self.first
            self.grid[a], self.grid[c] = self.grid[c], self.grid[a]
            self.first = -1
            self.log.append(("swap", seat, a, c))
            self._end_action(seat)
        elif type(action) is Steal:
            # Everyone now knows a Broken Bulb is in that hand. If the table did not know
            # of one, it may be one a robbed player knew of: those forget theirs.
            j = seat * N_KINDS + BROKEN
            if not self.public[j]:
                self.public[j] = 1
                self._forget(seat)
            self.step = STEAL
            self.log.append(("steal", seat))
        elif type(action) is StealFrom:
            self._steal(seat, action.count, action.seat)
        elif type(action) is Move:
            self._move(seat, action.cell)
        elif type(action) is Start:
            cell = action.cell
            self.start[seat] = cell
            self.log.append(("start", seat, cell))
            if seat + 1 < self.players:
                self.turn = seat + 1
            else:
                self.turn = 0
                self.step = ACTION
        else:
            raise AssertionError(action)

    def _move(self, seat: int, cell: int) -> None:
        paid = pay_for(self.hands, seat * N_KINDS, self.grid[cell])
        assert paid is not None
        for k in paid:
            self._lose(seat, k)
            self.discard.append(k)
        self.where[seat] = cell
        self.log.append(("move", seat, cell, *paid))
        if cell == self.finish(seat):
            self.winner = seat
            self.log.append(("win", seat))
            return
        self._end_action(seat)

    def _steal(self, thief: int, count: int, victim: int) -> None:
        n = self.players
        for _ in range(count):
            self._lose(thief, BROKEN)
            self.discard.append(BROKEN)
        hands = self.hands
        vb = victim * N_KINDS
        got = [0] * N_KINDS
        for _ in range(count):
            cards = [k for k in range(N_KINDS) for _ in range(hands[vb + k])]
            k = cards[self.rng.below(len(cards))]
            hands[vb + k] -= 1
            hands[thief * N_KINDS + k] += 1
            got[k] += 1
        # What each seat can still be sure of, from what it saw only: any card known of
        # the victim's hand may be among those taken (the thief, too, counts it so: what
        # it took is its own hand), and the victim knows the thief holds them.
        public = self.public
        for k in range(N_KINDS):
            public[vb + k] = max(0, public[vb + k] - count)
        self._forget(victim)
        pb = (victim * n + thief) * N_KINDS
        for k in range(N_KINDS):
            self.private[pb + k] += got[k]
        stolen = [k for k in range(N_KINDS) for _ in range(got[k])]
        self.log.append(("stolen", thief, victim, count, *stolen))
        self._end_action(thief)

    def _end_action(self, seat: int) -> None:
        self.taken = 0
        if self.hand_size(seat) > HAND_LIMIT:
            self.step = DISCARD
        else:
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.step = ACTION
        self.turns += 1
        self.turn = (seat + 1) % self.players

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        step = self.step
        hand = self.hands[seat * N_KINDS : (seat + 1) * N_KINDS]
        if step == CORNER:
            if isinstance(action, Start):
                return IllegalAction(
                    f"the corner {cell_name(action.cell)} is taken: with"
                    f" {self.players} players"
                    + (
                        " every character has its own corner"
                        if self.players <= len(CORNERS)
                        else " at most two characters share a corner"
                    ),
                    "Jingle Bell Run, Setup 5",
                )
            return IllegalAction(
                "first place your character beside a corner of the grid (start <corner>)",
                "Jingle Bell Run, Setup 5",
            )
        if step == ACTION:
            if isinstance(action, Take):
                return IllegalAction("there is no card left to take", RULE)
            if isinstance(action, Steal):
                if not hand[BROKEN]:
                    return IllegalAction("you hold no Broken Bulb to discard", RULE)
                return IllegalAction("no other player holds a card to take", RULE)
            if isinstance(action, PlugAction):
                return IllegalAction("you hold no Plug", RULE)
            if isinstance(action, Move):
                return self._why_not_move(seat, action.cell, hand)
            return IllegalAction(
                "take one action: take, steal, plug or move <cell>",
                RULE + ": on your turn, take one of these actions",
            )
        if step == TAKE:
            if isinstance(action, TakeCard):
                if action.kind == BUBBLE and action.kind in self.market:
                    return IllegalAction(
                        "you may take one Bubble Bulb or any two other cards: a Bubble Bulb"
                        " from the Market cannot be your second card",
                        RULE + ": take one Bubble Bulb or any two other cards",
                    )
                shown = ", ".join(KIND_NAME[k] for k in self.market) or "nothing"
                return IllegalAction(
                    f"the Market has no {KIND_NAME[action.kind]} (it shows {shown})", RULE
                )
            if isinstance(action, Draw):
                return IllegalAction("the Bulb deck and the discard pile are empty", RULE)
            return IllegalAction(
                f"you are taking cards ({self.taken} of 2 so far): take <card> from the"
                " Market or draw",
                "ruling Jingle Bell Run: take-two",
            )
        if step == STEAL:
            if isinstance(action, StealFrom):
                s, k = action.seat, action.count
                if s == seat or s >= self.players:
                    return IllegalAction(
                        f"steal from another player: seats other than {seat}, up to"
                        f" {self.players - 1}",
                        RULE,
                    )
                if k > hand[BROKEN]:
                    return IllegalAction(
                        f"you hold {hand[BROKEN]} Broken Bulb(s): you cannot discard {k}",
                        RULE + ": discard Broken Bulbs to take an equal number of cards",
                    )
                return IllegalAction(
                    f"seat {s} holds {self.hand_size(s)} card(s): you cannot take {k}",
                    "reading steal-at-most-their-hand",
                )
            return IllegalAction(
                "say how many Broken Bulbs you discard and whom you take cards from"
                " (steal <n> from seat <s>)",
                RULE,
            )
        if step in (PLUG_FIRST, PLUG_SECOND):
            if isinstance(action, SwapFirst if step == PLUG_FIRST else SwapWith):
                if action.cell == self.first:
                    return IllegalAction("choose a second, different card", RULE)
                return IllegalAction(
                    f"a character stands on {cell_name(action.cell)}: a Plug swaps only"
                    " unoccupied cards",
                    RULE + ": play a Plug to swap two unoccupied Pattern grid cards",
                )
            return IllegalAction(
                "choose the "
                + ("first card to swap (swap <cell>)" if step == PLUG_FIRST else "second card")
                + (" (with <cell>)" if step == PLUG_SECOND else ""),
                RULE,
            )
        # DISCARD
        if isinstance(action, Discard):
            return IllegalAction(f"you hold no {KIND_NAME[action.kind]} card", RULE)
        return IllegalAction(
            f"you hold {self.hand_size(seat)} cards: discard down to seven (discard <card>)",
            "Jingle Bell Run: if you end your turn with more than seven cards, discard",
        )

    def _why_not_move(self, seat: int, cell: int, hand: list[int]) -> IllegalAction:
        here = self.where[seat]
        name = cell_name(cell)
        if cell not in self.targets(seat):
            if here == OFF:
                return IllegalAction(
                    f"your first move goes onto your starting corner,"
                    f" {cell_name(self.start[seat])}",
                    "ruling Jingle Bell Run: moving",
                )
            if cell in NEIGHBOURS[here]:
                return IllegalAction(
                    f"{name} is not nearer your finish line ({cell_name(self.finish(seat))}):"
                    " you can only advance",
                    "reading advance: You can only advance in straight lines",
                )
            return IllegalAction(
                f"{name} is not next to {cell_name(here)} in a straight line (no diagonal moves)",
                RULE + ": You can only advance in straight lines — no diagonal movement",
            )
        lights = LIGHTS[self.grid[cell]]
        needs = ", ".join(COLOURS[c] for c in lights)
        lacking = ", ".join(COLOURS[c] for c in lights if not hand[c])
        return IllegalAction(
            f"{name} ({PATTERN_IDS[self.grid[cell]]}) needs {needs}; you lack {lacking} and"
            f" hold {hand[BUBBLE]} Bubble Bulb(s)",
            RULE + ": play five cards that match the lights on an adjacent Pattern card",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.winner >= 0:
            w = self.winner
            left = []
            for s in range(self.players):
                here = self.where[s]
                goal = self.finish(s)
                left.append(-(distance(here, goal) + 1 if here != OFF else 2 * SIDE - 1))
            return Outcome(
                "finished",
                winners=(w,),
                scores=tuple(1.0 if s == w else 0.0 for s in range(self.players)),
                ranks=competition_ranks(left),
                reason=f"seat {w} reached their finish line",
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        me = seat if seat is not None and 0 <= seat < n else -1
        known = None
        hand = None
        if me >= 0:
            known = {}
            public = self.public
            private = self.private
            for o in range(n):
                if o != me:
                    b = (me * n + o) * N_KINDS
                    ob = o * N_KINDS
                    known[str(o)] = _names(
                        [public[ob + k] + private[b + k] for k in range(N_KINDS)]
                    )
            b = me * N_KINDS
            hand = _names(self.hands[b : b + N_KINDS])
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "grid": [PATTERN_IDS[p] for p in self.grid],
            "characters": list(CONTENT.characters[:n]),
            "start": [CELL_NAME[c] for c in self.start],
            "at": [CELL_NAME[c] for c in self.where],
            "finish": [CELL_NAME[OPPOSITE[c]] if c != OFF else None for c in self.start],
            "market": [KIND_NAME[k] for k in self.market],
            "deck": len(self.deck),
            "discard": _counts(self.discard),
            "hand": hand,
            "hand_sizes": [self.hand_size(s) for s in range(n)],
            "known": known,
            "taken": self.taken,
            "swapping": CELL_NAME[self.first],
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "retreat": self.retreat,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "draw":
            event: dict[str, Any] = {"type": "draw", "seat": entry[1]}
            if seat == entry[1]:
                event["card"] = KIND_NAME[entry[2]]
            return event
        if kind == "market":
            return {"type": "market", "card": KIND_NAME[entry[1]]}
        if kind == "take":
            return {"type": "take", "seat": entry[1], "card": KIND_NAME[entry[2]]}
        if kind == "discard":
            return {"type": "discard", "seat": entry[1], "card": KIND_NAME[entry[2]]}
        if kind == "move":
            return {
                "type": "move",
                "seat": entry[1],
                "to": CELL_NAME[entry[2]],
                "paid": [KIND_NAME[k] for k in entry[3:]],
            }
        if kind == "stolen":
            event = {"type": "stolen", "seat": entry[1], "from": entry[2], "count": entry[3]}
            if seat in (entry[1], entry[2]):
                event["cards"] = [KIND_NAME[k] for k in entry[4:]]
            return event
        if kind == "swap":
            return {
                "type": "swap",
                "seat": entry[1],
                "cards": [CELL_NAME[entry[2]], CELL_NAME[entry[3]]],
            }
        if kind == "start":
            return {"type": "start", "seat": entry[1], "corner": CELL_NAME[entry[2]]}
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind in ("steal", "plug", "win"):
            return {"type": kind, "seat": entry[1]}
        if kind == "market-reset":
            return {"type": "market-reset"}
        return {"type": "grid", "cards": [PATTERN_IDS[p] for p in entry[1:]]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = self.hands.copy()
        other.public = self.public.copy()
        other.private = self.private.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.market = self.market.copy()
        other.grid = self.grid.copy()
        other.boxed = self.boxed.copy()
        other.start = self.start.copy()
        other.where = self.where.copy()
        other.turn = self.turn
        other.step = self.step
        other.taken = self.taken
        other.first = self.first
        other.turns = self.turns
        other.winner = self.winner
        other.retreat = self.retreat
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal everything hidden from ``seat``, as a function of what it knows and of
        ``rng`` only: each other hand keeps the cards ``seat`` knows of (the table's
        ``public`` ones and its own ``private`` ones); the rest of those hands and the
        deck are dealt from their cards in sorted order, shuffled. What a third seat
        privately knew of a re-dealt hand (cards stolen from it) is re-drawn from that
        hand's newly dealt cards, as many as it knew of (a count ``seat`` can follow:
        see the module docstring), so it stays true of the new world."""
        n = self.players
        hands = self.hands
        public = self.public
        private = self.private
        count = [0] * N_KINDS
        for k in self.deck:
            count[k] += 1
        free: dict[int, int] = {}
        for o in range(n):
            if o == seat:
                continue
            b = o * N_KINDS
            mine = (seat * n + o) * N_KINDS
            free[o] = 0
            for k in range(N_KINDS):
                keep = public[b + k] + private[mine + k]
                count[k] += hands[b + k] - keep
                free[o] += hands[b + k] - keep
                hands[b + k] = keep
        pool = [k for k in range(N_KINDS) for _ in range(count[k])]
        rng.shuffle(pool)
        for o, m in free.items():
            dealt = pool[len(pool) - m :]
            del pool[len(pool) - m :]
            b = o * N_KINDS
            for k in dealt:
                hands[b + k] += 1
            # A third seat's private knowledge of o: as many of o's new cards.
            i = 0
            for v in range(n):
                if v in (seat, o):
                    continue
                pb = (v * n + o) * N_KINDS
                size = sum(private[pb : pb + N_KINDS])
                if not size:
                    continue
                knew = [0] * N_KINDS
                for k in dealt[i : i + size]:
                    knew[k] += 1
                private[pb : pb + N_KINDS] = knew
                i += size
        self.deck = pool

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.deck + self.discard + self.market]
        hands = self.hands
        for i, count in enumerate(hands):
            cards.extend([KIND_NAME[i % N_KINDS]] * count)
        cards.extend(PATTERN_IDS[p] for p in self.grid + self.boxed)
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
                f"{text!r} is not a Jingle Bell Run action; the forms are: {_FORMS} (cards:"
                f" {', '.join(KIND_NAME)}; cells a1 to d4, a1 top left; corners a1, d1,"
                " a4, d4)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [a for a in _NOTATION.values() if not isinstance(a, StealFrom) or a.seat < players]


def _counts(cards: list[int]) -> dict[str, int]:
    """How many cards of each kind (a pile whose order does not matter), in kind order."""
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return {KIND_NAME[k]: n for k, n in enumerate(counts) if n}


def _names(counts: list[int]) -> list[str]:
    """The cards of a count-per-kind list, by name, in kind order."""
    if not any(counts):
        return []
    return [name for name, c in zip(KIND_NAME, counts, strict=True) for _ in range(c)]
