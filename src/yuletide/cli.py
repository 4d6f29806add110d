"""The ``yuletide`` command: list, rules, simulate, play, replay, review, bench, serve,
migrate, lab.

Exit status: 0 when the command did its work; 2 for a bad argument (a count below 1, a
time that is not a number of seconds > 0, a player count, seat, bot or option the game
does not have) or an unreadable or corrupt file, with the reason on stderr in argparse's
form (``yuletide simulate: error: --games must be at least 1, got -5``; arguments are
checked before anything is played, and a usage line comes first as argparse prints
one); 1 when ``play`` could not save its replay record; 130 after Ctrl-C; and 141
(128 + SIGPIPE) when the output is closed before the command is done
(``yuletide replay FILE --all | head -1``): it stops at once and quietly, with the
status ``cat``, ``git`` and the other tools of a pipeline report when killed by SIGPIPE.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .core.errors import YuletideError
from .core.registry import game_class, game_info, games, new_game
from .lab.cli import add_lab_parser

#: The exit status after the output pipe was closed (the shell's status of a command
#: killed by SIGPIPE, as ``yes | head -1`` reports for ``yes``).
EXIT_CLOSED_PIPE = 128 + int(getattr(signal, "SIGPIPE", 13))


def _parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with value read as JSON where it parses (true, 12), else text."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is name=value, got {text!r}")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON (or absurdly nested): the text itself
        value = raw
    return name.strip(), value


def _options(pairs: Sequence[tuple[str, Any]] | None) -> dict[str, Any]:
    return dict(pairs or [])


# ---------------------------------------------------------- argument checks
# Each command's ``check`` runs before the command does anything; a ValueError (or an
# engine error: YuletideError is a ValueError) there is a bad argument: exit 2.


def _at_least_one(flag: str, value: int) -> None:
    if value < 1:
        raise ValueError(f"{flag} must be at least 1, got {value}")


def _seconds(flag: str, value: float | None) -> None:
    if value is not None and not (math.isfinite(value) and value > 0):
        raise ValueError(f"{flag} must be a number of seconds > 0, got {value:g}")


def _reactions(flag: str, text: str, players: int) -> list[Any]:
    """``--reaction``: one time for every seat or one per seat, each parsed."""
    from .bots.base import ReactionTime

    parts = text.split(",")
    try:
        parsed = [ReactionTime.parse(part) for part in parts]
    except ValueError as err:
        raise ValueError(f"{flag}: {err}") from None
    if len(parsed) not in (1, players):
        raise ValueError(
            f"{flag} gives one time for every seat or one per seat: {players} players need"
            f" 1 or {players} reaction times, got {len(parsed)}"
        )
    return parsed


def _bot_names(text: str | None, game_id: str, players: int) -> list[str]:
    """``--bots``: one name for every seat or one per seat, each made for the game."""
    names = [name.strip() for name in (text or "random").split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(
            f"--bots names one bot for every seat or one per seat: {players} players need"
            f" 1 or {players} bots, got {len(names)}"
        )
    for name in dict.fromkeys(names):
        _check_bot_name(name, game_id)
    return names


def _check_bot_name(name: str, game_id: str) -> None:
    """A bot name the command line accepts for ``game_id``: a built-in bot or level
    (``easy``, ``medium``, ``hard``), or a bot of the user's own, ``module:Class``,
    which is imported and registered here (``yuletide.bots.load_bot``)."""
    from .bots import check_bot, load_bot

    if ":" in name:
        load_bot(name)
    check_bot(name, game_id)


def _writable(flag: str, path: str) -> None:
    """A file ``path`` can be written (checked before a game or a run is spent)."""
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"{flag} {path} is a directory; give a file name")
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"{flag} {path}: there is no directory {folder}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{flag} {path}: the directory {folder} is not writable")


def check_simulate(args: argparse.Namespace) -> None:
    _at_least_one("--games", args.games)
    _at_least_one("--workers", args.workers)
    _seconds("--time-limit", args.time_limit)
    state = new_game(args.game, players=args.players, seed=args.seed, **_options(args.option))
    args.players = state.players  # None: the game's usual count, as play has it
    args.bot_names = _bot_names(args.bots, state.game_id, state.players)
    args.reactions = (
        _reactions("--reaction", args.reaction, state.players) if args.reaction else None
    )


def check_play(args: argparse.Namespace) -> None:
    from .bots.base import ReactionTime

    if args.join:
        _check_join(args)
        return
    if args.game is None and args.resume is None:
        raise ValueError(f"which game? give one of: {', '.join(games())} (or --resume FILE)")
    if args.resume is not None:
        from .terminal import open_replay

        record = open_replay(args.resume, None)  # CorruptSave: exit 2
        if args.game is not None and args.game != record.game:
            raise ValueError(f"--resume {args.resume} is a game of {record.game}, not {args.game}")
        args.game, args.players, args.seed = record.game, record.players, record.seed
        args.option = list(record.options.items()) or None
        args.resume_record = record
    _seconds("--time-limit", args.time_limit)
    try:
        args.reaction_time = ReactionTime.parse(args.reaction) if args.reaction else None
    except ValueError as err:
        raise ValueError(f"--reaction: {err}") from None
    seed = 0 if args.seed is None else args.seed
    state = new_game(args.game, players=args.players, seed=seed, **_options(args.option))
    args.seat = 0 if args.seat is None else _seat_number("--seat", args.seat, state.players)
    _check_bot_name((args.bots or "random").strip(), state.game_id)
    args.bots = (args.bots or "random").strip()
    if args.save:
        _writable("--save", args.save)
        if Path(args.save).exists():
            raise ValueError(
                f"--save {args.save} exists already: give a new file name (a game is never"
                " saved over another), or leave --save out to save in your data folder"
            )


def _seat_number(flag: str, number: int, players: int) -> int:
    """A seat as people count it (from 1, as every screen does) as the engine's seat
    (from 0); ValueError gives the allowed range."""
    if not 1 <= number <= players:
        raise ValueError(
            f"{flag} {number}: seats are counted from 1 (1: the first seat); this game has"
            f" seats 1 to {players}"
        )
    return number - 1


def _check_join(args: argparse.Namespace) -> None:
    from .terminal.remote import parse_invite

    given = [f for f in ("game", "resume", "save", "seed", "players") if getattr(args, f)]
    if given or args.bots:
        raise ValueError(
            "--join sits at a table the server deals: the game, its players, seed and bots"
            " are the table's (leave out " + ", ".join(given or ["--bots"]) + ")"
        )
    args.invite = parse_invite(args.join)  # ValueError saying what an invite link is


def check_bench(args: argparse.Namespace) -> None:
    _seconds("--seconds", args.seconds)
    for game_id in args.game or []:
        game_class(game_id)
    if args.json:
        _writable("--json", args.json)


def _no_check(args: argparse.Namespace) -> None:
    """Commands whose arguments argparse checks in full, or that check a file as they
    open it (replay: the file and the seat are reported without a usage line)."""


def cmd_list(args: argparse.Namespace) -> int:
    infos = [game_info(g) for g in games()]
    if args.json:
        print(json.dumps(infos, indent=2))
        return 0
    for info in infos:
        lo, hi = info["min_players"], info["max_players"]
        span = "solo" if hi == 1 else f"{lo} players" if lo == hi else f"{lo}-{hi} players"
        print(f"{info['id']:<20} {span:>11}  {info['title']} (rules v{info['rules_version']})")
        for opt in info["options"]:
            print(f"{'':<22}--option {opt['name']}={json.dumps(opt['default'])}  {opt['doc']}")
    return 0


def check_rules(args: argparse.Namespace) -> None:
    from .docs import RULINGS_ID

    if args.game is not None and args.game != RULINGS_ID and args.game not in games():
        raise ValueError(
            f"no game {args.game!r}; games: {', '.join(games())};"
            f" or {RULINGS_ID!r}: the rulings page"
        )


def cmd_rules(args: argparse.Namespace) -> int:
    """A game's rules page as it is written (Markdown), the rulings page, or the list."""
    from .docs import RULINGS_ID, RULINGS_TITLE, page

    if args.game is not None:
        sys.stdout.write(page(args.game))
        return 0
    for game_id in games():
        print(f"{game_id:<20} {game_class(game_id).title}")
    print(f"{RULINGS_ID:<20} {RULINGS_TITLE}: what every game's page cites")
    print("\nyuletide rules GAME prints that game's rules.")
    return 0


def _report_fields(report: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The report without the fields of a clock the games never used: reaction times and
    table time only for a real-time game, or when --reaction / --time-limit were given."""
    from .core.simultaneous import is_real_time

    if is_real_time(game_class(args.game)):
        return report
    out = dict(report)
    if args.time_limit is None:
        for key in ("table_seconds_mean", "forced_actions", "time_limit"):
            out.pop(key, None)
    if not args.reaction:
        out["seats"] = [{k: v for k, v in s.items() if k != "reaction"} for s in report["seats"]]
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    from .sim.stats import simulate

    bots = args.bot_names
    reactions = args.reactions
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
        print(json.dumps(_report_fields(report, args), indent=2))
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


def _use_app(args: argparse.Namespace) -> bool:
    """The Textual table when both ends are a terminal and the cli extra is installed."""
    if args.transcript or not (sys.stdout.isatty() and sys.stdin.isatty()):
        return False
    try:
        import textual  # noqa: F401 (only to see that it is installed)
    except ImportError:
        print(
            "(the table needs the cli extra: pip install 'yuletide[cli]'; playing as text)",
            file=sys.stderr,
        )
        return False
    return True


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play

    if args.join:
        from .terminal.remote import join

        return join(args.invite, mono=args.mono, app=_use_app(args))
    save = args.save
    if args.resume is not None:
        save = args.resume
    elif save is None:
        from .terminal.saves import fresh_path

        if args.seed is None:
            import secrets

            args.seed = secrets.randbelow(2**31)
        save = str(fresh_path(args.game, args.seed))
        Path(save).parent.mkdir(parents=True, exist_ok=True)
    same: dict[str, Any] = {
        "players": args.players,
        "seat": args.seat,
        "seed": args.seed,
        "options": _options(args.option),
        "bots": args.bots or "random",
        "save": save,
        "resume": getattr(args, "resume_record", None),
        "reaction": args.reaction_time,
        "reaction_text": args.reaction,
        "time_limit": args.time_limit,
    }
    if _use_app(args):
        from .terminal.play import play_app

        return play_app(args.game, resume_path=args.resume, mono=args.mono, **same)
    return play(args.game, stdin=sys.stdin, stdout=sys.stdout, **same)


def cmd_replay(args: argparse.Namespace) -> int:
    from .terminal import open_replay, show_replay

    record = open_replay(args.file, None)  # CorruptSave: exit 2
    seat = None if args.seat is None else _seat_number("--seat", args.seat, record.players)
    if not args.all and _use_app(args):
        from .terminal.play import replay_app

        return replay_app(record, seat=seat, mono=args.mono, path=args.file)
    return show_replay(record, seat=seat, step=not args.all, stdin=sys.stdin, stdout=sys.stdout)


def cmd_review(args: argparse.Namespace) -> int:
    from .terminal import open_replay
    from .terminal.review import run

    record = open_replay(args.file, None)  # CorruptSave: exit 2
    seat = _seat_number("--seat", args.seat, record.players)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rjudging your decisions: {done}/{total}", end="", file=sys.stderr)
            if done == total:
                print(file=sys.stderr)

    return run(
        args.file,
        seat,
        mode=args.mode,
        iterations=args.iterations,
        html_path=args.html,
        json_path=args.json,
        stdout=sys.stdout,
        progress=progress,
    )


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import main as bench_main

    try:
        return bench_main(seconds=args.seconds, json_path=args.json, games=args.game or None)
    except BrokenPipeError:
        raise
    except OSError as err:  # the --json file could not be written after all
        raise ValueError(f"cannot write {args.json}: {err.strerror or err}") from err


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="yuletide", description="Play, study and train AI on Christmas tabletop games."
    )
    parser.add_argument("--version", action="version", version=f"yuletide {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="games, player counts, options with defaults")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(func=cmd_list, check=_no_check, parser=p)

    p = sub.add_parser("rules", help="a game's rules page; 'rules rulings': the rulings")
    p.add_argument("game", nargs="?", help="a game id or 'rulings' (none: list the games)")
    p.set_defaults(func=cmd_rules, check=check_rules, parser=p)

    p = sub.add_parser(
        "simulate",
        help="play many games between bots and report statistics",
        description="Play many games between bots and report win rates, lengths and speed.",
        epilog=_games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="the game (its id: see the list below, or yuletide list)")
    p.add_argument("--games", type=int, default=1000, help="how many games (1000)")
    p.add_argument(
        "--players", type=int, default=None, help="how many players (default: the game's usual)"
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the run's seed (0): game i is dealt from a stream of its own, so two seeds"
        " share no deal and the same seed plays the same games",
    )
    p.add_argument(
        "--bots",
        help="bot names, one or one per seat, comma-separated (random): random, easy, medium,"
        " hard, ismcts, ... or a bot of your own as package.module:ClassName",
    )
    p.add_argument("--workers", type=int, default=1, help="processes (results do not change)")
    p.add_argument(
        "--option",
        action="append",
        type=_parse_option,
        metavar="NAME=VALUE",
        help="a game option (repeat for more; yuletide list shows each game's)",
    )
    p.add_argument(
        "--reaction",
        metavar="MEAN[:SPREAD[:DIST]],...",
        help="bot reaction times in seconds, one for all or one per seat, comma-separated"
        " (DIST: uniform, normal, lognormal, exgauss (add :TAIL), fixed), or a level's"
        " name (easy, medium, hard: a person's times, docs/realtime.md); default: each"
        " bot's own (a level's, else 1:0.25 uniform); they order the actions of seats"
        " that may act at once, so faster bots win races",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="table time limit after which a timed game forces an action (Reindeer's Nose:"
        " seats still not pointing are marked as pointing, the slowest last)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=cmd_simulate, check=check_simulate, parser=p)

    p = sub.add_parser(
        "play",
        help="play in the terminal against bots, or at a server table (--join)",
        description="Play a game in the terminal: the table when the output is a terminal,\n"
        "plain text lines otherwise (pipes, scripts, screen readers).",
        epilog=_games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "game", nargs="?", help="the game (its id: see the list below, or yuletide list)"
    )
    p.add_argument(
        "--players", type=int, default=None, help="how many players (default: the game's usual)"
    )
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="N",
        help="your seat, counted from 1 as the screens count people (1: the first seat,"
        " the default)",
    )
    p.add_argument("--seed", type=int, default=None, help="the deal (default: a fresh random one)")
    p.add_argument(
        "--bots",
        metavar="LEVEL",
        help="who plays the other seats (random): easy, medium, hard, random, ismcts, ..."
        " or a bot of your own as package.module:ClassName",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="where to save the game (default: a new file in your data folder,"
        " ~/.local/share/yuletide/games on Linux); an existing file is never replaced",
    )
    p.add_argument(
        "--resume", metavar="FILE", help="continue a saved game (it is updated as you play)"
    )
    p.add_argument(
        "--join",
        metavar="URL",
        help="sit at a server table from its invite link (http://HOST/play/TABLE#seat=N&token=T)",
    )
    p.add_argument(
        "--mono", action="store_true", help="no colours: glyphs and names only (or set NO_COLOR)"
    )
    p.add_argument("--transcript", action="store_true", help="plain text lines even in a terminal")
    p.add_argument(
        "--option",
        action="append",
        type=_parse_option,
        metavar="NAME=VALUE",
        help="a game option (repeat for more; yuletide list shows each game's)",
    )
    p.add_argument(
        "--reaction",
        metavar="MEAN[:SPREAD[:DIST]]",
        help="real-time games: the bots' reaction time in seconds, or a level's name (easy,"
        " medium, hard: a person's times, docs/realtime.md) (default 4:1.5 uniform)",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="real-time games: table time limit after which a seat's action is forced",
    )
    p.set_defaults(func=cmd_play, check=check_play, parser=p)

    p = sub.add_parser(
        "replay",
        help="step through a saved game as a seat or spectator",
        description="Step through a saved game back and forth (the table in a terminal:"
        " ←/→ step, g go to a step, s watch as another seat); every card is shown after"
        " the last step.",
    )
    p.add_argument("file", help="a saved game (yuletide play saves one in your data folder)")
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="N",
        help="watch as this seat, counted from 1 (1: the first seat; default: a spectator)",
    )
    p.add_argument("--all", action="store_true", help="print every step as text without pausing")
    p.add_argument("--mono", action="store_true", help="no colours: glyphs and names only")
    p.add_argument("--transcript", action="store_true", help="plain text lines even in a terminal")
    p.set_defaults(func=cmd_replay, check=_no_check, parser=p)

    p = sub.add_parser(
        "review",
        help="review a finished game's decisions for one seat, with win chances",
        description="Judge every decision one seat made in a finished game by the hard"
        " bot's search: its win chance over the game, each decision's chance against the"
        " best move, the three costliest first (inaccuracy, mistake, blunder).",
    )
    p.add_argument("file", help="a finished game's saved replay (yuletide play saves one)")
    p.add_argument(
        "--seat",
        type=int,
        required=True,
        metavar="N",
        help="the seat to review, counted from 1 (1: the first seat)",
    )
    p.add_argument(
        "--mode",
        choices=("knew", "shown"),
        default="knew",
        help="knew: judge with what the seat knew at the time (default); shown: with every"
        " card shown, to learn what the deal held",
    )
    p.add_argument(
        "--iterations",
        type=int,
        default=400,
        metavar="N",
        help="playouts of the search at each decision (default 400; more: slower, surer)",
    )
    p.add_argument("--html", metavar="FILE", help="also write the review as a web page")
    p.add_argument("--json", metavar="FILE", help="also write the review as JSON")
    p.set_defaults(func=cmd_review, check=_no_check, parser=p)

    p = sub.add_parser("bench", help="random-playout speed of every game")
    p.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    p.add_argument("--game", action="append", help="only these games")
    p.add_argument("--json", help="also write the figures to this JSON file")
    p.set_defaults(func=cmd_bench, check=check_bench, parser=p)

    p = sub.add_parser("serve", help="run the game server (needs the [server] extra)")
    p.set_defaults(func=cmd_serve, check=check_serve, parser=p)
    _server_arguments(p)

    p = sub.add_parser("migrate", help="migrate a server database to the newest schema")
    p.add_argument("--db", default=None, metavar="URL", help="default: the embedded SQLite")
    p.set_defaults(func=cmd_migrate, check=_no_check, parser=p)

    add_lab_parser(sub)  # yuletide lab …: the balance lab (needs the [lab] extra to run)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("yuletide")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def _games_epilog() -> str:
    """The games, one a line with their titles, for a command's --help."""
    lines = ["games:"]
    for game_id in games():
        info = game_info(game_id)
        lo, hi = info["min_players"], info["max_players"]
        span = "solo" if hi == 1 else f"{lo} players" if lo == hi else f"{lo}-{hi} players"
        lines.append(f"  {game_id:<20} {info['title']} ({span})")
    lines.append("yuletide rules GAME prints a game's rules.")
    return "\n".join(lines)


def _server_arguments(p: argparse.ArgumentParser) -> None:
    try:
        from .server.serve import add_arguments
    except ImportError:  # no [server] extra: the command explains itself when run
        p.add_argument("rest", nargs=argparse.REMAINDER)
        return
    add_arguments(p)


_NO_SERVER = "the server needs the [server] extra: pip install 'yuletide[server]'"


def check_serve(args: argparse.Namespace) -> None:
    try:
        from .server.serve import check_serve as check
    except ImportError:
        raise ValueError(_NO_SERVER) from None
    check(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from .server.serve import cmd_serve as serve

    return serve(args)


def cmd_migrate(args: argparse.Namespace) -> int:
    try:
        from .server.serve import cmd_migrate as migrate
    except ImportError:
        raise ValueError(_NO_SERVER) from None
    return migrate(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (module docstring). Never raises for bad
    input, Ctrl-C or a closed output pipe."""
    try:
        code = _run(argv)
        sys.stdout.flush()  # buffered output meets a closed pipe here, not at exit
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_CLOSED_PIPE
    return code


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # --help (0), or a usage error argparse has printed (2)
        return done.code if isinstance(done.code, int) else 0 if done.code is None else 2
    command: argparse.ArgumentParser = args.parser
    try:
        try:
            args.check(args)
        except (YuletideError, ValueError) as err:  # a bad argument
            command.print_usage(sys.stderr)
            print(f"{command.prog}: error: {_reason(err)}", file=sys.stderr)
            return 2
        try:
            code: int = args.func(args)
        except (YuletideError, ValueError) as err:  # found on the way (a corrupt file)
            print(f"{command.prog}: error: {_reason(err)}", file=sys.stderr)
            return 2
    except KeyboardInterrupt:
        return 130
    return code


#: The longest reason printed whole: a message quoting a hostile input (a 100 kB action
#: text, a value nested a thousand deep) is cut in the middle rather than flood the screen.
MAX_REASON = 600


def _reason(err: Exception) -> str:
    text = str(err)
    if len(text) <= MAX_REASON:
        return text
    head, tail = text[: MAX_REASON * 2 // 3], text[-(MAX_REASON // 4) :]
    return f"{head} [... {len(text) - len(head) - len(tail)} characters left out ...] {tail}"


def _discard_stdout() -> None:
    """After a closed pipe: send what is still buffered for stdout (and is written at
    exit) to the null device, so the interpreter does not report the pipe again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
