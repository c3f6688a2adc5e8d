"""One entry point for the application layer: seat the next round of any format."""

from __future__ import annotations

from collections.abc import Iterable

from .knockout import knockout_bracket, knockout_next
from .model import Entrant, EventConfig, EventError, Pairing, TableResult
from .pairing import swiss_round
from .seating import cutthroat_round, progressive_round, round_robin_round


def next_round(
    entrants: Iterable[Entrant],
    results: Iterable[TableResult],
    round_number: int,
    config: EventConfig,
) -> Pairing:
    """Seat round ``round_number`` from the entrants and the results so far.

    Round robin: the circle schedule over every entrant in registration order (a dropped
    entrant's opponent has a bye). Swiss: ``swiss_round``. Progressive: ``progressive_round``.
    Cutthroat (three sides a table, swiss or progressive): ``cutthroat_round``. Knockout: round
    1 seeds every entrant in registration order (a power of two), later rounds take the
    winners. A cut after qualifying rounds is ``knockout_bracket`` over the standings.
    """
    entrants = sorted(entrants, key=lambda e: e.rank_key)
    results = list(results)
    if round_number < 1:
        raise EventError("rounds count from 1", field="round")
    if config.sides_per_table == 3:
        return cutthroat_round(entrants, results, round_number, config)
    if config.format == "round_robin":
        inactive = {e.id for e in entrants if not e.active}
        return round_robin_round([e.id for e in entrants], round_number, inactive)
    if config.format == "swiss":
        return swiss_round(entrants, results, round_number, config)
    if config.format == "progressive":
        return progressive_round(entrants, results, round_number, config)
    if round_number == 1:
        seeds = [e.id for e in entrants if e.active]
        return knockout_bracket(seeds, len(seeds), 1)
    return knockout_next(results, round_number)
