"""``yuletide lab``: the command line of the balance lab.

:func:`add_lab_parser` adds the ``lab`` command and its subcommands to the ``yuletide``
parser. It imports nothing heavy: each subcommand's work lives in
:mod:`yuletide.lab.commands`, imported when the subcommand runs, so ``yuletide list``
starts as fast as before and works without the lab extra. Each subcommand sets the
``func``, ``check`` and ``parser`` defaults the ``yuletide`` command runs (a ValueError
from ``check`` is a bad argument: exit 2 with a usage line).
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Callable
from typing import Any

_NO_LAB = "the lab needs the [lab] extra (matplotlib, openskill): pip install 'yuletide[lab]'"
_EXTRAS = ("matplotlib", "openskill")


def _commands() -> Any:
    try:
        return importlib.import_module("yuletide.lab.commands")
    except ModuleNotFoundError as err:
        if err.name and err.name.split(".")[0] in _EXTRAS:
            raise ValueError(f"{_NO_LAB} ({err.name} is missing)") from err
        raise


def _lazy(name: str) -> Callable[[argparse.Namespace], Any]:
    """The command (or check) ``name`` of :mod:`yuletide.lab.commands`, imported on use."""

    def call(args: argparse.Namespace) -> Any:
        return getattr(_commands(), name)(args)

    call.__name__ = name
    return call


def _option(text: str) -> tuple[str, Any]:
    """``--option name=value``: value read as JSON where it parses, else text."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is name=value, got {text!r}")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        value = raw
    return name.strip(), value


def _counts(text: str) -> list[int]:
    """``--players 2,3,4`` (or ``2-4``)."""
    out: list[int] = []
    for part in text.split(","):
        lo, dash, hi = part.strip().partition("-")
        try:
            if dash:
                out.extend(range(int(lo), int(hi) + 1))
            else:
                out.append(int(lo))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"player counts are whole numbers, comma-separated or a range (2,3,4 or 2-4);"
                f" got {text!r}"
            ) from None
    return out


def _run_arguments(p: argparse.ArgumentParser, games: int) -> None:
    """The arguments every playing subcommand shares."""
    p.add_argument(
        "--games",
        type=int,
        default=games,
        help=f"deals (default {games}); every line-up, rotation and variant plays each one",
    )
    p.add_argument("--seed", type=int, default=0, help="the seed the deals derive from (0)")
    p.add_argument(
        "--option",
        action="append",
        type=_option,
        metavar="NAME=VALUE",
        help="a game option for every game (yuletide list shows them)",
    )
    p.add_argument(
        "--backend",
        choices=("pool", "ray"),
        default="pool",
        help="pool: processes on this machine (default); ray: Ray tasks (local, or --address)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes (pool) or CPUs of a local Ray; results do not change (default 1)",
    )
    p.add_argument(
        "--address", default=None, help="a Ray cluster to join (auto, ray://host:10001, ...)"
    )
    p.add_argument(
        "--store",
        default=None,
        metavar="PATH",
        help="the SQLite results file (default: lab.sqlite3 in the user data directory)",
    )
    p.add_argument(
        "--out",
        default=".",
        metavar="DIR",
        help="where the raw results (JSON and CSV) are written (default: here)",
    )
    p.add_argument("--fresh", action="store_true", help="play every game again, ignoring stored")
    p.add_argument("--chunk", type=int, default=None, help="games per task (default: automatic)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")


def add_lab_parser(sub: Any) -> argparse.ArgumentParser:
    """Add ``lab`` (tournament, compare, report, runs, scaling) to ``sub``, the
    ``yuletide`` parser's subparsers; the ``lab`` parser."""
    lab: argparse.ArgumentParser = sub.add_parser(
        "lab",
        help="balance lab: tournaments, variant comparisons, HTML reports (needs [lab])",
        description="The balance lab: every game played on paired deals, results stored in"
        " SQLite as they come (interrupt and resume), raw results as JSON and CSV.",
    )
    commands = lab.add_subparsers(dest="lab_command", required=True)

    p = commands.add_parser(
        "tournament",
        help="round robin of bots with seat rotations on paired deals; ratings",
        description="Every line-up of the bots plays every deal in every seat rotation."
        " --games is the number of deals; the total is printed before playing.",
    )
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="default: the game's usual count")
    p.add_argument(
        "--bots",
        required=True,
        help="two or more bots, comma-separated: random, easy, medium, hard, ismcts, ... or"
        " package.module:ClassName",
    )
    p.add_argument(
        "--html", default=None, metavar="PATH", help="default: OUT/<game>-tournament.html"
    )
    _run_arguments(p, games=100)
    p.set_defaults(func=_lazy("cmd_tournament"), check=_lazy("check_tournament"), parser=p)

    p = commands.add_parser(
        "compare",
        help="rule variants (or bots) on the same deals: paired differences, Holm-corrected",
        description="Each --variant plays the same deals; the first is the baseline (with one"
        " --variant, the game's defaults are). A variant is name=value pairs separated by"
        " spaces, e.g. 'free_actions=0' or 'difficulty=hard turn_limit=300'; 'bots=a,b' sets"
        " its bots; 'default' is the game's defaults.",
    )
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="default: the game's usual count")
    p.add_argument(
        "--variant",
        action="append",
        required=True,
        metavar="'NAME=VALUE ...'",
        help="game options (and bots=...) of one arm; repeat for each arm",
    )
    p.add_argument(
        "--bots", default=None, help="one bot for every seat or one per seat (default: medium)"
    )
    p.add_argument("--html", default=None, metavar="PATH", help="default: OUT/<game>-compare.html")
    _run_arguments(p, games=200)
    p.set_defaults(func=_lazy("cmd_compare"), check=_lazy("check_compare"), parser=p)

    p = commands.add_parser(
        "sweep",
        help="one option over a range on the same deals: every metric against the value",
        description="--option NAME=LO..HI[:STEP] names the option swept (other --option"
        " values are fixed); every value plays the same deals, the first is the baseline of"
        " the paired differences. Writes a page with every metric plotted against the value.",
    )
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="default: the game's usual count")
    p.add_argument("--bots", default=None, help="one bot for every seat or one per seat")
    p.add_argument("--html", default=None, metavar="PATH", help="default: OUT/<game>-sweep.html")
    _run_arguments(p, games=100)
    p.set_defaults(func=_lazy("cmd_sweep"), check=_lazy("check_sweep"), parser=p)

    p = commands.add_parser(
        "tune",
        help="search options for a target by successive halving (docs/lab.md)",
        description="Every combination of the ranged --option values (NAME=LO..HI[:STEP])"
        " plays --first deals; the half furthest from --target is dropped and the rest play"
        " twice as many, within --budget games; the last two share what is left. --target is"
        " a compare metric and a value: 'seat 0 wins=fair', 'minutes=30', 'length=200'.",
    )
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="default: the game's usual count")
    p.add_argument("--bots", default=None, help="one bot for every seat or one per seat")
    p.add_argument("--target", required=True, metavar="METRIC=VALUE")
    p.add_argument("--first", type=int, default=20, help="deals per setting in round one (20)")
    p.add_argument("--budget", type=int, default=2000, help="games the search may play (2000)")
    _run_arguments(p, games=0)
    p.set_defaults(func=_lazy("cmd_tune"), check=_lazy("check_tune"), parser=p)

    p = commands.add_parser(
        "report",
        help="one self-contained HTML balance report with plots",
        description="Seat advantage per player count, game length, scores, unfinished and"
        " tie-break rates, the game's own details and a summary, in one HTML file that opens"
        " offline. Solo games are played at each difficulty instead of each player count.",
    )
    p.add_argument("game")
    p.add_argument(
        "--players",
        type=_counts,
        default=None,
        metavar="N[,N...]",
        help="player counts (2,3,4 or 2-4; default: every count the game allows)",
    )
    p.add_argument(
        "--bots",
        default=None,
        help="one bot for every seat (default: medium), or several: a line-up played in"
        " every seat rotation",
    )
    p.add_argument("--html", default=None, metavar="PATH", help="default: OUT/<game>-report.html")
    p.add_argument(
        "--reference",
        type=int,
        default=0,
        metavar="K",
        help="also play the first K deals with the strong reference player (hard at a fixed"
        " budget, yuletide.lab.reference) and compare its balance figures with the bots'",
    )
    _run_arguments(p, games=200)
    p.set_defaults(func=_lazy("cmd_report"), check=_lazy("check_report"), parser=p)

    p = commands.add_parser("runs", help="the runs in the results store")
    p.add_argument("--store", default=None, metavar="PATH")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_lazy("cmd_runs"), check=_lazy("check_runs"), parser=p)

    p = commands.add_parser(
        "scaling",
        help="measure games/s with 1 and 2 workers on the pool and on Ray, and the overhead"
        " per task",
    )
    p.add_argument(
        "--game",
        required=True,
        help="the game played (any game: the measurement is of the backends; docs/lab.md"
        " gives the one its figures were measured with)",
    )
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="random")
    p.add_argument("--games", type=int, default=400, help="games per measurement (400)")
    p.add_argument("--chunk", type=int, default=8, help="games per task (8)")
    p.add_argument(
        "--workers",
        type=_counts,
        default=[1, 2],
        metavar="N[,N...]",
        help="worker counts to measure (1,2)",
    )
    p.add_argument(
        "--backend", action="append", choices=("pool", "ray"), help="default: pool and ray"
    )
    p.add_argument("--overhead-tasks", type=int, default=400, help="empty tasks timed (400)")
    p.add_argument(
        "--alternate",
        type=int,
        default=0,
        metavar="R",
        help="instead: the pool as the lab runs it, 1 and 2 workers in turn R times (side by"
        " side on a shared machine), with where the time went",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_lazy("cmd_scaling"), check=_lazy("check_scaling"), parser=p)
    return lab
