"""The contracts and scoring rules of issue 22 (part C), scored from the rules texts' own worked
examples (shared/rules-sources: pagat, Wikipedia, the variants digest), one row each.

Each row: the text it comes from, the rules (a preset or a spec), the hand, what each side
scores and the why-line that explains the new number. Where a text gives a rule but no number,
the row works the rule's own arithmetic on a hand of the text's kind (said in its id).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from scorekeeper.rules import GameError, parse_game, score_game

# The options these rows set (tests/rules/test_options_and_presets.py counts them as exercised;
# test_the_rows_set_every_option_they_claim checks each is really set below).
EXERCISED = {
    "seven_or_higher_value", "exact_small_bids", "nil_penalty_per_trick", "no_trump",
    "no_trump_win_multiplier", "no_trump_loss_multiplier", "blind_scoring", "blind_bonus",
    "double_nil_opponents_bonus", "lexington", "lexington_value", "lexington_penalty",
    "partner_bids", "nil_fail_sets_partner", "blind_nil_no_bags", "renege_mucks", "score_tenths",
}  # fmt: skip

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}
THREE = ["Ann", "Bob", "Cy"]


def play(rules: Any, hands: list[dict[str, Any]], players=FOUR, teams=TEAMS, start=None):
    data: dict[str, Any] = {
        "format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands,
    }  # fmt: skip
    if teams:
        data["teams"] = teams
    if start:
        data["start"] = start
    return score_game(parse_game(data))


def one(rules: Any, bids: dict[str, Any], tricks: dict[str, int], players=FOUR, teams=TEAMS,
        **extra: Any):  # fmt: skip
    """The first hand's side results."""
    return play(rules, [{"bids": bids, "tricks": tricks, **extra}], players, teams).hands[0].sides


# --- seven or higher (pagat, three players; Wikipedia "Seven Tricks or Higher!") -----------

SEVEN = {"preset": "three-player", "seven_or_higher_value": 10}


@pytest.mark.parametrize(
    ("bid", "points", "line"),
    [
        (7, 80, "seven or higher: +10"),  # "if you make a seven trick bid exactly, you gain 80"
        (8, 100, "seven or higher: +20"),  # "Eight tricks exactly gains 100"
        (9, 120, "seven or higher: +30"),  # "9 gains 120"
        (6, 60, None),  # six is not above six: no bonus, no line
    ],
    ids=["7 exactly: 80", "8 exactly: 100", "9 exactly: 120", "6: plain 60"],
)
def test_pagat_seven_or_higher(bid, points, line):
    rest = 17 - bid
    sides = one(SEVEN, {"Ann": bid, "Bob": rest - 4, "Cy": 4},
                {"Ann": bid, "Bob": rest - 4, "Cy": 4}, THREE, None)  # fmt: skip
    ann = sides["Ann"]
    assert ann.points == points
    assert (line in ann.explain) if line else not any("seven" in x for x in ann.explain)


def test_seven_or_higher_needs_the_bid_made():
    sides = one(SEVEN, {"Ann": 8, "Bob": 5, "Cy": 4}, {"Ann": 7, "Bob": 6, "Cy": 4}, THREE, None)
    assert sides["Ann"].points == -80
    assert not any("seven" in x for x in sides["Ann"].explain)


def test_seven_or_higher_with_bags_counts_the_bid_not_the_tricks():
    # a made bid of 7 with 2 overtricks: 70 + 2 bags + the bonus for the bid (one over six)
    sides = one({"preset": "standard", "seven_or_higher_value": 10},
                {"Ann": 4, "Cy": 3, "Bob": 2, "Di": 2}, {"Us": 9, "Them": 4})  # fmt: skip
    assert sides["Us"].points == 70 + 2 + 10
    assert "seven or higher: +10" in sides["Us"].explain


# --- exact small bids (pagat three-player; Wikipedia "One is the Loneliest Number") ---------

SMALL = {"preset": "three-player", "exact_small_bids": True}


@pytest.mark.parametrize(
    ("bid", "took", "points", "line"),
    [
        (2, 2, 40, "bid 2 made exactly: 2 x 20"),  # "Anyone who bets 2 and gets 2 wins 40"
        (2, 4, 0, None),  # "Four tricks is worth nothing"
        (2, 5, -10, None),  # "every additional bag is -10 each"
        (1, 1, 60, "bid 1 made exactly: 6 x 10"),  # "bets 1 and gets exactly 1 wins 60 pts"
        (1, 2, 0, None),  # "If you get 2, you also get nothing"
        (1, 3, -10, None),  # "each additional bag is again -10 each"
        (3, 3, 30, None),  # 3 is not a small bid
    ],
)
def test_pagat_exact_small_bids(bid, took, points, line):
    sides = one(SMALL, {"Ann": bid, "Bob": 5, "Cy": 5}, {"Ann": took, "Bob": 17 - took - 5,
                "Cy": 5}, THREE, None)  # fmt: skip
    assert sides["Ann"].points == points
    if line:
        assert any(x.startswith(line) for x in sides["Ann"].explain), sides["Ann"].explain


def test_exact_small_bid_of_two_taking_three_is_the_plain_bid_and_a_bag():
    # pagat: "If you get 3, you still get 20 points (one bag)": the bid's own 20, and the bag
    # costs its -10 under the three-player rules (decision in docs/contract.md)
    sides = one(SMALL, {"Ann": 2, "Bob": 5, "Cy": 5}, {"Ann": 3, "Bob": 9, "Cy": 5}, THREE, None)
    assert sides["Ann"].points == 20 - 10


# --- a failed nil costs 10 a trick (pagat, three players) ---------------------------------

NIL10 = {"preset": "three-player", "nil_penalty_per_trick": 10}


@pytest.mark.parametrize(
    ("took", "points", "line"),
    [
        (0, 100, "Ann nil, took 0: +100"),  # "Anyone who bets none and gets it ... 100 pts"
        (1, -10, "Ann nil lost: 1 x -10"),  # "Otherwise, subtract 10 for every trick taken"
        (3, -30, "Ann nil lost: 3 x -10"),
    ],
)
def test_pagat_failed_nil_costs_ten_a_trick(took, points, line):
    sides = one(NIL10, {"Ann": "nil", "Bob": 6, "Cy": 6},
                {"Ann": took, "Bob": 11 - took, "Cy": 6}, THREE, None)  # fmt: skip
    assert sides["Ann"].points == points
    assert line in sides["Ann"].explain
    assert sides["Ann"].bags == 0  # paid for by the penalty, not counted again as bags


# --- No Trump bids (pagat, Wikipedia, digest) ---------------------------------------------

NT = {"preset": "standard", "no_trump": True}


@pytest.mark.parametrize(
    ("rules", "took", "points", "line"),
    [
        # "The value of the bid is double that of a normal bid for that number of tricks if won"
        (NT, 7, 140, "No Trump made: bid 7, 70 x 2 = 140"),
        # Wikipedia: "counts each trick ... as double (normally 20 points)": bags stay 1 each
        (NT, 8, 141, "No Trump made: bid 7, 70 x 2 = 140"),
        # "the penalty if you lose is double the penalty for a normal bid"
        (NT, 6, -140, "No Trump set: bid 7, -70 x 2 = -140"),
        # "(some people play with only a single penalty ...)"
        ({**NT, "no_trump_loss_multiplier": 1}, 6, -70, None),
    ],
    ids=["made 140", "made with a bag 141", "set -140", "single penalty -70"],
)
def test_no_trump_bids(rules, took, points, line):
    # partnership bidding: the team bids No Trump
    sides = one({**rules, "bidding": "partnership"}, {"Us": "no trump 7", "Them": 4},
                {"Us": took, "Them": 13 - took})  # fmt: skip
    us = sides["Us"]
    assert us.points == points
    assert us.bid_label == "NT7"
    if line:
        assert any(line in x for x in us.explain), us.explain


def test_a_player_no_trump_bid_makes_the_side_contract_no_trump():
    # individual bidding: Ann bids "no trump 4", Cy (her partner, who "covers" it) bids 3;
    # only Ann's own bid is doubled (issue 33: pagat's "the value of the bid is double",
    # Wikipedia's "each trick taken by that player as double"): 2 x 40 + 30
    bids = {"Ann": "no trump 4", "Cy": 3, "Bob": 3, "Di": 2}
    sides = one(NT, bids, {"Us": 7, "Them": 6})
    assert sides["Us"].points == 110
    assert sides["Us"].bid_label == "NT7"
    assert sides["Us"].explain[-1] == "No Trump made: Ann's 4, 40 x 2 = 80"
    # the whole contract, as this engine read it before (no_trump_scope "contract")
    whole = one({**NT, "no_trump_scope": "contract"}, bids, {"Us": 7, "Them": 6})
    assert whole["Us"].points == 140
    assert whole["Us"].explain[-1] == "No Trump made: bid 7, 70 x 2 = 140"


def test_no_trump_is_refused_without_the_option():
    with pytest.raises(GameError, match="No Trump bids are not allowed"):
        one("standard", {"Ann": "no trump 4", "Cy": 3, "Bob": 3, "Di": 2}, {"Us": 7, "Them": 6})


# --- the Wikipedia table's blind bonus ------------------------------------------------------

BONUS = {"preset": "standard", "bidding": "partnership", "blind_bids": True,
         "blind_deficit": None, "blind_scoring": "bonus"}  # fmt: skip


@pytest.mark.parametrize(
    ("took", "points", "line"),
    [
        (6, 60 + 100, "blind made exactly: +100"),  # "If bid met exactly: 100"
        (5, -60 - 100, "blind short: -100"),  # "If player took fewer: -100"
        (8, 62, "blind over: 0"),  # "If player took more: 0" (the contract and its bags stand)
    ],
)
def test_wikipedia_blind_bonus(took, points, line):
    sides = one(BONUS, {"Us": "blind 6", "Them": 4}, {"Us": took, "Them": 13 - took})
    assert sides["Us"].points == points
    assert line in sides["Us"].explain


# --- double nil: the opponents' 100 when both take a trick (pagat) ------------------------

DNIL = {"preset": "standard", "double_nil_value": 500, "double_nil_penalty": 250,
        "double_nil_opponents_bonus": 100}  # fmt: skip


def test_pagat_both_nil_bidders_take_a_trick_the_opponents_get_100():
    sides = one(DNIL, {"Ann": "nil", "Cy": "nil", "Bob": 5, "Di": 5},
                {"Ann": 1, "Cy": 2, "Bob": 5, "Di": 5})  # fmt: skip
    assert sides["Us"].points == -250 + 3  # the nil tricks are bags
    assert sides["Them"].points == 100 + 100
    assert "double nil broken by both: +100" in sides["Them"].explain


def test_one_nil_bidder_taking_tricks_gives_the_opponents_nothing():
    sides = one(DNIL, {"Ann": "nil", "Cy": "nil", "Bob": 5, "Di": 5},
                {"Ann": 0, "Cy": 3, "Bob": 5, "Di": 5})  # fmt: skip
    assert sides["Them"].points == 100
    assert not any("both" in x for x in sides["Them"].explain)


# --- Lexington (Wikipedia) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lexington", "bid", "took", "points", "line"),
    [
        ("bid", 12, 12, 240, "Lexington"),  # "Similar to a Boston but 12 tricks are made"
        ("bid", 12, 13, 241, "Lexington"),
        ("bid", 12, 11, -240, "Lexington"),
        (
            "take",
            5,
            12,
            240,
            "Lexington taken, bid 5, took 12: +240",
        ),  # "240 points regardless the bid"
        ("take", 5, 11, 56, None),  # eleven is no Lexington
    ],
)
def test_wikipedia_lexington(lexington, bid, took, points, line):
    rules = {"preset": "standard", "bidding": "partnership", "lexington": lexington}
    sides = one(rules, {"Us": bid, "Them": 1}, {"Us": took, "Them": 13 - took})
    assert sides["Us"].points == points
    if line:
        assert any(line in x for x in sides["Us"].explain), sides["Us"].explain


# --- each partner must make their own bid (digest; Wikipedia's Oh Hell) -------------------


@pytest.mark.parametrize(
    ("rule", "tricks", "points"),
    [
        # digest: "a player bids Four and his partner bids Six, the team bid is Ten. It does not
        # matter if ... one partner wins eight tricks, and the other wins two" -- unless "both
        # players meet their own stated bet"
        ("team", {"Ann": 8, "Cy": 2}, 100),
        ("each", {"Ann": 8, "Cy": 2}, -100),
        ("each", {"Ann": 4, "Cy": 7}, 101),
        # Oh Hell: "others force each player to exactly meet their contract"
        ("each exactly", {"Ann": 4, "Cy": 7}, -100),
        ("each exactly", {"Ann": 4, "Cy": 6}, 100),
    ],
)
def test_digest_both_must_meet_their_own_bet(rule, tricks, points):
    rest = 13 - sum(tricks.values())
    sides = one({"preset": "standard", "partner_bids": rule},
                {"Ann": 4, "Cy": 6, "Bob": 1, "Di": 1},
                {**tricks, "Bob": rest, "Di": 0})  # fmt: skip
    assert sides["Us"].points == points


def test_own_bids_name_who_fell_short():
    sides = one(
        {"preset": "standard", "partner_bids": "each"},
        {"Ann": 4, "Cy": 6, "Bob": 1, "Di": 1},
        {"Ann": 8, "Cy": 2, "Bob": 3, "Di": 0},
    )
    assert any("Cy bid 6, took 2" in x for x in sides["Us"].explain), sides["Us"].explain


def test_own_bids_need_each_players_tricks():
    with pytest.raises(GameError, match="give the tricks of each player"):
        one(
            {"preset": "standard", "partner_bids": "each"},
            {"Ann": 4, "Cy": 6, "Bob": 1, "Di": 1},
            {"Us": 10, "Them": 3},
        )


# --- Highlander (Wikipedia) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        # "player A bids 5 and wins 4, and player B ... bids 3 and wins 4, 80 points is deducted
        # ... However, B is awarded five points per overtrick, so they are -75 instead of -80."
        ({"Ann": 4, "Cy": 4}, -75),
        # "If the contract is broken and no overtricks were taken, the team is down the full
        # amount of the bid."
        ({"Ann": 4, "Cy": 3}, -80),
        # "If both made their contract and have won overtricks, they are awarded five extra
        # points per overtrick."
        ({"Ann": 6, "Cy": 4}, 80 + 10),
    ],
)
def test_wikipedia_highlander(tricks, points):
    rest = 13 - sum(tricks.values())
    sides = one("highlander", {"Ann": 5, "Cy": 3, "Bob": 1, "Di": 1},
                {**tricks, "Bob": rest, "Di": 0})  # fmt: skip
    assert sides["Us"].points == points


def test_highlander_line_says_whose_overtrick_counts():
    sides = one(
        "highlander", {"Ann": 5, "Cy": 3, "Bob": 1, "Di": 1}, {"Ann": 4, "Cy": 4, "Bob": 5, "Di": 0}
    )
    assert sides["Us"].explain == ["set: bid 8, took 8: -80", "Ann bid 5, took 4: set",
                                   "Cy 1 over: +5"]  # fmt: skip


# --- a failed nil sets the partner's bid (pagat) -------------------------------------------


def test_pagat_a_lost_nil_loses_the_partners_bid_too():
    rules = {"preset": "standard", "nil_fail_sets_partner": True}
    sides = one(rules, {"Ann": "nil", "Cy": 4, "Bob": 4, "Di": 4},
                {"Ann": 1, "Cy": 5, "Bob": 4, "Di": 3})  # fmt: skip
    us = sides["Us"]
    assert us.points == -100 - 40 + 1  # the nil, the partner's bid, the nil's trick as a bag
    assert us.set
    assert any("set by the lost nil" in x for x in us.explain), us.explain


def test_a_made_nil_leaves_the_partners_bid_alone():
    rules = {"preset": "standard", "nil_fail_sets_partner": True}
    sides = one(rules, {"Ann": "nil", "Cy": 4, "Bob": 4, "Di": 4},
                {"Ann": 0, "Cy": 6, "Bob": 4, "Di": 3})  # fmt: skip
    assert sides["Us"].points == 100 + 40 + 2


# --- no bags on a blind nil hand (pagat) --------------------------------------------------


def test_pagat_no_bags_on_a_blind_nil_hand():
    rules = {"preset": "standard", "blind_nil_no_bags": True, "blind_deficit": None}
    hand = {"bids": {"Ann": "blind nil", "Cy": 4, "Bob": 4, "Di": 4},
            "tricks": {"Ann": 0, "Cy": 7, "Bob": 3, "Di": 3}}  # fmt: skip
    sheet = play(rules, [hand], start={"Us": {"score": 0, "bags": 9}})
    us = sheet.hands[0].sides["Us"]
    assert us.points == 200 + 43  # the overtricks still score their point, the count stays
    assert (us.bags, us.bag_penalty, sheet.bags["Us"]) == (0, 0, 9)
    assert "blind nil hand: 3 over +3, no bags" in us.explain


# --- a renege that mucks the hand (Wikipedia) ----------------------------------------------


def test_wikipedia_a_renege_mucks_the_hand_the_offenders_go_down_their_bid():
    rules = {"preset": "standard", "renege_mucks": True}
    sides = one(rules, {"Ann": 3, "Cy": 2, "Bob": 4, "Di": 2},
                {"Ann": 3, "Cy": 3, "Bob": 4, "Di": 3}, renege={"Us": 1})  # fmt: skip
    assert sides["Us"].points == -50
    assert sides["Us"].set
    assert sides["Them"].points == 0
    assert sides["Us"].explain == ["renege: hand mucked, down the bid of 5: -50"]
    assert sides["Them"].explain == ["renege by Us: hand mucked"]


# --- Call Break (Wikipedia: "also known as call bridge") ----------------------------------


def test_call_break_made_bid_scores_a_tenth_a_trick_over_and_a_set_loses_the_bid():
    sheet = play("call-break", [
        {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2}, "tricks": {"Ann": 5, "Bob": 3, "Cy": 2,
                                                                   "Di": 3}},
    ], teams=None)  # fmt: skip
    h = sheet.hands[0].sides
    assert (h["Ann"].points, h["Bob"].points, h["Cy"].points, h["Di"].points) == (
        Decimal("3.2"),
        Decimal("-4.0"),
        Decimal("2.0"),
        Decimal("2.1"),
    )
    # a Call Break table calls, and a call not made is short (explain.set_mark, bid_word)
    assert h["Ann"].explain == ["call 3, took 5: +3.0, 2 over +0.2"]
    assert str(sheet.totals["Ann"]) == "3.2"


def test_call_break_ends_after_five_deals_with_the_highest_total():
    hand = {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
            "tricks": {"Ann": 4, "Bob": 4, "Cy": 2, "Di": 3}}  # fmt: skip
    sheet = play("call-break", [hand] * 5, teams=None)
    assert sheet.finished and sheet.winner == "Bob"
    assert [str(sheet.totals[s]) for s in FOUR] == ["15.5", "20.0", "10.0", "10.5"]
    with pytest.raises(GameError, match="the game ended after hand 5"):
        play("call-break", [hand] * 6, teams=None)


def test_the_rows_set_every_option_they_claim():
    from pathlib import Path

    rows = Path(__file__).read_text().split("EXERCISED = {", 1)[1].split("\n}", 1)[1]
    for name in EXERCISED:
        assert f'"{name}"' in rows, name


@pytest.mark.parametrize(
    ("changes", "bid", "took", "points"),
    [
        ({"no_trump_win_multiplier": 3}, 7, 7, 210),
        ({"blind_bonus": 50}, "blind 6", 6, 110),
        ({"lexington": "bid", "lexington_value": 300}, 12, 12, 300),
        ({"lexington": "bid", "lexington_penalty": 120}, 12, 11, -120),
    ],
)
def test_the_values_of_the_new_options(changes, bid, took, points):
    rules = {"preset": "standard", "bidding": "partnership", "no_trump": True,
             "blind_bids": True, "blind_deficit": None, **changes}  # fmt: skip
    if "blind_bonus" in changes:
        rules["blind_scoring"] = "bonus"
    if "no_trump_win_multiplier" in changes:
        bid = f"no trump {bid}"
    sides = one(rules, {"Us": bid, "Them": 1}, {"Us": took, "Them": 13 - took})
    assert sides["Us"].points == points


def test_score_tenths_is_the_call_break_preset_s():
    from scorekeeper.rules import preset_rules

    assert preset_rules("call-break").score_tenths
    sheet = play({"preset": "cutthroat", "score_tenths": True}, [
        {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
         "tricks": {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}}], teams=None)  # fmt: skip
    assert str(sheet.totals["Ann"]) == "3.2"  # 32 tenths: a made 3 is 30, each bag 2
