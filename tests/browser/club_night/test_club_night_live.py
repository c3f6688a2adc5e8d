"""A club night as the room sees it while it runs (issue 15), in Chromium: the public page and
the director's console update themselves when a table saves a hand (the test never reloads
them), the console keeps the director's place and a half-typed registration, a round's eight
tables fit a 1366 x 768 laptop screen, the round clock runs down on the projector and the
console prompts the director at zero. Without JavaScript the console still works.

The pages that update themselves run on Playwright's clock (installed before they load, time
flowing as it does): after each change the test runs a page's clock forward by one of its polls,
so its own timer asks the real server at once rather than seconds later."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.service import club_night as night_service
from scorekeeper.service.club_night import clock as club_night_clock
from tests.browser.kitchen.test_play_game import check_axe
from tests.service.club_night.clubs import NAMES, finish, play

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
SCREEN = {"width": 1920, "height": 1080}
WAIT = 20_000  # ms: a poll every 5 s, and a slow shared machine
POLL = 5_000  # ms: the console and the public page ask for the event's version every 5 s
TABLE_POLL = 15_000  # ms: a table's phone asks for its clock every 15 s (static/clock.js)

# Every table card of the round inside the window, as it first shows (no scrolling).
TABLES_IN_VIEW = """() => {
  const rows = [...document.querySelectorAll("#round .table-row")];
  return {count: rows.length, scrollY: window.scrollY,
          top: Math.min(...rows.map(r => r.getBoundingClientRect().top)),
          bottom: Math.max(...rows.map(r => r.getBoundingClientRect().bottom)),
          right: Math.max(...rows.map(r => r.getBoundingClientRect().right))};
}"""

SECONDS = """(el) => el.textContent.trim().split(":").reduce((t, n) => t * 60 + Number(n), 0)"""


def club_night(database: str, teams: int = 16, **settings):
    """An event of ``teams`` teams of two, registered, not yet seated."""
    db = service.connect(database)
    try:
        chosen = {"rounds": 3, "max_hands": 4, **settings}
        event = night_service.create_event(db, night_service.EventSettings("Club night", **chosen))
        for i in range(teams):
            night_service.register(
                db, event, [f"{NAMES[i % 24]} {i}", f"{NAMES[(i + 7) % 24]} {i}"]
            )
        return event
    finally:
        db.close()


def polled(*pages, ms: int = POLL) -> None:
    """Each page's clock (Playwright's, installed before it loaded) run forward by one poll: the
    page's own timer asks the live server now, as it would ``ms`` later."""
    for page in pages:
        page.clock.run_for(ms)


def at_table(database: str, event, number: int, *took: int, done: bool = False) -> None:
    """A table's phone saves hands (the first side takes ``took`` tricks each hand)."""
    db = service.connect(database)
    try:
        table = night_service.overview(db, event).current.table(number)
        finish(db, table) if done else play(db, table, *took)
    finally:
        db.close()


def test_the_room_updates_itself_while_a_round_plays(
    browser, browser_context_args, live_server, live_app, shot
):
    database = live_app.config["DATABASE"]
    event = club_night(database, round_minutes=1)
    console = f"{live_server}/e/{event.director_token}"

    # The director seats round 1 on a laptop: all eight tables in view, no scrolling.
    director = browser.new_context(viewport=LAPTOP).new_page()
    director.clock.install()  # the console's polls, run forward below
    director.goto(console)
    director.get_by_role("button", name="Seat round 1").click()
    director.wait_for_load_state()
    director.goto(console)  # the page as it first shows, from its top
    fit = director.evaluate(TABLES_IN_VIEW)
    assert fit["count"] == 8 and fit["scrollY"] == 0, fit
    assert fit["top"] >= 0 and fit["bottom"] <= LAPTOP["height"], fit
    assert fit["right"] <= LAPTOP["width"], fit
    shot(director, "console-1366x768.png")
    check_axe(director)  # the clock, its buttons and the compact tables

    # The players' public page on a phone, and the projector.
    public = browser.new_context(**browser_context_args).new_page()
    public.clock.install()
    public.goto(f"{live_server}/p/{event.public_token}")
    projector = browser.new_context(viewport=SCREEN, device_scale_factor=1).new_page()
    projector.goto(f"{live_server}/p/{event.public_token}/screen?seconds=60")

    # The director half-types a late registration and scrolls down a little.
    director.fill("#name-0", "Late Comer")
    director.evaluate("window.scrollTo(0, 120); window.notReloaded = true")
    public.evaluate("window.notReloadedByTheTest = true")

    # A table saves a hand: the public page and the console show it by themselves.
    at_table(database, event, 3, 7)
    polled(public, director)
    expect(public.locator("#r1t3 .t-status")).to_have_text("1 hand played", timeout=WAIT)
    expect(director.locator("#r1t3 .t-status")).to_have_text("1 hand played", timeout=WAIT)
    expect(director.locator("#r1t3 .t-sides li.leads")).to_have_count(1)
    assert director.evaluate("window.notReloaded") is True  # updated in place
    assert director.evaluate("window.scrollY") == 120  # the director's place is kept
    expect(director.locator("#name-0")).to_have_value("Late Comer")  # and what was typed

    # A table finishes: "still playing" and the standings follow, still without a reload.
    expect(director.locator("#standings")).to_contain_text("No results yet")
    at_table(database, event, 1, done=True)
    polled(director)
    expect(director.locator("#r1t1 .t-status")).to_have_text("finished", timeout=WAIT)
    expect(director.locator("#round")).to_contain_text(
        "Still playing: tables 2, 3, 4, 5, 6, 7, 8.", timeout=WAIT
    )
    expect(director.locator("#standings .standing")).to_have_count(16, timeout=WAIT)
    expect(director.locator("#standings")).not_to_contain_text("No results yet")
    assert director.evaluate("window.notReloaded") is True
    expect(director.locator("#name-0")).to_have_value("Late Comer")

    # The round clock runs down on the projector (and on the console and the public page).
    clock = projector.locator(".pj-top .clock-time")
    expect(clock).to_be_visible()
    first = clock.evaluate(SECONDS)
    assert 0 < first <= 60
    projector.wait_for_function(
        f"() => ({SECONDS})(document.querySelector('.pj-top .clock-time')) < {first}",
        timeout=WAIT,
    )
    assert director.locator("#round .clock-time").evaluate(SECONDS) <= 60

    # At zero the console prompts the director to call time (the clock set to run out now).
    db = service.connect(database)
    club_night_clock.round_clock(db, event.director_token, 1, "restart", now=time.time() - 58)
    db.close()
    polled(director)  # the console's next poll; then its clock counts the last 2 s down
    prompt = director.locator(".clock-prompt")
    expect(prompt).to_be_visible(timeout=WAIT)
    expect(prompt).to_contain_text("Time is up for round 1")
    expect(director.locator("#round .round-clock .clock-up")).to_be_visible()
    assert director.evaluate("window.notReloaded") is True
    expect(director.locator("#name-0")).to_have_value("Late Comer")
    assert public.evaluate("window.notReloadedByTheTest") is True  # its parts updated in place

    # A table's phone keeps its clock true between hands: the director pauses it.
    phone = browser.new_context(**browser_context_args).new_page()
    phone.clock.install()  # its clock poll, run forward below
    phone.goto(
        live_server + director.locator("#r1t4 a", has_text="Scoring page").get_attribute("href")
    )
    expect(phone.locator(".table-clock .clock-time")).to_be_visible()
    check_axe(phone)
    expect(phone.locator(".table-clock .clock-note")).to_be_hidden()
    db = service.connect(database)
    club_night_clock.round_clock(db, event.director_token, 1, "extend", 10)
    club_night_clock.round_clock(db, event.director_token, 1, "pause")
    db.close()
    polled(phone, ms=TABLE_POLL)
    expect(phone.locator(".table-clock .clock-note")).to_be_visible(timeout=WAIT + 5_000)
    expect(phone.locator(".table-clock .clock-time")).to_have_text(re.compile(r"^(9|10):\d\d$"))

    # Every table finishes and the director closes round 1. A second tab, left open at "Seat
    # round 2", sends it after round 2 was seated from the first: refused, round 3 not seated.
    for number in range(1, 9):
        at_table(database, event, number, done=True)
    director.goto(console)
    director.get_by_role("button", name="Close round 1").click()
    director.wait_for_load_state()
    old_tab = director.context.new_page()
    old_tab.goto(console)
    director.get_by_role("button", name="Seat round 2").click()
    director.wait_for_load_state()
    old_tab.get_by_role("button", name="Seat round 2").click()
    old_tab.wait_for_load_state()
    expect(old_tab.locator(".flash-error")).to_contain_text("Nothing was done")
    expect(old_tab.locator("#round-heading")).to_contain_text("Round 2 of 3")
    old_tab.close()

    # A closed round's table is corrected (its paper sheet typed after close): the console,
    # left open, says which table by itself.
    director.goto(console)
    director.evaluate("window.notReloaded = true")
    db = service.connect(database)
    night_service.enter_paper(db, event.director_token, 1, 2, [180, 520], [3, 4])
    db.close()
    polled(director)
    expect(director.locator("#corrected")).to_contain_text(
        "Corrected after the round closed: round 1 table 2.", timeout=WAIT
    )
    assert director.evaluate("window.notReloaded") is True

    for page in (director, public, projector, phone):
        page.context.close()


def test_forty_tables_scroll_in_their_own_list(browser, live_server, live_app):
    database = live_app.config["DATABASE"]
    event = club_night(database, teams=80)
    db = service.connect(database)
    night_service.seat_next_round(db, event)
    db.close()
    director = browser.new_context(viewport=LAPTOP).new_page()
    director.goto(f"{live_server}/e/{event.director_token}")
    tables = director.locator("#round .tables")
    expect(director.locator("#round .table-row")).to_have_count(40)
    box = tables.bounding_box()
    assert box["height"] < LAPTOP["height"], box
    assert tables.evaluate("(el) => el.scrollHeight > el.clientHeight")
    director.context.close()


def test_without_javascript_the_console_works_with_a_refresh_link(browser, live_server, live_app):
    database = live_app.config["DATABASE"]
    event = club_night(database, round_minutes=30)
    context = browser.new_context(viewport=LAPTOP, java_script_enabled=False)
    director = context.new_page()
    console = f"{live_server}/e/{event.director_token}"
    director.goto(console)
    director.get_by_role("button", name="Seat round 1").click()
    director.wait_for_load_state()
    expect(director.locator("#round .clock-time")).to_have_text(re.compile(r"^(30:00|29:\d\d)$"))
    at_table(database, event, 2, 7)
    director.get_by_role("link", name="Refresh").click()
    director.wait_for_load_state()
    expect(director.locator("#r1t2 .t-status")).to_have_text("1 hand played")
    director.get_by_role("button", name="Pause round 1's clock").click()
    director.wait_for_load_state()
    expect(director.locator(".flash")).to_contain_text("paused")
    context.close()


def test_the_podium_fits_the_projector_with_every_name_whole(browser, live_server, live_app):
    """After the last round: the champion and the places after them, however long the names,
    on one 1920 x 1080 screen, no name cut with an ellipsis."""
    database = live_app.config["DATABASE"]
    db = service.connect(database)
    event = night_service.create_event(
        db, night_service.EventSettings("Spring final", rounds=1, max_hands=1)
    )
    for i in range(16):  # sixteen teams, everyone level but the winners: many share third
        long = "Wilhelmina Montgomery-Wood"[: 26 - i % 5]
        night_service.register(db, event, [f"{long} {i}", f"Bartholomew Fitzgerald {i}"])
    night_service.seat_next_round(db, event)
    from tests.service.club_night.clubs import finish_round

    finish_round(db, event)
    db.close()
    page = browser.new_context(viewport=SCREEN, device_scale_factor=1).new_page()
    page.goto(f"{live_server}/p/{event.public_token}/screen?seconds=60")
    expect(page.locator('#pj[data-showing="podium"]')).to_be_attached()
    steps = page.locator(".pj-screen.is-shown .pj-step")
    expect(steps).to_have_count(6)
    for name in page.locator(".pj-screen.is-shown .pj-step-name").all():
        assert name.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
        assert "\u2026" not in name.inner_text()
        box = name.bounding_box()
        assert box["y"] + box["height"] <= SCREEN["height"], box
    page.context.close()
