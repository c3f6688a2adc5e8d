"""In a game in tenths (Call Break) every web form's message says the units its field takes
(issue 33, "Docs and messages"). The rules editor's specials and bonuses keep the stored whole
tenths (docs/contract.md: "the game file and the rules editor's fields keep the stored whole
tenths"), so under Call Break a special's "5" is half a point and a field's message says "tenths
of a point", never "a whole number of points" for a number ten times the points. A hand's
adjust and a start score take points with one decimal place and quote their range in points;
a Call Break bid is never offered nil."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game, rules_from_spec
from scorekeeper.rules.words import rules_line
from tests.helpers import FOUR, created, editor_fields, new_game, post_new
from tests.web.kitchen.test_tenths_typing import CALL_BREAK_HAND, add

OWN_SPECIAL = {"own-sp-0-name": "Straight", "own-sp-0-made": "0.5"}
OWN_BONUS = {"own-bo-0-name": "Last lead", "own-bo-0-value": "0.5"}


def errors(response) -> list[str]:
    found = re.findall(r'<p class="error"[^>]*>(.*?)</p>', response.get_data(as_text=True), re.S)
    return [html.unescape(m) for m in found]


@pytest.mark.parametrize(
    ("fields", "label"),
    [
        ({"sp-little_bemo": "on", "sp-little_bemo-made": "0.5"}, "Little Bemo made"),
        ({"sp-little_bemo": "on", "sp-little_bemo-failed": "x"}, "Little Bemo failed"),
        ({"bo-last_trick": "on", "bo-last_trick-value": "0.5"}, "Last trick"),
        (OWN_SPECIAL, "Straight made"),
        (OWN_BONUS, "Last lead"),
    ],
)
def test_a_call_break_special_or_bonus_field_says_it_counts_tenths(client, db, fields, label):
    response = post_new(client, **editor_fields("call-break"), **fields)
    assert response.status_code == 422
    said = [e for e in errors(response) if e.startswith(label)]
    assert said == [f"{label}: a whole number of tenths of a point (5 is 0.5), -10000 to 10000."]


@pytest.mark.parametrize("preset", ["standard", "cutthroat"])
def test_a_whole_point_game_s_special_field_still_asks_for_whole_points(client, preset):
    fields = {"sp-little_bemo": "on", "sp-little_bemo-made": "0.5"}
    response = post_new(client, **editor_fields(preset), **fields)
    assert response.status_code == 422
    assert "Little Bemo made: a whole number of points, -10000 to 10000." in errors(response)


def test_the_field_s_tenths_are_the_game_s_tenths(client, db):
    """What the message says is the truth: a Call Break special's made "5" is stored as 5 and
    reads half a point on the rules line."""
    fields = {"sp-little_bemo": "on", "sp-little_bemo-made": "5", "sp-little_bemo-failed": "-5"}
    record = created(db, post_new(client, **editor_fields("call-break"), **fields))
    specials = record.data["rules"]["specials"]
    assert specials == [{"name": "little_bemo", "made": 5, "failed": -5}]
    line = rules_line(parse_game(record.data).rules)
    assert "Little Bemo" in line and "0.5" in line
    assert rules_from_spec(record.data["rules"]).score_tenths


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"adjust-0": "1000.1"}, "Ann: points with at most one decimal place"),
        ({"adjust-0": "x"}, "Ann: points with at most one decimal place"),
        ({"bid-0": "x"}, "Ann's bid: tap one of the keys, 0 to 13."),
        ({"bid-0": "nil"}, "Nil bids are not allowed in these rules."),
    ],
)
def test_a_call_break_hand_s_messages_say_points_and_offer_no_nil(client, db, fields, said):
    token = new_game(client, FOUR, preset="call-break")
    response = add(client, token, **{**CALL_BREAK_HAND, **fields})
    assert response.status_code == 422
    shown = errors(response)
    assert any(e.startswith(said) for e in shown), shown
    assert not any("10001" in e or "10000" in e or "nil" in e.split(":")[-1] for e in shown)
    assert store.game_by_edit_token(db, token).data["hands"] == []


@pytest.mark.parametrize("typed", ["100000.1", "x", "0.55"])
def test_a_call_break_start_score_says_points_in_points(client, typed):
    response = post_new(client, preset="call-break", **{"start-score-0": typed})
    assert response.status_code == 422
    shown = errors(response)
    assert (
        "Score: points with at most one decimal place (like 0.5 or -1.2), -10000 to 10000." in shown
    )
    assert not any("100000" in e for e in shown)
