"""A club night's table phone and the director's Call time as a person sees them (issue 23), at
390 px and 1366 px with the back/forward cache on: Call time asks first, naming the tables; a
capped table's phone keeps the night's "or 4 hands" and ends "time was called"; a closed round's
phone says, above the hand being fixed and before its Save, that the change is a correction."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.service import club_night
from tests.browser.phone import PHONE_AND_LAPTOP, phone_at
from tests.service.club_night.clubs import event_with, finish_round, play

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP
SHEET_POLL = 2_000  # ms: a read-only sheet asks for its game's version every 2 s (static/view.js)


phone = phone_at(SIZES)


def test_call_time_asks_first_and_the_phone_keeps_the_nights_hands(phone, live_server, live_db):
    event = event_with(live_db, 4, max_hands=4, round_minutes=30)
    rnd = club_night.seat_next_round(live_db, event)
    table = rnd.tables[0]
    play(live_db, table, 7, 7)
    phone.goto(f"{live_server}/e/{event.director_token}")
    phone.get_by_role("link", name="Call time").click()
    phone.wait_for_url(re.compile(r"/rounds/1/time$"))
    assert phone.locator("h1").inner_text() == "Call time for round 1?"
    phone.get_by_role("link", name="Play on").click()  # changes nothing
    phone.wait_for_url(re.compile(r"/e/[\w-]+#round$"))
    assert club_night.overview(live_db, event).current.status != "time_called"
    phone.go_back(wait_until="commit")  # the question again, from the back/forward cache
    phone.wait_for_url(re.compile(r"/rounds/1/time$"), wait_until="commit")
    phone.get_by_role("button", name="Call time for round 1").click()
    phone.wait_for_load_state()
    assert "Time called: tables 1, 2 finish" in phone.locator(".flash").first.inner_text()
    phone.goto(f"{live_server}/g/{table.edit_token}")
    status = phone.locator("p.status")
    assert "Game to 500 or 4 hands; time is called." in status.inner_text()
    assert status.is_visible()
    play(live_db, table, 7)
    phone.reload()
    assert status.inner_text().endswith("time was called.")


def test_a_closed_rounds_phone_says_a_fix_is_a_correction_before_its_save(
    phone, live_server, live_db
):
    event = event_with(live_db, 4)
    rnd = club_night.seat_next_round(live_db, event)
    finish_round(live_db, event)
    phone.goto(f"{live_server}/g/{rnd.tables[0].edit_token}")
    phone.locator("table.sheet tbody th a").first.click()  # fix hand 1
    phone.wait_for_url(re.compile(r"\?hand=1#hand$"))
    note = phone.locator(".closed-round")
    assert note.is_visible()
    assert note.inner_text().startswith("Round 1 is closed. A hand saved here corrects")
    save = phone.get_by_role("button", name=re.compile(r"^Save hand 1"))
    box, button = note.bounding_box(), save.bounding_box()
    assert box["y"] + box["height"] <= button["y"] < box["y"] + box["height"] + 40  # by the Save
    width = phone.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width


def test_a_watchers_read_only_sheet_says_time_is_called_then_time_was_called(
    phone, live_server, live_db, shot
):
    """Issue 23: the read-only sheet of a capped table said "the last of 3 hands was played".
    A watcher's open sheet updates itself when the director calls time and when the last hand
    is saved, and says what the table's phone says. The sheet runs on Playwright's clock: the
    test runs it forward by one of its 2 s polls, and the page asks and reloads by itself."""
    event = event_with(live_db, 4, max_hands=4, round_minutes=30)
    rnd = club_night.seat_next_round(live_db, event)
    table = rnd.tables[0]
    play(live_db, table, 7, 7)
    phone.clock.install()  # its polls, run forward below
    phone.goto(f"{live_server}/v/{table.view_token}")
    assert phone.locator("p.time-called").count() == 0
    club_night.call_time(live_db, event, 1)
    phone.clock.run_for(SHEET_POLL)
    note = phone.locator("p.time-called")
    expect(note).to_contain_text("Time is called", timeout=15_000)  # it asked, and reloaded
    assert note.is_visible()
    assert "500, 4 hands" in phone.locator("p.rules-line").inner_text()
    width = phone.viewport_size["width"]
    shot(phone, f"view-time-is-called-{width}.png")
    play(live_db, table, 7)
    phone.clock.run_for(SHEET_POLL)
    status = phone.locator("p.share-status")
    expect(status).to_contain_text("time was called.", timeout=15_000)
    assert "last of 3 hands" not in status.inner_text() and note.count() == 0
    shot(phone, f"view-time-was-called-{width}.png")
