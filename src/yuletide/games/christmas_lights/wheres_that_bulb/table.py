"""Where's That Bulb? as a table: the 10 x 6 grid of face-down cards (a ``grid`` zone;
matched cells stay as empty slots so the grid keeps its shape), the card flipped this
turn face up, what the table saw last turn and, with the ``memory_aid`` option, what
every seen card was, each as knowledge on its card; and the pairs each player has won.

Every flip is public, so every seat (and a spectator) sees the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.christmas_lights.content import CONTENT
from yuletide.table.bulbs import CHARACTER_NAMES, bulb, bulb_label, character
from yuletide.table.model import (
    Card,
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    Table,
    action,
    card,
    line,
    marker,
    ordinal,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table

GAME = "wheres-that-bulb"
TITLE = "Where's That Bulb?"
LETTERS = "abcdefghij"
BUBBLE_DETAIL = "Bubble Bulb: not wild here; two Bubble Bulbs are a pair"
PARTNER = {a: b for pair in CONTENT.character_pairs for a, b in (pair, pair[::-1])}


def kind_label(kind: str) -> str:
    """A card of this game in words: ``Red ♥``, ``Plug``, ``Mrs. Claus``."""
    return CHARACTER_NAMES[kind] if kind in CHARACTER_NAMES else bulb_label(kind)


def game_card(
    id: str,
    kind: str | None,
    *,
    knowledge: list[str] | None = None,
    cell: tuple[int, int] | None = None,
    label: str | None = None,
) -> Card:
    """One card of the game, face up when ``kind`` is given."""
    if kind is None:
        return card(
            id, face="down", label=label or "Face-down card", knowledge=knowledge or (), cell=cell
        )
    if kind in CHARACTER_NAMES:
        out = character(id, kind)
        out["detail"] = f"Character card: pairs with {CHARACTER_NAMES[PARTNER[kind]]}"
    else:
        out = bulb(id, kind, detail=BUBBLE_DETAIL if kind == "bubble" else None)
    if cell is not None:
        out["cell"] = [cell[0], cell[1]]
    return out


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    n = int(view["players"])
    turn = int(view["turn"])
    to_act = [int(s) for s in view["to_act"]]
    over = view["outcome"]["status"] != "ongoing"
    cols = int(view["columns"])
    last = {x["cell"]: str(x["card"]) for x in view["last_turn"]}
    grid = []
    up: tuple[str, str] | None = None
    for i, cell in enumerate(view["grid"]):
        name = f"{LETTERS[i % cols]}{i // cols + 1}"
        where = (i // cols, i % cols)
        if cell is None:
            grid.append(
                card(
                    f"grid:{name}",
                    face="slot",
                    label=f"{_spot(name).capitalize()}: matched, empty",
                    cell=where,
                )
            )
        elif cell["face"] == "up":
            up = (name, str(cell["card"]))
            grid.append(game_card(f"grid:{name}", str(cell["card"]), cell=where))
        else:
            grid.append(
                game_card(
                    f"grid:{name}",
                    None,
                    cell=where,
                    label=f"Face-down card: {_spot(name)}",
                    knowledge=_known(name, cell, last),
                )
            )
    zones = [
        zone(
            "grid",
            "grid",
            "The grid",
            grid,
            columns=cols,
            note=f"{view['rows']} rows of {cols} cards",
        )
    ]
    for s in range(n):
        won = [
            game_card(f"pairs:{s}:{j + 1}", k)
            for j, k in enumerate(k for pair in view["pairs"][s] for k in _pair(pair))
        ]
        zones.append(
            zone(
                f"pairs:{s}",
                "row",
                "Your pairs" if s == seat else f"Seat {s + 1}'s pairs",
                won,
                owner=s,
            )
        )
    seats = []
    for s in range(n):
        pairs = view["pairs"][s]
        chars = sum(1 for p in pairs if _pair(p)[0] in CHARACTER_NAMES)
        seats.append(
            seat_info(
                s,
                seat,
                to_act=to_act,
                score=_pairs(len(pairs)),
                detail=f"{chars} Character pair{'s' if chars != 1 else ''}",
            )
        )
    markers = []
    if view["memory_aid"]:
        markers.append(
            marker(
                "token",
                "Memory aid on: every card seen shows what it was",
                glyph="🧠",
                id="memory-aid",
            )
        )
    acts = [_flip(t, view, last, up) for t in legal] if seat is not None else []
    res = _result(view, seat) if over else None
    head = f"Turn {int(view['turns']) + 1}"
    if res is not None:
        headline = res["headline"]
        text = "The game is over."
    elif seat in to_act:
        headline = f"{head} — your turn: {_ask(up)}"
        text = _ask(up)[0].upper() + _ask(up)[1:] + "."
    else:
        doing = "the first card" if up is None else "a second card"
        headline = f"{head} — {seat_name(turn, seat, capital=True)} is flipping {doing}"
        text = f"Waiting for {seat_name(turn, seat)}."
    return make_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=seats,
        zones=zones,
        markers=markers,
        result_=res,
        prompt_=prompt(text, acts, waiting_for=[s for s in to_act if s != seat]),
    )


def describe(event: Event, seat: int | None) -> LogLine:
    """One Where's That Bulb? log event in words."""
    kind = event["type"]
    if kind == "deal":
        return line(
            f"All the cards are shuffled and laid face down in a {event['columns']} x"
            f" {event['rows']} grid.",
            ["grid"],
        )
    if kind == "end":
        return line("Every card but the Broken Bulbs is matched: the game ends.", ["grid"])
    who = int(event["seat"])
    name = seat_name(who, seat, capital=True)
    if kind == "flip":
        cell, what = str(event["cell"]), str(event["card"])
        extra = ": it goes face down again and the turn ends" if what == "broken" else ""
        return line(f"{name} flipped {_spot(cell)}: {_a(what)}{extra}.", [f"grid:{cell}"], seat=who)
    if kind == "match":
        a, b = (str(c) for c in event["cells"])
        again = "take" if who == seat else "takes"
        return line(
            f"{name} matched {_spot(a)} and {_spot(b)}: a pair! {name} {again} another turn.",
            [f"pairs:{who}"],
            seat=who,
        )
    if kind == "turn-ends":
        return line(
            f"No match: the cards go face down again; {seat_name(who, seat)}"
            f" {'end' if who == seat else 'ends'} the turn.",
            [f"seat:{who}"],
            seat=who,
        )
    raise ValueError(f"unknown Where's That Bulb? event {kind!r}")


# ------------------------------------------------------------------ parts


def _spot(name: str) -> str:
    """A grid place in words (``c4`` → ``the 3rd card of the 4th row``): the engine's
    letter and number stay in the notation and the card ids."""
    col, row = LETTERS.index(name[0]) + 1, int(name[1:])
    return f"the {ordinal(col)} card of the {ordinal(row)} row"


def _known(name: str, cell: Mapping[str, Any], last: Mapping[str, str]) -> list[str]:
    """What the table knows of a face-down card: its face last turn; with the memory aid,
    the face it showed when last seen."""
    out = []
    if name in last:
        out.append(f"flipped last turn: {kind_label(last[name])}")
    if cell.get("seen") and name not in last:
        out.append(f"seen before: {kind_label(str(cell['seen']))}")
    return out


def _flip(
    text: str, view: Mapping[str, Any], last: Mapping[str, str], up: tuple[str, str] | None
) -> PromptAction:
    words = text.split()
    if words[0] != "flip" or len(words) != 2:
        raise ValueError(f"{text!r} is not a Where's That Bulb? action this table knows")
    name = words[1]
    i = LETTERS.index(name[0]) + (int(name[1:]) - 1) * int(view["columns"])
    cell = view["grid"][i] or {}
    known = _known(name, cell, last)
    hint = f" ({known[0]})" if known else ""
    return action(text, f"Flip {_spot(name)}{hint}", refs=[f"grid:{name}"], group="Flip")


def _ask(up: tuple[str, str] | None) -> str:
    if up is None:
        return "flip a card"
    where, kind = up
    if kind in CHARACTER_NAMES:
        want = CHARACTER_NAMES[PARTNER[kind]]
    else:
        want = f"another {bulb_label(kind)}"
    return f"flip a second card: find {want} to pair with the {kind_label(kind)} ({_spot(where)})"


def _pair(name: str) -> tuple[str, str]:
    """``red`` → (red, red); ``santa+mrs-claus`` → (santa, mrs-claus)."""
    a, _, b = name.partition("+")
    return (a, b or a)


def _pairs(n: int) -> str:
    return f"{n} pair{'s' if n != 1 else ''}"


def _a(kind: str) -> str:
    if kind in CHARACTER_NAMES:
        return CHARACTER_NAMES[kind]
    return f"a {bulb_label(kind)}"


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    out = view["outcome"]
    n = int(view["players"])
    heads = [""] + [seat_name(s, seat, capital=True) for s in range(n)]
    pairs = view["pairs"]
    rows: list[list[ScoreCell]] = [
        ["Pairs", *(len(p) for p in pairs)],
        [
            "Character card pairs",
            *(sum(1 for x in p if _pair(x)[0] in CHARACTER_NAMES) for p in pairs),
        ],
    ]
    return result(out, n, seat, score_label="Pairs", breakdown={"columns": heads, "rows": rows})


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.wheres_that_bulb import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
