"""Scores in tenths (option ``score_tenths``; Call Break's "the bid plus 0.1 a trick over").

The engine counts in whole tenths, as ints, like any other points (a trick bid is worth 10, an
overtrick 1), so no sum is ever a float. The sheet a person reads holds its numbers as Decimals
of one place, exact: 32 tenths is ``Decimal("3.2")``, -40 is ``Decimal("-4.0")``; every page,
the PDF, the text sheet and the JSON print them as they are ("3.2", never "3.2000000001").
"""

from __future__ import annotations

from decimal import Decimal

from .options import MAX_SCORE


def tenths(n: int | Decimal) -> Decimal:
    """Whole tenths as the exact decimal a person reads: 32 -> 3.2, -40 -> -4.0."""
    return Decimal(n).scaleb(-1)


def shown_points(n: int, in_tenths: bool) -> int | Decimal:
    """A number of points as the sheet holds it: itself, or tenths under ``score_tenths``."""
    return tenths(n) if in_tenths else n


def shown_target(target_score: int, max_hands: int | None, in_tenths: bool) -> int | Decimal | None:
    """The target as the sheet's scores count it; None when the game is a number of hands and
    its target the most a game may have (Call Break: five deals, no target to reach)."""
    if max_hands and target_score >= MAX_SCORE:
        return None
    return shown_points(target_score, in_tenths)


def counted(value: int | Decimal) -> int:
    """A sheet's score as the engine counts it: whole points, or whole tenths (3.2 -> 32)."""
    return value if type(value) is int else int(Decimal(value).scaleb(1))
