"""A Christmas Story as a table: every player's two cards and the middle, all face down
unless turned up, each named by its letter (reading ``card-letters``: the letter follows
the card wherever it goes, so card ids are ``card:<letter>``).

Each card shows what this seat knows: its identity if it is face up, "you peeked: BB
Gun" if this seat has peeked at it, else "could be: …" (the view's ``possible`` list,
from the counts of the game less what the seat has seen), and the Peek tokens on it in
their owners' colours. A row of five tiles sums the deduction up (where the Decoder
Pin, the BB Gun, the Bullies and the Presents could be). The Leg Lamp sits on its
holder's seat or in the middle; a Dare being answered marks its two cards.

The prompt: swaps, dares, Leg Lamp actions, and the opening of the presents as whole
choices (``open`` then ``declare a b``, refs the two cards), a Dare's answers and the
refuser's card to turn up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.table.model import (
    Card,
    LogLine,
    Marker,
    PromptAction,
    Result,
    SeatInfo,
    Table,
    Zone,
    action,
    card,
    line,
    marker,
    ordinal,
    prompt,
    result,
    seat_info,
    seat_name,
    symbol,
    zone,
)
from yuletide.table.model import (
    table as make_table,
)

GAME = "christmas-story"
TITLE = "A Christmas Story"

#: The cards in the rulebook's words, with a glyph for the picture.
KIND_TITLE: dict[str, str] = {
    "decoder-pin": "Decoder Pin",
    "bb-gun": "BB Gun",
    "scut-farkus": "Scut Farkus (Bully)",
    "grover-dill": "Grover Dill (Bully)",
    "present": "Present",
}
#: A card's identity in one short word, for the notes under face-down cards (the
#: deduction row and each card's tooltip give the full names).
KIND_SHORT: dict[str, str] = {
    "decoder-pin": "Pin",
    "bb-gun": "Gun",
    "scut-farkus": "Scut",
    "grover-dill": "Grover",
    "present": "Present",
}
KIND_GLYPH: dict[str, str] = {
    "decoder-pin": "◈",
    "bb-gun": "➹",
    "scut-farkus": "☹",
    "grover-dill": "☹",
    "present": "🎁",
}
FLIP_WHY: dict[str, str] = {
    "refused": "the Dare was refused",
    "all-peeked": "every player still in the game has peeked at it",
    "declared": "it was declared",
    "revealed": "the opener shows their cards",
    "out": "its player is out",
}


def title(kind: str | None) -> str:
    """A card's identity in words (``BB Gun``), or ``unknown``."""
    if kind is None:
        return "unknown"
    return KIND_TITLE.get(kind, kind.replace("-", " ").capitalize())


def _or(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat`` (None: a spectator) from its view and legal actions."""
    players = int(view["players"])
    me = seat if seat is not None and 0 <= seat < players else None
    to_act = [int(s) for s in view["to_act"]]
    colours = list(view["token_colours"])
    over = view["outcome"]["status"] != "ongoing"
    dare = view.get("dare")
    dared = {dare["darer_card"], dare["dared_card"]} if dare else set()
    zones: list[Zone] = []
    order = ([me] if me is not None else []) + [s for s in range(players) if s != me]
    for s in order:
        cards = [_card(c, me, colours, dared) for c in view["hands"][s]]
        label = "Your cards" if s == me else f"Seat {s + 1}'s cards"
        note = "Out of the game" if s in view["out"] else None
        if s == me and note is None:
            note = "Your 1st and 2nd card, as the actions name them"
        zones.append(zone(f"hand:{s}", "hand", label, cards, owner=s, count=len(cards), note=note))
    lamp = view.get("leg_lamp")
    middle_marks = [marker("leg-lamp", "Leg Lamp (in the middle)", id="leg-lamp")]
    zones.append(
        zone(
            "middle",
            "row",
            "The middle",
            [_card(c, me, colours, dared) for c in view["middle"]],
            note="Swap one of your cards for one of these",
            markers=middle_marks if lamp is None else (),
        )
    )
    if view.get("deduction"):
        zones.append(_deduction(view))
    seats = [_seat(view, s, me, to_act, colours) for s in range(players)]
    markers: list[Marker] = []
    if dare:
        markers.append(
            marker(
                "call",
                f"Dare: {seat_name(int(dare['darer']), me, capital=True)} offer"
                f"{'' if dare['darer'] == me else 's'} {dare['darer_card']} for"
                f" {_owns(int(dare['dared']), me)} {dare['dared_card']}",
                id="dare",
            )
        )
    acts = _actions(view, legal, me) if me is not None and legal else []
    res = _result(view, me) if over else None
    turn = int(view["turn"])
    base = f"Turn {int(view['turns']) + 1}"
    ask = _ask(view, me)
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
        prompt_=prompt(text, acts, waiting_for=[s for s in to_act if s != me]),
    )


def _owns(s: int, me: int | None) -> str:
    return "your" if s == me else f"{seat_name(s, me)}'s"


def _ask(view: Mapping[str, Any], me: int | None) -> str:
    step = view["step"]
    dare = view.get("dare")
    if step == "declare":
        return "your turn: declare the two cards you think are the Decoder Pin and the BB Gun"
    if step == "answer-dare" and dare:
        return (
            f"{seat_name(int(dare['darer']), me, capital=True)} dares you to swap your"
            f" {dare['dared_card']} for their {dare['darer_card']}: accept or refuse"
        )
    if step == "turn-card-up":
        return "you refused the Dare: choose one of your cards to turn face up"
    lamp = " (you hold the Leg Lamp)" if view.get("leg_lamp") == me else ""
    return f"your turn: swap, dare or open the presents{lamp}"


def _others(view: Mapping[str, Any], me: int | None, turn: int) -> str:
    step = view["step"]
    dare = view.get("dare")
    who = seat_name(turn, me, capital=True)
    if step in ("answer-dare", "turn-card-up") and dare:
        dared = seat_name(int(dare["dared"]), me)
        if step == "answer-dare":
            return f"{who} dared {dared}, who decides"
        return f"{dared.capitalize()} refused the Dare and turns a card face up"
    if step == "declare":
        return f"{who} {'are' if turn == me else 'is'} opening the presents"
    return f"{_owns(turn, me).capitalize()} turn"


# ------------------------------------------------------------------ zones


def _card(c: Mapping[str, Any], me: int | None, colours: Sequence[str], dared: set[str]) -> Card:
    letter = str(c["card"])
    cid = f"card:{letter}"
    ident = c.get("identity")
    tokens = [
        marker(
            "peek-token",
            ("Your" if t == me else f"Seat {t + 1}'s") + f" Peek token ({colours[t]})",
            colour_name=colours[t],
        )
        for t in c.get("tokens", [])
    ]
    if letter in dared:
        tokens.append(marker("call", "In the Dare"))
    shapes = [symbol(ident, title(ident), glyph=KIND_GLYPH.get(ident, ""))] if ident else []
    if c.get("face_up"):
        return card(
            cid,
            kind=str(ident),
            label=f"{letter}: {title(ident)}",
            shapes=shapes,
            markers=tokens,
            detail=f"{letter} is face up for the rest of the game",
        )
    if c.get("peeked") and ident:
        return card(
            cid,
            face="down",
            kind=str(ident),
            label=f"{letter}: face down (you peeked: {title(ident)})",
            knowledge=[f"you peeked: {title(ident)}"],
            shapes=shapes,
            markers=tokens,
        )
    kinds = [str(k) for k in c.get("possible") or []]
    possible = [title(k) for k in kinds]
    # a short note on the table (nothing ruled out says little: "could be anything");
    # the full names in the tooltip
    if len(possible) == 1:
        knows = [f"must be: {possible[0]} (every other card of its kind is seen)"]
    elif set(kinds) >= set(KIND_TITLE):
        knows = ["could be anything"]
    elif possible:
        knows = ["could be: " + _or([KIND_SHORT.get(k, title(k)) for k in kinds])]
    else:
        knows = []
    return card(
        cid,
        face="down",
        label=f"{letter}: face down",
        knowledge=knows,
        markers=tokens,
        detail=f"{letter} could be: {_or(possible)}" if len(possible) > 1 else None,
    )


def _deduction(view: Mapping[str, Any]) -> Zone:
    ded = view["deduction"]
    tiles = []
    for kind, where in ded["candidates"].items():
        n = int(view["cards_in_game"].get(kind, 0))
        left = int(ded["unaccounted"].get(kind, 0))
        spots = ", ".join(where) or "nowhere"
        # nothing ruled out says little: a short mark, the letters in the tooltip
        unseen = int(ded["unseen_cards"])
        anywhere = unseen > 1 and len(where) >= unseen
        tiles.append(
            card(
                f"deduction:{kind}",
                kind=kind,
                # the name on the card, where it could be as a note under it (never cut off)
                label=title(kind),
                knowledge=["could be anywhere" if anywhere else f"could be {spots}"],
                shapes=[symbol(kind, title(kind), glyph=KIND_GLYPH.get(kind, ""))],
                detail=f"{n} in the game; {left} you have not seen yet; could be {spots}",
            )
        )
    return zone(
        "deduction",
        "row",
        "Where each card could be (from what you have seen)",
        tiles,
        note=f"{ded['unseen_cards']} face-down cards you have not peeked at",
    )


def _seat(
    view: Mapping[str, Any], s: int, me: int | None, to_act: list[int], colours: Sequence[str]
) -> SeatInfo:
    marks = [marker("peek-token", f"Peek tokens: {colours[s]}", colour_name=colours[s])]
    if view.get("leg_lamp") == s:
        marks.append(marker("leg-lamp", "Holds the Leg Lamp", id="leg-lamp"))
    if s == int(view["turn"]) and view["outcome"]["status"] == "ongoing":
        marks.append(marker("turn", "Your turn" if s == me else "Their turn"))
    out = list(view["out"])
    status = f"out ({ordinal(out.index(s) + 1)})" if s in out else "in the game"
    left = int(view["tokens_left"][s])
    return seat_info(
        s,
        me,
        to_act=to_act,
        score=status,
        detail=f"{left} Peek token{'s' if left != 1 else ''} left",
        markers=marks,
    )


def _result(view: Mapping[str, Any], me: int | None) -> Result:
    outcome = dict(view["outcome"])
    players = int(view["players"])
    ending = view.get("ending")
    winners = list(outcome.get("winners") or [])
    out = list(view["out"])
    headline = None
    if ending == "presents" and winners:
        w = winners[0]
        outcome["reason"] = f"{seat_name(w, me, capital=True)} found the Decoder Pin and the BB Gun"
        headline = outcome["reason"] + (" and win!" if w == me else " and wins!")
    elif ending == "bully":
        opener = int(view["turn"])
        outcome["reason"] = (
            f"{seat_name(opener, me, capital=True)} found the Decoder Pin and"
            " the BB Gun but held a Bully"
        )
        headline = outcome["reason"] + ": the game is over and nobody wins"
    elif ending == "last-standing" and winners:
        w = winners[0]
        outcome["reason"] = (
            f"{seat_name(w, me, capital=True)} {'are' if w == me else 'is'} the last player left"
        )
        headline = outcome["reason"] + (" and win!" if w == me else " and wins!")
    cols = ["", *(seat_name(s, me, capital=True) for s in range(players))]

    def fate(s: int) -> str:
        if s in winners:
            return "won"
        if ending == "bully" and s == int(view["turn"]):
            return "found them with a Bully"
        if s in out:
            return f"out ({ordinal(out.index(s) + 1)})"
        return "still in"

    rows = [
        ["Result", *[fate(s) for s in range(players)]],
        ["Rank", *(outcome.get("ranks") or ["—"] * players)],
        [
            "Cards at the end",
            *[
                ", ".join(f"{c['card']}: {title(c.get('identity'))}" for c in view["hands"][s])
                or "—"
                for s in range(players)
            ],
        ],
    ]
    return result(
        outcome,
        players,
        me,
        headline=headline,
        breakdown={"columns": cols, "rows": rows},
        score_label="Won",
    )


# ------------------------------------------------------------------ the prompt


def _actions(view: Mapping[str, Any], legal: Sequence[str], me: int) -> list[PromptAction]:
    """Every legal action of ``me`` in words; opening the presents with its declaration
    as one choice."""
    mine = [str(c["card"]) for c in view["hands"][me]]
    every = {str(c["card"]): c for h in view["hands"] for c in h}
    every.update({str(c["card"]): c for c in view["middle"]})
    holder = {str(c["card"]): s for s, h in enumerate(view["hands"]) for c in h}
    ok = set(legal)
    acts: list[PromptAction] = []

    def own(slot: str) -> tuple[str, str]:
        letter = mine[int(slot) - 1]
        return letter, f"your {ordinal(int(slot))} card ({letter})"

    def peek_note(letter: str) -> str:
        c = every[letter]
        if c.get("face_up"):
            return f"{letter} is face up: no peek"
        if c.get("peeked"):
            return f"you peeked at {letter} before: {title(c.get('identity'))}"
        return f"you will peek at {letter} and put your token on it"

    if "open" in ok:
        acts += _declarations(every, ["open"])
    if any(a.startswith("declare ") for a in legal):
        acts += [d for d in _declarations(every, []) if d["send"][0] in ok]
    for a in legal:
        words = a.split()
        verb = words[0]
        if verb == "swap":
            letter, yours = own(words[1])
            theirs = words[2].upper()
            acts.append(
                action(
                    a,
                    f"Swap {yours} for {theirs} from the middle",
                    refs=[f"card:{letter}", f"card:{theirs}"],
                    group="Swap",
                    detail=peek_note(theirs),
                )
            )
        elif verb in ("dare", "triple-dog-dare"):
            letter, yours = own(words[1])
            theirs = words[2].upper()
            who = seat_name(holder[theirs], me)
            if verb == "dare":
                label = f"Dare {who}: {yours} for their {theirs}"
                group = "Dare"
                detail = (
                    f"If they accept, {peek_note(theirs)}; if they refuse, you take the"
                    " Leg Lamp and they turn a card face up"
                )
            else:
                label = f"Triple-Dog-Dare {who} (Leg Lamp): force {yours} for their {theirs}"
                group = "Leg Lamp"
                detail = f"It cannot be refused; {peek_note(theirs)}; the lamp goes back"
            acts.append(
                action(
                    a, label, refs=[f"card:{letter}", f"card:{theirs}"], group=group, detail=detail
                )
            )
        elif verb == "free-peek":
            letter, yours = own(words[1])
            acts.append(
                action(
                    a,
                    f"Free Peek (Leg Lamp): look at {yours}",
                    refs=[f"card:{letter}"],
                    group="Leg Lamp",
                    detail="You put your Peek token on it; the lamp goes back",
                )
            )
        elif a == "accept" or a.startswith("refuse"):
            acts.append(_answer(view, me, a))
        elif verb == "flip":
            letter, yours = own(words[1])
            acts.append(
                action(
                    a,
                    f"Turn {yours} face up",
                    refs=[f"card:{letter}"],
                    group="Refused Dare",
                    detail="It stays face up for the rest of the game",
                )
            )
    covered = {x["send"][0] for x in acts}
    acts += [action(a, a, group="Other") for a in legal if a not in covered]
    return acts


def _declarations(every: Mapping[str, Mapping[str, Any]], before: list[str]) -> list[PromptAction]:
    """Every pair of cards to declare as the Decoder Pin and the BB Gun (S10)."""
    letters = sorted(every)
    out = []
    for i, a in enumerate(letters):
        for b in letters[i + 1 :]:
            notes = [f"{x}: {_known(every[x])}" for x in (a, b)]
            out.append(
                action(
                    [*before, f"declare {a.lower()} {b.lower()}"],
                    ("Open the presents: declare " if before else "Declare ")
                    + f"{a} and {b} as the Decoder Pin and the BB Gun",
                    refs=[f"card:{a}", f"card:{b}"],
                    group="Open",
                    detail="; ".join(notes) + ". Wrong: you are out. Right, with a Bully in"
                    " your hand: nobody wins",
                )
            )
    return out


def _known(c: Mapping[str, Any]) -> str:
    if c.get("face_up"):
        return f"face up, {title(c.get('identity'))}"
    if c.get("peeked"):
        return f"you peeked, {title(c.get('identity'))}"
    possible = [title(k) for k in c.get("possible") or []]
    return "could be " + _or(possible) if possible else "unknown"


def _answer(view: Mapping[str, Any], me: int, a: str) -> PromptAction:
    dare = view["dare"]
    darer = seat_name(int(dare["darer"]), me)
    mine, theirs = dare["dared_card"], dare["darer_card"]
    refs = [f"card:{mine}", f"card:{theirs}"]
    if a == "accept":
        return action(
            a,
            f"Accept the Dare: your {mine} for {darer}'s {theirs}",
            refs=refs,
            group="Dare",
            detail=f"{darer.capitalize()} peeks at {mine}; you do not peek at {theirs}",
        )
    if a == "refuse":
        return action(
            a,
            f"Refuse: {darer} takes the Leg Lamp and you turn one of your cards face up",
            refs=refs,
            group="Dare",
        )
    return action(
        a,
        f"Refuse with the Leg Lamp: no card is turned up; the lamp goes to {darer}",
        refs=refs,
        group="Dare",
    )


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One A Christmas Story log event in words, with the cards it is about."""
    kind = event["type"]
    if kind == "deal":
        return line(
            f"The {event['cards']} cards are dealt face down: {event['each']} to each"
            f" player and {event['middle']} to the middle. Nobody looks.",
            ["middle"],
        )
    if kind == "flip":
        c = str(event["card"])
        why = FLIP_WHY.get(str(event["why"]), str(event["why"]))
        return line(f"{c} is turned face up: {title(event['identity'])} ({why}).", [f"card:{c}"])
    if kind == "leg-lamp":
        holder = event.get("holder")
        if holder is None:
            return line("The Leg Lamp goes back to the middle.", ["middle"])
        h = int(holder)
        return line(
            f"{seat_name(h, seat, capital=True)} {'take' if h == seat else 'takes'} the Leg Lamp.",
            [f"seat:{h}"],
            seat=h,
        )
    s = int(event["seat"])
    who = seat_name(s, seat, capital=True)
    owner = _owns(s, seat)
    their = "your" if s == seat else "their"
    if kind == "swap":
        gave, took = event["gave"], event["took"]
        return line(
            f"{who} swapped {their} {gave} for {took} from the middle.",
            [f"card:{gave}", f"card:{took}"],
            seat=s,
        )
    if kind == "peek":
        c = str(event["card"])
        token = " and put a Peek token on it" if event.get("token_placed") else ""
        seen = f": {title(event['identity'])}" if event.get("identity") else ""
        return line(f"{who} peeked at {c}{token}{seen}.", [f"card:{c}"], seat=s)
    if kind in ("dare", "triple-dog-dare"):
        t = int(event["opponent"])
        mine, theirs = event["card"], event["their_card"]
        refs = [f"card:{mine}", f"card:{theirs}"]
        if kind == "dare":
            return line(
                f"{who} dared {seat_name(t, seat)}: {owner} {mine} for {_owns(t, seat)} {theirs}.",
                refs,
                seat=s,
            )
        return line(
            f"{who} used the Leg Lamp: Triple-Dog-Dare! {owner.capitalize()} {mine} is swapped"
            f" for {_owns(t, seat)} {theirs}.",
            refs,
            seat=s,
        )
    if kind == "accept":
        return line(f"{who} took the Dare: the cards are swapped.", [f"seat:{s}"], seat=s)
    if kind == "refuse":
        lamp = " with the Leg Lamp: no card is turned up" if event.get("with_lamp") else ""
        return line(f"{who} refused the Dare{lamp}.", [f"seat:{s}"], seat=s)
    if kind == "free-peek":
        c = str(event["card"])
        return line(f"{who} used the Leg Lamp for a Free Peek at {c}.", [f"card:{c}"], seat=s)
    if kind == "open":
        return line(
            f"{who} {'are' if s == seat else 'is'} opening the presents!", [f"seat:{s}"], seat=s
        )
    if kind == "declare":
        a, b = event["cards"]
        return line(
            f"{who} declared {a} and {b} as the Decoder Pin and the BB Gun.",
            [f"card:{a}", f"card:{b}"],
            seat=s,
        )
    if kind == "correct":
        return line(
            f"Correct: {seat_name(s, seat)} found the Decoder Pin and the BB Gun!",
            [f"hand:{s}"],
            seat=s,
        )
    if kind == "incorrect":
        return line(
            f"Wrong: {seat_name(s, seat)} {'are' if s == seat else 'is'} out of the game.",
            [f"seat:{s}"],
            seat=s,
        )
    if kind == "bully":
        return line(
            f"But {seat_name(s, seat)} {'hold' if s == seat else 'holds'} a Bully: the"
            " game is over and nobody wins.",
            [f"hand:{s}"],
            seat=s,
        )
    if kind == "out":
        a, b = event["to_middle"]
        return line(
            f"{owner.capitalize()} {a} and {b} go face up to the middle.",
            [f"card:{a}", f"card:{b}"],
            seat=s,
        )
    if kind == "win":
        verb = "win" if s == seat else "wins"
        if event.get("how") == "presents":
            return line(f"{who} {verb} the game!", [f"seat:{s}"], seat=s)
        return line(f"{who} {verb} as the last player left in the game.", [f"seat:{s}"], seat=s)
    raise ValueError(
        f"unknown A Christmas Story event {kind!r}; kinds: deal, swap, peek, dare,"
        " triple-dog-dare, accept, refuse, leg-lamp, flip, free-peek, open, declare,"
        " correct, incorrect, bully, out, win"
    )


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_story.christmas_story import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
