"""``yuletide play --join URL``: a terminal seat at a real ``yuletide serve`` table,
sharing it with a websocket client that speaks the browser's protocol."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator

import pytest
from tests.server.kit import LIFTED, Api, Client, ServeCommand, sqlite_url
from tests.terminal.kit import SIZE, wait_for

from yuletide.terminal.app import RemoteApp
from yuletide.terminal.remote import RemoteSession, parse_invite


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Api]]:
    folder = tmp_path_factory.mktemp("join")
    serve = ServeCommand(("--db", sqlite_url(folder / "y.db"), "--migrate", *LIFTED))
    serve.start(folder)
    api = Api(serve.url)
    try:
        yield serve.url, api
    finally:
        api.close()
        serve.stop()


def test_an_invite_link_is_read_or_refused_with_what_a_link_is() -> None:
    inv = parse_invite("http://127.0.0.1:8000/play/abc123#seat=1&token=xyz")
    assert (inv.base, inv.table, inv.seat, inv.token) == (
        "http://127.0.0.1:8000",
        "abc123",
        1,
        "xyz",
    )
    assert inv.ws_url == "ws://127.0.0.1:8000/ws/tables/abc123"
    with pytest.raises(ValueError, match="an invite link is http://HOST/play/TABLE"):
        parse_invite("ftp://nowhere")


async def test_a_terminal_seat_and_a_browser_seat_share_one_table(
    server: tuple[str, Api],
) -> None:
    base, api = server
    table = api.create_table(
        game="looney-lights",
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
        sit=0,
        options={"turn_limit": 30},
    )
    tid, invite = table["table"], table["you"]["invite"]
    other = api.join(tid, 1)["token"]
    app = RemoteApp(RemoteSession(parse_invite(invite)))
    async with app.run_test(size=SIZE) as pilot, Client(base, tid, other, model=True) as browser:
        player = asyncio.create_task(browser.play(timeout=120))
        await wait_for(pilot, lambda: app.session.model() is not None, seconds=20)
        assert "you are seat 1" in app.session.banner()
        # the server's seat list names the other player (no name given: "Player 2")
        await wait_for(pilot, lambda: len(app.session.people) == 2, seconds=20)
        model = app.session.model()
        assert model is not None
        assert [s["label"] for s in model["seats"]] == ["You", "Player 2"]
        for _ in range(200):
            await wait_for(pilot, lambda: bool(app.choice_ids) or app.session.over(), seconds=30)
            if app.session.over():
                break
            version: int = app.session.frame["version"]  # type: ignore[attr-defined]
            await pilot.press("1")
            await wait_for(pilot, _moved_on(app, version), seconds=30)
        await player
        assert app.session.over()
        # the server sends the record at the end: every card is shown
        await wait_for(pilot, lambda: app.session.reveal() is not None, seconds=20)
        app.drawn = -1
        app.redraw()
        status = str(app.query_one("#status").render())
        assert "Every card is shown" in status
        assert app.session.log  # the log in words came with the frames
        words = app._log_text().plain + status
        assert "Player 2" in words and not re.search(r"\b[Ss]eats? \d", words)


def _moved_on(app: RemoteApp, version: int) -> Callable[[], bool]:
    """The table went past ``version`` (or ended, or said why not)."""
    s = app.session
    assert isinstance(s, RemoteSession)
    return lambda: (
        s.over() or (s.frame is not None and s.frame["version"] > version) or bool(s.note)
    )
