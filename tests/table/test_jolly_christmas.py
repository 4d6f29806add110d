"""Jolly Christmas' table model on known positions: each tree as a pyramid of decoration
cards drawn as data (ornament symbols with ball colours, half-lights with light
colours), the order cards with the elves, the prompts (claims, placements with what they
would score, toppers with whether the tree meets them), the log, and the rulebook's
Scoring Example reproduced as the result's breakdown (33 points)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from yuletide.core.registry import new_game
from yuletide.games.jolly_christmas.content import CONTENT, LIGHT_COLOURS
from yuletide.games.jolly_christmas.jolly_christmas.table import describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "jolly-christmas"
DECS = CONTENT.decorations
ID = {d.id: k for k, d in enumerate(DECS)}
TOPPER_NO = {t.id: k for k, t in enumerate(CONTENT.toppers)}


def legal(state: Any, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def model(state: Any, seat: int | None) -> dict[str, Any]:
    acts = [] if seat is None else legal(state, seat)
    m = build(GAME, state.view(seat), acts, seat)
    assert not problems(m, acts)
    return m


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    (z,) = (z for z in m["zones"] if z["id"] == zid)
    return z


def card(m: dict[str, Any], cid: str) -> dict[str, Any]:
    (c,) = (c for z in m["zones"] for c in z["cards"] if c["id"] == cid)
    return c


def walk(players: int, seed: int) -> Iterator[Any]:
    state = new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.outcome.over:
        yield state
        seat = min(state.to_act)
        state.apply(seat, rng.choice(legal(state, seat)))
    yield state


def find(players: int, test: Any, seed: int = 1) -> Any:
    for state in walk(players, seed):
        if test(state):
            return state.clone()
    raise AssertionError("no such position")


# -------------------------------------------------------- the scoring example

#: the card data, "The rulebook's scoring example": the cards, in the order placed.
EXAMPLE = [
    ("1.1", "JC-D62", "reindeer", None, "R"),
    ("1.2", "JC-D61", "reindeer", None, "L"),
    ("1.3", "JC-D16", "ball", "red", "UR"),
    ("1.4", "JC-D17", "ball", "red", "DL"),
    ("1.5", "JC-D02", "santa", None, "R"),
    ("2.1", "JC-D67", "reindeer", None, "L"),
    ("2.2", "JC-D75", "snowflake", None, "UL"),
    ("2.3", "JC-D35", "bell", None, "DL"),
    ("2.4", "JC-D51", "gingerbread", None, "UL"),
    ("3.1", "JC-D49", "gingerbread", None, "L"),
    ("3.2", "JC-D13", "ball", "red", "L"),
    ("3.3", "JC-D06", "santa", None, "DR"),
    ("4.1", "JC-D20", "ball", "blue", "R"),
    ("4.2", "JC-D73", "snowflake", None, "L"),
]


def _cards(kind: str, n: int, taken: set[int]) -> list[int]:
    out = [k for k, d in enumerate(DECS) if k not in taken and d.ornament == kind][:n]
    taken.update(out)
    return out


def example_game() -> Any:
    """Three players; seat 0 builds the example tree (claiming order card 1 each round),
    seat 1 takes 4 Santas, seat 2 takes 3 (so seat 0's two are third: 2 points each).
    The stack is arranged so the order cards show these cards round by round."""
    state = new_game(GAME, players=3, seed=1)
    mine = [ID[c] for _, c, *_ in EXAMPLE]
    taken = set(mine)
    santa, bell, ginger, reindeer, snow, ball = range(6)
    seat1 = _cards(santa, 4, taken) + _cards(bell, 5, taken) + _cards(reindeer, 5, taken)
    seat2 = _cards(santa, 3, taken) + _cards(ginger, 6, taken) + _cards(snow, 5, taken)
    spare = _cards(bell, 6, taken) + _cards(ball, 8, taken)
    rounds = [[mine[r], seat1[r], seat2[r], spare[r]] for r in range(14)]
    rest = [c for c in (*state.deck, *state.row) if c not in taken]
    state.row = list(rounds[0])
    state.deck = rest + [c for r in reversed(rounds[1:]) for c in reversed(r)]
    state.table_toppers = [TOPPER_NO[t] for t in ("JC-T05", "JC-T06", "JC-T08", "JC-T14")]
    state.box_toppers = sorted(set(range(len(CONTENT.toppers))) - set(state.table_toppers))
    for r in range(14):
        claims = {0: 1, 1: 2, 2: 3}
        for seat in list(state.order):
            state.apply(seat, f"claim {claims[seat]}")
        state.apply(0, f"place {EXAMPLE[r][0]}")
        for seat in (1, 2):
            state.apply(seat, legal(state, seat)[-1])
    return state


def test_the_rulebook_scoring_example_is_the_results_breakdown() -> None:
    """Scoring Example: "4 points for the complete lights ... 4 points for the
    tree-topper ... 4 points for the Christmas balls ... 4 points for the Santas ... no
    points for the bell ... 2 points for the cookies ... 9 points for the group of
    reindeer ... 6 points for the snowflakes ... a total score of 33 points!" """
    state = example_game()
    m = model(state, 0)
    offered = {a["send"][0]: a for a in m["prompt"]["actions"]}
    assert offered["topper 5"]["label"] == (
        "Take tree-topper JC-T05: at least 3 Christmas balls of one colour — your tree meets"
        " it: 4 points"
    )
    assert offered["topper 5"]["refs"] == ["JC-T05"]
    for seat in list(state.topper_order):
        state.apply(seat, "topper 5" if seat == 0 else legal(state, seat)[0])
    m = model(state, 0)
    res = m["result"]
    assert res["breakdown"]["columns"] == ["", "You", "Seat 2", "Seat 3"]
    mine = {row[0]: row[1] for row in res["breakdown"]["rows"]}
    assert mine == {
        "Complete lights": 4,
        "Tree-topper": 4,
        "Christmas balls": 4,
        "Santas": 4,
        "Bells": 0,
        "Gingerbread men": 2,
        "Reindeer": 9,
        "Snowflakes": 6,
        "Total": 33,
    }
    assert [row[0] for row in res["breakdown"]["rows"]][:8] == list(mine)[:8]
    santas = next(row for row in res["breakdown"]["rows"] if row[0] == "Santas")
    assert santas[1:] == [4, 16, 9]  # 2, 4 and 3 Santas: third, first, second
    assert m["seats"][0]["score"] == "33 points"
    # The example tree drawn as data: every ornament and half-light where the card data
    # puts it, the topper on top, the four complete lights named.
    tree = zone(m, "tree:0")
    assert tree["kind"] == "pyramid" and tree["owner"] == 0
    assert tree["note"] == "14 of 14 cards; 4 complete lights"
    model_side = {"L": "L", "R": "R", "UL": "UL", "UR": "UR", "DL": "LL", "DR": "LR"}
    for pos, cid, ornament, ball, side in EXAMPLE:
        r, i = map(int, pos.split("."))
        c = card(m, cid)
        assert c["cell"] == [5 - r, i - 1] and c["kind"] == ornament
        (orn,) = (s for s in c["shapes"] if s["type"] == "symbol")
        (half,) = (s for s in c["shapes"] if s["type"] == "half-light")
        assert orn["name"] == ornament and half["side"] == model_side[side]
        assert half["colour"]["name"] == LIGHT_COLOURS[DECS[ID[cid]].light]
        assert half["colour"]["glyph"] and half["colour"]["label"]
        if ball:
            assert orn["colour"]["name"] == ball and c["colour"]["name"] == ball
        else:
            assert "colour" not in orn
    top = card(m, "JC-T05")
    assert top["cell"] == [0, 0] and top in tree["cards"]
    lit = [c["id"] for c in tree["cards"] if "complete light" in c.get("detail", "")]
    assert len(lit) == 8
    assert (
        "makes a complete light with the 3rd from the left in the 2nd row up"
        in (card(m, "JC-D16")["detail"])
    )
    # The log's final words per seat.
    (score,) = (e for e in state.events(None) if e["type"] == "score" and e["seat"] == 0)
    assert describe(score, 0)["text"] == (
        "You scored 33 points: complete lights 4, tree-topper 4, Christmas balls 4, Santas 4,"
        " bells 0, gingerbread men 2, reindeer 9, snowflakes 6"
    )
    assert m["headline"].startswith("Game over: ")
    assert "seat 0" not in m["headline"].lower() and "seat 0" not in res["reason"].lower()


# ------------------------------------------------------------------- prompts


def test_claims_name_the_order_card_and_its_decoration() -> None:
    """1) Placing Elf Cards: each claim is one action referring to the decoration card
    on that order card; the elves show where they stand."""
    state = find(3, lambda s: s.round == 2 and s.current_phase == "claim" and s.step == 1)
    seat = min(state.to_act)
    view = state.view(seat)
    m = model(state, seat)
    assert m["headline"] == "Round 2 of 14 — your turn: move your elf"
    free = [oc for oc in view["order_cards"] if oc["claimed_by"] is None]
    acts = m["prompt"]["actions"]
    assert [a["send"] for a in acts] == [[f"claim {oc['number']}"] for oc in free]
    oc = free[0]
    c = oc["card"]
    assert acts[0]["refs"] == [c["id"]]
    assert acts[0]["label"].startswith(f"Claim order card {oc['number']}: ")
    assert "half-light" in acts[0]["label"]
    (first,) = (oc for oc in view["order_cards"] if oc["claimed_by"] is not None)
    marks = [mk["label"] for mk in card(m, first["card"]["id"])["markers"]]
    mover = first["claimed_by"]
    assert f"Seat {mover + 1}'s elf: claims this card" in marks
    assert marks[0] == f"Order card {first['number']}"
    waiting = model(state, (seat + 1) % 3)
    assert waiting["prompt"]["actions"] == [] and waiting["prompt"]["waiting_for"] == [seat]
    assert "moving their elf" in waiting["headline"]


def test_placements_say_where_and_what_the_tree_would_score() -> None:
    """2) Taking Decoration Cards: every legal spot of the claimed card, referring to the
    empty spot in the tree; the points it would bring, worked out from the view, are the
    engine's own once it is placed."""
    checked = 0
    for state in walk(4, 7):
        if state.outcome.over:
            break
        if state.current_phase != "place":
            continue
        for seat in sorted(state.to_act):
            m = model(state, seat)
            for a in m["prompt"]["actions"]:
                (ref,) = a["refs"]
                assert card(m, ref)["face"] == "slot" and ref.startswith(f"tree:{seat}:")
                after = state.clone()
                after.apply(seat, a["send"][0])
                total = after.view(seat)["scores"][seat]["total"]
                assert a["detail"].startswith(
                    (
                        f"Your tree would score {total} so far",
                        f"Your tree's score would stay at {total}",
                    )
                )
                checked += 1
    assert checked > 100


def test_the_base_grows_at_both_ends_and_upper_spots_rest_on_two_cards() -> None:
    """Reading base-grows-both-ways: the left-end slot (1.0) and the right end; rows 2-4
    rest on two cards. Cells make the pyramid: (t, j) rests on (t + 1, j) and (t + 1, j + 1)."""
    state = find(2, lambda s: s.current_phase == "place" and s.round == 3)
    seat = min(state.to_act)
    m = model(state, seat)
    labels = {a["send"][0]: a["label"] for a in m["prompt"]["actions"]}
    assert labels["place 1.0"].endswith(
        "at the left end of your base (the tree moves one place right)"
    )
    # places in words, never the notation's row.index
    assert labels["place 1.3"].endswith("at the right end of your base")
    assert labels["place 2.1"].endswith(
        "at the left end of the 2nd row up, on the left end of the base"
        " and the 2nd from the left in the base"
    )
    tree = zone(m, f"tree:{seat}")
    cells = {c["id"]: c["cell"] for c in tree["cards"]}
    assert cells[f"tree:{seat}:1.0"] == [4, -1] and cells[f"tree:{seat}:1.3"] == [4, 2]
    assert cells[f"tree:{seat}:2.1"] == [3, 0] and cells[f"tree:{seat}:topper"] == [0, 0]
    assert card(m, f"tree:{seat}:3.1")["detail"] == (
        "Rests on the left end of the 2nd row up and the 2nd from the left in the 2nd row up:"
        " both must hold a card first"
    )
    first = find(2, lambda s: s.current_phase == "place" and s.round == 1)
    (start,) = model(first, 0)["prompt"]["actions"]
    assert start["send"] == ["place 1.1"] and start["label"].endswith(
        "to start the base of your tree"
    )


def test_everything_is_public_so_every_seat_sees_the_same_cards() -> None:
    """Knowledge: everything on the table is public: a seat's and a spectator's tables
    show the same zones and cards; only the prompt differs."""
    state = find(5, lambda s: s.round == 9 and s.current_phase == "place")
    spectator = model(state, None)
    assert spectator["prompt"]["actions"] == []
    assert spectator["prompt"]["waiting_for"] == sorted(state.to_act)

    def cards(m: dict[str, Any]) -> set[tuple[str, str, str]]:
        return {(z["id"], c["id"], c["label"]) for z in m["zones"] for c in z["cards"]}

    assert not any(c["face"] == "down" for z in spectator["zones"] for c in z["cards"])
    for seat in range(5):
        m = model(state, seat)
        assert cards(m) == cards(spectator)
        assert zone(m, f"tree:{seat}")["label"] == "Your tree"
        assert m["zones"][4]["id"] == f"tree:{seat}"  # your own tree first


def test_the_log_in_words() -> None:
    state = find(3, lambda s: s.round == 2 and s.current_phase == "claim" and s.step == 1)
    said = [describe(e, 0) for e in state.events(0)]
    texts = [w["text"] for w in said]
    assert texts[0].startswith("Tree-toppers laid face up: JC-T")
    assert texts[1] == "Round 1 of 14 begins"
    assert texts[2].startswith("Order card 1 shows a ")
    claim = next(w for w, e in zip(said, state.events(0), strict=True) if e["type"] == "claim")
    assert " moved " in claim["text"] and claim["refs"][0].startswith("JC-D")
    place = next(e for e in state.events(0) if e["type"] == "place")
    words = describe(place, place["seat"])
    assert words["text"].startswith("You placed the ") and "in your tree, at the " in words["text"]
    assert words["refs"] and words["refs"][0] in json.dumps(model(state, None))
    discard = next(e for e in state.events(0) if e["type"] == "discard")
    assert describe(discard, None)["text"].startswith("The unclaimed ")
