"""The game page and the shared (read-only) page: the game as opened, where it sits in an event
and its round's clock; and the browser's list of games, kept in the order they were opened.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from scorekeeper import store

from ..errors import (
    GameUnavailable,
    HandRefused,
    StaleGame,
    Unavailable,
)
from ..table_place import TablePlace, table_of_game
from .opening import OpenGame, read_game, read_shared, record_of, time_call

Database = store.Database


# --- the game page --------------------------------------------------------------------------


class _TimeCall:
    """What a page of a game says of a call of time (:func:`time_call`), from the game as
    opened and the event's table it is played at."""

    current: OpenGame
    event_table: TablePlace | None

    def _call(self) -> tuple[bool, int | None]:
        facts = self.current.facts
        rules = self.current.game.rules
        return time_call(rules, self.event_table, facts.time_called, facts.round_hands)

    @property
    def time_called(self) -> bool:
        """Whether the director's call of time capped this game."""
        return self._call()[0]

    @property
    def round_hands(self) -> int | None:
        """The round's own hands (the night's "4 hands"), or None (the round had none, or the
        game is neither a club table's nor imported as one)."""
        return self._call()[1]


@dataclass(frozen=True)
class GamePage(_TimeCall):
    """Everything the game page shows, read in one use case: the game as opened, what Undo
    would take back and Redo put back (their words, None when there is nothing), and the
    event's table the game is played at (None for a kitchen table's game)."""

    current: OpenGame
    last_action: str | None
    redo_action: str | None
    event_table: TablePlace | None


@dataclass(frozen=True)
class ShownGame(_TimeCall):
    """A game as the read-only sheet and the printed sheet show it, read in one use case: the
    game as opened and the event's table it is played at (None for a kitchen table's game),
    so a club table's game ends "time was called" there as on the table's phone."""

    current: OpenGame
    event_table: TablePlace | None


def show_game(db: Database, token: str) -> ShownGame:
    """The game with this edit token and its club table (its printed sheet); raises
    GameNotFound or UnreadableGame."""
    read, current = read_game(db, token)
    return ShownGame(current, table_of_game(db, read.id))


def show_shared(db: Database, view_token: str) -> ShownGame:
    """The game with this read-only token and its club table (the read-only sheet and its
    printed sheet); raises GameNotFound or UnreadableGame."""
    read, current = read_shared(db, view_token)
    return ShownGame(current, table_of_game(db, read.id))


# Opening a game again this soon does not move it up the browser's list: the game page, read
# on every hand, then costs one read here and not a write.
REOPEN_AFTER = timedelta(minutes=5)


def note_opened(db: Database, browser_id: str, game_id: int) -> None:
    """This browser opened the game: put it first in its list (one row; nothing else moves),
    unless it opened it less than :data:`REOPEN_AFTER` ago."""
    stamp = store.now_exact()
    seen = store.last_opened(db, browser_id, game_id)
    if seen is not None and _stamp(stamp) - _stamp(seen) < REOPEN_AFTER:
        return
    store.record_opened(db, browser_id, game_id, stamp)


def _stamp(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)


def game_page(db: Database, token: str, browser: str | None = None) -> GamePage:
    """The game page of the game ``token``, opened by ``browser`` (this browser's id: the game
    goes first in its list; None records nothing). Raises GameNotFound, UnreadableGame."""
    read, current = read_game(db, token)
    if browser:
        note_opened(db, browser, read.id)
    return _page(db, read, current)


def _page(db: Database, read: store.GameRecord, current: OpenGame) -> GamePage:
    undo, redo = store.last_action(db, read), store.redo_action(db, read)
    return GamePage(
        current,
        None if undo is None else undo.words,
        None if redo is None else redo.words,
        table_of_game(db, read.id),
    )


@contextmanager
def with_page(db: Database) -> Iterator[None]:
    """A hand refused (StaleGame, HandRefused, GameUnavailable): it carries the game page as
    the game is now (``page``), so the page showing the typing again needs nothing more."""
    try:
        yield
    except (StaleGame, HandRefused, GameUnavailable) as e:
        e.page = _page(db, record_of(db, e.current, exact=False), e.current)
        raise


def unavailable(error: BaseException | None) -> Unavailable | None:
    """The Unavailable (busy or full database) an error means, if any: for the error pages."""
    return None if error is None else store.unavailable(error)


__all__ = [
    "GamePage", "REOPEN_AFTER", "ShownGame", "game_page", "note_opened", "show_game",
    "show_shared", "unavailable", "with_page",
]  # fmt: skip
