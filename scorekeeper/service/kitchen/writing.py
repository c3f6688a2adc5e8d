"""Each write of a game: created, imported, rematched, deleted, and the one save every change
of its hands goes through (checked with the engine first, then written over the version read).

A write takes an optional ``submission``: the one-time id of the form that asked for it. The
id is checked and recorded in the write's own transaction, so a form sent twice (a double tap,
Back then Save, a retry after a lost answer) is saved once and the second send raises
:class:`AlreadySaved`, even when both arrive at the same moment.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scorekeeper import store
from scorekeeper.events.table_file import read_game_text
from scorekeeper.rules import (
    Game,
    Sheet,
    dump_game,
    parse_game,
    rematch_of,
    score_game,
)
from scorekeeper.rules.words import rules_as_set
from scorekeeper.store import Action, actions

from ..errors import AlreadySaved, GameDeleted, GameInEvent, GameNotFound, HandNotFound, StaleGame
from .opening import OpenGame, open_record, record_of, remember_saved, time_call

Database = store.Database


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


def refuse_resent(db: Database, submission: str | None) -> None:
    """Inside the write: refuse an id already used (a second send changes nothing)."""
    if (seen := submitted(db, submission)) is not None:
        raise AlreadySaved(seen)


def record_submission(
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
        refuse_resent(db, submission)
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
        record_submission(db, submission, record, action)
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
    game = rematch_of(open_record(record).game)
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


def check_version(current: OpenGame, version: int | None) -> None:
    if version is not None and version != current.version:
        raise StaleGame(current)


def save_change(
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
        refuse_resent(db, submission)
        check_version(current, version)
        record = write_game(db, record_of(db, current), data, sheet, action, submission)
    remember_saved(record, game, sheet)
    return record


def write_game(
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
        raise StaleGame(open_record(e.current)) from None
    except GameNotFound:
        raise GameDeleted(read.edit_token) from None
    record_submission(db, submission, record, action)
    return record


def hands_of(current: OpenGame) -> list[Any]:
    return list(current.file.get("hands", []))


def check_number(current: OpenGame, number: int) -> list[Any]:
    hands = hands_of(current)
    if not 1 <= number <= len(hands):
        raise HandNotFound(number)
    return hands


__all__ = [
    "Submitted", "check_number", "check_version", "create_game", "delete_game", "hands_of",
    "import_game", "record_submission", "refuse_resent", "rematch", "save_change", "submitted",
    "write_game",
]  # fmt: skip
