"""The lobby, the invite link and the rules pages in a real browser: the 15 games with
their player counts and pitches, a table created from the lobby with a friend's seat,
the invite link copied and opened in a second browser where the friend sits down, the
rules rendered safely. Screenshots of each page at 1280x800 and 390x844."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.async_api import Browser
from tests.browser.driver import PHONE, no_horizontal_scroll, open_tab, wait_phase
from tests.server.kit import Server

from yuletide.core.registry import games

pytestmark = pytest.mark.xdist_group("browser")


async def test_lobby_lists_every_game_and_creates_a_table_a_friend_joins(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    base, _, _ = server
    host = await open_tab(browser, base + "/")
    friend = None
    page = host.page
    try:
        await page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        cards = page.locator("#games .game")
        await cards.first.wait_for()
        assert await cards.count() == len(games()) == 15
        for g in games():
            card = page.locator(f'#games .game[data-game="{g}"]')
            assert (await card.locator(".pitch").inner_text()).strip(), f"{g} has no pitch"
            assert (
                "player" in (await card.locator(".players").inner_text()).lower()
                or (await card.locator(".players").inner_text()) == "Solo"
            )
        await page.screenshot(path=artifacts / "lobby-desktop.png", full_page=True)

        # a Looney Lights table: you, a friend, a bot
        await page.click('[data-create="looney-lights"]')
        dialog = page.locator("#create")
        await dialog.wait_for(state="visible")
        await page.select_option("#players", "3")
        await page.fill("#create-name", "Host")
        await page.select_option('select[name="seat-1"]', "friend")
        await page.select_option('select[name="seat-2"]', "bot:random")
        await page.screenshot(path=artifacts / "create-desktop.png")
        await page.click("#create-go")
        await page.wait_for_url("**/play/*")
        table_id = page.url.rstrip("/").split("/")[-1]
        await page.locator(".waiting-room").wait_for()
        assert await wait_phase(page, "waiting") == "waiting"
        await page.screenshot(path=artifacts / "waiting-desktop.png")

        # copy the invite link from the waiting room; the friend opens it
        await page.locator('.waiting-room [data-copy="Invite link"]').click()
        copied = await page.evaluate("() => navigator.clipboard.readText()")
        assert copied == f"{base}/play/{table_id}", copied
        friend = await open_tab(browser, copied, PHONE)
        f = friend.page
        await f.locator(".sitdown").wait_for()
        sw, cw, wide = await no_horizontal_scroll(f)
        assert sw <= cw, wide
        await f.screenshot(path=artifacts / "sitdown-phone.png")
        await f.fill("#your-name", "Friend")
        await f.click('[data-sit="1"]')
        await wait_phase(f, "act", "wait")
        # the game started for both, and each sees the other's name
        await wait_phase(page, "act", "wait")
        assert "Friend" in await page.locator(".others").inner_text()
        assert "Host" in await f.locator(".others").inner_text()
        assert not host.errors, host.errors
        assert not friend.errors, friend.errors

        # the lobby on a phone
        await page.set_viewport_size(PHONE)
        await page.goto(base + "/")
        await page.locator("#games .game").first.wait_for()
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"the lobby on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "lobby-phone.png")
    finally:
        await host.close()
        if friend is not None:
            await friend.close()


async def test_rules_pages_render_markdown_as_text(
    browser: Browser, server: Server, artifacts: Path
) -> None:
    base, _, _ = server
    tab = await open_tab(browser, base + "/rules/christmas-lights")
    page = tab.page
    try:
        await page.locator("#rules-body p").first.wait_for()
        assert (await page.locator("#rules-title").inner_text()) == "Christmas Lights"
        assert await page.locator("#rules-body li").count() > 3
        assert await page.locator("#rules-body code").count() > 0
        # the page's own "# Christmas Lights" is the title, not shown twice
        assert await page.locator("#rules-body h2", has_text="Christmas Lights").count() == 0
        # headings carry GitHub's anchors; the Options table is a table
        assert await page.locator("#rules-body h3#a-turn").count() == 1
        assert await page.locator("#rules-body table th").count() == 4
        options = await page.locator("#rules-body table td code").all_inner_texts()
        assert options[:2] == ["turn_limit", "free_actions"]
        await page.screenshot(path=artifacts / "rules-desktop.png")
        await page.locator("#rules-body table").scroll_into_view_if_needed()
        await page.screenshot(path=artifacts / "rules-table-desktop.png")
        # a link to a ruling (../rulings.md#m2 in the page) opens the rulings page there
        link = page.locator('#rules-body a[href="/rules/rulings#m2"]').first
        await link.click()
        await page.wait_for_url("**/rules/rulings#m2")
        await page.locator("#rules-body h4#m2").wait_for()
        assert (await page.locator("#rules-title").inner_text()) == "Rulings and readings"
        assert await page.locator("#rules-play").count() == 0
        box = await page.locator("#m2").bounding_box()
        assert box is not None and 0 <= box["y"] < 400, box  # scrolled to the ruling
        await page.screenshot(path=artifacts / "rulings-desktop.png")
        # the rulings page's link to the index of the games (rules/README.md): the lobby
        assert await page.locator('#rules-body a[href="/"]').count() == 1
        # nothing in a page's text is ever taken as HTML
        html = await page.evaluate(
            """async () => {
              const { markdown } = await import('/static/js/markdown.js');
              const box = document.createElement('div');
              box.append(markdown('# T <b>x</b>\\n\\n* a <img src=x onerror=alert(1)> **b**\\n'
                + '* [js](javascript:alert(1)) and `<script>`\\n\\n'
                + '| a <b>x</b> | [r](rules.md#x) |\\n|---|---|\\n| <img src=x> | a \\\\| b |\\n\\n'
                + '[far](//evil.example/x) [page](../rulings.md#m1)'));
              return box.innerHTML;
            }"""
        )
        assert "<img" not in html and "<b>" not in html and "<script>" not in html
        assert "&lt;img" in html and "<strong>b</strong>" in html and "<table>" in html
        assert "javascript:" not in html and "evil.example" not in html
        assert "<td>a | b</td>" in html  # an escaped pipe stays in its cell
        # a relative link is kept only if the caller maps it to this site
        assert 'href="../rulings.md' not in html and 'href="rules.md' not in html
        for g in games():
            await page.goto(f"{base}/rules/{g}")
            await page.locator("#rules-body p").first.wait_for()
            assert await page.locator("#rules-body table").count() == 1, g  # the options
        await page.set_viewport_size(PHONE)
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"a rules page on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "rules-phone.png")
        await page.goto(f"{base}/rules/solo-lights")  # the widest options table
        await page.locator("#rules-body table").scroll_into_view_if_needed()
        sw, cw, wide = await no_horizontal_scroll(page)
        assert sw <= cw, f"a rules page on a phone is {sw}px wide: {wide}"
        await page.screenshot(path=artifacts / "rules-table-phone.png")
        await page.goto(f"{base}/rules/rulings#looney-lights-first-discard")
        await page.locator("#looney-lights-first-discard").wait_for()
        await page.screenshot(path=artifacts / "rulings-phone.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.close()


async def test_chooser_narrows_by_clicks_opens_a_menu_and_backs_out(
    browser: Browser, server: Server
) -> None:
    """The choice logic (js/chooser.js) on a made-up prompt: partial refs narrow the
    candidates, a click that completes several actions opens a menu, Back undoes a
    click, and a form sends start, the chosen options in the field's order, and the
    field's end unless a chosen option moves the engine on by itself."""
    base, _, _ = server
    tab = await open_tab(browser, base + "/rules/looney-lights")
    try:
        out = await tab.page.evaluate(
            """async () => {
              const { Chooser } = await import('/static/js/chooser.js');
              const act = (id, refs) => ({ id, send: id.split(' | '), label: id, refs });
              const c = new Chooser();
              c.setPrompt({ actions: [
                act('swap 1 2', ['hand:0:1', 'hand:1:2']),
                act('swap 1 3', ['hand:0:1', 'hand:1:3']),
                act('play 1 a', ['hand:0:1', 'string:0']),
                act('play 1 b', ['hand:0:1', 'string:0']),
                act('draw', ['deck']), act('pass', []) ],
                forms: [{ id: 'q', label: 'Ask', start: ['ask'], sentence: 'Ask {pos} {rel}',
                  fields: [
                    { name: 'pos', label: 'Cards', multiple: true, min: 1, end: ['done'],
                      choices: [
                      { label: '1', send: ['card 1'] }, { label: '2', send: ['card 2'] },
                      { label: 'all', send: ['all'], exclusive: true, skip_end: true,
                        count: 5 } ] },
                    { name: 'rel', label: 'Relation', multiple: false, min: 1, end: [],
                      choices: [
                      { label: '>= 2', send: ['>=', 'number 2'],
                        needs: { field: 'pos', count: 2 } },
                      { label: '= 0', send: ['=', 'number 0'] } ] } ] }] });
              const r = {};
              r.first = [...c.next().keys()].sort();
              r.click1 = c.click('hand:0:1');
              r.next1 = [...c.next().keys()].sort();
              r.cands1 = c.candidates().map((a) => a.id);
              r.menu = c.click('string:0').menu.map((a) => a.id);
              r.back1 = c.back();
              r.partialAfterBack = c.partial.slice();
              r.chosen = c.click('hand:1:3').choose.id;
              r.partialAfterChoose = c.partial.slice();
              c.openForm('q');
              r.needsBlocked = c.available(1, 0);
              c.toggle(0, 1); c.toggle(0, 0);
              r.needsMet = c.available(1, 0);
              c.toggle(1, 0);
              r.sentence = c.sentence();
              r.sends = c.formSends();
              c.toggle(0, 2);
              r.exclusive = [...c.form.chosen[0]];
              r.sendsAll = c.formComplete() ? c.formSends() : null;
              c.toggle(1, 1);
              r.sendsAll = c.formSends();
              return r;
            }"""
        )
        assert out["first"] == ["deck", "hand:0:1"]
        assert out["click1"] == {"more": True}
        assert out["next1"] == ["hand:1:2", "hand:1:3", "string:0"]
        assert out["cands1"] == ["swap 1 2", "swap 1 3", "play 1 a", "play 1 b"]
        assert out["menu"] == ["play 1 a", "play 1 b"]
        assert out["back1"] is True and out["partialAfterBack"] == ["hand:0:1"]
        assert out["chosen"] == "swap 1 3" and out["partialAfterChoose"] == []
        assert out["needsBlocked"] is False and out["needsMet"] is True
        assert out["sentence"] == "Ask 1 and 2 >= 2"
        assert out["sends"] == ["ask", "card 1", "card 2", "done", ">=", "number 2"]
        assert out["exclusive"] == [2]
        assert out["sendsAll"] == ["ask", "all", "=", "number 0"]
    finally:
        await tab.close()


STATIC = Path(__file__).resolve().parents[2] / "src" / "yuletide" / "server" / "static"
#: Text colour on background colour, as the pages use them: base.css's tokens by name
#: (--name) or literal colours (from cards.css and panel.css).
CONTRAST_PAIRS = [
    ("on-felt", "felt-light"),  # text on the lightest part of the felt
    ("on-felt-muted", "felt-light"),  # notes, counts, zone labels
    ("gold", "felt-light"),  # scores, the clock, section titles
    ("ink", "paper"),
    ("ink-muted", "paper"),
    ("ink-muted", "paper-2"),
    ("#ffffff", "cranberry"),  # primary buttons
    ("#ffffff", "cranberry-dark"),
    ("gold-ink", "gold"),  # "your move", the seat dot to act
    ("cranberry-dark", "#ffffff"),  # number keys on buttons
    ("#3b2f00", "#fff3c4"),  # knowledge notes, the "only one move" banner
    ("#0d2c3d", "#e1f5fe"),  # the partial choice
    ("ink", "#e0f7fa"),  # the log's last line
    ("#ffffff", "#1b5e20"),  # a chosen form chip
    ("#8a5a00", "paper"),  # the winner's star
    ("#7a1424", "#ffe0e3"),  # the real-time badge
    ("#f8dfae", "#7d1f2e"),  # the card back's snowflake
]


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_page_colours_meet_a_contrast_of_four_and_a_half() -> None:
    """Every text/background pair of the pages' own colours has a contrast of at least
    4.5:1 (WCAG AA); the cards' colours come from the model's palette, checked by the
    table model tests."""
    tokens = dict(
        re.findall(r"--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})", (STATIC / "css/base.css").read_text())
    )

    def colour(name: str) -> str:
        return name if name.startswith("#") else tokens[name]

    for fg, bg in CONTRAST_PAIRS:
        hi, lo = sorted((_luminance(colour(fg)), _luminance(colour(bg))), reverse=True)
        ratio = (hi + 0.05) / (lo + 0.05)
        assert ratio >= 4.5, f"{fg} on {bg}: contrast {ratio:.2f}"
