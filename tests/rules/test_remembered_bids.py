"""Bid values a game has read are remembered for the rest of it (scoring reads a valid value
once): a value read after remembered ones must read exactly as a fresh one, and a value equal
to a remembered one but of another type (False and 0, True and 1, 0.0) must not borrow its
reading."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import Game, GameError, Hand, Rules, score_game

PLAYERS = ("Ann", "Bob", "Cy", "Di")
TRICKS = {"Ann": 0, "Bob": 0, "Cy": 7, "Di": 6}


def _second_hand(rules: Rules, first: dict[str, object], odd: object) -> object:
    """What the second hand's bids were read as (each side's contract, kind, blind, made and
    nils: nothing the first hand's score moves), or the error's hand, field and message."""
    second = {"Ann": odd, "Bob": 4, "Cy": 4, "Di": 4}
    hands = tuple(Hand(bids=b, tricks=dict(TRICKS)) for b in (first, second))  # type: ignore[arg-type]
    try:
        sheet = score_game(Game(players=PLAYERS, rules=rules, hands=hands))
    except GameError as e:
        return (e.hand, e.field, e.message)
    return [(s.contract, s.kind, s.blind, s.made, s.nils) for s in sheet.hands[-1].sides.values()]


@pytest.mark.parametrize("odd", [False, True, 0.0, "0", " nil", "nil", 0, "blind nil"])
@pytest.mark.parametrize("tweak", [{}, {"nil": False}, {"blind_nil": False}])
def test_a_bid_read_after_remembered_ones_reads_as_a_fresh_one(odd: object, tweak: dict) -> None:
    rules = dataclasses.replace(Rules(bidding="individual", blind_deficit=None), **tweak)
    plain = {"Ann": 4, "Bob": 4, "Cy": 4, "Di": 1}  # nothing for the game to remember
    seen = {  # values the game reads and keeps, as far as the rules allow them
        "Ann": 0,
        "Bob": "nil" if rules.nil else 4,
        "Cy": 4,
        "Di": "blind nil" if rules.blind_nil else 1,
    }
    assert _second_hand(rules, seen, odd) == _second_hand(rules, plain, odd)
