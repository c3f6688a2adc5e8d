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

    ``type`` is "int", "bool", "choice" or "int|win" (a whole number or the word "win");
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
GROUPS = ("Bags", "Nil", "Blind", "Big bids", "End of game", "Scoring", "Play")


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
    if info.type == "int|win" and value == "win" and type(value) is str:
        return
    if type(value) is not int:
        words = 'a whole number or "win"' if info.type == "int|win" else "a whole number"
        raise GameError(f"option {info.name} must be {words}, not {show_value(value)}", field=field)
    lo, hi = info.minimum, info.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise GameError(
            f"option {info.name} must be {lo} to {hi}, not {show_number(value)}", field=field
        )
