"""The declared schema of deck-the-yard's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Counts, Flag, Num, Opt, Seq, Token, common
from yuletide.games.christmas_lights.schema import BULBS, CHARACTERS, COLOURS, PATTERN, PATTERNS

DTY_CARDS = (*BULBS, "present", *CHARACTERS)


VIEW = common(
    step=Token(("play", "plug-decision", "last-hand")),
    pending=Token(("broken", "present", *CHARACTERS)),
    hand=Bag(DTY_CARDS, 5),
    hand_size=Num(5),
    patterns=Seq(PATTERN, 2),
    current=Opt(PATTERN),
    string=Seq(Token((*COLOURS, "bubble")), 5),
    next=Token(COLOURS),
    claimed_patterns=Bag(PATTERNS, 1),
    claimed_characters=Bag(CHARACTERS, 1),
    claims=Num(10),
    target=Num(10),
    deck=Num(80),
    deck_contents=Counts(DTY_CARDS, 8),
    discard=Bag(DTY_CARDS, 8),
    aside=Bag(DTY_CARDS, 8),
    surging=Flag(),
    last_hand=Flag(),
    patterns_left=Num(18),
    turns=Num(100, clip=True),
)
