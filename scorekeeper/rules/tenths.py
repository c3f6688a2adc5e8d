"""Scores in tenths (option ``score_tenths``; Call Break's "the bid plus 0.1 a trick over").

The engine counts in whole tenths, as ints, like any other points (a trick bid is worth 10, an
overtrick 1), so no sum is ever a float. The sheet a person reads holds its numbers as Decimals
of one place, exact: 32 tenths is ``Decimal("3.2")``, -40 is ``Decimal("-4.0")``; every page,
the PDF, the text sheet and the JSON print them as they are ("3.2", never "3.2000000001").
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from .options import MAX_SCORE

if TYPE_CHECKING:
    from .results import HandResult, NilResult, Sheet, SideResult

_new = tuple.__new__


def tenths(n: int | Decimal) -> Decimal:
    """Whole tenths as the exact decimal a person reads: 32 -> 3.2, -40 -> -4.0."""
    return Decimal(n).scaleb(-1)


def shown_points(n: int, in_tenths: bool) -> int | Decimal:
    """A number of points as the sheet holds it: itself, or tenths under ``score_tenths``."""
    return tenths(n) if in_tenths else n


def _nil(n: NilResult) -> NilResult:
    return n._replace(points=tenths(n.points))


def _side(r: SideResult) -> SideResult:
    return r._replace(
        points=tenths(r.points),
        bag_penalty=tenths(r.bag_penalty),
        total=tenths(r.total),
        contract_points=tenths(r.contract_points),
        overtrick_points=tenths(r.overtrick_points),
        adjust=tenths(r.adjust),
        nils=tuple(_nil(n) for n in r.nils),
        extras=tuple(e._replace(points=tenths(e.points)) for e in r.extras),
    )


def _hand(h: HandResult) -> HandResult:
    return h if h.void else h._replace(sides={s: _side(r) for s, r in h.sides.items()})


def sheet_in_tenths(sheet: Sheet) -> Sheet:
    """The sheet with every score as the decimal of its tenths (bags and tricks stay counts)."""
    return sheet._replace(
        hands=[_hand(h) for h in sheet.hands],
        totals={s: tenths(v) for s, v in sheet.totals.items()},
        start={s: tenths(v) for s, v in sheet.start.items()},
    )


def shown_target(target_score: int, max_hands: int | None, in_tenths: bool) -> int | Decimal | None:
    """The target as the sheet's scores count it; None when the game is a number of hands and
    its target the most a game may have (Call Break: five deals, no target to reach)."""
    if max_hands and target_score >= MAX_SCORE:
        return None
    return shown_points(target_score, in_tenths)


def counted(value: int | Decimal) -> int:
    """A sheet's score as the engine counts it: whole points, or whole tenths (3.2 -> 32)."""
    return value if type(value) is int else int(Decimal(value).scaleb(1))


def counted_totals(sheet: Sheet) -> dict[str, int]:
    """The sheet's totals as the engine counts them (blind eligibility compares these with the
    rules' numbers, which count tenths under ``score_tenths``)."""
    return {s: counted(v) for s, v in sheet.totals.items()}
