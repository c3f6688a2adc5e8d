"""A hand as the game page's form sent it: submitted, changed, and the one-tap buttons (delete,
misdeal, undo, redo) with their way back. A refusal carries the game page as it is now, so the
page showing the typing again needs nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.rules import (
    Game,
    GameError,
    parse_game,
    parse_hand,
    score_game,
    with_hand_added,
)
from scorekeeper.rules.bids import plays_without_bids
from scorekeeper.store import Action, actions

from ..errors import (
    GameUnavailable,
    HandRefused,
    StaleGame,
    Unavailable,
)
from .hands import delete_hand, misdeal, redo, typed_at, undo
from .opening import OpenGame, open_game, read_game, remember_saved
from .pages import with_page
from .writing import check_number, check_version, hands_of, refuse_resent, write_game

Database = store.Database


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
    with with_page(db), _unavailable_on(db, token), store.write(db):
        read, current = read_game(db, token)
        refuse_resent(db, submission)
        if not typed_at(db, current, read_version):
            raise StaleGame(current)
        number = len(current.game.hands) + 1
        hand = _typed_hand(current, typed, number)
        try:
            game = with_hand_added(current.game, hand)  # the hands before it were read
            sheet = score_game(game)
        except GameError as e:
            raise HandRefused(current, e) from None
        data = {**current.file, "hands": [*hands_of(current), hand]}
        action = Action(actions.ADD_HAND, number)
        record = write_game(db, read, data, sheet, action, submission)
    remember_saved(record, game, sheet)
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
    with with_page(db), _unavailable_on(db, token), store.write(db):
        read, current = read_game(db, token)
        refuse_resent(db, submission)
        check_version(current, read_version)
        hands = check_number(current, number)
        hands[number - 1] = _typed_hand(current, typed, number)
        data = {**current.file, "hands": hands}
        try:
            game = parse_game(data)
            sheet = score_game(game)
        except GameError as e:
            raise HandRefused(current, e) from None
        record = write_game(db, read, data, sheet, Action(actions.EDIT_HAND, number), submission)
    remember_saved(record, game, sheet)
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
    with with_page(db), _unavailable_on(db, token), store.write(db):
        current = open_game(db, token)
        refuse_resent(db, submission)
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


__all__ = [
    "ONE_TAP", "Tapped", "TypedHand", "change_hand", "one_tap", "one_tap_back", "submit_hand",
]  # fmt: skip
