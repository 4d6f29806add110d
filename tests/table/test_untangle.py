"""Untangle's table model on known positions: the knot as a string with end slots, swaps
that refer to the two neighbouring knot cards, the lock on the cards just swapped, the
whole play (card and place) and discard (which cards) as one choice each, patterns
hidden from the others, and the result."""

from __future__ import annotations

import json
import random
from typing import Any

from yuletide.core.registry import new_game
from yuletide.table import build, describe
from yuletide.table.check import problems

GAME = "untangle"


def _model(state: Any, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model


def _zone(model: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in model["zones"] if z["id"] == zid)


def _by_id(model: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in model["prompt"]["actions"]}


def _sends_are_legal(state: Any, seat: int, act: dict[str, Any]) -> Any:
    trial = state.clone()
    for step in act["send"]:
        assert step in [str(a) for a in trial.legal_actions(seat)], (act, step)
        trial.apply(seat, trial.parse_action(step))
    return trial


def test_the_knot_and_the_swap_step() -> None:
    state = new_game(GAME, players=3, seed=1)
    model = _model(state, 0)
    knot = _zone(model, "knot")
    assert knot["kind"] == "string"
    assert [c["id"] for c in knot["cards"]][:2] == ["knot:left", "knot:1"]
    assert knot["cards"][0]["face"] == "slot" and knot["cards"][-1]["id"] == "knot:right"
    swap = _by_id(model)["swap 1 2"]
    assert swap["label"] == "Swap knot cards 1 and 2 (Pink ✿ ↔ Purple ♠)"
    assert swap["refs"] == ["knot:1", "knot:2"] and swap["group"] == "Untangle"
    assert model["headline"] == (
        "Turn 1 — your turn: untangle: swap two neighbouring bulbs in the knot"
    )


def test_the_cards_just_swapped_are_locked_for_the_next_player() -> None:
    state = new_game(GAME, players=3, seed=1)
    state.apply(0, state.parse_action("swap 4 5"))
    model = _model(state, 1)
    knot = {c["id"]: c for c in _zone(model, "knot")["cards"]}
    assert knot["knot:4"]["markers"][0]["glyph"] == "🔒"
    assert "markers" not in knot["knot:3"]
    assert model["headline"] == "Turn 1 — Seat 1 is taking an action"
    assert describe(GAME, state.events(1, 0)[-1], 1) == {
        "text": "Seat 1 swapped knot cards 4 and 5.",
        "refs": ["knot:4", "knot:5"],
        "seat": 0,
    }


def test_a_play_is_offered_with_every_place_and_its_sends_are_legal() -> None:
    state = new_game(GAME, players=3, seed=1)
    state.apply(0, state.parse_action("swap 1 2"))
    model = _model(state, 0)
    acts = _by_id(model)
    on = acts["play green | on 3"]
    assert on["label"] == "Play your Green ♣ on knot card 3, replacing its Pink ✿"
    assert on["refs"] == ["hand:0:1", "knot:3"]
    end = acts["play bubble | left end"]
    assert end["label"] == "Play your Bubble Bulb at the left end of the knot"
    assert end["refs"] == ["hand:0:4", "knot:left"]
    # four cards in hand, ten knot cards and two ends each, plus every discard
    assert sum(1 for a in acts if a.startswith("play ")) == 4 * 12
    for act in model["prompt"]["actions"]:
        _sends_are_legal(state, 0, act)


def test_discards_name_the_cards_and_the_draw_back() -> None:
    state = new_game(GAME, players=3, seed=1)
    state.apply(0, state.parse_action("swap 1 2"))
    acts = _by_id(_model(state, 0))
    one = acts["discard | cards 2"]
    assert one["label"] == "Discard your Yellow ★" and one["refs"] == ["hand:0:2"]
    three = acts["discard | cards 1 2 4"]
    assert three["label"] == "Discard your Green ♣, Yellow ★ and Bubble Bulb, then draw 2"
    assert sum(1 for a in acts if a.startswith("discard")) == 15
    # once `discard` is sent on its own, the step offers the cards alone
    state.apply(0, state.parse_action("discard"))
    again = _by_id(_model(state, 0))
    assert again["cards 1 2 4"]["send"] == ["cards 1 2 4"]


def test_a_broken_bulb_only_removes() -> None:
    view = new_game(GAME, players=3, seed=1).view(0)
    view = json.loads(json.dumps(view))
    view.update(step="action", hand=["red", "broken"], hand_sizes=[2, 3, 3])
    model = build(GAME, view, ["play red", "play broken", "discard"], 0)
    acts = _by_id(model)
    assert "play broken | left end" not in acts
    assert acts["play broken | on 2"]["label"] == (
        "Play your Broken Bulb on knot card 2 to remove its Purple ♠ (the knot closes up)"
    )
    assert acts["play broken | on 2"]["group"] == "Broken Bulb"


def test_a_pattern_showing_twice_is_offered_with_each_place() -> None:
    view = json.loads(json.dumps(new_game(GAME, players=3, seed=1).view(0)))
    p01 = ["red", "pink", "green", "blue", "yellow"]
    view.update(step="complete", knot=p01 + p01[::-1])
    legal = ["complete P01", "complete P09"]
    model = build(GAME, view, legal, 0)
    assert not problems(model, legal)
    acts = _by_id(model)
    assert acts["complete P01 | on 1"]["label"] == (
        "Complete Pattern P01 first, with knot cards 1 to 5"
    )
    assert acts["complete P01 | on 6"]["refs"] == ["pattern:P01", "knot:6"]
    assert acts["complete P09"]["label"] == "Complete Pattern P09 first"


def test_patterns_are_hidden_from_the_others_and_a_spectator_sees_no_hand() -> None:
    state = new_game(GAME, players=3, seed=1)
    mine = _zone(_model(state, 0), "patterns:0")
    assert [c["id"] for c in mine["cards"]] == ["pattern:P01", "pattern:P09", "pattern:P14"]
    assert mine["cards"][0]["detail"].startswith("Pattern P01: Red ♥, Pink ✿")
    theirs = _zone(_model(state, 1), "patterns:0")
    assert {c["face"] for c in theirs["cards"]} == {"down"}
    spectator = _model(state, None)
    for s in range(3):
        assert {c["face"] for c in _zone(spectator, f"hand:{s}")["cards"]} == {"down"}
    assert spectator["prompt"]["actions"] == []


def test_a_whole_game_ends_with_the_patterns_completed() -> None:
    state = new_game(GAME, players=2, seed=7)
    rng = random.Random(7)
    while not state.outcome.over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    winner = state.outcome.winners[0]
    model = _model(state, 1 - winner)
    rows = {r[0]: r[1:] for r in model["result"]["breakdown"]["rows"]}
    assert rows["Patterns completed"][winner] == 3
    assert model["result"]["headline"] == f"Seat {winner + 1} wins"
    assert model["result"]["reason"] == f"Seat {winner + 1} completed all three Pattern cards"
    done = _zone(model, f"patterns:{winner}")["cards"]
    assert [c["markers"][0]["label"] for c in done] == ["Completed"] * 3
    texts = [describe(GAME, e, None)["text"] for e in state.events(None, 0)]
    assert any(t.startswith(f"Seat {winner + 1} completed Pattern") for t in texts)
