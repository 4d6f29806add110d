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
from . import analysis, export, pages, reference, sweep
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
    """Bot names; ``reference`` is the lab's strong reference (``yuletide.lab.reference``)."""
    return reference.resolve([n.strip() for n in (text or "").split(",") if n.strip()])


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
    _html_path(args, "tournament")


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
    _html_path(args, "compare")


def _ranged(args: argparse.Namespace) -> tuple[dict[str, list[Any]], dict[str, Any]]:
    ranged, fixed = sweep.split_options(_options(args))
    if not ranged:
        raise ValueError(
            "give the option to vary as --option NAME=LO..HI[:STEP], e.g. strings=5..7"
        )
    return ranged, fixed


def check_sweep(args: argparse.Namespace) -> None:
    _check_run(args)
    ranged, fixed = _ranged(args)
    bots = _names(args.bots) or [_default_bot(args.game)]
    args.ranged = ranged
    args.plan = sweep.sweep_plan(
        args.game, _players(args), ranged, bots, args.games, seed=args.seed, options=fixed
    )
    _html_path(args, "sweep")


def check_tune(args: argparse.Namespace) -> None:
    if args.games == 0:
        args.games = 1  # (tune sizes its own rounds: --first and --budget)
    _check_run(args)
    args.ranged, args.fixed = _ranged(args)
    args.target_spec = sweep.Target.parse(args.target)
    if args.first < 2:
        raise ValueError(f"--first must be at least 2 deals, got {args.first}")
    if args.budget < args.first * 2:
        raise ValueError(f"--budget {args.budget} cannot pay for one round of --first {args.first}")
    args.bot_names = _names(args.bots) or [_default_bot(args.game)]
    if len(sweep.settings(args.ranged)) < 2:
        raise ValueError("lab tune needs at least two settings to choose from")
    # Build the first round's plan now: a bad option, bot or player count is refused here.
    compare_plan(
        args.game,
        _players(args),
        sweep.settings(args.ranged),
        args.bot_names,
        args.first,
        seed=args.seed,
        options=args.fixed,
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
    _html_path(args, "report")


def _html_path(args: argparse.Namespace, kind: str) -> None:
    """``--html`` checked before anything is played (default: OUT/<game>-<kind>.html)."""
    html = Path(args.html) if args.html else Path(args.out) / f"{args.game}-{kind}.html"
    if html.is_dir() or not html.parent.is_dir():
        raise ValueError(f"--html {html}: give a file name in an existing directory")
    args.html_path = html


def _again(args: argparse.Namespace, kind: str) -> list[str]:
    """The command line that plays this run again (for the page's *Data* section)."""
    argv = ["lab", kind, args.game]
    if getattr(args, "players", None) is not None:
        players = args.players
        argv += [
            "--players",
            ",".join(map(str, players)) if isinstance(players, list) else str(players),
        ]
    for variant in getattr(args, "variant", None) or []:
        argv += ["--variant", variant]
    if args.bots:
        argv += ["--bots", args.bots]
    for name, value in args.option or []:
        argv += ["--option", f"{name}={value if isinstance(value, str) else json.dumps(value)}"]
    return [*argv, "--games", str(args.games), "--seed", str(args.seed)]


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
    if args.alternate < 0:
        raise ValueError(f"--alternate must be 0 (off) or more rounds, got {args.alternate}")
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
    pages.write(args.html_path, pages.tournament_page(summary, _again(args, "tournament")))
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
            f"  {pages.short(row['bot']):<16} {pct(row['win_rate']):<26}"
            f" {num(row['mean_rank'], 2):<22} {rating}"
        )
    print(
        f"  pairs: win-rate difference on the same deals (Holm over {len(summary['pairs'])}"
        " pairs; * significant at 5%)"
    )
    for pair in summary["pairs"]:
        d = pair["win_rate_difference"]
        star = " *" if pair["significant"] else ""
        line = (
            f"    {pages.short(pair['a'])} - {pages.short(pair['b'])}:"
            f" {num(_scaled(d), 1, sign=True)} points,"
            f" {p_text(d['p'])} (Holm {p_text(pair['p_holm'])}){star}"
        )
        print(line)
        if pair["a_ahead_of_b"]:
            a, b = pages.short(pair["a"]), pages.short(pair["b"])
            extra = f"      at the same table {a} placed above {b} in"
            extra += f" {pct(pair['a_ahead_of_b'])}"
            if pair["score_margin"]:
                extra += f"; score margin {num(pair['score_margin'], 2, sign=True)}"
            print(extra)
        if pair["score_difference"]:
            print(f"      score difference {num(pair['score_difference'], 2, sign=True)}")
    if summary["players"] > 1:
        print(f"  seat advantage (each bot in each seat): {_seat_line(summary['seats'])}")
    print(f"  unfinished: {pct(summary['unfinished'])}")
    print(f"  page: {args.html_path}")
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
    page = pages.compare_page(summary, _rates(summary), _again(args, "compare"))
    pages.write(args.html_path, page)
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
        could = ""
        if not d["significant"] and d.get("detectable") == d.get("detectable"):  # not NaN
            size = d["detectable"] * (100 if rate else 1)
            could = f"; no difference found, could detect {size:.{1 if rate else 2}f}{unit}"
        print(
            f"    {d['variant']}: {d['metric']:<24} {shown}{unit}, {p_text(d['p'])}"
            f" (Holm {p_text(d['p_holm'])}){star}{could}"
        )
    for variant, names in unchanged.items():
        print(f"    {variant}: the same on every deal: {', '.join(names)}")
    _print_rule_usage(summary)
    print(f"  page: {args.html_path}")
    print(f"  raw results: {json_path}, {csv_path}")
    return 0


def _print_rule_usage(summary: dict[str, Any]) -> None:
    """Per variant, how often each optional rule was used; then the warnings."""
    lines = []
    for v in summary["variants"]:
        for option, use in v.get("rules_used", {}).items():
            per_seat = ", ".join(f"{x:.2f}" for x in use["per_seat"])
            lines.append(
                f"    {v['label']}: {option} used in {pct(use['games_used'])} of games,"
                f" {num(use['per_game'], 2)} a game (per seat {per_seat})"
            )
    if lines:
        print("  optional rules used (per game; per seat):")
        print("\n".join(lines))
    for warning in summary.get("warnings", []):
        print(f"  WARNING: {warning}")


def cmd_sweep(args: argparse.Namespace) -> int:
    plan: Plan = args.plan
    outcomes = _run(args, plan)
    ((name, values),) = args.ranged.items()
    summary = sweep.sweep_summary(outcomes, name, values)
    json_path, csv_path = _write_raw(args, outcomes)
    summary["raw"] = {"json": str(json_path), "csv": str(csv_path)}
    rates = _rates(summary)
    pages.write(args.html_path, pages.sweep_page(summary, rates, _again(args, "sweep")))
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(_header(outcomes, f"{name} = {', '.join(map(str, values))} x {plan.deals} deals"))
    names = [
        n for n in summary["variants"][0]["metrics"] if not pages._flat(summary["variants"], n)
    ]
    for metric in names:
        cells = []
        for x, v in zip(values, summary["variants"], strict=True):
            est = v["metrics"].get(metric)
            cells.append(f"{x}: {pct(est) if metric in rates else num(est, 1)}")
        print(f"  {metric:<24} " + "; ".join(cells))
    same = [n for n in summary["variants"][0]["metrics"] if n not in names]
    if same:
        print(f"  the same at every value: {', '.join(same)}")
    for warning in summary["warnings"]:
        print(f"  WARNING: {warning}")
    print(f"  page: {args.html_path}")
    print(f"  raw results: {json_path}, {csv_path}")
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    def run(plan: Plan) -> Outcomes:
        return _run(args, plan)

    result = sweep.tune(
        run,
        args.game,
        _players(args),
        args.ranged,
        bots=args.bot_names,
        target=args.target_spec,
        first=args.first,
        budget=args.budget,
        seed=args.seed,
        options=args.fixed,
    )
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    target = args.target_spec
    want = "fair" if target.value is None else f"{target.value:g}"
    print(
        f"{args.game} tune: {result['settings']} settings, target {target.metric} = {want};"
        f" successive halving over {len(result['rounds'])} rounds, {result['played']} games"
        f" played ({result['games']} analysed) of a budget of {result['budget']}"
    )
    for i, r in enumerate(result["rounds"], 1):
        best = r["settings"][0]
        print(
            f"  round {i}: {len(r['settings'])} settings x {r['deals']} deals; best so far"
            f" {best['label']} ({_shown(target.metric, best['estimate'])})"
        )
    wanted = _shown(target.metric, {"value": result["wanted"]}, bare=True)
    print(
        f"  best: {result['best']}: {target.metric} {_shown(target.metric, result['estimate'])}"
        f" over {result['deals']} deals (wanted {wanted})"
    )
    last = result["rounds"][-1]["settings"]
    if len(last) > 1:
        print(f"  runner-up: {last[1]['label']} ({_shown(target.metric, last[1]['estimate'])})")
    return 0


def _shown(metric: str, est: dict[str, Any] | None, *, bare: bool = False) -> str:
    rate = metric in analysis.RATE_METRICS or metric.endswith(" wins") or ": " in metric
    if est is None:
        return "n/a"
    if bare:
        return f"{100 * est['value']:.1f}%" if rate else f"{est['value']:.2f}"
    return pct(est) if rate else num(est, 2)


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
    strong = None
    if args.reference:
        counts = sorted({g.players for g in plan.groups})
        ref_plan = report_plan(
            plan.game,
            counts,
            [reference.SPEC],
            min(args.reference, plan.deals),
            seed=args.seed,
            options=_options(args),
            variants=[Variant(g.label, dict(g.given)) for g in plan.groups if g.players == 1],
        )
        strong = analysis.summarise_groups(_run(args, ref_plan))
    document = report.build(plan, groups, raw=(json_path, csv_path), reference=strong)
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
    from .scaling import alternate, measure  # noqa: PLC0415 (Ray: imported only to be measured)

    if args.alternate:
        side = alternate(
            args.game,
            players=args.players,
            bots=_names(args.bots) or ["random"],
            games=args.games,
            chunk=args.chunk,
            rounds=args.alternate,
        )
        if args.json:
            print(json.dumps(side, indent=2))
            return 0
        print(
            f"{side['game']}, {side['players']} players, {side['games']} games, chunk"
            f" {side['chunk']}, pool as the lab runs it, 1 and 2 workers in turn:"
        )
        for x in side["runs"]:
            print(
                f"  round {x['round']} {x['workers']} worker{'s' if x['workers'] > 1 else ' '}"
                f" {x['wall_s']:7.2f} s  {x['games_per_s']:8.1f} games/s  first result"
                f" {x['first_result_s']:.2f} s  tail {x['tail_s']:.2f} s  parent CPU"
                f" {x['parent_cpu_s']:.2f} s"
            )
        print(
            "  efficiency (1-worker time / twice the 2-worker time) per round: "
            + ", ".join(f"{100 * e:.0f}%" for e in side["efficiency_per_round"])
        )
        return 0
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
