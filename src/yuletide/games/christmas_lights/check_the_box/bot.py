"""The Check the Box heuristic: ask where the public record says the cards are.

The view's ``known`` lists, for every seat and kind, the interval of cards the table
knows it holds (a seat that asked for red holds one; a seat that gave its reds away, or
said "Check the Box", holds none until it draws). The rest of each hand is a share of the
cards nobody has located, so the chance that a seat holds a kind follows from counting.

``hard`` searches from :class:`LookaheadBot`, which also weighs what an ask shows the
players who move after the asker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.check_the_box import rules as ctb

N_KINDS = ctb.N_KINDS
KIND_ID = ctb.KIND_ID
COUNTS = ctb.COUNTS
PLUG = ctb.PLUG
DRAW_TWO = ctb.DrawTwo()
#: The weight of an ask that completes a set (another turn and a set) against one that
#: only brings cards.
SET_VALUE = 2.0
CARDS_VALUE = 0.6


class HeuristicBot:
    """Asks the seat most likely to hold a kind it can complete:

    * for each other seat and each kind in its own hand, the chance the seat holds some:
      certain where the public record says it holds one (it asked for it and has not
      lost it since), none where it gave them all away or had none, else the chance
      that its unaccounted cards include one (the cards of that kind nobody has located,
      among all the unaccounted cards of the other hands and the box);
    * an ask is worth most when it completes a set of three (two in hand and any given,
      or one in hand and two given): a set and another turn; less when it only brings
      cards; a set of Plugs a little less (fewest Plug sets breaks ties);
    * always takes the Present bonus (more cards to ask with and to complete sets).
    """

    name = "medium"
    #: Whether an ask's worth also weighs what it shows the players after this seat
    #: (:class:`LookaheadBot`).
    ahead = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if DRAW_TWO in legal:
            return DRAW_TWO
        view = window.view()
        me = window.seat
        players = view["players"]
        mine = [0] * N_KINDS
        for name in view["hand"]:
            mine[KIND_ID[name]] += 1
        laid = [0] * N_KINDS
        for sets in view["sets"]:
            for name in sets:
                laid[KIND_ID[name]] += 1
        sizes = view["hand_sizes"]
        lo: list[list[int]] = []
        hi: list[list[int]] = []
        for t in range(players):
            known = view["known"][t]
            cap = min(2, sizes[t])
            row_lo = [0] * N_KINDS
            row_hi = [cap] * N_KINDS
            for name, (low, high) in known.items():
                row_lo[KIND_ID[name]] = low
                row_hi[KIND_ID[name]] = high
            lo.append(row_lo)
            hi.append(row_hi)
        return best_ask(legal, me, mine, sizes, lo, hi, laid, view["box"], ahead=self.ahead)


class LookaheadBot(HeuristicBot):
    """``hard``'s prior: the heuristic, less what the ask lets the players after it take.

    An ask that fails shows the table that the asker holds the kind ("ask 2 red" says
    you hold a red), and one that brings cards without a set shows exactly how many
    (two). Every player who moves before the asker's next turn may then ask for them,
    and the heuristic asks first where the record says the cards are: a player holding
    one red takes a known pair of reds and lays a set, with another turn. The asked
    player is no danger (they hold none of the kind afterwards, either way), so asking
    the next player is safer than asking one further round the table.

    So each ask's worth (the heuristic's) loses, for each later player but the asked
    one, the chance that the ask fails or brings cards without a set times what that
    player would make of the shown cards (by the same counting: a set if they hold
    enough, else cards) and what the asker would lose (:func:`shown_cost`); the next
    player counts in full, the ones after at 0.3 (they may not get the chance).
    At 2 players the asked player is the only other one, so this is the heuristic.

    Heuristic against heuristic at 4 players (``bench/heuristic_edges.py lookahead
    check-the-box``) it wins more of its seats than the plain heuristic, seated
    alternately and alone among three heuristics. Counting the next player alone looks
    as good seated alternately but loses alone: it then mostly asks the next seat, a
    heuristic's every time when seated alternately, so every later player must count.
    Measured: docs/bots.md, "What each lookahead's choices are worth", Check the Box.
    It recurs on most turns yet moves a game by little each time, below what the
    search's playouts resolve at its budget.
    """

    name = "lookahead"
    ahead = True


#: ``hard``'s prior in this game (``yuletide.bots.level_bot``); ``medium`` is the heuristic.
#: How much the players after the next one count in :class:`LookaheadBot`'s cost of
#: showing a kind (the next player counts 1).
LATER_PLAYERS = 0.3


def best_ask(  # noqa: PLR0917 (the public record, as arrays: one argument each)
    legal: Sequence[Action],
    me: int,
    mine: Sequence[int],
    sizes: Sequence[int],
    lo: Sequence[Sequence[int]],
    hi: Sequence[Sequence[int]],
    laid: Sequence[int],
    box: int,
    *,
    ahead: bool = False,
) -> Action:
    """The ask of highest worth (class docstring); ties go to the first in legal order.
    With ``ahead``, each worth also loses :func:`shown_cost` (:class:`LookaheadBot`)."""
    players = len(sizes)
    others = [t for t in range(players) if t != me]
    free = {t: max(0, sizes[t] - sum(lo[t])) for t in others}
    unaccounted = sum(free.values()) + box
    best: Action = legal[0]
    best_value = -math.inf  # a worth less what it shows may be below nothing
    for action in legal:
        if not isinstance(action, ctb.Ask):
            continue
        t, k = action.target, action.kind
        located = sum(lo[o][k] for o in others)
        loose = max(0, COUNTS[k] - 3 * laid[k] - mine[k] - located)
        p_one, p_two = _chances(lo[t][k], hi[t][k], free[t], loose, unaccounted)
        p_set = p_one if mine[k] >= 2 else p_two
        value = SET_VALUE * p_set + CARDS_VALUE * (p_one - p_set)
        if k == PLUG:
            value *= 0.9
        value += 0.001 * sizes[t]
        if ahead:
            for later in range(1, players):
                o = (me + later) % players
                if o != t:
                    q_one, q_two = _chances(lo[o][k], hi[o][k], free[o], loose, unaccounted)
                    weight = 1.0 if later == 1 else LATER_PLAYERS
                    shown = (1.0 - p_one) * shown_cost(mine[k], q_one, q_two)
                    shown += (p_one - p_set) * shown_cost(mine[k] + 1, q_one, q_two)
                    value -= weight * shown
        if value > best_value:
            best, best_value = action, value
    return best


def shown_cost(held: int, one: float, two: float) -> float:
    """What showing ``held`` cards of a kind costs when a later player holds at least
    one of it with chance ``one`` and two with chance ``two``: what they make of taking
    them (a set where their cards and ours make three, else cards, weighed as the
    heuristic weighs its own asks) and the part-set we lose (a pair is most of one)."""
    if held >= 3:
        return 0.0
    completes = one if held >= 2 else two
    return SET_VALUE * completes + CARDS_VALUE * (one - completes) + held / 2.0 * one


def _chances(low: int, high: int, free: int, loose: int, total: int) -> tuple[float, float]:
    """The chances that a seat holds at least one and at least two cards of a kind: it
    holds ``low`` for sure, at most ``high``, and ``free`` unaccounted cards drawn from
    ``total`` unaccounted cards of which ``loose`` are of the kind (hypergeometric)."""
    if high <= 0:
        return 0.0, 0.0
    extra_one = _at_least(1, free, loose, total)
    extra_two = _at_least(2, free, loose, total)
    one = 1.0 if low >= 1 else extra_one
    if high < 2:
        two = 0.0
    elif low >= 2:
        two = 1.0
    elif low == 1:
        two = extra_one
    else:
        two = extra_two
    return one, two


def _at_least(n: int, draws: int, good: int, total: int) -> float:
    """P(at least ``n`` good, ``n`` 1 or 2, among ``draws`` cards drawn from ``total``
    with ``good``): the hypergeometric's first terms, by their ratios."""
    if draws <= 0 or good <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    bad = total - good
    if draws > bad:
        none = 0.0
    else:
        none = 1.0
        for i in range(draws):
            none *= (bad - i) / (total - i)
    if n <= 1:
        return 1.0 - none
    one = (
        none * draws * good / (bad - draws + 1)
        if draws <= bad
        else _exactly_one(draws, good, total)
    )
    return max(0.0, 1.0 - none - one)


def _exactly_one(draws: int, good: int, total: int) -> float:
    bad = total - good
    if draws - 1 > bad:
        return 0.0
    return good * math.comb(bad, draws - 1) / math.comb(total, draws)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic on a sampled world, from the public intervals and the seat's hand
    only (the world's other hands are a sample, not to be peeked at)."""
    world = cast(ctb.CheckTheBox, state)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if DRAW_TWO in legal:
        return DRAW_TWO
    n = world.players
    sizes = world.sizes
    lo = [world.lo[t * N_KINDS : (t + 1) * N_KINDS] for t in range(n)]
    hi = []
    for t in range(n):
        room = sizes[t] - sum(lo[t])
        hi.append([min(world.hi[t * N_KINDS + k], lo[t][k] + room) for k in range(N_KINDS)])
    return best_ask(legal, seat, world.hands[seat], sizes, lo, hi, laid(world), len(world.pile))


def laid(world: ctb.CheckTheBox) -> list[int]:
    """The cards of each kind laid in sets (public), from the world's fields."""
    out = [0] * N_KINDS
    for sets in world.sets:
        for k in sets:
            out[k] += 1
    return out


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chances in [0, 1]: its lead in sets over the best other seat, weighed
    against the sets still to be made (and a pair in hand is most of a set)."""
    world = cast(ctb.CheckTheBox, state)
    outcome = world.outcome
    if outcome.over:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0

    def strength(t: int) -> float:
        pairs = sum(1 for k in range(N_KINDS) if world.hands[t][k] == 2)
        return len(world.sets[t]) + 0.3 * pairs

    mine = strength(seat)
    best_other = max(strength(t) for t in range(world.players) if t != seat)
    left = ctb.TOTAL_SETS - sum(len(s) for s in world.sets)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / (1.0 + math.sqrt(left)))


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prior=LookaheadBot)
