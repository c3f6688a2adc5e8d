"""The rules editor and the new game form take the contracts of issue 22, part C: rules that
contradict each other are refused by their field with a reason, nothing stored; Call Break seats
four players without partners when the form is left to choose; a club event refuses rules that
score in tenths."""

from __future__ import annotations

import html as html_text
import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game
from tests.helpers import FOUR, editor_fields, new_game, post_new


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"bidding": "partnership", "partner_bids": "each"}, "o-partner_bids",
         "each partner's own bid needs individual bidding"),
        ({"blind_scoring": "bonus"}, "o-blind_scoring", "the blind bonus needs blind bids"),
        ({"blind_bids": "on", "blind_exact": "on", "blind_scoring": "bonus"}, "o-blind_scoring",
         "blind bids cannot also have to be exact"),
        ({"blind_nil": "", "blind_nil_no_bags": "on"}, "o-blind_nil_no_bags",
         "needs blind nil bids"),
        ({"seven_or_higher_value": "10001"}, "o-seven_or_higher_value", "0 to 10000"),
    ],
)  # fmt: skip
def test_contradictory_contract_rules_are_refused_by_their_field(client, db, changes, field, words):
    response = post_new(client, FOUR, **editor_fields(**changes))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', html, re.S)
    assert error is not None, field
    assert words in html_text.unescape(error.group(1))
    assert store.count_games(db) == 0


def test_call_break_seats_four_players_without_partners(client, db):
    token = new_game(client, FOUR, preset="call-break")
    game = parse_game(store.game_by_edit_token(db, token).data)
    assert game.teams is None and game.rules.score_tenths and game.rules.max_hands == 5
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "A game of 5 hands" in html


def test_a_house_rule_of_contracts_is_saved_in_the_game_file(client, db):
    token = new_game(client, FOUR, **editor_fields(seven_or_higher_value="10", no_trump="on"))
    data = store.game_by_edit_token(db, token).data
    assert data["rules"] == {"preset": "standard", "no_trump": True, "seven_or_higher_value": 10}


def test_a_club_event_refuses_rules_that_score_in_tenths():
    from scorekeeper.service.club_night import EventSettings
    from scorekeeper.service.club_night.settings import check_settings
    from scorekeeper.service.errors import EventRefused

    with pytest.raises(EventRefused, match="A club table scores whole points") as refused:
        check_settings(EventSettings(name="Friday", rules="call-break"))
    assert refused.value.field == "rules"


def test_a_no_trump_bid_is_tapped_saved_and_explained(client, db):
    from tests.web.kitchen.test_hands import add

    token = new_game(client, FOUR, **editor_fields(no_trump="on"))
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert 'value="no trump 4"' in page and "No Trump: no trick won with a spade" in page
    hand = {"bid-0": "no trump 4", "bid-1": "3", "bid-2": "3", "bid-3": "3",
            "ttricks-0": "7", "ttricks-1": "6"}  # fmt: skip
    assert add(client, token, **hand).status_code == 303
    record = store.game_by_edit_token(db, token)
    assert record.data["hands"][0]["bids"]["Ann"] == "no trump 4"
    html = client.get(f"/g/{token}?hand=1#hand").get_data(as_text=True)
    # only Ann's own No Trump 4 is doubled (issue 33): 2 x 40 + Cy's 30
    assert "No Trump made: Ann&#39;s 4, 40 x 2 = 80" in html and "NT7" in html


CALL_BREAK_HAND = {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
                   "tricks": {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}}  # fmt: skip


def test_a_call_break_game_shows_tenths_on_every_page(app, client, db):
    from tests.helpers import make_game, remember

    game = make_game(db, [CALL_BREAK_HAND], rules="call-break", teams=None)
    remember(db, client, game.edit_token)
    pages = {
        "game": client.get(f"/g/{game.edit_token}").get_data(as_text=True),
        "read-only": client.get(f"/v/{game.view_token}").get_data(as_text=True),
        "chart": client.get(f"/g/{game.edit_token}/chart.svg").get_data(as_text=True),
        "your games": client.get("/").get_data(as_text=True),
    }
    for name, html in pages.items():
        assert "3.2" in html and "\u22124.0" in html, name
        assert not re.search(r"\d\.\d{2,}", html.replace("0.0.0", "")), name  # no float tails
    assert "Ann: 3.2." in pages["chart"]  # the chart in words, for a screen reader


@pytest.mark.parametrize(
    ("changes", "field", "label"),
    [
        ({"bidding": "partnership", "partner_bids": "each"}, "o-partner_bids",
         "Partners' own bids: each partner's own bid"),
        ({"blind_scoring": "bonus"}, "o-blind_scoring", "Blind bids score: the blind bonus"),
        ({"blind_nil": "", "blind_nil_no_bags": "on"}, "o-blind_nil_no_bags",
         "No bags on a blind nil hand: needs blind nil bids"),
    ],
)  # fmt: skip
def test_a_contradiction_is_said_by_the_label_the_form_shows(client, db, changes, field, label):
    response = post_new(client, FOUR, **editor_fields(**changes))
    html = html_text.unescape(response.get_data(as_text=True))
    error = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', html, re.S)
    assert error is not None, field
    assert error.group(1).startswith(label)
    assert "option " + field.removeprefix("o-") not in error.group(1).lower()


def test_a_blind_no_trump_bid_is_tapped_saved_and_explained(client, db):
    """pagat's and the digest's Blind No Trump: the team's pad offers it apart, from one under
    the smallest blind bid, and it scores triple (issue 22)."""
    from tests.web.kitchen.test_hands import add

    rules = editor_fields(bidding="partnership", no_trump="on", blind_bids="on",
                          blind_no_trump="on", blind_deficit="")  # fmt: skip
    token = new_game(client, FOUR, **rules)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Blind No Trump, bid before looking at the cards:" in page
    assert 'value="blind no trump 5"' in page and 'value="blind no trump 4"' not in page
    hand = {"tbid-0": "blind no trump 6", "tbid-1": "4", "ttricks-0": "6", "ttricks-1": "7"}
    assert add(client, token, **hand).status_code == 303
    record = store.game_by_edit_token(db, token)
    assert record.data["hands"][0]["bids"]["Ann & Cy"] == "blind no trump 6"
    html = client.get(f"/g/{token}?hand=1#hand").get_data(as_text=True)
    assert "Blind No Trump made: blind 6, 60 x 3 = 180" in html and "BNT6" in html


@pytest.mark.parametrize("rules", [{"both_exact_bonus": "on"}, {"partner_bids": "each"}])
def test_each_players_tricks_are_asked_when_each_partners_bid_counts(client, db, rules):
    """Individual Team Players' bonus (both_exact_bonus) and each partner's own bid
    (partner_bids) need each player's tricks: the hand form asks for them by name, not a team's
    number (which the engine refuses), and saves them."""
    from tests.web.kitchen.test_hands import add

    token = new_game(client, FOUR, **editor_fields(**rules))
    bids = {"bid-0": "3", "bid-1": "2", "bid-2": "4", "bid-3": "2"}
    query = {**bids, "step": "tricks", "hand_no": "1"}
    page = client.get(f"/g/{token}", query_string=query).get_data(as_text=True)
    assert (
        "Ann&#39;s tricks" in page
        and 'data-name="tricks-0"' in page
        and 'data-name="ttricks-0"' not in page
    )
    hand = {**bids, "tricks-0": "3", "tricks-1": "3", "tricks-2": "4", "tricks-3": "3"}
    assert add(client, token, **hand).status_code == 303
    record = store.game_by_edit_token(db, token)
    assert record.data["hands"][0]["tricks"] == {"Ann": 3, "Cy": 4, "Bob": 3, "Di": 3}
    if "both_exact_bonus" in rules:
        html = client.get(f"/g/{token}?hand=1#hand").get_data(as_text=True)
        assert "each partner made their own bid exactly: +30" in html
