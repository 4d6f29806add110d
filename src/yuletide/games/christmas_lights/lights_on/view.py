"""The declared schema of lights-on's ``view(seat)``: every key the view has, what it holds
and how it is encoded for learning agents (each part left out says why). The
conformance suite checks every view it visits against it; ``yuletide.rl`` compiles
its observation encoding from it."""

from __future__ import annotations

from typing import Any

from yuletide.core.schema import (
    Bag,
    EncodingError,
    Field,
    Flag,
    Num,
    Opt,
    PerSeat,
    Seats,
    Skip,
    Slot,
    Token,
    Writer,
    common,
)
from yuletide.games.christmas_lights.schema import COLOURS


class _Teams(Field):
    """A pair indexed by team (team 0: seats 0 and 2), your team first."""

    __slots__ = ("item",)

    def __init__(self, item: Field) -> None:
        self.item = item

    def size(self, players: int) -> int:
        return 2 * self.item.size(players)

    def writer(self, players: int) -> Writer:
        item, width = self.item.writer(players), self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for t, v in enumerate(value):
                    item(v, buf, off + ((t - me) % 2) * width, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        return [
            Slot(start, self.size(players), f"{path}[team]", "2 blocks: your team, the other"),
            *self.item.rows(players, f"{path}[team]", start),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise EncodingError(f"{path}: expected a pair by team, got {value!r}")
        for t, v in enumerate(value):
            self.item.check(v, players, f"{path}[{t}]")


LO_KINDS = (*COLOURS, "bubble")


LO_EMOTES = ("bell", "candle", "cookie", "gift", "reindeer", "snowflake", "star", "tree")


VIEW = common(
    team=Skip("your team: seats 0 and 2, 1 and 3 (relative seats 0 and 2 are your team)"),
    teams=Skip("the fixed teams (see team)"),
    phase=Token(("signal", "play")),
    round=Num(10, 1, clip=True),
    signal=Token(LO_EMOTES),
    signal_chosen=_Teams(Flag()),
    hand=Opt(Bag(LO_KINDS, 4)),
    known=PerSeat(Bag(LO_KINDS, 4)),
    market=Bag(LO_KINDS, 4),
    may_emote=PerSeat(Flag()),
    votes=Seats(),
    broken_bulbs=_Teams(Num(3)),
    plugs=_Teams(Num(3)),
    deck=Num(28),
    discard=Bag(LO_KINDS, 4),
    actions=Num(200, clip=True),
)
