"""Invalid games raise GameError with one clear message naming the hand and the field."""
# ruff: noqa: E501 (the tables read best one row to a line)

import pytest

from scorekeeper.rules import GameError, load_game_text, parse_game, rules_from_spec, score_game

FOUR = ["Ann", "Bob", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]}
OK = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
    "tricks": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
}


def score(hands, rules="standard", teams=TEAMS, players=FOUR, **top):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": players, "hands": hands}
    if teams:
        data["teams"] = teams
    data.update(top)
    return score_game(parse_game(data))


def bids(**b):
    return {"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3, **b}, "tricks": OK["tricks"]}


CASES = [
    # (rules, hands, hand number, field, message)
    ("standard", [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Zed": 3}, "tricks": OK["tricks"]}],
     1, "bids.Zed", "unknown player Zed in bids"),
    ("standard", [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3}, "tricks": OK["tricks"]}],
     1, "bids.Di", "no bid for Di"),
    ("standard", [{"tricks": OK["tricks"]}], 1, "bids", "bids are missing"),
    ("standard", [{"bids": OK["bids"]}], 1, "tricks", "tricks are missing"),
    ("standard", [OK, bids(Ann=14)], 2, "bids.Ann", "out of range (0 to 13)"),
    ("standard", [bids(Ann=-1)], 1, "bids.Ann", "out of range"),
    ("standard", [bids(Ann="lots")], 1, "bids.Ann", "a bid must be a number"),
    ({"nil": False}, [bids(Ann="nil")], 1, "bids.Ann", "nil bids are not allowed"),
    ({"blind_nil": False}, [bids(Ann="blind nil")], 1, "bids.Ann", "blind nil is not allowed"),
    ("standard", [bids(Ann="blind nil")], 1, "bids.Ann", "blind bids only when 100 or more behind"),
    ({"preset": "barmore", "blind_bids": False}, [{"bids": {"Us": "blind 7", "Them": 4}, "tricks": {"Us": 7, "Them": 6}}],
     1, "bids.Us", "blind bids are not allowed"),
    ({"blind_bids": True, "blind_deficit": None}, [bids(Ann="blind 6")], 1, "bids.Ann",
     "a blind number is a side's whole bid"),
    ("barmore", [{"bids": {"Us": "blind 6", "Them": 4}, "tricks": {"Us": 7, "Them": 6}}],
     1, "bids.Us", "the smallest blind bid is 7"),
    ({"min_side_bid": 4}, [bids(Ann=1, Cy=2)], 1, "bids.Us", "Us bid 3, below the smallest bid of 4"),
    ({"max_bid": 8}, [bids(Ann=5, Cy=4)], 1, "bids.Us", "Us bid 9, above the largest bid of 8"),
    ("standard", [bids(Ann=7, Cy=7)], 1, "bids.Us", "Us bid 14, more than the 13 tricks"),
    ("standard", [{"bids": OK["bids"], "tricks": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3}}],
     1, "tricks", "tricks add up to 12, not 13"),
    ("standard", [OK, OK, {"bids": OK["bids"], "tricks": {"Us": 6, "Them": 6}}],
     3, "tricks", "tricks add up to 12, not 13"),
    ("standard", [{"bids": {**OK["bids"], "Ann": "nil"}, "tricks": {"Us": 6, "Them": 7}}],
     1, "tricks.Us", "Ann bid nil: give the tricks of each player of Us"),
    ("standard", [{"bids": OK["bids"], "tricks": {"Ann": 3, "Bob": 3, "Cy": 4}}],
     1, "tricks.Di", "no tricks for Di"),
    ("standard", [{"bids": OK["bids"], "tricks": {"Us": 7, "Ann": 3, "Them": 3}}],
     1, "tricks.Ann", "given twice"),
    ("standard", [{"bids": OK["bids"], "tricks": {**OK["tricks"], "Zed": 0}}],
     1, "tricks.Zed", "unknown player or team Zed in tricks"),
    ("nyc", [{"bids": {"Us": 4, "Them": 4}, "tricks": {"Us": 6, "Them": 7}}],
     1, "bids", "the first hand is played without bids"),
    ({"target_score": 50}, [OK, OK], 2, "hands", "the game ended after hand 1"),
    ({"target_score": 50}, [OK, {"misdeal": True}], 2, "hands", "the game ended after hand 1"),
    ("standard", [{**OK, "renege": {"Zed": 3}}], 1, "renege.Zed", "renege: unknown side Zed"),
    ("standard", [{**OK, "adjust": {"Zed": 3}}], 1, "adjust.Zed", "adjust: unknown side Zed"),
    ("barmore", [{"bids": {"Us": 4, "Bob": 4, "Them": 3}, "tricks": {"Us": 7, "Them": 6}}],
     1, "bids.Bob", "may bid only nil by name"),
    ("barmore", [{"bids": {"Us": 4}, "tricks": {"Us": 7, "Them": 6}}], 1, "bids.Them", "no bid for Them"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "hands", "number", "field", "message"), CASES)
def test_invalid_hand_names_hand_and_field(rules, hands, number, field, message):
    with pytest.raises(GameError) as info:
        score(hands, rules)
    err = info.value
    assert (err.hand, err.field) == (number, field)
    assert message in err.message
    assert str(err) == f"hand {number}: {err.message}"
    assert "\n" not in str(err)


def test_tricks_error_message_is_exactly_as_the_contract_says():
    hands = [OK, OK, {"bids": OK["bids"], "tricks": {"Us": 6, "Them": 6}}]
    with pytest.raises(GameError) as info:
        score(hands)
    assert str(info.value) == "hand 3: tricks add up to 12, not 13"


def test_blind_bid_when_far_enough_behind_is_allowed():
    sheet = score([bids(Ann="blind nil")], start={"Them": {"score": 100}})
    assert sheet.hands[0].sides["Us"].nil_results == [("Ann", "blind nil", False)]


FILE_CASES = [
    # (change to a valid file, field, message)
    ({"format": "spades/2"}, "format", "format must be"),
    ({"players": ["Ann"]}, "players", "2 to 6 players"),
    ({"players": ["Ann", "Ann", "Cy", "Di"]}, "players", "listed twice"),
    ({"players": ["Ann", "", "Cy", "Di"]}, "players", "non-empty name"),
    ({"teams": {"Us": ["Ann", "Cy"], "Them": ["Bob"]}}, "teams", "Di is in no team"),
    ({"teams": {"Us": ["Ann", "Cy", "Bob"], "Them": ["Bob", "Di"]}}, "teams.Them", "in two teams"),
    ({"teams": {"Us": ["Ann", "Cy", "Bob", "Di"]}}, "teams", "at least two teams"),
    ({"dealer": "Zed"}, "dealer", "not a player"),
    ({"start": {"Zed": {"score": 3}}}, "start.Zed", "unknown side"),
    ({"start": {"Us": {"score": "3"}}}, "start.Us.score", "whole number"),
    ({"start": {"Us": {"bags": 10}}}, "start.Us.bags", "start bags of Us must be 0 to 9"),
    ({"rules": "nyk"}, "rules.preset", 'unknown preset "nyk"'),
    ({"rules": {"nil_valu": 50}}, "rules.nil_valu", 'unknown option "nil_valu"'),
    ({"rules": {"nil_value": "50"}}, "rules.nil_value", "must be a whole number"),
    ({"rules": {"nil": 1}}, "rules.nil", "must be true or false"),
    ({"rules": {"set_penalty": "all"}}, "rules.set_penalty", "must be one of bid, shortfall, none"),
    ({"rules": {"bag_limit": 0}}, "rules.bag_limit", "must be 1 to 1000, not 0"),
    ({"rules": {"target_score": None}}, "rules.target_score", "cannot be empty"),
    ({"rules": {"moon_value": "lose"}}, "rules.moon_value", 'or "win"'),
    ({"rules": {"double_back": 3}}, "rules.double_back", "must be 0 to 2, not 3"),
    ({"rules": {"bidding": "partnership"}, "teams": None}, "rules.bidding", "needs teams"),
    ({"hands": [{"misdeal": True, "bids": {}}]}, "bids", "a misdeal has no bids"),
    ({"hands": [{**OK, "trick": {}}]}, "trick", "unknown field"),
    ({"hands": [{**OK, "tricks": {"Ann": 3.0}}]}, "tricks.Ann", "whole number"),
    ({"hands": [{**OK, "tricks": {"Ann": True}}]}, "tricks.Ann", "whole number"),
    ({"title": "x"}, "title", "unknown field"),
]


@pytest.mark.parametrize(("change", "field", "message"), FILE_CASES)
def test_invalid_file_names_the_field(change, field, message):
    data = {"format": "spades-scorekeeper/1", "rules": "standard", "players": FOUR, "teams": TEAMS,
            "hands": [OK]}  # fmt: skip
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(GameError) as info:
        score_game(parse_game(data))
    assert info.value.field == field
    assert message in str(info.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2", '{"a": NaN', "[" * 100000])
def test_bad_json_is_a_game_error(text):
    with pytest.raises(GameError):
        load_game_text(text)


def test_rules_errors_are_game_errors_and_value_errors():
    with pytest.raises(ValueError, match="unknown option"):
        rules_from_spec({"preset": "standard", "bogus": 1})
