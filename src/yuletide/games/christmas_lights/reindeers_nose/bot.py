"""A Reindeer's Nose bot that collects its strongest colour (issue 15).

The race has one real decision: which card to pass on. Picking up and pointing are the
only legal actions when they are legal at all (a card waiting in front of a three-card
hand; someone has pointed), and the bot does them at once: in a race, waiting never
helps, and the last to point takes the Pattern card. So the bot keeps the colour it
holds most of and passes the others, and it remembers the colours passed to it (the
pick-up events it is shown): a colour that keeps arriving is one its right neighbour
throws away, so it is the easiest to collect, and it breaks ties by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yuletide.bots.base import ReactionTime, SeatWindow, level_reaction
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.content import COLOURS
from yuletide.games.christmas_lights.reindeers_nose import rules as rn

GAME = rn.ReindeersNose.game_id
#: How much older arrivals count against newer ones (each new pick-up scales the old).
FADE = 0.8
#: The most that arrivals and the tie-breaking draw weigh against one card more held.
FLOW, TIE = 0.5, 0.4


class HeuristicBot:
    """Collects its strongest colour:

    * it points the moment it may (with a set of four, or once anyone has pointed) and
      picks up the card waiting for it at once: it never waits;
    * it passes a card of the colour it holds fewest of, keeping the colour it holds
      most of; between colours held equally it keeps the one that has been passed to it
      most (recent arrivals count most) and passes the one arriving least, and a seeded
      draw decides the rest (so bots like it never pass the same cards round for ever).

    It decides from its window only (its view, its legal actions and the pick-ups it was
    shown); on another game it plays a seeded random legal action. ``reaction`` is how
    fast it acts (the match runner and the server draw the times): by default a
    typical adult's, as the ``medium`` level it is (``bots.base.LEVEL_REACTIONS``).
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, reaction: ReactionTime | None = None) -> None:
        self.rng = Rng(seed)
        self.reaction = level_reaction("medium") if reaction is None else reaction
        self._window: SeatWindow | None = None
        self._seen = 0
        self.arrived: list[float] = []

    def act(self, window: SeatWindow) -> Action | None:
        legal = window.legal_actions()
        if not legal:
            return None
        if window.game_id != GAME:
            return legal[self.rng.below(len(legal))]
        if window is not self._window:
            self._window, self._seen, self.arrived = window, 0, []
        self._follow(window.seat, window.events(self._seen))
        if len(legal) == 1:
            return legal[0]
        return choose(window.view(), legal, self.arrived, self.rng)

    def _follow(self, seat: int, events: list[dict[str, Any]]) -> None:
        """Count the colours passed to this seat, the older ones fading."""
        self._seen += len(events)
        for event in events:
            if event["type"] == "deal":
                self.arrived = [0.0] * len(COLOURS)
            elif event["type"] == "pick_up" and event["seat"] == seat and "card" in event:
                arrived = self.arrived or [0.0] * len(COLOURS)
                self.arrived = [FADE * a for a in arrived]
                self.arrived[COLOURS.index(event["card"])] += 1.0


def choose(
    view: dict[str, Any],
    legal: Sequence[Action],
    arrived: Sequence[float] | None,
    rng: Rng,
) -> Action:
    """The card to pass (or the one legal action), from the view and legal actions.
    Colours held equally are told apart by how much of each has arrived and then by a
    draw from ``rng``: bots that all broke ties the same way could pass the same cards
    round the table for ever."""
    passes = [a for a in legal if isinstance(a, rn.Pass)]
    if not passes:
        return legal[0]
    counts = [0] * len(COLOURS)
    for name in view["hand"]:
        counts[COLOURS.index(name)] += 1
    flow = list(arrived or ()) + [0.0] * len(COLOURS)
    # Held counts differ by 1 or more; arrivals add at most FLOW and the draw at most TIE.
    keys = {
        a: counts[a.colour] + FLOW * min(flow[a.colour], 3.0) / 3.0 + TIE * rng.random()
        for a in passes
    }
    return min(passes, key=keys.__getitem__)


def evaluate(state: State, seat: int) -> float:
    """How likely ``seat`` is to escape elimination, in [0, 1], from its view: the
    danger of each seat grows threefold with each Pattern card it holds (three
    eliminate), and a seat's chance is one less its share of the danger (so the
    seats' values add up to players - 1); 1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return 1.0 if seat in outcome.winners else 0.0
    view = state.view(seat)
    danger = [3.0 ** len(held) for held in view["patterns"]]
    return 1.0 - danger[seat] / sum(danger)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic as a rollout policy (no memory of arrivals)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(state.view(seat), legal, None, rng)


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate)
