"""Issue 33, "Where the engine breaks its own documented rules": each case as the issue found
it, scored by hand from docs/contract.md (the section named in each test)."""

from __future__ import annotations

from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.words import end_reason

TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
US, THEM = "Ann & Cy", "Bob & Di"


def play(rules, hands, start=None):
    data = {"format": "spades-scorekeeper/1", "players": ["Ann", "Bob", "Cy", "Di"],
            "rules": {"preset": "standard", **rules}, "teams": TEAMS, "hands": hands}  # fmt: skip
    if start:
        data["start"] = start
    return score_game(parse_game(data))


def hand(a, b, c, d, ta, tb, tc, td, **more):
    return {"bids": {"Ann": a, "Bob": b, "Cy": c, "Di": d},
            "tricks": {"Ann": ta, "Bob": tb, "Cy": tc, "Di": td}, **more}  # fmt: skip


def test_a_bid_made_exactly_stays_exact_when_the_partner_lost_a_nil():
    """Section 7 with section 2, step 2: a nil's tricks are not the contract's, so Ann's 4 with
    4 is made exactly and the exact-only bonus counts: 40 - 100 + 1 (a nil trick's bag) + 25."""
    bonus = {"bonuses": [{"name": "Bonus trick", "value": 25, "exact": True}]}
    sheet = play(bonus, [hand(4, 4, "nil", 4, 4, 4, 1, 4,
                              bonuses={US: {"Bonus trick": 1}})])  # fmt: skip
    us = sheet.hands[0].sides[US]
    assert us.points == -34
    assert "Bonus trick: +25" in us.explain
    # and the doubling special of the last three high tricks doubles the bid made exactly
    last = play({"specials": ["last_three_high"]}, [hand(4, 4, "nil", 4, 4, 4, 1, 4,
               specials={US: {"last_three_high": "made"}})])  # fmt: skip
    assert last.hands[0].sides[US].points == 40 - 100 + 1 + 40


RUBICON = {"rubicon_value": 5, "seven_times_value": 10, "seven_times_counts": "taken"}
SEVEN = hand(4, 2, 3, 1, 4, 2, 3, 4)  # Ann & Cy bid 7 and take 7


def test_the_rubicon_sees_the_points_the_running_bonuses_add():
    """Section 2, step 11: from 125, bid 7 made (195) and Part Deux's +10 (205) cross 200 in
    that hand; the next hand to 300 is first to 300, not to 200 again."""
    sheet = play(RUBICON, [SEVEN, SEVEN], start={US: {"score": 125}})
    first, second = (h.sides[US] for h in sheet.hands)
    assert first.explain == ["bid 7, took 7: +70", "Seven or higher, Part Deux, 1st time: +10",
                             "Crossing the Rubicon, first to 200: +5"]  # fmt: skip
    assert first.total == 210
    assert "Crossing the Rubicon, first to 300: +5" in second.explain
    assert not any("first to 200" in line for line in second.explain)


def test_a_side_lifted_over_100_by_a_running_bonus_loses_the_rubicon_when_it_falls():
    """From 20, bid 7 made (90), Part Deux +10 (100): reached, so falling to 35 costs 5."""
    fall = hand(4, 2, 3, 1, 1, 6, 2, 4)
    sheet = play(RUBICON, [SEVEN, fall], start={US: {"score": 20}})
    first, second = (h.sides[US] for h in sheet.hands)
    assert first.total == 105  # 20 + 70 + 5 (first to 100) + 10
    assert second.explain[-1] == "Crossing the Rubicon, fell below 100: -5"
    assert second.total == 105 - 70 - 5


def test_a_rubicon_in_tenths_is_a_hundred_of_the_sheets_points():
    """Under score_tenths a hundred is 100.0 (1000 tenths): 10.0 crosses nothing."""
    rules = {"score_tenths": True, "rubicon_value": 5}
    sheet = play(rules, [SEVEN], start={US: {"score": 30}})
    us = sheet.hands[0].sides[US]
    assert str(us.total) == "10.0" and not us.extras
    sheet = play(rules, [SEVEN], start={US: {"score": 940}})
    us = sheet.hands[0].sides[US]
    assert us.explain[-1] == "Crossing the Rubicon, first to 100: +0.5"
    assert str(us.total) == "101.5"


def test_a_mucked_hand_sets_only_the_side_that_reneged():
    """Section 6, a renege that mucks the hand: the offender goes down its bid (a set toward
    set_out), the other side is neither made nor set (short of its 6 even with the trick it
    received), so it wins by set out, though behind."""
    mucked = hand(4, 4, 2, 3, 2, 5, 2, 4, renege={THEM: 1})
    sheet = play({"renege_mucks": True, "set_out": 1}, [mucked], start={THEM: {"score": 100}})
    us, them = (sheet.hands[0].sides[s] for s in (US, THEM))
    assert (us.set, us.points, them.set, them.points) == (False, 0, True, -70)
    assert (sheet.finished, sheet.winner, sheet.reason) == (True, US, "set out")


def test_the_majority_and_part_deux_count_the_tricks_after_renege():
    """Section 2, step 11: Ann & Cy took 7 but gave up 3 (4 after renege): no majority's +5,
    and the run passes to Bob & Di (9 with renege) - nor a Part Deux hand under `taken`."""
    run = hand(4, 2, 2, 1, 4, 2, 3, 4)
    reneged = {**run, "renege": {US: 3}}
    sheet = play({"majority_bonus": 5}, [run, run, reneged])
    third = sheet.hands[2].sides[US]
    assert third.explain == ["renege: 3 tricks to Bob & Di", "set: bid 6, took 4 with renege: -60"]
    sevens = play({"seven_times_value": 10, "seven_times_counts": "taken"}, [reneged])
    assert not sevens.hands[0].sides[US].extras
    assert sevens.hands[0].sides[THEM].explain[-1] == "Seven or higher, Part Deux, 1st time: +10"


def test_a_mucked_hand_counts_no_tricks_for_the_running_bonuses():
    run = hand(4, 2, 2, 1, 4, 2, 3, 4)
    mucked = {**run, "renege": {THEM: 1}}
    sheet = play({"majority_bonus": 5, "renege_mucks": True}, [run, mucked, run])
    assert [h.sides[US].extras for h in sheet.hands] == [(), (), ()]


def test_a_shortfall_set_without_a_shortfall_loses_the_bid_never_gains():
    """Section 6, Scoring: Ann 5 took 3, Cy 2 took 6 under each partner's own bid: set with 9
    of 7, which is no shortfall: the whole bid, -70 (not +20)."""
    rules = {"partner_bids": "each", "set_penalty": "shortfall"}
    sheet = play(rules, [hand(5, 2, 2, 2, 3, 2, 6, 2)])
    us = sheet.hands[0].sides[US]
    assert us.points == -70 and us.explain[0] == "set: bid 7, took 9: -70"
    lost_nil = play({"nil_fail_sets_partner": True, "set_penalty": "shortfall"},
                    [hand(4, 4, "nil", 4, 5, 3, 1, 4)])  # fmt: skip
    assert lost_nil.hands[0].sides[US].contract_points == -40
    # a plain shortfall is still the tricks short
    short = play({"set_penalty": "shortfall"}, [hand(5, 2, 2, 2, 3, 4, 2, 4)])
    assert short.hands[0].sides[US].contract_points == -20


def test_both_sides_losing_a_double_nil_that_loses_the_game_the_highest_wins():
    """Section 4, decided: every side lost one, so the highest score wins, whatever the order
    of the sides."""
    rules = {"double_nil_value": 100, "double_nil_penalty": "lose"}
    both = hand("nil", "nil", "nil", "nil", 3, 4, 3, 3)
    for high, low in ((US, THEM), (THEM, US)):
        sheet = play(rules, [both], start={high: {"score": 301}, low: {"score": -88}})
        assert (sheet.finished, sheet.winner) == (True, high)
        assert end_reason(sheet) == (
            "every side lost a double nil that loses the game: the highest score wins"
        )
    one = play(rules, [hand("nil", 4, "nil", 4, 3, 4, 2, 4)], start={US: {"score": 301}})
    assert (one.winner, end_reason(one)) == (THEM, "the other side lost a double nil that loses "
                                             "the game")  # fmt: skip
