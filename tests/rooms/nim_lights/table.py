"""Nim Lights as a table: the string of played bulbs (the lit bulb last), the face-down
pile, every seat's hand (face up for its owner, backs for everyone else) and a prompt of
every legal action in words. Built from the view alone, like every table model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yuletide.table.model import (
    Card,
    LogLine,
    PromptAction,
    Table,
    action,
    card,
    line,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table

GAME = "nim-lights"
TITLE = "Nim Lights"


def _plural(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    n = int(view["players"])
    to_act = [int(s) for s in view["to_act"]]
    string = [str(c) for c in view["string"]]
    lit = str(view["lit"])
    hand: list[str] | None = view["hand"]
    zones = [
        zone(
            "string",
            "string",
            f"The string ({len(string)} bulbs; the last is lit)",
            [card(f"string:{i + 1}", kind=c) for i, c in enumerate(string)],
        ),
        zone("pile", "deck", f"The pile ({_plural(int(view['pile']))})", count=int(view["pile"])),
    ]
    for s in range(n):
        size = int(view["hand_sizes"][s])
        cards: list[Card] = (
            [card(f"hand:{s}:{i + 1}", kind=c) for i, c in enumerate(hand)]
            if s == seat and hand is not None
            else [card(f"hand:{s}:{i + 1}", face="down") for i in range(size)]
        )
        title = "Your hand" if s == seat else f"Seat {s + 1}'s hand"
        zones.append(zone(f"hand:{s}", "hand", f"{title} ({_plural(size)})", cards, owner=s))
    seats = [
        seat_info(s, seat, to_act=to_act, score=_plural(int(view["hand_sizes"][s])))
        for s in range(n)
    ]
    acts = [_action(t, hand or [], seat) for t in legal] if seat is not None else []
    over = view["outcome"]["status"] != "ongoing"
    res = result(view["outcome"], n, seat, score_label="Won") if over else None
    if res is not None:
        headline, text = res["headline"], "The game is over."
    elif seat in to_act:
        headline = f"Your turn: follow the lit {lit} bulb, draw or pass"
        text = f"Play a {lit} or {_next(lit)} bulb, draw a card or pass."
    else:
        who = seat_name(int(view["turn"]), seat, capital=True)
        headline, text = f"{who} to play on the lit {lit} bulb", f"Waiting for {who}."
    return make_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=seats,
        zones=zones,
        result_=res,
        prompt_=prompt(text, acts, waiting_for=[s for s in to_act if s != seat]),
    )


def describe(event: Mapping[str, Any], seat: int | None) -> LogLine:
    """One Nim Lights log event in words."""
    kind = event["type"]
    if kind == "deal":
        return line(f"Each player is dealt {event['cards_each']} cards.", ["pile"])
    if kind == "light":
        return line(f"The first bulb is lit: {event['card']}.", ["string"])
    if kind == "dark":
        return line("Every player passed in a row: the string goes dark.", ["string"])
    who = int(event["seat"])
    name = seat_name(who, seat, capital=True)
    if kind == "play":
        return line(f"{name} played a {event['card']} bulb.", ["string"], seat=who)
    if kind == "draw":
        what = f" a {event['card']} bulb" if "card" in event else " a card"
        return line(f"{name} drew{what}.", [f"hand:{who}"], seat=who)
    if kind == "pass":
        return line(f"{name} passed.", [f"seat:{who}"], seat=who)
    if kind == "out":
        return line(f"{name} played their last card.", [f"hand:{who}"], seat=who)
    raise ValueError(f"unknown Nim Lights event {kind!r}")


def _next(colour: str) -> str:
    order = ("red", "green", "blue")
    return order[(order.index(colour) + 1) % len(order)]


def _action(text: str, hand: list[str], seat: int | None) -> PromptAction:
    if text == "draw":
        return action(text, "Draw a card from the pile", refs=["pile"], group="Draw")
    if text == "pass":
        return action(text, "Pass", group="Pass")
    colour = text.removeprefix("play ")
    refs = [f"hand:{seat}:{hand.index(colour) + 1}"] if colour in hand else []
    return action(text, f"Play a {colour} bulb", refs=refs, group="Play")
