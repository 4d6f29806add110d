"""bench/lab_figures.sh, the one command docs/balance.md's figures come from, stays a
list of lab commands the CLI accepts (it takes an hour to run, so no test plays it)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from yuletide.cli import build_parser
from yuletide.core.registry import games

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "lab_figures.sh"


def _commands() -> list[list[str]]:
    out = []
    for raw in SCRIPT.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("$LAB "):
            text = line.replace("$LAB", "lab").replace('"$OUT', '"out').replace("$RUN", "")
            text = text.replace('"$game"', "looney-lights")
            out.append(shlex.split(text))
    return out


def test_the_script_has_every_kind_of_command() -> None:
    kinds = {argv[1] for argv in _commands()}
    assert {"report", "compare", "sweep", "tune", "tournament", "scaling"} <= kinds


@pytest.mark.parametrize("argv", _commands(), ids=lambda a: " ".join(a[1:3]))
def test_every_command_in_the_script_parses(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)
    assert args.game in games()
