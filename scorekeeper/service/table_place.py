"""What an event looks like right now: entrants, rounds, tables with their games' figures, and the
standings, read in a few queries and handed to the event core.

Nothing about an event's results is stored twice: a table's result is its game, scored by the
engine (or the director's paper result), every time it is read. Scoring is cached by (game
edit token, game version), so a page that refreshes every few seconds scores only the games
that changed since; a corrected game gets a new version and is scored again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.events import Clock
from scorekeeper.events.table_file import capped_by_time
from scorekeeper.rules import Rules

Database = store.Database


def clock_of(r: store.RoundRecord | store.TableRef) -> Clock | None:
    """The round's clock as stored (running to a deadline, or paused), None without one."""
    if r.clock_left is not None:
        return Clock(left=r.clock_left)
    if r.clock_deadline is not None:
        return Clock(deadline=r.clock_deadline)
    return None


@dataclass(frozen=True)
class TablePlace:
    """Where a game is played in an event, as its game page shows it on top: the event, round
    and table, the round length, and the round's clock at the moment asked (``clock_left``
    seconds, None without a clock to show; ``clock_paused``)."""

    event_name: str
    public_token: str
    round_number: int
    round_status: str
    table_number: int
    rounds: int
    round_minutes: int | None
    clock_left: int | None
    clock_paused: bool
    round_hands: int | None = None  # the event's hands a round (None: no cap)
    on_paper: bool = False  # the director typed the table's result: it counts, not this game

    def time_called(self, rules: Rules) -> bool:
        """Whether the director's call of time capped this table's game
        (``events.table_file.capped_by_time``), so its end is said as time called, not as the last
        of its hands."""
        return capped_by_time(rules, self.round_hands)


def table_of_game(db: Database, game_id: int, now: float | None = None) -> TablePlace | None:
    """The event, round and table a game is played at (the game page's header), or None."""
    ref = store.events.table_of_game(db, game_id)
    if ref is None:
        return None
    clock = clock_of(ref)
    left = None
    if clock is not None and ref.round_status not in ("closed", "time_called"):
        left = clock.remaining(time.time() if now is None else now)
    return TablePlace(
        ref.event_name, ref.public_token, ref.round_number, ref.round_status, ref.table_number,
        ref.rounds, ref.round_minutes, left, clock is not None and clock.paused, ref.round_hands,
        ref.on_paper,
    )  # fmt: skip


__all__ = [
    "TablePlace", "clock_of", "table_of_game",
]  # fmt: skip
