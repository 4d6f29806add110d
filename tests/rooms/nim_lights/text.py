"""The terminal rendering of Nim Lights' view: plain text, every colour with its letter
(many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LETTER = {"red": "R", "green": "G", "blue": "B"}


def _cards(colours: list[str]) -> str:
    return " ".join(f"{LETTER[c]}:{c}" for c in colours) or "-"


def render(view: Mapping[str, Any]) -> str:
    outcome = view["outcome"]
    acting = "game over" if outcome["status"] != "ongoing" else f"seat {view['turn']} to act"
    lines = [
        f"Nim Lights — {acting}",
        f"  lit bulb: {LETTER[view['lit']]}:{view['lit']}   string: {len(view['string'])} bulbs"
        f"   pile: {view['pile']} cards",
    ]
    for s, size in enumerate(view["hand_sizes"]):
        me = " (you)" if s == view["seat"] else ""
        lines.append(f"  seat {s}{me}: {size} cards")
    if view["hand"] is not None:
        lines.append(f"  your hand: {_cards(view['hand'])}")
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
