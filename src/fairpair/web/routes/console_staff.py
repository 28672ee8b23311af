"""The console's Staff tab: who has which role in the event (owner, judge, viewer); owners
add a role by username, change it, or take it away. The service refuses leaving the event
without an owner and unknown accounts; the message shows next to the row or field."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext as _
from fairpair.service.accounts.links import AccountLink, event_invitations, invite, revoke_link
from fairpair.service.accounts.staff import Role, grant, revoke, staff_of
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access, DbDep, Owner, Viewer
from fairpair.web.confirm import YES, Confirm, ask
from fairpair.web.console import console_page
from fairpair.web.forms import refusal

ROUTER = APIRouter(include_in_schema=False)
ROLES = tuple(r.label for r in sorted(Role, reverse=True))


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    made: tuple[AccountLink, str] | None = None,
) -> Response:
    shown = None
    if made is not None:
        shown = (made[0], f"{str(request.base_url).rstrip('/')}/invite/{made[1]}")
    return console_page(
        request,
        access,
        db,
        slug,
        "console/staff.html",
        tab="staff",
        status=status,
        staff=staff_of(db, slug),
        roles=ROLES,
        invitations=event_invitations(db, slug),
        shown=shown,
        errors=errors or {},
        values=values or {"role": "judge"},
    )


@ROUTER.get("/console/{slug}/staff")
def staff_tab(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    return _page(request, access, db, slug)


@ROUTER.post("/console/{slug}/staff")
def add_role(
    request: Request,
    slug: str,
    access: Owner,
    db: DbDep,
    username: Annotated[str, Form(max_length=80)] = "",
    role: Annotated[str, Form(max_length=20)] = "judge",
) -> Response:
    values = {"username": username, "role": role}
    if not username.strip():
        errors = {"username": _("give the username of an account")}
        return _page(request, access, db, slug, status=422, errors=errors, values=values)
    try:
        grant(db, slug, username, role, actor=access.actor)
    except FairpairError as error:
        field = "role" if str(error.location) == "role" else "username"
        return _page(
            request, access, db, slug, status=422, errors={field: error.reason}, values=values
        )
    return RedirectResponse(f"/console/{slug}/staff", status_code=303)


@ROUTER.post("/console/{slug}/staff/{username}/role")
def change_role(
    request: Request,
    slug: str,
    username: str,
    access: Owner,
    db: DbDep,
    role: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    try:
        grant(db, slug, username, role, actor=access.actor)
    except FairpairError as error:
        return _page(
            request, access, db, slug, status=422, errors={f"staff:{username}": error.reason}
        )
    return RedirectResponse(f"/console/{slug}/staff", status_code=303)


@ROUTER.post("/console/{slug}/staff/{username}/remove")
def remove(
    request: Request,
    slug: str,
    username: str,
    access: Owner,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Take away a role: asked first (who, and what they can no longer do)."""
    held = next(((n, r) for u, n, r in staff_of(db, slug) if u == username), None)
    if held is not None and confirmed != YES:
        name, role = held
        return ask(
            request,
            access,
            db,
            slug,
            Confirm(
                question=_("Take away %(name)s's role (%(role)s)?")
                % {"name": name, "role": _(role.label)},
                action=f"/console/{slug}/staff/{username}/remove",
                button=_("Remove %(username)s") % {"username": username},
                back=f"/console/{slug}/staff",
                details=(
                    _(
                        "%(username)s no longer sees this event's console; their account "
                        "stays, and an owner can add them again."
                    )
                    % {"username": username},
                ),
            ),
            tab="staff",
            title=_("Remove %(username)s") % {"username": username},
        )
    try:
        revoke(db, slug, username, actor=access.actor)
    except FairpairError as error:
        return _page(
            request, access, db, slug, status=422, errors={f"staff:{username}": error.reason}
        )
    return RedirectResponse(f"/console/{slug}/staff", status_code=303)


@ROUTER.post("/console/{slug}/staff/invitations")
def invite_staff(
    request: Request,
    slug: str,
    access: Owner,
    db: DbDep,
    role: Annotated[str, Form(max_length=20)] = "judge",
    organizer: Annotated[str, Form(max_length=4)] = "",
    note: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    assert access.account is not None
    try:
        made = invite(
            db, access.account, slug=slug, role=role, organizer=organizer == "1", note=note
        )
    except FairpairError as error:
        errors = refusal(error, ("role", "organizer", "note"))
        values = {"invite_role": role, "note": note}
        return _page(request, access, db, slug, status=422, errors=errors, values=values)
    return _page(request, access, db, slug, made=made)


@ROUTER.post("/console/{slug}/staff/invitations/{link_id}/revoke")
def revoke_invitation(
    request: Request, slug: str, link_id: int, access: Owner, db: DbDep
) -> Response:
    assert access.account is not None
    try:
        revoke_link(db, access.account, link_id, slug=slug)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"_form": error.reason})
    return RedirectResponse(f"/console/{slug}/staff#invitations", status_code=303)
