"""Every option and every preset, table-driven: what each changes in a hand or a game."""
# ruff: noqa: E501 (the tables read best one row to a line)

import re

import pytest

from scorekeeper.rules import (
    GROUPS,
    OPTIONS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    GameError,
    Rules,
    parse_game,
    rules_from_spec,
    rules_to_spec,
    score_game,
)
from tests.rules import test_contract_variants as contract_variants
from tests.rules import test_texts_readings as texts_readings
from tests.rules import test_wikipedia_variants as wikipedia_variants

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}


def play(rules, hands, players=FOUR, teams=TEAMS, start=None, dealer=None):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands}
    if teams:
        data["teams"] = teams
    if start:
        data["start"] = start
    if dealer:
        data["dealer"] = dealer
    return score_game(parse_game(data))


def h(ann, cy, bob, di, t_ann, t_cy, t_bob, t_di, **extra):
    return {"bids": {"Ann": ann, "Cy": cy, "Bob": bob, "Di": di},
            "tricks": {"Ann": t_ann, "Cy": t_cy, "Bob": t_bob, "Di": t_di}, **extra}  # fmt: skip


PLAIN = h(3, 2, 3, 3, 4, 3, 3, 3)  # Us bid 5 took 7; Them bid 6 took 6
SET = h(4, 4, 3, 2, 3, 3, 4, 3)  # Us bid 8 took 6; Them bid 5 took 7

# (option changes, start, hands, side, expected points of the last hand)
HAND_TABLE = [
    ({}, None, [PLAIN], "Us", 52),
    ({"trick_value": 5}, None, [PLAIN], "Us", 27),
    ({"overtrick_value": 0}, None, [PLAIN], "Us", 50),
    ({"overtrick_value": -9}, None, [PLAIN], "Us", 32),
    ({"bag_limit": 2}, None, [PLAIN], "Us", -48),
    ({"bag_limit": 2, "bag_penalty": 50}, None, [PLAIN], "Us", 2),
    ({"bag_limit": None}, {"Us": {"bags": 99}}, [PLAIN], "Us", 52),
    ({}, None, [SET], "Us", -80),
    ({"set_penalty": "shortfall"}, None, [SET], "Us", -20),
    ({"set_penalty": "none"}, None, [SET], "Us", 0),
    ({"max_overtricks": 1}, None, [PLAIN], "Us", -50),
    ({"max_overtricks": 1, "set_penalty": "shortfall"}, None, [PLAIN], "Us", -50),
    ({"max_overtricks": 2}, None, [PLAIN], "Us", 52),
    ({"double_back": 1}, None, [h(1, 2, 3, 3, 4, 3, 3, 3)], "Us", -30),
    ({"double_back": 2}, None, [h(1, 2, 3, 3, 4, 3, 3, 3)], "Us", -60),
    ({"nil_value": 50}, None, [h("nil", 5, 3, 3, 0, 6, 4, 3)], "Us", 101),
    ({"nil_penalty": 50}, None, [h("nil", 5, 3, 3, 1, 5, 4, 3)], "Us", 1),
    ({"nil_tricks": "contract"}, None, [h("nil", 5, 3, 3, 1, 5, 4, 3)], "Us", -49),
    ({"nil_tricks": "ignore"}, None, [h("nil", 5, 3, 3, 1, 5, 4, 3)], "Us", -50),
    ({"nil": False}, None, [h(0, 5, 3, 3, 1, 5, 4, 3)], "Us", 51),
    ({"blind_nil_value": 300}, {"Them": {"score": 100}}, [h("blind nil", 5, 3, 3, 0, 6, 4, 3)], "Us", 351),
    ({"blind_nil_penalty": 100}, {"Them": {"score": 100}}, [h("blind nil", 5, 3, 3, 1, 5, 4, 3)], "Us", -49),
    ({"blind_nil": True, "blind_deficit": None}, None, [h("blind nil", 5, 3, 3, 0, 6, 4, 3)], "Us", 251),
    ({"blind_deficit": 50}, {"Them": {"score": 50}}, [h("blind nil", 5, 3, 3, 0, 6, 4, 3)], "Us", 251),
    ({"double_nil_value": 300}, None, [h("nil", "nil", 3, 3, 0, 0, 7, 6)], "Us", 300),
    ({"double_nil_value": 300}, None, [h("nil", "nil", 3, 3, 1, 0, 6, 6)], "Us", -299),
    ({"double_nil_value": 300, "double_nil_penalty": 100}, None, [h("nil", "nil", 3, 3, 1, 0, 6, 6)], "Us", -99),
    ({}, None, [h("nil", "nil", 3, 3, 1, 0, 6, 6)], "Us", 1),  # two nils: -100 +100 +1 bag
    ({"ten_for_200": True}, None, [h(5, 5, 1, 1, 5, 5, 2, 1)], "Us", 200),
    ({"ten_for_200": True}, None, [h(5, 5, 1, 1, 5, 6, 1, 1)], "Us", 201),
    ({"ten_for_200": True, "ten_for_200_exact": True}, None, [h(5, 5, 1, 1, 5, 6, 1, 1)], "Us", -200),
    ({"ten_for_200": True, "ten_for_200_value": 250}, None, [h(5, 5, 1, 1, 5, 4, 3, 1)], "Us", -250),
    ({"ten_for_200": True, "ten_for_200_penalty": 100}, None, [h(5, 5, 1, 1, 5, 4, 3, 1)], "Us", -100),
    ({"moon": True}, None, [h(7, 6, 1, 1, 7, 6, 0, 0)], "Us", 200),
    ({"moon": True, "moon_value": 500}, None, [h(7, 6, 1, 1, 7, 6, 0, 0)], "Us", 500),
    ({"moon": True, "moon_penalty": 300}, None, [h(7, 6, 1, 1, 7, 5, 1, 0)], "Us", -300),
    ({"min_side_bid": 4}, None, [PLAIN], "Us", 52),
    ({"max_bid": 6}, None, [PLAIN], "Us", 52),
    ({"misdeal_deal_passes": False}, None, [{"misdeal": True}, PLAIN], "Us", 52),
    ({"bidding": "partnership"}, None, [{"bids": {"Us": 5, "Them": 6}, "tricks": {"Us": 7, "Them": 6}}], "Us", 52),
    ({"tricks_per_hand": 12}, None, [h(3, 2, 3, 3, 4, 3, 3, 2)], "Us", 52),
]  # fmt: skip

BLIND_TABLE = [
    # partnership so a side may bid blind; Them 100 ahead
    ({}, "blind 6", 6, 120),
    ({}, "blind 6", 8, 122),
    ({}, "blind 6", 5, -120),
    ({"blind_win_multiplier": 3}, "blind 6", 6, 180),
    ({"blind_loss_multiplier": 1}, "blind 6", 5, -60),
    ({"blind_exact": True}, "blind 6", 7, -120),
    ({"blind_overtricks": "none"}, "blind 6", 8, 120),
    ({"blind_overtricks": "penalty"}, "blind 6", 8, 80),
    ({"blind_min": 8}, "blind 8", 8, 160),
    ({"ten_for_200": True}, "blind 10", 10, 400),
    ({"moon": True}, "blind 13", 13, 400),
]


@pytest.mark.parametrize(("changes", "start", "hands", "side", "points"), HAND_TABLE)
def test_option_changes_the_hand(changes, start, hands, side, points):
    sheet = play({"preset": "standard", **changes}, hands, start=start)
    assert sheet.hands[-1].sides[side].points == points


@pytest.mark.parametrize(("changes", "bid", "took", "points"), BLIND_TABLE)
def test_blind_options(changes, bid, took, points):
    rules = {"bidding": "partnership", "blind_bids": True, **changes}
    hand = {"bids": {"Us": bid, "Them": 2}, "tricks": {"Us": took, "Them": 13 - took}}
    sheet = play(rules, [hand], start={"Them": {"score": 100}})
    assert sheet.hands[0].sides["Us"].points == points


def test_misdeal_deal_passes_or_stays():
    hands = [{"misdeal": True}, PLAIN]
    assert [x.dealer for x in play("standard", hands).hands] == ["Ann", "Bob"]
    stays = play({"misdeal_deal_passes": False}, hands)
    assert [x.dealer for x in stays.hands] == ["Ann", "Ann"]
    assert stays.next_dealer == "Bob"
    assert play("standard", hands, dealer="Di").next_dealer == "Bob"


# (option changes, hands, finished, winner, reason)
END_TABLE = [
    ({"target_score": 55}, [PLAIN], True, "Them", "target"),  # Us 52, Them 60
    ({"target_score": 50}, [PLAIN], True, "Them", "target"),  # both reach it: highest wins
    ({"target_score": 50}, [{**PLAIN, "adjust": {"Us": 20}}], True, "Us", "target"),
    ({"target_score": 10}, [{**PLAIN, "adjust": {"Us": 8}}], False, None, None),  # tie goes on
    ({"losing_score": -80}, [SET], True, "Them", "losing score"),
    ({"max_hands": 2}, [PLAIN, {"misdeal": True}], False, None, None),
    ({"max_hands": 2}, [PLAIN, {"misdeal": True}, PLAIN], True, "Them", "hands"),
    ({"set_out": 1}, [SET], True, "Them", "set out"),
    ({"set_out": 2}, [SET, PLAIN, SET], False, None, None),
    ({"boston_wins": "any"}, [h(3, 2, 3, 3, 7, 6, 0, 0)], True, "Us", "boston"),
    ({"boston_wins": "ten"}, [h(3, 2, 3, 3, 7, 6, 0, 0)], False, None, None),
    ({"boston_wins": "ten"}, [h(5, 5, 1, 1, 7, 6, 0, 0)], True, "Us", "boston"),
    ({"moon": True, "moon_value": "win"}, [h(7, 6, 1, 1, 7, 6, 0, 0)], True, "Us", "boston"),
    ({"double_nil_value": "win"}, [h("nil", "nil", 6, 6, 0, 0, 7, 6)], True, "Us", "double nil"),
    ({"double_nil_value": 200, "double_nil_penalty": "lose"}, [h("nil", "nil", 6, 6, 1, 0, 6, 6)], True, "Them", "double nil lost"),
    ({"blind_double_nil_value": "win", "blind_deficit": None}, [h("blind nil", "blind nil", 6, 6, 0, 0, 7, 6)], True, "Us", "double nil"),
    ({"blind_double_nil_value": 800, "blind_double_nil_penalty": "lose", "blind_deficit": None}, [h("blind nil", "blind nil", 6, 6, 0, 1, 6, 6)], True, "Them", "double nil lost"),
    ({"race_tricks": 7, "target_score": 1}, [{"tricks": {"Us": 7, "Them": 6}}], True, "Us", "target"),
    ({"race_tricks": 7, "race_sweep": 10}, [{"tricks": {"Us": 3, "Them": 10}}], True, "Them", "sweep"),
    ({"rubicon_value": 5, "target_score": 125}, [PLAIN, PLAIN], True, "Them", "target"),  # Them 120 + 5 for reaching 100 first (with Us)
    ({"majority_bonus": 50, "target_score": 150}, [PLAIN, PLAIN], True, "Us", "target"),  # Us 52 + 52 + 50, Them 120
    # Part Deux, Highlander's count: Us take 7 twice, 52 + 10 + 52 + 20; Them 120
    ({"seven_times_value": 10, "seven_times_counts": "taken", "target_score": 130},
     [PLAIN, PLAIN], True, "Us", "target"),
    ({"first_hand_no_bids": True, "target_score": 65},
     [{"tricks": {"Us": 7, "Them": 6}}], True, "Us", "target"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "hands", "finished", "winner", "reason"), END_TABLE)
def test_end_of_game(changes, hands, finished, winner, reason):
    sheet = play({"preset": "standard", **changes}, hands)
    assert (sheet.finished, sheet.winner, sheet.reason) == (finished, winner, reason)


# Bids the rules forbid (options/bids.py), refused when the hand is scored (and at the bids
# step, which makes the same check): (option changes, bids, start, the field refused, words)
JAIL = {
    "bidding": "partnership",
    "min_side_bid": 4,
    "allowed_contracts": [4, 5, 6, 7, 8, 10, 13],
    "nil_against": [10, 13],
}
BIDS_TABLE = [
    ({"barred_bids": [1]}, {"Ann": 1, "Cy": 3, "Bob": 3, "Di": 3}, None, "bids.Ann", "Ann bid 1: no one may bid 1 in these rules"),
    ({"barred_bids": [1]}, {"Ann": 2, "Cy": 3, "Bob": 3, "Di": 3}, None, None, None),
    ({"barred_bids": [9], "bidding": "partnership"}, {"Us": 9, "Them": 3}, None, "bids.Us", "Us bid 9: no one may bid 9 in these rules"),
    ({"barred_bids": [9]}, {"Ann": 5, "Cy": 4, "Bob": 2, "Di": 2}, None, None, None),  # a player's bid, not the sum
    (JAIL, {"Us": 9, "Them": 4}, None, "bids.Us", "Us bid 9: a side's bid must be 4 to 8, 10 or 13"),
    (JAIL, {"Us": 13, "Them": 4}, None, None, None),
    (JAIL, {"Us": 4, "Them": 4, "Bob": "nil"}, None, "bids.Bob", "Bob bid nil: nil only when another side bids 10 or 13"),
    (JAIL, {"Us": 10, "Them": 4, "Bob": "nil"}, None, None, None),
    ({"suicide": True, "min_side_bid": 4}, {"Ann": 4, "Cy": 3, "Bob": "nil", "Di": 5}, None, "bids.Us", "Suicide: Ann or Cy must bid nil"),
    ({"suicide": True, "min_side_bid": 4}, {"Ann": "nil", "Cy": 4, "Bob": "nil", "Di": "nil"}, None, "bids.Them", "Suicide: only one of Bob and Di may bid nil"),
    ({"suicide": True, "min_side_bid": 4}, {"Ann": "nil", "Cy": 3, "Bob": "nil", "Di": 5}, None, "bids.Us", "Us bid 3, below the smallest bid of 4"),
    ({"suicide": True, "min_side_bid": 4}, {"Ann": "nil", "Cy": 4, "Bob": 6, "Di": "blind nil"}, {"Them": {"score": -100}}, None, None),
    ({"double_nil_deficit": 400}, {"Ann": "nil", "Cy": "nil", "Bob": 3, "Di": 3}, {"Them": {"score": 400}}, "bids.Us", "double nil only when more than 400 behind (Us is 400 behind)"),
    ({"double_nil_deficit": 400}, {"Ann": "nil", "Cy": "nil", "Bob": 3, "Di": 3}, {"Them": {"score": 401}}, None, None),
    ({"bids_total": "not tricks"}, {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 3}, None, "bids", "the bids add up to 13, the tricks in a hand, and these rules say they may not: one bid must change"),
    ({"bids_total": "not tricks"}, {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 2}, None, None, None),
    ({"bids_total": "tricks"}, {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 2}, None, "bids", "the bids add up to 12: these rules say they add up to the 13 tricks"),
    ({"bids_total": "tricks"}, {"Ann": 4, "Cy": 3, "Bob": "nil", "Di": 6}, None, None, None),  # Mirrors: Bob holds no spade
    ({"bids_total": "at most tricks"}, {"Ann": 5, "Cy": 3, "Bob": 3, "Di": 3}, None, "bids", "the bids add up to 14: these rules say at most the 13 tricks"),
    ({"bids_total": "at most tricks"}, {"Ann": "nil", "Cy": 3, "Bob": 3, "Di": 3}, None, None, None),  # Whiz: Ann went nil
]  # fmt: skip


@pytest.mark.parametrize(("changes", "bids", "start", "field", "words"), BIDS_TABLE)
def test_bids_the_rules_forbid(changes, bids, start, field, words):
    taken = {"Us": 7, "Them": 6} if "Us" in bids else {"Ann": 4, "Cy": 3, "Bob": 3, "Di": 3}
    for who, bid in bids.items():  # a nil bidder's tricks are given by name, as none
        if bid in ("nil", "blind nil"):
            side = "Us" if who in ("Ann", "Cy") else "Them"
            mate = next(p for p in TEAMS[side] if p != who)
            taken.pop(side, None)
            taken.update({who: 0, mate: 7 if side == "Us" else 6})
    try:
        play({"preset": "standard", **changes}, [{"bids": bids, "tricks": taken}], start=start)
    except GameError as e:
        assert (e.field, e.message, e.hand) == (field, words, 1)
    else:
        assert field is None, "the bids were allowed"


def test_every_option_is_exercised_by_a_table():
    used = set()
    for table in (HAND_TABLE, BLIND_TABLE, END_TABLE, BIDS_TABLE):
        for row in table:
            used.update(row[0])
    used.update({"blind_bids", "bidding"})  # set by every BLIND_TABLE row
    used.update(contract_variants.EXERCISED)  # issue 22's contracts, from the texts' examples
    used.update(wikipedia_variants.EXERCISED)  # and the rest of Wikipedia's variants
    used.update(texts_readings.EXERCISED)  # issue 33: the texts' other readings
    assert {o.name for o in OPTIONS} - used == set()


# --- presets --------------------------------------------------------------------------------

PRESET_VALUES = {
    "standard": {"target_score": 500, "nil_value": 100, "bag_limit": 10},
    "nyc": {"bidding": "partnership", "min_side_bid": 4, "max_bid": 10, "nil": False,
            "overtrick_value": 0, "bag_limit": None, "max_overtricks": 2, "ten_for_200": True,
            "boston_wins": "ten", "set_out": 2, "first_hand_no_bids": True,
            "blind_loss_multiplier": 1},
    "barmore": {"bidding": "partnership", "nil": False, "blind_min": 7, "blind_deficit": None},
    "military": {"min_side_bid": 4, "blind_nil": False, "blind_overtricks": "none",
                 "ten_for_200_penalty": 100, "boston_wins": "any", "blind_loss_multiplier": 1},
    "cutthroat": {},
    "three-player": {"overtrick_value": -10, "bag_limit": None, "target_score": 300},
    "head-to-head": {"target_score": 300, "blind_nil": False},
    "six-player": {},
    "suicide": {"suicide": True, "min_side_bid": 4},
    "whiz": {"blind_nil": False, "blind_bids": False, "min_side_bid": 0, "bids_total": "at most tricks"},
    "mirrors": {"blind_nil": False, "blind_bids": False, "bids_total": "tricks"},
    "jailhouse": {"min_side_bid": 4, "allowed_contracts": (4, 5, 6, 7, 8, 10, 13), "nil_against": (10, 13), "ten_for_200": True, "moon": True, "bag_limit": 10},
    "urban": {"race_tricks": 7, "race_sweep": 10, "target_score": 2},
    "highlander": {"partner_bids": "highlander", "overtrick_value": 5, "bag_limit": None},
    "call-break": {"score_tenths": True, "trick_value": 10, "overtrick_value": 1,
                   "bag_limit": None, "nil": False, "blind_nil": False, "min_side_bid": 1,
                   "max_hands": 5},
}  # fmt: skip


@pytest.mark.parametrize("preset", list(PRESETS))
def test_preset_values(preset):
    rules = rules_from_spec(preset)
    for name, value in PRESET_VALUES[preset].items():
        assert getattr(rules, name) == value
    assert preset in PRESET_DESCRIPTIONS
    assert rules_to_spec(rules, preset) == {"preset": preset}
    assert rules_from_spec({"preset": preset, "target_score": 77}).target_score == 77


@pytest.mark.parametrize(
    ("preset", "players", "teams", "tricks"),
    [
        ("standard", FOUR, TEAMS, 13),
        ("cutthroat", FOUR, None, 13),
        ("three-player", ["A", "B", "C"], None, 17),
        ("head-to-head", ["A", "B"], None, 13),
        ("six-player", ["A", "B", "C", "D", "E", "F"], {"AD": ["A", "D"], "BE": ["B", "E"], "CF": ["C", "F"]}, 17),
        ("standard", ["A", "B", "C", "D", "E"], None, 10),
        ("highlander", FOUR, TEAMS, 13),
        ("call-break", FOUR, None, 13),
    ],
)  # fmt: skip
def test_presets_score_a_hand_with_their_seating(preset, players, teams, tricks):
    per = [tricks // len(players)] * len(players)
    per[0] += tricks - sum(per)
    hand = {"bids": dict.fromkeys(players, 1), "tricks": dict(zip(players, per, strict=True))}
    sheet = play(preset, [hand], players=players, teams=teams)
    assert sum(r.tricks for r in sheet.hands[0].sides.values()) == tricks


def test_rules_to_spec_round_trips_overrides():
    rules = rules_from_spec({"preset": "nyc", "target_score": 300, "nil": True})
    spec = rules_to_spec(rules, "nyc")
    assert spec == {"preset": "nyc", "target_score": 300, "nil": True}
    assert rules_from_spec(spec) == rules
    assert rules_from_spec(rules_to_spec(rules)) == rules  # against standard


def test_options_are_described_in_plain_words():
    groups = set(GROUPS)
    for option in OPTIONS:
        assert option.group in groups
        assert option.label and option.help.endswith((".", ")"))
        assert getattr(Rules(), option.name) == option.default


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_presets_description_does_not_name_it_again(preset):
    """The description is shown beside the preset's title (the new game form's "Suicide
    Suicide: in each team ...", the blank sheet's "Military: Military: board of 4"): it says
    what the rules do, not their name before a colon."""
    assert re.match(r"[^,;:()]{1,40}:", PRESET_DESCRIPTIONS[preset]) is None
