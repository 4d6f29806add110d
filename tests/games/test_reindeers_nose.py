"""Reindeer's Nose: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Reindeer's Nose" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--digital-forms-of-table-talk (the Reindeer's Nose and
"Every real-time game" rows), the bonus-game row for Reindeer's Nose and "Every game:
safety limits"; the readings named in reindeers_nose.py's docstring (colours-in-play,
left-is-next-seat, cards-pile-up, set-must-point, then-everyone-points,
last-is-decided).

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the box kept exactly once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.core.conformance import random_game
from yuletide.core.errors import InvalidSeat
from yuletide.games.christmas_lights.reindeers_nose import rules as rn

GAME = "reindeers-nose"
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
FORM = "ruling Reindeer's Nose: digital-form"

# ----------------------------------------------------------------------------- helpers


def scenario(
    players: int = 4,
    *,
    hands: list[str],
    waiting: list[str] | None = None,
    pointed: tuple[int, ...] = (),
    patterns: list[int] | None = None,
    seed: int = 3,
    **options: Any,
) -> Any:
    """A game with these hands (colour names) and cards waiting in front of each seat
    (oldest first); every Bulb card of the box exactly once. ``patterns`` gives how many
    Pattern cards each seat already holds (taken from the top of the pile)."""
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    n = players
    state.hands = [[h.split().count(c) for c in COLOURS[:n]] for h in hands]
    state.sizes = [len(h.split()) for h in hands]
    state.waiting = [[COLOURS.index(c) for c in w.split()] for w in (waiting or [""] * n)]
    state.known = [-1] * n
    state.pointed = list(pointed)
    for seat, count in enumerate(patterns or []):
        for _ in range(count):
            state.patterns[seat].append(state.pile.pop())
    assert conserved(state), "the scenario must hold every Bulb card exactly once"
    return state


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def legal(state: Any, seat: int) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    """The error ``apply`` raises for ``text``; the state must be left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


ROUND_4P = [
    "red red green blue",
    "green green yellow red",
    "yellow yellow blue green",
    "blue blue red yellow",
]


# ------------------------------------------------------------------------ components


@pytest.mark.parametrize("players", [4, 5, 6])
def test_components_four_bulbs_of_a_different_colour_per_player(players: int) -> None:
    """Components: "4 Bulbs of a different color per player" and "18 Pattern cards"."""
    state = yuletide.new_game(GAME, players=players, seed=1)
    bulbs = Counter(c for c in state.box() if c in COLOURS)
    assert len(bulbs) == players
    assert set(bulbs.values()) == {4}
    assert len([c for c in state.box() if c.startswith("P")]) == 18
    assert Counter(state.inventory()) == Counter(state.box())


@pytest.mark.parametrize("players", [4, 5, 6])
def test_reading_colours_in_play_are_the_first_n_colours(players: int) -> None:
    """Reading colours-in-play: "with three players, you would choose three colors, such
    as Red, Green, and Yellow": with N players, the first N of the six colours."""
    state = yuletide.new_game(GAME, players=players, seed=2)
    assert state.view(0)["colours"] == list(COLOURS[:players])
    assert {c for c in state.box() if c in COLOURS} == set(COLOURS[:players])
    assert [str(a) for a in state.action_space(players) if str(a).startswith("pass")] == [
        f"pass {c}" for c in COLOURS[:players]
    ]
    if players == 4:
        state = scenario(hands=ROUND_4P)
        err = refused(state, 0, "pass purple")  # no such action with four players
        assert isinstance(err, NotationError)
        assert "'pass purple' is not possible with 4 players" in str(err)
        assert "with 5, 6 players" in str(err)


@pytest.mark.parametrize("players", [3, 7])
def test_player_count_is_4_to_6(players: int) -> None:
    """ "4 to 6 players." """
    with pytest.raises(InvalidOption, match="reindeers-nose is for 4 to 6 players"):
        yuletide.new_game(GAME, players=players)


# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [4, 5, 6])
def test_setup_shuffle_the_bulb_cards_and_deal_four_cards_to_each_player(players: int) -> None:
    """Setup 1: "Shuffle the Bulb cards and deal four cards to each player." """
    deals = set()
    for seed in range(12):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert state.sizes == [4] * players
        assert [sum(h) for h in state.hands] == [4] * players
        assert state.waiting == [[] for _ in range(players)]
        deals.add(str(state.hands))
        assert state.events(None)[0] == {"type": "deal", "round": 1, "cards_each": 4}
    assert len(deals) == 12


def test_setup_pattern_cards_shuffled_face_up_in_a_pile() -> None:
    """Setup 2: "Shuffle the Pattern cards and place them face-up in a pile": the top
    card is public, the order differs between seeds."""
    tops = set()
    for seed in range(10):
        state = yuletide.new_game(GAME, players=4, seed=seed)
        view = state.view(None)
        assert view["pattern_pile"] == 18
        assert view["next_pattern"] == rn.PATTERN_IDS[state.pile[-1]]
        tops.add(view["next_pattern"])
    assert len(tops) > 3


# ---------------------------------------------------------------------- how to play


def test_everyone_may_act_at_once_passing_to_the_player_on_their_left() -> None:
    """How to Play: "At the same time, all players place an unwanted card from their hand
    face-down in front of the player to their left." Every seat may pass at once; a pass
    puts the card in front of the next seat (reading left-is-next-seat)."""
    state = scenario(hands=ROUND_4P)
    assert state.to_act == frozenset({0, 1, 2, 3})
    assert legal(state, 0) == ["pass blue", "pass green", "pass red"]
    state.apply(0, "pass green")
    assert state.waiting[1] == [COLOURS.index("green")]
    assert state.sizes[0] == 3
    state.apply(3, "pass yellow")  # the last seat passes to seat 0
    assert state.waiting[0] == [COLOURS.index("yellow")]
    assert conserved(state)


def test_a_pass_is_face_down_others_see_only_that_a_card_waits() -> None:
    """How to Play: the card is placed "face-down": the receiver and everyone else see a
    card waiting, not which; the passer remembers it (view "passed"); a replay shows other
    seats "pass a card" (action_seen_by)."""
    state = scenario(hands=ROUND_4P)
    action = state.parse_action("pass green")
    assert state.action_seen_by(0, action, 0) == "pass green"
    for viewer in (1, 2, 3, None):
        assert state.action_seen_by(0, action, viewer) == "pass a card"
    state.apply(0, action)
    assert state.view(0)["passed"] == ["green"]
    for viewer in (1, 2, 3, None):
        view = state.view(viewer)
        assert view["waiting"] == [0, 1, 0, 0]
        assert view["passed"] in ([], None)
        assert "green" not in str(view["hand_sizes"])
    assert state.view(1)["hand"] == ["red", "green", "green", "yellow"]  # not yet picked up
    # Passes are not logged: each seat's log still holds only its deal.
    assert [e["type"] for e in state.events(1)] == [e["type"] for e in state.events(2)] == ["deal"]


def test_then_they_take_the_card_placed_in_front_of_them_by_the_person_to_their_right() -> None:
    """How to Play: "Then they take the card placed in front of them by the person to
    their right." """
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    state.apply(1, "pass yellow")
    assert legal(state, 1) == ["pick up"]
    state.apply(1, "pick up")
    assert state.view(1)["hand"] == ["red", "green", "green", "green"]
    assert state.waiting[1] == []
    assert state.sizes[1] == 4
    # What seat 0 remembers: its left neighbour now holds the green it passed.
    assert state.view(0)["left_holds"] == "green"
    assert state.view(0)["passed"] == []


def test_you_must_pass_a_card_before_picking_up_the_card_given_to_you() -> None:
    """How to Play: "You must pass a card before picking up the card given to you." A
    seat holding four cards may not pick up, even with a card waiting for it."""
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    assert "pick up" not in legal(state, 1)
    err = refused(state, 1, "pick up")
    assert err.reason == (
        "you may pick up only while holding three cards: pass a card first (you cannot"
        " have more than four)"
    )
    assert err.rule == FORM + ": pick up only while holding 3"


def test_you_cannot_have_more_than_four_cards_at_once() -> None:
    """How to Play: "You cannot have more than four cards at once." Over whole random
    games, no hand ever holds more than four cards or fewer than three."""
    sizes: set[int] = set()

    def look(state: Any) -> None:
        sizes.update(state.sizes)
        assert all(sum(h) == n for h, n in zip(state.hands, state.sizes, strict=True))

    for seed in range(3):
        random_game(GAME, 4, seed, on_step=look)
    assert sizes == {3, 4}


def test_ruling_pass_only_while_holding_four_cards() -> None:
    """Ruling Reindeer's Nose: digital-form: "you may pass only while holding 4 cards"."""
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    assert legal(state, 0) == []
    assert 0 not in state.to_act  # three cards and nothing waiting: nothing to do
    state.apply(3, "pass red")
    assert legal(state, 0) == ["pick up"]
    err = refused(state, 0, "pass red")
    assert err.reason == (
        "you may pass only while holding four cards: pick up the card passed to you first"
    )
    assert err.rule == FORM + ": pass only while holding 4"


def test_ruling_pick_up_only_while_holding_three_cards_and_a_card_waits() -> None:
    """Ruling Reindeer's Nose: digital-form: "pick up only while holding 3" — and only a card that
    is there to take."""
    state = scenario(hands=ROUND_4P)
    state.apply(1, "pass red")
    assert 1 not in state.to_act
    assert state.legal_actions(1) == []
    err = refused(state, 1, "pick up")
    assert err.reason == "seat 1 may not act now; waiting for seat 0, 2, 3"


def test_a_card_you_do_not_hold_cannot_be_passed() -> None:
    """How to Play: you pass a card "from their hand"."""
    state = scenario(hands=ROUND_4P)
    err = refused(state, 0, "pass yellow")
    assert err.reason == "you hold no yellow card"
    assert err.rule == "Reindeer's Nose, How to Play"


def test_reading_cards_pile_up_and_are_picked_up_in_the_order_passed() -> None:
    """Reading cards-pile-up: a slow neighbour never blocks a pass; the cards wait in
    front of them and are picked up oldest first."""
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    state.apply(3, "pass yellow")
    state.apply(0, "pick up")
    state.apply(0, "pass yellow")  # seat 1 has not picked up the green yet
    assert state.waiting[1] == [COLOURS.index("green"), COLOURS.index("yellow")]
    assert state.view(0)["passed"] == ["green", "yellow"]
    assert state.view(2)["waiting"][1] == 2
    state.apply(1, "pass red")
    state.apply(1, "pick up")
    assert state.view(1)["hand"] == ["green", "green", "green", "yellow"]
    assert state.waiting[1] == [COLOURS.index("yellow")]


def test_reading_cards_pile_up_who_may_act_never_depends_on_a_hidden_hand() -> None:
    """Reading cards-pile-up: a seat with four cards may always act (pass, or point with
    a set) and one with three may act exactly when a card waits for it: ``to_act`` shows
    nothing of anyone's hand."""
    with_set = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue yellow green",
        ],
        waiting=["", "", "", "blue"],
    )
    without = scenario(
        hands=[
            "red red red blue",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue yellow green",
        ],
        waiting=["", "", "", "red"],
    )
    assert with_set.to_act == without.to_act == frozenset({0, 1, 2, 3})


def test_reading_set_must_point_four_matching_bulbs_point_to_your_nose() -> None:
    """How to Play: "Continue to pass and accept cards until you get four matching bulbs
    in your hand. Once you have a set of four, silently point your finger to your nose."
    (Reading set-must-point: pointing is then the only action.)"""
    state = scenario(
        hands=[
            "red red red green",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["red", "", "", ""],
    )
    state.apply(0, "pass green")
    state.apply(0, "pick up")
    assert state.view(0)["hand"] == ["red", "red", "red", "red"]
    assert legal(state, 0) == ["point"]
    err = refused(state, 0, "pass red")
    assert err.reason == "you hold four matching bulbs: point to your nose (point)"
    assert (
        err.rule == "Reindeer's Nose, How to Play: once you have a set of four, point to your nose"
    )
    events = state.apply(0, "point")
    assert events == [{"type": "point", "seat": 0, "order": 1}]
    assert state.pointed == [0]


def test_ruling_pointing_first_without_a_set_is_not_allowed() -> None:
    """Ruling Reindeer's Nose: digital-form: "Pointing first without a set is not allowed." """
    state = scenario(hands=ROUND_4P)
    for seat in range(4):
        assert "point" not in legal(state, seat)
        err = refused(state, seat, "point")
        assert err.reason == "you may point first only with four matching bulbs in your hand"
        assert err.rule == FORM + ": pointing first without a set is not allowed"


def test_reading_then_everyone_points_all_the_other_players_must_then_point() -> None:
    """How to Play: "All the other players must then point their fingers to their noses."
    Ruling Reindeer's Nose: digital-form: "once anyone has pointed, everyone may point" (reading
    then-everyone-points: it is then the only action; passing and picking up stop)."""
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
    )
    state.apply(0, "point")
    assert state.to_act == frozenset({1, 2, 3})
    for seat in (1, 2, 3):
        assert legal(state, seat) == ["point"]
    err = refused(state, 1, "pass green")
    assert (
        err.reason
        == "seat 0 has pointed to their nose: all the other players must now point (point)"
    )
    assert err.rule == "Reindeer's Nose, How to Play: all the other players must then point"
    err = refused(state, 3, "pick up")
    assert "must now point" in err.reason
    assert state.view(2)["pointed"] == [0]


def test_the_player_who_is_last_to_point_receives_a_pattern_card() -> None:
    """How to Play: "The player who is last to point to their nose receives a Pattern
    card." (Reading last-is-decided: the round ends when all but one have pointed; the
    set is then shown.)"""
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
    )
    top = state.pile[-1]
    state.apply(0, "point")
    state.apply(2, "point")
    events = state.apply(1, "point")
    assert events[:3] == [
        {"type": "point", "seat": 1, "order": 3},
        {"type": "round_end", "last": 3, "set_holder": 0, "set": "red"},
        {
            "type": "pattern_card",
            "seat": 3,
            "card": rn.PATTERN_IDS[top],
            "held": 1,
            "next_pattern": rn.PATTERN_IDS[state.pile[-1]],  # the new top, face-up
        },
    ]
    assert state.patterns[3] == [top]
    assert state.view(None)["patterns"][3] == [rn.PATTERN_IDS[top]]
    assert len(state.pile) == 17


def test_every_real_time_game_only_the_order_of_actions_decides_who_is_last() -> None:
    """docs/rulings.md#every-real-time-game-speed: "The engine sees only the order of actions": the
    same points in another order give the Pattern card to another player."""
    hands = [
        "red red red red",
        "green green yellow blue",
        "yellow yellow blue green",
        "blue blue yellow",
    ]
    for order, last in (((0, 1, 2), 3), ((0, 3, 1), 2), ((0, 2, 3), 1)):
        state = scenario(hands=hands, waiting=["", "", "", "green"])
        for seat in order:
            state.apply(seat, "point")
        assert [len(p) for p in state.patterns] == [int(s == last) for s in range(4)]


def test_ruling_the_set_holder_points_first_and_is_never_last() -> None:
    """Ruling Reindeer's Nose: last-to-point: "The last player to point, whoever it is. The
    set-holder cannot be last, because they point first." """
    for seed in range(5):
        state = random_game(GAME, 4, seed)
        ends = [e for e in state.events(None) if e["type"] == "round_end"]
        assert ends
        for end in ends:
            assert end["last"] != end["set_holder"]


def test_shuffle_all_the_bulb_cards_deal_them_out_and_repeat() -> None:
    """How to Play: "Shuffle all the Bulb cards, deal them out, and repeat!" Every Bulb
    card, also those waiting in front of a player, is shuffled and dealt again."""
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
    )
    state.apply(0, "point")
    state.apply(1, "point")
    state.apply(2, "point")
    assert state.round == 2
    assert state.sizes == [4, 4, 4, 4]
    assert state.waiting == [[], [], [], []]
    assert state.pointed == []
    assert state.to_act == frozenset({0, 1, 2, 3})
    assert [len(p) for p in state.patterns] == [0, 0, 0, 1]
    assert state.events(None)[-1] == {"type": "deal", "round": 2, "cards_each": 4}
    assert conserved(state)


def test_game_end_a_third_pattern_card_eliminates_and_everyone_else_wins() -> None:
    """Game End / Winning: "When a player receives their third Pattern card, they are
    eliminated from the game and all other players are the winners!" """
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
        patterns=[0, 2, 2, 1],
    )
    state.apply(0, "point")
    state.apply(3, "point")
    assert not state.outcome.over  # seat 2 also has two Pattern cards
    events = state.apply(2, "point")
    assert events[-1] == {"type": "eliminated", "seat": 1}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0, 2, 3)
    assert outcome.ranks == (1, 4, 1, 1)
    assert outcome.reason == (
        "seat 1 received a third Pattern card and is eliminated; everyone else wins"
    )
    assert state.to_act == frozenset()
    err = refused(state, 0, "pass red")
    assert "the game is over" in err.reason


def test_ruling_time_limit_forces_a_point_for_anyone_still_not_pointing() -> None:
    """Ruling Reindeer's Nose: digital-form: "a server time limit marks anyone still not pointing as
    last": once anyone has pointed, ``forced_action`` is the point the table makes for a
    seat whose time runs out (the runner applies it; see tests/test_realtime.py)."""
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
    )
    assert [state.forced_action(s) for s in range(4)] == [None] * 4
    state.apply(0, "point")
    assert state.forced_action(0) is None
    assert [str(state.forced_action(s)) for s in (1, 2, 3)] == ["point"] * 3
    state.apply(1, "point")
    assert state.forced_action(1) is None


# ------------------------------------------------------------ limits, options, notation


def test_ruling_turn_limit_counts_actions_and_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: the ``turn_limit`` option (actions, in a real-time
    game) ends the game unfinished, with no winner."""
    state = yuletide.new_game(GAME, players=4, seed=1, turn_limit=5)
    rng = Rng(2)
    for _ in range(5):
        seat = sorted(state.to_act)[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    assert state.actions == 5
    assert state.outcome.status == "unfinished"
    assert state.outcome.winners == ()
    assert state.outcome.reason == "turn limit of 5 actions reached"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(4))
    assert yuletide.new_game(GAME, players=4).turn_limit == 20000


@pytest.mark.parametrize("value", [0, -3, "many", 2.5])
def test_turn_limit_option_must_be_a_whole_number_at_least_1(value: Any) -> None:
    with pytest.raises(
        InvalidOption, match="option 'turn_limit' must be a whole number from 1 to 60000"
    ):
        yuletide.new_game(GAME, players=4, turn_limit=value)


def test_notation_round_trips_and_errors_list_the_forms() -> None:
    state = yuletide.new_game(GAME, players=6, seed=1)
    for action in state.action_space(6):
        assert state.parse_action(str(action)) == action
    assert state.parse_action("  PASS   Red ") == state.parse_action("pass red")
    with pytest.raises(NotationError) as info:
        state.apply(0, "pass the salt")
    assert "'pass the salt' is not a Reindeer's Nose action" in str(info.value)
    assert "pass <colour> | pick up | point" in str(info.value)
    assert [str(a) for a in state.action_space(4)] == [
        "pass red",
        "pass green",
        "pass yellow",
        "pass blue",
        "pick up",
        "point",
    ]


def test_illegal_actions_leave_the_state_unchanged_along_random_games() -> None:
    """Every refused action, at every step of a random game, changes nothing."""
    state = yuletide.new_game(GAME, players=5, seed=4)
    rng = Rng(9)
    space = state.action_space(5)
    for _ in range(150):
        for seat in range(5):
            legal_now = state.legal_actions(seat)
            for action in space:
                if action not in legal_now:
                    refused(state, seat, str(action))
        seat = sorted(state.to_act)[rng.below(len(state.to_act))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


# ------------------------------------------------------------------------ knowledge


def test_view_shows_your_hand_and_what_you_remember_and_nothing_hidden() -> None:
    """Knowledge: your own hand; everyone's hand size and waiting cards; the card you
    passed while it waits and the card your left neighbour took from you until they pass
    one on. A spectator sees no hand."""
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    state.apply(1, "pass yellow")
    state.apply(1, "pick up")
    view = state.view(0)
    assert view["hand"] == ["red", "red", "blue"]
    assert view["left_holds"] == "green"
    assert view["hand_sizes"] == [3, 4, 4, 4]
    assert state.view(None)["hand"] is None
    assert state.view(None)["left_holds"] is None
    state.apply(1, "pass red")  # seat 1 passes a card on: the green may be gone
    assert state.view(0)["left_holds"] is None


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    """determinize: the seat's own hand, the cards it passed, the card its neighbour
    took from it and, after the first point, a set in the set-holder's hand are kept;
    every other Bulb card is re-dealt (sizes and waiting piles keep their sizes)."""
    state = scenario(
        players=5,
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue purple purple",
            "purple purple yellow",
        ],
        waiting=["blue", "", "", "", "green"],
    )
    state.known[0] = COLOURS.index("yellow")  # seat 1 took a yellow from seat 0
    changed = 0
    for i in range(30):
        det = state.determinize(4, Rng(i))
        assert det.hands[4] == state.hands[4]
        assert det.waiting[0] == state.waiting[0]  # seat 4 passed it
        assert [len(w) for w in det.waiting] == [len(w) for w in state.waiting]
        assert det.sizes == state.sizes
        assert det.view(4) == state.view(4)
        assert conserved(det)
        changed += det.hands != state.hands
    assert changed > 20
    state.apply(0, "point")
    for i in range(30):
        det = state.determinize(1, Rng(i))
        assert 4 in det.hands[0]  # the set-holder still holds four matching bulbs
        assert det.hands[1] == state.hands[1]
        det0 = state.determinize(0, Rng(i))
        assert det0.hands[1][COLOURS.index("yellow")] >= 1  # seat 0 knows seat 1 holds it


# ------------------------------------------- issue 12: determinize, events, hostile input


def same_determinizations(a: Any, b: Any, seat: int) -> None:
    """``a`` and ``b`` look the same to ``seat`` and give byte-equal determinizations."""
    assert conformance.observation(a, seat) == conformance.observation(b, seat)
    for k in range(6):
        assert a.determinize(seat, Rng(k)).to_json() == b.determinize(seat, Rng(k)).to_json()


def test_finding_pick_up_tells_the_picking_seat_the_card_it_took() -> None:
    """Issue 12, section 2 (reindeers-nose): "``pick up`` gives the picking seat no event
    at all, though its hand changes". A pick-up is now an event: the picker (and the
    passer, who knows the card) see the card, everyone else only the pick-up."""
    state = scenario(hands=ROUND_4P)
    state.apply(0, "pass green")
    state.apply(1, "pass yellow")
    events = state.apply(1, "pick up")
    assert events == [{"type": "pick_up", "seat": 1, "card": "green"}]
    assert state.events(0)[-1] == {"type": "pick_up", "seat": 1, "card": "green"}
    for viewer in (2, 3, None):
        assert state.events(viewer)[-1] == {"type": "pick_up", "seat": 1}
    # The section-2 property: in the worlds seat 1 cannot tell from this one (the card
    # waiting for it re-dealt), equal events after the pick-up mean equal observations.
    before = scenario(hands=ROUND_4P)
    before.apply(0, "pass green")
    before.apply(1, "pass yellow")
    tried = 0
    for i in range(12):
        other = before.determinize(1, Rng(i))
        tried += conformance.check_learns_only_by_events(before, other, 1, Rng(i))
    assert tried


def test_a_new_deal_shows_each_seat_its_own_four_cards() -> None:
    """Issue 12, section 2: the hands dealt for a new round appear in each seat's view,
    so the deal event shows each seat its own cards (the table sees only the deal)."""
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
    )
    for seat in (0, 1, 2):
        state.apply(seat, "point")
    for seat in range(4):
        assert state.events(seat)[-1] == {
            "type": "deal",
            "round": 2,
            "cards_each": 4,
            "your_hand": state.view(seat)["hand"],
        }
    assert state.events(None)[-1] == {"type": "deal", "round": 2, "cards_each": 4}


def test_finding_determinize_resamples_what_other_seats_know_and_the_pattern_pile() -> None:
    """Issue 12, section 1: a determinization depends only on what the seat knows. Two
    worlds seat 0 cannot tell apart — seat 2 passed seat 3 a green or a blue, which seat
    3 picked up (so seat 2 knows seat 3 holds it), and the Pattern pile under its top
    card lies in another order — give byte-equal determinizations. The knowledge of
    seat 2 is re-sampled and stays true: seat 3's re-dealt hand holds the card seat 2
    knows of."""
    worlds = []
    for passed in ("green", "blue"):
        state = scenario(hands=ROUND_4P)
        state.apply(2, f"pass {passed}")
        state.apply(3, "pass red")
        state.apply(3, "pick up")
        state.apply(0, "pass blue")  # seat 0 knows the blue it passed waits for seat 1
        worlds.append(state)
    a, b = worlds
    assert a.known[2] != b.known[2]
    b.pile[:-1] = b.pile[-2::-1]
    same_determinizations(a, b, 0)
    known = set()
    for i in range(30):
        det = a.determinize(0, Rng(i))
        assert det.hands[3][det.known[2]] >= 1  # true in the re-dealt world
        assert det.waiting[1] == a.waiting[1]  # what seat 0 passed
        assert det.pile[-1] == a.pile[-1]  # the face-up top card
        known.add(det.known[2])
    assert len(known) > 1


def test_finding_a_determinize_that_kept_another_seats_knowledge_is_caught() -> None:
    """The canonical-determinize property fails when the other seats' knowledge is
    copied from the truth (the "another seat's knowledge survives" class of issue 12)."""
    real = rn.ReindeersNose._redeal

    def leaky(self: Any, seat: int, rng: Rng) -> None:
        truth = self.known.copy()
        real(self, seat, rng)
        self.known = truth

    worlds = []
    for passed in ("green", "blue"):
        state = scenario(hands=ROUND_4P)
        state.apply(2, f"pass {passed}")
        state.apply(3, "pass red")
        state.apply(3, "pick up")
        worlds.append(state)
    rn.ReindeersNose._redeal = leaky  # type: ignore[method-assign]
    try:
        with pytest.raises(conformance.ConformanceError, match=r"first at state\.known\[2\]"):
            conformance.check_canonical(worlds[0], 0, worlds[1], 3)
    finally:
        rn.ReindeersNose._redeal = real  # type: ignore[method-assign]
    conformance.check_canonical(worlds[0], 0, worlds[1], 3)


def test_determinize_is_canonical_along_random_games_in_every_phase() -> None:
    """Issue 12, section 1, along random games: any determinization T of a state S gives,
    determinized again with the same rng, the same full state as S does (sampled states,
    every state once someone has pointed)."""
    for players, seed in ((4, 24), (6, 13)):  # short random games
        phases: set[str] = set()

        def probe(state: Any, phases: set[str] = phases) -> None:
            phase = state.current_phase
            if len(state.history) % 97 and phase == "passing":
                return
            phases.add(phase)
            if state.outcome.over:
                return
            for seat in range(state.players):
                other = state.determinize(seat, Rng(len(state.history)))
                conformance.check_canonical(state, seat, other, 5)

        random_game(GAME, players, seed, on_step=probe)
        assert phases == set(rn.ReindeersNose.phases)


def test_phases_passing_pointing_over() -> None:
    """Issue 12: the phases: the race of passes (cards in flight), pointing (a set nobody
    else has seen), and the end."""
    assert rn.ReindeersNose.phases == ("passing", "pointing", "over")
    state = scenario(
        hands=[
            "red red red red",
            "green green yellow blue",
            "yellow yellow blue green",
            "blue blue yellow",
        ],
        waiting=["", "", "", "green"],
        patterns=[0, 2, 0, 0],
    )
    assert state.current_phase == "passing"
    state.apply(0, "point")
    assert state.current_phase == "pointing"
    state.apply(2, "point")
    state.apply(3, "point")
    assert state.current_phase == "over"


def test_finding_legal_actions_of_a_seat_that_does_not_exist_are_refused() -> None:
    """Issue 12, section 4: ``legal_actions(-1)`` returned seat n-1's actions (which spell
    out its hidden hand) and ``legal_actions(4)`` raised IndexError; both are an
    InvalidSeat naming the seats, in every per-seat function."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    before = state.to_json()
    for seat in (-1, 4):
        with pytest.raises(InvalidSeat, match=f"there is no seat {seat}: seats are 0 to 3"):
            state.legal_actions(seat)
        with pytest.raises(InvalidSeat, match=f"there is no seat {seat}: seats are 0 to 3"):
            state.view(seat)
    assert state.to_json() == before


def test_finding_another_games_action_is_refused_by_name_not_an_assertion_error() -> None:
    """Issue 12, section 4: another game's action raised an empty AssertionError in
    ``why_illegal``; it is now a NotationError that names the game and its actions."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    before = state.to_json()
    foreign = yuletide.new_game("lights-on", seed=1).legal_actions(0)[0]
    for call in (lambda: state.apply(0, foreign), lambda: state.why_illegal(0, foreign)):
        with pytest.raises(NotationError, match="is not an action of Reindeer's Nose"):
            call()
    with pytest.raises(NotationError, match="action_space"):
        state.apply(0, rn.Pass(9))
    assert state.to_json() == before


def test_a_pattern_card_handed_out_turns_up_the_next_one_for_everyone_to_see() -> None:
    """Issue 12, section 2 (found by the leak proof): the Pattern pile is face-up, so when
    its top card is handed out the next one shows; the pattern event says which (the
    view's ``next_pattern`` used to change with no event, the order under the top being
    hidden)."""
    hands = ["red red red red", "green green yellow blue", "yellow yellow blue green"]
    before = scenario(hands=[*hands, "blue blue yellow"], waiting=["", "", "", "green"])
    before.apply(0, "point")
    before.apply(1, "point")
    tried = 0
    for i in range(12):
        for seat in (None, 3):
            other = before.determinize(3 if seat is None else seat, Rng(i))
            tried += conformance.check_learns_only_by_events(before, other, seat, Rng(i))
    assert tried
    events = before.apply(2, "point")
    assert events[-2]["next_pattern"] == before.view(None)["next_pattern"]
