"""`scorekeeper event standings|csv|export|import`: a club event's standings and files, for
clubs that script.

An event is read from a saved event file (the console's "Event file (JSON)") or, with
``--db TOKEN``, from this instance's database by its director's or public link's token (the
last part of ``/e/...`` or ``/p/...``). Only ``import`` writes.
"""

from __future__ import annotations

import argparse
import sys

from scorekeeper.cli import score


def _database():
    from scorekeeper import service
    from scorekeeper.config import database_path

    db = service.connect(database_path())
    service.migrate(db)
    return db


def _event(db, token: str):
    from scorekeeper.service import EventNotFound, club_night

    try:
        return club_night.open_director(db, token)
    except EventNotFound:
        return club_night.open_public(db, token)


def _view(args: argparse.Namespace):
    """The event as it stands (from the file or the database), or an exit status."""
    from scorekeeper.service import EventNotFound, EventRefused, club_night

    if args.db:
        db = _database()
        try:
            return club_night.overview(db, _event(db, args.db))
        except EventNotFound:
            return score.fail(f"no event has the link token {args.db}")
        finally:
            db.close()
    if not args.file:
        return score.fail("give an event file, or --db TOKEN")
    text = score.read_text(args.file)
    if isinstance(text, int):
        return text
    try:
        return club_night.view_of_file(text)
    except EventRefused as e:
        return score.fail(f"{args.file}: {e.message}")


def cmd_standings(args: argparse.Namespace) -> int:
    from scorekeeper.service import club_night

    view = _view(args)
    if isinstance(view, int):
        return view
    sys.stdout.write(club_night.standings_text(view))
    return 0


def cmd_csv(args: argparse.Namespace) -> int:
    from scorekeeper.service import club_night

    view = _view(args)
    if isinstance(view, int):
        return view
    writer = club_night.standings_csv if args.standings else club_night.results_csv
    sys.stdout.write(writer(view))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from scorekeeper.service import EventNotFound, club_night

    db = _database()
    try:
        text = club_night.export_text(db, _event(db, args.db))
    except EventNotFound:
        return score.fail(f"no event has the link token {args.db}")
    finally:
        db.close()
    if args.output and args.output != "-":
        try:
            with open(args.output, "x", encoding="utf-8") as f:
                f.write(text)
        except FileExistsError:
            return score.fail(f"{args.output} already exists: choose another file name")
        except OSError as e:
            return score.fail(f"cannot write {args.output}: {e.strerror or e}")
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorekeeper.service import EventRefused, club_night

    text = score.read_text(args.file)
    if isinstance(text, int):
        return text
    db = _database()
    try:
        event = club_night.import_event(db, text)
    except EventRefused as e:
        return score.fail(e.message)
    finally:
        db.close()
    print(f"imported: director /e/{event.director_token}  public /p/{event.public_token}")
    return 0


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "event",
        help="a club event's standings, CSV and event file",
        description="Read a club event from a saved event file (JSON, from the event's "
        "console) or, with --db TOKEN, from this instance's database by the token of its "
        "director's or public link; print its standings (with why each place is where it is) "
        "or its CSV, export it, or import an event file as a new event.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def source(p: argparse.ArgumentParser) -> None:
        p.add_argument("file", metavar="EVENTFILE", nargs="?", help="a saved event file, or -")
        p.add_argument("--db", metavar="TOKEN", help="read the event from the database instead")

    standings = actions.add_parser(
        "standings",
        help="print the standings with each place's why",
        description="Print the standings as text: place, wins, losses, point differential, "
        "points and bags, then the line saying why each place is where it is.",
    )
    source(standings)
    standings.set_defaults(func=cmd_standings)

    csv = actions.add_parser(
        "csv",
        help="print the results (or --standings) as CSV",
        description="Print CSV to standard output: one row per side of every table and one "
        "per bye (results), or with --standings one row per entrant with the why line.",
    )
    source(csv)
    csv.add_argument("--standings", action="store_true", help="the standings instead")
    csv.set_defaults(func=cmd_csv)

    export = actions.add_parser(
        "export",
        help="write a stored event as an event file",
        description="Write the event (settings, people, entrants, rounds, tables and every "
        "table's game file; no links) as JSON that `scorekeeper event import` or the web app "
        "imports again.",
    )
    export.add_argument("--db", metavar="TOKEN", required=True, help="the event's link token")
    export.add_argument("-o", "--output", help="the file to write (default standard output)")
    export.set_defaults(func=cmd_export)

    imports = actions.add_parser(
        "import",
        help="store an event file as a new event",
        description="Check an event file and store it as a new event, with new links for "
        "the director, the players and every table; prints the two event links' paths.",
    )
    imports.add_argument("file", metavar="EVENTFILE", help="the event file, or -")
    imports.set_defaults(func=cmd_import)
    return parser
