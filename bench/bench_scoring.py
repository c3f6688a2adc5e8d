"""Benchmark the scoring engine: hands scored per second, and ratios against baselines.

    python bench/bench_scoring.py [--games 10000] [--hands 15] [--seed 1] [--workers 2]
                                  [--before DIR] [--runs 15] [--rounds 3]

Scores one 1,000-hand game (a single fold: one core), then 10,000 random 15-hand games under
random house rules, on one core and spread over ``--workers`` processes (each process gets its
games once and parses them before the clock starts; every round all workers start together and
score all their games again, in full; the figure is all hands over the wall time of the best
round, as the one-core lines take the best of their runs). Baselines measured in the same run:
json-parsing the same games, and a bare loop touching every hand. The "best" line counts scoring
only (parse excluded). Target: 200,000 hands per second. Timings are printed, never asserted
(tests must not depend on them).

The plain long game and the every-rule game are also each scored by one function written by
hand for its rules alone (bench/by_hand.py: the bound an engine that compiles each game's rules
could reach; their sheets are held to the engine's by tests/test_bench.py). The every-rule
game's rate is also divided by the plain long game's with both scored turn about in fresh
processes (the figure to read: in the bench's own process the garbage collector, walking the
games built for the other lines, moves the plain game's rate by a third).

``--before DIR``: a checkout of an earlier engine (e.g. ``git worktree add /tmp/before 7857c42``,
the engine before issue 22): the plain long game and the random games are scored by it and by
this one, each in a fresh process of its own, turn about (CPU time, best of each), and the
ratios printed: the speed goal of issue 22 is "no slower than before" for a game with none of
the new rules. The figures measured, and what they mean: docs/architecture.md, "The scoring
engine's speed".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of, best_wall_cpu  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper.rules import (  # noqa: E402
    Game,
    GameError,
    Rules,
    dump_game,
    parse_game,
    rules_from_spec,
    score_game,
)
from scorekeeper.rules.options import MAX_HANDS, MAX_SCORE  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

TARGET = 200_000

# Every rule issue 22 added, switched on at once, in a long game of four players in two teams
# (individual bidding: each partner's own bid needs it); A's forbidden bids, C's contracts and
# scoring rules. A rule a random hand cannot meet is left out here and said so: the allowed
# contracts and nil only against 10 or 13 (Jailhouse) refuse most random bids, Lexington "bid"
# and the blind bonus need bids the random hands rarely make with individual bidding; B's
# specials and bonuses need hands that declare them, which the random hands do not.
EVERY_NEW_RULE: dict[str, object] = {
    "preset": "standard",
    "target_score": MAX_SCORE,
    # part A: bids the rules forbid, the running score (random hands under Suicide bid one nil a
    # team, rules.sample; the others left out are in LEFT_OUT)
    "barred_bids": [9],
    "bids_total": "not tricks",
    "suicide": True,
    "blind_double_nil_value": 800,
    "rubicon_value": 5,
    "majority_bonus": 5,
    "seven_times_value": 10,  # Part Deux (helper contracts2)
    "seven_times_counts": "taken",
    # part C: contracts and scoring rules
    "no_trump": True,
    "lexington": "take",
    "double_nil_value": 200,
    "double_nil_opponents_bonus": 100,
    "seven_or_higher_value": 10,
    "exact_small_bids": True,
    "nil_penalty_per_trick": 10,
    "partner_bids": "highlander",
    "nil_fail_sets_partner": True,
    "blind_nil_no_bags": True,
    "blind_deficit": None,
    "renege_mucks": True,
    "score_tenths": True,
    # Wikipedia's further variants (helper variants, round 2)
    "both_exact_bonus": True,
    "no_duplicate_bids": True,
    "no_vice_versa_bids": True,
    "overtricks_to_others": 10,
    "undertricks_to_others": 10,
}
# the new options not switched on above, and why (tests/test_bench.py holds the two lists to
# every option issue 22 added)
LEFT_OUT = {
    "race_tricks": "the urban race ends a game in its first hand",
    "race_sweep": "the urban race ends a game in its first hand",
    "blind_double_nil_penalty": "a value: blind double nil is on (random hands rarely bid it)",
    "allowed_contracts": "Jailhouse's contracts refuse most random bids",
    "nil_against": "Jailhouse's nil refuses most random nils",
    "double_nil_deficit": "random hands bid double nil whatever the score",
    "lexington_value": "a value: Lexington is on",
    "lexington_penalty": "a value: Lexington is on",
    "no_trump_win_multiplier": "a value: No Trump is on",
    "no_trump_loss_multiplier": "a value: No Trump is on",
    "no_trump_scope": "a value: No Trump is on (its default, the bidder's own bid, is played)",
    "blind_scoring": "a blind bid is a team's, which individual bidding (Highlander) has not",
    "blind_bonus": "a blind bid is a team's, which individual bidding (Highlander) has not",
    "blind_no_trump": "a blind bid is a team's, which individual bidding (Highlander) has not",
    "blind_no_trump_win_multiplier": "a value: Blind No Trump is left out",
    "blind_no_trump_loss_multiplier": "a value: Blind No Trump is left out",
    "auction_min": "Auction Spades: one side bids and the others pass, as random hands do not",
    "defender_trick_value": "a value: Auction Spades is left out",
    "no_moon_against_double_nil": "needs moon bids, a classic option the plain game has off",
    "rubicon_bags": "the Rubicon's other variant: rubicon_value is on, and they exclude each other",
    # issue 33's readings of the texts
    "renege_overtricks": "a renege mucks the hand here (renege_mucks): no overtricks to count",
    "renege_voids": "a renege mucks the hand here (renege_mucks): they exclude each other",
    "zero_bid": "random hands bid nil by name (a 0 as a plain bid is its other reading)",
    "race_third_game": "the urban race ends a game in its first hand",
}


# Run by ``--before`` in a fresh process with an engine's checkout first on sys.path: parse the
# games of a file (untimed), score them, print the best CPU times (the long game, the random ones)
_RATES = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import scorekeeper
from scorekeeper.rules import parse_game, score_game
assert scorekeeper.__file__.startswith(sys.argv[1]), scorekeeper.__file__
texts = json.load(open(sys.argv[2]))
long = parse_game(json.loads(texts[0]))
games = [parse_game(json.loads(t)) for t in texts[1:]]
def cpu(runs, fn):
    best = float("inf")
    for _ in range(runs):
        c0 = time.process_time(); fn(); best = min(best, time.process_time() - c0)
    return best
def every():
    for g in games:
        score_game(g)
print(json.dumps([cpu(7, lambda: score_game(long)), cpu(3, every)]))
"""


# Run by ``_fresh_times`` in a fresh process: parse the games (untimed), score them turn about,
# print the best CPU time of each (of the third argument's runs); with a fourth (the bench's
# folder), the plain long game and the every-rule game (the first two) by hand too
# (bench/by_hand.py), after them
_PAIR = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from scorekeeper.rules import parse_game, score_game
games = [parse_game(json.loads(t)) for t in json.load(open(sys.argv[2]))]
runs = [lambda g=g: score_game(g) for g in games]
if len(sys.argv) > 4:
    sys.path.insert(0, sys.argv[4])
    from bench_scoring import EVERY_NEW_RULE
    from by_hand import score_every_rule_by_hand, score_plain_by_hand
    runs += [lambda: score_plain_by_hand(games[0]),
             lambda: score_every_rule_by_hand(games[1], EVERY_NEW_RULE)]
best = [float("inf")] * len(runs)
for _ in range(int(sys.argv[3])):
    for i, run in enumerate(runs):
        c0 = time.process_time(); run(); best[i] = min(best[i], time.process_time() - c0)
print(json.dumps(best))
"""


# issue 22's presets, each scored over a long game as the alone line does (urban's race ends a
# game in its first hand: left out)
ALONE_PRESETS = ("suicide", "whiz", "mirrors", "jailhouse", "highlander", "call-break")


def _alone_games(seed: int) -> list[tuple[str, Game]]:
    """A 1,000-hand game for each of issue 22's presets and for each rule of EVERY_NEW_RULE on
    its own over the standard rules, to the highest target (Call Break's five deals too: the
    rate a hand is the figure): (its name, the game). A rule the rules refuse alone (it needs
    another) is said and left out. Drawn from a generator of their own: the other lines'
    games stay the same."""
    rng = random.Random(seed)
    four = ("Ann", "Bob", "Cy", "Di")
    teams: dict[str, tuple[str, ...]] = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    specs: list[tuple[str, dict[str, object]]] = [
        (f"{name} (preset)", {"preset": name, "max_hands": None}) for name in ALONE_PRESETS
    ]
    specs += [(k, {k: v}) for k, v in EVERY_NEW_RULE.items() if k not in ("preset", "target_score")]
    games = []
    for name, spec in specs:
        try:
            rules = rules_from_spec({**spec, "target_score": MAX_SCORE})
        except GameError as e:
            print(f"  {name:<28} left out: {e.message}")
            continue
        preset = str(spec.get("preset", "standard"))
        seats = None if preset == "call-break" else teams  # four players without partners
        games.append((name, random_game(rng, MAX_HANDS, rules, preset, four, seats)))
    return games


def _fresh_times(
    texts: list[str], rounds: int = 1, by_hand: bool = False, runs: int = 15
) -> list[float]:
    """The best CPU time of scoring each game of ``texts`` (game files), this engine, the games
    scored turn about in fresh processes (``_PAIR``; ``rounds`` of them, each scoring them
    ``runs`` times): a process that has
    built the bench's other games lets the garbage collector move its figures more than the
    difference sought. ``by_hand``: the first two, the plain long game and the every-rule game,
    are also scored by hand (bench/by_hand.py), their times after the others."""
    here = Path(__file__).resolve().parent
    now = str(here.parent)
    best = [float("inf")] * (len(texts) + (2 if by_hand else 0))
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(texts, f)
        f.flush()
        for _ in range(rounds):
            out = subprocess.run(
                [sys.executable, "-c", _PAIR, now, f.name, str(runs),
                 *([str(here)] if by_hand else [])],
                capture_output=True, text=True, check=True,
            ).stdout  # fmt: skip
            best = [min(a, b) for a, b in zip(best, json.loads(out))]  # noqa: B905
    return best


def _each_alone(plain_text: str, seed: int, runs: int = 15) -> None:
    """Print each preset's and each new rule's rate alone over the plain long game's, both
    scored turn about in a fresh process (``_fresh_times``), the lowest first."""
    print("each of issue 22's presets, and each new rule on its own (a long game each; rate a "
          "hand over the plain long game's,")  # fmt: skip
    print("fresh process, turn about; the lowest first):")
    games = _alone_games(seed)
    texts = [plain_text, *(json.dumps(dump_game(g)) for _, g in games)]
    times = _fresh_times(texts, runs=runs)
    plain_rate = len(json.loads(plain_text)["hands"]) / times[0]
    rows = []
    for (name, game), t in zip(games, times[1:]):  # noqa: B905
        void = sum(1 for h in game.hands if h.misdeal) / len(game.hands)
        rows.append((len(game.hands) / t / plain_rate, name, len(game.hands), void))
    for ratio, name, n, void in sorted(rows):
        print(f"  {name:<28} {ratio:.2f}  ({n} hands, {void:.0%} misdeals or hands the rules "
              f"refused)")  # fmt: skip


def _every_vs_plain(
    plain_text: str, every_text: str, rounds: int = 3, runs: int = 15
) -> list[float]:
    """The CPU rates (hands a second) of the plain long game and the every-rule game scored by
    the engine, then by hand (bench/by_hand.py), all four turn about in fresh processes
    (``_fresh_times``, ``rounds`` of them)."""
    n_plain, n_every = (len(json.loads(t)["hands"]) for t in (plain_text, every_text))
    best = _fresh_times([plain_text, every_text], rounds, by_hand=True, runs=runs)
    return [n / t for n, t in zip((n_plain, n_every, n_plain, n_every), best)]  # noqa: B905


def _before_and_now(before: str, long_text: str, texts: list[str], rounds: int = 3) -> None:
    """Score the plain long game and the random games with the engine in ``before`` and with
    this one, each in a fresh process, turn about; print each one's best CPU rates and the
    ratios (now / before)."""
    now = str(Path(__file__).resolve().parent.parent)
    n_long = len(json.loads(long_text)["hands"])
    n_many = sum(len(json.loads(t)["hands"]) for t in texts)
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump([long_text, *texts], f)
        f.flush()
        best = {before: [float("inf")] * 2, now: [float("inf")] * 2}
        for _ in range(rounds):
            for root in (before, now):
                out = subprocess.run(
                    [sys.executable, "-c", _RATES, root, f.name],
                    capture_output=True, text=True, check=True,
                ).stdout  # fmt: skip
                best[root] = [min(a, b) for a, b in zip(best[root], json.loads(out))]  # noqa: B905
    (lb, mb), (ln, mn) = best[before], best[now]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"the engine in {before} vs this one, same games, fresh processes turn about "
          f"({rounds} rounds, best CPU time of each; load average {load}):")  # fmt: skip
    print(f"  plain long game    before {n_long / lb:>10,.0f} hands/s  now {n_long / ln:>10,.0f} "
          f"hands/s  ratio now/before {lb / ln:.2f} (the aim: 1.00 or more)")  # fmt: skip
    print(f"  random games       before {n_many / mb:>10,.0f} hands/s  now {n_many / mn:>10,.0f} "
          f"hands/s  ratio now/before {mb / mn:.2f} (the aim: 1.00 or more)")  # fmt: skip


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
    parser.add_argument("--before", help="a checkout of an earlier engine to compare with")
    parser.add_argument(
        "--runs", type=int, default=15,
        help="times a fresh process scores its games, the best kept (default %(default)s)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=3,
        help="fresh processes turn about, the best kept: the every-rule game against the plain "
        "one, and --before (default %(default)s; 1 and --runs 1: a smoke test)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    # one long game: 1,000 hands (the most a game holds), standard rules, to the highest target
    # a game may have, which its scores stay far from: no end in sight
    teams: dict[str, tuple[str, ...]] = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    long_game = random_game(
        rng, MAX_HANDS, Rules(target_score=MAX_SCORE), "standard", ("Ann", "Bob", "Cy", "Di"), teams
    )
    assert len(long_game.hands) == MAX_HANDS, "the long game ended early"
    long_text = json.dumps(dump_game(long_game))
    t_long = best_of(5, lambda: score_game(long_game))
    t_long_json = best_of(5, lambda: json.loads(long_text))
    n_long = len(long_game.hands)
    # the same, under every rule issue 22 added (CPU time too: the machine may be shared)
    players = ("Ann", "Bob", "Cy", "Di")
    every = random_game(rng, MAX_HANDS, rules_from_spec(EVERY_NEW_RULE), "standard", players, teams)
    n_every = len(every.hands)
    _, c_long = best_wall_cpu(7, lambda: score_game(long_game))
    t_every, c_every = best_wall_cpu(7, lambda: score_game(every))

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
    every_ratio = (n_every / c_every) / (n_long / c_long)
    plain_rate, every_rate, plain_hand, every_hand = _every_vs_plain(
        long_text, json.dumps(dump_game(every)), args.rounds, args.runs
    )
    apart = every_rate / plain_rate
    print(f"1 game of {n_every} hands, every rule of issue 22 on (EVERY_NEW_RULE):")
    print(f"  score_game         {rate(n_every, t_every)}  ({t_every * 1e3:.1f} ms; CPU "
          f"{n_every / c_every:,.0f} hands/s; ratio to the plain long game's CPU rate "
          f"{every_ratio:.2f} here, {apart:.2f} in fresh processes turn about; the aim is 0.50 "
          f"or more)")  # fmt: skip
    print("each game written by hand as one function for its rules (bench/by_hand.py: the bound of "
          "an engine that compiles a game's rules; CPU, fresh processes turn about):")  # fmt: skip
    print(f"  plain long game    {plain_hand:>12,.0f} hands/s  ({plain_hand / plain_rate:.2f}x the "
          f"engine's {plain_rate:,.0f})")  # fmt: skip
    print(f"  every-rule game    {every_hand:>12,.0f} hands/s  ({every_hand / every_rate:.2f}x the "
          f"engine's {every_rate:,.0f}; ratio to the plain long game by hand "
          f"{every_hand / plain_hand:.2f}, to the engine's "
          f"{every_hand / plain_rate:.2f})")  # fmt: skip
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
    _each_alone(long_text, args.seed + 1, args.runs)
    if args.before:
        # the random games are drawn under the classic options only (sample.random_rules):
        # an engine from before issue 22 reads them, and scores them under none of its rules
        _before_and_now(args.before, long_text, texts, args.rounds)
    verdict = "meets" if best >= TARGET else "misses"
    print(f"best: {best:,.0f} hands/s scored ({how}; parsing excluded), {verdict} the target of "
          f"{TARGET:,} ({best / TARGET:.2f}x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
