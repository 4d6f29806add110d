"""The terminal rendering of FestivalOfLights's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import COLOURS, GLYPHS

from .rules import KIND_GLYPH


def render(view: Mapping[str, Any]) -> str:
    def cards(names: list[str]) -> str:
        return ", ".join(f"{KIND_GLYPH[c]} {c}" for c in names) or "-"

    def piles(counts: dict[str, int], chars: dict[str, int]) -> str:
        parts = []
        for colour in COLOURS:
            n, c = counts.get(colour, 0), chars.get(colour, 0)
            if n or c:
                extra = f" + {c} character" if c else ""
                parts.append(f"{GLYPHS[colour]} {colour} {n}{extra}")
        return ", ".join(parts) or "no piles"

    lines = [
        f"Festival of Lights — round {view['round']} ({view['phase']}),"
        f" middle: {cards(view['middle'])}"
    ]
    for s in range(view["players"]):
        me = " (you)" if s == view["seat"] else ""
        pattern = view["patterns"][s]
        extra = []
        if view["bubbles_under_pattern"][s]:
            extra.append(f"{view['bubbles_under_pattern'][s]} bubble under pattern")
        if view["broken_bulbs_kept"][s]:
            extra.append(f"{view['broken_bulbs_kept'][s]} broken kept")
        if view["loose"][s]:
            extra.append("also " + cards(view["loose"][s]))
        if view["revealed"][s]:
            extra.append(f"revealed {view['revealed'][s]}")
        lights = "".join(GLYPHS[c] for c in pattern["lights"])
        lines.append(
            f"  seat {s}{me} [{pattern['id']} {lights}]: "
            f"{piles(view['piles'][s], view['characters'][s])}"
            + (f"; {'; '.join(extra)}" if extra else "")
        )
    if view["hand"]:
        lines.append(f"Your hand: {cards(view['hand'])}")
        if view["choice"]:
            lines.append(f"Your face-down choice: {view['choice']}")
        for s, seen in enumerate(view["hands_seen"]):
            if seen:
                lines.append(f"  seat {s} holds (you passed it): {cards(seen)}")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
        if view["scores"]:
            lines.append(
                "Points: "
                + ", ".join(
                    f"seat {s} {p} ({c} cards)"
                    for s, (p, c) in enumerate(zip(view["scores"], view["cards"], strict=True))
                )
            )
    return "\n".join(lines)
