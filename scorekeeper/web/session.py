"""The games this browser has: edit tokens in its session, most recent first."""

from __future__ import annotations

from flask import session

MAX_REMEMBERED = 50


def remember_game(token: str) -> None:
    """Put a game's edit token first in this browser's list (deduplicated, at most 50)."""
    games = [t for t in session.get("games", []) if isinstance(t, str) and t != token]
    session["games"] = [token, *games][:MAX_REMEMBERED]
    session.permanent = True


def remembered_games() -> list[str]:
    """Edit tokens this browser created or opened, most recent first."""
    games = session.get("games", [])
    if not isinstance(games, list):
        return []
    return [t for t in games if isinstance(t, str)][:MAX_REMEMBERED]


def forget_games(tokens: list[str]) -> None:
    if tokens:
        session["games"] = [t for t in remembered_games() if t not in tokens]
