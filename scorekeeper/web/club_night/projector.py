"""The projector page's screens: the standings and the current round's tables cut into pages
that fit a 1920 x 1080 screen in type readable from the back of the room, and the one
tie-breaker figure the standings have room for. The page itself is ``events.projector``.

Everything here reads an :class:`~scorekeeper.service.club_night.EventView` (kept by the service
while the event's version holds), so a screen costs no query of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from scorekeeper.events import StandingRow
from scorekeeper.rules import words
from scorekeeper.service.club_night import EventView, TableView

STANDINGS_PER_COLUMN = 12  # rows of the standings a screen holds, in each of two columns
TABLES_PER_SCREEN = 8  # in two columns, cutthroat tables of three sides too
SECONDS = 13  # each screen shows this long, unless the link says ?seconds=N (3 to 120)
POLL_SECONDS = 5  # how often the page asks whether the event changed
PODIUM_STEPS = 6  # places the podium screen holds, in type for the back of the room


def signed(n: int) -> str:
    """+120, −40, 0: with a true minus sign, as the sheet prints it (rules.words.signed)."""
    return words.signed(n)


def _minus(n: int) -> str:
    """−40: a total with a true minus sign (rules.words.figure)."""
    return words.figure(n)


@dataclass(frozen=True)
class Figure:
    """The standings' last column: the first chosen tie-breaker that is one number a row."""

    label: str
    words: str
    value: Callable[[StandingRow], str]


FIGURES = {
    "point_diff": Figure("+/\u2212", "Point differential", lambda s: signed(s.point_diff)),
    "total_points": Figure("Points", "Total points", lambda s: _minus(s.points_for)),
    "fewest_bags": Figure("Bags", "Bags (fewest first)", lambda s: str(s.bags)),
    "opponents_wins": Figure("Opp. wins", "Opponents' wins", lambda s: str(s.opponents_wins)),
}


def figure(tiebreakers: Sequence[str]) -> Figure:
    """Head-to-head has no figure of its own, so the next tie-breaker shows; with none chosen,
    the point differential."""
    return next((FIGURES[t] for t in tiebreakers if t in FIGURES), FIGURES["point_diff"])


@dataclass(frozen=True)
class Side:
    name: str
    points: str
    mark: str  # "leads", "won" or ""


@dataclass(frozen=True)
class Card:
    """One table as the projector shows it; ``state`` is waiting, playing or finished."""

    number: int
    sides: tuple[Side, ...]
    status: str
    state: str


def card(t: TableView) -> Card:
    totals = t.totals
    best = max(totals) if totals else 0
    leader = t.leading
    mark = "won" if t.finished else "leads"
    sides = tuple(
        Side(name, _minus(points), mark if k == leader else "")
        for k, (name, points) in enumerate(zip(t.side_names, totals, strict=True))
    )
    status = t.status
    if not t.finished and t.played and leader is None:
        status += f", level at {signed(best)}"
    state = "finished" if t.finished else "playing" if t.started else "waiting"
    return Card(t.number, sides, status, state)


@dataclass(frozen=True)
class Screen:
    """One screen of the cycle: ``kind`` is standings or tables; ``rows`` the standing rows or
    the table cards on it; ``first``..``last`` of ``total`` says which part of the list."""

    kind: str
    rows: tuple[Any, ...]
    first: int
    last: int
    total: int
    byes: tuple[str, ...] = ()

    @property
    def columns(self) -> tuple[tuple[Any, ...], ...]:
        """The rows in one column, or two side by side (the left one the longer)."""
        if len(self.rows) <= STANDINGS_PER_COLUMN:
            return (self.rows,)
        half = ceil(len(self.rows) / 2)
        return (self.rows[:half], self.rows[half:])

    @property
    def part(self) -> str:
        """ "1–12 of 32", or "" when the whole list is on this screen."""
        if self.first == 1 and self.last == self.total:
            return ""
        return f"{self.first}\u2013{self.last} of {self.total}"


def _pages(count: int, per_screen: int) -> list[range]:
    """Index ranges of ``count`` items, ``per_screen`` at most, spread evenly: 10 tables make
    two screens of 5 rather than 8 and a near-empty 2."""
    if count == 0:
        return [range(0)]
    size = ceil(count / ceil(count / per_screen))
    return [range(i, min(i + size, count)) for i in range(0, count, size)]


@dataclass(frozen=True)
class Step:
    """One place on the podium: "Champion" (or "=1st" when first place is shared), the name,
    a line of figures; ``top`` for first place (shown largest)."""

    place: str
    name: str
    detail: str
    top: bool = False


def _ordinal(label: str) -> str:
    """A standings place label as the podium says it: "1" -> "1st", "=3" -> "=3rd"."""
    shared, n = label.startswith("="), int(label.lstrip("="))
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{'=' if shared else ''}{n}{suffix}"


def podium(view: EventView, shown: Figure) -> tuple[Step, ...]:
    """Once the last round is closed: the champion and the places after them. A knockout's
    podium is its final (the winner, the runner-up) and the semi-finals' losers (third, shared);
    otherwise the standings' top three (and any level with the third, up to PODIUM_STEPS in
    all: the final standings follow on the next screen). Empty before the end."""
    if not view.complete:
        return ()
    if view.knockout_rounds:
        final = view.knockout_rounds[-1]
        table = final.tables[0] if len(final.tables) == 1 else None
        if table is None or table.winner is None:
            return ()
        score = " to ".join(_minus(p) for p in sorted(table.totals, reverse=True))
        steps = [Step("Champion", table.side_names[table.winner], f"won the final {score}", True)]
        steps += [
            Step("2nd", name, "the final") for k, name in enumerate(table.side_names)
            if k != table.winner
        ]  # fmt: skip
        semis = [r for r in view.knockout_rounds if r.number == final.number - 1]
        if semis and len(semis[0].tables) == 2:
            for t in semis[0].tables:
                steps += [
                    Step("=3rd", name, "the semi-finals") for k, name in enumerate(t.side_names)
                    if k != t.winner
                ]  # fmt: skip
        return tuple(steps)
    rows = view.standings
    if not rows:
        return ()
    third = rows[min(2, len(rows) - 1)].place_label
    top = [s for s in rows if s.place <= 3 or s.place_label == third][:PODIUM_STEPS]
    return tuple(
        Step(
            "Champion" if k == 0 and s.place_label == "1" else _ordinal(s.place_label),
            s.name,
            f"{s.wins}\u2013{s.losses} \u00b7 {shown.label} {shown.value(s)}",
            s.place_label in ("1", "=1"),
        )
        for k, s in enumerate(top)
    )


def screens(view: EventView) -> list[Screen]:
    """The standings (from the top, a screenful at a time), then the current round's tables;
    after the last round, the podium first and no tables."""
    out = []
    steps = podium(view, figure(view.config.tiebreakers))
    if steps:
        out.append(Screen("podium", steps, 1, len(steps), len(steps)))
    rows = view.standings
    if view.rounds and not view.has_results:
        rows = ()  # one screen saying "no results yet" rather than every row level at "=1"
    for r in _pages(len(rows), 2 * STANDINGS_PER_COLUMN):
        out.append(Screen("standings", rows[r.start : r.stop], r.start + 1, r.stop, len(rows)))
    rnd = view.current
    if rnd is None or steps:
        return out
    tables = rnd.tables
    parts = _pages(len(tables), TABLES_PER_SCREEN)
    for n, r in enumerate(parts, 1):
        cards = tuple(card(t) for t in tables[r.start : r.stop])
        byes = tuple(view.name_of(b) for b in rnd.byes) if n == len(parts) else ()
        out.append(Screen("tables", cards, r.start + 1, r.stop, len(tables), byes))
    return out


def seconds(text: str | None) -> int:
    """How long each screen shows: ``?seconds=N`` from 3 to 120, else :data:`SECONDS`."""
    if text and text.isascii() and text.isdigit() and len(text) <= 3:
        return min(max(int(text), 3), 120)
    return SECONDS
