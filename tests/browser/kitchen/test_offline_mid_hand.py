"""A dropped network in the middle of a hand, as a phone meets it (issue 34): the network goes
between two bid taps (or before Save on the tricks step) and the phone goes on with the offline
form by itself, what was tapped on it; a hand taken back with Undo offline comes back on the
server's form once the kept hands are sent, bids and tricks, with no false "Not saved"; and a
hand the server refused, corrected and saved, leaves nothing behind to say "Not saved"."""

from __future__ import annotations

import re

import pytest

from tests.browser.kitchen.test_table_phone import (
    FOUR,
    OFFLINE_HANDS,
    ONLINE_PAGE,
    ORDINARY_BIDS,
    WORKER_IN_CHARGE,
    enter_offline,
    hands_of,
    hands_saved_and_kept,
)
from tests.browser.phone import TWO_PHONES, bid, phone_at, save, tap
from tests.helpers import store_game

pytestmark = pytest.mark.browser


phone = phone_at(TWO_PHONES)


def checked(page, name):
    return page.locator(f'input[name="{name}"]:checked').evaluate_all("l => l.map(i => i.value)")


def all_bids_but_the_last(page):
    """Hand 2's bids (the first of OFFLINE_HANDS) tapped but the last, whose pad is returned:
    tapped, it moves on to the tricks by itself."""
    *first, (last, value) = OFFLINE_HANDS[0][0].items()
    for name, v in first:
        tap(page, name, v)
    return page.locator(f'input[name="{last}"][value="{value}"]')


def hand_2_kept_offline_then_sent(page, db, url):
    """Save hand 2 on the offline form (its tricks tapped: 8 to the first side), then the
    network back: the hand is sent, after hand 1 (7)."""
    page.get_by_role("button", name="Save hand 2").click()
    page.get_by_text("Hand 2 kept on this phone.").wait_for()
    page.context.set_offline(False)
    page.get_by_text("1 hand kept on this phone was sent").wait_for()
    assert [h["tricks"]["Ann & Cy"] for h in hands_of(db, url)] == [7, 8]


@pytest.mark.parametrize("step", ["bids", "tricks"])
def test_the_network_gone_mid_hand_the_phone_goes_on_offline_with_what_was_tapped(
    phone, live_server, live_db, step, shot
):
    url = hands_saved_and_kept(phone, live_server, live_db)
    bids = OFFLINE_HANDS[0][0]
    last_bid = all_bids_but_the_last(phone)
    if step == "tricks":
        with phone.expect_navigation(url=re.compile(r"step=tricks")):
            last_bid.click()
        tap(phone, "ttricks-0", "8")
        phone.context.set_offline(True)
        phone.get_by_role("button", name="Save hand 2").click()
    else:
        phone.context.set_offline(True)
        last_bid.click()
    # no Retry that cannot work: the offline form, by itself, with every tap on it
    phone.get_by_text("Offline: the sheet as last seen.").wait_for()
    said = "The network went in the middle of hand 2: it goes on here, what you tapped on the form"
    assert said in phone.locator(".offline").inner_text()
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids and tricks"
    assert all(checked(phone, n) == [v] for n, v in bids.items()), bids
    assert phone.locator(".kept-hand").is_hidden()  # nothing "Not saved" about it
    shot(phone, f"offline-mid-hand-{step}-{phone.viewport_size['width']}.png")
    if step == "bids":
        tap(phone, "ttricks-0", "8")
    else:
        assert checked(phone, "ttricks-0") == ["8"]
    hand_2_kept_offline_then_sent(phone, live_db, url)
    assert phone.locator(".kept-hand").is_hidden()


def test_a_page_reloaded_past_the_worker_still_goes_on_offline_mid_hand(
    phone, live_server, live_db
):
    """A page the service worker was not asked for (a hard reload skips it; so may a page asked
    for while the worker was being installed, seen on a slow server) is taken in its charge when
    it says what it shows, and goes on offline mid-hand like any other, instead of a Retry that
    cannot work until the network is back."""
    url = hands_saved_and_kept(phone, live_server, live_db)
    hard = phone.context.new_cdp_session(phone)
    with phone.expect_navigation():  # Ctrl+Shift+R: the page straight from the server
        hard.send("Page.reload", {"ignoreCache": True})
    hard.detach()  # (left attached, it outlives the offline emulation below)
    phone.wait_for_function(WORKER_IN_CHARGE, polling=100)  # never, were it left to nobody
    last_bid = all_bids_but_the_last(phone)
    phone.context.set_offline(True)
    last_bid.click()
    phone.get_by_text("Offline: the sheet as last seen.").wait_for()
    assert phone.locator(".retry:visible").count() == 0
    tap(phone, "ttricks-0", "8")
    hand_2_kept_offline_then_sent(phone, live_db, url)


def test_a_hand_taken_back_offline_comes_back_whole_on_the_servers_form(
    phone, live_server, live_db
):
    url = hands_saved_and_kept(phone, live_server, live_db)
    phone.context.set_offline(True)
    phone.reload()
    enter_offline(phone, OFFLINE_HANDS[:2], 2)
    phone.get_by_role("button", name="Undo: hand 3, kept on this phone").click()
    bids, ours = OFFLINE_HANDS[1]
    assert checked(phone, "ttricks-0") == [ours]
    phone.context.set_offline(False)  # hand 2 goes; hand 3 stays on the form, all of it
    phone.wait_for_function(ONLINE_PAGE)
    phone.get_by_text("1 hand kept on this phone was sent").wait_for()
    assert len(hands_of(live_db, url)) == 2
    assert phone.locator("#hand h2").inner_text() == "Hand 3: bids and tricks"
    assert all(checked(phone, n) == [v] for n, v in bids.items()), bids
    assert checked(phone, "ttricks-0") == [ours]
    assert phone.locator("#trick-sum").inner_text() == "13"
    assert phone.locator(".kept-hand").is_hidden()  # no "Not saved ... moved on since"
    save(phone)
    assert [h["tricks"]["Ann & Cy"] for h in hands_of(live_db, url)] == [7, 8, 4]
    assert phone.locator(".kept-hand").is_hidden()


BEMO = {"preset": "standard", "specials": ["little_bemo"]}


def test_a_refused_hand_corrected_and_saved_leaves_no_false_not_saved(phone, live_server, live_db):
    game = store_game(live_db, {
        "format": "spades-scorekeeper/1", "rules": BEMO, "players": FOUR,
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}, "hands": [],
    })  # fmt: skip
    url = f"{live_server}/g/{game.edit_token}"
    phone.goto(url)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "5")  # Little Bemo made with 5 tricks: refused
    phone.locator('fieldset[data-name="sp-0-0"]').locator("label", has_text="Made").click()
    phone.get_by_role("button", name="Save hand 1").click()
    phone.locator(".error[role=alert]:not(.retry)").first.wait_for()
    assert hands_of(live_db, url) == []
    phone.locator('fieldset[data-name="sp-0-0"]').locator("label", has_text="Failed").click()
    save(phone)
    assert len(hands_of(live_db, url)) == 1
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert phone.locator(".kept-hand").is_hidden(), phone.locator(".kept-hand").inner_text()
    phone.reload()
    assert phone.locator(".kept-hand").is_hidden(), phone.locator(".kept-hand").inner_text()
    left = phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('hand '))")
    assert left == []
