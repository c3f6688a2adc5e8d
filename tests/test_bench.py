"""The web benchmark runs: both servers start, every request of a hand cycle is answered as a
phone expects (it exits non-zero otherwise), and it prints its ratios. Figures are not
checked: tests never depend on timing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_web_benchmark_plays_its_hands_and_prints_its_ratios():
    small = ["--clients", "2", "--hands", "2", "--solo-games", "1", "--repeat", "2"]
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
    assert out.count("server CPU ms/cycle of each repeat") == 2
    assert "cycles 8 / 8" in out  # 2 clients x 2 hands x 2 repeats, bare / app
    for line in ("hand cycles/s", "p99 cycle ms", "server CPU ms/cycle"):
        assert out.count(line) >= 2


def test_the_event_and_scoring_benchmarks_run_small():
    """`make bench` runs every benchmark: each must still build its games under the engine's
    ranges (bench_events once asked for a target of 10**9, which the ranges refuse)."""
    runs = {
        "bench_events.py": ["--teams", "8", "--rounds", "2", "--hands", "2"],
        "bench_event_service.py": ["--teams", "8", "--rounds", "2", "--hands", "2"],
        "bench_scoring.py": ["--games", "20", "--hands", "3", "--workers", "1"],
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
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import bench_caches
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from scorekeeper.rules import scoring

    name, off = bench_caches.caches()["seatings"]
    assert "_SEATINGS" in name
    kept = scoring._SEATINGS
    with off():
        assert scoring._SEATINGS is not kept
        scoring._SEATINGS["x"] = 1
        assert "x" not in scoring._SEATINGS
    assert scoring._SEATINGS is kept
