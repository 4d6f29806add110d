"""The rules pages (issue point 3): every game has its page in its room, each page's
Options section lists exactly the game's options, every link between the pages
resolves, ``docs/`` holds up-to-date copies, and ``yuletide rules`` prints the pages.

The pages live in the package (``yuletide.docs``); ``make docs`` copies them to docs/.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

import pytest

import yuletide
from yuletide.cli import main
from yuletide.docs import (
    RULINGS_ID,
    anchors,
    copies,
    links,
    room_path,
    rules_page,
    rulings_page,
    slug,
    stale,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
INDEX = "rules/README.md"


def _docs_pages() -> dict[str, str]:
    """Every page as docs/ holds it (by path under docs/), the index included."""
    return {**copies(), INDEX: (DOCS / INDEX).read_text(encoding="utf-8")}


def _section(text: str, title: str) -> str:
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, f"no '## {title}' section"
    return found.group(1)


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


@pytest.mark.parametrize("game", yuletide.games())
def test_every_game_has_its_page_in_its_room(game: str) -> None:
    assert (ROOT / room_path(game)).is_file(), f"{game} has no {room_path(game)}"
    text = rules_page(game)
    assert text.startswith(f"# {yuletide.game_class(game).title}\n"), text[:80]
    for section in ("Goal", "Options", "Rulings and readings"):
        _section(text, section)


@pytest.mark.parametrize("game", yuletide.games())
def test_each_pages_options_are_exactly_the_games_options(game: str) -> None:
    """The Options table: one row per option, in the game's order, with its default."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in _section(rules_page(game), "Options").splitlines()
        if line.startswith("|")
    ][2:]  # the header row and the |---| rule
    options = yuletide.game_info(game)["options"]
    assert [r[0] for r in rows] == [f"`{o['name']}`" for o in options]
    assert [r[1] for r in rows] == [_shown(o["default"]) for o in options]


def test_every_link_between_the_pages_resolves() -> None:
    """Links as docs/ holds the pages (where GitHub shows them): each goes to a page
    there, and each #anchor to a heading of that page."""
    pages = _docs_pages()
    targets = {name: set(anchors(text)) for name, text in pages.items()}
    bad = []
    checked = 0
    for name, text in pages.items():
        for label, target in links(text):
            if re.match(r"https?://", target):
                continue
            path, _, anchor = target.partition("#")
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), path))
            resolved = resolved if path else name
            checked += 1
            if resolved not in targets or (anchor and anchor not in targets[resolved]):
                bad.append(f"{name}: [{label}]({target})")
    assert checked > 200
    assert not bad, "links that go nowhere:\n" + "\n".join(bad)


def test_the_index_links_every_game_page() -> None:
    index = (DOCS / INDEX).read_text(encoding="utf-8")
    linked = {target for _, target in links(index)}
    assert {f"{g}.md" for g in yuletide.games()} <= linked


def test_docs_holds_up_to_date_copies_of_the_pages() -> None:
    behind = stale(DOCS)
    assert not behind, "docs/ is out of date; run: make docs\n" + "\n".join(behind)


def test_anchors_are_githubs_heading_slugs() -> None:
    assert slug("Looney Lights: first-discard") == "looney-lights-first-discard"
    assert slug("Where's That Bulb?: count-mismatch") == "wheres-that-bulb-count-mismatch"
    assert slug("Christmas Lights — the main game") == "christmas-lights--the-main-game"
    assert slug("The `turn_limit` *option*") == "the-turn_limit-option"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n### A\n") == ["a", "a-1", "a-2"]
    assert {"m1", "t10", "j11", "s14", "every-game-safety-limits"} <= set(anchors(rulings_page()))


def test_yuletide_rules_prints_a_page_lists_the_games_and_refuses_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "blink"]) == 0
    assert capsys.readouterr().out == rules_page("blink")
    assert main(["rules", RULINGS_ID]) == 0
    assert capsys.readouterr().out == rulings_page()
    assert main(["rules"]) == 0
    listed = capsys.readouterr().out
    for game in yuletide.games():
        assert re.search(rf"^{re.escape(game)}\s", listed, re.M), game
    assert main(["rules", "snowball-fight"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: yuletide rules")
    assert "no game 'snowball-fight'" in err and "christmas-lights" in err and "rulings" in err


def test_make_docs_writes_the_copies(tmp_path: Path) -> None:
    from yuletide.docs import main as docs_main

    assert docs_main([str(tmp_path), "--check"]) == 1
    assert docs_main([str(tmp_path)]) == 0
    (tmp_path / "rules" / "README.md").write_text("index", encoding="utf-8")
    assert stale(tmp_path) == []
    written = (tmp_path / "rules" / "blink.md").read_text(encoding="utf-8")
    assert written.startswith("<!-- Written by `make docs` from src/yuletide/games/")
    assert written.endswith(rules_page("blink"))
