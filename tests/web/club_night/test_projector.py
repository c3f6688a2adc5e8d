"""The projector page (/p/<public_token>/screen): what it shows, that it only reads, and that
refreshing it costs next to nothing. The cycling and the fit on a 1920x1080 screen are in
tests/browser/club_night/test_projector_browser.py."""

from __future__ import annotations

import html
import re
from contextlib import contextmanager

import pytest

from scorekeeper.service import club_night
from scorekeeper.web.club_night import projector
from scorekeeper.web.db import get_db
from tests.service.club_night.clubs import event_with, finish, finish_round, play


def screen_url(event) -> str:
    return f"/p/{event.public_token}/screen"


@contextmanager
def statements(app):
    """The SQL statements the test client's requests run (they share this thread's kept
    connection)."""
    seen: list[str] = []
    with app.app_context():
        conn = get_db().conn
    conn.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        conn.set_trace_callback(None)


def test_the_projector_shows_the_standings_and_the_round_in_play(client, db):
    event = event_with(db, 10)
    club_night.register(db, event, ["<b>Ann</b>", "Cy & <i>Co</i>"])
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    rnd = club_night.seat_next_round(db, event)
    finish(db, rnd.tables[0])
    play(db, rnd.tables[1], 7)
    view = club_night.overview(db, event)
    page = client.get(screen_url(event)).get_data(as_text=True)

    assert "<h1>Club night</h1>" in page and "Round 2 of 3" in page
    names = re.findall(r'<th scope="row">([^<]*)', page)
    assert [html.unescape(n) for n in names] == [s.name for s in view.standings]
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Cy &amp; &lt;i&gt;Co&lt;/i&gt;" in page
    assert "<b>Ann</b>" not in page and "<i>Co</i>" not in page
    assert page.count('class="pj-table ') == len(view.current.tables) == 5
    assert re.findall(r'<p class="pj-number">.*?<b>(\d+)</b>', page) == ["1", "2", "3", "4", "5"]
    statuses = re.findall(r'<p class="pj-status">([^<]*)</p>', page)
    assert statuses == ["finished", "1 hand played", "not started", "not started", "not started"]
    assert page.count('<span class="pj-mark">won</span>') == 1
    assert page.count('<span class="pj-mark">leads</span>') == 1
    assert "Bye: " in page  # eleven teams: one sits out


def test_the_projector_only_reads_and_keeps_the_links_to_itself(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(screen_url(event)).get_data(as_text=True)
    assert "<form" not in page and "method=" not in page and "<input" not in page
    assert event.director_token not in page
    for t in rnd.tables:
        assert t.edit_token not in page and t.view_token not in page
    assert 'http-equiv="refresh"' not in page.lower()
    assert f'<a href="/p/{event.public_token}/screen">Refresh</a>' in page
    assert client.post(screen_url(event)).status_code == 405


def test_the_public_page_and_the_console_link_to_the_projector(client, db):
    event = event_with(db, 4)
    link = f'href="/p/{event.public_token}/screen"'
    assert link in client.get(f"/p/{event.public_token}").get_data(as_text=True)
    console = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    assert re.search(rf"<a [^>]*{re.escape(link)}[^>]*>Projector / TV screen</a>", console)


@pytest.mark.parametrize("path", ["/p/no-such-link/screen", "/p/{director}/screen"])
def test_a_projector_link_that_is_not_a_public_link_is_404(client, db, path):
    event = event_with(db, 2)
    assert client.get(path.format(director=event.director_token)).status_code == 404


def test_the_version_poll_is_one_small_query(app, client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    with statements(app) as seen:
        response = client.get(f"/p/{event.public_token}/version.json")
    assert len(seen) == 1 and seen[0].startswith("select e.version")
    assert response.get_json().keys() == {"version"}
    assert len(response.data) < 64, response.data
    assert response.headers["Cache-Control"] == "no-store"


def test_a_projector_that_reloads_while_nothing_changed_scores_nothing(app, client, db):
    event = event_with(db, 8)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    client.get(screen_url(event))  # the first look scores the games and keeps the view
    with statements(app) as seen:
        assert client.get(screen_url(event)).status_code == 200
    # the version (twice: polled, and the kept view's check) and the event's own row
    assert len(seen) <= 3, seen
    assert not [s for s in seen if "from games" in s and "data" in s]


@pytest.mark.parametrize(
    "count, per_screen, sizes",
    [
        (0, 24, [0]),
        (1, 24, [1]),
        (24, 24, [24]),
        (25, 24, [13, 12]),
        (32, 24, [16, 16]),
        (49, 24, [17, 17, 15]),
        (8, 8, [8]),
        (10, 8, [5, 5]),
        (16, 8, [8, 8]),
        (17, 6, [6, 6, 5]),
    ],
)
def test_long_lists_are_paged_evenly(count, per_screen, sizes):
    pages = projector._pages(count, per_screen)
    assert [len(p) for p in pages] == sizes
    assert [i for p in pages for i in p] == list(range(count))


def test_standings_screens_say_which_places_they_show(db):
    event = event_with(db, 16, format="progressive")
    for i in range(16, 32):
        club_night.register(db, event, [f"Player{i}"])
    shown = projector.screens(club_night.overview(db, event))
    assert [(s.kind, s.part, [len(c) for c in s.columns]) for s in shown] == [
        ("standings", "1\u201316 of 32", [8, 8]),
        ("standings", "17\u201332 of 32", [8, 8]),
    ]
    club_night.seat_next_round(db, event)
    shown = projector.screens(club_night.overview(db, event))
    # before a table finishes, one screen says "no results yet" (no 32 rows level at "=1")
    assert [(s.kind, s.part, len(s.rows)) for s in shown] == [
        ("standings", "", 0),
        ("tables", "", 8),
    ]


@pytest.mark.parametrize(
    "tiebreakers, label, value",
    [
        (("point_diff", "total_points"), "+/\u2212", "\u221240"),
        (("head_to_head", "total_points"), "Points", "260"),
        (("fewest_bags",), "Bags", "3"),
        (("opponents_wins", "point_diff"), "Opp. wins", "4"),
        (("head_to_head",), "+/\u2212", "\u221240"),
        ((), "+/\u2212", "\u221240"),
    ],
)
def test_the_standings_show_the_first_tie_breaker_that_is_a_figure(tiebreakers, label, value):
    from scorekeeper.events import StandingRow

    row = StandingRow(1, "1", 1, "Ann", True, 2, 1, 1, 0, 260, 300, -40, 3, 4, "")
    chosen = projector.figure(tiebreakers)
    assert (chosen.label, chosen.value(row)) == (label, value)


@pytest.mark.parametrize(
    "text, seconds",
    [(None, 13), ("", 13), ("5", 5), ("1", 3), ("120", 120), ("999", 120), ("x", 13),
     ("-5", 13), ("\u0665", 13), ("1e3", 13)],
)  # fmt: skip
def test_how_long_a_screen_shows_can_be_set_in_the_link(client, db, text, seconds):
    assert projector.seconds(text) == seconds
    event = event_with(db, 2)
    query = {} if text is None else {"seconds": text}
    page = client.get(screen_url(event), query_string=query).get_data(as_text=True)
    assert f'data-seconds="{seconds}"' in page


def _registering(db):
    return event_with(db, 5)


def _time_called(db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    club_night.call_time(db, event, 1)
    return event


def _champion(db):
    event = event_with(db, 4, format="knockout")
    for _ in range(2):
        club_night.seat_next_round(db, event)
        finish_round(db, event)
    return event


@pytest.mark.parametrize(
    "make, words",
    [
        (_registering, ["Registering: round 1 is not seated yet", ">Registered<"]),
        (_time_called, ["time called: finish the hand in play", ">Standings<"]),
        (_champion, ["Round 2 (knockout)", "Champion: <b>Ann0 &amp; Bob0</b>"]),
    ],
)
def test_the_top_of_the_screen_says_where_the_night_stands(client, db, make, words):
    page = client.get(screen_url(make(db))).get_data(as_text=True)
    for w in words:
        assert w in page
