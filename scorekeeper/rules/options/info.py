"""What an option is (``OptionInfo``), the ranges of the numbers, and the check of one value."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..errors import GameError, show_number

# tricks in a hand by number of players, when ``tricks_per_hand`` is null
# The ranges of the numbers (docs/contract.md, section 6, "Ranges"): wide enough for any table,
# narrow enough that every score stays a short number and every page stays small.
MAX_TRICKS_PER_HAND = 52  # a whole deck
MAX_SCORE = 100_000  # target and losing score, blind deficit, start scores: +- this
MAX_POINTS = 10_000  # every points value of an option: +- this (some may not be negative)
MAX_MULTIPLIER = 1_000  # blind win and loss multipliers: 0 to this
MAX_HANDS = 1_000  # max_hands; also the most hands (misdeals included) a game file may hold
MAX_BAG_LIMIT = 1_000
MAX_SET_OUT = 100
TRICKS_BY_PLAYERS = {2: 13, 3: 17, 4: 13, 5: 10, 6: 17}


class OptionInfo(NamedTuple):
    """One option as a form or a docs page needs it.

    ``type`` is "int", "bool", "choice", "int|win" (a whole number or the word "win"),
    "int|lose" (a whole number or the word "lose") or "numbers" (a set of whole numbers, each
    from ``minimum`` to ``maximum``: a list in the file, "4-8, 10, 13" in a form);
    ``nullable`` says whether null (None) is allowed and what it means is in ``help``;
    ``choices`` lists the words a "choice" takes; a number must be from ``minimum`` to
    ``maximum`` (both given for every number: the ranges and why are in docs/contract.md, §6).
    """

    name: str
    type: str
    default: Any
    group: str
    label: str
    help: str
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


# The groups of options, in the order the rules editor shows them.
GROUPS = ("Bags", "Nil", "Blind", "Big bids", "End of game", "Scoring", "Bids", "Play")

# the words a number option may take instead of a number, by its type
WORDS = {"int|win": "win", "int|lose": "lose"}
MAX_NUMBERS = MAX_TRICKS_PER_HAND + 1  # a "numbers" option lists at most every bid, once


def numbers_text(numbers: tuple[int, ...]) -> str:
    """A set of numbers as a person writes it: (4, 5, 6, 7, 8, 10, 13) is "4-8, 10, 13"."""
    parts: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(_run_text(run))
        run = [n]
    if run:
        parts.append(_run_text(run))
    return ", ".join(parts)


def _run_text(run: list[int]) -> str:
    if len(run) == 1:
        return str(run[0])
    if len(run) == 2:
        return f"{run[0]}, {run[1]}"
    return f"{run[0]}-{run[-1]}"


def read_numbers(text: str, lo: int, hi: int) -> tuple[int, ...]:
    """ "4-8, 10, 13" as (4, 5, 6, 7, 8, 10, 13); raises ValueError saying what it takes."""
    out: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not (first.isascii() and first.isdigit()) or (
            dash and not (last.isascii() and last.isdigit())
        ):
            raise ValueError(f'numbers {lo} to {hi}, or runs of them, as in "4-8, 10, 13"')
        if len(first) > 3 or len(last) > 3:
            raise ValueError(f"numbers {lo} to {hi}")
        a = int(first)
        b = int(last) if dash else a
        if not lo <= a <= b <= hi:
            raise ValueError(f"numbers {lo} to {hi}, each run from low to high")
        out.update(range(a, b + 1))
    return tuple(sorted(out))


def show_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if type(value) is int:
        return show_number(value)
    try:
        text = repr(value)
    except ValueError:  # holds an int too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:37] + "..."


def check_option(info: OptionInfo, value: Any) -> None:
    """Raise GameError (field ``rules.<name>``) unless ``value`` suits the option."""
    field = f"rules.{info.name}"
    if value is None:
        if info.nullable:
            return
        raise GameError(f"option {info.name} cannot be empty", field=field)
    if info.type == "bool":
        if type(value) is not bool:
            raise GameError(
                f"option {info.name} must be true or false, not {show_value(value)}", field=field
            )
        return
    if info.type == "choice":
        if value not in info.choices or type(value) is not str:
            raise GameError(
                f"option {info.name} must be one of {', '.join(info.choices)}, "
                f"not {show_value(value)}",
                field=field,
            )
        return
    if info.type == "numbers":
        _check_numbers(info, value, field)
        return
    word = WORDS.get(info.type)
    if word is not None and value == word and type(value) is str:
        return
    if type(value) is not int:
        words = f'a whole number or "{word}"' if word else "a whole number"
        raise GameError(f"option {info.name} must be {words}, not {show_value(value)}", field=field)
    lo, hi = info.minimum, info.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise GameError(
            f"option {info.name} must be {lo} to {hi}, not {show_number(value)}", field=field
        )


def _check_numbers(info: OptionInfo, value: Any, field: str) -> None:
    """A "numbers" option: a list of different whole numbers, each in the option's range."""
    lo, hi = info.minimum, info.maximum
    if not isinstance(value, list | tuple) or not value or len(value) > MAX_NUMBERS:
        raise GameError(
            f"option {info.name} must be a list of 1 to {MAX_NUMBERS} whole numbers, "
            f"not {show_value(value)}",
            field=field,
        )
    for n in value:
        if type(n) is not int or (lo is not None and n < lo) or (hi is not None and n > hi):
            raise GameError(
                f"option {info.name} takes whole numbers {lo} to {hi}, not {show_value(n)}",
                field=field,
            )
    if len(set(value)) != len(value):
        raise GameError(f"option {info.name} lists a number twice", field=field)
