"""The terminal rendering of LightsOnGame's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS

from .rules import EMOTE_GLYPH


def render(view: Mapping[str, Any]) -> str:
    def cards(names: list[str]) -> str:
        return ", ".join(f"{GLYPHS.get(c, '*')} {c}" for c in names) or "-"

    lines = [
        f"Lights On — round {view['round']} ({view['phase']}), {view['actions']} actions."
        f"  Team 0 (seats 0, 2): {view['plugs'][0]} Plugs, {view['broken_bulbs'][0]} Broken."
        f"  Team 1 (seats 1, 3): {view['plugs'][1]} Plugs, {view['broken_bulbs'][1]} Broken."
    ]
    lines.append(
        f"Market: {cards(view['market'])}   deck {view['deck']}, discard {len(view['discard'])}"
    )
    for s in range(4):
        if view["known"][s]:
            me = " (you)" if s == view["seat"] else ""
            lines.append(f"  seat {s}{me} is known to hold: {cards(view['known'][s])}")
    if view["hand"] is not None:
        lines.append(f"Your hand: {cards(view['hand'])}")
    elif view["seat"] is not None and view["phase"] == "signal":
        lines.append("Your hand is face-down until your teams have chosen their signals.")
    if view["signal"] is not None:
        lines.append(f"Your team's secret signal: {EMOTE_GLYPH[view['signal']]} {view['signal']}")
    if view["votes"]:
        lines.append(f"New lights? agreed: seats {', '.join(map(str, view['votes']))}")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
