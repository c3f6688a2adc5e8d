"""Saved house rules: the list, deleting, saving under a name already taken; a game's rules page."""

from __future__ import annotations

import re

from scorekeeper import store
from tests.helpers import browser, created, editor_fields, post_new

GAME = {
    "format": "spades-scorekeeper/1",
    "rules": {"preset": "standard", "target_score": 250, "moon": True, "bag_limit": None},
    "players": ["Ann", "Bob", "Cy", "Di"],
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "hands": [],
}


def main(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


def test_the_list_shows_each_saved_rules_with_what_it_changes(client, db):
    friday = store.save_house_rules(db, "Friday night rules", {"preset": "standard", "moon": True})
    store.save_house_rules(db, "Club", {"preset": "nyc", "target_score": 300})
    html = main(client.get("/house-rules").get_data(as_text=True))
    assert html.index("Club") < html.index("Friday night rules")  # last saved first
    assert "Standard, changed: Moon (Boston) bids: yes." in html
    assert "NYC, changed: Game to: 300." in html
    assert f'href="/games/new?rules={friday.id}">Start a game with these</a>' in html
    assert f'href="/house-rules/{friday.id}/delete"' in html


def test_start_a_game_with_these_preselects_them_on_the_new_game_page(client, db):
    store.save_house_rules(db, "Club", {"preset": "nyc"})
    friday = store.save_house_rules(db, "Friday", {"preset": "standard", "target_score": 250})
    html = client.get(f"/games/new?rules={friday.id}").get_data(as_text=True)
    assert f'<option value="{friday.id}" selected>Friday</option>' in html
    assert 'id="o-target_score" name="o-target_score" value="250"' in html
    assert 'href="/house-rules">saved house rules</a>' in html


def test_with_nothing_saved_the_page_says_how_and_links_to_a_new_game(client):
    html = main(client.get("/house-rules").get_data(as_text=True))
    assert "No saved house rules yet" in html
    assert 'href="/games/new"' in html
    assert "<li" not in html


def test_the_home_page_links_to_the_house_rules(client):
    assert 'href="/house-rules"' in client.get("/").get_data(as_text=True)


def test_names_are_escaped(client, db):
    saved = store.save_house_rules(db, "<b>x</b>", {"preset": "standard"})
    for url in ("/house-rules", f"/house-rules/{saved.id}/delete", "/games/new"):
        html = client.get(url).get_data(as_text=True)
        assert "<b>x</b>" not in html, url
        assert "&lt;b&gt;x&lt;/b&gt;" in html, url


def test_delete_asks_first_naming_them_and_deletes_only_on_post(client, db):
    saved = store.save_house_rules(db, "Friday night rules", {"preset": "standard"})
    page = client.get(f"/house-rules/{saved.id}/delete")
    assert page.status_code == 200
    html = main(page.get_data(as_text=True))
    assert "Friday night rules" in html
    assert f'<form method="post" action="/house-rules/{saved.id}/delete"' in html
    assert store.house_rules_by_id(db, saved.id) == saved

    response = client.post(f"/house-rules/{saved.id}/delete")
    assert response.status_code == 303
    assert response.headers["Location"] == "/house-rules"
    assert store.all_house_rules(db) == []
    html = client.get("/house-rules").get_data(as_text=True)
    assert "Deleted the house rules “Friday night rules”" in html


def test_deleting_unknown_house_rules_is_404(client):
    assert client.get("/house-rules/99/delete").status_code == 404
    assert client.post("/house-rules/99/delete").status_code == 404


def test_delete_needs_the_csrf_token(csrf_app):
    database = store.connect(csrf_app.config["DATABASE"])
    saved = store.save_house_rules(database, "Friday", {"preset": "standard"})
    client = csrf_app.test_client()
    assert client.post(f"/house-rules/{saved.id}/delete").status_code == 400
    assert store.house_rules_by_id(database, saved.id) == saved

    html = client.get(f"/house-rules/{saved.id}/delete").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    token = token or re.search(r'name="csrf_token" value="([^"]+)"', html)
    response = client.post(f"/house-rules/{saved.id}/delete", data={"csrf_token": token[1]})
    assert response.status_code == 303
    assert store.house_rules_by_id(database, saved.id) is None
    database.close()


def test_deleting_saved_rules_leaves_games_played_with_them_as_they_were(client, db):
    fields = editor_fields(target_score="250")
    record = created(db, post_new(client, ["Ann", "Bob"], **fields, save_as="Friday"))
    (saved,) = store.all_house_rules(db, browser(client))
    assert client.post(f"/house-rules/{saved.id}/delete").status_code == 303
    after = store.game_by_edit_token(db, record.edit_token)
    assert after.data == record.data
    assert after.data["rules"] == {"preset": "standard", "target_score": 250}
    html = client.get(f"/g/{record.edit_token}/rules").get_data(as_text=True)
    assert "Game to: <b>250</b>" in html


# --- saving under a name already taken ------------------------------------------------------


def test_saving_under_a_taken_name_asks_before_replacing(client, db):
    mine = browser(client)
    spec = {"preset": "standard", "target_score": 250}
    first = store.save_house_rules(db, "Friday", spec, owner=mine)
    fields = editor_fields(target_score="300")
    response = post_new(client, ["Ann", "Bob"], **fields, save_as="friday")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "You already have house rules called “Friday”" in html
    assert 'aria-describedby="save_as-error"' in html
    assert 'name="replace_saved" value="on"' in html
    assert '<details class="house-rules" open>' in html
    assert 'value="friday"' in html and 'value="Ann"' in html  # typing kept
    assert store.count_games(db) == 0
    assert store.all_house_rules(db, mine) == [first]


def test_ticking_replace_saves_the_new_rules_in_their_place(client, db):
    mine = browser(client)
    spec = {"preset": "standard", "target_score": 250}
    first = store.save_house_rules(db, "Friday", spec, owner=mine)
    fields = editor_fields(target_score="300")
    created(db, post_new(client, ["Ann", "Bob"], **fields, save_as="friday", replace_saved="on"))
    assert [(r.id, r.name, r.spec) for r in store.all_house_rules(db, mine)] == [
        (first.id, "friday", {"preset": "standard", "target_score": 300})
    ]


def test_saving_the_same_rules_under_their_own_name_just_starts_the_game(client, db):
    mine = browser(client)
    store.save_house_rules(db, "Friday", {"preset": "standard", "target_score": 250}, owner=mine)
    fields = editor_fields(target_score="250")
    created(db, post_new(client, ["Ann", "Bob"], **fields, save_as="Friday"))
    assert len(store.all_house_rules(db, mine)) == 1


# --- a game's rules page ------------------------------------------------------------------


def test_a_games_rules_page_shows_its_preset_and_every_changed_option(client, db):
    record = store.create_game(db, GAME)
    response = client.get(f"/g/{record.edit_token}/rules")
    assert response.status_code == 200
    html = main(response.get_data(as_text=True))
    assert "<p>Standard rules, teams: Ann &amp; Cy, Bob &amp; Di." in html
    changed = "Standard, changed: Game to: 250; Bags that cost: never; Moon (Boston) bids: yes."
    assert f"<p>{changed}</p>" in html
    for words in (
        "Game to: <b>250</b>",
        "Bags that cost: <b>never</b>",  # empty: what it means, not "none"
        "Moon (Boston) bids: <b>yes</b>",
    ):
        assert words in html
    assert "Nil bids: <b>yes</b>" in html  # unchanged options are there too, in the same words


def test_a_games_rules_page_is_404_for_an_unknown_game(client):
    assert client.get("/g/no-such-token/rules").status_code == 404


# --- the store ----------------------------------------------------------------------------


def test_the_store_finds_names_whatever_their_case_and_deletes_by_id(db):
    saved = store.save_house_rules(db, "Friday", {"preset": "standard"})
    assert store.house_rules_by_name(db, "FRIDAY") == saved
    assert store.house_rules_by_name(db, "Saturday") is None
    assert store.delete_house_rules(db, saved.id) is True
    assert store.delete_house_rules(db, saved.id) is False
    assert store.house_rules_by_name(db, "Friday") is None


# --- the service ----------------------------------------------------------------------------


def test_forgetting_saved_rules_is_one_use_case_for_their_browser_only(db):
    from scorekeeper.service import kitchen

    saved = store.save_house_rules(db, "Friday", {"preset": "standard"}, owner="b1")
    assert kitchen.forget_house_rules(db, saved.id, "b2") is None  # another browser's
    assert store.house_rules_by_id(db, saved.id, "b1") is not None
    assert kitchen.forget_house_rules(db, 2**63, "b1") is None  # names nothing
    gone = kitchen.forget_house_rules(db, saved.id, "b1")
    assert gone is not None and gone.name == "Friday"
    assert store.house_rules_by_id(db, saved.id, "b1") is None
    assert kitchen.forget_house_rules(db, saved.id, "b1") is None


def test_the_blank_sheet_form_selects_the_saved_rules_it_lists_first(client, db):
    """Issue 34: the form listed the saved rules first but selected Standard."""
    mine = browser(client)
    store.save_house_rules(db, "Club", {"preset": "nyc"}, owner=mine)
    store.save_house_rules(db, "Friday", {"preset": "standard", "target_score": 250}, owner=mine)
    html = client.get("/print/blank").get_data(as_text=True)
    select = html[html.index('<select id="preset"') :]
    select = select[: select.index("</select>")]
    options = re.findall(r'<option( selected)? value="([^"]*)"', select)
    assert options[0][0] == " selected", options  # the first listed is the one chosen
    assert [v for on, v in options if on] == [options[0][1]]
    assert options[0][1].startswith("house-")
    # without saved rules, Standard, first of the presets
    other = client.application.test_client()
    browser(other)  # another browser: none saved
    html = other.get("/print/blank").get_data(as_text=True)
    assert '<option selected value="standard">' in html
