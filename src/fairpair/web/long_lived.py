"""The objects a web server keeps for long — its modules, the players' pages built for the
newest version of an event — are taken out of the cyclic garbage collector's full passes.

A full pass (generation 2) walks every object the process holds and stops every thread
while it does: with an event of 4,000 players built (300,000 objects) it took 0.3-0.6 s of
a worker on a 2-core machine, and the requests beside it — the players' reports arriving
60 a second — queued behind it for seconds (the players' benchmark, docs/performance.md).
Those objects are not garbage and never form cycles that need the collector (the full
passes over them collected nothing): ``gc.freeze`` moves every object alive now to the
permanent generation, which the passes skip. They are still freed when no longer
referenced (a newer build replaces them): freezing only spares the collector's walk.
"""

from __future__ import annotations

import gc


def keep_long_lived() -> None:
    """Leave every object alive now out of the collector's passes (``gc.freeze``): after
    the server started, and after each build of the players' pages."""
    gc.freeze()
