"""The options of the group "Bids": bids the rules forbid, refused at the bids step (the pads
offer only what these allow; rules/bids.py states each rule once, for the pads and the check)."""

from __future__ import annotations

from .info import MAX_SCORE, MAX_TRICKS_PER_HAND, OptionInfo

BIDS: list[OptionInfo] = [
    OptionInfo(
        "barred_bids",
        "numbers",
        None,
        "Bids",
        "Bids no one may make",
        "Numbers no bid may be: a player's bid, or a team's in partnership bidding "
        '(1: pagat\'s round-the-table "no one can bid 1"; 9: "No 9\'s"). Empty: none.',
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "allowed_contracts",
        "numbers",
        None,
        "Bids",
        "The only contracts a side may make",
        "A side's whole bid must be one of these (Jailhouse: 4-8, 10, 13); a side of nil "
        "bidders only has none. Empty: any from the smallest to the largest bid.",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "nil_against",
        "numbers",
        None,
        "Bids",
        "Nil only against a bid of",
        "A player may bid nil only when another side bids one of these (Jailhouse: 10, 13). "
        "Empty: any time.",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "suicide",
        "bool",
        False,
        "Bids",
        "Suicide",
        "In each team exactly one player bids nil (or blind nil) and the other bids a number; "
        "with a smallest bid of 4 for a side, at least four.",
    ),
    OptionInfo(
        "double_nil_deficit",
        "int",
        None,
        "Bids",
        "Double nil only when behind by more than",
        "Every player of a team may bid nil only when the team is more than this many points "
        "behind the leader (pagat: 400 in a game to 1000). Empty: any time.",
        nullable=True,
        minimum=0,
        maximum=MAX_SCORE,
    ),
    OptionInfo(
        "bids_total",
        "choice",
        None,
        "Bids",
        "All the bids together",
        "Not tricks: they may not add up to exactly the tricks in a hand, so not every side "
        "can make its bid (pagat; Oh Hell's rule). Tricks: they must add up to them (Mirrors: "
        "every spade is bid). At most tricks: no more than them (Whiz). Nil counts 0. "
        "Empty: any total.",
        nullable=True,
        choices=("not tricks", "tricks", "at most tricks"),
    ),
    # issue 22, the rest of Wikipedia's bidding variations (rules/bids.py, ``_equal_bids``)
    OptionInfo(
        "auction_min",
        "int",
        None,
        "Bids",
        "Auction: the contract at least",
        "Auction Spades: one side bids, at least this many tricks (Wikipedia: 6), and every "
        "other side passes, written as a bid of 0; a side that passes has no contract "
        "(nil off). Empty: no auction.",
        nullable=True,
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "no_duplicate_bids",
        "bool",
        False,
        "Bids",
        "No duplicate bidding",
        "Two sides may not bid the same number of tricks (Wikipedia).",
    ),
    OptionInfo(
        "no_vice_versa_bids",
        "bool",
        False,
        "Bids",
        "No vice versa bidding",
        "A side may not bid what another side bid in the last hand with bids (Wikipedia: A "
        "bid 4 and B 5; next hand B may not bid 4, nor A 5).",
    ),
    OptionInfo(
        "no_moon_against_double_nil",
        "bool",
        False,
        "Bids",
        "No moon against a double nil",
        "A side may not bid the moon when another side bids double nil, nor double nil "
        "against the moon (Wikipedia).",
    ),
]
