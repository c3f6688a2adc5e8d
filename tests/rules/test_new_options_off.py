"""Every option issue 22 adds, switched off, scores a game exactly as the engine did before.

Random valid games under random house rules of the options as they were (``sample.random_game``
draws only those; tests/rules/test_reference_equivalence.py holds them to the sheets the engine
gave before) are scored twice: once as they are, once with every new option written out at its
"off" value and every number that only counts while its switch is on set to any value of its
range. The sheets must be the same, explain lines included, and the game file written the same.

To add an option (helpers of issue 22, and after): put its switch and off value in ``OFF``; put
each number or word that matters only while a switch is on in ``IDLE`` with a strategy for its
whole range. ``test_every_new_option_is_listed`` fails until it is.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    OPTION_BY_NAME,
    OPTIONS,
    Game,
    GameError,
    dump_game,
    score_game,
    sheet_to_json,
)
from scorekeeper.rules.sample import CLASSIC_OPTIONS, random_game

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _range(name: str) -> st.SearchStrategy[Any]:
    """Any value of an option's range (null too, when it may be null)."""
    info = OPTION_BY_NAME[name]
    if info.type == "bool":
        values: st.SearchStrategy[Any] = st.booleans()
    elif info.type == "choice":
        values = st.sampled_from(info.choices)
    else:
        values = st.integers(info.minimum, info.maximum)
    return st.one_of(st.none(), values) if info.nullable else values


# Each new switch and its value when off (the default).
OFF: dict[str, Any] = {
    # part A: bids the rules forbid
    "barred_bids": None,
    "allowed_contracts": None,
    "nil_against": None,
    "suicide": False,
    "double_nil_deficit": None,
    "bids_total": None,
    # part A: the game's end and the running score
    "race_tricks": None,
    "race_sweep": None,
    "rubicon_value": None,
    "majority_bonus": None,
    "seven_times_value": None,  # Part Deux (helper contracts2)
    "blind_double_nil_value": None,
    # part C: contracts and scoring rules
    "no_trump": False,
    "blind_scoring": "multiplier",
    "double_nil_opponents_bonus": None,
    "lexington": None,
    "seven_or_higher_value": 0,
    "exact_small_bids": False,
    "nil_penalty_per_trick": None,
    "partner_bids": "team",
    "nil_fail_sets_partner": False,
    "blind_nil_no_bags": False,
    "renege_mucks": False,
    "score_tenths": False,
    # the rest of Wikipedia's variants (issue 22, helper variants)
    "auction_min": None,
    "overtricks_to_others": None,
    "undertricks_to_others": None,
    "no_duplicate_bids": False,
    "no_vice_versa_bids": False,
    "no_moon_against_double_nil": False,
    "both_exact_bonus": False,
    "rubicon_bags": None,
    "blind_no_trump": False,
    # issue 33: the texts' other readings
    "renege_overtricks": "after renege",
    "renege_voids": False,
    "zero_bid": "nil",
    "race_third_game": False,
}

# What counts only while a switch above is on: any value of its range must change nothing.
IDLE: dict[str, st.SearchStrategy[Any]] = {
    name: _range(name)
    for name in (
        "no_trump_win_multiplier",
        "no_trump_loss_multiplier",
        "no_trump_scope",  # issue 33: counts only with no_trump
        "blind_bonus",
        "lexington_value",
        "lexington_penalty",
        "blind_double_nil_penalty",  # counts only with blind_double_nil_value
        "seven_times_counts",  # counts only with seven_times_value
        "defender_trick_value",  # counts only with auction_min
        "blind_no_trump_win_multiplier",  # count only with blind_no_trump
        "blind_no_trump_loss_multiplier",
    )
}


def _scored(game: Game) -> object:
    """What scoring says, without the rules value itself (which differs in the idle numbers):
    the sheet's JSON, every SideResult field the pages read, the end; or the error."""
    try:
        sheet = score_game(game)
    except GameError as e:
        return ("error", e.hand, e.field, e.message)
    sides = [
        [(s, tuple(r)[:-1] if r._fields[-1] == "rules" else tuple(r)) for s, r in h.sides.items()]
        for h in sheet.hands
    ]
    return sheet_to_json(sheet), sides, sheet.sets_in_row, sheet.played, sheet.start


def test_every_new_option_is_listed():
    new = {o.name for o in OPTIONS} - set(CLASSIC_OPTIONS)
    assert new == set(OFF) | set(IDLE), "list each new option in OFF or IDLE"
    for name, value in OFF.items():
        assert OPTION_BY_NAME[name].default == value, f"{name} is off by default"


@SETTINGS
@given(seed=seeds, data=st.data())
def test_every_new_option_off_scores_exactly_as_before(seed, data):
    game = random_game(random.Random(seed), 12)
    idle = {name: data.draw(strategy, label=name) for name, strategy in IDLE.items()}
    off = dataclasses.replace(game.rules, **OFF, **idle)
    written_out = dataclasses.replace(game, rules=off)
    assert _scored(written_out) == _scored(game)


@SETTINGS
@given(seeds)
def test_a_file_of_today_is_written_back_unchanged(seed):
    game = random_game(random.Random(seed), 6)
    assert dump_game(dataclasses.replace(game, rules=dataclasses.replace(game.rules, **OFF))) == (
        dump_game(game)
    )
