"""A reload in the middle of a hand (a dropped page, the tab killed, a pull-to-refresh) loses
nothing tapped: static/in-progress.js keeps the hand in progress in the tab's sessionStorage,
puts it back when the same form at the same version comes back, and only shows it (to put back
or forget) when the game moved on since, e.g. another phone saved a hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.phone import bid, phone_at, save, start_game, tap
from tests.browser.test_dropped_network import offline_game
from tests.browser.test_saving_browser import SIZES, hands_stored
from tests.browser.test_table_phone import ONLINE_PAGE, hands_of

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/scorekeeper-shots")
SHOTS.mkdir(exist_ok=True)
NAMES = ["Ann", "Bob", "Cy", "Di"]


def checked(page, name):
    return page.locator(f'input[name="{name}"]:checked').evaluate_all("l => l.map(i => i.value)")


@pytest.mark.parametrize("size", list(SIZES))
def test_two_bids_tapped_survive_a_reload_and_one_hand_is_saved(
    browser, browser_context_args, live_server, size
):
    context = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = context.new_page()
    url = start_game(page, live_server, NAMES)
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    page.reload()
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    assert checked(page, "bid-2") == [] and page.locator(".kept-hand").is_hidden()
    assert page.locator("#contract-0").inner_text() == "3"  # game.js read the form as it was
    page.screenshot(path=str(SHOTS / f"in-progress-bids-{size}.png"))
    bid(page, {"bid-2": "2", "bid-3": "3"})  # the last tap moves on to the tricks
    tap(page, "ttricks-0", "6")
    page.reload()  # the tricks tapped survive too
    assert checked(page, "ttricks-0") == ["6"]
    save(page)
    assert hands_stored(page, url) == 1
    page.reload()  # saved: nothing of hand 1 comes back on hand 2's form
    assert page.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert page.locator("#hand input:checked").count() == 0
    assert page.locator(".kept-hand").is_hidden()
    assert hands_stored(page, url) == 1
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_hand_kept_from_before_another_phone_saved_is_shown_not_applied(
    browser, browser_context_args, live_server, size
):
    mine = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = mine.new_page()
    url = start_game(page, live_server, NAMES)
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    other = browser.new_context(**browser_context_args).new_page()  # the partner's phone
    other.goto(url)
    bid(other, {"bid-0": "3", "bid-1": "4", "bid-2": "2", "bid-3": "3"})
    tap(other, "ttricks-0", "7")
    save(other)
    page.reload()
    assert page.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert page.locator("#hand input:checked").count() == 0  # not applied by itself
    kept = page.locator(".kept-hand")
    told = kept.inner_text()
    assert "Hand 1: bids" in told and "Ann's bid 3" in told and "Bob's bid 4" in told
    assert "moved on" in kept.inner_text()
    page.screenshot(path=str(SHOTS / f"in-progress-moved-on-{size}.png"), full_page=True)
    page.reload()  # still shown until the scorer chooses
    assert page.locator(".kept-hand").is_visible()
    page.get_by_role("button", name="Put it back on the form").click()
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    assert page.locator(".kept-hand").is_hidden()
    page.reload()  # put back, it is the hand in progress now
    assert checked(page, "bid-1") == ["4"] and page.locator(".kept-hand").is_hidden()
    bid(page, {"bid-2": "2", "bid-3": "3"})
    tap(page, "ttricks-0", "5")
    save(page)
    assert hands_stored(page, url) == 2
    mine.close()
    other.context.close()


def test_a_kept_hand_can_be_forgotten(browser, browser_context_args, live_server):
    page = browser.new_context(**browser_context_args).new_page()
    url = start_game(page, live_server, NAMES)
    tap(page, "bid-0", "3")
    page.goto(url + "?step=both")  # another form of this game: the taps are kept, not applied
    page.goto(url)
    assert page.locator("#hand input:checked").count() == 0
    page.get_by_role("button", name="Forget it").click()
    assert page.locator(".kept-hand").is_hidden()
    page.reload()
    assert page.locator(".kept-hand").is_hidden()
    assert page.locator("#hand input:checked").count() == 0
    page.context.close()


offline_phone = phone_at({"320x640": {"width": 320, "height": 640}})


def test_taps_on_the_offline_copy_survive_its_reload_and_are_kept_once(
    offline_phone, live_server, live_db
):
    """Offline, the page is the phone's copy and offline.js sets up its form: a reload keeps
    the taps there too, and the hand saved offline is kept once, then sent once."""
    page = offline_phone
    url = offline_game(page, live_server, live_db)
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    page.reload()
    assert "Offline: the sheet as last seen." in page.locator(".offline").inner_text()
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    tap(page, "bid-2", "3")
    tap(page, "bid-3", "3")
    tap(page, "ttricks-0", "7")
    page.get_by_role("button", name="Save hand 2").click()
    page.wait_for_selector("text=Hand 2 kept on this phone.")
    assert page.locator("#hand input[name^=bid]:checked").count() == 0  # hand 3's form: clear
    page.context.set_offline(False)
    page.wait_for_function(ONLINE_PAGE)
    page.wait_for_selector("text=Hand 3: bids")
    assert len(hands_of(live_db, url)) == 2
