"""Looney Lights as a table: every hand (yours face up, the others as backs), the Bulb
deck, the discard pile with the colour in play, and a prompt of every legal play.

A Broken Bulb is one choice in the rulebook ("immediately play any other plain colored
bulb or Bubble Bulb from your hand on top of it"), two steps in the engine (``play
broken`` then the follow-up): the prompt offers each whole pair as one action, its
follow-ups computed from your hand in the view (every plain bulb you hold, or a Bubble
Bulb naming any colour), so the client can back out before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.table.bulbs import COLOURS, bulb, bulb_label
from yuletide.table.model import (
    Breakdown,
    LogLine,
    PromptAction,
    Result,
    Table,
    Zone,
    action,
    line,
    marker,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import (
    table as make_table,
)

GAME = "looney-lights"
TITLE = "Looney Lights"
#: How many cards under the top of the discard pile its note names (newest first).
UNDER_SHOWN = 8

#: What each step of a turn asks of the player, as the headline says it.
STEP_ASK = {
    "play": "match the colour in play",
    "follow-up": "play a bulb on your Broken Bulb",
    "drawing": "you could not play the card you drew: draw again",
    "play-drawn": "play the card you drew",
}


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    players = int(view["players"])
    turn = int(view["turn"])
    to_act = [int(s) for s in view["to_act"]]
    over = view["outcome"]["status"] != "ongoing"
    hand: list[str] | None = view["hand"] if seat is not None else None
    sizes = [int(n) for n in view["hand_sizes"]]
    colour = view["colour"]
    seats = [
        seat_info(
            s,
            seat,
            to_act=to_act,
            detail=_cards(sizes[s]) + (_doing(view) if s == turn and not over else ""),
        )
        for s in range(players)
    ]
    zones = [_hand_zone(s, seat, hand, sizes[s]) for s in range(players)]
    zones.append(
        zone(
            "deck",
            "deck",
            "Bulb deck",
            count=int(view["deck"]),
            note="Draw from here when you cannot play",
        )
    )
    zones.append(_discard_zone(view["discard"], colour))
    markers = []
    if colour is not None:
        markers.append(
            marker(
                "token", f"Colour in play: {bulb_label(colour)}", colour_name=colour, id="colour"
            )
        )
    acts = _actions(legal, hand or [], view, seat) if seat is not None else []
    res = None
    if over:
        res = _result(view, seat, sizes)
        headline = res["headline"]
    elif seat in to_act:
        headline = f"Turn {int(view['turns']) + 1} — your turn: {_ask(view)}"
    else:
        headline = (
            f"Turn {int(view['turns']) + 1} — {seat_name(turn, seat, capital=True)}"
            f" is {'drawing' if view['step'] == 'drawing' else 'playing'}"
            f"; colour in play: {bulb_label(colour) if colour else 'not named yet'}"
        )
    if over:
        text = "The game is over."
    elif acts:
        text = _ask(view)[0].upper() + _ask(view)[1:] + "."
    else:
        text = f"Waiting for {seat_name(turn, seat)}."
    return make_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=seats,
        zones=zones,
        markers=markers,
        result_=res,
        prompt_=prompt(text, acts, waiting_for=[s for s in to_act if s != seat]),
    )


def describe(event: Event, seat: int | None) -> LogLine:
    """One Looney Lights log event in words."""
    kind = event["type"]
    if kind == "deal":
        return line(f"Each player is dealt {event['cards_each']} cards.", ["deck"])
    if kind == "reveal":
        card = str(event["card"])
        extra = {
            "plug": ": a Plug cannot start the pile, so another card is revealed",
            "broken": ": a Broken Bulb cannot start the pile, so another card is revealed",
            "bubble": ": the first player names the colour to start with",
        }
        return line(
            f"The first discard is revealed: {bulb_label(card)}{extra.get(card, '')}.", ["discard"]
        )
    who = int(event["seat"]) if "seat" in event else None
    name = seat_name(who, seat, capital=True)
    if kind == "play":
        card = str(event["card"])
        if card == "bubble":
            text = f"{name} played a Bubble Bulb and named {bulb_label(str(event['colour']))}."
        elif card == "plug":
            text = f"{name} played a Plug: it takes the colour of the bulb under it."
        elif card == "broken":
            text = f"{name} played a Broken Bulb and must play another bulb on it."
        else:
            text = f"{name} played {_a(card)}."
        return line(text, ["discard"], seat=who)
    if kind == "name":
        return line(
            f"{name} named {bulb_label(str(event['colour']))} as the colour to start with.",
            ["discard"],
            seat=who,
        )
    if kind == "draw":
        got = f" {_a(str(event['card']))}" if event.get("card") else " a card"
        then = " and can play it" if event.get("playable") else " and cannot play it"
        return line(f"{name} drew{got}{then}.", ["deck", f"hand:{who}"], seat=who)
    if kind == "reshuffle":
        return line(
            f"The Bulb deck ran out: the discard pile under its top card was shuffled"
            f" into a new deck of {event['deck']} cards.",
            ["deck", "discard"],
        )
    if kind == "pass":
        return line(
            f"{name} could not play and nothing was left to draw: passed.",
            [f"hand:{who}"],
            seat=who,
        )
    if kind == "win":
        return line(
            f"{name} discarded {'your' if who == seat else 'their'} last card and"
            f" {'win' if who == seat else 'wins'}!",
            [f"hand:{who}"],
            seat=who,
        )
    raise ValueError(
        f"unknown Looney Lights event {kind!r}; kinds: deal, reveal, play, name,"
        " draw, reshuffle, pass, win"
    )


# ------------------------------------------------------------------ zones


def _hand_zone(s: int, viewer: int | None, hand: list[str] | None, size: int) -> Zone:
    zid = f"hand:{s}"
    if s == viewer and hand is not None:
        return zone(
            zid,
            "hand",
            "Your hand",
            [bulb(f"{zid}:{i + 1}", k) for i, k in enumerate(hand)],
            owner=s,
            count=len(hand),
        )
    label = f"Seat {s + 1}'s hand"
    return zone(
        zid, "hand", label, [bulb(f"{zid}:{i + 1}", None) for i in range(size)], owner=s, count=size
    )


def _discard_zone(pile: Sequence[str], colour: str | None) -> Zone:
    """The pile with its top card face up; the colour in play is noted on a special top
    card (a Plug or Bubble Bulb stands for a colour)."""
    top = str(pile[-1])
    knows: list[str] = []
    if top in ("bubble", "plug") and colour is not None:
        knows.append(f"stands for {bulb_label(colour)}")
    elif top == "bubble":
        knows.append("colour not named yet")
    below = [bulb_label(str(k)) for k in reversed(pile[:-1])]
    under = ", ".join(below[:UNDER_SHOWN])
    if len(below) > UNDER_SHOWN:
        under += f" and {len(below) - UNDER_SHOWN} more"
    note = f"Colour in play: {bulb_label(colour) if colour else 'not named yet'}"
    if under:
        note += f". Under the top card, newest first: {under}"
    return zone(
        "discard",
        "pile",
        "Discard pile",
        [bulb(f"discard:{len(pile)}", top, knowledge=knows)],
        count=len(pile),
        note=note,
    )


# ------------------------------------------------------------------ prompt


def _actions(
    legal: list[str], hand: list[str], view: Mapping[str, Any], seat: int
) -> list[PromptAction]:
    """One action per legal move; ``play broken`` becomes each whole Broken Bulb play."""
    step = view["step"]
    drawn = view.get("drawn")
    out: list[PromptAction] = []
    for text in legal:
        words = text.split()
        if text == "draw":
            out.append(
                action(
                    text, "Draw a card (you have no card you can play)", refs=["deck"], group="Draw"
                )
            )
        elif text == "pass":
            out.append(action(text, "Pass (you cannot play and the deck is empty)", group="Pass"))
        elif words[0] == "name":
            out.append(action(text, f"Start with {bulb_label(words[1])}", group="Name colour"))
        elif words[:2] == ["play", "bubble"]:
            c = words[2]
            on = " on your Broken Bulb" if step == "follow-up" else ""
            which = "the Bubble Bulb you drew" if drawn == "bubble" else "a Bubble Bulb"
            out.append(
                action(
                    text,
                    f"Play {which}{on} and name {bulb_label(c)}",
                    refs=_ref(hand, "bubble", seat),
                    group="Bubble Bulb",
                )
            )
        elif text == "play broken":
            out.extend(_broken_plays(hand, drawn == "broken", seat))
        elif text == "play plug":
            which = "the Plug you drew" if drawn == "plug" else "a Plug"
            out.append(
                action(
                    text,
                    f"Play {which} (it takes the colour in play,"
                    f" {bulb_label(str(view['colour']))})",
                    refs=_ref(hand, "plug", seat),
                    group="Plug",
                )
            )
        elif words[0] == "play" and len(words) == 2 and words[1] in COLOURS:
            k = words[1]
            if step == "follow-up":
                label = f"Play {_a(k)} on your Broken Bulb"
            elif drawn == k:
                label = f"Play the {bulb_label(k)} you drew"
            else:
                label = f"Play {_a(k)}"
            out.append(action(text, label, refs=_ref(hand, k, seat), group="Play"))
        else:
            raise ValueError(f"{text!r} is not a Looney Lights action this table knows")
    return out


def _broken_plays(hand: list[str], drawn: bool, seat: int) -> list[PromptAction]:
    """Every Broken Bulb play with its follow-up: any other plain bulb in the hand, or a
    Bubble Bulb naming any colour (never a Plug or another Broken Bulb)."""
    rest = list(hand)
    rest.remove("broken")
    which = "the Broken Bulb you drew" if drawn else "a Broken Bulb"
    first = _ref(hand, "broken", seat)
    out = []
    for k in COLOURS:
        if k in rest:
            out.append(
                action(
                    ["play broken", f"play {k}"],
                    f"Play {which}, then {_a(k)} on it",
                    refs=first + _ref(hand, k, seat),
                    group="Broken Bulb",
                )
            )
    if "bubble" in rest:
        for c in COLOURS:
            out.append(
                action(
                    ["play broken", f"play bubble {c}"],
                    f"Play {which}, then a Bubble Bulb on it naming {bulb_label(c)}",
                    refs=first + _ref(hand, "bubble", seat),
                    group="Broken Bulb",
                )
            )
    return out


def _ref(hand: list[str], kind: str, seat: int) -> list[str]:
    """The id of the hand card a click on ``kind`` selects (its first copy)."""
    return [f"hand:{seat}:{hand.index(kind) + 1}"] if kind in hand else []


# ------------------------------------------------------------------ words


def _ask(view: Mapping[str, Any]) -> str:
    step = view["step"]
    colour = view["colour"]
    if colour is None:
        return "the first discard is a Bubble Bulb: name the colour to start with"
    if step == "play":
        return (
            f"play {_a(colour)}, or a Bubble Bulb; a Plug or Broken Bulb only if you hold"
            f" no {bulb_label(colour)}"
        )
    if step == "play-drawn" and view.get("drawn"):
        return f"play the {bulb_label(str(view['drawn']))} you drew"
    return STEP_ASK[step]


def _doing(view: Mapping[str, Any]) -> str:
    step = view["step"]
    return {
        "drawing": " · drawing",
        "follow-up": " · on a Broken Bulb",
        "play-drawn": " · playing the card drawn",
    }.get(step, "")


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _a(kind: str) -> str:
    """``a Red ♥`` (a plain bulb), ``a Plug``."""
    return f"a {bulb_label(kind)}"


def _result(view: Mapping[str, Any], seat: int | None, sizes: list[int]) -> Result:
    out = view["outcome"]
    players = int(view["players"])
    heads = [""] + [seat_name(s, seat, capital=True) for s in range(players)]
    breakdown: Breakdown = {"columns": heads, "rows": [["Cards left in hand", *sizes]]}
    res = result(out, players, seat, breakdown=breakdown, score_label="Won")
    if out["status"] == "finished":
        w = int(out["winners"][0])
        res["reason"] = f"{seat_name(w, seat, capital=True)} discarded every card"
    return res


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.looney_lights import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
