"""``/api/v1/communities``: the caller's communities and a new one; a community with its
events (attach one the caller owns, take one out), its staff, its player directory (search,
a record's profile, rename, merge, delete on request) and a player's data export — the same
rules as the community's console pages (docs/communities.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query
from pydantic import Field

from fairpair.api.bodies import Body, Key, Name
from fairpair.responses.communities import (
    CommunityDetail,
    CommunityList,
    CommunityStaff,
    MergeAnswer,
    PersonExport,
    PersonList,
    Profile,
)
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.communities.answers import (
    community_detail,
    community_list,
    community_staff,
    person_list,
)
from fairpair.service.communities.communities import (
    attach_event,
    create_community,
    detach_event,
)
from fairpair.service.communities.directory import forget, merge, rename
from fairpair.service.communities.profiles import export_person, profile
from fairpair.service.communities.staff import grant, revoke
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import NotAllowed
from fairpair.web.access import (
    Access,
    CommunityJudge,
    CommunityOwner,
    CommunityViewer,
    DbDep,
    Organizer,
    Public,
    Signed,
)

ROUTER = APIRouter(tags=["communities"])
Community = Annotated[str, Path(max_length=80, description="The community's slug.")]
PersonKey = Annotated[
    str, Path(max_length=80, description="The key of a record of the player directory.")
]
EventSlug = Annotated[str, Path(max_length=80, description="The event's slug.")]
Username = Annotated[str, Path(min_length=2, max_length=40, description="The account.")]


class NewCommunity(Body):
    """A community: a store, a club, a Discord server (the caller is its first owner)."""

    name: Name
    kind: Literal["store", "club", "discord", "other"] = "store"
    slug: Key | None = None


class AttachEvent(Body):
    """An event the caller owns, to attach to the community."""

    event: Key


class CommunityRole(Body):
    """An account's role in the community, reaching every event of it."""

    username: Annotated[str, Field(min_length=2, max_length=40)]
    role: Literal["owner", "judge", "viewer"] = "judge"


class PersonName(Body):
    """A record's new name (the events keep the names they were played under)."""

    name: Name


class MergeBody(Body):
    """Two records of the same person: ``gone``'s events become ``kept``'s."""

    kept: Key
    gone: Key


def _owns(db: Database, access: Access, event: str) -> None:
    if role_of(db, event, access.account) != Role.OWNER:
        raise NotAllowed("event", f"attaching or taking out event {event!r} needs its owner")


@ROUTER.get("/communities", response_model=CommunityList)
def my_communities(access: Signed, db: DbDep) -> CommunityList:
    """The communities where the caller has a role, by name."""
    assert access.account is not None
    return community_list(db, access.account.id)


@ROUTER.post("/communities", response_model=CommunityDetail, status_code=201)
def new_community(body: NewCommunity, access: Organizer, db: DbDep) -> CommunityDetail:
    """A new community; the caller is its owner."""
    assert access.account is not None
    made = create_community(
        db,
        body.name,
        actor=access.actor,
        kind=body.kind,
        slug=body.slug.strip() if body.slug else None,
        owner=access.account.id,
    )
    return community_detail(db, made)


@ROUTER.get("/communities/{community}", response_model=CommunityDetail)
def show_community(community: Community, access: Public, db: DbDep) -> CommunityDetail:
    """A community and its events, newest first (public: its public page shows the same)."""
    return community_detail(db, community)


@ROUTER.get("/communities/{community}/events", response_model=CommunityDetail)
def community_events(community: Community, access: Public, db: DbDep) -> CommunityDetail:
    """The community's events: upcoming, running, past (``state``), newest first."""
    return community_detail(db, community)


@ROUTER.post("/communities/{community}/events", response_model=CommunityDetail)
def attach(
    community: Community, body: AttachEvent, access: CommunityJudge, db: DbDep
) -> CommunityDetail:
    """Attach an event the caller owns (its players join the directory)."""
    _owns(db, access, body.event)
    attach_event(db, community, body.event, actor=access.actor)
    return community_detail(db, community)


@ROUTER.delete("/communities/{community}/events/{event}", response_model=CommunityDetail)
def detach(
    community: Community, event: EventSlug, access: CommunityJudge, db: DbDep
) -> CommunityDetail:
    """Take an event out of the community (its players' records stay)."""
    _owns(db, access, event)
    detach_event(db, community, event, actor=access.actor)
    return community_detail(db, community)


@ROUTER.get("/communities/{community}/staff", response_model=CommunityStaff)
def list_staff(community: Community, access: CommunityViewer, db: DbDep) -> CommunityStaff:
    """The community's staff, owners first."""
    return community_staff(db, community)


@ROUTER.put("/communities/{community}/staff", response_model=CommunityStaff)
def set_role(
    community: Community, body: CommunityRole, access: CommunityOwner, db: DbDep
) -> CommunityStaff:
    """Give an account a role in the community (or change it); never leaves it ownerless."""
    grant(db, community, body.username, body.role, actor=access.actor)
    return community_staff(db, community)


@ROUTER.delete("/communities/{community}/staff/{username}", response_model=CommunityStaff)
def remove_role(
    community: Community, username: Username, access: CommunityOwner, db: DbDep
) -> CommunityStaff:
    """Take an account's role in the community away (not its last owner)."""
    revoke(db, community, username, actor=access.actor)
    return community_staff(db, community)


@ROUTER.get("/communities/{community}/people", response_model=PersonList)
def directory(
    community: Community,
    access: CommunityViewer,
    db: DbDep,
    search: Annotated[
        str | None, Query(max_length=200, description="Part of a name (or a record's key).")
    ] = None,
) -> PersonList:
    """The player directory by name, or the records matching ``search`` (at most 50, the most
    recently seen first)."""
    return person_list(db, community, search)


@ROUTER.post("/communities/{community}/people/merge", response_model=MergeAnswer)
def merge_people(
    community: Community, body: MergeBody, access: CommunityJudge, db: DbDep
) -> MergeAnswer:
    """Two records are the same person: every event of ``gone`` becomes ``kept``'s (refused
    when both played one event)."""
    moved = merge(db, community, body.kept, body.gone, actor=access.actor)
    return MergeAnswer(community=community, kept=body.kept, gone=body.gone, moved=moved)


@ROUTER.get("/communities/{community}/people/{key}", response_model=Profile)
def person_profile(community: Community, key: PersonKey, access: Public, db: DbDep) -> Profile:
    """A player's profile: the community's events they played, the name played under, their
    place in each (public: the profile page shows the same)."""
    return profile(db, community, key)


@ROUTER.patch("/communities/{community}/people/{key}", response_model=Profile)
def rename_person(
    community: Community, key: PersonKey, body: PersonName, access: CommunityJudge, db: DbDep
) -> Profile:
    """Rename a record."""
    rename(db, community, key, body.name, actor=access.actor)
    return profile(db, community, key)


@ROUTER.delete("/communities/{community}/people/{key}", response_model=PersonList)
def forget_person(
    community: Community, key: PersonKey, access: CommunityOwner, db: DbDep
) -> PersonList:
    """Delete a record on the person's request: their name is gone from the directory and
    every event of the community they played (their results stay). The directory after."""
    forget(db, community, key, actor=access.actor)
    return person_list(db, community)


@ROUTER.get("/communities/{community}/people/{key}/export", response_model=PersonExport)
def export(community: Community, key: PersonKey, access: CommunityJudge, db: DbDep) -> PersonExport:
    """A player's own data: the record, and each event's registration, place and tables."""
    return export_person(db, community, key)
