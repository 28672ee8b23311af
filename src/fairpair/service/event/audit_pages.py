"""The audit log a page at a time, newest first (the console's Audit log tab): a long event
has thousands of entries, and a page reads only its own."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from fairpair.responses.audit import AuditEntry
from fairpair.service.kernel.audit import entry_of
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import AuditRow


@dataclass(frozen=True, slots=True)
class AuditPage:
    """Page ``page`` (from 1) of ``pages``: its entries, newest first, of ``total``."""

    entries: list[AuditEntry]
    page: int
    pages: int
    total: int


def audit_page(db: Database, slug: str, *, page: int = 1, size: int = 50) -> AuditPage:
    """Page ``page`` of event ``slug``'s audit log, ``size`` entries a page, newest first (a
    page past the end is the last page)."""
    size = max(1, size)
    with reading(db, slug) as (conn, event):
        total = int(
            conn.execute(
                select(func.count()).select_from(AuditRow).where(AuditRow.event_id == event.id)
            ).scalar_one()
        )
        pages = max(1, -(-total // size))
        page = min(max(1, page), pages)
        rows = conn.execute(
            select(*AuditRow.__table__.c)
            .where(AuditRow.event_id == event.id)
            .order_by(AuditRow.id.desc())
            .offset((page - 1) * size)
            .limit(size)
        ).all()
    return AuditPage([entry_of(r) for r in rows], page, pages, total)
