"""The job loop a worker runs: do the due jobs (``job_runner.run_due``, with every kind's
handler), again at once while there were more than one batch, else wait ``every`` seconds;
until ``stop`` is set. A database error is waited out (the next pass tries again), never the
end of the loop."""

from __future__ import annotations

import logging
import os
import socket
import threading

from fairpair.service.job_kinds import handlers
from fairpair.service.job_runner import run_due
from fairpair.store.database import Database

LOG = logging.getLogger("fairpair.jobs")
BATCH = 50


def worker_name() -> str:
    """``HOST:PID``: who holds a job's lease."""
    return f"{socket.gethostname()}:{os.getpid()}"


def run_jobs(
    db: Database,
    *,
    stop: threading.Event,
    every: float = 1.0,
    once: bool = False,
    worker: str | None = None,
) -> tuple[int, int]:
    """Run the due jobs until ``stop`` is set (``once``: until none is due); (done, failed)."""
    name = worker or worker_name()
    kinds = handlers(db)
    total_done = total_failed = 0
    while not stop.is_set():
        try:
            done, failed = run_due(db, kinds, worker=name, limit=BATCH)
        except Exception:  # the database went away for a moment: try again later
            LOG.exception("scheduled jobs: a pass failed")
            done = failed = 0
            if once:
                raise
        total_done += done
        total_failed += failed
        if done + failed >= BATCH:
            continue
        if once:
            break
        stop.wait(every)
    return total_done, total_failed
