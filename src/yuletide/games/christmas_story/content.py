"""The A Christmas Story box as data, validated when loaded.

Its components are described in docs/rules/christmas-story.md.

The data ships as ``content.json`` beside this module and is read once at import (the
one file the rules read: package data, not the world). A player who owns the real box
can pass their own data to :func:`parse_content`, which checks it the same way: the
rules index the five card kinds by position, so their ids and types are fixed, while
names, codes, the Present counts and the token colours may change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: The card kinds, in the fixed order the rules index them by.
KIND_IDS: tuple[str, ...] = ("decoder-pin", "bb-gun", "scut-farkus", "grover-dill", "present")
KIND_TYPES: tuple[str, ...] = ("prize", "prize", "bully", "bully", "present")


class ContentError(ValueError):
    """Box data that breaks a rule of the box; says which."""


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    name: str
    code: str
    type: str
    count: int


@dataclass(frozen=True, slots=True)
class Content:
    kinds: tuple[CardKind, ...]
    presents_by_players: dict[int, int]
    dealt_each: int
    middle: int
    token_colours: tuple[str, ...]
    token_letters: tuple[str, ...]
    tokens_per_colour: int
    leg_lamps: int

    @property
    def min_players(self) -> int:
        return min(self.presents_by_players)

    @property
    def max_players(self) -> int:
        return max(self.presents_by_players)

    def counts(self, players: int) -> tuple[int, ...]:
        """How many cards of each kind a game of ``players`` uses (Set Up 1)."""
        return (*(k.count for k in self.kinds[:-1]), self.presents_by_players[players])

    def box_total(self) -> int:
        return sum(k.count for k in self.kinds)


def _fail(what: str) -> ContentError:
    return ContentError(f"christmas-story box data: {what}")


def parse_content(data: Any) -> Content:
    """Validated A Christmas Story box data, or ContentError naming the broken rule."""
    if not isinstance(data, dict):
        raise _fail("must be a JSON object")
    want = (
        "cards",
        "presents_by_players",
        "dealt_each",
        "middle",
        "peek_token_colours",
        "peek_tokens_per_colour",
        "leg_lamps",
    )
    for key in want:
        if key not in data:
            raise _fail(f"has no {key!r} field")
    cards = data["cards"]
    if not isinstance(cards, list) or len(cards) != len(KIND_IDS):
        raise _fail(f"'cards' must list the {len(KIND_IDS)} kinds {', '.join(KIND_IDS)}")
    kinds = []
    for i, card in enumerate(cards):
        if not isinstance(card, dict) or not all(
            isinstance(card.get(k), str) for k in ("id", "name", "code", "type")
        ):
            raise _fail(f"card {i} must be an object with text id, name, code and type")
        if card["id"] != KIND_IDS[i] or card["type"] != KIND_TYPES[i]:
            raise _fail(
                f"card {i} must be {KIND_IDS[i]!r} of type {KIND_TYPES[i]!r},"
                f" got {card['id']!r} of type {card['type']!r}"
            )
        count = card.get("count")
        if type(count) is not int or count < 1:
            raise _fail(f"card {card['id']!r} count must be a whole number >= 1")
        if KIND_TYPES[i] != "present" and count != 1:
            raise _fail(f"there is exactly one {card['id']!r} card, got {count}")
        kinds.append(CardKind(card["id"], card["name"], card["code"], card["type"], count))
    if len({k.code for k in kinds}) != len(kinds):
        raise _fail("card codes must be distinct")
    dealt, middle = data["dealt_each"], data["middle"]
    if dealt != 2 or middle != 3:
        raise _fail("the rules deal two cards to each player and three to the middle")
    raw = data["presents_by_players"]
    if not isinstance(raw, dict) or not raw:
        raise _fail("'presents_by_players' must map player counts to Present counts")
    presents: dict[int, int] = {}
    for key, value in raw.items():
        if not (isinstance(key, str) and key.isdigit()) or type(value) is not int:
            raise _fail("'presents_by_players' maps whole-number player counts to whole numbers")
        players = int(key)
        if players < 2:
            raise _fail(f"a game needs at least 2 players, got {players}")
        if not 0 <= value <= kinds[-1].count:
            raise _fail(
                f"{players} players use {value} Presents, but the box holds {kinds[-1].count}"
            )
        if dealt * players + middle != 4 + value:
            raise _fail(
                f"{players} players with {value} Presents: {4 + value} cards cannot be dealt"
                f" {dealt} each with {middle} left in the middle"
            )
        presents[players] = value
    colours = data["peek_token_colours"]
    if not isinstance(colours, list) or not all(
        isinstance(c, dict)
        and isinstance(c.get("colour"), str)
        and isinstance(c.get("letter"), str)
        for c in colours
    ):
        raise _fail("'peek_token_colours' must list objects with a colour and a letter")
    names = tuple(c["colour"] for c in colours)
    letters = tuple(c["letter"] for c in colours)
    if len(set(names)) != len(names) or len(set(letters)) != len(letters):
        raise _fail("Peek token colours and their letters must be distinct")
    if len(names) < max(presents):
        raise _fail(f"{max(presents)} players need {max(presents)} Peek token colours")
    per = data["peek_tokens_per_colour"]
    most = 4 + max(presents.values())
    if type(per) is not int or per < most:
        raise _fail(f"each colour needs a Peek token for each of the {most} cards in play")
    if data["leg_lamps"] != 1:
        raise _fail("there is one Leg Lamp marker")
    return Content(tuple(kinds), presents, dealt, middle, names, letters, per, 1)


def _load_default() -> Content:
    text = resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8")
    return parse_content(json.loads(text))


#: The box as content.json lists it.
CONTENT: Content = _load_default()
