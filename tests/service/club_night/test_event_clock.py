"""A round's clock through the service: it starts when the round is seated, the director
pauses, resumes, extends and restarts it, every action names its round and is refused once
the round has moved on, and the round length is the event's, changed from the console."""

from __future__ import annotations

import time

import pytest

from scorekeeper.service import EventMoved, EventNotFound, EventRefused, club_night, table_place
from scorekeeper.service.club_night import clock as club_night_clock
from tests.service.club_night.clubs import event_with, finish_round


def current(db, event):
    return club_night.overview(db, event).current


def test_a_round_seated_with_a_round_length_starts_its_clock(db):
    event = event_with(db, round_minutes=45)
    before = time.time()
    rnd = club_night.seat_next_round(db, event)
    assert rnd.clock is not None and not rnd.clock.paused
    assert 45 * 60 - 2 <= rnd.clock_left(before) <= 45 * 60 + 1


def test_without_a_round_length_there_is_no_clock_until_one_is_set(db):
    event = event_with(db)
    rnd = club_night.seat_next_round(db, event)
    assert rnd.clock is None and rnd.clock_left(time.time()) is None
    with pytest.raises(EventRefused, match="minutes a round first"):
        club_night_clock.round_clock(db, event.director_token, 1, "restart")
    club_night_clock.set_round_minutes(db, event.director_token, 30)
    club_night_clock.round_clock(db, event.director_token, 1, "restart", now=1000.0)
    assert current(db, event).clock_left(1000.0) == 1800


def test_pause_resume_extend_restart(db):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    token = event.director_token
    club_night_clock.round_clock(db, token, 1, "restart", now=1000.0)
    said = club_night_clock.round_clock(db, token, 1, "pause", now=1100.0)
    assert "paused with 8:20 left" in said  # as the clock shows it
    assert current(db, event).clock_left(99_999.0) == 500  # paused: stands still
    club_night_clock.round_clock(db, token, 1, "extend", 5, now=1200.0)
    assert current(db, event).clock_left(99_999.0) == 800
    club_night_clock.round_clock(db, token, 1, "resume", now=2000.0)
    assert current(db, event).clock_left(2100.0) == 700
    club_night_clock.round_clock(db, token, 1, "restart", now=3000.0)
    assert current(db, event).clock_left(3000.0) == 600


def test_every_clock_action_moves_the_version_the_pages_poll(db):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    before = club_night.public_version(db, event.public_token)
    club_night_clock.round_clock(db, event.director_token, 1, "pause")
    assert club_night.public_version(db, event.public_token) != before


@pytest.mark.parametrize("number", [0, 2, 99, 10**30])
def test_a_clock_action_for_another_round_is_refused(db, number):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    with pytest.raises(EventRefused):
        club_night_clock.round_clock(db, event.director_token, number, "pause")
    assert not current(db, event).clock.paused


def test_a_clock_action_read_before_the_round_moved_on_is_refused(db):
    """A console left open on round 1: its "Extend" after round 2 is seated extends nothing."""
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.seat_next_round(db, event)
    clock = current(db, event).clock
    with pytest.raises(EventRefused, match="Round 1 is over"):
        club_night_clock.round_clock(db, event.director_token, 1, "extend", 5)
    assert current(db, event).clock == clock


def test_a_closed_round_shows_no_clock_and_time_called_neither(db):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    club_night.call_time(db, event, 1)
    assert current(db, event).clock_left(time.time()) is None
    finish_round(db, event)
    assert current(db, event).clock_left(time.time()) is None


@pytest.mark.parametrize(
    "action, minutes", [("explode", None), ("extend", None), ("extend", 0), ("extend", 121)]
)
def test_a_clock_action_out_of_range_is_refused(db, action, minutes):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    with pytest.raises(EventRefused):
        club_night_clock.round_clock(db, event.director_token, 1, action, minutes)


@pytest.mark.parametrize("minutes", [0, 601, -5])
def test_the_round_length_has_a_range(db, minutes):
    event = event_with(db, round_minutes=10)
    with pytest.raises(EventRefused, match="from 1 to 600"):
        club_night_clock.set_round_minutes(db, event.director_token, minutes)


def test_the_round_length_applies_to_rounds_seated_after_it(db):
    event = event_with(db)
    club_night_clock.set_round_minutes(db, event.director_token, 20)
    now = time.time()
    rnd = club_night.seat_next_round(db, event)
    assert 20 * 60 - 2 <= rnd.clock_left(now) <= 20 * 60 + 1
    club_night_clock.set_round_minutes(db, event.director_token, None)
    assert club_night.open_director(db, event.director_token).round_minutes is None


def test_a_tables_place_carries_its_rounds_clock(db):
    event = event_with(db, round_minutes=10)
    rnd = club_night.seat_next_round(db, event)
    club_night_clock.round_clock(db, event.director_token, 1, "restart", now=1000.0)
    place = table_place.table_of_game(db, rnd.tables[0].game_id, now=1060.0)
    assert place.clock_left == 540 and not place.clock_paused and place.round_minutes == 10


class Typed:
    """A console form as the web reads it: the version read at, its errors by field, what it
    read, and its one-time id (none here: the web's tests send the same form twice)."""

    def __init__(self, read, errors=None, version=None):
        self.errors = dict(errors or {})
        self._read = read
        self.version = version
        self.submission = None

    def at(self, db, event):
        """This form as read from the console now."""
        self.version = club_night.open_director(db, event.director_token).version
        return self

    def read(self):
        return self._read


def test_the_clock_form_is_one_use_case_a_form_that_did_not_read_changes_nothing(db):
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    token = event.director_token
    before = club_night.public_version(db, event.public_token)
    bad = Typed(("pause", None), {"action": "Choose pause, resume, extend or restart."})
    assert club_night_clock.submit_clock(db, token, 1, bad) is None
    assert club_night.public_version(db, event.public_token) == before
    assert not current(db, event).clock.paused
    said = club_night_clock.submit_clock(
        db, token, 1, Typed(("pause", None)).at(db, event), now=time.time()
    )
    assert "paused" in said and current(db, event).clock.paused
    for form in (bad, Typed(("pause", None))):  # an unknown link, whatever was sent
        with pytest.raises(EventNotFound):
            club_night_clock.submit_clock(db, "no-such-link", 1, form)


def test_the_round_length_form_is_one_use_case_a_form_that_did_not_read_changes_nothing(db):
    event = event_with(db, round_minutes=10)
    token = event.director_token
    bad = Typed(None, {"round_minutes": "Minutes a round: 1 to 600, or empty for no clock."})
    assert club_night_clock.submit_round_minutes(db, token, bad) is None
    assert club_night.open_director(db, token).round_minutes == 10
    assert "30 minutes" in club_night_clock.submit_round_minutes(db, token, Typed(30).at(db, event))
    assert club_night.open_director(db, token).round_minutes == 30
    assert "no clock" in club_night_clock.submit_round_minutes(db, token, Typed(None).at(db, event))
    assert club_night.open_director(db, token).round_minutes is None
    with pytest.raises(EventNotFound):
        club_night_clock.submit_round_minutes(db, "no-such-link", bad)


@pytest.mark.parametrize(
    "typed", [Typed(("pause", None)), Typed(("extend", 5)), Typed(("restart", None))]
)
def test_a_clock_button_read_before_the_event_moved_on_does_nothing(db, typed):
    """docs/events.md: "Every console form ... carries `version`": a button read before a
    change (here the clock's own pause from another tab) changes nothing."""
    event = event_with(db, round_minutes=10)
    club_night.seat_next_round(db, event)
    typed.at(db, event)
    club_night_clock.round_clock(db, event.director_token, 1, "extend", 3)  # another tab
    clock = current(db, event).clock
    with pytest.raises(EventMoved, match="Nothing was done"):
        club_night_clock.submit_clock(db, event.director_token, 1, typed)
    assert current(db, event).clock == clock


def test_the_round_length_read_before_the_event_moved_on_does_nothing(db):
    event = event_with(db, round_minutes=10)
    typed = Typed(30).at(db, event)
    club_night.seat_next_round(db, event)
    with pytest.raises(EventMoved, match="Nothing was done"):
        club_night_clock.submit_round_minutes(db, event.director_token, typed)
    assert club_night.open_director(db, event.director_token).round_minutes == 10


@pytest.mark.parametrize("minutes", [30, None])
def test_the_clock_a_phone_polls_says_when_time_is_called(db, minutes):
    """With a clock or without, a table's open phone hears the call of time from its poll."""
    event = event_with(db, 4, round_minutes=minutes)
    club_night.seat_next_round(db, event)
    assert not club_night.clock_now(db, event.public_token).called
    club_night.call_time(db, event, 1)
    now = club_night.clock_now(db, event.public_token)
    assert now.called and now.left is None and now.round == 1
