"""A club table's game as a file: the engine's game file (docs/contract.md, section 1) and, for
a game that the director's call of time capped, the field ``"time_called": {"round_hands": n}``
beside it (docs/contract.md, "A club table's game file").

The engine scores hands and knows no club: a called time reaches it only as the cap it set
(``max_hands``, the hand then in play). What the sheet says of such a game ("game to 500, 4
hands", "time was called") needs the round's own hands too, which the table's event knows and a
file passed on alone did not; so the export writes them, and every reader of a file here (the
``pdf``, ``score`` and ``import`` commands, the web's import) takes the field off before the
engine reads the rest. Pure, as the rest of the club core: no store, no printing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import (
    MAX_HANDS,
    Game,
    GameError,
    Rules,
    Sheet,
    load_game_text,
    sheet_to_json,
)

TIME_CALLED = "time_called"


def capped_by_time(rules: Rules, round_hands: int | None) -> bool:
    """Whether a club table's game ends on a call of time rather than on its round's hands:
    calling time caps only a game that would play longer (the service's
    ``event_rounds.call_time``), so its ``max_hands`` is below the round's own ``round_hands``
    (or the round had none)."""
    cap = rules.max_hands
    return cap is not None and (round_hands is None or cap < round_hands)


@dataclass(frozen=True)
class ReadGame:
    """A game file read: the game, and, when the director's call of time capped it, the round's
    own hands (``round_hands``, None when the round had no number of hands)."""

    game: Game
    time_called: bool = False
    round_hands: int | None = None


def with_time_called(data: dict[str, Any], round_hands: int | None) -> dict[str, Any]:
    """A game file's data with the call of time written in, before its hands (where a person
    reading the file meets it)."""
    out = {k: v for k, v in data.items() if k != "hands"}
    out[TIME_CALLED] = {"round_hands": round_hands}
    out["hands"] = data.get("hands", [])
    return out


def sheet_json(sheet: Sheet, read: ReadGame) -> dict[str, Any]:
    """The sheet of a game file read, as the contract's JSON (section 5): for a game the
    director's call of time capped, ``"time_called": {"round_hands": n}`` just after
    ``reason`` (which says "hands": the cap the call set), so a program reading it can tell
    the game ended on a call of time; any other file's JSON is the engine's alone."""
    out = sheet_to_json(sheet)
    if not read.time_called:
        return out
    items = list(out.items())
    at = list(out).index("reason") + 1
    called = (TIME_CALLED, {"round_hands": read.round_hands})
    return dict([*items[:at], called, *items[at:]])


def read_game_text(text: str) -> ReadGame:
    """A game file's text: ``time_called``, when there, checked and taken off, and the rest read
    by the engine as every file is (``rules.load_game_text``: bad JSON and names as it says
    them). Raises GameError naming the field. A text without the word is the engine's alone,
    read once."""
    if f'"{TIME_CALLED}"' not in text:
        return ReadGame(load_game_text(text))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or TIME_CALLED not in data:
        return ReadGame(load_game_text(text))
    called = data.pop(TIME_CALLED)
    game = load_game_text(json.dumps(data, ensure_ascii=False))
    if not isinstance(called, dict) or set(called) != {"round_hands"}:
        raise GameError(
            'time_called must be an object with only "round_hands" in it', field=TIME_CALLED
        )
    hands = called["round_hands"]
    if hands is not None and (
        not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS
    ):
        raise GameError(
            f"time_called.round_hands must be a whole number from 1 to {MAX_HANDS}, or null",
            field=f"{TIME_CALLED}.round_hands",
        )
    if not capped_by_time(game.rules, hands):
        raise GameError(
            "time_called: a call of time caps the game's hands below the round's own "
            "(max_hands, less than round_hands)",
            field=TIME_CALLED,
        )
    return ReadGame(game, True, hands)


__all__ = [
    "ReadGame", "TIME_CALLED", "capped_by_time", "read_game_text", "sheet_json",
    "with_time_called",
]  # fmt: skip
