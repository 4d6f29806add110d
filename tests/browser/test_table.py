"""The table page beyond a plain game: a Looney Lights game played with the keyboard
only (number keys, arrows and Enter), a reload mid-game that resumes the seat, the
spectator link, rematch, and the replay viewer stepping back and forth."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout
from tests.browser.driver import (
    PHONE,
    SLOW,
    Tab,
    click_something,
    no_horizontal_scroll,
    open_tab,
    play_randomly,
    tick,
    wait_phase,
    wait_tick,
)
from tests.server.kit import Server

pytestmark = pytest.mark.xdist_group("browser")


def looney(server: Server, *, humans: int = 1, players: int = 2) -> dict[str, object]:
    _, _, api = server
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "easy"}] * (players - humans)
    return api.create_table(
        game="looney-lights", players=players, seats=seats, sit=0, name="Keys", bot_delay=0.0
    )


async def keyboard_move(page: Page, rng: random.Random) -> bool:
    """One move by keyboard: a number key, or arrows to a highlighted thing and Enter;
    False when the key did nothing (the table moved on under it)."""
    numbered = await page.locator(
        "#prompt button.action kbd:not([hidden]), .menu .menu-item kbd"
    ).count()
    before = await tick(page)
    if numbered and rng.random() < 0.6:
        await page.keyboard.press(str(rng.randint(1, min(9, numbered))))
    else:
        for _ in range(rng.randint(1, 4)):
            await page.keyboard.press(rng.choice(["ArrowRight", "ArrowDown", "ArrowLeft"]))
        usable = await page.evaluate(
            "() => { const a = document.activeElement; return !!a && a.matches('[data-nav]')"
            " && !a.matches('.back, .menu-cancel, summary'); }"
        )
        if not usable:
            if not numbered:
                return False
            await page.keyboard.press("1")
        else:
            await page.keyboard.press("Enter")
    try:
        await wait_tick(page, before, timeout=15_000)
    except PlaywrightTimeout:
        return False
    return True


async def test_keyboard_only_looney_lights_then_rematch_and_replay(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    base, _, _ = server
    created = await asyncio.to_thread(looney, server)
    you = created["you"]
    assert isinstance(you, dict)
    tab = await open_tab(browser, str(you["invite"]))
    page = tab.page
    rng = random.Random(14)
    moves = 0
    idle = 0
    played_for_us = 0
    try:
        while await wait_phase(page, "act", "over") == "act":
            auto = page.locator("#prompt .status.auto")
            if await auto.count() and rng.random() < 0.3:
                # the only move, left alone: the page plays it by itself and says so
                assert "playing it for you" in await auto.inner_text()
                version = await page.evaluate("() => document.body.dataset.version")
                await page.wait_for_function(
                    "(v) => document.body.dataset.version !== v", arg=version
                )
                played_for_us += 1
                continue
            if await keyboard_move(page, rng):
                moves += 1
                idle = 0
            else:
                idle += 1
                assert idle < 20, "the keys did nothing twenty times in a row"
            assert moves < 400, "a keyboard game of Looney Lights did not end"
        await page.locator("#endscreen").wait_for(state="visible")
        print(f"keyboard-only Looney Lights: {moves} key moves, {played_for_us} only moves")
        assert played_for_us > 0, "no turn had a single move to play by itself"
        await page.screenshot(path=artifacts / "keyboard-end.png")
        assert not tab.errors, tab.errors

        # the full reveal: every hand face up on the board, then back to the seat's view
        await page.locator('[data-end="reveal"]').click()
        await page.locator("#board.revealed").wait_for()
        hidden = page.locator('#board [data-ref^="hand:"][data-face="down"]')
        assert await hidden.count() == 0, "the full reveal shows every hand"
        await page.screenshot(path=artifacts / "keyboard-reveal.png")
        await page.locator(".end-show").click()
        await page.locator('[data-end="reveal"]').click()
        await page.locator("#board:not(.revealed)").wait_for()

        # the end screen's buttons by keyboard too: focus Rematch and press Enter
        await page.locator('[data-end="rematch"]').focus()
        await page.keyboard.press("Enter")
        await page.wait_for_url(re.compile(r"/play/(?!" + str(created["table"]) + ")"))
        assert await wait_phase(page, "act", "wait", "over") in ("act", "wait", "over")
        assert await page.locator(".seat.you").count() == 1, "the rematch seats you again"

        # the finished game's replay: back, forward, the start, another seat's view
        await page.goto(f"{base}/replay/{created['table']}")
        where = page.locator("#where")
        await where.wait_for()
        await page.wait_for_function("() => document.body.dataset.step !== undefined")
        last = int(await page.evaluate("() => document.body.dataset.step"))
        assert last > 0
        await page.click("#prev")
        await page.wait_for_function(f"() => document.body.dataset.step === '{last - 1}'")
        await page.click("#next")
        await page.wait_for_function(f"() => document.body.dataset.step === '{last}'")
        await page.keyboard.press("Home")
        await page.wait_for_function("() => document.body.dataset.step === '0'")
        assert "deal" in (await page.locator("#move").inner_text()).lower()
        await page.locator("#step").fill(str(last // 2))
        await page.wait_for_function(f"() => document.body.dataset.step === '{last // 2}'")
        await page.select_option("#seat", "1")
        await page.wait_for_function("() => location.search.includes('seat=1')")
        # seat 2 sees its own hand face up and seat 1's face down
        await page.locator('#board [data-ref^="hand:1:"][data-face="up"]').first.wait_for()
        assert await page.locator('#board [data-ref^="hand:0:"][data-face="up"]').count() == 0
        await page.screenshot(path=artifacts / "replay-desktop.png")
        await page.set_viewport_size(PHONE)
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"replay on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "replay-phone.png", full_page=True)
    finally:
        await tab.close()


async def test_reload_resumes_the_seat_and_the_spectator_link_watches(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    base, _, _ = server
    created = await asyncio.to_thread(looney, server, players=3)
    you = created["you"]
    assert isinstance(you, dict)
    tab = await open_tab(browser, str(you["invite"]))
    watcher: Tab | None = None
    page = tab.page
    rng = random.Random(7)
    try:
        await play_randomly(page, rng, 4)
        assert "token" not in page.url, "the seat token is moved out of the address bar"
        version = int(await page.evaluate("() => document.body.dataset.version"))
        await page.reload()
        await wait_phase(page, "act", "wait", "over")
        assert int(await page.evaluate("() => document.body.dataset.version")) >= version
        assert await page.locator(".seat.you").count() == 1, "the reload kept the seat"
        assert await page.locator("#log li").count() > 0, "the log is back after the reload"
        # play on after the reload: the seat still acts
        if await wait_phase(page, "act", "over") == "act":
            for _ in range(10):
                if await click_something(page, rng) == "clicked":
                    break

        watcher = await open_tab(browser, f"{base}/play/{created['table']}#watch")
        w = watcher.page
        await w.locator(".notice.watching").wait_for()
        await wait_phase(w, "wait", "over")
        assert await w.locator(".seat.you").count() == 0
        assert await w.locator("#prompt button.action").count() == 0
        # a spectator sees no hand: every hand card is face down
        hands = w.locator('#board [data-ref^="hand:"][data-face]')
        assert await hands.count() > 0
        assert await w.locator('#board [data-ref^="hand:"][data-face="up"]').count() == 0
        await w.screenshot(path=artifacts / "spectator-desktop.png")
        # the spectator follows the game: the seat's next move reaches it
        seen = await tick(w)
        if await wait_phase(page, "act", "over") == "act":
            await play_randomly(page, rng, 1)
            await wait_tick(w, seen, timeout=SLOW)
        assert not watcher.errors, watcher.errors
        assert not tab.errors, tab.errors
    finally:
        await tab.close()
        if watcher is not None:
            await watcher.close()
