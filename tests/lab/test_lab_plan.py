"""Plans: paired seeds (the same deals across pairings, rotations and variants), line-ups,
rotations, variants, content keys."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import make_bot
from yuletide.core.errors import InvalidOption
from yuletide.core.rng import derive_seed
from yuletide.lab.plan import (
    Variant,
    compare_plan,
    deal_seed,
    game_key,
    lineups,
    parse_variant,
    report_plan,
    rotations,
    tournament_plan,
)
from yuletide.lab.play import play_game
from yuletide.sim import play_match
from yuletide.sim.stats import simulation_seed


def _start(game: str, players: int, seed: int, options: dict[str, Any]) -> list[Any]:
    """Every seat's view at the start of a game, the options left out (what differs
    between variants by construction)."""
    state = yuletide.new_game(game, players=players, seed=seed, **options)
    views = []
    for seat in range(players):
        view = dict(state.view(seat))
        for key in ("options", "turn_limit", "free_actions_left"):
            view.pop(key, None)
        views.append(view)
    return views


def test_every_pairing_and_rotation_plays_the_same_deals() -> None:
    plan = tournament_plan("looney-lights", 3, ["random", "easy", "medium", "hard"], 3, seed=9)
    assert len(plan.groups) == 4  # C(4, 3) line-ups
    for deal in range(3):
        on_deal = [t for t in plan.tasks if t.deal == deal]
        assert len(on_deal) == 4 * 3  # every line-up in its three rotations
        assert {t.seed for t in on_deal} == {deal_seed(9, deal)}
        starts = {repr(_start("looney-lights", 3, t.seed, {})) for t in on_deal}
        assert len(starts) == 1  # every seat was dealt the same cards in every pairing
    assert len({t.seed for t in plan.tasks}) == 3  # and the deals differ from each other
    assert len({repr(_start("looney-lights", 3, deal_seed(9, d), {})) for d in range(3)}) == 3


def test_every_variant_plays_the_same_deals() -> None:
    plan = compare_plan(
        "christmas-lights",
        3,
        [parse_variant("free_actions=0"), parse_variant("free_actions=1 turn_limit=500")],
        ["random"],
        4,
    )
    for deal in range(4):
        on_deal = [t for t in plan.tasks if t.deal == deal]
        assert len(on_deal) == 2
        starts = [
            _start("christmas-lights", 3, t.seed, dict(plan.groups[t.group].options))
            for t in on_deal
        ]
        assert starts[0] == starts[1]


def test_a_variant_that_changes_nothing_gives_the_same_games() -> None:
    """The pairing goes beyond the deal: the clock and the bots' seeds are the same too, so
    a turn limit that no game reaches changes no result on any deal."""
    plan = compare_plan(
        "looney-lights",
        3,
        [Variant("default"), parse_variant("turn_limit=999")],
        ["random"],
        6,
    )
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for t in plan.tasks:
        group = plan.groups[t.group]
        by_deal.setdefault(t.deal, []).append(
            play_game(plan.game, group.players, dict(group.options), t.seating, t.seed)
        )
    for a, b in by_deal.values():
        assert a["decisions"] < 999
        assert a == b


def test_seeds_share_no_deal() -> None:
    """Seeds 0 and 1 play different deals, in the lab and in ``yuletide simulate`` (whose
    game ``i`` is seeded ``derive_seed(seed, i)``): no ``seed XOR i`` collisions."""
    a = {t.seed for t in report_plan("looney-lights", [2], ["random"], 64, seed=0).tasks}
    b = {t.seed for t in report_plan("looney-lights", [2], ["random"], 64, seed=1).tasks}
    assert len(a) == len(b) == 64 and not a & b
    assert deal_seed(5, 3) == deal_seed(5, 3) != deal_seed(5, 4)
    zero = {simulation_seed(0, i) for i in range(10_000)}
    one = {simulation_seed(1, i) for i in range(10_000)}
    assert len(zero) == len(one) == 10_000 and not zero & one
    assert all(deal_seed(s, i) == simulation_seed(s, i) for s in (0, 1) for i in range(100))
    near = {derive_seed(s, i) for s in range(8) for i in range(1_000)}  # seed ^ i collide
    assert len(near) == 8_000


def test_a_lab_game_is_the_match_runner_s_game() -> None:
    """The stored record is what ``play_match`` gives on the deal's seed with the seats'
    bots seeded as ``yuletide simulate`` seeds them."""
    plan = report_plan("looney-lights", [3], ["random", "medium", "easy"], 2, seed=4)
    for t in plan.tasks:
        bots = [make_bot(name, derive_seed(t.seed, 1 + s)) for s, name in enumerate(t.seating)]
        match = play_match("looney-lights", bots, t.seed)
        result = play_game(plan.game, 3, dict(plan.groups[0].options), t.seating, t.seed)
        assert result["winners"] == list(match.outcome.winners)
        assert result["decisions"] == match.decisions


def test_lineups_and_rotations() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b"], 4) == [
        ("a", "a", "a", "b"),
        ("a", "a", "b", "b"),
        ("a", "b", "b", "b"),
    ]
    assert lineups(["a", "b"], 1) == [("a",), ("b",)]
    assert rotations(("a", "b", "c")) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert rotations(("a", "b", "a", "b")) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert rotations(("a",)) == [("a",)]
    # Each bot sits in each seat equally often over a deal's games.
    plan = tournament_plan("looney-lights", 3, ["random", "medium"], 1)
    for seat in range(3):
        seats = [t.seating[seat] for t in plan.tasks]
        assert seats.count("random") == seats.count("medium")


def test_parse_variant() -> None:
    assert parse_variant("default") == Variant("default")
    v = parse_variant("difficulty=hard turn_limit=200")
    assert v.options == {"difficulty": "hard", "turn_limit": 200} and v.bots is None
    v = parse_variant("bots=medium,random,turn_limit=50")
    assert v.bots == ("medium", "random") and v.options == {"turn_limit": 50}
    assert parse_variant("a=1;b=true").options == {"a": 1, "b": True}
    with pytest.raises(InvalidOption, match="name=value pairs"):
        parse_variant("hard")
    with pytest.raises(InvalidOption, match="twice"):
        parse_variant("a=1 a=2")
    with pytest.raises(InvalidOption, match="at least one bot"):
        parse_variant("bots=")


def test_plans_refuse_bad_arguments_before_playing() -> None:
    with pytest.raises(InvalidOption, match="two different bots"):
        tournament_plan("looney-lights", 2, ["random"], 5)
    with pytest.raises(InvalidOption, match="each bot once"):
        tournament_plan("looney-lights", 2, ["random", "medium", "random"], 5)
    with pytest.raises(InvalidOption, match="no bot 'genius'"):
        tournament_plan("looney-lights", 2, ["random", "genius"], 5)
    with pytest.raises(InvalidOption, match="plays only"):
        tournament_plan("looney-lights", 2, ["random", "solo-greedy"], 5)
    with pytest.raises(InvalidOption, match="for 2 to 6 players"):
        tournament_plan("looney-lights", 9, ["random", "medium"], 5)
    with pytest.raises(InvalidOption, match="has no option 'broken'"):
        compare_plan("looney-lights", 2, [parse_variant("broken=3")], ["random"], 5)
    with pytest.raises(InvalidOption, match="games must be a whole number"):
        compare_plan("looney-lights", 2, [parse_variant("turn_limit=9")], ["random"], 0)
    with pytest.raises(InvalidOption, match="two variants are the same"):
        compare_plan("looney-lights", 2, [Variant("default")], ["random"], 5)
    with pytest.raises(InvalidOption, match="1 or 3 bots"):
        compare_plan("looney-lights", 3, [parse_variant("turn_limit=9")], ["random", "easy"], 5)
    with pytest.raises(InvalidOption, match="no game"):
        report_plan("no-such-game", [2], ["random"], 5)


def test_keys_name_the_game_whatever_the_run() -> None:
    seat = ("random", "random")
    explicit = game_key("looney-lights", 2, {"turn_limit": 1000}, seat, 5)
    a = report_plan("looney-lights", [2], ["random"], 3).tasks[0]
    b = compare_plan("looney-lights", 2, [parse_variant("turn_limit=1000")], ["random"], 3)
    assert a.key == b.tasks[0].key  # defaults filled in: the same game, the same key
    assert game_key("looney-lights", 2, {"turn_limit": 1000}, seat, 5) == explicit
    assert game_key("looney-lights", 2, {"turn_limit": 999}, seat, 5) != explicit
    assert game_key("looney-lights", 2, {"turn_limit": 1000}, seat, 6) != explicit
    assert game_key("looney-lights", 2, {"turn_limit": 1000}, ("random", "easy"), 5) != explicit
    small = report_plan("looney-lights", [2], ["random"], 3)
    bigger = report_plan("looney-lights", [2], ["random"], 6)
    assert {t.key for t in small.tasks} < {t.key for t in bigger.tasks}  # reused when rerun
