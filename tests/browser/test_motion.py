"""Seeing what happened, in Chromium: each move flies where it goes — a card from a hand
into a string, a swap both ways between two hands, a tile onto the board, an elf onto an
order card — the bots' moves too, at a pace a person can follow; a key finishes the
motion at once; every seat's last move stays marked on the table; prefers-reduced-motion
turns motion off (the marks stay) and sounds are off by default.

The page's animations are watched through the Web Animations API: an init script keeps
every Animation the page starts (motion.js names each one ``move FROM -> TO`` after the
refs of the move's log line); nothing is waited on but the page's state."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout
from tests.browser.driver import Tab, open_tab, play_randomly, wait_phase
from tests.server.kit import Server

pytestmark = pytest.mark.xdist_group("browser")

#: Keeps every animation the page starts (with its start time and how long it really
#: ran) and counts audio contexts made (a sound played).
WATCH_JS = """
window.__anims = [];
window.__audio = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, timing) {
  const a = animate.call(this, frames, timing);
  const t0 = performance.now();
  a.__target = this;
  a.finished.then(() => { a.__ran = performance.now() - t0; }, () => {});
  window.__anims.push(a);
  return a;
};
const Audio = window.AudioContext;
window.AudioContext = function (...args) { window.__audio += 1; return new Audio(...args); };
"""

#: The moves seen so far: id, target's classes, duration, delay.
MOVES_JS = """() => window.__anims.filter((a) => (a.id || '').startsWith('move ')).map((a) => ({
  id: a.id, cls: String(a.__target.getAttribute('class') || ''),
  elf: Boolean(a.__target.querySelector && a.__target.querySelector('.marker-elf')),
  duration: a.effect.getTiming().duration, delay: a.effect.getTiming().delay }))"""

MOVE = re.compile(r"^move (\S+) -> (\S+)$")


async def watched(browser: Browser, url: str, *, reduced: bool = False) -> Tab:
    tab = await open_tab(browser)
    await tab.page.add_init_script(WATCH_JS)
    if reduced:
        await tab.page.emulate_media(reduced_motion="reduce")
    await tab.page.goto(url)
    return tab


async def moves(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = await page.evaluate(MOVES_JS)
    return found


def seat_of(ref: str) -> int | None:
    """The seat a ref belongs to (``hand:2:1``, ``string:1:3``, ``seat:0``), if it says."""
    m = re.match(r"^[a-z-]+:(\d+)(?::\d+)?$", ref)
    return int(m.group(1)) if m else None


async def table(server: Server, game: str, players: int) -> str:
    _, _, api = server
    created = await asyncio.to_thread(
        api.create_table,
        game=game,
        players=players,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1),
        sit=0,
        name="Mum",
    )
    return str(created["you"]["invite"])


async def skip_one(page: Page) -> bool | None:
    """Press a key while a move is in flight: True when it landed at once, None when no
    move was in flight within a few seconds or it ended before the key arrived."""
    try:
        await page.wait_for_function(
            """() => window.__anims.some((a) => (a.id || '').startsWith('move ')
              && a.playState === 'running' && a.currentTime < 200)""",
            timeout=5_000,
        )
    except PlaywrightTimeout:
        return None
    await page.keyboard.press("Shift")
    landed: list[list[float]] = await page.evaluate(
        """() => window.__anims
          .filter((a) => (a.id || '').startsWith('move ') && a.__pressed === undefined)
          .map((a) => { a.__pressed = true; const t = a.effect.getTiming();
            return [a.playState === 'finished' ? 1 : 0, a.__ran ?? -1, t.duration + t.delay]; })"""
    )
    # every move the key caught is finished; one that was still running ran short
    assert all(done for done, _, _ in landed), landed
    return True if any(0 <= ran < total - 100 for _, ran, total in landed) else None


BOTH_BOTS_MARKED = (
    "() => ['2', '3'].every((s) =>"
    " document.querySelector(`#board .seat-last[data-last-by~='${s}']`))"
)


async def test_christmas_lights_moves_fly_bots_too_skippable_and_stay_marked(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    tab = await watched(browser, await table(server, "christmas-lights", 3))
    page = tab.page
    skipped: list[bool] = []
    shot = False

    async def on_click(_: int) -> None:
        nonlocal shot
        if not skipped and await skip_one(page):
            skipped.append(True)
        if not shot:
            running = await page.evaluate(
                "() => window.__anims.some((a) => (a.id || '').startsWith('move ')"
                " && a.playState === 'running')"
            )
            if running:
                await page.screenshot(path=artifacts / "motion-christmas-lights.png")
                shot = True

    async def seen_enough() -> bool:
        ids = [m["id"] for m in await moves(page)]
        pairs = [MOVE.match(i) for i in ids]
        ends = [(p.group(1), p.group(2)) for p in pairs if p]
        swap = any((b, a) in ends and seat_of(a) != seat_of(b) for a, b in ends)
        string = any(b.startswith("string:") and a.startswith("seat:") for a, b in ends)
        bots = {seat_of(b) for _, b in ends} >= {1, 2}
        # a bot's newest lines may name no card still on the table (a sale that ended,
        # "drew 2 cards"): then it has no mark, so wait for a turn where both have one
        marks = await page.evaluate(BOTH_BOTS_MARKED)
        return swap and string and bots and bool(skipped) and bool(marks)

    try:
        await wait_phase(page, "act")
        await play_randomly(page, random.Random(31), 60, on_click=on_click, until=seen_enough)
        found = await moves(page)
        ends = [(m.group(1), m.group(2)) for m in (MOVE.match(f["id"]) for f in found) if m]
        # a swap flies both ways between two players' hands
        swaps = [(a, b) for a, b in ends if (b, a) in ends and seat_of(a) != seat_of(b)]
        assert swaps and all(a.startswith("hand:") for a, _ in swaps), ends
        # a card played flies from its player's hand into their string
        assert any(a == f"seat:{seat_of(b)}" and b.startswith("string:") for a, b in ends), ends
        # the bots' moves move too
        assert {seat_of(b) for _, b in ends} >= {1, 2}, ends
        # a pace a person can follow: over half a second each, never a long wait
        assert all(500 <= f["duration"] <= 1500 for f in found), found
        assert skipped, "a key never finished a move in flight"
        # every seat's last move stays marked: both bots' (it is your turn again)
        await wait_phase(page, "act", "over")
        marked: dict[str, list[str]] = await page.evaluate(
            """() => { const out = {};
              for (const el of document.querySelectorAll('#board .seat-last')) {
                for (const by of el.dataset.lastBy.split(' '))
                  (out[by] ||= []).push(el.dataset.ref); }
              return out; }"""
        )
        assert {"2", "3"} <= set(marked), marked
        # ...and only that move: the refs marked for a seat are one of its log lines'
        for seat, refs in marked.items():
            lines = [
                set(line.get("refs", []))
                for f in tab.ws_frames()
                for line in f.get("log") or []
                if line.get("seat") == int(seat) - 1
            ]
            assert any(set(refs) <= r for r in lines), (seat, refs)
        sound = page.locator("#sound-btn")
        assert await sound.inner_text() == "Sound off"
        assert await sound.get_attribute("aria-pressed") == "false"
        assert await page.evaluate("() => window.__audio") == 0, "a sound played, off by default"
        assert not tab.errors, tab.errors
    finally:
        await tab.close()


async def test_a_tile_flies_to_the_board_and_an_elf_to_its_order_card(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    """Twinkling Lights: a tile from its player's hand onto the board (yours and the
    bot's). Jolly Christmas: an elf from its player onto the order card it claims."""

    def tiles_from_both(found: list[dict[str, Any]]) -> bool:
        ends = [(m.group(1), m.group(2)) for m in (MOVE.match(f["id"]) for f in found) if m]
        return {a for a, b in ends if b.startswith("board:")} >= {"seat:0", "seat:1"}

    def elves_from_both(found: list[dict[str, Any]]) -> bool:
        elves = [f for f in found if f["elf"] and "card-markers" in f["cls"]]
        return {str(f["id"]).split()[1] for f in elves} >= {"seat:0", "seat:1"}

    for game, enough in (
        ("twinkling-lights", tiles_from_both),
        ("jolly-christmas", elves_from_both),
    ):
        tab = await watched(browser, await table(server, game, 2))
        page = tab.page

        async def seen(check: Any = enough, page: Page = page) -> bool:
            return bool(check(await moves(page)))

        try:
            await wait_phase(page, "act")
            await play_randomly(page, random.Random(game), 30, until=seen)
            found = await moves(page)
            assert enough(found), (game, [f["id"] for f in found])
            await page.screenshot(path=artifacts / f"motion-{game}.png")
            assert not tab.errors, tab.errors
        finally:
            await tab.close()


async def test_reduced_motion_turns_motion_off_and_keeps_the_marks(
    browser: Browser, server: Server
) -> None:
    tab = await watched(browser, await table(server, "christmas-lights", 3), reduced=True)
    page = tab.page

    async def both_bots_marked() -> bool:
        return bool(await page.evaluate(BOTH_BOTS_MARKED))

    try:
        await wait_phase(page, "act")
        await play_randomly(page, random.Random(5), 30, until=both_bots_marked)
        assert await both_bots_marked(), "a bot's last move is not marked on the table"
        started: list[str] = await page.evaluate("() => window.__anims.map((a) => a.id)")
        assert started == [], f"animations ran under prefers-reduced-motion: {started[:5]}"
        assert not tab.errors, tab.errors
    finally:
        await tab.close()
