"""Names, plain words and the little things, in a real browser: the log, the prompt and
the end screen say players' names ("Easy bot 2", "Mum", "you"), never "seat 2"; each
move is said in words in a live region; your own area stays on screen at both sizes; the
lobby lists bots weakest first with a sentence each and groups the bonus games under
their box; ``/#game`` opens that game's dialog; the waiting screen says whom it waits
for; a spectator sees no keyboard help for acting. Screenshots in test-artifacts/."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest
from playwright.async_api import Browser
from tests.browser.driver import (
    DESKTOP,
    PHONE,
    SLOW,
    hand_to_bot,
    open_tab,
    play_randomly,
    wait_phase,
)
from tests.server.kit import Server

pytestmark = pytest.mark.xdist_group("browser")

#: "seat 2", "Seat 3's", "seats 1 and 2" — a seat by number in words meant for people.
SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")


async def test_names_not_seat_numbers_and_every_move_said_in_words(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    _, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="christmas-lights",
        players=3,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 2,
        sit=0,
        name="Mum",
        bot_delay=0.0,
        options={"turn_limit": 12},
    )
    tab = await open_tab(browser, created["you"]["invite"], DESKTOP)
    page = tab.page
    try:
        await wait_phase(page, "act")
        said: list[str] = []

        async def listen(_: int) -> None:
            said.append(await page.locator("#announce").inner_text())

        # the two bots are told apart by their seat: "Easy bot 2", "Easy bot 3"
        others = await page.locator(".others").inner_text()
        assert "Easy bot 2" in others and "Easy bot 3" in others, others
        await play_randomly(page, random.Random(7), 60, on_click=listen)
        if not await page.locator("#endscreen").count():
            base, _, _ = server
            you = created["you"]
            await hand_to_bot(base, created["table"], you["seat"], you["token"])
        await page.locator("#endscreen").wait_for(state="visible", timeout=SLOW * 2)
        log = await page.locator("#log").inner_text()
        prompt = await page.locator("#prompt").inner_text()
        end = await page.locator("#endscreen").inner_text()
        for where, text in (("log", log), ("prompt", prompt), ("end screen", end)):
            assert not SEAT_NUMBER.search(text), f"{where} says a seat number: {text[:600]}"
        assert "Easy bot" in log
        # the live region said moves in words (a sentence with letters, names and all)
        words = [s for s in said if s.strip()]
        assert words, "the live region never spoke"
        assert all(re.search(r"[A-Za-z]{3}", s) for s in words), words[:5]
        assert await page.locator("#announce[aria-live='polite']").count() == 1
        await page.screenshot(path=artifacts / "words-end.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.close()


async def test_your_area_is_on_screen_at_both_sizes(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    _, _, api = server
    for game, n in (("christmas-lights", 3), ("jolly-christmas", 3)):
        created = await asyncio.to_thread(
            api.create_table,
            game=game,
            players=n,
            seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (n - 1),
            sit=0,
            name="Mum",
            bot_delay=0.0,
        )
        for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            tab = await open_tab(browser, created["you"]["invite"], size)
            page = tab.page
            try:
                await wait_phase(page, "act")
                await page.evaluate("() => window.scrollTo(0, 0)")
                box = await page.locator(".mine").bounding_box()
                assert box is not None
                # the top of your area is in the window, and a good part of it shows
                assert 0 <= box["y"] < size["height"] - 120, (game, name, box)
                await page.screenshot(path=artifacts / f"mine-{game}-{name}.png")
            finally:
                await tab.close()


async def test_lobby_bots_in_order_boxes_and_the_hash_opens_a_dialog(
    browser: Browser, server: Server
) -> None:
    base, _, _ = server
    tab = await open_tab(browser, base + "/#reindeers-nose")
    page = tab.page
    try:
        await page.locator("#create[open]").wait_for()
        assert "Reindeer" in await page.locator("#create-title").inner_text()
        options = await page.locator('select[name="seat-1"] option').all_inner_texts()
        bots = [o for o in options if "bot" in o.lower()]
        order = ["Random", "Easy", "Medium", "Hard", "Searching"]
        firsts = [next(w for w in order if b.startswith(w)) for b in bots if b.split()[0] in order]
        assert firsts == sorted(firsts, key=order.index), bots
        assert await page.locator("#create .bot-help dd").count() >= 4
        await page.locator("#create .close").click()
        # the bonus games sit under Christmas Lights' box
        group = page.locator(".box-group", has=page.locator('[data-game="christmas-lights"]'))
        assert await group.locator('.games.bonus [data-game="reindeers-nose"]').count() == 1
        assert not tab.errors, tab.errors
    finally:
        await tab.close()


async def test_waiting_screen_names_whom_it_waits_for_and_spectators_get_no_keys(
    browser: Browser, server: Server
) -> None:
    base, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="looney-lights",
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}],
        sit=0,
        name="Mum",
    )
    host = await open_tab(browser, created["you"]["invite"], DESKTOP)
    watcher = await open_tab(browser, f"{base}/play/{created['table']}#watch", DESKTOP)
    try:
        await wait_phase(host.page, "waiting")
        status = await host.page.locator("#prompt").inner_text()
        assert "a player to take seat 2" in status, status
        assert "bot" not in status.lower(), status
        await watcher.page.locator("#main:not([hidden])").wait_for()
        assert await watcher.page.locator(".keys-help").is_hidden()
        assert await host.page.locator(".keys-help").is_visible()
    finally:
        await host.close()
        await watcher.close()
