"""Doing the due jobs: claim, run each kind's handler, finish (or give back with the error).
A server process calls ``run_due`` every few seconds; several processes may, at once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from datetime import datetime

from fairpair.service.jobs.schedule import Job, claim_due, fail, finish, give_back
from fairpair.store.database import Database

Handler = Callable[[Job], None]


def run_due(
    db: Database,
    handlers: Mapping[str, Handler],
    *,
    worker: str,
    at: datetime | None = None,
    limit: int = 50,
    stop: threading.Event | None = None,
) -> tuple[int, int]:
    """Run the jobs due at ``at`` once; (done, failed). A job of a kind without a handler
    fails with that said (it is kept, not lost). Once ``stop`` is set (Ctrl-C, a server
    stopping) the job under way is finished and the claimed ones not started are given
    back at once — not left to wait out their lease, never done twice."""
    done = failed = 0
    claimed = claim_due(db, worker=worker, at=at, limit=limit)
    for index, job in enumerate(claimed):
        if stop is not None and stop.is_set():
            give_back(db, claimed[index:], worker=worker)
            break
        handler = handlers.get(job.kind)
        try:
            if handler is None:
                raise LookupError(f"no handler for jobs of kind {job.kind!r}")
            handler(job)
        except Exception as error:  # a failing job must not stop the others
            fail(db, job, worker=worker, error=f"{type(error).__name__}: {error}", at=at)
            failed += 1
            continue
        if finish(db, job, worker=worker, at=at):
            done += 1
    return done, failed
