"""A sheet in tenths (option ``score_tenths``): the result tuples of a scored sheet, their points
made the decimals of their tenths (tenths.py) as a person reads them, each side when first read.

Apart from tenths.py, whose numbers the result tuples use themselves (a sheet's target):
this module reads those tuples, so tenths.py does not (no import loop, even for types).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import cache
from typing import Any

from .results import HandResult, NilResult, Sheet, SideResult
from .tenths import counted, tenths

_new = tuple.__new__


def _nil(n: NilResult) -> NilResult:
    return n._replace(points=tenths(n.points))


# the SideResult fields that are points, by place (the tuple is built straight, as the sides
# scorer builds it: a sheet of a thousand hands converts in a few milliseconds)
_POINT_FIELDS = ("points", "bag_penalty", "total", "contract_points", "overtrick_points", "adjust")


def _side(r: SideResult) -> SideResult:
    values: list[Any] = list(r)
    places, nils, extras = _layout(type(r).__name__, type(r)._fields)
    known = _KNOWN
    for i in places:
        n = values[i]
        d = known.get(n)
        if d is None:
            d = Decimal(n).scaleb(-1)
            if len(known) < 4096:
                known[n] = d
        values[i] = d
    if r.nils:
        values[nils] = tuple(_nil(n) for n in r.nils)
    if r.extras:
        values[extras] = tuple(e._replace(points=tenths(e.points)) for e in r.extras)
    result: SideResult = _new(type(r), values)
    return result


_KNOWN: dict[int, Decimal] = {}  # tenths as Decimals: a hand's points repeat (a bid of 3: 30)


@cache
def _layout(kind: str, fields: tuple[str, ...]) -> tuple[tuple[int, ...], int, int]:
    """Where a result tuple of ``kind`` holds its points, its nils and its extras."""
    places = tuple(fields.index(name) for name in _POINT_FIELDS)
    return places, fields.index("nils"), fields.index("extras")


class TenthsSides(Mapping[str, "SideResult"]):
    """A hand's results per side, each made a sheet's (its points as tenths) when first read:
    a sheet of a thousand hands is scored at the engine's speed, and a page reads what it shows
    (the totals, the last rows) at the cost of those alone."""

    __slots__ = ("_counted", "_shown")

    def __init__(self, counted: Mapping[str, SideResult]) -> None:
        self._counted = counted  # as the engine counts them: ints of tenths
        self._shown: dict[str, SideResult] = {}

    def __getitem__(self, side: str) -> SideResult:
        shown = self._shown.get(side)
        if shown is None:
            shown = self._shown[side] = _side(self._counted[side])
        return shown

    def __iter__(self) -> Iterator[str]:
        return iter(self._counted)

    def __len__(self) -> int:
        return len(self._counted)

    def __repr__(self) -> str:
        return repr(dict(self))


def _hand(h: HandResult) -> HandResult:
    if h.void:
        return h
    shown: HandResult = _new(type(h), (h[0], h[1], h[2], h[3], TenthsSides(h.sides), *h[5:]))
    return shown


def sheet_in_tenths(sheet: Sheet) -> Sheet:
    """The sheet with every score as the decimal of its tenths (bags and tricks stay counts)."""
    return sheet._replace(
        hands=[_hand(h) for h in sheet.hands],
        totals={s: tenths(v) for s, v in sheet.totals.items()},
        start={s: tenths(v) for s, v in sheet.start.items()},
    )


def counted_totals(sheet: Sheet) -> dict[str, int]:
    """The sheet's totals as the engine counts them (blind eligibility compares these with the
    rules' numbers, which count tenths under ``score_tenths``)."""
    return {s: counted(v) for s, v in sheet.totals.items()}
