"""What an event looks like right now: entrants, rounds, tables with their games' figures, and the
standings, as pages, exports and printing read them (``loading`` reads and builds them).

Nothing about an event's results is stored twice: a table's result is its game, scored by the
engine (or the director's paper result), every time it is read (``outcomes``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.events import (
    Clock,
    Entrant,
    EventConfig,
    StandingRow,
    TableResult,
    champion,
    standings,
    table_sides,
)
from scorekeeper.events.model import SideScore
from scorekeeper.rules.words import figure

from ..errors import EventRefused
from .outcomes import Outcome

ROUND_STATUSES = ("seated", "playing", "time_called", "closed")


STATUS_WORDS = {
    "seated": "seated, not started",
    "playing": "playing",
    "time_called": "time called",
    "closed": "closed",
}


# --- views -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntrantView:
    """An entrant as the pages show it: ``members`` are the people's names."""

    id: int
    name: str
    members: tuple[str, ...]
    person_ids: tuple[int, ...]
    order: int
    active: bool
    joined_round: int
    fixed_table: int | None

    @property
    def core(self) -> Entrant:
        """The event core's value: a team lists its members, a lone player is just a name."""
        members = self.members if len(self.members) > 1 else ()
        return Entrant(self.id, self.name, members, self.active, self.order)


@dataclass(frozen=True)
class TableView:
    """One table of one round: who sits where, its game's link, and how it stands.

    ``sides`` are tuples of entrant ids in the game's side order (a team; progressive partners;
    a cutthroat player); ``side_names`` the game's names for them. ``paper`` is the director's
    typed result, which replaces the game's when present: ``{"sides": [{"points", "bags"}],
    "winner": index or None}``.
    """

    id: int
    round: int
    number: int
    position: int
    entrants: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    side_names: tuple[str, ...]
    seats: tuple[tuple[str, str], ...]
    dealer: str
    fixed: bool
    game_id: int
    edit_token: str
    view_token: str
    outcome: Outcome
    paper: dict[str, Any] | None = None
    corrected: bool = False  # its result changed after its round closed (said, never silent)

    @property
    def on_paper(self) -> bool:
        return self.paper is not None

    @property
    def totals(self) -> tuple[int, ...]:
        if self.paper is not None:
            return tuple(s["points"] for s in self.paper["sides"])
        return self.outcome.totals or tuple(0 for _ in self.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        if self.paper is not None:
            return tuple(s["bags"] for s in self.paper["sides"])
        return self.outcome.bags or tuple(0 for _ in self.sides)

    @property
    def played(self) -> int:
        return self.outcome.played

    @property
    def finished(self) -> bool:
        return self.paper is not None or self.outcome.finished

    @property
    def started(self) -> bool:
        """Whether play (or a paper result) has begun: then the seating is settled."""
        return self.paper is not None or self.outcome.hands > 0

    @property
    def winner(self) -> int | None:
        """The winning side's index once finished."""
        if self.paper is not None:
            if self.paper.get("winner") is not None:
                winner: int = self.paper["winner"]
                return winner
            totals = self.totals
            return totals.index(max(totals))
        return self.outcome.winner if self.outcome.finished else None

    @cached_property
    def result(self) -> TableResult:
        """The event core's value (``table`` is the pairing position, which the core's
        movement and dealer rules count)."""
        scores = tuple(
            SideScore(side, points, bags)
            for side, points, bags in zip(self.sides, self.totals, self.bags, strict=True)
        )
        finished = self.finished
        return TableResult(
            self.round,
            self.position,
            scores,
            finished=finished,
            winner=self.winner if finished else None,
        )

    @property
    def status(self) -> str:
        """ "not started", "3 hands played", "finished", "on paper"."""
        if self.paper is not None:
            return "result on paper"
        if self.outcome.problem:
            return "cannot be scored"
        if self.outcome.finished:
            return "finished"
        if self.outcome.played == 0:
            return "not started"
        n = self.outcome.played
        return f"{n} hand{'' if n == 1 else 's'} played"

    @property
    def leading(self) -> int | None:
        """The index of the side that won (finished) or leads alone (playing); None before the
        first hand or while the top is level."""
        if self.finished:
            return self.winner
        totals = self.totals
        if not self.played or not totals or totals.count(max(totals)) > 1:
            return None
        return totals.index(max(totals))

    @property
    def leader(self) -> str:
        """Who leads or won, with the score: "Ann & Cy won 520 to 310", "Bob & Di lead 230 to
        −180", "level at 120", "" before the first hand."""
        totals = self.totals
        if not totals or (not self.finished and self.played == 0):
            return ""
        score = " to ".join(_points(t) for t in sorted(totals, reverse=True))
        if self.finished and self.winner is not None:
            return f"{self.side_names[self.winner]} won {score}"
        best = max(totals)
        if totals.count(best) > 1:
            return f"level at {_points(best)}"
        # a side of partners leads as "Bob & Di lead", a lone player as "Ann leads" (the game
        # page's own status line says it the same way)
        verb = "lead" if len(self.seats) > len(self.side_names) else "leads"
        return f"{self.side_names[totals.index(best)]} {verb} {score}"


def _points(n: int) -> str:
    """A score as the sheet prints it (a true minus sign: rules.words.figure)."""
    return figure(n)


@dataclass(frozen=True)
class RoundView:
    """A round: its tables in table order, its byes, and where it stands."""

    id: int
    number: int
    stored_status: str
    knockout: bool
    tables: tuple[TableView, ...]
    byes: tuple[int, ...]
    notes: tuple[str, ...]
    clock: Clock | None = None  # the round's clock; None when it has none

    @property
    def started(self) -> bool:
        return any(t.started for t in self.tables)

    def clock_left(self, now: float) -> int | None:
        """Seconds left on the round's clock at ``now``; None when there is no clock to show
        (none set, the round closed, or time already called)."""
        if self.clock is None or self.status in ("closed", "time_called"):
            return None
        return self.clock.remaining(now)

    @property
    def status(self) -> str:
        """seated, playing, time_called or closed. A seated round is under way ("playing") once a
        table saved a hand or its clock started: the room plays from the moment the clock
        counts down (it starts when the round is seated with a round length), whether or not a
        hand was saved yet."""
        if self.stored_status == "seated" and (self.started or self.clock is not None):
            return "playing"
        return self.stored_status

    @property
    def status_words(self) -> str:
        return STATUS_WORDS[self.status]

    @property
    def closed(self) -> bool:
        return self.stored_status == "closed"

    @property
    def unfinished(self) -> tuple[TableView, ...]:
        return tuple(t for t in self.tables if not t.finished)

    @property
    def placements(self) -> list[tuple[int, int]]:
        """(entrant id, table number) for everyone in the round; 0 for a bye."""
        out = [(e, t.number) for t in self.tables for e in t.entrants]
        return out + [(b, 0) for b in self.byes]

    def table(self, number: int) -> TableView | None:
        return next((t for t in self.tables if t.number == number), None)

    def results(self) -> list[TableResult]:
        return list(self._results)

    @cached_property
    def _results(self) -> tuple[TableResult, ...]:
        out = [t.result for t in self.tables]
        out += [TableResult.bye_for(self.number, e) for e in self.byes]
        return tuple(out)


@dataclass(frozen=True)
class EventFacts:
    """An event as its pages (and its view, :class:`EventView`) read it, built from its record:
    its id, name, day (empty: none), format, minutes a round (None: no clock), tie-breakers in
    order, public link, version, status, sides a table, rounds planned, knockout cut (None:
    none), pairing seed and when it was created. Never its director's link: the public pages
    get this too."""

    id: int
    name: str
    date: str
    format: str
    round_minutes: int | None
    tiebreakers: tuple[str, ...]
    public_token: str
    version: int
    status: str
    sides_per_table: int
    rounds: int
    cut: int | None
    seed: int | None
    created_at: str = ""


def event_facts(event: store.EventRecord) -> EventFacts:
    return EventFacts(
        event.id, event.name, event.date, event.format, event.round_minutes,
        tuple(event.tiebreakers), event.public_token, event.version, event.status,
        event.sides_per_table, event.rounds, event.cut, event.seed, event.created_at,
    )  # fmt: skip


@dataclass(frozen=True)
class EventLink:
    """An event behind a director's link, as a list of this browser's events shows it: the link,
    the event's name and day (empty: none)."""

    director_token: str
    name: str
    date: str


def event_link(event: store.EventRecord) -> EventLink:
    return EventLink(event.director_token, event.name, event.date)


@dataclass(frozen=True)
class EventView:
    """An event as it stands: the pages, the standings, the exports and the next round all
    read this. A use case that changes the event acts on its record, read beside the view
    (:func:`changing`)."""

    event: EventFacts
    entrants: tuple[EntrantView, ...]
    rounds: tuple[RoundView, ...]

    @property
    def config(self) -> EventConfig:
        return event_config(self.event)

    @cached_property
    def by_id(self) -> dict[int, EntrantView]:
        return {e.id: e for e in self.entrants}

    def entrant(self, entrant_id: int) -> EntrantView:
        """The entrant with this id, or EventRefused (a form from an old page)."""
        found = self.by_id.get(entrant_id)
        if found is None:
            raise EventRefused("That entrant is not in this event (perhaps the page is old).")
        return found

    def name_of(self, entrant_id: int) -> str:
        e = self.by_id.get(entrant_id)
        return e.name if e else f"entrant {entrant_id}"

    def names(self, ids: Iterable[int]) -> str:
        return " & ".join(self.name_of(i) for i in ids)

    @property
    def current(self) -> RoundView | None:
        """The last round seated (open or closed), None before round 1."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> RoundView | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def individual(self) -> bool:
        """Whether entrants are single players (progressive, cutthroat) rather than teams."""
        return self.event.format == "progressive" or self.event.sides_per_table == 3

    @property
    def qualifying_rounds(self) -> tuple[RoundView, ...]:
        """The rounds the standings count: all of them, except a cut's knockout rounds."""
        if self.event.format == "knockout":
            return self.rounds
        return tuple(r for r in self.rounds if not r.knockout)

    @property
    def knockout_rounds(self) -> tuple[RoundView, ...]:
        return tuple(r for r in self.rounds if r.knockout)

    def results(self, rounds: Iterable[RoundView] | None = None) -> list[TableResult]:
        rounds = self.qualifying_rounds if rounds is None else rounds
        return [result for r in rounds for result in r.results()]

    @property
    def corrected(self) -> tuple[TableView, ...]:
        """The tables of closed rounds whose result changed after the round closed."""
        return tuple(t for r in self.rounds if r.closed for t in r.tables if t.corrected)

    @cached_property
    def standings(self) -> tuple[StandingRow, ...]:
        """Wins, then the event's tie-breakers, each place with its "why" line; per player in
        progressive and cutthroat events. Unfinished tables wait; paper results count. A place
        that counts a table corrected after its round closed says so in its "why"."""
        rows = standings([e.core for e in self.entrants], self.results(), self.config)
        notes: dict[int, list[str]] = {}
        for t in self.corrected:
            for e in t.entrants:
                notes.setdefault(e, []).append(f"round {t.round} table {t.number}")
        if not notes:
            return rows
        return tuple(
            replace(row, why=f"{row.why}. {_corrections(notes[row.entrant])}")
            if row.entrant in notes
            else row
            for row in rows
        )

    @cached_property
    def has_results(self) -> bool:
        """Whether any table of the rounds the standings count has finished (or has a paper
        result): before that, every row would be "=1" and the pages say "no results yet"."""
        return any(t.finished for r in self.qualifying_rounds for t in r.tables)

    @property
    def champion(self) -> str | None:
        """The knockout's winner, once its final is finished."""
        if not self.knockout_rounds:
            return None
        last = self.knockout_rounds[-1]
        if len(last.tables) != 1:
            return None
        won = champion(last.results(), last.number)
        return None if won is None else self.name_of(won)

    @property
    def planned_rounds(self) -> int:
        """Rounds before any cut, plus the cut's knockout rounds (log2 of its size)."""
        cut = self.event.cut or 0
        return self.event.rounds + (cut.bit_length() - 1 if cut else 0)

    @property
    def complete(self) -> bool:
        """Every planned round played and closed (a knockout: its final closed)."""
        last = self.current
        if last is None or not last.closed:
            return False
        if self.event.format == "knockout":
            return len(last.tables) == 1
        return last.number >= self.planned_rounds

    def rounds_of(self, entrant_id: int) -> list[int]:
        return [r.number for r in self.rounds for t in r.tables if entrant_id in t.entrants]


def _corrections(where: list[str]) -> str:
    """ "Round 2 table 3 was corrected after its round closed." """
    tables = ", ".join(where[:-1]) + (" and " if len(where) > 1 else "") + where[-1]
    said = (
        "were corrected after their round closed"
        if len(where) > 1
        else ("was corrected after its round closed")
    )
    return f"{tables[:1].upper()}{tables[1:]} {said}."


def event_config(event: EventFacts | store.EventRecord) -> EventConfig:
    return EventConfig(
        format=event.format,
        sides_per_table=event.sides_per_table,
        tiebreakers=tuple(event.tiebreakers),
        seed=event.seed,
    )


class Seating(Protocol):
    """What sides an event's tables have: its format and sides a table (an event's record, or
    the club memory's note of it)."""

    @property
    def format(self) -> str: ...

    @property
    def sides_per_table(self) -> int: ...


def side_groups(entrants: tuple[int, ...], event: Seating) -> tuple[tuple[int, ...], ...]:
    """A table's sides as the core names them (teams; progressive partners; cutthroat): the
    core's ``table_sides``, without building a config for every table."""
    if event.format == "progressive" and event.sides_per_table == 2:
        return table_sides(entrants, _PROGRESSIVE)
    return tuple((e,) for e in entrants)


_PROGRESSIVE = EventConfig(format="progressive")


__all__ = [
    "EntrantView", "EventFacts", "EventLink", "EventView", "ROUND_STATUSES", "RoundView",
    "STATUS_WORDS", "Seating", "TableView", "event_config", "event_facts", "event_link",
    "side_groups",
]  # fmt: skip
