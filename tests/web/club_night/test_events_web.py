"""The event pages: creating an event, the director's console behind its own link, the public
page, a table's game page, and no form content that makes a server error."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.service import club_night
from scorekeeper.service.club_night import event_file as club_night_event_file
from scorekeeper.service.club_night import settings as club_night_settings
from tests.helpers import editor_fields
from tests.service.club_night.clubs import event_with, finish, finish_round, play


def event_form(**changes):
    fields = {
        "name": "Friday club night",
        "date": "2024-05-17",
        "format": "swiss",
        "seating": "partners",
        "rounds": "3",
        "target_score": "300",
        "max_hands": "",
        "round_minutes": "45",
        "tiebreaker-0": "point_diff",
        "tiebreaker-1": "head_to_head",
        **editor_fields(),
    }
    fields.pop("o-target_score", None)  # the round end's own field sets it
    fields.pop("o-max_hands", None)
    return {**fields, **changes}


def read_at(client, page_url: str) -> dict[str, str]:
    """The version (and round to seat, with its one-time id) a console or paper page's forms
    carry, as a browser reading the page would send them."""
    page = client.get(page_url).get_data(as_text=True)
    out = {"version": re.search(r'name="version" value="(\d+)"', page).group(1)}
    offered = re.search(r'name="round" value="(\d+)"', page)
    if offered:
        out["round"] = offered.group(1)
    once = re.search(r'name="submission" value="([^"]+)"', page)  # Seat's one-time id
    if once:
        out["submission"] = once.group(1)
    return out


def post_from(client, page_url: str, url: str, data: dict | None = None):
    """Post a form of ``page_url`` (read first) to ``url``."""
    return client.post(url, data={**read_at(client, page_url), **(data or {})})


def console_of(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return response.headers["Location"].split("#")[0]


def test_a_director_creates_an_event_with_house_rules_and_a_round_end(client, db):
    response = client.post("/events/new", data=event_form(**{"o-nil": "", "max_hands": "6"}))
    url = console_of(response)
    event = store.events.event_by_director_token(db, url.rsplit("/", 1)[1])
    assert (event.name, event.date, event.rounds, event.round_minutes) == (
        "Friday club night", "2024-05-17", 3, 45,
    )  # fmt: skip
    assert event.rules == {"preset": "standard", "nil": False}
    assert club_night_settings.game_rules(event) == {
        "preset": "standard", "nil": False, "target_score": 300, "max_hands": 6,
    }  # fmt: skip
    assert event.tiebreakers == ("point_diff", "head_to_head")
    page = client.get(url).get_data(as_text=True)
    assert "Friday club night" in page and "games to 300 or 6 hands, 45 minutes a round" in page
    assert "Standard, changed: Nil bids: no." in page


@pytest.mark.parametrize(
    "changes, key, words",
    [
        ({"name": ""}, "name", "Give the event a name"),
        ({"rounds": "many"}, "rounds", "type a whole number in digits 0-9"),
        ({"rounds": "0"}, "rounds", "from 1 to 30"),
        ({"target_score": ""}, "target_score", "type a whole number in digits 0-9"),
        ({"max_hands": "0"}, "max_hands", "from 1 to 1000"),
        ({"cut": "3"}, "cut", "Choose a cut"),
        ({"tiebreaker-2": "point_diff"}, "tiebreakers", "once at most"),
        ({"format": "progressive", "cut": "4"}, "cut", "Swiss or round robin"),
        ({"format": "round_robin", "seating": "cutthroat"}, "seating", "cutthroat runs as"),
        ({"date": "tomorrow"}, "date", "a day like"),
        ({"o-bag_limit": "lots"}, "o-bag_limit", "Bags that cost: 1 to 1000, or empty."),
    ],
)
def test_the_event_form_says_what_is_wrong_next_to_the_field(client, db, changes, key, words):
    response = client.post("/events/new", data=event_form(**changes))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    error = re.search(rf'<p class="error" id="{key}-error">([^<]*)</p>', page)
    assert error and words in error.group(1), page[page.find("error") - 200 :][:800]
    assert 'value="Friday club night"' in page or not changes.get("name", "x")
    assert db["events"].count == 0


def test_choosing_a_preset_without_javascript_sets_the_target(client):
    response = client.post("/events/new", data=event_form(preset="three-player", apply_preset="1"))
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="o-target_score" name="target_score" value="300"' in page


def test_the_links_are_capabilities(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    assert client.get(f"/e/{event.public_token}").status_code == 404
    assert client.get(f"/p/{event.director_token}").status_code == 404
    assert client.post(f"/p/{event.public_token}/rounds").status_code in (404, 405)
    public = client.get(f"/p/{event.public_token}").get_data(as_text=True)
    assert event.director_token not in public
    for t in rnd.tables:  # players watch each table; only the table's phone can score it
        assert t.edit_token not in public and t.view_token in public
    console = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    assert all(t.edit_token in console for t in rnd.tables)


def test_registering_from_the_console(client, db):
    event = club_night.create_event(db, club_night.EventSettings("Night"))
    url = f"/e/{event.director_token}"
    assert console_of(post_from(client, url, url + "/entrants", {"name-0": "Ann", "name-1": "Cy"}))
    response = post_from(
        client, url, url + "/entrants", {"name-0": "Ann", "name-1": "Bob", "team": "Aces"}
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Ann is already registered (in Ann &amp; Cy)." in page
    assert 'value="Bob"' in page and 'value="Aces"' in page  # what was typed is kept
    assert [e.name for e in club_night.overview(db, event).entrants] == ["Ann & Cy"]


def test_a_name_too_long_is_refused_with_a_word_not_cut(client, db):
    event = club_night.create_event(db, club_night.EventSettings("Night"))
    long = "Maximiliana Featherstonehaugh-Smythe"  # 36 characters
    url = f"/e/{event.director_token}"
    response = post_from(client, url, url + "/entrants", {"name-0": long, "name-1": "Cy"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Keep names to 30 characters." in page and f'value="{long}"' in page
    assert 'maxlength="30"' not in page  # the browser must not cut it without a word


@pytest.mark.parametrize(
    "path, message",
    [
        ("/rounds/1/close", "Tables 1, 2 are not finished"),
        ("/rounds/1/repair", None),
        ("/rounds/7/close", "There is no round 7"),
        ("/rounds/1/swap", "Choose two to swap"),
        ("/entrants/999/drop", "not in this event"),
        ("/entrants/1/fix", None),
    ],
)
def test_console_actions_come_back_to_the_console_with_a_message(client, db, path, message):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    response = post_from(client, url, url + path, {"table": "2"})
    assert response.status_code == 303 and response.headers["Location"].startswith(url)
    page = client.get(url).get_data(as_text=True)
    if message:
        assert message in page
    assert 'class="flash' in page


def test_a_round_from_seating_to_closing_through_the_console(client, db):
    event = event_with(db, 4, max_hands=None)
    url = f"/e/{event.director_token}"
    post_from(client, url, url + "/rounds")
    view = club_night.overview(db, event)
    play(db, view.current.tables[0], 7)
    post_from(client, url, url + "/rounds/1/time")
    page = client.get(url).get_data(as_text=True)
    assert "Time called: tables 1, 2 finish the hand in play" in page
    assert "time called" in page
    for t in view.current.tables:
        finish(db, t)
    assert console_of(post_from(client, url, url + "/rounds/1/close"))
    page = client.get(url).get_data(as_text=True)
    assert "Round 1 is closed." in page and "Seat round 2" in page


def test_a_tables_game_page_says_where_it_is_played(client, db):
    event = event_with(db, 4, max_hands=None)
    rnd = club_night.seat_next_round(db, event)
    page = client.get(f"/g/{rnd.tables[1].edit_token}").get_data(as_text=True)
    assert (
        f'href="/p/{event.public_token}">Club night</a> &middot; Round 1 &middot; <b>Table 2</b>'
        in page
    )
    assert "Delete game" not in page and "Rematch" not in page
    club_night.call_time(db, event, 1)
    page = client.get(f"/g/{rnd.tables[1].edit_token}").get_data(as_text=True)
    assert "Time is called: finish the hand in play" in page
    response = client.post(f"/g/{rnd.tables[1].edit_token}/delete")
    assert response.status_code == 409 and "table of a club event" in response.get_data(
        as_text=True
    )


def test_a_hand_typed_while_time_was_called_saves_without_a_conflict(client, db):
    event = event_with(db, 2, max_hands=None)
    (table,) = club_night.seat_next_round(db, event).tables
    read_at = store.game_by_edit_token(db, table.edit_token).version  # the tricks step
    club_night.call_time(db, event, 1)
    bids = {f"bid-{i}": "3" for i in range(4)}
    response = client.post(
        f"/g/{table.edit_token}/hands", data={**bids, "ttricks-0": "7", "ttricks-1": "6",
                                              "version": str(read_at)},
    )  # fmt: skip
    assert response.status_code == 303
    assert store.game_by_edit_token(db, table.edit_token).finished


def test_a_paper_result_through_its_form(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}/rounds/1/tables/2/paper"
    assert client.get(url).status_code == 200
    response = post_from(client, url, url, {"points-0": "x", "points-1": "200", "bags-0": "-1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Points: type a whole number in digits 0-9." in page and "Bags: from 0 to 10000." in page
    response = post_from(client, url, url, {"points-0": "200", "points-1": "200"})
    assert response.status_code == 422 and "Tied on 200" in response.get_data(as_text=True)
    paper = {"points-0": "200", "points-1": "200", "winner": "1"}
    assert console_of(post_from(client, url, url, paper))
    table = club_night.overview(db, event).current.table(2)
    assert table.on_paper and table.winner == 1
    assert client.get(f"/e/{event.director_token}/rounds/1/tables/9/paper").status_code == 303


@pytest.mark.parametrize("winner", ["2", "x", "-1", "\u00b9", "\u0661"])
def test_a_paper_winner_that_is_no_side_is_said_by_its_field(client, db, winner):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}/rounds/1/tables/1/paper"
    response = post_from(client, url, url, {"points-0": "200", "points-1": "200", "winner": winner})
    assert response.status_code == 422
    assert "Choose the side that won." in response.get_data(as_text=True)


def test_downloads_and_an_import_through_the_page(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    base = f"/e/{event.director_token}"
    for path, kind in (("/event.json", "application/json"), ("/results.csv", "text/csv"),
                       ("/standings.csv", "text/csv")):  # fmt: skip
        response = client.get(base + path)
        assert response.status_code == 200 and response.mimetype == kind
        assert response.headers["Content-Disposition"].startswith('attachment; filename="spades-')
    text = client.get(base + "/event.json").get_data(as_text=True)
    assert json.loads(text) == club_night_event_file.export_data(db, event)
    response = client.post("/events/import", data={"text": text})
    url = console_of(response)
    assert "Imported as a new event" in client.get(url).get_data(as_text=True)
    bad = client.post("/events/import", data={"text": '{"format": "x"}'})
    assert bad.status_code == 422 and "This event file is not right" in bad.get_data(as_text=True)


def test_the_csv_files_open_in_a_spreadsheet_with_their_accents(client, db):
    """Excel, opening a CSV by a double-click, reads it in the old code page unless it starts
    with UTF-8's byte-order mark: 'Søren' came out 'SÃ¸ren'. The downloads start with it, and
    read back (as UTF-8 with its mark) as the service's CSV; the event file does not."""
    event = event_with(db, 3)
    club_night.register(db, event, ["Søren", "Åsa"])
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    view = club_night.overview(db, event)
    base = f"/e/{event.director_token}"
    for path, text in (("/results.csv", club_night.results_csv(view)),
                       ("/standings.csv", club_night.standings_csv(view))):  # fmt: skip
        body = client.get(base + path).data
        assert body.startswith(b"\xef\xbb\xbf") and body.decode("utf-8-sig") == text, path
        assert "Søren & Åsa" in body.decode("utf-8-sig")
    assert client.get(base + "/event.json").data.startswith(b"{")


def test_the_public_page_polls_a_version_that_moves(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    page = client.get(f"/p/{event.public_token}").get_data(as_text=True)
    first = client.get(f"/p/{event.public_token}/version.json").get_json()["version"]
    assert f'data-version="{first}"' in page
    play(db, club_night.overview(db, event).current.tables[0], 7)
    assert client.get(f"/p/{event.public_token}/version.json").get_json()["version"] != first


def test_every_event_form_checks_csrf(csrf_app):
    client = csrf_app.test_client()
    database = store.connect(csrf_app.config["DATABASE"])
    event = event_with(database, 4)
    database.close()
    for path in ("/entrants", "/rounds", "/rounds/1/time", "/entrants/1/drop"):
        response = client.post(f"/e/{event.director_token}{path}", data={"name-0": "X"})
        assert response.status_code == 400, path
    assert client.post("/events/new", data=event_form()).status_code == 400


# --- whatever is posted, never a 500 ---------------------------------------------------------

FIELDS = st.sampled_from(
    ["name", "date", "format", "seating", "rounds", "target_score", "max_hands", "round_minutes",
     "tiebreaker-0", "tiebreaker-1", "cut", "shuffle", "preset", "editor", "editor_preset",
     "o-nil", "o-bag_limit", "name-0", "name-1", "team", "table", "entrant", "first", "second",
     "points-0", "points-1", "bags-0", "bags-1", "winner", "text", "from", "apply_preset",
     "version", "round"]
)  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "2", "3", "-1", "99999999999999999999999", "swiss", "knockout",
                     "cutthroat", "point_diff", "on", "x", "<b>Ann</b>", "Ann", "=1+1", "1e9"]),
    st.text(max_size=12),
)  # fmt: skip


def event_routes(app, director: str, public: str):
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("events."):
            url = rule.rule.replace("<director_token>", director).replace("<public_token>", public)
            url = re.sub(r"<int:\w+>", "1", url)
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield method, url


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(form=st.dictionaries(FIELDS, VALUES, max_size=10))
def test_no_form_content_makes_a_server_error(app, client, db, form):
    event = event_with(db, 3, rounds=2)
    club_night.seat_next_round(db, event)
    for method, url in event_routes(app, event.director_token, event.public_token):
        if method == "POST":
            response = client.post(url, data=form)
        else:
            response = client.get(url, query_string=form)
        assert response.status_code < 500, (method, url, form)


def test_unknown_links_are_404(app, client):
    for method, url in event_routes(app, "no-such-director", "no-such-public"):
        if "no-such" in url:
            response = client.post(url) if method == "POST" else client.get(url)
            assert response.status_code == 404, (method, url)
