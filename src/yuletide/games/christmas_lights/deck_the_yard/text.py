"""The terminal rendering of DeckTheYard's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import GLYPH


def render(view: Mapping[str, Any]) -> str:
    lines = [
        f"Deck the Yard — claimed {view['claims']}/{view['target']}"
        f" (patterns: {', '.join(view['claimed_patterns']) or '-'};"
        f" characters: {', '.join(view['claimed_characters']) or '-'})",
        f"Bulb deck: {view['deck']}   discard: {len(view['discard'])}"
        f"   Pattern deck: {view['patterns_left']}"
        + ("   LAST HAND: play out your cards" if view["last_hand"] else ""),
    ]
    shown = "; ".join(
        f"{p['id']} " + " ".join(GLYPH[c] for c in p["lights"]) for p in view["patterns"]
    )
    lines.append(f"Face-up patterns: {shown or '-'}")
    if view["current"] is not None:
        string = " ".join(GLYPH[c] for c in view["string"])
        lines.append(
            f"String on {view['current']['id']}: {string}   next: "
            f"{GLYPH[view['next']]} {view['next']}"
        )
    else:
        lines.append("String: empty (start it on a face-up pattern)")
    if view["aside"]:
        lines.append(f"Set aside (Power Surge): {', '.join(view['aside'])}")
    if view["hand"] is not None:
        hand = ", ".join(f"{GLYPH[c]} {c}" for c in view["hand"]) or "(empty)"
        lines.append(f"Your hand: {hand}")
    if view["pending"] is not None:
        lines.append(f"You drew {view['pending']}: use a Plug against it, or keep your Plugs?")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        won = "you win" if outcome["winners"] else "you lose"
        if outcome["status"] == "unfinished":
            won = "unfinished"
        lines.append(f"Game over ({won}): {outcome['reason']}")
    return "\n".join(lines)
