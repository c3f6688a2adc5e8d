"""Back after Save, in a real browser with the back/forward cache off (as a phone that dropped
the page): the old tricks step never records its hand again."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import load_game_text
from tests.browser.phone import bid, save
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

# Both phone sizes of issue 10 (touch comes from browser_context_args).
SIZES = {"390x844": {"width": 390, "height": 844}, "320x640": {"width": 320, "height": 640}}


@pytest.fixture(scope="module")
def no_bfcache(browser_type):
    """Chromium without its back/forward cache: Back shows a page from the HTTP cache or from
    the server, never the live page kept in memory."""
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, "--disable-features=BackForwardCache"],
    )
    yield browser
    browser.close()


def play_hand_one(page, base):
    page.goto(base + "/games/new")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.fill(f"#player-{i}", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    url = page.url
    bid(page, {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3"})  # the last moves on
    page.locator('input[name="ttricks-0"][value="7"]').check()
    save(page)  # to the next page's load: its script taps on to the tricks by itself
    page.wait_for_selector("text=Hand 2: bids")
    return url


def hands_stored(page, url):
    return len(load_game_text(page.request.get(url + "/game.json").text()).hands)


@pytest.mark.parametrize("size", list(SIZES))
def test_back_after_save_never_offers_the_saved_hand_again(
    no_bfcache, browser_context_args, live_server, size, shot
):
    """The phone dropped the page: Back asks the server for hand 1's tricks step again."""
    context = no_bfcache.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = context.new_page()
    url = play_hand_one(page, live_server)
    page.go_back()
    page.wait_for_selector("text=Hand 1 was already saved.")
    assert page.locator("#hand h2").inner_text() == "Hand 2: bids"  # not hand 1's bids again
    assert page.get_by_role("button", name=re.compile("^Save hand")).count() == 0
    shot(page, "back-after-save.png")
    assert hands_stored(page, url) == 1
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_back_after_save_to_a_kept_copy_then_save_is_already_saved(
    no_bfcache, browser_context_args, live_server, size
):
    """The phone kept a copy of the tricks step (its HTTP cache): Back shows hand 1's form as it
    was, one-time id and all, and Save sends it again. The service worker is blocked: requests
    it makes are out of page.route's sight, and the copy here stands for the HTTP cache."""
    context = no_bfcache.new_context(
        **{**browser_context_args, "viewport": SIZES[size]}, service_workers="block"
    )
    page = context.new_page()
    kept: dict[str, str] = {}

    def keep_a_copy(route):
        if route.request.method == "GET" and "step=tricks" in route.request.url:
            if route.request.url in kept:  # Back: the copy, as a cache would give it
                route.fulfill(body=kept[route.request.url], content_type="text/html")
                return
            response = route.fetch()
            kept[route.request.url] = response.text()
            route.fulfill(response=response)
            return
        route.continue_()

    page.route("**/g/**", keep_a_copy)
    url = play_hand_one(page, live_server)
    page.go_back()
    page.wait_for_selector("text=Hand 1: tricks")
    page.locator('input[name="ttricks-0"][value="7"]').check()
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_selector("text=Hand 1 was already saved.")
    assert page.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert hands_stored(page, url) == 1
    context.close()


def test_a_double_tap_on_save_records_one_hand(page, live_server):
    url = play_hand_one(page, live_server)
    bid(page, {f"bid-{seat}": "3" for seat in range(4)})
    page.locator('input[name="ttricks-0"][value="6"]').check()
    page.get_by_role("button", name="Save hand 2").dblclick()
    page.wait_for_selector("text=Hand 3: bids")
    assert hands_stored(page, url) == 2
