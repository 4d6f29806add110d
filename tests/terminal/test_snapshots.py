"""A mid-game screen of every game at 80x24: drawn again here and checked for what a
player must see (your own area on screen, the prompt, glyphs with their names); the
committed pictures in tests/terminal/snapshots/ are rewritten by
``python -m tests.terminal.snapshots`` and reviewed as images."""

from __future__ import annotations

import pytest
from tests.terminal.kit import SIZE, SNAPSHOTS
from tests.terminal.snapshots import still_app

import yuletide


@pytest.mark.parametrize("game", yuletide.games())
async def test_a_mid_game_screen_fits_80x24_with_your_own_area(game: str) -> None:
    assert (SNAPSHOTS / f"{game}.svg").exists(), "run python -m tests.terminal.snapshots"
    app = still_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.drawn = -1
        app.redraw()
        await pilot.pause()
        mine = app.query_one("#mine")
        # your own area is on screen, below the table, with your seat in it
        assert mine.region.height > 0
        assert mine.region.y + mine.region.height <= SIZE[1]
        assert "You" in str(mine.render()) or app.session.players == 1
        model = app.session.model()
        assert model is not None
        status = str(app.query_one("#status").render())
        assert model["prompt"]["text"][:40] in status.replace("\n", " ")
        svg = app.export_screenshot()
    assert "<svg" in svg
