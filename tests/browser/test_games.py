"""Every one of the 15 games played in the browser: a human seat against bots, clicking
at random among what the page offers (nothing but the DOM is read) until the end screen
shows the result. After 150 clicks the seat is handed to a bot (POST …/seats/N/bot) and
the page must still follow the game to its end screen. Each game also shows no
horizontal scrollbar on a 390x844 phone, mid-game and at the end.

The games run three at a time (one module fixture) so the whole module stays within a
few minutes; each game then passes or fails on its own. Screenshots:
test-artifacts/<game>-mid.png, <game>-end.png (1280x800) and <game>-phone.png."""

from __future__ import annotations

import asyncio
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.async_api import Browser
from tests.browser.driver import (
    DESKTOP,
    PHONE,
    SLOW,
    end_text,
    leave_to_bot,
    no_horizontal_scroll,
    open_tab,
    play_randomly,
)
from tests.server.kit import Server

from yuletide.bots import bots_for
from yuletide.core.registry import game_class, games
from yuletide.core.simultaneous import is_real_time

pytestmark = pytest.mark.xdist_group("browser")

#: All games; YULETIDE_BROWSER_GAMES=a,b limits a run to some (while working on them).
GAMES = [g for g in sorted(games()) if g in os.environ.get("YULETIDE_BROWSER_GAMES", g).split(",")]
#: Clicks before the seat goes to a bot (the issue allows it after 150).
MAX_CLICKS = 150
#: Screenshot of mid-game after this many clicks (or earlier if the game ends first).
MID_AT = 8
#: Games run at once (each a browser context; the server and bots share the 2 cores).
AT_ONCE = 3


#: The bots a game is played against: "easy" ones (they end the game sooner than random
#: play would); Lights On's team bot (the others call Lights OFF at once and lose before a
#: human can act).
BOT = {"lights-on": "lights-on-team"}


def bot_for(game: str) -> str:
    return BOT.get(game) or ("easy" if "easy" in bots_for(game) else "random")


#: Seconds a bot waits in real-time games, so the human's clicks race them.
REAL_TIME_BOT_DELAY = {"lights-on": 1.5}


def clicks_before_mid(clicks: int) -> bool:
    """No mid-game screenshot yet (the game ended before the first click landed)."""
    return clicks == 0


def players_for(game: str) -> int:
    cls = game_class(game)
    return max(cls.min_players, min(2, cls.max_players))


@dataclass
class Played:
    game: str
    clicks: int = 0
    handed_to_bot: bool = False
    end: str = ""
    phone: list[tuple[str, int, int, list[str]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    shots: list[str] = field(default_factory=list)


async def play_game(browser: Browser, server: Server, folder: Path, game: str) -> Played:
    base, _, api = server
    real_time = is_real_time(game_class(game))
    n = players_for(game)
    created = await asyncio.to_thread(
        api.create_table,
        game=game,
        players=n,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": bot_for(game)}] * (n - 1),
        sit=0,
        name="Tester",
        bot_delay=REAL_TIME_BOT_DELAY.get(game, 1.0) if real_time else 0.0,
        time_limit=3.0,
    )
    you = created["you"]
    out = Played(game)
    tab = await open_tab(browser, you["invite"], DESKTOP)
    page = tab.page
    rng = random.Random(f"browser-{game}")

    async def phone_check(when: str) -> None:
        await page.set_viewport_size(PHONE)
        sw, cw, wide = await no_horizontal_scroll(page)
        out.phone.append((when, sw, cw, wide))
        if when == "mid":
            await page.screenshot(path=folder / f"{game}-phone.png")
        await page.set_viewport_size(DESKTOP)

    async def mid_shot() -> None:
        await page.evaluate("() => window.scrollTo(0, 0)")
        await page.screenshot(path=folder / f"{game}-mid.png")

    async def on_click(clicks: int) -> None:
        if clicks in (1, MID_AT):
            await mid_shot()
            if clicks == MID_AT:
                await phone_check("mid")

    try:
        out.clicks = await play_randomly(page, rng, MAX_CLICKS, on_click=on_click)
        if not out.phone:
            if clicks_before_mid(out.clicks):
                await mid_shot()
            await phone_check("mid")
        out.handed_to_bot = await leave_to_bot(
            page, base, created["table"], you["seat"], you["token"]
        )
        await page.locator("#endscreen").wait_for(state="visible", timeout=SLOW * 2)
        out.end = await end_text(page)
        await page.screenshot(path=folder / f"{game}-end.png")
        out.shots = [f"{game}-mid.png", f"{game}-end.png", f"{game}-phone.png"]
        await phone_check("end")
        out.errors = list(tab.errors)
    finally:
        await tab.close()
    return out


@pytest.fixture(scope="module")
async def played(browser: Browser, server: Server, artifacts: Path) -> dict[str, object]:
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(game: str) -> Played:
        async with gate:
            return await play_game(browser, server, artifacts, game)

    results = await asyncio.gather(*(one(g) for g in GAMES), return_exceptions=True)
    summary = {}
    for g, r in zip(GAMES, results, strict=True):
        if isinstance(r, Played):
            summary[g] = {"clicks": r.clicks, "handed_to_bot": r.handed_to_bot, "shots": r.shots}
            print(f"{g}: {r.clicks} clicks{' then a bot' if r.handed_to_bot else ''}")
        else:
            summary[g] = {"error": repr(r)}
            print(f"{g}: FAILED {r!r}")
    (artifacts / "browser-games.json").write_text(json.dumps(summary, indent=2))
    return dict(zip(GAMES, results, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_game_played_to_its_end_screen_by_clicking(played: dict[str, object], game: str) -> None:
    r = played[game]
    if isinstance(r, BaseException):
        raise r
    assert isinstance(r, Played)
    assert r.clicks > 0, f"{game}: the page offered nothing to click"
    assert "game over" in r.end.lower() or "game stopped" in r.end.lower(), r.end
    for when, scroll_width, client_width, wide in r.phone:
        assert scroll_width <= client_width, (
            f"{game} on a 390x844 phone ({when}): the page is {scroll_width}px wide: {wide}"
        )
    assert not r.errors, f"{game}: the page logged errors: {r.errors[:5]}"
