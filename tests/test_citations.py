"""Every citation of a ruling resolves inside the repository (issue point 3): the code,
its error messages, the tests and the benchmarks cite the rulings page
(``src/yuletide/games/rulings.md``, copied to ``docs/rulings.md``) and nothing outside.

A citation is one of (the rulings page, "How the anchors are formed"):

- a link: ``docs/rulings.md#m2``, the anchor a heading of the page;
- an id: "ruling M2", "rulings T1, T2", "rulings J1-J6, J10" (M, T, J or S and a number);
- a heading: "ruling Looney Lights: first-discard" (a game's name as the page writes it,
  a colon, the entry's name);
- a reading: "reading plug-on-plug" (a hyphenated name some game's reading carries).

Nothing may name the files of the design notes outside the repository: the upper-case
rulings file, or anything in the shared folder beside the repository.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from yuletide.docs import anchors, rulings_page, slug

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("src", "tests", "bench")
SUFFIXES = {".py", ".js", ".md", ".json", ".html", ".txt", ".toml"}

# Spelled in two parts so that this file does not cite what it forbids.
OLD_FILE = "RUL" + "INGS"
SHARED = "sha" + "red"
FORBIDDEN = re.compile(rf"\b{OLD_FILE}\b|\.\./{SHARED}|{SHARED}/{OLD_FILE}")

ANCHORS = set(anchors(rulings_page()))
ID = r"[MTJS]\d{1,2}"
LINK = re.compile(r"docs/rulings\.md#([\w-]+)")
IDS = re.compile(rf"\b[Rr]ulings? ({ID}(?:(?:, | and | to |-|–| \+ ){ID})*)\b")
#: The game part of the page's "Game: name" headings, as the page writes it (the rules
#: for every game, "Every game: safety limits", are cited by their link).
PREFIXES = sorted(
    {
        m.group(1)
        for m in re.finditer(r"^#{2,6} (.+?): [a-z]", rulings_page(), re.M)
        if not m.group(1).startswith("Every")
    },
    key=len,
    reverse=True,
)
HEADING = re.compile(
    r"\b[Rr]uling (" + "|".join(re.escape(p) for p in PREFIXES) + r"): ([a-z][a-z0-9-]*)"
)
READING = re.compile(r"\b[Rr]eadings? ([a-z0-9]+(?:-[a-z0-9]+)+)\b")


def _files() -> Iterator[tuple[str, str]]:
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in SUFFIXES and path.is_file() and "egg-info" not in rel:
                if "__pycache__" in rel:
                    continue
                yield rel, " ".join(path.read_text(encoding="utf-8", errors="replace").split())


FILES = dict(_files())


def _ids(span: str) -> list[str]:
    """The ids of "T1, T2", "J1-J6" (a range), "S1 to S14"."""
    out: list[str] = []
    for first, last in re.findall(rf"({ID})(?:\s*(?:-|–| to )\s*({ID}))?", span):
        if last and last[0] == first[0]:
            out += [f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1)]
        else:
            out += [first, *([last] if last else [])]
    return out


def test_the_rulings_page_has_every_kind_of_entry() -> None:
    for anchor in ("m1", "m18", "t10", "j11", "s14", "every-game-safety-limits"):
        assert anchor in ANCHORS
    assert "Looney Lights" in PREFIXES and "Where's That Bulb?" in PREFIXES


def test_nothing_cites_files_outside_the_repository() -> None:
    found = [
        f"{rel}: {m.group(0)!r}" for rel, text in FILES.items() for m in FORBIDDEN.finditer(text)
    ]
    assert not found, "cite docs/rulings.md instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("form", "pattern"),
    [("link", LINK), ("id", IDS), ("heading", HEADING), ("reading", READING)],
    ids=["link", "id", "heading", "reading"],  # the same in every xdist worker
)
def test_every_citation_names_an_entry_of_the_rulings_page(
    form: str, pattern: re.Pattern[str]
) -> None:
    bad: list[str] = []
    seen = 0
    for rel, text in FILES.items():
        for m in pattern.finditer(text):
            seen += 1
            if form == "link":
                ok = m.group(1) in ANCHORS
            elif form == "id":
                ok = all(i.lower() in ANCHORS for i in _ids(m.group(1)))
            elif form == "heading":
                ok = slug(f"{m.group(1)}: {m.group(2)}") in ANCHORS
            else:
                ok = any(a.endswith("-" + m.group(1)) for a in ANCHORS)
            if not ok:
                bad.append(f"{rel}: {m.group(0)!r}")
    assert seen, f"no {form} citation found: is the pattern right?"
    assert not bad, "no such entry in the rulings page:\n" + "\n".join(bad)
