"""Player names typed on this instance, for the next game's suggestions."""

from __future__ import annotations

from .db import Database, now, write


def remember_players(db: Database, names: list[str]) -> None:
    """Keep the names of a new game's players for the next game's suggestions."""
    stamp = now()
    with write(db):
        db.table("players").upsert_all(({"name": n, "last_used": stamp} for n in names), pk="name")


def player_names(db: Database, limit: int = 200) -> list[str]:
    """Names typed on this instance, most recently used first."""
    rows = db.query("select name from players order by last_used desc, name limit ?", [limit])
    return [row["name"] for row in rows]
