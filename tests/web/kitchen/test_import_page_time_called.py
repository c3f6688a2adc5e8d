"""A club table's game that the director's call of time capped, imported at home through the
web's Import: its game page, read-only sheet, both PDFs, rules line and export say "time was
called" and the round's own 4 hands, word for word as the club table's own pages do (they said
"the last of 3 hands was played")."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper import store
from tests.service.club_night.clubs import time_called_table
from tests.test_pdf import pdf_text


def club_table(client, db, *, last_hand: bool = True):
    """A table the director's call of time capped (``clubs.time_called_table``): its edit and
    read-only tokens and the game file its page exports."""
    table = time_called_table(db, hand_in_play=last_hand)
    exported = client.get(f"/g/{table.edit_token}/game.json").data
    return table.edit_token, table.view_token, exported


def import_file(client, db, body: bytes) -> tuple[str, str]:
    response = client.post("/games/import", data={"file": (io.BytesIO(body), "table-1.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    edit = response.headers["Location"].rsplit("/", 1)[1]
    return edit, store.game_by_edit_token(db, edit).view_token


def page(client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200, address
    return response.get_data(as_text=True)


def said(html: str, css_class: str) -> str:
    """The words of the first element with this class (its tags and spacing dropped)."""
    found = re.search(rf'<p class="[^"]*\b{css_class}\b[^"]*"[^>]*>(.*?)</p>', html, re.S)
    assert found, css_class
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def pdf_result(client, address: str) -> str:
    text = " ".join(pdf_text(client.get(address).data).split())
    return (
        re.search(r"Winner: .*?\)", text).group(0)
        + " | "
        + re.search(r"game to \d+, \d+ hands", text).group(0)
    )


def test_an_imported_tables_game_reads_as_the_club_tables_own_pages(client, db):
    club_edit, club_view, exported = club_table(client, db)
    edit, view = import_file(client, db, exported)
    home = page(client, f"/g/{edit}")
    club = page(client, f"/g/{club_edit}")
    assert said(home, "status") == said(club, "status")
    assert said(home, "status").endswith("time was called.")
    assert said(home, "rules-line") == said(club, "rules-line")
    assert "4 hands" in said(home, "rules-line") and "3 hands" not in home
    shared, club_shared = page(client, f"/v/{view}"), page(client, f"/v/{club_view}")
    assert said(shared, "share-status") == said(club_shared, "share-status")
    assert said(shared, "share-status").endswith(": time was called.")
    assert said(shared, "rules-line") == said(club_shared, "rules-line")
    for mine, theirs in ((f"/g/{edit}", f"/g/{club_edit}"), (f"/v/{view}", f"/v/{club_view}")):
        ours = pdf_result(client, f"{mine}/sheet.pdf")
        assert ours == pdf_result(client, f"{theirs}/sheet.pdf")
        assert ", time was called (" in ours and "game to 500, 4 hands" in ours


def test_export_import_export_gives_the_same_file(client, db):
    _, _, exported = club_table(client, db)
    assert json.loads(exported)["time_called"] == {"round_hands": 4}
    edit, _ = import_file(client, db, exported)
    again = client.get(f"/g/{edit}/game.json").data
    assert again == exported
    edit, _ = import_file(client, db, again)
    assert client.get(f"/g/{edit}/game.json").data == exported


def test_a_game_exported_mid_hand_says_time_is_called_until_its_hand_in_play_is_in(client, db):
    _, club_view, exported = club_table(client, db, last_hand=False)
    edit, view = import_file(client, db, exported)
    home = page(client, f"/g/{edit}")
    assert "Game to 500 or 4 hands; time is called." in said(home, "status")
    shared = page(client, f"/v/{view}")
    assert "Time is called: the table finishes the hand in play" in shared
    assert said(shared, "rules-line") == said(page(client, f"/v/{club_view}"), "rules-line")


def test_a_hand_past_the_cap_is_refused_and_nothing_is_stored(client, db):
    _, _, exported = club_table(client, db)
    edit, _ = import_file(client, db, exported)
    record = store.game_by_edit_token(db, edit)
    players = record.data["players"]
    hand = {f"bid-{i}": "3" for i in range(len(players))}
    hand.update({"ttricks-0": "7", "ttricks-1": "6"})
    response = client.post(f"/g/{edit}/hands", data={"version": record.version, **hand})
    assert response.status_code < 500
    assert store.game_by_edit_token(db, edit).version == record.version
    assert 'id="hand"' not in page(client, f"/g/{edit}")  # no form for a hand past the end


@pytest.mark.parametrize(
    "called, words",
    [
        ({"round_hands": 3}, "time_called: a call of time caps the game&#39;s hands below"),
        ({"round_hands": 0}, "time_called.round_hands must be a whole number from 1 to 1000"),
        ({"hands": 4}, "time_called must be an object with only"),
    ],
)
def test_a_call_of_time_that_cannot_be_is_said_by_the_field(client, db, called, words):
    _, _, exported = club_table(client, db)
    before = store.count_games(db)
    data = {**json.loads(exported), "time_called": called}
    text = json.dumps(data)
    pasted = client.post("/games/import", data={"text": text})
    html = pasted.get_data(as_text=True)
    assert pasted.status_code == 200 and words in html
    assert "Not a game this app can read" in html and "time_called" in html
    chosen = client.post("/games/import", data={"file": (io.BytesIO(text.encode()), "x.json")})
    assert chosen.status_code == 200 and words in chosen.get_data(as_text=True)
    assert store.count_games(db) == before
