"""A table's paper result: the director types a table's result, which counts in place of its
game, corrects it or clears it; and the console's paper form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.rules import MAX_SCORE
from scorekeeper.store import actions

from ..errors import EventRefused
from .loading import EventRef, cached_load, changing, load
from .rounds import Done, once, round_of
from .views import EventFacts, EventView, RoundView, TableView, event_facts

Database = store.Database


def enter_paper(
    db: Database,
    event: EventRef,
    number: int,
    table_number: int,
    points: list[int],
    bags: list[int],
    winner: int | None = None,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> TableView | None:
    """A table's final points and bags per side typed from its paper sheet (in any round: a
    correction too). It replaces the table's game in the standings until cleared. ``winner``
    (a side index) is needed when the top scores tie, and may name a side that won otherwise
    (set out, a losing score). ``submission``: the form's one-time id (:func:`once`: sent
    again, the table as it is, nothing entered again)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = round_of(view, number)
        table = rnd.table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        paper = _paper(len(table.sides), points, bags, winner)
        # After the round closed a paper result is a correction: kept, and said (the console,
        # the standings' why and the event file name the table).
        store.events.update_table(db, table.id, paper=paper, **_correcting(rnd))
        store.events.touch_event(db, record.id)
        return Done(record, number, table_number)

    with store.write(db):
        done = once(db, event, submission, actions.PAPER_RESULT, number, act)
    return round_of(load(db, done.event), number).table(table_number)


def _paper(sides: int, points: list[int], bags: list[int], winner: int | None) -> dict[str, Any]:
    """A paper result as the store keeps it, or EventRefused by the field that is wrong."""
    if len(points) != sides or len(bags) != sides:
        raise EventRefused("Give every side's points and bags.", field="points")
    if any(abs(p) > MAX_SCORE * 10 for p in points):
        raise EventRefused("Those points are out of range.", field="points")
    if any(not 0 <= b <= 10_000 for b in bags):
        raise EventRefused("Bags are 0 or more.", field="bags")
    best = max(points)
    if winner is not None and not 0 <= winner < sides:
        raise EventRefused("Choose the side that won.", field="winner")
    if winner is None and points.count(best) > 1:
        raise EventRefused(
            f"Tied on {best}: say which side won (a tie plays one more hand).", field="winner"
        )
    return {
        "sides": [{"points": p, "bags": b} for p, b in zip(points, bags, strict=True)],
        "winner": winner,
    }


def _correcting(rnd: RoundView) -> dict[str, bool]:
    """The table change's mark: a correction once its round is closed."""
    return {"corrected": True} if rnd.closed else {}


def clear_paper(
    db: Database,
    event: EventRef,
    number: int,
    table_number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> None:
    """Forget a table's paper result: its game counts again. ``submission``: the form's
    one-time id (:func:`once`: sent again, done, nothing cleared again)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        table = round_of(view, number).table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        if table.paper is None:
            raise EventRefused(f"Round {number} table {table_number} has no paper result.")
        store.events.update_table(db, table.id, paper=None, **_correcting(round_of(view, number)))
        store.events.touch_event(db, record.id)
        return Done(record, number, table_number)

    with store.write(db):
        once(db, event, submission, actions.CLEAR_PAPER, number, act)


@dataclass(frozen=True)
class PaperTable:
    """A table of a round whose result is typed from its paper sheet: the event, its whole
    view, the round and the table."""

    event: EventFacts
    view: EventView
    round: RoundView
    table: TableView

    @property
    def current(self) -> bool:
        """Whether the table's round is the event's current one."""
        return self.round is self.view.current


def paper_table(db: Database, director_token: str, number: int, table: int) -> PaperTable:
    """Round ``number``'s table ``table`` behind a director's link, for its paper result;
    EventRefused when the round has no such table."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    rnd = view.round(number)
    found = rnd.table(table) if rnd else None
    if rnd is None or found is None:
        raise EventRefused(f"Round {number} has no table {table}.")
    return PaperTable(event_facts(event), view, rnd, found)


class TypedPaper(Protocol):
    """A paper result as a person typed it (the web's paper form) and the event's version it
    was read at, and its one-time id (a second send of the same form reads as done): read for
    a table of ``sides`` sides, it gives (points, bags, winner) as the service takes them, or
    None with its own errors filled in."""

    version: int
    submission: str | None

    def read(self, sides: int) -> tuple[list[int], list[int], int | None] | None: ...


@dataclass(frozen=True)
class PaperAnswer:
    """What came of a typed paper result: the table as it was read before (the page to show
    again when nothing was saved), whether it was saved and, if so, whether it corrected a
    closed round; ``refused``: the service's refusal (None when the typing itself was wrong:
    its errors are the form's)."""

    at: PaperTable
    saved: bool = False
    corrected: bool = False
    refused: EventRefused | None = None


def submit_paper(
    db: Database, director_token: str, number: int, table: int, typed: TypedPaper
) -> PaperAnswer:
    """Read a table's paper result as typed and enter it (:func:`enter_paper`, at the version
    the form was read at). EventRefused when the round has no such table; every other refusal
    is in the answer, with the table to show the form again."""
    at = paper_table(db, director_token, number, table)
    read = typed.read(len(at.table.sides))
    if read is None:
        return PaperAnswer(at)
    try:
        entered = enter_paper(
            db, director_token, number, table, *read, seen=typed.version,
            submission=typed.submission,
        )  # fmt: skip
    except EventRefused as e:
        return PaperAnswer(at, refused=e)
    return PaperAnswer(at, saved=True, corrected=entered is not None and entered.corrected)


__all__ = [
    "PaperAnswer", "PaperTable", "TypedPaper", "clear_paper", "enter_paper", "paper_table",
    "submit_paper",
]  # fmt: skip
