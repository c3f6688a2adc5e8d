"""`scorekeeper pdf GAMEFILE -o OUT.pdf` and `scorekeeper blank-sheet [options] -o OUT.pdf`.

For club secretaries who script. WeasyPrint is imported inside the commands (through
scorekeeper.printing), so `scorekeeper score` and `--help` never load it.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path

from scorekeeper.cli.score import fail

PAPERS = ("letter", "a4")


def add_parsers(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``pdf`` and ``blank-sheet`` subcommands."""
    game = subparsers.add_parser(
        "pdf",
        help="print a game file's score sheet as PDF",
        description="Render a game file's score sheet (every hand, running totals, bags, sets "
        "and bag penalties, the winner and why, the rules in force) as a PDF.",
    )
    game.add_argument("file", metavar="GAMEFILE", help="the game file, or - for standard input")
    game.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="where to write")
    game.add_argument("--title", default="", help="the sheet's title (default: the file's name)")
    game.add_argument(
        "--date", default=None, help="the date printed, YYYY-MM-DD (default: the file's date)"
    )
    _paper_option(game)
    game.set_defaults(func=run_pdf)

    blank = subparsers.add_parser(
        "blank-sheet",
        help="print blank score sheets as PDF",
        description="Blank score sheets to fill in by hand: the rules summary at the top, a row "
        "per hand with dealer, bid, took, score, bags and total for each side.",
    )
    blank.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="where to write")
    blank.add_argument(
        "--players", type=int, choices=range(2, 7), default=4, help="seats (default 4)"
    )
    blank.add_argument(
        "--names",
        default="",
        help="names in seating order, comma-separated; leave any empty to write in by hand "
        "(every seat named: the first deals first and each hand row prints its dealer)",
    )
    blank.add_argument(
        "--no-teams",
        dest="teams",
        action="store_false",
        help="everyone for themselves (default: partners opposite with 4 or 6 players)",
    )
    blank.add_argument("--rules", default="standard", help="a preset name (default standard)")
    blank.add_argument("--target", type=int, default=None, help="game to this score")
    blank.add_argument(
        "--rows", type=int, default=None, help="hand rows (default: as many as fill the page)"
    )
    blank.add_argument(
        "--per-page", type=int, choices=(1, 2), default=1, help="sheets on a page (1 or 2)"
    )
    blank.add_argument("--pages", type=int, default=1, help="pages (default 1)")
    blank.add_argument("--title", default="", help="the title (default: Spades score sheet)")
    _paper_option(blank)
    blank.set_defaults(func=run_blank_sheet)


def _paper_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--paper",
        choices=PAPERS,
        default=None,
        help="paper size (default: SCOREKEEPER_PAPER_SIZE, else letter)",
    )


def _paper_size(asked: str | None) -> str:
    import os

    from scorekeeper.printing.pdf import known_paper_size

    return known_paper_size(asked or os.environ.get("SCOREKEEPER_PAPER_SIZE"))


def _write(output: str, body: bytes) -> int:
    try:
        Path(output).write_bytes(body)
    except OSError as e:
        return fail(f"cannot write {output}: {e.strerror or e}")
    print(f"wrote {output}")
    return 0


def run_pdf(args: argparse.Namespace) -> int:
    from scorekeeper.events.table_file import read_game_text
    from scorekeeper.printing import sheets
    from scorekeeper.rules import GameError, score_game

    name = args.file
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        day = args.date or (
            date.today() if name == "-" else date.fromtimestamp(Path(name).stat().st_mtime)
        )
    except OSError as e:
        return fail(f"cannot read {name}: {e.strerror or e}")
    except UnicodeDecodeError:
        return fail(f"cannot read {name}: not UTF-8 text")
    try:
        read = read_game_text(text)
        sheet = score_game(read.game)
    except GameError as e:
        return fail(str(e))
    title = args.title or ("Spades game" if name == "-" else Path(name).stem)
    body = sheets.render_game_pdf(
        read.game, sheet, title=title, paper_size=_paper_size(args.paper), date=day,
        time_called=read.time_called, round_hands=read.round_hands,
    )  # fmt: skip
    return _write(args.output, body)


def run_blank_sheet(args: argparse.Namespace) -> int:
    from scorekeeper.printing import sheets
    from scorekeeper.rules import GameError, rules_from_spec

    spec: dict[str, object] = {"preset": args.rules}
    if args.target is not None:
        spec["target_score"] = args.target
    try:
        rules = rules_from_spec(spec)
    except GameError as e:
        return fail(str(e))
    if args.rows is not None and not 1 <= args.rows <= sheets.MAX_BLANK_ROWS:
        return fail(f"--rows must be 1 to {sheets.MAX_BLANK_ROWS}")
    if not 1 <= args.pages <= 50:
        return fail("--pages must be 1 to 50")
    blank = sheets.blank_sheet(
        args.names.split(",") if args.names else [],
        players=args.players,
        teams=args.teams,
        rules=rules,
        preset=args.rules,
        rows=args.rows,
        per_page=args.per_page,
        pages=args.pages,
        title=args.title,
        paper_size=_paper_size(args.paper),
    )
    return _write(args.output, sheets.render_blank_pdf(blank))
