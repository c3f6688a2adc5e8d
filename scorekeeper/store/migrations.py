"""The schema as named migrations, in the order they apply (sqlite-utils ``Migrations``).

Applied by ``scorekeeper migrate`` and at ``serve``, in one immediate transaction, safe to
repeat. A migration is never edited once released: a change is a new one at the end.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .db import write

migrations = Migrations("scorekeeper")


@migrations(name="0001_games")
def _m0001_games(db: Database) -> None:
    db["games"].create(
        {
            "id": int,
            "edit_token": str,
            "view_token": str,
            "title": str,
            "data": str,  # the game file (contract JSON): the single source of truth
            "version": int,  # bumped by every save; a save naming an older one is refused
            "finished": int,
            "winner": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"edit_token", "view_token", "data", "version", "created_at", "updated_at"},
        defaults={"version": 1, "finished": 0, "title": ""},
    )
    db["games"].create_index(["edit_token"], unique=True)
    db["games"].create_index(["view_token"], unique=True)
    # Every earlier state of a game, so a change can be undone and nothing is ever lost.
    db["game_history"].create(
        {
            "id": int,
            "game_id": int,
            "version": int,
            "data": str,
            "action": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "version", "data", "created_at"},
    )
    db["game_history"].create_index(["game_id", "version"], unique=True)


@migrations(name="0002_players_and_house_rules")
def _m0002_players_and_house_rules(db: Database) -> None:
    # Names typed on this instance, suggested when the next game is set up.
    db["players"].create({"name": str, "last_used": str}, pk="name", not_null={"last_used"})
    # Named house rules ("Friday night rules"): a rules spec as the game file writes it.
    db["house_rules"].create(
        {"id": int, "name": str, "spec": str, "created_at": str, "updated_at": str},
        pk="id",
        not_null={"name", "spec", "created_at", "updated_at"},
    )
    db["house_rules"].create_index(["name"], unique=True)
    # A history row that was undone is kept (nothing is lost) but is no longer an undo target.
    db["game_history"].add_column("undone", int, not_null_default=0)


@migrations(name="0003_submissions")
def _m0003_submissions(db: Database) -> None:
    # The one-time ids that forms carry: a form sent twice (a double tap, Back then Save, a
    # retry) finds its id here and changes nothing. No foreign key: a game's ids outlive it, so
    # a late second send can say the game was deleted. Kept 30 days (see store.submissions).
    db["submissions"].create(
        {
            "id": str,
            "game_id": int,  # the game created or changed
            "action": str,  # what it did: "add hand 9", "new game", "rematch", ...
            "version": int,  # the game's version after it
            "created_at": str,
        },
        pk="id",
        not_null={"action", "created_at"},
    )
    db["submissions"].create_index(["created_at"])


def migrate(db: Database) -> list[str]:
    """Apply pending migrations in one immediate transaction; returns the names applied."""
    with write(db):
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
    return pending


def applied_migrations(db: Database) -> list[str]:
    return [m.name for m in migrations.applied(db)]
