"""Twinkling Lights geometry: tiles, rotations, ports, joins, strands and matching.

The tile model is ours (docs/rules/twinkling-lights.md, Components); this module is that model and
nothing else: no rules of play, no players, no randomness. One tile of the box, TL-T01,
at rotation 0 (the picture :func:`draw_tile` gives)::

                 N
             +---|---+
             |   P   |        wire 1 runs N -> S with bulbs Purple, Red
         W   --Y-|----   E    wire 2 runs W -> E with one bulb, Yellow
             |   R   |        (they cross over each other: they are not joined)
             +---|---+
                 S

Cells and ports
    The board is an unbounded square grid of cells ``(x, y)``: x grows to the east, y
    to the north. Every edge of a tile has one *port* at its midpoint: ``N, E, S, W``
    (the numbers 0, 1, 2, 3). Port N of ``(x, y)`` faces port S of ``(x, y + 1)``; port E
    of ``(x, y)`` faces port W of ``(x + 1, y)`` (:func:`facing`).

Rotations
    A tile turns in quarter turns clockwise: each turn moves every port one step along
    N -> E -> S -> W -> N (:func:`turn`). Four quarter turns give the tile back.

Wires
    A wire joins two ports of one tile and carries bulbs, listed in order from its
    ``start`` port to its ``end`` port. An X tile has wires N-S and W-E (crossing, not
    joined); a C tile has N-E and S-W. A Broken Wire tile has no wires: its four stubs
    end in breaks, so every strand that reaches it ends there.

Joins
    Two wire ends join when they sit at facing ports of neighbouring cells and the top
    tile of each cell uses its port (:meth:`Board.joined_to`). Joining is symmetric.
    A port whose facing port has no wire is an open end. Only the top tile of a cell
    counts: a + tile laid on top replaces the wiring of that cell and nothing else.

Strands
    A strand is a maximal chain of joined wires (:func:`trace`): an open *path* with two
    ends, or a closed *loop*. Its light sequence is the bulbs of its wires in the order
    they are walked, each wire read from the port it is entered by. A board keeps its
    strands canonical (walked from their smallest wire end, listed in that order), so
    they are a function of the tiles; laying a tile walks again only the strands that
    touch its cell (:meth:`Board.with_tile`), since no other strand can change.

Matching
    A pattern (a list of colours) is *shown* by a strand when its colours appear as a
    consecutive run of the light sequence, read in either direction; on a loop the run
    may wrap around past the start, using each bulb at most once (:func:`shows`).

Colours are small non-negative integers here; the game's content module names them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

Port = int
Cell = tuple[int, int]
Colour = int
#: One end of a wire on the board: the cell and the port of that cell.
End = tuple[Cell, Port]
TileKind = Literal["standard", "plus", "broken-wire"]

N, E, S, W = 0, 1, 2, 3
PORTS: tuple[Port, ...] = (N, E, S, W)
PORT_NAMES = "NESW"
#: The step from a cell to the neighbour its port faces.
_STEP: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def turn(port: Port, quarter_turns: int) -> Port:
    """Where ``port`` ends up after ``quarter_turns`` clockwise quarter turns."""
    return (port + quarter_turns) % 4


def opposite(port: Port) -> Port:
    """The port across the tile: N <-> S, E <-> W."""
    return (port + 2) % 4


def neighbour(cell: Cell, port: Port) -> Cell:
    """The cell on the other side of ``port`` of ``cell``."""
    dx, dy = _STEP[port]
    return (cell[0] + dx, cell[1] + dy)


def facing(cell: Cell, port: Port) -> End:
    """The port that ``port`` of ``cell`` faces: same edge, seen from the neighbour."""
    return neighbour(cell, port), opposite(port)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with ``cell``, in port order N, E, S, W."""
    x, y = cell
    return ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))


def port_name(port: Port) -> str:
    return PORT_NAMES[port]


# ------------------------------------------------------------------------ tiles


@dataclass(frozen=True, slots=True)
class Wire:
    """A wire from port ``start`` to port ``end`` of one tile, its bulbs in that order."""

    start: Port
    end: Port
    bulbs: tuple[Colour, ...]

    def __post_init__(self) -> None:
        if self.start not in PORTS or self.end not in PORTS or self.start == self.end:
            raise ValueError(f"a wire joins two different ports of N, E, S, W: {self}")

    @property
    def ports(self) -> tuple[Port, Port]:
        return (self.start, self.end)

    @property
    def straight(self) -> bool:
        """True for a wire across the tile (N-S or W-E), False for a curve."""
        return self.end == opposite(self.start)

    def turned(self, quarter_turns: int) -> Wire:
        """The same wire after the tile turns ``quarter_turns`` times clockwise."""
        return Wire(turn(self.start, quarter_turns), turn(self.end, quarter_turns), self.bulbs)

    def other_end(self, port: Port) -> Port:
        """The port at the other end from ``port``."""
        return self.end if port == self.start else self.start

    def read_from(self, port: Port) -> tuple[Colour, ...]:
        """The bulbs as met when walking the wire in from ``port``."""
        return self.bulbs if port == self.start else self.bulbs[::-1]


@dataclass(frozen=True, slots=True)
class Tile:
    """A Light tile turned ``rotation`` quarter turns clockwise from how it is printed.

    ``wires`` are given at that rotation. Tiles are equal when name, kind, rotation and
    wires are; the box has one tile of each name.
    """

    name: str
    kind: TileKind
    wires: tuple[Wire, ...]
    rotation: int = 0
    #: For each port N, E, S, W: the index of the wire using it, or -1.
    wire_at_port: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_port = [-1, -1, -1, -1]
        for i, wire in enumerate(self.wires):
            for port in wire.ports:
                if by_port[port] >= 0:
                    raise ValueError(f"tile {self.name}: two wires use port {port_name(port)}")
                by_port[port] = i
        if not 0 <= self.rotation < 4:
            raise ValueError(f"tile {self.name}: rotation is 0 to 3 quarter turns")
        object.__setattr__(self, "wire_at_port", tuple(by_port))

    @property
    def layout(self) -> Literal["X", "C", "-"]:
        """X (two straight wires crossing), C (two curves) or - (no wires)."""
        if not self.wires:
            return "-"
        return "X" if all(w.straight for w in self.wires) else "C"

    @property
    def bulbs(self) -> tuple[Colour, ...]:
        return tuple(c for w in self.wires for c in w.bulbs)

    def turned(self, quarter_turns: int) -> Tile:
        """This tile after ``quarter_turns`` more clockwise quarter turns."""
        return Tile(
            self.name,
            self.kind,
            tuple(w.turned(quarter_turns) for w in self.wires),
            (self.rotation + quarter_turns) % 4,
        )

    def at_rotation(self, rotation: int) -> Tile:
        """This tile turned to ``rotation`` quarter turns from how it is printed."""
        return self.turned((rotation - self.rotation) % 4)

    def wire(self, port: Port) -> Wire | None:
        """The wire using ``port``, if any."""
        i = self.wire_at_port[port]
        return self.wires[i] if i >= 0 else None


# ---------------------------------------------------------------------- strands


class Step(NamedTuple):
    """One wire walked: its cell, the port it is entered by and left by, and its bulbs
    in the order met."""

    cell: Cell
    entry: Port
    exit: Port
    bulbs: tuple[Colour, ...]

    def backwards(self) -> Step:
        return Step(self.cell, self.exit, self.entry, self.bulbs[::-1])


@dataclass(frozen=True, slots=True)
class Strand:
    """A maximal chain of joined wires, walked from one open end to the other (a path)
    or from one wire all the way round (a loop). ``lights`` is its light sequence.

    A board keeps its strands in canonical form (:meth:`canonical`): however a strand
    was found, it is the same value, so the strands are a function of the board.
    """

    steps: tuple[Step, ...]
    loop: bool
    lights: tuple[Colour, ...] = field(init=False, compare=False, repr=False)
    #: The cells it passes through and the cells its open ends face.
    reach: frozenset[Cell] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        steps = self.steps
        object.__setattr__(self, "lights", tuple(c for step in steps for c in step.bulbs))
        reach = {step.cell for step in steps}
        if not self.loop:
            reach.add(neighbour(steps[0].cell, steps[0].entry))
            reach.add(neighbour(steps[-1].cell, steps[-1].exit))
        object.__setattr__(self, "reach", frozenset(reach))

    @property
    def ends(self) -> tuple[End, ...]:
        """The two open ends of a path, as (cell, port); a loop has none."""
        if self.loop:
            return ()
        return (
            (self.steps[0].cell, self.steps[0].entry),
            (self.steps[-1].cell, self.steps[-1].exit),
        )

    @property
    def cells(self) -> frozenset[Cell]:
        """The cells it passes through."""
        return frozenset(step.cell for step in self.steps)

    def touches(self, cell: Cell) -> bool:
        """Whether it passes through ``cell`` or ends at a port facing it: only such a
        strand can change when the tile on ``cell`` changes."""
        return cell in self.reach

    def reversed(self) -> Strand:
        """The same strand walked the other way."""
        return Strand(tuple(step.backwards() for step in reversed(self.steps)), self.loop)

    def canonical(self) -> Strand:
        """The same strand walked from its smallest wire end, (cell, port) compared as
        tuples: a path from the smaller of its two ends, a loop from the smallest end
        of any of its wires, in the direction that enters there."""
        steps = self.steps
        if not self.loop:
            first = (steps[0].cell, steps[0].entry)
            last = (steps[-1].cell, steps[-1].exit)
            return self if first <= last else self.reversed()
        entries = [(step.cell, step.entry) for step in steps]
        exits = [(step.cell, step.exit) for step in steps]
        if min(entries) <= min(exits):
            i = entries.index(min(entries))
            return Strand(steps[i:] + steps[:i], True)
        back = self.reversed().steps  # walked backwards, each exit becomes an entry
        i = [(step.cell, step.entry) for step in back].index(min(exits))
        return Strand(back[i:] + back[:i], True)

    def shows(self, pattern: Sequence[Colour]) -> bool:
        """Whether ``pattern`` is a consecutive run of its lights, read either way."""
        return shows(self.lights, self.loop, pattern)

    def key(self) -> tuple[tuple[Step, ...], bool]:
        """The same value whichever end (or, on a loop, whichever wire) the walk
        started from, so strands found on different walks can be compared."""
        return (self.canonical().steps, self.loop)


def _first_end(strand: Strand) -> End:
    """Where a canonical strand starts: the order a board lists its strands in."""
    return (strand.steps[0].cell, strand.steps[0].entry)


def shows(lights: Sequence[Colour], loop: bool, pattern: Sequence[Colour]) -> bool:
    """Whether ``pattern`` appears as a consecutive run of ``lights``, read forwards or
    backwards (rulings T1, T2). On a loop the run may wrap round past where the walk
    started, using each bulb at most once."""
    k, n = len(pattern), len(lights)
    if k == 0:
        return True
    if k > n:
        return False
    text = bytes(lights)
    if loop:
        text += text[: k - 1]
    run = bytes(pattern)
    return run in text or run[::-1] in text


def trace(
    top: Mapping[Cell, Tile], seeds: Iterable[tuple[Cell, int]] | None = None
) -> list[Strand]:
    """The strands of a board whose top tiles are ``top`` through the wires ``seeds``
    ((cell, wire index); by default every wire), each once, canonical and sorted.

    Each wire not yet walked is walked on from its start port; a walk that comes back
    to its first wire is a loop, otherwise a walk from its end port completes the path
    the other way."""
    if seeds is None:
        seeds = [(cell, i) for cell in sorted(top) for i in range(len(top[cell].wires))]
    walked: set[tuple[Cell, int]] = set()
    found = []
    for cell, i in seeds:
        if (cell, i) in walked:
            continue
        wire = top[cell].wires[i]
        ahead, loop = _walk(top, cell, wire.start, walked)
        if loop:
            found.append(Strand(tuple(ahead), True).canonical())
            continue
        behind, _ = _walk(top, cell, wire.end, walked)
        # ``behind`` leaves the first wire the other way: turn it round, drop the
        # first wire (already in ``ahead``) and put it in front.
        back = [step.backwards() for step in reversed(behind[1:])]
        found.append(Strand(tuple(back + ahead), False).canonical())
    return sorted(found, key=_first_end)


def _walk(
    top: Mapping[Cell, Tile], cell: Cell, entry: Port, walked: set[tuple[Cell, int]]
) -> tuple[list[Step], bool]:
    """Walk on from the wire of ``cell`` entered at ``entry`` until the chain ends or
    comes back to that wire; the steps (that wire first), and whether it is a loop.
    Every wire walked is added to ``walked``."""
    first = (cell, top[cell].wire_at_port[entry])
    steps: list[Step] = []
    while True:
        tile = top[cell]
        i = tile.wire_at_port[entry]
        wire = tile.wires[i]
        walked.add((cell, i))
        exit_ = wire.other_end(entry)
        steps.append(Step(cell, entry, exit_, wire.read_from(entry)))
        cell, entry = facing(cell, exit_)
        there = top.get(cell)
        if there is None or there.wire_at_port[entry] < 0:
            return steps, False  # an open end: nothing there, or a Broken Wire tile
        if (cell, there.wire_at_port[entry]) == first:
            return steps, True


# ------------------------------------------------------------------------ board


class Board:
    """The top tile of every occupied cell, and what follows from them: the cells a
    tile may go next to, which wire ends join, and the strands (computed once).

    A board is a value: :meth:`with_tile` gives a new board and leaves this one as it
    was, so one board can be shared by many copies of a game.
    """

    __slots__ = ("_frontier", "_runs", "_strands", "_top")

    def __init__(self, top: Mapping[Cell, Tile] | None = None) -> None:
        self._top: dict[Cell, Tile] = dict(top or {})
        self._frontier: tuple[Cell, ...] | None = None
        self._strands: tuple[Strand, ...] | None = None
        self._runs: dict[int, bytes] = {}

    def __repr__(self) -> str:
        tiles = ", ".join(f"{c}: {t.name}@{t.rotation}" for c, t in self.items())
        return f"Board({{{tiles}}})"

    def __len__(self) -> int:
        return len(self._top)

    def __contains__(self, cell: object) -> bool:
        return cell in self._top

    def top(self, cell: Cell) -> Tile | None:
        """The tile on top of ``cell`` (the only one that counts), or None."""
        return self._top.get(cell)

    def cells(self) -> list[Cell]:
        """The occupied cells, sorted by x, then y."""
        return sorted(self._top)

    def items(self) -> Iterator[tuple[Cell, Tile]]:
        """(cell, top tile) for every occupied cell, sorted by cell."""
        for cell in self.cells():
            yield cell, self._top[cell]

    def with_tile(self, cell: Cell, tile: Tile) -> Board:
        """A new board with ``tile`` on top of ``cell``, covering whatever was there.

        If this board's strands are known, the new board's are found by walking again
        only the strands that touch ``cell`` (with the new tile's wires): no other
        strand can change. Being canonical, they are the strands a full trace finds."""
        top = dict(self._top)
        top[cell] = tile
        board = Board(top)
        if self._strands is not None:
            kept = []
            seeds = [(cell, i) for i in range(len(tile.wires))]
            for strand in self._strands:
                if not strand.touches(cell):
                    kept.append(strand)
                    continue
                for step in strand.steps:
                    if step.cell != cell:
                        seeds.append((step.cell, top[step.cell].wire_at_port[step.entry]))
            board._strands = tuple(sorted([*kept, *trace(top, seeds)], key=_first_end))
        return board

    def frontier(self) -> tuple[Cell, ...]:
        """The empty cells sharing an edge with a tile, sorted (where a tile may go)."""
        if self._frontier is None:
            top = self._top
            free = {n for cell in top for n in neighbours(cell) if n not in top}
            self._frontier = tuple(sorted(free))
        return self._frontier

    def joined_to(self, cell: Cell, port: Port) -> End | None:
        """The wire end that the one at ``port`` of ``cell`` joins, or None. Both top
        tiles must use the facing ports."""
        tile = self._top.get(cell)
        if tile is None or tile.wire_at_port[port] < 0:
            return None
        other = facing(cell, port)
        there = self._top.get(other[0])
        if there is None or there.wire_at_port[other[1]] < 0:
            return None
        return other

    def strands(self) -> tuple[Strand, ...]:
        """Every strand on the board; each wire is in exactly one."""
        if self._strands is None:
            self._strands = tuple(trace(self._top))
        return self._strands

    def strands_known(self) -> bool:
        """Whether the strands have been found already (then :meth:`with_tile` keeps
        them up to date instead of finding them all again)."""
        return self._strands is not None

    def strands_showing(self, pattern: Sequence[Colour]) -> list[Strand]:
        """The strands that show ``pattern`` (see :func:`shows`)."""
        return [s for s in self.strands() if s.shows(pattern)]

    def shows(self, pattern: Sequence[Colour]) -> bool:
        """Whether some single strand shows ``pattern``: the same answer as asking
        every strand, from one search of a text cached per pattern length."""
        k = len(pattern)
        runs = self._runs.get(k)
        if runs is None:
            runs = self._runs[k] = _runs_text(self.strands(), k)
        run = bytes(pattern)
        return run in runs or run[::-1] in runs


#: Separates strands in the text :meth:`Board.shows` searches; no colour is this large.
_GAP = b"\xff"


def _runs_text(strands: Iterable[Strand], k: int) -> bytes:
    """Every strand long enough to hold a run of ``k`` lights, as bytes, loops extended
    by their first ``k - 1`` lights (so a run may wrap), joined by a gap no run spans."""
    parts = []
    for strand in strands:
        if len(strand.lights) >= k:
            text = bytes(strand.lights)
            parts.append(text + text[: k - 1] if strand.loop else text)
    return _GAP + _GAP.join(parts) + _GAP


# ----------------------------------------------------------------------- pictures

#: A cell is drawn 9 characters wide and 5 lines high, with the ports in the middle of
#: each side, so the wires of neighbouring tiles meet on the page as on the table.
TILE_WIDTH = 9
TILE_HEIGHT = 5


@dataclass(frozen=True, slots=True)
class _Shape:
    """How to draw a wire between two ports: ``strokes`` are (row, column, character)
    and ``slots`` the places of its bulbs, both walking from port ``start``."""

    start: Port
    slots: tuple[tuple[int, int], tuple[int, int]]
    strokes: tuple[tuple[int, int, str], ...]


_SHAPES: dict[frozenset[Port], _Shape] = {
    frozenset((N, S)): _Shape(N, ((1, 4), (3, 4)), tuple((r, 4, "|") for r in range(5))),
    frozenset((W, E)): _Shape(W, ((2, 2), (2, 6)), tuple((2, c, "-") for c in range(9))),
    frozenset((N, E)): _Shape(
        N,
        ((1, 4), (2, 6)),
        ((0, 4, "|"), (1, 4, "|"), (1, 5, "\\"), (2, 6, "-"), (2, 7, "-"), (2, 8, "-")),
    ),
    frozenset((E, S)): _Shape(
        E,
        ((2, 6), (3, 4)),
        ((2, 8, "-"), (2, 7, "-"), (2, 6, "-"), (3, 5, "/"), (3, 4, "|"), (4, 4, "|")),
    ),
    frozenset((S, W)): _Shape(
        S,
        ((3, 4), (2, 2)),
        ((4, 4, "|"), (3, 4, "|"), (3, 3, "\\"), (2, 2, "-"), (2, 1, "-"), (2, 0, "-")),
    ),
    frozenset((W, N)): _Shape(
        W,
        ((2, 2), (1, 4)),
        ((2, 0, "-"), (2, 1, "-"), (2, 2, "-"), (1, 3, "/"), (1, 4, "|"), (0, 4, "|")),
    ),
}


def draw_tile(tile: Tile | None, letters: Sequence[str], badge: str = "") -> list[str]:
    """One cell as 5 lines of 9 characters: wires, each bulb as ``letters[colour]``, a
    Broken Wire tile's four stubs ending in ``x``; ``badge`` (up to 2 characters) in the
    top left corner. An empty cell is blank. Where an X tile's wires cross, the N-S wire
    is drawn over the W-E one: they do not join."""
    if tile is None:
        return [" " * TILE_WIDTH] * TILE_HEIGHT
    rows = ["+---|---+", "|       |", "|       |", "|       |", "+---|---+"]
    grid = [list(row) for row in rows]
    if tile.kind == "broken-wire":
        for r, c, ch in ((2, 0, "-"), (2, 1, "-"), (2, 2, "x"), (1, 4, "x"), (3, 4, "x")):
            grid[r][c] = ch
        for r, c, ch in ((2, 8, "-"), (2, 7, "-"), (2, 6, "x")):
            grid[r][c] = ch
    # The N-S wire last, so it is drawn over a W-E wire that it crosses.
    for wire in sorted(tile.wires, key=lambda w: frozenset(w.ports) == frozenset((N, S))):
        shape = _SHAPES[frozenset(wire.ports)]
        for r, c, ch in shape.strokes:
            grid[r][c] = ch
        # Bulbs from the wire's own start, so a lone bulb turns with the tile.
        slots = shape.slots if wire.start == shape.start else shape.slots[::-1]
        for (r, c), colour in zip(slots, wire.bulbs, strict=False):
            grid[r][c] = letters[colour]
    for i, ch in enumerate(badge[:2]):
        grid[1][1 + i] = ch
    return ["".join(row) for row in grid]
