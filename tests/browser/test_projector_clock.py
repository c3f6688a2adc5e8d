"""The projector's round clock says "paused" only when it is (issue 23: it said "paused" under a
running clock, where the console and the public page were right), at 1366 px and on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import events
from tests.browser.test_club_night_live import club_night

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_the_projector_says_paused_only_under_a_paused_clock(
    browser, live_server, live_app, width, height
):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=4, round_minutes=30)
    db = service.connect(database)
    try:
        events.seat_next_round(db, event)
    finally:
        db.close()
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    screen = f"{live_server}/p/{event.public_token}/screen"
    page.goto(screen)
    clock = page.locator(".pj-top .round-clock")
    expect(clock.locator(".clock-time")).to_be_visible()
    expect(clock.locator(".clock-note")).to_be_hidden()  # running: no "paused"
    db = service.connect(database)
    try:
        events.round_clock(db, event.director_token, 1, "pause")
    finally:
        db.close()
    page.goto(screen)
    expect(clock.locator(".clock-note")).to_be_visible()
    expect(clock.locator(".clock-note")).to_have_text("paused")
