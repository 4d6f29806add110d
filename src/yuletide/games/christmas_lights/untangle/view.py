"""The declared schema of untangle's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Counts, Each, Num, Opt, PerSeat, Seat, Seq, Token, common
from yuletide.games.christmas_lights.schema import COLOURS, PATTERN, PATTERNS

from .rules import MAX_KNOT

UNTANGLE_CARDS = (*COLOURS, "bubble", "broken")


VIEW = common(
    turn=Seat(),
    step=Token(("untangle", "action", "place", "discard", "complete", "which-cards")),
    hand=Bag(UNTANGLE_CARDS, 4),
    hand_sizes=PerSeat(Num(5)),
    patterns=Seq(PATTERN, 3),
    patterns_left=PerSeat(Num(3)),
    completed=PerSeat(Bag(PATTERNS, 1)),
    # A knot played on at its ends can grow past ten, up to every plain and Bubble Bulb
    # of the box; the first 18 cards are encoded.
    knot=Seq(Token((*COLOURS, "bubble")), 18, most=MAX_KNOT),
    locked=Opt(Each(Num(18, 1, clip=True), 2)),  # positions in the knot (see knot)
    placing=Token(UNTANGLE_CARDS),
    completing=Token(PATTERNS),
    discard=Counts(UNTANGLE_CARDS, 8),
    deck=Num(61),
    turns=Num(1500, clip=True),
)
