"""Issue 33, "Where the texts read differently": each reading with the text's own words (the
texts are not in the repository: each phrase names its source, ../shared/rules-sources/), and
the game-file checks of "Docs and messages". Decisions where the texts are silent are in
docs/contract.md beside each option."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import GameError, dump_game, parse_game, rules_from_spec, score_game
from scorekeeper.rules.ending import most_hands
from scorekeeper.rules.words import end_reason, rules_line

TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
US, THEM = "Ann & Cy", "Bob & Di"
PLAYERS = ["Ann", "Bob", "Cy", "Di"]

# the options these readings add, each set by a case below (test_options_and_presets)
EXERCISED = {"no_trump_scope", "renege_overtricks", "renege_voids", "zero_bid", "race_third_game"}


def game(rules: Any, hands: list[dict[str, Any]], start: Any = None, teams: Any = TEAMS) -> Any:
    data: dict[str, Any] = {"format": "spades-scorekeeper/1", "players": PLAYERS,
                            "rules": rules, "hands": hands}  # fmt: skip
    if teams:
        data["teams"] = teams
    if start:
        data["start"] = start
    return parse_game(data)


def play(rules: Any, hands: list[dict[str, Any]], start: Any = None) -> Any:
    return score_game(game(rules, hands, start))


def hand(a: Any, b: Any, c: Any, d: Any, ta: int, tb: int, tc: int, td: int, **more: Any) -> Any:
    return {"bids": {"Ann": a, "Bob": b, "Cy": c, "Di": d},
            "tricks": {"Ann": ta, "Bob": tb, "Cy": tc, "Di": td}, **more}  # fmt: skip


# --- No Trump: pagat "the value of the bid is double"; Wikipedia "each trick taken by that
# player as double" -----------------------------------------------------------------------------


def test_no_trump_doubles_only_the_no_trump_bidders_own_bid():
    nt = {"preset": "standard", "no_trump": True}
    us = play(nt, [hand("no trump 4", 3, 3, 3, 4, 3, 3, 3)]).hands[0].sides[US]
    assert us.points == 2 * 40 + 30  # 110, not 140
    assert us.explain == ["bid 7, took 7: +110", "No Trump made: Ann's 4, 40 x 2 = 80"]
    whole = play({**nt, "no_trump_scope": "contract"}, [hand("no trump 4", 3, 3, 3, 4, 3, 3, 3)])
    assert whole.hands[0].sides[US].points == 140


def test_no_trump_s_why_line_names_the_bid_and_its_value():
    """Issue 34: "No Trump made: 2 x 60" for a bid of 6 read as if 60 were the bid."""
    nt = {"preset": "standard", "no_trump": True, "bidding": "partnership"}
    bids = {"bids": {US: "no trump 6", THEM: 4}, "tricks": {US: 6, THEM: 7}}
    us = play(nt, [bids]).hands[0].sides[US]
    assert us.explain[-1] == "No Trump made: bid 6, 60 x 2 = 120"


# --- Wikipedia: "overtricks are still counted by the actual total of tricks taken; a team who
# bid four and reneged, but took eight tricks, is counted as having made their contract with
# four overtricks" --------------------------------------------------------------------------------


def test_a_reneging_side_s_overtricks_may_count_the_tricks_it_took():
    reneged = hand(2, 3, 2, 3, 4, 2, 4, 3, renege={US: 3})  # bid 4, took 8, 3 given
    taken = play({"preset": "standard", "renege_overtricks": "taken"}, [reneged])
    us = taken.hands[0].sides[US]
    assert (us.made, us.points, us.bags) == (True, 44, 4)
    after = play("standard", [reneged]).hands[0].sides[US]  # the default, as stored games read
    assert (after.made, after.points, after.bags) == (True, 41, 1)


# --- Wikipedia: "either the contract becomes null and no points can be scored by fulfilling
# it, or the team is declared as having not made their contract" --------------------------------


def test_a_renege_may_void_the_contract():
    rules = {"preset": "standard", "renege_voids": True}
    sheet = play(rules, [hand(4, 4, "nil", 3, 6, 4, 0, 3, renege={US: 2})])
    us, them = (sheet.hands[0].sides[s] for s in (US, THEM))
    assert (us.points, us.set, us.made) == (100, False, None)  # the nil still scores
    assert us.explain[0] == "renege: the bid of 4 is void: 0"
    assert (them.points, them.toward) == (70, 7)  # no tricks move
    with pytest.raises(GameError) as both:
        rules_from_spec({**rules, "renege_mucks": True})
    assert both.value.field == "rules.renege_voids"


# --- Wikipedia: "When bidding 'blind', the player's bid, if made exactly by that player, is
# rewarded with bonus points" ----------------------------------------------------------------------

BLIND = {"preset": "standard", "blind_bids": True, "blind_scoring": "bonus", "blind_min": 4,
         "blind_deficit": None}  # fmt: skip


@pytest.mark.parametrize(
    ("ann_took", "cy_took", "points", "line"),
    [
        (4, 3, 70 + 100, "Ann blind 4 made exactly: +100"),
        (3, 4, 70 - 100, "Ann blind 4 short, took 3: -100"),
        (5, 2, 70, "Ann blind 4 over, took 5: 0"),
    ],
)
def test_one_player_bids_blind_under_round_the_table_bidding(ann_took, cy_took, points, line):
    sheet = play(BLIND, [hand("blind 4", 3, 3, 3, ann_took, 3, cy_took, 3)])
    us = sheet.hands[0].sides[US]
    assert us.points == points and line in us.explain
    with pytest.raises(GameError, match="a blind number is a side's whole bid"):
        play({**BLIND, "blind_scoring": "multiplier"}, [hand("blind 4", 3, 3, 3, 4, 3, 3, 3)])
    with pytest.raises(GameError, match="blind bids only when 100 or more behind") as early:
        play({**BLIND, "blind_deficit": 100}, [hand("blind 4", 3, 3, 3, 4, 3, 3, 3)])
    assert early.value.field == "bids.Ann"


# --- Wikipedia, Urban: "they can force a third game ... the trailing team can still win by
# taking 10 tricks in the third game" ------------------------------------------------------------

URBAN = {"preset": "urban", "race_third_game": True}
WON = {"tricks": {"Ann": 4, "Bob": 2, "Cy": 4, "Di": 3}}  # Ann & Cy 8: a game, no sweep
LOST = {"tricks": {"Ann": 3, "Bob": 4, "Cy": 1, "Di": 5}}  # Bob & Di 9
SWEPT = {"tricks": {"Ann": 1, "Bob": 5, "Cy": 1, "Di": 6}}  # Bob & Di 11


def test_urban_s_trailing_side_forces_a_third_game():
    def urban(rules: Any, hands: list[Any]) -> Any:
        return score_game(game(rules, hands))

    assert urban("urban", [WON, WON]).finished  # without the option, 2-0 ends it
    two_nil = urban(URBAN, [WON, WON])
    assert not two_nil.finished
    swept = urban(URBAN, [WON, WON, SWEPT])
    assert (swept.finished, swept.winner, swept.reason) == (True, THEM, "sweep")
    held = urban(URBAN, [WON, WON, LOST])
    assert (held.finished, held.winner, held.reason) == (True, US, "target")
    assert urban(URBAN, [WON, LOST, WON]).finished  # 2-1: no third game forced
    assert most_hands(rules_from_spec(URBAN), 2, 13) == 3
    assert "a side without a game forces one more" in rules_line(rules_from_spec(URBAN))
    with pytest.raises(GameError) as alone:
        rules_from_spec({"preset": "urban", "race_sweep": None, "race_third_game": True})
    assert alone.value.field == "rules.race_third_game"


# --- pagat: "There is also variation as to whether a bid of 'zero' must necessarily be
# construed as bid of nil" -------------------------------------------------------------------------


def test_a_zero_may_be_a_plain_zero_while_nil_is_on():
    zero = {"preset": "standard", "zero_bid": "number"}
    sheet = play(zero, [hand(4, 4, 0, 3, 4, 4, 2, 3)])
    us = sheet.hands[0].sides[US]
    assert (us.contract, us.points, us.nils) == (4, 42, ())  # Cy's 2 tricks are bags
    nil = play(zero, [hand(4, 4, "nil", 3, 6, 4, 0, 3)]).hands[0].sides[US]
    assert [n.player for n in nil.nils] == ["Cy"]
    as_nil = play("standard", [hand(4, 4, 0, 3, 4, 4, 2, 3)]).hands[0].sides[US]
    assert [n.made for n in as_nil.nils] == [False]  # the default: a 0 is a nil
    g = game(zero, [hand(4, 4, 0, 3, 4, 4, 2, 3)])
    assert parse_game(dump_game(g)) == g


# --- Wikipedia, Immediate Victory: "when a player is dealt 13-card straight ... which is called
# a 'Dragon', the player is deemed to have won the game immediately" ---------------------------


def test_a_dragon_wins_the_game_at_once():
    rules = {"preset": "standard", "specials": ["dragon"]}
    dealt = hand(4, 4, 2, 3, 2, 4, 3, 4, specials={US: {"dragon": "made"}})
    sheet = play(rules, [dealt], start={US: {"score": -100}})
    assert (sheet.finished, sheet.winner, sheet.reason) == (True, US, "special")
    assert end_reason(sheet) == "made Dragon, which wins the game"
    assert "Dragon made: wins the game" in sheet.hands[0].sides[US].explain
    own = {"preset": "standard", "specials": [{"name": "Royal", "made": 50, "wins": True}]}
    g = game(own, [hand(4, 4, 2, 3, 2, 4, 3, 4, specials={THEM: {"Royal": "made"}})])
    assert parse_game(dump_game(g)) == g
    assert score_game(g).winner == THEM
    with pytest.raises(GameError, match="wins must be true or false"):
        rules_from_spec({"specials": [{"name": "dragon", "wins": "yes"}]})


# --- game files (issue 33, "Docs and messages") ---------------------------------------------------


def test_a_game_without_bags_refuses_start_bags_in_a_file():
    with pytest.raises(GameError) as refused:
        game("call-break", [], start={"Ann": {"score": 0, "bags": 2}}, teams=None)
    assert refused.value.field == "start.Ann.bags"
    assert "these rules have no bags" in refused.value.message
    assert game("call-break", [], start={"Ann": {"score": 5, "bags": 0}}, teams=None)


def test_double_nil_is_refused_where_taking_every_trick_wins():
    """The digest: "This bid only plays if the 13 trick game winning rule is not played"."""
    rules = {"preset": "standard", "double_nil_value": 200, "boston_wins": "any"}
    with pytest.raises(GameError, match="a double nil plays only without") as refused:
        play(rules, [hand("nil", 4, "nil", 4, 0, 6, 0, 7)])
    assert refused.value.field == f"bids.{US}"
    partnership = {**rules, "bidding": "partnership"}
    with pytest.raises(GameError, match="a double nil plays only without"):
        play(partnership, [{"bids": {"Ann": "nil", "Cy": "nil", THEM: 4},
                            "tricks": {"Ann": 0, "Cy": 0, "Bob": 6, "Di": 7}}])  # fmt: skip
    assert play({**rules, "boston_wins": "ten"}, [hand("nil", 4, "nil", 4, 0, 6, 0, 7)])
