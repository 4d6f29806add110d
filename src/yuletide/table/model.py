"""The generic table every client draws: zones of cards, markers, seats and a prompt.

A game's table module turns one seat's *view* (and that seat's legal actions) into this
model; clients render the model and nothing else, so a new game needs no client code.
Everything here is plain JSON (dicts, lists, strings, numbers), built by the small
functions below so that every game spells the model the same way; each part's shape is
a TypedDict (:class:`Table`, :class:`Zone`, :class:`Card`, ...), so the type checker
holds every builder and every room's table module to it. The model is made from the
view alone, never from the state, so it cannot hold a secret the view does not.

The shape, in short (docs/architecture.md, "The table model", has the full reference):

* ``table``: ``game``, ``title``, ``seat`` (None for a spectator), ``players``,
  ``headline`` (one line: whose turn, which phase), ``seats`` (one :func:`seat_info`
  each), ``zones`` (each a :func:`zone` of :func:`card`\\ s), ``markers`` (table-wide
  :func:`marker`\\ s), ``prompt`` (:func:`prompt`), ``result`` (:func:`result` once the
  game is over, else None), ``realtime`` (actions race; the client never auto-acts).
* a card's ``id`` is stable across models of one game (``hand:2:3`` is seat 2's 3rd
  hand position), so the log and prompt can point at it and the client can highlight it.
* a prompt action is one choice a player makes: the engine actions it ``send``\\ s (one,
  or several where the engine asks in steps, such as Twinkling Lights' column, row and
  rotation), a ``label`` in words, the ``refs`` (card, zone or seat ids) a click selects
  it by, in the order they are clicked, and a ``group`` for its button. A ``form`` is a
  choice built from controls (a Christmas Lights sale question), sent as one sequence of
  engine actions when complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict, get_args

#: Arbitrary JSON (a view, an engine's outcome): what the model is made from, never a
#: part of the model itself (those are the TypedDicts below).
JSON = dict[str, Any]

#: Every colour any game shows: a name, a glyph (never colour alone: many players are
#: colour-blind), a fill and the ink that reads on that fill at a contrast of at least
#: 4.5:1 (checked by a test).
PALETTE: dict[str, tuple[str, str, str]] = {
    # name: (glyph, fill, ink)
    "red": ("♥", "#b71c1c", "#ffffff"),
    "green": ("♣", "#1b5e20", "#ffffff"),
    "yellow": ("★", "#fdd835", "#000000"),
    "blue": ("♦", "#0d47a1", "#ffffff"),
    "purple": ("♠", "#6a1b9a", "#ffffff"),
    "pink": ("✿", "#f48fb1", "#000000"),
    "gold": ("●", "#ffb300", "#000000"),
    "white": ("○", "#f5f5f5", "#000000"),
    "orange": ("▲", "#e65100", "#ffffff"),
}

#: Names of card kinds that are not colours (Christmas Lights' specials and others).
KIND_LABELS: dict[str, str] = {
    "bubble": "Bubble Bulb",
    "broken": "Broken Bulb",
    "plug": "Plug",
    "present": "Present",
    "power-surge": "Power Surge",
}

ZoneKind = Literal[
    "hand",  # a seat's cards, in order
    "row",  # cards side by side (a discard row, patterns on show, a tableau)
    "string",  # a string of lights: slots in order, some empty
    "grid",  # cards in rows and columns (``columns`` says how many)
    "pyramid",  # rows of growing length (a Jolly Christmas tree)
    "ring",  # cards in a circle (a closed loop)
    "pile",  # a stack: its top card (if face up) and a count
    "market",  # cards on offer to take
    "board",  # tiles at (row, col) cells on an open board
    "deck",  # a face-down stack: a count only
]
ZONE_KINDS: tuple[ZoneKind, ...] = get_args(ZoneKind)

MarkerKind = Literal[
    "character",
    "elf",
    "peek-token",
    "leg-lamp",
    "blinking",
    "santa",
    "token",
    "turn",
    "team",
    "call",
]
MARKER_KINDS: tuple[MarkerKind, ...] = get_args(MarkerKind)

#: ``up``: its kind shows; ``down``: its back shows (hidden from this seat); ``slot``: an
#: empty place a card may go.
Face = Literal["up", "down", "slot"]


# ---------------------------------------------------------------- the model's shape
# Every part of the model as a TypedDict: the builders below return them, and every
# room's table module is checked against them (mypy --strict). They are plain dicts at
# run time, in the key order the builders write.


class Colour(TypedDict):
    """A palette colour (:func:`colour`)."""

    name: str
    label: str
    glyph: str
    fill: str
    ink: str


class Marker(TypedDict):
    """A token on the table, a seat, a zone or a card (:func:`marker`)."""

    kind: MarkerKind
    label: str
    colour: NotRequired[Colour]
    glyph: NotRequired[str]
    id: NotRequired[str]


class Wire(TypedDict):
    """A wire across a tile between two edge ports, with its bulbs (:func:`wire`)."""

    type: Literal["wire"]
    ports: list[str]
    bulbs: list[Colour]


class HalfLight(TypedDict):
    """Half of a light at one edge of a card (:func:`half_light`)."""

    type: Literal["half-light"]
    side: str
    colour: NotRequired[Colour]


class Symbol(TypedDict):
    """A picture on a card as a glyph with a label (:func:`symbol`)."""

    type: Literal["symbol"]
    name: str
    label: str
    glyph: str
    colour: NotRequired[Colour]


#: A drawing on a card that a plain card cannot express (told apart by ``type``).
Shape = Wire | HalfLight | Symbol


class Card(TypedDict):
    """One card, tile or slot (:func:`card`)."""

    id: str
    face: Face
    kind: NotRequired[str]
    label: str
    colour: NotRequired[Colour]
    colours: NotRequired[list[Colour]]
    knowledge: NotRequired[list[str]]
    shapes: NotRequired[list[Shape]]
    markers: NotRequired[list[Marker]]
    #: (row, col) on a board or grid.
    cell: NotRequired[list[int]]
    rotation: NotRequired[int]
    detail: NotRequired[str]


class Zone(TypedDict):
    """A place cards lie (:func:`zone`)."""

    id: str
    kind: ZoneKind
    label: str
    cards: list[Card]
    owner: NotRequired[int]
    count: NotRequired[int]
    columns: NotRequired[int]
    note: NotRequired[str]
    markers: NotRequired[list[Marker]]


class SeatInfo(TypedDict):
    """One seat at the table (:func:`seat_info`)."""

    seat: int
    label: str
    you: bool
    to_act: bool
    score: NotRequired[str]
    detail: NotRequired[str]
    markers: NotRequired[list[Marker]]


class PromptAction(TypedDict):
    """One choice of the prompt (:func:`action`)."""

    id: str
    send: list[str]
    label: str
    refs: list[str]
    group: NotRequired[str]
    detail: NotRequired[str]
    #: A side move (a mark, reordering a hand): listed in a folded tool, not among the
    #: turn's main choices, and not what a click on the table means unless it is open.
    tool: NotRequired[bool]


class Needs(TypedDict):
    """A choice's condition: the options chosen in ``field`` count at least ``count``."""

    field: str
    count: int


class Choice(TypedDict):
    """One option of a form field (:func:`choice`)."""

    label: str
    send: list[str]
    colour: NotRequired[Colour]
    exclusive: NotRequired[bool]
    refs: NotRequired[list[str]]
    skip_end: NotRequired[bool]
    needs: NotRequired[Needs]
    count: NotRequired[int]


class Field(TypedDict):
    """One control of a form (:func:`field`)."""

    name: str
    label: str
    choices: list[Choice]
    multiple: bool
    end: list[str]
    min: int


class Form(TypedDict):
    """A choice built from controls (:func:`form`)."""

    id: str
    label: str
    start: list[str]
    fields: list[Field]
    sentence: str
    group: str


class Prompt(TypedDict):
    """What this seat is asked now (:func:`prompt`)."""

    text: str
    actions: list[PromptAction]
    forms: list[Form]
    waiting_for: list[int]


#: One cell of a result's breakdown table.
ScoreCell = str | int | float | None


class Breakdown(TypedDict):
    """A game's own score table: ``columns`` (the first heads the row labels) and
    ``rows``, each as long as ``columns``."""

    columns: list[str]
    rows: list[list[ScoreCell]]


class Result(TypedDict):
    """The end of the game (:func:`result`)."""

    #: The engine's outcome status (``finished``, ``unfinished``); None only for an
    #: outcome that lacks one.
    status: str | None
    headline: str
    winners: list[int]
    scores: list[float] | None
    ranks: list[int] | None
    score_label: str
    tiebreak: str | None
    reason: str
    breakdown: NotRequired[Breakdown]


class Table(TypedDict):
    """The whole model for one seat (:func:`table`)."""

    game: str
    title: str
    seat: int | None
    players: int
    headline: str
    seats: list[SeatInfo]
    zones: list[Zone]
    markers: list[Marker]
    prompt: Prompt
    result: Result | None
    realtime: bool


class LogLine(TypedDict):
    """One line of the game log in words (:func:`line`)."""

    text: str
    refs: list[str]
    seat: NotRequired[int]


def colour(name: str) -> Colour:
    """A colour with its glyph, name and fill; an unknown name gets a neutral look."""
    glyph, fill, ink = PALETTE.get(name, ("◇", "#eeeeee", "#000000"))
    return {
        "name": name,
        "label": name.replace("-", " ").capitalize(),
        "glyph": glyph,
        "fill": fill,
        "ink": ink,
    }


def kind_label(kind: str) -> str:
    """A card kind in words: ``red`` → ``Red``, ``plug`` → ``Plug``."""
    if kind in KIND_LABELS:
        return KIND_LABELS[kind]
    return kind.replace("-", " ").capitalize()


def card(
    id: str,
    *,
    face: Face = "up",
    kind: str | None = None,
    label: str | None = None,
    colour_name: str | None = None,
    colours: Sequence[str] = (),
    knowledge: Iterable[str] = (),
    shapes: Iterable[Shape] = (),
    markers: Iterable[Marker] = (),
    cell: tuple[int, int] | None = None,
    rotation: int = 0,
    detail: str | None = None,
) -> Card:
    """One card, tile or slot.

    ``face`` is ``up`` (its kind shows), ``down`` (its back shows: hidden from this
    seat), or ``slot`` (an empty place a card may go). ``knowledge`` is what this seat
    knows about a card it cannot see ("not red", "bought: pink"). ``shapes`` are drawings
    a plain card cannot express (:func:`wire`, :func:`half_light`, :func:`symbol`).
    ``cell`` is (row, col) on a board or grid; ``detail`` a longer text for a tooltip.
    """
    if face == "up" and kind is not None and colour_name is None and kind in PALETTE:
        colour_name = kind
    if label is None:
        if face == "down":
            label = "Hidden card"
        elif face == "slot":
            label = "Empty slot"
        else:
            label = kind_label(kind) if kind is not None else ""
    # Keys in the order the model has always had: id, face, kind, label, ...
    out: Card = (
        {"id": id, "face": face, "label": label}
        if kind is None
        else {"id": id, "face": face, "kind": kind, "label": label}
    )
    if colour_name is not None:
        out["colour"] = colour(colour_name)
    if colours:
        out["colours"] = [colour(c) for c in colours]
    knows = [k for k in knowledge if k]
    if knows:
        out["knowledge"] = knows
    drawn = list(shapes)
    if drawn:
        out["shapes"] = drawn
    marks = list(markers)
    if marks:
        out["markers"] = marks
    if cell is not None:
        out["cell"] = [cell[0], cell[1]]
    if rotation:
        out["rotation"] = rotation
    if detail:
        out["detail"] = detail
    return out


def zone(
    id: str,
    kind: ZoneKind,
    label: str,
    cards: Iterable[Card] = (),
    *,
    owner: int | None = None,
    count: int | None = None,
    columns: int | None = None,
    note: str | None = None,
    markers: Iterable[Marker] = (),
) -> Zone:
    """A place cards lie: a hand, a string, a grid, a pile, a deck (see ZONE_KINDS).

    ``owner`` is the seat whose area it is in (None: the middle of the table); ``count``
    the number of cards where only a number shows (a deck, another seat's hand size).
    """
    if kind not in ZONE_KINDS:
        raise ValueError(f"zone kind {kind!r}; kinds: {', '.join(ZONE_KINDS)}")
    out: Zone = {"id": id, "kind": kind, "label": label, "cards": list(cards)}
    if owner is not None:
        out["owner"] = owner
    if count is not None:
        out["count"] = count
    if columns is not None:
        out["columns"] = columns
    if note:
        out["note"] = note
    marks = list(markers)
    if marks:
        out["markers"] = marks
    return out


def marker(
    kind: MarkerKind,
    label: str,
    *,
    colour_name: str | None = None,
    glyph: str | None = None,
    id: str | None = None,
) -> Marker:
    """A token on the table, a seat or a card: a character, the elf, a peek token, the
    Leg Lamp, the blinking bulb."""
    if kind not in MARKER_KINDS:
        raise ValueError(f"marker kind {kind!r}; kinds: {', '.join(MARKER_KINDS)}")
    out: Marker = {"kind": kind, "label": label}
    if colour_name is not None:
        out["colour"] = colour(colour_name)
    if glyph is not None:
        out["glyph"] = glyph
    if id is not None:
        out["id"] = id
    return out


def wire(ports: Sequence[str], bulbs: Sequence[str]) -> Wire:
    """A wire across a tile between two edge ports (N, E, S, W) with its bulbs in order."""
    return {"type": "wire", "ports": list(ports), "bulbs": [colour(b) for b in bulbs]}


def half_light(side: str, colour_name: str | None) -> HalfLight:
    """Half of a light at one edge of a card (``L``, ``R``, ``UL``, ``UR``, ``LL``, ``LR``)
    that completes with the half on the neighbouring card."""
    out: HalfLight = {"type": "half-light", "side": side}
    if colour_name is not None:
        out["colour"] = colour(colour_name)
    return out


def symbol(name: str, label: str, *, colour_name: str | None = None, glyph: str = "") -> Symbol:
    """A picture on a card (an ornament, a bulb, a gift) shown as a glyph with a label."""
    out: Symbol = {"type": "symbol", "name": name, "label": label, "glyph": glyph}
    if colour_name is not None:
        out["colour"] = colour(colour_name)
    return out


def seat_info(
    seat: int,
    viewer: int | None,
    *,
    to_act: Iterable[int] = (),
    score: str | None = None,
    detail: str | None = None,
    markers: Iterable[Marker] = (),
    name: str | None = None,
) -> SeatInfo:
    """One seat at the table: its name, whether it is you and whether it may act now."""
    you = seat == viewer
    out: SeatInfo = {
        "seat": seat,
        "label": name or (f"You (seat {seat + 1})" if you else f"Seat {seat + 1}"),
        "you": you,
        "to_act": seat in set(to_act),
    }
    if score is not None:
        out["score"] = score
    if detail:
        out["detail"] = detail
    marks = list(markers)
    if marks:
        out["markers"] = marks
    return out


def action(
    send: str | Sequence[str],
    label: str,
    *,
    refs: Sequence[str] = (),
    group: str = "",
    detail: str | None = None,
    tool: bool = False,
) -> PromptAction:
    """One choice: the engine action(s) it sends, in words, and what a click selects it
    by (``refs``: card, zone or ``seat:N`` ids in click order). ``tool``: a side move
    (a mark, a hand reorder) the client folds away from the turn's main choices."""
    sends = [send] if isinstance(send, str) else list(send)
    out: PromptAction = {
        "id": " | ".join(sends),
        "send": sends,
        "label": label,
        "refs": list(refs),
    }
    if group:
        out["group"] = group
    if detail:
        out["detail"] = detail
    if tool:
        out["tool"] = True
    return out


def form(
    id: str,
    label: str,
    fields: Sequence[Field],
    *,
    start: Sequence[str] = (),
    sentence: str = "",
    group: str = "",
) -> Form:
    """A choice built from controls, sent as ``start`` then each field's choices' sends
    in field order (then the field's ``end``), once every field is filled.

    ``sentence`` reads the choice back in English before it is sent: ``{name}`` is
    replaced by the labels of field ``name``'s chosen options, joined with "and".
    """
    return {
        "id": id,
        "label": label,
        "start": list(start),
        "fields": list(fields),
        "sentence": sentence,
        "group": group,
    }


def field(
    name: str,
    label: str,
    choices: Sequence[Choice],
    *,
    multiple: bool = False,
    end: Sequence[str] = (),
    min_chosen: int = 1,
) -> Field:
    """One control of a form: pick one (or, with ``multiple``, at least ``min_chosen``)
    of ``choices`` (each a :func:`choice`)."""
    return {
        "name": name,
        "label": label,
        "choices": list(choices),
        "multiple": multiple,
        "end": list(end),
        "min": min_chosen,
    }


def choice(
    label: str,
    send: Sequence[str],
    *,
    colour_name: str | None = None,
    exclusive: bool = False,
    refs: Sequence[str] = (),
    skip_end: bool = False,
    needs: tuple[str, int] | None = None,
    count: int | None = None,
) -> Choice:
    """One option of a form field.

    - ``exclusive``: cannot be combined with others (such as "all cards");
    - ``skip_end``: when chosen, its field's ``end`` is not sent (the engine moves on by
      itself: after "all", after your last card, after the last kind);
    - ``needs`` = (field, k): may be chosen only once the options chosen in ``field``
      count at least k, each counting its ``count`` (default 1).

    A multiple field's chosen options are sent in the order the field lists them, not
    the order they were clicked (the engine takes positions and kinds in order).
    """
    out: Choice = {"label": label, "send": list(send)}
    if colour_name is not None:
        out["colour"] = colour(colour_name)
    if exclusive:
        out["exclusive"] = True
    if refs:
        out["refs"] = list(refs)
    if skip_end:
        out["skip_end"] = True
    if needs is not None:
        out["needs"] = {"field": needs[0], "count": needs[1]}
    if count is not None:
        out["count"] = count
    return out


def prompt(
    text: str,
    actions: Iterable[PromptAction] = (),
    *,
    forms: Iterable[Form] = (),
    waiting_for: Iterable[int] = (),
) -> Prompt:
    """What this seat is asked now: a sentence, its choices, and who else may act."""
    return {
        "text": text,
        "actions": list(actions),
        "forms": list(forms),
        "waiting_for": sorted(waiting_for),
    }


def result(
    outcome: Mapping[str, Any],
    players: int,
    viewer: int | None,
    *,
    headline: str | None = None,
    breakdown: Breakdown | None = None,
    score_label: str = "Score",
) -> Result:
    """The end of the game: winners, scores, the tie-break and the game's own breakdown:
    ``{"columns": ["", "Seat 1", ...], "rows": [["Lights", 4, ...], ...]}`` — the first
    column heads the row labels, so every row is as long as ``columns``. Say seats as
    players do (seat 1 is the first): an engine's ``reason`` counts from 0."""
    winners = list(outcome.get("winners") or [])
    names = ["you" if w == viewer else f"seat {w + 1}" for w in winners]
    if headline is None:
        if outcome.get("status") == "unfinished":
            headline = "The game was cut off: " + str(outcome.get("reason") or "unfinished")
        elif not winners:
            headline = "Nobody wins"
        elif len(winners) == players and players > 1:
            headline = "Everyone wins together"
        else:
            who = " and ".join(names)
            headline = (who[0].upper() + who[1:]) + (
                " win" if len(winners) > 1 or winners == [viewer] else " wins"
            )
    out: Result = {
        "status": outcome.get("status"),
        "headline": headline,
        "winners": winners,
        "scores": outcome.get("scores"),
        "ranks": outcome.get("ranks"),
        "score_label": score_label,
        "tiebreak": outcome.get("tiebreak"),
        "reason": outcome.get("reason") or "",
    }
    if breakdown is not None:
        out["breakdown"] = breakdown
    return out


def table(
    *,
    game: str,
    title: str,
    view: Mapping[str, Any],
    headline: str,
    seats: Sequence[SeatInfo],
    zones: Sequence[Zone],
    prompt_: Prompt,
    markers: Iterable[Marker] = (),
    result_: Result | None = None,
    realtime: bool = False,
) -> Table:
    """The whole model for one seat."""
    return {
        "game": game,
        "title": title,
        "seat": view.get("seat"),
        "players": view.get("players", len(seats)),
        "headline": headline,
        "seats": list(seats),
        "zones": list(zones),
        "markers": list(markers),
        "prompt": prompt_,
        "result": result_,
        "realtime": realtime,
    }


def line(text: str, refs: Sequence[str] = (), *, seat: int | None = None) -> LogLine:
    """One line of the game log in words, with the ids of what it is about (highlighted
    on the table while it is the last line)."""
    out: LogLine = {"text": text, "refs": list(refs)}
    if seat is not None:
        out["seat"] = seat
    return out


def ordinal(n: int) -> str:
    """1 → 1st, 2 → 2nd, 3 → 3rd, 11 → 11th."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seat_name(seat: int | None, viewer: int | None, *, capital: bool = False) -> str:
    """``you`` for the viewer, else ``seat 3``."""
    if seat is None:
        text = "the table"
    elif seat == viewer:
        text = "you"
    else:
        text = f"seat {seat + 1}"
    return text[0].upper() + text[1:] if capital else text


def seat_names(seats: Sequence[int], viewer: int | None) -> str:
    """``seat 2``, ``you and seat 3``, ``seats 1, 2 and 4`` (counted from 1); ``""`` for
    no seats."""
    others = [s + 1 for s in seats if s != viewer]
    said = ["you"] if viewer in seats else []
    if len(others) == 1:
        said.append(f"seat {others[0]}")
    elif others:
        said.append("seats " + ", ".join(map(str, others[:-1])) + f" and {others[-1]}")
    return " and ".join(said)
