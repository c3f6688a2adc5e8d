"""A hand of Suicide on a phone at 390 px (issue 22): started from the preset as a scorer would,
the pads offer only the bids the rules allow beside the partner's tap; without JavaScript
bids the rules refuse are refused at "Bids are in" (naming the rule, keeping the taps), then
fixed with one tap and played; the sheet and the stored file agree; axe finds nothing."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone import bid, check_axe, save, start_game, stored_sheet, tap

pytestmark = pytest.mark.browser


def offered(page, pad):
    """The keys of a pad a finger can tap (not greyed out)."""
    keys = page.locator(f'input[name="{pad}"]')
    return [k.get_attribute("value") for k in keys.all() if k.is_enabled()]


NUMBERS = [str(n) for n in range(4, 14)]  # Suicide's board: a bid beside a nil is 4 or more


@pytest.mark.parametrize("size", [(390, 844), (320, 640)])
def test_a_suicide_pad_offers_only_what_the_partners_tap_allows(page, live_server, size, shot):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="suicide")
    # Ann & Cy, Bob & Di: before a partner taps, a pad offers nil and 4 to 13, never 1 to 3
    assert offered(page, "bid-1") == ["nil", *NUMBERS]
    tap(page, "bid-1", "4")  # Bob bids 4: Di must bid nil
    assert offered(page, "bid-3") == ["nil"]
    assert offered(page, "bid-0") == ["nil", *NUMBERS]  # the other team: free
    tap(page, "bid-2", "nil")  # Cy bids nil: Ann bids a number, 4 or more
    assert offered(page, "bid-0") == NUMBERS
    page.locator(".pad", has_text="Ann's bid").scroll_into_view_if_needed()
    shot(page, f"suicide-pads-{size[0]}.png")
    tap(page, "bid-2", "5")  # Cy changes his mind: now Ann must bid nil
    assert offered(page, "bid-0") == ["nil"]
    check_axe(page)
    tap(page, "bid-3", "nil")
    bid(page, {"bid-0": "nil"})  # the last tap moves on to the tricks
    assert page.locator("p.error:visible").all_inner_texts() == []
    for name, value in {
        "ttricks-0": "6",
        "ttricks-1": "7",
        "tricks-0": "0",
        "tricks-3": "0",
    }.items():
        tap(page, name, value)
    check_axe(page)  # the tricks step
    save(page)
    assert page.locator("table.sheet tbody tr").count() == 1
    check_axe(page)  # the sheet after the hand


def test_a_hand_of_suicide_refuses_a_team_without_a_nil_then_plays(
    browser, browser_context_args, live_server, shot
):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()  # without JavaScript the pads cannot follow the partner's tap
    # (nor can axe-core run: the pages are checked with it in the test above)
    page.set_viewport_size({"width": 390, "height": 844})
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="suicide")
    assert "Suicide" in page.inner_text("body")  # the house rules line says it
    # Ann deals, Bob bids first: Bob 4, Cy 4, Di nil, and Ann 5 (Ann & Cy: no nil)
    bid(page, {"bid-1": "4", "bid-2": "4", "bid-3": "nil", "bid-0": "5"}, js=False)
    error = page.locator("p.error", has_text="Suicide: Ann or Cy must bid nil.")
    error.wait_for()
    assert error.is_visible()
    assert page.locator('input[name="bid-0"][value="5"]').is_checked()  # the taps are kept
    assert "tricks" not in page.locator("h2").first.inner_text().split(":")[-1]
    shot(page, "suicide-refused-390.png", full_page=True)
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
    save(page)
    sheet = stored_sheet(page, url)
    assert sheet.hands[0].sides["Ann & Cy"].explain == [
        "bid 4, took 5: +40, 1 bag +1",
        "Ann nil, took 0: +100",
    ]
    assert sheet.totals == {"Ann & Cy": 141, "Bob & Di": 144}
    cells = page.locator("table.sheet tfoot td").all_inner_texts()
    assert [cells[1], cells[4]] == ["141", "144"]
    shot(page, "suicide-390.png", full_page=True)
    context.close()
