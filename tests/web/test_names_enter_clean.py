"""Names as they enter, on every road in: a game's players (the new game form, an imported
game file), an event's entrants and teams, an event file. One spelling a person
(``rules.names.clean_name``), compared by ``name_key``; a control character refused by the field
with what was typed kept; a bad name stored before this was so names the entrant to fix."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import store
from scorekeeper.service import club_night
from tests.helpers import HAND, game_file
from tests.service.club_night.clubs import event_with
from tests.web.club_night.test_events_web import post_from
from tests.web.kitchen.test_new_game import created, post_new

CONTROL = ["Ivy\x00", "B\x07o", "\x1b[2JCy", "Di\x7f"]


def register(client, event, names, team=""):
    url = f"/e/{event.director_token}"
    data = {f"name-{i}": n for i, n in enumerate(names)} | {"team": team}
    return post_from(client, url, url + "/entrants", data)


@pytest.mark.parametrize("bad", CONTROL)
def test_an_entrant_name_with_a_control_character_is_refused_by_its_field(client, db, bad):
    event = club_night.create_event(db, club_night.EventSettings("Night"))
    response = register(client, event, ["Ann", bad])
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'<p class="error" id="name-1-error" role="alert">A name cannot hold', page)
    assert 'value="Ann"' in page and 'aria-invalid="true" aria-describedby="name-1-error"' in page
    assert club_night.overview(db, event).entrants == ()


def test_a_team_name_with_a_control_character_is_refused_by_its_field(client, db):
    event = club_night.create_event(db, club_night.EventSettings("Night"))
    response = register(client, event, ["Ann", "Cy"], team="Aces\x1b")
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="team-error"' in page


@pytest.mark.parametrize(
    "first, again",
    [
        ("Ivy", "I\u200bvy"),  # a zero-width space
        ("Jos\u00e9", "Jose\u0301"),  # é typed two ways
        ("Jos\u00e9", "JOS\u00c9"),  # and in capitals
        ("Ann Marie", " Ann\u00a0 Marie "),
        ("\u200fDana", "Dana"),
    ],
)
def test_two_spellings_of_one_name_are_one_person(client, db, first, again):
    event = club_night.create_event(db, club_night.EventSettings("Night"))
    assert register(client, event, [first, "Bo"]).status_code == 303
    response = register(client, event, [again, "Cy"])
    assert response.status_code == 422
    assert "is already registered" in response.get_data(as_text=True)
    (entrant,) = club_night.overview(db, event).entrants
    assert "\u200b" not in entrant.name and "\u200f" not in entrant.name
    # a later event finds the same person, whichever way the name is typed
    other = club_night.create_event(db, club_night.EventSettings("Next night"))
    assert register(client, other, [again, "Cy"]).status_code == 303
    assert club_night.overview(db, other).entrants[0].person_ids[0] == entrant.person_ids[0]


def test_a_bad_name_stored_before_blocks_seating_naming_the_entrant_to_fix(client, db):
    event = event_with(db, 3)
    (person,) = store.events.people_named(db, ["Ray\x07"])
    (other,) = store.events.people_named(db, ["Sue"])
    store.events.add_entrant(db, event.id, "Ray\x07 & Sue", [person.id, other.id])
    url = f"/e/{event.director_token}"
    response = post_from(client, url, url + "/rounds")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "cannot be seated: the entrant Ray\ufffd &amp; Sue has a name" in page
    assert "Drop Ray\ufffd &amp; Sue and register them again" in page
    assert club_night.overview(db, event).rounds == ()


# --- game players ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", CONTROL)
def test_a_player_name_with_a_control_character_is_refused_by_its_field(client, db, bad):
    response = post_new(client, ["Ann", bad])
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'id="player-1-error"[^>]*>A name cannot hold a control character', page)
    assert 'value="Ann"' in page


def test_new_game_players_are_cleaned_and_compared_by_their_key(client, db):
    response = post_new(client, ["Ivy", "I\u200bvy"])
    assert response.status_code == 422 and "typed twice" in response.get_data(as_text=True)
    record = created(db, post_new(client, [" Jose\u0301 ", "Ann\u00a0Lee", "Cy", "Di"], dealer="1"))
    assert record.data["players"] == ["Jos\u00e9", "Ann Lee", "Cy", "Di"]
    assert record.data["dealer"] == "Ann Lee"
    assert record.data["teams"] == {
        "Jos\u00e9 & Cy": ["Jos\u00e9", "Cy"],
        "Ann Lee & Di": ["Ann Lee", "Di"],
    }


def test_an_imported_game_file_maps_every_name_the_same_way(client, db):
    zw = "I\u200bvy"
    hand = {
        "bids": {zw: 3, "Bob": 3, "Cy": 4, "Di": 2},
        "tricks": {zw: 3, "Bob": 3, "Cy": 4, "Di": 3},
        "adjust": {f"{zw} & Cy": 10},
    }
    data = game_file(
        [hand], players=[zw, "Bob", "Cy", "Di"], dealer=zw,
        teams={f"{zw} & Cy": [zw, "Cy"], "Bob & Di": ["Bob", "Di"]},
        start={f"{zw} & Cy": {"score": 50, "bags": 1}},
    )  # fmt: skip
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    record = store.game_by_edit_token(db, response.headers["Location"].rsplit("/", 1)[1])
    assert record.data["players"] == ["Ivy", "Bob", "Cy", "Di"]
    assert record.data["dealer"] == "Ivy"
    assert record.data["teams"] == {"Ivy & Cy": ["Ivy", "Cy"], "Bob & Di": ["Bob", "Di"]}
    assert set(record.data["hands"][0]["bids"]) == {"Ivy", "Bob", "Cy", "Di"}
    assert record.data["hands"][0]["adjust"] == {"Ivy & Cy": 10}


@pytest.mark.parametrize("bad", CONTROL)
def test_an_imported_game_file_with_a_control_character_in_a_name_is_refused(client, db, bad):
    data = game_file([HAND], players=["Ann", "Bob", "Cy", bad])
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code in (200, 422)  # the import page again, with its message
    page = response.get_data(as_text=True)
    assert "players[3]: A name cannot hold a control character" in page
    assert db["games"].count == 0
