"""The declared schema of reindeers-nose's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Num, PerSeat, Seat, Seq, Token, common
from yuletide.games.christmas_lights.schema import COLOURS, PATTERNS

VIEW = common(
    round=Num(30, 1, clip=True),
    hand=Bag(COLOURS, 4),
    hand_sizes=PerSeat(Num(5)),
    colours=PerSeat(Token(COLOURS)),
    left_holds=Token(COLOURS),
    passed=Bag(COLOURS, 6),
    waiting=PerSeat(Num(6)),
    pointed=Seq(Seat(), 6),
    patterns=PerSeat(Bag(PATTERNS, 1)),
    next_pattern=Token(PATTERNS),
    pattern_pile=Num(18),
    actions=Num(20000, clip=True),
)
