"""Twinkling Lights geometry: property tests (hypothesis) and worked examples.

The model is the card data's "Tile model" (ports, rotations, the connection rule, strands,
matching); ruling T1 (either direction), T2 (consecutive) and T4 (only the top tile of
a cell counts) are the rulings it carries. Random boards are grown by the placement
rules from the real box of 35 tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yuletide.games.twinkling_lights.content import CONTENT
from yuletide.games.twinkling_lights.geometry import (
    Board,
    Cell,
    E,
    N,
    S,
    Strand,
    Tile,
    W,
    Wire,
    draw_tile,
    facing,
    neighbour,
    opposite,
    shows,
    turn,
)

TILES = CONTENT.tiles
PLUS = [i for i, t in enumerate(TILES) if t.kind == "plus"]
LETTERS = "RGBYP"
RED, GREEN, BLUE, YELLOW, PURPLE = range(5)


def tile(name: str, rotation: int = 0) -> Tile:
    return next(t for t in TILES if t.name == name).at_rotation(rotation)


# ------------------------------------------------------------------- strategies

#: No deadline (a loaded machine must not fail a test) and no example database (nothing
#: written into the working tree); hypothesis still explores new examples every run.
PROPERTY = settings(deadline=None, database=None)

colours = st.integers(min_value=0, max_value=4)
rotations = st.integers(min_value=0, max_value=3)
box_tiles = st.sampled_from(TILES)


@st.composite
def boards(draw: st.DrawFn, max_tiles: int = 24) -> Board:
    """A board grown by the rules: two tiles at (0, 0) and (1, 0), then tiles placed on
    an empty cell next to a tile, + tiles sometimes on top of a tile."""
    board = Board({(0, 0): draw(box_tiles), (1, 0): draw(box_tiles)})
    steps = draw(st.integers(min_value=0, max_value=max_tiles))
    for _ in range(steps):
        t = draw(box_tiles).at_rotation(draw(rotations))
        on_top = t.kind == "plus" and draw(st.booleans())
        cells = board.cells() if on_top else list(board.frontier())
        board = board.with_tile(draw(st.sampled_from(cells)), t)
    return board


def strand_keys(strands: Sequence[Strand]) -> set[object]:
    return {(s.key(), tuple(sorted(s.lights))) for s in strands}


def brute_shows(lights: Sequence[int], loop: bool, pattern: Sequence[int]) -> bool:
    """The definition, spelled out: some start and direction read ``pattern`` from
    consecutive lights (on a loop, round the start, each bulb at most once)."""
    n, k = len(lights), len(pattern)
    if k > n:
        return False
    for seq in (list(lights), list(lights)[::-1]):
        starts = range(n) if loop else range(n - k + 1)
        for i in starts:
            if [seq[(i + j) % n] for j in range(k)] == list(pattern):
                return True
    return False


# ---------------------------------------------------------------- rotations


def test_a_quarter_turn_clockwise_maps_n_to_e_to_s_to_w_to_n() -> None:
    """Tile model: "clockwise rotation maps N->E->S->W->N"."""
    assert [turn(p, 1) for p in (N, E, S, W)] == [E, S, W, N]
    wire = Wire(N, S, (PURPLE, RED)).turned(1)
    assert (wire.start, wire.end, wire.bulbs) == (E, W, (PURPLE, RED))


@settings(PROPERTY)
@given(box_tiles, rotations)
def test_property_rotating_a_tile_four_times_is_identity(t: Tile, start: int) -> None:
    """Rotating a tile four times gives the tile back (at every starting rotation)."""
    t = t.at_rotation(start)
    assert t.turned(1).turned(1).turned(1).turned(1) == t
    assert t.turned(4) == t
    assert [w.turned(4) for w in t.wires] == list(t.wires)


@settings(PROPERTY)
@given(box_tiles, rotations, rotations)
def test_property_turns_add_up_and_keep_the_bulbs(t: Tile, a: int, b: int) -> None:
    assert t.turned(a).turned(b) == t.turned(a + b)
    assert t.turned(a).at_rotation(0) == t
    assert sorted(t.turned(a).bulbs) == sorted(t.bulbs)
    assert t.turned(a).layout == t.layout


def test_x_tiles_stay_x_and_c_tiles_stay_c_in_every_rotation() -> None:
    for t in TILES:
        for r in range(4):
            turned = t.at_rotation(r)
            assert turned.layout == t.layout
            assert sorted(turned.wire_at_port) == sorted(t.wire_at_port)


# -------------------------------------------------------------------- joins


@settings(PROPERTY)
@given(st.integers(-40, 40), st.integers(-40, 40), st.sampled_from([N, E, S, W]))
def test_property_facing_ports_face_each_other(x: int, y: int, port: int) -> None:
    """Connection rule: N of (x, y) faces S of (x, y+1); E of (x, y) faces W of (x+1, y)."""
    cell: Cell = (x, y)
    other, other_port = facing(cell, port)
    assert facing(other, other_port) == (cell, port)
    assert other_port == opposite(port)
    assert facing((x, y), N) == ((x, y + 1), S)
    assert facing((x, y), E) == ((x + 1, y), W)


@settings(PROPERTY, max_examples=60)
@given(boards())
def test_property_joining_is_symmetric(board: Board) -> None:
    """Two wire ends join when both top tiles use the facing ports — seen from either
    side the answer is the same."""
    for cell in board.cells():
        for port in (N, E, S, W):
            other = board.joined_to(cell, port)
            if other is not None:
                assert board.joined_to(*other) == (cell, port)
                assert other == facing(cell, port)


def test_ends_join_only_when_both_top_tiles_use_the_ports() -> None:
    """A Broken Wire tile uses no port: a wire facing it is an open end."""
    board = Board({(0, 0): tile("TL-T01"), (1, 0): tile("TL-T02"), (0, 1): tile("TL-T33")})
    assert board.joined_to((0, 0), E) == ((1, 0), W)
    assert board.joined_to((1, 0), W) == ((0, 0), E)
    assert board.joined_to((0, 0), N) is None  # faces the Broken Wire tile
    assert board.joined_to((0, 1), S) is None
    assert board.joined_to((0, 0), S) is None  # faces an empty cell
    assert board.joined_to((5, 5), N) is None  # no tile there


# ------------------------------------------------------------------- strands


@settings(PROPERTY, max_examples=60)
@given(boards())
def test_property_every_wire_is_in_exactly_one_strand(board: Board) -> None:
    """A strand is a maximal chain of joined wires: the strands partition the wires,
    their lights are all the bulbs of the top tiles, a path's ends are open and a
    loop's last wire joins its first."""
    strands = board.strands()
    walked = [(step.cell, frozenset((step.entry, step.exit))) for s in strands for step in s.steps]
    assert len(walked) == len(set(walked)) == sum(len(t.wires) for _, t in board.items())
    assert sorted(c for s in strands for c in s.lights) == sorted(
        c for _, t in board.items() for c in t.bulbs
    )
    for s in strands:
        for a, b in zip(s.steps, s.steps[1:], strict=False):
            assert board.joined_to(a.cell, a.exit) == (b.cell, b.entry)
        if s.loop:
            assert board.joined_to(s.steps[-1].cell, s.steps[-1].exit) == (
                s.steps[0].cell,
                s.steps[0].entry,
            )
            assert s.ends == ()
        else:
            for cell, port in s.ends:
                assert board.joined_to(cell, port) is None


@settings(PROPERTY, max_examples=60)
@given(boards(), st.lists(colours, min_size=1, max_size=4))
def test_property_a_strand_read_backwards_matches_the_same_cards(
    board: Board, pattern: list[int]
) -> None:
    """Ruling T1: a strand has no direction; walked the other way it shows the same
    patterns, and a pattern shows exactly when its reverse does."""
    for s in board.strands():
        back = s.reversed()
        assert back.lights == s.lights[::-1]
        assert back.reversed() == s
        assert back.key() == s.key()
        assert back.shows(pattern) == s.shows(pattern) == s.shows(pattern[::-1])


@settings(PROPERTY)
@given(st.lists(colours, max_size=9), st.booleans(), st.lists(colours, min_size=1, max_size=5))
def test_property_shows_is_a_consecutive_run_either_way(
    lights: list[int], loop: bool, pattern: list[int]
) -> None:
    """Ruling T1 + T2 and the loop rule, against the definition spelled out by hand."""
    assert shows(lights, loop, pattern) == brute_shows(lights, loop, pattern)
    assert shows(lights, loop, pattern) == shows(lights[::-1], loop, pattern)


@settings(PROPERTY, max_examples=60)
@given(boards(), st.lists(st.lists(colours, min_size=3, max_size=4), min_size=1, max_size=6))
def test_property_board_search_agrees_with_asking_every_strand(
    board: Board, patterns: list[list[int]]
) -> None:
    """Board.shows (one cached text per pattern length) answers as the strands do."""
    for pattern in patterns:
        assert board.shows(pattern) == any(s.shows(pattern) for s in board.strands())
        assert board.shows(pattern) == bool(board.strands_showing(pattern))


@settings(PROPERTY, max_examples=80)
@given(boards(), st.data())
def test_property_a_plus_tile_changes_only_strands_through_its_cell(
    board: Board, data: st.DataObject
) -> None:
    """Ruling T4: a + tile laid on top replaces the wiring of the cell it covers and
    nothing else, so only strands through that cell (or ending at it) can change."""
    cell = data.draw(st.sampled_from(board.cells()))
    plus = TILES[data.draw(st.sampled_from(PLUS))].at_rotation(data.draw(rotations))
    covered = board.top(cell)
    after = board.with_tile(cell, plus)
    assert after.top(cell) == plus
    assert board.top(cell) is covered  # a board is a value: the old one is untouched
    for other in board.cells():
        if other != cell:
            assert after.top(other) == board.top(other)
    unchanged_before = [s for s in board.strands() if not s.touches(cell)]
    unchanged_after = [s for s in after.strands() if not s.touches(cell)]
    assert strand_keys(unchanged_before) == strand_keys(unchanged_after)


@settings(PROPERTY, max_examples=80)
@given(boards(), st.data())
def test_property_strands_kept_up_to_date_equal_a_fresh_trace(
    board: Board, data: st.DataObject
) -> None:
    """Strands are canonical, so a board's strands are a function of its top tiles: the
    strands kept up to date tile by tile (only those touching the new tile are walked
    again) are exactly those a full trace of the same tiles finds."""
    board.strands()
    for _ in range(data.draw(st.integers(1, 6))):
        t = data.draw(box_tiles).at_rotation(data.draw(rotations))
        on_top = t.kind == "plus" and data.draw(st.booleans())
        cell = data.draw(st.sampled_from(board.cells() if on_top else list(board.frontier())))
        board = board.with_tile(cell, t)
        assert board.strands_known()
        fresh = Board(dict(board.items()))
        assert board.strands() == fresh.strands()
        assert [s.lights for s in board.strands()] == [s.lights for s in fresh.strands()]
        assert all(s == s.canonical() for s in board.strands())


def test_crossing_wires_of_an_x_tile_are_not_joined() -> None:
    """Tile model: X layout — "The wires cross over each other and are not connected"."""
    board = Board({(0, 0): tile("TL-T01")})  # N->S: Purple, Red; W->E: Yellow
    strands = sorted(board.strands(), key=lambda s: s.lights)
    assert [(s.lights, s.loop) for s in strands] == [((YELLOW,), False), ((PURPLE, RED), False)]
    assert [s.cells for s in strands] == [{(0, 0)}, {(0, 0)}]


def test_a_strand_may_cross_itself_through_an_x_tile() -> None:
    """A strand may pass through one X tile twice, once on each of its wires: C tiles
    lead the N end of TL-T01 round to its E end."""
    board = Board(
        {
            (0, 0): tile("TL-T01"),  # N->S: Purple, Red; W->E: Yellow
            (0, 1): tile("TL-T15", 1),  # E->S: Green, Yellow (and W->N: Purple)
            (1, 1): tile("TL-T16", 0),  # S->W: Yellow, Red (and N->E: Blue)
            (1, 0): tile("TL-T17", 1),  # W->N: Green (and E->S: Yellow, Blue)
        }
    )
    (twice,) = [s for s in board.strands() if len(s.steps) == 5]
    assert not twice.loop
    assert [step.cell for step in twice.steps].count((0, 0)) == 2
    assert {frozenset((step.entry, step.exit)) for step in twice.steps if step.cell == (0, 0)} == {
        frozenset((N, S)),
        frozenset((W, E)),
    }
    # Red, Purple (up through the X tile), Yellow, Green, Red, Yellow, Green, Yellow.
    assert twice.lights in (
        (RED, PURPLE, YELLOW, GREEN, RED, YELLOW, GREEN, YELLOW),
        (YELLOW, GREEN, YELLOW, RED, GREEN, YELLOW, PURPLE, RED),
    )


def test_four_c_tiles_close_a_loop_and_a_run_may_wrap_round_it() -> None:
    """Strand definition: "It can be an open path or a closed loop"; "On a closed loop
    the run may wrap around"."""
    board = Board(
        {
            (0, 0): tile("TL-T16", 0),  # N->E: Blue
            (1, 0): tile("TL-T15", 1),  # W-N: Purple (rotated from S->W)
            (1, 1): tile("TL-T18", 0),  # S->W: Blue, Green
            (0, 1): tile("TL-T17", 1),  # E->S: Yellow, Blue (rotated from N->E)
        }
    )
    (loop,) = [s for s in board.strands() if s.loop]
    assert len(loop.steps) == 4
    assert loop.cells == {(0, 0), (1, 0), (1, 1), (0, 1)}
    assert sorted(loop.lights) == sorted((BLUE, PURPLE, BLUE, GREEN, YELLOW, BLUE))
    # Every rotation of the light sequence (a run round the start) shows, either way.
    n = len(loop.lights)
    for i in range(n):
        run = [loop.lights[(i + j) % n] for j in range(4)]
        assert loop.shows(run)
        assert loop.shows(run[::-1])
        assert board.shows(run)
    others = [s for s in board.strands() if not s.loop]
    assert len(others) == 4  # the outer wires stay open paths


def test_reading_loop_run_uses_each_bulb_once() -> None:
    """Reading loop-run-uses-each-bulb-once: a run round a loop may not come back to a
    bulb it has used."""
    assert shows((RED, GREEN, BLUE), True, (BLUE, RED, GREEN))
    assert shows((RED, GREEN, BLUE), True, (GREEN, RED, BLUE))  # backwards round the loop
    assert not shows((RED, GREEN, BLUE), True, (RED, GREEN, BLUE, RED))
    assert not shows((RED, GREEN, BLUE), False, (BLUE, RED, GREEN))  # a path does not wrap


def test_ruling_t2_lights_must_be_consecutive() -> None:
    """Ruling T2: no gaps: Red, Green, Blue is not shown by Red, Green, Yellow, Blue."""
    assert not shows((RED, GREEN, YELLOW, BLUE), False, (RED, GREEN, BLUE))
    assert shows((RED, GREEN, YELLOW, BLUE), False, (GREEN, YELLOW, BLUE))


def test_a_broken_wire_tile_ends_every_strand_that_reaches_it() -> None:
    """Special tiles: "Every strand that reaches it ends there" — the strand through
    TL-T01's W-E wire stops at the Broken Wire tile and does not go on beyond it."""
    board = Board(
        {(0, 0): tile("TL-T01"), (1, 0): tile("TL-T33"), (2, 0): tile("TL-T02")}
    )  # Yellow | broken | Green, Purple
    lights = {min(s.lights, s.lights[::-1]) for s in board.strands()}
    assert (YELLOW,) in lights
    assert (GREEN, PURPLE) in lights
    assert not any(len(s.lights) > 2 for s in board.strands())
    assert board.top((1, 0)) is not None and board.top((1, 0)).wires == ()


def test_frontier_is_the_empty_cells_sharing_an_edge() -> None:
    """Tile Placement: "adjacent" — the empty cells sharing an edge, never a corner."""
    board = Board({(0, 0): tile("TL-T01"), (1, 0): tile("TL-T02")})
    assert board.frontier() == ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0))
    assert neighbour((0, 0), N) == (0, 1)


# ------------------------------------------------------------------- tiles


def test_tiles_refuse_two_wires_on_one_port_and_bad_rotations() -> None:
    with pytest.raises(ValueError, match="two wires use port N"):
        Tile("bad", "standard", (Wire(N, S, (RED,)), Wire(N, E, (RED,))))
    with pytest.raises(ValueError, match="rotation is 0 to 3"):
        Tile("bad", "standard", (), rotation=4)
    with pytest.raises(ValueError, match="two different ports"):
        Wire(N, N, (RED,))


def test_read_from_either_end() -> None:
    wire = Wire(N, S, (PURPLE, RED))
    assert wire.read_from(N) == (PURPLE, RED)
    assert wire.read_from(S) == (RED, PURPLE)
    assert wire.other_end(S) == N


def test_picture_of_tl_t01_as_in_the_module_docstring() -> None:
    """The text picture: bulbs as letters, the N-S wire drawn over the W-E wire."""
    assert draw_tile(tile("TL-T01"), LETTERS) == [
        "+---|---+",
        "|   P   |",
        "--Y-|----",
        "|   R   |",
        "+---|---+",
    ]
    assert draw_tile(tile("TL-T01", 1), LETTERS, "+") == [
        "+---|---+",
        "|+  Y   |",
        "--R-|-P--",
        "|   |   |",
        "+---|---+",
    ]


def test_picture_of_a_c_tile_and_a_broken_wire_tile() -> None:
    assert draw_tile(tile("TL-T15"), LETTERS) == [
        "+---|---+",
        "|   G\\  |",
        "---   Y--",
        "|  \\P   |",
        "+---|---+",
    ]
    assert draw_tile(tile("TL-T33"), LETTERS) == [
        "+---|---+",
        "|   x   |",
        "--x   x--",
        "|   x   |",
        "+---|---+",
    ]
    assert draw_tile(None, LETTERS) == [" " * 9] * 5
