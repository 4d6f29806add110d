"""The declared schema of wheres-that-bulb's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import (
    FIXED,
    Bag,
    Each,
    Flag,
    Num,
    Opt,
    PerSeat,
    Record,
    Seat,
    Seq,
    Skip,
    Token,
    common,
)
from yuletide.games.christmas_lights.schema import CHARACTERS, COLOURS

WTB_FACES = (*COLOURS, "bubble", "plug", "broken", *CHARACTERS)


WTB_PAIRS = (
    *COLOURS,
    "bubble",
    "plug",
    *(
        f"{a}+{b}"
        for a, b in (("santa", "mrs-claus"), ("elf-male", "elf-female"), ("reindeer", "snowman"))
    ),
    *(
        f"{b}+{a}"
        for a, b in (("santa", "mrs-claus"), ("elf-male", "elf-female"), ("reindeer", "snowman"))
    ),
)


WTB_CELLS = tuple(f"{c}{r}" for c in "abcdefghij" for r in range(1, 7))


VIEW = common(
    turn=Seat(),
    step=Token(("first-flip", "second-flip")),
    columns=Skip(FIXED),
    rows=Skip(FIXED),
    grid=Each(
        Opt(Record(face=Token(("down", "up")), card=Token(WTB_FACES), seen=Token(WTB_FACES))),
        60,
    ),
    last_turn=Seq(Record(cell=Token(WTB_CELLS), card=Token(WTB_FACES)), 2),
    pairs=PerSeat(Bag(WTB_PAIRS, 6)),
    memory_aid=Flag(),
    turns=Num(2000, clip=True),
)
