"""The terminal rendering of ReindeersNose's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS


def render(view: Mapping[str, Any]) -> str:
    n = view["players"]
    lines = [
        f"Reindeer's Nose — round {view['round']}, {view['actions']} actions;"
        f" colours: {', '.join(f'{GLYPHS[c]} {c}' for c in view['colours'])}"
    ]
    seats = []
    for s in range(n):
        me = " (you)" if s == view["seat"] else ""
        mark = "*" * view["waiting"][s]
        nose = f" pointed #{view['pointed'].index(s) + 1}" if s in view["pointed"] else ""
        held = len(view["patterns"][s])
        seats.append(f"seat {s}{me}: {view['hand_sizes'][s]} cards{mark}, {held} pattern{nose}")
    lines.append("   ".join(seats) + "   (* a card waits for them)")
    if view["hand"] is not None:
        lines.append("Your hand: " + ", ".join(f"{GLYPHS[c]} {c}" for c in view["hand"]))
        if view["passed"]:
            lines.append(
                f"Waiting for your left neighbour (you passed): {', '.join(view['passed'])}"
            )
        if view["left_holds"]:
            lines.append(f"Your left neighbour holds the {view['left_holds']} you passed.")
    if view["pointed"]:
        lines.append(f"Seat {view['pointed'][0]} pointed to their nose: everyone else must point!")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
