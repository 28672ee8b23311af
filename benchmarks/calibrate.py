"""A yardstick for noisy machines: time a fixed pure-Python loop next to each benchmark.

The shared 2-core development machine runs the same code up to ~35% slower at some moments
than at others. Each benchmark prints this loop's time beside its table so that two tables can
be compared: divide by the loop time to compare runs made at different moments.
"""

from __future__ import annotations

import time


def loop_seconds(steps: int = 10_000_000) -> float:
    """Seconds for ``steps`` additions in a plain ``for`` loop (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for i in range(steps):
            total += i
        best = min(best, time.perf_counter() - start)
    return best
