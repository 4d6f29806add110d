"""Terminal play and replay: driven through StringIO, as a person at a terminal would."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO, cast

import pytest

import yuletide
from yuletide.terminal import format_actions, format_event, play, replay

MANY_ONES = "1\n" * 5000


def run_play(
    stdin_text: str,
    save: Path | None,
    *,
    game: str = "looney-lights",
    players: int | None = 3,
    seat: int = 0,
    seed: int | None = 5,
    options: dict[str, Any] | None = None,
    bots: str = "random",
) -> tuple[int, str]:
    out = io.StringIO()
    code = play(
        game,
        players=players,
        seat=seat,
        seed=seed,
        options=options or {},
        bots=bots,
        save=None if save is None else str(save),
        stdin=io.StringIO(stdin_text),
        stdout=out,
    )
    return code, out.getvalue()


def run_replay(
    path: Path, *, seat: int | None = None, step: bool = False, stdin_text: str = ""
) -> tuple[int, str]:
    out = io.StringIO()
    code = replay(str(path), seat=seat, step=step, stdin=io.StringIO(stdin_text), stdout=out)
    return code, out.getvalue()


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def finished_game(tmp_path: Path) -> tuple[Path, str]:
    """A whole 3-player Looney Lights game (seed 5), seat 0 always taking action 1."""
    save = tmp_path / "game.json"
    code, out = run_play(MANY_ONES, save)
    assert code == 0
    return save, out


# ------------------------------------------------------------------------ play


def test_whole_game_finishes_and_its_record_replays(finished_game: tuple[Path, str]) -> None:
    save, out = finished_game
    data = load(save)
    assert (data["game"], data["players"], data["seed"]) == ("looney-lights", 3, 5)
    state = yuletide.replay(data)
    assert state.outcome.status == "finished"
    assert "Result: finished — " + state.outcome.reason in out
    assert f"Winners: seat {state.outcome.winners[0]}" in out
    assert f"Replay record saved to {save}" in out


def test_whole_game_of_wheres_that_bulb(tmp_path: Path) -> None:
    save = tmp_path / "wtb.json"
    code, out = run_play(MANY_ONES * 4, save, game="wheres-that-bulb", players=2, seed=1)
    assert code == 0
    assert yuletide.replay(load(save)).outcome.status == "finished"
    assert "Result: finished" in out


def test_play_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    _, out_a = run_play(MANY_ONES, a)
    _, out_b = run_play(MANY_ONES, b)
    assert load(a) == load(b)
    assert out_a.replace(str(a), "X") == out_b.replace(str(b), "X")


def test_bad_input_reprompts_with_the_reason(tmp_path: Path) -> None:
    fresh = yuletide.new_game("looney-lights", players=3, seed=5)
    legal = fresh.legal_actions(0)
    illegal = next(a for a in fresh.action_space(3) if a not in legal)
    with pytest.raises(yuletide.IllegalAction) as err:
        fresh.apply(0, illegal)
    save = tmp_path / "g.json"
    code, out = run_play(f"999\nplay chartreuse\n{illegal}\n0\n-3\n\nq\n", save)
    assert code == 0
    assert f"There is no action 999: choose 1 to {len(legal)}" in out
    assert "There is no action 0" in out
    assert "There is no action -3" in out
    assert "'play chartreuse' is not a Looney Lights action" in out
    assert f"Not allowed: {err.value}" in out
    assert out.count("Your move") == 7  # one prompt per line read
    assert load(save)["actions"] == []  # nothing bad was applied


def test_notation_and_numbers_are_both_accepted(tmp_path: Path) -> None:
    fresh = yuletide.new_game("looney-lights", players=3, seed=5)
    first = str(fresh.legal_actions(0)[-1])
    save = tmp_path / "g.json"
    code, _ = run_play(f"  {first.upper()}  \nq\n", save)
    assert code == 0
    assert load(save)["actions"][0] == [0, first]


def test_help_lists_the_actions_again(tmp_path: Path) -> None:
    code, out = run_play("?\nq\n", tmp_path / "g.json")
    assert code == 0
    assert "Type the number of an action" in out
    assert out.count("  1) ") == 2


def test_quit_stops_and_still_saves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run_play("1\n1\nq\n", save)
    assert code == 0
    actions = load(save)["actions"]
    assert [s for s, _ in actions].count(0) == 2
    assert "the game is not finished" in out
    assert yuletide.replay(load(save)).outcome.status == "ongoing"


def test_end_of_input_stops_and_still_saves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run_play("", save)
    assert code == 0
    assert load(save)["actions"] == []
    assert "the game is not finished" in out


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    save = tmp_path / "g.json"
    out = io.StringIO()
    code = play(
        "looney-lights",
        players=3,
        seat=0,
        seed=5,
        options={},
        bots="random",
        save=str(save),
        stdin=cast(TextIO, Interrupting()),
        stdout=out,
    )
    assert code == 130
    assert save.exists()


def test_default_seed_and_save_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run_play("q\n", None, seed=None, players=None)
    assert code == 0
    match = re.search(r"seed (\d+);", out)
    assert match
    seed = int(match.group(1))
    saved = tmp_path / f"looney-lights-{seed}.replay.json"
    record = load(saved)
    assert record["seed"] == seed
    assert record["players"] == yuletide.game_class("looney-lights").default_players


def test_seat_other_than_zero_plays_after_the_bots(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, _ = run_play("1\nq\n", save, seat=2)
    assert code == 0
    record = load(save)
    seats = [s for s, _ in record["actions"]]
    assert seats.count(2) == 1
    assert 0 in seats[: seats.index(2)] and 1 in seats[: seats.index(2)]
    assert yuletide.replay(record).to_act == frozenset({2})  # quit at seat 2's next turn


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 9}, "looney-lights is for 2 to 6 players, got 9"),
        ({"options": {"turn_limit": 0}}, "option 'turn_limit' must be"),
        ({"options": {"colour": "red"}}, "has no option 'colour'"),
        ({"seat": 3}, "there is no seat 3: seats are 0 to 2"),
        ({"seat": -1}, "there is no seat -1"),
        ({"bots": "genius"}, "no bot 'genius'"),
        ({"game": "mistletoe"}, "no game 'mistletoe'"),
    ],
)
def test_bad_arguments_return_2_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kwargs: dict[str, Any], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run_play(MANY_ONES, None, **kwargs)
    assert code == 2
    assert out.startswith("yuletide: ")
    assert message in out
    assert list(tmp_path.iterdir()) == []  # no game, nothing saved


def test_unwritable_save_path_is_reported(tmp_path: Path) -> None:
    code, out = run_play("q\n", tmp_path / "no-such-dir" / "g.json")
    assert code == 1
    assert "could not save the replay record" in out


# ---------------------------------------------------------------------- replay


def test_replay_all_prints_every_step(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    total = len(load(save)["actions"])
    code, out = run_replay(save, seat=1)
    assert code == 0
    for i in range(1, total + 1):
        assert f"Step {i}/{total} — " in out
    assert f"Step {total + 1}/" not in out
    assert "shown as seat 1 saw it" in out
    assert "Result: finished" in out


def test_replay_step_waits_for_enter(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    code, out = run_replay(save, step=True, stdin_text="\n\nq\n")
    assert code == 0
    assert "Step 2/" in out
    assert "Step 3/" not in out
    assert out.count("[Enter] next step") == 3


def test_replay_step_stops_quietly_at_end_of_input(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    code, out = run_replay(save, step=True, stdin_text="\n")
    assert code == 0
    assert "Step 1/" in out
    assert "Step 2/" not in out


def test_replay_reads_a_full_save(tmp_path: Path) -> None:
    state = yuletide.new_game("looney-lights", players=4, seed=3)
    for _ in range(10):
        seat = min(state.to_act)
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "full.json"
    path.write_text(state.to_json(), encoding="utf-8")
    code, out = run_replay(path)
    assert code == 0
    assert "Step 10/10" in out
    assert "the game was not finished" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "invalid JSON"),
        (b"\xff\xfe\x00garbage", "invalid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"game": "looney-lights"}', "has no 'rules_version' field"),
        ("BAD_ACTION", "cannot be replayed"),
        ("BAD_GAME", "no game 'mistletoe'"),
        ("BAD_VERSION", "rules version 99"),
    ],
)
def test_replay_of_a_corrupt_file_returns_2(
    tmp_path: Path, content: str | bytes | None, message: str
) -> None:
    path = tmp_path / "bad.json"
    good = yuletide.new_game("looney-lights", players=3, seed=5).record().to_dict()
    if content == "BAD_ACTION":
        good["actions"] = [[1, "play red"]]  # seat 1 may not act first
        content = json.dumps(good)
    elif content == "BAD_GAME":
        good["game"] = "mistletoe"
        content = json.dumps(good)
    elif content == "BAD_VERSION":
        good["rules_version"] = 99
        content = json.dumps(good)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    code, out = run_replay(path)
    assert code == 2
    assert out.startswith("yuletide: ")
    assert message in out
    assert "Step" not in out


def test_replay_as_a_seat_not_in_the_game_returns_2(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    code, out = run_replay(save, seat=3)
    assert code == 2
    assert "there is no seat 3" in out


# ---------------------------------------------------------------------- leaks


def _hand_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Your hand:")]


def _seat_hand_lines(record: dict[str, Any], seat: int) -> set[str]:
    """Every "Your hand" line ``seat`` could have been shown at any point of the game."""
    state = yuletide.new_game(record["game"], players=record["players"], seed=record["seed"])
    lines = set(_hand_lines(state.render(state.view(seat))))
    for actor, text in record["actions"]:
        state.apply(actor, text)
        lines.update(_hand_lines(state.render(state.view(seat))))
    return lines


def test_play_shows_only_your_own_hand(finished_game: tuple[Path, str]) -> None:
    save, out = finished_game
    record = load(save)
    mine = _seat_hand_lines(record, 0)
    theirs = (_seat_hand_lines(record, 1) | _seat_hand_lines(record, 2)) - mine
    shown = set(_hand_lines(out))
    assert shown
    assert shown <= mine
    assert not shown & theirs
    # Other seats' draws are shown without the card; seat 0's own draws with it.
    assert not re.search(r"seat [12]: draw — card", out)
    assert "you: draw — card" in out


def test_spectator_replay_shows_no_hand(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    code, out = run_replay(save)
    assert code == 0
    assert "shown as a spectator" in out
    assert "Your hand:" not in out
    assert not re.search(r"draw — card", out)


def test_seat_replay_shows_only_that_seats_hand(finished_game: tuple[Path, str]) -> None:
    save, _ = finished_game
    record = load(save)
    code, out = run_replay(save, seat=1)
    assert code == 0
    assert set(_hand_lines(out)) <= _seat_hand_lines(record, 1)
    assert not re.search(r"seat [02]: draw — card", out)


# ------------------------------------------------------------------ formatting


def test_format_event() -> None:
    assert format_event({"type": "draw", "seat": 1}, 0) == "seat 1: draw"
    assert format_event({"type": "draw", "seat": 1, "card": "blue"}, 1) == "you: draw — card blue"
    assert format_event({"type": "deal", "cards_each": 5}, None) == "deal — cards each 5"
    assert (
        format_event({"type": "match", "seat": 0, "cells": ["a1", "b2"], "ok": True}, None)
        == "seat 0: match — cells a1, b2; ok yes"
    )


def test_format_actions_numbers_and_wraps() -> None:
    state = yuletide.new_game("wheres-that-bulb", players=2, seed=1)
    actions = state.legal_actions(0)
    text = format_actions(actions, width=60)
    assert all(len(line) <= 60 for line in text.splitlines())
    assert len(text.splitlines()) > 1
    for i, action in enumerate(actions, 1):
        assert f"{i}) {action}" in text


# --------------------------------------------------------------------- the CLI


def test_the_real_command(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("yuletide")
    command = [str(exe)] if exe.exists() else [shutil.which("yuletide") or "yuletide"]
    save = tmp_path / "cli.json"
    result = subprocess.run(
        [*command, "play", "looney-lights", "--players", "3", "--seed", "5", "--save", str(save)],
        input=MANY_ONES,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Result: finished" in result.stdout
    assert yuletide.replay(load(save)).outcome.status == "finished"
    result = subprocess.run(
        [*command, "replay", str(save), "--all"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Result: finished" in result.stdout
