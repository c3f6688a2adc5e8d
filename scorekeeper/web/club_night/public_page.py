"""What the public page shows a phone first, and the rest on demand: a page that grows with what
one player needs, not with the event.

A club night (a round of at most :data:`TABLES_ON_PAGE` tables, at most :data:`STANDINGS_ON_PAGE`
entrants) shows everything on the one page, as it always did. A big event shows a player's
phone the round and its clock, a box to find one's table (by a name or the table's number), that
table's card when found (``?table=N``), and the top of the standings; the round's tables and the
whole standings are pages of their own (``/tables?page=N``, ``/standings?page=N``), linked.

Everything here reads an :class:`~scorekeeper.service.club_night.EventView` (kept by the service
while the event's version holds): no query of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from scorekeeper.rules.names import bare_letters
from scorekeeper.service.club_night import EventView, TableView

TABLES_ON_PAGE = 16  # a round of at most this many tables shows them all on the event's page
STANDINGS_ON_PAGE = 32  # at most this many entrants: the whole standings on the event's page
STANDINGS_TOP = 10  # the top of a bigger event's standings on its page
TABLES_A_PAGE = 50  # a page of tables, of a big round
STANDINGS_A_PAGE = 100  # a page of the standings, of a big event
FOUND_AT_MOST = 20  # tables listed for a name typed in "Find your table"
MAX_PAGE = 10_000


@dataclass(frozen=True)
class Part:
    """Rows ``first``..``last`` (from 1) of ``total``: page ``page`` of ``pages``."""

    rows: tuple[Any, ...]
    first: int
    last: int
    total: int
    page: int
    pages: int

    @property
    def whole(self) -> bool:
        return self.pages <= 1


def page_number(text: str | None) -> int:
    """``?page=N``: ASCII digits, 1 to MAX_PAGE; anything else is page 1."""
    if text and text.isascii() and text.isdigit() and len(text) <= 5:
        return min(max(int(text), 1), MAX_PAGE)
    return 1


def table_number(text: str | None) -> int | None:
    """``?table=N``: a table's number (ASCII digits, 1 to 100,000), else None."""
    if text and text.isascii() and text.isdigit() and len(text) <= 6 and int(text) > 0:
        return int(text)
    return None


def part(rows: Sequence[Any], page: int, size: int) -> Part:
    """Page ``page`` (past the last: the last) of ``rows``, ``size`` a page."""
    pages = max(1, ceil(len(rows) / size))
    page = min(page, pages)
    start = (page - 1) * size
    shown = tuple(rows[start : start + size])
    return Part(shown, start + 1, start + len(shown), len(rows), page, pages)


def big_round(view: EventView) -> bool:
    """Whether the current round's tables go on pages of their own."""
    rnd = view.current
    return rnd is not None and len(rnd.tables) > TABLES_ON_PAGE


def big_standings(view: EventView) -> bool:
    return len(view.standings) > STANDINGS_ON_PAGE


def top_standings(view: EventView) -> tuple[Any, ...]:
    """The standings the event's page shows: all of a club night's, the top of a big event's."""
    rows = view.standings
    return tuple(rows[:STANDINGS_TOP]) if big_standings(view) else tuple(rows)


def your_table(view: EventView, number: int | None) -> TableView | None:
    """Table ``number`` of the current round, when it has one."""
    rnd = view.current
    return rnd.table(number) if rnd is not None and number is not None else None


@dataclass(frozen=True)
class Found:
    """A table of the current round found by a name typed: its number and who matched."""

    table: int
    names: tuple[str, ...]


def find(view: EventView, typed: str) -> tuple[Found, ...]:
    """The current round's tables where a player's or a side's name holds what was typed
    (case, spacing and accents aside: "elodie" finds Élodie, "lukasz" Łukasz), or the table of
    that number; at most FOUND_AT_MOST."""
    rnd = view.current
    text = typed.strip()[:80]
    if rnd is None or not text:
        return ()
    number = table_number(text)
    if number is not None:
        return (Found(number, ()),) if rnd.table(number) else ()
    key = bare_letters(" ".join(text.split()))
    found = []
    for t in rnd.tables:
        people = (*t.side_names, *(name for _, name in t.seats))
        names = [n for n in people if key in bare_letters(n)]
        if names:
            found.append(Found(t.number, tuple(dict.fromkeys(names))))
            if len(found) == FOUND_AT_MOST:
                break
    return tuple(found)
