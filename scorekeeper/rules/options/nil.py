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
]
