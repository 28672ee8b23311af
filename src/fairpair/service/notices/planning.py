"""Planning a round's notices (seed 004 "What players see"): when a round is opened, or its
dates are set, or it is reverted, deleted or completed, its notice jobs are planned again in
that change's own transaction (``replan``, called by ``service.rounds.lifecycle``).

An **Open** round with a start date gets:

| job            | due at                                   | only when                          |
|----------------|------------------------------------------|------------------------------------|
| ``round-open``   | max(now, starts_at)                      | the round has a start date         |
| ``halfway``      | starts_at + (ends_at − starts_at) / 2    | it has both dates; not yet past    |
| ``deadline-24h`` | ends_at − 24 h                           | that is after the start; not past  |

A round with no dates sends nothing (seed 004: "a round with no dates set sends nothing");
a start without an end gives the open notice only, with no deadline in it. A Scheduled,
Completed or deleted round has no jobs. A reminder whose time has already passed when the
round is planned (a round opened late) is not sent: the open notice names the deadline.

Job keys name the round and its dates (``notice:ROUND:KIND:START:END``): new dates unschedule
the old jobs and schedule new ones. Each player's notification has its own unique key
(``KIND:ROUND:PLAYER``), so a replanned job never messages a player twice. Nothing is ever
auto-forfeited: at the deadline the overdue matches are in the Resolution Queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from fairpair.service.jobs.schedule import schedule, unschedule
from fairpair.service.kernel.change import Change
from fairpair.store.models import RoundRow

OPEN = "round-open"
HALFWAY = "halfway"
DEADLINE = "deadline-24h"
KINDS = (OPEN, HALFWAY, DEADLINE)
#: How long before the deadline the urgent warning goes.
WARNING = timedelta(hours=24)


@dataclass(frozen=True, slots=True)
class PlannedNotice:
    kind: str
    due_at: datetime


def _stamp(moment: datetime | None) -> str:
    return moment.strftime("%Y%m%dT%H%M%SZ") if moment is not None else "-"


def job_prefix(round_id: int) -> str:
    return f"notice:{round_id}:"


def job_key(round_id: int, kind: str, starts_at: datetime | None, ends_at: datetime | None) -> str:
    return f"{job_prefix(round_id)}{kind}:{_stamp(starts_at)}:{_stamp(ends_at)}"


def plan(starts_at: datetime | None, ends_at: datetime | None, at: datetime) -> list[PlannedNotice]:
    """The notices of an Open round with these dates, planned at ``at`` (see the table)."""
    if starts_at is None:
        return []
    out = [PlannedNotice(OPEN, max(at, starts_at))]
    if ends_at is None:
        return out
    halfway = starts_at + (ends_at - starts_at) / 2
    if halfway >= at:
        out.append(PlannedNotice(HALFWAY, halfway))
    warning = ends_at - WARNING
    if warning > starts_at and warning >= at:
        out.append(PlannedNotice(DEADLINE, warning))
    return out


def payload(round_id: int, starts_at: datetime | None, ends_at: datetime | None) -> dict[str, Any]:
    """What a notice job carries: its round and the dates it was planned for (the handler
    does nothing when they changed since)."""
    return {
        "round_id": round_id,
        "starts_at": starts_at.isoformat() if starts_at else None,
        "ends_at": ends_at.isoformat() if ends_at else None,
    }


def replan(change: Change, round_id: int) -> list[PlannedNotice]:
    """Take back the round's notice jobs not done yet, then schedule those its state and
    dates call for now (in ``change``'s transaction). The planned notices."""
    unschedule(change, job_prefix(round_id))
    row = change.conn.execute(
        select(RoundRow.state, RoundRow.starts_at, RoundRow.ends_at).where(RoundRow.id == round_id)
    ).first()
    if row is None or row.state != "open":
        return []
    planned = plan(row.starts_at, row.ends_at, change.at)
    for notice in planned:
        schedule(
            change,
            notice.kind,
            job_key(round_id, notice.kind, row.starts_at, row.ends_at),
            notice.due_at,
            payload(round_id, row.starts_at, row.ends_at),
        )
    return planned


def forget(change: Change, round_id: int) -> None:
    """The round is going away (deleted): its notice jobs not done yet go with it."""
    unschedule(change, job_prefix(round_id))
