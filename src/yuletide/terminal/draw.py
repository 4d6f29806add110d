"""The table model as terminal text (Rich ``Text``): cards, zones, seats, the result.

Every colour comes with its glyph and name (the model's palette), and every state a
card can be in is shown by a mark as well as a style, so nothing is told by colour
alone and ``--mono`` loses nothing:

* ``▶`` the cursor (the card Space picks), ``›`` a card you may pick now,
  ``✓`` a card you picked for the move you are making, ``◆`` what the last move touched.

Cards keep their words together (non-breaking spaces), so a line wraps between cards,
never inside one. Nothing here names a game: it reads the model.
"""  # noqa: RUF002 (the marks themselves)

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from ..table.model import PALETTE, Card, Colour, Marker, Result, SeatInfo, Table, Zone, colour

NBSP = "\u00a0"

#: A marker's glyph when the model gives none (the browser's cards.js uses the same).
MARKER_GLYPH = {
    "character": "☺",
    "elf": "✦",
    "peek-token": "◉",
    "leg-lamp": "♨",
    "blinking": "✺",
    "santa": "★",
    "token": "●",
    "turn": "▶",
    "team": "⚑",
    "call": "!",
}


@dataclass
class Marks:
    """What to mark on the table: the cursor, what may be picked, what was picked, and
    what the last move touched (all ids of cards, zones or ``seat:N``)."""

    cursor: str | None = None
    pickable: Collection[str] = ()
    picked: Collection[str] = ()
    last: Collection[str] = ()
    mono: bool = False
    seat_last: dict[int, str] = field(default_factory=dict)


def _tie(text: str) -> str:
    return text.replace(" ", NBSP)


def colour_style(c: Colour, mono: bool) -> str:
    return "reverse" if mono else f"{c['ink']} on {c['fill']}"


def swatch(c: Colour, mono: bool) -> Text:
    """A colour as its glyph and name on its fill."""
    return Text(_tie(f"{c['glyph']} {c['label']}"), style=colour_style(c, mono))


def marker_text(m: Marker, mono: bool, *, with_label: bool = True) -> Text:
    glyph = (
        m.get("glyph")
        or (m["colour"]["glyph"] if "colour" in m else "")
        or MARKER_GLYPH.get(m["kind"], "•")
    )
    text = Text(glyph, style=colour_style(m["colour"], mono) if "colour" in m else "bold")
    if with_label:
        text.append(" " + m["label"])
    return text


def _prefix(cid: str, marks: Marks) -> tuple[str, str]:
    """The mark before a card and the style it adds."""
    if cid == marks.cursor:
        return "▶", "bold reverse" if marks.mono else "bold black on bright_white"
    if cid in marks.picked:
        return "✓", "bold"
    if cid in marks.pickable:
        return "›", "bold underline"
    if cid in marks.last:
        return "◆", "italic"
    return "", ""


def card_text(c: Card, marks: Marks, *, compact: bool = False) -> Text:
    """One card: its face (colour with glyph and name, or symbols and bulbs), what you
    know of it if it is hidden, and its markers."""
    mark, extra = _prefix(c["id"], marks)
    out = Text(mark, style=extra)
    label = c.get("label", "")
    face = c["face"]
    known = list(c.get("knowledge", []))
    if face == "down":
        if compact and known:
            # a remembered card, tight: the colours it is known by as glyphs, or the
            # words when there are none ("you know it: Plug")
            out.append("▒", style=extra or "dim")
            glyphs = _glyphs(" ".join(known), marks.mono)
            if glyphs.plain:
                out.append_text(glyphs)
                known = []
        else:
            back = "▒▒" if compact or label == "Hidden card" else "▒" + NBSP + _tie(label)
            out.append(back, style=extra or "dim")
    elif face == "slot":
        bare = compact or label == "Empty slot" or label.lower().endswith("empty")
        body = "[" + NBSP + NBSP + "]" if bare else "[" + _tie(label) + "]"
        out.append(body, style=extra or "dim")
    else:
        col = c.get("colour")
        if col is not None:
            word = label if col["glyph"] in label else f"{col['glyph']} {label}"
            out.append(_tie(word), style=colour_style(col, marks.mono))
        else:
            lead = _lead(c, marks.mono)
            if lead.plain:
                out.append_text(lead)
                out.append(NBSP)
            out.append(_tie(label), style=extra or "bold")
    if extra and face == "up" and c.get("colour") is not None:
        out.stylize(extra, 0, len(mark))
    for k in known:
        out.append(NBSP + "(" + _tie(k) + ")", style="italic")
    for m in c.get("markers", []):
        out.append(NBSP)
        out.append_text(marker_text(m, marks.mono, with_label=False))
    return out


def _lead(c: Card, mono: bool) -> Text:
    """A face-up card's pictures as glyphs: symbols, wires of bulbs, half-lights, colours."""
    lead = Text()
    for s in c.get("shapes", []):
        if s["type"] == "symbol" and s.get("glyph"):
            lead.append(s["glyph"])
        elif s["type"] == "wire":
            for b in s["bulbs"]:
                lead.append(b["glyph"], style=colour_style(b, mono))
            lead.append("/")
        elif s["type"] == "half-light" and "colour" in s:
            lead.append("◖" if s["side"] in ("L", "UL", "LL") else "◗")
            lead.append(s["colour"]["glyph"], style=colour_style(s["colour"], mono))
    for col2 in c.get("colours", []):
        lead.append(col2["glyph"], style=colour_style(col2, mono))
    return lead


_BY_GLYPH = {glyph: name for name, (glyph, _fill, _ink) in PALETTE.items()}


def _glyphs(text: str, mono: bool) -> Text:
    """The palette glyphs in ``text``, each on its colour."""
    out = Text()
    for ch in text:
        if ch in _BY_GLYPH:
            out.append(ch, style=colour_style(colour(_BY_GLYPH[ch]), mono))
    return out


def _flow(cards: Sequence[Card], marks: Marks, compact: bool) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, marks, compact=compact))
    return out


def _cell_text(c: Card, marks: Marks, width: int) -> Text:
    t = card_text(c, marks, compact=True)
    t.truncate(width, overflow="ellipsis", pad=True)
    return t


def _rows(rows: Sequence[Sequence[Card | None]], marks: Marks, width: int) -> Text:
    """Cards laid out in rows and columns (a grid, a board, a pyramid), each cell as wide
    as the width allows."""
    ncols = max((len(r) for r in rows), default=1) or 1
    cell = max(4, min(18, (width - 1) // ncols - 1))
    out = Text()
    for i, row in enumerate(rows):
        if i:
            out.append("\n")
        for j, c in enumerate(row):
            if j:
                out.append(" ")
            out.append_text(_cell_text(c, marks, cell) if c else Text(" " * cell))
    return out


def zone_body(z: Zone, marks: Marks, width: int) -> Text:
    """The cards of a zone laid out as its kind says."""
    cards = z["cards"]
    kind = z["kind"]
    if kind == "deck" or (kind == "pile" and not cards):
        n = z.get("count", len(cards))
        return Text(f"{n} card{'s' if n != 1 else ''}", style="dim")
    if kind == "grid" and z.get("columns"):
        cols = z.get("columns") or 1
        return _rows([cards[i : i + cols] for i in range(0, len(cards), cols)], marks, width)
    if kind in ("board", "grid") and cards and all("cell" in c for c in cards):
        rs = [c["cell"][0] for c in cards]
        cs = [c["cell"][1] for c in cards]
        r0, c0 = min(rs), min(cs)
        grid: list[list[Card | None]] = [
            [None] * (max(cs) - c0 + 1) for _ in range(max(rs) - r0 + 1)
        ]
        for c in cards:
            grid[c["cell"][0] - r0][c["cell"][1] - c0] = c
        if len(grid[0]) * 5 <= width:
            return _rows(grid, marks, width)
    if kind == "pyramid" and cards and all("cell" in c for c in cards):
        by_row: dict[int, list[Card]] = {}
        for c in cards:
            by_row.setdefault(c["cell"][0], []).append(c)
        lines = [sorted(r, key=lambda c: c["cell"][1]) for _, r in sorted(by_row.items())]
        longest = max(len(r) for r in lines)
        cell = max(4, min(14, (width - 1) // longest - 1))
        out = Text()
        for i, row in enumerate(lines):
            if i:
                out.append("\n")
            out.append(" " * ((longest - len(row)) * (cell + 1) // 2))
            for j, c in enumerate(row):
                if j:
                    out.append(" ")
                out.append_text(_cell_text(c, marks, cell))
        return out
    if kind == "pyramid":
        rows: list[list[Card | None]] = []
        i, n = 0, 1
        while i < len(cards):
            rows.append(list(cards[i : i + n]))
            i, n = i + n, n + 1
        return _rows(rows, marks, width)
    if kind == "pile":
        out = Text()
        out.append_text(_flow(cards[-1:], marks, compact=False))
        n = z.get("count", len(cards))
        out.append(f" ({n} in the pile)", style="dim")
        return out
    # a hand's hidden cards are backs (their words are on the cursor line when picked)
    return _flow(cards, marks, compact=kind == "hand")


def zone_text(z: Zone, marks: Marks, width: int, *, notes: bool, short: bool = False) -> Text:
    """A zone: its label (marked if it may be picked; ``short``: up to its first colon
    or bracket), its cards, and its note."""
    mark, extra = _prefix(z["id"], marks)
    head = Text(mark, style=extra)
    head.append(short_label(z["label"]) if short else z["label"], style="bold")
    for m in z.get("markers", []):
        head.append(" ")
        head.append_text(marker_text(m, marks.mono))
    body = zone_body(z, marks, width)
    if "\n" in body.plain:  # a grid, a board, a tree: below its label
        first = body.plain.split("\n", 1)[0]
        blank = len(first) - len(first.lstrip(" "))
        if blank > head.cell_len + 1:  # the tree's top row is short: the label beside it
            head.append(" " * (blank - head.cell_len))
            head.append_text(body[blank:])
            body = Text()
        else:
            head.append("\n")
    else:  # a row of cards runs on after its label and wraps between cards
        head.append(": ")
    head.append_text(body)
    if notes and z.get("note"):
        head.append("\n  " + str(z.get("note")), style="dim italic")
    return head


def tight_card(c: Card, marks: Marks) -> Text:
    """A card in a glyph or two (another seat's area when the screen is short): a back
    ▒ (with the colours it is known by), a colour's glyph on its fill, a card's symbols,
    else a short word; the marks stay."""
    mark, extra = _prefix(c["id"], marks)
    out = Text(mark, style=extra)
    face = c["face"]
    if face == "down":
        known = " ".join(c.get("knowledge", []))
        glyphs = _glyphs(known, marks.mono)
        if known and not glyphs.plain:  # known in words only ("Broken Bulb"): keep them
            return card_text(c, marks, compact=True)
        out.append("▒", style=extra or "dim")
        out.append_text(glyphs)
    elif face == "slot":
        out.append("[" + NBSP + "]", style=extra or "dim")
    else:
        col = c.get("colour")
        if col is not None:
            out.append(col["glyph"], style=colour_style(col, marks.mono))
        else:
            lead = _lead(c, marks.mono)
            if lead.plain:
                out.append_text(lead)
            else:
                word = c.get("label", "").split(" ")[0][:8] or "?"
                out.append(word, style=extra or "bold")
    for m in c.get("markers", []):
        out.append_text(marker_text(m, marks.mono, with_label=False))
    return out


def tight_zone(z: Zone, marks: Marks, owner: str | None = None) -> Text:
    """A zone on part of a line: its label (without the owner's name), then its cards as
    glyphs, or how many there are when they are laid out in rows (a tree, a board)."""
    label = z["label"]
    if owner and label.startswith(owner + "'s "):
        label = label[len(owner) + 3 :]
    elif not owner:
        label = short_label(label)
    mark, extra = _prefix(z["id"], marks)
    out = Text(mark, style=extra)
    out.append(label, style="dim")
    for m in z.get("markers", []):
        out.append(NBSP)
        out.append_text(marker_text(m, marks.mono, with_label=False))
    out.append(": ", style="dim")
    cards = z["cards"]
    laid = z["kind"] in ("grid", "board", "pyramid") or any("cell" in c for c in cards)
    if z["kind"] == "deck" or not cards or laid:
        n = z.get("count", len(cards)) if z["kind"] in ("deck", "pile") else len(cards)
        filled = sum(1 for c in cards if c["face"] != "slot")
        if laid and filled < len(cards):  # a tree with empty places
            out.append(f"{filled} of {len(cards)} places filled", style="dim")
        else:
            out.append(f"{n} card{'s' if n != 1 else ''}", style="dim")
        return out
    if z["kind"] == "pile":
        out.append_text(tight_card(cards[-1], marks))
        out.append(f" ({z.get('count', len(cards))})", style="dim")
        return out
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        # the middle's cards keep their names (the line is cut where it must be)
        out.append_text(tight_card(c, marks) if owner else card_text(c, marks, compact=True))
    return out


def short_label(label: str) -> str:
    """A zone's name without its explanation ("Order cards", not "Order cards: move your
    elf to one to claim its decoration card")."""
    return label.split(": ", 1)[0].split(" (", 1)[0]


def _picks_in(z: Zone, marks: Marks) -> bool:
    """Whether anything in the zone may be picked now (then it is drawn in full)."""
    return bool(marks.pickable) and any(c["id"] in marks.pickable for c in z["cards"])


def _joined(parts: Sequence[Text], sep: str = " · ") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep, style="dim")
        out.append_text(p)
    return out


def seat_text(s: SeatInfo, marks: Marks, *, tight: bool = False) -> Text:
    """A seat's line: its name, whether it is to act, its score, its last move."""
    ref = f"seat:{s['seat']}"
    mark, extra = _prefix(ref, marks)
    out = Text(mark, style=extra)
    out.append(("▸ " if s["to_act"] else "  ") + s["label"], style="bold" if s["you"] else "")
    if s.get("score"):
        out.append(f" · {s.get('score')}")
    if s.get("detail") and (s["you"] or not tight):
        out.append(f" · {s.get('detail')}", style="dim")
    for m in s.get("markers", []):
        out.append(" ")
        # the first clause only ("Santa's holder"): the whole label shows in the help line
        short: Marker = {**m, "label": m["label"].split(":")[0]}
        out.append_text(marker_text(short, marks.mono, with_label=not tight))
    last = marks.seat_last.get(s["seat"])
    if last and not s["you"]:
        if last.startswith(s["label"] + " "):
            last = last[len(s["label"]) + 1 :]  # "played Red ♥", on the player's own line
        out.append(" — " if tight else "\n    last: ", style="dim")
        out.append(last, style="italic")
    return out


def split(model: Table) -> tuple[list[Zone], list[Zone]]:
    """The zones of your own area, and all the others (the middle, other seats)."""
    me = model["seat"]
    mine = [z for z in model["zones"] if me is not None and z.get("owner") == me]
    rest = [z for z in model["zones"] if not (me is not None and z.get("owner") == me)]
    return mine, rest


def table_text(model: Table, marks: Marks, width: int, *, notes: bool, tight: bool = False) -> Text:
    """Everything but your own area: the seats (each with its zones), then the middle.
    ``tight`` (a short screen): each other seat in two lines (its name, score, markers and
    last move; then its zones as glyphs), the middle's piles on one line."""
    if tight:
        return _tight_table(model, marks, width, notes=notes)
    out = Text()
    _, rest = split(model)
    if model["markers"]:
        for m in model["markers"]:
            out.append_text(marker_text(m, marks.mono))
            out.append("\n")
    by_owner, middle = _by_owner(rest)
    for s in model["seats"]:
        if s["you"]:
            continue
        out.append_text(seat_text(s, marks))
        out.append("\n")
        for z in by_owner.get(s["seat"], []):
            if _blank(z, marks):
                continue  # another seat's empty place: nothing to see
            out.append("  ")
            out.append_text(zone_text(z, marks, width - 2, notes=notes))
            out.append("\n")
    for z in middle:
        out.append_text(zone_text(z, marks, width, notes=notes))
        out.append("\n")
    out.rstrip()
    return out


def _by_owner(zones: list[Zone]) -> tuple[dict[int, list[Zone]], list[Zone]]:
    """Each seat's zones, and the middle's (the zones of no seat)."""
    by_owner: dict[int, list[Zone]] = {}
    middle: list[Zone] = []
    for z in zones:
        owner = z.get("owner")
        if owner is None:
            middle.append(z)
        else:
            by_owner.setdefault(owner, []).append(z)
    return by_owner, middle


def _tight_table(model: Table, marks: Marks, width: int, *, notes: bool) -> Text:
    lines: list[Text] = []
    _, rest = split(model)
    if model["markers"]:
        lines.append(_joined([marker_text(m, marks.mono) for m in model["markers"]], "  "))
    by_owner, middle = _by_owner(rest)
    for s in model["seats"]:
        if s["you"]:
            continue
        lines.append(_cut(seat_text(s, marks, tight=True), width))
        zones = [z for z in by_owner.get(s["seat"], []) if not _blank(z, marks)]
        full = [z for z in zones if _picks_in(z, marks)]
        parts = [tight_zone(z, marks, s["label"]) for z in zones if z not in full]
        if s.get("detail"):
            parts.append(Text(str(s.get("detail")), style="dim"))
        if parts:
            lines.append(_cut(Text("    ") + _joined(parts), width))
        for z in full:
            lines.append(Text("  ") + zone_text(z, marks, width - 2, notes=notes))
    heaps = [z for z in middle if z["kind"] in ("deck", "pile") and not _picks_in(z, marks)]
    if heaps:
        lines.append(_cut(_joined([tight_zone(z, marks) for z in heaps]), width))
    for z in middle:
        if z in heaps:
            continue
        if _picks_in(z, marks) or z["kind"] in ("grid", "board", "pyramid"):
            lines.append(zone_text(z, marks, width, notes=notes, short=True))
        elif not _blank(z, marks):
            lines.append(_cut(tight_zone(z, marks), width))
    return Text("\n").join(lines)


def _cut(text: Text, width: int) -> Text:
    """One line of at most ``width`` cells (… where it is cut)."""
    text.truncate(width, overflow="ellipsis")
    return text


def _blank(z: Zone, marks: Marks) -> bool:
    """A zone with nothing to show: no cards, no count, no markers, not to be picked."""
    return not (z["cards"] or z.get("count") or z.get("markers") or z["id"] in marks.pickable)


def mine_text(model: Table, marks: Marks, width: int, *, notes: bool, tight: bool = False) -> Text:
    """Your own area: your seat line and your zones (always on screen); ``tight``: your
    markers as glyphs (their words are in the help line and the log)."""
    out = Text()
    mine, _ = split(model)
    for s in model["seats"]:
        if s["you"]:
            out.append_text(seat_text(s, marks, tight=tight))
            out.append("\n")
    # your hand first: on a short screen it is what must stay in sight
    for z in sorted(mine, key=lambda z: z["kind"] != "hand"):
        if _blank(z, marks):
            continue
        out.append_text(zone_text(z, marks, width, notes=notes))
        out.append("\n")
    out.rstrip()
    return out


def result_text(result: Result, model: Table, width: int = 80) -> Text:
    """The end: the headline, each seat's score and rank, the tie-break, the breakdown
    (a table when it fits in ``width``, else one line a player)."""
    out = Text(result["headline"], style="bold")
    if result["reason"]:
        out.append(f" — {result['reason']}")
    scores, ranks = result["scores"], result["ranks"]
    names = {s["seat"]: s["label"] for s in model["seats"]}
    if scores is not None or ranks is not None:
        for seat in range(model["players"]):
            out.append("\n  " + names.get(seat, f"Seat {seat + 1}"))
            if scores is not None and seat < len(scores):
                out.append(f": {result['score_label']} {scores[seat]:g}")
            if ranks is not None and seat < len(ranks):
                out.append(f" (place {ranks[seat]})")
            if seat in result["winners"]:
                out.append(" ★ wins", style="bold")
    if result["tiebreak"]:
        out.append(f"\nTie-break: {result['tiebreak']}")
    bd = result.get("breakdown")
    if bd:
        table: list[list[str]] = [list(bd["columns"])]
        table += [["" if v is None else str(v) for v in row] for row in bd["rows"]]
        widths = [max(len(r[i]) for r in table if i < len(r)) for i in range(len(table[0]))]
        out.append("\n")
        if sum(widths) + 2 * (len(widths) - 1) <= width:
            for cells in table:
                row = "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=False))
                out.append("\n" + row.rstrip())
        else:  # too wide for the screen: each player's column as a line of its own
            for j, who in enumerate(table[0][1:], 1):
                parts = [f"{r[0]} {r[j]}" for r in table[1:] if j < len(r) and r[j]]
                out.append(f"\n{who}: ", style="bold")
                out.append(" · ".join(parts))
    return out


def describe_ref(model: Table, ref: str) -> str:
    """A picked thing in words (for the line that says what the cursor is on)."""
    if ref.startswith("seat:"):
        n = int(ref.split(":")[1])
        for s in model["seats"]:
            if s["seat"] == n:
                return s["label"]
    for z in model["zones"]:
        if z["id"] == ref:
            return z["label"]
        for c in z["cards"]:
            if c["id"] == ref:
                return c.get("detail") or f"{c.get('label', '')} ({z['label']})"
    return ref


def find_line(text: Text, ref_mark: str = "▶") -> int:
    """The line of ``text`` the cursor is on (to scroll it into view), or -1."""
    for i, ln in enumerate(text.plain.split("\n")):
        if ref_mark in ln:
            return i
    return -1
