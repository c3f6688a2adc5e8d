"""Browsers and their games: which games each browser created, opened or imported.

A browser is known by a random id its signed session cookie carries (the web layer makes it);
this table is its "Your games" list. Opening a game touches one row (an upsert), so two tabs of
one browser never drop each other's games, and the cookie is not rewritten on every page. A
deleted game's rows go with it (``on delete cascade``).
"""

from __future__ import annotations

from collections.abc import Iterable

from .db import Database, write
from .games import GAME_COLUMNS, GameRecord, game_record


def last_opened(db: Database, browser_id: str, game_id: int) -> str | None:
    """When this browser last opened the game (ISO time), or None if it never did."""
    row = db.conn.execute(
        "select last_opened from browser_games where browser_id = ? and game_id = ?",
        (browser_id, game_id),
    ).fetchone()
    return None if row is None else row[0]


def record_opened(db: Database, browser_id: str, game_id: int, stamp: str) -> None:
    """Put the game in this browser's list, opened at ``stamp`` (``now_exact()``: times in one
    form sort as text), in one row; nothing else moves."""
    with write(db):
        db.conn.execute(
            "insert into browser_games (browser_id, game_id, last_opened) values (?, ?, ?) "
            "on conflict (browser_id, game_id) do update set last_opened = excluded.last_opened "
            "where excluded.last_opened > browser_games.last_opened",
            (browser_id, game_id, stamp),
        )


def adopt_games(db: Database, browser_id: str, opened: Iterable[tuple[str, str]]) -> int:
    """Add games by edit token, each with when it was opened, keeping any newer row; unknown
    tokens are skipped. Returns how many rows were added."""
    added = 0
    with write(db):
        for token, stamp in opened:
            cursor = db.conn.execute(
                "insert or ignore into browser_games (browser_id, game_id, last_opened) "
                "select ?, id, ? from games where edit_token = ?",
                (browser_id, stamp, token),
            )
            added += cursor.rowcount
    return added


def browser_games(db: Database, browser_id: str, limit: int) -> list[GameRecord]:
    """This browser's games, the most recently opened first."""
    columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
    sql = (
        f"select {columns} from browser_games b join games g on g.id = b.game_id "  # noqa: S608
        "where b.browser_id = ? order by b.last_opened desc, g.id desc limit ?"
    )
    return [game_record(row) for row in db.conn.execute(sql, (browser_id, limit))]


def browser_player_names(db: Database, browser_id: str, limit: int) -> list[str]:
    """The players' names of this browser's games, from its most recently opened games first."""
    rows = db.conn.execute(
        "select p.value, max(b.last_opened) as seen from browser_games b "
        "join games g on g.id = b.game_id, json_each(g.data, '$.players') p "
        "where b.browser_id = ? and json_valid(g.data) and p.type = 'text' "
        "group by p.value order by seen desc, p.value limit ?",
        (browser_id, limit),
    )
    return [row[0] for row in rows]
