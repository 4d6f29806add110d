"""The terminal rendering of WheresThatBulb's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import CODES, COLUMN_LETTERS, KIND_ID


def render(view: Mapping[str, Any]) -> str:
    cols = view["columns"]
    acting = (
        "game over"
        if view["outcome"]["status"] != "ongoing"
        else f"seat {view['turn']} to act ({view['step']})"
    )
    lines = [
        f"Where's That Bulb? — {acting}",
        "     " + " ".join(f"{c:>2}" for c in COLUMN_LETTERS[:cols]),
    ]
    for r in range(view["rows"]):
        row = []
        for cell in view["grid"][r * cols : (r + 1) * cols]:
            if cell is None:
                row.append("..")
            elif cell["face"] == "up":
                row.append(CODES[KIND_ID[cell["card"]]])
            elif "seen" in cell:
                row.append(CODES[KIND_ID[cell["seen"]]].lower())
            else:
                row.append("##")
        lines.append(f"  {r + 1:>2} " + " ".join(row))
    lines.append("  key: ## face down, .. matched, Re Gr Ye Bl Pu Pk colours, Bb bubble,")
    lines.append("       xx broken, Pl plug, SA MC EM EF RD SM characters")
    if view["last_turn"]:
        shown = ", ".join(f"{x['cell']} {x['card']}" for x in view["last_turn"])
        lines.append(f"Last flipped: {shown}")
    for s, pairs in enumerate(view["pairs"]):
        me = " (you)" if s == view["seat"] else ""
        lines.append(f"  seat {s}{me}: {len(pairs)} pairs {' '.join(pairs)}".rstrip())
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
