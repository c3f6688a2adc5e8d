"""A round's clock and the call of time: pause, resume, extend and reset the clock, set the
round's minutes, call time (each table's game capped where it stands); and the console's clock
forms.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scorekeeper import store
from scorekeeper.events import (
    MAX_EXTEND_MINUTES,
    Clock,
    clock_text,
)
from scorekeeper.rules import (
    GameError,
    parse_game,
    rules_to_spec,
    score_game,
)
from scorekeeper.store import actions

from .. import kitchen
from ..errors import EventRefused
from .events import ConsoleView, console_view
from .loading import EventRef, cached_load, changing
from .rounds import Done, once, round_of
from .settings import MAX_ROUND_MINUTES

Database = store.Database


# --- during and after a round ----------------------------------------------------------------


@dataclass(frozen=True)
class TimeQuestion:
    """What the director is asked before calling time (it changes every table still playing):
    the round, the tables still playing (each finishes the hand in play), whether time was
    called before, and the event's version now (the confirming form's)."""

    event_name: str
    version: int
    round: int
    tables: tuple[int, ...]
    again: bool


def time_question(db: Database, director_token: str, number: int) -> TimeQuestion:
    """The question before Call time (read only); EventRefused, as :func:`call_time` would
    refuse it, when round ``number`` is not the round in play."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    rnd = round_of(view, number)
    if rnd is not view.current or rnd.closed:
        raise EventRefused(f"Round {number} is closed: time can be called on the current one.")
    tables = tuple(t.number for t in rnd.tables if not t.finished)
    return TimeQuestion(event.name, event.version, number, tables, rnd.status == "time_called")


@dataclass(frozen=True)
class TimeCalled:
    """What Call time did: the tables still playing when it was called (the question's "Still
    playing", and the console's after it: each finishes the hand in play), whether time was
    called before, and among the tables those whose hand in play was already their last (the
    night's hands: the call left their game as it was) and those whose game no longer scores
    (the director enters a paper result)."""

    tables: tuple[int, ...]
    again: bool = False
    last_already: tuple[int, ...] = ()
    unreadable: tuple[int, ...] = ()

    @classmethod
    def recorded(cls, outcome: object) -> TimeCalled:
        """As :func:`once` recorded it (plain JSON); a list: the tables capped, as recorded
        before the call said which tables finish the hand in play."""
        if isinstance(outcome, dict):
            return cls(
                tuple(outcome["tables"]), bool(outcome["again"]),
                tuple(outcome["last_already"]), tuple(outcome["unreadable"]),
            )  # fmt: skip
        return cls(tuple(outcome) if isinstance(outcome, list) else ())


# What calling time did to one table's game (_cap).
CAPPED, LAST_ALREADY, UNREADABLE = "capped", "last_already", "unreadable"


def call_time(
    db: Database,
    event: EventRef,
    number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> TimeCalled:
    """Time is called: each unfinished table finishes the hand in play and the leader wins (a
    tie plays one more hand). Each such table's game gets ``max_hands`` = hands played + 1, so
    the engine ends it after that hand. Safe to repeat (a table that undid it is capped again).
    Returns the tables still playing and what the call did to them. ``submission``: the form's
    one-time id (:func:`once`: sent again, the first send's answer, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = round_of(view, number)
        if rnd is not view.current or rnd.closed:
            raise EventRefused(f"Round {number} is closed: time can be called on the current one.")
        done = {t.number: _cap(db, t.game_id) for t in rnd.tables if not t.finished}
        store.events.update_round(db, rnd.id, status="time_called")
        store.events.touch_event(db, record.id)
        said = {
            "tables": list(done),
            "again": rnd.status == "time_called",
            "last_already": [n for n, what in done.items() if what == LAST_ALREADY],
            "unreadable": [n for n, what in done.items() if what == UNREADABLE],
        }
        return Done(record, number, said)

    with store.write(db):
        done = once(db, event, submission, actions.TIME_CALLED, number, act)
        return TimeCalled.recorded(done.outcome)


def _cap(db: Database, game_id: int) -> str:
    """Inside the write: a table's game ends after the hand in play (its ``max_hands`` is the
    hands played + 1): CAPPED; LAST_ALREADY when it already ends by then (the hand in play is
    its last), UNREADABLE when its file no longer scores (the director enters a paper
    result)."""
    record = store.game_by_id(db, game_id)
    try:
        game = parse_game(record.data)
        sheet = score_game(game)
    except GameError:
        return UNREADABLE
    cap = sheet.played + 1
    if game.rules.max_hands is not None and game.rules.max_hands <= cap:
        return LAST_ALREADY
    spec = {**rules_to_spec(game.rules, game.preset), "max_hands": cap}
    data = {**record.data, "rules": spec}
    finished, winner = kitchen.outcome(data)
    store.save_game(db, record, data, action=kitchen.TIME_CALLED, finished=finished, winner=winner)
    return CAPPED


CLOCK_ACTIONS = ("pause", "resume", "extend", "restart")


def round_clock(
    db: Database,
    director_token: str,
    number: int,
    action: str,
    minutes: int | None = None,
    now: float | None = None,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> str:
    """Pause, resume, extend (by ``minutes``) or restart (the event's round length, from now)
    round ``number``'s clock; returns what happened in a sentence. Refused when round
    ``number`` is not the round in play (a console read before the round moved on), and, like
    every console form, EventMoved when the event changed since version ``seen``.
    ``submission``: the button's one-time id (:func:`once`: sent again, the first send's
    sentence, the clock not touched again)."""
    if action not in CLOCK_ACTIONS:
        raise EventRefused("Choose pause, resume, extend or restart.", field="clock")
    if action == "extend" and (minutes is None or not 1 <= minutes <= MAX_EXTEND_MINUTES):
        raise EventRefused(f"Extend by 1 to {MAX_EXTEND_MINUTES} minutes.", field="minutes")
    now = time.time() if now is None else now

    def act() -> Done:
        event, view = changing(db, director_token, seen)
        rnd = round_of(view, number)
        if rnd is not view.current or rnd.closed:
            raise EventRefused(
                f"Round {number} is over: the clock belongs to the round in play "
                "(perhaps the page is old)."
            )
        clock, length = rnd.clock, (event.round_minutes or 0) * 60
        if clock is None and action != "extend" and not length:
            raise EventRefused(
                "Set the minutes a round first, then start the clock.", field="clock"
            )
        if action == "restart" or clock is None:
            clock = Clock.start(length or (minutes or 0) * 60, now)
            said = f"Round {number}'s clock starts again: {_minutes(clock.remaining(now))}."
        elif action == "pause":  # the time left as the clock beside it shows it: "28:51"
            clock = clock.pause(now)
            said = f"Round {number}'s clock is paused with {clock_text(clock.remaining(now))} left."
        elif action == "resume":
            clock = clock.resume(now)
            said = f"Round {number}'s clock runs again: {clock_text(clock.remaining(now))} left."
        else:
            clock = clock.extend((minutes or 0) * 60, now)
            said = f"Round {number}: {minutes} more minute{'' if minutes == 1 else 's'}."
        store.events.update_round(db, rnd.id, clock_deadline=clock.deadline, clock_left=clock.left)
        store.events.touch_event(db, event.id)
        return Done(event, number, said)

    with store.write(db):
        return str(once(db, director_token, submission, actions.CLOCK, number, act).outcome)


def _minutes(seconds: int) -> str:
    """ "45 minutes", "1 minute", "40 seconds"."""
    if seconds < 60:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    m = round(seconds / 60)
    return f"{m} minute{'' if m == 1 else 's'}"


def set_round_minutes(
    db: Database, director_token: str, minutes: int | None, *, seen: int | None = None
) -> str:
    """Change the event's round length (None: no clock); rounds seated from now on, and the
    clock's "restart", use it. Returns what happened in a sentence. EventMoved when the event
    changed since version ``seen`` (the console form's)."""
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise EventRefused(
            f"Round time: from 1 to {MAX_ROUND_MINUTES} minutes, or none.", field="round_minutes"
        )
    with store.write(db):
        event, _ = changing(db, director_token, seen)
        store.events.touch_event(db, event.id, round_minutes=minutes)
    if minutes is None:
        return "Rounds have no clock from now on."
    return f"Rounds are {minutes} minutes from now on (restart the clock to apply it now)."


class TypedClock(Protocol):
    """A clock button as the console sent it (the web's form): the event's version it was read
    at, its problems by field (none: it read), and what it asks for (pause, resume, extend or
    restart; the minutes to extend)."""

    version: int
    errors: dict[str, str]
    submission: str | None

    def read(self) -> tuple[str, int | None]: ...


def submit_clock(
    db: Database, director_token: str, number: int, typed: TypedClock, now: float | None = None
) -> str | None:
    """The console's clock button: :func:`round_clock` with what it asks for. A button that did
    not read (``typed.errors`` say why) changes nothing and returns None; an unknown link is
    EventNotFound whatever was sent; a button read before the event changed is EventMoved."""
    if typed.errors:
        store.events.event_by_director_token(db, director_token)
        return None
    action, minutes = typed.read()
    return round_clock(
        db, director_token, number, action, minutes, now, seen=typed.version,
        submission=typed.submission,
    )  # fmt: skip


class TypedRoundMinutes(Protocol):
    """The console's round length form (the web's form): the event's version it was read at,
    its problems by field (none: it read) and the minutes a round (None: no clock)."""

    version: int
    errors: dict[str, str]

    def read(self) -> int | None: ...


def submit_round_minutes(db: Database, director_token: str, typed: TypedRoundMinutes) -> str | None:
    """The console's round length form: :func:`set_round_minutes` with the minutes typed. A form
    that did not read (``typed.errors`` say why) changes nothing and returns None; an unknown
    link is EventNotFound whatever was sent; a form read before the event changed is
    EventMoved."""
    if typed.errors:
        store.events.event_by_director_token(db, director_token)
        return None
    return set_round_minutes(db, director_token, typed.read(), seen=typed.version)


@dataclass(frozen=True)
class ClockAnswer:
    """What came of a clock form sent from the console (a clock button, the round length):
    the sentence saying what was done, or, when nothing was, the refusal (None when the typing
    itself was wrong: its errors are the form's) with the console as it stands now, to show
    the form again as typed with each problem by its field."""

    said: str | None = None
    refused: EventRefused | None = None
    console: ConsoleView | None = None


def _clock_answer(
    db: Database, director_token: str, browser_id: str | None, act: Callable[[], str | None]
) -> ClockAnswer:
    try:
        said = act()
    except EventRefused as e:
        return ClockAnswer(
            refused=e, console=console_view(db, director_token, browser_id, known=True)
        )
    if said is None:
        return ClockAnswer(console=console_view(db, director_token, browser_id, known=True))
    return ClockAnswer(said)


def console_clock(
    db: Database,
    director_token: str,
    number: int,
    typed: TypedClock,
    *,
    browser_id: str | None = None,
    now: float | None = None,
) -> ClockAnswer:
    """:func:`submit_clock` from the console's clock form; refused (or not read), the answer
    carries the console (with ``browser_id``'s known names) to show the form again."""
    return _clock_answer(
        db, director_token, browser_id,
        lambda: submit_clock(db, director_token, number, typed, now),
    )  # fmt: skip


def console_round_minutes(
    db: Database, director_token: str, typed: TypedRoundMinutes, *, browser_id: str | None = None
) -> ClockAnswer:
    """:func:`submit_round_minutes` from the console's round length form; refused (or not
    read), the answer carries the console to show the form again."""
    return _clock_answer(
        db, director_token, browser_id, lambda: submit_round_minutes(db, director_token, typed)
    )


__all__ = [
    "CLOCK_ACTIONS", "ClockAnswer", "TimeCalled", "TimeQuestion", "TypedClock",
    "TypedRoundMinutes", "call_time", "console_clock", "console_round_minutes", "round_clock",
    "set_round_minutes", "submit_clock", "submit_round_minutes", "time_question",
]  # fmt: skip
