"""What the benchmarks share: the best of several timed runs (the least disturbed by the rest
of the machine), in wall time, or in wall and CPU time."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """The shortest wall time, in seconds, of ``runs`` calls of ``fn``."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def best_wall_cpu(runs: int, fn: Callable[[], object]) -> tuple[float, float]:
    """The shortest wall time and the shortest CPU time (this process) of ``runs`` calls: on
    a shared machine the CPU time says what the work costs when the wall time is disturbed."""
    wall = cpu = float("inf")
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu
