"""Jingle Bell Run's table model on known positions: the 4 x 4 grid zone with the
characters and finish lines as markers, the start, take, steal, Plug and move choices
(composite actions whose every step is legal), the cards known to be in other hands,
a spectator's model and the result."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.jingle_bell_run.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "jingle-bell-run"


def model(state: State, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    m = build(GAME, state.view(seat), legal, seat)
    assert not problems(m, legal)
    return m


def find(players: int, until: Callable[[State], bool]) -> State:
    for seed in range(60):
        state = new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            if until(state):
                return state
            if state.outcome.over or state.view(None)["turns"] > 300:
                break
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position in the seeded games")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in m["zones"] if z["id"] == zid)


def started(players: int = 3, seed: int = 1) -> State:
    """Seed 1: every seat has placed its character (seat 0 a1, then the next free
    corners in the order offered)."""
    state = new_game(GAME, players=players, seed=seed)
    for seat in range(players):
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_the_grid_is_a_grid_zone_of_pattern_cards_at_their_cells() -> None:
    state = new_game(GAME, players=3, seed=1)
    m = model(state, 0)
    grid = zone(m, "grid")
    assert grid["kind"] == "grid" and grid["columns"] == 4
    ids = [c["id"] for c in grid["cards"]]
    assert ids[:5] == ["grid:a1", "grid:b1", "grid:c1", "grid:d1", "grid:a2"]
    assert ids[-1] == "grid:d4" and len(ids) == 16
    a1, d4 = grid["cards"][0], grid["cards"][15]
    assert a1["cell"] == [0, 0] and d4["cell"] == [3, 3]
    assert a1["label"] == "a1: Pattern P14"
    assert [c["name"] for c in a1["colours"]] == ["pink", "red", "yellow", "green", "blue"]
    assert a1["detail"].endswith("(a corner)")


def test_placing_a_character_and_its_markers() -> None:
    state = new_game(GAME, players=3, seed=1)
    m = model(state, 0)
    labels = {a["id"]: (a["label"], a["refs"]) for a in m["prompt"]["actions"]}
    assert labels["start a1"] == (
        "Place Santa beside corner a1 (your finish line: d4)",
        ["grid:a1"],
    )
    assert labels["start d1"][0] == "Place Santa beside corner d1 (your finish line: a4)"
    assert m["headline"] == "Setup: You choose a starting corner"
    state.apply(0, state.parse_action("start a1"))
    mine, theirs = model(state, 0), model(state, 1)
    a1 = [x["label"] for x in zone(mine, "grid")["cards"][0]["markers"]]
    d4 = [x["label"] for x in zone(mine, "grid")["cards"][15]["markers"]]
    assert a1 == ["Santa — you, waiting beside this corner"]
    assert d4 == ["Your finish line"]
    assert [x["label"] for x in zone(theirs, "grid")["cards"][0]["markers"]] == [
        "Santa — seat 1, waiting beside this corner"
    ]
    assert [x["label"] for x in zone(theirs, "grid")["cards"][15]["markers"]] == [
        "Finish line of seat 1 (Santa)"
    ]
    assert theirs["seats"][0]["detail"] == "5 cards; waiting beside a1, finish line d4"
    # with four players or fewer, a corner is taken once
    assert "start a1" not in {a["id"] for a in theirs["prompt"]["actions"]}


def test_a_take_is_offered_with_its_first_card() -> None:
    state = started()
    view = state.view(0)
    assert view["market"] == ["yellow", "yellow", "green", "blue", "bubble"]
    m = model(state, 0)
    takes = {tuple(a["send"]): a for a in m["prompt"]["actions"] if a["group"] == "Take"}
    assert set(takes) == {
        ("take", "take yellow"),
        ("take", "take green"),
        ("take", "take blue"),
        ("take", "take bubble"),
        ("take", "draw"),
    }
    assert (
        takes["take", "take yellow"]["label"] == "Take Yellow ★ from the Market, then a second card"
    )
    assert takes["take", "take yellow"]["refs"] == ["market:1"]
    assert takes["take", "take bubble"]["label"] == (
        "Take the Bubble Bulb from the Market (a Bubble Bulb is your whole take)"
    )
    assert takes["take", "draw"]["refs"] == ["deck"]
    # after the first card, the second is the engine's own step
    state.apply(0, state.parse_action("take"))
    state.apply(0, state.parse_action("take yellow"))
    second = model(state, 0)
    assert all(len(a["send"]) == 1 for a in second["prompt"]["actions"])
    assert "take bubble" not in {a["id"] for a in second["prompt"]["actions"]}
    assert second["prompt"]["text"].startswith("Take your second card")


def test_cards_taken_from_the_market_are_known_to_the_others() -> None:
    state = started()
    state.apply(0, state.parse_action("take"))
    state.apply(0, state.parse_action("take green"))
    state.apply(0, state.parse_action("take blue"))
    for viewer in (1, 2):
        hand = zone(model(state, viewer), "hand:0")
        assert [c.get("knowledge") for c in hand["cards"][:2]] == [
            ["known: Green ♣ (you saw it go there)"],
            ["known: Blue ♦ (you saw it go there)"],
        ]
        assert hand["note"] == "You know they hold Green ♣ and Blue ♦."
        assert all(c["face"] == "down" and "kind" not in c for c in hand["cards"])
    said = [describe(e, 1)["text"] for e in state.events(1)]
    assert said[-4:] == [
        "Seat 1 took Green ♣ from the Market",
        "Purple ♠ was revealed in the Market",
        "Seat 1 took Blue ♦ from the Market",
        said[-1],
    ]
    assert said[-1].endswith(" was revealed in the Market")


def test_every_composite_action_is_a_sequence_of_legal_steps() -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        state = new_game(GAME, players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.outcome.over:
                break
            seat = min(state.to_act)
            legal = [str(a) for a in state.legal_actions(seat)]
            m = build(GAME, state.view(seat), legal, seat)  # checked by test_models
            composites = [a for a in m["prompt"]["actions"] if len(a["send"]) > 1]
            for a in rng.sample(composites, min(len(composites), 3)):
                trial = state.clone()
                for step in a["send"]:
                    assert step in [str(x) for x in trial.legal_actions(seat)], (a, step)
                    trial.apply(seat, trial.parse_action(step))
                kinds.add(a["group"])
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert kinds == {"Take", "Steal", "Plug"}


def test_steal_and_plug_are_offered_whole() -> None:
    state = find(
        3,
        lambda s: (
            "steal" in [str(a) for a in s.legal_actions(s.view(None)["turn"])]
            and "plug" in [str(a) for a in s.legal_actions(s.view(None)["turn"])]
        ),
    )
    seat = state.view(None)["turn"]
    view = state.view(seat)
    m = model(state, seat)
    steals = [a for a in m["prompt"]["actions"] if a["group"] == "Steal"]
    broken = view["hand"].count("broken")
    expect = sum(
        min(broken, view["hand_sizes"][s]) for s in range(3) if s != seat and view["hand_sizes"][s]
    )
    assert len(steals) == expect
    for a in steals:
        assert a["send"][0] == "steal" and a["label"].startswith("Discard ")
        assert a["refs"][1].startswith("seat:")
    plugs = [a for a in m["prompt"]["actions"] if a["group"] == "Plug"]
    free = 16 - len({c for c in view["at"] if c})
    assert len(plugs) == free * (free - 1)  # both orders, so either card may be clicked first
    first = plugs[0]
    assert first["send"][0] == "plug" and first["send"][1].startswith("swap ")
    assert first["refs"][0].startswith(f"hand:{seat}:") and first["refs"][1].startswith("grid:")
    assert first["label"].startswith("Play a Plug: swap ")


def test_a_move_says_what_it_pays() -> None:
    state = find(
        2, lambda s: any(str(a).startswith("move") for a in s.legal_actions(s.view(None)["turn"]))
    )
    seat = state.view(None)["turn"]
    m = model(state, seat)
    moves = [a for a in m["prompt"]["actions"] if a["group"] == "Move"]
    assert moves
    for a in moves:
        cell = a["id"].split()[1]
        assert a["refs"] == [f"grid:{cell}"]
        assert a["label"].startswith(f"Move Santa onto {cell} (" if seat == 0 else "Move ")
        assert ", paying " in a["label"] and " and " in a["label"]


def test_a_spectator_sees_no_hand() -> None:
    m = model(started(), None)
    for s in range(3):
        assert all(
            c["face"] == "down" and "knowledge" not in c for c in zone(m, f"hand:{s}")["cards"]
        )
    assert m["prompt"]["actions"] == []
    assert m["headline"] == "Turn 1 — seat 1's turn"


def test_the_result_names_who_reached_their_finish_line() -> None:
    state = find(2, lambda s: s.outcome.status == "finished")
    w = state.outcome.winners[0]
    res = model(state, None)["result"]
    assert res["reason"] == f"Seat {w + 1} reached their finish line"
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Steps to the finish line"][w] == 0
    assert rows["Character"] == ["Santa", "Mrs. Claus"]
    assert (
        describe({"type": "win", "seat": w}, w)["text"] == "You reached your finish line and win!"
    )
