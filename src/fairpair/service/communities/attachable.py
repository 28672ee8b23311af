"""The events an account may attach to a community: those it owns (its own role, not one
reached through a community) that belong to no community yet — what the community page's
"Attach an event" offers."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from fairpair.store.database import Database
from fairpair.store.models import CommunityEventRow, EventRow, StaffRow


@dataclass(frozen=True, slots=True)
class Attachable:
    slug: str
    name: str


def attachable_events(db: Database, account_id: int | None) -> list[Attachable]:
    """The events ``account_id`` owns that belong to no community, newest first."""
    if account_id is None:
        return []
    with db.reading() as conn:
        rows = conn.execute(
            select(EventRow.slug, EventRow.name)
            .join(StaffRow, StaffRow.event_id == EventRow.id)
            .where(
                StaffRow.account_id == account_id,
                StaffRow.role == "owner",
                EventRow.id.not_in(select(CommunityEventRow.event_id)),
            )
            .order_by(EventRow.created_at.desc(), EventRow.id.desc())
        ).all()
    return [Attachable(r.slug, r.name) for r in rows]
