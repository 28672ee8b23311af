"""A community's answers as the JSON API and ``--json`` give them (``responses.communities``):
read in the service, shaped once for both."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.responses.communities import (
    CommunityDetail,
    CommunityEventItem,
    CommunityItem,
    CommunityList,
    CommunityStaff,
    CommunityStaffMember,
    PersonItem,
    PersonList,
)
from fairpair.service.communities.communities import communities_of, community_view
from fairpair.service.communities.directory import people, search
from fairpair.service.communities.staff import staff_of
from fairpair.store.database import Database
from fairpair.store.models import CommunityRow


def community_list(db: Database, account_id: int | None, *, every: bool = False) -> CommunityList:
    """The communities where the account has a role, by name (``every``: all of them, with
    the account's role where it has one)."""
    roles = {s: r.label for s, _, r in communities_of(db, account_id)}
    with db.reading() as conn:
        rows = conn.execute(
            select(CommunityRow.slug, CommunityRow.name, CommunityRow.kind).order_by(
                CommunityRow.name, CommunityRow.slug
            )
        ).all()
    return CommunityList(
        communities=[
            CommunityItem(slug=r.slug, name=r.name, kind=r.kind, role=roles.get(r.slug))
            for r in rows
            if every or r.slug in roles
        ]
    )


def community_detail(db: Database, community: str) -> CommunityDetail:
    """Community ``community`` with its events, newest first."""
    view = community_view(db, community)
    return CommunityDetail(
        slug=view.slug,
        name=view.name,
        kind=view.kind,
        discord_guild=view.discord_guild,
        created_at=view.created_at,
        people=view.people,
        events=[
            CommunityEventItem(
                slug=e.slug,
                name=e.name,
                created_at=e.created_at,
                state=e.state,
                rounds=e.rounds,
                players=e.players,
            )
            for e in view.events
        ],
    )


def community_staff(db: Database, community: str) -> CommunityStaff:
    return CommunityStaff(
        community=community,
        staff=[
            CommunityStaffMember(username=u, name=n, role=r.label)
            for u, n, r in staff_of(db, community)
        ],
    )


def person_list(db: Database, community: str, typed: str | None = None) -> PersonList:
    """The directory (by name), or the records matching ``typed`` (most recently seen first)."""
    typed = (typed or "").strip() or None
    found = search(db, community, typed, limit=50) if typed else people(db, community)
    return PersonList(
        community=community,
        search=typed,
        people=[
            PersonItem(
                key=p.key,
                name=p.name,
                events=p.events,
                last_seen=p.last_seen,
                forgotten=p.forgotten,
            )
            for p in found
        ],
    )
