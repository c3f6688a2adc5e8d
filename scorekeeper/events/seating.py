"""Seating a round: round robin schedules, progressive movement, cutthroat tables, seats and
the first dealer at each table."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

from .model import (
    Entrant,
    EventConfig,
    EventError,
    Pairing,
    TableResult,
    TableSeating,
    check_entrants,
    check_results,
)
from .standings import ranking

# --- round robin ---------------------------------------------------------------------------


def round_robin_round(
    entrant_ids: Sequence[int], round_number: int, inactive: Collection[int] = ()
) -> Pairing:
    """Round ``round_number`` of the circle (Berger) schedule of ``entrant_ids``.

    Pass the same list, in registration order, every round: over n - 1 rounds (n rounded up to
    even) everybody meets everybody once; with an odd count each entrant has one bye. Round n
    starts the cycle again (a double round robin). An entrant in ``inactive`` (dropped) keeps
    their slot in the schedule, so the others' rounds do not move; their opponent has a bye.
    """
    ids = list(entrant_ids)
    if len(set(ids)) != len(ids):
        raise EventError("an entrant is listed twice", field="entrants")
    if len(ids) < 2:
        raise EventError("a round robin needs at least two entrants", field="entrants")
    if round_number < 1:
        raise EventError("rounds count from 1", field="round")
    slots: list[int | None] = [*ids, None] if len(ids) % 2 else list(ids)
    n = len(slots)
    r = (round_number - 1) % (n - 1)
    fixed, rest = slots[-1], slots[:-1]
    turned = rest[r:] + rest[:r]
    pairs = [(turned[0], fixed) if r % 2 else (fixed, turned[0])]
    pairs += [(turned[i], turned[n - 1 - i]) for i in range(1, n // 2)]
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for a, b in pairs:
        here = [x for x in (a, b) if x is not None and x not in inactive]
        if len(here) == 2:
            tables.append((here[0], here[1]))
        elif len(here) == 1:
            byes.append(here[0])
    return Pairing(round_number, tuple(tables), tuple(byes))


def round_robin_schedule(entrant_ids: Sequence[int]) -> tuple[Pairing, ...]:
    """Every round of a single round robin (n - 1 rounds, n rounded up to even)."""
    n = len(entrant_ids) + len(entrant_ids) % 2
    return tuple(round_robin_round(entrant_ids, r) for r in range(1, n))


# --- shared helpers --------------------------------------------------------------------------


def first_round_order(entrants: Iterable[Entrant], seed: int | None) -> list[int]:
    """Active entrants in registration order, or shuffled by ``seed`` (the same seed gives the
    same order every time)."""
    ids = [e.id for e in sorted(entrants, key=lambda e: e.rank_key) if e.active]
    if seed is not None:
        random.Random(seed).shuffle(ids)  # noqa: S311 - a fair draw, not a secret
    return ids


def bye_counts(results: Iterable[TableResult]) -> dict[int, int]:
    """How many byes each entrant has had."""
    counts: dict[int, int] = {}
    for r in results:
        if r.bye:
            e = r.sides[0].entrants[0]
            counts[e] = counts.get(e, 0) + 1
    return counts


def pick_byes(order: Sequence[int], count: int, byes: dict[int, int]) -> list[int]:
    """``count`` entrants to sit out: fewest byes first, and among those the lowest in
    ``order`` (best first). Nobody gets a second bye while someone active has had none."""
    position = {e: i for i, e in enumerate(order)}
    return sorted(order, key=lambda e: (byes.get(e, 0), -position[e]))[:count]


def _earlier(results: Iterable[TableResult], round_number: int) -> list[TableResult]:
    return [r for r in results if r.round < round_number]


# --- progressive -----------------------------------------------------------------------------


def progressive_round(
    entrants: Iterable[Entrant],
    results: Iterable[TableResult],
    round_number: int,
    config: EventConfig,
) -> Pairing:
    """Seat a progressive round: four players a table, partners opposite, partners change.

    Round 1: registration order (or shuffled by ``config.seed``), four at a time. Later rounds
    move on the last round's results: the winning pair splits, both moving up a table (table
    1's winners stay); the losing pair splits, both moving down (the last table's losers stay).
    So each table gets two players from one old table and two from another, and every new
    partnership is one of each. Dropped players leave; late entrants and last round's
    sit-outs join at the bottom. When the count is not a multiple of four, the rest sit out
    with a bye (fewest byes first, then the lowest placed). Within each four the seating picks,
    of the three ways to pair them, one with no partner from last round (always possible) and
    the fewest repeats of earlier partners. Tables are (north, east, south, west).
    """
    entrants = list(entrants)
    by_id = check_entrants(entrants)
    history = _earlier(check_results(results, by_id), round_number)
    active = {e.id for e in entrants if e.active}
    last = sorted(
        (r for r in history if r.round == round_number - 1 and not r.bye), key=lambda r: r.table
    )
    if not last:
        order = first_round_order(entrants, config.seed)
    else:
        order = _movement(last)
        order += [e.id for e in sorted(entrants, key=lambda e: e.rank_key)]
        # dropped players leave; newcomers follow everyone placed by the movement, once each
        order = [p for p in dict.fromkeys(order) if p in active]
    if len(order) < 4:
        raise EventError("a progressive round needs at least four players", field="entrants")
    byes = pick_byes(order, len(order) % 4, bye_counts(history))
    order = [p for p in order if p not in byes]
    partners = _partners(history)
    last_partners = _partners(last)
    tables = [
        _seat_four(order[i : i + 4], partners, last_partners) for i in range(0, len(order), 4)
    ]
    return Pairing(round_number, tuple(tables), tuple(byes))


def _movement(last: list[TableResult]) -> list[int]:
    """Players in next round's table order after winners move up and losers move down."""
    count = len(last)
    arriving: list[list[int]] = [[] for _ in range(count)]
    for t, r in enumerate(last):
        won = r.winning_side
        if won is None:
            raise EventError(
                f"{r.where} is not finished: enter its result before seating the next round",
                field=r.where,
            )
        if len(r.sides) != 2 or any(len(s.entrants) != 2 for s in r.sides):
            raise EventError(f"{r.where}: a progressive table is two pairs", field=r.where)
        winners, losers = r.sides[won].entrants, r.sides[1 - won].entrants
        arriving[max(t - 1, 0)].extend(winners)
        arriving[min(t + 1, count - 1)].extend(losers)
    # each group is two old pairs, one after the other: _seat_four splits both by default
    return [p for group in arriving for p in group]


def _partners(results: Iterable[TableResult]) -> dict[frozenset[int], int]:
    """How often each pair of players has been partners."""
    counts: dict[frozenset[int], int] = {}
    for r in results:
        for s in r.sides:
            if len(s.entrants) == 2:
                key = frozenset(s.entrants)
                counts[key] = counts.get(key, 0) + 1
    return counts


def _seat_four(
    four: list[int],
    partners: dict[frozenset[int], int],
    last_partners: dict[frozenset[int], int],
) -> tuple[int, ...]:
    """(north, east, south, west) for four players: of the three ways to make two
    partnerships, none from last round, then the fewest repeated partnerships; the first of
    the two groups arriving is split across both partnerships by default."""
    if len(four) < 4:
        raise AssertionError(four)
    a, b, c, d = four
    ways = [((a, c), (b, d)), ((a, d), (b, c)), ((a, b), (c, d))]

    def cost(way: tuple[tuple[int, int], tuple[int, int]]) -> tuple[int, int]:
        pairs = [frozenset(p) for p in way]
        return (sum(last_partners.get(p, 0) for p in pairs), sum(partners.get(p, 0) for p in pairs))

    (north, south), (east, west) = min(ways, key=cost)
    return (north, east, south, west)


# --- cutthroat -------------------------------------------------------------------------------


def cutthroat_round(
    entrants: Iterable[Entrant],
    results: Iterable[TableResult],
    round_number: int,
    config: EventConfig,
) -> Pairing:
    """Seat cutthroat tables of three, grouped by standings (round 1: registration order or
    shuffled by ``config.seed``).

    A remainder of one gets a bye (fewest byes first, then the lowest placed); a remainder of
    two plays head to head at the last table. Players placed close together meet again when
    the standings put them together: cutthroat grouping does not avoid repeats.
    """
    entrants = list(entrants)
    by_id = check_entrants(entrants)
    history = _earlier(check_results(results, by_id), round_number)
    if any(not r.bye for r in history):
        active = {e.id for e in entrants if e.active}
        order = [i for i in ranking(entrants, history, config) if i in active]
    else:
        order = first_round_order(entrants, config.seed)
    if len(order) < 2:
        raise EventError("a cutthroat round needs at least two players", field="entrants")
    byes = pick_byes(order, 1, bye_counts(history)) if len(order) % 3 == 1 else []
    order = [p for p in order if p not in byes]
    tables = [tuple(order[i : i + 3]) for i in range(0, len(order), 3)]
    return Pairing(round_number, tuple(tables), tuple(byes))


# --- seats and dealer ------------------------------------------------------------------------

SEATS = {4: ("N", "E", "S", "W"), 3: ("N", "E", "S"), 2: ("N", "S")}


def table_sides(table: Sequence[int], config: EventConfig) -> tuple[tuple[int, ...], ...]:
    """The sides of a seated table, as ``SideScore.entrants`` wants them: two teams
    ``((a,), (b,))``; progressive partners ``((north, south), (east, west))``; cutthroat
    players ``((p,), (q,), (r,))``."""
    if config.format == "progressive" and config.sides_per_table == 2:
        north, east, south, west = table
        return ((north, south), (east, west))
    return tuple((e,) for e in table)


def seat_tables(
    pairing: Pairing, entrants: Iterable[Entrant], config: EventConfig
) -> tuple[TableSeating, ...]:
    """Who sits where and who deals first, table by table.

    Teams: the first team North-South (first member North), the second East-West. Progressive
    tables are already in seat order. The first dealer is seat (round + table - 2) modulo the
    seats, clockwise from North: it turns every round and differs between neighbouring tables.
    """
    by_id = check_entrants(entrants)
    seated = []
    for number, table in enumerate(pairing.tables, 1):
        try:
            people = _people(table, by_id, config)
        except KeyError as e:
            raise EventError(f"table {number}: no entrant has id {e.args[0]}") from None
        seats = tuple(zip(SEATS[len(people)], people, strict=True))
        dealer = people[(pairing.round + number - 2) % len(people)]
        seated.append(TableSeating(number, seats, dealer))
    return tuple(seated)


def _people(table: Sequence[int], by_id: dict[int, Entrant], config: EventConfig) -> list[str]:
    """Names in seat order (clockwise from North)."""
    if config.sides_per_table == 3 or config.format == "progressive":
        return [by_id[e].players[0] for e in table]
    a, b = (by_id[e] for e in table)
    for team in (a, b):
        if len(team.players) != 2:
            raise EventError(f"team {team.name} needs two players to sit down", field="entrants")
    return [a.players[0], b.players[0], a.players[1], b.players[1]]
