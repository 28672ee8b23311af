"""``/api/v1/events/{slug}/backup`` (the event's owners) and ``/api/v1/events/restore`` (an
organizer): the backup of docs/backup.md as JSON, and a backup (any version this fairpair
reads) restored as a new event the caller owns."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from fairpair.api.params import Slug
from fairpair.interop.backup import Backup, parse_backup
from fairpair.responses.events import EventDetail
from fairpair.service.communities.backups import restore_into_community
from fairpair.service.communities.communities import community_role
from fairpair.service.event.backups import backup_event
from fairpair.service.event.events import show_event
from fairpair.service.kernel.errors import NotAllowed
from fairpair.web.access import DbDep, Organizer, Owner

ROUTER = APIRouter(tags=["backups"])


@ROUTER.get("/events/{slug}/backup", response_model=Backup)
def back_up_an_event(slug: Slug, access: Owner, db: DbDep) -> Backup:
    """The whole event: its document, contacts, check-in times, round dates, portal settings
    and audit log (no staff, passwords, sessions, tokens or player passes)."""
    return backup_event(db, slug)


@ROUTER.post("/events/restore", response_model=EventDetail, status_code=201)
def restore_an_event(
    backup: Annotated[dict[str, Any], Body(description="A backup file's JSON (any version).")],
    access: Organizer,
    db: DbDep,
    slug: Annotated[str | None, Query(max_length=80, description="The new event's slug.")] = None,
    community: Annotated[
        str | None,
        Query(
            max_length=80,
            description="Restore it into this community (the caller is its judge or owner): "
            "its players are linked to their records of the directory (the backup's).",
        ),
    ] = None,
) -> EventDetail:
    """A new event restored from ``backup``, owned by the caller (an older version is
    migrated forward; a damaged or newer one is refused naming the field)."""
    assert access.account is not None
    read = parse_backup(json.dumps(backup), "backup")
    if community is not None and (community_role(db, community, access.account.id) or 0) < 2:
        raise NotAllowed("community", f"restoring into {community!r} needs a judge of it")
    made = restore_into_community(
        db, read, actor=access.actor, community=community, slug=slug, owner=access.account.id
    )
    return show_event(db, made)
