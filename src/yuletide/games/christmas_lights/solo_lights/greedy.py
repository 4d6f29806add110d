"""A simple greedy policy for Solo Lights (``solo-greedy``, and the ``medium`` level).

It answers the question a solo player asks first — "how hard is it?" — with a baseline
better than random: ``yuletide simulate solo-lights --players 1 --bots solo-greedy``.
Like every bot it decides from its seat's window only (the view and the legal actions;
never the state), one move at a time, with no look-ahead:

* picks the Pattern card sharing the most colours with the hand (in sequence: the
  longest run of its first bulbs in hand);
* plays a plain bulb or Plug whenever it can (the rules make that compulsory);
* uses a Bubble Bulb as the connector when no Plug is left to draw (every Plug is
  on the table already);
* spends a Bubble Bulb on time (``bubble time``) whenever a Character card is
  flipped — time is what runs out, and in simulation this rule alone nearly doubles the
  default win rate (measured: docs/bots.md, "What the solo-greedy rules are worth") —
  and otherwise uses one as a bulb or Plug only when it
  completes the winning string or when it holds two or more;
* when it must dig, discards the card least likely to help: a colour its string no
  longer needs (or a second copy), then a spare Plug, keeping Bubble Bulbs and one Plug.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from yuletide.bots.base import SeatWindow
from yuletide.core.rng import Rng
from yuletide.core.state import Action


class GreedyBot:
    """The greedy one-move policy for Solo Lights (``solo-greedy``; module docstring)."""

    name = "solo-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        actions = window.legal_actions()
        if len(actions) == 1:
            return actions[0]
        by_text = {str(a): a for a in actions}
        return by_text[solo_lights_choice(window.view(), list(by_text))]


def _prefix_in_hand(lights: Sequence[str], hand: Counter[str]) -> int:
    have = hand.copy()
    n = 0
    for colour in lights:
        if have[colour] <= 0:
            break
        have[colour] -= 1
        n += 1
    return n


def solo_lights_choice(view: dict[str, Any], legal: list[str]) -> str:
    """The greedy move in Solo Lights, as notation, from the view and the legal moves."""
    hand = Counter(view["hand"])
    if legal[0].startswith("pick"):
        best, best_score = legal[0], -1
        for option in view["options"]:
            lights = option["lights"]
            if view["in_sequence"]:
                score = _prefix_in_hand(lights, hand)
            else:
                score = sum(1 for c in set(lights) if hand[c])
            if score > best_score:
                best, best_score = f"pick {option['id'].lower()}", score
        return best
    open_ = view["open"]
    last_string = len(view["completed"]) + 1 == view["strings_to_win"]
    bubbles = hand["bubble"]
    if "bubble plug" in legal:
        plugs_left = (view["deck_contents"] or {}).get("plug", 0) + view["discard"].count("plug")
        if not plugs_left:
            return "bubble plug"
    if "bubble time" in legal:
        return "bubble time"
    plays = [a for a in legal if a.startswith("play")]
    if plays:
        return plays[0]
    bubble_moves = [a for a in legal if a.startswith("bubble ") and a != "bubble time"]
    if bubble_moves and (bubbles >= 2 or (last_string and len(open_) == 1)):
        return bubble_moves[0]
    discards = [a for a in legal if a.startswith("discard")]
    if not discards:  # only Bubble moves are legal
        return bubble_moves[0] if bubble_moves else legal[0]
    return min(discards, key=lambda a: _solo_keep_value(a.split()[1], view, hand))


def _solo_keep_value(card: str, view: dict[str, Any], hand: Counter[str]) -> float:
    """How much the hand would miss ``card`` (lower is discarded first)."""
    if card == "bubble":
        return 100.0
    if card == "plug":
        return 50.0 if hand["plug"] == 1 else 5.0
    open_ = view["open"]
    if view["in_sequence"] and view["current"] is not None:
        lights: list[str] = view["current"]["lights"]
        filled = sum(1 for c in view["string"] if c is not None)
        later = lights[filled:]
        if card in later:
            return 30.0 - later.index(card) - (10.0 if hand[card] > 1 else 0.0)
        return 1.0
    if card in open_:
        return 30.0 if hand[card] == 1 else 2.0
    return 1.0
