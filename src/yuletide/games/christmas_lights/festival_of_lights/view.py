"""The declared schema of festival-of-lights's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from typing import Any

from yuletide.core.schema import (
    Bag,
    Counts,
    EncodingError,
    Field,
    Num,
    Opt,
    PerSeat,
    Seats,
    Skip,
    Token,
    Writer,
    common,
)
from yuletide.games.christmas_lights.schema import BULBS, COLOURS, PATTERN


class _CountOrColours(Field):
    """Bubbles assigned: a number while secret, the colours once revealed (7 slots)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return 1 + len(COLOURS)

    def writer(self, players: int) -> Writer:
        index = {c: i for i, c in enumerate(COLOURS)}

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if isinstance(value, dict):
                total = 0
                for k, c in value.items():
                    buf[off + 1 + index[k]] = min(1.0, c / 6)
                    total += c
                buf[off] = min(1.0, total / 6)
            elif value:
                buf[off] = min(1.0, value / 6)

        return write

    def meaning(self) -> str:
        return "number assigned / 6, then per colour / 6 once revealed: " + ", ".join(COLOURS)

    def check(self, value: Any, players: int, path: str) -> None:
        if isinstance(value, dict):
            Counts(COLOURS, 6).check(value, players, path)
        elif value is not None and (type(value) is not int or not 0 <= value <= 6):
            raise EncodingError(f"{path}: expected a count or colours, got {value!r}")


FOL_CARDS = (*BULBS, "character")


VIEW = common(
    round=Num(8, 1, clip=True),
    phase=Token(("choose", "resolve", "broken-bulbs", "assign-bubbles", "over")),
    patterns=PerSeat(PATTERN),
    hand=Bag(FOL_CARDS, 9),
    choice=Token(FOL_CARDS),
    hands_seen=PerSeat(Opt(Bag(FOL_CARDS, 9))),
    hand_sizes=PerSeat(Num(9)),
    revealed=PerSeat(Token(FOL_CARDS)),
    pending=PerSeat(Token(("", "place a Character card", "take with a Plug"))),
    broken_bulb_deciders=Seats(),
    your_broken_bulb_decision=Token(("use broken", "keep broken")),
    piles=PerSeat(Counts(COLOURS, 8)),
    characters=PerSeat(Counts(COLOURS, 3)),
    bubbles_under_pattern=PerSeat(Num(6)),
    bubbles_assigned=PerSeat(_CountOrColours()),
    your_bubbles_assigned=Opt(Counts(COLOURS, 6)),
    broken_bulbs_kept=PerSeat(Num(5)),
    loose=PerSeat(Bag(FOL_CARDS, 6)),
    middle=Bag(FOL_CARDS, 8),
    box_face_up=Bag(FOL_CARDS, 8),
    box_face_down=Num(70),
    scores=PerSeat(Num(40)),
    cards=Skip("the final card counts of a finished game (rewards carry the result)"),
    actions=Num(100, clip=True),
)
