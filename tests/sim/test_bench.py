"""``make bench``'s search rows (yuletide.sim.bench): the row's fields and the
profile's shares; no timing is asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yuletide.core.registry import game_class
from yuletide.sim.bench import BUCKETS, main, time_search


def test_a_row_has_speeds_and_shares_adding_up_to_one() -> None:
    before = dict(game_class("check-the-box").__dict__)
    row = time_search("check-the-box", moves=1)
    assert row["game"] == "check-the-box" and row["players"] == 2 and row["moves"] == 1
    assert row["iterations_per_second"] > 0 and row["seconds_per_move"] > 0
    assert row["profile_iterations_per_second"] > 0
    assert set(row["shares"]) == set(BUCKETS)
    assert sum(row["shares"].values()) == pytest.approx(1.0)
    assert row["shares"]["rollout"] > 0 and row["shares"]["determinize"] > 0
    # the timing wrappers are gone afterwards, and the class is as it was: a method it
    # inherits is inherited again (a later patch of State must still reach it)
    cls = game_class("check-the-box")
    assert cls.__dict__ == before
    assert cls.legal_actions.__name__ == "legal_actions"


def test_command_line_writes_json_and_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "search.json"
    assert main(["--game", "looney-lights", "--moves", "1", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert [r["game"] for r in rows] == ["looney-lights"]
    assert "it/s" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--moves", "0"])
    assert "--moves must be a whole number >= 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--game", "no-such-game"])
    assert "no game 'no-such-game'; games: blink" in capsys.readouterr().err
