"""Storage: the only module that speaks SQL.

SQLite through sqlite-utils. Every connection runs in WAL mode with a busy timeout and foreign
keys on, and has no implicit transactions (``isolation_level=None``): every write goes through
:func:`write`, which opens the transaction with ``BEGIN IMMEDIATE`` so that two writers queue on
the busy timeout instead of failing with "database is locked" halfway through a read-then-write.
The schema is a list of named migrations (sqlite-utils ``Migrations``), safe to apply again.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

__all__ = ["Database"]
from sqlite_utils.migrations import Migrations

BUSY_TIMEOUT_MS = 10_000
TOKEN_BYTES = 24  # 192 bits: edit and view links cannot be guessed

migrations = Migrations("scorekeeper")


class StaleGame(Exception):
    """The game changed since the caller read it: a concurrent edit, not to be overwritten."""

    def __init__(self, current: GameRecord) -> None:
        super().__init__(f"game {current.id} is at version {current.version}")
        self.current = current


class GameNotFound(LookupError):
    """No game has that token."""


# --- connections and transactions ------------------------------------------------------------


def connect(path: str | Path) -> Database:
    """Open the database file with the pragmas every connection needs."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    db = Database(conn, execute_plugins=False)
    if str(path) != ":memory:" and db.journal_mode != "wal":
        db.enable_wal()
    return db


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """A write transaction: ``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error.

    Nested sqlite-utils calls (insert, upsert, ...) see the open transaction and use savepoints.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def migrate(db: Database) -> list[str]:
    """Apply pending migrations in one immediate transaction; returns the names applied."""
    with write(db):
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
    return pending


def applied_migrations(db: Database) -> list[str]:
    return [m.name for m in migrations.applied(db)]


def backup(db: Database, destination: str | Path) -> Path:
    """A consistent copy of the live database (SQLite's online backup, safe while serving)."""
    destination = Path(destination)
    if destination.exists():
        raise FileExistsError(f"{destination} already exists")
    destination.parent.mkdir(parents=True, exist_ok=True)
    target = sqlite3.connect(str(destination))
    try:
        db.conn.backup(target)
    finally:
        target.close()
    return destination


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


# --- schema ----------------------------------------------------------------------------------


@migrations(name="0001_games")
def _m0001_games(db: Database) -> None:
    db["games"].create(
        {
            "id": int,
            "edit_token": str,
            "view_token": str,
            "title": str,
            "data": str,  # the game file (contract JSON): the single source of truth
            "version": int,  # bumped by every save; a save naming an older one is refused
            "finished": int,
            "winner": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"edit_token", "view_token", "data", "version", "created_at", "updated_at"},
        defaults={"version": 1, "finished": 0, "title": ""},
    )
    db["games"].create_index(["edit_token"], unique=True)
    db["games"].create_index(["view_token"], unique=True)
    # Every earlier state of a game, so a change can be undone and nothing is ever lost.
    db["game_history"].create(
        {
            "id": int,
            "game_id": int,
            "version": int,
            "data": str,
            "action": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "version", "data", "created_at"},
    )
    db["game_history"].create_index(["game_id", "version"], unique=True)


# --- games -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    id: int
    edit_token: str
    view_token: str
    title: str
    data: dict[str, Any]
    version: int
    finished: bool
    winner: str | None
    created_at: str
    updated_at: str


def _record(row: dict[str, Any]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        edit_token=row["edit_token"],
        view_token=row["view_token"],
        title=row["title"] or "",
        data=json.loads(row["data"]),
        version=row["version"],
        finished=bool(row["finished"]),
        winner=row["winner"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def create_game(
    db: Database,
    data: dict[str, Any],
    *,
    title: str = "",
    finished: bool = False,
    winner: str | None = None,
) -> GameRecord:
    """Store a new game with fresh edit and view tokens."""
    now = _now()
    row = {
        "edit_token": new_token(),
        "view_token": new_token(),
        "title": title,
        "data": _dump(data),
        "version": 1,
        "finished": int(finished),
        "winner": winner,
        "created_at": now,
        "updated_at": now,
    }
    with write(db):
        game_id = db["games"].insert(row).last_pk
    return _record({**row, "id": game_id})


def _get(db: Database, column: str, key: str | int) -> GameRecord:
    rows = list(db.query(f"select * from games where {column} = ?", [key]))  # noqa: S608
    if not rows:
        raise GameNotFound(str(key))
    return _record(rows[0])


def game_by_edit_token(db: Database, token: str) -> GameRecord:
    return _get(db, "edit_token", token)


def game_by_view_token(db: Database, token: str) -> GameRecord:
    return _get(db, "view_token", token)


def save_game(
    db: Database,
    game: GameRecord,
    data: dict[str, Any],
    *,
    action: str,
    finished: bool = False,
    winner: str | None = None,
    title: str | None = None,
) -> GameRecord:
    """Replace the game's file if nobody saved it since ``game.version`` was read.

    The previous state goes to the history (for undo). Raises :class:`StaleGame` with the
    current record when the version moved on: the caller shows it instead of overwriting.
    """
    now = _now()
    with write(db):
        current = _get(db, "id", game.id)
        if current.version != game.version:
            raise StaleGame(current)
        db["game_history"].insert(
            {
                "game_id": current.id,
                "version": current.version,
                "data": _dump(current.data),
                "action": action,
                "created_at": now,
            }
        )
        changes = {
            "data": _dump(data),
            "version": current.version + 1,
            "finished": int(finished),
            "winner": winner,
            "updated_at": now,
        }
        if title is not None:
            changes["title"] = title
        db["games"].update(current.id, changes)
    return _get(db, "id", game.id)


def delete_game(db: Database, game: GameRecord) -> None:
    with write(db):
        db.execute("delete from game_history where game_id = ?", [game.id])
        db.execute("delete from games where id = ?", [game.id])


def count_games(db: Database) -> int:
    return db["games"].count


def games_by_edit_tokens(db: Database, tokens: list[str]) -> list[GameRecord]:
    """The games with these edit tokens, in the order of ``tokens``; unknown tokens are skipped."""
    if not tokens:
        return []
    marks = ", ".join("?" for _ in tokens)
    rows = db.query(f"select * from games where edit_token in ({marks})", list(tokens))  # noqa: S608
    found = {row["edit_token"]: _record(row) for row in rows}
    return [found[t] for t in tokens if t in found]


# --- players, house rules, undo (migration 0002) ---------------------------------------------


@migrations(name="0002_players_and_house_rules")
def _m0002_players_and_house_rules(db: Database) -> None:
    # Names typed on this instance, suggested when the next game is set up.
    db["players"].create({"name": str, "last_used": str}, pk="name", not_null={"last_used"})
    # Named house rules ("Friday night rules"): a rules spec as the game file writes it.
    db["house_rules"].create(
        {"id": int, "name": str, "spec": str, "created_at": str, "updated_at": str},
        pk="id",
        not_null={"name", "spec", "created_at", "updated_at"},
    )
    db["house_rules"].create_index(["name"], unique=True)
    # A history row that was undone is kept (nothing is lost) but is no longer an undo target.
    db["game_history"].add_column("undone", int, not_null_default=0)


def remember_players(db: Database, names: list[str]) -> None:
    """Keep the names of a new game's players for the next game's suggestions."""
    now = _now()
    with write(db):
        db["players"].upsert_all(({"name": n, "last_used": now} for n in names), pk="name")


def player_names(db: Database, limit: int = 200) -> list[str]:
    """Names typed on this instance, most recently used first."""
    rows = db.query("select name from players order by last_used desc, name limit ?", [limit])
    return [row["name"] for row in rows]


@dataclass(frozen=True)
class HouseRules:
    id: int
    name: str
    spec: dict[str, Any]


def save_house_rules(db: Database, name: str, spec: dict[str, Any]) -> HouseRules:
    """Store a named rules spec; a second save under the same name replaces it.

    Names match regardless of case ("friday rules" replaces "Friday rules" and takes its new
    spelling): the web form asks before replacing (:func:`house_rules_by_name`).
    """
    now = _now()
    with write(db):
        rows = list(db.query("select id from house_rules where name = ? collate nocase", [name]))
        if rows:
            changes = {"name": name, "spec": _dump(spec), "updated_at": now}
            db["house_rules"].update(rows[0]["id"], changes)
            rule_id = rows[0]["id"]
        else:
            row = {"name": name, "spec": _dump(spec), "created_at": now, "updated_at": now}
            rule_id = db["house_rules"].insert(row).last_pk
    return HouseRules(rule_id, name, spec)


def all_house_rules(db: Database) -> list[HouseRules]:
    rows = db.query("select id, name, spec from house_rules order by updated_at desc, name")
    return [HouseRules(r["id"], r["name"], json.loads(r["spec"])) for r in rows]


def house_rules_by_id(db: Database, rule_id: int) -> HouseRules | None:
    rows = list(db.query("select id, name, spec from house_rules where id = ?", [rule_id]))
    if not rows:
        return None
    return HouseRules(rows[0]["id"], rows[0]["name"], json.loads(rows[0]["spec"]))


def house_rules_by_name(db: Database, name: str) -> HouseRules | None:
    """The saved rules with this name, ignoring case (as :func:`save_house_rules` matches)."""
    sql = "select id, name, spec from house_rules where name = ? collate nocase"
    rows = list(db.query(sql, [name]))
    if not rows:
        return None
    return HouseRules(rows[0]["id"], rows[0]["name"], json.loads(rows[0]["spec"]))


def delete_house_rules(db: Database, rule_id: int) -> bool:
    """Forget saved house rules; False when there were none with this id.

    Games keep their rules: each game file carries its own spec, never a reference to these.
    """
    with write(db):
        cursor = db.execute("delete from house_rules where id = ?", [rule_id])
    return cursor.rowcount > 0


@dataclass(frozen=True)
class Change:
    """A change that can be undone: the state before it and what it was."""

    history_id: int
    version: int
    action: str
    data: dict[str, Any]


def last_change(db: Database, game: GameRecord) -> Change | None:
    """The most recent change not yet undone (undos themselves are not undone)."""
    rows = list(
        db.query(
            "select id, version, action, data from game_history where game_id = ? "
            "and undone = 0 order by version desc limit 1",
            [game.id],
        )
    )
    if not rows:
        return None
    row = rows[0]
    return Change(row["id"], row["version"], row["action"] or "", json.loads(row["data"]))


def undo_last_change(
    db: Database,
    game: GameRecord,
    *,
    outcome: Callable[[dict[str, Any]], tuple[bool, str | None]] | None = None,
) -> GameRecord | None:
    """Put the game back as it was before its last change, if nobody saved since ``game.version``.

    The state being undone goes to the history too (marked undone), so nothing is lost. Returns
    None when there is nothing to undo; raises :class:`StaleGame` like :func:`save_game`.
    ``outcome`` maps the restored data to (finished, winner).
    """
    now = _now()
    with write(db):
        current = _get(db, "id", game.id)
        if current.version != game.version:
            raise StaleGame(current)
        change = last_change(db, current)
        if change is None:
            return None
        finished, winner = outcome(change.data) if outcome else (False, None)
        db["game_history"].insert(
            {
                "game_id": current.id,
                "version": current.version,
                "data": _dump(current.data),
                "action": f"undo {change.action}".strip(),
                "created_at": now,
                "undone": 1,
            }
        )
        db["game_history"].update(change.history_id, {"undone": 1})
        db["games"].update(
            current.id,
            {
                "data": _dump(change.data),
                "version": current.version + 1,
                "finished": int(finished),
                "winner": winner,
                "updated_at": now,
            },
        )
    return _get(db, "id", game.id)
