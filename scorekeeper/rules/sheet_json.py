"""The contract's JSON of a scored sheet (docs/contract.md, section 5), its why-lines with it.

Apart from explain.py, which makes the why-lines a SideResult gives: this module reads the
Sheet (results.py), which reads its why-lines with explain.py (no import loop, even for types).
"""

from __future__ import annotations

from typing import Any

from .results import Sheet


def sheet_to_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as the contract's JSON (section 5). Scores in tenths (tenths.py) are JSON
    numbers of one decimal, written as the sheet shows them ("3.2", "-4.0")."""
    num = _json_number if sheet.rules.score_tenths else _same
    hands = []
    for h in sheet.hands:
        sides = {}
        for side, r in h.sides.items():
            sides[side] = {
                "contract": r.contract, "tricks": r.tricks, "points": num(r.points),
                "bags": r.bags, "bag_penalty": num(r.bag_penalty), "set": r.set,
                "total": num(r.total), "bags_total": r.bags_total, "explain": r.explain,
            }  # fmt: skip
        hands.append({"number": h.number, "dealer": h.dealer, "void": h.void, "sides": sides})
    return {
        "sides": list(sheet.sides),
        "hands": hands,
        "totals": {s: num(v) for s, v in sheet.totals.items()},
        "bags": dict(sheet.bags),
        "finished": sheet.finished,
        "winner": sheet.winner,
        "reason": sheet.reason,
        "next_dealer": sheet.next_dealer,
    }


def _same(value: Any) -> Any:
    return value


def _json_number(value: Any) -> float:
    """A decimal of one place as the JSON number that prints it exactly: a float's shortest
    form of a tenth is its decimal ("3.2"), and nothing is ever added up as a float."""
    return float(value)
