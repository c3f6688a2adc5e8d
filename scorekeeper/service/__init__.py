"""The application layer: each use case in one function and one transaction.

Flask-free: functions take a database connection (:func:`connect`) and return results or raise
domain errors (:mod:`.errors`, or the engine's ``GameError``). The web views, the command line
and the tournament code call these; none of them talks to the store.
"""

from __future__ import annotations

from scorekeeper.store import Database, backup, connect, migrate

from . import event_files, event_views, events, games, library
from .errors import (
    EventNotFound,
    EventRefused,
    GameInEvent,
    GameNotFound,
    HandNotFound,
    StaleGame,
    UnreadableGame,
)
from .games import OpenGame, game_label

__all__ = [
    "Database", "EventNotFound", "EventRefused", "GameInEvent", "GameNotFound", "HandNotFound",
    "OpenGame", "StaleGame", "UnreadableGame", "backup", "connect", "event_files",
    "event_views", "events", "game_label", "games", "library", "migrate",
]  # fmt: skip
