"""What the phone's offline pieces ask of the server (issue 17): the worker served from the
app's root, the game's version for a page brought back or hands sent late, the version on every
game page, and the page with every pad of the next hand that a phone keeps for going offline."""

from __future__ import annotations

import re

from scorekeeper import store
from tests.helpers import HAND, game_file


def test_the_worker_is_served_from_the_root_so_its_scope_covers_the_game_pages(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    body = response.get_data(as_text=True)
    assert "importScripts" not in body and "http" not in body  # its own code only


def test_the_version_answer_names_the_version_hands_and_a_fresh_csrf_token(client, db):
    record = store.create_game(db, game_file([HAND]))
    answer = client.get(f"/g/{record.edit_token}/version")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    data = answer.get_json()
    assert data["version"] == record.version and data["hands"] == 1 and data["csrf"]
    assert client.get("/g/no-such-game/version").status_code == 404


def test_every_game_page_says_its_version_and_a_save_lands_on_the_next(client, db):
    record = store.create_game(db, game_file())
    page = client.get(f"/g/{record.edit_token}")
    assert page.headers["X-Game-Version"] == str(record.version)
    assert f'data-version="{record.version}"' in page.get_data(as_text=True)
    fields = {"version": str(record.version), "bid-0": "3", "bid-1": "3", "bid-2": "4",
              "bid-3": "3", "ttricks-0": "7", "ttricks-1": "6", "hand_no": "1"}  # fmt: skip
    saved = client.post(f"/g/{record.edit_token}/hands", data=fields, follow_redirects=True)
    assert saved.status_code == 200
    assert int(saved.headers["X-Game-Version"]) > record.version
    assert saved.headers["X-Game-Version"] == str(
        store.game_by_edit_token(db, record.edit_token).version
    )


def test_the_kept_page_has_every_pad_of_the_next_hand_on_one_form(client, db):
    record = store.create_game(db, game_file([HAND]))
    html = client.get(f"/g/{record.edit_token}?step=both").get_data(as_text=True)
    assert "Hand 2: bids and tricks" in html
    assert 'method="post"' in html and 'name=hand_no value="2"' in html
    for name in ("bid-0", "bid-1", "bid-2", "bid-3", "ttricks-0", "ttricks-1"):
        assert f"name={name} " in html, name
    assert "Save hand 2" in html


def test_the_no_network_page_the_worker_keeps_has_its_slots_and_the_apps_headers(client):
    """static/sw.js fills in #what (what needed the network) and shows #back (the way back to
    the game): the page it keeps must have both, as the worker's patterns read them."""
    response = client.get("/offline")
    assert response.status_code == 200 and "no-cache" in response.headers["Cache-Control"]
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    html = response.get_data(as_text=True)
    assert '<p id="what">This page needs the network.</p>' in html
    assert re.search(r'<p id="back" hidden><a [^>]*href="/"', html)
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"offline"' in worker and 'id=\\"back\\"' in worker and '<p id="what">' in worker
