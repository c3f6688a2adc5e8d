"""A player's page: found by name, their figures, their history and their line of the ladder."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.rules.names import NameProblem, clean_name, filing_key, name_key
from scorekeeper.stats import (
    Figures,
    Ladder,
    LadderRow,
    PlayedGame,
    figures,
    history_points,
    resolve,
)
from scorekeeper.stats.model import Person

from .club import Club, club_ladder, db_path, load_club
from .ladder import Reader, open_reader
from .tables import NotFound, read_hands

Database = store.Database


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
    ladder = club_ladder(club, db_path(db))
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


__all__ = [
    "HistoryLine", "PlayerPage", "build_player_page", "find_person", "in_season", "player_page",
]  # fmt: skip
