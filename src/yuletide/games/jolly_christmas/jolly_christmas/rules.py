"""Jolly Christmas — draft decorations with your elf and build the best Christmas tree (2-5).

Rules implemented (the Jolly Christmas rulebook), every sentence, summarised:

* Setup: each player gets one elf card (the others go back to the box); the tree-toppers
  are shuffled and players + 1 of them are laid face up (four with three players), the
  rest go back to the box; the 85 decoration cards are shuffled into a face-down stack;
  order cards 1 to players + 1 are laid out in ascending order and one decoration card
  is flipped face up onto each; seat 0 is the starting player.
* The starting round: the starting player places their elf under one of the open
  decoration cards, then each other player clockwise (seat order); the round then goes
  on like every other round.
* Playing a round, 1) Placing elf cards: the player whose elf is on the lowest order card
  (closest to one) goes first, then along the row; each moves their elf to the opposite
  side of the row (``claim 3``), which claims the decoration card on that order card and
  their place in the next round's order. A decoration card can be claimed by one player
  only; afterwards all elves are on the same side again.
* 2) Taking decoration cards: every player takes the card they claimed and places it in
  their tree (``place 2.1``): adjacent to a card already placed (unless it is the first),
  to the left or right of a card, or on top of two cards placed earlier; a row need not
  be complete before building upward. The tree is five layers: 5 cards in the base, 4,
  3 and 2 above, and one tree-topper on top.
* 3) Refill: the unchosen decoration card is discarded and the order cards get new cards
  from the stack.
* End of the game: after fourteen rounds everyone has fourteen cards in their tree. The
  players choose a tree-topper (``topper 5``), the one with the most complete lights
  first and so on; ties follow the player order from the last round (ruling J8). Every
  player must choose one, even if it scores nothing.
* Scoring: 1 point per complete light; each ornament type's own scoring; the tree-topper's
  bonus if its condition is met. Santa: 4 points per Santa for the most Santas, 3 for the
  second and so on; at least one Santa to take part; ties share the place and the next
  place is skipped (the rulebook's example: a tie for 2nd scores 3 each, the next player
  is 4th with 1 per Santa). Christmas balls: sets of different colours, each colour once
  per set, several sets allowed; a single ball 2, a set of two 0, a set of three 12.
  Bell: 3 points if the two cards under it are two different ornament types, neither a
  bell (all balls are one type). Gingerbread men: 0 for one, then 1, 2, ... points per
  card for two, three, ..., at most 4 per card (five or more). Reindeer: per group of
  directly adjacent reindeer, 0 for one, 2 each for two, 3 each for three, 4 each for four
  or more. Snowflake: 3 points if no other snowflake is adjacent. Tree-toppers: letters
  (the same letter the same ornament type), three balls of one colour, a crossed-out
  ornament absent, complete lights at the marked spots (any colour), all six ornament
  types. The player with the most points wins.
* The rulebook's scoring example (the tree in the card data) scores 33: lights 4, topper 4,
  balls 4, Santas 4, bell 0, gingerbread 2, reindeer 9, snowflakes 6.

Rulings used (docs/rulings.md#jolly-christmas): J1 greedy ball sets; J2 4/3/2/1/0 points
per Santa by competition rank, players without a Santa left out; J3 the six hex-style
neighbours for reindeer, snowflakes and lights; J4 "under the bell" is the two cards it
rests on, a base-row bell never scores; J5 light colours need not match (option
``matching_lights`` for tables that read it the other way, as the card data allows); J6
different letters are different types and balls are one type; J7 the first card goes in
the base row; J8 topper-choice ties by the elf positions after round 14, read from the
lowest order card (option ``topper_tiebreak``: ``round-order`` uses the order in which
round 14 was played instead); J9 nothing is refilled after round 14; J10 the topper has
no half-light and is no ornament; J11 a topper scores once, only the chosen one. Safety
limits: option ``turn_limit``.

Readings of our own where the rulebook is silent (each tested by name):

* ``starting-player``: seat 0 is the starting player; round 1 goes in seat order.
* ``same-order-card``: an elf may claim the order card it stood at last round (a new card
  lies there); only the cards claimed this round are taken.
* ``simultaneous-placing``: "All players may now take the decoration card they claimed":
  every seat still to place may act at once (``to_act`` holds them all), in any order;
  a tree never changes another player's choices.
* ``placing-is-required``: every claimed card is placed ("everyone now has fourteen
  cards"); there is always a legal place for it.
* ``base-grows-both-ways``: the base grows to the left or right of the cards in it, as on
  a table, so positions are numbered from the base's current left end: ``place 1.0`` puts
  a card at the left end and the whole tree renumbers one to the right; ``place 1.k``
  (k = base width + 1) at the right end; ``place r.i`` on rows 2-4 rests on ``(r-1).i``
  and ``(r-1).(i+1)``. Nobody commits early to where the base ends; the finished tree is
  the full pyramid, numbered as in the card data (the letters and lights toppers use that).
* ``four-layers``: no card goes above row 4 (the fifth layer is the tree-topper).
* ``last-round-discard``: after round 14 the unchosen card is discarded too (J9: nothing
  is refilled).
* ``one-topper-left``: players + 1 toppers are dealt and each player takes one, so one
  stays on the table.
* ``shared-win``: the rulebook names no tie-break for the final score, so tied players
  share the win and the rank.
* ``scores-so-far``: the view shows every tree's score so far, by category (all public);
  the final breakdown is in the view, the event log and the outcome (``details``).

Notation: ``claim <order card>`` (1 to players + 1), ``place <row>.<index>`` (``1.0`` is
the left end of the base, see ``base-grows-both-ways``), ``topper <n>`` (JC-T05 is
``topper 5``). A round is a claim by each seat in turn, then a placement by each seat
(simultaneous); the topper choice is one action per seat. No decision has more than six
legal actions.

Knowledge: everything on the table is public (the order cards, the elves, every tree,
the toppers, the discard pile), and the view lists all of it, with each tree's score by
category. Hidden: only the order of the face-down decoration stack (which cards are in
it follows from the table); the toppers returned to the box are known by elimination
and kept sorted. Nobody holds private knowledge, so every seat's events are the
spectator's. ``determinize`` sorts the stack (a canonical order: its cards are known,
their order is not) and shuffles it with the caller's rng, so the result depends on
that rng alone and replaying the rng recovers nothing of the true order; nothing else
is hidden, nothing else changes.

Phases (``current_phase``): ``claim`` (the elves move one at a time, in the round's
order), ``place`` (every seat still to place its claimed card may act, simultaneously;
each placement is public at once, so no secret choice is in flight), ``topper`` (the
choice in order of complete lights) and ``over`` (also when the turn limit ends the
game). Hand-built action objects that are not actions of the game (``Claim(-5)``, an
order card this player count does not lay out) are refused with a NotationError before
the rules see them.

Data: ``content.json`` beside this module (the card data: 85 decoration cards with their
half-lights, 14 tree-toppers), validated by ``content.py`` at import; the tree geometry
and the scoring rules are pure functions in ``_tree.py``.

Options: ``turn_limit`` (default 1000 actions; a game takes 58 to 145),
``topper_tiebreak`` (``elf-positions``, J8's reading, or ``round-order``),
``matching_lights`` (default false: J5).

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
from yuletide.games.jolly_christmas.content import (
    BALL_COLOURS,
    CONTENT,
    LIGHT_COLOURS,
    ORNAMENT_NAMES,
    ORNAMENTS,
    ROUNDS,
    ROW_WIDTHS,
    SIDES,
    TOPPER_KINDS,
)
from yuletide.games.jolly_christmas.jolly_christmas import tree as _tree
from yuletide.games.jolly_christmas.jolly_christmas.tree import (
    CATEGORIES,
    POSITION,
    ROW_START,
    SHIFT_RIGHT,
    SLOTS,
    SUPPORTS,
    Faces,
)

CLAIM, PLACE, TOPPER, OVER = range(4)
PHASE_NAME = ("claim", "place", "topper", "over")
BASE = ROW_WIDTHS[0]
RULES = "Jolly Christmas"
R_ELVES = f"{RULES}, 1) Placing Elf Cards"
R_TAKING = f"{RULES}, 2) Taking Decoration Cards"
R_END = f"{RULES}, End of the Game"

DECORATIONS = CONTENT.decorations
TOPPERS = CONTENT.toppers
# Card attributes by card id, with an extra last entry so that slot value -1 (empty)
# reads as -1: ``ORN[-1] == -1``.
ORN: tuple[int, ...] = (*(d.ornament for d in DECORATIONS), -1)
BALL_OF: tuple[int, ...] = (*(d.ball for d in DECORATIONS), -1)
SIDE_OF: tuple[int, ...] = (*(d.side for d in DECORATIONS), -1)
LIGHT_OF: tuple[int, ...] = (*(d.light for d in DECORATIONS), -1)


def _number(index: Any) -> str:
    """An index as notation numbers it (from 1); a hand-built object's non-number field
    as it is (``str`` of an action never raises)."""
    return str(index + 1) if type(index) is int else repr(index)


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Move your elf to the order card ``slot + 1``, claiming the decoration on it."""

    slot: int

    def __str__(self) -> str:
        return f"claim {_number(self.slot)}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the claimed card at ``(row, index)`` of your tree, in its current numbering;
    ``(1, 0)`` is the left end of the base (the tree then renumbers one to the right)."""

    row: int
    index: int

    def __str__(self) -> str:
        return f"place {self.row}.{self.index}"


@dataclass(frozen=True, slots=True)
class ChooseTopper(Action):
    """Take tree-topper number ``topper + 1`` of the box (JC-T05 is ``topper 5``)."""

    topper: int

    def __str__(self) -> str:
        return f"topper {_number(self.topper)}"


_CLAIM = tuple(Claim(k) for k in range(CONTENT.order_cards))
_BASE = tuple(Place(1, i) for i in range(BASE + 1))  # _BASE[i] is place 1.i
_LEFT = _BASE[0]  # place 1.0: the left end of the base
#: For rows 2-4: (slot, the two slots under it, the action).
_UPPER: tuple[tuple[int, int, int, Place], ...] = tuple(
    (s, SUPPORTS[s][0], SUPPORTS[s][1], Place(*POSITION[s])) for s in range(BASE, SLOTS)
)
_PLACES: tuple[Place, ...] = (*_BASE, *(u[3] for u in _UPPER))
_TOPPER = tuple(ChooseTopper(t) for t in range(len(TOPPERS)))
_NOTATION: dict[str, Action] = {str(a): a for a in (*_CLAIM, *_PLACES, *_TOPPER)}
_FORMS = (
    f"claim <order card 1-{CONTENT.order_cards}> | place <row>.<index> (1.0-1.5, 2.1-2.4,"
    f" 3.1-3.3, 4.1-4.2; 1.0 is the left end of the base) | topper <1-{len(TOPPERS)}>"
)


def faces(tree: list[int]) -> Faces:
    """What scoring needs of a tree of card ids (-1 for an empty slot)."""
    return Faces(
        [ORN[c] for c in tree],
        [BALL_OF[c] for c in tree],
        [SIDE_OF[c] for c in tree],
        [LIGHT_OF[c] for c in tree],
    )


def base_width(tree: list[int]) -> int:
    """How many cards the base holds; they are always slots 0 .. width - 1."""
    k = 0
    while k < BASE and tree[k] >= 0:
        k += 1
    return k


def placements(tree: list[int]) -> list[Action]:
    """Where the next card may go: the first card in the base (J7); then either end of a
    base not yet five wide, or any empty spot resting on two cards (rows 2-4)."""
    k = base_width(tree)
    if k == 0:
        return [_BASE[1]]
    acts: list[Action] = [_LEFT, _BASE[k + 1]] if k < BASE else []
    for s, a, b, act in _UPPER:
        if tree[s] < 0 and tree[a] >= 0 and tree[b] >= 0:
            acts.append(act)
    return acts


_CARD_VIEWS = tuple(
    {
        "id": d.id,
        "ornament": ORNAMENTS[d.ornament],
        "ball": BALL_COLOURS[d.ball] if d.ball >= 0 else None,
        "light": SIDES[d.side],
        "light_colour": LIGHT_COLOURS[d.light],
    }
    for d in DECORATIONS
)


def _card_view(card: int) -> dict[str, Any] | None:
    """A card as a view shows it (a fresh dict: views may be changed by their users)."""
    return None if card < 0 else dict(_CARD_VIEWS[card])


def card_name(card: int) -> str:
    """A card in words: ``red Christmas ball (light UR blue, JC-D16)``."""
    d = DECORATIONS[card]
    name = ORNAMENT_NAMES[d.ornament]
    if d.ball >= 0:
        name = f"{BALL_COLOURS[d.ball]} {name}"
    return f"{name} (light {SIDES[d.side]} {LIGHT_COLOURS[d.light]}, {d.id})"


_TOPPER_VIEWS = tuple(
    {
        "number": t + 1,
        "id": top.id,
        "kind": TOPPER_KINDS[top.kind],
        "condition": top.describe(),
        "points": top.points,
    }
    for t, top in enumerate(TOPPERS)
)


def _topper_view(t: int) -> dict[str, Any]:
    return dict(_TOPPER_VIEWS[t])


#: The slots of each row of a tree, as slices (base first).
_ROW_SLICES = tuple(slice(ROW_START[r], ROW_START[r] + w) for r, w in enumerate(ROW_WIDTHS))


def _pos(row: int, index: int) -> str:
    return f"{row}.{index}"


class JollyChristmas(State):
    game_id: ClassVar[str] = "jolly-christmas"
    title: ClassVar[str] = "Jolly Christmas"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = CONTENT.elves
    default_players: ClassVar[int] = 4
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            1000,
            "actions after which the game ends unfinished (safety limit; a game takes 58-145)",
            minimum=1,
            maximum=1_000,
        ),
        Option(
            "topper_tiebreak",
            "elf-positions",
            "ties in the tree-topper choice: elf positions after round 14 (ruling J8) or"
            " the order round 14 was played in",
            choices=("elf-positions", "round-order"),
        ),
        Option(
            "matching_lights",
            False,
            "a complete light needs two half-lights of the same colour (off: ruling J5)",
        ),
    )
    #: ``current_phase``: claiming order cards (one seat at a time, in the round's
    #: order), placing the claimed cards (simultaneous), choosing tree-toppers, over.
    phases: ClassVar[tuple[str, ...]] = PHASE_NAME
    fields: ClassVar[tuple[str, ...]] = (
        "deck",
        "row",
        "discard",
        "trees",
        "elves",
        "claims",
        "order",
        "step",
        "phase",
        "round",
        "pending",
        "table_toppers",
        "box_toppers",
        "toppers",
        "topper_order",
        "turns",
        "scores",
    )
    __slots__ = (*fields, "_scored", "matching", "tiebreak", "turn_limit")

    deck: list[int]  # face-down decoration cards, top last
    row: list[int]  # the card on each order card (index 0 = order card 1), -1 if taken
    discard: list[int]  # discarded decoration cards, in order
    trees: list[list[int]]  # per seat, 14 slots of card ids (-1 empty), base first
    elves: list[int]  # per seat, the order card claimed last round (-1 before round 1)
    claims: list[int]  # per seat, the order card claimed this round (-1 not yet)
    order: list[int]  # the seats in this round's order of placing elves
    step: int  # how many seats of ``order`` / ``topper_order`` have acted
    phase: int
    round: int  # 1 to 14
    pending: int  # bit mask of the seats still to place their card
    table_toppers: list[int]  # face-up tree-toppers not yet chosen
    box_toppers: list[int]  # tree-toppers returned to the box (sorted)
    toppers: list[int]  # per seat, the chosen tree-topper (-1 not yet)
    topper_order: list[int]  # the seats in the order they choose toppers
    turns: int  # actions taken (safety limit)
    scores: list[list[int]]  # per seat, the final breakdown (CATEGORIES); [] until the end
    matching: bool
    tiebreak: str
    turn_limit: int
    #: The last breakdowns computed and what they were computed from (views ask often).
    _scored: tuple[Any, list[list[int]]]

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        self.tiebreak = str(self.options["topper_tiebreak"])
        self.matching = bool(self.options["matching_lights"])
        self._scored = (None, [])
        n = self.players
        toppers = list(range(len(TOPPERS)))
        self.rng.shuffle(toppers)
        self.table_toppers = toppers[: n + 1]
        self.box_toppers = sorted(toppers[n + 1 :])
        self.log.append(("toppers", *self.table_toppers))
        deck = list(range(len(DECORATIONS)))
        self.rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.row = [-1] * (n + 1)
        self.trees = [[-1] * SLOTS for _ in range(n)]
        self.elves = [-1] * n
        self.claims = [-1] * n
        self.order = list(range(n))  # reading starting-player: seat 0, then seat order
        self.step = 0
        self.phase = CLAIM
        self.round = 1
        self.pending = 0
        self.toppers = [-1] * n
        self.topper_order = []
        self.turns = 0
        self.scores = []
        self.log.append(("round", 1))
        self._refill()

    def _refill(self) -> None:
        for k in range(len(self.row)):
            card = self.deck.pop()
            self.row[k] = card
            self.log.append(("reveal", k, card))

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        """``claim``, ``place``, ``topper`` or ``over`` (also when the turn limit ends
        the game early)."""
        if self.turns >= self.turn_limit:
            return "over"
        return PHASE_NAME[self.phase]

    @property
    def to_act(self) -> frozenset[int]:
        phase = self.phase
        if phase == OVER or self.turns >= self.turn_limit:
            return frozenset()
        if phase == PLACE:
            return _MASK_SETS[self.pending]
        if phase == CLAIM:
            return _SEAT_SETS[self.order[self.step]]
        return _SEAT_SETS[self.topper_order[self.step]]

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER or self.turns >= self.turn_limit:
            return []
        if phase == CLAIM:
            if seat != self.order[self.step]:
                return []
            claims = self.claims
            return [_CLAIM[k] for k in range(len(self.row)) if k not in claims]
        if phase == PLACE:
            if not self.pending >> seat & 1:
                return []
            return placements(self.trees[seat])
        if seat != self.topper_order[self.step]:
            return []
        return [_TOPPER[t] for t in sorted(self.table_toppers)]

    def _apply(self, seat: int, action: Action) -> None:
        self.turns += 1
        if type(action) is Claim:
            k = action.slot
            self.claims[seat] = k
            self.log.append(("claim", seat, k, self.row[k]))
            self.step += 1
            if self.step == self.players:
                self.phase = PLACE
                self.step = 0
                self.pending = (1 << self.players) - 1
        elif type(action) is Place:
            k = self.claims[seat]
            card = self.row[k]
            self.row[k] = -1
            tree = self.trees[seat]
            if action.index == 0:  # reading base-grows-both-ways: renumber to the right
                for dst, src in SHIFT_RIGHT:
                    tree[dst] = tree[src]
                tree[ROW_START[1]] = tree[ROW_START[2]] = tree[ROW_START[3]] = -1
                tree[0] = card
            else:
                tree[ROW_START[action.row - 1] + action.index - 1] = card
            self.log.append(("place", seat, card, action.row, action.index))
            self.pending &= ~(1 << seat)
            if not self.pending:
                self._end_round()
        elif type(action) is ChooseTopper:
            t = action.topper
            self.toppers[seat] = t
            self.table_toppers.remove(t)
            self.log.append(("topper", seat, t))
            self.step += 1
            if self.step == self.players:
                self._finish()
        else:
            raise AssertionError(action)

    def _end_round(self) -> None:
        """3) Refill: discard the unchosen card, refill the order cards (not after the
        last round, J9); the elves' new places set the next round's order."""
        for k, card in enumerate(self.row):
            if card >= 0:
                self.discard.append(card)
                self.row[k] = -1
                self.log.append(("discard", k, card))
        self.elves = self.claims
        self.claims = [-1] * self.players
        self.step = 0
        if self.round < ROUNDS:
            self.round += 1
            self.log.append(("round", self.round))
            self._refill()
            elves = self.elves
            self.order = sorted(range(self.players), key=elves.__getitem__)
            self.phase = CLAIM
            return
        # End of the game: most complete lights choose first; ties by J8.
        lights = self.lights()
        if self.tiebreak == "elf-positions":
            tie = self.elves
        else:
            tie = [self.order.index(s) for s in range(self.players)]
        self.topper_order = sorted(range(self.players), key=lambda s: (-lights[s], tie[s]))
        self.log.append(("topper_order", *self.topper_order))
        self.phase = TOPPER

    def _finish(self) -> None:
        self.scores = self.breakdowns()
        self.phase = OVER
        for seat, parts in enumerate(self.scores):
            self.log.append(("score", seat, sum(parts), *parts))

    def lights(self) -> list[int]:
        """Complete lights in each tree."""
        return [len(_tree.complete_lights(faces(t), self.matching)) for t in self.trees]

    def breakdowns(self) -> list[list[int]]:
        """Every tree's points by category (``CATEGORIES``) as it stands: Santas ranked
        across all trees, a topper counted once chosen."""
        key = (tuple(map(tuple, self.trees)), tuple(self.toppers))
        if self._scored[0] == key:
            return [p.copy() for p in self._scored[1]]
        all_faces = [faces(t) for t in self.trees]
        rates = _tree.santa_rates([_tree.santas(f) for f in all_faces])
        parts = [
            _tree.score(
                f,
                rates[s],
                TOPPERS[self.toppers[s]] if self.toppers[s] >= 0 else None,
                self.matching,
            )
            for s, f in enumerate(all_faces)
        ]
        self._scored = (key, parts)
        return [p.copy() for p in parts]

    # ------------------------------------------------------------ why illegal

    def check_action(self, action: Any) -> Action:
        """Core's guard (an action object must be one of ``action_space``), with the
        rule's reason for an order card that this player count does not lay out."""
        match action:
            case Claim(slot=slot) if action in _CLAIM and slot >= len(self.row):
                n = len(self.row)
                raise NotationError(
                    f"there are only {n} order cards (1 to {n}) with {self.players} players",
                    f"{RULES}, Game Setup 4",
                )
        return super().check_action(action)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        phase = self.phase
        if phase == CLAIM:
            if not isinstance(action, Claim):
                return IllegalAction(
                    f"it is round {self.round}'s elf step: move your elf to an order card"
                    " (claim <number>) before any card is placed or topper chosen",
                    R_ELVES,
                )
            n = len(self.row)
            owner = self.claims.index(action.slot)
            free = ", ".join(str(k + 1) for k in range(n) if k not in self.claims)
            return IllegalAction(
                f"order card {action.slot + 1} is already claimed by seat {owner}: a decoration"
                f" card can only be claimed by one player (free: {free})",
                f"{R_ELVES}, Note",
            )
        if phase == PLACE:
            if not isinstance(action, Place):
                return IllegalAction(
                    "every elf is placed: now place the decoration card you claimed in your"
                    " tree (place <row>.<index>)",
                    R_TAKING,
                )
            return self._why_not_there(self.trees[seat], action)
        if not isinstance(action, ChooseTopper):
            return IllegalAction(
                "the fourteen rounds are over: choose a tree-topper (topper <number>);"
                " you must choose one even if it gives you no points",
                R_END,
            )
        left = ", ".join(str(t + 1) for t in sorted(self.table_toppers))
        return IllegalAction(
            f"tree-topper {action.topper + 1} is not on the table; the toppers left are: {left}",
            R_END,
        )

    def _why_not_there(self, tree: list[int], action: Place) -> IllegalAction:
        row, index = action.row, action.index
        where = _pos(row, index)
        k = base_width(tree)
        if k == 0:
            return IllegalAction(
                "your first card goes in the base row, since any other row needs two cards"
                " under it: place 1.1",
                "Jolly Christmas ruling J7",
            )
        if row == 1:
            if k == BASE:
                return IllegalAction(
                    "the base already holds five cards (5 in the base, 4, 3, 2 above)",
                    f"{R_TAKING}, Size of the tree",
                )
            if 1 <= index <= k:
                return IllegalAction(f"position {where} is taken", R_TAKING)
            return IllegalAction(
                f"a card in the base goes to the left or right of a card: place 1.0 (left"
                f" end) or 1.{k + 1} (right end), not {where}",
                f"{R_TAKING}: adjacent to a previously placed card",
            )
        s = ROW_START[row - 1] + index - 1
        if tree[s] >= 0:
            return IllegalAction(f"position {where} is taken", R_TAKING)
        empty = [_pos(*POSITION[u]) for u in SUPPORTS[s] if tree[u] < 0]
        under = " and ".join(_pos(*POSITION[u]) for u in SUPPORTS[s])
        return IllegalAction(
            f"a card at {where} rests on {under}, and {' and '.join(empty)}"
            f" {'is' if len(empty) == 1 else 'are'} still empty",
            f"{R_TAKING}: on top of two earlier placed cards",
        )

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.phase == OVER:
            totals = [sum(parts) for parts in self.scores]
            best = max(totals)
            winners = tuple(s for s, t in enumerate(totals) if t == best)
            detail = "; ".join(
                f"seat {s}: {sum(parts)} = "
                + ", ".join(f"{c} {p}" for c, p in zip(CATEGORIES, parts, strict=True))
                for s, parts in enumerate(self.scores)
            )
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(float(t) for t in totals),
                ranks=competition_ranks(totals),
                tiebreak=(
                    "tied on points: no tie-break in the rulebook, the win is shared"
                    if len(winners) > 1
                    else None
                ),
                reason=f"the most points ({best}) wins; {detail}",
                details={
                    "breakdown": [
                        dict(zip(CATEGORIES, parts, strict=True)) for parts in self.scores
                    ]
                },
            )
        if self.turns >= self.turn_limit:
            return turn_limit_reached(self.turn_limit)
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        claims = self.claims
        parts = self.scores or self.breakdowns()
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "to_act": sorted(self.to_act),
            "phase": PHASE_NAME[self.phase],
            "round": self.round,
            "rounds": ROUNDS,
            "order_cards": [
                {
                    "number": k + 1,
                    "card": _card_view(card),
                    "claimed_by": claims.index(k) if k in claims else None,
                    "elf_last_round": self.elves.index(k) if k in self.elves else None,
                }
                for k, card in enumerate(self.row)
            ],
            "round_order": list(self.order),
            "next_order": sorted((s for s in range(n) if claims[s] >= 0), key=claims.__getitem__),
            "trees": [
                [[_card_view(c) for c in tree[rows]] for rows in _ROW_SLICES] for tree in self.trees
            ],
            "base_width": [base_width(t) for t in self.trees],
            "elves": [
                {
                    "last_round": e + 1 if e >= 0 else None,
                    "this_round": c + 1 if c >= 0 else None,
                }
                for e, c in zip(self.elves, claims, strict=True)
            ],
            "elves_in_box": CONTENT.elves - n,
            "toppers_on_table": [_topper_view(t) for t in sorted(self.table_toppers)],
            "toppers_in_box": len(self.box_toppers),
            "toppers": [_topper_view(t) if t >= 0 else None for t in self.toppers],
            "topper_order": list(self.topper_order),
            "lights": [p[0] for p in parts],
            "scores": [{**dict(zip(CATEGORIES, p, strict=True)), "total": sum(p)} for p in parts],
            "final_scores": bool(self.scores),
            "deck": len(self.deck),
            "discard": [_card_view(c) for c in self.discard],
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "options": dict(self.options),
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "reveal":
            return {"type": "reveal", "order_card": entry[1] + 1, "card": card_name(entry[2])}
        if kind == "claim":
            return {
                "type": "claim",
                "seat": entry[1],
                "order_card": entry[2] + 1,
                "card": card_name(entry[3]),
            }
        if kind == "place":
            return {
                "type": "place",
                "seat": entry[1],
                "card": card_name(entry[2]),
                "at": _pos(entry[3], entry[4]),
            }
        if kind == "discard":
            return {"type": "discard", "order_card": entry[1] + 1, "card": card_name(entry[2])}
        if kind == "round":
            return {"type": "round", "round": entry[1]}
        if kind == "toppers":
            return {"type": "toppers", "face_up": [TOPPERS[t].id for t in entry[1:]]}
        if kind == "topper_order":
            return {"type": "topper order", "order": list(entry[1:])}
        if kind == "topper":
            return {"type": "topper", "seat": entry[1], "topper": TOPPERS[entry[2]].id}
        assert kind == "score"
        return {
            "type": "score",
            "seat": entry[1],
            "total": entry[2],
            **dict(zip(CATEGORIES, entry[3:], strict=True)),
        }

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.deck = self.deck.copy()
        other.row = self.row.copy()
        other.discard = self.discard.copy()
        other.trees = [t.copy() for t in self.trees]
        other.elves = self.elves.copy()
        other.claims = self.claims.copy()
        other.order = self.order.copy()
        other.step = self.step
        other.phase = self.phase
        other.round = self.round
        other.pending = self.pending
        other.table_toppers = self.table_toppers.copy()
        other.box_toppers = self.box_toppers.copy()
        other.toppers = self.toppers.copy()
        other.topper_order = self.topper_order.copy()
        other.turns = self.turns
        other.scores = [p.copy() for p in self.scores]
        other.matching = self.matching
        other._scored = self._scored  # never mutated: replaced whole
        other.tiebreak = self.tiebreak
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the face-down stack: its order is all that is hidden (which cards it
        holds follows from the table). The stack is sorted first, so the result depends
        on the caller's rng alone, never on the true order. The toppers in the box are
        kept sorted (known by elimination)."""
        deck = self.deck
        deck.sort()
        rng.shuffle(deck)

    def inventory(self) -> list[str]:
        cards = [c for c in (*self.deck, *self.row, *self.discard) if c >= 0]
        for tree in self.trees:
            cards.extend(c for c in tree if c >= 0)
        names = [DECORATIONS[c].id for c in cards]
        tops = [*self.table_toppers, *self.box_toppers, *(t for t in self.toppers if t >= 0)]
        names.extend(TOPPERS[t].id for t in tops)
        return names

    def box(self) -> list[str]:
        return [d.id for d in DECORATIONS] + [t.id for t in TOPPERS]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Jolly Christmas action; the forms are: {_FORMS}"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return [*_CLAIM[: players + 1], *_PLACES, *_TOPPER]


_MASK_SETS = tuple(
    frozenset(s for s in range(CONTENT.elves) if mask >> s & 1)
    for mask in range(1 << CONTENT.elves)
)

# ----------------------------------------------------------------- rendering

_CELL = 10  # "[BAr UR.y]": ornament, ball colour, half-light side, light colour
_GAP = 2
