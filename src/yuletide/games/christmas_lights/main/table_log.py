"""Christmas Lights' log in words: every event kind the game logs, as the viewer saw
it ("you" for the viewer, seats counted from 1), with the ids of what it is about."""

from __future__ import annotations

from yuletide.core.events import Event
from yuletide.games.christmas_lights.main.table_prompt import EVENT_TEXT, EVENT_TITLE
from yuletide.games.christmas_lights.main.table_sale import join_and, question_words
from yuletide.table.bulbs import CHARACTER_NAMES, bulb_label
from yuletide.table.model import LogLine, line, ordinal, seat_name


def owns(s: int, me: int | None) -> str:
    """``your`` for the viewer, else ``seat 3's``."""
    return "your" if s == me else f"{seat_name(s, me)}'s"


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Christmas Lights log event in words, with what it is about."""
    kind = event["type"]
    if kind == "setup":
        chars = ", ".join(
            f"{seat_name(s, seat)}: {CHARACTER_NAMES.get(c, c)}"
            for s, c in enumerate(event["characters"])
        )
        santa = int(event["santa"])
        return line(
            f"Characters: {chars}. {seat_name(santa, seat, capital=True)}"
            f" {'have' if santa == seat else 'has'} Santa and start"
            f"{'' if santa == seat else 's'}.",
            [f"seat:{santa}"],
        )
    if kind == "reshuffle":
        return line(
            f"The deck ran out: the discard pile was shuffled into a new deck of"
            f" {event['deck']} cards.",
            ["deck"],
        )
    if kind == "turn-limit":
        return line(
            f"The turn limit ({event['limit']} turns) is reached: the game ends unfinished."
        )
    if kind == "game-end":
        return line("The final round is over: the game ends.")
    s = int(event["seat"])
    who = seat_name(s, seat, capital=True)
    their = "your" if s == seat else "their"
    you = s == seat
    their_seat = owns(s, seat)

    if kind == "patterns":
        if "patterns" in event:
            return line(
                f"Your secret Pattern cards: {join_and(list(event['patterns']))}.",
                [f"patterns:{s}"],
                seat=s,
            )
        return line(f"{who} got two secret Pattern cards.", [f"patterns:{s}"], seat=s)
    if kind == "turn":
        return line(
            f"Turn {event['turn']}: {their_seat} turn.",
            [f"seat:{s}"],
            seat=s,
        )
    if kind == "commit":
        if "pattern" in event:
            return line(
                f"You chose pattern {event['pattern']}, from the {event['end']} end (secret).",
                [f"patterns:{s}:{event['pattern']}"],
                seat=s,
            )
        return line(f"{who} secretly chose a pattern and an end.", [f"string:{s}"], seat=s)
    if kind == "play":
        card_words = f"{their} {ordinal(int(event['card']))} card, {bulb_label(event['revealed'])}"
        slot = event["slot"]
        where = "the plug slot" if slot == "plug" else f"slot {slot}"
        if event["result"] == "placed":
            how = (
                f"over the Broken Bulb in {where}"
                if str(event["target"]).startswith("fix")
                else f"into {where}"
            )
            return line(
                f"{who} played {card_words}, {how}.",
                [f"string:{s}:{slot}"],
                seat=s,
            )
        return line(
            f"{who} played {card_words}, at {where}: it does not fit and is discarded.",
            ["discard", f"string:{s}:{slot}"],
            seat=s,
        )
    if kind == "complete":
        return line(
            f"{who} completed pattern {event['pattern']} (from the"
            f" {event['end']}): {their} Pattern card {event['pattern_card']} is shown.",
            [f"patterns:{s}:{event['pattern_card']}"],
            seat=s,
        )
    if kind == "final-round":
        return line(
            f"{who} {'have' if you else 'has'} completed two patterns: the round is played"
            " out to the player before Santa's holder.",
            [f"seat:{s}"],
            seat=s,
        )
    if kind == "event":
        e = str(event["event"])
        return line(
            f"{who} drew the Event {EVENT_TITLE.get(e, e)}: {EVENT_TEXT.get(e, '')}.",
            ["events-used"],
            seat=s,
        )
    if kind == "no-event":
        return line(
            f"No Event card is left: {their} Bubble Bulb is just a wildcard.",
            ["event-deck"],
            seat=s,
        )
    if kind == "decided":
        return line(
            f"{who} {'have' if you else 'has'} decided (secret until everyone has).",
            [f"seat:{s}"],
            seat=s,
        )
    if kind == "light-switch":
        drew = event.get("drew")
        if drew is None:
            return line(f"Light Switch: nothing was left for {seat_name(s, seat)} to draw.", seat=s)
        return line(
            f"Light Switch: {seat_name(s, seat)} drew {bulb_label(drew)} and looked at it.",
            [f"hand:{s}"],
            seat=s,
        )
    if kind == "christmas-eve":
        return line(
            f"Christmas Eve: {seat_name(s, seat)} looked at {their}"
            f" {ordinal(int(event['card']))} card: {bulb_label(event['kind'])}.",
            [f"hand:{s}:{event['card']}"],
            seat=s,
        )
    if kind == "boxing-day":
        text = (
            f"Boxing Day: {seat_name(s, seat)} discarded {their}"
            f" {ordinal(int(event['card']))} card ({bulb_label(event['discarded'])})"
        )
        if event.get("drew"):
            got = f" ({bulb_label(event['drawn'])})" if event.get("drawn") else ""
            text += f" and drew a replacement{got}, unseen"
        return line(text + ".", [f"hand:{s}:{event['card']}", "discard"], seat=s)
    if kind == "power-surge":
        gone = ", ".join(bulb_label(k) for k in event["discarded"]) or "nothing"
        return line(
            f"Power Surge: {seat_name(s, seat)} discarded {their} hand ({gone}).",
            ["discard"],
            seat=s,
        )
    if kind == "lump-of-coal":
        return line(
            f"Lump of Coal: {seat_name(s, seat)} must show {their} Pattern card"
            f" {event['pattern_card']} ({event['pattern']}) until it is completed.",
            [f"patterns:{s}:{event['pattern_card']}"],
            seat=s,
        )
    if kind == "draw":
        n = int(event["count"])
        why = {"refill": "to refill", "surge": "after the Power Surge"}.get(str(event["why"]), "")
        seen = event.get("kinds")
        got = f" ({', '.join(bulb_label(k) for k in seen)})" if seen else ""
        cards = f"{n} card{'s' if n != 1 else ''}"
        return line(
            f"{who} drew {cards} {why}{got}.".replace("  ", " "),
            ["deck", f"hand:{s}"],
            seat=s,
        )
    if kind == "swap":
        t = int(event["with"])
        return line(
            f"{who} swapped {their} {ordinal(int(event['card']))} card"
            f" ({bulb_label(event['gave'])}) for {owns(t, seat)}"
            f" {ordinal(int(event['their_card']))} card ({bulb_label(event['got'])}).",
            [f"hand:{s}:{event['card']}", f"hand:{t}:{event['their_card']}"],
            seat=s,
        )
    if kind == "mark":
        mark = str(event["mark"])
        what = "took the mark off" if mark == "none" else f"marked ({mark})"
        return line(
            f"{who} {what} {their} {ordinal(int(event['card']))} card.",
            [f"hand:{s}:{event['card']}"],
            seat=s,
        )
    if kind == "move":
        return line(
            f"{who} moved {their} {ordinal(int(event['card']))} card to place {event['to']}.",
            [f"hand:{s}:{event['to']}"],
            seat=s,
        )
    if kind == "lay":
        return line(
            f"{who} put {their} {ordinal(int(event['card']))} card up for sale:"
            f" {bulb_label(event['kind'])}.",
            ["sale"],
            seat=s,
        )
    if kind == "offer":
        t = int(event["to"])
        whose = "your" if you else f"{seat_name(s, seat)}'s"
        return line(
            f"{who} offered the {bulb_label(event['kind'])} to"
            f" {seat_name(t, seat)} for the answer to:"
            f" {question_words(str(event['question']), whose)}",
            ["sale", f"seat:{t}"],
            seat=s,
        )
    if kind == "accept":
        f = int(event["from"])
        ans = f" The answer: {event['answer']}." if "answer" in event else ""
        return line(
            f"{who} bought the card from {seat_name(f, seat)} and answered.{ans}",
            [f"hand:{s}", f"seat:{f}"],
            seat=s,
        )
    if kind == "decline":
        f = int(event["from"])
        return line(f"{who} declined {owns(f, seat)} offer.", ["sale"], seat=s)
    if kind == "unsold":
        owner = their_seat[0].upper() + their_seat[1:]
        return line(
            f"{owner} {bulb_label(event['kind'])} is not sold: discarded.", ["discard"], seat=s
        )
    raise ValueError(
        f"unknown Christmas Lights event {kind!r}; kinds: setup, patterns, turn, commit, play,"
        " complete, final-round, event, no-event, decided, light-switch, christmas-eve,"
        " boxing-day, power-surge, lump-of-coal, draw, swap, mark, move, lay, offer, accept,"
        " decline, unsold, reshuffle, turn-limit, game-end"
    )
