"""Playing whole games at phone size, checked against the engine on the stored game file."""

from __future__ import annotations

import pytest

from tests.browser.phone import (
    bid,
    check_axe,
    play,
    save,
    shown_totals,
    start_game,
    stored_sheet,
    tap,
)

pytestmark = pytest.mark.browser


def test_a_standard_game_to_500_with_nil_blind_nil_bags_and_an_edit(page, live_server):
    url = start_game(
        page, live_server, ["Ann", "Bob", "Cy", "Di"], start={0: (300, 8), 1: (100, 0)}
    )
    check_axe(page)  # the bids step
    # Hand 1: Bob bids nil and makes it; Ann & Cy take 3 bags over 8 saved: 10 bags cost 100.
    for name, value in {"bid-1": "nil", "bid-2": "4", "bid-3": "4"}.items():
        tap(page, name, value)
    assert page.locator("#contract-0").inner_text() == "4"
    assert page.locator("#contract-1").inner_text() == "4 + nil"
    bid(page, {"bid-0": "3"})  # the last bid moves on to the tricks
    assert page.locator(".contracts span").all_inner_texts() == ["Ann & Cy: 7", "Bob & Di: 4 + nil"]
    check_axe(page)  # the tricks step
    tap(page, "ttricks-0", "10")
    assert page.locator('input[name="ttricks-1"][value="3"]').is_checked()  # filled in
    assert page.locator("#trick-sum").inner_text() == "13"
    tap(page, "tricks-1", "0")
    save(page)
    assert "\u2212100" in page.locator("table.sheet tbody tr:not(.start)").first.inner_text()
    # Hand 2: Bob & Di are over 100 behind, so Bob may bid blind nil.
    play(page, {"bid-2": "4", "bid-3": "4", "bid-0": "4", "bid-1": "blind nil"},
         {"ttricks-0": "8", "tricks-1": "0"})  # fmt: skip
    assert "bnil\u2713" in page.locator("table.sheet tbody tr:not(.start)").nth(1).inner_text()
    # Fix hand 1: Di bid 5, not 4 (still set, by more).
    with page.expect_navigation():  # the hand's own page, game.js and all, before the tap
        page.locator("table.sheet tbody tr:not(.start)").first.locator("a").click()
    assert "Hand 1: why, or fix it" in page.locator("#hand h2").inner_text()
    tap(page, "bid-3", "5")
    save(page)
    assert page.locator("#hand h2").inner_text() == "Hand 3: bids"
    play(page, {"bid-3": "4", "bid-0": "4", "bid-1": "4", "bid-2": "4"}, {"ttricks-0": "9"})
    play(page, {"bid-0": "4", "bid-1": "4", "bid-2": "4", "bid-3": "4"}, {"ttricks-0": "9"})
    sheet = stored_sheet(page, url)
    assert sheet.finished and sheet.winner == "Ann & Cy" and sheet.reason == "target"
    assert shown_totals(page, sheet.sides) == sheet.totals
    assert page.locator("text=Game over: Ann & Cy win").is_visible()
    assert stored_sheet(page, url).hands[0].sides["Bob & Di"].points == 50  # the edit counted
    check_axe(page)  # the finished sheet


def test_an_nyc_game_ends_when_a_side_is_set_twice(page, live_server):
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="nyc")
    assert "First hand: no bids" in page.inner_text("#hand")
    play(page, {}, {"ttricks-0": "6"})
    for _ in range(2):
        play(page, {"tbid-1": "5", "tbid-0": "8"}, {"ttricks-0": "3"})
    sheet = stored_sheet(page, url)
    assert sheet.finished and sheet.reason == "set out" and sheet.winner == "Bob & Di"
    assert shown_totals(page, sheet.sides) == sheet.totals
    assert "the other side was set twice in a row" in page.inner_text(".status")


def test_a_three_player_cutthroat_game(page, live_server):
    url = start_game(page, live_server, ["Ann", "Bob", "Cy"], preset="cutthroat")
    play(page, {"bid-1": "5", "bid-2": "nil", "bid-0": "6"}, {"tricks-0": "8", "tricks-1": "9"})
    assert page.locator('input[name="bid-2"][value="nil"]').count() == 1  # next hand's pads
    play(page, {"bid-2": "4", "bid-0": "5", "bid-1": "6"}, {"tricks-0": "5", "tricks-1": "6"})
    sheet = stored_sheet(page, url)
    assert len(sheet.hands) == 2 and sheet.sides == ["Ann", "Bob", "Cy"]
    assert shown_totals(page, sheet.sides) == sheet.totals


def test_a_hand_with_javascript_off(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"])
    play(page, {"bid-1": "3", "bid-2": "4", "bid-3": "3", "bid-0": "3"},
         {"ttricks-0": "7", "ttricks-1": "6"}, js=False)  # fmt: skip
    sheet = stored_sheet(page, url)
    assert sheet.totals == {"Ann & Cy": 70, "Bob & Di": 60}
    assert shown_totals(page, sheet.sides) == sheet.totals
    context.close()


def test_two_phones_saving_the_same_hand(browser, browser_context_args, live_server):
    first = browser.new_context(**browser_context_args)
    second = browser.new_context(**browser_context_args)
    one, two = first.new_page(), second.new_page()
    url = start_game(one, live_server, ["Ann", "Bob", "Cy", "Di"])
    two.goto(url)
    for page, took in ((one, "7"), (two, "6")):  # the second phone heard it differently
        bid(page, {"bid-0": "3", "bid-1": "3", "bid-2": "3", "bid-3": "3"})
        tap(page, "ttricks-0", took)
    save(one)
    with two.expect_navigation():  # refused: posted again by the browser to show why
        two.get_by_role("button", name="Save hand 1").click()
    two.wait_for_selector("#stale")
    stale = two.inner_text("#stale")  # it says what changed: that hand is on the sheet now
    assert "Hand 1 was saved on another phone while you were typing" in stale
    assert "save it only if it is a different hand" in stale
    assert two.locator('input[name="ttricks-0"][value="6"]').is_checked()  # typing kept
    assert two.locator("table.sheet tbody tr:not(.start)").count() == 1  # the sheet as it is now
    assert len(stored_sheet(one, url).hands) == 1
    # Saving again from the refreshed form is a deliberate second hand, not a lost one.
    assert two.locator('input[name="version"]').first.get_attribute("value") == "2"
    first.close()
    second.close()


def test_the_new_game_page_is_accessible(page, live_server):
    page.goto(live_server + "/games/new")
    page.locator("summary", has_text="House rules").click()
    check_axe(page)
