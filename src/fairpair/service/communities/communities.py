"""Communities and their events: make one (its first owner in the same transaction), list
an account's, show one with its events (upcoming, running, past), rename it, attach an event
to it (its players join the directory) or take one out.

An event belongs to one community at most; events without one keep working as they always
have. Attaching needs the event's owner and a judge of the community (a community's staff
reach every event of it from then on). Attaching and taking out move the community's
ratings: each plans, in its own transaction, the ratings' replay from that event on
(``rounds.rating_job.plan_replay``): an attached past event is rated in its place in the
community's order, a taken-out event's ratings go and the later events are rated without
it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import delete, func, insert, select, text, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.accounts.staff import Role
from fairpair.service.communities.unit import (
    CommunityChange,
    CommunityRef,
    changing_community,
    find_community,
    lock_community,
    reading_community,
)
from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.errors import EventExists, Refused
from fairpair.service.kernel.slugs import checked_slug, slug_of
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.kernel.unit import changing
from fairpair.service.players.people import link_players
from fairpair.service.rounds.rating_job import plan_replay
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityEventRow,
    CommunityRow,
    CommunityStaffRow,
    EventRow,
    PersonRow,
    PlayerPersonRow,
    PlayerRow,
    RoundRow,
    StageRow,
)

KINDS = ("store", "club", "discord", "other")
#: PostgreSQL: communities are made one at a time (a free slug stays free until it commits).
CREATE_LOCK = 0x66706301

Kind = Literal["store", "club", "discord", "other"]


@dataclass(frozen=True, slots=True)
class CommunityEvent:
    """An event of a community as its page lists it: ``state`` is ``upcoming`` (no round
    released yet), ``running`` or ``past`` (every round of every stage completed, and at
    least one)."""

    slug: str
    name: str
    created_at: datetime
    state: str
    rounds: int
    players: int


@dataclass(frozen=True, slots=True)
class CommunityView:
    slug: str
    name: str
    kind: str
    discord_guild: str | None
    created_at: datetime
    events: tuple[CommunityEvent, ...]
    people: int

    def of(self, state: str) -> tuple[CommunityEvent, ...]:
        return tuple(e for e in self.events if e.state == state)


def _checked_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 200 or has_control(name):
        raise Refused(Location(("name",)), gettext("a community's name has 1-200 characters"))
    refuse_hidden(name, Location(("name",)), gettext("a community's name"))
    return name


def _checked_kind(kind: str) -> str:
    if kind not in KINDS:
        raise Refused(
            Location(("kind",)),
            gettext("a community is a %(join_kinds)s, not %(kind)r")
            % {"join_kinds": ", ".join(KINDS), "kind": kind},
        )
    return kind


def create_community(
    db: Database,
    name: str,
    *,
    actor: str,
    kind: str = "store",
    slug: str | None = None,
    owner: int | None = None,
    discord_guild: str | None = None,
) -> str:
    """A new community called ``name`` (its slug made from the name unless given), ``owner``
    (an account id) its first owner; its slug."""
    name, kind = _checked_name(name), _checked_kind(kind)
    with db.writing() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": CREATE_LOCK})
        taken = set(conn.execute(select(CommunityRow.slug)).scalars())
        if slug is not None:
            chosen = checked_slug(slug)
            if chosen in taken:
                raise EventExists(
                    Location(("slug",)),
                    gettext("a community %(chosen)r exists") % {"chosen": chosen},
                )
        else:
            base = slug_of(name)
            chosen, n = base, 1
            while chosen in taken:
                n += 1
                chosen = f"{base}-{n}"
        at = now()
        community_id = conn.execute(
            insert(CommunityRow)
            .values(
                slug=chosen,
                name=name,
                kind=kind,
                discord_guild=discord_guild,
                created_at=at,
                version=1,
                settings={},
            )
            .returning(CommunityRow.id)
        ).scalar_one()
        if owner is not None:
            conn.execute(
                insert(CommunityStaffRow).values(
                    community_id=community_id, account_id=owner, role="owner"
                )
            )
        made = CommunityChange(conn, CommunityRef(community_id, chosen, name, kind, 1), actor, at)
        made.audit("community.create", f"community {chosen}", after={"name": name, "kind": kind})
        made.flush()  # in the same transaction as the community itself
    return chosen


def rename_community(db: Database, slug: str, name: str, *, actor: str) -> None:
    name = _checked_name(name)
    with changing_community(db, slug, actor) as change:
        before = change.community.name
        if before == name:
            return
        change.conn.execute(
            update(CommunityRow).where(CommunityRow.id == change.community.id).values(name=name)
        )
        change.audit("community.rename", f"community {slug}", {"name": before}, {"name": name})


def community_role(db: Database, slug: str, account_id: int | None) -> Role | None:
    """The account's role in community ``slug`` (``None``: none)."""
    if account_id is None:
        return None
    with reading_community(db, slug) as (conn, community):
        role = conn.execute(
            select(CommunityStaffRow.role).where(
                CommunityStaffRow.community_id == community.id,
                CommunityStaffRow.account_id == account_id,
            )
        ).scalar_one_or_none()
    return Role.named(role) if role is not None else None


def communities_of(db: Database, account_id: int | None) -> list[tuple[str, str, Role]]:
    """The communities where the account has a role: (slug, name, role), by name."""
    if account_id is None:
        return []
    with db.reading() as conn:
        rows = conn.execute(
            select(CommunityRow.slug, CommunityRow.name, CommunityStaffRow.role)
            .join(CommunityStaffRow, CommunityStaffRow.community_id == CommunityRow.id)
            .where(CommunityStaffRow.account_id == account_id)
            .order_by(CommunityRow.name)
        ).all()
    return [(r.slug, r.name, Role.named(r.role)) for r in rows]


def community_view(db: Database, slug: str) -> CommunityView:
    """Community ``slug`` with its events, newest first, each upcoming, running or past."""
    with reading_community(db, slug) as (conn, community):
        row = conn.execute(
            select(
                CommunityRow.slug,
                CommunityRow.name,
                CommunityRow.kind,
                CommunityRow.discord_guild,
                CommunityRow.created_at,
            ).where(CommunityRow.id == community.id)
        ).one()
        events = conn.execute(
            select(EventRow.id, EventRow.slug, EventRow.name, EventRow.created_at)
            .join(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
            .where(CommunityEventRow.community_id == community.id)
            .order_by(EventRow.created_at.desc(), EventRow.id.desc())
        ).all()
        ids = [e.id for e in events]
        states: dict[int, list[str | None]] = {i: [] for i in ids}
        for event_id, state in conn.execute(
            select(StageRow.event_id, RoundRow.state)
            .join(RoundRow, RoundRow.stage_id == StageRow.id)
            .where(StageRow.event_id.in_(ids))
        ):
            states[event_id].append(state)
        counts = dict(
            conn.execute(
                select(PlayerRow.event_id, func.count())
                .where(PlayerRow.event_id.in_(ids))
                .group_by(PlayerRow.event_id)
            ).all()
        )
        people = conn.execute(
            select(func.count())
            .select_from(PersonRow)
            .where(PersonRow.community_id == community.id, PersonRow.merged_into.is_(None))
        ).scalar_one()
    listed = tuple(
        CommunityEvent(
            e.slug,
            e.name,
            e.created_at,
            _state(states[e.id]),
            len(states[e.id]),
            int(counts.get(e.id, 0)),
        )
        for e in events
    )
    return CommunityView(
        row.slug, row.name, row.kind, row.discord_guild, row.created_at, listed, int(people)
    )


def _state(rounds: list[str | None]) -> str:
    if not rounds:
        return "upcoming"
    if all(r == "completed" for r in rounds):
        return "past"
    return "running"


def attach_event(db: Database, community: str, event: str, *, actor: str) -> int:
    """Event ``event`` becomes one of community ``community``'s: its players join the
    directory (a new record each, or the one their Discord account is linked to). Refused
    when it belongs to a community already. How many players were linked."""
    with changing(db, event, actor) as change:
        conn = change.conn
        found = conn.execute(
            select(CommunityEventRow.community_id).where(
                CommunityEventRow.event_id == change.event.id
            )
        ).scalar_one_or_none()
        target = lock_community(conn, community)
        if found is not None:
            said = (
                gettext("event %(event)s belongs to this community already")
                if found == target.id
                else gettext("event %(event)s belongs to another community already")
            )
            raise Refused(
                Location(("community",)),
                said % {"event": event},
            )
        conn.execute(
            insert(CommunityEventRow).values(event_id=change.event.id, community_id=target.id)
        )
        linked = link_players(change, None)
        _replay(change, target, "attach", "event attached")
        change.audit(
            "event.community",
            f"event {event}",
            after={"community": target.slug, "name": target.name, "linked": linked},
        )
        told = CommunityChange(conn, target, actor, change.at)  # the community's log too
        told.audit("community.attach", f"event {event}", after={"linked": linked})
        told.flush()
        return linked


def detach_event(db: Database, community: str, event: str, *, actor: str) -> None:
    """Event ``event`` leaves community ``community`` (its players' records stay in the
    directory; the event's players are no longer linked to them)."""
    with changing(db, event, actor) as change:
        conn = change.conn
        target = lock_community(conn, community)
        gone = conn.execute(
            delete(CommunityEventRow).where(
                CommunityEventRow.event_id == change.event.id,
                CommunityEventRow.community_id == target.id,
            )
        ).rowcount
        if not gone:
            raise Refused(
                Location(("community",)),
                gettext("event %(event)s is not one of %(community)s's events")
                % {"event": event, "community": community},
            )
        players = select(PlayerRow.id).where(PlayerRow.event_id == change.event.id)
        conn.execute(delete(PlayerPersonRow).where(PlayerPersonRow.player_id.in_(players)))
        _replay(change, target, "detach", "event taken out")
        change.audit("event.community", f"event {event}", before={"community": target.slug})
        told = CommunityChange(conn, target, actor, change.at)  # the community's log too
        told.audit("community.detach", f"event {event}", after={"linked": 0})
        told.flush()


def _replay(change: Change, target: CommunityRef, what: str, why: str) -> None:
    """Plan ``target``'s ratings' replay from ``change``'s event on — when the event has a
    completed round (only those are rated: an event not yet played moves nothing)."""
    event = change.event
    played = change.conn.execute(
        select(RoundRow.id)
        .join(StageRow, StageRow.id == RoundRow.stage_id)
        .where(StageRow.event_id == event.id, RoundRow.state == "completed")
        .limit(1)
    ).first()
    if played is None:
        return
    key = f"ratings:{what}:{event.id}:{event.version}"
    plan_replay(change.conn, target.id, event.id, key, change.at, why)


def community_of_event(db: Database, event: str) -> CommunityRef | None:
    """The community event ``event`` belongs to, if any."""
    with db.reading() as conn:
        slug = conn.execute(
            select(CommunityRow.slug)
            .join(CommunityEventRow, CommunityEventRow.community_id == CommunityRow.id)
            .join(EventRow, EventRow.id == CommunityEventRow.event_id)
            .where(EventRow.slug == event)
        ).scalar_one_or_none()
        return find_community(conn, slug) if slug is not None else None
