"""Sharing: the read-only live sheet, the chart, export and import of the game file."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from markupsafe import escape

from scorekeeper import store
from scorekeeper.rules import dump_game, parse_game
from tests import helpers
from tests.helpers import HAND, listed, remember, store_game


def game_file(hands=(), **extra):
    """Ann & <Cy> (a name to escape) v Bob & Di, who start at 37 with 3 bags."""
    return helpers.game_file(
        hands,
        **{
            "rules": {"preset": "standard", "nil_value": 50},
            "teams": {"Ann & <Cy>": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
            "dealer": "Bob",
            "start": {"Bob & Di": {"score": 37, "bags": 3}},
            **extra,
        },
    )


# --- the read-only page ----------------------------------------------------------------------


def test_read_only_page_shows_the_live_sheet_without_any_form(client, db):
    game = store_game(db, game_file([HAND, HAND]))
    response = client.get(f"/v/{game.view_token}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Ann &amp; &lt;Cy&gt;" in html and "<Cy>" not in html
    assert "<form" not in html and "<input" not in html and "<button" not in html
    assert game.edit_token not in html  # the view link never leads to the edit link
    assert re.search(r'class="share-score">140<', html)
    assert re.search(r'class="share-score">139<', html)  # 37 + 51 + 51
    assert f'data-version="{game.version}"' in html
    assert f'href="/v/{game.view_token}"' in html  # Refresh without JavaScript
    assert "view.js" in html
    assert f"/v/{game.view_token}/chart.svg" in html


def test_version_endpoint_moves_on_when_a_hand_is_saved(client, db):
    game = store_game(db, game_file([HAND]))
    before = client.get(f"/v/{game.view_token}/version.json").get_json()
    assert before["version"] == game.version
    store.save_game(db, game, game_file([HAND, HAND]), action=store.Action("add_hand", 2))
    after = client.get(f"/v/{game.view_token}/version.json")
    assert after.get_json()["version"] == game.version + 1
    assert after.headers["Cache-Control"] == "no-store"


def test_unknown_view_token_is_not_found(client):
    assert client.get("/v/nope").status_code == 404
    assert client.get("/v/nope/chart.svg").status_code == 404
    assert client.get("/v/nope/version.json").status_code == 404


def write_endpoints(app):
    """Every rule that accepts a POST (or other write) and is addressed by a game token."""
    for rule in app.url_map.iter_rules():
        methods = rule.methods & {"POST", "PUT", "PATCH", "DELETE"}
        if methods and "token" in rule.arguments:
            yield rule, methods


def test_view_token_reaches_no_write_endpoint(app, client, db):
    game = store_game(db, game_file([HAND]))
    endpoints = list(write_endpoints(app))
    names = {rule.endpoint for rule, _ in endpoints}
    assert {"library.rematch", "library.delete"} <= names  # and whatever else exists
    for rule, methods in endpoints:
        values = {arg: 1 for arg in rule.arguments}
        values["token"] = game.view_token
        url = rule.build(values, append_unknown=False)[1]
        for method in methods:
            response = client.open(url, method=method, data={"confirm": "y"})
            assert response.status_code == 404, (rule.rule, method)
    for path in ("/game.json", "/chart.svg", "/delete"):
        assert client.get(f"/g/{game.view_token}{path}").status_code == 404
    assert store.count_games(db) == 1
    assert store.game_by_edit_token(db, game.edit_token) == game  # nothing changed


# --- the chart -------------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["view", "edit"])
def test_chart_is_svg_with_one_line_per_side(client, db, by):
    game = store_game(db, game_file([HAND, HAND]))
    url = f"/v/{game.view_token}/chart.svg" if by == "view" else f"/g/{game.edit_token}/chart.svg"
    response = client.get(url)
    assert response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.get_data())
    lines = root.findall(".//{http://www.w3.org/2000/svg}polyline")
    assert [line.get("data-side") for line in lines] == ["Ann & <Cy>", "Bob & Di"]
    assert "Ann &amp; &lt;Cy&gt;" in response.get_data(as_text=True)


# --- export and import -----------------------------------------------------------------------


def test_export_downloads_the_stored_game_file_named_after_the_players(client, db):
    game = store_game(db, game_file([HAND, {"misdeal": True}]))
    response = client.get(f"/g/{game.edit_token}/game.json")
    assert response.mimetype == "application/json"
    day = game.updated_at[:10]
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="spades-ann-bob-cy-di-{day}.json"'
    )
    assert json.loads(response.get_data()) == game.data


def test_export_then_import_round_trips(client, db):
    game = store_game(db, game_file([HAND, {"misdeal": True, "note": "déjà vu"}, HAND]))
    exported = client.get(f"/g/{game.edit_token}/game.json").get_data()
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(exported), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[-1]
    imported = store.game_by_edit_token(db, token)
    assert imported.id != game.id
    assert dump_game(parse_game(imported.data)) == dump_game(parse_game(game.data))
    assert listed(db, client)[0] == token


def test_pasted_game_file_is_imported_and_its_result_stored(client, db):
    data = game_file([HAND] * 8)  # 560 >= 500: Ann & <Cy> have won
    response = client.post("/games/import", data={"text": json.dumps(data)})
    token = response.headers["Location"].rsplit("/", 1)[-1]
    imported = store.game_by_edit_token(db, token)
    assert imported.finished and imported.winner == "Ann & <Cy>"


BAD_IMPORTS = [
    ("{not json", "not valid JSON (line 1, column 2)"),
    (json.dumps({**game_file(), "format": "other/2"}), "format must be"),
    (json.dumps(game_file([{"bids": HAND["bids"], "tricks": {"Ann": 13}}])), "hand 1:"),
    (json.dumps(game_file(players=["Ann"])), "2 to 6 players"),
    ("[1, 2]", "Not a game this app can read"),
]


@pytest.mark.parametrize(("text", "message"), BAD_IMPORTS)
def test_bad_pasted_file_shows_the_message_next_to_the_field_and_keeps_the_text(
    client, db, text, message
):
    response = client.post("/games/import", data={"text": text})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    error = re.search(r'<p class="error" id="text-error">(.*?)</p>', html, re.S)
    assert error and message in error.group(1).replace("&#34;", '"').replace("&#39;", "'")
    textarea = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S).group(1)
    assert textarea.strip() == str(escape(text))
    assert store.count_games(db) == 0


def test_bad_uploaded_file_shows_the_message_next_to_the_file_field(client, db):
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(b"\xff\xfe not text"), "game.json")},
        content_type="multipart/form-data",
    )
    html = response.get_data(as_text=True)
    assert re.search(r'id="file-error">This file is not a text', html)
    assert store.count_games(db) == 0


def test_import_with_nothing_asks_for_a_file(client):
    html = client.post("/games/import", data={}).get_data(as_text=True)
    assert 'id="file-error">Choose a game file, or paste one below.' in html


def test_too_large_upload_is_explained_on_the_import_page(client, db):
    big = b" " * (2 * 1024 * 1024 + 10)
    response = client.post(
        "/games/import",
        data={"file": (io.BytesIO(big), "game.json")},
        content_type="multipart/form-data",
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 413
    assert 'id="file-error">That is too large to be a game file: at most 2 MB' in html
    assert store.count_games(db) == 0


def test_import_needs_csrf(csrf_app):
    client = csrf_app.test_client()
    assert client.get("/games/import").status_code == 200
    response = client.post("/games/import", data={"text": json.dumps(game_file())})
    assert response.status_code == 400


# --- the game page's links, and the CSP ------------------------------------------------------


def test_game_page_offers_share_link_chart_file_rematch_and_delete(csrf_app):
    db = store.connect(csrf_app.config["DATABASE"])
    game = store_game(db, game_file([HAND]))
    html = csrf_app.test_client().get(f"/g/{game.edit_token}").get_data(as_text=True)
    links = re.search(r'<section class="card game-links".*?</section>', html, re.S).group(0)
    assert f'value="http://localhost/v/{game.view_token}"' in links  # copyable, absolute
    assert f'src="/g/{game.edit_token}/chart.svg' in links
    assert f'href="/g/{game.edit_token}/game.json"' in links
    assert 'href="/games/import"' in links
    assert f'href="/g/{game.edit_token}/delete"' in links
    rematch = re.search(r'<form method="post" action="([^"]+)">\s*<input([^>]+)>', links)
    assert rematch.group(1) == f"/g/{game.edit_token}/rematch"
    assert 'name="csrf_token"' in rematch.group(2)


def test_read_only_page_has_no_edit_links(client, db):
    game = store_game(db, game_file([HAND, HAND]))
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert "/hands/" not in html and "/g/" not in html


@pytest.mark.parametrize("page", ["view", "import", "delete", "home", "game"])
def test_pages_keep_to_the_csp(client, db, page):
    """No inline style or script and no on* handlers: the CSP would block them."""
    game = store_game(db, game_file([HAND]))
    remember(db, client, game.edit_token)
    url = {
        "view": f"/v/{game.view_token}",
        "import": "/games/import",
        "delete": f"/g/{game.edit_token}/delete",
        "home": "/",
        "game": f"/g/{game.edit_token}",
    }[page]
    html = client.get(url).get_data(as_text=True)
    assert " style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert not re.search(r"\son[a-z]+=", html)


def test_too_large_paste_is_explained_even_before_the_csrf_check(csrf_app):
    client = csrf_app.test_client()
    response = client.post(
        "/games/import", data={"text": "x" * 600_000}, content_type="multipart/form-data"
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 413
    assert 'id="file-error">That is too large to be a game file' in html
    assert "500 KB pasted" in html


def test_read_only_page_says_why_the_game_ended_and_when_in_the_viewers_time(client, db):
    data = game_file([HAND], start={"Ann & <Cy>": {"score": 480, "bags": 0}})
    game = store_game(db, data)
    html = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert "<strong>Ann &amp; &lt;Cy&gt; won</strong>: reached 500." in html
    assert "(target)" not in html
    stamp = game.updated_at
    assert f'<time datetime="{stamp}">{stamp[:16].replace("T", " ")} UTC</time>' in html
    assert "/static/view.js" in html  # which writes the time in the viewer's own zone


def test_read_only_page_shows_no_bag_counts_without_a_bag_penalty(client, db):
    html = client.get(f"/v/{store_game(db, game_file([HAND])).view_token}").get_data(as_text=True)
    assert 'class="share-bags"' in html
    nyc = store_game(db, {**game_file([]), "rules": "nyc"})
    assert 'class="share-bags"' not in client.get(f"/v/{nyc.view_token}").get_data(as_text=True)
