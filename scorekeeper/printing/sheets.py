"""The printed sheets: a game's score sheet, and blank sheets for a pad.

The web views and the command line both call :func:`render_game_pdf` and
:func:`render_blank_pdf`, so a sheet prints the same from either. The words come from
``rules.words``; the PDF from :mod:`.pdf` (imported when a sheet is printed, so planning one,
as the web server does, never loads WeasyPrint).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from functools import lru_cache
from html import escape
from typing import Any

from scorekeeper.rules import (
    Game,
    Rules,
    Sheet,
    opposite_teams,
    result_line,
    rules_summary,
    team_name,
)
from scorekeeper.rules.ending import most_hands
from scorekeeper.rules.words import bags_counted, bid_word, figure, in_units, rules_as_set, set_mark

from .layout import (
    DEFAULT_PAPER,
    FOOTER_MM,
    PAGE_MARGIN_MM,
    PT_MM,
    half_height_mm,
    lines_mm,
    page_mm,
    templates,
    text_mm,
    wrapped_lines,
)

# These match static/print.css: change them together.
BLANK_HEADER_MM = 40.0  # title, names, rules summary and the two header rows
# The head's texts, a line each in .blank .head's 27 mm, and the side names' row, one line:
# (font size in pt, bold, mm of the width they do not have: padding and borders).
HEAD_TEXTS = {"title": (15.0, True, 0.0), "subtitle": (10.0, False, 0.0),
              "sides": (10.5, False, 0.0), "rules": (7.0, False, 4.6)}  # fmt: skip
SIDE_NAME_PT = 10.0  # .blank th.side-name, bold, 1 mm padding a side
# The lines to write a name on (.blank .fill, 32 mm; .fill.short, 20 mm), as wide in letters
# (an underscore is half an em: 1.85 mm at 10.5 pt).
SIDE_FILL, MEMBER_FILL = "_" * 17, "_" * 11
BLANK_ROW_MM = 7.5  # one hand row on a blank sheet (what the page budget allows for it)
BLANK_FOOTER_MM = 8.0  # the final-score row
GRID_ROW_MM = 7.3  # one hand row as drawn (a little under the budget: rounding never spills)
# Two sheets a page: rows of 6 mm (a narrow-ruled pad's), so half a Letter page holds a game of
# 12 hands and half an A4 page 13 (at 7.5 mm they held 9 and 11).
HALF_ROW_MM = 6.0
HALF_GRID_ROW_MM = 5.8
HAND_COLUMN_MM = 8.0  # the hand number column (col.hand in print.css)
DEALER_COLUMN_MM = 14.0  # the dealer column (col.dealer)
COLUMNS_PER_SIDE = 5  # bid, took, score, bags, total
GRID_FONT = 3.17  # the hand numbers' size, in the drawing's units (mm): 9 pt
DIGIT_EM = 0.636  # DejaVu Sans's digits' width (1303/2048 em), every digit the same
COLUMN_HEADS = ("Bid", "Took", "Score", "Bags", "Total")  # a side's five columns, as headed
RACE_HEADS = ("Took", "Games")  # a race's (urban rules): no bid, no bags; the games won
NO_BAGS_HEADS = ("Bid", "Took", "Score", "Total")  # rules without bags (Call Break): no Bags
HEAD_ROW_MM = 4.6  # the column heads' band atop each chunk of rows (a th of 7.5 pt and padding)
HEAD_FONT = 2.65  # the column heads' size in the drawing's units (mm): 7.5 pt, bold
# DejaVu Sans Bold's advance of each letter of the column heads, in 2048ths of an em (its hmtx
# table; tests/test_pdf.py reads them back from the font). SVG text draws letter by letter, so
# the heads are centred in their columns from these widths.
HEAD_ADVANCE = {
    "B": 1561, "S": 1475, "T": 1397, "a": 1382, "c": 1214, "d": 1466, "e": 1389, "g": 1466,
    "i": 702, "k": 1362, "o": 1407, "r": 1010, "s": 1219, "t": 979, "l": 702, "G": 1681,
    "m": 2134,
}  # fmt: skip

MAX_BLANK_ROWS = 60

# --- the game sheet ---------------------------------------------------------------------------

LANDSCAPE_FROM_SIDES = 4  # five columns a side: four sides or more need the page turned


def render_game_pdf(
    game: Game,
    sheet: Sheet,
    *,
    title: str = "",
    paper_size: str = DEFAULT_PAPER,
    date: Date | str | None = None,
    time_called: bool = False,
    round_hands: int | None = None,
) -> bytes:
    """The score sheet of a game (``rules.Game`` and its ``rules.Sheet``) as PDF bytes.
    ``time_called``: a club table's game whose hands the director's call of time capped (the
    service's ``TablePlace.time_called``): its rules name the round's ``round_hands`` and its
    end reads "time was called", as on the table's phone."""
    rules = rules_as_set(game.rules, time_called, round_hands)
    html = (
        templates()
        .get_template("print/game.html")
        .render(
            game=game,
            sheet=sheet,
            title=title or "Spades game",
            date=date_text(date),
            rules_lines=rules_summary(rules, game.preset, len(game.players)),
            result_line=result_line(sheet, time_called),
            legend=legend(game.rules, teams=game.teams is not None, preset=game.preset),
            dealer_mm=dealer_column_mm(game.players),
            printing=True,
        )
    )
    from .pdf import html_to_pdf  # WeasyPrint loads where sheets are printed, not where planned

    return html_to_pdf(html, paper_size, landscape=len(sheet.sides) >= LANDSCAPE_FROM_SIDES)


# The printed game's dealer column (print.css tbody th.dealer: 8 pt, 1 mm padding a side): as
# wide as its longest word, between the pad's width and this, so a name breaks between words.
DEALER_COLUMN_MOST_MM = 24.0
DEALER_PT = 8.0


def dealer_column_mm(players: Sequence[str]) -> float:
    """The width of a printed game's dealer column: its longest word's (a hyphen ends a
    word: "Fitzgerald-" over "Ramirez"), at least the pad's, at most DEALER_COLUMN_MOST_MM;
    a word longer than that breaks inside it."""
    words = [w for name in players for w in re.split(r"(?<=-)|\s+", name) if w]
    widest = max((text_mm(w, DEALER_PT) for w in words), default=0.0) + 2.6
    return round(min(max(widest, DEALER_COLUMN_MM), DEALER_COLUMN_MOST_MM), 1)


def legend(rules: Rules, teams: bool, preset: str = "standard") -> list[str]:
    """What the marks on a printed sheet mean, only those the game's rules can print: no bag
    penalty where bags cost nothing (three-player: each overtrick costs instead), no blind bid
    where none may be made, no double nil without partners, nothing in a race (no bids). In
    the game's own words (``preset``: Call Break's call is "short") and units (a bag penalty
    in tenths as its sheet writes it, "−10.0")."""
    if rules.race_tricks is not None:
        return []
    out = []
    if rules.blind_bids:
        out.append(f"B{rules.blind_min}: blind {rules.blind_min}")
    if rules.blind_nil:
        out.append("bnil: blind nil")
    if teams and rules.nil:
        out.append("dnil: double nil")
    if rules.nil or rules.blind_nil:
        out.append("\u2713 made \u00b7 \u2717 lost")
    out.append(f"{set_mark(preset)}: the {bid_word(preset)} was not made")
    if bags_counted(rules):
        cost = in_units(rules, rules.bag_penalty)
        out.append(f"bags {figure(-cost)}: every {rules.bag_limit} bags cost {cost}")
    return out


def date_text(value: Date | str | None) -> str:
    """A date as a sheet prints it ("22 November 2026"); ISO text is read first."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        text = value
        try:
            value = Date.fromisoformat(text[:10])
        except ValueError:
            return text
    return f"{value.day} {value:%B %Y}"


# --- blank sheets -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BlankSheet:
    """What a blank sheet shows.

    ``sides`` are team or player names ('' leaves a line to write on); ``members`` lists each
    team's players ('' blanks) when the sides are teams, and is empty otherwise. ``subtitle``
    replaces the "Date ___ Table ___" line when the sheet is printed for a known table (a club
    night's packet: "Round 2 · Table 5 · Ann deals first"). ``dealers``, when the seating is
    known, are the players in dealing order from the first hand: each row's dealer is printed.
    """

    sides: tuple[str, ...] = ("", "")
    members: tuple[tuple[str, ...], ...] = (("", ""), ("", ""))
    rules: Rules = field(default_factory=Rules)
    preset: str = "standard"
    rows: int | None = None  # None: what fills the page
    per_page: int = 1
    pages: int = 1
    title: str = ""
    paper_size: str = DEFAULT_PAPER
    subtitle: str = ""
    dealers: tuple[str, ...] = ()  # who deals, in turn from the first hand ((): left to write)
    rules_name: str = ""  # saved house rules' name, first in the rules line ('' : the preset's)

    @property
    def players(self) -> int:
        return sum(len(m) for m in self.members) if self.members else len(self.sides)

    @property
    def landscape(self) -> bool:
        return len(self.sides) >= LANDSCAPE_FROM_SIDES

    def fill_rows(self) -> int:
        """The hand rows that fill one sheet on this paper (half a page when two per page)."""
        if self.per_page == 2:
            height = half_height_mm(self.paper_size, self.landscape)
        else:
            height = page_mm(self.paper_size, self.landscape)[1] - 2 * PAGE_MARGIN_MM - FOOTER_MM
        room = height - BLANK_HEADER_MM - BLANK_FOOTER_MM - self.head_growth_mm()
        return max(1, math.floor(room / (HALF_ROW_MM if self.per_page == 2 else BLANK_ROW_MM)))

    def head_growth_mm(self) -> float:
        """How much taller this sheet's head prints than the pad's (BLANK_HEADER_MM): a long
        title, long names or many rules wrap onto more lines, printed whole, and the rows under
        them make room (estimated to err long: a row too few, never a name hidden)."""
        width = page_mm(self.paper_size, self.landscape)[0] - 2 * PAGE_MARGIN_MM
        texts = {
            "title": self.title or "Spades score sheet",
            "subtitle": self.subtitle,
            "sides": self.sides_line,
            "rules": "Rules " + " · ".join(_rules_lines(self)),
        }
        grow = 0.0
        for key, text in texts.items():
            pt, bold, taken = HEAD_TEXTS[key]
            grow += lines_mm(wrapped_lines(text, pt, width - taken, bold) - 1, pt)
        column = (width - HAND_COLUMN_MM - DEALER_COLUMN_MM) / len(self.sides) - 2
        names = max(wrapped_lines(side, SIDE_NAME_PT, column, bold=True) for side in self.sides)
        return grow + lines_mm(names - 1, SIDE_NAME_PT)

    @property
    def sides_line(self) -> str:
        """The names line of the head, as print/_blank_sheet.html prints it ('' where every
        name is left to write in: the line is not printed)."""
        if not any(self.sides) and not any(m for team in self.members for m in team):
            return ""
        sides = []
        for i, side in enumerate(self.sides):
            members = [m or MEMBER_FILL for m in self.members[i]] if self.members else []
            sides.append((side or SIDE_FILL) + (f" ({', '.join(members)})" if members else ""))
        return " vs ".join(sides)

    @property
    def grid_row_mm(self) -> float:
        """A hand row's height as drawn: shorter when two sheets share a page."""
        return HALF_GRID_ROW_MM if self.per_page == 2 else GRID_ROW_MM

    @property
    def heads(self) -> tuple[str, ...]:
        """A side's column heads: a race's two (urban rules), four where the rules have no bags
        (``Rules.has_bags``: Call Break), else the usual five."""
        if self.rules.race_tricks is not None:
            return RACE_HEADS
        return COLUMN_HEADS if self.rules.has_bags else NO_BAGS_HEADS

    @property
    def row_count(self) -> int:
        """The rows asked for (at most what fits, with two sheets a page), else what fills it;
        never more than the hands the game can take and one for a misdeal (a race's match,
        ``rules.ending.most_hands``: best of three is 4 rows, not a page of 27)."""
        if not self.rows:
            rows = self.fill_rows()
        elif self.per_page == 2:
            rows = min(self.rows, self.fill_rows())
        else:
            rows = min(self.rows, MAX_BLANK_ROWS)
        most = most_hands(self.rules, len(self.sides), self.rules.tricks_for(self.players))
        return rows if most is None else min(rows, most + 1)


def blank_sheet(
    names: list[str] | tuple[str, ...] = (),
    *,
    players: int = 4,
    teams: bool = True,
    team_names: list[str] | tuple[str, ...] = (),
    **options: Any,
) -> BlankSheet:
    """A BlankSheet for ``players`` seats, named in seating order ('' or missing: blank).

    With ``teams`` (four or six players) partners sit opposite: seats 1 and 3 against 2 and 4,
    or 1 & 4, 2 & 5, 3 & 6. ``team_names`` name the teams; unnamed teams whose players are all
    named are called "Ann & Cy".

    Each hand row prints its dealer when every seat is named: player 1 deals first (as the form
    says, and as a game file's dealer defaults to its first player) and the deal passes to the
    left, in seating order, as a club round's sheet prints it. A misdeal that keeps the dealer
    (``misdeal_deal_passes`` off) moves the rest on by one: the pad cannot know of it, so the
    scorer writes that one in. With a seat unnamed the column is left to write in, whole.
    """
    seats = [(n or "").strip() for n in names][:players]
    seats += [""] * (players - len(seats))
    options.setdefault("dealers", tuple(seats) if all(seats) else ())
    if not (teams and players in (4, 6)):
        return BlankSheet(sides=tuple(seats), members=(), **options)
    members = tuple(opposite_teams(seats, players // 2))
    given = [(t or "").strip() for t in team_names] + [""] * len(members)
    sides = tuple(given[i] or (team_name(m) if all(m) else "") for i, m in enumerate(members))
    return BlankSheet(sides=sides, members=members, **options)


def blank_context(blank: BlankSheet) -> dict[str, Any]:
    """What ``print/_blank_sheet.html`` needs to print ``blank`` (the pad and the packets)."""
    return {
        "blank": blank,
        "grid": blank_grid(
            blank.paper_size,
            blank.landscape,
            len(blank.sides),
            blank.row_count,
            blank.fill_rows(),
            blank.dealers,
            blank.grid_row_mm,
            blank.heads,
        ),
        "rules_lines": _rules_lines(blank),
    }


def _rules_lines(blank: BlankSheet) -> list[str]:
    """The rules line's phrases: saved house rules are named first ("House rules: Friday
    night"), in place of the preset's name."""
    lines = rules_summary(blank.rules, blank.preset, blank.players)
    if blank.rules_name:
        lines[0] = f"House rules: {blank.rules_name}"
    return lines


@lru_cache(maxsize=64)
def blank_grid(
    paper_size: str,
    landscape: bool,
    sides: int,
    rows: int,
    per_chunk: int,
    dealers: tuple[str, ...] = (),
    row_mm: float = GRID_ROW_MM,
    heads: tuple[str, ...] = COLUMN_HEADS,
) -> tuple[str, ...]:
    """The empty hand rows of a blank sheet under their column heads, drawn as inline SVG in
    chunks of ``per_chunk`` rows (what fits on a page, so a long pad breaks between chunks and
    each page has the heads).

    Why a drawing and not table cells: a blank row is twelve empty cells, and WeasyPrint styles,
    lays out and paints each one; a page of rows was ~350 boxes and ~0.3 s, the drawing is one
    path for the lines and one text for the hand numbers, ~4x cheaper. The column heads were a
    row of ten header cells (~4 ms a sheet, a tenth of a packet's table); drawn they are one
    more text. Each text is one ``<text>`` with a position for each letter (the numbers
    right-aligned in their column: DejaVu Sans's digits are all :data:`DIGIT_EM` wide; the heads
    centred from :data:`HEAD_ADVANCE`), because WeasyPrint sets up a style for each ``<text>``
    it draws: one a number cost a sheet ~10 ms, a third of a packet's sheet. Columns: the hand
    number, the dealer, then five a side, the widths print.css gives them (the table's columns
    are fixed). ``dealers`` (in turn from hand 1) print each row's dealer, a long name on two
    smaller lines (:func:`_dealers`); ``row_mm`` is a row's height; ``heads`` a side's column
    heads (a race has two: :data:`RACE_HEADS`).
    """
    width = page_mm(paper_size, landscape)[0] - 2 * PAGE_MARGIN_MM
    per_side = len(heads)
    columns = sides * per_side
    each = (width - HAND_COLUMN_MM - DEALER_COLUMN_MM) / columns
    xs = [HAND_COLUMN_MM, HAND_COLUMN_MM + DEALER_COLUMN_MM]
    xs += [xs[1] + each * i for i in range(1, columns)]
    heavy = {xs[1] + each * per_side * i for i in range(sides)}
    head_text = _column_heads(xs[1], each, sides, heads)
    top = HEAD_ROW_MM
    chunks = []
    for first in range(1, rows + 1, per_chunk):
        numbers = range(first, min(first + per_chunk, rows + 1))
        height = top + row_mm * len(numbers)
        across = "".join(f"M0 {top + row_mm * i:.2f}H{width:.2f}" for i in range(1, len(numbers)))
        edges = f"M0.09 0V{height:.2f}M{width - 0.09:.2f} 0V{height:.2f}M0 {top:.2f}H{width:.2f}"
        thin = "".join(f"M{x:.2f} 0V{height:.2f}" for x in xs if x not in heavy)
        thick = "".join(f"M{x:.2f} 0V{height:.2f}" for x in sorted(heavy))
        chunks.append(
            f'<svg class="grid" viewBox="0 0 {width:.2f} {height:.2f}" width="{width:.2f}mm" '
            f'height="{height:.2f}mm" font-family="DejaVu Sans" font-size="{GRID_FONT}">'
            f'<path d="M0 0H{width:.2f}V{top:.2f}H0Z" fill="#e8e8e8"/>'
            f'<path d="{across}" stroke="#bbb" stroke-width="0.09" fill="none"/>'
            f'<path d="{thin}{edges}" stroke="#888" stroke-width="0.18" fill="none"/>'
            f'<path d="{thick}" stroke="#000" stroke-width="0.56" fill="none"/>'
            f"{head_text}{_hand_numbers(numbers, top, row_mm)}"
            f"{_dealers(numbers, top, dealers, row_mm)}</svg>"
        )
        shaped = _shaped_dealers(numbers, top, dealers, row_mm)
        if shaped:  # over the drawing, in its place: <div class="grid-box">, print.css
            chunks[-1] = f'<div class="grid-box">{chunks[-1]}{shaped}</div>'
    return tuple(chunks)


def _column_heads(
    start: float, each: float, sides: int, heads: tuple[str, ...] = COLUMN_HEADS
) -> str:
    """The column heads of each side (``heads``) as one bold SVG ``<text>``, each word centred
    in its column on the band's baseline."""
    xs = []
    for column in range(sides * len(heads)):
        word = heads[column % len(heads)]
        advances = [HEAD_ADVANCE[c] * HEAD_FONT / 2048 for c in word]
        x = start + each * (column + 0.5) - sum(advances) / 2
        for advance in advances:
            xs.append(f"{x:.2f}")
            x += advance
    baseline = f"{HEAD_ROW_MM / 2 + HEAD_FONT * 0.36:.2f}"
    words = "".join(heads) * sides
    return (
        f'<text font-weight="bold" font-size="{HEAD_FONT}" x="{" ".join(xs)}" '
        f'y="{baseline}">{words}</text>'
    )


def _baseline(top: float, row: int, row_mm: float) -> str:
    """The baseline of row ``row`` (from 0) of a drawing whose rows start ``top`` mm down: the
    text sits 2.3 mm above a 7.3 mm row's line, in proportion on a shorter row."""
    return f"{top + row_mm * (row + 1) - row_mm * 2.3 / GRID_ROW_MM:.2f}"


def _hand_numbers(numbers: range, top: float = 0.0, row_mm: float = GRID_ROW_MM) -> str:
    """The hand numbers of a chunk of rows as one SVG ``<text>``: each digit placed, each
    number right-aligned a millimetre inside the hand column, on its row's baseline (rows start
    ``top`` mm down the drawing)."""
    xs, ys = [], []
    for row, number in enumerate(numbers):
        text = str(number)
        baseline = _baseline(top, row, row_mm)
        for place in range(len(text), 0, -1):
            xs.append(f"{HAND_COLUMN_MM - 1 - place * GRID_FONT * DIGIT_EM:.2f}")
            ys.append(baseline)
    digits = "".join(str(n) for n in numbers)
    return f'<text x="{" ".join(xs)}" y="{" ".join(ys)}">{digits}</text>'


DEALER_FONT = 2.6  # the dealers' names in the drawing's units (mm): 7.4 pt
DEALER_SMALL = 2.0  # a name too long for one line: two lines of this size (5.7 pt)
DEALER_EM = 0.62  # a letter's advance, generously (DejaVu Sans: lower case ~0.6 em, capitals ~0.7)


def _dealers(numbers: range, top: float, dealers: tuple[str, ...], row_mm: float) -> str:
    """Each row's dealer (``dealers`` in turn from hand 1) a millimetre inside the dealer
    column and clipped at its edge ('' when the dealers are not known): the names that fit as
    one SVG ``<text>`` of a ``<tspan>`` a row; the longer ones (up to the form's 30 letters) as
    one more, smaller, of two lines a name, each narrowed to the column (``textLength``) where
    it must be, so that every letter is printed inside it."""
    if not dealers:
        return ""
    left, right = HAND_COLUMN_MM + 1, HAND_COLUMN_MM + DEALER_COLUMN_MM - 0.6
    bottom = top + row_mm * len(numbers)
    spans, long = [], []
    for row, number in enumerate(numbers):
        name = dealers[(number - 1) % len(dealers)]
        if needs_shaping(name):  # printed over the drawing instead: _shaped_dealers
            continue
        if len(name) * DEALER_EM * DEALER_FONT <= right - left:
            y = _baseline(top, row, row_mm)
            spans.append(f'<tspan x="{left:.2f}" y="{y}">{escape(name)}</tspan>')
        else:
            long.append(_two_lines(name, left, right - left, top + row_mm * (row + 0.5)))
    texts = [
        f'<text font-size="{size}" clip-path="url(#dealer-column)">{"".join(parts)}</text>'
        for size, parts in ((DEALER_FONT, spans), (DEALER_SMALL, long))
        if parts
    ]
    return (
        f'<clipPath id="dealer-column"><rect x="{left:.2f}" y="{top:.2f}" '
        f'width="{right - left:.2f}" height="{bottom - top:.2f}"/></clipPath>{"".join(texts)}'
    )


def needs_shaping(name: str) -> bool:
    """Whether ``name`` needs its letters joined or set right to left (Arabic, Hebrew, a
    combining mark): WeasyPrint draws an SVG text letter by letter, each on its own, left to
    right, so "سارة" would print as four loose letters backwards."""
    return any(
        unicodedata.bidirectional(c) in ("R", "AL") or unicodedata.combining(c) for c in name
    )


def _shaped_dealers(numbers: range, top: float, dealers: tuple[str, ...], row_mm: float) -> str:
    """The dealers' names that SVG text cannot print (:func:`needs_shaping`) as page text laid
    over their rows of the drawing (``top`` mm down, rows of ``row_mm``), inside the dealer
    column: one line where the name fits, else in lines of the two-line size, smaller still
    where that many lines would overfill the row."""
    width = DEALER_COLUMN_MM - 1.6
    boxes = []
    for row, number in enumerate(numbers):
        name = dealers[(number - 1) % len(dealers)] if dealers else ""
        if not needs_shaping(name):
            continue
        size = DEALER_FONT / PT_MM
        lines = wrapped_lines(name, size, width)
        if lines > 1:
            size = DEALER_SMALL / PT_MM
            lines = wrapped_lines(name, size, width)
            while lines * size * SHAPED_LINE * PT_MM > row_mm - 0.4 and size > 3.5:
                size -= 0.25
                lines = wrapped_lines(name, size, width)
        middle = top + row_mm * (row + 0.5)
        box_top = middle - lines * size * SHAPED_LINE * PT_MM / 2
        boxes.append(
            f'<p class="shaped-dealer" dir="{"rtl" if _right_to_left(name) else "ltr"}" '
            f'style="top: {box_top:.2f}mm; font-size: {size:.2f}pt">{escape(name)}</p>'
        )
    return "".join(boxes)


SHAPED_LINE = 1.1  # print.css .shaped-dealer's line-height


def _right_to_left(name: str) -> bool:
    """Whether ``name`` reads right to left: its first strongly directed letter does."""
    for c in name:
        kind = unicodedata.bidirectional(c)
        if kind in ("L", "R", "AL"):
            return kind != "L"
    return False


def _two_lines(name: str, left: float, width: float, middle: float) -> str:
    """A long name's two ``<tspan>`` lines about ``middle`` (its row's middle, mm down the
    drawing), split at the space or hyphen nearest its middle (else in the middle)."""
    breaks = [i + 1 for i, c in enumerate(name) if c in " -"] or [len(name) // 2]
    cut = min(breaks, key=lambda i: abs(i - len(name) / 2))
    spans = []
    for i, line in enumerate((name[:cut].strip(), name[cut:].strip())):
        y = middle + (i - 0.5) * DEALER_SMALL * 1.1 + DEALER_SMALL * 0.3 - 0.15
        fit = ""
        if len(line) * DEALER_EM * DEALER_SMALL > width:
            fit = f' textLength="{width:.2f}" lengthAdjust="spacingAndGlyphs"'
        spans.append(f'<tspan x="{left:.2f}" y="{y:.2f}"{fit}>{escape(line)}</tspan>')
    return "".join(spans)


def render_blank_pdf(blank: BlankSheet) -> bytes:
    """Blank score sheets to print and fill in by hand, as PDF bytes."""
    template = templates().get_template("print/blank.html")
    html = template.render(**blank_context(blank), printing=True)
    from .pdf import html_to_pdf

    return html_to_pdf(html, blank.paper_size, landscape=blank.landscape)
