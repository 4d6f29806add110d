"""Twinkling Lights as a table: the board of Light tiles with their wires and bulbs drawn
as data, the tile in hand, the Pattern cards, the strands, and every placement offered
as one complete choice.

The board is a ``board`` zone. Each tile is a card with ``cell`` = (row, col) on screen,
row = -y and col = x of the engine's cell (x, y) (x grows to the east, y to the north),
so north is at the top as on the table; ids are ``board:x,y`` in the engine's own
column and row. Its wires are :func:`model.wire` shapes whose ports (N, E, S, W) are
given **after rotation, as drawn**: the client draws them as they are and never turns
them again (``rotation`` is said for the reader only); bulbs are listed from the first
port to the second. Every empty cell a tile may go is a ``slot`` card with its cell.

The engine asks a placement in three steps (``column x``, ``row y``, ``rotate d``; a
Broken Wire tile needs no rotation, so ``row y`` places it, reading
broken-wire-has-no-rotation). The prompt offers each complete legal placement as one
action sending the steps still to come, in order, computed from the view alone with the
game's pure geometry (the free cells next to tiles, plus every tile for a + tile), so the
client can keep the partial choice and the player can back out. Its refs are the target
cell, then the turn card of the chosen rotation (zone ``turns:<seat>``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.twinkling_lights.content import CONTENT
from yuletide.games.twinkling_lights.geometry import PORT_NAMES, Tile, Wire, neighbours
from yuletide.games.twinkling_lights.geometry import shows as strand_shows
from yuletide.table.model import (
    Card,
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    SeatInfo,
    Shape,
    Table,
    Zone,
    action,
    card,
    colour,
    line,
    marker,
    prompt,
    result,
    seat_info,
    seat_name,
    seat_names,
    symbol,
    wire,
    zone,
)
from yuletide.table.model import table as build_table

GAME = "twinkling-lights"
TITLE = "Twinkling Lights"
COLOURS: tuple[str, ...] = CONTENT.colours
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
#: Where a free cell lies from the tile its port faces: south of the tile to its north.
_TILE_NAMES = {"standard": "Light tile", "plus": "+ tile", "broken-wire": "Broken Wire tile"}
_KIND_OF = {t.name: t.kind for t in CONTENT.tiles}
_BROKEN_WIRE = "Broken Wire tile"

Cell = tuple[int, int]


# ---------------------------------------------------------------------- words


#: Each bulb colour in words with its glyph (colour is never the only cue).
_WORD: dict[str, str] = {c: f"{colour(c)['label']} {colour(c)['glyph']}" for c in COLOURS}


def _lights(names: Sequence[str]) -> str:
    """Colours in words with their glyphs: ``Purple ♠, Blue ♦, Yellow ★``."""
    return ", ".join(_WORD[c] for c in names)


def _their(seat: int | None, viewer: int | None) -> str:
    return "your" if seat is not None and seat == viewer else "their"


def _where(cell: Cell) -> str:
    """A cell in words, from the board's first tile (the middle): ``2 left of and 1
    below the middle tile`` (the engine's column and row stay in the notation)."""
    x, y = cell
    across = f"{abs(x)} {'right' if x > 0 else 'left'} of" if x else ""
    up = f"{abs(y)} {'above' if y > 0 else 'below'}" if y else ""
    if not (across or up):
        return "the middle tile"
    return " and ".join(p for p in (across, up) if p) + " the middle tile"


def _column(x: int) -> str:
    """A column in words: ``the column 2 left of the middle tile``."""
    if x == 0:
        return "the middle tile's column"
    return f"the column {abs(x)} {'right' if x > 0 else 'left'} of the middle tile"


def _cell_id(cell: Cell) -> str:
    return f"board:{cell[0]},{cell[1]}"


def _screen(cell: Cell) -> tuple[int, int]:
    """The engine's (x, y) as the model's (row, col): north at the top."""
    return (-cell[1], cell[0])


def _wires_text(wires: Sequence[Mapping[str, Any]]) -> str:
    if not wires:
        return "no wires: every strand that reaches it ends there"
    parts = [f"{w['ports'][0]}–{w['ports'][1]}: {_lights(w['bulbs'])}" for w in wires]
    return "wires " + "; ".join(parts)


def _tile_words(kind: str) -> str:
    """A tile as people call it (its kind; the tile's id stays in the data)."""
    return _BROKEN_WIRE if kind == "broken-wire" else _TILE_NAMES.get(kind, "Light tile")


def _the_tile_at(cell: Cell) -> str:
    """The tile on a cell, in words: ``the tile 2 left of the middle tile``."""
    return "the middle tile" if cell == (0, 0) else f"the tile {_where(cell)}"


def _wire_shapes(kind: str, wires: Sequence[Mapping[str, Any]]) -> list[Shape]:
    shapes: list[Shape] = [wire(w["ports"], w["bulbs"]) for w in wires]
    if kind == "plus":
        shapes.append(symbol("plus", "+ tile: may go on top of a tile", glyph="+"))
    elif kind == "broken-wire":
        shapes.append(symbol("broken-wire", "Broken wire: strands end here", glyph="✗"))
    return shapes


def _turned(wires: Sequence[Mapping[str, Any]], degrees: int) -> list[dict[str, list[str]]]:
    """A tile's wires (given at rotation 0) after ``degrees`` clockwise, with the
    game's own geometry."""
    tile = Tile(
        "hand",
        "standard",
        tuple(
            Wire(
                PORT_NAMES.index(w["ports"][0]),
                PORT_NAMES.index(w["ports"][1]),
                tuple(COLOURS.index(b) for b in w["bulbs"]),
            )
            for w in wires
        ),
    )
    turned = tile.at_rotation(degrees // 90) if wires else tile
    return [
        {
            "ports": [PORT_NAMES[w.start], PORT_NAMES[w.end]],
            "bulbs": [COLOURS[b] for b in w.bulbs],
        }
        for w in turned.wires
    ]


def _pattern_words(p: Mapping[str, Any]) -> str:
    return f"{p['id']} ({_lights(p['lights'])})"


def _back_words(back: str) -> str:
    n = 4 if back == "green" else 3
    return f"{n}-Pattern card ({back} back)"


# ---------------------------------------------------------------------- board


def _board(view: Mapping[str, Any]) -> dict[Cell, Mapping[str, Any]]:
    return {(e["cell"][0], e["cell"][1]): e for e in view["board"]}


def _free_cells(board: Mapping[Cell, Any]) -> list[Cell]:
    """The empty cells sharing an edge with a tile (where any tile may go)."""
    return sorted({n for c in board for n in neighbours(c) if n not in board})


def _targets(view: Mapping[str, Any], kind: str) -> list[Cell]:
    """Where the tile in hand may go, as the engine's ``cells_for``: a free cell next to
    a tile, or for a + tile also on top of any tile; sorted by x, then y."""
    board = _board(view)
    cells = _free_cells(board)
    if kind == "plus":
        cells = sorted({*cells, *board})
    return cells


def _board_zone(view: Mapping[str, Any], seat: int | None) -> Zone:
    board = _board(view)
    turn = view["turn"]
    target = view["target"] or []
    mark_cell: Cell | None = (target[0], target[1]) if len(target) == 2 else None
    goes = marker(
        "turn",
        f"{seat_name(turn, seat, capital=True)} chose this cell for {_their(turn, seat)} tile",
        glyph="◎",
    )
    cards = []
    for cell, e in sorted(board.items()):
        covers = e["covers"]
        detail = f"{_tile_words(e['kind'])} {_where(cell)}, turned {e['rotation']}°: "
        detail += _wires_text(e["wires"])
        if covers:
            detail += f"; on top of {len(covers)} tile{'s' if len(covers) > 1 else ''}"
        cards.append(
            card(
                _cell_id(cell),
                kind=e["kind"],
                label=_tile_words(e["kind"]),
                shapes=_wire_shapes(e["kind"], e["wires"]),
                cell=_screen(cell),
                rotation=e["rotation"],
                detail=detail,
                markers=[goes] if cell == mark_cell else (),
            )
        )
    for cell in _free_cells(board):
        cards.append(
            card(
                _cell_id(cell),
                face="slot",
                label=f"Empty cell ({_where(cell)})",
                cell=_screen(cell),
                detail=f"A tile may go here: {_where(cell)}",
                markers=[goes] if cell == mark_cell else (),
            )
        )
    note = "North is at the top. Wires are drawn as placed; bulbs run from port to port."
    if len(target) == 1:
        who = seat_name(turn, seat, capital=True)
        note = f"{who} chose {_column(target[0])} for {_their(turn, seat)} tile. " + note
    return zone("board", "board", "The board", cards, note=note)


def _strands_zone(view: Mapping[str, Any], mine: Sequence[Mapping[str, Any]]) -> Zone:
    cards = []
    for k, s in enumerate(view["strands"], 1):
        shape = "loop" if s["loop"] else "strand"
        cells = " → ".join(f"({x},{y})" for x, y in s["cells"])
        shown = [
            p["id"]
            for p in mine
            if strand_shows(
                [COLOURS.index(c) for c in s["lights"]],
                s["loop"],
                [COLOURS.index(c) for c in p["lights"]],
            )
        ]
        detail = f"A {shape} through {cells}" + (" (it wraps round)" if s["loop"] else "")
        if shown:
            detail += f"; it shows your {', '.join(shown)}"
        cards.append(
            card(
                f"strand:{k}",
                kind="strand",
                label=f"{'Loop' if s['loop'] else 'Strand'}: {_lights(s['lights'])}",
                colours=s["lights"],
                detail=detail,
            )
        )
    return zone(
        "strands",
        "row",
        "Strands of lights (a Pattern card scores on one strand, either way)",
        cards,
    )


# ---------------------------------------------------------------------- seats


def _hidden_tile_knowledge(view: Mapping[str, Any]) -> list[str]:
    """What every seat can tell of the tile another seat is placing: a cell chosen means
    not a Broken Wire tile (those need no rotation), a cell holding a tile a + tile; with
    the stack empty, it is one of the few tiles nobody has seen."""
    out: list[str] = []
    target = view["target"] or []
    board = _board(view)
    if len(target) == 2:
        if (target[0], target[1]) in board:
            out.append("a + tile: it goes on top of a tile")
        else:
            out.append("not a Broken Wire tile: it is being turned")
    if view["stack"] == 0:
        seen = [n for e in view["board"] for n in (e["tile"], *e["covers"])]
        held = sum(1 for s, h in enumerate(view["broken_wire_held"]) if h and s != view["turn"])
        unseen = [t.name for t in CONTENT.tiles if t.name not in seen]
        broken = [n for n in unseen if _KIND_OF[n] == "broken-wire"][held:]
        could = [n for n in unseen if _KIND_OF[n] != "broken-wire"]
        if out and out[0].startswith("a + tile"):
            could = [n for n in could if _KIND_OF[n] == "plus"]
        if broken and len(target) != 2:
            could.append(_BROKEN_WIRE)
        if len(could) == 1:
            out.append(f"it is {could[0]}: the only tile not on show")
        elif could:
            out.append("could be: " + ", ".join(could))
    return out


def _hand_zone(view: Mapping[str, Any], s: int, seat: int | None) -> Zone:
    """The tile ``s`` holds: the tile drawn (face up for its drawer), or a Broken Wire
    tile received (public: all Broken Wire tiles look alike)."""
    turn, mine = view["turn"], s == seat
    cards: list[Card] = []
    on_turn = s == turn and view["tile_in_hand"]
    held = view["broken_wire_held"][s]
    hand = view["hand_tile"] if mine and on_turn else None
    if hand is not None:
        cards.append(
            card(
                f"hand:{s}:1",
                kind=hand["kind"],
                label=f"{_tile_words(hand['kind'])} (your tile to place)",
                shapes=_wire_shapes(hand["kind"], hand["wires"]),
                detail=f"As drawn, not turned: {_wires_text(hand['wires'])}",
            )
        )
    elif held:
        when = "now, instead of drawing" if on_turn else "on the next turn, instead of drawing"
        cards.append(
            card(
                f"hand:{s}:1",
                kind="broken-wire",
                label=f"{_BROKEN_WIRE} (given to {seat_name(s, seat)})",
                shapes=_wire_shapes("broken-wire", []),
                detail=f"{_BROKEN_WIRE}: must be played {when}; it has no wires",
            )
        )
    elif on_turn:
        cards.append(
            card(
                f"hand:{s}:1",
                face="down",
                label="Light tile (drawn, not yet placed)",
                knowledge=_hidden_tile_knowledge(view),
            )
        )
    label = "Your tile" if mine else f"Seat {s + 1}'s tile"
    return zone(f"hand:{s}", "hand", label, cards, owner=s, count=len(cards))


def _turns_zone(hand: Mapping[str, Any], seat: int) -> Zone:
    """The tile in hand at each of its four turns: pick a cell, then one of these."""
    cards = []
    for d in ROTATIONS:
        wires = _turned(hand["wires"], d)
        how = "as drawn" if d == 0 else f"turned {d}° clockwise"
        cards.append(
            card(
                f"turns:{seat}:{d}",
                kind=hand["kind"],
                label=f"Your tile {how}",
                shapes=_wire_shapes(hand["kind"], wires),
                rotation=d,
                detail=f"Your tile {how}: {_wires_text(wires)}",
            )
        )
    return zone(
        f"turns:{seat}",
        "row",
        "Your tile at each turn (pick a cell on the board, then one of these)",
        cards,
        owner=seat,
    )


def _pattern_zones(view: Mapping[str, Any], s: int, seat: int | None) -> list[Zone]:
    mine = s == seat and view["patterns"] is not None
    ready = set(view["can_score"] or ()) if mine else set()
    cards = []
    if mine:
        for k, p in enumerate(view["patterns"], 1):
            detail = (
                f"{_back_words(p['back'])}: {_lights(p['lights'])}, consecutive on one strand,"
                " in this order or the reverse"
            )
            if p["id"] in ready:
                detail += "; a strand shows it now"
            cards.append(
                card(
                    f"patterns:{s}:{k}",
                    kind="pattern",
                    label=_pattern_words(p),
                    colours=p["lights"],
                    detail=detail,
                )
            )
    else:
        for k, back in enumerate(view["pattern_backs"][s], 1):
            cards.append(
                card(f"patterns:{s}:{k}", face="down", label=_back_words(back), colour_name=back)
            )
    scored = [
        card(
            f"scored:{s}:{k}",
            kind="pattern",
            label=_pattern_words(p),
            colours=p["lights"],
            detail=f"Scored {_back_words(p['back'])}: {_lights(p['lights'])}",
        )
        for k, p in enumerate(view["scored"][s], 1)
    ]
    who = "Your" if s == seat else f"Seat {s + 1}'s"
    return [
        zone(
            f"patterns:{s}",
            "hand",
            f"{who} Pattern cards to score",
            cards,
            owner=s,
            count=len(cards),
        ),
        zone(f"scored:{s}", "row", f"{who} scored Pattern cards", scored, owner=s),
    ]


def _seats(view: Mapping[str, Any], seat: int | None) -> list[SeatInfo]:
    out = []
    for s in range(view["players"]):
        scored = len(view["scored"][s])
        left = len(view["pattern_backs"][s])
        detail = f"{left} Pattern card{'s' if left != 1 else ''} to score"
        marks = []
        if view["broken_wire_held"][s]:
            marks.append(
                marker(
                    "token",
                    "Holds a Broken Wire tile: plays it instead of drawing",
                    glyph="✗",
                )
            )
        out.append(
            seat_info(
                s,
                seat,
                to_act=view["to_act"],
                score=f"{scored} of 3 scored",
                detail=detail,
                markers=marks,
            )
        )
    return out


# ---------------------------------------------------------------------- prompt


def _placements(view: Mapping[str, Any], seat: int) -> list[PromptAction]:
    """Every complete placement still open, as one action sending the engine's steps
    still to come (column, row, rotation; no rotation for a Broken Wire tile)."""
    hand = view["hand_tile"]
    if hand is None:
        return []
    kind = hand["kind"]
    step, target = view["step"], view["target"] or []
    board = _board(view)
    if step == "rotate":
        cells = [(target[0], target[1])]
    else:
        cells = _targets(view, kind)
        if step == "row":
            cells = [c for c in cells if c[0] == target[0]]
    turns: Sequence[int | None] = (None,) if kind == "broken-wire" else ROTATIONS
    what = "your Broken Wire tile" if kind == "broken-wire" else "your tile"
    wires = {d: _wires_text(_turned(hand["wires"], d)) for d in ROTATIONS}
    out = []
    for cell in cells:
        x, y = cell
        where = f"on top of {_the_tile_at(cell)}" if cell in board else _where(cell)
        first = {"column": [f"column {x}", f"row {y}"], "row": [f"row {y}"]}.get(step, [])
        for d in turns:
            if d is None:
                out.append(
                    action(
                        first,
                        f"Place {what} {where}",
                        refs=[_cell_id(cell)],
                        group="Place",
                        detail="It has no wires: every strand reaching it ends there",
                    )
                )
                continue
            how = "as drawn" if d == 0 else f"turned {d}°"
            out.append(
                action(
                    [*first, f"rotate {d}"],
                    f"Place {what} {where}, {how}",
                    refs=[_cell_id(cell), f"turns:{seat}:{d}"],
                    group="Place",
                    detail=wires[d],
                )
            )
    return out


def _actions(view: Mapping[str, Any], legal: Sequence[str], seat: int) -> list[PromptAction]:
    out: list[PromptAction] = []
    if view["step"] in ("column", "row", "rotate"):
        out.extend(_placements(view, seat))
    patterns = {p["id"].lower(): (k, p) for k, p in enumerate(view["patterns"] or (), 1)}
    ready = len(view["can_score"] or ())
    for text in legal:
        verb, _, rest = text.partition(" ")
        if verb == "give":
            to = int(rest.split()[-1])
            out.append(
                action(
                    text,
                    f"Give your Broken Wire tile to seat {to + 1} (they must play it on their"
                    " next turn; you draw another tile)",
                    refs=[f"seat:{to}"],
                    group="Give",
                )
            )
        elif verb == "score" and rest in patterns:
            k, p = patterns[rest]
            out.append(
                action(
                    text,
                    f"Score {_pattern_words(p)}: a strand shows it",
                    refs=[f"patterns:{seat}:{k}"],
                    group="Score",
                )
            )
        elif verb == "done":
            label = "End your turn"
            if ready:
                label += f" ({ready} card{'s' if ready != 1 else ''} could still score)"
            out.append(action(text, label, group="Turn"))
    offered = {a["send"][0] for a in out}
    # Never lose a legal action the words above do not cover (none is expected).
    out.extend(action(text, text) for text in legal if text not in offered)
    return out


def _prompt_text(view: Mapping[str, Any], seat: int | None, legal: Sequence[str]) -> str:
    turn, step = view["turn"], view["step"]
    if view["outcome"]["status"] != "ongoing":
        return "The game is over."
    if seat != turn or not legal:
        doing = "score Pattern cards" if step == "score" else "place a tile"
        return f"Waiting for {seat_name(turn, seat)} to {doing}."
    if step == "score":
        if view["can_score"]:
            return "Score any Pattern cards a strand shows (you may), then end your turn."
        return "No strand shows one of your Pattern cards: end your turn."
    hand = view["hand_tile"]
    broken = hand is not None and hand["kind"] == "broken-wire"
    if any(a.startswith("give") for a in legal):
        return (
            "You drew a Broken Wire tile: place it next to a tile, or give it to a player"
            " who isn't holding one."
        )
    if broken and view["broken_wire_held"][seat]:
        return (
            "Place the Broken Wire tile you were given next to a tile, instead of drawing"
            " (it has no wires)."
        )
    if broken:
        return "Place your Broken Wire tile next to a tile (it has no wires)."
    plus = hand is not None and hand["kind"] == "plus"
    where = "next to a tile or on top of one" if plus else "on an empty cell next to a tile"
    if step == "row":
        return f"You chose {_column(view['target'][0])}: pick the cell and how your tile turns."
    if step == "rotate":
        return "Pick how your tile turns on the cell you chose."
    return f"Place your tile {where}: pick a cell, then how it turns (any way round)."


def _names(seats: Sequence[int], viewer: int | None) -> str:
    """``Seat 2``, ``You and seat 3``, ``Seats 1, 2 and 4`` (seats counted from 1)."""
    text = seat_names(seats, viewer) or "nobody"
    return text[0].upper() + text[1:]


def _reason(view: Mapping[str, Any], seat: int | None) -> str:
    """How the game ended, in the table's words (seats counted from 1, as shown; the
    engine's reason counts them from 0)."""
    outcome = view["outcome"]
    if outcome["status"] != "finished":
        return str(outcome["reason"] or "the game was cut off")
    winners = list(outcome["winners"])
    scored = [len(p) for p in view["scored"]]
    if len(winners) == 1 and scored[winners[0]] == 3:
        return f"{_names(winners, seat)} scored all three Pattern cards"
    most = max(scored)
    tied = [s for s, n in enumerate(scored) if n == most]
    cards = f"{most} Pattern card{'s' if most != 1 else ''}"
    text = f"The Light tiles ran out: {_names(tied, seat)} scored the most ({cards})"
    if len(tied) > 1 and outcome["tiebreak"] == "draw":
        text += "; a further tie on 4-Pattern cards: a draw between " + _names(winners, seat)
    elif len(tied) > 1:
        text += f"; of them only {_names(winners, seat)} scored a 4-Pattern card"
    return text


def _headline(view: Mapping[str, Any], seat: int | None, legal: Sequence[str]) -> str:
    if view["outcome"]["status"] != "ongoing":
        return "Game over: " + _reason(view, seat)
    stack = view["stack"]
    head = f"Turn {view['turns'] + 1} — {stack} tile{'s' if stack != 1 else ''} in the stack"
    turn, scoring = view["turn"], view["step"] == "score"
    if turn == seat and legal:
        return f"{head} — your turn: " + ("score Pattern cards" if scoring else "place your tile")
    doing = "scoring Pattern cards" if scoring else "placing a tile"
    return f"{head} — {seat_name(turn, seat, capital=True)} is {doing}"


def _result(view: Mapping[str, Any], seat: int | None) -> Result | None:
    outcome = view["outcome"]
    if outcome["status"] == "ongoing":
        return None
    n = view["players"]
    scored = view["scored"]
    rows: list[list[ScoreCell]] = [
        ["Pattern cards scored", *[len(scored[s]) for s in range(n)]],
        [
            "4-Pattern card scored (tie-break)",
            *["yes" if any(p["back"] == "green" for p in scored[s]) else "no" for s in range(n)],
        ],
        ["Cards scored", *[", ".join(p["id"] for p in scored[s]) or "none" for s in range(n)]],
        ["Cards left unscored", *[len(view["pattern_backs"][s]) for s in range(n)]],
    ]
    columns = ["", *[("You" if s == seat else f"Seat {s + 1}") for s in range(n)]]
    return result(
        {**outcome, "reason": _reason(view, seat)},
        n,
        seat,
        breakdown={"columns": columns, "rows": rows},
        score_label="Pattern cards scored",
    )


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The table ``seat`` sees (None: a spectator), from its view and legal actions."""
    n = view["players"]
    zones: list[Zone] = [_board_zone(view, seat)]
    zones.append(zone("stack", "deck", "Light tiles stack (face down)", count=view["stack"]))
    mine = view["patterns"] or []
    zones.append(_strands_zone(view, mine if seat is not None else []))
    order = list(range(n))
    if seat is not None:
        order = order[seat:] + order[:seat]
    for s in order:
        zones.append(_hand_zone(view, s, seat))
        hand = view["hand_tile"]
        if (
            s == seat
            and hand is not None
            and hand["kind"] != "broken-wire"
            and view["step"] in ("column", "row", "rotate")
        ):
            zones.append(_turns_zone(hand, s))
        zones.extend(_pattern_zones(view, s, seat))
    actions = _actions(view, legal, seat) if seat is not None and legal else []
    waiting = [] if seat in view["to_act"] else list(view["to_act"])
    return build_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=_headline(view, seat, legal),
        seats=_seats(view, seat),
        zones=zones,
        prompt_=prompt(_prompt_text(view, seat, legal), actions, waiting_for=waiting),
        result_=_result(view, seat),
    )


# ---------------------------------------------------------------------- the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One event of the log in words, with the ids of what it is about."""
    kind, who = event["type"], event.get("seat")
    name, their, you = seat_name(who, seat, capital=True), _their(who, seat), who == seat

    def said(text: str, *refs: str) -> LogLine:
        return line(text, refs, seat=who)

    cell = (event["cell"][0], event["cell"][1]) if "cell" in event else (0, 0)
    tile = str(event.get("tile") or "")
    if kind == "reveal":
        return line(f"{tile} was revealed from the stack to start the board")
    if kind == "back-in-stack":
        return line(f"{tile} is a Broken Wire tile: it went back into the stack, now shuffled")
    if kind == "deal" and "cards" in event:
        return said(
            f"{name} {'were' if you else 'was'} dealt {', '.join(event['cards'])}",
            f"patterns:{who}",
        )
    if kind == "deal":
        counts: Counter[str] = Counter(event["backs"])
        parts = []
        for back in sorted(counts, key=lambda b: b != "red"):  # red 3-Pattern cards first
            n, s = counts[back], "s" if counts[back] != 1 else ""
            parts.append(f"{n} {4 if back == 'green' else 3}-Pattern card{s} ({back} back{s})")
        return said(f"{name} was dealt {' and '.join(parts)}", f"patterns:{who}")
    if kind == "draw":
        what = f"a {_tile_words(_KIND_OF.get(tile, 'standard'))}" if tile else "a tile"
        return said(f"{name} drew {what}", f"hand:{who}")
    if kind == "must-play-broken-wire":
        return said(
            f"{name} must play the {_BROKEN_WIRE} {'you were' if you else 'they were'}"
            " given, instead of drawing",
            f"hand:{who}",
        )
    if kind == "give-broken-wire":
        return said(
            f"{name} gave a {_BROKEN_WIRE} to {seat_name(event['to'], seat)};"
            f" {'you' if you else 'they'} draw another tile",
            f"seat:{event['to']}",
        )
    if kind == "choose-column":
        return said(f"{name} chose {_column(event['x'])} for {their} tile", "board")
    if kind == "choose-cell":
        return said(f"{name} chose the cell {_where(cell)}", _cell_id(cell))
    if kind == "place":
        text = f"{name} placed a {_tile_words(_KIND_OF.get(tile, 'standard'))} {_where(cell)}"
        if _KIND_OF.get(tile) != "broken-wire":
            text += ", as drawn" if event["rotation"] == 0 else f", turned {event['rotation']}°"
        if event.get("covers"):
            text += ", on top of the tile there"
        return said(text, _cell_id(cell))
    if kind == "score":
        return said(f"{name} scored {_pattern_words(event)}", f"scored:{who}")
    if kind == "end-turn":
        return said(f"{name} ended {their} turn")
    if kind == "win":
        return said(
            f"{name} scored all three Pattern cards and {'win' if you else 'wins'}!",
            f"scored:{who}",
        )
    if kind == "tiles-ran-out":
        return line("The Light tiles ran out: the game ends; the most Pattern cards scored wins")
    return line(str(kind).replace("-", " "))


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.twinkling_lights.twinkling_lights import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
