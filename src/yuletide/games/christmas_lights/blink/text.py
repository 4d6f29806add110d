"""The terminal rendering of Blink's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS


def render(view: Mapping[str, Any]) -> str:
    string = view["string"]
    lights = "  ".join(f"{GLYPHS[c]} {c}" for c in string["lights"])
    blinking = view["blinking"]
    over = view["outcome"]["status"] != "ongoing"
    turns = view["turns"]
    head = (
        f"game over after {turns} turn{'s' if turns != 1 else ''}"
        if over
        else f"turn {turns + 1}, seat {view['turn']} to act ({view['step']})"
    )
    lines = [
        f"Blink — {head}",
        f"String {string['id']}: {lights}",
        f"Blinking: {GLYPHS.get(blinking, '?')} {blinking}   may play:"
        f" {', '.join(view['may_play'])} (or a Bubble Bulb, Broken Bulb or Plug)",
        f"Deck: {view['deck']}   discard pile: {len(view['discard'])}"
        f"   Pattern deck: {view['pattern_deck']}",
    ]
    for s, size in enumerate(view["hand_sizes"]):
        mark = ">" if s == view["turn"] and not over else " "
        me = " (you)" if s == view["seat"] else ""
        call = view["calls"][s]
        note = {"open": "  ONE CARD, no Blink! yet", "called": "  Blink!"}.get(call, "")
        chars = view["characters"][s]
        won = f"  characters: {', '.join(chars)}" if chars else ""
        lines.append(f"{mark}seat {s}{me}: {size} card{'s' if size != 1 else ''}{note}{won}")
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPHS[c]} {c}" for c in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    if view["drawn"]:
        lines.append(f"You drew {GLYPHS[view['drawn']]} {view['drawn']}: play it or keep it.")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
