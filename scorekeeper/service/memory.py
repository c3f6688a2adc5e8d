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

import functools
import hashlib
import os
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper import rules, store
from scorekeeper.cache import SizedCache
from scorekeeper.events import Entrant, EventConfig, SideScore, TableResult
from scorekeeper.rules import GameError, parse_game, score_game
from scorekeeper.rules.names import NameProblem, clean_name, filing_key, name_key
from scorekeeper.rules.tenths import counted
from scorekeeper.stats import (
    Figures,
    Finish,
    Ladder,
    LadderRow,
    PlayedGame,
    Scheme,
    SeasonRow,
    event_finishes,
    figures,
    history_points,
    merged_games,
    rate,
    resolve,
    season_standings,
    sort_games,
    tally_game,
)
from scorekeeper.stats.model import Person

from .errors import EventNotFound
from .event_views import side_groups

Database = store.Database


class NotFound(LookupError):
    """No such link, person or season (a page answers 404)."""


# --- one table's game, counted once a version -------------------------------------------------


@dataclass(frozen=True)
class TableGame:
    """One finished table: the core's game (people as ids, before merges) and the event
    core's result (entrant ids), for the season's places."""

    game: PlayedGame
    result: TableResult
    knockout: bool


_TABLES: SizedCache[TableGame | None] = SizedCache(50_000, lambda _: 1)


class LazyTallies(Mapping[Person, Any]):
    """Each person's hand figures in one game, counted the first time a page asks for them:
    the ladder and the seasons need only the results, so a cold ladder never counts hands.
    A club's game file is not held: a page that counts hands hands it over first
    (:func:`read_hands`, one query a page), then it is scored once more and counted; event
    files' games (the command line) hold theirs from the start."""

    __slots__ = ("_counted", "_data", "_names", "game_id")

    def __init__(
        self, data: Mapping[str, Any] | None, names: Mapping[str, Person], game_id: Any = None
    ) -> None:
        self._data = data
        self._names = names
        self._counted: dict[Person, Any] | None = None
        self.game_id = game_id

    def needs_file(self) -> bool:
        return self._counted is None and self._data is None

    def give_file(self, data: Mapping[str, Any]) -> None:
        if self._counted is None:
            self._data = data

    def _tallies(self) -> dict[Person, Any]:
        counted = self._counted
        if counted is None:
            if self._data is None:
                raise LookupError(f"game {self.game_id}: its file was not read (read_hands)")
            game = parse_game(self._data)
            counted = tally_game(game, score_game(game), self._names)
            self._counted, self._data = counted, None
        return counted

    def __getitem__(self, person: Person) -> Any:
        return self._tallies()[person]

    def __iter__(self) -> Iterator[Person]:
        return iter(self._tallies())

    def __len__(self) -> int:
        return len(self._tallies())


def read_hands(db: Database, games: Iterable[PlayedGame]) -> None:
    """Hand the files of these games, where their hands are not counted yet, to their tallies
    (one query): what a page that shows hand figures calls first."""
    waiting: dict[Any, list[LazyTallies]] = {}
    for g in games:
        t = g.tallies
        t = getattr(t, "inner", t)  # a merged person's game: the tallies it joins
        if isinstance(t, LazyTallies) and t.needs_file():
            waiting.setdefault(t.game_id, []).append(t)
    if waiting:
        files = store.events.game_files(db, list(waiting))
        for game_id, ts in waiting.items():
            if game_id in files:
                for t in ts:
                    t.give_file(files[game_id][1])


def _engine_stamp() -> str:
    """The scoring engine's own source, hashed: a result kept by another version of the
    engine (a rule fixed) is scored again, not trusted."""
    digest = hashlib.sha256()
    try:
        root = Path(rules.__file__).parent
        for path in sorted(root.rglob("*.py")):  # rules/options/ is a package of its own
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    except OSError:  # the source cannot be read: trust no result kept by another process
        return f"unread-{os.getpid()}-{id(digest)}"
    return digest.hexdigest()[:16]


ENGINE = _engine_stamp()


@functools.lru_cache(maxsize=4096)
def _name_key(written: str) -> str | None:
    """A name as a game file wrote it, as people are matched (None when it is no name)."""
    try:
        return name_key(clean_name(written))
    except NameProblem:
        return None


def game_result(data: Mapping[str, Any] | None) -> dict[str, Any]:
    """A game file's result as the memory keeps it (game_results): the engine's totals, bags
    and winning side and the file's player names, stamped with the engine's :data:`ENGINE`;
    no totals while the game is unfinished or when it cannot be scored."""
    try:
        game = parse_game(data)
        sheet = score_game(game)
    except (GameError, TypeError, ValueError):
        return {"engine": ENGINE}
    if not sheet.finished or sheet.winner not in sheet.sides:
        return {"engine": ENGINE}
    return {
        "engine": ENGINE,
        "players": list(game.players),
        "points": [counted(sheet.totals[s]) for s in sheet.sides],
        "bags": [sheet.bags[s] for s in sheet.sides],
        "winner": sheet.sides.index(sheet.winner),
    }


@dataclass(frozen=True)
class EventInfo:
    """An event as the memory reads it. ``date``: its date, else the day it was created;
    ``created``: when it was created ("" when an event file does not say); ``id``: a number
    that follows creation (the database's id; from event files, the order they are given)."""

    id: int
    name: str
    date: str
    link: str | None
    format: str
    sides_per_table: int
    tiebreakers: tuple[str, ...]
    created: str = ""

    @property
    def order(self) -> tuple[str, str, int]:
        """Where the event's games come in the club's order (docs/stats.md "Order"): its day,
        then when it was created, then its id as a number (night 9 before night 10)."""
        return (self.date, self.created, self.id)


def table_game(
    event: EventInfo,
    table_key: str,
    round_number: int,
    knockout: bool,
    number: int,
    position: int,
    entrants: tuple[int, ...],
    members: Mapping[int, tuple[Person, ...]],
    person_of_name: Mapping[str, Person],
    data: Mapping[str, Any] | None,
    paper: Mapping[str, Any] | None,
    link: str | None,
    result: Mapping[str, Any] | None = None,
    game_id: Any = None,
) -> TableGame | None:
    """A table as the memory counts it; None while it is unfinished (or cannot be scored).
    ``result`` is the game's :func:`game_result` when it was kept (then ``data`` may be None:
    the file is read only when a page counts its hands, by ``game_id``)."""
    sides = side_groups(entrants, event)
    people = tuple(tuple(p for e in side for p in members.get(e, ())) for side in sides)
    tallies: Mapping[Person, Any] = {}
    if paper is not None:
        points = tuple(int(s["points"]) for s in paper["sides"])
        bags = tuple(int(s["bags"]) for s in paper["sides"])
        winner = paper.get("winner")
        if winner is None:
            winner = points.index(max(points))
    else:
        if result is None:
            result = game_result(data)
        if "points" not in result or len(result["points"]) != len(sides):
            return None
        points = tuple(result["points"])
        bags = tuple(result["bags"])
        winner = result["winner"]
        names = {}
        for p in result["players"]:
            k = _name_key(p)
            who = None if k is None else person_of_name.get(k)
            if who is not None:
                names[p] = who
        tallies = LazyTallies(data, names, game_id)
    if len(points) != len(sides):
        return None
    label = f"{event.name}, round {round_number} table {number}"
    try:
        played = PlayedGame(
            key=table_key,
            order=(*event.order, round_number, number),
            date=event.date,
            label=label,
            sides=people,
            points=points,
            bags=bags,
            winner=winner,
            event=event.id,
            link=link,
            tallies=tallies,
        )
        table_result = TableResult(
            round_number,
            position,
            tuple(SideScore(s, p, b) for s, p, b in zip(sides, points, bags, strict=True)),
            winner=winner,
        )
    except ValueError:  # StatsError, EventError: a table that cannot be counted
        return None
    return TableGame(played, table_result, knockout)


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
    key = _db_path(db)
    kept = _CLUB.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    club = _read_club(db)
    with _LOCK:
        _CLUB[key] = (version, club)
    return club


def _db_path(db: Database) -> str:
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
    _name_key.cache_clear()


# --- capabilities ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reader:
    """Who reads the memory: the club's read-only link, or an event's public link."""

    token: str
    kind: str  # "club" or "event"
    event_name: str | None = None


def open_reader(db: Database, token: str) -> Reader:
    """A read-only link of the club (its own, or an event's public link); NotFound for any
    other text, a director's or the keeper's link included (they never open these pages)."""
    kind = store.club.link_kind(db, token)
    if kind == "reader":
        return Reader(token, "club")
    try:
        event = store.events.event_by_public_token(db, token)
    except EventNotFound:
        raise NotFound("No such link.") from None
    return Reader(token, "event", event.name)


# --- pages -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LadderLine:
    row: LadderRow
    name: str
    person: Person


@dataclass(frozen=True)
class LadderPage:
    reader: Reader
    lines: tuple[LadderLine, ...]
    games: int
    params: Any
    seasons: tuple[tuple[int, str], ...]


def _ladder_lines(club: Club, ladder: Ladder) -> tuple[LadderLine, ...]:
    return tuple(LadderLine(r, club.name(r.person), r.person) for r in ladder.rows(name=club.name))


def ladder_page(db: Database, token: str) -> LadderPage:
    reader = open_reader(db, token)
    club = load_club(db)
    ladder = club_ladder(club, _db_path(db))
    return LadderPage(
        reader, _ladder_lines(club, ladder), len(club.games), ladder.params,
        tuple((s.id, s.name) for s in club.seasons),
    )  # fmt: skip


def ladder_of(db: Database) -> tuple[Club, Ladder]:
    """The club and its ladder, for the command line (no link: it holds the database)."""
    club = load_club(db)
    return club, club_ladder(club, _db_path(db))


@dataclass(frozen=True)
class HistoryLine:
    """One game on a player's page."""

    date: str
    label: str
    link: str | None
    partners: str
    opponents: str
    won: bool
    mine: int
    theirs: tuple[int, ...]
    change: float | None
    why: str | None


@dataclass(frozen=True)
class PlayerPage:
    reader: Reader | None
    person: Person
    name: str
    former: tuple[str, ...]
    figures: Figures
    seasons: tuple[tuple[str, Figures], ...]
    history: tuple[HistoryLine, ...]
    rating: LadderRow | None
    chart: tuple[float, ...]
    partners: tuple[tuple[str, Person, int, int], ...]
    opponents: tuple[tuple[str, Person, int, int], ...]
    place_of: int


def find_person(club: Club, who: str | int) -> Person:
    """A person by id, or by a name (as typed: cleaned, without regard to case)."""
    if isinstance(who, int):
        if who in club.names:
            return resolve(who, club.merges)
        raise NotFound("No such person.")
    try:
        key = name_key(clean_name(who))
    except NameProblem:
        raise NotFound("No such person.") from None
    for pid, n in club.names.items():
        if name_key(n) == key:
            return resolve(pid, club.merges)
    raise NotFound("No such person.")


def player_page(db: Database, token: str, who: str | int) -> PlayerPage:
    reader = open_reader(db, token)
    club = load_club(db)
    ladder = club_ladder(club, _db_path(db))
    person = find_person(club, who)
    read_hands(db, (g for g in club.games if person in g.people))
    return build_player_page(club, ladder, person, reader)


def in_season(club: Club, season: store.club.SeasonRecord, game: PlayedGame) -> bool:
    if season.events is not None:
        return game.event in season.events
    return (season.start or "") <= game.date <= (season.end or "9999")


def build_player_page(
    club: Club, ladder: Ladder, person: Person, reader: Reader | None = None
) -> PlayerPage:
    mine = [g for g in club.games if person in g.people]
    overall = figures(person, mine)
    per_season = tuple(
        (s.name, figures(person, [g for g in mine if in_season(club, s, g)])) for s in club.seasons
    )
    changes = {c.game: c for c in ladder.history.get(person, [])}
    lines = []
    for g in reversed(mine):
        side = g.side_of(person)
        c = changes.get(g.key)
        lines.append(
            HistoryLine(
                g.date,
                g.label,
                g.link,
                " & ".join(club.name(p) for p in g.sides[side] if p != person),
                " · ".join(
                    " & ".join(club.name(p) for p in s) for i, s in enumerate(g.sides) if i != side
                ),
                g.winner == side,
                g.points[side],
                tuple(p for i, p in enumerate(g.points) if i != side),
                None if c is None else c.delta,
                None if c is None else c.why(club.name),
            )  # fmt: skip
        )
    rows = {r.person: r for r in ladder.rows(name=club.name)}
    partners = sorted(
        ((club.name(p), p, r.games, r.wins) for p, r in overall.partners.items()),
        key=lambda x: (-x[2], filing_key(x[0])),
    )
    opponents = sorted(
        ((club.name(p), p, r.games, r.wins) for p, r in overall.opponents.items()),
        key=lambda x: (-x[2], filing_key(x[0])),
    )
    former = tuple(
        n for pid, n in club.names.items() if pid != person and club.merges.get(pid) == person
    )
    return PlayerPage(
        reader, person, club.name(person), former, overall, per_season, tuple(lines),
        rows.get(person), tuple(history_points(ladder.history.get(person, []))),
        tuple(partners), tuple(opponents), len(rows),
    )  # fmt: skip


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


def build_season(
    club: Club, season: store.club.SeasonRecord, reader: Reader | None = None
) -> SeasonPage:
    scheme = Scheme.from_dict(season.scheme)
    chosen = season_events(club, season)
    rows = season_standings((event_places(club, e) for e in chosen), scheme, club.name)
    if season.events is not None:
        when = f"{len(chosen)} chosen events"
    else:
        when = f"{season.start} to {season.end}"
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


# --- the kitchen table -----------------------------------------------------------------------

HOME_GAMES = 1000  # a browser's games counted at most (the most recently opened)


@dataclass(frozen=True)
class HomeLine:
    name: str
    figures: Figures


@dataclass(frozen=True)
class HomeStats:
    """A browser's own finished games counted among their players (never rated)."""

    games: int
    lines: tuple[HomeLine, ...]
    head_to_head: tuple[tuple[str, str, int, int], ...]  # (player, opponent, games, wins)


def home_stats(db: Database, browser_id: str | None) -> HomeStats:
    """This browser's figures: people are the players' cleaned names, without case."""
    if browser_id is None:
        return HomeStats(0, (), ())
    games = []
    names: dict[Person, str] = {}
    for record in store.browser_games(db, browser_id, HOME_GAMES):
        hit = _HOME.get((record.edit_token, record.version))
        if hit is None:
            hit = _home_game(record)
            _HOME.put((record.edit_token, record.version), hit or False)
        if hit:
            game, seen = hit
            games.append(game)
            for k, n in seen.items():
                names.setdefault(k, n)
    games = sort_games(games)
    people = sorted({p for g in games for p in g.people}, key=lambda p: filing_key(names[p]))
    lines = tuple(HomeLine(names[p], figures(p, games)) for p in people)
    h2h = tuple(
        (line.name, names[o], r.games, r.wins)
        for p, line in zip(people, lines, strict=True)
        for o, r in sorted(line.figures.opponents.items(), key=lambda x: filing_key(names[x[0]]))
    )
    return HomeStats(len(games), lines, h2h)


_HOME: SizedCache[Any] = SizedCache(20_000, lambda _: 1)


def _home_game(record: store.GameRecord) -> tuple[PlayedGame, dict[str, str]] | None:
    try:
        game = parse_game(record.data)
        sheet = score_game(game)
    except (GameError, TypeError, ValueError):
        return None
    if not sheet.finished or sheet.winner not in sheet.sides:
        return None
    seen: dict[str, str] = {}
    person: dict[str, str] = {}
    for p in game.players:
        try:
            clean = clean_name(p)
        except NameProblem:
            return None
        person[p] = name_key(clean)
        seen.setdefault(person[p], clean)
    sides = tuple(tuple(person[p] for p in game.members(s)) for s in sheet.sides)
    try:
        played = PlayedGame(
            key=record.edit_token,
            order=(record.created_at, record.id),
            date=record.created_at[:10],
            label=record.title or " v ".join(sheet.sides),
            sides=sides,
            points=tuple(counted(sheet.totals[s]) for s in sheet.sides),  # whole: a club table
            bags=tuple(sheet.bags[s] for s in sheet.sides),
            winner=sheet.sides.index(sheet.winner),
            tallies=tally_game(game, sheet, person),
        )
    except ValueError:
        return None
    return played, seen
