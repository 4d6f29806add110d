"""A Christmas Story — deduction, dares and peeking for 3 to 6 players: the rules.

The rules as implemented, the options and every ruling (S1 to S14) and reading of our
own are in docs/rules/christmas-story.md (this room's rules.md); the tests cite them by
name. The box, the actions and the notation are in box.py.

Knowledge model: a seat knows the identity of a card it has peeked (a Swap or accepted
Dare that brought it the card face down, a Triple-Dog-Dare, a Free Peek) for the rest of
the game, wherever the card goes; face-up cards are public. Everything else — who holds
which card, every Peek token, the Leg Lamp's holder, every action, which cards each seat
has peeked — is public; only what a seat saw is private. Nobody sees an unpeeked
face-down card, their own included. Option ``deduction`` adds, for each face-down card,
the identities still possible from that seat's knowledge alone. No rule's outcome
depends on a hidden card except opening the presents, which ends the game or turns the
cards concerned face up, so the unseen cards are exchangeable: ``determinize(seat, rng)``
keeps face-up cards and the seat's peeked cards and deals the pool it has not seen,
sorted and then shuffled with the caller's rng, onto the unseen cards in letter order —
a function of the seat's knowledge and the rng only. Other seats' knowledge is
re-sampled with it (their private peek events show as the table saw them); every place,
token, the lamp, the Dare in progress and the step stay.

Phases (``current_phase``): ``turn``, ``lamp-turn`` (the same, holding the Leg Lamp),
``declare`` (after ``open``), ``answer-dare``, ``turn-card-up`` (the refuser's card) and
``over``; the view's ``step`` names the same steps without the lamp distinction.
Hand-built action objects that are not actions of the game (a slot other than 0 and 1,
a card this player count does not deal, one card declared twice) are refused with a
NotationError before the rules see them.

Events: every action is public; a ``peek`` event names the card to everyone and its
identity to the peeker only. ``ending`` says how the game ended: ``presents``, ``bully``
(a correct opening with a Bully: no winner) or ``last-standing``; the turn limit ends
the game *unfinished*.

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
    action_fields,
    competition_ranks,
    turn_limit_reached,
)
from yuletide.games.christmas_story.content import CONTENT

from .box import (
    ANSWER,
    ANSWERS,
    ANSWERS_LAMP,
    BB_GUN,
    BULLY_LOSS,
    DARES,
    DECLARATIONS,
    DECLARE,
    DECODER,
    EMPTY,
    ENDING_NAME,
    FORMS,
    FREE_PEEKS,
    GROVER,
    KIND_NAME,
    LAST_STANDING,
    LETTER_UP,
    LETTERS,
    MAX_CARDS,
    MIDDLE,
    N_KINDS,
    NOT_OVER,
    NOTATION,
    OPEN,
    PENALTY,
    PRESENTS_FOUND,
    R_DARE,
    R_FREE_PEEK,
    R_LAMP_REFUSE,
    R_OPEN,
    R_REFUSED,
    R_SETUP,
    R_SWAP,
    R_TDD,
    R_WIN,
    SCUT,
    SLOTS,
    STEP_NAME,
    SWAPS,
    TRIPLE_DOG_DARES,
    TURN,
    TURN_UPS,
    Accept,
    Dare,
    Declare,
    FreePeek,
    Open,
    Refuse,
    Swap,
    TripleDogDare,
    TurnUp,
    cards_named,
    letter,
    space,
)

# ------------------------------------------------------------------------------ game


class ChristmasStory(State):
    game_id: ClassVar[str] = "christmas-story"
    title: ClassVar[str] = "A Christmas Story"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = CONTENT.min_players
    max_players: ClassVar[int] = CONTENT.max_players
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "deduction",
            True,
            "show, for every face-down card, the identities still possible given what"
            " the seat has seen",
        ),
        Option(
            "turn_limit",
            1000,
            "turns after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=2_000,
        ),
    )
    #: ``current_phase``: the active player's turn (``turn``; ``lamp-turn`` when they
    #: hold the Leg Lamp, so Triple-Dog-Dare and Free Peek are on offer), the
    #: declaration after ``open``, a Dare waiting for its answer, the refuser's card to
    #: turn face up, and the end (also when the turn limit ends the game).
    phases: ClassVar[tuple[str, ...]] = (
        "turn",
        "lamp-turn",
        "declare",
        "answer-dare",
        "turn-card-up",
        "over",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "ident",
        "table",
        "place",
        "face_up",
        "tokens",
        "known",
        "out",
        "lamp",
        "turn",
        "step",
        "dare",
        "turns",
        "ending",
        "winner",
    )
    __slots__ = (*fields, "counts", "deduction", "n_cards", "n_hand", "turn_limit")

    ident: list[int]  # per card (letter): its kind, fixed for the game; hidden
    #: The places cards lie in: 2 per seat in seat order (seat s: places 2s and 2s+1,
    #: EMPTY once the seat is out), then the middle's places in order.
    table: list[int]
    place: list[int]  # per card: the place it lies in
    face_up: list[int]  # per card: 1 once face up (for the rest of the game)
    tokens: list[int]  # per card: bit s set while seat s has a Peek token on it
    known: list[int]  # per card: bit s set once seat s has peeked at it (its memory)
    out: list[int]  # per seat: 0 while in the game, else k for the k-th player out
    lamp: int  # the seat holding the Leg Lamp, or MIDDLE
    turn: int  # the active player
    step: int
    dare: list[int]  # [darer's card, dared card] while a Dare is answered / paid for
    turns: int  # turns completed
    ending: int  # NOT_OVER or how the game ended
    winner: int  # the winning seat, or -1
    counts: tuple[int, ...]  # cards of each kind in this game
    deduction: bool
    n_cards: int
    n_hand: int  # places in hands: the middle starts there
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.deduction = bool(self.options["deduction"])
        self.turn_limit = int(self.options["turn_limit"])
        n = self.players
        self.counts = CONTENT.counts(n)
        deck = [k for k, count in enumerate(self.counts) for _ in range(count)]
        self.rng.shuffle(deck)
        cards = len(deck)
        self.n_cards = cards
        self.n_hand = CONTENT.dealt_each * n
        # Reading card-letters: card c is the c-th dealt (two to each seat in turn, then
        # the middle); the identities are the shuffled deck's.
        self.ident = deck
        self.table = list(range(cards))
        self.place = list(range(cards))
        self.face_up = [0] * cards
        self.tokens = [0] * cards
        self.known = [0] * cards
        self.out = [0] * n
        self.lamp = MIDDLE
        self.turn = 0
        self.step = TURN
        self.dare = []
        self.turns = 0
        self.ending = NOT_OVER
        self.winner = -1
        self.log.append(("deal", n, cards))

    # ---------------------------------------------------------------- places

    def holder(self, card: int) -> int:
        """The seat holding ``card``, or MIDDLE."""
        p = self.place[card]
        return p >> 1 if p < self.n_hand else MIDDLE

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, in slot order ([] once out)."""
        return [c for c in self.table[2 * seat : 2 * seat + 2] if c != EMPTY]

    @property
    def middle(self) -> list[int]:
        """The cards in the middle, in order."""
        return self.table[self.n_hand :]

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        if self.ending or self.turns >= self.turn_limit:
            return "over"
        step = self.step
        if step == TURN:
            return "lamp-turn" if self.lamp == self.turn else "turn"
        return STEP_NAME[step]

    @property
    def to_act(self) -> frozenset[int]:
        """The active player, or the dared player while a Dare is answered or paid for."""
        if self.ending or self.turns >= self.turn_limit:
            return _NOBODY
        if self.step >= ANSWER:
            return _SEAT_SETS[self.place[self.dare[1]] >> 1]
        return _SEAT_SETS[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.ending or self.turns >= self.turn_limit:
            return []
        step = self.step
        if step == TURN:
            if seat != self.turn:
                return []
            table = self.table
            h = 2 * seat
            nh = self.n_hand
            middle = table[nh:]
            swap_1, swap_2 = SWAPS
            acts: list[Action] = [swap_1[c] for c in middle]
            acts.extend([swap_2[c] for c in middle])
            theirs = [c for c in table[:h] if c != EMPTY]
            theirs.extend([c for c in table[h + 2 : nh] if c != EMPTY])
            dare_1, dare_2 = DARES
            acts.extend([dare_1[c] for c in theirs])
            acts.extend([dare_2[c] for c in theirs])
            acts.append(OPEN)
            if self.lamp == seat:
                tdd_1, tdd_2 = TRIPLE_DOG_DARES
                acts.extend([tdd_1[c] for c in theirs])
                acts.extend([tdd_2[c] for c in theirs])
                acts.extend([FREE_PEEKS[i] for i in SLOTS if not self.face_up[table[h + i]]])
            return acts
        if step == DECLARE:
            return list(DECLARATIONS[self.n_cards]) if seat == self.turn else []
        if seat != self.place[self.dare[1]] >> 1:
            return []
        if step == ANSWER:
            return list(ANSWERS_LAMP if self.lamp == seat else ANSWERS)
        h = 2 * seat
        return [TURN_UPS[i] for i in SLOTS if not self.face_up[self.table[h + i]]]

    def _apply(self, seat: int, action: Action) -> None:
        log = self.log
        if type(action) is Swap:
            mine, other = self.table[2 * seat + action.slot], action.other
            log.append(("swap", seat, mine, other))
            self._exchange(mine, other)
            self._take(seat, other)
            self._end_turn()
        elif type(action) is Dare:
            mine, theirs = self.table[2 * seat + action.slot], action.theirs
            log.append(("dare", seat, mine, theirs, self.holder(theirs)))
            self.dare = [mine, theirs]
            self.step = ANSWER
        elif type(action) is Refuse:
            lamp = action.lamp
            log.append(("refuse", seat, int(lamp)))
            self._give_lamp(self.turn)  # S6, S7: the darer takes it from wherever it is
            if not lamp and any(not self.face_up[c] for c in self.hand(seat)):
                self.step = PENALTY  # S8: nothing to turn up if both are face up
                return
            self._end_turn()
        elif type(action) is Accept:
            mine, theirs = self.dare
            log.append(("accept", seat))
            self._exchange(mine, theirs)
            self._take(self.turn, theirs)  # S5: only the darer peeks
            self._end_turn()
        elif type(action) is TurnUp:
            self._flip(self.table[2 * seat + action.slot], "refused")
            self._end_turn()
        elif type(action) is Open:
            log.append(("open", seat))
            self.step = DECLARE
        elif type(action) is Declare:
            self._declare(seat, action.first, action.second)
        elif type(action) is TripleDogDare:
            mine, theirs = self.table[2 * seat + action.slot], action.theirs
            log.append(("triple-dog-dare", seat, mine, theirs, self.holder(theirs)))
            self._exchange(mine, theirs)
            self._take(seat, theirs)
            self._give_lamp(MIDDLE)
            self._end_turn()
        elif type(action) is FreePeek:
            card = self.table[2 * seat + action.slot]
            log.append(("free-peek", seat, card))
            self._peek(seat, card)
            self._give_lamp(MIDDLE)
            self._end_turn()
        else:
            raise AssertionError(action)

    # The mechanics the actions share.

    def _exchange(self, a: int, b: int) -> None:
        """Swap the places of cards ``a`` and ``b`` (face and tokens travel with them)."""
        place = self.place
        pa, pb = place[a], place[b]
        self.table[pa] = b
        self.table[pb] = a
        place[a] = pb
        place[b] = pa

    def _take(self, seat: int, card: int) -> None:
        """ "If the card you took in the swap is face-down, peek at the card" (S14)."""
        if not self.face_up[card]:
            self._peek(seat, card)

    def _peek(self, seat: int, card: int) -> None:
        """Look at ``card`` and put a Peek token on it (S2: at most one per seat)."""
        bit = 1 << seat
        self.known[card] |= bit
        placed = not self.tokens[card] & bit
        self.tokens[card] |= bit
        self.log.append(("peek", seat, card, int(placed)))
        if placed:  # S4: the auto-flip check runs when a token is placed
            mask = self._in_game_mask()
            if self.tokens[card] & mask == mask:
                self._flip(card, "all-peeked")

    def _flip(self, card: int, why: str) -> None:
        """Turn ``card`` face up for good; its Peek tokens go back to their owners (S3)."""
        self.face_up[card] = 1
        self.tokens[card] = 0
        self.log.append(("flip", card, why))

    def _give_lamp(self, holder: int) -> None:
        if self.lamp != holder:
            self.lamp = holder
            self.log.append(("lamp", holder))

    def _in_game_mask(self) -> int:
        mask = 0
        for s, gone in enumerate(self.out):
            if not gone:
                mask |= 1 << s
        return mask

    def _end_turn(self) -> None:
        self.step = TURN
        self.dare = []
        self.turns += 1
        n = self.players
        s = self.turn
        for _ in range(n):
            s = (s + 1) % n
            if not self.out[s]:
                break
        self.turn = s

    def _declare(self, seat: int, first: int, second: int) -> None:
        ident = self.ident
        self.log.append(("declare", seat, first, second))
        for card in (first, second):
            if not self.face_up[card]:
                self._flip(card, "declared")
        if (ident[first], ident[second]) in _PRIZES:  # S10: both, in either order
            self.log.append(("correct", seat))
            hand = self.hand(seat)
            for card in hand:
                if not self.face_up[card]:
                    self._flip(card, "revealed")
            if any(ident[card] in _BULLIES for card in hand):
                self.ending = BULLY_LOSS  # S11: the game is over with no winner
                self.log.append(("bully", seat))
            else:
                self.ending = PRESENTS_FOUND
                self.winner = seat
                self.log.append(("win", seat, "presents"))
            return
        self.log.append(("incorrect", seat))
        self._eliminate(seat)
        if not self.ending:
            self._end_turn()

    def _eliminate(self, seat: int) -> None:
        """S13: the player is out, their cards go face up to the middle, their tokens
        return and stop counting; S4: the auto-flip check runs; S12: one left wins."""
        self.out[seat] = 1 + sum(1 for gone in self.out if gone)
        table = self.table
        hand = self.hand(seat)
        table[2 * seat] = table[2 * seat + 1] = EMPTY
        self.log.append(("out", seat, hand[0], hand[1]))
        for card in hand:
            self.place[card] = len(table)
            table.append(card)
            if not self.face_up[card]:
                self._flip(card, "out")
        keep = ~(1 << seat)
        tokens = self.tokens
        for card in range(self.n_cards):
            tokens[card] &= keep
        if self.lamp == seat:  # reading lamp-of-the-eliminated
            self._give_lamp(MIDDLE)
        mask = self._in_game_mask()
        for card in range(self.n_cards):
            if not self.face_up[card] and tokens[card] & mask == mask:
                self._flip(card, "all-peeked")
        left = [s for s in range(self.players) if not self.out[s]]
        if len(left) == 1:
            self.ending = LAST_STANDING
            self.winner = left[0]
            self.log.append(("win", left[0], "last-standing"))

    # --------------------------------------------------------- checked path

    def check_action(self, action: Any) -> Action:
        """Core's guard (an action object must be one of ``action_space``), saying
        exactly what is wrong with one of this game's action objects built by hand: a
        slot other than your two cards, a card this player count does not deal, a
        declaration of one card twice."""
        try:
            return super().check_action(action)
        except NotationError as err:
            better = self._not_an_action(action)
            if better is None:
                raise
            raise better from err

    def _not_an_action(self, action: Any) -> NotationError | None:
        """Why a hand-built object of one of this game's action classes is not one of
        its actions (None when it is not one of them, or nothing more specific is
        known): depends on the player count alone."""
        if not isinstance(action, _OWN_ACTIONS):
            return None
        what = action_fields(action)
        slot = getattr(action, "slot", 0)
        if type(slot) is not int or slot not in SLOTS:
            return NotationError(
                f"{what} names slot {slot!r}: your own cards are slots 0 and 1 (written 1"
                " and 2 in notation, as in 'swap 1 g'); other cards are named by letter",
                R_SETUP,
            )
        cards = self.n_cards
        named = cards_named(action)
        for card in named:
            if type(card) is not int or not 0 <= card < cards:
                last = letter(cards - 1)
                if type(card) is int and 0 <= card < MAX_CARDS:  # a letter of the box
                    why = f"card {letter(card)} in a {self.players}-player game: the cards"
                    why += f" are A to {last}"
                else:
                    why = f"card {card!r} in a {self.players}-player game: the cards are A"
                    why += f" to {last}, 0 to {cards - 1} in an action object"
                return NotationError(f"there is no {why}", R_SETUP)
        if isinstance(action, Declare) and not named[0] < named[1]:
            return NotationError(
                f"{what} is not a declaration: declare two different cards, the lower"
                " first in an action object (Declare(first, second) with first < second)",
                R_WIN,
            )
        return None

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        step = self.step
        if step == DECLARE:
            return IllegalAction(
                "you announced that you are opening the presents: declare the two cards you"
                " think are the Decoder Pin and the BB Gun (declare <card> <card>)",
                R_WIN,
            )
        if step == ANSWER:
            mine, theirs = self.dare
            if isinstance(action, Refuse):  # only "refuse with lamp" can be illegal here
                return IllegalAction(
                    "you do not hold the Leg Lamp, so you cannot refuse without turning a"
                    " card face up: accept or refuse",
                    R_LAMP_REFUSE,
                )
            answers = "accept, refuse or refuse with lamp"
            if self.lamp != seat:
                answers = "accept or refuse"
            return IllegalAction(
                f"seat {self.turn} dares you to swap your {letter(theirs)} for their"
                f" {letter(mine)}: answer {answers}",
                R_DARE,
            )
        hand = self.hand(seat)
        if step == PENALTY:
            down = [f"flip {i + 1}" for i, c in enumerate(hand) if not self.face_up[c]]
            if isinstance(action, TurnUp):
                return IllegalAction(
                    f"your card {action.slot + 1} ({letter(hand[action.slot])}) is already face"
                    f" up: {' or '.join(down)}",
                    R_REFUSED,
                )
            return IllegalAction(
                "you refused the Dare: choose one of your face-down cards to turn face up"
                f" ({' or '.join(down)})",
                R_REFUSED,
            )
        # The active player's turn.
        if isinstance(action, Accept | Refuse):
            return IllegalAction("nobody has dared you: there is no Dare to answer", R_DARE)
        if isinstance(action, TurnUp):
            return IllegalAction(
                "you have not refused a Dare: there is no card to turn face up", R_REFUSED
            )
        if isinstance(action, Declare):
            return IllegalAction(
                "announce that you are opening the presents first (open), then declare",
                R_OPEN,
            )
        if isinstance(action, TripleDogDare | FreePeek) and self.lamp != seat:
            where = "it is in the middle" if self.lamp == MIDDLE else f"seat {self.lamp} holds it"
            return IllegalAction(
                f"you do not hold the Leg Lamp ({where})",
                R_TDD if isinstance(action, TripleDogDare) else R_FREE_PEEK,
            )
        if isinstance(action, FreePeek):
            return IllegalAction(
                f"your card {action.slot + 1} ({letter(hand[action.slot])}) is face up: Free"
                " Peek looks at one of your face-down cards",
                R_FREE_PEEK,
            )
        if isinstance(action, Swap):
            held = ", ".join(letter(c) for c in self.middle)
            return IllegalAction(
                f"card {letter(action.other)} is not in the middle (the middle holds {held})",
                R_SWAP,
            )
        if isinstance(action, Dare | TripleDogDare):
            rule = R_DARE if isinstance(action, Dare) else R_TDD
            if action.theirs in hand:
                return IllegalAction(
                    f"card {letter(action.theirs)} is your own: choose one of an opponent's cards",
                    rule,
                )
            return IllegalAction(
                f"card {letter(action.theirs)} is in the middle: choose one of an opponent's"
                " cards (SWAP takes a card from the middle)",
                rule,
            )
        return super().why_illegal(seat, action)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        ending = self.ending
        if ending == NOT_OVER:
            if self.turns >= self.turn_limit:
                return turn_limit_reached(self.turn_limit)
            return _ONGOING
        n = self.players
        keys = []
        for s in range(n):  # reading ranks
            if s == self.winner:
                keys.append(1000)
            elif ending == BULLY_LOSS and s == self.turn:
                keys.append(-1)
            elif self.out[s]:
                keys.append(self.out[s])
            else:
                keys.append(500)
        if ending == BULLY_LOSS:
            return Outcome(
                "finished",
                winners=(),
                scores=(0.0,) * n,
                ranks=competition_ranks(keys),
                reason=(
                    f"bully: seat {self.turn} found the Decoder Pin and the BB Gun but holds"
                    " a Bully, so the game ends with no winner"
                ),
                details={"ending": "bully"},
            )
        w = self.winner
        reason = (
            f"presents: seat {w} found the Decoder Pin and the BB Gun"
            if ending == PRESENTS_FOUND
            else f"last-standing: seat {w} is the last player left in the game"
        )
        return Outcome(
            "finished",
            winners=(w,),
            scores=tuple(1.0 if s == w else 0.0 for s in range(n)),
            ranks=competition_ranks(keys),
            reason=reason,
            details={"ending": reason.split(":", 1)[0]},
        )

    def possible(self, seat: int | None) -> tuple[list[int], list[int]]:
        """The deduction helper's data: (how many cards of each kind ``seat`` has not
        seen, the face-down cards it has not peeked). It uses only the game's card counts,
        face-up cards and the seat's own peeks (None: a spectator, face-up cards only)."""
        bit = 1 << seat if seat is not None and 0 <= seat < self.players else 0
        left = list(self.counts)
        unseen = []
        ident = self.ident
        known = self.known
        face_up = self.face_up
        for card in range(self.n_cards):
            if face_up[card] or known[card] & bit:
                left[ident[card]] -= 1
            else:
                unseen.append(card)
        return left, unseen

    def view(self, seat: int | None) -> dict[str, Any]:
        bit = 1 << seat if seat is not None and 0 <= seat < self.players else 0
        n = self.players
        ident = self.ident
        face_up = self.face_up
        known = self.known
        tokens = self.tokens
        deduce = self.deduction
        cards: list[dict[str, Any]] = []
        deduction: dict[str, Any] | None = None
        if deduce:
            left, unseen = self.possible(seat)
            still = [KIND_NAME[k] for k in range(N_KINDS) if left[k] > 0]
            candidates: list[list[str]] = [[] for _ in range(N_KINDS)]
        for c in range(self.n_cards):
            up = face_up[c]
            mine = known[c] & bit
            name = KIND_NAME[ident[c]] if up or mine else None
            entry: dict[str, Any] = {
                "card": LETTER_UP[c],
                "face_up": bool(up),
                "identity": name,
                "peeked": bool(mine),
                "tokens": list(_TOKEN_SEATS[tokens[c]]),
            }
            if deduce:
                if name is None:
                    entry["possible"] = still.copy()
                    for k in range(N_KINDS):
                        if left[k] > 0:
                            candidates[k].append(LETTER_UP[c])
                else:
                    entry["possible"] = [name]
                    candidates[ident[c]].append(LETTER_UP[c])
            cards.append(entry)
        if deduce:
            deduction = {
                "unseen_cards": len(unseen),
                "unaccounted": {KIND_NAME[k]: left[k] for k in range(N_KINDS)},
                "candidates": {KIND_NAME[k]: candidates[k] for k in range(N_KINDS)},
            }
        table = self.table
        nh = self.n_hand
        peeked = [
            {
                "card": LETTER_UP[c],
                "identity": KIND_NAME[ident[c]],
                "where": "middle" if self.place[c] >= nh else f"seat {self.place[c] >> 1}",
                "face_up": bool(face_up[c]),
            }
            for c in range(self.n_cards)
            if known[c] & bit
        ]
        on_table = [0] * n
        for mask in tokens:
            for s in _TOKEN_SEATS[mask]:
                on_table[s] += 1
        dare = None
        if self.step >= ANSWER:
            a, b = self.dare
            dare = {
                "darer": self.turn,
                "darer_card": LETTER_UP[a],
                "dared": self.holder(b),
                "dared_card": LETTER_UP[b],
            }
        order = sorted((self.out[s], s) for s in range(n) if self.out[s])
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "to_act": sorted(self.to_act),
            "step": STEP_NAME[self.step],
            "hands": [[cards[c] for c in table[2 * s : 2 * s + 2] if c != EMPTY] for s in range(n)],
            "middle": [cards[c] for c in table[nh:]],
            "peeked": peeked,
            "leg_lamp": None if self.lamp == MIDDLE else self.lamp,
            "token_colours": list(CONTENT.token_colours[:n]),
            "tokens_left": [CONTENT.tokens_per_colour - k for k in on_table],
            "in_game": [s for s in range(n) if not self.out[s]],
            "out": [s for _, s in order],
            "dare": dare,
            "deduction": deduction,
            "cards_in_game": {KIND_NAME[k]: self.counts[k] for k in range(N_KINDS)},
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "ending": ENDING_NAME[self.ending],
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "deal":
            return {
                "type": "deal",
                "players": entry[1],
                "cards": entry[2],
                "each": CONTENT.dealt_each,
                "middle": CONTENT.middle,
            }
        if kind == "swap":
            return {
                "type": "swap",
                "seat": entry[1],
                "gave": letter(entry[2]),
                "took": letter(entry[3]),
            }
        if kind == "peek":
            event: dict[str, Any] = {
                "type": "peek",
                "seat": entry[1],
                "card": letter(entry[2]),
                "token_placed": bool(entry[3]),
            }
            if seat == entry[1]:  # only the peeker sees the card
                event["identity"] = KIND_NAME[self.ident[entry[2]]]
            return event
        if kind in ("dare", "triple-dog-dare"):
            return {
                "type": kind,
                "seat": entry[1],
                "card": letter(entry[2]),
                "opponent": entry[4],
                "their_card": letter(entry[3]),
            }
        if kind == "accept":
            return {"type": "accept", "seat": entry[1]}
        if kind == "refuse":
            return {"type": "refuse", "seat": entry[1], "with_lamp": bool(entry[2])}
        if kind == "lamp":
            return {"type": "leg-lamp", "holder": None if entry[1] == MIDDLE else entry[1]}
        if kind == "flip":  # face up: public
            return {
                "type": "flip",
                "card": letter(entry[1]),
                "identity": KIND_NAME[self.ident[entry[1]]],
                "why": entry[2],
            }
        if kind == "free-peek":
            return {"type": "free-peek", "seat": entry[1], "card": letter(entry[2])}
        if kind == "open":
            return {"type": "open", "seat": entry[1]}
        if kind == "declare":
            return {
                "type": "declare",
                "seat": entry[1],
                "cards": [letter(entry[2]), letter(entry[3])],
            }
        if kind in ("correct", "incorrect", "bully"):
            return {"type": kind, "seat": entry[1]}
        if kind == "out":
            return {
                "type": "out",
                "seat": entry[1],
                "to_middle": [letter(entry[2]), letter(entry[3])],
            }
        return {"type": "win", "seat": entry[1], "how": entry[2]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.ident = self.ident.copy()
        other.table = self.table.copy()
        other.place = self.place.copy()
        other.face_up = self.face_up.copy()
        other.tokens = self.tokens.copy()
        other.known = self.known.copy()
        other.out = self.out.copy()
        other.lamp = self.lamp
        other.turn = self.turn
        other.step = self.step
        other.dare = self.dare.copy()
        other.turns = self.turns
        other.ending = self.ending
        other.winner = self.winner
        other.counts = self.counts
        other.deduction = self.deduction
        other.n_cards = self.n_cards
        other.n_hand = self.n_hand
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the identities of every face-down card ``seat`` has not peeked: the
        pool of identities it has not seen (the game's counts less the face-up cards and
        its peeks) is put in a canonical order (sorted) and shuffled with ``rng`` onto
        those cards in letter order, so the result depends only on what ``seat`` knows
        and on ``rng``. Everything it knows stays (face-up cards, its peeks, every place,
        token, the lamp and the step). Other seats' knowledge is which cards they peeked
        (public: ``known``, the tokens, the peek events) and the identities of those
        cards, so re-dealing the identities re-samples what they saw, consistently: a
        seat that peeked card C knows C's new identity. Nothing else constrains the
        unseen cards (see the module's knowledge model)."""
        bit = 1 << seat
        ident = self.ident
        face_up = self.face_up
        known = self.known
        hidden = [c for c in range(self.n_cards) if not face_up[c] and not known[c] & bit]
        kinds = sorted([ident[c] for c in hidden])
        rng.shuffle(kinds)
        for c, k in zip(hidden, kinds, strict=True):
            ident[c] = k

    def inventory(self) -> list[str]:
        return [KIND_NAME[self.ident[c]] for c in self.table if c != EMPTY]

    def box(self) -> list[str]:
        return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(self.counts[k])]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = NOTATION.get(text)
        if action is None:
            action = NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not an A Christmas Story action; the forms are: {FORMS}"
                " (1 and 2 are your first and second card; other cards are letters a to"
                f" {LETTERS[-1]}; declare two different cards)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return space(sum(CONTENT.counts(players)))


_OWN_ACTIONS = (Swap, Dare, TripleDogDare, FreePeek, Open, Declare, Accept, Refuse, TurnUp)
_NOBODY: frozenset[int] = frozenset()
_PRIZES = ((DECODER, BB_GUN), (BB_GUN, DECODER))
_BULLIES = (SCUT, GROVER)
#: The seats whose bits are set in a token mask, for every mask.
_TOKEN_SEATS = tuple(
    tuple(s for s in range(CONTENT.max_players) if mask >> s & 1)
    for mask in range(1 << CONTENT.max_players)
)
