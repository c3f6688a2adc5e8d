"""Undo after a wrong tricks entry, on a phone at 390 px (issue 23): the hand comes back at its
tricks step with its bids kept; two taps (the tricks, Save) mend it."""

from __future__ import annotations

import re

import pytest

from tests.browser.kitchen.games import open_new_game
from tests.browser.phone import bid, check_axe, save, tap

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, browser_context_args):
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": 390, "height": 844}}
    )
    yield context.new_page()
    context.close()


def test_undo_keeps_the_bids_and_asks_only_for_the_tricks(phone, live_server, live_db):
    open_new_game(phone, live_server, live_db, ["Ann", "Bob", "Cy", "Di"])
    bid(phone, {"bid-1": "3", "bid-2": "4", "bid-3": "3", "bid-0": "3"})
    tap(phone, "ttricks-0", "9")  # meant 7
    save(phone)
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        phone.get_by_role("button", name="Undo: add hand 1").tap()
    assert phone.locator("#hand h2").inner_text() == "Hand 1: tricks"
    assert phone.get_by_text("Hand 1 taken back. Its bids are kept").is_visible()
    assert phone.locator(".contracts span").all_inner_texts() == ["Ann & Cy: 7", "Bob & Di: 6"]
    check_axe(phone)
    phone.locator('input[name="ttricks-0"][value="7"]').tap()
    with phone.expect_navigation(url=re.compile(r"#now$")):
        phone.get_by_role("button", name="Save hand 1").tap()
    assert "70" in phone.locator(".scores").inner_text()
