"""A season: the club's events in a date range (or chosen), each person's points by a scheme
the keeper chooses, best N nights counted, a minimum attendance, each place explained.

An event's places are its own standings (``scorekeeper.events.standings``: wins, then the
event's tie-breakers), so a season never ranks a night differently from the night's page. A
team's place counts for each of its members; a progressive or cutthroat player's for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper.events import Entrant, EventConfig, TableResult, standings
from scorekeeper.events.standings import ordinal

from .model import Person, StatsError

SCHEMES = ("place", "win")
MAX_POINTS = 1000  # points for one place or one win
MAX_PLACES = 64  # places a scheme names points for
MAX_NIGHTS = 366  # best N of, and the minimum attendance


@dataclass(frozen=True)
class Scheme:
    """How a season counts: ``kind`` "place" (``place_points[0]`` for 1st, ... 0 beyond the
    list) or "win" (``win_points`` for each win, byes included); ``best_of`` nights counted
    (None: all); ``min_events``: nights a person must attend to be placed."""

    kind: str = "place"
    place_points: tuple[int, ...] = (6, 3, 1)
    win_points: int = 1
    best_of: int | None = None
    min_events: int = 0

    def __post_init__(self) -> None:
        if self.kind not in SCHEMES:
            raise StatsError("Choose points per place or points per win.", field="kind")
        if self.kind == "place":
            if not self.place_points:
                raise StatsError("Give the points for 1st place at least.", field="place_points")
            if len(self.place_points) > MAX_PLACES:
                raise StatsError(f"Points for at most {MAX_PLACES} places.", field="place_points")
            if any(not 0 <= p <= MAX_POINTS for p in self.place_points):
                raise StatsError(f"Points per place are 0 to {MAX_POINTS}.", field="place_points")
            if list(self.place_points) != sorted(self.place_points, reverse=True):
                raise StatsError(
                    "A better place cannot earn fewer points (list them 1st place first).",
                    field="place_points",
                )
        if not 1 <= self.win_points <= MAX_POINTS:
            raise StatsError(f"Points per win are 1 to {MAX_POINTS}.", field="win_points")
        if self.best_of is not None and not 1 <= self.best_of <= MAX_NIGHTS:
            raise StatsError(f"Best of is 1 to {MAX_NIGHTS} nights.", field="best_of")
        if not 0 <= self.min_events <= MAX_NIGHTS:
            raise StatsError(f"Minimum attendance is 0 to {MAX_NIGHTS}.", field="min_events")

    def points(self, place: int, wins: int) -> int:
        if self.kind == "win":
            return wins * self.win_points
        return self.place_points[place - 1] if place <= len(self.place_points) else 0

    def words(self) -> str:
        if self.kind == "win":
            what = f"{self.win_points} point{'s' if self.win_points != 1 else ''} a win"
        else:
            what = "points per place " + ", ".join(str(p) for p in self.place_points)
        best = f"; best {self.best_of} nights count" if self.best_of else ""
        least = f"; at least {self.min_events} nights to be placed" if self.min_events else ""
        return what + best + least

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "place_points": list(self.place_points),
            "win_points": self.win_points,
            "best_of": self.best_of,
            "min_events": self.min_events,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scheme:
        return cls(
            data.get("kind", "place"),
            tuple(data.get("place_points", (6, 3, 1))),
            data.get("win_points", 1),
            data.get("best_of"),
            data.get("min_events", 0),
        )


class Finish(NamedTuple):
    """One person's finish at one event: ``place`` as the event's standings show it, a shared
    place ("=1") being that place for everyone who shares it (``shared``)."""

    event: object
    label: str
    date: str
    place: int
    wins: int
    shared: bool = False

    @property
    def place_words(self) -> str:
        return ("=" if self.shared else "") + ordinal(self.place)


def event_finishes(
    event: object,
    label: str,
    date: str,
    entrants: Iterable[Entrant],
    people: Mapping[int, tuple[Person, ...]],
    results: Iterable[TableResult],
    config: EventConfig,
) -> dict[Person, Finish]:
    """Each person's place at one event, by the event's own standings; an entrant who played
    no table and had no bye did not attend. ``people`` maps an entrant id to its people. A
    shared place counts as the place the event's page shows: "=1, =1, =3" are two firsts and a
    third (the standings' ``place`` is only the listed position)."""
    out: dict[Person, Finish] = {}
    for row in standings(entrants, results, config):
        if row.played + row.byes == 0:
            continue
        shared = row.place_label.startswith("=")
        place = int(row.place_label[1:]) if shared else row.place
        for p in people.get(row.entrant, ()):
            out[p] = Finish(event, label, date, place, row.wins, shared)
    return out


class SeasonRow(NamedTuple):
    place: int
    place_label: str
    person: Person
    points: int
    attended: int
    counted: tuple[tuple[Finish, int], ...]
    dropped: tuple[tuple[Finish, int], ...]
    wins: int
    best: int  # best place (0: none)
    eligible: bool
    why: str


def season_standings(
    finishes: Iterable[Mapping[Person, Finish]],
    scheme: Scheme,
    name: Callable[[Person], str] = str,
) -> list[SeasonRow]:
    """The season's standings from each event's finishes (events in date order).

    Order: people with the minimum attendance first; then points over the counted nights
    (best N by points, an earlier night first among equal points), wins on the counted nights,
    best single place, nights attended, and the name. Each row says why."""
    by_person: dict[Person, list[Finish]] = {}
    for event in finishes:
        for person, f in event.items():
            by_person.setdefault(person, []).append(f)
    rows = []
    for person, fs in by_person.items():
        scored = [(f, scheme.points(f.place, f.wins)) for f in fs]
        ranked = sorted(enumerate(scored), key=lambda x: (-x[1][1], x[0]))
        n = scheme.best_of or len(scored)
        keep = {i for i, _ in ranked[:n]}
        counted = tuple(s for i, s in enumerate(scored) if i in keep)
        dropped = tuple(s for i, s in enumerate(scored) if i not in keep)
        points = sum(p for _, p in counted)
        wins = sum(f.wins for f, _ in counted)
        best = min(f.place for f in fs)
        rows.append((person, points, len(fs), counted, dropped, wins, best,
                     len(fs) >= scheme.min_events))  # fmt: skip

    def key(r: tuple[Any, ...]) -> tuple[Any, ...]:
        return (not r[7], -r[1], -r[5], r[6], -r[2], name(r[0]).casefold(), str(r[0]))

    rows.sort(key=key)
    out: list[SeasonRow] = []
    first = 0
    for i, r in enumerate(rows):
        if i and key(rows[i - 1])[:5] != key(r)[:5]:
            first = i
        shared = (i > first) or (i + 1 < len(rows) and key(rows[i + 1])[:5] == key(r)[:5])
        person, points, attended, counted, dropped, wins, best, eligible = r
        # below the minimum attendance: listed after everyone placed, with no place number
        label = "" if not eligible else f"={first + 1}" if shared else str(i + 1)
        why = _why(scheme, r, rows[i - 1] if i else None, name)
        out.append(SeasonRow(i + 1, label, person, points, attended, counted, dropped, wins,
                             best, eligible, why))  # fmt: skip
    return out


def _why(
    scheme: Scheme, r: tuple[Any, ...], above: tuple[Any, ...] | None, name: Callable[[Person], str]
) -> str:
    person, points, attended, counted, dropped, wins, best, eligible = r
    parts = []
    nights = " + ".join(f"{p} ({f.place_words} {f.label})" for f, p in counted) or "0"
    parts.append(f"{points} point{'' if points == 1 else 's'}: {nights}")
    if dropped:
        parts.append(
            "not counted (best "
            f"{scheme.best_of}): " + ", ".join(f"{p} ({f.label})" for f, p in dropped)
        )
    if not eligible:
        parts.append(f"{attended} of the {scheme.min_events} nights needed to be placed")
    if above is not None and above[7] == eligible and above[1] == points:
        other = name(above[0])
        if above[5] != wins:
            parts.append(f"level on points with {other}; fewer wins ({wins} to {above[5]})")
        elif above[6] != best:
            parts.append(
                f"level on points and wins with {other}; best place {ordinal(best)} "
                f"to {ordinal(above[6])}"
            )
        elif above[2] != attended:
            parts.append(f"level with {other}; fewer nights ({attended} to {above[2]})")
        else:
            parts.append(f"level with {other} on everything: listed by name")
    return "; ".join(parts)
