"""Benchmark the event core: standings of a big Swiss night and pairing its next round.

    python bench/bench_events.py [--teams 200] [--rounds 8] [--hands 12] [--seed 1]

Builds a Swiss event of ``--teams`` teams over ``--rounds`` rounds (200 teams: 100 tables a
round, 800 results), each table a real random ``--hands``-hand game scored by
``scorekeeper.rules.score_game`` (its final points and bags become the table result). Then
times, best of several runs: scoring the games; the standings from the 800 results (goal:
50 ms); a Swiss pairing of the next round (goal: 200 ms), which includes its standings; and,
once, networkx's blossom matching over every pair of the same round, the method the banded
programme replaces. Baselines measured in the same run: ``json.loads`` of the results as JSON,
and a bare loop over the results. Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper.events import (  # noqa: E402
    Entrant,
    EventConfig,
    SideScore,
    TableResult,
    standings,
    swiss_round,
)
from scorekeeper.events import pairing as pairing_module  # noqa: E402
from scorekeeper.rules import Rules, score_game  # noqa: E402
from scorekeeper.rules.options import MAX_SCORE  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

STANDINGS_GOAL_MS = 50
PAIRING_GOAL_MS = 200
CONFIG = EventConfig(
    format="swiss", tiebreakers=("point_diff", "total_points", "head_to_head", "opponents_wins")
)


def build_event(teams: int, rounds: int, hands: int, seed: int):
    """Entrants, the games of every table (untimed) and the Swiss pairings that seated them."""
    rng = random.Random(seed)
    entrants = [Entrant(i, f"T{i}", (f"a{i}", f"b{i}")) for i in range(1, teams + 1)]
    rules = Rules(target_score=MAX_SCORE)  # every game plays all its hands
    results: list[TableResult] = []
    games = []
    for number in range(1, rounds + 1):
        pairing = swiss_round(entrants, results, number, CONFIG)
        for table, (a, b) in enumerate(pairing.tables, 1):
            names = ("N", "E", "S", "W")
            sides: dict[str, tuple[str, ...]] = {"A": ("N", "S"), "B": ("E", "W")}
            game = random_game(rng, hands, rules, "standard", names, sides)
            games.append((number, table, a, b, game))
            results.append(_result(number, table, a, b, score_game(game)))
        results += [TableResult.bye_for(number, e) for e in pairing.byes]
    return entrants, games, results


def _result(number: int, table: int, a: int, b: int, sheet) -> TableResult:
    pa, pb = sheet.totals["A"], sheet.totals["B"]
    winner = 0 if pa == pb else None  # a tied game plays one more hand: call it for A here
    sides = (SideScore((a,), pa, sheet.bags["A"]), SideScore((b,), pb, sheet.bags["B"]))
    return TableResult(number, table, sides, winner=winner)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    entrants, games, results = build_event(args.teams, args.rounds, args.hands, args.seed)
    n_hands = sum(len(g.hands) for *_, g in games)
    as_json = json.dumps(
        [
            {
                "round": r.round,
                "table": r.table,
                "sides": [[list(s.entrants), s.points, s.bags] for s in r.sides],
            }
            for r in results
        ]
    )

    def score_all() -> list[TableResult]:
        return [_result(n, t, a, b, score_game(g)) for n, t, a, b, g in games]

    def bare_loop() -> int:
        total = 0
        for r in results:
            for s in r.sides:
                total += s.points - s.bags
        return total

    t_score = best_of(3, score_all)
    t_stand = best_of(7, lambda: standings(entrants, results, CONFIG))
    t_json = best_of(7, lambda: json.loads(as_json))
    t_bare = best_of(7, bare_loop)
    print(f"{args.teams} teams, {args.rounds} rounds: {len(results)} results, "
          f"{len(games)} games of {args.hands} hands ({n_hands} hands)")  # fmt: skip
    print(f"  score_game, every table  {t_score * 1e3:8.1f} ms  "
          f"({n_hands / t_score:,.0f} hands/s)")  # fmt: skip
    print(f"  standings                {t_stand * 1e3:8.1f} ms  goal {STANDINGS_GOAL_MS} ms "
          f"({'meets' if t_stand * 1e3 <= STANDINGS_GOAL_MS else 'misses'})")  # fmt: skip
    print(f"  json.loads of results    {t_json * 1e3:8.1f} ms  "
          f"ratio standings/json {t_stand / t_json:.1f}x")  # fmt: skip
    print(f"  bare loop over results   {t_bare * 1e3:8.1f} ms  "
          f"ratio standings/bare {t_stand / t_bare:.1f}x")  # fmt: skip

    used = {"blossom": 0}
    blossom = pairing_module._blossom

    def counting(n, cost):
        used["blossom"] += 1
        return blossom(n, cost)

    pairing_module._blossom = counting
    nxt = args.rounds + 1
    t_pair = best_of(5, lambda: swiss_round(entrants, results, nxt, CONFIG))
    pairing_module._blossom = blossom
    pairing = swiss_round(entrants, results, nxt, CONFIG)
    how = "band + blossom fallback" if used["blossom"] else "band only, no fallback needed"
    print(f"Swiss pairing of round {nxt} ({len(pairing.tables)} tables, "
          f"{len(pairing.notes) and pairing.notes[0] or 'no repeats'}):")  # fmt: skip
    print(f"  swiss_round              {t_pair * 1e3:8.1f} ms  goal {PAIRING_GOAL_MS} ms "
          f"({'meets' if t_pair * 1e3 <= PAIRING_GOAL_MS else 'misses'}; {how})")  # fmt: skip
    print(f"  of which standings       {t_stand * 1e3:8.1f} ms  "
          f"ratio pairing/standings {t_pair / t_stand:.1f}x")  # fmt: skip

    # the same round by networkx's blossom over every pair: what the band saves
    rows = [r for r in standings(entrants, results, CONFIG) if r.entrant not in pairing.byes]
    order = [r.entrant for r in rows]
    wins = {r.entrant: r.wins for r in rows}
    met = pairing_module.meetings(results)
    cost = pairing_module.pair_cost(order, wins, met)
    t0 = time.perf_counter()
    full = pairing_module._blossom(len(order), cost)
    t_full = time.perf_counter() - t0
    banded = pairing_module._banded(len(order), pairing_module.BAND, cost)
    same = sum(cost(i, j) for i, j in full) == sum(cost(i, j) for i, j in banded)
    print(f"  networkx, every pair     {t_full * 1e3:8.1f} ms  ratio blossom/swiss_round "
          f"{t_full / t_pair:.0f}x; same cost as the band: {'yes' if same else 'no'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
