"""Deck the Yard as a table (a solo game): the two face-up Pattern cards, your string
(slots left to right along the pattern you chose), your hand, the Claim pile, the
Bulb deck with what is still in it, the discard pile and the Power Surge reminder. The
result says win or loss, the cards claimed and the difficulty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.christmas_lights.content import pattern_card
from yuletide.table.bulbs import CHARACTER_NAMES, character, pattern
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
    seat_info,
    zone,
)
from yuletide.table.model import table as make_table
from yuletide.table.words import (
    a,
    any_card,
    capital,
    card_of,
    deck_zone,
    hand_zone,
    listing,
    pile_zone,
    plural,
    solo_result,
    words,
)

GAME = "deck-the-yard"
DIFFICULTY = {8: "Normal", 9: "Hard", 10: "Heroic"}


def difficulty(view: Mapping[str, Any]) -> str:
    """The difficulty in the rulebook's words, with the cards it asks for."""
    target = int(view["target"])
    return f"{DIFFICULTY.get(target, 'Custom')} ({target} cards to claim)"


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    over = view["outcome"]["status"] != "ongoing"
    hand: list[str] | None = view["hand"]
    current = view["current"]
    zones = [_patterns(view), _string(view)]
    if view["pending"]:
        zones.append(
            zone(
                "drawn",
                "row",
                "Just drawn: waiting for your Plug decision",
                [any_card("drawn:1", view["pending"])],
                owner=0,
                note=_pending_words(view),
            )
        )
    zones.append(hand_zone(0, seat, hand, int(view["hand_size"])))
    zones.append(_claims(view))
    zones.append(deck_zone("deck", "Bulb deck", int(view["deck"]), contents=view["deck_contents"]))
    zones.append(deck_zone("pattern-deck", "Pattern deck", int(view["patterns_left"])))
    zones.append(
        pile_zone(
            "discard",
            "Discard pile",
            view["discard"],
            note="Discarded cards never go back into the deck.",
        )
    )
    if view["aside"]:
        zones.append(
            zone(
                "aside",
                "row",
                "Set aside during the Power Surge",
                [any_card(f"aside:{i + 1}", k) for i, k in enumerate(view["aside"])],
                note="Shuffled back into the deck once you hold five cards.",
            )
        )
    zones.append(
        zone(
            "event",
            "row",
            "Event card (a reminder)",
            [
                any_card(
                    "event:power-surge",
                    "power-surge",
                    detail="A Present drawn causes a Power Surge: discard your hand, then"
                    " refill it to five (unless you discard a Plug to prevent it)",
                )
            ],
        )
    )
    to_act = [] if over else list(view["to_act"])
    seats = [
        seat_info(
            0,
            seat,
            to_act=to_act,
            score=f"{view['claims']} of {view['target']} claimed",
            detail=plural(int(view["hand_size"]), "card") + " in hand",
        )
    ]
    actions = [_action(x, view, seat) for x in legal]
    res = None
    if over:
        res = _result(view, seat)
    if current is None:
        marks = []
    else:
        marks = [marker("token", f"Next bulb: {words(view['next'])}", colour_name=view["next"])]
    return make_table(
        game=GAME,
        title="Deck the Yard",
        view=view,
        headline=_headline(view, seat, over),
        seats=seats,
        zones=zones,
        prompt_=prompt(_prompt_text(view, legal, over), actions),
        markers=marks,
        result_=res,
    )


# ------------------------------------------------------------------ zones


def _patterns(view: Mapping[str, Any]) -> Zone:
    current = view["current"]
    cards = []
    for p in view["patterns"]:
        marks = []
        if current is not None and p["id"] == current["id"]:
            marks.append(marker("token", "Your string follows this pattern"))
        cards.append(pattern(f"patterns:{p['id']}", p, markers=marks))
    return zone(
        "patterns",
        "row",
        "Face-up Pattern cards",
        cards,
        note=f"{plural(len(cards), 'pattern')} to work on; the first bulb of a string"
        " chooses which one it follows.",
    )


def _string(view: Mapping[str, Any]) -> Zone:
    current = view["current"]
    played: list[str] = view["string"]
    if current is None:
        cards = [card(f"string:{i + 1}", face="slot") for i in range(5)]
        return zone(
            "string",
            "string",
            "Your string (empty)",
            cards,
            owner=0,
            note="Start it on a face-up Pattern card with that pattern's first bulb"
            " (or a Bubble Bulb).",
        )
    lights = current["lights"]
    cards = []
    for i, light in enumerate(lights):
        cid = f"string:{i + 1}"
        if i < len(played):
            if played[i] == "bubble":
                cards.append(any_card(cid, "bubble", label=f"Bubble Bulb as {words(light)}"))
            else:
                cards.append(any_card(cid, played[i]))
        else:
            label = f"Empty: {words(light)}" + (" (next)" if i == len(played) else "")
            cards.append(card(cid, face="slot", label=label, colour_name=light))
    return zone(
        "string",
        "string",
        f"Your string on Pattern {current['id']} ({len(played)} of 5)",
        cards,
        owner=0,
        note=f"Left to right: the next bulb is {words(view['next'])}.",
    )


def _claims(view: Mapping[str, Any]) -> Zone:
    cards = [pattern(f"claims:{p}", pattern_card(p)) for p in view["claimed_patterns"]]
    cards.extend(character(f"claims:{name}", name) for name in view["claimed_characters"])
    return zone(
        "claims", "row", f"Claim pile ({view['claims']} of {view['target']} to win)", cards, owner=0
    )


def _pending_words(view: Mapping[str, Any]) -> str:
    card_ = view["pending"]
    if card_ in CHARACTER_NAMES:
        return (
            f"You drew {words(card_)}: discard a Plug to put it in your Claim pile, or"
            " it is discarded."
        )
    if card_ == "broken":
        return (
            "A Broken Bulb: every card of your string is discarded, unless you discard a"
            " Plug instead."
        )
    return (
        "A Present: Power Surge (discard your hand and refill it to five), unless you"
        " discard a Plug to prevent it."
    )


# ------------------------------------------------------------------ prompt


def _action(text: str, view: Mapping[str, Any], seat: int | None) -> PromptAction:
    assert seat is not None
    hand: list[str] = view["hand"] or []
    parts = text.split()
    pending = view["pending"]
    if text == "use plug":
        plug = card_of(hand, "plug", 0)
        if pending in CHARACTER_NAMES:
            label = f"Discard a Plug to claim {words(pending)}"
        elif pending == "broken":
            label = "Discard a Plug to save your string from the Broken Bulb"
        else:
            label = "Discard a Plug to prevent the Power Surge"
        return action(text, label, refs=[plug, "drawn:1"], group="Plug")
    if text == "keep plug":
        if pending in CHARACTER_NAMES:
            label = f"Keep your Plugs: {words(pending)} is discarded"
        elif pending == "broken":
            label = (
                f"Keep your Plugs: lose your string"
                f" ({plural(len(view['string']), 'card')} discarded)"
            )
        else:
            label = "Keep your Plugs: Power Surge (discard your hand, draw five)"
        return action(text, label, group="Plug")
    if parts[0] == "discard":
        return action(
            text,
            f"Discard {a(parts[1])} (no other effect)",
            refs=[card_of(hand, parts[1], 0)],
            group="Discard",
        )
    slot = f"string:{len(view['string']) + 1}"
    if parts[0] == "play":
        need = words(view["next"])
        if parts[1] == "bubble":
            return action(
                text,
                f"Play a Bubble Bulb as {need}, the next bulb of your string",
                refs=[card_of(hand, "bubble", 0), slot],
                group="Play",
            )
        return action(
            text,
            f"Play {words(parts[1])} onto your string (the next bulb)",
            refs=[card_of(hand, parts[1], 0), slot],
            group="Play",
        )
    if parts[0] == "start":
        pid = parts[1].upper()
        lights = next(p["lights"] for p in view["patterns"] if p["id"] == pid)
        first = words(lights[0])
        if len(parts) == 3:
            return action(
                text,
                f"Start a string on {pid} with a Bubble Bulb as {first}",
                refs=[card_of(hand, "bubble", 0), f"patterns:{pid}"],
                group="Start",
            )
        return action(
            text,
            f"Start a string on {pid} with {first}, its first bulb",
            refs=[card_of(hand, lights[0], 0), f"patterns:{pid}"],
            group="Start",
        )
    raise ValueError(f"not a Deck the Yard action: {text!r}")


def _prompt_text(view: Mapping[str, Any], legal: Sequence[str], over: bool) -> str:
    if over:
        return "The game is over."
    if not legal:
        return "The player is deciding."
    if view["pending"]:
        return _pending_words(view)
    if view["last_hand"]:
        return "The deck cannot refill your hand: play out your last cards (play or discard)."
    if view["current"] is None:
        return "Start a string on a face-up Pattern card, or discard a card."
    return f"Play the next bulb of your string ({words(view['next'])}), or discard a card."


def _headline(view: Mapping[str, Any], seat: int | None, over: bool) -> str:
    claimed = f"{view['claims']} of {view['target']} claimed"
    if over:
        return f"Game over — {claimed}"
    head = f"Turn {int(view['turns']) + 1} — {claimed}"
    if view["last_hand"]:
        head += " — last hand"
    if view["pending"]:
        who = "you" if seat == 0 else "the player"
        return head + f" — {who} drew {a(view['pending'])}: use a Plug?"
    return head + (" — your turn" if seat == 0 else "")


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    got = int(view["claims"])
    target = int(view["target"])
    pats = view["claimed_patterns"]
    chars = [words(c) for c in view["claimed_characters"]]
    level = difficulty(view)
    rows: list[list[ScoreCell]] = [
        ["Pattern cards claimed", f"{len(pats)}" + (f" ({', '.join(pats)})" if pats else "")],
        ["Character cards claimed", f"{len(chars)}" + (f" ({listing(chars)})" if chars else "")],
        ["Cards claimed", f"{got} of {target}"],
        ["Difficulty", level],
        [
            "Result",
            "Won"
            if view["outcome"].get("winners")
            else ("Unfinished" if view["outcome"].get("status") == "unfinished" else "Lost"),
        ],
    ]
    you = "You" if seat == 0 else "The player"
    return solo_result(
        view,
        seat,
        won=f"{you} won: {plural(got, 'card')} claimed, {target} needed ({level.split()[0]})",
        lost=f"{you} lost: {plural(got, 'card')} claimed, {target} needed ({level.split()[0]})",
        rows=rows,
        score_label="Cards claimed",
    )


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Deck the Yard log event in words."""
    kind = event["type"]
    you = "You" if seat == 0 else "The player"
    if kind == "reveal":
        pats = event["patterns"]
        return line(
            f"Revealed {listing([f'Pattern {p}' for p in pats])}", [f"patterns:{p}" for p in pats]
        )
    if kind == "start string":
        return line(
            f"{you} started a string on Pattern {event['pattern']}",
            [f"patterns:{event['pattern']}", "string"],
        )
    if kind == "play":
        if event["card"] == "bubble":
            text = f"{you} played a Bubble Bulb as {words(event['as'])}"
        else:
            text = f"{you} played {words(event['card'])} onto the string"
        return line(text, ["string"])
    if kind == "discard":
        if event["card"] in CHARACTER_NAMES:
            return line(f"{words(event['card'])} was discarded, unclaimed", ["discard"])
        return line(f"{you} discarded {a(event['card'])}", ["discard"])
    if kind == "claim":
        if "pattern" in event:
            return line(
                f"String complete: Pattern {event['pattern']} goes to the Claim pile",
                [f"claims:{event['pattern']}"],
            )
        return line(
            f"{words(event['character'])} goes to the Claim pile", [f"claims:{event['character']}"]
        )
    if kind == "draw":
        if event.get("card") in CHARACTER_NAMES:
            return line(f"{you} drew a Character card: {words(event['card'])}", ["deck"])
        if "card" in event:
            return line(f"{you} drew {a(event['card'])}", ["deck"])
        return line(f"{you} drew a card", ["deck"])
    if kind == "set aside":
        return line(f"{capital(a(event['card']))} was set aside (Power Surge refill)", ["aside"])
    if kind == "broken bulb":
        return line("A Broken Bulb, but the string is empty: nothing happens", ["discard"])
    if kind == "use plug":
        what = event["against"]
        if what in CHARACTER_NAMES:
            text = f"{you} discarded a Plug to claim {words(what)}"
        elif what == "broken":
            text = f"{you} discarded a Plug to save the string from a Broken Bulb"
        else:
            text = f"{you} discarded a Plug to prevent the Power Surge"
        return line(text, ["discard"])
    if kind == "string lost":
        return line("A Broken Bulb: every card of the string was discarded", ["string"])
    if kind == "power surge":
        return line("Power Surge! The hand was discarded; it is refilled to five", ["discard"])
    if kind == "shuffle back":
        if not event["cards"]:
            return line("The refill after the Power Surge is done: nothing was set aside", ["deck"])
        return line(
            f"The set-aside cards ({plural(event['cards'], 'card')}) were shuffled"
            " back into the deck",
            ["deck"],
        )
    if kind == "last hand":
        return line(
            f"The deck cannot refill the hand: the last hand"
            f" ({plural(event['cards'], 'card')}) is played out",
            ["hand:0"],
        )
    if kind == "end":
        return line(f"The game is over: {plural(event['claims'], 'card')} claimed", ["claims"])
    raise ValueError(f"not a Deck the Yard event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.deck_the_yard import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
