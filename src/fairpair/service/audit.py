"""Reading the audit log of an event: every change, oldest first."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.responses.audit import AuditEntry, AuditLog
from fairpair.service.unit import reading
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
    return AuditLog(
        event=event.slug,
        entries=[
            AuditEntry(
                id=r.id,
                at=r.at,
                actor=r.actor,
                action=r.action,
                subject=r.subject,
                before=r.before,
                after=r.after,
            )
            for r in rows
        ],
    )
