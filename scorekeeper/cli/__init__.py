"""The `scorekeeper` command, all of it: serve, migrate, backup, import (here), score
(``score``), pdf and blank-sheet (``printing``), event (``event``), club (``club``).

argparse, not Click, and imports deferred into each command: `scorekeeper score` must start
without loading Flask or WeasyPrint. Commands translate: the work is the application layer's
(``scorekeeper.service``), the engine's or printing's.
"""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.cli import club, event, printing, score

if TYPE_CHECKING:
    from flask import Flask


def _database_path() -> Path:
    """The database the app would use, so the CLI and the server agree."""
    from scorekeeper.config import database_path

    return database_path()


def cmd_migrate(_args: argparse.Namespace) -> int:
    from scorekeeper import service
    from scorekeeper.config import backup_settings

    settings = backup_settings()
    path = settings.database
    db = service.connect(path)
    try:
        # an existing database is backed up before a migration changes it
        applied, taken = service.backups.migrate(db, path, settings.folder)
    finally:
        db.close()
    if taken is not None:
        print(f"backed up {path} to {taken} before migrating it")
    if applied:
        print(f"applied {len(applied)} migration(s) to {path}: {', '.join(applied)}")
    else:
        print(f"{path} is up to date")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from datetime import date

    from scorekeeper import service

    path = _database_path()
    if not path.exists():
        print(f"scorekeeper: no database at {path} yet: nothing to back up", file=sys.stderr)
        return 2
    out = Path(args.output or f"scorekeeper-backup-{date.today():%Y-%m-%d}.sqlite")
    db = service.connect(path)
    try:
        service.backup(db, out)
    except FileExistsError as e:
        print(f"scorekeeper: {e}: choose another file name", file=sys.stderr)
        return 2
    finally:
        db.close()
    print(f"backed up {path} to {out}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorekeeper import service
    from scorekeeper.rules import GameError

    text = score.read_text(args.file)
    if isinstance(text, int):
        return text
    db = service.connect(_database_path())
    try:
        service.migrate(db)
        record = service.kitchen.import_game(db, text)
    except GameError as e:
        return score.fail(str(e))
    finally:
        db.close()
    print(f"imported: edit /g/{record.edit_token}  read-only /v/{record.view_token}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import contextlib
    import signal

    from scorekeeper import create_app, service
    from scorekeeper.cli import backups, lan, workers
    from scorekeeper.config import backup_settings, proxy_count
    from scorekeeper.printing import pool

    serving = workers.Serving(
        args.host, args.port, threads=args.threads, workers=args.workers,
        connections=args.connections, idle_seconds=args.idle_timeout,
    )  # fmt: skip
    if (why := workers.refused(serving)) is not None:
        print(f"scorekeeper: {why}", file=sys.stderr)
        return 2
    if (short := workers.open_files_for(serving)) is not None:
        print(f"scorekeeper: warning: {short}", file=sys.stderr)
    # Held while serving: `scorekeeper restore` refuses to replace the file under a server (and
    # a server started during a restore waits for it), released by the ExitStack at the end.
    stack = contextlib.ExitStack()
    stack.enter_context(service.backups.serving(backup_settings().database))
    # Migrations run once, here, before any worker (thread or process) can touch the database.
    # Printed sheets are made in printing processes started (and warmed up) on the first one.
    cmd_migrate(args)
    app = create_app()
    _log_to_stderr()
    # Behind a trusted proxy the app reads its X-Forwarded-* headers (PROXY_FIX); waitress
    # would otherwise drop them before the app sees them, as it should for a direct client.
    serving = replace(serving, clear_proxy_headers=not proxy_count(app.config))
    # Backups that run themselves (once now, then every BACKUP_HOURS while there were changes):
    # in this process only, started once the workers are forked (workers.serve's ``alone``).
    scheduler = backups.Scheduler(backup_settings(app.config))

    def backing_up() -> Callable[[], None]:
        scheduler.start()
        return scheduler.stop

    _compile_templates(app)
    _settle_memory()
    # Where phones find it: printed here, and shown on the director's console.
    app.config["LAN_ADDRESSES"] = lan.announce(args.host, args.port)
    if serving.workers > 1:
        print(f"serving with {serving.workers} worker processes", flush=True)
    # Stopped by SIGTERM (a service manager, `kill`) as by Ctrl+C: waitress ends its loop and
    # its threads (in each worker), then the printing workers are stopped and waited for, so
    # nothing is left behind (not even their queues' semaphores, which the resource tracker
    # would report).
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        workers.serve(app, serving, alone=backing_up)
    except KeyboardInterrupt:
        pass
    except OSError as e:  # the port: a second `make run`, or another program on it
        if e.errno != errno.EADDRINUSE:
            raise
        print(
            f"scorekeeper: port {args.port} on {args.host} is in use: is a server running there"
            " already? Stop it, or serve on another port (--port, or make run PORT=...).",
            file=sys.stderr,
        )
        return 1
    finally:
        signal.signal(signal.SIGTERM, previous)
        stack.close()
        pool.shutdown()
    return 0


def _log_to_stderr() -> None:
    """The app's own log lines (the backups') on standard error, with their time."""
    import logging

    logger = logging.getLogger("scorekeeper")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False  # waitress gives the root logger a handler: once is enough


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def _compile_templates(app: Flask) -> None:
    """Before serving (before the workers fork, which then share them): every page template
    compiled, rather than each worker compiling each on its first request (about 0.4 s of CPU
    a worker, spent in the first seconds of a room of phones: bench/bench_bignight.py's first
    loads of the public page waited for it)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)


def _settle_memory() -> None:
    """Before serving: the objects made at start (Flask, Jinja, the compiled code; a hundred
    thousand of them) are never freed, so the cyclic garbage collector is told to leave them out
    of its counts and scans (gc.freeze), and it runs after 10,000 new objects rather than 700:
    a page makes a few thousand, so the young objects of several pages go at once instead of
    the collector walking them page by page."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def _workers_default(name: str) -> int:
    from scorekeeper.cli import workers

    value: int = getattr(workers, name)
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Spades Scorekeeper: keep score at the Spades table under any house rules.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    serve = sub.add_parser(
        "serve",
        help="serve the web app with the production server (waitress)",
        description="Apply pending migrations, then serve the web app with waitress. "
        "Use --host 0.0.0.0 to serve the phones on a club's LAN.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    serve.add_argument("--port", type=int, default=5000, help="port (default %(default)s)")
    serve.add_argument(
        "--threads", type=int, default=8, help="threads a worker (default %(default)s)"
    )
    serve.add_argument(
        "--workers", type=int, default=1,
        help="worker processes sharing the port, for a big night on a machine with several "
        "cores (Linux, macOS; default %(default)s): README, 'A big night'",
    )  # fmt: skip
    serve.add_argument(
        "--connections", type=int, default=_workers_default("CONNECTIONS"),
        help="open connections a worker takes, a room of phones each keeping one "
        "(default %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--idle-timeout", type=int, default=_workers_default("IDLE_SECONDS"), metavar="SECONDS",
        help="close a connection idle this long (default %(default)s)",
    )  # fmt: skip
    serve.set_defaults(func=cmd_serve)

    migrate = sub.add_parser(
        "migrate",
        help="create or upgrade the database schema",
        description="Apply the named schema migrations that the database has not had yet. "
        "Safe to run again.",
    )
    migrate.set_defaults(func=cmd_migrate)

    backup = sub.add_parser(
        "backup",
        help="copy the database to a file, safely while the server runs",
        description="Write a consistent copy of the database (SQLite's online backup) to OUTPUT, "
        "checked before it is given its name. To put one back: scorekeeper restore BACKUP.",
    )
    backup.add_argument(
        "output", nargs="?", help="the file to write (default scorekeeper-backup-DATE.sqlite)"
    )
    backup.set_defaults(func=cmd_backup)

    imports = sub.add_parser(
        "import",
        help="store a game file as a new game and print its edit link's path",
        description="Check a game file (JSON, see docs/contract.md) with the engine and store "
        "it as a new game, as the web app's Import page does. Prints the path of its edit "
        "link (/g/...) and of its read-only link (/v/...).",
    )
    imports.add_argument("file", metavar="GAMEFILE", help="the game file, or - for standard input")
    imports.set_defaults(func=cmd_import)

    from scorekeeper.cli import backups

    backups.add_parser(sub)
    score.add_parser(sub)
    printing.add_parsers(sub)  # argparse only: WeasyPrint loads inside the commands
    event.add_parser(sub)
    club.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
