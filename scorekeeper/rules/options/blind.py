"""The options of the group "Blind": blind bids: whether, how small, when, and what they score."""

from __future__ import annotations

from .info import MAX_MULTIPLIER, MAX_POINTS, MAX_SCORE, MAX_TRICKS_PER_HAND, OptionInfo

BLIND: list[OptionInfo] = [
    OptionInfo(
        "blind_bids",
        "bool",
        False,
        "Blind",
        "Blind bids",
        "A side may bid a number of tricks before looking at its cards.",
    ),
    OptionInfo(
        "blind_min",
        "int",
        6,
        "Blind",
        "Smallest blind bid",
        "The smallest number a blind bid may be.",
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "blind_deficit",
        "int",
        100,
        "Blind",
        "Blind only when behind by",
        "Blind bids (and blind nil) only when this many points behind the leader "
        "(empty: any time).",
        nullable=True,
        minimum=0,
        maximum=MAX_SCORE,
    ),
    OptionInfo(
        "blind_win_multiplier",
        "int",
        2,
        "Blind",
        "A made blind bid scores ×",
        "A made blind bid scores its value times this.",
        minimum=0,
        maximum=MAX_MULTIPLIER,
    ),
    OptionInfo(
        "blind_loss_multiplier",
        "int",
        2,
        "Blind",
        "A set blind bid loses ×",
        "A set blind bid loses its value times this.",
        minimum=0,
        maximum=MAX_MULTIPLIER,
    ),
    OptionInfo(
        "blind_exact",
        "bool",
        False,
        "Blind",
        "Blind bids must be exact",
        "A blind bid is made only by taking exactly the tricks bid.",
    ),
    OptionInfo(
        "blind_overtricks",
        "choice",
        "bags",
        "Blind",
        "Overtricks on a blind bid",
        "Bags: as usual. None: worth nothing and no bags. Penalty: each costs the "
        "blind multiplier times the trick value.",
        choices=("bags", "none", "penalty"),
    ),
    # issue 22, part C (the house rules of contracts: rules/house.py)
    OptionInfo(
        "blind_scoring",
        "choice",
        "multiplier",
        "Blind",
        "Blind bids score",
        "Multiplier: the contract times the multipliers above. Bonus (the Wikipedia table): "
        "the contract as a plain bid, plus the blind bonus when made exactly, minus it when "
        "short, nothing more when over.",
        choices=("multiplier", "bonus"),
    ),
    OptionInfo(
        "blind_bonus",
        "int",
        100,
        "Blind",
        "Blind bonus",
        "Under the bonus scoring: won by a blind bid made exactly, lost by one that falls short.",
        minimum=0,
        maximum=MAX_POINTS,
    ),
]
