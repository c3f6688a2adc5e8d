"""The options of the group "Nil": nil, blind nil and double nil: whether they may be bid and
what they score."""

from __future__ import annotations

from .info import MAX_POINTS, OptionInfo

NIL: list[OptionInfo] = [
    OptionInfo(
        "nil",
        "bool",
        True,
        "Nil",
        "Nil bids",
        "A player may bid to take no trick. Off: a bid of 0 is a plain bid.",
    ),
    OptionInfo(
        "zero_bid",
        "choice",
        "nil",
        "Nil",
        "A bid of 0",
        "Nil: a 0 is a nil bid. Number: a 0 is a plain bid toward the side's contract, and a "
        'nil is bid as "nil" (pagat: whether a bid of zero must be read as nil).',
        choices=("nil", "number"),
    ),
    OptionInfo(
        "nil_value",
        "int",
        100,
        "Nil",
        "Nil wins",
        "Points for a nil that is made.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "nil_penalty",
        "int",
        None,
        "Nil",
        "Nil loses",
        "Points lost for a nil that takes a trick (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "nil_tricks",
        "choice",
        "bags",
        "Nil",
        "A nil bidder's tricks",
        "Bags: they count as bags, not for the partner's bid. Contract: they count "
        "toward the partner's bid. Ignore: they count for nothing.",
        choices=("bags", "contract", "ignore"),
    ),
    OptionInfo(
        "blind_nil",
        "bool",
        True,
        "Nil",
        "Blind nil",
        "A player may bid nil before looking at the cards.",
    ),
    OptionInfo(
        "blind_nil_value",
        "int",
        200,
        "Nil",
        "Blind nil wins",
        "Points for a blind nil that is made.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "blind_nil_penalty",
        "int",
        None,
        "Nil",
        "Blind nil loses",
        "Points lost for a blind nil that takes a trick (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "double_nil_value",
        "int|win",
        None,
        "Nil",
        "Double nil wins",
        "When every player of a team bids nil, the team wins this instead of two "
        'nils, or "win": it wins the game (empty: two separate nils).',
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "double_nil_penalty",
        "int|lose",
        None,
        "Nil",
        "Double nil loses",
        'Points a double nil loses when anyone takes a trick, or "lose": the team loses '
        "the game (empty: same as it wins; nothing when it wins the game).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "blind_double_nil_value",
        "int|win",
        None,
        "Nil",
        "Blind double nil wins",
        'When every player of a team bids blind nil, the team wins this, or "win": it '
        "wins the game (Wikipedia: 800 or the game; empty: as a double nil).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "blind_double_nil_penalty",
        "int|lose",
        None,
        "Nil",
        "Blind double nil loses",
        "Points a blind double nil loses when anyone takes a trick (Wikipedia: 0 or 400), "
        'or "lose": the team loses the game (empty: same as it wins; nothing when it wins '
        "the game).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    # issue 22, part C (the house rules of contracts: rules/house.py)
    OptionInfo(
        "nil_penalty_per_trick",
        "int",
        None,
        "Nil",
        "A lost nil costs per trick",
        "A nil that takes tricks loses this for each trick instead of the nil's value; those "
        "tricks are paid for and are not bags (empty: the nil's value, as above).",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "nil_fail_sets_partner",
        "bool",
        False,
        "Nil",
        "A lost nil sets the partner",
        "When a nil bidder takes a trick, the partner's bid is set too.",
    ),
    OptionInfo(
        "blind_nil_no_bags",
        "bool",
        False,
        "Nil",
        "No bags on a blind nil hand",
        "A side with a blind nil adds no bags that hand (its overtricks still score their points).",
    ),
    OptionInfo(
        "double_nil_opponents_bonus",
        "int",
        None,
        "Nil",
        "Both nil bidders take a trick: opponents get",
        "When every player of a team bids nil and each of them takes a trick, every other "
        "side gets this (pagat: 100; empty: nothing).",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
]
