"""A Call Break scorer on a phone at 390 px types a half-point bonus as they read it ("0.5") in
the hand's bonus-or-penalty field, with the phone's decimal keypad; the total reads 3.7. Two
decimal places are refused by the field, what was typed kept. Axe finds nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import bid, check_axe, save, start_game, stored_sheet, tap

pytestmark = pytest.mark.browser


def test_a_call_break_bonus_is_typed_as_a_decimal(page, live_server, shot):
    page.set_viewport_size({"width": 390, "height": 844})
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="call-break")
    bid(page, {"bid-1": "4", "bid-2": "2", "bid-3": "2", "bid-0": "3"})
    for name, value in {"tricks-0": "5", "tricks-1": "3", "tricks-2": "2"}.items():
        tap(page, name, value)
    page.locator("details.extras summary").click()
    field = page.locator("#adjust-0")
    assert field.get_attribute("inputmode") == "decimal"
    field.fill("0.55")
    # the save goes in the background (game.js); refused, it posts the form again to show why:
    # wait for that page, loaded, before its field is read and axe looks at it
    with page.expect_navigation():
        page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("form#hand")).to_contain_text("at most one decimal place")
    assert page.locator("#adjust-0").input_value() == "0.55"
    page.locator("#adjust-0").scroll_into_view_if_needed()
    shot(page, "tenths-adjust-refused-390.png")
    check_axe(page)
    page.locator("#adjust-0").fill("0.5")
    save(page)
    assert str(stored_sheet(page, url).totals["Ann"]) == "3.7"
    assert page.locator("table.sheet tfoot td").all_inner_texts()[1] == "3.7"
