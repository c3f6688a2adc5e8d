"""Bid values read once per rules are remembered (scoring reads a valid value once): a value
read after remembered ones must read exactly as a fresh one, and a value equal to a remembered
one but of another type (False and 0, True and 1, 0.0) must not borrow its reading."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import Game, GameError, Hand, Rules, score_game

PLAYERS = ("Ann", "Bob", "Cy", "Di")
TRICKS = {"Ann": 0, "Bob": 0, "Cy": 7, "Di": 6}


def _outcome(rules: Rules, *bids: dict[str, object]) -> object:
    """The last hand's sides (the contract's fields), or the error's field and message."""
    hands = tuple(Hand(bids=b, tricks=dict(TRICKS)) for b in bids)  # type: ignore[arg-type]
    try:
        sheet = score_game(Game(players=PLAYERS, rules=rules, hands=hands))
    except GameError as e:
        return (e.field, e.message)
    return [tuple(s[:9]) for s in sheet.hands[-1].sides.values()]


@pytest.mark.parametrize("odd", [False, True, 0.0, "0", " nil", "nil", 0, "blind nil"])
@pytest.mark.parametrize("tweak", [{}, {"nil": False}, {"blind_nil": False}])
def test_a_bid_read_after_remembered_ones_reads_as_a_fresh_one(odd: object, tweak: dict) -> None:
    # rules of their own (an unusual target), so nothing is remembered for them yet
    rules = dataclasses.replace(Rules(bidding="individual", target_score=9_871), **tweak)
    fresh = _outcome(rules, {"Ann": odd, "Bob": 4, "Cy": 4, "Di": 4})
    seen = {"Ann": 0, "Bob": "nil", "Cy": 4, "Di": "blind nil"}
    _outcome(rules, seen)  # remembers what it can of 0, "nil" and "blind nil"
    assert _outcome(rules, {"Ann": odd, "Bob": 4, "Cy": 4, "Di": 4}) == fresh
