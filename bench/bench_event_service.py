"""Benchmark the event service: standings of a stored club night, as the console, the public
page and a projector read them.

    python bench/bench_event_service.py [--teams 200] [--rounds 8] [--hands 12] [--seed 1]

Stores a Swiss event of ``--teams`` teams (200 teams: 100 tables a round) in a temporary
SQLite file through the service: each round seated by ``service.events.seat_next_round``, each
table's game then given ``--hands`` random hands (untimed). Then times, best of several runs:

- cold: the standings through ``events.overview`` with nothing cached (reads every table's
  game file and scores it with the engine: the first look after a restart);
- unchanged: the same while nothing changed since the last look (the kept view: one query);
  this is what a page refreshing every few seconds costs; goal 50 ms;
- one table changed: a hand was saved at one table since the last look (the view is rebuilt,
  that one game scored again, the standings computed); goal 50 ms;
- rebuilt, games cached: the view rebuilt and the standings computed, no game scored;
- the version a public page polls (one query);
- baseline, in the same run: the event core's ``standings`` alone on the same results (what
  any way of storing the results has to pay at least).

And once, seating round ``--rounds + 1`` (the pairing, 100 games and tables, one transaction).
Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables import play_table  # noqa: E402 -- bench/tables.py, beside this script
from timing import best_of  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper import service, store  # noqa: E402
from scorekeeper.events import standings  # noqa: E402
from scorekeeper.service import club_night  # noqa: E402

STANDINGS_GOAL_MS = 50


def build(db, teams: int, rounds: int, hands: int, seed: int):
    rng = random.Random(seed)
    settings = club_night.EventSettings(
        "Bench night", rounds=rounds + 1, max_hands=hands, target_score=100_000,
        tiebreakers=("point_diff", "total_points", "head_to_head", "opponents_wins"),
    )  # fmt: skip
    event = club_night.create_event(db, settings)
    for i in range(1, teams + 1):
        club_night.register(db, event, [f"a{i}", f"b{i}"])
    for _ in range(rounds):
        rnd = club_night.seat_next_round(db, event)
        with store.write(db):
            for table in rnd.tables:
                play_table(db, rng, table, hands)
        club_night.close_round(db, event, rnd.number)
    return event, rng


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        db = service.connect(Path(tmp) / "bench.sqlite")
        service.migrate(db)
        t0 = time.perf_counter()
        event, rng = build(db, args.teams, args.rounds, args.hands, args.seed)
        built = time.perf_counter() - t0
        view = club_night.overview(db, event)
        tables = [t for r in view.rounds for t in r.tables]
        n_hands = sum(t.outcome.hands for t in tables)
        entrants = [e.core for e in view.entrants]
        results = view.results()

        def cold() -> None:
            club_night.clear_cache()
            club_night.overview(db, event).standings  # noqa: B018

        def warm() -> None:
            club_night.overview(db, event).standings  # noqa: B018

        def rebuilt() -> None:
            club_night.load(db, event).standings  # noqa: B018

        def one_hand_later() -> None:
            club_night.clear_cache()
            warm()
            record = store.game_by_edit_token(db, tables[0].edit_token)
            store.save_game(db, record, record.data, action=store.Action("other"))
            t = time.perf_counter()
            warm()
            times.append(time.perf_counter() - t)

        t_cold = best_of(3, cold)
        warm()
        t_warm = best_of(9, warm)
        times: list[float] = []
        for _ in range(3):
            one_hand_later()
        t_one = min(times)
        t_rebuilt = best_of(5, rebuilt)
        t_poll = best_of(9, lambda: club_night.public_version(db, event.public_token))
        t_core = best_of(9, lambda: standings(entrants, results, view.config))
        t0 = time.perf_counter()
        rnd = club_night.seat_next_round(db, event)
        t_seat = time.perf_counter() - t0
        db.close()

    print(f"{args.teams} teams, {args.rounds} rounds: {len(tables)} table games of "
          f"{args.hands} hands ({n_hands} hands), stored in {built:.0f} s")  # fmt: skip
    print(f"  baseline: core standings alone  {t_core * 1e3:8.1f} ms")
    rows = (
        ("standings, cold (scores every game)", t_cold),
        ("standings, unchanged (kept view)", t_warm),
        ("standings, one table changed", t_one),
        ("standings, rebuilt, games cached", t_rebuilt),
        ("version a public page polls", t_poll),
    )
    for label, t in rows:
        print(f"  {label:<36} {t * 1e3:8.1f} ms  {t / t_core:6.1f}x baseline")
    for label, t in (("unchanged", t_warm), ("one table changed", t_one)):
        verdict = "meets" if t * 1e3 <= STANDINGS_GOAL_MS else "misses"
        print(f"  goal {STANDINGS_GOAL_MS} ms, {label}: {verdict}")
    print(f"  seating round {rnd.number} ({len(rnd.tables)} tables and games, one transaction)"
          f"  {t_seat * 1e3:8.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
