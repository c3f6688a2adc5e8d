"""What scoring gives: a hand's results per side (its nils and its contract), the hands and the
whole sheet. Light tuples, built by the sides scorer (contracts.py) and the fold (scoring.py);
the explain lines a person reads are built from them on demand (explain.py)."""

from __future__ import annotations

from typing import NamedTuple

from .explain import explain_lines
from .game import NO_BIDS
from .options import Rules
from .specials import ExtraResult

# a nil's kind as a sheet's bid column shows it
_NIL_LABELS = {"nil": "nil", "blind nil": "bnil", "double nil": "dnil", "blind double nil": "bdnil"}


class NilResult(NamedTuple):
    """One nil bidder's outcome (or a team's double nil, with player = the team)."""

    player: str
    kind: str  # "nil", "blind nil" or "double nil"
    made: bool
    tricks: int
    points: int


class SideResult(NamedTuple):
    """What one hand did to one side. The first nine fields are the contract's JSON."""

    contract: int | None
    tricks: int
    points: int
    bags: int
    bag_penalty: int
    set: bool
    total: int
    bags_total: int
    # what the explain lines and the sheet are built from
    kind: str | None  # "normal", "ten", "moon", "no bids", or None: no contract
    blind: bool
    made: bool | None  # None without a contract
    toward: int  # tricks counted toward the contract (after renege)
    overtricks: int
    contract_points: int
    overtrick_points: int
    double_back: bool
    over_set: bool  # set by taking too many overtricks
    nils: tuple[NilResult, ...]
    nil_bags: int
    adjust: int
    renege_given: int
    renege_received: int
    renege_other: str | None
    bag_penalties: int  # how many times the bag limit struck
    sets_in_row: int
    took_all: bool
    note: str | None
    extras: tuple[ExtraResult, ...]  # its declared specials and counted bonuses
    rules: Rules

    @property
    def nil_results(self) -> list[tuple[str, str, bool]]:
        """(player, kind, made) for each nil bid."""
        return [(n.player, n.kind, n.made) for n in self.nils]

    @property
    def bid_label(self) -> str:
        """The bid as a sheet shows it: "5", "B6", "nil", "4+nil", "-" without bids."""
        if self.kind == NO_BIDS:
            return "-"
        parts = []
        if self.contract is not None:
            parts.append(f"B{self.contract}" if self.blind else str(self.contract))
        for n in self.nils:
            parts.append(
                {
                    "nil": "nil",
                    "blind nil": "bnil",
                    "double nil": "dnil",
                    "blind double nil": "bdnil",
                }[n.kind]
            )
        return "+".join(parts) or "-"

    @property
    def explain(self) -> list[str]:
        """The lines a person reads to see why the points are what they are."""
        return explain_lines(self)


class HandResult(NamedTuple):
    """One hand on the sheet: per side results, or a void hand (misdeal) with no sides."""

    number: int
    dealer: str
    void: bool
    note: str | None
    sides: dict[str, SideResult]
    no_bids: bool = False


class Sheet(NamedTuple):
    """The whole score sheet of a game."""

    sides: list[str]
    hands: list[HandResult]
    totals: dict[str, int]
    bags: dict[str, int]
    finished: bool
    winner: str | None
    reason: str | None
    next_dealer: str
    sets_in_row: dict[str, int]
    played: int
    start: dict[str, int]
    rules: Rules
    preset: str


# A side's bid, read: (contract or None, blind, ((player, nil kind), ...), any blind bid)
SideBid = tuple[int | None, bool, tuple[tuple[str, str], ...], bool]
