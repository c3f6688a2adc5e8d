"""The table's phone, third pass (issue 17), with the browser's back/forward cache ON as phones
have it: Back restores a live page, sheets that fit what is written in them, names that break
only between words, edits that fill the other side's count, the trick count only where it can
be true, and scoring through a dropped network."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.browser.kitchen.games import open_new_game
from tests.browser.phone import (
    TWO_PHONES,
    bid,
    phone_at,
    save,
    shown_totals,
    stored_sheet,
    tap,
)
from tests.helpers import store_game

pytestmark = pytest.mark.browser

SIZES = TWO_PHONES
FOUR = ["Ann", "Bob", "Cy", "Di"]
ORDINARY_BIDS = {"bid-1": "3", "bid-2": "4", "bid-3": "3", "bid-0": "3"}  # Bob bids first


phone = phone_at(SIZES)


def hands_of(db, url):
    token = url.split("/g/")[1].split("?")[0].split("#")[0]
    return store.game_by_edit_token(db, token).data["hands"]


def back(page):
    """Back: a page restored from the cache fires no "load", so wait for the commit only."""
    page.go_back(wait_until="commit")


# --- Back restores a live page ---------------------------------------------------------------


def test_the_browser_keeps_pages_alive_on_back(phone, live_server):
    """The premise of the tests below: Back brings back the page itself, scripts' state and
    all (else they would test nothing)."""
    phone.goto(live_server + "/games/new")
    phone.evaluate("window.kept = 1")
    phone.goto(live_server + "/print/blank")
    back(phone)
    assert phone.evaluate("window.kept") == 1


# The service worker in charge of the page before it is left: one that takes the page over
# while it is in the back/forward cache drops it from there (Chromium: "serviceworker-claimed"),
# and Back then loads the page afresh, with no version check to test (seen under load).
WORKER_IN_CHARGE = "() => navigator.serviceWorker.controller !== null"


def open_with_worker_in_charge(page, live_server, live_db, players):
    """A new game's page, its service worker in charge before the bids move the page on, so
    that every later page of the game is asked for with the worker already active and none is
    claimed later (once in CI, under load, the tricks page waited 30 s for a controller when
    the worker was first installed while the bids were tapped). Polled by the clock, not by
    animation frames, which a loaded machine may not draw for a while."""
    url = open_new_game(page, live_server, live_db, players)
    page.wait_for_function(WORKER_IN_CHARGE, polling=100)
    return url


def test_back_after_save_shows_the_game_as_it_is_now(phone, live_server, live_db):
    url = open_with_worker_in_charge(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")
    phone.wait_for_function(WORKER_IN_CHARGE, polling=100)  # else Back may load it afresh
    save(phone)
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    phone.evaluate("window.stillHere = 1")
    with phone.expect_response(re.compile(r"/version$")):  # restored, it asks what moved
        back(phone)  # restored from the cache, then brought up to date
    phone.wait_for_selector("text=Hand 1 was already saved.")
    assert phone.evaluate("window.stillHere") is None  # not the old page
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert phone.locator(".scores b").all_inner_texts() == ["70", "60"]
    assert phone.get_by_role("button", name="Save hand 1").count() == 0
    assert len(hands_of(live_db, url)) == 1


def test_back_to_a_page_nothing_changed_keeps_its_taps_and_save_saves(phone, live_server, live_db):
    url = open_with_worker_in_charge(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")
    phone.wait_for_function(WORKER_IN_CHARGE, polling=100)
    phone.evaluate("window.stillHere = 1")
    phone.get_by_role("link", name="The rules of this game").click()
    phone.wait_for_url(re.compile(r"/rules$"))
    with phone.expect_response(re.compile(r"/version$")):  # restored, it asks what moved
        back(phone)
    phone.wait_for_selector("text=Hand 1: tricks")
    # Nothing moved: the page stays (the same live page, not a reload), its taps with it.
    assert phone.evaluate("window.stillHere") == 1
    assert phone.locator('input[name="ttricks-1"][value="6"]').is_checked()
    save(phone)
    assert len(hands_of(live_db, url)) == 1


# --- sheets that fit what is written in them ------------------------------------------------

LONG = ["Maximiliana Featherstonehaugh", "Bartholomew Montgomery-Smythe",
        "Wilhelmina Cholmondeley-Jones", "Christopherson Fitzwilliam-Ng",
        "Anastasiya Vandersloot-Ibarra", "Konstantinos Papadopoulou-Li"]  # fmt: skip
A, B, C, D, E, F = LONG
AC, BD = f"{A} & {C}", f"{B} & {D}"
FAR = {"preset": "standard", "target_score": 5000}  # room for four-digit scores both ways
FIT_GAMES = {  # what real games write: nil and blind nil marks, sets, bag penalties, big scores
    "two teams": {
        "format": "spades-scorekeeper/1", "rules": FAR, "players": [A, B, C, D],
        "teams": {AC: [A, C], BD: [B, D]},
        "start": {AC: {"score": -1990, "bags": 8}, BD: {"score": 4460, "bags": 9}},
        "hands": [
            {"bids": {A: 3, B: 4, C: "nil", D: 5}, "tricks": {A: 4, C: 0, BD: 9}},
            {"bids": {A: 5, B: 4, C: "blind nil", D: 4}, "tricks": {A: 6, C: 0, BD: 7}},
            {"bids": {A: 4, B: 3, C: 3, D: 3}, "tricks": {AC: 5, BD: 8}},
            {"bids": {A: 4, B: "nil", C: 4, D: 4}, "tricks": {AC: 3, B: 2, D: 8}},
        ],
    },
    "three players": {
        "format": "spades-scorekeeper/1", "rules": {"preset": "three-player",
        "target_score": 5000}, "players": [A, B, C],
        "start": {A: {"score": -1990, "bags": 0}, B: {"score": -1200, "bags": 0},
                  C: {"score": 4410, "bags": 0}},
        "hands": [
            {"bids": {A: 5, B: "nil", C: 7}, "tricks": {A: 8, B: 0, C: 9}},
            {"bids": {A: 6, B: 4, C: 7}, "tricks": {A: 2, B: 6, C: 9}},
            {"bids": {A: "nil", B: 6, C: 6}, "tricks": {A: 3, B: 5, C: 9}},
        ],
    },
    "three teams": {
        "format": "spades-scorekeeper/1", "rules": {"preset": "six-player",
        "target_score": 5000}, "players": LONG,
        "teams": {f"{A} & {D}": [A, D], f"{B} & {E}": [B, E], f"{C} & {F}": [C, F]},
        "start": {f"{A} & {D}": {"score": -1990, "bags": 0}},
        "hands": [
            {"bids": {A: 2, B: "nil", C: 3, D: 2, E: 2, F: 5},
             "tricks": {f"{A} & {D}": 6, B: 0, E: 3, f"{C} & {F}": 8}},
            {"bids": {A: 3, B: 2, C: 3, D: 3, E: 2, F: 2},
             "tricks": {f"{A} & {D}": 3, f"{B} & {E}": 4, f"{C} & {F}": 10}},
        ],
    },
}  # fmt: skip


# Where a line breaks inside a word of an element's text: the characters either side of each
# break, when the break is neither at a space nor after a hyphen.
MID_WORD = """e => {
    const text = e.firstChild, s = text.textContent, range = document.createRange(), breaks = [];
    let last = null;
    for (let i = 0; i < s.length; i++) {
        range.setStart(text, i); range.setEnd(text, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (last !== null && top > last + 2 && !/[\\s-]/.test(s[i - 1]) && !/\\s/.test(s[i]))
            breaks.push(s.slice(Math.max(0, i - 6), i) + "|" + s.slice(i, i + 6));
        if (!/\\s/.test(s[i])) last = top;
    }
    return breaks;
}"""


@pytest.mark.parametrize("shape", list(FIT_GAMES))
def test_sheets_fit_what_real_games_write_in_them(phone, live_server, live_db, shape):
    """Two sides whole at 320 px and three at 390 (the README's promise), with nil and blind
    nil marks, sets, bag penalties, four-digit and negative scores and names at the limit."""
    data = FIT_GAMES[shape]
    sheet = score_game(parse_game(data))
    written = " ".join(r.bid_label for h in sheet.hands for r in h.sides.values())
    assert "nil" in written and min(sheet.totals.values()) <= -1000
    phone.goto(f"{live_server}/g/{store_game(live_db, data).edit_token}")
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    wrap = phone.locator(".sheet-wrap")
    hidden = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
    if len(sheet.sides) == 2 or width >= 390:
        assert hidden == 0, f"{hidden} px of the sheet hidden"
        assert phone.locator(".scroll-hint").is_hidden()
        cells = phone.locator("table.sheet td, table.sheet th")
        assert cells.evaluate_all(
            "cs => cs.every(c => c.scrollWidth <= c.clientWidth + 1)"
        )  # no figure spills out of its cell
    else:
        assert phone.locator(".scroll-hint").is_visible()


@pytest.mark.parametrize("shape", list(FIT_GAMES))
def test_long_names_in_the_totals_break_only_between_words(phone, live_server, live_db, shape):
    data = FIT_GAMES[shape]
    phone.goto(f"{live_server}/g/{store_game(live_db, data).edit_token}")
    width = phone.viewport_size["width"]
    for chip in phone.locator(".scores .score").all():
        name = chip.locator("span")
        assert name.evaluate(MID_WORD) == [], name.inner_text()
        box = chip.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        assert chip.evaluate("c => c.scrollWidth <= c.clientWidth + 1")  # the total whole too


# --- an edit fills the other side's count ----------------------------------------------------


def test_editing_a_hands_tricks_fills_the_other_sides_count(phone, live_server, live_db):
    url = open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")
    save(phone)
    with phone.expect_navigation():  # taps on hand 1's form once game.js is there to follow them
        phone.locator("table.sheet tbody tr").first.locator("a").tap()
    assert phone.locator('input[name="ttricks-1"][value="6"]').is_checked()
    tap(phone, "ttricks-0", "9")
    assert phone.locator('input[name="ttricks-1"][value="4"]').is_checked()
    assert phone.locator(".sum .error").is_hidden()
    assert phone.locator("#trick-sum").inner_text() == "13"
    tap(phone, "ttricks-1", "5")  # the other side's own tap is kept, and the sum says so
    assert phone.locator('input[name="ttricks-0"][value="9"]').is_checked()
    assert phone.locator(".sum .error").is_visible()
    tap(phone, "ttricks-0", "8")
    save(phone)
    assert hands_of(live_db, url)[0]["tricks"] == {"Ann & Cy": 8, "Bob & Di": 5}


# --- without JavaScript ----------------------------------------------------------------------


def test_without_javascript_no_trick_count_that_never_changes(
    bfcache_browser, browser_context_args, live_server, live_db
):
    context = bfcache_browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    open_new_game(page, live_server, live_db, FOUR)
    bid(page, ORDINARY_BIDS, js=False)
    assert page.locator("#hand h2").inner_text() == "Hand 1: tricks"
    assert page.locator(".sum").is_hidden()
    assert "Tricks: " not in page.locator("#hand").inner_text()
    context.close()


def test_with_javascript_the_trick_count_shows_and_follows(phone, live_server, live_db):
    open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    assert phone.locator(".sum").is_visible()
    tap(phone, "ttricks-0", "7")
    assert phone.locator(".sum").inner_text() == "Tricks: 13 of 13"


# --- a dropped network -----------------------------------------------------------------------

KEPT = (
    "caches.open('scorekeeper-pages-1').then(c => c.match(location.pathname))"
    ".then(r => r ? r.headers.get('X-Game-Version') : null)"
)


def kept_for_offline(page, version):
    """Wait until the service worker keeps this game's page at ``version``."""
    for _ in range(100):
        if page.evaluate(KEPT) == str(version):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page at version {version} was never kept")


# The server's page, not the phone's kept copy. Polled across the reload: before the new page
# has its <body>, "not yet" rather than an error.
ONLINE_PAGE = "() => document.body && !document.body.hasAttribute('data-offline')"


def version_of(db, url):
    token = url.split("/g/")[1].split("?")[0].split("#")[0]
    return store.game_by_edit_token(db, token).version


def hands_saved_and_kept(page, base, db, hands=1):
    """A new game of FOUR with ``hands`` ordinary hands saved online (each side bidding 7, the
    first side taking 7), once the service worker keeps its page at that version: its URL."""
    url = open_new_game(page, base, db, FOUR)
    for _ in range(hands):
        bid(page, ORDINARY_BIDS)
        tap(page, "ttricks-0", "7")
        save(page)
    kept_for_offline(page, version_of(db, url))
    return url


OFFLINE_HANDS = [  # Bob bids first; the bids step and the tricks on one form offline
    ({"bid-1": "2", "bid-2": "4", "bid-3": "3", "bid-0": "3"}, "8"),
    ({"bid-1": "4", "bid-2": "3", "bid-3": "4", "bid-0": "2"}, "4"),
    ({"bid-1": "3", "bid-2": "3", "bid-3": "3", "bid-0": "3"}, "6"),
]


def enter_offline(page, hands, first):
    for k, (bids, ours) in enumerate(hands):
        assert page.locator("#hand h2").inner_text() == f"Hand {first + k}: bids and tricks"
        for name, value in bids.items():
            tap(page, name, value)
        tap(page, "ttricks-0", ours)
        page.get_by_role("button", name=f"Save hand {first + k}").click()
        page.get_by_text(f"Hand {first + k} kept on this phone.").wait_for()


def test_a_dropped_network_keeps_three_hands_in_order_and_sends_them(phone, live_server, live_db):
    url = hands_saved_and_kept(phone, live_server, live_db)
    phone.context.set_offline(True)
    phone.reload()
    banner = phone.locator(".offline")
    assert "Offline: the sheet as last seen." in banner.inner_text()
    assert phone.locator(".scores b").all_inner_texts() == ["70", "60"]
    enter_offline(phone, OFFLINE_HANDS[:2], 2)
    phone.reload()  # still offline: the kept copy again, the kept hands and the next number
    assert "2 hands kept on this phone" in banner.inner_text()
    enter_offline(phone, OFFLINE_HANDS[2:], 4)
    assert "3 hands kept on this phone" in banner.inner_text()
    ids = phone.evaluate("JSON.parse(Object.values(localStorage)[0]).q.map(h => "
                         "h.f.find(f => f[0] === 'submission')[1])")  # fmt: skip
    assert len(set(ids)) == 3  # each kept hand its own one-time id
    assert len(hands_of(live_db, url)) == 1  # nothing sent yet
    phone.context.set_offline(False)
    phone.wait_for_function(ONLINE_PAGE)
    phone.get_by_text("Hand 5: bids").wait_for()
    hands = hands_of(live_db, url)
    assert [h["bids"] for h in hands[1:]] == [
        {"Ann": 3, "Bob": 2, "Cy": 4, "Di": 3},
        {"Ann": 2, "Bob": 4, "Cy": 3, "Di": 4},
        {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
    ]
    assert [h["tricks"]["Ann & Cy"] for h in hands] == [7, 8, 4, 6]
    sheet = stored_sheet(phone, url)  # the server's totals, on the page
    assert shown_totals(phone, sheet.sides) == sheet.totals
    assert phone.locator(".scores b").all_inner_texts() == [str(t) for t in sheet.totals.values()]
    assert phone.locator(".offline").inner_text() == (
        "3 hands kept on this phone were sent: the totals below count them."
    )
    assert phone.evaluate("Object.keys(localStorage).length") == 0


def another_phone_saves_hand_1(browser, context_args, url):
    """Another phone at the table, online, saves hand 1 (Ann & Cy take 5)."""
    other = browser.new_context(**context_args)
    page = other.new_page()
    page.goto(url)
    bid(page, ORDINARY_BIDS)
    tap(page, "ttricks-0", "5")
    save(page)
    other.close()


def test_hands_refused_on_arrival_are_shown_as_typed_never_dropped(
    phone, bfcache_browser, browser_context_args, live_server, live_db
):
    url = open_new_game(phone, live_server, live_db, FOUR)
    kept_for_offline(phone, version_of(live_db, url))
    phone.context.set_offline(True)
    phone.reload()
    enter_offline(phone, OFFLINE_HANDS[:2], 1)
    another_phone_saves_hand_1(bfcache_browser, browser_context_args, url)  # meanwhile, online
    phone.context.set_offline(False)
    refused = phone.locator(".offline .error")
    # The server's sheet, the refused on it (reloaded by itself, also when the first reload
    # still met the phone's kept copy: the worker's network came back a moment later).
    phone.wait_for_function(ONLINE_PAGE)
    refused.first.wait_for()
    assert refused.count() == 2
    first = refused.first.inner_text()
    assert first.startswith(
        "Not saved, hand 1 as typed: Bob's bid 2, Cy's bid 4, Di's bid 3, Ann's bid 3"
    )
    assert "Ann & Cy tricks 8" in first and "The game moved on on another phone." in first
    hands = hands_of(live_db, url)
    assert len(hands) == 1 and hands[0]["tricks"]["Ann & Cy"] == 5  # the other phone's only
    sheet = stored_sheet(phone, url)
    assert shown_totals(phone, sheet.sides) == sheet.totals  # the server's sheet
    # Still there after a reload, until the scorer enters it again or forgets it.
    phone.reload()
    assert phone.locator(".offline .error").count() == 2
    with phone.expect_navigation():
        refused.first.get_by_role("link", name="Enter it again").click()
    assert phone.locator('input[name="bid-1"][value="2"]').is_checked()
    assert phone.locator('input[name="ttricks-0"][value="8"]').is_checked()
    phone.locator(".offline .error").first.get_by_role("button", name="Forget it").click()
    assert phone.locator(".offline .error").count() == 1


# A kept hand whose answer was lost: tests/browser/kitchen/test_dropped_network.py (it goes again by
# itself, counted as sent once).
