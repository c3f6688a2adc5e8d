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


def remember_event(director_token: str) -> None:
    """Keep an event's director link in this browser (most recent first, at most 20), so the
    director finds the console again from the home page."""
    kept = [t for t in session.get("events", []) if isinstance(t, str) and t != director_token]
    session["events"] = [director_token, *kept][:20]
    session.permanent = True


def remembered_events() -> list[str]:
    """Director links this browser created or opened, most recent first."""
    kept = session.get("events", [])
    return [t for t in kept if isinstance(t, str)][:20] if isinstance(kept, list) else []
