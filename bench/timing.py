"""What the benchmarks share: the best of several timed runs (the least disturbed by the rest
of the machine)."""

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
