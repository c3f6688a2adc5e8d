"""Options that cannot hold together: each refused by the option that cannot apply, with the
reason (docs/contract.md, section 6), when a ``Rules`` is made: the rules editor, a game file and
the ``score`` command say it by that option."""

from __future__ import annotations

from typing import Protocol

from ..errors import GameError


class Agreeing(Protocol):
    """What of the rules the agreement reads (``Rules`` has it: house.py, which imports this
    module, so it is named here by the options it must have, not imported)."""

    @property
    def auction_min(self) -> int | None: ...
    @property
    def bidding(self) -> str: ...
    @property
    def blind_bids(self) -> bool: ...
    @property
    def blind_exact(self) -> bool: ...
    @property
    def blind_loss_multiplier(self) -> int: ...
    @property
    def blind_nil(self) -> bool: ...
    @property
    def blind_nil_no_bags(self) -> bool: ...
    @property
    def blind_no_trump(self) -> bool: ...
    @property
    def blind_scoring(self) -> str: ...
    @property
    def blind_win_multiplier(self) -> int: ...
    @property
    def both_exact_bonus(self) -> bool: ...
    @property
    def min_side_bid(self) -> int: ...
    @property
    def moon(self) -> bool: ...
    @property
    def nil(self) -> bool: ...
    @property
    def nil_fail_sets_partner(self) -> bool: ...
    @property
    def no_moon_against_double_nil(self) -> bool: ...
    @property
    def no_trump(self) -> bool: ...
    @property
    def partner_bids(self) -> str: ...
    @property
    def race_sweep(self) -> int | None: ...
    @property
    def race_third_game(self) -> bool: ...
    @property
    def renege_mucks(self) -> bool: ...
    @property
    def renege_voids(self) -> bool: ...
    @property
    def rubicon_bags(self) -> str | None: ...
    @property
    def rubicon_value(self) -> int | None: ...


def _contradiction(name: str, why: str) -> GameError:
    return GameError(f"option {name}: {why}", field=f"rules.{name}")


def check_agreement(rules: Agreeing) -> None:
    """Raise GameError (field ``rules.<option>``) when options contradict each other."""
    r = rules
    if r.partner_bids != "team" and r.bidding == "partnership":
        raise _contradiction(
            "partner_bids", "each partner's own bid needs individual bidding (every player bids)"
        )
    # a switch that cannot apply is refused; a number that counts only under another rule (the
    # nil's values with nil off) waits, as the options always have
    if r.renege_voids and r.renege_mucks:
        raise _contradiction(
            "renege_voids", "a renege that mucks the hand already decides the contract"
        )
    if r.race_third_game and r.race_sweep is None:
        raise _contradiction(
            "race_third_game",
            "the forced game is won by a sweep: set the tricks that win the match (race_sweep)",
        )
    if r.nil_fail_sets_partner and not (r.nil or r.blind_nil):
        raise _contradiction("nil_fail_sets_partner", "needs nil bids (nil or blind nil)")
    if r.blind_nil_no_bags and not r.blind_nil:
        raise _contradiction("blind_nil_no_bags", "needs blind nil bids")
    if r.blind_scoring == "bonus":
        if not r.blind_bids:
            raise _contradiction("blind_scoring", "the blind bonus needs blind bids")
        if r.blind_exact:
            raise _contradiction(
                "blind_scoring",
                "the blind bonus already pays a blind bid made exactly: "
                "blind bids cannot also have to be exact",
            )
    if r.auction_min is not None:
        if r.nil or r.blind_nil:
            raise _contradiction(
                "auction_min", "a side passes with a bid of 0, which nil reads as nil: "
                "switch nil and blind nil off",
            )  # fmt: skip
        if r.min_side_bid:
            raise _contradiction(
                "auction_min", f"a side passes with a bid of 0, below the smallest bid for a "
                f"side ({r.min_side_bid}): the auction's own smallest contract is this option",
            )  # fmt: skip
    if r.no_moon_against_double_nil and not r.moon:
        raise _contradiction("no_moon_against_double_nil", "needs moon bids")
    if r.both_exact_bonus and r.bidding == "partnership":
        raise _contradiction(
            "both_exact_bonus",
            "each partner's own bid needs individual bidding (every player bids)",
        )
    if r.rubicon_bags is not None and r.rubicon_value is not None:
        raise _contradiction(
            "rubicon_bags", "the Rubicon cancels bags instead of scoring points: leave "
            "rubicon_value empty",
        )  # fmt: skip
    if r.blind_no_trump:
        if not (r.no_trump and r.blind_bids):
            raise _contradiction("blind_no_trump", "needs No Trump bids and blind bids")
        if r.blind_scoring == "multiplier" and not (
            r.blind_win_multiplier and r.blind_loss_multiplier
        ):
            raise _contradiction(
                "blind_no_trump", "a Blind No Trump bid's points are its blind points with its "
                "own multiplier in place of the blind one, which must then be 1 or more",
            )  # fmt: skip
