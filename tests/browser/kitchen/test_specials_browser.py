"""A hand under Bemo on a phone (issue 22): the scorer taps the bids, the tricks, one tap for
the Bemo made, saves, and reads why the side scored what it did; axe finds nothing."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone import check_axe
from tests.helpers import store_game

pytestmark = pytest.mark.browser

PHONES = {"390x844": (390, 844), "320x640": (320, 640)}
BEMO = {"preset": "standard", "specials": ["little_bemo", "big_bemo"], "bonuses": ["last_trick"]}


@pytest.fixture(params=list(PHONES))
def phone(request, browser, browser_context_args):
    width, height = PHONES[request.param]
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": width, "height": height}}
    )
    yield context.new_page()
    context.close()


def bemo_game(db):
    return store_game(db, {
        "format": "spades-scorekeeper/1", "rules": BEMO, "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}, "hands": [],
    })  # fmt: skip


def test_a_hand_under_bemo_is_one_tap_more_and_says_why(phone, live_server, live_db, shot):
    url = f"{live_server}/g/{bemo_game(live_db).edit_token}"
    phone.goto(url)
    taps = 0

    def touch(locator):
        nonlocal taps
        taps += 1
        locator.tap()

    bids = {"bid-1": "3", "bid-2": "4", "bid-3": "2", "bid-0": "3"}  # Bob bids first
    *first, (name, value) = bids.items()
    for n, v in first:
        touch(phone.locator(f'input[name="{n}"][value="{v}"]'))
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        touch(phone.locator(f'input[name="{name}"][value="{value}"]'))
    # the tricks step: the specials are on the page, "Not bid" tapped already
    bemo = phone.locator('fieldset[data-name="sp-0-0"]')
    assert bemo.locator("legend").inner_text().startswith("Ann & Cy: Little Bemo")
    assert phone.locator('input[name="sp-0-0"][value=""]').is_checked()
    touch(phone.locator('input[name="ttricks-0"][value="8"]'))
    touch(bemo.locator("label", has_text="Made"))
    size = phone.viewport_size
    form = phone.locator("#hand")
    shot(form, f"bemo-{size['width']}x{size['height']}.png")
    check_axe(phone)
    with phone.expect_navigation(url=re.compile(r"/g/[\w-]+(#now)?$")):
        touch(phone.get_by_role("button", name=re.compile(r"^Save hand")))
    assert taps == 6 + 1  # an ordinary hand's six, and one for the Bemo
    assert phone.locator(".scores").inner_text().count("131") == 1  # 70 + 1 bag + 60
    line = phone.locator(".rules-line")
    assert "Little Bemo \u00b160" in line.inner_text() and line.is_visible()
    shot(phone, f"bemo-saved-{size['width']}x{size['height']}.png")
    # why: tap the hand's number
    phone.locator("table.sheet tbody th a", has_text="1").first.tap()
    phone.wait_for_url(re.compile(r"hand=1"))
    why = phone.locator(".why").inner_text()
    assert "Little Bemo made: +60" in why
    check_axe(phone)


def test_the_new_game_page_switches_on_bemo(phone, live_server, live_db, shot):
    phone.goto(live_server + "/games/new")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        phone.fill(f"#player-{i}", name)
    phone.locator("summary", has_text="House rules").tap()
    phone.get_by_label("Little Bemo", exact=True).check()
    phone.get_by_label("Your own special 1: name").fill("Grand slam")
    phone.get_by_label("Your own special 1: made").fill("250")
    box = phone.locator("fieldset.extras-editor").first
    size = phone.viewport_size
    shot(box, f"specials-editor-{size['width']}x{size['height']}.png")
    check_axe(phone)
    with phone.expect_navigation(url=re.compile(r"/g/[\w-]+$")):
        phone.get_by_role("button", name="Start the game").tap()
    text = phone.request.get(phone.url + "/game.json").text()
    assert '"little_bemo"' in text and '"Grand slam"' in text
