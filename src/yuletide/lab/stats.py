"""The lab's statistics, in pure Python (the lab extra brings no SciPy).

Every interval here is a 95% interval unless a caller asks for another level:

* :func:`proportion` — a rate, with the Wilson score interval (sound near 0 and 1).
  Where a deal was played several times (seat rotations, several line-ups) those games
  are not independent, so the deal is the unit: the rate is the mean of the deals' rates
  and the interval's sample size is the effective one (see there).
* :func:`mean_interval` — a mean with a Student t interval.
* :func:`paired` — a paired difference (the same deals under two variants): the mean
  difference per deal, its t interval and the two-sided paired t-test's p-value.
* :func:`holm` — Holm's step-down correction of several p-values (it controls the chance
  of any false "significant" at the level asked, for any dependence between the tests).
* :func:`chi_square_uniform` — are seats' win counts compatible with no seat advantage?

The special functions (regularised incomplete beta and gamma) follow Numerical Recipes'
continued fractions; tests check them against published table values.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist
from typing import Any

#: The confidence level of every interval the lab prints.
LEVEL = 0.95

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITER = 500


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number with its interval. ``lo``/``hi`` are None when the data cannot give an
    interval (fewer than two deals); ``n`` is the number of independent units (deals)."""

    value: float
    lo: float | None
    hi: float | None
    n: int
    #: The two-sided p-value of "the true value is 0" (paired differences only).
    p: float | None = None

    def to_dict(self) -> dict[str, float | int | None]:
        return {"value": self.value, "lo": self.lo, "hi": self.hi, "n": self.n, "p": self.p}

    def excludes(self, value: float) -> bool:
        """Whether the interval lies wholly on one side of ``value``."""
        return self.lo is not None and self.hi is not None and not self.lo <= value <= self.hi


# ------------------------------------------------------------ special functions


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Lentz's method)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAX_ITER + 1):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h


def beta_inc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # the series for P converges fast here
        term = total = 1.0 / a
        ap = a
        for _ in range(_MAX_ITER):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = x + 1.0 - a  # the continued fraction for Q
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER + 1):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return min(1.0, math.exp(log_front) * h)


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * beta_inc(df / 2.0, 0.5, df / (df + t * t))
    return tail if t >= 0 else 1.0 - tail


@lru_cache(maxsize=256)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (``t_quantile(0.975, 10)`` is 2.228...)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile's probability lies strictly between 0 and 1, got {p}")
    if df <= 0:
        raise ValueError(f"degrees of freedom must be > 0, got {df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    target = 1.0 - p  # the upper tail to match
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > target:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_sf(mid, df) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


# ------------------------------------------------------------------ estimates


def mean_interval(values: Sequence[float], level: float = LEVEL) -> Estimate:
    """The mean of independent values with its Student t interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, None, None, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None, None, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + level / 2.0, n - 1) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson(wins: float, n: float, level: float = LEVEL) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (``n`` may be an effective,
    fractional sample size); exactly 0 or 1 at the ends."""
    if n <= 0:
        return (0.0, 1.0)
    z = _z(level)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def proportion(clusters: Sequence[Sequence[float]], level: float = LEVEL) -> Estimate:
    """A rate from 0/1 (or fractional) outcomes grouped by deal.

    One 0/1 outcome per deal: the Wilson interval. Several per deal (rotations,
    line-ups): the rate is the mean of the deals' rates, and its Wilson interval uses the
    *effective* sample size ``p(1 - p) / se^2``, where ``se`` is the standard error of
    that mean across deals (the design-effect correction of survey statistics): games on
    one deal that move together count for less than independent games, games that
    balance each other for more, never more than the games played. At a rate of exactly
    0 or 1 the effective size is the number of deals (the cautious choice)."""
    clusters = [c for c in clusters if c]
    if not clusters:
        return Estimate(math.nan, None, None, 0)
    k = len(clusters)
    if all(len(c) == 1 and c[0] in (0, 1) for c in clusters):
        wins = sum(c[0] for c in clusters)
        lo, hi = wilson(wins, k, level)
        return Estimate(wins / k, lo, hi, k)
    means = [math.fsum(c) / len(c) for c in clusters]
    p = math.fsum(means) / k
    total = sum(len(c) for c in clusters)
    if k < 2 or p <= 0.0 or p >= 1.0:
        n_eff = float(k)
    else:
        se2 = math.fsum((m - p) ** 2 for m in means) / (k - 1) / k
        n_eff = float(total) if se2 <= 0.0 else min(float(total), p * (1 - p) / se2)
    lo, hi = wilson(p * n_eff, n_eff, level)
    return Estimate(p, lo, hi, k)


def paired(differences: Sequence[float], level: float = LEVEL) -> Estimate:
    """The mean of per-deal differences, its t interval and the paired t-test's
    two-sided p-value (all differences 0: p = 1; all equal and not 0: p = 0)."""
    est = mean_interval(differences, level)
    n = est.n
    if n < 2:
        return Estimate(est.value, est.lo, est.hi, n, None)
    mean = est.value
    var = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    if var <= 0.0:
        return Estimate(mean, mean, mean, n, 1.0 if mean == 0 else 0.0)
    t = mean / math.sqrt(var / n)
    p = min(1.0, 2.0 * t_sf(abs(t), n - 1))
    return Estimate(mean, est.lo, est.hi, n, p)


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm-adjusted p-values, in the order given (None stays None and is not counted)."""
    present = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(present)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, float]:
    """The chi-square statistic and p-value of "every category is equally likely"."""
    k = len(counts)
    total = sum(counts)
    if k < 2 or total == 0:
        return (0.0, 1.0)
    expected = total / k
    stat = math.fsum((c - expected) ** 2 / expected for c in counts)
    return (stat, gamma_q((k - 1) / 2.0, stat / 2.0))


def quantiles(values: Iterable[float], points: Sequence[float]) -> list[float]:
    """Quantiles by linear interpolation between order statistics (numpy's default)."""
    data = sorted(values)
    if not data:
        return [math.nan for _ in points]
    out = []
    for q in points:
        pos = q * (len(data) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(data) - 1)
        out.append(data[lo] + (data[hi] - data[lo]) * (pos - lo))
    return out


def _z(level: float) -> float:
    return NormalDist().inv_cdf(0.5 + level / 2.0)


# ------------------------------------------------------------------ power

#: The power at which the lab states what a run could have detected.
POWER = 0.8


def detectable(est: Estimate | dict[str, Any], level: float = LEVEL, power: float = POWER) -> float:
    """The minimum detectable effect of an estimate: the smallest true departure from the
    null that a two-sided test at ``1 - level`` finds with probability ``power``,
    ``(z(level) + z(power)) x se``, with ``se`` read off the interval (its half-width
    over ``z(level)``). NaN without an interval."""
    lo, hi = (est.lo, est.hi) if isinstance(est, Estimate) else (est["lo"], est["hi"])
    if lo is None or hi is None:
        return math.nan
    se = (hi - lo) / 2.0 / _z(level)
    return (_z(level) + NormalDist().inv_cdf(power)) * se


def deals_needed(deals: int, mde: float, effect: float) -> int:
    """How many deals in all would make ``effect`` the minimum detectable effect, given
    that ``deals`` deals gave ``mde`` (the standard error shrinks as one over the square
    root of the deals)."""
    if not (math.isfinite(mde) and effect > 0 and deals > 0):
        return 0
    return max(deals, math.ceil(deals * (mde / effect) ** 2))
