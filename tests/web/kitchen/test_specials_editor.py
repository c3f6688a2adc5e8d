"""The rules editor's specials and bonuses: a table switches on the catalogue's, changes their
values, names its own; each mistake is refused by its field, with what was typed kept."""

from __future__ import annotations

from scorekeeper import store
from scorekeeper.rules import parse_game
from scorekeeper.web.kitchen.game_page import extras_pads
from tests.helpers import editor_fields, game_file, post_new


def started(db, response):
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    token = response.headers["Location"].rsplit("/", 1)[1]
    return store.game_by_edit_token(db, token).data["rules"]


def test_a_table_switches_on_bemo_and_names_its_own(client, db):
    fields = {**editor_fields(), "sp-little_bemo": "on", "sp-aces": "on", "sp-aces-made": "150",
              "own-sp-0-name": "Grand slam", "own-sp-0-made": "250", "own-sp-0-failed": "-250",
              "bo-last_trick": "on", "bo-dix": "on", "bo-dix-value": "5", "bo-bag_card": "on",
              "own-bo-0-name": "Bonus trick", "own-bo-0-value": "25",
              "own-bo-0-exact": "on"}  # fmt: skip
    rules = started(db, post_new(client, **fields))
    assert rules == {
        "preset": "standard",
        "specials": ["little_bemo", {"name": "aces", "made": 150},
                     {"name": "Grand slam", "made": 250, "failed": -250}],
        "bonuses": [{"name": "dix", "value": 5}, "last_trick", "bag_card",
                    {"name": "Bonus trick", "value": 25, "exact": True}],
    }  # fmt: skip


def test_a_game_without_them_has_none(client, db):
    assert started(db, post_new(client, **editor_fields())) == {"preset": "standard"}


def test_a_value_out_of_range_is_refused_by_its_field(client):
    fields = {**editor_fields(), "sp-little_bemo": "on", "sp-little_bemo-made": "100000"}
    response = post_new(client, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    field = html[html.index('id="sp-little_bemo-made"') :]
    assert 'value="100000" aria-invalid="true"' in field[:200]
    assert "Little Bemo made: a whole number of points, -10000 to 10000." in field[:600]


def test_an_own_name_the_engine_refuses_is_said_by_the_specials(client):
    fields = {**editor_fields(), "own-sp-0-name": "Aces", "own-sp-0-made": "5"}
    response = post_new(client, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Aces is the name of one of the catalogue" in html
    assert 'value="Aces"' in html  # kept


def test_a_form_sent_back_keeps_what_was_switched_on(client):
    fields = {**editor_fields(), "sp-big_moe": "on", "sp-big_moe-failed": "-300"}
    response = post_new(client, ["Ann"], **fields)  # one player: refused
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="sp-big_moe" name="sp-big_moe" value="on" checked' in html
    assert 'name="sp-big_moe-failed" value="-300"' in html


def test_the_doubling_special_is_switched_on_without_values(client, db):
    """Wikipedia's Last 3 out of 5, 9 or Above doubles the bid's points: on or off, no made or
    failed field (as the bag-cancelling card), and its pad says what made scores."""
    editor = client.get("/games/new").get_data(as_text=True)
    assert 'id="sp-last_three_high"' in editor and 'id="sp-last_three_high-made"' not in editor
    rules = started(db, post_new(client, **{**editor_fields(), "sp-last_three_high": "on"}))
    assert rules == {"preset": "standard", "specials": ["last_three_high"]}
    game = parse_game(game_file(rules=rules))
    hints = {p.label: p.hint for p in extras_pads(game, 13)}
    assert hints["Ann & Cy: Last 3 of 5, 9 or above"] == (
        "made with the bid exactly: the bid's points doubled"
    )


def test_points_typed_on_a_row_of_ones_own_without_a_name_are_refused_by_the_name(client):
    """A row of one's own with points but no name was dropped without a word: the scorer's 250
    lost, the game started without the special."""
    fields = {**editor_fields(), "own-sp-0-made": "250", "own-sp-0-failed": "-100",
              "own-bo-1-value": "25"}  # fmt: skip
    response = post_new(client, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    field = html[html.index('id="own-sp-0-name"') :]
    assert 'aria-invalid="true"' in field[:200]
    assert "Your own special 1: a name for these points, or clear them." in field[:400]
    assert 'name="own-sp-0-made" value="250"' in html  # kept
    bonus = html[html.index('id="own-bo-1-name"') :]
    assert "Your own bonus 2: a name for these points, or clear them." in bonus[:400]
    assert 'name="own-bo-1-value" value="25"' in html


def test_a_name_of_ones_own_without_points_is_refused_by_its_points(client):
    """A named special of one's own with its made left empty was a special worth nothing
    ("Grand slam 0" in the rules line): the scorer forgot a field, and is told which."""
    fields = {**editor_fields(), "own-sp-0-name": "Grand slam", "own-bo-0-name": "Straight"}
    response = post_new(client, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    made = html[html.index('id="own-sp-0-made"') :]
    assert "Grand slam made: a whole number of points, -10000 to 10000." in made[:400]
    value = html[html.index('id="own-bo-0-value"') :]
    assert "Straight: a whole number of points, -10000 to 10000." in value[:400]
    assert 'value="Grand slam"' in html and 'value="Straight"' in html  # kept


def test_a_special_of_ones_own_may_leave_failed_empty(client, db):
    # (not "Dragon": the catalogue's since issue 33, Wikipedia's immediate win)
    fields = {**editor_fields(), "own-sp-0-name": "Straight", "own-sp-0-made": "500"}
    rules = started(db, post_new(client, **fields))
    assert rules["specials"] == [{"name": "Straight", "made": 500, "failed": 0}]


def test_a_special_and_a_bonus_of_ones_own_of_one_name_are_refused_by_the_bonuses(client):
    fields = {**editor_fields(), "own-sp-0-name": "Straight", "own-sp-0-made": "10",
              "own-bo-0-name": "Straight", "own-bo-0-value": "6"}  # fmt: skip
    response = post_new(client, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Straight is the name of a special too: give the bonus another name" in html
    assert 'name="own-bo-0-name" value="Straight"' in html or 'value="Straight"' in html  # kept
