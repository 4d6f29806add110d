"""The terminal rendering of LooneyLights's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS


def render(view: Mapping[str, Any]) -> str:
    lines = []
    colour = view["colour"]
    top = view["discard"][-1]
    if view["outcome"]["status"] != "ongoing":
        lines.append(f"Looney Lights — game over after {view['turns']} turns")
    else:
        lines.append(
            f"Looney Lights — turn {view['turns'] + 1}, seat {view['turn']} to act ({view['step']})"
        )
    shown = f"{GLYPHS[colour]} {colour}" if colour else "none yet (to be named)"
    lines.append(
        f"Colour in play: {shown}   top card: {GLYPHS[top]} {top}"
        f"   discard pile: {len(view['discard'])}   deck: {view['deck']}"
    )
    seats = []
    for s, n in enumerate(view["hand_sizes"]):
        mark = ">" if s == view["turn"] else " "
        me = " (you)" if s == view["seat"] else ""
        seats.append(f"{mark}seat {s}{me}: {n} card{'s' if n != 1 else ''}")
    lines.append("   ".join(seats))
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPHS[c]} {c}" for c in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    if view["drawn"]:
        lines.append(f"You drew {GLYPHS[view['drawn']]} {view['drawn']}: you must play it.")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
