"""Jolly Christmas: one test per rule sentence of play, per ruling and per reading.

Sources: the Jolly Christmas rulebook (quoted in each docstring); rulings J1-J11 and
"Every game: safety limits"; the card data, "Jolly Christmas"; the readings named in
jolly_christmas.py's docstring (starting-player, same-order-card, simultaneous-placing,
placing-is-required, base-grows-both-ways, four-layers, last-round-discard,
one-topper-left, shared-win, scores-so-far). Scoring rule by rule is in
test_jolly_scoring.py; here scoring is tested through whole games.

Situations are built by ``arrange`` (chosen cards into trees, onto the order cards or
the discard pile, everything else into the stack) and by ``stacked`` (a new game whose
order cards show chosen cards round after round); every card stays in the box exactly
once (``conserved``).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core.state import action_fields
from yuletide.games.jolly_christmas.content import BALL_COLOURS, CONTENT, ORNAMENTS, SIDES
from yuletide.games.jolly_christmas.jolly_christmas import rules as jc
from yuletide.games.jolly_christmas.jolly_christmas import tree as T
from yuletide.games.jolly_christmas.jolly_christmas.text import render as render_text
from yuletide.games.jolly_christmas.jolly_christmas.text import render_tree

GAME = "jolly-christmas"
DECS = CONTENT.decorations
TOPPER_NO = {t.id: k for k, t in enumerate(CONTENT.toppers)}
#: Every position of the full tree, base first.
FULL = [f"{r}.{i}" for r, width in ((1, 5), (2, 4), (3, 3), (4, 2)) for i in range(1, width + 1)]

# ----------------------------------------------------------------------------- helpers


def new(players: int = 3, seed: int = 1, **options: Any) -> Any:
    return yuletide.new_game(GAME, players=players, seed=seed, **options)


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def find(spec: str, taken: set[int]) -> int:
    """The lowest-numbered card not yet taken matching ``ornament[-ball colour] [side]``
    (ornament ``*``: any)."""
    words = spec.split()
    name, ball = words[0], -1
    if name.startswith("ball-"):
        ball = BALL_COLOURS.index(name[5:])
        name = "ball"
    orn = -1 if name == "*" else ORNAMENTS.index(name)
    side = SIDES.index(words[1]) if len(words) > 1 else None
    for c, d in enumerate(DECS):
        if (
            c not in taken
            and orn in (-1, d.ornament)
            and (ball < 0 or d.ball == ball)
            and (side is None or d.side == side)
        ):
            taken.add(c)
            return c
    raise AssertionError(f"no card {spec!r} left")


def tree_of(layout: dict[str, str], taken: set[int]) -> list[int]:
    tree = [-1] * T.SLOTS
    for pos, spec in layout.items():
        r, i = map(int, pos.split("."))
        tree[T.slot_of(r, i)] = find(spec, taken)
    return tree


def arrange(
    state: Any,
    *,
    trees: list[dict[str, str]] | None = None,
    row: list[str | None] | None = None,
    discard: list[str] | None = None,
) -> Any:
    """Put the named cards in the trees (positions in the current numbering), on the
    order cards (None: taken) and in the discard pile; all the other decoration cards go
    to the stack, in a seeded order. Keeps every card exactly once."""
    taken: set[int] = set()
    if trees is not None:
        state.trees = [tree_of(t, taken) for t in trees]
    wanted_row = row if row is not None else ["" if c >= 0 else None for c in state.row]
    fixed = [find(s, taken) if s else -1 for s in wanted_row]
    state.discard = [find(s, taken) for s in (discard or [])]
    rest = [c for c in range(len(DECS)) if c not in taken]
    Rng(state.seed).shuffle(rest)
    state.row = [
        c if c >= 0 or s is None else rest.pop() for c, s in zip(fixed, wanted_row, strict=True)
    ]
    state.deck = rest
    assert conserved(state)
    return state


def stacked(players: int, rounds: list[list[int]], seed: int = 1, **options: Any) -> Any:
    """A new game whose order cards show ``rounds[r]`` (card ids by order card) in round
    r + 1; the other cards stay in the stack, under those."""
    state = new(players, seed, **options)
    used = {c for r in rounds for c in r}
    rest = [c for c in (*state.deck, *state.row) if c not in used]
    state.row = list(rounds[0])
    state.deck = rest + [c for r in reversed(rounds[1:]) for c in reversed(r)]
    state.log = [e for e in state.log if e[0] != "reveal"]
    state.log += [("reveal", k, c) for k, c in enumerate(state.row)]
    assert conserved(state)
    return state


def set_toppers(state: Any, ids: list[str]) -> None:
    """Lay these toppers face up instead of the dealt ones."""
    state.table_toppers = [TOPPER_NO[i] for i in ids]
    state.box_toppers = sorted(set(range(len(CONTENT.toppers))) - set(state.table_toppers))
    state.log[0] = ("toppers", *state.table_toppers)
    assert conserved(state)


def legal(state: Any, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    """The error ``apply`` raises; the state must be exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


def claim_all(state: Any, numbers: dict[int, int]) -> None:
    """Every seat moves its elf, in the round's order, to the order card given."""
    for seat in list(state.order):
        assert state.to_act == frozenset({seat})
        state.apply(seat, f"claim {numbers[seat]}")


def place_all(state: Any, where: dict[int, str] | None = None) -> None:
    """Every seat places its card: at ``where[seat]``, else at its first legal place."""
    for seat in range(state.players):
        text = (where or {}).get(seat) or legal(state, seat)[0]
        state.apply(seat, text if text.startswith("place") else f"place {text}")


def play_round(state: Any, numbers: dict[int, int], where: dict[int, str] | None = None) -> None:
    claim_all(state, numbers)
    place_all(state, where)


def play_rounds(state: Any, rounds: int) -> None:
    """Whole rounds: each seat claims the lowest free order card, places first-legal."""
    for _ in range(rounds):
        for seat in list(state.order):
            state.apply(seat, legal(state, seat)[0])
        place_all(state)


def random_play(state: Any, rng: Rng, steps: int = 10_000) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def to_topper_phase(players: int = 3, seed: int = 1, **options: Any) -> Any:
    state = new(players, seed, **options)
    play_rounds(state, 14)
    assert state.phase == jc.TOPPER
    return state


# ------------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_1_each_player_gets_one_elf_the_others_go_back_to_the_box(players: int) -> None:
    """Setup 1: "Give each player one elf card. Return any unused elf cards to the box." """
    view = new(players).view(0)
    assert view["elves"] == [{"last_round": None, "this_round": None}] * players
    assert view["elves_in_box"] == 5 - players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_2_players_plus_one_toppers_face_up_the_rest_to_the_box(players: int) -> None:
    """Setup 2: "place a number of them, equal to the number of players plus one, face up
    on the table. If playing with three players, place four cards face up. Return the
    remaining tree-topper cards to the box." """
    state = new(players)
    assert len(state.table_toppers) == players + 1
    assert len(state.box_toppers) == 14 - players - 1
    assert sorted(state.table_toppers + state.box_toppers) == list(range(14))
    view = state.view(1)
    assert [t["number"] for t in view["toppers_on_table"]] == sorted(
        t + 1 for t in state.table_toppers
    )
    assert view["toppers_in_box"] == 14 - players - 1
    assert state.events(0)[0] == {
        "type": "toppers",
        "face_up": [CONTENT.toppers[t].id for t in state.table_toppers],
    }
    if players == 3:
        assert len(view["toppers_on_table"]) == 4


def test_setup_2_the_tree_toppers_are_shuffled() -> None:
    """Setup 2: "Shuffle the tree-topper cards": the face-up ones vary with the seed."""
    dealt = {tuple(sorted(new(3, seed).table_toppers)) for seed in range(30)}
    assert len(dealt) > 20


def test_setup_3_decorations_shuffled_into_a_face_down_stack() -> None:
    """Setup 3: "Shuffle all the decoration cards and place them in a face-down stack":
    the stack holds the rest of the 85; a seat sees only its size."""
    stacks = set()
    for seed in range(10):
        state = new(4, seed)
        assert len(state.deck) == 85 - 5
        assert state.view(0)["deck"] == 80
        stacks.add(tuple(state.deck))
    assert len(stacks) == 10
    assert new(4, 3).to_json() == new(4, 3).to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_4_order_cards_1_to_players_plus_one_in_ascending_order(players: int) -> None:
    """Setup 4: "place a number of order cards in ascending order, starting with the 1.
    The number is equal to the number of players plus one." """
    view = new(players).view(None)
    assert [oc["number"] for oc in view["order_cards"]] == list(range(1, players + 2))


def test_setup_5_one_decoration_card_face_up_on_each_order_card() -> None:
    """Setup 5: "Flip one decoration card face up from the stack onto each order card." """
    state = new(4, 2)
    view = state.view(None)
    assert all(oc["card"] is not None for oc in view["order_cards"])
    assert [oc["card"]["id"] for oc in view["order_cards"]] == [DECS[c].id for c in state.row]
    reveals = [e for e in state.events(None) if e["type"] == "reveal"]
    assert [e["order_card"] for e in reveals] == [1, 2, 3, 4, 5]
    assert conserved(state)


def test_setup_6_reading_starting_player_is_seat_0() -> None:
    """Setup 6: "Choose a starting player." Reading starting-player: seat 0 (seat the
    chosen player there)."""
    for players in (2, 3, 4, 5):
        state = new(players)
        assert state.to_act == frozenset({0})
        assert state.order == list(range(players))


# ---------------------------------------------------------------- the starting round


def test_starting_round_starting_player_first_then_each_other_player_clockwise() -> None:
    """The Starting Round: "The designated starting player is the first to place their
    elf card under one of the open decoration cards. Each other player then does the
    same, clockwise from the starting player." """
    state = new(4)
    seen = []
    for number in (5, 1, 3, 2):
        (seat,) = state.to_act
        seen.append(seat)
        for other in range(4):
            if other != seat:
                assert state.legal_actions(other) == []
        state.apply(seat, f"claim {number}")
    assert seen == [0, 1, 2, 3]
    assert state.claims == [4, 0, 2, 1]


def test_starting_round_then_proceeds_the_same_as_the_others() -> None:
    """The Starting Round: "The round proceeds the same as the others": take and place
    the cards, refill, and the elves set the next round's order."""
    state = new(3)
    row = list(state.row)
    play_round(state, {0: 2, 1: 4, 2: 1})
    assert [state.trees[s][0] for s in range(3)] == [row[1], row[3], row[0]]
    assert state.discard == [row[2]]
    assert state.round == 2
    assert state.order == [2, 0, 1]


# ------------------------------------------------------------ 1) placing elf cards


def test_placing_elves_lowest_order_card_starts_and_play_proceeds_along_the_row() -> None:
    """1) Placing Elf Cards: "Start the round with the player whose elf card is on the
    lowest order card (closest to one), and proceed along the row." """
    state = new(4)
    play_round(state, {0: 4, 1: 2, 2: 5, 3: 1})
    assert state.order == [3, 1, 0, 2]
    assert state.view(0)["round_order"] == [3, 1, 0, 2]
    seen = []
    for number in (1, 2, 3, 4):
        (seat,) = state.to_act
        seen.append(seat)
        state.apply(seat, f"claim {number}")
    assert seen == [3, 1, 0, 2]


def test_placing_elves_the_elf_claims_a_card_and_the_next_round_position() -> None:
    """1) Placing Elf Cards: "take your elf card and place it on the opposite side of the
    row of decoration cards. This claims a new decoration card and your position in the
    player order for the next round." """
    state = new(3)
    row = list(state.row)
    events = state.apply(0, "claim 3")
    assert events == [{"type": "claim", "seat": 0, "order_card": 3, "card": jc.card_name(row[2])}]
    view = state.view(2)
    assert view["order_cards"][2]["claimed_by"] == 0
    assert view["elves"][0] == {"last_round": None, "this_round": 3}
    assert view["next_order"] == [0]
    state.apply(1, "claim 1")
    state.apply(2, "claim 4")
    assert state.view(0)["next_order"] == [1, 0, 2]
    place_all(state)
    assert state.trees[0][0] == row[2]
    assert state.order == [1, 0, 2]


def test_reading_same_order_card_an_elf_may_claim_its_old_number_again() -> None:
    """Reading same-order-card: "place it on the opposite side of the row" — any order
    card not claimed this round, including the one the elf stood at (a new card lies
    there)."""
    state = new(3)
    play_round(state, {0: 1, 1: 2, 2: 3})
    assert legal(state, 0) == ["claim 1", "claim 2", "claim 3", "claim 4"]
    state.apply(0, "claim 1")
    assert legal(state, 1) == ["claim 2", "claim 3", "claim 4"]


def test_note_a_decoration_card_can_only_be_claimed_by_one_player() -> None:
    """1) Placing Elf Cards, Note: "a decoration card can only be claimed by one player." """
    state = new(3)
    state.apply(0, "claim 2")
    assert "claim 2" not in legal(state, 1)
    err = refused(state, 1, "claim 2")
    assert err.reason == (
        "order card 2 is already claimed by seat 0: a decoration card can only be claimed"
        " by one player (free: 1, 3, 4)"
    )
    assert err.rule == "Jolly Christmas, 1) Placing Elf Cards, Note"


def test_placing_elves_only_the_order_cards_on_the_table_can_be_claimed() -> None:
    """Setup 4: players + 1 order cards: with three players there is no order card 5."""
    state = new(3)
    err = refused(state, 0, "claim 5")
    assert err.reason == "there are only 4 order cards (1 to 4) with 3 players"
    assert err.rule == "Jolly Christmas, Game Setup 4"
    assert [str(a) for a in state.action_space(3) if str(a).startswith("claim")] == [
        "claim 1",
        "claim 2",
        "claim 3",
        "claim 4",
    ]


def test_when_everyone_has_played_all_elves_are_on_the_same_side_again() -> None:
    """1) Placing Elf Cards: "When everyone has played, all elf cards are again on the
    same side of the decoration row." """
    state = new(3)
    play_round(state, {0: 2, 1: 3, 2: 4})
    assert state.view(0)["elves"] == [
        {"last_round": 2, "this_round": None},
        {"last_round": 3, "this_round": None},
        {"last_round": 4, "this_round": None},
    ]
    claim_all(state, {0: 1, 1: 2, 2: 3})
    elves = state.view(0)["elves"]
    assert [e["this_round"] for e in elves] == [1, 2, 3]
    assert state.phase == jc.PLACE
    place_all(state)
    assert [e["last_round"] for e in state.view(0)["elves"]] == [1, 2, 3]
    assert all(e["this_round"] is None for e in state.view(0)["elves"])


# ----------------------------------------------------------- 2) taking decoration cards


def test_reading_simultaneous_placing_all_players_may_now_take_their_cards() -> None:
    """2) Taking: "All players may now take the decoration card they claimed and place it
    in their Christmas tree." Reading simultaneous-placing: every seat still to place may
    act, in any order, with the same result."""
    a = new(3)
    claim_all(a, {0: 1, 1: 2, 2: 3})
    b = a.clone()
    assert a.to_act == frozenset({0, 1, 2})
    for seat in (2, 0, 1):
        a.apply(seat, "place 1.1")
        assert seat not in a.to_act
        assert a.legal_actions(seat) == []
    for seat in (0, 1, 2):
        b.apply(seat, "place 1.1")
    assert a.trees == b.trees and a.row == b.row and a.deck == b.deck


def test_reading_placing_is_required_no_claim_until_every_card_is_placed() -> None:
    """Reading placing-is-required ("Everyone now has fourteen cards in their trees"):
    there is no pass; the next round waits for every card."""
    state = new(3)
    claim_all(state, {0: 1, 1: 2, 2: 3})
    state.apply(0, "place 1.1")
    assert state.to_act == frozenset({1, 2})
    err = refused(state, 1, "claim 4")
    assert err.reason.startswith("every elf is placed: now place the decoration card")
    assert err.rule == "Jolly Christmas, 2) Taking Decoration Cards"
    assert all(str(a).startswith("place") for a in state.legal_actions(1))


def test_J7_the_first_card_goes_in_the_base_row() -> None:
    """J7: "Where may the first card go? In the base row, since any other row needs two
    supports." The rulebook: "(unless it's your first card)"."""
    state = new(3)
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert legal(state, 0) == ["place 1.1"]
    for text in ("place 2.1", "place 1.0", "place 1.3", "place 4.2"):
        err = refused(state, 0, text)
        assert err.reason == (
            "your first card goes in the base row, since any other row needs two cards"
            " under it: place 1.1"
        )
        assert err.rule == "Jolly Christmas ruling J7"


def test_a_card_must_be_adjacent_to_the_left_or_right_of_a_card_in_the_base() -> None:
    """2) Taking: "The card must be adjacent to a previously placed card in your tree";
    "You may place cards to the left or right of a card"."""
    state = arrange(new(3), trees=[{"1.1": "santa", "1.2": "bell"}, {}, {}])
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert legal(state, 0) == ["place 1.0", "place 1.3", "place 2.1"]
    err = refused(state, 0, "place 1.5")
    assert err.reason == (
        "a card in the base goes to the left or right of a card: place 1.0 (left end) or"
        " 1.3 (right end), not 1.5"
    )
    assert (
        err.rule
        == "Jolly Christmas, 2) Taking Decoration Cards: adjacent to a previously placed card"
    )
    card = state.row[0]
    state.apply(0, "place 1.3")
    assert state.trees[0][2] == card


def test_reading_base_grows_both_ways_left_end_renumbers_the_whole_tree() -> None:
    """Reading base-grows-both-ways: ``place 1.0`` puts the card to the left of the base
    and every card moves one index to the right (also on the rows above), as on a table."""
    state = arrange(
        new(3),
        trees=[{"1.1": "santa", "1.2": "bell", "1.3": "reindeer", "2.1": "snowflake"}, {}, {}],
    )
    before = list(state.trees[0])
    claim_all(state, {0: 1, 1: 2, 2: 3})
    card = state.row[0]
    events = state.apply(0, "place 1.0")
    assert events == [{"type": "place", "seat": 0, "card": jc.card_name(card), "at": "1.0"}]
    s = T.slot_of
    tree = state.trees[0]
    assert tree[s(1, 1)] == card
    assert [tree[s(1, i)] for i in (2, 3, 4)] == [before[s(1, i)] for i in (1, 2, 3)]
    assert tree[s(2, 2)] == before[s(2, 1)]
    assert tree[s(2, 1)] == -1 and tree[s(1, 5)] == -1
    assert state.view(0)["base_width"][0] == 4
    # The new left pair is open to build on; the old 2.1, now 2.2, is taken.
    assert [str(a) for a in jc.placements(tree)] == [
        "place 1.0",
        "place 1.5",
        "place 2.1",
        "place 2.3",
    ]


def test_the_base_can_be_started_anywhere_and_still_reach_all_five() -> None:
    """Reading base-grows-both-ways: any order of left and right ends fills the base."""
    for pattern in ("LLLL", "RRRR", "LRLR", "RLLR"):
        tree = [-1] * T.SLOTS
        placed = [100]
        tree[0] = 100
        for k, side in enumerate(pattern, start=1):
            act = jc._LEFT if side == "L" else jc._BASE[k + 1]
            assert act in jc.placements(tree)
            if side == "L":
                for dst, src in T.SHIFT_RIGHT:
                    tree[dst] = tree[src]
                tree[0] = 101 + k
                placed.insert(0, 101 + k)
            else:
                tree[k] = 101 + k
                placed.append(101 + k)
        assert tree[:5] == placed
        assert jc._LEFT not in jc.placements(tree)


def test_on_top_of_two_earlier_placed_cards_only() -> None:
    """2) Taking: "or on top of two earlier placed cards"; "A new card can be placed on the
    second layer, where there are already two cards underneath." """
    state = arrange(
        new(3), trees=[{"1.1": "santa", "1.2": "bell", "1.3": "reindeer", "2.1": "bell"}, {}, {}]
    )
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert legal(state, 0) == ["place 1.0", "place 1.4", "place 2.2"]
    err = refused(state, 0, "place 2.3")
    assert err.reason == "a card at 2.3 rests on 1.3 and 1.4, and 1.4 is still empty"
    assert (
        err.rule
        == "Jolly Christmas, 2) Taking Decoration Cards: on top of two earlier placed cards"
    )
    err = refused(state, 0, "place 3.1")
    assert err.reason == "a card at 3.1 rests on 2.1 and 2.2, and 2.2 is still empty"
    err = refused(state, 0, "place 4.2")
    assert err.reason == "a card at 4.2 rests on 3.2 and 3.3, and 3.2 and 3.3 are still empty"


def test_you_do_not_need_to_complete_a_row_before_building_upward() -> None:
    """2) Taking: "You do not need to complete a row before building upward." """
    state = arrange(new(3), trees=[{"1.1": "santa", "1.2": "bell", "1.3": "reindeer"}, {}, {}])
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert "place 2.1" in legal(state, 0)
    state.apply(0, "place 2.1")
    assert jc.base_width(state.trees[0]) == 3


def test_base_layer_holds_at_most_five_cards() -> None:
    """2) Taking: "A new card can be placed on the base layer, as it is not yet 5 cards
    wide"; Size: "Five cards in the base"."""
    five = {f"1.{i}": "santa" for i in range(1, 6)}
    state = arrange(new(3), trees=[five, {}, {}])
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert legal(state, 0) == ["place 2.1", "place 2.2", "place 2.3", "place 2.4"]
    for text in ("place 1.0", "place 1.5"):
        err = refused(state, 0, text)
        assert err.reason == "the base already holds five cards (5 in the base, 4, 3, 2 above)"
        assert err.rule == "Jolly Christmas, 2) Taking Decoration Cards, Size of the tree"


def test_size_of_the_tree_five_layers_5_4_3_2_and_the_tree_topper() -> None:
    """Size of the tree: "five layers of cards. Four layers of ornament cards and one
    tree-topper: Five cards in the base, Four on the second, Three on the third, Two on
    the fourth, One tree-topper on top." Reading four-layers: no fifth layer of
    ornaments (no position exists for it)."""
    assert T.ROW_START == (0, 5, 9, 12) and T.SLOTS == 14
    with pytest.raises(NotationError):
        jc.JollyChristmas.parse_action("place 5.1")
    places = [str(a) for a in jc.JollyChristmas.action_space(5) if str(a).startswith("place")]
    assert places == [f"place {p}" for p in ["1.0", *FULL]]
    state = to_topper_phase(4)
    for tree in state.trees:
        assert all(c >= 0 for c in tree)
    rows = state.view(0)["trees"][0]
    assert [len(r) for r in rows] == [5, 4, 3, 2]


def test_a_taken_position_cannot_be_used_again() -> None:
    """2) Taking: one card per position."""
    state = arrange(new(3), trees=[{"1.1": "santa", "1.2": "bell", "2.1": "bell"}, {}, {}])
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert refused(state, 0, "place 1.2").reason == "position 1.2 is taken"
    assert refused(state, 0, "place 2.1").reason == "position 2.1 is taken"


def test_there_is_always_a_legal_place_and_every_tree_ends_full() -> None:
    """Reading placing-is-required: whatever the earlier choices, the claimed card has a
    place; after fourteen placements the tree is the full 5-4-3-2 pyramid."""
    rng = Rng(11)
    for _ in range(300):
        tree = [-1] * T.SLOTS
        for k in range(14):
            acts = jc.placements(tree)
            assert acts
            act = acts[rng.below(len(acts))]
            assert isinstance(act, jc.Place)
            if act.index == 0:
                for dst, src in T.SHIFT_RIGHT:
                    tree[dst] = tree[src]
                tree[5] = tree[9] = tree[12] = -1
                tree[0] = k
            else:
                tree[T.slot_of(act.row, act.index)] = k
        assert sorted(tree) == list(range(14))
        assert jc.placements(tree) == []


# ---------------------------------------------------------------------------- refill


def test_refill_discards_the_unchosen_card_and_refills_the_order_cards() -> None:
    """3) Refill: "Discard the unchosen decoration card and refill the order cards with new
    decoration cards from the deck." """
    state = new(3)
    row = list(state.row)
    top = state.deck[-4:]
    start = len(state.log)
    play_round(state, {0: 1, 1: 2, 2: 4})
    assert state.discard == [row[2]]
    assert state.row == list(reversed(top))
    assert len(state.deck) == 85 - 8
    events = state.events(1, start)
    kinds = [e["type"] for e in events]
    assert kinds[-6:] == ["discard", "round", "reveal", "reveal", "reveal", "reveal"]
    assert events[-6] == {"type": "discard", "order_card": 3, "card": jc.card_name(row[2])}
    assert state.view(0)["discard"][0]["id"] == DECS[row[2]].id
    assert conserved(state)


def test_J9_nothing_refilled_after_round_14_reading_last_round_discard() -> None:
    """J9: "Is the deck refilled after round 14? No." Reading last-round-discard: the
    unchosen card of round 14 is discarded too."""
    state = new(3)
    play_rounds(state, 13)
    deck = len(state.deck)
    assert deck == 85 - 14 * 4
    play_rounds(state, 1)
    assert state.row == [-1] * 4
    assert len(state.deck) == deck
    assert len(state.discard) == 14
    assert state.round == 14


def test_five_players_use_84_cards_and_one_stays_in_the_stack() -> None:
    """J9 "keeps the 84-card total": 14 rounds of six order cards use 84 of the 85."""
    state = to_topper_phase(5)
    assert len(state.deck) == 1
    assert sum(c >= 0 for t in state.trees for c in t) == 70
    assert len(state.discard) == 14


# ------------------------------------------------------------------------ end of game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_after_fourteen_rounds_everyone_has_fourteen_cards(players: int) -> None:
    """End of the Game: "After fourteen rounds, it's time to place the tree-topper on the
    tree. Everyone now has fourteen cards in their trees." Overview: "We play fourteen
    rounds"."""
    state = new(players)
    play_rounds(state, 13)
    assert state.phase == jc.CLAIM and state.round == 14
    play_rounds(state, 1)
    assert state.phase == jc.TOPPER
    assert [sum(c >= 0 for c in t) for t in state.trees] == [14] * players
    assert state.view(0)["phase"] == "topper"


def _lights_game(lights: list[int], elves: list[int], order: list[int], **options: Any) -> Any:
    """A game at the topper choice whose trees have the given numbers of complete lights
    (R and L cards side by side in the base; every other half-light on L, UL or DL, which
    never face each other), elves after round 14 at ``elves`` (order card numbers) and
    round 14 played in ``order``."""
    players = len(lights)
    state = new(players, **options)
    trees = []
    for n in lights:
        layout = {pos: f"* {('DL', 'UL', 'L')[k % 3]}" for k, pos in enumerate(FULL)}
        for k in range(n):
            layout[FULL[2 * k]] = "* R"
            layout[FULL[2 * k + 1]] = "* L"
        trees.append(layout)
    arrange(state, trees=trees, row=[None] * (players + 1))
    state.round = 14
    state.elves = [e - 1 for e in elves]
    state.claims = list(state.elves)
    state.order = list(order)
    state.phase = jc.PLACE
    # Seat 0 still places its 14th card: take it out of the tree onto its order card.
    k = state.elves[0]
    state.row[k], state.trees[0][13] = state.trees[0][13], -1
    state.pending = 1
    assert conserved(state)
    state.apply(0, "place 4.2")
    assert state.lights() == lights
    return state


def test_topper_choice_most_complete_lights_first_then_second_highest() -> None:
    """End of the Game: "look at the complete lights in the trees. The player with the most
    complete lights chooses a tree-topper card first, followed by the second highest, and
    so on." """
    state = _lights_game([1, 2, 0], elves=[1, 2, 3], order=[0, 1, 2])
    assert state.topper_order == [1, 0, 2]
    state = _lights_game([0, 2, 1], elves=[1, 2, 3], order=[0, 1, 2])
    assert state.topper_order == [1, 2, 0]
    assert state.view(0)["topper_order"] == [1, 2, 0]
    assert state.events(0)[-1] == {"type": "topper order", "order": [1, 2, 0]}
    seen = []
    for _ in range(3):
        (seat,) = state.to_act
        seen.append(seat)
        state.apply(seat, legal(state, seat)[0])
    assert seen == [1, 2, 0]


def test_J8_topper_tie_follows_the_elf_positions_after_round_14() -> None:
    """End of the Game: "In case of a tie, refer to the player order from the last round."
    J8: "Use the order set by the elf positions after round 14, read from the lowest
    order card." (the default, ``topper_tiebreak="elf-positions"``)."""
    state = _lights_game([1, 1, 2], elves=[4, 2, 1], order=[0, 1, 2])
    assert state.tiebreak == "elf-positions"
    assert state.topper_order == [2, 1, 0]
    state = _lights_game([1, 1, 1], elves=[3, 4, 1], order=[1, 0, 2])
    assert state.topper_order == [2, 0, 1]


def test_J8_option_round_order_uses_the_order_round_14_was_played_in() -> None:
    """J8: "The alternative is the order in which round 14 was played; make it
    configurable." Option ``topper_tiebreak="round-order"``."""
    state = _lights_game([1, 1, 1], elves=[3, 4, 1], order=[1, 0, 2], topper_tiebreak="round-order")
    assert state.topper_order == [1, 0, 2]
    state = _lights_game([0, 1, 1], elves=[1, 2, 3], order=[2, 0, 1], topper_tiebreak="round-order")
    assert state.topper_order == [2, 1, 0]


def test_you_must_choose_a_tree_topper_even_if_it_gives_you_no_points() -> None:
    """End of the Game: "You must choose a tree-topper card, even if it gives you no
    points": the only actions are toppers, also when none would score."""
    state = to_topper_phase(3)
    (seat,) = state.to_act
    acts = legal(state, seat)
    assert acts == [f"topper {t + 1}" for t in sorted(state.table_toppers)]
    err = refused(state, seat, "claim 1")
    assert err.reason == (
        "the fourteen rounds are over: choose a tree-topper (topper <number>); you must"
        " choose one even if it gives you no points"
    )
    assert err.rule == "Jolly Christmas, End of the Game"
    for _ in range(3):
        (seat,) = state.to_act
        state.apply(seat, legal(state, seat)[-1])
    assert state.outcome.status == "finished"
    assert all(t >= 0 for t in state.toppers)


def test_a_tree_topper_can_be_taken_by_one_player_only() -> None:
    """End of the Game: each chooses among the toppers still on the table."""
    state = to_topper_phase(3)
    first, second = state.topper_order[:2]
    taken = sorted(state.table_toppers)[0]
    state.apply(first, f"topper {taken + 1}")
    assert f"topper {taken + 1}" not in legal(state, second)
    err = refused(state, second, f"topper {taken + 1}")
    left = ", ".join(str(t + 1) for t in sorted(state.table_toppers))
    assert (
        err.reason == f"tree-topper {taken + 1} is not on the table; the toppers left are: {left}"
    )
    box = state.box_toppers[0]
    assert refused(state, second, f"topper {box + 1}").rule == "Jolly Christmas, End of the Game"


def test_reading_one_topper_left_on_the_table() -> None:
    """Reading one-topper-left: players + 1 toppers, each player takes one."""
    for players in (2, 5):
        state = to_topper_phase(players)
        last = state.topper_order[-1]
        for seat in state.topper_order[:-1]:
            state.apply(seat, legal(state, seat)[0])
        assert len(legal(state, last)) == 2
        state.apply(last, legal(state, last)[0])
        assert len(state.table_toppers) == 1
        assert conserved(state)


def test_J11_only_the_chosen_topper_scores() -> None:
    """J11: "Only the chosen topper scores": a topper left on the table whose condition a
    tree meets gives that tree nothing."""
    state = to_topper_phase(3)
    six = ["santa", "ball", "bell", "gingerbread", "reindeer", "snowflake"]
    arrange(
        state,
        trees=[{pos: six[k % 6] for k, pos in enumerate(FULL)}] * 3,
        row=[None] * 4,
    )
    set_toppers(state, ["JC-T14", "JC-T06", "JC-T08", "JC-T07"])
    assert T.topper_met(CONTENT.toppers[TOPPER_NO["JC-T14"]], jc.faces(state.trees[0]))
    for seat in state.topper_order:
        choice = "topper 6" if seat == 0 else "topper 14" if seat == 1 else "topper 8"
        state.apply(seat, choice)
    assert state.scores[0][-1] == 0  # no Santa-free tree: JC-T06 not met
    assert state.scores[1][-1] == 3  # JC-T14 met, scored once
    assert state.scores[2][-1] == 0
    assert [s["topper"] for s in state.view(None)["scores"]] == [0, 3, 0]


# ---------------------------------------------------------------- scoring, whole games

#: The the card data example tree, in the order it is built (base first, left to right),
#: with real cards. the card data lists two red balls with their half-light on UR (1.3 and
#: 3.2) but the deck has one (JC-D16); 3.2's half-light joins nothing either way, so a
#: red ball with its half-light on L (JC-D13) stands at 3.2.
EXAMPLE_CARDS = [
    ("1.1", "JC-D62"),  # reindeer R
    ("1.2", "JC-D61"),  # reindeer L
    ("1.3", "JC-D16"),  # red ball UR
    ("1.4", "JC-D17"),  # red ball DL
    ("1.5", "JC-D02"),  # Santa R
    ("2.1", "JC-D67"),  # reindeer L
    ("2.2", "JC-D75"),  # snowflake UL
    ("2.3", "JC-D35"),  # bell DL
    ("2.4", "JC-D51"),  # gingerbread UL
    ("3.1", "JC-D49"),  # gingerbread L
    ("3.2", "JC-D13"),  # red ball L (see above)
    ("3.3", "JC-D06"),  # Santa DR
    ("4.1", "JC-D20"),  # blue ball R
    ("4.2", "JC-D73"),  # snowflake L
]
EXAMPLE_TABLE = {
    "1.1": ("reindeer", None, "R"),
    "1.2": ("reindeer", None, "L"),
    "1.3": ("ball", "red", "UR"),
    "1.4": ("ball", "red", "DL"),
    "1.5": ("santa", None, "R"),
    "2.1": ("reindeer", None, "L"),
    "2.2": ("snowflake", None, "UL"),
    "2.3": ("bell", None, "DL"),
    "2.4": ("gingerbread", None, "UL"),
    "3.1": ("gingerbread", None, "L"),
    "3.2": ("ball", "red", "L"),
    "3.3": ("santa", None, "DR"),
    "4.1": ("ball", "blue", "R"),
    "4.2": ("snowflake", None, "L"),
}


def example_game(seed: int = 1) -> Any:
    """Three players; seat 0 builds the example tree, seat 1 takes 4 Santas, seat 2
    takes 3; everyone claims order cards 1, 2, 3 in every round."""
    ids = {d.id: c for c, d in enumerate(DECS)}
    mine = [ids[i] for _, i in EXAMPLE_CARDS]
    taken = set(mine)
    seat1 = [find(s, taken) for s in ["santa"] * 4 + ["bell"] * 5 + ["reindeer"] * 5]
    seat2 = [find(s, taken) for s in ["santa"] * 3 + ["gingerbread"] * 6 + ["snowflake"] * 5]
    filler = [find(s, taken) for s in ["bell"] * 6 + ["ball-gold"] * 7 + ["santa"]]
    rounds = [[mine[r], seat1[r], seat2[r], filler[r]] for r in range(14)]
    state = stacked(3, rounds, seed=seed)
    set_toppers(state, ["JC-T05", "JC-T06", "JC-T08", "JC-T14"])
    for r in range(14):
        assert state.round == r + 1
        play_round(state, {0: 1, 1: 2, 2: 3}, {0: EXAMPLE_CARDS[r][0]})
    return state


def test_scoring_example_played_through_a_whole_game_scores_33() -> None:
    """Scoring Example (the card data's tree): "1. ... 4 points for the complete lights. 2.
    ... 4 points for the tree-topper, because it has three of the same color Christmas
    balls. 3. ... 4 points for the Christmas balls ... two single Christmas balls ... and
    one set of two ... 4. ... 4 points for the Santas because the player has the third
    most Santas ... 2 points per Santa. 5. ... no points for the bell ... 6. ... 2 points
    for the cookies ... 7. ... 9 points for the group of reindeer ... 8. ... 6 points for
    the snowflakes ... a total score of 33 points!" """
    state = example_game()
    view = state.view(None)
    for pos, (orn, ball, side) in EXAMPLE_TABLE.items():
        r, i = map(int, pos.split("."))
        card = view["trees"][0][r - 1][i - 1]
        assert (card["ornament"], card["ball"], card["light"]) == (orn, ball, side), pos
    assert state.lights()[0] == 4
    order = state.topper_order
    for seat in order:
        state.apply(seat, "topper 5" if seat == 0 else legal(state, seat)[-1])
    breakdown = {
        "lights": 4,
        "santas": 4,
        "balls": 4,
        "bells": 0,
        "gingerbread": 2,
        "reindeer": 9,
        "snowflakes": 6,
        "topper": 4,
        "total": 33,
    }
    assert state.view(0)["scores"][0] == breakdown
    assert state.view(0)["final_scores"] is True
    assert state.outcome.scores[0] == 33.0
    assert (
        "seat 0: 33 = lights 4, santas 4, balls 4, bells 0, gingerbread 2, reindeer 9,"
        " snowflakes 6, topper 4" in state.outcome.reason
    )
    assert {"type": "score", "seat": 0, **breakdown} in state.events(2)
    # Santas: 2, 4 and 3 -> seat 0 is third, 2 points per Santa.
    assert [s["santas"] for s in state.view(0)["scores"]] == [4, 16, 9]


def test_santas_are_ranked_across_all_players_trees() -> None:
    """Santa: "Players are awarded points depending on who has the most Santas in their
    Christmas tree" — the other trees (public) decide a tree's Santa points."""
    state = arrange(new(3), trees=[{"1.1": "santa"}, {"1.1": "santa", "1.2": "santa"}, {}])
    assert [s["santas"] for s in state.view(0)["scores"]] == [3, 8, 0]
    state = arrange(new(3), trees=[{"1.1": "santa"}, {"1.1": "santa"}, {"1.1": "bell"}])
    assert [s["santas"] for s in state.view(0)["scores"]] == [4, 4, 0]


def test_the_player_with_the_most_points_wins() -> None:
    """Quick Game Overview: "The player with the most points wins the game!" """
    state = example_game()
    for seat in state.topper_order:
        state.apply(seat, "topper 5" if seat == 0 else legal(state, seat)[-1])
    totals = [sum(p) for p in state.scores]
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.scores == tuple(float(t) for t in totals)
    best = max(totals)
    assert outcome.winners == tuple(s for s in range(3) if totals[s] == best)
    assert outcome.ranks == tuple(1 + sum(o > t for o in totals) for t in totals)
    assert outcome.reason.startswith(f"the most points ({best}) wins; seat 0: 33 = ")


def test_reading_shared_win_tied_players_share_the_win_and_rank() -> None:
    """Reading shared-win: the rulebook names no tie-break for the final score."""
    state = to_topper_phase(3)
    for seat in state.topper_order:
        state.apply(seat, legal(state, seat)[0])
    state.scores = [[10, 0, 0, 0, 0, 0, 0, 0], [4, 6, 0, 0, 0, 0, 0, 0], [9, 0, 0, 0, 0, 0, 0, 0]]
    outcome = state.outcome
    assert outcome.winners == (0, 1)
    assert outcome.ranks == (1, 1, 3)
    assert outcome.tiebreak == "tied on points: no tie-break in the rulebook, the win is shared"


def test_reading_scores_so_far_the_view_shows_every_tree_s_score() -> None:
    """Reading scores-so-far: the view carries each tree's points by category as it
    stands (public: the trees are), marked not final until the end."""
    state = arrange(
        new(3),
        trees=[
            {"1.1": "reindeer R", "1.2": "reindeer L"},
            {"1.1": "snowflake", "1.2": "bell", "1.3": "snowflake"},
            {"1.1": "ball-red", "1.2": "ball-blue", "1.3": "ball-gold"},
        ],
    )
    view = state.view(2)
    assert view["final_scores"] is False
    assert view["scores"][0] == {
        **dict.fromkeys(T.CATEGORIES, 0),
        "lights": 1,
        "reindeer": 4,
        "total": 5,
    }
    assert view["scores"][1]["snowflakes"] == 6
    assert view["scores"][2]["balls"] == 12
    assert view["lights"] == [1, 0, 0]
    assert view == state.view(0) | {"seat": 2}


def test_matching_lights_option_needs_same_coloured_half_lights() -> None:
    """the card data: "A game option (off by default) may require matching colours" — option
    ``matching_lights``; J5 (default): colours need not match."""
    # JC-D62 (reindeer, half-light R, yellow) and JC-D61 (reindeer, L, red).
    layout = [{"1.1": "reindeer R", "1.2": "reindeer L"}, {}, {}]
    plain = arrange(new(3), trees=layout)
    strict = arrange(new(3, matching_lights=True), trees=layout)
    a, b = plain.trees[0][0], plain.trees[0][1]
    same = DECS[a].light == DECS[b].light
    assert plain.lights()[0] == 1
    assert strict.lights()[0] == (1 if same else 0)
    assert not same  # JC-D62 is yellow, JC-D61 red: the option makes the difference


# ---------------------------------------------------------------------- safety limit


def test_turn_limit_default_is_generous_and_a_game_always_ends_on_its_own() -> None:
    """Safety limits: "Each game has a turn limit option, generous by default": 1000
    actions, against 14 x 2 x players + players (58 to 145)."""
    for players in (2, 5):
        state = new(players)
        assert state.turn_limit == 1000
        random_play(state, Rng(players))
        assert state.outcome.status == "finished"
        assert state.turns == 14 * 2 * players + players


def test_turn_limit_reached_the_game_ends_unfinished_with_no_winner() -> None:
    """Safety limits: "after which it ends as *unfinished* — no winner"."""
    state = new(3, turn_limit=5)
    claim_all(state, {0: 1, 1: 2, 2: 3})
    state.apply(0, "place 1.1")
    state.apply(1, "place 1.1")
    assert state.outcome.status == "unfinished"
    assert state.outcome.winners == ()
    assert state.outcome.reason == "turn limit of 5 reached"
    assert state.to_act == frozenset()
    assert state.legal_actions(2) == []
    err = refused(state, 2, "place 1.1")
    assert err.reason == "the game is over (unfinished): no seat may act"


def test_turn_limit_a_game_finished_on_the_last_allowed_action_is_finished() -> None:
    """Safety limits: "A rule change never hides behind this limit"."""
    state = new(2, turn_limit=58)
    random_play(state, Rng(1))
    assert state.outcome.status == "finished"


# ------------------------------------------------------------ options and bad input


@pytest.mark.parametrize("players", [0, 1, 6, "3", 3.0, True])
def test_player_count_is_2_to_5(players: Any) -> None:
    """Jolly Christmas is for 2 to 5 players (5 elf cards)."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"jolly-christmas is for 2 to 5 players, got {players!r}"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turn_limit": 0}, "option 'turn_limit' must be a whole number from 1 to 1000, got 0"),
        (
            {"topper_tiebreak": "oldest"},
            "option 'topper_tiebreak' must be one of 'elf-positions', 'round-order', got 'oldest'",
        ),
        ({"matching_lights": 1}, "option 'matching_lights' must be true or false, got 1 (int)"),
        (
            {"rounds": 10},
            "jolly-christmas has no option 'rounds'; its options are: matching_lights,"
            " topper_tiebreak, turn_limit",
        ),
    ],
)
def test_options_are_validated_and_errors_say_what_is_allowed(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, **options)
    assert str(info.value) == message


def test_notation_error_lists_the_forms() -> None:
    state = new(3)
    for text in ("claim", "claim 7", "place 1.6", "place 2", "topper 15", "take 1", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err) == (
            f"{text!r} is not a Jolly Christmas action; the forms are: claim <order card 1-6>"
            " | place <row>.<index> (1.0-1.5, 2.1-2.4, 3.1-3.3, 4.1-4.2; 1.0 is the left end"
            " of the base) | topper <1-14>"
        )
    with pytest.raises(NotationError):
        jc.JollyChristmas.parse_action(3)  # type: ignore[arg-type]


def test_notation_round_trips_and_ignores_case_and_spacing() -> None:
    for players in (2, 5):
        space = jc.JollyChristmas.action_space(players)
        assert len(space) == (players + 1) + 15 + 14
        assert len({str(a) for a in space}) == len(space)
        for action in space:
            assert jc.JollyChristmas.parse_action(str(action)) == action
    assert jc.JollyChristmas.parse_action("  CLAIM   3 ") == jc.Claim(2)
    assert jc.JollyChristmas.parse_action("Place 2.1") == jc.Place(2, 1)
    assert jc.JollyChristmas.parse_action("TOPPER 5") == jc.ChooseTopper(4)


def test_decisions_stay_small() -> None:
    """Decisions are split into steps (claim, then place, then topper): never more than
    six choices, so every step is a small decision."""
    rng = Rng(2)
    for seed in range(5):
        state = new(5, seed)
        while not state.outcome.over:
            for seat in state.to_act:
                assert 1 <= len(state.legal_actions(seat)) <= 6
            random_play(state, rng, steps=1)


def test_illegal_actions_leave_the_state_unchanged_and_cite_a_rule_in_every_phase() -> None:
    """IllegalAction "changes nothing" and cites the rule, in each phase."""
    claim = new(3)
    placing = new(3)
    claim_all(placing, {0: 1, 1: 2, 2: 3})
    topper = to_topper_phase(3)
    for state in (claim, placing, topper):
        for seat in sorted(state.to_act):
            ok = set(legal(state, seat))
            bad = [str(a) for a in state.action_space(3) if str(a) not in ok]
            assert bad
            for text in bad:
                err = refused(state, seat, text)
                assert err.rule is not None
                assert err.rule.startswith("Jolly Christmas")
    waiting = refused(claim, 1, "claim 2")
    assert waiting.reason == "seat 1 may not act now; waiting for seat 0"
    assert refused(claim, 3, "claim 2").reason == "there is no seat 3: seats are 0 to 2"


def test_claiming_or_choosing_out_of_phase_says_what_to_do_now() -> None:
    state = new(3)
    err = refused(state, 0, "place 1.1")
    assert err.reason == (
        "it is round 1's elf step: move your elf to an order card (claim <number>) before"
        " any card is placed or topper chosen"
    )
    assert err.rule == "Jolly Christmas, 1) Placing Elf Cards"
    assert refused(state, 0, "topper 1").rule == "Jolly Christmas, 1) Placing Elf Cards"
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert refused(state, 0, "topper 1").reason.startswith("every elf is placed")


# ---------------------------------------------------------------------- knowledge


def test_everything_on_the_table_is_public_views_differ_only_in_the_seat() -> None:
    """Knowledge: the order cards, elves, trees, toppers and discard pile are public."""
    state = new(4, 3)
    random_play(state, Rng(4), steps=37)
    spectator = state.view(None)
    for seat in range(4):
        assert state.view(seat) == spectator | {"seat": seat}
        assert state.events(seat) == state.events(None)


def test_the_order_of_the_stack_is_hidden() -> None:
    """Setup 3: the stack is face down: no view or event names a card still in it."""
    state = new(4, 3)
    random_play(state, Rng(4), steps=30)
    text = json.dumps([state.view(None), state.events(None)])
    assert state.deck
    for c in state.deck:
        assert DECS[c].id not in text
    assert state.view(None)["deck"] == len(state.deck)


def test_determinize_reshuffles_the_stack_and_nothing_else() -> None:
    """Knowledge: determinize re-deals the hidden stack order; all the rest is public."""
    state = new(3, 5)
    random_play(state, Rng(1), steps=20)
    changed = 0
    for i in range(10):
        det = state.determinize(1, Rng(i))
        assert sorted(det.deck) == sorted(state.deck)
        assert det.view(1) == state.view(1)
        assert det.legal_actions(0) == state.legal_actions(0)
        for name in jc.JollyChristmas.fields:
            if name != "deck":
                assert getattr(det, name) == getattr(state, name), name
        changed += det.deck != state.deck
    assert changed >= 9


def test_the_determinized_future_differs_but_stays_legal() -> None:
    """A determinization plays on to the end with the re-shuffled stack."""
    state = new(3, 5)
    random_play(state, Rng(1), steps=20)
    det = state.determinize(0, Rng(3))
    random_play(det, Rng(2))
    assert det.outcome.status == "finished"
    assert conserved(det)


def test_issue_12_one_determinize_no_longer_gives_the_whole_stack_order() -> None:
    """Issue 12, section 1 ("the shuffle can be inverted"): jolly-christmas, 3 players,
    seed 5: one ``determinize(0, Rng(99))`` gave the whole face-down stack order, since
    the true stack was shuffled with the caller's rng. Now the stack is sorted first:
    undoing the caller's shuffle gives the sorted stack, which any seat knows anyway."""
    state = new(3, 5)
    det = state.determinize(0, Rng(99))
    replay = Rng(99)
    replay.fork()  # determinize forks the caller's rng for the world's future first
    perm = list(range(len(det.deck)))
    replay.shuffle(perm)  # det.deck[i] == shuffled_from[perm[i]]
    recovered = [-1] * len(perm)
    for i, j in enumerate(perm):
        recovered[j] = det.deck[i]
    assert recovered == sorted(state.deck)
    assert recovered != state.deck
    # The same for any world seat 0 cannot tell apart: another true stack order.
    other = state.clone()
    other.deck.reverse()
    assert other.determinize(0, Rng(99)).to_json() == det.to_json()
    assert det.seed == 0 and det.record().actions == ()


def test_issue_12_determinize_is_canonical_for_every_seat_along_a_game() -> None:
    """Section 1's property: a state and any determinization of it, determinized again
    with equal rngs, give byte-equal saves."""
    state = new(4, 3)
    rng = Rng(8)
    while not state.outcome.over:
        if len(state.history) % 9 == 0:
            for seat in range(4):
                other = state.determinize(seat, Rng(rng.next64()))
                k = rng.next64()
                assert (
                    state.determinize(seat, Rng(k)).to_json()
                    == other.determinize(seat, Rng(k)).to_json()
                )
        random_play(state, rng, steps=1)


def test_issue_12_hand_built_claims_are_refused_with_what_is_allowed() -> None:
    """Issue 12, section 4: ``Claim(-5)`` raised ValueError and ``Claim(-1)`` gave a
    false message. Action objects that are not in ``action_space`` are NotationErrors
    saying so; an order card the player count does not lay out cites Setup 4."""
    state = new(3, 5)
    before = state.to_json()
    hand_built = (
        jc.Claim(-5),
        jc.Claim(-1),
        jc.Claim(99),
        jc.Claim("x"),  # type: ignore[arg-type]
        jc.Place(1, 9),
        jc.ChooseTopper(-1),
        jc.ChooseTopper(None),  # type: ignore[arg-type]
    )
    for bad in hand_built:
        assert str(bad)  # a text, never a TypeError
        with pytest.raises(NotationError) as info:
            state.apply(0, bad)
        message = str(info.value)
        assert action_fields(bad) in message  # names the object by its fields (core's)
        assert message.endswith(
            " is not an action of Jolly Christmas: an action is one of action_space(3) or"
            " its notation (for example 'claim 1', 'claim 2', 'claim 3', 'claim 4')"
        )
        with pytest.raises(NotationError):
            state.why_illegal(0, bad)
    for beyond in (jc.Claim(4), jc.Claim(5), "claim 5", "claim 6"):
        with pytest.raises(NotationError) as info:
            state.apply(0, beyond)
        assert info.value.reason == "there are only 4 order cards (1 to 4) with 3 players"
        assert info.value.rule == "Jolly Christmas, Game Setup 4"
    from yuletide.core.conformance import ForeignAction

    with pytest.raises(NotationError, match="is not an action of Jolly Christmas"):
        state.apply(0, ForeignAction())
    assert state.to_json() == before
    state.apply(0, jc.Claim(True))  # equal to Claim(1): the game's own action is used
    assert state.history[-1][1] is jc._CLAIM[1]


def test_phases_claim_place_topper_over_in_order() -> None:
    """``phases`` / ``current_phase``: claim (one seat at a time), place (simultaneous),
    topper, over; the int field ``phase`` is unchanged."""
    assert jc.JollyChristmas.phases == ("claim", "place", "topper", "over")
    state = new(3)
    assert state.current_phase == "claim"
    claim_all(state, {0: 1, 1: 2, 2: 3})
    assert state.current_phase == "place" and len(state.to_act) == 3
    play_rounds(state, 0)
    place_all(state)
    play_rounds(state, 13)
    assert state.current_phase == "topper" and state.phase == jc.TOPPER
    random_play(state, Rng(1))
    assert state.current_phase == "over"
    short = new(3, turn_limit=2)
    short.apply(0, "claim 1")
    short.apply(1, "claim 2")
    assert short.outcome.status == "unfinished" and short.current_phase == "over"


# ------------------------------------------------------------- records and whole games


def test_save_load_and_replay_mid_game_continue_identically() -> None:
    state = new(4, 11)
    random_play(state, Rng(3), steps=40)
    loaded = yuletide.load(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    random_play(state, Rng(5))
    random_play(loaded, Rng(5))
    assert loaded.to_json() == state.to_json()
    assert state.outcome.status == "finished"


def test_apply_unchecked_reaches_the_same_state_as_apply() -> None:
    state = new(5, 4)
    random_play(state, Rng(9))
    fast = new(5, 4)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    assert fast.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_conserve_every_card_and_scores_add_up(players: int) -> None:
    """Whole games: every card stays in the box; the outcome's scores are the sums of
    the breakdowns in the view; each score event matches."""
    rng = Rng(players)
    for seed in range(4):
        state = new(players, seed)
        while not state.outcome.over:
            assert conserved(state)
            random_play(state, rng, steps=1)
        assert conserved(state)
        view = state.view(None)
        assert [s["total"] for s in view["scores"]] == [int(x) for x in state.outcome.scores]
        assert all(
            sum(v for k, v in s.items() if k != "total") == s["total"] for s in view["scores"]
        )
        events = [e for e in state.events(None) if e["type"] == "score"]
        assert [e["total"] for e in events] == [s["total"] for s in view["scores"]]


# ------------------------------------------------------------------------ rendering


def test_render_draws_each_tree_as_a_pyramid_with_letters_for_colours() -> None:
    """``render(view)``: the tree as a pyramid, top row first; every colour has a letter."""
    state = example_game()
    for seat in state.topper_order:
        state.apply(seat, "topper 5" if seat == 0 else legal(state, seat)[-1])
    text = render_text(state.view(0))
    lines = text.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("seat 0 (you): 33 points")))
    assert lines[at + 1 : at + 6] == [
        "          * JC-T05: at least 3 Christmas balls of one colour (4) *",
        "                                [BAb  R.b]  [SN   L.r]",
        "                          [GI   L.r]  [BAr  L.r]  [SA  DR.y]",
        "                    [RE   L.g]  [SN  UL.g]  [BE  DL.g]  [GI  UL.g]",
        "              [RE   R.y]  [RE   L.r]  [BAr UR.b]  [BAr DL.r]  [SA   R.y]",
    ]
    assert "Game over (finished)" in text


def test_render_marks_the_free_spots_with_their_positions() -> None:
    state = arrange(new(3), trees=[{"1.1": "santa R", "1.2": "bell L"}, {}, {}])
    text = render_text(state.view(1))
    assert "  (  1.0   )  [SA   R.y]  [BE   L.r]  (  1.3   )" in text.splitlines()
    assert "(  2.1   )" in text
    empty = render_tree([[None] * 5, [None] * 4, [None] * 3, [None] * 2], None)
    assert empty[-1].strip() == "(  1.1   )"


def test_render_shows_a_seat_the_card_it_must_place() -> None:
    state = arrange(new(3), row=["santa UR", "bell L", "reindeer R", "snowflake DL"])
    claim_all(state, {0: 2, 1: 1, 2: 4})
    text = render_text(state.view(0))
    assert "Your card to place: [BE   L.r] (order card 2)" in text.splitlines()
    state.apply(0, "place 1.1")
    assert "Your card to place" not in render_text(state.view(0))
    assert "Your card to place" not in render_text(state.view(None))


def test_game_info_summary_is_the_docstring_first_line() -> None:
    info = yuletide.game_info(GAME)
    assert info["summary"] == (
        "Jolly Christmas — draft decorations with your elf and build the best Christmas tree (2-5)."
    )
    assert (info["min_players"], info["max_players"]) == (2, 5)
    assert Counter(o["name"] for o in info["options"]) == Counter(
        ["turn_limit", "topper_tiebreak", "matching_lights"]
    )


def test_outcome_details_give_the_breakdown_per_category_matching_the_view() -> None:
    """Issue: a score breakdown per category in the outcome and the view."""
    from yuletide.core.conformance import random_game

    state = random_game("jolly-christmas", 3, 4)
    details = state.outcome.details
    assert details is not None
    view = state.view(None)
    for s, parts in enumerate(details["breakdown"]):
        shown = dict(view["scores"][s])
        total = shown.pop("total")
        assert parts == shown
        assert sum(parts.values()) == total == state.outcome.scores[s]
