"""Shared builders for the event tests: results from short descriptions, whole rounds played."""

from __future__ import annotations

import random

from scorekeeper.events import (
    Entrant,
    EventConfig,
    Pairing,
    SideScore,
    TableResult,
    table_sides,
)


def teams(n: int) -> list[Entrant]:
    """Teams 1..n named T1..Tn, two players each, registered in id order."""
    return [Entrant(i, f"T{i}", (f"a{i}", f"b{i}")) for i in range(1, n + 1)]


def players(n: int) -> list[Entrant]:
    """Players 1..n named P1..Pn."""
    return [Entrant(i, f"P{i}") for i in range(1, n + 1)]


def game(rnd: int, table: int, a, b, pa: int, pb: int, bags=(0, 0), **kw) -> TableResult:
    """A two-sided table: a and b are entrant ids or tuples of them."""
    a = a if isinstance(a, tuple) else (a,)
    b = b if isinstance(b, tuple) else (b,)
    return TableResult(rnd, table, (SideScore(a, pa, bags[0]), SideScore(b, pb, bags[1])), **kw)


def play(pairing: Pairing, config: EventConfig, rng: random.Random) -> list[TableResult]:
    """Random finished results for every table of a pairing, and the byes."""
    out = []
    for number, table in enumerate(pairing.tables, 1):
        sides = table_sides(table, config)
        points = rng.sample(range(-200, 600, 10), len(sides))
        scores = tuple(
            SideScore(s, p, rng.randint(0, 12)) for s, p in zip(sides, points, strict=True)
        )
        out.append(TableResult(pairing.round, number, scores))
    out += [TableResult.bye_for(pairing.round, e) for e in pairing.byes]
    return out
