"""``/api/v1/events/{slug}/staff``: who runs the event with which role (viewers may read it;
owners change it: the same rules as the console's Staff tab)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from fairpair.api.answers import Staff, StaffMember
from fairpair.api.bodies import StaffRole
from fairpair.api.params import Slug
from fairpair.service.accounts.staff import grant, revoke, staff_of
from fairpair.service.kernel.connection import Database
from fairpair.web.access import DbDep, Owner, Viewer

ROUTER = APIRouter(tags=["staff"])
Username = Annotated[str, Path(min_length=2, max_length=40, description="The account.")]


def _staff(db: Database, slug: str) -> Staff:
    members = [StaffMember(username=u, name=n, role=r.label) for u, n, r in staff_of(db, slug)]
    return Staff(event=slug, staff=members)


@ROUTER.get("/events/{slug}/staff", response_model=Staff)
def list_staff(slug: Slug, access: Viewer, db: DbDep) -> Staff:
    """The event's staff, owners first."""
    return _staff(db, slug)


@ROUTER.put("/events/{slug}/staff", response_model=Staff)
def set_role(slug: Slug, body: StaffRole, access: Owner, db: DbDep) -> Staff:
    """Give an account a role here (or change its role); never leaves the event ownerless."""
    grant(db, slug, body.username, body.role, actor=access.actor)
    return _staff(db, slug)


@ROUTER.delete("/events/{slug}/staff/{username}", response_model=Staff)
def remove_role(slug: Slug, username: Username, access: Owner, db: DbDep) -> Staff:
    """Take an account's role away (not the event's last owner)."""
    revoke(db, slug, username, actor=access.actor)
    return _staff(db, slug)
