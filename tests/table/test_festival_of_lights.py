"""Festival of Lights' table model on known positions: a hidden choice shows as "chosen"
(never the card) to everyone but its chooser, the hands you passed on as knowledge, the
step-2 and Broken Bulb decisions in words, the Bubble Bulb assignment as one form, and
the result broken down pile by pile."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.festival_of_lights.table import breakdown, describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "festival-of-lights"


def model(state: State, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    m = build(GAME, state.view(seat), legal, seat)
    assert not problems(m, legal)
    return m


def find(players: int, until: Callable[[State], bool], seeds: range = range(60)) -> State:
    for seed in seeds:
        state = new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            if until(state):
                return state
            if state.outcome.over:
                break
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position in the seeded games")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in m["zones"] if z["id"] == zid)


def test_a_choice_is_chosen_face_down_for_all_but_its_chooser() -> None:
    state = new_game(GAME, players=3, seed=1)
    state.apply(0, state.parse_action("play red"))
    mine = model(state, 0)
    card = zone(mine, "chosen:0")["cards"][0]
    assert card["face"] == "up" and card["label"] == "Your choice: Red ♥"
    assert "your choice is made" in mine["headline"]
    assert mine["prompt"]["text"] == "You have chosen: waiting for the others to choose."
    for viewer in (1, 2, None):
        m = model(state, viewer)
        theirs = zone(m, "chosen:0")["cards"]
        assert theirs == [{"id": "chosen:0:1", "face": "down", "label": "Chosen (face down)"}]
        assert "Red" not in json.dumps(zone(m, "chosen:0"))
        assert m["seats"][0]["markers"][0]["label"] == "Has chosen a card"
        assert m["seats"][1]["markers"][0]["label"] == "Choosing a card"
        assert "(1 of 3 have chosen)" in m["headline"]
        # the chooser's hand shows one card fewer: the chosen card lies in front of it
        assert len(zone(m, "hand:0")["cards"]) == 8


def test_the_choose_prompt_says_what_a_unique_special_card_does() -> None:
    m = model(new_game(GAME, players=3, seed=1), 0)
    labels = {a["id"]: a["label"] for a in m["prompt"]["actions"]}
    assert labels["play red"] == "Choose Red ♥ to reveal"
    assert labels["play broken"] == (
        "Choose a Broken Bulb to reveal (if unique: kept to score one of your later drops)"
    )
    assert {a["group"] for a in m["prompt"]["actions"]} == {"Choose"}
    assert m["realtime"] is False


def test_the_hand_you_passed_on_is_known() -> None:
    state = new_game(GAME, players=3, seed=1)
    state.apply(0, state.parse_action("play red"))
    state.apply(1, state.parse_action("play green"))
    state.apply(2, state.parse_action("play green"))
    m = model(state, 0)
    passed = zone(m, "hand:1")
    assert passed["note"] == (
        "You passed this hand on: 3 Red ♥, 1 Yellow ★, 1 Blue ♦, 1 Pink ✿, 2 Broken Bulbs."
    )
    assert passed["cards"][0]["knowledge"] == ["Red ♥ (you passed this hand on)"]
    assert all(c["face"] == "down" for c in passed["cards"])
    assert "note" not in zone(m, "hand:2")
    piles = zone(m, "scored:0")["cards"]
    assert [c["label"] for c in piles] == ["Red ♥ pile: 1 bulb"]
    middle = [c["kind"] for c in zone(m, "middle")["cards"]]
    assert middle == ["green", "green", "green", "blue", "purple"]
    # Once that seat chooses, its packet is one card short: the knowledge says "one of".
    state.apply(1, state.legal_actions(1)[0])
    again = zone(model(state, 0), "hand:1")
    assert len(again["cards"]) == 7
    assert again["cards"][0]["knowledge"][0].startswith("one of: ")


def test_step_two_decisions_in_words() -> None:
    state = find(
        3, lambda s: any(str(a).startswith("take ") for x in s.to_act for a in s.legal_actions(x))
    )
    seat = next(
        x for x in sorted(state.to_act) if str(state.legal_actions(x)[0]).startswith("take")
    )
    m = model(state, seat)
    middle = state.view(seat)["middle"]
    for a in m["prompt"]["actions"]:
        kind = a["id"].split()[1]
        assert a["label"].startswith("Use your Plug to score ") and a["label"].endswith(
            " from the middle"
        )
        assert a["refs"] == [f"middle:{middle.index(kind) + 1}"]
    state = find(
        3, lambda s: any(str(a).startswith("place ") for x in s.to_act for a in s.legal_actions(x))
    )
    seat = next(
        x for x in sorted(state.to_act) if str(state.legal_actions(x)[0]).startswith("place")
    )
    labels = [a["label"] for a in model(state, seat)["prompt"]["actions"]]
    assert all(x.startswith(("Place your Character card on your ", "Start a ")) for x in labels)


def test_a_broken_bulb_decision() -> None:
    state = find(3, lambda s: s.view(None)["phase"] == "broken-bulbs")
    seat = min(state.to_act)
    m = model(state, seat)
    dropped = state.view(seat)["revealed"][seat]
    labels = {a["id"]: a["label"] for a in m["prompt"]["actions"]}
    assert set(labels) == {"use broken", "keep broken"}
    assert labels["use broken"].startswith("Use a kept Broken Bulb to score your dropped ")
    assert labels["keep broken"].endswith(" drops to the middle")
    assert dropped is not None
    assert "Broken Bulb decisions (secret)" in m["headline"]


def test_bubble_bulbs_are_assigned_in_one_form() -> None:
    state = find(
        3,
        lambda s: (
            s.view(None)["phase"] == "assign-bubbles"
            and any(s.view(None)["bubbles_under_pattern"][x] >= 2 for x in s.to_act)
        ),
    )
    seat = next(
        x for x in sorted(state.to_act) if state.view(None)["bubbles_under_pattern"][x] >= 2
    )
    count = state.view(seat)["bubbles_under_pattern"][seat]
    m = model(state, seat)
    assert m["prompt"]["actions"] == []
    (f,) = m["prompt"]["forms"]
    assert f["label"] == f"Assign your {count} Bubble Bulbs to colour piles"
    assert len(f["fields"]) == count
    assert [c["send"] for c in f["fields"][0]["choices"]] == [
        [f"assign {c}"] for c in ("red", "green", "yellow", "blue", "purple", "pink")
    ]
    assert "{bubble1}" in f["sentence"] and f"{{bubble{count}}}" in f["sentence"]
    # Any filling of the form is a sequence of legal steps.
    for pick in range(6):
        trial = state.clone()
        for fl in f["fields"]:
            send = fl["choices"][(pick + len(fl["name"])) % 6]["send"][0]
            assert send in [str(a) for a in trial.legal_actions(seat)]
            trial.apply(seat, trial.parse_action(send))


def test_the_result_is_broken_down_pile_by_pile() -> None:
    finished = 0
    for seed in range(4):
        state = find(4, lambda s: s.outcome.status == "finished", seeds=range(seed, seed + 1))
        view = state.view(None)
        for s in range(4):
            assert breakdown(view, s)["points"] == view["scores"][s]
        res = model(state, 2)["result"]
        rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
        assert res["breakdown"]["columns"] == ["", "Seat 1", "Seat 2", "You", "Seat 4"]
        assert rows["Points"] == view["scores"]
        assert rows["Cards (fewer wins a tie)"] == view["cards"]
        assert "Red ♥ pile" in rows and "Pattern Bonus" in rows
        assert res["score_label"] == "Points"
        assert "seat 0" not in res["reason"]
        finished += 1
    assert finished == 4


def test_the_log_in_words() -> None:
    state = new_game(GAME, players=3, seed=1)
    for seat, play in ((0, "play red"), (1, "play green"), (2, "play green")):
        state.apply(seat, state.parse_action(play))
    said = [describe(e, 0)["text"] for e in state.events(0)]
    assert said[0] == (
        "9 cards were dealt to each player: you got 4 Red ♥, 1 Yellow ★, 1 Blue ♦,"
        " 1 Pink ✿, 2 Broken Bulbs"
    )
    assert "Revealed: you Red ♥, seat 2 Green ♣, seat 3 Green ♣" in said
    assert "Seat 2's Green ♣ dropped to the middle" in said
    assert said[-1].startswith("Everyone passed their cards to the left (round 2 begins):")
    spectator = [describe(e, None)["text"] for e in state.events(None)]
    assert spectator[0] == "9 cards were dealt to each player"
    assert "Seat 1 chose a card" in spectator
