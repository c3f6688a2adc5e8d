"""Single elimination: the cut to the top 2, 4, 8, ... seeded by standings, and each next round
from the winners."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import EventError, Pairing, TableResult


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order, so seeds 1 and 2 can only meet in the final:
    4 -> [1, 4, 2, 3]; 8 -> [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 2 or size & (size - 1):
        raise EventError(f"a knockout needs 2, 4, 8, 16... entrants, not {size}", field="cut")
    seeds = [1, 2]
    while len(seeds) < size:
        total = 2 * len(seeds) + 1
        seeds = [s for seed in seeds for s in (seed, total - seed)]
    return seeds


def knockout_bracket(seeds: Sequence[int], size: int, round_number: int) -> Pairing:
    """The first knockout round of the top ``size`` of ``seeds`` (entrant ids, best first):
    1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight; 1 v 4, 2 v 3 for four. Higher seed listed first."""
    if len(set(seeds)) != len(seeds):
        raise EventError("a seed is listed twice", field="seeds")
    if len(seeds) < size:
        raise EventError(f"a cut to {size} needs {size} entrants, not {len(seeds)}", field="cut")
    order = bracket_order(size)
    tables = tuple((seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, size, 2))
    return Pairing(round_number, tables)


def knockout_next(results: Iterable[TableResult], round_number: int) -> Pairing:
    """The next knockout round from the round before: the winners of tables 1 and 2 meet at
    table 1, of tables 3 and 4 at table 2, and so on (the bracket keeps its order)."""
    last = sorted(
        (r for r in results if r.round == round_number - 1 and not r.bye), key=lambda r: r.table
    )
    if len(last) < 2 or len(last) % 2:
        raise EventError(
            f"round {round_number - 1} has {len(last)} tables: a knockout round needs an even "
            "number (one table is the final)",
            field="round",
        )
    winners = []
    for r in last:
        won = r.winning_side
        if won is None:
            raise EventError(f"{r.where} is not finished", field=r.where)
        winners.append(r.sides[won].entrants[0])
    tables = tuple((winners[i], winners[i + 1]) for i in range(0, len(winners), 2))
    return Pairing(round_number, tables)


def champion(results: Iterable[TableResult], final_round: int) -> int | None:
    """The winner of the final (the one table of ``final_round``), None until it is finished."""
    final = [r for r in results if r.round == final_round and not r.bye]
    if len(final) != 1:
        return None
    won = final[0].winning_side
    return None if won is None else final[0].sides[won].entrants[0]
