"""Blink as a table: the string (the current Pattern card's five lights, the blinking
one marked), the discard pile, the decks, every hand, and the Blink! calls.

The call and the catch are a race (the game is real time: ``Blink.real_time``), so the
model is ``realtime`` and the client never acts for a seat on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.core.registry import game_class
from yuletide.core.simultaneous import is_real_time
from yuletide.table.bulbs import CHARACTER_NAMES, bulb
from yuletide.table.model import (
    LogLine,
    Marker,
    PromptAction,
    Result,
    ScoreCell,
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
from yuletide.table.model import table as make_table
from yuletide.table.words import (
    a,
    capital,
    card_of,
    hand_zone,
    pile_zone,
    plural,
    possessive,
    words,
)

GAME = "blink"


def _realtime() -> bool:
    return is_real_time(game_class(GAME))


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    n = int(view["players"])
    over = view["outcome"]["status"] != "ongoing"
    to_act = [] if over else list(view["to_act"])
    hand: list[str] | None = view["hand"]
    calls: list[str | None] = view["calls"]
    zones = [_string_zone(view), _discard(view)]
    zones.append(
        zone("deck", "deck", f"Bulb deck ({plural(view['deck'], 'card')})", count=view["deck"])
    )
    zones.append(
        zone(
            "pattern-deck",
            "deck",
            f"Pattern deck ({plural(view['pattern_deck'], 'card')})",
            count=view["pattern_deck"],
            note=f"{plural(view['strings'], 'string')} placed this round.",
        )
    )
    seats = []
    for s in range(n):
        size = int(view["hand_sizes"][s])
        marks = _seat_markers(view, s, seat)
        if s == seat and hand is not None:
            z = hand_zone(s, seat, hand, size, markers=_drawn_marker(view))
            _mark_drawn(z, hand, view.get("drawn"))
        else:
            z = hand_zone(s, seat, None, size)
        zones.append(z)
        detail = plural(size, "card")
        if calls[s] == "open":
            detail += ", has not called Blink!"
        score = None
        if view["match"]:
            score = f"{len(view['characters'][s])} of 2 Character cards"
        seats.append(seat_info(s, seat, to_act=to_act, score=score, detail=detail, markers=marks))
    actions = [_action(a_, view, seat) for a_ in legal]
    res = None
    if over:
        res = _result(view, seat)
    return make_table(
        game=GAME,
        title="Blink",
        view=view,
        headline=_headline(view, seat, over),
        seats=seats,
        zones=zones,
        prompt_=prompt(
            _prompt_text(view, seat, legal, over),
            actions,
            waiting_for=[s for s in to_act if s != seat],
        ),
        markers=_table_markers(view),
        result_=res,
        realtime=_realtime(),
    )


# ------------------------------------------------------------------ zones


def _string_zone(view: Mapping[str, Any]) -> Zone:
    """The current string: the Pattern card's five lights in order, the blinking one
    marked, the ones you may play next said so."""
    string = view["string"]
    blinking = view["blinking"]
    may = set(view["may_play"])
    cards = []
    for i, light in enumerate(string["lights"]):
        marks = []
        detail = f"Light {i + 1} of Pattern {string['id']}"
        if light == blinking:
            marks.append(marker("blinking", f"Blinking: {words(light)}", colour_name=light))
            detail += ": blinking now (it may not be played again)"
        elif light in may:
            detail += ": next to the blinking light, may be played"
        cards.append(bulb(f"string:{i + 1}", light, markers=marks, detail=detail))
    if blinking == "any":
        note = "No bulb is blinking: any colour of the pattern may be played."
        label = f"The string: Pattern {string['id']} (nothing blinking)"
    else:
        nexts = " or ".join(words(c) for c in view["may_play"])
        note = (
            f"Play a colour next to the blinking {words(blinking)}: {nexts} (the string"
            " wraps around from end to end); or a Bubble Bulb, Broken Bulb or Plug."
        )
        label = f"The string: Pattern {string['id']} (blinking: {words(blinking)})"
    return zone("string", "string", label, cards, note=note)


def _discard(view: Mapping[str, Any]) -> Zone:
    return pile_zone(
        "discard",
        "Discard pile",
        view["discard"],
        note="Its top card is the last bulb that blinked; Broken Bulbs go under it.",
    )


def _drawn_marker(view: Mapping[str, Any]) -> list[Marker]:
    drawn = view.get("drawn")
    if not drawn:
        return []
    return [marker("token", f"You just drew {words(drawn)}: play it or keep it")]


def _mark_drawn(z: Zone, hand: list[str], drawn: str | None) -> None:
    """Mark the card just drawn (one card of its kind: a hand is a set of kinds)."""
    if not drawn or drawn not in hand:
        return
    i = len(hand) - 1 - hand[::-1].index(drawn)
    c = z["cards"][i]
    c.setdefault("markers", []).append(marker("token", "Just drawn"))
    c["detail"] = "The card you just drew: play it now or keep it"


def _seat_markers(view: Mapping[str, Any], s: int, viewer: int | None) -> list[Marker]:
    marks = []
    call = view["calls"][s]
    if call == "open":
        marks.append(
            marker(
                "call",
                "One card left, no Blink! yet: catch them!"
                if s != viewer
                else "One card left: call Blink!",
            )
        )
    elif call == "called":
        marks.append(marker("call", "Blink!"))
    if s == view["dealer"]:
        marks.append(marker("token", "Dealer"))
    for name in view["characters"][s]:
        marks.append(marker("character", CHARACTER_NAMES.get(name, name)))
    return marks


def _table_markers(view: Mapping[str, Any]) -> list[Marker]:
    blinking = view["blinking"]
    if blinking == "any":
        return [marker("blinking", "Nothing blinking: any colour of the pattern")]
    return [marker("blinking", f"Blinking: {words(blinking)}", colour_name=blinking)]


# ------------------------------------------------------------------ prompt


def _action(text: str, view: Mapping[str, Any], seat: int | None) -> PromptAction:
    assert seat is not None
    hand: list[str] = view["hand"] or []
    blinking = view["blinking"]
    drawn = view.get("drawn")
    parts = text.split()
    if parts[0] == "play":
        kind = parts[1]
        pick = card_of(hand, kind, seat, nth=hand.count(kind) if drawn == kind else 1)
        if kind == "bubble":
            colour = parts[2]
            light = view["string"]["lights"].index(colour) + 1
            return action(
                text,
                f"Play a Bubble Bulb naming {words(colour)}: the next player"
                f" plays a colour beside {words(colour)}",
                refs=[pick, f"string:{light}"],
                group="Play",
            )
        if kind == "broken":
            return action(
                text,
                "Play a Broken Bulb: the blinking light stays where it is"
                " (it goes under the discard pile)",
                refs=[pick],
                group="Play",
            )
        if kind == "plug":
            return action(
                text,
                "Play a Plug: the next Pattern card becomes the string",
                refs=[pick],
                group="Play",
            )
        where = (
            f"next to the blinking {words(blinking)}"
            if blinking != "any"
            else "a colour of the pattern"
        )
        label = f"Play {words(kind)} ({where})"
        if drawn == kind:
            label = f"Play the {words(kind)} you just drew ({where})"
        light = view["string"]["lights"].index(kind) + 1
        return action(text, label, refs=[pick, f"string:{light}"], group="Play")
    if text == "draw":
        return action(
            text, "Draw a card: you have nothing you can play", refs=["deck"], group="Draw"
        )
    if text == "keep":
        return action(
            text, f"Keep the {words(drawn or 'card')} you drew (your turn ends)", group="Draw"
        )
    if text == "pass":
        return action(text, "Pass: you cannot play and there is nothing left to draw", group="Draw")
    if text == "blink":
        return action(
            text, "Call Blink! (you are down to one card)", refs=[f"seat:{seat}"], group="Blink!"
        )
    if parts[0] == "catch":
        t = int(parts[2])
        return action(
            text,
            f"Catch seat {t + 1}: one card left and no Blink! (they draw a card)",
            refs=[f"seat:{t}"],
            group="Blink!",
        )
    raise ValueError(f"not a Blink action: {text!r}")


def _prompt_text(view: Mapping[str, Any], seat: int | None, legal: list[str], over: bool) -> str:
    if over:
        return "The game is over."
    if not legal:
        return f"Waiting for seat {int(view['turn']) + 1}."
    if "blink" in legal:
        return "You are down to one card: call Blink! before someone catches you."
    if any(x.startswith("catch") for x in legal) and seat != view["turn"]:
        return "Someone is down to one card without calling Blink!: catch them!"
    if view.get("drawn"):
        return f"You drew {a(view['drawn'])}, which you can play: play it or keep it."
    if legal == ["draw"]:
        return "You cannot play anything: draw a card (up to three)."
    if legal == ["pass"]:
        return "You cannot play and nothing is left to draw: pass."
    return "Your turn: play one card."


def _headline(view: Mapping[str, Any], seat: int | None, over: bool) -> str:
    turns = int(view["turns"])
    if over:
        return f"Game over after {plural(turns, 'turn')}"
    rnd = f"Round {int(view['rounds']) + 1} — " if view["match"] else ""
    turn = int(view["turn"])
    head = f"{rnd}Turn {turns + 1}: "
    if turn == seat:
        head += "your turn"
        if view.get("drawn"):
            head += " (play or keep the card you drew)"
    else:
        head += f"seat {turn + 1} is playing"
    if "open" in view["calls"]:
        who = [s for s, c in enumerate(view["calls"]) if c == "open"]
        head += " — " + " and ".join(seat_name(s, seat, capital=True) for s in who)
        head += " must call Blink!" if who == [seat] else " may be caught!"
    return head


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    outcome = view["outcome"]
    n = int(view["players"])
    columns = [""] + [("You" if s == seat else f"Seat {s + 1}") for s in range(n)]
    rows: list[list[ScoreCell]] = [["Cards left in hand", *view["hand_sizes"]]]
    if view["match"]:
        rows.append(
            [
                "Character cards won",
                *[
                    ", ".join(CHARACTER_NAMES.get(c, c) for c in cs) or "none"
                    for cs in view["characters"]
                ],
            ]
        )
        rows.append(["Rounds played", *([view["rounds"]] * n)])
    out = result(
        outcome,
        n,
        seat,
        breakdown={"columns": columns, "rows": rows},
        score_label="Character cards" if view["match"] else "Won",
    )
    if out["winners"]:  # the engine's reason counts seats from 0; the table from 1
        w = out["winners"][0]
        who = seat_name(w, seat, capital=True)
        out["reason"] = (
            f"{who} won two Character cards: the champion"
            if view["match"]
            else f"{who} played {'your' if w == seat else 'their'} last card"
        )
    return out


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Blink log event in words."""
    kind = event["type"]
    who = event.get("seat")
    name = seat_name(who, seat, capital=True) if isinstance(who, int) else ""
    refs = [f"seat:{who}"] if isinstance(who, int) else []
    if kind == "deal":
        return line(
            f"{seat_name(event['dealer'], seat, capital=True)} dealt a new round;"
            f" the string is Pattern {event['string']}",
            ["string"],
        )
    if kind == "reveal":
        return line(f"{capital(a(event['card']))} was revealed onto the discard pile", ["discard"])
    if kind == "string":
        return line(f"A Plug: Pattern {event['pattern']} is the new string", ["string"])
    if kind == "no-blink":
        return line(
            "No colour of the pattern is left to reveal: any colour of the pattern may be played",
            ["string"],
        )
    if kind == "play":
        card = event["card"]
        if card == "bubble":
            text = f"{name} played a Bubble Bulb naming {words(event['colour'])}"
        elif card == "broken":
            text = f"{name} played a Broken Bulb (under the pile; the light stays)"
        elif card == "plug":
            text = f"{name} played a Plug"
        else:
            text = f"{name} played {words(card)}"
        return line(text, ["discard", *refs], seat=who)
    if kind == "draw":
        got = a(event["card"]) if "card" in event else "a card"
        if "playable" not in event:
            text = f"{name} drew {got} for being caught without calling Blink!"
        elif event["playable"]:
            text = f"{name} drew {got} {'you' if who == seat else 'they'} can play"
        else:
            text = f"{name} drew {got} (not playable)"
        return line(text, [f"hand:{who}", "deck"], seat=who)
    if kind == "catch":
        caught = event["caught"]
        return line(
            f"{name} caught {seat_name(caught, seat)} with one card before"
            f" {'you' if caught == seat else 'they'} called Blink!",
            [f"seat:{caught}", *refs],
            seat=who,
        )
    if kind == "blink":
        return line(f"{name}: “Blink!”", refs, seat=who)
    if kind == "keep":
        return line(f"{name} kept the card {'you' if who == seat else 'they'} drew", refs, seat=who)
    if kind == "pass":
        return line(f"{name} passed: nothing to play and nothing to draw", refs, seat=who)
    if kind == "no-draw":
        return line(f"Nothing left to draw: {possessive(who, seat)} turn ends", refs, seat=who)
    if kind == "out":
        return line(
            f"{name} played {'your' if who == seat else 'their'} last card and"
            f" {'win' if who == seat else 'wins'} the round",
            refs,
            seat=who,
        )
    if kind == "character":
        return line(
            f"{name} {'take' if who == seat else 'takes'} the"
            f" {CHARACTER_NAMES.get(event['character'], event['character'])}"
            " Character card",
            refs,
            seat=who,
        )
    if kind == "refresh":
        return line(
            f"The Bulb deck ran out: the discard pile but its top card was shuffled"
            f" into a new deck of {plural(event['deck'], 'card')}",
            ["deck"],
        )
    if kind == "new-pattern-deck":
        return line(
            f"The Pattern deck ran out: {plural(event['deck'], 'used pattern')}"
            " were shuffled into a new one",
            ["pattern-deck"],
        )
    raise ValueError(f"not a Blink event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.blink import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
