"""The lab's subcommands: argument checks (before anything is played), then run, print
and export. ``yuletide.lab.cli`` imports this module when a subcommand runs."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..bots import bots_for
from ..core.registry import game_class, spec
from . import analysis, export
from .backends import ray_available
from .plan import (
    Plan,
    Variant,
    check_bots,
    compare_plan,
    parse_variant,
    report_plan,
    tournament_plan,
)
from .progress import make_progress
from .runner import Outcomes, run_plan
from .store import Store

# ------------------------------------------------------------------ checks


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return dict(args.option or [])


def _default_bot(game_id: str) -> str:
    return "medium" if "medium" in bots_for(game_id) else "random"


def _names(text: str | None) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


def _check_run(args: argparse.Namespace) -> None:
    """The arguments every playing subcommand shares."""
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, got {args.games}")
    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    if args.chunk is not None and args.chunk < 1:
        raise ValueError(f"--chunk must be at least 1, got {args.chunk}")
    if args.backend == "ray":
        why = ray_available()
        if why:
            raise ValueError(f"--backend ray: {why}")
    elif args.address:
        raise ValueError("--address is for --backend ray (a Ray cluster's address)")
    out = Path(args.out)
    if not out.is_dir():
        raise ValueError(f"--out {args.out}: there is no directory {out}")
    if not os.access(out, os.W_OK):
        raise ValueError(f"--out {args.out}: the directory is not writable")
    if args.store is not None and Path(args.store).is_dir():
        raise ValueError(f"--store {args.store} is a directory; give a file name")


def _players(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    return cls.default_players if args.players is None else int(args.players)


def check_tournament(args: argparse.Namespace) -> None:
    _check_run(args)
    args.plan = tournament_plan(
        args.game,
        _players(args),
        _names(args.bots),
        args.games,
        seed=args.seed,
        options=_options(args),
    )


def check_compare(args: argparse.Namespace) -> None:
    _check_run(args)
    variants = [parse_variant(v) for v in args.variant]
    bots = _names(args.bots) or [_default_bot(args.game)]
    args.plan = compare_plan(
        args.game,
        _players(args),
        variants,
        bots,
        args.games,
        seed=args.seed,
        options=_options(args),
    )


def check_report(args: argparse.Namespace) -> None:
    _check_run(args)
    cls = game_class(args.game)
    counts = args.players or list(range(cls.min_players, cls.max_players + 1))
    # A solo game is reported per difficulty (its manifest's, easiest first).
    ladder = spec(args.game).difficulties if counts == [1] else ()
    if any(name in _options(args) for d in ladder for name in d.options):
        ladder = ()  # the user chose the difficulty: report that one
    variants = [Variant(d.label, dict(d.options)) for d in ladder]
    bots = _names(args.bots) or [_default_bot(args.game)]
    args.plan = report_plan(
        args.game,
        counts,
        bots,
        args.games,
        seed=args.seed,
        options=_options(args),
        variants=variants,
    )
    html = Path(args.html) if args.html else Path(args.out) / f"{args.game}-report.html"
    if html.is_dir() or not html.parent.is_dir():
        raise ValueError(f"--html {html}: give a file name in an existing directory")
    args.html_path = html


def check_runs(args: argparse.Namespace) -> None:
    if args.store is not None and Path(args.store).is_dir():
        raise ValueError(f"--store {args.store} is a directory; give a file name")


def check_scaling(args: argparse.Namespace) -> None:
    for flag, value in (
        ("--games", args.games),
        ("--chunk", args.chunk),
        ("--overhead-tasks", args.overhead_tasks),
    ):
        if value < 1:
            raise ValueError(f"{flag} must be at least 1, got {value}")
    if any(w < 1 for w in args.workers):
        raise ValueError(f"--workers must all be at least 1, got {args.workers}")
    args.backends = args.backend or (["pool", "ray"] if ray_available() is None else ["pool"])
    if "ray" in args.backends and ray_available():
        raise ValueError(f"--backend ray: {ray_available()}")
    game_class(args.game).new(args.players, 0)
    check_bots(_names(args.bots) or ["random"], args.game)


# ---------------------------------------------------------------- running


def _run(args: argparse.Namespace, plan: Plan) -> Outcomes:
    """Play the plan with the arguments' backend, store and progress bar; Ctrl-C says how
    to resume, then ends the command (exit 130)."""
    label = f"{plan.game} {plan.kind}"
    with Store(args.store) as store:
        try:
            return run_plan(
                plan,
                store,
                backend=args.backend,
                workers=args.workers,
                address=args.address,
                progress=make_progress(label, quiet=args.quiet),
                fresh=args.fresh,
                chunk=args.chunk,
            )
        except KeyboardInterrupt:
            done = len(store.get([t.key for t in plan.tasks]))
            print(
                f"\ninterrupted: {done} of {len(plan.tasks)} games are stored in"
                f" {store.path}; run the same command again to play the rest",
                file=sys.stderr,
            )
            raise


def _write_raw(args: argparse.Namespace, outcomes: Outcomes) -> tuple[Path, Path]:
    plan = outcomes.plan
    stem = f"{plan.game}-{plan.kind}-{plan.key[:8]}"
    return export.write_raw(Path(args.out), stem, plan, outcomes.results)


def _header(outcomes: Outcomes, what: str) -> str:
    plan = outcomes.plan
    return (
        f"{plan.game} {plan.kind}: {what} = {len(plan.tasks)} games"
        f" ({outcomes.played} played now, {outcomes.reused} from the store), seed"
        f" {plan.spec['seed']}, run {plan.key[:8]}"
    )


# -------------------------------------------------------------- formatting


def pct(est: dict[str, Any] | None) -> str:
    """A rate and its interval, in percent: ``52.1% [48.0, 56.2]``."""
    if not est or est["value"] != est["value"]:
        return "n/a"
    text = f"{100 * est['value']:.1f}%"
    if est["lo"] is not None:
        text += f" [{100 * est['lo']:.1f}, {100 * est['hi']:.1f}]"
    return text


def num(est: dict[str, Any] | None, digits: int = 1, sign: bool = False) -> str:
    """A mean and its interval: ``41.2 [39.8, 42.6]``."""
    if not est or est["value"] != est["value"]:
        return "n/a"
    f = f"{{:{'+' if sign else ''}.{digits}f}}"
    text = f.format(est["value"])
    if est["lo"] is not None:
        text += f" [{f.format(est['lo'])}, {f.format(est['hi'])}]"
    return text


def p_text(p: float | None) -> str:
    if p is None:
        return "p n/a"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _seat_line(seats: dict[str, Any]) -> str:
    parts = [f"seat {s['seat']} {pct(s['win_rate'])}" for s in seats["seats"]]
    tail = f"; fair share {100 * seats['fair']:.1f}%"
    if seats["p"] is not None:
        tail += f"; equal seats: chi-square {seats['chi2']:.2f}, {p_text(seats['p'])}"
    return ", ".join(parts) + tail


# ---------------------------------------------------------------- commands


def cmd_tournament(args: argparse.Namespace) -> int:
    plan: Plan = args.plan
    outcomes = _run(args, plan)
    summary = analysis.tournament_summary(outcomes)
    json_path, csv_path = _write_raw(args, outcomes)
    summary["raw"] = {"json": str(json_path), "csv": str(csv_path)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    rotations = len({t.rotation for t in plan.tasks})
    print(
        _header(
            outcomes,
            f"{plan.deals} deals x {_count(len(plan.groups), 'line-up')} x up to"
            f" {_count(rotations, 'rotation')}",
        )
    )
    ratings = {r["bot"]: r for r in summary["ratings"]}
    print(f"  {'bot':<16} {'win rate [95% CI]':<26} {'mean rank':<22} rating mu ± sigma (ordinal)")
    for row in summary["bots"]:
        r = ratings.get(row["bot"])
        rating = f"{r['mu']:.1f} ± {r['sigma']:.1f} ({r['ordinal']:.1f})" if r else "n/a"
        print(
            f"  {row['bot']:<16} {pct(row['win_rate']):<26} {num(row['mean_rank'], 2):<22} {rating}"
        )
    print(
        f"  pairs: win-rate difference on the same deals (Holm over {len(summary['pairs'])}"
        " pairs; * significant at 5%)"
    )
    for pair in summary["pairs"]:
        d = pair["win_rate_difference"]
        star = " *" if pair["significant"] else ""
        line = (
            f"    {pair['a']} - {pair['b']}: {num(_scaled(d), 1, sign=True)} points,"
            f" {p_text(d['p'])} (Holm {p_text(pair['p_holm'])}){star}"
        )
        print(line)
        if pair["a_ahead_of_b"]:
            extra = f"      at the same table {pair['a']} placed above {pair['b']} in"
            extra += f" {pct(pair['a_ahead_of_b'])}"
            if pair["score_margin"]:
                extra += f"; score margin {num(pair['score_margin'], 2, sign=True)}"
            print(extra)
        if pair["score_difference"]:
            print(f"      score difference {num(pair['score_difference'], 2, sign=True)}")
    if summary["players"] > 1:
        print(f"  seat advantage (each bot in each seat): {_seat_line(summary['seats'])}")
    print(f"  unfinished: {pct(summary['unfinished'])}")
    print(f"  raw results: {json_path}, {csv_path}")
    return 0


def _scaled(est: dict[str, Any]) -> dict[str, Any]:
    """A difference of rates in percentage points."""
    return {
        k: (v * 100 if isinstance(v, float) and k in ("value", "lo", "hi") else v)
        for k, v in est.items()
    }


def cmd_compare(args: argparse.Namespace) -> int:
    plan: Plan = args.plan
    outcomes = _run(args, plan)
    summary = analysis.compare_summary(outcomes)
    json_path, csv_path = _write_raw(args, outcomes)
    summary["raw"] = {"json": str(json_path), "csv": str(csv_path)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    bots = ",".join(dict.fromkeys(plan.groups[0].lineup))
    print(
        _header(
            outcomes,
            f"{len(plan.groups)} variants x {plan.deals} deals, {_n_players(summary['players'])},"
            f" bots {bots}",
        )
    )
    for v in summary["variants"]:
        print(f"  {v['label']}:")
        for name, est in v["metrics"].items():
            shown = num(est, 1) if name not in _rates(summary) else pct(est)
            print(f"    {name:<28} {shown}")
    print(
        f"  differences from {summary['baseline']!r}, paired by deal (Holm over"
        f" {summary['comparisons']} comparisons; * significant at 5%):"
    )
    unchanged: dict[str, list[str]] = {}
    for d in summary["differences"]:
        if d["unchanged"]:
            unchanged.setdefault(d["variant"], []).append(d["metric"])
            continue
        if d["p"] is None:
            continue
        rate = d["metric"] in _rates(summary)
        shown = num(_scaled(d) if rate else d, 1 if rate else 2, sign=True)
        unit = " points" if rate else ""
        star = " *" if d["significant"] else ""
        print(
            f"    {d['variant']}: {d['metric']:<24} {shown}{unit}, {p_text(d['p'])}"
            f" (Holm {p_text(d['p_holm'])}){star}"
        )
    for variant, names in unchanged.items():
        print(f"    {variant}: the same on every deal: {', '.join(names)}")
    print(f"  raw results: {json_path}, {csv_path}")
    return 0


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _n_players(n: int) -> str:
    return _count(n, "player")


def _rates(summary: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    for v in summary["variants"]:
        for name in v["metrics"]:
            if name in analysis.RATE_METRICS or name.endswith(" wins") or ": " in name:
                names.add(name)
    return names


def cmd_report(args: argparse.Namespace) -> int:
    from . import report  # noqa: PLC0415 (matplotlib: only the command that draws imports it)

    plan: Plan = args.plan
    outcomes = _run(args, plan)
    groups = analysis.summarise_groups(outcomes)
    json_path, csv_path = _write_raw(args, outcomes)
    document = report.build(plan, groups, raw=(json_path, csv_path))
    try:
        args.html_path.write_text(document.html, encoding="utf-8")
    except OSError as err:
        raise ValueError(f"cannot write {args.html_path}: {err}") from err
    if args.json:
        print(json.dumps({"groups": groups, "findings": document.findings}, indent=2))
        return 0
    print(_header(outcomes, f"{_count(len(plan.groups), 'group')} x {plan.deals} deals"))
    for line in document.findings:
        print(f"  - {line}")
    print(f"  report: {args.html_path}")
    print(f"  raw results: {json_path}, {csv_path}")
    return 0


def cmd_runs(args: argparse.Namespace) -> int:
    with Store(args.store) as store:
        runs = list(store.runs())
        stored = store.count()
        path = store.path
    if args.json:
        print(json.dumps({"store": str(path), "games": stored, "runs": runs}, indent=2))
        return 0
    print(f"{path}: {stored} games stored, {len(runs)} run{'' if len(runs) == 1 else 's'}")
    for run in runs:
        spec = run["spec"]
        print(
            f"  {run['key'][:8]} {run['kind']:<10} {run['game']:<18} {run['games']:>7} games"
            f"  players {spec.get('players')}, bots {','.join(spec.get('bots') or [])},"
            f" {spec.get('games')} deals, seed {spec.get('seed')}"
        )
    return 0


def cmd_scaling(args: argparse.Namespace) -> int:
    from .scaling import measure  # noqa: PLC0415 (Ray is imported only to be measured)

    result = measure(
        args.game,
        players=args.players,
        bots=_names(args.bots) or ["random"],
        games=args.games,
        chunk=args.chunk,
        workers=args.workers,
        backends=args.backends,
        overhead_tasks=args.overhead_tasks,
    )
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    load = result["load_average"]
    print(
        f"{result['game']}, {result['players']} players, bots {','.join(result['bots'])}:"
        f" {result['games']} games, {result['chunk']} per task; {result['cores']} cores"
        + (f", load average {load[0]:.1f}" if load else "")
    )
    for row in result["rows"]:
        eff = f"{100 * row['efficiency']:.0f}%" if row["efficiency"] is not None else "n/a"
        over = row["overhead_ms_per_task"]
        print(
            f"  {row['backend']:<7} {row['workers']} worker{'s' if row['workers'] > 1 else ' '}"
            f"  {row['games_per_s']:8.1f} games/s  efficiency {eff:>5}"
            f"  start-up {row['startup_s']:.2f} s"
            + (f"  overhead {over:.2f} ms/task" if over else "")
            + ("" if row["identical"] else "  RESULTS DIFFER")
        )
    return 0
