"""Submissions: the one-time ids that forms carry, and what each one did.

A form that writes (a hand, Start, Rematch, Misdeal, Undo, a console's Seat round, ...) carries
a random id made when it was rendered. The write that uses an id records it in the same
transaction, so the same form sent again finds it here, even when two sends arrive at once
(``BEGIN IMMEDIATE`` puts one after the other). Ids are kept :data:`KEEP_DAYS` days; older ones
go as new ones come.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from .actions import Action
from .db import Database, now, write

KEEP_DAYS = 30


@dataclass(frozen=True)
class Submission:
    """What a form's id did: the game (its edit token, None once deleted) and the action; a
    console form's: the event, the round it acted on and what it answered (``outcome``, plain
    JSON data: None when the round says it all)."""

    id: str
    game_id: int | None
    action: str  # in words, for people
    version: int | None
    edit_token: str | None
    created_at: str
    kind: Action = Action("")  # what code reads
    event_id: int | None = None
    round_number: int | None = None
    outcome: Any = None  # JSON data


def submission(db: Database, submission_id: str) -> Submission | None:
    """The recorded use of this id, or None if it was never used."""
    row = db.conn.execute(
        "select s.id, s.game_id, s.action, s.version, g.edit_token, s.created_at, s.kind, s.hand, "
        "s.event_id, s.round_number, s.outcome "
        "from submissions s left join games g on g.id = s.game_id where s.id = ?",
        (submission_id,),
    ).fetchone()
    if row is None:
        return None
    outcome = json.loads(row[10]) if row[10] is not None else None
    return Submission(
        row[0], row[1], row[2], row[3], row[4], row[5], Action(row[6], row[7]), row[8], row[9],
        outcome,
    )  # fmt: skip


def record_submission(
    db: Database,
    submission_id: str,
    *,
    game_id: int | None,
    action: Action,
    version: int | None,
    event_id: int | None = None,
    round_number: int | None = None,
    outcome: Any = None,
) -> None:
    """Record that this id did ``action`` (to a game, or to an event: ``event_id``, the round
    it was for and what it answered, ``outcome``, as JSON); ids older than KEEP_DAYS go (an
    indexed delete)."""
    stamp = now()
    cutoff = (datetime.now(UTC) - timedelta(days=KEEP_DAYS)).isoformat(timespec="seconds")
    with write(db):
        db.conn.execute("delete from submissions where created_at < ?", (cutoff,))
        db.conn.execute(
            "insert into submissions (id, game_id, action, kind, hand, version, created_at, "
            "event_id, round_number, outcome) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                submission_id,
                game_id,
                action.words,
                action.kind,
                action.hand,
                version,
                stamp,
                event_id,
                round_number,
                None if outcome is None else json.dumps(outcome),
            ),  # fmt: skip
        )
