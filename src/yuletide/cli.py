"""The ``yuletide`` command: list, simulate, play, replay, bench."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .core.errors import YuletideError
from .core.registry import game_class, game_info, games


def _parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with value read as JSON where it parses (true, 12), else text."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"an option is name=value, got {text!r}")
    name, raw = text.split("=", 1)
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def _options(pairs: Sequence[tuple[str, Any]] | None) -> dict[str, Any]:
    return dict(pairs or [])


def cmd_list(args: argparse.Namespace) -> int:
    infos = [game_info(g) for g in games()]
    if args.json:
        print(json.dumps(infos, indent=2))
        return 0
    for info in infos:
        span = (
            str(info["min_players"])
            if info["min_players"] == info["max_players"]
            else f"{info['min_players']}-{info['max_players']}"
        )
        print(
            f"{info['id']:<20} {span:>4} players  {info['title']} (rules v{info['rules_version']})"
        )
        for opt in info["options"]:
            print(f"{'':<22}--option {opt['name']}={json.dumps(opt['default'])}  {opt['doc']}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .sim.stats import simulate

    game_class(args.game)
    bots = args.bots.split(",") if args.bots else None
    if bots is not None and len(bots) == 1:
        bots = bots * args.players
    reactions = args.reaction.split(",") if args.reaction else None
    progress = None
    bar_ctx: Any = None
    if not args.json and args.games >= 200 and sys.stderr.isatty():
        try:
            from rich.progress import Progress

            bar_ctx = Progress(transient=True)
        except ImportError:  # the cli extra is not installed: no bar
            bar_ctx = None
    if bar_ctx is not None:
        with bar_ctx as bar:
            task = bar.add_task(f"{args.game} x{args.games}", total=args.games)
            report = simulate(
                args.game,
                args.games,
                args.players,
                args.seed,
                bots=bots,
                options=_options(args.option),
                workers=args.workers,
                progress=lambda n: bar.advance(task, n),
                reactions=reactions,
                time_limit=args.time_limit,
            )
    else:
        report = simulate(
            args.game,
            args.games,
            args.players,
            args.seed,
            bots=bots,
            options=_options(args.option),
            workers=args.workers,
            progress=progress,
            reactions=reactions,
            time_limit=args.time_limit,
        )
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{report['game']}: {report['games']} games, {report['players']} players,"
        f" seed {report['seed']}"
    )
    for s in report["seats"]:
        lo, hi = s["ci95"]
        speed = f", reacts in {s['reaction']}" if args.reaction else ""
        print(
            f"  seat {s['seat']} ({s['bot']}{speed}): win rate {s['win_rate']:.3f}"
            f"  95% CI [{lo:.3f}, {hi:.3f}]"
        )
    print(f"  shared wins: {report['shared_wins']}   no winner: {report['no_winner']}")
    print(
        f"  length (decisions): mean {report['length_mean']:.1f},"
        f" median {report['length_median']:.1f}"
    )
    print(f"  unfinished rate: {report['unfinished_rate']:.3f}")
    if args.time_limit is not None:
        print(
            f"  time limit {args.time_limit:g}s: {report['forced_actions']} forced actions;"
            f" mean table time {report['table_seconds_mean']:.1f}s"
        )
    print(
        f"  speed: {report['games_per_second']:.1f} games/s,"
        f" {report['decisions_per_second']:.0f} decisions/s"
    )
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .bots.base import ReactionTime
    from .terminal import play

    reaction = ReactionTime.parse(args.reaction) if args.reaction else None
    return play(
        args.game,
        players=args.players,
        seat=args.seat,
        seed=args.seed,
        options=_options(args.option),
        bots=args.bots or "random",
        save=args.save,
        stdin=sys.stdin,
        stdout=sys.stdout,
        reaction=reaction,
        time_limit=args.time_limit,
    )


def cmd_replay(args: argparse.Namespace) -> int:
    from .terminal import replay

    return replay(args.file, seat=args.seat, step=not args.all, stdin=sys.stdin, stdout=sys.stdout)


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import main as bench_main

    return bench_main(seconds=args.seconds, json_path=args.json, games=args.game or None)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="yuletide", description="Play, study and train AI on Christmas tabletop games."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="games, player counts, options with defaults")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("simulate", help="play many games between bots and report statistics")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help="bot names, one or one per seat, comma-separated (random)")
    p.add_argument("--workers", type=int, default=1, help="processes (results do not change)")
    p.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE")
    p.add_argument(
        "--reaction",
        metavar="MEAN[:SPREAD[:DIST]],...",
        help="bot reaction times in seconds, one for all or one per seat, comma-separated"
        " (DIST: uniform, normal, lognormal, fixed; default 1:0.25 uniform); they order the"
        " actions of seats that may act at once, so faster bots win races",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="table time limit after which a timed game forces an action (Reindeer's Nose:"
        " seats still not pointing are marked as pointing, the slowest last)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("play", help="play in the terminal against bots")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seed", type=int, default=None, help="default: a fresh random seed")
    p.add_argument("--bots", help="bot name for the other seats (random)")
    p.add_argument(
        "--save", help="where to save the replay record (default: ./<game>-<seed>.replay.json)"
    )
    p.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE")
    p.add_argument(
        "--reaction",
        metavar="MEAN[:SPREAD[:DIST]]",
        help="real-time games: the bots' reaction time in seconds (default 4:1.5 uniform)",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="real-time games: table time limit after which a seat's action is forced",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="step through a saved game as a seat or spectator")
    p.add_argument("file")
    p.add_argument("--seat", type=int, default=None, help="default: spectator")
    p.add_argument("--all", action="store_true", help="print every step without pausing")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="random-playout speed of every game")
    p.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    p.add_argument("--game", action="append", help="only these games")
    p.add_argument("--json", help="also write the figures to this JSON file")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except (YuletideError, ValueError) as err:
        print(f"yuletide: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
