"""A Festival of Lights bot that weighs each card by what it scores and how likely it is
to be unique (issue 15).

A card revealed in a round scores only if nobody else reveals the same kind. So the bot
values every kind in its hand twice over: what its final score would gain if the card
scored (:class:`Table`: the end-of-game rules applied to the table as it stands — the
Bubble Bulbs assigned to the best piles, Character piles checked against the others, the
Largest Pile Bonus, the Pattern Bonus), and the chance that no other player reveals that
kind (:func:`unique_chance`). It knows the hands it has passed on (the view lists them)
and counts the cards it has not seen for the others; a player is taken to reveal each
kind it holds equally often.

The same decisions come from two windows: :func:`choose` reads a seat's view (the
``medium`` bot, :class:`HeuristicBot`); :func:`rollout` and :func:`evaluate` (the
``hard`` search's policy and leaf score) read the world's fields directly, only those the
view shows the seat — its own hand and pending choice, the hands it passed on (as
packets: hand and pending choice together, as the view lists them), hand sizes and the
face-up table — never another seat's pending choice, a hand it has not held or the box.
Both build the same :class:`Table` and decide by the same code, to the bit. Reading the
fields instead of building a view for every simulated action, and scoring each trial by
the one colour it changes, made the rollout and ``hard``'s search much faster
(measured: docs/bots.md, "Speed").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.simultaneous import UNCHOSEN
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.content import COLOURS, CONTENT
from yuletide.games.christmas_lights.festival_of_lights import rules as fl

GAME = fl.FestivalOfLights.game_id
N_COLOURS = fl.N_COLOURS
N_KINDS = fl.N_KINDS
BUBBLE, BROKEN, PLUG, CHARACTER = fl.BUBBLE, fl.BROKEN, fl.PLUG, fl.CHARACTER
KIND_ID = fl.KIND_ID
#: What a kept Broken Bulb is worth beyond its two points: it may rescue a drop later.
RESCUE_HOPE = 0.3
#: The Pattern Bonus by the number of its colours had: 2 for three or four, 5 for five.
_BONUS = (0, 0, 0, 2, 2, 5, 5)
#: Per Pattern card, whether each colour is on it.
_PATTERN_MASK = tuple(tuple(c in lights for c in range(N_COLOURS)) for lights in fl.PATTERN_LIGHTS)
_NO_BUBBLES = (0,) * N_COLOURS
_COLOURS = range(N_COLOURS)
_KINDS = range(N_KINDS)
#: The cards of each kind in the game, by the number of players.
_DECK = {
    n: [CONTENT.bulb_deck[c] for c in COLOURS] + [n + 1] * 4
    for n in range(fl.FestivalOfLights.min_players, fl.FestivalOfLights.max_players + 1)
}


def _colours(counts: dict[str, int]) -> list[int]:
    out = [0] * N_COLOURS
    for name, n in counts.items():
        out[KIND_ID[name]] = n
    return out


def _counts(names: Sequence[str]) -> list[int]:
    out = [0] * N_KINDS
    for name in names:
        out[KIND_ID[name]] += 1
    return out


class Table:
    """The scoring side of the table as one seat knows it (its cards in front of it, the
    others' pile sizes and the middle), changed in place by trial scorings, each of
    which undoes its change.

    It keeps each colour's points as built (``curves``, ``total``, ``have``) and never
    changes them: a trial changes at most one colour's fields and scores that colour
    afresh (:meth:`_trial`). Call :meth:`refresh` after changing the fields by hand."""

    __slots__ = (
        "bubbles",
        "chars",
        "curves",
        "have",
        "loose",
        "mask",
        "middle",
        "others",
        "piles",
        "saved",
        "total",
    )

    piles: list[int]  # plain bulbs per colour
    chars: list[int]  # Character cards per colour
    bubbles: int  # Bubble Bulbs under the Pattern card
    saved: int  # Broken Bulbs kept
    loose: int  # special cards in no pile
    middle: list[int]  # the middle, a count per kind
    mask: tuple[bool, ...]  # per colour, whether it is on the seat's Pattern card
    others: list[int]  # per colour, the largest pile of another seat
    #: per colour, :meth:`colour` by the Bubble Bulbs on it (0, 1, ...: as far as needed)
    curves: list[list[tuple[int, int]]]
    total: int  # the points of the colours with no Bubble Bulb
    have: int  # the colours that count for the Pattern Bonus with no Bubble Bulb

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> Table:
        """The table as a seat's view shows it."""
        seat = view["seat"]
        table = cls.__new__(cls)
        table.piles = _colours(view["piles"][seat])
        table.chars = _colours(view["characters"][seat])
        table.bubbles = view["bubbles_under_pattern"][seat]
        table.saved = view["broken_bulbs_kept"][seat]
        table.loose = len(view["loose"][seat])
        table.middle = _counts(view["middle"])
        lights = [KIND_ID[c] for c in view["patterns"][seat]["lights"]]
        table.mask = tuple(c in lights for c in _COLOURS)
        others = [0] * N_COLOURS
        for s in range(view["players"]):
            if s != seat:
                piles = _colours(view["piles"][s])
                chars = _colours(view["characters"][s])
                shown = view["bubbles_assigned"][s]  # by colour once the game is over
                bubbles = _colours(shown) if isinstance(shown, dict) else [0] * N_COLOURS
                for c in _COLOURS:
                    others[c] = max(others[c], piles[c] + bubbles[c] + 2 * chars[c])
        table.others = others
        table.refresh()
        return table

    @classmethod
    def of_state(cls, state: fl.FestivalOfLights, seat: int) -> Table:
        """The table as :meth:`of_view` reads it, from the world's public fields."""
        table = cls.__new__(cls)
        table.piles = state.piles[seat].copy()
        table.chars = state.chars[seat].copy()
        table.bubbles = state.bubbles[seat]
        table.saved = state.saved[seat]
        table.loose = sum(state.loose[seat])
        table.middle = state.middle.copy()
        table.mask = _PATTERN_MASK[state.patterns[seat]]
        over = state.phase == fl.OVER  # Bubble Bulbs are shown by colour only then
        others = [0] * N_COLOURS
        for s, (piles, chars) in enumerate(zip(state.piles, state.chars, strict=True)):
            if s != seat:
                bubbles = state.assigned[s] if over else _NO_BUBBLES
                for c in _COLOURS:
                    size = piles[c] + bubbles[c] + 2 * chars[c]
                    if size > others[c]:  # noqa: PLR1730 (max() is slower here)
                        others[c] = size
        table.others = others
        table.refresh()
        return table

    def refresh(self) -> None:
        """Recompute every colour's points (after changing the fields by hand)."""
        colour = self.colour
        if self.bubbles:
            reach = range(self.bubbles + 2)
            self.curves = [[colour(c, x) for x in reach] for c in _COLOURS]
        else:
            self.curves = [[colour(c, 0)] for c in _COLOURS]
        self.total = sum(curve[0][0] for curve in self.curves)
        self.have = sum(curve[0][1] for curve in self.curves)

    def _reach(self, reach: int) -> None:
        """Extend every colour's curve to ``reach`` Bubble Bulbs (less one)."""
        colour = self.colour
        for c, curve in enumerate(self.curves):
            curve.extend(colour(c, x) for x in range(len(curve), reach))

    def colour(self, c: int, bubbles: int) -> tuple[int, int]:
        """Colour ``c`` at the end with ``bubbles`` Bubble Bulbs on it: its points (plain
        bulbs 1, Bubble Bulbs and Character cards 2, the middle's bulbs of the colour
        for the single largest pile) and whether it counts for the Pattern Bonus (1 or
        0); a Character pile smaller than another seat's scores nothing."""
        pile, chars, other = self.piles[c], self.chars[c], self.others[c]
        size = pile + bubbles + 2 * chars
        if chars and size < other:
            return 0, 0  # the Character check: the pile goes back to the box
        points = pile + 2 * (bubbles + chars)
        if size > other:
            points += self.middle[c]  # the Largest Pile Bonus
        return points, 1 if size and self.mask[c] else 0

    def score(self, assigned: Sequence[int] | None = None) -> float:
        """The final score if the game ended now with these Bubble Bulbs assigned (if
        none are given, the ones under the Pattern card assigned to the best colours,
        one by one)."""
        if assigned is not None:
            return self.best(assigned, 0)
        return self._trial(-1)

    def _trial(self, changed: int) -> float:
        """:meth:`score` when colour ``changed`` (if any: -1 for none) is the only one
        whose fields differ from the curves kept."""
        total, have, bubbles = self.total, self.have, self.bubbles
        curves = self.curves
        if not bubbles:
            if changed >= 0:
                p, h = self.colour(changed, 0)
                p0, h0 = curves[changed][0]
                total += p - p0
                have += h - h0
            return float(total + 2 * (self.saved + self.loose) + _BONUS[have])
        if changed >= 0:
            colour = self.colour
            curve = [colour(changed, x) for x in range(bubbles + 1)]
            (p, h), (p0, h0) = curve[0], curves[changed][0]
            total += p - p0
            have += h - h0
            curves = curves.copy()
            curves[changed] = curve
        elif len(curves[0]) <= bubbles:  # a Bubble Bulb more than built for
            self._reach(bubbles + 1)
        return self._spread(curves, total, have, bubbles)

    def best(self, start: Sequence[int], bubbles: int) -> float:
        """The final score with ``start`` Bubble Bulbs assigned per colour and
        ``bubbles`` more assigned one at a time, each to the colour that scores most
        (the first such colour on a tie)."""
        colour = self.colour
        curves = [[colour(c, start[c] + x) for x in range(bubbles + 1)] for c in _COLOURS]
        total = sum(curve[0][0] for curve in curves)
        have = sum(curve[0][1] for curve in curves)
        return self._spread(curves, total, have, bubbles)

    def _spread(
        self, curves: Sequence[Sequence[tuple[int, int]]], total: int, have: int, bubbles: int
    ) -> float:
        """The final score with ``bubbles`` Bubble Bulbs assigned one at a time, each to
        the colour that scores most (the first such on a tie), from each colour's
        ``curves`` (its points and Pattern count by Bubble Bulbs on it, at least
        ``bubbles`` + 1 long) and their sums with none."""
        assigned = [0] * N_COLOURS
        for _ in range(bubbles):
            best_c, best, gain, gain_have = 0, -1, 0, 0
            for c in _COLOURS:
                curve = curves[c]
                x = assigned[c]
                p0, h0 = curve[x]
                p1, h1 = curve[x + 1]
                value = total - p0 + p1 + _BONUS[have - h0 + h1]
                if value > best:
                    best_c, best, gain, gain_have = c, value, p1 - p0, h1 - h0
            total += gain
            have += gain_have
            assigned[best_c] += 1
        return float(total + 2 * (self.saved + self.loose) + _BONUS[have])

    def with_card(self, kind: int) -> float:
        """The best final score with one more card of ``kind`` scored (with its ability)."""
        if kind < N_COLOURS:
            self.piles[kind] += 1
            value = self._trial(kind)
            self.piles[kind] -= 1
            return value
        if kind == BUBBLE:
            self.bubbles += 1
            value = self._trial(-1)
            self.bubbles -= 1
            return value
        if kind == BROKEN:
            self.saved += 1
            value = self._trial(-1) + RESCUE_HOPE
            self.saved -= 1
            return value
        if kind == CHARACTER:
            return max(self.with_character(c) for c in self.character_colours())
        # a Plug: the best card of the middle instead
        takes = [k for k in _KINDS if self.middle[k]]
        if not takes:
            self.loose += 1
            value = self._trial(-1)
            self.loose -= 1
            return value
        return max(self.taking(k) for k in takes)

    def taking(self, kind: int) -> float:
        """The best final score with a Plug taking ``kind`` from the middle."""
        self.middle[kind] -= 1
        value = self.with_card(kind)  # a colour: the same colour changes again
        self.middle[kind] += 1
        return value

    def dropping(self, kind: int) -> float:
        """The final score with one more card of ``kind`` in the middle."""
        self.middle[kind] += 1
        value = self._trial(kind if kind < N_COLOURS else -1)
        self.middle[kind] -= 1
        return value

    def character_colours(self) -> list[int]:
        """Where a Character card may go: a pile of this seat, or any colour if none."""
        piles = [c for c in _COLOURS if self.piles[c] or self.chars[c]]
        return piles or list(_COLOURS)

    def with_character(self, colour: int) -> float:
        """The final score with a Character card placed on ``colour``."""
        self.chars[colour] += 1
        value = self._trial(colour)
        self.chars[colour] -= 1
        return value

    def rescuing(self, kind: int) -> float:
        """The final score with a Broken Bulb used to score a dropped ``kind``."""
        self.saved -= 1
        if kind < N_COLOURS:
            value = self.with_card(kind)
        else:
            self.loose += 1  # reading rescued-drop-no-ability: no pile, no ability
            value = self._trial(-1)
            self.loose -= 1
        self.saved += 1
        return value


def unseen(view: dict[str, Any]) -> list[int]:
    """The cards of each kind this seat cannot see: in hands it never held or face down
    in the box."""
    n = view["players"]
    left = _DECK[n].copy()
    seen: list[str] = list(view["hand"])
    if view["choice"]:
        seen.append(view["choice"])
    for packet in view["hands_seen"]:
        if packet:
            seen.extend(packet)
    seen.extend(k for k in view["revealed"] if k)
    seen.extend(view["middle"])
    seen.extend(view["box_face_up"])
    for s in range(n):
        for name, count in view["piles"][s].items():
            seen.extend([name] * count)
        seen.extend(["character"] * sum(view["characters"][s].values()))
        seen.extend(["broken"] * view["broken_bulbs_kept"][s])
        seen.extend(view["loose"][s])
        bubbles = view["bubbles_assigned"][s]
        count = bubbles if isinstance(bubbles, int) else sum(bubbles.values())
        seen.extend(["bubble"] * (view["bubbles_under_pattern"][s] + count))
    for name in seen:
        left[KIND_ID[name]] -= 1
    return [max(0, x) for x in left]


def _packets(state: fl.FestivalOfLights, seat: int) -> list[list[int] | None]:
    """Per seat, the cards of the hand it holds if ``seat`` passed that hand on (the
    hand with its pending choice, a count per kind: the view's packet, which does not
    tell the choice), else None."""
    n = state.players
    out: list[list[int] | None] = [None] * n
    for d in range(1, min(state.round, n - 1) + 1):  # the engine's _seen
        other = (seat + d) % n
        packet = state.hands[other].copy()
        chosen = state.chosen[other]
        if chosen != UNCHOSEN:
            packet[chosen] += 1
        out[other] = packet
    return out


def unseen_in(
    state: fl.FestivalOfLights, seat: int, packets: Sequence[list[int] | None]
) -> list[int]:
    """:func:`unseen` from the world's fields: the deck less everything ``seat`` sees
    (its hand and choice, the ``packets`` it passed on, the face-up cards)."""
    rows = [state.hands[seat], state.middle, state.box_known, *state.loose]
    rows.extend(p for p in packets if p)
    seen = [sum(column) for column in zip(*rows, strict=True)]
    for c, column in enumerate(zip(*state.piles, strict=True)):
        seen[c] += sum(column)
    if state.chosen[seat] != UNCHOSEN:
        seen[state.chosen[seat]] += 1
    for k in state.revealed:
        if k >= 0:
            seen[k] += 1
    seen[CHARACTER] += sum(map(sum, state.chars))
    seen[BROKEN] += sum(state.saved)
    seen[BUBBLE] += sum(state.bubbles) + sum(map(sum, state.assigned))
    return [max(0, d - x) for d, x in zip(_DECK[state.players], seen, strict=True)]


def _chances(
    seat: int,
    pool: Callable[[], Sequence[int]],
    packets: Sequence[Sequence[int] | None],
    sizes: Sequence[int],
) -> list[list[float]]:
    """:func:`play_chances` from the known ``packets`` and the ``sizes`` of the hands;
    ``pool`` gives the cards this seat cannot see (asked for only if a hand is unknown)."""
    unknown: Sequence[int] | None = None
    total = 0
    out: list[list[float]] = []
    drawn: dict[int, list[float]] = {}  # by hand size: the same for every unknown hand
    for s, packet in enumerate(packets):
        if s == seat:
            out.append([0.0] * N_KINDS)
            continue
        if packet is not None and any(packet):
            share = 1.0 / sum(1 for k in _KINDS if packet[k])
            out.append([share if packet[k] else 0.0 for k in _KINDS])
            continue
        size = sizes[s]
        chances = drawn.get(size)
        if chances is None:
            if unknown is None:
                unknown = pool()
                total = sum(unknown)
            holds = [1.0 - (1.0 - unknown[k] / total) ** size if total else 0.0 for k in _KINDS]
            distinct = max(1.0, sum(holds))
            chances = drawn[size] = [h / distinct for h in holds]
        out.append(chances)
    return out


def play_chances(view: dict[str, Any]) -> list[list[float]]:
    """For each other seat still to choose (or whose choice is hidden), the chance it
    reveals each kind this round: each kind of its hand equally likely (a hand passed
    on by this seat is known; any other is drawn from the cards this seat cannot see)."""
    packets = [None if p is None else _counts(p) for p in view["hands_seen"]]
    return _chances(view["seat"], lambda: unseen(view), packets, view["hand_sizes"])


def play_chances_in(state: fl.FestivalOfLights, seat: int) -> list[list[float]]:
    """:func:`play_chances` from the world's fields."""
    packets = _packets(state, seat)
    sizes = [sum(h) + (c != UNCHOSEN) for h, c in zip(state.hands, state.chosen, strict=True)]
    return _chances(seat, lambda: unseen_in(state, seat, packets), packets, sizes)


def unique_chance(chances: Sequence[Sequence[float]], kind: int) -> float:
    """The chance nobody else reveals ``kind``: the product over the seats of the chance
    each does not (in seat order)."""
    p = 1.0
    for c in chances:
        p *= 1.0 - c[kind]
    return p


def _worths(
    table: Table, kinds: Sequence[int], chances: Sequence[Sequence[float]]
) -> dict[int, float]:
    """:func:`card_worths` for these ``kinds`` from the table and the chances."""
    now = table.score()
    out: dict[int, float] = {}
    for k in kinds:
        scored = table.with_card(k) - now
        dropped = table.dropping(k) - now if k < N_COLOURS else 0.0
        p = unique_chance(chances, k)
        out[k] = p * scored + (1.0 - p) * dropped
    return out


def card_worths(view: dict[str, Any]) -> dict[int, float]:
    """The expected gain of revealing each kind in hand: the gain if it scores times the
    chance it is unique, plus, if it drops, what it is still worth (a drop of a colour
    whose largest pile is this seat's comes back to it in the bonus)."""
    return _worths(Table.of_view(view), _kinds(view), play_chances(view))


def _kinds(view: dict[str, Any]) -> list[int]:
    """The kinds in the seat's hand, in order."""
    return [KIND_ID[name] for name in dict.fromkeys(view["hand"])]


def _decide(
    phase: int,
    table: Table,
    legal: Sequence[Action],
    worths: dict[int, float],
    *,
    revealed: int = -1,
    done: Sequence[int] = (),
) -> Action:
    """The decision of every phase once its inputs are read (from a view or a world)."""
    if phase == fl.CHOOSE:
        return max(
            (a for a in legal if isinstance(a, fl.Play)),
            key=lambda a: (worths.get(a.kind, 0.0), -a.kind),
        )
    if phase == fl.RESOLVE:
        places = [a for a in legal if isinstance(a, fl.Place)]
        if places:
            return max(places, key=lambda a: (table.with_character(a.colour), -a.colour))
        return max(
            (a for a in legal if isinstance(a, fl.Take)),
            key=lambda a: (table.taking(a.kind), -a.kind),
        )
    if phase == fl.RESCUE:
        use = table.rescuing(revealed) > table.score() + RESCUE_HOPE
        return fl.UseBroken(use) if fl.UseBroken(use) in legal else legal[0]
    # assign-bubbles: the colour that scores most with the others still to assign
    left = table.bubbles - 1

    def assign(a: fl.Assign) -> tuple[float, int]:
        trial = list(done)
        trial[a.colour] += 1
        return (table.best(trial, left), -a.colour)

    return max((a for a in legal if isinstance(a, fl.Assign)), key=assign)


def choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The bot's move from its view and legal actions."""
    phase = fl.PHASE_NAME.index(view["phase"])
    table = Table.of_view(view)
    if phase == fl.CHOOSE:
        worths = _worths(table, _kinds(view), play_chances(view))
        return _decide(phase, table, legal, worths)
    revealed = view["revealed"][view["seat"]]
    done = _colours(view["your_bubbles_assigned"] or {})
    kind = KIND_ID[revealed] if revealed else -1
    return _decide(phase, table, legal, {}, revealed=kind, done=done)


def choose_in(state: fl.FestivalOfLights, seat: int, legal: Sequence[Action]) -> Action:
    """:func:`choose` from the world's fields (what ``seat``'s view shows)."""
    phase = state.phase
    table = Table.of_state(state, seat)
    if phase == fl.CHOOSE:
        hand = state.hands[seat]
        kinds = [k for k in _KINDS if hand[k]]
        worths = _worths(table, kinds, play_chances_in(state, seat))
        return _decide(phase, table, legal, worths)
    return _decide(
        phase, table, legal, {}, revealed=state.revealed[seat], done=state.assigned[seat]
    )


class HeuristicBot:
    """Weighs each card by what it scores and how likely it is to be unique:

    * choosing a card, it reveals the kind with the best expected gain: what its final
      score (the end-of-game rules applied to the table as it stands) would gain if the
      card scored, times the chance no other player reveals that kind (each kind of a
      hand equally likely; the hands it passed on are known, the others drawn from the
      cards it has not seen), plus what a drop is still worth to it (the Largest Pile
      Bonus brings a dropped colour back to its largest pile);
    * a Character card goes on the pile where it scores most (a pile it is sure to lead,
      or it is lost at the end); a Plug takes the middle card that scores most;
    * it keeps a Broken Bulb (two points at the end) unless rescuing the drop scores
      more; it assigns each Bubble Bulb to the colour that scores most.

    It decides from its window only (its view and legal actions); on another game it
    plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return choose(window.view(), legal)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from what its view shows: its share of the
    points on the table (each seat's cards in front of it, specials 2, plain bulbs 1);
    the exact outcome once over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    world = cast(fl.FestivalOfLights, state)
    points = [
        1.0 + sum(piles) + 2 * (sum(chars) + bubbles + saved + sum(loose))
        for piles, chars, bubbles, saved, loose in zip(
            world.piles, world.chars, world.bubbles, world.saved, world.loose, strict=True
        )
    ]
    return float(points[seat] / sum(points))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic as a rollout policy, read from the world's fields (:func:`choose_in`)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose_in(cast(fl.FestivalOfLights, state), seat, legal)


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
