"""Levels (easy, medium, hard) resolved per game, and bots of the user's own loaded by
``package.module:ClassName`` (yuletide.bots: make_bot, check_bot, bots_for, load_bot),
from the API and from the command line; and the 20-line bot of docs/bots.md works."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from yuletide import bots
from yuletide.bots import (
    EASY_RANDOM,
    LEVELS,
    HardBot,
    IsmctsBot,
    MediumBot,
    SeatWindow,
    bots_for,
    check_bot,
    kit,
    level_bot,
    load_bot,
    make_bot,
)
from yuletide.cli import main
from yuletide.core.errors import InvalidOption
from yuletide.core.registry import games, new_game
from yuletide.core.rng import Rng
from yuletide.sim import play_match

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A private bot registry, sys.path and working directory (user bots load from it)."""
    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))
    monkeypatch.setattr(bots, "_USER_GAMES", dict(bots._USER_GAMES))
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.chdir(tmp_path)
    for name in [m for m in sys.modules if m.startswith("ubot")]:
        monkeypatch.delitem(sys.modules, name)
    return tmp_path


@pytest.mark.parametrize("game_id", games())
def test_every_game_has_the_three_levels(game_id: str) -> None:
    tools = kit(game_id)
    for level in LEVELS:
        check_bot(level, game_id)
        assert level in bots_for(game_id)
    medium = make_bot("medium", 1, game_id)
    assert isinstance(medium, MediumBot) and isinstance(medium.bot, tools.heuristic)  # type: ignore[arg-type]
    hard = level_bot("hard", game_id, 1)
    assert isinstance(hard, IsmctsBot)
    assert hard.prior is not None  # the heuristic, or the kit's lookahead
    assert hard.opponents == "rollout"  # every game's kit has a rollout policy
    assert hard.seconds is not None and hard.seconds <= 0.5  # the default budget
    fixed = level_bot("hard", game_id, 1, iterations=7)
    assert fixed.iterations == 7 and fixed.seconds is None  # reproducible (the ladder)


def test_a_level_made_without_a_game_finds_it_in_the_first_window() -> None:
    bot = make_bot("hard", 3)
    assert isinstance(bot, HardBot) and bot.name == "hard" and bot.searches
    state = new_game("christmas-story", players=3, seed=2)
    seat = min(state.to_act)
    assert bot.act(SeatWindow(state, seat)) in state.legal_actions(seat)
    assert isinstance(bot.bot, IsmctsBot) and bot.game_id == "christmas-story"


def test_easy_is_the_heuristic_with_some_random_moves() -> None:
    state = new_game("check-the-box", players=3, seed=4)
    easy, medium = make_bot("easy", 5, "check-the-box"), make_bot("medium", 5, "check-the-box")
    rng = Rng(1)
    same = differ = 0
    for _ in range(300):
        if state.outcome.over:
            break
        seat = min(state.to_act)
        window = SeatWindow(state, seat)
        mine = easy.act(window)
        assert mine in state.legal_actions(seat)
        if len(state.legal_actions(seat)) > 2:
            if mine == medium.act(window):
                same += 1
            else:
                differ += 1
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    assert same > differ > 0
    assert differ < (same + differ) * EASY_RANDOM * 1.5


def test_levels_refused_for_no_game() -> None:
    with pytest.raises(InvalidOption, match="no game 'no-such-game'"):
        check_bot("medium", "no-such-game")
    with pytest.raises(InvalidOption, match="no game 'no-such-game'"):
        kit("no-such-game")


BOT_FILE = """
class MyBot:
    name = "first"
    games = ("check-the-box", "blink")

    def __init__(self, seed):
        self.seed = seed

    def act(self, window):
        return window.legal_actions()[0]


class NotABot:
    def __init__(self, seed):
        pass


class Fussy:
    def __init__(self, seed, colour):
        pass

    def act(self, window):
        return None
"""


def test_a_user_bot_is_loaded_by_module_and_class(registry: Path) -> None:
    (registry / "ubot_one.py").write_text(BOT_FILE)
    with pytest.raises(InvalidOption, match="is not loaded"):
        check_bot("ubot_one:MyBot", "check-the-box")  # the server's check: never imports
    assert load_bot("ubot_one:MyBot") == "ubot_one:MyBot"
    check_bot("ubot_one:MyBot", "check-the-box")
    with pytest.raises(InvalidOption, match="plays only check-the-box and blink"):
        check_bot("ubot_one:MyBot", "looney-lights")
    bot = make_bot("ubot_one:MyBot", 3)
    result = play_match("check-the-box", [bot, make_bot("random", 1)], seed=2)
    assert result.outcome.over


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ubot_two", "package.module:ClassName"),
        ("ubot_two:", "package.module:ClassName"),
        ("ubot_missing:Bot", "there is no module 'ubot_missing'"),
        ("ubot_two:Nope", "has no 'Nope'; its classes: Fussy, MyBot, NotABot"),
        ("ubot_two:NotABot", "is not a bot: a bot is a class with an act"),
        ("ubot_two:Fussy", r"Fussy\(seed\) failed \(TypeError"),
        ("ubot_broken:Bot", "importing 'ubot_broken' failed"),
    ],
)
def test_user_bot_errors_say_what_is_wrong(registry: Path, spec: str, message: str) -> None:
    (registry / "ubot_two.py").write_text(BOT_FILE)
    (registry / "ubot_broken.py").write_text("import not_a_module_anywhere_xyz\n")
    with pytest.raises(InvalidOption, match=message):
        load_bot(spec)


def test_the_command_line_takes_levels_and_user_bots(
    registry: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (registry / "ubot_cli.py").write_text(BOT_FILE)
    args = ["simulate", "check-the-box", "--players", "2", "--games", "2"]
    assert main([*args, "--bots", "ubot_cli:MyBot,medium"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (ubot_cli:MyBot)" in out and "seat 1 (medium)" in out
    assert main([*args, "--bots", "ubot_cli:NotABot"]) == 2
    assert "is not a bot" in capsys.readouterr().err
    assert main([*args, "--bots", "easy,medium"]) == 0


def test_the_docs_bot_has_twenty_lines_and_plays(
    registry: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/bots.md's bot (20 lines of code), saved as mymod.py, plays ``--bots
    mymod:MyBot``."""
    text = DOCS.read_text()
    match = re.search(r"```python\n# mymod\.py\n(.*?)```", text, re.S)
    assert match, "docs/bots.md has no ```python block starting '# mymod.py'"
    code = match.group(1)
    assert len([line for line in code.splitlines() if line.strip()]) <= 20
    (registry / "mymod.py").write_text(code)
    for game, players in (("check-the-box", 2), ("blink", 3)):
        argv = ["simulate", game, "--players", str(players), "--games", "1"]
        assert main([*argv, "--bots", "mymod:MyBot"]) == 0, capsys.readouterr().err
