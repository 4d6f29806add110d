"""The levels react like people (issue 31, point 5): ex-Gaussian reaction times by level,
drawn from the seeded RNG, the same for every way a level is made.

docs/realtime.md gives the distributions' sources; these tests hold the code to them.
"""

from __future__ import annotations

import statistics

import pytest

from yuletide.bots import LEVELS, level_bot, make_bot
from yuletide.bots.base import (
    DEFAULT_REACTION,
    LEVEL_REACTIONS,
    ReactionTime,
    level_reaction,
    new_chance,
    reaction_of,
)
from yuletide.core.errors import InvalidOption
from yuletide.core.rng import Rng
from yuletide.games.christmas_lights.reindeers_nose import rules as rn

REAL_TIME = ("reindeers-nose", "lights-on", "blink")
DRAWS = 20_000


def draws(reaction: ReactionTime, seed: int = 1, n: int = DRAWS) -> list[float]:
    rng = Rng(seed)
    return [reaction.sample(rng) for _ in range(n)]


def test_every_level_has_a_human_reaction_time() -> None:
    assert tuple(LEVEL_REACTIONS) == LEVELS
    for level in LEVELS:
        reaction = level_reaction(level)
        assert reaction.dist == "exgauss"
        assert reaction.tail > 0  # the slow tail of human response times


@pytest.mark.parametrize(
    ("level", "median_from", "median_to"),
    [
        # easy: slower than a typical adult; medium: a typical adult choosing and
        # clicking on a page (about 1 s); hard: a quick adult.
        ("easy", 1.25, 1.6),
        ("medium", 0.85, 1.05),
        ("hard", 0.55, 0.7),
    ],
)
def test_level_distributions_have_the_documented_shape(
    level: str, median_from: float, median_to: float
) -> None:
    values = draws(level_reaction(level))
    mean = statistics.fmean(values)
    median = statistics.median(values)
    reaction = level_reaction(level)
    assert mean == pytest.approx(reaction.mean, abs=0.02)
    assert median_from <= median <= median_to
    # Skewed to the right, as human reaction times are: the mean above the median.
    assert mean > median
    # Never faster than the quickest simple reaction in a lab (about 0.2 s), even in
    # 20,000 draws: a bot cannot see, decide and click faster than a person reacts at all.
    assert min(values) > 0.2


def test_levels_are_ordered_slowest_first() -> None:
    medians = [statistics.median(draws(level_reaction(level))) for level in LEVELS]
    assert medians == sorted(medians, reverse=True)
    # The scripted "typical adult" of the bench (0.8-1.2 s) sits between hard and easy.
    assert medians[2] < 0.8 and medians[0] > 1.2


def test_level_draws_are_seeded_and_deterministic() -> None:
    for level in LEVELS:
        reaction = level_reaction(level)
        assert draws(reaction, 7, 50) == draws(reaction, 7, 50)
        assert draws(reaction, 7, 50) != draws(reaction, 8, 50)
    # The exact first draws are part of the contract (matches replay from their seed).
    rng = Rng(2026)
    first = [round(level_reaction(level).sample(rng), 6) for level in LEVELS]
    assert first == [round(x, 6) for x in _first_draws()]


def _first_draws() -> list[float]:
    """The same three draws, worked out by hand from the RNG (normal + exponential)."""
    import math

    rng = Rng(2026)
    out = []
    for level in LEVELS:
        r = level_reaction(level)
        u = 1.0 - rng.random()
        g = math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())
        e = -r.tail * math.log(1.0 - rng.random())
        out.append(r.mean - r.tail + r.spread * g + e)
    return out


@pytest.mark.parametrize("game", REAL_TIME)
@pytest.mark.parametrize("level", LEVELS)
def test_every_way_of_making_a_level_reacts_as_the_level(game: str, level: str) -> None:
    """By name (the server's and simulate's make_bot, with or without the game), and the
    bot level_bot builds (the ladder, the bench, the golden bot matches)."""
    expected = level_reaction(level)
    assert reaction_of(make_bot(level, 3)) == expected
    assert reaction_of(make_bot(level, 3, game)) == expected
    assert reaction_of(level_bot(level, game, 3, iterations=10)) == expected


def test_plain_bots_keep_the_default_and_a_given_reaction_wins() -> None:
    assert reaction_of(make_bot("random", 1)) == DEFAULT_REACTION
    from yuletide.games.christmas_lights.reindeers_nose.bot import HeuristicBot

    quick = ReactionTime(0.3, 0.05)
    assert reaction_of(HeuristicBot(1, quick)) == quick
    assert reaction_of(HeuristicBot(1)) == level_reaction("medium")
    # The Lights On team bot (a named bot) reacts like a typical adult too.
    assert reaction_of(make_bot("lights-on-team", 1, "lights-on")) == level_reaction("medium")


def test_reaction_time_text_names_a_level() -> None:
    for level in LEVELS:
        assert ReactionTime.parse(level) == level_reaction(level)
        assert ReactionTime.parse(f" {level} ") == level_reaction(level)
    parsed = ReactionTime.parse("1:0.12:exgauss:0.25")
    assert parsed == ReactionTime(1.0, 0.12, "exgauss", 0.25)
    assert str(parsed) == "1s±0.12 exgauss, tail 0.25"
    assert ReactionTime.parse(str(level_reaction("hard")).split("s")[0]).mean == 0.65


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ReactionTime(1.0, 0.1, "exgauss", 1.0), "tail is seconds from 0 to below"),
        (lambda: ReactionTime(1.0, 0.1, "exgauss", -0.1), "tail is seconds from 0 to below"),
        (lambda: ReactionTime(1.0, 0.1, "normal", 0.2), "only an exgauss reaction time"),
        (lambda: ReactionTime(1.0, 0.1, "exgauss", float("nan")), "tail must be a number"),
        (lambda: level_reaction("expert"), "no level 'expert'; levels: easy, medium, hard"),
        (lambda: ReactionTime.parse("quick"), "or a level's (easy, medium, hard)"),
        (lambda: level_reaction("hard").scaled(0), "a pace factor must be a number > 0"),
    ],
)
def test_bad_reaction_times_are_refused_saying_what_is_allowed(make: object, message: str) -> None:
    with pytest.raises(InvalidOption, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()  # type: ignore[operator]


def test_a_slower_pace_scales_every_draw() -> None:
    for level in LEVELS:
        reaction = level_reaction(level)
        slower = reaction.scaled(1.5)
        assert slower.mean == pytest.approx(1.5 * reaction.mean)
        plain, scaled = draws(reaction, 5, 200), draws(slower, 5, 200)
        assert scaled == pytest.approx([1.5 * v for v in plain])


def test_a_new_chance_is_a_new_kind_of_action_or_none_of_the_old() -> None:
    passes = frozenset([rn.Pass(0), rn.Pass(1)])
    assert new_chance(passes, [rn.Point()])  # someone pointed
    assert new_chance(frozenset([rn.PickUp()]), [rn.Point()])
    assert not new_chance(passes, [rn.Pass(1), rn.Pass(2)])  # the same kind, still there
    assert not new_chance(passes, [])  # nothing to do: nothing to react to
    assert new_chance(None, [rn.Pass(0)])
    assert new_chance(frozenset(), [rn.Pass(0)])  # back in the race
