"""Jolly Christmas as a table: the order cards with the elves, the tree-toppers, and each
seat's tree as a pyramid of decoration cards, each drawn as data: its ornament (a
:func:`model.symbol`, a ball with its colour) and its half-light (a
:func:`model.half_light` with the light's colour).

A tree is a ``pyramid`` zone ``tree:<seat>``, top row first: the tree-topper (row 0),
then the tree's rows 4, 3, 2 and the base (row 4 of the pyramid). A card's ``cell`` is
(row from the top, index from the left, from 0); a card at (t, j) rests on (t + 1, j)
and (t + 1, j + 1). The base grows at both ends (reading base-grows-both-ways), so
while it is narrower than five its left-end slot sits at index -1 and its right-end
slot just after its last card. Decoration cards and toppers keep their box ids
(``JC-D16``, ``JC-T05``) as card ids wherever they lie (order card, tree, discard), so
the log can point at them; empty spots are slots ``tree:<seat>:<row>.<index>`` in the
tree's current numbering (the engine's ``place`` notation). Half-light sides are the
model's: L, R, UL, UR, LL (the game's DL) and LR (DR).

Everything in the game is public, so nothing here is hidden from anyone; the prompt's
details (what a placement would score, whether a topper's condition is met) are worked
out from the view with the game's pure tree helpers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.jolly_christmas.content import (
    BALL_COLOURS,
    CONTENT,
    LIGHT_COLOURS,
    ORNAMENT_NAMES,
    ORNAMENTS,
    ROW_WIDTHS,
    SIDES,
    Topper,
)
from yuletide.games.jolly_christmas.jolly_christmas import tree as _tree
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
    card,
    half_light,
    line,
    marker,
    ordinal,
    prompt,
    result,
    seat_info,
    seat_name,
    seat_names,
    symbol,
    zone,
)
from yuletide.table.model import table as build_table

GAME = "jolly-christmas"
TITLE = "Jolly Christmas"
BASE = ROW_WIDTHS[0]
ROWS = len(ROW_WIDTHS)

#: The game's half-light sides as the model names them (D for down is the model's L
#: for lower).
SIDE_SHAPE = {"L": "L", "R": "R", "UL": "UL", "UR": "UR", "DL": "LL", "DR": "LR"}
SIDE_WORDS = {
    "L": "left",
    "R": "right",
    "UL": "upper left",
    "UR": "upper right",
    "DL": "lower left",
    "DR": "lower right",
}
GLYPH = {
    "santa": "🎅",
    "ball": "●",
    "bell": "🔔",
    "gingerbread": "🍪",
    "reindeer": "🦌",
    "snowflake": "❄",
}
NAME = dict(zip(ORNAMENTS, ORNAMENT_NAMES, strict=True))
#: How each ornament scores, in the rulebook's words (a card "shows ... the way to score").
SCORING = {
    "santa": "4 points per Santa for the most Santas, 3 for the second most, and so on",
    "ball": "sets of different colours: a single ball 2, a set of two 0, all three colours 12",
    "bell": "3 points if the two cards under it are two different ornaments, neither a bell",
    "gingerbread": "two score 1 each, three 2 each, and so on, up to 4 each from five on",
    "reindeer": "in a group of adjacent reindeer: two score 2 each, three 3 each, four or"
    " more 4 each",
    "snowflake": "3 points if no other snowflake is next to it",
}
#: The score categories in the order of the rulebook's Scoring Example.
CATEGORY_WORDS: tuple[tuple[str, str], ...] = (
    ("lights", "Complete lights"),
    ("topper", "Tree-topper"),
    ("balls", "Christmas balls"),
    ("santas", "Santas"),
    ("bells", "Bells"),
    ("gingerbread", "Gingerbread men"),
    ("reindeer", "Reindeer"),
    ("snowflakes", "Snowflakes"),
)
#: The same, inside a sentence.
CATEGORY_LOWER = {
    "lights": "complete lights",
    "topper": "tree-topper",
    "balls": "Christmas balls",
    "santas": "Santas",
    "bells": "bells",
    "gingerbread": "gingerbread men",
    "reindeer": "reindeer",
    "snowflakes": "snowflakes",
}
TOPPERS: dict[str, Topper] = {t.id: t for t in CONTENT.toppers}
DECORATIONS = {d.id: d for d in CONTENT.decorations}
_CARD_ID = re.compile(r"(JC-D\d+)\)$")

Slots = list[Mapping[str, Any] | None]


# ---------------------------------------------------------------------- cards


def card_words(c: Mapping[str, Any]) -> str:
    """A decoration card in words: ``Red Christmas ball``, ``Santa``."""
    name = NAME[c["ornament"]]
    if c["ball"]:
        name = f"{c['ball']} {name}"
    return name[0].upper() + name[1:]


def _light_words(c: Mapping[str, Any]) -> str:
    return f"half-light {SIDE_WORDS[c['light']]}, {c['light_colour']}"


def decoration(
    c: Mapping[str, Any],
    *,
    cell: tuple[int, int] | None = None,
    markers: Sequence[Marker] = (),
    where: str = "",
) -> Card:
    """A decoration card face up: its ornament and half-light drawn as shapes."""
    name = card_words(c)
    ball = c["ball"]
    detail = f"{name} ({c['id']}), {_light_words(c)}. Scores: {SCORING[c['ornament']]}"
    if where:
        detail += f". {where}"
    return card(
        c["id"],
        kind=c["ornament"],
        label=name,
        colour_name=ball,
        shapes=[
            symbol(c["ornament"], name, colour_name=ball, glyph=GLYPH[c["ornament"]]),
            half_light(SIDE_SHAPE[c["light"]], c["light_colour"]),
        ],
        cell=cell,
        markers=markers,
        detail=detail,
    )


def topper_words(t: Mapping[str, Any]) -> str:
    return f"{t['condition']} ({t['points']} points)"


def topper_card(t: Mapping[str, Any], cell: tuple[int, int] | None = None) -> Card:
    return card(
        t["id"],
        kind="topper",
        label=f"Tree-topper: {topper_words(t)}",
        shapes=[symbol("topper", "Tree-topper", glyph="★")],
        cell=cell,
        detail=f"Tree-topper {t['id']}: {topper_words(t)} if the tree meets its condition",
    )


# ---------------------------------------------------------------------- trees


def slots_of(rows: Sequence[Sequence[Mapping[str, Any] | None]]) -> Slots:
    """A tree as the view gives it (rows, base first) as the game's 14 slots."""
    return [c for row in rows for c in row]


def faces(slots: Slots) -> _tree.Faces:
    """What the game's scoring needs of a tree of view cards."""
    return _tree.Faces(
        [ORNAMENTS.index(c["ornament"]) if c else -1 for c in slots],
        [BALL_COLOURS.index(c["ball"]) if c and c["ball"] else -1 for c in slots],
        [SIDES.index(c["light"]) if c else -1 for c in slots],
        [LIGHT_COLOURS.index(c["light_colour"]) if c else -1 for c in slots],
    )


def base_width(slots: Slots) -> int:
    k = 0
    while k < BASE and slots[k] is not None:
        k += 1
    return k


def _spot(r: int, i: int) -> str:
    """A place in a tree in the words players use: ``the left end of the base``, ``the
    2nd from the left in the 3rd row up`` (the engine's ``r.i`` stays in the notation)."""
    width = ROW_WIDTHS[r - 1] if 1 <= r <= ROWS else 0
    row = "the base" if r == 1 else "the top row" if r == ROWS else f"the {ordinal(r)} row up"
    if width <= 1:
        return row
    if i == 1:
        return f"the left end of {row}"
    if i == width:
        return f"the right end of {row}"
    return f"the {ordinal(i)} from the left in {row}"


def _pos(slot: int) -> str:
    r, i = _tree.POSITION[slot]
    return _spot(r, i)


def placed(slots: Slots, card_: Mapping[str, Any], row: int, index: int) -> Slots:
    """The tree after ``place row.index`` of ``card_``, as the engine does it: ``1.0``
    puts it at the left end and the tree moves one place right."""
    out = list(slots)
    if index == 0:
        for dst, src in _tree.SHIFT_RIGHT:
            out[dst] = out[src]
        for r in range(1, ROWS):
            out[_tree.ROW_START[r]] = None
        out[0] = card_
    else:
        out[_tree.slot_of(row, index)] = card_
    return out


def _scores(
    trees: Sequence[Slots], toppers: Sequence[Mapping[str, Any] | None], matching: bool
) -> list[dict[str, int]]:
    """Every tree's points by category, as the game scores them (Santas ranked across
    the trees, a topper once chosen)."""
    all_faces = [faces(t) for t in trees]
    rates = _tree.santa_rates([_tree.santas(f) for f in all_faces])
    out = []
    for s, f in enumerate(all_faces):
        t = toppers[s]
        parts = _tree.score(f, rates[s], TOPPERS[t["id"]] if t else None, matching)
        out.append(dict(zip(_tree.CATEGORIES, parts, strict=True)))
    return out


def _tree_zone(view: Mapping[str, Any], s: int, seat: int | None) -> Zone:
    slots = slots_of(view["trees"][s])
    f = faces(slots)
    lit = {}
    for a, b in _tree.complete_lights(f, bool(view["options"].get("matching_lights"))):
        lit[a], lit[b] = b, a
    k = base_width(slots)
    cards: list[Card] = []
    topper = view["toppers"][s]
    if topper:
        cards.append(topper_card(topper, cell=(0, 0)))
    else:
        cards.append(
            card(
                f"tree:{s}:topper",
                face="slot",
                label="Tree-topper (chosen after round 14)",
                cell=(0, 0),
            )
        )
    for r in range(ROWS, 0, -1):
        t = ROWS + 1 - r
        row: list[Card] = []
        for i in range(1, ROW_WIDTHS[r - 1] + 1):
            slot = _tree.slot_of(r, i)
            c = slots[slot]
            if c is not None:
                where = f"At {_spot(r, i)}"
                if slot in lit:
                    where += f"; its half-light makes a complete light with {_pos(lit[slot])}"
                row.append(decoration(c, cell=(t, i - 1), where=where))
            elif r > 1:
                under = [_pos(u) for u in _tree.SUPPORTS[slot]]
                free = all(slots[u] is not None for u in _tree.SUPPORTS[slot])
                detail = f"Rests on {' and '.join(under)}" + (
                    "" if free else ": both must hold a card first"
                )
                row.append(
                    card(
                        f"tree:{s}:{r}.{i}",
                        face="slot",
                        label=f"Empty spot: {_spot(r, i)}",
                        cell=(t, i - 1),
                        detail=detail,
                    )
                )
        if r == 1 and k < BASE:
            if k:
                row.insert(
                    0,
                    card(
                        f"tree:{s}:1.0",
                        face="slot",
                        label="Left end of the base",
                        cell=(t, -1),
                        detail="A card here moves the whole tree one place right",
                    ),
                )
            row.append(
                card(
                    f"tree:{s}:1.{k + 1}",
                    face="slot",
                    label="Right end of the base" if k else "Start of the base",
                    cell=(t, k),
                    detail=f"{_spot(1, k + 1).capitalize()}; the base holds five cards",
                )
            )
        cards.extend(row)
    whose = f"{_whose(s, seat)} tree"
    cards_in = sum(c is not None for c in slots)
    return zone(
        f"tree:{s}",
        "pyramid",
        whose,
        cards,
        owner=s,
        note=f"{cards_in} of 14 cards; {_lights_count(len(lit) // 2)}",
    )


# ---------------------------------------------------------------------- table


def _whose(s: int, viewer: int | None) -> str:
    """``Your`` or ``Seat 3's``."""
    return "Your" if s == viewer else f"Seat {s + 1}'s"


def _lights_count(n: int) -> str:
    return f"{n} complete light{'s' if n != 1 else ''}"


def _elf(s: int, viewer: int | None, what: str) -> Marker:
    return marker("elf", f"{_whose(s, viewer)} elf: {what}", glyph="🧝")


def _order_zone(view: Mapping[str, Any], seat: int | None) -> Zone:
    claiming = view["phase"] == "claim"
    moved = {e for e, elf in enumerate(view["elves"]) if elf["this_round"] is not None}
    cards = []
    for oc in view["order_cards"]:
        k = oc["number"]
        marks = [marker("token", f"Order card {k}", glyph=str(k))]
        last = oc["elf_last_round"]
        if claiming and last is not None and last not in moved:
            marks.append(_elf(last, seat, "here since last round"))
        if oc["claimed_by"] is not None:
            marks.append(_elf(oc["claimed_by"], seat, "claims this card"))
        if oc["card"] is not None:
            cards.append(decoration(oc["card"], markers=marks, where=f"On order card {k}"))
        else:
            cards.append(
                card(f"order:{k}", face="slot", label=f"Order card {k} (empty)", markers=marks)
            )
    return zone(
        "order",
        "market",
        "Order cards: move your elf to one to claim its decoration card",
        cards,
        note="The lower the order card you claim, the earlier you move your elf next round.",
    )


def _discard_zone(view: Mapping[str, Any]) -> Zone:
    pile = view["discard"]
    counts = Counter(card_words(c) for c in pile)
    note = ", ".join(f"{n} × {name}" for name, n in sorted(counts.items()))
    top = [decoration(pile[-1], where="On top of the discard pile")] if pile else []
    return zone(
        "discard",
        "pile",
        "Discarded decoration cards",
        top,
        count=len(pile),
        note=f"Discarded so far: {note}" if note else None,
    )


def _seats(view: Mapping[str, Any], seat: int | None) -> list[SeatInfo]:
    out = []
    phase = view["phase"]
    final = view["final_scores"]
    for s in range(view["players"]):
        score = view["scores"][s]
        elf = view["elves"][s]
        marks = []
        if elf["this_round"] is not None:
            marks.append(_elf(s, seat, f"claims order card {elf['this_round']}"))
        elif elf["last_round"] is not None:
            marks.append(_elf(s, seat, f"on order card {elf['last_round']} from last round"))
        detail = _lights_count(view["lights"][s])
        if phase == "claim" and s in view["round_order"]:
            detail += f"; moves {ordinal(view['round_order'].index(s) + 1)} this round"
        elif phase == "topper" and s in view["topper_order"]:
            detail += f"; chooses a tree-topper {ordinal(view['topper_order'].index(s) + 1)}"
        out.append(
            seat_info(
                s,
                seat,
                to_act=view["to_act"],
                score=f"{score['total']} points" + ("" if final else " so far"),
                detail=detail,
                markers=marks,
            )
        )
    return out


def _claims(view: Mapping[str, Any], legal: Sequence[str]) -> list[PromptAction]:
    by_number = {oc["number"]: oc for oc in view["order_cards"]}
    out = []
    for text in legal:
        oc = by_number[int(text.split()[1])]
        c = oc["card"]
        out.append(
            action(
                text,
                f"Claim order card {oc['number']}: {card_words(c)} ({_light_words(c)})",
                refs=[c["id"]],
                group="Claim",
                detail=f"Move your elf to order card {oc['number']}. {SCORING[c['ornament']]}",
            )
        )
    return out


def _change(before: Mapping[str, int], after: Mapping[str, int]) -> str:
    total_before, total_after = sum(before.values()), sum(after.values())
    parts = [
        f"{CATEGORY_LOWER[key]} {after[key] - before[key]:+d}"
        for key, _ in CATEGORY_WORDS
        if after[key] != before[key]
    ]
    if not parts:
        return f"Your tree's score would stay at {total_before} so far"
    text = f"Your tree would score {total_after} so far (now {total_before})"
    return text + ": " + ", ".join(parts)


def _placements(view: Mapping[str, Any], legal: Sequence[str], seat: int) -> list[PromptAction]:
    (mine,) = (oc for oc in view["order_cards"] if oc["claimed_by"] == seat)
    c = mine["card"]
    name = card_words(c)
    trees = [slots_of(t) for t in view["trees"]]
    matching = bool(view["options"].get("matching_lights"))
    now = _scores(trees, view["toppers"], matching)[seat]
    k = base_width(trees[seat])
    out = []
    for text in legal:
        r, i = (int(n) for n in text.split()[1].split("."))
        if k == 0:
            where = "to start the base of your tree"
        elif i == 0:
            where = "at the left end of your base (the tree moves one place right)"
        elif r == 1:
            where = "at the right end of your base"
        else:
            under = " and ".join(_pos(u) for u in _tree.SUPPORTS[_tree.slot_of(r, i)])
            where = f"at {_spot(r, i)}, on {under}"
        after = list(trees)
        after[seat] = placed(trees[seat], c, r, i)
        then = _scores(after, view["toppers"], matching)[seat]
        out.append(
            action(
                text,
                f"Place your {name} {where}",
                refs=[f"tree:{seat}:{r}.{i}"],
                group="Place",
                detail=_change(now, then),
            )
        )
    return out


def _topper_choices(view: Mapping[str, Any], legal: Sequence[str], seat: int) -> list[PromptAction]:
    on_table = {t["number"]: t for t in view["toppers_on_table"]}
    f = faces(slots_of(view["trees"][seat]))
    matching = bool(view["options"].get("matching_lights"))
    out = []
    for text in legal:
        t = on_table[int(text.split()[1])]
        met = _tree.topper_met(TOPPERS[t["id"]], f, matching)
        verdict = (
            f"your tree meets it: {t['points']} points" if met else "your tree does not meet it"
        )
        out.append(
            action(
                text,
                f"Take tree-topper {t['id']}: {t['condition']} — {verdict}",
                refs=[t["id"]],
                group="Topper",
            )
        )
    return out


def _texts(view: Mapping[str, Any], seat: int | None, acting: bool) -> tuple[str, str]:
    """The headline and the prompt's sentence."""
    outcome = view["outcome"]
    if outcome["status"] != "ongoing":
        return "Game over: " + _reason(view, seat), "The game is over."
    phase = view["phase"]
    others = [s for s in view["to_act"] if s != seat]
    names = seat_names(others, seat)
    are = "is" if len(others) == 1 else "are"
    head = f"Round {view['round']} of {view['rounds']}"
    if phase == "topper":
        head = "After round 14"
        if acting:
            return f"{head} — your turn: choose a tree-topper", (
                "Choose a tree-topper for the top of your tree (you must take one, even if it"
                " scores nothing)."
            )
        return f"{head} — {names} {are} choosing a tree-topper", f"Waiting for {names}."
    if phase == "claim":
        if acting:
            return f"{head} — your turn: move your elf", (
                "Move your elf to an order card to claim its decoration card."
            )
        return f"{head} — {names} {are} moving their elf", f"Waiting for {names}."
    if acting:
        text = "Place the card you claimed in your tree."
        if others:
            text += f" ({names[0].upper() + names[1:]} {are} placing too.)"
        return f"{head} — your turn: place your card", text
    return f"{head} — {names} {are} placing their card{'s' if len(others) > 1 else ''}", (
        f"Waiting for {names} to place."
    )


def _reason(view: Mapping[str, Any], seat: int | None) -> str:
    """How the game ended, in the table's words (seats counted from 1, as shown; the
    engine's reason counts them from 0)."""
    outcome = view["outcome"]
    if outcome["status"] != "finished":
        return str(outcome["reason"] or "the game was cut off")
    winners = list(outcome["winners"])
    best = view["scores"][winners[0]]["total"] if winners else 0
    names = seat_names(winners, seat)
    names = names[0].upper() + names[1:]
    if len(winners) > 1:
        return f"{names} share the win with {best} points (the rulebook names no tie-break)"
    return f"{names} scored the most points ({best})"


def _result(view: Mapping[str, Any], seat: int | None) -> Result | None:
    outcome = view["outcome"]
    if outcome["status"] == "ongoing":
        return None
    n = view["players"]
    scores = view["scores"]
    rows: list[list[ScoreCell]] = [
        [words, *[scores[s][key] for s in range(n)]] for key, words in CATEGORY_WORDS
    ]
    rows.append(["Total", *[scores[s]["total"] for s in range(n)]])
    columns = ["", *[("You" if s == seat else f"Seat {s + 1}") for s in range(n)]]
    return result(
        {**outcome, "reason": _reason(view, seat)},
        n,
        seat,
        breakdown={"columns": columns, "rows": rows},
        score_label="Points",
    )


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The table ``seat`` sees (None: a spectator), from its view and legal actions."""
    n = view["players"]
    zones: list[Zone] = [_order_zone(view, seat)]
    zones.append(
        zone(
            "toppers",
            "market",
            "Tree-toppers on the table (chosen after round 14, most complete lights first)",
            [topper_card(t) for t in view["toppers_on_table"]],
        )
    )
    zones.append(zone("deck", "deck", "Decoration card stack (face down)", count=view["deck"]))
    zones.append(_discard_zone(view))
    order = list(range(n))
    if seat is not None:
        order = order[seat:] + order[:seat]
    zones.extend(_tree_zone(view, s, seat) for s in order)
    actions: list[PromptAction] = []
    if seat is not None and legal:
        phase = view["phase"]
        if phase == "claim":
            actions = _claims(view, legal)
        elif phase == "place":
            actions = _placements(view, legal, seat)
        else:
            actions = _topper_choices(view, legal, seat)
        offered = {a["send"][0] for a in actions}
        # Never lose a legal action the words above do not cover (none is expected).
        actions.extend(action(text, text) for text in legal if text not in offered)
    headline, text = _texts(view, seat, bool(legal))
    waiting = [s for s in view["to_act"] if s != seat]
    return build_table(
        game=GAME,
        title=TITLE,
        view=view,
        headline=headline,
        seats=_seats(view, seat),
        zones=zones,
        prompt_=prompt(text, actions, waiting_for=waiting),
        result_=_result(view, seat),
    )


# ---------------------------------------------------------------------- the log


def _named(text: str) -> tuple[str, list[str]]:
    """An engine card name (``red Christmas ball (light UR blue, JC-D16)``) in the
    table's words, with the card's id to point at."""
    found = _CARD_ID.search(text)
    if found is None or found.group(1) not in DECORATIONS:
        return text, []
    d = DECORATIONS[found.group(1)]
    view_card = {
        "ornament": ORNAMENTS[d.ornament],
        "ball": BALL_COLOURS[d.ball] if d.ball >= 0 else None,
        "light": SIDES[d.side],
        "light_colour": LIGHT_COLOURS[d.light],
    }
    return f"{card_words(view_card)} ({_light_words(view_card)})", [d.id]


def describe(event: Event, seat: int | None) -> LogLine:
    """One event of the log in words, with the ids of what it is about."""
    kind = event["type"]
    who = event.get("seat")
    name = seat_name(who, seat, capital=True)
    their = "your" if who is not None and who == seat else "their"
    if kind == "reveal":
        words, refs = _named(event["card"])
        return line(f"Order card {event['order_card']} shows a {words}", refs)
    if kind == "claim":
        words, refs = _named(event["card"])
        return line(
            f"{name} moved {their} elf to order card {event['order_card']}, claiming the {words}",
            refs,
            seat=who,
        )
    if kind == "place":
        words, refs = _named(event["card"])
        r, i = (int(n) for n in str(event["at"]).split("."))
        spot = "the left end of the base" if i == 0 else _spot(r, i)
        return line(f"{name} placed the {words} in {their} tree, at {spot}", refs, seat=who)
    if kind == "discard":
        words, refs = _named(event["card"])
        return line(
            f"The unclaimed {words} on order card {event['order_card']} was discarded",
            ["discard"],
        )
    if kind == "round":
        return line(f"Round {event['round']} of 14 begins")
    if kind == "toppers":
        ids = list(event["face_up"])
        return line(f"Tree-toppers laid face up: {', '.join(ids)}", ids)
    if kind == "topper order":
        order = ", ".join(seat_name(s, seat) for s in event["order"])  # an order, not a list
        return line(f"Tree-toppers are chosen in this order (most complete lights first): {order}")
    if kind == "topper":
        return line(f"{name} took tree-topper {event['topper']}", [event["topper"]], seat=who)
    if kind == "score":
        parts = ", ".join(f"{CATEGORY_LOWER[key]} {event[key]}" for key, _ in CATEGORY_WORDS)
        return line(f"{name} scored {event['total']} points: {parts}", [f"tree:{who}"], seat=who)
    return line(str(kind).replace("-", " "))


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.jolly_christmas.jolly_christmas import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
