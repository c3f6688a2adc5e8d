"""The options of the group "Play": how a hand is played: tricks in a hand, the bidding, the
first hand, misdeals."""

from __future__ import annotations

from .info import MAX_TRICKS_PER_HAND, OptionInfo

PLAY: list[OptionInfo] = [
    OptionInfo(
        "tricks_per_hand",
        "int",
        None,
        "Play",
        "Tricks in a hand",
        "Empty: by players, 2 and 4 play 13, 3 and 6 play 17, 5 play 10.",
        nullable=True,
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "bidding",
        "choice",
        "individual",
        "Play",
        "Bidding",
        "Individual: every player bids and partners' bids add up. "
        "Partnership: each team agrees one bid.",
        choices=("individual", "partnership"),
    ),
    OptionInfo(
        "first_hand_no_bids",
        "bool",
        False,
        "Play",
        "First hand without bids",
        "The first hand is played without bids; each side scores its tricks.",
    ),
    OptionInfo(
        "misdeal_deal_passes",
        "bool",
        True,
        "Play",
        "Deal passes after a misdeal",
        "After a misdeal the next player deals; off: the same dealer deals again.",
    ),
    # issue 22, part C (the house rules of contracts: rules/house.py)
    OptionInfo(
        "renege_mucks",
        "bool",
        False,
        "Play",
        "A renege mucks the hand",
        "A side that reneges goes down its bid and the others score nothing that hand "
        "(the renege's tricks are not counted).",
    ),
    # issue 33 (Wikipedia's renege: docs/contract.md, section 6)
    OptionInfo(
        "renege_voids",
        "bool",
        False,
        "Play",
        "A renege voids the contract",
        'A side that reneges scores nothing for its contract, made or not (Wikipedia: "the '
        'contract becomes null"); its nils and the others score as played.',
    ),
    OptionInfo(
        "renege_overtricks",
        "choice",
        "after renege",
        "Play",
        "A reneging side's overtricks",
        "After renege: counted from its tricks less the renege tricks it gave up. Taken: from "
        "the tricks it actually took (Wikipedia: bid 4, reneged, took 8: 4 overtricks).",
        choices=("after renege", "taken"),
    ),
]
