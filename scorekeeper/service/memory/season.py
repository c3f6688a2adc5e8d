"""A season's page: its events, each event's places, and the standings under its points scheme."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.events import EventConfig, TableResult
from scorekeeper.rules.words import count
from scorekeeper.stats import (
    Finish,
    Scheme,
    SeasonRow,
    event_finishes,
    resolve,
    season_standings,
)
from scorekeeper.stats.model import Person

from .club import Club, load_club
from .ladder import Reader, open_reader
from .tables import EventInfo, NotFound

Database = store.Database


# --- seasons ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonLine:
    row: SeasonRow
    name: str


@dataclass(frozen=True)
class SeasonPage:
    reader: Reader | None
    id: int
    name: str
    scheme: Scheme
    when: str
    events: tuple[tuple[str, str], ...]  # (date, name) in order
    lines: tuple[SeasonLine, ...]


def season_events(club: Club, season: store.club.SeasonRecord) -> list[EventInfo]:
    if season.events is not None:
        chosen = [club.events[e] for e in season.events if e in club.events]
    else:
        chosen = [
            e for e in club.events.values()
            if (season.start or "") <= e.date <= (season.end or "9999")
        ]  # fmt: skip
    return sorted(chosen, key=lambda e: e.order)


def event_places(club: Club, event: EventInfo) -> dict[Person, Finish]:
    """Each person's finish at one event: its standings over its qualifying rounds (every
    round of a knockout event; a cut's knockout rounds not)."""
    knockout_event = event.format == "knockout"
    results = [
        tg.result for tg in club.tables.get(event.id, []) if knockout_event or not tg.knockout
    ]
    results += [
        TableResult.bye_for(r, e)
        for r, e, ko in club.byes.get(event.id, [])
        if knockout_event or not ko
    ]
    members = {
        e: tuple(resolve(p, club.merges) for p in ps)
        for e, ps in club.members.get(event.id, {}).items()
    }
    config = EventConfig(
        format=event.format, sides_per_table=event.sides_per_table,
        tiebreakers=event.tiebreakers,
    )  # fmt: skip
    return event_finishes(
        event.id, event.name, event.date, club.entrants.get(event.id, []), members, results,
        config,
    )  # fmt: skip


def season_when(season: store.club.SeasonRecord, chosen: int | None = None) -> str:
    """Which nights a season holds, in words: "1 chosen event", "3 chosen events" (``chosen``:
    how many of them were found, else as many as were chosen), or its date range."""
    if season.events is not None:
        return count(len(season.events) if chosen is None else chosen, "chosen event")
    return f"{season.start} to {season.end}"


def build_season(
    club: Club, season: store.club.SeasonRecord, reader: Reader | None = None
) -> SeasonPage:
    scheme = Scheme.from_dict(season.scheme)
    chosen = season_events(club, season)
    rows = season_standings((event_places(club, e) for e in chosen), scheme, club.name)
    when = season_when(season, len(chosen))
    return SeasonPage(
        reader, season.id, season.name, scheme, when, tuple((e.date, e.name) for e in chosen),
        tuple(SeasonLine(r, club.name(r.person)) for r in rows),
    )  # fmt: skip


def season_page(db: Database, token: str, season_id: int) -> SeasonPage:
    reader = open_reader(db, token)
    club = load_club(db)
    season = next((s for s in club.seasons if s.id == season_id), None)
    if season is None:
        raise NotFound("No such season.")
    return build_season(club, season, reader)


def season_of(db: Database, name_or_id: str) -> SeasonPage:
    """A season by name or id, for the command line."""
    club = load_club(db)
    for s in club.seasons:
        if str(s.id) == name_or_id or s.name.casefold() == name_or_id.casefold():
            return build_season(club, s)
    raise NotFound(f"No season is called {name_or_id!r}.")


def names_of(people: Iterable[Person], club: Club) -> list[str]:
    return [club.name(p) for p in people]


__all__ = [
    "SeasonLine", "SeasonPage", "build_season", "event_places", "names_of", "season_events",
    "season_of", "season_page",
]  # fmt: skip
