"""The club's memory for scripts and spreadsheets: the ladder, a player's figures and a
season's standings as text, CSV or JSON, read from the database or from event files alone.

From event files, people are their names (cleaned, compared without case); the events count
in the order the database counts them (their dates, else the day each was created, then when
each was created), then as given.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import store
from scorekeeper.events import Entrant
from scorekeeper.rules.names import NameProblem, clean_name, name_key
from scorekeeper.rules.words import count
from scorekeeper.stats import Ladder, Scheme, StatsError, merged_games, rate, sort_games

from ..club_night import csv_text, read_event_file
from ..errors import MemoryRefused
from .club import Club, club_ladder, fingerprint, load_club
from .player import build_player_page, find_person
from .season import SeasonPage, build_season, season_page
from .tables import EventInfo, NotFound, read_hands, table_game

Database = store.Database


FORMATS = ("text", "csv", "json")


def club_from_files(texts: Sequence[tuple[str, str]]) -> Club:
    """The club of some event files ((label, text) each): people by name. Raises
    EventRefused naming the file that is wrong."""
    events: dict[Any, EventInfo] = {}
    entrants: dict[Any, list[Entrant]] = {}
    members: dict[Any, dict[int, tuple[Any, ...]]] = {}
    byes: dict[Any, list[tuple[int, int, bool]]] = {}
    tables: dict[Any, list[Any]] = {}
    names: dict[Hashable, str] = {}
    for i, (label, text) in enumerate(texts, 1):
        try:
            _settings, view, files = read_event_file(text)
        except Exception as e:  # EventRefused: say which file
            message = getattr(e, "message", str(e))
            raise MemoryRefused(f"{label}: {message}", field="file") from None
        ev = view.event
        # as the database reads an event: undated, it is dated the day it was created (an
        # exported file says when: event.created); the files' order stands in for the ids
        info = EventInfo(i, ev.name, ev.date or ev.created_at[:10], None, ev.format,
                         ev.sides_per_table, tuple(ev.tiebreakers), ev.created_at)  # fmt: skip
        events[i] = info
        entrants[i] = [e.core for e in view.entrants]
        members[i] = {}
        for ent in view.entrants:
            keys = []
            for m in ent.members:
                try:
                    clean = clean_name(m)
                except NameProblem:
                    clean = m
                k = name_key(clean)
                names.setdefault(k, clean)
                keys.append(k)
            members[i][ent.id] = tuple(keys)
        person_of = {k: k for ks in members[i].values() for k in ks}
        byes[i] = [(r.number, b, r.knockout) for r in view.rounds for b in r.byes]
        tables[i] = []
        for r in view.rounds:
            for t in r.tables:
                tg = table_game(
                    info, f"f{i}t{t.id}", r.number, r.knockout, t.number, t.position, t.entrants,
                    members[i], person_of, files.get(t.id), t.paper, None,
                )  # fmt: skip
                if tg is not None:
                    tables[i].append(tg)
    raw = sort_games(tg.game for tgs in tables.values() for tg in tgs)
    return Club(
        games=merged_games(raw, {}), tables=tables, events=events, entrants=entrants,
        members=members, byes=byes, names=names, merges={},
        fingerprint=fingerprint(raw, {}),
    )  # fmt: skip


def _club(db: Database | None, files: Sequence[tuple[str, str]]) -> tuple[Club, Ladder]:
    if files:
        club = club_from_files(files)
        return club, rate(club.games)
    assert db is not None
    club = load_club(db)
    return club, club_ladder(club, store.club.database_name(db))


def _num(x: float | None, places: int = 1) -> Any:
    return None if x is None else round(x, places)


# --- the ladder ------------------------------------------------------------------------------

LADDER_COLUMNS = ["place", "name", "rating", "mu", "sigma", "games", "wins", "provisional",
                  "trend"]  # fmt: skip


def ladder_report(db: Database | None, files: Sequence[tuple[str, str]], fmt: str) -> str:
    """The ladder as text, CSV or JSON, from the database (``db``) or event files."""
    club, ladder = _club(db, files)
    rows = [
        [
            r.place,
            club.name(r.person),
            _num(r.rating, 2),
            _num(r.mu, 3),
            _num(r.sigma, 3),
            r.games,
            r.wins,
            r.provisional,
            _num(r.trend, 2),
        ]  # fmt: skip
        for r in ladder.rows(name=club.name)
    ]
    if fmt == "csv":
        return csv_text([LADDER_COLUMNS, *([*r[:7], "yes" if r[7] else "", r[8]] for r in rows)])
    if fmt == "json":
        return _json({"ladder": [dict(zip(LADDER_COLUMNS, r, strict=True)) for r in rows]})
    lines = [f"Ladder: {len(club.games)} rated games; rating = mu - 3 sigma"]
    for r in rows:
        mark = "  (provisional)" if r[7] else ""
        games = f"{r[5]:>3} game{'' if r[5] == 1 else 's'}"
        lines.append(f"{r[0]:>3}. {r[1]:<30} {r[2]:>7.2f}  {games}, {r[6]} won{mark}")
    return "\n".join(lines) + "\n"


# --- a player --------------------------------------------------------------------------------


def player_report(db: Database | None, files: Sequence[tuple[str, str]], who: str, fmt: str) -> str:
    """One person's figures, partners, opponents and rating history."""
    club, ladder = _club(db, files)
    person = find_person(club, who)
    if db is not None and not files:
        read_hands(db, (g for g in club.games if person in g.people))
    page = build_player_page(club, ladder, person)
    data: dict[str, Any] = {
        "name": page.name,
        "rating": None if page.rating is None else {
            "place": page.rating.place, "rating": _num(page.rating.rating, 2),
            "mu": _num(page.rating.mu, 3), "sigma": _num(page.rating.sigma, 3),
            "provisional": page.rating.provisional,
        },
        "figures": page.figures.as_dict(club.name),
        "seasons": {name: f.as_dict(club.name) for name, f in page.seasons},
        "games": [
            {"date": h.date, "game": h.label, "partners": h.partners, "opponents": h.opponents,
             "won": h.won, "points": h.mine, "against": list(h.theirs),
             "rating_change": _num(h.change, 2), "why": h.why}
            for h in page.history
        ],
    }  # fmt: skip
    if fmt == "json":
        return _json(data)
    f: dict[str, Any] = data["figures"]
    if fmt == "csv":
        return csv_text(
            [["figure", "value"], *([k, v] for k, v in f.items() if not isinstance(v, dict))]
        )
    lines = [page.name]
    if page.rating:
        lines.append(
            f"rating {page.rating.rating:.2f} (place {page.rating.place} of {page.place_of}"
            f"{', provisional' if page.rating.provisional else ''})"
        )
    for k, v in f.items():
        if not isinstance(v, dict):
            lines.append(f"  {k.replace('_', ' ')}: {'-' if v is None else v}")
    lines.append("partners: " + ", ".join(f"{n} {g}-{w}" for n, _, g, w in page.partners))
    lines.append(
        "opponents (games, your wins): "
        + ", ".join(f"{n} {g}-{w}" for n, _, g, w in page.opponents)
    )
    lines.append("games, latest first:")
    for h in page.history:
        lines.append(f"  {h.date} {h.label}: {h.why or ('won' if h.won else 'lost')}")
    return "\n".join(lines) + "\n"


# --- a season --------------------------------------------------------------------------------

SEASON_COLUMNS = ["place", "name", "points", "nights", "wins", "eligible", "counted", "why"]


def season_report(
    db: Database | None,
    files: Sequence[tuple[str, str]],
    season: str | None,
    scheme: Scheme | None,
    fmt: str,
) -> str:
    """A stored season's standings (by name or id), or, from event files, the files as one
    season under ``scheme``."""
    if files:
        club = club_from_files(files)
        record = store.club.SeasonRecord(
            0,
            season or "Season",
            None,
            None,
            tuple(club.events),
            (scheme or Scheme()).as_dict(),
            "",
        )
        page = build_season(club, record)
    else:
        assert db is not None
        if not season:
            raise NotFound("Name the season (scorekeeper club seasons lists them).")
        club = load_club(db)
        found = next(
            (s for s in club.seasons
             if str(s.id) == season or s.name.casefold() == season.casefold()),
            None,
        )  # fmt: skip
        if found is None:
            raise NotFound(f"No season is called {season!r}.")
        page = build_season(club, found)
    return season_text(page, fmt)


def season_rows(page: SeasonPage) -> list[list[Any]]:
    return [
        [line.row.place_label, line.name, line.row.points, line.row.attended, line.row.wins,
         line.row.eligible, " + ".join(str(p) for _, p in line.row.counted), line.row.why]
        for line in page.lines
    ]  # fmt: skip


def season_text(page: SeasonPage, fmt: str) -> str:
    rows = season_rows(page)
    if fmt == "csv":
        return csv_text(
            [SEASON_COLUMNS, *([*r[:5], "yes" if r[5] else "no", *r[6:]] for r in rows)]
        )
    if fmt == "json":
        return _json(
            {
                "season": page.name,
                "scheme": page.scheme.as_dict(),
                "when": page.when,
                "events": [{"date": d, "name": n} for d, n in page.events],
                "standings": [dict(zip(SEASON_COLUMNS, r, strict=True)) for r in rows],
            }  # fmt: skip
        )
    lines = [f"{page.name}: {page.when}; {page.scheme.words()}"]
    for r in rows:
        points, nights = f"{r[2]:>5} point{'' if r[2] == 1 else 's'}", count(r[3], "night")
        lines.append(f"{r[0]:>4} {r[1]:<30} {points:<12} {nights}  {r[7]}")
    return "\n".join(lines) + "\n"


def season_csv(page: SeasonPage) -> str:
    return season_text(page, "csv")


@dataclass(frozen=True)
class SeasonFile:
    """A season's standings to download: the season's name (what the file's name is made of)
    and the CSV text."""

    name: str
    text: str


def season_file(db: Database, token: str, season_id: int) -> SeasonFile:
    """A season's standings as CSV behind a read-only link (:func:`.season.season_page`:
    NotFound for another link or an unknown season)."""
    page = season_page(db, token, season_id)
    return SeasonFile(page.name, season_csv(page))


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise MemoryRefused(f"format is one of {', '.join(FORMATS)}", field="format")
    return fmt


def scheme_of(
    points: str | None, per_win: int | None, best: int | None, least: int | None
) -> Scheme:
    """A scheme from the command line's options ("6,3,1"; ASCII digits only)."""
    try:
        if per_win is not None:
            return Scheme("win", win_points=per_win, best_of=best, min_events=least or 0)
        place: tuple[int, ...] = (6, 3, 1)
        if points:
            parts = [p.strip() for p in points.split(",")]
            if not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
                raise MemoryRefused("points per place are whole numbers like 6,3,1", field="points")
            place = tuple(int(p) for p in parts)
        return Scheme("place", place, best_of=best, min_events=least or 0)
    except StatsError as e:
        raise MemoryRefused(e.message, field=e.field) from None


__all__ = [
    "FORMATS", "LADDER_COLUMNS", "SEASON_COLUMNS", "SeasonFile", "check_format", "club_from_files",
    "ladder_report", "player_report", "scheme_of", "season_csv", "season_file", "season_report",
    "season_rows", "season_text",
]  # fmt: skip
