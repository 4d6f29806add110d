"""What the lab tests share: the ``yuletide`` command line with the ``lab`` subcommand
(added here until cli.py wires it in; once it does, the wiring is used as it is) and a
results store in a temporary folder."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.lab.kit import LabMain

from yuletide import cli
from yuletide.lab.cli import add_lab_parser


@pytest.fixture
def lab_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Iterator[LabMain]:
    """Run ``yuletide ARGS`` (with ``lab``); (exit status, stdout, stderr)."""
    build = cli.build_parser

    def with_lab() -> argparse.ArgumentParser:
        parser = build()
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        if "lab" not in sub.choices:
            add_lab_parser(sub)
        return parser

    monkeypatch.setattr(cli, "build_parser", with_lab)

    def run(argv: list[str]) -> tuple[int, str, str]:
        code = cli.main(argv)
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    yield run


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "lab.sqlite3"
