"""The audit log a page at a time, newest first (the console's Audit log tab): a long event
has thousands of entries, and a page reads only its own. Each entry comes with its sentence
("Ann (owner) opened round 2", ``audit_sentences``), the names it needs read in the same
transaction."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, func, select

from fairpair.responses.audit import AuditEntry
from fairpair.service.event.audit_sentences import Names, sentence
from fairpair.service.kernel.audit import entry_of
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import AccountRow, AuditRow, PlayerRow, StaffRow, StageRow


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One entry of the log and the sentence that says it."""

    entry: AuditEntry
    sentence: str


@dataclass(frozen=True, slots=True)
class AuditPage:
    """Page ``page`` (from 1) of ``pages``: its entries, newest first, of ``total``."""

    entries: list[AuditEntry]
    page: int
    pages: int
    total: int
    lines: list[AuditLine]


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
        names = names_of(conn, event)
    entries = [entry_of(r) for r in rows]
    lines = [AuditLine(e, sentence(e, names)) for e in entries]
    return AuditPage(entries, page, pages, total, lines)


def names_of(conn: Connection, event: EventRef) -> Names:
    """The names the event's sentences use: players, staff (name and role), stages."""
    players = conn.execute(
        select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(PlayerRow.event_id == event.id)
    ).all()
    staff = conn.execute(
        select(AccountRow.username, AccountRow.name, StaffRow.role)
        .join(StaffRow, StaffRow.account_id == AccountRow.id)
        .where(StaffRow.event_id == event.id)
    ).all()
    stages = conn.execute(
        select(StageRow.key, StageRow.settings).where(StageRow.event_id == event.id)
    ).all()
    return Names(
        players={p.key: p.name for p in players},
        player_rows={p.id: p.name for p in players},
        staff={s.username: (s.name, s.role) for s in staff},
        stages={s.key: str((s.settings or {}).get("name") or s.key) for s in stages},
    )
