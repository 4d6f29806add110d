"""Jolly Christmas scoring and box data: one test per scoring sentence, topper and ruling.

Sources: the Jolly Christmas rulebook, "Scoring", "Ornament Cards", "Tree-topper Cards" and
"Scoring Example" (quoted in each docstring); rulings J1-J6, J10, J11; the card data,
"Jolly Christmas" (geometry, lights, deck composition, toppers, the example tree).

Trees are written as layouts ``{"row.index": "ornament[-ball colour] [side]"}`` and
scored by the pure functions of ``_tree`` (the game scores its trees with the same
functions; tests/games/test_jolly_christmas.py plays whole games through them). A card
whose side is not given has its half-light on DL, which never completes a light here.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from yuletide.games.jolly_christmas.content import (
    BALL_COLOURS,
    CONTENT,
    LIGHT_COLOURS,
    ORNAMENTS,
    SIDES,
    ContentError,
    parse_content,
)
from yuletide.games.jolly_christmas.jolly_christmas import tree as T

TOPPER = {t.id: t for t in CONTENT.toppers}
FULL_ROWS = ("1.1 1.2 1.3 1.4 1.5", "2.1 2.2 2.3 2.4", "3.1 3.2 3.3", "4.1 4.2")
ALL_POSITIONS = " ".join(FULL_ROWS).split()


def faces(layout: dict[str, str], colours: dict[str, str] | None = None) -> T.Faces:
    """A tree from a layout; ``colours`` gives light colours by position (default red)."""
    f = T.Faces([-1] * T.SLOTS, [-1] * T.SLOTS, [-1] * T.SLOTS, [-1] * T.SLOTS)
    for pos, spec in layout.items():
        r, i = map(int, pos.split("."))
        s = T.slot_of(r, i)
        assert s >= 0, pos
        words = spec.split()
        name = words[0]
        if name.startswith("ball-"):
            f.ball[s] = BALL_COLOURS.index(name[5:])
            name = "ball"
        f.ornament[s] = ORNAMENTS.index(name)
        f.side[s] = SIDES.index(words[1] if len(words) > 1 else "DL")
        f.light[s] = LIGHT_COLOURS.index((colours or {}).get(pos, "red"))
    return f


def slot(pos: str) -> int:
    """The slot of a position written ``row.index``."""
    r, i = map(int, pos.split("."))
    return T.slot_of(r, i)


def full(rows: list[str]) -> dict[str, str]:
    """A full tree from four rows of ornament words (base first), every side DL."""
    layout = {}
    for positions, names in zip(FULL_ROWS, rows, strict=True):
        for pos, name in zip(positions.split(), names.split(), strict=True):
            layout[pos] = name
    return layout


def score(layout: dict[str, str], rate: int = 0, topper: str | None = None) -> dict[str, int]:
    parts = T.score(faces(layout), rate, TOPPER[topper] if topper else None)
    return dict(zip(T.CATEGORIES, parts, strict=True))


def met(topper: str, layout: dict[str, str], **kw: Any) -> bool:
    return T.topper_met(TOPPER[topper], faces(layout), **kw)


# A full tree that meets no topper condition by accident is not needed; this one is used
# as a base for small changes: every type present, no lights (all sides DL).
PLAIN = full(
    [
        "santa bell gingerbread reindeer snowflake",
        "ball-red santa bell gingerbread",
        "reindeer snowflake santa",
        "bell ball-blue",
    ]
)


# ------------------------------------------------------------------ the box data


def test_components_85_decoration_cards_14_toppers_5_elves_6_order_cards() -> None:
    """Components: "85 decoration cards, 14 tree-topper cards, 5 elf cards, 6 order cards"."""
    assert len(CONTENT.decorations) == 85
    assert len(CONTENT.toppers) == 14
    assert CONTENT.elves == 5
    assert CONTENT.order_cards == 6


def test_content_deck_composition_is_content_md_ours() -> None:
    """the card data "Deck composition": 12 Santas, 21 balls (7 red, 7 blue, 7 gold), 12 bells,
    14 gingerbread men, 13 reindeer, 13 snowflakes; ids in that order."""
    kinds = Counter(
        ORNAMENTS[d.ornament] + (f"-{BALL_COLOURS[d.ball]}" if d.ball >= 0 else "")
        for d in CONTENT.decorations
    )
    assert kinds == {
        "santa": 12,
        "ball-red": 7,
        "ball-blue": 7,
        "ball-gold": 7,
        "bell": 12,
        "gingerbread": 14,
        "reindeer": 13,
        "snowflake": 13,
    }
    ids = [d.id for d in CONTENT.decorations]
    assert ids == [f"JC-D{k:02d}" for k in range(1, 86)]
    firsts = {"santa": 1, "ball": 13, "bell": 34, "gingerbread": 46, "reindeer": 60}
    for name, k in firsts.items():
        assert ORNAMENTS[CONTENT.decorations[k - 1].ornament] == name
    assert ORNAMENTS[CONTENT.decorations[72].ornament] == "snowflake"  # JC-D73
    assert [BALL_COLOURS[CONTENT.decorations[k - 1].ball] for k in (13, 19, 20, 26, 27, 33)] == [
        "red",
        "red",
        "blue",
        "blue",
        "gold",
        "gold",
    ]


def test_content_half_light_side_and_colour_of_card_k() -> None:
    """the card data: "The half-light side of card k is the (k-1 mod 6)-th entry of [L, R, UL,
    UR, DL, DR]"; its colour "the (k-1 mod 4)-th entry of [red, yellow, green, blue]";
    the side counts table's totals 15, 14, 14, 14, 14, 14."""
    for k, d in enumerate(CONTENT.decorations, 1):
        assert SIDES[d.side] == ("L", "R", "UL", "UR", "DL", "DR")[(k - 1) % 6]
        assert LIGHT_COLOURS[d.light] == ("red", "yellow", "green", "blue")[(k - 1) % 4]
    sides = Counter(SIDES[d.side] for d in CONTENT.decorations)
    assert sides == {"L": 15, "R": 14, "UL": 14, "UR": 14, "DL": 14, "DR": 14}
    santa = Counter(SIDES[d.side] for d in CONTENT.decorations if d.ornament == 0)
    assert set(santa.values()) == {2}
    ginger = Counter(SIDES[d.side] for d in CONTENT.decorations if d.ornament == 3)
    assert ginger == {"L": 2, "R": 2, "UL": 2, "UR": 3, "DL": 3, "DR": 2}


def test_content_tree_toppers_are_the_content_md_table() -> None:
    """the card data "Tree-topper cards": 14 toppers, kinds, conditions and points; JC-T01
    (6) and JC-T05 (4) are the rulebook's values."""
    table = [(t.id, t.describe(), t.points, t.status.split()[0]) for t in CONTENT.toppers]
    assert table == [
        ("JC-T01", "row 2 reads A B A B", 6, "known"),
        ("JC-T02", "row 1 reads A B C B A", 7, "ours"),
        ("JC-T03", "row 3 reads A A A", 5, "ours"),
        ("JC-T04", "row 2 reads A A B B", 5, "ours"),
        ("JC-T05", "at least 3 Christmas balls of one colour", 4, "known"),
        ("JC-T06", "no Santa in the tree", 4, "ours"),
        ("JC-T07", "no Christmas ball in the tree", 3, "ours"),
        ("JC-T08", "no bell in the tree", 3, "ours"),
        ("JC-T09", "no gingerbread man in the tree", 3, "ours"),
        ("JC-T10", "no reindeer in the tree", 4, "ours"),
        ("JC-T11", "no snowflake in the tree", 3, "ours"),
        ("JC-T12", "complete lights at 1.1-1.2 and 1.4-1.5", 4, "ours"),
        ("JC-T13", "complete lights at 2.2-2.3 and 4.1-4.2", 4, "ours"),
        ("JC-T14", "all six ornament types in the tree", 3, "ours"),
    ]


def test_content_is_the_packaged_json_read_through_importlib_resources() -> None:
    """Data lives in content.json, read once at import and validated."""
    text = (
        resources.files("yuletide.games.jolly_christmas")
        .joinpath("content.json")
        .read_text(encoding="utf-8")
    )
    assert parse_content(json.loads(text)) == CONTENT


def _raw() -> dict[str, Any]:
    text = (
        resources.files("yuletide.games.jolly_christmas")
        .joinpath("content.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(decorations=d["decorations"][2:]), "83 decoration cards are too few"),
        (lambda d: d["decorations"][0].update(ornament="star"), "ornament must be one of"),
        (lambda d: d["decorations"][12].pop("ball"), "a Christmas ball's colour must be"),
        (lambda d: d["decorations"][0].update(ball="red"), "only Christmas balls have"),
        (lambda d: d["decorations"][0].update(light="UP"), "the half-light side must be"),
        (lambda d: d["decorations"][0].update(light_colour="pink"), "the light colour must"),
        (lambda d: d["decorations"][1].update(id="JC-D01"), "card ids must be unique"),
        (lambda d: d["toppers"][0].update(pattern="ABA"), "pattern must be 4 capital letters"),
        (lambda d: d["toppers"][0].update(row=5), "row must be 1 to 4"),
        (lambda d: d["toppers"][4].update(same_colour=0), "same_colour must be"),
        (lambda d: d["toppers"][5].update(ornament="star"), "the crossed ornament must be"),
        (
            lambda d: d["toppers"][11].update(pairs=[[[1, 1], [1, 3]]]),
            "are not neighbours",
        ),
        (lambda d: d["toppers"][11].update(pairs=[[[1, 1], [1, 6]]]), "a position is"),
        (lambda d: d["toppers"][0].update(kind="star"), "kind must be one of"),
        (lambda d: d["toppers"][0].update(points=-1), "points must be a whole number"),
        (lambda d: d.update(toppers=d["toppers"][:5]), "at least 6 tree-toppers"),
        (lambda d: d.update(order_cards=5), "one order card more than elves"),
        (lambda d: d.update(ornaments=["santa"]), "ornaments must be exactly"),
    ],
)
def test_content_validation_names_the_broken_rule(change: Any, message: str) -> None:
    """Another box's data is accepted only if it keeps the box's rules; the error says
    which rule it breaks."""
    data = copy.deepcopy(_raw())
    change(data)
    with pytest.raises(ContentError, match=message):
        parse_content(data)
    with pytest.raises(ContentError, match="JSON object"):
        parse_content([])


# --------------------------------------------------------------------- geometry


def test_J3_adjacency_is_the_six_hex_neighbours() -> None:
    """J3 / the card data: neighbours L (r,i-1), R (r,i+1), UL (r+1,i-1), UR (r+1,i), DL
    (r-1,i), DR (r-1,i+1); card (r+1,i) rests on (r,i) and (r,i+1)."""
    s = T.slot_of
    assert T.NEIGHBOUR[s(2, 2)] == (s(2, 1), s(2, 3), s(3, 1), s(3, 2), s(1, 2), s(1, 3))
    assert T.NEIGHBOUR[s(1, 1)] == (-1, s(1, 2), -1, s(2, 1), -1, -1)
    assert T.NEIGHBOUR[s(4, 2)] == (s(4, 1), -1, -1, -1, s(3, 2), s(3, 3))
    assert T.SUPPORTS[s(3, 2)] == (s(2, 2), s(2, 3))
    assert T.SUPPORTS[s(1, 4)] == ()
    degree = Counter(sum(n >= 0 for n in T.NEIGHBOUR[a]) for a in range(T.SLOTS))
    assert sum(k * v for k, v in degree.items()) == 2 * 28  # 10 side by side, 18 resting on
    # "in a full tree, 10, 10, 9, 9, 9 and 9 of the 14 positions have a neighbour on
    # that side" (the card data)
    per_side = [sum(T.NEIGHBOUR[a][d] >= 0 for a in range(T.SLOTS)) for d in range(6)]
    assert per_side == [10, 10, 9, 9, 9, 9]


# ------------------------------------------------------------------------ lights


@pytest.mark.parametrize(
    ("a", "b"),
    [("1.1 R", "1.2 L"), ("1.2 UL", "2.1 DR"), ("1.2 UR", "2.2 DL"), ("3.2 UR", "4.2 DL")],
)
def test_complete_light_forms_where_half_lights_of_adjacent_cards_join(a: str, b: str) -> None:
    """Scoring 1: "Each complete light is worth 1 point"; the card data: a light forms when
    two neighbouring cards have half-lights on facing sides: L with R, UL with DR, UR
    with DL."""
    (pa, sa), (pb, sb) = a.split(), b.split()
    layout = dict.fromkeys(ALL_POSITIONS, "bell")
    layout[pa] = f"santa {sa}"
    layout[pb] = f"santa {sb}"
    assert T.complete_lights(faces(layout)) == [(slot(pa), slot(pb))]
    assert score(layout)["lights"] == 1


def test_a_light_that_does_not_join_up_is_not_complete() -> None:
    """Illustration: "a light that does not join up is not complete": a half-light facing
    an empty spot, the edge of the tree, or a neighbour whose half-light is elsewhere."""
    assert score({"1.1": "santa R", "1.2": "santa UR"})["lights"] == 0
    assert score({"1.1": "santa R"})["lights"] == 0
    assert score({"1.1": "santa L", "1.2": "santa R"})["lights"] == 0  # back to back
    layout = dict.fromkeys(ALL_POSITIONS, "bell") | {"4.1": "santa UR", "4.2": "santa UL"}
    assert score(layout)["lights"] == 0  # nothing above row 4 (J10: no light on the topper)


def test_each_card_is_part_of_at_most_one_light_so_at_most_seven() -> None:
    """the card data: "Each card can therefore be part of at most one light, and a tree has
    at most 7 lights" (random full trees, and a tree with seven)."""
    from yuletide.core.rng import Rng

    rng = Rng(5)
    for _ in range(300):
        f = T.Faces([0] * 14, [-1] * 14, [rng.below(6) for _ in range(14)], [0] * 14)
        lights = T.complete_lights(f)
        used = [s for pair in lights for s in pair]
        assert len(used) == len(set(used)) and len(lights) <= 7
    seven = {
        **{"1.1": "bell R", "1.2": "bell L", "1.3": "bell R", "1.4": "bell L", "1.5": "bell UL"},
        **{"2.1": "bell R", "2.2": "bell L", "2.3": "bell UR", "2.4": "bell DR"},
        **{"3.1": "bell R", "3.2": "bell L", "3.3": "bell DL"},
        **{"4.1": "bell R", "4.2": "bell L"},
    }
    assert score(seven)["lights"] == 7
    seven["2.3"] = "bell R"  # 2.3 now faces 2.4, whose half-light is on DR: one light less
    assert score(seven)["lights"] == 6


def test_J5_light_colours_need_not_match_unless_the_option_says_so() -> None:
    """J5: "Must the half-light colours match for a complete light? No." the card data: "A
    game option (off by default) may require matching colours"."""
    layout = {"1.1": "santa R", "1.2": "santa L", "1.3": "bell R", "1.4": "bell L"}
    f = faces(layout, colours={"1.1": "red", "1.2": "blue", "1.3": "green", "1.4": "green"})
    assert len(T.complete_lights(f)) == 2
    assert T.complete_lights(f, match_colours=True) == [(2, 3)]


# ------------------------------------------------------------------------ Santas


def test_santa_most_santas_4_per_santa_second_3_and_so_on() -> None:
    """Santa: "If you have the most Santas ... 4 points per Santa. The player who has the
    second-highest number of Santas gets 3 points per Santa, and so on."""
    assert T.santa_rates([5, 3, 2, 1]) == [4, 3, 2, 1]
    assert T.santa_rates([1, 4]) == [3, 4]


def test_santa_you_need_at_least_one_santa_to_count() -> None:
    """Santa: "You need at least one Santa in your Christmas tree to count for scoring"
    (J2: players with 0 Santas are left out of the ranking)."""
    assert T.santa_rates([0, 2, 1]) == [0, 4, 3]
    assert T.santa_rates([0, 0]) == [0, 0]
    assert T.santa_rates([0, 0, 1]) == [0, 0, 4]


def test_santa_tie_both_players_get_the_points() -> None:
    """Santa: "If there is a tie, both players get the points." """
    assert T.santa_rates([3, 3]) == [4, 4]
    assert T.santa_rates([2, 3, 3, 0]) == [2, 4, 4, 0]  # shared 1st, next is 3rd


def test_santa_rulebook_tie_example_tie_for_2nd_next_player_is_4th() -> None:
    """Santa example: "if there is a tie for 2nd place, both players score 3 points per
    Santa. The player who normally scores 3rd place now scores 4th place, 1 point per
    card." """
    assert T.santa_rates([4, 2, 2, 1]) == [4, 3, 3, 1]
    layout = {"1.1": "santa", "1.2": "santa"}
    assert score(layout, rate=T.santa_rates([4, 2, 2, 1])[1])["santas"] == 6


def test_J2_santa_places_below_4th_score_0_with_competition_ranking() -> None:
    """J2: "4 / 3 / 2 / 1 / 0 points per Santa, using competition ranking with ties
    sharing a place." """
    assert T.santa_rates([5, 4, 3, 2, 1]) == [4, 3, 2, 1, 0]
    assert T.santa_rates([3, 3, 3, 3, 1]) == [4, 4, 4, 4, 0]
    assert T.santa_rates([1, 1, 1, 1, 1]) == [4, 4, 4, 4, 4]


def test_santa_points_are_per_santa() -> None:
    """Santa: "... 4 points per Santa"."""
    assert score({"1.1": "santa", "1.2": "santa", "1.3": "santa"}, rate=4)["santas"] == 12


# ------------------------------------------------------------------------- balls


def test_balls_a_single_christmas_ball_scores_2() -> None:
    """Christmas Balls: "A single Christmas ball scores 2 points." """
    assert score({"1.1": "ball-gold"})["balls"] == 2


def test_balls_a_set_of_two_different_balls_scores_0() -> None:
    """Christmas Balls: "A set of two different Christmas balls scores 0 points." """
    assert score({"1.1": "ball-red", "1.2": "ball-blue"})["balls"] == 0


def test_balls_a_set_of_three_different_colours_scores_12() -> None:
    """Christmas Balls: "A set of three Christmas balls (all three different colours)
    scores 4 points per Christmas ball, so a total of 12 points." """
    assert score({"1.1": "ball-red", "1.2": "ball-blue", "1.3": "ball-gold"})["balls"] == 12


def test_balls_each_colour_only_once_in_a_set() -> None:
    """Christmas Balls: "each color may only appear once in a set. If you have two
    Christmas balls of the same color, they cannot be part of the same set": two red
    balls are two single balls (2 + 2), never a set of two."""
    assert T.ball_sets([2, 0, 0]) == [1, 1]
    assert score({"1.1": "ball-red", "1.2": "ball-red"})["balls"] == 4


def test_balls_you_may_have_multiple_sets() -> None:
    """Christmas Balls: "You may have multiple sets in your tree." """
    layout = {
        "1.1": "ball-red",
        "1.2": "ball-blue",
        "1.3": "ball-gold",
        "1.4": "ball-red",
        "1.5": "ball-blue",
        "2.1": "ball-gold",
    }
    assert T.ball_sets([2, 2, 2]) == [3, 3]
    assert score(layout)["balls"] == 24


def test_J1_ball_sets_are_formed_greedily() -> None:
    """J1: "Greedy: repeatedly take one of each colour still available. A set of 1 scores
    2, of 2 scores 0, of 3 scores 12." (Greedy, even where splitting differently would
    score more: 2 red + 2 blue is two sets of two, 0, not four singles, 8.)"""
    assert T.ball_sets([3, 1, 0]) == [2, 1, 1]
    assert T.ball_points([3, 1, 0]) == 4  # the scoring example
    assert T.ball_sets([2, 2, 0]) == [2, 2]
    assert T.ball_points([2, 2, 0]) == 0
    assert T.ball_sets([1, 3, 2]) == [3, 2, 1]
    assert T.ball_points([1, 3, 2]) == 14
    assert T.ball_points([0, 0, 0]) == 0


# ------------------------------------------------------------------------- bells


def test_bell_scores_3_with_two_different_types_under_it() -> None:
    """Bell: "Each bell scores 3 points if there are two different types of ornaments
    under the bell." J4: under = the two cards it rests on."""
    layout = {"1.1": "santa", "1.2": "reindeer", "2.1": "bell"}
    assert score(layout)["bells"] == 3
    assert score({**layout, "1.2": "santa"})["bells"] == 0


def test_bell_none_of_the_cards_under_it_can_be_another_bell() -> None:
    """Bell: "None of these cards can be another bell." """
    assert score({"1.1": "santa", "1.2": "bell", "2.1": "bell"})["bells"] == 0
    # The lower bell in a base row never scores either (J4), so this tree scores 0.


def test_bell_christmas_balls_are_one_type_two_balls_under_score_nothing() -> None:
    """Bell: "Although Christmas balls can look different, Christmas balls are the same
    type of ornament. So, you score no points if there are two Christmas balls under
    your bell." """
    assert score({"1.1": "ball-red", "1.2": "ball-blue", "2.1": "bell"})["bells"] == 0
    assert score({"1.1": "ball-red", "1.2": "snowflake", "2.1": "bell"})["bells"] == 3


def test_J4_a_bell_in_the_base_row_never_scores() -> None:
    """J4: "The two cards it rests on. A bell in the base row can never score." """
    layout = full(
        [
            "bell santa bell reindeer bell",
            "ball-red santa bell gingerbread",
            "reindeer snowflake santa",
            "ball-gold ball-blue",
        ]
    )
    # The bells at 1.1, 1.3 and 1.5 rest on nothing; the bell at 2.3 rests on a bell.
    assert score(layout)["bells"] == 0
    layout["1.3"] = "snowflake"
    assert score(layout)["bells"] == 3
    assert not T.bell_scores(faces(layout), T.slot_of(1, 1))


def test_bells_each_score_on_their_own() -> None:
    """Bell: "Each bell scores 3 points" — two bells that qualify score 6."""
    layout = {"1.1": "santa", "1.2": "reindeer", "1.3": "snowflake", "2.1": "bell"}
    layout["2.2"] = "bell"
    assert score(layout)["bells"] == 6


# ------------------------------------------------------------------- gingerbread


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 0), (2, 2), (3, 6), (4, 12), (5, 20)])
def test_gingerbread_one_0_two_1_per_card_three_2_per_card_and_so_on(
    count: int, points: int
) -> None:
    """Gingerbread man: "One gingerbread man scores 0 points. Two gingerbread men score 1
    point per card. Three of them score 2 points per card, etc." """
    assert T.gingerbread_points(count) == points
    layout = dict.fromkeys(ALL_POSITIONS[:count], "gingerbread")
    assert score(layout)["gingerbread"] == points


def test_gingerbread_capped_from_five_six_still_score_4_per_card() -> None:
    """Gingerbread man: "From five gingerbread men onwards, the number of points per card
    does not increase. For example, if you have six, you still score 4 points per card." """
    assert T.gingerbread_points(6) == 24
    assert T.gingerbread_points(14) == 56
    assert score(dict.fromkeys(ALL_POSITIONS[:6], "gingerbread"))["gingerbread"] == 24


# ---------------------------------------------------------------------- reindeer


def test_reindeer_a_group_is_reindeer_directly_adjacent_to_each_other() -> None:
    """Reindeer: "A group consists of reindeer that are directly adjacent to each other"
    (J3: the six neighbours, so a reindeer resting on another is in its group)."""
    layout = {"1.1": "reindeer", "1.2": "santa", "1.3": "reindeer", "2.2": "reindeer"}
    layout |= {"2.1": "santa"}
    f = faces(layout)
    assert T.reindeer_groups(f) == [[T.slot_of(1, 1)], [T.slot_of(1, 3), T.slot_of(2, 2)]]
    assert score(layout)["reindeer"] == 4
    layout["1.2"] = "reindeer"
    assert len(T.reindeer_groups(faces(layout))) == 1
    assert score(layout)["reindeer"] == 16


@pytest.mark.parametrize(("size", "points"), [(1, 0), (2, 4), (3, 9), (4, 16), (5, 20)])
def test_reindeer_group_one_0_two_2_each_three_3_each_four_or_more_4_each(
    size: int, points: int
) -> None:
    """Reindeer: "One reindeer does not yield any points. Two reindeer in the same group
    each score 2 points (so 4 points together). Three ... each score 3 points. Four or
    more ... each score 4 points"; "if you have five reindeer in a group, you still
    score 4 points per reindeer, so 20 points in total." """
    assert T.reindeer_group_points(size) == points
    layout = dict.fromkeys(ALL_POSITIONS[:size], "reindeer")  # a row: one group
    assert score(layout)["reindeer"] == points


def test_reindeer_separate_groups_score_separately() -> None:
    """Reindeer: points are per group: two pairs score 4 + 4, not a group of four."""
    layout = {"1.1": "reindeer", "1.2": "reindeer", "1.3": "santa"}
    layout |= {"1.4": "reindeer", "1.5": "reindeer"}
    assert score(layout)["reindeer"] == 8


# --------------------------------------------------------------------- snowflakes


def test_snowflake_scores_3_with_no_other_snowflake_adjacent() -> None:
    """Snowflake: "A snowflake scores 3 points if there are no other snowflakes adjacent
    to it." """
    assert score({"1.1": "snowflake", "1.3": "snowflake"})["snowflakes"] == 6
    assert score({"1.1": "snowflake", "1.2": "snowflake"})["snowflakes"] == 0
    layout = {"1.1": "santa", "1.2": "snowflake", "2.1": "snowflake", "1.4": "snowflake"}
    assert score(layout)["snowflakes"] == 3  # 2.1 rests on 1.2: adjacent (J3)


# ------------------------------------------------------------------------ toppers


def test_topper_letters_rulebook_example_snowflake_bell_snowflake_bell_on_row_2() -> None:
    """Letters: "In this example, you score six points if you have snowflake, bell,
    snowflake, bell on the second row" (JC-T01, A B A B, 6 points)."""
    layout = dict(PLAIN) | {"2.1": "snowflake", "2.2": "bell", "2.3": "snowflake", "2.4": "bell"}
    assert met("JC-T01", layout)
    assert score(layout, topper="JC-T01")["topper"] == 6


def test_topper_letters_the_same_letters_must_be_the_same_ornaments() -> None:
    """Letters: "If there are more of the same letters, then these must all be the same
    ornaments." """
    layout = dict(PLAIN) | {"2.1": "snowflake", "2.2": "bell", "2.3": "santa", "2.4": "bell"}
    assert not met("JC-T01", layout)
    assert score(layout, topper="JC-T01")["topper"] == 0
    assert met("JC-T03", dict(PLAIN) | {"3.1": "santa", "3.2": "santa", "3.3": "santa"})
    assert not met("JC-T03", dict(PLAIN) | {"3.1": "santa", "3.2": "santa", "3.3": "bell"})


def test_J6_letters_different_letters_are_different_types() -> None:
    """J6: "different letters mean different types" — four identical cards do not read
    A B A B."""
    layout = dict(PLAIN) | dict.fromkeys(("2.1", "2.2", "2.3", "2.4"), "bell")
    assert not met("JC-T01", layout)
    assert not met("JC-T04", layout)
    assert met(
        "JC-T04", dict(PLAIN) | {"2.1": "bell", "2.2": "bell"} | {"2.3": "santa"} | {"2.4": "santa"}
    )
    base = {"1.1": "santa", "1.2": "bell", "1.3": "reindeer", "1.4": "bell", "1.5": "santa"}
    assert met("JC-T02", dict(PLAIN) | base)
    assert not met("JC-T02", dict(PLAIN) | base | {"1.3": "santa"})  # C must differ from A


def test_J6_letters_ball_colour_does_not_matter() -> None:
    """J6: "Does ball colour matter? No, balls count as one type." """
    layout = dict(PLAIN) | {
        "2.1": "ball-red",
        "2.2": "bell",
        "2.3": "ball-gold",
        "2.4": "bell",
    }
    assert met("JC-T01", layout)


def test_topper_letters_the_letters_stand_for_a_type_of_your_choice() -> None:
    """Letters: "The letters represent a type of ornament of your choice": any types."""
    for a, b in (("santa", "reindeer"), ("gingerbread", "snowflake"), ("ball-blue", "santa")):
        layout = dict(PLAIN) | {"2.1": a, "2.2": b, "2.3": a, "2.4": b}
        assert met("JC-T01", layout)


def test_topper_balls_three_of_the_same_colour_any_colour() -> None:
    """Christmas Balls topper: "you score the indicated points if you have three Christmas
    balls of the same color in your Christmas tree. It doesn't matter what color"."""
    for colour in BALL_COLOURS:
        layout = dict(PLAIN) | {"1.1": f"ball-{colour}", "1.2": f"ball-{colour}"}
        layout["1.3"] = f"ball-{colour}"
        assert met("JC-T05", layout)
        assert score(layout, topper="JC-T05")["topper"] == 4
    no_balls = {pos: "bell" if n.startswith("ball") else n for pos, n in PLAIN.items()}
    mixed = no_balls | {"1.1": "ball-red", "1.2": "ball-blue", "1.3": "ball-gold"}
    mixed |= {"1.4": "ball-red", "1.5": "ball-blue", "2.1": "ball-gold"}
    assert not met("JC-T05", mixed)
    assert met("JC-T05", mixed | {"2.2": "ball-red"})


def test_J11_topper_cannot_score_twice() -> None:
    """Balls topper: "You cannot score this (or any tree-topper) twice, so you cannot score
    once for red balls and once for blue balls" (J11: once per player)."""
    layout = dict(PLAIN)
    for pos, colour in zip(ALL_POSITIONS[:6], ["red"] * 3 + ["blue"] * 3, strict=True):
        layout[pos] = f"ball-{colour}"
    assert score(layout, topper="JC-T05")["topper"] == 4


@pytest.mark.parametrize(
    ("topper", "ornament"),
    [
        ("JC-T06", "santa"),
        ("JC-T07", "ball-red"),
        ("JC-T08", "bell"),
        ("JC-T09", "gingerbread"),
        ("JC-T10", "reindeer"),
        ("JC-T11", "snowflake"),
    ],
)
def test_topper_cross_scores_if_that_ornament_is_absent(topper: str, ornament: str) -> None:
    """Cross: "When you see a tree-topper with a cross through an ornament, you score the
    points on the tree-topper card if you do not have that type of ornament"."""
    kind = ornament.split("-", maxsplit=1)[0]
    others = [o for o in ("santa", "bell", "gingerbread", "reindeer", "snowflake") if o != kind]
    if kind != "ball":
        others.append("ball-gold")
    without = {pos: others[k % len(others)] for k, pos in enumerate(ALL_POSITIONS)}
    assert met(topper, without)
    assert score(without, topper=topper)["topper"] == TOPPER[topper].points
    with_one = dict(without) | {"4.2": ornament}
    assert not met(topper, with_one)
    assert score(with_one, topper=topper)["topper"] == 0


def test_topper_cross_any_ball_colour_counts_as_a_ball() -> None:
    """Cross on the Christmas ball: a ball of any colour is that type."""
    for colour in BALL_COLOURS:
        assert not met("JC-T07", dict(PLAIN) | {"4.2": f"ball-{colour}"})


def test_topper_complete_lights_on_the_indicated_spots() -> None:
    """Complete lights topper: "You score the points of the tree-topper card if you have
    complete lights on the indicated spots" — both of them."""
    layout = dict(PLAIN) | {"1.1": "santa R", "1.2": "bell L", "1.4": "reindeer R"}
    layout["1.5"] = "snowflake L"
    assert met("JC-T12", layout)
    assert score(layout, topper="JC-T12")["topper"] == 4
    assert not met("JC-T12", layout | {"1.5": "snowflake UL"})
    assert not met("JC-T12", layout | {"1.1": "santa UR"})
    assert not met("JC-T13", layout)
    top = dict(PLAIN) | {"2.2": "santa R", "2.3": "bell L", "4.1": "bell R", "4.2": "santa L"}
    assert met("JC-T13", top)


def test_topper_complete_lights_colour_does_not_matter() -> None:
    """Complete lights topper: "The color of your lights does not matter." (With the
    matching-lights option a light of two colours is not complete, so it fails.)"""
    layout = dict(PLAIN) | {"1.1": "santa R", "1.2": "bell L", "1.4": "reindeer R"}
    layout["1.5"] = "snowflake L"
    f = faces(layout, colours={"1.1": "red", "1.2": "green", "1.4": "blue", "1.5": "yellow"})
    assert T.topper_met(TOPPER["JC-T12"], f)
    assert not T.topper_met(TOPPER["JC-T12"], f, match_colours=True)


def test_topper_all_ornaments_all_six_types_ball_colour_irrelevant() -> None:
    """All ornaments: "You score the indicated points of the tree-topper if you have all
    six types of ornaments hanging in your Christmas tree (the color of the Christmas
    ball does not matter)." """
    assert met("JC-T14", PLAIN)
    assert score(PLAIN, topper="JC-T14")["topper"] == 3
    for colour in BALL_COLOURS:
        layout = {
            pos: name if not name.startswith("ball") else f"ball-{colour}"
            for pos, name in PLAIN.items()
        }
        assert met("JC-T14", layout)
    no_snow = {pos: "santa" if n == "snowflake" else n for pos, n in PLAIN.items()}
    assert not met("JC-T14", no_snow)


def test_J10_the_topper_is_not_an_ornament_and_has_no_half_light() -> None:
    """J10: "Does the tree-topper have a half-light or count as an ornament? No to both":
    choosing a topper changes neither the lights nor the ornaments of the tree."""
    f = faces(PLAIN)
    for topper in CONTENT.toppers:
        parts = T.score(f, 3, topper)
        assert parts[:-1] == T.score(f, 3, None)[:-1]


def test_a_tree_without_topper_scores_no_topper_points() -> None:
    """Scoring 3: "Check if you have met the tree-topper's condition"; no topper, no bonus."""
    assert score(PLAIN)["topper"] == 0


# ------------------------------------------------------------- the scoring example

#: the card data, "The rulebook's scoring example, as a tree that scores exactly 33".
EXAMPLE = {
    "1.1": "reindeer R",
    "1.2": "reindeer L",
    "1.3": "ball-red UR",
    "1.4": "ball-red DL",
    "1.5": "santa R",
    "2.1": "reindeer L",
    "2.2": "snowflake UL",
    "2.3": "bell DL",
    "2.4": "gingerbread UL",
    "3.1": "gingerbread L",
    "3.2": "ball-red UR",
    "3.3": "santa DR",
    "4.1": "ball-blue R",
    "4.2": "snowflake L",
}


def test_scoring_example_the_content_md_tree_scores_33_with_the_printed_breakdown() -> None:
    """Scoring Example: lights 4, topper 4 (three balls of one colour), balls 4 (two
    single balls and a set of two), Santas 4 (third most, 2 per Santa: the others hold 4
    and 3), bell 0 (on two balls), gingerbread 2, reindeer 9 (a group of three),
    snowflakes 6: "a total score of 33 points!" """
    f = faces(EXAMPLE)
    rate = T.santa_rates([2, 4, 3])[0]
    assert rate == 2
    parts = T.score(f, rate, TOPPER["JC-T05"])
    assert dict(zip(T.CATEGORIES, parts, strict=True)) == {
        "lights": 4,
        "santas": 4,
        "balls": 4,
        "bells": 0,
        "gingerbread": 2,
        "reindeer": 9,
        "snowflakes": 6,
        "topper": 4,
    }
    assert sum(parts) == 33
    # Each printed reason, checked on its own.
    s = T.slot_of
    assert T.complete_lights(f) == [
        (s(1, 1), s(1, 2)),
        (s(1, 3), s(2, 3)),
        (s(2, 4), s(3, 3)),
        (s(4, 1), s(4, 2)),
    ]
    assert T.ball_sets([3, 1, 0]) == [2, 1, 1]
    assert T.reindeer_groups(f) == [[s(1, 1), s(1, 2), s(2, 1)]]
    assert not T.bell_scores(f, s(2, 3))
