"""The ladder page, and who reads the memory: the club's read-only link, or an event's public
link.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper import store
from scorekeeper.stats import (
    Ladder,
    LadderRow,
)
from scorekeeper.stats.model import Person

from ..errors import EventNotFound
from .club import Club, club_ladder, db_path, load_club
from .tables import NotFound

Database = store.Database


# --- capabilities ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reader:
    """Who reads the memory: the club's read-only link, or an event's public link."""

    token: str
    kind: str  # "club" or "event"
    event_name: str | None = None


def open_reader(db: Database, token: str) -> Reader:
    """A read-only link of the club (its own, or an event's public link); NotFound for any
    other text, a director's or the keeper's link included (they never open these pages)."""
    kind = store.club.link_kind(db, token)
    if kind == "reader":
        return Reader(token, "club")
    try:
        event = store.events.event_by_public_token(db, token)
    except EventNotFound:
        raise NotFound("No such link.") from None
    return Reader(token, "event", event.name)


# --- pages -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LadderLine:
    row: LadderRow
    name: str
    person: Person


@dataclass(frozen=True)
class LadderPage:
    reader: Reader
    lines: tuple[LadderLine, ...]
    games: int
    params: Any
    seasons: tuple[tuple[int, str], ...]


def _ladder_lines(club: Club, ladder: Ladder) -> tuple[LadderLine, ...]:
    return tuple(LadderLine(r, club.name(r.person), r.person) for r in ladder.rows(name=club.name))


def ladder_page(db: Database, token: str) -> LadderPage:
    reader = open_reader(db, token)
    club = load_club(db)
    ladder = club_ladder(club, db_path(db))
    return LadderPage(
        reader, _ladder_lines(club, ladder), len(club.games), ladder.params,
        tuple((s.id, s.name) for s in club.seasons),
    )  # fmt: skip


def ladder_of(db: Database) -> tuple[Club, Ladder]:
    """The club and its ladder, for the command line (no link: it holds the database)."""
    club = load_club(db)
    return club, club_ladder(club, db_path(db))


__all__ = [
    "LadderLine", "LadderPage", "Reader", "ladder_of", "ladder_page", "open_reader",
]  # fmt: skip
