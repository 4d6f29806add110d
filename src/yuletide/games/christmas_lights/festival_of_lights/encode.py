"""Festival of Lights for the RL layer (``yuletide.rl``): the fast observation path.

``observer`` writes the observation straight from the state for one seat, without
building the view: its own hand and choice, the hands it has held and passed on, what
is revealed, the piles, characters, bubbles and loose cards on the table, its own
Broken Bulb decision and Bubble Bulb assignment (tests/rl prove it equal
to encoding the view at every state the conformance suite probes). No dense reward: the score is the
measure (``reward="score"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yuletide.core.simultaneous import UNCHOSEN
from yuletide.rl.fast import bag_steps, offsets, sparse, write_common

from .rules import (
    ASSIGN,
    N_COLOURS,
    N_KINDS,
    OVER,
    PATTERN_LIGHTS,
    RESCUE,
    FestivalOfLights,
)


def observer(enc: Any) -> Callable[[FestivalOfLights, int], Any]:
    """The fast observation path: ``enc.encode(state.view(seat))`` written straight from
    the state (``yuletide.rl.fast.check_observer`` proves the two equal)."""
    players, size = enc.players, enc.size
    at = offsets(enc)
    round_at, phase, patterns = at["round"], at["phase"], at["patterns[seat]"]
    hand, choice, seen_at, sizes = (
        at["hand"],
        at["choice"],
        at["hands_seen[seat]"],
        at["hand_sizes[seat]"],
    )
    revealed, pending, deciders = (
        at["revealed[seat]"],
        at["pending[seat]"],
        at["broken_bulb_deciders"],
    )
    decision, piles, chars = (
        at["your_broken_bulb_decision"],
        at["piles[seat]"],
        at["characters[seat]"],
    )
    under, assigned_at = at["bubbles_under_pattern[seat]"], at["bubbles_assigned[seat]"]
    mine_at, kept, loose_at = (
        at["your_bubbles_assigned"],
        at["broken_bulbs_kept[seat]"],
        at["loose[seat]"],
    )
    middle, face_up, face_down = at["middle"], at["box_face_up"], at["box_face_down"]
    scores, actions = at["scores[seat]"], at["actions"]
    nine, eight, six = bag_steps(9), bag_steps(8), bag_steps(6)
    kinds = range(N_KINDS)
    colours = range(N_COLOURS)

    def num(v: dict[int, float], slot: int, value: float, hi: float) -> None:
        if value > 0:
            x = value / hi
            v[slot] = x if x < 1.0 else 1.0

    def counts(v: dict[int, float], base: int, values: list[int], cap: int) -> None:
        for c in colours:
            k = values[c]
            if k:
                v[base + c] = 1.0 if k >= cap else k / cap

    def bag(v: dict[int, float], base: int, values: list[int], steps: list[float]) -> None:
        for k in kinds:
            if values[k]:
                v[base + k] = steps[values[k]]

    def observe(state: FestivalOfLights, seat: int) -> Any:
        v: dict[int, float] = {}
        n = players
        num(v, round_at, state.round, 7)
        v[phase + state.phase] = 1.0
        for s, p in enumerate(state.patterns):
            base = patterns + ((s - seat) % n) * 48
            v[base + p] = 1.0
            for i, c in enumerate(PATTERN_LIGHTS[p]):
                v[base + 18 + i * 6 + c] = 1.0
        bag(v, hand, state.hands[seat], nine)
        chosen = state.chosen
        if chosen[seat] != UNCHOSEN:
            v[choice + chosen[seat]] = 1.0
        for other in range(n):
            if other != seat and state._seen(seat, other):
                packet = state.hands[other].copy()
                if chosen[other] != UNCHOSEN:
                    packet[chosen[other]] += 1
                base = seen_at + ((other - seat) % n) * 11
                v[base] = 1.0
                bag(v, base + 1, packet, nine)
        over = state.phase == OVER
        for s in range(n):
            rel = (s - seat) % n
            num(v, sizes + rel, sum(state.hands[s]) + (chosen[s] != UNCHOSEN), 9)
            if state.revealed[s] >= 0:
                v[revealed + rel * N_KINDS + state.revealed[s]] = 1.0
            v[pending + rel * 3 + state.pending[s]] = 1.0
            counts(v, piles + rel * N_COLOURS, state.piles[s], 8)
            counts(v, chars + rel * N_COLOURS, state.chars[s], 3)
            num(v, under + rel, state.bubbles[s], 6)
            mine = state.assigned[s]
            base = assigned_at + rel * (N_COLOURS + 1)
            total = sum(mine)
            if over:
                for c in colours:
                    if mine[c]:
                        v[base + 1 + c] = min(1.0, mine[c] / 6)
                if total:
                    v[base] = min(1.0, total / 6)
            elif total:
                v[base] = min(1.0, total / 6)
            num(v, kept + rel, state.saved[s], 5)
            bag(v, loose_at + rel * N_KINDS, state.loose[s], six)
            if state.scores:  # an empty list until the game is scored
                num(v, scores + rel, state.scores[s], 40)
        for s in state.rescuers:
            v[deciders + (s - seat) % n] = 1.0
        if state.phase == RESCUE and seat in state.rescuers and state.rescue[seat] != UNCHOSEN:
            v[decision + (0 if state.rescue[seat] else 1)] = 1.0
        if state.phase in (ASSIGN, OVER):
            v[mine_at] = 1.0
            counts(v, mine_at + 1, state.assigned[seat], 6)
        bag(v, middle, state.middle, eight)
        bag(v, face_up, state.box_known, eight)
        num(v, face_down, sum(state.box_hidden), 70)
        num(v, actions, state.actions, 100)
        write_common(v, at, state, seat, players)
        return sparse(v, size)

    return observe
