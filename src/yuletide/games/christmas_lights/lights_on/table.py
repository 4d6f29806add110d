"""Lights On as a table: four hands (yours face up once the round has begun, the others
as backs, with the cards everyone saw them take from the Market), the Market, the Bulb
deck and the old Market cards, the two teams with their Plugs and Broken Bulbs, your
team's secret signal, and every call, swap and emote as a button.

A real-time game (``realtime``): everyone acts at once and the client never acts for
you. The view holds no emote history (only who may send one now), so emotes are worded
in the log (:func:`describe`), each with its glyph.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.core.registry import game_class
from yuletide.core.simultaneous import is_real_time
from yuletide.games.christmas_lights.lights_on.rules import EMOTE_GLYPH
from yuletide.table.bulbs import bulb, bulb_label
from yuletide.table.model import (
    Card,
    LogLine,
    Marker,
    PromptAction,
    Result,
    ScoreCell,
    SeatInfo,
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

GAME = "lights-on"
TITLE = "Lights On"
BUBBLE_DETAIL = "Bubble Bulb: not wild in Lights On; four Bubble Bulbs are a set"
AIM = "collect four identical bulbs"


def team_name(team: int) -> str:
    """Team 1 is seats 1 and 3, team 2 seats 2 and 4 (the engine's teams 0 and 1)."""
    return f"Team {team + 1}"


def emote_label(name: str) -> str:
    return f"{EMOTE_GLYPH[name]} {name.capitalize()}"


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    to_act = [int(s) for s in view["to_act"]]
    over = view["outcome"]["status"] != "ongoing"
    playing = view["phase"] == "play"
    votes = {int(s) for s in view["votes"]}
    seats = [_seat(view, s, seat, to_act, votes) for s in range(4)]
    zones = [_hand(view, s, seat) for s in range(4)]
    zones.append(
        zone(
            "market",
            "market",
            "Market",
            [_card(f"market:{i + 1}", k) for i, k in enumerate(view["market"])],
            note="Swap one card at a time: place one of yours, take one back",
        )
    )
    zones.append(
        zone("deck", "deck", "Bulb deck", count=int(view["deck"]), note="New lights come from here")
    )
    old = list(view["discard"])
    zones.append(
        zone(
            "discard",
            "pile",
            "Old Market cards",
            [_card(f"discard:{len(old)}", old[-1])] if old else [],
            count=len(old),
        )
    )
    markers = _table_markers(view, seat)
    acts = _actions(legal, view, seat) if seat is not None else []
    res = _result(view, seat) if over else None
    rnd = f"Round {view['round']}"
    if res is not None:
        headline = res["headline"]
        text = "The game is over."
    elif not playing:
        if seat is not None and seat in to_act:
            headline = f"{rnd} — choose your team's secret signal, then the race begins"
            text = (
                "Choose your team's secret signal: the emote that tells your teammate"
                ' "I have four identical bulbs". Your hand stays face down until both'
                " teams have chosen."
            )
        else:
            headline = f"{rnd} — the teams are choosing their secret signals"
            text = "Waiting for the other team to choose its signal."
    else:
        headline = (
            f"{rnd} — everyone plays at once: swap with the Market to {AIM};"
            " Lights ON when your teammate signals"
        )
        text = (
            "Swap with the Market, send an emote, ask for new lights, or call Lights ON"
            " or Lights OFF."
            if acts
            else "Everyone plays at once."
        )
        hand = view["hand"] or []
        if acts and len(hand) == 4 and len(set(hand)) == 1 and view["signal"]:
            text = (
                f"You hold four identical bulbs! Send your signal"
                f" ({emote_label(view['signal'])}) so your teammate says Lights ON. " + text
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
    """One Lights On log event in words."""
    kind = event["type"]
    who = int(event["seat"]) if "seat" in event else None
    name = seat_name(who, seat, capital=True)
    if kind == "deal":
        market = ", ".join(bulb_label(k) for k in event["market"])
        return line(
            f"Round {event['round']}: four cards are dealt face down to each player;"
            f" the Market shows {market}.",
            ["market"],
        )
    if kind == "signal_chosen":
        team = int(event["team"])
        return line(
            f"{name} chose {_team_whose(team, seat)} secret signal.", [f"seat:{who}"], seat=who
        )
    if kind == "go":
        if event.get("your_hand"):
            hand = ", ".join(bulb_label(k) for k in event["your_hand"])
            return line(f"Three... two... one... GO! Your hand: {hand}.", [f"hand:{seat}"])
        return line("Three... two... one... GO!")
    if kind == "emote":
        return line(f"{name} sent {event['emote']}.", [f"seat:{who}"], seat=who)
    if kind == "swap":
        return line(
            f"{name} placed {_a(event['gave'])} in the Market and took {_a(event['took'])}.",
            ["market", f"hand:{who}"],
            seat=who,
        )
    if kind == "new_lights_vote":
        return line(f"{name} asked for new lights.", [f"seat:{who}"], seat=who)
    if kind == "new_lights":
        market = ", ".join(bulb_label(k) for k in event["market"])
        return line(f"Everyone agreed: new lights! The Market now shows {market}.", ["market"])
    if kind == "reshuffle":
        return line(
            f"The Bulb deck ran low: the old Market cards were shuffled in"
            f" ({event['deck']} cards).",
            ["deck"],
        )
    if kind in ("lights_on", "lights_off"):
        shown = int(event["revealed"])
        hand = ", ".join(bulb_label(k) for k in event["hand"])
        whom = seat_name(shown, seat)
        call = "Lights ON" if kind == "lights_on" else "Lights OFF"
        four = "four identical bulbs" if event["four_identical"] else "not four identical bulbs"
        return line(
            f"{name} said {call}: {whom} revealed {hand} ({four}).",
            [f"seat:{shown}", f"hand:{shown}"],
            seat=who,
        )
    if kind in ("plug", "broken"):
        team = int(event["team"])
        what = "a Plug" if kind == "plug" else "a Broken Bulb"
        return line(
            f"{team_name(team)} ({_members(team, seat)}) received {what}: now"
            f" {event['team_total']}.",
            [f"seat:{t}" for t in (team, team + 2)],
        )
    if kind == "win":
        team = int(event["team"])
        why = "three Plugs" if event["by"] == "plugs" else "three Broken Bulbs for the other team"
        return line(
            f"{team_name(team)} ({_members(team, seat)}) won: {why}.",
            [f"seat:{t}" for t in (team, team + 2)],
        )
    raise ValueError(f"unknown Lights On event {kind!r}")


# ------------------------------------------------------------------ parts


def _card(id: str, kind: str | None, knowledge: Sequence[str] = ()) -> Card:
    return bulb(id, kind, knowledge=knowledge, detail=BUBBLE_DETAIL if kind == "bubble" else None)


def _hand(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    """A hand of four: yours face up once the round has begun; another's as backs, the
    cards everyone saw it take from the Market first, with that knowledge."""
    zid = f"hand:{s}"
    known = list(view["known"][s])
    hand = view["hand"] if s == viewer else None
    if hand is not None:
        left = list(known)
        cards = []
        for i, k in enumerate(hand):
            seen: list[str] = []
            if k in left:
                left.remove(k)
                seen.append("everyone saw you take it from the Market")
            cards.append(_card(f"{zid}:{i + 1}", k, seen))
        return zone(zid, "hand", "Your hand", cards, owner=s, count=len(cards))
    cards = [
        _card(f"{zid}:{i + 1}", None, [f"known: {bulb_label(k)} (taken from the Market)"])
        for i, k in enumerate(known)
    ]
    cards += [_card(f"{zid}:{i + 1}", None) for i in range(len(known), 4)]
    if s == viewer:
        label, note = "Your hand", "Face down: you look at it on GO"
    else:
        label, note = f"Seat {s + 1}'s hand", None
    return zone(zid, "hand", label, cards, owner=s, count=4, note=note)


def _seat(
    view: Mapping[str, Any], s: int, viewer: int | None, to_act: list[int], votes: set[int]
) -> SeatInfo:
    team = s % 2
    mate = (s + 2) % 4
    marks = [
        marker(
            "team",
            f"{team_name(team)}, with {seat_name(mate, viewer)}",
            glyph="①" if team == 0 else "②",
            id=f"team:{s}",
        )
    ]
    if s in votes:
        marks.append(marker("call", "New lights? agreed", glyph="↻", id=f"vote:{s}"))
    if view["phase"] == "play" and not view["may_emote"][s]:
        marks.append(marker("call", "Just sent an emote", glyph="💬", id=f"emoted:{s}"))
    plugs, broken = int(view["plugs"][team]), int(view["broken_bulbs"][team])
    detail = team_name(team) + (
        " · choosing the signal" if s in to_act and view["phase"] == "signal" else ""
    )
    return seat_info(
        s,
        viewer,
        to_act=to_act,
        markers=marks,
        detail=detail,
        score=f"{_plugs(plugs)}, {_brokens(broken)}",
    )


def _table_markers(view: Mapping[str, Any], seat: int | None) -> list[Marker]:
    out: list[Marker] = []
    mine = view.get("team")
    if view["signal"] is not None:
        out.append(
            marker(
                "team",
                f"Your team's secret signal: {emote_label(view['signal'])}",
                glyph=EMOTE_GLYPH[view["signal"]],
                id="signal",
            )
        )
    for team, chosen in enumerate(view["signal_chosen"]):
        if team == mine:
            continue
        state = "has chosen its secret signal" if chosen else "is choosing its secret signal"
        out.append(
            marker(
                "team",
                f"{team_name(team)} ({_members(team, seat)}) {state}",
                glyph="?",
                id=f"signal:{team}",
            )
        )
    for team in (0, 1):
        out.append(
            marker(
                "token",
                f"{team_name(team)}: {_plugs(int(view['plugs'][team]))}"
                f", {_brokens(int(view['broken_bulbs'][team]))} (3 Plugs win;"
                " 3 Broken Bulbs lose)",
                glyph="🔌",
                id=f"score:{team}",
            )
        )
    return out


def _actions(legal: list[str], view: Mapping[str, Any], seat: int) -> list[PromptAction]:
    hand = list(view["hand"] or [])
    market = list(view["market"])
    mate = (seat + 2) % 4
    out: list[PromptAction] = []
    for text in legal:
        words = text.split()
        if words[0] == "signal":
            out.append(
                action(
                    text,
                    f"Choose {emote_label(words[1])} as your team's secret signal",
                    group="Secret signal",
                )
            )
        elif words[0] == "swap":
            give, take = words[1], words[3]
            refs = [f"hand:{seat}:{hand.index(give) + 1}", f"market:{market.index(take) + 1}"]
            out.append(
                action(
                    text,
                    f"Give your {bulb_label(give)}, take the {bulb_label(take)} from the Market",
                    refs=refs,
                    group="Swap",
                )
            )
        elif words[0] == "emote":
            ours = words[1] == view["signal"]
            out.append(
                action(
                    text,
                    f"Send {emote_label(words[1])} ("
                    + ("your team's secret signal; " if ours else "")
                    + "everyone sees it)",
                    group="Emote",
                    detail="Your teammate knows it means four identical bulbs"
                    if ours
                    else "Not your signal: a bluff, or just for fun",
                )
            )
        elif text == "new lights":
            out.append(
                action(
                    text,
                    "Ask for new lights (the Market is replaced when all four agree)",
                    refs=["market"],
                    group="New lights?",
                )
            )
        elif text == "lights on":
            out.append(
                action(
                    text,
                    f"Say Lights ON: {seat_name(mate, seat)} (your teammate) reveals",
                    refs=[f"seat:{mate}"],
                    group="Call",
                    detail="Four identical bulbs win your team a Plug; anything else"
                    " gives it a Broken Bulb",
                )
            )
        elif words[:2] == ["lights", "off"]:
            target = int(words[2])
            out.append(
                action(
                    text,
                    f"Say Lights OFF at {seat_name(target, seat)}: they reveal",
                    refs=[f"seat:{target}"],
                    group="Call",
                    detail="Four identical bulbs give their team a Broken Bulb;"
                    " otherwise your team takes one",
                )
            )
        else:
            raise ValueError(f"{text!r} is not a Lights On action this table knows")
    return out


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    out = view["outcome"]
    heads = [""] + [seat_name(s, seat, capital=True) for s in range(4)]
    rows: list[list[ScoreCell]] = [
        ["Team", *(team_name(s % 2) for s in range(4))],
        ["Plugs", *(int(view["plugs"][s % 2]) for s in range(4))],
        ["Broken Bulbs", *(int(view["broken_bulbs"][s % 2]) for s in range(4))],
    ]
    headline = None
    if out["status"] == "finished" and out["winners"]:
        team = int(out["winners"][0]) % 2
        headline = (
            f"{team_name(team)} ({_members(team, seat)}) "
            f"{'win' if seat is not None and seat % 2 == team else 'wins'}"
        )
    res = result(
        out,
        4,
        seat,
        headline=headline,
        score_label="Plugs minus Broken Bulbs",
        breakdown={"columns": heads, "rows": rows},
    )
    if out["status"] == "finished" and out["winners"]:
        team = int(out["winners"][0]) % 2
        if int(view["plugs"][team]) >= 3:
            res["reason"] = f"{team_name(team)} won three Plugs"
        else:
            res["reason"] = f"{team_name(1 - team)} took three Broken Bulbs"
    return res


# ------------------------------------------------------------------ words


def _members(team: int, viewer: int | None) -> str:
    a, b = seat_name(team, viewer), seat_name(team + 2, viewer)
    return f"{a} and {b}"


def _team_whose(team: int, viewer: int | None) -> str:
    if viewer is not None and viewer % 2 == team:
        return "your team's"
    return f"{team_name(team)}'s"


def _a(kind: str) -> str:
    return f"a {bulb_label(kind)}"


def _plugs(n: int) -> str:
    return f"{n} Plug{'s' if n != 1 else ''}"


def _brokens(n: int) -> str:
    return f"{n} Broken Bulb{'s' if n != 1 else ''}"


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.lights_on import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
