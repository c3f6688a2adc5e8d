"""A Blind No Trump bid on a phone (issue 22; pagat and the digest: "triple the basic amount"):
the scorer taps the team's Blind NT 6 under its own line, the tricks, saves, and reads why the
side scored 180; axe finds nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.phone import TWO_PHONES, check_axe, phone_at
from tests.helpers import store_game

pytestmark = pytest.mark.browser

phone = phone_at(TWO_PHONES)
RULES = {"preset": "standard", "bidding": "partnership", "no_trump": True, "blind_bids": True,
         "blind_no_trump": True, "blind_deficit": None}  # fmt: skip
SHOTS = Path("/tmp/scorekeeper-shots")  # screenshots to look at, not compared


def test_a_blind_no_trump_bid_is_tapped_and_says_why(phone, live_server, live_db):
    game = store_game(live_db, {
        "format": "spades-scorekeeper/1", "rules": RULES, "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}, "hands": [],
    })  # fmt: skip
    phone.goto(f"{live_server}/g/{game.edit_token}")
    bnt = phone.locator('input[name="tbid-0"][value="blind no trump 6"]')
    assert phone.get_by_text("Blind No Trump, bid before looking at the cards:").first.is_visible()
    assert phone.locator('input[name="tbid-0"][value="blind no trump 4"]').count() == 0
    size = phone.viewport_size
    SHOTS.mkdir(exist_ok=True)
    phone.locator("#hand").screenshot(
        path=str(SHOTS / f"blind-no-trump-bids-{size['width']}x{size['height']}.png")
    )
    phone.locator('input[name="tbid-1"][value="4"]').tap()
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        bnt.tap()
    phone.locator('input[name="ttricks-0"][value="6"]').tap()
    phone.locator("#hand").screenshot(
        path=str(SHOTS / f"blind-no-trump-{size['width']}x{size['height']}.png")
    )
    check_axe(phone)
    with phone.expect_navigation(url=re.compile(r"/g/[\w-]+(#now)?$")):
        phone.get_by_role("button", name=re.compile(r"^Save hand")).tap()
    assert "180" in phone.locator(".scores").inner_text()
    assert "blind no trump \u00d73" in phone.locator(".rules-line").inner_text()
    phone.locator("table.sheet tbody th a", has_text="1").first.tap()
    phone.wait_for_url(re.compile(r"hand=1"))
    assert "Blind No Trump made: blind 6, 60 x 3 = 180" in phone.locator(".why").inner_text()
    phone.screenshot(path=str(SHOTS / f"blind-no-trump-why-{size['width']}x{size['height']}.png"))
    check_axe(phone)


def test_individual_team_players_asks_each_players_tricks(phone, live_server, live_db):
    """Wikipedia's Individual Team Players (both_exact_bonus): the tricks step has a pad for
    each player, the last filled in by the others; A bids 3 and B 4, each takes their bid: 100."""
    game = store_game(live_db, {
        "format": "spades-scorekeeper/1", "rules": {"preset": "standard", "both_exact_bonus": True},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}, "hands": [],
    })  # fmt: skip
    phone.goto(f"{live_server}/g/{game.edit_token}")
    bids = {"bid-1": "2", "bid-2": "4", "bid-3": "2", "bid-0": "3"}  # Bob bids first
    *first, (name, value) = bids.items()
    for n, v in first:
        phone.locator(f'input[name="{n}"][value="{v}"]').tap()
    with phone.expect_navigation(url=re.compile(r"step=tricks")):
        phone.locator(f'input[name="{name}"][value="{value}"]').tap()
    for seat, took in (("0", "3"), ("1", "3"), ("2", "4")):  # Ann, Bob, Cy; Di's follows
        phone.locator(f'input[name="tricks-{seat}"][value="{took}"]').tap()
    expect(phone.locator('input[name="tricks-3"][value="3"]')).to_be_checked()  # game.js fills it
    size = phone.viewport_size
    phone.locator("#hand").screenshot(
        path=str(SHOTS / f"both-exact-{size['width']}x{size['height']}.png")
    )
    check_axe(phone)
    with phone.expect_navigation(url=re.compile(r"/g/[\w-]+(#now)?$")):
        phone.get_by_role("button", name=re.compile(r"^Save hand")).tap()
    assert "100" in phone.locator(".scores").inner_text()
    phone.locator("table.sheet tbody th a", has_text="1").first.tap()
    phone.wait_for_url(re.compile(r"hand=1"))
    assert "each partner made their own bid exactly: +30" in phone.locator(".why").inner_text()
