"""Reindeer's Nose as a table: every hand (yours face up), the cards waiting face down in
front of each player (those you passed marked with what they are), the Pattern cards
each player has received, the face-up Pattern pile, and who pointed to their nose.

A real-time game (``realtime``): everyone passes and picks up at once, and once someone
points, everyone must point; the client never acts for you.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.core.registry import game_class
from yuletide.core.simultaneous import is_real_time
from yuletide.games.christmas_lights.content import CONTENT
from yuletide.table.bulbs import bulb, bulb_label, pattern
from yuletide.table.model import (
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    SeatInfo,
    Table,
    Zone,
    action,
    line,
    marker,
    ordinal,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table

GAME = "reindeers-nose"
TITLE = "Reindeer's Nose"
NOSE = "👃"
TO_LOSE = 3
PATTERNS = {p.id: {"id": p.id, "lights": list(p.lights)} for p in CONTENT.patterns}


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    n = int(view["players"])
    to_act = [int(s) for s in view["to_act"]]
    pointed = [int(s) for s in view["pointed"]]
    over = view["outcome"]["status"] != "ongoing"
    seats = [_seat(view, s, seat, to_act, pointed) for s in range(n)]
    zones: list[Zone] = []
    for s in range(n):
        zones.append(_hand(view, s, seat))
        zones.append(_waiting(view, s, seat))
        zones.append(
            zone(
                f"patterns:{s}",
                "row",
                "Your Pattern cards" if s == seat else f"Seat {s + 1}'s Pattern cards",
                [
                    pattern(f"patterns:{s}:{i + 1}", PATTERNS[p])
                    for i, p in enumerate(view["patterns"][s])
                ],
                owner=s,
                note=f"The {ordinal(TO_LOSE)} one eliminates",
            )
        )
    top = view["next_pattern"]
    zones.append(
        zone(
            "pattern-pile",
            "pile",
            "Pattern pile (the last to point takes one)",
            [pattern(f"pattern-pile:{view['pattern_pile']}", PATTERNS[top])] if top else [],
            count=int(view["pattern_pile"]),
        )
    )
    colours = ", ".join(bulb_label(c) for c in view["colours"])
    markers = [
        marker("token", f"Colours in play: {colours} (four of each)", glyph="●", id="colours")
    ]
    acts = _actions(legal, view, seat) if seat is not None else []
    res = _result(view, seat) if over else None
    rnd = f"Round {view['round']}"
    if res is not None:
        headline = res["headline"]
        text = "The game is over."
    elif pointed:
        first = seat_name(pointed[0], seat, capital=True)
        headline = (
            f"{rnd} — {first} pointed to {_their(pointed[0], seat)} nose {NOSE}:"
            " everyone point! The last to point takes a Pattern card"
        )
        text = (
            "Point to your nose, quick!"
            if acts
            else "You have pointed: waiting for the others."
            if seat in pointed
            else "Everyone is pointing."
        )
    else:
        headline = (
            f"{rnd} — everyone at once: pass a card to your left, pick up the card"
            f" passed to you; four matching bulbs? point to your nose {NOSE}"
        )
        text = (
            _passing_text(legal)
            if acts
            else (
                "Waiting for a card to be passed to you."
                if seat is not None
                else "Everyone is passing."
            )
        )
    return make_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=seats,
        zones=zones,
        markers=markers,
        result_=res,
        realtime=is_real_time(game_class(GAME)),
        prompt_=prompt(text, acts, waiting_for=[s for s in to_act if s != seat]),
    )


def describe(event: Event, seat: int | None) -> LogLine:
    """One Reindeer's Nose log event in words."""
    kind = event["type"]
    if kind == "deal":
        if event.get("your_hand"):
            hand = ", ".join(bulb_label(c) for c in event["your_hand"])
            return line(
                f"Round {event['round']}: the bulbs are shuffled and dealt; your hand: {hand}.",
                [f"hand:{seat}"],
            )
        return line(
            f"Round {event['round']}: the bulbs are shuffled and four dealt to each player."
        )
    if kind == "round_end":
        last, holder = int(event["last"]), int(event["set_holder"])
        return line(
            f"{seat_name(holder, seat, capital=True)} had four"
            f" {bulb_label(event['set'])}; {seat_name(last, seat)} pointed last.",
            [f"seat:{holder}", f"seat:{last}"],
        )
    who = int(event["seat"])
    name = seat_name(who, seat, capital=True)
    if kind == "pick_up":
        card = event.get("card")
        if card is None:
            text = f"{name} picked up the card waiting for {_them(who, seat)}."
        elif who == seat:
            text = f"You picked up {_a(card)}."
        else:
            text = f"{name} picked up the {bulb_label(card)} you passed."
        return line(text, [f"waiting:{who}", f"hand:{who}"], seat=who)
    if kind == "point":
        order = int(event["order"])
        first = " first" if order == 1 else f" ({ordinal(order)})"
        return line(
            f"{name} pointed to {_their(who, seat)} nose{first}.", [f"seat:{who}"], seat=who
        )
    if kind == "pattern_card":
        held = int(event["held"])
        return line(
            f"{name} received Pattern card {event['card']} ({ordinal(held)} of {TO_LOSE}).",
            [f"patterns:{who}"],
            seat=who,
        )
    if kind == "eliminated":
        verb = "are" if who == seat else "is"
        return line(
            f"{name} {verb} eliminated with a third Pattern card: everyone else wins.",
            [f"seat:{who}"],
            seat=who,
        )
    raise ValueError(f"unknown Reindeer's Nose event {kind!r}")


# ------------------------------------------------------------------ parts


def _hand(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    zid = f"hand:{s}"
    size = int(view["hand_sizes"][s])
    if s == viewer and view["hand"] is not None:
        return zone(
            zid,
            "hand",
            "Your hand",
            [bulb(f"{zid}:{i + 1}", c) for i, c in enumerate(view["hand"])],
            owner=s,
            count=size,
        )
    n = int(view["players"])
    left_holds = view.get("left_holds")
    cards = []
    for i in range(size):
        knows = []
        if i == 0 and left_holds and viewer is not None and s == (viewer + 1) % n:
            knows.append(f"known: the {bulb_label(left_holds)} you passed")
        cards.append(bulb(f"{zid}:{i + 1}", None, knowledge=knows))
    return zone(zid, "hand", f"Seat {s + 1}'s hand", cards, owner=s, count=size)


def _waiting(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    """The cards passed to ``s`` not yet picked up (oldest first), face down; the viewer
    knows those it passed to its left neighbour."""
    zid = f"waiting:{s}"
    count = int(view["waiting"][s])
    n = int(view["players"])
    passed = list(view["passed"] or []) if viewer is not None and s == (viewer + 1) % n else []
    cards = [
        bulb(
            f"{zid}:{i + 1}",
            None,
            knowledge=[f"you passed: {bulb_label(passed[i])}"] if i < len(passed) else [],
        )
        for i in range(count)
    ]
    label = "Passed to you, waiting" if s == viewer else f"Passed to seat {s + 1}, waiting"
    return zone(zid, "pile", label, cards, owner=s, count=count)


def _seat(
    view: Mapping[str, Any], s: int, viewer: int | None, to_act: list[int], pointed: list[int]
) -> SeatInfo:
    marks = []
    if s in pointed:
        order = pointed.index(s) + 1
        marks.append(
            marker(
                "call",
                f"Pointed to {_their(s, viewer)} nose"
                + (" first (four matching bulbs)" if order == 1 else f" ({ordinal(order)})"),
                glyph=NOSE,
                id=f"nose:{s}",
            )
        )
    held = len(view["patterns"][s])
    size = int(view["hand_sizes"][s])
    waiting = int(view["waiting"][s])
    detail = f"{size} cards" + (f" · {waiting} waiting" if waiting else "")
    return seat_info(
        s,
        viewer,
        to_act=to_act,
        markers=marks,
        detail=detail,
        score=f"{held} of {TO_LOSE} Pattern cards",
    )


def _actions(legal: list[str], view: Mapping[str, Any], seat: int) -> list[PromptAction]:
    hand = list(view["hand"] or [])
    n = int(view["players"])
    left = (seat + 1) % n
    out = []
    for text in legal:
        words = text.split()
        if words[0] == "pass":
            c = words[1]
            out.append(
                action(
                    text,
                    f"Pass your {bulb_label(c)} to {seat_name(left, seat)}"
                    " (on your left), face down",
                    refs=[f"hand:{seat}:{hand.index(c) + 1}"],
                    group="Pass",
                )
            )
        elif text == "pick up":
            out.append(
                action(
                    text,
                    "Pick up the card passed to you",
                    refs=[f"waiting:{seat}"],
                    group="Pick up",
                )
            )
        elif text == "point":
            label = (
                f"Point to your nose {NOSE}: you have four matching bulbs!"
                if not view["pointed"]
                else f"Point to your nose {NOSE} (the last to point takes a Pattern card)"
            )
            out.append(action(text, label, refs=[f"seat:{seat}"], group="Point"))
        else:
            raise ValueError(f"{text!r} is not a Reindeer's Nose action this table knows")
    return out


def _passing_text(legal: list[str]) -> str:
    if legal == ["point"]:
        return f"You hold four matching bulbs: point to your nose {NOSE}!"
    if legal == ["pick up"]:
        return "Pick up the card passed to you."
    return "Pass an unwanted card to the player on your left."


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    out = view["outcome"]
    n = int(view["players"])
    heads = [""] + [seat_name(s, seat, capital=True) for s in range(n)]
    rows: list[list[ScoreCell]] = [["Pattern cards", *(len(p) for p in view["patterns"])]]
    headline = None
    if out["status"] == "finished":
        lost = next(s for s in range(n) if s not in out["winners"])
        headline = (
            f"{seat_name(lost, seat, capital=True)} {'are' if lost == seat else 'is'}"
            " eliminated: everyone else wins"
        )
    res = result(
        out,
        n,
        seat,
        headline=headline,
        score_label="Won",
        breakdown={"columns": heads, "rows": rows},
    )
    if out["status"] == "finished":
        res["reason"] = f"{seat_name(lost, seat, capital=True)} received a third Pattern card"
    return res


# ------------------------------------------------------------------ words


def _their(s: int, viewer: int | None) -> str:
    return "your" if s == viewer else "their"


def _them(s: int, viewer: int | None) -> str:
    return "you" if s == viewer else "them"


def _a(colour: str) -> str:
    return f"a {bulb_label(colour)}"


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.reindeers_nose import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
