"""Backups that run themselves inside the server, and `scorekeeper restore`.

The scheduler is a thread of the serving process: a backup once at start, then one every
BACKUP_HOURS while there were changes (SQLite's ``data_version`` moved), the last BACKUP_KEEP
kept. Where several processes serve one database, only the one holding the backup folder's
scheduler lock takes them (another takes over if it stops). Every outcome is logged on the
``scorekeeper.backups`` logger; a failure (a full disk, a copy that fails its check) is an
error there and the server goes on serving.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line starts without Flask (config) or the service loaded
    from scorekeeper.config import BackupSettings
    from scorekeeper.service import Database

log = logging.getLogger("scorekeeper.backups")

RETRY_TURN_S = 60.0  # how often a process that is not the scheduler asks again


class Scheduler(threading.Thread):
    """The server's own backups; ``stop()`` ends it (between backups, never inside one)."""

    def __init__(self, settings: BackupSettings) -> None:
        super().__init__(name="scorekeeper-backups", daemon=True)
        self.settings = settings
        self.stopping = threading.Event()
        self.taken = 0  # backups written (tests and the log read it)

    def stop(self) -> None:
        self.stopping.set()
        if self.is_alive():
            self.join()

    def run(self) -> None:
        from scorekeeper.service.backups import scheduler_turn

        while not self.stopping.is_set():
            with scheduler_turn(self.settings.folder) as mine:
                if mine:
                    self._schedule()
                    return
            self.stopping.wait(RETRY_TURN_S)

    def _schedule(self) -> None:
        from scorekeeper import service
        from scorekeeper.service.backups import data_version

        db = service.connect(self.settings.database)
        try:
            seen = data_version(db)
            self.backup(db)  # once at start
            interval = self.settings.hours * 3600
            while interval > 0 and not self.stopping.wait(interval):
                if (now := data_version(db)) != seen:
                    seen = now
                    self.backup(db)
        finally:
            db.close()

    def backup(self, db: Database) -> None:
        from scorekeeper import service

        settings = self.settings
        started = time.monotonic()
        try:
            taken = service.backups.take(db, settings.folder, settings.keep)
        except service.backups.BackupFailed as e:
            why = "the disk is full" if e.reason == "full" else e.detail
            log.error("backup FAILED (%s): no backup written; the database is untouched", why)
            return
        except OSError as e:
            log.error("backup FAILED (%s): no backup written; the database is untouched", e)
            return
        self.taken += 1
        for path in taken.partials:
            log.warning("removed a half-written backup an interruption left: %s", path.name)
        log.info(
            "backup written and checked in %.1f s: %s (%d kept, %d removed)",
            time.monotonic() - started, taken.path, len(service.backups.kept(settings.folder)),
            len(taken.removed),
        )  # fmt: skip


def cmd_restore(args: argparse.Namespace) -> int:
    from scorekeeper import service
    from scorekeeper.config import database_path

    database = database_path()
    try:
        done = service.backups.restore(Path(args.backup), database)
    except service.backups.InUse as e:
        print(f"scorekeeper: {e}: nothing was changed", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"scorekeeper: {e}: nothing was changed", file=sys.stderr)
        return 2
    print(f"restored {done.database} from {done.backup}")
    if done.replaced is not None and done.damaged is not None:
        print(
            f"the damaged database it replaced ({done.damaged}) is kept as it was found, as "
            f"{done.replaced} (its -wal and -shm files beside it, if it had them)"
        )
    elif done.replaced is not None:
        print(f"the database it replaced is kept as {done.replaced}")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    restore = sub.add_parser(
        "restore",
        help="put a backup back in the database's place (the server stopped)",
        description="Check BACKUP (a whole Spades Scorekeeper database) and put it in the "
        "database's place, keeping the database it replaces beside it. Refused while a "
        "server is using the database: stop the server first, start it again after.",
    )
    restore.add_argument("backup", metavar="BACKUP", help="the backup file to put back")
    restore.set_defaults(func=cmd_restore)
