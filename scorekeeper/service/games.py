"""Games, one use case a function: open, create, import, add/edit/delete a hand, misdeal, undo,
redo, rematch, delete.

Every function takes a database connection and returns a result or raises a domain error
(:mod:`.errors`, or the engine's ``GameError``); each write is one transaction. The web views
and the command line call these, never the store directly.

A write takes an optional ``submission``: the one-time id of the form that asked for it. The
id is checked and recorded in the write's own transaction, so a form sent twice (a double tap,
Back then Save, a retry after a lost answer) is saved once and the second send raises
:class:`AlreadySaved`, even when both arrive at the same moment.

A hand costs one read and one write: :func:`open_game` reads and parses the game (scoring it
only when its sheet is asked for), and a change scores the new file once, to check it and to
record the outcome, then saves it over the version read, in one write.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.cache import SizedCache
from scorekeeper.events.table_file import capped_by_time, read_game_text, with_time_called
from scorekeeper.rules import (
    Game,
    GameError,
    Rules,
    Sheet,
    dump_game,
    parse_game,
    parse_hand,
    rematch_of,
    score_game,
    with_hand_added,
)
from scorekeeper.rules.bids import plays_without_bids
from scorekeeper.rules.words import rules_as_set
from scorekeeper.store import Action, actions

from .errors import (
    AlreadySaved,
    GameDeleted,
    GameInEvent,
    GameNotFound,
    GameUnavailable,
    HandNotFound,
    HandRefused,
    StaleGame,
    TableReplaced,
    Unavailable,
    UnreadableGame,
)
from .event_views import TablePlace, table_of_game

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


def _facts(record: store.GameRecord) -> GameFacts:
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


def _key(record: store.GameRecord) -> tuple[str, int]:
    return record.edit_token, record.version


def _load(record: store.GameRecord) -> _Loaded:
    hit = _opened.get(_key(record))
    if hit is not None:
        return hit
    try:
        if record.problem:
            raise GameError(record.problem)
        loaded = (record, OpenGame(_facts(record), parse_game(record.data), record.data))
    except GameError as e:
        raise UnreadableGame(record, e) from e
    _opened.put(_key(record), loaded)
    return loaded


def _open(record: store.GameRecord) -> OpenGame:
    return _load(record)[1]


def _read(db: Database, token: str) -> _Loaded:
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
    return _read(db, token)[1]


def open_shared(db: Database, view_token: str) -> OpenGame:
    """The game with this read-only token; raises GameNotFound or UnreadableGame."""
    return _read_shared(db, view_token)[1]


def _read_shared(db: Database, view_token: str) -> _Loaded:
    try:
        hit = _opened.get(store.version_by_view_token(db, view_token))
        return hit if hit is not None else _load(store.game_by_view_token(db, view_token))
    except GameNotFound:
        raise _not_found(db, view_token, "view") from None


def _record_of(db: Database, current: OpenGame, *, exact: bool = True) -> store.GameRecord:
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
        raise StaleGame(_open(record))
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


# --- one-time submission ids ----------------------------------------------------------------


@dataclass(frozen=True)
class Submitted:
    """What a form's one-time id already did: its action, and the game it made or changed."""

    action: Action
    token: str | None  # the game's edit token; None once the game was deleted
    version: int | None

    @property
    def message(self) -> str:
        """What to tell the person who sent the form again."""
        kind, number = self.action.kind, self.action.hand
        hand_words = {
            actions.ADD_HAND: f"Hand {number} was already saved.",
            actions.DELETE_HAND: f"Hand {number} was already deleted.",
            actions.EDIT_HAND: f"Your change to hand {number} was already saved.",
        }
        if kind in hand_words and number is not None:
            return hand_words[kind]
        words = {
            actions.MISDEAL: "That misdeal was already recorded.",
            actions.UNDO: "That undo was already done.",
            actions.REDO: "That redo was already done.",
            actions.NEW_GAME: "This game was already started: here it is.",
            actions.REMATCH: "This rematch was already started: here it is.",
            actions.IMPORT: "This game file was already imported: here it is.",
        }
        return words.get(kind, "That was already saved.")


def submitted(db: Database, submission: str | None) -> Submitted | None:
    """What the form with this one-time id already did, or None (never sent, or no id)."""
    if not submission:
        return None
    seen = store.submission(db, submission)
    return None if seen is None else Submitted(seen.kind, seen.edit_token, seen.version)


def _once(db: Database, submission: str | None) -> None:
    """Inside the write: refuse an id already used (a second send changes nothing)."""
    if (seen := submitted(db, submission)) is not None:
        raise AlreadySaved(seen)


def _record_submission(
    db: Database, submission: str | None, record: store.GameRecord, action: Action
) -> None:
    if submission:
        store.record_submission(
            db, submission, game_id=record.id, action=action, version=record.version
        )


# --- creating ------------------------------------------------------------------------------


def create_game(
    db: Database,
    data: dict[str, Any],
    *,
    title: str = "",
    remember_players: bool = False,
    save_rules_as: str | None = None,
    submission: str | None = None,
    browser: str | None = None,
) -> store.GameRecord:
    """Check a game file with the engine and store it, in one transaction with its players'
    names (``remember_players``), its rules saved under a name for the browser
    (``save_rules_as``) and its place in that browser's games (``browser``, its id).

    Raises GameError (nothing stored), AlreadySaved (the form's id was used: its game stands)."""
    return _create(
        db, data, title=title, remember_players=remember_players, save_rules_as=save_rules_as,
        submission=submission, action=Action(actions.NEW_GAME), browser=browser,
    )  # fmt: skip


def _create(
    db: Database,
    data: dict[str, Any],
    *,
    title: str = "",
    remember_players: bool = False,
    save_rules_as: str | None = None,
    submission: str | None,
    action: Action,
    browser: str | None = None,
    time_called: bool = False,
    round_hands: int | None = None,
) -> store.GameRecord:
    sheet = score_game(parse_game(data))
    with store.write(db):
        _once(db, submission)
        record = store.create_game(
            db, data, title=title, finished=sheet.finished, winner=sheet.winner,
            time_called=time_called, round_hands=round_hands,
        )  # fmt: skip
        if remember_players:
            store.remember_players(db, list(data["players"]))
        if save_rules_as:
            store.save_house_rules(db, save_rules_as, data["rules"], owner=browser)
        if browser:
            store.record_opened(db, browser, record.id, store.now_exact())
        _record_submission(db, submission, record, action)
    return record


def import_game(
    db: Database, text: str, *, submission: str | None = None, browser: str | None = None
) -> store.GameRecord:
    """Store a game file given as JSON text (written back in the contract's own form), in
    this browser's games. A club table's game that the director's call of time capped keeps
    its call of time (``time_called``), so it reads as it did at the club (:func:`time_call`)."""
    read = read_game_text(text)
    return _create(
        db, dump_game(read.game), submission=submission, action=Action(actions.IMPORT),
        browser=browser, time_called=read.time_called, round_hands=read.round_hands,
    )  # fmt: skip


def rematch(
    db: Database, token: str, *, submission: str | None = None, browser: str | None = None
) -> tuple[store.GameRecord, Game]:
    """A new game with the same players, teams and rules, the deal moved on one seat. A game
    imported with the director's call of time is played again to its round's own hands: the
    cap was the call's, not the table's rules (``rules.words.rules_as_set``)."""
    record = store.game_by_edit_token(db, token)
    game = rematch_of(_open(record).game)
    called, hands = time_call(game.rules, None, record.time_called, record.round_hands)
    if called:
        game = replace(game, rules=rules_as_set(game.rules, called, hands))
    data = dump_game(game)
    created = _create(
        db,
        data,
        title=record.title,
        submission=submission,
        action=Action(actions.REMATCH),
        browser=browser,
    )
    return created, game


def delete_game(db: Database, token: str) -> store.GameRecord:
    """Delete a game and its history; returns what was deleted. A table's game of an event is
    not deleted (GameInEvent): the event's results would lose it."""
    record = store.game_by_edit_token(db, token)
    where = store.events.table_of_game(db, record.id)
    if where is not None:
        raise GameInEvent(where)
    store.delete_game(db, record)
    return record


# --- changing the hands ----------------------------------------------------------------------
#
# Each change is checked with the engine first (GameError: nothing saved), then written in one
# transaction that refuses a form sent before (AlreadySaved), a form read at an older version
# (StaleGame) and a game deleted meanwhile (GameDeleted), and records the form's one-time id.


def _check_version(current: OpenGame, version: int | None) -> None:
    if version is not None and version != current.version:
        raise StaleGame(current)


def _save(
    db: Database,
    current: OpenGame,
    hands: list[Any],
    action: Action,
    *,
    version: int | None,
    submission: str | None,
    game: Game | None = None,
) -> store.GameRecord:
    """Score the new file once (raises GameError), then save it over the version read.
    ``game`` is the new file already read, when the change made it so (a hand added)."""
    data = {**current.file, "hands": hands}
    game = parse_game(data) if game is None else game
    sheet = score_game(game)
    with store.write(db):
        _once(db, submission)
        _check_version(current, version)
        record = _write(db, _record_of(db, current), data, sheet, action, submission)
    _remember(record, game, sheet)
    return record


def _write(
    db: Database,
    read: store.GameRecord,
    data: dict[str, Any],
    sheet: Sheet,
    action: Action,
    submission: str | None,
) -> store.GameRecord:
    """Inside the write, the checks made: save the scored file over the version read and
    record the form's one-time id. ``read`` is the version read."""
    try:
        record = store.save_game(
            db, read, data, action=action, finished=sheet.finished,
            winner=sheet.winner,
        )  # fmt: skip
    except store.StaleRecord as e:
        raise StaleGame(_open(e.current)) from None
    except GameNotFound:
        raise GameDeleted(read.edit_token) from None
    _record_submission(db, submission, record, action)
    return record


def _remember(record: store.GameRecord, game: Game, sheet: Sheet) -> None:
    """Keep a game just saved, scored, for the page that follows the save."""
    opened = OpenGame(_facts(record), game, record.data)
    opened.__dict__["sheet"] = sheet  # what the cached property would compute
    _opened.put(_key(record), (record, opened))


def _hands(current: OpenGame) -> list[Any]:
    return list(current.file.get("hands", []))


def _check_number(current: OpenGame, number: int) -> list[Any]:
    hands = _hands(current)
    if not 1 <= number <= len(hands):
        raise HandNotFound(number)
    return hands


# A save that changes only the rules, made by an event's director when time is called: a hand
# typed before it still belongs to the game, so saving that hand over it is no conflict.
TIME_CALLED = Action(actions.TIME_CALLED)


def typed_at(db: Database, current: OpenGame, version: int | None) -> bool:
    """Whether a hand form read at ``version`` may be saved over the game as it is now: nobody
    saved since, or the only saves since were the director's time call."""
    if version is None or version == current.version:
        return True
    if not 0 < version < current.version:
        return False
    saves = store.saves_since(db, _record_of(db, current, exact=False), version)
    return bool(saves) and all(s == (actions.CHANGE, TIME_CALLED) for s in saves)


def add_hand(
    db: Database,
    current: OpenGame,
    hand: dict[str, Any],
    *,
    version: int | None = None,
    submission: str | None = None,
) -> store.GameRecord:
    """Add the next hand; raises GameError, StaleGame (someone saved since ``version``, other
    than the director calling time), AlreadySaved (this ``submission`` id was saved before),
    GameDeleted."""
    if version is not None and version != current.version and typed_at(db, current, version):
        version = current.version  # only the director's time call since: no conflict
    hands = _hands(current)
    action = Action(actions.ADD_HAND, len(hands) + 1)
    game = with_hand_added(current.game, hand)  # the hands before it were read on opening
    return _save(
        db, current, [*hands, hand], action, version=version, submission=submission, game=game
    )


def edit_hand(
    db: Database,
    current: OpenGame,
    number: int,
    hand: dict[str, Any],
    *,
    version: int | None,
    submission: str | None = None,
) -> store.GameRecord:
    """Replace hand ``number`` (1-based); raises HandNotFound and what add_hand raises."""
    hands = _check_number(current, number)
    hands[number - 1] = hand
    action = Action(actions.EDIT_HAND, number)
    return _save(db, current, hands, action, version=version, submission=submission)


def delete_hand(
    db: Database,
    current: OpenGame,
    number: int,
    *,
    version: int | None,
    submission: str | None = None,
) -> store.GameRecord:
    """Delete hand ``number``; the hands after it move up. Raises HandNotFound, StaleGame..."""
    hands = _check_number(current, number)
    del hands[number - 1]
    action = Action(actions.DELETE_HAND, number)
    return _save(db, current, hands, action, version=version, submission=submission)


def misdeal(
    db: Database, current: OpenGame, *, version: int | None, submission: str | None = None
) -> store.GameRecord:
    """Void the next hand: a misdeal (the deal passes, or not, as the rules say)."""
    hands = [*_hands(current), {"misdeal": True}]
    return _save(
        db, current, hands, Action(actions.MISDEAL), version=version, submission=submission
    )


def _restore(
    db: Database,
    current: OpenGame,
    step: Callable[..., store.GameRecord | None],
    label: Action,
    version: int | None,
    submission: str | None,
) -> store.GameRecord | None:
    """Undo or redo (``step`` is the store's): one transaction, once per submission id,
    version-checked; None when there is nothing to take back or put back."""
    with store.write(db):
        _once(db, submission)
        _check_version(current, version)
        try:
            record = step(db, _record_of(db, current), outcome=outcome)
        except store.StaleRecord as e:
            raise StaleGame(_open(e.current)) from None
        except GameNotFound:
            raise GameDeleted(current.token) from None
        if record is not None:
            _record_submission(db, submission, record, label)
    return record


def undo(
    db: Database, current: OpenGame, *, version: int | None, submission: str | None = None
) -> store.GameRecord | None:
    """Put the game back as before its last change; None when there is nothing to undo."""
    return _restore(db, current, store.undo_last_change, Action(actions.UNDO), version, submission)


def redo(
    db: Database, current: OpenGame, *, version: int | None, submission: str | None = None
) -> store.GameRecord | None:
    """Put back what the last undo took away; None when there is nothing to redo (a change
    made since an undo ends what can be redone)."""
    return _restore(db, current, store.redo_last_undo, Action(actions.REDO), version, submission)


# --- the hand form's use cases -----------------------------------------------------------------
#
# What a phone's hand form asks for, each one call and one transaction: open the game, refuse a
# form sent before (AlreadySaved, checked first so a replay is never taken for a conflict), a
# form read at an older version (StaleGame, carrying the game as it is now), a hand that does
# not read or breaks the rules (HandRefused), then save, in that order. A busy or full database
# raises GameUnavailable, carrying the game as it can still be read for the page.


class TypedHand(Protocol):
    """A hand as a person typed it (the web's hand form): read against the game it is for,
    it gives the hand as the game file writes it, or None with its own errors filled in."""

    def hand(self, game: Game, no_bids: bool) -> dict[str, Any] | None: ...


# The one-tap actions of the game page, by the name its route gives.
ONE_TAP = ("delete", "misdeal", "undo", "redo")


def submit_hand(
    db: Database,
    token: str,
    typed: TypedHand,
    read_version: int | None,
    submission: str | None = None,
) -> int:
    """Save the next hand of the game ``token`` as typed on a form read at ``read_version``;
    returns the game's new version. A form read before the director called time is no
    conflict (only the rules changed since). Raises AlreadySaved, StaleGame, HandRefused,
    GameDeleted, GameUnavailable."""
    with _with_page(db), _unavailable_on(db, token), store.write(db):
        read, current = _read(db, token)
        _once(db, submission)
        if not typed_at(db, current, read_version):
            raise StaleGame(current)
        number = len(current.game.hands) + 1
        hand = _typed_hand(current, typed, number)
        try:
            game = with_hand_added(current.game, hand)  # the hands before it were read
            sheet = score_game(game)
        except GameError as e:
            raise HandRefused(current, e) from None
        data = {**current.file, "hands": [*_hands(current), hand]}
        action = Action(actions.ADD_HAND, number)
        record = _write(db, read, data, sheet, action, submission)
    _remember(record, game, sheet)
    return record.version


def change_hand(
    db: Database,
    token: str,
    number: int,
    typed: TypedHand,
    read_version: int | None,
    submission: str | None = None,
) -> int:
    """Replace hand ``number`` (1-based) with the hand as typed on a form read at
    ``read_version`` (any save since is a conflict); returns the new version. Raises what
    :func:`submit_hand` raises, and HandNotFound."""
    with _with_page(db), _unavailable_on(db, token), store.write(db):
        read, current = _read(db, token)
        _once(db, submission)
        _check_version(current, read_version)
        hands = _check_number(current, number)
        hands[number - 1] = _typed_hand(current, typed, number)
        data = {**current.file, "hands": hands}
        try:
            game = parse_game(data)
            sheet = score_game(game)
        except GameError as e:
            raise HandRefused(current, e) from None
        record = _write(db, read, data, sheet, Action(actions.EDIT_HAND, number), submission)
    _remember(record, game, sheet)
    return record.version


def one_tap(
    db: Database,
    token: str,
    action: str,
    read_version: int | None,
    submission: str | None = None,
    *,
    number: int | None = None,
) -> int | None:
    """A button of the game page (``action`` one of :data:`ONE_TAP`; ``delete`` names the hand
    ``number``), pressed on a page read at ``read_version``; returns the new version, or None
    when Undo or Redo had nothing to do. Raises AlreadySaved, HandNotFound, StaleGame,
    HandRefused (the change leaves a game the rules refuse), GameDeleted, GameUnavailable."""
    return one_tap_back(db, token, action, read_version, submission, number=number).version


@dataclass(frozen=True)
class Tapped:
    """What a button did: the game's new version (None: Undo or Redo had nothing to do) and,
    when Undo took back a hand just added, that hand as typed but for its tricks (its bids,
    and any renege, bonus, note, special) and its number (``game`` the game it is for), so the
    page can ask for its tricks again without the rest being typed again: a wrong tricks entry
    is mended by tapping the tricks alone, and nothing else typed is lost."""

    version: int | None
    hand_back: dict[str, Any] | None = None
    number: int = 0
    game: Game | None = None


def one_tap_back(
    db: Database,
    token: str,
    action: str,
    read_version: int | None,
    submission: str | None = None,
    *,
    number: int | None = None,
) -> Tapped:
    """:func:`one_tap`, saying what an Undo of a new hand took back (:class:`Tapped`)."""
    with _with_page(db), _unavailable_on(db, token), store.write(db):
        current = open_game(db, token)
        _once(db, submission)
        try:
            record = _tap(db, current, action, read_version, submission, number)
        except GameError as e:
            raise HandRefused(current, e) from None
    if record is None:
        return Tapped(None)
    before = current.file.get("hands") or []
    after = record.data.get("hands") or []
    last = before[-1] if before else {}
    if action == "undo" and after == before[:-1] and last.get("bids"):
        typed = {k: v for k, v in last.items() if k != "tricks"}
        return Tapped(record.version, typed, len(before), current.game)
    return Tapped(record.version)


def _tap(
    db: Database,
    current: OpenGame,
    action: str,
    version: int | None,
    submission: str | None,
    number: int | None,
) -> store.GameRecord | None:
    if action == "delete":
        return delete_hand(db, current, number or 0, version=version, submission=submission)
    if action == "misdeal":
        return misdeal(db, current, version=version, submission=submission)
    if action == "undo":
        return undo(db, current, version=version, submission=submission)
    if action == "redo":
        return redo(db, current, version=version, submission=submission)
    raise ValueError(f"no such action: {action!r}")


def _typed_hand(current: OpenGame, typed: TypedHand, number: int) -> dict[str, Any]:
    """Hand ``number`` as typed, read against the game and checked by the engine alone;
    HandRefused when it does not read (the typed hand's errors say where) or breaks a rule."""
    game = current.game
    played_before = sum(not h.misdeal for h in game.hands[: number - 1])
    no_bids = plays_without_bids(game.rules, played_before)
    hand = typed.hand(game, no_bids)
    if hand is None:
        raise HandRefused(current)
    try:
        parse_hand(hand, number)
    except GameError as e:
        raise HandRefused(current, e) from None
    return hand


@contextmanager
def _unavailable_on(db: Database, token: str) -> Iterator[None]:
    """A busy or full database met by a change to game ``token``: GameUnavailable, with the
    game as it can still be read (a read that fails too raises its own Unavailable)."""
    try:
        yield
    except GameUnavailable:
        raise
    except Unavailable as e:
        raise GameUnavailable(open_game(db, token), e) from e


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
    read, current = _read(db, token)
    return ShownGame(current, table_of_game(db, read.id))


def show_shared(db: Database, view_token: str) -> ShownGame:
    """The game with this read-only token and its club table (the read-only sheet and its
    printed sheet); raises GameNotFound or UnreadableGame."""
    read, current = _read_shared(db, view_token)
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
    read, current = _read(db, token)
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
def _with_page(db: Database) -> Iterator[None]:
    """A hand refused (StaleGame, HandRefused, GameUnavailable): it carries the game page as
    the game is now (``page``), so the page showing the typing again needs nothing more."""
    try:
        yield
    except (StaleGame, HandRefused, GameUnavailable) as e:
        e.page = _page(db, _record_of(db, e.current, exact=False), e.current)
        raise


def unavailable(error: BaseException | None) -> Unavailable | None:
    """The Unavailable (busy or full database) an error means, if any: for the error pages."""
    return None if error is None else store.unavailable(error)


__all__ = [
    "AlreadySaved", "Database", "GameDeleted", "GameFacts", "GameInEvent", "GameNotFound",
    "GamePage", "GameUnavailable", "HandNotFound", "HandRefused", "ONE_TAP", "OpenGame",
    "REOPEN_AFTER", "ShownGame", "StaleGame", "Submitted", "TIME_CALLED", "TypedHand",
    "Unavailable", "UnreadableGame", "add_hand", "change_hand", "create_game", "delete_game",
    "delete_hand", "edit_hand", "export_text", "find_game", "game_label", "game_page",
    "import_game", "misdeal", "note_opened", "one_tap", "one_tap_back", "open_game",
    "open_shared", "outcome", "redo", "rematch", "show_game", "show_shared", "submit_hand",
    "submitted", "time_call", "typed_at", "unavailable", "undo", "version_of_shared",
]  # fmt: skip
