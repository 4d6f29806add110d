"""Christmas Lights (the main game) as a table: you see every hand but your own.

Per seat: its Pattern cards (yours face up, the others' face down until Lump of Coal or a
completion shows them), its string of five slots (and the plug slot once the first
string is done), each empty slot with what it needs as far as you know it (yours: your
commitment; anyone's: the colours seen missing there), and its hand. Your own hand is
face down, each card with what you know of it (a card you know, its mark, and what the
answers to your sale questions say of it: "not Red ♥", "answer: same kind as your 4th
card"); the others' hands face up, with their marks and which cards their holders know.
The middle: the Bulb deck, the discard pile (its top card and what it holds), the Event
deck and the Events used, and the sale going on. Characters and Santa sit on the seats.

The prompt is in :mod:`._christmas_lights_prompt`, the sale question's forms and the
answers' words in :mod:`._christmas_lights_sale`, the log in :mod:`._christmas_lights_log`.
Everything is read from the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.games.christmas_lights.content import BULB_KINDS
from yuletide.games.christmas_lights.main.table_log import describe, owns
from yuletide.games.christmas_lights.main.table_prompt import EVENT_TEXT, EVENT_TITLE, prompt_parts
from yuletide.games.christmas_lights.main.table_sale import hand_knowledge, join_and, question_words
from yuletide.table.bulbs import CHARACTER_NAMES, COLOURS, bulb, bulb_label, pattern
from yuletide.table.model import (
    Card,
    Form,
    Marker,
    PromptAction,
    Result,
    ScoreCell,
    SeatInfo,
    Table,
    Zone,
    card,
    marker,
    ordinal,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import (
    table as make_table,
)

__all__ = ["describe", "table"]

GAME = "christmas-lights"
TITLE = "Christmas Lights"
SLOTS = 5
ROTATION = {"sideways": 90, "upside-down": 180}

#: What the active seat is doing, as the others read it, by the view's ``step``.
DOING = {
    "play": "playing cards into their string",
    "play-target": "choosing where their card goes",
    "next-step": "choosing the next step",
    "swap": "swapping a card",
    "swap-seat": "swapping a card",
    "swap-card": "swapping a card",
    "sale": "putting a card up for sale",
    "sale-offer": "offering a card for sale",
    "question-positions": "asking a question for the card",
    "question-kinds": "asking a question for the card",
    "question-relation": "asking a question for the card",
    "question-number": "asking a question for the card",
    "question-pair-first": "asking a question for the card",
    "question-pair-second": "asking a question for the card",
}


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    players = int(view["players"])
    me = seat if seat is not None and 0 <= seat < players else None
    to_act = [int(s) for s in view["to_act"]]
    turn = int(view["turn"])
    over = view["outcome"]["status"] != "ongoing"
    knows: list[list[str]] = []
    notes: list[str] = []
    if me is not None:
        knows, notes = hand_knowledge(view, me)
    zones: list[Zone] = []
    order = ([me] if me is not None else []) + [s for s in range(players) if s != me]
    for s in order:
        zones.append(_patterns_zone(view, s, me))
        zones.append(_string_zone(view, s, me))
        zones.append(_hand_zone(view, s, me, knows, notes))
    zones += _middle(view, me)
    seats = [_seat(view, s, me, to_act, turn) for s in range(players)]
    markers: list[Marker] = []
    if view.get("final_round"):
        markers.append(
            marker(
                "token",
                "Final round: played out until the player before Santa's holder",
                id="final-round",
            )
        )
    ev = view.get("event")
    if ev:
        waiting = [seat_name(int(t), me) for t in ev.get("waiting", [])]
        markers.append(
            marker(
                "token",
                f"Event {EVENT_TITLE[ev['event']]}: everyone decides at once"
                + (f"; waiting for {join_and(waiting)}" if waiting else ""),
                id="event",
            )
        )
    acts: list[PromptAction] = []
    forms: list[Form] = []
    if me is not None and legal:
        acts, forms = prompt_parts(view, legal, me)
    res = _result(view, me) if over else None
    ask = _ask(view, me, legal)
    base = f"Turn {int(view['turns']) + 1}" + (" (final round)" if view.get("final_round") else "")
    if res is not None:
        headline = res["headline"]
        text = "The game is over."
    elif me is not None and me in to_act:
        headline = f"{base} — {ask}"
        text = ask[0].upper() + ask[1:] + "."
    else:
        headline = f"{base} — {_others(view, me, turn)}"
        text = "Waiting: " + _others(view, me, turn) + "."
    return make_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=seats,
        zones=zones,
        markers=markers,
        result_=res,
        prompt_=prompt(text, acts, forms=forms, waiting_for=[s for s in to_act if s != me]),
    )


# ------------------------------------------------------------------ words


def _ask(view: Mapping[str, Any], me: int | None, legal: Sequence[str]) -> str:
    """What ``me`` is asked now, as the headline says it."""
    step = view["step"]
    if view.get("free_action"):
        return f"your turn: choose the card for '{view['free_action']}'"
    if view.get("event"):
        ev = view["event"]["event"]
        return f"{EVENT_TITLE[ev]}: {EVENT_TEXT[ev]} — your secret choice"
    if step == "buyer":
        sale = view["sale"]
        kind = bulb_label(sale["cards"][int(sale["current"]) - 1][0])
        return (
            f"{seat_name(int(sale['seller']), me, capital=True)} offers you the {kind}"
            " for an answer: buy it or decline"
        )
    if step == "play":
        plays = int(view["plays"])
        if any(a.startswith("commit ") for a in legal):
            return "your turn: choose a pattern and the end to start from (secret), or skip"
        return f"your turn: PLAY — play a card into your string ({plays} of 2 played)"
    asks = {
        "play-target": "your turn: choose where your card goes",
        "next-step": "your turn: choose the next step — swap, sale, refill or end",
        "swap": "your turn: SWAP — choose your card and another player's",
        "swap-seat": "your turn: SWAP — choose the player and their card",
        "swap-card": "your turn: SWAP — choose their card",
        "sale": "your turn: SALE — put a card up for sale",
        "sale-offer": "your turn: SALE — offer the card with a question, or withdraw it",
    }
    return asks.get(step, "your turn: SALE — finish your question for the buyer")


def _others(view: Mapping[str, Any], me: int | None, turn: int) -> str:
    """What is going on at the table, for a seat not asked."""
    step = view["step"]
    ev = view.get("event")
    if ev:
        waiting = [seat_name(int(t), me) for t in ev.get("waiting", [])]
        mine = ev.get("my_choice")
        return f"{EVENT_TITLE[ev['event']]}: waiting for {join_and(waiting) or 'nobody'}" + (
            f" (your choice: {mine})" if mine else ""
        )
    who = seat_name(turn, me, capital=True)
    if step == "buyer":
        sale = view["sale"]
        return f"{who} offered a card to {seat_name(int(sale['buyer']), me)}, who decides"
    return f"{who} {'are' if turn == me else 'is'} {DOING.get(step, step)}"


def _kind_counts(counts: Sequence[int]) -> str:
    parts = [f"{n} × {bulb_label(BULB_KINDS[k])}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "empty"


# ------------------------------------------------------------------ zones


def _patterns_zone(view: Mapping[str, Any], s: int, me: int | None) -> Zone:
    info = view["seats"][s]
    done = {str(pid): str(end) for pid, end in info["completed"]}
    commitment = info.get("commitment")
    cards = []
    for p, pat in enumerate(info["patterns"], 1):
        cid = f"patterns:{s}:{p}"
        if pat is None:
            cards.append(pattern(cid, None))
            continue
        pid, lights = pat
        c = pattern(cid, {"id": pid, "lights": lights})
        marks = []
        if pid in done:
            c["label"] += f" — completed from the {done[pid]}"
            marks.append(marker("token", "Completed"))
        elif commitment and int(commitment["pattern"]) == p:
            marks.append(marker("token", f"Building it from the {commitment['end']} end"))
        elif s != me:
            marks.append(marker("token", "Shown by Lump of Coal until completed"))
        if marks:
            c["markers"] = marks
        cards.append(c)
    label = "Your Pattern cards" if s == me else f"Seat {s + 1}'s Pattern cards"
    note = "Yours to see; secret to the others" if s == me else "Secret until shown"
    return zone(f"patterns:{s}", "row", label, cards, owner=s, note=note)


def _string_zone(view: Mapping[str, Any], s: int, me: int | None) -> Zone:
    info = view["seats"][s]
    commitment = info.get("commitment")
    needs = commitment["needs"] if commitment else None
    misses = info.get("misses") or [[] for _ in range(SLOTS)]
    cards: list[Card] = []
    zid = f"string:{s}"
    if info.get("plug") == "due":
        cards.append(
            card(
                f"{zid}:plug",
                face="slot",
                label="Plug slot: a Plug must go here before the second string",
            )
        )
    elif info.get("plug") == "placed":
        cards.append(
            bulb(f"{zid}:plug", "plug", detail="The Plug: the second string is plugged in")
        )
    for k, kind in enumerate(info["string"], 1):
        cid = f"{zid}:{k}"
        need = bulb_label(needs[k - 1]) if needs else None
        if kind is None:
            missed = list(misses[k - 1]) if k - 1 < len(misses) else []
            knows = (
                [f"seen missing here: {', '.join(bulb_label(x) for x in missed)}"] if missed else []
            )
            label = f"Slot {k}: " + (f"needs {need}" if need else "empty")
            cards.append(card(cid, face="slot", label=label, knowledge=knows))
            continue
        c = bulb(
            cid, kind, knowledge=[f"needs {need} to fix it"] if need and kind == "broken" else ()
        )
        c["label"] = f"Slot {k}: {c['label']}" + (
            f" (needs {need})" if need and kind == "broken" else ""
        )
        cards.append(c)
    completed = len(info["completed"])
    if completed >= 2:
        note = "Both patterns completed"
    elif info.get("plug") == "due":
        note = "First string done: a Plug comes next"
    elif commitment:
        note = (
            f"You build pattern {commitment['pattern']} from the {commitment['end']} end:"
            f" slot 1 takes its {commitment['end']}most light"
        )
    elif info.get("committed"):
        note = "Building a secret pattern from a secret end"
    else:
        note = "No pattern chosen yet for this string"
    if completed == 1 and completed < 2:
        note = "1 pattern completed. " + note
    label = "Your string" if s == me else f"Seat {s + 1}'s string"
    return zone(zid, "string", label, cards, owner=s, note=note)


def _hand_zone(
    view: Mapping[str, Any], s: int, me: int | None, knows: list[list[str]], notes: list[str]
) -> Zone:
    hand = view["hands"][s]
    marks = {int(p): str(m) for p, m in hand.get("marks", [])}
    known = {int(p) for p in hand.get("known", [])}
    zid = f"hand:{s}"
    cards = []
    for i, kind in enumerate(hand["cards"], 1):
        cid = f"{zid}:{i}"
        mark = marks.get(i)
        on: list[Marker] = []
        if mark:
            on.append(marker("token", f"Marked: {mark}"))
        if s == me:
            lines = [f"you know it: {bulb_label(kind)}"] if kind else []
            if mark:
                lines.append(f"your mark: {mark}")
            if i - 1 < len(knows):
                lines += knows[i - 1]
            if kind:
                c = card(
                    cid,
                    face="down",
                    kind=kind,
                    label=f"{bulb_label(kind)} (you know it)",
                    colour_name=kind if kind in COLOURS else None,
                    knowledge=lines,
                    markers=on,
                )
            else:
                c = card(
                    cid,
                    face="down",
                    label=f"Your {ordinal(i)} card (unknown to you)",
                    knowledge=lines,
                    markers=on,
                )
        else:
            if i in known:
                on.append(marker("token", "Its holder knows this card"))
            c = bulb(cid, kind, markers=on)
        if mark in ROTATION:
            c["rotation"] = ROTATION[mark]
        cards.append(c)
    n = len(cards)
    if s == me:
        label = "Your hand (facing the others)"
        note = "Answers about your hand: " + " · ".join(notes) if notes else None
    else:
        label = f"Seat {s + 1}'s hand"
        note = None
        if me is not None:
            whose = f"seat {s + 1}'s"
            answered = [
                f"{'yes' if yes else 'no'} to {question_words(text, whose)}"
                for seller, buyer, text, yes, _left in view.get("answers", [])
                if seller == s and buyer == me
            ]
            if answered:
                note = "You answered: " + " · ".join(answered)
    return zone(zid, "hand", label, cards, owner=s, count=n, note=note)


def _middle(view: Mapping[str, Any], me: int | None) -> list[Zone]:
    counts = list(view["discard"])
    top = view.get("discard_top")
    zones = [
        zone(
            "deck",
            "deck",
            "Bulb deck",
            count=int(view["deck"]),
            note="Refill draws from here; the discard pile is shuffled in when it runs out",
        ),
        zone(
            "discard",
            "pile",
            "Discard pile",
            [bulb("discard:top", top)] if top else [],
            count=sum(counts),
            note="Face up: " + _kind_counts(counts),
        ),
        zone(
            "event-deck",
            "deck",
            "Event deck",
            count=int(view["event_deck"]),
            note="An Event is drawn when a Bubble Bulb goes into a string",
        ),
    ]
    used = [
        card(
            f"events-used:{i}",
            kind="event",
            label=EVENT_TITLE.get(e, e),
            detail=f"{EVENT_TITLE.get(e, e)}: {EVENT_TEXT.get(e, '')}",
        )
        for i, e in enumerate(view.get("events_used", []), 1)
    ]
    zones.append(zone("events-used", "row", "Events used (out of the game)", used))
    sale = view.get("sale")
    if sale:
        zones.append(_sale_zone(sale, me))
    return zones


def _sale_zone(sale: Mapping[str, Any], me: int | None) -> Zone:
    current = int(sale["current"])
    cards = []
    for i, (kind, status) in enumerate(sale["cards"], 1):
        words = str(status)
        if words.startswith("sold to seat "):
            words = "sold to " + seat_name(int(words.rsplit(" ", 1)[1]), me)
        on = [marker("turn", "On offer now")] if i == current and words == "for sale" else []
        c = bulb(f"sale:{i}", kind, markers=on)
        c["detail"] = f"{c['label']}: {words}"
        cards.append(c)
    whose = owns(int(sale["seller"]), me)
    note = f"{whose[0].upper()}{whose[1:]} sale"
    if sale.get("offered"):
        note += "; declined by " + join_and([seat_name(int(t), me) for t in sale["offered"]])
    if sale.get("buyer") is not None:
        note += f"; offered to {seat_name(int(sale['buyer']), me)}"
        q = sale.get("question") or {}
        if q.get("text"):
            note += f" for the answer to: {question_words(q['text'], whose)}"
    return zone("sale", "market", "For sale", cards, owner=int(sale["seller"]), note=note)


def _seat(
    view: Mapping[str, Any], s: int, me: int | None, to_act: list[int], turn: int
) -> SeatInfo:
    info = view["seats"][s]
    broken, bubble = info["used"]
    done = len(info["completed"])
    h = len(view["hands"][s]["cards"])
    marks = [marker("character", CHARACTER_NAMES.get(info["character"], info["character"]))]
    if s == int(view["santa"]):
        marks.append(
            marker("santa", "Santa's holder: started, and the final round ends before their turn")
        )
    if s == turn and view["outcome"]["status"] == "ongoing":
        marks.append(marker("turn", "Their turn" if s != me else "Your turn"))
    return seat_info(
        s,
        me,
        to_act=to_act,
        score=f"{done}/2 patterns",
        detail=f"{h} card{'s' if h != 1 else ''} · used {broken} Broken, {bubble} Bubble",
        markers=marks,
    )


def _result(view: Mapping[str, Any], me: int | None) -> Result:
    outcome = dict(view["outcome"])
    players = int(view["players"])
    seats = view["seats"]
    if outcome["status"] == "finished":
        full = [s for s in range(players) if len(seats[s]["completed"]) == 2]
        outcome["reason"] = (
            join_and([seat_name(s, me) for s in full])
            + " completed two patterns; the round was played out"
        )
    cols = ["", *(seat_name(s, me, capital=True) for s in range(players))]
    rows: list[list[ScoreCell]] = [
        ["Patterns completed", *[len(seats[s]["completed"]) for s in range(players)]],
        ["Broken Bulbs used", *[int(seats[s]["used"][0]) for s in range(players)]],
        ["Bubble Bulbs used", *[int(seats[s]["used"][1]) for s in range(players)]],
        [
            "Patterns",
            *[
                ", ".join(f"{p} (from the {e})" for p, e in seats[s]["completed"]) or "—"
                for s in range(players)
            ],
        ],
    ]
    return result(
        outcome, players, me, breakdown={"columns": cols, "rows": rows}, score_label="Patterns"
    )


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.main import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
