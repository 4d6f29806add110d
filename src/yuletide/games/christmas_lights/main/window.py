"""Christmas Lights: each seat's window onto a state — its view and its event log — and
the two caches that make them cheap.

Both caches are immutable values in a slot of the one state they describe:

* ``state._public`` (:data:`PublicParts` or None): the parts of a view every viewer sees
  alike, built once per state version; every change drops it (``_changed``);
* ``state._renders`` (:class:`Renders`): per seat, the log entries already rendered (the
  very objects) and their renderings, valid while the log holds those objects.

Nothing in either is ever changed after it is built (read-only types; ``view`` and
``events`` hand out copies), and a state only ever rebinds its own slot. So a clone may
start from its parent's values, and no thread working on a clone can reach a cache the
original reads (tests/games/test_christmas_lights_caches.py proves it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import is_
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from yuletide.core.state import SEEN, LogEntry
from yuletide.games.christmas_lights.main.box import (
    BUBBLE,
    CHARACTER_NAME,
    END_NAME,
    EVENT_NAME,
    KIND_NAME,
    LIGHT_SWITCH,
    LIGHTS,
    LINES,
    MARK_NAME,
    MARKS,
    MOVES,
    N_KINDS,
    N_MARKS,
    PATTERN_IDS,
    RED,
    SLOTS,
)
from yuletide.games.christmas_lights.main.fields import (
    DECLINED,
    GE,
    NOT_ASKED,
    ON_TABLE,
    QH,
    QH_ALL,
    QH_MASK,
    QH_OP,
    QH_TYPE,
    SAME,
    UNDECIDED,
    UNSOLD,
)
from yuletide.games.christmas_lights.main.knowledge import (
    F_ANSWER,
    F_BUYER,
    F_SELLER,
    fact_cards,
)
from yuletide.games.christmas_lights.main.steps import (
    BUYER,
    EVENT,
    PLAY_TARGET,
    Q_NUMBER,
    STEPS,
    SWAP_CARD,
    SWAP_SEAT,
    targets,
)
from yuletide.games.christmas_lights.main.wording import question_text

if TYPE_CHECKING:
    from yuletide.games.christmas_lights.main.rules import ChristmasLights

#: What every viewer of one state sees alike: the common fields, each seat as the others
#: see it, each hand as the other players see it, and each hand as backs.
PublicParts = tuple[
    Mapping[str, Any],
    Sequence[Mapping[str, Any]],
    Sequence[Mapping[str, Any]],
    Sequence[Mapping[str, Any]],
]


@dataclass(frozen=True, slots=True)
class Rendered:
    """One seat's renderings of a run of log entries: the entries (the very objects),
    their renderings, and whether each rendering holds a list (copied out deeper)."""

    entries: tuple[LogEntry, ...] = ()
    events: tuple[dict[str, Any], ...] = ()  # never handed out, only copies
    nested: tuple[bool, ...] = ()


#: Per seat (None: a spectator), its :class:`Rendered`; replaced whole, never changed.
Renders = Mapping[int | None, Rendered]
NO_RENDERS: Renders = MappingProxyType({})
_NOTHING = Rendered()

#: Parsed texts of frozen log entries (``seen_event``), shared by every determinized world
#: in the process: each is parsed once, never changed and never handed out (``events``
#: copies), so threads may share it; emptied when it reaches ``_PARSED_SIZE`` texts.
_PARSED: dict[str, dict[str, Any]] = {}
_PARSED_SIZE = 20_000


def view(state: ChristmasLights, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know, as fresh objects the caller may change (the parts every
    viewer sees alike are cached read-only inside; see ``build_view``)."""
    fresh: dict[str, Any] = json.loads(json.dumps(build_view(state, seat)))
    return fresh


def events(state: ChristmasLights, seat: int | None, start: int) -> list[dict[str, Any]]:
    """The log from ``start`` on as ``seat`` saw it, each entry rendered once per seat and
    state line (``state._renders``): the renderings serve a log as far as it holds the
    same entry objects, and the rest is rendered for this log. Fresh copies out."""
    log = state.log
    n = len(log)
    renders = state._renders
    hit = renders.get(seat, _NOTHING)
    entries = hit.entries
    common = min(len(entries), n)
    if all(map(is_, entries[:common], log[:common])):
        same = common
    else:
        same = next(i for i in range(common) if entries[i] is not log[i])
    if same < len(entries) or same < n:
        # A determinized world's log holds frozen entries (as the seat and the table saw
        # them): ``seen_event`` reads them, and renders any other entry.
        new: list[dict[str, Any]]
        if state.determinized:
            new = [seen_event(state, entry, seat) for entry in log[same:]]
        else:
            render = state._render_event
            new = [render(entry, seat) for entry in log[same:]]
        hit = Rendered(
            entries[:same] + tuple(log[same:]),
            hit.events[:same] + tuple(new),
            hit.nested[:same] + tuple(any(v.__class__ is list for v in e.values()) for e in new),
        )
        state._renders = {**renders, seat: hit}
    return [
        {key: v.copy() if v.__class__ is list else v for key, v in event.items()}
        if deep
        else event.copy()
        for event, deep in zip(hit.events[start:], hit.nested[start:], strict=True)
    ]


def seen_event(state: ChristmasLights, entry: LogEntry, seat: int | None) -> dict[str, Any]:
    """A log entry of a determinized world as ``seat`` saw it: a frozen entry
    (``(SEEN, observer, mine, public)``, the texts as the observer and the table saw it)
    read through the shared memo of parsed texts, any other entry rendered by the game."""
    if entry[0] != SEEN:
        return state._render_event(entry, seat)
    mine = entry[2]
    text: str = mine if mine is not None and seat == entry[1] else entry[3]
    event = _PARSED.get(text)
    if event is None:
        if len(_PARSED) >= _PARSED_SIZE:
            _PARSED.clear()
        event = _PARSED[text] = json.loads(text)
    return event


def build_view(state: ChristmasLights, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None: a spectator, who sees public information only).

    ``hands[t]`` per seat: ``cards`` (the kind, or null for your own cards you do not
    know; all backs for a spectator), ``marks`` ([position, mark] for marked cards),
    ``known`` (positions whose card its holder knows) and, for your own hand,
    ``answers`` ([position, numbers of your ``answers`` about that card]). ``answers``
    lists the answered questions you asked or answered, as [seller, buyer, question,
    answer, kinds of the cards it was about that have left the seller's hand since].
    Parts every viewer sees alike come from ``state._public``, shared read-only between
    the views this returns; ``view`` hands out a fresh copy.
    """
    n = state.players
    me = seat if seat is not None and 0 <= seat < n else None
    memo = state._public
    if memo is None:
        memo = state._public = public_parts(state)
    common, seats, hands, backs = memo
    view = dict(common)
    view["seat"] = seat
    if me is None:
        view["hands"] = backs
        view["seats"] = seats
        view["answers"] = []
        view["free_actions_left"] = None
        view["free_action"] = None
    else:
        asked, about = answers(state, me)
        kinds = state.kinds
        known = state.known
        hand = state.hands[me]
        mine = dict(hands[me])
        mine["cards"] = [KIND_NAME[kinds[c]] if known[c] else None for c in hand]
        mine["answers"] = [[i + 1, about[c]] for i, c in enumerate(hand) if c in about]
        view_hands = list(hands)
        view_hands[me] = mine
        view_seats = list(seats)
        view_seats[me] = seat_view(state, me, me)
        view["hands"] = view_hands
        view["seats"] = view_seats
        view["answers"] = asked
        view["free_actions_left"] = state.free_left[me]
        code = state.free_pending[me]
        view["free_action"] = (
            None if code < 0 else str(MARKS[code] if code < N_MARKS else MOVES[code - N_MARKS])
        )
    if state.step == EVENT:
        view["event"] = event_view(state, me)
    return view


def public_parts(state: ChristmasLights) -> PublicParts:
    """What every viewer of this state sees alike: the common fields, each seat as the
    others see it, each hand as the other players see it, and each hand as backs."""
    n = state.players
    kinds = state.kinds
    marks = state.marks
    known = state.known
    seats = [seat_view(state, t, None) for t in range(n)]
    hands: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    for t in range(n):
        hand = state.hands[t]
        shown_marks = [[i + 1, MARK_NAME[marks[c]]] for i, c in enumerate(hand) if marks[c]]
        shown_known = [i + 1 for i, c in enumerate(hand) if known[c]]
        hands.append(
            {
                "cards": [KIND_NAME[kinds[c]] for c in hand],
                "marks": shown_marks,
                "known": shown_known,
            }
        )
        backs.append({"cards": [None] * len(hand), "marks": shown_marks, "known": shown_known})
    counts = [0] * N_KINDS
    for c in state.discard:
        counts[kinds[c]] += 1
    step = state.step
    common: dict[str, Any] = {
        "game": state.game_id,
        "seat": None,
        "players": n,
        "to_act": sorted(state.to_act),
        "turn": state.turn,
        "turns": state.turns,
        "turn_limit": state.turn_limit,
        "step": STEPS[step].name,
        "phase": STEPS[step].part,
        "plays": state.plays,
        "santa": state.santa,
        "final_round": state.final_round,
        "deck": len(state.deck),
        "discard": counts,
        "discard_top": KIND_NAME[kinds[state.discard[-1]]] if state.discard else None,
        "event_deck": len(state.event_deck),
        "events_used": [EVENT_NAME[e] for e in state.events_used],
        "hands": None,
        "seats": None,
        "answers": None,
        "free_actions_left": None,
        "free_action": None,
        "playing": None,
        "swap": None,
        "sale": sale_view(state) if state.sale_cards else None,
        "event": None,
        "outcome": state.outcome.to_dict(),
    }
    if step == PLAY_TARGET:
        common["playing"] = state.hands[state.turn].index(state.play_card) + 1
    elif step in (SWAP_SEAT, SWAP_CARD):
        common["swap"] = {
            "card": state.hands[state.turn].index(state.swap_card) + 1,
            "seat": state.swap_seat if step == SWAP_CARD else None,
        }
    return common, seats, hands, backs


def answers(state: ChristmasLights, me: int) -> tuple[list[list[Any]], dict[int, list[int]]]:
    """The answered questions ``me`` asked or answered, and, per card of its hand, the
    numbers of the answers about it."""
    asked: list[list[Any]] = []
    about: dict[int, list[int]] = {}
    for fact, text in zip(state.facts, state.fact_text, strict=True):
        seller = fact[F_SELLER]
        if seller != me and fact[F_BUYER] != me:
            continue
        cards = fact_cards(fact)
        left = [KIND_NAME[-c - 1] for c in cards if c < 0]
        asked.append([seller, fact[F_BUYER], text, bool(fact[F_ANSWER]), left])
        if seller == me:
            number = len(asked)
            for c in cards:
                if c >= 0:
                    about.setdefault(c, []).append(number)
    return asked, about


def seat_view(state: ChristmasLights, t: int, me: int | None) -> dict[str, Any]:
    """Seat ``t`` as ``me`` sees it (None: as everyone else does)."""
    kinds = state.kinds
    pats: list[list[Any] | None] = []
    for i in (0, 1):
        p = state.patterns[t][i]
        face_up = t == me or state.revealed[t][i]
        pats.append([PATTERN_IDS[p], [KIND_NAME[x] for x in LIGHTS[p]]] if face_up else None)
    broken, bubble = state.used(t)
    shown: dict[str, Any] = {
        "character": CHARACTER_NAME[state.characters[t]],
        "string": [KIND_NAME[kinds[c]] if c >= 0 else None for c in state.strings[t]],
        "plug": "placed" if state.plugs[t] >= 0 else "due" if state._plug_due(t) else None,
        "patterns": pats,
        "completed": [
            [PATTERN_IDS[state.patterns[t][d >> 1]], END_NAME[d & 1]] for d in state.completed[t]
        ],
        "committed": state.commit[t] >= 0,
        "misses": [
            [KIND_NAME[x] for x in range(RED, BUBBLE) if k * 16 + x in state.misses[t]]
            for k in range(SLOTS)
        ],
        "used": [broken, bubble],
    }
    if t == me:
        c = state.commit[t]
        shown["commitment"] = (
            None
            if c < 0
            else {
                "pattern": (c >> 1) + 1,
                "end": END_NAME[c & 1],
                "needs": [KIND_NAME[x] for x in LINES[state.patterns[t][c >> 1] * 2 + (c & 1)]],
            }
        )
        shown["targets"] = [str(a) for a in targets(state, t)]
    return shown


def event_view(state: ChristmasLights, me: int | None) -> dict[str, Any]:
    choices = state.choices
    n = state.players
    mine = None
    if me is not None and choices[me] >= DECLINED:
        c = choices[me]
        if c == DECLINED:
            mine = "none"
        elif state.event == LIGHT_SWITCH:
            mine = "draw 1"
        else:
            mine = f"card {state.hands[me].index(c) + 1}"
    return {
        "event": EVENT_NAME[state.event],
        "asked": [t for t in range(n) if choices[t] != NOT_ASKED],
        "decided": [t for t in range(n) if choices[t] >= DECLINED],
        "waiting": [t for t in range(n) if choices[t] == UNDECIDED],
        "my_choice": mine,
    }


def sale_view(state: ChristmasLights) -> dict[str, Any]:
    kinds = state.kinds
    laid = []
    for c, fate in zip(state.sale_cards, state.sale_fate, strict=True):
        status = (
            "for sale"
            if fate == ON_TABLE
            else "unsold, discarded"
            if fate == UNSOLD
            else f"sold to seat {fate}"
        )
        laid.append([KIND_NAME[kinds[c]], status])
    return {
        "seller": state.turn,
        "cards": laid,
        "current": state.sale_index + 1,
        "may_lay_another": state.sale_open,
        "offered": list(state.offered),
        "buyer": None if state.buyer < 0 else state.buyer,
        "question": question_view(state) if state.q else None,
    }


def question_view(state: ChristmasLights) -> dict[str, Any]:
    q = state.q
    complete = state.step == BUYER
    picked = q[QH:-1] if complete else q[QH:]
    if q[QH_TYPE] == SAME:
        return {
            "type": "same",
            "positions": [p + 1 for p in picked],
            "text": question_text(SAME, picked) if complete else None,
        }
    relation = None
    if state.step in (Q_NUMBER, BUYER):
        relation = ">=" if q[QH_OP] == GE else "="
    return {
        "type": "count",
        "positions": "all" if q[QH_ALL] else [p + 1 for p in picked],
        "kinds": [KIND_NAME[x] for x in range(N_KINDS) if q[QH_MASK] >> x & 1],
        "relation": relation,
        "text": state._question_string() if complete else None,
    }
