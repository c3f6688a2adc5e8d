"""The web benchmark runs: both servers start, every request of a hand cycle is answered as a
phone expects (it exits non-zero otherwise), and it prints its ratios. Figures are not
checked: tests never depend on timing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["--runs", "1", "--rounds", "1"]  # bench_scoring: each timing once, not best of many


def bench_module(name: str):
    """A benchmark script imported as a module (its imports beside it found), to read its
    parts without running it."""
    import importlib

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "bench"))


def test_the_web_benchmark_plays_its_hands_and_prints_its_ratios():
    """With --before, another checkout (here this one) served in the same run beside it."""
    small = ["--clients", "2", "--hands", "2", "--solo-games", "1", "--repeat", "2"]
    small += ["--before", str(ROOT)]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_web.py"), *small],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert "2 clients x 2 hands:" in out and "1 client x 1 games x 2 hands:" in out
    assert out.count("server CPU ms/cycle of each repeat") == 4  # app and before, 2 phases
    assert "cycles 8 / 8" in out  # 2 clients x 2 hands x 2 repeats, bare / app
    assert f"2 clients x 2 hands -- BEFORE ({ROOT}):" in out
    assert "app / before, same run:" in out and " 2 client(s): cycles/s " in out
    for line in ("hand cycles/s", "p99 cycle ms", "server CPU ms/cycle"):
        assert out.count(line) >= 2


def test_the_event_and_scoring_benchmarks_run_small():
    """`make bench` runs every benchmark: each must still build its games under the engine's
    ranges (bench_events once asked for a target of 10**9, which the ranges refuse)."""
    runs = {
        "bench_events.py": ["--teams", "8", "--rounds", "2", "--hands", "2"],
        "bench_event_service.py": ["--teams", "8", "--rounds", "2", "--hands", "2"],
        "bench_scoring.py": ["--games", "20", "--hands", "3", "--workers", "1", *QUICK],
        "bench_console.py": ["--teams", "8", "--hands", "1", "--runs", "2"],
        "bench_stats.py": ["--nights", "3", "--players", "24", "--tables", "2", "--hands", "2"],
        "bench_caches.py": ["--hands", "2", "--rounds", "1", "--repeat", "1"],
    }
    for script, small in runs.items():
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / script), *small],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
        assert done.returncode == 0, (script, done.stdout[-2000:] + done.stderr[-2000:])
        assert "ms" in done.stdout or "hands/s" in done.stdout, script


def test_the_cache_benchmark_turns_off_every_cache_it_names():
    """Each line of bench_caches turns one cache off: an empty stand-in takes its place and
    the original is back afterwards (the app's own caches are not left off)."""
    from scorekeeper.rules import state

    bench_caches = bench_module("bench_caches")

    name, off = bench_caches.caches()["seatings"]
    assert "_SEATINGS" in name
    kept = state._SEATINGS
    with off():
        assert state._SEATINGS is not kept
        state._SEATINGS["x"] = 1
        assert "x" not in state._SEATINGS
    assert state._SEATINGS is kept


def test_the_big_night_benchmark_builds_its_room_and_prints_its_summary():
    """bench/bench_bignight.py, small: the event imported, round 1 seated over HTTP, every kind
    of phone answered without an error on the app and on the bare app. The phones' timers run
    five times faster (--pace 0.2: the version polled every second, the clock every 3 s, the
    burst within 2 s), so every kind of request is made within the nights' few seconds."""
    small = ["--tables", "4", "--clock-phones", "8", "--viewers", "4", "--seconds", "3",
             "--burst", "4", "--burst-at", "0.5", "--small-tables", "2",
             "--small-seconds", "1", "--pace", "0.2"]  # fmt: skip
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_bignight.py"), *small],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    summary = done.stdout.split("===== summary =====")[1]
    assert summary.count("no errors: met (0)") == 2, summary
    for kind in ("clock.json", "version.json", "public page (load)", "save", "seating round 1"):
        assert kind in summary, kind


def test_the_big_night_benchmark_with_no_small_tables_skips_its_small_night():
    """`--small-tables 0` crashed after the big night (no tables save at 0 hands a second):
    now it is --skip-small, and the run says so."""
    bench = bench_module("bench_bignight")
    assert bench.parse_args(["--small-tables", "0"]).skip_small
    args = bench.parse_args(["--small-tables", "3"])
    assert not args.skip_small and args.small_tables == 3


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--small-tables", "-1", "argument --small-tables: -1 is too few: at least 0"),
        ("--tables", "0", "argument --tables: 0 is too few: at least 1"),
        ("--viewers", "many", "argument --viewers: 'many' is not a whole number"),
        ("--seconds", "0", "argument --seconds: 0 seconds: more than 0"),
        ("--burst-at", "-5", "argument --burst-at: -5 seconds: at least 0"),
        ("--threads", "0", "argument --threads: 0 is too few: at least 1"),
    ],
)
def test_the_big_night_benchmark_refuses_a_number_out_of_range_in_one_line(
    capsys, option, value, message
):
    bench = bench_module("bench_bignight")
    with pytest.raises(SystemExit) as exited:
        bench.parse_args([option, value])
    assert exited.value.code == 2
    said = capsys.readouterr().err.splitlines()
    assert said[-1].endswith(message), said


def test_the_scoring_benchmark_switches_on_every_new_rule_or_says_why_not():
    from scorekeeper.rules import OPTIONS, rules_from_spec
    from scorekeeper.rules.sample import CLASSIC_OPTIONS

    bench = bench_module("bench_scoring")  # it imports timing.py beside it
    EVERY_NEW_RULE, LEFT_OUT = bench.EVERY_NEW_RULE, bench.LEFT_OUT  # noqa: N806
    rules_from_spec(EVERY_NEW_RULE)  # the rules hold together
    new = {o.name for o in OPTIONS} - set(CLASSIC_OPTIONS)
    assert new <= set(EVERY_NEW_RULE) | set(LEFT_OUT), new - set(EVERY_NEW_RULE) - set(LEFT_OUT)


def test_the_scoring_benchmark_compares_with_an_earlier_engine_in_the_same_run():
    """--before DIR scores the same games with the engine in DIR (here this very checkout: the
    ratios are printed, never checked) so the issue-22 goal "no slower than before" is read off
    one run."""
    small = ["--games", "20", "--hands", "3", "--workers", "1", *QUICK, "--before", str(ROOT)]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_scoring.py"), *small],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert f"the engine in {ROOT} vs this one" in out
    assert "plain long game    before" in out and "random games       before" in out
    assert out.count("ratio now/before") == 2


def test_the_bound_by_hand_scores_the_engines_sheets_hand_for_hand():
    """bench/by_hand.py, the plain long game's and the every-rule game's rules each written by
    hand as one function (the bound bench_scoring prints beside the engine), gives the engine's
    sheets hand for hand on random games of those rules: its figures are the bound of the same
    work. Each refuses a game it was not written for."""
    import random

    from scorekeeper.rules import Rules, rules_from_spec, score_game
    from scorekeeper.rules.options import MAX_HANDS, MAX_SCORE
    from scorekeeper.rules.sample import random_game

    bench = bench_module("bench_scoring")
    by_hand = bench_module("by_hand")
    spec = bench.EVERY_NEW_RULE
    players = ("Ann", "Bob", "Cy", "Di")
    teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}

    def shown(hands):
        return [(*h[:4], dict(h.sides), h.no_bids) for h in hands]

    plain_rules, every_rules = Rules(target_score=MAX_SCORE), rules_from_spec(spec)
    for seed in range(1, 5):
        plain = random_game(random.Random(seed), MAX_HANDS, plain_rules, "standard", players, teams)
        assert len(plain.hands) == MAX_HANDS
        assert shown(by_hand.score_plain_by_hand(plain)) == shown(score_game(plain).hands), seed
        every = random_game(random.Random(seed), MAX_HANDS, every_rules, "standard", players, teams)
        assert len(every.hands) > 200  # long enough to meet every rule the random hands can
        ours = by_hand.score_every_rule_by_hand(every, spec)
        assert shown(ours) == shown(score_game(every).hands), seed
    with pytest.raises(by_hand.NotWritten):
        by_hand.score_every_rule_by_hand(plain, spec)
    with pytest.raises(by_hand.NotWritten):
        by_hand.score_plain_by_hand(every)
