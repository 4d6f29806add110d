"""Untangle as a table: the knot (a string of face-up bulbs, with a slot at each end a
card can be played to), every hand (yours face up), each player's Pattern cards (yours
face up, the others' backs, completed ones face up for all), the Bulb deck and the
discard pile.

The engine asks step 3 in two decisions (the card, then where it goes; ``discard``,
then which cards) and, rarely, step 4 in two (which pattern, then which five cards). The
prompt offers each whole choice as one action, its later steps computed from the view
with the game's own pure helpers (:func:`untangle.discard_masks`,
:func:`untangle.matches`), so the client can back out before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.christmas_lights.untangle.rules import (
    KIND_NAME,
    LIGHTS,
    PATTERN_IDS,
    discard_masks,
    matches,
)
from yuletide.table.bulbs import bulb, bulb_label, pattern
from yuletide.table.model import (
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    Table,
    Zone,
    action,
    card,
    line,
    marker,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table

GAME = "untangle"
TITLE = "Untangle"
RUN = 5
LOCK = "🔒"

#: What each step of a turn asks (the rulebook's steps 2 to 4).
ASK = {
    "untangle": "untangle: swap two neighbouring bulbs in the knot",
    "action": "play a card onto a knot card or at one end of the knot, or discard cards",
    "place": "say where the card you played goes",
    "discard": "choose which cards to discard (then you draw back up to three)",
    "complete": "several of your patterns show in the knot: choose which to complete first",
    "which-cards": "your pattern shows in several places: choose which five cards",
}
SPECTATE = {
    "untangle": "untangling the knot",
    "action": "taking an action",
    "place": "placing a card",
    "discard": "discarding",
    "complete": "completing a pattern",
    "which-cards": "completing a pattern",
}


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    n = int(view["players"])
    turn = int(view["turn"])
    to_act = [int(s) for s in view["to_act"]]
    over = view["outcome"]["status"] != "ongoing"
    seats = [
        seat_info(
            s,
            seat,
            to_act=to_act,
            score=f"{len(view['completed'][s])} of 3 patterns",
            detail=f"{_cards(int(view['hand_sizes'][s]))} · "
            f"{view['patterns_left'][s]} pattern"
            f"{'s' if view['patterns_left'][s] != 1 else ''} to go",
        )
        for s in range(n)
    ]
    zones = [_knot(view)]
    for s in range(n):
        zones.append(_hand(view, s, seat))
        zones.append(_patterns(view, s, seat))
    zones.append(zone("deck", "deck", "Bulb deck", count=int(view["deck"])))
    pile: Mapping[str, int] = view["discard"]
    zones.append(
        zone(
            "discard",
            "pile",
            "Discard pile (face up)",
            count=sum(pile.values()),
            note=", ".join(f"{bulb_label(k)} ×{c}" for k, c in pile.items()) or "empty",
        )
    )
    acts = _actions(legal, view, seat) if seat is not None else []
    markers = []
    if view["placing"]:
        markers.append(
            marker(
                "token",
                f"Being played: {bulb_label(view['placing'])}",
                colour_name=_colour(view["placing"]),
                id="placing",
            )
        )
    if view["completing"]:
        markers.append(
            marker(
                "token",
                f"Being completed: Pattern {view['completing']}",
                glyph="✓",
                id="completing",
            )
        )
    res = _result(view, seat) if over else None
    step = str(view["step"])
    head = f"Turn {int(view['turns']) + 1}"
    if res is not None:
        headline = res["headline"]
        text = "The game is over."
    elif seat in to_act:
        headline = f"{head} — your turn: {ASK[step]}"
        text = ASK[step][0].upper() + ASK[step][1:] + "."
    else:
        headline = f"{head} — {seat_name(turn, seat, capital=True)} is {SPECTATE[step]}"
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
    """One Untangle log event in words."""
    kind = event["type"]
    if kind == "reveal":
        if event.get("discarded"):
            return line(
                "A Broken Bulb was revealed for the knot: it is discarded and replaced.",
                ["discard"],
            )
        return line(f"{bulb_label(event['card'])} was revealed and added to the knot.", ["knot"])
    if kind == "reshuffle":
        return line(
            f"The Bulb deck ran out: the discard pile was shuffled into a new deck of"
            f" {event['deck']} cards.",
            ["deck"],
        )
    who = int(event["seat"])
    name = seat_name(who, seat, capital=True)
    if kind == "draw":
        got = _a(event["card"]) if event.get("card") else "a card"
        return line(f"{name} drew {got}.", ["deck", f"hand:{who}"], seat=who)
    if kind == "no-draw":
        return line(
            f"{name} could not draw: the deck and the discard pile are empty.", ["deck"], seat=who
        )
    if kind == "no-action":
        return line(f"{name} had no card in hand, so took no action.", seat=who)
    if kind == "swap":
        a, b = (int(c) for c in event["cards"])
        return line(f"{name} swapped knot cards {a} and {b}.", [f"knot:{a}", f"knot:{b}"], seat=who)
    if kind == "replace":
        at = int(event["at"])
        return line(
            f"{name} played {_a(event['card'])} on knot card {at}, discarding the"
            f" {bulb_label(event['discarded'])} under it.",
            [f"knot:{at}"],
            seat=who,
        )
    if kind == "remove":
        at = int(event["at"])
        return line(
            f"{name} played a Broken Bulb on knot card {at}: the"
            f" {bulb_label(event['discarded'])} and the Broken Bulb are discarded and"
            " the knot closes up.",
            ["knot", "discard"],
            seat=who,
        )
    if kind == "end":
        side = str(event["side"])
        return line(
            f"{name} played {_a(event['card'])} at the {side} end of the knot.",
            [f"knot:{side}"],
            seat=who,
        )
    if kind == "discard":
        return line(f"{name} discarded {_a(event['card'])}.", ["discard"], seat=who)
    if kind == "complete":
        start = int(event["from"])
        return line(
            f"{name} completed Pattern {event['pattern']} with knot cards {start} to"
            f" {start + RUN - 1}: they are discarded.",
            [f"pattern:{event['pattern']}"],
            seat=who,
        )
    if kind == "win":
        verb = "win" if who == seat else "wins"
        return line(
            f"{name} completed all three Pattern cards and {verb}!", [f"seat:{who}"], seat=who
        )
    raise ValueError(f"unknown Untangle event {kind!r}")


# ------------------------------------------------------------------ zones


def _knot(view: Mapping[str, Any]) -> Zone:
    locked = list(view["locked"] or [])
    cards = [card("knot:left", face="slot", label="Left end of the knot")]
    for i, k in enumerate(view["knot"], 1):
        marks = []
        if i in locked:
            marks.append(
                marker(
                    "token",
                    "Just swapped: the next player may not swap these two back",
                    glyph=LOCK,
                    id=f"lock:{i}",
                )
            )
        cards.append(bulb(f"knot:{i}", k, markers=marks, detail=_knot_detail(k, i)))
    cards.append(card("knot:right", face="slot", label="Right end of the knot"))
    return zone(
        "knot",
        "string",
        "The knot",
        cards,
        note="Find five neighbouring bulbs showing one of your patterns, in either"
        " direction; Bubble Bulbs are wild",
    )


def _knot_detail(kind: str, i: int) -> str:
    what = "Bubble Bulb: wild, matches any colour" if kind == "bubble" else bulb_label(kind)
    return f"Knot card {i}: {what}"


def _hand(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    zid = f"hand:{s}"
    size = int(view["hand_sizes"][s])
    if s == viewer and view["hand"] is not None:
        return zone(
            zid,
            "hand",
            "Your hand",
            [bulb(f"{zid}:{i + 1}", k) for i, k in enumerate(view["hand"])],
            owner=s,
            count=size,
        )
    return zone(
        zid,
        "hand",
        f"Seat {s + 1}'s hand",
        [bulb(f"{zid}:{i + 1}", None) for i in range(size)],
        owner=s,
        count=size,
    )


def _patterns(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    """A seat's Pattern cards: completed ones face up for all (marked so), then its
    unfinished ones, face up to their owner only."""
    done = [
        pattern(
            f"pattern:{p}",
            {"id": p, "lights": _lights(p)},
            markers=[marker("token", "Completed", glyph="✓")],
        )
        for p in view["completed"][s]
    ]
    left = int(view["patterns_left"][s])
    if s == viewer and view["patterns"] is not None:
        open_ = [pattern(f"pattern:{p['id']}", p) for p in view["patterns"]]
        label = "Your Pattern cards"
    else:
        open_ = [pattern(f"patterns:{s}:{i + 1}", None) for i in range(left)]
        label = f"Seat {s + 1}'s Pattern cards"
    return zone(
        f"patterns:{s}",
        "row",
        label,
        done + open_,
        owner=s,
        note=f"{len(done)} completed, {left} to go",
    )


# ------------------------------------------------------------------ prompt


def _actions(legal: list[str], view: Mapping[str, Any], seat: int) -> list[PromptAction]:
    hand = list(view["hand"] or [])
    knot = list(view["knot"])
    step = view["step"]
    out: list[PromptAction] = []
    for text in legal:
        words = text.split()
        if words[0] == "swap":
            a, b = int(words[1]), int(words[2])
            out.append(
                action(
                    text,
                    f"Swap knot cards {a} and {b} ({bulb_label(knot[a - 1])}"
                    f" ↔ {bulb_label(knot[b - 1])})",
                    refs=[f"knot:{a}", f"knot:{b}"],
                    group="Untangle",
                )
            )
        elif words[0] == "play":
            out.extend(_plays(words[1], hand, knot, seat))
        elif text == "discard":
            out.extend(_discards(hand, seat))
        elif step == "place":
            out.append(_place([text], str(view["placing"]), knot, []))
        elif words[0] == "cards":
            places = [int(w) for w in words[1:]]
            out.append(_discard([text], hand, places, seat))
        elif words[0] == "complete":
            out.extend(_completes(words[1], knot, seat))
        elif words[0] == "on":
            start = int(words[1])
            out.append(
                action(
                    text,
                    f"Take knot cards {start} to {start + RUN - 1} for"
                    f" Pattern {view['completing']}",
                    refs=[f"knot:{start}"],
                    group="Complete",
                )
            )
        else:
            raise ValueError(f"{text!r} is not an Untangle action this table knows")
    return out


def _plays(kind: str, hand: list[str], knot: list[str], seat: int) -> list[PromptAction]:
    """``play <kind>`` with every place it can go: on each knot card, or (not a Broken
    Bulb) at either end."""
    ref = [f"hand:{seat}:{hand.index(kind) + 1}"]
    wheres = [f"on {i}" for i in range(1, len(knot) + 1)]
    if kind != "broken":
        wheres += ["left end", "right end"]
    return [_place([f"play {kind}", w], kind, knot, ref) for w in wheres]


def _place(send: list[str], kind: str, knot: list[str], ref: list[str]) -> PromptAction:
    where = send[-1]
    yours = f"your {bulb_label(kind)}"
    if where in ("left end", "right end"):
        side = where.split()[0]
        return action(
            send,
            f"Play {yours} at the {side} end of the knot",
            refs=[*ref, f"knot:{side}"],
            group="Play",
        )
    i = int(where.split()[1])
    under = bulb_label(knot[i - 1])
    if kind == "broken":
        label = f"Play {yours} on knot card {i} to remove its {under} (the knot closes up)"
        group = "Broken Bulb"
    else:
        label = f"Play {yours} on knot card {i}, replacing its {under}"
        group = "Play"
    return action(send, label, refs=[*ref, f"knot:{i}"], group=group)


def _discards(hand: list[str], seat: int) -> list[PromptAction]:
    """``discard`` with every set of cards it can name (of equal cards, the first)."""
    out = []
    for mask in discard_masks([KIND_NAME.index(k) for k in hand]):
        places = [i + 1 for i in range(len(hand)) if mask >> i & 1]
        sends = ["discard", "cards " + " ".join(map(str, places))]
        out.append(_discard(sends, hand, places, seat))
    return out


def _discard(send: list[str], hand: list[str], places: Sequence[int], seat: int) -> PromptAction:
    names = [bulb_label(hand[p - 1]) for p in places]
    cards = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    left = len(hand) - len(places)
    draw = f", then draw {3 - left}" if left < 3 else ""
    return action(
        send,
        f"Discard your {cards}{draw}",
        refs=[f"hand:{seat}:{p}" for p in places],
        group="Discard",
    )


def _completes(pid: str, knot: list[str], seat: int) -> list[PromptAction]:
    """``complete <pattern>``, with which five cards when it shows in several places."""
    starts = matches([KIND_NAME.index(k) for k in knot], PATTERN_IDS.index(pid))
    ref = [f"pattern:{pid}"]
    if len(starts) <= 1:
        return [
            action(f"complete {pid}", f"Complete Pattern {pid} first", refs=ref, group="Complete")
        ]
    return [
        action(
            [f"complete {pid}", f"on {s + 1}"],
            f"Complete Pattern {pid} first, with knot cards {s + 1} to {s + RUN}",
            refs=[*ref, f"knot:{s + 1}"],
            group="Complete",
        )
        for s in starts
    ]


# ------------------------------------------------------------------ words


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    out = view["outcome"]
    n = int(view["players"])
    heads = [""] + [seat_name(s, seat, capital=True) for s in range(n)]
    rows: list[list[ScoreCell]] = [
        ["Patterns completed", *(len(c) for c in view["completed"])],
        ["Patterns to go", *(int(k) for k in view["patterns_left"])],
    ]
    res = result(out, n, seat, score_label="Won", breakdown={"columns": heads, "rows": rows})
    if out["status"] == "finished":
        w = int(out["winners"][0])
        res["reason"] = f"{seat_name(w, seat, capital=True)} completed all three Pattern cards"
    return res


def _lights(pid: str) -> list[str]:
    return [KIND_NAME[c] for c in LIGHTS[PATTERN_IDS.index(pid)]]


def _colour(kind: str) -> str | None:
    return kind if kind in KIND_NAME[:6] else None


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _a(kind: str) -> str:
    return f"a {bulb_label(kind)}"


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.untangle import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
