"""The job loop a worker runs: do the due jobs (``jobs.runner.run_due``, with every kind's
handler), again at once while there were more than one batch, else wait ``every`` seconds;
until ``stop`` is set. A database error is waited out (the next pass tries again), never the
end of the loop."""

from __future__ import annotations

import logging
import os
import socket
import threading

from sqlalchemy import or_, select

from fairpair.service.jobs.runner import run_due
from fairpair.service.kernel.change import now
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import JobRow

LOG = logging.getLogger("fairpair.jobs")
BATCH = 50


def worker_name() -> str:
    """``HOST:PID``: who holds a job's lease."""
    return f"{socket.gethostname()}:{os.getpid()}"


def anything_due(db: Database) -> bool:
    """Is a job due now? A read (claiming is a write: an idle server must not take the
    database's write lock every second for nothing)."""
    moment = now()
    with db.reading() as conn:
        return (
            conn.execute(
                select(JobRow.id)
                .where(
                    JobRow.done_at.is_(None),
                    JobRow.due_at <= moment,
                    or_(JobRow.claimed_until.is_(None), JobRow.claimed_until < moment),
                )
                .limit(1)
            ).first()
            is not None
        )


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
            due = anything_due(db)
            done, failed = (
                run_due(db, kinds, worker=name, limit=BATCH, stop=stop) if due else (0, 0)
            )
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
