"""Every worked example in the rules texts (shared/rules-sources), scored by the engine."""

import pytest

from scorekeeper.rules import GameError, parse_game, score_game

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}


def play(rules, hands, players=FOUR, teams=TEAMS, start=None):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands}
    if teams:
        data["teams"] = teams
    if start:
        data["start"] = start
    return score_game(parse_game(data))


def team_hand(us_bid, us_took, them_bid=None, them_took=None, **extra):
    """A hand where Ann bids all of Us's bid and Bob all of Them's (Cy and Di bid 1 or 0)."""
    them_took = 13 - us_took if them_took is None else them_took
    them_bid = them_bid if them_bid is not None else max(them_took, 2)
    return {
        "bids": {"Ann": us_bid - 1, "Cy": 1, "Bob": them_bid - 1, "Di": 1},
        "tricks": {"Us": us_took, "Them": them_took},
        **extra,
    }


@pytest.mark.parametrize(
    ("took", "total", "bags"),
    [(7, 389, 9), (8, 290, 0), (9, 291, 1)],
    ids=["7 tricks: 389", "8 tricks: 290", "9 tricks: 291"],
)
def test_pagat_337_bids_5(took, total, bags):
    sheet = play("standard", [team_hand(5, took)], start={"Us": {"score": 337, "bags": 7}})
    assert sheet.totals["Us"] == total
    assert sheet.bags["Us"] == bags


def test_pagat_ten_bags_line_is_explained():
    sheet = play("standard", [team_hand(5, 8)], start={"Us": {"score": 337, "bags": 7}})
    us = sheet.hands[0].sides["Us"]
    assert us.explain == ["bid 5, took 8: +50, 3 bags +3", "10 bags: -100"]
    assert (us.points, us.bag_penalty) == (-47, 100)


def test_units_digit_bags_369_becomes_331():
    # the 9 of 369 is bags, not points: bags are worth nothing until ten of them cost 100
    rules = {"preset": "standard", "overtrick_value": 0}
    sheet = play(rules, [team_hand(7, 9)], start={"Us": {"score": 360, "bags": 9}})
    assert sheet.totals["Us"] + sheet.bags["Us"] == 331
    # counted as points (the standard way) it would be 341
    standard = play("standard", [team_hand(7, 9)], start={"Us": {"score": 369, "bags": 9}})
    assert standard.totals["Us"] == 341


def test_wikipedia_108_becomes_61():
    sheet = play("standard", [team_hand(5, 8)], start={"Us": {"score": 108, "bags": 8}})
    assert sheet.totals["Us"] == 61
    assert sheet.hands[0].sides["Us"].points == -47


def test_wikipedia_bid_5_took_6_scores_51_and_bid_6_took_5_loses_60():
    sheet = play("standard", [team_hand(5, 6, 6, 7)])
    assert sheet.hands[0].sides["Us"].points == 51
    sheet = play("standard", [team_hand(6, 5)])
    assert sheet.hands[0].sides["Us"].points == -60


def test_wikipedia_made_nil_with_a_set_partner_nets_50():
    hand = {
        "bids": {"Ann": "nil", "Cy": 5, "Bob": 4, "Di": 4},
        "tricks": {"Ann": 0, "Cy": 4, "Them": 9},
    }
    assert play("standard", [hand]).hands[0].sides["Us"].points == 50


@pytest.mark.parametrize(
    ("nil_tricks", "points"), [("contract", -50), ("ignore", -50), ("bags", -49)]
)
def test_wikipedia_failed_nil_with_a_made_bid_nets_minus_50(nil_tricks, points):
    # partner bid 5; partnership took 5 (Cy 4, Ann the nil bidder 1)
    hand = {
        "bids": {"Ann": "nil", "Cy": 5, "Bob": 4, "Di": 4},
        "tricks": {"Ann": 1, "Cy": 4, "Them": 8},
    }
    if nil_tricks != "contract":
        # standard: the nil tricks do not help partner; partner took 5 alone, nil's trick is a bag
        hand["tricks"] = {"Ann": 1, "Cy": 5, "Them": 7}
    sheet = play({"preset": "standard", "nil_tricks": nil_tricks}, [hand])
    assert sheet.hands[0].sides["Us"].points == points


def test_quicksand():
    rules = {"overtrick_value": -10, "set_penalty": "shortfall", "bag_limit": None}
    assert play(rules, [team_hand(7, 7)]).hands[0].sides["Us"].points == 70
    assert play(rules, [team_hand(7, 5)]).hands[0].sides["Us"].points == -20
    assert play(rules, [team_hand(7, 9, 3, 4)]).hands[0].sides["Us"].points == 50


@pytest.mark.parametrize(
    ("double_back", "bid", "took", "points"),
    [(2, 2, 4, -40), (2, 2, 3, 21), (1, 4, 8, -40), (1, 4, 7, 43)],
)
def test_double_back(double_back, bid, took, points):
    sheet = play({"double_back": double_back}, [team_hand(bid, took, 3, 13 - took)])
    us = sheet.hands[0].sides["Us"]
    assert us.points == points
    assert us.set == (points < 0)
    if points < 0:
        assert us.bags == 0
        assert us.explain[0].startswith("double back:")


@pytest.mark.parametrize(("bet", "took", "points"), [(4, 5, 30), (3, 7, -10)])
def test_three_player_overtricks_cost_ten(bet, took, points):
    players = ["Ann", "Bob", "Cy"]
    hand = {
        "bids": {"Ann": bet, "Bob": 5, "Cy": 5},
        "tricks": {"Ann": took, "Bob": 17 - took - 5, "Cy": 5},
    }
    sheet = play("three-player", [hand], players=players, teams=None)
    assert sheet.hands[0].sides["Ann"].points == points


def test_head_to_head_sandbagging_minus_ten_for_each():
    rules = {"preset": "head-to-head", "overtrick_value": -9}
    hand = {"bids": {"Joe": 5, "Sue": 4}, "tricks": {"Joe": 7, "Sue": 6}}
    sheet = play(rules, [hand], players=["Joe", "Sue"], teams=None)
    assert sheet.hands[0].sides["Joe"].points == 32


def test_pagat_nil_and_blind_nil_values():
    made = {
        "bids": {"Ann": "nil", "Cy": 4, "Bob": 4, "Di": 4},
        "tricks": {"Ann": 0, "Cy": 4, "Them": 9},
    }
    failed = {
        "bids": {"Ann": "nil", "Cy": 4, "Bob": 4, "Di": 4},
        "tricks": {"Ann": 1, "Cy": 4, "Them": 8},
    }
    assert play("standard", [made]).hands[0].sides["Us"].points == 140
    assert play("standard", [failed]).hands[0].sides["Us"].points == 40 - 100 + 1
    blind = {
        "bids": {"Ann": "blind nil", "Cy": 4, "Bob": 4, "Di": 4},
        "tricks": {"Ann": 0, "Cy": 4, "Them": 9},
    }
    sheet = play("standard", [blind], start={"Them": {"score": 100}})
    assert sheet.hands[0].sides["Us"].points == 240


# --- New York City -------------------------------------------------------------------------


def nyc(us, them, us_took, **extra):
    return {
        "bids": {"Us": us, "Them": them},
        "tricks": {"Us": us_took, "Them": 13 - us_took},
        **extra,
    }


FIRST = {"tricks": {"Us": 6, "Them": 7}}


def test_nyc_first_hand_is_played_without_bids():
    sheet = play("nyc", [FIRST])
    assert sheet.totals == {"Us": 60, "Them": 70}
    us = sheet.hands[0].sides["Us"]
    assert us.contract is None and not us.set and us.bags == 0
    assert us.explain == ["no bids, took 6: +60"]


def test_nyc_bids_in_the_first_hand_are_an_error():
    with pytest.raises(GameError, match="hand 1: the first hand is played without bids"):
        play("nyc", [nyc(5, 5, 6)])


@pytest.mark.parametrize(
    ("took", "points", "is_set"), [(5, 50, False), (7, 50, False), (8, -50, True), (4, -50, True)]
)
def test_nyc_sandbag_limit(took, points, is_set):
    sheet = play("nyc", [FIRST, nyc(5, 4, took)])
    us = sheet.hands[1].sides["Us"]
    assert (us.points, us.set) == (points, is_set)


@pytest.mark.parametrize(("took", "points"), [(10, 200), (11, 200), (12, 200), (9, -200)])
def test_nyc_ten_for_200(took, points):
    sheet = play("nyc", [FIRST, nyc(10, 4, took)])
    assert sheet.hands[1].sides["Us"].points == points


def test_nyc_boston_with_a_bid_of_ten_wins_the_game():
    sheet = play("nyc", [FIRST, nyc(10, 4, 13)])
    assert (sheet.finished, sheet.winner, sheet.reason) == (True, "Us", "boston")


def test_nyc_boston_without_ten_is_a_set_for_too_many_bags():
    sheet = play("nyc", [FIRST, nyc(6, 4, 13)])
    us = sheet.hands[1].sides["Us"]
    assert (us.points, us.set, sheet.finished) == (-60, True, False)


def test_nyc_blind_bids_score_double_and_lose_single():
    behind = {"tricks": {"Us": 0, "Them": 13}}  # Us 0, Them 130: 130 behind
    made = play("nyc", [behind, nyc("blind 6", 4, 9)])
    assert made.hands[1].sides["Us"].points == 120  # no limit on bags when blind
    lost = play("nyc", [behind, nyc("blind 7", 4, 6)])
    assert lost.hands[1].sides["Us"].points == -70
    ten = play("nyc", [behind, nyc("blind 10", 4, 10)])
    assert ten.hands[1].sides["Us"].points == 400
    ten_lost = play("nyc", [behind, nyc("blind 10", 4, 9)])
    assert ten_lost.hands[1].sides["Us"].points == -200


def test_nyc_blind_needs_100_behind():
    with pytest.raises(GameError, match=r"hand 2: blind bids only when 100 or more behind"):
        play("nyc", [FIRST, nyc("blind 6", 4, 6)])


def test_nyc_set_twice_in_a_row_loses():
    sheet = play("nyc", [FIRST, nyc(8, 7, 4), nyc(8, 7, 4)])
    assert (sheet.finished, sheet.winner, sheet.reason) == (True, "Them", "set out")


def test_nyc_both_set_twice_the_higher_score_wins():
    sheet = play("nyc", [FIRST, nyc(8, 8, 6), nyc(9, 8, 7)])
    # Us 60-80-90 = -110, Them 70-80-80 = -90
    assert (sheet.winner, sheet.reason) == ("Them", "set out")


def test_nyc_bids_are_4_to_10_and_no_nil():
    with pytest.raises(GameError, match="hand 2: Us bid 3, below the smallest bid of 4"):
        play("nyc", [FIRST, nyc(3, 4, 5)])
    with pytest.raises(GameError, match="hand 2: Us bid 11, above the largest bid of 10"):
        play("nyc", [FIRST, nyc(11, 4, 11)])
    with pytest.raises(GameError, match="nil bids are not allowed"):
        play("nyc", [FIRST, {**nyc(4, 4, 5), "bids": {"Us": 4, "Them": 4, "Bob": "nil"}}])


# --- Barmore and the military -------------------------------------------------------------


def test_barmore_blind_seven_doubles_any_time():
    made = play("barmore", [nyc("blind 7", 5, 7)])
    assert made.hands[0].sides["Us"].points == 140
    over = play("barmore", [nyc("blind 7", 5, 8)])
    assert over.hands[0].sides["Us"].points == 141
    lost = play("barmore", [nyc("blind 7", 5, 6)])
    assert lost.hands[0].sides["Us"].points == -140
    with pytest.raises(GameError, match="the smallest blind bid is 7"):
        play("barmore", [nyc("blind 6", 5, 6)])


def military_blind(took):
    return {"bids": {"Us": "blind 6", "Them": 5}, "tricks": {"Us": took, "Them": 13 - took}}


def test_military_blind_six():
    rules = {"preset": "military", "bidding": "partnership"}
    start = {"Them": {"score": 100}}
    made = play(rules, [military_blind(6)], start=start)
    assert made.hands[0].sides["Us"].points == 120
    over = play(rules, [military_blind(8)], start=start)
    assert (over.hands[0].sides["Us"].points, over.hands[0].sides["Us"].bags) == (120, 0)
    lost = play(rules, [military_blind(5)], start=start)
    assert lost.hands[0].sides["Us"].points == -60


@pytest.mark.parametrize(("took", "points"), [(10, 200), (11, 201), (9, -100)])
def test_military_ten_for_two(took, points):
    sheet = play("military", [team_hand(10, took, 4, 13 - took)])
    assert sheet.hands[0].sides["Us"].points == points


def test_military_board_is_four_and_boston_wins():
    with pytest.raises(GameError, match="Us bid 3, below the smallest bid of 4"):
        play("military", [team_hand(3, 5)])
    sheet = play("military", [team_hand(5, 13, 4, 0)])
    assert (sheet.winner, sheet.reason) == ("Us", "boston")
