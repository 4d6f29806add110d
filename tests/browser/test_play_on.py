"""Play on from here (issue 36, item 5) in Chromium: a quick finished game, its replay
stepped back to one of your moves, "Play on from here" — and the new table shows your
seat the board it saw there, says it is a what-if, and the lobby lists the one left open
for friends as one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page
from tests.browser.driver import DESKTOP, PHONE, Tab, no_horizontal_scroll, open_tab, wait_phase
from tests.server.kit import Client, Server

from yuletide.core.registry import replay

pytestmark = pytest.mark.xdist_group("browser")

#: The cards of your hand as the page draws them (each card's accessible name, without
#: the move a click would make, which only the live table offers).
HAND = """() => [...document.querySelectorAll('#board [data-ref^="hand:0:"]')]
  .map((e) => (e.getAttribute('aria-label') || e.textContent.trim()).split(' — ')[0])"""


async def finished_game(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ann (seat 1) against an easy bot, a short Looney Lights game played to its end
    over the websocket: the table as created, and its record."""
    base, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="looney-lights",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
        sit=0,
        name="Ann",
        bot_delay=0.0,
        options={"turn_limit": 20},
    )
    async with Client(base, created["table"], created["you"]["token"]) as ann:
        await ann.play()
    record = (
        await asyncio.to_thread(api.http.get, f"/api/tables/{created['table']}/record")
    ).json()
    return created, record


async def open_play_on(page: Page, step: int) -> None:
    await page.locator("#step").fill(str(step))
    await page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    await page.click("#play-on-btn")
    await page.locator("#play-on-go").wait_for()


def choices_of_ann(record: dict[str, Any]) -> list[int]:
    """The moves where Ann (seat 1) had a choice: the page plays an only move by itself,
    so a what-if from one of these waits for her."""
    actions = record["actions"]
    return [
        i
        for i, (seat, _) in enumerate(actions)
        if seat == 0 and len(replay({**record, "actions": actions[:i]}).legal_actions(0)) > 1
    ]


async def test_play_on_from_a_replay(browser: Any, server: Server, artifacts: Path) -> None:
    base, _, _ = server
    # a deal can end before Ann ever has a choice (the bot goes out at once): deal again
    for _ in range(8):
        created, record = await finished_game(server)
        mine = choices_of_ann(record)
        if mine:
            break
    assert mine, "eight deals in a row gave Ann no choice at all"
    actions = record["actions"]
    # one of Ann's own moves with a choice, about halfway
    at = min(mine, key=lambda i: abs(i - len(actions) // 2))
    truth = replay({**record, "actions": actions[:at]})
    tab: Tab = await open_tab(browser, created["you"]["invite"])
    page = tab.page
    try:
        # the end screen's replay link, as a player who just finished would go
        await wait_phase(page, "over")
        await page.click('[data-end="replay"]')
        await page.wait_for_function("() => document.body.dataset.step !== undefined")
        assert await page.locator("#play-on-btn").is_disabled(), "the end is no position"
        await page.select_option("#seat", "0")
        await page.wait_for_function("() => location.search.includes('seat=0')")
        await open_play_on(page, at)
        seen = await page.evaluate(HAND)
        assert seen, "the replay shows Ann's hand"
        assert await page.locator("#play-on-seat").input_value() == "0", "the seat she played"
        assert await page.locator("#play-on-others").input_value() == "bot:easy"
        assert await page.locator("#play-on-title").inner_text() == f"Play on from move {at}"
        await page.screenshot(path=artifacts / "play-on-form-desktop.png")
        await page.set_viewport_size(PHONE)
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"the play-on form on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "play-on-form-phone.png")
        await page.set_viewport_size(DESKTOP)

        # as the cards truly were, against the easy bot: her board, her move
        before = len(tab.frames)
        await page.click("#play-on-go")
        await page.wait_for_url(f"{base}/play/**")
        assert await wait_phase(page, "act") == "act"
        new_table = page.url.rsplit("/", 1)[1]
        assert await page.evaluate(HAND) == seen
        first = next(f for f in tab.ws_frames()[before:] if f.get("type") == "sync")
        assert first["view"] == truth.view(0)
        assert first["version"] == at
        assert (await page.locator("#game-title").inner_text()).startswith("What if… ")
        line = await page.locator("#log .log-line").first.inner_text()
        assert f"Played on from Ann's Looney Lights game at move {at}" in line
        assert "as they were" in line
        await page.locator("#log").evaluate("(e) => { e.scrollTop = 0; }")
        await page.screenshot(path=artifacts / "play-on-table-desktop.png")
        await page.set_viewport_size(PHONE)
        await page.screenshot(path=artifacts / "play-on-table-phone.png")
        await page.set_viewport_size(DESKTOP)

        # re-dealt, the other seat left open for a friend: the lobby lists it as a what-if
        await page.goto(f"{base}/replay/{created['table']}?seat=0&step={at}")
        await page.wait_for_function(f"() => document.body.dataset.step === '{at}'")
        await open_play_on(page, at)
        await page.select_option("#play-on-others", "friends")
        await page.check('input[name="hidden"][value="re-dealt"]')
        await page.click("#play-on-go")
        await page.wait_for_url(f"{base}/play/**")
        await wait_phase(page, "waiting", "act", "wait")
        assert page.url.rsplit("/", 1)[1] != new_table
        assert await page.evaluate(HAND) == seen, "a re-deal keeps every card she saw"
        await page.goto(base + "/")
        row = page.locator(".open-table", has=page.locator(".open-what-if"))
        await row.first.wait_for()
        assert await row.locator(".open-what-if").first.inner_text() == (
            f"What if… from Ann's Looney Lights game, move {at}"
        )
        await page.screenshot(path=artifacts / "play-on-lobby-desktop.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.close()
