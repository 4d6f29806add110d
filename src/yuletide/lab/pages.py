"""The pages of ``lab compare`` and ``lab tournament``: self-contained HTML like the
report's (plots embedded as PNG, a table beside every plot, no script, nothing fetched).

* compare: each variant's metrics, the paired differences from the baseline as a forest
  plot (one row per metric, its interval; rates in points), the optional rules' use per
  variant and the warnings, and how to play it again;
* tournament: the bots' rating table (openskill mu with mu ± 1.96 sigma, win rate and
  mean rank with their intervals), the pairs' paired differences, and a heat map of how
  often each bot placed above each other at one table.
"""

from __future__ import annotations

import html
import math
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.registry import game_class
from .reference import SPEC as REFERENCE
from .report import _CSS, Plot, _figure, _img, _png, num, pct, table

#: The rate metrics of a comparison are drawn in points, the others in their own units.
POINTS = 100.0


def _page(title: str, intro: str, sections: Sequence[tuple[str, str, str]]) -> str:
    nav = " · ".join(f'<a href="#{sid}">{html.escape(name)}</a>' for sid, name, _ in sections)
    body = "".join(
        f'<section id="{sid}"><h2>{html.escape(name)}</h2>{content}</section>'
        for sid, name, content in sections
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{intro} yuletide {html.escape(__version__)}.</p>"
        f"<nav>{nav}</nav>{body}</body></html>\n"
    )


def short(name: str) -> str:
    """A bot's name for people (the reference player's ``module:Class`` is long)."""
    return "reference" if name == REFERENCE else name


def _again(argv: Sequence[str] | None) -> str:
    if not argv:
        return ""
    command = "yuletide " + shlex.join(argv)
    return (
        "<p>To play it again (or bigger, with a larger <code>--games</code>; games already"
        f" stored are reused):</p><pre>{html.escape(command)}</pre>"
    )


# ---------------------------------------------------------------- compare


def forest_plot(summary: dict[str, Any], rates: set[str]) -> Plot:
    """The paired differences from the baseline, one row each, with their intervals; a
    metric equal on every deal is left out (the page lists it); a sentence if none."""
    rows = [d for d in summary["differences"] if not d["unchanged"] and d["lo"] is not None]
    title = f"Differences from {summary['baseline']}, paired by deal (95% intervals)"
    if not rows:
        return Plot(
            "plot-differences",
            title,
            "Nothing to plot: every metric was the same on every deal, or there were too"
            " few deals for an interval.",
            b"",
        )
    kinds = [k for k in (True, False) if any((d["metric"] in rates) == k for d in rows)]
    fig = _figure(figsize=(4.5 + 3.0 * len(kinds), 1.0 + 0.32 * len(rows)), layout="constrained")
    panels = list(fig.subplots(1, len(kinds), sharey=True, squeeze=False)[0])
    labels = [f"{d['variant']}: {d['metric']}" for d in rows]
    alt = []
    for ax, want_rate in zip(panels, kinds, strict=True):
        for i, d in enumerate(rows):
            is_rate = d["metric"] in rates
            if is_rate != want_rate:
                continue
            k = POINTS if is_rate else 1.0
            colour = "#c0392b" if d["significant"] else "#1b6ca8"
            ax.errorbar(
                [d["value"] * k],
                [i],
                xerr=[[(d["value"] - d["lo"]) * k], [(d["hi"] - d["value"]) * k]],
                fmt="o",
                color=colour,
                capsize=3,
            )
        ax.axvline(0, color="#555", linewidth=1)
        ax.set_xlabel(
            "difference in rate (percentage points)"
            if want_rate
            else "difference (decisions, points, ...)"
        )
        ax.set_title("rates" if want_rate else "counts and scores", fontsize=9)
    panels[0].set_yticks(range(len(rows)), labels, fontsize=8)
    panels[0].set_ylim(len(rows) - 0.5, -0.5)
    for d in rows:
        k = POINTS if d["metric"] in rates else 1.0
        alt.append(
            f"{d['variant']}: {d['metric']} {d['value'] * k:+.2f}"
            f" [{d['lo'] * k:+.2f}, {d['hi'] * k:+.2f}]"
            + (" (significant)" if d["significant"] else "")
        )
    return Plot(
        "plot-differences",
        title + "; red: significant after Holm",
        "Forest plot of the paired differences from the baseline. " + "; ".join(alt) + ".",
        _png(fig),
    )


def compare_page(summary: dict[str, Any], rates: set[str], argv: Sequence[str] | None) -> str:
    """The compare command's page (module docstring)."""
    title = (
        f"{game_class(summary['game']).title}: comparison of {len(summary['variants'])} variants"
    )
    forest = forest_plot(summary, rates)
    metric_rows = []
    for v in summary["variants"]:
        for name, est in v["metrics"].items():
            metric_rows.append([v["label"], name, pct(est) if name in rates else num(est, 2)])
    diff_rows = []
    unchanged = []
    for d in summary["differences"]:
        if d["unchanged"]:
            unchanged.append(f"{d['variant']}: {d['metric']}")
            continue
        k = POINTS if d["metric"] in rates else 1.0
        scaled = {
            **d,
            **{x: (d[x] * k if d[x] is not None else None) for x in ("value", "lo", "hi")},
        }
        mde = d.get("detectable")
        diff_rows.append(
            [
                d["variant"],
                d["metric"] + (" (points)" if k == POINTS else ""),
                num(scaled, 2),
                "" if d["p"] is None else f"{d['p']:.3g}",
                "" if d["p_holm"] is None else f"{d['p_holm']:.3g}",
                "yes" if d["significant"] else "no",
                ""
                if d["significant"] or mde is None or not math.isfinite(mde)
                else f"{mde * k:.2f}",
            ]
        )
    usage_rows = [
        [
            v["label"],
            option,
            pct(use["games_used"]),
            num(use["per_game"], 2),
            ", ".join(f"{x:.2f}" for x in use["per_seat"]),
        ]
        for v in summary["variants"]
        for option, use in v.get("rules_used", {}).items()
    ]
    warnings = "".join(f"<p><b>Warning:</b> {html.escape(w)}</p>" for w in summary["warnings"])
    differences = (
        "<p>Each variant's difference from the baseline, deal by deal (the same deals:"
        " the luck of the deal cancels), with its 95% interval and p-value, Holm-corrected"
        f" over {summary['comparisons']} comparisons. Where no difference was found, the last"
        " column gives the smallest difference this run would have found with 80% power"
        " (before Holm): a smaller one may be there.</p>"
        + table(
            [
                "variant",
                "metric",
                "difference [95% CI]",
                "p",
                "Holm p",
                "significant",
                "could detect (80% power)",
            ],
            diff_rows,
        )
        + _img(forest)
        + (
            "<p>The same on every deal (no test could find a difference): "
            + html.escape("; ".join(unchanged))
            + ".</p>"
            if unchanged
            else ""
        )
    )
    sections = [
        ("differences", "Differences from the baseline", warnings + differences),
        ("variants", "Each variant", table(["variant", "metric", "value [95% CI]"], metric_rows)),
        (
            "rules",
            "Optional rules used",
            warnings
            + (
                table(["variant", "rule", "games using it", "uses a game", "per seat"], usage_rows)
                if usage_rows
                else "<p>This game declares no optional rules.</p>"
            ),
        ),
        ("data", "Data and method", _data(summary, argv)),
    ]
    intro = (
        f"{len(summary['variants'])} variants x {summary['deals']} deals,"
        f" {summary['players']} players; baseline {html.escape(summary['baseline'])}."
    )
    return _page(title, intro, sections)


def _data(summary: dict[str, Any], argv: Sequence[str] | None) -> str:
    raw = summary.get("raw") or {}
    files = (
        f"<p>Raw results: <code>{html.escape(raw['json'])}</code> and"
        f" <code>{html.escape(raw['csv'])}</code>.</p>"
        if raw
        else ""
    )
    return (
        f"<p>Run <code>{html.escape(summary['run'])}</code>.</p>{_again(argv)}{files}"
        "<p>Method: docs/lab.md (paired deals; Wilson intervals for rates, Student t for"
        " means and paired differences; Holm's correction; minimum detectable effect at 80%"
        " power from each interval's standard error).</p>"
    )


# -------------------------------------------------------------- tournament


def heat_map(summary: dict[str, Any]) -> Plot:
    """How often the row's bot placed above the column's at one table (a tie counts a
    half), from the pairs' head-to-head shares; a sentence for solo tournaments."""
    bots = [short(b["bot"]) for b in summary["bots"]]
    share: dict[tuple[str, str], dict[str, Any]] = {}
    for pair in summary["pairs"]:
        ahead = pair["a_ahead_of_b"]
        if ahead:
            a, b = short(pair["a"]), short(pair["b"])
            share[a, b] = ahead
            share[b, a] = {
                "value": 1 - ahead["value"],
                "lo": None if ahead["hi"] is None else 1 - ahead["hi"],
                "hi": None if ahead["lo"] is None else 1 - ahead["lo"],
            }
    title = "How often the row's bot placed above the column's at one table"
    if not share:
        return Plot(
            "plot-matrix",
            title,
            "Nothing to plot: the bots never sat at one table (a solo tournament compares"
            " them on the same deals instead; see the pairs).",
            b"",
        )
    n = len(bots)
    grid = [[math.nan] * n for _ in range(n)]
    for (a, b), est in share.items():
        grid[bots.index(a)][bots.index(b)] = 100 * est["value"]
    fig = _figure(figsize=(3.0 + 1.1 * n, 2.2 + 0.9 * n), layout="constrained")
    ax = fig.subplots()
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
    for i in range(n):
        for j in range(n):
            if not math.isnan(grid[i][j]):
                dark = abs(grid[i][j] - 50) > 30
                colour = "white" if dark else "black"
                ax.text(j, i, f"{grid[i][j]:.0f}%", ha="center", va="center", color=colour)
    ax.set_xticks(range(n), bots, fontsize=8)
    ax.set_yticks(range(n), bots, fontsize=8)
    ax.set_xlabel("against")
    ax.set_ylabel("bot")
    fig.colorbar(image, ax=ax, label="placed above (% of meetings)")
    alt = "; ".join(f"{a} above {b} {pct(e)}" for (a, b), e in share.items())
    return Plot("plot-matrix", title, f"Heat map of head-to-head placings. {alt}.", _png(fig))


def tournament_page(summary: dict[str, Any], argv: Sequence[str] | None) -> str:
    """The tournament command's page (module docstring)."""
    ratings = {r["bot"]: r for r in summary["ratings"]}
    rows = []
    order = sorted(
        summary["bots"],
        key=lambda b: -(ratings[b["bot"]]["ordinal"] if b["bot"] in ratings else -math.inf),
    )
    for b in order:
        r = ratings.get(b["bot"])
        rating = (
            f"{r['mu']:.1f} [{r['mu'] - 1.96 * r['sigma']:.1f}, {r['mu'] + 1.96 * r['sigma']:.1f}]"
            if r
            else "n/a"
        )
        rows.append(
            [
                short(b["bot"]),
                rating,
                f"{r['ordinal']:.1f}" if r else "",
                pct(b["win_rate"]),
                num(b["mean_rank"], 2),
                num(b["mean_score"], 2),
            ]
        )
    pair_rows = [
        [
            f"{short(p['a'])} - {short(p['b'])}",
            num(
                {
                    k: (v * 100 if k in ("value", "lo", "hi") and v is not None else v)
                    for k, v in p["win_rate_difference"].items()
                },
                1,
            ),
            "" if p["p_holm"] is None else f"{p['p_holm']:.3g}",
            "yes" if p["significant"] else "no",
            pct(p["a_ahead_of_b"]) if p["a_ahead_of_b"] else "",
        ]
        for p in summary["pairs"]
    ]
    matrix = heat_map(summary)
    title = f"{game_class(summary['game']).title}: tournament of {len(summary['bots'])} bots"
    sections = [
        (
            "ratings",
            "Ratings",
            "<p>openskill (Plackett-Luce) skill mu with mu ± 1.96 sigma, the conservative"
            " ordinal mu - 3 sigma the table is sorted by, and each bot's win rate and mean"
            " rank over the games it played, with 95% intervals.</p>"
            + table(
                ["bot", "mu [95%]", "ordinal", "win rate [95% CI]", "mean rank", "mean score"],
                rows,
            ),
        ),
        (
            "pairs",
            "Pairs",
            "<p>Win-rate difference on the same deals (points), Holm-corrected over the"
            " pairs, and how often the first placed above the second at one table.</p>"
            + table(
                ["pair", "win-rate difference [95% CI]", "Holm p", "significant", "above"],
                pair_rows,
            )
            + _img(matrix),
        ),
        ("data", "Data and method", _data(summary, argv)),
    ]
    intro = f"{summary['games']} games on {summary['deals']} deals, {summary['players']} players."
    return _page(title, intro, sections)


def write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise ValueError(f"cannot write {path}: {err}") from err


# ------------------------------------------------------------------ sweep


def sweep_plot(summary: dict[str, Any], rates: set[str]) -> Plot:
    """Every metric that changes along the sweep, against the option's value, with its
    95% interval (rates as percentages); a sentence if none changes."""
    values = summary["values"]
    variants = summary["variants"]
    names = [n for n in variants[0]["metrics"] if not _flat(variants, n)]
    title = f"Every metric against {summary['option']} (95% intervals; same deals at every value)"
    if not names:
        return Plot(
            "plot-sweep", title, "Nothing to plot: every metric is the same at every value.", b""
        )
    cols = min(4, len(names))
    rows = -(-len(names) // cols)
    fig = _figure(figsize=(3.0 * cols, 2.5 * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    flat = [ax for row in axes for ax in row]
    alt = []
    for ax, name in zip(flat, names, strict=False):
        k = POINTS if name in rates else 1.0
        ests = [v["metrics"].get(name) for v in variants]
        xs = [x for x, e in zip(values, ests, strict=True) if e]
        ys = [e["value"] * k for e in ests if e]
        lo = [
            (e["value"] - (e["lo"] if e["lo"] is not None else e["value"])) * k for e in ests if e
        ]
        hi = [
            ((e["hi"] if e["hi"] is not None else e["value"]) - e["value"]) * k for e in ests if e
        ]
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o-", color="#1b6ca8", capsize=3)
        ax.set_title(name, fontsize=9)
        if all(isinstance(x, int | float) for x in values) and len(values) <= 12:
            ax.set_xticks(values, [str(x) for x in values])
        ax.set_xlabel(summary["option"], fontsize=8)
        ax.set_ylabel("% of games" if k == POINTS else "mean", fontsize=8)
        ax.tick_params(labelsize=7)
        alt.append(
            f"{name}: "
            + ", ".join(
                f"{x} {pct(e) if k == POINTS else num(e, 2)}"
                for x, e in zip(values, ests, strict=True)
                if e
            )
        )
    for ax in flat[len(names) :]:
        ax.set_visible(False)
    return Plot(
        "plot-sweep", title, "Line plots of each metric. " + "; ".join(alt) + ".", _png(fig)
    )


def _flat(variants: Sequence[dict[str, Any]], name: str) -> bool:
    vals = {round(v["metrics"][name]["value"], 12) for v in variants if name in v["metrics"]}
    return len(vals) <= 1


def sweep_page(summary: dict[str, Any], rates: set[str], argv: Sequence[str] | None) -> str:
    """The sweep command's page: the plot, every metric at every value, the paired
    differences from the first value, the optional rules' use."""
    plot = sweep_plot(summary, rates)
    rows = [
        [str(x), name, pct(e) if name in rates else num(e, 2)]
        for x, v in zip(summary["values"], summary["variants"], strict=True)
        for name, e in v["metrics"].items()
        if not _flat(summary["variants"], name)
    ]
    compare = compare_page(summary, rates, argv)
    body = compare[compare.index("<nav>") :].split("</nav>", 1)[1].rsplit("</body>", 1)[0]
    title = f"{game_class(summary['game']).title}: sweep of {summary['option']}"
    sections = [
        (
            "sweep",
            "Every metric against the value",
            _img(plot) + table([summary["option"], "metric", "value [95% CI]"], rows),
        ),
        ("paired", "The comparison behind it", body),
    ]
    intro = (
        f"{summary['option']} = {', '.join(map(str, summary['values']))}, each on the same"
        f" {summary['deals']} deals, {summary['players']} players."
    )
    return _page(title, intro, sections)
