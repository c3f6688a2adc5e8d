"""Every number a game file holds has a range, checked when the file is parsed (docs/contract.md,
section 6, "Ranges"): each edge is accepted, one past it is refused with a message naming the
field, a number of thousands of digits anywhere is a GameError whose message prints, and every
number on the sheet of a file parse_game accepts is short enough to print."""
# ruff: noqa: E501 (the tables read best one row to a line)

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    MAX_ADJUST,
    MAX_HANDS,
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    NOTE_LENGTH,
    OPTIONS,
    PRESETS,
    TEAM_NAME_LENGTH,
    GameError,
    dump_game_text,
    load_game_text,
    parse_game,
    parse_hand,
    preset_rules,
    render_text,
    rules_from_spec,
    score_game,
    sheet_to_json,
)
from scorekeeper.rules.sample import random_game

NUMBER_OPTIONS = [o for o in OPTIONS if o.type in ("int", "int|win")]
HUGE = 10**5000  # more digits than Python will print (4,300)
OK = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
    "tricks": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
}


def game(**changes: Any) -> dict[str, Any]:
    data = {
        "format": "spades-scorekeeper/1",
        "rules": "standard",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Us": ["Ann", "Cy"], "Them": ["Bob", "Di"]},
        "hands": [copy.deepcopy(OK)],
    }
    data.update(changes)
    return data


def hand(**changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(OK), **changes}


def refused(data: Any) -> GameError:
    with pytest.raises(GameError) as info:
        parse_game(data)
    err = info.value
    text = str(err)  # never "Exceeds the limit (4300 digits)"
    assert "\n" not in text and len(text) < 300
    return err


# --- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize("info", NUMBER_OPTIONS, ids=lambda o: o.name)
def test_every_number_option_has_a_range_holding_its_default_and_every_preset(info):
    assert info.minimum is not None and info.maximum is not None
    assert info.minimum < info.maximum
    for preset in PRESETS:
        value = getattr(preset_rules(preset), info.name)
        assert value is None or value == "win" or info.minimum <= value <= info.maximum, preset


# options refused alone, as contradicting the rules around them (docs/contract.md, section 6)
NEEDS = {"race_sweep": {"race_tricks": 1, "tricks_per_hand": 1},  # a sweep of 1 needs a race to 1
         "race_tricks": {"tricks_per_hand": 1},  # a race to 1 needs more than half the tricks
         "auction_min": {"nil": False, "blind_nil": False}}  # fmt: skip


@pytest.mark.parametrize("info", NUMBER_OPTIONS, ids=lambda o: o.name)
@pytest.mark.parametrize("edge", ["minimum", "maximum"])
def test_an_option_takes_its_edges_and_refuses_one_past_them(info, edge):
    value = getattr(info, edge)
    needs = NEEDS.get(info.name, {})  # an option that is played only with another
    assert getattr(rules_from_spec({**needs, info.name: value}), info.name) == value
    rules = {**needs, info.name: value}
    assert getattr(parse_game(game(rules=rules, hands=[])).rules, info.name) == value
    past = value - 1 if edge == "minimum" else value + 1
    err = refused(game(rules={**needs, info.name: past}))
    assert err.field == f"rules.{info.name}"
    assert str(err) == f"option {info.name} must be {info.minimum} to {info.maximum}, not {past}"


@pytest.mark.parametrize("info", NUMBER_OPTIONS, ids=lambda o: o.name)
@pytest.mark.parametrize(
    "value", [HUGE, -HUGE, 10**100, 2**63], ids=["1e5000", "-1e5000", "1e100", "2**63"]
)
def test_an_option_of_too_many_digits_is_refused_in_a_message_that_prints(info, value):
    err = refused(game(rules={info.name: value}))
    assert err.field == f"rules.{info.name}"
    assert "a number of about" in str(err)


def test_the_message_gives_the_range_in_the_contracts_words():
    err = refused(game(rules={"tricks_per_hand": 1_000_000}))
    assert str(err) == "option tricks_per_hand must be 1 to 52, not 1000000"


# --- the rest of the file -------------------------------------------------------------------

T = 13  # tricks in a hand of the game above

# (label, the file, accepted?, the field named when refused)
EDGES = [
    ("start score max", game(start={"Us": {"score": MAX_START_SCORE}}), True, None),
    ("start score min", game(start={"Us": {"score": -MAX_START_SCORE}}), True, None),
    ("start score max+1", game(start={"Us": {"score": MAX_START_SCORE + 1}}), False, "start.Us.score"),
    ("start score min-1", game(start={"Us": {"score": -MAX_START_SCORE - 1}}), False, "start.Us.score"),
    ("start bags 0", game(start={"Us": {"bags": 0}}), True, None),
    ("start bags limit-1", game(start={"Us": {"bags": 9}}), True, None),
    ("start bags limit", game(start={"Us": {"bags": 10}}), False, "start.Us.bags"),
    ("start bags -1", game(start={"Us": {"bags": -1}}), False, "start.Us.bags"),
    ("start bags max, no limit", game(rules={"bag_limit": None}, start={"Us": {"bags": MAX_START_BAGS}}), True, None),
    ("start bags max+1, no limit", game(rules={"bag_limit": None}, start={"Us": {"bags": MAX_START_BAGS + 1}}), False, "start.Us.bags"),
    ("adjust max", game(hands=[hand(adjust={"Us": MAX_ADJUST})]), True, None),
    ("adjust min", game(hands=[hand(adjust={"Us": -MAX_ADJUST})]), True, None),
    ("adjust max+1", game(hands=[hand(adjust={"Us": MAX_ADJUST + 1})]), False, "adjust.Us"),
    ("adjust min-1", game(hands=[hand(adjust={"Us": -MAX_ADJUST - 1})]), False, "adjust.Us"),
    ("bid 0", game(hands=[hand(bids={**OK["bids"], "Ann": 0})]), True, None),
    ("bid max", game(hands=[hand(bids={**OK["bids"], "Ann": T})]), True, None),
    ("bid -1", game(hands=[hand(bids={**OK["bids"], "Ann": -1})]), False, "bids.Ann"),
    ("bid max+1", game(hands=[hand(bids={**OK["bids"], "Ann": T + 1})]), False, "bids.Ann"),
    ("bid max+1 in words", game(hands=[hand(bids={**OK["bids"], "Ann": "14"})]), False, "bids.Ann"),
    ("blind bid max+1", game(hands=[hand(bids={**OK["bids"], "Ann": "blind 14"})]), False, "bids.Ann"),
    ("tricks max", game(hands=[hand(tricks={"Ann": T, "Bob": 0, "Cy": 0, "Di": 0})]), True, None),
    ("tricks -1", game(hands=[hand(tricks={**OK["tricks"], "Ann": -1})]), False, "tricks.Ann"),
    ("tricks max+1", game(hands=[hand(tricks={**OK["tricks"], "Ann": T + 1})]), False, "tricks.Ann"),
    ("team tricks max+1", game(hands=[hand(tricks={"Us": T + 1, "Them": 0})]), False, "tricks.Us"),
    ("renege 0", game(hands=[hand(renege={"Us": 0})]), True, None),
    ("renege max", game(hands=[hand(renege={"Us": T})]), True, None),
    ("renege -1", game(hands=[hand(renege={"Us": -1})]), False, "renege.Us"),
    ("renege max+1", game(hands=[hand(renege={"Us": T + 1})]), False, "renege.Us"),
    ("52 tricks", game(rules={"tricks_per_hand": 52}, hands=[hand(bids={**OK["bids"], "Ann": 52}, tricks={"Ann": 52, "Bob": 0, "Cy": 0, "Di": 0})]), True, None),
    ("53 tricks' bid", game(rules={"tricks_per_hand": 52}, hands=[hand(bids={**OK["bids"], "Ann": 53})]), False, "bids.Ann"),
    ("player name max", game(players=["A" * NAME_LENGTH, "Bob", "Cy", "Di"], teams=None, hands=[]), True, None),
    ("player name max+1", game(players=["A" * (NAME_LENGTH + 1), "Bob", "Cy", "Di"], teams=None, hands=[]), False, "players"),
    ("team member name max+1", game(teams={"Us": ["A" * (NAME_LENGTH + 1), "Cy"], "Them": ["Bob", "Di"]}, hands=[]), False, "teams.Us"),
    ("dealer name max+1", game(dealer="A" * (NAME_LENGTH + 1)), False, "dealer"),
    ("team name max", game(teams={"U" * TEAM_NAME_LENGTH: ["Ann", "Cy"], "Them": ["Bob", "Di"]}, hands=[]), True, None),
    ("team name max+1", game(teams={"U" * (TEAM_NAME_LENGTH + 1): ["Ann", "Cy"], "Them": ["Bob", "Di"]}, hands=[]), False, "teams"),
    ("note max", game(hands=[hand(note="n" * NOTE_LENGTH)]), True, None),
    ("note max+1", game(hands=[hand(note="n" * (NOTE_LENGTH + 1))]), False, "note"),
    ("misdeal note max+1", game(hands=[{"misdeal": True, "note": "n" * (NOTE_LENGTH + 1)}]), False, "note"),
    ("hands max", game(hands=[{"misdeal": True}] * MAX_HANDS), True, None),
    ("hands max+1", game(hands=[{"misdeal": True}] * (MAX_HANDS + 1)), False, "hands"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "data", "ok", "field"), EDGES, ids=[e[0] for e in EDGES])
def test_each_edge_of_a_file_is_accepted_and_one_past_it_refused(label, data, ok, field):
    if ok:
        parse_game(data)
        return
    err = refused(data)
    assert err.field == field, str(err)


def test_the_edge_messages_say_the_range():
    cases = [
        (game(start={"Us": {"score": 100_001}}), "start score of Us must be -100000 to 100000, not 100001"),
        (game(rules={"bag_limit": None}, start={"Us": {"bags": 1000}}), "start bags of Us must be 0 to 999, not 1000"),
        (game(hands=[hand(adjust={"Us": 10_001})]), "hand 1: adjust for Us must be -10000 to 10000, not 10001"),
        (game(hands=[hand(bids={**OK["bids"], "Ann": 14})]), "hand 1: Ann's bid 14 is out of range (0 to 13)"),
        (game(hands=[hand(bids={**OK["bids"], "Ann": "blind 99"})]), "hand 1: Ann's bid blind 99 is out of range (0 to 13)"),
        (game(hands=[hand(tricks={**OK["tricks"], "Ann": 14})]), "hand 1: Ann's tricks 14 out of range (0 to 13)"),
        (game(hands=[hand(renege={"Us": 14})]), "hand 1: renege tricks for Us out of range (0 to 13)"),
        (game(hands=[hand(note="n" * 201)]), "hand 1: a note is at most 200 characters, not 201"),
        (game(hands=[{"misdeal": True}] * 5000), "a game holds at most 1000 hands (misdeals included), not 5000"),
        (game(players=["A" * 31, "Bob"], teams=None), f'a player "{"A" * 31}" is longer than 30 characters (31)'),
    ]  # fmt: skip
    for data, message in cases:
        assert str(refused(data)) == message


def test_a_hand_alone_is_checked_against_the_most_tricks_any_game_has():
    assert parse_hand(hand(tricks={"Ann": 52, "Bob": 0, "Cy": 0, "Di": 0}), 1).tricks["Ann"] == 52
    with pytest.raises(GameError, match=r"Ann's tricks 53 out of range \(0 to 52\)"):
        parse_hand(hand(tricks={"Ann": 53}), 1)
    with pytest.raises(GameError, match=r"adjust for Us must be"):
        parse_hand(hand(adjust={"Us": HUGE}), 1)


# --- numbers of thousands of digits, anywhere ------------------------------------------------

# where a number can be: (label, the file with the number ``n`` put there)
PLACES = [
    ("option", lambda n: game(rules={"trick_value": n})),
    ("start score", lambda n: game(start={"Us": {"score": n}})),
    ("start bags", lambda n: game(start={"Us": {"bags": n}})),
    ("bid", lambda n: game(hands=[hand(bids={**OK["bids"], "Ann": n})])),
    ("team bid", lambda n: game(rules="barmore", hands=[{"bids": {"Us": n, "Them": 4}, "tricks": {"Us": 7, "Them": 6}}])),
    ("tricks", lambda n: game(hands=[hand(tricks={**OK["tricks"], "Ann": n})])),
    ("team tricks", lambda n: game(hands=[hand(tricks={"Us": n, "Them": 6})])),
    ("renege", lambda n: game(hands=[hand(renege={"Us": n})])),
    ("adjust", lambda n: game(hands=[hand(adjust={"Them": n})])),
    ("nested in a list", lambda n: game(players=[n, "Bob"], teams=None)),
]  # fmt: skip


@pytest.mark.parametrize(("label", "place"), PLACES, ids=[p[0] for p in PLACES])
@pytest.mark.parametrize(
    "n", [HUGE, -HUGE, 10**1000, 10**19], ids=["1e5000", "-1e5000", "1e1000", "1e19"]
)
def test_a_number_of_too_many_digits_anywhere_is_a_game_error_that_prints(label, place, n):
    data = place(n)
    refused(data)
    if abs(n) < 10**4000:  # JSON text Python can read: the same error from the text
        text = json.dumps(data)
        with pytest.raises(GameError) as info:
            load_game_text(text)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize("digits", [19, 4300, 4301, 5000])
@pytest.mark.parametrize("form", ["{}", "blind {}", " {} "])
def test_a_bid_written_in_too_many_digits_is_refused(form, digits):
    err = refused(game(hands=[hand(bids={**OK["bids"], "Ann": form.format("9" * digits)})]))
    assert err.field == "bids.Ann"
    assert "out of range" in str(err)


@pytest.mark.parametrize("digits", [4301, 5000, 100_000])
def test_a_json_integer_of_thousands_of_digits_is_a_clear_game_error(digits):
    text = json.dumps(game(rules={"trick_value": 1})).replace(
        '"trick_value": 1', '"trick_value": ' + "7" * digits
    )
    with pytest.raises(GameError) as info:
        load_game_text(text)
    assert (
        str(info.value) == "the file holds a number far too long for a game (thousands of digits)"
    )
    assert info.value.field == "game"


# --- totals stay short ---------------------------------------------------------------------


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _ints(v)]
    if isinstance(value, (list, tuple)):
        return [n for v in value for n in _ints(v)]
    return []


def _short(sheet: Any) -> None:
    """Every number on the sheet (JSON and text) has fewer than 20 digits."""
    for n in _ints(sheet_to_json(sheet)):
        assert abs(n) < 10**19, n
    for word in re.findall(r"\d+", render_text(sheet)):
        assert len(word) < 20, word


def test_the_largest_loss_a_game_can_hold_stays_below_a_trillion():
    """1,000 hands, each a blind bid of all 52 tricks set at the largest trick value and loss
    multiplier, with the largest negative adjust, from the lowest start score."""
    rules = {"tricks_per_hand": 52, "blind_bids": True, "blind_deficit": None, "blind_min": 1,
             "trick_value": 10_000, "blind_loss_multiplier": 1_000, "nil": False,
             "target_score": 100_000}  # fmt: skip
    worst = {"bids": {"Ann": "blind 52", "Bob": 2}, "tricks": {"Ann": 51, "Bob": 1},
             "adjust": {"Ann": -MAX_ADJUST}}  # fmt: skip
    data = game(rules=rules, players=["Ann", "Bob"], teams=None, hands=[worst] * MAX_HANDS,
                start={"Ann": {"score": -MAX_START_SCORE}})  # fmt: skip
    sheet = score_game(parse_game(data))
    assert sheet.totals["Ann"] == -MAX_START_SCORE - MAX_HANDS * (52 * 10_000 * 1_000 + MAX_ADJUST)
    assert abs(sheet.totals["Ann"]) < 10**12
    _short(sheet)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.data())
def test_a_valid_game_under_rules_at_their_edges_reads_back_and_scores_short(rng, data):
    """Games made to fit rules whose numbers sit at the ends of their ranges: the file parse_game
    reads back scores without error, and every number on its sheet prints."""
    spec: dict[str, Any] = {"preset": data.draw(st.sampled_from(list(PRESETS)))}
    for info in data.draw(st.lists(st.sampled_from(NUMBER_OPTIONS), max_size=8, unique=True)):
        spec[info.name] = data.draw(st.sampled_from([info.minimum, info.maximum, info.default]))
    spec["target_score"] = data.draw(st.sampled_from([500, 100_000]))
    spec["tricks_per_hand"] = data.draw(st.sampled_from([None, 1, 52]))
    try:
        rules = rules_from_spec(spec)
    except GameError as e:  # options that contradict each other (double nil with nil off),
        # or one of the preset's (urban's race_sweep once race_tricks is drawn empty)
        assert e.field in {f"rules.{name}" for name in (*spec, *PRESETS[spec["preset"]])}
        reject()
    try:
        made = random_game(rng, data.draw(st.integers(1, 60)), rules, spec["preset"],
                           ("Ann", "Bob", "Cy", "Di"), {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")})  # fmt: skip
    except GameError:
        reject()  # no hand fits these rules (every side must bid 52 of 13 tricks, ...)
    try:
        read = load_game_text(dump_game_text(made))
    except GameError as e:  # a race to 7 of 52 tricks: two sides could win a hand (game.py)
        assert e.field in ("rules.race_tricks", "rules.race_sweep"), e
        reject()
    sheet = score_game(read)
    _short(sheet)


def _numbers() -> st.SearchStrategy[int]:
    return st.one_of(
        st.integers(-3, 20),
        st.sampled_from([-(10**5), 10**5, -(10**4), 10**4, 52, 53, 999, 1000, 1001, 100_001]),
        st.integers(-(10**30), 10**30),
        st.sampled_from([HUGE, -HUGE]),
    )


# where a random number goes in a valid file
_SPOTS = [
    *[("rules", o.name) for o in NUMBER_OPTIONS],
    ("start", "score"), ("start", "bags"), ("bids", "Ann"), ("tricks", "Cy"),
    ("renege", "Us"), ("adjust", "Them"),
]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_SPOTS), _numbers()), min_size=1, max_size=4),
       st.integers(1, 30))  # fmt: skip
def test_any_file_parse_game_accepts_scores_to_numbers_that_print(changes, copies):
    data = game(rules={"target_score": 100_000}, hands=[hand(note="x") for _ in range(copies)])
    for (where, key), n in changes:
        if where == "rules":
            data["rules"][key] = n
        elif where == "start":
            data.setdefault("start", {}).setdefault("Us", {})[key] = n
        else:
            for h in data["hands"]:
                h.setdefault(where, {})[key] = n
    try:
        parsed = parse_game(data)
    except GameError as e:
        assert "\n" not in str(e) and len(str(e)) < 300
        return
    try:
        sheet = score_game(parsed)
    except GameError as e:  # the hands may not fit the rules (tricks add up to 14, ...)
        assert "\n" not in str(e) and len(str(e)) < 300
        return
    _short(sheet)
