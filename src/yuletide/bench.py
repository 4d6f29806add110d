"""``make bench``: random-playout speed of every game, with RLCard's UNO and OpenSpiel's
Hanabi as yardsticks.

Each game is timed at every legal player count: whole games of uniformly random play
through the unchecked fast path (``legal_actions`` + ``apply_unchecked``, which the
conformance suite proves equal to the checked path), counting games and decisions
(one decision = one applied action). When the ``bench`` extra is installed, RLCard
1.2.0's UNO (random agents) and OpenSpiel 2.0.2's C++ Hanabi (2 players, uniformly
random legal moves driven from Python, deals sampled by their probabilities) are timed
in the same run and the ratios printed; each comparison is skipped, with a note, when
its package is missing. Hanabi is reported both per player decision and per applied
action (decisions plus chance deals); the ratio uses the per-action figure, the larger
and so the stricter yardstick. Figures go in issue closing notes; no test asserts a time.
"""

from __future__ import annotations

import importlib
import json
import math
import platform
import sys
import time
from typing import Any

from .core.errors import InvalidOption
from .core.registry import game_class, games
from .core.rng import Rng, derive_seed


def time_game(game_id: str, players: int, seconds: float) -> dict[str, Any]:
    """Random playouts of one game for about ``seconds``."""
    cls = game_class(game_id)
    rng = Rng(12345)
    n_games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = cls.new(players, derive_seed(7, n_games))
        legal = state.legal_actions
        apply = state.apply_unchecked
        below = rng.below
        while True:
            to_act = state.to_act
            if not to_act:
                break
            if len(to_act) == 1:
                (seat,) = to_act
            else:
                seat = sorted(to_act)[below(len(to_act))]
            actions = legal(seat)
            apply(seat, actions[below(len(actions))])
            decisions += 1
        n_games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "players": players,
        "games": n_games,
        "decisions": decisions,
        "seconds": elapsed,
        "games_per_second": n_games / elapsed,
        "decisions_per_second": decisions / elapsed,
    }


def time_rlcard_uno(seconds: float) -> dict[str, Any] | None:
    """RLCard's UNO with its random agents (2 players), or None without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
    n_games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, pid = env.reset()
        while not env.is_over():
            state, pid = env.step(agents[pid].step(state))
            decisions += 1
        n_games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "rlcard-uno",
        "players": env.num_players,
        "games": n_games,
        "decisions": decisions,
        "seconds": elapsed,
        "games_per_second": n_games / elapsed,
        "decisions_per_second": decisions / elapsed,
        "version": getattr(rlcard, "__version__", "?"),
    }


def time_openspiel_hanabi(seconds: float) -> dict[str, Any] | None:
    """OpenSpiel's C++ Hanabi (its default: 2 players) played at random from Python, or
    None without open_spiel. Player moves are uniformly random among the legal ones;
    chance nodes (the deals) are sampled by their probabilities. ``decisions`` counts
    player moves only; ``actions_per_second`` counts every applied action."""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        return None
    from importlib.metadata import version

    game = pyspiel.load_game("hanabi")
    sample = pyspiel.sample_action
    rng = Rng(12345)
    n_games = decisions = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state.chance_outcomes(), rng.random())[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
                decisions += 1
            state.apply_action(action)
            actions += 1
        n_games += 1
        if time.perf_counter() - start >= seconds:
            break
    elapsed = time.perf_counter() - start
    return {
        "game": "openspiel-hanabi",
        "players": game.num_players(),
        "games": n_games,
        "decisions": decisions,
        "actions": actions,
        "seconds": elapsed,
        "games_per_second": n_games / elapsed,
        "decisions_per_second": decisions / elapsed,
        "actions_per_second": actions / elapsed,
        "version": version("open_spiel"),
    }


def main(seconds: float = 3.0, json_path: str | None = None, games: list[str] | None = None) -> int:
    """Time ``games`` (default: all) for ``seconds`` per game and player count, print the
    figures and write them to ``json_path``; InvalidOption for a time that is not a number of
    seconds > 0, InvalidOption for a game that does not exist, both before any timing."""
    if not (isinstance(seconds, int | float) and math.isfinite(seconds) and seconds > 0):
        raise InvalidOption(f"seconds must be a number of seconds > 0, got {seconds!r}")
    chosen = games or list(_all_games())
    classes = {game_id: game_class(game_id) for game_id in chosen}
    rows = []
    for game_id in chosen:
        cls = classes[game_id]
        for players in range(cls.min_players, cls.max_players + 1):
            rows.append(time_game(game_id, players, seconds))
            _print_row(rows[-1])
    uno = time_rlcard_uno(seconds)
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_row": seconds,
        "rows": rows,
        "rlcard_uno": uno,
    }
    if uno is None:
        print("RLCard not installed (pip install -e '.[bench]'): no UNO comparison")
    else:
        _print_row(uno)
        ratios = {}
        for row in rows:
            key = f"{row['game']}/{row['players']}p"
            ratios[key] = row["decisions_per_second"] / uno["decisions_per_second"]
        result["ratio_to_rlcard_uno"] = ratios
        for game_id in chosen:
            best = [r for k, r in ratios.items() if k.startswith(game_id + "/")]
            print(f"{game_id}: {min(best):.1f}x to {max(best):.1f}x RLCard UNO's decisions/s")
    hanabi = time_openspiel_hanabi(seconds)
    result["openspiel_hanabi"] = hanabi
    if hanabi is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no Hanabi comparison")
    else:
        _print_row(hanabi)
        print(
            f"{'':<20}     (Hanabi: {hanabi['actions_per_second']:.0f} applied actions/s"
            " counting the chance deals)"
        )
        yardstick = hanabi["actions_per_second"]
        hanabi_ratios = {
            f"{row['game']}/{row['players']}p": row["decisions_per_second"] / yardstick
            for row in rows
        }
        result["ratio_to_openspiel_hanabi"] = hanabi_ratios
        for game_id in chosen:
            best = [r for k, r in hanabi_ratios.items() if k.startswith(game_id + "/")]
            print(
                f"{game_id}: {min(best):.2f}x to {max(best):.2f}x OpenSpiel Hanabi's"
                " applied actions/s"
            )
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
        print(f"figures written to {json_path}")
    return 0


def _all_games() -> list[str]:
    return games()


def _print_row(row: dict[str, Any]) -> None:
    print(
        f"{row['game']:<20} {row['players']}p  {row['games_per_second']:>9.1f} games/s"
        f"  {row['decisions_per_second']:>10.0f} decisions/s  ({row['games']} games)",
        file=sys.stdout,
        flush=True,
    )
