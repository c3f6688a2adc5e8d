"""Declared specials and counted bonuses (rules/specials.py): the texts' own numbers, scored.

Each row is a worked example or a value the rules texts give (shared/rules-sources: pagat,
Wikipedia, the variants digest), played as a hand of a game with the special or bonus on.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    GameError,
    dump_game,
    parse_game,
    rules_from_spec,
    rules_to_spec,
    score_game,
    sheet_to_json,
)
from scorekeeper.rules.sample import random_game, random_rules
from scorekeeper.rules.specials import BONUSES, SPECIALS, extra_line

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}
THREE = ["Ann", "Bob", "Cy"]


def play(rules, hands, players=FOUR, teams=TEAMS):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands}
    if teams:
        data["teams"] = teams
    return score_game(parse_game(data))


def hand(us_bid, us_took, **extra):
    """Us (Ann and Cy) bid ``us_bid`` between them; Them bid 3 and take the rest."""
    return {
        "bids": {"Ann": us_bid - 1, "Cy": 1, "Bob": 2, "Di": 1},
        "tricks": {"Us": us_took, "Them": 13 - us_took},
        **extra,
    }


def us(sheet, n=0):
    return sheet.hands[n].sides["Us"]


# ruff: noqa: E501
# --- declared specials: the texts' values -------------------------------------------------------

SPECIAL_ROWS = [
    # (special, bid, took, outcome, points on top of the bid, why-line)
    ("little_bemo", 7, 8, "made", 60, "Little Bemo made: +60"),  # pagat: "an extra bonus of 60"
    ("little_bemo", 7, 8, "failed", -60, "Little Bemo failed: -60"),  # "and loses 60 if not"
    ("big_bemo", 9, 10, "made", 90, "Big Bemo made: +90"),  # "a 90 point bonus"
    ("big_bemo", 9, 10, "failed", -90, "Big Bemo failed: -90"),  # "lose 90 if not"
    ("little_moe", 6, 6, "made", 150, "Little Moe made: +150, bags not counted"),  # digest: 150
    ("big_moe", 8, 8, "made", 300, "Big Moe made: +300, bags not counted"),  # digest: 300
    ("little_moe", 6, 7, "failed", 0, "Little Moe failed: 0"),  # texts silent: nothing lost
    ("aces", 5, 5, "made", 100, "Aces made: +100"),  # pagat: "a 100 point bonus"
    ("aces", 5, 5, "failed", 0, "Aces failed: 0"),  # "There is no penalty"
]


@pytest.mark.parametrize(("key", "bid", "took", "outcome", "extra", "line"), SPECIAL_ROWS)
def test_a_declared_special_scores_on_top_of_the_bid(key, bid, took, outcome, extra, line):
    plain = us(play("standard", [hand(bid, took)]))
    sheet = play({"specials": [key]}, [hand(bid, took, specials={"Us": {key: outcome}})])
    assert us(sheet).points == plain.points + extra
    assert line in us(sheet).explain


def test_moe_made_counts_no_bags():
    # digest: "Bags or overtricks, if applicable, are not counted"
    sheet = play({"specials": ["big_moe"]}, [hand(5, 9, specials={"Us": {"big_moe": "made"}})])
    side = us(sheet)
    assert (side.points, side.bags, side.bags_total) == (50 + 300, 0, 0)
    assert side.explain == ["bid 5, took 9: +50", "Big Moe made: +300, bags not counted"]


def test_moe_failed_keeps_its_bags():
    sheet = play({"specials": ["big_moe"]}, [hand(5, 9, specials={"Us": {"big_moe": "failed"}})])
    assert (us(sheet).points, us(sheet).bags) == (54, 4)


def test_a_table_names_its_own_special():
    rules = {"specials": [{"name": "Grand slam", "made": 250, "failed": -250}]}
    sheet = play(rules, [hand(7, 13, specials={"Us": {"Grand slam": "made"}})])
    assert "Grand slam made: +250" in us(sheet).explain
    assert us(sheet).points == 70 + 6 + 250


def test_a_table_changes_a_specials_values():
    rules = {"specials": [{"name": "aces", "made": 150, "failed": -50}]}
    sheet = play(rules, [hand(4, 4, specials={"Us": {"aces": "failed"}})])
    assert us(sheet).explain[-1] == "Aces failed: -50"


# --- counted bonuses: the texts' values ---------------------------------------------------------

BONUS_ROWS = [
    # (rules' bonus entry, count, points, why-line): the value the text gives
    ("trump_jack", 1, 5, "Trump jack: +5"),  # "earns an additional 5 points"
    ({"name": "dix", "value": 1}, 1, 1, "Dix: +1"),  # "it is worth 1 point"
    ("dix", 1, 10, "Dix: +10"),  # "If the 9 wins a spade-led trick, it is worth 10 points"
    ("jack_of_diamonds", 1, 10, "Jack of diamonds: +10"),  # "an extra 10 or 20 points"
    ({"name": "ten_of_diamonds", "value": 20}, 1, 20, "Ten of diamonds: +20"),
    ("last_trick", 1, 10, "Last trick: +10"),  # "wins 10 bonus points"
    ("last_trick_deuce", 1, 30, "Last-trick deuce: +30"),  # "Bonus points (30)"
    ("winning_streak", 1, 30, "Winning streak: +30"),  # "worth either 3 points or 30"
    ({"name": "winning_streak", "value": 3}, 1, 3, "Winning streak: +3"),
    ("marriage", 2, 40, "Marriage \u00d72: +40"),  # "Regular marriages are worth 20"
    ("trump_marriage", 1, 40, "Trump marriage: +40"),  # "trump marriages are worth 40"
    ("captured_spades", 3, 3, "Captured spades \u00d73: +3"),  # "one point per spade"
    ("designated_cards", 3, 15, "Designated cards \u00d73: +15"),  # "three out of four ... 15"
    ("designated_cards", 4, 40, "Designated cards \u00d74: +40"),  # "all four ... 10 per card"
    ("trampled_face_card", 1, -10, "Trampled face card: -10"),  # "1 or 10 points"
    ("ace_withheld", 1, -20, "Ace withheld: -20"),  # "penalized 10 (or 20)"
    ("little_willie", 1, 50, "Little Willie: +50"),  # "50 bonus points"
    ({"name": "Bonus trick", "value": 25}, 1, 25, "Bonus trick: +25"),  # a table's own
]


@pytest.mark.parametrize(("entry", "count", "points", "line"), BONUS_ROWS)
def test_a_counted_bonus_scores_its_value_each_time(entry, count, points, line):
    key = entry if isinstance(entry, str) else entry["name"]
    plain = us(play("standard", [hand(5, 6)]))
    sheet = play({"bonuses": [entry]}, [hand(5, 6, bonuses={"Us": {key: count}})])
    assert us(sheet).points == plain.points + points
    assert line in us(sheet).explain


def test_szu_kay_wong_last_five_high_spades_to_make_the_bet_is_fifty():
    # pagat: "if you took the last 5 tricks with high spades to make your bet the bonus would
    # be 50" (three players, 17 tricks)
    rules = {"preset": "three-player", "bonuses": ["high_spade_last_tricks"]}
    hands = [{"bids": {"Ann": 6, "Bob": 5, "Cy": 4}, "tricks": {"Ann": 6, "Bob": 7, "Cy": 4},
              "bonuses": {"Ann": {"high_spade_last_tricks": 5}}}]  # fmt: skip
    ann = play(rules, hands, THREE, None).hands[0].sides["Ann"]
    assert ann.points == 60 + 50
    assert "High-spade last tricks \u00d75: +50" in ann.explain


def test_szu_kay_wong_no_bonus_when_you_bag():
    # "If you bag (get too many tricks), there is no bonus."
    rules = {"preset": "three-player", "bonuses": ["high_spade_last_tricks"]}
    hands = [{"bids": {"Ann": 5, "Bob": 5, "Cy": 4}, "tricks": {"Ann": 6, "Bob": 7, "Cy": 4},
              "bonuses": {"Ann": {"high_spade_last_tricks": 1}}}]  # fmt: skip
    ann = play(rules, hands, THREE, None).hands[0].sides["Ann"]
    assert ann.points == 50 - 10  # the bag costs 10 in three-player, and no bonus
    assert "High-spade last tricks: not counted, the bid was not made exactly" in ann.explain


def test_a_table_makes_any_bonus_count_only_on_an_exact_bid():
    rules = {"bonuses": [{"name": "last_trick", "exact": True}]}
    made_exactly = play(rules, [hand(6, 6, bonuses={"Us": {"last_trick": 1}})])
    over = play(rules, [hand(5, 6, bonuses={"Us": {"last_trick": 1}})])
    assert us(made_exactly).points == 60 + 10
    assert us(over).points == 51


@pytest.mark.parametrize(
    ("bid", "took", "bags", "line"),
    [
        (5, 7, 1, "Bag-cancelling card: 1 bag cancelled"),  # cancels one sandbag
        (5, 5, 0, "Bag-cancelling card: no bag to cancel"),  # "makes no overtricks ... no effect"
        (8, 6, 0, "Bag-cancelling card: no bag to cancel"),  # "or loses their bid"
    ],
)
def test_the_bag_cancelling_card(bid, took, bags, line):
    sheet = play({"bonuses": ["bag_card"]}, [hand(bid, took, bonuses={"Us": {"bag_card": 1}})])
    assert us(sheet).bags == bags
    assert line in us(sheet).explain


def test_the_cancelled_bag_scores_nothing_and_never_reaches_the_limit():
    start = {"format": "spades-scorekeeper/1", "rules": {"bonuses": ["bag_card"]},
             "players": FOUR, "teams": TEAMS, "start": {"Us": {"score": 0, "bags": 9}},
             "hands": [hand(5, 6, bonuses={"Us": {"bag_card": 1}})]}  # fmt: skip
    side = us(score_game(parse_game(start)))
    assert (side.points, side.bags_total, side.bag_penalty) == (50, 9, 0)


# --- checks: a slip of the scorer's finger is caught, by the hand and the field ----------------


@pytest.mark.parametrize(
    ("rules", "extra", "field", "words"),
    [
        ({}, {"specials": {"Us": {"little_bemo": "made"}}}, "specials.Us.little_bemo",
         "these rules have no special little_bemo"),
        ({"specials": ["aces"]}, {"specials": {"Us": {"bemo": "made"}}}, "specials.Us.bemo",
         "these rules have no special bemo"),
        ({"specials": ["aces"]}, {"specials": {"Zed": {"aces": "made"}}}, "specials.Zed",
         "specials: unknown side Zed"),
        ({"specials": ["big_bemo"]}, {"specials": {"Us": {"big_bemo": "made"}}},
         "specials.Us.big_bemo", "Us made Big Bemo with 6 tricks: it needs 9"),
        ({"bonuses": ["last_trick"]}, {"bonuses": {"Us": {"last_trick": 1}, "Them": {"last_trick": 1}}},
         "bonuses.Them.last_trick", "Last trick counted 2 times in a hand, at most 1"),
        ({"bonuses": ["last_trick"]}, {"bonuses": {"Us": {"trump_jack": 1}}},
         "bonuses.Us.trump_jack", "these rules have no bonus trump_jack"),
    ],
)  # fmt: skip
def test_a_hand_that_does_not_fit_its_rules_names_the_hand_and_field(rules, extra, field, words):
    with pytest.raises(GameError) as e:
        play(rules, [hand(5, 5), hand(5, 6, **extra)])
    assert (e.value.hand, e.value.field, e.value.message) == (2, field, words)


def test_both_sides_cannot_make_a_bemo():
    extra = {"specials": {"Us": {"little_bemo": "made"}, "Them": {"little_bemo": "made"}}}
    with pytest.raises(GameError, match="Us and Them cannot both take the first tricks"):
        play({"specials": ["little_bemo"]}, [hand(6, 7, **extra)])


@pytest.mark.parametrize(
    ("value", "field", "words"),
    [
        ({"specials": ["bemo"]}, "rules.specials", "unknown special"),
        ({"specials": [{"name": "aces", "made": 10001}]}, "rules.specials",
         "special Aces: made must be -10000 to 10000, not 10001"),
        ({"specials": [{"name": "aces", "made": True}]}, "rules.specials", "whole number"),
        ({"specials": [{"name": "Slam"}]}, "rules.specials", "unknown special"),
        ({"specials": [{"name": "Slam", "failed": -5}]}, "rules.specials", "give its made value"),
        ({"specials": ["aces", "aces"]}, "rules.specials", "named twice"),
        ({"specials": [{"name": "Big bemo", "made": 1}]}, "rules.specials", "catalogue"),
        ({"specials": [{"name": "x" * 31, "made": 1}]}, "rules.specials", "longer than 30"),
        ({"specials": "aces"}, "rules.specials", "must be a list"),
        ({"bonuses": [{"name": "dix", "value": -10001}]}, "rules.bonuses", "-10000 to 10000"),
        ({"bonuses": [{"name": "dix", "exact": 1}]}, "rules.bonuses", "true or false"),
        ({"bonuses": [{"name": "bag_card", "value": 5}]}, "rules.bonuses", "no value"),
        ({"bonuses": [{"name": "dix", "most": 5}]}, "rules.bonuses", "unknown field"),
        ({"bonuses": ["dix"] * 31}, "rules.bonuses", "at most 30"),
        ({"bonuses": ["zz"]}, "rules.bonuses", 'unknown bonus "zz"'),
        ({"bonuses": [{"name": "Own", "exact": True}]}, "rules.bonuses", "bonus Own: give its value"),
    ],
)  # fmt: skip
def test_a_special_or_bonus_out_of_range_is_refused_by_its_field(value, field, words):
    with pytest.raises(GameError) as e:
        rules_from_spec(value)
    assert e.value.field == field
    assert words in e.value.message


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"specials": {"Us": {"aces": "won"}}}, "specials.Us.aces"),
        ({"specials": {"Us": "aces"}}, "specials.Us"),
        ({"bonuses": {"Us": {"dix": 53}}}, "bonuses.Us.dix"),
        ({"bonuses": {"Us": {"dix": -1}}}, "bonuses.Us.dix"),
        ({"bonuses": {"Us": {"dix": 1.0}}}, "bonuses.Us.dix"),
    ],
)
def test_a_hand_with_a_malformed_special_or_count_is_refused_when_read(extra, field):
    data = {"format": "spades-scorekeeper/1", "rules": {"specials": ["aces"], "bonuses": ["dix"]},
            "players": FOUR, "teams": TEAMS, "hands": [hand(5, 5), hand(5, 5, **extra)]}  # fmt: skip
    with pytest.raises(GameError) as e:
        parse_game(data)
    assert (e.value.hand, e.value.field) == (2, field)


# --- the file: written back as read, every entry documented ------------------------------------


def test_the_rules_spec_is_written_back_smallest():
    spec = {"preset": "standard",
            "specials": ["little_bemo", {"name": "aces", "made": 150},
                         {"name": "Slam", "made": 250, "failed": -250}],
            "bonuses": ["last_trick", {"name": "dix", "value": 5},
                        {"name": "Own", "value": 7, "exact": True}]}  # fmt: skip
    assert rules_to_spec(rules_from_spec(spec)) == spec


def test_a_game_with_specials_goes_through_its_file_unchanged():
    data = {"format": "spades-scorekeeper/1", "rules": {"specials": ["aces"], "bonuses": ["dix"]},
            "players": FOUR, "teams": TEAMS, "dealer": "Ann",
            "hands": [hand(5, 6, specials={"Us": {"aces": "made"}}, bonuses={"Them": {"dix": 1}})]}  # fmt: skip
    game = parse_game(data)
    assert parse_game(dump_game(game)) == game
    assert dump_game(game)["hands"][0]["specials"] == {"Us": {"aces": "made"}}


def test_every_catalogue_entry_is_in_the_contract():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "contract.md").read_text(encoding="utf-8")
    for entry in (*SPECIALS, *BONUSES):
        assert f"`{entry.key}`" in text, entry.key


def test_every_why_line_names_its_number():
    sheet = play({"specials": ["little_bemo"], "bonuses": ["last_trick"]},
                 [hand(7, 8, specials={"Us": {"little_bemo": "made"}},
                       bonuses={"Us": {"last_trick": 1}})])  # fmt: skip
    side = us(sheet)
    extras = [line for line in side.explain if line.startswith(("Little", "Last"))]
    assert extras == ["Little Bemo made: +60", "Last trick: +10"]
    assert extra_line  # the one place the words come from


# --- a game with none of it scores as before ---------------------------------------------------

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_specials_switched_on_but_not_used_score_exactly_as_without(seed):
    rng = random.Random(seed)
    preset, rules = random_rules(rng)
    game = random_game(rng, 12, rules, preset)
    on = dataclasses.replace(
        rules, specials=rules_from_spec({"specials": ["aces"]}).specials,
        bonuses=rules_from_spec({"bonuses": ["dix"]}).bonuses,
    )  # fmt: skip
    try:
        plain = sheet_to_json(score_game(game))
    except GameError as e:
        plain = (e.hand, e.field, e.message)
    try:
        with_extras = sheet_to_json(score_game(dataclasses.replace(game, rules=on)))
    except GameError as e:
        with_extras = (e.hand, e.field, e.message)
    assert plain == with_extras


@pytest.mark.parametrize(
    ("extra", "line"),
    [
        ({"specials": {"Us": {"bemo": "made"}}},
         "scorekeeper: hand 1: these rules have no special bemo"),
        ({"bonuses": {"Us": {"dix": 2}}}, "scorekeeper: hand 1: Dix counted 2 times in a hand, at most 1"),
        ({"bonuses": {"Us": {"dix": 99}}},
         "scorekeeper: hand 1: bonus dix of Us must be counted 0 to 52 times, not 99"),
    ],
)  # fmt: skip
def test_the_score_command_exits_2_naming_the_hand_and_field(tmp_path, capsys, extra, line):
    import json

    from scorekeeper.cli import main

    data = {"format": "spades-scorekeeper/1", "rules": {"specials": ["aces"], "bonuses": ["dix"]},
            "players": FOUR, "teams": TEAMS, "hands": [hand(5, 5, **extra)]}  # fmt: skip
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == [line]


def test_a_special_and_a_bonus_of_one_name_are_refused_by_the_bonus():
    """Walking the new game form: an own special "Dragon" and an own bonus "Dragon" were both
    taken, and the hand form showed "Ann & Cy: Dragon" twice, one a pad, one a count. (The
    Dragon is the catalogue's since issue 33: another name here.)"""
    spec = {"specials": [{"name": "Straight", "made": 10}],
            "bonuses": [{"name": "straight", "value": 6}]}  # fmt: skip
    with pytest.raises(GameError, match="straight is the name of a special too") as refused:
        rules_from_spec(spec)
    assert refused.value.field == "rules.bonuses"
