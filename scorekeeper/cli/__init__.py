"""The `scorekeeper` command, all of it: serve, migrate, backup, import (here), score
(``score``), pdf and blank-sheet (``printing``), event (``event``), club (``club``).

argparse, not Click, and imports deferred into each command: `scorekeeper score` must start
without loading Flask or WeasyPrint. Commands translate: the work is the application layer's
(``scorekeeper.service``), the engine's or printing's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
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

    from scorekeeper import create_app, service
    from scorekeeper.cli import backups, lan, serving
    from scorekeeper.config import backup_settings
    from scorekeeper.printing import pool

    # Each line out at once, whatever stdout is (a file, a pipe, a journal): "applied N
    # migrations" and the address are read while the server starts, not when it stops.
    serving.line_buffered()
    how = serving.Serving(
        args.host, args.port, server=args.server, threads=args.threads,
        workers=serving.default_workers(args.server) if args.workers is None else args.workers,
        connections=args.connections, idle_seconds=args.idle_timeout,
        graceful_seconds=args.graceful_timeout, worker_timeout=args.worker_timeout,
        access_log=args.access_log,
    )  # fmt: skip
    if (why := serving.refused(how)) is not None:
        print(f"scorekeeper: {why}", file=sys.stderr)
        return 2
    if (short := serving.open_files_for(how)) is not None:
        print(f"scorekeeper: warning: {short}", file=sys.stderr)
    # Held while serving: `scorekeeper restore` refuses to replace the file under a server (and
    # a server started during a restore waits for it), released by the ExitStack at the end.
    stack = contextlib.ExitStack()
    stack.enter_context(service.backups.serving(backup_settings().database))
    try:
        serving.check_port(args.host, args.port)  # before anything is migrated or said
        # Migrations (and the backup they take first) run once, here, before any worker is
        # forked; their connection is closed before. Printed sheets are made in printing
        # processes each serving process starts and warms up as it starts serving (below).
        cmd_migrate(args)
        app = create_app()
        _log_to_stderr()
        # Backups that run themselves (once now, then every BACKUP_HOURS while there were
        # changes): a thread each serving process starts after its fork; the one holding the
        # backup folder's lock takes them (serving.Hooks).
        settings = backup_settings(app.config)

        def start_own() -> Callable[[], None]:
            # The printers start and warm up now, in the background, in this serving process
            # (a gunicorn worker's own, after its fork), so that the first PDF asked for does
            # not wait 3-7 s for WeasyPrint to start; nothing waits for them. One printer a
            # process when several serve (each is a WeasyPrint), the second on demand.
            # The backups' thread first: a process that cannot start its own threads fails
            # here, before it has started any printing process that would outlive it.
            scheduler = backups.Scheduler(settings)
            scheduler.start()
            pool.warm(1 if how.workers > 1 else None)

            def stop() -> None:
                scheduler.stop()
                pool.shutdown()

            return stop

        _compile_templates(app)
        _settle_memory()
        # Where phones find it: printed here, and shown on the director's console.
        app.config["LAN_ADDRESSES"] = lan.announce(args.host, args.port)
        code = serving.serve(app, how, serving.Hooks(start_own))
    except serving.PortInUse:  # a second `make run`, or another program on it
        print(
            f"scorekeeper: port {args.port} on {args.host} is in use: is a server running there"
            " already? Stop it, or serve on another port (--port, or make run PORT=...).",
            file=sys.stderr,
        )
        return 1
    finally:
        stack.close()
        pool.shutdown()
    if code:
        print(f"scorekeeper: the server stopped with status {code} (see above)", file=sys.stderr)
    return code


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Spades Scorekeeper: keep score at the Spades table under any house rules.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    from scorekeeper.cli import serving  # the standard library only: no server loaded

    serve = sub.add_parser(
        "serve",
        help="serve the web app (gunicorn; waitress where the system cannot fork)",
        description="Apply pending migrations, then serve the web app: with gunicorn's "
        "threaded workers where the system can fork (Linux, macOS, the container), else with "
        "waitress (Windows). Use --host 0.0.0.0 to serve the phones on a club's LAN.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    serve.add_argument("--port", type=int, default=5000, help="port (default %(default)s)")
    serve.add_argument(
        "--server", choices=serving.SERVERS, default=serving.default_server(),
        help="gunicorn (worker processes, Linux and macOS) or waitress (one process, any "
        "system); default here: %(default)s",
    )  # fmt: skip
    serve.add_argument(
        "--workers", type=int, default=None,
        help=f"worker processes sharing the port (gunicorn: default {serving.GUNICORN_WORKERS}; "
        "waitress serves in one): README, 'A big night'",
    )  # fmt: skip
    serve.add_argument(
        "--threads", type=int, default=8, help="threads a worker (default %(default)s)"
    )
    serve.add_argument(
        "--connections", type=int, default=serving.CONNECTIONS,
        help="open connections a worker takes, a room of phones each keeping one "
        "(default %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--idle-timeout", type=int, default=serving.IDLE_SECONDS, metavar="SECONDS",
        help="close a connection idle this long (default %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--graceful-timeout", type=int, default=serving.GRACEFUL_SECONDS, metavar="SECONDS",
        help="on SIGTERM, finish the requests in hand within this, then stop whatever is "
        "left (gunicorn; default %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--worker-timeout", type=int, default=serving.WORKER_TIMEOUT_SECONDS, metavar="SECONDS",
        help="a worker silent this long is hung: killed and replaced (gunicorn; "
        "default %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--access-log", metavar="FILE",
        help="write a line a request to FILE (- for standard output; gunicorn); "
        "default: no access log",
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
    try:
        return int(args.func(args) or 0)
    except Exception as e:
        # every command that opens the database refuses a damaged one, or one a newer version
        # migrated, in one line saying what to do (no traceback: nothing is wrong with the app)
        if (line := _refusal(e)) is None:
            raise
        print(f"scorekeeper: {line}", file=sys.stderr)
        return 2


def _refusal(error: Exception) -> str | None:
    """What to say of a database this version must not open (None: not such an error)."""
    from scorekeeper import service
    from scorekeeper.config import backup_settings

    if isinstance(error, service.Damaged):
        folder = backup_settings().folder
        kept = service.backups.kept(folder)
        backup = str(kept[-1]) if kept else "BACKUP"
        which = f"the newest of {folder}" if kept else f"none is in {folder}: one kept elsewhere"
        return (
            f"{error}: stop every server using it, then put a backup back with "
            f"`scorekeeper restore {backup}` ({which}; the damaged file is kept aside)"
        )
    if isinstance(error, service.NewerDatabase):
        return (
            f"{error}: run that version or a newer one, or go back to the backup taken before "
            "it migrated the database (`scorekeeper restore BACKUP`, docs/deploy.md, Upgrades)"
        )
    return None


if __name__ == "__main__":
    sys.exit(main())
