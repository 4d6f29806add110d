"""The declared schema of solo-lights's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import Bag, Counts, Flag, Num, Opt, Record, Seq, Token, common
from yuletide.games.christmas_lights.schema import BULBS, CHARACTERS, COLOURS, PATTERN, PATTERNS

SL_CARDS = (*BULBS, "present", "power-surge")


VIEW = common(
    step=Token(("pick-start", "play", "plug", "pick-next")),
    hand=Bag(SL_CARDS, 5),
    hand_size=Num(5),
    current=Opt(PATTERN),
    string=Seq(Token((*COLOURS, "bubble")), 5),
    open=Bag(COLOURS, 1),
    need_plug=Flag(),
    options=Seq(PATTERN, 6),
    completed=Bag(PATTERNS, 1),
    strings_to_win=Num(7),
    in_sequence=Flag(),
    deck=Num(70),
    deck_contents=Counts(SL_CARDS, 8),
    discard=Bag(SL_CARDS, 8),
    connectors=Seq(Token(("bubble", "plug")), 7),
    patterns_left=Num(18),
    characters=Record(
        face_down=Num(6),
        known_on_top=Seq(Token(CHARACTERS), 6),
        flipped=Seq(Token(CHARACTERS), 6),
        santa_at_bottom=Flag(),
        in_the_box=Bag(CHARACTERS, 1),
    ),
    power_surge=Token(("in the deck", "gone off", "not used")),
    turns=Num(200, clip=True),
)
