"""The terminal rendering of CheckTheBox's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import GLYPH


def render(view: Mapping[str, Any]) -> str:
    over = view["outcome"]["status"] != "ongoing"
    asks = view["turns"]
    head = (
        f"game over after {asks} ask{'s' if asks != 1 else ''}"
        if over
        else f"ask {asks + 1}, seat {view['turn']}'s turn"
    )
    lines = [f"Check the Box — {head}   cards in the box: {view['box']}"]
    for s, n in enumerate(view["hand_sizes"]):
        mark = ">" if s == view["turn"] and not over else " "
        me = " (you)" if s == view["seat"] else ""
        sets = " ".join(f"{GLYPH[k]}x3" for k in view["sets"][s]) or "-"
        known = view["known"][s]
        facts = ", ".join(
            f"{GLYPH[k]} {k} {lo}" + (f"-{hi}" if hi != lo else "") for k, (lo, hi) in known.items()
        )
        lines.append(
            f"{mark}seat {s}{me}: {n} card{'s' if n != 1 else ''}, sets: {sets}"
            + (f"   known to hold: {facts}" if facts else "")
        )
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPH[c]} {c}" for c in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    if view["deciding"] is not None:
        lines.append(f"Seat {view['deciding']} drew a Present: draw two more cards, or decline?")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
