"""Deck the Yard: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Deck the Yard" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--bonus-games (the Deck the Yard row) and "Every game:
safety limits"; the readings named in deck_the_yard.py's docstring.

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card kept exactly once. Pattern cards used below:
P01 = red pink green blue yellow, P02 = blue yellow purple green pink,
P03 = green pink purple yellow blue.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.core.conformance import random_game
from yuletide.core.state import action_fields
from yuletide.games.christmas_lights.deck_the_yard import rules as dy
from yuletide.games.christmas_lights.deck_the_yard.rules import BROKEN, PLUG, PRESENT
from yuletide.games.christmas_lights.deck_the_yard.text import render as render_text

GAME = "deck-the-yard"
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
CHARACTERS = ("santa", "mrs-claus", "elf-male", "elf-female", "reindeer", "snowman")
CARDS = {
    **dict.fromkeys(COLOURS, 7),
    "bubble": 6,
    "broken": 5,
    "plug": 8,
    "present": 3,
    **dict.fromkeys(CHARACTERS, 1),
}

# ----------------------------------------------------------------------------- helpers


def cards(names: str) -> list[int]:
    return [dy.CARD_ID[n] for n in names.split()]


def pid(name: str) -> int:
    return dy.PATTERN_NAME.index(name)


def scenario(
    *,
    hand: str,
    deck: str = "",
    discard: str = "",
    rest: str = "deck",
    faceup: tuple[str, ...] = ("P01", "P02"),
    current: str | None = None,
    string: str = "",
    claimed: tuple[str, ...] = (),
    characters: str = "",
    aside: str = "",
    surging: bool = False,
    pending: str | None = None,
    playout: bool = False,
    pattern_top: tuple[str, ...] = (),
    seed: int = 7,
    **options: Any,
) -> Any:
    """A game in the situation given, every card exactly once.

    Bulb-deck cards not named go to ``rest``: "deck" (under the named deck: plain bulbs
    nearest the top, specials deepest) or "discard". Pattern cards not face up, current
    or claimed form the Pattern deck (``pattern_top`` on its top, last revealed first).
    """
    state = yuletide.new_game(GAME, players=1, seed=seed, **options)
    named = {
        "hand": cards(hand),
        "deck": cards(deck),
        "discard": cards(discard),
        "string": cards(string),
        "characters": cards(characters),
        "aside": cards(aside),
        "pending": cards(pending or ""),
    }
    left = Counter({dy.CARD_ID[n]: c for n, c in CARDS.items()})
    left.subtract(Counter(k for pile in named.values() for k in pile))
    assert min(left.values()) >= 0, f"more cards named than the box holds: {left}"
    named[rest] = sorted(left.elements(), reverse=True) + named[rest]
    state.hand = [named["hand"].count(k) for k in range(dy.N_HAND_KINDS)]
    state.deck = named["deck"]
    state.discard = named["discard"]
    state.string = named["string"]
    state.current = -1 if current is None else pid(current)
    assert (state.current >= 0) == bool(state.string)
    state.faceup = [pid(p) for p in faceup]
    state.claimed_patterns = [pid(p) for p in claimed]
    state.claimed_characters = named["characters"]
    used = {*state.faceup, *state.claimed_patterns}
    top = [pid(p) for p in pattern_top]
    state.pattern_deck = [p for p in range(18) if p not in used and p not in top] + top
    state.aside = named["aside"]
    state.surging = surging
    state.pending = named["pending"][0] if pending else -1
    state.playout = playout
    state.ended = False
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


def test_components_of_deck_the_yard() -> None:
    """Components: "18 Pattern cards; 7 each of Red, Green, Yellow, Blue, Purple, Pink
    Bulbs; 6 Bubble Bulbs; 5 Broken Bulbs; 8 Plugs; 6 Character cards; Event card —
    Power Surge; 3 Presents"."""
    state = yuletide.new_game(GAME, seed=1)
    box = Counter(state.box())
    assert box == Counter({**CARDS, "power-surge": 1, **{f"P{i:02d}": 1 for i in range(1, 19)}})
    assert Counter(state.inventory()) == box


def test_setup_1_2_two_pattern_cards_revealed_from_the_pattern_deck() -> None:
    """Setup 1-2: "Shuffle the Pattern cards and place them face-down to form the
    Pattern deck. Reveal two Pattern cards as your starting patterns." """
    firsts = set()
    for seed in range(20):
        state = yuletide.new_game(GAME, seed=seed)
        assert len(state.faceup) == 2 and len(state.pattern_deck) == 16
        assert state.view(0)["patterns"] == [dy.pattern_dict(p) for p in state.faceup]
        assert state.view(0)["patterns_left"] == 16
        firsts.add(state.faceup[0])
    assert len(firsts) > 8


def test_setup_3_hand_of_five_from_plain_bulbs_bubbles_and_plugs() -> None:
    """Setup 3: "Shuffle the plain colored bulbs together with the Bubble Bulbs and
    Plugs, then deal a hand of five cards." """
    seen: Counter[str] = Counter()
    for seed in range(200):
        names = yuletide.new_game(GAME, seed=seed).view(0)["hand"]
        assert len(names) == 5
        assert set(names) <= {*COLOURS, "bubble", "plug"}
        seen.update(names)
    assert seen["bubble"] > 0 and seen["plug"] > 0


def test_setup_4_broken_characters_and_presents_shuffled_into_the_rest() -> None:
    """Setup 4: "Shuffle the Broken Bulbs, Character cards, and Presents into the
    remaining Bulb cards and place them face-down to form the Bulb deck." """
    tops = 0
    for seed in range(100):
        state = yuletide.new_game(GAME, seed=seed)
        deck = Counter(dy.CARD_NAME[k] for k in state.deck)
        assert len(state.deck) == 56 - 5 + 5 + 6 + 3
        assert deck["broken"] == 5 and deck["present"] == 3
        assert all(deck[c] == 1 for c in CHARACTERS)
        tops += state.deck[-1] >= BROKEN and state.deck[-1] != PLUG
    assert tops > 5


def test_setup_5_power_surge_lies_face_up_as_a_reminder_never_drawn() -> None:
    """Setup 5: "Place the Power Surge Event card face-up as a reminder of the effect of
    the Present cards." It is part of the box but never in the Bulb deck."""
    state = yuletide.new_game(GAME, seed=2)
    assert "power-surge" in state.inventory()
    assert dy.SURGE not in state.deck
    for seed in range(10):
        final = random_game(GAME, 1, seed)
        assert all(entry[1] != dy.SURGE for entry in final.log if entry[0] == "draw")


# ------------------------------------------------------------------------- a turn


def test_reading_pattern_chosen_by_first_card_start_a_string_on_a_face_up_pattern() -> None:
    """How to Play: "Choose a Pattern card you wish to complete." Reading
    pattern-chosen-by-first-card: the first bulb of a string chooses the pattern."""
    state = scenario(hand="red blue purple purple purple", deck="purple")
    assert legal(state) == [
        "discard blue",
        "discard purple",
        "discard red",
        "start p01",
        "start p02",
    ]
    events = state.apply(0, "start p02")
    assert events[:2] == [
        {"type": "start string", "pattern": "P02"},
        {"type": "play", "card": "blue", "as": "blue"},
    ]
    assert state.view(0)["current"] == dy.pattern_dict(pid("P02"))
    assert state.view(0)["string"] == ["blue"]
    assert state.view(0)["next"] == "yellow"


def test_a_string_starts_only_on_a_face_up_pattern_with_its_first_bulb() -> None:
    """How to Play: the first card must match the first bulb of a face-up pattern."""
    state = scenario(hand="red blue purple purple purple")
    assert refused(state, "start p03").reason == (
        "P03 is not one of your face-up Pattern cards (P01, P02)"
    )
    state = scenario(hand="red purple purple purple purple")
    assert refused(state, "start p02").reason == (
        "P02 starts with blue (left to right) and you hold no blue bulb"
    )
    assert refused(state, "play red").reason == (
        "your string is empty: start it on a face-up Pattern card (start <pattern> /"
        " start <pattern> bubble)"
    )


def test_play_a_plain_bulb_matching_the_next_bulb_working_left_to_right() -> None:
    """How to Play, Play a plain Bulb: "The Bulb card you play must match the next bulb
    on your current Pattern card, working left to right." """
    state = scenario(
        hand="pink green purple purple purple", current="P01", string="red", deck="red"
    )
    assert legal(state) == ["discard green", "discard pink", "discard purple", "play pink"]
    err = refused(state, "play green")
    assert err.reason == "the next bulb of P01 (left to right) is pink, not green"
    assert err.rule == "Deck the Yard, How to Play"
    assert refused(state, "start p02").reason.startswith("your string already follows P01")
    state.apply(0, "play pink")
    assert state.view(0)["string"] == ["red", "pink"]


def test_play_a_bubble_bulb_as_whatever_colour_the_pattern_needs_next() -> None:
    """How to Play, Play a Bubble Bulb: "It is a wildcard, which counts as a single bulb
    of whatever color your pattern needs next ... The Bubble Bulb remains in place until
    your string is complete." """
    state = scenario(hand="bubble purple purple purple purple", current="P01", string="red")
    events = state.apply(0, "play bubble")
    assert events[0] == {"type": "play", "card": "bubble", "as": "pink"}
    assert state.view(0)["string"] == ["red", "bubble"]
    assert state.view(0)["next"] == "green"


def test_play_a_bubble_bulb_to_start_a_string() -> None:
    """How to Play, Play a Bubble Bulb: "... starting or adding to your string"."""
    state = scenario(hand="bubble purple purple purple purple")
    assert "start p01 bubble" in legal(state) and "start p02 bubble" in legal(state)
    state.apply(0, "start p02 bubble")
    assert state.view(0)["next"] == "yellow"


def test_discard_one_card_from_your_hand_with_no_other_effect() -> None:
    """How to Play, Discard: "Discard one card from your hand. This has no other
    effect." """
    state = scenario(
        hand="plug purple purple purple purple", current="P01", string="red", deck="green"
    )
    events = state.apply(0, "discard plug")
    assert events == [{"type": "discard", "card": "plug"}, {"type": "draw", "card": "green"}]
    assert state.discard[-1] == PLUG
    assert state.view(0)["string"] == ["red"] and state.claims() == 0


def test_completing_a_pattern_claims_it_and_reveals_a_new_pattern_card() -> None:
    """How to Play: "if your string has all of the bulbs required by your Pattern card,
    you have completed the pattern. Discard the bulbs in your string, and add the
    Pattern card to your Claim pile (or start one!), then reveal a new card from the
    Pattern deck. You may choose which of your Pattern cards to start on next."
    Ruling Deck the Yard: patterns-face-up: always 2."""
    state = scenario(
        hand="yellow purple purple purple purple",
        current="P01",
        string="red bubble green blue",
        pattern_top=("P03",),
        deck="green",
    )
    events = state.apply(0, "play yellow")
    assert events[1:3] == [
        {"type": "claim", "pattern": "P01"},
        {"type": "reveal", "patterns": ["P03"]},
    ]
    assert state.view(0)["claimed_patterns"] == ["P01"]
    assert state.claims() == 1
    assert sorted(state.discard[-5:]) == sorted(cards("red bubble green blue yellow"))
    assert [p["id"] for p in state.view(0)["patterns"]] == ["P02", "P03"]
    assert state.view(0)["current"] is None
    assert "start p03" in legal(state)


def test_then_draw_from_the_bulb_deck_until_you_have_five_cards() -> None:
    """How to Play: "Then draw from the Bulb deck until you have five cards in your hand
    again." Special Cards: "Bubble Bulb or Plug: Put the card in your hand." """
    state = scenario(hand="red purple purple purple purple", deck="plug bubble")
    state.apply(0, "discard red")
    assert hand(state) == ["bubble", "purple", "purple", "purple", "purple"]
    state.apply(0, "discard purple")
    assert "plug" in hand(state)
    assert state.view(0)["hand_size"] == 5


# ------------------------------------------------------------------------ special cards


def test_character_card_you_may_discard_a_plug_to_claim_it() -> None:
    """Special Cards, Character card: "You may discard a Plug card from your hand to
    place the Character card in your Claim pile." """
    state = scenario(hand="plug red purple purple purple", deck="green reindeer")
    events = state.apply(0, "discard red")
    assert events[-1] == {"type": "draw", "card": "reindeer"}
    assert state.view(0)["step"] == "plug-decision"
    assert state.view(0)["pending"] == "reindeer"
    assert legal(state) == ["keep plug", "use plug"]
    events = state.apply(0, "use plug")
    assert events[:2] == [
        {"type": "use plug", "against": "reindeer"},
        {"type": "claim", "character": "reindeer"},
    ]
    assert state.view(0)["claimed_characters"] == ["reindeer"]
    assert state.claims() == 1
    assert hand(state) == ["green", "purple", "purple", "purple", "red"]
    assert state.discard[-1] == PLUG


def test_character_card_not_claimed_is_discarded_and_a_replacement_drawn() -> None:
    """Special Cards, Character card: "If you can't do this, discard the Character card
    and draw a replacement card from the Bulb deck." (With a Plug, keeping it.)"""
    state = scenario(hand="plug red purple purple purple", deck="green reindeer")
    state.apply(0, "discard red")
    events = state.apply(0, "keep plug")
    assert events == [
        {"type": "discard", "card": "reindeer"},
        {"type": "draw", "card": "green"},
    ]
    assert state.claims() == 0 and state.hand[PLUG] == 1
    assert sum(state.hand) == 5


def test_character_card_without_a_plug_is_discarded_at_once() -> None:
    """Special Cards, Character card: "If you can't do this" (no Plug): discarded, and a
    replacement drawn, with no decision."""
    state = scenario(hand="red purple purple purple purple", deck="green santa")
    events = state.apply(0, "discard red")
    assert events[1:] == [
        {"type": "draw", "card": "santa"},
        {"type": "discard", "card": "santa"},
        {"type": "draw", "card": "green"},
    ]
    assert state.view(0)["step"] == "play"


def test_broken_bulb_discards_all_the_bulbs_in_your_string() -> None:
    """Special Cards, Broken Bulb: "You must discard all the bulbs in your string ...
    Then discard the Broken Bulb itself and draw a replacement." """
    state = scenario(
        hand="blue purple purple purple purple",
        current="P01",
        string="red pink green",
        deck="red broken",
    )
    events = state.apply(0, "play blue")
    assert events[1:] == [
        {"type": "draw", "card": "broken"},
        {"type": "string lost"},
        {"type": "draw", "card": "red"},
    ]
    assert state.view(0)["string"] == [] and state.view(0)["current"] is None
    assert state.discard[-5:] == cards("red pink green blue broken")
    assert sum(state.hand) == 5


def test_broken_bulb_unless_you_discard_a_plug_instead() -> None:
    """Special Cards, Broken Bulb: "... unless you discard a Plug card instead to prevent
    it." """
    state = scenario(
        hand="blue plug purple purple purple",
        current="P01",
        string="red pink green",
        deck="red broken",
    )
    state.apply(0, "play blue")
    assert state.view(0)["pending"] == "broken"
    state.apply(0, "use plug")
    assert state.view(0)["string"] == ["red", "pink", "green", "blue"]
    assert state.discard[-2:] == [PLUG, BROKEN]
    assert sum(state.hand) == 5


def test_broken_bulb_drawn_with_an_empty_string_nothing_happens() -> None:
    """Special Cards, Broken Bulb: "If you draw a Broken Bulb when your string is empty,
    nothing happens." No Plug decision either."""
    state = scenario(hand="plug red purple purple purple", deck="green broken")
    events = state.apply(0, "discard red")
    assert events[1:] == [
        {"type": "draw", "card": "broken"},
        {"type": "broken bulb", "effect": "string empty: nothing happens"},
        {"type": "draw", "card": "green"},
    ]
    assert state.hand[PLUG] == 1 and state.pending == -1


def test_reading_broken_discards_bubbles_too() -> None:
    """Reading broken-discards-bubbles: every card of the string goes, Bubble Bulbs
    included."""
    state = scenario(
        hand="blue purple purple purple purple",
        current="P01",
        string="bubble pink",
        deck="red broken",
    )
    state.apply(0, "discard blue")
    assert state.string == []
    assert cards("bubble pink") == state.discard[-3:-1]


def test_present_causes_a_power_surge_discard_your_hand_and_draw_back_to_five() -> None:
    """Special Cards, Present: "Your excitement at seeing the Present causes a Power
    Surge. You must follow the rule on the Power Surge card" (discard your hand and draw
    back up to five). Reading specials-discarded: the Present is discarded."""
    state = scenario(
        hand="red purple purple purple purple",
        deck="yellow yellow blue blue green present",
    )
    events = state.apply(0, "discard red")
    assert events[1:3] == [{"type": "draw", "card": "present"}, {"type": "power surge"}]
    assert hand(state) == ["blue", "blue", "green", "yellow", "yellow"]
    assert state.discard[-6:] == cards("red present purple purple purple purple")


def test_power_surge_refill_sets_aside_specials_and_shuffles_them_back_after_five() -> None:
    """Special Cards, Present NOTE: "when drawing your hand back up to five after a Power
    Surge, set aside any Character cards, Broken Bulbs, or Present cards and shuffle
    them back into the Bulb deck after you have five cards in your hand." Bubble Bulbs
    and Plugs go to the hand as usual."""
    state = scenario(
        hand="red purple purple purple purple",
        current=None,
        deck="yellow yellow plug santa bubble broken blue present present",
    )
    deck_before = len(state.deck)
    events = state.apply(0, "discard red")
    asides = [e["card"] for e in events if e["type"] == "set aside"]
    assert asides == ["present", "broken", "santa"]
    assert hand(state) == ["blue", "bubble", "plug", "yellow", "yellow"]
    assert {"type": "shuffle back", "cards": 3} in events
    assert state.aside == [] and state.surging is False
    assert len(state.deck) == deck_before - 9 + 3
    assert {dy.CARD_ID["santa"], BROKEN, PRESENT} <= set(state.deck)
    assert state.view(0)["step"] == "play"


def test_present_unless_you_discard_a_plug_to_prevent_it() -> None:
    """Special Cards, Present: "... unless you discard a Plug card to prevent it." """
    state = scenario(hand="red plug purple purple purple", deck="green present")
    state.apply(0, "discard red")
    assert state.view(0)["pending"] == "present"
    events = state.apply(0, "use plug")
    assert events[0] == {"type": "use plug", "against": "present"}
    assert hand(state) == ["green", "purple", "purple", "purple", "red"]
    assert state.discard[-2:] == [PLUG, PRESENT]


def test_discarding_a_plug_to_prevent_a_special_card_is_always_optional() -> None:
    """Special Cards: "Discarding a Plug to prevent a special card ability is always
    optional." Each special card offers both choices."""
    for drawn, string in (("broken", "red"), ("present", "red"), ("elf-male", "red")):
        state = scenario(
            hand="pink plug purple purple purple",
            current="P01",
            string=string,
            deck=f"green {drawn}",
        )
        state.apply(0, "discard purple")
        assert legal(state) == ["keep plug", "use plug"]
        err = refused(state, "discard pink")
        assert err.rule == "Deck the Yard, Special Cards"
        assert err.reason.startswith("you drew a")


def test_discarded_cards_are_never_shuffled_back_into_the_deck() -> None:
    """Special Cards: "Discarded cards are never shuffled back into the deck." The
    discard pile only grows, and the deck only shrinks (apart from set-aside cards)."""
    for seed in range(20):
        state = yuletide.new_game(GAME, seed=seed)
        rng = Rng(seed)
        while not state.outcome.over:
            before = list(state.discard)
            deck = len(state.deck) + len(state.aside)
            actions = state.legal_actions(0)
            state.apply(0, actions[rng.below(len(actions))])
            assert state.discard[: len(before)] == before
            assert len(state.deck) + len(state.aside) <= deck


def test_new_turn_only_when_every_special_is_resolved_and_the_hand_holds_five() -> None:
    """Special Cards: "When you have completed all of the special card abilities and
    have five cards in your hand again, begin a new turn." """
    state = scenario(hand="red plug purple purple purple", deck="green reindeer santa")
    state.apply(0, "discard red")
    assert state.pending == dy.CARD_ID["santa"] and sum(state.hand) == 4
    state.apply(0, "use plug")
    assert state.pending == -1 and sum(state.hand) == 5  # no Plug left: Reindeer discarded
    assert state.turns == 1


# ------------------------------------------------------------------------ game end


def test_game_end_hand_cannot_be_refilled_play_out_the_last_cards_then_end() -> None:
    """Game End: "Once you cannot fully refill your hand to five cards at the end of your
    turn, you have a chance to play out the cards remaining in your hand, and then the
    game ends." Reading play-out: turns go on without drawing until the hand is empty."""
    state = scenario(hand="red pink purple purple purple", deck="green", rest="discard")
    events = state.apply(0, "start p01")
    assert events[-1] == {"type": "draw", "card": "green"}  # refilled to five: go on
    assert state.view(0)["last_hand"] is False
    events = state.apply(0, "play pink")
    assert events[-1] == {"type": "last hand", "cards": 4}
    assert state.view(0)["last_hand"] is True
    state.apply(0, "play green")
    assert sum(state.hand) == 3  # no drawing any more
    for _ in range(2):
        state.apply(0, "discard purple")
        assert state.outcome.status == "ongoing"
    events = state.apply(0, "discard purple")
    assert events[-1] == {"type": "end", "claims": 0}
    assert state.outcome.status == "finished"


@pytest.mark.parametrize(
    ("difficulty", "claims", "won"),
    [
        ("normal", 8, True),
        ("normal", 7, False),
        ("hard", 8, False),
        ("hard", 9, True),
        ("heroic", 9, False),
        ("heroic", 10, True),
        ("heroic", 11, True),
    ],
)
def test_difficulty_claim_8_normal_9_hard_10_or_more_heroic(
    difficulty: str, claims: int, won: bool
) -> None:
    """Game End: "To win, you must claim enough Pattern and Character cards in any
    combination. Normal difficulty: Claim 8 cards to win. Hard difficulty: Claim 9 cards
    to win. Heroic difficulty: Claim 10 or more cards to win." """
    patterns = tuple(f"P{i:02d}" for i in range(3, 3 + claims - 5))
    state = scenario(
        hand="red",
        claimed=patterns,
        characters="santa mrs-claus elf-male elf-female reindeer",
        playout=True,
        rest="discard",
        difficulty=difficulty,
    )
    state.apply(0, "discard red")
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == ((0,) if won else ())
    assert outcome.scores == (float(claims),)
    assert outcome.reason == f"claimed {claims} cards; {dy.TARGETS[difficulty]} needed to win"


def test_reading_claims_counted_at_the_end_not_when_the_target_is_reached() -> None:
    """Reading claims-counted-at-the-end: reaching the target does not end the game."""
    state = scenario(
        hand="yellow purple purple purple purple",
        current="P01",
        string="red pink green blue",
        claimed=("P03", "P04", "P05"),
        characters="santa mrs-claus elf-male elf-female",
    )
    state.apply(0, "play yellow")
    assert state.claims() == 8
    assert state.outcome.status == "ongoing"


def test_reading_surge_short_the_deck_runs_out_while_drawing_back() -> None:
    """Reading surge-short: set-aside cards go back into the deck, the hand stays short,
    and the play-out begins."""
    state = scenario(
        hand="red purple purple purple purple",
        deck="santa yellow present",
        rest="discard",
    )
    events = state.apply(0, "discard red")
    assert [e["type"] for e in events][-3:] == ["set aside", "shuffle back", "last hand"]
    assert state.deck == [dy.CARD_ID["santa"]]
    assert hand(state) == ["yellow"]
    assert state.playout
    # Reading play-out: no more drawing, though the deck still holds a card.
    events = state.apply(0, "discard yellow")
    assert events == [{"type": "discard", "card": "yellow"}, {"type": "end", "claims": 0}]
    assert state.deck == [dy.CARD_ID["santa"]]


def test_reading_pattern_deck_empty_no_new_pattern_is_revealed() -> None:
    """Reading pattern-deck-empty: with the Pattern deck empty, nothing is revealed."""
    state = scenario(
        hand="yellow purple purple purple purple",
        current="P01",
        string="red pink green blue",
        claimed=tuple(f"P{i:02d}" for i in range(3, 19)),
    )
    state.apply(0, "play yellow")
    assert [p["id"] for p in state.view(0)["patterns"]] == ["P02"]


# ---------------------------------------------------------------- safety limits


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    state = scenario(hand="purple purple purple purple purple", turn_limit=1)
    state.apply(0, "discard purple")
    assert state.outcome.status == "unfinished"
    assert state.outcome.reason == "turn limit of 1 reached"
    assert yuletide.new_game(GAME, seed=0).turn_limit == 1000


def test_ruling_turn_limit_waits_for_a_plug_decision() -> None:
    state = scenario(hand="red plug purple purple purple", deck="green santa", turn_limit=1)
    state.apply(0, "discard red")
    assert state.outcome.status == "ongoing"
    state.apply(0, "use plug")
    assert state.outcome.status == "unfinished"


# ------------------------------------------------------------------------- knowledge


def test_view_lists_what_the_deck_holds_but_not_its_order() -> None:
    state = yuletide.new_game(GAME, seed=4)
    view = state.view(0)
    assert sum(view["deck_contents"].values()) == len(state.deck) == view["deck"]
    assert view["deck_contents"]["broken"] == 5
    assert state.view(None)["hand"] is None and state.view(None)["deck_contents"] is None


def test_determinize_reshuffles_the_bulb_and_pattern_decks_only() -> None:
    state = yuletide.new_game(GAME, seed=4)
    decks = set()
    patterns = set()
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert sorted(det.deck) == sorted(state.deck)
        assert sorted(det.pattern_deck) == sorted(state.pattern_deck)
        assert det.hand == state.hand and det.faceup == state.faceup
        decks.add(tuple(det.deck))
        patterns.add(tuple(det.pattern_deck))
    assert len(decks) == 20
    assert len(patterns) == 20


# ------------------------------------------------------------ options and notation


def test_solo_is_one_player_and_options_are_validated() -> None:
    with pytest.raises(InvalidOption, match="deck-the-yard is for 1 players, got 2"):
        yuletide.new_game(GAME, players=2, seed=0)
    with pytest.raises(
        InvalidOption, match="option 'difficulty' must be one of 'normal', 'hard', 'heroic'"
    ):
        yuletide.new_game(GAME, seed=0, difficulty="easy")


def test_notation_round_trips_and_bad_text_lists_the_forms() -> None:
    space = dy.DeckTheYard.action_space(1)
    assert len(space) == 7 + 36 + 8 + 2
    for action in space:
        assert dy.DeckTheYard.parse_action(str(action)) == action
    state = scenario(hand="red purple purple purple purple")
    for text in ("play plug", "start p19", "claim", ""):
        err = refused(state, text)
        assert isinstance(err, NotationError)
        assert str(err).startswith(f"{text!r} is not a Deck the Yard action; the forms are:")


def test_illegal_actions_leave_the_state_unchanged() -> None:
    situations = [
        scenario(hand="red purple purple purple purple"),
        scenario(hand="pink purple purple purple bubble", current="P01", string="red"),
        scenario(hand="plug red purple purple", pending="santa"),
    ]
    for state in situations:
        ok = {str(a) for a in state.legal_actions(0)}
        for action in state.action_space(1):
            if str(action) not in ok:
                assert refused(state, str(action)).rule is not None
    err = refused(situations[0], "use plug")
    assert err.reason == "no special card is waiting for a Plug decision"


# ------------------------------------------------------------- records and games


def test_random_games_end_conserve_every_card_and_score_the_claims() -> None:
    for seed in range(30):
        state = random_game(GAME, 1, seed)
        assert conserved(state)
        assert state.outcome.status == "finished"
        assert sum(state.hand) == 0
        assert state.outcome.scores == (float(state.claims()),)
        assert bool(state.outcome.winners) == (state.claims() >= 8)


def test_save_load_and_replay() -> None:
    state = random_game(GAME, 1, 9)
    assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()


def test_render_shows_patterns_string_and_hand() -> None:
    state = scenario(hand="pink purple purple purple purple", current="P01", string="red")
    text = render_text(state.view(0))
    assert "Face-up patterns: P01 R K G B Y; P02 B Y U G K" in text
    assert "String on P01: R   next: K pink" in text
    assert "Your hand: U purple" in text and "K pink" in text


# ----------------------------------------------------------------- issue 12


def _other_world(state: Any) -> Any:
    """``state`` with everything hidden from the player moved: the Bulb deck and the
    Pattern deck reversed, another RNG."""
    other = state.clone()
    other.deck.reverse()
    other.pattern_deck.reverse()
    other.rng = Rng(987654321)
    return other


def _after_a_shuffle_back() -> Any:
    """A game just after a Power Surge's set-aside cards were shuffled back into the
    deck (their place in it is unknown, as every card's there)."""
    state = scenario(
        hand="red purple purple purple purple",
        current=None,
        deck="yellow yellow plug santa bubble broken blue present present",
    )
    state.apply(0, "discard red")  # the Present: a Power Surge, then three set aside
    assert state.deck and not state.surging
    assert {"type": "shuffle back", "cards": 3} in state.events(0)
    return state


def test_issue_12_determinize_is_canonical_the_deck_sorted_before_shuffling() -> None:
    """Issue 12, section 1: the conformance property failed at ``state.deck[0]`` (seed
    100, the first state): the Bulb deck was shuffled in its true order with the
    caller's rng, so the truth could be read back. Now the Bulb deck and the Pattern
    deck are sorted before they are shuffled: two worlds the player cannot tell apart
    give byte-equal determinizations, for every rng."""
    for state in (yuletide.new_game(GAME, players=1, seed=100), _after_a_shuffle_back()):
        for other in (_other_world(state), state.determinize(0, Rng(5))):
            assert conformance.observation(other, 0) == conformance.observation(state, 0)
            assert other.deck != state.deck
            for k in range(20):
                det = state.determinize(0, Rng(k))
                assert det.to_json() == other.determinize(0, Rng(k)).to_json()


@pytest.mark.parametrize("difficulty", ["normal", "hard", "heroic"])
def test_issue_12_leak_proof_holds_at_every_difficulty(difficulty: str) -> None:
    """Issue 12: the player's determinization is indistinguishable on every channel, is
    canonical and changes only through events, at every difficulty."""
    report = conformance.check_no_leak(GAME, 1, 100, every=3, difficulty=difficulty)
    assert report.redealt > 0 and report.tried > 0
    assert {"play", "plug-decision", "game-over"} <= report.phases


@pytest.mark.parametrize("foreign", ["looney-lights", "solo-lights", "blink", "twinkling-lights"])
def test_issue_12_another_games_action_is_a_notation_error_not_an_assertion_error(
    foreign: str,
) -> None:
    """Issue 12, section 4: another game's action raised an empty AssertionError (the
    last line of ``why_illegal``, which vanishes under ``python -O``). Every per-seat
    function now refuses it by name, the state unchanged."""
    state = scenario(hand="red blue blue blue blue", current="P01", string="red")
    cls = yuletide.game_class(foreign)
    action = cls.action_space(cls.default_players)[0]
    before = state.to_json()
    message = r"is not an action of Deck the Yard: an action is one of action_space\(1\)"
    with pytest.raises(NotationError, match=message):
        state.apply(0, action)
    with pytest.raises(NotationError, match=message):
        state.why_illegal(0, action)
    with pytest.raises(NotationError, match=message):
        state.action_seen_by(0, action, None)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [dy.Play(PLUG), dy.Play(BROKEN), dy.Play(99), dy.Start(99, False), dy.Discard(PRESENT)],
    ids=repr,
)
def test_issue_12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values out of range never
    reach the rules."""
    state = scenario(hand="red blue blue blue blue")
    before = state.to_json()
    described = re.escape(action_fields(action))  # its fields: the notation may wrap around
    with pytest.raises(NotationError, match=f"{described} is not an action of"):
        state.apply(0, action)
    assert state.to_json() == before


def test_plug_decision_messages_name_the_card_drawn() -> None:
    """An action other than ``use plug`` / ``keep plug`` while a special card waits
    names it ("you drew a Broken Bulb", not "a broken") and the choice."""
    expected = {
        "broken": "you drew a Broken Bulb: discard a Plug to save your string (use plug) or"
        " lose it (keep plug)",
        "present": "you drew a Present: discard a Plug to prevent the Power Surge (use plug)"
        " or let it happen (keep plug)",
        "elf-male": "you drew a Character card: discard a Plug to claim elf-male (use plug)"
        " or let it go (keep plug)",
    }
    for drawn, reason in expected.items():
        state = scenario(hand="pink plug purple purple", current="P01", string="red", pending=drawn)
        assert refused(state, "discard pink").reason == reason
    state = scenario(hand="red blue blue blue blue", current="P01", string="red")
    assert refused(state, "discard plug").reason == "you hold no Plug to discard"
    assert refused(state, "play bubble").reason == "you hold no Bubble Bulb"
    assert refused(state, "discard green").reason == "you hold no green bulb to discard"


def test_phases_are_the_steps_of_the_game_and_its_end() -> None:
    """Phases (the conformance leak check visits each): playing, a Plug decision on a
    special card drawn, the play-out of the last hand, the end."""
    assert dy.DeckTheYard.phases == ("play", "plug-decision", "last-hand", "game-over")
    assert yuletide.new_game(GAME, players=1, seed=0).current_phase == "play"
    pending = scenario(
        hand="pink plug purple purple", current="P01", string="red", pending="broken"
    )
    assert pending.current_phase == "plug-decision"
    last = scenario(hand="red blue", rest="discard", playout=True)
    assert last.current_phase == "last-hand"
    last.apply(0, "discard red")
    last.apply(0, "discard blue")
    assert last.outcome.over and last.current_phase == "game-over"
