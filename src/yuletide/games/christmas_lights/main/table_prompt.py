"""Christmas Lights' prompt: every legal action of a seat as a choice in words.

Where the engine asks one decision in steps whose later options the view already shows,
the whole decision is one action (``send`` = the steps, ``refs`` in click order): a play
and its target (``card i`` then ``advance`` / ``fix k``), a swap (``swap``, your card,
the seat, their card), a sale's first card (``sale``, ``card i``), a mark or a move and
its card. The sale question is a form (:mod:`._christmas_lights_sale`). A step reached
part-way (a client that sent only the first step) offers what is left of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from yuletide.games.christmas_lights.main.table_sale import (
    answer_is,
    question_forms,
    question_words,
)
from yuletide.table.bulbs import bulb_label
from yuletide.table.model import Form, PromptAction, action, choice, field, form, ordinal, seat_name

#: The Event cards in the rulebook's words (Event Cards).
EVENT_TITLE: dict[str, str] = {
    "light-switch": "Light Switch",
    "power-surge": "Power Surge",
    "power-outage": "Power Outage",
    "christmas-eve": "Christmas Eve",
    "lump-of-coal": "Lump of Coal",
    "boxing-day": "Boxing Day",
}
EVENT_TEXT: dict[str, str] = {
    "light-switch": "each player may draw a Bulb card, look at it and put it in their hand",
    "power-surge": "discard your hand, refill it to five cards and end your turn",
    "power-outage": "your turn ends at once, with no refill",
    "christmas-eve": "each player may look at the front of one Bulb card in their hand",
    "lump-of-coal": "your current Pattern card is shown to everyone until you complete it",
    "boxing-day": "each player may discard a card and draw a replacement without looking",
}
MARK_WORDS: dict[str, str] = {
    "none": "take the mark off",
    "sideways": "turn sideways",
    "upside-down": "turn upside down",
    "raised": "raise",
}
#: Above this many whole swaps (your cards times theirs) the swap is a form instead.
SWAP_ACTIONS_MAX = 150


def prompt_parts(
    view: Mapping[str, Any], legal: Sequence[str], me: int
) -> tuple[list[PromptAction], list[Form]]:
    """Every legal action of ``me`` (a seat), as actions and forms, each legal action
    the first step of exactly the choices that begin with it."""
    step = view["step"]
    acts: list[PromptAction] = []
    forms: list[Form] = []
    if view.get("free_action"):
        acts += _free_cards(view, me, str(view["free_action"]))
    elif step == "event":
        acts += _event(view, me)
    elif step == "buyer":
        acts += _buyer(view, me)
    elif step == "play":
        acts += _play(view, me)
    elif step == "play-target":
        playing = int(view["playing"])
        for t in view["seats"][me].get("targets", []):
            words, ref = _target(view, me, t)
            acts.append(
                action(
                    t, f"Play it (your {ordinal(playing)} card) {words}", refs=[ref], group="Play"
                )
            )
    elif step == "next-step":
        a, f = _next(view, me)
        acts += a
        forms += f
    elif step in ("swap", "swap-seat", "swap-card"):
        a, f = _swaps(view, me, [])
        acts += a
        forms += f
    elif step == "sale":
        acts += _lay(view, me, [], first=True)
    elif step == "sale-offer":
        sale = view["sale"]
        if sale.get("may_lay_another"):
            acts += _lay(view, me, [], first=False)
        seller = int(sale["seller"])
        buyers = [
            t
            for t in range(int(view["players"]))
            if t != seller and t not in sale.get("offered", [])
        ]
        f2, a2 = question_forms(view, me, buyers)
        forms += f2
        acts += a2
        kind = _on_offer(view)
        acts.append(
            action(
                "withdraw",
                f"Withdraw the {kind} from sale: it is discarded unsold",
                refs=[f"sale:{sale['current']}"],
                group="Sale",
            )
        )
    elif step.startswith("question-"):
        f2, a2 = question_forms(view, me, [])
        forms += f2
        acts += a2
    if step in ("play", "next-step", "swap", "sale", "sale-offer") and not view.get("free_action"):
        acts += _free(view, me)
    return _keep_legal(acts, forms, legal)


def _keep_legal(
    acts: list[PromptAction], forms: list[Form], legal: Sequence[str]
) -> tuple[list[PromptAction], list[Form]]:
    """Only choices whose first step is legal now, and a plain choice for any legal
    action the view did not explain (group "Other"; never expected, the tests check)."""
    ok = set(legal)
    kept = [a for a in acts if a["send"][0] in ok]
    kept_forms = []
    covered = {a["send"][0] for a in kept}
    for f in forms:
        if f["start"]:
            if f["start"][0] not in ok:
                continue
            covered.add(f["start"][0])
        else:
            first = f["fields"][0]
            choices = [c for c in first["choices"] if c["send"] and c["send"][0] in ok]
            if not choices:
                continue
            covered |= {c["send"][0] for c in choices}
            f = {**f, "fields": [{**first, "choices": choices}, *f["fields"][1:]]}  # noqa: PLW2901
        kept_forms.append(f)
    for a in legal:
        if a not in covered:
            kept.append(action(a, a, group="Other"))
    return kept, kept_forms


# ------------------------------------------------------------------ words


def _mine(view: Mapping[str, Any], me: int, pos: int) -> str:
    """``your 3rd card`` (with what you know of it: ``your 3rd card (Red ♥)``)."""
    kind = view["hands"][me]["cards"][pos - 1]
    return f"your {ordinal(pos)} card" + (f" ({bulb_label(kind)})" if kind else "")


def _target(view: Mapping[str, Any], me: int, target: str) -> tuple[str, str]:
    """Where a play goes, in words, and the slot it refers to."""
    s = view["seats"][me]
    if s.get("plug") == "due":
        return "into the plug slot (only a Plug fits there)", f"string:{me}:plug"
    needs = (s.get("commitment") or {}).get("needs")
    if target == "advance":
        k = list(s["string"]).index(None) + 1
        verb = f"into slot {k}"
    else:
        k = int(target.split()[1])
        verb = f"over the Broken Bulb in slot {k}"
    if needs:
        verb += f" (needs {bulb_label(needs[k - 1])})"
    return verb, f"string:{me}:{k}"


def _on_offer(view: Mapping[str, Any]) -> str:
    sale = view["sale"]
    return bulb_label(sale["cards"][int(sale["current"]) - 1][0])


# ------------------------------------------------------------------ steps


def _play(view: Mapping[str, Any], me: int) -> list[PromptAction]:
    """PLAY: a commitment, a card with its target, or the end of the step."""
    acts: list[PromptAction] = []
    s = view["seats"][me]
    for p, pat in enumerate(s["patterns"], 1):
        if pat is None:
            continue
        pid, lights = pat
        for end, order in (("left", list(lights)), ("right", list(lights)[::-1])):
            acts.append(
                action(
                    f"commit {p} {end}",
                    f"Build pattern {p} ({pid}) from the {end} end: "
                    + ", ".join(bulb_label(k) for k in order),
                    refs=[f"patterns:{me}:{p}"],
                    group="Commit",
                    detail="Secret: the others only see that you chose. Slot 1 needs "
                    + bulb_label(order[0]),
                )
            )
    targets = list(s.get("targets", []))
    h = len(view["hands"][me]["cards"])
    for i in range(1, h + 1):
        for t in targets:
            words, ref = _target(view, me, t)
            send = [f"card {i}"] if len(targets) == 1 else [f"card {i}", t]
            acts.append(
                action(
                    send,
                    f"Play {_mine(view, me, i)} {words}",
                    refs=[f"hand:{me}:{i}", ref],
                    group="Play",
                    detail="The card is turned face up; if it does not fit, it is discarded",
                )
            )
    plays = int(view["plays"])
    acts.append(
        action(
            "done",
            "Play no more cards this turn" if plays else "Play no card this turn",
            group="Play",
        )
    )
    return acts


def _next(view: Mapping[str, Any], me: int) -> tuple[list[PromptAction], list[Form]]:
    """The next step of the turn: swap, sale, refill (draw n) or end."""
    acts, forms = _swaps(view, me, ["swap"])
    acts += _lay(view, me, ["sale"], first=True)
    h = len(view["hands"][me]["cards"])
    room = 5 - h
    for n in range(1, max(room, 0) + 1):
        acts.append(
            action(
                f"draw {n}",
                f"Refill: draw {n} card{'s' if n > 1 else ''}"
                + (" (up to five in hand)" if n == room else "")
                + " and end your turn",
                refs=["deck"],
                group="Refill",
            )
        )
    acts.append(action("end", "End your turn", group="End"))
    return acts, forms


def _swaps(
    view: Mapping[str, Any], me: int, before: list[str]
) -> tuple[list[PromptAction], list[Form]]:
    """SWAP (M11) as whole choices: your card, then another seat's card; from the step
    the engine is at (``before``: the steps still to send first)."""
    hands = view["hands"]
    h = len(hands[me]["cards"])
    step = view["step"]
    swap = view.get("swap") or {}
    mine = [int(swap["card"])] if step in ("swap-seat", "swap-card") else list(range(1, h + 1))
    if step == "swap-card":
        seats = [int(swap["seat"])]
    else:
        seats = [t for t in range(int(view["players"])) if t != me and hands[t]["cards"]]
    pairs = [(t, j) for t in seats for j in range(1, len(hands[t]["cards"]) + 1)]

    def theirs(t: int, j: int) -> list[str]:
        if step == "swap-card":
            return [f"card {j}"]
        return [f"seat {t}", f"card {j}"]

    def their_words(t: int, j: int) -> str:
        kind = hands[t]["cards"][j - 1]
        return f"{seat_name(t, me)}'s {ordinal(j)} card" + (
            f" ({bulb_label(kind)})" if kind else ""
        )

    mine_steps: list[str] | None = [] if step in ("swap-seat", "swap-card") else None
    if len(mine) * len(pairs) <= SWAP_ACTIONS_MAX or step == "swap-card":
        acts = [
            action(
                [
                    *before,
                    *(mine_steps if mine_steps is not None else [f"card {i}"]),
                    *theirs(t, j),
                ],
                f"Swap {_mine(view, me, i)} for {their_words(t, j)}",
                refs=[f"hand:{me}:{i}", f"hand:{t}:{j}"],
                group="Swap",
                detail="Both of you see both cards; each then knows the card received",
            )
            for i in mine
            for t, j in pairs
        ]
        return acts, []
    fields = []
    if mine_steps is None:
        fields.append(
            field(
                "mine",
                "Your card",
                [
                    choice(f"your {ordinal(i)} card", [f"card {i}"], refs=[f"hand:{me}:{i}"])
                    for i in mine
                ],
            )
        )
    fields.append(
        field(
            "theirs",
            "Their card",
            [choice(their_words(t, j), theirs(t, j), refs=[f"hand:{t}:{j}"]) for t, j in pairs],
        )
    )
    yours = "{mine}" if mine_steps is None else f"your {ordinal(mine[0])} card"
    return [], [
        form(
            "swap",
            "Swap one of your cards for another player's card",
            fields,
            start=before,
            sentence=f"Swap {yours} for {{theirs}}",
            group="Swap",
        )
    ]


def _lay(view: Mapping[str, Any], me: int, before: list[str], *, first: bool) -> list[PromptAction]:
    """SALE: lay a card of your hand face up (the first, or a second one)."""
    h = len(view["hands"][me]["cards"])
    what = "Put {} up for sale" if first else "Put {} up for sale as well (a second card)"
    return [
        action(
            [*before, f"card {i}"],
            what.format(_mine(view, me, i)),
            refs=[f"hand:{me}:{i}"],
            group="Sale",
            detail="It is turned face up; then you offer it for an answer to a question"
            " about your hand",
        )
        for i in range(1, h + 1)
    ]


def _free(view: Mapping[str, Any], me: int) -> list[PromptAction]:
    """Free actions (M12): a mark or a move with its card, budget allowing."""
    hand = view["hands"][me]
    h = len(hand["cards"])
    marks = {int(p): str(m) for p, m in hand.get("marks", [])}
    left = view.get("free_actions_left") or 0
    note = f"A free action ({left} left this turn); marks are public, like holding a card sideways"
    acts: list[PromptAction] = []
    for mark, words in MARK_WORDS.items():
        for i in range(1, h + 1):
            if marks.get(i, "none") == mark:
                continue
            label = (
                f"Take the mark off your {ordinal(i)} card"
                if mark == "none"
                else f"Mark your {ordinal(i)} card: {words}"
            )
            acts.append(
                action(
                    [f"mark {mark}", f"card {i}"],
                    label,
                    refs=[f"hand:{me}:{i}"],
                    group="Mark",
                    detail=note,
                    tool=True,
                )
            )
    if h > 1:
        for i in range(1, h + 1):
            for where, to, words in (
                ("first", 1, "to the front of your hand"),
                ("left", i - 1, "one place left"),
                ("right", i + 1, "one place right"),
                ("last", h, "to the end of your hand"),
            ):
                if to == i or not 1 <= to <= h:
                    continue
                acts.append(
                    action(
                        [f"move {where}", f"card {i}"],
                        f"Move your {ordinal(i)} card {words}",
                        refs=[f"hand:{me}:{i}", f"hand:{me}:{to}"],
                        group="Move",
                        detail="A free action: reorder your hand",
                        tool=True,
                    )
                )
    return acts


def _free_cards(view: Mapping[str, Any], me: int, pending: str) -> list[PromptAction]:
    """A mark or move begun: the card it applies to."""
    verb, what = pending.split()
    h = len(view["hands"][me]["cards"])
    acts = []
    for i in range(1, h + 1):
        if verb == "mark":
            label = (
                f"Take the mark off your {ordinal(i)} card"
                if what == "none"
                else f"Mark your {ordinal(i)} card: {MARK_WORDS[what]}"
            )
        else:
            label = (
                f"Move your {ordinal(i)} card "
                + {
                    "first": "to the front of your hand",
                    "last": "to the end of your hand",
                    "left": "one place left",
                    "right": "one place right",
                }[what]
            )
        acts.append(action(f"card {i}", label, refs=[f"hand:{me}:{i}"], group=verb.capitalize()))
    return acts


def _event(view: Mapping[str, Any], me: int) -> list[PromptAction]:
    """An everyone-event (M15): your secret choice."""
    ev = str(view["event"]["event"])
    title = EVENT_TITLE.get(ev, ev)
    h = len(view["hands"][me]["cards"])
    if ev == "light-switch":
        return [
            action("draw 1", f"{title}: draw a card and look at it", refs=["deck"], group="Event"),
            action("none", f"{title}: draw no card", group="Event"),
        ]
    if ev == "christmas-eve":
        acts = [
            action(
                f"card {i}",
                f"{title}: look at {_mine(view, me, i)}",
                refs=[f"hand:{me}:{i}"],
                group="Event",
            )
            for i in range(1, h + 1)
        ]
        return [*acts, action("none", f"{title}: look at no card", group="Event")]
    acts = [
        action(
            f"card {i}",
            f"{title}: discard {_mine(view, me, i)} and draw a replacement, unseen",
            refs=[f"hand:{me}:{i}"],
            group="Event",
        )
        for i in range(1, h + 1)
    ]
    return [*acts, action("none", f"{title}: keep your hand as it is", group="Event")]


def _buyer(view: Mapping[str, Any], me: int) -> list[PromptAction]:
    """You are offered a card: accept (and answer the seller's question) or decline."""
    sale = view["sale"]
    seller = int(sale["seller"])
    kind = _on_offer(view)
    q = sale.get("question") or {}
    text = q.get("text") or ""
    whose = f"{seat_name(seller, me)}'s"
    asked = question_words(text, whose) if text else "their question"
    seen = list(view["hands"][seller]["cards"])
    yours = ""
    if text and all(k is not None for k in seen):
        yours = f" (you will answer {'yes' if answer_is(text, seen) else 'no'})"
    ref = f"sale:{sale['current']}"
    return [
        action(
            "accept",
            f'Buy the {kind}: answer {seat_name(seller, me)}\'s question "{asked}"{yours}',
            refs=[ref],
            group="Offer",
            detail="The game answers truthfully for you; you take the card and know it",
        ),
        action("decline", f"Decline the {kind}", refs=[ref], group="Offer"),
    ]
