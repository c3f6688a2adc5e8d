"""Value types of an event: who plays, how the event runs, what each table scored, who sits where.

Everything here is a frozen dataclass of plain values, so the application layer can build them
from database rows and the functions of this package can treat them as facts.

A *side* at a table is always a tuple of entrant ids: ``(7,)`` for a team (team events) or a
lone player (cutthroat), ``(3, 9)`` for two players partnered for one round (progressive). One
shape for every format lets the standings count each entrant the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

FORMATS = ("round_robin", "swiss", "progressive", "knockout")
TIEBREAKERS = ("point_diff", "total_points", "head_to_head", "fewest_bags", "opponents_wins")
DEFAULT_TIEBREAKERS = ("point_diff", "total_points", "head_to_head", "fewest_bags")
BYE_TABLE = 0  # the table number of a bye: it is played at no table


class EventError(ValueError):
    """Event input that cannot be true (a result for an unknown entrant, a player seated twice
    in a round, a round that cannot be seated), told in one line a director can act on.

    ``field`` names what is wrong ("tiebreakers", "round 2 table 3", "entrants").
    """

    def __init__(self, message: str, *, field: str | None = None):
        self.message = message
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Entrant:
    """A team (two members) or a single player (one member) registered for the event.

    ``id`` is stable for the whole event. ``order`` is the registration order (seeding in round
    1 and the last tie-breaker); it defaults to the id. ``active`` is False once the entrant
    has dropped: they keep their results and stay in the standings, but are never seated again.
    """

    id: int
    name: str
    members: tuple[str, ...] = ()
    active: bool = True
    order: int | None = None

    @property
    def rank_key(self) -> tuple[int, int]:
        """Registration order, then id: the deterministic order of last resort."""
        return (self.id if self.order is None else self.order, self.id)

    @property
    def players(self) -> tuple[str, ...]:
        """The people who sit down: the members, or the entrant's own name for a lone player."""
        return self.members or (self.name,)


@dataclass(frozen=True)
class SideScore:
    """One side's final figures at a table: who played on it, their points and their bags."""

    entrants: tuple[int, ...]
    points: int = 0
    bags: int = 0


@dataclass(frozen=True)
class TableResult:
    """What one table of one round produced (or a bye: one side, table 0, a win).

    ``winner`` is the index into ``sides`` of the winning side; when it is None the side with
    the most points wins a finished table (a game is never left tied: a tie plays one more hand,
    so a tie on points needs a named winner). An unfinished table counts for nothing yet.
    A bye is a win worth 0 points for and 0 against (0 point differential) and no bags.
    """

    round: int
    table: int
    sides: tuple[SideScore, ...]
    finished: bool = True
    winner: int | None = None
    bye: bool = False

    def __post_init__(self) -> None:
        where = self.where
        if self.round < 1:
            raise EventError(f"{where}: rounds count from 1", field=where)
        if self.bye:
            if len(self.sides) != 1 or self.table != BYE_TABLE:
                raise EventError(f"{where}: a bye has one side and table 0", field=where)
            return
        if self.table < 1:
            raise EventError(f"{where}: tables count from 1 (0 is a bye)", field=where)
        if len(self.sides) < 2:
            raise EventError(f"{where}: a table needs at least two sides", field=where)
        seated = [e for s in self.sides for e in s.entrants]
        if len(set(seated)) != len(seated) or not all(s.entrants for s in self.sides):
            raise EventError(f"{where}: every side needs its own entrants", field=where)
        if self.winner is not None and not 0 <= self.winner < len(self.sides):
            raise EventError(f"{where}: winner must be a side index", field=where)
        if self.finished and self.winner is None:
            best = max(s.points for s in self.sides)
            if sum(s.points == best for s in self.sides) > 1:
                raise EventError(
                    f"{where}: tied on {best} points; name the winner (a tie plays one more hand)",
                    field=where,
                )

    @property
    def where(self) -> str:
        """How a person names this result: "round 2 table 3" or "round 2 bye"."""
        return f"round {self.round} bye" if self.bye else f"round {self.round} table {self.table}"

    @property
    def winning_side(self) -> int | None:
        """Index of the side that won, None while the table is unfinished."""
        if not self.finished:
            return None
        if self.bye:
            return 0
        if self.winner is not None:
            return self.winner
        points = [s.points for s in self.sides]
        return points.index(max(points))

    @property
    def entrants(self) -> tuple[int, ...]:
        """Everyone seated at this table (or given the bye)."""
        return tuple(e for s in self.sides for e in s.entrants)

    @classmethod
    def bye_for(cls, round_number: int, entrant: int) -> TableResult:
        """The result of a bye: a win, 0 for and 0 against, no bags."""
        return cls(round_number, BYE_TABLE, (SideScore((entrant,)),), bye=True)


@dataclass(frozen=True)
class EventConfig:
    """How the event runs: the format, the table size and the tie-breakers, in order.

    ``sides_per_table`` is 2 (partnerships: teams, or progressive partners) or 3 (cutthroat
    tables of three players). ``seed`` shuffles round 1 deterministically (None: registration
    order). ``tiebreakers`` apply after wins, in the order given.
    """

    format: str = "swiss"
    sides_per_table: int = 2
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise EventError(
                f"format {self.format!r} is not one of {', '.join(FORMATS)}", field="format"
            )
        if self.sides_per_table not in (2, 3):
            raise EventError("sides per table is 2 (partners) or 3 (cutthroat)", field="sides")
        if self.sides_per_table == 3 and self.format in ("round_robin", "knockout"):
            raise EventError(
                f"{self.format} seats two sides a table; cutthroat runs as swiss or progressive",
                field="sides",
            )
        unknown = [t for t in self.tiebreakers if t not in TIEBREAKERS]
        if unknown:
            raise EventError(
                f"unknown tie-breaker {unknown[0]!r}; choose from {', '.join(TIEBREAKERS)}",
                field="tiebreakers",
            )
        if len(set(self.tiebreakers)) != len(self.tiebreakers):
            raise EventError("a tie-breaker is listed twice", field="tiebreakers")


@dataclass(frozen=True)
class Pairing:
    """Who plays whom in one round: tables in table order (table 1 first), and the byes.

    Each table is a tuple of entrant ids: two teams ``(a, b)``; four progressive players in
    seat order ``(north, east, south, west)`` (North-South and East-West are partners); or
    three (sometimes two) cutthroat players.
    """

    round: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def seated(self) -> tuple[int, ...]:
        """Every entrant with a place this round (at a table or on a bye)."""
        return tuple(e for t in self.tables for e in t) + self.byes


@dataclass(frozen=True)
class TableSeating:
    """Where each person sits at one table, and who deals the first hand.

    ``seats`` pairs a compass seat ("N", "E", "S", "W"; cutthroat uses "N", "E", "W" or "N",
    "S") with the person's name, clockwise from North.
    """

    table: int
    seats: tuple[tuple[str, str], ...]
    dealer: str


def check_entrants(entrants: Iterable[Entrant]) -> dict[int, Entrant]:
    """Entrants by id; two entrants with one id is an error."""
    by_id: dict[int, Entrant] = {}
    for e in entrants:
        if e.id in by_id:
            raise EventError(f"entrant id {e.id} is used twice", field="entrants")
        by_id[e.id] = e
    return by_id


def check_results(results: Iterable[TableResult], by_id: dict[int, Entrant]) -> list[TableResult]:
    """The results sorted by round and table, checked against the entrants.

    Each table of a round is entered once and each entrant plays at most once a round: a
    correction replaces a result, it is never added beside it.
    """
    ordered = sorted(results, key=lambda r: (r.round, r.table, r.entrants))
    tables: set[tuple[int, int]] = set()
    seen: dict[tuple[int, int], str] = {}
    for r in ordered:
        if not r.bye:
            if (r.round, r.table) in tables:
                raise EventError(f"{r.where} is entered twice", field=r.where)
            tables.add((r.round, r.table))
        for e in r.entrants:
            if e not in by_id:
                raise EventError(f"{r.where}: no entrant has id {e}", field=r.where)
            if (r.round, e) in seen:
                raise EventError(
                    f"{r.where}: {by_id[e].name} is already in {seen[r.round, e]}", field=r.where
                )
            seen[r.round, e] = r.where
    return ordered
