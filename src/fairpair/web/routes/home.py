"""The front page (every event, for the public) and the console's list of events (the
account's own, with its role in each, and a form to create one) with the account's
communities beside them (and a form to make one: ``web.routes.console_community``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.engine.rulesets import get_ruleset
from fairpair.service.accounts.staff import roles_of
from fairpair.service.communities.communities import KINDS, communities_of
from fairpair.service.event.events import create_event, list_events
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access, DbDep, Organizer, Public, Signed
from fairpair.web.forms import refusal
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
RULESETS = ("default", "mtg", "pokemon", "riftbound", "fide", "teamup")


@ROUTER.get("/")
def front_page(request: Request, access: Public, db: DbDep) -> Response:
    return render(request, "public/front.html", events=list_events(db).events)


def events_console(
    request: Request,
    access: Access,
    db: Database,
    *,
    status: int = 200,
    values: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
) -> Response:
    """The console's list of events with its forms (new event, restore a backup)."""
    assert access.account is not None
    roles = roles_of(db, access.account)
    mine = [e for e in list_events(db).events if e.slug in roles]
    return render(
        request,
        "console/events.html",
        status=status,
        events=mine,
        roles=roles,
        rulesets=RULESETS,
        communities=communities_of(db, access.account.id),
        kinds=KINDS,
        values=values or {"ruleset": "default", "kind": "store"},
        errors=errors or {},
    )


@ROUTER.get("/console")
def console(request: Request, access: Signed, db: DbDep) -> Response:
    return events_console(request, access, db)


@ROUTER.post("/console/events")
def new_event(
    request: Request,
    access: Organizer,
    db: DbDep,
    name: Annotated[str, Form(max_length=200)] = "",
    slug: Annotated[str, Form(max_length=80)] = "",
    ruleset: Annotated[str, Form(max_length=40)] = "default",
) -> Response:
    assert access.account is not None
    values = {"name": name, "slug": slug, "ruleset": ruleset}
    try:
        made = create_event(
            db,
            name,
            actor=access.actor,
            slug=slug.strip() or None,
            ruleset=get_ruleset(ruleset),
            owner=access.account.id,
        )
    except FairpairError as error:
        return events_console(
            request,
            access,
            db,
            status=422,
            values=values,
            errors=refusal(error, ("name", "slug", "ruleset")),
        )
    return RedirectResponse(f"/console/{made}", status_code=303)
