"""A reload in the middle of a hand (a dropped page, the tab killed, a pull-to-refresh), or the
tab closed and the game's link opened again, loses nothing tapped: static/in-progress.js keeps
the hand in progress in the phone's localStorage (under a hash of the game's path, never its
edit token), puts it back when the same form at the same version comes back, and only shows it
(to put back or forget) when the game moved on since, e.g. another phone saved a hand. Saved or
forgotten it leaves nothing behind; a day after its last tap it is gone, and at most 20 games
are kept. Two tabs of one game: the last tap wins, the other tab's taps are offered on the next
page opened."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.kitchen.games import open_new_game
from tests.browser.kitchen.test_dropped_network import offline_game
from tests.browser.kitchen.test_saving_browser import SIZES, hands_stored
from tests.browser.kitchen.test_table_phone import ONLINE_PAGE, hands_of
from tests.browser.phone import bid, phone_at, save, tap

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]


def checked(page, name):
    return page.locator(f'input[name="{name}"]:checked').evaluate_all("l => l.map(i => i.value)")


@pytest.mark.parametrize("size", list(SIZES))
def test_two_bids_tapped_survive_a_reload_and_one_hand_is_saved(
    browser, browser_context_args, live_server, live_db, size, shot
):
    context = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = context.new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    page.reload()
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    assert checked(page, "bid-2") == [] and page.locator(".kept-hand").is_hidden()
    assert page.locator("#contract-0").inner_text() == "3"  # game.js read the form as it was
    shot(page, f"in-progress-bids-{size}.png")
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
    browser, browser_context_args, live_server, live_db, size, shot
):
    mine = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = mine.new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
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
    shot(page, f"in-progress-moved-on-{size}.png", full_page=True)
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


def test_a_kept_hand_can_be_forgotten(browser, browser_context_args, live_server, live_db):
    page = browser.new_context(**browser_context_args).new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
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


def hand_entries(page):
    """What in-progress.js keeps in localStorage: {key: entry}, the keys as stored."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("hand "))
            .map((k) => [k, JSON.parse(localStorage.getItem(k))]))"""
    )


def reopen(page, url):
    """Close the tab and open the game's link in a new one (from history, a home-screen icon):
    the same browser (its localStorage), not the same tab (its sessionStorage)."""
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(url)
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_taps_survive_closing_the_tab_and_opening_the_link_again(
    browser, browser_context_args, live_server, live_db, size, shot
):
    context = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = context.new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
    token = url.rsplit("/", 1)[1]
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    kept = hand_entries(page)
    assert len(kept) == 1  # one game, one entry, and the edit token nowhere in it
    assert token not in page.evaluate("() => JSON.stringify(Object.entries(localStorage))")
    page = reopen(page, url)
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    assert checked(page, "bid-2") == [] and page.locator(".kept-hand").is_hidden()
    assert page.locator("#contract-0").inner_text() == "3"  # game.js read the form as it was
    shot(page, f"in-progress-reopened-{size}.png")
    bid(page, {"bid-2": "2", "bid-3": "3"})
    tap(page, "ttricks-0", "6")
    page = reopen(page, url)  # the link is the bids step's: the tricks tapped are offered
    kept = page.locator(".kept-hand")
    expect(kept).to_contain_text("Hand 1: tricks")
    assert "moved on" not in kept.inner_text()
    assert page.locator("#hand input:checked").count() == 0
    shot(page, f"in-progress-reopened-tricks-{size}.png", full_page=True)
    with page.expect_navigation(url=re.compile(r"step=tricks")):
        page.get_by_role("button", name="Put it back on the form").click()
    assert checked(page, "ttricks-0") == ["6"] and page.locator(".kept-hand").is_hidden()
    save(page)
    assert hands_stored(page, url) == 1
    assert hand_entries(page) == {}  # saved: nothing left behind
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_taps_kept_from_before_another_phone_saved_are_offered_on_a_new_tab(
    browser, browser_context_args, live_server, live_db, size, shot
):
    mine = browser.new_context(**{**browser_context_args, "viewport": SIZES[size]})
    page = mine.new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
    tap(page, "bid-0", "3")
    tap(page, "bid-1", "4")
    page.close()
    other = browser.new_context(**browser_context_args).new_page()  # the partner's phone
    other.goto(url)
    bid(other, {"bid-0": "2", "bid-1": "4", "bid-2": "2", "bid-3": "3"})
    tap(other, "ttricks-0", "7")
    save(other)
    page = mine.new_page()
    page.goto(url)
    assert page.locator("#hand h2").inner_text() == "Hand 2: bids"
    kept = page.locator(".kept-hand")
    expect(kept).to_contain_text("Hand 1: bids")
    assert "Ann's bid 3" in kept.inner_text() and "moved on" in kept.inner_text()
    assert page.locator("#hand input:checked").count() == 0  # not applied by itself
    expect(page.get_by_role("button", name="Put it back on the form")).to_be_visible()
    shot(page, f"in-progress-moved-on-new-tab-{size}.png", full_page=True)
    page.get_by_role("button", name="Forget it").click()
    expect(kept).to_be_hidden()
    assert hand_entries(page) == {}  # forgotten: nothing left behind
    page = reopen(page, url)
    assert page.locator(".kept-hand").is_hidden()
    assert page.locator("#hand input:checked").count() == 0
    mine.close()
    other.context.close()


def test_a_hand_kept_a_day_ago_is_gone_and_at_most_twenty_games_are_kept(
    browser, browser_context_args, live_server, live_db
):
    page = browser.new_context(**browser_context_args).new_page()
    url = open_new_game(page, live_server, live_db, NAMES)
    tap(page, "bid-0", "3")
    (key,) = hand_entries(page)
    # 25 other games' hands, kept minutes ago (older than this one): the 20 newest stay
    page.evaluate(
        """() => { for (let i = 0; i < 25; i++) localStorage.setItem("hand other" + i,
            JSON.stringify({ s: Date.now() - (i + 1) * 60000, n: null, k: [] })); }"""
    )
    page = reopen(page, url)
    assert checked(page, "bid-0") == ["3"]
    assert sorted(hand_entries(page)) == sorted([key] + [f"hand other{i}" for i in range(19)])
    day_and_a_minute = 24 * 3600 * 1000 + 60000  # the stored time set back: no waiting
    page.evaluate(
        """([key, back]) => { const e = JSON.parse(localStorage.getItem(key));
            e.s -= back; localStorage.setItem(key, JSON.stringify(e)); }""",
        [key, day_and_a_minute],
    )
    page = reopen(page, url)
    assert page.locator("#hand input:checked").count() == 0
    assert page.locator(".kept-hand").is_hidden()
    assert key not in hand_entries(page)
    page.context.close()


def test_two_tabs_of_one_game_the_last_tap_wins_and_the_other_is_offered(
    browser, browser_context_args, live_server, live_db
):
    """The decision for two tabs of one game at once: the hand in progress is the last one
    tapped, in whichever tab; a tab is never changed under the scorer's fingers by the other;
    the taps the last tap replaced are offered ("Put it back", "Forget it") on the next page
    opened, never lost."""
    context = browser.new_context(**browser_context_args)
    first = context.new_page()
    url = open_new_game(first, live_server, live_db, NAMES)
    second = context.new_page()
    second.goto(url)
    tap(first, "bid-0", "3")
    tap(second, "bid-0", "5")
    tap(second, "bid-1", "4")
    assert checked(first, "bid-0") == ["3"] and checked(first, "bid-1") == []  # left alone
    third = context.new_page()
    third.goto(url)
    assert checked(third, "bid-0") == ["5"] and checked(third, "bid-1") == ["4"]  # the last tap
    kept = third.locator(".kept-hand")
    expect(kept).to_contain_text("Ann's bid 3")
    third.get_by_role("button", name="Put it back on the form").click()
    assert checked(third, "bid-0") == ["3"] and checked(third, "bid-1") == ["4"]
    expect(kept).to_be_hidden()
    context.close()


@pytest.mark.parametrize("storage", ["refused", "full"])
def test_entry_goes_on_when_the_phone_cannot_keep_the_taps(
    browser, browser_context_args, live_server, live_db, storage
):
    """Private mode, cookies blocked (localStorage refused) or storage full: the hand is tapped
    and saved as ever, with no error on the page."""
    context = browser.new_context(**browser_context_args)
    if storage == "refused":
        context.add_init_script(
            """Object.defineProperty(window, "localStorage", { get() {
                throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
        )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    url = open_new_game(page, live_server, live_db, NAMES)
    if storage == "full":  # another game's hand in progress first, then the rest filled
        page.evaluate(
            """() => localStorage.setItem("hand other", JSON.stringify({ s: Date.now(), n: null,
                k: [{ id: 1, at: "", v: "1", h: "Hand 3: bids", f: [], t: "x".repeat(4000) }] }))"""
        )
        refused = page.evaluate(  # filled to the last character: even one more is refused
            """() => { let i = 0; const ls = localStorage;
                for (let size = 1 << 20; size >= 1; size >>= 1) {
                    const chunk = "x".repeat(size);
                    try { for (let n = 0; n < 64; n++) ls.setItem("filler" + i++, chunk); }
                    catch (e) { /* full at this size: smaller ones next */ } }
                try { ls.setItem("one more", "x"); return false; } catch (e) { return true; } }"""
        )
        assert refused
        page.reload()
    tap(page, "bid-0", "3")
    if storage == "full":  # room made from the other game's kept hand: this one is kept
        assert list(hand_entries(page)) != ["hand other"] and len(hand_entries(page)) == 1
        page = reopen(page, url)
        page.on("pageerror", lambda e: errors.append(str(e)))
        assert checked(page, "bid-0") == ["3"]
    bid(page, {"bid-1": "4", "bid-2": "2", "bid-3": "3"})
    tap(page, "ttricks-0", "6")
    save(page)
    assert hands_stored(page, url) == 1
    assert errors == []
    context.close()


def keep_the_old_way(page, taps, told):
    """What in-progress.js kept before it used localStorage: the tab's sessionStorage, keyed by
    the game's path, its ``at`` with the path, no id and no time."""
    page.evaluate(
        """([f, t]) => sessionStorage.setItem("hand " + location.pathname, JSON.stringify({
            at: location.pathname + location.search.replace(/[?&]again=[^&]*/, ""),
            v: document.getElementById("now").dataset.version,
            h: document.querySelector("#hand h2").textContent, f: f, t: t }))""",
        [[list(t) for t in taps.items()], told],
    )


def old_entries(page):
    return page.evaluate("() => Object.keys(sessionStorage).filter((k) => k.startsWith('hand '))")


def test_taps_kept_the_old_way_in_the_tab_come_back_once_after_the_upgrade(
    browser, browser_context_args, live_server, live_db
):
    """A tab open while in-progress.js moved from sessionStorage to localStorage: its taps
    come back (same version) or are offered (the game moved on), and the old entry goes."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    open_new_game(page, live_server, live_db, NAMES)
    keep_the_old_way(page, {"bid-0": "3", "bid-1": "4"}, "Ann's bid 3, Bob's bid 4")
    page.reload()
    assert checked(page, "bid-0") == ["3"] and checked(page, "bid-1") == ["4"]
    assert page.locator(".kept-hand").is_hidden() and old_entries(page) == []
    assert len(hand_entries(page)) == 1  # kept the new way from now on
    page.reload()
    assert checked(page, "bid-1") == ["4"]

    url = open_new_game(
        page, live_server, live_db, NAMES
    )  # another game; another phone saves a hand
    keep_the_old_way(page, {"bid-0": "5"}, "Ann's bid 5")
    other = browser.new_context(**browser_context_args).new_page()
    other.goto(url)
    bid(other, {"bid-0": "2", "bid-1": "4", "bid-2": "2", "bid-3": "3"})
    tap(other, "ttricks-0", "7")
    save(other)
    page.reload()
    kept = page.locator(".kept-hand")
    expect(kept).to_contain_text("Hand 1: bids")
    assert "Ann's bid 5" in kept.inner_text() and "moved on" in kept.inner_text()
    assert page.locator("#hand input:checked").count() == 0 and old_entries(page) == []
    page.get_by_role("button", name="Put it back on the form").click()
    expect(kept).to_be_hidden()
    assert checked(page, "bid-0") == ["5"]
    context.close()
    other.context.close()
