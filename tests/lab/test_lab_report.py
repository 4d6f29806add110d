"""The HTML report renders: every section, an image per plot (each a PNG with alt text),
tables beside the plots, the game's own details, nothing fetched from elsewhere."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from yuletide.lab import analysis, report
from yuletide.lab.plan import Variant, report_plan
from yuletide.lab.runner import run_plan
from yuletide.lab.store import Store

PNG = b"\x89PNG\r\n\x1a\n"


def _render(
    store_path: Path,
    game: str,
    counts: list[int],
    games: int,
    variants: list[Variant] | None = None,
) -> report.Document:
    plan = report_plan(game, counts, ["random"], games, variants=variants or [])
    with Store(store_path) as store:
        groups = analysis.summarise_groups(run_plan(plan, store))
    return report.build(plan, groups, raw=(Path("x.json"), Path("x.csv")))


def _check_document(doc: report.Document) -> str:
    text = doc.html
    for sid, title in report.SECTIONS:
        assert f'<section id="{sid}"><h2>{title}</h2>' in text
    images = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]+)">', text)
    drawn = [p for p in doc.plots if p.png]
    assert len(images) == len(drawn) == text.count("<img")
    for data, alt in images:
        assert base64.b64decode(data).startswith(PNG)
        assert len(alt) > 40  # the numbers, in words
    for plot in doc.plots:  # an empty plot is a sentence instead
        if plot.png:
            assert f'<figure id="{plot.id}">' in text
        else:
            assert f'<p id="{plot.id}">' in text and "Nothing to plot" in plot.alt
    assert "<script" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)  # opens offline
    assert text.count("<table>") >= 4
    assert doc.findings and all(html.escape(f) in text for f in doc.findings)
    return text


def test_a_multiplayer_report_has_every_section_and_plot(store_path: Path) -> None:
    doc = _render(store_path, "twinkling-lights", [2, 3], 4)
    text = _check_document(doc)
    ids = {p.id for p in doc.plots}
    assert {"plot-seats", "plot-length", "plot-unfinished", "plot-ties", "plot-ends"} <= ids
    assert "tiles ran out" in text or "three patterns" in text
    assert "2 players" in text and "3 players" in text
    assert "yuletide lab report twinkling-lights --players 2,3" in text


def test_the_games_own_details(store_path: Path) -> None:
    jolly = _render(store_path, "jolly-christmas", [2], 3)
    text = _check_document(jolly)
    assert {"plot-toppers", "plot-categories", "plot-scores"} <= {p.id for p in jolly.plots}
    assert "Tree-toppers" in text and "Points by category" in text and "snowflakes" in text
    story = _render(store_path, "christmas-story", [3], 6)
    text = _check_document(story)
    assert "plot-endings" in {p.id for p in story.plots}
    assert "Endings" in text


def test_a_solo_report_gives_win_rates_per_difficulty(store_path: Path) -> None:
    ladder = [Variant(d, {"difficulty": d}) for d in ("normal", "hard", "heroic")]
    doc = _render(store_path, "deck-the-yard", [1], 4, ladder)
    text = _check_document(doc)
    assert "plot-solo" in {p.id for p in doc.plots}
    assert "plot-seats" not in {p.id for p in doc.plots}  # one seat: nothing to compare
    assert "Solo win rate per difficulty" in text
    for d in ("normal", "hard", "heroic"):
        assert f"<td>{d}</td>" in text
    assert any(f.startswith("Win rate: ") for f in doc.findings)


def test_findings_name_the_seat_advantage_and_length(store_path: Path) -> None:
    plan = report_plan("looney-lights", [2], ["random"], 6)
    with Store(store_path) as store:
        groups = analysis.summarise_groups(run_plan(plan, store))
    found = report.findings("looney-lights", groups)
    assert found[0].startswith("2 players: ") and "seat advantage" in found[0]
    assert any(f.startswith("Median length in decisions") for f in found)
    assert any(f == "Every game finished within the turn limit." for f in found)


def test_an_all_zero_plot_is_a_sentence_and_shares_are_shares() -> None:
    zero = {"value": 0.0, "lo": 0.0, "hi": 0.06, "n": 60, "p": None}
    plot = report.rate_bars(
        "plot-x", "Unfinished", "the share cut off", ["2 players"], {"u": [zero]}
    )
    assert plot.png == b"" and "0.0% [0.0, 6.0]" in plot.alt
    assert '<p id="plot-x"><b>Unfinished:</b> Nothing to plot' in report._img(plot)
    groups = [{"label": "2 players", "length": {"all": [30] * 10, "quantiles": {}}}]
    groups[0]["length"]["quantiles"] = dict.fromkeys(("0", "0.1", "0.5", "0.9", "1"), 30.0)
    length = report.plot_length(groups)  # every game in one bin: 100% of games, not a density
    assert length.png.startswith(PNG)


def _seats(rates: list[float], p: float, deals: int = 200) -> dict[str, object]:
    est = [{"value": r, "lo": r - 0.06, "hi": r + 0.06, "n": deals, "p": None} for r in rates]
    return {
        "seats": [{"seat": s, "win_rate": e} for s, e in enumerate(est)],
        "fair": sum(rates) / len(rates),
        "p": p,
    }


def test_the_headline_is_the_largest_departure_from_fair() -> None:
    """Twinkling Lights at four players as the issue found it: the last seat at 14% is
    the signal, not the best seat at 34%; a "no advantage" says what it could detect."""
    weak = {
        "label": "4 players",
        "players": 4,
        "deals": 200,
        "seats": _seats([0.26, 0.26, 0.34, 0.14], 0.001),
    }
    even = {"label": "2 players", "players": 2, "deals": 200, "seats": _seats([0.52, 0.48], 0.6)}
    first = report._seat_finding(even, 0.6, 2)
    lead = report._seat_finding(weak, 0.002, 2)
    assert (
        lead[0]
        and "seat 3 (the last seat) wins 14.0%" in lead[2]
        and "11.0 points below" in lead[2]
    )
    assert not first[0] and "could detect a seat 8.6 points from fair (80% power)" in first[2]
    assert "589 deals would detect 5 points" in first[2]  # 200 x (8.58 / 5)²
