"""The club's memory on a phone: from a table's page to a player's page, the ladder and the
season's standings, each page clean under axe-core, and the Stats page from the home page."""

from __future__ import annotations

import re

import pytest

from scorekeeper import service
from scorekeeper.service import memory
from scorekeeper.stats import Scheme
from tests.browser.phone import check_axe
from tests.service.memory.memory_club import club

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def memory_club(live_app):
    db = service.connect(live_app.config["DATABASE"])
    evs = club(db, 31, nights=3)
    memory.add_season(db, "Spring walk", "2026-03-01", "2026-03-31", None, Scheme(best_of=2))
    table = service.club_night.overview(db, evs[-1]).rounds[0].tables[0]
    db.close()
    yield evs, table
    memory.clear_caches()


def test_from_a_tables_page_to_a_player_the_ladder_and_the_season(page, live_server, memory_club):
    evs, table = memory_club
    page.goto(f"{live_server}/g/{table.edit_token}")
    players = page.locator(".event-players a")
    name = players.first.inner_text()
    players.first.click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/who/"))
    assert page.locator("h1").inner_text() == name
    assert page.locator("svg.rating-chart").count() == 1
    assert "expected to win" in page.locator(".history").inner_text()
    check_axe(page)

    page.get_by_role("link", name="Ladder").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    assert page.locator("table.ladder tbody tr").count() >= 8
    assert page.get_by_role("link", name=name, exact=True).count() == 1
    check_axe(page)

    page.get_by_role("link", name="Spring walk").click()
    page.wait_for_url(re.compile(r"/seasons/\d+$"))
    assert page.locator("h1").inner_text() == "Spring walk"
    assert "points:" in page.locator(".standings").inner_text()
    check_axe(page)

    page.get_by_role("link", name=name, exact=True).first.click()
    page.wait_for_url(re.compile(r"/people/\d+$"))
    assert page.locator("h1").inner_text() == name


def test_the_public_page_links_each_seat_to_the_players_page(page, live_server, memory_club):
    evs, _ = memory_club
    page.goto(f"{live_server}/p/{evs[0].public_token}")
    seat = page.locator(".t-seats a").first
    name = seat.inner_text()
    seat.click()
    page.wait_for_url(re.compile(r"/who/"))
    assert page.locator("h1").inner_text() == name
    page.goto(f"{live_server}/p/{evs[0].public_token}")
    page.get_by_role("link", name="The club's ladder").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    check_axe(page)


def test_the_kitchen_tables_stats_from_the_home_page(page, live_server):
    page.goto(live_server + "/")
    page.get_by_role("link", name="stats").click()
    page.wait_for_url(re.compile(r"/stats$"))
    assert "this browser's own" in page.locator("main").inner_text()
    check_axe(page)
