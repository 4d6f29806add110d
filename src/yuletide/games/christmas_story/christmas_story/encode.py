"""A Christmas Story for the RL layer (``yuletide.rl``): the fast observation path.

``observer`` writes the observation straight from the state for one seat, without
building the view: each card as the seat sees it (its letter, face up or not, its
identity when face up or peeked by this seat, the tokens on it, the identities still
possible for it when the deduction helper is on), the leg lamp, tokens, who is out, the
dare in progress, the deduction counts and the ending. Tests (tests/rl) prove it equal
to encoding the view at every state the conformance suite probes. No dense reward:
nothing in a seat's view measures progress towards the presents without rewarding a
guess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yuletide.rl.fast import offsets, sparse, write_common

from .box import ANSWER, EMPTY, ENDING_NAME, KIND_NAME, LETTER_UP, MIDDLE, N_KINDS, STEP_NAME
from .rules import _TOKEN_SEATS, ChristmasStory
from .view import CS_IDENTITIES, CS_LETTERS, VIEW


def observer(enc: Any) -> Callable[[ChristmasStory, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    players, size = enc.players, enc.size
    at = offsets(enc)
    turn, step, hands, middle = at["turn"], at["step"], at["hands[seat]"], at["middle[0..14]"]
    lamp, left_at, in_game, out_at = (
        at["leg_lamp"],
        at["tokens_left[seat]"],
        at["in_game"],
        at["out"],
    )
    dare, unseen_at, unaccounted = (
        at["dare"],
        at["deduction.unseen_cards"],
        at["deduction.unaccounted"],
    )
    in_game_counts, turns, ending = at["cards_in_game"], at["turns"], at["ending"]
    steps: tuple[str, ...] = VIEW.parts["step"].vocab  # type: ignore[attr-defined]
    endings: tuple[str, ...] = VIEW.parts["ending"].vocab  # type: ignore[attr-defined]
    step_slot = [step + steps.index(name) for name in STEP_NAME]
    ending_slot = [None if name is None else ending + endings.index(name) for name in ENDING_NAME]
    letter = [CS_LETTERS.index(name) for name in LETTER_UP]
    kind_slot = [CS_IDENTITIES.index(name) for name in KIND_NAME]
    card_width = (
        28 + players
    )  # presence, letter 15, face up, identity 5, peeked, tokens, possible 5
    per_seat = 2 * card_width
    possible = 23 + players
    tokens_each = 15

    def observe(state: ChristmasStory, seat: int) -> Any:
        v: dict[int, float] = {}
        n = players
        bit = 1 << seat
        ident, face_up, known, tokens = state.ident, state.face_up, state.known, state.tokens
        deduce = state.deduction
        if deduce:
            left, unseen = state.possible(seat)
            still = [k for k in range(N_KINDS) if left[k] > 0]

        def card(c: int, base: int) -> None:
            v[base] = 1.0
            v[base + 1 + letter[c]] = 1.0
            up = face_up[c]
            mine = known[c] & bit
            if up:
                v[base + 16] = 1.0
            if up or mine:
                v[base + 17 + kind_slot[ident[c]]] = 1.0
            if mine:
                v[base + 22] = 1.0
            for s in _TOKEN_SEATS[tokens[c]]:
                v[base + 23 + (s - seat) % n] = 1.0
            if deduce:
                if up or mine:
                    v[base + possible + kind_slot[ident[c]]] = 1.0
                else:
                    for k in still:
                        v[base + possible + kind_slot[k]] = 1.0

        table, nh = state.table, state.n_hand
        for s in range(n):
            base = hands + ((s - seat) % n) * per_seat
            i = 0
            for c in table[2 * s : 2 * s + 2]:
                if c != EMPTY:
                    card(c, base + i * card_width)
                    i += 1
        for i, c in enumerate(table[nh:][:15]):
            card(c, middle + i * card_width)
        v[step_slot[state.step]] = 1.0
        v[turn + (state.turn - seat) % n] = 1.0
        if state.lamp != MIDDLE:
            v[lamp + (state.lamp - seat) % n] = 1.0
        on_table = [0] * n
        for mask in tokens:
            for s in _TOKEN_SEATS[mask]:
                on_table[s] += 1
        for s in range(n):
            rel = (s - seat) % n
            k = tokens_each - on_table[s]
            if k > 0:
                v[left_at + rel] = k / 15 if k < 15 else 1.0
            if state.out[s]:
                v[out_at + rel] = 1.0
            else:
                v[in_game + rel] = 1.0
        if state.step >= ANSWER:
            a, b = state.dare
            v[dare] = 1.0
            v[dare + 1 + (state.turn - seat) % n] = 1.0
            v[dare + 1 + n + letter[a]] = 1.0
            v[dare + 1 + n + 15 + (state.holder(b) - seat) % n] = 1.0
            v[dare + 1 + 2 * n + 15 + letter[b]] = 1.0
        if deduce:
            u = len(unseen)
            if u > 0:
                v[unseen_at] = u / 15 if u < 15 else 1.0
            for k in range(N_KINDS):
                c = left[k]
                if c:
                    v[unaccounted + kind_slot[k]] = 1.0 if c >= 11 else c / 11
        for k in range(N_KINDS):
            c = state.counts[k]
            if c:
                v[in_game_counts + kind_slot[k]] = 1.0 if c >= 11 else c / 11
        t = state.turns
        if t:
            v[turns] = t / 300 if t < 300 else 1.0
        end = ending_slot[state.ending]
        if end is not None:
            v[end] = 1.0
        write_common(v, at, state, seat, players)
        return sparse(v, size)

    return observe
