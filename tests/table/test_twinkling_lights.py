"""Twinkling Lights' table model on known positions: the board's tiles and wires as data
(ports after rotation, as drawn), every placement offered as one complete choice that
the engine accepts step by step (and nothing the engine would not), the Broken Wire
tile's two-step placement and gift, what a seat knows of another's hidden tile, the
scoring prompt, the spectator's table and the result."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from yuletide.core.registry import new_game
from yuletide.games.twinkling_lights.content import CONTENT
from yuletide.games.twinkling_lights.twinkling_lights.table import _where, describe
from yuletide.table import build
from yuletide.table.check import problems

GAME = "twinkling-lights"
TILE = {t.name: t for t in CONTENT.tiles}
PLACING = ("column", "row", "rotate")


def legal(state: Any, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def model(state: Any, seat: int | None) -> dict[str, Any]:
    acts = [] if seat is None else legal(state, seat)
    m = build(GAME, state.view(seat), acts, seat)
    assert not problems(m, acts)
    return m


def walk(players: int, seed: int) -> Iterator[Any]:
    """Every state of a random game (the same state object, moved on)."""
    state = new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.outcome.over:
        yield state
        seat = next(iter(state.to_act))
        state.apply(seat, rng.choice(legal(state, seat)))
    yield state


def find(players: int, test: Any, seeds: range = range(1, 60)) -> Any:
    """The first state of a random game that passes ``test`` (a copy)."""
    for seed in seeds:
        for state in walk(players, seed):
            if not state.outcome.over and test(state):
                return state.clone()
    raise AssertionError("no such position in the games tried")


def zone(m: dict[str, Any], zid: str) -> dict[str, Any]:
    (z,) = (z for z in m["zones"] if z["id"] == zid)
    return z


def card(m: dict[str, Any], cid: str) -> dict[str, Any]:
    (c,) = (c for z in m["zones"] for c in z["cards"] if c["id"] == cid)
    return c


def engine_placements(state: Any, seat: int) -> set[tuple[str, ...]]:
    """Every complete placement the engine allows from here, found by applying its own
    steps one at a time until the tile is down."""
    out: set[tuple[str, ...]] = set()
    for text in legal(state, seat):
        if text.split()[0] not in PLACING:
            continue
        after = state.clone()
        after.apply(seat, text)
        if legal(after, seat)[0].split()[0] in ("row", "rotate"):
            out |= {(text, *rest) for rest in engine_placements(after, seat)}
        else:
            out.add((text,))
    return out


# ------------------------------------------------------------------ placements


def test_every_placement_is_one_action_the_engine_accepts_and_none_is_missing() -> None:
    """How to Play 1 and Tile Placement: a tile goes on any empty cell next to a tile (a
    + tile also on top of any tile), in any orientation; the model offers each complete
    placement once, sending the engine's steps still to come, computed from the view."""
    positions = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state in walk(players, seed):
            if state.outcome.over:
                break
            seat = next(iter(state.to_act))
            if state.view(seat)["step"] not in PLACING:
                continue
            m = build(GAME, state.view(seat), legal(state, seat), seat)  # checked elsewhere
            offered = [tuple(a["send"]) for a in m["prompt"]["actions"] if a["group"] == "Place"]
            assert len(offered) == len(set(offered))
            assert set(offered) == engine_placements(state, seat)
            for sends in offered[:: max(1, len(offered) // 12)]:
                after = state.clone()
                for text in sends:
                    after.apply(seat, text)  # raises if the engine refuses a step
                assert after.view(seat)["step"] == "score"
            positions += 1
    assert positions > 100


def test_a_placement_reads_as_a_cell_and_a_turn_and_refers_to_both() -> None:
    """Each placement names the cell by a neighbouring tile and where it lies from the
    middle tile in words (never a column and row), and how the tile turns; a click on
    the empty cell, then on the turned tile, picks it."""
    state = find(3, lambda s: s.view(s.turn)["step"] == "column" and s.turns == 3)
    seat = state.turn
    view = state.view(seat)
    m = model(state, seat)
    hand = view["hand_tile"]
    place = [a for a in m["prompt"]["actions"] if a["group"] == "Place"]
    first = place[0]
    x, y = int(first["send"][0].split()[1]), int(first["send"][1].split()[1])
    assert first["send"] == [f"column {x}", f"row {y}", "rotate 0"]
    assert first["refs"] == [f"board:{x},{y}", f"turns:{seat}:0"]
    assert f"Place your tile {_where((x, y))}, as drawn" == first["label"]
    assert "column" not in first["label"] and "row" not in first["label"]
    assert first["label"].startswith("Place your tile ")
    slot = card(m, f"board:{x},{y}")
    assert slot["face"] == "slot" and slot["cell"] == [-y, x]
    turned = [a for a in place if a["send"][:2] == first["send"][:2]]
    assert [a["send"][2] for a in turned] == ["rotate 0", "rotate 90", "rotate 180", "rotate 270"]
    assert turned[1]["label"].endswith(", turned 90°")
    # The turned tile's wires are the game's own geometry at that rotation.
    tile = TILE[hand["tile"]]
    for d in (0, 90, 180, 270):
        drawn = [
            (s["ports"], [b["name"] for b in s["bulbs"]])
            for s in card(m, f"turns:{seat}:{d}")["shapes"]
            if s["type"] == "wire"
        ]
        wires = tile.at_rotation(d // 90).wires
        assert drawn == [
            (["NESW"[w.start], "NESW"[w.end]], [CONTENT.colours[b] for b in w.bulbs]) for w in wires
        ]


def test_board_wires_are_given_after_rotation_as_drawn() -> None:
    """The board's tiles: a card per cell (id board:x,y, cell (row -y, col x): north at
    the top) whose wire shapes carry the ports after the tile's rotation, bulbs from the
    first port to the second; the tile's rotation is said, never to be applied again."""
    state = find(2, lambda s: any(e["rotation"] for e in s.view(None)["board"]))
    view = state.view(None)
    m = model(state, None)
    turned = 0
    for e in view["board"]:
        x, y = e["cell"]
        c = card(m, f"board:{x},{y}")
        assert c["cell"] == [-y, x] and c.get("rotation", 0) == e["rotation"]
        tile = TILE[e["tile"]].at_rotation(e["rotation"] // 90)
        wires = [s for s in c["shapes"] if s["type"] == "wire"]
        assert [(w["ports"], [b["name"] for b in w["bulbs"]]) for w in wires] == [
            (["NESW"[w.start], "NESW"[w.end]], [CONTENT.colours[b] for b in w.bulbs])
            for w in tile.wires
        ]
        for w in wires:
            assert all(b["glyph"] and b["label"] for b in w["bulbs"])
        turned += e["rotation"] != 0
    assert turned
    # Every free cell next to a tile is an empty slot with its cell.
    slots = {c["id"] for c in zone(m, "board")["cards"] if c["face"] == "slot"}
    cells = {tuple(e["cell"]) for e in view["board"]}
    free = {(x + dx, y + dy) for x, y in cells for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    assert slots == {f"board:{x},{y}" for x, y in free - cells}


def test_a_plus_tile_may_go_on_top_of_a_tile() -> None:
    """+ Tiles: "placed on top of or adjacent to any tile": the covered tile's card is
    the ref, and the label says so."""
    state = find(
        2,
        lambda s: (
            s.view(s.turn)["step"] == "column" and s.view(s.turn)["hand_tile"]["kind"] == "plus"
        ),
    )
    seat = state.turn
    m = model(state, seat)
    on_top = [a for a in m["prompt"]["actions"] if "on top of" in a["label"]]
    cells = {tuple(e["cell"]) for e in state.view(seat)["board"]}
    assert {a["refs"][0] for a in on_top} == {f"board:{x},{y}" for x, y in cells}
    assert len(on_top) == 4 * len(cells)
    assert all(card(m, a["refs"][0])["face"] == "up" for a in on_top)


def test_a_broken_wire_tile_is_placed_in_two_steps_or_given_away() -> None:
    """Broken Wire tiles: no rotation step (reading broken-wire-has-no-rotation), so each
    placement sends column and row only; giving it away is its own action per seat not
    already holding one, and after a column is chosen the row alone places it."""
    state = find(
        3,
        lambda s: (
            s.view(s.turn)["step"] == "column"
            and s.view(s.turn)["hand_tile"]["kind"] == "broken-wire"
            and any(a.startswith("give") for a in legal(s, s.turn))
        ),
    )
    seat = state.turn
    m = model(state, seat)
    place = [a for a in m["prompt"]["actions"] if a["group"] == "Place"]
    assert place and all(len(a["send"]) == 2 and a["send"][1].startswith("row") for a in place)
    assert all(a["label"].startswith("Place your Broken Wire tile ") for a in place)
    assert not any(z["id"] == f"turns:{seat}" for z in m["zones"])
    gives = [a for a in m["prompt"]["actions"] if a["group"] == "Give"]
    assert {a["send"][0] for a in gives} == {a for a in legal(state, seat) if a.startswith("give")}
    to = int(gives[0]["send"][0].split()[-1])
    assert gives[0]["refs"] == [f"seat:{to}"]
    assert gives[0]["label"].startswith(f"Give your Broken Wire tile to seat {to + 1} ")
    assert "You drew a Broken Wire tile" in m["prompt"]["text"]
    # Column first: then each row places it, with no rotation to come.
    after = state.clone()
    after.apply(seat, place[0]["send"][0])
    rows = [a["send"] for a in model(after, seat)["prompt"]["actions"]]
    assert rows == [[r] for r in legal(after, seat)]
    after.apply(seat, rows[0][0])
    assert after.view(seat)["step"] == "score"
    # The gift: the receiver's Broken Wire tile is on show to all (they all look alike).
    state.apply(seat, gives[0]["send"][0])
    for viewer in (None, seat, to):
        held = zone(model(state, viewer), f"hand:{to}")["cards"]
        assert [c["kind"] for c in held] == ["broken-wire"] and held[0]["face"] == "up"
        info = next(s for s in model(state, viewer)["seats"] if s["seat"] == to)
        assert "Broken Wire" in info["markers"][0]["label"]


# ------------------------------------------------------------------ knowledge


def test_another_seats_drawn_tile_is_a_back_with_what_the_table_knows() -> None:
    """The tile just drawn is seen only by its drawer; once its cell is chosen everyone
    knows it is not a Broken Wire tile (those are not turned), and on top of a tile,
    that it is a + tile."""
    state = find(3, lambda s: s.view(s.turn)["step"] == "column")
    seat, other = state.turn, (state.turn + 1) % 3
    name = state.view(seat)["hand_tile"]["tile"]
    for viewer in (other, None):
        m = model(state, viewer)
        hidden = zone(m, f"hand:{seat}")["cards"]
        assert [c["face"] for c in hidden] == ["down"]
        assert "knowledge" not in hidden[0]
        assert name not in json.dumps(m)
    mine = card(model(state, seat), f"hand:{seat}:1")
    assert mine["face"] == "up" and mine["label"].endswith("tile (your tile to place)")
    plain = find(
        3,
        lambda s: (
            s.view(s.turn)["step"] == "rotate" and s.view(s.turn)["hand_tile"]["kind"] == "standard"
        ),
    )
    seen = card(model(plain, (plain.turn + 1) % 3), f"hand:{plain.turn}:1")
    assert seen["knowledge"] == ["not a Broken Wire tile: it is being turned"]
    x, y = plain.target
    assert card(model(plain, None), f"board:{x},{y}")["markers"][0]["kind"] == "turn"

    covered = find(
        2,
        lambda s: (
            s.view(s.turn)["step"] == "column" and s.view(s.turn)["hand_tile"]["kind"] == "plus"
        ),
    )
    seat = covered.turn
    x, y = covered.view(seat)["board"][0]["cell"]
    covered.apply(seat, f"column {x}")
    covered.apply(seat, f"row {y}")
    assert covered.view(seat)["step"] == "rotate"
    seen = card(model(covered, 1 - seat), f"hand:{seat}:1")
    assert seen["knowledge"] == ["a + tile: it goes on top of a tile"]


def test_the_last_tile_is_known_to_all_by_elimination() -> None:
    """Phase last-tile: with the stack empty, the tile drawn is the only one out of
    sight (every other tile is on the board, and Broken Wire tiles held are on show)."""
    state = find(
        3,
        lambda s: (
            s.view(None)["stack"] == 0
            and s.view(None)["tile_in_hand"]
            and not s.view(None)["broken_wire_held"][s.turn]
        ),
    )
    name = state.view(state.turn)["hand_tile"]["tile"]
    seen = card(model(state, None), f"hand:{state.turn}:1")
    assert seen["face"] == "down"
    assert seen["knowledge"] == [f"it is {name}: the only tile not on show"]


def test_a_spectator_sees_no_hand_no_pattern_and_no_choice() -> None:
    state = find(4, lambda s: s.turns == 5 and s.view(s.turn)["step"] == "column")
    m = model(state, None)
    assert m["seat"] is None and m["prompt"]["actions"] == []
    text = json.dumps(m)
    assert state.view(state.turn)["hand_tile"]["tile"] not in text
    for s in range(4):
        assert all(c["face"] == "down" for c in zone(m, f"patterns:{s}")["cards"])
        for p in state.view(s)["patterns"]:
            assert p["id"] not in text
    assert not any(z["id"].startswith("turns:") for z in m["zones"])
    assert "is placing a tile" in m["headline"]


# ------------------------------------------------------------------ scoring


def test_the_scoring_step_offers_each_card_a_strand_shows_and_the_end_of_the_turn() -> None:
    """Score Pattern Cards: after placing, "you may score any number of your Pattern
    cards": each as one action referring to the card, and ``done`` to end the turn."""
    state = find(2, lambda s: s.view(s.turn)["step"] == "score" and s.view(s.turn)["can_score"])
    seat = state.turn
    view = state.view(seat)
    m = model(state, seat)
    ready = view["can_score"]
    scores = [a for a in m["prompt"]["actions"] if a["group"] == "Score"]
    assert [a["send"] for a in scores] == [[f"score {i.lower()}"] for i in ready]
    k = [p["id"] for p in view["patterns"]].index(ready[0]) + 1
    assert scores[0]["refs"] == [f"patterns:{seat}:{k}"]
    assert (
        scores[0]["label"].startswith(f"Score {ready[0]} (")
        and "a strand shows it" in (scores[0]["label"])
    )
    (done,) = (a for a in m["prompt"]["actions"] if a["send"] == ["done"])
    n = len(ready)
    assert done["label"] == f"End your turn ({n} card{'s' if n != 1 else ''} could still score)"
    strands = [c["detail"] for c in zone(m, "strands")["cards"]]
    assert any(f"it shows your {ready[0]}" in d for d in strands)
    assert all(
        ready[0] not in d
        for d in (c["detail"] for c in zone(model(state, None), "strands")["cards"])
    )
    state.apply(seat, scores[0]["send"][0])
    m = model(state, seat)
    assert zone(m, f"scored:{seat}")["cards"][-1]["label"].startswith(ready[0])
    words = describe(state.events(None)[-1], None)
    assert words["text"].startswith(f"Seat {seat + 1} scored {ready[0]} (")
    assert words["refs"] == [f"scored:{seat}"]


def test_the_result_counts_cards_scored_and_says_the_tie_break() -> None:
    """Winning the Game: the most Pattern cards scored, then a 4-Pattern card; seats in
    the words are counted from 1, as the table shows them."""
    for seed in range(1, 20):
        *_, state = walk(2, seed)
        m = model(state, 0)
        res = m["result"]
        assert res is not None and res["status"] == "finished"
        rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
        view = state.view(0)
        assert rows["Pattern cards scored"] == [len(view["scored"][s]) for s in (0, 1)]
        assert res["breakdown"]["columns"] == ["", "You", "Seat 2"]
        assert "seat 0" not in res["reason"].lower() and "seat 0" not in m["headline"].lower()
        if res["tiebreak"]:
            assert "4-Pattern" in res["reason"]
            return
    raise AssertionError("no tie-break in the games tried")


def test_the_log_in_words() -> None:
    state = find(3, lambda s: s.turns == 2 and s.view(s.turn)["step"] == "column")
    seat = state.turn
    said = [describe(e, seat)["text"] for e in state.events(seat)]
    assert said[0].endswith("was revealed from the stack to start the board")
    assert any(t.startswith("You were dealt TL-") for t in said)
    assert any(
        t.startswith("Seat ")
        and t.endswith(" was dealt 2 3-Pattern cards (red backs) and 1 4-Pattern card (green back)")
        for t in said
    )
    assert said[-1].startswith("You drew ")
    others = [describe(e, None)["text"] for e in state.events(None)]
    assert others[-1] == f"Seat {seat + 1} drew a tile"
    place = next(e for e in state.events(None) if e["type"] == "place")
    words = describe(place, None)
    x, y = place["cell"]
    assert words["refs"] == [f"board:{x},{y}"]
    assert _where((x, y)) in words["text"] and "column" not in words["text"]
