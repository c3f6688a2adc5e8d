"""Games: the game file (a plain dict), its version, and every earlier state (undo and redo).

A save names the version it was read at and is refused (:class:`StaleRecord`) when someone saved
since: concurrent edits of one game are detected, never overwritten.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .actions import CHANGE, REDO, UNDO, Action
from .db import Database, dump, insert, new_token, now, write

# the columns a GameRecord is read from (game_record), in its order
GAME_COLUMNS = (
    "id, edit_token, view_token, title, data, version, finished, winner, created_at, updated_at, "
    "time_called, round_hands"
)


class GameNotFound(LookupError):
    """No game has that token (or id)."""


class StaleRecord(Exception):
    """The game's record changed since the caller read it: a concurrent edit, not to be
    overwritten. ``current`` is the record now (the service turns it into its StaleGame)."""

    def __init__(self, current: GameRecord) -> None:
        super().__init__(f"game {current.id} is at version {current.version}")
        self.current = current


@dataclass(frozen=True)
class GameRecord:
    id: int
    edit_token: str
    view_token: str
    title: str
    data: dict[str, Any]
    version: int
    finished: bool
    winner: str | None
    created_at: str
    updated_at: str
    # Why the stored text could not be read in full (then ``data`` is what could be read, to
    # name the game, and must not be saved back): see :func:`decode`.
    problem: str | None = None
    # The director's call of time the game's file carried when it was imported (its
    # ``time_called``), and the round's own hands it named (None: the round had none).
    time_called: bool = False
    round_hands: int | None = None


def decode(text: str) -> tuple[Any, str | None]:
    """Stored JSON as a value, and None; or, when the text cannot be read whole, what could be
    read and why not.

    Files stored before the engine checked ranges may hold integers of thousands of digits,
    which Python refuses to read (and reading them is what that limit guards against): such a
    number is read as None and named in the problem. The text itself stays stored, untouched.
    """
    try:
        return json.loads(text), None
    except RecursionError:
        return None, "the stored file is nested too deeply to read"
    except ValueError:
        pass
    limit = sys.get_int_max_str_digits()
    longest = 0

    def parse_int(digits: str) -> int | None:
        nonlocal longest
        if limit and len(digits.lstrip("-")) > limit:
            longest = max(longest, len(digits.lstrip("-")))
            return None
        return int(digits)

    try:
        data = json.loads(text, parse_int=parse_int)
    except (ValueError, RecursionError):
        return None, "the stored file is not readable JSON"
    return data, f"the stored file holds a number of {longest} digits, far too long for a game"


def game_record(row: tuple[Any, ...]) -> GameRecord:
    """A row of ``GAME_COLUMNS`` as a GameRecord (the file decoded; an unreadable one noted)."""
    id_, edit, view, title, text, version, finished, winner, created, updated, called, hands = row
    data, problem = decode(text)
    if not isinstance(data, dict):
        data, problem = {}, problem or "the stored file is not a game file"
    return GameRecord(
        id_, edit, view, title or "", data, version, bool(finished), winner,
        created, updated, problem, bool(called), hands,
    )  # fmt: skip


def stored_text(db: Database, game_id: int) -> str:
    """The game file exactly as stored (for an export that must not lose a digit)."""
    row = db.conn.execute("select data from games where id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(str(game_id))
    text: str = row[0]
    return text


def _get(db: Database, column: str, key: str | int) -> GameRecord:
    sql = f"select {GAME_COLUMNS} from games where {column} = ?"  # noqa: S608 -- column is ours
    row = db.conn.execute(sql, (key,)).fetchone()
    if row is None:
        raise GameNotFound(str(key))
    return game_record(row)


def version_by_edit_token(db: Database, token: str) -> tuple[str, int]:
    """(edit token, version) of the game with this edit token, its file neither read nor
    decoded: what a reading of the game kept in memory is kept under."""
    return _version(db, "edit_token", token)


def version_by_view_token(db: Database, token: str) -> tuple[str, int]:
    """(edit token, version) of the game behind this read-only token."""
    return _version(db, "view_token", token)


def _version(db: Database, column: str, key: str) -> tuple[str, int]:
    sql = f"select edit_token, version from games where {column} = ?"  # noqa: S608 -- ours
    row = db.conn.execute(sql, (key,)).fetchone()
    if row is None:
        raise GameNotFound(str(key))
    return row[0], row[1]


def game_by_edit_token(db: Database, token: str) -> GameRecord:
    return _get(db, "edit_token", token)


def game_by_view_token(db: Database, token: str) -> GameRecord:
    return _get(db, "view_token", token)


def game_by_id(db: Database, game_id: int) -> GameRecord:
    return _get(db, "id", game_id)


def create_game(
    db: Database,
    data: dict[str, Any],
    *,
    title: str = "",
    finished: bool = False,
    winner: str | None = None,
    time_called: bool = False,
    round_hands: int | None = None,
) -> GameRecord:
    """Store a new game with fresh edit and view tokens; ``time_called`` and ``round_hands``:
    the call of time its imported file carried (:class:`GameRecord`)."""
    stamp = now()
    row: dict[str, Any] = {
        "edit_token": new_token(),
        "view_token": new_token(),
        "title": title,
        "data": dump(data),
        "version": 1,
        "finished": int(finished),
        "winner": winner,
        "created_at": stamp,
        "updated_at": stamp,
        "time_called": int(time_called),
        "round_hands": round_hands,
    }
    with write(db):
        game_id = insert(db, "games", row)
    return GameRecord(
        game_id, row["edit_token"], row["view_token"], title, data, 1, finished, winner,
        stamp, stamp, None, time_called, round_hands,
    )  # fmt: skip


def _stale(db: Database, game: GameRecord) -> StaleRecord:
    return StaleRecord(game_by_id(db, game.id))  # GameNotFound when it was deleted meanwhile


def save_game(
    db: Database,
    game: GameRecord,
    data: dict[str, Any],
    *,
    action: Action,
    finished: bool = False,
    winner: str | None = None,
    title: str | None = None,
) -> GameRecord:
    """Replace the game's file if nobody saved it since ``game.version`` was read.

    One write: the state it replaces goes to the history (for undo) as stored, copied by a
    statement whose condition is the version check, then the UPDATE. Raises
    :class:`StaleRecord` with the current record when the version moved on,
    :class:`GameNotFound` when the game was deleted.
    """
    stamp = now()
    new_title = game.title if title is None else title
    text = dump(data)  # before the transaction: the write lock is held for SQL only
    with write(db):
        # the state replaced, exactly as stored, goes to the history first
        cursor = db.conn.execute(
            "insert into game_history (game_id, version, data, action, step, kind, hand, "
            "created_at) select id, version, data, ?, ?, ?, ?, ? from games "
            "where id = ? and version = ?",
            (action.words, CHANGE, action.kind, action.hand, stamp, game.id, game.version),
        )
        if cursor.rowcount != 1:
            raise _stale(db, game)
        db.conn.execute(
            "update games set data = ?, version = version + 1, finished = ?, winner = ?, "
            "title = ?, updated_at = ? where id = ?",
            (text, int(finished), winner, new_title, stamp, game.id),
        )
    return replace(
        game, title=new_title, data=data, version=game.version + 1, finished=finished,
        winner=winner, updated_at=stamp,
    )  # fmt: skip


def delete_game(db: Database, game: GameRecord) -> None:
    with write(db):
        db.execute("delete from game_history where game_id = ?", [game.id])
        db.execute("delete from games where id = ?", [game.id])


def count_games(db: Database) -> int:
    return db.table("games").count


def games_by_edit_tokens(db: Database, tokens: list[str]) -> list[GameRecord]:
    """The games with these edit tokens, in the order of ``tokens``; unknown tokens are skipped."""
    if not tokens:
        return []
    marks = ", ".join("?" for _ in tokens)
    sql = f"select {GAME_COLUMNS} from games where edit_token in ({marks})"  # noqa: S608
    found = {r.edit_token: r for r in map(game_record, db.conn.execute(sql, list(tokens)))}
    return [found[t] for t in tokens if t in found]


# --- undo ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A history row: the state before a save, the save's words, its step (a change, an undo
    or a redo) and the action (kind and hand) of the change it made, undid or redid."""

    history_id: int
    version: int
    action: str
    data: dict[str, Any]
    step: str = CHANGE
    kind: Action = Action("")

    @property
    def what(self) -> str:
        """The change in words without undo or redo: "add hand 3" (for the buttons)."""
        return self.kind.words


def last_change(db: Database, game: GameRecord) -> Change | None:
    """The most recent change not yet undone (undos themselves are not undone)."""
    row = db.conn.execute(
        "select id, version, action, data, step, kind, hand from game_history "
        "where game_id = ? and undone = 0 order by version desc limit 1",
        (game.id,),
    ).fetchone()
    if row is None:
        return None
    data, problem = decode(row[3])
    if problem or not isinstance(data, dict):
        return None  # a state that cannot be read whole cannot be put back (it stays stored)
    return Change(row[0], row[1], row[2] or "", data, row[4], Action(row[5], row[6]))


def last_action(db: Database, game: GameRecord) -> Action | None:
    """What the last change not yet undone did (add hand 3), without reading its data."""
    row = db.conn.execute(
        "select kind, hand from game_history where game_id = ? and undone = 0 "
        "order by version desc limit 1",
        (game.id,),
    ).fetchone()
    return None if row is None else Action(row[0], row[1])


def saves_since(db: Database, game: GameRecord, version: int) -> list[tuple[str, Action]]:
    """(step, action) of every save since ``version``, oldest first."""
    rows = db.conn.execute(
        "select step, kind, hand from game_history where game_id = ? and version >= ? "
        "order by version",
        (game.id, version),
    )
    return [(step, Action(kind, hand)) for step, kind, hand in rows]


def undo_last_change(
    db: Database,
    game: GameRecord,
    *,
    outcome: Callable[[dict[str, Any]], tuple[bool, str | None]] | None = None,
) -> GameRecord | None:
    """Put the game back as it was before its last change, if nobody saved since ``game.version``.

    The state being undone goes to the history too (marked undone), so nothing is lost. Returns
    None when there is nothing to undo; raises :class:`StaleRecord` like :func:`save_game`.
    ``outcome`` maps the restored data to (finished, winner).
    """
    return _put_back(
        db, game, last_change, UNDO, outcome, undoing=True
    )  # fmt: skip


def _put_back(
    db: Database,
    game: GameRecord,
    find: Callable[[Database, GameRecord], Change | None],
    step: str,
    outcome: Callable[[dict[str, Any]], tuple[bool, str | None]] | None,
    *,
    undoing: bool,
) -> GameRecord | None:
    """Undo and Redo, one write: put back the state ``find`` names, if nobody saved since
    ``game.version``; the state it replaces goes to the history as the ``step`` (undo or redo)
    of the change it takes back or puts back (an undo's row marked undone, as is the change it
    takes back, so it is no undo target again)."""
    stamp = now()
    with write(db):
        current = game_by_id(db, game.id)
        if current.version != game.version:
            raise StaleRecord(current)
        change = find(db, current)
        if change is None:
            return None
        finished, winner = outcome(change.data) if outcome else (False, None)
        replaced = {
            "game_id": current.id,
            "version": current.version,
            "data": dump(current.data),
            "action": f"{step} {change.action if step == UNDO else change.what}".strip(),
            "step": step,
            "kind": change.kind.kind,
            "hand": change.kind.hand,
            "created_at": stamp,
        }
        db.table("game_history").insert({**replaced, "undone": 1} if undoing else replaced)
        if undoing:
            db.table("game_history").update(change.history_id, {"undone": 1})
        db.table("games").update(
            current.id,
            {
                "data": dump(change.data),
                "version": current.version + 1,
                "finished": int(finished),
                "winner": winner,
                "updated_at": stamp,
            },
        )
    return game_by_id(db, game.id)


# --- redo ------------------------------------------------------------------------------------
#
# Undo keeps the state it leaves as a history row of step "undo"; a redo puts that state back
# and records itself as a row of step "redo". Read from the newest row back, the rows form a
# stack: each redo takes the nearest undo not yet taken, and any other change ends the stack (a
# new hand after an undo means there is nothing left to redo).


def _redo_row(db: Database, game: GameRecord) -> tuple[int, Action] | None:
    """(history id, action) of the undo a redo would take back; codes only, no game files."""
    pending = 0
    rows = db.conn.execute(
        "select id, step, kind, hand from game_history where game_id = ? order by version desc",
        (game.id,),
    )
    for history_id, step, kind, hand in rows:
        if step == REDO:
            pending += 1
        elif step != UNDO:
            return None
        elif pending:
            pending -= 1
        else:
            return history_id, Action(kind, hand)
    return None


def redo_action(db: Database, game: GameRecord) -> Action | None:
    """What Redo would put back (add hand 3), or None when there is nothing to redo."""
    row = _redo_row(db, game)
    return None if row is None else row[1]


def last_undo(db: Database, game: GameRecord) -> Change | None:
    """The undo a redo would take back, with the state it left, or None."""
    row = _redo_row(db, game)
    if row is None:
        return None
    version, action, data = db.conn.execute(
        "select version, action, data from game_history where id = ?", (row[0],)
    ).fetchone()
    return Change(row[0], version, action or "", json.loads(data), UNDO, row[1])


def redo_last_undo(
    db: Database,
    game: GameRecord,
    *,
    outcome: Callable[[dict[str, Any]], tuple[bool, str | None]] | None = None,
) -> GameRecord | None:
    """Put back the state the last undo left, if nobody saved since ``game.version``.

    The state it replaces goes to the history as a redo (so Undo takes the redo back).
    Returns None when there is nothing to redo; raises :class:`StaleRecord` like :func:`save_game`.
    """
    return _put_back(db, game, last_undo, REDO, outcome, undoing=False)
