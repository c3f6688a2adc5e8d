"""Issue 22, part A: the worked examples the rules texts give for bids the rules forbid, the
game's end and the presets (suicide, whiz, mirrors, jailhouse, urban), with the texts' own
numbers. Each row names its text (../shared/rules-sources/)."""
# ruff: noqa: E501 (the tables read best one row to a line)

from __future__ import annotations

import pytest

from scorekeeper.rules import OPTIONS, GameError, parse_game, rules_from_spec, score_game

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}


def play(rules, hands, start=None, players=FOUR, teams=TEAMS):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands}
    if teams:
        data["teams"] = teams
    if start:
        data["start"] = start
    return score_game(parse_game(data))


def refused(rules, hands, start=None, **seating):
    with pytest.raises(GameError) as e:
        play(rules, hands, start, **seating)
    return e.value


def h(ann, cy, bob, di, t_ann, t_cy, t_bob, t_di):
    return {"bids": {"Ann": ann, "Cy": cy, "Bob": bob, "Di": di},
            "tricks": {"Ann": t_ann, "Cy": t_cy, "Bob": t_bob, "Di": t_di}}  # fmt: skip


# --- double nil and blind double nil: pagat ("500 points (or for some people an automatic
# win) ... The penalty is variously set at 250, 500 or automatic loss"), Wikipedia's table
# ("Double Nil 400 or Game, 0 or -200"; "Double Blind Nil 800 or Game, 0 or -400") ---------

DN_MADE = h("nil", "nil", 6, 6, 0, 0, 7, 6)
DN_LOST = h("nil", "nil", 6, 6, 1, 0, 6, 6)
BDN_MADE = h("blind nil", "blind nil", 6, 6, 0, 0, 7, 6)
BDN_LOST = h("blind nil", "blind nil", 6, 6, 0, 2, 5, 6)
BEHIND = {"Them": {"score": 300}}  # blind nil needs 100 behind

# (text, rules, hand, start, Us points, finished, winner, reason)
DOUBLE_NIL = [
    ("pagat 500", {"double_nil_value": 500}, DN_MADE, None, 500, False, None, None),
    ("pagat penalty 250", {"double_nil_value": 500, "double_nil_penalty": 250}, DN_LOST, None, -250 + 1, False, None, None),
    ("pagat penalty 500", {"double_nil_value": 500}, DN_LOST, None, -500 + 1, False, None, None),
    ("pagat automatic win", {"double_nil_value": "win"}, DN_MADE, None, 0, True, "Us", "double nil"),
    ("pagat automatic loss", {"double_nil_value": 500, "double_nil_penalty": "lose"}, DN_LOST, None, 1, True, "Them", "double nil lost"),
    ("Wikipedia 400", {"double_nil_value": 400, "double_nil_penalty": 0}, DN_MADE, None, 400, False, None, None),
    ("Wikipedia failed 0", {"double_nil_value": 400, "double_nil_penalty": 0}, DN_LOST, None, 1, False, None, None),
    ("Wikipedia failed -200", {"double_nil_value": 400, "double_nil_penalty": 200}, DN_LOST, None, -200 + 1, False, None, None),
    ("Wikipedia or Game", {"double_nil_value": "win", "double_nil_penalty": 0}, DN_MADE, None, 0, True, "Us", "double nil"),
    ("Wikipedia blind 800", {"blind_double_nil_value": 800, "blind_double_nil_penalty": 0}, BDN_MADE, BEHIND, 800, False, None, None),
    ("Wikipedia blind failed 0", {"blind_double_nil_value": 800, "blind_double_nil_penalty": 0}, BDN_LOST, BEHIND, 2, False, None, None),
    ("Wikipedia blind failed -400", {"blind_double_nil_value": 800, "blind_double_nil_penalty": 400}, BDN_LOST, BEHIND, -400 + 2, False, None, None),
    ("Wikipedia blind or Game", {"blind_double_nil_value": "win"}, BDN_MADE, BEHIND, 0, True, "Us", "double nil"),
    ("pagat blind: the bidders win the whole game", {"blind_double_nil_value": "win", "blind_double_nil_penalty": "lose"}, BDN_MADE, BEHIND, 0, True, "Us", "double nil"),
    ("pagat blind: if not their opponents win the game", {"blind_double_nil_value": "win", "blind_double_nil_penalty": "lose"}, BDN_LOST, BEHIND, 2, True, "Them", "double nil lost"),
    ("a blind double nil is a double nil when only that is valued", {"double_nil_value": 500}, BDN_MADE, BEHIND, 500, False, None, None),
    ("each blind nil on its own without either", {}, BDN_MADE, BEHIND, 400, False, None, None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "rules", "hand", "start", "points", "finished", "winner", "reason"),
    DOUBLE_NIL, ids=[row[0] for row in DOUBLE_NIL],
)  # fmt: skip
def test_double_nil_as_the_texts_score_it(
    text, rules, hand, start, points, finished, winner, reason
):
    sheet = play({"preset": "standard", "target_score": 1000, **rules}, [hand], start)
    assert sheet.hands[0].sides["Us"].points == points
    assert (sheet.finished, sheet.winner, sheet.reason) == (finished, winner, reason)


def test_a_double_nil_that_wins_the_game_says_so():
    sheet = play({"double_nil_value": "win"}, [DN_MADE])
    assert sheet.hands[0].sides["Us"].explain == ["double nil, took 0: wins the game"]
    from scorekeeper.rules import result_line

    assert result_line(sheet) == "Winner: Us, made a double nil that wins the game (121 to 0)"


def test_a_blind_double_nil_lost_that_loses_the_game_says_so():
    rules = {"blind_double_nil_value": "win", "blind_double_nil_penalty": "lose"}
    sheet = play(rules, [BDN_LOST], BEHIND)
    assert sheet.hands[0].sides["Us"].explain[0] == "blind double nil, took 2: loses the game"
    assert sheet.hands[0].sides["Us"].bid_label == "bdnil"


# pagat: "A bid of Double Nil is only allowed for a team who are far behind - for example more
# than 400 behind in a 1000 point game."
@pytest.mark.parametrize(("them", "allowed"), [(400, False), (401, True), (900, True)])
def test_pagat_double_nil_only_more_than_400_behind_in_a_1000_game(them, allowed):
    rules = {"target_score": 1000, "double_nil_value": 500, "double_nil_deficit": 400}
    start = {"Them": {"score": them}}
    if allowed:
        assert play(rules, [DN_MADE], start).hands[0].sides["Us"].points == 500
    else:
        e = refused(rules, [DN_MADE], start)
        assert e.field == "bids.Us" and e.message == (
            f"double nil only when more than 400 behind (Us is {them} behind)"
        )


# --- bids the rules forbid -----------------------------------------------------------------


def test_pagat_round_the_table_no_one_can_bid_1():
    """pagat: "no one can bid 1 - so for example if the first player of a partnership says x
    tricks, the final contract must be either x, or else at least x + 2"."""
    rules = {"barred_bids": [1]}
    x = 4
    assert play(rules, [h(x, "nil", 3, 3, 4, 0, 5, 4)]).hands[0].sides["Us"].contract == x
    assert play(rules, [h(x, 2, 3, 3, 4, 2, 4, 3)]).hands[0].sides["Us"].contract == x + 2
    e = refused(rules, [h(x, 1, 3, 3, 4, 1, 4, 4)])
    assert (e.field, e.message) == ("bids.Cy", "Cy bid 1: no one may bid 1 in these rules")


def test_wikipedia_no_blinds_no_9s():
    """Wikipedia: "no blind bids are allowed, nor are bids of 9 tricks - only bids above or
    below 9 are allowed"."""
    rules = {"barred_bids": [9], "blind_nil": False}
    e = refused(rules, [h(9, 1, 1, 2, 9, 1, 1, 2)])
    assert e.message == "Ann bid 9: no one may bid 9 in these rules"
    assert play(rules, [h(8, 1, 2, 2, 8, 1, 2, 2)]).hands[0].sides["Us"].points == 90
    assert play(rules, [h(10, 1, 1, 1, 10, 1, 1, 1)]).hands[0].sides["Us"].points == 110
    assert (
        "blind nil is not allowed" in refused(rules, [h("blind nil", 3, 3, 3, 0, 5, 4, 4)]).message
    )


@pytest.mark.parametrize(
    ("text", "players", "teams", "bids", "tricks", "total"),
    [
        ("pagat: the bids of the two sides must not add up to exactly 13",
         FOUR, TEAMS, {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 3}, {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 3}, 13),
        ("pagat three-player: the total of the three bets cannot be 17",
         ["Ann", "Bob", "Cy"], None, {"Ann": 6, "Bob": 6, "Cy": 5}, {"Ann": 6, "Bob": 6, "Cy": 5}, 17),
        ("Wikipedia (Oh Hell): the sum of all bids must not equal the tricks",
         ["Ann", "Bob", "Cy", "Di"], None, {"Ann": 4, "Bob": 3, "Cy": 3, "Di": 3}, {"Ann": 4, "Bob": 3, "Cy": 3, "Di": 3}, 13),
    ],
)  # fmt: skip
def test_bids_may_not_add_up_to_the_tricks(text, players, teams, bids, tricks, total):
    rules = {"bids_total": "not tricks"}
    e = refused(rules, [{"bids": bids, "tricks": tricks}], players=players, teams=teams)
    assert e.field == "bids" and e.message.startswith(f"the bids add up to {total}, the tricks")
    changed = {**bids, next(iter(bids)): bids[next(iter(bids))] - 1}
    assert (
        play(rules, [{"bids": changed, "tricks": tricks}], players=players, teams=teams).played == 1
    )


# Wikipedia's Jailhouse: "only bids of 4-8, 10 and 13 are allowed. A team can only bid nil if the
# other team bids 10 ("a Pound") or 13 ("a Boston"), otherwise the minimum bid is 4 ("board")."
@pytest.mark.parametrize(
    ("bids", "tricks", "field", "words"),
    [
        (h(2, 2, 1, 2, 4, 3, 3, 3)["bids"], None, "bids.Them", "Them bid 3, below the smallest bid of 4"),
        (h(5, 4, 3, 3, 5, 4, 2, 2)["bids"], None, "bids.Us", "Us bid 9: a side's bid must be 4 to 8, 10 or 13"),
        (h(6, 5, 2, 2, 6, 5, 1, 1)["bids"], None, "bids.Us", "Us bid 11: a side's bid must be 4 to 8, 10 or 13"),
        (h(2, 2, 3, 3, 4, 3, 3, 3)["bids"], h(2, 2, 3, 3, 4, 3, 3, 3)["tricks"], None, None),
        (h(2, 1, 2, 2, 3, 1, 5, 4)["bids"], None, "bids.Us", "Us bid 3, below the smallest bid of 4"),
        (h(4, 4, "nil", 5, 5, 4, 0, 4)["bids"], None, "bids.Bob", "Bob bid nil: nil only when another side bids 10 or 13"),
        (h(5, 5, "nil", 4, 6, 5, 0, 2)["bids"], h(5, 5, "nil", 4, 6, 5, 0, 2)["tricks"], None, None),
        (h(7, 6, "nil", 4, 7, 6, 0, 0)["bids"], h(7, 6, "nil", 4, 7, 6, 0, 0)["tricks"], None, None),
    ],
)  # fmt: skip
def test_wikipedia_jailhouse(bids, tricks, field, words):
    hand = {"bids": bids, "tricks": tricks or {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 3}}
    if field is None:
        assert play("jailhouse", [hand]).played == 1
    else:
        e = refused("jailhouse", [hand])
        assert (e.field, e.message) == (field, words)


def test_jailhouse_a_pound_and_a_boston():
    sheet = play("jailhouse", [h(5, 5, 2, 2, 6, 4, 2, 1), h(7, 6, "nil", 4, 7, 6, 0, 0)])
    assert [hand.sides["Us"].points for hand in sheet.hands] == [200, 200]
    assert sheet.hands[1].sides["Us"].kind == "moon"


# Suicide (Wikipedia, the digest): "each player must bid either Nil, or at least four tricks" /
# "one person in each team is forced to bid nil".
@pytest.mark.parametrize(
    ("bids", "field", "words"),
    [
        (h("nil", 4, "nil", 5, 0, 6, 0, 7)["bids"], None, None),
        (h(4, "nil", 5, "nil", 6, 0, 7, 0)["bids"], None, None),
        (h(4, 4, "nil", 5, 6, 0, 0, 7)["bids"], "bids.Us", "Suicide: Ann or Cy must bid nil"),
        (h("nil", "nil", "nil", 5, 0, 0, 0, 13)["bids"], "bids.Us", "Suicide: only one of Ann and Cy may bid nil"),
        (h("nil", 3, "nil", 5, 0, 6, 0, 7)["bids"], "bids.Us", "Us bid 3, below the smallest bid of 4"),
    ],
)  # fmt: skip
def test_suicide(bids, field, words):
    took = {p: (0 if b == "nil" else None) for p, b in bids.items()}
    rest = [p for p, t in took.items() if t is None]
    for i, p in enumerate(rest):
        took[p] = 13 // len(rest) + (1 if i < 13 % len(rest) else 0)
    hand = {"bids": bids, "tricks": took}
    if field is None:
        assert play("suicide", [hand]).played == 1
    else:
        e = refused("suicide", [hand])
        assert (e.field, e.message) == (field, words)


def test_suicide_needs_nil_and_teams():
    with pytest.raises(GameError) as e:
        rules_from_spec({"preset": "suicide", "nil": False})
    assert e.value.field == "rules.suicide"
    e2 = refused("suicide", [], players=FOUR, teams=None)
    assert (e2.field, e2.message) == (
        "rules.suicide",
        "option suicide: Suicide needs teams of two or more",
    )


# Whiz: "each player must bid the exact number of spades in their hand or go nil. There is no
# minimum ... Blind bidding is not allowed". Mirrors: "Each player must bid the number of
# spades in their hand ... MUST bid nil if [they have none]". With 13 spades in the deck the
# bids add up to at most 13 (Whiz) or exactly 13 (Mirrors): what the score can check.
@pytest.mark.parametrize(
    ("preset", "bids", "ok"),
    [
        ("whiz", h(5, "nil", 3, 2, 5, 0, 4, 4)["bids"], True),
        ("whiz", h(5, 4, 3, 2, 5, 4, 2, 2)["bids"], False),
        ("mirrors", h(5, 3, 3, 2, 5, 3, 3, 2)["bids"], True),
        ("mirrors", h(5, "nil", 6, 2, 5, 0, 6, 2)["bids"], True),
        ("mirrors", h(5, 3, 3, 1, 5, 3, 3, 2)["bids"], False),
        ("whiz", h("blind nil", 4, 3, 3, 0, 5, 4, 4)["bids"], False),
    ],
)  # fmt: skip
def test_whiz_and_mirrors_what_the_score_can_check(preset, bids, ok):
    took = {"Ann": 5, "Cy": 3, "Bob": 3, "Di": 2}
    for b in bids.values():
        if b in ("nil", "blind nil"):
            took = {"Ann": 5 if b == "nil" else 0, "Cy": 0 if b == "nil" else 5, "Bob": 4, "Di": 4}
    hand = {"bids": bids, "tricks": took}
    if ok:
        assert play(preset, [hand]).played == 1
    else:
        assert refused(preset, [hand], {"Them": {"score": 200}}).hand == 1


# --- urban rules, Crossing the Rubicon, Two Round Majority (Wikipedia) ---------------------


def race(us, them):
    return {"tricks": {"Us": us, "Them": them}}


@pytest.mark.parametrize(
    ("hands", "totals", "finished", "winner", "reason"),
    [
        ([race(7, 6)], {"Us": 1, "Them": 0}, False, None, None),  # seven tricks wins a game
        ([race(7, 6), race(8, 5)], {"Us": 2, "Them": 0}, True, "Us", "target"),  # best 2 of 3
        ([race(7, 6), race(6, 7), race(5, 8)], {"Us": 1, "Them": 2}, True, "Them", "target"),
        ([race(10, 3)], {"Us": 1, "Them": 0}, True, "Us", "sweep"),  # 10 books win the match
        ([race(8, 5), race(9, 4), race(3, 10)], None, True, "Us", "target"),  # 2 games first
        ([race(4, 9), race(4, 9)], {"Us": 0, "Them": 2}, True, "Them", "target"),
        ([race(7, 6), race(4, 9), race(3, 10)], {"Us": 1, "Them": 2}, True, "Them", "sweep"),
    ],
)  # fmt: skip
def test_wikipedia_urban_rules(hands, totals, finished, winner, reason):
    try:
        sheet = play("urban", hands)
    except GameError as e:  # a hand after the match is won
        assert totals is None and e.message == "the game ended after hand 2"
        return
    assert (sheet.totals, sheet.finished, sheet.winner, sheet.reason) == (
        totals,
        finished,
        winner,
        reason,
    )


def test_urban_hands_have_no_bids_and_say_why_they_score():
    sheet = play("urban", [race(7, 6)])
    assert sheet.hands[0].sides["Us"].explain == ["race to 7, took 7: won the hand: +1"]
    assert sheet.hands[0].sides["Them"].explain == ["race to 7, took 6: 0"]
    e = refused("urban", [h(3, 3, 3, 3, 4, 3, 3, 3)])
    assert (e.field, e.message) == ("bids", "a race is played without bids")


PLAIN = h(3, 3, 3, 3, 4, 3, 3, 3)  # Us bid 6 take 7 (+61); Them bid 6 take 6 (+60)


@pytest.mark.parametrize(
    ("value", "start", "hands", "us_points", "lines"),
    [
        # "1 or 5 points is awarded for the first player who reaches 100, 200, etc."
        (5, {"Us": {"score": 50}}, [PLAIN], [66], ["Crossing the Rubicon, first to 100: +5"]),
        (1, {"Us": {"score": 50}}, [PLAIN], [62], ["Crossing the Rubicon, first to 100: +1"]),
        (5, {"Us": {"score": 50}, "Them": {"score": 150}}, [PLAIN], [61], []),  # 100 was reached
        (5, {"Us": {"score": 150}}, [PLAIN], [66], ["Crossing the Rubicon, first to 200: +5"]),
        # "If a player reaches 100 (100 only, not 200, etc) and then falls below it, he receives a
        # one time penalty of 1 or 5 points."
        (5, {"Us": {"score": 120}}, [h(4, 4, 2, 2, 3, 3, 4, 3)], [-85], ["Crossing the Rubicon, fell below 100: -5"]),
    ],
)  # fmt: skip
def test_wikipedia_crossing_the_rubicon(value, start, hands, us_points, lines):
    sheet = play({"rubicon_value": value, "target_score": 1000}, hands, start)
    assert [hand.sides["Us"].points for hand in sheet.hands] == us_points
    assert [x for x in sheet.hands[-1].sides["Us"].explain if "Rubicon" in x] == lines


def test_the_rubicon_penalty_is_once_a_game():
    fall = h(4, 4, 2, 2, 3, 3, 4, 3)  # Us set: -80
    up = h(5, 5, 1, 1, 10, 2, 1, 0)  # Us made 10: +102
    sheet = play(
        {"rubicon_value": 5, "target_score": 1000}, [fall, up, fall], {"Us": {"score": 120}}
    )
    lines = [[x for x in hand.sides["Us"].explain if "Rubicon" in x] for hand in sheet.hands]
    assert lines == [["Crossing the Rubicon, fell below 100: -5"], [], []]


# "If a team manages to get the majority of tricks twice in a row, gets five bonus points. If three
# times, then 10, four times, then 15 and so on."
def test_wikipedia_two_round_majority():
    sheet = play(
        {"majority_bonus": 5, "bag_limit": None}, [PLAIN] * 4 + [h(3, 3, 3, 3, 3, 3, 4, 3), PLAIN]
    )
    bonus = [hand.sides["Us"].points - 61 for hand in sheet.hands]
    assert bonus[:4] == [0, 5, 10, 15]
    assert sheet.hands[4].sides["Us"].points == 60 and bonus[5] == 0  # the run broke
    assert sheet.hands[3].sides["Us"].explain[-1] == "Two round majority, 4 hands in a row: +15"


# --- the rules page's worked examples of these options (rules.examples) --------------------


@pytest.mark.parametrize(
    ("spec", "option", "line"),
    [
        ("urban", "race_tricks", "Ann & Cy: race to 7, took 7: won the hand: +1 (total 1)"),
        ("urban", "race_sweep", "the game ends: Ann & Cy win"),
        ({"rubicon_value": 5}, "rubicon_value", "Ann & Cy: bid 5, took 5: +50; Crossing the Rubicon, first to 100: +5 (total 145)"),
        ({"majority_bonus": 5}, "majority_bonus", "Ann & Cy: bid 5, took 7: +50, 2 bags +2; Two round majority, 2 hands in a row: +5 (total 109)"),
        ({"blind_double_nil_value": 800}, "blind_double_nil_value", "Bob & Di: blind double nil, took 0: +800 (total 800)"),
        # a Suicide hand: the example's bids fitted to the rule (Cy and Di bid nil)
        ("suicide", "suicide", "Ann & Cy: bid 5, took 7: +50, 2 bags +2; Cy nil, took 0: +100 (total 152)"),
    ],
)  # fmt: skip
def test_each_option_has_a_worked_example_of_its_own(spec, option, line):
    from scorekeeper.rules.examples import option_example

    rules = rules_from_spec(spec)
    preset = spec if isinstance(spec, str) else "standard"
    assert line in option_example(rules, preset, option).lines
    for other in ("race_tricks", "first_hand_no_bids", "target_score"):  # a race: no bids ever
        if preset == "urban":
            assert not option_example(rules, preset, other).lines[0].startswith("not allowed")


@pytest.mark.parametrize("option", [o.name for o in OPTIONS])
def test_a_race_plays_every_options_example_without_refusing_a_bid_it_never_has(option):
    """Urban's rules page: a race hand has no bids, so no example of it may be refused for one
    ("A race hand: Ann & Cy take 7: not allowed here: a blind number is a side's whole bid")."""
    from scorekeeper.rules.examples import option_example

    example = option_example(rules_from_spec("urban"), "urban", option)
    assert not example.lines[0].startswith("not allowed"), (option, example)
    assert example.words.startswith("A race hand"), example.words


@pytest.mark.parametrize("option", [o.name for o in OPTIONS])
@pytest.mark.parametrize("spec", ["highlander", {"both_exact_bonus": True}])
def test_each_partners_own_bid_plays_every_example_with_each_players_tricks(spec, option):
    """Highlander's rules page: each partner's tricks are given by name, so no example may be
    refused for a team's number (83 of its examples read "not allowed here: each partner makes
    their own bid: give the tricks of each player of Ann & Cy")."""
    from scorekeeper.rules.examples import option_example

    preset = spec if isinstance(spec, str) else "standard"
    example = option_example(rules_from_spec(spec), preset, option)
    assert "give the tricks of each player" not in example.lines[0], (option, example)


def test_highlanders_examples_score_each_partner_on_their_own_bid():
    from scorekeeper.rules.examples import option_example

    rules = rules_from_spec("highlander")
    assert option_example(rules, "highlander", "set_penalty").lines == [
        "Ann & Cy: set: bid 6, took 4: -60; Cy bid 3, took 1: set (total -60)"
    ]


PLAYED = ["target_score", "trick_value", "set_penalty", "bag_limit", "nil_value", "moon",
          "ten_for_200", "suicide", "bids_total", "allowed_contracts", "nil_against"]  # fmt: skip


@pytest.mark.parametrize("option", PLAYED)
@pytest.mark.parametrize("preset", ["suicide", "whiz", "mirrors", "jailhouse"])
def test_issue_22_bid_rules_play_the_rules_pages_examples_with_bids_fitted_to_them(preset, option):
    """Suicide's rules page refused 84 of its examples ("Suicide: Ann or Cy must bid nil"),
    Mirrors' 82 ("the bids add up to 9"): the examples' bids were written for the standard
    rules. Fitted (Cy and Di bid nil; the side not shown bids what the total, the board or the
    contracts need) and said after the hand's words, each is played."""
    from scorekeeper.rules.examples import option_example

    rules = rules_from_spec({"preset": preset, "moon": True, "ten_for_200": True})
    example = option_example(rules, preset, option)
    assert not example.lines[0].startswith("not allowed"), (option, example)


def test_a_moon_example_gives_the_nil_bidders_tricks_by_name():
    """The moon's example (Ann & Cy bid 13, Bob 0 and Di 1) was refused under the standard rules
    with moon on: Bob's 0 is a nil, whose tricks the example gave by team."""
    from scorekeeper.rules.examples import option_example

    example = option_example(rules_from_spec({"moon": True}), "standard", "moon")
    assert example.lines == ["Ann & Cy: moon bid 13, took 13: +200 (total 200)"]
