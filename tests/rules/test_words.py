"""The rules in words: one module gives every page, sheet and PDF the same sentences."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    PRESETS,
    changes_line,
    end_reason,
    parse_game,
    preset_title,
    result_line,
    rules_from_spec,
    score_game,
)
from scorekeeper.rules.words import game_end, rules_as_set, sheet_rules_line


@pytest.mark.parametrize(
    ("preset", "title"),
    [
        ("standard", "Standard"),
        ("nyc", "NYC"),
        ("head-to-head", "Head-to-head"),
        ("three-player", "Three-player"),
        ("six-player", "Six-player"),
        ("cutthroat", "Cutthroat"),
    ],
)
def test_preset_titles(preset, title):
    assert preset_title(preset) == title


def test_every_preset_has_a_title():
    assert all(preset_title(p)[:1].isupper() for p in PRESETS)


@pytest.mark.parametrize(
    ("spec", "line"),
    [
        ("standard", "Standard, nothing changed."),
        ({"preset": "nyc"}, "NYC, nothing changed."),
        ({"preset": "standard", "target_score": 250}, "Standard, changed: Game to: 250."),
        (
            {"preset": "head-to-head", "moon": True, "bag_limit": None},
            "Head-to-head, changed: Bags that cost: never; Moon (Boston) bids: yes.",
        ),
        ({"preset": "standard", "nil": False}, "Standard, changed: Nil bids: no."),
        ({"preset": "standard", "target_score": 500}, "Standard, nothing changed."),
        ({"preset": "no-such"}, "No-such: these rules no longer load."),
    ],
)
def test_a_one_line_summary_names_only_what_differs_from_the_preset(spec, line):
    assert changes_line(spec) == line


def _game(rules, hands, players=("Ann", "Bob", "Cy", "Di")):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": list(players),
            "hands": hands}  # fmt: skip
    if len(players) == 4:
        data["teams"] = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
    return score_game(parse_game(data))


def _hand(a, b, ta, tb):
    return {"bids": {"Ann & Cy": a, "Bob & Di": b}, "tricks": {"Ann & Cy": ta, "Bob & Di": tb}}


PARTNERS = {"preset": "standard", "bidding": "partnership"}


@pytest.mark.parametrize(
    ("rules", "hands", "reason"),
    [
        ({**PARTNERS, "target_score": 50}, [_hand(6, 4, 7, 6)], "reached 50"),
        (
            {**PARTNERS, "set_out": 2},
            [_hand(4, 9, 5, 8), _hand(4, 9, 5, 8)],
            "the other side was set twice in a row",
        ),
        (
            {**PARTNERS, "losing_score": -100},
            [_hand(10, 3, 0, 13)],
            "the other side fell to -100 or below",
        ),
        ({**PARTNERS, "max_hands": 1}, [_hand(4, 4, 5, 8)], "its one hand was played"),
        (
            {**PARTNERS, "max_hands": 2},
            [_hand(4, 4, 5, 8), _hand(4, 4, 5, 8)],
            "the last of 2 hands was played",
        ),
        ({**PARTNERS, "boston_wins": "any"}, [_hand(4, 9, 13, 0)], "took every trick (Boston)"),
        (PARTNERS, [_hand(4, 4, 5, 8)], ""),
    ],
)
def test_the_end_of_a_game_in_a_sentence(rules, hands, reason):
    sheet = _game(rules, hands)
    assert end_reason(sheet) == reason
    if reason:
        assert result_line(sheet).startswith(f"Winner: {sheet.winner}, {reason} (")
    else:
        assert result_line(sheet).startswith("Leader: ")


@pytest.mark.parametrize(
    "spec, timed, words",
    [
        ({"preset": "standard"}, False, "Game to 500"),
        ({"preset": "standard", "max_hands": 4}, False, "Game to 500 or 4 hands"),
        ({"preset": "standard", "max_hands": 1}, False, "Game to 500 or 1 hand"),
        ({"preset": "standard", "target_score": 300}, True, "Game to 300, or when time is called"),
        (
            {"preset": "standard", "losing_score": -200, "max_hands": 6},
            False,
            "Game to 500 (out at \u2212200) or 6 hands",
        ),
    ],
)
def test_how_a_game_ends_in_one_statement(spec, timed, words):
    assert game_end(rules_from_spec(spec), timed) == words


def test_a_tie_after_the_last_hand_plays_on_and_the_end_says_so():
    level = _hand(3, 6, 13, 0)  # both sides set: -60 each, level after the last hand
    rules = {**PARTNERS, "max_hands": 1}
    assert not _game(rules, [level]).finished
    sheet = _game(rules, [level, _hand(4, 4, 7, 6)])
    assert sheet.finished and end_reason(sheet) == "the tie after 1 hand was broken in hand 2"


def test_a_game_whose_hands_time_capped_says_time_was_called():
    """A club round of 4 hands where the director called time in hand 2: the game's
    max_hands is 2, but the line names the night's 4 and the end says why it came early."""
    rules = {**PARTNERS, "max_hands": 2}
    assert (
        game_end(rules_from_spec(rules), True, True, 4) == "Game to 500 or 4 hands; time is called"
    )
    assert game_end(rules_from_spec(rules), False, True, None) == "Game to 500; time is called"
    played = _hand(4, 4, 7, 6)
    sheet = _game(rules, [played, played])
    assert end_reason(sheet, time_called=True) == "time was called"
    assert end_reason(sheet) == "the last of 2 hands was played"
    level = _hand(3, 6, 13, 0)
    sheet = _game(rules, [level, level, played])
    assert sheet.finished
    assert end_reason(sheet, True) == "time was called, and the tie was broken in hand 3"


def test_the_printed_result_and_rules_of_a_time_capped_game_name_the_nights_hands():
    """The printed sheet's result line and rules line of a capped club table's game say what
    its phone says: "time was called" and the round's 4 hands, not the cap of 2."""
    rules = {**PARTNERS, "max_hands": 2}
    played = _hand(4, 4, 7, 6)
    sheet = _game(rules, [played, played])
    assert result_line(sheet, time_called=True) == "Winner: Ann & Cy, time was called (86 to 84)"
    assert "the last of 2 hands was played" in result_line(sheet)
    assert rules_as_set(sheet.rules, True, 4).max_hands == 4
    assert rules_as_set(sheet.rules, False, 4) == sheet.rules
    assert "500, 4 hands" in sheet_rules_line(sheet, True, 4)
    assert "500, 2 hands" in sheet_rules_line(sheet)


def test_a_race_is_won_by_hands_and_its_end_says_so():
    """Urban rules (issue 22): the target is the hands a match needs (best of three: 2), so the
    game page reads "First to win 2 hands", and the game over "first to win 2 hands" (the
    read-only sheet's "Us won: first to win 2 hands"), not "reached 2"."""
    game = {"format": "spades-scorekeeper/1", "rules": "urban",
            "players": ["Ann", "Bob", "Cy", "Di"],
            "teams": {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]},
            "hands": [{"tricks": {"Us": 7, "Them": 6}}, {"tricks": {"Us": 5, "Them": 8}},
                      {"tricks": {"Us": 7, "Them": 6}}]}  # fmt: skip
    sheet = score_game(parse_game(game))
    assert game_end(sheet.rules) == "First to win 2 hands (7 tricks win a hand)"
    assert sheet.finished and sheet.winner == "Us"
    assert end_reason(sheet) == "first to win 2 hands"
    assert result_line(sheet) == "Winner: Us, first to win 2 hands (2 to 1)"
    going = score_game(parse_game({**game, "hands": game["hands"][:1]}))
    assert result_line(going) == "Leader: Us (1 to 0), first to win 2 hands (7 tricks win a hand)"
