"""A game opened by its link: read and parsed (scored only when its sheet is asked for), kept by
(edit token, version) with the record it was read from while that version stands; its facts,
its label, its file as text, its outcome.

A hand costs one read and one write: :func:`open_game` reads and parses the game (scoring it
only when its sheet is asked for), and a change scores the new file once, to check it and to
record the outcome, then saves it over the version read, in one write (``writing``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from scorekeeper import store
from scorekeeper.cache import SizedCache
from scorekeeper.events.table_file import capped_by_time, with_time_called
from scorekeeper.rules import (
    Game,
    GameError,
    Rules,
    Sheet,
    parse_game,
    score_game,
)

from ..errors import (
    GameDeleted,
    GameNotFound,
    HandNotFound,
    StaleGame,
    TableReplaced,
    UnreadableGame,
)
from ..table_place import TablePlace, table_of_game

Database = store.Database


@dataclass(frozen=True)
class GameFacts:
    """What the pages show of a stored game beside its file: its links, title, version and
    times (the stored record itself stays in the service), and the director's call of time
    its file carried when it was imported (``time_called``, with the round's own
    ``round_hands``; see :func:`time_call`)."""

    edit_token: str
    view_token: str
    title: str
    version: int
    created_at: str
    updated_at: str
    time_called: bool = False
    round_hands: int | None = None


def game_facts(record: store.GameRecord) -> GameFacts:
    return GameFacts(
        record.edit_token, record.view_token, record.title, record.version, record.created_at,
        record.updated_at, record.time_called, record.round_hands,
    )  # fmt: skip


def time_call(
    rules: Rules, table: TablePlace | None, time_called: bool, round_hands: int | None
) -> tuple[bool, int | None]:
    """Whether the director's call of time capped a game, and the round's own hands: a club
    table's game asks its table (:meth:`TablePlace.time_called`); a game imported on its own,
    the call its file carried (``time_called``, ``round_hands``), while its hands are still
    capped below the round's (``events.table_file.capped_by_time``). The game page, the
    read-only sheet, the printed sheet and the export all say it from here."""
    if table is not None:
        return table.time_called(rules), table.round_hands
    return time_called and capped_by_time(rules, round_hands), round_hands


@dataclass(frozen=True)
class OpenGame:
    """A stored game, read as a Game; its sheet is scored on first use. ``file`` is the game
    file as stored (the contract's JSON: a hand's edit form and the printed sheet are made
    from it); never changed in place."""

    facts: GameFacts
    game: Game
    file: dict[str, Any]

    @cached_property
    def sheet(self) -> Sheet:
        """The scored sheet; UnreadableGame if the stored hands break the rules."""
        try:
            return score_game(self.game)
        except GameError as e:
            raise UnreadableGame(self.facts, e) from e

    @property
    def label(self) -> str:
        return game_label(self.facts.title, self.game.sides())

    @property
    def token(self) -> str:
        return self.facts.edit_token

    @property
    def version(self) -> int:
        """The version read: what a form names to act on this game as it was shown."""
        return self.facts.version

    def stored_hand(self, number: int) -> dict[str, Any]:
        """Hand ``number`` (1-based) as the game file writes it (to fill in its edit form);
        HandNotFound when the game has no such hand."""
        hands = self.file.get("hands", [])
        if not 1 <= number <= len(hands):
            raise HandNotFound(number)
        return dict(hands[number - 1])


def game_label(title: str, sides: Iterable[object]) -> str:
    """What a game is called everywhere: its title, else its sides ("Ann & Cy vs Bob & Di")."""
    return title or " vs ".join(map(str, sides)) or "A game"


# The games opened lately, parsed and (once asked) scored, by (edit token, version), each with
# the stored record it was read from (for the service's own writes). A version's file never
# changes (every save makes a new version), so a page asked for again (the bids step, then the
# tricks step; a read-only page polling) neither parses nor scores again. Bounded by the hands
# held, so a few long games cannot take the memory.
_Loaded = tuple[store.GameRecord, OpenGame]


_opened: SizedCache[_Loaded] = SizedCache(20_000, lambda hit: len(hit[1].game.hands) + 1)


def cache_key(record: store.GameRecord) -> tuple[str, int]:
    return record.edit_token, record.version


def _load(record: store.GameRecord) -> _Loaded:
    hit = _opened.get(cache_key(record))
    if hit is not None:
        return hit
    try:
        if record.problem:
            raise GameError(record.problem)
        loaded = (record, OpenGame(game_facts(record), parse_game(record.data), record.data))
    except GameError as e:
        raise UnreadableGame(record, e) from e
    _opened.put(cache_key(record), loaded)
    return loaded


def open_record(record: store.GameRecord) -> OpenGame:
    return _load(record)[1]


def read_game(db: Database, token: str) -> _Loaded:
    """The game with this edit token and its record. Its version is read first: a version
    opened lately is not read (nor decoded) again. TableReplaced for a club table's link that a
    swap or re-pair replaced, else GameNotFound for a link to nothing."""
    try:
        hit = _opened.get(store.version_by_edit_token(db, token))
        return hit if hit is not None else _load(store.game_by_edit_token(db, token))
    except GameNotFound:
        raise _not_found(db, token, "edit") from None


def _not_found(db: Database, token: str, kind: str) -> GameNotFound:
    """Why no game has this link: a replaced club table's (TableReplaced), or none."""
    link = store.events.replaced_link(db, token, kind)
    return GameNotFound(token) if link is None else TableReplaced(link)


def open_game(db: Database, token: str) -> OpenGame:
    """The game with this edit token; raises GameNotFound or UnreadableGame."""
    return read_game(db, token)[1]


def open_shared(db: Database, view_token: str) -> OpenGame:
    """The game with this read-only token; raises GameNotFound or UnreadableGame."""
    return read_shared(db, view_token)[1]


def read_shared(db: Database, view_token: str) -> _Loaded:
    try:
        hit = _opened.get(store.version_by_view_token(db, view_token))
        return hit if hit is not None else _load(store.game_by_view_token(db, view_token))
    except GameNotFound:
        raise _not_found(db, view_token, "view") from None


def record_of(db: Database, current: OpenGame, *, exact: bool = True) -> store.GameRecord:
    """The stored record a game was opened from: kept with it, else read again (a game
    opened long ago). ``exact``: the record must be the version opened (to write over it):
    StaleGame when the game changed since, GameDeleted when it is gone."""
    hit = _opened.get((current.token, current.version))
    if hit is not None:
        return hit[0]
    try:
        record = store.game_by_edit_token(db, current.token)
    except GameNotFound:
        if not exact:
            raise
        raise GameDeleted(current.token) from None
    if exact and record.version != current.version:
        raise StaleGame(open_record(record))
    return record


def find_game(db: Database, token: str) -> store.GameRecord:
    """The stored record (not parsed), for actions that need no engine: delete, export."""
    return store.game_by_edit_token(db, token)


def export_text(db: Database, record: store.GameRecord) -> str:
    """The game file to download: as the contract writes it, or, for a file stored before the
    engine checked what it checks now and no longer readable whole, exactly as stored (so
    nothing in it is lost). A club table's game that the director's call of time capped says
    so, with its round's own hands (``events.table_file.with_time_called``): the file read
    alone then prints as the table's own sheet does; so does a game imported with its call
    (:func:`time_call`)."""
    if record.problem:
        return store.stored_text(db, record.id)
    data = record.data
    table = table_of_game(db, record.id)
    if table is not None or record.time_called:  # export -> import keeps the call of time
        rules = parse_game(data).rules
        called, hands = time_call(rules, table, record.time_called, record.round_hands)
        if called:
            data = with_time_called(data, hands)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def version_of_shared(db: Database, view_token: str) -> tuple[int, str]:
    """(version, updated_at) of the game behind a read-only link: what its page polls."""
    record = store.game_by_view_token(db, view_token)
    return record.version, record.updated_at


def outcome(data: dict[str, Any]) -> tuple[bool, str | None]:
    """(finished, winner) of a game file, for the games table; (False, None) if it breaks."""
    try:
        sheet = score_game(parse_game(data))
    except GameError:
        return False, None
    return sheet.finished, sheet.winner


def remember_saved(record: store.GameRecord, game: Game, sheet: Sheet) -> None:
    """Keep a game just saved, scored, for the page that follows the save."""
    opened = OpenGame(game_facts(record), game, record.data)
    opened.__dict__["sheet"] = sheet  # what the cached property would compute
    _opened.put(cache_key(record), (record, opened))


__all__ = [
    "GameFacts", "OpenGame", "cache_key", "export_text", "find_game", "game_facts", "game_label",
    "open_game", "open_record", "open_shared", "outcome", "read_game", "read_shared", "record_of",
    "remember_saved", "time_call", "version_of_shared",
]  # fmt: skip
