"""Accessibility measured: axe-core (vendored from the npm registry, 4.10.2, under
static/vendor/axe-core/ with its licence; no CDN) run in Chromium on the lobby, a table
of every game at a seat's move, and the replay: no serious or critical violation. The
counts of every impact go to test-artifacts/axe.json (the figures for the report).

The pages' strict Content-Security-Policy forbids injected scripts, so the test's browser
contexts are made with ``bypass_csp=True`` (tests only; no page loads axe)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page
from tests.browser.driver import DESKTOP, SLOW, wait_phase
from tests.server.kit import Server, finished_two_player_table

from yuletide.bots import bots_for
from yuletide.core.registry import game_class, games
from yuletide.core.simultaneous import is_real_time

pytestmark = pytest.mark.xdist_group("browser")

AXE = Path(__file__).resolve().parents[2] / "src/yuletide/server/static/vendor/axe-core/axe.min.js"
#: The impacts that fail the test (axe's scale: minor, moderate, serious, critical).
FAILING = ("serious", "critical")


async def audit(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now: id, impact, help and the first targets."""
    if not await page.evaluate("() => typeof window.axe !== 'undefined'"):
        await page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = await page.evaluate(
        """async () => {
          const r = await axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
        }"""
    )
    return found


def counts(found: list[dict[str, Any]]) -> dict[str, int]:
    return dict(Counter(str(v["impact"]) for v in found))


def serious(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in found if v["impact"] in FAILING]


async def new_page(browser: Browser) -> Page:
    context = await browser.new_context(viewport=DESKTOP, bypass_csp=True)
    context.set_default_timeout(SLOW)
    return await context.new_page()


def players_for(game: str) -> int:
    cls = game_class(game)
    return max(cls.min_players, min(3, cls.max_players))


@pytest.fixture(scope="module")
async def audits(browser: Browser, server: Server, artifacts: Path) -> dict[str, Any]:
    """Every page audited once: {"lobby": [...], "<game>": [...], "replay": [...]}."""
    base, _, api = server
    out: dict[str, Any] = {}
    page = await new_page(browser)
    try:
        await page.goto(base + "/")
        await page.locator("#games .game").first.wait_for()
        out["lobby"] = await audit(page)
        # the New table dialog, open
        await page.locator('#games .game[data-game="christmas-lights"] [data-create]').click()
        await page.locator("#create[open]").wait_for()
        out["lobby-dialog"] = await audit(page)
        for game in sorted(games()):
            n = players_for(game)
            bot = "easy" if "easy" in bots_for(game) else "random"
            created = await asyncio.to_thread(
                api.create_table,
                game=game,
                players=n,
                seats=[{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (n - 1),
                sit=0,
                name="Mum",
                bot_delay=5.0 if is_real_time(game_class(game)) else 0.0,
            )
            await page.goto(created["you"]["invite"])
            await wait_phase(page, "act", "wait", "over")
            out[game] = await audit(page)
        tid, _, _ = await finished_two_player_table(server)
        await page.goto(f"{base}/replay/{tid}?step=5")
        await page.wait_for_function("() => document.body.dataset.step === '5'")
        out["replay"] = await audit(page)
    finally:
        await page.context.close()
    (artifacts / "axe.json").write_text(
        json.dumps(
            {
                "axe-core": "4.10.2",
                "counts": {k: counts(v) for k, v in out.items()},
                "violations": out,
            },
            indent=2,
        )
    )
    return out


PAGES = ["lobby", "lobby-dialog", *sorted(games()), "replay"]


@pytest.mark.parametrize("where", PAGES)
def test_no_serious_or_critical_axe_violation(audits: dict[str, Any], where: str) -> None:
    bad = serious(audits[where])
    assert not bad, f"{where}: axe-core found {json.dumps(bad, indent=1)}"
