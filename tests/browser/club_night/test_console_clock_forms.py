"""The console's clock forms refused as a phone sees it: the message next to the box, what was
typed kept, and kept while the console updates itself around it (the rest of the round, its
tables, the standings), until sent again or dismissed, in Chromium at 390 x 844. The console
runs on Playwright's clock: after a table's change the test runs it forward by one poll, so the
console's own timer asks the live server at once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import club_night as night_service
from tests.browser.club_night.test_club_night_live import WAIT, at_table, club_night, polled

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def round_one(browser, live_server: str, database: str):
    """Four teams with a 30-minute round 1 seated, and the director's console on a phone."""
    event = club_night(database, teams=4, round_minutes=30)
    db = service.connect(database)
    night_service.seat_next_round(db, event)
    db.close()
    director = browser.new_context(viewport=PHONE).new_page()
    director.clock.install()  # its polls, run forward by ``polled``
    director.goto(f"{live_server}/e/{event.director_token}")
    return event, director


def test_a_refused_extension_keeps_what_was_typed_next_to_its_message(
    browser, live_server, live_app, shot
):
    database = live_app.config["DATABASE"]
    event, director = round_one(browser, live_server, database)

    director.fill("#extend-minutes", "500")
    director.get_by_role("button", name="Extend round 1").click()
    director.wait_for_load_state()
    box = director.locator("#extend-minutes")
    expect(box).to_have_value("500")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(director.locator("#extend-minutes-error")).to_have_text("Extend by 1 to 120 minutes.")
    expect(director.locator("#round .said")).not_to_contain_text("Extend by")
    shot(director, "extend-refused-390.png")

    # A table finishes while the message shows: the standings update by themselves, and the
    # refused box stays as it was.
    before = director.locator("#standings").inner_html()
    at_table(database, event, 1, done=True)
    polled(director)
    director.wait_for_function(
        "(before) => document.querySelector('#standings').innerHTML !== before",
        arg=before,
        timeout=WAIT,
    )
    expect(box).to_have_value("500")
    expect(director.locator("#extend-minutes-error")).to_be_visible()

    # Corrected and sent again: done, said at the top of the round.
    box.fill("10")
    director.get_by_role("button", name="Extend round 1").click()
    director.wait_for_load_state()
    expect(director.locator("#round .said")).to_contain_text("Round 1: 10 more minutes.")
    expect(director.locator("#extend-minutes-error")).to_have_count(0)


def test_a_refused_extension_stays_while_the_rest_of_the_round_updates(
    browser, live_server, live_app, shot
):
    """The refused box keeps '500' and its message while the round's own tables update around
    it (a table's hand shows), until dismissed; then a box typed in and left alone is kept the
    same way until sent."""
    database = live_app.config["DATABASE"]
    event, director = round_one(browser, live_server, database)
    director.fill("#extend-minutes", "500")
    with director.expect_navigation():
        director.get_by_role("button", name="Extend round 1").click()
    box = director.locator("#extend-minutes")
    message = director.locator("#extend-minutes-error")
    expect(message).to_have_text("Extend by 1 to 120 minutes.")

    # Table 1's phone finishes its game, table 2's saves a hand: the round's tables and the
    # standings show it, the refused box stays as it was.
    at_table(database, event, 1, done=True)
    polled(director)
    expect(director.locator("#r1t1")).to_have_class(re.compile(r"\bis-finished\b"), timeout=WAIT)
    at_table(database, event, 2, 7)
    polled(director)
    expect(director.locator("#r1t2")).to_have_class(re.compile(r"\bis-playing\b"), timeout=WAIT)
    expect(director.locator("#standings .standings")).to_be_visible(timeout=WAIT)
    expect(box).to_have_value("500")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(message).to_have_text("Extend by 1 to 120 minutes.")
    shot(director, "extend-held-390.png", full_page=True)

    # Dismissed: the box as the event stands now.
    director.locator("#extend").get_by_role("button", name="Dismiss").click()
    expect(message).to_have_count(0)
    expect(box).to_have_value("5")
    expect(box).not_to_have_attribute("aria-invalid", "true")

    # Typed in and left (the focus elsewhere): kept while the round updates, then sent.
    box.fill("7")
    director.locator("#round-heading").click()
    at_table(database, event, 2, done=True)
    polled(director)
    expect(director.locator("#r1t2")).to_have_class(re.compile(r"\bis-finished\b"), timeout=WAIT)
    expect(box).to_have_value("7")
    with director.expect_navigation():
        director.get_by_role("button", name="Extend round 1").click()
    expect(director.locator("#round .said")).to_contain_text("Round 1: 7 more minutes.")


def test_a_refused_round_length_stays_open_while_the_round_updates(browser, live_server, live_app):
    database = live_app.config["DATABASE"]
    event, director = round_one(browser, live_server, database)
    director.locator(".clock-length summary").click()
    director.fill("#round_minutes", "999")
    with director.expect_navigation():
        director.locator(".clock-length").get_by_role("button", name="Save").click()
    field = director.locator("#round_minutes")
    message = director.locator("#round_minutes-error")
    expect(message).to_contain_text("1 to 600")

    at_table(database, event, 1, done=True)
    polled(director)
    expect(director.locator("#r1t1")).to_have_class(re.compile(r"\bis-finished\b"), timeout=WAIT)
    expect(director.locator(".clock-length")).to_have_attribute("open", "")
    expect(field).to_have_value("999")
    expect(message).to_contain_text("1 to 600")
