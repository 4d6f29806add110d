"""``make bench`` for Christmas Lights: the OpenSpiel Hanabi yardstick (issue #3, item 5).

The comparison runs when the ``bench`` extra (open_spiel) is installed and is skipped
with a note, like the RLCard one, when it is not. No test asserts a speed.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import pytest

from yuletide import bench


def test_hanabi_comparison_is_skipped_gracefully_without_open_spiel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.import_module

    def no_pyspiel(name: str, package: str | None = None) -> ModuleType:
        if name == "pyspiel":
            raise ImportError("No module named 'pyspiel'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_pyspiel)
    assert bench.time_openspiel_hanabi(0.01) is None
    out = tmp_path / "bench.json"
    assert bench.main(seconds=0.02, json_path=str(out), games=["christmas-lights"]) == 0
    printed = capsys.readouterr().out
    assert "OpenSpiel not installed" in printed
    assert "christmas-lights     6p" in printed
    data = json.loads(out.read_text())
    assert data["openspiel_hanabi"] is None
    assert "ratio_to_openspiel_hanabi" not in data
    assert [r["players"] for r in data["rows"]] == [2, 3, 4, 5, 6]


def test_hanabi_comparison_reports_the_ratio_when_open_spiel_is_installed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspiel")
    row = bench.time_openspiel_hanabi(0.05)
    assert row is not None
    assert row["game"] == "openspiel-hanabi" and row["players"] == 2
    assert row["actions"] > row["decisions"] > 0  # the deals are chance actions
    assert row["version"] == "2.0.2"
    out = tmp_path / "bench.json"
    assert bench.main(seconds=0.02, json_path=str(out), games=["christmas-lights"]) == 0
    data = json.loads(out.read_text())
    ratios = data["ratio_to_openspiel_hanabi"]
    assert sorted(ratios) == [f"christmas-lights/{n}p" for n in range(2, 7)]
    assert all(r > 0 for r in ratios.values())
    assert "x OpenSpiel Hanabi's applied actions/s" in capsys.readouterr().out
