"""``yuletide lab report``: one self-contained HTML file about a game's balance.

Sections (their ids): ``summary`` (what stands out, in words), ``seat-advantage``,
``length``, ``scores``, ``unfinished``, ``tie-breaks``, ``details`` (the game's own:
solo win rates per difficulty, and what the game's room adds in its lab part, its
``lab.py``: sentences for the summary, tables and plots) and ``data`` (the raw files,
how to rerun, what the intervals mean). Every plot is a PNG embedded as a ``data:`` URI, so
the file opens offline and carries no script; each has alt text with its numbers, and
every number a plot shows is also in a table beside it.

Plots are drawn with matplotlib's object API (``Figure``, no pyplot): no global state,
no display needed. matplotlib is imported by the first plot, not with the module, so a
room's lab part can use the helpers here (:func:`pct`, :func:`num`, :func:`table`,
:func:`rate_bars`, :class:`Plot`) without it.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..core.registry import game_class, spec
from .analysis import ALPHA, unused_rule_warnings
from .plan import Plan
from .stats import deals_needed, detectable, holm

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SECTIONS: tuple[tuple[str, str], ...] = (
    ("summary", "What stands out"),
    ("seat-advantage", "Seat advantage"),
    ("length", "Game length"),
    ("quality", "Game quality"),
    ("scores", "Scores"),
    ("unfinished", "Unfinished games"),
    ("tie-breaks", "Tie-breaks and shared wins"),
    ("details", "Details of this game"),
    ("data", "Data and method"),
)

_COLOURS = ("#1b6ca8", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#2c3e50")


@dataclass(slots=True)
class Plot:
    id: str
    title: str
    alt: str
    png: bytes


@dataclass(slots=True)
class Document:
    html: str
    findings: list[str]
    plots: list[Plot] = field(default_factory=list)


# ------------------------------------------------------------------ words


def pct(est: dict[str, Any] | None) -> str:
    if not est or _nan(est["value"]):
        return "n/a"
    text = f"{100 * est['value']:.1f}%"
    if est.get("lo") is not None:
        text += f" [{100 * est['lo']:.1f}, {100 * est['hi']:.1f}]"
    return text


def num(est: dict[str, Any] | None, digits: int = 1) -> str:
    if not est or _nan(est["value"]):
        return "n/a"
    text = f"{est['value']:.{digits}f}"
    if est.get("lo") is not None:
        text += f" [{est['lo']:.{digits}f}, {est['hi']:.{digits}f}]"
    return text


def _nan(x: float) -> bool:
    return isinstance(x, float) and math.isnan(x)


def _p(p: float | None) -> str:
    if p is None:
        return "n/a"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _seat_p_holm(groups: Sequence[dict[str, Any]]) -> list[float | None]:
    return holm([g["seats"]["p"] for g in groups])


def findings(game_id: str, groups: Sequence[dict[str, Any]]) -> list[str]:
    """The summary's sentences: seat advantage, length, unfinished games, tie-breaks and
    the game's own details, each with its interval."""
    out: list[str] = []
    multi = [g for g in groups if g["players"] > 1]
    adjusted = _seat_p_holm(multi)
    leads: list[tuple[bool, float, str]] = []
    for g, p in zip(multi, adjusted, strict=True):
        leads.append(_seat_finding(g, p, len(multi)))
    # The largest significant departure from fair first, then the others by size.
    leads.sort(key=lambda lead: (not lead[0], -lead[1]))
    out.extend(text for _, _, text in leads)
    out.extend(f"Warning: {w}" for w in unused_rule_warnings(game_id, groups, varied=False))
    for g in groups:
        for option, use in g.get("rules_used", {}).items():
            if use["total"]:
                out.append(
                    f"{g['label']}: {option} was used in {pct(use['games_used'])} of games,"
                    f" {num(use['per_game'], 2)} times a game."
                )
    lengths = ", ".join(
        f"{g['label']} {g['length']['quantiles']['0.5']:.0f}"
        f" ({g['length']['quantiles']['0.1']:.0f}-{g['length']['quantiles']['0.9']:.0f})"
        for g in groups
    )
    out.append(f"Median length in decisions (10%-90% of games): {lengths}.")
    timed = [g for g in groups if (g.get("quality") or {}).get("minutes_quantiles")]
    if timed:
        out.append(
            "Estimated minutes at a human table, median (10%-90%): "
            + ", ".join(
                f"{g['label']} {q['0.5']:.0f} ({q['0.1']:.0f}-{q['0.9']:.0f})"
                for g in timed
                for q in [g["quality"]["minutes_quantiles"]]
            )
            + "; rounds: "
            + ", ".join(f"{g['label']} {num(g['quality']['rounds'])}" for g in timed)
            + "."
        )
    cut = [g for g in groups if g["unfinished"]["value"] > 0]
    if cut:
        out.append(
            "Games cut off by the turn limit: "
            + ", ".join(f"{g['label']} {pct(g['unfinished'])}" for g in cut)
            + "."
        )
    else:
        out.append("Every game finished within the turn limit.")
    ties = [g for g in groups if g["tiebreak"]["value"] > 0]
    if ties:
        parts = []
        for g in ties:
            common = next(iter(g["tiebreaks"]), "")
            parts.append(f"{g['label']} {pct(g['tiebreak'])} (most often: {common})")
        out.append("Tie-breaks decided: " + "; ".join(parts) + ".")
    always = [g for g in groups if g["shared_win"]["value"] >= 1.0]
    if always:
        out.append(
            "Every game has several winners ("
            + ", ".join(f"{g['label']}: fair share {100 * g['seats']['fair']:.1f}%" for g in always)
            + "): the game is played in teams or has one loser, so a seat's rate is its share"
            " of games won, not a tie."
        )
    shared = [g for g in groups if 0 < g["shared_win"]["value"] < 1.0]
    if shared:
        out.append(
            "Shared wins: "
            + ", ".join(f"{g['label']} {pct(g['shared_win'])}" for g in shared)
            + "."
        )
    out.extend(_detail_findings(game_id, groups))
    return out


#: The effect, in points of win rate, the report says how many deals would detect.
TARGET_POINTS = 5.0


def _seat_finding(g: dict[str, Any], p: float | None, counts: int) -> tuple[bool, float, str]:
    """One player count's seat sentence, led by the seat furthest from the fair share
    (weakest or strongest) with its interval; for "no advantage", what the run could
    have detected (80% power) and how many deals would detect ``TARGET_POINTS``."""
    seats = g["seats"]
    fair = seats["fair"]
    far = max(seats["seats"], key=lambda s: abs(s["win_rate"]["value"] - fair))
    gap = 100 * (far["win_rate"]["value"] - fair)
    side = "above" if gap > 0 else "below"
    last = " (the last seat)" if far["seat"] == g["players"] - 1 else ""
    first = " (the first player)" if far["seat"] == 0 else ""
    test = f"chi-square p {_p(seats['p'])}"
    if counts > 1:
        test += f", Holm-corrected over {counts} player counts {_p(p)}"
    who = f"seat {far['seat']}{first}{last} wins {pct(far['win_rate'])}"
    if p is not None and p < ALPHA:
        return (
            True,
            abs(gap),
            f"{g['label']}: {who} against a fair share of {100 * fair:.1f}%,"
            f" {abs(gap):.1f} points {side}: a seat advantage ({test}).",
        )
    mde = 100 * detectable(far["win_rate"])
    deals = g.get("deals", 0)
    more = deals_needed(deals, mde, TARGET_POINTS)
    power = (
        f" With {deals} deals this run could detect a seat {mde:.1f} points from fair (80% power);"
        f" {more} deals would detect {TARGET_POINTS:.0f} points."
        if math.isfinite(mde) and deals
        else ""
    )
    return (
        False,
        abs(gap),
        f"{g['label']}: no seat advantage detected (furthest from fair: {who}, fair share"
        f" {100 * fair:.1f}%; {test}).{power}",
    )


def _detail_findings(game_id: str, groups: Sequence[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    if all(g["players"] == 1 for g in groups):
        out.append(
            "Win rate: "
            + ", ".join(f"{g['label']} {pct(g['seats']['seats'][0]['win_rate'])}" for g in groups)
            + "."
        )
    part = spec(game_id).lab_part
    if part:
        out.extend(part.findings(groups))
    return out


# ------------------------------------------------------------------ plots


def _figure(**kwargs: Any) -> Figure:
    """A new figure. matplotlib is imported by the first plot drawn, not with this
    module, so the rooms' lab parts can use its helpers where nothing is drawn."""
    from matplotlib.figure import Figure  # noqa: PLC0415

    return Figure(**kwargs)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    return buf.getvalue()


def _err(est: dict[str, Any], scale: float = 1.0) -> tuple[float, float, float]:
    v = est["value"] * scale
    if est.get("lo") is None:
        return v, 0.0, 0.0
    return v, v - est["lo"] * scale, est["hi"] * scale - v


def _panels(n: int, width: float = 3.2, height: float = 2.8) -> tuple[Figure, list[Any]]:
    cols = min(n, 4)
    rows = -(-n // cols)
    fig = _figure(figsize=(width * cols, height * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def plot_seats(groups: Sequence[dict[str, Any]]) -> Plot | None:
    multi = [g for g in groups if g["players"] > 1]
    if not multi:
        return None
    fig, axes = _panels(len(multi))
    alt = []
    for ax, g in zip(axes, multi, strict=True):
        seats = g["seats"]["seats"]
        xs = list(range(len(seats)))
        vals = [_err(s["win_rate"], 100) for s in seats]
        ax.bar(xs, [v[0] for v in vals], color=_COLOURS[0], alpha=0.8)
        ax.errorbar(
            xs,
            [v[0] for v in vals],
            yerr=[[v[1] for v in vals], [v[2] for v in vals]],
            fmt="none",
            ecolor="black",
            capsize=3,
        )
        ax.axhline(100 * g["seats"]["fair"], color=_COLOURS[1], linestyle="--", linewidth=1)
        ax.set_title(g["label"], fontsize=10)
        ax.set_xticks(xs, [f"seat {s['seat']}" for s in seats], fontsize=8)
        ax.set_ylabel("win rate (%)")
        ax.set_ylim(0, max(100 * g["seats"]["fair"] * 2.2, max(v[0] + v[2] for v in vals) * 1.1))
        alt.append(
            f"{g['label']}: "
            + ", ".join(f"seat {s['seat']} {pct(s['win_rate'])}" for s in seats)
            + f", fair share {100 * g['seats']['fair']:.1f}%"
        )
    return Plot(
        "plot-seats",
        "Win rate by seat (bars: 95% intervals; dashed: fair share)",
        "Bar charts of the win rate of each seat with 95% intervals. " + "; ".join(alt) + ".",
        _png(fig),
    )


def plot_length(groups: Sequence[dict[str, Any]]) -> Plot:
    fig = _figure(figsize=(6.4, 3.4), layout="constrained")
    ax = fig.subplots()
    everything = [x for g in groups for x in g["length"]["all"]]
    lo, hi = (min(everything), max(everything)) if everything else (0, 1)
    bins = max(5, min(40, int(hi - lo) + 1))
    for i, g in enumerate(groups):
        ax.hist(
            g["length"]["all"],
            bins=bins,
            range=(lo, hi + 1),
            histtype="step",
            linewidth=1.6,
            color=_COLOURS[i % len(_COLOURS)],
            label=g["label"],
            weights=[100.0 / len(g["length"]["all"])] * len(g["length"]["all"]),
        )
    ax.set_xlabel("decisions per game")
    ax.set_ylabel(f"share of games (%) per bin of {(hi + 1 - lo) / bins:.3g} decisions")
    ax.legend(fontsize=8)
    alt = "; ".join(
        f"{g['label']}: median {q['0.5']:.0f}, 10% {q['0.1']:.0f}, 90% {q['0.9']:.0f},"
        f" range {q['0']:.0f} to {q['1']:.0f}"
        for g in groups
        for q in [g["length"]["quantiles"]]
    )
    return Plot(
        "plot-length",
        "Distribution of game length",
        f"Histograms of the number of decisions per game. {alt}.",
        _png(fig),
    )


def plot_scores(groups: Sequence[dict[str, Any]]) -> Plot | None:
    scored = [g for g in groups if g["scores"]]
    if not scored:
        return None
    fig, axes = _panels(len(scored))
    alt = []
    for ax, g in zip(axes, scored, strict=True):
        by_seat = g["scores"]["by_seat"]
        ax.boxplot(by_seat, tick_labels=[f"seat {s}" for s in range(len(by_seat))])
        ax.set_title(g["label"], fontsize=10)
        ax.set_ylabel("score")
        ax.tick_params(axis="x", labelsize=8)
        alt.append(
            f"{g['label']}: mean score "
            + ", ".join(f"seat {s} {num(e)}" for s, e in enumerate(g["scores"]["per_seat"]))
        )
    return Plot(
        "plot-scores",
        "Scores by seat (box: middle half; whiskers: 1.5 x the box; circles: outliers)",
        "Box plots of each seat's final score. " + "; ".join(alt) + ".",
        _png(fig),
    )


def rate_bars(  # noqa: PLR0917 (the rooms' lab parts call it positionally)
    pid: str,
    title: str,
    what: str,
    labels: Sequence[str],
    series: dict[str, list[dict[str, Any]]],
    ylabel: str = "share of games (%)",
) -> Plot:
    """Bars of rates with their intervals; ``ylabel`` says what the rate is a share of.
    Every rate 0 (or none): no plot, a sentence saying so (an empty plot tells nothing)."""
    if all(not e or not e.get("value") for ests in series.values() for e in ests):
        counts = ", ".join(
            f"{lab} {pct(e)}"
            for ests in series.values()
            for lab, e in zip(labels, ests, strict=True)
        )
        return Plot(pid, title, f"Nothing to plot: {what} is 0 everywhere ({counts}).", b"")
    fig = _figure(
        figsize=(max(5.0, 1.1 * len(labels) * max(1, len(series))), 3.6), layout="constrained"
    )
    ax = fig.subplots()
    width = 0.8 / max(1, len(series))
    alt = []
    for i, (name, ests) in enumerate(series.items()):
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(labels))]
        vals = [_err(e, 100) if e else (0.0, 0.0, 0.0) for e in ests]
        ax.bar(
            xs,
            [v[0] for v in vals],
            width=width * 0.95,
            label=name,
            color=_COLOURS[i % len(_COLOURS)],
        )
        ax.errorbar(
            xs,
            [v[0] for v in vals],
            yerr=[[v[1] for v in vals], [v[2] for v in vals]],
            fmt="none",
            ecolor="black",
            capsize=2,
        )
        alt.append(
            f"{name}: " + ", ".join(f"{lab} {pct(e)}" for lab, e in zip(labels, ests, strict=True))
        )
    ax.set_xticks(range(len(labels)), labels, fontsize=8, rotation=20 if len(labels) > 4 else 0)
    ax.set_ylabel(ylabel)
    if len(series) > 1:
        ax.legend(fontsize=8)
    return Plot(
        pid, title, f"Bar chart of {what} with 95% intervals. " + "; ".join(alt) + ".", _png(fig)
    )


def plot_unfinished(groups: Sequence[dict[str, Any]]) -> Plot:
    labels = [g["label"] for g in groups]
    return rate_bars(
        "plot-unfinished",
        "Games cut off by the turn limit",
        "the share of games the turn limit cut off",
        labels,
        {"unfinished": [g["unfinished"] for g in groups]},
    )


def plot_ties(groups: Sequence[dict[str, Any]]) -> Plot:
    labels = [g["label"] for g in groups]
    return rate_bars(
        "plot-ties",
        "Tie-breaks, shared wins and games without a winner",
        "how often a tie-break decided the game, the win was shared, or nobody won",
        labels,
        {
            "tie-break": [g["tiebreak"] for g in groups],
            "shared win": [g["shared_win"] for g in groups],
            "no winner": [g["no_winner"] for g in groups],
        },
    )


def detail_plots(game_id: str, groups: Sequence[dict[str, Any]]) -> list[Plot]:
    labels = [g["label"] for g in groups]
    plots: list[Plot] = []
    if all(g["players"] == 1 for g in groups):
        plots.append(
            rate_bars(
                "plot-solo",
                "Solo win rate per difficulty",
                "the win rate at each difficulty",
                labels,
                {"win rate": [g["seats"]["seats"][0]["win_rate"] for g in groups]},
            )
        )
    part = spec(game_id).lab_part
    if part:
        plots.extend(part.plots(groups))
    return plots


# ------------------------------------------------------------------- HTML


def _img(plot: Plot) -> str:
    if not plot.png:  # nothing to draw: the sentence instead (rate_bars)
        return f'<p id="{plot.id}"><b>{html.escape(plot.title)}:</b> {html.escape(plot.alt)}</p>'
    data = base64.b64encode(plot.png).decode("ascii")
    return (
        f'<figure id="{plot.id}"><img src="data:image/png;base64,{data}"'
        f' alt="{html.escape(plot.alt)}"><figcaption>{html.escape(plot.title)}</figcaption>'
        "</figure>"
    )


def table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    h = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table>{cap}<thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _section_seats(groups: Sequence[dict[str, Any]], plot: Plot | None) -> str:
    multi = [g for g in groups if g["players"] > 1]
    if not multi:
        return (
            "<p>A solo game has one seat: there is no seat advantage to measure (see the win"
            " rates per difficulty below).</p>"
        )
    adjusted = _seat_p_holm(multi)
    parts = [
        "<p>Each seat's win rate (a shared win counts for every winner) with its 95% interval,"
        " and the chi-square test of equal seats on the games with one winner, Holm-corrected"
        " over the player counts.</p>"
    ]
    rows = []
    for g, p in zip(multi, adjusted, strict=True):
        seats = g["seats"]
        for s in seats["seats"]:
            rows.append(
                [
                    g["label"],
                    f"seat {s['seat']}",
                    pct(s["win_rate"]),
                    f"{100 * seats['fair']:.1f}%",
                    _p(seats["p"]) if s["seat"] == 0 else "",
                    _p(p) if s["seat"] == 0 else "",
                ]
            )
    parts.append(
        table(["group", "seat", "win rate [95% CI]", "fair share", "chi-square p", "Holm p"], rows)
    )
    if plot:
        parts.append(_img(plot))
    return "".join(parts)


def _section_length(groups: Sequence[dict[str, Any]], plot: Plot) -> str:
    rows = [
        [
            g["label"],
            num(g["length"]["mean"]),
            *(f"{g['length']['quantiles'][k]:.0f}" for k in ("0", "0.1", "0.5", "0.9", "1")),
        ]
        for g in groups
    ]
    return (
        "<p>Decisions per game (every action a seat takes).</p>"
        + table(["group", "mean [95% CI]", "min", "10%", "median", "90%", "max"], rows)
        + _img(plot)
    )


#: The quality measures' names for people, and how many digits they are shown with.
_QUALITY_NAMES = {
    "turns": ("turns", 1),
    "rounds": ("rounds (turns / players)", 1),
    "minutes": ("minutes at a human table (estimate)", 1),
    "choices": ("decisions with a real choice", 1),
    "branching": ("branching factor (legal actions at a real choice)", 2),
    "lead_changes": ("lead changes", 2),
    "winner_led_from": ("share of the game before the winner led for good", 2),
}


def _section_quality(groups: Sequence[dict[str, Any]]) -> str:
    rows = []
    for g in groups:
        q = g.get("quality") or {}
        for key, (name, digits) in _QUALITY_NAMES.items():
            if q.get(key) is not None:
                rows.append([g["label"], name, num(q[key], digits)])
        if q.get("first_player_advantage"):
            adv = q["first_player_advantage"]
            scaled = {k: (v * 100 if k in ("value", "lo", "hi") and v is not None else v)
                      for k, v in adv.items()}  # fmt: skip
            rows.append([g["label"], "first player's win rate minus fair (points)", num(scaled, 1)])
    return (
        "<p>Means over the deals with 95% intervals; docs/lab.md defines each measure and"
        " gives its source (Browne's thesis, Ludii's metrics). Minutes assume 10 s for a"
        " decision with a real choice and 2 s for a forced one. The leader after a turn is"
        " the seat whose own estimate of its chances (the game's evaluation, of what that"
        " seat can know) is highest.</p>" + table(["group", "measure", "mean [95% CI]"], rows)
    )


def _pairs(
    groups: Sequence[dict[str, Any]], reference: Sequence[dict[str, Any]]
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    ref = {g["label"]: g for g in reference}
    return [(g, ref[g["label"]]) for g in groups if g["label"] in ref]


def _verdict(g: dict[str, Any]) -> str:
    p = g["seats"]["p"]
    return "unequal seats" if p is not None and p < ALPHA else "no seat advantage"


def _could_detect(g: dict[str, Any]) -> str:
    """For a "no seat advantage": the size of advantage the run could have detected."""
    if _verdict(g) == "unequal seats":
        return ""
    fair = g["seats"]["fair"]
    far = max(g["seats"]["seats"], key=lambda s: abs(s["win_rate"]["value"] - fair))
    mde = 100 * detectable(far["win_rate"])
    return f"; it could detect a seat {mde:.1f} points from fair" if math.isfinite(mde) else ""


def reference_findings(
    groups: Sequence[dict[str, Any]], reference: Sequence[dict[str, Any]]
) -> list[str]:
    """Where the strong reference player's balance figures differ from the bots'."""
    out = []
    for g, r in _pairs(groups, reference):
        if g["players"] == 1:
            a, b = g["seats"]["seats"][0]["win_rate"], r["seats"]["seats"][0]["win_rate"]
            out.append(f"{g['label']}: the reference player wins {pct(b)}, the bots {pct(a)}.")
            continue
        if _verdict(g) != _verdict(r):
            out.append(
                f"{g['label']}: the strong reference player finds {_verdict(r)}"
                f" (chi-square p {_p(r['seats']['p'])}, {r['deals']} deals{_could_detect(r)})"
                f" where the bots find {_verdict(g)} (p {_p(g['seats']['p'])}"
                f"{_could_detect(g)})."
            )
    return out


def _section_reference(
    groups: Sequence[dict[str, Any]], reference: Sequence[dict[str, Any]]
) -> str:
    rows = []
    for g, r in _pairs(groups, reference):
        for s, (a, b) in enumerate(zip(g["seats"]["seats"], r["seats"]["seats"], strict=True)):
            rows.append(
                [
                    g["label"],
                    f"seat {s}",
                    pct(a["win_rate"]),
                    pct(b["win_rate"]),
                    _verdict(g) if s == 0 else "",
                    _verdict(r) if s == 0 else "",
                ]
            )
        median = [f"{x['length']['quantiles']['0.5']:.0f}" for x in (g, r)]
        rows.append([g["label"], "median length (decisions)", *median, "", ""])
    return (
        "<p>The same deals (the first of them) played by the strong reference player in"
        " every seat: <code>hard</code>'s search at a fixed budget (docs/lab.md), against"
        " the bots of this report. A finding that holds for both is a finding about the"
        " game more than about one bot's play.</p>"
        + table(["group", "seat", "bots [95% CI]", "reference [95% CI]", "bots", "reference"], rows)
    )


def _section_scores(groups: Sequence[dict[str, Any]], plot: Plot | None) -> str:
    scored = [g for g in groups if g["scores"]]
    if not scored:
        return "<p>This game has no scores beyond who won (see the seat advantage above).</p>"
    rows = []
    for g in scored:
        sc = g["scores"]
        for s, est in enumerate(sc["per_seat"]):
            rows.append(
                [
                    g["label"],
                    f"seat {s}",
                    num(est, 2),
                    num(sc["winner_mean"], 2) if s == 0 else "",
                    num(sc["margin"], 2) if s == 0 and sc["margin"] else "",
                ]
            )
    out = table(["group", "seat", "mean score [95% CI]", "winner's score", "winning margin"], rows)
    return out + (_img(plot) if plot else "")


def _section_unfinished(groups: Sequence[dict[str, Any]], plot: Plot) -> str:
    rows = [[g["label"], str(g["games"]), pct(g["unfinished"])] for g in groups]
    return (
        "<p>Games the game's turn limit (a safety limit,"
        " docs/rulings.md#every-game-safety-limits) ended unfinished, with no winner.</p>"
        + table(["group", "games", "unfinished [95% CI]"], rows)
        + _img(plot)
    )


def _section_ties(groups: Sequence[dict[str, Any]], plot: Plot) -> str:
    rows = [
        [g["label"], pct(g["tiebreak"]), pct(g["shared_win"]), pct(g["no_winner"])] for g in groups
    ]
    kinds = [[g["label"], kind, str(n)] for g in groups for kind, n in g["tiebreaks"].items()]
    out = table(["group", "tie-break decided", "shared win", "no winner"], rows)
    if kinds:
        out += table(
            ["group", "tie-break (as the game names it)", "games"], kinds, "Which tie-breaks"
        )
    return out + _img(plot)


def _section_details(game_id: str, groups: Sequence[dict[str, Any]], plots: Sequence[Plot]) -> str:
    out: list[str] = []
    if all(g["players"] == 1 for g in groups):
        rows = [
            [g["label"], str(g["games"]), pct(g["seats"]["seats"][0]["win_rate"])] for g in groups
        ]
        out.append(
            table(
                ["difficulty", "games", "win rate [95% CI]"], rows, "Solo win rate per difficulty"
            )
        )
    part = spec(game_id).lab_part
    if part:
        out.extend(part.tables(groups))
    if not out:
        out.append("<p>This game has no details beyond the sections above.</p>")
    out.extend(_img(p) for p in plots)
    return "".join(out)


def _section_data(plan: Plan, raw: tuple[Path, Path] | None) -> str:
    settings = plan.spec
    players = ",".join(str(p) for p in settings["players"])
    bots = ",".join(settings["bots"])
    options = "".join(f" --option {k}={v}" for k, v in settings["options"].items())
    command = (
        f"yuletide lab report {plan.game} --players {players} --bots {bots}"
        f" --games {settings['games']} --seed {settings['seed']}{options}"
    )
    files = ""
    if raw:
        files = (
            f"<p>Raw results (one record per game): <code>{html.escape(str(raw[0]))}</code>"
            f" and <code>{html.escape(str(raw[1]))}</code>.</p>"
        )
    return (
        f"<p>Run <code>{plan.key}</code>: {len(plan.tasks)} games, {plan.deals} deals per"
        f" group, seed {settings['seed']}, bots {html.escape(bots)}. To play it again (or"
        " bigger, with a larger <code>--games</code>; games already stored are reused):</p>"
        f"<pre>{html.escape(command)}</pre>{files}"
        "<p>Method. Every group plays the same deals (paired seeds). Intervals are 95%:"
        " Wilson score intervals for rates, Student t intervals for means; where a deal is"
        " played several times (seat rotations) the deal is the unit (the interval uses the"
        ' effective sample size). "Significant" means p &lt; 0.05 after Holm\'s correction'
        " for the number of tests. A shared win counts as a win for every winner. Bots with"
        " a time cap per move (<code>hard</code> in the games where its search is cut by"
        " time) depend on the machine's speed and load, so their games are reproducible"
        " only where the cap is not reached.</p>"
    )


_CSS = """
body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;
 color:#222;line-height:1.45}
h1{font-size:1.6rem} h2{border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.8rem 0;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left} th{background:#f3f3f3}
caption{text-align:left;font-weight:600;padding:.3rem 0}
figure{margin:1rem 0} img{max-width:100%;height:auto} figcaption{font-size:.85rem;color:#555}
code,pre{background:#f6f6f6;padding:.1rem .3rem}
pre{padding:.6rem;overflow-x:auto;white-space:pre-wrap}
"""


def build(
    plan: Plan,
    groups: Sequence[dict[str, Any]],
    raw: tuple[Path, Path] | None = None,
    reference: Sequence[dict[str, Any]] | None = None,
) -> Document:
    """The report of a run (module docstring); ``reference``: the same deals' groups as
    the strong reference player played them (a section comparing the two)."""
    game_id = plan.game
    title = game_class(game_id).title
    seats = plot_seats(groups)
    length = plot_length(groups)
    scores = plot_scores(groups)
    unfinished = plot_unfinished(groups)
    ties = plot_ties(groups)
    details = detail_plots(game_id, groups)
    plots = [p for p in (seats, length, scores, unfinished, ties, *details) if p is not None]
    found = findings(game_id, groups)
    if reference:
        found.extend(reference_findings(groups, reference))
    bodies = {
        "summary": "<ul>" + "".join(f"<li>{html.escape(f)}</li>" for f in found) + "</ul>",
        "seat-advantage": _section_seats(groups, seats),
        "length": _section_length(groups, length),
        "quality": _section_quality(groups),
        "scores": _section_scores(groups, scores),
        "unfinished": _section_unfinished(groups, unfinished),
        "tie-breaks": _section_ties(groups, ties),
        "details": _section_details(game_id, groups, details),
        "data": _section_data(plan, raw),
    }
    sections_shown = list(SECTIONS)
    if reference:
        bodies["reference"] = _section_reference(groups, reference)
        sections_shown.insert(-1, ("reference", "Strong reference player"))
    nav = " · ".join(f'<a href="#{sid}">{html.escape(name)}</a>' for sid, name in sections_shown)
    sections = "".join(
        f'<section id="{sid}"><h2>{html.escape(name)}</h2>{bodies[sid]}</section>'
        for sid, name in sections_shown
    )
    bots = ", ".join(plan.spec["bots"])
    doc = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}: balance report</title><style>{_CSS}</style></head><body>"
        f"<h1>{html.escape(title)}: balance report</h1>"
        f"<p>{len(plan.tasks)} games by {html.escape(bots)}, {plan.deals} deals per group;"
        f" yuletide {html.escape(__version__)}, rules v{game_class(game_id).rules_version}.</p>"
        f"<nav>{nav}</nav>{sections}</body></html>\n"
    )
    return Document(doc, found, plots)
