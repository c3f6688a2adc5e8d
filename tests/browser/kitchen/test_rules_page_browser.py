"""The rules page of a cutthroat game on a phone (390 and 320 px): started from the new game form
as a scorer would, with three players; its worked examples are hands of three players each
scoring alone at 17 tricks, nothing of teams or partners; the page fits the phone's width and
axe finds nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phone import TWO_PHONES, check_axe, phone_at, start_game

pytestmark = pytest.mark.browser

phone = phone_at(TWO_PHONES)


def test_a_cutthroat_rules_page_explains_with_three_players_alone(phone, live_server, shot):
    start_game(phone, live_server, ["Ann", "Bob", "Cy"], preset="cutthroat")
    with phone.expect_navigation(url=re.compile(r"/rules$")):
        phone.get_by_role("link", name="The rules of this game").click()
    expect(phone.get_by_role("heading", name="The rules of this game")).to_be_visible()
    expect(phone.locator(".hint").first).to_contain_text(
        "a hand at a table of Ann, Bob and Cy, each playing alone"
    )
    examples = phone.locator(".example")
    expect(examples.first).to_be_visible()
    said = examples.all_inner_texts()
    assert len(said) > 20
    for line in said:
        assert "&" not in line and "team" not in line.lower() and "partner" not in line.lower()
    made = "Example: Ann bids 5 and takes 7: Ann: bid 5, took 7: +50, 2 bags +2 (total 52)."
    assert made in said
    assert any("Ann bids all 17 and takes them all" in line for line in said)
    alone = phone.get_by_text("Every player scores alone: no partner, no team.")
    expect(alone).to_have_count(1)
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    shot(phone, f"rules-cutthroat-{width}.png", full_page=True)
    if width == 390:
        check_axe(phone)


def test_a_six_player_rules_page_explains_with_three_teams_of_two(phone, live_server, shot):
    """Six players from the new game form, seated three teams of two (Ann & Di, Bob & Ed, Cy &
    Flo): every example is a hand of those three teams at 17 tricks."""
    six = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    start_game(phone, live_server, six, preset="six-player")
    with phone.expect_navigation(url=re.compile(r"/rules$")):
        phone.get_by_role("link", name="The rules of this game").click()
    expect(phone.get_by_role("heading", name="The rules of this game")).to_be_visible()
    expect(phone.locator(".hint").first).to_contain_text(
        "a hand at a table of Ann & Di, Bob & Ed and Cy & Flo"
    )
    examples = phone.locator(".example")
    expect(examples.first).to_be_visible()
    said = examples.all_inner_texts()
    assert len(said) > 20
    assert all("Cy & Flo" in line and "Ann & Cy" not in line for line in said)
    assert any("Ann & Di bid all 17 and take them all" in line for line in said)
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    shot(phone, f"rules-six-{width}.png", full_page=True)
    if width == 390:
        check_axe(phone)
