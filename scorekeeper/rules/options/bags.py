"""The options of the group "Bags": overtricks: their points, the bag limit and penalty, a limit
on overtricks, double back."""

from __future__ import annotations

from .info import MAX_BAG_LIMIT, MAX_POINTS, MAX_TRICKS_PER_HAND, OptionInfo

BAGS: list[OptionInfo] = [
    OptionInfo(
        "overtrick_value",
        "int",
        1,
        "Bags",
        "Points per bag",
        'Points for each trick over the bid: 0 for "no overs", negative to punish '
        'them (\u22129 is "\u221210 for each bag" on top of the bag\'s point).',
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "bag_limit",
        "int",
        10,
        "Bags",
        "Bags that cost",
        "Collecting this many bags costs the bag penalty; the rest carry over (empty: never).",
        nullable=True,
        minimum=1,
        maximum=MAX_BAG_LIMIT,
    ),
    OptionInfo(
        "bag_penalty",
        "int",
        100,
        "Bags",
        "Bag penalty",
        "Points lost each time the bags reach the limit.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "max_overtricks",
        "int",
        None,
        "Bags",
        "Most bags allowed",
        "Taking more than this many tricks over a plain bid is a set (empty: any).",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "double_back",
        "int",
        0,
        "Bags",
        "Double over, double back",
        "0: off. 1 or 2: taking twice the bid or more loses that many times the "
        "bid's value, as a set.",
        minimum=0,
        maximum=2,
    ),
]

# A game without bags (``Rules.has_bags``: Call Break, a race): the options only bags read, which
# its rules page lists as not used, and how it names the others, as the game has them (a trick
# over the bid, worth its points and counted toward nothing).
ONLY_BAGS = frozenset({"bag_limit", "bag_penalty", "rubicon_bags", "blind_nil_no_bags"})
WITHOUT_BAGS: dict[str, tuple[str, str]] = {
    "overtrick_value": (
        "Points per trick over the bid",
        'Points for each trick over the bid: 0 for "no overs", negative to punish them.',
    ),
    "max_overtricks": (
        "Most tricks over the bid",
        "Taking more than this many tricks over a plain bid is a set (empty: any).",
    ),
}
NO_BAGS = (
    "these rules have no bags: a trick over the bid scores its points and counts toward nothing"
)
