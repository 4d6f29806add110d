"""Your review in Chromium (issue 36, item 4): a finished game's end screen leads to the
review of your decisions; it is computed while the page follows its progress, draws your
win chance over the game with every decision a point, lists the costliest decisions
first exactly as the server judged them, and shows each on the table as you saw it with
the better move lit. The other mode ("with every card shown") is a review of its own;
the replay links to the review for a player of the game."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.browser.driver import DESKTOP, PHONE, no_horizontal_scroll, open_tab, wait_phase
from tests.server.kit import Client, Server

pytestmark = pytest.mark.xdist_group("browser")

REVIEW_SHOWN = "() => document.querySelector('#chart svg, #chart p') !== null"


async def finished_game(server: Server) -> dict[str, Any]:
    """Ann (seat 1, always the first choice offered) against two easy bots, a Looney
    Lights game played to its end over the websocket: the table as created."""
    base, _, api = server
    created: dict[str, Any] = await asyncio.to_thread(
        api.create_table,
        game="looney-lights",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}],
        sit=0,
        name="Ann",
        bot_delay=0.0,
    )
    async with Client(base, created["table"], created["you"]["token"]) as ann:
        await ann.play(timeout=120)
    return created


async def stored_review(base: str, table: str, token: str, mode: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.get(
            f"/api/tables/{table}/reviews/0",
            params={"mode": mode},
            headers={"Authorization": f"Bearer {token}"},
        )
    body: dict[str, Any] = r.json()
    assert body["status"] == "done", body
    review: dict[str, Any] = body["review"]
    return review


async def test_the_review_from_the_end_screen(
    browser: Any, server: Server, artifacts: Path
) -> None:
    base, _, _ = server
    created = await finished_game(server)
    table, token = created["table"], created["you"]["token"]
    tab = await open_tab(browser, created["you"]["invite"])
    page = tab.page
    try:
        await wait_phase(page, "over")
        await page.click('[data-end="review"]')
        await page.wait_for_url(f"{base}/review/{table}")
        assert await page.locator(".mode[aria-pressed='true']").inner_text() == (
            "With what you knew"
        )
        await page.wait_for_function(REVIEW_SHOWN, timeout=300_000)
        review = await stored_review(base, table, token, "knew")
        decisions = review["decisions"]
        assert decisions, "Ann had choices in a whole game"
        # every decision is a point of the chart; the labelled ones are marked
        assert await page.locator("#chart circle").count() == len(decisions)
        labelled = [d for d in decisions if d["label"]]
        assert await page.locator("#chart circle:not(.plain)").count() == len(labelled)
        counts = await page.locator("#counts").inner_text()
        assert f"{len(decisions)} decision" in counts and "800 playouts each" in counts
        # the costliest first, as the server judged them
        worst = [next(d for d in decisions if d["index"] == i) for i in review["worst"]]
        items = page.locator("#worst .decision")
        assert await items.count() == len(worst)
        for n, d in enumerate(worst):
            text = await items.nth(n).inner_text()
            assert text.startswith(f"Move {d['move']}") and d["label"] in text.lower()
            assert f"−{math.floor(d['loss'] * 100 + 0.5)} points" in text  # as JS rounds
        shown = worst[0] if worst else decisions[0]
        # the chosen decision on the table as Ann saw it: her move marked, the better lit
        await page.wait_for_function(
            f"() => document.querySelector('#move').textContent.startsWith('Move {shown['move']}:')"
        )
        if shown["played_refs"]:
            assert await page.locator("#board .played-here").count() > 0
        if shown["best_action"] != shown["played_action"] and shown["best_refs"]:
            assert await page.locator("#board .hinted").count() > 0
        verdict = await page.locator("#verdict").inner_text()
        assert verdict.startswith("You played “") and "to win" in verdict
        assert "seat " not in verdict.lower(), verdict  # people by name, never seat numbers
        await page.screenshot(path=artifacts / "review-desktop.png")
        # another decision from the full list
        await page.click(".every summary")
        last = decisions[-1]
        await page.locator(f"#decisions .decision[data-index='{last['index']}']").click()
        await page.wait_for_function(
            f"() => document.querySelector('#move').textContent.startsWith('Move {last['move']}:')"
        )
        await page.set_viewport_size(PHONE)
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"the review on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "review-phone.png")
        await page.set_viewport_size(DESKTOP)
        # with every card shown: a review of its own, computed when asked for
        await page.click(".mode[data-mode='shown']")
        await page.wait_for_url(f"{base}/review/{table}?mode=shown")
        await page.wait_for_function(REVIEW_SHOWN, timeout=300_000)
        shown_review = await stored_review(base, table, token, "shown")
        assert await page.locator("#chart circle").count() == len(shown_review["decisions"])
        assert "every card shown" in (await page.locator("#mode-note").inner_text())
        # the replay, for a player of the game, links to the review
        await page.goto(f"{base}/replay/{table}")
        link = page.locator("#review-link")
        await link.wait_for()
        assert await link.get_attribute("href") == f"/review/{table}"
        assert not tab.errors, tab.errors
    finally:
        await tab.close()


async def test_the_review_asks_for_a_seat(browser: Any, server: Server) -> None:
    """Someone without a seat of the game is told who can open the review."""
    base, _, _ = server
    created = await finished_game(server)
    tab = await open_tab(browser, f"{base}/review/{created['table']}")
    try:
        status = tab.page.locator("#status")
        await tab.page.wait_for_function(
            "() => document.querySelector('#status').textContent.length > 0"
        )
        assert "Only a player of this game" in await status.inner_text()
        await tab.page.goto(f"{base}/replay/{created['table']}")
        await tab.page.wait_for_function("() => document.body.dataset.step !== undefined")
        assert await tab.page.locator("#review-link").is_hidden()
        assert not tab.errors, tab.errors
    finally:
        await tab.close()
