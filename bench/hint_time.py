"""How long a hint takes, per game: the strong bot's evaluation at the hint's own budget
(``yuletide.bots.hints``: at most HINT_ITERATIONS playouts and HINT_SECONDS seconds) and
its wording from the seat's table model (a best move made in steps followed through to
the whole move, as the server does), at a game's first decision and at a mid-game
decision (half way through a random game from the same seed), in one process.

    python bench/hint_time.py                     # every game, a markdown table
    python bench/hint_time.py christmas-lights --repeat 3

The server runs the same work in a bot worker process (nice 5), so a hint at a table
takes these times plus the queue's wait; on a busy machine both grow.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import yuletide
from yuletide import table as table_model
from yuletide.bots.hints import HINT_ITERATIONS, HINT_SECONDS, hint_evaluation
from yuletide.core.state import State
from yuletide.table.hints import hint_words, prompt_moves


def positions(game: str, seed: int) -> list[tuple[str, State, int]]:
    """The first decision of a game and one half way through a random game."""
    state = yuletide.new_game(game, seed=seed)
    first = state.clone()
    played = state.clone()
    rng = random.Random(seed)
    moves: list[State] = []
    while not played.outcome.over and len(moves) < 2000:
        seat = min(played.to_act)
        moves.append(played.clone())
        played.apply(seat, rng.choice(played.legal_actions(seat)))
    mid = moves[len(moves) // 2] if moves else first
    out = []
    for name, st in (("first", first), ("mid-game", mid)):
        seats = [s for s in sorted(st.to_act) if st.legal_actions(s)]
        if seats:
            out.append((name, st, seats[0]))
    return out


def time_hint(state: State, seat: int) -> tuple[float, int]:
    """As the server's worker does it: the seat's table model, the evaluation (its best
    move followed through when made in steps), the words; the playouts in all."""
    began = time.perf_counter()
    legal = [str(a) for a in state.legal_actions(seat)]
    model = table_model.build(state.game_id, state.view(seat), legal, seat)
    found = hint_evaluation(state, seat, seed=1, moves=prompt_moves(model))
    hint = hint_words(found, model)
    return time.perf_counter() - began, hint["iterations"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="runs per position (median)")
    args = parser.parse_args()
    games = args.games or yuletide.games()
    print(f"hint budget: {HINT_ITERATIONS} playouts, at most {HINT_SECONDS:g} s")
    print("| game | players | first decision | mid-game decision |")
    print("|---|---|---|---|")
    for game in games:
        cells = {}
        players = 0
        for name, state, seat in positions(game, args.seed):
            players = state.players
            runs = [time_hint(state, seat) for _ in range(args.repeat)]
            took = statistics.median(r[0] for r in runs)
            cells[name] = f"{took:.2f} s ({runs[0][1]} playouts)"
        print(
            f"| {game} | {players} | {cells.get('first', '-')} | {cells.get('mid-game', '-')} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
