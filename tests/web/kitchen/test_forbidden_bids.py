"""Bids the rules forbid (issue 22), on the game page: the pads offer only what the rules allow,
"Bids are in" names the rule that refuses, and contradictory house rules are refused by their
field on the new game form."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from tests.helpers import editor_fields, new_game, post_new

FOUR = ["Ann", "Bob", "Cy", "Di"]


def page(client, token, **query):
    return client.get(f"/g/{token}", query_string=query).get_data(as_text=True)


def pad_values(html, pad):
    return re.findall(rf'name={pad} value="([^"]*)"', html)


@pytest.mark.parametrize(
    ("changes", "pad", "offered", "not_offered"),
    [
        ({"barred_bids": "1"}, "bid-0", ["nil", "2", "13"], ["1"]),
        ({"barred_bids": "9"}, "bid-0", ["8", "10"], ["9"]),
        ({"bidding": "partnership", "min_side_bid": "4", "allowed_contracts": "4-8, 10, 13"},
         "tbid-0", ["4", "8", "10", "13"], ["0", "3", "9", "11", "12"]),
        # Suicide: a number is the side's whole bid (the partner bids nil), so at least four
        ({"suicide": "on", "min_side_bid": "4"}, "bid-0", ["nil", "4", "13"], ["1", "2", "3"]),
    ],
)  # fmt: skip
def test_a_pad_leaves_out_the_bids_the_rules_forbid(client, changes, pad, offered, not_offered):
    token = new_game(client, **editor_fields(**changes))
    values = pad_values(page(client, token), pad)
    assert set(offered) <= set(values), values
    assert not set(not_offered) & set(values), values


def bars(html, pad):
    """A pad's partner, and each key's partner taps that bar it (data-bar)."""
    fieldset = re.search(rf'<fieldset[^>]*data-name="{pad}"[^>]*>', html)
    assert fieldset is not None
    partner = re.search(r'data-partner="([^"]*)"', fieldset.group(0))
    keys = re.findall(rf'name={pad} value="([^"]*)"(?: checked)? data-bar="([^"]*)"', html)
    return (partner and partner.group(1)), {k: v.split("|") for k, v in keys}


def test_a_suicide_pad_says_which_of_the_partners_taps_bar_each_key(client):
    """Ann (seat 0) and Cy (seat 2) are a team: Ann's nil is barred by Cy's nil, each of
    Ann's numbers by each of Cy's; what game.js greys out, from the rules' own check."""
    token = new_game(client, **editor_fields(suicide="on", min_side_bid="4"))
    partner, keys = bars(page(client, token), "bid-0")
    assert partner == "bid-2"
    cy = pad_values(page(client, token), "bid-2")
    assert keys["nil"] == [v for v in cy if v in ("nil", "blind nil")]
    assert keys["4"] == keys["13"] == [str(n) for n in range(4, 14)]


def test_an_ordinary_pad_has_no_partner_bars(client):
    html = page(client, new_game(client))
    assert "data-partner" not in html
    assert "data-bar" not in html


@pytest.mark.parametrize(
    ("changes", "bids", "message"),
    [
        ({"suicide": "on", "min_side_bid": "4"},
         {"bid-0": "4", "bid-1": "nil", "bid-2": "4", "bid-3": "5"},
         "Suicide: Ann or Cy must bid nil."),
        ({"suicide": "on", "min_side_bid": "4"},
         {"bid-0": "nil", "bid-1": "nil", "bid-2": "4", "bid-3": "nil"},
         "Suicide: only one of Bob and Di may bid nil."),
        ({"bids_total": "not tricks"},
         {"bid-0": "4", "bid-1": "3", "bid-2": "3", "bid-3": "3"},
         "The bids add up to 13, the tricks in a hand, and these rules say they may not: "
         "one bid must change."),
        ({"double_nil_deficit": "400"},
         {"bid-0": "nil", "bid-1": "3", "bid-2": "nil", "bid-3": "3"},
         "Double nil only when more than 400 behind (Ann &amp; Cy is 0 behind)."),
    ],
)  # fmt: skip
def test_bids_are_in_names_the_rule_that_refuses(client, db, changes, bids, message):
    token = new_game(client, **editor_fields(**changes))
    html = page(client, token, **bids, step="tricks")
    assert message in html
    assert "Hand 1: bids" in html and "ttricks-0" not in html  # still the bids step
    assert store.game_by_edit_token(db, token).data["hands"] == []


def test_bids_the_rules_allow_go_on_to_the_tricks(client):
    token = new_game(client, **editor_fields(suicide="on", min_side_bid="4"))
    bids = {"bid-0": "nil", "bid-1": "5", "bid-2": "4", "bid-3": "nil"}
    html = page(client, token, **bids, step="tricks")
    assert "Hand 1: tricks" in html and '<p class="error">' not in html
    assert '<input type=hidden name=bid-0 value="nil">' in html


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"suicide": "on", "nil": ""}, "o-suicide", "Suicide: Suicide needs nil bids"),
        ({"allowed_contracts": "4-8, 10, 13", "min_side_bid": "5"}, "o-min_side_bid",
         "Smallest bid for a side: the smallest bid for a side (5) leaves out the contract 4"),
        ({"allowed_contracts": "4-8, 12-10"}, "o-allowed_contracts",
         "The only contracts a side may make: numbers 0 to 52"),
    ],
)  # fmt: skip
def test_contradictory_house_rules_are_refused_by_their_field(client, db, changes, field, words):
    response = post_new(client, FOUR, **editor_fields(**changes))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', html, re.S)
    assert error is not None, field
    assert words in error.group(1)
    assert store.count_games(db) == 0


def test_suicide_without_teams_is_refused_by_its_field(client, db):
    response = post_new(client, FOUR, teams="none", **editor_fields(suicide="on"))
    assert response.status_code == 422
    assert "Suicide needs teams of two or more" in response.get_data(as_text=True)
    assert store.count_games(db) == 0


@pytest.mark.parametrize(
    ("preset", "note"),
    [
        ("jailhouse", "A side&#39;s bid must be 4 to 8, 10 or 13."),
        ("jailhouse", "Nil only when another side bids 10 or 13."),
        ("suicide", "Suicide: one player of each team bids nil."),
        ("mirrors", "All the bids together add up to 13."),
        ("whiz", "All the bids together add up to 13 at most."),
    ],
)
def test_the_bids_step_says_the_rules_that_forbid_bids(client, preset, note):
    token = new_game(client, preset=preset)
    html = page(client, token)
    assert f'<p class="hint">{note}</p>' in html


def test_an_ordinary_game_says_no_rule_about_bids(client):
    html = page(client, new_game(client))
    for words in ("must be", "Nil only", "Suicide", "All the bids"):
        assert words not in html.split("<h2>", 1)[1].split("</form>", 1)[0]
