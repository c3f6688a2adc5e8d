"""The club's memory, read: every finished table game of every event as the stats core's
``PlayedGame``, the ladder, a player's page and a season's standings.

Nothing is stored twice: the games are the record, counted on every change. Caches make that
cheap (docs/architecture.md lists them):

- each game's result (the engine's totals, bags and winner), kept in the database by the game's
  version and the engine's source (game_results): disposable, it spares a restarted server
  scoring every hand of the year again; hands are read and counted only by a page showing them;
- each table's game, counted once per (game version, paper result, event name and date);
- the club as a whole (the games in order, people and merges), kept while ``club_version``
  (one query) is the same;
- the ladder, kept with the games it rated: new games after the last are rated on top; a
  change further back rewinds to the game before it and rates from there; a merge replays.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import store
from scorekeeper.cache import SizedCache
from scorekeeper.events import Entrant
from scorekeeper.rules.names import name_key
from scorekeeper.stats import (
    Ladder,
    PlayedGame,
    merged_games,
    rate,
    resolve,
    sort_games,
)
from scorekeeper.stats.model import Person

from .tables import ENGINE, EventInfo, TableGame, game_result, table_game, written_name_key

Database = store.Database


_TABLES: SizedCache[TableGame | None] = SizedCache(50_000, lambda _: 1)


# --- the club as a whole ---------------------------------------------------------------------


@dataclass
class Club:
    """Everything the memory pages read, built from the database (or from event files)."""

    games: list[PlayedGame]  # in order, merges applied
    tables: dict[Any, list[TableGame]]  # by event, merges not applied (places are per entrant)
    events: dict[Any, EventInfo]
    entrants: dict[Any, list[Entrant]]
    members: dict[Any, dict[int, tuple[Person, ...]]]  # event -> entrant -> people (raw)
    byes: dict[Any, list[tuple[int, int, bool]]]  # event -> (round, entrant, knockout)
    names: dict[Person, str]
    merges: dict[Person, Person]
    seasons: list[store.club.SeasonRecord] = field(default_factory=list)
    fingerprint: tuple[Any, ...] = ()

    def name(self, person: Person) -> str:
        return self.names.get(resolve(person, self.merges), str(person))

    def people(self) -> set[Person]:
        return {p for g in self.games for p in g.people}


_CLUB: dict[str, tuple[tuple[Any, ...], Club]] = {}


_LOCK = threading.Lock()


def load_club(db: Database) -> Club:
    """The club, kept while its version is the same (one query when nothing changed)."""
    version = store.club.club_version(db)
    key = db_path(db)
    kept = _CLUB.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    club = _read_club(db)
    with _LOCK:
        _CLUB[key] = (version, club)
    return club


def db_path(db: Database) -> str:
    return store.club.database_name(db)


def _read_club(db: Database) -> Club:
    people = store.club.people(db)
    key_of: dict[str, int] = {name_key(p.name): p.id for p in people.values()}
    for k, pid in store.club.former_names(db).items():
        key_of.setdefault(k, pid)
    events = {
        e.id: EventInfo(
            e.id,
            e.name,
            e.date or e.created_at[:10],
            e.public_token,
            e.format,
            e.sides_per_table,
            e.tiebreakers,
            e.created_at,
        )  # fmt: skip
        for e in store.club.club_events(db)
    }
    entrants: dict[Any, list[Entrant]] = {e: [] for e in events}
    members: dict[Any, dict[int, tuple[Person, ...]]] = {e: {} for e in events}
    for en in store.club.club_entrants(db):
        kept = _CORES.get(en.id)
        if kept is None or kept[0] is not en:
            kept = (en, Entrant(en.id, en.name, (), en.active, en.ord))
            _CORES[en.id] = kept
        entrants[en.event_id].append(kept[1])
        members[en.event_id][en.id] = en.members
    byes: dict[Any, list[tuple[int, int, bool]]] = {e: [] for e in events}
    for r in store.club.club_rounds(db):
        byes[r.event_id].extend((r.number, b, r.knockout) for b in r.byes)
    tables, found = _table_games(db, events, members, key_of)
    by_event: dict[Any, list[TableGame]] = {e: [] for e in events}
    for t in tables:
        tg = found[t.table_id]
        if tg is not None:
            by_event[t.event_id].append(tg)
    merges: dict[Person, Person] = {
        p.id: p.merged_into for p in people.values() if p.merged_into is not None
    }
    games = merged_games(sort_games(tg.game for tgs in by_event.values() for tg in tgs), merges)
    return Club(
        games=games,
        tables=by_event,
        events=events,
        entrants=entrants,
        members=members,
        byes=byes,
        names={p.id: p.name for p in people.values()},
        merges=merges,
        seasons=store.club.seasons(db),
        fingerprint=fingerprint(games, merges),
    )


def _table_games(
    db: Database,
    events: dict[Any, EventInfo],
    members: dict[Any, dict[int, tuple[Person, ...]]],
    key_of: dict[str, int],
) -> tuple[list[store.club.ClubTable], dict[int, TableGame | None]]:
    """Every table of every event, and each one's game as the memory counts it (None: not
    counted), by table id: kept ones taken again, the others counted (and kept)."""
    tables = store.club.club_tables(db)
    missing = []
    found: dict[int, TableGame | None] = {}
    for t in tables:
        ev = events[t.event_id]
        seen = _LAST.get(t.table_id)
        if seen is not None and seen[0] is t and seen[1] == ev:  # the same row, same event
            found[t.table_id] = seen[2]
            continue
        ck = (t.edit_token, t.version, _paper_key(t.paper), ev.name, ev.date)
        hit = _TABLES.get(ck)
        if hit is None and ck not in _SEEN_NONE:
            missing.append((t, ck))
        else:
            found[t.table_id] = hit
            _LAST[t.table_id] = (t, ev, hit)
    if missing:
        # a game's result kept at its version is read from game_results; the others' files
        # are read (one query) and scored, and their results kept for the next cold read
        unkept = [
            t.game_id for t, _ in missing
            if t.paper is None and (t.kept is None or t.kept.get("engine") != ENGINE)
        ]  # fmt: skip
        files = store.events.game_files(db, unkept) if unkept else {}
        fresh = []
        for t, ck in missing:
            ev = events[t.event_id]
            result = t.kept if t.kept is not None and t.kept.get("engine") == ENGINE else None
            if t.paper is None and result is None and t.game_id in files:
                version, data = files[t.game_id]
                result = game_result(data)
                if version == t.version:
                    fresh.append((t.edit_token, t.version, result))
            tg = table_game(
                ev, f"t{t.table_id}", t.round_number, t.knockout, t.number, t.position,
                t.entrants, members[t.event_id], key_of,
                None, t.paper, t.view_token, result, t.game_id,
            )  # fmt: skip
            if tg is None:
                if len(_SEEN_NONE) > 50_000:
                    _SEEN_NONE.clear()
                _SEEN_NONE.add(ck)
            else:
                _TABLES.put(ck, tg)
            found[t.table_id] = tg
            _LAST[t.table_id] = (t, events[t.event_id], tg)
        _keep(db, fresh)
    return tables, found


# Fewer fresh results than this are not kept by a page read: scoring them again after a
# restart (half a millisecond each) costs less than a write to disk now (a durable commit).
KEEP_AT_LEAST = 32


def _keep(db: Database, results: list[tuple[str, int, dict[str, Any]]]) -> None:
    """Keep fresh results in the database (best effort: a read never fails for a cache)."""
    if len(results) < KEEP_AT_LEAST:
        return
    store.club.keep_results(db, results)


def fingerprint(games: list[PlayedGame], merges: Mapping[Person, Person]) -> tuple[Any, ...]:
    """What the ratings depend on: the rated games' keys, people, points and winners in order
    (after the merges), and the merges."""
    return (
        tuple((g.key, g.sides, g.points, g.winner) for g in games),
        tuple(sorted(merges.items(), key=repr)),
    )


_SEEN_NONE: set[Any] = set()  # table keys known unfinished (part of the table cache)


# The last count of each table while the store hands back the same row object (part of the
# table cache: the row is the key), and each entrant's core value likewise.
_LAST: dict[int, tuple[Any, EventInfo, TableGame | None]] = {}


_CORES: dict[int, tuple[Any, Entrant]] = {}


def _paper_key(paper: Mapping[str, Any] | None) -> Any:
    if paper is None:
        return None
    return (
        tuple((s.get("points"), s.get("bags")) for s in paper.get("sides", ())),
        paper.get("winner"),
    )


# --- the ladder ------------------------------------------------------------------------------

_LADDERS: dict[str, tuple[tuple[Any, ...], Ladder]] = {}


def club_ladder(club: Club, cache_key: str | None = None) -> Ladder:
    """The ratings after every game of ``club``, kept: games added after the last one are
    rated on top; a change further back (a correction, a table finishing out of table order)
    rewinds the kept ratings to the last game before it and rates from there; a merge or its
    undo replays every game. Each gives what a replay from scratch gives."""
    games, merges = club.fingerprint
    if cache_key is None:
        return rate(club.games)
    with _LOCK:
        kept = _LADDERS.get(cache_key)
        if kept is not None:
            (old_games, old_merges), ladder = kept
            if old_merges == merges:
                same = 0
                for old, new in zip(old_games, games, strict=False):
                    if old != new:
                        break
                    same += 1
                if same == len(old_games) == len(games):
                    return ladder
                ladder = ladder.copy()  # pages may still be reading the kept one
                ladder.rewind(same)
                ladder.extend(club.games[same:])
                _LADDERS[cache_key] = (club.fingerprint, ladder)
                return ladder
        ladder = rate(club.games)
        _LADDERS[cache_key] = (club.fingerprint, ladder)
        return ladder


def clear_caches() -> None:
    """Forget every counted table, club and ladder (benchmarks and tests)."""
    global _TABLES
    _TABLES = SizedCache(50_000, lambda _: 1)
    _SEEN_NONE.clear()
    _LAST.clear()
    _CORES.clear()
    _CLUB.clear()
    _LADDERS.clear()
    written_name_key.cache_clear()


__all__ = [
    "Club", "KEEP_AT_LEAST", "clear_caches", "club_ladder", "db_path", "fingerprint", "load_club",
]  # fmt: skip
