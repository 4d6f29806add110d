"""Blink's table model on known positions: the string with its blinking light, the
prompt's words and refs, the Blink!/catch race, the card just drawn (seen by its drawer
only), the real-time flag, the log in words and the result."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import game_class, new_game
from yuletide.core.simultaneous import is_real_time
from yuletide.core.state import State
from yuletide.games.christmas_lights.blink.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "blink"


def model(state: State, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    m = build(GAME, state.view(seat), legal, seat)
    assert not problems(m, legal)
    return m


def find(players: int, until: Callable[[State], bool], **options: Any) -> State:
    """The first position of a seeded random game (seeds in order) where ``until``."""
    for seed in range(50):
        state = new_game(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.outcome.over:
            if until(state):
                return state
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if until(state):
            return state
    raise AssertionError("no such position in 50 seeded games")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in m["zones"] if z["id"] == zid)


def labels(m: dict[str, Any]) -> dict[str, str]:
    return {a["id"]: a["label"] for a in m["prompt"]["actions"]}


def test_the_string_marks_the_blinking_light_and_says_what_may_follow() -> None:
    state = new_game(GAME, players=3, seed=1)
    view = state.view(0)
    assert view["string"]["lights"] == ["green", "red", "pink", "yellow", "purple"]
    assert view["blinking"] == "purple"
    m = model(state, 0)
    string = zone(m, "string")
    assert string["kind"] == "string"
    assert [c["colour"]["name"] for c in string["cards"]] == view["string"]["lights"]
    marked = [c["id"] for c in string["cards"] if c.get("markers")]
    assert marked == ["string:5"]
    assert string["cards"][4]["markers"][0]["kind"] == "blinking"
    assert "Green ♣ or Yellow ★" in string["note"]
    assert "wraps around" in string["note"]
    assert m["markers"][0]["label"] == "Blinking: Purple ♠"


def test_prompt_words_and_refs() -> None:
    state = new_game(GAME, players=3, seed=1)
    m = model(state, 0)
    assert labels(m) == {
        "play yellow": "Play Yellow ★ (next to the blinking Purple ♠)",
        "play broken": "Play a Broken Bulb: the blinking light stays where it is"
        " (it goes under the discard pile)",
    }
    hand = zone(m, "hand:0")["cards"]
    play = next(a for a in m["prompt"]["actions"] if a["id"] == "play yellow")
    assert hand[int(play["refs"][0].rsplit(":", 1)[1]) - 1]["kind"] == "yellow"
    assert play["refs"][1] == "string:4"  # yellow is the 4th light of P11
    assert m["headline"] == "Turn 1: your turn"
    # seat 1 waits: nothing is offered, the headline names who plays.
    other = model(state, 1)
    assert other["prompt"]["actions"] == []
    assert other["headline"] == "Turn 1: seat 1 is playing"


def test_a_bubble_bulb_names_a_light_of_the_string() -> None:
    state = find(
        3,
        lambda s: any(
            str(a).startswith("play bubble") for a in s.legal_actions(s.view(None)["turn"])
        ),
    )
    seat = state.view(None)["turn"]
    m = model(state, seat)
    bubbles = [a for a in m["prompt"]["actions"] if a["id"].startswith("play bubble")]
    lights = state.view(seat)["string"]["lights"]
    assert len(bubbles) == 5
    for a in bubbles:
        colour = a["id"].split()[2]
        assert a["refs"][1] == f"string:{lights.index(colour) + 1}"
        assert a["label"].startswith("Play a Bubble Bulb naming ")


def test_the_blink_race_is_offered_to_every_seat_in_real_time() -> None:
    state = find(3, lambda s: "open" in s.view(None)["calls"])
    caller = state.view(None)["calls"].index("open")
    m = model(state, caller)
    assert m["realtime"] is True
    assert is_real_time(game_class(GAME))
    call = next(a for a in m["prompt"]["actions"] if a["id"] == "blink")
    assert call["label"] == "Call Blink! (you are down to one card)"
    assert call["refs"] == [f"seat:{caller}"]
    assert "must call Blink!" in m["headline"]
    for other in range(3):
        if other == caller:
            continue
        om = model(state, other)
        catch = next(a for a in om["prompt"]["actions"] if a["id"] == f"catch seat {caller}")
        assert catch["label"].startswith(f"Catch seat {caller + 1}: one card left")
        assert catch["refs"] == [f"seat:{caller}"]
        assert catch["group"] == "Blink!"
        marks = [x["label"] for x in om["seats"][caller]["markers"]]
        assert "One card left, no Blink! yet: catch them!" in marks
        assert all(s["to_act"] for s in om["seats"])  # everyone may act in the race


def test_the_card_just_drawn_is_shown_to_its_drawer_only() -> None:
    state = find(3, lambda s: s.view(s.view(None)["turn"])["drawn"] is not None)
    seat = state.view(None)["turn"]
    drawn = state.view(seat)["drawn"]
    m = model(state, seat)
    marked = [c for c in zone(m, f"hand:{seat}")["cards"] if c.get("markers")]
    assert len(marked) == 1 and marked[0]["kind"] == drawn
    keep = next(a for a in m["prompt"]["actions"] if a["id"] == "keep")
    assert keep["label"].startswith("Keep the ") and keep["label"].endswith(
        " you drew (your turn ends)"
    )
    assert "play or keep the card you drew" in m["headline"]
    for viewer in [None, *(s for s in range(3) if s != seat)]:
        om = model(state, viewer)
        cards = zone(om, f"hand:{seat}")["cards"]
        assert all(c["face"] == "down" and "kind" not in c for c in cards)
        assert "Keep" not in str(om["prompt"])


def test_a_spectator_sees_no_hand_and_is_offered_nothing() -> None:
    state = new_game(GAME, players=4, seed=3)
    m = model(state, None)
    for s in range(4):
        assert all(c["face"] == "down" for c in zone(m, f"hand:{s}")["cards"])
    assert m["prompt"]["actions"] == [] and m["seat"] is None
    assert [s["label"] for s in m["seats"]] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


def test_the_log_in_words() -> None:
    assert describe({"type": "draw", "seat": 1, "card": "red", "playable": True}, 1)["text"] == (
        "You drew Red ♥ you can play"
    )
    assert describe({"type": "draw", "seat": 1, "playable": False}, 0)["text"] == (
        "Seat 2 drew a card (not playable)"
    )
    assert describe({"type": "draw", "seat": 2}, None)["text"] == (
        "Seat 3 drew a card for being caught without calling Blink!"
    )
    assert describe({"type": "catch", "seat": 0, "caught": 2}, 2)["text"] == (
        "Seat 1 caught you with one card before you called Blink!"
    )
    said = describe({"type": "play", "seat": 0, "card": "bubble", "colour": "green"}, 0)
    assert said["text"] == "You played a Bubble Bulb naming Green ♣"
    assert said["refs"] == ["discard", "seat:0"]
    assert describe({"type": "blink", "seat": 3}, 0)["text"] == "Seat 4: “Blink!”"
    assert describe({"type": "out", "seat": 0}, 0)["text"] == (
        "You played your last card and win the round"
    )


def test_the_result_names_the_winner_and_the_cards_left() -> None:
    state = find(2, lambda s: s.outcome.status == "finished")
    outcome = state.outcome
    m = model(state, 0)
    res = m["result"]
    w = outcome.winners[0]
    assert res["winners"] == [w]
    assert res["headline"] == ("You win" if w == 0 else "Seat 2 wins")
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Cards left in hand"][w] == 0
    assert res["breakdown"]["columns"] == ["", "You", "Seat 2"]
    assert res["reason"] == (
        "You played your last card" if w == 0 else "Seat 2 played their last card"
    )
    assert m["prompt"]["actions"] == []


def test_a_match_shows_the_character_cards_won() -> None:
    state = find(2, lambda s: any(s.view(None)["characters"]), match=True)
    view = state.view(None)
    m = model(state, None)
    winner = next(s for s in range(2) if view["characters"][s])
    assert m["seats"][winner]["score"] == "1 of 2 Character cards"
    assert any(x["kind"] == "character" for x in m["seats"][winner]["markers"])
    assert m["headline"].startswith("Round 2 — ")
