"""Swiss pairing as a minimum-cost perfect matching (a maximum-weight matching with the cost
as negative weight).

Pairing two entrants costs, from heaviest to lightest: a repeat meeting (so heavy that any
repeat-free round beats every round with a repeat, but never forbidden, so a round can always
be made), the square of the difference in wins, and the distance between them in the
standings (which carry points and the other tie-breakers). The cheapest round wins.

How it is solved: entrants in standings order, a dynamic programme over the ranking that
considers each entrant's partners within ``BAND`` places below it; exact over those pairs, and
over all pairs when the field is at most ``BAND + 1``. When the band cannot avoid a repeat
in a larger field, every pair is tried with ``networkx.max_weight_matching`` (Edmonds'
blossom algorithm, seconds for 200 entrants; only needed when the repeats crowd the band).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .model import Entrant, EventConfig, EventError, Pairing, TableResult, check_entrants
from .model import check_results as _check_results
from .seating import bye_counts, first_round_order, pick_byes
from .standings import standings

BAND = 8  # partners considered below each entrant in the ranking (2**BAND programme states)


def meetings(results: Iterable[TableResult]) -> dict[frozenset[int], int]:
    """How often each pair of entrants has met as opponents."""
    met: dict[frozenset[int], int] = {}
    for r in results:
        if r.bye:
            continue
        for i, side in enumerate(r.sides):
            for other in r.sides[i + 1 :]:
                for a in side.entrants:
                    for b in other.entrants:
                        key = frozenset((a, b))
                        met[key] = met.get(key, 0) + 1
    return met


def swiss_round(
    entrants: Iterable[Entrant],
    results: Iterable[TableResult],
    round_number: int,
    config: EventConfig,
) -> Pairing:
    """Pair a Swiss round of two-sided tables from the results of the rounds before it.

    Round 1 (no tables played yet): registration order, or shuffled by ``config.seed``; the
    top half meets the bottom half (1 v n/2+1, 2 v n/2+2, ...). Later rounds: equal records
    meet, repeats only when no round without one exists. With an odd count the bye goes to the
    lowest placed entrant with the fewest byes. Dropped entrants are never paired; a late
    entrant joins with 0 wins and no bye credit for the rounds missed. Results of this round
    and later are ignored, so a round can be re-paired.
    """
    entrants = list(entrants)
    by_id = check_entrants(entrants)
    history = [r for r in _check_results(results, by_id) if r.round < round_number]
    for r in history:
        if not r.finished:
            raise EventError(
                f"{r.where} is not finished: enter it before pairing round {round_number}",
                field=r.where,
            )
    active = {e.id for e in entrants if e.active}
    if len(active) < 2:
        raise EventError("a Swiss round needs at least two active entrants", field="entrants")
    byes_had = bye_counts(history)
    if not any(not r.bye for r in history):
        order = first_round_order(entrants, config.seed)
        byes = pick_byes(order, len(order) % 2, byes_had)
        order = [e for e in order if e not in byes]
        half = len(order) // 2
        tables = tuple((order[i], order[i + half]) for i in range(half))
        return Pairing(round_number, tables, tuple(byes))
    rows = [row for row in standings(entrants, history, config) if row.entrant in active]
    order = [row.entrant for row in rows]
    byes = pick_byes(order, len(order) % 2, byes_had)
    wins = {row.entrant: row.wins for row in rows if row.entrant not in byes}
    order = [e for e in order if e not in byes]
    pairs, repeats = pair_by_cost(order, wins, meetings(history))
    notes = (f"{repeats} repeat pairing(s): no round without one exists",) if repeats else ()
    return Pairing(round_number, tuple(pairs), tuple(byes), notes)


def pair_by_cost(
    order: Sequence[int], wins: dict[int, int], met: dict[frozenset[int], int]
) -> tuple[list[tuple[int, int]], int]:
    """The cheapest perfect matching of ``order`` (an even list, best first) and how many
    repeat meetings it holds; each pair lists the higher placed first, tables best first."""
    n = len(order)
    if n % 2:
        raise EventError("pairing needs an even number of entrants", field="entrants")
    cost = pair_cost(order, wins, met)

    def repeats_in(pairs: list[tuple[int, int]]) -> int:
        return sum(met.get(frozenset((order[i], order[j])), 0) > 0 for i, j in pairs)

    pairs = _banded(n, min(BAND, n - 1), cost)
    if repeats_in(pairs) and n - 1 > BAND:
        pairs = _blossom(n, cost)
    pairs.sort()
    return [(order[i], order[j]) for i, j in pairs], repeats_in(pairs)


def pair_cost(
    order: Sequence[int], wins: dict[int, int], met: dict[frozenset[int], int]
) -> Callable[[int, int], int]:
    """The cost of pairing positions i < j of ``order``: repeats, then wins, then distance."""
    n = len(order)
    most = max(wins.values(), default=0)
    win_weight = n * n + 1  # one win of difference outweighs any sum of ranking distances
    repeat = n * (win_weight * (most + 1) ** 2 + n) + 1  # outweighs any round without repeats

    def cost(i: int, j: int) -> int:
        a, b = order[i], order[j]
        dw = wins[a] - wins[b]
        return met.get(frozenset((a, b)), 0) * repeat + win_weight * dw * dw + (j - i)

    return cost


def _banded(n: int, band: int, cost: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Exact cheapest perfect matching of positions 0..n-1 using pairs at most ``band`` apart.

    Walk the positions in order; a state is the bit mask of the next ``band`` positions
    already taken. Ties keep the first found, so the answer is deterministic.
    """
    costs = [[cost(i, i + d) for d in range(1, min(band, n - 1 - i) + 1)] for i in range(n)]
    current: dict[int, int] = {0: 0}
    back: list[dict[int, tuple[int, int]]] = []
    for i in range(n):
        best: dict[int, int] = {}
        came: dict[int, tuple[int, int]] = {}
        row = costs[i]
        for mask, c in current.items():
            if mask & 1:
                m2 = mask >> 1
                if m2 not in best or c < best[m2]:
                    best[m2], came[m2] = c, (mask, 0)
                continue
            for d, w in enumerate(row, 1):
                bit = 1 << d
                if mask & bit:
                    continue
                m2 = (mask | bit) >> 1
                c2 = c + w
                if m2 not in best or c2 < best[m2]:
                    best[m2], came[m2] = c2, (mask, d)
        back.append(came)
        current = best
    pairs = []
    mask = 0
    for i in range(n - 1, -1, -1):
        mask, d = back[i][mask]
        if d:
            pairs.append((i, i + d))
    return pairs


def _blossom(n: int, cost: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """The cheapest perfect matching over every pair (Edmonds' blossom, via networkx)."""
    import networkx as nx  # only here: most rounds never need it

    graph = nx.Graph()
    costs = {(i, j): cost(i, j) for i in range(n) for j in range(i + 1, n)}
    top = max(costs.values()) + 1
    for (i, j), c in costs.items():
        graph.add_edge(i, j, weight=top - c)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(p), max(p)) for p in matching)
