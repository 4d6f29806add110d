"""The terminal rendering of SoloLights's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import GLYPH


def render(view: Mapping[str, Any]) -> str:
    chars = view["characters"]
    lines = [
        f"Solo Lights — strings {len(view['completed'])}/{view['strings_to_win']}"
        f"   characters face down: {chars['face_down']} (Santa at the bottom)"
        f"   flipped: {', '.join(chars['flipped']) or '-'}"
        + (f"   in the box: {', '.join(chars['in_the_box'])}" if chars["in_the_box"] else ""),
        f"Bulb deck: {view['deck']}   discard: {len(view['discard'])}"
        f"   Power Surge: {view['power_surge']}   Pattern deck: {view['patterns_left']}",
    ]
    if view["current"] is not None:
        places = []
        for light, card in zip(view["current"]["lights"], view["string"], strict=True):
            shown = "__" if card is None else GLYPH[card]
            places.append(f"{GLYPH[light]}:{shown}")
        order = " (in sequence)" if view["in_sequence"] else ""
        lines.append(f"String {view['current']['id']}{order}: {'  '.join(places)}")
    elif view["need_plug"]:
        lines.append("String complete: play a Plug (or a Bubble Bulb) to start the next.")
    if view["options"]:
        opts = "; ".join(
            f"{o['id']} " + " ".join(GLYPH[c] for c in o["lights"]) for o in view["options"]
        )
        lines.append(f"Pattern options: {opts}")
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPH[c]} {c}" for c in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        won = "you win" if outcome["winners"] else "you lose"
        if outcome["status"] == "unfinished":
            won = "unfinished"
        lines.append(f"Game over ({won}): {outcome['reason']}")
    return "\n".join(lines)
