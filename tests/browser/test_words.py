"""Names, plain words and the little things, in a real browser: the log, the prompt and
the end screen say players' names ("Easy bot 2", "Mum", "you"), never "seat 2"; each
move is said in words in a live region; the replay and a spectator's page name the
players too; Christmas Lights' sale is made by clicking your card, then the player, then
the question; your own area stays on screen at both sizes; the lobby lists bots weakest
first with a sentence each and groups the bonus games under their box; ``/#game`` opens
that game's dialog; the waiting screen says whom it waits for; a spectator sees no
keyboard help for acting. Screenshots in test-artifacts/."""

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
    leave_to_bot,
    open_tab,
    play_randomly,
    tick,
    wait_phase,
    wait_tick,
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
        seen: list[str] = []

        async def listen(_: int) -> None:
            said.append(await page.locator("#announce").inner_text())
            # what the page says mid-game: the prompt (forms, menus) and the table
            seen.append(await page.locator("body").inner_text())

        # the two bots are told apart by their seat: "Easy bot 2", "Easy bot 3"
        others = await page.locator(".others").inner_text()
        assert "Easy bot 2" in others and "Easy bot 3" in others, others
        await play_randomly(page, random.Random(7), 60, on_click=listen)
        base, _, _ = server
        you = created["you"]
        await leave_to_bot(page, base, created["table"], you["seat"], you["token"])
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
        for text in seen:
            assert not SEAT_NUMBER.search(text), f"mid-game: {SEAT_NUMBER.search(text)}"
        assert not tab.errors, tab.errors
        # the replay (every card, and as a seat saw it) and the spectator's page
        watcher = await open_tab(browser, None, DESKTOP)  # a stranger: no seat kept
        try:
            for where, url in (
                (page, f"{base}/replay/{created['table']}"),
                (page, f"{base}/replay/{created['table']}?seat=1&step=12"),
                (watcher.page, f"{base}/play/{created['table']}#watch"),
            ):
                await where.goto(url)
                await where.locator("#board .seat").first.wait_for()
                await where.locator("#log li").first.wait_for()
                text = await where.locator("body").inner_text()
                options = " ".join(await where.locator("select option").all_inner_texts())
                found = SEAT_NUMBER.search(text + options)
                assert not found, f"{url}: {found}"
                assert "Easy bot 2" in text and "Mum" in text, f"{url}: {text[:300]}"
            await watcher.page.screenshot(path=artifacts / "words-watch.png")
            assert not watcher.errors, watcher.errors
        finally:
            await watcher.close()
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


async def test_a_sale_by_clicking_your_card_then_the_player_then_the_question(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    """Christmas Lights' sale on the table: your card (a small menu tells the sale from
    a swap), then one of the players lit on the table, then which question — each step
    lighting only its valid targets, with a way back — and names, never seat numbers."""
    _, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="christmas-lights",
        players=3,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 2,
        sit=0,
        name="Mum",
        bot_delay=0.0,
    )
    tab = await open_tab(browser, created["you"]["invite"], DESKTOP)
    page = tab.page
    board = page.locator("#board")
    lit = "#board .clickable"

    async def lit_refs() -> set[str]:
        refs: list[str] = await page.eval_on_selector_all(
            lit, "(els) => els.map((e) => e.dataset.ref)"
        )
        return set(refs)

    async def no_seat_numbers(where: str) -> None:
        for part in ("#prompt", "#log", ".menu"):
            if await page.locator(part).count():
                text = await page.locator(part).first.inner_text()
                assert not SEAT_NUMBER.search(text), f"{where}, {part}: {text[:400]}"

    try:
        # skip the PLAY step (a prompt button: the sale is the point here); a bot that
        # went first may have asked Mum something (its own sale, an event): answered
        # with the first choice, as many times as it takes
        for _ in range(20):
            await wait_phase(page, "act")
            play_no = page.locator("#prompt button.action", has_text="Play no")
            if await play_no.count():
                break
            before = await tick(page)
            await page.locator("#prompt button.action").first.click()
            await wait_tick(page, before)
        await play_no.click()
        await page.locator("#prompt .prompt-text", has_text="next step").wait_for()
        await wait_phase(page, "act")
        # 1. your card: a menu tells a sale from a swap; the others' cards stay lit
        await board.locator('[data-ref="hand:0:2"]').click()
        menu = page.locator(".menu")
        await menu.wait_for()
        assert {"hand:1:1", "hand:2:1"} <= await lit_refs()
        await no_seat_numbers("your card chosen")
        await menu.locator(".menu-cancel").click()  # a way back
        await menu.wait_for(state="detached")
        assert "hand:0:1" in await lit_refs()
        await board.locator('[data-ref="hand:0:2"]').click()
        await menu.locator(".menu-item", has_text="up for sale").click()
        # 2. the player: the two others lit, not you; the card on sale can be withdrawn
        await page.wait_for_function(
            "() => document.querySelector('#board [data-ref=\"seat:1\"].clickable')"
            " && document.body.dataset.phase === 'act'"
        )
        refs = await lit_refs()
        assert {"seat:1", "seat:2", "sale:1"} <= refs and "seat:0" not in refs, refs
        assert not await page.locator("#prompt .form-editor").count()
        await no_seat_numbers("the card on sale")
        await board.locator('[data-ref="seat:2"]').click()
        # 3. which question, for that player (or Cancel)
        await menu.wait_for()
        title = await menu.locator(".menu-title").text_content() or ""
        assert "Easy bot 3" in title, title
        await page.screenshot(path=artifacts / "sale-which-question.png")
        await no_seat_numbers("which question")
        await menu.locator(".menu-item").first.click()
        editor = page.locator("#prompt .form-editor")
        await editor.wait_for()
        chosen = editor.locator("button.chip.on")
        assert await chosen.first.inner_text() == "Easy bot 3"
        assert await editor.locator("button.back").is_visible()
        # the question: each open field's first choice, then Send
        for _ in range(12):
            send = editor.locator("button.send")
            if await send.is_enabled():
                break
            await editor.locator(
                "fieldset.field:not(.filled) button.chip:not(.on):not([disabled])"
            ).first.click()
        await page.screenshot(path=artifacts / "sale-question.png")
        await editor.locator("button.send").click()
        await page.locator("#log", has_text="offered").wait_for()
        await no_seat_numbers("the offer made")
        log = await page.locator("#log").inner_text()
        assert "Easy bot 3" in log, log[-400:]
        assert not tab.errors, tab.errors
    finally:
        await tab.close()
