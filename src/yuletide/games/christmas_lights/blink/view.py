"""The declared schema of blink's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Flag, Num, PerSeat, Seat, Token, common
from yuletide.games.christmas_lights.schema import BULBS, CHARACTERS, COLOURS, PATTERN

VIEW = common(
    turn=Seat(),
    step=Token(("play", "drawn-card")),
    string=PATTERN,
    strings=Num(30),
    pattern_deck=Num(17),
    blinking=Token(COLOURS),
    may_play=Bag(COLOURS, 1),
    discard=Bag(BULBS, 8),
    deck=Num(61),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(30)),
    calls=PerSeat(Token(("open", "called"))),
    drawn=Token(BULBS),
    dealer=Seat(),
    match=Flag(),
    rounds=Num(10, clip=True),
    characters=PerSeat(Bag(CHARACTERS, 1)),
    turns=Num(300, clip=True),
)
