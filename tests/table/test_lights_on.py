"""Lights On's table model on known positions: a real-time table, the secret signal
(shown to your team only), teams and votes as markers, swaps as two clicks (your card,
then the Market's), the calls, what everyone knows of a hand, and the result."""

from __future__ import annotations

import json
import random
from typing import Any

from yuletide.core.registry import new_game
from yuletide.table import build, describe
from yuletide.table.check import problems

GAME = "lights-on"


def _played(steps: int, seed: int = 1) -> Any:
    state = new_game(GAME, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.choice(sorted(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _model(state: Any, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model


def _action(model: dict[str, Any], send: str) -> dict[str, Any]:
    return next(a for a in model["prompt"]["actions"] if a["send"] == [send])


def test_the_signal_phase_hides_your_hand_and_offers_the_emotes() -> None:
    state = new_game(GAME, players=4, seed=1)
    model = _model(state, 0)
    assert model["realtime"] is True
    hand = next(z for z in model["zones"] if z["id"] == "hand:0")
    assert {c["face"] for c in hand["cards"]} == {"down"}
    assert hand["note"] == "Face down: you look at it on GO"
    assert _action(model, "signal tree")["label"] == "Choose 🎄 Tree as your team's secret signal"
    assert model["headline"].startswith("Round 1 — choose your team's secret signal")


def test_your_signal_is_shown_to_your_team_only() -> None:
    state = new_game(GAME, players=4, seed=1)
    state.apply(0, state.parse_action("signal bell"))
    mine = [m["label"] for m in _model(state, 2)["markers"]]
    assert "Your team's secret signal: 🔔 Bell" in mine
    theirs = [m["label"] for m in _model(state, 1)["markers"]]
    assert "Team 1 (seat 1 and seat 3) has chosen its secret signal" in theirs
    assert not any("Bell" in m for m in theirs)
    spectator = _model(state, None)
    assert not any("Bell" in m["label"] for m in spectator["markers"])
    assert describe(GAME, state.events(1, 0)[-1], 1)["text"] == (
        "Seat 1 chose Team 1's secret signal."
    )
    assert describe(GAME, state.events(2, 0)[-1], 2)["text"] == (
        "Seat 1 chose your team's secret signal."
    )


def test_play_offers_swaps_as_two_clicks_and_the_calls() -> None:
    state = _played(6)
    view = state.view(0)
    assert view["hand"] == ["yellow", "blue", "pink", "bubble"]
    assert view["market"] == ["yellow", "yellow", "purple", "purple"]
    model = _model(state, 0)
    swap = _action(model, "swap blue for purple")
    assert swap["label"] == "Give your Blue ♦, take the Purple ♠ from the Market"
    assert swap["refs"] == ["hand:0:2", "market:3"]
    on = _action(model, "lights on")
    assert on["label"] == "Say Lights ON: seat 3 (your teammate) reveals"
    assert on["refs"] == ["seat:2"]
    off = _action(model, "lights off 3")
    assert off["label"] == "Say Lights OFF at seat 4: they reveal" and off["group"] == "Call"
    assert _action(model, "emote cookie")["label"] == "Send 🍪 Cookie (everyone sees it)"
    assert view["signal"] == "star"
    assert _action(model, "emote star")["label"] == (
        "Send ⭐ Star (your team's secret signal; everyone sees it)"
    )
    # seat 1 voted for new lights: a marker on its seat
    assert [m["label"] for m in model["seats"][0]["markers"]][1] == "New lights? agreed"
    assert all(s["to_act"] for s in model["seats"])


def test_four_identical_bulbs_prompt_the_signal() -> None:
    state = _played(6)
    view = json.loads(json.dumps(state.view(0)))
    view["hand"] = ["pink"] * 4
    legal = ["emote star", "lights on", "lights off 1", "lights off 3"]
    model = build(GAME, view, legal, 0)
    assert not problems(model, legal)
    assert model["prompt"]["text"].startswith(
        "You hold four identical bulbs! Send your signal (⭐ Star) so your teammate says"
    )


def test_a_card_taken_from_the_market_is_known_to_everyone() -> None:
    state = _played(6)
    assert state.view(0)["known"][3] == ["blue"]
    model = _model(state, 0)
    hand3 = next(z for z in model["zones"] if z["id"] == "hand:3")
    assert hand3["cards"][0]["face"] == "down"
    assert hand3["cards"][0]["knowledge"] == ["known: Blue ♦ (taken from the Market)"]
    assert "knowledge" not in hand3["cards"][1]
    own = next(z for z in _model(state, 3)["zones"] if z["id"] == "hand:3")
    blue = next(c for c in own["cards"] if c.get("kind") == "blue")
    assert blue["knowledge"] == ["everyone saw you take it from the Market"]
    bubble = next(c for c in _model(state, 0)["zones"][0]["cards"] if c.get("kind") == "bubble")
    assert "not wild" in bubble["detail"]


def test_a_spectator_sees_no_hand_and_no_signal() -> None:
    state = _played(6)
    model = _model(state, None)
    for z in model["zones"]:
        if z["kind"] == "hand":
            assert {c["face"] for c in z["cards"]} == {"down"}
    assert model["prompt"]["actions"] == []
    assert not any(m.get("id") == "signal" for m in model["markers"])


def test_a_whole_game_ends_with_the_teams_result() -> None:
    state = new_game(GAME, players=4, seed=5)
    rng = random.Random(5)
    said = set()
    while not state.outcome.over:
        seat = rng.choice(sorted(state.to_act))
        legal = state.legal_actions(seat)
        calls = [a for a in legal if str(a).startswith("lights")]
        state.apply(seat, rng.choice(calls if calls and rng.random() < 0.2 else legal))
    for event in state.events(0, 0):
        said.add(describe(GAME, event, 0)["text"].split(":")[0])
    model = _model(state, 0)
    res = model["result"]
    team = state.outcome.winners[0] % 2
    expected = "Team 1 (you and seat 3) win" if team == 0 else "Team 2 (seat 2 and seat 4) wins"
    assert res["headline"] == expected
    assert res["reason"] in (
        f"Team {team + 1} won three Plugs",
        f"Team {2 - team} took three Broken Bulbs",
    )
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Team"] == ["Team 1", "Team 2", "Team 1", "Team 2"]
    assert 3 in rows["Plugs"] or 3 in rows["Broken Bulbs"]
    assert any("said Lights" in t for t in said)


def test_events_in_words() -> None:
    swap = {"type": "swap", "seat": 1, "gave": "red", "took": "bubble"}
    assert describe(GAME, swap, 0) == {
        "text": "Seat 2 placed a Red ♥ in the Market and took a Bubble Bulb.",
        "refs": ["market", "hand:1"],
        "seat": 1,
    }
    on = {
        "type": "lights_on",
        "seat": 0,
        "revealed": 2,
        "four_identical": True,
        "hand": ["red"] * 4,
    }
    assert describe(GAME, on, 0)["text"] == (
        "You said Lights ON: seat 3 revealed Red ♥, Red ♥, Red ♥, Red ♥ (four identical bulbs)."
    )
    emote = {"type": "emote", "seat": 3, "emote": "🦌 reindeer"}
    assert describe(GAME, emote, None)["text"] == "Seat 4 sent 🦌 reindeer."
    broken = {"type": "broken", "team": 1, "team_total": 2}
    assert describe(GAME, broken, 1)["text"] == (
        "Team 2 (you and seat 4) received a Broken Bulb: now 2."
    )
