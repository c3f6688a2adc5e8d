"""Benchmark the scoring engine: hands scored per second, and ratios against baselines.

    python bench/bench_scoring.py [--games 10000] [--hands 15] [--seed 1] [--workers 2]

Scores one 1,000-hand game (a single fold: one core), then 10,000 random 15-hand games under
random house rules, on one core and spread over ``--workers`` processes (each process gets its
games once and parses them before the clock starts; every round all workers start together and
score all their games again, in full; the figure is all hands over the wall time of the best
round, as the one-core lines take the best of their runs). Baselines measured in the same run:
json-parsing the same games, and a bare loop touching every hand. The "best" line counts scoring
only (parse excluded). Target: 200,000 hands per second. Timings are printed, never asserted
(tests must not depend on them).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper.rules import Rules, dump_game, parse_game, score_game  # noqa: E402
from scorekeeper.rules.options import MAX_HANDS, MAX_SCORE  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

TARGET = 200_000


def _worker(texts: list[str], rounds: int, start: Any, done: Any) -> None:
    """One process: parse its games (untimed); each round wait for the start, score them all
    (every score_game does the whole work: nothing is kept from one round to the next), report."""
    games = [parse_game(json.loads(t)) for t in texts]
    hands = sum(len(g.hands) for g in games)
    for _ in range(rounds):
        start.wait()
        t0 = time.perf_counter()
        for g in games:
            score_game(g)
        done.put((hands, time.perf_counter() - t0))


def _parallel(texts: list[str], workers: int, rounds: int = 3) -> tuple[int, float, float]:
    """Score the games spread over ``workers`` processes, each given its share once and parsing
    it before the clock starts: (hands, wall time of the best round, its slowest worker)."""
    ctx = multiprocessing.get_context()
    start = ctx.Barrier(workers + 1)
    done = ctx.Queue()
    procs = [
        ctx.Process(target=_worker, args=(texts[i::workers], rounds, start, done))
        for i in range(workers)
    ]
    for p in procs:
        p.start()
    best = (0, float("inf"), 0.0)
    for _ in range(rounds):
        start.wait()  # every worker is ready (the first time: has parsed its games)
        t0 = time.perf_counter()
        results = [done.get() for _ in procs]
        wall = time.perf_counter() - t0
        if wall < best[1]:
            best = (sum(n for n, _ in results), wall, max(t for _, t in results))
    for p in procs:
        p.join()
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    # one long game: 1,000 hands (the most a game holds), standard rules, to the highest target
    # a game may have, which its scores stay far from: no end in sight
    teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    long_game = random_game(
        rng, MAX_HANDS, Rules(target_score=MAX_SCORE), "standard", ("Ann", "Bob", "Cy", "Di"), teams
    )
    assert len(long_game.hands) == MAX_HANDS, "the long game ended early"
    long_text = json.dumps(dump_game(long_game))
    t_long = best_of(5, lambda: score_game(long_game))
    t_long_json = best_of(5, lambda: json.loads(long_text))
    n_long = len(long_game.hands)

    # many short games under random house rules (they stop early when a game ends)
    games = [random_game(rng, args.hands) for _ in range(args.games)]
    n_hands = sum(len(g.hands) for g in games)
    texts = [json.dumps(dump_game(g)) for g in games]

    def score_all() -> None:
        for g in games:
            score_game(g)

    def bare_loop() -> None:
        for g in games:
            for h in g.hands:
                if h.tricks is not None:
                    sum(h.tricks.values())

    t_many = best_of(3, score_all)
    t_json = best_of(3, lambda: [json.loads(t) for t in texts])
    t_bare = best_of(3, bare_loop)
    t_parse = best_of(1, lambda: [parse_game(json.loads(t)) for t in texts])

    def rate(n: int, t: float) -> str:
        return f"{n / t:>12,.0f} hands/s"

    print(f"1 game of {n_long} hands (one fold, one core):")
    print(f"  score_game         {rate(n_long, t_long)}  ({t_long * 1e3:.1f} ms)")
    ratio = t_long / t_long_json
    print(f"  json.loads         {rate(n_long, t_long_json)}  ratio score/json {ratio:.1f}x")
    print(f"{len(games)} games, {n_hands} hands (random house rules, {args.hands} hands at most):")
    print(f"  score_game         {rate(n_hands, t_many)}  ({t_many:.2f} s, one core)")
    print(f"  json.loads         {rate(n_hands, t_json)}  ratio score/json {t_many / t_json:.1f}x")
    print(f"  bare loop          {rate(n_hands, t_bare)}  ratio score/bare {t_many / t_bare:.1f}x")
    print(f"  parse_game + json  {rate(n_hands, t_parse)}")

    # the headline counts only scoring (score_game on parsed games); parsing is measured above
    best, how = n_hands / t_many, "one core, random games"
    if n_long / t_long > best:
        best, how = n_long / t_long, "one core, the long game"
    if args.workers > 1:
        scored, wall, slowest = _parallel(texts, args.workers)
        print(f"  {args.workers} processes       {rate(scored, wall)}  (all hands / wall time of "
              f"the parallel scoring, best of 3 rounds; games parsed before the clock starts; "
              f"slowest worker {slowest:.2f} s)")  # fmt: skip
        if scored / wall > best:
            best, how = scored / wall, f"{args.workers} processes, random games"
    verdict = "meets" if best >= TARGET else "misses"
    print(f"best: {best:,.0f} hands/s scored ({how}; parsing excluded), {verdict} the target of "
          f"{TARGET:,} ({best / TARGET:.2f}x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
