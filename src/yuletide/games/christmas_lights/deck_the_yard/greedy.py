"""A simple greedy policy for Deck the Yard (``solo-greedy``, and the ``medium`` level).

A baseline better than random: ``yuletide simulate deck-the-yard --players 1 --bots
solo-greedy``. Like every bot it decides from its seat's window only (the view and the legal
actions; never the state), one move at a time, with no look-ahead:

* spends a Plug to claim every Character card (a sure point), to stop every Present's
  Power Surge (a surge throws away a whole hand of a deck that never comes back: in
  simulation this one rule lifts the Normal win rate by more than half; measured:
  docs/bots.md, "What the solo-greedy rules are worth"), and
  against a Broken Bulb when the string holds three or more bulbs;
* plays the bulb its string needs next, else a Bubble Bulb into a started string;
* starts the face-up pattern whose first bulbs it holds most of;
* otherwise discards the card least likely to help (colours neither face-up pattern
  needs soon, then duplicates), keeping Plugs and Bubble Bulbs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from yuletide.bots.base import SeatWindow
from yuletide.core.rng import Rng
from yuletide.core.state import Action


def _prefix_in_hand(lights: Sequence[str], hand: Counter[str]) -> int:
    have = hand.copy()
    n = 0
    for colour in lights:
        if have[colour] <= 0:
            break
        have[colour] -= 1
        n += 1
    return n


class GreedyBot:
    """The greedy one-move policy for Deck the Yard (``solo-greedy``; module docstring)."""

    name = "solo-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        actions = window.legal_actions()
        if len(actions) == 1:
            return actions[0]
        by_text = {str(a): a for a in actions}
        return by_text[deck_the_yard_choice(window.view(), list(by_text))]


def deck_the_yard_choice(view: dict[str, Any], legal: list[str]) -> str:
    """The greedy move in Deck the Yard, as notation, from the view and the legal moves."""
    hand = Counter(view["hand"])
    pending = view["pending"]
    if pending is not None:
        use = pending != "broken" or len(view["string"]) >= 3
        return "use plug" if use else "keep plug"
    need = view["next"]
    if need is not None:
        if f"play {need}" in legal:
            return f"play {need}"
        if "play bubble" in legal:
            return "play bubble"
    else:
        starts = [a for a in legal if a.startswith("start")]
        if starts:
            lights = {p["id"].lower(): p["lights"] for p in view["patterns"]}

            def start_score(a: str) -> tuple[int, int]:
                parts = a.split()
                run = _prefix_in_hand(lights[parts[1]], hand)
                return (run, 0 if len(parts) == 3 else 1)

            best = max(starts, key=start_score)
            if not best.endswith("bubble") or _prefix_in_hand(lights[best.split()[1]][1:], hand):
                return best
    discards = [a for a in legal if a.startswith("discard")]
    if not discards:
        return legal[0]
    return min(discards, key=lambda a: _yard_keep_value(a.split()[1], view, hand))


def _yard_keep_value(card: str, view: dict[str, Any], hand: Counter[str]) -> float:
    if card == "bubble":
        return 90.0
    if card == "plug":
        return 80.0
    best = 0.0
    current = view["current"]
    if current is not None:
        rest = current["lights"][len(view["string"]) :]
        if card in rest:
            best = 40.0 - 5.0 * rest.index(card)
    for pattern in view["patterns"]:
        lights = pattern["lights"]
        if card in lights:
            best = max(best, 20.0 - 3.0 * lights.index(card))
    if hand[card] > 1:
        best -= 10.0
    return best
