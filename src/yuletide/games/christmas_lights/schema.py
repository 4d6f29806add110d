"""The view vocabulary every Christmas Lights game shares: bulb kinds, characters and
Pattern cards, as schema fields (each room's ``view.py`` builds on them)."""

from __future__ import annotations

from yuletide.core.schema import Each, Record, Token, tokens

COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
BULBS = (*COLOURS, "bubble", "broken", "plug")
CHARACTERS = ("santa", "mrs-claus", "elf-male", "elf-female", "reindeer", "snowman")
PATTERNS = tokens("P", 18)
LIGHTS5 = Each(Token(COLOURS), 5)
PATTERN = Record(id=Token(PATTERNS), lights=LIGHTS5)
