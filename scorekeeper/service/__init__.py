"""The application layer: each use case in one function and one transaction.

Flask-free: functions take a database connection (:func:`connect`) and return results or raise
domain errors (:mod:`.errors`, or the engine's ``GameError``). The web views, the command line
and the tournament code call these; none of them talks to the store.
"""

from __future__ import annotations

from scorekeeper.store import Database, backup, connect, migrate

from . import backups, club_night, home, kitchen, memory, table_place
from .errors import (
    AlreadySaved,
    EventMoved,
    EventNotFound,
    EventRefused,
    GameDeleted,
    GameInEvent,
    GameNotFound,
    GameUnavailable,
    HandNotFound,
    HandRefused,
    MemoryRefused,
    StaleGame,
    StartRefused,
    StartUnavailable,
    TableReplaced,
    Unavailable,
    UnreadableGame,
)
from .kitchen import GamePage, OpenGame, Submitted, game_label

__all__ = [
    "AlreadySaved", "Database", "EventMoved", "EventNotFound", "EventRefused", "GameDeleted",
    "GameInEvent", "GameNotFound", "GamePage", "GameUnavailable", "HandNotFound", "HandRefused",
    "MemoryRefused", "OpenGame", "StaleGame", "StartRefused", "StartUnavailable",
    "Submitted", "TableReplaced", "Unavailable", "UnreadableGame", "backup", "backups",
    "club_night", "connect", "game_label", "home", "kitchen", "memory", "migrate",
    "table_place",
]  # fmt: skip
