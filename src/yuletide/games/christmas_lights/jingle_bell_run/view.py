"""The declared schema of jingle-bell-run's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import (
    Bag,
    Counts,
    Each,
    Flag,
    Num,
    PerSeat,
    Seat,
    SeatKeys,
    Token,
    common,
)
from yuletide.games.christmas_lights.schema import BULBS, CHARACTERS, PATTERNS

CELLS16 = tuple(f"{c}{r}" for r in range(1, 5) for c in "abcd")


CORNERS = ("a1", "d1", "a4", "d4")


VIEW = common(
    turn=Seat(),
    step=Token(("start", "action", "take", "steal", "plug-first", "plug-second", "discard")),
    grid=Each(Token(PATTERNS), 16),
    characters=PerSeat(Token(CHARACTERS)),
    start=PerSeat(Token(CORNERS)),
    at=PerSeat(Token(CELLS16)),
    finish=PerSeat(Token(CORNERS)),
    market=Bag(BULBS, 5),
    deck=Num(61),
    discard=Counts(BULBS, 8),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(12)),
    known=SeatKeys(Bag(BULBS, 8)),
    taken=Num(2),
    swapping=Token(CELLS16),
    turns=Num(1500, clip=True),
    retreat=Flag(),
)
