"""Train a MaskablePPO agent (sb3-contrib) on a Yuletide game, on the CPU, and follow
its win rate against the built-in levels.

    pip install -e '.[train]'            # from a clone (torch==2.13.0, CPU build)
    python examples/train_maskable_ppo.py --game solo-lights --steps 200000
    python examples/train_maskable_ppo.py --game christmas-story --players 3 \\
        --opponents random --steps 300000

Every ``--eval-every`` steps the policy (deterministic, masked) plays ``--eval-games``
games against each of ``--eval-against`` (the other seats all played by that level; a
solo game has no opponents, so it is evaluated once) and the win rate is printed with
its 95% Wilson interval, with the CPU seconds used so far. The curve is written as JSON
next to the saved model (``--out``), and ``--plot`` draws it (matplotlib). The model is
saved, loaded back and evaluated once more, so what is saved is what was measured.

Environments: ``gymnasium.make("yuletide/<game>-v1", ...)`` through SB3's
``make_vec_env`` (``--n-envs`` copies in one process: cheaper per sample than one env);
``--reward dense`` shapes the reward by the game's progress (docs/rl.md);
``--self-play STEPS`` grows a pool of the learner's snapshots for its opponents.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import yuletide.rl.gymnasium as yg
from yuletide.core.registry import game_class, spec
from yuletide.rl.opponents import PolicyBot, Pool

#: The evaluation games' seeds start here (never the training envs' seeds).
EVAL_SEED = 10_000_000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(
    model: Any, game: str, players: int, level: str | None, *, games: int, seed: int
) -> dict[str, Any]:
    """The policy's win rate over ``games`` games (seeds ``seed`` on), masked and
    deterministic, the other seats played by ``level``."""
    kwargs: dict[str, Any] = {"players": players}
    if level is not None:
        kwargs["opponents"] = level
    env = gymnasium.make(yg.env_id(game), **kwargs).unwrapped
    wins = 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        while True:
            action, _ = model.predict(
                obs, action_masks=info["action_mask"].astype(bool), deterministic=True
            )
            obs, _reward, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                wins += bool(info.get("won"))
                break
    low, high = wilson(wins, games)
    return {
        "against": level or "solo",
        "games": games,
        "win_rate": wins / games,
        "interval_95": [low, high],
    }


def cpu_seconds() -> float:
    """CPU time of this process (the figure docs/rl.md quotes), not wall time."""
    return time.process_time()


class Snapshots(BaseCallback):  # type: ignore[misc]
    """Every ``every`` steps, a frozen copy of the learner joins the opponents' pool
    (saved and loaded back, so it no longer changes as training goes on)."""

    def __init__(self, pool: Pool, every: int, out: Path) -> None:
        super().__init__()
        self.pool = pool
        self.every = every
        self.out = out
        self.next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            path = self.out.with_name(f"{self.out.stem}-snapshot-{self.num_timesteps}.zip")
            path.parent.mkdir(parents=True, exist_ok=True)
            self.model.save(path)
            frozen = MaskablePPO.load(path, device="cpu")
            self.pool.add(PolicyBot.from_model(frozen, name=f"snapshot-{self.num_timesteps}"))
        return True


def train(args: argparse.Namespace) -> dict[str, Any]:
    torch.set_num_threads(1)  # a shared 2-core machine: one thread is the fastest here
    game = args.game
    players = args.players or game_class(game).default_players
    solo = spec(game).solo
    env_kwargs: dict[str, Any] = {"players": players, "reward": args.reward}
    pool: Pool | None = None
    if not solo:
        env_kwargs["opponents"] = args.opponents
        if args.self_play:
            # League play: every episode draws its opponents from this pool, which the
            # callback below grows with frozen snapshots of the learner. make_vec_env's
            # envs live in this process, so they all share the one pool.
            pool = Pool([args.opponents])
            env_kwargs["opponents"] = pool
    vec = make_vec_env(yg.env_id(game), n_envs=args.n_envs, seed=args.seed, env_kwargs=env_kwargs)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        learning_rate=args.learning_rate,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        gamma=args.gamma,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": [args.width, args.width]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    callback = None if pool is None else Snapshots(pool, args.self_play, Path(args.out))
    levels: list[str | None] = [None] if solo else list(args.eval_against)
    curve: list[dict[str, Any]] = []

    def checkpoint(steps: int) -> None:
        row: dict[str, Any] = {"steps": steps, "cpu_seconds": round(cpu_seconds(), 1)}
        for level in levels:
            r = evaluate(model, game, players, level, games=args.eval_games, seed=EVAL_SEED)
            row[r["against"]] = r
        curve.append(row)
        print(
            f"{steps:>9d} steps  cpu {row['cpu_seconds']:>7.1f}s  "
            + "  ".join(
                f"{k} {v['win_rate']:.2f} [{v['interval_95'][0]:.2f}, {v['interval_95'][1]:.2f}]"
                for k, v in row.items()
                if isinstance(v, dict)
            ),
            flush=True,
        )

    checkpoint(0)
    done = 0
    while done < args.steps:
        chunk = min(args.eval_every, args.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False, callback=callback)
        done += chunk
        checkpoint(done)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    loaded = MaskablePPO.load(out, device="cpu")
    again = {
        (lv or "solo"): evaluate(loaded, game, players, lv, games=args.eval_games, seed=EVAL_SEED)
        for lv in levels
    }
    result = {
        "game": game,
        "players": players,
        "opponents": None if solo else args.opponents,
        "reward": args.reward,
        "self_play": args.self_play,
        "snapshots": 0 if pool is None else len(pool.entries) - 1,
        "steps": args.steps,
        "n_envs": args.n_envs,
        "cpu_seconds": round(cpu_seconds(), 1),
        "torch": torch.__version__,
        "curve": curve,
        "reloaded": again,
    }
    out.with_suffix(".json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    if args.plot:
        plot(result, out.with_suffix(".png"))
    return result


def plot(result: dict[str, Any], path: Path) -> None:
    """The learning curve: win rate with its 95% interval against each level."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, ax = plt.subplots(figsize=(6, 3.6))
    curve = result["curve"]
    steps = [row["steps"] for row in curve]
    for key in [k for k in curve[0] if isinstance(curve[0][k], dict)]:
        rates = [row[key]["win_rate"] for row in curve]
        low = [row[key]["interval_95"][0] for row in curve]
        high = [row[key]["interval_95"][1] for row in curve]
        ax.plot(steps, rates, marker="o", label="alone" if key == "solo" else f"vs {key}")
        ax.fill_between(steps, low, high, alpha=0.2)
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title(
        f"MaskablePPO, {result['game']} ({result['players']} player"
        f"{'s' if result['players'] > 1 else ''}),"
        f" {result['cpu_seconds'] / 60:.1f} CPU-min"
    )
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="solo-lights")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--opponents", default="random", help="a level or bot name")
    p.add_argument("--reward", default="win", choices=("win", "score", "dense"))
    p.add_argument("--steps", type=int, default=200_000)
    p.add_argument("--n-envs", type=int, default=8)
    p.add_argument("--n-steps", type=int, default=256, help="rollout length per env")
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--learning-rate", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--width", type=int, default=128, help="hidden units per layer")
    p.add_argument("--eval-every", type=int, default=25_000)
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument(
        "--eval-against",
        type=lambda s: tuple(x for x in s.split(",") if x),
        default=("random", "easy", "medium"),
    )
    p.add_argument(
        "--self-play",
        type=int,
        default=0,
        metavar="STEPS",
        help="every STEPS steps add a frozen snapshot of the learner to the opponents' pool"
        " (each episode draws its opponents from --opponents and the snapshots); 0: off",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="runs/model.zip")
    p.add_argument("--plot", action="store_true", help="draw the curve (needs matplotlib)")
    return p


def main(argv: list[str] | None = None) -> int:
    result = train(build_parser().parse_args(argv))
    print(json.dumps({k: v for k, v in result.items() if k != "curve"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
