"""The declared schema of nim-lights' ``view(seat)``: every key the view has, what it
holds and how it is encoded for learning agents. The conformance suite checks every view
it visits against it; ``yuletide.rl`` compiles the observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Num, PerSeat, Seat, Token, common

from .rules import COLOURS, EACH, HAND

#: The most cards one place can hold: the whole box.
BOX = EACH * len(COLOURS)

VIEW = common(
    turn=Seat(),
    lit=Token(COLOURS),
    string=Bag(COLOURS, EACH),
    pile=Num(BOX - 2 * HAND - 1),
    hand_sizes=PerSeat(Num(BOX)),
    hand=Bag(COLOURS, EACH),
    passes=Num(3),
    turns=Num(200, clip=True),
)
