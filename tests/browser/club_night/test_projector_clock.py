"""The projector's round clock says "paused" only when it is (issue 23: it said "paused" under a
running clock, where the console and the public page were right), at 1366 px and on a phone,
with the browser's back/forward cache on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import club_night as night_service
from scorekeeper.service.club_night import clock as club_night_clock
from tests.browser.club_night.test_club_night_live import club_night
from tests.browser.phone import PHONE_AND_LAPTOP

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP


@pytest.fixture(params=list(SIZES))
def screen(request, bfcache_browser, browser_context_args):
    context = bfcache_browser.new_context(
        **{**browser_context_args, "viewport": SIZES[request.param]}
    )
    yield context.new_page()
    context.close()


def test_the_projector_says_paused_only_under_a_paused_clock(screen, live_server, live_app):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=4, round_minutes=30)
    db = service.connect(database)
    try:
        night_service.seat_next_round(db, event)
    finally:
        db.close()
    url = f"{live_server}/p/{event.public_token}/screen"
    screen.goto(url)
    clock = screen.locator(".pj-top .round-clock")
    expect(clock.locator(".clock-time")).to_be_visible()
    expect(clock.locator(".clock-note")).to_be_hidden()  # running: no "paused"
    db = service.connect(database)
    try:
        club_night_clock.round_clock(db, event.director_token, 1, "pause")
    finally:
        db.close()
    screen.goto(url)
    expect(clock.locator(".clock-note")).to_be_visible()
    expect(clock.locator(".clock-note")).to_have_text("paused")
