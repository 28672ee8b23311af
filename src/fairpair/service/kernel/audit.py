"""Reading the audit log of an event: every change, oldest first."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from fairpair.responses.audit import AuditEntry, AuditLog
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import AuditRow


def audit_log(db: Database, slug: str, *, limit: int | None = None) -> AuditLog:
    """The event's audit entries, oldest first (the last ``limit`` when given)."""
    with reading(db, slug) as (conn, event):
        query = select(*AuditRow.__table__.c).where(AuditRow.event_id == event.id)
        if limit is not None:
            query = query.order_by(AuditRow.id.desc()).limit(limit)
            rows = list(reversed(conn.execute(query).all()))
        else:
            rows = list(conn.execute(query.order_by(AuditRow.id)).all())
    return AuditLog(event=event.slug, entries=[entry_of(r) for r in rows])


def entry_of(row: Any) -> AuditEntry:
    """One audit log row as the response model (the whole log and its pages share it)."""
    return AuditEntry(
        id=row.id,
        at=row.at,
        actor=row.actor,
        action=row.action,
        subject=row.subject,
        before=row.before,
        after=row.after,
    )
