"""A round's life beside its seating: a round asked for by its number, opened only before play,
closed; a director's form sent once (``once``: the second send answered as the first); and what
the console offers next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import store
from scorekeeper.store import actions

from ..errors import EventRefused
from .loading import EventRef, changing, load
from .views import EventView, RoundView

Database = store.Database


@dataclass(frozen=True)
class Done:
    """What a console action did: the event (as read in its write), the round it acted on
    (None: no one round) and what it answers besides (plain JSON data: None when the round
    says it all), as :func:`once` records it with the form's one-time id."""

    event: store.EventRecord
    round: int | None = None
    outcome: Any = None


def once(
    db: Database,
    event: EventRef,
    submission: str | None,
    kind: str,
    number: int | None,
    act: Callable[[], Done],
) -> Done:
    """Inside a write: a console action done once a form. ``submission`` is the form's one-time
    id (web.saving). When it already did ``kind`` to this event (to round ``number``, when one
    is named), the same form was sent again (a double tap, a resend, Back then the button):
    the same person's one intent, done; nothing is done again and the answer is the first
    send's, even after the event moved on. Otherwise ``act`` does it, refusing a form read
    before a change it never saw (``changing``: EventMoved, as for any form whose id was never
    used), and the id is recorded with what it did, in the same transaction."""
    used = store.submission(db, submission) if submission else None
    if (
        used is not None
        and used.kind.kind == kind
        and (number is None or used.round_number == number)
    ):
        if isinstance(event, str):
            record = store.events.event_by_director_token(db, event)
        else:
            record = store.events.event_by_id(db, event.id)
        if used.event_id == record.id:
            return Done(record, used.round_number, used.outcome)
    done = act()
    if submission and used is None:
        store.record_submission(
            db, submission, game_id=None, action=store.Action(kind), version=None,
            event_id=done.event.id, round_number=done.round, outcome=done.outcome,
        )  # fmt: skip
    return done


def refuse_unless_ready(view: EventView) -> int:
    """The number of the round to seat next, or EventRefused saying why not."""
    last = view.current
    if last is not None and not last.closed:
        raise EventRefused(f"Close round {last.number} before seating the next.")
    if view.complete:
        raise EventRefused("Every round of this event has been played.")
    for r in view.rounds:
        late = [str(t.number) for t in r.unfinished]
        if late:
            raise EventRefused(
                f"Round {r.number} table {', '.join(late)} is no longer finished (its game was "
                "changed after the round closed): finish it or enter a paper result first."
            )
    return len(view.rounds) + 1


def round_of(view: EventView, number: int) -> RoundView:
    rnd = view.round(number)
    if rnd is None:
        raise EventRefused(f"There is no round {number} (perhaps the page is old).")
    return rnd


def open_round(view: EventView, number: int, doing: str) -> RoundView:
    """The current round, before play starts, or EventRefused."""
    rnd = round_of(view, number)
    if rnd is not view.current or rnd.closed:
        raise EventRefused(f"Round {number} is over: only the current round can be {doing}.")
    started = [str(t.number) for t in rnd.tables if t.started]
    if started:
        raise EventRefused(
            f"Round {number} has started (table {', '.join(started)}): it can be {doing} only "
            "before any hand is entered."
        )
    return rnd


def close_round(
    db: Database,
    event: EventRef,
    number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> RoundView:
    """Close the current round once every table is finished or has a paper result; else
    EventRefused naming the tables still playing. ``submission``: the form's one-time id
    (:func:`once`: the same Close sent again, the round, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = round_of(view, number)
        if rnd.closed:
            raise EventRefused(f"Round {number} is already closed.")
        if rnd.unfinished:
            which = ", ".join(str(t.number) for t in rnd.unfinished)
            many = len(rnd.unfinished) > 1
            raise EventRefused(
                f"Table{'s' if many else ''} {which} {'are' if many else 'is'} not finished: "
                "let them finish (call time to end the round) or enter a paper result."
            )
        store.events.update_round(db, rnd.id, status="closed")
        store.events.mark_closed(db, rnd.id)  # a later change of a table is a correction
        after = load(db, record)
        finished = {"status": "finished"} if after.complete else {}
        store.events.touch_event(db, record.id, **finished)
        return Done(record, number)

    with store.write(db):
        done = once(db, event, submission, actions.CLOSE_ROUND, number, act)
    return round_of(load(db, done.event), number)


@dataclass(frozen=True)
class NextStep:
    """What the console offers next: the action and, when it cannot be taken, why."""

    action: str  # "seat", "close", "done"
    round: int
    blocked: str = ""
    tables: list[int] = field(default_factory=list)


def next_step(view: EventView) -> NextStep:
    """Seat the next round, close the current one, or nothing more to do."""
    last = view.current
    if last is not None and not last.closed:
        return NextStep("close", last.number, tables=[t.number for t in last.unfinished])
    if view.complete:
        return NextStep("done", last.number if last else 0)
    try:
        number = refuse_unless_ready(view)
    except EventRefused as e:
        return NextStep("seat", len(view.rounds) + 1, blocked=e.message)
    return NextStep("seat", number)


__all__ = [
    "refuse_unless_ready",
    "Done", "NextStep", "close_round", "next_step", "once", "open_round", "round_of",
]  # fmt: skip
