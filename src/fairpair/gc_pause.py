"""Pause Python's cyclic garbage collector around one large, allocation-heavy computation.

A process-wide switch: the command line and the benchmarks use it (a short-lived process
that does one computation), and the web server's thread that builds the players' pages in
the background (``web.portal_warm``: a second at most, and a full pass of the collector in
the middle of it stopped every request of the worker). A request never does — turning the
collector off for one request would turn it off for all of them, for as long as it runs.

Standings and pairings of a big event build hundreds of thousands of small lists, dicts and
records that never form reference cycles. While they are built, the collector keeps walking
every object the process holds (the whole tournament included), which measured at 15–25% of
the time of a 10,000-player standings computation. Pausing it changes no result: memory that
is not cyclic is freed as usual, and a pending collection simply runs after the computation.
The collector's previous state is restored, so nesting and a caller who disabled it are safe.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Run the ``with`` block with the cyclic garbage collector paused."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
