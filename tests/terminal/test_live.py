"""Live tables: in a real-time game the bots' moves and the clock appear without a key
press, and a key acts on the table as it is now; a turn-based bot's move shows after
its pause; a forced single move is made for the player."""

from __future__ import annotations

import re

from tests.terminal.kit import SIZE, local_app, wait_for

from yuletide.bots.base import ReactionTime


def _board(app: object) -> str:
    return str(app.query_one("#board").render())  # type: ignore[attr-defined]


def _shows_last_move(app: object, seat: int) -> bool:
    """A seat's last move is on the table, by name ("Random bot 2 … — passed …" on a
    short screen, "last: Random bot 2 passed …" otherwise)."""
    s = app.session  # type: ignore[attr-defined]
    if seat not in s.last:
        return False
    name = s.who(seat)
    words = s.say(s.last[seat]).removeprefix(name + " ")[:12]
    board = _board(app).replace("\u00a0", " ")
    return name in board and words.replace("\u00a0", " ") in board


def _banner(app: object) -> str:
    return str(app.query_one("#banner").render())  # type: ignore[attr-defined]


async def test_a_bots_move_appears_in_real_time_without_a_key() -> None:
    app = local_app("reindeers-nose", seed=4, players=4, reaction=ReactionTime(0.3, 0.1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session.realtime  # type: ignore[attr-defined]
        first = _banner(app)
        assert "⏱" in first
        # no key is pressed: the bots pass and pick up on the table clock
        await wait_for(pilot, lambda: any(s != 0 for s in app.session.last), seconds=10)
        await wait_for(pilot, lambda: any(_shows_last_move(app, s) for s in (1, 2, 3)), seconds=5)
        clock = re.search(r"⏱\s*([0-9.]+)s", _banner(app))
        assert clock is not None and float(clock.group(1)) > 0
        # a key acts on the table as it is now: the first choice of the current list
        before = len(app.session.state.history)  # type: ignore[attr-defined]
        mine = [a for a in app.session.state.history if a[0] == 0]  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: bool(app.choice_ids), seconds=10)
        await pilot.press("1")
        await pilot.pause()
        after = [a for a in app.session.state.history if a[0] == 0]  # type: ignore[attr-defined]
        assert len(after) == len(mine) + 1
        assert len(app.session.state.history) > before  # type: ignore[attr-defined]


async def test_turn_based_bots_move_after_their_pause_and_forced_moves_are_made() -> None:
    app = local_app("looney-lights", seed=6, players=3, pace=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(30):
            await wait_for(pilot, lambda: bool(app.choice_ids) or app.session.over())
            if app.session.over():
                break
            await pilot.press("1")
        # every seat's last move is marked on the table or in your own area
        seats = set(app.session.last)
        assert {1, 2} <= seats
        assert _shows_last_move(app, 1) or _shows_last_move(app, 2)


async def test_a_pick_on_the_table_can_be_taken_back() -> None:
    app = local_app("christmas-lights", seed=5, players=3, pace=1e9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.chooser
        await wait_for(pilot, lambda: bool(c.actions))
        await pilot.press("1")  # choose a pattern: then cards are played card first
        await wait_for(pilot, lambda: bool(c.next_refs()) and c.next_refs()[0].startswith("hand"))
        await pilot.press("right", "space")
        assert c.partial and c.partial[0].startswith("hand:")
        assert "Picked:" in str(app.query_one("#status").render())
        await pilot.press("escape")
        assert not c.partial
        state = app.session.state  # type: ignore[attr-defined]
        mine = sum(1 for s, _ in state.history if s == 0)
        await pilot.press("space", "space")  # a card, then the slot: the move is made
        await pilot.pause()
        assert sum(1 for s, _ in state.history if s == 0) == mine + 1


async def test_monochrome_keeps_every_glyph_and_name() -> None:
    app = local_app("looney-lights", seed=6, players=3, pace=1e9, mono=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        svg = app.export_screenshot()
        mine = str(app.query_one("#mine").render())
        assert any(g in mine for g in "♥♣★♦♠✿") or "Plug" in mine or "Bubble" in mine
    # no colour of the palette is painted
    assert "#b71c1c" not in svg and "#1b5e20" not in svg
