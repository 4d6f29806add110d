"""Christmas Lights: the turn as a machine of steps, one record per step in ``STEPS``.

A state's ``step`` field is an index into ``STEPS`` (saved: append new steps at the end).
Each :class:`Step` says what it is called, which rulebook step and phase it belongs to,
who acts in it, which actions it offers and how each moves the game on. The rules'
operations (play a card, swap, lay, answer, draw, end the turn) are in ``rules``.

How decisions are built in steps (readings of our own; docs/rulings.md has the rest):

* ``card-first``: PLAY picks the hand position first (``card i``), then the target
  (``advance`` / ``fix k``) only when more than one exists.
* ``commit-step``: ``commit <1|2> <left|right>`` is offered in PLAY before the first card
  of a string (not while a Plug is due).
* ``next-step``: after PLAY (``done``, or two plays) the seat picks the next step still
  open: ``swap``, ``sale``, ``draw n`` (REFILL, the last step: n from 1 to five minus the
  hand, and no more than the cards left to draw) or ``end``.
* ``sale-steps``: the buyer (``seat s``); the positions: ``all``, or ``card i`` in
  increasing order then ``done``, or ``ask same`` then two ``card i``; the kinds: ``kind
  k`` in the listed order then ``done``; ``>=`` or ``=``; ``number k``. Choosing the last
  position or kind moves on by itself. Each offer carries its own question.
* ``free-actions``: ``mark m`` or ``move w``, then ``card i``, at the start of a step of
  one's own turn (``Step.free``), never inside a choice built in steps.

Phases (``current_phase``): ``commit`` (PLAY before a string's first card), ``play``,
``play-target``, ``free-action`` (a mark or move awaiting its card), ``swap`` (M11, in its
three steps), ``sale`` (laying and offering, M9), ``sale-question`` (M10),
``sale-answer`` (the buyer accepts or declines, and with it gets the answer), ``event``
(an everyone-event, choices hidden until all have decided, M15), ``next-step`` (REFILL's
``draw n`` among its choices: a draw is done at once), ``final-round`` (any step once a
seat has completed two patterns, M16) and ``over``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from yuletide.core.state import Action
from yuletide.games.christmas_lights.main.box import (
    ACCEPT,
    ADVANCE,
    ALL,
    ASK_SAME,
    AT_LEAST,
    BROKEN,
    CARDS,
    COMMITS,
    DECLINE,
    DONE,
    DRAWS,
    END,
    EXACTLY,
    FIRST,
    FIXES,
    GO_SALE,
    GO_SWAP,
    HAND_SIZE,
    KIND_ACTS,
    LEFT,
    LIGHT_SWITCH,
    MARKS,
    MOVES,
    N_KINDS,
    N_MARKS,
    NONE,
    NUMBERS,
    SEAT_ACTS,
    SLOTS,
    WITHDRAW,
    Card,
    Commit,
    Draw,
    Kind,
    Number,
    Seat,
    Target,
)
from yuletide.games.christmas_lights.main.fields import (
    COUNT,
    EQ,
    GE,
    QH,
    QH_ALL,
    QH_LAST_KIND,
    QH_MASK,
    QH_OP,
    QH_TYPE,
    SAME,
    UNDECIDED,
)

if TYPE_CHECKING:
    from yuletide.games.christmas_lights.main.rules import ChristmasLights

Offers = Callable[["ChristmasLights", int], list[Action]]
Advance = Callable[["ChristmasLights", int, Action], None]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the turn machine."""

    name: str  # the view's ``step``; refusals say "now (<name>)"
    part: str  # the rulebook's step it belongs to: the view's ``phase``
    phase: str  # ``current_phase`` (the final round, the end, a free action come first)
    offers: Offers  # the legal actions of ``seat`` (a seat that may act, see by_turn)
    advance: Advance  # carry out one of them
    by_turn: bool = True  # only the active seat acts, finishing a free action first
    free: bool = False  # the active seat may also begin a free action (mark, move)
    question: bool = False  # a step of building a sale's question (M10)


def _not_offered(action: Action) -> NoReturn:
    raise AssertionError(f"{action} is not an action of this step (unchecked path misused)")


# ------------------------------------------------------------ what the steps offer


def targets(s: ChristmasLights, seat: int) -> list[Action]:
    """Where a card of ``seat`` could go now (M2): advance and/or fix k; [] if nowhere."""
    done = s.completed[seat]
    if len(done) >= 2:
        return []
    if len(done) == 1 and s.plugs[seat] < 0:
        return [ADVANCE]  # the plug slot (M5)
    if s.commit[seat] < 0:
        return []
    string = s.strings[seat]
    kinds = s.kinds
    out: list[Action] = [ADVANCE] if string[SLOTS - 1] < 0 else []
    for k in range(SLOTS):
        c = string[k]
        if c >= 0 and kinds[c] == BROKEN:
            out.append(FIXES[k])
    return out


def commits(s: ChristmasLights, seat: int) -> list[Action]:
    """The commitments open to ``seat`` (M1): before the first card of a string."""
    done = s.completed[seat]
    if s.commit[seat] >= 0 or len(done) >= 2:
        return []
    if len(done) == 1:
        if s.plugs[seat] < 0:
            return []
        i = 1 - (done[0] >> 1)
        return [COMMITS[i * 2], COMMITS[i * 2 + 1]]
    return list(COMMITS)


def free_actions(s: ChristmasLights, seat: int) -> list[Action]:
    """The free actions (M12) open to a seat to act, budget allowing."""
    if s.free_left[seat] <= 0:
        return []
    hand = s.hands[seat]
    if not hand:
        return []
    marks = s.marks
    out: list[Action] = []
    for m in range(N_MARKS):
        for c in hand:
            if marks[c] != m:
                out.append(MARKS[m])
                break
    if len(hand) > 1:
        out.extend(MOVES)
    return out


def free_cards(s: ChristmasLights, seat: int) -> list[Action]:
    """The cards the free action ``seat`` has begun can apply to."""
    code = s.free_pending[seat]
    hand = s.hands[seat]
    if code < N_MARKS:
        marks = s.marks
        return [CARDS[i] for i, c in enumerate(hand) if marks[c] != code]
    if code - N_MARKS in (FIRST, LEFT):
        return list(CARDS[1 : len(hand)])
    return list(CARDS[: len(hand) - 1])


def event_options(s: ChristmasLights, seat: int) -> list[Action]:
    if s.event == LIGHT_SWITCH:
        return [DRAWS[0], NONE]
    return [*CARDS[: len(s.hands[seat])], NONE]


def draw_options(s: ChristmasLights, seat: int) -> list[Action]:
    """REFILL: draw n for n from 1 up to five minus the hand, and no more than the
    cards left to draw (M8: a hand above five draws nothing, discards nothing)."""
    most = min(HAND_SIZE - len(s.hands[seat]), len(s.deck) + len(s.discard))
    return list(DRAWS[:most]) if most > 0 else []


def next_steps(s: ChristmasLights, seat: int) -> list[Action]:
    """The steps still open this turn, in order (each may be skipped, none repeated
    or taken out of order): SWAP, SALE, REFILL, where there is something to do."""
    hands = s.hands
    hand = hands[seat]
    stage = s.stage
    out: list[Action] = []
    if stage < 1 and hand and any(hands[t] for t in range(s.players) if t != seat):
        out.append(GO_SWAP)
    if stage < 2 and hand:
        out.append(GO_SALE)
    if stage < 3:
        out.extend(draw_options(s, seat))  # REFILL: draw n
    return out


def sale_buyers(s: ChristmasLights) -> list[Action]:
    seller = s.turn
    offered = s.offered
    return [SEAT_ACTS[t] for t in range(s.players) if t != seller and t not in offered]


# ------------------------------------------------------------------------------- PLAY


def _play_offers(s: ChristmasLights, seat: int) -> list[Action]:
    acts = commits(s, seat) or list(CARDS[: len(s.hands[seat])])
    acts.append(DONE)
    acts.extend(free_actions(s, seat))
    return acts


def _play_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            where = targets(s, seat)
            card = s.hands[seat][pos]
            match where:
                case [Target(slot=slot)]:  # one place it can go: played at once
                    s._play(seat, card, -2 if s._plug_due(seat) else slot)
                case _:
                    s.play_card = card
                    s.step = PLAY_TARGET
        case Commit(pattern=pattern, end=end):
            s.commit[seat] = pattern * 2 + end
            s.log.append(("commit", seat, pattern, end))
        case _:  # done: the PLAY step is over
            s.step = NEXT
            s._settle()


def _target_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return targets(s, seat)


def _target_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Target(slot=slot):
            card = s.play_card
            s.play_card = -1
            s._play(seat, card, slot)
        case _:
            _not_offered(action)


# ------------------------------------------------------------------------------- SWAP


def _cards_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return [*CARDS[: len(s.hands[seat])], *free_actions(s, seat)]


def _swap_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s.swap_card = s.hands[seat][pos]
            s.step = SWAP_SEAT
        case _:
            _not_offered(action)


def _swap_seat_offers(s: ChristmasLights, seat: int) -> list[Action]:
    hands = s.hands
    return [SEAT_ACTS[t] for t in range(s.players) if t != seat and hands[t]]


def _swap_seat_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Seat(seat=other):
            s.swap_seat = other
            s.step = SWAP_CARD
        case _:
            _not_offered(action)


def _swap_card_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return list(CARDS[: len(s.hands[s.swap_seat])])


def _swap_card_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s._swap(seat, pos)
        case _:
            _not_offered(action)


# ------------------------------------------------------------------------------- SALE


def _sale_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s._lay(seat, pos)
        case _:
            _not_offered(action)


def _offer_offers(s: ChristmasLights, seat: int) -> list[Action]:
    acts: list[Action] = list(CARDS[: len(s.hands[seat])]) if s.sale_open else []
    acts.extend(sale_buyers(s))
    acts.append(WITHDRAW)
    acts.extend(free_actions(s, seat))
    return acts


def _offer_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s._lay(seat, pos)
        case Seat(seat=buyer):
            s.sale_open = False
            s.buyer = buyer
            s.q = [COUNT, 0, GE, 0, -1]
            s.step = Q_POSITIONS
        case _:  # withdraw: the card is not offered any more, so it is discarded
            s.sale_open = False
            s._unsold()


def _positions_offers(s: ChristmasLights, seat: int) -> list[Action]:
    h = len(s.hands[seat])
    q = s.q
    if len(q) == QH:
        return [ALL, *CARDS[:h], ASK_SAME] if h >= 2 else [ALL, *CARDS[:h]]
    return [*CARDS[q[-1] + 1 : h], DONE]


def _positions_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    q = s.q
    match action:
        case Card(pos=pos):
            q.append(pos)
            if pos == len(s.hands[seat]) - 1:  # no position left to add
                s.step = Q_KINDS
        case _ if action is ALL:
            q[QH_ALL] = 1
            s.step = Q_KINDS
        case _ if action is ASK_SAME:
            q[QH_TYPE] = SAME
            s.step = Q_PAIR_FIRST
        case _:  # done
            s.step = Q_KINDS


def _kinds_offers(s: ChristmasLights, seat: int) -> list[Action]:
    last = s.q[QH_LAST_KIND]
    return [*KIND_ACTS[last + 1 :], DONE] if last >= 0 else list(KIND_ACTS)


def _kinds_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Kind(kind=kind):
            q = s.q
            q[QH_MASK] |= 1 << kind
            q[QH_LAST_KIND] = kind
            if kind == N_KINDS - 1:  # no kind left to add
                s.step = Q_RELATION
        case _:  # done
            s.step = Q_RELATION


def _relation_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return [AT_LEAST, EXACTLY]


def _relation_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    s.q[QH_OP] = GE if action is AT_LEAST else EQ
    s.step = Q_NUMBER


def _number_offers(s: ChristmasLights, seat: int) -> list[Action]:
    q = s.q
    return list(NUMBERS[: (len(s.hands[seat]) if q[QH_ALL] else len(q) - QH) + 1])


def _number_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Number(n=n):
            s.q.append(n)
            s._offer()
        case _:
            _not_offered(action)


def _pair_first_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return list(CARDS[: len(s.hands[seat]) - 1])


def _pair_first_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s.q.append(pos)
            s.step = Q_PAIR_SECOND
        case _:
            _not_offered(action)


def _pair_second_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return list(CARDS[s.q[-1] + 1 : len(s.hands[seat])])


def _pair_second_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Card(pos=pos):
            s.q.append(pos)
            s.q.append(0)
            s._offer()
        case _:
            _not_offered(action)


def _buyer_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return [ACCEPT, DECLINE] if seat == s.buyer else []


def _buyer_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    if action is ACCEPT:
        s._accept()
    else:
        s._decline()


# ------------------------------------------------------------------ events, next, over


def _event_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return event_options(s, seat) if s.choices[seat] == UNDECIDED else []


def _event_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    s._decide(seat, action)


def _next_offers(s: ChristmasLights, seat: int) -> list[Action]:
    return [*next_steps(s, seat), END, *free_actions(s, seat)]


def _next_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    match action:
        case Draw(n=n):  # REFILL, the last step
            s.stage = 3
            s._draw_into(seat, n, "refill")
            s._end_turn()
        case _ if action is GO_SWAP:
            s.stage = 1
            s.step = SWAP
        case _ if action is GO_SALE:
            s.stage = 2
            s.step = SALE
        case _:  # end
            s._end_turn()


def _nothing(s: ChristmasLights, seat: int) -> list[Action]:
    return []


def _over_advance(s: ChristmasLights, seat: int, action: Action) -> None:
    _not_offered(action)


# ------------------------------------------------------------------------- the table

#: Every step, in the order of their saved numbers.
STEPS: tuple[Step, ...] = (
    Step("play", "PLAY", "play", _play_offers, _play_advance, free=True),
    Step("play-target", "PLAY", "play-target", _target_offers, _target_advance),
    Step("swap", "SWAP", "swap", _cards_offers, _swap_advance, free=True),
    Step("swap-seat", "SWAP", "swap", _swap_seat_offers, _swap_seat_advance),
    Step("swap-card", "SWAP", "swap", _swap_card_offers, _swap_card_advance),
    Step("sale", "SALE", "sale", _cards_offers, _sale_advance, free=True),
    Step("sale-offer", "SALE", "sale", _offer_offers, _offer_advance, free=True),
    Step("question-positions", "SALE", "sale-question",
         _positions_offers, _positions_advance, question=True),
    Step("question-kinds", "SALE", "sale-question",
         _kinds_offers, _kinds_advance, question=True),
    Step("question-relation", "SALE", "sale-question",
         _relation_offers, _relation_advance, question=True),
    Step("question-number", "SALE", "sale-question",
         _number_offers, _number_advance, question=True),
    Step("question-pair-first", "SALE", "sale-question",
         _pair_first_offers, _pair_first_advance, question=True),
    Step("question-pair-second", "SALE", "sale-question",
         _pair_second_offers, _pair_second_advance, question=True),
    Step("buyer", "SALE", "sale-answer", _buyer_offers, _buyer_advance, by_turn=False),
    Step("event", "PLAY", "event", _event_offers, _event_advance, by_turn=False),
    Step("next-step", "NEXT STEP", "next-step", _next_offers, _next_advance, free=True),
    Step("over", "-", "over", _nothing, _over_advance, by_turn=False),
)  # fmt: skip
STEP_ID = {step.name: i for i, step in enumerate(STEPS)}
PLAY = STEP_ID["play"]
PLAY_TARGET = STEP_ID["play-target"]
SWAP = STEP_ID["swap"]
SWAP_SEAT = STEP_ID["swap-seat"]
SWAP_CARD = STEP_ID["swap-card"]
SALE = STEP_ID["sale"]
SALE_OFFER = STEP_ID["sale-offer"]
Q_POSITIONS = STEP_ID["question-positions"]
Q_KINDS = STEP_ID["question-kinds"]
Q_RELATION = STEP_ID["question-relation"]
Q_NUMBER = STEP_ID["question-number"]
Q_PAIR_FIRST = STEP_ID["question-pair-first"]
Q_PAIR_SECOND = STEP_ID["question-pair-second"]
BUYER = STEP_ID["buyer"]
EVENT = STEP_ID["event"]
NEXT = STEP_ID["next-step"]
OVER = STEP_ID["over"]

#: Every value ``current_phase`` takes, in the order of a turn.
PHASES = (
    "commit",
    "play",
    "play-target",
    "free-action",
    "swap",
    "sale",
    "sale-question",
    "sale-answer",
    "event",
    "next-step",
    "final-round",
    "over",
)
