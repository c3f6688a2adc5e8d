"""The director's console forms as a browser sends them: each names what it acts on (the round,
the version of the event it was read at) and an old page is refused with a word, never acted on;
the fixed-table action checks its round like the other round actions."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.service import EventMoved, club_night
from scorekeeper.service.club_night import clock as club_night_clock
from scorekeeper.service.club_night import event_file as club_night_event_file
from scorekeeper.service.kitchen import hands as kitchen_hands
from tests.service.club_night.clubs import event_with, finish, finish_round
from tests.web.club_night.test_events_web import console_of, post_from, read_at


def test_a_stale_seat_round_is_refused_not_seating_the_next_round(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    post_from(client, url, url + "/rounds")
    finish_round(db, event)
    post_from(client, url, url + "/rounds/1/close")
    stale = read_at(client, url)  # an old tab: "Seat round 2"
    assert stale["round"] == "2"
    post_from(client, url, url + "/rounds")  # round 2 seated, played and closed elsewhere
    finish_round(db, event)
    post_from(client, url, url + "/rounds/2/close")
    response = client.post(url + "/rounds", data=stale)
    assert response.status_code == 303
    assert len(club_night.overview(db, event).rounds) == 2  # round 3 was not seated
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert "round 2 is closed" in page


def test_a_double_tap_on_seat_reads_as_done_once_and_seats_one_round(client, db):
    """The second send of the same Seat form (its one-time id) is the same intent: it seats
    nothing and says what the first did, once, with no "Nothing was done"."""
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    post_from(client, url, url + "/rounds")
    finish_round(db, event)  # round 1 played and closed
    form = read_at(client, url)  # "Seat round 2", read once, tapped twice
    assert form["round"] == "2" and form["submission"]
    first = client.post(url + "/rounds", data=form)
    second = client.post(url + "/rounds", data=form)
    assert first.status_code == second.status_code == 303
    assert len(club_night.overview(db, event).rounds) == 2
    page = client.get(second.headers["Location"]).get_data(as_text=True)
    assert page.count("Round 2 is seated: 2 tables.") == 1
    assert "Nothing was done" not in page and "flash-error" not in page
    # Sent again much later (Back to that page after round 2 was played): still done, once.
    finish_round(db, event)
    again = client.post(url + "/rounds", data=form)
    page = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Round 2 is seated: 2 tables." in page and "flash-error" not in page
    assert len(club_night.overview(db, event).rounds) == 2  # round 3 was not seated


def test_a_double_tap_on_close_reads_as_done_once(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    post_from(client, url, url + "/rounds")
    for table in club_night.overview(db, event).current.tables:
        finish(db, table)
    form = read_at(client, url)  # "Close round 1", read once, tapped twice
    assert form["submission"]
    client.post(url + "/rounds/1/close", data=form)
    second = client.post(url + "/rounds/1/close", data=form)
    assert club_night.overview(db, event).current.closed
    page = client.get(second.headers["Location"]).get_data(as_text=True)
    assert page.count("Round 1 is closed.") == 1
    assert "Nothing was done" not in page and "flash-error" not in page
    stale = {**form, "submission": "another-tabs-one-time-id"}  # an old tab's Close
    page = client.get(
        client.post(url + "/rounds/1/close", data=stale).headers["Location"]
    ).get_data(as_text=True)
    assert "Nothing was done" in page


def test_seat_sent_twice_at_once_seats_one_round_in_the_service(db):
    event = event_with(db, 4)
    version = store.events.event_by_id(db, event.id).version
    once = "seat-form-one-time-id-1"
    first = club_night.seat_next_round(db, event.director_token, number=1, seen=version,
                                   submission=once)  # fmt: skip
    again = club_night.seat_next_round(db, event.director_token, number=1, seen=version,
                                   submission=once)  # fmt: skip
    assert first.number == again.number == 1
    assert [t.edit_token for t in first.tables] == [t.edit_token for t in again.tables]
    assert len(club_night.overview(db, event).rounds) == 1
    other = event_with(db, 4)  # another event's form with that id: not done there
    with pytest.raises(EventMoved):
        club_night.seat_next_round(db, other.director_token, number=1, seen=0, submission=once)
    with pytest.raises(EventMoved):  # a stale form (an id never sent) is still refused
        club_night.seat_next_round(db, event.director_token, number=1, seen=version,
                               submission="another-tabs-one-time-id")  # fmt: skip


def test_a_seat_naming_a_round_already_seated_is_refused_even_at_the_same_version(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    post_from(client, url, url + "/rounds")
    finish_round(db, event)
    post_from(client, url, url + "/rounds/1/close")
    fresh = read_at(client, url)
    response = client.post(url + "/rounds", data={**fresh, "round": "1"})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "the page offered to seat round 1, but round 1 is closed" in page
    assert len(club_night.overview(db, event).rounds) == 1


ACTIONS = [
    ("/rounds", {}),
    ("/rounds/1/close", {}),
    ("/rounds/1/time", {}),
    ("/rounds/1/swap", {"first": "1", "second": "2"}),
    ("/rounds/1/repair", {}),
    ("/rounds/1/tables/1/fix", {"entrant": "FIRST"}),
    ("/entrants/1/fix", {"table": "2"}),
    ("/entrants/1/drop", {}),
    ("/entrants/1/reinstate", {}),
    ("/entrants", {"name-0": "Zed", "name-1": "Yul"}),
    ("/rounds/1/tables/1/paper", {"points-0": "300", "points-1": "100"}),
    ("/rounds/1/tables/1/paper/clear", {}),
]


@pytest.mark.parametrize("path, data", ACTIONS)
@pytest.mark.parametrize("version", ["old", "none", "junk"])
def test_every_console_action_read_at_an_old_version_does_nothing(client, db, path, data, version):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    if path.endswith("reinstate") or path.endswith("clear"):  # something to undo
        club_night.set_active(db, event, 1, False)
        club_night.enter_paper(db, event, 1, 1, [300, 100], [0, 0])
    url = f"/e/{event.director_token}"
    seen = read_at(client, url)
    club_night.register(db, event, ["Late", "Comer"])  # the event moves on in another tab
    before = store.events.event_by_id(db, event.id).version
    tables = [
        (t.number, t.entrants, t.edit_token) for t in club_night.overview(db, event).current.tables
    ]
    first = str(rnd.tables[0].entrants[0])
    form = {k: (first if v == "FIRST" else v) for k, v in data.items()}
    form["version"] = {"old": seen["version"], "none": "", "junk": "\u0661"}[version]
    response = client.post(url + path, data=form)
    assert response.status_code in (303, 422), response.status_code
    after = club_night.overview(db, event)
    assert store.events.event_by_id(db, event.id).version == before  # nothing was done
    assert [(t.number, t.entrants, t.edit_token) for t in after.current.tables] == tables
    page = (
        response.get_data(as_text=True)
        if response.status_code == 422
        else client.get(response.headers["Location"]).get_data(as_text=True)
    )
    assert "Nothing was done: the event changed since this page was read" in page


@pytest.mark.parametrize("number", ["0", "2", "99", str(10**30), "\u0661", "\u0662"])
def test_the_fixed_table_action_refuses_a_round_that_is_not_the_current_one(client, db, number):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    entrant = rnd.tables[1].entrants[0]  # sits at table 2 of round 1
    before = [(t.number, t.entrants) for t in rnd.tables]
    response = post_from(
        client, url, f"{url}/rounds/{number}/tables/2/fix", {"entrant": str(entrant)}
    )
    assert response.status_code in (303, 404)
    view = club_night.overview(db, event)
    assert [(t.number, t.entrants) for t in view.current.tables] == before
    assert view.by_id[entrant].fixed_table is None
    if response.status_code == 303:
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        assert "flash-error" in page


def test_the_fixed_table_action_keeps_its_table_in_the_current_round(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    entrant = rnd.tables[1].entrants[0]  # at table 2: fixed at table 2
    response = post_from(client, url, f"{url}/rounds/1/tables/2/fix", {"entrant": str(entrant)})
    assert response.status_code == 303
    assert club_night.overview(db, event).by_id[entrant].fixed_table == 2
    # at table 2, not at table 1: the form named the wrong table
    response = post_from(client, url, f"{url}/rounds/1/tables/1/fix", {"entrant": str(entrant)})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "does not play at table 1 of round 1" in page


# --- the event forms' numbers: ASCII digits, a word by the field --------------------------------


@pytest.mark.parametrize("key", ["rounds", "target_score", "max_hands", "round_minutes", "cut"])
@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "\u0663", "\U0001d7d7", "--5", "9" * 400])
def test_every_number_of_the_new_event_form_is_ascii_digits_said_by_its_field(
    client, db, key, typed
):
    from tests.web.club_night.test_events_web import event_form

    response = client.post("/events/new", data=event_form(**{key: typed}))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    error = re.search(rf'<p class="error" id="{key}-error">([^<]*)</p>', page)
    assert error and ("whole number" in error[1] or "Choose a cut" in error[1]), key
    assert f'value="{typed[:20]}"' in page or key == "cut"  # what was typed is kept


# --- an event file with the wrong kind of value: a message saying where, nothing stored ---------


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda d: d["entrants"][0].update(members=[[1], 2]), "entrants[0].members[0]"),
        (lambda d: d["rounds"][0].update(byes=[[1]]), "rounds[0].byes[0]"),
        (lambda d: d["rounds"][0]["tables"][0].update(entrants=[[1]]),
         "rounds[0].tables[0].entrants[0]"),
    ],
)  # fmt: skip
def test_an_event_file_with_a_list_where_a_number_belongs_is_refused_by_the_web(
    client, db, change, where
):
    import json

    event = event_with(db, 5)
    club_night.seat_next_round(db, event)
    data = json.loads(client.get(f"/e/{event.director_token}/event.json").get_data(as_text=True))
    change(data)
    before = (db["events"].count, db["games"].count, db["event_tables"].count)
    response = client.post("/events/import", data={"text": json.dumps(data)})
    assert response.status_code == 422
    assert f"This event file is not right: {where}" in response.get_data(as_text=True)
    assert (db["events"].count, db["games"].count, db["event_tables"].count) == before


# --- what the console exports, the web imports back, however big the night -------------------


def test_a_200_team_8_round_event_file_exports_compact_and_imports_back_through_the_web(client, db):
    import io
    import json

    from scorekeeper.web.club_night import EVENT_FILE_LIMIT
    from tests.service.club_night.clubs import big_event

    event = big_event(db, teams=200, rounds=8)
    response = client.get(f"/e/{event.director_token}/event.json")
    body = response.get_data()
    assert 1_000_000 < len(body) < EVENT_FILE_LIMIT  # compact: no indentation, no spaces
    assert b"\n " not in body and b'": ' not in body
    assert len(body) > client.application.config["MAX_CONTENT_LENGTH"] * 0.8  # near the old cap
    response = client.post(
        "/events/import",
        data={"file": (io.BytesIO(body), "regional-open-event.json")},
        content_type="multipart/form-data",
    )
    url = console_of(response)
    imported = store.events.event_by_director_token(db, url.rsplit("/", 1)[1])
    assert club_night_event_file.export_data(db, imported) == json.loads(body)


def test_an_event_file_over_the_limit_is_refused_on_the_import_page_and_others_keep_theirs(
    app, client, db
):
    import io

    app.config["EVENT_FILE_LIMIT"] = 1024 * 1024
    response = client.post(
        "/events/import",
        data={"file": (io.BytesIO(b" " * (1024 * 1024 + 10)), "big.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 413
    assert "too large to be an event file here: at most 1 MB" in response.get_data(as_text=True)
    # every other request keeps MAX_CONTENT_LENGTH (2 MB): a game import of 3 MB is refused
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(b" " * (3 * 1024 * 1024)), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 413


# --- a closed round corrected: kept, and said ---------------------------------------------------


def test_a_paper_result_after_the_round_closed_is_kept_and_said(client, db):
    import json

    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    url = f"/e/{event.director_token}"
    paper_url = f"{url}/rounds/1/tables/2/paper"
    response = post_from(client, paper_url, paper_url, {"points-0": "120", "points-1": "310"})
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "table 2 is marked as corrected after the round closed" in page
    assert "Corrected after the round closed: round 1 table 2." in page
    assert "corrected after the round closed</span>" in page  # by the table in its round
    view = club_night.overview(db, event)
    table = view.round(1).table(2)
    assert table.on_paper and table.corrected
    said = "Round 1 table 2 was corrected after its round closed."
    assert {s.entrant for s in view.standings if s.why.endswith(said)} == set(table.entrants)
    assert said in client.get(url).get_data(as_text=True)  # the standings' why on the console
    exported = json.loads(client.get(url + "/event.json").get_data(as_text=True))
    flags = [t["corrected"] for t in exported["rounds"][0]["tables"]]
    assert flags == [False, True]
    again = console_of(client.post("/events/import", data={"text": json.dumps(exported)}))
    copy = store.events.event_by_director_token(db, again.rsplit("/", 1)[1])
    assert [t.corrected for t in club_night.overview(db, copy).round(1).tables] == [False, True]
    assert said in client.get(again).get_data(as_text=True)


def test_a_hand_changed_on_a_closed_rounds_table_is_said_on_the_console(client, db):
    from scorekeeper import service
    from tests.service.club_night.clubs import hand

    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    url = f"/e/{event.director_token}"
    assert "corrected after" not in client.get(url).get_data(as_text=True)
    table = club_night.overview(db, event).round(1).table(1)
    current = service.kitchen.open_game(db, table.edit_token)
    kitchen_hands.edit_hand(db, current, 1, hand(current.game, 2), version=current.version)
    page = client.get(url).get_data(as_text=True)
    assert "Corrected after the round closed: round 1 table 1." in page
    assert "Round 1 table 1 was corrected after its round closed." in page


# --- small things a director feels ------------------------------------------------------------


def test_a_tables_total_below_zero_shows_a_true_minus(client, db):
    from tests.service.club_night.clubs import play

    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 0)  # the first side bid 6 and took nothing: set, -60
    page = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    assert re.search(r"<b>\u221260</b>", page) and "<b>-60</b>" not in page
    public = client.get(f"/p/{event.public_token}").get_data(as_text=True)
    assert "<b>\u221260</b>" in public


def test_a_paper_form_refused_as_old_shows_the_result_another_tab_entered(client, db):
    """An old paper form is refused and shown again as typed: beside it, the page says what
    counts now, so sending it again never overwrites a result the director never saw."""
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    paper_url = f"/e/{event.director_token}/rounds/1/tables/1/paper"
    old = read_at(client, paper_url)  # read before any paper result
    assert 'id="paper-now"' not in client.get(paper_url).get_data(as_text=True)
    club_night.enter_paper(db, event, 1, 1, [312, 188], [4, 1])  # another tab
    response = client.post(paper_url, data={**old, "points-0": "250", "points-1": "120"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert 'name="points-0" value="250"' in page  # what was typed, kept
    first, second = (n.replace("&", "&amp;") for n in rnd.tables[0].side_names)
    now = re.search(r'<p class="paper-now" id="paper-now">(.*?)</p>', page, re.S)
    assert now is not None
    said = " ".join(now.group(1).split())
    assert said == (
        f"The paper result counting now: {first} 312 points, 4 bags; {second} 188 points, "
        f"1 bag. {first} won 312 to 188."
    )
    assert club_night.overview(db, event).round(1).table(1).totals == (312, 188)


def test_the_paper_forms_bag_fields_are_labelled_by_side(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(f"/e/{event.director_token}/rounds/1/tables/1/paper").get_data(as_text=True)
    for k, side in enumerate(rnd.tables[0].side_names):
        assert f'<label for="bags-{k}">{side.replace("&", "&amp;")}: bags</label>' in page


def test_drop_asks_first_then_drops_with_the_version_it_was_asked_at(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    console = client.get(url).get_data(as_text=True)
    assert f'action="{url}/entrants/1/drop"' not in console  # no one-tap Drop
    assert f'href="{url}/entrants/1/drop"' in console
    name = club_night.overview(db, event).by_id[1].name
    question = client.get(f"{url}/entrants/1/drop")
    page = question.get_data(as_text=True)
    assert question.status_code == 200 and f"Drop {name.replace('&', '&amp;')}?" in page
    assert "They sit at <b>table" in page and "Keep them" in page
    assert club_night.overview(db, event).by_id[1].active  # asking changed nothing
    response = post_from(client, f"{url}/entrants/1/drop", f"{url}/entrants/1/drop")
    assert response.status_code == 303
    assert not club_night.overview(db, event).by_id[1].active
    again = client.get(f"{url}/entrants/1/drop")  # already dropped: back with a word
    assert again.status_code == 303
    assert "already dropped out" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_no_call_time_before_any_hand_is_played(client, db):
    from tests.service.club_night.clubs import play

    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    assert ">Call time&hellip;</a>" not in client.get(url).get_data(as_text=True)
    play(db, rnd.tables[0], 7)
    assert ">Call time&hellip;</a>" in client.get(url).get_data(as_text=True)


def test_the_public_link_is_near_the_top_of_the_console(client, db):
    event = event_with(db, 4)
    page = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    link = page.find(f'href="/p/{event.public_token}"')
    assert 0 < link < page.find('id="round"')


def test_the_home_pages_link_is_named_as_the_readme_names_it(client):
    from pathlib import Path

    readme = (Path(__file__).parents[3] / "README.md").read_text()
    assert "*Club night* on the home page" in readme
    page = client.get("/").get_data(as_text=True)
    assert '<a href="/events/new">Club night</a>' in page


def test_clearing_a_paper_result_after_close_is_a_correction_and_clearing_none_is_refused(
    client, db
):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    club_night.enter_paper(db, event, 1, 1, [300, 100], [0, 0])
    finish_round(db, event)
    assert not club_night.overview(db, event).corrected  # on paper before it closed: no correction
    url = f"/e/{event.director_token}"
    response = post_from(client, url, f"{url}/rounds/1/tables/2/paper/clear")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Round 1 table 2 has no paper result." in page
    assert not club_night.overview(db, event).corrected
    post_from(client, url, f"{url}/rounds/1/tables/1/paper/clear")
    assert [t.number for t in club_night.overview(db, event).corrected] == [1]


# --- the console's forms read as dataclasses (one form style: from_post and errors) ------------


@pytest.mark.parametrize(
    "data, number, at",
    [
        ({"table": "3"}, 3, "entrants"),
        ({"table": " 12 ", "from": "round"}, 12, "round"),
        ({"table": ""}, None, "entrants"),  # any table
        ({"table": "   "}, None, "entrants"),
        ({"table": "x", "from": "nowhere"}, 0, "entrants"),  # no number: the service refuses 0
        ({"table": "²"}, 0, "entrants"),
        ({"table": "٣"}, 0, "entrants"),
        ({"table": "12345"}, 0, "entrants"),
        ({"table": "-1"}, 0, "entrants"),
        ({}, None, "entrants"),
    ],
)
def test_the_fix_form_reads_ascii_digits_and_where_to_land(data, number, at):
    from werkzeug.datastructures import MultiDict

    from scorekeeper.web.club_night.event_forms import FixForm

    form = FixForm.from_post(MultiDict({**data, "version": "7"}))
    assert (form.number, form.at, form.version, form.errors) == (number, at, 7, {})


@pytest.mark.parametrize(
    "text, number", [("2", 2), ("", 0), ("abc", 0), ("①", 0), ("99999", 0), ("0", 0)]
)
def test_the_seat_form_reads_the_round_it_offered(text, number):
    from werkzeug.datastructures import MultiDict

    from scorekeeper.web.club_night.event_forms import SeatForm

    form = SeatForm.from_post(MultiDict({"round": text}))
    assert (form.number, form.version) == (number, 0)  # no version: read as 0, refused


@pytest.mark.parametrize(
    "text, chosen", [("5", 5), ("0", 0), ("", None), ("x", None), ("²", None), ("9" * 19, None)]
)
def test_an_entrant_chosen_is_ascii_digits_or_none(text, chosen):
    from werkzeug.datastructures import MultiDict

    from scorekeeper.web.club_night.event_forms import ChooseForm

    form = ChooseForm.from_post(MultiDict({"first": text, "second": "4"}), ("first", "second"))
    assert (form.entrant("first"), form.entrant("second")) == (chosen, 4)


def test_the_import_form_takes_the_file_before_the_text_and_says_what_is_missing():
    import io

    from werkzeug.datastructures import FileStorage, MultiDict

    from scorekeeper.web.club_night.event_forms import ImportForm

    def upload(data: bytes) -> MultiDict:
        return MultiDict({"file": FileStorage(io.BytesIO(data), filename="e.json")})

    assert ImportForm.from_post(MultiDict({"text": "{}"}), upload(b"[1]")).text == "[1]"
    assert ImportForm.from_post(MultiDict({"text": "{}"}), MultiDict()).text == "{}"
    bad = ImportForm.from_post(MultiDict({"text": "{}"}), upload(b"\xff\xfe"))
    assert bad.error == "That file is not UTF-8 text: is it an event file?"
    empty = ImportForm.from_post(MultiDict({"text": "  "}), MultiDict())
    assert empty.error == "Choose an event file (or paste its text)."


def test_a_table_number_that_is_no_number_is_refused_by_the_service_where_the_console_lands(
    client, db
):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    fields = read_at(client, url)
    response = client.post(
        url + "/entrants/1/fix", data={"version": fields["version"], "table": "٣", "from": "round"}
    )
    assert response.status_code == 303 and response.headers["Location"].endswith("#round")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "A table number is a whole number from 1 to 1000." in page
    assert all(e.fixed_table is None for e in store.events.entrants_of(db, event.id))


def test_call_time_asks_first_and_a_question_left_open_does_nothing(client, db):
    """Issue 23: Call time changes every table still playing, so it asks first, as Drop does;
    the question carries the version it was read at."""
    from tests.service.club_night.clubs import play

    event = event_with(db, 4, max_hands=None)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    url = f"/e/{event.director_token}"
    console = client.get(url).get_data(as_text=True)
    assert f'href="{url}/rounds/1/time">Call time&hellip;</a>' in console
    assert f'action="{url}/rounds/1/time"' not in console  # no one-tap POST on the console
    question = client.get(f"{url}/rounds/1/time")
    page = question.get_data(as_text=True)
    assert question.status_code == 200 and "Call time for round 1?" in page
    assert "Still playing: <b>tables 1, 2</b>" in page and ">Play on</a>" in page
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    assert club_night.overview(db, event).current.status != "time_called"  # asking changes nothing
    club_night_clock.round_clock(db, event.director_token, 1, "extend", 5)  # another tab
    late = client.post(f"{url}/rounds/1/time", data={"version": version}, follow_redirects=True)
    assert "Nothing was done: the event changed" in late.get_data(as_text=True)
    assert club_night.overview(db, event).current.status != "time_called"
    page = client.get(f"{url}/rounds/1/time").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    done = client.post(f"{url}/rounds/1/time", data={"version": version}, follow_redirects=True)
    assert "Time called: tables 1, 2 finish" in done.get_data(as_text=True)
    assert club_night.overview(db, event).current.status == "time_called"
    for table in club_night.overview(db, event).current.tables:
        finish(db, table)
    club_night.close_round(db, event, 1)
    closed = client.get(f"{url}/rounds/1/time")  # a question about a closed round: back, said
    assert closed.status_code == 303
    assert "Round 1 is closed" in client.get(closed.headers["Location"]).get_data(as_text=True)


def test_a_closed_rounds_table_phone_says_a_change_is_a_correction_before_the_save(client, db):
    """Issue 23: the table's phone changed a closed round's hand without a word; the console
    then said it. The phone says it first, on the page and on the hand being fixed."""
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    edit = rnd.tables[0].edit_token
    said = "Round 1 is closed.</b> A hand saved here corrects this table's result"
    for url in (f"/g/{edit}", f"/g/{edit}?hand=1"):
        assert said not in client.get(url).get_data(as_text=True)
    finish_round(db, event)
    page = client.get(f"/g/{edit}?hand=1").get_data(as_text=True)  # fixing hand 1
    form = page[page.index('id="hand"') :]
    assert said in form and form.index(said) < form.index(">Save hand 1<")  # just before Save
    club_night.seat_next_round(db, event)  # round 2's tables play on without it
    page = client.get(f"/g/{club_night.overview(db, event).current.tables[0].edit_token}")
    assert said not in page.get_data(as_text=True)


def test_a_paper_tables_phone_says_its_hands_are_not_the_result_that_counts(client, db):
    """The director typed a table's result from paper while its phone had hands in: the phone
    said 'Ann & Cy lead with 124' and offered the next hand as if it counted, and once the round
    closed it said a saved hand 'corrects this table's result', which the paper result then
    outweighs. It says the paper result counts, on the page and before the Save."""
    from tests.service.club_night.clubs import play

    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    table = rnd.tables[0]
    play(db, table, 7)
    paper = "This table's result was typed from its paper sheet</b> by the director"
    assert paper not in client.get(f"/g/{table.edit_token}").get_data(as_text=True)
    club_night.enter_paper(db, event, 1, table.number, [250, 120], [2, 3])
    page = client.get(f"/g/{table.edit_token}").get_data(as_text=True)
    assert "that result counts in the standings, not the hands here" in page  # by the totals
    fixing = client.get(f"/g/{table.edit_token}?hand=1").get_data(as_text=True)
    form = fixing[fixing.index('id="hand"') :]
    said = form.index("a hand saved here changes this sheet, not the result that counts")
    assert said < form.index(">Save hand 1<")  # where the Save is
    finish_round(db, event)
    fixing = client.get(f"/g/{table.edit_token}?hand=1").get_data(as_text=True)
    form = fixing[fixing.index('id="hand"') :]
    assert "(round 1 is closed): a hand saved here changes this sheet, not the result" in form
    assert "corrects this table's result" not in fixing
    watched = client.get(f"/v/{table.view_token}").get_data(as_text=True)  # the public's link
    assert "that result counts in the standings, not the hands below" in watched
    club_night.clear_paper(db, event, 1, table.number)  # the game counts again
    page = client.get(f"/g/{table.edit_token}?hand=1").get_data(as_text=True)
    assert paper not in page and "corrects this table's result" in page
    assert 'id="on-paper"' not in client.get(f"/v/{table.view_token}").get_data(as_text=True)
