"""Jingle Bell Run: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Jingle Bell Run" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--bonus-games (the two Jingle Bell Run rows) and "Every
game: safety limits"; the readings named in jingle_bell_run.py's docstring.

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the box (61 Bulb cards, 18 Pattern cards) kept
exactly once.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.games.christmas_lights.jingle_bell_run import box as jb
from yuletide.games.christmas_lights.jingle_bell_run.box import (
    ACTION,
    BROKEN,
    BUBBLE,
    CORNER,
    DISCARD,
    OFF,
    PLUG,
    PLUG_FIRST,
    PLUG_SECOND,
    STEAL,
    TAKE,
)
from yuletide.games.christmas_lights.jingle_bell_run.rules import JingleBellRun
from yuletide.games.christmas_lights.jingle_bell_run.text import render as render_text

GAME = "jingle-bell-run"
BULBS = {
    "red": 7,
    "green": 7,
    "yellow": 7,
    "blue": 7,
    "purple": 7,
    "pink": 7,
    "bubble": 6,
    "broken": 5,
    "plug": 8,
}
KIND = {name: i for i, name in enumerate(jb.KIND_NAME)}
PID = {pid: i for i, pid in enumerate(jb.PATTERN_IDS)}
CELL = {jb.cell_name(c): c for c in range(jb.CELLS)}
#: P01 red pink green blue yellow (no purple); P02 blue yellow purple green pink (no red).
P01_PAY = "red pink green blue yellow"

# ----------------------------------------------------------------------------- helpers


def kinds(cards: str) -> list[int]:
    return [KIND[name] for name in cards.split()]


def scenario(
    players: int = 3,
    *,
    hands: list[str],
    market: str = "red green yellow blue purple",
    discard: str = "",
    deck: str | None = None,
    rest: str | int = "deck",
    grid: dict[str, str] | None = None,
    start: list[str] | None = None,
    where: list[str | None] | None = None,
    turn: int = 0,
    step: int = ACTION,
    turns: int = 0,
    seed: int = 5,
    **options: Any,
) -> Any:
    """A game in the situation given, every card of the box exactly once.

    ``hands`` per seat, ``market``, ``discard`` and ``deck`` (top card last) are card
    names; cards not named go to ``rest`` ("deck" under the named deck, "discard", or a
    seat). ``grid`` places Pattern cards by cell (the others fill the rest in id order);
    ``start`` gives the corners, ``where`` the characters' cards (None: beside the
    corner). Nothing is known of any hand.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    hand_ids = [kinds(h) for h in hands]
    market_ids = kinds(market)
    discard_ids = kinds(discard)
    deck_ids = kinds(deck) if deck is not None else []
    named = [k for h in hand_ids for k in h] + market_ids + discard_ids + deck_ids
    left = Counter({KIND[n]: c for n, c in BULBS.items()})
    left.subtract(Counter(named))
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    leftovers = sorted(left.elements(), reverse=True)
    if rest == "deck":
        deck_ids = leftovers + deck_ids
    elif rest == "discard":
        discard_ids = leftovers + discard_ids
    else:
        assert isinstance(rest, int)
        hand_ids[rest] += leftovers
    state.hands = [0] * (players * jb.N_KINDS)
    for s, h in enumerate(hand_ids):
        for k in h:
            state.hands[s * jb.N_KINDS + k] += 1
    state.public = [0] * (players * jb.N_KINDS)
    state.private = [0] * (players * players * jb.N_KINDS)
    state.market = market_ids
    state.deck = deck_ids
    state.discard = discard_ids
    placed = {CELL[c]: PID[p] for c, p in (grid or {}).items()}
    spare = [p for p in range(jb.N_PATTERNS) if p not in placed.values()]
    state.grid = [placed[c] if c in placed else spare.pop(0) for c in range(jb.CELLS)]
    state.boxed = spare
    corners = start or ["a1", "d1", "a4", "d4", "a1", "d1"][:players]
    state.start = [CELL[c] for c in corners]
    state.where = [OFF if w is None else CELL[w] for w in (where or [None] * players)]
    state.turn = turn
    state.step = step
    state.taken = 0
    state.first = -1
    state.turns = turns
    state.winner = -1
    assert sorted(state.inventory()) == sorted(state.box())
    return state


def legal(state: Any, seat: int | None = None) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(state.turn if seat is None else seat))


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    """The error ``apply`` raises for ``text``; the state must be left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def hand(state: Any, seat: int) -> list[str]:
    b = seat * jb.N_KINDS
    return [jb.KIND_NAME[k] for k in range(jb.N_KINDS) for _ in range(state.hands[b + k])]


def random_play(state: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        seat = state.turn
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


# ------------------------------------------------------------------ components, setup


def test_components_18_patterns_and_all_61_bulb_cards() -> None:
    """Components: "18 Pattern cards; 7 each of Red, Green, Yellow, Blue, Purple, Pink
    Bulbs; 6 Bubble Bulbs; 5 Broken Bulbs; 8 Plugs; 1 Character card per player"."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    box = Counter(state.box())
    assert {k: box[k] for k in BULBS} == BULBS
    assert sorted(k for k in box if k.startswith("P")) == sorted(jb.PATTERN_IDS)
    assert len(state.box()) == 61 + 18
    assert state.view(0)["characters"] == [
        "santa",
        "mrs-claus",
        "elf-male",
        "elf-female",
    ]


def test_reading_characters_by_seat() -> None:
    """Reading characters-by-seat: "seat s gets the s-th character of the box"."""
    state = yuletide.new_game(GAME, players=6, seed=1)
    assert state.view(None)["characters"] == list(jb.CONTENT.characters)


def test_setup_1_sixteen_pattern_cards_face_up_in_a_4x4_grid_two_back_in_the_box() -> None:
    """Setup 1: "Shuffle the Pattern cards and place 16 cards face-up in a 4 x 4 grid.
    Return the other Pattern cards to the box." """
    grids = set()
    for seed in range(10):
        state = yuletide.new_game(GAME, players=2, seed=seed)
        assert len(state.grid) == 16
        assert len(set(state.grid)) == 16
        assert len(state.boxed) == 2
        assert set(state.grid) | set(state.boxed) == set(range(18))
        assert state.view(None)["grid"] == [jb.PATTERN_IDS[p] for p in state.grid]
        dealt = {"type": "grid", "cards": state.view(None)["grid"]}
        assert state.events(None)[0] == dealt
        state.grid.reverse()  # as if Plugs had swapped cards: the deal event keeps the deal
        assert state.events(None)[0] == dealt
        grids.add(tuple(state.grid))
    assert len(grids) == 10


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_2_3_4_deck_of_every_bulb_card_five_each_and_a_market_of_five(
    players: int,
) -> None:
    """Setup 2-4: "Shuffle all of the Bulb cards together, including Plugs ... Deal five
    cards from the Bulb deck to each player. Reveal five cards from the Bulb deck in the
    middle of the table to form the Market." """
    plugs = 0
    for seed in range(20):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert [state.hand_size(s) for s in range(players)] == [5] * players
        assert len(state.market) == 5
        assert state.market.count(BUBBLE) < 3
        plugs += sum(state.hands[s * jb.N_KINDS + PLUG] for s in range(players))
        assert conserved(state)
        assert state.view(None)["market"] == [jb.KIND_NAME[k] for k in state.market]
    assert plugs > 0


def test_setup_5_characters_beside_the_corners_seat_0_first() -> None:
    """Setup 5: "Claim a Character card and place it next to any corner of the Pattern
    grid." Each player in turn, from seat 0, chooses a corner (``start <corner>``)."""
    state = yuletide.new_game(GAME, players=3, seed=1)
    assert state.step == CORNER
    assert state.to_act == frozenset({0})
    assert legal(state) == ["start a1", "start a4", "start d1", "start d4"]
    for text in ("take", "move a1", "steal"):
        err = refused(state, 0, text)
        assert err.reason == (
            "first place your character beside a corner of the grid (start <corner>)"
        )
        assert err.rule == "Jingle Bell Run, Setup 5"
    assert state.apply(0, "start d4") == [{"type": "start", "seat": 0, "corner": "d4"}]
    assert state.turn == 1
    assert legal(state) == ["start a1", "start a4", "start d1"]
    err = refused(state, 1, "start d4")
    assert err.reason == "the corner d4 is taken: with 3 players every character has its own corner"
    state.apply(1, "start a1")
    state.apply(2, "start a4")
    assert state.step == ACTION
    assert state.turn == 0
    assert state.turns == 0
    view = state.view(None)
    assert view["start"] == ["d4", "a1", "a4"]
    assert view["at"] == [None, None, None]


def test_setup_5_two_characters_share_a_corner_only_with_more_than_4_players() -> None:
    """Setup 5: "Two characters can start on the same corner if there are more than 4
    players." (With 4 or fewer every character has its own corner; never three.)"""
    state = yuletide.new_game(GAME, players=4, seed=1)
    for seat, corner in enumerate(("a1", "d1", "a4")):
        state.apply(seat, f"start {corner}")
    assert legal(state) == ["start d4"]
    state = yuletide.new_game(GAME, players=6, seed=1)
    state.apply(0, "start a1")
    assert "start a1" in legal(state)
    state.apply(1, "start a1")
    assert "start a1" not in legal(state)
    err = refused(state, 2, "start a1")
    assert err.reason == (
        "the corner a1 is taken: with 6 players at most two characters share a corner"
    )


def test_setup_6_the_youngest_seat_0_takes_the_first_turn_then_clockwise() -> None:
    """Setup 6: "The youngest player takes the first turn, and play continues
    clockwise." """
    state = scenario(hands=["red", "green", "blue"], market="red green yellow blue pink")
    order = []
    for _ in range(6):
        seat = state.turn
        order.append(seat)
        while state.turn == seat:
            state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert state.turns == 6
    err = refused(state, 2, "take")
    assert err.reason == "seat 2 may not act now; waiting for seat 0"
    assert err.rule == "Jingle Bell Run: turn order"


def test_example_upper_left_start_finishes_on_the_bottom_right_corner_card() -> None:
    """How to Play: "Your goal is to move your Character card to the corner directly
    opposite where you start. For example, if you enter the race in the upper left
    corner, your finish line is the bottom right corner card." """
    state = yuletide.new_game(GAME, players=4, seed=3)
    for seat, corner in enumerate(("a1", "d1", "a4", "d4")):
        state.apply(seat, f"start {corner}")
    finishes = state.view(None)["finish"]
    assert finishes == ["d4", "a4", "d1", "a1"]


# -------------------------------------------------------------------- the take action


def test_take_two_cards_other_than_bubble_bulbs_from_the_market() -> None:
    """Take: "Take one Bubble Bulb or any two other cards from the Market." """
    state = scenario(hands=["red", "green", "blue"], market="red green yellow blue pink")
    assert legal(state) == ["take"]
    state.apply(0, "take")
    assert state.step == TAKE
    assert legal(state) == sorted(
        ["take red", "take green", "take yellow", "take blue", "take pink", "draw"]
    )
    state.apply(0, "take pink")
    assert state.turn == 0
    assert state.view(1)["taken"] == 1
    state.apply(0, "take yellow")
    assert hand(state, 0) == ["red", "yellow", "pink"]
    assert state.turn == 1
    assert conserved(state)


def test_take_one_bubble_bulb_from_the_market_ends_the_take() -> None:
    """Take: "Take one Bubble Bulb" - ruling Jingle Bell Run: take-two: "Taking a Bubble Bulb from
    the Market ends the take." """
    state = scenario(hands=["red", "green", "blue"], market="bubble green yellow blue pink")
    state.apply(0, "take")
    events = state.apply(0, "take bubble")
    assert events[0] == {"type": "take", "seat": 0, "card": "bubble"}
    assert hand(state, 0) == ["red", "bubble"]
    assert state.turn == 1


def test_reading_market_bubble_alone_not_as_the_second_card() -> None:
    """Reading market-bubble-alone: "a Bubble Bulb may be taken from the Market only as
    the first card of a take"."""
    state = scenario(hands=["red", "green", "blue"], market="bubble green yellow blue pink")
    state.apply(0, "take")
    state.apply(0, "take green")
    assert "take bubble" not in legal(state)
    err = refused(state, 0, "take bubble")
    assert err.reason == (
        "you may take one Bubble Bulb or any two other cards: a Bubble Bulb from the Market"
        " cannot be your second card"
    )
    assert err.rule == ("Jingle Bell Run, How to Play: take one Bubble Bulb or any two other cards")


def test_ruling_take_two_from_any_mix_of_the_market_and_the_deck() -> None:
    """Ruling Jingle Bell Run: take-two: "You take a total of 2 cards from any mix of the Market and
    the top of the deck." Drawing is blind: only the drawer sees the card."""
    state = scenario(
        hands=["red", "green", "blue"], market="red green yellow blue pink", deck="purple pink"
    )
    state.apply(0, "take")
    events = state.apply(0, "draw")
    assert events == [{"type": "draw", "seat": 0, "card": "pink"}]
    assert state.events(1)[-1] == {"type": "draw", "seat": 0}
    state.apply(0, "take red")
    assert hand(state, 0) == ["red", "red", "pink"]
    assert state.turn == 1
    state.apply(1, "take")
    state.apply(1, "draw")
    state.apply(1, "draw")
    assert state.hand_size(1) == 3
    assert state.turn == 2


def test_ruling_take_two_a_bubble_drawn_blind_counts_as_one_card() -> None:
    """Ruling Jingle Bell Run: take-two: "A Bubble Bulb drawn blind from the deck counts as one
    card." """
    state = scenario(
        hands=["red", "green", "blue"], market="red green yellow blue pink", deck="bubble"
    )
    state.apply(0, "take")
    state.apply(0, "draw")
    assert state.step == TAKE
    assert state.turn == 0
    state.apply(0, "take blue")
    assert hand(state, 0) == ["red", "blue", "bubble"]
    assert state.turn == 1


def test_take_refill_the_market_from_the_bulb_deck_as_you_go() -> None:
    """Take: "Refill the Market from the Bulb deck as you go." The refilled card can be
    taken as the second card."""
    state = scenario(
        hands=["red", "green", "blue"], market="red green yellow blue pink", deck="plug"
    )
    state.apply(0, "take")
    events = state.apply(0, "take red")
    assert events == [
        {"type": "take", "seat": 0, "card": "red"},
        {"type": "market", "card": "plug"},
    ]
    assert sorted(state.market) == sorted(kinds("green yellow blue pink plug"))
    state.apply(0, "take plug")
    assert hand(state, 0) == ["red", "red", "plug"]
    assert len(state.market) == 5


def test_take_three_bubble_bulbs_in_the_market_discard_it_all_and_refill() -> None:
    """Take: "If the Market ever has three Bubble Bulbs at once, discard all Market cards
    and refill the Market." """
    state = scenario(
        hands=["red", "green", "blue"],
        market="bubble bubble green blue pink",
        deck="red red red red red bubble",
    )
    state.apply(0, "take")
    events = state.apply(0, "take green")
    assert events[1:] == [
        {"type": "market", "card": "bubble"},
        {"type": "market-reset"},
        *[{"type": "market", "card": "red"}] * 5,
    ]
    assert state.market == kinds("red red red red red")
    assert state.discard == kinds("bubble bubble blue pink bubble")
    assert conserved(state)


def test_reading_three_or_more_bubbles_also_at_setup_and_again_until_fewer() -> None:
    """Reading three-or-more-bubbles: "whenever it shows three or more Bubble Bulbs (also
    at setup), again and again until it shows fewer"."""
    resets = 0
    for seed in range(400):
        state = yuletide.new_game(GAME, players=2, seed=seed)
        n = sum(1 for e in state.log if e[0] == "market-reset")
        resets += n
        assert state.market.count(BUBBLE) < 3
        if n:
            events = state.events(None)
            first_market = [e["card"] for e in events if e["type"] == "market"][:5]
            assert first_market.count("bubble") >= 3
    assert resets > 0


def test_reading_three_or_more_bubbles_no_reset_that_could_never_end() -> None:
    """Reading three-or-more-bubbles: "(or too few other cards are left for it ever to)":
    with fewer than three other cards in the deck, discard pile and Market together every
    refill would show three Bubble Bulbs again, so the Market is left as it is."""
    state = scenario(
        2,
        hands=["", ""],
        market="bubble bubble red red green",
        deck="bubble bubble",
        rest=1,
        start=["a1", "d4"],
    )
    state.apply(0, "take")
    events = state.apply(0, "take red")
    assert {"type": "market-reset"} not in events
    assert sorted(state.market) == sorted(kinds("bubble bubble bubble red green"))
    assert state.step == TAKE


def test_take_if_the_bulb_deck_runs_out_shuffle_the_discard_pile_to_refill_it() -> None:
    """Take: "If the Bulb deck runs out, shuffle the discard pile to refill it." """
    state = scenario(
        hands=["red", "green", "blue"],
        market="red green yellow blue pink",
        deck="",
        rest="discard",
    )
    pile = len(state.discard)
    state.apply(0, "take")
    events = state.apply(0, "take red")
    assert events[1] == {"type": "reshuffle", "deck": pile}
    assert len(state.market) == 5
    assert len(state.deck) == pile - 1
    assert state.discard == []
    assert conserved(state)


def test_reading_take_what_there_is_the_take_ends_when_nothing_is_left() -> None:
    """Reading take-what-there-is: "the take ends early if nothing is left to take"."""
    state = scenario(2, hands=["red", ""], market="red", deck="", rest=1, start=["a1", "d4"])
    assert state.market == [KIND["red"]] and not state.deck and not state.discard
    state.apply(0, "take")
    state.apply(0, "take red")
    assert state.turn == 1
    assert hand(state, 0) == ["red", "red"]


# -------------------------------------------------------------------- the steal action


def test_steal_discard_broken_bulbs_to_take_as_many_cards_at_random() -> None:
    """Steal: "Discard one or more Broken Bulbs to take an equal number of cards at
    random from another player's hand." """
    state = scenario(hands=["broken broken red", "green blue pink", "yellow"])
    assert legal(state) == ["steal", "take"]
    state.apply(0, "steal")
    assert state.step == STEAL
    assert legal(state) == sorted(
        ["steal 1 from seat 1", "steal 2 from seat 1", "steal 1 from seat 2"]
    )
    start = len(state.log)
    events = state.apply(0, "steal 2 from seat 1")
    stolen = events[0]["cards"]
    assert events[0] == {"type": "stolen", "seat": 0, "from": 1, "count": 2, "cards": stolen}
    assert len(stolen) == 2 and set(stolen) <= {"green", "blue", "pink"}
    assert sorted(hand(state, 0)) == sorted(["red", *stolen])
    assert state.hand_size(1) == 1
    assert state.discard == kinds("broken broken")
    # The victim sees what it lost; the others only how many.
    assert state.events(1, start)[0]["cards"] == stolen
    assert state.events(2, start)[0] == {"type": "stolen", "seat": 0, "from": 1, "count": 2}
    assert "cards" not in state.events(None, start)[0]
    assert state.turn == 1
    assert conserved(state)


def test_steal_at_random_every_card_can_be_taken() -> None:
    """Steal: "at random": over many seeds every card of the victim's hand is taken."""
    seen = set()
    for seed in range(40):
        state = scenario(hands=["broken red", "green blue pink", "yellow"], seed=seed)
        state.apply(0, "steal")
        seen.update(state.apply(0, "steal 1 from seat 1")[0]["cards"])
    assert seen == {"green", "blue", "pink"}


def test_steal_needs_a_broken_bulb_and_another_player_with_cards() -> None:
    """Steal: you discard Broken Bulbs, and take from another player's hand."""
    state = scenario(hands=["red", "green", "blue"])
    err = refused(state, 0, "steal")
    assert err.reason == "you hold no Broken Bulb to discard"
    state = scenario(
        2, hands=["broken red", ""], start=["a1", "d4"], market="red green yellow blue pink"
    )
    err = refused(state, 0, "steal")
    assert err.reason == "no other player holds a card to take"


def test_reading_steal_at_most_their_hand() -> None:
    """Reading steal-at-most-their-hand: "at most as many Broken Bulbs as the other player
    holds cards; a player with no cards cannot be robbed"."""
    state = scenario(hands=["broken broken broken", "green", ""], rest="deck")
    state.apply(0, "steal")
    assert legal(state) == ["steal 1 from seat 1"]
    err = refused(state, 0, "steal 2 from seat 1")
    assert err.reason == "seat 1 holds 1 card(s): you cannot take 2"
    err = refused(state, 0, "steal 1 from seat 2")
    assert err.reason == "seat 2 holds 0 card(s): you cannot take 1"
    err = refused(state, 0, "steal 4 from seat 1")
    assert err.reason == "you hold 3 Broken Bulb(s): you cannot discard 4"
    err = refused(state, 0, "steal 1 from seat 0")
    assert err.reason == "steal from another player: seats other than 0, up to 2"


# --------------------------------------------------------------------- the plug action


def test_plug_play_a_plug_to_swap_two_unoccupied_pattern_grid_cards() -> None:
    """Plug: "Play a Plug to swap two unoccupied Pattern grid cards." """
    state = scenario(hands=["plug red", "green", "blue"], where=["b2", None, None])
    a, c = state.grid[CELL["a1"]], state.grid[CELL["c3"]]
    state.apply(0, "plug")
    assert state.step == PLUG_FIRST
    assert state.discard == [PLUG]
    assert "swap b2" not in legal(state)
    assert len(legal(state)) == 15
    err = refused(state, 0, "swap b2")
    assert err.reason == "a character stands on b2: a Plug swaps only unoccupied cards"
    state.apply(0, "swap a1")
    assert state.step == PLUG_SECOND
    assert state.view(1)["swapping"] == "a1"
    assert "with a1" not in legal(state) and "with b2" not in legal(state)
    assert refused(state, 0, "with a1").reason == "choose a second, different card"
    events = state.apply(0, "with c3")
    assert events == [{"type": "swap", "seat": 0, "cards": ["a1", "c3"]}]
    assert state.grid[CELL["a1"]] == c and state.grid[CELL["c3"]] == a
    assert hand(state, 0) == ["red"]
    assert state.turn == 1


def test_reading_plug_any_two_cards_and_a_waiting_character_occupies_nothing() -> None:
    """Reading plug-any-two: "the two unoccupied cards need not be neighbours; a character
    waiting beside a corner does not occupy it"."""
    state = scenario(hands=["plug red", "green", "blue"])
    state.apply(0, "plug")
    state.apply(0, "swap a1")  # seat 0 waits beside a1
    assert "with d4" in legal(state)
    state.apply(0, "with d4")
    assert state.turn == 1


def test_plug_needs_a_plug_in_hand() -> None:
    state = scenario(hands=["red", "green", "blue"])
    assert refused(state, 0, "plug").reason == "you hold no Plug"


# ------------------------------------------------------------------------- moving


def test_ruling_moving_the_first_move_goes_onto_the_starting_corner_card() -> None:
    """Ruling Jingle Bell Run: moving: "The first move goes onto the starting corner card." Move:
    "by playing five cards from your hand that match the lights on an adjacent Pattern grid card" -
    paid, face up."""
    state = scenario(hands=[P01_PAY + " purple", "green", "blue"], grid={"a1": "P01"})
    assert legal(state) == ["move a1", "take"]
    err = refused(state, 0, "move b1")
    assert err.reason == "your first move goes onto your starting corner, a1"
    assert err.rule == "ruling Jingle Bell Run: moving"
    events = state.apply(0, "move a1")
    assert events[0] == {
        "type": "move",
        "seat": 0,
        "to": "a1",
        "paid": ["red", "pink", "green", "blue", "yellow"],
    }
    assert state.view(2)["at"][0] == "a1"
    assert hand(state, 0) == ["purple"]
    assert state.discard == kinds(P01_PAY)
    assert state.turn == 1


def test_move_the_five_cards_must_match_the_cards_lights() -> None:
    """Move: "playing five cards from your hand that match the lights"; a hand that
    cannot pay may not move (the message says what is missing)."""
    state = scenario(hands=["red pink green blue purple", "green", "blue"], grid={"a1": "P01"})
    assert legal(state) == ["take"]
    err = refused(state, 0, "move a1")
    assert err.reason == (
        "a1 (P01) needs red, pink, green, blue, yellow; you lack yellow and hold 0 Bubble Bulb(s)"
    )


def test_ruling_moving_in_any_order_bubble_bulbs_are_wild() -> None:
    """Ruling Jingle Bell Run: moving: "paying five cards that match that card's five colours in any
    order (Bubble Bulbs are wild)"."""
    state = scenario(hands=["yellow bubble red bubble blue", "green", "blue"], grid={"a1": "P01"})
    state.apply(0, "move a1")
    assert hand(state, 0) == []
    assert sorted(state.discard) == sorted(kinds("red bubble bubble blue yellow"))


def test_reading_pay_plain_first_a_bubble_only_for_a_colour_you_lack() -> None:
    """Reading pay-plain-first: "the plain bulb of each colour when you hold one, a Bubble
    Bulb only for a colour you lack"."""
    state = scenario(
        hands=["red pink green blue bubble bubble purple", "green", "blue"], grid={"a1": "P01"}
    )
    events = state.apply(0, "move a1")
    assert events[0]["paid"] == ["red", "pink", "green", "blue", "bubble"]
    assert hand(state, 0) == ["purple", "bubble"]


def test_move_only_in_straight_lines_no_diagonal_movement() -> None:
    """Move: "You can only advance in straight lines — no diagonal movement!" """
    state = scenario(hands=[P01_PAY, "green", "blue"], where=["a1", None, None], grid={"b2": "P01"})
    assert "move b2" not in legal(state)
    err = refused(state, 0, "move b2")
    assert err.reason == "b2 is not next to a1 in a straight line (no diagonal moves)"
    assert err.rule == (
        "Jingle Bell Run, How to Play: You can only advance in straight lines — no diagonal"
        " movement"
    )


def test_ruling_moving_each_later_move_to_an_orthogonally_adjacent_card() -> None:
    """Ruling Jingle Bell Run: moving: "Then each move is to an orthogonally adjacent card"."""
    state = scenario(hands=[P01_PAY, "green", "blue"], where=["a1", None, None], grid={"a2": "P01"})
    assert "move a2" in legal(state)
    state.apply(0, "move a2")
    assert state.where[0] == CELL["a2"]
    assert state.view(1)["at"][0] == "a2"


def test_reading_advance_a_move_goes_one_step_nearer_the_finish_line() -> None:
    """Reading advance: "You can only advance": from b2 (start a1, finish d4) the
    character may go to c2 or b3, not back to a2 or b1."""
    state = scenario(
        hands=["red pink green blue yellow bubble bubble bubble", "green", "blue"],
        where=["b2", None, None],
        rest=1,
    )
    assert legal(state) == ["move b3", "move c2", "take"]
    err = refused(state, 0, "move a2")
    assert err.reason == "a2 is not nearer your finish line (d4): you can only advance"
    assert err.rule == "reading advance: You can only advance in straight lines"


def test_reading_advance_option_retreat_allows_any_adjacent_card() -> None:
    """Reading advance: "Option ``retreat`` lets characters also step back or sideways
    (any orthogonally adjacent card)"."""
    state = scenario(
        hands=["red pink green blue yellow bubble bubble bubble", "green", "blue"],
        where=["b2", None, None],
        rest=1,
        retreat=True,
    )
    assert legal(state) == ["move a2", "move b1", "move b3", "move c2", "take"]
    assert state.view(0)["retreat"] is True


def test_ruling_moving_several_characters_may_share_a_card() -> None:
    """Ruling Jingle Bell Run: moving: "Several characters may share a card." """
    state = scenario(
        hands=["green", P01_PAY, "blue"],
        start=["a1", "a1", "d4"],
        where=["a1", None, None],
        grid={"a1": "P01"},
        turn=1,
    )
    state.apply(1, "move a1")
    assert state.where[:2] == [CELL["a1"], CELL["a1"]]


def test_game_end_the_first_player_onto_their_finish_line_card_wins() -> None:
    """Game End / Winning: "The first player to move their character onto their finish
    line card (opposite their starting corner) is the winner!" ruling Jingle Bell Run: moving: "You
    win on entering the opposite corner." - at once."""
    state = scenario(
        hands=[P01_PAY + " plug plug plug plug", "green", "blue"],
        where=["d3", "a2", None],
        grid={"d4": "P01"},
        rest=2,
    )
    events = state.apply(0, "move d4")
    assert events[-1] == {"type": "win", "seat": 0}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 2, 3)  # by distance to the finish: 0, 2 and off the grid
    assert outcome.reason == "seat 0 reached their finish line"
    assert state.hand_size(0) == 4  # no discard down to seven after the win
    assert state.to_act == frozenset()
    err = refused(state, 1, "take")
    assert err.reason == "the game is over (finished): no seat may act"


# ----------------------------------------------------------------------- hand limit


def test_hand_limit_end_your_turn_with_more_than_seven_discard_down_to_seven() -> None:
    """Hand limit: "If you end your turn with more than seven cards in hand, discard down
    to seven (Broken Bulbs can be discarded)." Reading discard-pile-public: the cards
    are discarded face up, seen by everyone."""
    state = scenario(
        hands=["red red green green blue broken broken", "green", "blue"],
        market="yellow pink red green blue",
    )
    state.apply(0, "take")
    state.apply(0, "take yellow")
    state.apply(0, "take pink")
    assert state.step == DISCARD
    assert state.turn == 0
    assert state.view(1)["step"] == "discard"
    assert legal(state) == sorted(
        f"discard {k}" for k in ("red", "green", "yellow", "blue", "pink", "broken")
    )
    err = refused(state, 0, "take")
    assert err.reason == "you hold 9 cards: discard down to seven (discard <card>)"
    state.apply(0, "discard broken")
    assert state.turn == 0
    start = len(state.log)
    events = state.apply(0, "discard broken")
    assert events == [{"type": "discard", "seat": 0, "card": "broken"}]
    assert state.events(None, start) == events
    assert state.view(2)["discard"] == {"broken": 2}
    assert state.hand_size(0) == 7
    assert state.turn == 1
    assert state.discard[-2:] == [BROKEN, BROKEN]


def test_hand_limit_seven_cards_is_fine() -> None:
    """Hand limit: "more than seven" - exactly seven needs no discard."""
    state = scenario(hands=["red red green green blue", "green", "blue"])
    state.apply(0, "take")
    state.apply(0, "take yellow")
    state.apply(0, "take blue")
    assert state.hand_size(0) == 7
    assert state.turn == 1


def test_hand_limit_also_after_a_steal() -> None:
    """Hand limit: checked at the end of any action's turn (here a steal)."""
    state = scenario(hands=["broken red red green green blue blue yellow", "green pink", "blue"])
    state.apply(0, "steal")
    state.apply(0, "steal 1 from seat 1")
    assert state.hand_size(0) == 8
    assert state.step == DISCARD


# ------------------------------------------------------------------------ knowledge


def test_known_cards_taken_from_the_market_are_known_to_everyone() -> None:
    """Knowledge: each seat's view lists the cards it knows are in each other hand: cards
    taken from the Market; a card that leaves the hand face up is no longer counted."""
    state = scenario(hands=["red", "green", "blue"], market="red green yellow blue pink")
    state.apply(0, "take")
    state.apply(0, "take pink")
    state.apply(0, "draw")
    assert state.view(1)["known"]["0"] == ["pink"]
    assert state.view(2)["known"]["0"] == ["pink"]
    assert state.view(0)["known"] == {"1": [], "2": []}
    assert state.view(None)["known"] is None


def test_known_cards_a_player_who_steals_holds_a_broken_bulb() -> None:
    """Knowledge: "a Broken Bulb held by a player who chose to steal"; once it is
    discarded nobody knows of another (the thief's second one was never seen: the old
    rule kept it "known" by reading the hand, issue 12 section 2)."""
    state = scenario(hands=["broken broken red", "green green green", "yellow"])
    state.apply(0, "steal")
    assert state.view(1)["known"]["0"] == ["broken"]
    assert state.view(2)["known"]["0"] == ["broken"]
    state.apply(0, "steal 1 from seat 1")
    assert state.view(2)["known"]["0"] == []
    assert state.view(1)["known"]["0"] == ["green"]


def test_known_cards_the_victim_and_the_thief_know_the_stolen_cards() -> None:
    """Knowledge: "for the two players of a steal the cards stolen"."""
    state = scenario(hands=["broken", "green green", "yellow"], market="red red red red red")
    state.apply(0, "steal")
    state.apply(0, "steal 1 from seat 1")
    assert state.view(1)["known"]["0"] == ["green"]
    assert state.view(2)["known"]["0"] == []


def test_known_cards_a_card_known_to_all_may_be_among_those_stolen() -> None:
    """Knowledge: "counts the hand holds at least": after a blind steal of one card, the
    table can no longer be sure of a card of each kind it knew of; the thief counts the
    same (what it took is in its own hand), and the victim knows the thief holds it."""
    state = scenario(hands=["red", "broken", "yellow"], market="pink green yellow blue red")
    state.apply(0, "take")
    state.apply(0, "take pink")
    state.apply(0, "take green")
    assert state.view(2)["known"]["0"] == ["green", "pink"]
    state.apply(1, "steal")
    (stolen,) = state.apply(1, "steal 1 from seat 0")[0]["cards"]
    assert state.view(2)["known"]["0"] == []
    assert state.view(1)["known"]["0"] == []
    assert state.view(0)["known"]["1"] == [stolen]


def test_known_cards_only_what_each_seat_saw_is_counted_after_a_steal() -> None:
    """Knowledge: known cards are what a seat *saw*: seat 0 took two pinks from the
    Market and holds a third; the thief takes one pink and still knows of only one, as
    does everyone else (never the truth, three minus one)."""
    state = scenario(hands=["pink", "broken", "yellow"], market="pink pink green yellow blue")
    state.apply(0, "take")
    state.apply(0, "take pink")
    state.apply(0, "take pink")
    assert hand(state, 0) == ["pink"] * 3
    state.apply(1, "steal")
    assert state.apply(1, "steal 1 from seat 0")[0]["cards"] == ["pink"]
    assert state.view(1)["known"]["0"] == ["pink"]
    assert state.view(2)["known"]["0"] == ["pink"]
    assert state.view(0)["known"]["1"] == ["pink"]


def test_determinize_keeps_the_known_cards_and_re_deals_the_rest() -> None:
    """Knowledge: "determinize keeps those known cards and re-deals the rest of the other
    hands with the deck"."""
    state = scenario(
        hands=["red", "green blue", "yellow yellow"], market="pink red green yellow blue"
    )
    state.apply(0, "take")
    state.apply(0, "take pink")
    state.apply(0, "draw")
    changed = 0
    for i in range(20):
        det = state.determinize(1, Rng(i))
        assert det.view(1) == state.view(1)
        assert det.hands[0 * jb.N_KINDS + KIND["pink"]] >= 1
        assert [det.hand_size(s) for s in range(3)] == [state.hand_size(s) for s in range(3)]
        assert conserved(det)
        changed += det.hands != state.hands
    assert changed >= 15


def _play(state: Any, actions: str) -> Any:
    for item in actions.split(", "):
        seat, text = item.split(": ")
        state.apply(int(seat), text)
    return state


ISSUE_12_STEALS = (
    "0: start a1, 1: start d4, 2: start a4, 0: steal, 0: steal 1 from seat 2, 1: steal,"
    " 1: steal 1 from seat 2"
)


def test_determinize_another_seats_knowledge_of_a_stolen_card_is_resampled() -> None:
    """Issue 12, section 1: 3 players, seed 0, seat 1 steals a card from seat 2, which
    seat 0 never saw; over 300 ``determinize(0, ·)`` calls seat 2's ``known`` list of
    seat 1 always held the true stolen kind. Now it is re-drawn from seat 1's re-dealt
    hand: still one card (seat 0 saw one stolen), true of the new hand, and not always
    the true kind; what seat 0 knows (it stole from seat 2 itself) is kept."""
    state = _play(yuletide.new_game(GAME, players=3, seed=0), ISSUE_12_STEALS)
    (true_kind,) = state.view(2)["known"]["1"]
    kinds_seen = Counter()
    for k in range(300):
        det = state.determinize(0, Rng(k))
        (knew,) = det.view(2)["known"]["1"]
        kinds_seen[knew] += 1
        assert knew in hand(det, 1)
        assert det.view(2)["known"]["0"] == state.view(2)["known"]["0"]
        assert det.view(0) == state.view(0)
    assert kinds_seen[true_kind] < 300
    assert len(kinds_seen) >= 5


ISSUE_12_SECTION_2 = (
    "0: start d4, 1: start d1, 0: take, 0: take yellow, 0: draw, 1: take, 1: take plug,"
    " 1: take red, 0: take, 0: take plug, 0: take green"
)


def test_knowledge_update_after_a_discard_reads_no_hidden_hand() -> None:
    """Issue 12, section 2: 2 players, seed 21: seat 0 holds two Plugs, one taken from
    the Market; after ``0: discard plug`` seat 1's ``known`` still listed a Plug in the
    true world and not in a determinized one (the update read the hidden hand). Now a
    discarded card strikes off the one the table knew of, in every world alike."""
    state = _play(yuletide.new_game(GAME, players=2, seed=21), ISSUE_12_SECTION_2)
    assert hand(state, 0).count("plug") == 2
    assert state.view(1)["known"]["0"] == ["green", "yellow", "plug"]
    d = state.determinize(1, Rng(0))
    assert d.view(1) == state.view(1) and d.events(1) == state.events(1)
    for world in (state, d):
        world.apply(0, "discard plug")
        assert world.view(1)["known"]["0"] == ["green", "yellow"]
    assert d.view(1) == state.view(1)


def _two_worlds(taken: str, hands_a: list[str], hands_b: list[str]) -> tuple[Any, Any]:
    """Two worlds seat 2 cannot tell apart: seat 0 took ``taken`` and a pink from the
    Market in both, and holds ``hands_a[0]`` or ``hands_b[0]`` besides (same size)."""
    worlds = []
    for hands in (hands_a, hands_b):
        state = scenario(hands=hands, market=f"{taken} pink green yellow blue")
        state.apply(0, "take")
        state.apply(0, f"take {taken}")
        state.apply(0, "take pink")
        state.turn = 0  # seat 0 acts again (a scenario, not a whole game)
        worlds.append(state)
    a, b = worlds
    assert a.view(2) == b.view(2) and a.events(2) == b.events(2)
    return a, b


@pytest.mark.parametrize(
    ("taken", "mine", "theirs", "actions", "kind"),
    [
        # a move's payment: the red the table knows of paid; a second red held or not
        ("red", P01_PAY, "pink green blue yellow purple", ["move a1"], "red"),
        # a Plug swap: the Plug taken from the Market played; a second one held or not
        ("plug", "plug green", "red green", ["plug", "swap b2", "with c3"], "plug"),
        # a steal: the Broken Bulb the table knows of discarded; a second held or not
        ("red", "broken broken", "broken green", ["steal", "steal 1 from seat 1"], "broken"),
    ],
)
def test_knowledge_update_reads_no_hidden_hand_after_a_payment_a_plug_or_a_steal(
    taken: str, mine: str, theirs: str, actions: list[str], kind: str
) -> None:
    """Issue 12, section 2: "the same happens after a steal, a Plug swap and a move's
    payment": the card the table knew of leaves, and seat 0 still holds another of its
    kind in one world and not in the other. Seat 2, which cannot tell them apart, must
    see the same knowledge (and everything else) in both: the update uses only what it
    saw (the old rule kept the card "known" where the hand still held one)."""
    from yuletide.core.conformance import observation

    a, b = _two_worlds(taken, [mine, "green", "blue"], [theirs, "green", "blue"])
    for world in (a, b):
        for text in actions:
            world.apply(0, text)
    assert hand(a, 0).count(kind) == 1 and hand(b, 0).count(kind) == 0
    assert observation(a, 2) == observation(b, 2)
    assert kind not in a.view(2)["known"]["0"]


def test_determinize_is_canonical_two_worlds_give_the_same_result() -> None:
    """Issue 12, section 1: the result of ``determinize`` depends on what the seat knows
    and the rng only: a world it cannot tell apart (here, one of its determinizations,
    with another RNG) gives a byte-equal determinization, seed 0 and no record."""
    state = _play(yuletide.new_game(GAME, players=3, seed=0), ISSUE_12_STEALS)
    random_play(state, Rng(4), 40)
    for seat in range(3):
        other = state.determinize(seat, Rng(99))
        other.rng = Rng(7)
        for k in range(20):
            a = state.determinize(seat, Rng(k))
            assert a.to_json() == other.determinize(seat, Rng(k)).to_json()
            assert a.seed == 0 and a.record().actions == ()


@pytest.mark.parametrize("players", [2, 3, 6])
def test_knowledge_is_always_true_and_stays_true_in_every_determinization(
    players: int,
) -> None:
    """Knowledge: every card known of a hand is in it, each counted once (the table's
    plus every robbed player's private ones fit in the hand together), along random
    games and in every determinization for every seat."""
    n = players

    def check(state: Any) -> None:
        for o in range(n):
            for k in range(jb.N_KINDS):
                held = state.hands[o * jb.N_KINDS + k]
                private = sum(state.private[(v * n + o) * jb.N_KINDS + k] for v in range(n))
                assert state.public[o * jb.N_KINDS + k] + private <= held
            assert not any(state.private[(o * n + o) * jb.N_KINDS : (o * n + o + 1) * jb.N_KINDS])

    for seed in range(3):
        state = yuletide.new_game(GAME, players=n, seed=seed)
        rng = Rng(seed)
        step = 0
        while not state.outcome.over and step < 600:
            check(state)
            if step % 25 == 0:
                for seat in range(n):
                    det = state.determinize(seat, Rng(step))
                    check(det)
                    assert det.view(seat) == state.view(seat)
                    assert conserved(det)
            random_play(state, rng, 1)
            step += 1


def test_phases_are_the_steps_of_a_turn_and_the_end() -> None:
    """Phases: ``start``, ``action``, ``take``, ``steal``, ``plug-first``,
    ``plug-second``, ``discard`` and ``over``."""
    assert JingleBellRun.phases == (
        "start",
        "action",
        "take",
        "steal",
        "plug-first",
        "plug-second",
        "discard",
        "over",
    )
    assert yuletide.new_game(GAME, players=2, seed=0).current_phase == "start"
    state = scenario(hands=["plug broken red", "green", "blue"])
    assert state.current_phase == "action"
    for text, phase in (("plug", "plug-first"), ("swap a2", "plug-second")):
        state.apply(0, text)
        assert state.current_phase == phase
    won = scenario(hands=[P01_PAY, "green", "blue"], grid={"d4": "P01"}, where=["c4", None, None])
    won.apply(0, "move d4")
    assert won.current_phase == "over"
    assert "to act" not in render_text(won.view(1))
    assert render_text(won.view(1)).splitlines()[0] == "Jingle Bell Run — game over after 0 turns"


def test_view_hides_the_other_hands() -> None:
    state = scenario(hands=["red red", "pink", "bubble"])
    assert state.view(0)["hand"] == ["red", "red"]
    assert state.view(1)["hand"] == ["pink"]
    assert "bubble" not in json.dumps(state.view(1)["hand"])
    assert state.view(None)["hand"] is None
    assert state.view(1)["hand_sizes"] == [2, 1, 1]


# --------------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits."""
    state = scenario(hands=["red", "green", "blue"], turn_limit=1)
    state.apply(0, "take")
    state.apply(0, "take red")
    state.apply(0, "take green")
    assert state.outcome.status == "unfinished"
    assert state.outcome.reason == "turn limit of 1 reached"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME, players=2, seed=0).turn_limit == 1500


# ------------------------------------------------------------- options and bad input


@pytest.mark.parametrize("players", [0, 1, 7, "3", True])
def test_player_count_2_to_6(players: Any) -> None:
    """Jingle Bell Run: "2 to 6 players"."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"jingle-bell-run is for 2 to 6 players, got {players!r}"


def test_options() -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, diagonal=True)
    assert str(info.value) == (
        "jingle-bell-run has no option 'diagonal'; its options are: retreat, turn_limit"
    )
    with pytest.raises(InvalidOption):
        yuletide.new_game(GAME, players=3, seed=0, retreat=1)


def test_notation_round_trips_and_bad_text_lists_the_forms() -> None:
    for players in (2, 6):
        space = JingleBellRun.action_space(players)
        assert len({str(a) for a in space}) == len(space)
        for action in space:
            assert JingleBellRun.parse_action(str(action)) == action
    assert "steal 1 from seat 5" not in {str(a) for a in JingleBellRun.action_space(3)}
    state = scenario(hands=["red", "green", "blue"])
    for text in ("move e5", "take orange", "steal 1", "start b2", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err).startswith(f"{text!r} is not a Jingle Bell Run action; the forms are:")


def test_hand_built_or_foreign_action_objects_are_notation_errors() -> None:
    """Issue 12, section 4: action objects out of range (a cell off the grid, a kind
    that does not exist, a seat the game does not have, a start that is no corner) or of
    another game are NotationErrors naming the game's actions, and change nothing."""
    from yuletide.games.christmas_lights.looney_lights.rules import Play

    state = scenario(hands=["red", "green", "blue"])
    before = state.to_json()
    for action in (
        jb.Move(16),
        jb.Move(-1),
        jb.TakeCard(9),
        jb.StealFrom(1, 5),
        jb.StealFrom(9, 1),
        jb.Start(5),
        Play(0),
        yuletide.Action(),
    ):
        with pytest.raises(
            NotationError,
            match=r"is not an action of Jingle Bell Run|is not possible with 3 players",
        ):
            state.apply(0, action)
    assert state.to_json() == before


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.5])
def test_bad_seats_are_invalid_seat_errors_in_every_per_seat_function(seat: Any) -> None:
    """Issue 12, section 4: a bad seat is an InvalidSeat naming the seats, wherever a
    seat is asked for, and changes nothing."""
    from yuletide.core.errors import InvalidSeat

    state = scenario(hands=["red", "green", "blue"])
    before = state.to_json()
    for call in (
        lambda: state.legal_actions(seat),
        lambda: state.view(seat),
        lambda: state.events(seat),
        lambda: state.determinize(seat, Rng(0)),
        lambda: state.apply(seat, "take"),
    ):
        with pytest.raises(InvalidSeat, match="seats are 0 to 2"):
            call()
    assert state.to_json() == before


def test_a_swap_in_the_wrong_form_is_explained_as_such() -> None:
    """An illegal action is explained by what is wrong: ``with c3`` before the first
    card is chosen is the wrong form, not an occupied card."""
    state = scenario(hands=["plug", "green", "blue"])
    state.apply(0, "plug")
    assert refused(state, 0, "with c3").reason == "choose the first card to swap (swap <cell>)"
    state.apply(0, "swap b2")
    assert refused(state, 0, "swap c3").reason == "choose the second card (with <cell>)"
    assert refused(state, 0, "with b2").reason == "choose a second, different card"


def test_illegal_actions_change_nothing_at_every_step() -> None:
    """IllegalAction "changes nothing", with a rule cited, at every step of a turn."""
    base = scenario(hands=["plug broken red red green green blue", "green", "blue"])
    states = [base]
    for path in (
        ["take"],
        ["steal"],
        ["plug"],
        ["plug", "swap a1"],
        ["take", "take red", "take green"],
    ):
        s = base.clone()
        for text in path:
            s.apply(0, text)
        states.append(s)
    assert states[-1].step == DISCARD
    for state in states:
        ok = set(legal(state))
        for action in state.action_space(3):
            if str(action) not in ok:
                assert refused(state, 0, str(action)).rule is not None


# ----------------------------------------------------------- records and whole games


def test_save_load_replay_and_unchecked_path_agree() -> None:
    state = yuletide.new_game(GAME, players=4, seed=11)
    random_play(state, Rng(3), 200)
    assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    fast = yuletide.new_game(GAME, players=4, seed=11)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    assert fast.to_json() == state.to_json()


def test_render_shows_the_grid_with_letters() -> None:
    state = scenario(hands=["red", "green", "blue"], where=["b2", None, None])
    text = render_text(state.view(0))
    assert "P" in text and "@0" in text
    assert "Your hand: R red" in text
