"""The explain lines a person reads beside every number.

Built on demand from a scored SideResult (scoring.py), so scoring stays fast. A SideResult
(results.py) gives its why-lines with this module, so this module reads it as ``Scored``, the
fields the lines are made of, and imports no results.py: no import loop, even for types. The
contract's JSON of a sheet, which carries them, is sheet_json.py.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from .game import LEXINGTON, MOON, MUCKED, NO_BIDS, TEN, VOID
from .options import Rules
from .specials import ExtraResult, extra_line
from .tenths import shown_points

CALL_BREAK = "call-break"  # the preset whose table speaks its own words (a call, "short")


def set_mark(preset: str) -> str:
    """The word a sheet marks a bid not made with, as the game's table says it: "set", or at a
    Call Break table "short" (a call is short). The rules line, the sheet's rows, the printed
    legend and the why-lines all say it through this."""
    return "short" if preset == CALL_BREAK else "set"


def bid_word(preset: str) -> str:
    """What a player makes at the start of a hand, in the game's table's word: a bid, or at a
    Call Break table a call."""
    return "call" if preset == CALL_BREAK else "bid"


def _pts(n: int | Decimal) -> str:
    return f"+{n}" if n > 0 else str(n) if n < 0 else "0"


def _bags(n: int, points: int | Decimal, bags: bool = True) -> str:
    """Tricks over a bid: "3 bags +3", or where the rules have no bags (``Rules.has_bags``,
    Call Break) what they are, "2 over +0.2"."""
    word = ("bag" if n == 1 else "bags") if bags else "over"
    return f"{n} {word} {_pts(points)}" if points else f"{n} {word}"


class ScoredNil(Protocol):
    """A nil's outcome as the why-lines read it (results.NilResult)."""

    @property
    def player(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def made(self) -> bool: ...
    @property
    def tricks(self) -> int: ...
    @property
    def points(self) -> int | Decimal: ...


class Scored(Protocol):
    """A side's result as the why-lines read it (results.SideResult: what its fields mean)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def table(self) -> str: ...
    @property
    def kind(self) -> str | None: ...
    @property
    def contract(self) -> int | None: ...
    @property
    def blind(self) -> bool: ...
    @property
    def made(self) -> bool | None: ...
    @property
    def toward(self) -> int: ...
    @property
    def overtricks(self) -> int: ...
    @property
    def contract_points(self) -> int | Decimal: ...
    @property
    def overtrick_points(self) -> int | Decimal: ...
    @property
    def double_back(self) -> bool: ...
    @property
    def over_set(self) -> bool: ...
    @property
    def nils(self) -> tuple[ScoredNil, ...]: ...
    @property
    def nil_bags(self) -> int: ...
    @property
    def adjust(self) -> int | Decimal: ...
    @property
    def note(self) -> str | None: ...
    @property
    def renege_given(self) -> int: ...
    @property
    def renege_received(self) -> int: ...
    @property
    def renege_other(self) -> str | None: ...
    @property
    def bag_penalties(self) -> int: ...
    @property
    def bag_penalty(self) -> int | Decimal: ...
    @property
    def extras(self) -> tuple[ExtraResult, ...]: ...
    @property
    def house(self) -> tuple[str, ...]: ...


def explain_lines(r: Scored) -> list[str]:
    """Short, human lines: "bid 5, took 8: +50, 3 bags +3", "10 bags: -100", ..."""
    rules = r.rules
    if r.kind == MUCKED:  # a renege mucked the hand: its own line says it all (house.py)
        return list(r.house)
    lines = []
    if r.renege_given and r.kind != VOID:  # (a voided contract's line says the renege)
        to = f" to {r.renege_other}" if r.renege_other else " given up"
        lines.append(f"renege: {r.renege_given} tricks{to}")
    if r.renege_received:
        lines.append(f"renege: {r.renege_received} tricks from {r.renege_other}")
    if r.kind == NO_BIDS and rules.race_tricks is not None:
        won = "won the hand: +1" if r.contract_points else "0"
        lines.append(f"race to {rules.race_tricks}, took {r.toward}: {won}")
    elif r.kind == NO_BIDS:
        lines.append(f"no bids, took {r.toward}: {_pts(r.contract_points)}")
    elif r.kind is not None and r.kind != VOID:
        c = r.contract
        if r.kind == TEN:
            ten = shown_points(rules.ten_for_200_value, rules.score_tenths)
            label = f"{'blind' if r.blind else 'bid'} 10 for {ten}"
        elif r.kind == MOON:
            label = f"{'blind moon' if r.blind else 'moon bid'} {c}"
        elif r.kind == LEXINGTON:
            label = (
                f"Lexington bid {c}" if rules.lexington == "bid" else f"Lexington taken, bid {c}"
            )
        else:
            label = f"{'blind' if r.blind else bid_word(r.table)} {c}"
        took = f"took {r.toward}" + (" with renege" if r.renege_given or r.renege_received else "")
        if r.double_back:
            lines.append(f"double back: {label}, {took}: {_pts(r.contract_points)}")
        elif not r.made:
            over = r.toward - (r.contract or 0)  # a set's overtricks are not kept: no bags
            extra = f" ({over} over, more than {rules.max_overtricks})" if r.over_set else ""
            mark = set_mark(r.table)
            lines.append(f"{mark}: {label}, {took}{extra}: {_pts(r.contract_points)}")
        else:
            value = (
                "wins the game"
                if r.kind == MOON and rules.moon_value == "win"
                else _pts(r.contract_points)
            )
            line = f"{label}, {took}: {value}"
            if r.overtricks:
                if r.blind and rules.blind_overtricks == "penalty":
                    line += f", {r.overtricks} over {_pts(r.overtrick_points)}"
                else:
                    line += ", " + _bags(r.overtricks, r.overtrick_points, rules.has_bags)
            elif r.blind and rules.blind_overtricks == "none" and r.toward > (r.contract or 0):
                line += f", {r.toward - (r.contract or 0)} over not counted"
            lines.append(line)
    lines.extend(r.house)
    for n in r.nils:
        double = n.kind in ("double nil", "blind double nil")
        who = n.kind if double else f"{n.player} {n.kind}"
        shown = _pts(n.points)
        if double and n.points == 0:  # a double nil that wins or loses the game
            blind = n.kind != "double nil"
            wins = rules.blind_double_nil_value if blind else rules.double_nil_value
            lost = rules.blind_double_nil_penalty if blind else rules.double_nil_penalty
            if n.made and wins == "win":
                shown = "wins the game"
            elif not n.made and lost == "lose":
                shown = "loses the game"
        lines.append(f"{who}, took {n.tricks}: {shown}")
    if r.nil_bags:
        worth = shown_points(r.nil_bags * rules.overtrick_value, rules.score_tenths)
        lines.append(f"nil tricks: {_bags(r.nil_bags, worth, rules.has_bags)}")
    for one in r.extras:
        lines.append(extra_line(one))
    if r.adjust:
        note = f" ({r.note})" if r.note else ""
        lines.append(f"adjust: {_pts(r.adjust)}{note}")
    if r.bag_penalties:
        lines.append(f"{r.bag_penalties * (rules.bag_limit or 0)} bags: {_pts(-r.bag_penalty)}")
    return lines
