"""Festival of Lights as a table: each player's Pattern card, hand and scored cards (the
colour piles, kept Broken Bulbs, Bubble Bulbs under the Pattern card), the card each
player has chosen this round (face down, "chosen", until all are revealed together),
the middle pile of drops, and the box.

Choices are simultaneous and hidden: another seat's choice shows only *that* it was
made (the seat left ``to_act``), never the card. The end screen breaks the score down
pile by pile (the game's ``breakdown``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.table.bulbs import COLOURS, pattern
from yuletide.table.model import (
    Form,
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    Table,
    Zone,
    action,
    card,
    choice,
    field,
    form,
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
    any_card,
    capital,
    card_of,
    count_words,
    deck_zone,
    hand_zone,
    listing,
    many,
    plural,
    possessive,
    tally,
    words,
)

GAME = "festival-of-lights"
ROUNDS = 8  # nine cards each, a card a round, until one is left

#: What a unique special card does when it is scored (the rulebook's Special Cards).
ABILITY = {
    "bubble": "a wild bulb kept under your Pattern card until the end",
    "broken": "kept to score one of your later drops",
    "plug": "score a card from the middle instead",
    "character": "placed on a colour pile, counts as two bulbs",
}


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    n = int(view["players"])
    phase = view["phase"]
    over = view["outcome"]["status"] != "ongoing"
    to_act = [] if over else list(view["to_act"])
    zones = [
        zone(
            "middle",
            "row",
            f"The middle ({plural(len(view['middle']), 'card')}, face up)",
            [any_card(f"middle:{i + 1}", k) for i, k in enumerate(view["middle"])],
            note="Drops are discarded here. At the end, the single largest pile of each"
            " colour collects that colour from here.",
        ),
        deck_zone(
            "box",
            "The box",
            int(view["box_face_down"]),
            note=(
                f"Face up in the box: {count_words(tally(view['box_face_up']))}."
                if view["box_face_up"]
                else "Cards that leave the game go here."
            ),
        ),
    ]
    seats = []
    for s in range(n):
        chosen = phase == "choose" and not over and s not in to_act
        zones.append(_pattern_zone(view, s, seat))
        zones.append(_hand(view, s, seat, chosen))
        zones.append(_played(view, s, seat, chosen))
        zones.append(_scored(view, s, seat))
        marks = []
        if phase == "choose" and not over:
            marks.append(marker("token", "Has chosen a card" if chosen else "Choosing a card"))
        if phase == "broken-bulbs" and s in view["broken_bulb_deciders"]:
            marks.append(
                marker(
                    "token",
                    "Deciding about a Broken Bulb"
                    if s in to_act
                    else "Has decided about a Broken Bulb",
                )
            )
        score = f"{view['scores'][s]} points" if view["scores"] else None
        seats.append(
            seat_info(
                s,
                seat,
                to_act=to_act,
                score=score,
                markers=marks,
                detail=f"{plural(_in_hand(view, s, chosen), 'card')} in hand,"
                f" {_scored_count(view, s)} scored",
            )
        )
    actions: list[PromptAction] = []
    forms: list[Form] = []
    assigns = [x for x in legal if x.startswith("assign")]
    if assigns and seat is not None and int(view["bubbles_under_pattern"][seat]) > 1:
        forms.append(_assign_form(view, seat))
    else:
        actions.extend(_action(x, view, seat) for x in assigns)
    actions.extend(_action(x, view, seat) for x in legal if not x.startswith("assign"))
    return make_table(
        game=GAME,
        title="Festival of Lights",
        view=view,
        headline=_headline(view, seat, to_act, over),
        seats=seats,
        zones=zones,
        prompt_=prompt(
            _prompt_text(view, seat, legal, over),
            actions,
            forms=forms,
            waiting_for=[s for s in to_act if s != seat],
        ),
        result_=_result(view, seat) if over else None,
    )


# ------------------------------------------------------------------ zones


def _in_hand(view: Mapping[str, Any], s: int, chosen: bool) -> int:
    """Cards in ``s``'s hand, less a card chosen face down (``hand_sizes`` counts it)."""
    size: int = view["hand_sizes"][s]
    return size - (1 if chosen else 0)


def _scored_count(view: Mapping[str, Any], s: int) -> int:
    assigned = view["bubbles_assigned"][s]
    return int(
        sum(view["piles"][s].values())
        + sum(view["characters"][s].values())
        + int(view["bubbles_under_pattern"][s])
        + (sum(assigned.values()) if isinstance(assigned, dict) else int(assigned))
        + int(view["broken_bulbs_kept"][s])
        + len(view["loose"][s])
    )


def _pattern_zone(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    p = view["patterns"][s]
    marks = []
    under = int(view["bubbles_under_pattern"][s])
    if under:
        marks.append(marker("token", f"{many(under, 'bubble')} under the Pattern card"))
    assigned = view["bubbles_assigned"][s]
    mine = view["your_bubbles_assigned"] if s == viewer else None
    if mine:
        marks.append(marker("token", f"Assigned (secret until all assign): {count_words(mine)}"))
    elif isinstance(assigned, int) and assigned:
        marks.append(marker("token", f"{many(assigned, 'bubble')} assigned (secret)"))
    c = pattern(f"pattern:{s}:1", p, markers=marks)
    return zone(
        f"pattern:{s}",
        "row",
        f"{capital(possessive(s, viewer))} Pattern card",
        [c],
        owner=s,
        note="Pattern Bonus: piles of 3 of its colours score 2, all 5 score 5.",
    )


def _hand(view: Mapping[str, Any], s: int, viewer: int | None, chosen: bool) -> Zone:
    if s == viewer and view["hand"] is not None:
        return hand_zone(s, viewer, view["hand"], len(view["hand"]))
    size = _in_hand(view, s, chosen)
    seen = view["hands_seen"][s] if view["hands_seen"] else None
    knowledge: list[list[str]] = []
    note = None
    if seen:
        if chosen:
            said = ["one of: " + listing(sorted({words(k) for k in seen}), "or")]
            knowledge = [said] * size
            note = (
                f"You passed this hand on: {count_words(tally(seen))}, one of them now"
                " their face-down choice."
            )
        else:
            knowledge = [[f"{words(k)} (you passed this hand on)"] for k in seen]
            note = f"You passed this hand on: {count_words(tally(seen))}."
    return hand_zone(s, viewer, None, size, knowledge=knowledge, note=note)


def _played(view: Mapping[str, Any], s: int, viewer: int | None, chosen: bool) -> Zone:
    """The card ``s`` put out this round: face down while choices are secret, face up
    once revealed and waiting for its step (a Character to place, a Plug's take, a
    drop)."""
    zid = f"chosen:{s}"
    cards = []
    revealed = view["revealed"][s]
    if s == viewer and view["choice"]:
        k = view["choice"]
        cards.append(
            any_card(
                f"{zid}:1",
                k,
                label=f"Your choice: {words(k)}",
                detail="Face down until everyone has chosen",
            )
        )
    elif chosen:
        cards.append(card(f"{zid}:1", face="down", label="Chosen (face down)"))
    elif revealed:
        pending = view["pending"][s]
        detail = capital(pending) if pending else "A drop: it goes to the middle"
        cards.append(any_card(f"{zid}:1", revealed, detail=detail))
    return zone(zid, "row", f"{capital(possessive(s, viewer))} card this round", cards, owner=s)


def _scored(view: Mapping[str, Any], s: int, viewer: int | None) -> Zone:
    """The cards in front of ``s``: a card per colour pile (its size said), then kept
    Broken Bulbs and special cards scored in no pile."""
    zid = f"scored:{s}"
    piles = view["piles"][s]
    chars = view["characters"][s]
    assigned = view["bubbles_assigned"][s] if isinstance(view["bubbles_assigned"][s], dict) else {}
    cards = []
    for c in COLOURS:
        plain, ch, wild = int(piles.get(c, 0)), int(chars.get(c, 0)), int(assigned.get(c, 0))
        if not (plain or ch or wild):
            continue
        cards.append(
            card(
                f"{zid}:{c}",
                kind=c,
                label=f"{words(c)} pile: {_pile_words(plain, ch, wild)}",
                detail=f"Counts {plain + wild + 2 * ch} for the largest pile",
            )
        )
    kept = int(view["broken_bulbs_kept"][s])
    if kept:
        cards.append(
            any_card(
                f"{zid}:broken-kept",
                "broken",
                label=f"Broken Bulb ×{kept} (kept)",
                detail="Scores a later drop instead of discarding it",
            )
        )
    for k, m in tally(view["loose"][s]).items():
        cards.append(
            any_card(
                f"{zid}:loose-{k}",
                k,
                label=f"{words(k)} ×{m} (special card)",
                detail="A special card in no pile: 2 points",
            )
        )
    return zone(zid, "row", f"{capital(possessive(s, viewer))} scored cards", cards, owner=s)


def _pile_words(plain: int, chars: int, wild: int) -> str:
    parts = [plural(plain, "bulb")] if plain or not (chars or wild) else []
    if wild:
        parts.append(plural(wild, "Bubble Bulb"))
    if chars:
        parts.append(plural(chars, "Character card"))
    return " + ".join(parts)


# ------------------------------------------------------------------ prompt


def _action(text: str, view: Mapping[str, Any], seat: int | None) -> PromptAction:
    assert seat is not None
    verb, what = text.split(" ", 1)
    if verb == "play":
        ability = ABILITY.get(what)
        label = f"Choose {a(what)} to reveal"
        if ability:
            label += f" (if unique: {ability})"
        return action(text, label, refs=[card_of(view["hand"], what, seat)], group="Choose")
    if verb == "place":
        has = view["piles"][seat].get(what) or view["characters"][seat].get(what)
        if has:
            return action(
                text,
                f"Place your Character card on your {words(what)} pile (it"
                f" counts as two {words(what)})",
                refs=[f"scored:{seat}:{what}"],
                group="Place",
            )
        return action(
            text,
            f"Start a {words(what)} pile with your Character card",
            refs=[f"scored:{seat}"],
            group="Place",
        )
    if verb == "take":
        i = view["middle"].index(what) + 1
        return action(
            text,
            f"Use your Plug to score {a(what)} from the middle",
            refs=[f"middle:{i}"],
            group="Plug",
        )
    if text in ("use broken", "keep broken"):
        dropped = words(view["revealed"][seat] or "card")
        if text == "use broken":
            return action(
                text,
                f"Use a kept Broken Bulb to score your dropped {dropped}",
                refs=[f"scored:{seat}:broken-kept", f"chosen:{seat}:1"],
                group="Broken Bulb",
            )
        return action(
            text, f"Keep your Broken Bulb: your {dropped} drops to the middle", group="Broken Bulb"
        )
    if verb == "assign":
        return action(
            text,
            f"Add your Bubble Bulb to your {words(what)} pile",
            refs=[_pile_ref(view, seat, what)],
            group="Bubble Bulb",
        )
    raise ValueError(f"not a Festival of Lights action: {text!r}")


def _pile_ref(view: Mapping[str, Any], seat: int, colour: str) -> str:
    if view["piles"][seat].get(colour) or view["characters"][seat].get(colour):
        return f"scored:{seat}:{colour}"
    return f"scored:{seat}"


def _assign_form(view: Mapping[str, Any], seat: int) -> Form:
    """Every Bubble Bulb under the Pattern card assigned at once (one ``assign`` each, in
    order), so the choice can be changed until it is complete."""
    count = int(view["bubbles_under_pattern"][seat])
    fields = [
        field(
            f"bubble{i + 1}",
            f"Bubble Bulb {i + 1} goes to the pile of",
            [
                choice(words(c), [f"assign {c}"], colour_name=c, refs=[_pile_ref(view, seat, c)])
                for c in COLOURS
            ],
        )
        for i in range(count)
    ]
    piles = ", ".join(f"{{bubble{i + 1}}}" for i in range(count))
    return form(
        "assign",
        f"Assign your {count} Bubble Bulbs to colour piles",
        fields,
        sentence=f"Add your Bubble Bulbs to these piles: {piles}.",
        group="Bubble Bulb",
    )


def _prompt_text(
    view: Mapping[str, Any], seat: int | None, legal: Sequence[str], over: bool
) -> str:
    if over:
        return "The game is over."
    phase = view["phase"]
    if not legal:
        if phase == "choose" and seat is not None and view["choice"]:
            return "You have chosen: waiting for the others to choose."
        return "Waiting for " + listing([f"seat {s + 1}" for s in view["to_act"]]) + "."
    if phase == "choose":
        return (
            "Choose a card to reveal. A card nobody else reveals scores; a card matched"
            " by another player drops to the middle."
        )
    if phase == "resolve":
        if any(x.startswith("place") for x in legal):
            return "You scored a Character card: place it on one of your colour piles."
        return "You scored a Plug: choose a card of the middle to score instead."
    if phase == "broken-bulbs":
        return "Your card dropped: use a kept Broken Bulb to score it instead? (secret)"
    return "Game end: assign each Bubble Bulb under your Pattern card to a colour pile (secret)."


def _headline(view: Mapping[str, Any], seat: int | None, to_act: Sequence[int], over: bool) -> str:
    if over:
        return "Game over: the scores are in"
    n = int(view["players"])
    phase = view["phase"]
    head = f"Round {view['round']} of {ROUNDS}"
    if phase == "choose":
        done = n - len(to_act)
        you = " — your choice is made" if seat is not None and view["choice"] else ""
        return head + f" — choosing cards ({done} of {n} have chosen){you}"
    if phase == "resolve":
        return (
            head
            + " — scoring: "
            + listing([f"{seat_name(s, seat)} to {view['pending'][s]}" for s in to_act])
        )
    if phase == "broken-bulbs":
        return head + " — drops: Broken Bulb decisions (secret)"
    return "Game end — assigning Bubble Bulbs (secret)"


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    """The final score, pile by pile: every figure is read from the view of the finished
    game (the piles after the Character check and the Largest Pile Bonus)."""
    n = int(view["players"])
    columns = [""] + [("You" if s == seat else f"Seat {s + 1}") for s in range(n)]
    rows: list[list[ScoreCell]] = []
    for c in COLOURS:
        cells = []
        for s in range(n):
            plain = int(view["piles"][s].get(c, 0))
            ch = int(view["characters"][s].get(c, 0))
            wild = int(view["bubbles_assigned"][s].get(c, 0))
            cells.append(_pile_words(plain, ch, wild) if plain or ch or wild else "–")
        rows.append([f"{words(c)} pile", *cells])
    parts = [breakdown(view, s) for s in range(n)]
    rows.append(["Plain bulbs (1 point each)", *[p["plain"] for p in parts]])
    rows.append(["Special cards (2 points each)", *[p["special"] for p in parts]])
    rows.append(["Pattern Bonus", *[f"{p['bonus']} ({p['have']} of 5 colours)" for p in parts]])
    rows.append(["Points", *view["scores"]])
    rows.append(["Cards (fewer wins a tie)", *view["cards"]])
    out = result(
        view["outcome"], n, seat, breakdown={"columns": columns, "rows": rows}, score_label="Points"
    )
    winners = out["winners"]
    if winners and view["scores"]:
        best = view["scores"][winners[0]]
        out["reason"] = (
            f"{capital(listing([seat_name(w, seat) for w in winners]))} scored"
            f" the most points ({best})"
        )
    return out


def breakdown(view: Mapping[str, Any], s: int) -> dict[str, int]:
    """Seat ``s``'s final score from a finished game's view: plain bulbs, special cards
    (assigned Bubble Bulbs, Character cards, kept Broken Bulbs, loose specials), the
    colours of its Pattern card it has a pile of, and the Pattern Bonus."""
    piles = view["piles"][s]
    chars = view["characters"][s]
    assigned = view["bubbles_assigned"][s]
    plain = sum(int(x) for x in piles.values())
    special = (
        sum(int(x) for x in assigned.values())
        + sum(int(x) for x in chars.values())
        + int(view["broken_bulbs_kept"][s])
        + len(view["loose"][s])
    )
    have = sum(
        1 for c in view["patterns"][s]["lights"] if piles.get(c) or assigned.get(c) or chars.get(c)
    )
    bonus = 5 if have == 5 else 2 if have >= 3 else 0
    return {
        "plain": plain,
        "special": special,
        "have": have,
        "bonus": bonus,
        "points": plain + 2 * special + bonus,
    }


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Festival of Lights log event in words."""
    kind = event["type"]
    who = event.get("seat")
    name = seat_name(who, seat, capital=True) if isinstance(who, int) else ""
    you = who == seat
    their = "your" if you else "their"
    refs = [f"seat:{who}"] if isinstance(who, int) else []
    if kind == "deal":
        text = f"{plural(event['cards_each'], 'card')} were dealt to each player"
        if event.get("your_hand"):
            text += f": you got {count_words(tally(event['your_hand']))}"
        return line(text, [f"hand:{seat}"] if seat is not None else [])
    if kind == "pass_left":
        text = f"Everyone passed their cards to the left (round {event['round']} begins)"
        if event.get("you_receive"):
            text += f": you received {count_words(tally(event['you_receive']))}"
        return line(text, [f"hand:{seat}"] if seat is not None else [])
    if kind in ("middle", "set_aside"):
        if kind == "middle":
            return line(f"{capital(a(event['card']))} was revealed in the middle", ["middle"])
        return line(
            f"{capital(a(event['card']))} was revealed for the middle: a special card,"
            " it goes back to the box",
            ["box"],
        )
    if kind == "chose_a_card":
        return line(f"{name} chose a card", [f"chosen:{who}"], seat=who)
    if kind == "decided_about_a_broken_bulb":
        return line(
            f"{name} decided about {their} Broken Bulb (secret until all decide)", refs, seat=who
        )
    if kind == "assigned_a_bubble_bulb":
        return line(f"{name} assigned a Bubble Bulb (secret until all have)", refs, seat=who)
    if kind == "reveal":
        shown = [f"{seat_name(s, seat)} {words(k)}" for s, k in enumerate(event["cards"])]
        return line(
            "Revealed: " + ", ".join(shown), [f"chosen:{s}" for s in range(len(event["cards"]))]
        )
    if kind == "score":
        return line(
            f"{name} scored {words(event['card'])}", [f"scored:{who}:{event['card']}"], seat=who
        )
    if kind == "drop":
        return line(
            f"{capital(possessive(who, seat))} {words(event['card'])} dropped to the middle",
            ["middle"],
            seat=who,
        )
    if kind == "take":
        return line(
            f"{name} used a Plug to score {a(event['card'])} from the middle",
            [f"scored:{who}", "middle"],
            seat=who,
        )
    if kind == "scores_a_character_card":
        return line(
            f"{name} scored a Character card: it goes on one of {their} colour piles",
            refs,
            seat=who,
        )
    if kind == "scores_a_plug":
        return line(
            f"{name} scored a Plug: {'you take' if you else 'they take'} a card from"
            " the middle instead",
            refs,
            seat=who,
        )
    if kind == "keeps_a_plug_the_middle_is_empty":
        return line(
            f"{name} scored a Plug, but the middle is empty: it stays as a special card",
            [f"scored:{who}"],
            seat=who,
        )
    if kind == "bubble_under_pattern":
        return line(
            f"{name} scored a Bubble Bulb: it waits under {their} Pattern card",
            [f"pattern:{who}"],
            seat=who,
        )
    if kind == "broken_bulb_kept":
        return line(
            f"{name} scored a Broken Bulb: kept to score a later drop",
            [f"scored:{who}:broken-kept"],
            seat=who,
        )
    if kind == "place_character":
        return line(
            f"{name} placed a Character card on {their} {words(event['pile'])} pile",
            [f"scored:{who}:{event['pile']}"],
            seat=who,
        )
    if kind == "broken_bulb":
        if event["used"]:
            return line(
                f"{name} used a Broken Bulb to score {their} drop", [f"scored:{who}"], seat=who
            )
        return line(f"{name} kept {their} Broken Bulb", refs, seat=who)
    if kind == "last_cards":
        return line("Everyone has one card left: those cards go back to the box", ["box"])
    if kind == "assign_bubbles":
        return line("Game end: Bubble Bulbs under the Pattern cards are assigned to piles")
    if kind == "bubbles_assigned":
        return line(
            f"{capital(possessive(who, seat))} Bubble Bulbs went to:"
            f" {', '.join(f'{words(c)} ×{m}' for c, m in event['piles'].items())}",
            [f"scored:{who}"],
            seat=who,
        )
    if kind == "character_pile_lost":
        return line(
            f"{capital(possessive(who, seat))} {words(event['pile'])} pile with a"
            f" Character card ({event['size']}) is smaller than another"
            f" ({event['largest_other']}): it goes back to the box, unscored",
            [f"scored:{who}"],
            seat=who,
        )
    if kind == "largest_pile_bonus":
        got = (
            f"{'collect' if you else 'collects'} {many(event['bulbs'], event['colour'])}"
            " from the middle"
            if event["bulbs"]
            else f"{'have' if you else 'has'} it (none of its colour is in the middle)"
        )
        return line(
            f"Largest {words(event['colour'])} pile: {seat_name(who, seat)} {got}",
            [f"scored:{who}:{event['colour']}"],
            seat=who,
        )
    if kind == "final_score":
        return line(
            f"{name} {'score' if you else 'scores'} {event['points']} points:"
            f" {plural(event['plain_bulbs'], 'plain bulb')},"
            f" {plural(event['special_cards'], 'special card')}, Pattern Bonus"
            f" {event['pattern_bonus']} ({plural(event['cards'], 'card')})",
            refs,
            seat=who,
        )
    raise ValueError(f"not a Festival of Lights event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.festival_of_lights import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
