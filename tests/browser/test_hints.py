"""Hints in Chromium: a whole quick game played to its end where every turn asks for a
hint and plays the hinted move by clicking what the page lit; a Christmas Lights
position where the hint's words and the lit card are checked, shown at 1280x800 and
390x844 (screenshots in test-artifacts/). One table a game, made once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout
from tests.browser.driver import (
    DESKTOP,
    PHONE,
    click_something,
    open_tab,
    tick,
    wait_phase,
    wait_tick,
)
from tests.browser.test_accessibility import audit, serious
from tests.server.kit import Server

pytestmark = pytest.mark.xdist_group("browser")

#: Milliseconds a hint may take to come here (its own budget is a few seconds; the
#: worker's first start and a shared 2-core machine add to it).
HINT_WAIT = 40_000
#: Turns of the whole game at most (a Festival of Lights game is about a dozen).
MAX_TURNS = 60

#: The hint as the page shows it: its words and the lit things (first step first).
HINT_JS = """() => {
  const box = document.querySelector('#hint');
  const lit = [...document.querySelectorAll('#board .hinted')].map((e) => ({
    ref: e.dataset.ref, step: e.dataset.hintStep,
    label: e.getAttribute('aria-label') || e.textContent }));
  const button = document.querySelector('#prompt button.action.hinted');
  return {
    shown: Boolean(box),
    best: box ? box.querySelector('.hint-move').textContent : null,
    chance: box ? box.querySelector('.hint-chance').textContent : null,
    others: box ? [...box.querySelectorAll('.hint-others li')].map((e) => e.textContent) : [],
    lit, button: button ? button.dataset.action : null,
    error: (document.querySelector('.hint-error') || {}).textContent || null,
  };
}"""


async def ask_hint(page: Page) -> dict[str, Any]:
    """Press the Hint button and wait for the hint (or its refusal) to show."""
    await page.click("#hint-btn")
    await page.wait_for_function(
        "() => document.querySelector('#hint') || document.querySelector('.hint-error')"
        " || document.body.dataset.phase !== 'act'",
        timeout=HINT_WAIT,
    )
    found: dict[str, Any] = await page.evaluate(HINT_JS)
    return found


async def play_hinted(page: Page, hint: dict[str, Any], rng: random.Random) -> bool:
    """Play the hinted move by clicking what is lit: its steps on the table in order (a
    menu, when a click means several moves, answered with the hint's words), or its lit
    button; a question begun on the table is then filled in. False if nothing was lit."""
    if hint["button"] is not None and not hint["lit"]:
        before = await tick(page)
        await page.click("#prompt button.action.hinted")
        await wait_tick(page, before)
        return True
    steps = sorted({int(x["step"]) for x in hint["lit"] if x["step"].isdigit()})
    if not steps:
        return False
    for step in steps:
        target = page.locator(f'#board .hinted.clickable[data-hint-step="{step}"]').first
        try:
            await target.wait_for(timeout=5_000)
        except PlaywrightTimeout:
            break  # the move was complete before its last lit place (shared refs)
        before = await tick(page)
        await target.click()
        await wait_tick(page, before)
        menu = page.locator(".menu")
        if await menu.count():
            item = menu.locator(".menu-item", has_text=hint["best"])
            if await item.count():
                await item.first.click()
            else:
                await menu.locator(".menu-item").first.click()
            break
    # a question (a form) begun by the hinted step: filled in as any player would
    for _ in range(30):
        if not await page.locator("#prompt .form-editor").count():
            break
        if await click_something(page, rng) == "nothing":
            break
    return True


@pytest.fixture(scope="module")
async def festival(browser: Browser, server: Server) -> Any:
    """A Festival of Lights table: you against two medium bots, hints on by default."""
    _, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="festival-of-lights",
        players=3,
        seats=[{"kind": "human"}, *[{"kind": "bot", "bot": "medium"}] * 2],
        sit=0,
        name="Ann",
        bot_delay=0,
    )
    assert created["settings"]["hints"] is True
    tab = await open_tab(browser, created["you"]["invite"])
    yield created, tab
    await tab.close()


async def test_a_whole_game_played_by_its_hints(festival: Any) -> None:
    _created, tab = festival
    page = tab.page
    rng = random.Random(36)
    await page.locator("#hints-on").wait_for(state="visible")
    assert "H" in await page.locator(".keys-help").inner_text()
    turns = hinted = misses = 0
    while turns < MAX_TURNS:
        if await wait_phase(page, "act", "over") == "over":
            break
        hint = await ask_hint(page)
        if not hint["shown"]:
            misses += 1  # the table moved on meanwhile: look again (rarely)
            assert misses <= 10, f"no hint shown: {hint}"
            continue
        assert hint["chance"].endswith("% to win"), hint
        assert all(o.endswith("% to win") for o in hint["others"]), hint
        assert hint["lit"] or hint["button"], f"the hint lit nothing: {hint}"
        assert await play_hinted(page, hint, rng)
        hinted += 1
        turns += 1
        # the hint clears when you move
        with contextlib.suppress(PlaywrightTimeout):
            await page.wait_for_function(
                "() => !document.querySelector('#hint')", timeout=HINT_WAIT
            )
    assert await wait_phase(page, "over") == "over"
    assert hinted >= 3
    sent = [m for m in map(_json, tab.sent) if m.get("type") == "hint"]
    assert len(sent) >= hinted
    assert not tab.errors, tab.errors


def _json(text: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(text)
    return found


async def test_a_christmas_lights_hint_in_words_and_lit(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    _, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game="christmas-lights",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "medium"}],
        sit=0,
        name="Ann",
        bot_delay=0,
    )
    tab = await open_tab(browser, created["you"]["invite"])
    page = tab.page
    try:
        await wait_phase(page, "act")
        # past the first commit (its first choice), to a turn with cards to play
        for _ in range(6):
            words = await page.locator("#prompt-text").inner_text()
            if "PLAY" in words:
                break
            before = await tick(page)
            await page.locator("#prompt button.action").first.click()
            await wait_tick(page, before)
            await wait_phase(page, "act")
        assert "PLAY" in await page.locator("#prompt-text").inner_text()
        hint = await ask_hint(page)
        assert hint["shown"], hint
        best = hint["best"]
        # the prompt's own words, names not seat numbers, no notation
        labels = await page.locator("#prompt button.action .action-label").all_inner_texts()
        assert best in labels or ", then " in best, (best, labels)
        assert "seat " not in best.lower() or "Seat" not in best
        assert not any(tok in best for tok in ("card 1", "commit ", "hand:", "seat:"))
        assert hint["chance"].endswith("% to win")
        assert 1 <= len(hint["others"]) <= 2
        # the lit things are the named move's own: its card first, then where it goes
        frames = [f for f in tab.ws_frames() if f.get("model")]
        prompt_now = frames[-1]["model"]["prompt"]
        named = [a for a in prompt_now["actions"] if a["label"] == best]
        if named:
            lit = sorted(hint["lit"], key=lambda x: x["step"])
            assert [x["ref"] for x in lit] == named[0]["refs"], (lit, named[0])
        if hint["lit"]:
            first = [x for x in hint["lit"] if x["step"] == "1"]
            assert first, hint
            box = await page.locator('#board .hinted[data-hint-step="1"]').first.bounding_box()
            assert box is not None and box["width"] > 0
        else:
            assert hint["button"] is not None
        await page.screenshot(path=artifacts / "hint-christmas-lights.png")
        # the same hint on a phone: readable, and your cards still in sight
        await page.set_viewport_size(PHONE)
        await page.wait_for_timeout(300)  # (layout settles after the resize)
        if not await page.locator("#hint").count():  # the table moved on meanwhile
            await wait_phase(page, "act")
            assert (await ask_hint(page))["shown"]
        await page.screenshot(path=artifacts / "hint-christmas-lights-phone.png")
        mine = await page.locator("#board .mine").bounding_box()
        panel = await page.locator("#hint").bounding_box()
        assert mine is not None and panel is not None
        assert not tab.errors, tab.errors
        # axe-core on the page with a hint shown (a second page of the same seat: axe is
        # injected, which the page's own Content-Security-Policy would refuse)
        context = await browser.new_context(viewport=DESKTOP, bypass_csp=True)
        try:
            other = await context.new_page()
            await other.goto(created["you"]["invite"])
            await wait_phase(other, "act")
            again = await ask_hint(other)
            assert again["shown"], again
            found = await audit(other)
            assert not serious(found), found
        finally:
            await context.close()
    finally:
        await tab.close()


async def test_the_lobby_sets_hints_and_every_seat_sees_them(
    browser: Browser, server: Server
) -> None:
    """Hints on at a table with a friend (off by default there), chosen in the create
    form; the host and someone watching both see "Hints on"."""
    base, _, api = server
    host = await open_tab(browser, base + "/")
    watcher = None
    page = host.page
    try:
        await page.click('[data-create="christmas-lights"]')
        await page.locator("#create").wait_for(state="visible")
        await page.select_option("#players", "3")
        await page.select_option('select[name="seat-1"]', "friend")
        assert await page.locator("#create-hints").input_value() == "auto"
        await page.select_option("#create-hints", "on")
        await page.click("#create-go")
        await page.wait_for_url("**/play/*")
        table_id = page.url.rstrip("/").split("/")[-1]
        info = await asyncio.to_thread(api.info, table_id)
        assert info["settings"]["hints"] is True
        await page.locator("#hints-on").wait_for(state="visible")
        watcher = await open_tab(browser, f"{base}/play/{table_id}#watch")
        await watcher.page.locator("#hints-on").wait_for(state="visible")
        assert await watcher.page.locator("#hints-on").inner_text() == "Hints on"
        assert not host.errors, host.errors
        assert not watcher.errors, watcher.errors
    finally:
        await host.close()
        if watcher is not None:
            await watcher.close()
