"""The sides scorer's fast path is derived from the one statement of the contract rules.

A side's contract is scored as a plain bid, then put through the piece that states the rules
which change whether it is made (``special_contracts`` in rules/contracts.py: moon, ten for
200, blind exact, an overtrick limit, double back). Under rules with none of these, a side
without a blind bid skips that piece. Here every side is forced through it, and the sheets must
be the same, for random games under random rules (half of them stripped of those rules, so the
fast path is taken).
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Callable
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Game,
    GameError,
    Rules,
    contracts,
    house,
    new_context,
    running,
    score_game,
    scoring,
    sheet_to_json,
)
from scorekeeper.rules.options.house import OptionGroup
from scorekeeper.rules.sample import random_game, random_rules
from scorekeeper.rules.tricks import tricks_by_player

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)

PLAIN = {"moon": False, "ten_for_200": False, "max_overtricks": None, "double_back": 0}
special_contracts = contracts.special_contracts  # the piece as the engine has it


def _always_special(rules: Rules, T: int) -> tuple[bool, Callable[..., object]]:
    """The piece, taken by every side whatever the rules."""
    return True, special_contracts(rules, T)[1]


def _every_piece() -> contextlib.AbstractContextManager[object]:
    """``Context.variants`` forced on: each piece of the variants asks its own options."""
    return mock.patch.object(scoring, "VARIANTS", OptionGroup((), lambda rules: True, False))


def game_of(seed: int) -> Game:
    rng = random.Random(seed)
    preset, rules = random_rules(rng, variants=True)  # issue 22's options too
    if rng.random() < 0.5:
        with contextlib.suppress(GameError):  # unless they contradict another option (13)
            rules = dataclasses.replace(rules, **PLAIN)
    return random_game(rng, 15, rules, preset)


def outcome(game: Game) -> object:
    try:
        sheet = score_game(game)
    except GameError as e:  # a generated game is valid; should one not be, both must agree
        return ("error", e.hand, e.field, e.message)
    return sheet, sheet_to_json(sheet)


@SETTINGS
@given(seeds)
def test_every_side_through_the_special_rules_scores_the_same(seed):
    game = game_of(seed)
    fast = outcome(game)
    with mock.patch.object(contracts, "special_contracts", _always_special):
        forced = outcome(game)
    assert fast == forced


@pytest.mark.parametrize(
    ("change", "special"),
    [
        ({}, False),
        (PLAIN, False),
        ({"blind_bids": True, "blind_exact": True}, False),  # blind: taken by the bid, not rules
        ({"moon": True}, True),
        ({"ten_for_200": True}, True),
        ({"max_overtricks": 0}, True),
        ({"max_overtricks": 3}, True),
        ({"double_back": 1}, True),
    ],
)
def test_the_fast_path_is_taken_only_without_the_special_rules(change, special):
    rules = dataclasses.replace(Rules(), **change)
    assert special_contracts(rules, 13)[0] is special


# --- the house rules of contracts (issue 22, part C: rules/house.py) ------------------------
# Under rules with none of them the sides scorer skips both of house.py's pieces with one test;
# here every side goes through them, and the sheets must be the same.


@SETTINGS
@given(seeds)
def test_every_side_through_the_house_rules_of_contracts_scores_the_same(seed):
    game = game_of(seed)
    fast = outcome(game)
    with _every_piece(), mock.patch.object(house, "uses_house_rules", lambda rules: True):
        forced = outcome(game)
    assert fast == forced


HOUSE_ON = [
    {"no_trump": True}, {"lexington": "take"}, {"blind_bids": True, "blind_scoring": "bonus"},
    {"double_nil_opponents_bonus": 100}, {"seven_or_higher_value": 10},
    {"exact_small_bids": True}, {"nil_penalty_per_trick": 10}, {"partner_bids": "each"},
    {"partner_bids": "each exactly"}, {"partner_bids": "highlander"},
    {"nil_fail_sets_partner": True}, {"blind_nil_no_bags": True}, {"renege_mucks": True},
    {"both_exact_bonus": True},
]  # fmt: skip


@pytest.mark.parametrize("change", [{}, PLAIN, {"lexington": "bid"}, {"score_tenths": True},
                                    {"no_trump_win_multiplier": 5}, *HOUSE_ON])  # fmt: skip
def test_the_house_pieces_are_skipped_only_without_their_rules(change):
    rules = dataclasses.replace(Rules(), **change)
    assert house.uses_house_rules(rules) is (change in HOUSE_ON)
    assert (house.house_rules(rules, 13, ["A"], {"A": ("A",)}) is None) is (change not in HOUSE_ON)


def test_a_lexington_bid_is_a_special_contract():
    assert special_contracts(dataclasses.replace(Rules(), lexington="bid"), 13)[0] is True


# --- the running bonuses (rules/running.py: Rubicon, Two Round Majority, Part Deux) ----------
# Under rules with none of them the fold skips the running scorer with one test; here every
# hand goes through it, and the sheets must be the same.


@SETTINGS
@given(seeds)
def test_every_hand_through_the_running_bonuses_scores_the_same(seed):
    game = game_of(seed)
    fast = outcome(game)
    with _every_piece(), mock.patch.object(running, "uses_running", lambda rules: True):
        forced = outcome(game)
    assert fast == forced


RUNNING_ON = [{"rubicon_value": 5}, {"majority_bonus": 5}, {"seven_times_value": 10},
              {"seven_times_value": 0, "seven_times_counts": "taken"}]  # fmt: skip


@pytest.mark.parametrize("change", [{}, PLAIN, {"seven_times_counts": "taken"}, *RUNNING_ON])
def test_the_running_scorer_is_made_only_under_its_rules(change):
    rules = dataclasses.replace(Rules(), **change)
    assert running.uses_running(rules) is (change in RUNNING_ON)


# --- one test for them all: Context.variants -------------------------------------------------
# A game whose rules leave every option of the house rules of contracts, the running bonuses
# and the bids the rules forbid at its default makes none of their pieces (and asks none of
# their options); each of those options, set, makes the game ask.

FORBIDDING_ON = [
    {"barred_bids": [9]}, {"allowed_contracts": [4, 5, 6, 7, 8, 10, 13]}, {"suicide": True},
    {"nil_against": [10, 13]}, {"double_nil_deficit": 400}, {"bids_total": "not tricks"},
    {"auction_min": 7, "nil": False, "blind_nil": False}, {"no_duplicate_bids": True},
    {"no_vice_versa_bids": True},
    {"moon": True, "no_moon_against_double_nil": True},
]  # fmt: skip
FOUR = ("Ann", "Bob", "Cy", "Di")
TEAMS = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}


@pytest.mark.parametrize("change", [{}, PLAIN, *HOUSE_ON, *RUNNING_ON, *FORBIDDING_ON])
def test_the_variants_are_asked_for_only_under_their_rules(change):
    rules = dataclasses.replace(Rules(), **change)
    ctx = new_context(Game(players=FOUR, rules=rules, teams=TEAMS))
    assert ctx.variants is (change in HOUSE_ON + RUNNING_ON + FORBIDDING_ON)
    if not ctx.variants:  # none of their pieces, as their own tests would have said
        assert ctx.score_running is None
        assert not house.uses_house_rules(rules) and not running.uses_running(rules)
        assert not tricks_by_player(rules)  # each player's tricks asked only under variants


@SETTINGS
@given(seeds)
def test_every_game_through_the_variants_pieces_scores_the_same(seed):
    game = game_of(seed)
    fast = outcome(game)
    with _every_piece():
        forced = outcome(game)
    assert fast == forced
