"""Festival of Lights: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Festival of Lights" (quoted in each test's
docstring, the example round reproduced exactly);
docs/rulings.md#christmas-lights--digital-forms-of-table-talk (the Festival of Lights row), the
three bonus-game rows for Festival of Lights and "Every game: safety limits"; the readings named in
festival_of_lights.py's docstring (left-is-next-seat, character-identity, setup-specials-to-box,
step-order, plug-takes-with-ability, plug-empty-middle, rescued-drop-no-ability,
saved-broken-scores, pile-exists, pile-size, have-a-colour, cards-for-ties).

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs; every card not named lies face-down in the box, so every card of
the game is kept exactly once.
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
from yuletide.games.christmas_lights.festival_of_lights import rules as fl

GAME = "festival-of-lights"
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
SPECIALS = ("bubble", "broken", "plug", "character")
RULE = "Festival of Lights"

# ----------------------------------------------------------------------------- helpers


def counts(cards: str, size: int = fl.N_KINDS) -> list[int]:
    found = [fl.KIND_ID[c] for c in cards.split()]
    return [found.count(k) for k in range(size)]


def scenario(
    players: int = 4,
    *,
    hands: list[str],
    middle: str = "",
    piles: list[str] | None = None,
    chars: list[str] | None = None,
    bubbles: list[int] | None = None,
    saved: list[int] | None = None,
    loose: list[str] | None = None,
    patterns: list[str] | None = None,
    round: int = 0,
    seed: int = 2,
    **options: Any,
) -> Any:
    """A round about to be chosen, with these hands, middle, piles (colour names; one
    name per bulb), Character cards (one colour name per Character, the pile it is on),
    Bubble Bulbs under the Pattern, kept Broken Bulbs and loose special cards. Every
    other card is face-down in the box."""
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    n = players
    state.hands = [counts(h) for h in hands]
    state.middle = counts(middle)
    state.piles = [counts(p, 6) for p in (piles or [""] * n)]
    state.chars = [counts(c, 6) for c in (chars or [""] * n)]
    state.bubbles = list(bubbles or [0] * n)
    state.saved = list(saved or [0] * n)
    state.loose = [counts(x) for x in (loose or [""] * n)]
    state.assigned = [[0] * 6 for _ in range(n)]
    state.round = round
    if patterns is not None:
        chosen = [fl.PATTERN_IDS.index(p) for p in patterns]
        state.patterns = chosen
        state.patterns_box = sorted(set(range(18)) - set(chosen))
    box = Counter(dict.fromkeys(COLOURS, 7) | dict.fromkeys(SPECIALS, n + 1))
    used: Counter[str] = Counter()
    for h in hands:
        used.update(h.split())
    used.update(middle.split())
    for p in piles or []:
        used.update(p.split())
    for c in chars or []:
        used["character"] += len(c.split())
    used["bubble"] += sum(bubbles or [])
    used["broken"] += sum(saved or [])
    for x in loose or []:
        used.update(x.split())
    left = box - used
    assert all(box[k] >= used[k] for k in used), f"more cards named than the box holds: {used}"
    state.box_hidden = [left[name] for name in fl.KIND_NAME]
    state.box_known = [0] * fl.N_KINDS
    assert sorted(state.inventory()) == sorted(state.box())
    return state


def play(state: Any, cards: list[str]) -> list[dict[str, Any]]:
    """Every seat plays its card (seat order); the events of the last play (the reveal)."""
    events: list[dict[str, Any]] = []
    for seat, card in enumerate(cards):
        events = state.apply(seat, f"play {card}")
    return events


def legal(state: Any, seat: int) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def last_round(players: int = 3, **kwargs: Any) -> Any:
    """A scenario in the eighth and last round (two cards in each hand)."""
    return scenario(players, round=7, **kwargs)


# ------------------------------------------------------------------------ components


@pytest.mark.parametrize("players", [3, 4])
def test_components_seven_of_each_colour_and_one_more_special_than_players(players: int) -> None:
    """Components: "7 each of Red, Green, Yellow, Blue, Purple, Pink Bulbs" and "Special
    cards: 1 more than the number of players of each of these: Bubble Bulbs, Broken
    Bulbs, Plugs, and Character cards. For example, in a 4-player game you add five of
    each." Also the 18 Pattern cards."""
    state = yuletide.new_game(GAME, players=players, seed=1)
    box = Counter(state.box())
    assert all(box[c] == 7 for c in COLOURS)
    assert all(box[s] == players + 1 for s in SPECIALS)
    assert sum(1 for c in box.elements() if c.startswith("P")) == 18
    assert Counter(state.inventory()) == box


def test_reading_character_identity_all_character_cards_are_one_kind() -> None:
    """Reading character-identity (and ruling Festival of Lights: characters-are-one-type: "All
    Character cards count as one card type"): the box holds N+1 cards of the one kind
    "character"."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    assert Counter(state.box())["character"] == 5
    assert not any(c in state.box() for c in ("santa", "mrs-claus", "reindeer"))


@pytest.mark.parametrize("players", [2, 5])
def test_player_count_is_3_or_4(players: int) -> None:
    """ "3 to 4 players." """
    with pytest.raises(InvalidOption, match="festival-of-lights is for 3 to 4 players"):
        yuletide.new_game(GAME, players=players)


# ----------------------------------------------------------------------------- setup


def test_setup_one_pattern_card_face_up_to_each_player_the_others_to_the_box() -> None:
    """Setup 1: "Shuffle the Pattern cards and deal one to each player face-up. Return the
    other Pattern cards to the box." """
    dealt = set()
    for seed in range(8):
        state = yuletide.new_game(GAME, players=4, seed=seed)
        view = state.view(None)
        assert len(view["patterns"]) == 4
        ids = [p["id"] for p in view["patterns"]]
        assert len(set(ids)) == 4
        assert len(state.patterns_box) == 14
        assert view["patterns"][0]["lights"] == list(fl.CONTENT.patterns[state.patterns[0]].lights)
        dealt.add(tuple(ids))
    assert len(dealt) == 8


@pytest.mark.parametrize("players", [3, 4])
def test_setup_nine_cards_face_down_to_each_player(players: int) -> None:
    """Setup 2: "Shuffle the Bulb cards and special cards together and deal nine cards to
    each player face-down." """
    state = yuletide.new_game(GAME, players=players, seed=3)
    assert [sum(h) for h in state.hands] == [9] * players
    assert len(state.view(0)["hand"]) == 9
    assert state.view(0)["hands_seen"] == [None] * players
    assert state.view(None)["hand"] is None
    assert state.view(None)["hand_sizes"] == [9] * players


def test_setup_three_bulb_cards_in_the_middle_specials_replaced_rest_to_the_box() -> None:
    """Setup 3: "Reveal three Bulb cards in the middle of the table. If any special card
    is revealed, draw a replacement. Return the remaining cards to the box." (Reading
    setup-specials-to-box: a revealed special card goes back to the box face-up.)"""
    found_special = False
    for seed in range(40):
        state = yuletide.new_game(GAME, players=4, seed=seed)
        view = state.view(None)
        assert len(view["middle"]) == 3
        assert all(c in COLOURS for c in view["middle"])
        aside = [e["card"] for e in state.events(None) if e["type"] == "set_aside"]
        assert sorted(view["box_face_up"]) == sorted(aside)
        assert all(c in SPECIALS for c in aside)
        assert view["box_face_down"] == 42 + 20 - 36 - 3 - len(aside)
        found_special = found_special or bool(aside)
    assert found_special


# ---------------------------------------------------------------- a round: step 1


def test_step_1_all_players_choose_a_card_face_down_then_reveal_together() -> None:
    """How to Play 1: "All players choose one card to place face-down in front of them.
    Once everyone has chosen, all players reveal their cards at the same time." Ruling
    Festival of Lights: digital-form: "Choices are hidden until all have chosen; a seat only learns
    *that* another has chosen." """
    state = scenario(hands=["red blue", "green red", "blue yellow", "pink red"], round=7)
    assert state.to_act == frozenset({0, 1, 2, 3})
    events = state.apply(1, "play green")
    assert events == [{"type": "chose_a_card", "seat": 1}]
    assert state.to_act == frozenset({0, 2, 3})
    assert state.view(1)["choice"] == "green"
    for viewer in (0, 2, 3, None):
        view = state.view(viewer)
        assert view["choice"] is None
        assert "green" not in str(view["revealed"])
        assert state.events(viewer)[-1] == {"type": "chose_a_card", "seat": 1}
    assert state.view(0)["hand_sizes"] == [2, 2, 2, 2]  # the chosen card is still theirs
    action = state.parse_action("play green")
    assert state.action_seen_by(1, action, 1) == "play green"
    assert [state.action_seen_by(1, action, v) for v in (0, 2, None)] == ["chooses a card"] * 3
    err = refused(state, 1, "play red")
    assert err.reason == "seat 1 may not act now; waiting for seat 0, 2, 3"
    state.apply(0, "play red")
    state.apply(2, "play blue")
    events = state.apply(3, "play pink")
    assert events[1] == {"type": "reveal", "cards": ["red", "green", "blue", "pink"]}


def test_step_1_a_card_you_do_not_hold_cannot_be_chosen() -> None:
    state = scenario(hands=["red blue", "green red", "blue yellow", "pink red"], round=7)
    err = refused(state, 0, "play pink")
    assert err.reason == "you hold no pink card"
    assert err.rule == RULE + ", How to Play 1"
    err = refused(state, 0, "place red")
    assert (
        err.reason == "everyone is choosing a card to reveal: play one of your cards (play <card>)"
    )


def test_ruling_a_leak_of_a_pending_choice_is_caught_by_the_leak_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The conformance leak check covers hidden choices: a view that shows the other
    seats' pending choices differs on a determinization (which re-draws them)."""
    original = fl.FestivalOfLights.view

    def leaky(self: Any, seat: int | None) -> dict[str, Any]:
        view = original(self, seat)
        view["spied"] = list(self.chosen)
        return view

    monkeypatch.setattr(fl.FestivalOfLights, "view", leaky)
    with pytest.raises(conformance.ConformanceError, match="leaks"):
        conformance.check_no_leak(GAME, 4, 1, every=1)


# ---------------------------------------------------------------- a round: steps 2-4


def test_example_round_two_greens_drop_unique_blue_and_red_are_scored() -> None:
    """Example round: "Two players reveal Green Bulbs, one reveals a Blue Bulb, and
    another reveals a Red Bulb. The players who revealed Green Bulbs both discard their
    "drops" face-up in the middle, and the players with the unique Blue Bulb and unique
    Red Bulb place their card in front of them, in their Blue pile and Red pile
    respectively." """
    state = scenario(
        hands=["green yellow", "green pink", "blue purple", "red yellow"],
        middle="yellow",
        round=6,
    )
    events = play(state, ["green", "green", "blue", "red"])
    assert {"type": "reveal", "cards": ["green", "green", "blue", "red"]} in events
    assert {"type": "drop", "seat": 0, "card": "green"} in events
    assert {"type": "drop", "seat": 1, "card": "green"} in events
    assert {"type": "score", "seat": 2, "card": "blue"} in events
    assert {"type": "score", "seat": 3, "card": "red"} in events
    view = state.view(None)
    assert sorted(view["middle"]) == ["green", "green", "yellow"]
    assert view["piles"] == [{}, {}, {"blue": 1}, {"red": 1}]
    assert conserved(state)


def test_step_2_a_unique_card_is_scored_into_a_pile_of_its_colour() -> None:
    """How to Play 2: "If you have revealed a card that is unique — that is, no-one else
    has revealed the same card as you — score that card by placing it in front you.
    Separate the cards you score into piles by color." """
    state = scenario(
        hands=["red red yellow", "red blue pink", "green green yellow"],
        piles=["red", "", ""],
        players=3,
        round=6,
    )
    play(state, ["red", "blue", "green"])
    assert state.view(None)["piles"] == [{"red": 2}, {"blue": 1}, {"green": 1}]


def test_step_3_a_card_matched_by_someone_else_drops_into_the_middle() -> None:
    """How to Play 3: "If you have revealed a card that is matched by someone else
    (referred to as a "drop"), discard that card face-up in the middle of the table." """
    state = scenario(players=3, hands=["red blue", "red green", "red pink"], round=7)
    events = play(state, ["red", "red", "red"])
    assert [e for e in events if e["type"] == "drop"] == [
        {"type": "drop", "seat": s, "card": "red"} for s in range(3)
    ]
    assert state.view(None)["middle"] == ["red", "red", "red"]
    assert state.view(None)["piles"] == [{}, {}, {}]


def test_step_4_remaining_cards_pass_to_the_player_on_the_left() -> None:
    """How to Play 4: "All players pass their remaining cards to the player on their
    left, and the next round begins." (Reading left-is-next-seat.)"""
    state = scenario(
        players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"], round=6
    )
    events = play(state, ["red", "green", "purple"])
    # Seat 2 made the last play: it is told what it receives (seat 1's cards).
    assert events[-1] == {"type": "pass_left", "round": 8, "you_receive": ["pink", "pink"]}
    assert state.view(1)["hand"] == ["yellow", "blue"]  # seat 0's cards
    assert state.view(2)["hand"] == ["pink", "pink"]
    assert state.view(0)["hand"] == ["yellow", "blue"]
    assert state.phase == fl.CHOOSE
    assert state.to_act == frozenset({0, 1, 2})


def test_game_end_when_everyone_has_one_card_left_it_goes_back_to_the_box() -> None:
    """ "The game ends when all players have only one card remaining in their hand. Put
    those last cards back in the box instead of playing or discarding them." Nine cards
    make eight rounds."""
    state = random_game(GAME, 4, 3)
    assert state.outcome.status == "finished"
    reveals = [e for e in state.events(None) if e["type"] == "reveal"]
    assert len(reveals) == 8
    assert {"type": "last_cards"} in state.events(None)
    assert all(sum(h) == 0 for h in state.hands)
    state = last_round(hands=["red blue", "green pink", "yellow purple"])
    before = state.view(None)["box_face_down"]
    events = play(state, ["red", "green", "yellow"])
    assert {"type": "last_cards"} in events
    assert state.view(None)["box_face_down"] == before + 3
    assert state.phase == fl.OVER


# ------------------------------------------------------------------ special cards


def test_a_special_card_that_drops_has_no_ability() -> None:
    """Special Cards: "if the special card "drops" (because someone else revealed the same
    card) then you cannot use the ability." Two Plugs: nobody takes from the middle."""
    state = scenario(
        players=3,
        hands=["plug red red", "plug blue blue", "green pink pink"],
        middle="yellow",
        round=5,
    )
    events = play(state, ["plug", "plug", "green"])
    assert {"type": "drop", "seat": 0, "card": "plug"} in events
    assert state.phase == fl.CHOOSE  # no Plug to use
    assert sorted(state.view(None)["middle"]) == ["plug", "plug", "yellow"]


def test_ruling_two_different_character_cards_are_the_same_card_for_a_drop() -> None:
    """Ruling Festival of Lights: characters-are-one-type: "Do two different Character cards count
    as "the same card" for a drop? Yes. All Character cards count as one card type, as do all Bubble
    Bulbs, all Plugs and all Broken Bulbs." """
    for kind in SPECIALS:
        state = scenario(players=3, hands=[f"{kind} red", f"{kind} blue", "green pink"], round=6)
        events = play(state, [kind, kind, "green"])
        assert {"type": "drop", "seat": 0, "card": kind} in events
        assert {"type": "drop", "seat": 1, "card": kind} in events


def test_broken_bulb_scored_is_kept_in_front_of_you_for_later_use() -> None:
    """Broken Bulb: "Place the card in front of you for later use." """
    state = scenario(players=3, hands=["broken red", "blue pink", "green pink"], round=6)
    events = play(state, ["broken", "blue", "green"])
    assert {"type": "broken_bulb_kept", "seat": 0} in events
    assert state.view(None)["broken_bulbs_kept"] == [1, 0, 0]


def test_broken_bulb_on_a_later_drop_you_may_use_it_to_score_your_card() -> None:
    """Broken Bulb: "If you "drop" a card on a future turn, you may use the Broken Bulb to
    score your card instead of discarding it (the other players who matched your card
    must still discard theirs). After you use a Broken Bulb, put it back in the box
    instead of discarding it." """
    state = scenario(
        players=3,
        hands=["red pink pink", "red blue blue", "green pink yellow"],
        saved=[1, 0, 0],
        round=5,
    )
    play(state, ["red", "red", "green"])
    assert state.phase == fl.RESCUE
    assert state.to_act == frozenset({0})
    assert legal(state, 0) == ["keep broken", "use broken"]
    events = state.apply(0, "use broken")
    assert {"type": "broken_bulb", "seat": 0, "used": True} in events
    assert {"type": "drop", "seat": 1, "card": "red"} in events  # seat 1 still discards
    view = state.view(None)
    assert view["piles"][0] == {"red": 1}
    assert view["broken_bulbs_kept"] == [0, 0, 0]
    assert view["box_face_up"] == ["broken"]
    assert view["middle"] == ["red"]


def test_broken_bulb_you_may_keep_it_and_the_drop_is_discarded() -> None:
    """Broken Bulb: "you *may* use" it: keeping it, the drop goes to the middle."""
    state = scenario(
        players=3,
        hands=["red pink pink", "red blue blue", "green pink yellow"],
        saved=[1, 0, 0],
        round=5,
    )
    play(state, ["red", "red", "green"])
    state.apply(0, "keep broken")
    assert state.view(None)["middle"] == ["red", "red"]
    assert state.view(None)["broken_bulbs_kept"] == [1, 0, 0]


def test_step_order_the_broken_bulb_decisions_are_hidden_until_all_have_decided() -> None:
    """Reading step-order: the Broken Bulb decisions of step 3 are simultaneous hidden
    choices: others learn only that a seat decided, until everyone has."""
    state = scenario(
        players=3,
        hands=["red pink pink", "red blue blue", "green pink yellow"],
        saved=[1, 1, 0],
        round=5,
    )
    play(state, ["red", "red", "green"])
    assert state.to_act == frozenset({0, 1})
    events = state.apply(0, "use broken")
    assert events == [{"type": "decided_about_a_broken_bulb", "seat": 0}]
    assert state.view(0)["your_broken_bulb_decision"] == "use broken"
    assert state.view(1)["your_broken_bulb_decision"] is None
    assert state.view(1)["piles"][0] == {}
    action = state.parse_action("use broken")
    assert state.action_seen_by(0, action, 1) == "decides about a Broken Bulb"
    events = state.apply(1, "keep broken")
    assert {"type": "broken_bulb", "seat": 0, "used": True} in events
    assert {"type": "broken_bulb", "seat": 1, "used": False} in events
    assert state.view(None)["piles"][0] == {"red": 1}
    assert state.view(None)["middle"] == ["red"]
    for i in range(10):  # determinize re-draws the hidden decision of another seat
        mid = scenario(
            players=3,
            hands=["red pink pink", "red blue blue", "green pink yellow"],
            saved=[1, 1, 0],
            round=5,
        )
        play(mid, ["red", "red", "green"])
        mid.apply(0, "use broken")
        det = mid.determinize(1, Rng(i))
        assert det.rescue[0] in (0, 1)
        assert det.view(1) == mid.view(1)


def test_reading_rescued_drop_no_ability_a_rescued_special_card_has_no_ability() -> None:
    """Reading rescued-drop-no-ability: a dropped Character scored with a Broken Bulb is
    not placed on a pile: it lies in front of you, a special card worth 2 points."""
    state = scenario(
        players=3,
        hands=["character pink pink", "character blue blue", "green pink yellow"],
        saved=[1, 0, 0],
        round=5,
    )
    play(state, ["character", "character", "green"])
    state.apply(0, "use broken")
    view = state.view(None)
    assert view["loose"][0] == ["character"]
    assert view["characters"][0] == {}
    assert state.phase == fl.CHOOSE


def test_bubble_bulb_goes_under_your_pattern_card_until_game_end() -> None:
    """Bubble Bulb: "These are wildcards ... If you score a Bubble Bulb, place it under
    your Pattern card until game end, when you can choose which color pile to add it
    to." """
    state = scenario(players=3, hands=["bubble pink", "red blue", "green pink"], round=6)
    events = play(state, ["bubble", "red", "green"])
    assert {"type": "bubble_under_pattern", "seat": 0} in events
    assert state.view(None)["bubbles_under_pattern"] == [1, 0, 0]


def test_at_game_end_bubble_bulbs_are_assigned_to_a_colour_pile_of_your_choice() -> None:
    """At Game End: "Bubble Bulbs: Assign any Bubble Bulb cards you have under your Pattern
    card to the color pile of your choice." Hidden until everyone has assigned (reading
    step-order); a Bubble may start a pile (reading pile-exists); it counts as a bulb of
    that colour (pile-size) and scores 2 points as a special card."""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        bubbles=[2, 1, 0],
        piles=["red", "", ""],
        patterns=["P01", "P02", "P03"],
    )
    play(state, ["red", "green", "yellow"])
    assert state.phase == fl.ASSIGN
    assert state.to_act == frozenset({0, 1})
    assert legal(state, 0) == sorted(f"assign {c}" for c in COLOURS)
    events = state.apply(0, "assign purple")
    assert events == [{"type": "assigned_a_bubble_bulb", "seat": 0}]
    assert state.view(0)["your_bubbles_assigned"] == {"purple": 1}
    assert state.view(1)["your_bubbles_assigned"] == {}
    assert state.view(1)["bubbles_assigned"] == [1, 0, 0]
    assert (
        state.action_seen_by(0, state.parse_action("assign purple"), 1) == "assigns a Bubble Bulb"
    )
    state.apply(1, "assign green")
    events = state.apply(0, "assign red")
    assert {"type": "bubbles_assigned", "seat": 0, "piles": {"red": 1, "purple": 1}} in events
    assert state.outcome.over
    final = {e["seat"]: e for e in state.events(None) if e["type"] == "final_score"}
    # Seat 0: red 2 + Bubble red + Bubble purple: 2 plain + 2 specials, P01 has red only.
    assert (final[0]["plain_bulbs"], final[0]["special_cards"], final[0]["points"]) == (2, 2, 6)


def test_plug_choose_any_card_from_the_middle_and_score_it_instead() -> None:
    """Plug: "Choose any card from the discard pile in the middle and score that card
    instead of your Plug. After you use a Plug, put it back in the box instead of
    discarding it." Ruling Festival of Lights: setup-bulbs-start-the-pile: the 3 revealed Bulb cards
    start the middle pile and can be taken with a Plug."""
    state = scenario(
        players=3, hands=["plug pink", "red blue", "green pink"], middle="yellow blue", round=6
    )
    events = play(state, ["plug", "red", "green"])
    assert {"type": "scores_a_plug", "seat": 0} in events
    assert state.phase == fl.RESOLVE
    assert state.to_act == frozenset({0})
    assert legal(state, 0) == ["take blue", "take yellow"]
    err = refused(state, 0, "take red")
    assert err.reason == "the middle has no red card; it holds yellow, blue"
    assert err.rule == RULE + ", Plug"
    events = state.apply(0, "take blue")
    assert events[:2] == [
        {"type": "take", "seat": 0, "card": "blue"},
        {"type": "score", "seat": 0, "card": "blue"},
    ]
    view = state.view(None)
    assert view["piles"][0] == {"blue": 1}
    assert view["middle"] == ["yellow"]
    assert view["box_face_up"] == ["plug"]


def test_reading_step_order_a_plug_cannot_take_a_card_dropped_the_same_round() -> None:
    """Reading step-order: abilities are step 2, drops reach the middle in step 3."""
    state = scenario(
        players=3, hands=["plug pink", "red blue", "red pink"], middle="yellow", round=6
    )
    play(state, ["plug", "red", "red"])
    assert legal(state, 0) == ["take yellow"]
    state.apply(0, "take yellow")
    assert state.view(None)["middle"] == ["red", "red"]


def test_reading_plug_takes_with_ability_a_taken_special_card_uses_its_ability() -> None:
    """Reading plug-takes-with-ability: a Character taken with a Plug is placed on a pile;
    a Plug taken with a Plug takes again; a Broken Bulb is kept; a Bubble goes under the
    Pattern."""
    state = scenario(
        players=3,
        hands=["plug pink", "red blue", "green pink"],
        middle="plug character broken bubble",
        piles=["green", "", ""],
        round=6,
    )
    play(state, ["plug", "red", "green"])
    state.apply(0, "take plug")
    assert state.pending[0] == fl.TAKE  # the taken Plug takes again
    assert legal(state, 0) == ["take broken", "take bubble", "take character"]
    state.apply(0, "take character")
    assert legal(state, 0) == ["place green"]
    state.apply(0, "place green")
    view = state.view(None)
    assert view["characters"][0] == {"green": 1}
    assert view["box_face_up"] == ["plug", "plug"]
    assert sorted(view["middle"]) == ["broken", "bubble"]
    for kind, key in (("broken", "broken_bulbs_kept"), ("bubble", "bubbles_under_pattern")):
        again = scenario(
            players=3, hands=["plug pink", "red blue", "green pink"], middle=kind, round=6
        )
        play(again, ["plug", "red", "green"])
        again.apply(0, f"take {kind}")
        assert again.view(None)[key][0] == 1


def test_reading_plug_empty_middle_the_plug_stays_as_a_special_card() -> None:
    """Reading plug-empty-middle: with nothing to take, the Plug stays in front of its
    player (a special card: 2 points, no pile)."""
    state = scenario(
        players=3,
        hands=["plug pink pink", "red blue blue", "green pink yellow"],
        middle="",
        round=5,
    )
    events = play(state, ["plug", "red", "green"])
    assert {"type": "keeps_a_plug_the_middle_is_empty", "seat": 0} in events
    assert state.view(None)["loose"][0] == ["plug"]
    assert state.phase == fl.CHOOSE


def test_character_card_is_placed_at_once_on_one_of_your_colour_piles() -> None:
    """Character card: "Immediately place this card on one of your color piles. It counts
    as 2 cards of that color during scoring at game end." (Reading pile-exists: a pile
    holds a plain bulb or a Character card.)"""
    state = scenario(
        players=3,
        hands=["character pink", "red blue", "green pink"],
        piles=["red red blue", "", ""],
        round=6,
    )
    events = play(state, ["character", "red", "green"])
    assert {"type": "scores_a_character_card", "seat": 0} in events
    assert state.to_act == frozenset({0})
    assert legal(state, 0) == ["place blue", "place red"]
    err = refused(state, 0, "place green")
    assert (
        err.reason
        == "you have no green pile: a Character card goes on one of your colour piles (red, blue)"
    )
    assert err.rule == RULE + ", Character card"
    state.apply(0, "place blue")
    assert state.view(None)["characters"][0] == {"blue": 1}
    assert state._sizes()[0][fl.COLOURS.index("blue")] == 3  # 1 bulb + a Character (2)


def test_ruling_a_character_with_no_colour_pile_starts_a_pile_of_your_choice() -> None:
    """Ruling Festival of Lights: character-starts-a-pile: "You score a Character card but have no
    colour pile yet. It starts a new pile of a colour of your choice." Bubbles under the Pattern are
    not a pile."""
    state = scenario(
        players=3, hands=["character pink", "red blue", "green pink"], bubbles=[1, 0, 0], round=6
    )
    play(state, ["character", "red", "green"])
    assert legal(state, 0) == sorted(f"place {c}" for c in COLOURS)
    state.apply(0, "place purple")
    assert state.view(None)["characters"][0] == {"purple": 1}


def test_step_2_decisions_are_public_and_taken_in_any_order() -> None:
    """Reading step-order: a Character placement and a Plug's choice, in the same round,
    may be made in either order; both seats may act."""
    state = scenario(
        players=3,
        hands=["character pink pink", "plug blue blue", "green pink yellow"],
        middle="yellow",
        round=5,
    )
    play(state, ["character", "plug", "green"])
    assert state.to_act == frozenset({0, 1})
    state.apply(1, "take yellow")
    assert state.to_act == frozenset({0})
    state.apply(0, "place red")
    assert state.phase == fl.CHOOSE


# ------------------------------------------------------------------ game end, scoring


def test_character_pile_not_the_highest_goes_back_to_the_box_unscored() -> None:
    """Character card: "Beware! If you do not have the highest or equal highest number of
    bulbs of that color during final scoring, you must discard the entire color pile, and
    it scores no points!" At Game End: "put that pile back in the box. It does not
    score." (Character cards count as two bulbs.)"""
    state = last_round(
        hands=["red pink", "green pink", "yellow purple"],
        piles=["blue", "blue blue blue blue", "blue blue"],
        chars=["blue", "", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    events = state.events(None)
    assert {
        "type": "character_pile_lost",
        "seat": 0,
        "pile": "blue",
        "size": 3,
        "largest_other": 4,
    } in events
    view = state.view(None)
    assert view["piles"][0] == {"red": 1}
    assert view["characters"][0] == {}
    assert Counter(view["box_face_up"]) == Counter({"blue": 1, "character": 1})
    assert state.scores[0] == 1  # the red bulb only


def test_character_pile_equal_highest_is_kept_and_counts_double() -> None:
    """Character card: "highest or equal highest": a pile of 1 bulb + a Character (3)
    against a pile of 3 bulbs is kept."""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        piles=["blue", "blue blue blue", ""],
        chars=["blue", "", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    assert state.view(None)["characters"][0] == {"blue": 1}
    assert not [e for e in state.events(None) if e["type"] == "character_pile_lost"]


def test_largest_pile_bonus_the_single_largest_pile_collects_that_colour_from_the_middle() -> None:
    """At Game End: "Largest Pile Bonus: For each color of bulb, the player whose pile is
    the largest collects all the matching colored bulbs from the discard pile." Ruling
    Festival of Lights: setup-bulbs-start-the-pile: the 3 revealed Bulb cards "count toward the
    Largest Pile Bonus"."""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        middle="purple purple blue",
        piles=["purple purple", "purple", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    assert {"type": "largest_pile_bonus", "seat": 0, "colour": "purple", "bulbs": 2} in (
        state.events(None)
    )
    assert state.view(None)["piles"][0]["purple"] == 4
    assert state.view(None)["middle"] == ["blue"]


def test_largest_pile_bonus_tied_largest_piles_get_no_bonus() -> None:
    """At Game End: "If players are tied for the largest pile, no bonus cards are
    awarded." (Reading pile-size: a Character counts two.)"""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        middle="purple purple",
        piles=["purple purple", "", ""],
        chars=["", "purple", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    assert not [
        e
        for e in state.events(None)
        if e["type"] == "largest_pile_bonus" and e["colour"] == "purple"
    ]
    assert state.view(None)["middle"] == ["purple", "purple"]


def test_scoring_plain_bulb_1_point_special_card_2_points() -> None:
    """Scoring: "Each plain colored bulb scores 1 point, regardless of color. Each special
    card scores 2 points, regardless of type." (Reading saved-broken-scores: a kept Broken
    Bulb is a scored special card.)"""
    state = last_round(
        hands=["pink blue", "green pink", "yellow purple"],
        piles=["red red purple", "", ""],
        chars=["red", "", ""],
        saved=[1, 0, 0],
        loose=["plug", "", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["pink", "green", "yellow"])
    # red 2 + purple 1 + pink 1 plain = 4; Character + Broken + Plug = 3 specials x 2 = 6.
    final = {e["seat"]: e for e in state.events(None) if e["type"] == "final_score"}
    assert (final[0]["plain_bulbs"], final[0]["special_cards"]) == (4, 3)
    # P08 = blue green red purple pink: red, purple, pink = 3 colours: +2.
    assert final[0]["pattern_bonus"] == 2
    assert state.scores[0] == 4 + 6 + 2


def test_pattern_bonus_three_colours_2_points_all_five_5_points() -> None:
    """Scoring: "Pattern Bonus: If you have at least three of the colors on your Pattern
    card, score 2 extra points. If you have all five of the colors shown on your Pattern
    card, score 5 extra points instead." (Reading have-a-colour: a pile of it.)"""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        piles=["green purple pink", "blue green red purple", "yellow"],
        patterns=["P08", "P09", "P01"],
    )
    play(state, ["red", "pink", "purple"])
    final = {e["seat"]: e for e in state.events(None) if e["type"] == "final_score"}
    # P08 and P09 both show blue, green, red, purple, pink.
    assert final[0]["pattern_bonus"] == 2  # green, purple, pink, red: four
    assert final[1]["pattern_bonus"] == 5  # all five with the pink
    assert final[2]["pattern_bonus"] == 0  # P01 = red pink green blue yellow: yellow only


def test_reading_have_a_colour_a_lost_character_pile_does_not_count() -> None:
    """Reading have-a-colour: a pile put back in the box by the Character check is not a
    colour you have."""
    state = last_round(
        hands=["pink red", "yellow green", "purple red"],
        piles=["green", "blue blue blue", ""],
        chars=["blue", "", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["pink", "yellow", "purple"])
    final = {e["seat"]: e for e in state.events(None) if e["type"] == "final_score"}
    assert final[0]["pattern_bonus"] == 0  # green, pink: blue was lost


def test_the_most_points_wins() -> None:
    """Scoring: "The player with the most points is the winner!" """
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        piles=["red red red", "", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (4.0, 1.0, 1.0)
    assert outcome.ranks == (1, 2, 2)
    assert outcome.tiebreak is None
    assert outcome.reason == "seat 0 scored the most points (4)"


def test_tie_the_tied_player_with_the_lowest_number_of_cards_wins() -> None:
    """Scoring: "If there is a tie, the tied player with the lowest number of cards
    wins." (Reading cards-for-ties: every card in front of you; a Character is one card.)"""
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        piles=["red red", "", ""],
        chars=["", "green", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    # Seat 0: 3 red = 3 points, 3 cards. Seat 1: green bulb + Character = 1 + 2 = 3, 2 cards.
    assert state.scores[:2] == [3, 3]
    assert state.cards[:2] == [3, 2]
    assert state.outcome.winners == (1,)
    assert state.outcome.tiebreak == "fewest cards among the players with the most points"


def test_tie_still_tied_the_players_share_victory() -> None:
    """Scoring: "If still a tie, those players share victory." """
    state = last_round(
        hands=["red blue", "green pink", "yellow purple"],
        piles=["red", "green", ""],
        patterns=["P08", "P09", "P10"],
    )
    play(state, ["red", "green", "yellow"])
    assert state.outcome.winners == (0, 1)
    assert state.outcome.tiebreak == "shared: equal points and equal numbers of cards"
    assert state.outcome.ranks == (1, 1, 3)


# ------------------------------------------------------------ knowledge, limits, notation


def test_view_remembers_the_hands_you_passed_on() -> None:
    """Knowledge: a hand you held and passed on is known to you (minus the cards revealed
    from it since): after the first pass, your left neighbour's hand; later, more."""
    state = scenario(
        players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"], round=5
    )
    play(state, ["red", "green", "purple"])
    view = state.view(0)
    assert view["hands_seen"][1] == ["yellow", "blue"]  # what seat 0 passed to seat 1
    assert view["hands_seen"][2] == ["pink", "pink"]  # round 6: seat 0 saw every hand
    state.apply(1, "play yellow")
    assert state.view(0)["hands_seen"][1] == ["yellow", "blue"]  # hand + pending choice
    fresh = yuletide.new_game(GAME, players=4, seed=1)
    assert fresh.view(0)["hands_seen"] == [None] * 4


def test_determinize_redeals_unseen_hands_and_redraws_pending_choices() -> None:
    """determinize: the hands the seat never held are re-dealt with the unseen box cards;
    another seat's pending choice is re-drawn from what it holds; seen hands are kept."""
    state = yuletide.new_game(GAME, players=4, seed=7)
    state.apply(1, "play " + state.view(1)["hand"][0])
    changed_hand = changed_choice = 0
    for i in range(30):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert det.hands[0] == state.hands[0]
        assert conserved(det)
        assert det.chosen[1] != -1
        changed_hand += det.hands[2] != state.hands[2]
        changed_choice += det.chosen[1] != state.chosen[1]
    assert changed_hand > 25
    assert changed_choice > 10
    # After a pass seat 0 knows seat 1's hand: only seat 1's pending choice may move.
    later = scenario(
        players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"], round=5
    )
    play(later, ["red", "green", "purple"])
    later.apply(1, "play blue")
    for i in range(20):
        det = later.determinize(0, Rng(i))
        packet = det.hands[1].copy()
        packet[det.chosen[1]] += 1
        assert packet == counts("yellow blue")


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: ``turn_limit`` (actions) ends the game
    unfinished."""
    state = yuletide.new_game(GAME, players=3, seed=1, turn_limit=2)
    state.apply(0, "play " + state.view(0)["hand"][0])
    state.apply(1, "play " + state.view(1)["hand"][0])
    assert state.outcome.status == "unfinished"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME, players=3).turn_limit == 1000


def test_random_games_finish_and_conserve_every_card() -> None:
    for players in (3, 4):
        for seed in range(10):
            state = random_game(
                GAME, players, seed, on_step=lambda s: conserved(s) or pytest.fail()
            )
            assert state.outcome.status == "finished"
            assert state.outcome.winners


def test_notation_round_trips_and_errors_list_the_forms() -> None:
    state = yuletide.new_game(GAME, players=3, seed=1)
    for action in state.action_space(3):
        assert state.parse_action(str(action)) == action
    with pytest.raises(NotationError) as info:
        state.apply(0, "play santa")
    assert "'play santa' is not a Festival of Lights action" in str(info.value)
    assert "play <card> | place <colour> | take <card>" in str(info.value)


def test_illegal_actions_leave_the_state_unchanged_along_random_games() -> None:
    for seed in range(3):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        rng = Rng(seed)
        space = state.action_space(3)
        while not state.outcome.over:
            for seat in range(3):
                legal_now = state.legal_actions(seat)
                for action in space:
                    if action not in legal_now:
                        refused(state, seat, str(action))
            seat = sorted(state.to_act)[rng.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])


# ------------------------------------------- issue 12: determinize, events, hostile input


def same_determinizations(a: Any, b: Any, seat: int) -> None:
    """``a`` and ``b`` look the same to ``seat`` and give byte-equal determinizations."""
    assert conformance.observation(a, seat) == conformance.observation(b, seat)
    for k in range(6):
        assert a.determinize(seat, Rng(k)).to_json() == b.determinize(seat, Rng(k)).to_json()


def test_finding_passing_left_tells_each_seat_the_hand_it_receives() -> None:
    """Issue 12, section 2 (festival-of-lights): "when hands pass left, the new hand
    appears in the seat's view but no event tells the seat what it received". The pass
    event now shows each seat, and only it, the hand it receives; the deal event shows
    each seat its own nine cards."""
    fresh = yuletide.new_game(GAME, players=3, seed=4)
    for seat in range(3):
        assert fresh.events(seat)[0] == {
            "type": "deal",
            "cards_each": 9,
            "your_hand": fresh.view(seat)["hand"],
        }
    assert fresh.events(None)[0] == {"type": "deal", "cards_each": 9}
    state = scenario(players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"])
    play(state, ["red", "green", "purple"])
    assert state.view(0)["hand"] == ["yellow", "blue"]  # seat 2's cards
    for seat in range(3):
        assert state.events(seat)[-1] == {
            "type": "pass_left",
            "round": 2,
            "you_receive": state.view(seat)["hand"],
        }
    assert state.events(None)[-1] == {"type": "pass_left", "round": 2}
    # The leak proof's section-2 property at the last choice: in every world seat 0
    # cannot tell from this one, equal events after the pass mean equal observations.
    before = scenario(players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"])
    before.apply(0, "play red")
    before.apply(1, "play green")
    tried = 0
    for i in range(12):
        other = before.determinize(0, Rng(i))
        tried += conformance.check_learns_only_by_events(before, other, 0, Rng(i))
    assert tried


def test_finding_determinize_is_canonical_hidden_pools_sorted_choices_redrawn() -> None:
    """Issue 12, section 1: a determinization depends only on what the seat knows. Two
    worlds seat 0 cannot tell apart (a different split of the unseen cards between seat
    2's hand and the box, another pending choice for seat 1) give byte-equal
    determinizations: the pool of unseen cards is sorted before it is shuffled, and the
    other seats' pending choices are re-drawn."""
    a = scenario(players=3, hands=["red blue yellow", "green pink pink", "purple yellow blue"])
    b = scenario(players=3, hands=["red blue yellow", "green pink pink", "purple yellow red"])
    assert a.box_hidden != b.box_hidden
    a.apply(1, "play green")
    b.apply(1, "play pink")
    same_determinizations(a, b, 0)
    # The Broken Bulb decisions: seat 1's hidden decision is re-drawn, seat 0's kept.
    worlds = []
    for use in ("use broken", "keep broken"):
        state = scenario(players=3, hands=["red blue", "red green", "green blue"], saved=[1, 1, 0])
        play(state, ["red", "red", "green"])
        assert state.current_phase == "broken-bulbs"
        state.apply(1, use)
        worlds.append(state)
    same_determinizations(worlds[0], worlds[1], 0)
    decisions = {worlds[0].determinize(0, Rng(i)).rescue[1] for i in range(20)}
    assert decisions == {0, 1}


def test_determinize_is_canonical_along_random_games_in_every_phase() -> None:
    """Issue 12, section 1, at every state of random games (both player counts): any
    determinization T of the state S gives, determinized again with the same rng, the
    same full state as S does."""
    for players in (3, 4):
        phases: set[str] = set()

        def probe(state: Any, phases: set[str] = phases) -> None:
            phases.add(state.current_phase)
            if state.outcome.over:
                return
            for seat in range(state.players):
                other = state.determinize(seat, Rng(len(state.history)))
                conformance.check_canonical(state, seat, other, 11)

        for seed in range(3):
            random_game(GAME, players, seed, on_step=probe)
        assert phases == set(fl.FestivalOfLights.phases)


def test_phases_name_the_steps_where_different_secrets_are_in_flight() -> None:
    """Issue 12: the game names its phases (``phases``; ``current_phase`` is the view's
    phase): hidden card choices, public step-2 decisions, hidden Broken Bulb decisions,
    hidden Bubble assignments, and the end."""
    assert fl.FestivalOfLights.phases == (
        "choose",
        "resolve",
        "broken-bulbs",
        "assign-bubbles",
        "over",
    )
    state = scenario(players=3, hands=["plug red", "red green", "green blue"], middle="blue")
    assert state.current_phase == "choose"
    play(state, ["plug", "red", "green"])
    assert state.current_phase == state.view(None)["phase"] == "resolve"
    state = last_round(hands=["bubble red", "blue green", "green blue"])
    play(state, ["bubble", "blue", "green"])
    assert state.current_phase == "assign-bubbles"
    state.apply(0, "assign red")
    assert state.current_phase == "over"


def test_hostile_actions_are_refused_with_a_documented_error() -> None:
    """Issue 12, section 4: hand-built actions out of range and other games' actions are
    a NotationError naming the game; a seat that does not exist is an InvalidSeat; the
    state is unchanged."""
    state = yuletide.new_game(GAME, players=3, seed=1)
    before = state.to_json()
    foreign = yuletide.new_game("reindeers-nose", players=4, seed=1).legal_actions(0)[0]
    for bad in (fl.Play(99), fl.Assign(-1), foreign):
        with pytest.raises(NotationError, match="is not an action of Festival of Lights"):
            state.apply(0, bad)
    with pytest.raises(InvalidSeat, match="there is no seat 3: seats are 0 to 2"):
        state.legal_actions(3)
    with pytest.raises(InvalidSeat, match="there is no seat -1: seats are 0 to 2"):
        state.view(-1)
    assert state.to_json() == before
