"""The public page of a big event (issue 25): what a player needs first (the round and its
clock, finding one's table, that table's score, the top of the standings) and the rest on pages
of their own; a page that grows with what one phone shows, not with the event. A club night's
page still shows everything."""

from __future__ import annotations

import gzip
import re

import pytest

from scorekeeper.service import club_night
from scorekeeper.web.club_night import public_page
from tests.service.club_night.clubs import event_with, finish, play


@pytest.fixture
def small_pages(monkeypatch):
    """Pages small enough for an 8-table round to be 'big'."""
    monkeypatch.setattr(public_page, "TABLES_ON_PAGE", 4)
    monkeypatch.setattr(public_page, "TABLES_A_PAGE", 3)
    monkeypatch.setattr(public_page, "STANDINGS_ON_PAGE", 6)
    monkeypatch.setattr(public_page, "STANDINGS_TOP", 3)
    monkeypatch.setattr(public_page, "STANDINGS_A_PAGE", 5)


def text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def tables_on(page: str) -> list[str]:
    return re.findall(r'<li class="table-row[^"]*" id="r\d+t(\d+)"', page)


def test_a_club_night_shows_every_table_and_the_whole_standings(client, db):
    event = event_with(db, 8)
    rnd = club_night.seat_next_round(db, event)
    finish(db, rnd.tables[0])
    page = text(client, f"/p/{event.public_token}")
    assert tables_on(page) == ["1", "2", "3", "4"]
    assert page.count('<li class="standing') == 8
    assert "Find your table" not in page and "The whole standings" not in page


def test_a_big_round_shows_finding_your_table_and_links_its_pages(client, db, small_pages):
    event = event_with(db, 16)
    rnd = club_night.seat_next_round(db, event)
    for t in rnd.tables:
        finish(db, t)
    url = f"/p/{event.public_token}"
    page = text(client, url)
    assert tables_on(page) == []  # on pages of their own
    assert "8 tables" in page and "Find your table" in page
    assert f'href="{url}/tables?page=3"' in page
    assert page.count('<li class="standing') == 3  # the top
    assert "the top 3 of 16" in page and f'href="{url}/standings"' in page
    second = text(client, f"{url}/tables?page=2")
    assert tables_on(second) == ["4", "5", "6"] and "tables 4&ndash;6 of 8" in second
    assert 'aria-current="page">2<' in second
    assert tables_on(text(client, f"{url}/tables?page=99")) == ["7", "8"]  # the last
    assert tables_on(text(client, f"{url}/tables?page=x")) == ["1", "2", "3"]
    standings = text(client, f"{url}/standings?page=2")
    assert standings.count('<li class="standing') == 5 and "6&ndash;10 of 16" in standings
    places = re.findall(r'<span class="place">([^<]+)</span>', standings)
    assert places == [
        s.place_label for s in club_night.event_page(db, event.public_token).view.standings[5:10]
    ]


def test_find_your_table_by_a_name_or_a_number(client, db, small_pages):
    event = event_with(db, 16)
    rnd = club_night.seat_next_round(db, event)
    table = rnd.tables[5]
    view = club_night.event_page(db, event.public_token).view
    seated = view.current.table(table.number)
    name = seated.seats[0][1]
    url = f"/p/{event.public_token}"
    found = client.get(f"{url}/find", query_string={"name": f"  {name.upper()} "})
    assert found.status_code == 303
    assert found.headers["Location"].endswith(f"{url}?table={table.number}#your-table")
    page = text(client, f"{url}?table={table.number}")
    mine = page.split('id="your-table"')[1].split("</div>")[0]
    assert tables_on(mine) == [str(table.number)] and name in mine
    by_number = client.get(f"{url}/find", query_string={"name": "7"})
    assert by_number.headers["Location"].endswith(f"{url}?table=7#your-table")
    nobody = text(client, f"{url}/find?name=Nobody+Here")
    assert "No table of round 1 has &ldquo;Nobody Here&rdquo;" in nobody
    several = text(client, f"{url}/find?name=a")  # many names hold an "a"
    assert len(re.findall(r"\?table=\d+#your-table", several)) >= 2
    assert "Your table" not in text(client, f"{url}?table=99")  # no such table: none on top


@pytest.mark.parametrize(
    "typed, name",
    [("elodie", "Élodie"), ("ELODIE", "Élodie"), ("Élodie", "Élodie"), ("lukasz", "Łukasz"),
     ("nguyen tran", "Nguyễn Trần")],
)  # fmt: skip
def test_find_your_table_without_the_accents_a_phone_keyboard_lacks(client, db, typed, name):
    event = event_with(db, 5)  # and three more: eight teams, no bye
    club_night.register(db, event, ["Élodie", "Émile"])
    club_night.register(db, event, ["Łukasz", "Ola"])
    club_night.register(db, event, ["Nguyễn Trần", "Zoë"])
    rnd = club_night.seat_next_round(db, event)
    url = f"/p/{event.public_token}"
    found = client.get(f"{url}/find", query_string={"name": typed})
    assert found.status_code == 303, typed
    number = int(found.headers["Location"].split("table=")[1].split("#")[0])
    assert name in {person for _, person in rnd.table(number).seats}


def test_the_page_a_phone_loads_grows_with_the_room_not_the_event(client, db, small_pages):
    sizes = []
    for teams in (16, 48):
        event = event_with(db, teams)
        rnd = club_night.seat_next_round(db, event)
        play(db, rnd.tables[0], 7)
        sizes.append(len(client.get(f"/p/{event.public_token}").data))
    assert sizes[1] < sizes[0] * 1.25  # 24 tables against 8: a few more page links, no more


def test_a_bye_a_name_typed_and_the_pages_are_escaped(client, db, small_pages):
    event = event_with(db, 15)
    club_night.register(db, event, ["<b>Ann</b>", "Cy & <i>Co</i>"])
    club_night.seat_next_round(db, event)
    url = f"/p/{event.public_token}"
    page = text(client, f"{url}/find?name=%3Cscript%3E")
    assert "<script>" not in page and "&lt;script&gt;" in page
    found = client.get(f"{url}/find?name=%3Cb%3EAnn")
    assert found.status_code == 303
    assert "<b>Ann</b>" not in text(client, found.headers["Location"].split("#")[0])


def test_the_pages_of_a_big_event_are_kept_and_compressed(client, db, small_pages):
    event = event_with(db, 16)
    club_night.seat_next_round(db, event)
    for path in ("", "/tables?page=2", "/standings?page=2", "?table=3"):
        url = f"/p/{event.public_token}{path}"
        first = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert first.headers["Content-Encoding"] == "gzip" and gzip.decompress(first.data)
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, url
