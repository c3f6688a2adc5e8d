"""`scorekeeper club ...`: the club's memory for scripts, and the keeper's command line.

Reading (``ladder``, ``player``, ``season``): from event files given on the command line (people
are their names), or from this instance's database when no file is given. Text, CSV or JSON.

Keeping (``keeper-link``, ``reader-link``, ``rename``, ``merge``, ``unmerge``,
``season-create``): whoever runs the command holds the database, so the command line holds
the keeper's rights; ``keeper-link`` prints the path of the keeper's web pages.
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


def _files(names: list[str]) -> list[tuple[str, str]] | int:
    out = []
    for name in names:
        text = score.read_text(name)
        if isinstance(text, int):
            return text
        out.append((name, text))
    return out


def _run(args: argparse.Namespace, work) -> int:
    """Run one use case against the files or the database; print its text or the refusal."""
    from scorekeeper.service import MemoryRefused, memory

    files = _files(getattr(args, "files", []) or [])
    if isinstance(files, int):
        return files
    db = None if files else _database()
    try:
        sys.stdout.write(work(db, files))
    except MemoryRefused as e:
        return score.fail(e.message)
    except memory.NotFound as e:
        return score.fail(str(e))
    finally:
        if db is not None:
            db.close()
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    return _run(args, lambda db, files: memory.ladder_report(db, files, args.format))


def cmd_player(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    return _run(args, lambda db, files: memory.player_report(db, files, args.name, args.format))


def _scheme(args: argparse.Namespace):
    from scorekeeper.service import memory

    return memory.scheme_of(args.points, args.per_win, args.best, args.min)


def cmd_season(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    def work(db, files):
        scheme = _scheme(args) if files else None
        return memory.season_report(db, files, args.name, scheme, args.format)

    return _run(args, work)


def cmd_keeper_link(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    def work(db, _files):
        token = memory.keeper_link(db, fresh=args.new)
        return f"the keeper's page: /k/{token}  (after this server's address; keep it private)\n"

    return _run(args, work)


def cmd_reader_link(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    def work(db, _files):
        token = memory.reader_link(db, fresh=args.new)
        return f"the club's read-only pages (ladder, players, seasons): /m/{token}\n"

    return _run(args, work)


def cmd_rename(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    def work(db, _files):
        return f"renamed {args.name} to {memory.rename(db, memory.CLI, args.name, args.new)}\n"

    return _run(args, work)


def cmd_merge(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    return _run(args, lambda db, _f: memory.merge(db, memory.CLI, args.name, args.into) + "\n")


def cmd_unmerge(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    return _run(args, lambda db, _f: memory.unmerge(db, memory.CLI, None, args.name) + "\n")


def cmd_season_create(args: argparse.Namespace) -> int:
    from scorekeeper.service import memory

    def work(db, _files):
        sid = memory.add_season(db, args.name, args.start, args.end, args.event, _scheme(args))
        return f"season {args.name} created (id {sid})\n"

    return _run(args, work)


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "club",
        help="the club's memory: ladder, players' figures, seasons; the keeper's commands",
        description="The club's memory (docs/stats.md): the ladder, a player's figures and a "
        "season's standings from event files or from this instance's database; and the "
        "keeper's commands (the command line holds the keeper's rights).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def reading(p: argparse.ArgumentParser) -> None:
        p.add_argument("files", metavar="EVENTFILE", nargs="*",
                       help="event files to read (none: this instance's database)")  # fmt: skip
        p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                       help="output format (default %(default)s)")  # fmt: skip

    def scheme(p: argparse.ArgumentParser) -> None:
        p.add_argument("--points", metavar="6,3,1", help="points per place, 1st first")
        p.add_argument("--per-win", type=int, metavar="N", help="N points a win instead")
        p.add_argument("--best", type=int, metavar="N", help="count each person's best N nights")
        p.add_argument("--min", type=int, metavar="N", help="nights needed to be placed")

    ladder = actions.add_parser(
        "ladder",
        help="print the ladder (ratings)",
        description="Every rated person, highest rating first.",
    )
    reading(ladder)
    ladder.set_defaults(func=cmd_ladder)

    player = actions.add_parser("player", help="print one person's figures and games",
                                description="A person's figures, partners, opponents, and "
                                "each game with its rating change and why.")  # fmt: skip
    player.add_argument("name", help="the person's name (any case)")
    reading(player)
    player.set_defaults(func=cmd_player)

    season = actions.add_parser(
        "season",
        help="print a season's standings",
        description="A stored season by NAME (or id); or, with event "
        "files, those files as one season under the scheme given.",
    )
    season.add_argument("--name", help="the season's name or id")
    reading(season)
    scheme(season)
    season.set_defaults(func=cmd_season)

    link = actions.add_parser("keeper-link", help="print the keeper's page path",
                              description="Print the path of the keeper's pages (rename, "
                              "merge, undo, seasons); --new replaces the link.")  # fmt: skip
    link.add_argument("--new", action="store_true", help="a new link; the old one stops")
    link.set_defaults(func=cmd_keeper_link)

    reader = actions.add_parser("reader-link", help="print the club's read-only link path",
                                description="Print the path of the club's read-only pages "
                                "(ladder, players, seasons); --new replaces the link.")  # fmt: skip
    reader.add_argument("--new", action="store_true", help="a new link; the old one stops")
    reader.set_defaults(func=cmd_reader_link)

    rename = actions.add_parser(
        "rename", help="rename a person", description="Rename a person; their games stay theirs."
    )
    rename.add_argument("name")
    rename.add_argument("new")
    rename.set_defaults(func=cmd_rename)

    merge = actions.add_parser("merge", help="merge a person into another",
                               description="Merge NAME into INTO (one person with two "
                               "names); recorded, and undone by unmerge.")  # fmt: skip
    merge.add_argument("name")
    merge.add_argument("into")
    merge.set_defaults(func=cmd_merge)

    unmerge = actions.add_parser(
        "unmerge",
        help="undo a person's merge",
        description="Undo the merge of NAME into someone else.",
    )
    unmerge.add_argument("name")
    unmerge.set_defaults(func=cmd_unmerge)

    create = actions.add_parser("season-create", help="create a season",
                                description="A season over a date range (--from, --to, both "
                                "included) or chosen events (--event ID, repeated).")  # fmt: skip
    create.add_argument("name")
    create.add_argument("--from", dest="start", metavar="YYYY-MM-DD")
    create.add_argument("--to", dest="end", metavar="YYYY-MM-DD")
    create.add_argument("--event", type=int, action="append", metavar="ID")
    scheme(create)
    create.set_defaults(func=cmd_season_create)
    return parser
