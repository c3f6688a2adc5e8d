"""Standings: a pure function of (entrants, results, config), each place explained in words.

Because nothing is remembered between calls, a corrected result is just a changed input: the
standings come out as if it had been entered right the first time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .model import Entrant, EventConfig, TableResult, check_entrants, check_results

LABELS = {
    "wins": "wins",
    "point_diff": "point differential",
    "total_points": "total points",
    "head_to_head": "head-to-head",
    "fewest_bags": "fewest bags",
    "opponents_wins": "opponents' wins",
}


@dataclass
class _Tally:
    """Running figures of one entrant while the results are counted (internal, mutable)."""

    played: int = 0
    wins: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    bags: int = 0
    opponents: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``place`` is the position in the total order (1, 2, 3, ...); ``place_label`` shows a shared
    place ("=3") when the entrant is level with a neighbour on wins and every chosen
    tie-breaker (the order between them is then registration order, and ``why`` says so).
    ``played`` counts tables, not byes; ``wins`` includes byes. ``points_against`` is the
    opposing side's points (at a cutthroat table, the best opponent's). ``opponents_wins`` is
    the Buchholz sum: every opponent's wins, once per game against them.
    """

    place: int
    place_label: str
    entrant: int
    name: str
    active: bool
    played: int
    wins: int
    losses: int
    byes: int
    points_for: int
    points_against: int
    point_diff: int
    bags: int
    opponents_wins: int
    why: str


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _tally(
    by_id: dict[int, Entrant], results: list[TableResult]
) -> tuple[dict[int, _Tally], dict[tuple[int, int], int]]:
    """Every entrant's figures, and head-to-head wins: (a, b) -> games a won against b."""
    tally = {i: _Tally() for i in by_id}
    h2h: dict[tuple[int, int], int] = {}
    for r in results:
        won = r.winning_side
        if won is None:
            continue  # an unfinished table counts for nothing yet
        if r.bye:
            t = tally[r.sides[0].entrants[0]]
            t.wins += 1
            t.byes += 1
            continue
        for i, side in enumerate(r.sides):
            others = [s for j, s in enumerate(r.sides) if j != i]
            against = max(s.points for s in others)
            opponents = [e for s in others for e in s.entrants]
            for e in side.entrants:
                t = tally[e]
                t.played += 1
                t.points_for += side.points
                t.points_against += against
                t.bags += side.bags
                t.opponents.extend(opponents)
                if i == won:
                    t.wins += 1
                    for o in opponents:
                        h2h[e, o] = h2h.get((e, o), 0) + 1
    return tally, h2h


def _value(name: str, t: _Tally, wins: dict[int, int]) -> int:
    """The figure a criterion compares; larger is better (bags are negated)."""
    if name == "wins":
        return t.wins
    if name == "point_diff":
        return t.points_for - t.points_against
    if name == "total_points":
        return t.points_for
    if name == "fewest_bags":
        return -t.bags
    if name == "opponents_wins":
        return sum(wins[o] for o in t.opponents)
    raise AssertionError(name)


def _shown(name: str, value: int) -> str:
    if name == "point_diff":
        return f"{value:+d}"
    if name == "fewest_bags":
        return f"{-value} bags"
    return str(value)


def standings(
    entrants: Iterable[Entrant], results: Iterable[TableResult], config: EventConfig
) -> tuple[StandingRow, ...]:
    """Everyone's figures and place: wins first, then ``config.tiebreakers`` in order, then
    registration order as the final, reported fallback.

    Head-to-head splits a tie only when exactly two entrants are level on everything before it
    and one of them won more of their games against the other; otherwise it passes the tie on.
    Finished tables count; unfinished ones wait. Dropped entrants keep their rows.
    """
    by_id = check_entrants(entrants)
    tally, h2h = _tally(by_id, check_results(results, by_id))
    if not by_id:
        return ()  # an event before its first registration
    wins = {i: t.wins for i, t in tally.items()}
    criteria = ("wins", *config.tiebreakers)
    values = {
        i: {c: _value(c, t, wins) for c in criteria if c != "head_to_head"}
        for i, t in tally.items()
    }

    # Refine one group (everyone) criterion by criterion. Each group carries the criterion that
    # separates it from the group below ("" for the last); members of a group that is never
    # split stay in registration order ("fallback").
    groups: list[tuple[list[int], str]] = [(sorted(by_id, key=lambda i: by_id[i].rank_key), "")]
    for c in criteria:
        refined: list[tuple[list[int], str]] = []
        for g, after in groups:
            if len(g) == 1:
                refined.append((g, after))
                continue
            if c == "head_to_head":
                parts = _head_to_head(g, h2h)
            else:
                g = sorted(g, key=lambda i: -values[i][c])  # stable: keeps the fallback order
                parts = [[g[0]]]
                for i in g[1:]:
                    if values[i][c] == values[parts[-1][-1]][c]:
                        parts[-1].append(i)
                    else:
                        parts.append([i])
            refined.extend((p, c) for p in parts[:-1])
            refined.append((parts[-1], after))
        groups = refined

    split_by: dict[int, str] = {}  # entrant id -> criterion separating it from the next row
    group_of: dict[int, list[int]] = {}
    for g, after in groups:
        for i in g:
            split_by[i] = "fallback"
            group_of[i] = g
        split_by[g[-1]] = after
    order = [i for g, _ in groups for i in g]
    place = {i: n for n, i in enumerate(order, 1)}
    rows = []
    for n, i in enumerate(order, 1):
        t, e = tally[i], by_id[i]
        top = place[group_of[i][0]]  # the group's first place, shared by everyone level in it
        shared = len(group_of[i]) > 1
        label = f"={top}" if shared else str(n)
        why = f"{'=' if shared else ''}{ordinal(top)}: {_wins(t.wins)}"
        if n < len(order):
            below = order[n]
            c = split_by[i]
            name_below = by_id[below].name
            if c == "fallback":
                why += (
                    f", level with {name_below} on every tie-breaker (listed by registration order)"
                )
            elif c == "head_to_head":
                why += (
                    f", ahead of {name_below} on head-to-head "
                    f"({h2h.get((i, below), 0)}-{h2h.get((below, i), 0)} between them)"
                )
            else:
                mine, theirs = _shown(c, values[i][c]), _shown(c, values[below][c])
                why += f", ahead of {name_below} on {LABELS[c]} ({mine} vs {theirs})"
        rows.append(
            StandingRow(
                place=n,
                place_label=label,
                entrant=i,
                name=e.name,
                active=e.active,
                played=t.played,
                wins=t.wins,
                losses=t.played + t.byes - t.wins,
                byes=t.byes,
                points_for=t.points_for,
                points_against=t.points_against,
                point_diff=t.points_for - t.points_against,
                bags=t.bags,
                opponents_wins=sum(wins[o] for o in t.opponents),
                why=why,
            )
        )
    return tuple(rows)


def _wins(n: int) -> str:
    return f"{n} win" if n == 1 else f"{n} wins"


def _head_to_head(group: list[int], h2h: dict[tuple[int, int], int]) -> list[list[int]]:
    """Split a tie of exactly two by the games between them; any other tie passes on whole."""
    if len(group) != 2:
        return [group]
    a, b = group
    ab, ba = h2h.get((a, b), 0), h2h.get((b, a), 0)
    if ab == ba:
        return [group]
    return [[a], [b]] if ab > ba else [[b], [a]]


def ranking(
    entrants: Iterable[Entrant], results: Iterable[TableResult], config: EventConfig
) -> list[int]:
    """Entrant ids in standings order (best first), dropped entrants included."""
    return [row.entrant for row in standings(entrants, results, config)]
