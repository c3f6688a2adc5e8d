"""The kitchen table on a phone (issue 10), at 390x844 and at 320x640, by touch: New game one
tap away, every total on the screen, the board checked at the bids step, the next hand in view
after Save, a dropped connection that loses nothing, and six taps an ordinary hand."""

from __future__ import annotations

import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.words import figure
from tests.browser.kitchen.games import new_game_data, open_new_game
from tests.browser.kitchen.test_table_phone import kept_for_offline, version_of
from tests.browser.phone import bid, check_axe, save, start_game, tap
from tests.helpers import store_game

pytestmark = pytest.mark.browser

PHONES = {"390x844": (390, 844), "320x640": (320, 640)}
FOUR = ["Ann", "Bob", "Cy", "Di"]
ORDINARY_BIDS = {"bid-1": "3", "bid-2": "4", "bid-3": "3", "bid-0": "3"}  # Bob bids first


@pytest.fixture(params=list(PHONES))
def phone(request, browser, browser_context_args):
    """A touch phone at one of the two sizes the issue names."""
    width, height = PHONES[request.param]
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": width, "height": height}}
    )
    yield context.new_page()
    context.close()


def viewport(page):
    size = page.viewport_size
    return size["width"], size["height"]


def across(page, locator) -> bool:
    """Whether the element lies within the screen's width (no sideways scrolling to see it)."""
    box, (width, _) = locator.bounding_box(), viewport(page)
    return box is not None and box["x"] >= -1 and box["x"] + box["width"] <= width + 1


def in_view(page, locator) -> bool:
    """Whether the whole element is on the screen as it is scrolled now."""
    box, (_, height) = locator.bounding_box(), viewport(page)
    return across(page, locator) and box["y"] >= -1 and box["y"] + box["height"] <= height + 1


def hands_of(db, url):
    return store.game_by_edit_token(db, url.split("/g/")[1].split("?")[0].split("#")[0]).data[
        "hands"
    ]


def each(players, values):
    return dict(zip(players, values, strict=True))


def game(players, teams=None, hands=(), rules="standard", **extra):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, **extra}
    if teams:
        data["teams"] = teams
    data["hands"] = list(hands)
    return data


# --- 2: New game from every page -------------------------------------------------------------


def test_new_game_is_one_tap_from_every_page(phone, live_server, live_db):
    record = store_game(live_db, game(FOUR, {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
                                      [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
                                        "tricks": {"Ann & Cy": 7, "Bob & Di": 6}}]))  # fmt: skip
    token = record.edit_token
    pages = [
        "/", "/games/new", "/games/import", "/house-rules", "/print/blank", f"/g/{token}",
        f"/g/{token}?hand=1", f"/g/{token}?step=tricks&" + "&".join(f"bid-{i}=3" for i in range(4)),
        f"/g/{token}/rules", f"/g/{token}/hands/1/delete", f"/g/{token}/hands/misdeal",
        f"/g/{token}/delete", f"/v/{record.view_token}", "/no-such-page",
    ]  # fmt: skip
    for path in pages:
        phone.goto(live_server + path)
        link = phone.locator("header").get_by_role("link", name="New game")
        assert in_view(phone, link), path
        # expect_navigation: on /games/new itself the URL already matches before the tap lands
        with phone.expect_navigation(url=re.compile(r"/games/new$")):
            link.tap()
    # The home page offers it too, with games listed.
    phone.goto(live_server + "/")
    assert phone.locator("main").get_by_role("link", name="New game").is_visible()


def test_the_form_starts_the_game_the_other_tests_open(
    browser, browser_context_args, live_server, live_db
):
    """The tests here and beside it open a stored game (``open_new_game``) where their point
    comes after the start: it is the very game the new-game form starts, for each preset
    they use."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    for preset in ("standard", "nyc", "military"):
        url = start_game(page, live_server, FOUR, preset=preset)
        assert hands_of(live_db, url) == []
        token = url.split("/g/")[1]
        assert store.game_by_edit_token(live_db, token).data == new_game_data(FOUR, preset)
    context.close()


# --- 3: every total on the screen ------------------------------------------------------------

TWO_TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
SHAPES = {  # the last side leads: the one the old sheet pushed off the screen
    "2 players": game(["Ann", "Bob"], None, [{"bids": {"Ann": 5, "Bob": 6},
                      "tricks": {"Ann": 5, "Bob": 8}}], "head-to-head"),
    "3 players": game(["Ann", "Bob", "Cy"], None, [{"bids": {"Ann": 3, "Bob": 4, "Cy": 7},
                      "tricks": {"Ann": 3, "Bob": 4, "Cy": 10}}], "cutthroat"),
    "4 players": game(FOUR, TWO_TEAMS, [{"bids": {"Ann": 3, "Bob": "nil", "Cy": 4, "Di": 4},
                      "tricks": {"Ann & Cy": 5, "Bob": 0, "Di": 8}}]),
    "4 players, no teams": game(FOUR, None, [{"bids": each(FOUR, [3, 3, 3, 4]),
                                "tricks": each(FOUR, [3, 3, 3, 4])}], "cutthroat"),
    "6 players in 3 teams": game(SIX, {"Ann & Di": ["Ann", "Di"], "Bob & Ed": ["Bob", "Ed"],
                                 "Cy & Flo": ["Cy", "Flo"]},
                                 [{"bids": each(SIX, [2, 2, 3, 2, 2, 5]),
                                   "tricks": {"Ann & Di": 4, "Bob & Ed": 4, "Cy & Flo": 9}}],
                                 "six-player"),
    "6 players, no teams": game(SIX, None, [{"bids": each(SIX, [2, 2, 3, 2, 2, 5]),
                                "tricks": each(SIX, [2, 2, 3, 2, 2, 6])}], "cutthroat"),
}  # fmt: skip


@pytest.mark.parametrize("shape", list(SHAPES))
def test_every_sides_total_and_the_leader_are_on_the_screen(phone, live_server, live_db, shape):
    data = SHAPES[shape]
    sheet = score_game(parse_game(data))
    leader = max(sheet.sides, key=sheet.totals.get)
    assert leader == sheet.sides[-1]
    record = store_game(live_db, data)
    phone.goto(f"{live_server}/g/{record.edit_token}")
    width, _ = viewport(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    for side in sheet.sides:
        chip = phone.locator(".scores .score").filter(has=phone.get_by_text(side, exact=True))
        assert across(phone, chip), side
        assert chip.locator("b").inner_text() == figure(sheet.totals[side])
    status = phone.locator(".status")
    assert status.locator("strong").inner_text() == leader and across(phone, status)
    assert f"with {sheet.totals[leader]}" in status.inner_text()
    # The sheet fits two sides at 320 and three at 390 (short names: three fit at 320 too);
    # where it does not fit, it says it scrolls.
    wrap = phone.locator(".sheet-wrap")
    scrolls = wrap.evaluate("w => w.scrollWidth > w.clientWidth")
    fits = len(sheet.sides) == 2 or (len(sheet.sides) == 3 and width == 390)
    assert not (fits and scrolls)
    assert scrolls or len(sheet.sides) <= 3
    assert phone.locator(".scroll-hint").is_visible() == scrolls
    if fits:
        last = phone.locator("table.sheet tfoot td").nth(3 * len(sheet.sides) - 2)
        assert across(phone, last) and last.inner_text() == figure(sheet.totals[leader])
    # The read-only page, where the other players follow the game, says so as well.
    phone.goto(f"{live_server}/v/{record.view_token}")
    scrolls = phone.locator(".sheet-wrap").evaluate("w => w.scrollWidth > w.clientWidth")
    assert scrolls or len(sheet.sides) <= 3
    assert phone.locator(".scroll-hint").is_visible() == scrolls


def test_the_game_page_printed_by_the_browser_keeps_the_rules_it_was_scored_under(
    phone, live_server, live_db
):
    """The browser's own print of the game page (README, Printing): the sheet and its rules in
    one line, as the PDF prints them; the hand form and the buttons left off."""
    phone.goto(f"{live_server}/g/{store_game(live_db, SHAPES['4 players']).edit_token}")
    phone.emulate_media(media="print")
    assert phone.locator("table.sheet").is_visible()
    assert phone.locator("#hand").is_hidden() and phone.locator("button").first.is_hidden()
    rules = phone.locator(".rules-line")
    assert rules.is_visible() and rules.inner_text().startswith("Standard rules · game to 500")


def test_game_over_is_outside_the_sheet_and_whole(phone, live_server, live_db):
    data = game(FOUR, TWO_TEAMS, [{"bids": {"Ann": 3, "Bob": 2, "Cy": 2, "Di": 2},
                "tricks": {"Ann & Cy": 8, "Bob & Di": 5}}],
                start={"Ann & Cy": {"score": 450, "bags": 0}})  # fmt: skip
    phone.goto(f"{live_server}/g/{store_game(live_db, data).edit_token}")
    banner = phone.locator(".over")
    assert "Game over: Ann & Cy win" in banner.inner_text()
    assert in_view(phone, banner)
    assert banner.evaluate("b => !b.closest('.sheet-wrap')")
    check_axe(phone)


# --- 4: the board ----------------------------------------------------------------------------


def test_nyc_offers_only_bids_of_the_board_and_refuses_one_under_it(phone, live_server, live_db):
    url = open_new_game(phone, live_server, live_db, FOUR, preset="nyc")
    tap(phone, "ttricks-0", "0")  # hand 1: no bids in NYC; Ann & Cy fall 130 behind
    save(phone)
    for team in ("tbid-0", "tbid-1"):
        values = phone.locator(f'input[name="{team}"]').evaluate_all("k => k.map(i => i.value)")
        numbers = [int(v.removeprefix("blind ")) for v in values]
        assert min(numbers) == 4 and "0" not in values and "3" not in values
    assert phone.get_by_role("radio", name="Blind 6").count() == 1  # the words, not "B6"
    assert "Blind, bid before looking at the cards" in phone.inner_text("#hand")
    check_axe(phone)
    # A team bid of 3 (an old page, a typed address) is refused at the bids step.
    phone.goto(f"{url}?step=tricks&tbid-0=3&tbid-1=5")
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    error = phone.locator('fieldset[data-name="tbid-0"] .error')
    assert error.inner_text() == "Ann & Cy bid 3, below the smallest bid of 4."
    assert in_view(phone, error) or across(phone, error)
    assert len(hands_of(live_db, url)) == 1


def test_a_side_under_the_board_is_refused_by_its_pad_as_the_bids_go_in(
    phone, live_server, live_db
):
    # Military: a board of 4, each player bids: Cy 1 and Ann 2 make 3.
    open_new_game(phone, live_server, live_db, FOUR, preset="military")
    bid(phone, {"bid-1": "4", "bid-2": "1", "bid-3": "4", "bid-0": "2"})
    assert phone.locator("#hand h2").inner_text() == "Hand 1: bids"
    error = phone.locator('fieldset[data-name="bid-0"] .error')  # Ann bids last for Ann & Cy
    assert error.inner_text() == "Ann & Cy bid 3, below the smallest bid of 4."
    assert phone.locator('input[name="bid-2"][value="1"]').is_checked()  # nothing lost
    assert phone.locator('input[name="ttricks-0"]').count() == 0


# --- 5: after Save, the next hand ------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "nyc"])
def test_after_save_the_totals_and_the_next_hands_first_pad_are_in_view(
    phone, live_server, live_db, preset
):
    open_new_game(phone, live_server, live_db, FOUR, preset=preset)
    if preset == "standard":
        bid(phone, ORDINARY_BIDS)
    else:  # the first NYC hand has no bids: its tricks step is the game page's own address
        assert "First hand: no bids" in phone.inner_text("#hand")
    tap(phone, "ttricks-0", "7")
    save(phone)
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    assert in_view(phone, phone.locator("#hand .pad").first)
    assert in_view(phone, phone.locator(".scores"))
    assert phone.locator(".scores b").first.inner_text() in ("70", "60")


# --- a flaky connection ----------------------------------------------------------------------


def test_a_save_without_a_connection_keeps_the_taps_and_a_retry_saves_one_hand(
    phone, live_server, live_db
):
    url = open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")
    # a phone that keeps no copy of the game to go on offline (with one, Save goes on to the
    # offline form: tests/browser/kitchen/test_offline_mid_hand.py)
    kept_for_offline(phone, version_of(live_db, url))
    phone.evaluate("caches.delete('scorekeeper-pages-1')")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Save hand 1").click()
    retry = phone.locator(".retry")
    retry.wait_for()
    assert "Not saved yet" in retry.inner_text() and in_view(phone, retry)
    assert phone.locator('input[name="ttricks-0"][value="7"]').is_checked()
    assert phone.locator('input[name="ttricks-1"][value="6"]').is_checked()
    assert hands_of(live_db, url) == []
    phone.context.set_offline(False)
    with phone.expect_navigation(url=re.compile(r"#now$")):
        retry.get_by_role("button", name="Retry").tap()
    assert len(hands_of(live_db, url)) == 1
    assert phone.locator("table.sheet tbody tr").count() == 1


@pytest.mark.parametrize("lost", ["the request", "the answer"])
def test_a_save_lost_on_the_way_then_a_retry_keeps_one_hand(phone, live_server, live_db, lost):
    """The phone still thinks it is online: the save's fetch fails, either before the server
    had it or after it saved the hand (the answer lost). Either way one hand is saved."""
    url = open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")

    def lose(route):
        if lost == "the answer":
            route.fetch()  # the server saves the hand; its answer never comes back
        route.abort("internetdisconnected")

    phone.route("**/hands", lose, times=1)
    phone.get_by_role("button", name="Save hand 1").click()
    retry = phone.locator(".retry")
    retry.wait_for()
    assert in_view(phone, retry)
    # The phone cannot know which: it says that the hand may be saved, never "Not saved yet".
    words = retry.inner_text()
    assert "No answer: the hand may be saved already." in words and "Not saved" not in words
    assert len(hands_of(live_db, url)) == (1 if lost == "the answer" else 0)
    assert phone.locator('input[name="ttricks-0"][value="7"]').is_checked()
    with phone.expect_navigation(url=re.compile(r"#now$")):
        retry.get_by_role("button", name="Retry").tap()
    assert len(hands_of(live_db, url)) == 1  # the retry added nothing, or the one hand
    assert phone.locator("#hand h2").inner_text() == "Hand 2: bids"
    if lost == "the answer":  # the server says so, by the totals the page lands on
        note = phone.get_by_text("Hand 1 was already saved.")
        assert in_view(phone, note) and in_view(phone, phone.locator(".scores"))


def test_bids_without_a_connection_stay_on_the_page(phone, live_server, live_db):
    url = open_new_game(phone, live_server, live_db, FOUR)
    # a phone that keeps no copy of the game to go on offline (with one, the last bid goes on
    # to the offline form: tests/browser/kitchen/test_offline_mid_hand.py); waited for, then
    # deleted, so the service worker's copy cannot land mid-test
    kept_for_offline(phone, version_of(live_db, url))
    phone.evaluate("caches.delete('scorekeeper-pages-1')")
    phone.context.set_offline(True)
    *first, (name, value) = ORDINARY_BIDS.items()
    for n, v in first:
        tap(phone, n, v)
    tap(phone, name, value)  # the last bid would move on: no connection, so it stays
    assert "No connection: the bids are kept here." in phone.locator(".retry").inner_text()
    assert all(phone.locator(f'input[name="{n}"][value="{v}"]').is_checked()
               for n, v in ORDINARY_BIDS.items())  # fmt: skip
    phone.context.set_offline(False)
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        phone.get_by_role("button", name="Retry").tap()
    assert phone.locator("#hand h2").inner_text() == "Hand 1: tricks"


# --- fewer taps ------------------------------------------------------------------------------


def test_an_ordinary_four_player_hand_takes_six_taps(phone, live_server, live_db):
    """Before: 7 (4 bids, "Bids are in", one side's tricks, Save). Now the tap completing the
    bids moves on by itself: 6, with the contracts shown on the tricks step to check."""
    url = open_new_game(phone, live_server, live_db, FOUR)
    taps = 0

    def touch(locator):
        nonlocal taps
        taps += 1
        locator.tap()

    *first, (name, value) = ORDINARY_BIDS.items()
    for n, v in first:
        touch(phone.locator(f'input[name="{n}"][value="{v}"]'))
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        touch(phone.locator(f'input[name="{name}"][value="{value}"]'))
    assert phone.locator(".contracts span").all_inner_texts() == ["Ann & Cy: 7", "Bob & Di: 6"]
    touch(phone.locator('input[name="ttricks-0"][value="7"]'))
    save_button = phone.get_by_role("button", name="Save hand 1")
    assert in_view(phone, save_button)  # brought to the thumb once the tricks add up
    with phone.expect_navigation(url=re.compile(r"#now$")):
        touch(save_button)
    assert taps == 6
    assert hands_of(live_db, url) == [
        {"bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3}, "tricks": {"Ann & Cy": 7, "Bob & Di": 6}}
    ]


def test_changing_bids_waits_for_the_button(phone, live_server, live_db):
    """Only the tap that completes the bids moves on: a correction after "Change bids" stays."""
    open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Change bids").tap()
    tap(phone, "bid-0", "4")
    assert phone.locator("#hand h2").inner_text() == "Hand 1: bids"
    assert phone.locator("#contract-0").inner_text() == "8"
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        phone.get_by_role("button", name="Bids are in: tricks next").tap()


# --- 6: the smaller things -------------------------------------------------------------------


def test_the_wrong_total_stays_by_the_number(phone, live_server, live_db):
    open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "10")
    tap(phone, "ttricks-1", "10")
    number, message = phone.locator("#trick-sum"), phone.locator(".sum .error")
    assert message.inner_text() == ": they must add up to 13"
    first_line = message.evaluate("m => m.getClientRects()[0].top")
    assert abs(first_line - number.bounding_box()["y"]) < 4  # on the number's own line


def test_the_tricks_step_says_a_teams_count_holds_its_nil_bidders(phone, live_server, live_db):
    open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, {"bid-1": "nil", "bid-2": "4", "bid-3": "4", "bid-0": "3"})
    legend = phone.locator('fieldset[data-name="ttricks-1"] legend')
    assert legend.inner_text() == "Bob & Di tricks all the team took, Bob's included"
    check_axe(phone)


def test_delete_and_misdeal_ask_first_and_undo_offers_redo(phone, live_server, live_db):
    url = open_new_game(phone, live_server, live_db, FOUR)
    bid(phone, ORDINARY_BIDS)
    tap(phone, "ttricks-0", "7")
    save(phone)
    with phone.expect_navigation():  # measured on the edit page once it has loaded, styles and all
        phone.locator("table.sheet tbody tr").first.locator("a").tap()
    top = "e => e.getBoundingClientRect().top + scrollY"  # in the page: the same while it scrolls
    save_top = phone.get_by_role("button", name="Save hand 1").evaluate(top)
    delete = phone.get_by_role("link", name="Delete hand 1…")
    assert delete.evaluate(top) - save_top > 200  # not right under Save
    with phone.expect_navigation():  # a tap does not wait: read the question, not the old page
        delete.tap()
    assert phone.locator("h1").inner_text() == "Delete hand 1?"
    check_axe(phone)
    with phone.expect_navigation(url=re.compile(r"#now$")):
        phone.get_by_role("button", name="Delete hand 1").tap()
    assert hands_of(live_db, url) == []
    with phone.expect_navigation():
        phone.get_by_role("button", name="Undo: delete hand 1").tap()
    assert len(hands_of(live_db, url)) == 1
    with phone.expect_navigation():
        phone.get_by_role("button", name="Redo: delete hand 1").tap()
    assert hands_of(live_db, url) == []
    assert phone.get_by_role("button", name="Undo: delete hand 1").is_visible()
    with phone.expect_navigation():
        phone.get_by_role("link", name=re.compile("^Misdeal: void hand 1")).tap()
    assert phone.locator("h1").inner_text() == "Misdeal: void hand 1?"
    assert "Bob deals next." in phone.inner_text("main")
    assert hands_of(live_db, url) == []  # asking changed nothing
    check_axe(phone)


def test_the_read_only_page_shows_its_times_in_the_viewers_zone(
    browser, browser_context_args, live_server, live_db
):
    context = browser.new_context(**browser_context_args, timezone_id="Asia/Kolkata")
    page = context.new_page()
    record = store_game(live_db, game(FOUR, TWO_TEAMS))
    page.goto(f"{live_server}/v/{record.view_token}")
    shown = page.locator(".share-updated time").inner_text()
    local = datetime.fromisoformat(record.updated_at).astimezone(ZoneInfo("Asia/Kolkata"))
    assert "UTC" not in shown
    assert f"{local.hour % 12 or 12}:{local.minute:02d}" in shown
    context.close()


def test_in_landscape_the_header_leaves_the_screen_to_the_hand(
    browser, browser_context_args, live_server, live_db
):
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": 844, "height": 390}}
    )
    page = context.new_page()
    open_new_game(page, live_server, live_db, FOUR)
    assert page.locator("header").bounding_box()["height"] <= 48
    assert in_view(page, page.locator("#hand h2"))
    context.close()


AXE_PAGES = {
    "bids step": "/g/{edit}",
    "tricks step": "/g/{edit}?step=tricks&bid-0=3&bid-1=3&bid-2=3&bid-3=3",
    "a hand being fixed": "/g/{edit}?hand=1",
    "read-only": "/v/{view}",
    "home, with the game listed": "/",
}


@pytest.mark.parametrize("where", list(AXE_PAGES))
def test_the_changed_pages_pass_axe(phone, live_server, live_db, where):
    record = store_game(live_db, game(FOUR, TWO_TEAMS, [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3,
                        "Di": 3}, "tricks": {"Ann & Cy": 7, "Bob & Di": 6}}]))  # fmt: skip
    phone.goto(f"{live_server}/g/{record.edit_token}")  # this phone's game, for the home page
    phone.goto(
        live_server + AXE_PAGES[where].format(edit=record.edit_token, view=record.view_token)
    )
    check_axe(phone)


@pytest.mark.parametrize(
    ("path", "field", "button"),
    [("/games/new", "player-0", "Start the game"), ("/print/blank", "name1", "Download the PDF")],
)
def test_a_name_too_long_is_refused_by_its_field(phone, live_server, path, field, button):
    phone.goto(live_server + path)
    phone.fill(f"#{field}", "Bartholomew Montgomery-Smythe III")  # 33 characters
    if field == "player-0":
        phone.fill("#player-1", "Bob")
    with phone.expect_navigation():  # the page that says why, loaded, styles and all, for axe
        phone.get_by_role("button", name=button).click()
    error = phone.locator(f"#{field}-error")
    assert "30 characters: this one has 33." in error.inner_text()
    assert phone.locator(f"#{field}").input_value() == "Bartholomew Montgomery-Smythe III"
    assert (
        error.evaluate("(e, f) => e.compareDocumentPosition(document.getElementById(f))", field)
        == 2
    )  # the field comes just before its message
    check_axe(phone)


# --- install to the home screen --------------------------------------------------------------


def test_the_app_passes_chromiums_installability_check(
    browser_type, browser_type_launch_args, live_server, tmp_path
):
    # A profile on disk: Chromium does not offer to install from an incognito context.
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args,
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
    )  # fmt: skip
    page = context.new_page()
    page.goto(live_server + "/")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/static/manifest.webmanifest")
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    data = page.request.get(manifest["url"])
    assert data.headers["content-type"] == "application/manifest+json"
    fields = data.json()
    assert fields["display"] == "standalone" and fields["start_url"] == "/"
    for icon in fields["icons"]:
        picture = page.request.get(live_server + icon["src"])
        assert picture.ok and picture.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(picture.body())).size
            assert f"{width}x{height}" == icon["sizes"]
            assert len(picture.body()) < 8 * 1024  # small enough to commit and to fetch
    assert {"192x192", "512x512"} <= {i["sizes"] for i in fields["icons"]}
    assert {i["purpose"] for i in fields["icons"]} == {"any", "maskable"}
    context.close()
