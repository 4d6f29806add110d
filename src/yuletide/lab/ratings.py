"""Ratings of a tournament's bots with openskill's Plackett-Luce model (a maintained
Bayesian rating library: each bot has a skill ``mu`` and an uncertainty ``sigma``; the
``ordinal`` mu - 3 sigma is the conservative skill the table is sorted by).

Games are rated in the plan's order, so the ratings do not depend on the backend or on
the order in which games finished. Finished games only (an unfinished game has no
ranks). A bot that holds several seats at one table (two bots at four seats) is rated
once per seat, and its new rating is the mean of those updates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce


def rate(
    bots: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[int]]]
) -> list[dict[str, Any]]:
    """Ratings of ``bots`` from ``games`` (seating, ranks per seat: 1 is best), best
    first: name, mu, sigma, ordinal, games rated."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    rated = dict.fromkeys(bots, 0)
    for seating, ranks in games:
        if len(seating) < 2:
            continue
        teams = [[ratings[name]] for name in seating]
        new = model.rate(teams, ranks=list(ranks))
        updates: dict[str, list[tuple[float, float]]] = {}
        for name, [player] in zip(seating, new, strict=True):
            updates.setdefault(name, []).append((player.mu, player.sigma))
        for name, values in updates.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
            rated[name] += 1
    table: list[dict[str, Any]] = [
        {
            "bot": name,
            "mu": r.mu,
            "sigma": r.sigma,
            "ordinal": r.ordinal(),
            "games": rated[name],
        }
        for name, r in ratings.items()
    ]
    table.sort(key=lambda row: -row["ordinal"])
    return table
