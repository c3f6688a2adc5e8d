"""In a game that scores in tenths (Call Break) a scorer types points as they read them, with
one decimal place at most: "0.5" or "-1.2" in a hand's bonus-or-penalty field and in a start
score, stored as whole tenths (5, -12); more places are refused by the field, what was typed
kept. Whole-point games take whole numbers, as before."""

from __future__ import annotations

import html as html_text
import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.helpers import FOUR, created, new_game, post_new

CALL_BREAK_HAND = {"bid-0": "3", "bid-1": "4", "bid-2": "2", "bid-3": "2",
                   "tricks-0": "5", "tricks-1": "3", "tricks-2": "2", "tricks-3": "3"}  # fmt: skip


def add(client, token, **fields):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    at = int(re.search(r'name="?version"? value="(\d+)"', html).group(1))
    return client.post(f"/g/{token}/hands", data={"version": at, **fields})


def field_error(html: str, key: str) -> str:
    """The error shown right after the field ``key``."""
    match = re.search(rf'name="{key}"[^>]*>\s*<p class="error"[^>]*>(.*?)</p>', html, re.S)
    assert match is not None, key
    return html_text.unescape(match.group(1))


@pytest.mark.parametrize(
    ("typed", "tenths", "total"),
    [("0.5", 5, "3.7"), ("-1.2", -12, "2.0"), ("2", 20, "5.2"), ("\u22120.5", -5, "2.7")],
)
def test_a_call_break_adjust_is_typed_as_points_with_one_decimal(client, db, typed, tenths, total):
    token = new_game(client, FOUR, preset="call-break")
    assert add(client, token, **CALL_BREAK_HAND, **{"adjust-0": typed}).status_code == 303
    record = store.game_by_edit_token(db, token)
    assert record.data["hands"][0]["adjust"] == {"Ann": tenths}
    assert str(score_game(parse_game(record.data)).totals["Ann"]) == total
    edit = client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(as_text=True)
    shown = typed.replace("\u2212", "-")
    assert f'value="{shown}"' in edit  # typed back as the scorer typed it


@pytest.mark.parametrize("typed", ["0.55", "1.", "1,5", "-", "half"])
def test_more_than_one_decimal_place_is_refused_by_the_field_and_kept(client, db, typed):
    token = new_game(client, FOUR, preset="call-break")
    response = add(client, token, **CALL_BREAK_HAND, **{"adjust-0": typed})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "at most one decimal place" in field_error(html, "adjust-0")
    assert f'value="{html_text.escape(typed)}"' in html
    assert store.game_by_edit_token(db, token).data["hands"] == []


def test_a_whole_point_game_still_takes_whole_numbers_only(client, db):
    token = new_game(client)
    fields = {"bid-0": "3", "bid-1": "4", "bid-2": "3", "bid-3": "3", "ttricks-0": "7",
              "ttricks-1": "6", "adjust-0": "0.5"}  # fmt: skip
    response = add(client, token, **fields)
    assert response.status_code == 422
    assert "a whole number of points" in field_error(response.get_data(as_text=True), "adjust-0")
    assert add(client, token, **{**fields, "adjust-0": "5"}).status_code == 303
    assert store.game_by_edit_token(db, token).data["hands"][0]["adjust"] == {"Ann & Cy": 5}


def test_a_call_break_start_score_is_typed_as_points(client, db):
    record = created(db, post_new(client, FOUR, preset="call-break",
                                  **{"start-score-0": "3.2", "start-score-1": "-0.4"}))  # fmt: skip
    assert record.data["start"]["Ann"]["score"] == 32
    assert record.data["start"]["Bob"]["score"] == -4
    assert str(score_game(parse_game(record.data)).totals["Ann"]) == "3.2"


def test_a_call_break_start_score_of_two_places_is_refused_and_kept(client, db):
    response = post_new(client, FOUR, preset="call-break", **{"start-score-0": "3.25"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "at most one decimal place" in html_text.unescape(html)
    assert 'value="3.25"' in html
    assert store.count_games(db) == 0


def start_hint(html: str) -> str:
    """The start's range hint as a person sees it: its hidden parts left out."""
    hint = html.split('id="start-hint">', 1)[1].split("</p>", 1)[0]
    hint = re.sub(r"<span[^>]*\bhidden\b[^>]*>.*?</span>", "", hint, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", "", hint).split())


def test_the_start_hint_says_a_tenths_game_s_score_range_in_its_units(client, db):
    """The hint by "Carry on a game from paper" gives the range its field's message gives:
    a Call Break score is typed as points (a decimal at most), -10000 to 10000, not the stored
    tenths' -100000 to 100000; a whole-point game's hint is as it was."""
    html = post_new(client, FOUR, preset="call-break", **{"start-score-0": "3.25"})
    assert start_hint(html.get_data(as_text=True)) == "Scores -10000 to 10000."
    fresh = client.get("/games/new").get_data(as_text=True)
    assert start_hint(fresh) == "Scores -100000 to 100000; bags 0 to 999."
