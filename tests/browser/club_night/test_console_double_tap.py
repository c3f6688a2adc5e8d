"""A double tap on a console action, as a phone does it at 390 x 844: the same form sent twice
(here the first send's answer never arrives, as on a phone that resends), and the page lands
saying what was done, once, never "Nothing was done"; the event moved once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import service, store
from scorekeeper.service import club_night as night_service
from tests.browser.club_night.test_club_night_live import at_table, club_night

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# The confirm form sent as it stands (its version and one-time id), its answer dropped.
SEND_FIRST = """async (selector) => {
  const form = document.querySelector(selector);
  await fetch(form.action, {method: "POST", body: new FormData(form), redirect: "manual",
                            credentials: "same-origin"});
}"""


def test_a_double_tap_on_call_time_says_time_is_called_once(browser, live_server, live_app):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=4)
    db = service.connect(database)
    night_service.seat_next_round(db, event)
    db.close()
    at_table(database, event, 1, 7)  # round 1 has started
    director = browser.new_context(viewport=PHONE).new_page()
    director.goto(f"{live_server}/e/{event.director_token}")
    with director.expect_navigation():
        director.get_by_role("link", name="Call time…").click()
    button = director.get_by_role("button", name="Call time for round 1")
    expect(button).to_be_visible()

    director.evaluate(SEND_FIRST, "form.actions")  # the first send: done, its answer lost
    db = service.connect(database)
    once = store.events.event_by_id(db, event.id).version
    db.close()
    with director.expect_navigation():
        button.click()  # the second send of the same form
    said = director.locator("#round .said")
    expect(said).to_contain_text("Time called: tables 1, 2 finish the hand in play")
    expect(said).not_to_contain_text("Nothing was done")
    expect(director.locator(".flash-error")).to_have_count(0)
    expect(director.locator("#round-heading")).to_contain_text("time called")
    db = service.connect(database)
    assert store.events.event_by_id(db, event.id).version == once  # acted once
    db.close()


def test_a_double_tap_on_clear_paper_result_says_it_was_cleared_once(
    browser, live_server, live_app
):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=4)
    db = service.connect(database)
    night_service.seat_next_round(db, event)
    night_service.enter_paper(db, event, 1, 1, [310, 120], [0, 0])
    db.close()
    director = browser.new_context(viewport=PHONE).new_page()
    director.goto(f"{live_server}/e/{event.director_token}/rounds/1/tables/1/paper")
    button = director.get_by_role("button", name="Clear the paper result")
    expect(button).to_be_visible()

    director.evaluate(SEND_FIRST, "form[action$='/paper/clear']")  # done, its answer lost
    db = service.connect(database)
    once = store.events.event_by_id(db, event.id).version
    assert (
        night_service.overview(db, event).current.tables[0].paper is None
    )  # the first send cleared
    db.close()
    with director.expect_navigation():
        button.click()  # the second send of the same form
    said = director.locator("#round .said")
    expect(said).to_contain_text("Round 1 table 1: its game counts again.")
    expect(said).not_to_contain_text("Nothing was done")
    expect(director.locator(".flash-error")).to_have_count(0)
    db = service.connect(database)
    assert store.events.event_by_id(db, event.id).version == once  # acted once
    db.close()
