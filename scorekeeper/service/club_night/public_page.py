"""The public page's figures, read once a version: the phones that ask at the same moment at a
new version wait for one reading (``polled_version``, ``event_page``), held a few seconds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.cache import OneAtATime

from .events import public_version
from .loading import cached_load
from .settings import EventWords, describe
from .views import EventFacts, EventView, event_facts

Database = store.Database


@dataclass(frozen=True)
class EventPage:
    """What the public page and the projector show: the event, its version as read before the
    rest (what their scripts compare with the polled one), the whole view and the event in
    words."""

    event: EventFacts
    version: str
    view: EventView
    about: EventWords


HOLD_SECONDS = 5.0  # what the public page and the projector are shown is read at most this often


_HELD: dict[str, tuple[float, str]] = {}  # by public link: (when read, the version read)


_PAGES: dict[str, EventPage] = {}  # by public link: the page read at the version held


# By public link: held while one thread of this process reads the page at a new version, so the
# room's phones that ask at once wait for that one reading rather than each making its own (at
# 1,000 tables a reading is about 76 ms of CPU; eight at once, sharing the interpreter, made the
# public page's slowest answers half a second: bench/bench_bignight.py).
_READING = OneAtATime()


def polled_version(
    db: Database, public_token: str, *, hold: float = 0.0, now: float | None = None
) -> str:
    """The event's version as its public pages poll it: read from the database (one query) at
    most every ``hold`` seconds in this process, so the version a room of phones polls moves at
    most that often however many tables save. ``now``: a monotonic clock reading, for tests.
    Several processes each hold their own reading: a phone may be told a version one process
    read up to ``hold`` seconds before another did, never one that was not the event's."""
    t = time.monotonic() if now is None else now
    kept = _HELD.get(public_token)
    if kept is not None and 0 <= t - kept[0] < hold:
        return kept[1]
    version = public_version(db, public_token)
    if len(_HELD) > 10_000:
        _HELD.clear()
    _HELD[public_token] = (t, version)
    return version


def event_page(
    db: Database, public_token: str, *, hold: float = 0.0, now: float | None = None
) -> EventPage:
    """The event behind its public link, as its read-only pages show it: the version first, so
    a change made while the page is drawn shows at the next poll. EventNotFound for an unknown
    link. ``hold``: the version is the one :func:`polled_version` holds, and the page read at
    it is answered again without a query; after a change, three queries and the tables that
    changed scored again."""
    version = polled_version(db, public_token, hold=hold, now=now)
    kept = _PAGES.get(public_token)
    if kept is not None and kept.version == version:
        return kept
    with _READING.lock(public_token):
        kept = _PAGES.get(public_token)
        if kept is not None and kept.version == version:
            return kept  # read by the thread this one waited for
        event = store.events.event_by_public_token(db, public_token)
        page = EventPage(event_facts(event), version, cached_load(db, event), describe(event))
        if len(_PAGES) > 1000:
            _PAGES.clear()
        _PAGES[public_token] = page
        return page


__all__ = [
    "EventPage", "HOLD_SECONDS", "event_page", "polled_version",
]  # fmt: skip
