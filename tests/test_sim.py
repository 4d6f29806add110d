"""Bots, the match runner and the simulation statistics."""

from __future__ import annotations

import re
from typing import Any

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow, make_bot
from yuletide.sim import play_match, simulate, wilson_interval


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(50, 100)
    assert (lo, hi) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 1000)[0] == 0.0  # exactly, not float dust
    assert wilson_interval(1000, 1000)[1] == 1.0


def test_random_bot_is_seeded_and_picks_legal_actions() -> None:
    state = yuletide.new_game("wheres-that-bulb", players=2, seed=1)
    window = SeatWindow(state, 0)
    picks_a = [RandomBot(4).act(window) for _ in range(3)]
    picks_b = [RandomBot(4).act(window) for _ in range(3)]
    assert picks_a == picks_b
    assert all(p in state.legal_actions(0) for p in picks_a)


def test_seat_window_shows_only_its_seat() -> None:
    state = yuletide.new_game("looney-lights", players=3, seed=1)
    window = SeatWindow(state, 2)
    assert window.view() == state.view(2)
    assert window.events() == state.events(2)
    assert window.legal_actions() == state.legal_actions(2)
    assert not hasattr(window, "state")


def test_make_bot_lists_the_bots() -> None:
    assert make_bot("random", 1).name == "random"
    with pytest.raises(
        ValueError,
        match=r"no bot .genius.; bots: easy, hard, ismcts, lights-on-team, medium, random, solo-g",
    ):
        make_bot("genius", 1)


def test_match_runner_returns_a_record_that_replays() -> None:
    bots = [RandomBot(s) for s in range(4)]
    result = play_match("looney-lights", bots, seed=21)
    assert result.outcome.over
    assert result.decisions == len(result.record.actions)
    again = yuletide.replay(result.record)
    assert again.outcome == result.outcome
    assert again.to_json() == result.state.to_json()


def test_match_runner_checked_and_fast_agree() -> None:
    fast = play_match("wheres-that-bulb", [RandomBot(1), RandomBot(2)], seed=3)
    checked = play_match("wheres-that-bulb", [RandomBot(1), RandomBot(2)], seed=3, checked=True)
    assert fast.record == checked.record


def test_simulate_reports_and_does_not_depend_on_workers() -> None:
    one = simulate("looney-lights", 40, 3, seed=5)
    two = simulate("looney-lights", 40, 3, seed=5, workers=2)
    assert one["seats"] == two["seats"]
    assert one["length_mean"] == two["length_mean"]
    wins = sum(s["wins"] for s in one["seats"])
    assert wins == 40 - one["no_winner"] + one["shared_wins"]  # one winner per game here
    for seat in one["seats"]:
        lo, hi = seat["ci95"]
        assert lo <= seat["win_rate"] <= hi
    assert one["finished_rate"] + one["unfinished_rate"] == 1.0
    assert one["games_per_second"] > 0


def test_simulate_counts_unfinished_games() -> None:
    report = simulate("wheres-that-bulb", 5, 2, seed=1, options={"turn_limit": 3})
    assert report["unfinished_rate"] == 1.0
    assert all(s["wins"] == 0 for s in report["seats"])


def test_simulate_validates_before_running() -> None:
    with pytest.raises(yuletide.InvalidOption, match="2 to 6 players"):
        simulate("looney-lights", 10, 8)
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        simulate("looney-lights", 10, 3, bots=["random"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "games must be a whole number >= 1, got 0"),
        ({"games": -5}, "games must be a whole number >= 1, got -5"),
        ({"games": True}, "games must be a whole number >= 1, got True"),
        ({"workers": 0}, "workers must be a whole number >= 1, got 0"),
        ({"workers": -3}, "workers must be a whole number >= 1, got -3"),
        (
            {"bots": ["solo-greedy"] * 4},
            "bot 'solo-greedy' plays only deck-the-yard and solo-lights, not looney-lights",
        ),
        ({"bots": ["random", "lights-on-team", "random", "random"]}, "plays only lights-on"),
        ({"bots": ["random", "genius", "random", "random"]}, "no bot 'genius'"),
    ],
)
def test_simulate_refuses_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    """Issue 12: a count below 1 (it printed a negative speed) or a bot made for another
    game is a ValueError before anything is played."""
    args: dict[str, Any] = {"games": 5, **kwargs}
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate("looney-lights", players=4, **args)


def test_bots_are_checked_against_the_games_they_are_made_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from yuletide.bots import BOTS, bot_games, bots_for, check_bot

    for name in [n for n in BOTS if ":" in n]:  # bots of one's own another test loaded
        monkeypatch.delitem(BOTS, name)
    BOT_GAMES = bot_games()

    assert not set(BOT_GAMES) & set(BOTS)  # the games' own bots are declared, not global
    assert all(set(games) <= set(yuletide.games()) for games in BOT_GAMES.values())
    assert bots_for("looney-lights") == ["easy", "hard", "ismcts", "medium", "random"]
    levels = ["easy", "hard", "ismcts", "medium"]
    assert bots_for("solo-lights") == [*levels, "random", "solo-greedy"]
    assert bots_for("lights-on") == ["easy", "hard", "ismcts", "lights-on-team", "medium", "random"]
    check_bot("solo-greedy", "deck-the-yard")
    check_bot("random", "blink")
    with pytest.raises(ValueError, match="bots for blink: easy, hard, ismcts, medium, random"):
        check_bot("lights-on-team", "blink")
    report = simulate("lights-on", 2, 4, bots=["lights-on-team"] * 4)
    assert report["seats"][0]["bot"] == "lights-on-team"
