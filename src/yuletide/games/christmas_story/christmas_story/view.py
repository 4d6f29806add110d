"""The declared schema of christmas-story's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from yuletide.core.schema import (
    Bag,
    Counts,
    Flag,
    Num,
    Opt,
    PerSeat,
    Record,
    Seat,
    Seats,
    Seq,
    Skip,
    Token,
    common,
)

CS_IDENTITIES = ("decoder-pin", "bb-gun", "scut-farkus", "grover-dill", "present")


CS_LETTERS = tuple("ABCDEFGHIJKLMNO")


CS_CARD = Record(
    card=Token(CS_LETTERS),
    face_up=Flag(),
    identity=Token(CS_IDENTITIES),
    peeked=Flag(),
    tokens=Seats(),
    possible=Bag(CS_IDENTITIES, 1),
)


VIEW = common(
    turn=Seat(),
    step=Token(("turn", "lamp-turn", "declare", "answer-dare", "turn-card-up")),
    hands=PerSeat(Seq(CS_CARD, 2)),
    middle=Seq(CS_CARD, 15),
    peeked=Skip("repeats the peeked cards of hands and middle"),
    leg_lamp=Seat(),
    token_colours=Skip("the colour of each seat's tokens: cosmetic"),
    tokens_left=PerSeat(Num(15)),
    in_game=Seats(),
    out=Seats(),
    dare=Opt(
        Record(
            darer=Seat(),
            darer_card=Token(CS_LETTERS),
            dared=Seat(),
            dared_card=Token(CS_LETTERS),
        )
    ),
    deduction=Record(
        unseen_cards=Num(15),
        unaccounted=Counts(CS_IDENTITIES, 11),
        candidates=Skip("repeats each card's possible identities (hands and middle)"),
    ),
    cards_in_game=Counts(CS_IDENTITIES, 11),
    turns=Num(300, clip=True),
    ending=Token(("presents", "bully", "last-standing")),
)
