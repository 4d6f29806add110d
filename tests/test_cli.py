"""The ``yuletide`` command line: list, simulate, bench (play and replay: test_terminal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import yuletide
from yuletide.cli import main
from yuletide.core.errors import InvalidArgument, InvalidSeat, YuletideError


def test_list_names_games_players_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "looney-lights" in out and "2-6 players" in out
    assert "--option turn_limit=1000" in out
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["id"] for d in data} >= {"looney-lights", "wheres-that-bulb"}


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "looney-lights", "--games", "30", "--players", "4", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 30 and len(report["seats"]) == 4
    assert {"win_rate", "ci95"} <= set(report["seats"][0])
    for key in ("length_mean", "length_median", "unfinished_rate", "games_per_second"):
        assert key in report


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "wheres-that-bulb", "--games", "5", "--players", "2", "--seed", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "seat 0 (random): win rate" in out and "95% CI" in out
    assert "unfinished rate" in out and "games/s" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "nope", "--players", "2"], "no game 'nope'"),
        (["simulate", "looney-lights", "--players", "9"], "2 to 6 players"),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "turn_limit=-1"],
            "option 'turn_limit' must be a whole number from 1 to 2500",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "colour=red"],
            "has no option 'colour'",
        ),
    ],
)
def test_bad_input_exits_2_with_the_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_bench_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    args = ["bench", "--seconds", "0.05", "--game", "looney-lights", "--json", str(out)]
    assert main(args) == 0
    data = json.loads(out.read_text())
    assert [r["players"] for r in data["rows"]] == [2, 3, 4, 5, 6]
    assert all(r["decisions_per_second"] > 0 for r in data["rows"])
    assert "decisions/s" in capsys.readouterr().out


def test_simulate_command_in_a_real_process() -> None:
    """The acceptance command of the Foundation issue, run as a user would."""
    for game in ("looney-lights", "wheres-that-bulb"):
        argv = ["simulate", game, "--games", "20", "--players", "4", "--json"]
        proc = subprocess.run(
            [sys.executable, "-m", "yuletide.cli", *argv],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(proc.stdout)["finished_rate"] > 0


def test_play_accepts_reaction_and_time_limit_for_real_time_games(tmp_path: Path) -> None:
    """`yuletide play` passes --reaction / --time-limit on to real-time terminal play."""
    save = tmp_path / "rn.json"
    argv = ["play", "reindeers-nose", "--players", "4", "--seed", "3", "--save", str(save)]
    argv += ["--reaction", "2:0.5", "--time-limit", "30"]
    proc = subprocess.run(
        [sys.executable, "-m", "yuletide.cli", *argv],
        input="q\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert save.exists()
    bad = subprocess.run(
        [sys.executable, "-m", "yuletide.cli", "play", "reindeers-nose", "--reaction", "fast"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "a reaction time is MEAN[:SPREAD[:DIST]]" in bad.stderr


# ------------------------------------------------- bad arguments (issue 12, section 4)

DEEP = "[" * 5000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["simulate", "looney-lights", "--players", "2", "--games", "-5"],
            "--games must be at least 1, got -5",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--games", "0"],
            "--games must be at least 1, got 0",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--workers", "0"],
            "--workers must be at least 1, got 0",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--workers", "-3"],
            "--workers must be at least 1, got -3",
        ),
        (
            ["simulate", "looney-lights", "--players", "4", "--bots", "solo-greedy"],
            "bot 'solo-greedy' plays only deck-the-yard and solo-lights, not looney-lights;"
            " bots for looney-lights: easy, hard, ismcts, medium, random",
        ),
        (
            [
                "simulate",
                "reindeers-nose",
                "--players",
                "4",
                "--bots",
                "random,lights-on-team,random,random",
            ],
            "bot 'lights-on-team' plays only lights-on, not reindeers-nose",
        ),
        (
            ["simulate", "looney-lights", "--players", "4", "--bots", "random,random"],
            "4 players need 1 or 4 bots, got 2",
        ),
        (["simulate", "looney-lights", "--players", "4", "--bots", "genius"], "no bot 'genius'"),
        (["simulate", "looney-lights", "--players", "0"], "2 to 6 players, got 0"),
        (["simulate", "solo-lights", "--players", "2"], "solo-lights is for 1 player"),
        (
            ["simulate", "looney-lights", "--players", "2", "--time-limit", "0"],
            "--time-limit must be a number of seconds > 0, got 0",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--time-limit", "-1"],
            "--time-limit must be a number of seconds > 0, got -1",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--time-limit", "nan"],
            "--time-limit must be a number of seconds > 0, got nan",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--time-limit", "inf"],
            "--time-limit must be a number of seconds > 0, got inf",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--reaction", "0"],
            "--reaction: a reaction time's mean must be a number > 0",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--reaction", "1:2"],
            "--reaction: a uniform reaction time needs spread <= mean",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--reaction", "nan"],
            "--reaction: a reaction time's mean must be",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--reaction", "fast"],
            "--reaction: a reaction time is MEAN[:SPREAD[:DIST]]",
        ),
        (
            ["simulate", "looney-lights", "--players", "3", "--reaction", "1,2"],
            "3 players need 1 or 3 reaction times, got 2",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "turn_limit=0"],
            "option 'turn_limit' must be a whole number from 1 to 2500",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "turn_limit=abc"],
            "option 'turn_limit' must be a whole number from 1 to 2500",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "turn_limit=NaN"],
            "option 'turn_limit' must be a whole number from 1 to 2500",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", f"turn_limit={DEEP}"],
            "characters left out",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "x"],
            "argument --option: an option is name=value, got 'x'",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--option", "=3"],
            "an option is name=value, got '=3'",
        ),
        (
            ["simulate", "looney-lights", "--players", "2", "--games", "many"],
            "argument --games: invalid int value",
        ),
        (["bench", "--seconds", "-1"], "--seconds must be a number of seconds > 0, got -1"),
        (["bench", "--seconds", "0"], "--seconds must be a number of seconds > 0, got 0"),
        (["bench", "--seconds", "inf"], "--seconds must be a number of seconds > 0, got inf"),
        (["bench", "--seconds", "0.01", "--game", "mistletoe"], "no game 'mistletoe'"),
        (
            ["bench", "--seconds", "0.01", "--json", "/no/such/dir/b.json"],
            "there is no directory /no/such/dir",
        ),
        (["play", "looney-lights", "--players", "9"], "looney-lights is for 2 to 6 players, got 9"),
        (
            ["play", "looney-lights", "--players", "3", "--seat", "4"],
            "--seat 4: seats are counted from 1 (1: the first seat); this game has seats 1 to 3",
        ),
        (
            ["play", "looney-lights", "--players", "3", "--seat", "0"],
            "--seat 0: seats are counted from 1 (1: the first seat); this game has seats 1 to 3",
        ),
        (
            ["play", "looney-lights", "--players", "3", "--seat", "-1"],
            "--seat -1: seats are counted from 1 (1: the first seat); this game has seats 1 to 3",
        ),
        (
            ["play", "looney-lights", "--bots", "solo-greedy"],
            "bot 'solo-greedy' plays only deck-the-yard and solo-lights",
        ),
        (["play", "looney-lights", "--bots", "genius"], "no bot 'genius'"),
        (
            ["play", "reindeers-nose", "--reaction", "-1"],
            "--reaction: a reaction time's mean must be a number > 0",
        ),
        (
            ["play", "reindeers-nose", "--time-limit", "0"],
            "--time-limit must be a number of seconds > 0, got 0",
        ),
        (
            ["play", "looney-lights", "--option", "turn_limit=-1"],
            "option 'turn_limit' must be a whole number from 1 to 2500",
        ),
        (["play", "looney-lights", "--option", "colour=red"], "has no option 'colour'"),
        (
            ["play", "looney-lights", "--save", "/no/such/dir/g.json"],
            "there is no directory /no/such/dir",
        ),
        (["play", "looney-lights", "--save", "."], "--save . is a directory"),
    ],
)
def test_bad_arguments_exit_2_with_the_reason_before_anything_runs(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 12: each bad number, count, bot, seat or option is refused with exit 2 and
    argparse's "yuletide COMMAND: error: REASON" on stderr; nothing is played or saved."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"yuletide {argv[0]}: error: "), err
    assert message in last
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_games_and_workers_of_one_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    """The smallest allowed values still work (and print a positive speed)."""
    argv = ["simulate", "looney-lights", "--players", "2", "--games", "1", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["games_per_second"] > 0


def test_more_workers_than_games_is_fine(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "looney-lights", "--players", "2", "--games", "2", "--workers", "64"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_bench_refuses_bad_seconds_as_a_library() -> None:
    from yuletide.bench import main as bench_main

    for bad in (-1.0, 0.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="seconds must be a number of seconds > 0"):
            bench_main(seconds=bad, games=["solo-lights"])


@pytest.mark.parametrize(
    "error",
    [
        yuletide.IllegalAction,
        yuletide.NotationError,
        yuletide.InvalidOption,
        yuletide.CorruptSave,
        InvalidArgument,
        InvalidSeat,
    ],
)
def test_every_documented_error_exits_2_with_its_message(
    error: type[YuletideError], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever documented error a command meets on the way, the CLI prints its message
    in argparse's form and exits 2: never a traceback."""

    def failing(args: object) -> int:
        raise error("what was wrong; what is allowed")

    monkeypatch.setattr("yuletide.cli.cmd_list", failing)
    assert main(["list"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "yuletide list: error: what was wrong; what is allowed\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        # short ids: the test's id is in PYTEST_CURRENT_TEST, which the CLI's process
        # inherits, and an environment string over 128 KiB cannot be passed (E2BIG)
        pytest.param("[" * 1000 + "]" * 1000, "JSON nested too deeply", id="lists-1000"),
        pytest.param("[" * 100_000 + "]" * 100_000, "JSON nested too deeply", id="lists-100000"),
        pytest.param(
            '{"a":' * 1000 + "1" + "}" * 1000, "JSON nested too deeply", id="objects-1000"
        ),
        pytest.param(None, "cannot read", id="missing"),
        pytest.param("DIR", "cannot read", id="a-folder"),
        pytest.param("{not json", "invalid JSON", id="not-json"),
        pytest.param("[1, 2]", "must be a JSON object", id="a-list"),
    ],
)
def test_replay_of_a_bad_file_exits_2_in_a_real_process(
    tmp_path: Path, content: str | None, message: str
) -> None:
    """Issue 12: `yuletide replay` of ``"[" * 1000 + "]" * 1000`` printed a traceback."""
    path = tmp_path / "bad.json"
    if content == "DIR":
        path.mkdir()
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    proc = run_cli(["replay", str(path), "--all"])
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("yuletide replay: error: ")
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr) < 1000


def test_replay_as_a_seat_not_in_the_game_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(
        json.dumps(yuletide.new_game("looney-lights", players=3, seed=5).record().to_dict())
    )
    for seat in ("4", "0", "-1"):
        proc = run_cli(["replay", str(path), "--seat", seat])
        assert proc.returncode == 2
        assert proc.stderr == (
            f"yuletide replay: error: --seat {seat}: seats are counted from 1 (1: the first"
            " seat); this game has seats 1 to 3\n"
        )


# ------------------------------------------------------- a closed pipe (issue 12)


def command() -> list[str]:
    """The installed ``yuletide`` script, as a user runs it."""
    exe = Path(sys.executable).with_name("yuletide")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "yuletide.cli"]


def run_cli(argv: list[str], stdin: str = "", **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*command(), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        **kwargs,
    )


@pytest.fixture(scope="module")
def long_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 2-player Looney Lights game of 810 actions: its replay prints far more
    than a pipe holds (64 kB), so the reader can close the pipe while it is written."""
    from yuletide.bots import RandomBot
    from yuletide.sim import play_match

    result = play_match("looney-lights", [RandomBot(0), RandomBot(1)], 0)
    assert len(result.record.actions) == 810
    path = tmp_path_factory.mktemp("records") / "long.json"
    path.write_text(json.dumps(result.record.to_dict()), encoding="utf-8")
    return path


def test_replay_into_head_is_a_quiet_exit(long_record: Path) -> None:
    """`yuletide replay FILE --all | head -1`: one line, no BrokenPipeError traceback, and
    the status 141 (128 + SIGPIPE) that `cat`, `git` or `yes` report there."""
    writer = subprocess.Popen(
        [*command(), "replay", str(long_record), "--all"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert writer.stdout is not None and writer.stderr is not None
    head = subprocess.run(
        ["head", "-1"], stdin=writer.stdout, capture_output=True, timeout=120, check=False
    )
    writer.stdout.close()  # only head holds the read end now
    err = writer.stderr.read()
    writer.stderr.close()
    assert writer.wait(timeout=120) == 141
    assert err == b""
    assert head.stdout.decode().startswith("Looney Lights — 2 players, seed 0, 810 actions")
    assert len(head.stdout.splitlines()) == 1


def test_shell_pipeline_into_head(long_record: Path) -> None:
    """The same through a shell, as typed: the pipeline prints one line and nothing else."""
    line = " ".join([*command(), "replay", str(long_record), "--all", "| head -1"])
    proc = subprocess.run(
        ["bash", "-c", f"{line}; echo status ${{PIPESTATUS[0]}} >&2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.stderr == "status 141\n"
    assert len(proc.stdout.splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["list", "--json"],
        ["simulate", "looney-lights", "--players", "2", "--games", "3"],
        ["replay", "RECORD", "--all"],
        ["replay", "RECORD"],
        ["bench", "--seconds", "0.01", "--game", "solo-lights"],
    ],
)
def test_output_to_a_closed_pipe_is_a_quiet_exit(argv: list[str], long_record: Path) -> None:
    """stdout is a pipe whose reader has gone before the first line: every command stops
    at once with status 141 and writes nothing to stderr."""
    argv = [str(long_record) if a == "RECORD" else a for a in argv]
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [*command(), *argv],
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert proc.stderr == b""
    assert proc.returncode == 141


def test_help_into_a_closed_pipe_is_quiet() -> None:
    """argparse itself ignores a closed pipe while printing help (status 0); when the help
    text sat in a buffer, the closed pipe shows at the final flush (141). Quiet either way."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [*command(), "--help"], stdout=write, stderr=subprocess.PIPE, timeout=120, check=False
        )
    finally:
        os.close(write)
    assert proc.stderr == b""
    assert proc.returncode in (0, 141)


def test_play_into_a_closed_pipe_still_saves_the_record(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [
                *command(),
                "play",
                "looney-lights",
                "--players",
                "3",
                "--seed",
                "5",
                "--save",
                str(save),
            ],
            input=b"1\n" * 50,
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert proc.stderr == b""
    assert proc.returncode == 141
    assert json.loads(save.read_text())["seed"] == 5


# ------------------------------------------------- a finished command line (issue 32)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("yuletide ")


@pytest.mark.parametrize("command_name", ["play", "simulate"])
def test_help_lists_the_games_and_explains_every_option(
    command_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command_name, "--help"]) == 0
    out = capsys.readouterr().out
    for game in yuletide.games():
        assert game in out
    assert "yuletide rules GAME" in out
    parser = __import__("yuletide.cli", fromlist=["build_parser"]).build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for action in sub.choices[command_name]._actions:
        assert action.help, f"{command_name} {action.option_strings or action.dest} has no help"


def test_simulate_defaults_the_players_and_leaves_clock_fields_out_of_turn_based_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "looney-lights", "--games", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == yuletide.new_game("looney-lights", seed=0).players
    for key in ("table_seconds_mean", "forced_actions", "time_limit"):
        assert key not in report
    assert all("reaction" not in s for s in report["seats"])
    assert main(["simulate", "reindeers-nose", "--games", "2", "--json"]) == 0
    real_time = json.loads(capsys.readouterr().out)
    assert "table_seconds_mean" in real_time and "reaction" in real_time["seats"][0]


def test_save_never_overwrites_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = run_cli(
        ["play", "looney-lights", "--players", "3", "--seed", "5", "--save", str(save)],
        stdin="1\n1\nq\n",
    )
    assert first.returncode == 0, first.stderr
    before = json.loads(save.read_text())
    again = run_cli(["play", "looney-lights", "--seed", "5", "--save", str(save)], stdin="q\n")
    assert again.returncode == 2
    assert "exists already" in again.stderr and "never saved over another" in again.stderr
    assert json.loads(save.read_text()) == before
    resumed = run_cli(["play", "--resume", str(save), "--bots", "easy"], stdin="1\n1\nq\n")
    assert resumed.returncode == 0, resumed.stderr
    after = json.loads(save.read_text())
    assert after["seed"] == 5 and after["actions"][: len(before["actions"])] == before["actions"]
    assert len(after["actions"]) > len(before["actions"])
    assert "--bots easy" in resumed.stdout  # the "deal it again" line has every option


def test_seat_on_the_command_line_counts_from_1(tmp_path: Path) -> None:
    """--seat 3 is the third seat (the engine's seat 2): the bots at the first two seats
    move before it, and the "deal it again" line says --seat 3 again."""
    save = tmp_path / "g.json"
    argv = ["play", "looney-lights", "--players", "3", "--seed", "5", "--seat", "3"]
    out = run_cli([*argv, "--save", str(save), "--transcript"], stdin="q\n")
    assert out.returncode == 0, out.stderr
    assert "--seat 3" in out.stdout
    actors = {seat for seat, _ in json.loads(save.read_text())["actions"]}
    assert actors <= {0, 1} and actors


def test_solo_banner_says_solo(tmp_path: Path) -> None:
    out = run_cli(
        ["play", "solo-lights", "--seed", "1", "--save", str(tmp_path / "s.json")], stdin="q\n"
    )
    assert out.returncode == 0, out.stderr
    assert "solo" in out.stdout.splitlines()[0] and "bots" not in out.stdout.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--join", "ftp://x"], "an invite link is http://HOST/play/TABLE"),
        (
            ["play", "looney-lights", "--join", "http://h/play/t#seat=0&token=x"],
            "--join sits at a table the server deals",
        ),
        (["play"], "which game?"),
    ],
)
def test_play_refuses_what_does_not_fit(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
