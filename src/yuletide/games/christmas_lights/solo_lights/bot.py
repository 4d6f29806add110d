"""The Solo Lights bot of the levels (issue 15): today's greedy solo policy.

:class:`.greedy.GreedyBot` already plays Solo Lights on purpose (its rules of thumb are
measured one by one in tests/test_solo_greedy.py); this module gives it the name every
game's heuristic has (``HeuristicBot``) and adds what the search of the ``hard`` level
needs: a rollout policy and an evaluation of unfinished games.
"""

from __future__ import annotations

from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State

from .greedy import GreedyBot, solo_lights_choice


class HeuristicBot(GreedyBot):
    """The greedy solo policy (:mod:`.greedy`), one move at a time:

    * it picks the Pattern card sharing the most colours with its hand (in sequence:
      the longest run of its first bulbs in hand);
    * it plays a plain bulb or Plug whenever it can (the rules make that compulsory);
    * it spends a Bubble Bulb on time whenever a Character card is flipped (time is
      what runs out), as the connector when no Plug is left to draw, and otherwise as a
      bulb only when it completes the winning string or it holds two or more;
    * when it must dig, it discards the card least likely to help: a colour its string
      no longer needs (or a second copy), then a spare Plug, keeping Bubble Bulbs and
      one Plug.

    It decides from its window only (its view and legal actions).
    """

    name = "heuristic"


def evaluate(state: State, seat: int) -> float:
    """How well the game stands, in [0, 1], from the view: the time left (Character
    cards still face down above Santa, a Bubble Bulb in hand worth half of one) against
    the work left (strings still to complete, the current one counted by its bulbs);
    1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return 1.0 if seat in outcome.winners else 0.0
    view = state.view(seat)
    chars = view["characters"]
    bubbles = view["hand"].count("bubble")
    time_left = max(0.0, chars["face_down"] - 1 + 0.5 * bubbles)
    filled = sum(1 for c in view["string"] if c is not None) / 5
    work = max(0.0, view["strings_to_win"] - len(view["completed"]) - filled)
    share: float = (1 + time_left) / (1 + time_left + work)
    return min(1.0, max(0.0, share))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The greedy policy as a rollout policy."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    by_text = {str(a): a for a in legal}
    return by_text[solo_lights_choice(state.view(seat), list(by_text))]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, named={"solo-greedy": GreedyBot})
