"""Small, repeated losses of a heuristic, measured without search.

    python bench/heuristic_edges.py lookahead GAME PLAYERS GAMES [alone]   # vs medium
    python bench/heuristic_edges.py wtb-decision GAMES PLAYOUTS   # one pass, valued
    python bench/heuristic_edges.py ctb-weights PLAYERS GAMES SET CARDS [REVEAL]
    python bench/heuristic_edges.py ctb-ceiling PLAYERS GAMES [all]

lookahead
    A game's `hard` prior (its bot kit's ``prior``, a ``LookaheadBot``: the heuristic
    also weighing what its move hands the next player) against the plain heuristic
    (`medium`), each seat by its window, in every rotation of the two bots sitting
    alternately (or, with ``alone``, one LookaheadBot among heuristics, in every seat);
    win rates of their seats. The five games with one: wheres-that-bulb, looney-lights,
    check-the-box, untangle, twinkling-lights (each with deals of its own).
wtb-decision
    Where's That Bulb?: at each decision where the plain heuristic would turn a new
    second card and the lookahead would pass (every third of them, in heuristic games at
    2 players), both moves played on to the end by the heuristic for every seat, in the
    same sampled worlds (the seat's own determinizations, paired); the mean difference
    in wins (pass less new card) and its standard error. What one decision is worth, and
    how many playouts a search would need to see it.
ctb-weights
    Check the Box: the heuristic with other weights (a completed set, cards without a
    set, and a cost for what a failed ask shows: that the asker holds the kind) against
    the heuristic itself, in heuristic-only games.
ctb-ceiling
    Check the Box: the heuristic told the other hands as they truly are, except the
    cards each drew since its own last ask (or, with ``all``, told everything), against
    the plain heuristic. The first is more than any reading of the others' asks could
    ever tell: what such a reading is worth at most. An instrument that reads the truth
    (as bench/why_level.py's oracle does), never a bot.

The JSON of each run is printed (docs/bots.md quotes them).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from typing import Any, cast

from yuletide.bots import SeatWindow, kit
from yuletide.core.registry import new_game
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import Action, State
from yuletide.games.christmas_lights.check_the_box import bot as ctb_bot
from yuletide.games.christmas_lights.check_the_box import rules as ctb
from yuletide.games.christmas_lights.wheres_that_bulb import bot as wtb_bot
from yuletide.games.christmas_lights.wheres_that_bulb import rules as wtb
from yuletide.sim import play_match


def _share(winners: Sequence[int], seats: set[int]) -> float:
    return sum(1.0 / len(winners) for s in winners if s in seats)


def _alternate(
    players: int, games: int, salt: int, play: Callable[[int, set[int]], Sequence[int]]
) -> tuple[float, float]:
    """Deals seated alternately, both rotations a deal: ``play(seed, ahead)`` plays one
    game with the variant in the seats ``ahead`` and gives its winners. Each side's wins
    per seat it held."""
    mine = theirs = 0.0
    for i in range(games // 2):
        seed = derive_seed(salt, i)
        for rotation in (0, 1):
            ahead = {s for s in range(players) if s % 2 == rotation}
            winners = play(seed, ahead)
            mine += _share(winners, ahead)
            theirs += _share(winners, set(range(players)) - ahead)
    seats = max(1, (games // 2) * players)
    return mine / seats, theirs / seats


#: Each game's deals for ``lookahead`` (the figures in docs/bots.md were made with them).
DEALS = {
    "wheres-that-bulb": 0x3B1,
    "check-the-box": 0xC7B,
    "looney-lights": 0x1A1,
    "untangle": 0x47A,
    "twinkling-lights": 0x71,
}


def lookahead(game: str, players: int, games: int, alone: bool = False) -> dict[str, Any]:
    """The game's ``hard`` prior against its heuristic, seated alternately, both
    rotations a deal; or ``alone``: one prior among heuristics, in each seat of a deal in
    turn. Each bot's wins per seat it held."""
    tools = kit(game)
    prior = tools.prior
    if prior is None:
        raise SystemExit(f"{game} has no lookahead prior; those that do: {', '.join(DEALS)}")
    mine = theirs = 0.0
    mine_seats = their_seats = played = 0
    rotations = players if alone else 2
    for i in range(games // rotations):
        seed = derive_seed(DEALS[game], i)
        for rotation in range(rotations):
            ahead = {rotation} if alone else {s for s in range(players) if s % 2 == rotation}
            bots: list[Any] = [
                (prior if s in ahead else tools.heuristic)(derive_seed(seed, s))
                for s in range(players)
            ]
            winners = play_match(game, bots, seed).outcome.winners
            mine += _share(winners, ahead)
            theirs += _share(winners, set(range(players)) - ahead)
            mine_seats += len(ahead)
            their_seats += players - len(ahead)
            played += 1
    return {
        "game": game,
        "players": players,
        "games": played,
        "seating": "alone" if alone else "alternate",
        "lookahead": mine / max(1, mine_seats),
        "medium": theirs / max(1, their_seats),
    }


def _play_out(world: wtb.WheresThatBulb, rng: Rng) -> tuple[int, ...]:
    while not world.outcome.over:
        seat = world.turn
        world.apply_unchecked(seat, wtb_bot.rollout(world, seat, rng))
    return world.outcome.winners


def wtb_decision(games: int, playouts: int) -> dict[str, Any]:
    """Every third decision (seat 0, heuristic games at 2 players) where the heuristic
    turns a new second card and the lookahead passes: pass against the new card, paired."""
    rows = []
    for game in range(games):
        state = cast(wtb.WheresThatBulb, new_game("wheres-that-bulb", players=2, seed=game))
        plain, ahead = wtb_bot.HeuristicBot(1), wtb_bot.LookaheadBot(1)
        rng = Rng(game)
        found = 0
        while not state.outcome.over:
            seat = state.turn
            if seat == 0 and state.first >= 0:
                window = SeatWindow(state, 0)
                new, passed = plain.act(window), ahead.act(window)
                if new != passed:
                    found += 1
                    if found % 3 == 1:
                        rows.append(
                            _paired(window, passed, new, playouts, derive_seed(game, found))
                        )
            state.apply_unchecked(seat, wtb_bot.rollout(state, seat, rng))
    return {"games": games, "playouts": playouts, "decisions": rows}


def _paired(window: SeatWindow, a: Action, b: Action, playouts: int, seed: int) -> dict[str, float]:
    """The mean and standard error of (a's win - b's win) over paired worlds."""
    diffs = []
    for j in range(playouts):
        result = []
        for action in (a, b):
            world_rng = Rng(derive_seed(seed, j))
            world = cast(wtb.WheresThatBulb, window.determinize(world_rng))
            world.apply_unchecked(window.seat, action)
            result.append(_share(_play_out(world, world_rng), {window.seat}))
        diffs.append(result[0] - result[1])
    mean = sum(diffs) / playouts
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, playouts - 1))
    return {"mean": mean, "error": spread / math.sqrt(playouts)}


def _ctb_policy(set_value: float, cards_value: float, reveal: float) -> Any:
    """Check the Box's heuristic with other weights, for heuristic-only games: its
    worth of an ask (``best_ask``'s, from the world's public ranges and the seat's own
    hand), less ``reveal`` times the chance the ask fails when the seat holds a pair of
    the kind (a failed ask shows the table that the asker holds it)."""

    def policy(state: State, seat: int, rng: Rng) -> Action:
        world = cast(ctb.CheckTheBox, state)
        legal = world.legal_actions(seat)
        if len(legal) == 1 or ctb_bot.DRAW_TWO in legal:
            return ctb_bot.rollout(state, seat, rng)
        n, k_all = world.players, ctb.N_KINDS
        mine = world.hands[seat]
        lo = [world.lo[t * k_all : (t + 1) * k_all] for t in range(n)]
        laid = ctb_bot.laid(world)
        others = [t for t in range(n) if t != seat]
        free = {t: max(0, world.sizes[t] - sum(lo[t])) for t in others}
        unaccounted = sum(free.values()) + len(world.pile)

        def worth(ask: ctb.Ask) -> float:
            t, k = ask.target, ask.kind
            high = min(world.hi[t * k_all + k], lo[t][k] + free[t])
            loose = max(0, ctb.COUNTS[k] - 3 * laid[k] - mine[k] - sum(lo[o][k] for o in others))
            one, two = ctb_bot._chances(lo[t][k], high, free[t], loose, unaccounted)
            got_set = one if mine[k] >= 2 else two
            value = set_value * got_set + cards_value * (one - got_set)
            value -= reveal * (1.0 - one) * (mine[k] >= 2)
            return (0.9 * value if k == ctb.PLUG else value) + 0.001 * world.sizes[t]

        asks = [a for a in legal if isinstance(a, ctb.Ask)]
        return max(asks, key=worth)  # the first of the best, as best_ask

    return policy


def ctb_weights(
    players: int, games: int, set_value: float, cards_value: float, reveal: float
) -> dict[str, Any]:
    """The reweighted heuristic against the heuristic, alternate seats, both rotations."""
    variant = _ctb_policy(set_value, cards_value, reveal)

    def play(seed: int, ahead: set[int]) -> Sequence[int]:
        state = new_game("check-the-box", players=players, seed=seed)
        rng = Rng(seed)
        while not state.outcome.over:
            seat = min(state.to_act)
            policy = variant if seat in ahead else ctb_bot.rollout
            state.apply_unchecked(seat, policy(state, seat, rng))
        return state.outcome.winners

    mine, theirs = _alternate(players, games, 0xC7B, play)
    return {"players": players, "games": 2 * (games // 2), "set": set_value,
            "cards": cards_value, "reveal": reveal, "variant": mine,
            "medium": theirs}  # fmt: skip


def ctb_ceiling(players: int, games: int, everything: bool = False) -> dict[str, Any]:
    """The heuristic told the other hands (less each one's draws since its last ask,
    unless ``everything``) against the heuristic, seated alternately, both rotations."""

    def play(seed: int, ahead: set[int]) -> Sequence[int]:
        state = cast(ctb.CheckTheBox, new_game("check-the-box", players=players, seed=seed))
        rng = Rng(seed)
        recent: list[list[int]] = [[] for _ in range(players)]
        while not state.outcome.over:
            seat = min(state.to_act)
            if seat in ahead:
                action = _told(state, seat, [] if everything else recent)
            else:
                action = ctb_bot.rollout(state, seat, rng)
            if isinstance(action, ctb.Ask):
                recent[seat] = []
            start = len(state.log)
            state.apply_unchecked(seat, action)
            for entry in state.log[start:]:
                if entry[0] == "draw":
                    recent[entry[1]].append(entry[2])
        return state.outcome.winners

    mine, theirs = _alternate(players, games, 0xCE1, play)
    told = "everything" if everything else "hands less the draws since each one's last ask"
    return {"players": players, "games": 2 * (games // 2), "told": told,
            "told_heuristic": mine, "medium": theirs}  # fmt: skip


def _told(world: ctb.CheckTheBox, seat: int, recent: Sequence[Sequence[int]]) -> Action:
    """The heuristic's ask with each other hand's range set to the truth, widened by the
    cards it drew since its last ask (those it keeps: a Present drawn shows)."""
    legal = world.legal_actions(seat)
    if len(legal) == 1 or ctb_bot.DRAW_TWO in legal:
        return ctb_bot.DRAW_TWO if ctb_bot.DRAW_TWO in legal else legal[0]
    n, kinds = world.players, ctb.N_KINDS
    lo: list[list[int]] = []
    hi: list[list[int]] = []
    for t in range(n):
        hand = list(world.hands[t])
        hidden = [k for k in recent[t] if k != ctb.PRESENT] if recent else []
        for k in hidden:
            hand[k] = max(0, hand[k] - 1)
        lo.append(hand)
        hi.append(
            [hand[k] if k == ctb.PRESENT else min(2, hand[k] + len(hidden)) for k in range(kinds)]
        )
    return ctb_bot.best_ask(
        legal, seat, world.hands[seat], world.sizes, lo, hi, ctb_bot.laid(world), len(world.pile)
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    ahead = sub.add_parser("lookahead")
    ahead.add_argument("game", choices=sorted(DEALS))
    ahead.add_argument("players", type=int)
    ahead.add_argument("games", type=int)
    ahead.add_argument("alone", nargs="?", choices=["alone"])
    decision = sub.add_parser("wtb-decision")
    decision.add_argument("games", type=int)
    decision.add_argument("playouts", type=int)
    weights = sub.add_parser("ctb-weights")
    weights.add_argument("players", type=int)
    weights.add_argument("games", type=int)
    weights.add_argument("set", type=float)
    weights.add_argument("cards", type=float)
    weights.add_argument("reveal", type=float, nargs="?", default=0.0)
    ceiling = sub.add_parser("ctb-ceiling")
    ceiling.add_argument("players", type=int)
    ceiling.add_argument("games", type=int)
    ceiling.add_argument("all", nargs="?", choices=["all"])
    args = parser.parse_args(argv)
    if args.what == "lookahead":
        result = lookahead(args.game, args.players, args.games, args.alone == "alone")
    elif args.what == "wtb-decision":
        result = wtb_decision(args.games, args.playouts)
    elif args.what == "ctb-ceiling":
        result = ctb_ceiling(args.players, args.games, args.all == "all")
    else:
        result = ctb_weights(args.players, args.games, args.set, args.cards, args.reveal)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
