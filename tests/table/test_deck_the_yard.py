"""Deck the Yard's table model on known positions: starting a string on a face-up
pattern, the string's slots left to right, the Plug decisions in words, the deck's
contents as a memory aid (the player's only), and the result with the difficulty."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.deck_the_yard.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "deck-the-yard"


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


def test_starting_a_string_names_the_pattern_and_its_first_bulb() -> None:
    state = new_game(GAME, players=1, seed=1)
    view = state.view(0)
    assert view["hand"] == ["red", "red", "pink", "bubble", "bubble"]
    assert [p["id"] for p in view["patterns"]] == ["P11", "P13"]
    m = model(state, 0)
    a = acts(m)
    assert a["start p11 bubble"]["label"] == "Start a string on P11 with a Bubble Bulb as Green ♣"
    assert a["start p11 bubble"]["refs"] == ["hand:0:4", "patterns:P11"]
    assert a["start p13 bubble"]["label"] == "Start a string on P13 with a Bubble Bulb as Yellow ★"
    assert a["discard pink"]["label"] == "Discard Pink ✿ (no other effect)"
    assert a["discard bubble"]["refs"] == ["hand:0:4"]
    string = zone(m, "string")
    assert string["label"] == "Your string (empty)"
    assert [c["face"] for c in string["cards"]] == ["slot"] * 5
    assert [c["id"] for c in zone(m, "patterns")["cards"]] == ["patterns:P11", "patterns:P13"]
    assert m["seats"][0]["score"] == "0 of 8 claimed"


def test_the_string_fills_left_to_right_with_the_next_bulb_said() -> None:
    state = new_game(GAME, players=1, seed=1)
    state.apply(0, state.parse_action("start p11 bubble"))
    m = model(state, 0)
    cards = zone(m, "string")["cards"]
    assert cards[0]["label"] == "Bubble Bulb as Green ♣" and cards[0]["face"] == "up"
    assert cards[1]["label"] == "Empty: Red ♥ (next)" and cards[1]["face"] == "slot"
    assert cards[1]["colour"]["glyph"] == "♥"
    assert cards[2]["label"] == "Empty: Pink ✿"
    assert zone(m, "string")["label"] == "Your string on Pattern P11 (1 of 5)"
    a = acts(m)
    assert a["play red"]["label"] == "Play Red ♥ onto your string (the next bulb)"
    assert a["play red"]["refs"] == ["hand:0:1", "string:2"]
    assert a["play bubble"]["label"] == "Play a Bubble Bulb as Red ♥, the next bulb of your string"
    marks = [x["label"] for x in zone(m, "patterns")["cards"][0].get("markers", [])]
    assert marks == ["Your string follows this pattern"]


def test_the_plug_decision_is_said_for_what_was_drawn() -> None:
    seen = set()
    for kind in ("character", "broken", "present"):
        state = find(lambda s, k=kind: _pending_kind(s) == k)
        m = model(state, 0)
        a = acts(m)
        pending = state.view(0)["pending"]
        use, keep = a["use plug"]["label"], a["keep plug"]["label"]
        if kind == "character":
            assert use.startswith("Discard a Plug to claim ")
            assert keep.endswith(" is discarded")
        elif kind == "broken":
            assert use == "Discard a Plug to save your string from the Broken Bulb"
            assert keep.startswith("Keep your Plugs: lose your string (")
        else:
            assert use == "Discard a Plug to prevent the Power Surge"
            assert keep == "Keep your Plugs: Power Surge (discard your hand, draw five)"
        assert a["use plug"]["refs"][1] == "drawn:1"
        assert zone(m, "drawn")["cards"][0]["kind"] in (pending, "character")
        seen.add(kind)
    assert seen == {"character", "broken", "present"}


def _pending_kind(state: State) -> str | None:
    pending = state.view(0)["pending"]
    if pending is None:
        return None
    return pending if pending in ("broken", "present") else "character"


def test_the_deck_contents_are_the_players_memory_aid_only() -> None:
    state = new_game(GAME, players=1, seed=1)
    mine = zone(model(state, 0), "deck")
    assert mine["note"].startswith("Still in it (order unknown): ")
    assert "1 Santa" in mine["note"]
    spectator = model(state, None)
    assert "note" not in zone(spectator, "deck")
    assert zone(spectator, "hand:0")["cards"] and all(
        c["face"] == "down" for c in zone(spectator, "hand:0")["cards"]
    )
    assert spectator["prompt"]["actions"] == []


def test_the_result_says_win_or_loss_and_the_difficulty() -> None:
    for level, target in (("normal", 8), ("heroic", 10)):
        state = find(lambda s: s.outcome.status == "finished", difficulty=level)
        res = model(state, 0)["result"]
        got = state.view(0)["claims"]
        rows = dict(res["breakdown"]["rows"])
        assert rows["Difficulty"] == f"{level.capitalize()} ({target} cards to claim)"
        assert rows["Cards claimed"] == f"{got} of {target}"
        won = bool(state.outcome.winners)
        assert rows["Result"] == ("Won" if won else "Lost")
        assert res["headline"].startswith("You won: " if won else "You lost: ")
        assert res["headline"].endswith(f"{target} needed ({level.capitalize()})")
        assert res["breakdown"]["columns"] == ["", "You"]


def test_the_log_in_words() -> None:
    state = new_game(GAME, players=1, seed=1)
    state.apply(0, state.parse_action("start p11 bubble"))
    said = [describe(e, 0)["text"] for e in state.events(0)]
    assert said[:3] == [
        "Revealed Pattern P11 and Pattern P13",
        "You started a string on Pattern P11",
        "You played a Bubble Bulb as Green ♣",
    ]
    assert said[3:] == [
        "You drew a Character card: Reindeer",
        "Reindeer was discarded, unclaimed",
        "You drew Red ♥",
    ]
    hidden = [describe(e, None)["text"] for e in state.events(None)]
    assert hidden[3:] == [
        "The player drew a Character card: Reindeer",
        "Reindeer was discarded, unclaimed",
        "The player drew a card",
    ]
    assert describe({"type": "discard", "card": "santa"}, 0)["text"] == (
        "Santa was discarded, unclaimed"
    )
