"""The Twinkling Lights box as data, validated when loaded.

Its components are described in docs/rules/twinkling-lights.md.

The data ships as ``content.json`` beside this module and is read once at import (the
one file the rules read: package data, not the world). A player who owns the real box
can pass their own data to :func:`parse_content`, which checks it the same way.

The tile art is unknown, so the tile list and all Pattern cards but TL-3-10 (the
rulebook's example, Purple - Blue - Yellow) are ours; the data labels each card's status.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .geometry import PORT_NAMES, Tile, Wire

KINDS: tuple[str, ...] = ("standard", "plus", "broken-wire")
#: Pattern card backs and how many lights each shows (red 3-Pattern, green 4-Pattern).
BACKS: dict[str, int] = {"red": 3, "green": 4}
#: Pattern cards dealt to each player, by back (Set Up 3).
DEALT: dict[str, int] = {"red": 2, "green": 1}
MAX_PLAYERS = 4
#: The wire layouts of the tile model: X crosses N-S over W-E, C curves N-E and S-W.
LAYOUTS: dict[str, frozenset[frozenset[str]]] = {
    "X": frozenset({frozenset("NS"), frozenset("WE")}),
    "C": frozenset({frozenset("NE"), frozenset("SW")}),
}


class ContentError(ValueError):
    """Box data that breaks a rule of the box; says which."""


@dataclass(frozen=True, slots=True)
class PatternCard:
    id: str
    back: str  # "red" (3 lights) or "green" (4 lights)
    lights: tuple[int, ...]  # colour indices, in the order printed
    status: str


@dataclass(frozen=True, slots=True)
class Content:
    colours: tuple[str, ...]
    #: Every Light tile at rotation 0, in the order listed (the index is the tile id).
    tiles: tuple[Tile, ...]
    patterns: tuple[PatternCard, ...]


def _tile(raw: Any, colours: tuple[str, ...]) -> Tile:
    if not isinstance(raw, dict):
        raise ContentError(f"a tile must be an object, got {raw!r}")
    name = raw.get("id")
    kind = raw.get("kind")
    if not isinstance(name, str) or not name:
        raise ContentError(f"tile {raw!r} has no id")
    if kind not in KINDS:
        raise ContentError(f"tile {name}: kind must be one of {', '.join(KINDS)}, got {kind!r}")
    raw_wires = raw.get("wires")
    if not isinstance(raw_wires, list):
        raise ContentError(f"tile {name}: wires must be a list")
    if kind == "broken-wire":
        if raw_wires or raw.get("layout") is not None:
            raise ContentError(f"tile {name}: a Broken Wire tile has no wires and no layout")
        return Tile(name, "broken-wire", ())
    layout = raw.get("layout")
    if layout not in LAYOUTS or len(raw_wires) != 2:
        raise ContentError(f"tile {name}: a {kind} tile has layout X or C and two wires")
    wires = []
    for w in raw_wires:
        try:
            a, b = w["ends"]
            bulbs = [colours.index(c) for c in w["bulbs"]]
            wire = Wire(PORT_NAMES.index(a), PORT_NAMES.index(b), tuple(bulbs))
        except (KeyError, TypeError, ValueError) as err:
            raise ContentError(
                f"tile {name}: a wire is {{'ends': [port, port], 'bulbs': [colour, ...]}}"
                f" with ports N, E, S, W and colours {', '.join(colours)}; got {w!r}"
            ) from err
        if not 1 <= len(bulbs) <= 2:
            raise ContentError(f"tile {name}: each wire carries one or two bulbs")
        wires.append(wire)
    if frozenset(frozenset(PORT_NAMES[p] for p in w.ports) for w in wires) != LAYOUTS[layout]:
        raise ContentError(f"tile {name}: layout {layout} has wires {_layout_text(layout)}")
    return Tile(name, kind, tuple(wires))


def _layout_text(layout: str) -> str:
    """The wires of a layout in words, as content.json writes them."""
    return {"X": "N-S and W-E", "C": "N-E and S-W"}[layout]


def parse_content(data: Any) -> Content:
    """Validated Twinkling Lights box data, or ContentError naming the broken rule."""
    if not isinstance(data, dict):
        raise ContentError("box data must be a JSON object")
    for key in ("colours", "tiles", "patterns"):
        if not isinstance(data.get(key), list):
            raise ContentError(f"box data needs a list {key!r}")
    colours = tuple(data["colours"])
    if len(colours) != len(set(colours)) or not all(isinstance(c, str) for c in colours):
        raise ContentError("colours must be distinct names")
    if not 1 <= len(colours) <= 26:
        raise ContentError("there must be 1 to 26 colours")
    if len({c[:1].upper() for c in colours}) != len(colours) or not all(colours):
        raise ContentError("colour names must start with different letters (bulbs show as letters)")
    tiles = tuple(_tile(t, colours) for t in data["tiles"])
    if len({t.name for t in tiles}) != len(tiles):
        raise ContentError("tile ids must be unique")
    if sum(t.kind != "broken-wire" for t in tiles) < 2:
        raise ContentError("there must be at least two tiles that are not Broken Wire tiles")
    if len(tiles) < 3:
        raise ContentError("there must be at least three tiles: two to start, one to draw")
    patterns = []
    for p in data["patterns"]:
        try:
            card = PatternCard(
                str(p["id"]),
                str(p["back"]),
                tuple(colours.index(c) for c in p["lights"]),
                str(p.get("status", "ours")),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ContentError(
                f"a Pattern card is {{'id', 'back', 'lights'}} with lights among"
                f" {', '.join(colours)}; got {p!r}"
            ) from err
        if BACKS.get(card.back) != len(card.lights):
            raise ContentError(f"pattern {card.id}: red-backed cards show 3 lights, green-backed 4")
        patterns.append(card)
    if len({p.id.lower() for p in patterns}) != len(patterns):
        raise ContentError("pattern ids must be unique (ignoring case)")
    for back, each in DEALT.items():
        have = sum(p.back == back for p in patterns)
        if have < each * MAX_PLAYERS:
            raise ContentError(
                f"{MAX_PLAYERS} players need {each * MAX_PLAYERS} {back}-backed Pattern cards;"
                f" the data has {have}"
            )
    return Content(colours, tiles, tuple(patterns))


def _load_default() -> Content:
    text = resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8")
    return parse_content(json.loads(text))


#: The box as content.json lists it.
CONTENT: Content = _load_default()
