"""``yuletide review``: a finished game's review for one seat, as text or as a page.

The review itself (the search at every decision) is :mod:`yuletide.bots.review`; this
module says it in people's words: each move as the prompt offered it
(:func:`yuletide.table.say.say_move`), the win chance over the game as a chart, the
three costliest decisions first.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from yuletide.bots.review import MODE_TITLES, THRESHOLDS, Decision, Review, review_game
from yuletide.core.registry import game_info
from yuletide.table.hints import rough_game
from yuletide.table.say import prompt_moves_at, say_decisions

from .transcript import open_replay

SPARKS = "▁▂▃▄▅▆▇█"
ROUGH = (
    "Rough: in this game the strong bot's chances are only roughly right, so they are"
    " given in tens."
)


@dataclass(frozen=True, slots=True)
class Said:
    """A decision in words: the move played and the best one, as the prompt said them."""

    decision: Decision
    played: str
    best: str
    #: Which of the game's moves this was (1: the first).
    move: int


def say_review(review: Review) -> list[Said]:
    """Every judged decision of ``review`` in words."""
    points = [(d.index, [d.best, *d.best_follow]) for d in review.decisions]
    words = say_decisions(review.record, review.seat, points)
    return [
        Said(d, w["played"], w["best"], w["move"])
        for d, w in zip(review.decisions, words, strict=True)
    ]


def percent(chance: float, width: float, *, rough: bool = False) -> str:
    """A win chance as people read it: whole points; "about" to the nearest 5 when the
    search's interval is wide (it does not know better), to the nearest 10 in a game
    whose chances are only roughly right (``rough``)."""
    if rough:
        return f"about {10 * round(chance * 10)}%"
    if width > 0.2:
        return f"about {5 * round(chance * 20)}%"
    return f"{round(chance * 100)}%"


def _width(d: Decision, text: str) -> float:
    for t, _, low, high in d.alternatives:
        if t == text:
            return high - low
    return 1.0


def sparkline(chances: list[float]) -> str:
    """The win chance over the game in one line of block characters."""
    return "".join(SPARKS[min(len(SPARKS) - 1, int(c * len(SPARKS)))] for c in chances)


def headline(review: Review) -> str:
    info = game_info(review.record.game)
    result = (
        "you won" if review.result == 1 else "you shared the win" if review.result else "you lost"
    )
    return (
        f"{info['title']}, {review.record.players} players — seat {review.seat + 1}'s review,"
        f" {MODE_TITLES[review.mode].lower()} ({result})"
    )


def review_text(review: Review, said: list[Said] | None = None) -> str:
    """The review as plain text: headline, chart, the three costliest, every decision."""
    said = say_review(review) if said is None else said
    rough = rough_game(review.record.game)
    lines = [headline(review), ""]
    lines.append(_counts_line(review))
    if rough:
        lines.append(ROUGH)
    if said:
        lines.append(
            "Your win chance over the game: " + sparkline([s.decision.chance for s in said])
        )
        lines.append(
            f"  from {percent(said[0].decision.chance, 0, rough=rough)} at your first"
            f" decision to {percent(said[-1].decision.chance, 0, rough=rough)} at your last"
        )
    lines.append("")
    worst = review.worst(3)
    by_index = {s.decision.index: s for s in said}
    if worst:
        lines.append("The costliest decisions:")
        for n, d in enumerate(worst, 1):
            lines.append(f" {n}. {_line(by_index[d.index], rough)}")
    else:
        lines.append("No decision lost a clear share of your win chance.")
    lines.append("")
    lines.append("Every decision:")
    for s in said:
        lines.append(f"  {_line(s, rough)}")
    lines.append("")
    lines.append(_legend())
    return "\n".join(lines) + "\n"


def _line(s: Said, rough: bool) -> str:
    d = s.decision
    if d.played_win is None:
        worth = "the search did not look at it"
    else:
        worth = percent(d.played_win, _width(d, d.played), rough=rough)
    text = f"Move {s.move}: you played “{s.played}” ({worth} to win)"
    if d.best != d.played:
        text += f"; best: “{s.best}” ({percent(d.chance, _width(d, d.best), rough=rough)})"
    if d.label:
        text += f" — {d.label}, −{round(d.loss * 100)} points"
    return text


def _legend() -> str:
    parts = [f"{name} ≥ {round(t * 100)} points" for name, t in reversed(THRESHOLDS)]
    return (
        "A decision is labelled by the win chance it lost against the best move ("
        + ", ".join(parts)
        + "), only when the loss is clear of the search's own noise (95% sure)."
    )


def review_html(review: Review, said: list[Said] | None = None) -> str:
    """The review as one page (no scripts, no network): a chart and the decisions."""
    said = say_review(review) if said is None else said
    rough = rough_game(review.record.game)
    esc = html.escape
    chart = _chart_svg(said)
    worst = review.worst(3)
    by_index = {s.decision.index: s for s in said}
    items = "".join(f"<li>{esc(_line(by_index[d.index], rough))}</li>" for d in worst)

    def worth(chance: float | None) -> str:
        return "" if chance is None else percent(chance, 0, rough=rough)

    rows = "".join(
        f"<tr class='{esc(s.decision.label or '')}'><td>{s.move}</td><td>{esc(s.played)}</td>"
        f"<td>{worth(s.decision.played_win)}</td>"
        f"<td>{esc(s.best)}</td><td>{worth(s.decision.chance)}</td>"
        f"<td>{esc(s.decision.label or '')}</td></tr>"
        for s in said
    )
    title = esc(headline(review))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 16px/1.4 system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem;
  padding: 0 1rem; color: #1b1b1b; }}
svg {{ width: 100%; height: auto; background: #f7f7f2; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ddd; padding: .3rem .4rem; text-align: left; }}
tr.blunder td {{ background: #fde2e1; }} tr.mistake td {{ background: #fff0d6; }}
tr.inaccuracy td {{ background: #fbf8d8; }}
</style></head><body>
<h1>{title}</h1>
<p>{esc(_counts_line(review))}{" " + esc(ROUGH) if rough else ""}</p>
<figure>{chart}<figcaption>Your win chance at each of your decisions.</figcaption></figure>
<h2>The costliest decisions</h2>
{f"<ol>{items}</ol>" if items else "<p>No decision lost a clear share of your win chance.</p>"}
<h2>Every decision</h2>
<table><thead><tr><th>Move</th><th>You played</th><th>Its chance</th><th>Best</th>
<th>Best chance</th><th></th></tr></thead><tbody>{rows}</tbody></table>
<p>{esc(_legend())}</p>
</body></html>
"""


def _counts_line(review: Review) -> str:
    counts = review.counts()
    named = ", ".join(_plural(n, name) for name, n in counts.items())
    return f"{len(review.decisions)} decisions judged ({review.iterations} playouts each): {named}"


def _plural(n: int, name: str) -> str:
    if n == 1:
        return f"1 {name}"
    return f"{n} {name[:-1]}ies" if name.endswith("y") else f"{n} {name}s"


def _chart_svg(said: list[Said]) -> str:
    """The win chance at each decision as a line, labelled decisions as dots."""
    w, h, pad = 600, 200, 24
    n = max(1, len(said) - 1)
    pts = [
        (pad + (w - 2 * pad) * i / n, h - pad - (h - 2 * pad) * s.decision.chance)
        for i, s in enumerate(said)
    ]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    colours = {"blunder": "#c62828", "mistake": "#ef6c00", "inaccuracy": "#f9a825"}
    dots = "".join(
        f"<circle cx='{x:.1f}' cy='{y:.1f}' r='5' fill='{colours[s.decision.label]}'>"
        f"<title>Move {s.move}: {s.decision.label}</title></circle>"
        for (x, y), s in zip(pts, said, strict=True)
        if s.decision.label
    )
    ys = {q: h - pad - (h - 2 * pad) * q for q in (0, 0.5, 1)}
    grid = "".join(
        f"<line x1='{pad}' x2='{w - pad}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ccc'/>"
        f"<text x='2' y='{y + 4:.1f}' font-size='11'>{round(q * 100)}%</text>"
        for q, y in ys.items()
    )
    return (
        f"<svg viewBox='0 0 {w} {h}' role='img' aria-label='Your win chance over the game'>"
        f"{grid}<polyline points='{line}' fill='none' stroke='#1565c0' stroke-width='2'/>"
        f"{dots}</svg>"
    )


def run(
    record_path: str,
    seat: int,
    *,
    mode: str,
    iterations: int,
    html_path: str | None,
    json_path: str | None,
    stdout: TextIO,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """``yuletide review``: review, print the text, write the page/JSON when asked."""
    record = open_replay(record_path, seat)
    review = review_game(
        record, seat, mode=mode, iterations=iterations, progress=progress, moves_at=prompt_moves_at
    )
    said = say_review(review)
    stdout.write(review_text(review, said))
    if html_path:
        with open(html_path, "w", encoding="utf-8") as f:
            f.write(review_html(review, said))
        stdout.write(f"The review as a page: {html_path}\n")
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(review.to_json(), f)
        stdout.write(f"The review as JSON: {json_path}\n")
    return 0
