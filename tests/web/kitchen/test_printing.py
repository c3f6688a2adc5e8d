"""The printing pages: a game's sheet as PDF by edit or view link, and the blank-sheet form."""

from __future__ import annotations

import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game

NAMES = ["<b>Ann</b>", "Bob", "Cy", "Di"]


def game_file(hands: int = 3) -> dict:
    played = [
        {
            "bids": {"<b>Ann</b>": 3, "Bob": 4, "Cy": 2, "Di": 3},
            "tricks": {"<b>Ann</b>": 4, "Bob": 3, "Cy": 2, "Di": 4},
        }
    ] * hands
    return {
        "format": "spades-scorekeeper/1",
        "rules": "standard",
        "players": NAMES,
        "teams": {"<b>Ann</b> & Cy": ["<b>Ann</b>", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "hands": played,
    }


def text_of(body: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-", "-"], input=body, capture_output=True, check=True
    ).stdout.decode()


def page_height(body: bytes) -> int:
    return round(float(PdfReader(io.BytesIO(body)).pages[0].mediabox.height))


@pytest.fixture
def game(db):
    return store.create_game(db, game_file(), title="Friday <i>night</i>")


@pytest.mark.parametrize("link", ["edit", "view"])
def test_a_game_sheet_downloads_as_pdf_by_either_link(client, game, link):
    url = f"/g/{game.edit_token}/sheet.pdf" if link == "edit" else f"/v/{game.view_token}/sheet.pdf"
    response = client.get(url)
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == 'attachment; filename="friday-i-night-i.pdf"'
    text = text_of(response.data)
    sheet = score_game(parse_game(game_file()))
    for word in [*NAMES, "Friday <i>night</i>", *map(str, sheet.totals.values())]:
        assert word in text


def test_the_view_link_does_not_open_the_edit_sheet(client, game):
    assert client.get(f"/g/{game.view_token}/sheet.pdf").status_code == 404
    assert client.get("/v/not-a-token/sheet.pdf").status_code == 404


def test_paper_size_comes_from_the_setting_or_the_link(tmp_path, game, app):
    client = app.test_client()
    assert page_height(client.get(f"/g/{game.edit_token}/sheet.pdf").data) == 792
    assert page_height(client.get(f"/g/{game.edit_token}/sheet.pdf?paper=a4").data) == 842
    app.config["PAPER_SIZE"] = "a4"
    assert page_height(client.get(f"/g/{game.edit_token}/sheet.pdf").data) == 842


def test_a_game_that_cannot_be_scored_is_explained_not_a_500(client, db):
    data = game_file()
    data["hands"][0] = {**data["hands"][0], "tricks": {"<b>Ann</b>": 9, "Bob": 9, "Cy": 0, "Di": 0}}
    broken = store.create_game(db, data)
    response = client.get(f"/g/{broken.edit_token}/sheet.pdf")
    assert response.status_code == 409
    assert "cannot be shown, changed or printed" in response.get_data(as_text=True)


def test_the_blank_sheet_form_labels_every_field(client):
    page = client.get("/print/blank").get_data(as_text=True)
    for label in ("Players", "Player 1 (first dealer)", "Rules", "Hand rows", "Paper"):
        assert f">{label}" in page
    for choice in ("Partners sit opposite", "One sheet a page", "Two sheets a page"):
        assert re.search(r'<label class="choice"><input [^>]*> ' + re.escape(choice), page)
    assert 'action="/print/blank"' in page


def test_the_blank_sheet_form_returns_the_pdf(client):
    response = client.post(
        "/print/blank",
        data={"players": "4", "teams": "y", "name1": "Ann", "name2": "<b>Bob</b>", "name3": "Cy",
              "name4": "Di", "preset": "nyc", "rows": "10", "per_page": "1", "pages": "1",
              "paper": "a4", "title": ""},
    )  # fmt: skip
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = text_of(response.data)
    assert "Ann & Cy" in text and "<b>Bob</b> & Di" in text and "NYC rules" in text
    assert page_height(response.data) == 842


def test_a_blank_sheets_names_enter_clean_as_a_games_do(client):
    """One statement for names (rules.names.clean_name): a pasted right-to-left override or a
    doubled space is dropped, a control character refused by its field; the pad printed them."""
    fields = {"players": "4", "teams": "y", "name1": "Ann  \u202eSmith", "name2": "Bob",
              "name3": "Cy", "name4": "Di", "preset": "standard", "per_page": "1",
              "pages": "1", "paper": "letter"}  # fmt: skip
    response = client.post("/print/blank", data=fields)
    assert response.mimetype == "application/pdf"
    assert "Ann Smith & Cy" in text_of(response.data)
    refused = client.post("/print/blank", data={**fields, "name2": "Bob\x1b"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'id="name2-error"' in page and "control character (U+001B)" in page


@pytest.mark.parametrize("rows", ["0", "61", "many"])
def test_a_bad_row_count_is_shown_next_to_the_field(client, rows):
    response = client.post(
        "/print/blank",
        data={"players": "4", "preset": "standard", "rows": rows, "per_page": "1",
              "paper": "letter", "pages": "1"},
    )  # fmt: skip
    assert response.status_code == 422 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert 'id="rows-error"' in page
    assert f'value="{rows}"' in page


def test_the_blank_sheet_form_needs_its_csrf_token(csrf_app):
    response = csrf_app.test_client().post("/print/blank", data={"players": "4"})
    assert response.status_code == 400


def test_the_home_page_links_to_blank_sheets(client):
    assert 'href="/print/blank"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        (
            "name2",
            "Bartholomew Montgomery-Smythe III",
            "Keep it to 30 characters: this one has 33.",
        ),
        ("title", "T" * 61, "Keep it to 60 characters: this one has 61."),
    ],
)
def test_a_blank_sheet_name_too_long_is_refused_by_its_field_not_cut(client, field, text, message):
    response = client.post(
        "/print/blank",
        data={"players": "4", "preset": "standard", "per_page": "1", "paper": "letter",
              "pages": "1", field: text},
    )  # fmt: skip
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert f'value="{text}"' in page


@pytest.mark.parametrize("second", ["ann", "ANN", " Ann ", "A\u200bnn"])
def test_a_blank_sheet_refuses_one_person_named_twice_by_the_field_as_a_new_game_does(
    client, second
):
    """The new game's rule (rules.names.typed_twice): "ann" after "Ann" is one person twice."""
    fields = {"players": "4", "preset": "standard", "per_page": "1", "paper": "letter",
              "pages": "1", "name1": "Ann", "name2": "Bob", "name3": second,
              "name4": "Di"}  # fmt: skip
    response = client.post("/print/blank", data=fields)
    assert response.status_code == 422 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert '<p class="error" id="name3-error">' in page and "is typed twice" in page
    assert 'id="name1-error"' not in page
    seats = {f"player-{i}": n for i, n in enumerate(["Ann", "Bob", second, "Di"])}
    new_game = client.post("/games/new", data=seats)
    assert new_game.status_code == 422 and "is typed twice" in new_game.get_data(as_text=True)


def test_a_blank_sheet_names_a_seat_not_printed_freely(client):
    """A name typed for a sixth seat of a four-player sheet is not printed: not a second Ann."""
    response = client.post(
        "/print/blank",
        data={"players": "4", "preset": "standard", "per_page": "1", "paper": "letter",
              "pages": "1", "name1": "Ann", "name6": "ann"},
    )  # fmt: skip
    assert response.mimetype == "application/pdf"


def test_a_blank_sheet_name_is_trimmed(client):
    response = client.post(
        "/print/blank",
        data={"players": "2", "preset": "standard", "per_page": "1", "paper": "letter",
              "pages": "1", "name1": "  Ann  ", "name2": "Bob"},
    )  # fmt: skip
    assert response.mimetype == "application/pdf"
    assert "Ann" in text_of(response.data) and "  Ann" not in text_of(response.data)


@pytest.mark.parametrize("preset", ["call-break", "cutthroat"])
def test_a_blank_sheet_of_a_preset_without_partners_has_a_column_for_each_player(client, preset):
    """The form's "Partners sit opposite" box is ticked by default: a newcomer who chose Call
    Break ("four players without partners") got a sheet of two teams, Ann & Cy against Bob & Di."""
    response = client.post(
        "/print/blank",
        data={"players": "4", "teams": "y", "name1": "Ann", "name2": "Bob", "name3": "Cy",
              "name4": "Di", "preset": preset, "rows": "5", "per_page": "1", "pages": "1",
              "paper": "letter", "title": ""},
    )  # fmt: skip
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = text_of(response.data)
    assert "Ann & Cy" not in text
    assert text.count("Bid") == 4  # a column group for each of the four players


def test_a_pdfs_file_name_keeps_accented_letters_as_the_game_file_does(client, db):
    """ "Éva Łukasiewicz" names her files eva-lukasiewicz-…, the sheet as the game file: the
    sheet's name dropped the É (and both the Ł), "va-ukasiewicz-vs-…"."""
    data = {**game_file(0), "players": ["Éva Łukasiewicz", "Bob", "Cy", "Di"], "rules": "cutthroat"}
    del data["teams"]
    game = store.create_game(db, data)
    sheet = client.get(f"/g/{game.edit_token}/sheet.pdf").headers["Content-Disposition"]
    assert sheet.startswith('attachment; filename="eva-lukasiewicz-vs-bob-vs-cy')
    exported = client.get(f"/g/{game.edit_token}/game.json").headers["Content-Disposition"]
    assert exported.startswith('attachment; filename="spades-eva-lukasiewicz-bob-cy-di-')
