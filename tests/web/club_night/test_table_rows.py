"""A round's table rows, each rendered once for what it shows (web/club_night/table_rows.py,
issue 32: a 1,000-table console's live part drew every row again at each saved hand): a new
version draws only the rows that changed, every row shows its table as it now is, and the rows
that carry a form (the director's fixing, before the round's first hand) are drawn anew each
time, their one-time ids never repeated."""

from __future__ import annotations

import re

import pytest

from scorekeeper.service import club_night
from scorekeeper.web.club_night import table_rows
from tests.service.club_night.clubs import event_with, play


class Watched:
    """The rows' cache, with every key it missed noted."""

    def __init__(self, kept):
        self.kept, self.missed = kept, []

    def get(self, key):
        found = self.kept.get(key)
        if found is None:
            self.missed.append(key)
        return found

    def put(self, key, value):
        self.kept.put(key, value)


@pytest.fixture
def started(db):
    """Four tables, each with a hand in: the round has started, no row has a form."""
    event = event_with(db, 8, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    for t in rnd.tables:
        play(db, t, 7)
    return event, rnd


def row_of(html: str, number: int) -> str:
    """Table ``number``'s row of round 1, as the page has it."""
    found = re.search(rf'<li class="table-row[^"]*" id="r1t{number}">.*?\n</li>', html, re.S)
    assert found, f"no row for table {number}"
    return found.group(0)


@pytest.mark.parametrize("page", ["/e/{director}/live", "/e/{director}", "/p/{public}"])
def test_a_saved_hand_draws_again_only_its_tables_row(client, db, started, monkeypatch, page):
    event, rnd = started
    url = page.format(director=event.director_token, public=event.public_token)
    client.get(url)  # every row drawn and kept
    watched = Watched(table_rows._rows)
    monkeypatch.setattr(table_rows, "_rows", watched)
    assert client.get(url).status_code == 200
    assert watched.missed == []  # nothing changed: every row was kept
    play(db, rnd.tables[1], 6)
    html = client.get(url).get_data(as_text=True)
    assert len(watched.missed) == 1  # table 2's row, and no other
    assert "2 hands played" in row_of(html, 2)
    assert all("1 hand played" in row_of(html, n) for n in (1, 3, 4))


CHANGES = {
    "a hand": lambda db, event, rnd: play(db, rnd.tables[2], 4),
    "a paper result": lambda db, event, rnd: club_night.enter_paper(
        db, event, 1, 3, [310, 120], [2, 0]
    ),
}
SHOWN = {"a hand": ["2 hands played"], "a paper result": ["result on paper", "310", "120"]}


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("page", ["/e/{director}/live", "/p/{public}"])
def test_every_row_shows_its_table_as_it_now_is(client, db, started, change, page):
    event, rnd = started
    url = page.format(director=event.director_token, public=event.public_token)
    before = client.get(url).get_data(as_text=True)
    CHANGES[change](db, event, rnd)
    after = client.get(url).get_data(as_text=True)
    assert row_of(after, 3) != row_of(before, 3)
    for shown in SHOWN[change]:
        assert shown in row_of(after, 3)
    for n in (1, 2, 4):
        assert row_of(after, n) == row_of(before, n)


def test_rows_with_the_directors_fixing_form_are_drawn_each_time(client, db):
    """Before the round's first hand each row of the console holds a form: its one-time id is
    new on every page (a kept one would make a second fix look like a double tap) and its
    version the event's own."""
    event = event_with(db, 8)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    ids = []
    for _ in range(2):
        html = client.get(url).get_data(as_text=True)
        row = row_of(html, 1)
        assert 'class="t-fix"' in row
        ids.append(re.search(r'name="submission" value="([\w-]+)"', row).group(1))
    assert ids[0] != ids[1]
    club_night.register(db, event, ["Late", "Comer"])  # the event's version moves
    version = club_night.console_view(db, event.director_token, None, known=False).event.version
    assert f'name="version" value="{version}"' in row_of(client.get(url).get_data(as_text=True), 1)
