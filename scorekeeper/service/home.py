"""The home page's use case: this browser's games and the club events it runs, in one call."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import store

from .club_night import EventLink, events_of
from .kitchen import Library, library

Database = store.Database


@dataclass(frozen=True)
class Home:
    """What the home page lists: the games this browser created, opened or imported
    (:func:`.kitchen.library`) and the events behind the director's links it remembers
    (:func:`.club_night.events_of`: unknown links skipped)."""

    games: Library
    events: list[EventLink]


def home(db: Database, browser_id: str | None, director_tokens: list[str]) -> Home:
    """The home page of a browser (None: one without an id yet, which has no games)."""
    return Home(library(db, browser_id), events_of(db, director_tokens))


def healthy(db: Database) -> bool:
    """Whether the database answers a read (one small one: the schema's migrations), for the
    health check. Never a write, so never the writer's lock: it answers while a writer (a save,
    a backup's neighbour, a migration) holds it."""
    return store.readable(db)


__all__ = [
    "Home", "healthy", "home",
]  # fmt: skip
