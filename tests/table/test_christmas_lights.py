"""Christmas Lights' table model on known positions: the prompt's words, whole choices
sent as the engine's steps (a play and its target, a swap, a mark), the sale question as
forms played through the engine, what a seat knows about each card of its own hand,
hidden hands, the log in words and the result."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from yuletide.core.registry import new_game
from yuletide.core.state import State
from yuletide.games.christmas_lights.main.table import describe
from yuletide.games.christmas_lights.main.table_sale import (
    hand_knowledge,
    parse_question,
    question_words,
)
from yuletide.table import build
from yuletide.table.bulbs import bulb_label
from yuletide.table.check import problems

GAME = "christmas-lights"
JSON = dict[str, Any]


def _model(state: State, seat: int | None) -> tuple[JSON, list[str]]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model, legal


def _zone(model: JSON, zid: str) -> JSON:
    return next(z for z in model["zones"] if z["id"] == zid)


def _act(model: JSON, send: list[str]) -> JSON:
    return next(a for a in model["prompt"]["actions"] if a["send"] == send)


def _form(model: JSON, fid: str) -> JSON:
    return next(f for f in model["prompt"]["forms"] if f["id"] == fid)


def _apply(state: State, seat: int, sends: list[str]) -> None:
    """Play a choice's engine steps, each of which must be legal when it comes."""
    for step in sends:
        legal = [str(a) for a in state.legal_actions(seat)]
        assert step in legal, f"{step!r} is not legal now: {legal}"
        state.apply(seat, state.parse_action(step))


def _sends(form: JSON, picks: dict[str, list[str]]) -> list[str]:
    """What a client sends for a complete form (model.form and the keys of
    _christmas_lights_sale): start, then per field its chosen options (picked by label)
    in the field's order, then the field's end unless a chosen option skips it. Checks
    the picks are allowed: one option of a single field, at least ``min`` of a multiple
    one, an exclusive option alone, and each option's ``needs``."""
    out = list(form["start"])
    counted: dict[str, int] = {}
    for f in form["fields"]:
        chosen = [c for c in f["choices"] if c["label"] in picks[f["name"]]]
        assert len(chosen) == len(picks[f["name"]]), (f["name"], picks[f["name"]])
        if f["multiple"]:
            assert len(chosen) >= f["min"]
        else:
            assert len(chosen) == 1
        if any(c.get("exclusive") for c in chosen):
            assert len(chosen) == 1
        for c in chosen:
            need = c.get("needs")
            if need:
                assert counted.get(need["field"], 0) >= need["count"], (c, counted)
            out += c["send"]
        counted[f["name"]] = sum(c.get("count", 1) for c in chosen)
        if not any(c.get("skip_end") for c in chosen):
            out += f["end"]
    return out


def _at_sale_offer(seed: int = 4, players: int = 3) -> tuple[State, int]:
    """The starting seat skips PLAY, goes to SALE and lays its 1st card."""
    state = new_game(GAME, players=players, seed=seed)
    seat = state.turn
    _apply(state, seat, ["done", "sale", "card 1"])
    assert state.view(seat)["step"] == "sale-offer"
    return state, seat


# ------------------------------------------------------------------ zones


def test_the_first_turn_shows_strings_patterns_hands_and_the_commitment_choice() -> None:
    state = new_game(GAME, players=3, seed=4)
    model, _legal = _model(state, 0)
    assert model["headline"].startswith("Turn 1 — your turn: choose a pattern")
    pats = state.view(0)["seats"][0]["patterns"]
    act = _act(model, ["commit 1 left"])
    lights = ", ".join(bulb_label(k) for k in pats[0][1])
    assert act["label"] == f"Build pattern 1 ({pats[0][0]}) from the left end: {lights}"
    assert act["refs"] == ["patterns:0:1"] and act["group"] == "Commit"
    assert _act(model, ["commit 2 right"])["refs"] == ["patterns:0:2"]
    string = _zone(model, "string:0")
    assert [c["face"] for c in string["cards"]] == ["slot"] * 5
    assert string["note"] == "No pattern chosen yet for this string"
    mine = _zone(model, "hand:0")
    assert all(c["face"] == "down" and "kind" not in c for c in mine["cards"])
    assert mine["cards"][1]["label"] == "Your 2nd card (unknown to you)"
    theirs = _zone(model, "hand:1")
    assert [c["kind"] for c in theirs["cards"]] == state.view(0)["hands"][1]["cards"]
    assert _zone(model, "patterns:1")["cards"][0]["face"] == "down"
    assert _zone(model, "deck")["count"] == 46
    santa = next(s for s in model["seats"] if s["seat"] == 0)
    assert {m["kind"] for m in santa["markers"]} >= {"character", "santa", "turn"}


def test_a_spectator_sees_no_hand_and_gets_no_prompt() -> None:
    state = new_game(GAME, players=4, seed=2)
    model, _ = _model(state, None)
    for s in range(4):
        cards = _zone(model, f"hand:{s}")["cards"]
        assert cards and all(c["face"] == "down" and "kind" not in c for c in cards)
    assert model["prompt"]["actions"] == [] and model["prompt"]["forms"] == []
    text = json.dumps(model)
    assert "you know it" not in text and "answer:" not in text


def test_after_committing_the_slots_say_what_they_need_and_a_play_with_two_targets_is_whole() -> (
    None
):
    state = new_game(GAME, players=3, seed=4)  # seat 0 holds pink, broken, green, red, bubble
    _apply(state, 0, ["commit 1 left"])
    needs = state.view(0)["seats"][0]["commitment"]["needs"]
    model, _ = _model(state, 0)
    slot1 = _zone(model, "string:0")["cards"][0]
    assert slot1["label"].startswith("Slot 1: needs ")
    play = _act(model, ["card 2"])  # one target: the play is one step
    assert play["refs"] == ["hand:0:2", "string:0:1"]
    assert play["label"].startswith("Play your 2nd card into slot 1 (needs ")
    _apply(state, 0, ["card 2"])  # the Broken Bulb fills slot 1
    model, legal = _model(state, 0)
    broken = _zone(model, "string:0")["cards"][0]
    assert broken["kind"] == "broken" and broken["knowledge"][0].endswith("to fix it")
    fix = _act(model, ["card 1", "fix 1"])
    assert fix["refs"] == ["hand:0:1", "string:0:1"]
    assert fix["label"].startswith("Play your 1st card over the Broken Bulb in slot 1")
    advance = _act(model, ["card 4", "advance"])
    assert advance["refs"] == ["hand:0:4", "string:0:2"]
    assert "needs" in advance["label"] and needs[1] in json.dumps(model)
    assert "card 1" in legal and "fix 1" not in legal  # the target is the second step
    trial = state.clone()
    _apply(trial, 0, fix["send"])
    event = [e for e in trial.events(0) if e["type"] == "play"][-1]
    assert event["target"] == "fix 1"


def test_next_step_offers_whole_swaps_sales_refills_and_marks() -> None:
    state = new_game(GAME, players=3, seed=4)
    _apply(state, 0, ["done"])
    model, _ = _model(state, 0)
    seen = state.view(0)["hands"][2]["cards"]
    swap = _act(model, ["swap", "card 2", "seat 2", "card 3"])
    assert swap["label"] == f"Swap your 2nd card for seat 3's 3rd card ({bulb_label(seen[2])})"
    assert swap["refs"] == ["hand:0:2", "hand:2:3"] and swap["group"] == "Swap"
    assert _act(model, ["sale", "card 4"])["label"] == "Put your 4th card up for sale"
    assert _act(model, ["end"])["label"] == "End your turn"
    mark = _act(model, ["mark sideways", "card 3"])
    assert mark["label"] == "Mark your 3rd card: turn sideways" and mark["group"] == "Mark"
    move = _act(model, ["move left", "card 3"])
    assert move["refs"] == ["hand:0:3", "hand:0:2"]
    trial = state.clone()
    _apply(trial, 0, swap["send"])
    after, _ = _model(trial, 0)
    got = _zone(after, "hand:0")["cards"][1]
    assert got["knowledge"][0] == f"you know it: {bulb_label(seen[2])}"
    assert got["label"] == f"{bulb_label(seen[2])} (you know it)"
    trial = state.clone()
    _apply(trial, 0, mark["send"])
    marked, _ = _model(trial, 0)
    card = _zone(marked, "hand:0")["cards"][2]
    assert card["rotation"] == 90 and "your mark: sideways" in card["knowledge"]
    theirs, _ = _model(trial, 1)
    assert _zone(theirs, "hand:0")["cards"][2]["markers"][0]["label"] == "Marked: sideways"


# ------------------------------------------------------------------ the sale question


def test_a_count_question_built_in_the_form_is_played_through_the_engine() -> None:
    state, seller = _at_sale_offer()
    model, _ = _model(state, seller)
    assert model["headline"].endswith("offer the card with a question, or withdraw it")
    assert _act(model, ["withdraw"])["label"].startswith("Withdraw the ")
    count = _form(model, "question-count")
    assert [f["name"] for f in count["fields"]] == [
        "buyer",
        "positions",
        "kinds",
        "relation",
        "number",
    ]
    positions = count["fields"][1]
    assert positions["multiple"] and positions["choices"][0]["label"] == "all your cards"
    assert positions["choices"][0]["exclusive"] and positions["choices"][0]["skip_end"]
    kinds = count["fields"][2]
    assert [c["label"] for c in kinds["choices"]][:2] == ["Red ♥", "Green ♣"]
    assert kinds["choices"][0]["colour"]["glyph"] == "♥"
    picks = {
        "buyer": ["Seat 2"],
        "positions": ["your 2nd card", "your 3rd card"],
        "kinds": ["Red ♥", "Plug"],
        "relation": ["at least"],
        "number": ["1"],
    }
    sends = _sends(count, picks)
    assert sends == [
        "seat 1",
        "card 2",
        "card 3",
        "done",
        "kind red",
        "kind plug",
        ">=",
        "number 1",
    ]
    sentence = count["sentence"]
    for name, chosen in picks.items():
        sentence = sentence.replace("{" + name + "}", " and ".join(chosen))
    assert sentence == (
        "Ask Seat 2: counting Red ♥ and Plug cards among your 2nd card and"
        " your 3rd card, are there at least 1?"
    )
    _apply(state, seller, sends)
    view = state.view(1)
    assert view["step"] == "buyer"
    assert view["sale"]["question"]["text"] == "count({2,3},{red,plug}) >= 1"
    buyer, _ = _model(state, 1)
    truth = sum(k in ("red", "plug") for k in view["hands"][seller]["cards"][1:3]) >= 1
    accept = _act(buyer, ["accept"])
    assert accept["label"].endswith(
        f'"Do seat 1\'s cards 2 and 3 hold at least 1 Red ♥ or Plug?" (you will answer'
        f" {'yes' if truth else 'no'})"
    )
    assert _act(buyer, ["decline"])["refs"] == ["sale:1"]
    _apply(state, 1, ["accept"])
    after, _ = _model(state, seller)
    hand = _zone(after, f"hand:{seller}")
    know = [c.get("knowledge", []) for c in hand["cards"][1:3]]
    said = "neither Red ♥ nor Plug" if not truth else "at least 1 of your cards 2 and 3 is"
    assert all(any(said in k for k in ks) for ks in know), know
    assert "Seat 2 answered" in hand["note"]


def test_every_complete_count_and_same_form_sends_a_legal_question() -> None:
    state, seller = _at_sale_offer(seed=6, players=4)
    model, _ = _model(state, seller)
    count = _form(model, "question-count")
    fields = {f["name"]: f for f in count["fields"]}
    cards = [c["label"] for c in fields["positions"]["choices"]]
    h = len(cards) - 1
    position_sets = [["all your cards"]] + [
        list(s) for n in range(1, h + 1) for s in itertools.combinations(cards[1:], n)
    ]
    kind_sets = [["Plug"], ["Red ♥"], ["Red ♥", "Plug"], ["Green ♣", "Bubble Bulb", "Broken Bulb"]]
    played = 0
    for where, kinds, rel in itertools.product(position_sets, kind_sets, ["at least", "exactly"]):
        top = h if where == ["all your cards"] else len(where)
        for k in range(top + 1):
            picks = {
                "buyer": ["Seat 3"],
                "positions": where,
                "kinds": kinds,
                "relation": [rel],
                "number": [str(k)],
            }
            trial = state.clone()
            _apply(trial, seller, _sends(count, picks))
            assert trial.view(seller)["step"] == "buyer"
            played += 1
        with pytest.raises(AssertionError):  # a number beyond the cards asked about
            _sends(
                count,
                {
                    "buyer": ["Seat 3"],
                    "positions": where,
                    "kinds": kinds,
                    "relation": [rel],
                    "number": [str(top + 1)],
                },
            )
    assert played > 200
    same = _form(model, "question-same")
    assert same["fields"][0]["end"] == ["ask same"]
    for pair in same["fields"][1]["choices"]:
        trial = state.clone()
        sends = _sends(same, {"buyer": ["Seat 2"], "pair": [pair["label"]]})
        _apply(trial, seller, sends)
        text = trial.view(seller)["sale"]["question"]["text"]
        i, j = (int(s.split()[1]) for s in pair["send"])
        assert text == f"same({i},{j})"
        assert pair["refs"] == [f"hand:{seller}:{i}", f"hand:{seller}:{j}"]


def test_a_question_begun_step_by_step_offers_what_is_left_of_it() -> None:
    state, seller = _at_sale_offer()
    _apply(state, seller, ["seat 2", "card 1"])
    model, legal = _model(state, seller)
    assert set(legal) == {"card 2", "card 3", "card 4", "done"}
    done = _act(model, ["done"])
    assert done["label"] == "Ask about your 1st card only: go on to the kinds"
    rest = _form(model, "question-count")
    assert rest["fields"][0]["name"] == "positions"
    assert "{" not in rest["sentence"].split("among")[1].split("{positions}")[0]
    sends = _sends(
        rest,
        {
            "positions": ["your 3rd card"],
            "kinds": ["Blue ♦"],
            "relation": ["exactly"],
            "number": ["2"],
        },
    )
    _apply(state, seller, sends)
    assert state.view(seller)["sale"]["question"]["text"] == "count({1,3},{blue}) = 2"
    state2, seller2 = _at_sale_offer()
    _apply(state2, seller2, ["seat 1", "all", "kind red"])
    model2, _ = _model(state2, seller2)
    assert _act(model2, ["done"])["label"] == "Count only Red ♥: go on to the relation"
    _apply(state2, seller2, ["done", "="])
    model3, legal3 = _model(state2, seller2)
    four = _act(model3, ["number 4"])
    assert four["label"] == (
        "Ask Seat 2: counting Red ♥ cards among all your cards, are there exactly 4?"
    )
    assert legal3 == [f"number {k}" for k in range(5)]


# ------------------------------------------------------------------ knowledge


def _answer_view(answers: list[list[Any]], about: list[list[Any]], size: int = 4) -> JSON:
    return {"hands": [{"cards": [None] * size, "answers": about}], "answers": answers}


def test_answers_become_words_about_the_cards_now_in_the_hand() -> None:
    view = _answer_view(
        [
            [0, 1, "count({2},{red}) >= 1", False, []],
            [0, 2, "count({1,3},{red,plug}) >= 1", True, []],
            [0, 1, "same(2,4)", True, []],
            [0, 2, "count(all,{plug}) = 0", True, ["red"]],
            [0, 1, "count({1,2},{blue}) = 2", True, []],
            [1, 0, "count({1},{red}) >= 1", True, []],  # you answered it: not about you
        ],
        [[1, [2, 5]], [2, [1, 3, 4]], [3, [2, 4, 5]], [4, [3, 4]]],
    )
    per_card, notes = hand_knowledge(view, 0)
    assert per_card[1][0] == "answer: not Red ♥"
    assert "answer: at least 1 of your cards 1 and 3 is Red ♥ or Plug" in per_card[0]
    assert "answer: same kind as your 4th card" in per_card[1]
    assert "answer: same kind as your 2nd card" in per_card[3]
    assert all("answer: not Plug" in per_card[p] for p in (1, 2, 3))  # a Red ♥ has left
    assert "answer: Blue ♦" in per_card[0] and "answer: Blue ♦" in per_card[2]  # 2 of 2
    assert len(notes) == 5
    assert notes[0] == "1. Seat 2 answered no: Is your 2nd card Red ♥?"
    assert notes[3].startswith("4. Seat 3 answered yes: Does your hand hold exactly 0 Plug?")
    assert notes[3].endswith("(those cards are now your cards 2, 3 and 4; gone since: Red ♥)")


def test_a_question_in_words_and_a_bad_question_is_refused() -> None:
    assert question_words("count({2,3},{red,plug}) >= 1") == (
        "Do your cards 2 and 3 hold at least 1 Red ♥ or Plug?"
    )
    assert question_words("count({2},{red}) >= 1", "seat 2's") == "Is seat 2's 2nd card Red ♥?"
    assert question_words("count({5},{red,blue}) = 0") == (
        "Is your 5th card neither Red ♥ nor Blue ♦?"
    )
    assert question_words("same(1,4)") == "Are your cards 1 and 4 the same kind?"
    assert parse_question("count(all,{plug}) = 0")["positions"] == "all"
    with pytest.raises(ValueError, match="not a question of the M10 language"):
        parse_question("is it red?")


# ------------------------------------------------------------------ the log, the end


def test_events_in_words_point_at_what_they_are_about() -> None:
    play = {
        "type": "play",
        "seat": 1,
        "card": 3,
        "target": "advance",
        "slot": 2,
        "revealed": "red",
        "result": "placed",
    }
    said = describe(play, 0)
    assert said["text"] == "Seat 2 played their 3rd card, Red ♥, into slot 2."
    assert said["refs"] == ["string:1:2"]
    miss = dict(play, result="discarded", slot="plug")
    assert describe(miss, 1)["text"] == (
        "You played your 3rd card, Red ♥, at the plug slot: it does not fit and is discarded."
    )
    offer = {
        "type": "offer",
        "seat": 0,
        "to": 2,
        "kind": "pink",
        "question": "count({1},{plug}) >= 1",
    }
    assert describe(offer, 2)["text"] == (
        "Seat 1 offered the Pink ✿ to you for the answer to: Is seat 1's 1st card Plug?"
    )
    assert describe({"type": "accept", "seat": 2, "from": 0, "answer": "no"}, 2)["text"] == (
        "You bought the card from seat 1 and answered. The answer: no."
    )
    swap = {
        "type": "swap",
        "seat": 0,
        "card": 2,
        "with": 1,
        "their_card": 4,
        "gave": "plug",
        "got": "blue",
    }
    assert describe(swap, None)["refs"] == ["hand:0:2", "hand:1:4"]
    assert (
        "Seat 1 swapped their 2nd card (Plug) for seat 2's 4th card (Blue ♦)"
        in describe(swap, None)["text"]
    )
    with pytest.raises(ValueError, match="unknown Christmas Lights event"):
        describe({"type": "nonsense", "seat": 0}, 0)


def test_the_result_names_winners_one_based_with_the_tie_break_table() -> None:
    view = new_game(GAME, players=3, seed=1).view(0)
    view = json.loads(json.dumps(view))
    view["outcome"] = {
        "status": "finished",
        "winners": [1],
        "scores": [1.0, 2.0, 2.0],
        "ranks": [3, 1, 2],
        "tiebreak": "fewest Broken Bulbs used",
        "reason": "seat 1 and seat 2 completed two patterns",
        "details": None,
    }
    for s, done, used in ((1, 2, [0, 1]), (2, 2, [1, 0]), (0, 1, [0, 0])):
        view["seats"][s]["completed"] = [["P01", "left"], ["P02", "right"]][:done]
        view["seats"][s]["used"] = used
    model = build(GAME, view, [], 0)
    res = model["result"]
    assert res["headline"] == "Seat 2 wins" and model["headline"] == "Seat 2 wins"
    assert res["reason"] == "seat 2 and seat 3 completed two patterns; the round was played out"
    assert res["tiebreak"] == "fewest Broken Bulbs used"
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert rows["Patterns completed"] == [1, 2, 2]
    assert rows["Broken Bulbs used"] == [0, 0, 1]
    assert res["breakdown"]["columns"] == ["", "You", "Seat 2", "Seat 3"]


def test_random_play_never_needs_the_fallback_and_every_whole_choice_is_legal() -> None:
    for seed in (3, 7):
        state = new_game(GAME, players=3 + seed % 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.outcome.over:
                break
            for seat in sorted(state.to_act):
                model, _ = _model(state, seat)
                acts = model["prompt"]["actions"]
                assert all(a.get("group") != "Other" for a in acts), [
                    a["id"] for a in acts if a.get("group") == "Other"
                ]
                for a in rng.sample(acts, min(2, len(acts))):
                    _apply(state.clone(), seat, a["send"])
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_swap_among_many_cards_is_a_form_of_your_card_and_theirs() -> None:
    state = new_game(GAME, players=6, seed=4)
    _apply(state, state.turn, ["done"])
    seat = state.turn
    view = json.loads(json.dumps(state.view(seat)))
    for s, hand in enumerate(view["hands"]):
        hand["cards"] = (hand["cards"] * 2)[:8] if s != seat else [None] * 8
    model = build(GAME, view, ["swap", "end"], seat)
    assert not problems(model, ["swap", "end"])
    assert not [a for a in model["prompt"]["actions"] if a["send"][0] == "swap"]
    swap = _form(model, "swap")
    assert swap["start"] == ["swap"] and swap["sentence"] == "Swap {mine} for {theirs}"
    mine, theirs = swap["fields"]
    assert len(mine["choices"]) == 8 and len(theirs["choices"]) == 5 * 8
    other = 0 if seat else 1  # the first other seat in seat order
    first = theirs["choices"][0]
    assert first["send"] == [f"seat {other}", "card 1"]
    assert first["refs"] == [f"hand:{other}:1"]
    assert _sends(swap, {"mine": ["your 3rd card"], "theirs": [first["label"]]}) == [
        "swap",
        "card 3",
        f"seat {other}",
        "card 1",
    ]


@pytest.mark.parametrize(
    ("event", "legal", "labels"),
    [
        (
            "light-switch",
            ["draw 1", "none"],
            ["Light Switch: draw a card and look at it", "Light Switch: draw no card"],
        ),
        (
            "christmas-eve",
            ["card 1", "none"],
            ["Christmas Eve: look at your 1st card", "Christmas Eve: look at no card"],
        ),
        (
            "boxing-day",
            ["card 2", "none"],
            [
                "Boxing Day: discard your 2nd card and draw a replacement, unseen",
                "Boxing Day: keep your hand as it is",
            ],
        ),
    ],
)
def test_an_everyone_event_asks_each_seat_its_secret_choice(
    event: str, legal: list[str], labels: list[str]
) -> None:
    view = json.loads(json.dumps(new_game(GAME, players=3, seed=1).view(0)))
    view.update(
        step="event",
        to_act=[0, 2],
        event={
            "event": event,
            "asked": [0, 1, 2],
            "decided": [1],
            "waiting": [0, 2],
            "my_choice": None,
        },
    )
    model = build(GAME, view, legal, 0)
    assert not problems(model, legal)
    assert [a["label"] for a in model["prompt"]["actions"]] == labels
    assert model["markers"][0]["label"].endswith("waiting for you and seat 3")
    assert "everyone decides at once" in model["markers"][0]["label"]
