"""The lab's statistics: special functions against table values, and the coverage of
every interval on synthetic games with a known win rate (seeded simulations)."""

from __future__ import annotations

import math

import pytest

from yuletide.core.rng import Rng
from yuletide.lab.stats import (
    beta_inc,
    chi_square_uniform,
    gamma_q,
    holm,
    mean_interval,
    paired,
    proportion,
    quantiles,
    t_quantile,
    t_sf,
    wilson,
)


def test_student_t_matches_table_values() -> None:
    # Student t table: t(0.975) for 1, 2, 10, 30 degrees of freedom.
    assert t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-4)
    assert t_quantile(0.975, 2) == pytest.approx(4.3027, abs=1e-4)
    assert t_quantile(0.975, 10) == pytest.approx(2.2281, abs=1e-4)
    assert t_quantile(0.975, 30) == pytest.approx(2.0423, abs=1e-4)
    assert t_quantile(0.025, 10) == pytest.approx(-2.2281, abs=1e-4)
    assert t_quantile(0.975, 100_000) == pytest.approx(1.95996, abs=1e-4)
    assert t_sf(0.0, 5) == pytest.approx(0.5)
    assert t_sf(2.015, 5) == pytest.approx(0.05, abs=1e-4)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        t_quantile(1.0, 3)


def test_incomplete_beta_and_gamma_match_closed_forms() -> None:
    # I_x(1, 1) = x; I_x(a, 1) = x^a; Q(1, x) = exp(-x); chi-square(2) survival exp(-x/2).
    for x in (0.1, 0.5, 0.9):
        assert beta_inc(1, 1, x) == pytest.approx(x)
        assert beta_inc(3, 1, x) == pytest.approx(x**3)
        assert gamma_q(1, x * 10) == pytest.approx(math.exp(-x * 10))
    assert beta_inc(2, 3, 0) == 0.0 and beta_inc(2, 3, 1) == 1.0
    stat, p = chi_square_uniform([30, 20, 25, 25])  # 2.0 on 3 degrees of freedom
    assert stat == pytest.approx(2.0) and p == pytest.approx(0.5724, abs=1e-4)
    assert chi_square_uniform([10, 10]) == (0.0, 1.0)
    assert chi_square_uniform([0, 0, 0]) == (0.0, 1.0)


def test_holm_adjusts_in_the_order_given() -> None:
    assert holm([0.01, 0.04, 0.03, None]) == [0.03, 0.06, 0.06, None]
    assert holm([0.5]) == [0.5]
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # 2 x 0.8 is capped at 1; monotone
    assert holm([]) == []


def test_small_and_degenerate_samples() -> None:
    one = mean_interval([3.0])
    assert one.value == 3.0 and one.lo is None and one.hi is None
    assert math.isnan(mean_interval([]).value)
    same = paired([0.0, 0.0, 0.0])
    assert same.p == 1.0 and same.lo == same.hi == 0.0
    shift = paired([2.0, 2.0, 2.0])
    assert shift.p == 0.0
    assert proportion([[1.0], [0.0], [1.0]]).value == pytest.approx(2 / 3)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert quantiles([1, 2, 3, 4], [0, 0.5, 1]) == [1, 2.5, 4]


def _coverage(trials: int, build: object) -> float:
    hits = 0
    for k in range(trials):
        est, truth = build(Rng(1000 + k))  # type: ignore[operator]
        hits += est.lo <= truth <= est.hi
    return hits / trials


def test_wilson_covers_a_known_win_rate() -> None:
    """A synthetic game that seat 0 wins with probability 0.3, 80 deals per run."""

    def run(rng: Rng) -> tuple[object, float]:
        wins = [[1.0 if rng.random() < 0.3 else 0.0] for _ in range(80)]
        return proportion(wins), 0.3

    assert 0.93 <= _coverage(2000, run) <= 0.97


def test_clustered_rate_covers_with_rotations_on_one_deal() -> None:
    """Each deal is played four times (seat rotations) and the deal moves all four games
    together: a good deal for the bot makes it win more in every rotation. The true rate
    is 0.4; games within a deal are correlated, so a naive interval would undercover."""

    def run(rng: Rng) -> tuple[object, float]:
        deals = []
        for _ in range(60):
            luck = 0.4 + (0.3 if rng.random() < 0.5 else -0.3)  # mean 0.4
            deals.append([1.0 if rng.random() < luck else 0.0 for _ in range(4)])
        return proportion(deals), 0.4

    assert 0.925 <= _coverage(1500, run) <= 0.975


def test_paired_difference_covers_a_known_difference() -> None:
    """Two variants on the same deals: variant B adds 0.1 to a win chance that the deal
    sets (so the arms are strongly correlated); the true difference is 0.1."""

    def run(rng: Rng) -> tuple[object, float]:
        diffs = []
        for _ in range(100):
            base = 0.2 + 0.5 * rng.random()
            u = rng.random()  # the same luck in both arms: the pairing
            diffs.append((1.0 if u < base + 0.1 else 0.0) - (1.0 if u < base else 0.0))
        return paired(diffs), 0.1

    assert 0.93 <= _coverage(1500, run) <= 0.97


def test_holm_keeps_the_family_error_rate() -> None:
    """Five comparisons where no variant changes anything: a false "significant" in at
    most about 5% of runs."""
    false_alarms = 0
    runs = 400
    for k in range(runs):
        rng = Rng(77 + k)
        ps = []
        for _ in range(5):
            ps.append(paired([rng.random() - 0.5 for _ in range(30)]).p)
        false_alarms += any(p is not None and p < 0.05 for p in holm(ps))
    assert false_alarms / runs <= 0.075
