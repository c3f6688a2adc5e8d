"""What the browser tests do with a phone: start a game, tap bids and tricks, save, check the
page with axe-core, read back what the store holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import load_game_text, score_game

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def start_game(page, base, names, **choices):
    page.goto(base + "/games/new")
    for i, name in enumerate(names):
        page.fill(f"#player-{i}", name)
    if "preset" in choices:
        page.locator(f'input[name="preset"][value="{choices["preset"]}"]').check()
    if choices.get("start"):
        page.locator("summary", has_text="Carry on a game from paper").click()
    for seat, (score, bags) in choices.get("start", {}).items():
        page.fill(f"#start-score-{seat}", str(score))
        page.fill(f"#start-bags-{seat}", str(bags))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def tap(page, name, value):
    page.locator(f'input[name="{name}"][value="{value}"]').check()


def bid(page, bids, js=True):
    """Tap the bids: with JavaScript the last tap moves on to the tricks by itself."""
    *first, (name, value) = bids.items()
    for n, v in first:
        tap(page, n, v)
    if not js:
        tap(page, name, value)
        with page.expect_navigation(url=re.compile(r"step=tricks")):  # refused, it stays there
            page.get_by_role("button", name="Bids are in: tricks next").click()
        return
    with page.expect_navigation(url=re.compile(r"step=tricks")):
        page.locator(f'input[name="{name}"][value="{value}"]').click()  # not check(): it leaves


def save(page):
    """Tap Save and wait for the game page it lands on: at its totals and the next hand (#now),
    or from its top when the tricks were entered on the game page's own address."""
    with page.expect_navigation(url=re.compile(r"/g/[\w-]+(#now)?$")):
        page.get_by_role("button", name=re.compile(r"^Save hand")).click()


def play(page, bids, tricks, js=True):
    if bids:
        bid(page, bids, js)
    for name, value in tricks.items():
        tap(page, name, value)
    save(page)


def stored_sheet(page, url):
    """The engine's sheet for the game file as the store holds it (through the export)."""
    text = page.request.get(url + "/game.json").text()
    return score_game(load_game_text(text))


def shown_totals(page, sides):
    cells = page.locator("table.sheet tfoot td").all_inner_texts()
    return {side: int(cells[3 * i + 1].replace("\u2212", "-")) for i, side in enumerate(sides)}


def check_axe(page):
    # Evaluated rather than added as a <script> tag: the page's CSP (kept on) forbids inline code.
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        "async () => (await axe.run()).violations.map(v => v.id + ': ' + v.help)"
    )
    assert result == [], result


# The sizes the browser tests open a page at: the phone the issues name beside a laptop, or the
# two phone sizes (touch and the pixel ratio come from browser_context_args).
PHONE_AND_LAPTOP = {
    "390x844": {"width": 390, "height": 844},
    "1366x768": {"width": 1366, "height": 768},
}
TWO_PHONES = {"390x844": {"width": 390, "height": 844}, "320x640": {"width": 320, "height": 640}}


def phone_at(sizes):
    """A ``phone`` fixture: a page in Chromium with its back/forward cache on, once at each size."""

    @pytest.fixture(params=list(sizes))
    def phone(request, bfcache_browser, browser_context_args):
        context = bfcache_browser.new_context(
            **{**browser_context_args, "viewport": sizes[request.param]}
        )
        yield context.new_page()
        context.close()

    return phone
