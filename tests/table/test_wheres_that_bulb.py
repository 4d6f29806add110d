"""Where's That Bulb?'s table model on known positions: the 10 x 6 grid of face-down
cards, the card flipped this turn face up, last turn's faces and (memory aid) every seen
face as knowledge, the pairs won, and the result with its Character tie-break."""

from __future__ import annotations

from typing import Any

from yuletide.core.registry import new_game
from yuletide.games.christmas_lights.wheres_that_bulb.rules import KINDS, PARTNER, cell_name
from yuletide.games.christmas_lights.wheres_that_bulb.table import _spot
from yuletide.table import build, describe
from yuletide.table.check import problems

GAME = "wheres-that-bulb"


def _model(state: Any, seat: int | None) -> dict[str, Any]:
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    model = build(GAME, state.view(seat), legal, seat)
    assert not problems(model, legal)
    return model


def _grid(model: dict[str, Any]) -> dict[str, dict[str, Any]]:
    zone = next(z for z in model["zones"] if z["id"] == "grid")
    return {c["id"]: c for c in zone["cards"]}


def _labels(model: dict[str, Any]) -> dict[str, str]:
    return {a["id"]: a["label"] for a in model["prompt"]["actions"]}


def _cells(state: Any, want: Any) -> list[str]:
    """Cells (by name) of the true grid whose kind satisfies ``want`` (test set-up only)."""
    return [cell_name(c) for c, k in enumerate(state.grid) if k >= 0 and want(KINDS[k])]


def _flip(state: Any, cell: str) -> None:
    (seat,) = state.to_act
    state.apply(seat, state.parse_action(f"flip {cell}"))


def test_the_grid_starts_face_down_and_every_card_can_be_flipped() -> None:
    state = new_game(GAME, players=3, seed=1)
    model = _model(state, 0)
    zone = next(z for z in model["zones"] if z["id"] == "grid")
    assert zone["kind"] == "grid" and zone["columns"] == 10 and len(zone["cards"]) == 60
    c4 = _grid(model)["grid:c4"]
    assert c4["face"] == "down" and c4["cell"] == [3, 2]
    # places in words (the 3rd card of the 4th row), never the notation's c4
    assert c4["label"] == "Face-down card: the 3rd card of the 4th row" and "knowledge" not in c4
    assert _labels(model)["flip c4"] == "Flip the 3rd card of the 4th row"
    assert model["prompt"]["actions"][0]["refs"] == ["grid:a1"]
    assert model["headline"] == "Turn 1 — your turn: flip a card"


def test_the_first_card_shows_and_the_prompt_names_what_would_pair() -> None:
    state = new_game(GAME, players=3, seed=1)
    red = _cells(state, lambda k: k == "red")[0]
    _flip(state, red)
    model = _model(state, 0)
    up = _grid(model)[f"grid:{red}"]
    assert up["face"] == "up" and up["label"] == "Red ♥" and up["colour"]["glyph"] == "♥"
    assert f"flip {red}" not in _labels(model)
    assert model["headline"] == (
        f"Turn 1 — your turn: flip a second card: find another Red ♥ to pair with the Red ♥"
        f" ({_spot(red)})"
    )
    santa = new_game(GAME, players=3, seed=1)
    _flip(santa, _cells(santa, lambda k: k == "santa")[0])
    assert "find Mrs. Claus to pair with the Santa" in _model(santa, 0)["headline"]
    other = _model(state, 1)
    assert other["headline"] == "Turn 1 — Seat 1 is flipping a second card"


def test_last_turns_faces_are_knowledge_and_the_log_says_so() -> None:
    state = new_game(GAME, players=3, seed=1)
    red = _cells(state, lambda k: k == "red")[0]
    blue = _cells(state, lambda k: k == "blue")[0]
    _flip(state, red)
    _flip(state, blue)
    model = _model(state, 1)
    grid = _grid(model)
    assert grid[f"grid:{red}"]["face"] == "down"
    assert grid[f"grid:{red}"]["knowledge"] == ["flipped last turn: Red ♥"]
    assert _labels(model)[f"flip {blue}"] == f"Flip {_spot(blue)} (flipped last turn: Blue ♦)"
    texts = [describe(GAME, e, 1)["text"] for e in state.events(1, 0)]
    assert texts[-3:] == [
        f"Seat 1 flipped {_spot(red)}: a Red ♥.",
        f"Seat 1 flipped {_spot(blue)}: a Blue ♦.",
        "No match: the cards go face down again; seat 1 ends the turn.",
    ]
    # a turn later, without the memory aid, the faces are gone from the table
    _flip(state, red)
    _flip(state, _cells(state, lambda k: k == "plug")[0])
    later = _grid(_model(state, 2))[f"grid:{blue}"]
    assert "knowledge" not in later


def test_the_memory_aid_shows_every_card_seen() -> None:
    state = new_game(GAME, players=2, seed=1, memory_aid=True)
    red = _cells(state, lambda k: k == "red")[0]
    blue = _cells(state, lambda k: k == "blue")[0]
    _flip(state, red)
    _flip(state, blue)
    _flip(state, _cells(state, lambda k: k == "pink")[0])
    _flip(state, _cells(state, lambda k: k == "plug")[0])
    model = _model(state, 0)
    assert _grid(model)[f"grid:{red}"]["knowledge"] == ["seen before: Red ♥"]
    assert model["markers"][0]["label"] == "Memory aid on: every card seen shows what it was"


def test_a_pair_leaves_an_empty_slot_and_goes_in_front_of_its_player() -> None:
    state = new_game(GAME, players=2, seed=1)
    a, b = _cells(state, lambda k: k == "santa")[0], _cells(state, lambda k: k == "mrs-claus")[0]
    _flip(state, a)
    _flip(state, b)
    model = _model(state, 0)
    assert _grid(model)[f"grid:{a}"]["face"] == "slot"
    pairs = next(z for z in model["zones"] if z["id"] == "pairs:0")
    assert [c["label"] for c in pairs["cards"]] == ["Santa", "Mrs. Claus"]
    assert pairs["label"] == "Your pairs"
    assert model["seats"][0]["score"] == "1 pair"
    assert model["seats"][0]["detail"] == "1 Character pair"
    assert model["seats"][0]["to_act"]  # another turn
    assert describe(GAME, state.events(None, 0)[-1], None)["text"] == (
        f"Seat 1 matched {_spot(a)} and {_spot(b)}: a pair! Seat 1 takes another turn."
    )


def test_a_spectator_sees_the_same_grid_and_no_prompt() -> None:
    state = new_game(GAME, players=3, seed=2)
    _flip(state, "a1")
    spectator = _model(state, None)
    assert _grid(spectator) == _grid(_model(state, 0))
    assert spectator["prompt"]["actions"] == []


def test_a_whole_game_with_perfect_memory_ends_with_the_pairs_counted() -> None:
    state = new_game(GAME, players=2, seed=3)
    seen: dict[str, str] = {}
    names = [cell_name(c) for c in range(60)]

    def mate(kind: str) -> str:
        return KINDS[PARTNER[KINDS.index(kind)]]

    while not state.outcome.over:
        (seat,) = state.to_act
        grid = state.view(seat)["grid"]
        left = [c for c, g in zip(names, grid, strict=True) if g is not None]
        up = next((c for c, g in zip(names, grid, strict=True) if g and g["face"] == "up"), None)
        unseen = [c for c in left if c not in seen and c != up]
        if up is None:
            pairs = [
                x
                for x in left
                for y in left
                if x != y
                and x in seen
                and y in seen
                and seen[x] != "broken"
                and mate(seen[x]) == seen[y]
            ]
            cell = (pairs or unseen or [c for c in left if seen[c] != "broken"])[0]
        else:
            known = [c for c in left if c != up and seen.get(c) == mate(seen[up])]
            cell = (known or unseen or [c for c in left if c != up])[0]
        _flip(state, cell)
        flip = next(e for e in reversed(state.events(None, 0)) if e["type"] == "flip")
        seen[flip["cell"]] = flip["card"]
    model = _model(state, 0)
    res = model["result"]
    rows = {r[0]: r[1:] for r in res["breakdown"]["rows"]}
    assert sum(rows["Pairs"]) == 28 and sum(rows["Character card pairs"]) == 3
    assert res["breakdown"]["columns"] == ["", "You", "Seat 2"]
    assert res["winners"] == list(state.outcome.winners)
    assert sum(1 for c in _grid(model).values() if c["face"] == "down") == 4
    texts = [describe(GAME, e, 0)["text"] for e in state.events(0, 0)]
    assert texts[-1] == "Every card but the Broken Bulbs is matched: the game ends."
    assert sum(1 for t in texts if "a pair!" in t) == 28
