"""A dropped network, fourth pass (issue 23), at 390 px and 1366 px with the back/forward cache
on: every button of the game page offline gets the app's own "No network" page with the way
back (never the browser's error page), the offline hands follow the deal round the table, Undo
takes back the phone's own last kept hand, kept hands whose answer was lost go by themselves
(and say so), and a refused hand entered again leaves the list once saved."""

from __future__ import annotations

import re

import pytest

from tests.browser.kitchen.games import open_new_game
from tests.browser.kitchen.test_table_phone import (
    FOUR,
    OFFLINE_HANDS,
    another_phone_saves_hand_1,
    enter_offline,
    hands_of,
    hands_saved_and_kept,
    kept_for_offline,
    version_of,
)
from tests.browser.phone import PHONE_AND_LAPTOP, phone_at, tap

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP


phone = phone_at(SIZES)


def offline_game(page, base, db, hands=1):
    """A game with ``hands`` hands saved online, its page kept, then the network gone and the
    page opened again from the phone's copy."""
    url = hands_saved_and_kept(page, base, db, hands)
    page.context.set_offline(True)
    page.reload()
    assert "Offline: the sheet as last seen." in page.locator(".offline").inner_text()
    return url


# --- every button offline --------------------------------------------------------------------

BUTTONS = [  # (what is pressed, its role and name, what the page says needs the network)
    ("link", "New game", "A new game needs the network"),
    ("button", re.compile(r"^Undo: "), "Undo needs the network"),
    ("link", "PDF sheet", "The PDF sheet needs the network"),
    ("link", re.compile(r"^Misdeal: void hand 2"), "Voiding a hand as a misdeal needs the network"),
    ("link", "1", "Seeing why a saved hand scored, or fixing it, needs the network"),
    ("link", "The rules of this game", "The rules page needs the network"),
    ("link", "Open read-only view", "The read-only view needs the network"),
    ("link", "Import a game file", "Importing a game file needs the network"),
    ("button", "Rematch", "Rematch needs the network"),
    ("link", re.compile(r"^Delete game"), "Deleting the game needs the network"),
    ("link", re.compile(r"Scorekeeper$"), "The list of your games needs the network"),
]


def test_every_button_offline_says_what_needs_the_network_with_the_way_back(
    phone, live_server, live_db
):
    url = offline_game(phone, live_server, live_db)
    chart = phone.locator("img.chart")  # the chart as last seen, not a broken image
    chart.scroll_into_view_if_needed()
    phone.wait_for_function("() => document.querySelector('img.chart').complete")
    assert chart.evaluate("i => i.naturalWidth") > 0
    code = phone.get_by_role("img", name="QR code of the read-only link")  # and the QR code
    phone.wait_for_function("() => document.querySelector('.qr img').complete")
    assert code.evaluate("i => i.naturalWidth") > 0
    for role, name, needs in BUTTONS:
        phone.get_by_role(role, name=name, exact=True).first.click()
        phone.get_by_role("heading", name="No network").wait_for()
        assert needs in phone.locator("#what").inner_text(), name
        with phone.expect_navigation():
            phone.get_by_role("link", name="Back to the game").click()
        assert phone.url.split("#")[0] == url
        assert "Offline: the sheet as last seen." in phone.locator(".offline").inner_text()
    assert len(hands_of(live_db, url)) == 1  # nothing changed


# --- the offline hands follow the deal -------------------------------------------------------


def first_bidder(page):
    return page.locator("#hand .pad legend").first.evaluate("l => l.firstChild.textContent.trim()")


def test_each_offline_hand_is_dealt_round_the_table_and_undo_takes_back_the_phones_own(
    phone, live_server, live_db
):
    url = offline_game(phone, live_server, live_db)
    # Hand 2, the kept page's own: Bob deals, Cy bids first; the standings' note stands.
    assert phone.locator("#hand .deal").inner_text() == "Bob deals, Cy bids first."
    assert first_bidder(phone) == "Cy's bid"
    standing = phone.locator("#hand > p.hint", has_text="Blind nil only")  # ... 100 behind
    assert standing.is_visible()
    assert phone.get_by_role("button", name="Undo: add hand 1").is_visible()
    enter_offline(phone, OFFLINE_HANDS[:1], 2)
    # Hand 3: the deal moved on one seat, the bidding order with it; the note waits for the
    # server, which alone knows the totals after the kept hand.
    assert phone.locator("#hand .deal").inner_text() == "Cy deals, Di bids first."
    assert first_bidder(phone) == "Di's bid"
    order = phone.locator("#hand .pad.bid legend").evaluate_all(
        "ls => ls.map(l => l.firstChild.textContent.trim())"
    )
    assert order == ["Di's bid", "Ann's bid", "Bob's bid", "Cy's bid"]
    assert not standing.is_visible()
    assert phone.get_by_text("the server checks it when they are sent").is_visible()
    enter_offline(phone, OFFLINE_HANDS[1:2], 3)
    assert first_bidder(phone) == "Ann's bid"
    # Undo names the phone's last hand, and takes it back onto the form.
    undo = phone.get_by_role("button", name="Undo: hand 3, kept on this phone")
    undo.click()
    assert phone.locator("#hand h2").inner_text() == "Hand 3: bids and tricks"
    assert first_bidder(phone) == "Di's bid"
    bids, ours = OFFLINE_HANDS[1]
    assert all(phone.locator(f'input[name="{n}"][value="{v}"]').is_checked()
               for n, v in bids.items())  # fmt: skip
    assert phone.locator(f'input[name="ttricks-0"][value="{ours}"]').is_checked()
    assert "1 hand kept on this phone" in phone.locator(".offline").inner_text()
    assert phone.get_by_role("button", name="Undo: hand 2, kept on this phone").is_visible()
    tap(phone, "ttricks-0", "5")  # fixed: saved again as hand 3
    phone.get_by_role("button", name="Save hand 3").click()
    phone.get_by_text("Hand 3 kept on this phone.").wait_for()
    phone.context.set_offline(False)
    phone.get_by_text("2 hands kept on this phone were sent").wait_for()
    assert [h["tricks"]["Ann & Cy"] for h in hands_of(live_db, url)] == [7, 8, 5]


# --- kept hands whose answer was lost --------------------------------------------------------


@pytest.mark.parametrize("how", ["by itself", "Send now"])
def test_kept_hands_whose_answer_was_lost_go_without_a_reload_and_say_so(
    phone, live_server, live_db, how
):
    url = open_new_game(phone, live_server, live_db, FOUR)
    kept_for_offline(phone, version_of(live_db, url))
    if how == "by itself":  # the page's own clock, for its next try to come at once below
        phone.clock.install()
    phone.context.set_offline(True)
    phone.reload()
    enter_offline(phone, OFFLINE_HANDS[:2], 1)
    server = {"lost": 1, "down": True}

    def flaky(route):
        if server["lost"]:  # the server saves the hand; its answer never comes back
            server["lost"] -= 1
            route.fetch()
            return route.abort("internetdisconnected")
        if server["down"]:  # then the server is out of reach for a while
            return route.abort("connectionrefused")
        route.continue_()

    phone.route("**/hands", flaky)
    phone.context.set_offline(False)
    box = phone.locator(".offline")
    box.get_by_role("button", name="Send now").wait_for()
    text = box.inner_text()
    assert "The server did not answer: the phone tries again by itself." in text
    assert "2 hands kept on this phone, not sent yet" in text
    assert "Offline: the sheet as last seen." not in text  # the network is back
    assert len(hands_of(live_db, url)) == 1
    server["down"] = False
    with phone.expect_navigation(timeout=60_000):
        if how == "Send now":
            box.get_by_role("button", name="Send now").click()
        else:  # its next try, on its own timer (seconds away, doubling): due at once
            phone.clock.fast_forward(60_000)
    note = phone.get_by_text("2 hands kept on this phone were sent: the totals below count them.")
    note.wait_for()
    assert [h["tricks"]["Ann & Cy"] for h in hands_of(live_db, url)] == [8, 4]
    assert phone.locator("#hand h2").inner_text() == "Hand 3: bids"
    phone.reload()  # said once
    assert note.count() == 0
    assert phone.evaluate("Object.keys(localStorage).length") == 0


# --- a refused hand entered again ------------------------------------------------------------


def test_a_refused_hand_entered_again_leaves_the_list_once_saved(
    phone, browser_context_args, live_server, live_db
):
    url = open_new_game(phone, live_server, live_db, FOUR)
    kept_for_offline(phone, version_of(live_db, url))
    phone.context.set_offline(True)
    phone.reload()
    enter_offline(phone, OFFLINE_HANDS[:1], 1)
    another_phone_saves_hand_1(phone.context.browser, browser_context_args, url)
    phone.context.set_offline(False)
    refused = phone.locator(".offline .error")
    refused.first.wait_for()
    with phone.expect_navigation():
        refused.get_by_role("link", name="Enter it again").click()
    assert "It is on the form below" in refused.inner_text()
    assert refused.get_by_role("link", name="Enter it again").count() == 0
    with phone.expect_navigation(url=re.compile(r"/g/[\w-]+(#now)?$")):
        phone.get_by_role("button", name="Save hand 2").click()
    phone.get_by_role("heading", name="Hand 3: bids").wait_for()
    assert phone.locator(".offline .error").count() == 0  # no second tap to add it twice
    assert [h["tricks"]["Ann & Cy"] for h in hands_of(live_db, url)] == [5, 8]
    phone.go_back(wait_until="commit")  # Back to the page it was entered on: gone there too
    phone.wait_for_function("() => !document.querySelector('.offline .error')")
    assert phone.evaluate("Object.keys(localStorage).length") == 0
