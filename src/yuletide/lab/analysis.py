"""What a run's results say: summaries of groups, tournaments and comparisons.

All intervals are 95% (``yuletide.lab.stats``) and treat the *deal* as the independent
unit: games played on the same deal (rotations, line-ups, variants) are not independent,
so per-deal means are what the intervals are built from. A "win" is being among the
winners (a shared win is a win for each, as in ``yuletide simulate``); shared wins are
counted separately. Every summary is JSON (``--json`` prints it).
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from ..core.registry import spec
from .plan import Task
from .ratings import rate
from .runner import Outcomes
from .stats import (
    Estimate,
    chi_square_uniform,
    detectable,
    holm,
    mean_interval,
    paired,
    proportion,
    quantiles,
)

Game = tuple[Task, dict[str, Any]]
#: A number read from one game's result for one seat (None: not there).
SeatValue = Callable[[dict[str, Any], int], float | None]
#: A number read from one game (None: not there).
GameValue = Callable[[Task, dict[str, Any]], float | None]
#: The significance level of "significant" (after Holm's correction where several tests).
ALPHA = 0.05
#: The quantiles of game length the summaries list.
LENGTH_QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)


def groups_of(outcomes: Outcomes) -> list[list[Game]]:
    """The games of each group, in the plan's order."""
    out: list[list[Game]] = [[] for _ in outcomes.plan.groups]
    for task, result in zip(outcomes.plan.tasks, outcomes.results, strict=True):
        out[task.group].append((task, result))
    return out


def clusters(games: Sequence[Game], value: GameValue) -> list[list[float]]:
    """``value`` of each game grouped by deal (None values left out), in deal order."""
    by_deal: dict[int, list[float]] = defaultdict(list)
    for task, result in games:
        v = value(task, result)
        if v is not None:
            by_deal[task.deal].append(float(v))
    return [by_deal[d] for d in sorted(by_deal)]


def _won(seat: int) -> GameValue:
    """1 if ``seat`` is among a game's winners, else 0."""
    return lambda task, r: 1.0 if seat in r["winners"] else 0.0


def _score_of(seat: int) -> GameValue:
    return lambda task, r: float(r["scores"][seat])


def _fact_is(key: str, value: str) -> GameValue:
    return lambda task, r: 1.0 if str(r["facts"].get(key)) == value else 0.0


def deal_means(groups: list[list[float]]) -> list[float]:
    """The mean of each deal's values (:func:`clusters`), deals without any left out."""
    return [sum(g) / len(g) for g in groups if g]


def normalise_tiebreak(text: str) -> str:
    """A tie-break's kind, with seat numbers and counts taken out."""
    return re.sub(r"\d+", "N", text)


# ----------------------------------------------------------------- groups


def seat_table(games: Sequence[Game], players: int) -> dict[str, Any]:
    """Each seat's win rate, the fair share, and the chi-square test of "no seat wins
    more often than another" on the games with exactly one winner."""
    seats: list[dict[str, Any]] = []
    for s in range(players):
        est = proportion(clusters(games, _won(s)))
        seats.append({"seat": s, "win_rate": est.to_dict()})
    single = [0] * players
    for _, r in games:
        if len(r["winners"]) == 1:
            single[r["winners"][0]] += 1
    stat, p = chi_square_uniform(single) if players > 1 else (0.0, 1.0)
    rates = [s["win_rate"]["value"] for s in seats]
    fair = sum(rates) / players if players else 0.0
    return {
        "seats": seats,
        "fair": fair,
        "single_winner_wins": single,
        "chi2": stat,
        "p": p if players > 1 else None,
    }


def _scores(games: Sequence[Game], players: int) -> dict[str, Any] | None:
    scored = [(t, r) for t, r in games if r["scores"] is not None]
    if not scored or all(_win_only(r, players) for _, r in scored):
        return None  # no scores, or scores that only say who won (1) and who did not (0)
    per_seat = [
        mean_interval(deal_means(clusters(scored, _score_of(s)))).to_dict() for s in range(players)
    ]

    def margin(task: Task, r: dict[str, Any]) -> float | None:
        """The winner's lead over the runner-up."""
        if r["status"] != "finished" or players < 2:
            return None
        ordered = sorted(r["scores"], reverse=True)
        return float(ordered[0] - ordered[1])

    def winner(task: Task, r: dict[str, Any]) -> float | None:
        return float(max(r["scores"][w] for w in r["winners"])) if r["winners"] else None

    margins = deal_means(clusters(scored, margin))
    winners = deal_means(clusters(scored, winner))
    return {
        "per_seat": per_seat,
        "all": [r["scores"][s] for _, r in scored for s in range(players)],
        "by_seat": [[r["scores"][s] for _, r in scored] for s in range(players)],
        "margin": mean_interval(margins).to_dict() if margins else None,
        "winner_mean": mean_interval(winners).to_dict() if winners else None,
    }


def _win_only(r: dict[str, Any], players: int) -> bool:
    return all(r["scores"][s] == (1.0 if s in r["winners"] else 0.0) for s in range(players))


def group_summary(game_id: str, games: Sequence[Game], players: int) -> dict[str, Any]:
    """Seats, length, scores, unfinished and tie-break rates of one group's games."""
    lengths = [r["decisions"] for _, r in games]
    tiebreaks = Counter(
        normalise_tiebreak(r["tiebreak"]) for _, r in games if r["tiebreak"] is not None
    )

    def rate_of(test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        return proportion(clusters(games, lambda t, r: 1.0 if test(r) else 0.0)).to_dict()

    return {
        "games": len(games),
        "deals": len({t.deal for t, _ in games}),
        "players": players,
        "seats": seat_table(games, players),
        "length": {
            "mean": mean_interval(
                deal_means(clusters(games, lambda t, r: r["decisions"]))
            ).to_dict(),
            "quantiles": dict(
                zip(
                    (f"{q:g}" for q in LENGTH_QUANTILES),
                    quantiles(lengths, LENGTH_QUANTILES),
                    strict=True,
                )
            ),
            "all": lengths,
        },
        "unfinished": rate_of(lambda r: r["status"] == "unfinished"),
        "tiebreak": rate_of(lambda r: r["tiebreak"] is not None),
        "tiebreaks": dict(tiebreaks.most_common()),
        "shared_win": rate_of(lambda r: len(r["winners"]) > 1),
        "no_winner": rate_of(lambda r: r["status"] == "finished" and not r["winners"]),
        "scores": _scores(games, players),
        "details": details(game_id, games, players),
        "rules_used": rule_usage(game_id, games, players),
        "quality": quality_summary(games, players),
    }


#: The game-quality measures (``yuletide.lab.quality``), in the order the report shows.
QUALITY = (
    "turns",
    "rounds",
    "minutes",
    "choices",
    "branching",
    "lead_changes",
    "winner_led_from",
)


def quality_summary(games: Sequence[Game], players: int) -> dict[str, Any]:
    """Each quality measure's mean over deals with its interval (and the median
    minutes), and the first player's advantage: seat 0's win rate minus the fair share,
    with the interval of that rate moved by the same amount."""
    out: dict[str, Any] = {}
    for name in QUALITY:

        def value(task: Task, r: dict[str, Any], key: str = name) -> float | None:
            v = r.get("quality", {}).get(key)
            return None if v is None else float(v)

        means = deal_means(clusters(games, value))
        out[name] = mean_interval(means).to_dict() if means else None
    minutes = [r["quality"]["minutes"] for _, r in games if "quality" in r]
    out["minutes_quantiles"] = (
        dict(zip(("0.1", "0.5", "0.9"), quantiles(minutes, (0.1, 0.5, 0.9)), strict=True))
        if minutes
        else None
    )
    if players > 1:
        first = proportion(clusters(games, _won(0))).to_dict()
        rates = [proportion(clusters(games, _won(s))).value for s in range(players)]
        fair = sum(rates) / players
        out["first_player_advantage"] = {
            k: (v - fair if k in ("value", "lo", "hi") and v is not None else v)
            for k, v in first.items()
        }
    return out


# ------------------------------------------------------------ optional rules


def rule_usage(game_id: str, games: Sequence[Game], players: int) -> dict[str, Any]:
    """For each optional rule the room declares: the share of games in which a seat used
    it (with its interval), the mean uses per game and per seat, and the total."""
    out: dict[str, Any] = {}
    for rule in spec(game_id).optional_rules:
        option = rule.option
        counts = {  # by task: one stored result may stand for several identical games
            t.index: list(r.get("rules_used", {}).get(option, [0] * players)) for t, r in games
        }

        def used(task: Task, r: dict[str, Any], c: dict[int, list[int]] = counts) -> float:
            return 1.0 if sum(c[task.index]) else 0.0

        def times(task: Task, r: dict[str, Any], c: dict[int, list[int]] = counts) -> float:
            return float(sum(c[task.index]))

        out[option] = {
            "what": rule.what,
            "games": len(games),
            "total": sum(sum(c) for c in counts.values()),
            "games_used": proportion(clusters(games, used)).to_dict(),
            "per_game": mean_interval(deal_means(clusters(games, times))).to_dict(),
            "per_seat": [
                sum(counts[t.index][s] for t, _ in games) / len(games) if games else 0.0
                for s in range(players)
            ],
            "bots_use": rule.bots_use,
            "why": rule.why,
        }
    return out


def unused_rule_warnings(
    game_id: str, groups: Sequence[Mapping[str, Any]], *, varied: bool
) -> list[str]:
    """Plain warnings for optional rules no game of ``groups`` used (each group a
    summary with ``rules_used`` and ``settings``, its options with the defaults).
    ``varied``: a comparison, which only warns about the rules its variants set
    differently."""
    out: list[str] = []
    for rule in spec(game_id).optional_rules:
        values = {json.dumps(g["settings"].get(rule.option)) for g in groups}
        if varied and len(values) < 2:
            continue
        if not varied and not any(g["settings"].get(rule.option) for g in groups):
            continue  # the rule is off in every group: nothing could use it
        counts = [g["rules_used"].get(rule.option) for g in groups]
        if any(c is None or c["total"] for c in counts):
            continue
        n = sum(c["games"] for c in counts if c is not None)
        text = f"{rule.option}: no bot used a {rule.what} in {n} games — " + (
            "this comparison cannot show its effect"
            if varied
            else "these figures show the game as if the rule were not there"
        )
        if not rule.bots_use:
            text += f" (the bots do not use it: {rule.why})"
        out.append(text + ".")
    return out


# ------------------------------------------------------- game-specific facts


def share_table(
    games: Sequence[Game], key: str, known: Sequence[str] = ()
) -> dict[str, dict[str, Any]]:
    """Each value of the fact ``key`` (the ``known`` ones first, seen or not): its share
    of the games (clustered by deal)."""
    seen = sorted({str(r["facts"][key]) for _, r in games if key in r["facts"]})
    values = list(known) + [v for v in seen if v not in known]
    return {v: proportion(clusters(games, _fact_is(key, v))).to_dict() for v in values}


def details(game_id: str, games: Sequence[Game], players: int) -> dict[str, Any]:
    """The per-game facts of a group, summarised by the game's lab part (its room's
    ``lab.py``, which the manifest declares); {} for a game without one."""
    part = spec(game_id).lab_part
    return part.summarise(games, players) if part else {}


def summarise_groups(outcomes: Outcomes) -> list[dict[str, Any]]:
    """:func:`group_summary` of every group, with its label and options."""
    plan = outcomes.plan
    out = []
    for group, games in zip(plan.groups, groups_of(outcomes), strict=True):
        summary = group_summary(plan.game, games, group.players)
        out.append(
            {
                "label": group.label,
                "options": dict(group.given),
                "settings": dict(group.options),
                "lineup": list(group.lineup),
                **summary,
            }
        )
    return out


# -------------------------------------------------------------- tournament


def tournament_summary(outcomes: Outcomes, *, ratings: bool = True) -> dict[str, Any]:
    """Per bot: win rate, mean rank and score; per pair: the paired difference of win
    rates (same deals), head-to-head placings and score margins at the same table, with
    Holm's correction over the pairs; openskill ratings (unless ``ratings`` is false:
    they cost about a millisecond a game); seat advantage."""
    plan = outcomes.plan
    bots: list[str] = list(plan.spec["bots"])
    players = int(plan.spec["players"])
    games: list[Game] = list(zip(plan.tasks, outcomes.results, strict=True))

    def seats_of(task: Task, name: str) -> list[int]:
        return [s for s, b in enumerate(task.seating) if b == name]

    def per_bot(name: str, value: SeatValue) -> list[list[float]]:
        return clusters(games, lambda t, r: _bot_mean(t, r, name, value))

    def win(r: dict[str, Any], s: int) -> float:
        return 1.0 if s in r["winners"] else 0.0

    def rank(r: dict[str, Any], s: int) -> float | None:
        return None if r["ranks"] is None or r["status"] != "finished" else float(r["ranks"][s])

    # Scores that only mark the winner (1) say nothing the win rate does not.
    has_scores = any(r["scores"] is not None and not _win_only(r, players) for _, r in games)

    def score(r: dict[str, Any], s: int) -> float | None:
        return None if r["scores"] is None or not has_scores else float(r["scores"][s])

    table: list[dict[str, Any]] = []
    for name in bots:
        wins = per_bot(name, win)
        ranks = deal_means(per_bot(name, rank))
        scores = deal_means(per_bot(name, score))
        table.append(
            {
                "bot": name,
                "games": sum(len(seats_of(t, name)) > 0 for t, _ in games),
                "win_rate": proportion(wins).to_dict(),
                "mean_rank": mean_interval(ranks).to_dict() if ranks and players > 1 else None,
                "mean_score": mean_interval(scores).to_dict() if scores else None,
            }
        )

    pairs: list[dict[str, Any]] = []
    for a, b in combinations(bots, 2):
        wa = _dealdeal_means(games, a, win)
        wb = _dealdeal_means(games, b, win)
        diff = paired([wa[d] - wb[d] for d in sorted(wa) if d in wb])
        together = [(t, r) for t, r in games if seats_of(t, a) and seats_of(t, b)]
        ahead = _ahead(together, a, b) if players > 1 else None
        margin = _margin(together, a, b) if players > 1 and has_scores else None
        deal_scores = None
        if players == 1:  # no shared tables: compare the scores on the same deals
            sa, sb = _dealdeal_means(games, a, score), _dealdeal_means(games, b, score)
            common = [d for d in sorted(sa) if d in sb]
            if common:
                deal_scores = paired([sa[d] - sb[d] for d in common]).to_dict()
        pairs.append(
            {
                "a": a,
                "b": b,
                "win_rate_difference": diff.to_dict(),
                "a_ahead_of_b": ahead,
                "score_margin": margin,
                "score_difference": deal_scores,
            }
        )
    adjusted = holm([p["win_rate_difference"]["p"] for p in pairs])
    for p, adj in zip(pairs, adjusted, strict=True):
        p["p_holm"] = adj
        p["significant"] = adj is not None and adj < ALPHA

    rated = [
        (t.seating, r["ranks"])
        for t, r in games
        if r["status"] == "finished" and r["ranks"] is not None and players > 1
    ]
    return {
        "kind": "tournament",
        "game": plan.game,
        "run": plan.key,
        "players": players,
        "deals": plan.deals,
        "games": len(games),
        "lineups": [list(g.lineup) for g in plan.groups],
        "options": dict(plan.spec["options"]),
        "bots": table,
        "pairs": pairs,
        "ratings": rate(bots, rated) if rated and ratings else [],
        "seats": seat_table(games, players),
        "unfinished": proportion(
            clusters(games, lambda t, r: 1.0 if r["status"] == "unfinished" else 0.0)
        ).to_dict(),
    }


def _dealdeal_means(games: Sequence[Game], name: str, value: SeatValue) -> dict[int, float]:
    """Bot ``name``'s mean ``value`` on each deal it played."""
    found: dict[int, list[float]] = defaultdict(list)
    for t, r in games:
        v = _bot_mean(t, r, name, value)
        if v is not None:
            found[t.deal].append(v)
    return {d: sum(v) / len(v) for d, v in found.items()}


def _bot_mean(task: Task, r: dict[str, Any], name: str, value: SeatValue) -> float | None:
    """The mean ``value`` over the seats bot ``name`` held in one game (None: none)."""
    vals = [v for s, b in enumerate(task.seating) if b == name if (v := value(r, s)) is not None]
    return sum(vals) / len(vals) if vals else None


def _ahead(games: Sequence[Game], a: str, b: str) -> dict[str, Any] | None:
    """The share of (a seat, b seat) pairs at one table where a placed above b (a tie
    counts a half), over finished games with ranks, clustered by deal."""

    def value(task: Task, r: dict[str, Any]) -> float | None:
        if r["status"] != "finished" or r["ranks"] is None:
            return None
        ranks = r["ranks"]
        vals = [
            1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            for i, x in enumerate(task.seating)
            if x == a
            for j, y in enumerate(task.seating)
            if y == b
        ]
        return sum(vals) / len(vals) if vals else None

    found = clusters(games, value)
    return proportion(found).to_dict() if found else None


def _margin(games: Sequence[Game], a: str, b: str) -> dict[str, Any] | None:
    """a's score minus b's at the same table, clustered by deal."""

    def value(task: Task, r: dict[str, Any]) -> float | None:
        if r["scores"] is None:
            return None
        sa = [r["scores"][i] for i, x in enumerate(task.seating) if x == a]
        sb = [r["scores"][j] for j, y in enumerate(task.seating) if y == b]
        return float(sum(sa) / len(sa) - sum(sb) / len(sb))

    found = clusters(games, value)
    return mean_interval(deal_means(found)).to_dict() if found else None


# --------------------------------------------------------------- compare

#: Metrics that are 0 or 1 in every game (their estimates are rates).
RATE_METRICS = ("unfinished", "tie-break", "shared win")


def game_metrics(result: dict[str, Any], players: int) -> dict[str, float]:
    """The numbers a comparison compares for one game (docs/lab.md lists them)."""
    m: dict[str, float] = {
        "length": float(result["decisions"]),
        "unfinished": 1.0 if result["status"] == "unfinished" else 0.0,
        "tie-break": 1.0 if result["tiebreak"] is not None else 0.0,
        "shared win": 1.0 if len(result["winners"]) > 1 else 0.0,
    }
    for s in range(players):
        m[f"seat {s} wins"] = 1.0 if s in result["winners"] else 0.0
    if result["scores"] is not None:
        for s in range(players):
            m[f"seat {s} score"] = float(result["scores"][s])
    for key, value in result.get("quality", {}).items():
        if value is not None:
            m[key.replace("_", " ")] = float(value)
    for key, value in result["facts"].items():
        if isinstance(value, str):
            m[f"{key}: {value}"] = 1.0
        elif isinstance(value, int | float) and not isinstance(value, bool):
            m[key] = float(value)
    return m


def compare_summary(outcomes: Outcomes) -> dict[str, Any]:
    """Each variant's metrics, and each variant's paired differences from the baseline
    (the first variant) on the same deals, Holm-corrected over every difference."""
    plan = outcomes.plan
    per_group = groups_of(outcomes)
    metrics: list[dict[int, dict[str, float]]] = []
    rate_keys: set[str] = set(RATE_METRICS)
    for group, games in zip(plan.groups, per_group, strict=True):
        by_deal: dict[int, dict[str, float]] = {}
        for task, r in games:
            values = game_metrics(r, group.players)
            by_deal[task.deal] = values
            rate_keys.update(k for k in values if k.endswith(" wins") or ": " in k)
        metrics.append(by_deal)
    names: list[str] = []
    for by_deal in metrics:
        for values in by_deal.values():
            names.extend(k for k in values if k not in names)
    indicator = [n for n in names if n in rate_keys]

    def value(by_deal: dict[int, dict[str, float]], deal: int, name: str) -> float | None:
        values = by_deal.get(deal)
        if values is None:
            return None
        if name in values:
            return values[name]
        return 0.0 if name in indicator else None

    variants: list[dict[str, Any]] = []
    games_of = per_group
    for group, by_deal in zip(plan.groups, metrics, strict=True):
        estimates = {}
        for name in names:
            vals = [v for d in sorted(by_deal) if (v := value(by_deal, d, name)) is not None]
            if not vals:
                continue
            est: Estimate = (
                proportion([[v] for v in vals]) if name in indicator else mean_interval(vals)
            )
            estimates[name] = est.to_dict()
        variants.append(
            {
                "label": group.label,
                "options": dict(group.given),
                "metrics": estimates,
                "rules_used": rule_usage(plan.game, games_of[len(variants)], group.players),
            }
        )

    differences: list[dict[str, Any]] = []
    base = metrics[0]
    for gi in range(1, len(plan.groups)):
        other = metrics[gi]
        for name in names:
            diffs = []
            for deal in sorted(base):
                x, y = value(other, deal, name), value(base, deal, name)
                if x is not None and y is not None:
                    diffs.append(x - y)
            if len(diffs) < 1:
                continue
            est = paired(diffs)
            row: dict[str, Any] = {
                "variant": plan.groups[gi].label,
                "metric": name,
                **est.to_dict(),
            }
            # Equal on every deal: no test could call it significant, so it is not counted
            # among the comparisons Holm corrects for (Tarone's argument).
            row["unchanged"] = all(diff == 0 for diff in diffs)
            row["detectable"] = detectable(est)  # at 80% power, before Holm
            differences.append(row)
    adjusted = holm([None if row["unchanged"] else row["p"] for row in differences])
    for row, adj in zip(differences, adjusted, strict=True):
        row["p_holm"] = adj
        row["significant"] = adj is not None and adj < ALPHA
    return {
        "kind": "compare",
        "game": plan.game,
        "run": plan.key,
        "players": int(plan.spec["players"]),
        "deals": plan.deals,
        "baseline": plan.groups[0].label,
        "variants": variants,
        "differences": differences,
        "comparisons": sum(1 for d in differences if d["p_holm"] is not None),
        "warnings": unused_rule_warnings(
            plan.game,
            [
                {"settings": dict(g.options), "rules_used": v["rules_used"]}
                for g, v in zip(plan.groups, variants, strict=True)
            ],
            varied=True,
        ),
    }
