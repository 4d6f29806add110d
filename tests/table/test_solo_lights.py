"""Solo Lights' table model on known positions: picking a pattern, the string's places
by colour, the Character stack with Santa at the bottom, buying time with a Bubble
Bulb, the difficulty in words, the spectator's model and the result."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.solo_lights.table import describe, difficulty
from yuletide.table import build
from yuletide.table.check import problems

GAME = "solo-lights"


def model(state: State, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    m = build(GAME, state.view(seat), legal, seat)
    assert not problems(m, legal)
    return m


def find(until: Callable[[State], bool], **options: Any) -> State:
    for seed in range(80):
        state = new_game(GAME, players=1, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            if until(state):
                return state
            if state.outcome.over:
                break
            state.apply(0, rng.choice(state.legal_actions(0)))
    raise AssertionError("no such position in 80 seeded games")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in m["zones"] if z["id"] == zid)


def acts(m: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in m["prompt"]["actions"]}


def test_picking_the_starting_pattern() -> None:
    state = new_game(GAME, players=1, seed=1)
    m = model(state, 0)
    a = acts(m)
    assert a["pick p09"]["label"] == "Start with Pattern P09 (the other is discarded)"
    assert a["pick p09"]["refs"] == ["options:P09"]
    assert a["pick p08"]["group"] == "Pick"
    assert [c["id"] for c in zone(m, "options")["cards"]] == ["options:P09", "options:P08"]
    assert m["prompt"]["text"] == "Pick your starting Pattern card; the other one is discarded."


def test_the_string_has_a_place_per_colour_and_plays_point_at_it() -> None:
    state = new_game(GAME, players=1, seed=1)
    state.apply(0, state.parse_action("pick p09"))  # green, red, pink, blue, purple
    m = model(state, 0)
    string = zone(m, "string")
    assert string["label"] == "Your string on Pattern P09 (0 of 5)"
    assert [c["label"] for c in string["cards"]] == [
        "Empty: Green ♣",
        "Empty: Red ♥",
        "Empty: Pink ✿",
        "Empty: Blue ♦",
        "Empty: Purple ♠",
    ]
    assert "any order" in string["note"]
    a = acts(m)
    assert set(a) == {"play blue", "play purple"}
    assert a["play blue"]["label"] == "Play Blue ♦ into its place in your string"
    assert a["play blue"]["refs"] == ["hand:0:2", "string:4"]
    assert a["play purple"]["refs"] == ["hand:0:3", "string:5"]
    state.apply(0, state.parse_action("play blue"))
    cards = zone(model(state, 0), "string")["cards"]
    assert cards[3]["face"] == "up" and cards[3]["kind"] == "blue"


def test_in_sequence_marks_the_next_place() -> None:
    state = new_game(GAME, players=1, seed=1, in_sequence=True)
    state.apply(0, state.parse_action("pick p09"))
    string = zone(model(state, 0), "string")
    assert string["cards"][0]["label"] == "Empty: Green ♣ (next)"
    assert string["cards"][1]["label"] == "Empty: Red ♥"
    assert "left to right" in string["note"]


def test_the_character_stack_keeps_santa_at_the_bottom() -> None:
    state = new_game(GAME, players=1, seed=1)
    m = model(state, 0)
    stack = zone(m, "characters")
    assert stack["kind"] == "pile" and stack["count"] == 5
    assert stack["label"] == "Character stack (5 face down, Santa at the bottom)"
    bottom = stack["cards"][0]
    assert bottom["label"] == "Santa (at the bottom)" and bottom["face"] == "down"
    assert bottom["markers"][0]["kind"] == "santa"
    assert "Left in the box: Elf (male)." in stack["note"]
    assert m["headline"] == "0 of 5 strings — 4 Character cards above Santa — your turn"


def test_buying_time_names_the_character_turned_back() -> None:
    state = find(lambda s: "bubble time" in [str(a) for a in s.legal_actions(0)])
    last = state.view(0)["characters"]["flipped"][-1]
    m = model(state, 0)
    a = acts(m)["bubble time"]
    assert a["label"].startswith("Discard a Bubble Bulb to turn ")
    assert a["label"].endswith(" face down again (more time)")
    assert a["refs"][1] == f"flipped:{last}"
    state.apply(0, state.parse_action("bubble time"))
    stack = zone(model(state, 0), "characters")
    assert stack["cards"][-1]["knowledge"][0].endswith("(turned back face down)")


def test_the_difficulty_in_words() -> None:
    assert difficulty(new_game(GAME, players=1, seed=1).view(0)) == (
        "Standard (5 strings, 5 Character cards)"
    )
    hard = new_game(
        GAME, players=1, seed=1, strings=6, characters=4, in_sequence=True, power_surge=False
    )
    assert difficulty(hard.view(0)) == (
        "Harder: 6 strings to complete, 4 Character cards, bulbs in sequence;"
        " easier: no Power Surge"
    )
    easy = new_game(GAME, players=1, seed=1, characters=6)
    assert difficulty(easy.view(0)) == "Easier: 6 Character cards"


def test_a_spectator_sees_no_hand_and_no_deck_contents() -> None:
    state = new_game(GAME, players=1, seed=1)
    m = model(state, None)
    assert all(c["face"] == "down" for c in zone(m, "hand:0")["cards"])
    assert "Still in it" not in zone(m, "deck")["note"]
    assert "Still in it" in zone(model(state, 0), "deck")["note"]
    assert m["prompt"]["actions"] == [] and not m["headline"].endswith("your turn")


def test_the_result_is_a_win_or_a_loss_with_the_difficulty() -> None:
    state = find(lambda s: s.outcome.status == "finished")
    res = model(state, 0)["result"]
    rows = dict(res["breakdown"]["rows"])
    won = bool(state.outcome.winners)
    assert res["headline"] == ("You won: " if won else "You lost: ") + state.outcome.reason
    assert rows["Difficulty"] == "Standard (5 strings, 5 Character cards)"
    assert rows["Result"] == ("Won" if won else "Lost")
    done = state.view(0)["completed"]
    assert rows["Strings completed"] == f"{len(done)} of 5"
    if not won and "Santa" in state.outcome.reason:
        assert rows["Santa"] == "revealed"


def test_the_log_in_words() -> None:
    state = new_game(GAME, players=1, seed=1)
    state.apply(0, state.parse_action("pick p09"))
    assert [describe(e, 0)["text"] for e in state.events(0)] == [
        "The Character stack: 5 cards face down, Santa at the bottom (Elf (male) stays in the box)",
        "Revealed Pattern P09 and Pattern P08",
        "You started a string on Pattern P09",
    ]
    assert describe({"type": "flip", "character": "reindeer"}, 0)["text"] == (
        "The Broken Bulb flips a Character card: Reindeer"
    )
    assert describe({"type": "draw"}, None)["text"] == "The player drew a card"
