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
    # issue 22, part C (the house rules of contracts: rules/house.py)
    OptionInfo(
        "seven_or_higher_value",
        "int",
        0,
        "Scoring",
        "Seven or higher: per trick over six",
        "A made plain bid of seven or more scores this for each trick bid above six (0: off).",
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "exact_small_bids",
        "bool",
        False,
        "Scoring",
        "Small bids made exactly",
        "A plain bid of 1 made exactly scores six times its value, a bid of 2 twice.",
    ),
    OptionInfo(
        "partner_bids",
        "choice",
        "team",
        "Scoring",
        "Partners' own bids",
        "Team: the partners' tricks add up. Each: every partner must take their own bid. Each "
        "exactly: every partner exactly their own. Highlander: each their own, and the "
        "overtricks of a partner who made theirs score even when the side is set.",
        choices=("team", "each", "each exactly", "highlander"),
    ),
    OptionInfo(
        "score_tenths",
        "bool",
        False,
        "Scoring",
        "Scores in tenths",
        "Every points value of the options counts tenths of a point (a trick worth 10 is 1.0), "
        "and scores show one decimal: Call Break's 3.2. A hand's adjust and a start score are "
        "typed as points, one decimal place at most: 0.5.",
    ),
    # issue 22, the rest of Wikipedia's variants: points a side's hand gives the others
    # (rules/running.py, ``_to_others``)
    OptionInfo(
        "defender_trick_value",
        "int",
        0,
        "Scoring",
        "Auction: a passing side scores per trick",
        "Under an auction (Auction: the contract at least), a side that passed scores this for "
        "each trick it takes (Wikipedia: 1).",
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "overtricks_to_others",
        "int",
        None,
        "Scoring",
        "Each overtrick scores the others",
        "Every other side scores this for each overtrick of a made contract (Auction Spades: "
        "10). Empty: nothing.",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "undertricks_to_others",
        "int",
        None,
        "Scoring",
        "Each undertrick scores the others",
        "Every other side scores this for each trick a set contract fell short (Broken "
        "Contract Gives Points to Opposing Team: 10, with a set losing nothing). Empty: nothing.",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "both_exact_bonus",
        "bool",
        False,
        "Scoring",
        "Both partners exact: half the bid",
        "When every partner of a team takes exactly their own bid, the team scores half the "
        "bid's value more, rounded down to a trick's value (Wikipedia's Individual Team "
        "Players: bid 3 and 4, took 3 and 4: 70 + 30).",
    ),
]
