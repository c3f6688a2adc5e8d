"""The console's clock forms refused as a phone sees it: the message next to the box, what was
typed kept, and kept while the console updates itself (the round's part waits, as it does for
a form being typed in), in Chromium at 390 x 844."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import events
from tests.browser.test_club_night_live import WAIT, at_table, club_night

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_refused_extension_keeps_what_was_typed_next_to_its_message(
    browser, live_server, live_app, tmp_path
):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=4, round_minutes=30)
    db = service.connect(database)
    events.seat_next_round(db, event)
    db.close()
    director = browser.new_context(viewport=PHONE).new_page()
    director.goto(f"{live_server}/e/{event.director_token}")

    director.fill("#extend-minutes", "500")
    director.get_by_role("button", name="Extend round 1").click()
    director.wait_for_load_state()
    box = director.locator("#extend-minutes")
    expect(box).to_have_value("500")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(director.locator("#extend-minutes-error")).to_have_text("Extend by 1 to 120 minutes.")
    expect(director.locator("#round .said")).not_to_contain_text("Extend by")
    director.screenshot(path=str(tmp_path / "extend-refused-390.png"))

    # A table finishes while the message shows: the standings update by themselves, and the
    # round's part, holding the refused box, waits.
    before = director.locator("#standings").inner_html()
    at_table(database, event, 1, done=True)
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
