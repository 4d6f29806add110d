"""The Textual table (yuletide.terminal.app) driven by Textual's Pilot: every game from
its first screen to its end screen by key presses against bots, the real-time clock,
the end screen, monochrome, and the keys that go back."""

from __future__ import annotations

import pytest
from tests.terminal.kit import SIZE, local_app, play_by_keys

import yuletide
from yuletide.core.registry import game_info, spec

#: Games whose whole game by keys took minutes against random bots (a memory game of 60
#: cards, long races across a grid, a knot): the easy level ends them 4-10 times sooner
#: (random bots seldom finish anything), so they play against it. Still run by make test.
LONG = {"wheres-that-bulb", "jingle-bell-run", "untangle", "christmas-lights"}
GAMES = [pytest.param(g, marks=pytest.mark.slow) if g in LONG else g for g in yuletide.games()]


@pytest.mark.parametrize("game", GAMES)
async def test_every_game_is_played_to_the_end_by_keys(game: str) -> None:
    """Start, make every kind of move by keys (picks on the table with ←/→ and Space, Esc
    back, number keys, ↓ Enter, forms), and reach the end screen against bots."""
    players = game_info(game)["min_players"]
    # in a race random bots never collect a set, so a round could last for ever: the
    # easy level plays to win (and fast, QUICK reaction times); so it does in the long games
    bots = "easy" if spec(game).real_time or game in LONG else "random"
    app = local_app(game, seed=11, players=players, bots=bots)
    async with app.run_test(size=SIZE) as pilot:
        used = await play_by_keys(pilot, app, seed=5)
        await pilot.pause()
        assert app.session.over()
        model = app.shown_model
        assert model is not None and model["result"] is not None
        status = str(app.query_one("#status").render())
        assert model["result"]["headline"] in status
        assert "Every card is shown" in status
        assert model["prompt"]["text"].startswith("The game is over")
    assert sum(used.values()) > 0
