"""The hint key ``h`` in the terminal (Textual's Pilot): against bots on this machine the
strong bot's search runs in a thread ("Thinking…" while the screen stays live), then the
advice shows under the prompt, in words with chances, and clears when you move; at a
server table (a real ``yuletide serve``) the server answers the seat."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator

import pytest
from tests.server.kit import LIFTED, Api, ServeCommand, sqlite_url
from tests.terminal.kit import SIZE, local_app, wait_for

from yuletide.table.hints import Hint
from yuletide.terminal.app import RemoteApp, TableApp
from yuletide.terminal.remote import RemoteSession, parse_invite
from yuletide.terminal.session import LocalSession

CHANCE = re.compile(r"\d{1,3}% to win")


def status_of(app: TableApp) -> str:
    return str(app.query_one("#status").render())


def my_turn(app: TableApp) -> bool:
    model = app.session.model()
    return model is not None and bool(model["prompt"]["actions"]) and not app.thinking


async def test_the_hint_key_against_bots_here() -> None:
    app = local_app("christmas-lights", seed=4, players=3, bots="random")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        # the key is in the footer's keys (shown), and in the help
        hint_key = app.active_bindings.get("h")
        assert hint_key is not None and hint_key.binding.show
        assert hint_key.binding.description == "Hint"
        # the real search, held at a gate until the test has seen the screen meanwhile
        gate = threading.Event()
        session = app.session
        assert isinstance(session, LocalSession)
        real_job = session.hint_job

        def gated() -> tuple[object, Callable[[], Hint]]:
            at, work = real_job()

            def held() -> Hint:
                assert gate.wait(60)
                return work()

            return at, held

        session.hint_job = gated  # type: ignore[method-assign]
        await pilot.press("h")
        assert app.session.hint_words() == "Thinking…"
        assert "Hint: Thinking…" in status_of(app)
        # worked out off the loop: the screen keeps answering meanwhile, and a second
        # ask waits for the first
        await pilot.press("h")
        assert "being worked out" in status_of(app)
        await pilot.press("right")  # the cursor still moves: the screen is live
        gate.set()
        await wait_for(pilot, lambda: app.session.hint is not None, seconds=60)
        await pilot.pause()
        app.drawn = -1
        app.redraw()
        status = status_of(app)
        assert "Hint: Best: " in status, status
        assert CHANCE.search(status), status
        hint = app.session.hint
        assert hint is not None and hint["moves"]
        model = app.session.model()
        assert model is not None
        labels = {a["label"] for a in model["prompt"]["actions"]}
        assert hint["moves"][0]["label"] in labels  # the prompt's own words
        # the ▶ cursor is on the recommended move's first pick
        refs = app.chooser.next_refs()
        first = hint["moves"][0]["refs"][:1]
        if first and first[0] in refs:
            assert refs[app.cursor] == first[0]
        # asked again at once: one at a time is not an issue once shown; play the move
        best = hint["moves"][0]
        assert best.get("send"), best
        version = app.session.version
        app._send(list(best["send"]))
        await wait_for(pilot, lambda: app.session.version != version)
        await pilot.pause()
        assert app.session.hint_words() is None  # it clears when you move
        assert "Hint:" not in status_of(app)


async def test_the_hint_key_is_refused_when_it_is_not_your_turn() -> None:
    # seed 1: seat 2 (a bot, pausing 30 s before each move) acts first
    app = local_app("christmas-lights", seed=1, players=3, bots="random", pace=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert 0 not in app.session.state.to_act  # type: ignore[attr-defined]
        await pilot.press("h")
        await pilot.pause()
        assert "A hint is for your turn" in status_of(app)
        assert app.session.hint_words() is None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Api]]:
    folder = tmp_path_factory.mktemp("hints")
    serve = ServeCommand(("--db", sqlite_url(folder / "y.db"), "--migrate", *LIFTED))
    serve.start(folder)
    api = Api(serve.url)
    try:
        yield serve.url, api
    finally:
        api.close()
        serve.stop()


async def test_the_hint_key_at_a_server_table(server: tuple[str, Api]) -> None:
    _base, api = server
    table = api.create_table(
        game="christmas-lights",
        players=3,
        seats=[{"kind": "human"}, *[{"kind": "bot", "bot": "medium"}] * 2],
        sit=0,
        bot_delay=0,
    )
    assert table["settings"]["hints"] is True
    app = RemoteApp(RemoteSession(parse_invite(table["you"]["invite"])))
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert isinstance(s, RemoteSession)
        await wait_for(
            pilot,
            lambda: s.frame is not None and 0 in s.frame["to_act"] and bool(s.frame["legal"]),
            seconds=60,
        )
        await pilot.press("h")
        await pilot.pause()
        assert s.hint_words() in ("Thinking…", None) or s.hint is not None
        await wait_for(pilot, lambda: s.hint is not None or bool(s.hint_note), seconds=60)
        assert s.hint is not None, s.hint_note
        app.drawn = -1
        app.redraw()
        status = status_of(app)
        assert "Hint: Best: " in status and CHANCE.search(status), status
