"""Christmas Lights' SALE as a table: the question language of ruling M10
(docs/rulings.md#m10) in words, what the answers a seat got tell it about each card of
its hand, and the question as forms.

The engine builds a question in steps (reading ``sale-steps``): the buyer ``seat s``;
then ``all``, or ``card i``… in increasing order and ``done``, or ``ask same`` and two
``card i``; then ``kind k``… in the listed order and ``done``; ``>=`` or ``=``; and
``number k`` (0 up to the number of positions asked about). Choosing the last position,
``all`` or the last kind (Plug) moves on by itself, so no ``done`` follows it; and the
numbers on offer depend on how many positions were chosen. A static form cannot say
either, so two keys extend :func:`model.choice` here (see :func:`opt`):

* ``skip_end``: choosing this option moves the engine on by itself: the field's ``end``
  is not sent when it is among the chosen options;
* ``needs`` = {"field": f, "count": k}: the option can only be chosen once at least k
  options are chosen in field f, an option counting as its ``count`` (default 1;
  "all cards" counts as every card of the hand).

With those honoured, every complete form sends a legal sequence (tests/table walk every
choice through the engine). The chosen options of a field are sent in the order the
field lists them (the engine wants increasing positions and kinds).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from yuletide.games.christmas_lights.content import BULB_KINDS
from yuletide.table.bulbs import COLOURS, bulb_label
from yuletide.table.model import (
    JSON,
    Choice,
    Field,
    Form,
    PromptAction,
    action,
    choice,
    field,
    form,
    ordinal,
    seat_name,
)

_COUNT = re.compile(r"count\((all|\{[0-9,]*\}),\{([a-z,-]*)\}\) (>=|=) ([0-9]+)$")
_SAME = re.compile(r"same\(([0-9]+),([0-9]+)\)$")


def parse_question(text: str) -> JSON:
    """An M10 question as the engine writes it (``count({1,3},{red,plug}) >= 1``,
    ``count(all,{plug}) = 0``, ``same(2,4)``; positions 1-based) as a dict: ``type``
    (count or same), ``positions`` (a list, or "all"), ``kinds``, ``op``, ``k``."""
    m = _SAME.match(text)
    if m:
        return {"type": "same", "positions": [int(m.group(1)), int(m.group(2))]}
    m = _COUNT.match(text)
    if not m:
        raise ValueError(
            f"not a question of the M10 language: {text!r}; the forms are"
            " count({i,...}|all,{kind,...}) >=|= k and same(i,j)"
        )
    where = m.group(1)
    positions: list[int] | str = (
        "all" if where == "all" else [int(p) for p in where.strip("{}").split(",") if p]
    )
    return {
        "type": "count",
        "positions": positions,
        "kinds": [k for k in m.group(2).split(",") if k],
        "op": m.group(3),
        "k": int(m.group(4)),
    }


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def kinds_or(kinds: Sequence[str]) -> str:
    """Kinds as alternatives: ``Red ♥``, ``Red ♥ or Plug``, ``Red ♥, Blue ♦ or Plug``."""
    names = [bulb_label(k) for k in kinds]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def kinds_nor(kinds: Sequence[str]) -> str:
    """None of the kinds: ``not Red ♥``, ``neither Red ♥ nor Plug``, ``none of …``."""
    names = [bulb_label(k) for k in kinds]
    if len(names) == 1:
        return "not " + names[0]
    if len(names) == 2:
        return f"neither {names[0]} nor {names[1]}"
    return "none of " + join_and(names)


def cards_words(positions: Sequence[int], whose: str) -> str:
    """``your 2nd card``, ``your cards 2 and 4`` (positions 1-based)."""
    if len(positions) == 1:
        return f"{whose} {ordinal(positions[0])} card"
    return f"{whose} cards " + join_and([str(p) for p in positions])


def question_words(text: str, whose: str = "your") -> str:
    """A question in English: ``Do your cards 2 and 3 hold at least 1 Red ♥ or Plug?``,
    ``Is your 2nd card Red ♥?``, ``Does your hand hold exactly 0 Plug?``, ``Are your
    cards 2 and 4 the same kind?`` (``whose``: "your", "seat 2's")."""
    q = parse_question(text)
    if q["type"] == "same":
        return f"Are {cards_words(q['positions'], whose)} the same kind?"
    kinds = kinds_or(q["kinds"])
    rel = "at least" if q["op"] == ">=" else "exactly"
    k = q["k"]
    if q["positions"] == "all":
        return f"Does {whose} hand hold {rel} {k} {kinds}?"
    positions = q["positions"]
    if len(positions) == 1:
        one = cards_words(positions, whose)
        if k == 1:
            return f"Is {one} {kinds}?"
        if k == 0 and q["op"] == "=":
            return f"Is {one} {kinds_nor(q['kinds'])}?"
    return f"Do {cards_words(positions, whose)} hold {rel} {k} {kinds}?"


def answer_is(text: str, kinds_seen: Sequence[str | None]) -> bool:
    """The true answer to a question about cards of ``kinds_seen`` (in position order):
    what a buyer, who sees the seller's hand, will answer."""
    q = parse_question(text)
    if q["type"] == "same":
        a, b = (kinds_seen[p - 1] for p in q["positions"])
        return bool(a == b)
    positions = range(1, len(kinds_seen) + 1) if q["positions"] == "all" else q["positions"]
    count = sum(1 for p in positions if kinds_seen[p - 1] in q["kinds"])
    return bool(count >= q["k"] if q["op"] == ">=" else count == q["k"])


# ------------------------------------------------------------------ knowledge


def hand_knowledge(view: Mapping[str, Any], me: int) -> tuple[list[list[str]], list[str]]:
    """What the answers ``me`` got tell it about each card of its hand now (per position,
    in words: "answer: not Red ♥", "answer: same kind as your 4th card"), and a line per
    answered question about its hand for the hand's note.

    The view gives each answer's text as asked (positions then), the kinds of its cards
    that have left the hand since (seen face up), and for each card now in the hand the
    answers about it; a count is the same whatever the order, so each answer is restated
    about the cards now in the hand."""
    hand = view["hands"][me]
    size = len(hand["cards"])
    per_card: list[list[str]] = [[] for _ in range(size)]
    about: dict[int, list[int]] = {}
    for pos, numbers in hand.get("answers", []):
        for n in numbers:
            about.setdefault(int(n), []).append(int(pos))
    notes: list[str] = []
    for n, (seller, buyer, text, yes, left) in enumerate(view["answers"], 1):
        if seller != me:
            continue
        now = sorted(about.get(n, []))
        said = "yes" if yes else "no"
        note = f"{n}. {seat_name(buyer, me, capital=True)} answered {said}: {question_words(text)}"
        q = parse_question(text)
        asked = q["positions"] if q["positions"] != "all" else None
        if now != asked:
            note += " (" + (
                "those cards are now " + cards_words(now, "your")
                if now
                else "none of them is still in your hand"
            )
            if left:
                note += "; gone since: " + join_and([bulb_label(k) for k in left])
            note += ")"
        notes.append(note)
        said_cards = _fact_words(q, bool(yes), now, list(left))
        for pos, words in said_cards.items():
            if 1 <= pos <= size:
                per_card[pos - 1].append("answer: " + words)
    return per_card, notes


def _fact_words(q: Mapping[str, Any], yes: bool, now: list[int], left: list[str]) -> dict[int, str]:
    """Per position now in the hand, what one answer says of it (none when it says
    nothing that the seat could not tell without it)."""
    if not now:
        return {}
    if q["type"] == "same":
        if len(now) == 2:
            a, b = now
            same = "same kind as" if yes else "not the same kind as"
            return {a: f"{same} your {ordinal(b)} card", b: f"{same} your {ordinal(a)} card"}
        if len(now) == 1 and len(left) == 1:
            return {now[0]: bulb_label(left[0]) if yes else kinds_nor(left)}
        return {}
    kinds = list(q["kinds"])
    k = int(q["k"]) - sum(1 for x in left if x in kinds)
    c = len(now)
    words: str | None
    if q["op"] == "=" and not yes:  # the count is anything but k
        if k < 0 or k > c:
            return {}
        if c == 1:
            words = kinds_or(kinds) if k == 0 else kinds_nor(kinds)
            return {now[0]: words}
        if k == 0:
            words = f"at least 1 of {cards_words(now, 'your')} is {kinds_or(kinds)}"
        elif k == c:
            words = f"not all of {cards_words(now, 'your')} are {kinds_or(kinds)}"
        else:
            words = f"not exactly {k} of {cards_words(now, 'your')} are {kinds_or(kinds)}"
        return dict.fromkeys(now, words)
    if q["op"] == ">=":
        lo, hi = (k, c) if yes else (0, k - 1)
    else:
        lo, hi = k, k
    lo, hi = max(lo, 0), min(hi, c)
    if (lo == 0 and hi == c) or lo > hi:
        return {}
    if hi == 0:
        return dict.fromkeys(now, kinds_nor(kinds))
    if lo == c:
        return dict.fromkeys(now, kinds_or(kinds))
    group = cards_words(now, "your")
    if lo == hi:
        words = f"exactly {lo} of {group} {'is' if lo == 1 else 'are'} {kinds_or(kinds)}"
    elif hi == c:
        words = f"at least {lo} of {group} {'is' if lo == 1 else 'are'} {kinds_or(kinds)}"
    elif lo == 0:
        words = f"at most {hi} of {group} {'is' if hi == 1 else 'are'} {kinds_or(kinds)}"
    else:
        words = f"between {lo} and {hi} of {group} are {kinds_or(kinds)}"
    return dict.fromkeys(now, words)


# ------------------------------------------------------------------ the forms


def opt(
    label: str,
    send: Sequence[str],
    *,
    colour_name: str | None = None,
    exclusive: bool = False,
    refs: Sequence[str] = (),
    skip_end: bool = False,
    needs: tuple[str, int] | None = None,
    count: int | None = None,
) -> Choice:
    """:func:`model.choice`, where ``needs`` of one card is always met."""
    if needs is not None and needs[1] <= 1:  # a form asks about one card at least
        needs = None
    return choice(
        label,
        send,
        colour_name=colour_name,
        exclusive=exclusive,
        refs=refs,
        skip_end=skip_end,
        needs=needs,
        count=count,
    )


def _hand_ref(me: int, pos: int) -> str:
    return f"hand:{me}:{pos}"


def question_forms(
    view: Mapping[str, Any], me: int, buyers: Sequence[int]
) -> tuple[list[Form], list[PromptAction]]:
    """The question being built, as forms (and the plain actions of a step that ends
    a partial choice), from the step the engine is at: the buyer first (``buyers``, at
    the offer step), then the positions, kinds, relation and number, or same(i, j)."""
    step = view["step"]
    h = len(view["hands"][me]["cards"])
    sale = view["sale"]
    q = sale.get("question") if sale else None
    forms: list[Form] = []
    acts: list[PromptAction] = []
    fields: list[Field] = []
    buyer_text = "{buyer}"
    if step == "sale-offer":
        fields.append(
            field(
                "buyer",
                "Offer the card to",
                [
                    choice(seat_name(b, me, capital=True), [f"seat {b}"], refs=[f"seat:{b}"])
                    for b in buyers
                ],
            )
        )
    elif sale is not None and sale.get("buyer") is not None:
        buyer_text = seat_name(int(sale["buyer"]), me, capital=True)
    kinds_now: list[str] = list(q["kinds"]) if q and q.get("type") == "count" else []
    chosen: list[int] = [] if not q or q["positions"] == "all" else list(q["positions"])
    is_all = bool(q and q.get("positions") == "all")
    if step in ("sale-offer", "question-positions"):
        first = chosen[-1] + 1 if chosen else 1
        pos_choices = []
        if not chosen:
            pos_choices.append(
                opt("all your cards", ["all"], exclusive=True, skip_end=True, count=h)
            )
        pos_choices += [
            opt(f"your {ordinal(p)} card", [f"card {p}"], refs=[_hand_ref(me, p)], skip_end=p == h)
            for p in range(first, h + 1)
        ]
        count_fields = [
            *fields,
            field("positions", "About your cards", pos_choices, multiple=True, end=["done"]),
            _kinds_field(),
            _relation_field(),
            _number_field(h, len(chosen)),
        ]
        where = join_and([f"your {ordinal(p)} card" for p in chosen] + ["{positions}"])
        forms.append(
            form(
                "question-count",
                "Ask how many of your cards are of some kinds (count)",
                count_fields,
                sentence=f"Ask {buyer_text}: counting {{kinds}} cards among {where},"
                " are there {relation} {number}?",
                group="Sale",
            )
        )
        if chosen:
            acts.append(
                action(
                    "done",
                    f"Ask about your {join_and([ordinal(p) for p in chosen])} card"
                    f"{'s' if len(chosen) > 1 else ''} only: go on to the kinds",
                    refs=[_hand_ref(me, p) for p in chosen],
                    group="Sale",
                )
            )
        elif h >= 2:
            pairs = [
                choice(
                    f"{ordinal(i)} and {ordinal(j)} cards",
                    [f"card {i}", f"card {j}"],
                    refs=[_hand_ref(me, i), _hand_ref(me, j)],
                )
                for i in range(1, h + 1)
                for j in range(i + 1, h + 1)
            ]
            same_fields = list(fields)
            if same_fields:
                same_fields[0] = {**same_fields[0], "end": ["ask same"]}
            same_fields.append(field("pair", "Which two of your cards", pairs))
            forms.append(
                form(
                    "question-same",
                    "Ask whether two of your cards are the same kind",
                    same_fields,
                    start=[] if fields else ["ask same"],
                    sentence=f"Ask {buyer_text}: are your {{pair}} the same kind?",
                    group="Sale",
                )
            )
        return forms, acts
    where = (
        "all your cards" if is_all else "your " + join_and([f"{ordinal(p)} card" for p in chosen])
    )
    size = h if is_all else len(chosen)
    if step == "question-kinds":
        last = BULB_KINDS.index(kinds_now[-1]) if kinds_now else -1
        kinds_label = join_and([bulb_label(k) for k in kinds_now] + ["{kinds}"])
        forms.append(
            form(
                "question-count",
                "Choose the kinds to count",
                [_kinds_field(last + 1), _relation_field(), _number_field(size, size)],
                sentence=f"Ask {buyer_text}: counting {kinds_label} cards among {where},"
                " are there {relation} {number}?",
                group="Sale",
            )
        )
        if kinds_now:
            acts.append(
                action(
                    "done",
                    f"Count only {kinds_or(kinds_now)}: go on to the relation",
                    group="Sale",
                )
            )
        return forms, acts
    counting = join_and([bulb_label(k) for k in kinds_now])
    if step == "question-relation":
        forms.append(
            form(
                "question-count",
                "Choose at least or exactly, and the number",
                [_relation_field(), _number_field(size, size)],
                sentence=f"Ask {buyer_text}: counting {counting} cards among {where},"
                " are there {relation} {number}?",
                group="Sale",
            )
        )
        return forms, acts
    if step == "question-number":
        rel = "at least" if q and q.get("relation") == ">=" else "exactly"
        for k in range(size + 1):
            acts.append(
                action(
                    f"number {k}",
                    f"Ask {buyer_text}: counting {counting} cards among {where},"
                    f" are there {rel} {k}?",
                    group="Sale",
                )
            )
        return forms, acts
    if step == "question-pair-first":
        pairs = [
            choice(
                f"{ordinal(i)} and {ordinal(j)} cards",
                [f"card {i}", f"card {j}"],
                refs=[_hand_ref(me, i), _hand_ref(me, j)],
            )
            for i in range(1, h + 1)
            for j in range(i + 1, h + 1)
        ]
        forms.append(
            form(
                "question-same",
                "Ask whether two of your cards are the same kind",
                [field("pair", "Which two of your cards", pairs)],
                sentence=f"Ask {buyer_text}: are your {{pair}} the same kind?",
                group="Sale",
            )
        )
        return forms, acts
    if step == "question-pair-second":
        i = chosen[-1] if chosen else 1
        for j in range(i + 1, h + 1):
            acts.append(
                action(
                    f"card {j}",
                    f"Ask {buyer_text}: are your {ordinal(i)} and {ordinal(j)} cards"
                    " the same kind?",
                    refs=[_hand_ref(me, j)],
                    group="Sale",
                )
            )
    return forms, acts


def _kinds_field(first: int = 0) -> Field:
    """The kinds to count, in the engine's order (from ``first``); Plug, the last,
    moves on by itself."""
    last = len(BULB_KINDS) - 1
    return field(
        "kinds",
        "Count the cards that are",
        [
            opt(
                bulb_label(k),
                [f"kind {k}"],
                colour_name=k if k in COLOURS else None,
                skip_end=i == last,
            )
            for i, k in enumerate(BULB_KINDS)
            if i >= first
        ],
        multiple=True,
        end=["done"],
    )


def _relation_field() -> Field:
    return field(
        "relation",
        "At least or exactly",
        [choice("at least", [">="]), choice("exactly", ["="])],
    )


def _number_field(top: int, have: int) -> Field:
    """The number k, 0 to ``top``; beyond the ``have`` positions chosen already, a number
    needs as many more positions chosen in the form's ``positions`` field."""
    return field(
        "number",
        "How many",
        [opt(str(k), [f"number {k}"], needs=("positions", k - have)) for k in range(top + 1)],
    )
