"""How many scheduled jobs are in each state, for the server's metrics (read when they are
scraped): due now, due later, failed at least once and waiting to be tried again, and given
up after ``schedule.MAX_ATTEMPTS`` tries (kept with their last error)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, case, func, select

from fairpair.service.jobs.schedule import MAX_ATTEMPTS
from fairpair.service.kernel.change import now
from fairpair.store.database import Database
from fairpair.store.models import JobRow


@dataclass(frozen=True, slots=True)
class JobCounts:
    #: Not done and due (waiting for a worker, or being done now).
    due: int
    #: Not done, due later.
    scheduled: int
    #: Not done, and the last try failed (due again after a backoff).
    retrying: int
    #: Given up after every try failed.
    given_up: int


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    """How many rows meet ``condition`` (0 when none do)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def job_counts(db: Database, at: datetime | None = None) -> JobCounts:
    """The jobs in each state at ``at`` (default: now): two counting queries, the first on
    the jobs not done (the ``done_at, due_at`` index)."""
    moment = at or now()
    waiting = select(
        _count(JobRow.due_at <= moment),
        _count(JobRow.due_at > moment),
        _count(JobRow.last_error.is_not(None)),
    ).where(JobRow.done_at.is_(None))
    failed = select(func.count()).where(
        JobRow.done_at.is_not(None),
        JobRow.last_error.is_not(None),
        JobRow.attempts >= MAX_ATTEMPTS,
    )
    with db.reading() as conn:
        due, later, retrying = conn.execute(waiting).one()
        given_up = conn.execute(failed).scalar_one()
    return JobCounts(int(due), int(later), int(retrying), int(given_up))
