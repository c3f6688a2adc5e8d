"""Storage: the only package that speaks SQL.

SQLite through sqlite-utils, one module a kind of record, the schema as named migrations:

- ``db``: connections (WAL, busy timeout, foreign keys) and :func:`write`, the one way to write:
  ``BEGIN IMMEDIATE`` at the outer level and a SAVEPOINT inside, so a composite action (a game
  with its players and saved rules; a round of a tournament) is one transaction;
- ``migrations``: the schema, in order, safe to apply again;
- ``games``: game files, their versions and history (undo);
- ``players``: the names typed on this instance;
- ``house_rules``: named rules specs, each belonging to the browser that saved it;
- ``browsers``: each browser's games (its "Your games" list), one row a game;
- ``submissions``: the one-time ids forms carry, so a form sent twice changes nothing;
- ``events``: club events, their people, entrants, rounds and tables;
- ``club``: the club's memory: every event's tables at once, renames and merges, the club's
  links (keeper, read-only) and seasons.

Nothing here knows the rules of Spades: records carry the game file as a plain dict.
"""

from __future__ import annotations

from . import actions, backups, club, events
from .actions import Action
from .backups import backup
from .browsers import (
    adopt_games,
    browser_games,
    browser_player_names,
    last_opened,
    record_opened,
)
from .db import (
    BUSY_TIMEOUT_MS,
    PRIVATE,
    Damaged,
    Database,
    Unavailable,
    connect,
    new_token,
    now_exact,
    readable,
    unavailable,
    write,
)
from .events import (
    EntrantRecord,
    EventNotFound,
    EventRecord,
    PersonRecord,
    RoundRecord,
    TableRecord,
    TableRef,
)
from .games import (
    Change,
    GameNotFound,
    GameRecord,
    StaleRecord,
    count_games,
    create_game,
    delete_game,
    game_by_edit_token,
    game_by_id,
    game_by_view_token,
    games_by_edit_tokens,
    last_action,
    last_change,
    last_undo,
    redo_action,
    redo_last_undo,
    save_game,
    saves_since,
    stored_text,
    undo_last_change,
    version_by_edit_token,
    version_by_view_token,
)
from .house_rules import (
    HouseRules,
    all_house_rules,
    delete_house_rules,
    house_rules_by_id,
    house_rules_by_name,
    save_house_rules,
)
from .migrations import NewerDatabase, applied_migrations, migrate
from .players import player_names, remember_players
from .submissions import Submission, record_submission, submission

__all__ = [
    "actions", "backups", "BUSY_TIMEOUT_MS", "PRIVATE", "adopt_games", "browser_games",
    "browser_player_names",
    "last_opened", "now_exact", "readable", "record_opened", "stored_text",
    "Change", "Damaged", "Database", "EntrantRecord", "EventNotFound", "EventRecord",
    "GameNotFound", "GameRecord", "HouseRules", "PersonRecord", "RoundRecord", "StaleRecord",
    "Submission", "TableRecord", "TableRef", "Unavailable", "Action", "all_house_rules",
    "applied_migrations", "backup", "connect", "count_games", "create_game", "delete_game",
    "club", "delete_house_rules", "events", "game_by_edit_token", "game_by_id",
    "game_by_view_token", "games_by_edit_tokens", "house_rules_by_id", "house_rules_by_name",
    "last_action", "last_change", "last_undo", "migrate", "new_token", "NewerDatabase",
    "saves_since",
    "player_names",
    "record_submission", "redo_action", "redo_last_undo",
    "remember_players", "save_game", "save_house_rules", "submission", "unavailable",
    "undo_last_change", "version_by_edit_token", "version_by_view_token", "write",
]  # fmt: skip
