"""docs/rl.md: its encoding tables are the code's, and its training loop runs."""

from __future__ import annotations

import re
from pathlib import Path

from yuletide.rl.encodings import document_all

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_encoding_tables_match_the_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    begin, end = "<!-- encodings:begin -->\n", "<!-- encodings:end -->"
    assert begin in text and end in text
    tables = text.split(begin, 1)[1].split(end, 1)[0]
    assert tables == document_all(), (
        "docs/rl.md is out of date: put the output of `python -m yuletide.rl.encodings`"
        " between its encodings markers"
    )


def test_the_training_loop_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"## A training loop in PettingZoo.*?```python\n(.*?)```", text, re.S)
    assert block is not None
    code = block.group(1)
    lines = [line for line in code.splitlines() if line.strip()]
    assert len(lines) <= 18
    assert "range(100)" in code
    scope: dict[str, object] = {}
    exec(compile(code.replace("range(100)", "range(3)"), str(DOC), "exec"), scope)
    weights = scope["W"]
    assert weights.any()  # type: ignore[attr-defined]
