"""Check the Box's table model on known positions: what the table knows of each hidden
hand (the public ``known`` intervals as knowledge on its cards), the ask prompt, the
Present bonus, the sets laid, a spectator's model and the result."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.check_the_box.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "check-the-box"


def model(state: State, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    m = build(GAME, state.view(seat), legal, seat)
    assert not problems(m, legal)
    return m


def find(players: int, until: Callable[[State], bool]) -> State:
    for seed in range(50):
        state = new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            if until(state):
                return state
            if state.outcome.over:
                break
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position in 50 seeded games")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in m["zones"] if z["id"] == zid)


def scripted() -> State:
    """Seed 1, three players: seat 0 (blue, blue, pink, pink, broken) asks seat 1 for
    blue (gets one: a set, another turn), then seat 2 for pink ("Check the Box")."""
    state = new_game(GAME, players=3, seed=1)
    assert state.view(0)["hand"] == ["blue", "blue", "pink", "pink", "broken"]
    state.apply(0, state.parse_action("ask 1 blue"))
    state.apply(0, state.parse_action("ask 2 pink"))
    return state


def test_hidden_hands_carry_what_the_table_knows() -> None:
    state = scripted()
    m = model(state, 1)
    asker = zone(m, "hand:0")
    # Seat 0 asked for pink, so it holds at least one; it laid its blues and drew once.
    assert asker["note"] == "Known to hold at most 1 Blue ♦ and at least 1 Pink ✿."
    assert asker["cards"][0]["knowledge"] == ["known: Pink ✿"]
    assert all(c["face"] == "down" and "kind" not in c for c in asker["cards"])
    # Seat 2 said "Check the Box" to pink: none of its cards is pink.
    lacked = zone(m, "hand:2")
    assert lacked["note"] == "Known to hold no Pink ✿."
    assert [c["knowledge"] for c in lacked["cards"]] == [["not Pink ✿"]] * 5
    # Your own hand says what the others know of it.
    assert zone(m, "hand:1")["note"] == "The others know you hold no Blue ♦."
    assert [c["kind"] for c in zone(m, "hand:1")["cards"]] == state.view(1)["hand"]


def test_the_sets_laid_are_shown_per_seat() -> None:
    m = model(scripted(), 2)
    sets = zone(m, "sets:0")
    assert sets["label"] == "Seat 1's sets of three (1)"
    assert [c["label"] for c in sets["cards"]] == ["Set of three Blue ♦"]
    assert sets["cards"][0]["colour"]["glyph"] == "♦"
    assert m["seats"][0]["score"] == "1 set"


def test_the_ask_prompt_names_the_seat_the_kind_and_what_is_known() -> None:
    state = scripted()
    m = model(state, 1)
    acts = {a["id"]: a for a in m["prompt"]["actions"]}
    assert set(acts) == {str(a) for a in state.legal_actions(1)}
    ask = acts["ask 0 yellow"]
    assert ask["label"] == "Ask seat 1 for Yellow ★"
    assert ask["send"] == ["ask 0 yellow"]
    assert ask["refs"] == ["hand:1:1", "seat:0"]
    assert ask["group"] == "Ask seat 1"
    assert acts["ask 2 broken"]["label"] == "Ask seat 3 for a Broken Bulb"
    # Seat 0 asks again later: seat 2 is known to hold no pink.
    m0 = build(GAME, state.view(0), ["ask 2 pink"], 0)
    assert m0["prompt"]["actions"][0]["label"] == "Ask seat 3 for Pink ✿ (known: they have none)"


def test_the_present_bonus_is_a_choice_in_words() -> None:
    state = find(3, lambda s: s.view(None)["deciding"] is not None)
    who = state.view(None)["deciding"]
    m = model(state, who)
    acts = {a["id"]: a["label"] for a in m["prompt"]["actions"]}
    assert acts == {
        "draw two": "Take the Present bonus: draw two more cards",
        "decline": "Keep just the Present (no bonus cards)",
    }
    assert "you drew a Present" in m["headline"]
    other = model(state, (who + 1) % 3)
    assert other["prompt"]["actions"] == []
    assert f"seat {who + 1} drew a Present" in other["headline"]


def test_a_spectator_sees_hand_sizes_and_knowledge_but_no_card() -> None:
    state = scripted()
    m = model(state, None)
    for s in range(3):
        cards = zone(m, f"hand:{s}")["cards"]
        assert len(cards) == state.view(None)["hand_sizes"][s]
        assert all(c["face"] == "down" and "kind" not in c for c in cards)
    assert zone(m, "hand:0")["cards"][0]["knowledge"] == ["known: Pink ✿"]
    assert m["prompt"]["actions"] == []


def test_the_result_counts_sets_and_plug_sets() -> None:
    state = find(2, lambda s: s.outcome.status == "finished")
    view = state.view(None)
    m = model(state, None)
    rows = {r[0]: r[1:] for r in m["result"]["breakdown"]["rows"]}
    assert rows["Sets of three"] == view["set_counts"]
    assert rows["Sets of Plugs (fewer wins a tie)"] == [s.count("plug") for s in view["sets"]]
    assert sum(rows["Sets of three"]) == 18
    assert m["result"]["winners"] == list(state.outcome.winners)
    assert m["headline"].startswith("Game over after ")


def test_the_log_in_words() -> None:
    events = scripted().events(1)
    said = [describe(e, 1)["text"] for e in events]
    assert said == [
        "5 cards were dealt to each player",
        "Seat 1 asked you for Blue ♦",
        "You gave seat 1 all your Blue ♦: 1 card",
        "Seat 1 laid a set of three Blue ♦",
        "Seat 1 completed a set and takes another turn",
        "Seat 1 asked seat 3 for Pink ✿",
        "Seat 3 has none: “Check the Box!”",
        "Seat 1 drew a card from the box",
    ]
    mine = [describe(e, 0)["text"] for e in scripted().events(0)]
    assert mine[-1].startswith("You drew ") and mine[-1] != "You drew a card from the box"
