"""Solo Lights: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Solo Lights" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--bonus-games (the three Solo Lights rows) and "Every
game: safety limits"; the readings named in solo_lights.py's docstring.

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card kept exactly once. Pattern cards used below:
P01 = red pink green blue yellow, P02 = blue yellow purple green pink,
P03 = green pink purple yellow blue.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.core.conformance import random_game
from yuletide.core.state import action_fields
from yuletide.games.christmas_lights.solo_lights import rules as sl
from yuletide.games.christmas_lights.solo_lights.rules import CHOOSE, PICK, PLAY
from yuletide.games.christmas_lights.solo_lights.text import render as render_text

GAME = "solo-lights"
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
CHARACTERS = ("santa", "mrs-claus", "elf-male", "elf-female", "reindeer", "snowman")
BULBS = {
    **dict.fromkeys(COLOURS, 7),
    "bubble": 3,
    "broken": 5,
    "plug": 5,
    "present": 3,
    "power-surge": 1,
}

# ----------------------------------------------------------------------------- helpers


def cards(names: str) -> list[int]:
    return [sl.CARD_ID[n] for n in names.split()]


def pid(name: str) -> int:
    return sl.PATTERN_NAME.index(name)


def scenario(
    *,
    hand: str,
    deck: str = "",
    discard: str = "",
    table: str = "",
    rest: str = "deck",
    current: str | None = "P01",
    string: str = "- - - - -",
    need_plug: bool = False,
    offers: tuple[str, ...] = (),
    done: tuple[str, ...] = (),
    pattern_top: tuple[str, ...] = (),
    stack: str = "santa mrs-claus elf-male elf-female reindeer",
    flipped: str = "",
    known_top: int = 0,
    returned: str = "",
    step: int = PLAY,
    seed: int = 7,
    **options: Any,
) -> Any:
    """A game in the situation given, every card exactly once.

    Bulb cards not named go to ``rest``: "deck" (under the named deck: plain bulbs
    nearest the top, specials deepest), "discard" (under the named pile) or "table".
    ``string`` gives the current string by pattern position ("red - - - -"). Pattern
    cards not named go to the Pattern deck (``pattern_top`` on its top, last drawn
    first); Character cards not in ``stack`` (bottom first) or ``flipped`` are unused.
    """
    state = yuletide.new_game(GAME, players=1, seed=seed, **options)
    box = Counter(BULBS) if state.with_surge else Counter(BULBS) - Counter({"power-surge": 1})
    named = {
        "hand": cards(hand),
        "deck": cards(deck),
        "discard": cards(discard),
        "table": cards(table),
        "returned": cards(returned),
    }
    slots = [-1 if n == "-" else sl.CARD_ID[n] for n in string.split()]
    left = Counter({sl.CARD_ID[n]: c for n, c in box.items()})
    left.subtract(
        Counter([k for pile in named.values() for k in pile] + [s for s in slots if s >= 0])
    )
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    leftovers = sorted(left.elements(), reverse=True)
    named[rest] = leftovers + named[rest]
    state.hand = [named["hand"].count(k) for k in range(sl.N_CARDS)]
    state.deck = named["deck"]
    state.discard = named["discard"]
    state.table = named["table"]
    state.returned = named["returned"]
    state.slots = slots
    state.current = -1 if current is None else pid(current)
    state.need_plug = need_plug
    state.offers = [pid(p) for p in offers]
    state.done = [pid(p) for p in done]
    used = {*state.offers, *state.done, state.current}
    top = [pid(p) for p in pattern_top]
    state.pattern_deck = [p for p in range(18) if p not in used and p not in top] + top
    state.pattern_discard = []
    state.stack = [CHARACTERS.index(c) for c in stack.split()]
    state.flipped = [CHARACTERS.index(c) for c in flipped.split()]
    state.unused = [i for i in range(6) if i not in state.stack and i not in state.flipped]
    state.known_top = known_top
    state.step = step
    state.result = sl.ONGOING
    state.turns = 0
    assert conserved(state)
    return state


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def legal(state: Any) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(0))


def refused(state: Any, text: str) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(0, text)
    assert state.to_json() == before
    return info.value


def hand(state: Any) -> list[str]:
    return sorted(state.view(0)["hand"])


# ---------------------------------------------------------------------- components, setup


def test_components_of_the_solo_game() -> None:
    """Components: "18 Pattern cards; 7 each of Red, Green, Yellow, Blue, Purple, Pink
    Bulbs; 3 Bubble Bulbs; 5 Broken Bulbs; 5 Plugs; 5 Character cards — must include
    Santa; Event card — Power Surge; 3 Presents"."""
    state = yuletide.new_game(GAME, seed=1)
    box = Counter(state.box())
    for name, n in BULBS.items():
        assert box[name] == n
    assert all(box[f"P{i:02d}"] == 1 for i in range(1, 19))
    assert len(state.stack) == 5 and state.stack[0] == CHARACTERS.index("santa")
    assert Counter(state.inventory()) == box


def test_setup_1_2_starting_hand_drawn_from_plugs_and_plain_bulbs_only() -> None:
    """Setup 1-2: "Shuffle the Plugs together with the plain colored Bulbs ... Draw five
    Bulb cards as your starting hand." No special card can be in the starting hand."""
    seen = Counter()
    for seed in range(200):
        state = yuletide.new_game(GAME, seed=seed)
        names = state.view(0)["hand"]
        assert len(names) == 5
        assert set(names) <= {*COLOURS, "plug"}
        seen.update(names)
    assert seen["plug"] > 0 and all(seen[c] > 0 for c in COLOURS)


def test_setup_3_specials_shuffled_into_the_bulb_deck_after_the_hand() -> None:
    """Setup 3: "Shuffle the Bubble Bulbs, Broken Bulbs, Presents, and the Power Surge
    Event card into the Bulb deck." They are spread through the deck."""
    tops = bottoms = 0
    for seed in range(100):
        state = yuletide.new_game(GAME, seed=seed)
        deck = [sl.CARD_NAME[k] for k in state.deck]
        assert Counter(deck)["bubble"] == 3 and Counter(deck)["broken"] == 5
        assert Counter(deck)["present"] == 3 and Counter(deck)["power-surge"] == 1
        assert len(deck) == 59 - 5  # 42 plain, 5 Plugs, 12 specials, less the hand
        specials = {"bubble", "broken", "present", "power-surge"}
        tops += deck[-1] in specials
        bottoms += deck[0] in specials
    assert tops > 5 and bottoms > 5


def test_setup_4_character_stack_face_down_with_santa_at_the_bottom() -> None:
    """Setup 4: "Place the Character cards face-down in a stack on the table, making sure
    that Santa is at the bottom." """
    orders = set()
    for seed in range(30):
        state = yuletide.new_game(GAME, seed=seed)
        assert len(state.stack) == 5
        assert state.stack[0] == CHARACTERS.index("santa")
        assert state.flipped == []
        orders.add(tuple(state.stack))
        view = state.view(0)["characters"]
        (boxed,) = state.unused
        assert view == {
            "face_down": 5,
            "known_on_top": [],
            "flipped": [],
            "santa_at_bottom": True,
            "in_the_box": [CHARACTERS[boxed]],
        }
    assert len(orders) > 10


def test_setup_5_6_reveal_two_patterns_pick_one_and_discard_the_other() -> None:
    """Setup 5-6: "Shuffle the Pattern cards and place the cards face-down to form the
    Pattern deck. Reveal two Pattern cards. Pick one as your starting pattern, and
    discard the other." """
    state = yuletide.new_game(GAME, seed=3)
    assert state.step == PICK
    a, b = state.offers
    assert len(state.pattern_deck) == 16
    assert legal(state) == sorted(
        [f"pick {sl.PATTERN_NAME[a].lower()}", f"pick {sl.PATTERN_NAME[b].lower()}"]
    )
    view = state.view(0)
    assert [o["id"] for o in view["options"]] == [sl.PATTERN_NAME[a], sl.PATTERN_NAME[b]]
    assert view["step"] == "pick-start"
    err = refused(state, "discard red")
    assert "first pick the Pattern card for your starting string" in err.reason
    state.apply(0, f"pick {sl.PATTERN_NAME[b].lower()}")
    assert state.current == b
    assert state.pattern_discard == [a]
    assert state.offers == []
    assert state.step == PLAY


# ------------------------------------------------------------------------ how to play


def test_step_1_play_a_card_into_the_string_then_draw_back_to_five() -> None:
    """How to Play 1: "Play one of the cards in your hand into the current string and
    then draw back to your hand limit of five." """
    state = scenario(hand="red purple purple purple plug", deck="blue")
    events = state.apply(0, "play red")
    assert events == [{"type": "play", "card": "red"}, {"type": "draw", "card": "blue"}]
    assert state.view(0)["string"] == ["red", None, None, None, None]
    assert hand(state) == ["blue", "plug", "purple", "purple", "purple"]


def test_step_1_repeat_while_you_can_play() -> None:
    """How to Play 1: "Repeat this until you can no longer play any cards": after each
    play, another play is available while a card fits."""
    state = scenario(hand="red pink purple purple purple", deck="green green")
    state.apply(0, "play red")
    assert "play pink" in legal(state) and "play green" in legal(state)


def test_reading_must_play_no_discarding_while_a_card_can_be_played() -> None:
    """Reading must-play: digging is step 2, only "If you cannot play any cards"."""
    state = scenario(hand="red purple purple purple plug")
    assert legal(state) == ["play red"]
    err = refused(state, "discard purple")
    assert err.reason == (
        "you can play a card into your string, so you must play it: discard a card only"
        " when you cannot play any"
    )
    assert err.rule == "Solo Lights, How to Play, Step 2"


def test_step_2_cannot_play_discard_one_and_draw_a_replacement() -> None:
    """How to Play 2: "If you cannot play any cards, discard one from your hand and draw
    a Bulb card to replace it." """
    state = scenario(hand="purple purple purple plug plug", deck="purple")
    assert legal(state) == ["discard plug", "discard purple"]
    events = state.apply(0, "discard plug")
    assert events == [{"type": "discard", "card": "plug"}, {"type": "draw", "card": "purple"}]
    assert state.discard[-1] == sl.PLUG
    assert hand(state) == ["plug", "purple", "purple", "purple", "purple"]


def test_step_2_repeat_until_you_can_play_then_return_to_step_1() -> None:
    """How to Play 2: "Repeat until you have a card you can play, then return to Step
    1." """
    state = scenario(hand="purple purple purple plug plug", deck="green purple")
    state.apply(0, "discard plug")
    assert legal(state) == ["discard plug", "discard purple"]
    state.apply(0, "discard plug")
    assert legal(state) == ["play green"]


def test_ruling_any_order_bulbs_go_into_the_string_in_any_order() -> None:
    """Ruling Solo Lights: any-order: "No. Default play is in any
    order." """
    state = scenario(hand="yellow blue green pink red", deck="purple purple purple purple purple")
    assert legal(state) == ["play blue", "play green", "play pink", "play red", "play yellow"]
    state.apply(0, "play yellow")
    state.apply(0, "play green")
    assert state.view(0)["string"] == [None, None, "green", None, "yellow"]
    assert state.view(0)["open"] == ["red", "pink", "blue"]


def test_a_bulb_must_match_the_current_pattern() -> None:
    """Goal: "match the bulbs on your current Pattern card": a colour the pattern does not
    show cannot go in, nor one whose place is filled."""
    state = scenario(hand="red red purple pink pink", string="red - - - -")
    err = refused(state, "play purple")
    assert err.reason == (
        "purple is not on your current pattern (P01: red, pink, green, blue, yellow)"
    )
    err = refused(state, "play red")
    assert err.reason == "the red place of your string is already filled"
    assert refused(state, "play green").reason == "you hold no green bulb"


def test_variant_in_sequence_bulbs_left_to_right() -> None:
    """Ways to Increase Difficulty: "You must place the bulbs on your strings in
    sequence." Reading in-sequence-left-to-right."""
    state = scenario(hand="pink green red purple purple", deck="yellow", in_sequence=True)
    assert legal(state) == ["play red"]
    err = refused(state, "play pink")
    assert err.reason == "bulbs go into the string in sequence: the next one is red"
    assert err.rule == "Solo Lights, Ways to Increase Difficulty (in sequence)"
    state.apply(0, "play red")
    assert legal(state) == ["play pink"]
    assert state.view(0)["open"] == ["pink"]


def test_completing_a_string_flips_the_pattern_and_draws_a_new_pattern_card() -> None:
    """How to Play: "When you complete a string, flip that Pattern card face-down and
    draw a new Pattern card." """
    state = scenario(
        hand="yellow purple purple purple plug",
        string="red pink green blue -",
        pattern_top=("P02",),
        deck="purple",
    )
    events = state.apply(0, "play yellow")
    assert events[:3] == [
        {"type": "play", "card": "yellow"},
        {"type": "string complete", "pattern": "P01"},
        {"type": "new pattern", "pattern": "P02"},
    ]
    assert state.done == [pid("P01")]
    assert state.offers == [pid("P02")]
    assert state.current == -1
    view = state.view(0)
    assert view["completed"] == ["P01"]
    assert view["current"] is None
    assert view["need_plug"] is True


def test_after_completing_a_string_you_must_play_a_plug_first() -> None:
    """How to Play: "After completing a string, you must play a Plug before you can
    begin a new string." """
    state = scenario(
        hand="plug blue yellow purple red", current=None, need_plug=True, offers=("P02",)
    )
    assert legal(state) == ["play plug"]
    err = refused(state, "play blue")
    assert err.reason == (
        "you completed a string: you must play a Plug (or a Bubble Bulb in its place)"
        " before you can begin a new string"
    )
    state.apply(0, "play plug")
    assert state.table[-1] == sl.PLUG
    assert state.need_plug is False


def test_reading_one_option_starts_at_once_after_the_plug() -> None:
    """Reading one-option-starts-at-once: with only one Pattern card available, the new
    string starts on it without a decision."""
    state = scenario(
        hand="plug blue yellow purple red", current=None, need_plug=True, offers=("P02",)
    )
    events = state.apply(0, "play plug")
    assert events[-1] == {"type": "start string", "pattern": "P02"}
    assert state.current == pid("P02") and state.step == PLAY
    assert "play blue" in legal(state)


def test_next_string_you_may_choose_from_any_of_your_available_patterns() -> None:
    """How to Play: "When you start work on your next string, you may choose from any of
    your available Pattern cards." """
    state = scenario(
        hand="plug blue yellow purple red",
        current=None,
        need_plug=True,
        offers=("P02", "P03"),
    )
    state.apply(0, "play plug")
    assert state.step == CHOOSE
    assert state.view(0)["step"] == "pick-next"
    assert legal(state) == ["pick p02", "pick p03"]
    err = refused(state, "play blue")
    assert err.reason == "first pick the Pattern card for your next string: pick one of P02, P03"
    err = refused(state, "pick p05")
    assert err.reason == "P05 is not one of the Pattern cards you can pick (P02, P03)"
    state.apply(0, "pick p03")
    assert state.current == pid("P03")
    assert state.offers == [pid("P02")]  # still an option for a later string


def test_a_plug_is_played_only_between_strings() -> None:
    """How to Play: a Plug connects the next string; it is no bulb of a pattern."""
    state = scenario(hand="plug red purple purple purple")
    assert legal(state) == ["play red"]
    err = refused(state, "play plug")
    assert err.reason == "a Plug is played only after completing a string, to connect the next one"


def test_reading_reshuffle_when_needed_the_discard_pile_becomes_the_deck() -> None:
    """How to Play: "If the Bulb deck runs out at any time, shuffle the discard pile to
    refill it." (Reading reshuffle-when-needed.)"""
    state = scenario(hand="red purple purple purple purple", rest="discard")
    assert state.deck == []
    n = len(state.discard)
    events = state.apply(0, "play red")
    assert events[1] == {"type": "reshuffle", "deck": n}
    assert len(state.deck) + len(state.discard) == n - 1
    assert conserved(state)


# ------------------------------------------------------------------------- special cards


def test_present_draws_an_extra_pattern_card_into_your_options() -> None:
    """Special Cards, Present: "When you draw a Present card, also draw an extra Pattern
    card and add it to your options for strings to work on next." Ruling Solo Lights:
    specials-take-no-slot: it takes no hand slot (a replacement is drawn). Reading
    used-specials-discarded."""
    state = scenario(
        hand="red purple purple purple purple", deck="green present", pattern_top=("P03",)
    )
    events = state.apply(0, "play red")
    assert events[1:] == [
        {"type": "draw", "card": "present"},
        {"type": "new pattern", "pattern": "P03"},
        {"type": "draw", "card": "green"},
    ]
    assert state.offers == [pid("P03")]
    assert state.current == pid("P01")  # the options are for the next string
    assert state.discard[-1] == sl.PRESENT
    assert sum(state.hand) == 5


def test_broken_bulb_flips_a_character_then_is_discarded() -> None:
    """Special Cards, Broken Bulb: "When you draw a Broken Bulb, you must flip over a
    character from the stack, then discard the Broken Bulb." It takes no hand slot."""
    state = scenario(hand="red purple purple purple purple", deck="green broken")
    events = state.apply(0, "play red")
    assert events[1:] == [
        {"type": "draw", "card": "broken"},
        {"type": "flip", "character": "reindeer"},
        {"type": "draw", "card": "green"},
    ]
    assert state.view(0)["characters"]["flipped"] == ["reindeer"]
    assert state.view(0)["characters"]["face_down"] == 4
    assert state.discard[-1] == sl.BROKEN
    assert sum(state.hand) == 5


def test_santa_revealed_before_five_strings_you_lose() -> None:
    """Game End: "You lose if Santa is revealed before you complete five strings." """
    state = scenario(
        hand="red purple purple purple purple",
        deck="green broken",
        stack="santa",
        flipped="mrs-claus elf-male elf-female reindeer",
        done=("P05", "P06"),
    )
    events = state.apply(0, "play red")
    assert events[-2:] == [{"type": "flip", "character": "santa"}, {"type": "santa arrives"}]
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == ()
    assert outcome.scores == (2.0,)
    assert outcome.reason == "Santa arrived with 2 of 5 strings complete"
    assert state.to_act == frozenset()
    assert refused(state, "play pink").reason == "the game is over (finished): no seat may act"


def test_ruling_surge_when_drawn_discard_your_hand_and_draw_back_to_five() -> None:
    """Special Cards, Power Surge: "you must discard your current hand and draw back to
    five. Then take Power Surge ... and place it back in the box." Ruling Solo Lights:
    surge-when-drawn: it takes effect when it is drawn."""
    state = scenario(
        hand="red purple purple pink plug",
        deck="blue blue green green yellow power-surge",
    )
    events = state.apply(0, "play red")
    assert events[1:3] == [{"type": "draw", "card": "power-surge"}, {"type": "power surge"}]
    assert hand(state) == ["blue", "blue", "green", "green", "yellow"]
    assert state.returned == [sl.SURGE]
    assert sorted(state.discard[-4:]) == sorted(cards("purple purple pink plug"))
    assert state.view(0)["power_surge"] == "gone off"
    assert conserved(state)


def test_variant_remove_power_surge_from_the_deck() -> None:
    """Ways to Decrease Difficulty: "Remove Power Surge from the deck." """
    state = yuletide.new_game(GAME, seed=2, power_surge=False)
    assert "power-surge" not in state.box()
    assert sl.SURGE not in state.deck
    assert state.view(0)["power_surge"] == "not used"
    assert yuletide.new_game(GAME, seed=2).view(0)["power_surge"] == "in the deck"


def test_bubble_bulb_goes_in_your_hand_and_plays_as_a_bulb_of_any_colour() -> None:
    """Special Cards, Bubble Bulbs: "Wildcards go in your hand and may be used as a Bulb
    of any color"."""
    state = scenario(
        hand="bubble purple purple purple purple", string="red - green - yellow", deck="bubble"
    )
    assert legal(state)[:2] == ["bubble blue", "bubble pink"]
    state.apply(0, "bubble pink")
    assert state.view(0)["string"] == ["red", "bubble", "green", None, "yellow"]
    assert hand(state).count("bubble") == 1  # the drawn Bubble Bulb went to the hand


def test_bubble_bulb_used_in_place_of_a_plug() -> None:
    """Special Cards, Bubble Bulbs: "... used in place of a Plug"."""
    state = scenario(
        hand="bubble purple blue blue blue",
        current=None,
        need_plug=True,
        offers=("P02",),
    )
    assert "bubble plug" in legal(state)
    state.apply(0, "bubble plug")
    assert state.table[-1] == sl.BUBBLE
    assert state.current == pid("P02")


def test_reading_bubble_time_discard_a_bubble_to_turn_a_character_face_down_again() -> None:
    """Special Cards, Bubble Bulbs: "... or discarded to replace a flipped Character
    card on top of the stack in order to get more time." Reading bubble-time-any-time:
    the character goes back on top, face down, and the player knows which it is."""
    state = scenario(
        hand="bubble red purple purple purple",
        stack="santa mrs-claus elf-male",
        flipped="reindeer elf-female",
        deck="blue broken purple",
    )
    assert "bubble time" in legal(state)
    events = state.apply(0, "bubble time")
    assert events[0] == {"type": "bubble time", "character": "elf-female"}
    assert state.discard[-1] == sl.BUBBLE
    chars = state.view(0)["characters"]
    assert chars["face_down"] == 4
    assert chars["known_on_top"] == ["elf-female"]
    assert chars["flipped"] == ["reindeer"]
    state.apply(0, "play red")  # draws the Broken Bulb: the known card flips again
    assert state.view(0)["characters"]["known_on_top"] == []
    assert state.view(0)["characters"]["flipped"] == ["reindeer", "elf-female"]
    state2 = scenario(hand="bubble red purple purple purple")
    err = refused(state2, "bubble time")
    assert err.reason == "no Character card has been flipped: there is no time to buy back"


def test_reading_bubble_is_optional_holding_one_you_may_still_dig() -> None:
    """Reading bubble-is-optional: a Bubble Bulb "may be used"; with no plain bulb to
    play you may play it or dig."""
    state = scenario(hand="bubble purple purple purple plug", string="red pink green blue -")
    assert legal(state) == ["bubble yellow", "discard bubble", "discard plug", "discard purple"]


# ------------------------------------------------------------------------- game end


def test_win_complete_five_strings_connected_by_four_plugs_before_santa() -> None:
    """Game End: "To win, complete five strings (connected by four Plugs) before Santa
    is revealed." """
    state = scenario(
        hand="yellow purple purple purple purple",
        string="red pink green blue -",
        done=("P02", "P03", "P04", "P05"),
        table="plug plug plug plug",
    )
    events = state.apply(0, "play yellow")
    assert events[-1] == {"type": "win", "strings": 5}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (5.0,)
    assert outcome.reason == "5 strings complete before Santa arrived"


def test_variant_increase_the_number_of_strings_you_must_complete() -> None:
    """Ways to Increase Difficulty: "Increase the number of strings you must
    complete." """
    state = scenario(
        hand="yellow purple purple purple purple",
        string="red pink green blue -",
        done=("P02", "P03", "P04", "P05"),
        strings=6,
    )
    state.apply(0, "play yellow")
    assert state.outcome.status == "ongoing"
    assert state.need_plug
    assert state.view(0)["strings_to_win"] == 6


@pytest.mark.parametrize(
    ("characters", "broken", "lost"), [(4, 4, True), (5, 4, False), (5, 5, True), (6, 5, False)]
)
def test_variant_four_or_six_characters_always_with_santa(
    characters: int, broken: int, lost: bool
) -> None:
    """Ways to Increase / Decrease Difficulty: "Play with four Character cards instead of
    five. (Make sure you always include Santa!)" / "Play with six Character cards". The
    stack takes one Broken Bulb fewer than it has cards; the next reveals Santa."""
    fresh = yuletide.new_game(GAME, seed=5, characters=characters)
    assert len(fresh.stack) == characters
    assert fresh.stack[0] == CHARACTERS.index("santa")
    assert len(fresh.unused) == 6 - characters
    # Reading characters-in-the-stack: the player knows which are in play (issue 12: a
    # determinization keeps them, so they must be in sight).
    boxed = [CHARACTERS[c] for c in fresh.unused]
    assert fresh.view(0)["characters"]["in_the_box"] == boxed
    assert fresh.events(0)[0] == {"type": "setup", "characters": characters, "in_the_box": boxed}
    state = scenario(
        hand="red purple purple purple purple",
        deck="purple " + "broken " * broken,
        stack=" ".join(CHARACTERS[:characters]),
        characters=characters,
    )
    state.apply(0, "play red")
    assert (state.outcome.status == "finished") is lost
    assert len(state.flipped) == broken


def test_reading_completed_string_discarded_the_plugs_stay_as_connectors() -> None:
    """Reading completed-string-discarded: a completed string's bulbs (Bubble Bulbs too)
    go to the discard pile, as in the main game; the Plug connecting the next string
    stays on the table ("five strings (connected by four Plugs)")."""
    state = scenario(
        hand="yellow plug purple purple purple",
        string="red bubble green blue -",
        pattern_top=("P02",),
        deck="purple",
        rest="discard",
    )
    state.apply(0, "play yellow")
    assert state.discard[-5:] == cards("red bubble green blue yellow")
    assert state.table == []
    state.apply(0, "play plug")
    assert state.table == [sl.PLUG]
    assert state.view(0)["connectors"] == ["plug"]


def test_reading_pattern_deck_empty_nothing_is_drawn() -> None:
    """Reading pattern-deck-empty: with the Pattern deck empty a completed string or a
    Present draws no Pattern card."""
    state = scenario(
        hand="yellow plug purple purple purple",
        string="red pink green blue -",
        offers=tuple(f"P{i:02d}" for i in range(2, 19)),
        deck="purple present",
    )
    assert state.pattern_deck == []
    events = state.apply(0, "play yellow")
    assert {"type": "new pattern", "pattern": None} in events
    assert len(state.offers) == 17


def test_reading_nothing_to_draw_loses() -> None:
    """Reading nothing-to-draw: an empty hand with nothing left to draw is a loss."""
    state = scenario(hand="red", rest="table")
    state.apply(0, "play red")
    assert state.outcome.status == "finished"
    assert state.outcome.winners == ()
    assert state.outcome.reason == "no card left to play or draw"


# ---------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: a turn limit option, counting plays and
    discards."""
    state = scenario(hand="purple purple purple purple purple", deck="purple purple", turn_limit=2)
    state.apply(0, "discard purple")
    assert state.outcome.status == "ongoing"
    state.apply(0, "discard purple")
    assert state.outcome.status == "unfinished"
    assert state.outcome.winners == ()
    assert state.outcome.reason == "turn limit of 2 reached"
    assert yuletide.new_game(GAME, seed=0).turn_limit == 2000


# ------------------------------------------------------------------------- knowledge


def test_view_shows_what_the_deck_holds_but_not_its_order() -> None:
    """Knowledge: the deck order is hidden; its contents are a memory aid."""
    state = scenario(hand="red purple purple purple purple", deck="green broken")
    view = state.view(0)
    assert view["deck"] == len(state.deck)
    assert sum(view["deck_contents"].values()) == len(state.deck)
    assert view["deck_contents"]["broken"] == 5
    assert view["hand"] == ["red", "purple", "purple", "purple", "purple"]
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["deck_contents"] is None


def test_events_show_drawn_cards_to_the_player_and_only_specials_to_a_spectator() -> None:
    state = scenario(hand="red purple purple purple purple", deck="green broken")
    state.apply(0, "play red")
    assert state.events(None)[-3:] == [
        {"type": "draw", "card": "broken"},
        {"type": "flip", "character": "reindeer"},
        {"type": "draw"},
    ]
    assert state.events(0)[-1] == {"type": "draw", "card": "green"}


def test_determinize_reshuffles_the_deck_keeping_santa_at_the_bottom() -> None:
    """Knowledge: determinize re-shuffles the Bulb deck, the Pattern deck and the unknown
    face-down characters; Santa stays at the bottom, a known card on top stays known."""
    state = scenario(
        hand="red purple purple purple purple",
        stack="santa mrs-claus elf-male elf-female reindeer",
        flipped="snowman",
        known_top=1,
        characters=6,
    )
    decks = set()
    patterns = set()
    middles = set()
    for i in range(40):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert det.stack[0] == CHARACTERS.index("santa")
        assert det.stack[-1] == CHARACTERS.index("reindeer")
        assert sorted(det.deck) == sorted(state.deck)
        assert sorted(det.pattern_deck) == sorted(state.pattern_deck)
        decks.add(tuple(det.deck))
        patterns.add(tuple(det.pattern_deck))
        middles.add(tuple(det.stack[1:-1]))
    assert len(decks) > 30
    assert len(patterns) > 30
    assert len(middles) > 3


# ------------------------------------------------------------ options and notation


def test_solo_is_one_player_only() -> None:
    with pytest.raises(InvalidOption, match="solo-lights is for 1 players, got 2"):
        yuletide.new_game(GAME, players=2, seed=0)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("strings", 4, "option 'strings' must be a whole number from 5 to 7, got 4"),
        ("strings", 8, "option 'strings' must be a whole number from 5 to 7, got 8"),
        ("characters", 3, "option 'characters' must be one of 4, 5, 6, got 3"),
        ("in_sequence", "yes", "option 'in_sequence' must be true or false"),
        ("power_surge", 0, "option 'power_surge' must be true or false"),
    ],
)
def test_difficulty_options_are_validated(option: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        yuletide.new_game(GAME, seed=0, **{option: value})


def test_notation_round_trips_and_bad_text_lists_the_forms() -> None:
    space = sl.SoloLights.action_space(1)
    assert len(space) == 18 + 7 + 6 + 2 + 8
    for action in space:
        assert sl.SoloLights.parse_action(str(action)) == action
    state = scenario(hand="red purple purple purple purple")
    for text in ("play broken", "bubble", "pick p19", ""):
        err = refused(state, text)
        assert isinstance(err, NotationError)
        assert str(err).startswith(f"{text!r} is not a Solo Lights action; the forms are: pick")


def test_illegal_actions_leave_the_state_unchanged() -> None:
    """Bad input at each step: unchanged state, a reason and the rule."""
    situations = [
        scenario(hand="red purple purple purple purple"),
        scenario(hand="purple purple purple purple bubble"),
        scenario(
            hand="plug bubble blue yellow pink", current=None, need_plug=True, offers=("P02",)
        ),
        scenario(hand="plug red", current=None, offers=("P02", "P03"), step=CHOOSE),
    ]
    for state in situations:
        ok = {str(a) for a in state.legal_actions(0)}
        for action in state.action_space(1):
            if str(action) not in ok:
                err = refused(state, str(action))
                assert err.rule is not None


# ------------------------------------------------------------- records and games


def test_random_games_end_in_a_win_or_a_loss_and_conserve_every_card() -> None:
    outcomes = Counter()
    for seed in range(40):
        state = random_game(GAME, 1, seed)
        assert conserved(state)
        assert state.outcome.status == "finished"
        if state.outcome.winners:
            assert len(state.done) == 5
            outcomes["win"] += 1
        else:
            assert CHARACTERS.index("santa") in state.flipped
            outcomes["loss"] += 1
    assert outcomes["loss"] > 0


def test_save_load_and_replay() -> None:
    state = random_game(GAME, 1, 4)
    assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    assert json.loads(state.to_json())["record"]["players"] == 1


def test_render_shows_the_string_the_options_and_the_hand() -> None:
    state = scenario(hand="red purple purple purple purple", string="- pink - - -", offers=("P02",))
    text = render_text(state.view(0))
    assert "String P01: R:__  K:K  G:__  B:__  Y:__" in text
    assert "Pattern options: P02" in text
    assert "Your hand: R red, U purple" in text


# ----------------------------------------------------------------- issue 12


def _other_world(state: Any) -> Any:
    """``state`` with everything hidden from the player moved: the Bulb deck and the
    Pattern deck reversed, the unknown characters above Santa rotated, another RNG."""
    other = state.clone()
    other.deck.reverse()
    other.pattern_deck.reverse()
    end = len(other.stack) - other.known_top
    middle = other.stack[1:end]
    other.stack[1:end] = middle[1:] + middle[:1]
    other.rng = Rng(987654321)
    return other


def test_issue_12_determinize_is_canonical_the_deck_sorted_before_shuffling() -> None:
    """Issue 12, section 1: the conformance property failed at ``state.deck[0]`` (seed
    100, the first state): the Bulb deck was shuffled in its true order with the
    caller's rng, so the truth could be read back. Now the deck, the Pattern deck and
    the unknown characters are sorted before they are shuffled: two worlds the player
    cannot tell apart give byte-equal determinizations, for every rng."""
    fresh = yuletide.new_game(GAME, players=1, seed=100)
    known = scenario(
        hand="red purple purple purple purple",
        flipped="snowman",
        known_top=1,
        characters=6,
    )
    for state in (fresh, known):
        worlds = [_other_world(state), state.determinize(0, Rng(5))]
        for other in worlds:
            assert conformance.observation(other, 0) == conformance.observation(state, 0)
            assert other.deck != state.deck
            for k in range(20):
                det = state.determinize(0, Rng(k))
                assert det.to_json() == other.determinize(0, Rng(k)).to_json()


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"strings": 6},
        {"strings": 7},
        {"characters": 4},
        {"characters": 6},
        {"in_sequence": True},
        {"power_surge": False},
        {"strings": 7, "characters": 4, "in_sequence": True, "power_surge": True},
    ],
    ids=repr,
)
def test_issue_12_leak_proof_holds_with_every_difficulty_option(options: dict[str, Any]) -> None:
    """Issue 12: the player's determinization is indistinguishable on every channel, is
    canonical and changes only through events, whatever the difficulty options."""
    report = conformance.check_no_leak(GAME, 1, 100, every=3, **options)
    assert report.redealt > 0 and report.tried > 0
    assert {"pick-start", "play", "game-over"} <= report.phases


@pytest.mark.parametrize("foreign", ["looney-lights", "deck-the-yard", "blink", "twinkling-lights"])
def test_issue_12_another_games_action_is_a_notation_error_not_an_attribute_error(
    foreign: str,
) -> None:
    """Issue 12, section 4: another game's action raised an AttributeError (the end of
    ``why_illegal`` read ``action.kind``). Every per-seat function now refuses it by
    name, the state unchanged."""
    state = scenario(hand="red purple purple purple purple")
    cls = yuletide.game_class(foreign)
    action = cls.action_space(cls.default_players)[0]
    before = state.to_json()
    message = r"is not an action of Solo Lights: an action is one of action_space\(1\)"
    with pytest.raises(NotationError, match=message):
        state.apply(0, action)
    with pytest.raises(NotationError, match=message):
        state.why_illegal(0, action)
    with pytest.raises(NotationError, match=message):
        state.action_seen_by(0, action, None)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [sl.Play(sl.BROKEN), sl.Play(99), sl.Pick(-1), sl.Discard(sl.PRESENT), sl.BubbleAs(sl.PLUG)],
    ids=repr,
)
def test_issue_12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values out of range never
    reach the rules."""
    state = scenario(hand="red purple purple purple purple")
    before = state.to_json()
    described = re.escape(action_fields(action))  # its fields: the notation may wrap around
    with pytest.raises(NotationError, match=f"{described} is not an action of"):
        state.apply(0, action)
    assert state.to_json() == before


def test_phases_are_the_steps_of_the_game_and_its_end() -> None:
    """Phases (the conformance leak check visits each): picking the starting pattern,
    playing, playing the Plug between strings, picking the next pattern, the end."""
    assert sl.SoloLights.phases == ("pick-start", "play", "plug", "pick-next", "game-over")
    assert yuletide.new_game(GAME, players=1, seed=0).current_phase == "pick-start"
    assert scenario(hand="red purple purple purple purple").current_phase == "play"
    plug = scenario(
        hand="plug bubble blue yellow pink", current=None, need_plug=True, offers=("P02",)
    )
    assert plug.current_phase == "plug"
    choose = scenario(hand="plug red", current=None, offers=("P02", "P03"), step=CHOOSE)
    assert choose.current_phase == "pick-next"
    assert random_game(GAME, 1, 4).current_phase == "game-over"
