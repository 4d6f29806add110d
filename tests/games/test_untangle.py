"""Untangle: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Untangle" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--bonus-games (the four Untangle rows) and "Every game:
safety limits"; the readings named in untangle.py's docstring.

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the box (53 Bulb cards, 18 Pattern cards) kept
exactly once.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.core.errors import CorruptSave, InvalidArgument, InvalidSeat
from yuletide.games.christmas_lights.untangle import rules as ut
from yuletide.games.christmas_lights.untangle.rules import (
    BOXED,
    BROKEN,
    BUBBLE,
    CHOOSE,
    COMPLETE,
    DISCARDING,
    PLACE,
    SWAP,
    WINDOW,
)
from yuletide.games.christmas_lights.untangle.text import render as render_text

GAME = "untangle"
BULBS = {
    "red": 7,
    "green": 7,
    "yellow": 7,
    "blue": 7,
    "purple": 7,
    "pink": 7,
    "bubble": 6,
    "broken": 5,
}
KIND = {name: i for i, name in enumerate(ut.KIND_NAME)}
PID = {pid: i for i, pid in enumerate(ut.PATTERN_IDS)}
#: P01 red pink green blue yellow; P02 blue yellow purple green pink;
#: P03 green pink purple yellow blue; P04 yellow blue purple pink green.
P01 = "red pink green blue yellow"
P02 = "blue yellow purple green pink"
P03 = "green pink purple yellow blue"
P04 = "yellow blue purple pink green"

# ----------------------------------------------------------------------------- helpers


def kinds(cards: str) -> list[int]:
    return [KIND[name] for name in cards.split()]


def names(ids: list[int]) -> str:
    return " ".join(ut.KIND_NAME[k] for k in ids)


def scenario(
    players: int = 3,
    *,
    knot: str,
    hands: list[str],
    patterns: dict[int, list[str]] | None = None,
    completed: dict[int, list[str]] | None = None,
    discard: str = "",
    deck: str | None = None,
    rest: str | int = "deck",
    turn: int = 0,
    step: int = SWAP,
    locked: int = -1,
    placing: str | None = None,
    turns: int = 0,
    seed: int = 5,
    **options: Any,
) -> Any:
    """A game in the situation given, every card of the box exactly once.

    ``hands`` per seat, ``knot`` (left to right), ``discard`` and ``deck`` (top card
    last) are card names. Cards not named go to ``rest``: "deck" (under the named deck),
    "discard", or a seat number. ``patterns`` gives seats their unfinished Pattern cards
    (by id); seats not given get the lowest unused ids; ``completed`` their completed ones.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    assert len(hands) == players
    hand_ids = [kinds(h) for h in hands]
    knot_ids = kinds(knot)
    discard_ids = kinds(discard)
    deck_ids = kinds(deck) if deck is not None else []
    named = [k for h in hand_ids for k in h] + knot_ids + discard_ids + deck_ids
    if placing is not None:
        named.append(KIND[placing])
    left = Counter({KIND[n]: c for n, c in BULBS.items()})
    left.subtract(Counter(named))
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    leftovers = sorted(left.elements(), reverse=True)  # reds come off the top first
    if rest == "deck":
        deck_ids = leftovers + deck_ids
    elif rest == "discard":
        discard_ids = leftovers + discard_ids
    else:
        assert isinstance(rest, int)
        hand_ids[rest] += leftovers
    state.hands = [0] * (players * ut.N_KINDS)
    for s, h in enumerate(hand_ids):
        for k in h:
            state.hands[s * ut.N_KINDS + k] += 1
    state.knot = knot_ids
    state.deck = deck_ids
    state.discard = discard_ids
    patterns = dict(patterns or {})
    completed = dict(completed or {})
    used = {p for ps in [*patterns.values(), *completed.values()] for p in ps}
    spare = [p for p in ut.PATTERN_IDS if p not in used]
    state.owner = [BOXED] * ut.N_PATTERNS
    state.done = [0] * ut.N_PATTERNS
    order = 0
    for s in range(players):
        for pid in completed.get(s, []):
            order += 1
            state.owner[PID[pid]] = s
            state.done[PID[pid]] = order
        if s not in patterns:
            patterns[s] = [spare.pop(0) for _ in range(3 - len(completed.get(s, [])))]
        for pid in patterns[s]:
            state.owner[PID[pid]] = s
    state.turn = turn
    state.step = step
    state.locked = locked
    state.placing = -1 if placing is None else KIND[placing]
    state.pending = -1
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


def hand(state: Any, seat: int) -> str:
    return names(ut.hand_cards(state.hands, seat))


def knot(state: Any) -> str:
    return names(state.knot)


def random_play(state: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        seat = state.turn
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def new_events(state: Any, start: int, seat: int | None) -> list[dict[str, Any]]:
    return state.events(seat, start)


#: A knot that shows no pattern at all (every pattern has five different colours); the
#: hands of the tests hold no purple, so every card stays in the box once.
PLAIN_KNOT = "purple purple purple purple purple purple purple yellow yellow yellow"
P, Y = "purple", "yellow"

# --------------------------------------------------------------------- components, setup


def test_components_18_patterns_and_53_bulbs_without_plugs() -> None:
    """Components: "18 Pattern cards; 7 each of Red, Green, Yellow, Blue, Purple, Pink
    Bulbs; 6 Bubble Bulbs; 5 Broken Bulbs" - and no Plugs."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    box = Counter(state.box())
    assert {k: box[k] for k in BULBS} == BULBS
    assert box["plug"] == 0
    assert sorted(k for k in box if k.startswith("P")) == sorted(ut.PATTERN_IDS)
    assert len(state.box()) == 53 + 18
    assert Counter(state.inventory()) == box


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_1_three_pattern_cards_each_face_down_the_rest_back_in_the_box(
    players: int,
) -> None:
    """Setup 1: "Shuffle the Pattern cards and deal three to each player face-down.
    Return the other Pattern cards to the box." """
    for seed in range(4):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        for s in range(players):
            assert len(state.secret(s)) == 3
            view = state.view(s)
            assert [p["id"] for p in view["patterns"]] == [
                ut.PATTERN_IDS[p] for p in state.secret(s)
            ]
            # Face-down: the others see only how many there are.
            other = state.view((s + 1) % players)
            for p in state.secret(s):
                assert ut.PATTERN_IDS[p] not in json.dumps(other["patterns"])
        assert state.owner.count(BOXED) == 18 - 3 * players
        assert state.view(None)["patterns"] is None
        assert state.view(None)["patterns_left"] == [3] * players
    deals = {tuple(yuletide.new_game(GAME, players=3, seed=s).owner) for s in range(10)}
    assert len(deals) == 10


def test_setup_2_3_the_knot_is_10_cards_face_up_from_a_deck_without_broken_bulbs() -> None:
    """Setup 2-3: "Shuffle the plain colored Bulbs and Bubble Bulb cards together to form
    the Bulb deck. DO NOT include the Broken Bulbs. Set up the knot by revealing 10 cards
    from the Bulb deck and placing them side-by-side in a single row, face-up." """
    bubbles = 0
    for seed in range(200):
        state = yuletide.new_game(GAME, players=2, seed=seed)
        assert len(state.knot) == 10
        assert BROKEN not in state.knot
        bubbles += state.knot.count(BUBBLE)
        # Face up: every seat and spectators see the knot, revealed card by card.
        shown = [e["card"] for e in state.events(None) if e["type"] == "reveal"]
        assert shown == [ut.KIND_NAME[k] for k in state.knot]
        assert state.view(None)["knot"] == shown
    assert bubbles > 0  # Bubble Bulbs are in the knot deck


def test_setup_4_broken_bulbs_shuffled_in_then_three_bulb_cards_each() -> None:
    """Setup 4: "Shuffle the Broken Bulbs into the Bulb deck, then deal each player three
    Bulb cards face-down." (Seat 0 has also drawn its first card, step 1.)"""
    broken_dealt = 0
    for seed in range(100):
        state = yuletide.new_game(GAME, players=4, seed=seed)
        assert [state.hand_size(s) for s in range(4)] == [4, 3, 3, 3]
        assert len(state.deck) == 53 - 10 - 13
        broken_dealt += sum(state.hands[s * ut.N_KINDS + BROKEN] for s in range(4))
        assert state.discard == []
        assert conserved(state)
    assert broken_dealt > 0  # Broken Bulbs reach the hands once shuffled in
    # Face-down: a seat sees its own cards only.
    state = yuletide.new_game(GAME, players=3, seed=3)
    assert state.view(1)["hand"] == hand(state, 1).split()
    assert state.view(1)["hand_sizes"] == [4, 3, 3]
    assert all("card" not in e for e in state.events(1) if e.get("seat") == 0)


def test_setup_5_the_youngest_player_seat_0_starts_and_play_goes_clockwise() -> None:
    """Setup 5: "The youngest player takes the first turn, and play continues
    clockwise." """
    state = yuletide.new_game(GAME, players=4, seed=2)
    assert state.turn == 0
    assert state.to_act == frozenset({0})
    for seat in (1, 2, 3):
        assert state.legal_actions(seat) == []
        err = refused(state, seat, "swap 1 2")
        assert err.reason == f"seat {seat} may not act now; waiting for seat 0"
        assert err.rule == "Untangle: turn order"
    order = []
    for _ in range(9):
        seat = state.turn
        order.append(seat)
        while state.turn == seat and not state.outcome.over:
            state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0]


# ------------------------------------------------------------------- step 1: draw


def test_step_1_draw_a_card_as_the_turn_starts() -> None:
    """Step 1: "Draw a card." It happens as the turn starts; only the drawer sees it."""
    state = scenario(
        knot=PLAIN_KNOT,
        hands=["red red red green", "green green blue", "blue blue blue"],
        deck="pink",
    )
    state.apply(0, "swap 1 2")
    state.apply(0, "play red")
    start = len(state.log)
    state.apply(0, "on 10")
    assert state.turn == 1
    assert hand(state, 1) == "green green blue pink"
    assert {"type": "draw", "seat": 1, "card": "pink"} in state.events(1, start)
    assert {"type": "draw", "seat": 1} in state.events(0, start)
    assert {"type": "draw", "seat": 1} in state.events(None, start)
    assert state.view(1)["hand_sizes"] == [3, 4, 3]


# ------------------------------------------------------------------ step 2: untangle


def test_step_2_untangle_swap_two_adjacent_bulbs_in_the_knot() -> None:
    """Step 2: "Untangle: swap two adjacent bulbs in the knot." Every neighbouring pair
    may be swapped (here nothing is locked)."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green", "blue"])
    assert legal(state) == sorted(f"swap {i} {i + 1}" for i in range(1, 10))
    events = state.apply(0, "swap 7 8")
    assert events == [{"type": "swap", "seat": 0, "cards": [7, 8]}]
    assert knot(state) == " ".join([P] * 6 + [Y, P, Y, Y])
    assert state.step == CHOOSE
    assert state.view(2)["locked"] == [7, 8]


def test_step_2_comes_before_the_action_and_cannot_be_skipped() -> None:
    """How to Play: "Follow these steps on your turn" - the untangle step comes first."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green", "blue"])
    for text in ("play red", "discard", "on 3", "left end", "cards 1", "complete P01"):
        err = refused(state, 0, text)
        assert err.reason == (
            "first untangle: swap two adjacent bulbs in the knot (swap <n> <n+1>)"
        )
        assert err.rule == "Untangle, How to Play 2"


def test_step_2_only_neighbours_within_the_knot_are_swapped() -> None:
    """Step 2: "swap two adjacent bulbs": positions past the end of the knot are refused,
    and two cards that are not neighbours cannot even be written."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green", "blue"])
    err = refused(state, 0, "swap 10 11")
    assert err.reason == (
        "the knot has 10 cards: swap two neighbours, from 'swap 1 2' to 'swap 9 10'"
    )
    assert err.rule == "Untangle, How to Play 2: swap two adjacent bulbs"
    assert isinstance(refused(state, 0, "swap 1 3"), NotationError)


def test_step_2_the_next_player_cannot_swap_them_back() -> None:
    """Step 2: "The next player cannot swap them back." """
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green green blue", "blue"])
    state.apply(0, "swap 7 8")
    state.apply(0, "play red")
    state.apply(0, "on 1")  # far from the swapped pair
    assert state.turn == 1
    assert "swap 7 8" not in legal(state)
    assert len(legal(state)) == 8
    err = refused(state, 1, "swap 7 8")
    assert err.reason == (
        "knot cards 7 and 8 were just swapped by the previous player: you cannot swap them back"
    )
    assert err.rule == "Untangle, How to Play 2: the next player cannot swap them back"
    assert state.view(1)["locked"] == [7, 8]


def test_reading_lock_follows_the_cards_binds_only_the_next_player() -> None:
    """Reading lock-follows-the-cards: "it binds only the next player's untangle step":
    once the next player has swapped, the pair is free again for the player after."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green green blue", "blue"])
    state.apply(0, "swap 7 8")
    state.apply(0, "play red")
    state.apply(0, "on 1")
    state.apply(1, "swap 2 3")
    state.apply(1, "play green")
    state.apply(1, "on 1")
    assert state.turn == 2
    assert "swap 7 8" in legal(state)
    assert "swap 2 3" not in legal(state)


def test_reading_lock_follows_the_cards_when_the_knot_shifts() -> None:
    """Reading lock-follows-the-cards: a card added at the left end, or removed before
    the pair, moves the two swapped cards; the lock moves with them."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green green blue", "blue"])
    state.apply(0, "swap 7 8")
    state.apply(0, "play green")
    state.apply(0, "left end")
    assert knot(state) == " ".join(["green"] + [P] * 6 + [Y, P, Y, Y])
    assert state.turn == 1
    assert state.view(1)["locked"] == [8, 9]
    assert "swap 8 9" not in legal(state)
    assert "swap 7 8" in legal(state)

    state = scenario(knot=PLAIN_KNOT, hands=["red broken red green", "green", "blue"])
    state.apply(0, "swap 7 8")
    state.apply(0, "play broken")
    state.apply(0, "on 2")
    assert state.turn == 1
    assert state.view(1)["locked"] == [6, 7]
    refused(state, 1, "swap 6 7")


def test_reading_lock_follows_the_cards_ends_when_either_card_leaves_the_knot() -> None:
    """Reading lock-follows-the-cards: the lock "ends when either leaves the knot" -
    replaced or removed - since there is no pair left to swap back."""
    for played, where in (("red", "on 7"), ("broken", "on 8")):
        state = scenario(knot=PLAIN_KNOT, hands=[f"{played} red red green", "green", "blue"])
        state.apply(0, "swap 7 8")
        state.apply(0, f"play {played}")
        state.apply(0, where)
        assert state.turn == 1
        assert state.view(1)["locked"] is None
        assert len(legal(state)) == 9


# -------------------------------------------------------------------- step 3: actions


def test_step_3_play_a_card_on_top_of_a_knot_card_to_replace_and_discard_it() -> None:
    """Step 3: "Play a card from your hand on top of a Bulb card in the knot to replace
    and discard that card." """
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    assert legal(state) == ["discard", "play green", "play pink", "play red"]
    assert state.apply(0, "play pink") == []
    assert state.step == PLACE
    assert state.view(1)["placing"] == "pink"
    assert legal(state) == sorted([f"on {i}" for i in range(1, 11)] + ["left end", "right end"])
    events = state.apply(0, "on 9")
    assert events[0] == {
        "type": "replace",
        "seat": 0,
        "at": 9,
        "discarded": "yellow",
        "card": "pink",
    }
    assert knot(state) == " ".join([P] * 7 + [Y, "pink", Y])
    assert state.discard == kinds("yellow")
    assert hand(state, 0) == "red red green"
    assert conserved(state)


def test_step_3_a_bubble_bulb_may_be_played_on_top_of_a_knot_card() -> None:
    """Step 3: "Play a card from your hand" - a Bubble Bulb too."""
    state = scenario(knot=PLAIN_KNOT, hands=["bubble red red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play bubble")
    state.apply(0, "on 3")
    assert state.knot[2] == BUBBLE


def test_step_3_a_broken_bulb_removes_a_knot_card_both_discarded_and_the_gap_closes() -> None:
    """Step 3: "Play a Broken Bulb from your hand on top of a card in the knot to remove
    it. Discard both cards, and shift the other cards in the knot to close the gap." """
    state = scenario(
        knot="red green yellow blue purple pink red green yellow blue",
        hands=["broken red red green", "green", "blue"],
        deck="pink",
        patterns={0: ["P05", "P06", "P07"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "play broken")
    assert legal(state) == sorted(f"on {i}" for i in range(1, 11))
    events = state.apply(0, "on 2")
    assert events[0] == {"type": "remove", "seat": 0, "at": 2, "discarded": "green"}
    assert state.discard == kinds("green broken")
    # The gap closed; step 5 then refilled the knot at the right end.
    assert knot(state) == "red yellow blue purple pink red green blue yellow pink"
    assert conserved(state)


def test_ruling_broken_bulbs_use_only_their_own_remove_action() -> None:
    """Ruling Untangle: broken-only-removes: "Can a Broken Bulb in hand be used with the 'play on
    top to replace' action? No. Broken Bulbs use only their own remove action." Played on a knot
    card, a Broken Bulb always removes it, and never stays in the knot."""
    state = scenario(knot=PLAIN_KNOT, hands=["broken red red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play broken")
    state.apply(0, "on 5")
    assert BROKEN not in state.knot
    assert state.discard[:2] == kinds("purple broken")


def test_reading_broken_never_in_knot_a_broken_bulb_cannot_go_to_an_end() -> None:
    """Reading broken-never-in-knot: "a Broken Bulb never enters the knot: it cannot be
    played to an end either"."""
    state = scenario(knot=PLAIN_KNOT, hands=["broken red red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play broken")
    for text in ("left end", "right end"):
        err = refused(state, 0, text)
        assert err.reason == (
            "a Broken Bulb only removes a knot card (on <n>): it never goes into the knot"
        )
        assert err.rule == "ruling Untangle: broken-only-removes"


def test_step_3_play_a_card_from_your_hand_to_either_end_of_the_knot() -> None:
    """Step 3: "Play a card from your hand to either end of the knot." """
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play pink")
    events = state.apply(0, "left end")
    assert events[0] == {"type": "end", "seat": 0, "card": "pink", "side": "left"}
    assert knot(state) == "pink " + PLAIN_KNOT
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play blue")
    state.apply(0, "right end")
    assert knot(state) == PLAIN_KNOT + " blue"


def test_step_3_discard_one_or_more_cards_then_draw_until_you_have_three() -> None:
    """Step 3: "Discard one or more cards in your hand, then draw new Bulb cards until
    you have three cards in hand." Reading discard-pile-public: everyone sees them."""
    state = scenario(
        knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"], deck="yellow green"
    )
    state.apply(0, "swap 1 2")
    assert state.apply(0, "discard") == []
    assert state.step == DISCARDING
    assert state.view(0)["hand"] == ["red", "green", "blue", "pink"]
    start = len(state.log)
    events = state.apply(0, "cards 1 2 4")  # red, green, pink
    discards = [
        {"type": "discard", "seat": 0, "card": "red"},
        {"type": "discard", "seat": 0, "card": "green"},
        {"type": "discard", "seat": 0, "card": "pink"},
    ]
    assert events[:5] == [
        *discards,
        {"type": "draw", "seat": 0, "card": "green"},
        {"type": "draw", "seat": 0, "card": "yellow"},
    ]
    assert state.events(1, start)[:3] == discards
    assert hand(state, 0) == "green yellow blue"
    assert state.discard == kinds("red green pink")
    assert state.view(2)["discard"] == {"red": 1, "green": 1, "pink": 1}
    assert knot(state) == PLAIN_KNOT  # the knot only changed by the swap of two purples
    assert state.turn == 1


def test_step_3_discard_the_others_see_the_cards_not_the_places_in_the_hand() -> None:
    """Knowledge: ``cards 1 3`` names places in a hidden hand, which would tell the others
    how the cards kept compare; they are told how many cards go (``action_seen_by``,
    the same whatever the hand holds), and the ``discard`` events show which."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    action = state.parse_action("cards 1 3")
    assert state.action_seen_by(0, action, 0) == "cards 1 3"
    assert state.action_seen_by(0, action, 1) == "discard 2 cards"
    assert state.action_seen_by(0, action, None) == "discard 2 cards"
    assert state.action_seen_by(0, state.parse_action("cards 2"), 1) == "discard 1 card"
    assert state.action_seen_by(0, state.parse_action("discard"), 1) == "discard"
    start = len(state.log)
    state.apply(0, action)
    gone = [e["card"] for e in state.events(1, start) if e["type"] == "discard"]
    assert gone == ["red", "blue"]


def test_step_3_discard_all_four_cards_and_draw_three() -> None:
    """Step 3: "one or more cards": all of them too; the draw stops at three."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    assert "cards 1 2 3 4" in legal(state)
    state.apply(0, "cards 1 2 3 4")
    assert state.hand_size(0) == 3


def test_step_3_discard_choices_are_the_different_sets_of_cards() -> None:
    """Step 3 (notation): one choice per different set of cards; of equal cards, the
    first ones are named, and naming later ones is refused, listing the choices."""
    state = scenario(knot=PLAIN_KNOT, hands=["red red red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    # red red red green: one to three reds with or without the green, or the green.
    assert legal(state) == sorted(
        [
            *("cards 1", "cards 1 2", "cards 1 2 3"),
            *("cards 4", "cards 1 4", "cards 1 2 4", "cards 1 2 3 4"),
        ]
    )
    err = refused(state, 0, "cards 2")
    assert err.reason.startswith(
        "those places hold the same cards as another choice: of equal cards, name the first"
    )
    assert err.rule == "Untangle, How to Play 3: discard one or more cards in your hand"
    err = refused(state, 0, "play red")
    assert err.reason == "say which cards of your hand to discard: cards <places>, e.g. cards 1 3"
    state = scenario(knot=PLAIN_KNOT, hands=["red green", "green", "blue"], rest=1)
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    err = refused(state, 0, "cards 3")
    assert err.reason == "you hold 2 cards: name places 1 to 2 of your hand"


def test_step_3_take_one_of_the_actions_only_one() -> None:
    """Step 3: "Take one of the following actions": after one action the turn moves on
    (to the check and the refill); no second action."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play pink")
    state.apply(0, "on 3")
    assert state.turn == 1
    assert state.step == SWAP
    assert state.hand_size(0) == 3
    refused(state, 0, "play blue")


def test_step_3_the_card_played_comes_from_your_hand() -> None:
    """Step 3: "Play a card from your hand"."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    err = refused(state, 0, "play yellow")
    assert err.reason == "you hold no yellow card"
    err = refused(state, 0, "swap 3 4")
    assert err.rule == "Untangle, How to Play 3: take one of the following actions"


def test_step_3_say_where_the_card_played_goes() -> None:
    """Step 3: after ``play <card>`` only a place for it is accepted."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play pink")
    err = refused(state, 0, "on 11")
    assert err.reason == "the knot has 10 cards: on 1 to on 10"
    err = refused(state, 0, "play blue")
    assert err.reason == "say where the pink you played goes: on <n>, left end or right end"
    assert refused(state, 0, "discard").rule == "Untangle, How to Play 3"


# ------------------------------------------------------------------ step 4: the check


def test_step_4_a_sequence_matching_your_pattern_is_completed_and_discarded() -> None:
    """Step 4: "Check if any sequence of Bulb cards in the knot matches one of your
    Pattern cards. If it does, reveal the completed Pattern card and discard the matching
    sequence of five cards from the knot." """
    state = scenario(
        knot="green red pink green blue purple yellow red green red",
        hands=["yellow blue red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
        deck=" ".join([P] * 5),
    )
    state.apply(0, "swap 6 7")  # ... blue yellow purple ...: red pink green blue yellow
    start = len(state.log)
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    done = {"type": "complete", "seat": 0, "pattern": "P01", "from": 2}
    assert done in events
    assert done in state.events(None, start)
    assert state.completed(0) == [PID["P01"]]
    assert [ut.PATTERN_IDS[p] for p in state.secret(0)] == ["P02", "P03"]
    assert state.discard[-5:] == kinds(P01)
    # Revealed: every seat sees the completed card.
    assert state.view(2)["completed"][0] == ["P01"]
    assert state.view(None)["patterns_left"] == [2, 3, 3]
    # Step 5 then closed the gap and refilled at the right end.
    assert knot(state) == "green purple red green red " + " ".join([P] * 5)


def test_ruling_either_direction_a_pattern_matches_the_knot_reversed() -> None:
    """Ruling Untangle: either-direction: "Can a pattern match the knot reversed? Yes, either
    direction." """
    state = scenario(
        knot="purple purple yellow blue green pink red purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    assert {"type": "complete", "seat": 0, "pattern": "P01", "from": 3} in events
    assert state.completed(0) == [PID["P01"]]
    # Reversed with a Bubble Bulb standing in for the green.
    state = scenario(
        knot="purple purple yellow blue bubble pink red purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.completed(0) == [PID["P01"]]


def test_ruling_bubble_bulbs_in_the_knot_are_wild_when_checking_matches() -> None:
    """Ruling Untangle: bubble-wild-in-knot: "Are Bubble Bulbs in the knot wild when checking
    matches? Yes." (Components: "Bubble Bulbs — wildcard; matches any color".)"""
    state = scenario(
        knot="red pink bubble blue bubble purple purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.completed(0) == [PID["P01"]]
    assert state.discard[-5:] == kinds("red pink bubble blue bubble")


def test_step_4_only_five_neighbouring_cards_make_a_sequence() -> None:
    """Step 4: a "sequence" is five cards side by side; the colours spread out with
    another card between them do not match."""
    state = scenario(
        knot="red pink green blue purple yellow purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.completed(0) == []
    assert state.turn == 1


def test_step_4_the_remaining_cards_can_complete_another_of_your_patterns() -> None:
    """Step 4: "If the remaining cards complete another of your Pattern cards, you can
    complete that one too, in the same way." The gap closes first (ruling Untangle: close-the-gap),
    so a sequence made across the gap counts."""
    # blue yellow [yellow blue green pink red] purple green pink: P01 reversed in the
    # middle; once it is gone, blue yellow purple green pink is P02.
    state = scenario(
        knot="blue yellow yellow blue green pink red purple green pink red red",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 11 12")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    completes = [e for e in events if e["type"] == "complete"]
    assert completes == [
        {"type": "complete", "seat": 0, "pattern": "P01", "from": 3},
        {"type": "complete", "seat": 0, "pattern": "P02", "from": 1},
    ]
    assert state.view(1)["completed"][0] == ["P01", "P02"]


def test_reading_matches_are_taken_with_several_matches_you_choose_which_first() -> None:
    """Reading matches-are-taken: "with several you choose which pattern": P01 and P02
    overlap here, so completing one breaks the other."""
    # red pink green blue yellow purple green pink: P01 from 1, P02 from 4.
    state = scenario(
        knot="red pink green blue yellow purple green pink red red",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.step == COMPLETE
    assert state.view(1)["step"] == "complete"
    assert legal(state) == ["complete P01", "complete P02"]
    err = refused(state, 0, "complete P03")
    assert err.reason == (
        "several of your patterns match the knot: choose which to complete first"
        " (complete P01, complete P02)"
    )
    state.apply(0, "complete P02")
    assert state.completed(0) == [PID["P02"]]
    assert PID["P01"] in state.secret(0)  # broken up by the P02 removal
    assert state.turn == 1


def test_reading_matches_are_taken_with_one_way_it_happens_by_itself() -> None:
    """Reading matches-are-taken: "a match is never declined ... with one way to complete
    it happens by itself"."""
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.completed(0) == [PID["P01"]]
    assert state.turn == 1


def test_reading_matches_are_taken_a_pattern_matching_twice_choose_which_cards() -> None:
    """Reading matches-are-taken: "if it matches in several places, which cards" - the
    five cards starting on knot card n (``on n``)."""
    state = scenario(
        knot="red pink green blue yellow red pink green blue yellow purple purple",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 11 12")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.step == WINDOW
    assert state.view(1)["completing"] == "P01"
    assert state.view(1)["completed"][0] == ["P01"]  # revealed already
    assert legal(state) == ["on 1", "on 6"]
    err = refused(state, 0, "on 2")
    assert err.reason == "P01 matches in several places: choose which five cards (on 1, on 6)"
    assert err.rule == "Untangle, How to Play 4: discard the matching sequence of five cards"
    state.apply(0, "on 6")
    assert state.discard[-5:] == kinds(P01)
    assert knot(state).startswith(P01 + " purple purple")
    assert state.turn == 1


def test_reading_check_only_in_step_4_of_the_player_whose_turn_it_is() -> None:
    """Reading check-only-in-step-4: "only the player whose turn it is checks": seat 1's
    pattern in the knot is not completed on seat 0's turn, only on seat 1's."""
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red red green", "green green green", "blue"],
        patterns={0: ["P02", "P03", "P04"], 1: ["P01", "P05", "P06"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.completed(1) == []
    assert state.turn == 1
    state.apply(1, "swap 8 9")  # 9 10 is locked: seat 0 just swapped them
    state.apply(1, "discard")
    state.apply(1, "cards 1")
    assert state.completed(1) == [PID["P01"]]


def test_reading_check_only_in_step_4_a_match_the_refill_makes_waits() -> None:
    """Reading check-only-in-step-4: "a match made by the refill waits for whoever finds
    it in their own step 4": the refill comes after the check."""
    state = scenario(
        knot="purple purple purple purple purple purple red pink green blue",
        hands=["broken red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
        deck="yellow",
    )
    state.apply(0, "swap 1 2")
    state.apply(0, "play broken")
    state.apply(0, "on 1")
    assert knot(state).endswith(P01)  # the refill's yellow finished P01 ...
    assert state.completed(0) == []  # ... after seat 0's check
    assert state.turn == 1


# --------------------------------------------------------------------- step 5: refill


def test_step_5_reveal_cards_from_the_deck_to_replace_the_discarded_cards() -> None:
    """Step 5: "Reveal cards from the Bulb deck to replace the discarded cards in the
    knot." ruling Untangle: close-the-gap: "Close the gap, then add the new cards at the right end
    until the knot is 10 again." """
    state = scenario(
        knot="green red pink green blue yellow purple green red red",
        hands=["yellow blue red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
        deck="blue green yellow purple pink",
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    start = len(state.log)
    events = state.apply(0, "cards 1")
    reveals = [e["card"] for e in events if e["type"] == "reveal"]
    assert reveals == ["pink", "purple", "yellow", "green", "blue"]
    assert knot(state) == "green purple green red red pink purple yellow green blue"
    assert [e for e in state.events(None, start) if e["type"] == "reveal"] == [
        {"type": "reveal", "card": c} for c in reveals
    ]


def test_step_5_a_broken_bulb_revealed_is_discarded_and_replaced() -> None:
    """Step 5: "If you draw a Broken Bulb this way, discard it immediately and replace
    it." """
    state = scenario(
        knot="red red red red red red green green green",
        hands=["pink blue red green", "green", "blue"],
        deck="yellow broken broken",
    )
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    assert [e for e in events if e["type"] == "reveal"] == [
        {"type": "reveal", "card": "broken", "discarded": True},
        {"type": "reveal", "card": "broken", "discarded": True},
        {"type": "reveal", "card": "yellow"},
    ]
    assert state.knot[-1] == KIND["yellow"]
    assert state.discard.count(BROKEN) == 2
    assert conserved(state)


def test_step_5_if_the_bulb_deck_runs_out_shuffle_the_discard_pile_to_refill_it() -> None:
    """Step 5: "If the Bulb deck runs out, shuffle the discard pile to refill it." """
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
        deck="",
        rest="discard",
    )
    pile = len(state.discard)
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    assert {"type": "reshuffle", "deck": pile + 6} in events
    assert len(state.knot) == 10
    assert conserved(state)


def test_reading_refill_to_ten_a_knot_made_longer_stays_long() -> None:
    """Reading refill-to-ten: "a knot made longer than 10 by playing to an end stays
    long"; nothing is revealed."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "play pink")
    events = state.apply(0, "right end")
    assert not [e for e in events if e["type"] == "reveal"]
    assert len(state.knot) == 11


def test_reading_refill_to_ten_replaces_a_card_a_broken_bulb_removed() -> None:
    """Reading refill-to-ten: step 5 "also replaces a card a Broken Bulb removed"."""
    state = scenario(knot=PLAIN_KNOT, hands=["broken blue red green", "green", "blue"], deck="pink")
    state.apply(0, "swap 1 2")
    state.apply(0, "play broken")
    events = state.apply(0, "on 1")
    assert {"type": "reveal", "card": "pink"} in events
    assert knot(state) == " ".join([P] * 6 + [Y] * 3 + ["pink"])


def test_the_hand_holds_three_cards_between_turns() -> None:
    """Steps 1 and 3: three cards between turns, four after the draw of step 1."""
    state = yuletide.new_game(GAME, players=3, seed=9)
    rng = Rng(4)
    checked = 0
    for _ in range(300):
        if state.outcome.over:
            break
        if state.step == SWAP:
            checked += 1
            assert state.hand_size(state.turn) == 4
            for s in range(3):
                if s != state.turn:
                    assert state.hand_size(s) == 3
        random_play(state, rng, 1)
    assert checked > 50


# ------------------------------------------------------------------- nothing left


def test_reading_nothing_left_a_draw_with_deck_and_discard_empty_is_skipped() -> None:
    """Reading nothing-left: "with the deck and discard pile both empty a draw is
    skipped"."""
    knot_cards = " ".join(["red"] * 7 + ["green"] * 7 + ["yellow"] * 7 + ["blue"] * 7 + [P] * 6)
    state = scenario(2, knot=knot_cards, hands=["purple pink", "pink pink"], deck="", rest=0)
    assert state.deck == [] and state.discard == []
    state.apply(0, "swap 1 2")
    state.apply(0, "play purple")
    start = len(state.log)
    state.apply(0, "right end")
    assert {"type": "no-draw", "seat": 1} in state.events(None, start)
    assert state.turn == 1
    assert conserved(state)


def test_reading_nothing_left_a_player_with_no_card_skips_step_3() -> None:
    """Reading nothing-left: "A player with no card in hand skips step 3"."""
    plain = " ".join(c for c in BULBS for _ in range(7) if c not in ("bubble", "broken"))
    state = scenario(
        2,
        knot=plain,
        hands=["", "broken broken broken broken broken bubble bubble bubble bubble"],
        deck="",
        rest=1,
    )
    events = state.apply(0, "swap 1 2")
    assert events == [
        {"type": "swap", "seat": 0, "cards": [1, 2]},
        {"type": "no-action", "seat": 0},
        {"type": "no-draw", "seat": 1},
    ]
    assert state.turn == 1


def test_reading_nothing_left_the_refill_stops_when_only_broken_bulbs_are_left() -> None:
    """Reading nothing-left: "the refill also stops when only Broken Bulbs are left to
    reveal (it would loop forever)"."""
    state = scenario(
        2,
        knot="red red red red red red red green green",
        hands=["broken broken broken broken", "green"],
        deck="",
        rest=1,
    )
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")  # a Broken Bulb: all the deck and the pile hold
    assert not [e for e in events if e["type"] == "reveal"]
    assert len(state.knot) == 9
    # A player's draw may take the Broken Bulb: seat 1 starts its turn with it.
    assert events[-2:] == [
        {"type": "reshuffle", "deck": 1},
        {"type": "draw", "seat": 1},
    ]
    assert state.turn == 1
    assert conserved(state)


# ------------------------------------------------------------------------- game end


def test_game_end_the_first_player_to_complete_all_three_patterns_wins() -> None:
    """Game End / Winning: "The first player to complete all three of their Pattern cards
    is the winner!" - at once, before the refill."""
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01"]},
        completed={0: ["P02", "P03"], 1: ["P04"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    events = state.apply(0, "cards 1")
    assert events[-1] == {"type": "win", "seat": 0}
    assert len(state.knot) == 5  # no refill after the win
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 2, 3)
    assert outcome.reason == "seat 0 completed all three of their Pattern cards"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    err = refused(state, 1, "swap 1 2")
    assert err.reason == "the game is over (finished): no seat may act"
    assert err.rule == "Untangle: game end"


def test_game_end_two_completed_patterns_do_not_win() -> None:
    """Game End: all three patterns are needed."""
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01", "P05"]},
        completed={0: ["P02"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.outcome.status == "ongoing"
    assert len(state.completed(0)) == 2


# --------------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: the game "ends as *unfinished* - no winner"."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"], turn_limit=1)
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    outcome = state.outcome
    assert outcome.status == "unfinished"
    assert outcome.winners == ()
    assert outcome.reason == "turn limit of 1 reached"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME, players=2, seed=0).turn_limit == 1500


def test_ruling_turn_limit_a_win_on_the_last_turn_counts() -> None:
    """Safety limits: "A rule change never hides behind this limit"."""
    state = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red red green", "green", "blue"],
        patterns={0: ["P01"]},
        completed={0: ["P02", "P03"]},
        turn_limit=1,
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.outcome.winners == (0,)


# ------------------------------------------------------------- options and bad input


@pytest.mark.parametrize("players", [0, 1, 7, "3", True])
def test_player_count_2_to_6(players: Any) -> None:
    """Untangle: "2 to 6 players"."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"untangle is for 2 to 6 players, got {players!r}"


def test_options_turn_limit_only() -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, knot=12)
    assert str(info.value) == "untangle has no option 'knot'; its options are: turn_limit"
    with pytest.raises(InvalidOption):
        yuletide.new_game(GAME, players=3, seed=0, turn_limit=0)


def test_notation_round_trips_and_bad_text_lists_the_forms() -> None:
    space = ut.Untangle.action_space(4)
    assert len({str(a) for a in space}) == len(space)
    for action in space:
        assert ut.Untangle.parse_action(str(action)) == action
        assert ut.Untangle.parse_action(str(action).upper()) == action
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    for text in ("swap 3", "play plug", "from 3", "complete P19", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err).startswith(f"{text!r} is not an Untangle action; the forms are: swap")


def test_illegal_actions_change_nothing_at_every_step() -> None:
    """IllegalAction "changes nothing": every action not legal at each step is refused
    with a rule cited, the state unchanged."""
    s1 = scenario(knot=PLAIN_KNOT, hands=["pink red broken green", "green", "blue"])
    s2 = s1.clone()
    s2.apply(0, "swap 1 2")
    s3 = s2.clone()
    s3.apply(0, "play broken")
    s4 = s2.clone()
    s4.apply(0, "discard")
    for state in (s1, s2, s3, s4):
        ok = set(legal(state))
        for action in state.action_space(3):
            if str(action) not in ok:
                assert refused(state, 0, str(action)).rule is not None


# ------------------------------------------------------------------------- knowledge


def test_view_hides_other_hands_and_unfinished_patterns() -> None:
    """Knowledge: hands and unfinished Pattern cards are hidden; the knot, discard pile
    and completed patterns are public."""
    state = scenario(
        knot=PLAIN_KNOT,
        hands=["pink pink pink pink", "yellow", "bubble"],
        patterns={0: ["P05", "P06", "P07"], 1: ["P08", "P09", "P10"]},
        completed={2: ["P11"]},
        discard="blue blue",
    )
    mine = state.view(0)
    assert mine["hand"] == ["pink"] * 4
    assert [p["id"] for p in mine["patterns"]] == ["P05", "P06", "P07"]
    assert mine["patterns"][0]["lights"] == ["purple", "yellow", "pink", "blue", "red"]
    theirs = state.view(1)
    assert theirs["hand"] == ["yellow"]
    assert [p["id"] for p in theirs["patterns"]] == ["P08", "P09", "P10"]
    assert "P05" not in json.dumps(theirs)
    for v in (state.view(1), state.view(None)):
        assert v["completed"][2] == ["P11"]
        assert v["discard"] == {"blue": 2}
        assert v["hand_sizes"] == [4, 1, 1]
    assert state.view(None)["hand"] is None


def test_determinize_keeps_what_the_seat_knows_and_re_deals_the_rest() -> None:
    """Knowledge: determinize re-deals the other hands with the deck and the other
    players' unfinished patterns with the boxed ones; sizes are kept."""
    state = yuletide.new_game(GAME, players=3, seed=4)
    changed_hands = changed_patterns = 0
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert [det.hand_size(s) for s in range(3)] == [state.hand_size(s) for s in range(3)]
        assert det.secret(0) == state.secret(0)
        assert conserved(det)
        changed_hands += det.hands != state.hands
        changed_patterns += det.owner != state.owner
    assert changed_hands >= 18 and changed_patterns >= 18


def test_determinize_a_player_choosing_which_pattern_keeps_two_that_match() -> None:
    """Knowledge: "a player choosing which pattern to complete is dealt at least two
    patterns that match the knot"."""
    state = scenario(
        knot="red pink green blue yellow purple green pink red red",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
    )
    state.apply(0, "swap 9 10")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    assert state.step == COMPLETE
    dealt = set()
    for i in range(10):
        det = state.determinize(1, Rng(i))
        assert len(det.legal_actions(0)) >= 2
        assert det.view(1) == state.view(1)
        dealt.add(tuple(det.secret(0)))
    assert len(dealt) > 1


# ----------------------------------------------------------- records and whole games


def test_save_load_replay_and_unchecked_path_agree() -> None:
    state = yuletide.new_game(GAME, players=4, seed=11)
    random_play(state, Rng(3), 150)
    assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    fast = yuletide.new_game(GAME, players=4, seed=11)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    assert fast.to_json() == state.to_json()


def test_render_shows_the_knot_with_letters() -> None:
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    text = render_text(state.view(0))
    assert "Knot: 1:U  2:U" in text
    assert "Your hand: 1:R red" in text
    assert "Your pattern" in text


# ----------------------------------------- issue 12: determinize, channels, hostile input


def along(players: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of a random game, and its last."""
    states: list[Any] = []
    state = yuletide.new_game(GAME, players=players, seed=seed)
    rng = Rng(seed + 1000)
    while True:
        if len(state.history) % every == 0 or state.outcome.over:
            states.append(state.clone())
        if state.outcome.over:
            return states
        actions = state.legal_actions(state.turn)
        state.apply(state.turn, actions[rng.below(len(actions))])


#: Seat 0's P01 shows twice and its P02 once: choosing which to complete, then (P01
#: chosen) which five cards. The last two purples are there to be swapped.
TWO_SHOWING = (
    "red pink green blue yellow red pink green blue yellow blue yellow purple green pink"
    " purple purple"
)


def choosing(step: str) -> Any:
    """Seat 0 choosing: ``complete`` (P01 or P02), ``chosen`` (P01's five cards, P02
    still showing) or ``only`` (P01's five cards, the only one of its patterns showing)."""
    knot_text = (
        TWO_SHOWING
        if step != "only"
        else ("red pink green blue yellow red pink green blue yellow purple purple")
    )
    state = scenario(
        knot=knot_text,
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01", "P02", "P03"]},
        rest="discard",
    )
    state.apply(0, f"swap {len(state.knot) - 1} {len(state.knot)}")
    state.apply(0, "discard")
    state.apply(0, "cards 1")
    if step == "chosen":
        assert state.step == COMPLETE
        state.apply(0, "complete P01")
    return state


def test_issue_12_determinize_events_of_another_seat_carry_none_of_its_private_draws() -> None:
    """Issue 12, section 1: ``determinize(0, ·).events(other)`` listed the other seats'
    true drawn cards. A determinized world's log is frozen as seat 0 and the table saw
    it: another seat's events there are the public ones."""
    state = yuletide.new_game(GAME, players=3, seed=2)
    random_play(state, Rng(4), 40)
    private = [e for e in state.events(1) if e["type"] == "draw" and e["seat"] == 1]
    assert private and all("card" in e for e in private)
    for k in range(10):
        det = state.determinize(0, Rng(k))
        assert det.events(1) == state.events(None)
        assert det.events(2) == state.events(None)
        assert det.events(0) == state.events(0)
        assert all("card" not in e for e in det.events(1) if e["type"] == "draw")
    for players in (2, 6):
        for state in along(players, 3, every=251):
            for seat in range(players):
                det = state.determinize(seat, Rng(seat))
                public = state.events(None)
                for other in range(players):
                    if other != seat:
                        assert det.events(other) == public


def test_issue_12_the_deck_order_is_not_recoverable_from_determinize() -> None:
    """Issue 12, section 1: the deck and the other hands were shuffled in their true
    order, so a caller replaying the rng recovered them (the property failed at
    ``state.deck[0]``). Two worlds that differ only in what seat 0 cannot see now give
    the same determinization."""
    state = yuletide.new_game(GAME, players=3, seed=100)
    other = state.clone()
    other.deck.reverse()
    for seat in range(3):
        for k in range(5):
            a = state.determinize(seat, Rng(k))
            b = other.determinize(seat, Rng(k))
            assert a.to_json() == b.to_json()
    # The other players' patterns too: swap seat 1's and seat 2's unfinished ones.
    swapped = state.clone()
    swapped.owner = [{1: 2, 2: 1}.get(o, o) for o in state.owner]
    assert state.determinize(0, Rng(3)).to_json() == swapped.determinize(0, Rng(3)).to_json()


def test_issue_12_determinize_is_canonical_at_every_player_count_over_many_seeds() -> None:
    """Issue 12, section 1: determinizing the state and any determinization of it with
    the same rng give byte-equal saves (no seed, no record, no true order or hand)."""
    for players in range(2, 7):
        for seed in range(2):
            for state in along(players, seed, every=307):
                for seat in range(players):
                    world = state.determinize(seat, Rng(seed))
                    assert world.seed == 0 and world.record().actions == ()
                    conformance.check_canonical(state, seat, world, seed * 7 + seat)


@pytest.mark.parametrize("step", ["complete", "chosen", "only"])
def test_issue_12_the_rare_choosing_steps_leak_nothing_and_determinize_canonically(
    step: str,
) -> None:
    """Issue 12, section 3: the ``complete`` and ``which-cards`` phases are too rare for
    random play to reach reliably, so the whole leak proof (every channel, canonical
    determinize, learning only by events) is run on them here, for every seat."""
    state = choosing(step)
    assert state.current_phase == ("complete" if step == "complete" else "which-cards")
    report = conformance.LeakReport()
    for seat in range(3):
        for k in range(4):
            conformance.leak_check_at(state, seat, Rng(k), report)
    assert report.redealt > 0 and report.tried > 0


def test_issue_12_determinize_keeps_what_the_table_knows_of_the_choosing_player() -> None:
    """Issue 12, section 1: the player on turn keeps what the table knows of its
    patterns. Choosing which to complete: two of them show. Choosing the five cards of
    a pattern that was the only one showing: none of the others shows. Of one chosen
    among several: at least one other shows."""
    for step, showing in (("complete", (2, 3)), ("only", (0, 0)), ("chosen", (1, 2))):
        state = choosing(step)
        dealt = set()
        for k in range(30):
            det = state.determinize(1, Rng(k))
            shown = len(ut.found(det.knot, det.secret(0)))
            assert showing[0] <= shown <= showing[1], (step, k)
            assert len(det.secret(0)) == len(state.secret(0))
            assert det.view(1) == state.view(1)
            dealt.add(tuple(det.secret(0)))
        assert len(dealt) > 1, step


def test_issue_12_a_discard_by_places_is_shown_the_same_in_every_world() -> None:
    """Issue 12, section 3 (``action_seen_by``): ``cards 1 3`` named the cards at those
    places of the hidden hand, so the same action read differently in worlds the others
    cannot tell apart. They are now told how many cards go."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink blue red green", "green", "blue"])
    state.apply(0, "swap 1 2")
    state.apply(0, "discard")
    for k in range(10):
        det = state.determinize(1, Rng(k))
        for action in det.legal_actions(0):
            assert det.action_seen_by(0, action, 1) == state.action_seen_by(0, action, 1)
    conformance.leak_check_at(state, 1, Rng(1))


def test_issue_12_another_games_action_is_a_notation_error() -> None:
    """Issue 12, section 4: another game's action object is refused by name by every
    function that takes an action, and changes nothing."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    before = state.to_json()
    for game_id in yuletide.games():
        if game_id == GAME:
            continue
        cls = yuletide.game_class(game_id)
        for foreign in cls.action_space(cls.default_players)[:3]:
            for call in (
                lambda a: state.apply(0, a),
                lambda a: state.why_illegal(0, a),
                lambda a: state.action_seen_by(0, a, 1),
            ):
                with pytest.raises(NotationError, match="is not an action of Untangle"):
                    call(foreign)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [
        ut.Swap(99),
        ut.Swap(-1),
        ut.Play(8),
        ut.On(99),
        ut.End(2),
        ut.Cards(0),
        ut.Cards(16),
        ut.Complete(18),
        ut.Complete(-1),
    ],
    ids=repr,
)
def test_issue_12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values no action has are
    refused as not actions of the game (never an IndexError), the state unchanged."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    before = state.to_json()
    with pytest.raises(NotationError, match="is not an action of Untangle"):
        state.apply(0, action)
    with pytest.raises(NotationError):
        state.action_seen_by(0, action, 1)
    assert state.to_json() == before


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.5, None])
def test_issue_12_bad_seats_are_invalid_seat_errors_in_every_per_seat_function(
    seat: Any,
) -> None:
    """Issue 12, section 4: a bad seat is InvalidSeat everywhere; None is only a
    spectator's view and events."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    before = state.to_json()
    calls = [
        lambda: state.legal_actions(seat),
        lambda: state.apply(seat, "swap 1 2"),
        lambda: state.determinize(seat, Rng(1)),
        lambda: state.why_illegal(seat, ut.Swap(0)),
        lambda: state.action_seen_by(seat, ut.Swap(0), 1),
    ]
    if seat is not None:
        calls += [lambda: state.view(seat), lambda: state.events(seat)]
    for call in calls:
        with pytest.raises(InvalidSeat, match="seats are 0 to 2"):
            call()
    assert state.to_json() == before


def test_issue_12_bad_arguments_and_determinized_saves_are_documented_errors() -> None:
    """Issue 12, section 4: ``events(0, "a")``, ``events(0, -5)``, a determinize without
    an Rng are InvalidArgument; a determinized world's save is refused by ``load``."""
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    for start in ("a", -5, 10**6):
        with pytest.raises(InvalidArgument, match="start must be a whole number"):
            state.events(0, start)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="needs an Rng"):
        state.determinize(0, 5)  # type: ignore[arg-type]
    with pytest.raises(CorruptSave):
        yuletide.load(state.determinize(0, Rng(1)).to_json())


def test_issue_12_phases_are_the_steps_of_a_turn_and_the_end() -> None:
    """Issue 12, section 3: one phase per step of a turn, then the end."""
    assert ut.Untangle.phases == (
        "untangle",
        "action",
        "place",
        "discard",
        "complete",
        "which-cards",
        "game-over",
    )
    state = scenario(knot=PLAIN_KNOT, hands=["pink red red green", "green", "blue"])
    assert state.current_phase == "untangle"
    state.apply(0, "swap 1 2")
    assert state.current_phase == "action"
    state.clone().apply(0, "discard")
    discarding = state.clone()
    discarding.apply(0, "discard")
    assert discarding.current_phase == "discard"
    state.apply(0, "play red")
    assert state.current_phase == "place"
    assert choosing("complete").current_phase == "complete"
    assert choosing("only").current_phase == "which-cards"
    assert choosing("chosen").view(1)["step"] == "which-cards"
    won = scenario(
        knot="red pink green blue yellow purple purple purple purple purple",
        hands=["pink red green green", "green", "blue"],
        patterns={0: ["P01"]},
        completed={0: ["P02", "P03"]},
    )
    won.apply(0, "swap 9 10")
    won.apply(0, "discard")
    won.apply(0, "cards 1")
    assert won.current_phase == "game-over"
    text = render_text(won.view(None))
    assert "Untangle — game over after 0 turns" in text and "to act" not in text
