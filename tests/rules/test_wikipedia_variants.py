"""Issue 22, the variants docs/variants.md still listed as "not playable yet" or "not checked":
Wikipedia's Auction Spades, No Duplicate and No Vice Versa Bidding, Broken Contract Gives Points
to Opposing Team, Crossing the Rubicon's variant that cancels bags, Individual Team Players,
Boston's "cannot bid to Shoot the Moon if the other team bids Double Nil"; the text's own numbers
in each row (shared/rules-sources/wikipedia-spades.txt)."""
# ruff: noqa: E501 (the tables read best one row to a line)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import GameError, check_bids, dump_game, parse_game, score_game
from scorekeeper.rules.examples import extras_examples, option_example
from scorekeeper.rules.options import rules_from_spec
from scorekeeper.rules.words import rules_line

# The options these rows set (tests/rules/test_options_and_presets.py counts them as exercised)
EXERCISED = {
    "auction_min", "defender_trick_value", "overtricks_to_others", "undertricks_to_others",
    "no_duplicate_bids", "no_vice_versa_bids", "no_moon_against_double_nil", "both_exact_bonus",
    "rubicon_bags", "blind_no_trump", "blind_no_trump_win_multiplier",
    "blind_no_trump_loss_multiplier",
}  # fmt: skip

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}


def game(rules: Any, hands: list[dict[str, Any]], start: Any = None) -> dict[str, Any]:
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": FOUR, "teams": TEAMS,
            "hands": hands}  # fmt: skip
    if start:
        data["start"] = start
    return data


def play(rules: Any, hands: list[dict[str, Any]], start: Any = None):
    return score_game(parse_game(game(rules, hands, start)))


def refused(rules: Any, hands: list[dict[str, Any]], start: Any = None) -> GameError:
    with pytest.raises(GameError) as e:
        play(rules, hands, start)
    return e.value


def h(ann, cy, bob, di, t_ann, t_cy, t_bob, t_di):
    return {"bids": {"Ann": ann, "Cy": cy, "Bob": bob, "Di": di},
            "tricks": {"Ann": t_ann, "Cy": t_cy, "Bob": t_bob, "Di": t_di}}  # fmt: skip


# --- Auction Spades: "Each player bids ... given a minimum 6 ... The team who made the winning
# bid gains 10 points per trick bid if they make their contract, and lose 10 points per trick if
# they are set. The bidding team gets no points for overtricks. The "defending" team gets one
# point per trick that they win, and 10 points for each overtrick the bidding team takes." -------

AUCTION = {"auction_min": 6, "nil": False, "blind_nil": False, "defender_trick_value": 1,
           "overtricks_to_others": 10, "overtrick_value": 0, "bag_limit": None}  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "us", "them", "us_lines", "them_lines"),
    [
        # bid 7 made with 9: 70, no points for the 2 overtricks; the defenders 4 x 1 + 2 x 10
        (h(3, 4, 0, 0, 5, 4, 2, 2), 70, 24, ["bid 7, took 9: +70, 2 bags"],
         ["passed, defending: took 4: +4", "Us 2 over: +20"]),
        # made exactly: the defenders only their tricks
        (h(3, 4, 0, 0, 4, 3, 3, 3), 70, 6, ["bid 7, took 7: +70"], ["passed, defending: took 6: +6"]),
        # set with 5: lose 10 a trick bid; the defenders their 8 tricks
        (h(3, 4, 0, 0, 3, 2, 4, 4), -70, 8, ["set: bid 7, took 5: -70"], ["passed, defending: took 8: +8"]),
        # the defenders may conservatively earn more than the bidders: bid 6, take all 13
        (h(3, 3, 0, 0, 7, 6, 0, 0), 60, 70, ["bid 6, took 13: +60, 7 bags"],
         ["passed, defending: took 0: 0", "Us 7 over: +70"]),
    ],
)  # fmt: skip
def test_wikipedia_auction_spades(hand, us, them, us_lines, them_lines):
    sheet = play(AUCTION, [hand])
    sides = sheet.hands[0].sides
    assert (sides["Us"].points, sides["Them"].points) == (us, them)
    assert sides["Us"].explain == us_lines
    assert sides["Them"].explain == them_lines
    assert sides["Them"].contract is None and sides["Them"].bags == 0  # a pass: no contract


@pytest.mark.parametrize(
    ("hand", "field", "words"),
    [
        (h(3, 2, 0, 0, 4, 4, 3, 2), "bids.Us", "Auction: Us bid 5: the contract is at least 6"),
        (
            h(3, 4, 1, 0, 4, 4, 3, 2),
            "bids",
            "Auction: Us and Them both bid: every side but one passes (0)",
        ),
        (h(0, 0, 0, 0, 4, 4, 3, 2), "bids", "Auction: every side passed"),
    ],
)
def test_an_auction_has_one_bidding_side_of_at_least_six(hand, field, words):
    e = refused(AUCTION, [hand])
    assert (e.hand, e.field, e.message) == (1, field, words)


# --- Broken Contract Gives Points to Opposing Team: "the defending pair receives 10 points for
# each undertrick ... Instead of the declaring team losing points, they should receive zero." ---

BROKEN = {"undertricks_to_others": 10, "set_penalty": "none"}


def test_wikipedia_broken_contract_gives_the_defenders_10_an_undertrick():
    sheet = play(BROKEN, [h(3, 4, 2, 2, 2, 3, 5, 3)])  # Us bid 7, take 5: 2 short
    us, them = sheet.hands[0].sides["Us"], sheet.hands[0].sides["Them"]
    assert (us.points, them.points) == (0, 40 + 4 + 20)
    assert us.explain == ["set: bid 7, took 5: 0"]
    assert them.explain == ["bid 4, took 8: +40, 4 bags +4", "Us 2 short: +20"]


def test_broken_contract_with_an_auction():
    sheet = play({**AUCTION, **BROKEN}, [h(3, 4, 0, 0, 2, 3, 5, 3)])
    us, them = sheet.hands[0].sides["Us"], sheet.hands[0].sides["Them"]
    assert (us.points, them.points) == (0, 8 + 20)


def test_a_set_by_overtricks_has_no_undertricks():
    sheet = play({**BROKEN, "max_overtricks": 1}, [h(2, 2, 2, 3, 3, 4, 3, 3)])  # 4 bid, 7 taken
    assert sheet.hands[0].sides["Us"].set
    assert sheet.hands[0].sides["Them"].points == 50 + 1  # nothing from Us


# --- No Duplicate Bidding: "Teams are not allowed to make the same bid. If the same bid is made
# (each time bids four) ..."; No Vice Versa Bidding: "Round 1, A bids 4 and B bids 5. In Round 2,
# B cannot bid 4 and A cannot bid 5." ----------------------------------------------------------

ROUND_1 = h(2, 2, 3, 2, 4, 4, 3, 2)  # A (Us) 4, B (Them) 5


@pytest.mark.parametrize(
    ("rules", "hands", "field", "words"),
    [
        ({"no_duplicate_bids": True}, [h(2, 2, 2, 2, 3, 3, 3, 4)], "bids.Them", "No duplicate bidding: Them bid 4, as Us did: one must change"),
        ({"no_vice_versa_bids": True}, [ROUND_1, h(2, 2, 2, 2, 3, 3, 3, 4)], "bids.Them", "No vice versa bidding: Them bid 4, what Us bid last hand"),
        ({"no_vice_versa_bids": True}, [ROUND_1, h(3, 2, 3, 3, 3, 3, 3, 4)], "bids.Us", "No vice versa bidding: Us bid 5, what Them bid last hand"),
        # a misdeal between does not end the rule: the last hand with bids counts
        ({"no_vice_versa_bids": True}, [ROUND_1, {"misdeal": True}, h(3, 2, 3, 3, 3, 3, 3, 4)], "bids.Us", "No vice versa bidding: Us bid 5, what Them bid last hand"),
    ],
)  # fmt: skip
def test_wikipedia_equal_bids_refused(rules, hands, field, words):
    e = refused(rules, hands)
    assert (e.hand, e.field, e.message) == (len(hands), field, words)


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        ({"no_duplicate_bids": True}, [h(2, 2, 3, 2, 4, 4, 3, 2)]),
        ({"no_vice_versa_bids": True}, [ROUND_1, ROUND_1]),  # each its own bid again
        ({"no_vice_versa_bids": True}, [ROUND_1, h(3, 3, 2, 1, 4, 4, 3, 2)]),
    ],
)
def test_bids_the_equal_bids_rules_allow(rules, hands):
    assert play(rules, hands).played == len(hands)


def test_vice_versa_is_refused_at_the_bids_step_too():
    g = parse_game(game({"no_vice_versa_bids": True}, [ROUND_1]))
    with pytest.raises(GameError, match="No vice versa bidding: Us bid 5"):
        check_bids(g, {"Ann": 3, "Cy": 2, "Bob": 3, "Di": 3})
    check_bids(g, {"Ann": 3, "Cy": 3, "Bob": 3, "Di": 3})


# --- Boston/Shooting the Moon: "A team cannot bid to Shoot the Moon if the other team bids
# Double Nil, and vice versa." ------------------------------------------------------------------

MOON = {"moon": True, "moon_value": "win", "no_moon_against_double_nil": True}


def test_wikipedia_no_moon_against_a_double_nil():
    e = refused(MOON, [h(7, 6, "nil", "nil", 7, 6, 0, 0)])
    assert (e.field, e.message) == (
        "bids.Us",
        "Us bid the moon (13) and Them double nil: one cannot be bid against the other",
    )
    # a moon against one nil, and a double nil against a plain bid, are allowed
    assert play(MOON, [h(7, 6, "nil", 1, 7, 6, 0, 0)]).winner == "Us"
    assert play(MOON, [h(6, 6, "nil", "nil", 7, 6, 0, 0)]).hands[0].sides["Them"].points == 200


# --- Individual Team Players: "A bids 3, B bids 4. If A wins 3 and B wins 4, 30 bonus points are
# awarded to that team (added to the 70 points for contract for a total of 100 points)." ---------


@pytest.mark.parametrize(
    ("hand", "us", "line"),
    [
        (h(3, 4, 2, 2, 3, 4, 3, 3), 100, "each partner made their own bid exactly: +30"),
        (h(4, 4, 2, 2, 4, 4, 3, 2), 80 + 40, "each partner made their own bid exactly: +40"),
        (h(3, 4, 2, 2, 4, 3, 3, 3), 70, None),  # 7 made, but not each their own: no bonus
        (h(3, 4, 2, 2, 3, 5, 3, 2), 71, None),  # Cy over: not exact
        (h(3, "nil", 2, 2, 3, 0, 5, 5), 130, None),  # a nil partner bid no number
    ],
)  # fmt: skip
def test_wikipedia_individual_team_players(hand, us, line):
    result = play({"both_exact_bonus": True}, [hand]).hands[0].sides["Us"]
    assert result.points == us
    assert (line in result.explain) if line else not any("exactly" in x for x in result.explain)


def test_individual_team_players_needs_each_players_tricks():
    e = refused(
        {"both_exact_bonus": True},
        [{"bids": {"Ann": 3, "Cy": 4, "Bob": 2, "Di": 2}, "tricks": {"Us": 7, "Them": 6}}],
    )
    assert e.field == "tricks.Us"


# --- Crossing the Rubicon: "Some variations of this instead nullify the bags that the team has
# gained, either completely eradicating the sandbags or subtracting five bags therefrom." --------


@pytest.mark.parametrize(
    ("choice", "bags", "line"),
    [
        ("all", 0, "Crossing the Rubicon, first to 100: 7 bags cancelled"),
        ("five", 2, "Crossing the Rubicon, first to 100: 5 bags cancelled"),
    ],
)
def test_wikipedia_rubicon_cancels_bags_instead(choice, bags, line):
    sheet = play(
        {"rubicon_bags": choice}, [h(2, 2, 3, 3, 3, 4, 3, 3)], {"Us": {"score": 90, "bags": 4}}
    )
    us = sheet.hands[0].sides["Us"]
    assert (us.points, us.total, us.bags_total, sheet.bags["Us"]) == (43, 133, bags, bags)
    assert us.explain[-1] == line


def test_the_rubicon_bags_are_cancelled_once_for_each_hundred():
    hands = [h(2, 2, 3, 3, 3, 4, 3, 3)] * 3  # Us: 133, 176 (no new hundred), 219
    sheet = play({"rubicon_bags": "five"}, hands, {"Us": {"score": 90, "bags": 4}})
    assert [hr.sides["Us"].bags_total for hr in sheet.hands] == [2, 5, 3]


# --- contradictory settings, refused by the field with a reason; a game file exits 2 ----------


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({"auction_min": 6}, "rules.auction_min", "a side passes with a bid of 0, which nil reads as nil"),
        ({**AUCTION, "min_side_bid": 4}, "rules.auction_min", "below the smallest bid for a side (4)"),
        ({"no_moon_against_double_nil": True}, "rules.no_moon_against_double_nil", "needs moon bids"),
        ({"both_exact_bonus": True, "bidding": "partnership"}, "rules.both_exact_bonus", "needs individual bidding"),
        ({"rubicon_bags": "all", "rubicon_value": 5}, "rules.rubicon_bags", "instead of scoring points"),
        ({"rubicon_bags": "half"}, "rules.rubicon_bags", "must be one of all, five"),
        ({"auction_min": 0, "nil": False, "blind_nil": False}, "rules.auction_min", "must be 1 to 52"),
        ({"undertricks_to_others": -10}, "rules.undertricks_to_others", "must be 0 to 10000"),
    ],
)  # fmt: skip
def test_contradictory_or_out_of_range_settings_are_refused_by_field(rules, field, words):
    with pytest.raises(GameError) as e:
        rules_from_spec(rules)
    assert e.value.field == field and words in e.value.message


def test_an_unknown_value_in_a_game_file_exits_2_with_one_line(tmp_path: Path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(game({"rubicon_bags": "half"}, [])), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        'scorekeeper: option rubicon_bags must be one of all, five, not "half"'
    ]


# --- the one-line summary and the rules page's worked examples ---------------------------------


def test_the_house_rules_line_names_each():
    line = rules_line(rules_from_spec({**AUCTION, **BROKEN, "no_duplicate_bids": True}))
    for words in ("auction, 6+, defenders +1 a trick", "overtricks: +10 each to the others",
                  "undertricks: +10 each to the others", "no duplicate bids"):  # fmt: skip
        assert words in line
    line = rules_line(rules_from_spec({"moon": True, "no_moon_against_double_nil": True,
                                       "no_vice_versa_bids": True, "both_exact_bonus": True,
                                       "rubicon_bags": "five"}))  # fmt: skip
    for words in ("no moon against double nil", "no vice versa bids",
                  "both partners exact: +half the bid", "Rubicon: 5 bags cancelled"):  # fmt: skip
        assert words in line
    assert "auction" not in rules_line(rules_from_spec("standard"))


@pytest.mark.parametrize(
    ("rules", "option", "line"),
    [
        (AUCTION, "auction_min", "Bob & Di: passed, defending: took 4: +4; Ann & Cy 2 over: +20 (total 24)"),
        (BROKEN, "undertricks_to_others", "Bob & Di: bid 4, took 9: +40, 5 bags +5; Ann & Cy 2 short: +20 (total 65)"),
        ({"no_duplicate_bids": True}, "no_duplicate_bids", "not allowed here: No duplicate bidding: Bob & Di bid 4, as Ann & Cy did: one must change"),
        ({"no_vice_versa_bids": True}, "no_vice_versa_bids", "not allowed here: No vice versa bidding: Ann & Cy bid 5, what Bob & Di bid last hand"),
        (MOON, "no_moon_against_double_nil", "not allowed here: Ann & Cy bid the moon (13) and Bob & Di double nil: one cannot be bid against the other"),
        ({"both_exact_bonus": True}, "both_exact_bonus", "Ann & Cy: bid 7, took 7: +70; each partner made their own bid exactly: +30 (total 100)"),
        ({"rubicon_bags": "all"}, "rubicon_bags", "Ann & Cy: bid 4, took 7: +40, 3 bags +3; Crossing the Rubicon, first to 100: 7 bags cancelled (total 133)"),
    ],
)  # fmt: skip
def test_each_has_a_worked_example_on_the_rules_page(rules, option, line):
    assert option_example(rules_from_spec(rules), "standard", option).lines == [line]


# --- Last 3 out of 5, 9 or Above: "If players win an unbroken sequence of tricks near the end
# (last five tricks, must win three) all with spades 9 or above, and make their exact bid, the
# points earned for each trick are doubled." (special last_three_high) --------------------------

LAST_THREE = {"specials": ["last_three_high"]}


def with_special(hand: dict[str, Any], outcome: str) -> dict[str, Any]:
    return {**hand, "specials": {"Us": {"last_three_high": outcome}}}


@pytest.mark.parametrize(
    ("rules", "hand", "outcome", "us", "line"),
    [
        (LAST_THREE, h(3, 4, 2, 2, 3, 4, 3, 3), "made", 140, "Last 3 of 5, 9 or above made: +70"),
        (LAST_THREE, h(3, 4, 2, 2, 4, 4, 3, 2), "made", 71, "Last 3 of 5, 9 or above made: not counted, the bid was not made exactly"),
        (LAST_THREE, h(3, 4, 2, 2, 3, 4, 3, 3), "failed", 70, "Last 3 of 5, 9 or above failed: 0"),
        (LAST_THREE, h(3, 4, 3, 3, 2, 4, 4, 3), "made", -70, "Last 3 of 5, 9 or above made: not counted, the bid was not made exactly"),
        # the points of each trick as scored: Ann's No Trump 3 doubled and Cy's 4, made exactly: 100, doubled 200
        ({**LAST_THREE, "no_trump": True}, h("no trump 3", 4, 2, 2, 3, 4, 3, 3), "made", 200, "Last 3 of 5, 9 or above made: +100"),
    ],
)  # fmt: skip
def test_wikipedia_last_three_of_five_doubles_the_points_of_each_trick(
    rules, hand, outcome, us, line
):
    result = play(rules, [with_special(hand, outcome)]).hands[0].sides["Us"]
    assert result.points == us
    assert result.explain[-1] == line


def test_last_three_of_five_needs_three_tricks_and_takes_no_value():
    e = refused(LAST_THREE, [with_special(h(1, 1, 5, 5, 1, 1, 6, 5), "made")])
    assert (e.field, e.message) == (
        "specials.Us.last_three_high",
        "Us made Last 3 of 5, 9 or above with 2 tricks: it needs 3",
    )
    with pytest.raises(GameError) as info:
        rules_from_spec({"specials": [{"name": "last_three_high", "made": 100}]})
    assert info.value.field == "rules.specials"
    assert "doubles the bid's points: it has no made or failed value" in info.value.message


def test_last_three_of_five_on_the_rules_page_and_in_the_line():
    rules = rules_from_spec(LAST_THREE)
    [(name, example)] = extras_examples(rules, "standard")
    assert example.lines == [
        "Ann & Cy: bid 8, took 8: +80; Last 3 of 5, 9 or above made: +80 (total 160)"
    ]
    assert "Last 3 of 5, 9 or above: the bid \u00d72 exactly" in rules_line(rules)


# --- Blind No Trump (pagat; the digest): "A 'No Trump' bid can be made blind, increasing its
# value to triple the basic amount. The minimum number of tricks which can be bid in 'Blind No
# Trump' is usually set at one less than the required minimum number for a normal blind bid ...
# Failing in a Blind No Trump should cost the same as you win if you succeed - i.e. three times
# the basic value of the bid. However, some people play with only a double or single penalty." --

BNT = {"bidding": "partnership", "no_trump": True, "blind_bids": True, "blind_no_trump": True}
BEHIND = {"Them": {"score": 200}}  # a blind bid needs 100 behind


def team_hand(us_bid: Any, us_took: int) -> dict[str, Any]:
    return {"bids": {"Us": us_bid, "Them": 4}, "tricks": {"Us": us_took, "Them": 13 - us_took}}


@pytest.mark.parametrize(
    ("rules", "bid", "took", "points", "line", "label"),
    [
        (BNT, "blind no trump 6", 6, 180, "Blind No Trump made: blind 6, 60 x 3 = 180", "BNT6"),
        (BNT, "blind no trump 6", 5, -180, "Blind No Trump set: blind 6, -60 x 3 = -180", "BNT6"),
        ({**BNT, "blind_no_trump_loss_multiplier": 2}, "blind no trump 6", 5, -120, "Blind No Trump set: blind 6, -60 x 2 = -120", "BNT6"),
        ({**BNT, "blind_no_trump_loss_multiplier": 1}, "blind no trump 6", 5, -60, "Blind No Trump set: blind 6, -60 x 1 = -60", "BNT6"),
        # one less than the smallest blind bid (6): 5; overtricks as a blind bid's (bags)
        (BNT, "blind nt 5", 7, 150 + 2, "Blind No Trump made: blind 5, 50 x 3 = 150", "BNT5"),
        # beside it, a blind 6 and a No Trump 6 score double, as before
        (BNT, "blind 6", 6, 120, None, "B6"),
        (BNT, "no trump 6", 6, 120, "No Trump made: bid 6, 60 x 2 = 120", "NT6"),
        # under the Wikipedia table's blind bonus a blind bid is a plain one, plus its bonus
        ({**BNT, "blind_scoring": "bonus"}, "blind no trump 6", 6, 180 + 100, "Blind No Trump made: blind 6, 60 x 3 = 180", "BNT6"),
    ],
)  # fmt: skip
def test_blind_no_trump_scores_triple_made_and_failed(rules, bid, took, points, line, label):
    sheet = play(rules, [team_hand(bid, took)], BEHIND)
    us = sheet.hands[0].sides["Us"]
    assert us.points == points
    assert (line in us.explain) if line else not any("Trump" in x for x in us.explain)
    assert us.bid_label == label


@pytest.mark.parametrize(
    ("rules", "bid", "start", "field", "words"),
    [
        (BNT, "blind no trump 4", BEHIND, "bids.Us", "Us bid blind no trump 4: the smallest Blind No Trump bid is 5"),
        (BNT, "blind no trump 6", None, "bids.Us", "blind bids only when 100 or more behind (Us is 0 behind)"),
        ({**BNT, "blind_no_trump": False}, "blind no trump 6", BEHIND, "bids.Us", "Blind No Trump bids are not allowed in these rules"),
    ],
)  # fmt: skip
def test_blind_no_trump_bids_refused(rules, bid, start, field, words):
    e = refused(rules, [team_hand(bid, 6)], start)
    assert (e.field, e.message) == (field, words)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"blind_no_trump": True, "blind_bids": True}, "needs No Trump bids and blind bids"),
        ({"blind_no_trump": True, "no_trump": True}, "needs No Trump bids and blind bids"),
        ({**BNT, "blind_win_multiplier": 0}, "must then be 1 or more"),
    ],
)
def test_blind_no_trump_contradictions_are_refused_by_its_field(rules, words):
    with pytest.raises(GameError) as e:
        rules_from_spec(rules)
    assert e.value.field == "rules.blind_no_trump" and words in e.value.message


def test_blind_no_trump_in_the_line_and_on_the_rules_page():
    rules = rules_from_spec({**BNT, "blind_no_trump_loss_multiplier": 1})
    assert "blind no trump \u00d73, set \u00d71" in rules_line(rules)
    assert option_example(rules, "standard", "blind_no_trump").lines == [
        "Ann & Cy: blind 6, took 6: +180; Blind No Trump made: blind 6, 60 x 3 = 180 (total 180)"
    ]


def test_a_blind_no_trump_bid_is_written_back_as_it_reads():
    g = parse_game(game(BNT, [team_hand("Blind NT 6", 6)], BEHIND))
    assert score_game(g).hands[0].sides["Us"].points == 180
    assert dump_game(g)["hands"][0]["bids"] == {"Us": "blind no trump 6", "Them": 4}
