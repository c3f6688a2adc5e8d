"""One game's house rules: the frozen ``Rules`` value, every field an option of the table
(``OPTIONS``), checked when it is made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, NamedTuple

from ..errors import GameError
from ..specials import Bonus, Special
from .agreement import check_agreement
from .info import TRICKS_BY_PLAYERS, check_option, numbers_text
from .table import OPTIONS


@dataclass(frozen=True, slots=True)
class Rules:
    """All the house rules of one game. Build one with ``rules_from_spec``; values are checked."""

    target_score: int = 500
    losing_score: int | None = None
    max_hands: int | None = None
    tricks_per_hand: int | None = None
    bidding: str = "individual"
    trick_value: int = 10
    overtrick_value: int = 1
    bag_limit: int | None = 10
    bag_penalty: int = 100
    set_penalty: str = "bid"
    max_overtricks: int | None = None
    double_back: int = 0
    min_side_bid: int = 0
    max_bid: int | None = None
    nil: bool = True
    nil_value: int = 100
    nil_penalty: int | None = None
    nil_tricks: str = "bags"
    blind_nil: bool = True
    blind_nil_value: int = 200
    blind_nil_penalty: int | None = None
    double_nil_value: int | str | None = None  # or "win"
    double_nil_penalty: int | str | None = None  # or "lose"
    blind_double_nil_value: int | str | None = None
    blind_double_nil_penalty: int | str | None = None
    blind_bids: bool = False
    blind_min: int = 6
    blind_win_multiplier: int = 2
    blind_loss_multiplier: int = 2
    blind_exact: bool = False
    blind_overtricks: str = "bags"
    blind_deficit: int | None = 100
    ten_for_200: bool = False
    ten_for_200_value: int = 200
    ten_for_200_penalty: int | None = None
    ten_for_200_exact: bool = False
    moon: bool = False
    moon_value: int | str = 200
    moon_penalty: int = 200
    boston_wins: str | None = None
    set_out: int | None = None
    first_hand_no_bids: bool = False
    misdeal_deal_passes: bool = True
    # the race and the running score (rules/running.py; the end: rules/ending.py)
    race_tricks: int | None = None
    race_sweep: int | None = None
    rubicon_value: int | None = None
    majority_bonus: int | None = None
    seven_times_value: int | None = None  # Part Deux: the nth hand of seven or more, n x this
    seven_times_counts: str = "made"
    # bids the rules forbid (options/bids.py; the rules themselves are rules/bids.py)
    barred_bids: tuple[int, ...] | None = None
    allowed_contracts: tuple[int, ...] | None = None
    nil_against: tuple[int, ...] | None = None
    suicide: bool = False
    double_nil_deficit: int | None = None
    bids_total: str | None = None
    # declared specials and counted bonuses (rules/specials.py): lists, read and checked there
    specials: tuple[Special, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    # issue 22, part C: the house rules of contracts (rules/house.py)
    no_trump: bool = False
    no_trump_win_multiplier: int = 2
    no_trump_loss_multiplier: int = 2
    no_trump_scope: str = "bidder"
    lexington: str | None = None
    lexington_value: int = 240
    lexington_penalty: int | None = None
    blind_scoring: str = "multiplier"
    blind_bonus: int = 100
    nil_penalty_per_trick: int | None = None
    nil_fail_sets_partner: bool = False
    blind_nil_no_bags: bool = False
    double_nil_opponents_bonus: int | None = None
    seven_or_higher_value: int = 0
    exact_small_bids: bool = False
    partner_bids: str = "team"
    score_tenths: bool = False
    renege_mucks: bool = False
    # issue 22, the rest of Wikipedia's variants (rules/bids.py ``_equal_bids``, house.py,
    # running.py)
    auction_min: int | None = None
    no_duplicate_bids: bool = False
    no_vice_versa_bids: bool = False
    no_moon_against_double_nil: bool = False
    defender_trick_value: int = 0
    overtricks_to_others: int | None = None
    undertricks_to_others: int | None = None
    both_exact_bonus: bool = False
    rubicon_bags: str | None = None
    blind_no_trump: bool = False
    blind_no_trump_win_multiplier: int = 3
    blind_no_trump_loss_multiplier: int = 3
    # issue 33: the texts' other readings (docs/contract.md, beside each option)
    renege_overtricks: str = "after renege"
    renege_voids: bool = False
    zero_bid: str = "nil"
    race_third_game: bool = False

    def __post_init__(self) -> None:
        for info in OPTIONS:
            value = getattr(self, info.name)
            check_option(info, value)
            if info.type == "numbers" and value is not None:  # a set: one spelling, sorted
                object.__setattr__(self, info.name, tuple(sorted(value)))
        check_together(self)
        check_agreement(self)  # part C's options that contradict each other (agreement.py)

    @property
    def zero_is_nil(self) -> bool:
        """Whether a bid of 0 is a nil: nil is on and ``zero_bid`` reads it so (pagat: "whether
        a bid of 'zero' must necessarily be construed as bid of nil"; "number": a plain 0
        toward the side's contract, and nil is said "nil")."""
        return self.nil and self.zero_bid == "nil"

    @property
    def has_bags(self) -> bool:
        """Whether the game has bags, the one statement every view reads (the sheet's Bags
        column, the totals, the hints, the why-lines, the PDF, the text sheet): not in a race
        (no bids, nothing over one), nor when scores are in tenths with no bag limit (Call
        Break: a trick over the call is worth 0.1 and nothing counts it). Elsewhere the tricks
        over a bid are bags, counted even with no limit (the column is then a record)."""
        return self.race_tricks is None and (self.bag_limit is not None or not self.score_tenths)

    def tricks_for(self, players: int) -> int:
        """Tricks in a hand for this many players."""
        if self.tricks_per_hand is not None:
            return self.tricks_per_hand
        return TRICKS_BY_PLAYERS.get(players, 13)


DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Rules)}


class OptionGroup(NamedTuple):
    """A group of options a mechanism reads, and how the scoring pieces ask, once a game,
    whether the rules leave all of them at their defaults: ``read(rules) == defaults``, one
    C-level read of their values (``operator.attrgetter``). A mechanism's pieces are made only
    when the test fails (rules/house.py, running.py, bids.py, ending.py, contracts.py)."""

    names: tuple[str, ...]
    read: Callable[[Rules], object]
    defaults: object


def at_defaults(*names: str) -> OptionGroup:
    """The group of these options (two or more: one would not read as a tuple)."""
    if len(names) < 2:
        raise ValueError("at_defaults reads two options or more")
    read = attrgetter(*names)
    return OptionGroup(names, read, read(Rules()))


def check_together(r: Rules) -> None:
    """Refuse options that contradict each other, naming the option that cannot be played
    (field ``rules.<name>``) and why: Suicide with nil off, Jailhouse with a board of 5."""
    needs_nil = (
        ("suicide", r.suicide, "Suicide needs nil bids: one player of each team bids nil"),
        ("nil_against", r.nil_against is not None, "nil only against some bids needs nil bids"),
        ("double_nil_deficit", r.double_nil_deficit is not None, "double nil needs nil bids"),
    )
    for name, on, why in needs_nil:
        if on and not r.nil:
            raise GameError(f"option {name}: {why}, and nil is off", field=f"rules.{name}")
    if r.blind_double_nil_value is not None and not r.blind_nil:
        raise GameError(
            "option blind_double_nil_value: a blind double nil needs blind nil bids, and blind "
            "nil is off",
            field="rules.blind_double_nil_value",
        )
    if r.race_sweep is not None and r.race_tricks is None:
        raise GameError(
            "option race_sweep: the tricks that win the match are for a race: set the tricks "
            "that win a hand (race_tricks)",
            field="rules.race_sweep",
        )
    allowed = r.allowed_contracts
    if allowed is not None:
        if allowed[0] < r.min_side_bid:
            raise GameError(
                f"option min_side_bid: the smallest bid for a side ({r.min_side_bid}) leaves out "
                f"the contract "
                f"{allowed[0]} the side may make ({numbers_text(allowed)})",
                field="rules.min_side_bid",
            )
        top = r.max_bid
        if top is not None and allowed[-1] > top and not r.moon:
            raise GameError(
                f"option max_bid: the largest bid ({top}) leaves out the contract {allowed[-1]} "
                f"a side may "
                f"make ({numbers_text(allowed)})",
                field="rules.max_bid",
            )
        barred = set(r.barred_bids or ()) if r.bidding == "partnership" else set()
        if barred.issuperset(allowed):
            raise GameError(
                "option barred_bids: every contract a side may make is a barred bid",
                field="rules.barred_bids",
            )
