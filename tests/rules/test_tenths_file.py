"""A game file that scores in tenths (Call Break) takes its adjust and start scores as points
with one decimal place (0.5, -1.2), read exactly as whole tenths; a whole number counts tenths
as files always wrote (5 is 0.5), so every file written before scores as before. More places
exit 2 with one line naming the hand and field; a whole-point game refuses any decimal."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import GameError, parse_game, score_game

HAND = {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
        "tricks": {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}}  # fmt: skip


def call_break(adjust=None, start=None) -> dict:
    hand = dict(HAND, adjust={"Ann": adjust}) if adjust is not None else HAND
    data = {"format": "spades-scorekeeper/1", "rules": "call-break",
            "players": ["Ann", "Bob", "Cy", "Di"], "hands": [hand]}  # fmt: skip
    if start is not None:
        data["start"] = {"Ann": {"score": start, "bags": 0}}
    return data


@pytest.mark.parametrize(
    ("adjust", "total"),
    [(0.5, "3.7"), (-1.2, "2.0"), (3.0, "6.2"), (5, "3.7"), (-12, "2.0")],
)  # fmt: skip
def test_an_adjust_in_points_or_in_tenths_scores_exactly(adjust, total):
    sheet = score_game(parse_game(call_break(adjust=adjust)))
    assert sheet.totals["Ann"] == Decimal(total)


def test_a_start_score_with_one_decimal_place_is_points():
    game = parse_game(call_break(start=3.2))
    assert game.start["Ann"].score == 32
    assert score_game(game).totals["Ann"] == Decimal("6.4")


@pytest.mark.parametrize(
    ("data", "field"),
    [(call_break(adjust=0.55), "adjust.Ann"), (call_break(start=-0.25), "start.Ann.score")],
)
def test_two_decimal_places_are_refused_naming_the_field(data, field):
    with pytest.raises(GameError, match="at most one decimal place") as e:
        parse_game(data)
    assert e.value.field == field


def test_a_whole_point_game_refuses_a_decimal_adjust():
    data = {**call_break(adjust=0.5), "rules": "standard"}
    data["hands"][0]["tricks"] = {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}
    with pytest.raises(GameError, match="whole number"):
        parse_game(data)


def test_the_command_line_scores_a_decimal_adjust_and_refuses_two_places(tmp_path, capsys):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(call_break(adjust=-1.2)))
    bad.write_text(json.dumps(call_break(adjust=1.25)))
    assert main(["score", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"]["Ann"] == 2.0
    assert main(["score", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "hand 1" in err[0] and "adjust" in err[0] and "1.25" in err[0]


def test_a_call_break_game_s_why_lines_say_its_table_s_words():
    """Its rows, legend and rules line mark a call not made "short" (words.set_mark); the
    why-line beside the number says the same, and a call is a call (words.bid_word). Another
    preset scoring in tenths keeps "set" and "bid": the words are the preset's, not the units'."""
    sides = score_game(parse_game(call_break())).hands[0].sides
    assert sides["Bob"].explain == ["short: call 4, took 3: -4.0"]
    assert sides["Ann"].explain == ["call 3, took 5: +3.0, 2 over +0.2"]
    other = parse_game({**call_break(), "rules": {"preset": "cutthroat", "score_tenths": True}})
    bob = score_game(other).hands[0].sides["Bob"]
    assert bob.explain == ["set: bid 4, took 3: -4.0"]


def test_score_json_of_a_call_break_file_explains_in_its_words(tmp_path, capsys):
    path = tmp_path / "cb.json"
    path.write_text(json.dumps(call_break()))
    assert main(["score", "--json", str(path)]) == 0
    hand = json.loads(capsys.readouterr().out)["hands"][0]
    assert hand["sides"]["Bob"]["explain"] == ["short: call 4, took 3: -4.0"]


# issue 33: a game in tenths says its errors in the sheet's units, never the stored ones
@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (call_break(adjust=1000.1), "adjust.Ann",
         "adjust for Ann must be -1000.0 to 1000.0, not 1000.1"),
        (call_break(adjust=10001), "adjust.Ann",  # whole tenths, as files always wrote
         "adjust for Ann must be -1000.0 to 1000.0, not 1000.1"),
        (call_break(start=100000.1), "start.Ann.score",
         "start score of Ann must be -10000.0 to 10000.0, not 100000.1"),
        (call_break(adjust="0.5"), "adjust.Ann",  # points, not "a whole number"
         'adjust for Ann must be points with at most one decimal place (0.5), not "0.5"'),
        # a Call Break bid is a number: nil and blind nil are off, so never offered
        ({**call_break(), "hands": [dict(HAND, bids={**HAND["bids"], "Ann": "x"})]},
         "bids.Ann", 'Ann\'s bid: a bid must be a number, not "x"'),
    ],
)  # fmt: skip
def test_a_game_in_tenths_says_its_errors_in_points(data, field, message):
    with pytest.raises(GameError) as refused:
        score_game(parse_game(data))
    assert (refused.value.field, refused.value.message) == (field, message)


def test_a_whole_point_game_keeps_its_messages():
    data = {**call_break(adjust=10001), "rules": "standard",
            "teams": {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}}  # fmt: skip
    data["hands"] = [dict(HAND, adjust={"Us": 10001})]
    with pytest.raises(GameError, match="adjust for Us must be -10000 to 10000, not 10001$"):
        parse_game(data)
