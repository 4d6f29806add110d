"""Solo Lights as a table (a solo game): the Pattern cards you may pick, your string
(one place per light of the pattern), the completed strings and their connectors, your
hand, the Character stack with Santa at the bottom and the flipped characters, the
Bulb deck with what is still in it, and the discard pile. The result says win or loss,
the strings completed and the difficulty chosen."""

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

GAME = "solo-lights"


def difficulty(view: Mapping[str, Any]) -> str:
    """The difficulty chosen, in the rulebook's words (its "Ways to Increase / Decrease
    Difficulty")."""
    chars = view["characters"]
    used = int(chars["face_down"]) + len(chars["flipped"])
    harder, easier = [], []
    if int(view["strings_to_win"]) > 5:
        harder.append(f"{view['strings_to_win']} strings to complete")
    if used < 5:
        harder.append(f"{used} Character cards")
    if view["in_sequence"]:
        harder.append("bulbs in sequence")
    if used > 5:
        easier.append(f"{used} Character cards")
    if view["power_surge"] == "not used":
        easier.append("no Power Surge")
    parts = []
    if harder:
        parts.append("harder: " + ", ".join(harder))
    if easier:
        parts.append("easier: " + ", ".join(easier))
    return capital("; ".join(parts)) if parts else "Standard (5 strings, 5 Character cards)"


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    over = view["outcome"]["status"] != "ongoing"
    zones = [
        _options(view),
        _string(view),
        zone(
            "completed",
            "row",
            f"Completed strings ({len(view['completed'])} of {view['strings_to_win']})",
            [
                card(
                    f"completed:{p}",
                    face="down",
                    label=f"Completed: Pattern {p}",
                    knowledge=[f"a completed string: Pattern {p}"],
                    detail=f"Pattern {p}: "
                    + ", ".join(words(c) for c in pattern_card(p)["lights"]),
                )
                for p in view["completed"]
            ],
            owner=0,
        ),
        zone(
            "connectors",
            "row",
            "Connectors between the strings",
            [
                any_card(
                    f"connectors:{i + 1}",
                    k,
                    label="Plug" if k == "plug" else "Bubble Bulb (as a Plug)",
                )
                for i, k in enumerate(view["connectors"])
            ],
            owner=0,
            note="After each completed string, a Plug (or a Bubble Bulb) connects the next.",
        ),
        hand_zone(0, seat, view["hand"], int(view["hand_size"])),
        _stack(view),
        zone(
            "flipped",
            "row",
            "Flipped Character cards",
            [character(f"flipped:{c}", c) for c in view["characters"]["flipped"]],
            note="A Bubble Bulb discarded turns the last one face down again (more time).",
        ),
        deck_zone(
            "deck",
            "Bulb deck",
            int(view["deck"]),
            contents=view["deck_contents"],
            note=f"Power Surge: {view['power_surge']}.",
        ),
        deck_zone("pattern-deck", "Pattern deck", int(view["patterns_left"])),
        pile_zone(
            "discard",
            "Discard pile",
            view["discard"],
            note="Shuffled into a new deck when the deck runs out.",
        ),
    ]
    to_act = [] if over else list(view["to_act"])
    seats = [
        seat_info(
            0,
            seat,
            to_act=to_act,
            score=f"{len(view['completed'])} of {view['strings_to_win']} strings",
            detail=f"{plural(int(view['hand_size']), 'card')} in hand; {_time_left(view)}",
        )
    ]
    actions = [_action(x, view) for x in legal]
    return make_table(
        game=GAME,
        title="Solo Lights",
        view=view,
        headline=_headline(view, seat, over),
        seats=seats,
        zones=zones,
        prompt_=prompt(_prompt_text(view, legal, over), actions),
        markers=[
            marker(
                "santa",
                "Santa is revealed: he has arrived"
                if _santa_out(view)
                else "Santa is at the bottom of the Character stack: a Broken Bulb that"
                " flips him loses the game",
            )
        ],
        result_=_result(view, seat) if over else None,
    )


def _santa_out(view: Mapping[str, Any]) -> bool:
    return "santa" in view["characters"]["flipped"]


def _time_left(view: Mapping[str, Any]) -> str:
    """How much time is left: the face-down cards above Santa."""
    if _santa_out(view):
        return "Santa is revealed"
    above = int(view["characters"]["face_down"]) - 1
    return f"{plural(above, 'Character card')} above Santa"


# ------------------------------------------------------------------ zones


def _options(view: Mapping[str, Any]) -> Zone:
    first = view["step"] == "pick-start"
    note = (
        "Pick your starting pattern; the other is discarded."
        if first
        else "The patterns you may work on next."
    )
    return zone(
        "options",
        "row",
        "Pattern cards to choose from",
        [pattern(f"options:{p['id']}", p) for p in view["options"]],
        note=note,
    )


def _string(view: Mapping[str, Any]) -> Zone:
    current = view["current"]
    if current is None:
        if view["need_plug"]:
            note = "String complete: play a Plug (or a Bubble Bulb) to connect the next one."
        else:
            note = "Pick a Pattern card to start your string."
        title = "Your string (complete)" if view["need_plug"] else "Your string (none yet)"
        return zone(
            "string",
            "string",
            title,
            [card(f"string:{i + 1}", face="slot") for i in range(5)],
            owner=0,
            note=note,
        )
    open_ = set(view["open"])
    cards = []
    for i, (light, there) in enumerate(zip(current["lights"], view["string"], strict=True)):
        cid = f"string:{i + 1}"
        if there == "bubble":
            cards.append(any_card(cid, "bubble", label=f"Bubble Bulb as {words(light)}"))
        elif there is not None:
            cards.append(any_card(cid, there))
        else:
            label = f"Empty: {words(light)}" + (
                " (next)" if view["in_sequence"] and light in open_ else ""
            )
            cards.append(card(cid, face="slot", label=label, colour_name=light))
    filled = sum(1 for x in view["string"] if x is not None)
    order = (
        "left to right (in sequence)"
        if view["in_sequence"]
        else "in any order, each bulb into its colour's place"
    )
    return zone(
        "string",
        "string",
        f"Your string on Pattern {current['id']} ({filled} of 5)",
        cards,
        owner=0,
        note=f"Fill it {order}.",
    )


def _stack(view: Mapping[str, Any]) -> Zone:
    """The face-down Character stack, bottom (Santa) first; the cards turned back face
    down with a Bubble Bulb are on top, and known."""
    chars = view["characters"]
    down = int(chars["face_down"])
    known: list[str] = chars["known_on_top"]
    cards = []
    for i in range(down):
        cid = f"characters:{i + 1}"
        if i == 0:
            cards.append(
                card(
                    cid,
                    face="down",
                    label="Santa (at the bottom)",
                    knowledge=["Santa: when he is flipped, you lose"],
                    markers=[marker("santa", "Santa")],
                )
            )
        elif i >= down - len(known):
            name = known[i - (down - len(known))]
            cards.append(
                card(
                    cid,
                    face="down",
                    knowledge=[f"{CHARACTER_NAMES.get(name, name)} (turned back face down)"],
                )
            )
        else:
            cards.append(card(cid, face="down", label="Character card (face down)"))
    box = [CHARACTER_NAMES.get(c, c) for c in chars["in_the_box"]]
    note = "Each Broken Bulb drawn flips the top card."
    if box:
        note += f" Left in the box: {listing(box)}."
    label = (
        f"Character stack ({down} face down, Santa at the bottom)"
        if down
        else "Character stack (empty: Santa is revealed)"
    )
    return zone("characters", "pile", label, cards, count=down, note=note)


# ------------------------------------------------------------------ prompt


def _action(text: str, view: Mapping[str, Any]) -> PromptAction:
    hand: list[str] = view["hand"] or []
    parts = text.split()
    if parts[0] == "pick":
        pid = parts[1].upper()
        if view["step"] == "pick-start":
            label = f"Start with Pattern {pid} (the other is discarded)"
        else:
            label = f"Work on Pattern {pid} next"
        return action(text, label, refs=[f"options:{pid}"], group="Pick")
    if text == "play plug":
        return action(
            text,
            "Play a Plug to connect your next string",
            refs=[card_of(hand, "plug", 0), "connectors"],
            group="Play",
        )
    if text == "bubble plug":
        return action(
            text,
            "Play a Bubble Bulb in place of a Plug",
            refs=[card_of(hand, "bubble", 0), "connectors"],
            group="Play",
        )
    if text == "bubble time":
        last = view["characters"]["flipped"][-1]
        return action(
            text,
            f"Discard a Bubble Bulb to turn {words(last)} face down again (more time)",
            refs=[card_of(hand, "bubble", 0), f"flipped:{last}"],
            group="Time",
        )
    if parts[0] == "discard":
        return action(
            text,
            f"Discard {a(parts[1])} and draw a replacement",
            refs=[card_of(hand, parts[1], 0)],
            group="Discard",
        )
    colour = parts[1]
    slot = f"string:{view['current']['lights'].index(colour) + 1}"
    if parts[0] == "bubble":
        return action(
            text,
            f"Play a Bubble Bulb as {words(colour)} into your string",
            refs=[card_of(hand, "bubble", 0), slot],
            group="Play",
        )
    return action(
        text,
        f"Play {words(colour)} into its place in your string",
        refs=[card_of(hand, colour, 0), slot],
        group="Play",
    )


def _prompt_text(view: Mapping[str, Any], legal: Sequence[str], over: bool) -> str:
    if over:
        return "The game is over."
    if not legal:
        return "The player is deciding."
    if view["step"] == "pick-start":
        return "Pick your starting Pattern card; the other one is discarded."
    if view["step"] == "pick-next":
        return "Pick the Pattern card for your next string."
    bubble = " or play a Bubble Bulb in its place" if "bubble plug" in legal else ""
    if view["need_plug"]:
        if any(x.startswith("discard") for x in legal):
            return (
                f"String complete, but you hold no Plug: discard a card and draw another{bubble}."
            )
        return "String complete! Play a Plug (or a Bubble Bulb) to connect the next string."
    if any(x.startswith("discard") for x in legal):
        extra = (
            " (or play a Bubble Bulb into it)"
            if any(
                x.startswith("bubble ") and x not in ("bubble time", "bubble plug") for x in legal
            )
            else ""
        )
        return f"You cannot play a bulb into your string{extra}: discard a card and draw another."
    return "Play a card into your string (then you draw back to five)."


def _headline(view: Mapping[str, Any], seat: int | None, over: bool) -> str:
    done = f"{len(view['completed'])} of {view['strings_to_win']} strings"
    if over:
        return f"Game over — {done}"
    head = f"{done} — {_time_left(view)}"
    return head + (" — your turn" if seat == 0 else "")


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    outcome = view["outcome"]
    done: list[str] = view["completed"]
    flipped = [words(c) for c in view["characters"]["flipped"]]
    level = difficulty(view)
    won = bool(outcome.get("winners"))
    status = outcome.get("status")
    rows: list[list[ScoreCell]] = [
        ["Strings completed", f"{len(done)} of {view['strings_to_win']}"],
        ["Patterns completed", ", ".join(done) or "none"],
        ["Character cards flipped", listing(flipped) if flipped else "none"],
        ["Santa", "revealed" if "santa" in view["characters"]["flipped"] else "still face down"],
        ["Difficulty", level],
        ["Result", "Won" if won else ("Unfinished" if status == "unfinished" else "Lost")],
    ]
    you = "You" if seat == 0 else "The player"
    return solo_result(
        view,
        seat,
        won=f"{you} won: {outcome.get('reason')}",
        lost=f"{you} lost: {outcome.get('reason')}",
        rows=rows,
        score_label="Strings completed",
    )


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Solo Lights log event in words."""
    kind = event["type"]
    you = "You" if seat == 0 else "The player"
    if kind == "setup":
        box = [CHARACTER_NAMES.get(c, c) for c in event["in_the_box"]]
        stay = "stays" if len(box) == 1 else "stay"
        extra = f" ({listing(box)} {stay} in the box)" if box else ""
        return line(
            f"The Character stack: {plural(event['characters'], 'card')} face down,"
            f" Santa at the bottom{extra}",
            ["characters"],
        )
    if kind == "reveal":
        pats = event["patterns"]
        return line(
            f"Revealed {listing([f'Pattern {p}' for p in pats])}", [f"options:{p}" for p in pats]
        )
    if kind == "start string":
        return line(f"{you} started a string on Pattern {event['pattern']}", ["string"])
    if kind == "play":
        if event["card"] == "bubble":
            if event["as"] == "plug":
                return line(f"{you} played a Bubble Bulb in place of a Plug", ["connectors"])
            return line(f"{you} played a Bubble Bulb as {words(event['as'])}", ["string"])
        if event["card"] == "plug":
            return line(f"{you} played a Plug to connect the next string", ["connectors"])
        return line(f"{you} played {words(event['card'])} into the string", ["string"])
    if kind == "bubble time":
        return line(
            f"{you} discarded a Bubble Bulb: {words(event['character'])} is face down again",
            ["characters"],
        )
    if kind == "discard":
        return line(f"{you} discarded {a(event['card'])}", ["discard"])
    if kind == "string complete":
        return line(
            f"String complete: Pattern {event['pattern']}!", [f"completed:{event['pattern']}"]
        )
    if kind == "new pattern":
        if event["pattern"] is None:
            return line("The Pattern deck is empty: no new Pattern card", ["pattern-deck"])
        return line(
            f"Pattern {event['pattern']} was added to the options", [f"options:{event['pattern']}"]
        )
    if kind == "draw":
        got = a(event["card"]) if "card" in event else "a card"
        return line(f"{you} drew {got}", ["deck"])
    if kind == "flip":
        return line(
            f"The Broken Bulb flips a Character card: {words(event['character'])}",
            [f"flipped:{event['character']}"],
        )
    if kind == "power surge":
        return line(
            "Power Surge! The hand is discarded and drawn back to five; Power Surge"
            " goes back to the box",
            ["discard"],
        )
    if kind == "reshuffle":
        return line(
            f"The deck ran out: the discard pile was shuffled into a new deck of"
            f" {plural(event['deck'], 'card')}",
            ["deck"],
        )
    if kind == "win":
        return line(
            f"{plural(event['strings'], 'string')} complete before Santa arrived:"
            f" {'you win' if seat == 0 else 'a win'}!",
            ["completed"],
        )
    if kind == "santa arrives":
        return line(
            "Santa is revealed: he has arrived before the strings were done", ["flipped:santa"]
        )
    if kind == "stuck":
        return line("No card is left to play or draw: the game is lost", ["hand:0"])
    raise ValueError(f"not a Solo Lights event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.solo_lights import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
