"""A Looney Lights bot that plays like a good UNO player (issue 15).

Looney Lights is a shedding game: the first to discard every card wins. The bot decides
from its seat's window only (its view, its legal actions and the events it was shown)
and remembers, from the events, which colours each other player is known to lack: a
player who draws, or plays a Plug or a Broken Bulb, held no plain bulb of the colour in
play, and keeps lacking it until it keeps a drawn card it could not play (that card may
be any other colour, so what was known of its other colours is forgotten then).

For ``hard`` the module also gives a :func:`belief`: the worlds its search samples keep
what the events say of each other hand, card by card (see :class:`Slots`), where the
game's own ``determinize`` re-deals those hands as if nothing were known of them; and
its prior, :class:`LookaheadBot` (``HardPrior``): the heuristic, choosing each colour
it sets by what the next player is likeliest unable to answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.content import CONTENT
from yuletide.games.christmas_lights.looney_lights import rules as ll

GAME = ll.LooneyLights.game_id
COLOURS = ll.KIND_NAME[:6]


class HeuristicBot:
    """Plays Looney Lights like a good UNO player:

    * with a plain bulb of the colour in play it plays that bulb, and keeps its Bubble
      Bulbs (wild cards are worth most at the end, when nothing else matches);
    * without one it plays, in this order, a Broken Bulb (it sheds two cards at once and
      chooses the colour), a Plug (it sheds a card and keeps the colour), then a Bubble
      Bulb; only with none of them does it draw (the rules make it);
    * after a Broken Bulb it follows with a plain bulb of the colour it holds most of,
      keeping a Bubble Bulb for last;
    * naming a colour (a Bubble Bulb, or a Bubble start) it names the colour it holds
      most of, and prefers a colour the next player is known to lack (it drew, or played
      a Plug or Broken Bulb, on it), all the more when that player is close to going out.

    It decides from its window only; on another game it plays a seeded random legal
    action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._window: SeatWindow | None = None
        self._seen = 0
        self._colour = -1
        self.lacks: dict[int, set[int]] = {}

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME:
            return legal[self.rng.below(len(legal))]
        if window is not self._window:
            self._window, self._seen, self._colour, self.lacks = window, 0, -1, {}
        self._follow(window.events(self._seen))
        if len(legal) == 1:
            return legal[0]
        return choose(window.view(), legal, self.lacks)

    def _follow(self, events: list[dict[str, Any]]) -> None:
        """Update the colour in play and what each player is known to lack."""
        self._seen += len(events)
        for event in events:
            kind = event["type"]
            if kind == "reveal":
                card = event["card"]
                if card in COLOURS:
                    self._colour = COLOURS.index(card)
            elif kind == "name":
                self._colour = COLOURS.index(event["colour"])
            elif kind == "play":
                card = event["card"]
                seat = event["seat"]
                if card == "bubble":
                    self._colour = COLOURS.index(event["colour"])
                elif card in COLOURS:
                    self._colour = COLOURS.index(card)
                elif self._colour >= 0:  # a Plug or Broken Bulb: no plain bulb of the colour
                    self.lacks.setdefault(seat, set()).add(self._colour)
            elif kind == "draw" and self._colour >= 0:
                seat = event["seat"]
                if event["playable"]:
                    self.lacks.setdefault(seat, set()).add(self._colour)
                else:  # it keeps a card of some other colour
                    self.lacks[seat] = {self._colour}


def _counts(hand: Sequence[str]) -> list[int]:
    out = [0] * ll.N_KINDS
    for name in hand:
        out[ll.KIND_ID[name]] += 1
    return out


def colour_scores(view: dict[str, Any], hand: list[int], lacks: dict[int, set[int]]) -> list[float]:
    """How much the bot wants each colour to be in play after its move: the plain bulbs
    of it it holds, plus a bonus when the next player is known to lack it."""
    seat = view["seat"]
    sizes = view["hand_sizes"]
    nxt = (seat + 1) % view["players"]
    weight = 1.5 if sizes[nxt] <= 2 else 0.6
    scores = []
    for c in range(6):
        s = float(hand[c])
        if c in lacks.get(nxt, ()):
            s += weight
        s += 0.1 * sum(1 for o, lacked in lacks.items() if o not in (seat, nxt) and c in lacked)
        scores.append(s)
    return scores


def choose(
    view: dict[str, Any], legal: Sequence[Action], lacks: dict[int, set[int]] | None = None
) -> Action:
    """The bot's move from its view and legal actions (and what it knows others lack)."""
    lacks = lacks or {}
    hand = _counts(view["hand"])
    plays = [a for a in legal if type(a) is ll.Play]
    bubbles = [a for a in legal if isinstance(a, ll.PlayBubble)]
    names = [a for a in legal if type(a) is ll.Name]
    if names:
        scores = colour_scores(view, hand, lacks)
        return max(names, key=lambda a: (scores[a.colour], -a.colour))
    step = view["step"]
    if step == "follow-up":
        plain = [a for a in plays if a.kind < ll.BUBBLE]
        if plain:
            scores = colour_scores(view, hand, lacks)
            return max(plain, key=lambda a: (scores[a.kind], -a.kind))
        return _best_bubble(view, hand, lacks, bubbles)
    by_kind = {a.kind: a for a in plays}
    colour = ll.KIND_ID[view["colour"]] if view["colour"] else -1
    if colour in by_kind:
        return by_kind[colour]
    for kind in (ll.BROKEN, ll.PLUG):
        if kind in by_kind:
            return by_kind[kind]
    if plays:  # a drawn plain bulb to play
        return plays[0]
    if bubbles:
        return _best_bubble(view, hand, lacks, bubbles)
    return legal[0]  # draw or pass: the only move


def _best_bubble(
    view: dict[str, Any],
    hand: list[int],
    lacks: dict[int, set[int]],
    bubbles: Sequence[ll.PlayBubble],
) -> Action:
    scores = colour_scores(view, hand, lacks)
    return max(bubbles, key=lambda a: (scores[a.colour], -a.colour))


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: its share of the players'
    "closeness to going out" (1 / (1 + cards held)); 1 or 0 once the game is over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    sizes: list[int] = state.view(seat)["hand_sizes"]
    near = [1.0 / (1 + n) for n in sizes]
    return near[seat] / sum(near)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic as a fast rollout policy (no memory of who lacks what)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(state.view(seat), legal)


# ------------------------------------------------------------------ the belief


class Slots:
    """What a seat's events say of each other hand, card by card.

    A hand is a list of *slots*, one per card held, each with the kinds that card cannot
    be (a bit mask). A player who must draw held no card it could play: none of the
    colour in play, no Bubble Bulb, and no Plug unless a Plug is on top; every card it
    holds then gets those kinds, and so does each card it draws and keeps (it could
    not play it either). A Plug or Broken Bulb played on its turn says it held none of
    the colour in play. A card played leaves the slot with the most excluded kinds that
    allows it: the slots' masks are nested (a card held longer has been through every
    constraint a newer one has), so the true hand always fits what is left, and the
    oldest slot forgets the most. What a Broken Bulb's follow-up rule implies (a player
    who draws held no Broken Bulb together with a plain bulb) is left out.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hands: dict[int, list[int]] = {}
        self._colour = -1
        self._top = -1
        self._drawing = -1  # the seat drawing this turn, if any
        self._drawn = -1  # the seat whose next play is the card it just drew
        self._dealt = 0

    def follow(self, events: Sequence[dict[str, Any]]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "deal":
                self.hands = {}
                self._dealt = event["cards_each"]
            elif kind == "reveal":
                self._top = ll.KIND_ID[event["card"]]
                if self._top < ll.BUBBLE:
                    self._colour = self._top
            elif kind == "name":
                self._colour = ll.KIND_ID[event["colour"]]
            elif kind == "play":
                self._play(event)
            elif kind == "draw":
                self._draw(event["seat"], event["playable"])
            elif kind == "pass":
                self._drawing = -1

    def _slots(self, seat: int) -> list[int] | None:
        if seat == self.seat:
            return None
        return self.hands.setdefault(seat, [0] * self._dealt)

    def _cannot_play(self) -> int:
        """The kinds a player who must draw now holds none of (and keeps none of)."""
        mask = 1 << self._colour | 1 << ll.BUBBLE
        if self._top != ll.PLUG:
            mask |= 1 << ll.PLUG
        return mask

    def _draw(self, seat: int, playable: bool) -> None:
        slots = self._slots(seat)
        mask = self._cannot_play()
        if slots is not None and self._drawing != seat:
            slots[:] = [m | mask for m in slots]
        self._drawing = seat
        if playable:
            self._drawn = seat
        elif slots is not None:
            slots.append(mask)

    def _play(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        card = ll.KIND_ID[event["card"]]
        slots = self._slots(seat)
        if slots is not None and self._drawn != seat:  # the card it drew is never a slot
            bit = 1 << card
            fits = [i for i, m in enumerate(slots) if not m & bit]
            if fits:
                del slots[max(fits, key=lambda i: slots[i].bit_count())]
            else:  # cannot happen by the rules; forget what is known of the hand
                slots[:] = [0] * (len(slots) - 1)
            if card in (ll.PLUG, ll.BROKEN):
                slots[:] = [m | 1 << self._colour for m in slots]
        self._drawn = -1
        self._top = card
        if card == ll.BUBBLE:
            self._colour = ll.KIND_ID[event["colour"]]
        elif card < ll.BUBBLE:
            self._colour = card
        if card != ll.BROKEN:
            self._drawing = -1

    def deal(self, world: State, rng: Rng) -> None:
        """Re-deal ``world``'s other hands and deck (a determinization for this seat)
        so that every known slot holds a card it allows: the most constrained slots
        first, each a random card of the pool it allows (any card if none is left)."""
        assert isinstance(world, ll.LooneyLights)
        if world.turn != self.seat and world.step in (ll.FOLLOW_UP, ll.DRAWN):
            return  # the game's determinize keeps what is known of the player to act
        seats = [s for s, slots in self.hands.items() if len(slots) == world.sizes[s]]
        if not any(any(self.hands[s]) for s in seats):
            return
        pool = list(world.deck)
        for s in seats:
            hand = world.hands[s]
            pool.extend(k for k in range(ll.N_KINDS) for _ in range(hand[k]))
        wanted = [(s, m) for s in seats for m in self.hands[s]]
        rng.shuffle(wanted)
        wanted.sort(key=lambda sm: -sm[1].bit_count())
        hands = {s: [0] * ll.N_KINDS for s in seats}
        for s, mask in wanted:
            fits = [i for i, k in enumerate(pool) if not mask >> k & 1] if mask else ()
            i = fits[rng.below(len(fits))] if fits else rng.below(len(pool))
            hands[s][pool[i]] += 1
            pool[i] = pool[-1]
            pool.pop()
        rng.shuffle(pool)
        for s in seats:
            world.hands[s] = hands[s]
        world.deck = pool


def belief(window: SeatWindow) -> Callable[[Rng], State]:
    """Worlds for ``hard``'s search: the window's determinizations with the other hands
    re-dealt to fit what its events say of them (:class:`Slots`)."""
    slots = Slots(window.seat)
    slots.follow(window.events())

    def sample(rng: Rng) -> State:
        world = window.determinize(rng)
        slots.deal(world, rng)
        return world

    return sample


# ------------------------------------------------------------------ hard's prior


def cannot_answer(unseen: Sequence[int], slots: Sequence[int], colour: int, plug: bool) -> float:
    """The chance that a hand holds nothing it could play on ``colour`` (with a Plug on
    top if ``plug``): no plain bulb of the colour, no Bubble Bulb, and unless a Plug is
    on top no Plug, nor a Broken Bulb with another card to follow it. The hand is one
    card per slot (:class:`Slots`: the kinds each card cannot be), dealt from the
    ``unseen`` cards (per kind: the box less the discard pile and the seat's own hand),
    the most constrained slots first, each taking a card that could not answer."""
    answers = 1 << colour | 1 << ll.BUBBLE
    if not plug:
        answers |= 1 << ll.PLUG
        if len(slots) > 1:
            answers |= 1 << ll.BROKEN
    chance = 1.0
    for taken, mask in enumerate(sorted(slots, key=lambda m: -m.bit_count())):
        allowed = sum(n for k, n in enumerate(unseen) if not mask >> k & 1) - taken
        if allowed > 0:
            good = sum(n for k, n in enumerate(unseen) if not mask >> k & 1 and answers >> k & 1)
            chance *= max(0.0, (allowed - good) / allowed)
    return chance


class LookaheadBot(HeuristicBot):
    """``hard``'s prior: the heuristic, with one turn of lookahead wherever it sets the
    colour.

    The heuristic names the colour it holds most of (after a Broken Bulb, with a Bubble
    Bulb, at a Bubble start). This bot asks instead what the next player can answer:
    from what every seat knows (the unseen cards: the 61-card box less the discard pile
    and its own hand; the next player's hand size; what its draws, Plugs and Broken
    Bulbs showed of each of its cards, :class:`Slots`) it computes the chance that the
    next player holds nothing it could play (:func:`cannot_answer`), who must then draw
    until something fits. So it

    * follows a Broken Bulb with the plain bulb whose colour the next player is
      likeliest unable to answer, and keeps its Bubble Bulbs while it has a plain bulb;
    * names, with a Bubble Bulb, the colour the next player is likeliest unable to
      answer among those it still holds (the colour often comes back: it must be able
      to follow it), any colour if it holds none;
    * without the colour in play, plays a Plug rather than a Broken Bulb when the Plug
      is clearly likelier to stop the next player (by 0.2: the Broken Bulb sheds two
      cards): a Plug keeps the colour, and nobody may put a Plug or a Broken Bulb on it.

    Heuristic against heuristic, this wins more of the seats than the plain heuristic at
    2 and at 4 players (``bench/heuristic_edges.py lookahead looney-lights``), and each
    part alone (the naming, the follow-up, the Plug) gains. Naming the likeliest block
    among every colour, held or not, lost (the colour comes back, and then it must
    draw), and so did a follow-up that spent a Bubble Bulb where a plain bulb would do.
    One such choice is worth little, but a game holds many. Measured: docs/bots.md,
    "What each lookahead's choices are worth", Looney Lights.
    """

    name = "lookahead"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.slots = Slots(-1)
        self._slots_window: SeatWindow | None = None
        self._slots_seen = 0

    def act(self, window: SeatWindow) -> Action:
        move = super().act(window)
        if window.game_id != GAME:
            return move
        if window is not self._slots_window:
            self._slots_window, self._slots_seen = window, 0
            self.slots = Slots(window.seat)
        events = window.events(self._slots_seen)
        self._slots_seen += len(events)
        self.slots.follow(events)
        legal = window.legal_actions()
        if len(legal) == 1:
            return move
        return look_ahead(window.view(), legal, move, self.slots, self.lacks)


def look_ahead(
    view: dict[str, Any],
    legal: Sequence[Action],
    move: Action,
    slots: Slots,
    lacks: dict[int, set[int]] | None = None,
) -> Action:
    """:class:`LookaheadBot`'s move, given the heuristic's ``move``."""
    hand = _counts(view["hand"])
    unseen = [CONTENT.bulb_deck[name] for name in ll.KIND_NAME]
    for name in view["discard"]:
        unseen[ll.KIND_ID[name]] -= 1
    for k in range(ll.N_KINDS):
        unseen[k] -= hand[k]
    nxt = (view["seat"] + 1) % view["players"]
    size = view["hand_sizes"][nxt]
    known = slots.hands.get(nxt)
    masks = known if known is not None and len(known) == size else [0] * size

    def stops(colour: int, plug: bool = False) -> float:
        return cannot_answer(unseen, masks, colour, plug)

    scores = colour_scores(view, hand, lacks or {})

    def named(options: Sequence[ll.PlayBubble | ll.Name]) -> ll.PlayBubble | ll.Name:
        """The colour the next player is likeliest unable to answer, held first."""
        return max(
            options,
            key=lambda a: (hand[a.colour] > 0, stops(a.colour), scores[a.colour], -a.colour),
        )

    names = [a for a in legal if isinstance(a, ll.Name)]
    if names:
        return named(names)
    bubbles = [a for a in legal if isinstance(a, ll.PlayBubble)]
    plain = [a for a in legal if isinstance(a, ll.Play) and a.kind < ll.BUBBLE]
    step = view["step"]
    if step == "follow-up":
        if plain:
            return max(plain, key=lambda a: (stops(a.kind), scores[a.kind], -a.kind))
        return named(bubbles)
    colour = ll.KIND_ID[view["colour"]]
    if step == "play" and not hand[colour]:
        plays = {a.kind: a for a in legal if isinstance(a, ll.Play)}
        if ll.PLUG in plays and ll.BROKEN in plays:
            follow = [stops(k) for k in range(6) if hand[k]]
            if not follow:  # a Bubble Bulb would follow: the colour it would name
                follow = [stops(named(bubbles).colour)]
            if stops(colour, plug=True) > max(follow) + 0.2:
                return plays[ll.PLUG]
    if isinstance(move, ll.PlayBubble):
        return named(bubbles)
    return move


#: ``hard``'s prior (``yuletide.bots.level_bot``).


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prior=LookaheadBot, belief=belief)
