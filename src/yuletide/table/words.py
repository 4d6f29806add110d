"""Helpers shared by the table models of the Christmas Lights bonus games Blink, Check
the Box, Deck the Yard, Festival of Lights, Jingle Bell Run and Solo Lights: card kinds
in words, hands, piles and decks with their counts, and the result of a solo game.

Everything here reads view data only (names of card kinds, counts), like the models.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from yuletide.table.bulbs import CHARACTER_NAMES, COLOURS, bulb, bulb_label, character
from yuletide.table.model import Breakdown, Card, Marker, Result, Zone, card, result, symbol, zone

#: Card kinds that are not Bulb cards, in words.
OTHER_WORDS: dict[str, str] = {
    "present": "Present",
    "power-surge": "Power Surge",
    "character": "Character card",
}


def words(kind: str) -> str:
    """A card kind in words with its glyph: ``Red ♥``, ``Bubble Bulb``, ``Santa``."""
    if kind in CHARACTER_NAMES:
        return CHARACTER_NAMES[kind]
    if kind in OTHER_WORDS:
        return OTHER_WORDS[kind]
    return bulb_label(kind)


def a(kind: str) -> str:
    """A card kind with an article where English wants one: ``a Bubble Bulb``, ``Red ♥``
    (a colour reads as the bulb's name), ``Santa``."""
    if kind in COLOURS or kind in CHARACTER_NAMES:
        return words(kind)
    return "a " + words(kind)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listing(items: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def tally(kinds: Iterable[str]) -> dict[str, int]:
    """How many of each kind, in the order first met."""
    out: dict[str, int] = {}
    for k in kinds:
        out[k] = out.get(k, 0) + 1
    return out


def many(n: int, kind: str) -> str:
    """``3 Red ♥``, ``2 Broken Bulbs``, ``1 Plug``: a count of a kind in words."""
    name = words(kind)
    if n != 1 and kind not in COLOURS and kind not in CHARACTER_NAMES:
        name += "s"
    return f"{n} {name}"


def count_words(counts: Mapping[str, int]) -> str:
    """``3 Red ♥, 2 Plugs`` (kinds in the order given)."""
    return ", ".join(many(n, k) for k, n in counts.items() if n) or "nothing"


def capital(text: str) -> str:
    """The text with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def possessive(seat: int | None, viewer: int | None) -> str:
    """``your`` for the viewer, else ``seat 3's``."""
    if seat is None:
        return "the table's"
    return "your" if seat == viewer else f"seat {seat + 1}'s"


def seat_title(seat: int, viewer: int | None) -> str:
    """A column or zone heading for a seat: ``You`` or ``Seat 3``."""
    return "You" if seat == viewer else f"Seat {seat + 1}"


def any_card(
    id: str,
    kind: str,
    *,
    knowledge: Sequence[str] = (),
    markers: Sequence[Marker] = (),
    detail: str | None = None,
    label: str | None = None,
) -> Card:
    """A face-up card of any Christmas Lights kind (bulb, special, Present, Power Surge,
    a named or an anonymous Character card)."""
    if kind in CHARACTER_NAMES:
        out = character(id, kind)
    elif kind == "character":
        out = card(
            id,
            kind="character",
            label="Character card",
            shapes=[symbol("character", "Character card", glyph="☺")],
            markers=markers,
            detail=detail,
        )
    else:
        out = bulb(id, kind, knowledge=knowledge, markers=markers, detail=detail)
    if markers and "markers" not in out:
        out["markers"] = list(markers)
    if detail and "detail" not in out:
        out["detail"] = detail
    if label is not None:
        out["label"] = label
    return out


def hand_zone(
    seat: int,
    viewer: int | None,
    kinds: Sequence[str] | None,
    size: int,
    *,
    knowledge: Sequence[Sequence[str]] = (),
    note: str | None = None,
    label: str | None = None,
    markers: Sequence[Marker] = (),
) -> Zone:
    """A seat's hand, ``hand:<seat>``: its cards face up when the view shows them
    (``kinds``), else ``size`` backs, the i-th with ``knowledge[i]`` (what the viewer
    knows of it)."""
    zid = f"hand:{seat}"
    if kinds is not None:
        cards = [any_card(f"{zid}:{i + 1}", k) for i, k in enumerate(kinds)]
        size = len(cards)
    else:
        cards = [
            card(
                f"{zid}:{i + 1}", face="down", knowledge=knowledge[i] if i < len(knowledge) else ()
            )
            for i in range(size)
        ]
    title = label or ("Your hand" if seat == viewer else f"Seat {seat + 1}'s hand")
    return zone(
        zid,
        "hand",
        f"{title} ({plural(size, 'card')})",
        cards,
        owner=seat,
        count=size,
        note=note,
        markers=markers,
    )


def card_of(hand: Sequence[str] | None, kind: str, seat: int, nth: int = 1) -> str:
    """The id of the ``nth`` card of ``kind`` in ``seat``'s face-up hand (for a prompt's
    refs), or the hand zone when it holds none."""
    if hand is not None:
        seen = 0
        for i, k in enumerate(hand):
            if k == kind:
                seen += 1
                if seen == nth:
                    return f"hand:{seat}:{i + 1}"
    return f"hand:{seat}"


def pile_zone(
    id: str,
    label: str,
    kinds: Sequence[str],
    *,
    owner: int | None = None,
    note: str | None = None,
    markers: Sequence[Marker] = (),
) -> Zone:
    """A face-up pile: its top card (the last of ``kinds``) and a count, with what is in
    it counted by kind in the note (public: every card in it was seen)."""
    cards = [any_card(f"{id}:top", kinds[-1])] if kinds else []
    inside = f"In it: {count_words(tally(sorted(kinds, key=_kind_order)))}." if kinds else "Empty."
    text = " ".join(t for t in (note, inside) if t)
    return zone(
        id,
        "pile",
        f"{label} ({plural(len(kinds), 'card')})",
        cards,
        owner=owner,
        count=len(kinds),
        note=text,
        markers=markers,
    )


def counts_row(
    id: str,
    label: str,
    counts: Mapping[str, int],
    *,
    owner: int | None = None,
    note: str | None = None,
) -> Zone:
    """A face-up pile whose order does not matter, one card per kind with its count
    (``<id>:<kind>``: a content id, stable as the counts change)."""
    cards = [
        any_card(f"{id}:{k}", k, label=f"{words(k)} ×{n}", detail=f"{plural(n, 'card')}")
        for k, n in counts.items()
        if n
    ]
    total = sum(counts.values())
    return zone(
        id, "row", f"{label} ({plural(total, 'card')})", cards, owner=owner, count=total, note=note
    )


def deck_zone(
    id: str,
    label: str,
    count: int,
    *,
    contents: Mapping[str, int] | None = None,
    note: str | None = None,
) -> Zone:
    """A face-down deck: a count only; ``contents`` (a memory aid some views give: what
    is still in it, never its order) goes in the note."""
    parts = [note] if note else []
    if contents:
        parts.append(f"Still in it (order unknown): {count_words(contents)}.")
    return zone(
        id, "deck", f"{label} ({plural(count, 'card')})", count=count, note=" ".join(parts) or None
    )


def solo_result(
    view: Mapping[str, Any],
    viewer: int | None,
    *,
    won: str,
    lost: str,
    rows: Sequence[Sequence[Any]],
    score_label: str,
) -> Result:
    """The end of a solo game: a win or a loss in words (``won``/``lost`` headlines; the
    turn limit's own words when it was cut off), and the breakdown rows (label, value
    for the one seat)."""
    outcome = view["outcome"]
    status = outcome.get("status")
    headline = None if status == "unfinished" else (won if outcome.get("winners") else lost)
    breakdown: Breakdown = {
        "columns": ["", seat_title(0, viewer)],
        "rows": [list(r) for r in rows],
    }
    return result(
        outcome,
        1,
        viewer,
        headline=headline,
        breakdown=breakdown,
        score_label=score_label,
    )


_ORDER = (
    *COLOURS,
    "bubble",
    "broken",
    "plug",
    "present",
    "power-surge",
    "character",
    *CHARACTER_NAMES,
)


def _kind_order(kind: str) -> int:
    return _ORDER.index(kind) if kind in _ORDER else len(_ORDER)


def sort_kinds(kinds: Iterable[str]) -> list[str]:
    """Kinds in the box's order: colours, then the specials, then characters."""
    return sorted(kinds, key=_kind_order)
