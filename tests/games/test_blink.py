"""Blink: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Blink" (quoted in each test's docstring), with its
Pattern-card example reproduced on P01; docs/rulings.md#christmas-lights--bonus-games (the
two Blink rows) and "Every game: safety limits"; the readings named in blink.py's
docstring.

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the box (61 Bulb cards, 18 Pattern cards, and the 6
Character cards in a match) kept exactly once.
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
from yuletide.games.christmas_lights.blink import rules as bl
from yuletide.games.christmas_lights.blink.rules import (
    ANY,
    BROKEN,
    CALLED,
    DRAWN,
    NONE,
    OPEN,
    PLAY,
)
from yuletide.games.christmas_lights.blink.text import render as render_text

GAME = "blink"
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
KIND = {name: i for i, name in enumerate(bl.KIND_NAME)}
PID = {pid: i for i, pid in enumerate(bl.PATTERN_IDS)}
#: P01 (the rulebook's example): red pink green blue yellow, no purple.
#: P02: blue yellow purple green pink, no red.

# ----------------------------------------------------------------------------- helpers


def kinds(cards: str) -> list[int]:
    return [KIND[name] for name in cards.split()]


def scenario(
    players: int = 3,
    *,
    hands: list[str],
    discard: str,
    deck: str | None = None,
    rest: str | int = "deck",
    string: str = "P01",
    strings: list[str] | None = None,
    pattern_deck: list[str] | None = None,
    blink: str | None = None,
    turn: int = 0,
    step: int = PLAY,
    drawn: str | None = None,
    calls: list[int] | None = None,
    turns: int = 0,
    seed: int = 5,
    **options: Any,
) -> Any:
    """A game in the situation given, every card of the box exactly once.

    ``hands`` per seat, ``discard`` (bottom first, top last) and ``deck`` (top last) are
    card names; cards not named go to ``rest`` ("deck" under the named deck, "discard"
    under the named pile, or a seat). The current string is ``string`` (over ``strings``
    placed before it); the Pattern deck is ``pattern_deck`` (top last) or every other
    Pattern card. The blinking colour defaults to the top of the discard pile.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    hand_ids = [kinds(h) for h in hands]
    discard_ids = kinds(discard)
    deck_ids = kinds(deck) if deck is not None else []
    left = Counter({KIND[n]: c for n, c in BULBS.items()})
    left.subtract(Counter([k for h in hand_ids for k in h] + discard_ids + deck_ids))
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    leftovers = sorted(left.elements(), reverse=True)
    if rest == "deck":
        deck_ids = leftovers + deck_ids
    elif rest == "discard":
        discard_ids = leftovers + discard_ids
    else:
        assert isinstance(rest, int)
        hand_ids[rest] += leftovers
    state.hands = [0] * (players * bl.N_KINDS)
    for s, h in enumerate(hand_ids):
        for k in h:
            state.hands[s * bl.N_KINDS + k] += 1
    state.deck = deck_ids
    state.discard = discard_ids
    placed = [PID[p] for p in [*(strings or []), string]]
    state.strings = placed
    if pattern_deck is None:
        state.patterns = [p for p in range(bl.N_PATTERNS) if p not in placed]
    else:
        state.patterns = [PID[p] for p in pattern_deck]
    if blink is None:
        state.blink = discard_ids[-1]
    else:
        state.blink = ANY if blink == "any" else KIND[blink]
    state.turn = turn
    state.step = step
    state.drawn = -1 if drawn is None else KIND[drawn]
    state.calls = calls or [NONE] * players
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
    b = seat * bl.N_KINDS
    return [bl.KIND_NAME[k] for k in range(bl.N_KINDS) for _ in range(state.hands[b + k])]


def plays(state: Any, seat: int | None = None) -> list[str]:
    """The legal plays of plain colours (the rest of the legal actions aside)."""
    return [a for a in legal(state, seat) if a.split()[-1] in bl.COLOURS and "bubble" not in a]


BUBBLE_P01 = [f"play bubble {c}" for c in ("red", "pink", "green", "blue", "yellow")]

# ------------------------------------------------------------------ components, setup


def test_components_18_patterns_and_all_61_bulb_cards() -> None:
    """Components: "18 Pattern cards; 7 each of Red, Green, Yellow, Blue, Purple, Pink
    Bulbs; 6 Bubble Bulbs; 5 Broken Bulbs; 8 Plugs; 6 Character cards — optional"."""
    state = yuletide.new_game(GAME, players=3, seed=1)
    box = Counter(state.box())
    assert {k: box[k] for k in BULBS} == BULBS
    assert sorted(k for k in box if k.startswith("P")) == sorted(bl.PATTERN_IDS)
    assert len(state.box()) == 61 + 18
    match = yuletide.new_game(GAME, players=3, seed=1, match=True)
    assert Counter(match.box()) - box == Counter(bl.CHARACTERS)


def test_setup_1_2_pattern_deck_face_down_its_top_card_is_the_starting_string() -> None:
    """Setup 1-2: "Shuffle the Pattern cards together and place the cards face-down to
    form the Pattern deck. Reveal the top card of the Pattern deck and place it beside
    the Pattern deck. This is the starting string." """
    strings = set()
    for seed in range(20):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        assert len(state.strings) == 1
        assert len(state.patterns) == 17
        view = state.view(None)
        assert view["string"]["id"] == bl.PATTERN_IDS[state.strings[0]]
        assert view["pattern_deck"] == 17
        assert {"type": "deal", "dealer": 2, "string": view["string"]["id"]} in state.events(None)
        strings.add(state.strings[0])
    assert len(strings) > 8


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_3_4_all_bulb_cards_shuffled_ten_dealt_to_each_the_rest_the_deck(
    players: int,
) -> None:
    """Setup 3-4: "Shuffle the plain colored Bulb cards together with the Bubble Bulbs,
    Broken Bulbs, and Plugs. Deal 10 cards to each player, then place the remaining Bulb
    cards face-down to form the Bulb deck." """
    for seed in range(5):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert [state.hand_size(s) for s in range(players)] == [10] * players
        assert len(state.deck) + len(state.discard) == 61 - 10 * players
        assert state.view(None)["deck"] == len(state.deck)
        assert conserved(state)


def test_setup_5_the_first_blinking_bulb_is_revealed_until_one_is_on_the_pattern() -> None:
    """Setup 5: "Reveal the top card of the Bulb deck and place it beside the Bulb deck
    to start the discard pile. This is the first blinking bulb. If the card revealed is
    not a bulb on the Pattern card, keep revealing cards until you find one that is in
    the pattern." Reading reveals-stay-in-the-pile: the others stay under it."""
    several = 0
    for seed in range(300):
        state = yuletide.new_game(GAME, players=4, seed=seed)
        lights = bl.LIGHTS[state.strings[0]]
        shown = [e["card"] for e in state.events(None) if e["type"] == "reveal"]
        assert shown == [bl.KIND_NAME[k] for k in state.discard]
        assert state.discard[-1] in lights
        assert state.blink == state.discard[-1]
        assert all(k not in lights for k in state.discard[:-1])
        several += len(shown) > 1
    assert several > 20


def test_setup_6_left_of_the_dealer_first_so_seat_0_starts_then_clockwise() -> None:
    """Setup 6: "The player to the left of the dealer takes the first turn, and play
    continues clockwise." The first dealer is the last seat, so seat 0 starts."""
    for players in (2, 5):
        state = yuletide.new_game(GAME, players=players, seed=1)
        assert state.dealer == players - 1
        assert state.turn == 0
        assert state.to_act == frozenset({0})
    state = scenario(
        hands=["pink pink pink pink pink", "red red red red red", "green green green green"],
        discard="red",
    )
    order = []
    for _ in range(4):
        seat = state.turn
        order.append(seat)
        while state.turn == seat:
            state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 1, 2, 0]


# ---------------------------------------------------------------------- playing a card


def test_example_after_green_you_could_play_pink_left_or_blue_right() -> None:
    """Example (P01: Red, Pink, Green, Blue, Yellow): "the last player used a Green Bulb,
    you could play Pink (left of Green) or Blue (right of Green)." """
    state = scenario(hands=["red pink green blue yellow purple", "red", "red"], discard="green")
    assert state.view(0)["string"]["lights"] == ["red", "pink", "green", "blue", "yellow"]
    assert plays(state) == ["play blue", "play pink"]
    assert state.view(0)["may_play"] == ["blue", "pink"]


def test_example_the_pattern_wraps_around_after_yellow_play_red() -> None:
    """Example: "The pattern also wraps around from end to end, so if the last player
    used a Yellow Bulb, at the far right of the string, you could play Red to join up on
    the far left." """
    state = scenario(hands=["red pink green blue yellow purple", "red", "red"], discard="yellow")
    assert plays(state) == ["play blue", "play red"]
    state.apply(0, "play red")
    assert state.blink == KIND["red"]
    assert state.discard[-1] == KIND["red"]
    # ... and from red, the far left, back round to yellow.
    assert plays(state, 1) == []  # seat 1 holds only red
    state = scenario(hands=["yellow pink green", "red", "red"], discard="red")
    assert plays(state) == ["play pink", "play yellow"]


def test_playing_you_may_not_play_the_same_colour_again() -> None:
    """Playing: "you may not play the same color again"."""
    state = scenario(hands=["green pink", "red", "red"], discard="green")
    err = refused(state, 0, "play green")
    assert err.reason == (
        "green is blinking: you may not play the same colour again (you may play blue, pink)"
    )
    assert err.rule == "Blink, How to Play: you may not play the same color again"


def test_playing_a_colour_not_next_to_the_blinking_one_is_refused() -> None:
    """Playing: "You may play the color that is directly to the left or right of that
    bulb"; other colours (and the colour missing from the card) may not be played."""
    state = scenario(hands=["red purple pink", "red", "red"], discard="green")
    for colour in ("red", "purple"):
        err = refused(state, 0, f"play {colour}")
        assert err.reason == (
            f"{colour} is not next to the blinking green on P01 (you may play blue, pink)"
        )
        assert err.rule == (
            "Blink, How to Play: play the color directly to the left or right of that bulb"
        )
    assert refused(state, 0, "play blue").reason == "you hold no blue card"


def test_playing_one_card_then_the_turn_passes() -> None:
    """Playing: "On your turn, you may play one card"."""
    state = scenario(hands=["pink blue", "red", "red"], discard="green")
    events = state.apply(0, "play pink")
    assert events == [{"type": "play", "seat": 0, "card": "pink"}]
    assert state.turn == 1
    assert state.turns == 1
    assert hand(state, 0) == ["blue"]


def test_bubble_bulb_is_a_wildcard_naming_any_of_the_five_colours_on_the_card() -> None:
    """A Bubble Bulb: "This is a wildcard. When you play the Bubble Bulb, you may name any
    of the five colors on the current Pattern card. The next player must play one of the
    colors to the right or left of the named color." """
    state = scenario(hands=["bubble purple", "red yellow pink", "red"], discard="green")
    assert legal(state) == sorted(BUBBLE_P01)
    err = refused(state, 0, "play bubble purple")
    assert err.reason == (
        "purple is not on the Pattern card P01: name one of red, pink, green, blue, yellow"
    )
    assert err.rule == "Blink, How to Play: name any of the five colors on the current Pattern card"
    events = state.apply(0, "play bubble red")
    assert events == [{"type": "play", "seat": 0, "card": "bubble", "colour": "red"}]
    assert state.blink == KIND["red"]
    assert state.view(1)["blinking"] == "red"
    assert plays(state) == ["play pink", "play yellow"]


def test_broken_bulb_does_not_move_the_light_and_is_tucked_under_the_pile() -> None:
    """A Broken Bulb: "A Broken Bulb doesn't affect the position of the blinking light at
    all. Instead of discarding the Broken Bulb on top of the pile, tuck it under the
    bottom of the discard pile." """
    state = scenario(hands=["broken purple", "pink", "red"], discard="yellow green")
    events = state.apply(0, "play broken")
    assert events == [{"type": "play", "seat": 0, "card": "broken"}]
    assert state.discard == kinds("broken yellow green")
    assert state.blink == KIND["green"]
    assert state.view(1)["discard"] == ["broken", "yellow", "green"]
    assert plays(state) == ["play pink"]


def test_plug_brings_a_new_string_and_reveals_its_first_blinking_bulb() -> None:
    """A Plug: "When you play a Plug, draw a new Pattern card and place it on top of the
    current string to become the new string. Then reveal cards from the Bulb deck until
    you find one of the five colors in the new pattern. Play continues with the new
    blinking bulb." Reading reveals-stay-in-the-pile: the Plug first, then the reveals."""
    # P02 (blue yellow purple green pink) has no red.
    state = scenario(
        hands=["plug purple", "pink", "red"],
        discard="green",
        deck="yellow red red",
        pattern_deck=[p for p in bl.PATTERN_IDS if p not in ("P01", "P02")] + ["P02"],
    )
    events = state.apply(0, "play plug")
    assert events == [
        {"type": "play", "seat": 0, "card": "plug"},
        {"type": "string", "pattern": "P02"},
        {"type": "reveal", "card": "red"},
        {"type": "reveal", "card": "red"},
        {"type": "reveal", "card": "yellow"},
    ]
    assert state.strings == [PID["P01"], PID["P02"]]
    assert state.view(1)["string"]["id"] == "P02"
    assert state.view(1)["strings"] == 2
    assert state.discard == kinds("green plug red red yellow")
    assert state.blink == KIND["yellow"]
    assert state.view(1)["may_play"] == ["blue", "purple"]
    assert state.turn == 1


def test_reading_specials_always_playable() -> None:
    """Reading specials-always-playable: a Bubble Bulb, Broken Bulb or Plug may be
    played on any turn, even holding a colour that fits."""
    state = scenario(hands=["pink bubble broken plug", "red", "red"], discard="green")
    assert legal(state) == sorted(["play pink", *BUBBLE_P01, "play broken", "play plug"])


def test_ruling_pattern_deck_runs_out_shuffle_the_used_patterns_into_a_new_deck() -> None:
    """Ruling Blink: pattern-deck-runs-out: "The pattern deck runs out after many Plugs. Shuffle the
    used patterns (except the current one) to form a new deck." """
    used = [p for p in bl.PATTERN_IDS if p != "P01"]
    state = scenario(
        hands=["plug purple", "pink", "red"],
        discard="green",
        strings=used,
        pattern_deck=[],
    )
    events = state.apply(0, "play plug")
    assert events[1] == {"type": "new-pattern-deck", "deck": 17}
    assert bl.PATTERN_IDS[state.strings[0]] == "P01"
    assert state.strings[-1] != PID["P01"]
    assert len(state.strings) == 2
    assert len(state.patterns) == 16
    assert conserved(state)


def test_reading_no_colour_left_any_colour_of_the_pattern_may_be_played() -> None:
    """Reading no-colour-left: "if neither the Bulb deck nor the discard pile holds a
    colour of the pattern, nothing is revealed and the next player may play any colour of
    the pattern"."""
    # Every red, pink, green, blue and yellow (P01's colours) is in a hand.
    state = scenario(
        2,
        hands=[
            "plug "
            + " ".join(c for c in ("red", "pink", "green", "blue", "yellow") for _ in range(7)),
            "purple",
        ],
        discard="purple",
        string="P05",  # purple yellow pink blue red
        pattern_deck=[p for p in bl.PATTERN_IDS if p not in ("P05", "P01")] + ["P01"],
        blink="purple",
    )
    events = state.apply(0, "play plug")
    assert events[-1] == {"type": "no-blink"}
    assert state.blink == ANY
    assert state.view(1)["blinking"] == "any"
    assert state.view(1)["may_play"] == ["red", "green", "yellow", "blue", "pink"]


# ------------------------------------------------------------------------- drawing


def test_drawing_if_you_are_unable_to_play_anything_you_must_draw() -> None:
    """Drawing: "If you are unable to play anything, you must draw a card." """
    state = scenario(hands=["red purple", "red", "red"], discard="green", deck="pink")
    assert legal(state) == ["draw"]
    err = refused(state, 0, "pass")
    assert err.reason == "there are cards to draw: draw"


def test_ruling_no_draw_when_you_can_play() -> None:
    """Ruling Blink: no-draw-when-you-can-play: "Can you choose to draw when you could
    play? No." """
    state = scenario(hands=["pink purple", "red", "red"], discard="green")
    err = refused(state, 0, "draw")
    assert err.reason == "you can play a card, so you may not draw"
    assert err.rule == "ruling Blink: no-draw-when-you-can-play"


def test_drawing_a_card_you_can_play_you_may_immediately_play_it_ending_your_turn() -> None:
    """Drawing: "If you draw a card that you can play, you may immediately play it and end
    your turn." Only the drawer sees the card."""
    state = scenario(hands=["red purple", "red", "red"], discard="green", deck="blue")
    start = len(state.log)
    events = state.apply(0, "draw")
    assert events == [{"type": "draw", "seat": 0, "card": "blue", "playable": True}]
    # The table sees the player stop drawing to decide: playable, not which card.
    assert state.events(1, start) == [{"type": "draw", "seat": 0, "playable": True}]
    assert state.step == DRAWN
    assert state.view(0)["drawn"] == "blue"
    assert state.view(1)["drawn"] is None
    assert legal(state) == ["keep", "play blue"]
    err = refused(state, 0, "play purple")
    assert err.reason == "only the card you drew (blue) may be played now, or keep it"
    state.apply(0, "play blue")
    assert state.turn == 1
    assert hand(state, 0) == ["red", "purple"]


def test_reading_drawn_card_may_be_kept() -> None:
    """Reading drawn-card-may-be-kept: "you *may* immediately play it": keeping it ends
    the turn."""
    state = scenario(hands=["red purple", "red", "red"], discard="green", deck="bubble")
    state.apply(0, "draw")
    assert legal(state) == sorted([*BUBBLE_P01, "keep"])
    err = refused(state, 0, "draw")
    assert err.reason == "you drew a bubble you can play: play it or keep it"
    assert state.apply(0, "keep") == [{"type": "keep", "seat": 0}]
    assert state.turn == 1
    assert hand(state, 0) == ["red", "purple", "bubble"]


def test_drawing_up_to_three_cards_then_the_turn_ends() -> None:
    """Drawing: "If you cannot play the card you drew, repeat this step up to two more
    times (for a maximum of three cards). If you reach three cards drawn without playing
    one, end your turn." """
    state = scenario(hands=["red", "red", "red"], discard="green", deck="pink yellow purple red")
    events = state.apply(0, "draw")
    assert [e["card"] for e in events if e["type"] == "draw"] == ["red", "purple", "yellow"]
    assert state.turn == 1
    assert hand(state, 0) == ["red", "red", "yellow", "purple"]
    # Had the second card been playable, the drawing would have stopped there.
    state = scenario(hands=["red", "red", "red"], discard="green", deck="yellow pink red")
    state.apply(0, "draw")
    assert state.step == DRAWN
    assert state.drawn == KIND["pink"]
    assert state.deck[-1] == KIND["yellow"]


def test_refreshing_the_deck_keep_the_last_card_played_shuffle_the_rest() -> None:
    """Refreshing the Deck: "If the Bulb deck ever runs out, keep the last card played in
    the discard pile, and shuffle the rest of the discard pile to create the new Bulb
    deck." """
    state = scenario(
        2, hands=["red", "red"], discard="broken yellow red purple green", deck="", rest=1
    )
    events = state.apply(0, "draw")
    assert events[0] == {"type": "refresh", "deck": 4}
    assert state.discard[0] == KIND["green"]
    assert state.discard == kinds("green")
    assert conserved(state)


def test_reading_refresh_keeps_top_not_a_broken_bulb_tucked_under() -> None:
    """Reading refresh-keeps-top: the card kept is the top of the pile, never a Broken
    Bulb just tucked under it."""
    state = scenario(
        2,
        hands=["broken purple", "red"],
        discard="yellow red purple green",
        deck="",
        rest="discard",
    )
    state.apply(0, "play broken")
    assert state.discard[0] == BROKEN
    events = state.apply(1, "draw")
    assert events[0]["type"] == "refresh"
    assert state.discard == kinds("green")


def test_reading_nothing_to_draw_pass() -> None:
    """Reading nothing-to-draw: "when the deck is empty and the discard pile holds only
    the card in play, a player who cannot play passes"."""
    state = scenario(2, hands=["red", "red"], discard="green", deck="", rest=1)
    assert legal(state) == ["pass"]
    err = refused(state, 0, "draw")
    assert err.reason == "there is nothing left to draw: pass"
    assert err.rule == "reading nothing-to-draw"
    assert state.apply(0, "pass") == [{"type": "pass", "seat": 0}]
    assert state.turn == 1


def test_reading_nothing_to_draw_mid_drawing_ends_the_turn() -> None:
    """Reading nothing-to-draw: "a draw in the middle of drawing that finds nothing ends
    the turn"."""
    state = scenario(2, hands=["red", "red"], discard="green", deck="purple", rest=1)
    events = state.apply(0, "draw")
    assert events == [
        {"type": "draw", "seat": 0, "card": "purple", "playable": False},
        {"type": "no-draw", "seat": 0},
    ]
    assert state.turn == 1


# ------------------------------------------------------------------------- Blink!


def test_blink_down_to_exactly_one_card_you_must_shout_blink() -> None:
    """Blink!: "When you are down to exactly one card in your hand, you must shout
    "Blink!"." Reading blink-window: from the play that leaves one card, every seat may
    act; the call is no turn."""
    state = scenario(hands=["pink red", "red red", "blue"], discard="green")
    state.apply(0, "play pink")
    assert state.calls == [OPEN, NONE, NONE]
    assert state.to_act == frozenset({0, 1, 2})
    assert state.view(2)["calls"] == ["open", None, None]
    assert legal(state, 0) == ["blink"]
    assert legal(state, 1) == ["catch seat 0", "play red"]
    assert legal(state, 2) == ["catch seat 0"]
    assert state.apply(0, "blink") == [{"type": "blink", "seat": 0}]
    assert state.calls == [CALLED, NONE, NONE]
    assert state.to_act == frozenset({1})
    assert state.turn == 1 and state.turns == 1
    err = refused(state, 2, "catch seat 0")
    assert err.reason == "seat 2 may not act now; waiting for seat 1"


def test_blink_caught_with_one_card_before_you_shout_you_draw_a_card() -> None:
    """Blink!: "If you forget, and another player catches you with only one card before
    you shout out, you must draw another card." """
    state = scenario(hands=["pink red", "red red", "blue"], discard="green", deck="purple")
    state.apply(0, "play pink")
    start = len(state.log)
    events = state.apply(2, "catch seat 0")
    assert events == [
        {"type": "catch", "seat": 2, "caught": 0},
        {"type": "draw", "seat": 0},
    ]
    assert state.events(0, start)[1] == {"type": "draw", "seat": 0, "card": "purple"}
    assert hand(state, 0) == ["red", "purple"]
    assert state.calls == [NONE, NONE, NONE]
    assert state.to_act == frozenset({1})
    err = refused(state, 0, "blink")  # the window is closed: seat 0 may not act
    assert err.reason == "seat 0 may not act now; waiting for seat 1"


def test_blink_the_player_whose_turn_it_is_may_catch_or_play_on() -> None:
    """Reading blink-window: "the player whose turn it is may also play on"; the window
    stays open through other turns until a call or a catch."""
    state = scenario(hands=["pink red", "red red", "blue"], discard="green")
    state.apply(0, "play pink")
    state.apply(1, "play red")
    assert state.turn == 2
    assert state.calls[0] == OPEN
    assert "catch seat 0" in legal(state, 2)
    state.apply(1, "catch seat 0")
    assert state.calls[0] == NONE


def test_blink_no_call_without_one_card_no_catch_after_a_call_or_of_yourself() -> None:
    """Blink!: the call is for "exactly one card"; a player who shouted cannot be caught
    (they are caught "before you shout out"), and calls once."""
    state = scenario(hands=["pink red blue", "red red", "blue"], discard="green")
    state.apply(0, "play pink")
    assert state.calls == [NONE, NONE, NONE]
    err = refused(state, 1, "blink")
    assert err.reason == "you hold 2 cards: call Blink! when a play leaves you with exactly one"
    assert err.rule == "Blink, Blink!: when you are down to exactly one card, shout Blink!"
    state = scenario(hands=["pink red", "red red", "pink pink"], discard="green")
    state.apply(0, "play pink")
    assert refused(state, 0, "catch seat 0").reason == "you cannot catch yourself"
    state.apply(0, "blink")
    state.apply(1, "play red")
    err = refused(state, 2, "catch seat 0")
    assert err.reason == "seat 0 is not down to one card without having called Blink!"
    state.apply(2, "play pink")
    assert state.turn == 0
    assert refused(state, 0, "blink").reason == "you have already called Blink!"


def test_reading_blink_window_ends_when_the_hand_changes() -> None:
    """Reading blink-window: "until that player calls, is caught, or their hand changes
    (... drawing ends the window)"."""
    state = scenario(2, hands=["pink purple", "red red red"], discard="green", deck="purple")
    state.apply(0, "play pink")
    assert state.calls[0] == OPEN
    state.apply(1, "play red")  # seat 1 plays on; seat 0 cannot play its purple on red
    assert state.calls[0] == OPEN
    assert legal(state, 0) == ["blink", "draw"]
    state.apply(0, "draw")
    assert state.calls[0] == NONE
    assert "catch seat 0" not in legal(state, 1)


def test_reading_blink_window_out_of_turn_a_seat_may_only_call_or_catch() -> None:
    """Reading blink-window: a call or a catch is no turn; nothing else may be done out
    of turn."""
    state = scenario(hands=["pink red", "blue blue", "red yellow"], discard="green")
    state.apply(0, "play pink")
    err = refused(state, 2, "play red")
    assert err.reason == (
        "it is seat 1's turn: out of turn you may only call Blink! or catch a player"
    )


def test_reading_nothing_to_draw_a_caught_player_draws_nothing() -> None:
    """Reading nothing-to-draw: "a caught player with nothing to draw draws nothing"."""
    state = scenario(hands=["pink red", "blue", ""], discard="green", deck="", rest=2)
    state.apply(0, "play pink")
    state.apply(1, "draw")  # the refresh leaves one card, the green seat 1 draws
    assert state.deck == [] and state.discard == kinds("pink")
    events = state.apply(2, "catch seat 0")
    assert events == [{"type": "catch", "seat": 2, "caught": 0}]
    assert hand(state, 0) == ["red"]
    assert state.calls == [NONE, NONE, NONE]


def test_random_play_with_calls_and_catches_still_ends() -> None:
    """Reading blink-window: random play, with every seat racing, always ends."""
    for players in (2, 5):
        for seed in range(10):
            state = yuletide.new_game(GAME, players=players, seed=seed)
            rng = Rng(seed)
            steps = 0
            while not state.outcome.over:
                seats = sorted(state.to_act)
                seat = seats[rng.below(len(seats))]
                actions = state.legal_actions(seat)
                assert len(actions) <= 16
                state.apply(seat, actions[rng.below(len(actions))])
                steps += 1
            assert state.outcome.status == "finished"


# ------------------------------------------------------------------------- game end


def test_game_end_the_game_ends_immediately_when_you_play_your_last_card() -> None:
    """Game End / Winning: "The game ends immediately when you play your last card. You
    win!" """
    state = scenario(hands=["pink", "blue blue", "red"], discard="green")
    events = state.apply(0, "play pink")
    assert events[-1] == {"type": "out", "seat": 0}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 3, 2)
    assert outcome.reason == "seat 0 played their last card"
    assert state.to_act == frozenset()
    assert state.calls == [NONE, NONE, NONE]
    err = refused(state, 1, "catch seat 0")
    assert err.reason == "the game is over (finished): no seat may act"


def test_game_end_a_player_who_called_and_then_went_out_leaves_no_call_open() -> None:
    """Game End: once the game is over no call is pending."""
    state = scenario(hands=["pink green", "red red", "pink pink"], discard="green")
    state.apply(0, "play pink")
    state.apply(0, "blink")
    state.apply(1, "play red")
    state.apply(2, "play pink")
    assert state.calls[0] == CALLED
    state.apply(0, "play green")
    assert state.outcome.winners == (0,)
    assert state.view(1)["calls"] == [None, None, None]


def test_reading_last_card_ends_at_once_even_a_plug() -> None:
    """Reading last-card-ends-at-once: "a Plug played as the last card wins at once: no
    new string"."""
    state = scenario(hands=["plug", "blue blue", "red"], discard="green")
    events = state.apply(0, "play plug")
    assert events == [{"type": "play", "seat": 0, "card": "plug"}, {"type": "out", "seat": 0}]
    assert len(state.strings) == 1
    assert state.outcome.winners == (0,)


def test_match_the_winner_takes_a_character_and_deals_the_next_round() -> None:
    """Match: "If you wish to play multiple rounds, the winning player takes one of the
    Character cards to mark their victory. ... The winner becomes the dealer for the next
    round." Reading characters-in-box-order."""
    state = scenario(hands=["pink", "blue blue", "red"], discard="green", match=True)
    events = state.apply(0, "play pink")
    assert events[1:3] == [
        {"type": "out", "seat": 0},
        {"type": "character", "seat": 0, "character": "santa"},
    ]
    assert events[3]["type"] == "deal" and events[3]["dealer"] == 0
    assert state.outcome.status == "ongoing"
    assert state.view(2)["characters"] == [["santa"], [], []]
    assert state.dealer == 0
    assert state.turn == 1  # left of the dealer
    assert state.rounds == 1
    assert [state.hand_size(s) for s in range(3)] == [10, 10, 10]
    assert len(state.strings) == 1 and len(state.patterns) == 17
    assert conserved(state)


def test_match_the_first_to_take_two_character_cards_is_the_champion() -> None:
    """Match: "The first to take two Character cards is the champion." """
    state = scenario(hands=["blue blue", "pink", "red"], discard="green", turn=1, match=True)
    state.prizes = [0, 1, -1, -1, -1, -1]  # seat 0 and seat 1 have one each
    events = state.apply(1, "play pink")
    assert events[-1] == {"type": "character", "seat": 1, "character": "elf-male"}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (1,)
    assert outcome.scores == (1.0, 2.0, 0.0)
    assert outcome.ranks == (2, 1, 3)
    assert outcome.reason == "seat 1 took two Character cards: the champion"


def test_match_option_off_by_default_one_round() -> None:
    state = yuletide.new_game(GAME, players=3, seed=0)
    assert state.match is False
    assert state.view(0)["match"] is False


# --------------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits; calls and catches are no turns."""
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green", turn_limit=1)
    state.apply(0, "play pink")
    assert state.outcome.status == "unfinished"
    assert state.outcome.reason == "turn limit of 1 reached"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME, players=2, seed=0).turn_limit == 1500


# ------------------------------------------------------------- options and bad input


@pytest.mark.parametrize("players", [0, 1, 6, "3", True])
def test_player_count_2_to_5(players: Any) -> None:
    """Blink: "2 to 5 players"."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"blink is for 2 to 5 players, got {players!r}"


def test_options() -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, rounds=3)
    assert str(info.value) == "blink has no option 'rounds'; its options are: match, turn_limit"


def test_notation_round_trips_and_bad_text_lists_the_forms() -> None:
    space = bl.Blink.action_space(5)
    assert len({str(a) for a in space}) == len(space)
    for action in space:
        assert bl.Blink.parse_action(str(action)) == action
    assert "catch seat 4" not in {str(a) for a in bl.Blink.action_space(3)}
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    for text in ("play bubble", "catch 1", "shout", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err).startswith(f"{text!r} is not a Blink action; the forms are: play")


def test_illegal_actions_change_nothing() -> None:
    """IllegalAction "changes nothing", with a rule cited, in each step."""
    s1 = scenario(hands=["pink red broken", "blue blue", "red"], discard="green")
    s2 = scenario(hands=["red", "blue", "red"], discard="green", deck="bubble")
    s2.apply(0, "draw")
    s3 = scenario(hands=["pink red", "blue", "red"], discard="green")
    s3.apply(0, "play pink")
    for state in (s1, s2, s3):
        for seat in range(3):
            if seat not in state.to_act:
                continue
            ok = set(legal(state, seat))
            for action in state.action_space(3):
                if str(action) not in ok:
                    assert refused(state, seat, str(action)).rule is not None


# ------------------------------------------------------------------------ knowledge


def test_view_hides_other_hands_the_deck_and_the_pattern_deck() -> None:
    state = scenario(hands=["pink red", "plug", "bubble"], discard="yellow green")
    assert state.view(0)["hand"] == ["red", "pink"]
    assert "plug" not in json.dumps(state.view(0))
    assert state.view(None)["hand"] is None
    assert state.view(2)["hand_sizes"] == [2, 1, 1]
    assert state.view(2)["discard"] == ["yellow", "green"]


def test_determinize_re_deals_hands_and_keeps_a_playable_drawn_card() -> None:
    """Knowledge: determinize re-deals the other hands with the deck (sizes kept); a
    player deciding on a drawn card keeps a playable one."""
    state = scenario(hands=["red", "red purple", "yellow"], discard="green", deck="blue", turn=1)
    state.apply(1, "draw")
    assert state.step == DRAWN
    changed = 0
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert det.playable(det.drawn)
        assert det.hands[1 * bl.N_KINDS + det.drawn] >= 1
        assert [det.hand_size(s) for s in range(3)] == [state.hand_size(s) for s in range(3)]
        assert conserved(det)
        changed += det.hands != state.hands or det.patterns != state.patterns
    assert changed >= 18


def test_save_load_replay_and_unchecked_path_agree_in_a_match() -> None:
    state = yuletide.new_game(GAME, players=3, seed=11, match=True)
    rng = Rng(3)
    while not state.outcome.over:
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    assert state.outcome.status == "finished"
    assert max(state.prizes.count(s) for s in range(3)) == 2
    assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()


def test_render_shows_the_string_with_letters() -> None:
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    text = render_text(state.view(0))
    assert "String P01: R red  K pink  G green  B blue  Y yellow" in text
    assert "Blinking: G green" in text


# ----------------------------------------- issue 12: determinize, channels, hostile input


def first_legal_game(players: int, seed: int) -> Any:
    """A whole game where the lowest seat that may act always takes its first legal
    action (the terminal's "answer 1 to every prompt", without the clock)."""
    state = yuletide.new_game(GAME, players=players, seed=seed)
    while not state.outcome.over:
        seat = min(state.to_act)
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def along(players: int, seed: int, every: int = 5) -> list[Any]:
    """Every ``every``-th state of a random game, and its last."""
    states: list[Any] = []
    state = yuletide.new_game(GAME, players=players, seed=seed)
    rng = Rng(seed + 1000)
    while True:
        if len(state.history) % every == 0 or state.outcome.over:
            states.append(state.clone())
        if state.outcome.over:
            return states
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def test_issue_12_the_view_after_the_winning_play_shows_the_last_bulb_blinking() -> None:
    """Issue 12, section 5: after the winning ``play — card red`` the view still showed
    the previous blinking colour. The light moves on the winning play too."""
    state = scenario(hands=["pink", "blue blue", "red"], discard="green")
    state.apply(0, "play pink")
    assert state.outcome.winners == (0,)
    assert state.view(None)["blinking"] == "pink"
    assert "Blinking: K pink" in render_text(state.view(None))
    bubble = scenario(hands=["bubble", "blue blue", "red"], discard="green")
    bubble.apply(0, "play bubble yellow")
    assert bubble.view(1)["blinking"] == "yellow"
    broken = scenario(hands=["broken", "blue blue", "red"], discard="green")
    broken.apply(0, "play broken")
    assert broken.view(1)["blinking"] == "green"  # a Broken Bulb never moves the light
    # From the engine, as at the terminal (3 players, seed 15, the first choice every
    # time): seat 0 wins with a red played on a blinking green.
    game = first_legal_game(3, 15)
    assert game.outcome.winners == (0,)
    last = game.events(None)[-2]
    assert last == {"type": "play", "seat": 0, "card": "red"}
    assert game.view(None)["blinking"] == "red"
    # And in every such game: the view shows the last bulb played.
    for seed in range(40):
        game = first_legal_game(3, seed)
        plays = [e for e in game.events(None) if e["type"] == "play"]
        card = plays[-1]["card"]
        if card in bl.COLOURS:
            assert game.view(None)["blinking"] == card, seed
        elif card == "bubble":
            assert game.view(None)["blinking"] == plays[-1]["colour"], seed


def test_issue_12_determinize_events_of_another_seat_carry_none_of_its_private_draws() -> None:
    """Issue 12, section 1: ``determinize(0, ·).events(other)`` listed the other seats'
    true drawn cards. A determinized world's log is frozen as seat 0 and the table saw
    it: another seat's events there are the public ones."""
    state = scenario(
        hands=["red", "red purple", "yellow"], discard="green", deck="blue purple", turn=1
    )
    state.apply(1, "draw")  # seat 1 draws the purple (no), then the blue (playable)
    state.apply(1, "keep")
    private = [e for e in state.events(1) if e["type"] == "draw"]
    assert [e["card"] for e in private] == ["purple", "blue"]
    for k in range(10):
        det = state.determinize(0, Rng(k))
        assert det.events(1) == state.events(None)
        assert det.events(2) == state.events(None)
        assert det.events(0) == state.events(0)
        assert all("card" not in e for e in det.events(1) if e["type"] == "draw")
    # Along random games, at every player count: the same holds for every pair of seats.
    for players in (2, 3, 5):
        for state in along(players, 3, every=17):
            for seat in range(players):
                det = state.determinize(seat, Rng(seat))
                public = state.events(None)
                for other in range(players):
                    if other != seat:
                        assert det.events(other) == public


def test_issue_12_the_pattern_deck_order_is_not_recoverable_from_determinize() -> None:
    """Issue 12, section 1: the hidden Pattern deck was shuffled in its true order, so a
    caller replaying the rng recovered it (the property failed at ``state.patterns[0]``).
    Two worlds that differ only in hidden orders now give the same determinization."""
    state = yuletide.new_game(GAME, players=3, seed=100)
    other = state.clone()
    other.patterns.reverse()
    other.deck.reverse()
    for seat in range(3):
        for k in range(5):
            a = state.determinize(seat, Rng(k))
            b = other.determinize(seat, Rng(k))
            assert a.to_json() == b.to_json()
            assert a.patterns == b.patterns and a.deck == b.deck


def test_issue_12_determinize_is_canonical_at_every_player_count_over_many_seeds() -> None:
    """Issue 12, section 1: determinizing the state and any determinization of it with
    the same rng give byte-equal saves (no seed, no record, no true order or hand)."""
    for players in range(2, 6):
        for seed in range(6):
            for state in along(players, seed, every=23):
                for seat in range(players):
                    world = state.determinize(seat, Rng(seed))
                    assert world.seed == 0 and world.record().actions == ()
                    conformance.check_canonical(state, seat, world, seed * 7 + seat)


def test_issue_12_a_drawn_card_in_flight_is_re_dealt_playable_from_the_pool() -> None:
    """Issue 12, section 1: the deal no longer falls back on the true hands; a player
    deciding on a drawn card is given a playable one first, so the deal always works,
    even when the pool holds a single playable card."""
    # P01: after green, pink or blue. The only playable card left outside seat 0's hand
    # is the blue seat 1 just drew.
    state = scenario(
        hands=["pink pink pink pink pink pink pink", "red", "yellow"],
        discard="green",
        deck="blue",
        turn=1,
        rest="discard",
    )
    state.apply(1, "draw")
    assert state.step == DRAWN
    for k in range(10):
        det = state.determinize(0, Rng(k))
        assert det.drawn == KIND["blue"]
        assert hand(det, 1) == ["red", "blue"] or hand(det, 1) == ["yellow", "blue"]
        assert conserved(det)


def test_issue_12_a_playable_last_draw_is_shown_by_the_draw_event() -> None:
    """Issue 12, section 2 (found by the learning-by-events property): after a third
    draw the table could not tell from the events whether the player was deciding on a
    playable card or the turn had passed, yet the view showed it. A turn's draw events
    now say whether the card drawn is playable (never which card)."""
    playable = scenario(hands=["red", "red purple", "yellow"], discard="green", deck="blue red red")
    not_playable = scenario(
        hands=["red", "red purple", "yellow"], discard="green", deck="red red red"
    )
    for state in (playable, not_playable):
        state.apply(0, "draw")
    a, b = playable.events(1), not_playable.events(1)
    assert [e["type"] for e in a] == [e["type"] for e in b]
    assert a != b
    assert a[-1] == {"type": "draw", "seat": 0, "playable": True}
    assert b[-1] == {"type": "draw", "seat": 0, "playable": False}
    assert playable.view(1)["step"] == "drawn-card" and not_playable.turn == 1


def test_issue_12_another_games_action_is_a_notation_error() -> None:
    """Issue 12, section 4: another game's action object raised AttributeError; it is
    now refused by name (NotationError), by every function that takes an action, and
    changes nothing."""
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
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
                with pytest.raises(NotationError) as info:
                    call(foreign)
                assert "is not an action of Blink" in str(info.value)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [bl.Play(99), bl.Play(-1), bl.Play(bl.BUBBLE), bl.PlayBubble(7), bl.Catch(9)],
    ids=["Play(99)", "Play(-1)", "Play(BUBBLE)", "PlayBubble(7)", "Catch(9)"],
)
def test_issue_12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values no action has are
    refused as not actions of the game (never an IndexError), the state unchanged."""
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    before = state.to_json()
    with pytest.raises(NotationError, match="is not an action of Blink"):
        state.apply(0, action)
    with pytest.raises(NotationError):
        state.why_illegal(0, action)
    assert state.to_json() == before


def test_issue_12_catching_a_seat_not_at_the_table_says_so() -> None:
    """Issue 12, section 4: ``catch seat 4`` at three players names the problem."""
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    for bad in ("catch seat 4", bl.Catch(4)):
        err = refused(state, 0, bad)  # type: ignore[arg-type]
        assert isinstance(err, NotationError)
        assert err.reason == "there is no seat 4 to catch: seats are 0 to 2"


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.5, None])
def test_issue_12_bad_seats_are_invalid_seat_errors_in_every_per_seat_function(
    seat: Any,
) -> None:
    """Issue 12, section 4: a bad seat is InvalidSeat everywhere (never another seat's
    window, never a TypeError or IndexError); None is only a spectator's view/events."""
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    before = state.to_json()
    calls = [
        lambda: state.legal_actions(seat),
        lambda: state.apply(seat, "play pink"),
        lambda: state.determinize(seat, Rng(1)),
        lambda: state.why_illegal(seat, bl.Play(KIND["pink"])),
        lambda: state.action_seen_by(seat, bl.Play(KIND["pink"]), 1),
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
    state = scenario(hands=["pink red", "blue blue", "red"], discard="green")
    for start in ("a", -5, 10**6):
        with pytest.raises(InvalidArgument, match="start must be a whole number"):
            state.events(0, start)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="needs an Rng"):
        state.determinize(0, 5)  # type: ignore[arg-type]
    with pytest.raises(CorruptSave):
        yuletide.load(state.determinize(0, Rng(1)).to_json())


def test_issue_12_phases_name_the_drawn_card_and_the_blink_race() -> None:
    """Issue 12, section 3: the phases are the turn, a drawn card in flight, the real-time
    Blink!/catch race and the end; each is met in play."""
    assert bl.Blink.phases == ("play", "drawn-card", "blink-race", "game-over")
    state = scenario(hands=["pink red", "purple blue", "yellow"], discard="green", deck="green")
    assert state.current_phase == "play"
    state.apply(0, "play pink")
    assert state.current_phase == "blink-race"  # seat 0 holds one card, no call yet
    state.apply(0, "blink")
    assert state.current_phase == "play"
    state.apply(1, "draw")
    assert state.current_phase == "drawn-card"
    won = scenario(hands=["pink", "blue blue", "red"], discard="green")
    won.apply(0, "play pink")
    assert won.current_phase == "game-over"
    assert "Blink — game over after 1 turn" in render_text(won.view(None))
    assert "seat 0 to act" not in render_text(won.view(None))
