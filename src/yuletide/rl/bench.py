"""The RL side-by-side of ``make bench``: the same work, in one run.

1. **Environment steps.** Uniformly random legal play through PettingZoo AEC
   environments, with observation vectors and masks computed at every step (the usual
   ``agent_iter`` / ``last`` / ``step`` loop, each env as its ``env()`` wraps it):
   every Yuletide game at its default player count against PettingZoo's own
   ``texas_holdem_v4`` and ``leduc_holdem_v4``, and RLCard's UNO (``rlcard.make("uno")``:
   each ``step`` returns the next player's observation and legal actions). They need
   ``rlcard`` and ``pygame`` (the ``bench`` extra); skipped with a note when missing. A
   step is one action taken (the final ``None`` steps of finished agents are not
   counted, for either side). Each game's target (``--targets``: at least ``1.5`` times
   the faster poker env, and a given share of UNO for some games) is printed beside it.
2. **Batches.** The Gymnasium environment of each game in a ``SyncVectorEnv`` of 8 and
   of 64 copies (random opponents, random legal learner actions drawn for the whole
   batch at once): the learner's steps per second over the batch.
3. **ISMCTS.** Our :class:`~yuletide.bots.ismcts.IsmctsBot` against OpenSpiel's own
   Python ``ISMCTSBot`` on the same Yuletide game through ``yuletide.rl.openspiel``
   (random rollouts to the end of the game on both sides: our bot with no depth
   limit): iterations per second over the same positions in each game of
   ``--ismcts-games``, and a head-to-head match at equal iterations in the game
   ``--head-to-head``, seats swapped every game, with the win rate of our bot and its
   95% Wilson interval (a shared win or an unfinished game counts half). Which games
   is the benchmark's configuration, not the games' own knowledge: ``make bench``
   passes them (short, turn-based games played at 2 seats); without them the ISMCTS
   parts are skipped.

:func:`run` prints the tables and returns the figures as JSON-ready data.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..bots.base import SeatWindow
from ..bots.ismcts import IsmctsBot
from ..core.registry import game_class, games


def time_aec(make: Callable[[], Any], seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random legal play through an AEC env for about ``seconds``: steps per second."""
    env = make()
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    env.reset(seed=seed)
    while True:
        for _agent in env.agent_iter():
            obs, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        episodes += 1
        if time.perf_counter() >= deadline:
            break
        env.reset()
    elapsed = time.perf_counter() - start
    return {
        "steps": steps,
        "episodes": episodes,
        "seconds": elapsed,
        "steps_per_second": steps / elapsed,
    }


def time_rlcard(name: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random legal play in an RLCard env for about ``seconds``: steps per second (each
    ``step`` computes the next player's observation and legal actions)."""
    import rlcard  # noqa: PLC0415

    env = rlcard.make(name, config={"seed": seed})
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.integers(len(legal))])
            steps += 1
        episodes += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "steps": steps,
        "episodes": episodes,
        "seconds": elapsed,
        "steps_per_second": steps / elapsed,
    }


def time_batch(game_id: str, n_envs: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """The learner's steps per second over a ``SyncVectorEnv`` of ``n_envs`` copies of
    the game's Gymnasium env (random opponents, random legal learner actions)."""
    import gymnasium  # noqa: PLC0415

    from .gymnasium import YuletideEnv  # noqa: PLC0415

    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: YuletideEnv(game_id) for _ in range(n_envs)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )
    rng = np.random.default_rng(seed)
    _obs, info = vec.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            masks = info["action_mask"]
            actions = (masks * rng.random(masks.shape)).argmax(axis=1)
            _obs, _r, _t, _tr, info = vec.step(actions)
            steps += n_envs
    elapsed = time.perf_counter() - start
    vec.close()
    return {"envs": n_envs, "steps": steps, "seconds": elapsed, "steps_per_second": steps / elapsed}


def bench_batches(
    seconds: float, game_ids: list[str] | None = None, sizes: Sequence[int] = (8, 64)
) -> dict[str, Any]:
    """:func:`time_batch` of every game (or ``game_ids``) at each batch size."""
    return {g: {str(n): time_batch(g, n, seconds) for n in sizes} for g in (game_ids or games())}


def bench_envs(
    seconds: float, game_ids: list[str] | None = None, rounds: int = 5
) -> dict[str, Any]:
    """Steps per second of every Yuletide env and of PettingZoo's poker envs: ``rounds``
    rounds, each env timed for ``seconds / rounds`` in every round, interleaved, and
    each env's best round kept (a shared machine's load spikes then hit both sides
    alike and the figures are repeatable)."""
    from .pettingzoo import env  # noqa: PLC0415

    makers: dict[str, Callable[[], Any]] = {}
    notes: list[str] = []
    try:
        import warnings  # noqa: PLC0415

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import (  # type: ignore[import-untyped]  # noqa: PLC0415
                leduc_holdem_v4,
                texas_holdem_v4,
            )
        makers["texas_holdem_v4"] = texas_holdem_v4.env
        makers["leduc_holdem_v4"] = leduc_holdem_v4.env
    except ImportError as err:
        notes.append(
            f"PettingZoo's poker envs are not installed ({err}): pip install rlcard pygame"
        )
    theirs_names = list(makers)
    try:
        import rlcard  # noqa: F401, PLC0415
    except ImportError as err:
        notes.append(f"RLCard is not installed ({err}): pip install rlcard")
        uno = False
    else:
        uno = True
        theirs_names.append("rlcard_uno")
    players: dict[str, int] = {}
    for game_id in game_ids or games():
        players[game_id] = n = game_class(game_id).default_players

        def make(g: str = game_id, n: int = n) -> Any:
            return env(g, players=n)

        makers[game_id] = make
    best: dict[str, dict[str, Any]] = {}
    for r in range(rounds):
        names = [*makers, *(["rlcard_uno"] if uno else [])]
        for name in names:
            if name == "rlcard_uno":
                result = time_rlcard("uno", seconds / rounds, seed=r)
            else:
                result = time_aec(makers[name], seconds / rounds, seed=r)
            if name not in best or result["steps_per_second"] > best[name]["steps_per_second"]:
                best[name] = result
    theirs = {name: best[name] for name in theirs_names}
    ours = {g: {"players": players[g], **best[g]} for g in players}
    return {"yuletide": ours, "theirs": theirs, "notes": notes, "rounds": rounds}


def _positions(game: Any, count: int, seed: int) -> list[Any]:
    """Positions of random play (a few moves into several deals), each at a decision."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        state.apply_action(int(rng.integers(game.max_chance_outcomes())))
        for _ in range(int(rng.integers(0, 12))):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def _our_move(bot: IsmctsBot, state: Any, encoding: Any) -> int:
    """Our bot's move in an OpenSpiel state, through the seat's window only."""
    world = state._world
    seat = state.current_player()
    action = bot.act(SeatWindow(world.state, seat))
    if action is None:
        assert encoding.wait is not None
        return int(encoding.wait)
    return int(encoding.index[action])


def bench_ismcts(game_id: str, iterations: int, positions: int, seed: int = 0) -> dict[str, Any]:
    """Iterations per second of both bots over the same positions."""
    import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415

    from .openspiel import ismcts_bot, short_name  # noqa: PLC0415

    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    states = _positions(game, positions, seed)
    rules = states[0]._rules
    ours = IsmctsBot(seed, iterations=iterations, depth=1 << 30)
    start = time.perf_counter()
    for state in states:
        _our_move(ours, state, rules.encoding)
    our_time = time.perf_counter() - start
    theirs = ismcts_bot(game, iterations, seed)
    start = time.perf_counter()
    for state in states:
        theirs.step(state.clone())
    their_time = time.perf_counter() - start
    total = iterations * len(states)
    return {
        "game": game_id,
        "players": 2,
        "positions": len(states),
        "iterations_per_move": iterations,
        "ours_iterations_per_second": total / our_time,
        "openspiel_iterations_per_second": total / their_time,
        "ratio": their_time / our_time,
    }


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_to_head(game_id: str, iterations: int, matches: int, seed: int = 0) -> dict[str, Any]:
    """Our IsmctsBot against OpenSpiel's ISMCTSBot at equal iterations, 2 seats, seats
    swapped every game: our win rate with its 95% interval."""
    import pyspiel  # noqa: PLC0415

    from .openspiel import ismcts_bot, short_name  # noqa: PLC0415

    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    wins = losses = halves = 0
    start = time.perf_counter()
    for m in range(matches):
        ours_seat = m % 2
        ours = IsmctsBot(seed + m, iterations=iterations, depth=1 << 30)
        theirs = ismcts_bot(game, iterations, seed + m)
        state = game.new_initial_state()
        state.apply_action((seed * 7919 + m) % game.max_chance_outcomes())
        encoding = state._rules.encoding
        while not state.is_terminal():
            if state.current_player() == ours_seat:
                action = _our_move(ours, state, encoding)
            else:
                action = int(theirs.step(state))
            state.apply_action(action)
        returns = state.returns()
        mine, other = returns[ours_seat], returns[1 - ours_seat]
        if mine > other:
            wins += 1
        elif other > mine:
            losses += 1
        else:
            halves += 1
    score = wins + halves / 2
    low, high = wilson(score, matches)
    return {
        "game": game_id,
        "players": 2,
        "iterations_per_move": iterations,
        "games": matches,
        "ours_won": wins,
        "openspiel_won": losses,
        "shared_or_unfinished": halves,
        "win_rate": score / matches,
        "interval_95": [low, high],
        "seconds": time.perf_counter() - start,
    }


def run(
    *,
    seconds: float = 2.0,
    iterations: int = 100,
    positions: int = 10,
    matches: int = 40,
    match_iterations: int = 50,
    games_: list[str] | None = None,
    ismcts_games: Sequence[str] = (),
    head_to_head_game: str | None = None,
    targets: Mapping[str, float] | None = None,
    batch_seconds: float = 1.0,
    out: Callable[[str], None] = print,
) -> dict[str, Any]:
    """The whole side-by-side (module docstring): print the tables, return the figures.
    ``seconds`` per environment (every game, or ``games_``); ``targets``: a game's
    share of RLCard's UNO to reach (besides 1.5 times the faster poker env, which every
    game is held to); ``batch_seconds`` per batch size and game (0 skips the batches);
    ``iterations`` a move over ``positions`` positions for the speed comparison in each
    of ``ismcts_games``; ``matches`` games at ``match_iterations`` a move for the
    head-to-head in ``head_to_head_game`` (0 or None skips it); the ISMCTS parts are
    skipped with a note when OpenSpiel is not installed, or when no game is given."""
    figures: dict[str, Any] = {"envs": bench_envs(seconds, games_)}
    envs = figures["envs"]
    theirs = envs["theirs"]
    targets = dict(targets or {})
    out("Random legal play with observations and masks every step (steps/s)")
    for name, r in theirs.items():
        out(f"  {name:22s} {r['steps_per_second']:10.0f}")
    for note in envs["notes"]:
        out(f"  note: {note}")
    poker = [theirs[n]["steps_per_second"] for n in theirs if n != "rlcard_uno"]
    uno = theirs.get("rlcard_uno", {}).get("steps_per_second")
    out(
        f"  {'yuletide game':22s} {'players':>7s} {'steps/s':>10s}"
        + "".join(f" {'x ' + n.removeprefix('rlcard_')[:5]:>9s}" for n in theirs)
        + "  target"
    )
    for game_id, r in envs["yuletide"].items():
        speed = r["steps_per_second"]
        ratios = "".join(f" {speed / t['steps_per_second']:9.2f}" for t in theirs.values())
        goal = []
        if poker:
            goal.append((1.5 * max(poker), "1.5x poker"))
        if uno and game_id in targets:
            goal.append((targets[game_id] * uno, f"{targets[game_id]:g}x uno"))
        verdict = ", ".join(
            f"{what} {'met' if speed >= need else 'NOT met'}" for need, what in goal
        )
        r["targets"] = {what: speed >= need for need, what in goal}
        out(f"  {game_id:22s} {r['players']:7d} {speed:10.0f}{ratios}  {verdict}")
    if batch_seconds > 0:
        figures["batches"] = batches = bench_batches(batch_seconds, games_)
        out("Gymnasium SyncVectorEnv, random opponents: the learner's steps/s over the batch")
        out(f"  {'yuletide game':22s} {'8 envs':>10s} {'64 envs':>10s}")
        for game_id, by_size in batches.items():
            out(
                f"  {game_id:22s} {by_size['8']['steps_per_second']:10.0f}"
                f" {by_size['64']['steps_per_second']:10.0f}"
            )
    if not ismcts_games and not (matches and head_to_head_game):
        out("no game given for the ISMCTS comparison (--ismcts-games, --head-to-head): skipped")
        return figures
    try:
        import pyspiel  # noqa: F401, PLC0415
    except ImportError:
        out("OpenSpiel is not installed (pip install 'yuletide[openspiel]'): ISMCTS skipped")
        return figures
    out(f"ISMCTS iterations/s, {iterations} iterations a move over {positions} positions")
    figures["ismcts"] = []
    for game_id in ismcts_games:
        r = bench_ismcts(game_id, iterations, positions)
        figures["ismcts"].append(r)
        out(
            f"  {game_id:22s} ours {r['ours_iterations_per_second']:8.0f}   OpenSpiel"
            f" {r['openspiel_iterations_per_second']:8.0f}   x {r['ratio']:.2f}"
        )
    if matches and head_to_head_game:
        h = head_to_head(head_to_head_game, match_iterations, matches)
        figures["head_to_head"] = h
        low, high = h["interval_95"]
        out(
            f"Head to head, {h['game']}, {match_iterations} iterations a move, {matches} games:"
            f" ours {h['ours_won']} - OpenSpiel {h['openspiel_won']}"
            f" ({h['shared_or_unfinished']} shared): win rate {h['win_rate']:.3f}"
            f" [95% {low:.3f}, {high:.3f}]"
        )
    return figures


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m yuletide.rl.bench",
        description="The RL side-by-side (see the module docstring), with the default budget.",
    )
    p.add_argument("json", nargs="?", default=None, help="write the figures to this JSON file")
    p.add_argument(
        "--ismcts-games",
        type=_names,
        default=(),
        metavar="GAME[,GAME...]",
        help="the games of the ISMCTS speed comparison (default: none, skipped)",
    )
    p.add_argument(
        "--targets",
        type=_targets,
        default={},
        metavar="GAME=SHARE[,...]",
        help="a game's share of RLCard's UNO to reach (every game: 1.5x the poker envs)",
    )
    p.add_argument(
        "--head-to-head",
        default=None,
        metavar="GAME",
        help="the game of the head-to-head match (default: none, skipped)",
    )
    return p


def _targets(text: str) -> dict[str, float]:
    out = {}
    for part in _names(text):
        name, _, share = part.partition("=")
        try:
            out[name.strip()] = float(share)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"a target is GAME=SHARE (a game id and a share of UNO, e.g. =0.5), got {part!r}"
            ) from None
    return out


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m yuletide.rl.bench [JSON] [--ismcts-games G,G] [--head-to-head G]``: the
    side-by-side with the default budget, its figures written to JSON when a path is
    given (``make bench`` passes the games)."""
    import json  # noqa: PLC0415

    args = build_parser().parse_args(argv)
    known = set(games())
    named = (*args.ismcts_games, *([args.head_to_head] if args.head_to_head else []))
    for game_id in (*named, *args.targets):
        if game_id not in known:
            build_parser().error(f"no game {game_id!r}; games: {', '.join(sorted(known))}")
    figures = run(
        ismcts_games=args.ismcts_games,
        head_to_head_game=args.head_to_head,
        targets=args.targets,
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
