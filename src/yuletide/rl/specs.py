"""Every game's observation encoding: one :class:`~yuletide.rl.fields.Record` per game that
mirrors the game's ``view(seat)`` key by key (the view's own documentation is the game
module's docstring). Parts left out say why (:class:`~yuletide.rl.fields.Skip`).

Conventions shared by every game: seats are relative to the observer (you first);
``game``, ``players`` and ``seat`` are left out (the environment fixes them, and every
seat field is already relative to ``seat``); a ``turn_limit`` option is left out (it is
a constant of the table); the outcome encodes its status and winners only (rewards
carry the rest). Vocabularies list every value the rules can produce, in the rulebook's
order; counts are divided by the most the box holds.
"""

from __future__ import annotations

import re
from typing import Any

from .fields import (
    Bag,
    Counts,
    Each,
    EncodingError,
    Field,
    Flag,
    Keyed,
    Num,
    Opt,
    PerSeat,
    Record,
    Seat,
    SeatKeys,
    Seats,
    Seq,
    Skip,
    Slot,
    Token,
    Writer,
    tokens,
)

COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
BULBS = (*COLOURS, "bubble", "broken", "plug")
CHARACTERS = ("santa", "mrs-claus", "elf-male", "elf-female", "reindeer", "snowman")
PATTERNS = tokens("P", 18)
LIGHTS5 = Each(Token(COLOURS), 5)
PATTERN = Record(id=Token(PATTERNS), lights=LIGHTS5)

FIXED = "a constant of the table (the environment fixes it)"
TEXT = "free text that repeats structured parts of the view"
SEAT_SKIP = "the observer: every seat in the encoding is relative to it"

OUTCOME = Record(
    status=Token(("ongoing", "finished", "unfinished")),
    winners=Seats(),
    scores=Skip("rewards carry the result"),
    ranks=Skip("rewards carry the result"),
    tiebreak=Skip(TEXT),
    reason=Skip(TEXT),
    details=Skip("game-specific result details (rewards carry the result)"),
)


def common(**parts: Field) -> Record:
    """A game's view record with the parts every game shares."""
    return Record(
        game=Skip(FIXED),
        players=Skip(FIXED),
        seat=Skip(SEAT_SKIP),
        turn_limit=Skip(FIXED),
        to_act=Seats(),
        **parts,
        outcome=OUTCOME,
    )


class Tuple(Field):
    """A list whose positions mean different things (``[seller, buyer, text, ...]``)."""

    __slots__ = ("items",)

    def __init__(self, *items: Field) -> None:
        self.items = items

    def size(self, players: int) -> int:
        return sum(f.size(players) for f in self.items)

    def writer(self, players: int) -> Writer:
        plan: list[tuple[int, int, Writer]] = []
        at = 0
        for i, f in enumerate(self.items):
            n = f.size(players)
            if n:
                plan.append((i, at, f.writer(players)))
            at += n

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                for i, rel, w in plan:
                    w(value[i], buf, off + rel, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        rows: list[Slot] = []
        at = start
        for i, f in enumerate(self.items):
            rows.extend(f.rows(players, f"{path}[{i}]", at))
            at += f.size(players)
        return rows

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list) or len(value) != len(self.items):
            raise EncodingError(f"{path}: expected a list of {len(self.items)}, got {value!r}")
        for i, f in enumerate(self.items):
            f.check(value[i], players, f"{path}[{i}]")


class Indexes(Field):
    """A list of whole numbers from ``base`` to ``base + count - 1`` (card positions,
    answer numbers), multi-hot."""

    __slots__ = ("base", "count")

    def __init__(self, count: int, base: int = 1) -> None:
        self.count = count
        self.base = base

    def size(self, players: int) -> int:
        return self.count

    def writer(self, players: int) -> Writer:
        base, count = self.base, self.count

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for v in value:
                    if 0 <= v - base < count:
                        buf[off + v - base] = 1.0

        return write

    def meaning(self) -> str:
        return f"multi-hot of the numbers {self.base}..{self.base + self.count - 1}"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected a list of numbers, got {value!r}")
        for v in value:
            if type(v) is not int or not 0 <= v - self.base < self.count:
                raise EncodingError(
                    f"{path}: {v!r} is outside {self.base}..{self.base + self.count - 1}"
                )


class ByPosition(Field):
    """A list of ``[position, value]`` pairs (positions from 1): one block per position,
    a presence slot and the value."""

    __slots__ = ("item", "length")

    def __init__(self, length: int, item: Field) -> None:
        self.length = length
        self.item = item

    def size(self, players: int) -> int:
        return self.length * (1 + self.item.size(players))

    def writer(self, players: int) -> Writer:
        item, width = self.item.writer(players), 1 + self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for pos, v in value:
                    at = off + (pos - 1) * width
                    buf[at] = 1.0
                    item(v, buf, at + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = 1 + self.item.size(players)
        return [
            Slot(
                start,
                self.size(players),
                f"{path}[position]",
                f"{self.length} blocks of {width} slots, positions 1..{self.length}:"
                " 1 if listed, then:",
            ),
            *self.item.rows(players, f"{path}[position]", start + 1),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected [position, value] pairs, got {value!r}")
        for pair in value:
            if not isinstance(pair, list) or len(pair) != 2:
                raise EncodingError(f"{path}: expected a [position, value] pair, got {pair!r}")
            pos, v = pair
            if type(pos) is not int or not 1 <= pos <= self.length:
                raise EncodingError(f"{path}: position {pos!r} is outside 1..{self.length}")
            self.item.check(v, players, f"{path}[{pos}]")


_QUESTION = re.compile(
    r"^(?:same\((\d+),(\d+)\)|count\((all|[\d,{}]+?),\{([a-z,-]+)\}\) (>=|=) (\d+))$"
)


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


def _sale_statuses(players: int) -> tuple[str, ...]:
    return ("for sale", "unsold, discarded", *(f"sold to seat {s}" for s in range(players)))


# ---------------------------------------------------------------- the games

BLINK = common(
    turn=Seat(),
    step=Token(("play", "drawn-card")),
    string=PATTERN,
    strings=Num(30),
    pattern_deck=Num(17),
    blinking=Token(COLOURS),
    may_play=Bag(COLOURS, 1),
    discard=Bag(BULBS, 8),
    deck=Num(61),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(30)),
    calls=PerSeat(Token(("open", "called"))),
    drawn=Token(BULBS),
    dealer=Seat(),
    match=Flag(),
    rounds=Num(10, clip=True),
    characters=PerSeat(Bag(CHARACTERS, 1)),
    turns=Num(300, clip=True),
)

CTB_CARDS = (*BULBS, "present")
CHECK_THE_BOX = common(
    turn=Seat(),
    step=Token(("ask", "present-bonus")),
    deciding=Seat(),
    draws_left=Num(4),
    hand=Bag(CTB_CARDS, 6),
    hand_sizes=PerSeat(Num(30)),
    box=Num(60),
    sets=PerSeat(Bag(CTB_CARDS, 3)),
    set_counts=PerSeat(Num(20)),
    known=PerSeat(Keyed(CTB_CARDS, Each(Num(3), 2))),
    turns=Num(200, clip=True),
)

CL_HAND = 8
CL_ANSWERS = 32
CHRISTMAS_LIGHTS = common(
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
CHRISTMAS_STORY = common(
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

DTY_CARDS = (*BULBS, "present", *CHARACTERS)
DECK_THE_YARD = common(
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

FOL_CARDS = (*BULBS, "character")
FESTIVAL_OF_LIGHTS = common(
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


CELLS16 = tuple(f"{c}{r}" for r in range(1, 5) for c in "abcd")
CORNERS = ("a1", "d1", "a4", "d4")
JINGLE_BELL_RUN = common(
    turn=Seat(),
    step=Token(("start", "action", "take", "steal", "plug-first", "plug-second", "discard")),
    grid=Each(Token(PATTERNS), 16),
    characters=PerSeat(Token(CHARACTERS)),
    start=PerSeat(Token(CORNERS)),
    at=PerSeat(Token(CELLS16)),
    finish=PerSeat(Token(CORNERS)),
    market=Bag(BULBS, 5),
    deck=Num(61),
    discard=Counts(BULBS, 8),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(12)),
    known=SeatKeys(Bag(BULBS, 8)),
    taken=Num(2),
    swapping=Token(CELLS16),
    turns=Num(1500, clip=True),
    retreat=Flag(),
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
JOLLY_CHRISTMAS = common(
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

LO_KINDS = (*COLOURS, "bubble")
LO_EMOTES = ("bell", "candle", "cookie", "gift", "reindeer", "snowflake", "star", "tree")
LIGHTS_ON = common(
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


LOONEY_LIGHTS = common(
    turn=Seat(),
    step=Token(("play", "follow-up", "name-colour", "drawing", "play-drawn")),
    colour=Token(COLOURS),
    deck=Num(61),
    discard=Bag(BULBS, 8),
    drawn=Token(BULBS),
    hand=Bag(BULBS, 8),
    hand_sizes=PerSeat(Num(40)),
    turns=Num(1000, clip=True),
)

REINDEERS_NOSE = common(
    round=Num(30, 1, clip=True),
    hand=Bag(COLOURS, 4),
    hand_sizes=PerSeat(Num(5)),
    colours=PerSeat(Token(COLOURS)),
    left_holds=Token(COLOURS),
    passed=Bag(COLOURS, 6),
    waiting=PerSeat(Num(6)),
    pointed=Seq(Seat(), 6),
    patterns=PerSeat(Bag(PATTERNS, 1)),
    next_pattern=Token(PATTERNS),
    pattern_pile=Num(18),
    actions=Num(20000, clip=True),
)

SL_CARDS = (*BULBS, "present", "power-surge")
SOLO_LIGHTS = common(
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
TWINKLING_LIGHTS = common(
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

UNTANGLE_CARDS = (*COLOURS, "bubble", "broken")
UNTANGLE = common(
    turn=Seat(),
    step=Token(("untangle", "action", "place", "discard", "complete", "which-cards")),
    hand=Bag(UNTANGLE_CARDS, 4),
    hand_sizes=PerSeat(Num(5)),
    patterns=Seq(PATTERN, 3),
    patterns_left=PerSeat(Num(3)),
    completed=PerSeat(Bag(PATTERNS, 1)),
    knot=Seq(Token((*COLOURS, "bubble")), 18),
    locked=Opt(Each(Num(18, 1), 2)),
    placing=Token(UNTANGLE_CARDS),
    completing=Token(PATTERNS),
    discard=Counts(UNTANGLE_CARDS, 8),
    deck=Num(61),
    turns=Num(1500, clip=True),
)

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
WHERES_THAT_BULB = common(
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

#: Every game's encoding, by game id.
SPECS: dict[str, Record] = {
    "blink": BLINK,
    "check-the-box": CHECK_THE_BOX,
    "christmas-lights": CHRISTMAS_LIGHTS,
    "christmas-story": CHRISTMAS_STORY,
    "deck-the-yard": DECK_THE_YARD,
    "festival-of-lights": FESTIVAL_OF_LIGHTS,
    "jingle-bell-run": JINGLE_BELL_RUN,
    "jolly-christmas": JOLLY_CHRISTMAS,
    "lights-on": LIGHTS_ON,
    "looney-lights": LOONEY_LIGHTS,
    "reindeers-nose": REINDEERS_NOSE,
    "solo-lights": SOLO_LIGHTS,
    "twinkling-lights": TWINKLING_LIGHTS,
    "untangle": UNTANGLE,
    "wheres-that-bulb": WHERES_THAT_BULB,
}
