"""The declared schema of jolly-christmas's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import (
    FIXED,
    TEXT,
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
    tokens,
)

JC_CARD = Record(
    id=Skip("the card's identity is its ornament, ball and light, encoded beside it"),
    ornament=Token(("ball", "bell", "gingerbread", "reindeer", "santa", "snowflake")),
    ball=Token(("blue", "gold", "red")),
    light=Token(("UL", "UR", "L", "R", "DL", "DR")),
    light_colour=Token(("blue", "green", "red", "yellow")),
)


JC_TOPPER = Record(
    id=Token(tokens("JC-T", 14)),
    number=Skip("repeats the topper's id"),
    kind=Token(("all", "balls", "cross", "letters", "lights")),
    points=Num(7),
    condition=Skip(TEXT),
)


VIEW = common(
    phase=Token(("claim", "place", "topper", "over")),
    round=Num(14, 1, clip=True),
    rounds=Skip(FIXED),
    options=Record(
        matching_lights=Flag(),
        topper_tiebreak=Token(("elf-positions", "round-order")),
        turn_limit=Skip(FIXED),
    ),
    deck=Num(90),
    discard=Seq(JC_CARD, 24),
    order_cards=Seq(
        Record(
            number=Num(6, 1),
            card=Opt(JC_CARD),
            claimed_by=Seat(),
            elf_last_round=Seat(),
        ),
        6,
    ),
    round_order=PerSeat(Num(5)),
    next_order=Seq(Seat(), 5),
    elves=PerSeat(Record(this_round=Opt(Num(6, 1)), last_round=Opt(Num(6, 1)))),
    elves_in_box=Num(3),
    trees=PerSeat(Seq(Seq(Opt(JC_CARD), 5), 4)),
    base_width=PerSeat(Num(5)),
    lights=PerSeat(Num(10)),
    toppers=PerSeat(Opt(JC_TOPPER)),
    toppers_on_table=Seq(JC_TOPPER, 6),
    toppers_in_box=Num(14),
    topper_order=Seq(Seat(), 5),
    scores=PerSeat(
        Record(
            santas=Num(30),
            reindeer=Num(30),
            gingerbread=Num(30),
            balls=Num(30),
            bells=Num(15),
            snowflakes=Num(15),
            lights=Num(10),
            topper=Num(7),
            total=Num(80),
        )
    ),
    final_scores=Flag(),
    turns=Num(200, clip=True),
)
