"""The files a director downloads: the event file, results and standings as CSV for the club's
spreadsheet, and standings as text for the command line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from scorekeeper import store

from .event_file import export_text
from .loading import cached_load
from .views import EventView

Database = store.Database


# --- CSV and text ----------------------------------------------------------------------------


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet will not run as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_text(rows: Iterable[list[Any]]) -> str:
    """Rows as CSV for a spreadsheet (text cells never read as formulas)."""
    return _csv(iter(rows))


def _csv(rows: Iterator[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


RESULT_COLUMNS = [
    "round", "table", "knockout", "side", "entrants", "players", "points", "bags", "result",
    "source", "hands",
]  # fmt: skip


@dataclass(frozen=True)
class EventFile:
    """A file of an event to download: the event's name and day (its date, else the day it was
    created: what the file's name is made of) and the file's text."""

    name: str
    day: str
    text: str


def _event_file(db: Database, director_token: str, text: Callable[[EventView], str]) -> EventFile:
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    return EventFile(event.name, event.date or event.created_at[:10], text(view))


def export_file(db: Database, director_token: str) -> EventFile:
    """The event file behind a director's link (:func:`export_text`); EventNotFound for an
    unknown link."""
    event = store.events.event_by_director_token(db, director_token)
    return EventFile(event.name, event.date or event.created_at[:10], export_text(db, event))


def results_file(db: Database, director_token: str) -> EventFile:
    """The results as CSV (:func:`results_csv`) behind a director's link."""
    return _event_file(db, director_token, results_csv)


def standings_file(db: Database, director_token: str) -> EventFile:
    """The standings as CSV (:func:`standings_csv`) behind a director's link."""
    return _event_file(db, director_token, standings_csv)


def results_csv(view: EventView) -> str:
    """One row per side per table (and per bye): round, table, who, points, bags, won/lost."""

    def rows() -> Iterator[list[Any]]:
        yield RESULT_COLUMNS
        for r in view.rounds:
            ko = "yes" if r.knockout else ""
            for t in r.tables:
                for k, side in enumerate(t.sides):
                    result = ("won" if t.winner == k else "lost") if t.finished else "playing"
                    players = " & ".join(m for e in side for m in view.by_id[e].members)
                    yield [
                        r.number, t.number, ko, t.side_names[k], view.names(side), players,
                        t.totals[k], t.bags[k], result, "paper" if t.on_paper else "game",
                        t.played,
                    ]  # fmt: skip
            for b in r.byes:
                players = " & ".join(view.by_id[b].members)
                yield [r.number, "", ko, view.name_of(b), view.name_of(b), players, 0, 0,
                       "bye", "bye", 0]  # fmt: skip

    return _csv(rows())


STANDING_COLUMNS = [
    "place", "entrant", "members", "active", "tables_played", "byes", "wins_with_byes", "losses",
    "points_for", "points_against", "point_diff", "bags", "opponents_wins", "why",
]  # fmt: skip


def standings_csv(view: EventView) -> str:
    """The standings, one row per entrant, with the "why" line."""

    def rows() -> Iterator[list[Any]]:
        yield STANDING_COLUMNS
        for s in view.standings:
            e = view.by_id[s.entrant]
            yield [
                s.place_label, s.name, " & ".join(e.members), "yes" if s.active else "dropped",
                s.played, s.byes, s.wins, s.losses, s.points_for, s.points_against,
                s.point_diff, s.bags, s.opponents_wins, s.why,
            ]  # fmt: skip

    return _csv(rows())


def standings_text(view: EventView) -> str:
    """The standings as the command line prints them: a table, then each place's why."""
    event = view.event
    head = f"{event.name}" + (f", {event.date}" if event.date else "")
    played = sum(1 for r in view.rounds if r.closed)
    lines = [head, f"{played} of {view.planned_rounds} rounds closed", ""]
    width = max([len(s.name) for s in view.standings] + [5])
    lines.append(f"{'place':>5}  {'name':<{width}}  {'W':>2} {'L':>2}  {'diff':>6} {'pts':>6} bags")
    for s in view.standings:
        name = s.name + ("" if s.active else " (dropped)")
        lines.append(
            f"{s.place_label:>5}  {name:<{width}}  {s.wins:>2} {s.losses:>2}  "
            f"{s.point_diff:>+6} {s.points_for:>6} {s.bags:>4}"
        )
    lines.append("")
    lines += [f"{s.name}: {s.why}" for s in view.standings]
    if view.champion:
        lines += ["", f"Champion: {view.champion}"]
    return "\n".join(lines) + "\n"


__all__ = [
    "EventFile", "RESULT_COLUMNS", "STANDING_COLUMNS", "csv_text", "export_file", "results_csv",
    "results_file", "standings_csv", "standings_file", "standings_text",
]  # fmt: skip
