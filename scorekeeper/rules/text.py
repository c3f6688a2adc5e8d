"""The score sheet as plain text for people: aligned columns, marks for sets and bag penalties,
the explain lines, and a last line with the leader or the winner and why."""

from __future__ import annotations

from collections.abc import Mapping

from .options import rules_to_spec
from .scoring import Sheet
from .words import changes_line, result_line, rules_as_set, set_mark

_COLUMNS = ("Bid", "Took", "Points", "Total", "Bags")


def _cells(
    sheet: Sheet, start_bags: Mapping[str, int]
) -> list[tuple[str, str, list[tuple[str, ...]] | None]]:
    """Each row's cells: a side's five, or four where the rules have no bags (no Bags cell:
    ``Rules.has_bags``)."""
    rows: list[tuple[str, str, list[tuple[str, ...]] | None]] = []
    n = len(_COLUMNS) if sheet.rules.has_bags else len(_COLUMNS) - 1
    if any(sheet.start.values()) or any(start_bags.values()):
        rows.append(
            (
                "start",
                "",
                [
                    ("", "", "", str(sheet.start[s]), str(start_bags.get(s, 0)))[:n]
                    for s in sheet.sides
                ],  # fmt: skip
            )
        )
    for h in sheet.hands:
        if h.void:
            rows.append((str(h.number), h.dealer, None))
            continue
        cells: list[tuple[str, ...]] = []
        for s in sheet.sides:
            r = h.sides[s]
            mark = ("*" if r.set else "") + ("!" if r.bag_penalty else "")
            cells.append(
                (
                    r.bid_label,
                    str(r.tricks),
                    f"{'+' if r.points >= 0 else ''}{r.points}{mark}",
                    str(r.total),
                    str(r.bags_total),
                )[:n]
            )
        rows.append((str(h.number), h.dealer, cells))
    return rows


def render_text(
    sheet: Sheet,
    time_called: bool = False,
    round_hands: int | None = None,
    start_bags: Mapping[str, int] | None = None,
) -> str:
    """The whole sheet as text, ending with a newline. ``time_called``: a club table's game
    whose hands the director's call of time capped; its rules line names the round's own
    ``round_hands`` and its end reads "time was called", as its web sheet and PDF say.
    ``start_bags``: the bags each side carried on from paper (the game's ``start``; the sheet
    keeps only the scores, and hand 1's bags after a penalty cannot give them back)."""
    rows = _cells(sheet, start_bags or {})
    columns = _COLUMNS if sheet.rules.has_bags else _COLUMNS[:-1]
    hand_w = max([4] + [len(r[0]) for r in rows])
    dealer_w = max([6] + [len(r[1]) for r in rows])
    widths: list[list[int]] = []
    for i, side in enumerate(sheet.sides):
        w = [len(c) for c in columns]
        for _, _, cells in rows:
            if cells is not None:
                w = [max(a, len(b)) for a, b in zip(w, cells[i], strict=True)]
        block = sum(w) + 2 * (len(w) - 1)
        if len(side) > block:
            w[0] += len(side) - block
        widths.append(w)

    def block_width(w: list[int]) -> int:
        return sum(w) + 2 * (len(w) - 1)

    shown = rules_as_set(sheet.rules, time_called, round_hands)  # the rules the line names
    lead = " " * (hand_w + 2 + dealer_w)
    pairs = list(zip(sheet.sides, widths, strict=True))
    names = "".join(" | " + s.center(block_width(w)) for s, w in pairs)
    heads = "".join(" | " + "  ".join(c.rjust(n) for c, n in zip(columns, w)) for w in widths)  # noqa: B905
    out = [
        f"Rules: {changes_line(rules_to_spec(shown, sheet.preset))}",
        "",
        (lead + names).rstrip(),
        "Hand".rjust(hand_w) + "  " + "Dealer".ljust(dealer_w) + heads,
    ]
    out.append("-" * len(out[-1]))
    for number, dealer, cells in rows:
        line = number.rjust(hand_w) + "  " + dealer.ljust(dealer_w)
        if cells is None:
            line += " | misdeal"
        else:
            line += "".join(
                " | " + "  ".join(c.rjust(n) for c, n in zip(cs, w, strict=True))
                for cs, w in zip(cells, widths, strict=True)
            )
        out.append(line.rstrip())
    rules = sheet.rules  # the marks these rules can print: a race has no sets, Call Break no bags
    can = (
        (f"* {set_mark(sheet.preset)}", rules.race_tricks is None),
        ("! bag penalty", rules.has_bags),
    )
    marks = [mark for mark, printed in can if printed]
    if marks:
        out.extend(("", "   ".join(marks)))
    notes = []
    for h in sheet.hands:
        if h.void:
            notes.append(f"Hand {h.number}: misdeal" + (f" ({h.note})" if h.note else ""))
            continue
        parts = [f"{s}: " + "; ".join(h.sides[s].explain) for s in sheet.sides]
        notes.append(f"Hand {h.number}: " + " | ".join(parts))
        if h.note:
            notes.append(f"  note: {h.note}")
    if notes:
        out.append("")
        out.extend(notes)
    out.append("")
    out.append(result_line(sheet, time_called))
    return "\n".join(out) + "\n"
