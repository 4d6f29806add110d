"""The Lights On bot of the levels (issue 15): today's team bot, bettered.

It plays as :class:`.team_bot.LightsOnTeamBot` does (collect the most
common kind, signal four identical bulbs, say Lights ON on the teammate's signal, never a
blind Lights OFF) and adds what the public swaps tell: every swap is seen, so the view
lists the cards everyone *knows* each player holds (taken from the Market and not given
back). Four identical bulbs known in a hand are a certainty, not a guess.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import SEEN, Action, State
from yuletide.games.christmas_lights.lights_on import rules as lo
from yuletide.games.christmas_lights.lights_on.team_bot import LightsOnTeamBot

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
    action. ``reaction`` is how fast it acts (the match runner and the server draw the
    times): a typical adult's by default, as the ``medium`` level it is.
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


# ------------------------------------------------------------------ search policy
#
# ``rollout`` and ``evaluate`` run for every simulated action of ``hard``'s search, on
# determinized worlds: they read the world's fields (count lists per kind) instead of
# building the view, and decide as the view-based policy did (tests/bots/
# test_lights_on.py keeps that policy and checks they agree). A seat reads only what
# its view shows: its own hand, the Market, the cards known from the swaps, its team's
# signal, the votes and emote flags, the score, and the public events.

_SIGNALS = tuple(lo.ChooseSignal(e) for e in range(len(lo.EMOTES)))
_SWAPS = tuple(tuple(lo.Swap(g, t) for t in range(lo.N_KINDS)) for g in range(lo.N_KINDS))
_EMOTES = tuple(lo.Emote(e) for e in range(len(lo.EMOTES)))
_NEW_LIGHTS = lo.NewLights()
_LIGHTS_ON = lo.LightsOn()
_LIGHTS_OFF = tuple(lo.LightsOff(s) for s in range(4))
_KINDS = range(lo.N_KINDS)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat``'s team stands, in [0, 1], from the public score: three Plugs win
    and three Broken Bulbs lose, so each team's distance to either counts; 1 or 0 once
    over."""
    world = cast(lo.LightsOnGame, state)
    if world.winner >= 0:
        return 1.0 if seat % 2 == world.winner else 0.0
    if world.actions >= world.turn_limit:
        return 1.0 if seat in state.outcome.winners else 0.0  # unfinished: no winners
    plugs, broken = world.plugs, world.brokens
    mine, theirs = seat % 2, 1 - seat % 2
    margin = (plugs[mine] - broken[mine]) - (plugs[theirs] - broken[theirs])
    return min(1.0, max(0.0, 0.5 + margin / 12.0))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast rollout policy from the world's public fields, ``seat``'s own hand and the
    latest events: a certain call; with four identical bulbs, the team's signal (or a
    vote, or, with neither left, any swap: a rollout must act); Lights ON when the
    teammate sent the signal among the latest events; else a swap towards four of a
    kind, a vote for new lights or a random swap. ``state`` must be a live Lights On
    game with ``seat`` to act."""
    world = cast(lo.LightsOnGame, state)
    if world.phase == lo.SIGNAL:
        return _SIGNALS[rng.below(len(_SIGNALS))]  # only seats still to choose act
    # A hand holds four cards: four of a kind (known or held) is a count of HAND.
    known = world.known
    left, mate, right = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    if lo.HAND in known[left]:
        return _LIGHTS_OFF[left]
    if lo.HAND in known[right]:
        return _LIGHTS_OFF[right]
    if lo.HAND in known[mate]:
        return _LIGHTS_ON
    signal = world.signals[seat % 2]
    if lo.HAND in world.hands[seat]:
        if not world.emoted[seat]:
            return _EMOTES[signal]
    else:
        if _mate_signalled(world, seat, mate, signal):
            return _LIGHTS_ON
        swap = _better_swap(world, seat)
        if swap is not None:
            return swap
    if not world.votes[seat]:
        return _NEW_LIGHTS
    return _random_swap(world, seat, rng)


def _mate_signalled(world: lo.LightsOnGame, seat: int, mate: int, signal: int) -> bool:
    """Whether the teammate sent the team's signal among the latest :data:`RECENT`
    events since the last "go". Emotes and "go" are public: the raw entries are read
    directly, the frozen ones (a determinized world's history) as ``seat`` saw them."""
    recent = world.log[-RECENT:]
    if recent[0][0] != SEEN:  # frozen entries come first: these are all raw
        sent = ("emote", mate, signal)
        if sent not in recent:
            return False
        recent.reverse()
        return all(entry[0] != "go" for entry in recent[: recent.index(sent)])
    name = " " + lo.EMOTES[signal]
    for entry in reversed(recent):
        kind = entry[0]
        if kind == "go":
            return False
        if kind == "emote":
            if entry[1] == mate and entry[2] == signal:
                return True
        elif kind == SEEN:
            mine = entry[2]
            text: str = mine if mine is not None and seat == entry[1] else entry[3]
            if '"go"' not in text and '"emote"' not in text:
                continue  # neither a "go" nor an emote (the JSON names its type)
            event = json.loads(text)
            if event["type"] == "go":
                return False
            if event["type"] == "emote" and event["seat"] == mate and event["emote"].endswith(name):
                return True
    return False


def _better_swap(world: lo.LightsOnGame, seat: int) -> Action | None:
    """:func:`better_swap` on the world's count lists (``seat``'s hand holds no four
    identical bulbs): collect the most held kind in the Market with the most copies not
    known elsewhere, give the least held kind the other team is not known to collect."""
    hand, market, known = world.hands[seat], world.market, world.known
    top = max(hand)
    others = [known[s] for s in range(4) if s != seat]
    kind = -1
    free = -1
    for k in _KINDS:
        if hand[k] == top and market[k]:
            left = lo.EACH - others[0][k] - others[1][k] - others[2][k]
            if left > free:  # ties go to the lowest kind, as better_swap's key does
                kind, free = k, left
    if free < lo.HAND:  # none in the Market (-1), or not four copies left
        return None
    a, b = known[(seat + 1) % 4], known[(seat + 3) % 4]
    give = -1
    best = (lo.HAND, 0)
    for k in _KINDS:
        held = hand[k]
        if held and k != kind and (held, a[k] + b[k]) < best:  # ties: the lowest kind
            give, best = k, (held, a[k] + b[k])
    return _SWAPS[give][kind]


def _random_swap(world: lo.LightsOnGame, seat: int, rng: Rng) -> Action:
    """A uniformly random swap, drawn as from the swaps of ``legal_actions`` (in their
    order); without one, ``legal_actions``' first action (it has voted)."""
    hand, market = world.hands[seat], world.market
    takes = [t for t in _KINDS if market[t]]
    swaps = [_SWAPS[g][t] for g in _KINDS if hand[g] for t in takes if t != g]
    if swaps:
        return swaps[rng.below(len(swaps))]
    return _LIGHTS_ON if world.emoted[seat] else _EMOTES[0]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(
    HeuristicBot, rollout=rollout, evaluate=evaluate, named={"lights-on-team": LightsOnTeamBot}
)
