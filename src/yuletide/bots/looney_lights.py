"""A Looney Lights bot that plays like a good UNO player (issue 15).

Looney Lights is a shedding game: the first to discard every card wins. The bot decides
from its seat's window only (its view, its legal actions and the events it was shown)
and remembers, from the events, which colours each other player is known to lack: a
player who draws, or plays a Plug or a Broken Bulb, held no plain bulb of the colour in
play, and keeps lacking it until it keeps a drawn card it could not play (that card may
be any other colour, so what was known of its other colours is forgotten then).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng
from ..core.state import Action, State
from ..games.christmas_lights import looney_lights as ll
from .base import SeatWindow

GAME = ll.LooneyLights.game_id
COLOURS = ll.KIND_NAME[:6]


class HeuristicBot:
    """Plays Looney Lights like a good UNO player:

    * with a plain bulb of the colour in play it plays that bulb, and keeps its Bubble
      Bulbs (wild cards are worth most at the end, when nothing else matches);
    * without one it plays, in this order, a Broken Bulb (it sheds two cards at once and
      chooses the colour), a Plug (it sheds a card and keeps the colour), then a Bubble
      Bulb; only with none of them does it draw (the rules make it);
    * after a Broken Bulb it follows with a plain bulb of the colour it holds most of,
      keeping a Bubble Bulb for last;
    * naming a colour (a Bubble Bulb, or a Bubble start) it names the colour it holds
      most of, and prefers a colour the next player is known to lack (it drew, or played
      a Plug or Broken Bulb, on it), all the more when that player is close to going out.

    It decides from its window only; on another game it plays a seeded random legal
    action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._window: SeatWindow | None = None
        self._seen = 0
        self._colour = -1
        self.lacks: dict[int, set[int]] = {}

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME:
            return legal[self.rng.below(len(legal))]
        if window is not self._window:
            self._window, self._seen, self._colour, self.lacks = window, 0, -1, {}
        self._follow(window.events(self._seen))
        if len(legal) == 1:
            return legal[0]
        return choose(window.view(), legal, self.lacks)

    def _follow(self, events: list[dict[str, Any]]) -> None:
        """Update the colour in play and what each player is known to lack."""
        self._seen += len(events)
        for event in events:
            kind = event["type"]
            if kind == "reveal":
                card = event["card"]
                if card in COLOURS:
                    self._colour = COLOURS.index(card)
            elif kind == "name":
                self._colour = COLOURS.index(event["colour"])
            elif kind == "play":
                card = event["card"]
                seat = event["seat"]
                if card == "bubble":
                    self._colour = COLOURS.index(event["colour"])
                elif card in COLOURS:
                    self._colour = COLOURS.index(card)
                elif self._colour >= 0:  # a Plug or Broken Bulb: no plain bulb of the colour
                    self.lacks.setdefault(seat, set()).add(self._colour)
            elif kind == "draw" and self._colour >= 0:
                seat = event["seat"]
                if event["playable"]:
                    self.lacks.setdefault(seat, set()).add(self._colour)
                else:  # it keeps a card of some other colour
                    self.lacks[seat] = {self._colour}


def _counts(hand: Sequence[str]) -> list[int]:
    out = [0] * ll.N_KINDS
    for name in hand:
        out[ll.KIND_ID[name]] += 1
    return out


def colour_scores(view: dict[str, Any], hand: list[int], lacks: dict[int, set[int]]) -> list[float]:
    """How much the bot wants each colour to be in play after its move: the plain bulbs
    of it it holds, plus a bonus when the next player is known to lack it."""
    seat = view["seat"]
    sizes = view["hand_sizes"]
    nxt = (seat + 1) % view["players"]
    weight = 1.5 if sizes[nxt] <= 2 else 0.6
    scores = []
    for c in range(6):
        s = float(hand[c])
        if c in lacks.get(nxt, ()):
            s += weight
        s += 0.1 * sum(1 for o, lacked in lacks.items() if o not in (seat, nxt) and c in lacked)
        scores.append(s)
    return scores


def choose(
    view: dict[str, Any], legal: Sequence[Action], lacks: dict[int, set[int]] | None = None
) -> Action:
    """The bot's move from its view and legal actions (and what it knows others lack)."""
    lacks = lacks or {}
    hand = _counts(view["hand"])
    plays = [a for a in legal if type(a) is ll.Play]
    bubbles = [a for a in legal if isinstance(a, ll.PlayBubble)]
    names = [a for a in legal if type(a) is ll.Name]
    if names:
        scores = colour_scores(view, hand, lacks)
        return max(names, key=lambda a: (scores[a.colour], -a.colour))
    step = view["step"]
    if step == "follow-up":
        plain = [a for a in plays if a.kind < ll.BUBBLE]
        if plain:
            scores = colour_scores(view, hand, lacks)
            return max(plain, key=lambda a: (scores[a.kind], -a.kind))
        return _best_bubble(view, hand, lacks, bubbles)
    by_kind = {a.kind: a for a in plays}
    colour = ll.KIND_ID[view["colour"]] if view["colour"] else -1
    if colour in by_kind:
        return by_kind[colour]
    for kind in (ll.BROKEN, ll.PLUG):
        if kind in by_kind:
            return by_kind[kind]
    if plays:  # a drawn plain bulb to play
        return plays[0]
    if bubbles:
        return _best_bubble(view, hand, lacks, bubbles)
    return legal[0]  # draw or pass: the only move


def _best_bubble(
    view: dict[str, Any],
    hand: list[int],
    lacks: dict[int, set[int]],
    bubbles: Sequence[ll.PlayBubble],
) -> Action:
    scores = colour_scores(view, hand, lacks)
    return max(bubbles, key=lambda a: (scores[a.colour], -a.colour))


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: its share of the players'
    "closeness to going out" (1 / (1 + cards held)); 1 or 0 once the game is over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    sizes: list[int] = state.view(seat)["hand_sizes"]
    near = [1.0 / (1 + n) for n in sizes]
    return near[seat] / sum(near)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic as a fast rollout policy (no memory of who lacks what)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(state.view(seat), legal)
