"""The read-only link's page (issue 23): why a hand scored, with nothing that writes, and the
link as a QR code made here."""

from __future__ import annotations

import re

from tests.helpers import HAND, game_file, store_game


def test_a_hands_why_shows_on_the_read_only_page_and_nothing_there_writes(client, db):
    game = store_game(db, game_file([HAND, HAND]))
    html = client.get(f"/v/{game.view_token}?hand=2").get_data(as_text=True)
    assert re.search(r'<section class="card why-card" id="hand"', html)
    assert "Hand 2: why it scored so" in html and "Dealt by" in html
    assert '<a href="?hand=1#hand">1</a>' in html  # each hand's number leads to its why
    assert "<form" not in html and "<input" not in html and "<button" not in html
    assert game.edit_token not in html
    for asked in ("", "?hand=0", "?hand=3", "?hand=x", "?hand=99999999999999999999"):
        page = client.get(f"/v/{game.view_token}{asked}")
        assert page.status_code == 200 and 'id="hand"' not in page.get_data(as_text=True)


def test_the_read_only_link_as_a_qr_code_reads_back_as_the_link(client, db):
    game = store_game(db, game_file([HAND]))
    answer = client.get(f"/v/{game.view_token}/qr.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    assert "<script" not in svg and "href" not in svg  # a picture, nothing it loads
    assert client.get("/v/no-such-game/qr.svg").status_code == 404
    edit = client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    assert f'<img src="/v/{game.view_token}/qr.svg" alt="QR code of the read-only link"' in edit
    view = client.get(f"/v/{game.view_token}").get_data(as_text=True)
    assert f'<img src="/v/{game.view_token}/qr.svg"' in view
