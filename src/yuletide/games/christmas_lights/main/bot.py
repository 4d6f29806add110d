"""The Christmas Lights heuristic: reason about the hand you cannot see, then play it.

A seat sees every hand but its own. What it can know of its own cards comes from its
view: the cards it knows (swapped in, bought, looked at), the answers it got in its
sales, and everything it can count: the box less every card it can see (the others'
hands, its known cards, every string, placed Plug and used Bulb, the discard pile, the
cards laid for sale). Its unknown cards and the deck are a shuffle of what is left, so
without answers each unknown card is a given kind with chance (left of that kind) /
(left in all). Answers break that symmetry: then the bot samples its hand from the
worlds ``determinize`` deals (they honour every answer) and counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.main import box as cl
from yuletide.games.christmas_lights.main import steps as cs
from yuletide.games.christmas_lights.main.rules import ChristmasLights

N_KINDS = cl.N_KINDS
RED, BUBBLE, BROKEN, PLUG = cl.RED, cl.BUBBLE, cl.BROKEN, cl.PLUG
COLOURS = range(RED, BUBBLE)
KIND_ID = cl.KIND_ID
BOX = [cl.BOX_KINDS.count(k) for k in range(N_KINDS)]
PATTERN_INDEX = {pid: i for i, pid in enumerate(cl.PATTERN_IDS)}
#: Determinizations sampled to read the hand when answers are about it.
SAMPLES = 48
#: The worth of a Broken Bulb placed in a string (it lets the string advance but must be
#: fixed, and it counts against the seat in a tie) and of a Bubble Bulb played (wild,
#: but it draws an Event, some of which set the seat back).
BROKEN_PLACED = 0.3
BUBBLE_PLACED = 0.85
#: The least worth of a swap the bot makes, and the most a card it lays for sale may be
#: worth to it.
SWAP_AT_LEAST = 0.25
SALE_AT_MOST = 0.2
#: Weights of the next slots of a string (the next one first) for the worth of a colour.
AHEAD = (1.0, 0.55, 0.4, 0.3, 0.25)


def _action(legal: Sequence[Action], text: str) -> Action | None:
    for a in legal:
        if str(a) == text:
            return a
    return None


@dataclass(slots=True)
class Mine:
    """What the seat's view says of its own game: its string and what it needs."""

    completed: int  # patterns completed
    committed: bool
    plug_due: bool
    needs: list[int]  # the colour each slot needs (committed), else []
    string: list[int]  # kind per slot, -1 empty
    options: list[list[int]]  # readings (5 colours, slot 1 first) it may commit to
    targets: list[str]

    @property
    def advance(self) -> int:
        """The next empty slot of the committed string, or -1."""
        if not self.committed or self.plug_due:
            return -1
        return self.string.index(-1) if -1 in self.string else -1

    @property
    def fixes(self) -> list[int]:
        return [k for k, x in enumerate(self.string) if x == BROKEN]


def read_mine(view: dict[str, Any], me: int) -> Mine:
    seat = view["seats"][me]
    commitment = seat.get("commitment")
    string = [KIND_ID[x] if x is not None else -1 for x in seat["string"]]
    completed = len(seat["completed"])
    done = {PATTERN_INDEX[p] for p, _ in seat["completed"]}
    options: list[list[int]] = []
    if commitment is None and completed < 2:
        for entry in seat["patterns"]:
            if entry is None or PATTERN_INDEX[entry[0]] in done:
                continue
            lights = [KIND_ID[c] for c in entry[1]]
            options.extend([lights, lights[::-1]])
    return Mine(
        completed=completed,
        committed=commitment is not None,
        plug_due=seat["plug"] == "due",
        needs=[KIND_ID[c] for c in commitment["needs"]] if commitment else [],
        string=string,
        options=options,
        targets=list(seat.get("targets", [])),
    )


def worth(mine: Mine, holding: Sequence[int]) -> list[float]:
    """What holding one more card of each kind is worth to the seat, in [0, 1], given the
    known cards it holds already (``holding``: a count per kind): most for what its
    string needs next, less for what it needs later, little for a second copy."""
    w = [0.0] * N_KINDS
    if mine.completed >= 2:
        return w
    if mine.plug_due:
        w[PLUG] = 1.0
        for line in mine.options or []:
            for j, c in enumerate(line[:3]):
                w[c] = max(w[c], 0.4 * AHEAD[j])
    elif mine.committed:
        adv = mine.advance
        fixes = mine.fixes
        if adv >= 0:
            for j, slot in enumerate(range(adv, 5)):
                c = mine.needs[slot]
                w[c] = max(w[c], AHEAD[j])
        for k in fixes:
            w[mine.needs[k]] = max(w[mine.needs[k]], 0.9)
        if adv >= 0 or fixes:
            w[BUBBLE] = 0.8
        if adv >= 0 and adv < 4:
            w[BROKEN] = BROKEN_PLACED
        if mine.completed == 0:
            filled = sum(1 for x in mine.string if x >= 0)
            w[PLUG] = 0.2 + 0.08 * filled
    else:
        for line in mine.options:
            for j, c in enumerate(line):
                w[c] = max(w[c], 0.6 * AHEAD[j])
        w[BUBBLE] = 0.6
        w[PLUG] = 0.2 if mine.completed == 0 else 0.0
    for k in range(N_KINDS):
        if holding[k] > 0:
            w[k] = min(w[k], 0.1 if k != BUBBLE else 0.5)
    return w


class Hand:
    """The seat's beliefs about its own hand: for each position, the chance of each kind
    (1 for a card it knows)."""

    def __init__(self, probs: list[list[float]], known: list[int], left: Sequence[int]) -> None:
        self.probs = probs
        self.known = known  # kind per position, -1 unknown
        total = sum(left)
        #: The chance of each kind for a card drawn now (the pool's shares).
        self.draw = [x / total for x in left] if total else [0.0] * N_KINDS

    def fresh(self, worth: Sequence[float]) -> float:
        """The expected worth of a card drawn now."""
        return sum(p * w for p, w in zip(self.draw, worth, strict=True))

    def holding(self, but: int = -1) -> list[int]:
        """Known cards per kind (leaving out position ``but``)."""
        out = [0] * N_KINDS
        for i, k in enumerate(self.known):
            if k >= 0 and i != but:
                out[k] += 1
        return out

    def chance(self, i: int, kinds: Sequence[int]) -> float:
        return sum(self.probs[i][k] for k in kinds)


def pool(view: dict[str, Any], me: int) -> list[int]:
    """The box less every card the seat can see: the kinds of its unknown cards and of
    the deck, between them."""
    left = list(BOX)
    for hand in view["hands"]:
        for x in hand["cards"]:
            if x is not None:
                left[KIND_ID[x]] -= 1
    for seat in view["seats"]:
        for x in seat["string"]:
            if x is not None:
                left[KIND_ID[x]] -= 1
        if seat["plug"] == "placed":
            left[PLUG] -= 1
        broken, bubble = seat["used"]
        left[BROKEN] -= broken
        left[BUBBLE] -= bubble
    for k, count in enumerate(view["discard"]):
        left[k] -= count
    sale = view["sale"]
    if sale is not None:
        for kind, status in sale["cards"]:
            if status == "for sale":
                left[KIND_ID[kind]] -= 1
    return [max(0, x) for x in left]


class HeuristicBot:
    """Plays Christmas Lights on what it can know of its hand (module docstring):

    * commits to the pattern and end whose first lights it can most easily find: cards
      it knows it holds, cards in the other hands (to swap for), and what its unknown
      cards are likely to be;
    * PLAY: up to two cards, each the one most likely to fit (a card it knows fits, else
      the unknown card most likely to be what the next slot or a Broken slot needs, or a
      Bubble Bulb); a miss only costs a card it will refill, so it plays blind rather
      than not at all, but never throws away a card it knows it will need;
    * SWAP: takes from another hand the card its string needs most (next slot, a fix,
      a Plug when one is due), giving the card it can best spare (a known spare card, else
      the unknown card least likely to help), and prefers cards their holder knows;
    * SALE: lays a card it can spare and asks a buyer "is card i one of the kinds I need
      now?" about the unknown card most likely to be one, offering the card to the
      player most likely to want it; as a buyer it accepts only cards it needs soon;
    * REFILL: always to five. Light Switch: draws; Christmas Eve: looks at the unknown
      card most likely to help; Boxing Day: discards a known card it does not need.
    It never marks or moves cards.
    """

    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._cache: tuple[Any, Hand] | None = None

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = window.view()
        me = window.seat
        texts = [str(a) for a in legal]
        hand = self.beliefs(window, view)
        choice = decide(view, me, texts, hand)
        action = _action(legal, choice)
        return action if action is not None else legal[0]

    def beliefs(self, window: SeatWindow, view: dict[str, Any]) -> Hand:
        """The seat's beliefs about its hand (module docstring), cached while nothing it
        depends on changes."""
        me = window.seat
        mine = view["hands"][me]
        left = pool(view, me)
        key = (tuple(mine["cards"]), repr(mine["answers"]), repr(view["answers"]), tuple(left))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        cards = mine["cards"]
        known = [KIND_ID[x] if x is not None else -1 for x in cards]
        total = sum(left)
        flat = [x / total for x in left] if total else [0.0] * N_KINDS
        probs = [_certain(k) if k >= 0 else list(flat) for k in known]
        if mine["answers"] and any(k < 0 for k in known):
            probs = self._sampled(window, me, known)
        hand = Hand(probs, known, left)
        self._cache = (key, hand)
        return hand

    def _sampled(self, window: SeatWindow, me: int, known: list[int]) -> list[list[float]]:
        """Each position's kind, counted over worlds ``determinize`` deals under every
        answer the seat got (reading its own hand in each sampled world)."""
        counts = [[0.0] * N_KINDS for _ in known]
        for _ in range(SAMPLES):
            world = cast(ChristmasLights, window.determinize(self.rng))
            kinds = world.kinds
            for i, card in enumerate(world.hands[me]):
                counts[i][kinds[card]] += 1.0
        return [[x / SAMPLES for x in row] for row in counts]


def _certain(kind: int) -> list[float]:
    row = [0.0] * N_KINDS
    row[kind] = 1.0
    return row


def decide(view: dict[str, Any], me: int, legal: list[str], hand: Hand) -> str:
    """The heuristic's action, as notation (class docstring)."""
    step = view["step"]
    mine = read_mine(view, me)
    if view["event"] is not None and step == "event":
        return _event(view, legal, mine, hand)
    if step == "buyer":
        return _buy(view, legal, mine, hand)
    if step == "play":
        commits = [t for t in legal if t.startswith("commit ")]
        if commits:
            return _commit(view, me, commits, mine, hand)
        return _play(legal, mine, hand)
    if step == "play-target":
        return _target(view, legal, mine, hand)
    if step == "next-step":
        return _next_step(view, me, legal, mine, hand)
    if step.startswith("swap"):
        return _swap_step(view, me, legal, mine, hand)
    if step in ("sale", "sale-offer"):
        return _sale_step(view, me, legal, mine, hand)
    if step.startswith("question"):
        return _question(view, legal, mine, hand)
    return next((t for t in legal if not t.startswith(("mark", "move"))), legal[0])


# ------------------------------------------------------------------ PLAY


def _gain(kind: int, target: str, mine: Mine, keep: Sequence[float]) -> float:
    """What playing a card of ``kind`` at ``target`` brings: a slot filled, or the card
    lost (``keep[kind]``: its worth to keep, less that of the card refilled for it)."""
    if mine.plug_due:
        return 1.0 if kind == PLUG else -keep[kind]
    if target == "advance":
        slot = mine.advance
        if slot < 0:
            return -keep[kind]
        if kind == mine.needs[slot]:
            return 1.0
        if kind == BUBBLE:
            return BUBBLE_PLACED
        if kind == BROKEN:
            return BROKEN_PLACED if slot < 4 else 0.05
        return -keep[kind]
    slot = int(target.split()[1]) - 1
    if kind == mine.needs[slot]:
        return 1.0
    if kind == BUBBLE:
        return BUBBLE_PLACED
    return -keep[kind]


def _expected(i: int, target: str, mine: Mine, hand: Hand) -> float:
    """The expected gain of playing position ``i`` at ``target``. A card that misses is
    discarded and refilled at REFILL, so losing it costs its worth less that of a fresh
    card (whatever the pool holds): a card it knows it does not need is worth playing
    out, which also keeps a hand of known useless cards from standing still."""
    w = worth(mine, hand.holding(but=i))
    fresh = hand.fresh(w)
    keep = [0.6 * x - 0.7 * fresh for x in w]
    probs = hand.probs[i]
    return sum(p * _gain(k, target, mine, keep) for k, p in enumerate(probs) if p > 0)


def _targets(mine: Mine) -> list[str]:
    if mine.plug_due:
        return ["advance"]
    return mine.targets or ["advance"]


def _play(legal: list[str], mine: Mine, hand: Hand) -> str:
    best, best_value = "done", 0.02
    for text in legal:
        if not text.startswith("card "):
            continue
        i = int(text.split()[1]) - 1
        value = max(_expected(i, t, mine, hand) for t in _targets(mine))
        if value > best_value:
            best, best_value = text, value
    return best if best in legal else legal[0]


def _target(view: dict[str, Any], legal: list[str], mine: Mine, hand: Hand) -> str:
    i = view["playing"] - 1
    return max(legal, key=lambda t: _expected(i, t, mine, hand))


def _commit(view: dict[str, Any], me: int, legal: list[str], mine: Mine, hand: Hand) -> str:
    """The reading whose first lights are easiest to find (class docstring)."""
    visible = [0] * N_KINDS
    for t, other in enumerate(view["hands"]):
        if t != me:
            for x in other["cards"]:
                visible[KIND_ID[x]] += 1
    expected = [sum(row[k] for row in hand.probs) for k in range(N_KINDS)]
    known = hand.holding()
    seat = view["seats"][me]

    def score(text: str) -> float:
        _, p, end = text.split()
        entry = seat["patterns"][int(p) - 1]
        lights = [KIND_ID[c] for c in entry[1]]
        line = lights if end == "left" else lights[::-1]
        total = 0.0
        for j, c in enumerate(line):
            avail = 1.0 * known[c] + 0.35 * min(2, visible[c]) + 0.6 * expected[c]
            total += AHEAD[j] * min(avail, 1.5)
        return total

    return max(legal, key=score)


# ------------------------------------------------------------------ the other steps


def _next_step(view: dict[str, Any], me: int, legal: list[str], mine: Mine, hand: Hand) -> str:
    if "swap" in legal:
        plan = best_swap(view, me, mine, hand)
        if plan is not None and plan[0] >= SWAP_AT_LEAST:
            return "swap"
    if "sale" in legal and _sale_card(mine, hand) is not None:
        return "sale"
    draws = [t for t in legal if t.startswith("draw ")]
    if draws:
        return max(draws, key=lambda t: int(t.split()[1]))
    return "end" if "end" in legal else legal[0]


def best_swap(
    view: dict[str, Any], me: int, mine: Mine, hand: Hand, *, given: int = -1, seat: int = -1
) -> tuple[float, int, int, int] | None:
    """The best swap (worth, own position, other seat, their position), keeping the own
    position and the seat where they are chosen already."""
    best: tuple[float, int, int, int] | None = None
    positions = [given] if given >= 0 else range(len(hand.known))
    for i in positions:
        holding = hand.holding(but=i)
        w = worth(mine, holding)
        probs = hand.probs[i]
        loss = sum(p * w[k] for k, p in enumerate(probs))
        loss += 0.3 * probs[BUBBLE] + 0.15 * probs[PLUG]  # what it would hand over
        for t, other in enumerate(view["hands"]):
            if t == me or not other["cards"] or (seat >= 0 and t != seat):
                continue
            their_known = set(other["known"])
            for j, x in enumerate(other["cards"]):
                value = w[KIND_ID[x]] - loss + (0.05 if j + 1 in their_known else 0.0)
                if best is None or value > best[0]:
                    best = (value, i, t, j)
    return best


def _swap_step(view: dict[str, Any], me: int, legal: list[str], mine: Mine, hand: Hand) -> str:
    swap = view["swap"]
    given = -1 if swap is None else swap["card"] - 1
    seat = -1 if swap is None or swap["seat"] is None else swap["seat"]
    plan = best_swap(view, me, mine, hand, given=given, seat=seat)
    if plan is None:
        return legal[0]
    _, i, t, j = plan
    step = view["step"]
    text = (
        f"card {i + 1}"
        if step == "swap"
        else f"seat {t}"
        if step == "swap-seat"
        else f"card {j + 1}"
    )
    return text if text in legal else legal[0]


def _spare(mine: Mine, hand: Hand, i: int) -> float:
    """What the card at position ``i`` is worth to the seat."""
    w = worth(mine, hand.holding(but=i))
    probs = hand.probs[i]
    return sum(p * w[k] for k, p in enumerate(probs)) + 0.2 * probs[BUBBLE]


def _sale_card(mine: Mine, hand: Hand) -> int | None:
    """The position to lay for sale: the card the seat can best spare, if it is worth at
    most SALE_AT_MOST and there is an unknown card to ask about."""
    n = len(hand.known)
    if n < 2 or all(k >= 0 for k in hand.known):
        return None
    i = min(range(n), key=lambda x: (_spare(mine, hand, x), x))
    return i if _spare(mine, hand, i) <= SALE_AT_MOST else None


def _sale_step(view: dict[str, Any], me: int, legal: list[str], mine: Mine, hand: Hand) -> str:
    if view["step"] == "sale":
        i = _sale_card(mine, hand)
        text = f"card {(i or 0) + 1}"
        return text if text in legal else legal[0]
    buyers = [t for t in legal if t.startswith("seat ")]
    if not buyers:
        return "withdraw" if "withdraw" in legal else legal[0]
    sale = view["sale"]
    kind = KIND_ID[sale["cards"][sale["current"] - 1][0]]
    return max(buyers, key=lambda t: (_wants(view, int(t.split()[1]), kind), -int(t.split()[1])))


def _wants(view: dict[str, Any], t: int, kind: int) -> float:
    """How likely seat ``t`` is to want a card of ``kind`` (from its public string)."""
    seat = view["seats"][t]
    if kind == PLUG:
        return 1.0 if seat["plug"] == "due" else 0.2
    if kind == BUBBLE:
        return 0.8
    if kind == BROKEN:
        return 0.1
    string = seat["string"]
    if cl.KIND_NAME[kind] in string:
        return 0.05
    nxt = string.index(None) if None in string else -1
    if nxt >= 0 and cl.KIND_NAME[kind] in seat["misses"][nxt]:
        return 0.1
    return 0.4


def _useful_now(mine: Mine) -> list[int]:
    """The kinds the seat would play at once."""
    if mine.plug_due:
        return [PLUG]
    kinds: set[int] = set()
    if mine.committed:
        adv = mine.advance
        if adv >= 0:
            kinds.add(mine.needs[adv])
        kinds.update(mine.needs[k] for k in mine.fixes)
        if kinds:
            kinds.add(BUBBLE)
    else:
        kinds.update(line[0] for line in mine.options)
        kinds.add(BUBBLE)
    return sorted(kinds)


def _question(view: dict[str, Any], legal: list[str], mine: Mine, hand: Hand) -> str:
    """Builds "is card i one of the kinds I need now?" about the unknown card most
    likely to be one."""
    step = view["step"]
    useful = _useful_now(mine) or [BUBBLE]
    if step == "question-positions":
        question = view["sale"]["question"]
        if question["positions"]:
            return "done" if "done" in legal else legal[0]
        unknown = [i for i, k in enumerate(hand.known) if k < 0]
        if not unknown:
            return "all" if "all" in legal else legal[0]
        i = max(unknown, key=lambda x: (hand.chance(x, useful), -x))
        text = f"card {i + 1}"
        return text if text in legal else legal[0]
    if step == "question-kinds":
        names = [f"kind {cl.KIND_NAME[k]}" for k in useful]
        for text in names:
            if text in legal:
                return text
        return "done" if "done" in legal else legal[0]
    if step == "question-relation":
        return ">=" if ">=" in legal else legal[0]
    if step == "question-number":
        return "number 1" if "number 1" in legal else legal[-1]
    return legal[0]


def _buy(view: dict[str, Any], legal: list[str], mine: Mine, hand: Hand) -> str:
    sale = view["sale"]
    kind = KIND_ID[sale["cards"][sale["current"] - 1][0]]
    w = worth(mine, hand.holding())[kind]
    enough = 0.55 if view["players"] == 2 else 0.35
    return "accept" if w >= enough and "accept" in legal else "decline"


def _event(view: dict[str, Any], legal: list[str], mine: Mine, hand: Hand) -> str:
    name = view["event"]["event"]
    if name == "light-switch":
        return "draw 1" if "draw 1" in legal else legal[0]
    if name == "christmas-eve":
        useful = _useful_now(mine) or [BUBBLE]
        unknown = [i for i, k in enumerate(hand.known) if k < 0]
        if not unknown:
            return "none"
        i = max(unknown, key=lambda x: (hand.chance(x, useful), -x))
        text = f"card {i + 1}"
        return text if text in legal else "none"
    # Boxing Day: discard a known card it does not need (a fresh card may help)
    spare = [
        i for i, k in enumerate(hand.known) if k >= 0 and worth(mine, hand.holding(but=i))[k] < 0.1
    ]
    if spare:
        text = f"card {spare[0] + 1}"
        if text in legal:
            return text
    return "none"


# ------------------------------------------------------------------ search


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast policy for search, on a sampled world: commit at random; play a card the
    seat knows fits, else a random card; swap for the colour the next slot needs when
    another hand holds it; refill to five; no sales, marks or moves; take Light Switch
    and decline the other events; as a buyer, accept a card its next slot needs."""
    world = cast(ChristmasLights, state)
    legal = world.legal_actions(seat)
    if len(legal) == 1 or world.free_pending[seat] >= 0:
        return legal[0]  # a mark or move begun (by the search): finish it at once
    step = world.step
    kinds = world.kinds
    if step == cs.PLAY:
        commits = [a for a in legal if isinstance(a, cl.Commit)]
        if commits:
            return commits[rng.below(len(commits))]
        if world.plays >= 1 and rng.random() < 0.3 and cl.DONE in legal:
            return cl.DONE
        need = _world_need(world, seat)
        hand = world.hands[seat]
        known = world.known
        for i, c in enumerate(hand):
            if known[c] and (kinds[c] == need or kinds[c] == BUBBLE):
                return cl.CARDS[i]
        cards = [a for a in legal if isinstance(a, cl.Card)]
        return cards[rng.below(len(cards))] if cards else cl.DONE
    if step == cs.PLAY_TARGET:
        return legal[0]
    if step == cs.NEXT:
        if cl.GO_SWAP in legal and world.stage < 1 and _world_swap(world, seat) is not None:
            return cl.GO_SWAP
        draws = [a for a in legal if isinstance(a, cl.Draw)]
        return draws[-1] if draws else cl.END
    if step in (cs.SWAP, cs.SWAP_SEAT, cs.SWAP_CARD):
        plan = _world_swap(world, seat)
        if plan is not None:
            i, t, j = plan
            pick: Action = (
                cl.CARDS[i]
                if step == cs.SWAP
                else cl.SEAT_ACTS[t]
                if step == cs.SWAP_SEAT
                else cl.CARDS[j]
            )
            if pick in legal:
                return pick
        return legal[rng.below(len(legal))]
    if step == cs.BUYER:
        card = world.sale_cards[world.sale_index]
        return cl.ACCEPT if kinds[card] == _world_need(world, seat) else cl.DECLINE
    if step == cs.EVENT:
        return cl.DRAWS[0] if cl.DRAWS[0] in legal else cl.NONE
    if step in (cs.SALE, cs.SALE_OFFER) and cl.WITHDRAW in legal:
        return cl.WITHDRAW
    plain = [a for a in legal if not isinstance(a, cl.Mark | cl.Move)]
    return plain[rng.below(len(plain))] if plain else legal[0]


def prune(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The actions worth searching: marks and moves change nothing the rules read."""
    kept = [a for a in actions if not isinstance(a, cl.Mark | cl.Move)]
    return kept or actions


def _world_need(world: ChristmasLights, seat: int) -> int:
    """The kind the seat's next slot needs in a world (a Plug when one is due), or -1."""
    done = world.completed[seat]
    if len(done) >= 2:
        return -1
    if len(done) == 1 and world.plugs[seat] < 0:
        return PLUG
    if world.commit[seat] < 0:
        return -1
    string = world.strings[seat]
    for slot in range(5):
        if string[slot] < 0:
            return world.needed(seat, slot)
    return -1


def _world_swap(world: ChristmasLights, seat: int) -> tuple[int, int, int] | None:
    """A swap for the kind the next slot needs, giving a card the seat does not know."""
    need = _world_need(world, seat)
    if need < 0:
        return None
    hand = world.hands[seat]
    known = world.known
    kinds = world.kinds
    if any(known[c] and kinds[c] == need for c in hand):
        return None
    give = next((i for i, c in enumerate(hand) if not known[c]), -1)
    if give < 0:
        return None
    for t in range(world.players):
        if t == seat:
            continue
        for j, c in enumerate(world.hands[t]):
            if kinds[c] == need:
                return give, t, j
    return None


def progress(world: ChristmasLights, seat: int) -> float:
    """How far along a seat is, in strings (two win): each completed string 1, each
    placed Plug 0.15, each right light of the current string 0.17, a Broken Bulb in it
    0.06. Cards in hand do not count: a sampled world deals the observer's unknown cards
    by chance, and a bonus for a card it "knows" there (0.1, once) drew the search to
    moves that make cards known rather than place them (Sales for Swaps, at 4 players)."""
    done = len(world.completed[seat])
    if done >= 2:
        return 2.0
    score = float(done)
    if world.plugs[seat] >= 0:
        score += 0.15
    kinds = world.kinds
    for c in world.strings[seat]:
        if c >= 0:
            score += 0.06 if kinds[c] == BROKEN else 0.17
    return score


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chances in [0, 1] from everyone's progress (``progress``): its lead over
    the best other seat, squashed; a finished game's win share."""
    world = cast(ChristmasLights, state)
    outcome = world.outcome
    if outcome.over:
        if outcome.status != "finished":
            return 0.0
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    mine = progress(world, seat)
    best_other = max(progress(world, t) for t in range(world.players) if t != seat)
    return 0.5 + 0.5 * math.tanh(1.6 * (mine - best_other))


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prune=prune)
