"""An event restored from a backup into a community (issue 30: "an event restored from backup
into a community keeps its players linked").

A backup of a community's event names the community (``event.community``) and each
player's record (``players[].person``, its key). Restoring it into a community — the one
asked for, else the backup's own when this installation has it — attaches the new event to
the community in the restore's own transaction and links every player to their record:
the record of that key (or the record it was merged into since), a new record with that key
when the directory has none (a backup carried to another installation), a new record in
their name when the key's record was deleted on request or the backup had none. Without a
community the restore is the plain one (``event.backups``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select

from fairpair.interop.backup import ReadBackup
from fairpair.service.communities.unit import lock_community
from fairpair.service.event.backups import restore_event
from fairpair.service.kernel.change import Change
from fairpair.service.players.people import link_players
from fairpair.service.rounds.rating_job import plan_replay
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityAuditRow,
    CommunityEventRow,
    CommunityRow,
    PersonRow,
)


def backup_community(db: Database, read: ReadBackup) -> str | None:
    """The community the backup's event belonged to, when this installation has it."""
    named = read.backup.event.community
    if named is None:
        return None
    with db.reading() as conn:
        found = conn.execute(
            select(CommunityRow.slug).where(CommunityRow.slug == named)
        ).scalar_one_or_none()
    return found


def _records(change: Change, community_id: int, read: ReadBackup) -> dict[str, str]:
    """Player key → the record key to link them to; records missing here are made."""
    conn = change.conn
    names = {p.id: p.name for p in read.tournament.players}
    wanted = {p.id: p.person for p in read.backup.players if p.person}
    if not wanted:
        return {}
    known = {
        r.key: r.forgotten_at
        for r in conn.execute(
            select(PersonRow.key, PersonRow.forgotten_at).where(
                PersonRow.community_id == community_id, PersonRow.key.in_(set(wanted.values()))
            )
        )
    }
    chosen: dict[str, str] = {}
    for player, key in wanted.items():
        if key in known:
            if known[key] is None:
                chosen[player] = key
            continue  # deleted on request: a new record in their name
        conn.execute(
            insert(PersonRow).values(
                community_id=community_id,
                key=key,
                name=names.get(player, key),
                created_at=change.at,
            )
        )
        known[key] = None
        chosen[player] = key
    return chosen


def restore_into_community(
    db: Database,
    read: ReadBackup,
    *,
    actor: str,
    community: str | None,
    slug: str | None = None,
    owner: int | None = None,
) -> str:
    """A new event restored from ``read``, in ``community`` (``None``: none), its players
    linked to their records; all or nothing. Its slug."""
    if community is None:
        return restore_event(db, read, actor=actor, slug=slug, owner=owner)

    def into(change: Change) -> dict[str, Any]:
        conn = change.conn
        target = lock_community(conn, community)
        conn.execute(
            insert(CommunityEventRow).values(event_id=change.event.id, community_id=target.id)
        )
        linked = link_players(change, _records(change, target.id, read))
        plan_replay(  # the restored event's completed rounds are rated in its place
            conn,
            target.id,
            change.event.id,
            f"ratings:restore:{change.event.id}:{change.event.version}",
            change.at,
            "event restored into the community",
        )
        conn.execute(
            insert(CommunityAuditRow).values(
                community_id=target.id,
                at=change.at,
                actor=actor,
                action="community.restore",
                subject=f"event {change.event.slug}",
                before=None,
                after={"linked": linked, "restored_from": read.backup.event.slug},
            )
        )
        return {"community": target.slug, "linked": linked}

    return restore_event(db, read, actor=actor, slug=slug, owner=owner, then=into)
