"""A community's console (docs/communities.md): make one (from the console's event list), its
events — upcoming, running, past — with "Attach an event" (one the caller owns) and "New
event in this community" (created and attached in one step), taking an event out (asked
first), and its staff (owners give and take roles, as an event's Staff tab does; a role here
reaches every event of the community).

URLs: ``/communities/{community}`` (events), ``/communities/{community}/staff``; the player
directory is ``web.routes.console_directory``."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.engine.rulesets import get_ruleset
from fairpair.i18n import N_, gettext, ngettext
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.communities.attachable import attachable_events
from fairpair.service.communities.communities import (
    attach_event,
    community_view,
    create_community,
    detach_event,
)
from fairpair.service.communities.staff import grant, revoke, staff_of
from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import NotAllowed
from fairpair.web.access import (
    Access,
    CommunityJudge,
    CommunityOwner,
    CommunityViewer,
    DbDep,
    Organizer,
)
from fairpair.web.community_console import ask_community, community_page
from fairpair.web.confirm import YES, Confirm, Done
from fairpair.web.forms import refusal
from fairpair.web.routes.home import RULESETS, events_console

ROUTER = APIRouter(include_in_schema=False)
ROLES = tuple(r.label for r in sorted(Role, reverse=True))
#: What an action said (``?done=``), by code; ``{event}`` is ``?event=``.
DONE = {
    "created": N_("Community created. Attach your events or make a new one here."),
    "attached": N_("%(event)s attached: its players are in the player directory."),
    "new-event": N_("%(event)s created in this community."),
    "detached": N_("%(event)s taken out of the community."),
}


def _events_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    done = None
    said = DONE.get(request.query_params.get("done", ""))
    if said is not None:
        event = request.query_params.get("event") or gettext("The event")
        done = Done(gettext(said) % {"event": event} if "%(event)s" in said else gettext(said))
    account = access.account.id if access.account else None
    return community_page(
        request,
        access,
        db,
        community,
        "community/events.html",
        tab="events",
        status=status,
        attachable=attachable_events(db, account) if access.can(Role.JUDGE) else [],
        rulesets=RULESETS,
        done=done,
        errors=errors or {},
        values=values or {"ruleset": "default"},
    )


@ROUTER.post("/communities")
def new_community(
    request: Request,
    access: Organizer,
    db: DbDep,
    community_name: Annotated[str, Form(max_length=200)] = "",
    kind: Annotated[str, Form(max_length=20)] = "store",
    community_slug: Annotated[str, Form(max_length=80)] = "",
) -> Response:
    assert access.account is not None
    values = {"community_name": community_name, "kind": kind, "community_slug": community_slug}
    try:
        made = create_community(
            db,
            community_name,
            actor=access.actor,
            kind=kind,
            slug=community_slug.strip() or None,
            owner=access.account.id,
        )
    except FairpairError as error:
        errors = refusal(error, ("kind",))
        head = str(error.location).split(".", 1)[0]
        if head in ("name", "slug"):
            errors = {f"community_{head}": error.reason}
        return events_console(request, access, db, status=422, values=values, errors=errors)
    return RedirectResponse(f"/communities/{made}?done=created", status_code=303)


@ROUTER.get("/communities/{community}")
def events_tab(request: Request, community: str, access: CommunityViewer, db: DbDep) -> Response:
    return _events_page(request, access, db, community)


def _owns(db: Database, access: Access, event: str) -> None:
    """Attaching or taking out an event needs its owner too (a community's owner is owner of
    every event of the community)."""
    if role_of(db, event, access.account) != Role.OWNER:
        raise NotAllowed(
            "event",
            gettext("attaching or taking out event %(event)s needs its owner")
            % {"event": repr(event)},
        )


@ROUTER.post("/communities/{community}/events/attach")
def attach(
    request: Request,
    community: str,
    access: CommunityJudge,
    db: DbDep,
    event: Annotated[str, Form(max_length=80)] = "",
) -> Response:
    if not event.strip():
        errors = {"event": gettext("choose one of your events")}
        return _events_page(request, access, db, community, status=422, errors=errors)
    try:
        _owns(db, access, event)
        attach_event(db, community, event, actor=access.actor)
    except FairpairError as error:
        errors = {"event": error.reason}
        return _events_page(request, access, db, community, status=422, errors=errors)
    return RedirectResponse(
        f"/communities/{community}?done=attached&event={event}", status_code=303
    )


@ROUTER.post("/communities/{community}/events/new")
def new_event(
    request: Request,
    community: str,
    access: CommunityJudge,
    db: DbDep,
    name: Annotated[str, Form(max_length=200)] = "",
    slug: Annotated[str, Form(max_length=80)] = "",
    ruleset: Annotated[str, Form(max_length=40)] = "default",
) -> Response:
    """A new event, owned by the caller, attached to the community at once."""
    assert access.account is not None
    values = {"name": name, "slug": slug, "ruleset": ruleset}
    if not access.account.organizer:
        errors = {
            "_form": gettext("%(username)s is not an organizer account")
            % {"username": repr(access.account.username)}
        }
        return _events_page(
            request, access, db, community, status=403, errors=errors, values=values
        )
    try:
        community_view(db, community)  # an unknown community makes no event
        made = create_event(
            db,
            name,
            actor=access.actor,
            slug=slug.strip() or None,
            ruleset=get_ruleset(ruleset),
            owner=access.account.id,
        )
    except FairpairError as error:
        errors = refusal(error, ("name", "slug", "ruleset"))
        return _events_page(
            request, access, db, community, status=422, errors=errors, values=values
        )
    attach_event(db, community, made, actor=access.actor)
    return RedirectResponse(f"/console/{made}", status_code=303)


@ROUTER.post("/communities/{community}/events/{event}/detach")
def detach(
    request: Request,
    community: str,
    event: str,
    access: CommunityJudge,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Take an event out of the community: asked first (what it means for its players)."""
    try:
        _owns(db, access, event)
    except FairpairError as error:
        return _events_page(
            request, access, db, community, status=403, errors={f"event:{event}": error.reason}
        )
    view = community_view(db, community)
    found = next((e for e in view.events if e.slug == event), None)
    if found is not None and confirmed != YES:
        return ask_community(
            request,
            access,
            db,
            community,
            Confirm(
                question=gettext("Take %(event)s out of %(community)s?")
                % {"event": found.name, "community": view.name},
                action=f"/communities/{community}/events/{event}/detach",
                button=gettext("Take %(event)s out") % {"event": found.name},
                back=f"/communities/{community}",
                details=(
                    ngettext(
                        "Its %(num)d player is no longer linked to the player directory "
                        "(their record stays, with their other events).",
                        "Its %(num)d players are no longer linked to the player directory "
                        "(their records stay, with their other events).",
                        found.players,
                    )
                    % {"num": found.players},
                    gettext(
                        "The community's staff no longer reach the event; its own staff keep "
                        "their roles."
                    ),
                ),
            ),
            tab="events",
            title=gettext("Take %(event)s out") % {"event": found.name},
        )
    try:
        detach_event(db, community, event, actor=access.actor)
    except FairpairError as error:
        errors = {f"event:{event}": error.reason}
        return _events_page(request, access, db, community, status=422, errors=errors)
    return RedirectResponse(
        f"/communities/{community}?done=detached&event={event}", status_code=303
    )


# -- staff ------------------------------------------------------------------------------------


def _staff_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    return community_page(
        request,
        access,
        db,
        community,
        "community/staff.html",
        tab="staff",
        status=status,
        staff=staff_of(db, community),
        roles=ROLES,
        errors=errors or {},
        values=values or {"role": "judge"},
    )


@ROUTER.get("/communities/{community}/staff")
def staff_tab(request: Request, community: str, access: CommunityViewer, db: DbDep) -> Response:
    return _staff_page(request, access, db, community)


@ROUTER.post("/communities/{community}/staff")
def add_role(
    request: Request,
    community: str,
    access: CommunityOwner,
    db: DbDep,
    username: Annotated[str, Form(max_length=80)] = "",
    role: Annotated[str, Form(max_length=20)] = "judge",
) -> Response:
    values = {"username": username, "role": role}
    if not username.strip():
        errors = {"username": gettext("give the username of an account")}
        return _staff_page(request, access, db, community, status=422, errors=errors, values=values)
    try:
        grant(db, community, username, role, actor=access.actor)
    except FairpairError as error:
        field = "role" if str(error.location) == "role" else "username"
        return _staff_page(
            request, access, db, community, status=422, errors={field: error.reason}, values=values
        )
    return RedirectResponse(f"/communities/{community}/staff", status_code=303)


@ROUTER.post("/communities/{community}/staff/{username}/role")
def change_role(
    request: Request,
    community: str,
    username: str,
    access: CommunityOwner,
    db: DbDep,
    role: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    try:
        grant(db, community, username, role, actor=access.actor)
    except FairpairError as error:
        errors = {f"staff:{username}": error.reason}
        return _staff_page(request, access, db, community, status=422, errors=errors)
    return RedirectResponse(f"/communities/{community}/staff", status_code=303)


@ROUTER.post("/communities/{community}/staff/{username}/remove")
def remove(
    request: Request,
    community: str,
    username: str,
    access: CommunityOwner,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Take away a role: asked first (who, and what they can no longer do)."""
    held = next(((n, r) for u, n, r in staff_of(db, community) if u == username), None)
    if held is not None and confirmed != YES:
        name, role = held
        return ask_community(
            request,
            access,
            db,
            community,
            Confirm(
                question=gettext("Take away %(name)s's role (%(role)s) in the community?")
                % {"name": name, "role": gettext(role.label)},
                action=f"/communities/{community}/staff/{username}/remove",
                button=gettext("Remove %(username)s") % {"username": username},
                back=f"/communities/{community}/staff",
                details=(
                    gettext(
                        "%(username)s no longer reaches the community's events (a role they "
                        "hold in an event itself stays); their account stays."
                    )
                    % {"username": username},
                ),
            ),
            tab="staff",
            title=gettext("Remove %(username)s") % {"username": username},
        )
    try:
        revoke(db, community, username, actor=access.actor)
    except FairpairError as error:
        errors = {f"staff:{username}": error.reason}
        return _staff_page(request, access, db, community, status=422, errors=errors)
    return RedirectResponse(f"/communities/{community}/staff", status_code=303)
