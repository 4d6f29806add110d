"""Two humans in two browser contexts: a Christmas Lights table where each page's DOM
and every websocket frame it received never hold that seat's own unknown cards
(checked against the server's state, rebuilt from the test server's database at each
frame's version), and a real-time Reindeer's Nose race between two pages."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser
from tests.browser.driver import (
    Tab,
    click_something,
    open_tab,
    phase,
    play_randomly,
    wait_phase,
)
from tests.server.kit import Server, read_table, sqlite_url

from yuletide.server.table import rebuild

pytestmark = pytest.mark.xdist_group("browser")

#: Clicks made by the two Christmas Lights players together.
LEAK_CLICKS = 40
#: Most clicks each Reindeer's Nose page makes (a race is decided well before).
RACE_CLICKS = 150

#: The own hand as the page shows it now, with the version it shows (read at once, so a
#: frame arriving meanwhile cannot pair one version's cards with another's number).
OWN_HAND_JS = """(seat) => ({
  version: Number(document.body.dataset.version),
  cards: [...document.querySelectorAll(`#board [data-ref^="hand:${seat}:"]`)]
    .filter((e) => e.classList.contains('card'))
    .map((e) => ({ref: e.dataset.ref, face: e.dataset.face, kind: e.dataset.kind || null}))})"""


async def seats_at_table(
    browser: Browser, server: Server, game: str, players: int, humans: int, **settings: Any
) -> tuple[str, list[Tab], list[dict[str, Any]]]:
    _, _, api = server
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "easy"}] * (players - humans)
    created = await asyncio.to_thread(
        api.create_table, game=game, players=players, seats=seats, sit=0, name="One", **settings
    )
    table = created["table"]
    grants = [created["you"]]
    for seat in range(1, humans):
        grants.append(await asyncio.to_thread(api.join, table, seat, f"Player {seat + 1}"))
    tabs = [await open_tab(browser, g["invite"]) for g in grants]
    return table, tabs, grants


def own_unknown(state: Any, seat: int) -> dict[int, str]:
    """Position -> true kind of every card in ``seat``'s hand that the seat does not know.
    In Christmas Lights every other seat sees that hand: the truth is their view of it."""
    other = (seat + 1) % state.players
    truth = state.view(other)["hands"][seat]["cards"]
    mine = state.view(seat)["hands"][seat]["cards"]
    return {i: str(truth[i]) for i, known in enumerate(mine) if known is None}


def check_frame(frame: dict[str, Any], seat: int, unknown: dict[int, str]) -> list[str]:
    """What a sync/update frame shows of the seat's own unknown cards (nothing, or a leak)."""
    bad = []
    view_cards = frame["view"]["hands"][seat]["cards"]
    for i in unknown:
        if view_cards[i] is not None:
            bad.append(f"view shows own card {i + 1}: {view_cards[i]!r}")
    model = frame.get("model") or {}
    hand = next((z for z in model.get("zones", []) if z["id"] == f"hand:{seat}"), None)
    if hand is None:
        bad.append("the model has no own hand zone")
        return bad
    for i, card in enumerate(hand["cards"]):
        if i in unknown and (card["face"] != "down" or "kind" in card or "colour" in card):
            bad.append(f"model shows own card {i + 1}: {card}")
    return bad


def dom_leaks(shown: dict[str, Any], unknown: dict[int, str]) -> list[str]:
    """What the page shows of the seat's own unknown cards (nothing, or a leak)."""
    bad = []
    for c in shown["cards"]:
        i = int(c["ref"].rsplit(":", 1)[1]) - 1
        if i in unknown and (c["face"] != "down" or c["kind"] is not None):
            bad.append(f"page shows own card {c['ref']} as {c}")
    return bad


async def test_two_humans_never_see_their_own_unknown_cards(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    _, db_path, _ = server
    table, tabs, grants = await seats_at_table(
        browser, server, "christmas-lights", 2, 2, bot_delay=0.0
    )
    url = sqlite_url(db_path)
    rng = random.Random(2026)
    clicks = 0
    dom_checks = 0
    bad: list[str] = []
    try:
        for tab in tabs:
            await wait_phase(tab.page, "act", "wait", "over")
        while clicks < LEAK_CLICKS:
            phases = [await phase(t.page) for t in tabs]
            if "over" in phases:
                break
            acting = [t for t, p in zip(tabs, phases, strict=True) if p == "act"]
            if not acting:
                await asyncio.wait(
                    [asyncio.ensure_future(wait_phase(t.page, "act", "over")) for t in tabs],
                    return_when=asyncio.FIRST_COMPLETED,
                )
                continue
            if await click_something(acting[0].page, rng) == "clicked":
                clicks += 1
            # both pages, now: the DOM against the server's state at the page's version (the
            # database is read after the pages: it holds every version a page can show)
            shown = [await t.page.evaluate(OWN_HAND_JS, seat) for seat, t in enumerate(tabs)]
            row, _, actions = await asyncio.to_thread(read_table, url, table)
            for seat, page_shows in enumerate(shown):
                state = rebuild(row, actions[: page_shows["version"]])[0]
                unknown = own_unknown(state, seat)
                bad += dom_leaks(page_shows, unknown)
                dom_checks += len(unknown)
        await tabs[0].page.screenshot(path=artifacts / "christmas-lights-two-humans.png")

        # every frame each page received, against the state at that frame's version
        row, _, actions = await asyncio.to_thread(read_table, url, table)
        states: dict[int, Any] = {}
        checked = 0
        for seat, tab in enumerate(tabs):
            for frame in tab.ws_frames():
                if frame.get("type") not in ("sync", "update"):
                    continue
                v = frame["version"]
                if v not in states:
                    states[v] = rebuild(row, actions[:v])[0]
                unknown = own_unknown(states[v], seat)
                bad += [f"seat {seat} v{v}: {b}" for b in check_frame(frame, seat, unknown)]
                checked += 1
                # the other seat's cards do show: the check is not vacuous
                other_cards = frame["view"]["hands"][(seat + 1) % 2]["cards"]
                assert not other_cards or any(c is not None for c in other_cards)
            text = "\n".join(tab.frames)
            assert grants[seat]["token"] not in text, "a token went out in a frame"
        print(
            f"two humans: {clicks} clicks; {checked} frames and {dom_checks} unknown cards"
            " on the pages checked"
        )
        assert checked > LEAK_CLICKS // 2 and dom_checks > LEAK_CLICKS
        assert not bad, bad[:5]
        for tab in tabs:
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.close()


async def test_real_time_reindeers_nose_race_between_two_pages(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    """Two people and two bots pass cards at once; the race is over when someone has four
    alike and everyone has pointed. Both pages follow it live (the clock runs, each sees
    the same decided race), and a page only ever acts when clicked."""
    _, tabs, _ = await seats_at_table(
        browser, server, "reindeers-nose", 4, 2, bot_delay=0.25, time_limit=3.0
    )
    decided = "pointed last"
    try:
        for tab in tabs:
            await wait_phase(tab.page, "act", "wait", "over")
            clock = tab.page.locator("#clock")
            await clock.wait_for(state="visible")
            assert re.fullmatch(r"\d+:\d\d", (await clock.inner_text()).strip())

        async def race_decided() -> bool:
            return decided in await tabs[0].page.locator("#log").inner_text()

        async def race(tab: Tab, seed: int) -> int:
            return await play_randomly(
                tab.page, random.Random(seed), RACE_CLICKS, until=race_decided
            )

        clicks = await asyncio.gather(race(tabs[0], 1), race(tabs[1], 2))
        print(f"Reindeer's Nose race: clicks {clicks}")
        assert all(n > 0 for n in clicks), clicks
        # both pages saw the race decided (a page that stopped early still gets the frame)
        for tab in tabs:
            await tab.page.locator("#log li", has_text=decided).first.wait_for()
        lines = [await t.page.locator("#log li", has_text=decided).first.inner_text() for t in tabs]
        assert lines[0].split(";")[0].split(" had ")[1] == lines[1].split(";")[0].split(" had ")[1]
        await tabs[1].page.screenshot(path=artifacts / "reindeers-nose-race.png")
        # a real-time page never acts by itself: at most one action per click
        for tab, n in zip(tabs, clicks, strict=True):
            assert len(tab.acts_sent()) <= n, (len(tab.acts_sent()), n)
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.close()
