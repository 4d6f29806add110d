"""What the other seats' choices say of a seat's own hand, in Christmas Lights.

    python bench/hand_reading.py measure PLAYERS DEALS  # OUT: bench/hand-reading.json
    python bench/hand_reading.py play PLAYERS DEALS     # OUT: a ladder cell, @reading

A seat sees every hand but its own, and at 4 players what decides is that hand (a
search told it wins every game: docs/bots.md, "Why `hard` is level"). The other seats
see it and choose with it in view: a swap takes the card its taker wants most of every
hand it sees, so a swap from another hand says the seat held nothing that taker wanted
more; a turn without a swap says it held nothing the next slot of that seat needed; a
purchase says what the buyer needs. This script reads those choices with the heuristic as the model
of every other seat (:func:`misfits`: the choices the heuristic would not have made in
a world), and weighs the worlds ``determinize`` deals by them (a world keeps UNLIKELY
of its weight for each choice it misfits).

measure
    Heuristics at every seat, on the deals ``derive_seed(SEED, i)``; at each decision of
    seat 0 with a choice and a card it does not know, WORLDS determinizations are
    weighed three ways: not at all (what ``hard`` and ``medium`` use), by the choices
    read as above, and by the choices read with each chooser's true Pattern card and
    string (the reading at its best: the choosers' secret commitments known). For each
    unknown card, the chance the worlds give its true kind; for each other seat's
    commitment, the chance they give the true one. Also how often the truth itself
    misfits a choice (how well the model fits the heuristic it models).
play
    `hard` exactly as on the ladder but with its worlds drawn from that weighing
    (:func:`belief`) against `medium`, on the ladder's deals (a cell in the ladder's
    per-deal form, key ``...hard-vs-medium@reading``): what the reading is worth to the
    search. It reads only the seat's window (its events and determinizations), so it
    could be a level's belief; it is kept here because it does not gain.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import yuletide
from yuletide.bots.base import SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import State
from yuletide.games.christmas_lights.main import rules as cl
from yuletide.games.christmas_lights.main.bot import (
    KIND_ID,
    N_KINDS,
    SWAP_AT_LEAST,
    HeuristicBot,
    read_mine,
    worth,
)
from yuletide.sim import ladder

GAME = "christmas-lights"
SEED = 2026
#: Worlds the belief weighs for each decision; the weight a world keeps for each choice
#: it misfits (soft: a seat may be a person, or a search).
PARTICLES = 64
UNLIKELY = 0.25
#: How much more a card must be worth to a swapper than the card it took for it to have
#: taken that card instead (the heuristic's bonus for a card its holder knows); the
#: least worth of a card it would have swapped for when it did not: only what its next
#: slot needs (1.0; a card worth less may not outweigh the card it would give).
BETTER_BY = 0.05
WOULD_SWAP = 0.95
#: The seat's own events that leave its hand as it was.
KEEP_HAND = frozenset(
    ("commit", "decided", "no-event", "event", "christmas-eve", "mark", "decline", "complete")
)


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice another seat made since the seat's last turn, in the seat's view: a swap
    (``taken``: the kind it took, from ``owner``'s card ``position``), a turn without a
    swap (``taken`` -1), or a buyer's answer ("accept" or "decline", ``taken`` the kind
    offered). ``then`` is the seat's own hand at that moment, card by card: a kind it
    knows (>= 0), or ``-1 - p`` for the card still at position ``p`` now. ``at`` is the
    index, in the seat's events, of the event it is read from."""

    seat: int
    kind: str
    taken: int
    at: int
    owner: int = -1
    position: int = -1
    then: tuple[int, ...] = ()


def choices(events: Sequence[dict[str, Any]], me: int, hand_size: int) -> list[Choice]:
    """The other seats' choices since the seat's last turn, newest first (its current
    turn's own plays, swaps and draws undone to see its hand as it was). Reading stops
    at the seat's previous turn or at anything else that changed its hand (a sale, a
    purchase, an Event card); a buyer's answer is read only if the buyer has not had a
    turn since (its string has moved on)."""
    hand: list[int] = [-1 - p for p in range(hand_size)]
    out: list[Choice] = []
    turn_seen = False
    swapped: set[int] = set()  # the seats with a swap in the turn being read
    reached: dict[int, int] = {}  # seat: its event that shows its turn came past its swap
    turns: set[int] = set()  # the other seats whose turn was read
    for at in range(len(events) - 1, -1, -1):
        event = events[at]
        kind = event["type"]
        seat: int = event.get("seat", -1)
        if kind == "turn":
            if seat == me:
                if turn_seen or turns:
                    break
                turn_seen = True
                continue
            # a turn that came past its swap (it sold or refilled: an Event card may end
            # a turn before) and made none
            if seat in reached and seat not in swapped and seat not in turns:
                out.append(Choice(seat, "no-swap", -1, reached[seat], then=tuple(hand)))
            turns.add(seat)
            swapped.discard(seat)
            reached.pop(seat, None)
            continue
        if kind == "swap":
            if seat == me:
                hand[event["card"] - 1] = KIND_ID[event["gave"]]
                continue
            taken = KIND_ID[event["got"]]
            if event["with"] == me:
                hand[event["their_card"] - 1] = taken
            position = event["their_card"] - 1
            out.append(Choice(seat, "swap", taken, at, event["with"], position, tuple(hand)))
            swapped.add(seat)
            continue
        if seat != me and (kind == "lay" or (kind == "draw" and event["why"] == "refill")):
            reached[seat] = at  # read backwards: it ends at the turn's first
            continue
        if kind in ("accept", "decline") and seat != me:
            offered = _offered(events, at)
            if seat not in turns and offered >= 0:
                out.append(Choice(seat, kind, offered, at, then=tuple(hand)))
            continue
        if seat != me:
            continue
        if kind == "play":
            hand.insert(event["card"] - 1, KIND_ID[event["revealed"]])
        elif kind == "draw":
            del hand[len(hand) - event["count"] :]
        elif kind not in KEEP_HAND:
            break
    return out


def _offered(events: Sequence[dict[str, Any]], at: int) -> int:
    """The kind offered to the buyer answering at ``at`` (its offer is the one before)."""
    buyer = events[at]["seat"]
    for i in range(at - 1, -1, -1):
        if events[i]["type"] == "offer" and events[i]["to"] == buyer:
            return KIND_ID[events[i]["kind"]]
    return -1


def seat_worth(world: cl.ChristmasLights, choice: Choice) -> list[float]:
    """What a card of each kind was worth to the chooser, by the heuristic, in
    ``world`` (its string and secret commitment there; none of the kind it took or
    bought counted as its own)."""
    t = choice.seat
    view = world.view(t)
    holding = [0] * N_KINDS
    for x in view["hands"][t]["cards"]:
        if x is not None:
            holding[KIND_ID[x]] += 1
    if choice.kind in ("swap", "accept"):
        holding[choice.taken] = 0  # it may hold another now, got since
    return worth(read_mine(view, t), holding)


def then_hand(world: cl.ChristmasLights, me: int, choice: Choice) -> list[int]:
    """The seat's hand when the choice was made, in ``world`` (kinds)."""
    hand = world.hands[me]
    return [k if k >= 0 else world.kinds[hand[-1 - k]] for k in choice.then]


def misfits(choice: Choice, me: int, w: Sequence[float], then: Sequence[int], players: int) -> bool:
    """Whether the heuristic, worth ``w`` to it and the seat's hand ``then``, would not
    have made the choice: a swap for a card worth less to it than one the seat held (by
    more than BETTER_BY; ties are not read, as its holder may have known the card taken,
    which the heuristic prefers), or worth too little to swap for; no swap when the
    seat held a card its next slot needs (WOULD_SWAP: a card worth less may not outweigh
    what it would give); a purchase it would have declined, or the other way round."""
    if choice.kind in ("accept", "decline"):
        enough = 0.55 if players == 2 else 0.35
        return (w[choice.taken] >= enough) != (choice.kind == "accept")
    if choice.kind == "no-swap":
        return any(w[k] >= WOULD_SWAP for k in then)
    took = w[choice.taken]
    if took < SWAP_AT_LEAST:
        return True
    for q, k in enumerate(then):
        if choice.owner == me and q == choice.position:
            continue
        if w[k] > took + BETTER_BY:
            return True
    return False


def unlikely(world: cl.ChristmasLights, me: int, choice: Choice) -> bool:
    """:func:`misfits` in ``world``."""
    w = seat_worth(world, choice)
    return misfits(choice, me, w, then_hand(world, me, choice), world.players)


def belief(window: SeatWindow) -> Callable[[Rng], State]:
    """Worlds for ``hard``'s search (the ``play`` measurement): PARTICLES of the window's
    determinizations, each weighed by the choices it misfits, drawn by weight (a copy
    each time). The particles are dealt from a generator seeded by the log's length,
    so a search with a budget is reproducible and paired worlds stay paired."""
    me = window.seat
    events = window.events()
    made = choices(events, me, len(window.view()["hands"][me]["cards"]))
    if not made:
        return window.determinize
    worlds: list[cl.ChristmasLights] = []
    weights: list[float] = []

    def sample(rng: Rng) -> State:
        if not worlds:
            draw = Rng(derive_seed(len(events), me))
            for _ in range(PARTICLES):
                world = cast(cl.ChristmasLights, window.determinize(draw))
                worlds.append(world)
                weights.append(UNLIKELY ** sum(unlikely(world, me, c) for c in made))
        pick = rng.random() * sum(weights)
        for world, weight in zip(worlds, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return world.clone()
        return worlds[-1].clone()

    return sample


# ------------------------------------------------------------------ measure


def _reading(world: cl.ChristmasLights, t: int) -> tuple[int, int] | None:
    """Seat ``t``'s commitment (Pattern card id, end), or None."""
    c = world.commit[t]
    return None if c < 0 else (world.patterns[t][c >> 1], c & 1)


def measure_deal(players: int, deal: int, n_worlds: int) -> dict[str, Any]:
    """One deal's figures (module docstring, measure): sums, so deals add up."""
    seed = derive_seed(SEED, deal)
    state = cast(cl.ChristmasLights, yuletide.new_game(GAME, players=players, seed=seed))
    bots = [HeuristicBot(derive_seed(seed, s)) for s in range(players)]
    windows = [SeatWindow(state, s) for s in range(players)]
    sums: dict[str, Any] = {
        "decisions": 0,
        "cards": 0,
        "own": {"plain": 0.0, "read": 0.0, "read-true": 0.0},
        "own_log": {"plain": 0.0, "read": 0.0, "read-true": 0.0},
        "commitments": 0,
        "commitment": {"plain": 0.0, "read": 0.0},
        "choices": {},
        "truth_misfits": 0,
    }
    for step in range(5000):
        if state.outcome.over:
            break
        seat = next(s for s in range(players) if state.legal_actions(s))
        window = windows[seat]
        if seat == 0 and len(state.legal_actions(0)) > 1:
            _score(state, window, n_worlds=n_worlds, seed=derive_seed(seed, step), sums=sums)
        state.apply(seat, bots[seat].act(window))
    return sums


def _score(
    state: cl.ChristmasLights, window: SeatWindow, *, n_worlds: int, seed: int, sums: dict[str, Any]
) -> None:
    """Adds one decision's figures to ``sums`` (module docstring, measure), if the seat
    holds a card it does not know."""
    hidden = [p for p, x in enumerate(window.view()["hands"][0]["cards"]) if x is None]
    if not hidden:
        return
    made = choices(window.events(), 0, len(state.hands[0]))
    rng = Rng(seed)
    worlds = [cast(cl.ChristmasLights, window.determinize(rng)) for _ in range(n_worlds)]
    true_worth = [seat_worth(state, c) for c in made]
    weights = {
        "plain": [1.0] * n_worlds,
        "read": [UNLIKELY ** sum(unlikely(x, 0, c) for c in made) for x in worlds],
        "read-true": [
            UNLIKELY
            ** sum(
                misfits(c, 0, w, then_hand(x, 0, c), state.players)
                for c, w in zip(made, true_worth, strict=True)
            )
            for x in worlds
        ],
    }
    sums["decisions"] += 1
    for c, w in zip(made, true_worth, strict=True):
        sums["choices"][c.kind] = sums["choices"].get(c.kind, 0) + 1
        sums["truth_misfits"] += misfits(c, 0, w, then_hand(state, 0, c), state.players)
    for p in hidden:
        truth = state.kinds[state.hands[0][p]]
        sums["cards"] += 1
        for name, ws in weights.items():
            hit = sum(
                wt for x, wt in zip(worlds, ws, strict=True) if x.kinds[x.hands[0][p]] == truth
            )
            chance = hit / sum(ws)
            sums["own"][name] += chance
            sums["own_log"][name] += math.log2(max(chance, 1.0 / n_worlds))
    for t in range(1, state.players):
        truth_reading = _reading(state, t)
        if truth_reading is None:
            continue
        sums["commitments"] += 1
        for name in ("plain", "read"):
            ws = weights[name]
            hit = sum(
                wt for x, wt in zip(worlds, ws, strict=True) if _reading(x, t) == truth_reading
            )
            sums["commitment"][name] += hit / sum(ws)


def summarize(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The means over every scored card and commitment of the deals."""
    cards = sum(d["cards"] for d in deals)
    commitments = sum(d["commitments"] for d in deals)
    made: dict[str, int] = {}
    for d in deals:
        for k, v in d["choices"].items():
            made[k] = made.get(k, 0) + v
    per_card = {
        name: round(sum(d["own"][name] for d in deals) / max(cards, 1), 4)
        for name in ("plain", "read", "read-true")
    }
    return {
        "deals": len(deals),
        "decisions": sum(d["decisions"] for d in deals),
        "unknown cards": cards,
        "P(true kind)": per_card,
        "mean log2 P(true kind)": {
            name: round(sum(d["own_log"][name] for d in deals) / max(cards, 1), 4)
            for name in ("plain", "read", "read-true")
        },
        "commitments": commitments,
        "P(true commitment)": {
            name: round(sum(d["commitment"][name] for d in deals) / max(commitments, 1), 4)
            for name in ("plain", "read")
        },
        "choices read": made,
        "choices the truth misfits": sum(d["truth_misfits"] for d in deals),
    }


# ------------------------------------------------------------------ play


class _Reading:
    """`hard` as the ladder makes it (``inner``), its worlds drawn by :func:`belief`."""

    def __init__(self, inner: Any) -> None:
        inner.belief = belief
        self.inner = inner
        self.name = "hard"

    def act(self, window: SeatWindow) -> Any:
        return self.inner.act(window)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("measure", "play"))
    p.add_argument("players", type=int)
    p.add_argument("deals", type=int)
    p.add_argument("--worlds", type=int, default=128, help="measure: worlds a decision")
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    if args.players not in (2, 3, 4):
        p.error(f"Christmas Lights is played by 2 to 4 players, not {args.players}")
    if args.deals < 1 or args.worlds < 1:
        p.error("DEALS and --worlds must be at least 1")
    if args.what == "measure":
        path = Path(args.out or "bench/hand-reading.json")
        data = json.loads(path.read_text()) if path.exists() else {"cells": {}}
        deals = [measure_deal(args.players, i, args.worlds) for i in range(args.deals)]
        entry = {"worlds": args.worlds, "deals": deals, "summary": summarize(deals)}
        data["cells"][f"{GAME}/{args.players}p"] = entry
        path.write_text(json.dumps(data, indent=1))
        print(json.dumps(entry["summary"], indent=1))
        return 0
    defaults = ladder.build_parser().parse_args([])  # the ladder's seed and budget
    made = ladder._bot

    def bot(name: str, game_id: str, seed: int, hard_iterations: int) -> Any:
        inner = made(name, game_id, seed, hard_iterations)
        return _Reading(inner) if name == "hard" else inner

    ladder._bot = bot
    cell = ladder.Cell(GAME, args.players, (), ("hard", "medium"), 2 * args.deals)
    runs = [
        ladder.play_deal((cell, i, defaults.seed, defaults.hard_iterations))
        for i in range(args.deals)
    ]
    path = Path(args.out or "bench/hand-reading-play.json")
    data = json.loads(path.read_text()) if path.exists() else {"cells": {}}
    key = cell.key + "@reading"
    data["cells"][key] = {"runs": runs, "summary": ladder.summary(cell, runs)}
    path.write_text(json.dumps(data, separators=(",", ":")))
    print(f"{key}: {ladder._line(data['cells'][key]['summary'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
