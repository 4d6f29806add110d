"""The terminal rendering of JingleBellRun's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import COLOURS, GLYPHS

from .box import COLUMN_LETTERS, LIGHTS, PATTERN_IDS, SIDE, cell_name


def render(view: Mapping[str, Any]) -> str:
    grid = view["grid"]
    here: dict[str, list[str]] = {}
    for s, at in enumerate(view["at"]):
        if at:
            here.setdefault(at, []).append(str(s))
    acting = (
        f"game over after {view['turns']} turns"
        if view["outcome"]["status"] != "ongoing"
        else f"turn {view['turns'] + 1}, seat {view['turn']} to act ({view['step']})"
    )
    lines = [
        f"Jingle Bell Run — {acting}",
        "      " + "".join(f"{c:<16}" for c in COLUMN_LETTERS),
    ]
    for r in range(SIDE):
        row = []
        for c in range(SIDE):
            cell = r * SIDE + c
            pid = grid[cell]
            lights = "".join(GLYPHS[COLOURS[x]] for x in LIGHTS[PATTERN_IDS.index(pid)])
            who = ",".join(here.get(cell_name(cell), []))
            row.append((f"{pid} {lights}" + (f" @{who}" if who else "")).ljust(16))
        lines.append(f"  {r + 1:>2}  " + "".join(row))
    for s, name in enumerate(view["characters"]):
        me = " (you)" if s == view["seat"] else ""
        lines.append(
            f"  seat {s}{me} {name}: start {view['start'][s] or '-'},"
            f" at {view['at'][s] or 'beside the corner'}, finish {view['finish'][s] or '-'},"
            f" {view['hand_sizes'][s]} cards"
        )
    market = ", ".join(f"{GLYPHS[k]} {k}" for k in view["market"]) or "(empty)"
    pile = sum(view["discard"].values())
    lines.append(f"Market: {market}   deck: {view['deck']}   discard pile: {pile}")
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPHS[k]} {k}" for k in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    if view["known"]:
        for s, cards in view["known"].items():
            if cards:
                lines.append(f"  seat {s} holds at least: {', '.join(cards)}")
    if view["swapping"]:
        lines.append(f"  swapping {view['swapping']} with ...")
    lines.append(
        "  key: R red, G green, Y yellow, B blue, U purple, K pink, * bubble, x broken,"
        " = plug; @n: seat n's character"
    )
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
