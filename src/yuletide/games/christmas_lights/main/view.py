"""The declared schema of christmas-lights's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

import re
from typing import Any

from yuletide.core.schema import (
    Bag,
    ByPosition,
    Each,
    EncodingError,
    Field,
    Flag,
    Indexes,
    Num,
    Opt,
    PerSeat,
    Record,
    Seat,
    Seats,
    Seq,
    Skip,
    Token,
    Tuple,
    Writer,
    common,
)
from yuletide.games.christmas_lights.schema import BULBS, CHARACTERS, COLOURS, LIGHTS5, PATTERNS

_QUESTION = re.compile(
    r"^(?:same\((\d+),(\d+)\)|count\((all|[\d,{}]+?),\{([a-z,-]+)\}\) (>=|=) (\d+))$"
)


def _sale_statuses(players: int) -> tuple[str, ...]:
    return ("for sale", "unsold, discarded", *(f"sold to seat {s}" for s in range(players)))


class Question(Field):
    """A Christmas Lights question in the M10 notation (``count({1,3},{red,plug}) >= 1``,
    ``count(all,{plug}) = 0``, ``same(2,4)``), parsed into: type (count, same), the
    positions it is about (all, 1..7), the kinds it counts, the relation (>=, =) and
    the number k / 7."""

    __slots__ = ()

    SIZE = 2 + 8 + len(BULBS) + 2 + 1

    def size(self, players: int) -> int:
        return self.SIZE

    def writer(self, players: int) -> Writer:
        kind = {k: i for i, k in enumerate(BULBS)}

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is None:
                return
            m = _QUESTION.match(value)
            if m is None:
                return
            if m.group(1) is not None:
                buf[off + 1] = 1.0
                buf[off + 2 + int(m.group(1))] = 1.0
                buf[off + 2 + int(m.group(2))] = 1.0
                return
            buf[off] = 1.0
            where = m.group(3)
            if where == "all":
                buf[off + 2] = 1.0
            else:
                for p in where.strip("{}").split(","):
                    buf[off + 2 + int(p)] = 1.0
            for k in m.group(4).split(","):
                buf[off + 10 + kind[k]] = 1.0
            buf[off + 19 + (0 if m.group(5) == ">=" else 1)] = 1.0
            k = int(m.group(6))
            if k:
                buf[off + 21] = min(1.0, k / 7)

        return write

    def meaning(self) -> str:
        return (
            "type (count, same), positions (all, 1..7), kinds (" + ", ".join(BULBS) + "),"
            " relation (>=, =), k / 7"
        )

    def check(self, value: Any, players: int, path: str) -> None:
        if value is not None and (not isinstance(value, str) or not _QUESTION.match(value)):
            raise EncodingError(f"{path}: {value!r} is not a question in the M10 notation")


class _PositionsOrAll(Field):
    """A question's positions: ``"all"`` or a list of positions 1..7 (8 slots)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return 8

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value == "all":
                buf[off] = 1.0
            elif value:
                for p in value:
                    buf[off + p] = 1.0

        return write

    def meaning(self) -> str:
        return "multi-hot: all, positions 1..7"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None or value == "all":
            return
        Indexes(7).check(value, players, path)


class _SoldTo(Field):
    """A sale card's status: for sale, unsold, or sold to a seat (relative one-hot)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return 2 + players

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value == "for sale":
                buf[off] = 1.0
            elif value == "unsold, discarded":
                buf[off + 1] = 1.0
            elif value:
                buf[off + 2 + (int(value.rsplit(" ", 1)[1]) - me) % players] = 1.0

        return write

    def meaning(self) -> str:
        return "one-hot: for sale, unsold and discarded, sold to seat (relative: you first)"

    def check(self, value: Any, players: int, path: str) -> None:
        if value not in _sale_statuses(players):
            raise EncodingError(f"{path}: {value!r} is not a sale status")


CL_HAND = 8


CL_ANSWERS = 32


VIEW = common(
    turn=Seat(),
    turns=Num(300, clip=True),
    step=Token(
        (
            "play",
            "play-target",
            "swap",
            "swap-seat",
            "swap-card",
            "sale",
            "sale-offer",
            "question-positions",
            "question-kinds",
            "question-relation",
            "question-number",
            "question-pair-first",
            "question-pair-second",
            "buyer",
            "event",
            "next-step",
            "over",
        )
    ),
    phase=Skip("repeats step (the rulebook's name of its part of the turn)"),
    plays=Num(2),
    santa=Seat(),
    final_round=Flag(),
    deck=Num(61),
    discard=Each(Num(8), len(BULBS)),
    discard_top=Token(BULBS),
    event_deck=Num(6),
    events_used=Bag(
        (
            "light-switch",
            "power-surge",
            "power-outage",
            "christmas-eve",
            "lump-of-coal",
            "boxing-day",
        ),
        1,
    ),
    hands=PerSeat(
        Record(
            cards=Seq(Token(BULBS), CL_HAND),
            marks=ByPosition(CL_HAND, Token(("sideways", "upside-down", "raised"))),
            known=Indexes(CL_HAND),
            answers=ByPosition(CL_HAND, Indexes(CL_ANSWERS)),
        )
    ),
    seats=PerSeat(
        Record(
            character=Token(CHARACTERS),
            string=Seq(Token(BULBS), 5),
            plug=Token(("due", "placed")),
            patterns=Each(Opt(Tuple(Token(PATTERNS), LIGHTS5)), 2),
            completed=Seq(Tuple(Token(PATTERNS), Token(("left", "right"))), 4),
            committed=Flag(),
            misses=Each(Bag(COLOURS, 1), 5),
            used=Each(Num(5), 2),
            commitment=Opt(
                Record(
                    pattern=Token((1, 2)),
                    end=Token(("left", "right")),
                    needs=Seq(Token(COLOURS), 5),
                )
            ),
            targets=Bag(("advance", "fix 1", "fix 2", "fix 3", "fix 4", "fix 5"), 1),
        )
    ),
    answers=Seq(
        Tuple(Seat(), Seat(), Question(), Flag(), Bag(BULBS, 7)),
        CL_ANSWERS,
    ),
    free_actions_left=Num(20),
    free_action=Token(
        (
            "mark none",
            "mark sideways",
            "mark upside-down",
            "mark raised",
            "move first",
            "move last",
            "move left",
            "move right",
        )
    ),
    playing=Opt(Num(CL_HAND, 1)),
    swap=Opt(Record(card=Num(CL_HAND, 1), seat=Seat())),
    sale=Opt(
        Record(
            seller=Seat(),
            cards=Seq(Tuple(Token(BULBS), _SoldTo()), 2),
            current=Num(2, 1),
            may_lay_another=Flag(),
            offered=Seats(),
            buyer=Seat(),
            question=Opt(
                Record(
                    type=Token(("count", "same")),
                    positions=_PositionsOrAll(),
                    kinds=Bag(BULBS, 1),
                    relation=Token((">=", "=")),
                    text=Skip("repeats the structured question"),
                )
            ),
        )
    ),
    event=Opt(
        Record(
            event=Token(("christmas-eve", "boxing-day", "light-switch")),
            asked=Seats(),
            decided=Seats(),
            waiting=Seats(),
            my_choice=Token(("none", "draw 1", *(f"card {i}" for i in range(1, CL_HAND + 1)))),
        )
    ),
)
