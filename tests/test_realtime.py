"""Engine support for several seats at once: hidden simultaneous choices, real-time races,
reaction times in the match runner and in terminal play, the table's time limit.

Sources: the issue (#5, "Engine support"),
docs/rulings.md#christmas-lights--digital-forms-of-table-talk (the Festival of Lights, Reindeer's
Nose and Lights On entries) and docs/rulings.md#every-real-time-game-speed,
yuletide.core.simultaneous, yuletide.sim.match, yuletide.terminal.
"""

from __future__ import annotations

import io
import itertools
import json
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import yuletide
from yuletide.bots import RandomBot
from yuletide.bots.base import DEFAULT_REACTION, ReactionTime, SeatWindow, reaction_of
from yuletide.cli import main
from yuletide.core import simultaneous
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import Action
from yuletide.games.christmas_lights.lights_on.team_bot import LightsOnTeamBot
from yuletide.sim import match, play_match, simulate
from yuletide.sim.match import Scheduler
from yuletide.terminal import play, replay

FAST = ReactionTime(0.3, 0.1)
SLOW = ReactionTime(1.0, 0.25)


# ------------------------------------------------------------------ core.simultaneous


def test_simultaneous_waiting_and_everyone_chose() -> None:
    """A seat that has chosen leaves ``to_act``; all chosen means reveal."""
    pending = [simultaneous.UNCHOSEN, 3, simultaneous.UNCHOSEN, 0]
    assert simultaneous.waiting(pending, range(4)) == frozenset({0, 2})
    assert simultaneous.waiting(pending, [1, 3]) == frozenset()
    assert not simultaneous.everyone_chose(pending, range(4))
    assert simultaneous.everyone_chose(pending, [1, 3])


def test_simultaneous_secret_notation_shows_the_choice_only_to_who_shares_it() -> None:
    action = yuletide.game_class("festival-of-lights").parse_action("play red")
    assert simultaneous.secret_notation(1, action, 1, "chooses a card") == "play red"
    assert simultaneous.secret_notation(1, action, 0, "chooses a card") == "chooses a card"
    assert simultaneous.secret_notation(1, action, None, "chooses a card") == "chooses a card"
    shared = simultaneous.secret_notation(1, action, 3, "x", shared_with=(3,))
    assert shared == "play red"


def test_simultaneous_redraw_only_replaces_a_choice_that_was_made() -> None:
    pending = [simultaneous.UNCHOSEN, 2]
    simultaneous.redraw(pending, 0, [5, 6], Rng(1))
    assert pending[0] == simultaneous.UNCHOSEN
    seen = set()
    for i in range(20):
        simultaneous.redraw(pending, 1, [5, 6, 7], Rng(i))
        seen.add(pending[1])
    assert seen == {5, 6, 7}


def test_simultaneous_real_time_games_are_marked_and_timed() -> None:
    """Reindeer's Nose and Lights On are real-time games; Festival of Lights is a game of
    simultaneous choices but not a race; only Reindeer's Nose has a time limit."""
    assert simultaneous.is_real_time(yuletide.game_class("reindeers-nose"))
    assert simultaneous.is_real_time(yuletide.new_game("lights-on", seed=1))
    assert not simultaneous.is_real_time(yuletide.game_class("festival-of-lights"))
    assert not simultaneous.is_real_time(yuletide.game_class("looney-lights"))
    rn = yuletide.new_game("reindeers-nose", players=4, seed=1)
    assert isinstance(rn, simultaneous.Timed)
    assert simultaneous.forced_action(rn, 0) is None
    assert simultaneous.forced_action(yuletide.new_game("lights-on", seed=1), 0) is None


# ------------------------------------------------------------------- reaction times


def test_reaction_time_parse_and_describe() -> None:
    assert ReactionTime.parse("0.5") == ReactionTime(0.5, 0.125, "uniform")
    assert ReactionTime.parse(" 0.8:0.2 ") == ReactionTime(0.8, 0.2)
    assert ReactionTime.parse("1.2:0.4:lognormal") == ReactionTime(1.2, 0.4, "lognormal")
    assert str(ReactionTime(1.2, 0.4, "lognormal")) == "1.2s±0.4 lognormal"
    assert str(ReactionTime(2, 0, "fixed")) == "2s fixed"
    assert str(DEFAULT_REACTION) == "1s±0.25 uniform"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fast", "a reaction time is MEAN[:SPREAD[:DIST]] in seconds"),
        ("", "a reaction time is MEAN[:SPREAD[:DIST]] in seconds"),
        ("1:2:3:4:5", "a reaction time is MEAN[:SPREAD[:DIST]] in seconds"),
        ("1:0.1:uniform:0.2", "only an exgauss reaction time has a tail"),
        ("1:0.1:exgauss:1", "an exgauss reaction time's tail is seconds from 0 to below"),
        ("1:0.1:exgauss:x", "a reaction time is MEAN[:SPREAD[:DIST]] in seconds"),
        ("0", "mean must be a number > 0 seconds, got 0.0"),
        ("-1", "mean must be a number > 0 seconds"),
        ("1:-0.5", "spread must be a number >= 0"),
        ("1:2", "a uniform reaction time needs spread <= mean"),
        ("1:0.2:gamma", "distribution must be one of uniform, normal, lognormal, exgauss,"),
        ("nan", "mean must be a number > 0 seconds"),
    ],
)
def test_reaction_time_bad_text_says_what_is_wrong_and_what_is_allowed(
    text: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        ReactionTime.parse(text)


@pytest.mark.parametrize("dist", ["uniform", "normal", "lognormal", "fixed"])
def test_reaction_time_samples_have_the_mean_and_are_seeded(dist: Any) -> None:
    reaction = ReactionTime(0.8, 0.2, dist)
    draws = [reaction.sample(Rng(7)) for _ in range(3)]
    assert len(set(draws)) == 1  # the same seed, the same draw
    rng = Rng(3)
    values = [reaction.sample(rng) for _ in range(4000)]
    assert min(values) >= 0.001
    assert statistics.fmean(values) == pytest.approx(0.8, abs=0.02)
    if dist == "uniform":
        assert min(values) >= 0.6 and max(values) <= 1.0
    if dist in ("normal", "lognormal"):
        assert statistics.pstdev(values) == pytest.approx(0.2, abs=0.02)
    if dist == "fixed":
        assert set(values) == {0.8}


def test_bots_carry_a_reaction_time_and_old_bots_keep_working() -> None:
    """``RandomBot(seed)`` still works (default reaction); ``RandomBot(seed, reaction)``
    sets one; a bot without the attribute gets the default."""
    assert RandomBot(1).reaction == DEFAULT_REACTION
    assert RandomBot(1, FAST).reaction == FAST
    assert reaction_of(RandomBot(2, SLOW)) == SLOW

    class Plain:
        name = "plain"

        def act(self, window: SeatWindow) -> Action:
            return window.legal_actions()[0]

    assert reaction_of(Plain()) == DEFAULT_REACTION


# ------------------------------------------------------------------------ scheduler


def test_scheduler_times_seats_that_may_act_and_the_earliest_acts() -> None:
    state = yuletide.new_game("lights-on", seed=2)
    clock = Scheduler([ReactionTime(1, 0, "fixed"), FAST, SLOW, None], Rng(1))
    clock.sync(state)
    due = clock.next_due(human=3)
    assert due is not None and due.seat == 1 and not due.forced
    assert 0.2 <= due.time <= 0.4
    clock.acted(1, due.time)
    assert clock.now == due.time
    state.apply(1, "signal tree")  # team 1 chose: seats 1 and 3 leave to_act
    clock.sync(state)
    due = clock.next_due(human=3)
    assert due is not None and due.seat in (0, 2)
    seat_0 = clock.next_due(human=2)
    assert seat_0 is not None and (seat_0.seat, seat_0.time) == (0, 1.0)  # its fixed draw
    assert due.time == min(seat_0.time, clock.next_due(human=0).time)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="a time limit must be a number of seconds > 0"):
        Scheduler([FAST], Rng(1), time_limit=0)


def test_scheduler_breaks_ties_at_random_not_by_seat() -> None:
    """Equal times (``fixed`` reactions) are ordered by a random key drawn with each time:
    every seat is sometimes first."""
    fixed = ReactionTime(1.0, 0.0, "fixed")
    firsts = Counter()
    for i in range(60):
        state = yuletide.new_game("lights-on", seed=i)
        clock = Scheduler([fixed] * 4, Rng(i))
        clock.sync(state)
        due = clock.next_due()
        assert due is not None and due.time == 1.0
        firsts[due.seat] += 1
    assert set(firsts) == {0, 1, 2, 3}


# ------------------------------------------------------------------ the match runner


def test_runner_is_reproducible_from_the_seed_with_any_speeds() -> None:
    """ "simulations of races are meaningful and reproducible from the seed"."""
    for game, n in (("reindeers-nose", 4), ("lights-on", 4), ("festival-of-lights", 3)):
        speeds = [FAST, SLOW, FAST, SLOW][:n]
        a = play_match(game, [RandomBot(s) for s in range(n)], 9, reactions=speeds)
        b = play_match(game, [RandomBot(s) for s in range(n)], 9, reactions=speeds)
        assert a.record == b.record
        assert a.times == b.times
        assert list(a.times) == sorted(a.times)
        assert len(a.times) == a.decisions == len(a.record.actions)
        other = [SLOW, FAST, SLOW, FAST][:n]
        c = play_match(game, [RandomBot(s) for s in range(n)], 9, reactions=other)
        assert c.record != a.record
        again = yuletide.replay(a.record)
        assert again.to_json() == a.state.to_json()


def test_runner_leaves_turn_based_games_as_they_were() -> None:
    """One seat at a time: reaction times change the clock, never the game."""
    bots = [RandomBot(s) for s in range(3)]
    plain = play_match("looney-lights", bots, 4)
    bots = [RandomBot(s) for s in range(3)]
    timed = play_match("looney-lights", bots, 4, reactions=[FAST, SLOW, FAST])
    assert plain.record == timed.record
    assert plain.seconds != timed.seconds


def test_runner_interleaves_by_time_faster_seats_act_more_often() -> None:
    """The runner asks the earliest-ready seat: in Lights On, where all four may always
    act, a seat three times as fast acts about three times as often."""
    counts: Counter[int] = Counter()
    for seed in range(10):
        result = play_match(
            "lights-on", [RandomBot(s) for s in range(4)], seed, reactions=[FAST, SLOW, SLOW, SLOW]
        )
        counts.update(seat for seat, text in result.record.actions if not text.startswith("signal"))
    assert counts[0] > 2 * max(counts[1], counts[2], counts[3])


def test_runner_time_limit_marks_a_seat_that_never_points_as_last() -> None:
    """Ruling Reindeer's Nose: digital-form: "a server time limit marks anyone still not pointing as
    last". Two seats far slower than the limit: when someone has pointed, the table
    points for the one whose deadline comes first and the other is last (with one slow
    seat nobody needs forcing: the round ends when all but one have pointed)."""
    sleepy = ReactionTime(50.0, 0.0, "fixed")
    result = play_match(
        "reindeers-nose",
        [RandomBot(s) for s in range(4)],
        1,  # a deal where the fast seats hold most sets (the slow ones must be forced)
        reactions=[FAST, FAST, sleepy, sleepy],
        time_limit=2.0,
    )
    assert result.outcome.status == "finished"
    assert len(result.forced) >= 2
    actions = result.record.actions
    for index in result.forced:
        assert actions[index][1] == "point"
        assert actions[index][0] in (2, 3)
        # Forced exactly when the limit ran out after the round's first point.
        first = index
        while actions[first - 1][1] == "point":
            first -= 1
        assert result.times[index] == pytest.approx(result.times[first] + 2.0)
    assert result.outcome.winners in ((0, 1, 2), (0, 1, 3))
    none = play_match("reindeers-nose", [RandomBot(s) for s in range(4)], 5, reactions=[FAST] * 4)
    assert none.forced == ()


def test_runner_lets_a_bot_wait_in_a_real_time_game_only() -> None:
    """``act`` may return None in a real-time game (the moment passes); in a turn-based
    game that is an error; bots that only wait are stopped."""

    class Patient:
        name = "patient"

        def __init__(self, seed: int) -> None:
            self.rng = Rng(seed)
            self.reaction = DEFAULT_REACTION

        def act(self, window: SeatWindow) -> Action | None:
            if self.rng.below(3) == 0:
                return None
            actions = window.legal_actions()
            return actions[self.rng.below(len(actions))]

    result = play_match("lights-on", [Patient(s) for s in range(4)], 3)
    assert result.outcome.over
    with pytest.raises(ValueError, match="returned no action in looney-lights, a turn-based game"):
        play_match("looney-lights", [Patient(s) for s in range(3)], 3)

    class Idle:
        name = "idle"

        def act(self, window: SeatWindow) -> Action | None:
            return None

    original = match.MAX_WAITS
    try:
        match.MAX_WAITS = 50
        with pytest.raises(RuntimeError, match="the bots waited 50 times in a row without acting"):
            play_match("lights-on", [Idle() for _ in range(4)], 3)
    finally:
        match.MAX_WAITS = original


def test_runner_rejects_a_wrong_number_of_reaction_times() -> None:
    with pytest.raises(ValueError, match="4 bots need 4 reaction times, got 2"):
        play_match("lights-on", [RandomBot(s) for s in range(4)], 1, reactions=[FAST, SLOW])


# --------------------------------------------------------------- simulate and the CLI


def test_simulate_configures_bot_speed_and_reports_it() -> None:
    report = simulate("lights-on", 20, 4, seed=1, reactions=["0.5", "1:0.2", "0.5", "1:0.2"])
    assert [s["reaction"] for s in report["seats"]] == [
        "0.5s±0.125 uniform",
        "1s±0.2 uniform",
        "0.5s±0.125 uniform",
        "1s±0.2 uniform",
    ]
    assert report["table_seconds_mean"] > 0
    assert report["forced_actions"] == 0
    same = simulate(
        "lights-on", 20, 4, seed=1, reactions=["0.5", "1:0.2", "0.5", "1:0.2"], workers=2
    )
    assert same["seats"] == report["seats"]
    default = simulate("lights-on", 5, 4, seed=1)
    assert {s["reaction"] for s in default["seats"]} == {"1s±0.25 uniform"}
    one = simulate("lights-on", 5, 4, seed=1, reactions="0.5")
    assert {s["reaction"] for s in one["seats"]} == {"0.5s±0.125 uniform"}
    with pytest.raises(ValueError, match="4 players need 1 or 4 reaction times, got 2"):
        simulate("lights-on", 5, 4, reactions=["1", "2"])
    with pytest.raises(ValueError, match="a time limit must be a number of seconds > 0"):
        simulate("lights-on", 5, 4, time_limit=-1.0)


def test_cli_simulate_reaction_and_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "reindeers-nose", "--games", "4", "--players", "4"]
    assert main([*argv, "--reaction", "0.3,1,1,1", "--time-limit", "3"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (random, reacts in 0.3s±0.075 uniform): win rate" in out
    assert "time limit 3s:" in out and "forced actions" in out
    assert main([*argv, "--reaction", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {s["reaction"] for s in report["seats"]} == {"0.3s±0.075 uniform"}
    assert main([*argv, "--reaction", "quick"]) == 2
    assert "a reaction time is MEAN[:SPREAD[:DIST]] in seconds" in capsys.readouterr().err
    assert main([*argv, "--reaction", "1,1"]) == 2
    assert "4 players need 1 or 4 reaction times, got 2" in capsys.readouterr().err


# ------------------------------------------------------------- speed wins the races


def test_faster_random_bot_wins_reindeers_nose_more_often() -> None:
    """Done-when: "faster bots win Reindeer's Nose ... more often". One fast random bot
    against three slow ones: it passes more and points first more often, so it is
    eliminated least (winning = not being eliminated)."""
    report = simulate("reindeers-nose", 40, 4, seed=3, reactions=["0.3", "1", "1", "1"])
    rates = [s["win_rate"] for s in report["seats"]]
    assert report["unfinished_rate"] == 0
    assert rates[0] > max(rates[1:])
    assert rates[0] >= 0.9


def test_faster_team_wins_lights_on_more_often_when_playing_on_purpose() -> None:
    """Done-when: "faster bots win ... Lights On more often": with bots that play on
    purpose, the fast team collects sets and calls first."""
    wins = 0
    games = 60
    for i in range(games):
        seed = derive_seed(11, i)
        bots = [LightsOnTeamBot(derive_seed(seed, s)) for s in range(4)]
        result = play_match("lights-on", bots, seed, reactions=[FAST, SLOW, FAST, SLOW])
        assert result.outcome.status == "finished"
        wins += 0 in result.outcome.winners
    assert wins / games >= 0.7


def test_fast_random_team_loses_lights_on_it_makes_more_false_calls() -> None:
    """The other side of the figure, kept honest: random bots call Lights ON / OFF at
    random, and a false call costs the caller's team a Broken Bulb, so the faster random
    team loses more often."""
    report = simulate("lights-on", 60, 4, seed=2, reactions=["0.3", "1", "0.3", "1"])
    assert report["seats"][0]["win_rate"] < 0.4


# ------------------------------------------------------------- real-time terminal play


def fake_clock(step: float) -> Any:
    """A clock that advances ``step`` seconds at every reading: each line typed takes
    ``step`` seconds."""
    ticks = itertools.count(0.0, step)
    return lambda: next(ticks)


def run_realtime(
    game: str, stdin_text: str, save: Path, *, step: float = 0.5, **kwargs: Any
) -> tuple[int, str]:
    out = io.StringIO()
    code = play(
        game,
        players=kwargs.pop("players", 4),
        seat=kwargs.pop("seat", 0),
        seed=kwargs.pop("seed", 5),
        options={},
        bots="random",
        save=str(save),
        stdin=io.StringIO(stdin_text),
        stdout=out,
        clock=fake_clock(step),
        **kwargs,
    )
    return code, out.getvalue()


@pytest.mark.parametrize("game", ["reindeers-nose", "lights-on"])
def test_real_time_play_in_the_terminal_bots_act_by_their_reaction_times(
    game: str, tmp_path: Path
) -> None:
    """The player acts at a prompt while bots act by their reaction times; the whole game
    can be played and its record replays."""
    save = tmp_path / "g.json"
    code, out = run_realtime(game, "1\n" * 4000, save, reaction=ReactionTime(1.0, 0.3))
    assert code == 0
    assert "This game is played in real time: the bots react in about 1s" in out
    assert "[table time " in out
    record = json.loads(save.read_text())
    state = yuletide.replay(record)
    assert state.outcome.status == "finished"
    assert "Result: finished" in out
    seats = Counter(seat for seat, _ in record["actions"])
    assert set(seats) == {0, 1, 2, 3}


def test_real_time_play_is_reproducible_with_the_same_typing_times(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    _, out_a = run_realtime("lights-on", "1\n" * 500, a)
    _, out_b = run_realtime("lights-on", "1\n" * 500, b)
    assert json.loads(a.read_text()) == json.loads(b.read_text())
    assert out_a.replace(str(a), "X") == out_b.replace(str(b), "X")
    c = tmp_path / "c.json"
    run_realtime("lights-on", "1\n" * 500, c, step=3.0)  # a slower typist
    assert json.loads(c.read_text()) != json.loads(a.read_text())


def test_real_time_play_a_slow_player_sees_the_bots_act_first(tmp_path: Path) -> None:
    """Bot actions that came due while the player typed arrive first; the player's
    action then arrives and is applied if still legal, or refused with the reason."""
    save = tmp_path / "g.json"
    code, out = run_realtime(
        "lights-on", "signal tree\n" + "swap red for green\n" * 30 + "q\n", save, step=5.0
    )
    assert code == 0
    record = json.loads(save.read_text())
    # Seat 3 (the other team) and seat 2 (the player's teammate) chose their teams'
    # signals at 3.6 and 4.2 s, before the player's line arrived (5 s): the player's
    # choice comes too late and is refused with the reason.
    assert [seat for seat, _ in record["actions"][:2]] == [3, 2]
    assert "  ·     3.6s seat 3: signal chosen — team 1" in out
    assert "  ·     4.2s seat 2: signal chosen — team 0" in out
    assert "Not allowed: signals are chosen at the start of a round; your team's signal" in out


def test_real_time_play_time_limit_applies_to_slow_bots(tmp_path: Path) -> None:
    """The table's time limit in terminal play: a bot slower than the limit is pointed
    for when its time is up."""
    save = tmp_path / "g.json"
    code, out = run_realtime(
        "reindeers-nose",
        "1\n" * 3000,
        save,
        reaction=ReactionTime(30.0, 0.0, "fixed"),
        time_limit=1.0,
        step=0.2,
    )
    assert code == 0
    assert "(time is up)" in out
    assert any("point" in line for line in out.splitlines() if "(time is up)" in line)


def test_real_time_play_bad_time_limit_is_refused(tmp_path: Path) -> None:
    code, out = run_realtime("lights-on", "q\n", tmp_path / "g.json", time_limit=0.0)
    assert code == 2
    assert "yuletide: a time limit must be a number of seconds > 0" in out


def test_real_time_play_shows_no_hidden_card_of_another_seat(tmp_path: Path) -> None:
    """Other seats' passes are shown as "pass a card"; their hands never."""
    save = tmp_path / "g.json"
    _, out = run_realtime("reindeers-nose", "1\n" * 300 + "q\n", save)
    assert "pass a card" in out
    for line in out.splitlines():
        if "seat 1" in line or "seat 2" in line or "seat 3" in line:
            assert "pass red" not in line and "pass blue" not in line


# --------------------------------------------------------------------------- replays


def test_replay_shows_hidden_choices_only_to_their_owner(tmp_path: Path) -> None:
    """A replay watched as a seat shows other seats' secret actions by their label only:
    Festival of Lights cards, Reindeer's Nose passes, the other team's Lights On signal."""
    for game, n, secret in (
        ("festival-of-lights", 3, "chooses a card"),
        ("reindeers-nose", 4, "pass a card"),
        ("lights-on", 4, "chooses a signal"),
    ):
        result = play_match(game, [RandomBot(s) for s in range(n)], 4)
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(result.record.to_dict()))
        out = io.StringIO()
        assert replay(str(path), seat=0, step=False, stdin=io.StringIO(), stdout=out) == 0
        text = out.getvalue()
        assert f"seat 1: {secret}" in text
        assert "you: chooses" not in text and "you: pass a card" not in text
        spectator = io.StringIO()
        replay(str(path), seat=None, step=False, stdin=io.StringIO(), stdout=spectator)
        steps = [line for line in spectator.getvalue().splitlines() if line.startswith("Step ")]
        hidden = [line for line in steps if secret in line]
        assert hidden
        assert not any("play " in line or "signal " in line for line in steps)
