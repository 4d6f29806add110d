"""Direct manipulation, for every game: every *kind* of action the prompt offers with
things to click (its ``group``: Play, Swap, Place, Claim, ...) is made at least once by
clicking those things on the table, in order — your card, then the other player's card;
a tile, then a spot on the board — never a prompt button. Side moves (marks, hand moves)
are made the same way once their folded tool is open. Kinds offered only as buttons (no
card, spot or player to click: "Play no card", "Pass") or as forms are listed in
test-artifacts/direct.json, not clicked.

The steering reads what the page received (its websocket frames) to pick an action of a
kind not made yet; the clicks then go through the page like a player's, and the test
checks that the page sent that action. Each step waits for the page's state, never a
fixed time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout
from tests.browser.driver import DESKTOP, PHONE, SLOW, Tab, open_tab, phase, tick, wait_tick
from tests.server.kit import Server

from yuletide.bots import bots_for
from yuletide.core.registry import game_class, games
from yuletide.core.simultaneous import is_real_time

pytestmark = pytest.mark.xdist_group("browser")

#: All games; YULETIDE_BROWSER_GAMES=a,b limits a run to some (while working on them).
GAMES = [g for g in sorted(games()) if g in os.environ.get("YULETIDE_BROWSER_GAMES", g).split(",")]
#: Table moves per game at most (each game usually covers its kinds in far fewer).
MAX_MOVES = 60
#: Turns looked at per game at most (moves, button turns and misses together).
MAX_LOOKS = 160
#: A kind that missed this often is not tried again (the test then names it).
MAX_MISSES = 3
#: Stop after this many table moves without a new kind (and every kind seen made).
QUIET_AFTER = 12
AT_ONCE = 2


def kind(a: dict[str, Any]) -> str:
    return str(a.get("group") or a["label"])


def latest_model(tab: Tab) -> dict[str, Any] | None:
    for f in reversed(tab.ws_frames()):
        if f.get("type") in ("sync", "update") and f.get("model"):
            model: dict[str, Any] = f["model"]
            return model
    return None


@dataclass
class Direct:
    game: str
    offered: set[str] = field(default_factory=set)
    made: set[str] = field(default_factory=set)
    buttons_only: set[str] = field(default_factory=set)
    misses: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def click_ref(page: Page, ref: str) -> bool:
    el = page.locator(f'#board [data-ref="{ref}"].clickable').first
    try:
        await el.click(timeout=4_000)
    except PlaywrightTimeout:
        return False
    return True


async def make_by_clicking(tab: Tab, a: dict[str, Any]) -> bool:
    """Click ``a``'s refs on the table in order (opening the side-move tool first for a
    side move); True once the page sent its first engine action."""
    page = tab.page
    sent = len(tab.acts_sent())
    if a.get("tool") and not await page.locator("#prompt details.tools[open]").count():
        before = await tick(page)
        await page.locator("#prompt details.tools > summary").click()
        await wait_tick(page, before, timeout=10_000)
    for ref in a["refs"]:
        menu = page.locator(f'.menu .menu-item[data-action="{a["id"]}"]')
        if await menu.count():
            await menu.click()
            break
        before = await tick(page)
        if not await click_ref(page, ref):
            return False
        with contextlib.suppress(PlaywrightTimeout):
            await wait_tick(page, before, timeout=10_000)
    menu = page.locator(f'.menu .menu-item[data-action="{a["id"]}"]')
    if len(tab.acts_sent()) == sent and await menu.count():
        await menu.click()
    for _ in range(100):
        if len(tab.acts_sent()) > sent:
            return tab.acts_sent()[sent] == a["send"][0]
        await asyncio.sleep(0.1)  # polling what the page sent (a state), not a pause
    return False


async def still_offered(tab: Tab, page: Page, a: dict[str, Any], version: str) -> bool:
    """Whether ``a`` is still on offer at the same version (nothing moved meanwhile)."""
    if await page.evaluate("() => document.body.dataset.version") != version:
        return False
    model = latest_model(tab)
    return model is not None and any(x["id"] == a["id"] for x in model["prompt"]["actions"])


async def play_direct(browser: Browser, server: Server, folder: Path, game: str) -> Direct:
    _, _, api = server
    cls = game_class(game)
    n = max(cls.min_players, min(3, cls.max_players))
    bot = "easy" if "easy" in bots_for(game) else "random"
    if game == "lights-on":
        bot = "lights-on-team"
    created = await asyncio.to_thread(
        api.create_table,
        game=game,
        players=n,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (n - 1),
        sit=0,
        name="Mum",
        bot_delay=6.0 if is_real_time(cls) else 0.0,
        time_limit=30.0,
    )
    out = Direct(game)
    tab = await open_tab(browser, created["you"]["invite"], DESKTOP)
    page = tab.page
    rng = random.Random(f"direct-{game}")
    try:
        moves = 0
        last_new = 0
        looks = 0
        missed: dict[str, int] = {}
        while moves < MAX_MOVES and looks < MAX_LOOKS:
            looks += 1
            await page.wait_for_function(
                "() => ['act', 'over'].includes(document.body.dataset.phase)", timeout=SLOW
            )
            if await phase(page) == "over":
                break
            model = latest_model(tab)
            if model is None:
                continue
            actions = model["prompt"]["actions"]
            for a in actions:
                (out.offered if a["refs"] else out.buttons_only).add(kind(a))
            for f in model["prompt"]["forms"]:
                out.buttons_only.add(f"form: {f['label']}")
            clickable = [a for a in actions if a["refs"] and missed.get(kind(a), 0) < MAX_MISSES]
            fresh = [a for a in clickable if kind(a) not in out.made]
            left = {k for k in out.offered - out.made if missed.get(k, 0) < MAX_MISSES}
            if not left and moves >= QUIET_AFTER and moves - last_new >= QUIET_AFTER:
                break  # every kind seen so far made, and nothing new for a while
            if not clickable:
                # nothing to click on the table this turn: a button moves the game on
                version = await page.evaluate("() => document.body.dataset.version")
                buttons = page.locator("#prompt .actions button.action:visible")
                if await buttons.count():
                    with contextlib.suppress(PlaywrightTimeout):  # redrawn meanwhile
                        await buttons.nth(rng.randrange(await buttons.count())).click(timeout=5_000)
                elif await page.locator("#prompt button.form-open").count():
                    break  # only a form is left: not table-only
                with contextlib.suppress(PlaywrightTimeout):
                    await page.wait_for_function(
                        "(v) => document.body.dataset.version !== v", arg=version, timeout=20_000
                    )
                continue
            if fresh:
                # the kind offered least first: the plentiful ones come round again
                by_kind: dict[str, list[dict[str, Any]]] = {}
                for x in fresh:
                    by_kind.setdefault(kind(x), []).append(x)
                a = rng.choice(min(by_kind.values(), key=len))
            else:
                a = rng.choice(clickable)
            version = await page.evaluate("() => document.body.dataset.version")
            made = await make_by_clicking(tab, a)
            if not made and await still_offered(tab, page, a, version):
                # once more, as a player would: Escape backs out of a half-made choice and
                # lands any move still flying over the table, then the same clicks
                await page.keyboard.press("Escape")
                await page.keyboard.press("Escape")
                made = await make_by_clicking(tab, a)
            if made:
                if kind(a) not in out.made:
                    last_new = moves
                out.made.add(kind(a))
                moves += 1
            else:
                missed[kind(a)] = missed.get(kind(a), 0) + 1
                out.misses.append(f"{kind(a)}: {a['label']} ({' → '.join(a['refs'])})")
                # back out of a half-made choice, then look again
                await page.keyboard.press("Escape")
                await page.keyboard.press("Escape")
            with contextlib.suppress(PlaywrightTimeout):
                await page.wait_for_function(
                    "(v) => document.body.dataset.version !== v"
                    " || document.body.dataset.phase !== 'act'",
                    arg=version,
                    timeout=20_000,
                )
        await page.evaluate("() => window.scrollTo(0, 0)")
        await page.screenshot(path=folder / f"direct-{game}.png")
        await page.set_viewport_size(PHONE)
        await page.screenshot(path=folder / f"direct-{game}-phone.png")
        out.errors = list(tab.errors)
    finally:
        await tab.close()
    return out


@pytest.fixture(scope="module")
async def direct(browser: Browser, server: Server, artifacts: Path) -> dict[str, Any]:
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(game: str) -> Direct:
        async with gate:
            return await play_direct(browser, server, artifacts, game)

    results = await asyncio.gather(*(one(g) for g in GAMES), return_exceptions=True)
    summary: dict[str, Any] = {}
    for g, r in zip(GAMES, results, strict=True):
        if isinstance(r, Direct):
            summary[g] = {
                "made by clicking the table": sorted(r.made),
                "offered on the table": sorted(r.offered),
                "offered only as buttons or forms": sorted(r.buttons_only - r.offered),
                "misses": r.misses[:10],
            }
        else:
            summary[g] = {"error": repr(r)}
    (artifacts / "direct.json").write_text(json.dumps(summary, indent=2))
    return dict(zip(GAMES, results, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_action_made_by_clicking_the_table(direct: dict[str, Any], game: str) -> None:
    r = direct[game]
    if isinstance(r, BaseException):
        raise r
    assert isinstance(r, Direct)
    assert r.made, f"{game}: no action could be made by clicking the table ({r.misses[:5]})"
    missing = r.offered - r.made
    assert not missing, (
        f"{game}: never made by clicking the table: {sorted(missing)}; misses {r.misses[:5]}"
    )
    assert not r.errors, f"{game}: the page logged errors: {r.errors[:5]}"
