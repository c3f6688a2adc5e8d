"""This browser's games on the home page, rematch and delete."""

from __future__ import annotations

import re
from functools import partial

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game
from tests import helpers
from tests.helpers import HAND, listed, remember

RULES = {"preset": "standard", "target_score": 250}


# this file's games: its rules, Cy deals first (a call may name another dealer)
make_game = partial(helpers.make_game, rules=RULES, dealer="Cy")


# --- the list on the home page ---------------------------------------------------------------


def test_home_page_with_no_games_says_so_and_offers_to_start(client):
    html = client.get("/").get_data(as_text=True)
    assert "No games yet on this phone" in html
    assert 'href="/games/import"' in html


def test_home_page_lists_only_this_browsers_games(app, db):
    mine = make_game(db, [HAND], title="Kitchen table")
    theirs = make_game(db, [HAND, HAND], title="Next door")
    me, them = app.test_client(), app.test_client()
    remember(db, me, mine.edit_token)
    remember(db, them, theirs.edit_token)

    my_page = me.get("/").get_data(as_text=True)
    their_page = them.get("/").get_data(as_text=True)
    assert "Kitchen table" in my_page and "Next door" not in my_page
    assert "Next door" in their_page and "Kitchen table" not in their_page
    assert f'href="/g/{mine.edit_token}"' in my_page
    assert theirs.edit_token not in my_page


def test_each_game_shows_sides_totals_hands_and_last_update(client, db):
    game = make_game(db, [HAND, {"misdeal": True}, HAND])
    remember(db, client, game.edit_token)
    html = client.get("/").get_data(as_text=True)
    item = re.search(r'<li class="game-item">.*?</li>', html, re.S).group(0)
    assert "Ann &amp; Cy vs Bob &amp; Di" in item  # the sides, escaped
    assert re.search(r"Ann &amp; Cy <strong>140</strong>", item)
    assert re.search(r"Bob &amp; Di <strong>102</strong>", item)
    assert "2 hands" in item  # the misdeal is not a played hand
    assert f'datetime="{game.updated_at}"' in item


def test_games_in_progress_come_before_finished_ones_with_the_winner(client, db):
    done = make_game(db, [HAND, HAND, HAND, HAND], title="Won game")  # 280 >= 250
    going = make_game(db, [HAND], title="Going game")
    assert done.finished and not going.finished
    remember(db, client, done.edit_token, going.edit_token)  # the finished one is more recent
    html = client.get("/").get_data(as_text=True)
    assert html.index("In progress") < html.index("Going game") < html.index("Finished")
    assert html.index("Finished") < html.index("Won game")
    assert "Ann &amp; Cy won" in html


def test_a_deleted_game_is_gone_from_every_list(app, client, db):
    kept = make_game(db, title="Kept")
    gone = make_game(db, title="Gone")
    other = app.test_client()
    remember(db, client, gone.edit_token, kept.edit_token)
    remember(db, other, gone.edit_token)
    store.delete_game(db, gone)
    html = client.get("/").get_data(as_text=True)
    assert "Kept" in html and "Gone" not in html
    assert listed(db, client) == [kept.edit_token]
    assert listed(db, other) == []


# --- rematch ---------------------------------------------------------------------------------


def test_rematch_keeps_players_teams_and_rules_and_moves_the_first_deal(client, db):
    old = make_game(db, [HAND, HAND], title="Friday", start={"Ann & Cy": {"score": 100, "bags": 2}})
    remember(db, client, old.edit_token)
    response = client.post(f"/g/{old.edit_token}/rematch")
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/", 1)[-1]
    new = store.game_by_edit_token(db, new_token)
    assert new.id != old.id and new.title == "Friday"
    assert new.data["players"] == old.data["players"]
    assert new.data["teams"] == old.data["teams"]
    assert parse_game(new.data).rules == parse_game(old.data).rules
    assert new.data["hands"] == [] and "start" not in new.data
    assert new.data["dealer"] == "Di"  # Cy dealt first last time; the next seat deals now
    assert listed(db, client) == [new_token, old.edit_token]


def test_rematch_wraps_the_deal_around_the_table(client, db):
    old = make_game(db, dealer="Di")
    token = client.post(f"/g/{old.edit_token}/rematch").headers["Location"].rsplit("/", 1)[-1]
    assert store.game_by_edit_token(db, token).data["dealer"] == "Ann"


def test_rematch_needs_a_post_with_a_csrf_token(csrf_app):
    db = store.connect(csrf_app.config["DATABASE"])
    old = make_game(db)
    client = csrf_app.test_client()
    assert client.get(f"/g/{old.edit_token}/rematch").status_code == 405
    assert client.post(f"/g/{old.edit_token}/rematch").status_code == 400
    assert store.count_games(db) == 1


# --- delete ----------------------------------------------------------------------------------


def test_delete_asks_first_naming_the_game(client, db):
    game = make_game(db, [HAND], title="Sunday <b>night</b>")
    html = client.get(f"/g/{game.edit_token}/delete").get_data(as_text=True)
    assert "Delete this game?" in html
    assert "Sunday &lt;b&gt;night&lt;/b&gt;" in html
    assert 'method="post"' in html
    assert store.count_games(db) == 1


def test_delete_with_csrf_removes_the_game_and_forgets_it(csrf_app):
    db = store.connect(csrf_app.config["DATABASE"])
    game = make_game(db, [HAND], title="Doomed")
    other = make_game(db, title="Other")
    client = csrf_app.test_client()
    remember(db, client, game.edit_token, other.edit_token)

    # Without the token nothing happens.
    assert client.post(f"/g/{game.edit_token}/delete").status_code == 400
    assert store.count_games(db) == 2

    page = client.get(f"/g/{game.edit_token}/delete").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post(f"/g/{game.edit_token}/delete", data={"csrf_token": csrf})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    with pytest.raises(store.GameNotFound):
        store.game_by_edit_token(db, game.edit_token)
    assert store.game_by_edit_token(db, other.edit_token).title == "Other"
    assert listed(db, client) == [other.edit_token]
    assert "Deleted the game Doomed" in client.get("/").get_data(as_text=True)


def test_unknown_tokens_are_not_found(client):
    assert client.get("/g/nope/delete").status_code == 404
    assert client.post("/g/nope/delete").status_code == 404
    assert client.post("/g/nope/rematch").status_code == 404


@pytest.mark.parametrize(
    "posted, expected",
    [
        ({}, (None, None)),
        ({"submission": "a" * 16, "version": "3"}, ("a" * 16, 3)),
        ({"submission": "short", "version": "²"}, (None, None)),  # not an id; not ASCII digits
        ({"submission": "<b>" * 8, "version": "-1"}, (None, None)),
        ({"version": "9" * 12}, (None, None)),  # no version is that long
    ],
)
def test_a_button_post_reads_its_id_and_version_or_none(posted, expected):
    from werkzeug.datastructures import MultiDict

    from scorekeeper.web.button_form import ButtonForm

    form = ButtonForm.from_post(MultiDict(posted))
    assert (form.submission, form.version) == expected
