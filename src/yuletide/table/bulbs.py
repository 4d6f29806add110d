"""Christmas Lights cards as table cards, shared by the main game and its bonus games:
Bulb cards (six colours and the specials), Pattern cards (five colours in order, drawn
as a row of bulbs), Character cards and Presents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from yuletide.table.model import Card, Marker, Shape, card, colour, symbol

COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue", "purple", "pink")

#: What each special card is, in the rulebook's words (a card's tooltip).
SPECIAL_DETAIL: dict[str, str] = {
    "bubble": "Bubble Bulb",
    "broken": "Broken Bulb",
    "plug": "Plug",
    "present": "Present",
    "power-surge": "Power Surge",
}

CHARACTER_NAMES: dict[str, str] = {
    "santa": "Santa",
    "mrs-claus": "Mrs. Claus",
    "elf-male": "Elf (male)",
    "elf-female": "Elf (female)",
    "reindeer": "Reindeer",
    "snowman": "Snowman",
}

GLYPH_OF_SPECIAL: dict[str, str] = {
    "bubble": "◎",
    "broken": "✗",
    "plug": "🔌",
    "present": "🎁",
    "power-surge": "⚡",
}


def bulb_label(kind: str | None) -> str:
    """A Bulb card's kind in words with its glyph: ``Red ♥``, ``Plug``."""
    if kind is None:
        return "Hidden card"
    if kind in COLOURS:
        c = colour(kind)
        return f"{c['label']} {c['glyph']}"
    return SPECIAL_DETAIL.get(kind, kind.replace("-", " ").capitalize()).split(":")[0]


def bulb(
    id: str,
    kind: str | None,
    *,
    knowledge: Sequence[str] = (),
    markers: Sequence[Marker] = (),
    detail: str | None = None,
) -> Card:
    """A Bulb card, face up when ``kind`` is known to this seat, else its back."""
    if kind is None:
        return card(id, face="down", knowledge=knowledge, markers=markers, detail=detail)
    shapes: list[Shape] = []
    if kind not in COLOURS:
        shapes.append(symbol(kind, bulb_label(kind), glyph=GLYPH_OF_SPECIAL.get(kind, "")))
    return card(
        id,
        kind=kind,
        label=bulb_label(kind),
        colour_name=kind if kind in COLOURS else None,
        knowledge=knowledge,
        markers=markers,
        shapes=shapes,
        detail=detail or SPECIAL_DETAIL.get(kind),
    )


def pattern(
    id: str, pattern_card: Mapping[str, Any] | None, *, markers: Sequence[Marker] = ()
) -> Card:
    """A Pattern card: its id and its five colours in order (``colours``)."""
    if pattern_card is None:
        return card(id, face="down", label="Pattern card (face down)", markers=markers)
    lights = list(pattern_card["lights"])
    names = ", ".join(bulb_label(k) for k in lights)
    return card(
        id,
        kind="pattern",
        label=f"Pattern {pattern_card['id']}",
        colours=lights,
        markers=markers,
        detail=f"Pattern {pattern_card['id']}: {names}",
    )


def character(id: str, name: str | None) -> Card:
    """A Character card (face down when unknown)."""
    if name is None:
        return card(id, face="down", label="Character card (face down)")
    return card(
        id,
        kind="character",
        label=CHARACTER_NAMES.get(name, name),
        shapes=[symbol(name, CHARACTER_NAMES.get(name, name), glyph="☺")],
    )
