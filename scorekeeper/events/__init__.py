"""The event core: seating, pairing and standings of club tournaments, as pure functions.

Standard library only, plus ``networkx`` for the rare Swiss round that needs a matching over
every pair. The application layer stores entrants and results and calls these functions with
plain values; nothing here remembers anything between calls.

Public API
----------
Values (``model``): ``Entrant(id, name, members=(), active=True, order=None)``;
``SideScore(entrants, points=0, bags=0)``; ``TableResult(round, table, sides, finished=True,
winner=None, bye=False)`` and ``TableResult.bye_for(round, entrant)``; ``EventConfig(format,
sides_per_table=2, tiebreakers=DEFAULT_TIEBREAKERS, seed=None)``; ``Pairing(round, tables,
byes=(), notes=())``; ``TableSeating(table, seats, dealer)``; ``EventError``.

Seating a round: ``next_round(entrants, results, round_number, config) -> Pairing`` picks by
format among ``round_robin_round(ids, round_number, inactive=())``,
``round_robin_schedule(ids)``, ``swiss_round(...)``, ``progressive_round(...)``,
``cutthroat_round(...)`` (all ``(entrants, results, round_number, config)``),
``knockout_bracket(seeds, size, round_number)``, ``knockout_next(results, round_number)``,
``champion(results, final_round)``. Then ``seat_tables(pairing, entrants, config)`` says who
sits where and deals first; ``table_sides(table, config)`` gives the sides a result needs.

Standings: ``standings(entrants, results, config) -> tuple[StandingRow, ...]`` and
``ranking(...) -> list[int]``. Swiss internals, for tools and tests: ``pairing.meetings``,
``pairing.pair_cost``, ``pairing.pair_by_cost``.

Decisions where the formats are silent
--------------------------------------
- A side is a tuple of entrant ids: a team ``(7,)``, progressive partners ``(3, 9)``, a
  cutthroat player ``(4,)``. So progressive and cutthroat standings are per player for free.
- A bye is a win worth 0 points for and 0 against (0 point differential), no bags, and no
  opponent for opponents' wins. ``played`` counts tables only; ``wins`` include byes.
- A finished table without a named winner is won by the most points; a tie on points must
  name the winner (a tied game plays one more hand). Unfinished tables count for nothing.
- Points against is the opposing side's points; at a cutthroat table, the best opponent's (so
  the differential is the margin over the best of the others).
- Opponents' wins (Buchholz) counts every game: an opponent met twice counts twice.
- Head-to-head splits a tie only when exactly two are level on everything before it and one
  won more of their games against the other; otherwise it passes the tie on.
- The final fallback is registration order (``Entrant.order``, then id). Entrants level on
  wins and every chosen tie-breaker share a place ("=3") and the "why" line says they are
  listed by registration order.
- Swiss: round 1 is top half v bottom half in registration order (or shuffled by
  ``EventConfig.seed``). Later rounds minimise, in this order, repeat meetings, the squared
  difference in wins, and the distance in the standings. A repeat is never forbidden, only
  costly, so a round always exists. Byes go to the lowest placed of those with the fewest
  byes. Late entrants start on 0 wins with no credit for missed rounds; dropped entrants are
  never paired but keep their rows.
- Round robin: the circle (Berger) schedule over the registration list; round n starts a
  second cycle; a dropped entrant keeps their slot and their opponent gets a bye.
- Progressive: winners split and both move up a table (table 1's stay), losers split and both
  move down (the last table's stay); within each four the partnership is chosen so nobody
  keeps last round's partner (always possible) and earlier partnerships repeat least.
  Players beyond a multiple of four sit out with a bye (fewest byes, then lowest placed);
  late entrants and last round's sit-outs join at the bottom.
- Cutthroat (three sides a table, Swiss or progressive): tables of three by standings; a
  remainder of one has a bye, a remainder of two plays head to head at the last table.
  Repeats are not avoided.
- Knockout: 1 v 8, 4 v 5, 2 v 7, 3 v 6 (1 v 4, 2 v 3 for four), winners of tables 1 and 2
  meet next at table 1. A pure knockout event seeds by registration order and needs a power
  of two; a cut after qualifying seeds ``knockout_bracket`` with ``ranking(...)``.
- Seats: the first team sits North-South (first member North), the second East-West. The
  first dealer is seat (round + table - 2) modulo the seats, clockwise from North.
"""

from .clock import MAX_EXTEND_MINUTES, Clock, clock_text
from .knockout import bracket_order, champion, knockout_bracket, knockout_next
from .model import (
    DEFAULT_TIEBREAKERS,
    FORMATS,
    TIEBREAKERS,
    Entrant,
    EventConfig,
    EventError,
    Pairing,
    SideScore,
    TableResult,
    TableSeating,
)
from .pairing import swiss_round
from .rounds import next_round
from .seating import (
    cutthroat_round,
    progressive_round,
    round_robin_round,
    round_robin_schedule,
    seat_tables,
    table_sides,
)
from .standings import StandingRow, ranking, standings

__all__ = [
    "DEFAULT_TIEBREAKERS", "FORMATS", "MAX_EXTEND_MINUTES", "TIEBREAKERS", "Clock", "Entrant",
    "EventConfig", "EventError", "Pairing", "SideScore", "StandingRow", "TableResult",
    "TableSeating", "bracket_order", "champion", "clock_text", "cutthroat_round",
    "knockout_bracket", "knockout_next", "next_round", "progressive_round", "ranking",
    "round_robin_round", "round_robin_schedule", "seat_tables", "standings", "swiss_round",
    "table_sides",
]  # fmt: skip
