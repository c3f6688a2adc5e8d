"""Connections and transactions.

Every connection runs in WAL mode with a busy timeout and foreign keys on, and has no implicit
transactions (``isolation_level=None``): every write goes through :func:`write`. Commits are
``synchronous = FULL``: a hand the scorer saw saved survives a power cut, not only a crash.

A write the database cannot take now (another process held the lock past the busy timeout, or
the disk is full) raises :class:`Unavailable`, never a bare ``sqlite3`` error: nothing was
written, and the caller can say so and keep what was typed.

**Writers queue in the process.** SQLite lets one writer in at a time; the others wait in its
busy handler, which sleeps and polls on a growing schedule (1, 2, 5, 10 ... 100 ms), so under a
busy club night a save could sleep on long after the lock was free (a save's p99 near a second
at 16 phones). The threads of one process writing one file therefore queue on a lock of their
own first (:func:`_writer_lock`): each goes in as the one before commits, and only another
process's writer (a backup, the command line) is left to SQLite's busy handler.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from itertools import count
from pathlib import Path
from typing import Any

import sqlite_utils

BUSY_TIMEOUT_MS = 10_000  # the command line's; pages wait less (the app's BUSY_TIMEOUT_MS)
TOKEN_BYTES = 24  # 192 bits: edit and view links cannot be guessed

_savepoints = count(1)

_writer_locks: dict[str, threading.RLock] = {}
_writer_locks_guard = threading.Lock()


def _writer_lock(path: str | Path) -> threading.RLock:
    """This process's queue of writers to the database file at ``path`` (one for every
    connection to it). Reentrant: a thread already writing through another connection goes on
    to SQLite, which answers busy as it would without the queue."""
    key = os.path.realpath(path)
    with _writer_locks_guard:
        return _writer_locks.setdefault(key, threading.RLock())


class Database(sqlite_utils.Database):
    """sqlite-utils' Database with what :func:`connect` adds: how long a write waits for its
    turn, and the queue of this process's writers to the file (None in memory)."""

    busy_timeout_s: float = BUSY_TIMEOUT_MS / 1000
    writers: threading.RLock | None = None


PRIVATE = 0o600  # the database, its WAL and shared-memory files, backups: the owner's only


def private_file(path: str | Path) -> None:
    """Narrow ``path`` to its owner only, if it exists and is readable by others (a file that
    is not ours to change, in a shared install, is left as it is).

    By name, never by opening it: closing any descriptor of a database file drops every POSIX
    lock the process holds on it, the other connections' included.
    """
    try:
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, PRIVATE)
    except (FileNotFoundError, PermissionError):
        pass


class Unavailable(Exception):
    """The database cannot take a write now; nothing was written.

    ``reason`` is ``"busy"`` (another process held the write lock longer than the busy timeout)
    or ``"full"`` (no room left on the disk, or the database at its size limit).
    """

    def __init__(self, reason: str, error: BaseException | None = None) -> None:
        super().__init__(f"database {reason}: {error}" if error else f"database {reason}")
        self.reason = reason


# SQLite's primary result codes (the low byte of an extended code) that mean "not now".
_SQLITE_REASONS = {5: "busy", 6: "busy", 13: "full"}  # SQLITE_BUSY, SQLITE_LOCKED, SQLITE_FULL


def unavailable(error: BaseException) -> Unavailable | None:
    """The :class:`Unavailable` an error from SQLite or the file system means, if it means one."""
    if isinstance(error, Unavailable):
        return error
    if isinstance(error, sqlite3.OperationalError):
        code = getattr(error, "sqlite_errorcode", None)
        reason = _SQLITE_REASONS.get(code & 0xFF) if code is not None else None
        text = str(error)
        if reason is None and ("locked" in text or "busy" in text):
            reason = "busy"
        if reason is None and "full" in text:
            reason = "full"
        return Unavailable(reason, error) if reason else None
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return Unavailable("full", error)
    return None


class Damaged(Exception):
    """The database file is damaged: not a database (its header overwritten), cut short, or
    pages of it overwritten. Nothing in it can be trusted to read or write: a backup must be put
    back (``scorekeeper restore``, which keeps the damaged file aside). ``what``: SQLite's words."""

    def __init__(self, path: str | Path, what: str) -> None:
        super().__init__(f"the database {path} is damaged ({what})")
        self.path = Path(path)
        self.what = what


# SQLite's primary result codes that mean the file itself is damaged.
_SQLITE_DAMAGED = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


def damaged(error: BaseException, path: str | Path) -> Damaged | None:
    """The :class:`Damaged` an error from SQLite means, if it means one."""
    if isinstance(error, Damaged):
        return error
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.DatabaseError) or code is None:
        return None
    return Damaged(path, str(error)) if code & 0xFF in _SQLITE_DAMAGED else None


def check_whole(db: Database) -> None:
    """:class:`Damaged` unless SQLite's ``quick_check`` finds the database whole (every page
    read once: a fraction of a second for a club's years of games)."""
    path = database_file(db)
    try:
        found = [str(row[0]) for row in db.conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as e:
        if (why := damaged(e, path)) is None:
            raise
        raise why from e
    if found != ["ok"]:
        raise Damaged(path, "; ".join(found[:3]))


def database_file(db: Database) -> str:
    """The file of ``db``'s main database ("" in memory)."""
    for _seq, name, file in db.conn.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return str(file)
    return ""


def connect(path: str | Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Database:
    """Open the database file with the pragmas every connection needs.

    ``busy_timeout_ms`` is how long a write waits for another writer before giving up
    (:class:`Unavailable`): the command line waits long, a page request briefly.

    The file is private to its owner (:data:`PRIVATE`): made so as SQLite creates it (empty
    then), before anything is written; SQLite gives the WAL and shared-memory files the
    database's own mode, and any an older version left wider are narrowed here.

    A file that is no database, or whose first pages are damaged, raises :class:`Damaged`.
    """
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(
        str(path), timeout=busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False
    )
    if str(path) != ":memory:":
        for name in (str(path), f"{path}-wal", f"{path}-shm"):
            private_file(name)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")
        db = Database(conn, execute_plugins=False)
        # how long a write waits for its turn; the queue of this process's writers, if on a file
        db.busy_timeout_s = busy_timeout_ms / 1000
        db.writers = None if str(path) == ":memory:" else _writer_lock(path)
        if str(path) != ":memory:" and db.journal_mode != "wal":
            db.enable_wal()
    except sqlite3.DatabaseError as e:
        conn.close()
        if (why := damaged(e, path)) is None:
            raise
        raise why from e
    return db


def insert(db: Database, table: str, row: dict[str, Any]) -> int:
    """Insert ``row`` into ``table``; its new id."""
    pk = db.table(table).insert(row).last_pk
    assert isinstance(pk, int)
    return pk


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """A write transaction that nests.

    At the outer level: ``BEGIN IMMEDIATE`` ... ``COMMIT`` (two writers queue, in this process on
    its writer lock, else on the busy timeout, instead of failing with "database is locked"
    halfway through a read-then-write). Inside an open transaction: a SAVEPOINT, released on
    success and rolled back on error, so its work commits or vanishes with the outer
    transaction. Any error rolls back what this level did.
    A busy or full database raises :class:`Unavailable` (from the outer level, once rolled back).
    """
    conn = db.conn
    if conn.in_transaction:
        name = f"write_{next(_savepoints)}"
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield db
        except BaseException:
            if conn.in_transaction:
                conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                conn.execute(f"RELEASE SAVEPOINT {name}")
            raise
        conn.execute(f"RELEASE SAVEPOINT {name}")
        return
    writers = db.writers
    if writers is not None and not writers.acquire(timeout=db.busy_timeout_s):
        raise Unavailable("busy")  # this process's writers ahead of it held on past the timeout
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except (sqlite3.OperationalError, OSError) as e:
        if (why := unavailable(e)) is None:
            raise
        raise why from e
    finally:
        if writers is not None:
            writers.release()


def readable(db: Database) -> bool:
    """One cheap read (the migrations table: a few rows); False if the database cannot answer."""
    try:
        db.conn.execute("select count(*) from _sqlite_migrations").fetchone()
    except sqlite3.Error:
        return False
    return True


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def now_exact() -> str:
    """The time to the microsecond, always in the same form (so such times sort as text)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_token() -> str:
    """A link token. Never one starting with "-": a command line (``--db TOKEN``) would read it
    as an option (1 token in 64 did, failing the event command's tests now and then)."""
    while (token := secrets.token_urlsafe(TOKEN_BYTES)).startswith("-"):
        pass
    return token


def dump(data: Any) -> str:
    """JSON as stored: compact, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
