"""The options of the group "Big bids": big bids: 10 for 200, the moon, and taking every trick."""

from __future__ import annotations

from .info import MAX_POINTS, OptionInfo

BIG_BIDS: list[OptionInfo] = [
    OptionInfo(
        "ten_for_200",
        "bool",
        False,
        "Big bids",
        "10 for 200",
        "A bid of exactly 10 is worth a fixed score instead of 100.",
    ),
    OptionInfo(
        "ten_for_200_value",
        "int",
        200,
        "Big bids",
        "10 for 200 wins",
        "Points for a made bid of 10.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "ten_for_200_penalty",
        "int",
        None,
        "Big bids",
        "10 for 200 loses",
        "Points lost when a bid of 10 is set (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "ten_for_200_exact",
        "bool",
        False,
        "Big bids",
        "10 for 200 must be exact",
        "A bid of 10 is made only with exactly 10 tricks.",
    ),
    OptionInfo(
        "moon",
        "bool",
        False,
        "Big bids",
        "Moon (Boston) bids",
        "A bid of all the tricks is a moon bid with its own value.",
    ),
    OptionInfo(
        "moon_value",
        "int|win",
        200,
        "Big bids",
        "Moon wins",
        'Points for a made moon bid, or "win": it wins the game.',
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "moon_penalty",
        "int",
        200,
        "Big bids",
        "Moon loses",
        "Points lost when a moon bid is set.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "boston_wins",
        "choice",
        None,
        "Big bids",
        "Taking every trick wins",
        "Any: a side that takes every trick wins the game. Ten: only with a bid of 10 "
        "or more. Empty: it does not.",
        nullable=True,
        choices=("any", "ten"),
    ),
]
