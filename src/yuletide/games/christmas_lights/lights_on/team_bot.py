"""A Lights On bot that plays on purpose, so races between teams mean something.

The random bot calls Lights ON / OFF at random and a false call costs its team a Broken
Bulb, so a fast random team loses; this bot shows what speed is worth when play is
sensible. It keeps its most common kind, takes that kind from the Market, sends its
team's signal once it holds four identical bulbs and then waits, says Lights ON when its
teammate has sent the signal this round, asks for new lights when the Market has nothing
for it, and never says Lights OFF. It decides from its SeatWindow only; on other games it
plays a seeded random legal action.
"""

from __future__ import annotations

from collections import Counter

from yuletide.bots.base import ReactionTime, SeatWindow, level_reaction
from yuletide.core.rng import Rng
from yuletide.core.state import Action
from yuletide.games.christmas_lights.lights_on import rules as lo


class LightsOnTeamBot:
    """``lights-on-team``: see the module docstring. It reacts like a typical adult
    (``medium``'s reaction time, ``bots.base.LEVEL_REACTIONS``) unless given ``reaction``."""

    name = "lights-on-team"

    def __init__(self, seed: int, reaction: ReactionTime | None = None) -> None:
        self.rng = Rng(seed)
        self.reaction = reaction or level_reaction("medium")
        self.seen = 0
        self.mate_sent = self.mine_sent = False

    def act(self, window: SeatWindow) -> Action | None:
        legal = window.legal_actions()
        if window.game_id != lo.LightsOnGame.game_id:
            return legal[self.rng.below(len(legal))]
        seat, mate = window.seat, (window.seat + 2) % 4
        view = window.view()
        signal = view["signal"]
        new = window.events(self.seen)
        self.seen += len(new)
        for event in new:
            if event["type"] == "go":
                self.mate_sent = self.mine_sent = False
            elif event["type"] == "emote" and signal and event["emote"].endswith(" " + signal):
                self.mate_sent |= event["seat"] == mate
                self.mine_sent |= event["seat"] == seat
        if view["phase"] == "signal":
            return legal[self.rng.below(len(legal))]
        if self.mate_sent:
            return lo.LightsOn()
        hand = Counter(view["hand"])
        _, count = hand.most_common(1)[0]
        if count == 4:
            if not self.mine_sent and view["may_emote"][seat]:
                return lo.Emote(lo.EMOTES.index(signal))
            return None
        market = Counter(view["market"])
        best = [k for k, c in hand.items() if c == count]
        kind = next((k for k in best if market[k]), best[0])
        if market[kind] and self.rng.random() < 0.9:
            give = min((k for k in hand if k != kind), key=lambda k: hand[k])
            return lo.Swap(lo.KIND_ID[give], lo.KIND_ID[kind])
        swaps = [a for a in legal if isinstance(a, lo.Swap)]
        if swaps and self.rng.random() < 0.3:
            return swaps[self.rng.below(len(swaps))]
        if seat not in view["votes"]:
            return lo.NewLights()
        return None
