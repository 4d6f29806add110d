"""The terminal rendering of Untangle's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS


def render(view: Mapping[str, Any]) -> str:
    knot = view["knot"]
    over = view["outcome"]["status"] != "ongoing"
    turns = view["turns"]
    head = (
        f"game over after {turns} turn{'s' if turns != 1 else ''}"
        if over
        else f"turn {turns + 1}, seat {view['turn']} to act ({view['step']})"
    )
    lines = [
        f"Untangle — {head}",
        "Knot: " + "  ".join(f"{i}:{GLYPHS[c]}" for i, c in enumerate(knot, 1)),
    ]
    if view["locked"]:
        a, b = view["locked"]
        lines.append(
            f"  cards {a} and {b} were just swapped: the next player may not swap them back"
        )
    if view["placing"]:
        lines.append(f"  placing a {GLYPHS[view['placing']]} {view['placing']}")
    if view["completing"]:
        lines.append(f"  completing {view['completing']}: choose which five cards")
    for s, n in enumerate(view["hand_sizes"]):
        mark = ">" if s == view["turn"] and not over else " "
        me = " (you)" if s == view["seat"] else ""
        done = " ".join(view["completed"][s]) or "-"
        lines.append(
            f"{mark}seat {s}{me}: {n} cards, {view['patterns_left'][s]} patterns to go,"
            f" completed {done}"
        )
    if view["hand"] is not None:
        hand = ", ".join(f"{i}:{GLYPHS[c]} {c}" for i, c in enumerate(view["hand"], 1))
        lines.append(f"Your hand: {hand or '(empty)'}")
    if view["patterns"] is not None:
        for p in view["patterns"]:
            lights = " ".join(GLYPHS[c] for c in p["lights"])
            lines.append(f"Your pattern {p['id']}: {lights}")
    lines.append(f"Deck: {view['deck']}   discard pile: {sum(view['discard'].values())}")
    lines.append("  key: R red, G green, Y yellow, B blue, U purple, K pink, * bubble, x broken")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
