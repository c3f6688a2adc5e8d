"""A hand of Suicide on a phone at 390 px (issue 22): started from the preset as a scorer would,
bids tapped that the rules refuse ("Bids are in" names the rule and keeps the taps), then
fixed with one tap and played; the sheet and the stored file agree; axe finds nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.phone import bid, check_axe, save, start_game, stored_sheet, tap

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/scorekeeper-shots")  # pictures to look at, not compared


def test_a_hand_of_suicide_refuses_a_team_without_a_nil_then_plays(page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="suicide")
    assert "Suicide" in page.inner_text("body")  # the house rules line says it
    check_axe(page)
    # Ann deals, Bob bids first: Bob 4, Cy 4, Di nil, and Ann 5 (Ann & Cy: no nil)
    bid(page, {"bid-1": "4", "bid-2": "4", "bid-3": "nil", "bid-0": "5"})
    error = page.locator("p.error", has_text="Suicide: Ann or Cy must bid nil.")
    error.wait_for()
    assert error.is_visible()
    assert page.locator('input[name="bid-0"][value="5"]').is_checked()  # the taps are kept
    assert "tricks" not in page.locator("h2").first.inner_text().split(":")[-1]
    check_axe(page)  # the refused bids step
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "suicide-refused-390.png"), full_page=True)
    # one tap fixes it: Ann bids nil instead
    tap(page, "bid-0", "nil")
    with page.expect_navigation(url=re.compile(r"step=tricks")):
        page.get_by_role("button", name="Bids are in: tricks next").click()
    assert page.locator("p.error:visible").all_inner_texts() == []
    # Ann & Cy took 5 (Ann none), Bob & Di 8 (Di none)
    tap(page, "ttricks-0", "5")
    tap(page, "ttricks-1", "8")
    tap(page, "tricks-0", "0")
    tap(page, "tricks-3", "0")
    check_axe(page)  # the tricks step
    save(page)
    sheet = stored_sheet(page, url)
    assert sheet.hands[0].sides["Ann & Cy"].explain == [
        "bid 4, took 5: +40, 1 bag +1",
        "Ann nil, took 0: +100",
    ]
    assert sheet.totals == {"Ann & Cy": 141, "Bob & Di": 144}
    cells = page.locator("table.sheet tfoot td").all_inner_texts()
    assert [cells[1], cells[4]] == ["141", "144"]
    check_axe(page)  # the sheet after the hand
    page.screenshot(path=str(SHOTS / "suicide-390.png"), full_page=True)
