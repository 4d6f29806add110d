"""``yuletide replay FILE`` on the table: step back and forth, jump to a step, watch as
any seat, and every card shown after the last step."""

from __future__ import annotations

import random

from tests.terminal.kit import SIZE

import yuletide
from yuletide.terminal.app import ReplayApp
from yuletide.terminal.session import ReplaySession


def _finished_record() -> yuletide.core.state.ReplayRecord:  # type: ignore[name-defined]
    state = yuletide.new_game("looney-lights", players=3, seed=4)
    rnd = random.Random(4)
    while not state.outcome.over:
        seat = min(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state.record()


async def test_replay_steps_jumps_changes_seat_and_reveals_at_the_end() -> None:
    record = _finished_record()
    session = ReplaySession(record, None)
    app = ReplayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert session.step == 0
        await pilot.press("right", "right", "right")
        assert session.step == 3
        await pilot.press("left")
        assert session.step == 2
        assert "Step 2 of" in str(app.query_one("#status").render())
        await pilot.press("g", "1", "0", "enter")
        await pilot.pause()
        assert session.step == 10
        await pilot.press("s")  # a spectator, then seat 1 (counted from 1 on screen)
        assert session.seat == 0
        assert "as seat 1 saw it" in session.banner()
        mine = str(app.query_one("#mine").render())
        assert "You" in mine  # your own area, as seat 1 saw it
        await pilot.press("end")
        await pilot.pause()
        assert session.over()
        status = str(app.query_one("#status").render())
        assert "Every card is shown" in status
        model = app.shown_model
        assert model is not None
        assert all(
            c["face"] != "down" for z in model["zones"] if z["kind"] == "hand" for c in z["cards"]
        )
