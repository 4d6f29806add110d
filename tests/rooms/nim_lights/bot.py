"""Nim Lights' bots: a heuristic (the ``medium`` level; ``easy`` and ``hard`` are built
from it by the bots layer) and what ``hard``'s search needs, all in one ``KIT``.

The heuristic plays a bulb when it can (the colour it holds most of, so its next turn
still follows), draws when it cannot, and passes only with an empty pile.
"""

from __future__ import annotations

from typing import cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State

from . import rules as nl


def choose(hand: list[int], legal: list[Action]) -> Action:
    """The heuristic's choice among ``legal`` for a seat holding ``hand`` (counts per
    colour): a bulb of the colour it holds most of, else a draw, else a pass."""
    plays = [a for a in legal if isinstance(a, nl.Play)]
    if plays:
        return max(plays, key=lambda a: (hand[a.colour], -a.colour))
    return nl.DRAW if nl.DRAW in legal else nl.PASS


class HeuristicBot:
    """Decides from its window only; on another game it plays a seeded random action."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != nl.NimLights.game_id:
            return legal[self.rng.below(len(legal))]
        view = window.view()
        hand = [view["hand"].count(c) for c in nl.COLOURS]
        return choose(hand, legal)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The search's rollout policy: the heuristic on the sampled world."""
    world = cast(nl.NimLights, state)
    return choose(world.hands[seat], world.legal_actions(seat))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chances in [0, 1]: fewer cards than the others is better."""
    world = cast(nl.NimLights, state)
    outcome = world.outcome
    if outcome.over:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    sizes = [sum(h) for h in world.hands]
    return 1.0 - sizes[seat] / (sum(sizes) or 1)


#: What the bots layer builds this game's levels from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
