"""A Christmas Story's table model on known deals: cards named by letter with what the
seat knows of each (face up, "you peeked: …", "could be: …"), Peek tokens in colour, the
Leg Lamp, a Dare and its answers, the opening of the presents as one choice, the three
endings in the result, a spectator's table and the log in words."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_story.christmas_story.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "christmas-story"
JSON = dict[str, Any]


def _model(state: State, seat: int | None) -> JSON:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model


def _card(model: JSON, letter: str) -> JSON:
    return next(c for z in model["zones"] for c in z["cards"] if c["id"] == f"card:{letter}")


def _zone(model: JSON, zid: str) -> JSON:
    return next(z for z in model["zones"] if z["id"] == zid)


def _act(model: JSON, send: list[str]) -> JSON:
    return next(a for a in model["prompt"]["actions"] if a["send"] == send)


def _play(state: State, seat: int, sends: list[str]) -> None:
    for step in sends:
        assert step in [str(a) for a in state.legal_actions(seat)], step
        state.apply(seat, state.parse_action(step))


def test_the_deal_is_face_down_with_what_each_card_could_be() -> None:
    state = new_game(GAME, players=3, seed=0)
    model = _model(state, 0)
    assert model["headline"] == "Turn 1 — your turn: swap, dare or open the presents"
    mine = _zone(model, "hand:0")
    assert [c["id"] for c in mine["cards"]] == ["card:A", "card:B"]
    a = mine["cards"][0]
    assert a["face"] == "down" and a["label"] == "A: face down" and "kind" not in a
    # nothing ruled out yet: a short note on the table, the full names in the tooltip
    assert a["knowledge"] == ["could be anything"]
    assert a["detail"] == (
        "A could be: Decoder Pin, BB Gun, Scut Farkus (Bully), Grover Dill (Bully) or Present"
    )
    assert [c["id"] for c in _zone(model, "middle")["cards"]] == ["card:G", "card:H", "card:I"]
    assert _zone(model, "middle")["markers"][0]["kind"] == "leg-lamp"
    tiles = _zone(model, "deduction")["cards"]
    assert tiles[0]["label"] == "Decoder Pin"
    # nothing ruled out: a short mark on the table, the letters in the tooltip
    assert tiles[0]["knowledge"] == ["could be anywhere"]
    assert tiles[0]["detail"].endswith("could be A, B, C, D, E, F, G, H, I")
    swap = _act(model, ["swap 1 g"])
    assert swap["label"] == "Swap your 1st card (A) for G from the middle"
    assert swap["refs"] == ["card:A", "card:G"] and swap["group"] == "Swap"
    dare = _act(model, ["dare 2 c"])
    assert dare["label"] == "Dare seat 2: your 2nd card (B) for their C"
    assert dare["refs"] == ["card:B", "card:C"]
    seat0 = model["seats"][0]
    assert seat0["markers"][0]["kind"] == "peek-token"
    assert seat0["markers"][0]["colour"]["name"] == "red"
    assert seat0["detail"] == "15 Peek tokens left" and seat0["score"] == "in the game"


def test_a_peeked_card_says_what_you_saw_and_carries_your_token() -> None:
    state = new_game(GAME, players=3, seed=0)
    _play(state, 0, ["swap 2 i"])  # B (Present) to the middle, I (Present) to seat 0
    mine = _model(state, 0)
    i = _card(mine, "I")
    assert i["face"] == "down" and i["kind"] == "present"
    assert i["label"] == "I: face down (you peeked: Present)"
    assert i["knowledge"] == ["you peeked: Present"]
    token = i["markers"][0]
    assert (
        token == {"kind": "peek-token", "label": "Your Peek token (red)", "colour": token["colour"]}
        and token["colour"]["glyph"] == "♥"
    )
    assert _card(mine, "B")["knowledge"] == ["could be anything"]
    other = _model(state, 1)
    seen = _card(other, "I")
    assert "kind" not in seen and seen["markers"][0]["label"] == "Seat 1's Peek token (red)"
    log = [describe(e, 0)["text"] for e in state.events(0)]
    assert "You swapped your B for I from the middle." in log
    assert "You peeked at I and put a Peek token on it: Present." in log
    assert "Seat 1 peeked at I and put a Peek token on it." in [
        describe(e, 1)["text"] for e in state.events(1)
    ]


def test_a_spectator_sees_only_face_up_cards() -> None:
    state = new_game(GAME, players=4, seed=3)
    _play(state, 0, ["swap 1 i"])
    model = _model(state, None)
    text = json.dumps(model)
    assert "you peeked" not in text and model["prompt"]["actions"] == []
    for z in model["zones"]:
        if z["id"].startswith("hand:") or z["id"] == "middle":
            assert all(c["face"] == "down" and "kind" not in c for c in z["cards"])


def test_a_dare_is_answered_and_a_refusal_turns_a_card_up() -> None:
    state = new_game(GAME, players=3, seed=0)
    _play(state, 0, ["swap 2 i"])
    _play(state, 1, ["dare 1 i"])  # seat 1's C for seat 0's I
    dared = _model(state, 0)
    assert dared["headline"] == (
        "Turn 2 — Seat 2 dares you to swap your I for their C: accept or refuse"
    )
    assert [a["send"] for a in dared["prompt"]["actions"]] == [["accept"], ["refuse"]]
    accept = _act(dared, ["accept"])
    assert accept["label"] == "Accept the Dare: your I for seat 2's C"
    assert accept["refs"] == ["card:I", "card:C"]
    assert {m["label"] for m in _card(dared, "C")["markers"]} == {"In the Dare"}
    darer = _model(state, 1)
    assert darer["prompt"]["waiting_for"] == [0]
    assert darer["markers"][0]["label"] == "Dare: You offer C for seat 1's I"
    _play(state, 0, ["refuse"])
    turn_up = _model(state, 0)
    assert _act(turn_up, ["flip 1"])["label"] == "Turn your 1st card (A) face up"
    _play(state, 0, ["flip 1"])
    model = _model(state, 1)
    assert _card(model, "A")["face"] == "up"
    assert _card(model, "A")["label"] == "A: Scut Farkus (Bully)"
    assert any(m["kind"] == "leg-lamp" for m in model["seats"][1]["markers"])
    # seats 3 and 1 move; then seat 2 plays its turn holding the lamp
    _play(state, 2, ["swap 2 b"])
    _play(state, 0, ["swap 2 g"])
    lamp = _model(state, 1)
    assert lamp["headline"].endswith("(you hold the Leg Lamp)")
    tdd = _act(lamp, ["triple-dog-dare 2 e"])
    assert tdd["label"] == "Triple-Dog-Dare seat 3 (Leg Lamp): force your 2nd card (D) for their E"
    assert tdd["group"] == "Leg Lamp"
    assert _act(lamp, ["free-peek 1"])["label"] == "Free Peek (Leg Lamp): look at your 1st card (C)"
    first = state.view(1)["middle"][0]["card"].lower()
    _play(state, 1, [f"swap 1 {first}"])
    target = state.view(2)["hands"][1][0]["card"].lower()
    _play(state, 2, [f"dare 1 {target}"])
    answer = _model(state, 1)
    assert [a["send"][0] for a in answer["prompt"]["actions"]] == [
        "accept",
        "refuse",
        "refuse with lamp",
    ]
    assert _act(answer, ["refuse with lamp"])["label"] == (
        "Refuse with the Leg Lamp: no card is turned up; the lamp goes to seat 3"
    )
    _play(state, 1, ["refuse with lamp"])
    assert any(m["kind"] == "leg-lamp" for m in _model(state, 0)["seats"][2]["markers"])


def test_opening_the_presents_is_one_choice_with_the_two_cards() -> None:
    state = new_game(GAME, players=3, seed=1)  # seat 0 holds the Decoder Pin (A), BB Gun (B)
    model = _model(state, 0)
    opens = [a for a in model["prompt"]["actions"] if a["send"][0] == "open"]
    assert len(opens) == 36  # every pair of the 9 cards
    ab = _act(model, ["open", "declare a b"])
    assert ab["label"] == "Open the presents: declare A and B as the Decoder Pin and the BB Gun"
    assert ab["refs"] == ["card:A", "card:B"] and ab["group"] == "Open"
    _play(state, 0, ab["send"])
    end = _model(state, 0)
    res = end["result"]
    assert res["headline"] == "You found the Decoder Pin and the BB Gun and win!"
    assert res["winners"] == [0]
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Result"] == ["won", "still in", "still in"]
    assert rows["Cards at the end"][0] == "A: Decoder Pin, B: BB Gun"
    spectator = _model(state, None)
    assert (
        spectator["result"]["headline"] == "Seat 1 found the Decoder Pin and the BB Gun and wins!"
    )


def test_declaring_after_open_and_the_bully_ending() -> None:
    state = new_game(GAME, players=3, seed=0)  # seat 0 holds Scut Farkus (A)
    _play(state, 0, ["open"])
    model = _model(state, 0)
    assert model["headline"].endswith(
        "declare the two cards you think are the Decoder Pin and the BB Gun"
    )
    dg = _act(model, ["declare d g"])
    assert dg["label"] == "Declare D and G as the Decoder Pin and the BB Gun"
    _play(state, 0, dg["send"])
    res = _model(state, 1)["result"]
    assert res["winners"] == []
    assert res["headline"] == (
        "Seat 1 found the Decoder Pin and the BB Gun but held a Bully:"
        " the game is over and nobody wins"
    )
    log = [describe(e, 1)["text"] for e in state.events(1)]
    assert "But seat 1 holds a Bully: the game is over and nobody wins." in log


def test_the_last_player_left_wins() -> None:
    state = new_game(GAME, players=3, seed=0)
    _play(state, 0, ["open", "declare b c"])
    out = _model(state, 0)
    assert _zone(out, "hand:0")["cards"] == [] and _zone(out, "hand:0")["note"] == "Out of the game"
    assert out["seats"][0]["score"] == "out (1st)"
    assert [c["id"] for c in _zone(out, "middle")["cards"]][-2:] == ["card:A", "card:B"]
    _play(state, 1, ["open", "declare c e"])
    res = _model(state, 2)["result"]
    assert res["headline"] == "You are the last player left and win!"
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Result"] == ["out (1st)", "out (2nd)", "won"]
    said = [describe(e, None)["text"] for e in state.events(None)]
    assert "Wrong: seat 1 is out of the game." in said
    assert "Seat 1's A and B go face up to the middle." in said
    assert "Seat 3 wins as the last player left in the game." in said


def test_every_event_kind_is_worded_and_an_unknown_one_is_refused() -> None:
    assert describe({"type": "leg-lamp", "holder": None}, 0)["text"] == (
        "The Leg Lamp goes back to the middle."
    )
    flip = {"type": "flip", "card": "F", "identity": "bb-gun", "why": "all-peeked"}
    assert describe(flip, 0) == {
        "text": "F is turned face up: BB Gun (every player still in the game has peeked at it).",
        "refs": ["card:F"],
    }
    tdd = {"type": "triple-dog-dare", "seat": 2, "card": "E", "opponent": 0, "their_card": "A"}
    assert describe(tdd, 0)["text"] == (
        "Seat 3 used the Leg Lamp: Triple-Dog-Dare! Seat 3's E is swapped for your A."
    )
    with pytest.raises(ValueError, match="unknown A Christmas Story event"):
        describe({"type": "nonsense", "seat": 0}, 0)


def test_random_play_never_needs_the_fallback_and_every_choice_is_legal() -> None:
    for seed, players in ((2, 4), (5, 6)):
        state = new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.outcome.over:
                break
            for seat in sorted(state.to_act):
                acts = _model(state, seat)["prompt"]["actions"]
                assert all(a.get("group") != "Other" for a in acts)
                for a in rng.sample(acts, min(3, len(acts))):
                    _play(state.clone(), seat, a["send"])
            seat = rng.choice(sorted(state.to_act))
            choices = [a for a in state.legal_actions(seat) if str(a) != "open"]
            state.apply(seat, rng.choice(choices or state.legal_actions(seat)))
