"""The application's domain errors: what a use case can refuse, for every entry point to show.

``GameError`` (the engine's: a file or hand that breaks the contract) is raised as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.store import EventNotFound, GameNotFound, Unavailable

if TYPE_CHECKING:
    from scorekeeper.rules import GameError
    from scorekeeper.store import TableRef
    from scorekeeper.store.events import ReplacedLink

    from .kitchen import GamePage, NewGamePage, OpenGame, Submitted

__all__ = [
    "AlreadySaved", "EventMoved", "EventNotFound", "EventRefused", "GameDeleted", "GameInEvent",
    "TableReplaced",
    "GameNotFound", "GameUnavailable", "HandNotFound", "HandRefused", "MemoryRefused", "StaleGame",
    "StartRefused", "StartUnavailable", "Unavailable", "UnreadableGame",
]  # fmt: skip


class TableReplaced(GameNotFound):
    """No game has that link any more: it scored a club table that a swap or a re-pair
    replaced before play (its game was deleted with no hand in it). ``link`` says which event,
    round and table, and where to look now."""

    def __init__(self, link: ReplacedLink) -> None:
        super().__init__(f"round {link.round_number} table {link.table_number} was replaced")
        self.link = link


class HandNotFound(LookupError):
    """The game has no hand with that number (perhaps deleted on another phone)."""


class StaleGame(Exception):
    """The game changed since the form was read: nothing saved; ``current`` is the game now."""

    def __init__(self, current: OpenGame) -> None:
        super().__init__(f"the game is at version {current.version}")
        self.current = current
        self.page: GamePage | None = None  # the game page now, from the use case refusing


class HandRefused(Exception):
    """The hand as typed cannot be saved: nothing saved. ``error`` is the engine's refusal (for
    the form to place by its field), or None when the typing itself did not read (the typed
    hand's own errors say where); ``current`` is the game it was refused on."""

    def __init__(self, current: OpenGame, error: GameError | None = None) -> None:
        super().__init__(str(error) if error else "the hand as typed does not read")
        self.current = current
        self.error = error
        self.page: GamePage | None = None  # the game page now, from the use case refusing


class GameUnavailable(Unavailable):
    """The database could not take a change to a game just now (busy or full): nothing saved;
    ``current`` is the game as it could still be read, for the page that keeps the typing."""

    def __init__(self, current: OpenGame, error: Unavailable) -> None:
        super().__init__(error.reason)
        self.args = error.args
        self.current = current
        self.page: GamePage | None = None  # the game page now, from the use case refusing


class AlreadySaved(Exception):
    """This form (its one-time submission id) was already saved: nothing changed this time."""

    def __init__(self, submitted: Submitted) -> None:
        super().__init__(submitted.message)
        self.submitted = submitted


class GameDeleted(LookupError):
    """The game was deleted (on another phone) between reading it and saving: nothing saved."""


class UnreadableGame(Exception):
    """A stored game whose file the engine no longer accepts (stored before a rule changed)."""

    def __init__(self, record: object, error: Exception) -> None:
        super().__init__(str(error))
        self.record = record
        self.error = error


class EventRefused(ValueError):
    """An event action the director cannot take now, said in words they can act on ("Close
    round 2 first: tables 3 and 5 are still playing"). ``field`` names the form field it is
    about, when there is one."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class EventMoved(EventRefused):
    """A console form read at an older version of the event (or naming a round that is no
    longer the one it acts on): nothing was done. The message says where the event is now, so
    the director can look again and act on what is there ("Seat round 2" sent from an old tab
    after round 2 was played must never seat round 3)."""


class MemoryRefused(ValueError):
    """A keeper's change to the club's memory that cannot be made (a merge of a person with
    themselves, a rename to someone else's name, a season without events), said in words;
    ``field`` names the form field it is about ("form" for the form as a whole)."""

    def __init__(self, message: str, *, field: str = "form") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class StartRefused(Exception):
    """A new game's form that started nothing: its own errors are on the form (or it asked
    only to see a preset's rules), or ``error`` is the engine's refusal (for the form to place
    by its field), or ``taken`` names this browser's saved rules the form would silently
    replace. ``page`` is what the new game page shows beside the form."""

    def __init__(
        self, page: NewGamePage, *, error: GameError | None = None, taken: str | None = None
    ) -> None:
        super().__init__(str(error) if error else taken or "the form as typed does not read")
        self.page = page
        self.error = error
        self.taken = taken


class StartUnavailable(Unavailable):
    """The database could not start a game just now (busy or full): nothing started; ``page``
    is the new game page as it could still be read, for the form that keeps the typing."""

    def __init__(self, page: NewGamePage, error: Unavailable) -> None:
        super().__init__(error.reason)
        self.args = error.args
        self.page = page


class GameInEvent(Exception):
    """The game is a table of an event: deleting it would take a result out of the event."""

    def __init__(self, where: TableRef) -> None:
        super().__init__(f"round {where.round_number} table {where.table_number}")
        self.where = where
