"""The declared schema of twinkling-lights's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import (
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
    tokens,
)

TL_TILES = tokens("TL-T", 35)


TL_BULBS = ("red", "yellow", "green", "blue", "purple")


TL_PORTS = ("N", "E", "S", "W")


TL_WIRE = Record(ports=Each(Token(TL_PORTS), 2), bulbs=Seq(Token(TL_BULBS), 2))


TL_PATTERNS = (*tokens("TL-3-", 10), *tokens("TL-4-", 4))


TL_PATTERN = Record(
    id=Token(TL_PATTERNS),
    back=Token(("green", "red")),
    lights=Seq(Token(TL_BULBS), 4),
)


TL_CELL = Each(Num(9, -9), 2)


VIEW = common(
    turn=Seat(),
    step=Token(("column", "row", "rotate", "score", "received-broken-wire", "last-tile")),
    board=Seq(
        Record(
            cell=TL_CELL,
            tile=Token(TL_TILES),
            kind=Token(("standard", "plus", "broken-wire")),
            layout=Token(("-", "C", "X")),
            rotation=Token((0, 90, 180, 270)),
            wires=Seq(TL_WIRE, 2),
            covers=Bag(TL_TILES, 1),
        ),
        36,
    ),
    strands=Skip("computed from the board: which wires of neighbouring tiles join"),
    hand_tile=Opt(
        Record(
            tile=Token(TL_TILES),
            kind=Token(("standard", "plus", "broken-wire")),
            layout=Token(("-", "C", "X")),
            wires=Seq(TL_WIRE, 2),
        )
    ),
    tile_in_hand=Flag(),
    target=Opt(Seq(Num(9, -9), 2)),
    stack=Num(35),
    patterns=Seq(TL_PATTERN, 3),
    pattern_backs=PerSeat(Bag(("green", "red"), 3)),
    scored=PerSeat(Seq(TL_PATTERN, 6)),
    can_score=Bag(TL_PATTERNS, 1),
    broken_wire_held=PerSeat(Flag()),
    turns=Num(100, clip=True),
)
