"""Looney Lights: one test per rule sentence and per ruling the game uses.

Sources: the Christmas Lights rulebook, "Looney Lights" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--bonus-games (the three Looney Lights rows) and "Every
game: safety limits"; the readings named in looney_lights.py's docstring (first-discard,
deck-runs-out, broken-needs-follow-up, plug-on-plug, drawn-card).

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the 61-card box kept exactly once.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.games.christmas_lights.looney_lights import rules as ll
from yuletide.games.christmas_lights.looney_lights.rules import (
    BROKEN,
    BUBBLE,
    DRAWING,
    DRAWN,
    FOLLOW_UP,
    NAME,
    PLAY,
    PLUG,
    RED,
)
from yuletide.games.christmas_lights.looney_lights.text import render as render_text

GAME = "looney-lights"
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
BOX = {
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

# ----------------------------------------------------------------------------- helpers


def kinds(cards: str) -> list[int]:
    """Kind ids from names separated by spaces ("red red plug")."""
    return [ll.KIND_ID[name] for name in cards.split()]


def scenario(
    players: int = 3,
    *,
    hands: list[str],
    discard: str,
    deck: str | None = None,
    rest: str | int = "deck",
    colour: str | None = None,
    turn: int = 0,
    step: int = PLAY,
    drawn: str | None = None,
    turns: int = 0,
    seed: int = 7,
    **options: Any,
) -> Any:
    """A game in the situation given, every card of the box exactly once.

    ``hands`` per seat and ``discard`` / ``deck`` (top card last) are card names. The
    cards not named go to ``rest``: "deck" (under the named deck), "discard" (under the
    named discard pile) or a seat number (into that hand). ``colour`` defaults to the
    top discard, which must then be a plain bulb.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    assert len(hands) == players
    hand_ids = [kinds(h) for h in hands]
    discard_ids = kinds(discard)
    deck_ids = kinds(deck) if deck is not None else []
    left = Counter({ll.KIND_ID[name]: n for name, n in BOX.items()})
    left.subtract(Counter([k for h in hand_ids for k in h] + discard_ids + deck_ids))
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    leftovers = sorted(left.elements())
    if rest == "deck":
        deck_ids = leftovers + deck_ids
    elif rest == "discard":
        discard_ids = leftovers + discard_ids
    else:
        assert isinstance(rest, int)
        hand_ids[rest] += leftovers
    state.hands = [[h.count(k) for k in range(ll.N_KINDS)] for h in hand_ids]
    state.sizes = [len(h) for h in hand_ids]
    state.deck = deck_ids
    state.discard = discard_ids
    if colour is None:
        assert discard_ids[-1] < BUBBLE, "give the colour in play when the top is special"
        state.colour = discard_ids[-1]
    else:
        state.colour = ll.KIND_ID[colour]
    state.turn = turn
    state.step = step
    state.drawn = -1 if drawn is None else ll.KIND_ID[drawn]
    state.turns = turns
    state.winner = -1
    assert sorted(state.inventory()) == sorted(state.box())
    return state


def legal(state: Any, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat whose turn it is), sorted."""
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


def seed_where(test: Any, players: int = 4, limit: int = 5000) -> Any:
    """The first seeded new game for which ``test(state)`` holds."""
    for seed in range(limit):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        if test(state):
            return state
    raise AssertionError("no seed below the limit sets up this situation")


def reveals(state: Any) -> list[int]:
    return [entry[1] for entry in state.log if entry[0] == "reveal"]


def random_play(state: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        seat = state.turn
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def all_plain_colours(but: str = "") -> list[str]:
    return [f"play {c}" for c in COLOURS if c != but]


BUBBLE_PLAYS = [f"play bubble {c}" for c in COLOURS]


# ------------------------------------------------------------------------------- setup


def test_components_61_bulb_cards_7_each_colour_6_bubble_5_broken_8_plug() -> None:
    """Components: 7 each of six colours, 6 Bubble Bulbs, 5 Broken Bulbs, 8 Plugs."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    assert Counter(state.box()) == Counter(BOX)
    assert len(state.box()) == 61
    assert Counter(state.inventory()) == Counter(BOX)


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 5), (4, 5), (5, 4), (6, 4)])
def test_setup_deal_2_players_7_cards_3_or_4_players_5_5_or_6_players_4(
    players: int, each: int
) -> None:
    """Setup 2: "2 players: 7 cards each; 3 or 4 players: 5; 5 or 6 players: 4"."""
    for seed in range(5):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert state.sizes == [each] * players
        assert [sum(h) for h in state.hands] == [each] * players
        assert state.log[0] == ("deal", each)
        assert state.view(0)["hand_sizes"] == [each] * players
        assert len(state.view(0)["hand"]) == each


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_remaining_cards_form_the_bulb_deck_and_one_card_is_revealed(
    players: int,
) -> None:
    """Setup 3: "Place the remaining cards face-down to form the Bulb deck. Reveal one
    card and use it to start the discard pile beside the Bulb deck." """
    state = seed_where(lambda s: len(reveals(s)) == 1, players=players)
    dealt = sum(state.sizes)
    assert len(state.discard) == 1
    assert state.discard == reveals(state)
    assert len(state.deck) == 61 - dealt - 1
    assert conserved(state)
    # Face-down: a seat sees only how many cards the deck holds.
    assert state.view(0)["deck"] == len(state.deck)
    assert state.view(0)["discard"] == [ll.KIND_NAME[state.discard[0]]]


def test_setup_shuffle_all_of_the_cards_together() -> None:
    """Setup 1: "Shuffle all of the cards together." Seeds give different deals, and
    the same seed the same deal."""
    deals = {json.dumps([yuletide.new_game(GAME, players=3, seed=s).hands, s]) for s in range(20)}
    hands_only = {json.dumps(yuletide.new_game(GAME, players=3, seed=s).hands) for s in range(20)}
    assert len(deals) == 20
    assert len(hands_only) > 15
    a = yuletide.new_game(GAME, players=3, seed=42)
    b = yuletide.new_game(GAME, players=3, seed=42)
    assert a.to_json() == b.to_json()


def test_setup_youngest_player_seat_0_takes_the_first_turn() -> None:
    """Setup 4: "The youngest player takes the first turn" (seat 0 is the youngest)."""
    for players in range(2, 7):
        state = seed_where(lambda s: s.step == PLAY, players=players)
        assert state.turn == 0
        assert state.to_act == frozenset({0})
        assert state.legal_actions(0)
        for seat in range(1, players):
            assert state.legal_actions(seat) == []
            err = refused(state, seat, "draw")
            assert err.reason == f"seat {seat} may not act now; waiting for seat 0"
            assert err.rule == "Looney Lights: turn order"


def test_setup_play_continues_clockwise() -> None:
    """Setup 4: "... and play continues clockwise": seat order, wrapping to seat 0."""
    state = scenario(
        4, hands=["red red blue", "red red blue", "red blue", "red blue"], discard="red"
    )
    order = []
    for _ in range(6):
        seat = state.turn
        order.append(seat)
        state.apply(seat, "play red")
    assert order == [0, 1, 2, 3, 0, 1]
    assert state.turn == 2
    assert state.turns == 6


def test_ruling_first_discard_plug_or_broken_keep_revealing_until_plain_or_bubble() -> None:
    """Ruling Looney Lights: first-discard: "The first discard is a Plug or a Broken Bulb. Keep
    revealing until a plain colour or a Bubble Bulb shows." """
    state = seed_where(lambda s: len(reveals(s)) >= 3)
    shown = reveals(state)
    assert all(k in (PLUG, BROKEN) for k in shown[:-1])
    assert shown[-1] < BROKEN
    # Every revealed card stays in the discard pile, in the order shown.
    assert state.discard == shown
    assert len(state.deck) == 61 - sum(state.sizes) - len(shown)
    assert conserved(state)
    # Each reveal is a public event.
    public = [e for e in state.events(None) if e["type"] == "reveal"]
    assert [e["card"] for e in public] == [ll.KIND_NAME[k] for k in shown]


def test_ruling_first_discard_plain_start_sets_the_colour_to_match() -> None:
    """Ruling Looney Lights: first-discard: the plain colour that shows is the colour to match."""
    state = seed_where(lambda s: reveals(s)[0] in (PLUG, BROKEN) and reveals(s)[-1] < BUBBLE)
    top = state.discard[-1]
    assert state.colour == top
    assert state.step == PLAY
    assert state.view(0)["colour"] == ll.KIND_NAME[top]


def test_ruling_first_discard_bubble_start_lets_the_first_player_name_a_colour() -> None:
    """Ruling Looney Lights: first-discard: "A Bubble Bulb start lets the first player name a
    colour." """
    state = seed_where(lambda s: s.discard[-1] == BUBBLE)
    assert state.step == NAME
    assert state.view(0)["colour"] is None
    assert state.view(0)["step"] == "name-colour"
    assert legal(state, 0) == sorted(f"name {c}" for c in COLOURS)
    assert state.to_act == frozenset({0})
    # Nothing else may happen before the colour is named.
    for text in ("play red", "draw", "pass", "play plug"):
        err = refused(state, 0, text)
        assert err.rule == "ruling Looney Lights: first-discard"
        assert "name" in err.reason
    events = state.apply(0, "name blue")
    assert events == [{"type": "name", "seat": 0, "colour": "blue"}]
    assert state.colour == ll.KIND_ID["blue"]
    assert state.step == PLAY
    # Naming is not a turn: seat 0 now plays on the named colour.
    assert state.turn == 0
    assert state.turns == 0
    err = refused(state, 0, "name red")
    assert err.reason == "there is no colour to name now"


# ------------------------------------------------------------------------- how to play


def test_must_match_the_colour_of_the_top_bulb_with_a_plain_bulb() -> None:
    """How to Play: "you must match the color of the top bulb on the discard pile with a
    card from your hand. If you have a matching card, place it on top of the discard
    pile." """
    state = scenario(hands=["red green", "blue", "pink"], discard="yellow red")
    assert legal(state) == ["play red"]
    events = state.apply(0, "play red")
    assert events == [{"type": "play", "seat": 0, "card": "red"}]
    assert state.discard[-2:] == [RED, RED]
    assert state.colour == RED
    assert state.hands[0][RED] == 0
    assert state.sizes == [1, 1, 1]
    assert state.turn == 1


def test_non_matching_plain_bulb_is_illegal_citing_the_rule() -> None:
    """How to Play: a plain bulb of another colour does not match and cannot be played."""
    state = scenario(hands=["red green", "blue", "pink"], discard="red")
    err = refused(state, 0, "play green")
    assert err.reason == "a green bulb does not match the colour in play (red)"
    assert err.rule == "Looney Lights, How to Play: match the colour of the top bulb"


def test_a_card_not_in_hand_cannot_be_played() -> None:
    """How to Play: the card comes "from your hand"."""
    state = scenario(hands=["red green", "blue", "pink"], discard="red")
    err = refused(state, 0, "play plug")
    assert err.reason == "you hold no plug card"
    assert err.rule == "Looney Lights, How to Play"
    err = refused(state, 0, "play bubble red")
    assert err.reason == "you hold no bubble card"


def test_bubble_is_a_wildcard_and_may_always_be_played_even_holding_a_match() -> None:
    """Bubble Bulb: "A wildcard that matches any color, and may always be played." """
    state = scenario(hands=["red bubble", "blue", "pink"], discard="red")
    assert legal(state) == sorted(["play red", *BUBBLE_PLAYS])
    state.apply(0, "play bubble pink")
    assert state.discard[-1] == BUBBLE
    assert state.turn == 1


def test_bubble_may_be_played_on_a_plug() -> None:
    """Bubble Bulb: "may always be played", also on a Plug."""
    state = scenario(hands=["bubble green", "blue", "pink"], discard="blue plug", colour="blue")
    assert legal(state) == sorted(BUBBLE_PLAYS)


def test_bubble_announce_a_colour_play_continues_with_that_colour() -> None:
    """Bubble Bulb: "When you play a Bubble Bulb, announce a color. Play continues with
    that color." """
    state = scenario(hands=["bubble green", "red pink", "pink"], discard="red")
    events = state.apply(0, "play bubble pink")
    assert events == [{"type": "play", "seat": 0, "card": "bubble", "colour": "pink"}]
    assert state.colour == ll.KIND_ID["pink"]
    assert state.view(1)["colour"] == "pink"
    # The next player must now match pink, not the red under the Bubble.
    assert legal(state) == ["play pink"]
    err = refused(state, 1, "play red")
    assert err.reason == "a red bulb does not match the colour in play (pink)"


def test_plug_may_be_played_on_a_plain_bulb_when_no_matching_plain_bulb() -> None:
    """Plug: "May be played on any plain colored bulb" (when "you do not have a matching
    plain colored bulb")."""
    state = scenario(hands=["plug green", "blue", "pink"], discard="red")
    assert legal(state) == ["play plug"]
    events = state.apply(0, "play plug")
    assert events == [{"type": "play", "seat": 0, "card": "plug"}]
    assert state.discard[-1] == PLUG
    assert state.turn == 1


def test_plug_becomes_the_colour_of_the_bulb_it_was_played_on() -> None:
    """Plug: "The Plug becomes the same color as the bulb it was played on. Play
    continues with that color." """
    state = scenario(hands=["plug green", "yellow red", "pink"], discard="yellow")
    state.apply(0, "play plug")
    assert state.colour == ll.KIND_ID["yellow"]
    assert state.view(1)["colour"] == "yellow"
    assert legal(state) == ["play yellow"]


def test_plug_on_a_bubble_bulb_takes_the_announced_colour() -> None:
    """Plug: "May be played on any ... Bubble Bulb"; it becomes the Bubble's colour."""
    state = scenario(
        hands=["plug green", "green purple", "pink"], discard="red bubble", colour="purple"
    )
    assert legal(state) == ["play plug"]
    state.apply(0, "play plug")
    assert state.colour == ll.KIND_ID["purple"]
    assert legal(state) == ["play purple"]


def test_plug_only_if_you_do_not_have_a_matching_plain_bulb() -> None:
    """How to Play: "If you do not have a matching plain colored bulb, you may play one
    of these cards": a Plug is not allowed while holding a match."""
    state = scenario(hands=["plug red", "blue", "pink"], discard="red")
    assert legal(state) == ["play red"]
    err = refused(state, 0, "play plug")
    assert err.reason == "you hold a matching red bulb, so you may not play a plug"
    assert err.rule == (
        "Looney Lights, How to Play: specials only if you do not have a matching plain bulb"
    )


def test_reading_plug_on_plug_no_plug_on_a_plug() -> None:
    """Reading plug-on-plug: a Plug may be played only "on any plain colored bulb or
    Bubble Bulb", so never on a Plug."""
    state = scenario(hands=["plug green", "blue", "pink"], discard="red plug", colour="red")
    assert legal(state) == ["draw"]
    err = refused(state, 0, "play plug")
    assert err.reason == (
        "a plug may be played only on a plain coloured bulb or a Bubble Bulb, and the top"
        " card is a Plug"
    )
    assert err.rule == "Looney Lights, Plug / Broken Bulb"


def test_reading_plug_on_plug_no_broken_bulb_on_a_plug() -> None:
    """Reading plug-on-plug: a Broken Bulb "May be played on any plain colored bulb or
    Bubble Bulb", so never on a Plug."""
    state = scenario(hands=["broken green", "blue", "pink"], discard="red plug", colour="red")
    assert legal(state) == ["draw"]
    err = refused(state, 0, "play broken")
    assert err.rule == "Looney Lights, Plug / Broken Bulb"
    assert "top card is a Plug" in err.reason


def test_reading_plug_on_plug_the_colour_of_a_plug_may_be_matched() -> None:
    """Reading plug-on-plug: "... but its colour may be matched" by a plain bulb."""
    state = scenario(hands=["red green", "blue", "pink"], discard="red plug", colour="red")
    assert legal(state) == ["play red"]
    state.apply(0, "play red")
    assert state.discard[-2:] == [PLUG, RED]
    assert state.turn == 1


def test_broken_bulb_may_be_played_on_a_plain_bulb_then_immediately_another_bulb() -> None:
    """Broken Bulb: "May be played on any plain colored bulb ... When you play a Broken
    Bulb, immediately play any other plain colored bulb or Bubble Bulb from your hand on
    top of it. Play continues with that color." """
    state = scenario(hands=["broken green blue", "green", "pink"], discard="red")
    assert legal(state) == ["play broken"]
    events = state.apply(0, "play broken")
    assert events == [{"type": "play", "seat": 0, "card": "broken"}]
    # The same player goes on at once: no other colour needs to match.
    assert state.step == FOLLOW_UP
    assert state.turn == 0
    assert state.to_act == frozenset({0})
    assert state.view(0)["step"] == "follow-up"
    assert legal(state) == ["play blue", "play green"]
    state.apply(0, "play green")
    assert state.discard[-3:] == [RED, BROKEN, ll.KIND_ID["green"]]
    assert state.colour == ll.KIND_ID["green"]
    assert state.step == PLAY
    assert state.turn == 1
    assert state.turns == 1
    assert state.sizes == [1, 1, 1]


def test_broken_bulb_may_be_played_on_a_bubble_bulb() -> None:
    """Broken Bulb: "May be played on any ... Bubble Bulb"."""
    state = scenario(hands=["broken green", "blue", "pink"], discard="red bubble", colour="yellow")
    assert legal(state) == ["play broken"]
    state.apply(0, "play broken")
    state.apply(0, "play green")
    assert state.colour == ll.KIND_ID["green"]


def test_broken_bulb_follow_up_may_be_a_bubble_bulb_naming_the_colour() -> None:
    """Broken Bulb: the follow-up is "any other plain colored bulb or Bubble Bulb"."""
    state = scenario(hands=["broken bubble plug", "blue", "pink"], discard="red")
    state.apply(0, "play broken")
    assert legal(state) == sorted(BUBBLE_PLAYS)
    state.apply(0, "play bubble yellow")
    assert state.colour == ll.KIND_ID["yellow"]
    assert state.discard[-2:] == [BROKEN, BUBBLE]
    assert state.turn == 1


def test_broken_bulb_no_plug_or_another_broken_bulb_directly_onto_a_broken_bulb() -> None:
    """Broken Bulb: "You cannot play a Plug or another Broken Bulb directly onto a Broken
    Bulb." Nor may the player draw or pass instead of the follow-up."""
    state = scenario(hands=["broken broken plug green", "blue", "pink"], discard="red")
    state.apply(0, "play broken")
    assert legal(state) == ["play green"]
    for text in ("play plug", "play broken", "draw", "pass", "play red"):
        err = refused(state, 0, text)
        assert err.rule == "Looney Lights, Broken Bulb"
        assert "never a Plug or another Broken Bulb" in err.reason


def test_broken_bulb_only_if_you_do_not_have_a_matching_plain_bulb() -> None:
    """How to Play: the Broken Bulb is one of the cards played "If you do not have a
    matching plain colored bulb"."""
    state = scenario(hands=["broken red green", "blue", "pink"], discard="red")
    assert legal(state) == ["play red"]
    err = refused(state, 0, "play broken")
    assert err.reason == "you hold a matching red bulb, so you may not play a broken"


def test_ruling_broken_needs_follow_up_broken_with_no_other_bulb_cannot_be_played() -> None:
    """Ruling Looney Lights: broken-needs-follow-up: "You hold a Broken Bulb but no other playable
    card to put on top of it. The Broken Bulb cannot be played." A Plug or a second Broken Bulb is
    no follow-up."""
    state = scenario(hands=["broken broken plug", "blue", "pink"], discard="red")
    assert legal(state) == ["play plug"]
    err = refused(state, 0, "play broken")
    assert err.reason == (
        "a Broken Bulb needs another plain bulb or Bubble Bulb in your hand to play on it"
    )
    assert err.rule == "ruling Looney Lights: broken-needs-follow-up"


def test_ruling_broken_needs_follow_up_a_lone_broken_bulb_means_drawing() -> None:
    """Ruling Looney Lights: broken-needs-follow-up: with only a Broken Bulb the player cannot play,
    so must draw."""
    state = scenario(hands=["broken", "blue", "pink"], discard="red")
    assert legal(state) == ["draw"]
    refused(state, 0, "play broken")


# ------------------------------------------------------------------------------ drawing


def test_if_you_cant_play_any_cards_you_must_draw() -> None:
    """Drawing: "If you can't play any cards, you must draw cards from the Bulb deck and
    add them to your hand" - passing is not allowed while there are cards to draw."""
    state = scenario(hands=["green blue", "blue", "pink"], discard="red", deck="yellow")
    assert legal(state) == ["draw"]
    err = refused(state, 0, "pass")
    assert err.reason == "there are cards left to draw, so you must draw"
    events = state.apply(0, "draw")
    assert events == [{"type": "draw", "seat": 0, "card": "yellow", "playable": False}]
    assert state.hands[0][ll.KIND_ID["yellow"]] == 1
    assert state.sizes[0] == 3
    assert conserved(state)


@pytest.mark.parametrize(
    ("hand", "discard", "colour"),
    [
        ("red green", "red", None),  # a matching plain bulb
        ("bubble green", "red", None),  # a Bubble Bulb
        ("plug green", "red", None),  # a Plug on a plain bulb
        ("broken green", "red", None),  # a Broken Bulb with a follow-up
        ("red plug", "red plug", "red"),  # matching the colour of a Plug
    ],
)
def test_draw_only_if_you_cant_play_any_cards(hand: str, discard: str, colour: str) -> None:
    """Drawing: "If you can't play any cards, you must draw": a player who can play any
    card may not draw (or pass)."""
    state = scenario(hands=[hand, "blue", "pink"], discard=discard, colour=colour)
    assert "draw" not in legal(state)
    for text in ("draw", "pass"):
        err = refused(state, 0, text)
        assert err.reason == "you can play a card, so you may not draw or pass"
        assert err.rule == "Looney Lights, How to Play: draw only if you can't play any cards"


def test_draw_until_you_draw_a_card_you_can_play_then_play_that_card() -> None:
    """Drawing: "... until you draw a card you can play. Play that card as normal." """
    state = scenario(
        hands=["green", "blue", "pink"], discard="red", deck="red yellow blue", colour="red"
    )
    state.apply(0, "draw")  # blue: cannot be played
    assert state.step == DRAWING
    assert state.turn == 0
    assert legal(state) == ["draw"]
    state.apply(0, "draw")  # yellow: cannot be played
    assert state.step == DRAWING
    state.apply(0, "draw")  # red: matches
    assert state.step == DRAWN
    assert legal(state) == ["play red"]
    state.apply(0, "play red")
    assert state.sizes[0] == 3  # green, blue, yellow kept
    assert state.discard[-1] == RED
    assert state.turn == 1
    assert state.turns == 1


def test_after_an_unplayable_draw_the_player_must_draw_again() -> None:
    """Drawing: "until you draw a card you can play": no play, no pass in between."""
    state = scenario(hands=["green", "blue", "pink"], discard="red", deck="red blue")
    state.apply(0, "draw")
    assert state.view(0)["step"] == "drawing"
    for text in ("play blue", "play green", "pass"):
        err = refused(state, 0, text)
        assert err.rule == "Looney Lights, How to Play: draw until you draw a card you can play"
        assert err.reason == "you could not play the card you drew: draw again"


def test_reading_drawn_card_a_playable_drawn_card_must_be_played_and_only_it() -> None:
    """Reading drawn-card: once a playable card is drawn, "Play that card" is the only
    legal action (here a Broken Bulb in hand became playable too, but may not be used)."""
    state = scenario(hands=["broken", "blue", "pink"], discard="red", deck="red")
    state.apply(0, "draw")
    assert state.step == DRAWN
    assert state.view(0)["drawn"] == "red"
    assert state.view(0)["step"] == "play-drawn"
    assert legal(state) == ["play red"]
    for text in ("play broken", "draw", "pass"):
        err = refused(state, 0, text)
        assert err.reason == "you drew a card you can play: play it (play red)"
        assert err.rule == (
            "Looney Lights, How to Play: draw until you draw a card you can play; play that card"
        )


def test_reading_drawn_card_only_the_drawn_card_itself_ends_the_drawing() -> None:
    """Reading drawn-card: "while drawing, only the drawn card itself counts as 'a card
    you can play'". A drawn green that gives a held Broken Bulb its follow-up does not
    end the drawing."""
    state = scenario(hands=["broken", "blue", "pink"], discard="red", deck="red green")
    state.apply(0, "draw")
    assert state.hands[0][ll.KIND_ID["green"]] == 1
    assert state.step == DRAWING
    assert legal(state) == ["draw"]
    refused(state, 0, "play broken")
    state.apply(0, "draw")
    assert legal(state) == ["play red"]


def test_reading_drawn_card_a_drawn_bubble_is_played_naming_any_colour() -> None:
    """Reading drawn-card: a drawn Bubble Bulb "may always be played"; it is played."""
    state = scenario(hands=["green", "blue", "pink"], discard="red", deck="bubble")
    state.apply(0, "draw")
    assert state.step == DRAWN
    assert legal(state) == sorted(BUBBLE_PLAYS)
    refused(state, 0, "play green")
    state.apply(0, "play bubble green")
    assert state.colour == ll.KIND_ID["green"]
    assert state.turn == 1


def test_reading_drawn_card_a_drawn_plug_is_played_on_a_plain_bulb() -> None:
    """Reading drawn-card: a drawn Plug is playable on a plain bulb, so must be played."""
    state = scenario(hands=["green", "blue", "pink"], discard="red", deck="plug")
    state.apply(0, "draw")
    assert legal(state) == ["play plug"]
    state.apply(0, "play plug")
    assert state.colour == RED
    assert state.turn == 1


def test_reading_drawn_card_a_drawn_plug_on_a_plug_is_kept_and_drawing_goes_on() -> None:
    """Readings drawn-card and plug-on-plug: a Plug drawn while a Plug is on top cannot be
    played, so the player keeps drawing."""
    state = scenario(
        hands=["green", "blue", "pink"], discard="red plug", deck="red plug", colour="red"
    )
    state.apply(0, "draw")
    assert state.step == DRAWING
    assert state.hands[0][PLUG] == 1
    state.apply(0, "draw")
    assert legal(state) == ["play red"]


def test_reading_drawn_card_a_drawn_broken_bulb_with_a_follow_up_is_played() -> None:
    """Readings drawn-card and broken-needs-follow-up: a drawn Broken Bulb is playable when
    the hand holds a follow-up; it is played, then the follow-up."""
    state = scenario(hands=["green", "blue", "pink"], discard="red", deck="broken")
    state.apply(0, "draw")
    assert legal(state) == ["play broken"]
    state.apply(0, "play broken")
    assert legal(state) == ["play green"]
    state.apply(0, "play green")
    assert state.sizes[0] == 0
    assert state.outcome.winners == (0,)


def test_reading_drawn_card_a_drawn_broken_bulb_without_follow_up_is_kept() -> None:
    """Readings drawn-card and broken-needs-follow-up: with no follow-up in hand a drawn
    Broken Bulb cannot be played, so the player keeps drawing."""
    state = scenario(hands=["broken", "blue", "pink"], discard="red", deck="red broken")
    state.apply(0, "draw")
    assert state.step == DRAWING
    assert state.hands[0][BROKEN] == 2


# ---------------------------------------------------------------- the deck runs out


def test_ruling_deck_runs_out_keep_top_discard_shuffle_the_rest_into_a_new_deck() -> None:
    """Ruling Looney Lights: deck-runs-out: "Keep the top card of the discard pile; shuffle the rest
    into a new deck." """
    state = scenario(
        2,
        hands=["green", "blue"],
        discard="yellow plug broken pink red",
        deck="",
        rest=1,
    )
    assert state.deck == []
    assert legal(state) == ["draw"]
    events = state.apply(0, "draw")
    assert events[0] == {"type": "reshuffle", "deck": 4}
    assert events[1]["type"] == "draw"
    assert events[1]["card"] in {"yellow", "plug", "broken", "pink"}
    assert state.discard == [RED]
    assert state.colour == RED
    assert len(state.deck) == 3
    assert sorted([*state.deck, ll.KIND_ID[events[1]["card"]]]) == sorted(
        kinds("yellow plug broken pink")
    )
    assert state.sizes[0] == 2
    assert conserved(state)
    assert ("reshuffle", 4) in state.log
    # The reshuffle is public; only the drawer sees the card drawn.
    seen = state.events(1)[-2:]
    playable = events[1]["card"] in {"plug", "broken"}  # on red, holding green
    assert events[1]["playable"] is playable
    assert seen == [
        {"type": "reshuffle", "deck": 4},
        {"type": "draw", "seat": 0, "playable": playable},
    ]


def test_ruling_deck_runs_out_mid_drawing_the_draw_goes_on_from_the_new_deck() -> None:
    """Ruling Looney Lights: deck-runs-out, while a player "must draw" several cards."""
    state = scenario(2, hands=["green", "blue"], discard="yellow red", deck="pink", rest=1)
    state.apply(0, "draw")  # pink, the last card of the deck
    assert state.step == DRAWING
    assert state.deck == []
    events = state.apply(0, "draw")  # the yellow, reshuffled from under the red
    assert events == [
        {"type": "reshuffle", "deck": 1},
        {"type": "draw", "seat": 0, "card": "yellow", "playable": False},
    ]
    assert state.discard == [RED]
    assert state.deck == []
    assert conserved(state)


def test_ruling_deck_runs_out_nothing_left_to_draw_the_player_passes() -> None:
    """Ruling Looney Lights: deck-runs-out: "If there is nothing left to draw, the player
    passes." """
    state = scenario(2, hands=["green blue", "red"], discard="red", deck="", rest=1)
    assert legal(state) == ["pass"]
    err = refused(state, 0, "draw")
    assert err.reason == "there is nothing left to draw: pass"
    assert err.rule == "ruling Looney Lights: deck-runs-out"
    events = state.apply(0, "pass")
    assert events == [{"type": "pass", "seat": 0}]
    assert state.sizes[0] == 2
    assert state.turn == 1
    assert state.turns == 1


def test_ruling_deck_runs_out_nothing_left_while_drawing_the_player_passes() -> None:
    """Ruling Looney Lights: deck-runs-out: the pass also ends a drawing that found nothing
    playable."""
    state = scenario(2, hands=["green", "red"], discard="red", deck="blue", rest=1)
    state.apply(0, "draw")
    assert state.step == DRAWING
    assert legal(state) == ["pass"]
    assert refused(state, 0, "draw").reason == (
        "you could not play the card you drew and nothing is left to draw: pass"
    )
    state.apply(0, "pass")
    assert state.turn == 1
    assert state.step == PLAY
    assert state.sizes[0] == 2


# ------------------------------------------------------------------------ game end


def test_the_first_person_to_discard_all_of_their_cards_is_the_winner() -> None:
    """Game End / Winning: "The first person to discard all of their cards is the
    winner!" """
    state = scenario(hands=["red", "blue green", "pink pink pink pink pink"], discard="red")
    events = state.apply(0, "play red")
    assert events == [
        {"type": "play", "seat": 0, "card": "red"},
        {"type": "win", "seat": 0},
    ]
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 2, 3)  # the others by cards left
    assert outcome.reason == "seat 0 discarded all of their cards"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    err = refused(state, 1, "play blue")
    assert err.reason == "the game is over (finished): no seat may act"
    assert err.rule == "Looney Lights: game end"
    assert state.view(2)["outcome"]["winners"] == [0]


def test_game_end_equal_hands_share_a_rank_behind_the_winner() -> None:
    """Game End: one winner; the others rank by cards left, ties sharing a place."""
    state = scenario(4, hands=["bubble", "blue", "pink green", "blue"], discard="red")
    state.apply(0, "play bubble red")
    assert state.outcome.winners == (0,)
    assert state.outcome.ranks == (1, 2, 4, 2)


def test_game_end_broken_bulb_second_to_last_then_follow_up_as_last_card_wins() -> None:
    """Game End with the Broken Bulb rule: the follow-up is the last card, so the player
    has discarded all of their cards."""
    state = scenario(hands=["broken green", "blue", "pink"], discard="red")
    state.apply(0, "play broken")
    assert state.outcome.status == "ongoing"
    assert state.winner == -1
    state.apply(0, "play green")
    assert state.outcome.status == "finished"
    assert state.outcome.winners == (0,)


def test_game_end_a_win_by_a_later_seat_with_a_bubble_bulb() -> None:
    """Game End: whoever empties their hand first wins, on any seat."""
    state = scenario(hands=["red red", "bubble", "pink"], discard="red")
    state.apply(0, "play red")
    state.apply(1, "play bubble blue")
    assert state.outcome.winners == (1,)
    assert state.view(0)["outcome"]["status"] == "finished"


# ---------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished_with_no_winners() -> None:
    """docs/rulings.md#every-game-safety-limits: "after which it ends as *unfinished* - no
    winner"."""
    state = scenario(hands=["red red", "red red", "red red"], discard="red", turn_limit=2)
    state.apply(0, "play red")
    assert state.outcome.status == "ongoing"
    state.apply(1, "play red")
    outcome = state.outcome
    assert outcome.status == "unfinished"
    assert outcome.winners == ()
    assert outcome.scores is None
    assert outcome.ranks is None
    assert outcome.reason == "turn limit of 2 reached"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    err = refused(state, 2, "play red")
    assert err.reason == "the game is over (unfinished): no seat may act"


def test_ruling_turn_limit_default_is_1000_and_counts_whole_turns() -> None:
    """Safety limits: "a turn limit option, generous by default"; drawing and a Broken
    Bulb's follow-up are part of one turn."""
    assert yuletide.new_game(GAME, players=3, seed=0).turn_limit == 1000
    state = scenario(hands=["broken green blue", "red", "red"], discard="red", turn_limit=1)
    state.apply(0, "play broken")
    assert state.outcome.status == "ongoing"
    state.apply(0, "play green")
    assert state.outcome.status == "unfinished"


def test_ruling_turn_limit_a_win_on_the_last_turn_still_counts() -> None:
    """Safety limits: "A rule change never hides behind this limit": a win on the last
    allowed turn is a win."""
    state = scenario(hands=["red", "red", "red"], discard="red", turn_limit=1)
    state.apply(0, "play red")
    assert state.outcome.status == "finished"
    assert state.outcome.winners == (0,)


# --------------------------------------------------------- options and bad input


@pytest.mark.parametrize("players", [0, 1, 7, "4", 4.0, True])
def test_player_count_2_to_6(players: Any) -> None:
    """Looney Lights: "2 to 6 players"; anything else raises InvalidOption saying so."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"looney-lights is for 2 to 6 players, got {players!r}"


@pytest.mark.parametrize("value", [0, -5, "10", 2.5, True])
def test_turn_limit_option_must_be_a_whole_number_at_least_1(value: Any) -> None:
    """Safety limits option ``turn_limit``: a bad value raises InvalidOption listing what
    is allowed."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, turn_limit=value)
    assert "option 'turn_limit' must be a whole number from 1 to 2500" in str(info.value)


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, hand_size=9)
    assert str(info.value) == (
        "looney-lights has no option 'hand_size'; its options are: turn_limit"
    )


def test_notation_error_lists_the_forms() -> None:
    """Every action has a written form; bad text lists them all."""
    state = scenario(hands=["red", "blue", "pink"], discard="red")
    for text in ("play orange", "play bubble", "name", "discard red", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err) == (
            f"{text!r} is not a Looney Lights action; the forms are: play <colour> |"
            " play bubble <colour> | play plug | play broken | draw | pass | name <colour>"
            " (colours: red, green, yellow, blue, purple, pink)"
        )
    with pytest.raises(NotationError):
        ll.LooneyLights.parse_action(5)  # type: ignore[arg-type]


def test_notation_round_trips_and_ignores_case_and_spacing() -> None:
    space = ll.LooneyLights.action_space(4)
    assert len(space) == 8 + 6 + 6 + 2  # plays, bubble plays, names, draw and pass
    for action in space:
        assert ll.LooneyLights.parse_action(str(action)) == action
    assert ll.LooneyLights.parse_action("  PLAY   Bubble  Red ") == ll.PlayBubble(RED)
    assert "play bubble" not in {str(a) for a in space}


def test_illegal_action_leaves_the_state_unchanged_at_every_step() -> None:
    """IllegalAction "changes nothing" (the contract), at each step of a turn."""
    situations = [
        scenario(hands=["red green", "blue", "pink"], discard="red"),
        scenario(hands=["broken green", "blue", "pink"], discard="red", step=FOLLOW_UP),
        scenario(hands=["green", "blue", "pink"], discard="red", step=DRAWING),
        scenario(hands=["green red", "blue", "pink"], discard="red", step=DRAWN, drawn="red"),
        scenario(hands=["green", "blue", "pink"], discard="bubble", colour="red", step=NAME),
    ]
    for state in situations:
        ok = {str(a) for a in state.legal_actions(0)}
        bad = [str(a) for a in state.action_space(3) if str(a) not in ok]
        assert bad
        for text in bad:
            err = refused(state, 0, text)  # refused() compares to_json before and after
            assert err.rule is not None
        for seat in (1, 2, 3, -1, "0"):
            with pytest.raises(IllegalAction):
                state.apply(seat, next(iter(ok)))
        assert refused(state, 5, "draw").reason == "there is no seat 5: seats are 0 to 2"


def _messages(state: Any, seat: int) -> dict[str, str]:
    out = {}
    for action in state.action_space(state.players):
        try:
            state.clone().apply(seat, str(action))
            out[str(action)] = "legal"
        except IllegalAction as err:
            out[str(action)] = str(err)
    return out


@pytest.mark.parametrize(
    ("hand", "step", "drawn"),
    [
        ("red broken plug", PLAY, None),
        ("broken green", PLAY, None),
        ("green broken", FOLLOW_UP, None),
        ("green broken", DRAWING, None),
        ("red broken", DRAWN, "red"),
    ],
)
def test_illegal_messages_and_views_never_depend_on_other_seats_hands(
    hand: str, step: int, drawn: str | None
) -> None:
    """IllegalAction "never names a card the acting seat cannot see": with the other
    hands (and so the deck) dealt differently, every message, the legal actions and the
    view of seat 0 are the same."""
    a = scenario(hands=[hand, "plug plug bubble", "pink purple"], discard="red")
    b = scenario(hands=[hand, "yellow blue pink", "plug bubble"], discard="red")
    for state in (a, b):
        state.step = step
        state.drawn = -1 if drawn is None else ll.KIND_ID[drawn]
    assert _messages(a, 0) == _messages(b, 0)
    assert legal(a, 0) == legal(b, 0)
    assert a.view(0) == b.view(0)


# ---------------------------------------------------------------------- knowledge


def test_view_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    """Knowledge: hands are hidden from the other seats; each sees their sizes."""
    state = scenario(hands=["red green", "blue", "pink plug"], discard="red")
    view = state.view(0)
    assert view["hand"] == ["red", "green"]
    assert view["hand_sizes"] == [2, 1, 2]
    assert view["seat"] == 0
    assert view["colour"] == "red"
    assert view["discard"] == state.view(None)["discard"]
    text = json.dumps(view)
    assert "pink" not in text
    assert "plug" not in text
    assert state.view(2)["hand"] == ["pink", "plug"]
    assert "green" not in json.dumps(state.view(2))


def test_view_a_spectator_sees_no_hand() -> None:
    state = scenario(hands=["red green", "blue", "pink plug"], discard="red")
    view = state.view(None)
    assert view["hand"] is None
    assert view["drawn"] is None
    assert view["hand_sizes"] == [2, 1, 2]
    assert view["deck"] == len(state.deck)
    for name in ("green", "blue", "pink", "plug"):
        assert name not in json.dumps(view)


def test_the_discard_pile_is_public_and_listed_whole() -> None:
    state = scenario(hands=["red", "blue", "pink"], discard="plug green bubble", colour="pink")
    assert state.view(None)["discard"] == ["plug", "green", "bubble"]
    assert state.view(1)["discard"] == ["plug", "green", "bubble"]


def test_a_drawn_card_is_shown_only_to_the_drawer() -> None:
    """Drawing: the card drawn goes to the drawer's hand; the others see a draw and
    whether it ends the drawing (``playable``), not the card."""
    state = scenario(hands=["green", "blue", "pink"], discard="red", deck="red")
    start = len(state.log)
    mine = state.apply(0, "draw")
    assert mine == [{"type": "draw", "seat": 0, "card": "red", "playable": True}]
    assert state.events(0, start) == mine
    assert state.events(1, start) == [{"type": "draw", "seat": 0, "playable": True}]
    assert state.events(None, start) == [{"type": "draw", "seat": 0, "playable": True}]
    assert state.view(0)["drawn"] == "red"
    assert state.view(1)["drawn"] is None
    assert state.view(None)["drawn"] is None
    assert state.view(1)["hand_sizes"] == [2, 1, 1]


def test_determinize_keeps_what_the_seat_knows_and_re_deals_the_rest() -> None:
    """determinize: the other hands and the deck re-dealt, each hand's size kept."""
    state = scenario(hands=["red green", "blue yellow", "pink plug"], discard="red")
    changed = 0
    for i in range(10):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert det.sizes == state.sizes
        assert det.hands[0] == state.hands[0]
        assert sorted(det.inventory()) == sorted(state.box())
        changed += det.hands[1:] != state.hands[1:]
    assert changed >= 8


def test_determinize_keeps_a_follow_up_for_a_seat_that_played_a_broken_bulb() -> None:
    """Knowledge: after a Broken Bulb the player is known to hold a plain or Bubble Bulb."""
    state = scenario(
        hands=["red", "green", "pink"],
        discard="red broken",
        colour="red",
        turn=1,
        step=FOLLOW_UP,
    )
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert any(det.hands[1][k] for k in range(BROKEN))
        assert det.legal_actions(1)


def test_determinize_redraws_the_card_another_seat_must_play_from_its_new_hand() -> None:
    """Knowledge: the table knows only that the drawn card can be played, not which it
    is, so a determinization re-draws it (no peek) among the playable cards it dealt."""
    state = scenario(
        hands=["red", "green yellow plug", "pink"],
        discard="red",
        turn=1,
        step=DRAWN,
        drawn="plug",
    )
    drawn = set()
    for i in range(30):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        actions = det.legal_actions(1)
        assert actions and all(str(a).startswith("play") for a in actions)
        assert det.hands[1][det.drawn] >= 1
        drawn.add(det.drawn)
    assert len(drawn) > 1


def _issue_12_drawn_cards() -> Any:
    """Issue 12: 2 players, seed 0, ``0: play plug, 1: draw, 1: draw, 1: draw, 1: play
    bubble purple``."""
    state = yuletide.new_game(GAME, players=2, seed=0)
    for seat, text in ((0, "play plug"), (1, "draw"), (1, "draw"), (1, "draw")):
        state.apply(seat, text)
    state.apply(1, "play bubble purple")
    return state


def test_determinize_other_seats_private_log_does_not_survive() -> None:
    """Issue 12, section 1: ``state.determinize(0, Rng(1)).events(1)`` listed seat 1's
    true drawn cards every time. Now the determinized log is frozen as seat 0 and the
    table saw it: seat 1's draws show no card there, while seat 0's log is unchanged."""
    state = _issue_12_drawn_cards()
    true_draws = [e["card"] for e in state.events(1) if e["type"] == "draw"]
    assert true_draws == ["blue", "blue", "bubble"]
    for k in range(10):
        det = state.determinize(0, Rng(k))
        draws = [e for e in det.events(1) if e["type"] == "draw"]
        assert [e.get("card") for e in draws] == [None, None, None]
        assert [e["playable"] for e in draws] == [False, False, True]
        assert det.events(0) == state.events(0)
        assert "blue" not in json.dumps(det.log)
    det = state.determinize(0, Rng(1))
    assert det.seed == 0 and det.record().actions == ()


def _rotated(state: Any, seat: int) -> Any:
    """``state`` with the cards hidden from ``seat`` (other hands and deck) moved one
    place on: a world ``seat`` cannot tell from it."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    cards = [k for s in others for k in range(ll.N_KINDS) for _ in range(state.hands[s][k])]
    cards += state.deck
    cards = cards[1:] + cards[:1]
    i = 0
    for s in others:
        hand = [0] * ll.N_KINDS
        for k in cards[i : i + state.sizes[s]]:
            hand[k] += 1
        other.hands[s] = hand
        i += state.sizes[s]
    other.deck = cards[i:]
    return other


def test_determinize_shuffle_cannot_be_inverted_two_worlds_give_the_same_result() -> None:
    """Issue 12, section 1: the hidden cards were shuffled in their true order with the
    caller's rng, so about 60 calls recovered the deck and every hand. Now they are
    sorted first: a world seat 0 cannot tell apart (the hidden cards elsewhere, another
    RNG) gives byte-equal determinizations, so the result holds nothing of the truth."""
    state = _issue_12_drawn_cards()
    other = _rotated(state, 0)
    other.rng = Rng(12345)
    assert other.deck != state.deck and other.hands[1] != state.hands[1]
    assert other.view(0) == state.view(0)
    for k in range(60):
        assert state.determinize(0, Rng(k)).to_json() == other.determinize(0, Rng(k)).to_json()


def test_another_seats_draw_event_says_whether_the_drawn_card_ends_the_drawing() -> None:
    """Issue 12, section 2: after another seat's ``draw`` the view's ``step`` said
    whether the card drawn can be played (``play-drawn`` or ``drawing``) while the draw
    event said nothing. Reading: at the table everyone sees the player stop drawing, so
    the public draw event carries ``playable``; the step follows from it."""
    worlds = [
        scenario(hands=["pink", "green blue", "pink"], discard="red", deck=top)
        for top in ("yellow", "red", "bubble")
    ]
    for state in worlds:
        state.turn = 1
    assert worlds[0].view(0) == worlds[1].view(0) == worlds[2].view(0)
    steps = []
    for state in worlds:
        start = len(state.log)
        state.apply(1, "draw")
        (event,) = state.events(0, start)
        assert event == {"type": "draw", "seat": 1, "playable": event["playable"]}
        assert state.events(None, start) == [event]
        assert state.view(0)["step"] == ("play-drawn" if event["playable"] else "drawing")
        steps.append(state.view(0)["step"])
    assert steps == ["drawing", "play-drawn", "play-drawn"]
    # Equal events, so seat 0 may observe no difference: the red and the Bubble draw.
    from yuletide.core.conformance import observation

    assert observation(worlds[1], 0) == observation(worlds[2], 0)


def test_learning_only_by_events_holds_through_a_turn_of_drawing() -> None:
    """Issue 12, section 2, by the conformance property itself: along the issue's game,
    for every seat, each action legal in a world it cannot tell apart changes what it
    observes only as far as the events it is shown."""
    from yuletide.core.conformance import check_learns_only_by_events

    state = yuletide.new_game(GAME, players=2, seed=0)
    tried = 0
    for seat, text in ((0, "play plug"), (1, "draw"), (1, "draw"), (1, "draw")):
        for viewer in (0, 1):
            for k in range(5):
                other = state.determinize(viewer, Rng(k))
                tried += check_learns_only_by_events(state, other, viewer, Rng(k), per_actor=9)
        state.apply(seat, text)
    assert tried >= 20


@pytest.mark.parametrize(
    ("hand", "step", "drawn"),
    [("broken green", FOLLOW_UP, None), ("green plug", DRAWN, "plug")],
)
def test_determinize_of_the_player_to_act_keeps_what_the_table_knows(
    hand: str, step: int, drawn: str | None
) -> None:
    """Knowledge: after its Broken Bulb the player to act holds no card of the colour
    in play and a follow-up; in ``play-drawn`` it holds the drawn card, one it can play.
    A re-dealt hand always satisfies it."""
    state = scenario(hands=["red", "pink", hand], discard="red", turn=2, step=step)
    if step == FOLLOW_UP:
        state.hands[2][BROKEN] -= 1
        state.sizes[2] -= 1
        state.discard.append(BROKEN)
    else:
        state.drawn = ll.KIND_ID[drawn]
    assert conserved(state)
    for k in range(40):
        det = state.determinize(0, Rng(k))
        hand2 = det.hands[2]
        if step == FOLLOW_UP:
            assert not hand2[RED] and any(hand2[c] for c in range(1, BROKEN))
        else:
            assert hand2[det.drawn] and det.drawn in det._playable_drawn(hand2)
        assert det.view(0) == state.view(0)


@pytest.mark.parametrize("step", [FOLLOW_UP, DRAWN])
def test_determinize_builds_the_hand_when_rejection_sampling_gives_up(
    monkeypatch: pytest.MonkeyPatch, step: int
) -> None:
    """determinize never "leaves the hidden cards as they are": when rejection sampling
    finds no deal (forced here, with no tries), the player to act's hand is built to
    satisfy what the table knows, still as a function of what the seat knows only."""
    monkeypatch.setattr(ll, "_TRIES", 0)
    state = scenario(hands=["red", "pink", "green plug"], discard="red", turn=2, step=step)
    state.drawn = PLUG if step == DRAWN else -1
    other = _rotated(state, 0)
    for k in range(30):
        det = state.determinize(0, Rng(k))
        hand = det.hands[2]
        if step == FOLLOW_UP:
            assert det._follow_up_known(hand)
        else:
            assert hand[det.drawn] and det.drawn in det._playable_drawn(hand)
        assert conserved(det)
        assert det.to_json() == other.determinize(0, Rng(k)).to_json()


def test_play_kind_99_or_another_games_action_is_a_notation_error() -> None:
    """Issue 12, section 4: ``Play(kind=99)`` raised IndexError and another game's
    action an AttributeError. Both are NotationErrors naming what an action is, and
    change nothing; so are a hand-built Bubble ``Play`` and a bare Action."""
    from yuletide.games.christmas_lights.wheres_that_bulb.rules import Flip

    state = scenario(hands=["red", "blue", "pink"], discard="red")
    for action in (ll.Play(kind=99), ll.Play(kind=-1), ll.Play(BUBBLE), Flip(3), yuletide.Action()):
        before = state.to_json()
        with pytest.raises(NotationError, match="is not an action of Looney Lights"):
            state.apply(0, action)
        with pytest.raises(NotationError):
            state.why_illegal(0, action)
        assert state.to_json() == before


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.5])
def test_bad_seats_are_invalid_seat_errors_in_every_per_seat_function(seat: Any) -> None:
    """Issue 12, section 4: a bad seat is an InvalidSeat naming the seats, wherever a
    seat is asked for, and changes nothing."""
    from yuletide.core.errors import InvalidSeat

    state = scenario(hands=["red", "blue", "pink"], discard="red")
    before = state.to_json()
    for call in (
        lambda: state.legal_actions(seat),
        lambda: state.view(seat),
        lambda: state.events(seat),
        lambda: state.determinize(seat, Rng(0)),
        lambda: state.apply(seat, "draw"),
    ):
        with pytest.raises(InvalidSeat, match="seats are 0 to 2"):
            call()
    assert state.to_json() == before


def test_a_follow_up_not_in_hand_is_explained_as_not_held() -> None:
    """An illegal action is explained by what is wrong: on a Broken Bulb, a plain bulb
    the player does not hold is refused as not held (the follow-up rule after it)."""
    state = scenario(hands=["broken green", "blue", "pink"], discard="red")
    state.apply(0, "play broken")
    err = refused(state, 0, "play yellow")
    assert err.reason == (
        "you hold no yellow card; on a Broken Bulb you must at once play another plain"
        " bulb or a Bubble Bulb from your hand; never a Plug or another Broken Bulb"
    )
    assert refused(state, 0, "play bubble red").reason.startswith("you hold no bubble card;")


def test_phases_are_the_steps_the_table_knows_differently_and_the_end() -> None:
    """Phases: ``play`` (naming a Bubble start's colour too), ``follow-up``,
    ``drawing``, ``play-drawn`` and ``over``."""
    assert ll.LooneyLights.phases == ("play", "follow-up", "drawing", "play-drawn", "over")
    hands = ["red green", "blue", "pink"]
    assert scenario(hands=hands, discard="red").current_phase == "play"
    named = scenario(hands=hands, discard="bubble", colour="red", step=NAME)
    assert named.current_phase == "play"
    for step, name in ((FOLLOW_UP, "follow-up"), (DRAWING, "drawing"), (DRAWN, "play-drawn")):
        state = scenario(hands=hands, discard="red", step=step, drawn="red")
        assert state.current_phase == name
    done = scenario(hands=["red", "blue", "pink"], discard="red")
    done.apply(0, "play red")
    assert done.current_phase == "over"


def test_render_of_a_finished_game_names_no_seat_to_act() -> None:
    """Issue 12, section 5: after "Game over" the header still said "seat N to act"."""
    state = scenario(hands=["red", "blue", "pink"], discard="red")
    state.apply(0, "play red")
    text = render_text(state.view(1))
    assert "to act" not in text
    assert text.splitlines()[0] == "Looney Lights — game over after 0 turns"


# ------------------------------------------------------------- records and whole games


def test_save_load_and_replay_mid_game_continue_identically() -> None:
    """to_json / yuletide.load and record / replay reach the same state exactly."""
    state = yuletide.new_game(GAME, players=4, seed=11)
    random_play(state, Rng(3), 40)
    loaded = yuletide.load(state.to_json())
    assert loaded.to_json() == state.to_json()
    replayed = yuletide.replay(state.record())
    assert replayed.to_json() == state.to_json()
    random_play(state, Rng(5), 40)
    random_play(loaded, Rng(5), 40)
    assert loaded.to_json() == state.to_json()


def test_apply_unchecked_reaches_the_same_state_as_apply() -> None:
    state = yuletide.new_game(GAME, players=3, seed=4)
    random_play(state, Rng(9), 200)
    fast = yuletide.new_game(GAME, players=3, seed=4)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    assert fast.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_and_conserve_every_card(players: int) -> None:
    """Whole games: every card stays in the box, exactly one seat may act until the game
    is over, and it ends finished (one winner with an empty hand) or unfinished."""
    rng = Rng(players)
    for seed in range(8):
        state = yuletide.new_game(GAME, players=players, seed=seed, turn_limit=400)
        while not state.outcome.over:
            assert conserved(state)
            assert state.to_act == frozenset({state.turn})
            assert sum(state.sizes) == sum(map(sum, state.hands))
            actions = state.legal_actions(state.turn)
            state.apply(state.turn, actions[rng.below(len(actions))])
        assert conserved(state)
        if state.outcome.status == "finished":
            (winner,) = state.outcome.winners
            assert state.sizes[winner] == 0
            assert state.hands[winner] == [0] * ll.N_KINDS
        else:
            assert state.turns == 400
