"""What the console, the projector and the public page say about the round in play agrees with
itself and with the clock (issue 34, "The table's phone on a club night"): the tables Call time
names before and after, and below; the round's badge while its clock runs; the time a paused
clock has left, said as the clock shows it."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.events import clock_text
from scorekeeper.service import club_night
from scorekeeper.service.club_night import clock as club_night_clock
from tests.service.club_night.clubs import event_with, finish, play
from tests.web.club_night.test_events_web import console_of, post_from


def words(page: str) -> str:
    """The page's text as a person reads it: no tags (the inline ones join their words),
    entities read, white space collapsed."""
    page = re.sub(r"</?(?:a|abbr|b|em|small|span|strong)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_call_time_names_the_same_tables_before_after_and_below(client, db):
    """Table 1 is in its 4th and last hand (its game already ends after the hand in play, so
    calling time leaves its game as it is), table 3 has finished, tables 2 and 4 play on: all
    three still playing finish the hand in play, and every line says so."""
    event = event_with(db, 8, max_hands=4, round_minutes=30)
    rnd = club_night.seat_next_round(db, event)
    one, two, three, four = rnd.tables
    play(db, one, 7, 7, 7)
    play(db, two, 7)
    finish(db, three)
    play(db, four, 6)
    console = f"/e/{event.director_token}"
    asked = words(client.get(f"{console}/rounds/1/time").get_data(as_text=True))
    assert "Still playing: tables 1, 2, 4." in asked
    response = post_from(client, f"{console}/rounds/1/time", f"{console}/rounds/1/time")
    after = words(client.get(console_of(response)).get_data(as_text=True))
    assert "Time called: tables 1, 2, 4 finish the hand in play" in after
    assert "Table 1 was in its last hand already." in after
    assert "Still playing: tables 1, 2, 4." in after


def test_a_second_call_of_time_names_the_tables_still_playing(client, db):
    event = event_with(db, 4, max_hands=4, round_minutes=30)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    play(db, rnd.tables[1], 7)
    console = f"/e/{event.director_token}"
    post_from(client, f"{console}/rounds/1/time", f"{console}/rounds/1/time")
    response = post_from(client, f"{console}/rounds/1/time", f"{console}/rounds/1/time")
    after = words(client.get(console_of(response)).get_data(as_text=True))
    assert "Time called again: tables 1, 2 finish the hand in play" in after
    assert "Still playing: tables 1, 2." in after


@pytest.mark.parametrize(
    "page", ["/e/{director}", "/p/{public}", "/p/{public}/screen", "/p/{public}/tables"]
)
def test_a_round_whose_clock_runs_is_under_way_before_its_first_hand(client, db, page):
    event = event_with(db, 4, max_hands=4, round_minutes=30)
    club_night.seat_next_round(db, event)
    url = page.format(director=event.director_token, public=event.public_token)
    shown = client.get(url).get_data(as_text=True)
    assert "seated, not started" not in shown
    assert re.search(r'class="(pj-)?badge (status-|pj-)playing">\s*playing', shown), url


def test_a_round_without_a_clock_is_not_started_before_its_first_hand(client, db):
    event = event_with(db, 4, max_hands=4)
    club_night.seat_next_round(db, event)
    assert "seated, not started" in client.get(f"/p/{event.public_token}").get_data(as_text=True)


def test_a_paused_clock_says_the_time_left_as_the_clock_shows_it(client, db):
    """The console said "paused with 29 minutes left" beside a clock showing 28:51."""
    event = event_with(db, 4, max_hands=4, round_minutes=30)
    club_night.seat_next_round(db, event)
    token = event.director_token
    club_night_clock.round_clock(db, token, 1, "restart", now=1000.0)
    said = club_night_clock.round_clock(db, token, 1, "pause", now=1069.0)  # 28:51 left
    assert said == "Round 1's clock is paused with 28:51 left."
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert f'class="clock-time">{clock_text(1731)}<' in page
