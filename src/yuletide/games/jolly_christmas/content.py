"""The Jolly Christmas box as data, validated when loaded.

Its components are described in docs/rules/jolly-christmas.md.

The data ships as ``content.json`` beside this module and is read once at import (the
one file the rules read: package data, not the world). A player who owns the real box
can pass their own data to :func:`parse_content`, which checks it the same way: every
decoration card shows one ornament and one half-light; every tree-topper is one of the
five kinds the rulebook describes, with a condition that can be met on the 5-4-3-2 tree.

Every name below is an index used everywhere in the rules (ornament 0 is Santa, side 0
is L, ...): the data file must use exactly these vocabularies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: The six ornament types (rulebook, "Ornament Cards"); Christmas balls are one type.
ORNAMENTS: tuple[str, ...] = ("santa", "ball", "bell", "gingerbread", "reindeer", "snowflake")
SANTA, BALL, BELL, GINGERBREAD, REINDEER, SNOWFLAKE = range(6)
#: The ornament types for people (the ids above are for data and notation).
ORNAMENT_NAMES: tuple[str, ...] = (
    "Santa",
    "Christmas ball",
    "bell",
    "gingerbread man",
    "reindeer",
    "snowflake",
)
#: The three Christmas-ball colours (gold is ours: docs/rules/jolly-christmas.md, Components).
BALL_COLOURS: tuple[str, ...] = ("red", "blue", "gold")
#: The six sides a half-light can sit on (docs/rules/jolly-christmas.md, Components).
SIDES: tuple[str, ...] = ("L", "R", "UL", "UR", "DL", "DR")
#: Light colours: cosmetic unless the matching-colours option is on (ruling J5).
LIGHT_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
#: The five kinds of tree-topper (rulebook, "Tree-topper Cards").
TOPPER_KINDS: tuple[str, ...] = ("letters", "balls", "cross", "lights", "all")
LETTERS, BALLS, CROSS, LIGHTS, ALL = range(5)
#: Cards per row of the tree, base first: the 5-4-3-2 shape (rulebook, "Size of the tree").
ROW_WIDTHS: tuple[int, ...] = (5, 4, 3, 2)
#: Rounds in a game; every round uses one decoration card per order card.
ROUNDS = 14

#: A letter (two for balls) per ornament and per ball colour, so that no colour is ever
#: the only cue (colour-blind players); used by the terminal rendering.
ORNAMENT_CODES: tuple[str, ...] = ("SA", "BA", "BE", "GI", "RE", "SN")
BALL_CODES: tuple[str, ...] = ("r", "b", "g")
LIGHT_CODES: tuple[str, ...] = ("r", "y", "g", "b")


class ContentError(ValueError):
    """Box data that breaks a rule of the box; says which."""


@dataclass(frozen=True, slots=True)
class Decoration:
    """One decoration card: an ornament (a ball has a colour, else -1) and a half-light."""

    id: str
    ornament: int
    ball: int
    side: int
    light: int


@dataclass(frozen=True, slots=True)
class Topper:
    """One tree-topper card. Which fields matter depends on ``kind``:

    letters: ``row`` (1-4) and ``pattern`` (one letter per card of that row);
    balls: ``same_colour`` (balls of one colour needed); cross: ``ornament`` (absent);
    lights: ``pairs`` (positions ``(row, index)`` joined by complete lights); all: none.
    """

    id: str
    kind: int
    points: int
    row: int = 0
    pattern: str = ""
    same_colour: int = 0
    ornament: int = -1
    pairs: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    status: str = "ours"

    def describe(self) -> str:
        """The condition in words (views and the terminal)."""
        if self.kind == LETTERS:
            return f"row {self.row} reads {' '.join(self.pattern)}"
        if self.kind == BALLS:
            return f"at least {self.same_colour} Christmas balls of one colour"
        if self.kind == CROSS:
            return f"no {ORNAMENT_NAMES[self.ornament]} in the tree"
        if self.kind == LIGHTS:
            return "complete lights at " + " and ".join(
                f"{a[0]}.{a[1]}-{b[0]}.{b[1]}" for a, b in self.pairs
            )
        return "all six ornament types in the tree"


@dataclass(frozen=True, slots=True)
class Content:
    decorations: tuple[Decoration, ...]
    toppers: tuple[Topper, ...]
    elves: int
    order_cards: int


def neighbours(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two tree positions touch (the six hex-style neighbours, ruling J3)."""
    (r, i), (s, j) = a, b
    if r == s:
        return abs(i - j) == 1
    if s == r + 1:
        return j in (i - 1, i)
    if s == r - 1:
        return j in (i, i + 1)
    return False


def _position(value: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int for v in value)
        or not 1 <= value[0] <= len(ROW_WIDTHS)
        or not 1 <= value[1] <= ROW_WIDTHS[value[0] - 1]
    ):
        raise ContentError(
            f"{where}: a position is [row, index] with row 1-4 and index 1 to the row's"
            f" width (5, 4, 3, 2), got {value!r}"
        )
    return (value[0], value[1])


def _vocabulary(data: dict[str, Any], key: str, expected: tuple[str, ...]) -> None:
    if data.get(key, list(expected)) != list(expected):
        raise ContentError(f"{key} must be exactly {list(expected)} (the rules index them)")


def _index(value: Any, names: tuple[str, ...], what: str, where: str) -> int:
    if value not in names:
        raise ContentError(f"{where}: {what} must be one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def _decoration(raw: Any) -> Decoration:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise ContentError(f"a decoration card must be an object with a text id, got {raw!r}")
    where = f"decoration {raw['id']}"
    ornament = _index(raw.get("ornament"), ORNAMENTS, "ornament", where)
    if ornament == BALL:
        ball = _index(raw.get("ball"), BALL_COLOURS, "a Christmas ball's colour", where)
    elif "ball" in raw:
        raise ContentError(f"{where}: only Christmas balls have a ball colour")
    else:
        ball = -1
    side = _index(raw.get("light"), SIDES, "the half-light side", where)
    light = _index(raw.get("light_colour"), LIGHT_COLOURS, "the light colour", where)
    return Decoration(raw["id"], ornament, ball, side, light)


def _topper(raw: Any) -> Topper:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise ContentError(f"a tree-topper must be an object with a text id, got {raw!r}")
    where = f"tree-topper {raw['id']}"
    kind = _index(raw.get("kind"), TOPPER_KINDS, "kind", where)
    points = raw.get("points")
    if type(points) is not int or points < 0:
        raise ContentError(f"{where}: points must be a whole number >= 0, got {points!r}")
    status = str(raw.get("status", "ours"))
    if kind == LETTERS:
        row, pattern = raw.get("row"), raw.get("pattern")
        if type(row) is not int or not 1 <= row <= len(ROW_WIDTHS):
            raise ContentError(f"{where}: row must be 1 to 4, got {row!r}")
        width = ROW_WIDTHS[row - 1]
        if (
            not isinstance(pattern, str)
            or len(pattern) != width
            or not all("A" <= ch <= "Z" for ch in pattern)
        ):
            raise ContentError(
                f"{where}: pattern must be {width} capital letters, one per card of row {row}"
            )
        if len(set(pattern)) > len(ORNAMENTS):
            raise ContentError(f"{where}: more different letters than ornament types")
        return Topper(raw["id"], kind, points, row=row, pattern=pattern, status=status)
    if kind == BALLS:
        need = raw.get("same_colour")
        if type(need) is not int or need < 1:
            raise ContentError(f"{where}: same_colour must be a whole number >= 1")
        return Topper(raw["id"], kind, points, same_colour=need, status=status)
    if kind == CROSS:
        ornament = _index(raw.get("ornament"), ORNAMENTS, "the crossed ornament", where)
        return Topper(raw["id"], kind, points, ornament=ornament, status=status)
    if kind == LIGHTS:
        pairs = raw.get("pairs")
        if not isinstance(pairs, list) or not pairs:
            raise ContentError(f"{where}: pairs must list the positions the lights join")
        out = []
        for pair in pairs:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ContentError(f"{where}: each light joins two positions, got {pair!r}")
            a, b = _position(pair[0], where), _position(pair[1], where)
            if not neighbours(a, b):
                raise ContentError(f"{where}: {a} and {b} are not neighbours, no light joins them")
            out.append((a, b))
        return Topper(raw["id"], kind, points, pairs=tuple(out), status=status)
    return Topper(raw["id"], kind, points, status=status)


def parse_content(data: Any) -> Content:
    """Validated Jolly Christmas box data, or ContentError naming the broken rule."""
    if not isinstance(data, dict):
        raise ContentError("box data must be a JSON object")
    _vocabulary(data, "ornaments", ORNAMENTS)
    _vocabulary(data, "ball_colours", BALL_COLOURS)
    _vocabulary(data, "light_sides", SIDES)
    _vocabulary(data, "light_colours", LIGHT_COLOURS)
    elves, order_cards = data.get("elves"), data.get("order_cards")
    if type(elves) is not int or elves < 2:
        raise ContentError("elves must be a whole number >= 2 (one per player)")
    if order_cards != elves + 1:
        raise ContentError("there must be one order card more than elves (players plus one)")
    raw_decorations, raw_toppers = data.get("decorations"), data.get("toppers")
    if not isinstance(raw_decorations, list) or not isinstance(raw_toppers, list):
        raise ContentError("decorations and toppers must be lists")
    decorations = tuple(_decoration(d) for d in raw_decorations)
    toppers = tuple(_topper(t) for t in raw_toppers)
    need = ROUNDS * order_cards
    if len(decorations) < need:
        raise ContentError(
            f"{len(decorations)} decoration cards are too few: {ROUNDS} rounds with"
            f" {elves} players use {need}"
        )
    if len(toppers) < order_cards:
        raise ContentError(f"at least {order_cards} tree-toppers are needed (players plus one)")
    ids = [d.id for d in decorations] + [t.id for t in toppers]
    if len(set(ids)) != len(ids):
        raise ContentError("card ids must be unique")
    return Content(decorations, toppers, elves, order_cards)


def _load_default() -> Content:
    text = resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8")
    return parse_content(json.loads(text))


#: The box as content.json lists it.
CONTENT: Content = _load_default()
