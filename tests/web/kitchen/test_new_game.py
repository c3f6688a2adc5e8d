"""The new game page: players, teams, dealer, rules, saved house rules, start scores."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game
from tests.helpers import browser, created, editor_fields, listed, post_new


def test_the_page_offers_every_preset_and_explains_every_option(client):
    html = client.get("/games/new").get_data(as_text=True)
    assert "Partnership bids of 4 to 10" in html or "partnership bids of 4 to 10" in html
    for name in ("o-bag_limit", "o-nil_value", "o-blind_min", "o-ten_for_200", "o-set_out"):
        assert f'id="{name}"' in html and f'for="{name}"' in html
    assert "Collecting this many bags costs the bag penalty" in html


@pytest.mark.parametrize(
    ("names", "teams", "expected"),
    [
        (
            ["Ann", "Bob", "Cy", "Di"],
            "auto",
            {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        ),
        (["Ann", "Bob", "Cy", "Di"], "none", None),
        (["Ann", "Bob", "Cy"], "auto", None),
        (
            ["A", "B", "C", "D", "E", "F"],
            "auto",
            {"A & D": ["A", "D"], "B & E": ["B", "E"], "C & F": ["C", "F"]},
        ),
        (
            ["A", "B", "C", "D", "E", "F"],
            "two",
            {"A, C & E": ["A", "C", "E"], "B, D & F": ["B", "D", "F"]},
        ),
    ],
)
def test_teams_sit_opposite_by_default(client, db, names, teams, expected):
    record = created(db, post_new(client, names, teams=teams))
    assert record.data.get("teams") == expected
    assert record.data["players"] == names
    assert record.data["dealer"] == names[0]
    parse_game(record.data)


def test_a_new_game_goes_to_its_page_and_is_remembered(client, db):
    response = post_new(client, ["Ann", "Bob"], preset="head-to-head")
    record = created(db, response)
    assert response.headers["Location"] == f"/g/{record.edit_token}"
    assert listed(db, client) == [record.edit_token]
    assert record.data["rules"] == {"preset": "head-to-head"}


def test_a_random_dealer_is_one_of_the_players(client, db):
    record = created(db, post_new(client, ["Ann", "Bob", "Cy"], dealer="random"))
    assert record.data["dealer"] in ("Ann", "Bob", "Cy")


def test_a_chosen_dealer(client, db):
    record = created(db, post_new(client, ["Ann", "Bob", "Cy"], dealer="2"))
    assert record.data["dealer"] == "Cy"


@pytest.mark.parametrize(
    ("names", "fields", "message"),
    [
        (["Ann"], {}, "Type the names of 2 to 6 players."),
        (["Ann", "ann"], {}, "ann is typed twice"),
        (["Ann", "Bob", "Cy"], {"teams": "two"}, "Those teams need 4 or 6 players"),
        (["Ann", "Bob"], {"editor": "1", "o-target_score": "lots"}, "Game to: 1 to 100000."),
        (["Ann", "Bob"], {"start-score-0": "ten"}, "Score: -100000 to 100000."),
    ],
)
def test_mistakes_are_shown_next_to_their_field_and_typing_is_kept(client, names, fields, message):
    response = post_new(client, names, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html
    for name in names:
        assert f'value="{name}"' in html


def test_changing_an_option_keeps_the_preset_and_the_change(client, db):
    fields = editor_fields(bag_limit="5", moon="on")
    record = created(db, post_new(client, ["Ann", "Bob"], **fields))
    assert record.data["rules"] == {"preset": "standard", "bag_limit": 5, "moon": True}


def test_an_engine_error_on_the_rules_is_shown_by_its_option(client):
    # Partnership bidding without teams is the engine's to refuse.
    response = post_new(client, ["Ann", "Bob", "Cy"], preset="nyc")
    assert response.status_code == 422
    assert "partnership bidding needs teams" in response.get_data(as_text=True).lower()


def test_saved_house_rules_come_back_next_time(client, db):
    response = post_new(
        client,
        ["Ann", "Bob"],
        **editor_fields(target_score="250"),
        save_as="Friday night rules",
    )
    record = created(db, response)
    assert record.data["rules"] == {"preset": "standard", "target_score": 250}
    saved = store.all_house_rules(db, browser(client))
    assert [(r.name, r.spec) for r in saved] == [("Friday night rules", record.data["rules"])]
    page = client.get(f"/games/new?rules={saved[0].id}").get_data(as_text=True)
    assert 'id="o-target_score" name="o-target_score" value="250"' in page
    assert "Friday night rules" in page


def test_player_names_are_suggested_next_time(client):
    post_new(client, ["Zelda", "Yusuf"])
    page = client.get("/games/new").get_data(as_text=True)
    assert '<datalist id="known-players"><option value="Yusuf"><option value="Zelda">' in page or (
        '<option value="Zelda">' in page and '<option value="Yusuf">' in page
    )


def test_start_scores_carry_a_paper_game_on(client, db):
    record = created(
        db,
        post_new(
            client,
            ["Ann", "Bob", "Cy", "Di"],
            **{"start-score-0": "230", "start-bags-0": "4", "start-score-1": "-40"},
        ),
    )
    assert record.data["start"] == {
        "Ann & Cy": {"score": 230, "bags": 4},
        "Bob & Di": {"score": -40, "bags": 0},
    }


def test_names_are_escaped(client, db):
    record = created(db, post_new(client, ["<script>x</script>", "Bob"]))
    html = client.get(f"/g/{record.edit_token}").get_data(as_text=True)
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_the_form_needs_its_csrf_token(csrf_app):
    response = csrf_app.test_client().post("/games/new", data={"player-0": "A", "player-1": "B"})
    assert response.status_code == 400


def test_presets_are_named_as_everywhere_else(client):
    from scorekeeper.rules import PRESETS, preset_title

    html = client.get("/games/new").get_data(as_text=True)
    for preset in PRESETS:
        assert f"<strong>{preset_title(preset)}</strong>" in html


def test_a_name_too_long_is_refused_by_its_field_not_cut(client, db):
    long = "Bartholomew Montgomery-Smythe III"  # 33 characters
    response = post_new(client, ["Ann", long, "Cy", "Di"])
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and store.count_games(db) == 0
    assert 'value="Bartholomew Montgomery-Smythe III"' in html  # kept, not cut
    assert (
        '<p class="error" id="player-1-error">Keep names to 30 characters: this one has 33.</p>'
        in html
    )
    assert 'aria-describedby="players-hint player-1-error" aria-invalid="true"' in html
    assert "maxlength" not in re.search(r'<input type="text" id="player-1"[^>]*>', html).group(0)


@pytest.mark.parametrize("preset", ["cutthroat", "call-break"])
def test_a_preset_without_partners_seats_four_without_teams_when_left_to_choose(client, db, preset):
    """Cutthroat says "Everyone for themselves (no teams)": four players left at "Usual for the
    players" were seated as two teams, Ann & Cy against Bob & Di."""
    record = created(db, post_new(client, ["Ann", "Bob", "Cy", "Di"], preset=preset, teams="auto"))
    assert record.data.get("teams") is None
