"""Backups that run themselves, the backup before a migration, and putting one back.

The server's scheduler (``scorekeeper.cli.backups``) calls :func:`take` once at start and then
every few hours while there were changes; ``scorekeeper migrate`` and ``serve`` call
:func:`migrate` (a backup first when a migration is about to change an existing database);
``scorekeeper restore`` calls :func:`restore`.

Names say when (UTC) and why: ``scorekeeper-20261127-061500.sqlite`` for a scheduled one (the
last KEEP of these are kept), ``scorekeeper-20261127-061500-before-0011_x.sqlite`` for one taken
before a migration (kept until removed by hand: an upgrade is rare and worth going back from).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.store import Database, backups, migrations
from scorekeeper.store.backups import (
    BackupFailed,
    InUse,
    data_version,
    scheduler_turn,
    serving,
)

__all__ = [
    "BackupFailed", "InUse", "Restored", "Taken", "data_version", "kept", "migrate", "restore",
    "scheduler_turn", "serving", "take",
]  # fmt: skip

PREFIX = "scorekeeper-"
SUFFIX = ".sqlite"
STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True)
class Taken:
    """A backup written and checked, and the older ones it let go."""

    path: Path
    removed: list[Path] = field(default_factory=list)
    partials: list[Path] = field(default_factory=list)  # half-written ones a crash left


@dataclass(frozen=True)
class Restored:
    database: Path
    backup: Path
    replaced: Path | None  # where the database it replaced is kept (None: there was none)
    damaged: str | None = None  # what was wrong with it, if damaged (then kept as it was found)


def _name(when: datetime, why: str = "") -> str:
    return f"{PREFIX}{when.astimezone(UTC):{STAMP}}{'-' + why if why else ''}{SUFFIX}"


def _free_name(folder: Path, why: str = "") -> Path:
    """A new file's name: the time now, and a counter past those already taken in the same
    second, so names sort in the order the backups were taken."""
    when = datetime.now(UTC)
    if why:
        path, n = folder / _name(when, why), 1
        while path.exists():
            n += 1
            path = folder / _name(when, f"{why}-{n}")
        return path
    stamp = f"{when:{STAMP}}"
    same = [_order(p)[1] for p in kept(folder) if _order(p)[0] == stamp]
    return folder / _name(when, str(max(same) + 1) if same else "")


def kept(folder: Path) -> list[Path]:
    """The scheduled backups in ``folder``, oldest first (before-migration ones apart)."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if _ORDER.fullmatch(p.name)]
    return sorted(found, key=_order)


# A scheduled backup's name: its time, and a counter when two came in one second.
_ORDER = re.compile(rf"{PREFIX}(\d{{8}}-\d{{6}})(?:-(\d+))?{re.escape(SUFFIX)}")


def _order(path: Path) -> tuple[str, int]:
    found = _ORDER.fullmatch(path.name)
    assert found is not None
    return found.group(1), int(found.group(2) or 1)


def take(db: Database, folder: Path, keep: int) -> Taken:
    """A scheduled backup of ``db`` into ``folder``, then only the last ``keep`` kept.
    :class:`BackupFailed` when none could be written (nothing removed then)."""
    partials = backups.remove_partials(folder)
    path = backups.write_backup(db.conn, _free_name(folder))
    everything = kept(folder)
    removed = everything[: max(0, len(everything) - max(keep, 1))]
    for old in removed:
        old.unlink(missing_ok=True)
    return Taken(path, removed, partials)


def migrate(db: Database, database: Path, folder: Path) -> tuple[list[str], Path | None]:
    """Apply pending migrations, after a backup if they change an existing database: the
    names applied, and the backup taken (None when none was needed)."""
    applied = migrations.applied_migrations(db)
    pending = [m.name for m in migrations.migrations.pending(db)]
    taken = None
    if applied and pending:
        taken = backups.write_backup(db.conn, _free_name(folder, f"before-{pending[0]}"))
    return migrations.migrate(db), taken


def restore(backup: Path, database: Path) -> Restored:
    """Put ``backup`` in the database's place, keeping the database it replaces beside it.

    Refused (:class:`InUse`) while a server holds the database; :class:`ValueError` when the
    file is not a whole Spades Scorekeeper database; ``NewerDatabase`` when a newer version
    made it. A damaged database (what a restore is for) is moved aside as it was found, with
    its WAL and shared memory (``Restored.damaged`` says what was wrong).
    """
    if not backup.is_file():
        raise ValueError(f"{backup}: no such file")
    checked = backups.integrity(backup)
    if checked != "ok":
        raise ValueError(f"{backup} is not a whole database: {checked}")
    if not backups.migrated(backup):
        raise ValueError(f"{backup} is not a Spades Scorekeeper database")
    with backups.exclusive(database):
        replaced = None
        if database.exists():
            replaced = database.with_name(_name(datetime.now(UTC), "replaced-by-restore"))
        damaged = backups.restore_file(backup, database, replaced or database)
    return Restored(database, backup, replaced, damaged)
