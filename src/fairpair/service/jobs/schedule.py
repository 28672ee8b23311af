"""Scheduled jobs: what is due when — a round's notifications, its reminders, a deadline —
kept in the database (``scheduled_jobs``), never in memory timers, so that a restart loses
nothing and several server processes do each job once.

- ``schedule`` (inside a change's transaction): a job of ``kind`` due at ``due_at``, named by
  a unique ``key`` (``round-open:swiss:4:ann``): scheduling it again keeps the one there is;
  ``unschedule`` takes back the jobs not done yet (a round's dates changed).
- ``claim_due``: a worker takes due jobs for itself for a **lease** (one statement: an
  ``UPDATE … RETURNING`` of jobs not done whose lease is free or ran out; PostgreSQL skips the
  rows another worker is claiming, SQLite's write lock serializes it). A worker that crashes
  keeps its jobs only until the lease ends; then another takes them.
- ``finish`` marks a job done — only if the lease is still the worker's; ``fail`` gives it
  back with the error, due again after a backoff.

A job is done once unless a worker dies between doing it and ``finish`` (the lease then ends
and another worker does it again): a sender whose effect can be made in ``finish``'s own
transaction (an in-app notification) is exactly once; an outside call (a push, a Discord DM)
is at least once, with that window of a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, delete, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.service.kernel.change import Change, now
from fairpair.store.database import Database
from fairpair.store.models import JobRow

#: How long a claim lasts before another worker may take the job.
LEASE = timedelta(minutes=2)
#: How long a failed job waits before it is due again, by attempt (then the last, repeated).
BACKOFF = (timedelta(seconds=30), timedelta(minutes=2), timedelta(minutes=10))
#: After this many attempts a job is given up (done, with its last error kept).
MAX_ATTEMPTS = 8


@dataclass(frozen=True, slots=True)
class Job:
    id: int
    event_id: int
    kind: str
    key: str
    due_at: datetime
    payload: Any
    attempts: int


def schedule(change: Change, kind: str, key: str, due_at: datetime, payload: Any = None) -> bool:
    """Schedule a job in ``change``'s transaction; ``False`` when one with ``key`` exists."""
    return schedule_in(change.conn, change.event.id, kind, key, due_at, payload)


def schedule_in(
    conn: Connection, event_id: int, kind: str, key: str, due_at: datetime, payload: Any = None
) -> bool:
    """``schedule`` in the open transaction ``conn`` of a change that is not one event's
    (a community's: a merge in its directory), the job filed under event ``event_id``."""
    values = {
        "event_id": event_id,
        "kind": kind,
        "key": key,
        "due_at": due_at,
        "payload": payload,
        "attempts": 0,
    }
    insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    done = conn.execute(
        insert(JobRow).values(**values).on_conflict_do_nothing(index_elements=["key"])
    ).rowcount
    return bool(done)


def unschedule(change: Change, key_prefix: str) -> int:
    """Take back the jobs of ``change``'s event whose key starts with ``key_prefix`` and that
    are not done; how many."""
    escaped = key_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return int(
        change.conn.execute(
            delete(JobRow).where(
                JobRow.event_id == change.event.id,
                JobRow.key.like(f"{escaped}%", escape="\\"),
                JobRow.done_at.is_(None),
            )
        ).rowcount
    )


def _job(row: Any) -> Job:
    return Job(row.id, row.event_id, row.kind, row.key, row.due_at, row.payload, row.attempts)


def claim_due(
    db: Database,
    *,
    worker: str,
    at: datetime | None = None,
    limit: int = 50,
    lease: timedelta = LEASE,
) -> list[Job]:
    """Claim up to ``limit`` jobs due at ``at`` (default: now) for ``worker``, oldest first."""
    moment = at or now()
    due = (
        select(JobRow.id)
        .where(
            JobRow.done_at.is_(None),
            JobRow.due_at <= moment,
            or_(JobRow.claimed_until.is_(None), JobRow.claimed_until < moment),
        )
        .order_by(JobRow.due_at, JobRow.id)
        .limit(limit)
    )
    with db.writing() as conn:
        if conn.dialect.name == "postgresql":
            due = due.with_for_update(skip_locked=True)
        rows = conn.execute(
            update(JobRow)
            .where(JobRow.id.in_(due.scalar_subquery()))
            .values(claimed_by=worker, claimed_until=moment + lease, attempts=JobRow.attempts + 1)
            .returning(*JobRow.__table__.c)
        ).all()
    return sorted((_job(r) for r in rows), key=lambda j: (j.due_at, j.id))


def _mine(job: Job, worker: str) -> Any:
    return and_(JobRow.id == job.id, JobRow.claimed_by == worker, JobRow.done_at.is_(None))


def finish(
    db: Database,
    job: Job,
    *,
    worker: str,
    at: datetime | None = None,
    conn: Connection | None = None,
) -> bool:
    """Mark ``job`` done; ``False`` when its lease is no longer ``worker``'s (another worker
    took it over). ``conn``: inside that transaction (the job's own effect with it)."""
    statement = update(JobRow).where(_mine(job, worker)).values(done_at=at or now())
    if conn is not None:
        return bool(conn.execute(statement).rowcount)
    with db.writing() as own:
        return bool(own.execute(statement).rowcount)


def give_back(db: Database, jobs: list[Job], *, worker: str) -> int:
    """Give back claimed jobs not started (the worker is stopping): free at once for another
    worker, their claim not counted as an attempt; how many were still this worker's."""
    if not jobs:
        return 0
    mine = and_(
        JobRow.id.in_([job.id for job in jobs]),
        JobRow.claimed_by == worker,
        JobRow.done_at.is_(None),
    )
    with db.writing() as conn:
        return int(
            conn.execute(
                update(JobRow)
                .where(mine)
                .values(claimed_by=None, claimed_until=None, attempts=JobRow.attempts - 1)
            ).rowcount
        )


def fail(db: Database, job: Job, *, worker: str, error: str, at: datetime | None = None) -> None:
    """Give ``job`` back after an error: due again after a backoff (given up, kept with its
    error, after ``MAX_ATTEMPTS``)."""
    moment = at or now()
    wait = BACKOFF[min(job.attempts, len(BACKOFF)) - 1] if job.attempts else BACKOFF[0]
    values: dict[str, Any] = {
        "claimed_by": None,
        "claimed_until": None,
        "last_error": error[:2000],
        "due_at": moment + wait,
    }
    if job.attempts >= MAX_ATTEMPTS:
        values["done_at"] = moment
    with db.writing() as conn:
        conn.execute(update(JobRow).where(_mine(job, worker)).values(**values))


def pending(db: Database, event_id: int | None = None) -> list[Job]:
    """The jobs not done yet (of one event), by due time."""
    query = (
        select(*JobRow.__table__.c)
        .where(JobRow.done_at.is_(None))
        .order_by(JobRow.due_at, JobRow.id)
    )
    if event_id is not None:
        query = query.where(JobRow.event_id == event_id)
    with db.reading() as conn:
        return [_job(r) for r in conn.execute(query)]
