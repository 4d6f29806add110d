"""Twinkling Lights: one test per rule sentence, per ruling (T1-T10) and per reading.

Sources: the Twinkling Lights rulebook (quoted in each docstring), rulings
T1-T10 and docs/rulings.md#every-game-safety-limits, the card data (tile model, tiles, Pattern
cards), and the readings named in twinkling_lights.py's docstring. The geometry (ports,
rotations, joins, strands, matching) has its own property tests in
test_twinkling_geometry.py.

Situations are built by ``scenario``: a fresh game whose fields are overwritten, every
tile and Pattern card kept exactly once (``inventory()`` is the box).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import CorruptSave, IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core.state import action_fields
from yuletide.games.twinkling_lights.content import CONTENT, ContentError, parse_content
from yuletide.games.twinkling_lights.twinkling_lights import rules as tl
from yuletide.games.twinkling_lights.twinkling_lights.rules import COLUMN, ROTATE, ROW, SCORE
from yuletide.games.twinkling_lights.twinkling_lights.text import render as render_text

GAME = "twinkling-lights"
T = {t.name: i for i, t in enumerate(CONTENT.tiles)}
C = {p.id: i for i, p in enumerate(CONTENT.patterns)}
STEPS = {"column": COLUMN, "row": ROW, "rotate": ROTATE, "score": SCORE}
RED_CARDS = [p.id for p in CONTENT.patterns if p.back == "red"]
GREEN_CARDS = [p.id for p in CONTENT.patterns if p.back == "green"]

# The rulebook's example laid out: Green, Purple | Purple, Blue | Yellow along one strand.
EXAMPLE = [(0, 0, "TL-T02", 0), (1, 0, "TL-T04", 0)]
# Green | Red | Blue | Yellow along one strand (the W->E wires of four X tiles).
GRBY = [(0, 0, "TL-T03", 0), (1, 0, "TL-T05", 0), (2, 0, "TL-T13", 0), (3, 0, "TL-T01", 0)]

# ----------------------------------------------------------------------------- helpers


def scenario(
    players: int = 3,
    *,
    board: list[tuple[int, int, str, int]],
    cards: dict[int, str] | None = None,
    scored: dict[int, str] | None = None,
    held: dict[int, str] | None = None,
    drawn: str | None = None,
    top: tuple[str, ...] = (),
    rest: str = "stack",
    turn: int = 0,
    step: str = "column",
    target: list[int] | None = None,
    turns: int = 0,
    seed: int = 0,
    **options: Any,
) -> Any:
    """A game in the situation given, every tile and card exactly once.

    ``board`` lists (x, y, tile, degrees) in the order laid. ``top`` names the tiles on
    top of the stack (the very top last). Tiles not named go under them (``rest`` =
    "stack") or onto the board in rows from (0, -2) down (``rest`` = "board"; the stack
    is then ``top`` only). ``cards`` gives each seat's cards (2 red + 1 green; seats not
    given get unnamed cards), ``scored`` which of them are scored, in order.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    placed: list[int] = []
    for x, y, name, degrees in board:
        placed += [x, y, T[name], degrees // 90]
    held_ids = [-1] * players
    for seat, name in (held or {}).items():
        held_ids[seat] = T[name]
    drawn_id = T[drawn] if drawn else -1
    named = [placed[i] for i in range(2, len(placed), 4)] + [h for h in held_ids if h >= 0]
    named += [drawn_id] if drawn_id >= 0 else []
    named += [T[name] for name in top]
    assert len(named) == len(set(named)), "a tile is named twice"
    others = [t for t in range(len(T)) if t not in named]
    if rest == "board":
        for i, t in enumerate(others):
            placed += [i % 8, -2 - i // 8, t, 0]
        stack = [T[name] for name in top]
    else:
        stack = others + [T[name] for name in top]
    owner = [-1] * len(C)
    given = {s: (cards or {}).get(s, "").split() for s in range(players)}
    spare_red = [c for c in RED_CARDS if not any(c in g for g in given.values())]
    spare_green = [c for c in GREEN_CARDS if not any(c in g for g in given.values())]
    for s in range(players):
        if not given[s]:
            given[s] = [spare_red.pop(0), spare_red.pop(0), spare_green.pop(0)]
        backs = sorted(CONTENT.patterns[C[c]].back for c in given[s])
        assert backs == ["green", "red", "red"], "each player holds 2 red + 1 green"
        for c in given[s]:
            owner[C[c]] = s
    order = [0] * len(C)
    k = 0
    for s, names in (scored or {}).items():
        for c in names.split():
            assert owner[C[c]] == s
            k += 1
            order[C[c]] = k
    state.stack = stack
    state.placed = placed
    state.owner = owner
    state.scored = order
    state.held = held_ids
    state.drawn = drawn_id
    state.turn = turn
    state.step = STEPS[step]
    state.target = list(target or [])
    state.turns = turns
    state.winner = -1
    state.ended = False
    if step != "score":
        assert state.in_hand() >= 0, "a tile must be in hand before it is placed"
    assert sorted(state.inventory()) == sorted(state.box())
    return state


def legal(state: Any, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(state.turn if seat is None else seat)]


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    """The error ``apply`` raises for ``text``; the state must be left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


def cells_offered(state: Any) -> list[tuple[int, int]]:
    """Every cell the player to act may choose (column, then row), without changing
    ``state``."""
    out = []
    for column in legal(state):
        if not column.startswith("column"):
            continue
        probe = state.clone()
        probe.apply(state.turn, column)
        x = int(column.split()[1])
        out.extend((x, int(row.split()[1])) for row in legal(probe))
    return out


def place(state: Any, x: int, y: int, degrees: int | None = 0) -> list[dict[str, Any]]:
    """Place the tile in hand on (x, y), turned ``degrees`` (None: no rotation step)."""
    seat = state.turn
    events = state.apply(seat, f"column {x}") + state.apply(seat, f"row {y}")
    if degrees is not None:
        events += state.apply(seat, f"rotate {degrees}")
    return events


def strands(state: Any) -> list[str]:
    """Every strand's lights as letters, each read in the direction that sorts first."""
    out = []
    for s in state.view(None)["strands"]:
        letters = "".join(c[0].upper() for c in s["lights"])
        out.append(min(letters, letters[::-1]) + ("@" if s["loop"] else ""))
    return sorted(out)


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def seed_where(test: Any, players: int = 3, limit: int = 5000) -> Any:
    for seed in range(limit):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        if test(state):
            return state
    raise AssertionError("no seed below the limit sets up this situation")


def random_play(state: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        actions = state.legal_actions(state.turn)
        state.apply(state.turn, actions[rng.below(len(actions))])


# -------------------------------------------------------------------------- components


def test_components_35_light_tiles_27_standard_5_plus_3_broken_wire() -> None:
    """Components: "35 Light tiles"; the card data: 27 standard (14 X, 13 C), 5 + tiles
    (3 X, 2 C), 3 Broken Wire."""
    tiles = CONTENT.tiles
    assert len(tiles) == 35
    kinds = Counter((t.kind, t.layout) for t in tiles)
    assert kinds == {
        ("standard", "X"): 14,
        ("standard", "C"): 13,
        ("plus", "X"): 3,
        ("plus", "C"): 2,
        ("broken-wire", "-"): 3,
    }
    state = yuletide.new_game(GAME, players=2, seed=0)
    assert sum(n.startswith("TL-T") for n in state.box()) == 35
    assert conserved(state)


def test_components_14_pattern_cards_3_pattern_red_backs_4_pattern_green_backs() -> None:
    """Components: "14 Pattern cards: 3-Pattern cards (red backs, three lights each) and
    4-Pattern cards (green backs, four lights each)"; Pattern Cards: "3-Pattern cards
    have three lights and red backs. 4-Pattern cards have four lights and green backs"."""
    cards = CONTENT.patterns
    assert len(cards) == 14
    assert Counter((p.back, len(p.lights)) for p in cards) == {("red", 3): 10, ("green", 4): 4}


def test_content_the_rulebook_example_card_is_purple_blue_yellow() -> None:
    """the card data: TL-3-10 is known from the rulebook example (Purple, Blue, Yellow)."""
    card = CONTENT.patterns[C["TL-3-10"]]
    assert [CONTENT.colours[c] for c in card.lights] == ["purple", "blue", "yellow"]
    assert card.back == "red"
    assert card.status == "known (rulebook example)"


def test_content_tile_balance_as_content_md_describes() -> None:
    """the card data: each standard and + tile has 3 bulbs (2 on one wire, 1 on the other)
    in 3 different colours; 96 bulbs: Blue 20, the other four 19; each colour pair on a
    2-bulb wire 3-4 times; colours Red, Green, Blue, Yellow, Purple."""
    assert CONTENT.colours == ("red", "green", "blue", "yellow", "purple")
    bulbs: Counter[str] = Counter()
    pairs: Counter[frozenset[int]] = Counter()
    for t in CONTENT.tiles:
        if t.kind == "broken-wire":
            assert t.wires == ()
            continue
        assert sorted(len(w.bulbs) for w in t.wires) == [1, 2]
        assert len(set(t.bulbs)) == 3
        bulbs.update(CONTENT.colours[c] for c in t.bulbs)
        pairs.update(frozenset(w.bulbs) for w in t.wires if len(w.bulbs) == 2)
    assert sum(bulbs.values()) == 96
    assert bulbs == {"blue": 20, "red": 19, "green": 19, "yellow": 19, "purple": 19}
    assert len(pairs) == 10
    assert set(pairs.values()) <= {3, 4}


def _data() -> dict[str, Any]:
    return json.loads(json.dumps(_raw()))


def _raw() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("yuletide.games.twinkling_lights").joinpath("content.json")
    return json.loads(text.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_content_json_is_the_box_and_alternative_data_is_validated() -> None:
    """the card data: "the project should accept an alternative data file and validate it"."""
    assert parse_content(_data()) == CONTENT
    cases: list[tuple[Any, str]] = []
    d = _data()
    d["tiles"][0]["wires"][0]["bulbs"] = ["orange"]
    cases.append((d, "tile TL-T01: a wire is"))
    d = _data()
    d["tiles"][0]["layout"] = "C"
    cases.append((d, "tile TL-T01: layout C has wires N-E and S-W"))
    d = _data()
    d["tiles"][32]["wires"] = d["tiles"][0]["wires"]
    cases.append((d, "tile TL-T33: a Broken Wire tile has no wires"))
    d = _data()
    d["patterns"][0]["lights"] = ["red", "blue"]
    cases.append((d, "pattern TL-3-01: red-backed cards show 3 lights, green-backed 4"))
    d = _data()
    d["patterns"] = d["patterns"][3:]
    cases.append((d, "4 players need 8 red-backed Pattern cards; the data has 7"))
    d = _data()
    d["tiles"][1]["id"] = "TL-T01"
    cases.append((d, "tile ids must be unique"))
    d = _data()
    d["colours"] = ["red", "rose", "blue", "yellow", "purple"]
    cases.append((d, "different letters"))
    d = _data()
    d["tiles"][0]["wires"][0]["bulbs"] = ["red", "green", "blue"]
    cases.append((d, "one or two bulbs"))
    cases.append(([], "box data must be a JSON object"))
    for data, message in cases:
        with pytest.raises(ContentError, match=message):
            parse_content(data)


# ------------------------------------------------------------------------------- set up


def test_setup_1_tiles_are_mixed_face_down_in_a_stack() -> None:
    """Set Up 1: "Mix the Light tiles together and place them face-down in a stack":
    seeds give different stacks; a view shows only the stack's size."""
    stacks = {tuple(yuletide.new_game(GAME, players=3, seed=s).stack) for s in range(20)}
    assert len(stacks) == 20
    state = yuletide.new_game(GAME, players=3, seed=3)
    assert len(state.stack) == 35 - 2 - 1  # two revealed, one drawn by the first player
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["stack"] == len(state.stack)
        text = json.dumps(view)
        for t in state.stack:
            assert CONTENT.tiles[t].name not in text


def test_setup_2_top_two_tiles_revealed_side_by_side_ruling_t10() -> None:
    """Set Up 2: "Reveal the top two Light tiles and place them face-up next to each
    other"; ruling T10: "Two tiles side by side, W-E, each at rotation 0"."""
    state = seed_where(lambda s: s.log[0][0] == "reveal" and s.log[1][0] == "reveal")
    shown = [e[1] for e in state.log[:2]]
    assert state.placed == [0, 0, shown[0], 0, 1, 0, shown[1], 0]
    board = state.view(None)["board"]
    assert [(e["cell"], e["tile"], e["rotation"], e["covers"]) for e in board] == [
        ([0, 0], CONTENT.tiles[shown[0]].name, 0, []),
        ([1, 0], CONTENT.tiles[shown[1]].name, 0, []),
    ]
    assert state.events(None)[:2] == [
        {"type": "reveal", "tile": CONTENT.tiles[shown[0]].name},
        {"type": "reveal", "tile": CONTENT.tiles[shown[1]].name},
    ]


def test_ruling_t5_a_broken_wire_revealed_at_setup_goes_back_and_is_reshuffled() -> None:
    """Ruling T5: "Put a Broken Wire tile back, shuffle, and reveal again"."""
    state = seed_where(lambda s: any(e[0] == "back-in-stack" for e in s.log))
    i = next(i for i, e in enumerate(state.log) if e[0] == "back-in-stack")
    broken = state.log[i][1]
    assert state.log[i - 1] == ("reveal", broken)
    assert tl.IS_BROKEN[broken]
    assert broken in state.stack or broken == state.drawn
    board = [state.placed[2], state.placed[6]]
    assert not any(tl.IS_BROKEN[t] for t in board)
    assert state.placed[0:2] == [0, 0] and state.placed[4:6] == [1, 0]
    assert {"type": "back-in-stack", "tile": CONTENT.tiles[broken].name, "shuffled": True} in (
        state.events(1)
    )
    assert conserved(state)


def test_ruling_t5_a_plus_tile_revealed_at_setup_stays_as_a_normal_tile() -> None:
    """Ruling T5: "A + tile stays as a normal tile"."""
    state = seed_where(lambda s: tl.IS_PLUS[s.placed[2]] or tl.IS_PLUS[s.placed[6]])
    assert not any(e[0] == "back-in-stack" and tl.IS_PLUS[e[1]] for e in state.log)
    plus = [e for e in state.view(None)["board"] if e["kind"] == "plus"]
    assert plus and all(e["covers"] == [] and e["rotation"] == 0 for e in plus)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_3_two_red_then_one_green_pattern_card_each_kept_hidden(players: int) -> None:
    """Set Up 3: "deal two cards to each player, then ... deal one card to each player.
    Keep your Pattern cards hidden from your opponents." The set-up illustration shows
    3 players."""
    state = yuletide.new_game(GAME, players=players, seed=11)
    for seat in range(players):
        mine = state.hand(seat)
        assert sorted(CONTENT.patterns[c].back for c in mine) == ["green", "red", "red"]
        view = state.view(seat)
        assert [c["id"] for c in view["patterns"]] == [CONTENT.patterns[c].id for c in mine]
        assert view["pattern_backs"][seat] == ["red", "red", "green"]
        for other in range(players):
            if other != seat:
                other_view = json.dumps(state.view(other))
                for c in mine:
                    assert CONTENT.patterns[c].id not in other_view
        deals = [e for e in state.events(seat) if e["type"] == "deal"]
        assert deals[seat]["cards"] == [CONTENT.patterns[c].id for c in mine]
        seen = [e for e in state.events((seat + 1) % players) if e["type"] == "deal"]
        assert seen[seat] == {"type": "deal", "seat": seat, "backs": ["red", "red", "green"]}
    assert state.view(None)["patterns"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_4_remaining_pattern_cards_go_back_into_the_box(players: int) -> None:
    """Set Up 4: "Place the remaining Pattern cards back into the box" — in nobody's
    hand, seen by nobody."""
    state = yuletide.new_game(GAME, players=players, seed=5)
    boxed = [c for c in range(14) if state.owner[c] == -1]
    assert Counter(CONTENT.patterns[c].back for c in boxed) == Counter(
        {"red": 10 - 2 * players, "green": 4 - players}
    )
    for seat in (*range(players), None):
        text = json.dumps(state.view(seat))
        assert not any(CONTENT.patterns[c].id in text for c in boxed)


def test_setup_youngest_player_seat_0_goes_first_then_clockwise() -> None:
    """Set Up: "The youngest player goes first"; How to Play: "Starting with the first
    player and proceeding clockwise" (seat order)."""
    state = yuletide.new_game(GAME, players=4, seed=2)
    assert state.to_act == frozenset({0})
    assert all(state.legal_actions(s) == [] for s in (1, 2, 3))
    order = []
    rng = Rng(1)
    while len(order) < 6:
        seat = state.turn
        actions = state.legal_actions(seat)
        action = next((a for a in actions if str(a) == "done"), actions[rng.below(len(actions))])
        state.apply(seat, action)
        if str(action) == "done":
            order.append(seat)
    assert order == [0, 1, 2, 3, 0, 1]
    err = refused(state, 3, "done")
    assert str(err) == ("seat 3 may not act now; waiting for seat 2 [Twinkling Lights: turn order]")


# ------------------------------------------------------------------- 1. draw and place


def test_draw_and_place_the_top_tile_of_the_stack_is_drawn_reading_draw_is_automatic() -> None:
    """1. Draw and Place: "Draw the top Light tile from the stack"; reading
    draw-is-automatic: it is drawn as the turn starts, no action needed."""
    state = scenario(board=EXAMPLE, top=("TL-T05", "TL-T12"), turn=0, step="score")
    size = len(state.stack)
    start = len(state.log)
    state.apply(0, "done")
    assert state.turn == 1
    assert state.drawn == T["TL-T12"]
    assert len(state.stack) == size - 1
    assert state.stack[-1] == T["TL-T05"]
    assert state.events(1, start) == [
        {"type": "end-turn", "seat": 0},
        {"type": "draw", "seat": 1, "tile": "TL-T12"},
    ]
    assert state.events(0, start)[1] == {"type": "draw", "seat": 1}
    assert state.step == COLUMN


def test_drawn_tile_is_known_only_to_its_drawer_until_placed() -> None:
    """Issue: "the drawn tile is known only to its drawer until placed"."""
    state = scenario(board=EXAMPLE, drawn="TL-T12", turn=1)
    assert state.view(1)["hand_tile"]["tile"] == "TL-T12"
    assert state.view(1)["hand_tile"]["wires"] == [
        {"ports": ["N", "S"], "bulbs": ["red"]},
        {"ports": ["W", "E"], "bulbs": ["green", "blue"]},
    ]
    for seat in (0, 2, None):
        view = state.view(seat)
        assert view["hand_tile"] is None
        assert view["tile_in_hand"] is True
        assert "TL-T12" not in json.dumps(view)
    state.apply(1, "column 2")
    state.apply(1, "row 0")
    assert "TL-T12" not in json.dumps(state.view(0))
    state.apply(1, "rotate 0")
    assert "TL-T12" in json.dumps(state.view(0))  # placed: public
    assert state.view(0)["tile_in_hand"] is False


def test_place_it_next_to_another_tile_the_check_mark_spaces() -> None:
    """1. Draw and Place: "place it next to another tile"; Tile Placement: "Tiles may be
    placed adjacent to any other tile" — the example's check-mark spaces are every empty
    cell sharing an edge with a tile."""
    state = scenario(
        board=[(0, 0, "TL-T01", 0), (1, 0, "TL-T02", 0), (1, 1, "TL-T03", 0)], drawn="TL-T12"
    )
    assert cells_offered(state) == [
        (-1, 0),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 2),
        (2, 0),
        (2, 1),
    ]
    assert legal(state) == ["column -1", "column 0", "column 1", "column 2"]
    state.apply(0, "column 1")
    assert legal(state) == ["row -1", "row 2"]


def test_reading_adjacent_means_edge_not_corner_and_not_far_away() -> None:
    """Reading adjacent-means-edge: a cell touching a tile only at a corner is not
    "next to" it."""
    state = scenario(board=EXAMPLE, drawn="TL-T12")
    assert (2, 1) not in cells_offered(state)
    state.apply(0, "column 2")
    err = refused(state, 0, "row 1")
    assert str(err) == (
        "cell 2,1 is not next to any tile: place it on an empty cell sharing an edge with a"
        " tile [Twinkling Lights, Tile Placement; reading adjacent-means-edge]"
    )
    state = scenario(board=EXAMPLE, drawn="TL-T12")
    err = refused(state, 0, "column 5")
    assert str(err) == (
        "there is no cell in column 5 where your tile may go: a tile goes on an empty cell"
        " sharing an edge with a tile [Twinkling Lights, Tile Placement; reading"
        " adjacent-means-edge]"
    )


def test_tile_placement_in_any_of_the_four_orientations_no_edge_matching() -> None:
    """Tile Placement: "in any orientation" — all four quarter turns are offered, whatever
    the neighbours show, and the tile lies turned clockwise N->E->S->W."""
    for degrees in (0, 90, 180, 270):
        state = scenario(board=EXAMPLE, drawn="TL-T12")
        state.apply(0, "column 2")
        state.apply(0, "row 0")
        assert legal(state) == ["rotate 0", "rotate 90", "rotate 180", "rotate 270"]
        events = state.apply(0, f"rotate {degrees}")
        assert events == [
            {
                "type": "place",
                "seat": 0,
                "tile": "TL-T12",
                "cell": [2, 0],
                "rotation": degrees,
                "covers": None,
            }
        ]
        cell = state.view(None)["board"][-1]
        assert cell["cell"] == [2, 0] and cell["rotation"] == degrees
        ns_wire = {0: ["N", "S"], 90: ["E", "W"], 180: ["S", "N"], 270: ["W", "E"]}[degrees]
        assert cell["wires"][0] == {"ports": ns_wire, "bulbs": ["red"]}
        assert state.step == SCORE


def test_a_tile_may_not_go_on_an_occupied_cell_unless_it_is_a_plus_tile() -> None:
    """+ Tiles: only these "may be placed on top of" a tile."""
    state = scenario(board=EXAMPLE, drawn="TL-T12")
    state.apply(0, "column 1")
    assert legal(state) == ["row -1", "row 1"]
    err = refused(state, 0, "row 0")
    assert str(err) == (
        "cell 1,0 holds a tile: only a + tile may be placed on top of another tile"
        " [Twinkling Lights, + Tiles]"
    )


def test_plus_tiles_may_be_placed_on_top_of_or_adjacent_to_any_tile() -> None:
    """+ Tiles: "These tiles may be placed on top of or adjacent to any tile in any
    orientation"."""
    state = scenario(board=EXAMPLE, drawn="TL-T28")
    offered = cells_offered(state)
    assert (0, 0) in offered and (1, 0) in offered  # on top
    assert (2, 0) in offered and (-1, 0) in offered  # adjacent
    state.apply(0, "column 2")
    state.apply(0, "row 0")
    assert legal(state) == ["rotate 0", "rotate 90", "rotate 180", "rotate 270"]


def test_ruling_t4_a_plus_tile_covers_any_tile_and_only_the_top_tile_counts() -> None:
    """Ruling T4: "Any tile, including + and Broken Wire tiles. Only the top tile of a
    cell counts." Covering TL-T04 breaks the example's Purple, Blue, Yellow run."""
    board = [*EXAMPLE, (2, 0, "TL-T01", 0)]
    state = scenario(board=board, drawn="TL-T28", cards={0: "TL-3-10 TL-3-01 TL-4-01"})
    assert "GPPBY" in strands(state) or "YBPPG" in strands(state)
    events = place(state, 1, 0, 0)
    assert events[-1] == {
        "type": "place",
        "seat": 0,
        "tile": "TL-T28",
        "cell": [1, 0],
        "rotation": 0,
        "covers": "TL-T04",
    }
    cell = next(e for e in state.view(None)["board"] if e["cell"] == [1, 0])
    assert (cell["tile"], cell["kind"], cell["covers"]) == ("TL-T28", "plus", ["TL-T04"])
    assert "GPYGY" in strands(state) or "YGYPG" in strands(state)
    assert legal(state) == ["done"]  # TL-3-10 no longer shows
    # A + tile on top of that + tile, and on top of a Broken Wire tile.
    state = scenario(board=[*EXAMPLE, (1, 1, "TL-T28", 0), (2, 0, "TL-T33", 0)], drawn="TL-T29")
    assert (1, 1) in cells_offered(state) and (2, 0) in cells_offered(state)
    place(state, 2, 0, 0)  # on the Broken Wire tile: the strand now runs through
    cell = next(e for e in state.view(None)["board"] if e["cell"] == [2, 0])
    assert cell["covers"] == ["TL-T33"]
    assert "GPPBP" in strands(state) or "PBPPG" in strands(state)


def test_broken_wire_tiles_are_placed_adjacent_reading_no_rotation_step() -> None:
    """Broken Wire Tiles: "may be placed adjacent to any tile in any orientation";
    reading broken-wire-has-no-rotation: its rotations are all alike, so ``row y``
    places it (at rotation 0)."""
    state = scenario(board=EXAMPLE, drawn="TL-T33")
    assert cells_offered(state) == list(state.board().frontier())
    state.apply(0, "column 1")
    err = refused(state, 0, "row 0")
    assert str(err) == (
        "cell 1,0 holds a tile: a Broken Wire tile is placed next to a tile, not on top of"
        " one [Twinkling Lights, Broken Wire Tiles]"
    )
    events = state.apply(0, "row 1")
    assert events == [
        {
            "type": "place",
            "seat": 0,
            "tile": "TL-T33",
            "cell": [1, 1],
            "rotation": 0,
            "covers": None,
        }
    ]
    assert state.step == SCORE


def test_broken_wire_every_strand_that_reaches_it_ends_there() -> None:
    """the card data Broken Wire tile: "Every strand that reaches it ends there"."""
    state = scenario(board=EXAMPLE, drawn="TL-T34")
    before = strands(state)
    place(state, 2, 0, None)
    assert strands(state) == before  # the G-P-P-B strand ends at it, unchanged


# ----------------------------------------------------------- Broken Wire: give or play


def test_broken_wire_drawn_may_be_played_or_given_to_a_player_not_holding_one() -> None:
    """Broken Wire Tiles: "When you draw a Broken Wire tile, you may play it yourself or
    give it to any player who isn't already holding one"."""
    state = scenario(4, board=EXAMPLE, drawn="TL-T33", held={2: "TL-T34"})
    assert legal(state)[-2:] == ["give seat 1", "give seat 3"]
    assert all(a.startswith("column") for a in legal(state)[:-2])
    err = refused(state, 0, "give seat 2")
    assert str(err) == (
        "seat 2 already holds a Broken Wire tile: give it to a player who isn't holding one,"
        " or place it yourself [Twinkling Lights, Broken Wire Tiles]"
    )
    err = refused(state, 0, "give seat 0")
    assert str(err) == (
        "give the Broken Wire tile to another player, or place it yourself"
        " [Twinkling Lights, Broken Wire Tiles]"
    )
    assert state.view(None)["broken_wire_held"] == [False, False, True, False]


def test_after_giving_a_broken_wire_tile_draw_and_place_a_new_tile() -> None:
    """Broken Wire Tiles: "After giving a Broken Wire tile to another player, draw and
    place a new tile"."""
    state = scenario(board=EXAMPLE, drawn="TL-T33", top=("TL-T12",))
    start = len(state.log)
    state.apply(0, "give seat 2")
    assert state.held == [-1, -1, T["TL-T33"]]
    assert state.drawn == T["TL-T12"]
    assert state.turn == 0 and state.step == COLUMN
    assert state.events(1, start) == [
        {"type": "give-broken-wire", "seat": 0, "to": 2, "tile": "TL-T33"},
        {"type": "draw", "seat": 0},
    ]
    assert state.events(0, start)[1] == {"type": "draw", "seat": 0, "tile": "TL-T12"}
    assert state.view(1)["broken_wire_held"] == [False, False, True]
    assert "give seat 1" not in legal(state)
    place(state, 2, 0, 0)
    assert state.step == SCORE


def test_ruling_t6_another_broken_wire_drawn_after_giving_gives_the_same_choice() -> None:
    """Ruling T6: "Apply the same choice again: give it to an eligible opponent, or play
    it if nobody is eligible"."""
    state = scenario(board=EXAMPLE, drawn="TL-T33", top=("TL-T34",))
    state.apply(0, "give seat 1")
    assert state.drawn == T["TL-T34"]
    assert legal(state)[-1:] == ["give seat 2"]
    state = scenario(board=EXAMPLE, drawn="TL-T33", top=("TL-T34",), held={2: "TL-T35"})
    state.apply(0, "give seat 1")
    assert not any(a.startswith("give") for a in legal(state))


def test_if_every_opponent_already_has_one_you_must_play_it_yourself() -> None:
    """Broken Wire Tiles: "If you draw a Broken Wire tile, and all of your opponents
    already have one, you must play it yourself"."""
    state = scenario(board=EXAMPLE, drawn="TL-T33", held={1: "TL-T34", 2: "TL-T35"})
    assert all(a.startswith("column") for a in legal(state))
    assert refused(state, 0, "give seat 1").rule == "Twinkling Lights, Broken Wire Tiles"


def test_the_receiver_must_play_it_next_turn_instead_of_drawing() -> None:
    """Broken Wire Tiles: "That player must play the Broken Wire tile on their next turn
    instead of drawing a new tile"."""
    state = scenario(board=EXAMPLE, held={1: "TL-T33"}, turn=0, step="score")
    size = len(state.stack)
    start = len(state.log)
    state.apply(0, "done")
    assert state.turn == 1
    assert state.drawn == -1 and len(state.stack) == size  # nothing drawn
    assert state.in_hand() == T["TL-T33"]
    assert state.events(2, start)[1] == {
        "type": "must-play-broken-wire",
        "seat": 1,
        "tile": "TL-T33",
    }
    assert all(a.startswith("column") for a in legal(state))  # no give: it is played
    assert state.view(1)["hand_tile"]["tile"] == "TL-T33"
    place(state, -1, 0, None)
    assert state.held == [-1, -1, -1]
    assert state.view(0)["broken_wire_held"] == [False, False, False]
    assert conserved(state)


def test_reading_received_tile_is_played_it_cannot_be_passed_on() -> None:
    """Reading received-tile-is-played."""
    state = scenario(board=EXAMPLE, held={1: "TL-T33"}, turn=1)
    err = refused(state, 1, "give seat 2")
    assert str(err) == (
        "you must play the Broken Wire tile you were given (instead of drawing); it cannot be"
        " passed on [Twinkling Lights, Broken Wire Tiles; reading received-tile-is-played]"
    )


def test_reading_give_needs_a_tile_to_draw_with_an_empty_stack_it_is_played() -> None:
    """Reading give-needs-a-tile-to-draw: "After giving ... draw and place a new tile"
    cannot be done with an empty stack, so the tile must be played."""
    state = scenario(board=EXAMPLE, drawn="TL-T33", rest="board")
    assert state.stack == []
    assert not any(a.startswith("give") for a in legal(state))
    err = refused(state, 0, "give seat 1")
    assert str(err) == (
        "the stack is empty, so after giving the tile away you could not draw and place a"
        " new one: place it yourself [Twinkling Lights, Broken Wire Tiles; reading"
        " give-needs-a-tile-to-draw]"
    )


def test_reading_choosing_a_cell_keeps_the_tile() -> None:
    """Reading choosing-a-cell-keeps-the-tile: once its column is chosen, a Broken Wire
    tile is being played and can no longer be given away."""
    state = scenario(board=EXAMPLE, drawn="TL-T33")
    state.apply(0, "column 2")
    assert legal(state) == ["row 0"]
    err = refused(state, 0, "give seat 1")
    assert err.reason.startswith("you chose to play your Broken Wire tile yourself")


def test_only_a_broken_wire_tile_may_be_given() -> None:
    state = scenario(board=EXAMPLE, drawn="TL-T12")
    err = refused(state, 0, "give seat 1")
    assert str(err) == (
        "only a Broken Wire tile you have just drawn may be given away"
        " [Twinkling Lights, Broken Wire Tiles]"
    )
    # ``give seat 3`` parses at any player count; at three seats it is no action at all.
    for drawn in ("TL-T12", "TL-T33"):
        state = scenario(board=EXAMPLE, drawn=drawn)
        err = refused(state, 0, "give seat 3")
        assert isinstance(err, NotationError)
        assert str(err) == (
            "there is no seat 3 to give a Broken Wire tile to: seats are 0 to 2"
            " [Twinkling Lights, Broken Wire Tiles]"
        )


def test_ruling_t7_a_player_who_plays_a_received_broken_wire_still_scores() -> None:
    """Ruling T7: "Yes. Scoring happens at the end of every turn, after the tile is
    played"."""
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        held={1: "TL-T33"},
        cards={1: "TL-3-10 TL-3-01 TL-4-01"},
        turn=1,
    )
    place(state, 0, 1, None)
    assert legal(state) == ["score tl-3-10", "done"]
    state.apply(1, "score tl-3-10")
    assert state.scored_by(1) == [C["TL-3-10"]]


# ---------------------------------------------------------------- 2. score Pattern cards


def test_rulebook_example_purple_blue_yellow_connected_in_sequence_scores_that_card() -> None:
    """2. Score Pattern Cards, the example: "Purple, blue, and yellow lights are connected
    in the tile sequence. The player has a card with a matching pattern. The player would
    add that card to their score pile." TL-T04 carries Purple, Blue; TL-T01, laid east
    of it, continues the strand with Yellow."""
    state = scenario(board=EXAMPLE, drawn="TL-T01", cards={0: "TL-3-10 TL-3-01 TL-4-01"})
    assert not state.can_score(C["TL-3-10"])
    place(state, 2, 0, 0)
    strand = next(s for s in state.view(0)["strands"] if len(s["lights"]) == 5)
    assert strand["lights"] in (
        ["green", "purple", "purple", "blue", "yellow"],
        ["yellow", "blue", "purple", "purple", "green"],
    )
    assert strand["cells"] in ([[0, 0], [1, 0], [2, 0]], [[2, 0], [1, 0], [0, 0]])
    assert state.view(0)["can_score"] == ["TL-3-10"]
    assert legal(state) == ["score tl-3-10", "done"]
    events = state.apply(0, "score tl-3-10")
    assert events == [
        {
            "type": "score",
            "seat": 0,
            "id": "TL-3-10",
            "back": "red",
            "lights": ["purple", "blue", "yellow"],
        }
    ]
    assert state.view(2)["scored"][0] == [
        {"id": "TL-3-10", "back": "red", "lights": ["purple", "blue", "yellow"]}
    ]


def test_you_cannot_score_until_after_playing_the_tile_you_drew() -> None:
    """IMPORTANT: "you cannot score a Pattern card until after playing the tile you drew
    this turn" — even when a strand already shows it."""
    board = [*EXAMPLE, (2, 0, "TL-T01", 0)]
    state = scenario(board=board, drawn="TL-T12", cards={0: "TL-3-10 TL-3-01 TL-4-01"})
    assert state.can_score(C["TL-3-10"])
    message = (
        "you cannot score a Pattern card until after placing the tile you drew this turn"
        " [Twinkling Lights, How to Play 2: Score Pattern Cards (IMPORTANT)]"
    )
    for step in ("column 3", "row 0"):
        assert str(refused(state, 0, "score tl-3-10")) == message
        assert "score tl-3-10" not in legal(state)
        state.apply(0, step)
    assert str(refused(state, 0, "score tl-3-10")) == message
    assert str(refused(state, 0, "done")) == (
        "place your tile first: every turn you draw and place a tile before scoring"
        " [Twinkling Lights, How to Play 1: Draw and Place]"
    )
    state.apply(0, "rotate 90")
    assert legal(state) == ["score tl-3-10", "done"]


def test_scoring_is_optional_you_may_score_or_not() -> None:
    """2. Score Pattern Cards: "you may score": a card a strand shows may be left
    unscored (``done``), or scored."""
    board = [*EXAMPLE, (2, 0, "TL-T01", 0)]
    for choice in ([], ["score tl-3-10"]):
        state = scenario(board=board, step="score", cards={0: "TL-3-10 TL-3-01 TL-4-01"})
        assert legal(state) == ["score tl-3-10", "done"]
        for action in [*choice, "done"]:
            state.apply(0, action)
        assert [CONTENT.patterns[c].id for c in state.scored_by(0)] == [
            a.split()[1].upper() for a in choice
        ]
        assert state.turn == 1 and state.outcome.status == "ongoing"


def test_scoring_any_number_of_cards_in_one_turn() -> None:
    """2. Score: "any number of your Pattern cards": two cards on two strands, one after
    the other, in the same turn. TL-T14 turned 180 reads Yellow, Blue (W->E), and TL-T05
    adds Red: Red-Blue-Yellow (TL-3-04) read backwards."""
    board = [*EXAMPLE, (2, 0, "TL-T01", 0), (0, 2, "TL-T14", 180), (1, 2, "TL-T05", 0)]
    state = scenario(board=board, step="score", cards={0: "TL-3-10 TL-3-04 TL-4-01"})
    assert legal(state) == ["score tl-3-04", "score tl-3-10", "done"]
    state.apply(0, "score tl-3-10")
    assert legal(state) == ["score tl-3-04", "done"]
    state.apply(0, "score tl-3-04")
    assert legal(state) == ["done"]
    assert state.scored_by(0) == [C["TL-3-10"], C["TL-3-04"]]
    assert [c["id"] for c in state.view(1)["scored"][0]] == ["TL-3-10", "TL-3-04"]


def test_ruling_t1_a_pattern_may_be_read_either_way_along_a_strand() -> None:
    """Ruling T1: "Yes, either direction": Red-Blue-Yellow (TL-3-04) scores whether the
    lights run Red, Blue, Yellow or Yellow, Blue, Red from west to east."""
    forwards = [(0, 0, "TL-T05", 0), (1, 0, "TL-T14", 0)]  # W->E: Red | Blue, Yellow
    backwards = [(0, 0, "TL-T14", 180), (1, 0, "TL-T05", 0)]  # W->E: Yellow, Blue | Red
    for board, west_to_east in ((forwards, "RBY"), (backwards, "YBR")):
        state = scenario(board=board, step="score", cards={0: "TL-3-04 TL-3-01 TL-4-01"})
        strand = next(s for s in state.board().strands() if len(s.lights) == 3)
        walk = "".join("RGBYP"[c] for c in strand.lights)
        assert west_to_east in (walk, walk[::-1])
        assert legal(state) == ["score tl-3-04", "done"]


def test_ruling_t2_the_lights_must_be_consecutive() -> None:
    """Ruling T2: "Consecutive": Green, Purple, Purple, Blue does not show Green,
    Purple, Blue (TL-3-08)."""
    state = scenario(board=EXAMPLE, step="score", cards={0: "TL-3-08 TL-3-01 TL-4-01"})
    assert "BPPG" in strands(state)
    assert legal(state) == ["done"]
    err = refused(state, 0, "score tl-3-08")
    assert str(err) == (
        "no single strand shows TL-3-08 (green-purple-blue): its colours must be consecutive"
        " lights of one strand, in this order or the reverse [Twinkling Lights, How to"
        " Play 2: Score Pattern Cards; rulings T1, T2]"
    )


def test_the_pattern_must_lie_on_a_single_light_strand() -> None:
    """2. Score: "on a single light strand": an X tile's crossing wires are two strands,
    so Purple, Red (N-S) and Yellow (W-E) do not make Red-Yellow-Purple (TL-3-06)."""
    state = scenario(
        board=[(0, 0, "TL-T01", 0), (1, 0, "TL-T12", 90)],
        step="score",
        cards={0: "TL-3-06 TL-3-01 TL-4-01"},
    )
    assert legal(state) == ["done"]


def test_a_run_may_wrap_round_a_loop() -> None:
    """the card data strands: "On a closed loop the run may wrap around": the loop reads
    Yellow, Purple, Yellow, Green, Blue, Green from where its walk starts, and
    Blue-Green-Yellow (TL-3-07) shows only across that start."""
    board = [
        (0, 0, "TL-T26", 0),  # N->E: Yellow
        (1, 0, "TL-T15", 90),  # W->N: Purple
        (1, 1, "TL-T20", 0),  # S->W: Yellow, Green
        (0, 1, "TL-T18", 270),  # E->S: Blue, Green
    ]
    state = scenario(board=board, step="score", cards={0: "TL-3-07 TL-3-01 TL-4-01"})
    loop = next(s for s in state.view(None)["strands"] if s["loop"])
    assert loop["lights"] == ["yellow", "purple", "yellow", "green", "blue", "green"]
    assert loop["cells"] == [[0, 0], [1, 0], [1, 1], [0, 1]]
    assert legal(state) == ["score tl-3-07", "done"]


def test_ruling_t3_one_run_scores_several_cards_of_one_player() -> None:
    """Ruling T3: "Can one strand segment score several cards ...? Yes. Scoring does not
    use up any lights": Green-Red-Blue and Red-Blue-Yellow share the Red and Blue."""
    state = scenario(board=GRBY, step="score", cards={0: "TL-3-01 TL-3-04 TL-4-01"})
    assert "GRBY" in strands(state)
    assert legal(state) == ["score tl-3-01", "score tl-3-04", "done"]
    state.apply(0, "score tl-3-01")
    state.apply(0, "score tl-3-04")
    assert len(state.scored_by(0)) == 2


def test_ruling_t3_one_run_is_used_by_several_players() -> None:
    """Ruling T3: "... or be used by several players? Yes": seat 0 scores Green-Red-Blue,
    then seat 1 scores Red-Blue-Yellow on the same Red and Blue lights."""
    cards = {0: "TL-3-01 TL-3-02 TL-4-01", 1: "TL-3-04 TL-3-03 TL-4-02"}
    state = scenario(board=GRBY, step="score", cards=cards, top=("TL-T12",))
    state.apply(0, "score tl-3-01")
    state.apply(0, "done")
    assert state.can_score(C["TL-3-01"])  # the lights are all still there
    place(state, 0, 1, 0)
    assert legal(state) == ["score tl-3-04", "done"]
    state.apply(1, "score tl-3-04")
    assert state.scored_by(1) == [C["TL-3-04"]]


def test_you_may_score_patterns_played_by_opponents_or_yourself() -> None:
    """IMPORTANT: "You may score patterns played by opponents or yourself": seat 1 lays
    the last tile of the run; seat 2 scores it on its own turn without adding to it."""
    state = scenario(
        board=EXAMPLE,
        drawn="TL-T01",
        turn=1,
        cards={2: "TL-3-10 TL-3-01 TL-4-01"},
        top=("TL-T12",),
    )
    place(state, 2, 0, 0)
    assert legal(state) == ["done"]  # seat 1 does not hold TL-3-10
    state.apply(1, "done")
    place(state, 0, -1, 0)  # seat 2 lays a tile elsewhere
    assert legal(state) == ["score tl-3-10", "done"]


def test_reading_scoring_step_always_offered_even_with_nothing_to_score() -> None:
    """Reading scoring-step-always-offered: the turn does not end by itself, so nobody
    learns that the player could not score."""
    state = scenario(board=EXAMPLE, drawn="TL-T12", cards={0: "TL-3-08 TL-3-01 TL-4-01"})
    place(state, 2, 0, 0)
    assert state.step == SCORE
    assert state.to_act == frozenset({0})
    assert legal(state) == ["done"]
    assert state.view(1)["step"] == "score"


def test_score_messages_say_what_is_wrong() -> None:
    """Bad scores: another player's card, a card already scored."""
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        step="score",
        cards={0: "TL-3-10 TL-3-01 TL-4-01", 1: "TL-3-05 TL-3-02 TL-4-02"},
        scored={0: "TL-3-10"},
    )
    assert str(refused(state, 0, "score tl-3-10")) == (
        "you have already scored TL-3-10 [Twinkling Lights, How to Play 2: Score Pattern Cards]"
    )
    for card in ("tl-3-05", "tl-3-09"):  # seat 1's card and a boxed card: the same reply
        assert str(refused(state, 0, f"score {card}")) == (
            f"{card.upper()} is not one of your Pattern cards"
            " [Twinkling Lights, How to Play 2: Score Pattern Cards]"
        )


# ------------------------------------------------------------------ winning the game


def test_ruling_t9_scoring_all_three_cards_wins_at_once() -> None:
    """Winning: "If you score all three of your Pattern cards before your opponents, you
    win the game!"; ruling T9: "The game ends immediately"."""
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        step="score",
        cards={0: "TL-3-10 TL-3-01 TL-4-01", 1: "TL-3-05 TL-3-02 TL-4-02"},
        scored={0: "TL-3-01 TL-4-01", 1: "TL-3-05 TL-3-02"},
    )
    assert len(state.stack) > 0
    events = state.apply(0, "score tl-3-10")
    assert events[-1] == {"type": "win", "seat": 0}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (3.0, 2.0, 0.0)
    assert outcome.ranks == (1, 2, 3)
    assert outcome.reason == "seat 0 scored all three Pattern cards"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    assert str(refused(state, 0, "done")) == (
        "the game is over (finished): no seat may act [Twinkling Lights: game end]"
    )


def test_reading_third_card_ends_the_game_even_on_the_last_tile_turn() -> None:
    """Reading third-card-ends-the-game: on the turn the stack ran out, the third card
    wins outright (ruling T9), not by the count of ruling T8."""
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        rest="board",
        step="score",
        cards={0: "TL-3-10 TL-3-01 TL-4-01"},
        scored={0: "TL-3-01 TL-4-01"},
    )
    assert state.stack == []
    state.apply(0, "score tl-3-10")
    assert state.outcome.reason == "seat 0 scored all three Pattern cards"
    assert state.ended is False


def test_ruling_t8_tiles_run_out_at_the_end_of_the_turn_the_last_tile_was_drawn() -> None:
    """Winning: "If you run out of Light tiles, the player who has scored the most Pattern
    cards wins"; ruling T8: "At the end of the turn in which the last tile of the stack
    is drawn, after that player's scoring step"."""
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        rest="board",
        drawn="TL-T12",
        cards={0: "TL-3-10 TL-3-01 TL-4-01", 1: "TL-3-05 TL-3-02 TL-4-02"},
        scored={1: "TL-3-05"},
    )
    assert state.stack == [] and state.outcome.status == "ongoing"
    place(state, 2, 1, 0)
    assert state.outcome.status == "ongoing"  # still the scoring step
    state.apply(0, "score tl-3-10")
    events = state.apply(0, "done")
    assert events == [{"type": "end-turn", "seat": 0}, {"type": "tiles-ran-out"}]
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0, 1)
    assert outcome.scores == (1.0, 1.0, 0.0)
    assert outcome.tiebreak == "draw"
    assert outcome.reason == (
        "the Light tiles ran out: a draw between seats 0 and 1: 1 Pattern card each and"
        " none scored a 4-Pattern card"
    )
    assert state.to_act == frozenset()


def test_ruling_t8_a_broken_wire_tile_still_held_is_ignored() -> None:
    """Ruling T8: "Any Broken Wire tile still held is ignored"."""
    state = scenario(board=EXAMPLE, rest="board", held={2: "TL-T33"}, step="score")
    state.apply(0, "done")
    assert state.outcome.status == "finished"
    assert state.held[2] == T["TL-T33"]
    assert conserved(state)


def test_tiles_run_out_the_most_scored_cards_wins() -> None:
    """Winning: "the player who has scored the most Pattern cards wins"."""
    state = scenario(
        board=EXAMPLE,
        rest="board",
        step="score",
        cards={0: "TL-3-01 TL-3-02 TL-4-01", 1: "TL-3-03 TL-3-04 TL-4-02"},
        scored={0: "TL-3-01", 1: "TL-3-03 TL-3-04"},
    )
    state.apply(0, "done")
    outcome = state.outcome
    assert outcome.winners == (1,)
    assert outcome.scores == (1.0, 2.0, 0.0)
    assert outcome.ranks == (2, 1, 3)
    assert outcome.tiebreak is None
    assert outcome.reason == "the Light tiles ran out: seat 1 scored the most (2 Pattern cards)"


def test_tie_goes_to_the_player_who_has_scored_a_4_pattern_card() -> None:
    """Winning: "In the case of a tie, the player who has scored a 4-Pattern card
    wins"."""
    state = scenario(
        board=EXAMPLE,
        rest="board",
        step="score",
        cards={0: "TL-3-01 TL-3-02 TL-4-01", 1: "TL-3-03 TL-3-04 TL-4-02"},
        scored={0: "TL-3-01 TL-3-02", 1: "TL-3-03 TL-4-02"},
    )
    state.apply(0, "done")
    outcome = state.outcome
    assert outcome.winners == (1,)
    assert outcome.tiebreak == "scored a 4-Pattern card"
    assert outcome.ranks == (2, 1, 3)
    assert outcome.reason == (
        "the Light tiles ran out: seats 0 and 1 tied with 2 Pattern cards; seat 1 has scored"
        " a 4-Pattern card"
    )


def test_a_further_tie_is_a_draw() -> None:
    """Winning: "If there is a further tie, the game ends in a draw" — both tied players
    scored a 4-Pattern card; the third, with fewer cards, does not share it."""
    state = scenario(
        board=EXAMPLE,
        rest="board",
        step="score",
        cards={0: "TL-3-01 TL-3-02 TL-4-01", 1: "TL-3-03 TL-3-04 TL-4-02"},
        scored={0: "TL-3-01 TL-4-01", 1: "TL-3-03 TL-4-02", 2: ""},
    )
    state.apply(0, "done")
    outcome = state.outcome
    assert outcome.winners == (0, 1)
    assert outcome.tiebreak == "draw"
    assert outcome.ranks == (1, 1, 3)
    assert outcome.reason == (
        "the Light tiles ran out: a draw between seats 0 and 1: 2 Pattern cards each and"
        " each scored a 4-Pattern card"
    )


# ------------------------------------------------------------------------ safety limit


def test_ruling_turn_limit_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: "after which it ends as *unfinished* — no
    winner"."""
    state = scenario(board=EXAMPLE, step="score", turn_limit=1)
    size = len(state.stack)
    assert state.apply(0, "done") == [{"type": "end-turn", "seat": 0}]
    assert state.drawn == -1 and len(state.stack) == size  # the next turn never starts
    outcome = state.outcome
    assert outcome.status == "unfinished"
    assert outcome.winners == () and outcome.scores is None
    assert outcome.reason == "turn limit of 1 reached"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME, players=2, seed=0).turn_limit == 100


def test_ruling_turn_limit_a_win_on_the_last_turn_still_counts() -> None:
    state = scenario(
        board=[*EXAMPLE, (2, 0, "TL-T01", 0)],
        step="score",
        cards={0: "TL-3-10 TL-3-01 TL-4-01"},
        scored={0: "TL-3-01 TL-4-01"},
        turns=4,
        turn_limit=5,
    )
    state.apply(0, "score tl-3-10")
    assert state.outcome.status == "finished"


# ----------------------------------------------------------------- options, bad input


@pytest.mark.parametrize("players", [0, 1, 5, "3", 3.0, True])
def test_player_count_2_to_4(players: Any) -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"twinkling-lights is for 2 to 4 players, got {players!r}"


@pytest.mark.parametrize("value", [0, -1, "10", 2.5, True])
def test_turn_limit_option_is_a_whole_number_at_least_1(value: Any) -> None:
    with pytest.raises(
        InvalidOption, match="option 'turn_limit' must be a whole number from 1 to 600"
    ):
        yuletide.new_game(GAME, players=3, seed=0, turn_limit=value)


def test_notation_errors_list_the_forms() -> None:
    state = scenario(board=EXAMPLE, drawn="TL-T12")
    for text in ("place 2,0", "column", "rotate 45", "score tl-9-99", "give 1", ""):
        err = refused(state, 0, text)
        assert isinstance(err, NotationError)
        assert str(err) == (
            f"{text!r} is not a Twinkling Lights action; the forms are: column <x> | row <y> |"
            " rotate 0|90|180|270 | give seat <n> | score <card id> | done (x from -33 to 34,"
            " y from -33 to 33; card ids such as tl-3-01)"
        )
    with pytest.raises(NotationError):
        tl.TwinklingLights.parse_action(7)  # type: ignore[arg-type]


def test_notation_round_trips_and_ignores_case_and_spacing() -> None:
    space = tl.TwinklingLights.action_space(4)
    assert len(space) == 68 + 67 + 4 + 4 + 14 + 1
    assert len(tl.TwinklingLights.action_space(2)) == len(space) - 2
    for action in space:
        assert tl.TwinklingLights.parse_action(str(action)) == action
    assert tl.TwinklingLights.parse_action("  SCORE   TL-3-10 ") == tl.Score(C["TL-3-10"])
    assert tl.TwinklingLights.parse_action("Column -3") == tl.Column(-3)


def test_illegal_actions_leave_the_state_unchanged_at_every_step() -> None:
    """IllegalAction changes nothing, and cites a rule, at every step of a turn."""
    situations = [
        scenario(board=EXAMPLE, drawn="TL-T33", held={1: "TL-T34"}),
        scenario(board=EXAMPLE, drawn="TL-T28", step="row", target=[1]),
        scenario(board=EXAMPLE, drawn="TL-T12", step="rotate", target=[2, 0]),
        scenario(board=[*EXAMPLE, (2, 0, "TL-T01", 0)], step="score"),
        scenario(board=EXAMPLE, held={0: "TL-T33"}),
    ]
    for state in situations:
        ok = set(legal(state))
        bad = [str(a) for a in state.action_space(3) if str(a) not in ok]
        for text in bad:
            err = refused(state, 0, text)
            assert err.rule is not None and err.rule.startswith(("Twinkling Lights", "ruling"))
        for seat in (1, 2, 3, -1, "0"):
            with pytest.raises(IllegalAction):
                state.apply(seat, next(iter(ok)))


def _messages(state: Any, seat: int) -> dict[str, str]:
    out = {}
    for action in state.action_space(state.players):
        try:
            state.clone().apply(seat, str(action))
            out[str(action)] = "legal"
        except IllegalAction as err:
            out[str(action)] = str(err)
    return out


@pytest.mark.parametrize("step", ["column", "score"])
def test_errors_legal_actions_and_views_never_depend_on_what_the_seat_cannot_see(
    step: str,
) -> None:
    """Hidden information: with the other hands, the box, the stack and another seat's
    drawn tile dealt differently, seat 0's view, legal actions and every message are the
    same."""
    board = [*EXAMPLE, (2, 0, "TL-T01", 0)]
    mine = "TL-3-10 TL-3-01 TL-4-01"
    a = scenario(
        board=board,
        cards={0: mine, 1: "TL-3-02 TL-3-03 TL-4-02"},
        step=step,
        drawn=None if step == "score" else "TL-T12",
        top=("TL-T05",),
    )
    b = scenario(
        board=board,
        cards={0: mine, 1: "TL-3-08 TL-3-09 TL-4-04"},
        step=step,
        drawn=None if step == "score" else "TL-T12",
        top=("TL-T33",),
        seed=9,
    )
    assert _messages(a, 0) == _messages(b, 0)
    assert legal(a, 0) == legal(b, 0)
    assert a.view(0) == b.view(0)
    c = scenario(board=board, drawn="TL-T05", turn=1, cards={0: mine})
    d = scenario(board=board, drawn="TL-T33", turn=1, cards={0: mine})
    assert _messages(c, 0) == _messages(d, 0)
    assert c.view(0) == d.view(0)
    assert c.events(0) == d.events(0)


# ------------------------------------------------------------------------- knowledge


def test_view_the_board_every_tile_rotation_wires_and_bulbs_for_everyone() -> None:
    """Issue, views: "the board (every tile, its rotation, its wires and bulbs) for
    everyone"."""
    state = scenario(
        board=[(0, 0, "TL-T01", 0), (1, 0, "TL-T15", 90), (1, 0, "TL-T28", 180)], drawn="TL-T12"
    )
    expected = [
        {
            "cell": [0, 0],
            "tile": "TL-T01",
            "kind": "standard",
            "layout": "X",
            "rotation": 0,
            "wires": [
                {"ports": ["N", "S"], "bulbs": ["purple", "red"]},
                {"ports": ["W", "E"], "bulbs": ["yellow"]},
            ],
            "covers": [],
        },
        {
            "cell": [1, 0],
            "tile": "TL-T28",
            "kind": "plus",
            "layout": "X",
            "rotation": 180,
            "wires": [
                {"ports": ["S", "N"], "bulbs": ["red"]},
                {"ports": ["E", "W"], "bulbs": ["yellow", "green"]},
            ],
            "covers": ["TL-T15"],
        },
    ]
    for seat in (0, 1, 2, None):
        assert state.view(seat)["board"] == expected


def test_view_your_own_pattern_cards_only_to_you() -> None:
    state = scenario(
        board=EXAMPLE, drawn="TL-T12", cards={1: "TL-3-10 TL-3-01 TL-4-01"}, scored={1: "TL-3-01"}
    )
    assert [c["id"] for c in state.view(1)["patterns"]] == ["TL-3-10", "TL-4-01"]
    assert state.view(1)["can_score"] == []
    for seat in (0, 2, None):
        text = json.dumps(state.view(seat))
        assert "TL-3-10" not in text and "TL-4-01" not in text
        assert "TL-3-01" in text  # scored: face up
        assert state.view(seat)["pattern_backs"][1] == ["red", "green"]


def test_determinize_re_deals_the_stack_the_other_cards_and_another_seats_drawn_tile() -> None:
    """Issue: "determinize re-deals the tile stack order, other players' unscored pattern
    cards and any drawn-but-unplaced tile of another seat"."""
    state = scenario(board=EXAMPLE, drawn="TL-T12", turn=1, cards={0: "TL-3-10 TL-3-01 TL-4-01"})
    changed: Counter[str] = Counter()
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert det.legal_actions(0) == []
        assert det.hand(0) == state.hand(0)
        assert sorted([*det.stack, det.drawn]) == sorted([*state.stack, state.drawn])
        assert conserved(det)
        for s in (1, 2):
            assert Counter(tl.IS_GREEN[c] for c in det.hand(s)) == {False: 2, True: 1}
        changed["stack"] += det.stack != state.stack
        changed["drawn"] += det.drawn != state.drawn
        changed["cards"] += det.owner != state.owner
    assert min(changed.values()) >= 15
    mine = state.determinize(1, Rng(0))
    assert mine.drawn == state.drawn  # the drawer knows its own tile


def test_determinize_keeps_what_the_chosen_cell_tells_about_the_drawn_tile() -> None:
    """Knowledge: a chosen cell means the tile is not a Broken Wire tile (those are
    placed with no rotation step); a covered cell means a + tile; a column alone tells
    nothing (every column holding a tile has free cells at its ends)."""
    plus_on_top = scenario(board=EXAMPLE, drawn="TL-T28", turn=1, step="rotate", target=[1, 0])
    free_cell = scenario(board=EXAMPLE, drawn="TL-T12", turn=1, step="rotate", target=[2, 0])
    column = scenario(board=EXAMPLE, drawn="TL-T12", turn=1, step="row", target=[1])
    seen: Counter[str] = Counter()
    for i in range(60):
        assert tl.IS_PLUS[plus_on_top.determinize(0, Rng(i)).drawn]
        d = free_cell.determinize(0, Rng(i)).drawn
        assert not tl.IS_BROKEN[d]
        seen["plus" if tl.IS_PLUS[d] else "standard"] += 1
        d = column.determinize(0, Rng(i)).drawn
        seen["broken after a column" if tl.IS_BROKEN[d] else "other"] += 1
    assert seen["standard"] > 0 and seen["plus"] > 0
    assert seen["broken after a column"] > 0


def test_event_log_hides_another_seats_draw() -> None:
    state = scenario(board=EXAMPLE, step="score", top=("TL-T12",))
    start = len(state.log)
    state.apply(0, "done")
    assert state.events(1, start)[-1] == {"type": "draw", "seat": 1, "tile": "TL-T12"}
    assert state.events(0, start)[-1] == {"type": "draw", "seat": 1}
    assert state.events(None, start)[-1] == {"type": "draw", "seat": 1}


def test_render_shows_the_board_strands_seats_and_your_cards_as_text() -> None:
    """Issue: "A text rendering of the board for the terminal and for logs that a person
    can follow" — bulbs as letters (colour is never the only cue)."""
    state = scenario(board=EXAMPLE, drawn="TL-T33", cards={0: "TL-3-10 TL-3-01 TL-4-01"})
    text = render_text(state.view(0))
    assert text.splitlines()[:14] == [
        "Twinkling Lights — seat 0 to act (column); turn 1, 32 tiles in the stack",
        "        x=-1     x=0      x=1      x=2",
        "",
        "",
        " y=1             0,1      1,1",
        "",
        "",
        "              +---|---++---|---+",
        "              |   B   ||   R   |",
        " y=0    -1,0  --G-|-P----P-|-B--   2,0",
        "              |   |   ||   |   |",
        "              +---|---++---|---+",
        "",
        "",
    ]
    assert "Bulbs: R red, G green, B blue, Y yellow, P purple" in text
    assert "path B-P-P-G   via 1,0 0,0" in text or "path G-P-P-B   via 0,0 1,0" in text
    assert "Your Pattern cards: TL-3-01 (red) G-R-B; TL-3-10 (red) P-B-Y; TL-4-01" in text
    assert "Your tile: TL-T33 (broken-wire)" in text
    spectator = render_text(state.view(None))
    assert "Your" not in spectator and "Seat 0 holds a tile to place." in spectator


# -------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_by_three_cards_or_by_running_out_of_tiles(players: int) -> None:
    """Whole games: every tile and card kept; the game ends finished, said how."""
    rng = Rng(players)
    ends: Counter[str] = Counter()
    for seed in range(12):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        while not state.outcome.over:
            assert conserved(state)
            seat = state.turn
            actions = state.legal_actions(seat)
            scores = [a for a in actions if str(a).startswith("score")]
            state.apply(seat, scores[0] if scores else actions[rng.below(len(actions))])
        outcome = state.outcome
        assert outcome.status == "finished"
        if outcome.reason.endswith("scored all three Pattern cards"):
            ends["three"] += 1
            assert len(state.scored_by(outcome.winners[0])) == 3
        else:
            assert outcome.reason.startswith("the Light tiles ran out: ")
            assert state.stack == [] and state.ended
            ends["out"] += 1
        assert state.turns <= 36
    assert sum(ends.values()) == 12


def test_save_load_and_replay_mid_game_continue_identically() -> None:
    state = yuletide.new_game(GAME, players=4, seed=11)
    random_play(state, Rng(3), 50)
    loaded = yuletide.load(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    random_play(state, Rng(5), 40)
    random_play(loaded, Rng(5), 40)
    assert loaded.to_json() == state.to_json()
    det = state.determinize(0, Rng(1))
    with pytest.raises(CorruptSave, match="is a determinized state"):  # issue 12
        yuletide.load(det.to_json())


def test_strands_in_the_view_follow_the_board_after_every_placement() -> None:
    """Caching keyed by the board: the strands shown are always those of the board."""
    from yuletide.games.twinkling_lights.geometry import Board

    state = yuletide.new_game(GAME, players=3, seed=8)
    rng = Rng(4)
    while not state.outcome.over:
        fresh = Board(dict(state.board().items()))
        assert [s.lights for s in fresh.strands()] == [s.lights for s in state.board().strands()]
        view = state.view(None)
        assert len(view["strands"]) == len(fresh.strands())
        actions = state.legal_actions(state.turn)
        state.apply(state.turn, actions[rng.below(len(actions))])


def test_views_are_fresh_objects_a_caller_may_change() -> None:
    """A client that edits its view must not change the game or another view."""
    state = yuletide.new_game("twinkling-lights", players=2, seed=3)
    untouched = json.dumps(state.view(0))
    first = state.view(0)
    first["board"].clear()
    first["strands"].append("junk")
    assert json.dumps(state.view(0)) == untouched
    assert state.view(1)["board"] == json.loads(untouched)["board"]


# ------------------------------------------------------------- issue 12: determinize


def _seat_1_has_drawn() -> Any:
    """2 players, seed 0: seat 0 places its tile and ends its turn (the first legal
    action each time), so seat 1 holds its dealt cards and a drawn tile, both private."""
    state = yuletide.new_game(GAME, players=2, seed=0)
    while state.turn == 0:
        state.apply(0, state.legal_actions(0)[0])
    assert state.step == COLUMN and state.drawn >= 0
    return state


def test_issue_12_determinize_withholds_other_seats_private_events() -> None:
    """Issue 12, section 1: ``determinize(0, ·).events(1)`` listed seat 1's private
    events (its dealt Pattern cards, the tile it drew). The determinized log is frozen
    as seat 0 and the table saw it: seat 1's entries read as the table saw them."""
    state = _seat_1_has_drawn()
    private = state.events(1)
    assert next(e for e in private if e["type"] == "deal" and e["seat"] == 1)["cards"]
    assert "tile" in private[-1] and private[-1]["type"] == "draw"
    for k in range(10):
        det = state.determinize(0, Rng(k))
        assert det.events(0) == state.events(0)
        assert det.events(1) == state.events(None)
        deal = [e for e in det.events(1) if e["type"] == "deal" and e["seat"] == 1]
        assert deal == [{"type": "deal", "seat": 1, "backs": ["red", "red", "green"]}]
        assert det.events(1)[-1] == {"type": "draw", "seat": 1}
        assert det.seed == 0 and det.record().actions == ()


def _other_world(state: Any, seat: int) -> Any:
    """``state`` with everything hidden from ``seat`` moved: the stack reversed, another
    seat's drawn tile swapped with a stack tile of the same kind, the other players'
    unscored cards swapped with the box's, another RNG. ``seat`` cannot tell it apart."""
    other = state.clone()
    other.stack.reverse()
    if other.drawn >= 0 and other.turn != seat:
        kind = tl.TILES[other.drawn].kind
        i = next(i for i, t in enumerate(other.stack) if tl.TILES[t].kind == kind)
        other.stack[i], other.drawn = other.drawn, other.stack[i]
    for green in (False, True):
        hidden = [
            c
            for c in range(tl.N_CARDS)
            if tl.IS_GREEN[c] == green and not other.scored[c] and other.owner[c] != seat
        ]
        holders = [other.owner[c] for c in hidden]
        for c, holder in zip(hidden, holders[1:] + holders[:1], strict=True):
            other.owner[c] = holder
    other.rng = Rng(987654321)
    return other


@pytest.mark.parametrize(("players", "seed"), [(2, 100), (4, 100), (3, 7)])
def test_issue_12_determinize_is_canonical_hidden_pools_sorted_before_shuffling(
    players: int, seed: int
) -> None:
    """Issue 12, section 1: the conformance property failed at ``state.owner[...]`` (2
    and 4 players, seed 100, the first state): the other seats' cards were re-dealt in
    their true order. Now every hidden pool is sorted before it is shuffled: two worlds
    a seat cannot tell apart give byte-equal determinizations, for every rng."""
    state = yuletide.new_game(GAME, players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(3 * players + 1):  # into another seat's turn, its tile drawn
        state.apply(state.turn, state.legal_actions(state.turn)[0])
    for seat in range(players):
        worlds = [_other_world(state, seat), state.determinize(seat, Rng(rng.next64()))]
        for other in worlds:
            assert other.view(seat) == state.view(seat)
            assert other.events(seat) == state.events(seat)
            assert other.to_json() != state.to_json()
            for k in range(12):
                det = state.determinize(seat, Rng(k))
                assert det.to_json() == other.determinize(seat, Rng(k)).to_json()


def test_issue_12_determinize_re_samples_other_seats_cards_as_the_seat_knows_them() -> None:
    """Issue 12, section 1: other seats' cards are re-sampled, never copied, keeping
    what ``seat`` knows: its own cards, every scored card, and each player's backs."""
    state = scenario(
        board=GRBY,
        drawn="TL-T12",
        turn=1,
        cards={0: "TL-3-10 TL-3-01 TL-4-01", 2: "TL-3-02 TL-3-03 TL-4-02"},
        scored={2: "TL-3-02"},
    )
    hands: set[tuple[int, ...]] = set()
    for k in range(30):
        det = state.determinize(0, Rng(k))
        assert det.hand(0) == state.hand(0)
        assert det.scored_by(2) == state.scored_by(2)
        assert det.view(0)["pattern_backs"] == state.view(0)["pattern_backs"]
        hands.add((*det.hand(1), *det.hand(2)))
    assert len(hands) > 20


# ------------------------------------------------------ issue 12: hostile input


@pytest.mark.parametrize("step", ["column", "row"])
@pytest.mark.parametrize("foreign", ["looney-lights", "deck-the-yard", "solo-lights", "blink"])
def test_issue_12_another_games_action_is_a_notation_error_not_an_assertion_error(
    step: str, foreign: str
) -> None:
    """Issue 12, section 4: another game's action raised an empty AssertionError (the
    last lines of ``why_illegal``, which vanish under ``python -O``). Every per-seat
    function now refuses it by name, the state unchanged."""
    state = scenario(board=EXAMPLE, drawn="TL-T12", step=step, target=[2] if step == "row" else [])
    cls = yuletide.game_class(foreign)
    action = cls.action_space(cls.default_players)[0]
    before = state.to_json()
    message = r"is not an action of Twinkling Lights: an action is one of action_space\(3\)"
    with pytest.raises(NotationError, match=message):
        state.apply(0, action)
    with pytest.raises(NotationError, match=message):
        state.why_illegal(0, action)
    with pytest.raises(NotationError, match=message):
        state.action_seen_by(0, action, 1)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [tl.Score(99), tl.Score(-1), tl.Column(99), tl.Row(-99), tl.Rotate(4), tl.Give(-1)],
    ids=repr,
)
def test_issue_12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values out of range never
    reach the rules (``Score(99)`` would raise IndexError there)."""
    state = scenario(board=EXAMPLE, drawn="TL-T33")
    before = state.to_json()
    described = re.escape(action_fields(action))  # its fields: the notation may wrap around
    with pytest.raises(NotationError, match=f"{described} is not an action of"):
        state.apply(0, action)
    assert state.to_json() == before


def test_issue_12_giving_to_a_seat_the_table_does_not_have_names_the_seats() -> None:
    """``give seat 3`` parses at any player count; at two or three seats it is no action
    of the game, and the message says which seats there are."""
    for players in (2, 3):
        state = scenario(players, board=EXAMPLE, drawn="TL-T33")
        for action in ("give seat 3", tl.Give(3)):
            with pytest.raises(NotationError, match=f"seats are 0 to {players - 1}"):
                state.apply(0, action)
        assert "give seat 1" in legal(state)


# --------------------------------------------------------------------------- phases


def test_phases_name_the_steps_of_a_turn_a_received_tile_the_last_tile_and_the_end() -> None:
    """Phases (the conformance leak check visits each): the three placing steps and the
    scoring step of a turn, a turn playing a received Broken Wire tile, the last turn
    (the stack is empty: the drawn tile is the only one left) and the end."""
    assert tl.TwinklingLights.phases == (
        "column",
        "row",
        "rotate",
        "score",
        "received-broken-wire",
        "last-tile",
        "game-over",
    )
    assert scenario(board=EXAMPLE, drawn="TL-T12").current_phase == "column"
    assert scenario(board=EXAMPLE, drawn="TL-T12", step="row", target=[2]).current_phase == "row"
    rotate = scenario(board=EXAMPLE, drawn="TL-T12", step="rotate", target=[2, 0])
    assert rotate.current_phase == "rotate"
    assert scenario(board=EXAMPLE, step="score").current_phase == "score"
    received = scenario(board=EXAMPLE, held={0: "TL-T33"})
    assert received.current_phase == "received-broken-wire"
    received.apply(0, "column 2")
    assert received.current_phase == "received-broken-wire"
    last = scenario(board=EXAMPLE, drawn="TL-T12", rest="board")
    assert last.current_phase == "last-tile"
    place(last, 2, 0, 0)
    assert last.current_phase == "last-tile"
    last.apply(0, "done")
    assert last.outcome.over and last.current_phase == "game-over"


def test_issue_12_a_finished_games_header_names_no_seat_to_act() -> None:
    """Issue 12, section 5: a finished game's text still said "seat N to act"."""
    state = scenario(board=EXAMPLE, drawn="TL-T12", rest="board")
    place(state, 2, 0, 0)
    state.apply(0, "done")
    assert state.outcome.over
    for seat in (0, 1, None):
        text = render_text(state.view(seat))
        assert (
            text.splitlines()[0]
            == "Twinkling Lights — game over after 1 turn, 0 tiles in the stack"
        )
        assert "to act" not in text
