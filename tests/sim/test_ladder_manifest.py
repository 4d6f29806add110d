"""The strength ladder reads what it needs of a game from the manifest: ``long`` (fewer
games in each of its cells) and a solo game's ``difficulty_options`` (every level at
each, in the declared order)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from yuletide.core.registry import games, register, spec
from yuletide.sim.ladder import PAIRINGS, SOLO_LEVELS, cells

PAIRS = PAIRINGS["required"]


@contextmanager
def declared(game_id: str, **fields: Any) -> Iterator[None]:
    """``game_id``'s manifest with ``fields`` changed, for the block (then put back)."""
    original = spec(game_id)
    register(dataclasses.replace(original, **fields))
    try:
        yield
    finally:
        register(original)


@pytest.mark.parametrize("game_id", [g for g in games() if not spec(g).solo])
def test_a_long_game_plays_the_long_count_in_every_cell(game_id: str) -> None:
    for long in (False, True):
        with declared(game_id, long=long):
            counts = {c.games for c in cells([game_id], PAIRS, 200, 100, 50)}
        assert counts == {100 if long else 200}


def test_the_long_games_are_declared() -> None:
    long = sorted(g for g in games() if spec(g).long)
    assert long == ["christmas-lights", "jingle-bell-run", "untangle", "wheres-that-bulb"]


def _options(game_id: str) -> list[Mapping[str, Any]]:
    """The options of a solo game's cells, each once, in the ladder's order."""
    out: list[Mapping[str, Any]] = []
    for c in cells([game_id], PAIRS, 200, 100, 50):
        assert c.players == 1 and c.games == 50
        if dict(c.options) not in out:
            out.append(dict(c.options))
    return out


@pytest.mark.parametrize("game_id", [g for g in games() if spec(g).solo])
def test_a_solo_game_is_played_at_every_declared_difficulty_option(game_id: str) -> None:
    declared_options = spec(game_id).difficulty_options
    assert declared_options, "a solo game declares its difficulty options"
    assert _options(game_id) == [dict(o) for o in declared_options]
    per_option = len(cells([game_id], PAIRS, 200, 100, 50)) // len(declared_options)
    assert per_option == len(SOLO_LEVELS)
    with declared(game_id, difficulty_options=()):
        assert _options(game_id) == [{}]  # none declared: the defaults only
    with declared(game_id, difficulty_options=tuple(reversed(declared_options))):
        assert _options(game_id) == [dict(o) for o in reversed(declared_options)]
