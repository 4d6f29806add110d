"""docs/adding-a-game.md is true: the room it walks through (tests/rooms/nim_lights) holds
the files it lists, its manifest is the one printed, the paths it names exist, its
Python and its commands run, the golden playthroughs take the game, and nothing outside
the room names the game. The game is registered for this module (conftest.py)."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import yuletide
from yuletide.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-a-game.md"
ROOM = Path(__file__).parent / "nim_lights"
TEMPLATE = ROOT / "src" / "yuletide" / "games" / "christmas_lights" / "wheres_that_bulb"
TEXT = DOC.read_text(encoding="utf-8")


def blocks(lang: str) -> list[str]:
    """The doc's fenced code blocks in ``lang``."""
    return re.findall(rf"```{lang}\n(.*?)```", TEXT, re.S)


def section(title: str) -> str:
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start : end if end > 0 else None]


def test_the_room_holds_the_files_the_doc_lists() -> None:
    listed = re.findall(r"^\| `([\w.]+)` \|", section("What a room holds"), re.M)
    assert listed[0] == "__init__.py" and "rules.py" in listed and len(listed) == 7
    have = {p.name for p in ROOM.iterdir() if p.is_file()}
    assert have == set(listed), "the worked example holds exactly the files listed"
    assert set(listed) <= {p.name for p in TEMPLATE.iterdir()}, "and so does the template"


def test_the_manifest_printed_is_the_rooms() -> None:
    printed = blocks("python")[0].strip()
    source = (ROOM / "__init__.py").read_text(encoding="utf-8")
    code = source.split('"""', 2)[2].split("\n__all__")[0].strip()
    assert printed == code


def test_the_paths_the_doc_names_exist() -> None:
    bases = [ROOT, ROOT / "src", ROOT / "src" / "yuletide", ROOT / "src" / "yuletide" / "games"]
    named = set(re.findall(r"`([\w./-]+/[\w.-]*)`", TEXT))
    named = {n for n in named if not n.startswith("python") and "<" not in n}
    missing = [n for n in sorted(named) if not any((b / n).exists() for b in bases)]
    missing = [n for n in missing if not (TEMPLATE.parent / n).exists()]
    assert not missing, missing
    assert "tests/rooms/nim_lights/" in named and "tests/test_imports.py" in named


def test_the_rule_tests_named_exist() -> None:
    module = (Path(__file__).parent / "test_nim_lights.py").read_text(encoding="utf-8")
    for name in re.findall(r"`(test_\w+)`", TEXT):
        assert f"def {name}(" in module, name


def test_the_python_runs(capsys: pytest.CaptureFixture[str]) -> None:
    exec(blocks("python")[1], {})
    out = capsys.readouterr().out
    assert "Outcome(status='finished'" in out


def test_the_commands_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each ``$ yuletide ...`` line of the doc, in this process: ``play`` with a player
    who always passes, ``replay`` of the record it saved, stopped at once."""
    monkeypatch.chdir(tmp_path)
    commands = [
        line[2:].split()[1:]
        for b in blocks("console")
        for line in b.splitlines()
        if line.startswith("$ yuletide ")
    ]
    assert [c[0] for c in commands] == ["list", "simulate", "play", "replay"]
    for argv in commands:
        monkeypatch.setattr(
            sys, "stdin", io.StringIO("pass\n" * 40 if argv[0] == "play" else "q\n")
        )
        assert main(argv) == 0, argv
        out = capsys.readouterr().out
        if argv[0] == "list":
            assert "nim-lights" in out and "Nim Lights" in out
    assert (tmp_path / "nim-lights-1.replay.json").is_file()


def test_the_rules_page_is_the_rooms() -> None:
    docs = pytest.importorskip("yuletide.docs")
    assert docs.page("nim-lights") == (ROOM / "rules.md").read_text(encoding="utf-8")


def _generator() -> ModuleType:
    path = ROOT / "tests" / "playthroughs" / "generate.py"
    spec = importlib.util.spec_from_file_location("walkthrough_playthroughs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_playthroughs_takes_the_game() -> None:
    gen = _generator()
    assert ("nim-lights", 2) in gen.cases() and ("nim-lights", 3) in gen.cases()
    text = gen.text("nim-lights", 2)
    assert text == gen.text("nim-lights", 2) and "yuletide:nim-lights/rules-1/encoding-1" in text
    assert gen.bots_text("nim-lights") == gen.bots_text("nim-lights")


def test_nothing_outside_the_room_names_the_game() -> None:
    """What a new engineer touches is the room and its tests: no file of the package
    names Nim Lights (the layers found it through its manifest alone)."""
    names = re.compile(r"nim[-_ ]lights|NimLights|rooms\.nim", re.I)
    found = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "src").rglob("*")
        if p.is_file()
        and p.suffix in {".py", ".js", ".html", ".md", ".json", ".css"}
        and names.search(p.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, found
    assert "nim-lights" in yuletide.games()
