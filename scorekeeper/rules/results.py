"""What scoring gives: a hand's results per side (its nils and its contract), the hands and the
whole sheet. Light tuples, built by the sides scorer (contracts.py) and the fold (scoring.py);
the explain lines a person reads are built from them on demand (explain.py)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import NamedTuple

from .explain import CALL_BREAK, explain_lines
from .game import NO_BIDS
from .options import Rules
from .specials import ExtraResult
from .tenths import shown_target

# A score on the sheet: whole points, or the Decimal of its tenths under score_tenths (tenths.py)
Points = int | Decimal

# a nil's kind as a sheet's bid column shows it
_NIL_LABELS = {"nil": "nil", "blind nil": "bnil", "double nil": "dnil", "blind double nil": "bdnil"}


class NilResult(NamedTuple):
    """One nil bidder's outcome (or a team's double nil, with player = the team)."""

    player: str
    kind: str  # "nil", "blind nil" or "double nil"
    made: bool
    tricks: int
    points: Points


class SideResult(NamedTuple):
    """What one hand did to one side. The first nine fields are the contract's JSON."""

    contract: int | None
    tricks: int
    points: Points
    bags: int
    bag_penalty: Points
    set: bool
    total: Points
    bags_total: int
    # what the explain lines and the sheet are built from
    kind: str | None  # "normal", "ten", "moon", "no bids", or None: no contract
    blind: bool
    made: bool | None  # None without a contract
    toward: int  # tricks counted toward the contract (after renege)
    overtricks: int
    contract_points: Points
    overtrick_points: Points
    double_back: bool
    over_set: bool  # set by taking too many overtricks
    nils: tuple[NilResult, ...]
    nil_bags: int
    adjust: Points
    renege_given: int
    renege_received: int
    renege_other: str | None
    bag_penalties: int  # how many times the bag limit struck
    sets_in_row: int
    took_all: bool
    note: str | None
    extras: tuple[ExtraResult, ...]  # its declared specials and counted bonuses
    house: tuple[str, ...]  # the why-lines of the house rules of contracts (house.py)
    rules: Rules  # last: the web's row key leaves it out (web/fragments.py)

    @property
    def nil_results(self) -> list[tuple[str, str, bool]]:
        """(player, kind, made) for each nil bid."""
        return [(n.player, n.kind, n.made) for n in self.nils]

    @property
    def no_trump(self) -> bool:
        """Whether the contract was a No Trump one (option no_trump; house.py says it)."""
        return bool(self.house) and self.rules.no_trump and _no_trump_line(self.house)

    @property
    def bid_label(self) -> str:
        """The bid as a sheet shows it: "5", "B6", "nil", "4+nil", "-" without bids."""
        if self.kind == NO_BIDS:
            return "-"
        parts = []
        if self.contract is not None:
            mark = ("B" if self.blind else "") + ("NT" if self.no_trump else "")
            parts.append(f"{mark}{self.contract}")
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

    @property
    def table(self) -> str:
        """The preset whose table's own words the why-lines say (``explain.set_mark``): "" for
        the usual ones. A class's, not a field: the sides scorer builds none for it (a field
        cost plain games 9% of their speed); ``in_table_words`` gives a sheet's results of a
        table with words of its own the class that says them, once a sheet."""
        return ""


class CallBreakResult(SideResult):
    """A side's result at a Call Break table: its why-lines say "call" and "short"."""

    __slots__ = ()

    @property
    def table(self) -> str:
        return CALL_BREAK


def in_table_words(preset: str, hands: list[HandResult]) -> list[HandResult]:
    """A sheet's hands, their results in the words of the preset's table (``set_mark``): the
    same hands under a preset without words of its own (every preset but Call Break)."""
    if preset != CALL_BREAK:
        return hands
    out = []
    for h in hands:
        sides = {s: CallBreakResult._make(r) for s, r in h.sides.items()}
        out.append(h._replace(sides=sides))
    return out


def _no_trump_line(lines: tuple[str, ...]) -> bool:
    """Whether the house rules' why-lines (house.py) scored a No Trump contract."""
    return any(line.startswith(("No Trump ", "Blind No Trump ")) for line in lines)


class HandResult(NamedTuple):
    """One hand on the sheet: per side results, or a void hand (misdeal) with no sides."""

    number: int
    dealer: str
    void: bool
    note: str | None
    sides: Mapping[str, SideResult]  # a dict; under score_tenths read lazily (tenths_sheet.py)
    no_bids: bool = False


class Sheet(NamedTuple):
    """The whole score sheet of a game."""

    sides: list[str]
    hands: list[HandResult]
    totals: dict[str, Points]
    bags: dict[str, int]
    finished: bool
    winner: str | None
    reason: str | None
    next_dealer: str
    sets_in_row: dict[str, int]
    played: int
    start: dict[str, Points]
    rules: Rules
    preset: str

    @property
    def target(self) -> int | Decimal | None:
        """The target as the totals count it (tenths.py): None when there is none to reach."""
        r = self.rules
        return shown_target(r.target_score, r.max_hands, r.score_tenths)


# A side's bid, read: (contract or None, blind, ((player, nil kind), ...), any blind bid)
SideBid = tuple[int | None, bool, tuple[tuple[str, str], ...], bool]
