"""The web layer's glue: load a game by its edit token, score it, save a change, remember games.

Views call these so that each stays a few lines: gather the form, call the rules core through
here, save through ``store``, redirect.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from flask import abort, session

from scorekeeper import store
from scorekeeper.app import get_db
from scorekeeper.rules import Game, GameError, Sheet, parse_game, score_game

MAX_REMEMBERED = 50


@dataclass(frozen=True)
class Loaded:
    """A stored game, read as a Game and scored."""

    record: store.GameRecord
    game: Game
    sheet: Sheet

    @property
    def label(self) -> str:
        return game_label(self.record.title, self.sheet.sides)


def game_label(title: str, sides: Iterable[object]) -> str:
    """What a game is called everywhere: its title, else its sides ("Ann & Cy vs Bob & Di")."""
    return title or " vs ".join(map(str, sides)) or "A game"


def score(data: dict[str, Any]) -> tuple[Game, Sheet]:
    """Parse and score a game file; raises GameError when it breaks the contract."""
    game = parse_game(data)
    return game, score_game(game)


def outcome(data: dict[str, Any]) -> tuple[bool, str | None]:
    """(finished, winner) of a game file, for the games table."""
    try:
        _game, sheet = score(data)
    except GameError:
        return False, None
    return sheet.finished, sheet.winner


def load(token: str) -> Loaded:
    """The game with this edit token, or a 404 page."""
    try:
        record = store.game_by_edit_token(get_db(), token)
    except store.GameNotFound:
        abort(404)
    return loaded(record)


def loaded(record: store.GameRecord) -> Loaded:
    game, sheet = score(record.data)
    return Loaded(record, game, sheet)


def save(current: Loaded, data: dict[str, Any], action: str) -> store.GameRecord:
    """Check ``data`` with the engine, then save it over the version ``current`` was read at.

    Raises GameError (nothing saved) or store.StaleGame (someone saved first).
    """
    _game, sheet = score(data)
    return store.save_game(
        get_db(), current.record, data, action=action, finished=sheet.finished, winner=sheet.winner
    )


def create(data: dict[str, Any], title: str = "") -> store.GameRecord:
    """Check and store a new game file; raises GameError."""
    _game, sheet = score(data)
    return store.create_game(
        get_db(), data, title=title, finished=sheet.finished, winner=sheet.winner
    )


def undo(current: Loaded) -> store.GameRecord | None:
    return store.undo_last_change(get_db(), current.record, outcome=outcome)


# --- the games this browser has -------------------------------------------------------------


def remember_game(token: str) -> None:
    """Put a game's edit token first in this browser's list (deduplicated, at most 50)."""
    games = [t for t in session.get("games", []) if isinstance(t, str) and t != token]
    session["games"] = [token, *games][:MAX_REMEMBERED]
    session.permanent = True


def remembered_games() -> list[str]:
    """Edit tokens this browser created or opened, most recent first."""
    return [t for t in session.get("games", []) if isinstance(t, str)][:MAX_REMEMBERED]


def forget_game(token: str) -> None:
    session["games"] = [t for t in remembered_games() if t != token]
