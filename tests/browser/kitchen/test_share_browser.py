"""Sharing in a real browser at phone size: the read-only page follows the game by itself, and
the home page lists this browser's games."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from scorekeeper import store

pytestmark = pytest.mark.browser


HAND = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 2},
    "tricks": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
}


def game_file(hands):
    return {
        "format": "spades-scorekeeper/1",
        "rules": "standard",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "hands": hands,
    }


def test_read_only_page_reloads_itself_when_a_hand_is_added(page, live_server, live_db, shot):
    game = store.create_game(live_db, game_file([HAND]), title="Live table")
    page.goto(f"{live_server}/v/{game.view_token}")
    score = page.locator(".share-total", has_text="Ann & Cy").locator(".share-score")
    expect(score).to_have_text("70")
    assert page.locator("form, input, button").count() == 0

    # The scorer adds a hand elsewhere.
    store.save_game(live_db, game, game_file([HAND, HAND]), action=store.Action("add_hand", 2))
    # The page polls on a timer and whenever it comes back on screen; the latter starts the
    # check now instead of waiting out the interval.
    with page.expect_navigation():  # it reloads itself: measured below once loaded, styles too
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(score).to_have_text("140")
    expect(page.locator("#live-sheet")).to_have_attribute("data-version", str(game.version + 1))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "share-view.png", full_page=True)


def test_home_page_lists_the_games_this_browser_imported(
    browser, browser_context_args, live_server, shot
):
    mine = browser.new_context(**browser_context_args)
    other = browser.new_context(**browser_context_args)
    try:
        page = mine.new_page()
        page.goto(f"{live_server}/games/import")
        page.get_by_label("Or paste the game file").fill(json.dumps(game_file([HAND, HAND])))
        page.get_by_role("button", name="Import the game").click()
        page.wait_for_url(re.compile(r"/g/[\w-]+$"))
        page.goto(f"{live_server}/")
        item = page.locator(".game-item")
        expect(item).to_have_count(1)
        expect(item).to_contain_text("Ann & Cy vs Bob & Di")
        expect(item).to_contain_text("2 hands")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "home-games.png", full_page=True)

        stranger = other.new_page()
        stranger.goto(f"{live_server}/")
        expect(stranger.get_by_text("No games yet on this phone")).to_be_visible()
        expect(stranger.locator(".game-item")).to_have_count(0)
    finally:
        mine.close()
        other.close()


def test_bad_paste_keeps_the_text_and_says_why(page, live_server, shot):
    page.goto(f"{live_server}/games/import")
    box = page.get_by_label("Or paste the game file")
    box.fill('{"format": "spades-scorekeeper/1", "players": ["Ann"]}')
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator("#text-error")).to_contain_text("2 to 6 players")
    expect(box).to_have_value('{"format": "spades-scorekeeper/1", "players": ["Ann"]}')
    shot(page, "import-error.png", full_page=True)
