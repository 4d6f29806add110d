"""Terminal play and replay: driven through StringIO, as a person at a terminal would."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import pytest

import yuletide
from yuletide.terminal import PROMPT, format_actions, format_event, play, replay

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
    clock: Callable[[], float] | None = None,
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
        **({} if clock is None else {"clock": clock}),
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
    match = re.search(r"The deal was seed (\d+): ", out)
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
        ({"bots": "solo-greedy"}, "bot 'solo-greedy' plays only deck-the-yard and solo-lights"),
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
        ("[" * 1000 + "]" * 1000, "JSON nested too deeply"),
        ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
        ('{"record": ' * 5000 + "{}" + "}" * 5000, "JSON nested too deeply"),
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
    lines = set(_hand_lines(yuletide.spec(state.game_id).text.render(state.view(seat))))
    for actor, text in record["actions"]:
        state.apply(actor, text)
        lines.update(_hand_lines(yuletide.spec(state.game_id).text.render(state.view(seat))))
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


# ------------------------------------------------- the seed (issue 12, section 4)


def _during_the_game(out: str) -> str:
    """What was printed up to the last prompt: everything shown while the game ran."""
    return out.rsplit(PROMPT, 1)[0]


@pytest.mark.parametrize("stdin_text", [MANY_ONES, "1\n1\nq\n", ""])
def test_the_seed_is_shown_only_after_the_game(tmp_path: Path, stdin_text: str) -> None:
    """With the seed anyone can deal the game again and see every hand: it is printed
    once the game has stopped (finished, quit or end of input), with the replay file."""
    save = tmp_path / "g.json"
    code, out = run_play(stdin_text, save, seed=734_561_289)
    assert code == 0
    assert "734561289" not in _during_the_game(out)
    assert "seed" not in _during_the_game(out).lower()
    tail = out.splitlines()[-2:]
    assert tail == [
        "The deal was seed 734561289: yuletide play looney-lights --players 3 --seed 734561289"
        " --bots random",
        f"Replay record saved to {save} (watch it with: yuletide replay {save})",
    ]
    assert out.count("734561289") == 2  # the command; the file name is the --save given


def test_the_seed_of_a_real_time_game_is_shown_only_after_it(tmp_path: Path) -> None:
    save = tmp_path / "rn.json"
    code, out = run_play(
        "1\n" * 30 + "q\n",
        save,
        game="reindeers-nose",
        players=4,
        seed=918_273_645,
        clock=lambda: 0.0,
    )
    assert code == 0
    assert "This game is played in real time" in out
    assert "918273645" not in _during_the_game(out)
    assert out.splitlines()[-2].startswith("The deal was seed 918273645: yuletide play reindeers")


def test_the_seed_line_repeats_the_options(tmp_path: Path) -> None:
    code, out = run_play("q\n", tmp_path / "g.json", seed=7, options={"turn_limit": 50})
    assert code == 0
    assert (
        "The deal was seed 7: yuletide play looney-lights --players 3 --seed 7"
        " --bots random --option turn_limit=50"
    ) in out
    again = yuletide.new_game("looney-lights", players=3, seed=7, turn_limit=50)
    assert load(tmp_path / "g.json") == again.record().to_dict()


def test_yuletide_play_shows_the_seed_at_the_end(tmp_path: Path) -> None:
    """`yuletide play` with a fresh seed and scripted input, as typed: the seed is not on
    the screen until the game stops, then it is, with the replay file's path."""
    result = subprocess.run(
        [*_command(), "play", "looney-lights", "--players", "3"],
        input="1\n1\n1\nq\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")},
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    match = re.search(r"^The deal was seed (\d+): yuletide play looney-lights", result.stdout, re.M)
    assert match
    seed = match.group(1)
    assert seed not in _during_the_game(result.stdout)
    # saved in the user's data folder by default (platformdirs honours XDG_DATA_HOME)
    saved = tmp_path / "data" / "yuletide" / "games" / f"looney-lights-{seed}.replay.json"
    assert result.stdout.splitlines()[-1].startswith(f"Replay record saved to {saved}")
    assert load(saved)["seed"] == int(seed)


# ------------------------------------------ a finished game (issue 12, section 5)

FINISHING = [
    pytest.param("looney-lights", 3, 5, id="looney-lights"),
    pytest.param("blink", 3, 5, id="blink"),
    pytest.param("wheres-that-bulb", 2, 1, id="wheres-that-bulb"),
]


def _finished(game: str, players: int, seed: int, tmp_path: Path) -> tuple[str, yuletide.State]:
    """A whole game played in the terminal (seat 0 always taking action 1; a fixed clock
    for the real-time ones): its output and final state."""
    save = tmp_path / "g.json"
    code, out = run_play(
        MANY_ONES * 4, save, game=game, players=players, seed=seed, clock=lambda: 0.0
    )
    assert code == 0
    state = yuletide.replay(load(save))
    assert state.outcome.status == "finished"
    return out, state


def _final_board(out: str) -> list[str]:
    """The lines of the last board shown: after the last prompt and its events, up to the
    result."""
    tail = out.rsplit(PROMPT, 1)[1].split("\nResult: ", 1)[0]
    return [line for line in tail.splitlines() if line.strip() and "· " not in line]


@pytest.mark.parametrize(("game", "players", "seed"), FINISHING)
def test_a_finished_game_prints_its_result_once(
    game: str, players: int, seed: int, tmp_path: Path
) -> None:
    """The game's own "Game over ..." line and the terminal's "Result: ..." said the same
    thing twice; now the result is printed once, in full."""
    out, state = _finished(game, players, seed, tmp_path)
    assert out.count("Result: ") == 1
    assert out.count(state.outcome.reason) == 1
    assert "Game over (" not in out
    assert f"Result: {state.outcome.status} — {state.outcome.reason}\nWinners: " in out


@pytest.mark.parametrize(("game", "players", "seed"), FINISHING)
def test_after_game_over_the_header_says_so(
    game: str, players: int, seed: int, tmp_path: Path
) -> None:
    """After the last action the header no longer names a seat "to act"."""
    out, _ = _finished(game, players, seed, tmp_path)
    board = _final_board(out)
    assert board, out[-2000:]
    assert "game over" in board[0].lower()
    assert not any("to act" in line for line in board)


@pytest.mark.parametrize(("game", "players", "seed"), FINISHING)
def test_a_finished_replay_prints_its_result_once_under_a_game_over_header(
    game: str, players: int, seed: int, tmp_path: Path
) -> None:
    _, state = _finished(game, players, seed, tmp_path)
    code, out = run_replay(tmp_path / "g.json", seat=0)
    assert code == 0
    assert out.count("Result: ") == 1
    assert out.count(state.outcome.reason) == 1
    last = out.rsplit("\nStep ", 1)[1].split("\nResult: ", 1)[0].splitlines()
    board = [line for line in last[1:] if line.strip() and "· " not in line]
    assert "game over" in board[0].lower()
    assert not any("to act" in line for line in board)


@pytest.mark.parametrize(
    "game",
    [pytest.param(g, id=g) for g in yuletide.games()],
)
def test_every_finished_board_says_game_over(game: str) -> None:
    """The board the terminal shows for a finished game, in every game, at the smallest
    and largest table: a game-over header, no seat "to act" or "'s turn", no result line
    (the terminal prints the result itself, once). Only the three games the issue names
    must also say "game over" in the header (test_after_game_over_the_header_says_so)."""
    from yuletide.core.rng import Rng
    from yuletide.terminal import board

    cls = yuletide.game_class(game)
    for players in sorted({cls.min_players, cls.max_players}):
        state = yuletide.new_game(game, players=players, seed=1)
        rng = Rng(1)
        while state.to_act:
            seat = sorted(state.to_act)[rng.below(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        assert state.outcome.over
        for viewer in (None, 0):
            lines = board(state, viewer).splitlines()
            bad = [
                line
                for line in lines
                if ("to act" in line and "nobody" not in line)
                or "'s turn" in line
                or line.startswith("Game over")
            ]
            assert not bad, f"{game}, {players} players, viewer {viewer}: {bad}"


def _command() -> list[str]:
    exe = Path(sys.executable).with_name("yuletide")
    return [str(exe)] if exe.exists() else [shutil.which("yuletide") or "yuletide"]
