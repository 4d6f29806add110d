"""The Lights On bot of the levels (issue 15): today's team bot, bettered.

It plays as :class:`~yuletide.bots.lights_on_team.LightsOnTeamBot` does (collect the most
common kind, signal four identical bulbs, say Lights ON on the teammate's signal, never a
blind Lights OFF) and adds what the public swaps tell: every swap is seen, so the view
lists the cards everyone *knows* each player holds (taken from the Market and not given
back). Four identical bulbs known in a hand are a certainty, not a guess.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng
from ..core.state import Action, State
from ..games.christmas_lights import lights_on as lo
from .base import SeatWindow
from .lights_on_team import LightsOnTeamBot

GAME = lo.LightsOnGame.game_id
#: How often it makes the swap it picked, as the team bot does (the rest of the time it
#: leaves the move to the team bot, which may vote, wait or swap at random: bots that
#: always reached for the same card could hold each other up).
SWAP_SHARE = 0.9
#: How many of the latest events a rollout reads for the teammate's signal.
RECENT = 12


def certain_call(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """Lights OFF on an opponent known to hold four identical bulbs, else Lights ON when
    the teammate is known to; None when the public swaps prove nothing."""
    if view["phase"] != "play":
        return None
    seat = view["seat"]
    known = view["known"]
    for other in ((seat + 1) % 4, (seat + 3) % 4):
        if _four(known[other]):
            call = lo.LightsOff(other)
            if call in legal:
                return call
    if _four(known[lo.teammate(seat)]):
        return lo.LightsOn()
    return None


def _four(cards: Sequence[str]) -> bool:
    """Whether ``cards`` hold four identical bulbs."""
    return bool(cards) and max(Counter(cards).values()) >= lo.HAND


def known_elsewhere(view: dict[str, Any]) -> dict[str, int]:
    """For each kind, how many copies the other players are known to hold (each kind
    has five)."""
    seat = view["seat"]
    out: Counter[str] = Counter()
    for s, cards in enumerate(view["known"]):
        if s != seat:
            out.update(cards)
    return dict(out)


def better_swap(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """A swap towards four identical bulbs that heeds what the others are known to hold:
    it collects the kind it holds most of with the most copies still free (not known in
    another hand), takes it from the Market, and gives the kind it holds least of that
    the other team is not known to collect. None when the Market has nothing for it."""
    hand = Counter(view["hand"])
    if not hand:
        return None
    market = Counter(view["market"])
    taken = known_elsewhere(view)
    seat = view["seat"]
    them: Counter[str] = Counter()
    for s in ((seat + 1) % 4, (seat + 3) % 4):
        them.update(view["known"][s])
    top = max(hand.values())
    if top == lo.HAND:
        return None
    best = [k for k, c in hand.items() if c == top and market[k]]
    if not best:
        return None
    kind = max(best, key=lambda k: (lo.EACH - taken.get(k, 0), -lo.KIND_ID[k]))
    if lo.EACH - taken.get(kind, 0) < lo.HAND:
        return None  # not four copies left for this hand: leave it to the team bot
    gives = [k for k in hand if k != kind]
    give = min(gives, key=lambda k: (hand[k], them.get(k, 0), lo.KIND_ID[k]))
    swap = lo.Swap(lo.KIND_ID[give], lo.KIND_ID[kind])
    return swap if swap in legal else None


class HeuristicBot(LightsOnTeamBot):
    """Today's team bot (keep the most common kind, take it from the Market, send the
    team's signal once holding four identical bulbs and wait, say Lights ON on the
    teammate's signal, vote for new lights when the Market has nothing for it), with
    what the public swaps prove:

    * Lights OFF at once on an opponent the swaps show holding four identical bulbs
      (a sure catch), and Lights ON at once when they show it of the teammate (no
      signal needed);
    * between kinds held equally often it collects the one with the most copies not
      known in another hand, and it gives away the kind it holds least of that the other
      team is not known to collect.

    It decides from its window only; on another game it plays a seeded random legal
    action. ``reaction`` is how fast it acts (the match runner draws the times).
    """

    name = "heuristic"

    def act(self, window: SeatWindow) -> Action | None:
        legal = window.legal_actions()
        if not legal:
            return None
        if window.game_id != GAME:
            return legal[self.rng.below(len(legal))]
        view = window.view()
        call = certain_call(view, legal)
        if call is not None:
            return call
        if view["phase"] == "play" and not self._mate_signalled(window, view):
            swap = better_swap(view, legal)
            if swap is not None and self.rng.random() < SWAP_SHARE:
                return swap
        return super().act(window)

    def _mate_signalled(self, window: SeatWindow, view: dict[str, Any]) -> bool:
        """Whether the teammate has sent the signal this round (read ahead of the team
        bot's own reading, which then sees the same events)."""
        signal = view["signal"]
        mate = lo.teammate(window.seat)
        sent = self.mate_sent
        for event in window.events(self.seen):
            if event["type"] == "go":
                sent = False
            elif event["type"] == "emote" and signal and event["emote"].endswith(" " + signal):
                sent |= event["seat"] == mate
        return sent


def evaluate(state: State, seat: int) -> float:
    """How well ``seat``'s team stands, in [0, 1], from its view: three Plugs win and
    three Broken Bulbs lose, so each team's distance to either counts; 1 or 0 once over."""
    outcome = state.outcome
    if outcome.over:
        return 1.0 if seat in outcome.winners else 0.0
    view = state.view(seat)
    mine, theirs = seat % 2, 1 - seat % 2
    plugs: list[int] = view["plugs"]
    broken: list[int] = view["broken_bulbs"]
    margin = (plugs[mine] - broken[mine]) - (plugs[theirs] - broken[theirs])
    return min(1.0, max(0.0, 0.5 + margin / 12.0))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast rollout policy from the view and the latest events: a certain call; with
    four identical bulbs, the team's signal (or a vote, or, with neither left, any
    swap: a rollout must act); Lights ON when the teammate sent the signal among the
    latest events; else a swap towards four of a kind, a vote for new lights or a random
    swap."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    if view["phase"] == "signal":
        return legal[rng.below(len(legal))]
    call = certain_call(view, legal)
    if call is not None:
        return call
    signal = view["signal"]
    hand = Counter(view["hand"])
    if hand and max(hand.values()) == lo.HAND:
        emote = lo.Emote(lo.EMOTES.index(signal))
        if emote in legal:
            return emote
    else:
        mate = lo.teammate(seat)
        for event in reversed(state.events(seat, max(0, len(state.log) - RECENT))):
            if event["type"] == "go":
                break
            if (
                event["type"] == "emote"
                and event["seat"] == mate
                and event["emote"].endswith(" " + signal)
            ):
                return lo.LightsOn()
        swap = better_swap(view, legal)
        if swap is not None:
            return swap
    if lo.NewLights() in legal:
        return lo.NewLights()
    swaps = [a for a in legal if isinstance(a, lo.Swap)]
    return swaps[rng.below(len(swaps))] if swaps else legal[0]
