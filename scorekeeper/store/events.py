"""Club events: the event, its people and entrants, rounds and tables (each table's game is an
ordinary game in ``games``).

Rows come back as frozen records with their JSON columns read; nothing here knows the formats
or the rules: the event core decides, this module remembers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .db import Database, dump, insert, new_token, now, write


class EventNotFound(LookupError):
    """No event has that link (or id)."""


@dataclass(frozen=True)
class EventRecord:
    id: int
    name: str
    date: str
    rules: dict[str, Any] | str
    format: str
    rounds: int
    sides_per_table: int
    target_score: int | None
    max_hands: int | None
    round_minutes: int | None
    tiebreakers: tuple[str, ...]
    cut: int | None
    seed: int | None
    director_token: str
    public_token: str
    status: str
    version: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class PersonRecord:
    id: int
    name: str


@dataclass(frozen=True)
class EntrantRecord:
    id: int
    event_id: int
    name: str
    members: tuple[int, ...]  # people ids
    ord: int
    active: bool
    joined_round: int
    fixed_table: int | None


@dataclass(frozen=True)
class RoundRecord:
    id: int
    event_id: int
    number: int
    status: str
    knockout: bool
    byes: tuple[int, ...]
    notes: tuple[str, ...]
    created_at: str
    updated_at: str
    clock_deadline: float | None = None  # a running clock reaches zero then (epoch seconds)
    clock_left: int | None = None  # a paused clock's seconds left


@dataclass(frozen=True)
class TableRecord:
    """A table with what the event pages need of its game (never the game file itself)."""

    id: int
    round_id: int
    round_number: int
    number: int
    position: int
    entrants: tuple[int, ...]
    seats: tuple[tuple[str, str], ...]
    dealer: str
    game_id: int
    fixed: bool
    paper: dict[str, Any] | None
    edit_token: str
    view_token: str
    game_version: int
    closed_version: int | None = None  # the game's version when its round closed
    corrected: bool = False  # a correction after close recorded as such (a paper result)

    @property
    def corrected_after_close(self) -> bool:
        """Whether the table's result changed after its round closed: a correction recorded
        as such, or its game changed since (a hand added, fixed or undone)."""
        moved = self.closed_version is not None and self.game_version != self.closed_version
        return self.corrected or (moved and self.paper is None)


@dataclass(frozen=True)
class TableRef:
    """Where a game is played in an event: what the table's game page shows on top."""

    event_name: str
    public_token: str
    round_number: int
    round_status: str
    table_number: int
    rounds: int
    round_minutes: int | None = None
    clock_deadline: float | None = None
    clock_left: int | None = None
    round_hands: int | None = None  # the event's hands a round (its max_hands)
    on_paper: bool = False  # the director typed the table's result: it counts, not the game


# --- events --------------------------------------------------------------------------------

_EVENT_COLUMNS = (
    "id, name, date, rules, format, rounds, sides_per_table, target_score, max_hands, "
    "round_minutes, tiebreakers, cut, seed, director_token, public_token, status, version, "
    "created_at, updated_at"
)


def _event(row: Sequence[Any]) -> EventRecord:
    values = list(row)
    values[3] = json.loads(values[3])
    values[10] = tuple(json.loads(values[10]))
    return EventRecord(*values)


def create_event(
    db: Database, fields: dict[str, Any], *, created: str | None = None
) -> EventRecord:
    """Store a new event with fresh director and public tokens. ``fields`` are the columns
    from ``name`` to ``seed`` (``rules`` a spec, ``tiebreakers`` a list); ``created`` the
    creation time (an imported event keeps its own; else now)."""
    stamp = now()
    row = {
        **fields,
        "rules": dump(fields["rules"]),
        "tiebreakers": dump(list(fields["tiebreakers"])),
        "director_token": new_token(),
        "public_token": new_token(),
        "status": "open",
        "version": 1,
        "created_at": created or stamp,
        "updated_at": stamp,
    }
    with write(db):
        event_id = insert(db, "events", row)
    return event_by_id(db, event_id)


def _get_event(db: Database, column: str, key: str | int) -> EventRecord:
    sql = f"select {_EVENT_COLUMNS} from events where {column} = ?"  # noqa: S608 -- ours
    row = db.conn.execute(sql, (key,)).fetchone()
    if row is None:
        raise EventNotFound(str(key))
    return _event(row)


def event_by_id(db: Database, event_id: int) -> EventRecord:
    return _get_event(db, "id", event_id)


def event_by_director_token(db: Database, token: str) -> EventRecord:
    return _get_event(db, "director_token", token)


def event_by_public_token(db: Database, token: str) -> EventRecord:
    return _get_event(db, "public_token", token)


def touch_event(db: Database, event_id: int, **changes: Any) -> None:
    """Bump the event's version (what its pages poll), with any column changes."""
    with write(db):
        sets = "".join(f", {c} = ?" for c in changes)
        db.conn.execute(
            f"update events set version = version + 1, updated_at = ?{sets} where id = ?",  # noqa: S608
            (now(), *changes.values(), event_id),
        )


def event_version(db: Database, event_id: int) -> tuple[int, int, int]:
    """(event version, sum of its table games' versions, tables): changes whenever anything
    the event's pages show changes, in one query."""
    return _version(db, "id", event_id)


def event_version_by_public_token(db: Database, token: str) -> tuple[int, int, int]:
    """:func:`event_version` found by the public link, still one query: what the public and
    projector pages poll every few seconds."""
    return _version(db, "public_token", token)


def _version(db: Database, column: str, key: str | int) -> tuple[int, int, int]:
    sql = (  # the column is ours, never typed
        "select e.version, coalesce(sum(g.version), 0), count(g.id) from events e "  # noqa: S608
        "left join event_rounds r on r.event_id = e.id "
        "left join event_tables t on t.round_id = r.id "
        f"left join games g on g.id = t.game_id where e.{column} = ? group by e.id"
    )
    row = db.conn.execute(sql, (key,)).fetchone()
    if row is None:
        raise EventNotFound(str(key))
    return row[0], row[1], row[2]


# --- people --------------------------------------------------------------------------------


def people_named(
    db: Database, names: Iterable[str], key: Callable[[str], str] | None = None
) -> list[PersonRecord]:
    """The people with these names (ignoring case), created when new, in the order given.
    ``key`` is what two names are compared by (the service gives ``rules.names.name_key``:
    "josé" is "JOSÉ"): a name not found as spelled is compared with every person's key, and
    then with the names people had before a rename, so an old name finds them too."""
    out = []
    keyed: dict[str, tuple[int, str]] | None = None
    with write(db):
        for name in names:
            row = db.conn.execute(
                "select id, name from people where name = ? collate nocase", (name,)
            ).fetchone()
            if row is None and key is not None:
                if keyed is None:
                    keyed = {}
                    for pid, known in db.conn.execute("select id, name from people order by id"):
                        keyed.setdefault(key(known), (pid, known))
                row = keyed.get(key(name))
                if row is None:
                    row = db.conn.execute(
                        "select p.id, p.name from person_names n "
                        "join people p on p.id = n.person_id where n.key = ?",
                        (key(name),),
                    ).fetchone()
            if row is None:
                row = (insert(db, "people", {"name": name, "created_at": now()}), name)
                if keyed is not None and key is not None:
                    keyed[key(name)] = row
            out.append(PersonRecord(*row))
    return out


def people_by_ids(db: Database, ids: Iterable[int]) -> dict[int, PersonRecord]:
    ids = list(set(ids))
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = db.conn.execute(f"select id, name from people where id in ({marks})", ids)  # noqa: S608
    return {r[0]: PersonRecord(*r) for r in rows}


# --- entrants ------------------------------------------------------------------------------

_ENTRANT_COLUMNS = "id, event_id, name, members, ord, active, joined_round, fixed_table"


def _entrant(row: Sequence[Any]) -> EntrantRecord:
    id_, event_id, name, members, ord_, active, joined, fixed = row
    return EntrantRecord(
        id_, event_id, name, tuple(json.loads(members)), ord_, bool(active), joined, fixed
    )


def add_entrant(
    db: Database,
    event_id: int,
    name: str,
    members: Sequence[int],
    *,
    joined_round: int = 1,
    active: bool = True,
    fixed_table: int | None = None,
) -> EntrantRecord:
    """Register an entrant last in the registration order."""
    with write(db):
        (last,) = db.conn.execute(
            "select coalesce(max(ord), 0) from event_entrants where event_id = ?", (event_id,)
        ).fetchone()
        row = {
            "event_id": event_id,
            "name": name,
            "members": dump(list(members)),
            "ord": last + 1,
            "active": int(active),
            "joined_round": joined_round,
            "fixed_table": fixed_table,
            "created_at": now(),
        }
        entrant_id = insert(db, "event_entrants", row)
    return EntrantRecord(
        entrant_id, event_id, name, tuple(members), last + 1, active, joined_round, fixed_table
    )


def entrants_of(db: Database, event_id: int) -> list[EntrantRecord]:
    """Every entrant of the event, dropped ones too, in registration order."""
    rows = db.conn.execute(
        f"select {_ENTRANT_COLUMNS} from event_entrants where event_id = ? order by ord",  # noqa: S608
        (event_id,),
    )
    return [_entrant(r) for r in rows]


def update_entrant(db: Database, entrant_id: int, **changes: Any) -> None:
    """Change ``active`` or ``fixed_table`` (or ``joined_round``) of one entrant."""
    if "active" in changes:
        changes["active"] = int(changes["active"])
    with write(db):
        db.table("event_entrants").update(entrant_id, changes)


def move_late_entrants(db: Database, event_id: int, round_number: int) -> None:
    """Entrants waiting for a later round can join ``round_number`` (it is being re-paired)."""
    with write(db):
        db.conn.execute(
            "update event_entrants set joined_round = ? where event_id = ? and joined_round > ?",
            (round_number, event_id, round_number),
        )


# --- rounds and tables ---------------------------------------------------------------------

_ROUND_COLUMNS = (
    "id, event_id, number, status, knockout, byes, notes, created_at, updated_at, "
    "clock_deadline, clock_left"
)


def _round(row: Sequence[Any]) -> RoundRecord:
    id_, event_id, number, status, knockout, byes, notes, created, updated, deadline, left = row
    return RoundRecord(
        id_, event_id, number, status, bool(knockout), tuple(json.loads(byes)),
        tuple(json.loads(notes)), created, updated, deadline, left,
    )  # fmt: skip


def rounds_of(db: Database, event_id: int) -> list[RoundRecord]:
    rows = db.conn.execute(
        f"select {_ROUND_COLUMNS} from event_rounds where event_id = ? order by number",  # noqa: S608
        (event_id,),
    )
    return [_round(r) for r in rows]


def add_round(
    db: Database,
    event_id: int,
    number: int,
    *,
    byes: Sequence[int] = (),
    notes: Sequence[str] = (),
    knockout: bool = False,
    status: str = "seated",
    clock_deadline: float | None = None,
) -> RoundRecord:
    stamp = now()
    row = {
        "event_id": event_id,
        "number": number,
        "status": status,
        "knockout": int(knockout),
        "byes": dump(list(byes)),
        "notes": dump(list(notes)),
        "created_at": stamp,
        "updated_at": stamp,
        "clock_deadline": clock_deadline,
    }
    with write(db):
        round_id = insert(db, "event_rounds", row)
    return RoundRecord(
        round_id, event_id, number, status, knockout, tuple(byes), tuple(notes), stamp, stamp,
        clock_deadline,
    )  # fmt: skip


def update_round(db: Database, round_id: int, **changes: Any) -> None:
    """Change a round's ``status``, ``byes`` or clock (``clock_deadline``, ``clock_left``)."""
    if "byes" in changes:
        changes["byes"] = dump(list(changes["byes"]))
    with write(db):
        db.table("event_rounds").update(round_id, {**changes, "updated_at": now()})


def add_table(
    db: Database,
    round_id: int,
    *,
    number: int,
    position: int,
    entrants: Sequence[int],
    seats: Sequence[tuple[str, str]],
    dealer: str,
    game_id: int,
    fixed: bool = False,
    paper: dict[str, Any] | None = None,
    closed_version: int | None = None,
    corrected: bool = False,
) -> int:
    row = {
        "closed_version": closed_version,
        "corrected": int(corrected),
        "round_id": round_id,
        "number": number,
        "position": position,
        "entrants": dump(list(entrants)),
        "seats": dump([list(s) for s in seats]),
        "dealer": dealer,
        "game_id": game_id,
        "fixed": int(fixed),
        "paper": None if paper is None else dump(paper),
    }
    with write(db):
        return insert(db, "event_tables", row)


def update_table(db: Database, table_id: int, **changes: Any) -> None:
    """Change a table's ``paper`` result, ``fixed`` flag, or seating (``entrants``, ``seats``,
    ``dealer``, ``game_id``)."""
    for key in ("entrants", "seats"):
        if key in changes:
            changes[key] = dump([list(s) if isinstance(s, tuple) else s for s in changes[key]])
    if "paper" in changes and changes["paper"] is not None:
        changes["paper"] = dump(changes["paper"])
    for flag in ("fixed", "corrected"):
        if flag in changes:
            changes[flag] = int(changes[flag])
    with write(db):
        db.table("event_tables").update(table_id, changes)


def mark_closed(db: Database, round_id: int) -> None:
    """Remember each table's game version as its round closes: a later version is a
    correction after close."""
    with write(db):
        db.conn.execute(
            "update event_tables set closed_version = "
            "(select version from games g where g.id = event_tables.game_id) where round_id = ?",
            (round_id,),
        )


def renumber_tables(db: Database, round_id: int, numbers: dict[int, int]) -> None:
    """Give tables of one round new numbers ({table id: number}); numbers may be exchanged."""
    with write(db):
        for table_id in numbers:  # out of the way first: (round, number) is unique
            db.conn.execute(
                "update event_tables set number = -id where id = ? and round_id = ?",
                (table_id, round_id),
            )
        for table_id, number in numbers.items():
            db.conn.execute(
                "update event_tables set number = ? where id = ? and round_id = ?",
                (number, table_id, round_id),
            )


def delete_round(db: Database, round_id: int) -> list[int]:
    """Delete a round and its tables; returns the ids of the tables' games (the caller deletes
    them: a game is the games module's record)."""
    with write(db):
        game_ids = [
            r[0]
            for r in db.conn.execute(
                "select game_id from event_tables where round_id = ?", (round_id,)
            )
        ]
        db.conn.execute("delete from event_tables where round_id = ?", (round_id,))
        db.conn.execute("delete from event_rounds where id = ?", (round_id,))
    return game_ids


_TABLE_SELECT = (
    "select t.id, t.round_id, r.number, t.number, t.position, t.entrants, t.seats, t.dealer, "
    "t.game_id, t.fixed, t.paper, g.edit_token, g.view_token, g.version, t.closed_version, "
    "t.corrected "
    "from event_tables t join event_rounds r on r.id = t.round_id "
    "join games g on g.id = t.game_id "
)


@lru_cache(maxsize=50_000)
def _table(row: tuple[Any, ...]) -> TableRecord:
    """A table row decoded; the same row gives the same record object (memoized: a page that
    reads hundreds of unchanged tables every few seconds decodes each once)."""
    (id_, round_id, round_number, number, position, entrants, seats, dealer, game_id, fixed,
     paper, edit, view, version, closed_version, corrected) = row  # fmt: skip
    return TableRecord(
        id_, round_id, round_number, number, position, tuple(json.loads(entrants)),
        tuple((s, n) for s, n in json.loads(seats)), dealer, game_id, bool(fixed),
        None if paper is None else json.loads(paper), edit, view, version, closed_version,
        bool(corrected),
    )  # fmt: skip


def tables_of_event(db: Database, event_id: int) -> list[TableRecord]:
    """Every table of every round, by round then table number, with its game's tokens and
    version (one query; the game files stay in the database)."""
    rows = db.conn.execute(
        _TABLE_SELECT + "where r.event_id = ? order by r.number, t.number", (event_id,)
    )
    return [_table(tuple(r)) for r in rows]


def table_of_game(db: Database, game_id: int) -> TableRef | None:
    """The event, round and table a game is played at; None for a game outside any event."""
    row = db.conn.execute(
        "select e.name, e.public_token, r.number, r.status, t.number, e.rounds, "
        "e.round_minutes, r.clock_deadline, r.clock_left, e.max_hands, t.paper is not null "
        "from event_tables t join event_rounds r on r.id = t.round_id "
        "join events e on e.id = r.event_id where t.game_id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    (name, public_token, number, status, table, rounds, minutes, deadline, left, hands,
     paper) = row  # fmt: skip
    return TableRef(name, public_token, number, status, table, rounds, minutes, deadline, left,
                    hands, bool(paper))  # fmt: skip


def last_round_clock(
    db: Database, public_token: str
) -> tuple[int, str, float | None, int | None] | None:
    """(number, status, clock_deadline, clock_left) of the event's last round, None before
    round 1; EventNotFound for an unknown link. One query: what a table's phone polls."""
    row = db.conn.execute(
        "select e.id, r.number, r.status, r.clock_deadline, r.clock_left from events e "
        "left join event_rounds r on r.event_id = e.id where e.public_token = ? "
        "order by r.number desc limit 1",
        (public_token,),
    ).fetchone()
    if row is None:
        raise EventNotFound(public_token)
    return None if row[1] is None else (row[1], row[2], row[3], row[4])


def game_files(db: Database, game_ids: Iterable[int]) -> dict[int, tuple[int, dict[str, Any]]]:
    """(version, game file) of these games, by id: for the tables whose results are not cached
    (the version is the one read with the file)."""
    ids = list(game_ids)
    out: dict[int, tuple[int, dict[str, Any]]] = {}
    for start in range(0, len(ids), 500):  # SQLite's limit on bound parameters
        chunk = ids[start : start + 500]
        marks = ", ".join("?" for _ in chunk)
        sql = f"select id, version, data from games where id in ({marks})"  # noqa: S608
        out.update((r[0], (r[1], json.loads(r[2]))) for r in db.conn.execute(sql, chunk))
    return out


# --- links of games replaced before play -------------------------------------------------------

REPLACED_WHY = ("swap", "repair")


@dataclass(frozen=True)
class ReplacedLink:
    """A link of a table's game that a swap or a re-pair replaced (the game itself is gone):
    which link it was (``edit`` or ``view``), the event (its name and public link), the round
    and table it scored, why and when it was replaced, and the read-only link of the game at
    that round's table of that number now (None when the round has no such table now)."""

    kind: str
    event_name: str
    public_token: str
    round_number: int
    table_number: int
    why: str
    replaced_at: str
    view_token_now: str | None


def record_replaced(
    db: Database,
    *,
    event_id: int,
    round_number: int,
    table_number: int,
    edit_token: str,
    view_token: str,
    why: str,
) -> None:
    """Keep a replaced game's links (inside the caller's transaction, before the game goes)."""
    assert why in REPLACED_WHY
    with write(db):
        db.conn.execute(
            "insert or replace into replaced_links (edit_token, view_token, event_id, "
            "round_number, table_number, why, created_at) values (?, ?, ?, ?, ?, ?, ?)",
            (edit_token, view_token, event_id, round_number, table_number, why, now()),
        )


_REPLACED = (
    "select e.name, e.public_token, x.round_number, x.table_number, x.why, x.created_at, "
    "(select g.view_token from event_rounds r join event_tables t on t.round_id = r.id "
    " join games g on g.id = t.game_id where r.event_id = x.event_id "
    " and r.number = x.round_number and t.number = x.table_number) "
    "from replaced_links x join events e on e.id = x.event_id"
)


def replaced_link(db: Database, token: str, kind: str) -> ReplacedLink | None:
    """The replaced game whose ``kind`` link (``edit`` or ``view``) is ``token``, or None. One
    query, with the read-only link of its round's table of that number now."""
    column = {"edit": "edit_token", "view": "view_token"}[kind]
    sql = f"{_REPLACED} where x.{column} = ?"  # noqa: S608 -- ours
    row = db.conn.execute(sql, (token,)).fetchone()
    if row is None:
        return None
    return ReplacedLink(kind, row[0], row[1], row[2], row[3], row[4], row[5], row[6])
