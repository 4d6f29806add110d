"""Christmas Lights: the game's data, each saved field declared once, with the codes its
values use.

:class:`Fields` is the only place the field list is written: ``FIELDS`` (the save's keys
and the slots) and the copy-on-write policy are derived from its annotations, and the
annotation of a field is its policy, which the type checker holds the rules to:

* ``int`` / ``bool`` and read-only ``Sequence[...]``: never changed in place (a
  ``Sequence`` is replaced whole), so a clone shares it for good;
* ``list[int]`` / ``list[str]`` (``OWN_LISTS``): changed in place, so copied by the first
  change after a clone;
* ``list[list[int]]`` (``OWN_NESTED``): its rows changed in place too: both levels copied;
* ``list[Sequence[int]]`` (``OWN_ROWS``): the outer list changed in place, each row
  replaced whole, never changed: the outer list copied, the rows shared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, get_args, get_origin, get_type_hints

# A seat's choice in an everyone-event (M15); otherwise a choice is the card id chosen
# (0 for Light Switch's draw).
NOT_ASKED, UNDECIDED, DECLINED = -3, -2, -1
# How the game stands.
ONGOING_RESULT, FINISHED, UNFINISHED = range(3)
# A question's type and relation (M10), in ``q`` and in ``facts``.
COUNT, SAME = 0, 1
GE, EQ = 0, 1
# A question being built: header fields of ``q``, then the chosen positions (0-based),
# then (once complete) the number k. The layout of an answered question (a "fact") is in
# ``knowledge`` (F_*, FH).
QH_TYPE, QH_ALL, QH_OP, QH_MASK, QH_LAST_KIND = range(5)
QH = 5
# Sale fates of a laid card (else the buyer's seat).
ON_TABLE, UNSOLD = -1, -2


class Fields:
    """Every saved field of a Christmas Lights state, in save order (see the module
    docstring for what each annotation means to a clone)."""

    __slots__ = ()

    kinds: Sequence[int]  # kind of each card id (determinize re-deals the hidden ones)
    deck: list[int]  # card ids, top last
    discard: list[int]  # card ids, top last (face up)
    hands: list[list[int]]  # per seat, card ids in hand order (position 1 first)
    marks: list[int]  # per card id, its public mark while in a hand (0: none)
    known: list[int]  # per card id, 1 if the seat holding it knows what it is
    strings: list[Sequence[int]]  # per seat, the current string: 5 card ids or -1
    plugs: list[int]  # per seat, the Plug placed after the first string, or -1
    aside: list[Sequence[int]]  # per seat, used Broken and Bubble Bulbs (M4)
    patterns: list[Sequence[int]]  # per seat, its two Pattern cards
    completed: list[Sequence[int]]  # per seat, completed as pattern slot * 2 + end
    revealed: list[Sequence[int]]  # per seat and pattern slot: 1 if face up to all
    commit: list[int]  # per seat, pattern slot * 2 + end, or -1 (M1)
    misses: list[Sequence[int]]  # per seat, slot * 16 + colour discarded at that slot
    pattern_box: list[int]  # Pattern cards back in the box
    event_deck: list[int]  # top last
    events_used: list[int]  # out of the game, in the order used
    characters: Sequence[int]  # per seat
    character_box: Sequence[int]
    santa: int  # the seat holding Santa: the starting player
    turn: int  # the active seat
    turns: int  # turns completed
    step: int  # index into steps.STEPS
    plays: int  # cards played this turn
    stage: int  # the last of the four steps taken or skipped this turn (PLAY=0 ... REFILL=3)
    final_round: bool  # someone has completed two patterns (M16)
    result: int  # ONGOING_RESULT, FINISHED or UNFINISHED
    free_left: list[int]  # per seat, free actions left this turn
    free_pending: list[int]  # per seat, a free action awaiting its card, or -1
    play_card: int  # card id chosen to play, awaiting its target, or -1
    swap_card: int  # own card id chosen to swap, or -1
    swap_seat: int  # seat chosen to swap with, or -1
    sale_cards: list[int]  # card ids laid face up this SALE
    sale_fate: list[int]  # per laid card: ON_TABLE, UNSOLD, else the buyer
    sale_index: int  # the laid card being offered
    sale_open: bool  # a second card may still be laid
    offered: list[int]  # seats already offered the current card
    buyer: int  # seat the current offer is made to, or -1
    q: list[int]  # the question being built (QH header, positions[, k]), or []
    facts: Sequence[Sequence[int]]  # answered questions, in order
    fact_text: Sequence[str]  # each answered question in the M10 notation
    fact_refs: list[int]  # per card id, how many facts still refer to it
    event: int  # the everyone-event being decided, or -1
    choices: list[int]  # per seat, its choice in that event


def _policies() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(every field, lists of values, lists of lists, lists of read-only rows) from the
    annotations of :class:`Fields`."""
    hints = get_type_hints(Fields)
    lists: list[str] = []
    nested: list[str] = []
    rows: list[str] = []
    for name, hint in hints.items():
        if get_origin(hint) is not list:
            continue
        (inner,) = get_args(hint)
        if get_origin(inner) is list:
            nested.append(name)
        elif get_origin(inner) is Sequence:
            rows.append(name)
        else:
            lists.append(name)
    return tuple(hints), tuple(lists), tuple(nested), tuple(rows)


FIELDS, OWN_LISTS, OWN_NESTED, OWN_ROWS = _policies()


def _compile(signature: str, body: list[str]) -> Any:
    """A function over every field, written out as by hand (a loop of ``getattr`` and
    ``setattr`` costs twice as much, and search clones a great deal)."""
    namespace: dict[str, Any] = {}
    exec(f"def {signature}:\n" + "\n".join(body), namespace)
    return namespace[signature.split("(", maxsplit=1)[0]]


#: ``share_fields(state, other)``: every field of ``state`` onto ``other``, by reference
#: (a clone: see ``own_lists``).
share_fields: Callable[[Fields, Fields], None] = _compile(
    "share_fields(state, other)", [f"    other.{n} = state.{n}" for n in FIELDS]
)
#: ``own_lists(state)``: give ``state`` its own copy of every list it changes in place,
#: copying only as deep as the field's type says.
own_lists: Callable[[Fields], None] = _compile(
    "own_lists(state)",
    [f"    state.{n} = state.{n}.copy()" for n in (*OWN_LISTS, *OWN_ROWS)]
    + [f"    state.{n} = [row.copy() for row in state.{n}]" for n in OWN_NESTED],
)
