"""The A Christmas Story heuristic: deduce, peek where it learns most, open when sure.

What the seat knows is the deduction of its view: each card it has peeked or that lies
face up has a known identity, and the others are exchangeable (the module docstring of
the game: no rule reveals anything else), so each unknown card is the Decoder Pin with
chance (Decoder Pins unaccounted) / (unknown cards), and so on. Who has peeked which
card is public too (the Peek tokens), so it can tell when another seat must know where
both prizes are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_story.christmas_story import box as cs
from yuletide.games.christmas_story.christmas_story.rules import ChristmasStory

DECODER, BB_GUN, SCUT, GROVER, PRESENT = cs.DECODER, cs.BB_GUN, cs.SCUT, cs.GROVER, cs.PRESENT
PRIZES = (DECODER, BB_GUN)
BULLIES = (SCUT, GROVER)
KIND_OF = {name: k for k, name in enumerate(cs.KIND_NAME)}
#: Open without being sure only at this chance of winning (a wrong opening is out).
GAMBLE = 0.65
#: ... or at this chance when another seat must know where both prizes are.
GAMBLE_THREATENED = 0.2
#: How a card the seat gives away (swap or dare) is ranked: a Bully first, then a card
#: it does not know, then a Present; a prize it keeps (it knows where that one is).
GIVE_ORDER = {SCUT: 0, GROVER: 0, -1: 1, PRESENT: 2, DECODER: 3, BB_GUN: 3}
#: The card turned face up after refusing a Dare: the one that tells the others least.
TURN_UP_ORDER = {PRESENT: 0, SCUT: 1, GROVER: 1, -1: 2, DECODER: 3, BB_GUN: 3}


@dataclass(slots=True)
class Knowledge:
    """What the seat knows, however it was read (from its view, or from a world)."""

    me: int
    counts: list[int]  # cards of each kind in the game
    identity: list[int]  # per card: its kind if the seat knows it, else -1
    face_up: list[bool]
    peekers: list[int]  # per card: a bit per seat known to have peeked it
    slots: list[int]  # the seat's own cards, in slot order
    middle: list[int]
    hands: dict[int, list[int]]  # other seats still in the game: their cards
    lamp: int  # the seat holding the Leg Lamp, or -1
    dare: tuple[int, int] | None  # (darer's card, dared card) while a Dare is answered

    def unaccounted(self) -> tuple[list[int], int]:
        """Cards of each kind whose place the seat does not know, and how many cards
        are unknown to it."""
        left = list(self.counts)
        unknown = 0
        for kind in self.identity:
            if kind >= 0:
                left[kind] -= 1
            else:
                unknown += 1
        return left, unknown

    def chance(self, card: int, kind: int) -> float:
        known = self.identity[card]
        if known >= 0:
            return 1.0 if known == kind else 0.0
        left, unknown = self.unaccounted()
        return left[kind] / unknown if unknown else 0.0

    def where(self, kind: int) -> int:
        """The card known to be ``kind`` (a prize), or -1."""
        for c, k in enumerate(self.identity):
            if k == kind:
                return c
        return -1

    def best_declaration(self) -> tuple[tuple[int, int], float]:
        """The two cards most likely to be the Decoder Pin and the BB Gun, and the chance
        of winning by declaring them now (both right and no Bully in the seat's hand)."""
        left, unknown = self.unaccounted()
        picks: list[int] = []
        p = 1.0
        spare = unknown
        for kind in PRIZES:
            c = self.where(kind)
            if c < 0:
                guess = [x for x in range(len(self.identity)) if self.identity[x] < 0]
                guess = [x for x in guess if x not in picks]
                # prefer a card outside the seat's own hand: a guess that is one of its
                # own cards cannot also be a Bully in its hand
                guess.sort(key=lambda x: (x in self.slots, x))
                if not guess or spare <= 0:
                    return (0, 1), 0.0
                c = guess[0]
                p *= left[kind] / spare
                spare -= 1
            picks.append(c)
        a, b = sorted(picks)
        bullies = left[SCUT] + left[GROVER]
        for c in self.slots:
            if c in picks or self.identity[c] >= 0:
                if self.identity[c] in BULLIES:
                    p = 0.0
                continue
            p *= 1.0 - bullies / spare if spare > 0 else 1.0
            spare -= 1
        return (a, b), max(0.0, p)

    def threatened(self) -> bool:
        """Whether another seat still in the game must know where both prizes are (both
        are known to this seat and the other has peeked both, or they lie face up)."""
        places = [self.where(kind) for kind in PRIZES]
        if min(places) < 0:
            return False
        for seat in self.hands:
            if all(self.face_up[c] or self.peekers[c] >> seat & 1 for c in places):
                return True
        return False


def from_view(view: dict[str, Any], me: int) -> Knowledge:
    """The seat's knowledge, read from its view."""
    cards: dict[int, dict[str, Any]] = {}
    for hand in view["hands"]:
        for entry in hand:
            cards[_index(entry["card"])] = entry
    for entry in view["middle"]:
        cards[_index(entry["card"])] = entry
    n = len(cards)
    identity = [-1] * n
    face_up = [False] * n
    peekers = [0] * n
    for c, entry in cards.items():
        if entry["identity"] is not None:
            identity[c] = KIND_OF[entry["identity"]]
        face_up[c] = bool(entry["face_up"])
        for t in entry["tokens"]:
            peekers[c] |= 1 << t
    for entry in view["peeked"]:
        peekers[_index(entry["card"])] |= 1 << me
    counts = [view["cards_in_game"][name] for name in cs.KIND_NAME]
    in_game = set(view["in_game"])
    hands = {
        s: [_index(e["card"]) for e in hand]
        for s, hand in enumerate(view["hands"])
        if s != me and s in in_game
    }
    dare = view["dare"]
    lamp = view["leg_lamp"]
    return Knowledge(
        me=me,
        counts=counts,
        identity=identity,
        face_up=face_up,
        peekers=peekers,
        slots=[_index(e["card"]) for e in view["hands"][me]],
        middle=[_index(e["card"]) for e in view["middle"]],
        hands=hands,
        lamp=-1 if lamp is None else lamp,
        dare=None if dare is None else (_index(dare["darer_card"]), _index(dare["dared_card"])),
    )


def from_world(world: ChristmasStory, me: int) -> Knowledge:
    """The seat's knowledge in a sampled world (for search): what the world says the
    seat has peeked or sees face up, never the other identities."""
    bit = 1 << me
    ident, face_up, known = world.ident, world.face_up, world.known
    identity = [
        k if up or seen & bit else -1 for k, up, seen in zip(ident, face_up, known, strict=True)
    ]
    return Knowledge(
        me=me,
        counts=list(world.counts),
        identity=identity,
        face_up=[bool(x) for x in face_up],
        peekers=list(known),
        slots=world.hand(me),
        middle=list(world.middle),
        hands={s: world.hand(s) for s in range(world.players) if s != me and not world.out[s]},
        lamp=world.lamp,
        dare=(world.dare[0], world.dare[1]) if world.step >= cs.ANSWER else None,
    )


def _index(letter: str) -> int:
    return cs.LETTERS.index(letter.lower())


class HeuristicBot:
    """Opens the presents when it is sure: it knows where the Decoder Pin and the BB Gun
    are and that its own two cards hold no Bully (or, short of sure, when its chance of
    winning that way is at least 0.65, or 0.2 once another player must know where both
    are). Otherwise it learns the most it can:

    * holding the Leg Lamp, a Free Peek at its own unknown card (what it must know
      before it opens), else a Triple-Dog-Dare for a card it does not know;
    * a Swap for a middle card it does not know, else a Dare for an opponent's card it
      does not know (accepted, it peeks; refused, it gets the lamp and sees a card
      turned up); what it gives away is a Bully first, then a card it does not know,
      then a Present, never a prize it has found;
    * dared, it refuses (with the lamp if it holds it) when the card offered is a known
      Bully or the card asked for is a prize it knows, and accepts otherwise; made to
      turn a card up, it shows the one that tells the others least (a Present, a Bully,
      an unknown card, last a prize).
    """

    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = window.view()
        return decide(from_view(view, window.seat), legal, self.rng)


def decide(k: Knowledge, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's action (class docstring) from the seat's knowledge."""
    first = legal[0]
    if isinstance(first, cs.Declare):
        (a, b), _ = k.best_declaration()
        return next(
            (x for x in legal if isinstance(x, cs.Declare) and (x.first, x.second) == (a, b)), first
        )
    if isinstance(first, cs.Accept):
        return _answer(k, legal)
    if isinstance(first, cs.TurnUp):
        return min(legal, key=lambda x: TURN_UP_ORDER[k.identity[k.slots[cast(cs.TurnUp, x).slot]]])
    _, p = k.best_declaration()
    if p >= 0.999 or p >= (GAMBLE_THREATENED if k.threatened() else GAMBLE):
        opening = next((x for x in legal if isinstance(x, cs.Open)), None)
        if opening is not None:
            return opening
    return _learn(k, legal, rng)


def _answer(k: Knowledge, legal: Sequence[Action]) -> Action:
    assert k.dare is not None
    offered, asked = k.dare
    bad = k.identity[offered] in BULLIES or k.identity[asked] in PRIZES
    if not bad:
        return next(x for x in legal if isinstance(x, cs.Accept))
    with_lamp = [x for x in legal if isinstance(x, cs.Refuse) and x.lamp]
    if with_lamp:
        return with_lamp[0]
    return next(x for x in legal if isinstance(x, cs.Refuse))


def _learn(k: Knowledge, legal: Sequence[Action], rng: Rng) -> Action:
    unknown_own = [i for i, c in enumerate(k.slots) if k.identity[c] < 0 and not k.face_up[c]]
    peeks = [x for x in legal if isinstance(x, cs.FreePeek) and x.slot in unknown_own]
    if peeks:
        return peeks[0]
    give = _give_slot(k)
    for kind in (cs.TripleDogDare, cs.Swap, cs.Dare):
        options = [
            x
            for x in legal
            if isinstance(x, kind) and _mine(x) == give and k.identity[_theirs(x)] < 0
        ]
        if options:
            return options[rng.below(len(options))]
    # Nothing unknown within reach: swap a Bully away for a known harmless card.
    if k.identity[k.slots[give]] in BULLIES:
        for x in legal:
            if isinstance(x, cs.Swap) and x.slot == give and k.identity[x.other] not in BULLIES:
                return x
    turns = [x for x in legal if isinstance(x, cs.Swap | cs.Dare)]
    return turns[rng.below(len(turns))] if turns else legal[0]


def _mine(action: Action) -> int:
    """The seat's own slot a Swap, Dare or Triple-Dog-Dare gives away (-1: none)."""
    if isinstance(action, cs.Swap | cs.Dare | cs.TripleDogDare):
        return action.slot
    return -1


def _theirs(action: Action) -> int:
    """The card a Swap, Dare or Triple-Dog-Dare would bring the seat."""
    if isinstance(action, cs.Swap):
        return action.other
    assert isinstance(action, cs.Dare | cs.TripleDogDare)
    return action.theirs


def _give_slot(k: Knowledge) -> int:
    """The slot of the card the seat would rather give away (``GIVE_ORDER``)."""
    ranks = [GIVE_ORDER[k.identity[c]] for c in k.slots]
    return min(range(len(ranks)), key=lambda i: (ranks[i], i))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic on a sampled world, from what the world says the seat knows."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return decide(from_world(cast(ChristmasStory, state), seat), legal, rng)


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout)
