"""The rules pages: each game's rules and the rulings page, and their copies in docs/.

The canonical text ships in the package: a game's page is ``rules.md`` in its room
(``yuletide/games/<family>/<game>/rules.md``) and the rulings page, every ruling and
reading the games cite, is ``yuletide/games/rulings.md``. ``yuletide rules GAME`` prints
a page and the server's ``/api/games/{game}/rules`` (``/api/rulings``) returns the same
text for the browser.

``docs/rules/<game>.md`` and ``docs/rulings.md`` are copies for reading in the
repository, written from the package by ``make docs`` (``python -m yuletide.docs
docs``); ``tests/test_docs.py`` fails, naming the command, when they are out of date.
The links in the pages are written for those copies (``../rulings.md#m2`` from a rules
page, ``rules/README.md`` from the rulings page); the browser maps them to its own
routes (``js/rules-page.js``). Anchors are GitHub's heading slugs (:func:`slug`).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from .core.registry import game_class, games, spec

#: The name the rulings page goes by (``yuletide rules rulings``, ``/rules/rulings``).
RULINGS_ID = "rulings"
RULINGS_TITLE = "Rulings and readings"

#: The first line of each copy in docs/: where the text really lives.
HEADER = "<!-- Written by `make docs` from {source}; edit that file, not this copy. -->\n\n"

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


@cache
def rules_page(game_id: str) -> str:
    """A game's rules page (Markdown): ``rules.md`` in its room; a game registered
    without one gets its rules module's docstring. InvalidOption for an unknown game."""
    found = spec(game_id)
    page = resources.files(found.package).joinpath("rules.md")
    if page.is_file():
        return page.read_text(encoding="utf-8")
    return (sys.modules[game_class(game_id).__module__].__doc__ or "").strip() + "\n"


@cache
def rulings_page() -> str:
    """The rulings page (Markdown): every ruling and reading the games cite."""
    return resources.files("yuletide.games").joinpath("rulings.md").read_text(encoding="utf-8")


def page(name: str) -> str:
    """A game's rules page, or the rulings page for ``rulings``."""
    return rulings_page() if name == RULINGS_ID else rules_page(name)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: the text as shown (no Markdown marks), in
    lower case, without punctuation, spaces as hyphens (``Game Name: some-reading`` is
    ``game-name-some-reading``; ``A — B`` is ``a--b``)."""
    shown = _LINK.sub(r"\1", heading).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", shown.lower()).replace(" ", "-")


def anchors(text: str) -> list[str]:
    """The anchors of a page's headings in order, repeats numbered as GitHub does
    (``x``, ``x-1``, ``x-2``); headings inside code blocks are not headings."""
    seen: dict[str, int] = {}
    found: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        heading = None if fenced else _HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.append(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[tuple[str, str]]:
    """Every inline link of a page: (text, target)."""
    return [(m.group(1), m.group(2)) for m in _LINK.finditer(text)]


def room_path(game_id: str) -> str:
    """Where a game's page lives in the source tree (``src/yuletide/games/…/rules.md``)."""
    return "src/" + spec(game_id).package.replace(".", "/") + "/rules.md"


def copies() -> dict[str, str]:
    """The files ``make docs`` writes: their path under docs/ and their text."""
    out = {"rulings.md": HEADER.format(source="src/yuletide/games/rulings.md") + rulings_page()}
    for game_id in games():
        out[f"rules/{game_id}.md"] = HEADER.format(source=room_path(game_id)) + rules_page(game_id)
    return out


def stale(docs: Path) -> list[str]:
    """The copies under ``docs`` that are missing or differ from the package's pages,
    and pages in ``docs/rules`` of no game (README.md, the index, is written by hand)."""
    wanted = copies()
    out = [
        name
        for name, text in wanted.items()
        if not (docs / name).is_file() or (docs / name).read_text(encoding="utf-8") != text
    ]
    rules = docs / "rules"
    if rules.is_dir():
        out += [
            f"rules/{p.name} (no such game: delete it)"
            for p in sorted(rules.glob("*.md"))
            if p.name != "README.md" and f"rules/{p.name}" not in wanted
        ]
    return out


def write(docs: Path) -> list[str]:
    """Write the copies that are out of date; the paths written."""
    written = []
    for name, text in copies().items():
        target = docs / name
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(name)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m yuletide.docs [DOCS] [--check]``: write docs/ from the package's pages
    (or, with --check, list what is out of date and exit 1 if anything is)."""
    parser = argparse.ArgumentParser(prog="python -m yuletide.docs", description=main.__doc__)
    parser.add_argument("docs", nargs="?", default="docs", help="the docs directory (docs)")
    parser.add_argument("--check", action="store_true", help="only report what is stale")
    args = parser.parse_args(argv)
    docs = Path(args.docs)
    if args.check:
        behind = stale(docs)
        for name in behind:
            print(f"{docs / name} is out of date; run: make docs")
        return 1 if behind else 0
    for name in write(docs):
        print(f"wrote {docs / name}")
    for name in stale(docs):
        print(f"{docs / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
