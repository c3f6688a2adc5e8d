"""The memory's pages as a person sees them, at 390 px and 1366 px with the browser's
back/forward cache on (as phones have it): a provisional "P" beside its player's name however
the name wraps, the ladder's footnote a link to "How the figures are counted" and Back from
it, the season screen's way back off the screen's edge, and the keeper's link found from the
home page on the machine that runs the server."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper import service
from scorekeeper.service import club_night, memory
from scorekeeper.stats import Scheme
from tests.browser.phone import PHONE_AND_LAPTOP, check_axe, phone_at
from tests.service.club_night.clubs import finish
from tests.service.memory.memory_club import night

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP
LONG = ["Maximiliana Montgomery-Smythe", "Bartholomew Featherstonehaugh"]


phone = phone_at(SIZES)


@pytest.fixture(scope="module")
def club(live_app):
    db = service.connect(live_app.config["DATABASE"])
    memory.clear_caches()
    rng = random.Random(8)
    night(db, rng, "Night 1", "2026-04-01", "teams")
    event = club_night.create_event(
        db, club_night.EventSettings(name="Long names", date="2026-04-02")
    )
    club_night.register(db, event, LONG)
    club_night.register(db, event, ["Ann", "Bob"])
    club_night.seat_next_round(db, event)
    finish(db, club_night.overview(db, event).current.tables[0], 9)
    club_night.close_round(db, event, 1)
    sid = memory.add_season(db, "April", "2026-04-01", "2026-04-30", None, Scheme())
    links = memory.club_links(db)
    db.close()
    yield links, sid
    memory.clear_caches()


def back(page):
    """Back: a page restored from the cache fires no "load", so wait for the commit only."""
    page.go_back(wait_until="commit")


def test_a_provisional_p_stays_beside_its_players_name(phone, live_server, club):
    links, _ = club
    phone.goto(f"{live_server}/m/{links.reader}")
    for name in LONG:
        row = phone.locator("table.ladder tbody tr", has=phone.get_by_role("link", name=name))
        link = row.get_by_role("link", name=name).bounding_box()
        mark = row.locator("abbr").bounding_box()
        # on the name's own line(s), to its right: not a line of its own below the name
        assert mark["y"] >= link["y"] - 1, name
        assert mark["y"] + mark["height"] <= link["y"] + link["height"] + 1, name
        assert mark["x"] >= link["x"] + link["width"] - 1, name
    check_axe(phone)


def test_the_ladders_footnote_opens_how_the_figures_are_counted(phone, live_server, club):
    links, _ = club
    phone.goto(f"{live_server}/m/{links.reader}")
    phone.get_by_role("link", name="How every figure is counted").click()
    phone.wait_for_url(re.compile(r"/club/figures$"))
    assert phone.locator("h1").inner_text() == "How the figures are counted"
    assert "own bid reached %" in phone.locator("table").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]
    check_axe(phone)
    back(phone)
    phone.wait_for_url(re.compile(r"/m/[\w-]+$"), wait_until="commit")
    phone.locator("table.ladder").wait_for()
    assert phone.locator("h1").inner_text() == "Ladder"


def test_the_season_screens_way_back_is_off_the_edge_and_a_tap_high(phone, live_server, club):
    links, sid = club
    phone.goto(f"{live_server}/m/{links.reader}/seasons/{sid}/screen")
    box = phone.get_by_role("link", name="Back to the season").bounding_box()
    assert box["x"] >= 8 and box["height"] >= 44
    phone.get_by_role("link", name="Back to the season").click()
    phone.wait_for_url(re.compile(rf"/seasons/{sid}$"))


def test_the_keepers_link_is_found_from_the_home_page_on_this_computer(phone, live_server, club):
    phone.goto(f"{live_server}/")
    phone.get_by_role("link", name="The club's memory").click()
    phone.wait_for_url(re.compile(r"/club$"))
    shown = phone.locator("#keeper-link").inner_text()
    assert re.fullmatch(rf"{live_server}/k/[\w-]+", shown)  # the page shows the whole address
    assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]
    check_axe(phone)
    phone.get_by_role("link", name="Open the keeper's page").click()
    phone.wait_for_url(re.compile(r"/k/[\w-]+$"))
    assert phone.locator("h1").inner_text() == "The club's keeper"
    back(phone)
    phone.wait_for_url(re.compile(r"/club$"), wait_until="commit")
    with phone.expect_navigation(url=re.compile(r"/club$")):  # the URL is /club already
        phone.get_by_role("button", name="New keeper's link").click()
    phone.get_by_text("the old one no longer opens").wait_for()
    fresh = phone.locator("#keeper-link").inner_text()
    assert fresh != shown
    assert phone.request.get(shown).status == 404  # the old link opens nothing now
