"""`scorekeeper score FILE [--json]`: score a game file and print the sheet.

Imports only the pure engine, so it starts fast (no Flask, no WeasyPrint).
"""

from __future__ import annotations

import argparse
import json
import sys

from scorekeeper.events.table_file import read_game_text, sheet_json
from scorekeeper.rules import GameError, render_text, score_game


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="score a game file and print the sheet",
        description="Read a game file (JSON, see docs/contract.md) and print its score sheet: "
        "a text sheet for people, or with --json the contract's JSON. A file that breaks the "
        "contract exits with status 2 and one line on standard error.",
    )
    parser.add_argument("file", metavar="FILE", help="the game file, or - for standard input")
    parser.add_argument(
        "--json", action="store_true", help="print the sheet as JSON (contract section 5)"
    )
    parser.set_defaults(func=run)
    return parser


def fail(message: str) -> int:
    """Say what went wrong on one line of standard error; the exit status 2."""
    print("scorekeeper: " + " ".join(message.split()), file=sys.stderr)
    return 2


def read_text(name: str) -> str | int:
    """A game file's text (``-``: standard input), or the exit status after saying why not."""
    try:
        if name == "-":
            return sys.stdin.read()
        with open(name, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        return fail(f"cannot read {name}: {e.strerror or e}")
    except UnicodeDecodeError:
        return fail(f"cannot read {name}: not UTF-8 text")


def run(args: argparse.Namespace) -> int:
    """Score ``args.file`` and print it; return the exit status."""
    text = read_text(args.file)
    if isinstance(text, int):
        return text
    try:
        read = read_game_text(text)
        sheet = score_game(read.game)
    except GameError as e:
        return fail(str(e))
    # a club table's game capped by a call of time says so, as its web sheet does
    if getattr(args, "json", False):
        out = json.dumps(sheet_json(sheet, read), ensure_ascii=False, indent=2) + "\n"
    else:
        bags = {side: start.bags for side, start in read.game.start.items()}
        out = render_text(sheet, read.time_called, read.round_hands, bags)
    sys.stdout.write(out)
    return 0
