"""The terminal rendering of ChristmasLights's view: plain text a person can follow, every
colour with its letter or glyph (many players are colour-blind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.games.christmas_lights.content import GLYPHS


def render(view: Mapping[str, Any]) -> str:
    """The view as text: your string, patterns and what you know of your own hand
    first, then every other seat (hands face up), then any sale or event going on."""
    me = view["seat"]
    players = view["players"]
    outcome = view["outcome"]
    lines: list[str] = []
    if outcome["status"] == "ongoing":
        waiting = ", ".join("you" if s == me else f"seat {s}" for s in view["to_act"])
        lines.append(
            f"Christmas Lights — turn {view['turns'] + 1}: seat {view['turn']}'s"
            f" {view['phase']} ({view['step']}; {view['plays']} of 2 plays made)."
            f" To act: {waiting}"
        )
    else:
        lines.append(f"Christmas Lights — game over ({outcome['status']}): {outcome['reason']}")
    used = view["events_used"]
    lines.append(
        f"Santa: seat {view['santa']} · deck {view['deck']} · discard {sum(view['discard'])}"
        + (f" (top {_glyph(view['discard_top'])})" if view["discard_top"] else "")
        + f" · events left {view['event_deck']}"
        + (f" (used: {', '.join(used)})" if used else "")
        + (" · FINAL ROUND" if view["final_round"] else "")
    )
    order = ([me] if me is not None else []) + [s for s in range(players) if s != me]
    for s in order:
        lines.append("")
        lines.extend(_render_seat(view, s))
    if view["answers"]:
        lines.append("Answers you know (yours: seat asked -> seat answered):")
        for i, (seller, buyer, text, yes, left) in enumerate(view["answers"], 1):
            gone = f" (cards since gone: {', '.join(left)})" if left else ""
            lines.append(
                f"  {i}. seat {seller} -> seat {buyer}: {text} = {'yes' if yes else 'no'}{gone}"
            )
    if view["playing"]:
        lines.append(f"Playing card {view['playing']}: choose the target.")
    if view["swap"]:
        sw = view["swap"]
        lines.append(
            f"Swapping card {sw['card']} "
            + ("- choose the seat." if sw["seat"] is None else f"with seat {sw['seat']}.")
        )
    if view["sale"]:
        sale = view["sale"]
        laid = ", ".join(f"{_glyph(kind)} ({status})" for kind, status in sale["cards"])
        lines.append(f"Sale by seat {sale['seller']}: {laid}; offering card {sale['current']}")
        if sale["offered"]:
            lines.append("  declined by " + ", ".join(f"seat {t}" for t in sale["offered"]))
        q = sale["question"]
        if q is not None:
            text = q["text"] or f"building a {q['type']} question: {q}"
            lines.append(f"  offer to seat {sale['buyer']}: {text}")
    if view["event"]:
        ev = view["event"]
        lines.append(
            f"Event {ev['event']}: everyone decides at once; waiting for "
            + (", ".join(f"seat {t}" for t in ev["waiting"]) or "nobody")
            + (f"; your choice: {ev['my_choice']}" if ev["my_choice"] else "")
        )
    if view["free_action"]:
        lines.append(f"{view['free_action']}: choose the card.")
    elif view["free_actions_left"]:
        lines.append(f"(marks or moves left this turn: {view['free_actions_left']})")
    lines.append("Key: " + " ".join(f"{g}={k}" for k, g in GLYPHS.items()) + " ?=unknown to you")
    return "\n".join(lines)


def _render_seat(view: Mapping[str, Any], s: int) -> list[str]:
    """The lines of one seat in ``render``."""
    me = view["seat"]
    seat = view["seats"][s]
    hand = view["hands"][s]
    mine = s == me
    title = f"You (seat {s}, {seat['character']})" if mine else f"Seat {s} ({seat['character']})"
    lines = [title + (" - to act" if s in view["to_act"] else "")]
    done = {p for p, _ in seat["completed"]}
    pats = [
        f"{i}: secret"
        if p is None
        else f"{i}: {p[0]} {' '.join(GLYPHS[c] for c in p[1])}"
        + (" (done)" if p[0] in done else "")
        for i, p in enumerate(seat["patterns"], 1)
    ]
    lines.append("  patterns " + " | ".join(pats))
    slots = " ".join(f"[{GLYPHS[c]}]" if c else "[ ]" for c in seat["string"])
    extra = " plug in" if seat["plug"] == "placed" else " plug DUE next" if seat["plug"] else ""
    commitment = seat.get("commitment")
    if commitment:
        needs = " ".join(GLYPHS[c] for c in commitment["needs"])
        extra += f" | committed to {commitment['pattern']} from the {commitment['end']} ({needs})"
    elif seat["committed"]:
        extra += " | committed"
    lines.append(f"  string   {slots}{extra}")
    if seat.get("targets"):
        parts = []
        for target in seat["targets"]:
            if seat["plug"] == "due":
                parts.append("advance: a Plug (the plug slot)")
            elif commitment is None:
                parts.append(target)
            elif target == "advance":
                slot = seat["string"].index(None)
                parts.append(f"advance: slot {slot + 1} needs {_glyph(commitment['needs'][slot])}")
            else:
                k = int(target.split()[1])
                parts.append(f"{target}: needs {_glyph(commitment['needs'][k - 1])}")
        lines.append("  targets  " + " · ".join(parts))
    if seat["completed"]:
        lines.append("  done     " + ", ".join(f"{p} ({end})" for p, end in seat["completed"]))
    misses = [
        f"{k}:not " + "".join(GLYPHS[c] for c in miss)
        for k, miss in enumerate(seat["misses"], 1)
        if miss
    ]
    if misses:
        lines.append("  misses   " + ", ".join(misses))
    lines.append(f"  used     broken {seat['used'][0]}, bubble {seat['used'][1]}")
    notes: dict[int, list[str]] = {}
    for pos, mark in hand["marks"]:
        notes.setdefault(pos, []).append(mark)
    if not mine:
        for pos in hand["known"]:
            notes.setdefault(pos, []).append("they know it")
    for pos, numbers in hand.get("answers", []):
        notes.setdefault(pos, []).append("answers " + ",".join(map(str, numbers)))
    cards = [
        f"{i}:{GLYPHS[card] if card else '?'}" + (f"({'; '.join(notes[i])})" if i in notes else "")
        for i, card in enumerate(hand["cards"], 1)
    ]
    lines.append("  hand     " + ("  ".join(cards) if cards else "(no cards)"))
    return lines


def _glyph(kind: str | None) -> str:
    return "-" if kind is None else f"{GLYPHS[kind]} {kind}"
