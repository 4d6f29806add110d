"""An Untangle bot that plans its whole turn on the knot (issue 15).

A turn is one swap of neighbouring knot cards and one card played (on a knot card, on
an end, or a Broken Bulb removing a card) or a discard; then every five neighbouring
cards showing one of the player's patterns complete it. The bot tries every swap with
every card it could play wherever it could go (a few hundred turns), plays each out on
a copy of the knot, completes what would match, and scores the knot left by how close
it stands to the patterns still secret (:func:`closeness`). Its hand counts too: a
pattern one card short is worth more when the bot holds that card or a Bubble Bulb.

``hard``'s prior, :class:`LookaheadBot`, weighs the heuristic's best turns by what the
knot they leave gives the next player too: the chance it completes a pattern there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import Any

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.untangle import rules as ut

GAME = ut.Untangle.game_id
BUBBLE, BROKEN = ut.BUBBLE, ut.BROKEN
KIND_ID = {name: k for k, name in enumerate(ut.KIND_NAME)}
PATTERN_INDEX = {pid: i for i, pid in enumerate(ut.PATTERN_IDS)}
RUN = ut.RUN
#: A completed pattern, in the units of :func:`closeness`.
COMPLETED = 100.0
#: How much the nearest, second and third pattern weigh in :func:`closeness`.
NEAREST = (1.0, 0.4, 0.2)
#: A knot card missing from a window (beyond an end of the knot) counts this much more
#: than a wrong card: only an end play can supply it, and only the right colour.
OFF_END = 0.25
#: What the hand holding a card that fixes a window takes off its count.
FIXABLE = 0.6
#: A discard must beat the best play by this much per card it throws away.
DISCARD_EDGE = 0.15


def _wants(patterns: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(ut.LIGHTS[p], ut.LIGHTS[p][::-1]) for p in patterns]


def pattern_cost(
    knot: Sequence[int], wants: tuple[tuple[int, ...], ...], hand: Sequence[int]
) -> float:
    """How far the knot is from showing one pattern (either direction, Bubble Bulbs
    wild): the fewest wrong or missing cards in any five neighbouring places (places
    beyond an end count as missing), less :data:`FIXABLE` when the hand holds a card that
    fixes one of them (that colour or a Bubble Bulb)."""
    n = len(knot)
    wild = hand[BUBBLE] > 0
    best = 99.0
    for want in wants:
        for s in range(-RUN + 1, n):
            miss = 0.0
            fix = False
            for i in range(RUN):
                j = s + i
                w = want[i]
                if 0 <= j < n:
                    if knot[j] in (w, BUBBLE):
                        continue
                    miss += 1.0
                else:
                    miss += 1.0 + OFF_END
                if wild or hand[w]:
                    fix = True
                if miss >= best:
                    break
            else:
                if fix:
                    miss -= FIXABLE
                best = min(best, miss)
    return best


def closeness(knot: Sequence[int], patterns: Sequence[int], hand: Sequence[int]) -> float:
    """How close the knot stands to the patterns (higher is better): minus their
    :func:`pattern_cost`, the nearest weighing most (:data:`NEAREST`)."""
    costs = sorted(pattern_cost(knot, w, hand) for w in _wants(patterns))
    return -sum(wt * c for wt, c in zip(NEAREST, costs, strict=False))


def completed(knot: list[int], patterns: list[int]) -> int:
    """Complete, as step 4 would, every pattern that shows (the first match of the first
    pattern found each time, then check again); returns how many. Changes both lists."""
    done = 0
    while patterns:
        hits = ut.found(knot, patterns)
        if not hits:
            break
        p, starts = hits[0]
        del knot[starts[0] : starts[0] + RUN]
        patterns.remove(p)
        done += 1
    return done


def outcome_of(knot: Sequence[int], patterns: Sequence[int], hand: Sequence[int]) -> float:
    """The worth of a knot after the action: its completions, then its closeness."""
    rest = list(knot)
    left = list(patterns)
    done = completed(rest, left)
    if not left:
        return COMPLETED * (done + 10)
    return COMPLETED * done + closeness(rest, left, hand)


def card_options(knot: Sequence[int], kind: int) -> list[tuple[Action, list[int]]]:
    """Where a card of ``kind`` may go, with the knot each place makes."""
    out: list[tuple[Action, list[int]]] = []
    for j in range(len(knot)):
        k = list(knot)
        if kind == BROKEN:
            del k[j]
        else:
            k[j] = kind
        out.append((ut.On(j), k))
    if kind != BROKEN:
        out.append((ut.End(ut.LEFT), [kind, *knot]))
        out.append((ut.End(ut.RIGHT), [*knot, kind]))
    return out


def plays(
    knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int], only: int = -1
) -> Iterator[tuple[float, list[int], int, Action]]:
    """Every card of the hand (``only``: of that kind only) played wherever it may go,
    as the heuristic weighs it: (worth, knot left, kind, place)."""
    for kind in range(ut.N_KINDS):
        if not hand[kind] or only not in (-1, kind):
            continue
        rest = list(hand)
        rest[kind] -= 1
        for place, k in card_options(knot, kind):
            yield outcome_of(k, patterns, rest), k, kind, place


def best_play(
    knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int]
) -> tuple[float, int, Action | None]:
    """The best card to play and where: (worth, kind, place); kind -1 if the hand is
    empty."""
    best: tuple[float, int, Action | None] = (-1e9, -1, None)
    for worth, _, kind, place in plays(knot, hand, patterns):
        if worth > best[0] + 1e-9:
            best = (worth, kind, place)
    return best


def useless(hand: Sequence[int], patterns: Sequence[int]) -> list[int]:
    """The kinds in hand no remaining pattern shows (Bubble and Broken Bulbs are always
    of use)."""
    shown = {c for p in patterns for c in ut.LIGHTS[p]}
    return [k for k in range(6) if hand[k] and k not in shown]


def discard_worth(
    knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int]
) -> tuple[float, list[int]]:
    """The worth of discarding the cards no pattern shows (and drawing anew), and those
    kinds; (-inf, []) when every card is of use."""
    kinds = useless(hand, patterns)
    if not kinds:
        return (-1e9, [])
    rest = list(hand)
    gone = 0
    for k in kinds:
        gone += rest[k]
        rest[k] = 0
    return (outcome_of(knot, patterns, rest) + DISCARD_EDGE * gone, kinds)


def action_worth(knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int]) -> float:
    """The best worth the action of a turn can reach from this knot."""
    play = best_play(knot, hand, patterns)[0]
    return max(play, discard_worth(knot, hand, patterns)[0])


class Seen:
    """What one decision needs, read from the seat's view."""

    __slots__ = ("hand", "knot", "patterns", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.knot = [KIND_ID[k] for k in view["knot"]]
        self.hand = [0] * ut.N_KINDS
        for name in view["hand"]:
            self.hand[KIND_ID[name]] += 1
        placing = view["placing"]
        if placing is not None:
            self.hand[KIND_ID[placing]] += 1  # the card being placed, back in hand
        self.patterns = [PATTERN_INDEX[p["id"]] for p in view["patterns"]]


def choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The bot's move from its view and legal actions."""
    seen = Seen(view)
    step = view["step"]
    knot, hand, patterns = seen.knot, seen.hand, seen.patterns
    if step == "untangle":

        def after_swap(a: ut.Swap) -> tuple[float, int]:
            k = list(knot)
            i = a.index
            k[i], k[i + 1] = k[i + 1], k[i]
            return (action_worth(k, hand, patterns), -i)

        return max((a for a in legal if isinstance(a, ut.Swap)), key=after_swap)
    if step == "action":
        play, kind, _ = best_play(knot, hand, patterns)
        worth, _ = discard_worth(knot, hand, patterns)
        if worth > play or kind < 0:
            return next(a for a in legal if isinstance(a, ut.Discard))
        return next(a for a in legal if isinstance(a, ut.Play) and a.kind == kind)
    if step == "place":
        kind = KIND_ID[view["placing"]]
        rest = list(hand)
        rest[kind] -= 1
        places = dict(card_options(knot, kind))
        options = [a for a in legal if a in places]
        return max(options, key=lambda a: outcome_of(places[a], patterns, rest))
    if step == "discard":
        _, kinds = discard_worth(knot, hand, patterns)
        cards = ut.hand_cards(hand, 0)
        mask = sum(1 << i for i, k in enumerate(cards) if k in kinds)
        if not mask:  # reached without a plan (a rollout): the least useful card
            mask = 1 << max(range(len(cards)), key=lambda i: (cards[i] < BUBBLE, i))
        want = ut.Cards(mask)
        return want if want in legal else legal[0]
    if step == "complete":

        def left_after(a: ut.Complete) -> float:
            k = list(knot)
            start = ut.matches(k, a.pattern)[0]
            del k[start : start + RUN]
            rest = [p for p in patterns if p != a.pattern]
            return outcome_of(k, rest, hand)

        return max((a for a in legal if isinstance(a, ut.Complete)), key=left_after)
    # which-cards: the five cards whose removal leaves the best knot
    pending = PATTERN_INDEX[view["completing"]]
    rest = [p for p in patterns if p != pending]

    def removed(a: ut.On) -> float:
        k = list(knot)
        del k[a.index : a.index + RUN]
        return outcome_of(k, rest, hand)

    return max((a for a in legal if isinstance(a, ut.On)), key=removed)


class HeuristicBot:
    """Plans its whole turn on the knot:

    * it tries every swap with every card it could play wherever it could go (a Broken
      Bulb removing any card), completes on a copy whatever would match, and takes the
      turn that completes most patterns, else the one leaving the knot closest to its
      secret patterns (the fewest wrong or missing cards in five neighbouring places,
      either direction, Bubble Bulbs wild; the nearest pattern weighs most, and a gap
      its hand could fill counts less);
    * it discards instead (and draws anew) the cards no remaining pattern of its shows,
      when playing none of them would bring it closer;
    * when several of its patterns match, or one matches in several places, it takes the
      one whose removal leaves the best knot.

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
        return self.decide(window.view(), legal)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The move, once the game and a choice are sure (a subclass may look ahead)."""
        return choose(view, legal)


#: A place beyond an end of the knot in :func:`near_shows` (no card matches it).
OUTSIDE = -1
#: In :func:`near_shows` and :func:`in_reach`: the pattern shows, no card needed.
NO_CARD = -1
#: What :class:`LookaheadBot` pays, in the units of :func:`closeness`, for a turn
#: certain to hand the next player a completion: as much as its own (:data:`COMPLETED`).
GIFT = COMPLETED
#: How many of the heuristic's best turns :class:`LookaheadBot` weighs for their gift.
TOP = 8
_NEAR: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def near_shows(window: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The patterns five neighbouring places show or would show with one card changed
    (either direction, Bubble Bulbs wild; an :data:`OUTSIDE` place is always wrong):
    (pattern, :data:`NO_CARD`) when it shows, (pattern, colour) when one card of that
    colour is missing."""
    got = _NEAR.get(window)
    if got is None:
        near: set[tuple[int, int]] = set()
        for p, lights in enumerate(ut.LIGHTS):
            for want in (lights, lights[::-1]):
                wrong = [w for c, w in zip(window, want, strict=True) if c not in (w, BUBBLE)]
                if len(wrong) <= 1:
                    near.add((p, wrong[0] if wrong else NO_CARD))
        got = _NEAR[window] = tuple(sorted(near))
    return got


def in_reach(knot: Sequence[int], open_patterns: set[int]) -> dict[int, set[int]]:
    """What the next player's turn could complete on this knot: for each of
    ``open_patterns`` it could show with one swap (or none) and one card, the kinds of
    card that would do it (a colour on top or at an end, a Broken Bulb cutting a card
    out; :data:`NO_CARD` when the swap alone does)."""
    n = len(knot)
    reach: dict[int, set[int]] = {}
    swapped = [list(knot)]
    for i in range(n - 1):
        k = list(knot)
        k[i], k[i + 1] = k[i + 1], k[i]
        swapped.append(k)
    for k in swapped:
        padded = (OUTSIDE, *k, OUTSIDE)
        for s in range(len(padded) - RUN + 1):
            for p, kind in near_shows(padded[s : s + RUN]):
                if p in open_patterns:
                    reach.setdefault(p, set()).add(kind)
        for j in range(n):  # a Broken Bulb removes card j: the windows across the gap
            cut = k[:j] + k[j + 1 :]
            for s in range(max(0, j - RUN + 1), min(j, len(cut) - RUN) + 1):
                for p, kind in near_shows(tuple(cut[s : s + RUN])):
                    if kind == NO_CARD and p in open_patterns:
                        reach.setdefault(p, set()).add(BROKEN)
    return reach


class NextPlayer:
    """What every seat knows of the next player's turn: its patterns are any of the
    open ones (neither the seat's own nor completed; the box's count too), each as
    likely as another; its hand (the cards it holds, and the one it draws) comes from
    the cards nobody has seen (the box less the knot, the discard pile and the seat's
    own hand)."""

    def __init__(self, view: dict[str, Any], seen: Seen) -> None:
        n = view["players"]
        after = (view["seat"] + 1) % n
        done = {PATTERN_INDEX[p] for mine in view["completed"] for p in mine}
        self.open = set(range(ut.N_PATTERNS)) - done - set(seen.patterns)
        self.share = view["patterns_left"][after] / max(1, len(self.open))
        unseen = list(ut.COUNTS)
        for k in seen.knot:
            unseen[k] -= 1
        for name, count in view["discard"].items():
            unseen[KIND_ID[name]] -= count
        for k in range(ut.N_KINDS):
            unseen[k] = max(0, unseen[k] - seen.hand[k])
        self.unseen = unseen
        self.cards = view["hand_sizes"][after] + 1
        self._holds: dict[frozenset[int], float] = {}

    def holds(self, kinds: set[int]) -> float:
        """The chance its hand holds one of ``kinds`` (a Bubble Bulb for any colour)."""
        if NO_CARD in kinds:
            return 1.0
        key = frozenset(kinds | {BUBBLE}) if min(kinds) < BUBBLE else frozenset(kinds)
        chance = self._holds.get(key)
        if chance is None:
            total = sum(self.unseen)
            cards = min(self.cards, total)
            others = total - sum(self.unseen[k] for k in key)
            chance = 1.0 - comb(others, cards) / comb(total, cards) if total else 0.0
            self._holds[key] = chance
        return chance

    def gift(self, knot: Sequence[int]) -> float:
        """The chance its turn completes a pattern on this knot (before the refill):
        for each open pattern within its reach, that it holds the pattern and a card
        that does it."""
        misses = 1.0
        for kinds in in_reach(knot, self.open).values():
            misses *= 1.0 - self.share * self.holds(kinds)
        return 1.0 - misses


class LookaheadBot(HeuristicBot):
    """``hard``'s prior: the heuristic, and what its turn leaves the next player.

    The heuristic plans its own turn only, and the knot it leaves is often one swap and
    one card from a pattern the next player holds (a Bubble Bulb it plays is wild for
    every pattern, the next player's too). This bot takes the heuristic's best few turns
    (:data:`TOP`) and, for each, the chance the next player completes a pattern on the
    knot it leaves (:meth:`NextPlayer.gift`, from what every seat knows: the open
    patterns each as likely to be in that hand, its cards drawn from the unseen ones),
    and plays the turn whose worth less :data:`GIFT` times that chance is highest. A
    gift weighs as much as a completion of its own, so it gives up a little closeness
    for a knot that gifts less, and almost never its own completion.

    Played every time, it wins clearly more often than the plain heuristic, at 2 and at
    4 players (heuristic against heuristic, ``bench/heuristic_edges.py lookahead
    untangle``). A gift weighed less gains less, and weighing more of the heuristic's
    turns gains no more and is slower; ``hard`` searching from it beats ``medium`` on
    the ladder. Measured: docs/bots.md, "What each lookahead's choices are worth",
    Untangle.
    """

    name = "lookahead"

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        step = view["step"]
        if step not in ("untangle", "action", "place"):
            return choose(view, legal)
        seen = Seen(view)
        knot, hand, patterns = seen.knot, seen.hand, seen.patterns
        nxt = NextPlayer(view, seen)
        if step == "untangle":
            turns: list[tuple[float, list[int], Action]] = []
            for a in legal:
                if isinstance(a, ut.Swap):
                    k = list(knot)
                    i = a.index
                    k[i], k[i + 1] = k[i + 1], k[i]
                    turns.extend(
                        (worth, left, a) for worth, left, _ in turns_from(k, hand, patterns)
                    )
            if not turns:  # an empty hand (reading nothing-left): no action to weigh
                return choose(view, legal)
            return least_gift(turns, patterns, nxt)
        if step == "action":
            actions: list[tuple[float, list[int], Action]] = [
                (worth, left, ut.Discard() if place is None else ut.Play(kind))
                for worth, left, (kind, place) in turns_from(knot, hand, patterns)
            ]
            if not actions:
                return next(a for a in legal if isinstance(a, ut.Discard))
            return least_gift(actions, patterns, nxt)
        kind = KIND_ID[view["placing"]]
        places: list[tuple[float, list[int], Action]] = [
            (worth, left, place)
            for worth, left, (_, place) in turns_from(knot, hand, patterns, kind)
            if place in legal
        ]
        return least_gift(places, patterns, nxt)


#: ``hard``'s prior in this game (``yuletide.bots.level_bot``); ``medium`` is the heuristic.


def turns_from(
    knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int], only: int = -1
) -> list[tuple[float, list[int], tuple[int, Action | None]]]:
    """Every action of step 3 from this knot, as the heuristic weighs it: (worth, knot
    left, (kind, place)); the discard as (kind -1, place None) when the hand holds
    cards no pattern shows. ``only``: the plays of that kind only, no discard."""
    out: list[tuple[float, list[int], tuple[int, Action | None]]] = [
        (worth, k, (kind, place)) for worth, k, kind, place in plays(knot, hand, patterns, only)
    ]
    if only < 0:
        worth, kinds = discard_worth(knot, hand, patterns)
        if kinds:
            out.append((worth, list(knot), (-1, None)))
    return out


def least_gift(
    turns: list[tuple[float, list[int], Action]], patterns: Sequence[int], nxt: NextPlayer
) -> Action:
    """Of the :data:`TOP` best ``turns`` by the heuristic's worth (the first of equals
    first, as the heuristic), the one whose worth less :data:`GIFT` times what its knot
    gifts the next player is highest."""
    best = sorted(turns, key=lambda t: -t[0])[:TOP]

    def net(turn: tuple[float, list[int], Action]) -> float:
        left = list(turn[1])
        completed(left, list(patterns))
        return turn[0] - GIFT * nxt.gift(left)

    return max(best, key=net)[2]


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: each seat's patterns left
    (three to complete), its own counted by how close the knot is to them too; a seat's
    share of ``2 ** -left``; 1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    view = state.view(seat)
    seen = Seen(view)
    near: list[float] = []
    for s, patterns_left in enumerate(view["patterns_left"]):
        left = float(patterns_left)
        if s == seat and seen.patterns:
            cost = min(pattern_cost(seen.knot, w, seen.hand) for w in _wants(seen.patterns))
            left += min(1.0, cost / RUN) - 1.0
        near.append(2.0**-left)
    return near[seat] / sum(near)


def nearest_gaps(knot: Sequence[int], patterns: Sequence[int]) -> list[tuple[int, int]]:
    """The gaps of the window nearest to showing one of ``patterns`` (the fewest wrong
    or missing cards, the first such window): (place, colour wanted) for each; a place
    of -1 or ``len(knot)`` lies beyond an end."""
    n = len(knot)
    best: list[tuple[int, int]] | None = None
    for p in patterns:
        for want in (ut.LIGHTS[p], ut.LIGHTS[p][::-1]):
            for s in range(-1, n - RUN + 2):
                gaps = []
                for i in range(RUN):
                    j = s + i
                    if not 0 <= j < n or knot[j] not in (want[i], BUBBLE):
                        gaps.append((j, want[i]))
                        if best is not None and len(gaps) >= len(best):
                            break
                else:
                    if best is None or len(gaps) < len(best):
                        best = gaps
    return best or []


def quick_fix(
    knot: Sequence[int], hand: Sequence[int], patterns: Sequence[int]
) -> tuple[int, Action] | None:
    """A card of the hand that fills a gap of the nearest window, and where: a plain
    bulb of the colour wanted before a Bubble Bulb; None if the hand fills none."""
    n = len(knot)
    gaps = nearest_gaps(knot, patterns)
    for wild in (False, True):
        for j, colour in gaps:
            kind = BUBBLE if wild else colour
            if not hand[kind] or (j < -1 or j > n):
                continue
            if j == -1:
                return kind, ut.End(ut.LEFT)
            if j == n:
                return kind, ut.End(ut.RIGHT)
            return kind, ut.On(j)
    return None


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast policy for the search's rollouts: a random swap; then a card of the hand
    that fills a gap of the window nearest to one of its patterns, else a discard of
    the cards no pattern shows (else of one card at random); the full heuristic for the
    rare choices of which pattern or which cards to complete."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    step = view["step"]
    if step == "untangle":
        return legal[rng.below(len(legal))]
    if step in ("complete", "which-cards"):
        return choose(view, legal)
    seen = Seen(view)
    knot, hand, patterns = seen.knot, seen.hand, seen.patterns
    if step == "action":
        fix = quick_fix(knot, hand, patterns)
        if fix is not None:
            return ut.Play(fix[0])
        return ut.Discard()
    if step == "place":
        kind = KIND_ID[view["placing"]]
        fix = quick_fix(knot, hand, patterns)
        if fix is not None and fix[0] == kind and fix[1] in legal:
            return fix[1]
        return legal[rng.below(len(legal))]
    # discard
    kinds = useless(hand, patterns)
    cards = ut.hand_cards(hand, 0)
    mask = sum(1 << i for i, k in enumerate(cards) if k in kinds)
    want = ut.Cards(mask) if mask else None
    return want if want in legal else legal[rng.below(len(legal))]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prior=LookaheadBot)
