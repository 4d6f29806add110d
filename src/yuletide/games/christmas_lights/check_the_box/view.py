"""The declared schema of check-the-box's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Each, Keyed, Num, PerSeat, Seat, Token, common
from yuletide.games.christmas_lights.schema import BULBS

CTB_CARDS = (*BULBS, "present")


VIEW = common(
    turn=Seat(),
    step=Token(("ask", "present-bonus")),
    deciding=Seat(),
    draws_left=Num(4),
    hand=Bag(CTB_CARDS, 6),
    hand_sizes=PerSeat(Num(30)),
    box=Num(60),
    sets=PerSeat(Bag(CTB_CARDS, 3)),
    set_counts=PerSeat(Num(20)),
    known=PerSeat(Keyed(CTB_CARDS, Each(Num(3), 2))),
    turns=Num(200, clip=True),
)
