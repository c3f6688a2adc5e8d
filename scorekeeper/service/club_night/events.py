"""Club events: an event opened by its link (the director's or the public one), seen as it
stands (the overview, the console), created, and the events behind a browser's director links.

Every function takes a database connection; each change is one transaction (``store.write``)
that reads the event inside it, so a round is seated from the results as they are at that
moment. The event core (``scorekeeper.events``) decides pairings, seats and standings; the
engine scores each table's game; these modules only join them to the store.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.events import Clock

from ..errors import EventNotFound
from ..kitchen import player_names
from .loading import cached_load
from .rounds import NextStep, next_step
from .settings import EventSettings, EventWords, check_settings, describe, event_rules
from .views import EventFacts, EventLink, EventView, event_facts, event_link

Database = store.Database


# --- opening an event ------------------------------------------------------------------------


def open_director(db: Database, token: str) -> store.EventRecord:
    """The event behind a director's link (the only link that can change it)."""
    return store.events.event_by_director_token(db, token)


def open_public(db: Database, token: str) -> store.EventRecord:
    """The event behind its public, read-only link."""
    return store.events.event_by_public_token(db, token)


def overview(db: Database, event: store.EventRecord) -> EventView:
    """The event as it stands now: entrants, rounds, tables, standings. While nothing changed
    since the last look this is one query; after a change, a few, and only the table games
    that changed are scored again."""
    return cached_load(db, event)


@dataclass(frozen=True)
class ClockNow:
    """The event's round clock at the moment asked: the round's number (0 before round 1),
    the seconds left (None: no clock to show), whether it is paused, and whether time was
    called on the round (a table's phone then says so, clock or none)."""

    round: int
    left: int | None
    paused: bool
    called: bool = False


def clock_now(db: Database, public_token: str, now: float | None = None) -> ClockNow:
    """What a table's phone polls to keep its clock true when the director pauses, extends or
    restarts it between hands, and to hear that time was called. One query."""
    last = store.events.last_round_clock(db, public_token)
    if last is None:
        return ClockNow(0, None, False)
    number, status, deadline, left = last
    if status in ("closed", "time_called") or (deadline is None and left is None):
        return ClockNow(number, None, False, status == "time_called")
    clock = Clock(deadline=deadline) if left is None else Clock(left=left)
    return ClockNow(number, clock.remaining(time.time() if now is None else now), clock.paused)


@dataclass(frozen=True)
class ConsoleView:
    """What the director's console shows: the event, its version as read before the rest (what
    the console's live script compares with the polled one), the whole view, the event in words,
    the next step and the names this browser typed before (for the entrant form; empty when
    not asked for)."""

    event: EventFacts
    version: str
    view: EventView
    about: EventWords
    step: NextStep
    known_people: tuple[str, ...] = ()


def console_view(
    db: Database, director_token: str, browser_id: str | None = None, *, known: bool = False
) -> ConsoleView:
    """The console's content behind a director's link: the version first, so a change made
    while the page is drawn shows at the next poll. While nothing changed, two queries;
    ``known``: with this browser's known names too (one more query when it has an id)."""
    event = store.events.event_by_director_token(db, director_token)
    version = public_version(db, event.public_token)
    view = cached_load(db, event)
    people = tuple(player_names(db, browser_id)) if known else ()
    about = describe(event)
    return ConsoleView(event_facts(event), version, view, about, next_step(view), people)


def events_of(db: Database, director_tokens: list[str]) -> list[EventLink]:
    """The events behind these director's links (a browser's list); unknown ones skipped."""
    found = []
    for token in director_tokens:
        try:
            found.append(event_link(store.events.event_by_director_token(db, token)))
        except EventNotFound:
            continue
    return found


def public_version(db: Database, token: str) -> str:
    """What the public and projector pages poll: it changes whenever anything they show does
    (the event, its entrants and rounds, or any table's game). One query."""
    return ".".join(str(n) for n in store.events.event_version_by_public_token(db, token))


def create_event(
    db: Database, settings: EventSettings, *, created: str | None = None
) -> store.EventRecord:
    """A new event with its director's and public links; raises EventRefused. ``created``:
    when it was created, for an event read from a file (else now)."""
    checked = check_settings(settings)
    columns = checked.columns()
    columns["rules"] = event_rules(checked.rules)
    return store.events.create_event(db, columns, created=created)


def new_event(db: Database, settings: EventSettings) -> EventLink:
    """:func:`create_event` from the new event page: the event made, as its link (the page
    goes on to its console)."""
    return event_link(create_event(db, settings))


__all__ = [
    "ClockNow", "ConsoleView", "clock_now", "console_view", "create_event", "events_of",
    "new_event", "open_director", "open_public", "overview", "public_version",
]  # fmt: skip
