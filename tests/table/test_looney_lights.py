"""Looney Lights' table model on known positions: the words of the prompt, the whole
Broken Bulb play as one choice, hidden hands, the discard pile and the result."""

from __future__ import annotations

import json
import random
from typing import Any

from yuletide.core.registry import new_game
from yuletide.games.christmas_lights.looney_lights.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "looney-lights"


def _view(**changes: Any) -> dict[str, Any]:
    """Seat 0's view of a fresh 3-player game, with ``changes``."""
    view = new_game(GAME, players=3, seed=1).view(0)
    view = json.loads(json.dumps(view))
    view.update(changes)
    return view


def _labels(model: dict[str, Any]) -> dict[str, str]:
    return {a["id"]: a["label"] for a in model["prompt"]["actions"]}


def test_a_broken_bulb_is_offered_with_each_follow_up_and_the_sends_are_legal() -> None:
    state = new_game(GAME, players=3, seed=1)
    view = state.view(0)
    legal = [str(a) for a in state.legal_actions(0)]
    assert view["hand"] == ["blue", "blue", "purple", "pink", "broken"]
    assert legal == ["play broken"]
    model = build(GAME, view, legal, 0)
    assert not problems(model, legal)
    acts = model["prompt"]["actions"]
    assert [a["send"] for a in acts] == [
        ["play broken", "play blue"],
        ["play broken", "play purple"],
        ["play broken", "play pink"],
    ]
    assert acts[0]["label"] == "Play a Broken Bulb, then a Blue ♦ on it"
    assert acts[0]["refs"] == ["hand:0:5", "hand:0:1"]
    assert {a["group"] for a in acts} == {"Broken Bulb"}
    for a in acts:
        trial = state.clone()
        for step in a["send"]:
            trial.apply(0, trial.parse_action(step))
        assert trial.to_act == frozenset({1})


def test_a_broken_bulb_with_a_bubble_follow_up_names_each_colour() -> None:
    view = _view(hand=["broken", "bubble"], hand_sizes=[2, 5, 5])
    model = build(
        GAME,
        view,
        [
            "play bubble red",
            "play bubble green",
            "play bubble yellow",
            "play bubble blue",
            "play bubble purple",
            "play bubble pink",
            "play broken",
        ],
        0,
    )
    labels = _labels(model)
    assert labels["play bubble red"] == "Play a Bubble Bulb and name Red ♥"
    assert labels["play broken | play bubble pink"] == (
        "Play a Broken Bulb, then a Bubble Bulb on it naming Pink ✿"
    )
    # no plain bulb to follow with but the Bubble: six Broken Bulb plays
    assert sum(1 for a in labels if a.startswith("play broken")) == 6


def test_plain_plays_plug_and_the_follow_up_step_in_words() -> None:
    view = _view(hand=["green", "green", "plug"], colour="green")
    model = build(GAME, view, ["play green"], 0)
    (act,) = model["prompt"]["actions"]
    assert act["label"] == "Play a Green ♣" and act["refs"] == ["hand:0:1"]
    assert model["headline"].startswith("Turn 1 — your turn: play a Green ♣")
    plug = build(GAME, _view(hand=["red", "plug"]), ["play plug"], 0)
    assert _labels(plug)["play plug"] == "Play a Plug (it takes the colour in play, Green ♣)"
    follow = build(
        GAME,
        _view(step="follow-up", hand=["red"], hand_sizes=[1, 5, 5], discard=["green", "broken"]),
        ["play red"],
        0,
    )
    assert _labels(follow)["play red"] == "Play a Red ♥ on your Broken Bulb"


def test_drawing_and_the_drawn_card() -> None:
    drawing = build(GAME, _view(step="drawing"), ["draw"], 0)
    (act,) = drawing["prompt"]["actions"]
    assert act["label"] == "Draw a card (you have no card you can play)"
    assert act["refs"] == ["deck"] and act["group"] == "Draw"
    drawn = build(
        GAME, _view(step="play-drawn", drawn="green", hand=["green", "blue"]), ["play green"], 0
    )
    assert _labels(drawn)["play green"] == "Play the Green ♣ you drew"
    assert "play the Green ♣ you drew" in drawn["headline"]
    empty = build(GAME, _view(step="drawing", deck=0), ["pass"], 0)
    assert _labels(empty)["pass"] == "Pass (you cannot play and the deck is empty)"


def test_a_bubble_start_asks_for_a_colour() -> None:
    view = _view(colour=None, discard=["plug", "bubble"])
    legal = [f"name {c}" for c in ("red", "green", "yellow", "blue", "purple", "pink")]
    model = build(GAME, view, legal, 0)
    assert not problems(model, legal)
    assert _labels(model)["name yellow"] == "Start with Yellow ★"
    assert "name the colour" in model["headline"]
    top = next(z for z in model["zones"] if z["id"] == "discard")
    assert top["cards"][0]["knowledge"] == ["colour not named yet"]
    assert top["count"] == 2


def test_other_hands_are_backs_and_a_spectator_sees_no_hand() -> None:
    state = new_game(GAME, players=3, seed=1)
    model = build(GAME, state.view(1), [], 1)
    hands = {z["id"]: z for z in model["zones"] if z["kind"] == "hand"}
    assert {c["face"] for c in hands["hand:0"]["cards"]} == {"down"}
    assert {c["face"] for c in hands["hand:1"]["cards"]} == {"up"}
    assert hands["hand:1"]["label"] == "Your hand" and hands["hand:0"]["count"] == 5
    assert model["headline"] == "Turn 1 — Seat 1 is playing; colour in play: Green ♣"
    spectator = build(GAME, state.view(None), [], None)
    for z in spectator["zones"]:
        assert all(c["face"] != "up" for c in z["cards"]) or z["id"] == "discard"
    assert spectator["prompt"]["actions"] == []
    assert spectator["markers"][0]["label"] == "Colour in play: Green ♣"


def test_a_plug_on_top_shows_the_colour_it_stands_for() -> None:
    model = build(GAME, _view(discard=["green", "plug"]), [], 0)
    pile = next(z for z in model["zones"] if z["id"] == "discard")
    assert pile["cards"][0]["knowledge"] == ["stands for Green ♣"]
    assert pile["note"] == "Colour in play: Green ♣. Under the top card, newest first: Green ♣"
    long = build(GAME, _view(discard=["red"] * 10 + ["green"]), [], 0)
    note = next(z for z in long["zones"] if z["id"] == "discard")["note"]
    assert note.endswith("Red ♥, Red ♥ and 2 more")


def test_the_result_names_the_winner_and_the_cards_left() -> None:
    state = new_game(GAME, players=2, seed=3)
    rng = random.Random(3)
    while not state.outcome.over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    winner = state.outcome.winners[0]
    model = build(GAME, state.view(winner), [], winner)
    res = model["result"]
    assert res["headline"] == "You win" and model["headline"] == "You win"
    assert res["reason"] == "You discarded every card"
    rows = res["breakdown"]["rows"]
    assert rows[0][0] == "Cards left in hand" and rows[0][1 + winner] == 0
    assert res["breakdown"]["columns"][1 + winner] == "You"
    for viewer in (winner, None):
        texts = [describe(e, viewer)["text"] for e in state.events(viewer, 0)]
        assert texts[0].startswith("Each player is dealt 7 cards")
        assert texts[-1].endswith("last card and " + ("win!" if viewer == winner else "wins!"))


def test_events_in_words() -> None:
    assert (
        describe({"type": "play", "seat": 1, "card": "bubble", "colour": "red"}, 0)["text"]
        == "Seat 2 played a Bubble Bulb and named Red ♥."
    )
    assert (
        describe({"type": "draw", "seat": 0, "card": "blue", "playable": False}, 0)["text"]
        == "You drew a Blue ♦ and cannot play it."
    )
    assert describe({"type": "draw", "seat": 2, "playable": True}, 0) == {
        "text": "Seat 3 drew a card and can play it.",
        "refs": ["deck", "hand:2"],
        "seat": 2,
    }
    assert describe({"type": "win", "seat": 0}, 0)["text"] == (
        "You discarded your last card and win!"
    )
    assert "cannot start the pile" in describe({"type": "reveal", "card": "plug"}, None)["text"]
