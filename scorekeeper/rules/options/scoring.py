"""The options of the group "Scoring": a contract's points: per trick bid, what a set loses, the
smallest and largest bids."""

from __future__ import annotations

from .info import MAX_POINTS, MAX_TRICKS_PER_HAND, OptionInfo

SCORING: list[OptionInfo] = [
    OptionInfo(
        "trick_value",
        "int",
        10,
        "Scoring",
        "Points per trick bid",
        "Points for each trick of a contract that is made.",
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "set_penalty",
        "choice",
        "bid",
        "Scoring",
        "A set loses",
        "Bid: the value of the bid. Shortfall: only the tricks it fell short. None: nothing.",
        choices=("bid", "shortfall", "none"),
    ),
    OptionInfo(
        "min_side_bid",
        "int",
        0,
        "Scoring",
        "Smallest bid for a side",
        'A side must bid at least this many tricks ("board"), unless all its players bid nil.',
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "max_bid",
        "int",
        None,
        "Scoring",
        "Largest bid",
        "The largest bid a side may make, blind and moon bids aside (empty: any).",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
]
