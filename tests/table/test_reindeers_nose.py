"""Reindeer's Nose's table model on known positions: a real-time table, passing and
picking up in words, the cards you passed (still waiting, or picked up by your left
neighbour) as knowledge, pointing, Pattern cards and the result."""

from __future__ import annotations

import random
from typing import Any

from yuletide.core.registry import new_game
from yuletide.table import build, describe
from yuletide.table.bulbs import bulb_label
from yuletide.table.check import problems

GAME = "reindeers-nose"


def _model(state: Any, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model


def _zone(model: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in model["zones"] if z["id"] == zid)


def _act(state: Any, seat: int, text: str) -> None:
    state.apply(seat, state.parse_action(text))


def test_passing_to_your_left_and_what_you_remember() -> None:
    state = new_game(GAME, players=4, seed=1)
    hand = state.view(0)["hand"]
    model = _model(state, 0)
    assert model["realtime"] is True
    first = model["prompt"]["actions"][0]
    assert first["label"] == f"Pass your {bulb_label(hand[0])} to seat 2 (on your left), face down"
    assert first["refs"] == ["hand:0:1"] and first["group"] == "Pass"
    _act(state, 0, f"pass {hand[0]}")
    waiting = _zone(_model(state, 0), "waiting:1")
    assert waiting["count"] == 1 and waiting["label"] == "Passed to seat 2, waiting"
    assert waiting["cards"][0]["knowledge"] == [f"you passed: {bulb_label(hand[0])}"]
    assert "knowledge" not in _zone(_model(state, 2), "waiting:1")["cards"][0]
    # seat 2 must pass before picking up; then it picks up the card
    mid = state.view(1)["hand"][0]
    _act(state, 1, f"pass {mid}")
    pick = _model(state, 1)["prompt"]["actions"]
    assert [(a["label"], a["refs"]) for a in pick] == [
        ("Pick up the card passed to you", ["waiting:1"])
    ]
    _act(state, 1, "pick up")
    held = _zone(_model(state, 0), "hand:1")["cards"][0]
    assert held["face"] == "down"
    assert held["knowledge"] == [f"known: the {bulb_label(hand[0])} you passed"]
    assert describe(GAME, state.events(0, 0)[-1], 0)["text"] == (
        f"Seat 2 picked up the {bulb_label(hand[0])} you passed."
    )
    assert describe(GAME, state.events(2, 0)[-1], 2)["text"] == (
        "Seat 2 picked up the card waiting for them."
    )


def test_a_set_points_first_then_everyone_points() -> None:
    state = _until(lambda s: any(str(a) == "point" for x in s.to_act for a in s.legal_actions(x)))
    holder = next(x for x in state.to_act if [str(a) for a in state.legal_actions(x)] == ["point"])
    model = _model(state, holder)
    (point,) = model["prompt"]["actions"]
    assert point["label"] == "Point to your nose 👃: you have four matching bulbs!"
    assert model["prompt"]["text"] == "You hold four matching bulbs: point to your nose 👃!"
    _act(state, holder, "point")
    other = (holder + 1) % 4
    m = _model(state, other)
    assert m["prompt"]["actions"][0]["label"] == (
        "Point to your nose 👃 (the last to point takes a Pattern card)"
    )
    assert f"Seat {holder + 1} pointed to their nose 👃: everyone point!" in m["headline"]
    nose = m["seats"][holder]["markers"][0]
    assert nose["label"] == "Pointed to their nose first (four matching bulbs)"


def test_the_last_to_point_takes_a_pattern_card_and_a_spectator_sees_no_hand() -> None:
    state = new_game(GAME, players=4, seed=2)
    rng = random.Random(2)
    while not state.outcome.over:
        seat = rng.choice(sorted(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if any(state.view(None)["patterns"]):
            break
    spectator = _model(state, None)
    for z in spectator["zones"]:
        if z["kind"] == "hand":
            assert {c["face"] for c in z["cards"]} == {"down"}
    taker = next(s for s, p in enumerate(state.view(None)["patterns"]) if p)
    row = _zone(spectator, f"patterns:{taker}")
    assert row["cards"][0]["kind"] == "pattern" and len(row["cards"][0]["colours"]) == 5
    assert spectator["seats"][taker]["score"] == "1 of 3 Pattern cards"
    texts = [describe(GAME, e, None)["text"] for e in state.events(None, 0)]
    assert any(
        t.startswith(f"Seat {taker + 1} received Pattern card") and "(1st of 3)" in t for t in texts
    )
    assert any("pointed last" in t for t in texts)


def test_the_result_names_who_is_eliminated() -> None:
    state = new_game(GAME, players=4, seed=3)
    rng = random.Random(3)
    while not state.outcome.over:
        seat = rng.choice(sorted(state.to_act))
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))
    lost = next(s for s in range(4) if s not in state.outcome.winners)
    model = _model(state, lost)
    assert model["result"]["headline"] == "You are eliminated: everyone else wins"
    assert model["result"]["reason"] == "You received a third Pattern card"
    rows = model["result"]["breakdown"]["rows"]
    assert rows[0][0] == "Pattern cards" and rows[0][1 + lost] == 3
    other = _model(state, (lost + 1) % 4)
    assert other["result"]["headline"] == f"Seat {lost + 1} is eliminated: everyone else wins"
    for viewer in (lost, None):
        texts = [describe(GAME, e, viewer)["text"] for e in state.events(viewer, 0)]
        assert texts[-1].endswith("eliminated with a third Pattern card: everyone else wins.")


def _until(found: Any, seed: int = 4) -> Any:
    state = new_game(GAME, players=4, seed=seed)
    rng = random.Random(seed)
    while not found(state):
        seat = rng.choice(sorted(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
