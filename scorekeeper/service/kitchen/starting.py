"""The kitchen table's pages around a game, one use case a request: the new game page and
Start, Rematch, a game file imported and exported, a game deleted and the page that asks first.

Each function is one call from its route and one transaction. A Start, Rematch or Import sent
twice (a double tap, Back then the button again) is answered inside that transaction: the game
the first send made is put first in this browser's list, and :class:`AlreadySaved` says which
game it is; nothing else is made.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.rules import GameError, parse_game, score_game

from ..errors import AlreadySaved, GameNotFound, StartRefused, StartUnavailable, Unavailable
from . import browsers, opening, pages, writing
from .browsers import GameSummary, SavedRules
from .writing import Submitted

Database = store.Database


# --- the new game page and Start ------------------------------------------------------------


@dataclass(frozen=True)
class NewGamePage:
    """What the new game page shows beside its form: the names this browser typed before, the
    house rules it saved, and the saved rules ``?rules=<id>`` asked for (None when not asked,
    or when this browser has none such)."""

    known_players: list[str] = field(default_factory=list)
    saved_rules: list[SavedRules] = field(default_factory=list)
    chosen: SavedRules | None = None


class TypedGame(Protocol):
    """A new game's form as a person filled it in (the web's form): read, it gives the game
    file to start, or None (its own errors filled in, or it asked only to see a preset's
    rules); the engine's refusal raises GameError."""

    save_as: str
    replace_saved: bool

    def game_to_start(self) -> dict[str, Any] | None: ...


def new_game_page(db: Database, browser: str | None, rules_id: int | None = None) -> NewGamePage:
    """The new game page for this browser; ``rules_id`` the saved rules asked for, if any."""
    chosen = None if rules_id is None else browsers.house_rules(db, rules_id, browser)
    return NewGamePage(
        browsers.player_names(db, browser), browsers.all_house_rules(db, browser), chosen
    )


def start_game(
    db: Database, browser: str | None, typed: TypedGame, submission: str | None = None
) -> str:
    """Start the game typed on the new game form: store it with its players' names, its rules
    saved under ``typed.save_as`` for this browser, first in this browser's list; returns its
    edit token.

    Raises AlreadySaved (this form's one-time id started a game before: that game is listed
    for this browser again), StartRefused (nothing started: the form's own errors, the engine's
    refusal, or saved rules of that name already, which ``typed.replace_saved`` allows to
    replace; it carries the page to show the form on), StartUnavailable (the database busy or
    full, with the page as it can still be read).

    A form that does not read is refused before the write is begun (a read says whether its
    one-time id did anything yet), so its messages are shown even while another writer holds
    the database; the write checks the id again."""
    try:
        data = None if writing.submitted(db, submission) else _read_form(db, browser, typed)
        with store.write(db):
            seen = _list_again(db, browser, submission)
            if seen is None:
                record = _start(db, browser, typed, data, submission)
    except Unavailable as e:
        raise StartUnavailable(new_game_page(db, browser), e) from e
    if seen is not None:
        raise AlreadySaved(seen)
    return record.edit_token


def _read_form(db: Database, browser: str | None, typed: TypedGame) -> dict[str, Any]:
    """The game file the form gives, checked by the engine as storing it will; StartRefused
    (with the page) for its own errors or the engine's refusal."""
    try:
        data = typed.game_to_start()
        if data is not None:
            score_game(parse_game(data))
    except GameError as e:
        raise StartRefused(new_game_page(db, browser), error=e) from None
    if data is None:
        raise StartRefused(new_game_page(db, browser))
    return data


def _start(
    db: Database,
    browser: str | None,
    typed: TypedGame,
    data: dict[str, Any] | None,
    submission: str | None,
) -> store.GameRecord:
    """Inside the write: the form read (``data``, or read now), the name its rules are saved
    under checked, the game stored."""
    if data is None:
        data = _read_form(db, browser, typed)
    try:
        if typed.save_as and not typed.replace_saved:
            saved = browsers.house_rules_named(db, typed.save_as, browser)
            if saved is not None and saved.spec != data["rules"]:
                raise StartRefused(new_game_page(db, browser), taken=saved.name)
        return writing.create_game(
            db, data, remember_players=True, save_rules_as=typed.save_as or None,
            submission=submission, browser=browser,
        )  # fmt: skip
    except GameError as e:
        raise StartRefused(new_game_page(db, browser), error=e) from None


def _list_again(db: Database, browser: str | None, submission: str | None) -> Submitted | None:
    """Inside the write: what this form's one-time id did before, if anything; its game (when
    it still stands) goes first in this browser's list."""
    seen = writing.submitted(db, submission)
    if seen is not None and seen.token and browser:
        with suppress(GameNotFound):  # deleted since: AlreadySaved's answer says so
            pages.note_opened(db, browser, opening.find_game(db, seen.token).id)
    return seen


# --- Rematch and Import -----------------------------------------------------------------------


@dataclass(frozen=True)
class Rematched:
    """A rematch started: its edit token and who deals its first hand."""

    token: str
    dealer: str


def rematch_game(
    db: Database, token: str, browser: str | None, submission: str | None = None
) -> Rematched:
    """A new game like game ``token`` (same players, teams and rules, the deal moved on one
    seat), first in this browser's list. Raises GameNotFound, UnreadableGame or GameError (the
    game cannot be replayed), AlreadySaved (this form's id made a rematch before: listed
    again)."""
    with store.write(db):
        seen = _list_again(db, browser, submission)
        if seen is None:
            record, game = writing.rematch(db, token, submission=submission, browser=browser)
    if seen is not None:
        raise AlreadySaved(seen)
    return Rematched(record.edit_token, game.first_dealer)


def import_file(db: Database, text: str, browser: str | None, submission: str | None = None) -> str:
    """Store a game file given as JSON text, first in this browser's list; returns its edit
    token. Raises GameError (not a game this app can read), AlreadySaved (this form's id
    imported a game before: listed again), Unavailable."""
    with store.write(db):
        seen = _list_again(db, browser, submission)
        if seen is None:
            record = writing.import_game(db, text, submission=submission, browser=browser)
    if seen is not None:
        raise AlreadySaved(seen)
    return record.edit_token


# --- Export and Delete ------------------------------------------------------------------------


@dataclass(frozen=True)
class GameFile:
    """A game file to download: its text, and what its name is made of (the players' names as
    the file lists them, and the day it was last changed, ``2024-05-01``)."""

    text: str
    players: list[str]
    day: str


def export_file(db: Database, token: str) -> GameFile:
    """Game ``token`` as a file (as stored, when the engine no longer reads it whole); raises
    GameNotFound."""
    record = opening.find_game(db, token)
    players = record.data.get("players") if isinstance(record.data, dict) else None
    names = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    return GameFile(opening.export_text(db, record), names, record.updated_at[:10])


def game_summary(db: Database, token: str) -> GameSummary:
    """Game ``token`` as a list shows it, for the page that asks before deleting it; raises
    GameNotFound."""
    return browsers.summarize(opening.find_game(db, token))


def delete_game(db: Database, token: str) -> GameSummary:
    """Delete game ``token`` and its history, from every browser's list; returns what was
    deleted, as a list showed it. Raises GameNotFound, GameInEvent (a table's game of an
    event)."""
    with store.write(db):
        summary = game_summary(db, token)
        writing.delete_game(db, token)
    return summary


__all__ = [
    "GameFile", "NewGamePage", "Rematched", "TypedGame", "delete_game", "export_file",
    "game_summary", "import_file", "new_game_page", "rematch_game", "start_game",
]  # fmt: skip
