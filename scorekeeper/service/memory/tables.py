"""A club table's game as the memory counts it: its result (the engine's totals, bags and winner,
kept in the database by the game's version and the engine's source), its hands read only by a
page that shows them, and the event it was played at.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper import rules, store
from scorekeeper.events import SideScore, TableResult
from scorekeeper.rules import GameError, parse_game, score_game
from scorekeeper.rules.names import NameProblem, clean_name, name_key
from scorekeeper.rules.tenths import counted
from scorekeeper.stats import (
    PlayedGame,
    tally_game,
)
from scorekeeper.stats.model import Person

from ..club_night import side_groups

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
def written_name_key(written: str) -> str | None:
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
            k = written_name_key(p)
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


__all__ = [
    "ENGINE", "EventInfo", "LazyTallies", "NotFound", "TableGame", "game_result", "read_hands",
    "table_game", "written_name_key",
]  # fmt: skip
