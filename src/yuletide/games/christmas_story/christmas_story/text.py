"""The terminal rendering of ChristmasStory's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_story.content import CONTENT

from .box import KIND_CODE, KIND_NAME, KIND_TITLE


def render(view: Mapping[str, Any]) -> str:
    you = view["seat"]
    letters = dict(zip(CONTENT.token_colours, CONTENT.token_letters, strict=True))
    colours = view["token_colours"]

    def show(card: Mapping[str, Any]) -> str:
        ident = card["identity"]
        face = "??" if ident is None else KIND_CODE[KIND_NAME.index(ident)]
        text = f"{card['card']}:{face}"
        if card["face_up"]:
            text += "^"
        elif card["peeked"]:
            text += "*"
        if card["tokens"]:
            text += "[" + "".join(letters[colours[s]] for s in card["tokens"]) + "]"
        return text

    lamp = view["leg_lamp"]
    held = "middle" if lamp is None else f"seat {lamp}"
    if view["to_act"]:
        header = (
            f"A Christmas Story — turn {view['turns'] + 1}, seat {view['turn']}'s turn;"
            f" seat {view['to_act'][0]} to act ({view['step']}); Leg Lamp: {held}"
        )
    else:  # over: nobody's turn, nobody to act
        header = f"A Christmas Story — game over after {view['turns']} turns; Leg Lamp: {held}"
    lines = [
        header,
        "  (XX^ face up, XX* peeked by you, ?? unknown; [RB] Peek tokens by colour letter;"
        " DP Decoder Pin, BB BB Gun, SF/GD Bullies, PR Present)",
    ]
    for s, hand in enumerate(view["hands"]):
        who = " (you)" if s == you else ""
        tag = f"{colours[s]} {letters[colours[s]]}"
        if s in view["out"]:
            status = "out"
        elif s == you:  # your cards by slot, as actions name them
            status = "  ".join(f"{i + 1}={show(c)}" for i, c in enumerate(hand))
        else:
            status = "  ".join(show(c) for c in hand)
        mark = ">" if s == view["turn"] else " "
        lines.append(f"{mark}seat {s}{who} [{tag}]: {status}")
    lines.append("  middle: " + "  ".join(show(c) for c in view["middle"]))
    if view["dare"]:
        d = view["dare"]
        lines.append(
            f"  Dare: seat {d['darer']} offers {d['darer_card']} for seat {d['dared']}'s"
            f" {d['dared_card']}"
        )
    if view["peeked"]:
        mem = ", ".join(
            f"{p['card']}={KIND_TITLE[KIND_NAME.index(p['identity'])]} ({p['where']})"
            for p in view["peeked"]
        )
        lines.append(f"  You peeked: {mem}")
    deduction = view["deduction"]
    if deduction:
        for kind in ("decoder-pin", "bb-gun"):
            where = deduction["candidates"][kind]
            title = KIND_TITLE[KIND_NAME.index(kind)]
            lines.append(f"  {title} could be: {', '.join(where)}")
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        lines.append(f"Game over ({outcome['status']}): {outcome['reason']}")
    return "\n".join(lines)
