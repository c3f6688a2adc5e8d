"""Benchmark the scoring engine: hands scored per second, and ratios against baselines.

    python bench/bench_scoring.py [--games 10000] [--hands 15] [--seed 1] [--workers 2]

Scores one 1,000-hand game (a single fold: one core), then 10,000 random 15-hand games under
random house rules, on one core and spread over ``--workers`` processes. Baselines measured in
the same run: json-parsing the same games, and a bare loop touching every hand. Target: 200,000
hands per second. Timings are printed, never asserted (tests must not depend on them).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import Rules, dump_game, parse_game, score_game  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

TARGET = 200_000


def _best_of(runs: int, fn) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _score_texts(texts: list[str]) -> int:
    """Worker: parse and score games from their JSON text; return hands scored."""
    games = [parse_game(json.loads(t)) for t in texts]
    t0 = time.perf_counter()
    n = 0
    for g in games:
        score_game(g)
        n += len(g.hands)
    return n, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    # one long game: 1,000 hands, standard rules, no end in sight
    teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    long_game = random_game(
        rng, 1000, Rules(target_score=10**9), "standard", ("Ann", "Bob", "Cy", "Di"), teams
    )
    long_text = json.dumps(dump_game(long_game))
    t_long = _best_of(5, lambda: score_game(long_game))
    t_long_json = _best_of(5, lambda: json.loads(long_text))
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

    t_many = _best_of(3, score_all)
    t_json = _best_of(3, lambda: [json.loads(t) for t in texts])
    t_bare = _best_of(3, bare_loop)
    t_parse = _best_of(1, lambda: [parse_game(json.loads(t)) for t in texts])

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

    best = n_hands / t_many
    if args.workers > 1:
        chunks = [texts[i :: args.workers] for i in range(args.workers)]
        with ProcessPoolExecutor(args.workers) as pool:
            list(pool.map(_score_texts, [c[:10] for c in chunks]))  # warm up the workers
            t0 = time.perf_counter()
            done = list(pool.map(_score_texts, chunks))
            wall = time.perf_counter() - t0
        scored = sum(n for n, _ in done)
        score_time = max(t for _, t in done)
        print(f"  {args.workers} processes       {rate(scored, score_time)}  (scoring only; "
              f"{rate(scored, wall)} with json + parse + process start)")  # fmt: skip
        best = max(best, scored / score_time)
    verdict = "meets" if best >= TARGET else "misses"
    print(f"best: {best:,.0f} hands/s, {verdict} the target of {TARGET:,} ({best / TARGET:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
