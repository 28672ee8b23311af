"""When a round was opened: the moment of its latest ``round.open`` (a round reverted to
Scheduled and opened again counts from the second opening). The big-screen display's timer
counts from it when the organizer gives the round a length (``?minutes=50``) instead of an
end date. Read from the audit log, which records every opening with its time."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from fairpair.service.kernel.lookup import find_round, find_stage
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import AuditRow


def opened_at(db: Database, slug: str, number: int, *, stage: str | None = None) -> datetime | None:
    """The time round ``number`` of ``stage`` (default: the stage being played) was last
    opened; ``None`` when it is not Open now (Scheduled, or Completed)."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        if rnd.state != "open":
            return None
        at: datetime | None = conn.execute(
            select(AuditRow.at)
            .where(
                AuditRow.event_id == event.id,
                AuditRow.action == "round.open",
                AuditRow.subject == f"stage {where.key} round {number}",
            )
            .order_by(AuditRow.id.desc())
            .limit(1)
        ).scalar()
        return at
