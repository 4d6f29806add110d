"""The Blink heuristic: call "Blink!" at once, catch at once, and shed so the next player
is stuck.

The view lists the whole discard pile since the last refresh, so the cards a seat has
not seen (other hands and the deck) are the box less the pile and its own hand: which
colours the next player is likely to hold follows from counting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from yuletide.bots.base import ReactionTime, SeatWindow, level_reaction
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.blink import rules as bl

N_KINDS = bl.N_KINDS
BUBBLE, BROKEN, PLUG = bl.BUBBLE, bl.BROKEN, bl.PLUG
KIND_ID = {name: k for k, name in enumerate(bl.KIND_NAME)}
PATTERN_INDEX = {pid: i for i, pid in enumerate(bl.PATTERN_IDS)}


class HeuristicBot:
    """In the race, first: calls "Blink!" the moment it is down to one card (unless it
    can play that card and win at once), and catches any player who has not called.
    On its turn it plays rather than keeps a card it drew, and chooses the play that
    leaves the next player least likely to follow:

    * a plain bulb whenever it can (keeping Bubble Bulbs, Broken Bulbs and Plugs for
      when it is stuck), the colour whose neighbours on the string are rarest among the
      cards it has not seen, and after which it can most often play again;
    * else a Broken Bulb (the light stays), a Bubble Bulb naming the colour whose
      neighbours are rarest, then a Plug (a new string);
    * when the next player is down to two cards or fewer, a Bubble Bulb or a Plug is
      worth playing at once to stop them.

    ``reaction`` is how fast it acts in the race (the match runner and the server draw
    the times): a typical adult's by default, as the ``medium`` level it is.
    """

    name = "medium"

    def __init__(self, seed: int = 0, reaction: ReactionTime | None = None) -> None:
        self.rng = Rng(seed)
        self.reaction = level_reaction("medium") if reaction is None else reaction

    def act(self, window: SeatWindow) -> Action | None:
        legal = window.legal_actions()
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        view = window.view()
        return choose(view, window.seat, legal)


def choose(view: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
    """The heuristic's action (class docstring) from the seat's view."""
    hand = [0] * N_KINDS
    for name in view["hand"]:
        hand[KIND_ID[name]] += 1
    plays = [a for a in legal if isinstance(a, bl.Play | bl.PlayBubble)]
    if sum(hand) == 1 and plays:
        return plays[0]  # the last card: the game is won
    for a in legal:
        if isinstance(a, bl.Call):
            return a
    for a in legal:
        if isinstance(a, bl.Catch):
            return a
    if not plays:
        return legal[0]  # draw, keep or pass: the only move of the turn
    unseen = list(bl.COUNTS)
    for name in view["discard"]:
        unseen[KIND_ID[name]] -= 1
    for k in range(N_KINDS):
        unseen[k] -= hand[k]
    pattern = PATTERN_INDEX[view["string"]["id"]]
    blink = KIND_ID.get(view["blinking"], bl.ANY)
    players = view["players"]
    following = view["hand_sizes"][(view["turn"] + 1) % players]
    table = _Table(hand, unseen, pattern, blink, following)
    return max(plays, key=table.worth)


@dataclass(frozen=True, slots=True)
class _Table:
    """What a play is weighed against: the hand, the unseen cards, the string, the
    blinking colour and the next player's hand size."""

    hand: Sequence[int]
    unseen: Sequence[int]
    pattern: int
    blink: int
    following: int

    def worth(self, action: Action) -> float:
        """How good a play is (class docstring)."""
        hand, unseen, pattern, blink = self.hand, self.unseen, self.pattern, self.blink
        urgent = self.following <= 2
        if isinstance(action, bl.PlayBubble):
            after = list(hand)
            after[BUBBLE] -= 1
            base = 4.0 + (7.0 if urgent else 0.0)
            return (
                base
                - 4.0 * _hinder(action.colour, unseen, pattern)
                + 2.0 * _follow(action.colour, after, unseen, pattern)
            )
        assert isinstance(action, bl.Play)
        kind = action.kind
        after = list(hand)
        after[kind] -= 1
        if kind == PLUG:
            return 3.0 + (5.0 if urgent else 0.0)
        if kind == BROKEN:
            if blink == bl.ANY:
                return 6.0
            return (
                6.0
                - 4.0 * _hinder(blink, unseen, pattern)
                + 2.0 * _follow(blink, after, unseen, pattern)
            )
        return (
            10.0
            - 4.0 * _hinder(kind, unseen, pattern)
            + 2.0 * _follow(kind, after, unseen, pattern)
        )


def _hinder(colour: int, unseen: Sequence[int], pattern: int) -> float:
    """The share of the unseen plain bulbs the next player could follow ``colour`` with."""
    total = sum(unseen[c] for c in bl.COLOUR_IDS)
    if total <= 0:
        return 0.0
    return sum(max(0, unseen[c]) for c in bl.NEXT[pattern][colour]) / total


def _follow(colour: int, hand: Sequence[int], unseen: Sequence[int], pattern: int) -> float:
    """How often the seat could play a plain bulb again after the next player follows
    ``colour`` with one of its neighbours (weighted by how many of each are unseen)."""
    weight = 0.0
    good = 0.0
    for nxt in bl.NEXT[pattern][colour]:
        w = max(0, unseen[nxt]) + 0.5
        weight += w
        if any(hand[c] for c in bl.NEXT[pattern][nxt]):
            good += w
    return good / weight if weight else 0.0


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic on a sampled world (the seat's own hand, the discard pile and the
    hand sizes: what its view shows), for search: call and catch at once, play a drawn
    card, else the play the heuristic weighs best."""
    world = cast(bl.Blink, state)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    plays: list[Action] = []
    for a in legal:
        kind = type(a)
        if kind is bl.Call or kind is bl.Catch:
            if kind is bl.Call and world.turn == seat and world.hand_size(seat) == 1:
                continue  # its own last card wins at once: play it
            return a
        if kind is bl.Play or kind is bl.PlayBubble:
            plays.append(a)
    if not plays:
        return legal[0]
    base = seat * N_KINDS
    hand = world.hands[base : base + N_KINDS]
    if sum(hand) == 1:
        return plays[0]
    unseen = list(bl.COUNTS)
    for k in world.discard:
        unseen[k] -= 1
    for k in range(N_KINDS):
        unseen[k] -= hand[k]
    following = world.hand_size((world.turn + 1) % world.players)
    table = _Table(hand, unseen, world.strings[-1], world.blink, following)
    return max(plays, key=table.worth)


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chances in [0, 1]: its share of the players' closeness to going out
    (1 / (1 + cards held)); a finished game's win share."""
    world = cast(bl.Blink, state)
    outcome = world.outcome
    if outcome.over:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    near = [1.0 / (1 + world.hand_size(s)) ** 2 for s in range(world.players)]
    return near[seat] / sum(near)


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
