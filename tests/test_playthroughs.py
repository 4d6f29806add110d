"""The golden playthroughs (tests/playthroughs/) and bot matches (its bots/): every
game's seeded trajectory, as every seat, the table model and the encoding see it, and
the levels' decisions, must match their files exactly. On a difference the test prints
the diff; if the change is meant, `make playthroughs` rewrites the files and the diff is
reviewed in the commit."""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

_PATH = Path(__file__).parent / "playthroughs" / "generate.py"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("playthrough_generate", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


GEN = _generator()
CASES = GEN.cases()


def test_every_game_has_its_playthroughs_and_no_others() -> None:
    want = {GEN.path_of(g, n).name for g, n in CASES}
    have = {p.name for p in _PATH.parent.glob("*.txt")}
    assert have == want, "run `make playthroughs`"
    games = __import__("yuletide").games()
    assert {p.name for p in GEN.BOTS.glob("*.txt")} == {f"{g}.txt" for g in games}
    assert {g for g, _ in CASES} == set(__import__("yuletide").games())


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_playthrough_is_unchanged(game_id: str, players: int) -> None:
    _same(GEN.path_of(game_id, players), GEN.text(game_id, players))


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CASES}))
def test_bot_matches_are_unchanged(game_id: str) -> None:
    """The levels decide as they did (bots/GAME.txt): medium/easy and hard/medium
    matches at each playthrough count."""
    _same(GEN.bots_path(game_id), GEN.bots_text(game_id))


def _same(path: Path, got: str) -> None:
    want = path.read_text(encoding="utf-8")
    if got != want:
        diff = difflib.unified_diff(
            want.splitlines(), got.splitlines(), str(path), "now", lineterm="", n=2
        )
        lines = list(diff)
        shown = "\n".join(lines[:200])
        more = f"\n... {len(lines) - 200} more diff lines" if len(lines) > 200 else ""
        pytest.fail(
            f"{path.name} differs from what the game now does (if meant: make playthroughs)"
            f"\n{shown}{more}",
            pytrace=False,
        )
