"""The declared schema of looney-lights's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Num, PerSeat, Seat, Token, common
from yuletide.games.christmas_lights.schema import BULBS, COLOURS

VIEW = common(
    turn=Seat(),
    step=Token(("play", "follow-up", "name-colour", "drawing", "play-drawn")),
    colour=Token(COLOURS),
    deck=Num(61),
    discard=Bag(BULBS, 8),
    drawn=Token(BULBS),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(40)),
    turns=Num(1000, clip=True),
)
