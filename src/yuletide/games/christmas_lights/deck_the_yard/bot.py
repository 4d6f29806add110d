"""The Deck the Yard bot of the levels (issue 15): today's greedy solo policy.

:class:`.greedy.GreedyBot` already plays Deck the Yard on purpose (its rules of thumb are
measured one by one in tests/test_solo_greedy.py); this module gives it the name every
game's heuristic has (``HeuristicBot``) and adds what the search of the ``hard`` level
needs: a rollout policy and an evaluation of unfinished games.
"""

from __future__ import annotations

import math

from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State

from .greedy import GreedyBot, deck_the_yard_choice

#: Cards a claim takes, roughly: the 69 of a game (hand and Bulb deck) bring the greedy
#: policy 7.8 claims on average (300 seeded Normal games).
CARDS_PER_CLAIM = 8.8


class HeuristicBot(GreedyBot):
    """The greedy solo policy (:mod:`.greedy`), one move at a time:

    * it spends a Plug to claim every Character card (a sure point), to stop every
      Present's Power Surge (a surge throws away a whole hand of a deck that never comes
      back), and against a Broken Bulb when its string holds three bulbs or more;
    * it plays the bulb its string needs next, else a Bubble Bulb into a started string;
    * it starts the face-up pattern whose first bulbs it holds most of;
    * otherwise it discards the card least likely to help (colours neither face-up
      pattern needs soon, then duplicates), keeping Plugs and Bubble Bulbs.

    It decides from its window only (its view and legal actions).
    """

    name = "heuristic"


def evaluate(state: State, seat: int) -> float:
    """How well the game stands, in [0, 1], from the view: the claims made plus those
    the cards left in the deck and hand could bring (one per :data:`CARDS_PER_CLAIM`),
    against the target, through a logistic curve; 1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return 1.0 if seat in outcome.winners else 0.0
    view = state.view(seat)
    bulbs = len(view["string"]) + view["hand_size"] + view["deck"]
    projected = view["claims"] + bulbs / CARDS_PER_CLAIM
    return 1.0 / (1.0 + math.exp(-(projected - view["target"] + 0.5)))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The greedy policy as a rollout policy."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    by_text = {str(a): a for a in legal}
    return by_text[deck_the_yard_choice(state.view(seat), list(by_text))]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, named={"solo-greedy": GreedyBot})
