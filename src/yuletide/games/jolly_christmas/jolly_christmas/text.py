"""The terminal rendering of JollyChristmas's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.jolly_christmas.content import (
    BALL_CODES,
    BALL_COLOURS,
    LIGHT_CODES,
    LIGHT_COLOURS,
    ORNAMENT_CODES,
    ORNAMENTS,
    ROW_WIDTHS,
)
from yuletide.games.jolly_christmas.jolly_christmas.tree import CATEGORIES

from .rules import _CELL, _GAP, BASE, _pos, placements


def render(view: Mapping[str, Any]) -> str:
    return render_view(view)


def render_tree(rows: list[list[Any]], topper: Mapping[str, Any] | None) -> list[str]:
    """A tree drawn as a pyramid, the top row first. Empty spots where a card may go
    now are labelled with their position (``1.0`` is left of the base)."""
    tree = [card for row in rows for card in row]
    k = 0
    while k < BASE and tree[k] is not None:
        k += 1
    ids = [-1 if c is None else 0 for c in tree]
    open_spots = {str(a)[6:] for a in placements(ids)}
    lines = []
    crown = (
        f"* {topper['id']}: {topper['condition']} ({topper['points']}) *"
        if topper
        else "* (no tree-topper yet) *"
    )
    width = (_CELL + _GAP) * (BASE + 1)
    lines.append(crown.center(width).rstrip())
    for r in range(len(ROW_WIDTHS) - 1, -1, -1):
        cells = []
        for i, card in enumerate(rows[r]):
            pos = _pos(r + 1, i + 1)
            cells.append(_cell(card, pos if pos in open_spots else ""))
        left = _cell(None, "1.0") if r == 0 and "1.0" in open_spots else " " * _CELL
        indent = " " * (_HALF * r)
        gap = " " * _GAP
        line = (indent + left + gap + gap.join(cells)).rstrip()
        if line:
            lines.append(line)
    return lines


def render_view(view: Mapping[str, Any]) -> str:
    """The table as text: order cards and elves, toppers, every tree as a pyramid, the
    scores so far. Every colour has a letter (colour-blind players)."""
    me = view["seat"]
    phase = view["phase"]
    out = [
        f"Jolly Christmas — round {view['round']} of {view['rounds']}, {phase} step;"
        f" to act: {', '.join(f'seat {s}' for s in view['to_act']) or 'nobody'}",
        "Cards: SA Santa, BA ball (r red, b blue, g gold), BE bell, GI gingerbread man,"
        " RE reindeer, SN snowflake;",
        "  then the half-light side (L R UL UR DL DR) and its colour (r red, y yellow,"
        " g green, b blue). (2.1) marks a free spot.",
    ]
    if phase in ("claim", "place"):
        out.append(f"Elf order this round: {', '.join(f'seat {s}' for s in view['round_order'])}")
        for oc in view["order_cards"]:
            card = oc["card"]
            shown = _cell(card, "") if card else "(taken)  "
            by = oc["claimed_by"]
            last = oc["elf_last_round"]
            notes = []
            if last is not None:
                notes.append(f"elf of seat {last} from last round")
            if by is not None:
                notes.append(f"claimed by seat {by}")
            out.append(f"  order card {oc['number']}: {shown} {'; '.join(notes)}".rstrip())
    if phase == "place" and me is not None and me in view["to_act"]:
        (mine,) = (oc for oc in view["order_cards"] if oc["claimed_by"] == me)
        out.append(f"Your card to place: {_cell(mine['card'], '')} (order card {mine['number']})")
    out.append("Tree-toppers on the table (topper <number>):")
    out.extend(
        f"  {t['number']}) {t['id']}: {t['condition']} ({t['points']} points)"
        for t in view["toppers_on_table"]
    )
    if view["topper_order"]:
        out.append(
            "Topper choice order (most complete lights first): "
            + ", ".join(f"seat {s}" for s in view["topper_order"])
        )
    for s, rows in enumerate(view["trees"]):
        score = view["scores"][s]
        who = f"seat {s}" + (" (you)" if s == me else "")
        parts = ", ".join(f"{c} {score[c]}" for c in CATEGORIES)
        final = "" if view["final_scores"] else " so far"
        out.append(f"{who}: {score['total']} points{final} ({parts})")
        out.extend("  " + line for line in render_tree(rows, view["toppers"][s]))
    out.append(f"Decoration stack: {view['deck']} cards; discarded: {len(view['discard'])}")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        out.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(out)


_HALF = (_CELL + _GAP) // 2


def _cell(card: Mapping[str, Any] | None, label: str) -> str:
    if card is None:
        return f"({label:^{_CELL - 2}})" if label else " " * _CELL
    code = ORNAMENT_CODES[ORNAMENTS.index(card["ornament"])]
    ball = BALL_CODES[BALL_COLOURS.index(card["ball"])] if card["ball"] else " "
    light = LIGHT_CODES[LIGHT_COLOURS.index(card["light_colour"])]
    return f"[{code}{ball} {card['light']:>2}.{light}]"
