"""Backup and restore of a whole saved event (docs/backup.md).

A backup is read at one moment (``unit.reading``): the tournament document, each player's
contact, registration and check-in times, each released round's dates, pairing notes and
timer (running until a moment, or paused with the seconds left), the portal's settings (not
its join code nor the Discord bot token), and the whole audit log. It holds no account,
password, session, API token, player pass or push subscription: those belong to the server,
not to the event.

A restore creates a **new** event in one transaction — every fact of the document, then the
rest of the backup, then the audit log as it was (each entry with its time and actor),
followed by one entry ``event.restore`` that says where it came from — or refuses and
writes nothing. Its slug is the one asked for (refused when taken), else the backup's own
slug, else (taken) the first free ``slug-2``, ``slug-3``… (made from the event's name when
the backup has none, or not a valid one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import bindparam, insert, select, update

from fairpair import __version__
from fairpair.engine.errors import FairpairError
from fairpair.interop.backup import (
    Backup,
    BackupAuditEntry,
    BackupEvent,
    BackupPlayer,
    BackupPortal,
    BackupRound,
    BackupSource,
    ReadBackup,
)
from fairpair.interop.document import to_document
from fairpair.service.event.details import checked_details, stored_details, write_details
from fairpair.service.event.events import restore_as_event
from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.slugs import checked_slug
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.service.players.portal_settings import portal_of
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    CommunityEventRow,
    CommunityRow,
    EventRow,
    EventSourceRow,
    PersonRow,
    PlayerPersonRow,
    PlayerRow,
    PortalRow,
    RoundRow,
    StageRow,
)

#: The portal settings a backup keeps (``BackupPortal``'s fields).
PORTAL_FIELDS = tuple(BackupPortal.model_fields)


def backup_event(db: Database, slug: str) -> Backup:
    """Everything of event ``slug`` a backup holds, read at one moment."""
    with reading(db, slug) as (conn, event):
        tournament = loaded(conn, event).tournament
        created = conn.execute(
            select(EventRow.created_at).where(EventRow.id == event.id)
        ).scalar_one()
        players = conn.execute(
            select(
                PlayerRow.key,
                PlayerRow.contact,
                PlayerRow.registered_at,
                PlayerRow.checked_in_at,
                PersonRow.key.label("person"),
            )
            .outerjoin(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
            .outerjoin(PersonRow, PersonRow.id == PlayerPersonRow.person_id)
            .where(PlayerRow.event_id == event.id)
            .order_by(PlayerRow.position)
        ).all()
        community = conn.execute(
            select(CommunityRow.slug)
            .join(CommunityEventRow, CommunityEventRow.community_id == CommunityRow.id)
            .where(CommunityEventRow.event_id == event.id)
        ).scalar_one_or_none()
        rounds = conn.execute(
            select(
                StageRow.key,
                RoundRow.number,
                RoundRow.starts_at,
                RoundRow.ends_at,
                RoundRow.notes,
                RoundRow.clock_ends_at,
                RoundRow.clock_left,
            )
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .where(StageRow.event_id == event.id)
            .order_by(StageRow.position, RoundRow.number)
        ).all()
        portal = portal_of(conn, event)
        details = stored_details(conn, event)
        source = conn.execute(
            select(EventSourceRow.format, EventSourceRow.body).where(
                EventSourceRow.event_id == event.id
            )
        ).first()
        log = conn.execute(
            select(
                AuditRow.at,
                AuditRow.actor,
                AuditRow.action,
                AuditRow.subject,
                AuditRow.before,
                AuditRow.after,
            )
            .where(AuditRow.event_id == event.id)
            .order_by(AuditRow.id)
        ).all()
    return Backup(
        written_at=now(),
        written_by=f"fairpair {__version__}",
        event=BackupEvent(
            slug=event.slug,
            name=event.name,
            created_at=created,
            details=None if details.empty else details,
            community=community,
        ),
        document=to_document(tournament),
        players=[
            BackupPlayer(
                id=p.key,
                contact=p.contact,
                registered_at=p.registered_at,
                checked_in_at=p.checked_in_at,
                person=p.person,
            )
            for p in players
        ],
        rounds=[
            BackupRound(
                stage=r.key,
                number=r.number,
                starts_at=r.starts_at,
                ends_at=r.ends_at,
                notes=r.notes,
                clock_ends_at=r.clock_ends_at,
                clock_left_seconds=r.clock_left,
            )
            for r in rounds
        ],
        portal=BackupPortal(**{f: getattr(portal, f) for f in PORTAL_FIELDS}),
        source=BackupSource(format=source.format, body=source.body) if source else None,
        audit_log=[
            BackupAuditEntry(
                at=e.at,
                actor=e.actor,
                action=e.action,
                subject=e.subject,
                before=e.before,
                after=e.after,
            )
            for e in log
        ],
    )


def _free_slug(db: Database, wanted: str) -> str | None:
    """``wanted`` when no event has it, else the first free ``wanted-2``, ``wanted-3``…;
    ``None`` (a slug made from the name) when ``wanted`` is not a slug."""
    try:
        base = checked_slug(wanted)
    except FairpairError:
        return None
    with db.reading() as conn:
        taken = set(
            conn.execute(select(EventRow.slug).where(EventRow.slug.like(f"{base}%"))).scalars()
        )
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base[:70]}-{n}", n + 1
    return slug


def restore_event(
    db: Database,
    read: ReadBackup,
    *,
    actor: str,
    slug: str | None = None,
    owner: int | None = None,
    then: Callable[[Change], dict[str, Any]] | None = None,
) -> str:
    """A new event restored from ``read`` (``parse_backup``), all or nothing; its slug.
    ``owner``: the account that owns it (staff are not in a backup). ``then``: more to write
    in the same transaction once the event is whole (``communities.backups``: back into a
    community, its players linked to their records); what it returns joins the
    ``event.restore`` entry."""
    backup = read.backup
    if slug is None and backup.event.slug:
        slug = _free_slug(db, backup.event.slug)

    def rest(change: Change) -> dict[str, Any]:
        _restore_players(change, backup.players)
        _restore_rounds(change, backup.rounds)
        if backup.event.details is not None:
            write_details(change.conn, change.event, checked_details(backup.event.details))
        change.conn.execute(
            update(PortalRow)
            .where(PortalRow.event_id == change.event.id)
            .values(**backup.portal.model_dump())
        )
        if backup.source is not None:
            change.conn.execute(
                insert(EventSourceRow).values(
                    event_id=change.event.id,
                    format=backup.source.format,
                    body=backup.source.body,
                )
            )
        if backup.audit_log:
            change.conn.execute(
                insert(AuditRow),
                [{"event_id": change.event.id, **e.model_dump()} for e in backup.audit_log],
            )
        return {
            "restored_from": backup.event.slug,
            "backup_version": read.version_read,
            "backup_written_at": backup.written_at.isoformat() if backup.written_at else None,
            "restored_audit_entries": len(backup.audit_log),
            **(then(change) if then is not None else {}),
        }

    return restore_as_event(db, read.tournament, rest, actor=actor, slug=slug, owner=owner)


def _restore_players(change: Change, players: list[BackupPlayer]) -> None:
    if not players:
        return
    change.conn.execute(
        update(PlayerRow)
        .where(PlayerRow.event_id == bindparam("p_event"), PlayerRow.key == bindparam("p_key"))
        .values(
            contact=bindparam("p_contact"),
            registered_at=bindparam("p_registered"),
            checked_in_at=bindparam("p_checked"),
        ),
        [
            {
                "p_event": change.event.id,
                "p_key": p.id,
                "p_contact": p.contact,
                "p_registered": p.registered_at or change.at,
                "p_checked": p.checked_in_at,
            }
            for p in players
        ],
    )


def _restore_rounds(change: Change, rounds: list[BackupRound]) -> None:
    if not rounds:
        return
    stage_ids = dict(
        change.conn.execute(
            select(StageRow.key, StageRow.id).where(StageRow.event_id == change.event.id)
        ).all()
    )
    change.conn.execute(
        update(RoundRow)
        .where(RoundRow.stage_id == bindparam("r_stage"), RoundRow.number == bindparam("r_number"))
        .values(
            starts_at=bindparam("r_starts"),
            ends_at=bindparam("r_ends"),
            notes=bindparam("r_notes"),
            clock_ends_at=bindparam("r_clock_ends"),
            clock_left=bindparam("r_clock_left"),
        ),
        [
            {
                "r_stage": stage_ids[r.stage],
                "r_number": r.number,
                "r_starts": r.starts_at,
                "r_ends": r.ends_at,
                "r_notes": r.notes,
                "r_clock_ends": r.clock_ends_at,
                "r_clock_left": r.clock_left_seconds,
            }
            for r in rounds
        ],
    )
