"""Backup files and the server's hold on its database.

A backup is SQLite's online backup of the live database (a snapshot: writers go on meanwhile),
written under a temporary name in the backup's own folder, flushed to the disk, checked
(``PRAGMA integrity_check``) and only then renamed into place, so a backup interrupted by a
crash, a kill or a full disk is never found under a backup's name. The live database is only
read.

A serving process holds a shared lock (``flock``) on ``DATABASE.lock`` for as long as it serves;
``restore`` takes it exclusively, so it refuses while any server holds the file, and a server
started meanwhile waits for the restore to finish.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from . import migrations
from .db import PRIVATE, Damaged, Database, connect, database_file

if sys.platform == "win32":  # no flock: there the server runs in the container (docs/deploy.md)
    LOCK_EX = LOCK_NB = LOCK_SH = 0

    def flock(_fd: int, _how: int) -> None:
        return None

else:
    from fcntl import LOCK_EX, LOCK_NB, LOCK_SH, flock

PARTIAL = ".partial"


class BackupFailed(Exception):
    """No backup was written. ``reason``: "full" (no room on the disk), "damaged" (the copy
    failed its integrity check) or "error" (anything else); the live database is untouched."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


class InUse(Exception):
    """A server holds the database: it must be stopped first."""


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every system can open a folder to sync it
        _fsync(folder)


def integrity(path: str | Path, *, file_only: bool = False) -> str:
    """What ``PRAGMA integrity_check`` says of the database file at ``path`` ("ok" if whole).
    ``file_only``: of the file alone, its WAL and shared memory neither read nor touched (a
    whole database's file is whole without its WAL)."""
    uri = f"{Path(path).resolve().as_uri()}?{'immutable=1' if file_only else 'mode=ro'}"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as e:
        return f"not a readable database: {e}"
    return "; ".join(str(row[0]) for row in rows)


def migrated(path: str | Path) -> list[str]:
    """The names of the migrations applied to the database at ``path`` (none: not ours)."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            rows = conn.execute("select name from _sqlite_migrations order by id").fetchall()
    except sqlite3.DatabaseError:
        return []
    return [str(name) for (name,) in rows]


def data_version(db: Database) -> int:
    """Changes whenever another connection (any process) commits to the database since this
    connection last asked: how the scheduler knows there were changes."""
    return int(db.conn.execute("PRAGMA data_version").fetchone()[0])


def write_backup(source: sqlite3.Connection, destination: Path) -> Path:
    """A whole, checked copy of ``source`` at ``destination`` (which must not exist), or
    :class:`BackupFailed` with nothing left behind."""
    if destination.exists():
        raise FileExistsError(f"{destination} already exists")
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(f".{destination.name}{PARTIAL}")
    partial.unlink(missing_ok=True)
    try:
        os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
        with contextlib.closing(sqlite3.connect(str(partial))) as target:
            source.backup(target)
            # The copy is one file that stands alone: out of the live database's WAL mode, so
            # checking it (read-only) leaves no -wal or -shm beside it.
            target.execute("PRAGMA journal_mode=DELETE")
        _fsync(partial)
        checked = integrity(partial)
        if checked != "ok":
            raise BackupFailed("damaged", f"the copy failed its integrity check: {checked}")
        os.replace(partial, destination)
        _fsync_folder(destination.parent)
    except BackupFailed:
        _remove(partial)
        raise
    except (sqlite3.Error, OSError) as e:
        _remove(partial)
        text = str(e)
        full = "full" in text or getattr(e, "errno", None) in (28, 122)  # ENOSPC, EDQUOT
        raise BackupFailed("full" if full else "error", text) from e
    return destination


# The files SQLite may keep beside a database while it is written or read.
SIDE_FILES = ("-journal", "-wal", "-shm")


def _remove(partial: Path) -> None:
    """A temporary backup and the files SQLite kept beside it while writing it."""
    for path in (partial, *(Path(f"{partial}{side}") for side in SIDE_FILES)):
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def backup(db: Database, destination: str | Path) -> Path:
    """A consistent copy of the live database (SQLite's online backup, safe while serving).
    A copy that fails its check is a copy of a damaged database (:class:`Damaged`)."""
    try:
        return write_backup(db.conn, Path(destination))
    except BackupFailed as e:
        if e.reason != "damaged":
            raise
        raise Damaged(database_file(db), e.detail) from e


def remove_partials(folder: Path) -> list[Path]:
    """Backups a crash or a kill left half-written (only the scheduler's one process writes
    into its folder, so none of these is being written now)."""
    if not folder.is_dir():
        return []
    found = sorted(folder.glob(f".*{PARTIAL}"))
    beside = [path for side in SIDE_FILES for path in folder.glob(f".*{PARTIAL}{side}")]
    for path in [*found, *beside]:
        path.unlink(missing_ok=True)
    return found


def restore_file(backup: Path, database: Path, replaced: Path) -> str | None:
    """Put ``backup`` in ``database``'s place, the database it replaces kept at ``replaced``:
    a whole copy (its WAL included) when it is whole, else the damaged file itself moved there
    with its WAL and shared memory beside it (``replaced-wal``, ``replaced-shm``: SQLite finds
    them so), byte for byte. Returns what was wrong with it (None: it was whole, or there was
    none). The caller holds the database exclusively (:func:`exclusive`)."""
    _refuse_newer(backup)
    restoring = database.with_name(f".{database.name}.restoring")
    restoring.unlink(missing_ok=True)
    wrong = None
    if database.exists():
        wrong = _damage(database)
        if wrong is None:
            try:
                current = connect(database)
                try:
                    write_backup(current.conn, replaced)
                finally:
                    current.close()
            except (Damaged, BackupFailed) as e:  # its WAL damaged: the copy cannot be whole
                if isinstance(e, BackupFailed) and e.reason == "full":
                    raise
                _remove(replaced)
                wrong = str(e)
        if wrong is not None:
            set_aside(database, replaced)
    uri = f"{backup.resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as source:
        write_backup(source, restoring)
    # The replaced database's WAL and shared memory must not meet the restored file.
    for leftover in (Path(f"{database}-wal"), Path(f"{database}-shm")):
        leftover.unlink(missing_ok=True)
    os.replace(restoring, database)
    _fsync_folder(database.parent)
    return wrong


def _refuse_newer(backup: Path) -> None:
    """:class:`~scorekeeper.store.migrations.NewerDatabase` if a newer version made ``backup``:
    put back, it would be refused at the next start."""
    uri = f"{backup.resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
        migrations.refuse_newer(Database(conn))


def _damage(database: Path) -> str | None:
    """What is wrong with the database's own file (None: it is whole), read without touching
    it or the files beside it."""
    checked = integrity(database, file_only=True)
    return None if checked == "ok" else checked


def set_aside(database: Path, aside: Path) -> None:
    """Move ``database`` and the files SQLite keeps beside it to ``aside`` (and ``aside-wal``
    ...), untouched: a damaged database is kept as it was found, never read through SQLite."""
    if aside.exists():
        raise FileExistsError(f"{aside} already exists")
    for side in ("", *SIDE_FILES):
        source = Path(f"{database}{side}")
        if source.exists():
            os.replace(source, Path(f"{aside}{side}"))
    _fsync_folder(aside.parent)


def _lock_file(database: Path) -> IO[bytes]:
    database.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(f"{database}.lock", os.O_RDWR | os.O_CREAT, PRIVATE)
    return os.fdopen(fd, "r+b")


@contextlib.contextmanager
def serving(database: Path) -> Iterator[None]:
    """Held by a serving process while it serves (shared: several may serve one file)."""
    handle = _lock_file(database)
    try:
        flock(handle.fileno(), LOCK_SH)  # waits out a restore
        yield
    finally:
        handle.close()


@contextlib.contextmanager
def exclusive(database: Path) -> Iterator[None]:
    """The database held by this process alone; :class:`InUse` at once if a server holds it."""
    handle = _lock_file(database)
    try:
        try:
            flock(handle.fileno(), LOCK_EX | LOCK_NB)
        except BlockingIOError as e:
            raise InUse(f"a server is using {database}: stop it first") from e
        yield
    finally:
        handle.close()


@contextlib.contextmanager
def scheduler_turn(folder: Path) -> Iterator[bool]:
    """True for the one process that takes the scheduled backups into ``folder`` (the first to
    ask; another takes over if it stops); False for the others, at once."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / ".scheduler.lock", os.O_RDWR | os.O_CREAT, PRIVATE)
    with os.fdopen(fd, "r+b") as handle:
        try:
            flock(handle.fileno(), LOCK_EX | LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
