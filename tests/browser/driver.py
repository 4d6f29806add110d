"""Driving the client like a player: open a page, wait until it is this seat's move,
and click one of the things the page offers (chosen at random) — reading nothing but
the DOM. The page says where it is in ``body[data-phase]`` (act, wait, sending, over,
waiting) and bumps ``body[data-tick]`` on every redraw, which is what we wait on: no
fixed sleeps."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.async_api import Browser, BrowserContext, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Milliseconds to wait for the server and bots on a loaded 2-core machine.
SLOW = 90_000

#: Marks every clickable thing the page offers now with data-pick=i; returns their kinds.
#: A menu (a click that meant several actions) or an open form comes first; a form is
#: filled field by field and sent once complete (Back and Cancel are never picked).
PICK_JS = """() => {
  for (const el of document.querySelectorAll('[data-pick]')) el.removeAttribute('data-pick');
  const shown = (e) => e.checkVisibility() && !e.disabled;
  let els = [];
  const menu = document.querySelector('.menu');
  const editor = document.querySelector('#prompt .form-editor');
  if (menu) els = [...menu.querySelectorAll('.menu-item')];
  else if (editor) {
    const send = editor.querySelector('button.send');
    if (send && !send.disabled) els = [send];
    else {
      const open = [...editor.querySelectorAll('fieldset.field')]
        .find((f) => !f.classList.contains('filled'));
      els = open ? [...open.querySelectorAll('button.chip:not(.on)')] : [];
    }
  } else {
    els = [...document.querySelectorAll('#board .clickable, #prompt button.action')];
  }
  els = els.filter(shown);
  let kinds = els.map(() => 'click');
  if (!els.length && editor) {
    els = [...editor.querySelectorAll('button.back')];  // a form that cannot be completed
    kinds = els.map(() => 'click');
  } else if (!els.length && !menu) {
    els = [...document.querySelectorAll('#prompt details:not([open]) > summary')].filter(shown);
    kinds = els.map(() => 'open');
  }
  els.forEach((e, i) => e.setAttribute('data-pick', String(i)));
  return kinds;
}"""


@dataclass
class Tab:
    """One browser context with one page, recording what it received and its errors."""

    context: BrowserContext
    page: Page
    frames: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def ws_frames(self) -> list[dict[str, Any]]:
        return [json.loads(f) for f in self.frames]

    def acts_sent(self) -> list[str]:
        """The actions this page sent (its act messages' notation)."""
        return [m["action"] for m in map(json.loads, self.sent) if m.get("type") == "act"]

    async def close(self) -> None:
        await self.context.close()


async def open_tab(
    browser: Browser, url: str | None = None, viewport: dict[str, int] | None = None
) -> Tab:
    context = await browser.new_context(
        viewport=viewport or DESKTOP, reduced_motion="no-preference"
    )
    context.set_default_timeout(SLOW)
    page = await context.new_page()
    tab = Tab(context, page)
    page.on("pageerror", lambda e: tab.errors.append(f"page error: {e}"))
    page.on(
        "console",
        lambda m: tab.errors.append(f"console: {m.text}") if m.type == "error" else None,
    )

    def on_ws(ws: Any) -> None:
        # Playwright marks each handler with an attribute: a bound builtin cannot take one
        ws.on("framereceived", lambda payload: tab.frames.append(payload))  # noqa: PLW0108
        ws.on("framesent", lambda payload: tab.sent.append(payload))  # noqa: PLW0108

    page.on("websocket", on_ws)
    if url is not None:
        await page.goto(url)
    return tab


async def phase(page: Page) -> str:
    return str(await page.evaluate("() => document.body.dataset.phase || ''"))


async def wait_phase(page: Page, *phases: str, timeout: float = SLOW) -> str:
    await page.wait_for_function(
        "(ps) => ps.includes(document.body.dataset.phase)", arg=list(phases), timeout=timeout
    )
    return await phase(page)


async def tick(page: Page) -> str:
    return str(await page.evaluate("() => document.body.dataset.tick || ''"))


async def wait_tick(page: Page, old: str, timeout: float = SLOW) -> None:
    await page.wait_for_function(
        "(t) => document.body.dataset.tick !== t", arg=old, timeout=timeout
    )


async def click_something(page: Page, rng: random.Random) -> str:
    """Click one thing the page offers now, at random: "clicked"; "nothing" when the
    page offers nothing; "missed" when it was redrawn under the click (nothing done)."""
    before = await tick(page)
    kinds: list[str] = await page.evaluate(PICK_JS)
    if not kinds:
        return "nothing"
    i = rng.randrange(len(kinds))
    try:
        await page.click(f'[data-pick="{i}"]', timeout=5_000)
    except PlaywrightTimeout:
        return "missed"  # redrawn meanwhile (a frame arrived): look again
    if kinds[i] != "click":
        return "missed"
    await wait_tick(page, before)
    return "clicked"


async def play_randomly(
    page: Page, rng: random.Random, max_clicks: int, *, on_click: Any = None, until: Any = None
) -> int:
    """Click until the game is over, ``max_clicks`` clicks were made or ``await until()``
    is true; the clicks."""
    clicks = 0
    idle = 0
    while clicks < max_clicks:
        if await wait_phase(page, "act", "over") == "over":
            break
        if until is not None and await until():
            break
        before = await tick(page)
        done = await click_something(page, rng)
        if done == "clicked":
            clicks += 1
            idle = 0
            if on_click is not None:
                await on_click(clicks)
            continue
        if done in ("nothing", "missed"):
            idle += 1
            if idle > 25:
                words = await page.locator("#prompt").inner_text()
                raise AssertionError(f"the page is to act but offers nothing to click: {words}")
            with contextlib.suppress(PlaywrightTimeout):  # a frame may bring something
                await wait_tick(page, before, timeout=2_000)
    return clicks


async def hand_to_bot(base: str, table: str, seat: int, token: str, bot: str = "random") -> bool:
    """Give the seat to a bot: True; False when the game ended first (the server answers
    409 not_playing: a bot's move can end it while the request is on its way)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(
            f"/api/tables/{table}/seats/{seat}/bot",
            json={"bot": bot},
            headers={"Authorization": f"Bearer {token}"},
        )
        if r.status_code == 409 and r.json().get("error") == "not_playing":
            return False
        if r.status_code != 200:
            raise AssertionError(f"handing seat {seat} to a bot failed: {r.status_code} {r.text}")
        return True


async def leave_to_bot(page: Page, base: str, table: str, seat: int, token: str) -> bool:
    """After a run of clicks, the seat goes to a bot unless the game is over: first wait
    until the answer to the last click is drawn (the seat's move again, or the end), so
    a game that the last click (or a bot's reply) ended is not handed over. True when
    handed."""
    if await wait_phase(page, "act", "over") == "over":
        return False
    return await hand_to_bot(base, table, seat, token)


#: What sticks out past the right edge of the window (for a failure message).
WIDE_JS = """() => { const w = document.documentElement.clientWidth;
  const right = (e) => Math.round(e.getBoundingClientRect().right);
  return [...document.querySelectorAll('body *')]
    .filter((e) => right(e) > w + 1 && !e.closest('.board-scroll, .breakdown-wrap'))
    .slice(-6).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`
      + `${e.dataset.ref ? '[' + e.dataset.ref + ']' : ''} right=${right(e)}`); }"""


async def no_horizontal_scroll(page: Page) -> tuple[int, int, list[str]]:
    """(scrollWidth, clientWidth, what sticks out) of the page: the widths are equal when
    nothing sticks out sideways."""
    sizes: list[int] = await page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    wide: list[str] = await page.evaluate(WIDE_JS) if sizes[0] > sizes[1] else []
    return sizes[0], sizes[1], wide


async def end_text(page: Page) -> str:
    return str(await page.locator("#endscreen").inner_text(timeout=SLOW))
