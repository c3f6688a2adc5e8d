"""The club's memory: every event's tables at once, people (renames, merges and their undo),
the club's two links (the keeper's, and a read-only one) and seasons.

Nothing here counts anything: the games stay the one record of what happened, and the stats
core counts them every time (through the service's caches; ``game_results`` keeps what the
memory computed from a game at one version, never read at another). A rename keeps the old name in
``person_names`` so games written with it still find the person; a merge sets
``people.merged_into`` and is logged in ``person_changes``, so it can be undone.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .db import Database, Unavailable, insert, new_token, now, write


@dataclass(frozen=True)
class ClubTable:
    """One table of one event, with what the memory needs (never the game file)."""

    table_id: int
    event_id: int
    round_number: int
    knockout: bool
    number: int
    position: int
    entrants: tuple[int, ...]
    paper: dict[str, Any] | None
    game_id: int
    edit_token: str
    view_token: str
    version: int
    kept: dict[str, Any] | None = None  # the game's result kept at this version (game_results)


@dataclass(frozen=True)
class ClubEvent:
    id: int
    name: str
    date: str
    public_token: str
    format: str
    sides_per_table: int
    tiebreakers: tuple[str, ...]
    created_at: str


@dataclass(frozen=True)
class ClubRound:
    event_id: int
    number: int
    knockout: bool
    byes: tuple[int, ...]


@dataclass(frozen=True)
class ClubEntrant:
    id: int
    event_id: int
    name: str
    members: tuple[int, ...]
    ord: int
    active: bool


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    merged_into: int | None


@dataclass(frozen=True)
class PersonChange:
    id: int
    kind: str
    person_id: int
    other_id: int | None
    old_name: str | None
    new_name: str | None
    created_at: str
    undone_at: str | None


@dataclass(frozen=True)
class SeasonRecord:
    id: int
    name: str
    start: str | None
    end: str | None
    events: tuple[int, ...] | None
    scheme: dict[str, Any]
    created_at: str


# --- the whole club at once ----------------------------------------------------------------


def club_tables(db: Database) -> list[ClubTable]:
    """Every table of every event (one query), in no particular order."""
    rows = db.conn.execute(
        "select t.id, r.event_id, r.number, r.knockout, t.number, t.position, t.entrants, "
        "t.paper, t.game_id, g.edit_token, g.view_token, g.version, k.result "
        "from event_tables t join event_rounds r on r.id = t.round_id "
        "join games g on g.id = t.game_id "
        "left join game_results k on k.edit_token = g.edit_token and k.version = g.version"
    )
    return [_club_table(tuple(r)) for r in rows]


def forget_results(db: Database) -> None:
    """Drop every kept result (always safe: the next read scores the games again)."""
    with write(db):
        db.conn.execute("delete from game_results")


def keep_results(db: Database, results: Sequence[tuple[str, int, dict[str, Any]]]) -> bool:
    """Keep each game's result as of its version, (edit token, version, result): one write,
    replacing the row of an older version, and dropping those of deleted games. Best effort,
    for a page that only reads: False, with nothing written, when the database cannot take
    the write now."""
    if not results:
        return True
    rows = [(token, v, json.dumps(r, separators=(",", ":"))) for token, v, r in results]
    try:
        with write(db):
            db.conn.executemany(
                "insert or replace into game_results (edit_token, version, result) "
                "values (?, ?, ?)",
                rows,
            )
            # and the rows of games deleted since (an event deleted): nothing else reads them
            db.conn.execute(
                "delete from game_results where edit_token not in (select edit_token from games)"
            )
    except (Unavailable, sqlite3.Error):
        return False
    return True


_TABLES: dict[tuple[Any, ...], ClubTable] = {}


def _club_table(row: tuple[Any, ...]) -> ClubTable:
    """A row decoded once while it is unchanged (the key is the row itself)."""
    hit = _TABLES.get(row)
    if hit is None:
        tid, eid, rnd, ko, number, pos, entrants, paper, gid, edit, view, version, kept = row
        hit = ClubTable(
            tid, eid, rnd, bool(ko), number, pos, tuple(json.loads(entrants)),
            None if paper is None else json.loads(paper), gid, edit, view, version,
            None if kept is None else json.loads(kept),
        )  # fmt: skip
        if len(_TABLES) > 100_000:
            _TABLES.clear()
        _TABLES[row] = hit
    return hit


def club_events(db: Database) -> list[ClubEvent]:
    rows = db.conn.execute(
        "select id, name, date, public_token, format, sides_per_table, tiebreakers, created_at "
        "from events order by date, id"
    )
    return [
        ClubEvent(i, n, d or "", p, f, s, tuple(json.loads(t)), c)
        for i, n, d, p, f, s, t, c in rows
    ]


def club_rounds(db: Database) -> list[ClubRound]:
    rows = db.conn.execute("select event_id, number, knockout, byes from event_rounds")
    return [ClubRound(e, n, bool(k), tuple(json.loads(b))) for e, n, k, b in rows]


def club_entrants(db: Database) -> list[ClubEntrant]:
    """Every event's entrants (one query); an unchanged row gives the same record object."""
    rows = db.conn.execute("select id, event_id, name, members, ord, active from event_entrants")
    return [_club_entrant(tuple(r)) for r in rows]


_ENTRANTS: dict[tuple[Any, ...], ClubEntrant] = {}


def _club_entrant(row: tuple[Any, ...]) -> ClubEntrant:
    hit = _ENTRANTS.get(row)
    if hit is None:
        i, e, n, m, o, a = row
        hit = ClubEntrant(i, e, n, tuple(json.loads(m)), o, bool(a))
        if len(_ENTRANTS) > 200_000:
            _ENTRANTS.clear()
        _ENTRANTS[row] = hit
    return hit


def club_version(db: Database) -> tuple[int, int, int, int, int]:
    """Moves with any change the memory counts: a table's game saved (its version), an
    event changed (every change to an event, its entrants, rounds and paper results moves its
    version), a person renamed or merged, a season changed (one query)."""
    row = db.conn.execute(
        "select (select coalesce(sum(g.version), 0) + count(*) from event_tables t "
        "join games g on g.id = t.game_id), "
        "(select coalesce(max(id), 0) + count(*) from event_rounds) + "
        "(select coalesce(sum(version), 0) + count(*) from events), "
        "(select count(*) from person_changes) + "
        "(select count(*) from person_changes where undone_at is not null), "
        "(select coalesce(max(id), 0) from people), "
        "(select coalesce(max(rowid), 0) + count(*) from seasons)"
    ).fetchone()
    return tuple(row)


# --- people --------------------------------------------------------------------------------


def people(db: Database) -> dict[int, Person]:
    rows = db.conn.execute("select id, name, merged_into from people")
    return {i: Person(i, n, m) for i, n, m in rows}


def person(db: Database, person_id: int) -> Person | None:
    row = db.conn.execute(
        "select id, name, merged_into from people where id = ?", (person_id,)
    ).fetchone()
    return None if row is None else Person(*row)


def former_names(db: Database) -> dict[str, int]:
    """Name key -> person id, for names people were known by before a rename."""
    return dict(db.conn.execute("select key, person_id from person_names"))


def rename(db: Database, person_id: int, old: str, new: str, old_key: str, new_key: str) -> None:
    """Rename a person; the old name stays theirs (games written with it still find them)."""
    stamp = now()
    with write(db):
        db.conn.execute("update people set name = ? where id = ?", (new, person_id))
        db.conn.execute("delete from person_names where key = ?", (new_key,))
        if old_key != new_key:
            db.conn.execute(
                "insert or replace into person_names (key, person_id, name, created_at) "
                "values (?, ?, ?, ?)",
                (old_key, person_id, old, stamp),
            )
        insert(
            db,
            "person_changes",
            {
                "kind": "rename",
                "person_id": person_id,
                "old_name": old,
                "new_name": new,
                "created_at": stamp,
            },
        )


def merge(db: Database, person_id: int, into_id: int) -> int:
    """Merge ``person_id`` into ``into_id``; returns the change's id (to undo it by)."""
    with write(db):
        db.conn.execute("update people set merged_into = ? where id = ?", (into_id, person_id))
        return insert(
            db,
            "person_changes",
            {"kind": "merge", "person_id": person_id, "other_id": into_id, "created_at": now()},
        )


def unmerge(db: Database, change_id: int, person_id: int) -> None:
    with write(db):
        db.conn.execute("update people set merged_into = null where id = ?", (person_id,))
        db.conn.execute("update person_changes set undone_at = ? where id = ?", (now(), change_id))


def changes(db: Database) -> list[PersonChange]:
    rows = db.conn.execute(
        "select id, kind, person_id, other_id, old_name, new_name, created_at, undone_at "
        "from person_changes order by id desc"
    )
    return [PersonChange(*r) for r in rows]


def change(db: Database, change_id: int) -> PersonChange | None:
    row = db.conn.execute(
        "select id, kind, person_id, other_id, old_name, new_name, created_at, undone_at "
        "from person_changes where id = ?",
        (change_id,),
    ).fetchone()
    return None if row is None else PersonChange(*row)


# --- the club's links ----------------------------------------------------------------------


def club_link(db: Database, kind: str, *, make: bool = False, fresh: bool = False) -> str | None:
    """The club's ``kind`` link ("keeper" or "reader"): made when ``make`` and there is none,
    replaced when ``fresh`` (the old one stops working)."""
    row = db.conn.execute("select token from club_links where kind = ?", (kind,)).fetchone()
    if row is not None and not fresh:
        return str(row[0])
    if not (make or fresh):
        return None
    token = new_token()
    with write(db):
        db.conn.execute(
            "insert or replace into club_links (kind, token, created_at) values (?, ?, ?)",
            (kind, token, now()),
        )
    return token


def link_kind(db: Database, token: str) -> str | None:
    row = db.conn.execute("select kind from club_links where token = ?", (token,)).fetchone()
    return None if row is None else str(row[0])


# --- seasons -------------------------------------------------------------------------------


def _season(row: Sequence[Any]) -> SeasonRecord:
    i, name, start, end, events, scheme, created = row
    return SeasonRecord(
        i, name, start, end, None if events is None else tuple(json.loads(events)),
        json.loads(scheme), created,
    )  # fmt: skip


_SEASON_COLUMNS = 'id, name, start, "end", events, scheme, created_at'


def seasons(db: Database) -> list[SeasonRecord]:
    rows = db.conn.execute(f"select {_SEASON_COLUMNS} from seasons order by start desc, id desc")  # noqa: S608
    return [_season(r) for r in rows]


def season(db: Database, season_id: int) -> SeasonRecord | None:
    row = db.conn.execute(
        f"select {_SEASON_COLUMNS} from seasons where id = ?",  # noqa: S608
        (season_id,),
    ).fetchone()
    return None if row is None else _season(row)


def season_named(db: Database, name: str) -> SeasonRecord | None:
    row = db.conn.execute(
        f"select {_SEASON_COLUMNS} from seasons where name = ? collate nocase",  # noqa: S608
        (name,),
    ).fetchone()
    return None if row is None else _season(row)


def create_season(
    db: Database,
    name: str,
    start: str | None,
    end: str | None,
    events: Sequence[int] | None,
    scheme: dict[str, Any],
) -> int:
    stamp = now()
    with write(db):
        return insert(
            db,
            "seasons",
            {
                "name": name,
                "start": start,
                "end": end,
                "events": None if events is None else json.dumps(list(events)),
                "scheme": json.dumps(scheme),
                "created_at": stamp,
                "updated_at": stamp,
            },
        )


def database_name(db: Database) -> str:
    """Which database this is (its file), for caches that keep one entry a database."""
    row = db.conn.execute("pragma database_list").fetchone()
    return row[2] or f"memory:{id(db.conn)}"
