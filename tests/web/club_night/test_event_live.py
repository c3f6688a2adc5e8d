"""The club night as it runs (issue 15): the console's live parts and what its poll costs, the
round clock through the console's forms and on every page, the table's phone saying how its
game ends, the standings' tie-breaker column and "no results yet", and the projector's podium
after the last round."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from scorekeeper import service
from scorekeeper.service import club_night
from scorekeeper.service.club_night import clock as club_night_clock
from scorekeeper.web.club_night import projector
from tests.service.club_night.clubs import event_with, finish, finish_round, play
from tests.test_pdf import pdf_text
from tests.web.club_night.test_projector import statements


def console(client, event) -> str:
    return client.get(f"/e/{event.director_token}").get_data(as_text=True)


def version(db, event) -> str:
    """The event's version now, as a console form read now carries it."""
    return str(club_night.open_director(db, event.director_token).version)


# --- the live console ------------------------------------------------------------------------


def test_the_console_polls_the_version_and_marks_its_live_parts(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    page = console(client, event)
    version = club_night.public_version(db, event.public_token)
    assert f'data-version="{version}"' in page
    assert f'data-version-url="/p/{event.public_token}/version.json"' in page
    assert f'data-live-url="/e/{event.director_token}/live"' in page
    for part in ("round", "standings"):
        assert re.search(rf'id="{part}"[^>]*data-live', page), part
    assert re.search(r'id="entrants"[^>]*>', page) and not re.search(
        r'id="entrants"[^>]*data-live', page
    )  # the registration form is never replaced
    assert '<script src="/static/console.js" defer>' in page
    assert ">Refresh</a>" in page  # without JavaScript


def test_the_live_part_shows_a_saved_hand_and_keeps_the_directors_messages(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    seen = str(club_night.open_director(db, event.director_token).version)
    client.post(url + "/entrants", data={"name-0": "Late", "name-1": "Comer", "version": seen})
    play(db, rnd.tables[0], 7)
    live = client.get(url + "/live")
    assert live.status_code == 200 and live.headers["Cache-Control"] == "no-store"
    text = live.get_data(as_text=True)
    assert "1 hand played" in text and "Registered Late" not in text
    assert club_night.public_version(db, event.public_token) in text
    assert "Registered Late &amp; Comer" in console(client, event)  # still there for the page


def test_a_console_poll_while_nothing_changed_is_one_query(app, client, db):
    event = event_with(db, 8)
    club_night.seat_next_round(db, event)
    client.get(f"/e/{event.director_token}/live")
    with statements(app) as seen:
        response = client.get(f"/p/{event.public_token}/version.json")
    assert len(seen) == 1 and len(response.data) < 64


def test_the_live_part_of_an_unchanged_event_scores_nothing_again(app, client, db):
    event = event_with(db, 8)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    client.get(f"/e/{event.director_token}/live")
    with statements(app) as seen:
        client.get(f"/e/{event.director_token}/live")
    assert not any("from games where id in" in s for s in seen), seen
    assert len(seen) <= 3, seen  # the event, its version, the view's version


# --- the round clock -------------------------------------------------------------------------


def test_the_live_part_asks_whether_the_round_started_once_not_once_a_table(
    client, db, monkeypatch
):
    """Whether the round started looks at every table: asked once a table, a 1,000-table
    console's live part cost three times its CPU (0.33 s instead of 0.11, issue 32)."""
    from scorekeeper.service.club_night.views import RoundView

    event = event_with(db, 40)  # 20 tables
    club_night.seat_next_round(db, event)
    asked = []
    started = RoundView.started

    def counted(rnd: RoundView) -> bool:
        asked.append(1)
        return bool(started.fget(rnd))

    monkeypatch.setattr(RoundView, "started", property(counted))
    page = client.get(f"/e/{event.director_token}/live").get_data(as_text=True)
    assert page.count('class="table-row') == 20 and "&amp; fixing" in page
    assert 0 < len(asked) < 10


def test_the_console_shows_the_time_left_as_text_and_its_buttons_name_the_round(client, db):
    event = event_with(db, 4, round_minutes=45)
    club_night.seat_next_round(db, event)
    page = console(client, event)
    left = int(re.search(r'data-clock-left="(\d+)"', page).group(1))
    assert 45 * 60 - 5 <= left <= 45 * 60
    assert re.search(r'class="clock-time">4[45]:\d\d<', page)
    assert f'action="/e/{event.director_token}/rounds/1/clock"' in page
    for button in ("Pause", "Extend", "Restart the clock: 45 min"):
        assert button in page
    assert re.search(r'class="clock-prompt" data-clock-up hidden', page)  # not at zero yet


def test_at_zero_the_console_prompts_to_call_time(client, db):
    event = event_with(db, 4, round_minutes=1)
    club_night.seat_next_round(db, event)
    club_night_clock.round_clock(db, event.director_token, 1, "restart", now=0.0)  # long past
    page = console(client, event)
    assert 'data-clock-left="0"' in page and "Time is up for round 1" in page
    assert not re.search(r'class="clock-prompt" data-clock-up hidden', page)


def test_the_clock_buttons_through_the_console(client, db):
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}/rounds/1/clock"
    data = {"action": "pause", "version": version(db, event)}
    response = client.post(url, data=data, follow_redirects=True)
    assert "paused with 10:00 left" in response.get_data(as_text=True)
    assert club_night.overview(db, event).current.clock.paused
    data = {"action": "extend", "minutes": "5", "version": version(db, event)}
    response = client.post(url, data=data, follow_redirects=True)
    assert "5 more minutes" in response.get_data(as_text=True)
    assert club_night.overview(db, event).current.clock.left == 900
    page = console(client, event)
    assert 'data-clock-paused="1"' in page and ">Resume<" in page


@pytest.mark.parametrize("minutes", ["\u2461", "\u0663", "0", "121", "5.5", "", "9" * 40])
def test_an_extension_out_of_range_is_refused_and_changes_nothing(client, db, minutes):
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    clock = club_night.overview(db, event).current.clock
    response = client.post(
        f"/e/{event.director_token}/rounds/1/clock",
        data={"action": "extend", "minutes": minutes, "version": version(db, event)},
        follow_redirects=True,
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert club_night.overview(db, event).current.clock == clock
    # said next to the box, not at the top of the round, with what was typed still in it
    said = page[page.index('id="round-said"') : page.index("</div>", page.index('id="round-said"'))]
    assert "Extend by" not in said
    box = page[page.index('id="extend-minutes"') :]
    assert box.startswith(f'id="extend-minutes" name="minutes" value="{escape(minutes[:20])}"')
    assert 'aria-invalid="true"' in box[: box.index(">")]
    error = re.search(
        r'<p class="error clock-error" id="extend-minutes-error" role="alert">([^<]*)</p>', page
    )
    assert error.group(1) == "Extend by 1 to 120 minutes."


def test_an_old_consoles_clock_button_is_refused_once_the_round_moved_on(client, db):
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.seat_next_round(db, event)
    response = client.post(
        f"/e/{event.director_token}/rounds/1/clock",
        data={"action": "pause", "version": version(db, event)},
        follow_redirects=True,
    )
    assert "Round 1 is over" in response.get_data(as_text=True)
    assert not club_night.overview(db, event).current.clock.paused


@pytest.mark.parametrize(
    "typed, stored, words",
    [
        ("30", 30, "Rounds are 30 minutes from now on"),
        ("", None, "Rounds have no clock from now on"),
        ("\u2460", 10, "Minutes a round: 1 to 600, or empty for no clock."),
        ("601", 10, "Minutes a round: 1 to 600"),
    ],
)
def test_the_round_length_is_changed_from_the_console(client, db, typed, stored, words):
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    response = client.post(
        f"/e/{event.director_token}/round-minutes",
        data={"round_minutes": typed, "version": version(db, event)},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert words in page
    assert club_night.open_director(db, event.director_token).round_minutes == stored
    if stored == 10:  # refused: by its field, in the length's box left open, as typed
        assert response.status_code == 422
        held = '<details class="clock-length" id="round-length" data-hold open data-refused>'
        assert held in page  # kept while the console updates (static/console.js)
        error = re.search(
            r'<p class="error" id="round_minutes-error" role="alert">([^<]*)</p>', page
        )
        assert words in error.group(1)
        box = page[page.index('id="round_minutes" name="round_minutes"') :]
        assert f'value="{escape(typed)}"' in box[: box.index(">")]
        assert 'aria-invalid="true"' in box[: box.index(">")]


def test_every_clock_form_on_the_console_carries_the_events_version(client, db):
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    page = console(client, event)
    start = page.index('class="clock-box"')
    box = page[start : page.index("</details>", start)]
    forms = re.findall(r"<form .*?</form>", box, re.S)
    assert len(forms) == 4  # pause, extend, restart, minutes a round
    for form in forms:
        assert f'name="version" value="{version(db, event)}"' in form, form


@pytest.mark.parametrize(
    "address, data",
    [
        ("rounds/1/clock", {"action": "pause"}),
        ("rounds/1/clock", {"action": "extend", "minutes": "5"}),
        ("rounds/1/clock", {"action": "restart"}),
        ("round-minutes", {"round_minutes": "30"}),
    ],
)
def test_a_clock_form_read_before_the_event_moved_on_does_nothing(client, db, address, data):
    """docs/events.md: every console form carries the version it was read at; one read before
    a change (here the clock extended from another tab) does nothing and says so."""
    event = event_with(db, 4, round_minutes=10)
    club_night.seat_next_round(db, event)
    old = version(db, event)
    club_night_clock.round_clock(db, event.director_token, 1, "extend", 3)
    clock = club_night.overview(db, event).current.clock
    response = client.post(
        f"/e/{event.director_token}/{address}", data={**data, "version": old}, follow_redirects=True
    )
    assert "Nothing was done: the event changed" in response.get_data(as_text=True)
    assert club_night.overview(db, event).current.clock == clock
    assert club_night.open_director(db, event.director_token).round_minutes == 10
    for sent in ({**data}, {**data, "version": "x"}):  # no version at all: never acts either
        client.post(f"/e/{event.director_token}/{address}", data=sent)
        assert club_night.overview(db, event).current.clock == clock


def test_a_tables_phone_polls_its_rounds_clock(app, client, db):
    event = event_with(db, 4, round_minutes=10)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(f"/g/{rnd.tables[0].edit_token}").get_data(as_text=True)
    url = f"/p/{event.public_token}/clock.json"
    assert f'data-clock-url="{url}" data-clock-round="1"' in page
    with statements(app) as seen:
        now = client.get(url)
    assert len(seen) == 1 and now.headers["Cache-Control"] == "no-store"
    assert now.get_json()["round"] == 1 and 590 <= now.get_json()["left"] <= 600
    club_night_clock.round_clock(db, event.director_token, 1, "pause")
    assert client.get(url).get_json()["paused"] is True
    club_night.call_time(db, event, 1)
    called = {"round": 1, "left": None, "paused": False, "called": True}
    assert client.get(url).get_json() == called
    assert client.get("/p/no-such-link/clock.json").status_code == 404


def test_the_projector_and_the_public_page_show_the_clock(client, db):
    event = event_with(db, 4, round_minutes=20)
    club_night.seat_next_round(db, event)
    for url in (f"/p/{event.public_token}", f"/p/{event.public_token}/screen"):
        page = client.get(url).get_data(as_text=True)
        assert re.search(r'data-clock-left="(1200|119\d)"', page), url
        assert "Time left" in page and '<script src="/static/clock.js" defer>' in page


# --- the table's phone -----------------------------------------------------------------------


def test_the_tables_phone_says_how_its_game_ends_and_the_time_left(client, db):
    event = event_with(db, 4, round_minutes=30, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(f"/g/{rnd.tables[0].edit_token}").get_data(as_text=True)
    assert "Game to 500 or 4 hands, or when time is called." in page
    assert re.search(r'data-clock-left="1[78]\d\d"', page)
    assert '<script src="/static/clock.js" defer>' in page
    finish(db, rnd.tables[0], took=7)
    page = client.get(f"/g/{rnd.tables[0].edit_token}").get_data(as_text=True)
    assert "the last of 4 hands was played" in page


@pytest.mark.parametrize("minutes", [30, None])
def test_time_called_keeps_the_nights_hands_and_ends_the_game_as_time_called(client, db, minutes):
    """Issue 23: call time on a night of 4 hands with 2 played said "Game to 500 or 3 hands"
    and, after the third, "the last of 3 hands was played"."""
    event = event_with(db, 4, round_minutes=minutes, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    table, other = rnd.tables[0], rnd.tables[1]
    finish(db, other)  # played its 4 hands before time was called: the night's own words
    play(db, table, 7, 7)
    club_night.call_time(db, event, 1)
    page = client.get(f"/g/{table.edit_token}").get_data(as_text=True)
    assert "Game to 500 or 4 hands; time is called." in page
    assert "3 hands" not in page
    play(db, table, 7)
    page = client.get(f"/g/{table.edit_token}").get_data(as_text=True)
    assert "&mdash; time was called." in page and "last of 3 hands" not in page
    assert "the last of 4 hands was played" in client.get(f"/g/{other.edit_token}").get_data(
        as_text=True
    )


def test_time_called_reads_the_same_on_the_read_only_sheet_and_both_pdfs(client, db):
    """Issue 23: only the table's phone knew its club table; the read-only sheet (/v/...) and
    the printed sheet of a capped table still said "the last of 3 hands was played" and "3
    hands". Every place that shows the game says it from TablePlace.time_called."""
    event = event_with(db, 4, round_minutes=30, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    table, other = rnd.tables[0], rnd.tables[1]
    finish(db, other)
    play(db, table, 7, 7)
    club_night.call_time(db, event, 1)
    shown = service.kitchen.show_shared(db, table.view_token)
    assert (shown.time_called, shown.round_hands) == (True, 4)
    view = client.get(f"/v/{table.view_token}").get_data(as_text=True)
    assert "Time is called: the table finishes the hand in play" in view
    assert "500, 4 hands" in view and "3 hands" not in view
    play(db, table, 7)
    view = client.get(f"/v/{table.view_token}").get_data(as_text=True)
    assert ": time was called." in view and "last of 3 hands" not in view
    assert "500, 4 hands" in view and "Time is called" not in view
    for address in (f"/g/{table.edit_token}/sheet.pdf", f"/v/{table.view_token}/sheet.pdf"):
        text = " ".join(pdf_text(client.get(address).data).split())
        assert ", time was called (" in text and "last of 3 hands" not in text, address
        assert "500, 4 hands" in text and "3 hands" not in text, address
    played_out = " ".join(pdf_text(client.get(f"/v/{other.view_token}/sheet.pdf").data).split())
    assert "the last of 4 hands was played" in played_out and "time was called" not in played_out
    assert "the last of 4 hands was played" in client.get(f"/v/{other.view_token}").get_data(
        as_text=True
    )


def test_a_table_without_a_clock_says_only_its_rules_end(client, db):
    event = event_with(db, 4, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(f"/g/{rnd.tables[0].edit_token}").get_data(as_text=True)
    assert "Game to 500 or 4 hands." in page and "data-clock-left" not in page
    # no clock to show, but the page asks all the same, to hear that time is called
    url = f"/p/{event.public_token}/clock.json"
    assert f'<span hidden data-clock-url="{url}" data-clock-round="1"></span>' in page
    assert '<script src="/static/clock.js" defer>' in page
    club_night.call_time(db, event, 1)
    page = client.get(f"/g/{rnd.tables[0].edit_token}").get_data(as_text=True)
    assert "clock.js" not in page and "data-clock-url" not in page  # nothing more to hear


def test_the_tables_clock_is_drawn_anew_as_time_passes(client, db):
    """The game page is kept per version, but its clock is what the round's clock says now."""
    event = event_with(db, 4, round_minutes=30)
    rnd = club_night.seat_next_round(db, event)
    url = f"/g/{rnd.tables[0].edit_token}"
    assert 'data-clock-paused="1"' not in client.get(url).get_data(as_text=True)
    club_night_clock.round_clock(db, event.director_token, 1, "pause")
    assert 'data-clock-paused="1"' in client.get(url).get_data(as_text=True)


# --- the standings ---------------------------------------------------------------------------


def test_before_any_table_finishes_the_standings_say_no_results_yet(client, db):
    event = event_with(db, 8)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    for page in (console(client, event), client.get(f"/p/{event.public_token}").get_data(True)):
        assert "No results yet" in page and 'class="place">=1<' not in page
    finish(db, rnd.tables[0])
    page = console(client, event)
    assert "No results yet" not in page and 'class="place">1<' in page


@pytest.mark.parametrize(
    "tiebreakers, label",
    [(["point_diff"], "+/\u2212"), (["total_points"], "Points"), (["fewest_bags"], "Bags")],
)
def test_the_standings_show_the_first_tie_breakers_figure_as_a_column(
    client, db, tiebreakers, label
):
    event = event_with(db, 4, tiebreakers=tiebreakers)
    rnd = club_night.seat_next_round(db, event)
    finish(db, rnd.tables[0])
    view = club_night.overview(db, event)
    page = console(client, event)
    assert f">{label}</span></div>" in page
    shown = projector.figure(tiebreakers)
    values = re.findall(r'<span class="s-figure"[^>]*>([^<]*)</span>', page)
    assert values == [shown.value(s) for s in view.standings]


# --- the projector after the last round ------------------------------------------------------


def test_after_the_last_round_the_projector_shows_the_podium_and_no_tables(client, db):
    event = event_with(db, 4, rounds=2)
    for _ in range(2):
        club_night.seat_next_round(db, event)
        finish_round(db, event)
    view = club_night.overview(db, event)
    shown = projector.screens(view)
    assert [s.kind for s in shown] == ["podium", "standings"]
    steps = shown[0].rows
    assert steps[0].place in ("Champion", "=1st") and steps[0].name == view.standings[0].name
    assert [s.top for s in steps] == [
        r.place_label in ("1", "=1") for r in view.standings[: len(steps)]
    ]
    assert [s.name for s in steps] == [s.name for s in view.standings if s.place <= 3 or (
        s.place_label == view.standings[2].place_label)]  # fmt: skip
    page = client.get(f"/p/{event.public_token}/screen").get_data(as_text=True)
    assert 'data-kind="podium"' in page and 'data-kind="tables"' not in page


def test_a_knockouts_podium_is_its_final_and_semi_finals(db):
    event = event_with(db, 4, format="knockout")
    for _ in range(2):
        club_night.seat_next_round(db, event)
        finish_round(db, event)
    view = club_night.overview(db, event)
    steps = projector.podium(view, projector.figure(()))
    assert [s.place for s in steps] == ["Champion", "2nd", "=3rd", "=3rd"]
    assert [s.top for s in steps] == [True, False, False, False]
    assert steps[0].name == view.champion
    assert len({s.name for s in steps}) == 4


def test_no_podium_before_the_end(db):
    event = event_with(db, 4, rounds=2)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    assert projector.podium(club_night.overview(db, event), projector.figure(())) == ()
