"""The tree of Jolly Christmas: geometry (positions, neighbours, lights) and scoring.

A tree is 14 slots in the order of the 5-4-3-2 pyramid, base first: slot 0-4 are row 1
(index 1-5), 5-8 row 2, 9-11 row 3, 12-13 row 4 (docs/rules/jolly-christmas.md). Card
``(r + 1, i)`` rests on ``(r, i)`` and ``(r, i + 1)``. The scoring functions take the
tree as four parallel per-slot lists (``Faces``): the ornament (-1 for an empty slot),
the ball colour (-1 unless a ball), the half-light side and the light colour, so they
serve the game (cards from the box) and tests of printed trees alike. Pure functions,
no state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from yuletide.games.jolly_christmas.content import (
    ALL,
    BALL,
    BALL_COLOURS,
    BALLS,
    BELL,
    CROSS,
    GINGERBREAD,
    LETTERS,
    LIGHTS,
    ORNAMENTS,
    REINDEER,
    ROW_WIDTHS,
    SANTA,
    SNOWFLAKE,
    Topper,
)

SLOTS = sum(ROW_WIDTHS)
#: The first slot of each row (row 1 first).
ROW_START: tuple[int, ...] = tuple(sum(ROW_WIDTHS[:r]) for r in range(len(ROW_WIDTHS)))
#: ``(row, index)`` of each slot, 1-based, as the rules page counts them.
POSITION: tuple[tuple[int, int], ...] = tuple(
    (r + 1, i + 1) for r, w in enumerate(ROW_WIDTHS) for i in range(w)
)
L, R, UL, UR, DL, DR = range(6)
#: The side facing each side: L with R, UL with DR, UR with DL.
OPPOSITE: tuple[int, ...] = (R, L, DR, DL, UR, UL)
#: Row and index steps of each direction (the tree's adjacency: docs/rules/jolly-christmas.md).
_STEP: tuple[tuple[int, int], ...] = ((0, -1), (0, 1), (1, -1), (1, 0), (-1, 0), (-1, 1))

#: The score categories, in the order of a breakdown.
CATEGORIES: tuple[str, ...] = (
    "lights",
    "santas",
    "balls",
    "bells",
    "gingerbread",
    "reindeer",
    "snowflakes",
    "topper",
)


def slot_of(row: int, index: int) -> int:
    """The slot of position ``(row, index)``, or -1 if the tree has no such position."""
    if 1 <= row <= len(ROW_WIDTHS) and 1 <= index <= ROW_WIDTHS[row - 1]:
        return ROW_START[row - 1] + index - 1
    return -1


#: ``NEIGHBOUR[slot][direction]``: the slot in that direction, or -1 (off the tree).
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(slot_of(r + dr, i + di) for dr, di in _STEP) for r, i in POSITION
)
#: The slots a card rests on (DL and DR), for rows 2-4; () for the base.
SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    () if r == 1 else (slot_of(r - 1, i), slot_of(r - 1, i + 1)) for r, i in POSITION
)
#: Moving a whole tree one index to the right: (destination, source) pairs in a safe order.
SHIFT_RIGHT: tuple[tuple[int, int], ...] = tuple(
    (ROW_START[r] + i, ROW_START[r] + i - 1)
    for r, w in enumerate(ROW_WIDTHS)
    for i in range(w - 1, 0, -1)
)


class Faces(NamedTuple):
    """A tree as what scoring needs, per slot: ornament (-1 empty), ball colour (-1 if
    not a ball), half-light side, light colour."""

    ornament: list[int]
    ball: list[int]
    side: list[int]
    light: list[int]


def direction(a: int, b: int) -> int:
    """The direction from slot ``a`` to its neighbour ``b`` (ValueError if not neighbours)."""
    return NEIGHBOUR[a].index(b)


def lit(faces: Faces, a: int, b: int, match_colours: bool) -> bool:
    """Whether a complete light joins neighbouring slots ``a`` and ``b``: both hold cards
    whose half-lights sit on the facing sides (and, with the option, share a colour)."""
    orn, side = faces.ornament, faces.side
    if orn[a] < 0 or orn[b] < 0:
        return False
    d = direction(a, b)
    if side[a] != d or side[b] != OPPOSITE[d]:
        return False
    return not match_colours or faces.light[a] == faces.light[b]


def complete_lights(faces: Faces, match_colours: bool = False) -> list[tuple[int, int]]:
    """Every complete light of a tree as a (slot, slot) pair, lower slot first. Each card
    has one half-light, so it is part of at most one light (ruling J3 for adjacency,
    J5: colours need not match unless ``match_colours``)."""
    orn, side, light = faces.ornament, faces.side, faces.light
    out = []
    for a in range(SLOTS):
        if orn[a] < 0:
            continue
        d = side[a]
        b = NEIGHBOUR[a][d]
        if (
            b > a
            and orn[b] >= 0
            and side[b] == OPPOSITE[d]
            and (not match_colours or light[a] == light[b])
        ):
            out.append((a, b))
    return out


def santa_rates(counts: Sequence[int]) -> list[int]:
    """Points per Santa for each player: 4 for the most, 3 for the second and so on down to
    0 (ruling J2), competition ranking with ties sharing a place; a player without a Santa
    is left out of the ranking and scores 0."""
    present = [c for c in counts if c > 0]
    rates = []
    for c in counts:
        if c <= 0:
            rates.append(0)
            continue
        place = 1 + sum(1 for other in present if other > c)
        rates.append(max(0, 5 - place))
    return rates


def ball_sets(colours: Sequence[int]) -> list[int]:
    """The sizes of the ball sets, formed greedily (ruling J1): repeatedly take one ball
    of each colour still available. ``colours`` counts the balls of each colour."""
    left = list(colours)
    sets = []
    while any(left):
        size = 0
        for k, n in enumerate(left):
            if n:
                left[k] = n - 1
                size += 1
        sets.append(size)
    return sets


#: Points of a ball set by its size: a single ball 2, two colours 0, three colours 12.
BALL_SET_POINTS: dict[int, int] = {1: 2, 2: 0, 3: 12}


def ball_points(colours: Sequence[int]) -> int:
    return sum(BALL_SET_POINTS[size] for size in ball_sets(colours))


def gingerbread_points(count: int) -> int:
    """One gingerbread man scores 0, two 1 per card, three 2 per card, ... capped at 4 per
    card from five on."""
    if count <= 0:
        return 0
    return count * (min(count, 5) - 1)


def reindeer_group_points(size: int) -> int:
    """A group of one scores 0, two 2 each, three 3 each, four or more 4 each."""
    if size < 2:
        return 0
    return size * min(size, 4)


def reindeer_groups(faces: Faces) -> list[list[int]]:
    """The groups of directly adjacent reindeer (the six neighbours, ruling J3)."""
    orn = faces.ornament
    seen = [False] * SLOTS
    groups = []
    for start in range(SLOTS):
        if orn[start] != REINDEER or seen[start]:
            continue
        seen[start] = True
        group = [start]
        todo = [start]
        while todo:
            a = todo.pop()
            for b in NEIGHBOUR[a]:
                if b >= 0 and not seen[b] and orn[b] == REINDEER:
                    seen[b] = True
                    group.append(b)
                    todo.append(b)
        groups.append(sorted(group))
    return groups


def bell_scores(faces: Faces, slot: int) -> bool:
    """A bell scores if the two cards under it (DL and DR, ruling J4) are two different
    ornament types and neither is a bell; a bell in the base row never scores."""
    orn = faces.ornament
    under = SUPPORTS[slot]
    if not under:
        return False
    a, b = orn[under[0]], orn[under[1]]
    return a >= 0 and b >= 0 and a != b and BELL not in (a, b)


def lone_snowflake(faces: Faces, slot: int) -> bool:
    """A snowflake with no other snowflake among its neighbours."""
    orn = faces.ornament
    return all(b < 0 or orn[b] != SNOWFLAKE for b in NEIGHBOUR[slot])


def topper_met(topper: Topper, faces: Faces, match_colours: bool = False) -> bool:
    """Whether a tree meets a tree-topper's condition (the rulebook's five kinds)."""
    orn = faces.ornament
    kind = topper.kind
    if kind == LETTERS:
        # The same letter is the same ornament type; different letters are different
        # types (ruling J6); balls of any colour are one type.
        meaning: dict[str, int] = {}
        start = ROW_START[topper.row - 1]
        for k, letter in enumerate(topper.pattern):
            o = orn[start + k]
            if o < 0 or meaning.setdefault(letter, o) != o:
                return False
        return len(set(meaning.values())) == len(meaning)
    if kind == BALLS:
        counts = [0] * len(BALL_COLOURS)
        for o, c in zip(orn, faces.ball, strict=True):
            if o == BALL:
                counts[c] += 1
        return max(counts) >= topper.same_colour
    if kind == CROSS:
        return topper.ornament not in orn
    if kind == LIGHTS:
        return all(lit(faces, slot_of(*a), slot_of(*b), match_colours) for a, b in topper.pairs)
    assert kind == ALL
    return all(o in orn for o in range(len(ORNAMENTS)))


def santas(faces: Faces) -> int:
    return faces.ornament.count(SANTA)


def score(
    faces: Faces, santa_rate: int, topper: Topper | None, match_colours: bool = False
) -> list[int]:
    """A tree's points by category (``CATEGORIES``): complete lights, Santas (at
    ``santa_rate`` points each, from :func:`santa_rates`), balls, bells, gingerbread men,
    reindeer, lone snowflakes and the tree-topper (scored once, ruling J11)."""
    orn = faces.ornament
    colours = [0] * len(BALL_COLOURS)
    bells = gingerbread = snowflakes = 0
    for s in range(SLOTS):
        o = orn[s]
        if o == BALL:
            colours[faces.ball[s]] += 1
        elif o == BELL:
            bells += 3 * bell_scores(faces, s)
        elif o == GINGERBREAD:
            gingerbread += 1
        elif o == SNOWFLAKE:
            snowflakes += 3 * lone_snowflake(faces, s)
    reindeer = sum(reindeer_group_points(len(g)) for g in reindeer_groups(faces))
    topped = topper is not None and topper_met(topper, faces, match_colours)
    return [
        len(complete_lights(faces, match_colours)),
        santas(faces) * santa_rate,
        ball_points(colours),
        bells,
        gingerbread_points(gingerbread),
        reindeer,
        snowflakes,
        topper.points if topper is not None and topped else 0,
    ]
