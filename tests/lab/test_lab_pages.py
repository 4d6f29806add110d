"""``compare`` and ``tournament`` write a page like ``report``'s: self-contained HTML,
each plot a PNG with its numbers in alt text and a table beside it (a forest plot of the
paired differences; a rating table and a head-to-head heat map), the command to play it
again."""

from __future__ import annotations

import base64
import re
from pathlib import Path

from tests.lab.kit import LabMain

PNG = b"\x89PNG\r\n\x1a\n"


def _images(text: str) -> list[tuple[bytes, str]]:
    found = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]+)">', text)
    return [(base64.b64decode(data), alt) for data, alt in found]


def _offline(text: str) -> None:
    assert "<script" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)


def test_compare_writes_a_page_with_a_forest_plot(lab_main: LabMain, tmp_path: Path) -> None:
    page = tmp_path / "cmp.html"
    code, out, err = lab_main(
        [
            "lab", "compare", "jolly-christmas", "--players", "2", "--variant",
            "matching_lights=false", "--variant", "matching_lights=true", "--bots", "random",
            "--games", "8", "--quiet",
            "--store", str(tmp_path / "lab.sqlite3"), "--out", str(tmp_path), "--html", str(page),
        ]
    )  # fmt: skip
    assert code == 0, err
    assert f"page: {page}" in out
    text = page.read_text(encoding="utf-8")
    _offline(text)
    for sid in ("differences", "variants", "rules", "data"):
        assert f'<section id="{sid}">' in text
    images = _images(text)
    assert images and all(png.startswith(PNG) for png, _ in images)
    assert "Forest plot of the paired differences" in images[0][1]
    assert "could detect (80% power)" in text
    assert (
        "yuletide lab compare jolly-christmas --players 2 --variant matching_lights=false" in text
    )
    assert "--games 8 --seed 0" in text


def test_tournament_writes_ratings_and_a_heat_map(lab_main: LabMain, tmp_path: Path) -> None:
    code, _, err = lab_main(
        [
            "lab", "tournament", "blink", "--players", "2", "--bots", "random,medium",
            "--games", "6", "--quiet", "--store", str(tmp_path / "lab.sqlite3"),
            "--out", str(tmp_path),
        ]
    )  # fmt: skip
    assert code == 0, err
    page = tmp_path / "blink-tournament.html"
    text = page.read_text(encoding="utf-8")
    _offline(text)
    assert "mu [95%]" in text and "<td>medium</td>" in text and "<td>random</td>" in text
    (png, alt), *_ = _images(text)
    assert png.startswith(PNG) and "medium above random" in alt


def test_a_bad_html_path_is_refused_before_playing(lab_main: LabMain, tmp_path: Path) -> None:
    code, _, err = lab_main(
        [
            "lab",
            "tournament",
            "blink",
            "--bots",
            "random,easy",
            "--html",
            str(tmp_path / "no" / "x.html"),
        ]
    )
    assert code == 2 and "give a file name in an existing directory" in err
