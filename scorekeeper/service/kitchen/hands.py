"""A game's hands, one use case a function: add, edit and delete a hand, a misdeal, undo and
redo. Each is checked with the engine, then saved in one write over the version read
(``writing.save_change``): a form read at an older version is refused (StaleGame), one sent
before is answered as saved (AlreadySaved).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper import store
from scorekeeper.rules import with_hand_added
from scorekeeper.store import Action, actions

from ..errors import GameDeleted, GameNotFound, StaleGame
from .opening import OpenGame, open_record, outcome, record_of
from .writing import (
    check_number,
    check_version,
    hands_of,
    record_submission,
    refuse_resent,
    save_change,
)

Database = store.Database


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
    saves = store.saves_since(db, record_of(db, current, exact=False), version)
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
    hands = hands_of(current)
    action = Action(actions.ADD_HAND, len(hands) + 1)
    game = with_hand_added(current.game, hand)  # the hands before it were read on opening
    return save_change(
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
    hands = check_number(current, number)
    hands[number - 1] = hand
    action = Action(actions.EDIT_HAND, number)
    return save_change(db, current, hands, action, version=version, submission=submission)


def delete_hand(
    db: Database,
    current: OpenGame,
    number: int,
    *,
    version: int | None,
    submission: str | None = None,
) -> store.GameRecord:
    """Delete hand ``number``; the hands after it move up. Raises HandNotFound, StaleGame..."""
    hands = check_number(current, number)
    del hands[number - 1]
    action = Action(actions.DELETE_HAND, number)
    return save_change(db, current, hands, action, version=version, submission=submission)


def misdeal(
    db: Database, current: OpenGame, *, version: int | None, submission: str | None = None
) -> store.GameRecord:
    """Void the next hand: a misdeal (the deal passes, or not, as the rules say)."""
    hands = [*hands_of(current), {"misdeal": True}]
    return save_change(
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
        refuse_resent(db, submission)
        check_version(current, version)
        try:
            record = step(db, record_of(db, current), outcome=outcome)
        except store.StaleRecord as e:
            raise StaleGame(open_record(e.current)) from None
        except GameNotFound:
            raise GameDeleted(current.token) from None
        if record is not None:
            record_submission(db, submission, record, label)
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


__all__ = [
    "TIME_CALLED", "add_hand", "delete_hand", "edit_hand", "misdeal", "redo", "typed_at", "undo",
]  # fmt: skip
