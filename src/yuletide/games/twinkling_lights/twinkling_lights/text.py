"""The terminal rendering of TwinklingLights's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from yuletide.games.twinkling_lights.geometry import (
    TILE_HEIGHT,
    TILE_WIDTH,
    Cell,
    draw_tile,
    neighbours,
)

from .rules import _TILE_BY_NAME, COLOURS, LETTERS, ORIENTED, TILES


def render(view: Mapping[str, Any]) -> str:
    return _render(view)


def _render(view: Mapping[str, Any]) -> str:
    step = view["step"]
    if view["outcome"]["status"] == "ongoing":
        now = f"seat {view['turn']} to act ({step}); turn {view['turns'] + 1}"
    else:  # issue 12: a finished game has no seat to act
        turns = view["turns"]
        now = f"game over after {turns} turn{'s' if turns != 1 else ''}"
    lines = [f"Twinkling Lights — {now}, {view['stack']} tiles in the stack"]
    lines.extend(_picture(view))
    key = ", ".join(f"{LETTERS[i]} {c}" for i, c in enumerate(COLOURS))
    lines.append(f"Bulbs: {key}; + marks a + tile; x a Broken Wire tile's breaks.")
    covered = [e for e in view["board"] if e["covers"]]
    for e in covered:
        x, y = e["cell"]
        lines.append(f"  {x},{y}: {e['tile']} covers {', '.join(e['covers'])}")
    lines.append("Strands (lights in order; a loop wraps round):")
    for i, s in enumerate(view["strands"], 1):
        cells = " ".join(f"{x},{y}" for x, y in s["cells"])
        shape = "loop" if s["loop"] else "path"
        lines.append(f"  {i:>2}. {shape} {_lights(s['lights']) or '(no lights)'}   via {cells}")
    for s in range(view["players"]):
        mark = ">" if s == view["turn"] else " "
        me = " (you)" if s == view["seat"] else ""
        scored = " ".join(f"{c['id']}({_lights(c['lights'])})" for c in view["scored"][s])
        left = len(view["pattern_backs"][s])
        broken = "; holds a Broken Wire tile" if view["broken_wire_held"][s] else ""
        lines.append(
            f" {mark}seat {s}{me}: scored {len(view['scored'][s])} {scored}".rstrip()
            + f"; {left} card{'s' if left != 1 else ''} to score{broken}"
        )
    if view["patterns"] is not None:
        ready = set(view["can_score"])
        cards = [
            f"{c['id']} ({c['back']}) {_lights(c['lights'])}"
            + (" [a strand shows it]" if c["id"] in ready else "")
            for c in view["patterns"]
        ]
        lines.append("Your Pattern cards: " + ("; ".join(cards) or "all scored"))
    hand = view["hand_tile"]
    if hand is not None:
        tile = TILES[_TILE_BY_NAME[hand["tile"]]]
        alike = tile.kind == "broken-wire"
        how = "its rotations are all alike" if alike else "at each rotation"
        lines.append(f"Your tile: {tile.name} ({tile.kind}), {how}:")
        turns = range(1) if alike else range(4)
        pictures = [draw_tile(tile.at_rotation(r), LETTERS) for r in turns]
        labels = "".join(f"rotate {90 * r}".ljust(TILE_WIDTH + 3) for r in turns)
        lines.append(("  " + labels).rstrip())
        for row in range(TILE_HEIGHT):
            lines.append("  " + "   ".join(p[row] for p in pictures))
    elif view["tile_in_hand"]:
        lines.append(f"Seat {view['turn']} holds a tile to place.")
    target = view["target"]
    if target and len(target) == 1:
        lines.append(f"Column chosen: {target[0]} (now the row)")
    elif target:
        lines.append(f"Cell chosen: {target[0]},{target[1]} (now the rotation)")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)


def _lights(names: Sequence[str]) -> str:
    return "-".join(LETTERS[_COLOUR_ID[c]] for c in names)


def _picture(view: Mapping[str, Any]) -> list[str]:
    """The board drawn cell by cell, north at the top; empty cells where a tile may go
    show their coordinates."""
    tops: dict[Cell, tuple[str, ...]] = {}
    for entry in view["board"]:
        cell = (entry["cell"][0], entry["cell"][1])
        tops[cell] = _cell_picture(_TILE_BY_NAME[entry["tile"]], entry["rotation"] // 90)
    free = {n for cell in tops for n in neighbours(cell) if n not in tops}
    xs = [c[0] for c in (*tops, *free)]
    ys = [c[1] for c in (*tops, *free)]
    left = " " * 5
    header = left + "".join(f"x={x}".center(TILE_WIDTH) for x in range(min(xs), max(xs) + 1))
    lines = [header.rstrip()]
    for y in range(max(ys), min(ys) - 1, -1):
        pictures: list[Sequence[str]] = []
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in tops:
                pictures.append(tops[(x, y)])
            elif (x, y) in free:
                blank = [" " * TILE_WIDTH] * TILE_HEIGHT
                blank[2] = f"{x},{y}".center(TILE_WIDTH)
                pictures.append(blank)
            else:
                pictures.append([" " * TILE_WIDTH] * TILE_HEIGHT)
        for row in range(TILE_HEIGHT):
            label = f"y={y}".rjust(4) + " " if row == 2 else left
            lines.append((label + "".join(p[row] for p in pictures)).rstrip())
    return lines


_COLOUR_ID = {c: i for i, c in enumerate(COLOURS)}


@cache
def _cell_picture(tile: int, quarter_turns: int) -> tuple[str, ...]:
    """One placed tile drawn (at most 35 x 4 pictures, each drawn once)."""
    oriented = ORIENTED[tile][quarter_turns]
    return tuple(draw_tile(oriented, LETTERS, "+" if oriented.kind == "plus" else ""))
