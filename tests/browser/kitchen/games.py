"""A new game as the new-game form starts it, stored beside the browser instead of typed into
the form (~0.7 s a test on this machine): for the tests whose point comes after the start.
tests/browser/kitchen/test_kitchen_table.py checks that the form stores this very game."""

from __future__ import annotations

from typing import Any

from scorekeeper import store
from tests.helpers import store_game


def new_game_data(names: list[str], preset: str = "standard") -> dict[str, Any]:
    """The game file the new-game form stores for four names in their seats and a preset,
    every other field as the form offers it (teams across the table, the first name deals)."""
    return {
        "format": "spades-scorekeeper/1",
        "rules": {"preset": preset},
        "players": list(names),
        "teams": {f"{names[0]} & {names[2]}": [names[0], names[2]],
                  f"{names[1]} & {names[3]}": [names[1], names[3]]},
        "dealer": names[0],
        "hands": [],
    }  # fmt: skip


def open_new_game(page, base: str, db: store.Database, names: list[str], preset="standard"):
    """The game ``start_game`` would start, stored, then opened on ``page`` (which lists it as
    this browser's, as the form's redirect would): its address."""
    record = store_game(db, new_game_data(names, preset))
    url = f"{base}/g/{record.edit_token}"
    page.goto(url)
    return url
