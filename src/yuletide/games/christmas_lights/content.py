"""The Christmas Lights box as data, validated when loaded.

Its components are described in docs/rules/christmas-lights.md.

The data ships as ``content.json`` beside this module and is read once at import (the
one file the rules read: package data, not the world). A player who owns the real box
can pass their own data to :func:`parse_content`, which checks it the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue", "purple", "pink")
SPECIALS: tuple[str, ...] = ("bubble", "broken", "plug")
#: Every kind of Bulb card, in a fixed order (colours first) used as an index everywhere.
BULB_KINDS: tuple[str, ...] = COLOURS + SPECIALS
#: A letter and a glyph per kind, so colour is never the only cue (colour-blind players).
GLYPHS: dict[str, str] = {
    "red": "R",
    "green": "G",
    "yellow": "Y",
    "blue": "B",
    "purple": "U",
    "pink": "K",
    "bubble": "*",
    "broken": "x",
    "plug": "=",
}


class ContentError(ValueError):
    """Box data that breaks a rule of the box; says which."""


@dataclass(frozen=True, slots=True)
class Pattern:
    id: str
    lights: tuple[str, ...]
    status: str


@dataclass(frozen=True, slots=True)
class Content:
    bulb_deck: dict[str, int]
    patterns: tuple[Pattern, ...]
    events: tuple[str, ...]
    characters: tuple[str, ...]
    character_pairs: tuple[tuple[str, str], ...]
    presents: int

    def partner(self, character: str) -> str:
        """The Character card that pairs with ``character`` (Where's That Bulb?)."""
        for a, b in self.character_pairs:
            if character == a:
                return b
            if character == b:
                return a
        raise KeyError(character)


def parse_content(data: Any) -> Content:
    """Validated Christmas Lights box data, or ContentError naming the broken rule."""
    if not isinstance(data, dict):
        raise ContentError("box data must be a JSON object")
    try:
        deck = data["bulb_deck"]
        raw_patterns = data["patterns"]
        events = tuple(data["events"])
        characters = tuple(data["characters"])
        pairs = tuple((str(a), str(b)) for a, b in data["character_pairs"])
        presents = data["presents"]
    except (KeyError, TypeError, ValueError) as err:
        raise ContentError(f"box data is missing or misshapes a field: {err}") from err
    if not isinstance(deck, dict) or set(deck) != set(BULB_KINDS):
        raise ContentError(f"bulb_deck must give a count for each of {', '.join(BULB_KINDS)}")
    if not all(type(n) is int and n >= 0 for n in deck.values()):
        raise ContentError("bulb_deck counts must be whole numbers >= 0")
    patterns = []
    for p in raw_patterns:
        lights = tuple(p["lights"])
        if len(lights) != 5 or len(set(lights)) != 5 or not set(lights) <= set(COLOURS):
            raise ContentError(f"pattern {p.get('id')!r} must show five different colours")
        patterns.append(Pattern(str(p["id"]), lights, str(p.get("status", "ours"))))
    if len({p.id for p in patterns}) != len(patterns):
        raise ContentError("pattern ids must be unique")
    if len(set(characters)) != len(characters) or "santa" not in characters:
        raise ContentError("characters must be distinct and include santa")
    paired = [c for pair in pairs for c in pair]
    if sorted(paired) != sorted(characters):
        raise ContentError("character_pairs must pair every character exactly once")
    if type(presents) is not int or presents < 0:
        raise ContentError("presents must be a whole number >= 0")
    return Content(dict(deck), tuple(patterns), events, characters, pairs, presents)


def _load_default() -> Content:
    text = resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8")
    return parse_content(json.loads(text))


#: The box as content.json lists it.
CONTENT: Content = _load_default()

#: Every Pattern card's lights, by its id (``P05``): the box's data, public.
_PATTERN_LIGHTS: dict[str, tuple[str, ...]] = {p.id: p.lights for p in CONTENT.patterns}


def pattern_card(pattern_id: str) -> dict[str, Any]:
    """A Pattern card as the views spell it (``{"id", "lights"}``), from its id (the
    table models draw a Pattern card the view names by its id only)."""
    return {"id": pattern_id, "lights": list(_PATTERN_LIGHTS[pattern_id])}
