"""A club night on paper: one PDF packet per round, and the standings.

The packet of a round is one PDF, in the order a director hands it out:

1. the pairings: every table, who plays whom, who sits where and deals first, the byes, and
   an alphabetical "find your table" list (large type: 40 tables fit on two pages);
2. a table card per table, two to a page: cut along the dashed line, fold along the dotted one
   and stand it on the table. The top half is printed upside down so both faces read the right
   way up; the front carries the seats and the QR code of the table's phone link (its game's
   edit link), the link printed under it for a phone that cannot scan;
3. a pre-filled score sheet per table (the pad's blank sheet with the names, table, round and
   rules at the top), for a table that keeps score on paper.

The standings (:func:`render_standings_pdf`) are a document of their own: place, entrant, wins,
the figures of the chosen tie-breakers, and the "why is this place here" line.

Everything here takes plain values (:class:`PacketTable`, :class:`RoundPacket`,
:class:`StandingsPrint`) that the application layer builds from the event; nothing reads the
database. QR codes are small PNG images (from ``segno``, one pixel a module) written into the page
as ``data:`` URIs: the renderer fetches nothing, and an image is drawn with one operation and
no interpolation (``image-rendering: pixelated``), so its modules print as sharp squares. (An
inline SVG path took WeasyPrint ~6 ms a code to parse and draw; the image well under one.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date as Date
from functools import lru_cache
from typing import Any

import segno

from scorekeeper.events import DEFAULT_TIEBREAKERS, StandingRow, TableSeating
from scorekeeper.events.standings import LABELS
from scorekeeper.rules import Rules, opposite_teams, rules_summary, team_name
from scorekeeper.rules.names import filing_key

from .layout import (
    DEFAULT_PAPER,
    PAGE_MARGIN_MM,
    PT_MM,
    half_height_mm,
    lines_mm,
    page_mm,
    templates,
    wrapped_lines,
)
from .sheets import BlankSheet, blank_context, date_text

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

# The standings' figure columns, by tie-breaker, in the director's order (head-to-head is a
# relation, not a figure: the "why" line tells it).
FIGURES: dict[str, tuple[str, str]] = {
    "point_diff": ("Diff.", "point_diff"),
    "total_points": ("Points", "points_for"),
    "fewest_bags": ("Bags", "bags"),
    "opponents_wins": ("Opp. wins", "opponents_wins"),
}


# --- the values a caller builds ----------------------------------------------------------------


@dataclass(frozen=True)
class PacketTable:
    """One table of a round, as the packet prints it.

    ``seats`` pairs a compass seat ("N", "E", "S", "W"; cutthroat tables "N", "E", "W" or "N",
    "S") with the name of who sits there, clockwise from North, as
    ``events.TableSeating.seats``. ``sides`` names the sides in the game's order (a team's name,
    "Ann & Cy", a player); a missing or empty one is its members joined. With four seats and two
    sides, partners sit opposite (North-South against East-West); otherwise each seat is a side.
    ``link`` is the table phone's address: its game's edit link, absolute.
    """

    number: int
    seats: tuple[tuple[str, str], ...]
    dealer: str
    link: str
    sides: tuple[str, ...] = ()

    @classmethod
    def from_seating(
        cls, seating: TableSeating, link: str, sides: Sequence[str] = ()
    ) -> PacketTable:
        """A packet table from the event core's seating of it."""
        return cls(seating.table, seating.seats, seating.dealer, link, tuple(sides))

    @property
    def side_count(self) -> int:
        if self.sides:
            return len(self.sides)
        return 2 if len(self.seats) == 4 else len(self.seats)

    @property
    def seated_sides(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Each side's (seat, name) pairs: North-South and East-West, or one seat a side."""
        return tuple(opposite_teams(self.seats, self.side_count))

    @property
    def members(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(name for _, name in side) for side in self.seated_sides)

    @property
    def side_names(self) -> tuple[str, ...]:
        given = [*self.sides, *[""] * self.side_count]
        return tuple((given[i] or team_name(m)) for i, m in enumerate(self.members))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for _, name in self.seats)

    @property
    def dealing_order(self) -> tuple[str, ...]:
        """Who deals each hand in turn from the first, the deal passing to the left (clockwise,
        the seats' order); () when the dealer has no seat here."""
        names = self.names
        if self.dealer not in names:
            return ()
        first = names.index(self.dealer)
        return names[first:] + names[:first]

    @property
    def dealer_letter(self) -> str:
        """The dealer's seat ("E"); '' if nobody seated here has the dealer's name."""
        return next((seat for seat, name in self.seats if name == self.dealer), "")

    @property
    def dealer_seat(self) -> str:
        """The dealer's seat in words ("East"), or their name if they have no seat here."""
        return SEAT_WORDS.get(self.dealer_letter, self.dealer_letter) or self.dealer


@dataclass(frozen=True)
class RoundPacket:
    """What a round's packet prints: the event, the round, its tables and byes.

    ``rules`` and ``preset`` are the event's (every table plays them; the summary at the top of
    each sheet comes from ``rules.rules_summary``). ``standings``, when given, are printed after
    the pairings ("Standings before round N"), ordered by ``tiebreakers``. ``round_name``
    replaces "Round N" (a knockout's "Final"). ``sheet_rows`` is the hand rows on each score
    sheet (None: the round's hands, ``rules.max_hands``, and two for a tie; without a cap, what
    fills the page).
    """

    event_name: str
    round_number: int
    tables: tuple[PacketTable, ...]
    rules: Rules = field(default_factory=Rules)
    preset: str = "standard"
    date: Date | str | None = None
    byes: tuple[str, ...] = ()
    standings: tuple[StandingRow, ...] | None = None
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    round_name: str = ""
    paper_size: str = DEFAULT_PAPER
    sheet_rows: int | None = None

    @property
    def round_title(self) -> str:
        return self.round_name or f"Round {self.round_number}"

    def rules_lines(self, players: int | None = None) -> list[str]:
        """The rules in force as short phrases, for ``players`` seats (default: table 1's)."""
        if players is None and self.tables:
            players = len(self.tables[0].seats)
        return rules_summary(self.rules, self.preset, players)


@dataclass(frozen=True)
class StandingsPrint:
    """A standings document: the rows of ``events.standings``, in order, and what orders them.

    ``note`` is a line under the title ("After 5 rounds, Swiss" or "Champion: Aces").
    """

    event_name: str
    rows: tuple[StandingRow, ...]
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    date: Date | str | None = None
    title: str = "Final standings"
    note: str = ""
    paper_size: str = DEFAULT_PAPER


# --- QR codes ----------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def qr_image(link: str) -> str:
    """The QR code of ``link`` as a PNG ``data:`` URI: one pixel a module, the standard
    four-module quiet zone, error correction M (a crease or a smudge still scans); its printed
    size comes from the stylesheet."""
    return qr_code(link).png_data_uri(scale=1, border=4)


QR_MASK = 2  # a fixed mask pattern, any of the eight standard ones


def qr_code(link: str) -> segno.QRCode:
    """The QR code of ``link``, as every printed one is made (the cards', the terminal's).

    The mask is fixed rather than chosen by scoring all eight (segno's default): the scoring
    took 2.3 of the 3.2 ms a code costs, a twentieth of a table's whole share of a round's
    packet, and any standard mask decodes the same (tests/printing decodes every card's code).
    """
    return segno.make(link, error="m", micro=False, boost_error=False, mask=QR_MASK)


def qr_svg(link: str) -> str:
    """The QR code of ``link`` for a screen, as an SVG document: black modules on white (a
    phone in dark mode still shows a code a camera reads), the standard quiet zone, one unit a
    module; its shown size comes from the page."""
    import io

    out = io.BytesIO()
    qr_code(link).save(
        out, kind="svg", scale=1, border=4, xmldecl=False, svgclass=None, lineclass=None,
        omitsize=True, dark="#000", light="#fff", title="QR code: " + link,
    )  # fmt: skip
    return out.getvalue().decode()


def qr_text(link: str) -> str:
    """The QR code of ``link`` for a terminal: two modules a line, in block characters."""
    import io

    out = io.StringIO()
    qr_code(link).terminal(out=out, compact=True)
    return out.getvalue()


# --- what the templates read -------------------------------------------------------------------


def _seat(letter: str) -> str:
    return SEAT_WORDS.get(letter, letter)


def _partnerships(tables: Sequence[PacketTable]) -> bool:
    """Whether every table is four players in two partnerships (not cutthroat, no partners)."""
    return bool(tables) and all(len(t.seats) == 4 and t.side_count == 2 for t in tables)


def _side_headers(tables: Sequence[PacketTable]) -> list[str]:
    """Column titles of the pairings: "North & South", "East & West" for partnership tables,
    else "Side 1", "Side 2", ..."""
    widest = max((t.side_count for t in tables), default=2)
    if _partnerships(tables):
        return ["North & South", "East & West"]
    return [f"Side {i}" for i in range(1, widest + 1)]


def _sides_of(table: PacketTable) -> list[dict[str, Any]]:
    """Each side of a table: its name when it says more than its members' names, and who
    sits where in it: (name, seat letter, seat word, the name with its spaces unbreakable).
    The pairings print a side's people on one line, which breaks between people first (the
    unbreakable name); a table card gives each person a cell of their own, where a long name
    wraps at its spaces rather than mid-word (the name as typed)."""
    out = []
    for name, members, seated in zip(
        table.side_names, table.members, table.seated_sides, strict=True
    ):
        plain = name in (team_name(members), " & ".join(members))
        out.append(
            {
                "name": name,
                "title": "" if plain else name,
                "people": [
                    (n, letter, _seat(letter), n.replace(" ", "\u00a0")) for letter, n in seated
                ],
            }
        )
    return out


# A table card's front face (print.css .packet .card ...): its share of the card (.face), the
# code's column beside the text (.card-text's margin), the title's line (14 and 30 pt at a line
# height of 1.1) and each text's size in points, bold or not, with the mm of margin it adds.
CARD_FACE = 0.47
CARD_QR_MM = 52.0
CARD_TITLE_MM = 30 * 1.1 * PT_MM
CARD_TEXTS = {"round": (10.0, False, 2.0), "team": (8.5, False, 1.5), "seats": (12.5, True, 1.0),
              "dealer": (11.0, False, 1.5), "scan": (8.0, False, 1.5)}  # fmt: skip


def card_fits(
    packet: RoundPacket, table: PacketTable, sides: list[dict[str, Any]], date: str
) -> bool:
    """Whether a table card's front face holds its words at their usual sizes. Long names wrap
    onto more lines; a card whose lines would run past its edge prints them smaller (print.css
    .dense), whole. An estimate that errs long (layout.wrapped_lines)."""
    width = page_mm(packet.paper_size)[0] - 2 * PAGE_MARGIN_MM - CARD_QR_MM

    def mm(key: str, text: str, across: float = width) -> float:
        pt, bold, margin = CARD_TEXTS[key]
        return lines_mm(wrapped_lines(text, pt, across, bold), pt) + margin

    words = [packet.round_title, packet.event_name, date]
    height = CARD_TITLE_MM + mm("round", " · ".join(w for w in words if w))
    for side in sides:
        height += mm("team", side["title"]) if side["title"] else 0.0
        cell = width / 2 if len(side["people"]) > 1 else width
        height += max(mm("seats", f"{seat} {name}", cell) for name, _, seat, _ in side["people"])
    height += mm("dealer", f"{table.dealer} deals the first hand.") + mm("scan", "Scan")  # a line
    return height <= CARD_FACE * half_height_mm(packet.paper_size)


FIND_COLUMNS = 3  # the "find your table" list, read down each column
FIND_LINES = 56  # lines of that list that fit a page (print.css: .find-table, 8.5pt)


def _find_your_table(tables: Sequence[PacketTable]) -> list[list[list[tuple[str, int, str]]]]:
    """Everyone seated, alphabetically (``filing_key``), in blocks of at most a page of equal
    size (a block is kept on one page, so a list is never read down a column that a page break
    has cut), each read down its columns: a block is its lines, a line up to FIND_COLUMNS
    (name, table, seat)."""
    people = [(name, t.number, _seat(letter)) for t in tables for letter, name in t.seats]
    people.sort(key=lambda r: (filing_key(r[0]), r[1]))
    if not people:
        return []
    count = -(-len(people) // (FIND_COLUMNS * FIND_LINES))
    size = -(-len(people) // count)
    blocks = []
    for start in range(0, len(people), size):
        block = people[start : start + size]
        lines = -(-len(block) // FIND_COLUMNS)
        blocks.append([block[i::lines] for i in range(lines)])
    return blocks


# Rows past a round's hands (its max_hands): a game level after its last hand plays on.
TIE_ROWS = 2


def _sheet(packet: RoundPacket, table: PacketTable, date: str) -> dict[str, Any]:
    """The pre-filled score sheet of one table, as the blank sheet's template wants it.

    The members are printed after the sides' names only when a side has a name of its own
    ("Aces (Ann, Cy)"); "Ann & Cy (Ann, Cy)" would say it twice."""
    words = [packet.round_title, f"Table {table.number}", date, f"{table.dealer} deals first"]
    named = any(
        name != team_name(members)
        for name, members in zip(table.side_names, table.members, strict=True)
    )
    blank = BlankSheet(
        sides=table.side_names,
        members=table.members if named and len(table.seats) > table.side_count else (),
        rules=packet.rules,
        preset=packet.preset,
        rows=packet.sheet_rows,
        title=packet.event_name,
        subtitle=" \u00b7 ".join(w for w in words if w),
        paper_size=packet.paper_size,
        dealers=table.dealing_order,
    )
    if not packet.sheet_rows:
        fill = blank.fill_rows()
        hands = packet.rules.max_hands
        blank = replace(blank, rows=fill if hands is None else min(fill, hands + TIE_ROWS))
    return blank_context(blank)


def _standings_context(rows: Sequence[StandingRow], tiebreakers: Sequence[str]) -> dict[str, Any]:
    figures = [FIGURES[t] for t in tiebreakers if t in FIGURES]
    return {
        "rows": rows,
        "figures": figures,
        "order": ", then ".join(["wins", *(LABELS[t] for t in tiebreakers)]),
    }


def packet_html(packet: RoundPacket) -> str:
    """The packet as print HTML (one document: one render, one PDF)."""
    date = date_text(packet.date)
    tables = []
    for t in packet.tables:
        sides = _sides_of(t)
        tables.append(
            {
                "table": t,
                "sides": sides,
                "dealer_letter": t.dealer_letter,
                "qr": qr_image(t.link),
                "dense": not card_fits(packet, t, sides, date),
                "sheet": _sheet(packet, t, date),
            }
        )
    standings = None
    if packet.standings is not None:
        standings = _standings_context(packet.standings, packet.tiebreakers)
    return (
        templates()
        .get_template("print/packet.html")
        .render(
            packet=packet,
            date=date,
            tables=tables,
            headers=_side_headers(packet.tables),
            partners=_partnerships(packet.tables),
            find=_find_your_table(packet.tables),
            rules_lines=packet.rules_lines(),
            standings=standings,
            printing=True,
        )
    )


def render_packet_pdf(packet: RoundPacket) -> bytes:
    """The round's packet as PDF bytes: pairings, table cards, score sheets."""
    from .pdf import html_to_pdf  # WeasyPrint loads where packets are printed, not planned

    return html_to_pdf(packet_html(packet), packet.paper_size)


def standings_html(doc: StandingsPrint) -> str:
    return (
        templates()
        .get_template("print/standings.html")
        .render(
            doc=doc,
            date=date_text(doc.date),
            standings=_standings_context(doc.rows, doc.tiebreakers),
            printing=True,
        )
    )


def render_standings_pdf(doc: StandingsPrint) -> bytes:
    """The standings as PDF bytes: place, entrant, wins, the tie-breakers' figures, why."""
    from .pdf import html_to_pdf

    return html_to_pdf(standings_html(doc), doc.paper_size)
