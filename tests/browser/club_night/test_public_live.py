"""The public page of a big event on a phone (issue 25), in Chromium: a player finds their table
by name, sees it on top, and the page puts a saved hand in place without reloading (the test
watches the table's line change, the page's own state kept); without JavaScript the same
steps work by links and the form. The page runs on Playwright's clock: after the hand is saved
the test runs it forward by one poll, and the page's own timer asks the live server at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import club_night as night_service
from scorekeeper.web.club_night import public_page
from tests.browser.club_night.test_club_night_live import WAIT, at_table, club_night, polled

pytestmark = pytest.mark.browser


@pytest.fixture
def big(monkeypatch):
    """An 8-table round counts as big: its tables on pages of their own."""
    monkeypatch.setattr(public_page, "TABLES_ON_PAGE", 4)
    monkeypatch.setattr(public_page, "TABLES_A_PAGE", 3)


def seated(database: str):
    event = club_night(database)
    db = service.connect(database)
    try:
        rnd = night_service.seat_next_round(db, event)
        table = night_service.overview(db, event).current.table(rnd.tables[2].number)
    finally:
        db.close()
    assert table is not None
    return event, table


def test_a_player_finds_their_table_and_watches_it_update_in_place(
    big, browser, browser_context_args, live_server, live_app, shot
):
    database = live_app.config["DATABASE"]
    event, table = seated(database)
    name = table.seats[1][1]
    page = browser.new_context(**browser_context_args).new_page()
    page.clock.install()  # its polls, run forward by ``polled``
    page.goto(f"{live_server}/p/{event.public_token}")
    expect(page.locator("#pub-round .table-row")).to_have_count(0)  # none listed: 8 tables
    page.get_by_label("Your name, your team's, or your table's number").fill(name)
    # The page found lands at #your-table: until it has loaded, the browser scrolls back to it
    # (it did, over the test's own scroll below, with the server answering late).
    with page.expect_navigation():
        page.get_by_role("button", name="Find").click()
    mine = page.locator("#your-table .table-row")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(f"Table {table.number}")
    expect(mine.locator(".t-status")).to_have_text("not started")
    shot(page, "public-your-table-390.png", full_page=True)

    # The player types in the find box and scrolls; a hand is saved at their table.
    page.get_by_label("Your name, your team's, or your table's number").fill("half typ")
    page.evaluate("window.notReloaded = true; window.scrollTo(0, 40)")
    at_table(database, event, table.number, 7)
    polled(page)
    expect(mine.locator(".t-status")).to_have_text("1 hand played", timeout=WAIT)
    assert page.evaluate("window.notReloaded") is True  # the part was put in place
    assert page.evaluate("window.scrollY") == 40
    expect(page.get_by_label("Your name, your team's, or your table's number")).to_have_value(
        "half typ"
    )


def test_without_javascript_the_pages_of_tables_and_finding_work(
    big, browser, browser_context_args, live_server, live_app
):
    database = live_app.config["DATABASE"]
    event, table = seated(database)
    page = browser.new_context(**browser_context_args, java_script_enabled=False).new_page()
    page.goto(f"{live_server}/p/{event.public_token}")
    page.get_by_role("navigation", name="Pages of tables").get_by_role("link", name="2").click()
    expect(page.locator(".table-row")).to_have_count(3)
    expect(page.locator("h2")).to_contain_text("tables 4–6 of 8")
    page.goto(f"{live_server}/p/{event.public_token}")
    page.get_by_label("Your name, your team's, or your table's number").fill(str(table.number))
    page.get_by_role("button", name="Find").click()
    expect(page.locator("#your-table")).to_contain_text(f"Table {table.number}")
