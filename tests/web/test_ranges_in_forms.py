"""Every number a form takes has a range, said next to its field before the engine is asked:
bad input is a 4xx with a message by the field, never a 500 and never a stored game."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.rules import MAX_START_BAGS, MAX_START_SCORE, OPTIONS
from scorekeeper.web.fields import whole_number
from scorekeeper.web.kitchen import option_range
from tests.helpers import HAND, editor_fields, game_file, post_new, store_game

FOUR = ["Ann", "Bob", "Cy", "Di"]
HUGE = "9" * 5000  # more digits than int() reads
ZEROS = "1" + "0" * 400  # fine for int(), too big for WTForms' float conversion
# Text that is not a whole number a person means, and text str.isdigit() takes but int() does not.
NOT_WHOLE = ["abc", "1.5", "1e3", "²", "①", "٣", "12 34", "", "--5", HUGE, ZEROS, "\x00", "9" * 19]


NEXT_FIELD = re.compile(r"<(label|input|select|fieldset|textarea)\b")


def message_by(html: str, anchor: str) -> str:
    """The error shown next to a field: after the field's ``anchor`` (its id, or its pad's
    data-name) and before the next field or label."""
    start = html.index(">", html.index(anchor))
    end = NEXT_FIELD.search(html, start)
    found = re.compile(r'<p class="error"[^>]*>([^<]*)</p>').search(html, start, end.start())
    assert found, f"no error by {anchor}"
    return found.group(1).replace("&#39;", "'").replace("&#34;", '"').replace("&amp;", "&")


# --- the number reader ----------------------------------------------------------------------


@pytest.mark.parametrize("text", NOT_WHOLE)
def test_only_ascii_whole_numbers_of_a_few_digits_are_read(text):
    with pytest.raises(ValueError):
        whole_number(text)


@pytest.mark.parametrize(
    ("text", "value"), [("0", 0), ("007", 7), ("-40", -40), ("\u221240", -40), (" 12 ", 12)]
)
def test_whole_numbers_read(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize(("text", "ok"), [("0", False), ("1", True), ("52", True), ("53", False)])
def test_a_range_is_checked_when_reading(text, ok):
    if ok:
        assert whole_number(text, 1, 52) == int(text)
    else:
        with pytest.raises(ValueError):
            whole_number(text, 1, 52)


# --- the new game: every number option ---------------------------------------------------------

NUMBER_OPTIONS = [o for o in OPTIONS if o.minimum is not None]


@pytest.mark.parametrize("option", NUMBER_OPTIONS, ids=lambda o: o.name)
def test_every_number_option_shows_its_range_in_its_hint(client, option):
    html = client.get("/games/new").get_data(as_text=True)
    hint = re.search(rf'<p class="hint" id="o-{option.name}-help">(.*?)</p>', html, re.S)[1]
    assert f"{option.minimum} to {option.maximum}" in hint


@pytest.mark.parametrize(
    ("option", "typed"),
    [(o, o.maximum + 1) for o in NUMBER_OPTIONS]
    + [(o, o.minimum - 1) for o in NUMBER_OPTIONS]
    + [(o, bad) for o in NUMBER_OPTIONS[:3] for bad in ("abc", "1.5", "²", "①", HUGE, ZEROS)],
    ids=lambda v: v.name if hasattr(v, "name") else str(v)[:12],
)
def test_an_option_out_of_its_range_is_refused_by_its_field(client, db, option, typed):
    response = post_new(client, FOUR, **editor_fields(**{option.name: str(typed)}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = message_by(html, f'id="o-{option.name}"')
    assert message == f"{option.label}: {option_range(option)}."
    assert f'aria-describedby="o-{option.name}-help" aria-invalid="true"' in html
    assert store.count_games(db) == 0


def test_the_issue_s_example_reads_as_promised(client):
    html = post_new(client, FOUR, **editor_fields(target_score="0")).get_data(as_text=True)
    assert message_by(html, 'id="o-target_score"') == "Game to: 1 to 100000."


def test_a_million_tricks_in_a_hand_is_refused_before_any_pad_is_built(client, db):
    response = post_new(client, FOUR, **editor_fields(tricks_per_hand="1000000"))
    assert response.status_code == 422
    assert message_by(response.get_data(as_text=True), 'id="o-tricks_per_hand"') == (
        "Tricks in a hand: 1 to 52, or empty."
    )
    assert store.count_games(db) == 0


SCORES = f"{-MAX_START_SCORE} to {MAX_START_SCORE}"


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [("start-score-0", bad, f"Score: {SCORES}.") for bad in NOT_WHOLE if bad]
    + [
        ("start-score-1", str(MAX_START_SCORE + 1), f"Score: {SCORES}."),
        ("start-bags-0", "-1", f"Bags: 0 to {MAX_START_BAGS}."),
        ("start-bags-2", "①", f"Bags: 0 to {MAX_START_BAGS}."),
        ("start-bags-3", HUGE, f"Bags: 0 to {MAX_START_BAGS}."),
    ],
    ids=lambda v: v[:12] if isinstance(v, str) else str(v),
)
def test_start_scores_and_bags_are_refused_by_their_field(client, db, field, typed, message):
    response = post_new(client, FOUR, **{field: typed})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message_by(html, f'id="{field}"') == message
    assert f'aria-invalid="true" aria-describedby="{field}-error"' in html
    assert '<details class="card" open>' in html  # the paper-game section is open to show it
    assert store.count_games(db) == 0


@pytest.mark.parametrize("dealer", ["²", "①", "6", "-1", "9" * 5000, "0x1", "first "])
def test_a_dealer_who_is_not_a_seat_is_refused_by_its_field(client, dealer):
    response = post_new(client, FOUR, dealer=dealer)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message_by(html, 'for="dealer"').startswith("Choose a player who is in the game")


# --- a hand: bids, tricks, renege, adjust ---------------------------------------------------

GOOD = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "2", "ttricks-0": "7", "ttricks-1": "6"}


@pytest.fixture
def game(db):
    return store_game(db, game_file([HAND]))


BAD_HAND = [
    *[("bid-0", bad, 'data-name="bid-0"', "Ann's bid: tap one of the keys, 0 to 13.")
      for bad in ("abc", "1.5", "blind x", "blind ²", HUGE, "²", "①", "14", "-1", "blind 99")],
    ("ttricks-0", "abc", 'data-name="ttricks-0"', "Ann & Cy tricks: 0 to 13."),
    ("ttricks-1", HUGE, 'data-name="ttricks-1"', "Bob & Di tricks: 0 to 13."),
    ("ttricks-1", "14", 'data-name="ttricks-1"', "Bob & Di tricks: 0 to 13."),
    ("renege", "²", 'class="renege', "Choose the side that reneged."),
    ("renege", "①", 'class="renege', "Choose the side that reneged."),
    ("renege", "9" * 30, 'class="renege', "Choose the side that reneged."),
    ("renege-tricks", "①", 'id="renege-tricks"', "Penalty tricks: 0 to 13."),
    ("renege-tricks", "99", 'id="renege-tricks"', "Penalty tricks: 0 to 13."),
    ("adjust-1", HUGE, 'id="adjust-1"', "Bob & Di: a whole number of points, -10000 to 10000."),
    ("adjust-0", "10001", 'id="adjust-0"', "Ann & Cy: a whole number of points, -10000 to 10000."),
    ("adjust-0", "1.5", 'id="adjust-0"', "Ann & Cy: a whole number of points, -10000 to 10000."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("field", "typed", "anchor", "message"), BAD_HAND, ids=lambda v: str(v)[:12]
)
def test_a_bad_hand_field_is_refused_by_the_field(client, db, game, field, typed, anchor, message):
    fields = {**GOOD, field: typed}
    if field == "renege-tricks":
        fields["renege"] = "0"
    response = client.post(f"/g/{game.edit_token}/hands", data={"version": "1", **fields})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message_by(html, anchor) == message
    assert 'value="Not saved' not in html and "Not saved: check the marked fields." in html
    assert store.game_by_edit_token(db, game.edit_token).version == 1


@pytest.mark.parametrize("bid", ["abc", "1.5", "blind x", HUGE, "²", "①"])
def test_a_bad_bid_in_the_tricks_step_s_address_keeps_the_bids_step(client, game, bid):
    query = {**{k: v for k, v in GOOD.items() if k.startswith("bid")}, "bid-2": bid}
    response = client.get(f"/g/{game.edit_token}", query_string={**query, "step": "tricks"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message_by(html, 'data-name="bid-2"') == "Cy's bid: tap one of the keys, 0 to 13."
    assert "Bids are in: tricks next" in html  # still the bids step


@pytest.mark.parametrize("query", ["hand=99999999999999999999", "hand=²", "hand=-1", "hand=x"])
def test_a_hand_number_in_the_address_that_names_no_hand_shows_the_game(client, game, query):
    response = client.get(f"/g/{game.edit_token}?{query}")
    assert response.status_code == 200
    assert "Hand 2: bids" in response.get_data(as_text=True)


# --- blank sheets -------------------------------------------------------------------------

BLANK = {"players": "4", "preset": "standard", "per_page": "1", "paper": "letter"}


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [("pages", bad, "Pages: a whole number, 1 to 20.") for bad in ("0" * 400, ZEROS, "²", "21")]
    + [("rows", bad, "Hand rows: a whole number, 1 to 60.") for bad in (ZEROS, "①", "0")]
    + [
        ("target_score", bad, "Game to: a whole number, 1 to 100000.")
        for bad in (ZEROS, "1" + "0" * 5000, "²", "100001", "1.5")
    ],
    ids=lambda v: v[:12] if isinstance(v, str) else str(v),
)
def test_blank_sheet_numbers_are_refused_by_their_field(client, field, typed, message):
    response = client.post("/print/blank", data={**BLANK, field: typed})
    assert response.status_code == 422 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', html)[1] == message


def test_blank_sheet_number_fields_carry_their_range(client):
    html = client.get("/print/blank").get_data(as_text=True)
    assert re.search(r'<input[^>]*id="pages"[^>]*max="20"[^>]*min="1"', html)
    assert re.search(r'<input[^>]*id="target_score"[^>]*max="100000"[^>]*min="1"', html)


# --- ids in the address -------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/games/new?rules=99999999999999999999",
        "/games/new?rules=9223372036854775808",
        "/games/new?rules=-1",
        "/games/new?rules=²",
        "/games/new?rules=abc",
        "/house-rules/99999999999999999999/delete",
        "/house-rules/9223372036854775808/delete",
        "/g/x/hands/99999999999999999999",
    ],
)
def test_ids_out_of_sqlite_s_range_name_nothing(client, url):
    assert client.get(url).status_code == 404
    if "delete" in url:
        # Werkzeug checks a rule's method before its numbers: the GET rule at this address
        # matches all but the method, the POST rule refuses the number, so a POST is a 405
        # (tests/web/test_url_numbers.py takes every int link the same way); never a 500.
        assert client.post(url).status_code in (404, 405)


def test_the_import_size_stays_capped(client, app):
    assert app.config["MAX_CONTENT_LENGTH"] == 2 * 1024 * 1024
    response = client.post("/games/import", data={"text": "x" * (3 * 1024 * 1024)})
    assert response.status_code == 413
