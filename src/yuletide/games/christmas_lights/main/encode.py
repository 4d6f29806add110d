"""Christmas Lights for the RL layer (``yuletide.rl``): the fast observation path.

``observer`` writes the observation for one seat without building the view (which is
built, then copied through JSON): the hands (every other seat's cards, your own where
you know them, the marks, which cards their holders know, your answers about your
cards), the seats (strings, pattern cards as the seat may see them, misses, your
commitment and targets), the answers you asked or gave, and the table's counters go
straight from the state into their slots, in the view's own order (``window``); the
parts of a few steps only (the sale, the event, the card being played or swapped) are
built by ``window`` and written by their fields' writers. Each question's slots are
remembered by its text. Tests (tests/rl) prove it equal to encoding the view at every
state the conformance suite probes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from yuletide.rl.fast import bag_steps, offsets, write_common

from .box import (
    BUBBLE,
    CHARACTER_NAME,
    END_NAME,
    EVENT_NAME,
    KIND_NAME,
    LIGHTS,
    LINES,
    MARK_NAME,
    MARKS,
    MOVES,
    N_KINDS,
    N_MARKS,
    PATTERN_IDS,
    RED,
)
from .knowledge import F_ANSWER, F_BUYER, F_SELLER, fact_cards
from .rules import ChristmasLights
from .steps import EVENT, PLAY_TARGET, STEPS, SWAP_CARD, SWAP_SEAT, targets
from .view import VIEW
from .window import event_view, sale_view

_HAND: Any = VIEW.parts["hands"].item  # type: ignore[attr-defined]


def observer(enc: Any) -> Callable[[ChristmasLights, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` (``yuletide.rl.fast
    .check_observer`` proves the two equal)."""
    n, size = enc.players, enc.size
    at = offsets(enc)
    hands_at = at["hands[seat]"]
    hand_w = _HAND.size(n)
    cards_f, marks_f, known_f, answers_f = (
        _HAND.parts[k] for k in ("cards", "marks", "known", "answers")
    )
    card_w = 1 + cards_f.item.size(n)
    kind_slot = [1 + cards_f.item.index[KIND_NAME[k]] for k in range(N_KINDS)]
    marks_rel = cards_f.size(n)
    mark_w = 1 + marks_f.item.size(n)
    mark_slot = [
        1 + marks_f.item.index[name] if name in marks_f.item.index else 0 for name in MARK_NAME
    ]
    known_rel = marks_rel + marks_f.size(n)
    known_n = known_f.count
    answers_rel = known_rel + known_f.size(n)
    answer_w = 1 + answers_f.item.size(n)
    answer_n = answers_f.item.count
    cards_n = cards_f.length
    asked_f: Any = VIEW.parts["answers"]
    asked_at, asked_n = at["answers[0..31]"], asked_f.length
    _seller, _buyer, question_f, _flag, left_f = asked_f.item.items
    question_write = question_f.writer(n)
    asked_w = 1 + asked_f.item.size(n)
    q_rel = 1 + 2 * n
    flag_rel = q_rel + question_f.size(n)
    left_rel = flag_rel + 1
    left_slot = [left_f.index[k] for k in KIND_NAME]
    in_bag = bag_steps(left_f.cap)
    questions: dict[str, tuple[tuple[int, float], ...]] = {}
    parts: Any = VIEW.parts
    turn_at, turns_at, plays_at, santa_at = at["turn"], at["turns"], at["plays"], at["santa"]
    final_at, deck_at, discard_at = at["final_round"], at["deck"], at["discard[0..8]"]
    event_deck_at, free_left_at = at["event_deck"], at["free_actions_left"]
    step_slot = [at["step"] + parts["step"].index[s.name] for s in STEPS]
    top_slot = [at["discard_top"] + parts["discard_top"].index[k] for k in KIND_NAME]
    used_slot = [at["events_used"] + parts["events_used"].index[e] for e in EVENT_NAME]
    free_slot = {name: at["free_action"] + i for i, name in enumerate(parts["free_action"].vocab)}
    sale_write, sale_at = parts["sale"].writer(n), at["sale"]
    playing_write, playing_at = parts["playing"].writer(n), at["playing"]
    swap_write, swap_at = parts["swap"].writer(n), at["swap"]
    event_write, event_at = parts["event"].writer(n), at["event"]
    seat_f: Any = VIEW.parts["seats"].item  # type: ignore[attr-defined]
    seats_at, seat_w = at["seats[seat]"], seat_f.size(n)
    rel_of: dict[str, int] = {}
    width = 0
    for name, f in seat_f.parts.items():
        rel_of[name] = width
        width += f.size(n)
    sp = seat_f.parts
    char_slot = [rel_of["character"] + sp["character"].index[c] for c in CHARACTER_NAME]
    string_rel, string_n = rel_of["string"], sp["string"].length
    string_w = 1 + sp["string"].item.size(n)
    bulb_slot = [1 + sp["string"].item.index[k] for k in KIND_NAME]
    plug_slot = {name: rel_of["plug"] + i for i, name in enumerate(sp["plug"].vocab)}
    pattern_w = sp["patterns"].item.size(n)
    pattern_write = sp["patterns"].item.inner.writer(n)
    pattern_slots = []
    for p in range(len(PATTERN_IDS)):
        buf0: dict[int, float] = {}
        pattern_write([PATTERN_IDS[p], [KIND_NAME[x] for x in LIGHTS[p]]], buf0, 0, 0)
        pattern_slots.append(tuple(buf0.items()))
    done_f = sp["completed"]
    done_rel, done_n, done_w = rel_of["completed"], done_f.length, 1 + done_f.item.size(n)
    done_pattern = [1 + done_f.item.items[0].index[i] for i in PATTERN_IDS]
    done_end = [1 + done_f.item.items[0].size(n) + done_f.item.items[1].index[e] for e in END_NAME]
    # A miss is 16 * slot + kind: its place in the seat's block (the view lists the
    # kinds RED..BUBBLE-1 missed at each slot of the string).
    miss_f = sp["misses"]
    miss_w = miss_f.item.size(n)
    miss_of = {
        16 * k + x: rel_of["misses"] + k * miss_w + miss_f.item.index[KIND_NAME[x]]
        for k in range(miss_f.length)
        for x in range(RED, BUBBLE)
    }
    used_rel = rel_of["used"]
    commitment_write = sp["commitment"].writer(n)
    targets_write = sp["targets"].writer(n)

    def write_seat(v: dict[int, float], state: ChristmasLights, t: int, me: int) -> None:
        """``seats[t]`` as ``me`` sees it (``window.seat_view``), into its slots."""
        b = seats_at + ((t - me) % n) * seat_w
        kinds = state.kinds
        v[b + char_slot[state.characters[t]]] = 1.0
        for i, c in enumerate(state.strings[t][:string_n]):
            p = b + string_rel + i * string_w
            v[p] = 1.0
            if c >= 0:
                v[p + bulb_slot[kinds[c]]] = 1.0
        if state.plugs[t] >= 0:
            v[b + plug_slot["placed"]] = 1.0
        elif state._plug_due(t):
            v[b + plug_slot["due"]] = 1.0
        pats = state.patterns[t]
        for i in (0, 1):
            if t == me or state.revealed[t][i]:
                p = b + rel_of["patterns"] + i * pattern_w
                v[p] = 1.0
                for k, x in pattern_slots[pats[i]]:
                    v[p + 1 + k] = x
        for i, d in enumerate(state.completed[t][:done_n]):
            p = b + done_rel + i * done_w
            v[p] = 1.0
            v[p + done_pattern[pats[d >> 1]]] = 1.0
            v[p + done_end[d & 1]] = 1.0
        if state.commit[t] >= 0:
            v[b + rel_of["committed"]] = 1.0
        for m in state.misses[t]:
            j = miss_of.get(m)
            if j is not None:
                v[b + j] = 1.0
        broken, bubble = state.used(t)
        if broken > 0:
            v[b + used_rel] = broken / 5 if broken < 5 else 1.0
        if bubble > 0:
            v[b + used_rel + 1] = bubble / 5 if bubble < 5 else 1.0
        if t == me:
            c = state.commit[t]
            if c >= 0:
                commitment_write(
                    {
                        "pattern": (c >> 1) + 1,
                        "end": END_NAME[c & 1],
                        "needs": [KIND_NAME[x] for x in LINES[pats[c >> 1] * 2 + (c & 1)]],
                    },
                    v,
                    b + rel_of["commitment"],
                    me,
                )
            targets_write([str(a) for a in targets(state, t)], v, b + rel_of["targets"], me)

    def observe(state: ChristmasLights, seat: int) -> Any:
        me = seat
        kinds, marks, known = state.kinds, state.marks, state.known
        step = state.step
        v: dict[int, float] = {}
        # The answered questions ``me`` asked or answered (``window.answers``), and per
        # card of its hand the numbers of the answers about it.
        about: dict[int, list[int]] = {}
        i = 0
        for fact, text in zip(state.facts, state.fact_text, strict=True):
            seller, buyer = fact[F_SELLER], fact[F_BUYER]
            if me not in (seller, buyer):
                continue
            cards = fact_cards(fact)
            if i < asked_n:
                b = asked_at + i * asked_w
                v[b] = 1.0
                v[b + 1 + (seller - me) % n] = 1.0
                v[b + 1 + n + (buyer - me) % n] = 1.0
                q = questions.get(text)
                if q is None:
                    buf: dict[int, float] = {}
                    question_write(text, buf, 0, me)
                    if len(questions) >= 10_000:
                        questions.clear()
                    q = questions[text] = tuple(buf.items())
                for k, x in q:
                    v[b + q_rel + k] = x
                if fact[F_ANSWER]:
                    v[b + flag_rel] = 1.0
                tally: dict[int, int] = {}
                for c in cards:
                    if c < 0:
                        j = left_slot[-c - 1]
                        tally[j] = tally.get(j, 0) + 1
                for j, c in tally.items():
                    v[b + left_rel + j] = in_bag[c]
            i += 1
            if seller == me:
                for c in cards:
                    if c >= 0:
                        about.setdefault(c, []).append(i)
        # The table's counters, each as its field in the view schema writes it.
        v[turn_at + (state.turn - me) % n] = 1.0
        x = state.turns / 300
        if x > 0.0:
            v[turns_at] = x if x < 1.0 else 1.0
        v[step_slot[step]] = 1.0
        x = state.plays / 2
        if x > 0.0:
            v[plays_at] = x if x < 1.0 else 1.0
        if state.santa is not None:
            v[santa_at + (state.santa - me) % n] = 1.0
        if state.final_round:
            v[final_at] = 1.0
        x = len(state.deck) / 61
        if x > 0.0:
            v[deck_at] = x if x < 1.0 else 1.0
        counts = [0] * N_KINDS
        for c in state.discard:
            counts[kinds[c]] += 1
        for k in range(N_KINDS):
            if counts[k]:
                x = counts[k] / 8
                v[discard_at + k] = x if x < 1.0 else 1.0
        if state.discard:
            v[top_slot[kinds[state.discard[-1]]]] = 1.0
        x = len(state.event_deck) / 6
        if x > 0.0:
            v[event_deck_at] = x if x < 1.0 else 1.0
        for e in state.events_used:
            v[used_slot[e]] = 1.0
        x = state.free_left[me] / 20
        if x > 0.0:
            v[free_left_at] = x if x < 1.0 else 1.0
        code = state.free_pending[me]
        if code >= 0:
            v[free_slot[str(MARKS[code] if code < N_MARKS else MOVES[code - N_MARKS])]] = 1.0
        # The parts of some steps only, by their own writers.
        if state.sale_cards:
            sale_write(sale_view(state), v, sale_at, me)
        if step == PLAY_TARGET:
            playing_write(state.hands[state.turn].index(state.play_card) + 1, v, playing_at, me)
        elif step in (SWAP_SEAT, SWAP_CARD):
            swap_write(
                {
                    "card": state.hands[state.turn].index(state.swap_card) + 1,
                    "seat": state.swap_seat if step == SWAP_CARD else None,
                },
                v,
                swap_at,
                me,
            )
        if step == EVENT:
            event_write(event_view(state, me), v, event_at, me)
        for t in range(n):
            write_seat(v, state, t, me)
        for t in range(n):
            b = hands_at + ((t - me) % n) * hand_w
            hand = state.hands[t]
            mine = t == me
            for i, c in enumerate(hand):
                if i < cards_n:
                    v[b + i * card_w] = 1.0
                    if not mine or known[c]:
                        v[b + i * card_w + kind_slot[kinds[c]]] = 1.0
                m = marks[c]
                if m:
                    p = b + marks_rel + i * mark_w
                    v[p] = 1.0
                    v[p + mark_slot[m]] = 1.0
                if known[c] and i < known_n:
                    v[b + known_rel + i] = 1.0
                if mine and c in about:
                    p = b + answers_rel + i * answer_w
                    v[p] = 1.0
                    for k in about[c]:
                        if 0 <= k - 1 < answer_n:
                            v[p + k] = 1.0
        write_common(v, at, state, seat, n)
        out = np.zeros(size, dtype=np.float32)
        k = len(v)
        out[np.fromiter(v.keys(), np.intp, k)] = np.fromiter(v.values(), np.float32, k)
        return out

    return observe
